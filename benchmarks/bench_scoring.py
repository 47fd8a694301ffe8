"""Results scored per second: parse_result + score over every cell of the grid, repeated.

Run: PYTHONPATH=. python3 benchmarks/bench_scoring.py [ROUNDS]
"""

from __future__ import annotations

import sys
import time

from openbid.bridge.scoring import Contract, Doubling, Result, Strain, parse_result, score

CELLS = [
    (str(Result(Contract(level, strain, doubling), relative)), vul)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
    for relative in range(-6 - level, 8 - level)
    for vul in (False, True)
]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    start = time.perf_counter()
    for _ in range(rounds):
        for text, vul in CELLS:
            score(parse_result(text), vul)
    elapsed = time.perf_counter() - start
    count = rounds * len(CELLS)
    print(f"{count} results in {elapsed:.3f} s: {count / elapsed:,.0f} results/s")


if __name__ == "__main__":
    main()
