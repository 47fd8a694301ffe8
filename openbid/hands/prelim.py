"""PRELIM (Appendix 2) as registry entries: each descriptor defined once.

Per-suit descriptors are functions of the cards held in one suit; whole-hand descriptors are
definitions in the expression language over them. The readings of the OCR'd Algol
(docs/ERRATA.md) are alternative definitions of one entry (PT, SOLID, NOTRUMPTRY), chosen by
:class:`openbid.hands.registry.Readings`. The literal Algol (openbid.studies.paper.algol) computes the
same values its own way: the independent reference every reader is checked against.
"""

from __future__ import annotations

from openbid.hands.playtricks import PLAYTRICKS_SOURCES, suit_playtricks
from openbid.hands.entries import REGISTRY, Derived, PatternTable, Reading, SuitTable

R = REGISTRY
PRELIM = "prelim"

# -- the readings the OCR'd code leaves open (docs/ERRATA.md) ---------------------------------
R.reading(Reading("playtricks", PLAYTRICKS_SOURCES, "table",
                  "PLAYTRICKS from the PLAYINGTRICKS procedure, the Appendix 3 table as printed, "
                  "or the table with its footnote's correction", "P, P-fix"))
R.reading(Reading("solid", ("corrected", "as-printed"), "corrected",
                  "SOLID with SUITPOINTS <= 2 (corrected) or the printed >= 2", "E11"))
R.reading(Reading("notrumptry", ("code", "appendix2"), "code",
                  "NOTRUMPTRY's thresholds as printed in the code, or as Appendix 2 words them",
                  "N1"))


def _suit(name: str, result: str, reads: str, doc: str, fn, **kw) -> None:
    R.add(SuitTable(name, result, reads, fn, doc, source="Appendix 2", **kw))


def _derived(name: str, result: str, text: str, doc: str, params=(), **kw) -> None:
    R.add(Derived(name, result, text, tuple(params), doc, source="Appendix 2", **kw))


def _points(held: str, n: int) -> int:
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}[r] for r in held)  # erratum E9: the king is 3


def _sub(held: str, n: int) -> int:
    """This suit's share of SUB (Appendix 1, PRELIM's king and queen blocks; erratum E1)."""
    out = 0
    if "A" in held and n == 1:
        out -= 1  # singleton ace: SUB - 1, i.e. TOTALPTS + 1
    if "K" in held and n == 1:
        out += 2
    if "Q" in held and n < 3:
        out += 3 - n  # singleton queen 2, doubleton queen 1
    if "J" in held and n < 3:
        out += 1
    return out


def _pt(source: str):
    def pt(held: str, n: int) -> int:
        if n == 0:  # IF SL[L]=0 THEN GO TO OUT: nothing is computed for a void
            return 0
        return suit_playtricks(source, "A" in held, "K" in held, "Q" in held, "J" in held, n)
    return pt


# -- per suit ----------------------------------------------------------------------------------
_suit("SUITLENGTH", "num", "", "cards in the suit", lambda h, n: n)
_suit("SUITPOINTS", "num", "AKQJ", "HCP in the suit", _points)
_suit("HONORCOUNT", "num", "AKQJT", "honours A K Q J T in the suit", lambda h, n: len(h))
for _source in PLAYTRICKS_SOURCES:
    _suit("PT", "num", "AKQJ", "PLAYTRICKS of the suit", _pt(_source), reading="playtricks",
          choice=_source)
_suit("SAFE", "bool", "AK", "the suit is a stopper",
      lambda h, n: "A" in h or ("K" in h and n != 1) or n >= 3)
_suit("NOTR", "bool", "KQJ", "the suit is K alone or QJ alone",
      lambda h, n: ("K" in h and n == 1) or (n == 2 and "Q" in h and "J" in h))
for _rank, _word in zip("AKQJT", ("ACE", "KING", "QUEEN", "JACK", "TEN")):
    _suit(_word, "bool", _rank, f"the hand holds the {_word.lower()} of the suit",
          lambda h, n: bool(h))
_suit("SUITSUB", "num", "AKQJ", "the suit's short-honour deduction (SUB is their sum)", _sub)
# Not PRELIM (nothing of the 1967 code reads them): the spot cards the evaluators read.
_suit("NINE", "bool", "9", "the hand holds the nine of the suit", lambda h, n: bool(h), group="cards")
_suit("EIGHT", "bool", "8", "the hand holds the eight of the suit", lambda h, n: bool(h),
      group="cards")

# -- whole hand --------------------------------------------------------------------------------
_derived("HCP", "num", "sum(s in SUITS: SUITPOINTS(s))", "high-card points A=4 K=3 Q=2 J=1")
# Erratum E10: 3 - SL[I]. The Algol sums over the three shortest suits; the longest has at least
# four cards, so summing over all four is the same.
_derived("DISTP", "num", "sum(s in SUITS: max(0, 3 - SUITLENGTH(s)))",
         "distributional points: void 3, singleton 2, doubleton 1")
_derived("TOTALPTS", "num", "HCP + XTRP - SUB", "HCP + XTRP - SUB")
_derived("SUB", "num", "sum(s in SUITS: SUITSUB(s))", "short-honour deductions less singleton aces")
# Erratum E12: 2 x (SL[I] - 5) + 1 for the two longest suits; a third suit of five is impossible.
_derived("XTRP", "num",
         "1 - (if DISTP = 0 then 1 else 0) - (if ACES = 0 then 1 else 0) + (if ACES = 4 then 1 else 0)"
         " + sum(s in SUITS: if SUITLENGTH(s) >= 5 then 2 * (SUITLENGTH(s) - 5) + 1 else 0)",
         "hand, 4333, aces and long-suit adjustments")
_derived("SUMP", "num", "HCP + DISTP - SUB", "HCP + DISTP - SUB (unused by OPENBID)")
_derived("ACES", "num", "count(s in SUITS: ACE(s))", "number of aces")
_derived("KINGS", "num", "count(s in SUITS: KING(s))", "number of kings")
_derived("LONGEST", "num", "max(SUITLENGTH(S), SUITLENGTH(H), SUITLENGTH(D), SUITLENGTH(C))",
         "length of the longest suit")
_derived("STOP", "num", "count(s in SUITS: SAFE(s))", "number of SAFE suits")
_derived("PLAYTRICKS", "num", "sum(s in SUITS: PT(s))", "sum of the suits' PLAYTRICKS")
_derived("VOIDFLAG", "bool", "any(s in SUITS: SUITLENGTH(s) = 0)", "some suit is void")
_derived("EVENDIST", "bool", "DISTP <= 1", "DISTP <= 1")
_derived("FOUR441", "bool", "LONGEST <= 5 and any(s in SUITS: SUITLENGTH(s) = 1)",
         "shape 4441, 5521 or 5431")
for _choice, _op in (("corrected", "<="), ("as-printed", ">=")):  # erratum E11
    _derived("SOLID", "bool",
             f"not any(s in SUITS: (SUITPOINTS(s) {_op} 2 and SUITLENGTH(s) <= 4) or NOTR(s))",
             "Boolean procedure SOLID", reading="solid", choice=_choice)
for _choice, (_two, _three) in (("code", (3, 2)), ("appendix2", (2, 1))):  # note N1
    _derived("NOTRUMPTRY", "bool",
             f"not any(s in SUITS: (SUITPOINTS(s) <= {_two} and SUITLENGTH(s) = 2)"
             f" or (SUITPOINTS(s) <= {_three} and SUITLENGTH(s) = 3) or SUITLENGTH(s) <= 1"
             " or NOTR(s))", "Boolean procedure NOTRUMPTRY", reading="notrumptry", choice=_choice)
R.add(PatternTable("SHAPE", "str", lambda p: "".join(str(n) for n in p),
                   'the distribution longest first, e.g. "4432"', source="Appendix 2"))
_derived("SP", "num", "largest(i, SUITPOINTS(S), SUITPOINTS(H), SUITPOINTS(D), SUITPOINTS(C))",
         "SP(i): the i-th largest SUITPOINTS, i = 1..4", params=(("i", "1..4"),))

# -- the deal, not the hand (modern systems) ----------------------------------------------------
from openbid.hands.entries import Context  # noqa: E402

R.add(Context("SEAT", "num", (1, 2, 3, 4), "the seat of the bidder: 1 (dealer) to 4"))
R.add(Context("VUL", "bool", (False, True), "the bidder's side is vulnerable"))
R.add(Context("THEYVUL", "bool", (False, True), "the opponents are vulnerable"))

# -- per suit, derived -------------------------------------------------------------------------
_derived("OUTSIDEACE", "bool", "any(t in SUITS: t != s and ACE(t))", "an ace outside the suit",
         params=(("s", "suit"),))
_derived("CANBEREBID", "bool",
         "(SUITLENGTH(s) >= 5 and SUITPOINTS(s) >= 4 and HONORCOUNT(s) >= 2) or SUITLENGTH(s) >= 6",
         "(len >= 5 and points >= 4 and honours >= 2) or len >= 6", params=(("s", "suit"),))
_derived("SLIDEPOINTS", "bool", "SUITPOINTS(s) >= n1 - n2 * SUITLENGTH(s)",
         "SUITPOINTS(s) >= n1 - n2 * SUITLENGTH(s)",
         params=(("s", "suit"), ("n1", "num"), ("n2", "num")))
_derived("MAJOR", "bool", "s >= 3", "S or H", params=(("s", "suit"),), group="suits")
_derived("MINOR", "bool", "s <= 2", "D or C", params=(("s", "suit"),), group="suits")
