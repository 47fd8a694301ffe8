"""Exact distributions of separable evaluators over all C(52, 13) hands, by generating
functions: no enumeration of hands.

An evaluator of the form of :mod:`openbid.hands.evaluators.form` is a pattern value plus a sum of
per-suit holding values. Per suit and length, the holdings give a polynomial in the value
(coefficients: how many concrete holdings have that value); the product of four such polynomials,
one per suit with lengths summing to 13, shifted by the pattern value, is the exact distribution
over the hands of that length composition. Values are exact rationals, put on a common
denominator so the polynomials have integer exponents.

This is an independent decider beside the census (openbid.readers.census): both must agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, lcm
from typing import Callable, Sequence, TypedDict

import numpy as np

from openbid.hands.evaluators.form import Evaluator, Number, holdings, rank_order

TOTAL_HANDS = comb(52, 13)


@dataclass(frozen=True)
class Separable:
    """A holding function over ``reads`` and a pattern function: the form, without a name."""

    reads: str
    holding: Callable[[str, int], Number]
    pattern: Callable[[tuple[int, int, int, int]], Number]

    @staticmethod
    def of(e: Evaluator) -> "Separable":
        return Separable(e.reads, lambda h, n: e.holding_table[(h, n)],
                         lambda p: e.pattern_table[p])


def difference(a: Evaluator | Separable, b: Evaluator | Separable) -> Separable:
    """``a - b`` as one separable function (over the ranks either reads)."""
    sa = a if isinstance(a, Separable) else Separable.of(a)
    sb = b if isinstance(b, Separable) else Separable.of(b)
    reads = rank_order(sa.reads + sb.reads)

    def part(f: Separable, held: str, n: int) -> Fraction:
        sub = "".join(r for r in held if r in f.reads)
        return Fraction(f.holding(sub, n))

    return Separable(reads, lambda h, n: part(sa, h, n) - part(sb, h, n),
                     lambda p: Fraction(sa.pattern(p)) - Fraction(sb.pattern(p)))


def distribution(e: Evaluator | Separable) -> dict[Fraction, int]:
    """value -> exact number of hands (of 635,013,559,600) with that value.

    The holding values do not depend on the suit, so the hands of a length composition and of
    any permutation of it have the same distribution: one product per pattern (39), times the
    number of its permutations. Polynomials are int64 arrays (a coefficient counts concrete
    holdings, at most 1716 ** 4 < 2 ** 63: exact); the total is checked against C(52, 13)."""
    s = e if isinstance(e, Separable) else Separable.of(e)
    unread = 13 - len(s.reads)
    cells: list[tuple[int, Fraction, int]] = []  # (length, value, holdings)
    for held, n in holdings(s.reads):
        cells.append((n, Fraction(s.holding(held, n)), comb(unread, n - len(held))))
    from openbid.hands.evaluators.form import patterns

    pats = {p: Fraction(s.pattern(p)) for p in patterns()}
    den = lcm(*(v.denominator for _, v, _ in cells), *(v.denominator for v in pats.values()))
    polys: list[tuple[int, np.ndarray]] = []  # per length: (lowest exponent, coefficients)
    for n in range(14):
        vals = [(int(v * den), w) for m, v, w in cells if m == n]
        lo = min(x for x, _ in vals)
        poly = np.zeros(max(x for x, _ in vals) - lo + 1, dtype=np.int64)
        for x, w in vals:
            poly[x - lo] += w
        polys.append((lo, poly))
    pairs: dict[tuple[int, int], tuple[int, np.ndarray]] = {}

    def pair(a: int, b: int) -> tuple[int, np.ndarray]:
        if (a, b) not in pairs:
            pairs[(a, b)] = _mul(polys[a], polys[b])
        return pairs[(a, b)]

    parts: list[tuple[int, np.ndarray, int]] = []  # (lowest exponent, coefficients, times)
    for p, shift in pats.items():
        lo, poly = _mul(pair(p[0], p[1]), pair(p[2], p[3]))
        parts.append((lo + int(shift * den), poly, _permutations(p)))
    lo = min(x for x, _, _ in parts)
    acc = np.zeros(max(x + len(q) for x, q, _ in parts) - lo, dtype=np.int64)
    for x, q, times in parts:
        acc[x - lo:x - lo + len(q)] += q * times
    out = {Fraction(int(i) + lo, den): int(acc[i]) for i in np.flatnonzero(acc)}
    total = sum(out.values())
    if total != TOTAL_HANDS:
        raise AssertionError(f"distribution covers {total} hands, expected {TOTAL_HANDS}")
    return out


def _permutations(p: tuple[int, ...]) -> int:
    """How many length compositions (suit by suit) have the pattern ``p``."""
    from collections import Counter

    out = 24
    for k in Counter(p).values():
        out //= factorial(k)
    return out


def _mul(p: tuple[int, np.ndarray], q: tuple[int, np.ndarray]) -> tuple[int, np.ndarray]:
    """Exact product of two polynomials given as (lowest exponent, int64 coefficients): a loop
    over the nonzero terms of the sparser one where that is cheaper than a full convolution."""
    (lp, a), (lq, b) = p, q
    if len(a) > len(b):
        a, b = b, a
    nz = np.flatnonzero(a)
    if len(nz) * 4 < len(a):
        out = np.zeros(len(a) + len(b) - 1, dtype=np.int64)
        for i in nz:
            out[i:i + len(b)] += a[i] * b
    else:
        out = np.convolve(a, b)
    return lp + lq, out


def count_where(e: Evaluator | Separable, test: Callable[[Fraction], bool]) -> int:
    """The exact number of hands whose value passes ``test``."""
    return sum(w for v, w in distribution(e).items() if test(v))


class Summary(TypedDict):
    """:func:`summary`: hands (the total weight), the mean, the least and the greatest value."""

    hands: int
    mean: Fraction
    min: Fraction
    max: Fraction


def summary(values: Sequence[tuple[Fraction, int]]) -> Summary:
    """Mean, least and greatest value of a distribution (exact)."""
    total = sum(w for _, w in values)
    mean = sum((v * w for v, w in values), Fraction(0)) / total
    return {"hands": total, "mean": mean, "min": values[0][0], "max": values[-1][0]}
