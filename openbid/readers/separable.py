"""Exact distributions of separable evaluators over all C(52, 13) hands, by generating
functions: no enumeration of hands.

An evaluator of the form of :mod:`openbid.model.evaluators.form` is a pattern value plus a sum of
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
from math import comb, lcm
from typing import Callable, Sequence

import numpy as np

from openbid.model.evaluators.form import Evaluator, Number, holdings, rank_order

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
    """value -> exact number of hands (of 635,013,559,600) with that value."""
    s = e if isinstance(e, Separable) else Separable.of(e)
    unread = 13 - len(s.reads)
    cells: list[tuple[int, Fraction, int]] = []  # (length, value, holdings)
    for held, n in holdings(s.reads):
        cells.append((n, Fraction(s.holding(held, n)), comb(unread, n - len(held))))
    pats = {}
    from openbid.model.evaluators.form import patterns

    for p in patterns():
        pats[p] = Fraction(s.pattern(p))
    den = lcm(*(v.denominator for _, v, _ in cells), *(v.denominator for v in pats.values()))
    lo = min(int(v * den) for _, v, _ in cells)
    polys: list[np.ndarray] = []
    for n in range(14):
        vals = [(int(v * den) - lo, w) for m, v, w in cells if m == n]
        top = max(x for x, _ in vals)
        poly = np.zeros(top + 1, dtype=object)
        for x, w in vals:
            poly[x] += w
        polys.append(poly)
    out: dict[Fraction, int] = {}
    # Suit lengths (n1, n2, n3, n4) summing to 13: products of the four polynomials.
    pair = {}
    for a in range(14):
        for b in range(14 - a):
            pair[(a, b)] = _mul(polys[a], polys[b])
    for a in range(14):
        for b in range(14 - a):
            for c in range(14 - a - b):
                d = 13 - a - b - c
                poly = _mul(pair[(a, b)], pair[(c, d)])
                shift = pats[tuple(sorted((a, b, c, d), reverse=True))]  # type: ignore[index]
                for x in np.flatnonzero(poly):
                    v = Fraction(int(x) + 4 * lo, den) + shift
                    out[v] = out.get(v, 0) + int(poly[x])
    total = sum(out.values())
    if total != TOTAL_HANDS:
        raise AssertionError(f"distribution covers {total} hands, expected {TOTAL_HANDS}")
    return dict(sorted(out.items()))


def _mul(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Exact product of two polynomials with Python-int coefficients."""
    return np.convolve(p, q)


def count_where(e: Evaluator | Separable, test: Callable[[Fraction], bool]) -> int:
    """The exact number of hands whose value passes ``test``."""
    return sum(w for v, w in distribution(e).items() if test(v))


def summary(values: Sequence[tuple[Fraction, int]]) -> dict[str, object]:
    """Mean, least and greatest value of a distribution (exact)."""
    total = sum(w for _, w in values)
    mean = sum((v * w for v, w in values), Fraction(0)) / total
    return {"hands": total, "mean": mean, "min": values[0][0], "max": values[-1][0]}
