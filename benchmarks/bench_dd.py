"""Double dummy: what each DDS cover costs, and the engine's throughput on a local Dask cluster
against one process.

1. covers: per deal, CPU time of the whole table (20 results), of one strain's table (the four
   declarers) and of one declarer in one strain (SolveBoard), and their ratios;
2. the saving of 'openbid compare' (SAYC against a 16-18 notrump copy, BOARDS boards, seed 1):
   boards solved at all, pairs solved, CPU time of those pairs against full tables of the same
   deals, and against a full table for every board (an ESTIMATE from the mean table time, with
   its 95% t-interval);
3. throughput: full tables of DEALS deals solved in this process, then on a LocalCluster of
   W single-threaded workers (the solving phase timed apart from the cluster's start), in deals
   per second, and the ratio.

Run: PYTHONPATH=. python3 benchmarks/bench_dd.py [DEALS] [WORKERS] [BOARDS]
(default 24 deals, one worker per core, 300 boards).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from openbid.bridge.deals import random_deal  # noqa: E402
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


def compare_saving(boards: int) -> None:
    from openbid.bridge.deals import random_boards
    from openbid.base.stats import t_interval
    from openbid.systems.rules.text import loads
    from openbid.systems.variants import rules_text
    from openbid.systems.auction import System
    from openbid.systems.auction import load_system
    from openbid.dd.compare import bid_boards, requests

    text = rules_text("sayc.rules").replace("HCP >= 15 and HCP <= 17 value 1NT",
                                            "HCP >= 16 and HCP <= 18 value 1NT")
    a, b = load_system("sayc"), System(loads(text, "sayc-16-18.rules"))
    dealt = random_boards(boards, 1)
    asks = requests(dealt, bid_boards(a, dealt), bid_boards(b, dealt))
    pairs = sum(len(r.wanted) for r in asks)
    t0 = time.process_time()
    for r in asks:
        solve(r.deal, r.wanted)
    needed = time.process_time() - t0
    per_table = []
    for r in asks:
        t1 = time.process_time()
        solve(r.deal, method="table")
        per_table.append(time.process_time() - t1)
    tables = sum(per_table)
    est = t_interval(per_table)
    print(f"'openbid compare sayc sayc-16-18' on {boards} boards: {len(asks)} boards solved "
          f"({pairs} pairs), {boards - len(asks)} need no solving (same contract)")
    print(f"  the pairs needed              {needed:7.2f} CPU-s")
    print(f"  full tables of those deals    {tables:7.2f} CPU-s   ratio {tables / needed:5.1f}x")
    if est.low is not None and est.high is not None:
        print(f"  a full table for every board  ESTIMATE {est.mean * boards:7.1f} CPU-s "
              f"(95% CI {est.low * boards:.1f}-{est.high * boards:.1f})   ratio "
              f"{est.mean * boards / needed:5.0f}x")


def timed_batch(task):
    """A worker's task with the CPU time it took in the worker."""
    t0 = time.process_time()
    out = solve_batch(task)
    return time.process_time() - t0, out


def throughput(keys: list[str], workers: int) -> None:
    jobs = [(k, frozenset(ALL_PAIRS)) for k in keys]
    t0, c0 = time.perf_counter(), time.process_time()
    for task in batches(jobs, 6):
        solve_batch(task)
    one, one_cpu = time.perf_counter() - t0, time.process_time() - c0
    t0 = time.perf_counter()
    with client(None, workers) as (dask, _, _):
        started = time.perf_counter() - t0
        from distributed import wait

        t1 = time.perf_counter()
        futures = [dask.submit(timed_batch, task, pure=False) for task in batches(jobs, 6)]
        wait(futures)
        got = sum(len(f.result()[1]) for f in futures)
        many = time.perf_counter() - t1
        worker_cpu = sum(f.result()[0] for f in futures)
    assert got == len(keys)
    print(f"throughput ({len(keys)} full tables, wall time):")
    print(f"  one process                    {one:7.2f} s   {len(keys) / one:6.2f} deals/s   "
          f"CPU {one_cpu:.2f} s ({one_cpu / one:.0%} of the wall)")
    print(f"  local cluster, {workers} workers       {many:7.2f} s   {len(keys) / many:6.2f} "
          f"deals/s   workers' CPU {worker_cpu:.2f} s ({worker_cpu / many:.2f} cores busy; "
          f"cluster start {started:.1f} s, not counted)")
    print(f"  ratio cluster / one process    {one / many:7.2f}x   (cores: {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.1f}: the machine may be shared)")
    print(f"  CPU per deal: one process {one_cpu / len(keys) * 1000:.0f} ms, workers "
          f"{worker_cpu / len(keys) * 1000:.0f} ms (a saturated machine gives each process its "
          "share of the cores, so a cluster cannot speed up there)")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else (os.cpu_count() or 1)
    boards = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    keys = [random_deal("bench", i) for i in range(1, n + 1)]
    covers(keys)
    compare_saving(boards)
    throughput(keys, workers)


if __name__ == "__main__":
    main()
