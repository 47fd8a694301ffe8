"""Wall time of every system check of ``sayc-openings`` (the SAYC opening block) against its
30 s target (2 cores).

Workload: ``openbid prove --variant sayc-openings --no-cache --json --quiet`` as a fresh subprocess
(imports and
start-up included): the bid points (dead and shadowed rules, Z3), the overlap matrix, the
shipped claims (openbid/systems/data/sayc_claims.txt) and the exact census in each of the 16 contexts
(seat 1-4 x vulnerability). The run exits 0, or 1 if a claim fails; any other exit stops the
script. Printed: best and median wall seconds over the
runs, CPU seconds (every process of the run), the ratio of the best run to the target, and the
command's own split (Z3 task, whole system part) from its JSON.

Run: python3 benchmarks/bench_system.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, median, run_openbid, table  # noqa: E402

ARGS = ["prove", "--variant", "sayc-openings", "--no-cache", "--json", "--quiet"]
TARGET = 30.0


def one_run() -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds of the command and its workers, the summary line)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done, seconds = run_openbid(ARGS)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"openbid {' '.join(ARGS)} exited {done.returncode}:\n"
                         f"{done.stdout[-1500:]}\n{done.stderr[-1500:]}")
    summary = json.loads(done.stdout.splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs (default 3)")
    opts = ap.parse_args()
    print(machine_note())
    got = [one_run() for _ in range(max(1, opts.runs))]
    walls = [w for w, _, _ in got]
    best = min(walls)
    s = got[0][2]["summary"]["system"]
    print(f"sayc: {s['pairs']} pairs of bid points ({s['overlapping_pairs']} overlap), "
          f"points {s['points']}, claims {s['claims']}, {s['contexts']} contexts "
          f"({', '.join(s['facts'])})\n")
    print(table(("command", "best s", "median s", "runs s", "CPU s", "target s", "best / target"),
                [(f"openbid {' '.join(ARGS[:-2])}", f"{best:.1f}", f"{median(walls):.1f}",
                  "/".join(f"{w:.1f}" for w in walls),
                  f"{median([c for _, c, _ in got]):.1f}", f"{TARGET:.0f}",
                  f"{best / TARGET:.2f}")]))
    print("\nCPU s: user and kernel time of the command and every process it started (median "
          "run); with two cores, wall time cannot fall below half of it.")


if __name__ == "__main__":
    main()
