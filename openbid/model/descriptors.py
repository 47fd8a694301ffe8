"""PRELIM: the hand descriptors OPENBID reads (Appendix 2), as the 1967 code computes them.

Everything here is a function of each suit's honours (A K Q J T) and length: that is all PRELIM
looks at. Where the OCR'd Algol had to be read (docs/ERRATA.md), the reading is a field of
:class:`Readings`; the default is the reading the evidence supports.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache

from openbid.model.hand import Hand
from openbid.model.playtricks import PLAYTRICKS_SOURCES, suit_playtricks

SUITS_ALGOL = (4, 3, 2, 1)  # the Algol's ``SUITS``: S, H, D, C
SOLID_READINGS = ("corrected", "as-printed")
NOTRUMPTRY_READINGS = ("code", "appendix2")


@dataclass(frozen=True)
class Readings:
    """How the OCR'd code is read where the paper's evidence was needed (docs/ERRATA.md).

    playtricks: ``table`` (Appendix 3 as printed), ``procedure`` (PLAYINGTRICKS as printed) or
        ``table-fixed`` (Appendix 3 with its footnote's correction) - erratum P.
    solid: ``corrected`` (``SUITPOINTS <= 2``) or ``as-printed`` (``SUITPOINTS >= 2``) - erratum E11.
    notrumptry: ``code`` (the printed thresholds) or ``appendix2`` (Appendix 2's "at least Kx /
        at least Qxx") - note N1.
    """

    playtricks: str = "table"
    solid: str = "corrected"
    notrumptry: str = "code"

    def __post_init__(self) -> None:
        for name, allowed in (("playtricks", PLAYTRICKS_SOURCES), ("solid", SOLID_READINGS),
                              ("notrumptry", NOTRUMPTRY_READINGS)):
            value = getattr(self, name)
            if value not in allowed:
                from openbid.model.errors import OpenbidError

                raise OpenbidError(f"unknown {name} reading {value!r}; known: {', '.join(allowed)}")

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT_READINGS = Readings()


@dataclass(frozen=True)
class SuitFacts:
    """What PRELIM derives from one suit (honour flags and length)."""

    length: int
    ace: bool
    king: bool
    queen: bool
    jack: bool
    ten: bool
    points: int
    honours: int
    sub: int  # this suit's contribution to SUB
    safe: bool
    notr: bool
    pt: int


@lru_cache(maxsize=None)
def suit_facts(mask: int, length: int, playtricks: str) -> SuitFacts:
    """PRELIM's per-suit statements (Appendix 1, the loop over K = 3 .. 0), for honour ``mask``
    (bit 4 = A, 3 = K, 2 = Q, 1 = J, 0 = T) and ``length``."""
    a, k, q, j, t = (bool(mask >> b & 1) for b in (4, 3, 2, 1, 0))
    if length == 0:  # IF SL[L]=0 THEN GO TO OUT: nothing else is computed for a void
        return SuitFacts(0, False, False, False, False, False, 0, 0, 0, False, False, 0)
    sub = 0
    if a and length == 1:
        sub -= 1  # singleton ace: SUB - 1, i.e. TOTALPTS + 1
    if k and length == 1:
        sub += 2  # singleton king (erratum E1: SUR is SUB)
    if q and length < 3:
        sub += 3 - length  # singleton queen 2, doubleton queen 1
    if j and length < 3:
        sub += 1  # singleton or doubleton jack
    points = 4 * a + 3 * k + 2 * q + j  # erratum E9: the king adds 3, not 1
    safe = a or (k and length != 1) or length >= 3
    notr = (k and length == 1) or (length == 2 and q and j)
    pt = suit_playtricks(playtricks, a, k, q, j, length)
    return SuitFacts(length, a, k, q, j, t, points, a + k + q + j + t, sub, safe, notr, pt)


@dataclass(frozen=True)
class Descriptors:
    """PRELIM's output for one hand. Per-suit tuples are indexed by the Algol's suit number
    (index 0 unused): ``SUITLENGTH[4]`` is the spade length."""

    HCP: int
    DISTP: int
    TOTALPTS: int
    SUB: int
    XTRP: int
    SUMP: int
    ACES: int
    KINGS: int
    LONGEST: int
    STOP: int
    PLAYTRICKS: int
    VOIDFLAG: bool
    EVENDIST: bool
    FOUR441: bool
    SOLID: bool
    NOTRUMPTRY: bool
    SHAPE: str
    SP: tuple[int, int, int, int, int]  # SP[1] >= SP[2] >= SP[3] >= SP[4]; SP[0] unused
    SUITLENGTH: tuple[int, ...]
    SUITPOINTS: tuple[int, ...]
    HONORCOUNT: tuple[int, ...]
    PT: tuple[int, ...]
    SAFE: tuple[bool, ...]
    NOTR: tuple[bool, ...]
    ACE: tuple[bool, ...]
    KING: tuple[bool, ...]
    QUEEN: tuple[bool, ...]
    JACK: tuple[bool, ...]
    TEN: tuple[bool, ...]

    def OUTSIDEACE(self, suit: int) -> bool:
        return any(self.ACE[s] for s in SUITS_ALGOL if s != suit)

    def CANBEREBID(self, suit: int) -> bool:
        n = self.SUITLENGTH[suit]
        return (n >= 5 and self.SUITPOINTS[suit] >= 4 and self.HONORCOUNT[suit] >= 2) or n >= 6

    def SLIDEPOINTS(self, suit: int, n1: int, n2: int) -> bool:
        return self.SUITPOINTS[suit] >= n1 - n2 * self.SUITLENGTH[suit]

    @staticmethod
    def MAJOR(suit: int) -> bool:
        return suit >= 3

    @staticmethod
    def MINOR(suit: int) -> bool:
        return suit <= 2

    def table(self) -> dict[str, object]:
        """Every descriptor by name, per-suit ones as ``{"S": .., "H": .., "D": .., "C": ..}``."""
        out: dict[str, object] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "SP":
                out["SP"] = list(v[1:])
            elif isinstance(v, tuple):
                out[f.name] = {"SHDC"[4 - s]: v[s] for s in SUITS_ALGOL}
            else:
                out[f.name] = v
        for name in ("OUTSIDEACE", "CANBEREBID"):
            out[name] = {"SHDC"[4 - s]: getattr(self, name)(s) for s in SUITS_ALGOL}
        return out


def describe(hand: Hand, readings: Readings = DEFAULT_READINGS) -> Descriptors:
    """PRELIM for ``hand`` (spot cards are irrelevant; classes with ``x`` spots are fine)."""
    return describe_key(hand.key, readings)


@lru_cache(maxsize=1 << 16)
def describe_key(key: tuple[tuple[int, int], ...], readings: Readings = DEFAULT_READINGS) -> Descriptors:
    """PRELIM for a hand given as ((honour mask, length) for C, D, H, S)."""
    facts = (None,) + tuple(suit_facts(m, n, readings.playtricks) for m, n in key)
    per = range(1, 5)
    lengths = (0,) + tuple(facts[s].length for s in per)  # type: ignore[union-attr]
    points = (0,) + tuple(facts[s].points for s in per)  # type: ignore[union-attr]
    sl = sorted(lengths[1:], reverse=True)  # ASORT(SL, 4)
    distp = sum(3 - n for n in sl[1:] if n < 3)  # erratum E10: 3 - SL[I], not SL[I] + 3
    aces = sum(facts[s].ace for s in per)  # type: ignore[union-attr]
    xtrp = 1
    if distp == 0:
        xtrp -= 1
    if aces == 0:
        xtrp -= 1
    if aces == 4:
        xtrp += 1
    for n in sl[:2]:
        if n >= 5:
            xtrp += 2 * (n - 5) + 1  # erratum E12: * is multiplication here
    sub = sum(facts[s].sub for s in per)  # type: ignore[union-attr]
    hcp = sum(points)
    sp = sorted(points[1:], reverse=True)
    notr = (False,) + tuple(facts[s].notr for s in per)  # type: ignore[union-attr]
    if readings.solid == "corrected":  # erratum E11
        solid = not any((points[s] <= 2 and lengths[s] <= 4) or notr[s] for s in per)
    else:
        solid = not any((points[s] >= 2 and lengths[s] <= 4) or notr[s] for s in per)
    two, three = (3, 2) if readings.notrumptry == "code" else (2, 1)  # note N1
    notrumptry = not any(
        (points[s] <= two and lengths[s] == 2) or (points[s] <= three and lengths[s] == 3)
        or lengths[s] <= 1 or notr[s]
        for s in per
    )

    def col(attr: str) -> tuple:
        return (0 if attr not in ("safe", "notr", "ace", "king", "queen", "jack", "ten") else False,) + tuple(
            getattr(facts[s], attr) for s in per)

    return Descriptors(
        HCP=hcp,
        DISTP=distp,
        TOTALPTS=hcp + xtrp - sub,
        SUB=sub,
        XTRP=xtrp,
        SUMP=hcp + distp - sub,
        ACES=aces,
        KINGS=sum(facts[s].king for s in per),  # type: ignore[union-attr]
        LONGEST=sl[0],
        STOP=sum(facts[s].safe for s in per),  # type: ignore[union-attr]
        PLAYTRICKS=sum(facts[s].pt for s in per),  # type: ignore[union-attr]
        VOIDFLAG=any(n == 0 for n in sl[1:]),
        EVENDIST=distp <= 1,
        FOUR441=sl[0] <= 5 and any(n == 1 for n in sl),
        SOLID=solid,
        NOTRUMPTRY=notrumptry,
        SHAPE="".join(str(n) for n in sl),
        SP=(0, *sp),  # type: ignore[arg-type]
        SUITLENGTH=lengths,
        SUITPOINTS=points,
        HONORCOUNT=col("honours"),
        PT=col("pt"),
        SAFE=col("safe"),
        NOTR=notr,
        ACE=col("ace"),
        KING=col("king"),
        QUEEN=col("queen"),
        JACK=col("jack"),
        TEN=col("ten"),
    )
