"""Hands evaluated per second by ``openbid eval --file F --json`` (every
evaluator of the registry, per suit and in total, exact decimals, and the rounded totals).

Target: >= 100,000 hands/s on a file of 1,000,000 random hands, each run as a whole subprocess
(start-up included), output to /dev/null and, separately, through a pipe to this process, which
counts the lines; the in-process rate is printed too. A miss is profiled (cProfile).

Run: python3 benchmarks/bench_eval.py [--quick] [--hands N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, timed
from benchmarks.bench_bid import batch_rows, print_batch, profile_batch, run_sink, write_hands

TARGET = 100_000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="200,000 hands")
    ap.add_argument("--hands", type=int, default=None, help="hands in the file (1,000,000)")
    args = ap.parse_args()
    n = args.hands or (200_000 if args.quick else 1_000_000)
    print(machine_note())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.pbn"
        size = write_hands(path, n, seed=5)
        _, startup = timed(lambda: run_sink(["eval", "--json", "AKJ32.Q4.KT9.876"], "null"))
        print(f"\nopenbid eval --file on {n:,} random hands ({size:,} bytes); start-up (one hand "
              f"as an argument) {startup:.2f} s; {machine_note().split(', ', 1)[1]}")
        missed = print_batch(batch_rows(["eval"], {"--json": TARGET}, path, n))
        print()
        if not missed:
            print("All targets met.")
        else:
            print("TARGET MISSED: " + "; ".join(missed))
            profile_batch(["eval", "--file", str(path), "--json"])


if __name__ == "__main__":
    main()
