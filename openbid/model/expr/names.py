"""What names an expression may use, with their types: the descriptors of Appendix 2 and the
outcome names of ``openbid find``. New descriptors (hand evaluators) are added by registering a
:class:`Signature` here and an implementation in each interpreter; a test checks they all agree.
"""

from __future__ import annotations

from dataclasses import dataclass

# Types: "num" (int or exact Fraction), "bool", "str", "suit" (a suit number, usable as a num).


@dataclass(frozen=True)
class Signature:
    name: str
    args: tuple[str, ...]
    result: str
    doc: str
    kind: str = "descriptor"  # or "outcome"


def _sig(name: str, args: str, result: str, doc: str, kind: str = "descriptor") -> Signature:
    return Signature(name, tuple(a for a in args.split(",") if a), result, doc, kind)


SIGNATURES: dict[str, Signature] = {
    s.name: s
    for s in (
        _sig("HCP", "", "num", "high-card points A=4 K=3 Q=2 J=1"),
        _sig("DISTP", "", "num", "distributional points: void 3, singleton 2, doubleton 1"),
        _sig("TOTALPTS", "", "num", "HCP + XTRP - SUB"),
        _sig("SUB", "", "num", "short-honour deductions less singleton aces"),
        _sig("XTRP", "", "num", "hand, 4333, aces and long-suit adjustments"),
        _sig("SUMP", "", "num", "HCP + DISTP - SUB (unused by OPENBID)"),
        _sig("ACES", "", "num", "number of aces"),
        _sig("KINGS", "", "num", "number of kings"),
        _sig("LONGEST", "", "num", "length of the longest suit"),
        _sig("STOP", "", "num", "number of SAFE suits"),
        _sig("PLAYTRICKS", "", "num", "sum of the suits' PLAYTRICKS"),
        _sig("VOIDFLAG", "", "bool", "some suit is void"),
        _sig("EVENDIST", "", "bool", "DISTP <= 1"),
        _sig("FOUR441", "", "bool", "shape 4441, 5521 or 5431"),
        _sig("SOLID", "", "bool", "Boolean procedure SOLID"),
        _sig("NOTRUMPTRY", "", "bool", "Boolean procedure NOTRUMPTRY"),
        _sig("SHAPE", "", "str", 'the distribution longest first, e.g. "4432"'),
        _sig("SP", "num", "num", "SP(i): the i-th largest SUITPOINTS, i = 1..4"),
        _sig("SUITLENGTH", "suit", "num", "cards in the suit"),
        _sig("SUITPOINTS", "suit", "num", "HCP in the suit"),
        _sig("HONORCOUNT", "suit", "num", "honours A K Q J T in the suit"),
        _sig("PT", "suit", "num", "PLAYTRICKS of the suit"),
        _sig("SAFE", "suit", "bool", "the suit is a stopper"),
        _sig("NOTR", "suit", "bool", "the suit is K alone or QJ alone"),
        _sig("ACE", "suit", "bool", "the hand holds the ace of the suit"),
        _sig("KING", "suit", "bool", "the hand holds the king of the suit"),
        _sig("QUEEN", "suit", "bool", "the hand holds the queen of the suit"),
        _sig("JACK", "suit", "bool", "the hand holds the jack of the suit"),
        _sig("TEN", "suit", "bool", "the hand holds the ten of the suit"),
        _sig("OUTSIDEACE", "suit", "bool", "an ace outside the suit"),
        _sig("CANBEREBID", "suit", "bool", "(len >= 5 and points >= 4 and honours >= 2) or len >= 6"),
        _sig("SLIDEPOINTS", "suit,num,num", "bool", "SUITPOINTS(s) >= n1 - n2 * SUITLENGTH(s)"),
        _sig("MAJOR", "suit", "bool", "S or H"),
        _sig("MINOR", "suit", "bool", "D or C"),
        _sig("bid", "", "str", 'the printed bid, "PASS", "1C" ... "7NT"', "outcome"),
        _sig("section", "", "str", 'the section label where the bid was made, e.g. "12a"', "outcome"),
        _sig("bidval", "", "num", "BIDVAL (Appendix 5)", "outcome"),
        _sig("meets", "str", "bool", 'meets("L"): the conditions of bid point/section L hold', "outcome"),
    )
}

SUIT_CONSTANTS = {"C": 1, "D": 2, "H": 3, "S": 4}
SUIT_GROUPS = {
    "SUITS": (4, 3, 2, 1),
    "SHD": (4, 3, 2),
    "MAJORS": (4, 3),
    "MINORS": (2, 1),
}
KEYWORDS = {"and", "or", "not", "in", "any", "all", "count", "true", "false"}


STRING_NAMES = ("SHAPE", "bid", "section")


def string_comparison(e) -> tuple[str, str, bool] | None:
    """For ``SHAPE = "4432"``, ``bid != "1S"``, ``section = "12a"`` (either side): (name, text,
    negated); None for any other comparison. Every reader (Z3, numpy) reads these the same way."""
    from openbid.model.errors import OpenbidError
    from openbid.model.expr.ast import Compare, Const, Name

    if not isinstance(e, Compare):
        return None
    for a, b in ((e.left, e.right), (e.right, e.left)):
        if isinstance(a, Name) and a.id in STRING_NAMES:
            if not (isinstance(b, Const) and isinstance(b.value, str)) or e.op not in ("=", "!="):
                raise OpenbidError(f"{a.id} can only be compared with = or != to a quoted value")
            return a.id, b.value, e.op == "!="
    return None


def bidvals_printing(text: str) -> list[int]:
    """Every BIDVAL that prints as ``text`` ("1C" is 1-5 and 11)."""
    from openbid.model.bids import bid_text
    from openbid.model.errors import OpenbidError

    out = []
    for v in range(76):
        try:
            if bid_text(v) == text.upper():
                out.append(v)
        except OpenbidError:
            pass
    return out
