"""Issue 3: time per ``find`` query (Z3, witnesses re-checked), and Z3 against rejection sampling.

1. Each query once through ``openbid.verify.search.find`` (limit 1): status, seconds, the witness.
2. 100 distinct witnesses (distinct hand classes) for a common condition.
3. Exact counts of every query from one census pass (``Census.group`` with one expression column
   per query: the same enumeration ``openbid find --count`` runs), hence the expected number of
   uniformly random deals rejection sampling needs for one hit, C(52,13) / count. Where that
   should take at most the sampling budget (30 s; 5 s with ``--quick``) the script samples for
   real (``random`` deals, tested with ``openbid.model.evaluate.holds``) and prints the draws and the
   time; otherwise the time is estimated from the measured draws/s. Ratio: sampling time / Z3 time.

Run: python3 benchmarks/bench_find.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import (machine_note, random_hand, random_hands, run_openbid, table,  # noqa: E402
                              timed)
from openbid.model.evaluate import holds  # noqa: E402
from openbid.model.expr import parse  # noqa: E402
from openbid.model.variants import load_variant  # noqa: E402
from openbid.readers.census.census import Census, Column
from openbid.readers.census.enumeration import TOTAL_HANDS  # noqa: E402
from openbid.verify.search import find  # noqa: E402
from openbid.verify.verdicts import Status  # noqa: E402

QUERIES = (
    'meets("10") and TOTALPTS <= 6',
    'section = "12g"',
    'bid = "7NT"',
    "HCP >= 30",
    'SHAPE = "7600" and bid = "PASS"',
    "HCP >= 38",
    'bid = "1NT" and SUITLENGTH(S) = 5',
    'section = "11a" and HCP = 10',
    'bid = "2C" and HCP <= 12',
    'section = "13b"',
    'bid = "1S"',
)
QUICK_QUERIES = QUERIES[:6] + ('bid = "1S"',)
COMMON = 'bid = "1S"'  # for the 100 distinct witnesses


def solver_times(rules, queries) -> dict[str, tuple[Status, float, str]]:
    out = {}
    for q in queries:
        result, secs = timed(lambda: find(parse(q), rules, 1))
        w = result.witnesses[0].to_pbn() if result.witnesses else "-"  # type: ignore[attr-defined]
        out[q] = (result.status, secs, w)  # type: ignore[attr-defined]
    return out


def exact_counts(rules, queries) -> tuple[dict[str, int], float]:
    """The exact number of hands meeting each query, from one pass over all classes."""
    exprs = [parse(q) for q in queries]
    groups, secs = timed(lambda: Census([rules]).group([Column("expr", 0, e) for e in exprs]))
    counts = {q: 0 for q in queries}
    for key, w in groups.weights.items():  # type: ignore[attr-defined]
        for q, bit in zip(queries, key):
            if bit:
                counts[q] += w
    return counts, secs


def sampling_rate(rules, n: int) -> float:
    """Random deals drawn and tested per second (holds on a condition that is never true)."""
    expr = parse("HCP >= 38")
    rng = random.Random(7)
    _, secs = timed(lambda: [holds(expr, random_hand(rng), rules) for _ in range(n)])
    return n / secs


def sample_until_hit(rules, query: str, budget_s: float, seed: int) -> tuple[int, float, bool]:
    """Draw random deals until one meets ``query`` (or the budget runs out): (draws, s, hit)."""
    expr = parse(query)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    draws = 0
    while True:
        draws += 1
        if holds(expr, random_hand(rng), rules):
            return draws, time.perf_counter() - t0, True
        if draws % 1000 == 0 and time.perf_counter() - t0 > budget_s:
            return draws, time.perf_counter() - t0, False


def cli_check(query: str, expected: int) -> None:
    """The same count through ``openbid find EXPR --count --json`` (a subprocess)."""
    import json

    done, secs = run_openbid(["find", query, "--count", "--json", "--limit", "1"])
    counts = [json.loads(x)["count"] for x in done.stdout.splitlines() if '"count"' in x]
    got = counts[0] if counts else None
    agree = "agrees" if got == expected else "DISAGREES"
    print(f"\n   cross-check: openbid find {query!r} --count --json -> {got:,} hands in "
          f"{secs:.1f} s (whole command); {agree} with the census above" if got is not None else
          f"\n   cross-check failed: exit {done.returncode}: {done.stderr[-300:]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer queries, 5 s sampling budget")
    args = ap.parse_args()
    queries = QUICK_QUERIES if args.quick else QUERIES
    budget = 5.0 if args.quick else 30.0
    rules = load_variant("code")
    print(machine_note())
    timed(lambda: find(parse("HCP >= 0"), rules, 1))  # build the solver model once, untimed

    solved = solver_times(rules, queries)
    print("\n1. find(expr, code, limit=1): Z3 search + re-check by the executable")
    print(table(("query", "status", "Z3 s", "witness"),
                [(q, s.value, f"{t:.3f}", w) for q, (s, t, w) in solved.items()]))
    times = [t for _, t, _ in solved.values()]
    print(f"   median {sorted(times)[len(times) // 2]:.3f} s, max {max(times):.3f} s, "
          f"total {sum(times):.2f} s over {len(times)} queries")

    n_wit = 100
    many, secs = timed(lambda: find(parse(COMMON), rules, n_wit))
    got = len(many.witnesses)  # type: ignore[attr-defined]
    distinct = len({h.to_class().to_pbn() for h in many.witnesses})  # type: ignore[attr-defined]
    print(f"\n2. {n_wit} distinct witnesses for {COMMON!r}: {got} found ({distinct} distinct "
          f"classes) in {secs:.2f} s, {secs / max(got, 1) * 1000:.1f} ms per witness; "
          f"ratio to one witness: {secs / solved[COMMON][1]:.1f}x")

    counts, census_s = exact_counts(rules, queries)
    rate = sampling_rate(rules, 5_000 if args.quick else 20_000)
    print(f"\n3. Rejection sampling vs Z3 (exact counts: one census pass, {census_s:.1f} s; "
          f"sampling draws and tests {rate:,.0f} deals/s with evaluate.holds)")
    rows = []
    for i, q in enumerate(queries):
        status, z3_s, _ = solved[q]
        n = counts[q]
        if n == 0:
            rows.append((q, "0", "-", "never", "-", "-", f"{z3_s:.3f}", "inf (Z3 proves unsat)"))
            continue
        expected = TOTAL_HANDS / n
        est_s = expected / rate
        if est_s <= budget:
            draws, s, hit = sample_until_hit(rules, q, 3 * budget, seed=100 + i)
            measured = f"{draws:,}" + ("" if hit else " (gave up)")
            samp_s, tag = s, ""
        else:
            measured, samp_s, tag = "not tried", est_s, " est."
        rows.append((q, f"{n:,}", f"{n / TOTAL_HANDS:.3g}", f"{expected:,.0f}", measured,
                     f"{samp_s:,.2f}{tag}", f"{z3_s:.3f}", f"{samp_s / z3_s:,.1f}{tag}"))
    print(table(("query", "hands", "probability", "expected draws", "draws measured",
                 "sampling s", "Z3 s", "sampling/Z3"), rows))
    print(f"   'est.': expected draws / {rate:,.0f} draws/s, not run (would exceed the {budget:.0f} s "
          "budget); one measured run is a single geometric draw, so it scatters around the expectation")

    if not args.quick:
        cli_check(queries[0], counts[queries[0]])

    n = 5_000
    rng = random.Random(9)
    deal_rate = n / timed(lambda: [random_hand(rng) for _ in range(n)])[1]
    hands = random_hands(n, seed=9)
    base = parse("HCP >= 38")
    holds_rate = n / timed(lambda: [holds(base, h, rules) for h in hands])[1]
    deal_share = (1 / deal_rate) / (1 / deal_rate + 1 / holds_rate)
    print(f"\n   (alone: dealing {deal_rate:,.0f}/s, holds {holds_rate:,.0f}/s; of each sampling "
          f"draw, dealing is {deal_share:.0%} and holds {1 - deal_share:.0%})")


if __name__ == "__main__":
    main()
