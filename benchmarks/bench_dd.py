"""Double dummy: what each DDS cover costs, and the engine's throughput on a local Dask cluster
against one process.

1. covers: per deal, CPU time of the whole table (20 results), of one strain's table (the four
   declarers) and of one declarer in one strain (SolveBoard), and their ratios;
2. throughput: full tables of the same deals solved in this process, then on a LocalCluster of
   W single-threaded workers (the solving phase timed apart from the cluster's start), in deals
   per second, and the ratio.

Run: PYTHONPATH=. python3 benchmarks/bench_dd.py [DEALS] [WORKERS]
(default 24 deals, one worker per core).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from openbid.dd.deals import random_deal  # noqa: E402
from openbid.dd.engine import batches, client, solve_batch  # noqa: E402
from openbid.dd.solve import ALL_PAIRS, solve  # noqa: E402


def covers(keys: list[str]) -> None:
    rows = []
    for label, pairs, method in (
            ("whole table (20 results)", None, "table"),
            ("one strain, 4 declarers", [(d, "S") for d in "NESW"], "auto"),
            ("one declarer, one strain", [("N", "H")], "auto"),
            ("two declarers, one strain (SolveBoard)", [("N", "NT"), ("S", "NT")], "auto"),
            ("two declarers, one strain (strain table)", [("N", "NT"), ("S", "NT")], "strain"),
            ("two declarers, two strains", [("N", "NT"), ("E", "S")], "auto"),
            ("four declarers by SolveBoard", [(d, "S") for d in "NESW"], "single")):
        t0 = time.process_time()
        for key in keys:
            solve(key, pairs, method=method)
        rows.append((label, (time.process_time() - t0) / len(keys)))
    base = rows[0][1]
    print(f"covers ({len(keys)} deals, CPU time per deal, one DDS thread):")
    for label, secs in rows:
        print(f"  {label:<42} {secs * 1000:8.1f} ms   table / this = {base / secs:5.1f}x")


def throughput(keys: list[str], workers: int) -> None:
    jobs = [(k, frozenset(ALL_PAIRS)) for k in keys]
    t0 = time.perf_counter()
    for task in batches(jobs, 6):
        solve_batch(task)
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    with client(None, workers) as (dask, _, _):
        started = time.perf_counter() - t0
        from distributed import wait

        t1 = time.perf_counter()
        futures = [dask.submit(solve_batch, task, pure=False) for task in batches(jobs, 6)]
        wait(futures)
        got = sum(len(f.result()) for f in futures)
        many = time.perf_counter() - t1
    assert got == len(keys)
    print(f"throughput ({len(keys)} full tables, wall time):")
    print(f"  one process                    {one:7.2f} s   {len(keys) / one:6.2f} deals/s")
    print(f"  local cluster, {workers} workers       {many:7.2f} s   {len(keys) / many:6.2f} "
          f"deals/s   (cluster start {started:.1f} s, not counted)")
    print(f"  ratio cluster / one process    {one / many:7.2f}x   (cores: {os.cpu_count()}; "
          "the machine may be shared)")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else (os.cpu_count() or 1)
    keys = [random_deal("bench", i) for i in range(1, n + 1)]
    covers(keys)
    throughput(keys, workers)


if __name__ == "__main__":
    main()
