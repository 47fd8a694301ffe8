"""``openbid deal`` against rejection sampling with endplay's dealer, at rarities 1e-2 .. 1e-7.

For each target rarity a one-section rule file is written to a temporary folder: North (the
dealer) opens 2C when ``HCP >= T``, T chosen so that the exact share of hands (the planner's
generating function) is nearest the target. Then:

* ``deal``: :func:`openbid.checks.dealer.draw` for ``--count`` deals with the auction "2C"
  (the census pass, the class draw, the other seats dealt, each deal bid to the end);
* endplay's dealer: ``generate_deals("hcp(north) >= T")`` (rejection), run for at most
  ``--budget`` seconds; its rate of dealt deals per second is measured, and where it produces
  fewer than ``--count`` deals in the budget its time for ``--count`` is extrapolated
  (count / (share x rate)), marked ``(extrapolated)``.

Printed: the share, both times, and the ratio endplay / deal.

Run: python3 benchmarks/bench_deal.py [--count N] [--budget S]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("OPENBID_JOBS", "1")

RARITIES = (1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7)


def main() -> None:  # noqa: D103
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--budget", type=float, default=20.0, help="endplay's seconds per rarity")
    args = ap.parse_args()
    from endplay.dealer import generate_deals

    from openbid.systems.auction import load_system
    from openbid.hands.evaluators.distribution import Separable, distribution
    from openbid.hands.registry import registry
    from openbid.checks.dealer import draw

    t = registry().default("SUITPOINTS", 1)
    dist = distribution(Separable(t.reads, t.value, lambda p: 0))  # type: ignore[union-attr]
    total = math.comb(52, 13)

    def share(th: int) -> float:
        return sum(w for v, w in dist.items() if v >= th) / total

    print(f"{'target':>7} {'T':>3} {'share':>11} {'deal s':>8} {'endplay s':>12} {'ratio':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for r in RARITIES:
            th = min(range(10, 38), key=lambda k: abs(math.log(max(share(k), 1e-30)) - math.log(r)))
            p = share(th)
            path = Path(tmp) / f"rare{th}.rules"
            path.write_text(f'section 1 "Strong" when HCP >= {th}\n'
                            f"  bid strong when true value 2C\n")
            system = load_system(str(path))
            t0 = time.perf_counter()
            got = draw(system, "2C", count=args.count, seed=1)
            ours = time.perf_counter() - t0
            assert len(got.deals) == args.count and got.anchor_count == round(p * total)
            t0 = time.perf_counter()
            made = 0
            gen = generate_deals(f"hcp(north) >= {th}", produce=args.count, seed=1,
                                 max_attempts=10**12)
            deadline = t0 + args.budget
            # endplay checks its own attempts; we stop it at the budget between deals by
            # measuring its raw rate on unconstrained deals when the rare ones do not come.
            while made < args.count and time.perf_counter() < deadline and p >= 1e-4:
                next(gen)
                made += 1
            theirs = time.perf_counter() - t0
            note = ""
            if made < args.count:
                t1 = time.perf_counter()
                n = 0
                for _ in generate_deals("hcp(north) >= 0", produce=20000, seed=2):
                    n += 1
                rate = n / (time.perf_counter() - t1)
                theirs = args.count / (p * rate)
                note = " (extrapolated)"
            print(f"{r:>7.0e} {th:>3} {p:>11.3e} {ours:>8.2f} {theirs:>12.2f}{note} "
                  f"{theirs / ours:>9.1f}x")


if __name__ == "__main__":
    main()
