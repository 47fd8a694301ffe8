"""Bidding at scale (openbid.sim): SAYC bid over seeded deals, against System.bid_deal in the same
run; one Dask worker against two; the memory of a 10-million-deal run; the command's wall time.

1. the executor: ``System.bid_deal`` on BASE seeded deals (warm: every node it meets compiled
   first), deals per second;
2. this process: the vectorised bidder (openbid.sim.engine.bid_job: dealing, bidding, counting)
   on one task of DEALS deals, cold (a fresh process: every census pass planned) and warm (the
   same process again, other deals), deals per second and the ratio to (1);
3. Dask: DEALS2 deals on a LocalCluster of 1 worker, then of 2 (openbid.sim.engine.run, as the
   command runs it): end to end (the cluster's start and each worker's cold passes included);
   then warm: both clusters up and warmed, ROUNDS rounds of DEALS2 other deals on each in turn
   (the best round estimates the machine without other users' load; the median is printed
   beside it), and per CPU-second of the workers; 2 workers' throughput against twice 1
   worker's (target: at least 80% of linear);
4. memory: ``openbid simulate --deals 10000000`` (2 workers): the peak of the summed resident
   memory of the command and its workers, sampled every 0.1 s (target: under 1 GB);
5. ``openbid simulate --variant sayc --deals 1000000 --seed 1`` on this machine: wall time
   (target: under a minute on 2 cores).

Targets: at least 100,000 deals a second on 2 cores (the best warm 2-worker round of 3; the end
to end figures are printed beside it) and at least 30 times the executor.

Run: python3 benchmarks/bench_sim.py [--deals N] [--deals2 N] [--rounds N] [--base N]
[--skip-memory]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import (OPENBID, ROOT, env_with, machine_note, median,  # noqa: E402
                              table)

TARGET_RATE = 100_000
TARGET_RATIO = 30
TARGET_LINEAR = 0.8
TARGET_MEMORY = 1 << 30
TARGET_WALL = 60.0


def executor_rate(base: int) -> float:
    from openbid.sim import deals as D
    from openbid.systems.auction import load_system

    system = load_system("sayc")
    warm = D.deals(999, 0, base)
    for deal in warm:  # compile every node these deals meet
        system.bid_deal(D.hands_of(deal), "N", "none")
    timed = D.deals(998, 0, base)
    hands = [D.hands_of(d) for d in timed]
    t0 = time.perf_counter()
    for h in hands:
        system.bid_deal(h, "N", "none")
    return base / (time.perf_counter() - t0)


def in_process(deals: int) -> tuple[float, float]:
    """(cold, warm) deals per second of one task in this process."""
    from openbid.sim.engine import Job, Settings, bid_job
    from openbid.sim.deals import spans
    from openbid.systems.variants import resolve_spec

    rules = resolve_spec("sayc")
    out = []
    for seed in (1, 2):
        t0 = time.perf_counter()
        bid_job(Job(Settings(rules, seed), tuple(spans(0, deals))))
        out.append(deals / (time.perf_counter() - t0))
    return out[0], out[1]


def end_to_end(deals: int, workers: int) -> float:
    """Deals per second of openbid.sim.engine.run on a new LocalCluster of ``workers`` (the
    cluster's start and each worker's cold passes included), as the command runs it."""
    from openbid.sim.engine import Settings, run
    from openbid.systems.variants import resolve_spec

    t0 = time.perf_counter()
    r = run(Settings(resolve_spec("sayc"), 3), deals, workers=workers)
    assert r.workers == workers
    return deals / (time.perf_counter() - t0)


def warm_rounds(deals: int, rounds: int) -> dict[int, list[tuple[float, float]]]:
    """Warm clusters of 1 and of 2 workers, both up, timed in turn ``rounds`` times (1, 2, 1,
    2, ...: a change in the machine's load falls on both alike): per worker count, each round's
    (deals per second, deals per CPU-second of the workers)."""
    from contextlib import ExitStack

    from openbid.dd.engine import client
    from openbid.sim.engine import Job, Settings, bid_job, tasks_for
    from openbid.sim.deals import spans
    from openbid.systems.variants import resolve_spec

    rules = resolve_spec("sayc")
    out: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    with ExitStack() as stack:
        clients = {w: stack.enter_context(client(None, w))[0] for w in (1, 2)}
        for dask in clients.values():  # every worker's passes planned first
            dask.run(bid_job, Job(Settings(rules, 4), ((0, 0, 65536),)))
        for r in range(rounds):
            for w, dask in clients.items():
                jobs = [Job(Settings(rules, 10 + r), tuple(t)) for t in
                        tasks_for(spans(0, deals), w)]
                t0 = time.perf_counter()
                parts = [f.result() for f in [dask.submit(bid_job, j, pure=False)
                                              for j in jobs]]
                out[w].append((deals / (time.perf_counter() - t0),
                               deals / sum(p.cpu for p in parts)))
    return out


def _tree_rss(root: int) -> int:
    """Resident bytes of ``root`` and every process descended from it."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        parents[int(entry.name)] = int(fields.get("PPid", "0").strip() or 0)
        rss[int(entry.name)] = int(fields.get("VmRSS", "0 kB").split()[0] or 0) * 1024
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sum(rss.get(p, 0) for p in tree)


def command(args: list[str]) -> tuple[float, int, str]:
    """(wall seconds, peak summed RSS of the process tree, stdout's first lines)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([*OPENBID, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env_with(), cwd=str(ROOT))
    peak = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, _tree_rss(proc.pid))
            time.sleep(0.1)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    stop.set()
    watcher.join()
    if proc.returncode != 0:
        raise SystemExit(f"openbid {' '.join(args)} failed: {err.strip()}")
    return wall, peak, "\n".join(out.splitlines()[:2])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1 << 20, help="deals of the in-process task")
    ap.add_argument("--deals2", type=int, default=2_097_152, help="deals of the Dask runs")
    ap.add_argument("--rounds", type=int, default=3, help="warm rounds of 1 and 2 workers")
    ap.add_argument("--base", type=int, default=2000, help="deals bid by System.bid_deal")
    ap.add_argument("--skip-memory", action="store_true", help="no 10-million-deal run")
    a = ap.parse_args()
    print(machine_note())
    base = executor_rate(a.base)
    cold, warm = in_process(a.deals)
    e1, e2 = end_to_end(a.deals2, 1), end_to_end(a.deals2, 2)
    rounds = warm_rounds(a.deals2, a.rounds)
    w1, w2 = (max(x for x, _ in rounds[w]) for w in (1, 2))
    m1, m2 = (median([x for x, _ in rounds[w]]) for w in (1, 2))
    c1, c2 = (max(c for _, c in rounds[w]) for w in (1, 2))
    rows = [
        ["System.bid_deal (executor, 1 core)", f"{base:,.0f}", "1.0"],
        [f"vectorised, this process, {a.deals:,} deals, cold", f"{cold:,.0f}",
         f"{cold / base:,.1f}"],
        [f"vectorised, this process, {a.deals:,} deals, warm", f"{warm:,.0f}",
         f"{warm / base:,.1f}"],
        [f"Dask 1 worker, {a.deals2:,} deals, end to end", f"{e1:,.0f}", f"{e1 / base:,.1f}"],
        [f"Dask 2 workers, {a.deals2:,} deals, end to end", f"{e2:,.0f}", f"{e2 / base:,.1f}"],
        [f"Dask 1 worker, {a.deals2:,} deals, warm, best of {a.rounds}", f"{w1:,.0f}",
         f"{w1 / base:,.1f}"],
        [f"Dask 2 workers, {a.deals2:,} deals, warm, best of {a.rounds}", f"{w2:,.0f}",
         f"{w2 / base:,.1f}"],
        [f"Dask 1 worker, warm, median of {a.rounds}", f"{m1:,.0f}", f"{m1 / base:,.1f}"],
        [f"Dask 2 workers, warm, median of {a.rounds}", f"{m2:,.0f}", f"{m2 / base:,.1f}"],
        ["Dask 1 worker, warm, per CPU-second of the worker", f"{c1:,.0f}",
         f"{c1 / base:,.1f}"],
        ["Dask 2 workers, warm, per CPU-second of the workers", f"{c2:,.0f}",
         f"{c2 / base:,.1f}"],
    ]
    print(table(["SAYC, seeded deals", "deals/s", "x executor"], rows))
    linear_e, linear_w = e2 / (2 * e1), w2 / (2 * w1)
    print(f"2 workers against twice 1 worker: end to end {linear_e:.0%}, warm (best) "
          f"{linear_w:.0%}, warm (median) {m2 / (2 * m1):.0%} "
          f"of linear (target {TARGET_LINEAR:.0%}); per CPU-second, 2 workers do "
          f"{c2 / c1:.0%} of 1 worker's work (what the cores give when others load the machine: "
          f"load average now {os.getloadavg()[0]:.1f})")
    wall, _, head = command(["simulate", "--variant", "sayc", "--deals", "1000000", "--seed", "1",
                             "--limit", "3"])
    print(f"openbid simulate --variant sayc --deals 1000000 --seed 1: {wall:.1f} s wall "
          f"(target under {TARGET_WALL:.0f} s)\n  {head.splitlines()[-1]}")
    ok = [w2 >= TARGET_RATE, w2 / base >= TARGET_RATIO, linear_w >= TARGET_LINEAR,
          wall < TARGET_WALL]
    if not a.skip_memory:
        wall10, peak, head10 = command(["simulate", "--variant", "sayc", "--deals", "10000000",
                                        "--workers", "2", "--limit", "3"])
        print(f"openbid simulate --deals 10000000 --workers 2: {wall10:.1f} s, peak memory of "
              f"the command and its workers {peak / 2**20:,.0f} MB (target under "
              f"{TARGET_MEMORY / 2**20:,.0f} MB)\n  {head10.splitlines()[-1]}")
        ok.append(peak < TARGET_MEMORY)
    names = ["rate >= 100,000/s on 2 workers (warm)", "30x the executor", "80% of linear",
             "1M deals under a minute", "10M deals under 1 GB"]
    for name, good in zip(names, ok):
        print(f"{'met' if good else 'MISSED'}: {name}")
    return 0 if all(ok) else 1


if __name__ == "__main__":
    os.environ.setdefault("OPENBID_JOBS", "2")
    sys.exit(main())
