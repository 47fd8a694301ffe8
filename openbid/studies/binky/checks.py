"""Binky points against the world: the seed's numbers as claims with verdicts, and accuracy on
held-out deals.

    openbid binky checks [--data DIR] [--write] [--svg PREFIX] [--figures FILE]

(a) :func:`seed_claims`: each checkable number of seed 003 as a :class:`Claim` with our value,
    its standard error (propagated from the full Tr covariance), a tolerance and a verdict;
    :func:`seed_consistency`: the seed's AQJ9 numbers tested against each other with Z3 (exact
    rational arithmetic, every printed number +-0.005), minimal inconsistent subsets reported.
    :func:`claims_text` renders both in the block format (openbid/studies/binky/binky_claims.txt).
(b) the held-out figures (openbid.studies.binky.holdout) gathered with (a) by :func:`figures`.

Checkers return data; nothing here prints (``openbid binky checks`` does).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from openbid.studies.binky import ddgen, derive as dv, matrices as mx, tr
from openbid.studies.binky.holdout import convention_means, out_of_sample

SEED_NAME = "003_4d02b869604f8bf4.txt"


def seed_path() -> Path | None:
    """The seed, found as openbid/studies/README.md says: ``$OPENBID_SEEDS`` if set, else
    ``shared/seeds/`` in the repository root or one of its parents."""
    env = os.environ.get("OPENBID_SEEDS")
    if env is not None:
        p = Path(env) / SEED_NAME
        return p if p.is_file() else None
    here = Path(__file__).resolve().parents[3]
    for d in (here, *here.parents):
        p = d / "shared" / "seeds" / SEED_NAME
        if p.is_file():
            return p
    return None

CLAIMS_FILE = Path(__file__).resolve().parent / "binky_claims.txt"
# 2,868,408 hand samples / 4 (andrews-deal lib/ddeval.tcl, "Average for shapes")
ANDREWS_DEALS = 717_102
PRINT = 0.005  # the seed prints two decimals


@dataclass(frozen=True)
class Claim:
    id: str
    lines: str
    quote: str
    check: str
    ours: float | None = None
    se: float | None = None
    tolerance: float | None = None
    verdict: str = "UNKNOWN"  # AGREES | DISAGREES | SEED_INCONSISTENT | UNKNOWN
    notes: tuple[str, ...] = ()
    source: str = "seed 003"


# ---------------------------------------------------------------------------------------------
# Our tables with covariances
# ---------------------------------------------------------------------------------------------

@dataclass
class Fitted:
    """v tables (canonical gauge) with their covariances, per strain, and the data size."""

    vp: dict[str, np.ndarray]
    vh: dict[str, np.ndarray]
    cov_p: dict[str, np.ndarray]
    cov_h: dict[str, np.ndarray]
    deals: int
    kappa: float = 1.0  # median (plain standard error / ours): what the controls and pairs buy

    def hand(self, strain: str, suits: Sequence[str]) -> tuple[float, float]:
        """(value, standard error) of a hand given as four suits' ranks ("x" = a spot)."""
        return self.value(strain, self.hand_vector(suits))

    def value(self, strain: str, a: np.ndarray) -> tuple[float, float]:
        """(a . v, its standard error) for a vector over patterns then holdings (the pattern
        and holding estimates are treated as uncorrelated)."""
        vec = np.r_[self.vp[strain], self.vh[strain]]
        npat = len(mx.PATTERNS)
        var = a[:npat] @ self.cov_p[strain] @ a[:npat] + a[npat:] @ self.cov_h[strain] @ a[npat:]
        return float(a @ vec), float(np.sqrt(max(var, 0)))

    @staticmethod
    def hand_vector(suits: Sequence[str]) -> np.ndarray:
        a = np.zeros(len(mx.PATTERNS) + len(mx.HOLDINGS))
        pat = tuple(sorted((len(s) for s in suits), reverse=True))
        a[mx.PATTERN_INDEX[pat]] += 1  # type: ignore[index]
        for s in suits:
            held = "".join(r for r in mx.READS if r in s)
            a[len(mx.PATTERNS) + mx.HOLDING_INDEX[(held, len(s))]] += 1
        return a

    def diff(self, strain: str, hi: str, lo: str) -> tuple[float, float]:
        """v(hi) - v(lo) for two holdings named like "AQxx", with its standard error."""
        i = mx.HOLDING_INDEX[mx.parse_holding(hi)]
        j = mx.HOLDING_INDEX[mx.parse_holding(lo)]
        c = self.cov_h[strain]
        return (float(self.vh[strain][i] - self.vh[strain][j]),
                float(np.sqrt(max(c[i, i] + c[j, j] - 2 * c[i, j], 0))))


def fit(data: Path | str = ddgen.DATA, limits: dict[str, int] | None = None) -> Fitted:
    rand, strat, pairs = tr.load(data, limits)
    ests = {s: tr.estimate_cv(rand, strat, pairs, s) for s in tr.STRAINS}
    plain = {s: tr.estimate(rand, strat, None, s) for s in tr.STRAINS}
    covs = tr.v_covariances(ests)
    vp, vh = {}, {}
    for s, e in ests.items():
        vp[s], vh[s] = dv.derive_arrays(e.trp, e.trh)
    ratios = [plain[s].trh_se[i] / ests[s].trh_se[i]
              for s in tr.STRAINS for i in range(len(mx.HOLDINGS))
              if ests[s].merged[i] == "own" and plain[s].merged[i] == "own"
              and ests[s].trh_se[i] > 0]
    return Fitted(vp, vh, {s: c[0] for s, c in covs.items()}, {s: c[1] for s, c in covs.items()},
                  int(len(np.unique(rand.deal))), float(np.median(ratios)) if ratios else 1.0)


# ---------------------------------------------------------------------------------------------
# (a) The seed's numbers
# ---------------------------------------------------------------------------------------------

def seed_lines() -> list[str]:
    p = seed_path()
    return p.read_text().splitlines() if p else []


def quote(lines: str) -> str:
    """The seed's line(s), stripped, runs of spaces collapsed (table rows), joined by spaces."""
    text = seed_lines()
    if not text:
        return ""
    rows = []
    for part in lines.split(","):
        a, _, b = part.strip().partition("-")
        rows.extend(text[int(a) - 1:int(b or a)])
    return " ".join(re.sub(r"\s+", " ", r.strip()) for r in rows if r.strip())


def tolerance(se: float, deals: int, kappa: float = 1.0, printed: float = PRINT) -> float:
    """Half the printed precision (0.005 for two decimals) plus two standard errors of the
    difference between our estimate and Andrews': his error is taken as ours without the
    controls and pairs (ours times ``kappa``) scaled to his 717,102 deals."""
    his = kappa * se * (deals / ANDREWS_DEALS) ** 0.5
    return printed + 2 * (se**2 + his**2) ** 0.5


def _verdict(ours: float, claimed: float, tol: float) -> str:
    return "AGREES" if abs(ours - claimed) <= tol else "DISAGREES"


# (id, line, lower, higher, printed difference), suit contracts
SUIT_DIFFS: tuple[tuple[str, int, str, str, str], ...] = (
    ("worst_best.1", 88, "x", "A", "1.36"),
    ("worst_best.2", 89, "xx", "AK", "2.42"),
    ("worst_best.3", 90, "xxx", "AKQ", "3.08"),
    ("worst_best.4", 91, "xxxx", "AKQJ", "3.31"),
    ("worst_best.5", 92, "xxxxx", "AKQJT", "3.41"),
    ("worst_best.6", 93, "xxxxxx", "AKQJT9", "3.26"),
    ("ace.1", 100, "x", "A", "1.36"),
    ("ace.2", 101, "xx", "Ax", "1.52"),
    ("ace.3", 102, "xxx", "Axx", "1.60"),
    ("ace.4", 103, "xxxx", "Axxx", "1.61"),
    ("ace.5", 104, "xxxxx", "Axxxx", "1.50"),
    ("ace.6", 105, "xxxxxx", "Axxxxx", "1.53"),
    ("ace_q.2", 110, "Qx", "AQ", "1.64"),
    ("ace_q.3", 111, "Qxx", "AQx", "1.69"),
    ("ace_q.4", 112, "Qxxx", "AQxx", "1.70"),
    ("ace_q.5", 113, "Qxxxx", "AQxxx", "1.68"),
    ("ace_q.6", 114, "Qxxxxx", "AQxxxx", "1.59"),
    ("ace_k.2", 116, "Kx", "AK", "1.49"),
    ("ace_k.3", 117, "Kxx", "AKx", "1.56"),
    ("ace_k.4", 118, "Kxxx", "AKxx", "1.58"),
    ("ace_k.5", 119, "Kxxxx", "AKxxx", "1.59"),
    ("ace_k.6", 120, "Kxxxxx", "AKxxxx", "1.59"),
    ("ace_kq.3", 122, "KQx", "AKQ", "1.41"),
    ("ace_kq.4", 123, "KQxx", "AKQx", "1.49"),
    ("ace_kq.5", 124, "KQxxx", "AKQxx", "1.51"),
    ("ace_kq.6", 125, "KQxxxx", "AKQxxx", "1.52"),
    ("ace_kj.3", 127, "KJx", "AKJ", "1.50"),
    ("ace_kj.4", 128, "KJxx", "AKJx", "1.51"),
    ("ace_kj.5", 129, "KJxxx", "AKJxx", "1.57"),
    ("ace_kj.6", 130, "KJxxxx", "AKJxxx", "1.57"),
    ("ace_qj.3", 132, "QJx", "AQJ", "1.65"),
    ("ace_qj.4", 133, "QJxx", "AQJx", "1.61"),
    ("ace_qj.5", 134, "QJxxx", "AQJxx", "1.70"),
    ("ace_qj.6", 135, "QJxxxx", "AQJxxx", "1.58"),
    ("ace_kt.3", 137, "KTx", "AKT", "1.56"),
    ("ace_kt.4", 138, "KTxx", "AKTx", "1.54"),
    ("ace_kt.5", 139, "KTxxx", "AKTxx", "1.56"),
    ("ace_kt.6", 140, "KTxxxx", "AKTxxx", "1.55"),
    ("top_down.1", 149, "xxxx", "Axxx", "1.61"),
    ("top_down.2", 150, "Axxx", "AQxx", "0.66"),
    ("top_down.3", 151, "AQxx", "AQJx", "0.28"),
    ("top_down.4", 152, "AQJx", "AQJ9", "0.01"),
    ("bottom_up.1", 157, "xxxx", "9xxx", "0.05"),
    ("bottom_up.2", 158, "9xxx", "J9xx", "0.31"),
    ("bottom_up.3", 159, "J9xx", "QJ9x", "0.55"),
    ("bottom_up.4", 160, "QJ9x", "AQJ9", "1.65"),
    ("ace_in_aqj9.1", 162, "xxxx", "Axxx", "1.61"),
    ("ace_in_aqj9.2", 163, "9xxx", "A9xx", "1.64"),
    ("ace_in_aqj9.3", 164, "Jxxx", "AJxx", "1.67"),
    ("ace_in_aqj9.4", 165, "Qxxx", "AQxx", "1.70"),
    ("ace_in_aqj9.5", 166, "J9xx", "AJ9x", "1.71"),
    ("ace_in_aqj9.6", 167, "Q9xx", "AQ9x", "1.67"),
    ("ace_in_aqj9.7", 168, "QJxx", "AQJx", "1.67"),
    ("ace_in_aqj9.8", 169, "QJ9x", "AQJ9", "1.65"),
)

AQJ9 = "AQJ9"
AVERAGES = (("A", "1.65", "171"), ("Q", "0.55", "171"), ("J", "0.29", "171"),
            ("9", "0.07", "171"))


def _four(held: str) -> str:
    """A 4-card holding with these of A Q J 9, the rest spots: "AJ" -> "AJxx"."""
    return "".join(c for c in AQJ9 if c in held).ljust(4, "x")


def card_average(values: Callable[[str], float], card: str) -> float:
    """The average over the 24 orders of adding A Q J 9 to xxxx of ``card``'s increment (seed
    lines 161-171): a context of k other cards has weight k!(3-k)!."""
    others = [c for c in AQJ9 if c != card]
    tot = 0.0
    for k in range(4):
        for ctx in combinations(others, k):
            w = {0: 6, 1: 2, 2: 2, 3: 6}[k]
            tot += w * (values(_four("".join(ctx) + card)) - values(_four("".join(ctx))))
    return tot / 24


def seed_claims(f: Fitted) -> list[Claim]:
    out = []
    for cid, line, lo, hi, printed in SUIT_DIFFS:
        v, se = f.diff("suit", hi, lo)
        tol = tolerance(se, f.deals, f.kappa)
        out.append(Claim(f"suit.{cid}", str(line), quote(str(line)),
                         f"suit v({hi}) - v({lo}) = {printed}", v, se, tol,
                         _verdict(v, float(printed), tol)))
    # averages over orders: linear in vh, so the error follows from the covariance
    for card, printed, lines in AVERAGES:
        vec = np.zeros(len(mx.HOLDINGS))
        for k in range(4):
            others = [c for c in AQJ9 if c != card]
            for ctx in combinations(others, k):
                w = {0: 6, 1: 2, 2: 2, 3: 6}[k] / 24
                vec[mx.HOLDING_INDEX[mx.parse_holding(_four("".join(ctx) + card))]] += w
                vec[mx.HOLDING_INDEX[mx.parse_holding(_four("".join(ctx)))]] -= w
        v = float(vec @ f.vh["suit"])
        se = float(np.sqrt(max(vec @ f.cov_h["suit"] @ vec, 0)))
        tol = tolerance(se, f.deals, f.kappa)
        out.append(Claim(f"suit.average_in_aqj9.{card}", lines, quote(lines),
                         f"suit average increment of {card} over the 24 orders of AQJ9 = {printed}",
                         v, se, tol, _verdict(v, float(printed), tol)))
    # 13-0-0-0: the whole hand (gauge-invariant)
    v, se = f.hand("suit", ["AKQJT98765432", "", "", ""])
    tol = tolerance(se, f.deals, f.kappa)
    out.append(Claim("suit.thirteen_card_hand", "70", quote("70"),
                     "suit v(13-0-0-0 hand) = vp(13-0-0-0) + vh(13 cards) + 3 vh(void) = 7.68",
                     v, se, tol, _verdict(v, 7.68, tol),
                     ("A hand value: the same in every gauge.",)))
    # partner's void: min vp over patterns with a void (gauge-dependent: canonical gauge)
    voids = [i for i, p in enumerate(mx.PATTERNS) if 0 in p]
    i = min(voids, key=lambda k: f.vp["suit"][k])
    v, se = float(f.vp["suit"][i]), float(np.sqrt(f.cov_p["suit"][i, i]))
    tol = tolerance(se, f.deals, f.kappa, 0.0005)
    out.append(Claim("suit.partner_void_shape", "70", quote("70"),
                     "suit min over patterns with a void of vp = 5.116",
                     v, se, tol, _verdict(v, 5.116, tol),
                     (f"attained at {mx.pattern_name(mx.PATTERNS[i])}",
                      "vp alone depends on the gauge; this is the canonical gauge (each length's "
                      "mean vh is 0), which Andrews' published table is in (its frequency-weighted "
                      "singleton values sum to 0.003).")))
    # the example hands, notrump
    hands = {"with": (["KJT", "Axx", "KQx", "AJTx"], ["A9xx", "Kxx", "Axx", "K9x"]),
             "without": (["KJx", "Axx", "KQx", "AJxx"], ["Axxx", "Kxx", "Axx", "Kxx"])}
    for key, (n, s) in hands.items():
        v, se = f.value("nt", Fitted.hand_vector(n) + Fitted.hand_vector(s))
        tol = tolerance(se, f.deals, f.kappa, 0.05)  # "12.5": one decimal
        if key == "with":
            verdict = "AGREES" if 13 - tol < v <= 13.5 + tol else "DISAGREES"
            check = ("nt v(KJT Axx KQx AJTx) + v(A9xx Kxx Axx K9x) slightly more than 13: "
                     "in (13, 13.5]")
        else:
            verdict = _verdict(v, 12.5, tol)
            check = "nt v(KJx Axx KQx AJxx) + v(Axxx Kxx Axx Kxx) = 12.5"
        out.append(Claim(f"nt.example_{key}_nines_tens", "76, 78-79", quote("76, 78-79"), check,
                         v, se, tol, verdict, ("x = a spot below the nine.",)))
    return out


# ---------------------------------------------------------------------------------------------
# The seed against itself (Z3, exact)
# ---------------------------------------------------------------------------------------------

def _aqj9_constraints() -> list[tuple[str, str, object]]:
    """(label, lines, z3 constraint) for every printed number about AQJ9's sub-holdings."""
    import z3

    v = {h: z3.Real("v_" + h) for h in (_four("".join(c)) for k in range(5)
                                         for c in combinations(AQJ9, k))}
    half = z3.RealVal("0.005")

    def near(e, val):
        return z3.And(e >= z3.RealVal(val) - half, e <= z3.RealVal(val) + half)

    out = [("base", "-", v["xxxx"] == 0)]
    for cid, line, lo, hi, printed in SUIT_DIFFS:
        if len(lo) == 4 and set(lo + hi) <= set(AQJ9 + "x"):
            out.append((f"{lo}->{hi} {printed}", str(line), near(v[hi] - v[lo], printed)))
    for card, printed, lines in AVERAGES:
        expr = card_average(lambda h: v[h], card)  # type: ignore[arg-type,return-value]
        out.append((f"average {card} {printed}", lines, near(expr, printed)))
    return out


def _minimal_core(cons: list[tuple[str, str, object]], keep: set[str]
                  ) -> list[tuple[str, str]] | None:
    """A minimal unsatisfiable subset (deletion-based), or None when all hold together."""
    import z3

    def sat(items):
        s = z3.Solver()
        s.set("timeout", 10_000)
        s.add(*[c for _, _, c in items])
        r = s.check()
        if r == z3.unknown:
            raise RuntimeError("z3 unknown")
        return r == z3.sat

    if sat(cons):
        return None
    core = list(cons)
    for item in list(core):
        if item[0] in keep:
            continue
        trial = [c for c in core if c is not item]
        if not sat(trial):
            core = trial
    return [(a, b) for a, b, _ in core if a not in keep]


def seed_consistency() -> list[Claim]:
    """Can the seed's numbers about AQJ9's sub-holdings (lines 149-172, with the Ace table rows
    they repeat) all hold at once, each within +-0.005? Two minimal contradictions: the same
    difference printed twice, and then (line 133 set aside) the chains against the averages."""
    cons = _aqj9_constraints()
    out = []
    twice = [c for c in cons if c[0].startswith("QJxx->AQJx")] + [cons[0]]
    core = _minimal_core(twice, {"base"})
    if core is not None:
        out.append(_core_claim("seed.aqj9_printed_twice", core))
    rest = [c for c in cons if c[1] != "133"]
    # try to delete the chain entries first, so that the core keeps the averages it involves
    order = sorted(rest, key=lambda c: c[0].startswith("average"))
    core2 = _minimal_core(order, {"base"})
    if core2 is not None:
        c = _core_claim("seed.aqj9_averages", core2)
        notes = list(c.notes)
        for card, printed, lo, hi in average_ranges():
            if lo is not None:
                notes.append(f"the seed's other AQJ9 numbers (line 133 aside) force the {card}'s "
                             f"average into [{lo:.4f}, {hi:.4f}]; line 171 prints {printed}")
        out.append(Claim(c.id, c.lines, c.quote, c.check, verdict=c.verdict, notes=tuple(notes)))
    if not out:
        out.append(Claim("seed.aqj9_consistent", "149-172", "", "all hold", verdict="AGREES"))
    return out


def average_ranges() -> list[tuple[str, str, float | None, float | None]]:
    """For each card's average (line 171): its least and greatest value allowed by all the
    other AQJ9 numbers, line 133 aside (None when those are already inconsistent)."""
    import z3

    cons = [c for c in _aqj9_constraints() if c[1] != "133"]
    out = []
    for card, printed, _ in AVERAGES:
        others = [c for c in cons if not c[0].startswith(f"average {card} ")]
        v = {h: z3.Real("v_" + h) for h in (_four("".join(c)) for k in range(5)
                                             for c in combinations(AQJ9, k))}
        expr = card_average(lambda h: v[h], card)  # type: ignore[arg-type,return-value]
        bounds: list[float | None] = []
        for sense in ("min", "max"):
            o = z3.Optimize()
            o.set("timeout", 10_000)
            o.add(*[c for _, _, c in others])
            h = o.minimize(expr) if sense == "min" else o.maximize(expr)
            if o.check() != z3.sat:
                bounds.append(None)
                continue
            val = o.lower(h) if sense == "min" else o.upper(h)
            bounds.append(float(Fraction(val.as_fraction())))
        out.append((card, printed, bounds[0], bounds[1]))
    return out


def _core_claim(cid: str, core: list[tuple[str, str]]) -> Claim:
    lines = sorted({ln for _, ln in core}, key=lambda s: int(s.split("-")[0]))
    return Claim(cid, ", ".join(lines), "\n".join(quote(ln) for ln in lines),
                 "these printed numbers (each +-0.005) hold together: "
                 + "; ".join(lbl for lbl, _ in core),
                 verdict="SEED_INCONSISTENT",
                 notes=("Z3 over exact rationals: the conjunction is unsatisfiable and every "
                        "proper subset is satisfiable (a minimal core).",))


# ---------------------------------------------------------------------------------------------
# (b) Out of sample
# ---------------------------------------------------------------------------------------------

HEADER = """\
# Binky points: the checkable numbers of seed 003 (Thomas Andrews,
# "Binky Points: Optimal Evaluation"), as claims with verdicts against our own double-dummy data.
#
# Block format (openbid/studies/paper/part_two/README.md, "The block format"): `claim ID` at column 0, its
# fields indented two spaces, `key: value`, one line each; `#` starts a comment line.
#   lines:     seed line(s) of the statement
#   quote:     the seed's words, verbatim: the cited lines stripped, runs of white space as one
#              space, joined by single spaces; a contradiction quotes each cited line apart
#   check:     the statement as computed (v = our Binky value, canonical gauge, offense)
#   ours:      our value, and its standard error (cluster-robust by deal, propagated through the
#              inversion with the full covariance)
#   tolerance: half the printed precision (0.005; 0.05 for "12.5", 0.0005 for "5.116")
#              + 2 * sqrt(se^2 + se_andrews^2), se_andrews = our se without control variates
#              and pairs (x {kappa:.2f}, the median ratio) scaled to Andrews' 717,102 deals
#   verdict:   AGREES | DISAGREES (|ours - printed| > tolerance) | SEED_INCONSISTENT (the seed's own
#              numbers cannot all hold, each within +-0.005: Z3, exact rationals, minimal core)
#   note:      free text
# Generated by: openbid binky checks --write (openbid/studies/binky/checks.py); data: {deals}
# random training deals (data/dd). Do not edit by hand.
"""


def claims_summary(claims: list[Claim]) -> dict:
    """How the numeric verdicts look as a whole: with every claim true, each |ours - printed|
    exceeds its tolerance with probability about 5%, so a few DISAGREES are expected by chance."""
    nums = [c for c in claims if c.ours is not None and c.se and "=" in c.check]
    z = []
    for c in nums:
        # a numeric claim carries its estimate and tolerance (seed_claims sets both)
        assert c.ours is not None and c.tolerance is not None
        printed = float(c.check.rsplit("=", 1)[1])
        comb = (c.tolerance - (0.0005 if printed == 5.116 else 0.05 if printed == 12.5
                               else PRINT)) / 2
        z.append((c.ours - printed) / comb)
    za = np.array(z)
    return {"numeric_claims": len(nums),
            "disagree": sum(1 for c in nums if c.verdict == "DISAGREES"),
            "expected_by_chance": round(0.0455 * len(nums), 1),
            "mean_z": round(float(za.mean()), 2) if len(za) else None,
            "rms_z": round(float(np.sqrt((za**2).mean())), 2) if len(za) else None}


def claims_text(claims: list[Claim], deals: int, kappa: float = 1.0) -> str:
    sm = claims_summary(claims)
    out = [HEADER.format(deals=deals, kappa=kappa)
           + f"# Summary: {sm['numeric_claims']} numeric claims, {sm['disagree']} DISAGREES "
             f"(about {sm['expected_by_chance']} expected by chance\n# were all true); "
             f"z = (ours - printed) / combined se: mean {sm['mean_z']}, rms {sm['rms_z']}.\n"]
    for c in claims:
        out.append(f"claim {c.id}")
        out.append(f"  lines: {c.lines}")
        for q in c.quote.split("\n") if c.quote else ():
            out.append(f"  quote: {q}")
        out.append(f"  check: {c.check}")
        if c.ours is not None:
            out.append(f"  ours: {c.ours:.3f} (se {c.se:.3f})")
            out.append(f"  tolerance: {c.tolerance:.3f}")
        out.append(f"  verdict: {c.verdict}")
        for n in c.notes:
            out.append(f"  note: {n}")
        out.append("")
    return "\n".join(out)


def parse_claims(text: str) -> list[dict[str, list[str]]]:
    """The blocks of a claims file's text: [{"claim": [id], "lines": [...], ...}] (read by the one
    block reader, openbid.systems.blocks)."""
    import tempfile

    from openbid.systems.blocks import read_blocks

    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=True) as fh:
        fh.write(text)
        fh.flush()
        blocks = read_blocks(fh.name)
    out: list[dict[str, list[str]]] = []
    for b in blocks:
        d: dict[str, list[str]] = {b.kind: [b.name]}
        for f in b.fields:
            d.setdefault(f.key, []).append(f.value)
        out.append(d)
    return out


def figures(data: Path | str = ddgen.DATA, limits: dict[str, int] | None = None) -> dict:
    """Everything docs/BINKY.md quotes: data sizes, conventions, precision, pairing, out of
    sample."""
    rand, strat, pairs = tr.load(data, limits)
    out: dict = {"training_deals": int(len(np.unique(rand.deal))), "hand_samples": len(rand),
                 "pattern_deals": len(strat), "pairs": len(pairs),
                 "heldout_deals": sum(1 for _ in ddgen.iter_records(Path(data), "random",
                                                                    tr.HELDOUT, limits)),
                 "conventions": convention_means(data, limits)}
    for s in tr.STRAINS:
        est = tr.estimate_cv(rand, strat, pairs, s)
        adj_r, _ = tr.adjusted(rand, strat, pairs, s)
        out[s] = {"precision": tr.precision(est),
                  "pairs_effect": tr.pairs_effect(rand, strat, pairs, s),
                  "pairing_gain_vs_plain": tr.pairing_gain(rand, pairs, s),
                  "pairing_gain_vs_controls": tr.pairing_gain(adj_r, pairs, s),
                  "notes": est.notes}
    out["out_of_sample"] = out_of_sample(data, limits=limits)
    return out
