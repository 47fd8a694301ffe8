"""Time per ``find`` query against rejection sampling, at every rarity.

1. Each query through ``openbid.checks.search.find`` (limit 1), in this process after one
   warm-up query (the sample of random hands, the symbolic hand and the solver are built once
   per process): status, what decided (random hands, Z3, census), milliseconds, the witness.
2. 100 distinct witnesses (distinct hand classes) for a common condition.
3. Exact counts of every query from one census pass, hence the expected number of uniformly
   random deals rejection sampling needs for one hit, C(52,13) / count. The peers sample for
   real where that takes at most the budget (30 s; 5 s with ``--quick``; the mean time per hit
   over repeated runs, up to a second of them), else their time is the
   expected draws over their measured draws/s: endplay (``endplay.dealer.generate_deal``, the
   hand tested with ``openbid.systems.evaluate.holds``) and plain Python (``random``). Ratio: the
   peer's time over find's. Goals: never slower than sampling for common conditions,
   at least 100 times faster for rare ones, impossibility proved, median under 50 ms.

Run: python3 benchmarks/bench_find.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import (machine_note, random_hand, run_openbid, table,  # noqa: E402
                              timed)
from openbid.systems.evaluate import holds  # noqa: E402
from openbid.expr import parse  # noqa: E402
from openbid.systems.variants import load_variant  # noqa: E402
from openbid.readers.census.census import Census, Column  # noqa: E402
from openbid.readers.census.domain import TOTAL_HANDS  # noqa: E402
from openbid.checks.search import find  # noqa: E402
from openbid.checks.verdicts import Status  # noqa: E402

QUERIES = (
    'bid = "1NT"',
    'section = "9"',
    'bid = "PASS" and HCP >= 22',
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
GOAL_MEDIAN_MS = 50.0
COMMON = 'bid = "1S"'  # for the 100 distinct witnesses


def solver_times(rules, queries) -> dict[str, tuple[Status, float, str, str]]:
    out = {}
    for q in queries:
        result, secs = timed(lambda: find(parse(q), rules, 1))
        w = result.witnesses[0].to_pbn() if result.witnesses else "-"  # type: ignore[attr-defined]
        out[q] = (result.status, secs, w, result.method)  # type: ignore[attr-defined]
    return out


def endplay_hand():
    """Random hands dealt by endplay, in blocks (``generate_deals``: a deal per call of
    ``generate_deal`` costs a hundred times more); None if endplay is not installed."""
    try:
        from endplay.dealer import generate_deals
    except ImportError:
        return None
    from openbid.bridge.hand import Hand

    block: list = []
    seed = [0]

    def deal():
        if not block:
            seed[0] += 1
            block.extend(str(d.north) for d in generate_deals(produce=1000, seed=seed[0]))
        return Hand.parse(block.pop())

    return deal


def peer_rate(rules, dealer, n: int) -> float:
    expr = parse("HCP >= 38")
    _, secs = timed(lambda: [holds(expr, dealer(), rules) for _ in range(n)])
    return n / secs


def peer_until_hit(rules, query: str, dealer, budget_s: float) -> tuple[int, float, bool]:
    expr = parse(query)
    t0 = time.perf_counter()
    draws = 0
    while True:
        draws += 1
        if holds(expr, dealer(), rules):
            return draws, time.perf_counter() - t0, True
        if draws % 500 == 0 and time.perf_counter() - t0 > budget_s:
            return draws, time.perf_counter() - t0, False


def peer_mean(rules, query: str, dealer, budget_s: float) -> tuple[float, bool]:
    """Mean seconds per hit over repeated runs (at least one; more while they take under a
    second in all): one run is one geometric draw, which scatters widely around its mean."""
    total, runs = 0.0, 0
    while runs == 0 or (total < 1.0 and runs < 200):
        _, secs, hit = peer_until_hit(rules, query, dealer, budget_s)
        total += secs
        runs += 1
        if not hit:
            return total / runs, False
    return total / runs, True


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
    """The same count through ``openbid find EXPR --total --json`` (a subprocess)."""
    import json

    done, secs = run_openbid(["find", query, "--total", "--json", "--count", "1"])
    counts = [json.loads(x)["count"] for x in done.stdout.splitlines() if '"count"' in x]
    got = counts[0] if counts else None
    agree = "agrees" if got == expected else "DISAGREES"
    print(f"\n   cross-check: openbid find {query!r} --total --json -> {got:,} hands in "
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
    timed(lambda: find(parse('bid = "2C"'), rules, 1))  # the sample and its outcomes: once, untimed
    timed(lambda: find(parse("HCP >= 38"), rules, 1))  # the solver, built once, untimed

    solved = solver_times(rules, queries)
    print("\n1. find(expr, code, limit=1), in-process: random hands, then Z3; re-checked")
    print(table(("query", "status", "decided by", "ms", "witness"),
                [(q, s.value, m, f"{t * 1000:.1f}", w) for q, (s, t, w, m) in solved.items()]))
    times = sorted(t for _, t, _, _ in solved.values())
    med = times[len(times) // 2] * 1000
    print(f"   median {med:.1f} ms (goal: under {GOAL_MEDIAN_MS:.0f} ms, ratio {med / GOAL_MEDIAN_MS:.2f}), "
          f"max {times[-1] * 1000:.1f} ms over {len(times)} queries")

    n_wit = 100
    many, secs = timed(lambda: find(parse(COMMON), rules, n_wit))
    got = len(many.witnesses)  # type: ignore[attr-defined]
    distinct = len({h.to_class().to_pbn() for h in many.witnesses})  # type: ignore[attr-defined]
    print(f"\n2. {n_wit} distinct witnesses for {COMMON!r}: {got} found ({distinct} distinct "
          f"classes) in {secs:.2f} s, {secs / max(got, 1) * 1000:.1f} ms per witness")

    counts, census_s = exact_counts(rules, queries)
    peers = [("python", lambda rng=random.Random(7): random_hand(rng))]
    ep = endplay_hand()
    if ep is not None:
        peers.insert(0, ("endplay", ep))
    rates = {name: peer_rate(rules, d, 2_000 if args.quick else 5_000) for name, d in peers}
    print(f"\n3. Rejection sampling vs find (exact counts: one census pass, {census_s:.1f} s; "
          + ", ".join(f"{n} deals and tests {r:,.0f} hands/s" for n, r in rates.items()) + ")")
    rows = []
    for q in queries:
        status, find_s, _, _ = solved[q]
        n = counts[q]
        row = [q, f"{n:,}", f"{n / TOTAL_HANDS:.3g}" if n else "0", f"{find_s * 1000:.1f}"]
        for name, dealer in peers:
            if n == 0:
                row += ["never", "inf (proved: no hand)"]
                continue
            est_s = TOTAL_HANDS / n / rates[name]
            if est_s <= budget:
                samp_s, hit = peer_mean(rules, q, dealer, 3 * budget)
                tag = "" if hit else " (gave up)"
            else:
                samp_s, tag = est_s, " est."
            row += [f"{samp_s * 1000:,.1f}{tag}", f"{samp_s / find_s:,.1f}x{tag}"]
        rows.append(row)
    heads = ["query", "hands", "p", "find ms"]
    for name, _ in peers:
        heads += [f"{name} ms", f"{name}/find"]
    print(table(heads, rows))
    print(f"   'est.': expected draws over the measured draws/s (not run: over the {budget:.0f} s "
          "budget); a measured figure is the mean over repeated runs (up to 1 s of them)")

    if not args.quick:
        cli_check('meets("10") and TOTALPTS <= 6', counts['meets("10") and TOTALPTS <= 6'])


if __name__ == "__main__":
    main()
