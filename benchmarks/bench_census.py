"""Issue 3: time to enumerate all 34,033,880 hand classes with the exact census.

Two workloads, each with OPENBID_JOBS=1 and =2 (each run is its own subprocess, so the variable
is set before any pool starts):

* the outcome census, ``Census([code]).group([Column("outcome")])``;
* the single pass ``census_pass(code, Part One's meets expressions)`` (outcomes and pairwise
  counts of every bid point's conditions, as ``openbid prove`` runs it).

Printed: seconds inside the child (the enumeration alone; best of two interleaved runs, both
listed) and for the whole subprocess (with imports), classes/s, and the speed-up of 2 jobs over
1. ``--quick`` runs once and enumerates only the first 6 chunks through the same chunk functions.

Run: python3 benchmarks/bench_census.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import env_with, machine_note, table  # noqa: E402

QUICK_CHUNKS = 6
WORKLOADS = {
    "census": "outcome census: Census.group([Column('outcome')])",
    "pass": "census_pass with Part One's meets expressions",
}


# ---- the child: one timed enumeration, reported as one JSON line ------------------------------
def child(kind: str, n_chunks: int) -> None:
    from openbid.model.rules.meets import meets_expr
    from openbid.model.variants import load_variant
    from openbid.readers.census import census as cs
    from openbid.readers.census import gram as gm
    from openbid.readers import workers

    rules = load_variant("code")
    exprs = [meets_expr(rules, lb) for lb in rules.labels if lb != "14"]
    cpu0 = _cpu()
    t0 = time.perf_counter()
    if n_chunks == 0:
        if kind == "census":
            groups = cs.Census([rules]).group([cs.Column("outcome")])
            summary = {"groups": len(groups.weights), "weight": groups.total_weight,
                       "classes": groups.total_classes}
        else:
            gram, outcomes = gm.census_pass(rules, exprs)
            summary = {"groups": len(outcomes), "weight": gram.total_weight,
                       "classes": gram.total_classes, "exprs": len(exprs)}
    else:
        summary = _slice(kind, rules, exprs, n_chunks)
    seconds = time.perf_counter() - t0
    user, system = (b - a for a, b in zip(cpu0, _cpu()))
    print(json.dumps({"seconds": seconds, "user": user, "sys": system, "jobs": workers.jobs(),
                      **summary}))


def _cpu() -> tuple[float, float]:
    """CPU seconds (user, system) of this process and its finished children (the pool workers)."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + kids.ru_utime, me.ru_stime + kids.ru_stime


def _slice(kind: str, rules, exprs, n_chunks: int) -> dict:
    """The first ``n_chunks`` chunks through the library's own chunk functions and pool."""
    from openbid.readers.census import census as cs
    from openbid.readers.census import enumeration as en
    from openbid.readers.census import gram as gm
    from openbid.readers import workers
    from openbid.readers.census.relevance import tens_unseen

    if kind == "census":
        columns = (cs.Column("outcome"),)
        merged = cs.Census([rules]).tens_unseen(columns, None)
        fn, task = cs._group_chunk, ((rules,), columns, None, merged)
    else:
        merged = tens_unseen(exprs, rules, outcome=True)
        fn, task = gm._gram_chunk, (rules, tuple(exprs), True, merged)
    n_chunks = min(n_chunks, len(en.chunk_plan(merged=merged)))
    jobs = workers.jobs()
    if jobs <= 1:
        workers.keep_freed_memory()  # as map_chunks does
        parts = [fn(task, i) for i in range(n_chunks)]
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs, mp_context=mp.get_context("fork"),
                                 initializer=workers.keep_freed_memory) as pool:
            parts = list(pool.map(fn, [task] * n_chunks, range(n_chunks)))
    if kind == "census":
        return {"groups": len({k for p in parts for k in p.weights}),
                "weight": sum(p.total_weight for p in parts),
                "classes": sum(p.total_classes for p in parts)}
    return {"groups": len({k for p in parts for k in p[6]}), "weight": sum(p[4] for p in parts),
            "classes": sum(p[5] for p in parts), "exprs": len(exprs)}


# ---- the parent: run the children, print the table ---------------------------------------------
def run_child(kind: str, jobs: int, n_chunks: int) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", kind, "--chunks", str(n_chunks)]
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env_with(OPENBID_JOBS=str(jobs)),
                          check=False)
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"child {kind} jobs={jobs} failed:\n{done.stderr[-2000:]}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["wall"] = wall
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help=f"only the first {QUICK_CHUNKS} chunks")
    ap.add_argument("--child", choices=sorted(WORKLOADS), help=argparse.SUPPRESS)
    ap.add_argument("--chunks", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.chunks)
        return
    n_chunks = QUICK_CHUNKS if args.quick else 0
    print(machine_note())
    scope = f"first {n_chunks} chunks" if n_chunks else "all 34,033,880 classes"
    print(f"Enumeration of {scope}, rules 'code'; each row is a fresh subprocess\n")
    repeat = 1 if args.quick else 2
    runs: dict[tuple[str, int], list[dict]] = {}
    for _ in range(repeat):  # interleaved, so a burst of load elsewhere hits every row alike
        for kind in WORKLOADS:
            for jobs in (1, 2):
                runs.setdefault((kind, jobs), []).append(run_child(kind, jobs, n_chunks))
    results = {key: min(rs, key=lambda r: r["seconds"]) for key, rs in runs.items()}
    rows = []
    base = results["census", 1]["seconds"]
    for (kind, jobs), r in results.items():
        one = results[kind, 1]["seconds"]
        spread = "/".join(f"{x['seconds']:.1f}" for x in runs[kind, jobs])
        rows.append((kind, jobs, f"{r['classes']:,}", f"{r['seconds']:.1f}", spread, f"{r['wall']:.1f}",
                     f"{r['user']:.1f}", f"{r['sys']:.1f}", f"{r['sys'] / (r['user'] + r['sys']):.0%}",
                     f"{r['classes'] / r['seconds']:,.0f}", f"{one / r['seconds']:.2f}",
                     f"{r['seconds'] / base:.2f}", r["groups"]))
    print(f"best of {repeat} run(s) per row (all runs listed)")
    print(table(("workload", "jobs", "classes", "enum s", "runs s", "process s", "CPU user s",
                 "CPU sys s", "sys share", "classes/s",
                 "speed-up vs 1 job", "time / census@1", "outcome groups"), rows))
    for kind, text in WORKLOADS.items():
        extra = f" ({results[kind, 1]['exprs']} expressions)" if kind == "pass" else ""
        print(f"  {kind}: {text}{extra}")
    weights = {r["weight"] for r in results.values()}
    groups = {(k, r["groups"]) for (k, _), r in results.items()}
    print(f"\nconsistency: total weight {'identical' if len(weights) == 1 else 'DIFFERS'} across "
          f"runs ({', '.join(f'{w:,}' for w in sorted(weights))}); "
          f"outcome groups per workload {sorted(groups)}")
    print(f"speed-up is bounded by the {os.cpu_count()} CPUs and by whatever else runs on them; "
          "CPU s: the enumeration's user and kernel time, pool workers included")


if __name__ == "__main__":
    main()
