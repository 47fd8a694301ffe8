"""Wall time of ``openbid prove --rules`` on generated rule files of 50, 100 and 300 bid points,
the whole overlap matrix included, and the brute-force reference on the same files.

Workload: ``openbid prove --rules FILE --json --quiet`` as a fresh subprocess (start-up
included) on the files tests/reference/big.py writes for a seed (sections numbered past 14,
guards, ``else goto``, ``if`` and ``for`` three deep, forward jumps, tentative bids, labels that
are names): every bid point's state, meets and bids (Z3 and the exact census), every pair of bid
points (n (n - 1) / 2 of them) with its exact count and a witness hand, the frequencies. Printed
per file: its pairs and overlapping pairs, best and median wall seconds, CPU seconds (the command
and its workers), seconds per 1,000 pairs, and the ratio of each file's best time to the
50-point file's. Then, on the files up to ``--reference`` points, the brute-force reference
(tests/reference/count.py: every (suit lengths, HCP) group of hands run through a small
interpreter, in this process) with its seconds, the ratio to openbid's, and whether every meets,
bids and pair count agree (they must: the script stops otherwise).

Run: python3 benchmarks/bench_points.py [--runs N] [--sizes 50,100,300] [--reference 100]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the reference model and the file generator

from benchmarks._util import machine_note, median, run_openbid, table  # noqa: E402
from reference.big import points_file  # noqa: E402


def one_run(path: str) -> tuple[float, float, list[dict]]:
    """(wall seconds, CPU seconds of the command and its workers, the JSON items)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done, seconds = run_openbid(["prove", "--rules", path, "--json", "--quiet", "--no-cache"],
                                  OPENBID_JOBS="1")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"openbid prove --rules {path} exited {done.returncode}:\n"
                         f"{done.stdout[-1500:]}\n{done.stderr[-1500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def reference(text: str, items: list[dict]) -> tuple[float, bool]:
    """The brute-force counts of the file (seconds), and whether openbid's equal them."""
    from openbid.systems.rules.text import loads
    from reference.count import count, groups

    groups()  # built once, outside the timing
    rules = loads(text)
    t0 = time.perf_counter()
    ref = count(rules)
    seconds = time.perf_counter() - t0
    points = {i["label"]: i for i in items if i.get("kind") == "point"}
    overlaps = {(i["n"], i["m"]): i["hands"] for i in items
                if i.get("kind") == "overlap" and i.get("part") == "system"}
    agree = (list(points) == ref.labels
             and all(points[lb]["meets"] == ref.meets[lb] and points[lb]["bids"] == ref.bids[lb]
                     and points[lb]["state"] == ref.states[lb] for lb in ref.labels)
             and overlaps == {k: v for k, v in ref.pairs.items() if v})
    return seconds, agree


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2, help="runs of each file (default 2)")
    ap.add_argument("--sizes", default="50,100,300", help="bid points per file (default 50,100,300)")
    ap.add_argument("--reference", type=int, default=100,
                    help="run the brute-force reference on files up to this many points "
                         "(default 100; 0: none)")
    ap.add_argument("--seed", type=int, default=0, help="the files' seed (default 0)")
    opts = ap.parse_args()
    sizes = [int(s) for s in opts.sizes.split(",")]
    print(machine_note())
    print("OPENBID_JOBS=1 (one worker: the figures do not depend on free cores)\n")
    rows, refs = [], []
    base = None
    with tempfile.TemporaryDirectory() as d:
        for n in sizes:
            text = points_file(n, opts.seed, name=f"points{n}")
            path = str(Path(d) / f"points{n}.rules")
            Path(path).write_text(text, encoding="utf-8")
            got = [one_run(path) for _ in range(max(1, opts.runs))]
            walls = [w for w, _, _ in got]
            best = min(walls)
            base = base or best
            items = got[0][2]
            s = items[-1]["summary"]["system"]
            if s["pairs"] != n * (n - 1) // 2:
                raise SystemExit(f"{n} points: {s['pairs']} pairs decided, expected "
                                 f"{n * (n - 1) // 2}")
            states = ", ".join(f"{k} {v}" for k, v in sorted(s["points"].items()))
            rows.append((f"{n} points ({len(text) // 1024} KB)", f"{s['pairs']:,}",
                         f"{s['overlapping_pairs']:,}", f"{best:.1f}", f"{median(walls):.1f}",
                         f"{median([c for _, c, _ in got]):.1f}",
                         f"{1000 * best / s['pairs']:.2f}", f"{best / base:.2f}", states))
            if n <= opts.reference:
                seconds, agree = reference(text, items)
                if not agree:
                    raise SystemExit(f"{n} points: openbid and the reference disagree "
                                     "(run tests/reference/test_differential.py)")
                refs.append((f"{n} points", f"{best:.1f}", f"{seconds:.1f}",
                             f"{seconds / best:.1f}", "yes"))
    print(table(("file", "pairs", "overlapping", "best s", "median s", "CPU s", "s / 1k pairs",
                 "best / 50-pt", "points"), rows))
    print("\nCPU s: user and kernel time of the command and every process it started (median "
          "of the runs). Every pair of bid points is decided: pairs = n (n - 1) / 2.")
    if refs:
        print("\nBrute-force reference (every (lengths, HCP) group through the small "
              "interpreter), same files:\n")
        print(table(("file", "openbid best s", "reference s", "reference / openbid",
                     "every meets, bids, state, pair agrees"), refs))


if __name__ == "__main__":
    main()
