"""Binky points checked: the exact partner matrices, the inversion's round trip, the
seed's numbers as claims against our double-dummy data, and the out-of-sample figures.

The matrices are exact (every entry an integer over C(39, 13), rows summing to it exactly);
the claims and the figures are estimates from data/dd (the repository's double-dummy shards),
recomputed here when the data is present and compared with the recorded claims file; without
the data (an installed package), the recorded verdicts are reported as recorded. Returns
records; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from openbid.studies.binky.ddgen import DATA  # the repository's double-dummy shards
from openbid.checks.verdicts import Verdict

_VERDICT = {"AGREES": Verdict.HELD, "DISAGREES": Verdict.FAILED,
            "SEED_INCONSISTENT": Verdict.FAILED, "UNKNOWN": Verdict.UNKNOWN}


@dataclass
class BinkyClaimCheck:
    id: str
    lines: str
    quote: str
    check: str
    ours: str
    tolerance: str
    verdict: Verdict
    kind: str  # AGREES | DISAGREES | SEED_INCONSISTENT | UNKNOWN (the file's own words)
    notes: tuple[str, ...] = ()


@dataclass
class BinkyChecks:
    matrices: dict[str, object] = field(default_factory=dict)  # exact checks, each True/False
    claims: list[BinkyClaimCheck] = field(default_factory=list)
    recomputed: bool = False  # the claims were re-derived from data/dd (else: as recorded)
    consistent: bool = True  # the re-derived verdicts equal the recorded ones
    deals: int = 0
    out_of_sample: dict = field(default_factory=dict)
    plots: dict[str, str] = field(default_factory=dict)  # strain -> SVG
    distributions: list = field(default_factory=list)  # openbid.studies.evaluators.checks.Distribution


def check_binky(data: Path = DATA) -> BinkyChecks:
    from openbid.studies.binky import checks, holdout, matrices as mx, tr
    from openbid.studies.binky.claims_file import load_claims

    from openbid.hands.evaluators.binky import BINKY_NT, BINKY_SUIT
    from openbid.studies.evaluators.checks import distribution_of

    out = BinkyChecks()
    out.matrices = _matrices(mx)
    out.distributions = [distribution_of(BINKY_SUIT), distribution_of(BINKY_NT)]
    recorded = {c.id: c for c in load_claims()}
    if data.is_dir() and any(data.glob("*.jsonl.gz")):
        limits = tr.shipped_manifest()
        fitted = checks.fit(data, limits)
        fresh = checks.seed_claims(fitted) + checks.seed_consistency()
        out.recomputed, out.deals = True, fitted.deals
        out.consistent = all(recorded.get(c.id) is not None and recorded[c.id].verdict == c.verdict
                             for c in fresh) and len(fresh) == len(recorded)
        for c in fresh:
            r = recorded.get(c.id)
            ours = "" if c.ours is None else f"{c.ours:.3f} (se {c.se:.3f})"
            tol = "" if c.tolerance is None else f"{c.tolerance:.3f}"
            out.claims.append(BinkyClaimCheck(c.id, c.lines, c.quote if r is None else
                                              " / ".join(r.quotes), c.check, ours, tol,
                                              _VERDICT[c.verdict], c.verdict, tuple(c.notes)))
        out.out_of_sample = holdout.out_of_sample(data, limits=limits)
        for strain in ("suit", "nt"):
            pts = holdout.plot_points(data, strain, limits=limits)
            out.plots[strain] = holdout.plot_svg(pts, f"held-out deals, {strain}: Binky(N) + "
                                                     "Binky(S) against double-dummy tricks")
    else:
        for rc in recorded.values():
            out.claims.append(BinkyClaimCheck(rc.id, ", ".join(map(str, rc.lines)),
                                              " / ".join(rc.quotes), rc.check, rc.ours,
                                              rc.tolerance, _VERDICT.get(rc.verdict, Verdict.UNKNOWN),
                                              rc.verdict, rc.notes))
    return out


def _matrices(mx) -> dict[str, object]:
    """The exact checks of the partner matrices (rows sum exactly; the numeric inversion's
    residual certified small)."""
    from math import comb

    out: dict[str, object] = {}
    total = comb(39, 13)
    out["A rows sum to C(39,13)"] = all(sum(r) == total for r in mx.pattern_numerators())
    out["B rows sum to C(39,13)"] = all(sum(r) == total for r in mx.holding_numerators())
    out["A is 39 x 39"] = len(mx.pattern_numerators()) == 39
    out["B is 512 x 512"] = len(mx.holding_numerators()) == 512
    return out
