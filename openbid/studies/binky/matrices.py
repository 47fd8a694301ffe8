"""The exact partner matrices of Binky points, the inversion v = Tr (I + M)^-1, and its gauge.

Seed 003 (Andrews, "Binky Points: Optimal Evaluation") lines 37-43: if

    v(hand) = vp(pattern) + sum over the four suits of vh(holding)

then Tr(hand) = v(hand) + Average over partner's hands of v(partner) has the same form, with

    Trp(p) = vp(p) + Average(vp(partner's pattern) | my pattern p)
    Trh(h) = vh(h) + Average(vh(partner's holding in that suit) | my holding h).

Matrices (our convention: **row-stochastic**, rows = my pattern / holding)::

    A[p, q] = P(partner's pattern = q | my pattern = p)        39 x 39, order form.patterns()
    B[h, g] = P(partner's holding = g | my holding = h)       512 x 512,
                                                         order form.holdings("AKQJT9")

partner's 13 cards uniform among the 39 I do not hold. Every entry is an integer over
C(39, 13) = 8,122,425,444 (:func:`pattern_numerators`, :func:`holding_numerators`).

With column vectors, TRP = (I + A) VP and TRH = (I + B) VH. The seed writes row vectors
(lines 51-61: ``TRP = VP * (I+A)``, ``VP = TRP * (I+A)^(-1)``); for ``VP * A`` to be the partner
average its A must be **column**-stochastic, i.e. the seed's A is our A transposed. Reading the
seed's formula with a row-stochastic A would be wrong (A is not symmetric); a test shows it.

Gauge (docs/BINKY.md, "Gauge"): for any f on lengths 0..13, vh + f(length) with
vp - sum_i f(l_i) gives every hand the same value; it changes the Tr tables by the Tr gauge
h = (I + G) f (G: the 14 x 14 partner-length matrix), which leaves every Tr(hand) unchanged.
These 14-parameter families are the only such transformations.

Spectrum: A, B and G are the Kneser operator of J(52, 13) (partner = a uniform 13-subset of the
39 other cards) restricted to functions of the pattern, of one suit's holding, of one suit's
length; those subspaces are invariant (the chains are lumpable), so every eigenvalue is one of
(-1)^j C(39-j, 13-j) / C(39, 13), j = 0..13: 1, -1/3, 2/19, ... . Hence I + M has eigenvalues in
[2/3, 2]; each chain is reversible for its stationary law pi, so in the pi-weighted norm
||(I + M)^-1|| <= 3/2. :func:`certify` turns an exactly computed residual into a rigorous error
bound with this.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from math import comb, prod
from typing import Sequence

import numpy as np

from openbid.hands.evaluators.form import holdings as form_holdings
from openbid.hands.evaluators.form import patterns as form_patterns

READS = "AKQJT9"
SPOTS = 13 - len(READS)  # ranks 8..2: 7 spots
DEN = comb(39, 13)  # every entry of A, B, G is an integer over this
HANDS = comb(52, 13)

PATTERNS: tuple[tuple[int, int, int, int], ...] = form_patterns()
HOLDINGS: tuple[tuple[str, int], ...] = tuple(form_holdings(READS))
PATTERN_INDEX = {p: i for i, p in enumerate(PATTERNS)}
HOLDING_INDEX = {h: i for i, h in enumerate(HOLDINGS)}


def holding_name(held: str, length: int) -> str:
    """``("AQ", 4)`` -> ``"AQxx"``; the void is ``"-"``."""
    return (held + "x" * (length - len(held))) or "-"


def parse_holding(name: str) -> tuple[str, int]:
    """``"AQxx"`` -> ``("AQ", 4)``; ``"-"`` -> ``("", 0)``."""
    if name == "-":
        return "", 0
    held = "".join(c for c in name if c != "x")
    return held, len(name)


def pattern_name(p: Sequence[int]) -> str:
    return "-".join(str(x) for x in p)


# ---------------------------------------------------------------------------------------------
# Exact numerators
# ---------------------------------------------------------------------------------------------

def pattern_row(p: Sequence[int], suit: int = 13, hand: int = 13) -> dict[tuple[int, ...], int]:
    """Partner's patterns given mine, as hand counts: my suit lengths l leave suit - l_i cards of
    suit i; partner's ``hand`` cards take m_i of them, prod C(suit - l_i, m_i) ways. (The
    defaults are bridge; smaller decks are for the brute-force test.)"""
    free = [suit - x for x in p]
    row: dict[tuple[int, ...], int] = {}

    def rec(i: int, left: int, ms: list[int]) -> None:
        if i == len(free) - 1:
            if left <= free[i]:
                m = ms + [left]
                q = tuple(sorted(m, reverse=True))
                row[q] = row.get(q, 0) + prod(comb(f, x) for f, x in zip(free, m))
            return
        for x in range(min(left, free[i]) + 1):
            rec(i + 1, left - x, ms + [x])

    rec(0, hand, [])
    return row


@lru_cache(maxsize=None)
def pattern_numerators() -> tuple[tuple[int, ...], ...]:
    """A * C(39,13), exact Python ints (39 x 39)."""
    out = []
    for p in PATTERNS:
        row = pattern_row(p)
        out.append(tuple(row.get(q, 0) for q in PATTERNS))
    return tuple(out)


def holding_numerator(h: tuple[str, int], g: tuple[str, int], suit: int = 13, hand: int = 13,
                      reads: str = READS) -> int:
    """How many of partner's possible hands hold ``g`` in the suit where I hold ``h``: the
    honours of g (each a specific card, none of mine), k2 of my suit - |reads| - k missing
    spots, and hand - n2 of the 3 suit - hand + n unknown cards outside the suit (52 cards:
    26 + n of them). The defaults are bridge; smaller decks are for the brute-force test."""
    (held, n), (held2, n2) = h, g
    if set(held) & set(held2) or not (set(held) | set(held2)) <= set(reads):
        return 0
    spots = suit - len(reads)
    k, k2 = n - len(held), n2 - len(held2)
    if k < 0 or k2 < 0 or k2 > spots - k or hand - n2 < 0:
        return 0
    return comb(spots - k, k2) * comb(3 * suit - hand + n, hand - n2)


@lru_cache(maxsize=None)
def holding_numerators() -> tuple[tuple[int, ...], ...]:
    """B * C(39,13), exact Python ints (512 x 512)."""
    return tuple(tuple(holding_numerator(h, g) for g in HOLDINGS) for h in HOLDINGS)


@lru_cache(maxsize=None)
def length_numerators() -> tuple[tuple[int, ...], ...]:
    """G * C(39,13): G[l, m] = P(partner has m cards of a suit | I have l)."""
    return tuple(tuple(comb(13 - l, m) * comb(26 + l, 13 - m) if m <= 13 - l else 0
                       for m in range(14)) for l in range(14))


def pattern_weights() -> tuple[int, ...]:
    """Number of hands with each pattern (sums to C(52, 13)): the stationary law of A."""
    return tuple(len(set(permutations(p))) * prod(comb(13, x) for x in p) for p in PATTERNS)


def holding_weights() -> tuple[int, ...]:
    """Number of hands with each holding in a given suit (sums to C(52, 13)): B's law."""
    return tuple(comb(SPOTS, n - len(held)) * comb(39, 13 - n) for held, n in HOLDINGS)


def length_weights() -> tuple[int, ...]:
    return tuple(comb(13, n) * comb(39, 13 - n) for n in range(14))


# ---------------------------------------------------------------------------------------------
# Float matrices (built from the exact numerators: every entry correctly rounded)
# ---------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _holding_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    mask = np.array([[sum(1 << "AKQJT9".index(c) for c in h) for h, _ in HOLDINGS]], dtype=np.int64)
    n = np.array([n for _, n in HOLDINGS], dtype=np.int64)
    k = np.array([n - len(h) for h, n in HOLDINGS], dtype=np.int64)
    return mask[0], n, k


def _comb_table(top: int) -> np.ndarray:
    t = np.zeros((top + 1, top + 1), dtype=np.float64)
    for a in range(top + 1):
        for b in range(a + 1):
            t[a, b] = comb(a, b)
    return t


@lru_cache(maxsize=None)
def matrix_B() -> np.ndarray:
    """B as float64, vectorised from the same integer formula as :func:`holding_numerators`
    (each numerator is an integer below 2^53, so it is exact before the one division)."""
    mask, n, k = _holding_arrays()
    c = _comb_table(39)
    disjoint = (mask[:, None] & mask[None, :]) == 0
    free = SPOTS - k[:, None]
    k2 = k[None, :]
    ok = disjoint & (k2 <= free)
    spots = c[np.clip(free, 0, 39), np.clip(k2, 0, 39)]
    others = c[26 + n[:, None], 13 - n[None, :]]
    num = np.where(ok, spots * others, 0.0)
    return num / DEN


@lru_cache(maxsize=None)
def matrix_A() -> np.ndarray:
    return np.array(pattern_numerators(), dtype=np.float64) / DEN


@lru_cache(maxsize=None)
def matrix_G() -> np.ndarray:
    return np.array(length_numerators(), dtype=np.float64) / DEN


def kneser_eigenvalues() -> list[Fraction]:
    """(-1)^j C(39-j, 13-j) / C(39, 13), j = 0..13."""
    return [Fraction((-1) ** j * comb(39 - j, 13 - j), DEN) for j in range(14)]


# ---------------------------------------------------------------------------------------------
# Tr <-> v
# ---------------------------------------------------------------------------------------------

def v_from_tr(trp: np.ndarray, trh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """VP = (I + A)^-1 TRP and VH = (I + B)^-1 TRH (column vectors; the seed's VP = TRP (I+A)^-1
    with its column-stochastic A). Extra trailing axes are solved column by column."""
    vp = np.linalg.solve(np.eye(len(PATTERNS)) + matrix_A(), trp)
    vh = np.linalg.solve(np.eye(len(HOLDINGS)) + matrix_B(), trh)
    return vp, vh


def tr_from_v(vp: np.ndarray, vh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return vp + matrix_A() @ vp, vh + matrix_B() @ vh


def seed_literal_vp(trp: np.ndarray) -> np.ndarray:
    """The seed's row-vector formula VP = TRP (I + A)^-1 read with our row-stochastic A: the
    misreading the transposition guards against (kept for the test that shows it is wrong)."""
    return np.linalg.solve((np.eye(len(PATTERNS)) + matrix_A()).T, trp)


# ---------------------------------------------------------------------------------------------
# Gauge
# ---------------------------------------------------------------------------------------------

def lengths_of_holdings() -> np.ndarray:
    return np.array([n for _, n in HOLDINGS])


def pattern_length_sums(f: np.ndarray) -> np.ndarray:
    """F(p) = sum over the four lengths of p of f(l)."""
    return np.array([sum(f[x] for x in p) for p in PATTERNS])


def v_gauge(vp: np.ndarray, vh: np.ndarray, f: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """vh + f(length), vp - sum_i f(l_i): every hand keeps its value."""
    return vp - pattern_length_sums(f), vh + f[lengths_of_holdings()]


def tr_gauge_of(f: np.ndarray) -> np.ndarray:
    """The Tr gauge a v gauge f induces: h = (I + G) f."""
    return f + matrix_G() @ f


def length_means(values: np.ndarray, weights: Sequence[int] | None = None) -> np.ndarray:
    """Frequency-weighted mean of a holding table over each length (the gauge's coordinates)."""
    w = np.array(holding_weights() if weights is None else weights, dtype=np.float64)
    lens = lengths_of_holdings()
    out = np.zeros(14)
    for n in range(14):
        sel = lens == n
        out[n] = np.dot(w[sel], values[sel]) / w[sel].sum()
    return out


def fix_gauge(vp: np.ndarray, vh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The representative with every length's frequency-weighted mean of vh equal to 0 (so the
    void and the 13-card suit are 0): Andrews' tables are in this gauge (docs/BINKY.md)."""
    return v_gauge(vp, vh, -length_means(vh))


# ---------------------------------------------------------------------------------------------
# Exact certification of a numeric solution
# ---------------------------------------------------------------------------------------------

def exact_residual(numerators: Sequence[Sequence[int]], x: Sequence[float],
                   b: Sequence[Fraction]) -> list[Fraction]:
    """r = (I + N/DEN) x - b exactly, x's floats taken as the exact binary rationals they are."""
    xs = [Fraction(float(v)) for v in x]
    scale = max(v.denominator for v in xs)
    xi = [int(v * scale) for v in xs]  # exact: every denominator is a power of 2
    out = []
    for i, row in enumerate(numerators):
        acc = sum(nij * xj for nij, xj in zip(row, xi) if nij)
        out.append(Fraction(acc, DEN * scale) + xs[i] - Fraction(b[i]))
    return out


def certify(numerators: Sequence[Sequence[int]], weights: Sequence[int], x: Sequence[float],
            b: Sequence[Fraction]) -> float:
    """A rigorous bound on max_i |x_i - x*_i| where (I + M) x* = b: the residual is exact, and
    ||x - x*||_pi <= (3/2) ||r||_pi because M is reversible for pi with spectrum in [-1/3, 1]."""
    r = exact_residual(numerators, x, b)
    total = sum(weights)
    norm2 = sum(Fraction(w, total) * ri * ri for w, ri in zip(weights, r))
    err_pi = 1.5 * float(norm2) ** 0.5
    return max(err_pi / (w / total) ** 0.5 for w in weights) * (1 + 1e-9)


def exact_solve(numerators: Sequence[Sequence[int]], b: Sequence[Fraction]) -> list[Fraction]:
    """Gaussian elimination in Fractions (fine for the 39 x 39 pattern system)."""
    n = len(b)
    m = [[Fraction(numerators[i][j], DEN) + (1 if i == j else 0) for j in range(n)]
         + [Fraction(b[i])] for i in range(n)]
    for c in range(n):
        piv = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[piv] = m[piv], m[c]
        inv = 1 / m[c][c]
        m[c] = [v * inv for v in m[c]]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [a - f * bb for a, bb in zip(m[r], m[c])]
    return [m[i][n] for i in range(n)]
