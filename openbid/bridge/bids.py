"""BIDVAL (Appendix 5) and the printed bid.

BIDVAL is ``10 * level + strain`` with strain C=1 D=2 H=3 S=4 NT=5; 0 is pass. Two ranges are
conventional and print as one bid each: 1-5 is the strong 1C (the value records the source of
strength: a suit, or 5 for no trump) and 6-10 the very strong 2D (5 + suit, or 10 for no trump).
"""

from __future__ import annotations

from openbid.base.errors import OpenbidError
from openbid.bridge.notation import canonical_call

STRAINS = {1: "C", 2: "D", 3: "H", 4: "S", 5: "NT"}
# The double and the redouble, for rules after the opening: values no bid has (level 8, 9).
DOUBLE, REDOUBLE = 80, 90


def bid_text(bidval: int) -> str:
    """``0`` -> ``"PASS"``, ``3`` -> ``"1C"`` (strong), ``8`` -> ``"2D"`` (strong), ``43`` -> ``"4H"``."""
    if bidval == 0:
        return "PASS"
    if bidval == DOUBLE:
        return "X"
    if bidval == REDOUBLE:
        return "XX"
    if 1 <= bidval <= 5:
        return "1C"
    if 6 <= bidval <= 10:
        return "2D"
    level, strain = divmod(bidval, 10)
    if not (1 <= level <= 7 and strain in STRAINS):
        raise OpenbidError(f"BIDVAL {bidval} is not a bid")
    return f"{level}{STRAINS[strain]}"


def bid_note(bidval: int) -> str:
    """The source of strength recorded by a conventional BIDVAL, or ''."""
    if 1 <= bidval <= 5:
        return f"strong 1C, strength in {STRAINS[bidval]}"
    if 6 <= bidval <= 10:
        return f"strong 2D, strength in {STRAINS[bidval - 5]}"
    return ""


ALL_BIDS = ("PASS",) + tuple(f"{lv}{s}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT"))


VALID_BIDVALS = frozenset({0, *range(1, 11), DOUBLE, REDOUBLE}
                          | {10 * lv + st for lv in range(1, 8) for st in range(1, 6)})


STRAIN_OF = {v: k for k, v in STRAINS.items()}  # "C" -> 1 ... "NT" -> 5


def call_value(call: str) -> int:
    """The BIDVAL of a plain call: ``"PASS"`` -> 0, ``"1NT"`` -> 15, ``"2C"`` -> 21. A plain call
    is the natural BIDVAL of Appendix 5 (``10 * level + strain``), which prints as the call; the
    conventional ranges 1-10 (OPENBID's strong 1C and 2D) are never a plain call's value.
    Raises :class:`OpenbidError` for anything else (``8NT``, ``1X``)."""
    text = canonical_call(call)
    if text == "PASS":
        return 0
    if text == "X":
        return DOUBLE
    if text == "XX":
        return REDOUBLE
    return 10 * int(text[0]) + STRAIN_OF[text[1:]]
