"""Tr from double-dummy data: the expected tricks of a hand's side, per pattern and per holding.

Conventions (docs/BINKY.md gives the evidence for each):

* A **sample** is one hand of a deal (all four hands of a random deal; South only in the
  stratified ``pattern`` shards). Its tricks are its **side's** double-dummy tricks as declarer
  (offense): ``nt`` = the better of the side's two declarers in notrump; ``suit`` = the best of
  the side's two declarers and four trump suits ("best suit contract": Andrews,
  valuations/original.html; andrews-deal lib/ddeval.tcl columns offense/nt, offense/suit).
* ``Trp(p)`` = mean tricks of the samples with pattern ``p``.
* ``Trh(h)`` = mean tricks of the (sample, suit) pairs whose suit holds ``h``, minus the
  frequency-weighted mean of that over all holdings of the same length (ddeval.tcl ``ddvalue``:
  holding average minus length average). So for every length the exact-frequency mean of Trh is
  0, the gauge Andrews' Binky tables are in; then Tr(hand) = Trp + sum Trh.
* Holdings are the 512 of form.holdings("AKQJT9"); one with fewer than ``NMIN`` samples and a
  standard error above ``SEMAX`` takes the mean of its smallest coarser class (its lowest
  honour read as a spot, then the next, ..., finally "any holding of this length") that
  qualifies; a length where nothing qualifies is flat (Trh = 0).
* Sources: random training shards (0-999) for holdings of length <= 8 and the patterns not
  stratified; the ``pattern`` shards for holdings of length >= 9 (South's long suit) and for the
  stratified patterns (combined with the random estimate by inverse variance); ``paired`` shards
  sharpen holding differences by generalised least squares.
* Standard errors are cluster-robust by deal (the hands of a deal share tricks), and the whole
  covariance is kept so that derived quantities (v, differences) get honest errors.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import numpy as np

from openbid.studies.binky import ddgen
from openbid.studies.binky.matrices import (HOLDINGS, HOLDING_INDEX, PATTERNS, PATTERN_INDEX, READS,
                                    holding_name, holding_weights, pattern_name, pattern_weights)
from openbid.base.errors import OpenbidError

STRAINS = ("suit", "nt")
NMIN = 100
SEMAX = 0.15
TRAIN = range(0, 1000)
HELDOUT = range(1000, 2000)
NH, NP = len(HOLDINGS), len(PATTERNS)
LENGTHS = np.array([n for _, n in HOLDINGS])


# ---------------------------------------------------------------------------------------------
# Samples
# ---------------------------------------------------------------------------------------------

def side_tricks(dd: str, seat: str) -> tuple[int, int]:
    """(suit, nt) tricks of ``seat``'s side as declarer: best declarer (and best trump suit)."""
    a = seat
    b = "NESW"[("NESW".index(seat) + 2) % 4]
    nt = max(ddgen.dd_get(dd, a, "N"), ddgen.dd_get(dd, b, "N"))
    suit = max(ddgen.dd_get(dd, x, s) for x in (a, b) for s in "SHDC")
    return suit, nt


def hand_classes(hand: Iterable[int]) -> tuple[int, list[int]]:
    """(pattern index, the four holding indices in suit order S H D C)."""
    held = ["", "", "", ""]
    length = [0, 0, 0, 0]
    for c in sorted(hand):
        s, r = divmod(c, 13)
        length[s] += 1
        if ddgen.RANKS[r] in READS:
            held[s] += ddgen.RANKS[r]
    pat = tuple(sorted(length, reverse=True))
    hold = [HOLDING_INDEX[(held[s], length[s])] for s in range(4)]
    return PATTERN_INDEX[pat], hold  # type: ignore[index]


@dataclass
class Samples:
    """Hand samples: ``deal`` (cluster id), tricks ``t[strain]``, ``pattern``, ``holdings``
    (n x 4, -1 where a suit is not a sample), the hand's four holdings ``own`` and its
    partner's pattern and holdings (``ppat``, ``pown``: for the control variates). ``yp`` and
    ``yh`` (per strain), when set, replace the tricks as the outcome of the pattern and of each
    suit's holding (:func:`with_controls`)."""

    deal: np.ndarray
    t: dict[str, np.ndarray]
    pattern: np.ndarray
    holdings: np.ndarray
    own: np.ndarray
    ppat: np.ndarray
    pown: np.ndarray
    yp: dict[str, np.ndarray] | None = None
    yh: dict[str, np.ndarray] | None = None

    @staticmethod
    def empty() -> "Samples":
        z = np.zeros(0, int)
        return Samples(z, {s: np.zeros(0) for s in STRAINS}, z, np.zeros((0, 4), int),
                       np.zeros((0, 4), int), z, np.zeros((0, 4), int))

    def __len__(self) -> int:
        return len(self.deal)

    def subset(self, sel: np.ndarray) -> "Samples":
        return Samples(self.deal[sel], {k: v[sel] for k, v in self.t.items()}, self.pattern[sel],
                       self.holdings[sel], self.own[sel], self.ppat[sel], self.pown[sel],
                       None if self.yp is None else {k: v[sel] for k, v in self.yp.items()},
                       None if self.yh is None else {k: v[sel] for k, v in self.yh.items()})

    def outcome_pattern(self, strain: str) -> np.ndarray:
        return self.t[strain] if self.yp is None else self.yp[strain]

    def outcome_suits(self, strain: str) -> np.ndarray:
        """n x 4: the outcome of each suit's holding sample."""
        if self.yh is None:
            return np.repeat(self.t[strain][:, None], 4, axis=1)
        return self.yh[strain]


def _build(rows: list[tuple]) -> Samples:
    if not rows:
        return Samples.empty()
    deal, ts, tn, pat, hold, own, ppat, pown = zip(*rows)
    return Samples(np.array(deal), {"suit": np.array(ts, float), "nt": np.array(tn, float)},
                   np.array(pat), np.array(hold).reshape(-1, 4), np.array(own).reshape(-1, 4),
                   np.array(ppat), np.array(pown).reshape(-1, 4))


def random_samples(out: Path, shards: Iterable[int] = TRAIN,
                   limits: dict[str, int] | None = None) -> Samples:
    """Every hand of every random deal of the shards."""
    rows = []
    for k, r in ddgen.iter_records(out, "random", shards, limits):
        hands = ddgen.parse_pbn(r["pbn"])
        did = k * 1_000_000 + r["i"]
        cls = [hand_classes(h) for h in hands]
        for seat in range(4):
            ts, tn = side_tricks(r["dd"], "NESW"[seat])
            p, h = cls[seat]
            pp, ph = cls[(seat + 2) % 4]
            rows.append((did, ts, tn, p, h, h, pp, ph))
    return _build(rows)


def pattern_samples(out: Path, limits: dict[str, int] | None = None) -> Samples:
    """South of every stratified deal: its pattern, and its holdings of 9 or more cards."""
    rows = []
    for k, r in ddgen.iter_records(out, "pattern", None, limits):
        hands = ddgen.parse_pbn(r["pbn"])
        ts, tn = side_tricks(r["dd"], "S")
        p, h = hand_classes(hands[2])
        pp, ph = hand_classes(hands[0])
        long = [x if HOLDINGS[x][1] >= 9 else -1 for x in h]
        rows.append((10**9 + k * 1_000_000 + r["i"], ts, tn, p, long, h, pp, ph))
    return _build(rows)


@dataclass
class Pairs:
    """Paired deals: South's side's tricks before and after, and South's holding in the suit
    of the exchange, before (``h0``) and after (``h1``)."""

    t0: dict[str, np.ndarray]
    t1: dict[str, np.ndarray]
    h0: np.ndarray
    h1: np.ndarray

    def __len__(self) -> int:
        return len(self.h0)


def paired_samples(out: Path, shards: Iterable[int] = TRAIN,
                   limits: dict[str, int] | None = None) -> Pairs:
    rows = []
    for _, r in ddgen.iter_records(out, "paired", shards, limits):
        if not r.get("swap"):
            continue
        hands = ddgen.parse_pbn(r["pbn"])
        spot, honour = (ddgen.code_card(c) for c in r["swap"])
        suit = spot // 13
        _, h0 = hand_classes(hands[2])
        _, h1 = hand_classes(ddgen.apply_swap(hands, (spot, honour))[2])
        s0, n0 = side_tricks(r["dd"], "S")
        s1, n1 = side_tricks(r["dd2"], "S")
        rows.append((s0, n0, s1, n1, h0[suit], h1[suit]))
    if not rows:
        z = np.zeros(0)
        return Pairs({"suit": z, "nt": z}, {"suit": z, "nt": z}, np.zeros(0, int), np.zeros(0, int))
    a = np.array(rows)
    return Pairs({"suit": a[:, 0], "nt": a[:, 1]}, {"suit": a[:, 2], "nt": a[:, 3]},
                 a[:, 4].astype(int), a[:, 5].astype(int))


# ---------------------------------------------------------------------------------------------
# Class means with cluster-robust covariance
# ---------------------------------------------------------------------------------------------

def class_means(deal: np.ndarray, cls: np.ndarray, y: np.ndarray, k: int
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Means of y per class 0..k-1, sample counts, and the cluster-robust (by deal) covariance
    of the means. ``cls`` -1 entries are ignored."""
    keep = cls >= 0
    deal, cls, y = deal[keep], cls[keep], y[keep]
    n = np.bincount(cls, minlength=k).astype(float)
    s = np.bincount(cls, weights=y, minlength=k)
    mean = np.divide(s, n, out=np.zeros(k), where=n > 0)
    resid = y - mean[cls]
    # residual sum per (deal, class)
    _, dix = np.unique(deal, return_inverse=True)
    key = dix.astype(np.int64) * k + cls
    ukey, inv = np.unique(key, return_inverse=True)
    rsum = np.bincount(inv, weights=resid)
    udeal, ucls = ukey // k, ukey % k
    # pairs of cells within a deal
    order = np.argsort(udeal, kind="stable")
    udeal, ucls, rsum = udeal[order], ucls[order], rsum[order]
    starts = np.flatnonzero(np.r_[True, udeal[1:] != udeal[:-1]])
    counts = np.diff(np.r_[starts, len(udeal)])
    cov_flat = np.zeros(k * k)
    for m in np.unique(counts):
        blocks = starts[counts == m]
        idx = blocks[:, None] + np.arange(m)[None, :]
        c, r = ucls[idx], rsum[idx]
        cov_flat += np.bincount((c[:, :, None] * k + c[:, None, :]).ravel(),
                                weights=(r[:, :, None] * r[:, None, :]).ravel(), minlength=k * k)
    cov = cov_flat.reshape(k, k)
    nn = np.outer(n, n)
    cov = np.divide(cov, nn, out=np.zeros((k, k)), where=nn > 0)
    return mean, n, cov


def chosen_means(deal: np.ndarray, cls: np.ndarray, y: np.ndarray, y_cv: np.ndarray | None,
                 k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`class_means`, and when control-variate outcomes ``y_cv`` are given, per class the
    version (plain or with controls) of smaller estimated variance; both are unbiased, and the
    joint cluster covariance keeps the cross terms right. (Controls add noise where the tricks
    hardly vary, e.g. 13-0-0-0 always takes 13 suit tricks.)"""
    if y_cv is None:
        return class_means(deal, cls, y, k)
    both_cls = np.r_[cls, np.where(cls >= 0, cls + k, -1)]
    m, n, c = class_means(np.r_[deal, deal], both_cls, np.r_[y, y_cv], 2 * k)
    d = np.diag(c)
    pick = np.where((d[k:] < d[:k]) & (n[k:] > 1), np.arange(k) + k, np.arange(k))
    return m[pick], n[:k], c[np.ix_(pick, pick)]


# ---------------------------------------------------------------------------------------------
# Merging of sparse holdings
# ---------------------------------------------------------------------------------------------

def ancestors(index: int) -> list[frozenset[int]]:
    """The coarser classes of a holding, finest first: same length, the top r reads agree,
    r = 5, 4, ..., 0."""
    held, n = HOLDINGS[index]
    out = []
    for r in range(len(READS) - 1, -1, -1):
        top = set(READS[:r])
        key = set(held) & top
        out.append(frozenset(j for j, (h2, n2) in enumerate(HOLDINGS)
                             if n2 == n and set(h2) & top == key))
    return out


def merge_matrix(n: np.ndarray, cov: np.ndarray | None = None, nmin: int = NMIN,
                 semax: float = SEMAX) -> tuple[np.ndarray, list[str]]:
    """M (512 x 512): assigned mean = M @ class means; and, per holding, how it was merged.

    A holding keeps its own mean when it has ``nmin`` samples or its standard error (``cov``,
    after the pairs) is at most ``semax``; otherwise it takes the count-weighted mean of its
    smallest coarser class that qualifies the same way; a length where nothing qualifies is
    flat."""
    def ok(idx: list[int]) -> bool:
        tot = n[idx].sum()
        if tot >= nmin:
            return True
        if cov is None or tot == 0:
            return False
        w = n[idx] / tot
        return float(w @ cov[np.ix_(idx, idx)] @ w) <= semax**2

    M = np.zeros((NH, NH))
    how = []
    for i in range(NH):
        if ok([i]):
            M[i, i] = 1.0
            how.append("own")
            continue
        for r, group in zip(range(len(READS) - 1, -1, -1), ancestors(i)):
            g = sorted(group)
            if ok(g):
                M[i, g] = n[g] / n[g].sum()
                how.append(f"reads {READS[:r] or 'none'}" if r else "length mean")
                break
        else:
            how.append("flat")  # Trh = 0: nothing to go on at this length
    return M, how


def centre_matrix(flat: list[bool]) -> np.ndarray:
    """C: Trh = C @ assigned means, subtracting each length's exact-frequency-weighted mean."""
    w = np.array(holding_weights(), float)
    C = np.eye(NH)
    for L in range(14):
        sel = np.flatnonzero(LENGTHS == L)
        pi = w[sel] / w[sel].sum()
        C[np.ix_(sel, sel)] -= pi[None, :]
    for i, f in enumerate(flat):
        if f:
            C[i, :] = 0.0
    return C


# ---------------------------------------------------------------------------------------------
# Estimation
# ---------------------------------------------------------------------------------------------

@dataclass
class TrEstimate:
    strain: str
    trp: np.ndarray
    trp_cov: np.ndarray
    trp_n: np.ndarray
    trh: np.ndarray
    trh_cov: np.ndarray
    trh_n: np.ndarray
    merged: list[str]
    notes: dict = field(default_factory=dict)

    @property
    def trp_se(self) -> np.ndarray:
        return np.sqrt(np.diag(self.trp_cov))

    @property
    def trh_se(self) -> np.ndarray:
        return np.sqrt(np.maximum(np.diag(self.trh_cov), 0))


def _pattern_estimate(rand: Samples, strat: Samples, strain: str):
    """Per pattern, the random-deal and stratified estimates combined by inverse variance."""
    m1, n1, c1 = chosen_means(rand.deal, rand.pattern, rand.t[strain],
                              None if rand.yp is None else rand.yp[strain], NP)
    m2, n2, c2 = chosen_means(strat.deal, strat.pattern, strat.t[strain],
                              None if strat.yp is None else strat.yp[strain], NP)
    y = np.r_[rand.t[strain], strat.t[strain]]
    pooled = float(np.var(y)) if len(y) > 1 else 1.0

    def weight(n: np.ndarray, c: np.ndarray) -> np.ndarray:
        # one sample has no cluster variance: use the pooled one; a constant outcome (13-0-0-0
        # always takes 13 suit tricks) has none either: floor it
        v = np.where(n > 1, np.diag(c), pooled / np.maximum(n, 1))
        v = np.maximum(v, 1e-8)
        return np.where(n > 0, 1 / v, 0.0)

    w1, w2 = weight(n1, c1), weight(n2, c2)
    tot = w1 + w2
    safe = np.where(tot > 0, tot, 1.0)
    a1, a2 = w1 / safe, w2 / safe
    mean = np.where(tot > 0, a1 * m1 + a2 * m2, np.nan)
    cov = (a1[:, None] * c1 * a1[None, :]) + (a2[:, None] * c2 * a2[None, :])
    np.fill_diagonal(cov, np.where(tot > 0, 1 / safe, np.inf))
    return mean, cov, n1 + n2


def _holding_means(rand: Samples, strat: Samples, strain: str):
    deal = np.repeat(rand.deal, 4)
    cls = rand.holdings.ravel()
    y = np.repeat(rand.t[strain], 4)
    ycv = None if rand.yh is None else rand.yh[strain].ravel()
    cls = np.where((cls >= 0) & (LENGTHS[np.maximum(cls, 0)] <= 8), cls, -1)
    m1, n1, c1 = chosen_means(deal, cls, y, ycv, NH)
    deal2 = np.repeat(strat.deal, 4)
    cls2 = strat.holdings.ravel()
    y2 = np.repeat(strat.t[strain], 4)
    ycv2 = None if strat.yh is None else strat.yh[strain].ravel()
    m2, n2, c2 = chosen_means(deal2, cls2, y2, ycv2, NH)
    long = LENGTHS >= 9
    mean = np.where(long, m2, m1)
    n = np.where(long, n2, n1)
    cov = np.where(np.outer(long, long), c2, 0.0) + np.where(np.outer(~long, ~long), c1, 0.0)
    # a class seen a few times has a noisy (even zero) cluster variance: floor it at half the
    # pooled variance over n, so that no small class is trusted beyond its size
    yy = np.r_[y if ycv is None else ycv, y2 if ycv2 is None else ycv2][np.r_[cls, cls2] >= 0]
    pooled = float(np.var(yy)) if len(yy) > 1 else 1.0
    floor = np.where(n > 0, 0.5 * pooled / np.maximum(n, 1), 0.0)
    idx = np.arange(NH)
    cov[idx, idx] = np.maximum(cov[idx, idx], floor)
    return mean, n, cov


def pair_variances(pairs: Pairs, strain: str) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                          np.ndarray]:
    """Per transition h0 -> h1: (key h0 * 512 + h1, mean difference, pair count, variance of
    one pair's difference). Transitions have a few pairs each, so the variance is pooled
    within transitions, separately for each honour the exchange brings (A, K, Q, J, T, 9)."""
    d = pairs.t1[strain] - pairs.t0[strain]
    key = pairs.h0 * NH + pairs.h1
    uk, inv, cnt = np.unique(key, return_inverse=True, return_counts=True)
    dm = np.bincount(inv, weights=d) / cnt
    resid2 = (d - dm[inv]) ** 2

    def added(k: int) -> str:
        h0, h1 = divmod(int(k), NH)
        return (set(HOLDINGS[h1][0]) - set(HOLDINGS[h0][0])).pop()

    honour = np.array([added(k) for k in uk])
    var = np.zeros(len(uk))
    overall = resid2.sum() / max(len(d) - len(uk), 1)
    for h in set(honour):
        sel_t = honour == h
        sel_p = sel_t[inv]
        dof = sel_p.sum() - sel_t.sum()
        var[sel_t] = resid2[sel_p].sum() / dof if dof >= 10 else overall
    return uk, dm, cnt, var


def gls_with_pairs(mean: np.ndarray, n: np.ndarray, cov: np.ndarray, pairs: Pairs, strain: str
                   ) -> tuple[np.ndarray, np.ndarray, dict]:
    """Combine the class means with the paired differences mu[h1] - mu[h0] (generalised least
    squares; the pairs are independent of the random training deals)."""
    if len(pairs) < 20:
        return mean, cov, {"transitions": 0, "pairs": 0}
    uk, dm, cnt, var = pair_variances(pairs, strain)
    use = (n[uk // NH] > 0) & (n[uk % NH] > 0) & (var > 0)
    if not use.any():
        return mean, cov, {"transitions": 0, "pairs": 0}
    uk, dm, cnt = uk[use], dm[use], cnt[use]
    dv = var[use] / cnt
    J = np.zeros((len(uk), NH))
    J[np.arange(len(uk)), uk % NH] = 1.0
    J[np.arange(len(uk)), uk // NH] -= 1.0
    live = np.flatnonzero(n > 0)
    S = cov[np.ix_(live, live)] + np.eye(len(live)) * 1e-12
    Si = np.linalg.inv(S)
    Jl = J[:, live]
    P = Si + Jl.T @ (Jl / dv[:, None])
    Pi = np.linalg.inv(P)
    mu = Pi @ (Si @ mean[live] + Jl.T @ (dm / dv))
    out_mean = mean.copy()
    out_mean[live] = mu
    out_cov = cov.copy()
    out_cov[np.ix_(live, live)] = Pi
    return out_mean, out_cov, {"transitions": int(len(uk)), "pairs": int(cnt.sum())}


def estimate(rand: Samples, strat: Samples, pairs: Pairs | None, strain: str,
             nmin: int = NMIN) -> TrEstimate:
    trp, trp_cov, trp_n = _pattern_estimate(rand, strat, strain)
    mean, n, cov = _holding_means(rand, strat, strain)
    notes: dict = {}
    if pairs is not None:
        mean, cov, notes = gls_with_pairs(mean, n, cov, pairs, strain)
    M, how = merge_matrix(n, cov, nmin)
    C = centre_matrix([h == "flat" for h in how])
    T = C @ M
    trh = T @ mean
    trh_cov = T @ cov @ T.T
    return TrEstimate(strain, trp, trp_cov, trp_n, trh, trh_cov, n, how, notes)


# ---------------------------------------------------------------------------------------------
# Control variates (cross-fitted)
# ---------------------------------------------------------------------------------------------

def pattern_given_length() -> np.ndarray:
    """P[l, p] = P(pattern p | a given suit has l cards), exact (as floats)."""
    from itertools import permutations
    from math import comb, prod

    out = np.zeros((14, NP))
    for j, p in enumerate(PATTERNS):
        for arr in set(permutations(p)):
            out[arr[0], j] += prod(comb(13, x) for x in arr)
    return out / out.sum(axis=1, keepdims=True)


def with_controls(s: Samples, trp0: np.ndarray, trh0: np.ndarray) -> Samples:
    """Outcomes with zero-mean control variates subtracted, built from a Tr table (trp0, trh0)
    fitted on other deals:

    * partner: v0(partner) - E[v0(partner) | my hand] (v0 = (I+M)^-1 Tr0; the expectation is the
      exact partner average (A vp0)[my pattern] + sum (B vh0)[my holdings]);
    * for the pattern: the hand's own sum of trh0 (mean 0 given the pattern);
    * for suit i's holding: trh0 of the other three suits, and trp0(pattern) minus its mean given
      suit i's length (both mean 0 given the holding).

    Each control has mean zero given what its outcome is averaged over, whatever Tr0 is, so the
    estimates stay unbiased; a good Tr0 removes most of the variance that the rest of the deal
    brings (docs/BINKY.md, "Control variates")."""
    from openbid.studies.binky import matrices as mx

    # any finite table gives valid controls: fill what could not be estimated
    trp0 = np.where(np.isfinite(trp0), trp0, np.nanmean(trp0))
    trh0 = np.where(np.isfinite(trh0), trh0, 0.0)
    vp0, vh0 = mx.fix_gauge(*mx.v_from_tr(trp0, trh0))  # = derive.derive_arrays
    ap, bh = mx.matrix_A() @ vp0, mx.matrix_B() @ vh0
    partner = vp0[s.ppat] + vh0[s.pown].sum(axis=1) - ap[s.pattern] - bh[s.own].sum(axis=1)
    own = trh0[s.own]  # n x 4
    m = pattern_given_length() @ trp0
    lengths = LENGTHS[s.own]
    yp, yh = {}, {}
    for strain in STRAINS:
        t = s.t[strain] - partner
        yp[strain] = t - own.sum(axis=1)
        yh[strain] = (t[:, None] - (own.sum(axis=1)[:, None] - own)
                      - (trp0[s.pattern][:, None] - m[lengths]))
    return Samples(s.deal, s.t, s.pattern, s.holdings, s.own, s.ppat, s.pown, yp, yh)


def _fold(s: Samples) -> np.ndarray:
    return (s.deal % 1_000_000) % 2


def adjusted(rand: Samples, strat: Samples, pairs: Pairs | None, strain: str,
             nmin: int = NMIN) -> tuple[Samples, Samples]:
    """The samples with control-variate outcomes, cross-fitted over two folds of deals: each
    fold's controls come from a Tr table fitted on the other fold (entries the other fold cannot
    estimate, e.g. a pattern seen in one fold only, are taken from the whole-data plain
    estimate)."""
    full = estimate(rand, strat, pairs, strain, nmin)
    parts_r, parts_s = [], []
    for f in (0, 1):
        e0 = estimate(rand.subset(_fold(rand) != f), strat.subset(_fold(strat) != f), pairs,
                      strain, nmin)
        trp0 = np.where(np.isfinite(e0.trp), e0.trp, full.trp)
        trh0 = np.where(np.isfinite(e0.trh), e0.trh, full.trh)
        parts_r.append(with_controls(rand.subset(_fold(rand) == f), trp0, trh0))
        parts_s.append(with_controls(strat.subset(_fold(strat) == f), trp0, trh0))
    return _concat(parts_r), _concat(parts_s)


def estimate_cv(rand: Samples, strat: Samples, pairs: Pairs | None, strain: str,
                nmin: int = NMIN) -> TrEstimate:
    """:func:`estimate` on the outcomes with control variates (:func:`adjusted`); per class the
    plain or the controlled mean, whichever has the smaller variance (:func:`chosen_means`)."""
    adj_r, adj_s = adjusted(rand, strat, pairs, strain, nmin)
    e = estimate(adj_r, adj_s, pairs, strain, nmin)
    e.notes = dict(e.notes, control_variates="cross-fitted, 2 folds")
    return e


def _concat(parts: list[Samples]) -> Samples:
    def cat(get):
        return np.concatenate([get(p) for p in parts])

    return Samples(cat(lambda p: p.deal), {k: cat(lambda p, k=k: p.t[k]) for k in STRAINS},
                   cat(lambda p: p.pattern), cat(lambda p: p.holdings), cat(lambda p: p.own),
                   cat(lambda p: p.ppat), cat(lambda p: p.pown),
                   {k: cat(lambda p, k=k: p.yp[k]) for k in STRAINS},
                   {k: cat(lambda p, k=k: p.yh[k]) for k in STRAINS})


# ---------------------------------------------------------------------------------------------
# The table file
# ---------------------------------------------------------------------------------------------

FORMAT = "openbid.binky.tr/1"  # the format name the shipped files carry


def table_json(ests: dict[str, TrEstimate], meta: dict) -> dict:
    """The Tr table as JSON: per strain, per pattern and holding: Tr (4 decimals, as a string),
    its standard error, the sample count (and for holdings how sparse ones were merged)."""
    out: dict = {"format": FORMAT, "meta": meta, "strains": {}}
    for s, e in ests.items():
        pats = {pattern_name(p): {"tr": f"{e.trp[i]:.4f}", "se": round(float(e.trp_se[i]), 4),
                                  "n": int(e.trp_n[i])} for i, p in enumerate(PATTERNS)}
        hold = {}
        for i, (h, n) in enumerate(HOLDINGS):
            hold[holding_name(h, n)] = {"tr": f"{e.trh[i]:.4f}", "se": round(float(e.trh_se[i]), 4),
                                        "n": int(e.trh_n[i]), "merged": e.merged[i]}
        out["strains"][s] = {"patterns": pats, "holdings": hold}
    return out


def read_table(path: Path | str) -> dict:
    """A Tr table file -> {strain: (trp, trh)} as float arrays in matrices' order; accepts
    {"tr": "1.23"} entries or bare numbers, and checks every pattern and holding is present."""
    data = json.loads(Path(path).read_text())
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a {FORMAT} file")
    out = {}
    for s, t in data["strains"].items():
        def val(x):
            return float(x["tr"] if isinstance(x, dict) else x)
        trp = np.array([val(t["patterns"][pattern_name(p)]) for p in PATTERNS])
        trh = np.array([val(t["holdings"][holding_name(h, n)]) for h, n in HOLDINGS])
        out[s] = (trp, trh)
    return out


def weights_check() -> tuple[int, int]:
    return sum(pattern_weights()), sum(holding_weights())


# ---------------------------------------------------------------------------------------------
# Building the shipped tables
# ---------------------------------------------------------------------------------------------

def load(out: Path | str, limits: dict[str, int] | None = None
         ) -> tuple[Samples, Samples, Pairs]:
    """The training data in the shards of ``out``; an :class:`OpenbidError` when it holds no
    training deal (every mean would be NaN)."""
    out = Path(out)
    rand = random_samples(out, TRAIN, limits)
    if len(rand) == 0:
        raise OpenbidError(no_deals(out))
    return rand, pattern_samples(out, limits), paired_samples(out, TRAIN, limits)


def no_deals(out: Path) -> str:
    where = "no such folder" if not out.is_dir() else "none of random-0000 to random-0999"
    return (f"no double-dummy training deals in {out} ({where}): nothing to estimate from "
            "(the repository's deals are in data/dd; generate more with python -m "
            "openbid.studies.binky.ddgen)")


def shipped_manifest(path: Path | str | None = None) -> dict[str, int] | None:
    """The data snapshot the shipped Tr table was built from (None if it records none)."""
    p = Path(path) if path else Path(__file__).resolve().parents[2] / "hands" / "evaluators" / "data" / "tr_table.json"
    if not p.exists():
        return None
    return json.loads(p.read_text()).get("meta", {}).get("manifest")


def estimate_all(out: Path | str, use_pairs: bool = True, controls: bool = True,
                 limits: dict[str, int] | None = None) -> dict[str, TrEstimate]:
    rand, strat, pairs = load(out, limits)
    est = estimate_cv if controls else estimate
    return {s: est(rand, strat, pairs if use_pairs else None, s) for s in STRAINS}


def v_covariances(ests: dict[str, TrEstimate]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Cov(vp), Cov(vh) propagated through the inversion from the full Tr covariances."""
    from openbid.studies.binky import matrices as mx

    Ai = np.linalg.inv(np.eye(NP) + mx.matrix_A())
    Bi = np.linalg.inv(np.eye(NH) + mx.matrix_B())
    return {s: (Ai @ e.trp_cov @ Ai.T, Bi @ e.trh_cov @ Bi.T) for s, e in ests.items()}


# ---------------------------------------------------------------------------------------------
# What pairing buys
# ---------------------------------------------------------------------------------------------

def pairing_gain(rand: Samples, pairs: Pairs, strain: str) -> dict:
    """Per transition h0 -> h1: the variance of its paired mean difference against that of the
    same difference from the random training deals (their outcomes as given: plain, or with
    control variates), each scaled to one double-dummy solve (a random deal costs one solve and
    informs every transition; a pair costs two and informs one). ``gain`` > 1: the pairs
    measure that transition more cheaply. Grouped by the honours South held before."""
    deal = np.repeat(rand.deal, 4)
    cls = rand.holdings.ravel()
    y = rand.outcome_suits(strain).ravel()
    _, n, cov = class_means(deal, cls, y, NH)
    n_deals = len(np.unique(rand.deal))
    uk, _, cnt, var = pair_variances(pairs, strain)
    m_total = len(pairs)
    rows = []
    for k, c, v in zip(uk, cnt, var):
        h0, h1 = divmod(int(k), NH)
        if n[h0] < 20 or n[h1] < 20:
            continue
        vr = cov[h0, h0] + cov[h1, h1] - 2 * cov[h0, h1]
        vp = v / c
        if vr <= 0 or vp <= 0:
            continue
        rows.append((len(HOLDINGS[h0][0]), vr * n_deals / (vp * 2 * m_total),
                     holding_name(*HOLDINGS[h0]), holding_name(*HOLDINGS[h1]), int(c)))
    d = pairs.t1[strain] - pairs.t0[strain]
    groups = {}
    for h in sorted({r[0] for r in rows}):
        g = [r[1] for r in rows if r[0] == h]
        groups[f"{h} honours before"] = {"transitions": len(g),
                                          "median_gain": round(float(np.median(g)), 3)}
    corr = float(np.corrcoef(pairs.t0[strain], pairs.t1[strain])[0, 1])
    gains = [r[1] for r in rows]
    return {"pairs": m_total, "random_deals": n_deals, "transitions": len(rows),
            "corr_before_after": round(corr, 4),
            "var_d_over_2var_t": round(float(d.var() / (2 * np.var(pairs.t0[strain]))), 4),
            "pooled_var_d": round(float(np.average(var, weights=cnt)), 4),
            "median_gain": round(float(np.median(gains)), 3) if rows else None,
            "share_gain_above_1": (round(float(np.mean([g > 1 for g in gains])), 3)
                                   if rows else None),
            "by_honours": groups,
            "examples": [{"from": r[2], "to": r[3], "pairs": r[4], "gain": round(r[1], 2)}
                         for r in sorted(rows, key=lambda r: -r[4])[:6]]}


def pairs_effect(rand: Samples, strat: Samples, pairs: Pairs, strain: str) -> dict:
    """Median standard error of Trh (holdings of 8 cards or fewer estimated on their own) by
    number of honours: plain means, with control variates, and with controls and pairs."""
    a = estimate(rand, strat, None, strain)
    b = estimate_cv(rand, strat, None, strain)
    c = estimate_cv(rand, strat, pairs, strain)
    out = {}
    for k in range(7):
        sel = [i for i, (h, n) in enumerate(HOLDINGS)
               if len(h) == k and 1 <= n <= 8 and a.merged[i] == "own"]
        if sel:
            out[f"{k} honours"] = {"holdings": len(sel),
                                   "plain": round(float(np.median(a.trh_se[sel])), 4),
                                   "controls": round(float(np.median(b.trh_se[sel])), 4),
                                   "controls_pairs": round(float(np.median(c.trh_se[sel])), 4)}
    return out


def precision(est: TrEstimate) -> dict:
    """Standard errors of Tr by length (holdings) and for the patterns: median and largest."""
    out: dict = {"holdings": {}, "patterns": {}}
    for L in range(14):
        sel = [i for i, (_, n) in enumerate(HOLDINGS) if n == L]
        se = est.trh_se[sel]
        merged = sum(1 for i in sel if est.merged[i] != "own")
        out["holdings"][L] = {"median_se": round(float(np.median(se)), 4),
                              "max_se": round(float(se.max()), 4), "holdings": len(sel),
                              "merged": merged,
                              "samples": int(est.trh_n[sel].sum())}
    se = est.trp_se
    out["patterns"] = {"median_se": round(float(np.median(se)), 4),
                       "max_se": round(float(se.max()), 4),
                       "worst": pattern_name(PATTERNS[int(np.argmax(se))])}
    return out
