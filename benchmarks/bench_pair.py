"""Exact counts without rules: one hand and two, against their limits.

Workloads (in this process, best of ``--runs``):

* ``hcp 15-17``: ``count "15 <= HCP <= 17"`` by the planner, against the generating-function
  limit (the distribution of HCP alone, openbid.hands.evaluators.distribution) and against the
  census path ``count`` took before (the condition crossed with OPENBID's census);
* ``knr >= 14``: the planner, one evaluator with a pattern value;
* two-hand counts over deals (exact, generating functions jointly over N and S).

Printed: seconds, the exact count, and ratios (planner / limit, census / planner).

Run: python3 benchmarks/bench_pair.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("OPENBID_JOBS", "1")


def best(fn, runs: int):
    out, secs = None, float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        secs = min(secs, time.perf_counter() - t0)
    return out, secs


def main() -> None:  # noqa: D103
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    from openbid.cli.count import grouped
    from openbid.hands.evaluators.distribution import Separable, distribution
    from openbid.hands.registry import registry
    from openbid.systems.variants import resolve
    from openbid.checks import planner

    t = registry().default("SUITPOINTS", 1)
    sep = Separable(t.reads, t.value, lambda p: 0)  # type: ignore[union-attr]
    planner.count("15 <= HCP <= 17")  # warm the registry
    got, s_plan = best(lambda: planner.count("15 <= HCP <= 17"), args.runs)
    _, s_limit = best(lambda: distribution(sep), args.runs)
    rules = resolve(None, None)
    _, s_census = best(lambda: grouped(rules, ["15 <= HCP <= 17"], None), 1)
    print(f"{'workload':<58} {'seconds':>9}  count / ratio")
    print(f"{'one hand: 15 <= HCP <= 17 (planner)':<58} {s_plan:>9.4f}  {got.count:,}")
    print(f"{'  generating-function limit (HCP distribution)':<58} {s_limit:>9.4f}  "
          f"planner/limit {s_plan / s_limit:.1f}x")
    print(f"{'  census crossed with OPENBID (the old path)':<58} {s_census:>9.4f}  "
          f"census/planner {s_census / s_plan:.0f}x")
    for text in ("KNR >= 14", "8 <= N.SUITLENGTH(S) + S.SUITLENGTH(S)", "N.HCP + S.HCP >= 25",
                 "N.HCP >= 15 and N.HCP <= 17 and N.SUITLENGTH(S) + S.SUITLENGTH(S) >= 8"):
        got, secs = best(lambda: planner.count(text), 1)
        label = text if len(text) < 56 else text[:53] + "..."
        print(f"{label:<58} {secs:>9.4f}  {got.count:,} of {got.total:,} {got.unit}")


if __name__ == "__main__":
    main()
