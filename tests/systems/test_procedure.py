"""The executor (openbid.systems.procedure) on hands constructed BY HAND for every bid point.

Each hand was built from the section's conditions (the Algol of Appendix 1, the synopsis pp. 4-7)
and the comment says why it bids there and why no earlier section bids.  Reminders: HCP A4 K3 Q2
J1; TOTALPTS = HCP + XTRP - SUB (see tests/test_descriptors.py); PLAYTRICKS from Appendix 3;
BIDVAL from Appendix 5 (10 * level + strain, C1 D2 H3 S4 NT5; 1-5 strong 1C; 6-10 strong 2D).
Sections with a guard: 5, 6, 7, 8, 10, 11, 12.
"""

from __future__ import annotations

import pytest

from openbid.systems.descriptors import describe
from openbid.systems.evaluate import holds
from openbid.expr import parse
from openbid.bridge.hand import Hand
from openbid.systems.procedure import Outcome, bid, program_for
from openbid.systems.variants import DEFINES, VARIANTS, load_variant
from openbid.studies.paper.agreement import check_algol_sample

CODE = load_variant("code")
PROGRAM = program_for(CODE)

WORKED = [
    # (hand, BIDVAL, label, printed bid)
    # --- 1: TOTALPTS <= 6.  Kxxx? no: S Qxxx H Jxx D xxx C Kxx: HCP 2+1+3 = 6, 4333, no ace:
    # XTRP 1 - 1 - 1 = -1, TOTALPTS 5.
    ("S:Qxxx, H:Jxx, D:xxx, C:Kxx", 0, "1", "PASS"),
    # The paper p. 21: TOTALPTS 6 (worked in test_descriptors), passes at 1 although it meets
    # section 10 (see test_paper_hand_meets_section_10).
    ("S:QJ10xxx, H:Q, D:Jx, C:xxxx", 0, "1", "PASS"),
    # --- 2a: S AKQJxxx (PT 7) H AKQ (3) D A (1) C Ax (1): PLAYTRICKS 12, ACES 4:
    # BIDVAL (12-6)*10 + 5 = 65, 6NT.
    ("S:AKQJxxx, H:AKQ, D:A, C:Ax", 65, "2a", "6NT"),
    # --- 2b: S AKQJxxxx (PT 8) H AKQ (3) D Ax (1) C void: PLAYTRICKS 12, ACES 2, LONGEST 8 in
    # spades: (12-6)*10 + 4 = 64, 6S.
    ("S:AKQJxxxx, H:AKQ, D:Ax, C:---", 64, "2b", "6S"),
    # --- 3: S AKQx H AKx D AQx C KQx: HCP 9+7+6+5 = 27, 4333 (EVENDIST), tripletons >= 5 pts
    # (NOTRUMPTRY).  PT 3+2+1+0 = 6 < 12.  BIDVAL 10 (2D).
    ("S:AKQx, H:AKx, D:AQx, C:KQx", 10, "3", "2D"),
    # --- 4: S AKxx H KQx D AQx C KJx: HCP 22, 4333, NOTRUMPTRY (every suit >= 4 pts), PT 4.
    # BIDVAL 25 (2NT).
    ("S:AKxx, H:KQx, D:AQx, C:KJx", 25, "4", "2NT"),
    # --- 5a through TOTALPTS >= 26: S AKQJxxx (10) H AKx (7) D Kxx (3) C void: HCP 20.
    # DISTP 3; XTRP 1 + 5 = 6; TOTALPTS 26.  PT 7+2+0 = 9 (< 12).  HCP < 22: not 3, 4.
    # Section 5: TOTALPTS >= 26 and PT >= 9; spades longest (7 >= 5): BIDVAL 5+4 = 9 (2D).
    ("S:AKQJxxx, H:AKx, D:Kxx, C:---", 9, "5a", "2D"),
    # --- 5a through HCP: S AKQxxx (9) H AK (7) D A (4) C KQxx (5): HCP 25, DISTP 3 (not
    # EVENDIST: not 3, 4).  PT 5+2+1+1 = 9.  Spades longest (6): BIDVAL 9.
    ("S:AKQxxx, H:AK, D:A, C:KQxx", 9, "5a", "2D"),
    # --- 5b: S AKxx (7) H AKQJ (10) D AKQ (9) C xx: HCP 26, 4432.  C xx: not NOTRUMPTRY (not
    # 3, 4).  PT 2+4+3+0 = 9.  No 5-card suit; SP(1) = 10 = hearts, four cards; spades (SP 7)
    # come first in the loop but fail: BIDVAL 5+3 = 8 (2D, strength in hearts).
    ("S:AKxx, H:AKQJ, D:AKQ, C:xx", 8, "5b", "2D"),
    # --- 6a: S AKQxxxxx (PT 8) H Ax (1) D xx C x: PT 9, HCP 13, LONGEST 8.  TOTALPTS
    # 13 + (1+7) = 21 < 26: not 5.  Spades, a major: BIDVAL 40+4 = 44 (4S).
    ("S:AKQxxxxx, H:Ax, D:xx, C:x", 44, "6a", "4S"),
    # --- 6b: D AKQxxxxxx (PT 9) S A (1): PT 10, HCP 13.  TOTALPTS 13 + (1+9) + 1 (singleton
    # A) = 24 < 26.  LONGEST 9 in diamonds, a minor, PT >= 10: BIDVAL 50+2 = 52 (5D).
    ("S:A, H:xx, D:AKQxxxxxx, C:x", 52, "6b", "5D"),
    # --- 7: 4333 four aces: HCP 16, EVENDIST, STOP 4, TOTALPTS 17 (< 19): 1NT, BIDVAL 15.
    ("S:Axxx, H:Axx, D:Axx, C:Axx", 15, "7", "1NT"),
    # --- 8a (major): S AKxxx (7) H KQx (5) D KJx (4) C Ax (4): HCP 20 (> 18: not 7), DISTP 1,
    # SOLID (every short suit >= 4 pts).  TOTALPTS 22 < 26.  8a: CANBEREBID(S) (5 cards, 7 pts,
    # A K): BIDVAL 4 (1C, strength in spades).
    ("S:AKxxx, H:KQx, D:KJx, C:Ax", 4, "8a", "1C"),
    # --- 8a (no-trump): S AKxx H KQx D KJxx C Ax: HCP 20, SOLID, no major of 5: BIDVAL 5.
    ("S:AKxx, H:KQx, D:KJxx, C:Ax", 5, "8a", "1C"),
    # --- 8b: S Ax H KQ D KQJxxx C Axx: HCP 19, DISTP 2 (not EVENDIST: not 7, not 8a).
    # TOTALPTS 22.  Diamonds longest with 6: BIDVAL 2 (1C, strength in diamonds).
    ("S:Ax, H:KQ, D:KQJxxx, C:Axx", 2, "8b", "1C"),
    # --- 8c: S xxxx H AKQ (9) D KQx (5) C AKx (7): HCP 21 (> 18: not 7), 4333.  Not SOLID
    # (S no points): not 8a.  NOTRUMPTRY (tripletons >= 5 pts; 4-card suits are not checked),
    # HCP >= 18: BIDVAL 5.
    ("S:xxxx, H:AKQ, D:KQx, C:AKx", 5, "8c", "1C"),
    # --- 8d (SP(1)): S KQJx (6) H AKxx (7) D Axx (4) C xx: HCP 17, STOP 3 (C xx): not 7.
    # HCP 17 < 18: not 8a, 8c.  SP(1) = 7 = hearts (4 cards): BIDVAL 3.
    ("S:KQJx, H:AKxx, D:Axx, C:xx", 3, "8d", "1C"),
    # --- 8d (SP(2)): S KQJx (6) H AKQ (9) D Axxx (4) C xx: HCP 19.  Not SOLID, not NOTRUMPTRY
    # (C xx).  SP 9,6,4,0: SP(1) is the 3-card hearts; second loop: spades have SP(2) = 6:
    # BIDVAL 4.
    ("S:KQJx, H:AKQ, D:Axxx, C:xx", 4, "8d", "1C"),
    # --- 8e: S Qxx H xxxx D AKQ C AKJ: HCP 19 (> 18: not 7), 4333, STOP 4.  Not SOLID (H 0),
    # not NOTRUMPTRY (S Qxx: 2 pts).  The 4-card suit has SP 0, SP(1) = 9, SP(2) = 8: no 8d.
    # 8e: HCP >= 18, EVENDIST, STOP 4: BIDVAL 5.
    ("S:Qxx, H:xxxx, D:AKQ, C:AKJ", 5, "8e", "1C"),
    # --- 9: C AKQJxx (10 pts, 4 honours) S xxx H xx D xx: HCP 10 <= 14.  TOTALPTS 10 + 4 = 14:
    # not 8.  BIDVAL 31 (3C).
    ("S:xxx, H:xx, D:xx, C:AKQJxx", 31, "9", "3C"),
    # --- 10: H KQTxxx (3 honours >= 9 - 6) S Axx D xx C xx: HCP 9, DISTP 2, XTRP 1 + 3 = 4,
    # TOTALPTS 13 <= 7 + 6.  Spades: 1 honour < 6.  Hearts: LONGEST 6 < 8: BIDVAL 23 (2H).
    ("S:Axx, H:KQ10xxx, D:xx, C:xx", 23, "10", "2H"),
    # --- 11a, HCP < 10: D KQxxxxx (5) S Axx H xx C x: HCP 9.  XTRP 1 + 5 = 6, TOTALPTS 15 >
    # 7 + 7: no section 10.  Section 11: D longest, SP 5 >= 18 - 14, OUTSIDEACE (S): 3D (32).
    ("S:Axx, H:xx, D:KQxxxxx, C:x", 32, "11a", "3D"),
    # --- 11a, Note 1, replaced: D KQxxxxx S Axx H Jx C x: HCP 10, SUB 1 (Jx), TOTALPTS
    # 10 + 6 - 1 = 15 > 14: no 10.  11a fires (3D) but HCP = 10: resume at 13 (12 skipped).
    # 13a: TOTALPTS 15 >= 13, LONGEST 7, HCP 10; D longest, SP 5 >= 14 - 14: 1D (12) replaces.
    ("S:Axx, H:Jx, D:KQxxxxx, C:x", 12, "13a", "1D"),
    # --- 11a, Note 1, stands: S K H QJ D Qxxxxxxx C Qx: HCP 3+3+2+2 = 10, no ace.
    # SUB 2 (K) + 2 (QJ) + 1 (Qx) = 5; XTRP 1 - 1 + 7 = 7; TOTALPTS 12.  PT 4 (not 6).
    # Section 10 entered (TOTALPTS 12 <= 15) but no major qualifies.  11a: D 8 cards, SP 2 >=
    # 18 - 16, LONGEST >= 8: 3D, HCP 10: resume at 13.  13a needs TOTALPTS >= 13, 13b >= 14,
    # 13c a 6-card major, 13d HCP >= 14: nothing, so 3D (32) at 11a stands.
    ("S:K, H:QJ, D:Qxxxxxxx, C:Qx", 32, "11a", "3D"),
    # --- 11b: C KQJ10xxxx (PT 7, SP 6, 4 honours) S Axx (PT 1) H x D x: HCP 10, PT 8.
    # Not 9 (SP 6 < 9); TOTALPTS 10 + 8 = 18 > 15: not 10; PT 8 < 9: not 6.  Section 11: no
    # S/H/D of 8; clubs >= 8 and PT >= 8: 4C (41).  (HCP 10, but only 11a is tentative.)
    ("S:Axx, H:x, D:x, C:KQJ10xxxx", 41, "11b", "4C"),
    # --- 12a: S AQxxx H Kxx D Qxx C xx: HCP 11, TOTALPTS 11 + 2 = 13.  Guard: HCP >= 11 and
    # TOTALPTS >= 13.  Spades longest (5), SP 6 >= 6 - 5, TOTALPTS >= 12: 1S (14).
    ("S:AQxxx, H:Kxx, D:Qxx, C:xx", 14, "12a", "1S"),
    # --- 12b: S AKxx H xxx D Q C Kxxxx: HCP 12, 5431 (FOUR441), SUB 2, TOTALPTS 12.  Guard:
    # HCP >= 11 and FOUR441.  Clubs longest (5): spades SP 7 >= 25 - 20, LONGEST 5, SP(C) 3 <= 6:
    # 1S (14).
    ("S:AKxx, H:xxx, D:Q, C:Kxxxx", 14, "12b", "1S"),
    # --- 12c: S xxx H KQx D xx C AQJxx: HCP 12, DISTP 1, TOTALPTS 14: guard (HCP >= 12 and
    # DISTP != 0).  Clubs longest: majors are 3 cards (need >= 10 pts).  CANBEREBID(C) (5 cards,
    # 7 pts, 3 honours): 2C (21).
    ("S:xxx, H:KQx, D:xx, C:AQJxx", 21, "12c", "2C"),
    # --- 12d: S KQx H xx D AJxx C KQxx: HCP 15, 4432, STOP 3 (H xx): not 7.  TOTALPTS 16.
    # Clubs longest (4, tied): 12b, 12c need LONGEST 5.  SKIP: D SP 5 >= 31 - 28.
    # 12d: D 5 >= 34 - 32 and SL(H) 2 <= 2: 1D (12).
    ("S:KQx, H:xx, D:AJxx, C:KQxx", 12, "12d", "1D"),
    # --- 12e: S Kxx H AQxx D xxx C Axx: HCP 13, 4333, TOTALPTS 13.  LONGEST 4: SKIP block.
    # 12d: D 3 cards needs 10 pts.  12e: H 6 >= 34 - 32, SL(S) 3 <= 3, HCP 13 > 12: 1H (13).
    ("S:Kxx, H:AQxx, D:xxx, C:Axx", 13, "12e", "1H"),
    # --- 12f (spades): S AJxx H KQx D xxx C Kxx: HCP 13, 4333.  12d: D no; 12e: H 3 cards.
    # 12f: S 5 >= 34 - 32, HCP 13: 1S (14).
    ("S:AJxx, H:KQx, D:xxx, C:Kxx", 14, "12f", "1S"),
    # --- 12f (diamonds): S xxx H xxxx D AKxx C AQ: HCP 13, SUB 1 (AQ), TOTALPTS 13.
    # 12d: SL(H) 4 > 2 and > 3.  12e: H 0 < 2.  12f: S 3 cards needs 10; D 7 >= 2: 1D (12).
    ("S:xxx, H:xxxx, D:AKxx, C:AQ", 12, "12f", "1D"),
    # --- 12g: S AKxx H xxxxx D KQx C x: HCP 12, 5431 (FOUR441), TOTALPTS 14.  12a: hearts
    # longest but SP 0 < 1.  12g: hearts 5 cards SP 0; spades 4 cards SP 7 >= 4: 1S (14).
    ("S:AKxx, H:xxxxx, D:KQx, C:x", 14, "12g", "1S"),
    # --- 12h: S AKx H AQx D xxxxx C xx: HCP 13, TOTALPTS 15, STOP 3.  12a: D SP 0.  12g:
    # diamonds 5 cards SP 0, no 4-card suit; HCP >= 13: 1D (10 + 2 = 12) on five small.
    ("S:AKx, H:AQx, D:xxxxx, C:xx", 12, "12h", "1D"),
    # --- 12i: S xxxx H AKx D Kxx C Kxx: HCP 13, 4333, TOTALPTS 13.  SKIP (LONGEST 4): D, H are
    # 3 cards (need 10), S SP 0.  12i: HCP 13, EVENDIST, SL(D) 3: 1D (12).
    ("S:xxxx, H:AKx, D:Kxx, C:Kxx", 12, "12i", "1D"),
    # --- 12j: S AKx H AQx D xx C QJ10xx: HCP 16, STOP 3 (D xx), TOTALPTS 18 (not 8).
    # Clubs longest: majors 3 cards; CANBEREBID(C) no (3 pts); no SKIP; 12i: SL(D) 2.
    # 12j: SL(C) 5, HCP 16, SP(C) 3 >= 5 - 3 honours: 2C (21).
    ("S:AKx, H:AQx, D:xx, C:QJ10xx", 21, "12j", "2C"),
    # --- 13a: S Axx H KJxxxx D Qx C xx: HCP 10, SUB 1, XTRP 1 + 3 = 4, TOTALPTS 13.  Section
    # 10 entered (13 <= 13) but H has 2 honours < 3.  LONGEST 6: not 11.  Section 12: HCP 10, no
    # void: not entered.  13a: H longest, SP 4 >= 14 - 12: 1H (13).
    ("S:Axx, H:KJxxxx, D:Qx, C:xx", 13, "13a", "1H"),
    # --- 13b: S AKQxx H J D x C xxxxxx: HCP 10, SUB 1 (singleton J), XTRP 1 + 3 + 1 = 5,
    # TOTALPTS 14 > 13: not 10.  Section 12: HCP 10 and no void.  13a: the 6-card suit is clubs.
    # 13b: TOTALPTS 14, HCP 10, CANBEREBID(S) (5 cards, 9 pts, 3 honours): 1S (14).
    ("S:AKQxx, H:J, D:x, C:xxxxxx", 14, "13b", "1S"),
    # --- 13c, via Note 2: S Jxxxxxxx H Kx D Kx C x: HCP 7, no ace, XTRP 1 - 1 + 7 = 7,
    # TOTALPTS 14.  PT 0 (not 6).  Section 10: spades 1 honour >= 9 - 8, but LONGEST 8: goto 11.
    # Section 11: spades SP 1 < 18 - 16; no 11b: else goto 13 (12 skipped).  13a, 13b need
    # HCP >= 10.  13c: spades: 2S (24).
    ("S:Jxxxxxxx, H:Kx, D:Kx, C:x", 24, "13c", "2S"),
    # --- 13d: S Jxxx H xxxx D AK C AQx: HCP 14, DISTP 1, TOTALPTS 15.  Section 12 entered;
    # SKIP block: D 2 cards, H SP 0, S SP 1 < 2; 12i: SL(D) 2.  13b: no 5-card major.
    # 13d: HCP >= 14, spades 4 cards with SP 1: 1S (14).
    ("S:Jxxx, H:xxxx, D:AK, C:AQx", 14, "13d", "1S"),
    # --- 14: S Axxx H Kxx D Qx C xxxx: HCP 9, DISTP 1, SUB 1 (Qx), TOTALPTS 9.  LONGEST 4,
    # HCP < 10: nothing in 10-13.  PASS by falling through.
    ("S:Axxx, H:Kxx, D:Qx, C:xxxx", 0, "14", "PASS"),
]


@pytest.mark.parametrize("hand,bidval,label,text", WORKED, ids=[f"{w[2]}:{w[0]}" for w in WORKED])
def test_worked_hand_bids_there(hand: str, bidval: int, label: str, text: str) -> None:
    h = Hand.parse(hand)
    out = PROGRAM.bid_hand(h)
    assert (out.bidval, out.section, out.bid) == (bidval, label, text)
    assert bid(hand) == out  # the convenience function, from text
    assert PROGRAM.trace(describe(h))[0] == out  # the traced run agrees


def test_every_reachable_label_is_worked() -> None:
    assert {w[2] for w in WORKED} == set(CODE.labels)


def test_paper_hand_meets_section_10() -> None:
    # p. 21: "S:QJ10xxx, H:Q, D:Jx, C:xxxx has TOTALPTS = 6 and so it will pass by section 1
    # even though it meets the conditions of section 10."
    h = Hand.parse("S:QJ10xxx, H:Q, D:Jx, C:xxxx")
    assert holds(parse('meets("10") and TOTALPTS = 6 and section = "1"'), h, CODE)


# ---- traces: the sections tried, derived from the comments above -----------------------------
def _steps(hand: str):
    out, steps = PROGRAM.trace(describe(Hand.parse(hand)))
    return out, [(s.section, s.entered, s.result) for s in steps]


def test_trace_note_1_replacement() -> None:
    out, steps = _steps("S:Axx, H:Jx, D:KQxxxxx, C:x")
    assert out == Outcome(12, "13a")
    # guards: 5 (HCP 10, TOTALPTS 15) no; 6 (LONGEST 7) no; 7, 8 no; 10 (TOTALPTS 15 > 14) no;
    # 11 entered: tentative 11a, resume at 13; section 12 is never tried.
    assert steps == [
        (1, True, "next"), (2, True, "next"), (3, True, "next"), (4, True, "next"),
        (5, False, "next"), (6, False, "next"), (7, False, "next"), (8, False, "next"),
        (9, True, "next"), (10, False, "next"), (11, True, "tentative 11a, resume at 13"),
        (13, True, "bid 13a")]


def test_trace_note_1_stands() -> None:
    out, steps = _steps("S:K, H:QJ, D:Qxxxxxxx, C:Qx")
    assert out == Outcome(32, "11a")
    # 5 (TOTALPTS 12) no; 6: LONGEST 8 but PT 4 < 9: no; 7, 8 no; 10 entered (TOTALPTS
    # 12 <= 15), no major qualifies: next; 11: tentative; 12 skipped; 13 finds nothing.
    assert steps == [
        (1, True, "next"), (2, True, "next"), (3, True, "next"), (4, True, "next"),
        (5, False, "next"), (6, False, "next"), (7, False, "next"), (8, False, "next"),
        (9, True, "next"), (10, True, "next"), (11, True, "tentative 11a, resume at 13"),
        (13, True, "next")]


def test_trace_note_2_skips_section_12() -> None:
    out, steps = _steps("S:Jxxxxxxx, H:Kx, D:Kx, C:x")
    assert out == Outcome(24, "13c")
    # 10: entered, the spade goto 11 is the next section anyway; 11: entered, no bid: goto 13.
    assert steps[-3:] == [(10, True, "next"), (11, True, "goto 13"), (13, True, "bid 13c")]
    assert 12 not in [s[0] for s in steps]


def test_trace_stops_at_the_first_bid() -> None:
    out, steps = _steps("S:Axxx, H:Axx, D:Axx, C:Axx")  # 1NT at 7
    assert out == Outcome(15, "7")
    assert steps == [(1, True, "next"), (2, True, "next"), (3, True, "next"), (4, True, "next"),
                     (5, False, "next"), (6, False, "next"), (7, True, "bid 7")]


def test_trace_of_a_pass_at_1() -> None:
    out, steps = _steps("S:Qxxx, H:Jxx, D:xxx, C:Kxx")
    assert out == Outcome(0, "1") and steps == [(1, True, "bid 1")]


def test_trace_of_a_pass_at_14_tries_every_section() -> None:
    out, steps = _steps("S:Axxx, H:Kxx, D:Qx, C:xxxx")
    assert out == Outcome(0, "14")
    assert [s[0] for s in steps] == list(range(1, 14))
    # guards of 5, 6, 7, 8, 10, 11, 12 fail (HCP 9, LONGEST 4)
    assert [s[0] for s in steps if not s[1]] == [5, 6, 7, 8, 10, 11, 12]


def test_outcome_text() -> None:
    assert str(Outcome(14, "12a")) == "1S@12a"
    assert Outcome(3, "8d").bid == "1C" and Outcome(8, "5b").bid == "2D"


# ---- agreement with the literal Algol on a seeded sample ------------------------------------
# The code variant on 20,000 classes, the others on 5,000 each (about 1.5 s per 20,000).
# Not the synopsis (read literally, it is not the Algol), nor a variant with definitions of its
# own (bumwrap counts HCP in Bumwrap points: no Algol program computes that), nor a rule file
# that is not OPENBID (the K&R opening bids).
SAMPLE = {v: 20_000 if v == "code" else 5_000 for v in VARIANTS
          if v != "synopsis" and v not in DEFINES and VARIANTS[v][0] == "code.rules"}


@pytest.mark.parametrize("variant", list(SAMPLE))
def test_algol_agrees_on_a_sample(variant: str) -> None:
    result = check_algol_sample(load_variant(variant), SAMPLE[variant], seed=1967)
    assert result.classes == SAMPLE[variant]
    assert result.mismatch_count == 0, result.mismatches[:5]


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(SAMPLE))
def test_algol_agrees_on_a_larger_sample(variant: str) -> None:
    result = check_algol_sample(load_variant(variant), 20_000, seed=4)
    assert result.classes == 20_000 and result.mismatch_count == 0, result.mismatches[:5]


def test_the_algol_check_can_fail() -> None:
    # The synopsis is read literally where it differs from the code: the sample must see it.
    result = check_algol_sample(load_variant("synopsis"), 2_000, seed=1967)
    assert result.mismatch_count > 0


def test_a_program_compiles_each_form_when_first_run_and_both_bid_alike() -> None:
    """A replay traces a node's table and checks a guard on the same hand: the plain form is
    not compiled for it (``outcome`` takes the traced form's), and once both are, they bid
    every hand alike."""
    from openbid.checks.table import hand_of
    from openbid.sim.deals import deals
    from openbid.systems.procedure import Program

    program = Program(load_variant("code"))
    assert not {"_sections", "_traced", "source", "traced_source"} & set(vars(program))
    hands = [hand_of(m) for m in deals(3, 0, 300)[:, 0]]
    traced = [program.trace(program.describe(h))[0] for h in hands]
    assert [program.outcome(program.describe(h)) for h in hands] == traced
    assert "_sections" not in vars(program)
    assert [program.run(program.describe(h)) for h in hands] == traced
    assert [program.outcome(program.describe(h)) for h in hands] == traced
    assert len({o.section for o in traced}) > 3  # (the hands reach several bid points)
