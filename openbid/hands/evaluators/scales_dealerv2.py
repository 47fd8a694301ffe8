"""dealerv2's own code for the eight metrics of seed 002, re-expressed exactly: ``<NAME>_DEALERV2``.

The code is dealerv2's UserEval ``alt_HCP_calc`` (:data:`SOURCE`): per suit ``Stiff_Hon_pts``,
``Dblton_Hon_pts`` or ``Long_Hxx_pts`` (with ``OPCjgmSyn`` for OPCjgm), in single-precision
``float``; then per suit ``roundf(value * 100.0)`` (an int "x 100"), per hand the float sum of the
four suits, ``roundf(sum * 100.0)`` and ``Pav_round(sum, body)``. Nothing of the C is copied: the
logic is restated here, its tables transcribed as the decimal literals it prints (cited by line),
and its float arithmetic emulated exactly on rationals (:func:`f32`, :func:`f64`: IEEE-754 binary32
and binary64, round to nearest even; x86-64, where ``FLT_EVAL_METHOD`` is 0 and ``float_t`` is
``float``, so every ``float`` operation rounds to binary32 and a ``float`` meeting a ``double``
constant is computed in binary64).

**Separability.** The per-suit x100 value depends on the suit alone, and the hand's x100 value
``roundf(sum * 100.0)`` equals the sum of the four per-suit x100 values on every hand: the float
errors are bounded below 1/2 (:func:`x100_error_bound`, exact), so the rounding lands on the exact
integer. ``<NAME>_DEALERV2`` is therefore the separable evaluator whose holding value is the suit's
x100 integer / 100. ``Pav_round`` of the float sum (the C's rounded points) is not separable (a
rounding of the whole sum, with the body value); :func:`hand_result` computes it, and
:func:`rounding_disagreements` proves it equals :func:`~openbid.hands.evaluators.scales.pavround`
of the separable total on every hand.

Every difference from the seed's text is a :class:`Departure`; :func:`count_table` counts, exactly
over all C(52, 13) hands (openbid.hands.evaluators.distribution), where the totals differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from openbid.hands.evaluators import scales
from openbid.hands.evaluators.form import Evaluator, Number, holdings
from openbid.hands.evaluators.scales import METRICS, pavround
from openbid.hands.evaluators.distribution import difference, distribution

REPO = "dealerv2/DealerV2_4"
COMMIT = "16082d8c3b83a8c0b414946504f9fd24ac100372"
"""The snapshot read (2025-07-14). Alt_HCP_calc.c last changed at dd670f0 (2025-06-25), which
changed AKQJ's OPCjgm Jack bonus from +1.0 to +0.5 (departure ``opc-akqj-jack``)."""
PATH = "UserEval/src/Alt_HCP_calc.c"
SOURCE = f"github.com/{REPO}/{PATH}@{COMMIT}"
HELPERS = {
    "Pav_round, Pav_body_val": f"github.com/{REPO}/UserEval/src/metrics_util_subs.c@{COMMIT} "
                               "lines 588-620",
    "upd_topcards, init_tops": f"github.com/{REPO}/src/dealeval_subs.c@{COMMIT} lines 63-97",
    "ltc weights": f"github.com/{REPO}/include/dealglobals.c@{COMMIT} line 202",
    "LTC_VOID_WEIGHT, rank_ek": f"github.com/{REPO}/include/dealdefs.h@{COMMIT} lines 114, 139",
    "metric_ek (HCPT050=20 ... OPCjgm=27)":
        f"github.com/{REPO}/UserEval/include/UserEval_types.h@{COMMIT} line 28",
}

# ---------------------------------------------------------------------------------------------
# Exact IEEE-754 arithmetic on rationals


def _round_binary(x: Fraction, precision: int, emin: int, emax: int) -> Fraction:
    """``x`` rounded to the nearest binary floating-point number of ``precision`` significand
    bits, ties to even (normal range only: a value that would be subnormal or overflow raises)."""
    x = Fraction(x)
    if x == 0:
        return Fraction(0)
    sign = 1 if x > 0 else -1
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    if not emin <= e <= emax:
        raise OverflowError(f"{x} is outside the normal range of the format")
    scale = Fraction(2) ** (precision - 1 - e)
    scaled = a * scale
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q % 2 == 1):
        q += 1
    return sign * Fraction(q) / scale


def f32(x: Number) -> Fraction:
    """The binary32 (C ``float``) value nearest ``x``, exactly."""
    return _round_binary(Fraction(x), 24, -126, 127)


def f64(x: Number) -> Fraction:
    """The binary64 (C ``double``) value nearest ``x``, exactly."""
    return _round_binary(Fraction(x), 53, -1022, 1023)


def literal(text: str) -> Fraction:
    """A C decimal literal (a ``double``) stored in a ``float`` / ``float_t`` table."""
    return f32(f64(Fraction(text)))


def c_trunc(x: Fraction) -> int:
    """C's conversion of a floating value to ``int``: toward zero."""
    n = abs(x.numerator) // x.denominator
    return n if x >= 0 else -n


def c_roundf(x: Fraction) -> int:
    """``roundf``: to the nearest integer, halves away from zero (``x`` already a float)."""
    n = (2 * abs(x.numerator) + x.denominator) // (2 * x.denominator)
    return n if x >= 0 else -n


def fadd(a: Fraction, b: Fraction) -> Fraction:
    """``float + float`` (binary32, FLT_EVAL_METHOD 0)."""
    return f32(a + b)


def fadd_double(a: Fraction, constant: str) -> Fraction:
    """``float_var += double_constant``: computed in double, stored back to float."""
    return f32(f64(a + f64(Fraction(constant))))


def x100(value: Fraction) -> int:
    """``roundf(value * 100.0)``: the float times a double, converted to float for ``roundf``."""
    return c_roundf(f32(f64(value * 100)))


# ---------------------------------------------------------------------------------------------
# The C's tables, transcribed from Alt_HCP_calc.c (row order = metric - 20; A K Q J T)

C_NAMES = ("HCPT050", "HCPA425", "HCPAT475", "Bumwrap", "Woolsey", "And5ths", "BWjgm", "OPCjgm")
"""Line 32, ``alt_HCP_names``; index = metric - ALTHCP_OFFSET (line 12: 20)."""

C_STIFF: dict[str, tuple[str, ...]] = {  # alt_stiff_H_pts, lines 34-40
    "HCPT050": ("4.00", "2.00", "1.00", "0.00", "0.00"),
    "HCPA425": ("4.25", "2.00", "1.00", "0.00", "0.00"),
    "HCPAT475": ("4.50", "2.00", "1.00", "0.00", "0.00"),
    "BUMWRAP": ("4.50", "2.00", "0.50", "0.00", "0.00"),
    "WOOLSEY": ("4.50", "2.00", "0.75", "0.00", "0.00"),
    "ANDY5THS": ("4.00", "1.80", "0.80", "0.00", "0.00"),
    "BWJGM": ("4.25", "2.00", "0.75", "0.00", "0.00"),
    "OPCJGM": ("4.25", "2.00", "0.50", "0.00", "0.00"),
}
C_STIFF_LINES = {m: 36 + i // 2 for i, m in enumerate(METRICS)}

C_DOUBLETON: dict[str, tuple[str, ...]] = {  # alt_dbl_HH_pts, lines 58-68 (columns line 59)
    "HCPT050": ("7.00", "6.00", "5.00", "4.50", "4.00", "4.00", "3.25", "3.00", "3.00", "2.00",
                "1.50", "1.00", "0.00", "0.00", "0.00", "0.00"),
    "HCPA425": ("7.25", "6.25", "5.25", "4.25", "4.25", "4.00", "3.25", "3.00", "3.00", "2.00",
                "1.00", "1.00", "0.00", "0.00", "0.00", "0.00"),
    "HCPAT475": ("7.25", "6.25", "5.25", "4.75", "4.25", "4.00", "3.25", "3.00", "3.00", "2.00",
                 "1.50", "1.00", "0.00", "0.00", "0.00", "0.00"),
    "BUMWRAP": ("7.50", "6.00", "5.25", "4.75", "4.50", "3.50", "3.00", "3.00", "3.00", "1.25",
                "1.00", "0.75", "0.00", "0.00", "0.00", "0.00"),
    "WOOLSEY": ("7.50", "6.25", "5.25", "4.50", "4.50", "3.75", "3.00", "3.00", "3.00", "1.50",
                "1.00", "0.75", "0.00", "0.00", "0.00", "0.00"),
    "ANDY5THS": ("6.80", "5.80", "5.00", "4.40", "4.00", "3.60", "3.20", "2.80", "2.80", "1.80",
                 "1.20", "0.80", "0.00", "0.00", "0.00", "0.00"),
    "BWJGM": ("7.25", "6.00", "5.00", "4.50", "4.25", "3.75", "3.25", "3.00", "3.00", "1.50",
              "1.00", "0.75", "0.00", "0.00", "0.00", "0.00"),
    "OPCJGM": ("6.25", "5.25", "4.75", "4.25", "4.25", "4.50", "3.25", "3.00", "3.00", "2.00",
               "1.50", "1.00", "0.50", "0.00", "0.00", "0.00"),
}
C_DOUBLETON_LINES = {m: 60 + i for i, m in enumerate(METRICS)}

C_LONG: dict[str, tuple[str, ...]] = {  # alt_Hxx_pts, lines 69-75 ("starting HCP value in 3+ suit")
    "HCPT050": ("4.00", "3.00", "2.00", "1.00", "0.50"),
    "HCPA425": ("4.25", "3.00", "2.00", "1.00", "0.00"),
    "HCPAT475": ("4.25", "3.00", "2.00", "1.00", "0.50"),
    "BUMWRAP": ("4.50", "3.00", "1.50", "0.75", "0.25"),
    "WOOLSEY": ("4.50", "3.00", "1.75", "0.75", "0.00"),
    "ANDY5THS": ("4.00", "2.80", "1.80", "1.00", "0.40"),
    "BWJGM": ("4.25", "3.00", "1.75", "0.75", "0.25"),
    "OPCJGM": ("4.25", "3.00", "1.50", "0.50", "0.00"),
}
C_LONG_LINES = {m: 71 + i // 2 for i, m in enumerate(METRICS)}

# The doubleton switch (lines 107-124): weight sum of the top two cards -> column of line 59.
_DOUBLETON_CASES = {96: "AK", 80: "AQ", 72: "AJ", 68: "AT", 65: "Ax", 48: "KQ", 40: "KJ",
                    36: "KT", 33: "Kx", 24: "QJ", 20: "QT", 17: "Qx", 12: "JT", 9: "Jx", 5: "Tx"}
# The stiff switch (lines 91-98): weight of the one card -> column A K Q J T.
_STIFF_CASES = {64: 0, 32: 1, 16: 2, 8: 3, 4: 4}

# ---------------------------------------------------------------------------------------------
# A suit as dealer sees it

WEIGHT = {"A": 64, "K": 32, "Q": 16, "J": 8, "T": 4}
"""dealglobals.c line 202 (idxLTCwts): A 64, K 32, Q 16, J 8, T 4, every card 9-2 weight 1."""
VOID_WEIGHT = 128
"""dealdefs.h LTC_VOID_WEIGHT: an empty slot of ``topcards``."""
_RANK_OF = {w: r for r, w in WEIGHT.items()}


def weight(rank: str) -> int:
    return WEIGHT.get(rank, 1)


def topcards(cards: str) -> tuple[int, int, int]:
    """The weights of the suit's three highest cards (128 for a missing card), built as dealer's
    ``upd_topcards`` builds them, card by card in the order given (the result does not depend on
    the order: cards of equal weight are interchangeable)."""
    top = [VOID_WEIGHT, VOID_WEIGHT, VOID_WEIGHT]
    for rank in cards:
        w = weight(rank)
        if top[0] == VOID_WEIGHT:
            top[0] = w
        elif top[0] < w:
            top[:] = [w, top[0], top[1]]
        elif top[1] == VOID_WEIGHT:
            top[1] = w
        elif top[1] < w:
            top[1:] = [w, top[1]]
        elif top[2] == VOID_WEIGHT:
            top[2] = w
        elif top[2] < w:
            top[2] = w
    return top[0], top[1], top[2]


# ---------------------------------------------------------------------------------------------
# The per-suit functions, restated


def stiff_float(metric: str, cards: str) -> Fraction:
    """``Stiff_Hon_pts`` (lines 86-101): the stiff table by the card's weight; a spot card 0.0."""
    column = _STIFF_CASES.get(topcards(cards)[0])
    return Fraction(0) if column is None else literal(C_STIFF[metric][column])


def doubleton_float(metric: str, cards: str) -> Fraction:
    """``Dblton_Hon_pts`` (lines 103-127): the table by the two weights' sum; two spots 0.0."""
    t = topcards(cards)
    column = _DOUBLETON_CASES.get(t[0] + t[1])
    if column is None:
        return Fraction(0)
    return literal(C_DOUBLETON[metric][scales.DOUBLETON_COLUMNS.index(column)])


def _opc_syn(mask: int, has: Callable[[str], bool]) -> Fraction:
    """``OPCjgmSyn`` (lines 254-313): OPCjgm's upgrades by the top-three mask, added in float.
    ``has(rank)`` is ``Has_card`` of the suit (JACK, TEN, NINE are read)."""
    steps: list[str] = []
    if mask == 112:                                   # AKQ: Q +0.5; J +0.5 and T +1.0, or T +0.75
        steps.append("0.5")
        if has("J"):
            steps.append("0.5")
            if has("T"):
                steps.append("1.0")
        elif has("T"):
            steps.append("0.75")
    elif mask in (104, 88, 56):                       # AKJ (J +0.5), AQJ / KQJ (Q, J +1.0)
        steps.append("0.5" if mask == 104 else "1.0")
        if has("T"):                                  # T with J +1.0; then 9 with J and T +0.5
            steps.append("1.0")
            if has("9"):
                steps.append("0.5")
    elif mask in (76, 44, 28):                        # AJT, KJT (+1.5), QJT (+2.0); 9 +0.5
        steps.append("2.0" if mask == 28 else "1.5")
        if has("9"):
            steps.append("0.5")
    else:
        flat = {100: "0.25", 84: "1.25", 81: "0.5", 73: "0.5", 52: "1.25", 49: "0.5", 41: "0.5",
                37: "0.25", 25: "1.0", 21: "0.75", 13: "1.5"}
        steps.append(flat.get(mask, "0.0"))
    syn = Fraction(0)
    for step in steps:
        syn = fadd_double(syn, step)
    return syn


def long_float(metric: str, cards: str) -> Fraction:
    """``Long_Hxx_pts`` (lines 129-250) for a suit of 3+ cards.

    The value starts as the float sum, high to low, of the table values of the honours among the
    suit's top three cards (weight sum = ``w_mask``). Then: OPCjgm adds ``OPCjgmSyn`` (every
    mask of two or three honours with a Q, J or T); any other metric adds, only for AKQ, its J and
    T values if held, and only for AKJ, its T value if held: an honour below the top three is
    otherwise not counted (AQJT, KQJT lose the Ten).
    """
    has = set(cards).__contains__
    t = topcards(cards)
    mask = sum(t)
    values = [literal(v) for v in C_LONG[metric]]
    value: Fraction | None = None
    for w in t:
        if w in _RANK_OF:
            v = values["AKQJT".index(_RANK_OF[w])]
            value = v if value is None else fadd(value, v)
    value = Fraction(0) if value is None else value
    if metric == "OPCJGM":
        return fadd(value, _opc_syn(mask, has))
    extra = Fraction(0)
    if mask == 112:                                   # AKQ + J + T (lines 136-144)
        if has("J"):
            extra = values[3]
        if has("T"):
            extra = fadd(extra, values[4])
        return fadd(value, extra)
    if mask == 104:                                   # AKJ + T (lines 145-152)
        if has("T"):
            extra = values[4]
        return fadd(value, extra)
    return value


def suit_float(metric: str, cards: str) -> Fraction:
    """One suit's ``suit_alt_hcp`` (lines 329-332), the exact value of the C float."""
    n = len(cards)
    if n >= 3:
        return long_float(metric, cards)
    if n == 2:
        return doubleton_float(metric, cards)
    if n == 1:
        return stiff_float(metric, cards)
    return Fraction(0)


def suit_x100(metric: str, cards: str) -> int:
    """One suit's ``suit_alt_ihcp`` (line 334): ``roundf(suit_alt_hcp * 100.0)``."""
    return x100(suit_float(metric, cards))


def body(suits: tuple[str, str, str, str]) -> int:
    """``Pav_body_val``: per suit 1 for the 8, 2 for the 9, 3 for the Ten."""
    return sum(("8" in s) + 2 * ("9" in s) + 3 * ("T" in s) for s in suits)


def pav_round_c(value: Fraction, body_value: int) -> int:
    """``Pav_round(float_t val, int body)`` (metrics_util_subs.c lines 614-620) on the float
    ``value``: q = (int) val (toward zero); r = (int) ((val - q) * 100.0) (the difference in
    float, the product in double, truncated); up if r > 55, or 45 <= r <= 55 with body >= 12."""
    q = c_trunc(value)
    r = c_trunc(f64(f32(value - q) * 100))
    return q + 1 if r > 55 or (45 <= r <= 55 and body_value >= 12) else q


@dataclass(frozen=True)
class HandResult:
    """What ``alt_HCP_calc`` computes for one seat (lines 324-341)."""

    suits_x100: tuple[int, int, int, int]
    """``suit_alt_ihcp`` in the C's suit order: clubs, diamonds, hearts, spades."""
    total_float: Fraction
    """``hand_alt_hcp``: the float sum, clubs first, as an exact rational."""
    total_x100: int
    """``hand_alt_ihcp = roundf(hand_alt_hcp * 100.0)`` (reported as ``hldf_pts_seat``)."""
    body: int
    rounded: int
    """``nt_pts_seat = Pav_round(hand_alt_hcp, pav_body)``."""


def hand_result(metric: str, suits: tuple[str, str, str, str]) -> HandResult:
    """The C's computation for a hand given as (spades, hearts, diamonds, clubs) ranks."""
    order = tuple(reversed(suits))  # suit 0 is clubs (dealdefs.h SUIT_CLUB 0 ... SUIT_SPADE 3)
    total = Fraction(0)
    per = []
    for cards in order:
        v = suit_float(metric, cards)
        total = fadd(total, v)
        per.append(x100(v))
    b = body(suits)
    four = (per[0], per[1], per[2], per[3])
    return HandResult(four, total, x100(total), b, pav_round_c(total, b))


# ---------------------------------------------------------------------------------------------
# The evaluators

READS = {m: "AKQJT9" if m == "OPCJGM" else "AKQJT" for m in METRICS}
"""The ranks the C reads: the top-three weights tell A, K, Q, J, T from spots; OPCjgm also reads
the Nine (``Has_card[s][NINE]``)."""

_FILLER = "8765432"


def representative(held: str, length: int) -> str:
    """A concrete suit holding exactly ``held`` of the read ranks and ``length`` cards (the other
    cards are spots below the Nine, which the C does not tell apart)."""
    return held + _FILLER[: length - len(held)]


def _holding(metric: str) -> Callable[[str, int], Fraction]:
    def holding(held: str, length: int) -> Fraction:
        return Fraction(suit_x100(metric, representative(held, length)), 100)

    return holding


def _build(metric: str) -> Evaluator:
    return Evaluator(
        f"{metric}_DEALERV2", READS[metric], _holding(metric),
        doc=f"{metric} as dealerv2 computes it (UserEval tag {scales.TAGS[metric]}, x100 / 100)",
        source=f"{SOURCE} lines 12-75, 86-250, 254-313, 315-345; "
               + "; ".join(HELPERS.values()),
    )


DEALERV2: dict[str, Evaluator] = {m: _build(m) for m in METRICS}
"""``metric -> <metric>_DEALERV2``."""

HCPT050_DEALERV2 = DEALERV2["HCPT050"]
HCPA425_DEALERV2 = DEALERV2["HCPA425"]
HCPAT475_DEALERV2 = DEALERV2["HCPAT475"]
BUMWRAP_DEALERV2 = DEALERV2["BUMWRAP"]
WOOLSEY_DEALERV2 = DEALERV2["WOOLSEY"]
ANDY5THS_DEALERV2 = DEALERV2["ANDY5THS"]
BWJGM_DEALERV2 = DEALERV2["BWJGM"]
OPCJGM_DEALERV2 = DEALERV2["OPCJGM"]

# ---------------------------------------------------------------------------------------------
# Separability of the x100 total, and of the rounding

U32 = Fraction(1, 2**24)
"""binary32 unit roundoff: |f32(x) - x| <= U32 * |x|."""


@lru_cache(maxsize=None)
def suit_float_error(metric: str) -> tuple[Fraction, Fraction]:
    """(largest |suit float - suit x100/100|, largest suit float) over every feasible holding."""
    worst, top = Fraction(0), Fraction(0)
    for held, n in holdings(READS[metric]):
        v = suit_float(metric, representative(held, n))
        worst = max(worst, abs(v - Fraction(x100(v), 100)))
        top = max(top, v)
    return worst, top


def sum_error_bound(metric: str) -> Fraction:
    """A bound on |hand float sum - exact sum of the four x100/100 values|, any suit order:
    four representation errors plus three binary32 additions of results at most 2 x 4 x top."""
    worst, top = suit_float_error(metric)
    return 4 * worst + 3 * U32 * 2 * 4 * top


def x100_error_bound(metric: str) -> Fraction:
    """A bound on |float(hand sum * 100.0) - 100 x exact total|; below 1/2 means ``roundf``
    returns the exact total x 100, i.e. the hand's x100 value is the sum of the suits'."""
    _, top = suit_float_error(metric)
    return 100 * sum_error_bound(metric) + 100 * 2 * 4 * top * 2 * U32


@lru_cache(maxsize=None)
def rounding_disagreements(metric: str) -> tuple[tuple[Fraction, int], ...]:
    """Every (total, body class 0 or 12) where the C's ``Pav_round`` of some float within
    :func:`sum_error_bound` of the exact total could differ from the seed's ``pavround`` of the
    total. ``Pav_round`` is nondecreasing in its argument, so checking both ends of the interval
    decides it. Totals are every value the separable total takes (exact distribution)."""
    delta = sum_error_bound(metric)
    out = []
    for total in distribution(DEALERV2[metric]):
        for b in (0, 12):
            want = pavround(total, b)
            if pav_round_c(total - delta, b) != want or pav_round_c(total + delta, b) != want:
                out.append((total, b))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Departures of the code from the seed's text


@dataclass(frozen=True)
class Departure:
    """One difference between seed 002's text (default readings) and dealerv2's code.

    applies(metric, held, length): where it changes a holding's value (held: the ranks of
    AKQJT9 held, high to low); delta(metric, held, length): dealerv2 minus seed there.
    A rounding departure has neither: ``example_value`` and ``example_body`` show it (the seed
    rounds ``example_value``; the C rounds the float nearest it, ``pav_round_c(f32(value), body)``).
    """

    id: str
    metrics: tuple[str, ...]
    rule: str
    seed: str
    code: str
    example: str
    applies: Callable[[str, str, int], bool] | None = None
    delta: Callable[[str, str, int], Fraction] | None = None
    example_value: Fraction | None = None
    example_body: int | None = None


def _has(held: str, ranks: str) -> bool:
    return all(r in held for r in ranks)


_TEN_VALUED = tuple(m for m in METRICS if m != "OPCJGM" and Fraction(C_LONG[m][4]) != 0)

DEPARTURES: tuple[Departure, ...] = (
    Departure(
        "ten-below-qj", _TEN_VALUED,
        "In a suit whose top three cards are AQJ or KQJ (Q, J, T held with exactly one of A, K), "
        "the Ten is not counted.",
        "lines 9-16, 21: every honour of a 3+ suit counts its value",
        f"{PATH} lines 163-167, 191-194: the AQJ and KQJ cases add no Ten (only AKQ, lines "
        "136-144, and AKJ, lines 145-152, look below the top three)",
        "AQJT2",
        applies=lambda m, h, n: n >= 3 and _has(h, "QJT") and (("A" in h) != ("K" in h)),
        delta=lambda m, h, n: -Fraction(C_LONG[m][4]),
    ),
    Departure(
        "opc-akqj-jack", ("OPCJGM",),
        "OPCjgm, A K Q J all held: the Jack counts 0.5, not 1.",
        "line 43: a Jack with an Ace, King, Queen or Ten is 1",
        f"{PATH} lines 136-138, 259-261: the AKQ case starts from A+K+Q (no Jack) and "
        "OPCjgmSyn adds 0.5 for the Jack, its comment assuming a 0.5 start that was never added",
        "AKQJ2",
        applies=lambda m, h, n: n >= 3 and _has(h, "AKQJ"),
        delta=lambda m, h, n: Fraction(-1, 2),
    ),
    Departure(
        "opc-ten-with-queen", ("OPCJGM",),
        "OPCjgm, a Ten with a Queen and no Jack counts 0.75, not 1.0 (QTx 2.25, not 2.5).",
        "line 44: a Ten is 1.0 with a Jack or Queen; line 42: QTx is worth 2.5",
        f"{PATH} lines 264, 279, 293, 306: T with Q +0.75 ('in OPCjgm = 0.75')",
        "QT2",
        applies=lambda m, h, n: n >= 3 and _has(h, "QT") and "J" not in h,
        delta=lambda m, h, n: Fraction(-1, 4),
    ),
    Departure(
        "opc-ten-with-king", ("OPCJGM",),
        "OPCjgm, a Ten with a King and no Queen or Jack counts 0.25, not 0.5.",
        "line 44: a Ten is 0.5 when with a King",
        f"{PATH} lines 272, 300: AKT and KTx +0.25 ('0.25 in OPCjgm, 0.5 in DOP')",
        "KT2",
        applies=lambda m, h, n: (n >= 3 and _has(h, "KT") and "Q" not in h and "J" not in h),
        delta=lambda m, h, n: Fraction(-1, 4),
    ),
    Departure(
        "opc-nine", ("OPCJGM",),
        "OPCjgm, a Nine with the Jack and Ten and one or two (not all three) of A, K, Q adds 0.5.",
        "Note 3 (lines 39-46) values no Nine",
        f"{PATH} lines 269, 276, 283, 290, 297, 303: '9 with J and T and one higher honor = .5'",
        "AJT9",
        applies=lambda m, h, n: (n >= 4 and _has(h, "JT9") and any(r in h for r in "AKQ")
                                 and not _has(h, "AKQ")),
        delta=lambda m, h, n: Fraction(1, 2),
    ),
    Departure(
        "pav-round-band", ("PAVROUND",),
        "Rounding: 'F > 0.55 then I+1' is (int)(F * 100) > 55, i.e. F >= 0.56: a fraction "
        "part strictly between 0.55 and 0.56 rounds up only with body >= 12.",
        "lines 83-85: F > 0.55 rounds up whatever the body",
        "metrics_util_subs.c lines 614-620 (Pav_round)",
        "10.555 with body 0",
        example_value=Fraction("10.555"), example_body=0,
    ),
    Departure(
        "pav-round-float", ("PAVROUND",),
        "Rounding: F is taken from the binary32 value, so a total printed as x.45 (stored as "
        "x.4499998...) has (int)(F * 100) = 44 and rounds down even with a good body.",
        "line 84: 0.45 <= F <= 0.55 with body >= 12 rounds up",
        "metrics_util_subs.c lines 614-620 (Pav_round takes a float_t)",
        "10.45 with body 12",
        example_value=Fraction("10.45"), example_body=12,
    ),
    Departure(
        "pav-round-negative", ("PAVROUND",),
        "Rounding a negative value: the C's integer part truncates toward zero and its fraction "
        "part is negative, so it never rounds up and returns the truncation (-0.5 -> 0); the seed "
        "read with I = floor gives -1.",
        "line 81: 'I=Integer Part, F= Fraction Part' (read as floor, 0 <= F < 1)",
        "metrics_util_subs.c lines 614-620 (q = val; r = (val - q) * 100.0)",
        "-0.5 with body 0",
        example_value=Fraction(-1, 2), example_body=0,
    ),
)
"""Every difference between the seed's text and dealerv2's code; the holding departures are
additive: seed + the deltas of those that apply = dealerv2, on every holding (a test checks it).
The float arithmetic itself is no departure: every suit's x100 value is exact and the hand's x100
total is the sum of the suits' (:func:`x100_error_bound`)."""

HOLDING_DEPARTURES = tuple(d for d in DEPARTURES if d.applies is not None)
ROUNDING_DEPARTURES = tuple(d for d in DEPARTURES if d.applies is None)


def departures_for(metric: str) -> tuple[Departure, ...]:
    return tuple(d for d in HOLDING_DEPARTURES if metric in d.metrics)


def parse_example(example: str) -> tuple[str, int]:
    """A suit written as ranks (``"AQJT2"``) -> (held ranks of AKQJT9 high to low, length)."""
    held = "".join(r for r in "AKQJT9" if r in example)
    return held, len(example)


# ---------------------------------------------------------------------------------------------
# Exact counts over all hands


@dataclass(frozen=True)
class CountRow:
    metric: str
    differing: int
    """Hands of C(52, 13) on which the seed's total and dealerv2's total differ."""
    largest: Fraction
    """The largest |dealerv2 - seed| over all hands (0 when none differ)."""
    lowest: Fraction
    highest: Fraction
    """The least and greatest dealerv2 - seed."""
    distribution: tuple[tuple[Fraction, int], ...]
    """dealerv2 - seed -> number of hands."""


@lru_cache(maxsize=None)
def count_row(metric: str) -> CountRow:
    dist = distribution(difference(DEALERV2[metric], scales.SCALES[metric]))
    nonzero = {v: w for v, w in dist.items() if v != 0}
    return CountRow(
        metric,
        sum(nonzero.values()),
        max((abs(v) for v in nonzero), default=Fraction(0)),
        min(dist),
        max(dist),
        tuple(dist.items()),
    )


def count_table() -> tuple[CountRow, ...]:
    """Per metric, computed exactly by generating functions (openbid.hands.evaluators.distribution)."""
    return tuple(count_row(m) for m in METRICS)


def _percent(part: int, whole: int) -> str:
    """``part / whole`` as a percentage with four decimals, by integer arithmetic."""
    n = (part * 10**6 * 2 + whole) // (2 * whole)
    return f"{n // 10**4}.{n % 10**4:04d}%"


if __name__ == "__main__":  # python -m openbid.hands.evaluators.scales_dealerv2
    from openbid.hands.evaluators.distribution import TOTAL_HANDS

    print(f"{'metric':9} {'hands differing':>16} {'share':>9} {'max |d|':>7} {'min d':>6} "  # noqa: T201
          f"{'max d':>6}  x100 error bound")
    for row in count_table():
        print(f"{row.metric:9} {row.differing:>16,} {_percent(row.differing, TOTAL_HANDS):>9} "  # noqa: T201
              f"{str(row.largest):>7} {str(row.lowest):>6} {str(row.highest):>6}  "
              f"{x100_error_bound(row.metric)}")
