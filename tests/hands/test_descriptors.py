"""PRELIM's descriptors (Appendix 2, as the Appendix 1 Algol computes them), worked BY HAND.

Reminders used in every comment below (Appendix 2 and the Algol of PRELIM):
  HCP        A 4, K 3, Q 2, J 1.
  DISTP      over the three shortest suits: void 3, singleton 2, doubleton 1.
  SUB        +2 singleton K, +2 singleton Q, +1 doubleton Q (Qx, also KQ, AQ), +1 J in a suit of
             one or two cards, -1 singleton A.  (A QJ doubleton subtracts 2.)
  XTRP       1 for the hand, -1 if DISTP = 0 (4333), -1 no ace, +1 four aces,
             +2*(SL-5)+1 for each of the two longest suits with 5+ cards.
  TOTALPTS   HCP + XTRP - SUB.
  SAFE       length >= 3, or a doubleton with A or K, or the singleton A.    STOP = # SAFE.
  NOTR       K alone, or QJ alone.
  SOLID      (corrected reading) no suit of <= 4 cards with <= 2 points, and no NOTR suit.
  NOTRUMPTRY (code reading) no doubleton with <= 3 points, no tripleton with <= 2 points,
             no suit of <= 1 card, no NOTR suit.
  FOUR441    LONGEST <= 5 and a singleton (4441, 5431, 5521).
  PLAYTRICKS Appendix 3 cells by holding (A K Q J) and length (reading "table").
Per-suit strings below are in the order S, H, D, C; "y" = true, "-" = false.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

import pytest
from strategies import hand_cards, hands
from hypothesis import given, settings

from openbid.studies.paper import algol
from openbid.studies.paper.algol import AlgolReadings, algol_openbid
from openbid.systems.descriptors import describe
from openbid.hands.registry import Readings
from openbid.base.errors import OpenbidError
from openbid.systems.evaluate import value
from openbid.expr import parse
from openbid.bridge.hand import Hand
from openbid.hands.playtricks import PLAYTRICKS_SOURCES

SOLID_READINGS = ("corrected", "as-printed")
NOTRUMPTRY_READINGS = ("code", "appendix2")
from openbid.systems.variants import load_variant

SHDC = (4, 3, 2, 1)  # Algol suit numbers in display order
CODE = load_variant("code")


@dataclass(frozen=True)
class Worked:
    hand: str
    HCP: int
    DISTP: int
    SUB: int
    XTRP: int
    TOTALPTS: int
    STOP: int
    EVENDIST: bool
    VOIDFLAG: bool
    FOUR441: bool
    SOLID: bool
    NOTRUMPTRY: bool
    SP: tuple[int, int, int, int]
    SHAPE: str
    PLAYTRICKS: int
    LONGEST: int
    SAFE: str
    NOTR: str
    CANBEREBID: str
    OUTSIDEACE: str
    extra: dict = field(default_factory=dict)


T, F = True, False
WORKED = [
    # The paper, p. 21: S QJT + 3x (6 cards, 3 pts), H Q (2), D Jx (1), C xxxx.  HCP 6.
    # SL 6,4,2,1: DISTP (3-2)+(3-1) = 3.  SUB: singleton Q 2 + Jx 1 = 3.
    # XTRP 1 - 1 (no ace) + 3 (six cards: 2*1+1) = 3.  TOTALPTS 6 + 3 - 3 = 6 (the paper: 6).
    # SAFE: S (6 cards), C (4 cards) -> STOP 2.  SOLID no (H Q: 2 pts in 1 card);
    # NOTRUMPTRY no (singleton).  PT: QJ@6 = 2, Q@1 = 0, J@2 = 0, -@4 = 0 -> 2.
    # CANBEREBID(S): six cards.  SLIDEPOINTS(S,18,2): 3 >= 18-12 = 6 no; (S,14,2): 3 >= 2 yes.
    Worked("S:QJ10xxx, H:Q, D:Jx, C:xxxx", 6, 3, 3, 3, 6, 2, F, F, F, F, F, (3, 2, 1, 0),
           "6421", 2, 6, "y--y", "----", "y---", "----",
           {"SLIDEPOINTS(S, 18, 2)": F, "SLIDEPOINTS(S, 14, 2)": T, "ACES": 0}),
    # 4333 with four aces: HCP 16.  DISTP 0.  XTRP 1 - 1 (4333) + 1 (four aces) = 1.  SUB 0.
    # TOTALPTS 17.  All suits 3+ cards: STOP 4.  SOLID: every suit 4 pts > 2.  NOTRUMPTRY:
    # tripletons Axx have 4 > 2.  PT: A@4 = 1, A@3 = 1 (x3) -> 4.  SP 4,4,4,4.
    Worked("S:Axxx, H:Axx, D:Axx, C:Axx", 16, 0, 0, 1, 17, 4, T, F, F, T, T, (4, 4, 4, 4),
           "4333", 4, 4, "yyyy", "----", "----", "yyyy", {"ACES": 4}),
    # Singleton ace: S AKxxx (7), H Kxxx (3), D Qxx (2), C A (4): HCP 16.  SL 5,4,3,1: DISTP 2.
    # SUB -1 (singleton A).  XTRP 1 + 1 (five spades) = 2.  TOTALPTS 16 + 2 + 1 = 19.
    # STOP 4 (C A singleton is SAFE).  FOUR441 (5431).  SOLID no: D Qxx has 2 pts.
    # PT: AK@5 = 3, K@4 = 0, Q@3 = 0, A@1 = 1 -> 4.  CANBEREBID(S): 5 cards, 7 pts, A K.
    Worked("S:AKxxx, H:Kxxx, D:Qxx, C:A", 16, 2, -1, 2, 19, 4, F, F, T, F, F, (7, 4, 3, 2),
           "5431", 4, 5, "yyyy", "----", "y---", "yyyy"),
    # Singleton king: S KQJxx (6), H Axxx (4), D xxx, C K (3): HCP 13.  DISTP 2.  SUB +2.
    # XTRP 1 + 1 = 2.  TOTALPTS 13 + 2 - 2 = 13.  C K: not SAFE, NOTR.  STOP 3.
    # PT: KQJ@5 = 3, A@4 = 1, -@3 = 0, K@1 = 0 -> 4.  OUTSIDEACE(H) no: the only ace is there.
    Worked("S:KQJxx, H:Axxx, D:xxx, C:K", 13, 2, 2, 2, 13, 3, F, F, T, F, F, (6, 4, 3, 0),
           "5431", 4, 5, "yyy-", "---y", "y---", "y-yy"),
    # Singleton queen: S xxxx, H AKxx (7), D KJxx (4), C Q (2): HCP 13.  4441: DISTP 2,
    # FOUR441.  SUB +2 (singleton Q).  XTRP 1.  TOTALPTS 13 + 1 - 2 = 12.  STOP 3 (C Q not).
    # PT: -@4 = 0, AK@4 = 2, KJ@4 = 1, Q@1 = 0 -> 3.
    Worked("S:xxxx, H:AKxx, D:KJxx, C:Q", 13, 2, 2, 1, 12, 3, F, F, T, F, F, (7, 4, 2, 0),
           "4441", 3, 4, "yyy-", "----", "----", "y-yy"),
    # Singleton jack and Qx: S AKJxx (8), H Qx (2), D J (1), C xxxxx: HCP 11.  SL 5,5,2,1:
    # DISTP 1 + 2 = 3.  SUB: Qx 1 + singleton J 1 = 2.  XTRP 1 + 1 + 1 (two five-card suits) = 3.
    # TOTALPTS 11 + 3 - 2 = 12.  STOP 2 (S, C).  FOUR441 (5521).  PT: AKJ@5 = 4, others 0.
    # CANBEREBID(C): 5 cards but 0 points: no.  SLIDEPOINTS(S,6,1): 8 >= 1; (C,6,1): 0 >= 1 no.
    Worked("S:AKJxx, H:Qx, D:J, C:xxxxx", 11, 3, 2, 3, 12, 2, F, F, T, F, F, (8, 2, 1, 0),
           "5521", 4, 5, "y--y", "----", "y---", "-yyy",
           {"SLIDEPOINTS(S, 6, 1)": T, "SLIDEPOINTS(C, 6, 1)": F}),
    # QJ doubleton and a void: S AKQxxx (9), H QJ (3), D Axxxx (4), C void: HCP 16.
    # SL 6,5,2,0: DISTP 1 + 3 = 4.  SUB: QJ 1 + 1 = 2.  XTRP 1 + 3 + 1 = 5.  TOTALPTS 19.
    # H QJ: NOTR, not SAFE; C void not SAFE: STOP 2.  PT: AKQ@6 = 5, QJ@2 = 0, A@5 = 1 -> 6.
    # CANBEREBID(D): 5 cards, 4 pts, but one honour: no.  VOIDFLAG.
    Worked("S:AKQxxx, H:QJ, D:Axxxx, C:---", 16, 4, 2, 5, 19, 2, F, T, F, F, F, (9, 4, 3, 0),
           "6520", 6, 6, "y-y-", "-y--", "y---", "yyyy"),
    # Strong 4333: S AKxx (7), H KQx (5), D AQx (6), C KJx (4): HCP 22.  DISTP 0, XTRP 0,
    # TOTALPTS 22.  SOLID and NOTRUMPTRY (every suit >= 4 pts).  PT: AK@4 = 2, KQ@3 = 0 (the
    # footnoted cell), AQ@3 = 1, KJ@3 = 1 -> 4.
    Worked("S:AKxx, H:KQx, D:AQx, C:KJx", 22, 0, 0, 0, 22, 4, T, F, F, T, T, (7, 6, 5, 4),
           "4333", 4, 4, "yyyy", "----", "----", "yyyy"),
    # Kx and Qxx: S AQxx (6), H Kx (3), D Qxx (2), C AKxx (7): HCP 18.  SL 4,4,3,2: DISTP 1.
    # SUB 0 (Kx and Qxx subtract nothing).  XTRP 1.  TOTALPTS 19.  STOP 4 (Kx is SAFE).
    # SOLID no (D 2 pts).  NOTRUMPTRY (code) no: Kx has 3 <= 3.  PT: AQ@4 = 1, K@2 = 0,
    # Q@3 = 0, AK@4 = 2 -> 3.
    Worked("S:AQxx, H:Kx, D:Qxx, C:AKxx", 18, 1, 0, 1, 19, 4, T, F, F, F, F, (7, 6, 3, 2),
           "4432", 3, 4, "yyyy", "----", "----", "yyyy"),
    # Thirteen spades: HCP 10.  DISTP 3*3 = 9.  XTRP 1 + (2*8+1 = 17) = 18 (Appendix 6's
    # 13 0 0 0 row: change 18).  TOTALPTS 28.  STOP 1.  PT: AKQJ@13 = 13.
    Worked("S:AKQJ1098765432, H:---, D:---, C:---", 10, 9, 0, 18, 28, 1, F, T, F, F, F,
           (10, 0, 0, 0), "13000", 13, 13, "y---", "----", "y---", "-yyy"),
    # 6-5 with a void: S KQxxxx (5), H AJxxx (5), D xx, C void: HCP 10.  SL 6,5,2,0:
    # DISTP 1 + 3 = 4.  SUB 0.  XTRP 1 + 3 + 1 = 5.  TOTALPTS 15.  STOP 2.
    # PT: KQ@6 = 3, AJ@5 = 2 -> 5.  CANBEREBID(H): 5 cards, 5 pts, A J.
    Worked("S:KQxxxx, H:AJxxx, D:xx, C:---", 10, 4, 0, 5, 15, 2, F, T, F, F, F, (5, 5, 0, 0),
           "6520", 5, 6, "yy--", "----", "yy--", "y-yy"),
    # Tens: S xxx, H KJTx (4), D ATxx (4), C QJ (3): HCP 11.  SL 4,4,3,2: DISTP 1.
    # SUB: QJ 2.  XTRP 1.  TOTALPTS 10.  C QJ: NOTR, not SAFE: STOP 3.
    # PT: -@3 = 0, KJ@4 = 1, A@4 = 1, QJ@2 = 0 -> 2.  HONORCOUNT: S 0, H 3, D 2, C 2.
    Worked("S:xxx, H:KJ10x, D:A10xx, C:QJ", 11, 1, 2, 1, 10, 3, T, F, F, F, F, (4, 4, 3, 0),
           "4432", 2, 4, "yyy-", "---y", "----", "yy-y",
           {"HONORCOUNT(S)": 0, "HONORCOUNT(H)": 3, "HONORCOUNT(D)": 2, "HONORCOUNT(C)": 2}),
    # Yarborough 4333: HCP 0, DISTP 0, XTRP 1 - 1 - 1 = -1, TOTALPTS -1 (Appendix 6: 4333
    # minimum change -1).  STOP 4 (three cards or more everywhere).
    Worked("S:xxxx, H:xxx, D:xxx, C:xxx", 0, 0, 0, -1, -1, 4, T, F, F, F, F, (0, 0, 0, 0),
           "4333", 0, 4, "yyyy", "----", "----", "----"),
    # Ax and KQ doubletons: S Ax (4), H KQ (5), D KQJxxx (6), C Axx (4): HCP 19.
    # SL 6,3,2,2: DISTP 2.  SUB: KQ's queen in a doubleton 1.  XTRP 1 + 3 = 4.  TOTALPTS 22.
    # SOLID (every short suit >= 4 pts, no K or QJ alone) and NOTRUMPTRY (doubletons 4, 5 > 3,
    # tripleton 4 > 2).  PT: A@2 = 1, KQ@2 = 1, KQJ@6 = 4, A@3 = 1 -> 7.
    Worked("S:Ax, H:KQ, D:KQJxxx, C:Axx", 19, 2, 1, 4, 22, 4, F, F, F, T, T, (6, 5, 4, 4),
           "6322", 7, 6, "yyyy", "----", "--y-", "yyyy"),
    # Jx and Jxx: S Jx (1), H Jxx (1), D AKQxx (9), C Kxx (3): HCP 14.  SL 5,3,3,2: DISTP 1.
    # SUB: Jx 1 (Jxx: three cards, nothing).  XTRP 1 + 1 = 2.  TOTALPTS 15.  STOP 3 (S Jx).
    # PT: J@2 = 0, J@3 = 0, AKQ@5 = 4, K@3 = 0 -> 4.  SLIDEPOINTS(S,34,8): 1 >= 18 no.
    Worked("S:Jx, H:Jxx, D:AKQxx, C:Kxx", 14, 1, 1, 2, 15, 3, T, F, F, F, F, (9, 3, 1, 1),
           "5332", 4, 5, "-yyy", "----", "--y-", "yy-y",
           {"SLIDEPOINTS(D, 6, 1)": T, "SLIDEPOINTS(S, 34, 8)": F}),
    # SOLID with a singleton ace: S AKQxxx (9), H AK (7), D A (4), C KQxx (5): HCP 25.
    # SL 6,4,2,1: DISTP 1 + 2 = 3.  SUB -1.  XTRP 1 + 3 = 4.  TOTALPTS 25 + 4 + 1 = 30.
    # STOP 4.  SOLID (corrected): every suit of <= 4 cards has >= 4 pts.  NOTRUMPTRY no
    # (singleton).  PT: AKQ@6 = 5, AK@2 = 2, A@1 = 1, KQ@4 = 1 -> 9.
    Worked("S:AKQxxx, H:AK, D:A, C:KQxx", 25, 3, -1, 4, 30, 4, F, F, F, T, F, (9, 7, 5, 4),
           "6421", 9, 6, "yyyy", "----", "y---", "yyyy", {"ACES": 3}),
]


def _flags(d, name: str) -> str:
    fn = getattr(d, name)
    vals = [fn(s) for s in SHDC] if callable(fn) else [fn[s] for s in SHDC]
    return "".join("y" if v else "-" for v in vals)


@pytest.mark.parametrize("w", WORKED, ids=[w.hand for w in WORKED])
def test_worked_hand(w: Worked) -> None:
    d = describe(Hand.parse(w.hand))
    got = {k: getattr(d, k) for k in ("HCP", "DISTP", "SUB", "XTRP", "TOTALPTS", "STOP",
                                      "EVENDIST", "VOIDFLAG", "FOUR441", "SOLID", "NOTRUMPTRY",
                                      "SHAPE", "PLAYTRICKS", "LONGEST")}
    want = {k: getattr(w, k) for k in got}
    assert got == want
    assert tuple(d.SP(i) for i in (1, 2, 3, 4)) == w.SP
    for name in ("SAFE", "NOTR", "CANBEREBID", "OUTSIDEACE"):
        assert _flags(d, name) == getattr(w, name), name
    for text, expected in w.extra.items():
        assert value(parse(text, want=None), Hand.parse(w.hand), CODE) == expected, text


def test_every_required_feature_is_worked() -> None:
    holdings = {h for w in WORKED for h in w.hand.replace(" ", "").split(",")}
    for needed in ("H:Q", "C:A", "C:K", "C:Q", "D:J", "H:Qx", "H:QJ", "C:---"):
        assert needed in holdings, needed
    assert "S:Axxx, H:Axx, D:Axx, C:Axx" in {w.hand for w in WORKED}
    assert "S:QJ10xxx, H:Q, D:Jx, C:xxxx" in {w.hand for w in WORKED}
    assert len(WORKED) >= 15


# ---- the readings, on hands worked by hand ---------------------------------------------------
def test_playtricks_readings_on_the_footnoted_cell() -> None:
    # H KQx is Appendix 3's "0*" cell: 0 as printed, 1 with the footnote's correction.
    # The printed PLAYINGTRICKS: KQ = 5 points, no ace: FIVE: N 1, then LNG <= 8: 2,
    # LNG <= 6: 3 -> 3 - 3 = 0.  S AK@4: SEVEN with KING: N = LNG - 2 = 2 -> 2.  D AQ@3: SIX with
    # ACE, LNG <= 3: N = LNG - 1 = 2 -> 1.  C KJ@3: FOUR, no ace: LNG = 3: N = 2 -> 1.
    h = Hand.parse("S:AKxx, H:KQx, D:AQx, C:KJx")
    assert describe(h, Readings(playtricks="table")).PLAYTRICKS == 2 + 0 + 1 + 1
    assert describe(h, Readings(playtricks="table-fixed")).PLAYTRICKS == 2 + 1 + 1 + 1
    assert describe(h, Readings(playtricks="procedure")).PLAYTRICKS == 2 + 0 + 1 + 1


def test_solid_readings() -> None:
    # As printed, SOLID fails on any suit of <= 4 cards with >= 2 points: H AK (7 pts).
    h = Hand.parse("S:AKQxxx, H:AK, D:A, C:KQxx")
    assert describe(h, Readings(solid="corrected")).SOLID is True
    assert describe(h, Readings(solid="as-printed")).SOLID is False
    # As printed, a hand whose short suits are all weak is "SOLID": S xxxx H xxx D xxx C xxx
    # has no suit with >= 2 points and no NOTR suit.
    y = Hand.parse("S:xxxx, H:xxx, D:xxx, C:xxx")
    assert describe(y, Readings(solid="as-printed")).SOLID is True
    assert describe(y, Readings(solid="corrected")).SOLID is False


def test_notrumptry_readings() -> None:
    # Appendix 2: "2-card suits at least Kx and 3-card suits at least Qxx".  The code: a
    # doubleton needs 4 points and a tripleton 3.  Kx (3) and Qxx (2) separate the two.
    h = Hand.parse("S:AQxx, H:Kx, D:Qxx, C:AKxx")
    assert describe(h, Readings(notrumptry="code")).NOTRUMPTRY is False
    assert describe(h, Readings(notrumptry="appendix2")).NOTRUMPTRY is True
    # Jx (1 point) fails both readings.
    j = Hand.parse("S:AQxx, H:Jx, D:Kxx, C:AKxx")
    assert describe(j, Readings(notrumptry="appendix2")).NOTRUMPTRY is False


def test_unknown_reading_is_a_user_error() -> None:
    with pytest.raises(OpenbidError, match="unknown playtricks reading 'tabel'"):
        Readings(playtricks="tabel")


# ---- Appendix 6: TOTALPTS - HCP within the published bounds (a few rows, by hand) ------------
@pytest.mark.parametrize("hand,change", [
    ("S:AKQJ1098765432, H:---, D:---, C:---", 18),  # 13 0 0 0: 18 exactly
    ("S:xxxx, H:xxx, D:xxx, C:xxx", -1),            # 4333 minimum -1
    # 4333 maximum 0 (ACES <= 3): XTRP 1 - 1 (4333) = 0, SUB 0
    ("S:Axxx, H:Kxx, D:Kxx, C:Kxx", 0),
    # no ace costs one more: XTRP 1 - 1 - 1 = -1
    ("S:Kxxx, H:Kxx, D:Kxx, C:Kxx", -1),
    # 7 4 1 1 minimum 1: XTRP 1 - 1 (no ace) + 5 (seven cards) = 5; SUB 2 + 2 (two singleton Q)
    ("S:QJxxxxx, H:Q, D:Q, C:Qxxx", 1),
])
def test_totalpts_minus_hcp(hand: str, change: int) -> None:
    d = describe(Hand.parse(hand))
    assert d.TOTALPTS - d.HCP == change


# ---- agreement with the literal Algol transcription's PRELIM ---------------------------------
READINGS = [Readings(playtricks=p, solid=s, notrumptry=n)
            for p, s, n in product(PLAYTRICKS_SOURCES, SOLID_READINGS, NOTRUMPTRY_READINGS)]


def _algol_lists(prelim, key):
    return [None, *prelim[key]]  # 1-based, C D H S


@pytest.mark.parametrize("r", READINGS, ids=lambda r: "-".join(r.as_dict().values()))
@settings(max_examples=60)
@given(h=hands())
def test_descriptors_agree_with_algol_prelim(r: Readings, h: Hand) -> None:
    cards = hand_cards(h)
    a = algol_openbid(cards, AlgolReadings(playtricks=r.playtricks, solid=r.solid,
                                           notrumptry=r.notrumptry))
    p = a.prelim
    d = describe(h, r)
    for k in ("HCP", "DISTP", "TOTALPTS", "SUB", "XTRP", "SUMP", "ACES", "KINGS", "LONGEST",
              "STOP", "PLAYTRICKS", "VOIDFLAG", "EVENDIST", "FOUR441"):
        assert getattr(d, k) == p[k], k
    assert [d.SP(i) for i in (1, 2, 3, 4)] == list(p["SP"])
    for k in ("SUITLENGTH", "SUITPOINTS", "HONORCOUNT", "NOTR", "SAFE", "PT"):
        assert tuple(getattr(d, k)[1:]) == tuple(p[k]), k
    # the Boolean procedures of Appendix 1, on PRELIM's arrays
    sp, sl, hc, notr = (_algol_lists(p, k) for k in ("SUITPOINTS", "SUITLENGTH", "HONORCOUNT",
                                                      "NOTR"))
    assert d.SOLID == algol.SOLID(sp, sl, notr, r.solid == "as-printed")
    assert d.NOTRUMPTRY == algol.NOTRUMPTRY(sp, sl, notr, r.notrumptry == "appendix2")
    hand_array = [0, *sorted(cards, reverse=True)]
    for s in (1, 2, 3, 4):
        assert d.CANBEREBID(s) == algol.CANBEREBID(s, sl, sp, hc)
        assert d.OUTSIDEACE(s) == algol.OUTSIDEACE(s, hand_array)
        assert d.SLIDEPOINTS(s, 34, 8) == algol.SLIDEPOINTS(s, 34, 8, sp, sl)


@settings(max_examples=60)
@given(hands())
def test_descriptors_depend_only_on_the_class(h: Hand) -> None:
    # PRELIM reads honours and lengths only (the paper's premise, p. 10)
    assert describe(h).table() == describe(h.to_class()).table()
