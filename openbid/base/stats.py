"""Small exact statistics: Student's t distribution and the t-interval of a mean; the Wilson
interval of a proportion (the one every estimate of openbid uses).

No statistics library is a dependency: the t distribution's CDF is the regularized incomplete
beta function, evaluated by its continued fraction (Lentz's method), and a quantile is found by
bisection on it (to 1e-12).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 1e-15
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < eps:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (0 < p < 1)."""
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df > 0, not p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


@dataclass(frozen=True)
class Interval:
    """A mean and its two-sided confidence interval (``level``, e.g. 0.95); ``sd`` the sample
    standard deviation; ``n`` the sample size. With fewer than two values the interval is
    unknown (None)."""

    mean: float
    low: float | None
    high: float | None
    sd: float | None
    n: int
    level: float = 0.95

    @property
    def half_width(self) -> float | None:
        return None if self.low is None or self.high is None else (self.high - self.low) / 2


def t_interval(values: list[float] | tuple[float, ...], level: float = 0.95) -> Interval:
    """The mean of ``values`` with its Student t confidence interval: mean +- t(n-1) * sd /
    sqrt(n). For paired data (the same boards played twice), give the per-pair differences."""
    n = len(values)
    if n == 0:
        raise ValueError("the mean of no values")
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, None, None, None, n, level)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + level / 2.0, n - 1) * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, sd, n, level)


Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default): ``successes`` of ``trials``
    independent draws. Always within [0, 1]; (0.0, 1.0) when there are no trials. ``successes``
    may be fractional (a mean of values in [0, 1], e.g. matchpoints with ties as halves): the
    interval then uses p(1 - p), the largest variance such values can have, so it is
    conservative."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes of {trials} trials")
    n, p = trials, successes / trials
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    # rounding must not push the ends past the share itself (k = 0 gives exactly 0)
    return max(0.0, min(p, mid - half)), min(1.0, max(p, mid + half))


def share_interval(values: list[float] | tuple[float, ...], level: float = 0.95) -> Interval:
    """The mean of values in [0, 1] (a share: matchpoints per board, 1 a win, 0.5 a tie) with
    its Student t interval cut to [0, 1]. The true mean lies in [0, 1], so the cut interval
    covers it whenever the t-interval does: the same confidence, never outside 0-100% (an uncut
    t-interval is, on few boards: "95% CI [-15%, 115%]" on 4)."""
    if any(not 0.0 <= v <= 1.0 for v in values):
        raise ValueError("a share's values lie in [0, 1]")
    i = t_interval(values, level)
    if i.low is None or i.high is None:
        return i
    return Interval(i.mean, max(0.0, i.low), min(1.0, i.high), i.sd, i.n, level)
