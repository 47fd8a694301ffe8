"""Wall time of the proof commands, against their targets.

Workloads, each a fresh ``openbid prove ... --quiet`` subprocess (imports and start-up included):

* ``part-one lemmas``: all of Part One, the lemmas and Appendices 3 and 6 (limit: under 10 s
  on a 2-core machine);
* ``paper``: ``openbid prove``, the paper's parts, census included (limit: under 10 s on 2
  cores when the machine is quiet);
* ``all``: ``openbid prove all``, the paper's parts and the seeds' (evaluators, Binky); the
  30 s for the whole run is kept as its limit;
* and each once more with ``OPENBID_JOBS=1`` (one proof process at a time, one census worker),
  for the speed-up that running the parts side by side brings.

Printed per workload: best and median wall seconds over the runs (interleaved, so a burst of load
elsewhere hits every row alike), CPU seconds (user and kernel, every process of the run), the
ratio of the best run to the target, and the speed-up over one job. Every run must exit 0 (its
verdicts equal the recorded expectation); a run that does not is reported and stops the script.

Run: python3 benchmarks/bench_prove.py [--runs N] [--quick]   (--quick: part-one lemmas only,
one run per row)
"""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, median, run_openbid, table  # noqa: E402

WORKLOADS = {  # name -> (arguments, target seconds)
    "part-one lemmas": (["prove", "part-one", "lemmas", "--quiet", "--no-cache"], 10.0),
    "paper": (["prove", "--quiet", "--no-cache"], 10.0),
    "all": (["prove", "all", "--quiet", "--no-cache"], 30.0),
}


def one_run(args: list[str], jobs: str | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and every process it started)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    extra = {"OPENBID_JOBS": jobs} if jobs else {}
    done, seconds = run_openbid(args, **extra)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"openbid {' '.join(args)} exited {done.returncode}:\n"
                         f"{done.stdout[-1500:]}\n{done.stderr[-1500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per row (default 3)")
    ap.add_argument("--quick", action="store_true", help="part-one lemmas only, one run per row")
    opts = ap.parse_args()
    runs = 1 if opts.quick else max(1, opts.runs)
    names = ["part-one lemmas"] if opts.quick else list(WORKLOADS)
    print(machine_note())
    print(f"each row: {runs} fresh subprocess(es), interleaved; default jobs = one per core\n")
    got: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(runs):
        for name in names:
            for jobs in (None, "1"):
                got.setdefault((name, jobs or "default"), []).append(one_run(WORKLOADS[name][0], jobs))
    rows = []
    for name in names:
        target = WORKLOADS[name][1]
        one = min(w for w, _ in got[name, "1"])
        for jobs in ("default", "1"):
            walls = [w for w, _ in got[name, jobs]]
            cpus = [c for _, c in got[name, jobs]]
            best = min(walls)
            rows.append((f"openbid {' '.join(WORKLOADS[name][0][:-1])}", jobs, f"{best:.1f}",
                         f"{median(walls):.1f}", "/".join(f"{w:.1f}" for w in walls),
                         f"{median(cpus):.1f}", f"{target:.0f}", f"{best / target:.2f}",
                         f"{one / best:.2f}"))
    print(table(("command", "jobs", "best s", "median s", "runs s", "CPU s", "target s",
                 "best / target", "speed-up vs 1 job"), rows))
    print("\nCPU s: user and kernel time of the command and every process it started (median run);"
          "\nwith two cores, wall time cannot fall below half of it.")


if __name__ == "__main__":
    main()
