"""``openbid explain "1NT P 2C P" --variant sayc`` against its limit of 2 seconds.

Each run is the whole command in a fresh process (imports, the system read, both views: each
player's own-calls census with Z3's proofs of the bounds, and the table: deals drawn, ranges
proved by Z3 over the four hands), as a user runs it. Printed per workload: the median wall
time and the median CPU time of the process (user + system; on a shared machine the wall time
also counts the waiting for a core), and each one's ratio to the limit. Before this work the
command took about 23 s (the own-calls view alone, read through the rules of every node and
once per seat and vulnerability context).

Run: python3 benchmarks/bench_explain.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import OPENBID, ROOT, env_with, machine_note, median, table  # noqa: E402

LIMIT = 2.0  # seconds
AUCTION = "1NT P 2C P"


def run(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``openbid ARGS`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([*OPENBID, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, env=env_with(), cwd=str(ROOT), check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"openbid {' '.join(args)} failed: {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(machine_note())
    print(f"openbid explain {AUCTION!r} --variant sayc, {args.runs} runs each; limit {LIMIT} s")
    workloads = [("both views (the default)", []), ("own calls only", ["--view", "own"]),
                 ("at the table only", ["--view", "table"]),
                 ("startup alone (openbid --version)", None)]
    rows = []
    for name, extra in workloads:
        argv = ["--version"] if extra is None else ["explain", AUCTION, "--variant", "sayc",
                                                     *extra]
        got = [run(argv) for _ in range(args.runs)]
        wall, cpu = median([w for w, _ in got]), median([c for _, c in got])
        rows.append((name, f"{wall:.2f}", f"{wall / LIMIT:.2f}x", f"{cpu:.2f}",
                     f"{cpu / LIMIT:.2f}x"))
    print(table(("workload", "wall s", "wall/limit", "CPU s", "CPU/limit"), rows))
    print(f"jobs: OPENBID_JOBS={os.environ.get('OPENBID_JOBS', '(default)')}")


if __name__ == "__main__":
    main()
