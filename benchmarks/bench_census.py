"""The exact census, against its limits.

Workloads (each a fresh subprocess, so OPENBID_JOBS is set before any pool starts; best of
``--runs`` interleaved runs):

* ``openbid``: what OPENBID bids on every hand, ``Census([code]).group([Column("outcome")])``
  over 34,033,880 classes (limit: stays at or under 2 s on 2 cores);
* ``body``: the exact distribution of BODY (Pavlicek: 3 x tens + 2 x nines + eights), a census
  that reads the nine and the eight: 1,214,385,200 classes merged by signature (limit: at most
  10 s);
* ``knr``: the exact distribution of KNR (reads A K Q J T 9 8; limit: at most 10 s);
* ``knr-rules``: what the rule file knr-optional.rules (seed 000's K&R opening bids) bids on
  every hand, the exact census of a rule file over KNR (limit: at most 10 s on 2 cores);
* ``openbid-by-body`` (``--all`` only): OPENBID's outcome crossed with BODY, where the suit
  states of the two cannot be merged apart; no target, reported as measured.

Every run checks the total weight C(52, 13). Printed: enumeration seconds (inside the child),
process seconds, CPU seconds (user + system, workers included), classes, rows enumerated after
merging, and the ratio of the best run to the limit.

Run: python3 benchmarks/bench_census.py [--runs N] [--jobs 1,2] [--all]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import env_with, machine_note, table  # noqa: E402

WORKLOADS = {  # name -> (columns, limit in seconds or None, the variant whose rules are read)
    "openbid": ("outcome", 2.0, "code"),
    "body": ("BODY", 10.0, "code"),
    "knr": ("KNR", 10.0, "code"),
    "knr-rules": ("outcome", 10.0, "knr-optional"),
    "openbid-by-body": ("outcome,BODY", None, "code"),
}


def child(kind: str) -> None:
    import resource

    from openbid.expr import parse
    from openbid.systems.variants import load_variant
    from openbid.readers.census.census import Census, Column
    from openbid.readers.census.domain import TOTAL_HANDS
    from openbid.readers.census.passes import plan

    rules = load_variant(WORKLOADS[kind][2])
    cols = [Column("outcome") if c == "outcome" else Column("value", 0, parse(c, want="num"))
            for c in WORKLOADS[kind][0].split(",")]
    census = Census([rules])
    p = plan(census.spec(cols))
    rows = sum(p.view(i).size for i in range(len(p)))

    def cpu() -> float:
        me = resource.getrusage(resource.RUSAGE_SELF)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

    c0, t0 = cpu(), time.perf_counter()
    groups = census.group(cols)
    seconds = time.perf_counter() - t0
    assert groups.total_weight == TOTAL_HANDS
    print(json.dumps({"seconds": seconds, "cpu": cpu() - c0, "classes": groups.total_classes,
                      "rows": rows, "groups": len(groups.weights)}))


def run_child(kind: str, jobs: int) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", kind]
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False,
                          env=env_with(OPENBID_JOBS=str(jobs)))
    if done.returncode != 0:
        raise SystemExit(f"child {kind} (jobs {jobs}) failed:\n{done.stderr[-2000:]}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["wall"] = time.perf_counter() - t0
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--child", choices=sorted(WORKLOADS), help=argparse.SUPPRESS)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--jobs", default="2", help="comma-separated OPENBID_JOBS values (default 2)")
    ap.add_argument("--all", action="store_true", help="also the OPENBID x BODY stress case")
    args = ap.parse_args()
    if args.child:
        child(args.child)
        return
    jobs = [int(j) for j in args.jobs.split(",")]
    kinds = [k for k in WORKLOADS if args.all or k != "openbid-by-body"]
    print(machine_note())
    runs: dict[tuple[str, int], list[dict]] = {}
    for _ in range(args.runs):  # interleaved: a burst of load elsewhere hits every row alike
        for kind in kinds:
            for j in jobs:
                runs.setdefault((kind, j), []).append(run_child(kind, j))
    rows = []
    for (kind, j), rs in runs.items():
        best = min(rs, key=lambda r: r["seconds"])
        limit = WORKLOADS[kind][1]
        rows.append((kind, j, f"{best['classes']:,}", f"{best['rows']:,}", f"{best['seconds']:.2f}",
                     "/".join(f"{r['seconds']:.1f}" for r in rs), f"{best['wall']:.1f}",
                     f"{best['cpu']:.1f}", f"{limit:.0f}" if limit else "-",
                     f"{best['seconds'] / limit:.2f}" if limit else "-", best["groups"]))
    print(table(("workload", "jobs", "classes", "rows after merging", "enum s (best)", "runs s",
                 "process s", "CPU s", "limit s", "best / limit", "groups"), rows))
    for kind in kinds:
        print(f"  {kind}: group by {WORKLOADS[kind][0]} under {WORKLOADS[kind][2]}")


if __name__ == "__main__":
    main()
