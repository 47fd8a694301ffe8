"""``openbid explain "1NT P 2C P" --variant sayc`` against its limit of 2 seconds.

Each run is the whole command in a fresh process (imports, the system read, both views: each
player's own-calls census with Z3's proofs of the bounds, and the table: deals drawn, ranges
proved by Z3 over the four hands), as a user runs it; once more with Python's bytecode of
openbid's modules cached, as an installed openbid runs (an environment that sets
PYTHONDONTWRITEBYTECODE compiles every module at every start). Printed per workload: the
median wall time and the median CPU time of the process (user + system; on a shared machine the wall time
also counts the waiting for a core), and each one's ratio to the limit. Before this work the
command took about 23 s (the own-calls view alone, read through the rules of every node and
once per seat and vulnerability context).

Run: python3 benchmarks/bench_explain.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import OPENBID, ROOT, env_with, machine_note, median, table  # noqa: E402

LIMIT = 2.0  # seconds
AUCTION = "1NT P 2C P"


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``openbid ARGS`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([*OPENBID, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, env=env or env_with(), cwd=str(ROOT), check=False)
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
    # as this environment runs Python; and as an installed openbid runs, its modules' bytecode
    # cached (PYTHONDONTWRITEBYTECODE set here makes every run compile openbid's sources): the
    # cache in a temporary folder (the repository stays as it is), filled by one run first
    cache = tempfile.mkdtemp(prefix="bench-explain-pyc-")
    cached = {k: v for k, v in env_with(PYTHONPYCACHEPREFIX=cache).items()
              if k != "PYTHONDONTWRITEBYTECODE"}
    workloads = [("both views (the default)", [], None),
                 ("both views, bytecode cached", [], cached),
                 ("own calls only", ["--view", "own"], None),
                 ("at the table only", ["--view", "table"], None),
                 ("startup alone (openbid --version)", None, None)]
    print(f"bytecode: PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r} "
          "here")
    rows = []
    for name, extra, env in workloads:
        argv = ["--version"] if extra is None else ["explain", AUCTION, "--variant", "sayc",
                                                     *extra]
        if env is cached:
            run(argv, env)  # fills the cache
        got = [run(argv, env) for _ in range(args.runs)]
        wall, cpu = median([w for w, _ in got]), median([c for _, c in got])
        rows.append((name, f"{wall:.2f}", f"{wall / LIMIT:.2f}x", f"{cpu:.2f}",
                     f"{cpu / LIMIT:.2f}x"))
    print(table(("workload", "wall s", "wall/limit", "CPU s", "CPU/limit"), rows))
    print(f"jobs: OPENBID_JOBS={os.environ.get('OPENBID_JOBS', '(default)')}")
    shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
