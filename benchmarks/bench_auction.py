"""Bidding at any point of the auction: ``openbid bid --auction`` at command start-up speed, and
calls and whole deals per second under the example system (openbid/systems/examples/
small.rules).

Target: ``openbid bid --auction "1NT P" HAND`` takes at most 1.5 times as long as ``openbid bid
HAND`` (both whole subprocesses, start-up included, median of the runs): an auction costs no
solver or census at start. Also printed: ``System.call`` per second after ``1NT P`` (random
hands, warm) and ``System.bid_deal`` per second (random deals, every call of each auction).

Run: python3 benchmarks/bench_auction.py [--runs N] [--deals N]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import OPENBID, env_with, machine_note, median, random_hands, table, timed
from openbid.systems.auction import load_system
from openbid.bridge.hand import Hand

ROOT = Path(__file__).resolve().parent.parent
SMALL = str(ROOT / "openbid" / "systems" / "examples" / "small.rules")
HAND = "KJ43.Q765.A3.J76"
TARGET_RATIO = 1.5


def startup(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        _, t = timed(lambda: subprocess.run([*OPENBID, *args], check=True, env=env_with(),
                                            stdout=subprocess.DEVNULL))
        times.append(t)
    return median(times)


def random_deal(rng: random.Random) -> dict[str, Hand]:
    cards = list(range(52))
    rng.shuffle(cards)
    out = {}
    for k, seat in enumerate("NESW"):
        mine = cards[13 * k: 13 * k + 13]
        out[seat] = Hand.parse(".".join("".join("AKQJT98765432"[c % 13] for c in sorted(mine)
                                                if c // 13 == s) for s in range(4)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--deals", type=int, default=2000)
    a = ap.parse_args()
    print(machine_note())
    plain = startup(["bid", "--rules", SMALL, HAND], a.runs)
    auction = startup(["bid", "--rules", SMALL, "--auction", "1NT P", HAND], a.runs)
    ratio = auction / plain
    system = load_system(SMALL)
    hands = random_hands(20_000, 1)
    system.call("1NT P", hands[0])
    _, t_calls = timed(lambda: [system.call("1NT P", h) for h in hands])
    rng = random.Random(2)
    deals = [random_deal(rng) for _ in range(a.deals)]
    dealers = [rng.choice("NESW") for _ in deals]
    done, t_deals = timed(lambda: [system.bid_deal(d, dl, "none") for d, dl in zip(deals, dealers)])
    calls = sum(len(x.auction) for x in done)  # type: ignore[union-attr]
    print(table(["measure", "value"], [
        ["openbid bid HAND (median s)", f"{plain:.3f}"],
        ["openbid bid --auction '1NT P' HAND (median s)", f"{auction:.3f}"],
        ["ratio (target <= 1.5)", f"{ratio:.2f}"],
        ["System.call after 1NT P (calls/s)", f"{len(hands) / t_calls:,.0f}"],
        ["System.bid_deal (deals/s)", f"{len(deals) / t_deals:,.0f}"],
        ["calls per deal (mean)", f"{calls / len(deals):.2f}"],
    ]))
    ok = ratio <= TARGET_RATIO
    print("target met" if ok else f"TARGET MISSED: ratio {ratio:.2f} > {TARGET_RATIO}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
