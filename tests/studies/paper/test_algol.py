"""Tests of openbid.studies.paper.algol, the literal transcription of the Appendix 1 Algol.

The hands below were worked BY HAND from the Algol and Appendix 2 before running the code; the
arithmetic is in the comments.  Reminders:

  HCP      A4 K3 Q2 J1.
  DISTP    over the three shortest suits (SL sorted, positions 2..4): 3 - SL for SL < 3.
  XTRP     1 (the hand) - 1 if DISTP = 0 (4333) - 1 if no ace + 1 if four aces
           + 2*(SL-5)+1 for each of the two longest suits with SL >= 5.
  SUB      -1 per singleton A, +2 per singleton K, +(3-SL) per Q in a suit with SL < 3,
           +1 per J in a suit with SL < 3.
  TOTALPTS HCP + XTRP - SUB.
  PT       Appendix 3 (reading "table", the default).
Hands are written S / H / D / C.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openbid.studies.paper import algol
from openbid.studies.paper.algol import (
    SECTIONS,
    AlgolHandError,
    AlgolReadings,
    AlgolResult,
    BIDVAL_TEXT,
    PLAYINGTRICKS,
    algol_openbid,
    cards_from_suits,
)
from openbid.hands.playtricks import APPENDIX3, procedure_value, table_value


def bid(s: str, h: str, d: str, c: str, **readings: str) -> AlgolResult:
    return algol_openbid(cards_from_suits(s, h, d, c), AlgolReadings(**readings))


# ---------------------------------------------------------------------------------------------
# Worked hands, section by section: (S, H, D, C, BIDVAL, section) + the working.
# ---------------------------------------------------------------------------------------------
WORKED = [
    # p. 21: S QJT987 H Q D J2 C 5432.  HCP 3+2+1+0 = 6.  SL 6,4,2,1: DISTP (3-2)+(3-1) = 3.
    # XTRP 1 -1 (no ace) +3 (6 cards: 2*1+1) = 3.  SUB: singleton Q 2 + J2 1 = 3.
    # TOTALPTS 6+3-3 = 6 < 7: NOBID.
    ("QJT987", "Q", "J2", "5432", 0, "1"),
    # Four aces.  S AKQJT987 (PT 8) H AKQ (3) D A (1) C A (1): PLAYTRICKS 13, ACES 4:
    # BIDVAL (13-6)*10+5 = 75 = 7NT.
    ("AKQJT987", "AKQ", "A", "A", 75, "2a"),
    # S AKQJT98 (PT 7) H AKQ2 (AKQ at length 4: 3) D A C A: PLAYTRICKS 12 -> 65 = 6NT.
    ("AKQJT98", "AKQ2", "A", "A", 65, "2a"),
    # S AKQJT9876 (PT 9) H AKQ (3) D A (1) C void: PLAYTRICKS 13, ACES 3, LONGEST 9 (S):
    # BIDVAL (13-6)*10+4 = 74 = 7S.
    ("AKQJT9876", "AKQ", "A", "", 74, "2b"),
    # 4333, HCP 9+9+7+5 = 30, DISTP 0 (EVENDIST).  PT 3+3+2+0 (KQ at 3: the 0* cell) = 8 < 12.
    # NOTRUMPTRY: every 3-card suit has SP > 2.  HCP >= 25: BIDVAL 10 (2D).
    ("AKQ2", "AKQ", "AK2", "KQ2", 10, "3"),
    # 4333, HCP 6+7+5+4 = 22, DISTP 0; 3-card suits SP 7, 5, 4 > 2: NOTRUMPTRY.  PT 1+2+0+1 = 4.
    # 22 <= HCP <= 24: BIDVAL 25 (2NT).
    ("AQ32", "AK2", "KQ2", "KJ2", 25, "4"),
    # HCP 10+9+4 = 23, 5332 DISTP 1; NOTRUMPTRY fails on C 32 (SP 0, SL 2).  PT 5+3+1+0 = 9.
    # Section 5: HCP >= 23, PT >= 9; S is the longest suit with 5 cards: BIDVAL 5+4 = 9 (2D).
    ("AKQJ2", "AKQ", "A32", "32", 9, "5a"),
    # HCP 10+10+7 = 27, 4432.  PT 4+4+2+0 = 10.  C 32 kills NOTRUMPTRY (sections 3, 4).
    # Section 5: no 5-card suit; SP sorted 10,10,7,0: S has 4 cards and SP 10 = SP[1]: 5+4 = 9.
    ("AKQJ", "AKQJ", "AK2", "32", 9, "5b"),
    # S AKQ98765 (PT 8) H A2 (1): PT 9.  HCP 9+4 = 13.  SL 8,2,2,1: DISTP 1+1+2 = 4;
    # XTRP 1+7 = 8; TOTALPTS 21.  Section 6: LONGEST 8, PT 9, HCP <= 15, S major: 40+4 = 44.
    ("AKQ98765", "A2", "2", "32", 44, "6a"),
    # C AKQ987654 (PT 9) H A2 (1): PT 10, HCP 13; LONGEST 9 in clubs, minor, PT >= 10: 51 = 5C.
    ("2", "A2", "2", "AKQ987654", 51, "6b"),
    # 4333, HCP 7+3+2+4 = 16, DISTP 0, STOP 4, TOTALPTS 16+0 = 16.  Section 7: the J4 test
    # ((HCP>=17 and TOT>=19) or a 5-card major) fails: BIDVAL 15 (1NT).
    ("AK32", "K32", "Q32", "A32", 15, "7"),
    # 4432, HCP 9+2+3+4 = 18, DISTP 1, XTRP 1, SUB 0: TOTALPTS 19.  STOP 4 (C A2 safe).
    # Section 7: HCP >= 17 and TOT >= 19, and not SOLID (H Q432: SP 2 <= 2, SL 4): GO TO J4.
    # 8a needs SOLID; 8b no 5-card suit; 8c HCP >= 18 and NOTRUMPTRY (C A2 SP 4 > 3,
    # D K32 SP 3 > 2): BIDVAL 5 (1C).
    ("AKQ2", "Q432", "K32", "A2", 5, "8c"),
    # 5332, HCP 9+3+3+4 = 19, DISTP 1, XTRP 1+1 = 2, TOTALPTS 21.  HCP 19 > 18: no 1NT.
    # 8a: 18 <= 19 <= 21, EVENDIST, SOLID (every suit of <= 4 cards has SP >= 3, no K or QJ
    # alone); MAJORS: S CANBEREBID (5 cards, SP 9, 3 honours): BIDVAL 4.
    ("AKQ32", "K32", "K2", "KJ2", 4, "8a"),
    # 4432, HCP 5+7+3+6 = 21, DISTP 1, SUB 1 (C AQ: Q doubleton), TOTALPTS 21+1-1 = 21.
    # 8a: SOLID; no major can be rebid (both 4 cards): BIDVAL 5.
    ("KQ32", "AK32", "K32", "AQ", 5, "8a"),
    # 5332, HCP 8+6+3 = 17, C 32 unsafe: STOP 3, no 1NT.  8b: S has 5 cards: BIDVAL 4.
    ("AKJ32", "AQ2", "K32", "32", 4, "8b"),
    # 4432, HCP 9+4+4 = 17, STOP 3.  SP sorted 9,4,4,0: S (4 cards) has SP 9 = SP[1]: 8d, 4.
    ("AKQ2", "A432", "KJ2", "32", 4, "8d"),
    # 4342, HCP 0+9+6+2 = 17, STOP 3 (C Q2).  SP sorted 9,6,2,0: SP[1] = 9 is the 3-card H;
    # second loop: D (4 cards) has SP 6 = SP[2]: BIDVAL 2.
    ("5432", "AKQ", "AQ32", "Q2", 2, "8d"),
    # 4333, HCP 9+8+2 = 19, DISTP 0, TOTALPTS 19.  Not SOLID (S SP 0), NOTRUMPTRY fails
    # (C Q32: SP 2, SL 3), SP sorted 9,8,2,0 and the only 4-card suit has SP 0.  8e: BIDVAL 5.
    ("5432", "AKQ", "AKJ", "Q32", 5, "8e"),
    # C AKQT32: 6 cards, SP 9, HONORCOUNT 4 (A K Q T); HCP 9 <= 14.  TOTALPTS 9+4 = 13: 31 = 3C.
    ("432", "432", "2", "AKQT32", 31, "9"),
    # S KQJ932: HCP 6, 6 cards with 3 honours >= 9-6.  TOTALPTS 6 + (1-1+3) - 0 = 9 <= 7+6:
    # BIDVAL 20+4 = 24 (2S).
    ("KQJ932", "432", "432", "2", 24, "10"),
    # S KQJ98765: HCP 6; DISTP 1+3 = 4; XTRP 1-1+7 = 7; TOTALPTS 13 <= 15.  Section 10 finds S
    # but LONGEST 8: GO TO PREEMPT; section 11: S is longest, SP 6 >= 18-16, LONGEST >= 8:
    # WEAK3, BIDVAL 34 (3S); HCP 6 < 10: TEXT.
    ("KQJ98765", "432", "32", "", 34, "11a"),
    # D Q9876543 (SP 2), S K, H Q2, C QJ: HCP 2+3+2+3 = 10, no ace.  XTRP 1-1+7 = 7;
    # SUB 2 (K) + 1 (Q2) + 2 (QJ) = 5; TOTALPTS 10+7-5 = 12.  Section 10: no major qualifies.
    # Section 11: D longest, SP 2 >= 18-16, LONGEST 8: WEAK3, BIDVAL 32 (3D), HCP 10: LASTCHANCE.
    # 13a/13b need TOTALPTS >= 13/14, 13c no major of 6+, 13d HCP < 14: BIDVAL stays 32.
    ("K", "Q2", "Q9876543", "QJ", 32, "11a"),
    # Same idea, D QJ987654 (SP 3), S K, H Q, C Q32: HCP 10, SUB 2+2 = 4, TOTALPTS 10+7-4 = 13.
    # WEAK3 (32), HCP 10: LASTCHANCE; 13a: TOT 13, LONGEST 8, HCP 10, D SP 3 >= 14-16:
    # OPENER, BIDVAL 12 (1D) replaces 32.
    ("K", "Q", "QJ987654", "Q32", 12, "13a"),
    # C AKQ98765 (PT 8, SP 9 but only 3 honours: no 3C), HCP 9.  TOTALPTS 9+8 = 17 > 7+8:
    # no section 10.  Section 11: no S/H/D of 8; C >= 8 and PT 8 >= 8: 41 (4C).
    ("432", "2", "2", "AKQ98765", 41, "11b"),
    # 5332, HCP 8+3 = 11, TOTALPTS 11+2 = 13.  12a: S longest (5), SP 8 >= 6-5, TOT >= 12: 14.
    ("AKJ32", "K32", "432", "32", 14, "12a"),
    # 5431 (FOUR441), HCP 3+6+2 = 11, TOTALPTS 11+2 = 13.  C longest (5); MAJORS: S 3 >= 25-15
    # fails, H 6 >= 25-20, LONGEST 5, SP(C) 2 <= 6: OPENER, BIDVAL 13.
    ("K32", "AQ32", "2", "Q5432", 13, "12b"),
    # HCP 3+8 = 11, TOTALPTS 13.  C AKJ32 longest, CANBEREBID (5 cards, SP 8, 3 honours): 21.
    ("432", "432", "K2", "AKJ32", 21, "12c"),
    # 4 3/2/4/4: HCP 3+6+3 = 12, DISTP 1, TOTALPTS 13.  C longest (4 = LONGEST): 12b, 12c fail;
    # SHD SLIDEPOINTS(L,31,7): D 6 >= 31-28: GO TO SKIP; D 6 >= 34-32 and SL(H) 2 <= 2: 12.
    ("432", "K3", "AQ32", "K432", 12, "12d"),
    # 4333 (H 4), HCP 6+3+4 = 13, TOTALPTS 13.  LONGEST 4: SKIP block.  D 3 >= 34-24 fails;
    # H 6 >= 34-32, SL(S) 3 <= 3, not (HCP <= 12 ...): BIDVAL 13.
    ("432", "AQ32", "K32", "KJ2", 13, "12e"),
    # 4333 (S 4), HCP 13.  SKIP: D 0, H 3 fail; FOR L<-4,2: S 6 >= 2, HCP 13: OPENER, 14.
    ("AQ32", "K32", "432", "KJ2", 14, "12f"),
    # 5431, HCP 8+3 = 11, TOTALPTS 11+2 = 13.  12a: S 65432 has SP 0 < 6-5.  12g: S is the
    # 5-card suit with SP 0; K loop: H has 4 cards and SP 8 >= 4: BIDVAL 10+3 = 13.
    ("65432", "AKJ2", "K32", "2", 13, "12g"),
    # 5332, HCP 7+6 = 13, TOTALPTS 15.  12g: S 65432 (SP 0), no 4-card suit; HCP >= 13: OPENER
    # with L = 4: BIDVAL 14 (1S on five small).
    ("65432", "AK2", "AQ2", "32", 14, "12h"),
    # 4333 (C 4), HCP 3+3+3+5 = 14, TOTALPTS 14.  C longest (4): no SKIP (3-card suits need
    # SP >= 10); LONGEST 4: SKIP block, nothing (3-card suits need SP >= 10); no 5-card suit.
    # 12i: HCP >= 13, EVENDIST, SL(D) 3: BIDVAL 12.
    ("K32", "K32", "K32", "AJ32", 12, "12i"),
    # 3325, HCP 7+6+3 = 16, DISTP 1, TOTALPTS 18; STOP 3 (D 32): no 1NT; no section 8.
    # C QJ432 longest: MAJORS 3-card need SP >= 10; CANBEREBID(C) fails (SP 3 < 4); no SKIP.
    # 12i fails (SL(D) 2); 12j: SL(C) 5, HCP 16, SP(C) 3 >= 5 - 2 honours: 21.
    ("AK3", "AQ2", "32", "QJ432", 21, "12j"),
    # D AJ5432, HCP 5+3+2 = 10, DISTP 2, XTRP 1+3 = 4, SUB 1 (C Q2): TOTALPTS 13.
    # Section 10: no major; section 12: HCP 10, no void: not entered.  13a: D 5 >= 14-12: 12.
    ("K32", "32", "AJ5432", "Q2", 12, "13a"),
    # 5116, HCP 4+6 = 10, XTRP 1+3+1 = 5, TOTALPTS 15 > 7+6: no section 10; no section 12
    # (HCP 10, no void).  13a: the 6-card suit is clubs.  13b: S CANBEREBID (5, SP 4, K J): 14.
    ("KJ432", "2", "2", "AQ5432", 14, "13b"),
    # 6511, HCP 5+4 = 9, XTRP 1+3+1 = 5, TOTALPTS 14 > 13: no section 10; HCP < 10: no 12,
    # no 13a/13b.  13c: S KQT432 has 3 honours >= 9-6: BIDVAL 24.
    ("KQT432", "A5432", "2", "2", 24, "13c"),
    # 4423, HCP 1+4+9 = 14, DISTP 1, TOTALPTS 15.  Section 12: SKIP block finds nothing (S SP 1
    # < 2, H SP 0, D 2 cards), 12i fails (SL(D) 2).  13d: S J432 has 4 cards, SP 1: 14.
    ("J432", "5432", "A2", "AKQ", 14, "13d"),
    # 4333, HCP 3+2+1+2 = 8, no ace, DISTP 0: XTRP 1-1-1 = -1, TOTALPTS 7 (4333 minus one).
    # Nothing bids: falls through to TEXT with BIDVAL 0.
    ("K432", "Q32", "J32", "Q32", 0, "14"),
]


@pytest.mark.parametrize(
    "s,h,d,c,bidval,section", WORKED, ids=[w[5] + ":" + w[0] for w in WORKED]
)
def test_worked_hands(s, h, d, c, bidval, section):
    result = bid(s, h, d, c)
    assert (result.bidval, result.section) == (bidval, section)


def test_every_section_label_is_exercised():
    covered = {w[5] for w in WORKED}
    assert covered <= set(SECTIONS)
    assert set(SECTIONS) - covered == set()


def test_paper_hand_p21_prelim():
    p = bid("QJT987", "Q", "J2", "5432").prelim
    assert (p["HCP"], p["DISTP"], p["XTRP"], p["SUB"], p["TOTALPTS"]) == (6, 3, 3, 3, 6)
    assert p["SUITLENGTH"] == (4, 2, 1, 6)  # C, D, H, S
    assert p["HONORCOUNT"] == (0, 1, 1, 3)  # C none; D J; H Q; S Q J T
    assert p["LONGEST"] == 6 and p["SP"] == (3, 2, 1, 0)


def test_four_aces_prelim():
    # S AKQJT987 H AKQ D A C A: HCP 10+9+4+4 = 27.  SL 8,3,1,1: DISTP 0+2+2 = 4.
    # XTRP 1 + 1 (four aces) + 7 (8 cards) = 9.  SUB -1 -1 (two singleton aces) = -2.
    # TOTALPTS 27+9+2 = 38.  STOP 4 (S, H long; D, C singleton aces).
    p = bid("AKQJT987", "AKQ", "A", "A").prelim
    assert (p["HCP"], p["DISTP"], p["XTRP"], p["SUB"], p["TOTALPTS"]) == (27, 4, 9, -2, 38)
    assert p["ACES"] == 4 and p["KINGS"] == 2 and p["STOP"] == 4 and p["PLAYTRICKS"] == 13
    assert p["SUMP"] == 27 + 4 + 2


def test_singleton_ace_king_queen():
    # S A, H K, D Q, C JT98765432.  HCP 4+3+2+1 = 10.  SUB -1 (A) +2 (K) +2 (Q) = 3; the club J
    # is in a 10-card suit: nothing.  SL 10,1,1,1: DISTP 6.  XTRP 1 + 11 (10 cards) = 12.
    # TOTALPTS 10+12-3 = 19.  NOTR only for the singleton K.  SAFE: S (ace), C (length); the
    # singleton K is not SAFE.  HONORCOUNT C 2 (J T).
    p = bid("A", "K", "Q", "JT98765432").prelim
    assert (p["HCP"], p["SUB"], p["DISTP"], p["XTRP"], p["TOTALPTS"]) == (10, 3, 6, 12, 19)
    assert p["NOTR"] == (False, False, True, False)
    assert p["SAFE"] == (1, 0, 0, 1) and p["STOP"] == 2
    assert p["HONORCOUNT"] == (2, 1, 1, 1) and p["VOIDFLAG"] is False


def test_singleton_jack_doubleton_queen_and_qj():
    # S J, H Q2, D QJ, C AK987654.  HCP 1+2+3+7 = 13.  SUB 1 (singleton J) + 1 (Q2) + 2 (QJ:
    # Q 3-2 = 1, J 1) = 4.  SL 8,2,2,1: DISTP 1+1+2 = 4.  XTRP 1+7 = 8.  TOTALPTS 13+8-4 = 17.
    # NOTR: D (QJ alone).  SAFE only C.
    p = bid("J", "Q2", "QJ", "AK987654").prelim
    assert (p["HCP"], p["SUB"], p["DISTP"], p["XTRP"], p["TOTALPTS"]) == (13, 4, 4, 8, 17)
    assert p["NOTR"] == (False, True, False, False)
    assert p["SAFE"] == (1, 0, 0, 0) and p["STOP"] == 1


def test_doubleton_jack_with_ace_and_kx():
    # S AJ, H K2, D J2, C 9876543.  HCP 5+3+1 = 9.  SUB: the J of AJ 1, the J of J2 1 = 2 (Kx:
    # nothing).  SL 7,2,2,2: DISTP 3.  XTRP 1+5 = 6.  TOTALPTS 9+6-2 = 13.  SAFE: S (ace),
    # H (K with SL 2), C (length); not D.
    p = bid("AJ", "K2", "J2", "9876543").prelim
    assert (p["HCP"], p["SUB"], p["DISTP"], p["XTRP"], p["TOTALPTS"]) == (9, 2, 3, 6, 13)
    assert p["SAFE"] == (1, 0, 1, 1) and p["NOTR"] == (False,) * 4


@pytest.mark.parametrize(
    "s,h,d,c,distp,void",
    [
        ("9876543", "32", "32", "32", 3, False),  # 7222: 1+1+1
        ("98765", "98765", "32", "2", 3, False),  # 5521: 1+2
        ("987654", "987654", "2", "", 5, True),  # 6610: 2+3
        ("5432", "432", "432", "432", 0, False),  # 4333: 0
        ("5432", "5432", "5432", "2", 2, False),  # 4441: 2
    ],
)
def test_distp(s, h, d, c, distp, void):
    p = bid(s, h, d, c).prelim
    assert p["DISTP"] == distp and p["VOIDFLAG"] is void and p["EVENDIST"] is (distp <= 1)


def test_four441_flag():
    assert bid("5432", "5432", "5432", "2").prelim["FOUR441"] is True  # 4441
    assert bid("65432", "5432", "432", "2").prelim["FOUR441"] is True  # 5431
    assert bid("765432", "5432", "32", "2").prelim["FOUR441"] is False  # 6421: LONGEST 6
    assert bid("5432", "5432", "432", "32").prelim["FOUR441"] is False  # 4432: no singleton


# ---------------------------------------------------------------------------------------------
# PLAYINGTRICKS against Appendix 3.
# ---------------------------------------------------------------------------------------------
HCP_OF = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _procedure_vs_table() -> set[tuple[str, int, int, int]]:
    diffs = set()
    for name, row in APPENDIX3.items():
        points = sum(HCP_OF[r] for r in name)
        for length, cell in enumerate(row):
            if cell is None:
                continue
            mine = PLAYINGTRICKS(length, points, "A" in name, "K" in name)
            if mine != cell:
                diffs.add((name, length, cell, mine))
    return diffs


def test_playingtricks_vs_appendix3_differs_exactly_where_known():
    # (holding, length, table, procedure)
    assert _procedure_vs_table() == {
        ("KJ", 2, 1, -1),
        ("J", 8, 0, 4),
        ("J", 9, 0, 5),
        ("J", 10, 0, 6),
    }
    # the footnoted cell agrees with the procedure as printed: 0
    assert PLAYINGTRICKS(3, 5, False, True) == 0 == table_value("KQ", 3)
    assert table_value("KQ", 3, fixed=True) == 1


def test_playingtricks_agrees_with_the_other_transcription():
    for name in APPENDIX3:
        points = sum(HCP_OF[r] for r in name)
        for length in range(14):
            ace, king = "A" in name, "K" in name
            assert PLAYINGTRICKS(length, points, ace, king) == procedure_value(
                points, ace, king, length
            ), (name, length)


def test_playtricks_lookups_are_the_functions():
    for code in range(16):
        ace, king, queen, jack = bool(code & 8), bool(code & 4), bool(code & 2), bool(code & 1)
        points = 4 * ace + 3 * king + 2 * queen + jack
        name = "".join(r for r, held in zip("AKQJ", (ace, king, queen, jack)) if held)
        for length in range(14):
            cell = APPENDIX3[name][length]
            i = code * 14 + length
            if cell is None:
                assert algol._PT_LOOKUPS["table"][i] is None
                continue
            assert algol._PT_LOOKUPS["table"][i] == cell
            assert algol._PT_LOOKUPS["table-fixed"][i] == table_value(name, length, fixed=True)
            assert algol._PT_LOOKUPS["procedure"][i] == PLAYINGTRICKS(length, points, ace, king)


# ---------------------------------------------------------------------------------------------
# Readings.
# ---------------------------------------------------------------------------------------------
def test_reading_solid_changes_section_8a():
    # S AKQ32 H K32 D K2 C KJ2 (the 8a hand).  Corrected SOLID: every suit of <= 4 cards has
    # SP >= 3: TRUE, 8a.  As printed (SP >= 2 and SL <= 4 fails): H K32 fails: FALSE, so 8a is
    # skipped and 8b bids the 5-card S: same BIDVAL 4, section 8b.
    hand = ("AKQ32", "K32", "K2", "KJ2")
    assert (bid(*hand).bidval, bid(*hand).section) == (4, "8a")
    printed = bid(*hand, solid="as-printed")
    assert (printed.bidval, printed.section) == (4, "8b")
    p = bid(*hand).prelim
    args = ([0, *p["SUITPOINTS"]], [0, *p["SUITLENGTH"]], [False, *p["NOTR"]])
    assert algol.SOLID(*args, as_printed=False) is True
    assert algol.SOLID(*args, as_printed=True) is False


def test_reading_solid_changes_section_7():
    # S AK32 H K32 D AJ32 C K2: HCP 7+3+5+3 = 18, DISTP 1, XTRP 1, SUB 0: TOTALPTS 19.
    # STOP 4 (C K2 safe).
    # Section 7: HCP >= 17 and TOT >= 19; corrected SOLID is TRUE (SPs 7,3,5,3 all >= 3, no
    # NOTR) so NOT SOLID is false: 1NT (15).  As printed SOLID is FALSE: GO TO J4; 8a needs SOLID;
    # 8c: NOTRUMPTRY fails (C K2: SP 3 <= 3); 8d: S has SP[1] = 7 with 4 cards: BIDVAL 4.
    hand = ("AK32", "K32", "AJ32", "K2")
    assert (bid(*hand).bidval, bid(*hand).section) == (15, "7")
    printed = bid(*hand, solid="as-printed")
    assert (printed.bidval, printed.section) == (4, "8d")


def test_reading_playtricks_procedure_vs_table():
    # S J98765432 H AKQ D A: table PT 0 + 3 + 1 = 4; procedure J at length 9 = 5: PT 9.
    # HCP 1+9+4 = 14; SL 9,3,1,0: DISTP 2+3 = 5; XTRP 1+9 = 10; SUB -1 (singleton A):
    # TOTALPTS 25.  Procedure: section 6 (LONGEST 9, PT 9, HCP <= 15, S major): 44 = 4S.
    # Table: no section 6; section 8 (TOT >= 21), 8b: S is 9 long: BIDVAL 4.
    hand = ("J98765432", "AKQ", "A", "")
    table = bid(*hand)
    proc = bid(*hand, playtricks="procedure")
    assert table.prelim["PLAYTRICKS"] == 4 and proc.prelim["PLAYTRICKS"] == 9
    assert table.prelim["PT"] == (0, 1, 3, 0) and proc.prelim["PT"] == (0, 1, 3, 5)
    assert table.prelim["TOTALPTS"] == proc.prelim["TOTALPTS"] == 25
    assert (table.bidval, table.section) == (4, "8b")
    assert (proc.bidval, proc.section) == (44, "6a")


def test_reading_playtricks_kj_doubleton_and_kq_three():
    # KJ doubleton: table 1, procedure -1.  KQ at length 3: table 0, table-fixed 1.
    hand = ("KJ", "KQ2", "5432", "5432")
    assert bid(*hand).prelim["PT"] == (0, 0, 0, 1)
    assert bid(*hand, playtricks="procedure").prelim["PT"] == (0, 0, 0, -1)
    assert bid(*hand, playtricks="table-fixed").prelim["PT"] == (0, 0, 1, 1)


def test_reading_notrumptry():
    # S AKQ2 H AQ2 D AJ32 C K2: HCP 9+6+5+3 = 23, 4432, DISTP 1 (EVENDIST), TOTALPTS 24,
    # PT 3+1+1+0 = 5.  Code: C K2 (SP 3 <= 3, SL 2) fails NOTRUMPTRY: no 2NT; section 5 needs
    # PT >= 9; 8a: HCP > 21; 8c fails; 8d: S has SP[1] = 9: BIDVAL 4.
    # Appendix 2 (a doubleton needs SP <= 2 to fail): Kx passes: section 4, 2NT (25).
    hand = ("AKQ2", "AQ2", "AJ32", "K2")
    assert (bid(*hand).bidval, bid(*hand).section) == (4, "8d")
    a2 = bid(*hand, notrumptry="appendix2")
    assert (a2.bidval, a2.section) == (25, "4")


def test_unknown_reading_is_refused():
    with pytest.raises(ValueError):
        algol_openbid(cards_from_suits("AKQ2", "AQ2", "AJ32", "K2"), AlgolReadings(solid="x"))


# ---------------------------------------------------------------------------------------------
# Properties over random hands.
# ---------------------------------------------------------------------------------------------
# Appendix 6: min and max of TOTALPTS - HCP per distribution (max assumes ACES <= 3).
APPENDIX6 = {
    (13, 0, 0, 0): (18, 18), (12, 1, 0, 0): (13, 17), (11, 2, 0, 0): (11, 14),
    (11, 1, 1, 0): (9, 16), (10, 3, 0, 0): (11, 12), (10, 2, 1, 0): (7, 13),
    (10, 1, 1, 1): (5, 15), (9, 4, 0, 0): (9, 10), (9, 3, 1, 0): (7, 11),
    (9, 2, 2, 0): (5, 10), (9, 2, 1, 1): (3, 12), (8, 5, 0, 0): (8, 9),
    (8, 4, 1, 0): (5, 9), (8, 3, 2, 0): (5, 8), (8, 3, 1, 1): (3, 10),
    (8, 2, 2, 1): (1, 9), (7, 6, 0, 0): (8, 9), (7, 5, 1, 0): (4, 8),
    (7, 4, 2, 0): (3, 6), (7, 4, 1, 1): (1, 8), (7, 3, 3, 0): (5, 6),
    (7, 3, 2, 1): (1, 7), (7, 2, 2, 2): (-1, 6), (6, 6, 1, 0): (4, 8),
    (6, 5, 2, 0): (2, 5), (6, 5, 1, 1): (0, 7), (6, 4, 3, 0): (3, 4),
    (6, 4, 2, 1): (-1, 5), (6, 3, 3, 1): (1, 5), (6, 3, 2, 2): (-1, 4),
    (5, 5, 3, 0): (2, 3), (5, 5, 2, 1): (-2, 4), (5, 4, 4, 0): (1, 2),
    (5, 4, 3, 1): (-1, 3), (5, 4, 2, 2): (-3, 2), (5, 3, 3, 2): (-1, 2),
    (4, 4, 4, 1): (-2, 2), (4, 4, 3, 2): (-2, 1), (4, 3, 3, 3): (-1, 0),
}  # fmt: skip

hands = st.permutations(list(range(1, 53))).map(lambda deck: deck[:13])


def _appendix2(cards: list[int]) -> dict[str, object]:
    """The descriptions computed from Appendix 2's definitions (not from the Algol)."""
    suits = {
        s: sorted(c - 13 * (s - 1) for c in cards if 13 * (s - 1) < c <= 13 * s)
        for s in range(1, 5)
    }
    hcp_of = {1: 4, 13: 3, 12: 2, 11: 1}
    sl = {s: len(r) for s, r in suits.items()}
    sp = {s: sum(hcp_of.get(x, 0) for x in r) for s, r in suits.items()}
    shape = sorted(sl.values(), reverse=True)
    distp = sum({0: 3, 1: 2, 2: 1}.get(n, 0) for n in shape[1:])
    aces = sum(1 in r for r in suits.values())
    tot = sum(sp.values()) + 1
    tot += sum(2 * (n - 5) + 1 for n in shape if n >= 5)
    for r in suits.values():
        n = len(r)
        tot += (n == 1 and 1 in r) - 2 * (n == 1 and 13 in r) - 2 * (n == 1 and 12 in r)
        tot -= (n == 2 and 12 in r) + (n <= 2 and 11 in r)
    tot += (aces == 4) - (aces == 0) - (shape == [4, 3, 3, 3])
    safe = {
        s: int(sl[s] >= 3 or (sl[s] == 2 and (1 in r or 13 in r)) or r == [1])
        for s, r in suits.items()
    }
    notr = {s: r == [13] or r == [11, 12] for s, r in suits.items()}
    honours = {s: sum(x == 1 or x >= 10 for x in r) for s, r in suits.items()}
    return {
        "HCP": sum(sp.values()),
        "DISTP": distp,
        "TOTALPTS": tot,
        "ACES": aces,
        "LONGEST": shape[0],
        "VOIDFLAG": 0 in shape,
        "EVENDIST": distp <= 1,
        "SUITLENGTH": tuple(sl[s] for s in range(1, 5)),
        "SUITPOINTS": tuple(sp[s] for s in range(1, 5)),
        "HONORCOUNT": tuple(honours[s] for s in range(1, 5)),
        "SAFE": tuple(safe[s] for s in range(1, 5)),
        "STOP": sum(safe.values()),
        "NOTR": tuple(notr[s] for s in range(1, 5)),
        "SP": tuple(sorted(sp.values(), reverse=True)),
    }


@settings(max_examples=400, deadline=None)
@given(hands)
def test_prelim_agrees_with_appendix2_definitions(cards):
    result = algol_openbid(cards)
    expected = _appendix2(cards)
    assert {k: result.prelim[k] for k in expected} == expected


@settings(max_examples=400, deadline=None)
@given(hands)
def test_totalpts_within_appendix6(cards):
    p = algol_openbid(cards).prelim
    shape = tuple(sorted(p["SUITLENGTH"], reverse=True))
    low, high = APPENDIX6[shape]
    change = p["TOTALPTS"] - p["HCP"]
    assert low <= change <= high + (p["ACES"] == 4)  # footnote: +1 for four aces
    assert p["TOTALPTS"] >= p["HCP"] - 3  # the paper's general relation (Part One)


def _bid_consistent(bidval: int, section: str) -> bool:
    if section in ("1", "14"):
        return bidval == 0
    return bidval != 0 and BIDVAL_TEXT(bidval) != "PASS"


@settings(max_examples=400, deadline=None)
@given(hands, st.sampled_from(["procedure", "table", "table-fixed"]))
def test_result_is_well_formed(cards, source):
    result = algol_openbid(list(reversed(cards)), AlgolReadings(playtricks=source))
    assert result.section in SECTIONS
    assert _bid_consistent(result.bidval, result.section)
    assert (result.section == "1") == (result.prelim["TOTALPTS"] < 7)
    # hand order does not matter
    assert algol_openbid(cards, AlgolReadings(playtricks=source)) == result


# ---------------------------------------------------------------------------------------------
# Helpers.
# ---------------------------------------------------------------------------------------------
def test_cards_from_suits_numbers():
    # Appendix 5: clubs A=1 .. K=13, diamonds +13, hearts +26, spades +39.
    # S AK = 40, 52; H T2 = 36, 28; D J = 24; C A9876543 = 1, 9, 8, 7, 6, 5, 4, 3.
    cards = cards_from_suits("AK", "T2", "J", "A9876543")
    assert sorted(cards) == [1, 3, 4, 5, 6, 7, 8, 9, 24, 28, 36, 40, 52]
    assert cards_from_suits("ak", "10 2", "j", "A9876543") == cards
    assert sorted(cards_from_suits("-", "AKQJT98765432", "", "")) == list(range(27, 40))


@pytest.mark.parametrize(
    "suits",
    [
        ("AKQJ", "AKQJ", "AKQJ", ""),  # 12 cards
        ("AKQJ", "AKQJ", "AKQJ", "AK"),  # 14 cards
        ("AKQJ", "AKQJ", "AKQJ", "X"),  # bad rank
        ("AAKQ", "AKQJ", "AKQJ", "A"),  # repeated card
    ],
)
def test_cards_from_suits_rejects(suits):
    with pytest.raises(ValueError):
        cards_from_suits(*suits)


def test_algol_openbid_rejects_bad_hands():
    with pytest.raises(AlgolHandError):
        algol_openbid([1] * 13)
    with pytest.raises(ValueError):
        algol_openbid(list(range(1, 13)))
    with pytest.raises(ValueError):
        algol_openbid(list(range(41, 54)))


def test_bidval_text():
    assert [BIDVAL_TEXT(v) for v in (0, 1, 5, 6, 10, 11, 15, 21, 34, 41, 44, 51, 65, 75)] == [
        "PASS", "1C", "1C", "2D", "2D", "1C", "1NT", "2C", "3S", "4C", "4S", "5C", "6NT", "7NT",
    ]  # fmt: skip


def test_rebiddable_at_text():
    # REBIDDABLE <- CANBEREBID(OPENVAL MOD 5): 12a opens 1S (14 MOD 5 = 4) on AKJ32: TRUE;
    # a pass (0 MOD 5 = 0, SUITLENGTH[0] = 0): FALSE.
    assert bid("AKJ32", "K32", "432", "32").rebiddable is True
    assert bid("QJT987", "Q", "J2", "5432").rebiddable is False
