"""OPENBID's literal Algol run on a hand: the readings of the disputed passages, the driver that
validates and sorts the hand, fills PLAYTRICKS' lookups, runs PRELIM and OPENBID
(:mod:`openbid.studies.paper.algol_text`, the transcription itself) and reports what they leave
behind; and helpers for tests and callers. The transcription's procedures are re-exported here,
so ``algol.PRELIM`` is the transcription's PRELIM.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from openbid.base.errors import HandError
from openbid.hands.playtricks import holding_name, table_value
from openbid.studies.paper.algol_text import (ASORT, CANBEREBID, MAJOR, MAJORS, MINOR, NOTRUMPTRY, OPENBID,
                                             OUTSIDEACE, PLAYINGTRICKS, PRELIM, SECTIONS, SHD,
                                             SLIDEPOINTS, SOLID, SUITS)

__all__ = [
    "AlgolReadings", "AlgolResult", "AlgolHandError", "algol_openbid", "cards_from_suits",
    "BIDVAL_TEXT", "ASORT", "CANBEREBID", "MAJOR", "MAJORS", "MINOR", "NOTRUMPTRY", "OPENBID",
    "OUTSIDEACE", "PLAYINGTRICKS", "PRELIM", "SECTIONS", "SHD", "SLIDEPOINTS", "SOLID", "SUITS",
]


@dataclass(frozen=True)
class AlgolReadings:
    """Which reading of a disputed passage the transcription follows (see module docstring)."""

    playtricks: str = "table"  # "procedure" | "table" | "table-fixed"
    solid: str = "corrected"  # "corrected" | "as-printed"
    notrumptry: str = "code"  # "code" | "appendix2"


@dataclass(frozen=True)
class AlgolResult:
    """What OPENBID leaves behind for one hand.

    ``bidval``: BIDVAL (0 = pass); ``section``: synopsis label of the statement that set the final
    BIDVAL (``"1"`` for NOBID, ``"14"`` for falling through to TEXT with BIDVAL 0); ``prelim``: the
    descriptions PRELIM computed (plus OPENBID's FOUR441 and SP); ``rebiddable``: REBIDDABLE as set
    at TEXT, ``CANBEREBID(OPENVAL MOD 5)``.
    """

    bidval: int
    section: str
    prelim: Mapping[str, object]
    rebiddable: bool = False


class AlgolHandError(HandError, ValueError):
    """A hand the transcription cannot take (not 13 distinct cards numbered 1..52)."""


# PLAYTRICKS of one suit per reading, computed once for every (A, K, Q, J, length) cell by the
# literal PLAYINGTRICKS above ("procedure") or by Appendix 3 (``table_value``), and looked up by
# PRELIM at  index = (8*ACE + 4*KING + 2*QUEEN + JACK) * 14 + LNG.  None marks a length the
# holding cannot have (fewer cards than honours, or more than honours + 9 spot cards T..2).
def _pt_lookup(source: str) -> tuple[int | None, ...]:
    cells: list[int | None] = []
    for code in range(16):
        ace, king, queen, jack = bool(code & 8), bool(code & 4), bool(code & 2), bool(code & 1)
        honours = ace + king + queen + jack
        for lng in range(14):
            if lng < honours or lng > honours + 9:
                cells.append(None)
            elif source == "procedure":
                points = 4 * ace + 3 * king + 2 * queen + jack
                cells.append(PLAYINGTRICKS(lng, points, ace, king))
            else:
                name = holding_name(ace, king, queen, jack)
                cells.append(table_value(name, lng, fixed=(source == "table-fixed")))
    return tuple(cells)


_PT_LOOKUPS = {source: _pt_lookup(source) for source in ("procedure", "table", "table-fixed")}
_SOLID_READINGS = ("corrected", "as-printed")
_NOTRUMPTRY_READINGS = ("code", "appendix2")


# --------------------------------------------------------------------------------------------
# The driver: validate and sort the hand, run PRELIM and OPENBID, and report.
# --------------------------------------------------------------------------------------------
_DEFAULT_READINGS = AlgolReadings()
_CONFIGS: dict[AlgolReadings, tuple[tuple[int | None, ...], bool, bool]] = {}


def _config(readings: AlgolReadings) -> tuple[tuple[int | None, ...], bool, bool]:
    config = _CONFIGS.get(readings)
    if config is None:
        if readings.playtricks not in _PT_LOOKUPS:
            raise ValueError(f"unknown playtricks reading {readings.playtricks!r}")
        if readings.solid not in _SOLID_READINGS:
            raise ValueError(f"unknown solid reading {readings.solid!r}")
        if readings.notrumptry not in _NOTRUMPTRY_READINGS:
            raise ValueError(f"unknown notrumptry reading {readings.notrumptry!r}")
        config = (
            _PT_LOOKUPS[readings.playtricks],
            readings.solid == "as-printed",
            readings.notrumptry == "appendix2",
        )
        _CONFIGS[readings] = config
    return config


def algol_openbid(cards: Sequence[int], readings: AlgolReadings = _DEFAULT_READINGS) -> AlgolResult:
    """Run PRELIM and OPENBID on a hand given as 13 card numbers (Appendix 5), in any order."""
    ptlookup, solid_printed, ntt_appendix2 = _config(readings)
    # The (excluded) sort procedure leaves HAND[1..13] in descending card number.
    HAND = sorted(cards, reverse=True)
    if len(HAND) != 13 or len(set(HAND)) != 13 or HAND[12] < 1 or HAND[0] > 52:
        raise AlgolHandError(f"a hand is 13 distinct card numbers 1..52, got {list(cards)!r}")
    HAND.insert(0, 0)  # HAND(1:13): slot 0 unused
    P = PRELIM(HAND, ptlookup)
    BIDVAL, section, FOUR441, SP = OPENBID(P, HAND, solid_printed, ntt_appendix2)
    (
        SUITLENGTH, SUITPOINTS, HONORCOUNT, NOTR, SAFE, PT,
        HCP, DISTP, TOTALPTS, SUB, XTRP, SUMP, ACES, KINGS, LONGEST, STOP, PLAYTRICKS,
        VOIDFLAG, EVENDIST,
    ) = P  # fmt: skip
    # TEXT: ... OPENVAL<-BIDVAL[B]; REBIDDABLE[B]<- CANBEREBID(OPENVAL MOD 5);     (erratum E6)
    #   (OPENVAL MOD 5 = 0 for a pass or a no-trump bid: SUITLENGTH[B,0] = 0, so FALSE)
    REBIDDABLE = CANBEREBID(BIDVAL % 5, SUITLENGTH, SUITPOINTS, HONORCOUNT)
    prelim = {
        "HCP": HCP,
        "DISTP": DISTP,
        "TOTALPTS": TOTALPTS,
        "SUB": SUB,
        "XTRP": XTRP,
        "SUMP": SUMP,
        "ACES": ACES,
        "KINGS": KINGS,
        "LONGEST": LONGEST,
        "STOP": STOP,
        "PLAYTRICKS": PLAYTRICKS,
        "VOIDFLAG": VOIDFLAG,
        "EVENDIST": EVENDIST,
        "FOUR441": FOUR441,
        "SP": tuple(SP[1:5]),
        "SUITLENGTH": tuple(SUITLENGTH[1:5]),
        "SUITPOINTS": tuple(SUITPOINTS[1:5]),
        "HONORCOUNT": tuple(HONORCOUNT[1:5]),
        "NOTR": tuple(NOTR[1:5]),
        "SAFE": tuple(SAFE[1:5]),
        "PT": tuple(PT[1:5]),
    }
    return AlgolResult(BIDVAL, section, prelim, REBIDDABLE)


# --------------------------------------------------------------------------------------------
# Helpers for tests and callers.
# --------------------------------------------------------------------------------------------
_RANK_NUMBER = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "T": 10, "J": 11, "Q": 12, "K": 13,
}  # fmt: skip


def cards_from_suits(spades: str, hearts: str, diamonds: str, clubs: str) -> list[int]:
    """The 13 card numbers (Appendix 5) of a hand given suit by suit, e.g. ``("AKJ32", "", ...)``.

    Ranks are ``AKQJT98765432`` (``10`` is accepted for ``T``, lower case too; ``-`` is a void).
    Raises ValueError (an :class:`AlgolHandError`) on an unknown rank, a repeated card, or a hand
    that is not 13 cards.
    """
    cards: list[int] = []
    for offset, holding in ((39, spades), (26, hearts), (13, diamonds), (0, clubs)):
        text = holding.strip().upper().replace("10", "T")
        if text == "-":
            text = ""
        for ch in text:
            if ch.isspace():
                continue
            if ch not in _RANK_NUMBER:
                raise AlgolHandError(f"unknown rank {ch!r} in {holding!r}")
            card = _RANK_NUMBER[ch] + offset
            if card in cards:
                raise AlgolHandError(f"card {ch!r} given twice in {holding!r}")
            cards.append(card)
    if len(cards) != 13:
        raise AlgolHandError(f"a hand has 13 cards, these suits hold {len(cards)}")
    return cards


def BIDVAL_TEXT(bidval: int) -> str:
    """The printed bid of a BIDVAL (Appendix 5): printing is not part of OPENBID's logic, so the
    reference shares openbid.bridge.bids with the engine."""
    from openbid.bridge.bids import bid_text

    return bid_text(bidval)
