"""The whole SAYC system (``--variant sayc``): bidding throughput and the size of its auction tree.

Printed: ``System.bid_deal`` deals per second over random deals (random dealer and
vulnerability; every call of each auction through the system, start to finish) and calls per
deal; ``System.call`` per second at the opening and after ``1NT P``; the number of distinct
auctions the simulated deals reach (a LOWER BOUND on the nodes of the auction tree, which the
whole-system check would have to visit) against the node checks' limit, and ``openbid prove
--variant sayc-openings`` (the opening block's every check) timed as a subprocess.

The whole-system check (every node of the tree) is not timed here: the tree the deals reach
already exceeds the limit of the node checks (printed), so ``openbid prove --variant sayc``
checks every node with the tree census instead, which ``benchmarks/bench_tree.py --full`` times
against the target (under a minute on 2 cores).

Run: python3 benchmarks/bench_sayc.py [--deals N] [--no-prove]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import OPENBID, env_with, machine_note, random_hands, table, timed
from benchmarks.bench_auction import random_deal
from openbid.systems.auction import load_system
from openbid.checks.nodes import MAX_NODES

TARGET_SECONDS = 60.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=5000)
    ap.add_argument("--no-prove", action="store_true")
    a = ap.parse_args()
    print(machine_note())
    system = load_system("sayc")
    rng = random.Random(23)
    deals = [random_deal(rng) for _ in range(a.deals)]
    dealers = [rng.choice("NESW") for _ in deals]
    vuls = [rng.choice(("none", "NS", "EW", "both")) for _ in deals]
    system.bid_deal(deals[0], "N", "none")  # warm
    done, t_deals = timed(lambda: [system.bid_deal(d, dl, v)
                                   for d, dl, v in zip(deals, dealers, vuls)])
    calls = sum(len(x.auction) for x in done)  # type: ignore[union-attr]
    off = sum(x.off_system for x in done)  # type: ignore[union-attr]
    nodes = {x.auction[:i] for x in done for i in range(len(x.auction) + 1)}  # type: ignore
    hands = random_hands(20_000, 1)
    _, t_open = timed(lambda: [system.call("", h, "none") for h in hands])
    _, t_1nt = timed(lambda: [system.call("1NT P", h, "none") for h in hands])
    rows = [
        ["System.bid_deal (deals/s)", f"{len(deals) / t_deals:,.0f}"],
        ["calls per deal (mean)", f"{calls / len(deals):.2f}"],
        ["calls made off-system (share)", f"{off / calls:.1%}"],
        ["System.call at the opening (calls/s)", f"{len(hands) / t_open:,.0f}"],
        ["System.call after 1NT P (calls/s)", f"{len(hands) / t_1nt:,.0f}"],
        [f"distinct auctions reached by {len(deals):,} deals (tree nodes, lower bound)",
         f"{len(nodes):,}"],
        ["node checks' limit (nodes)", f"{MAX_NODES:,}"],
    ]
    if not a.no_prove:
        env = env_with(OPENBID_JOBS=os.environ.get("OPENBID_JOBS", "2"))
        _, t_prove = timed(lambda: subprocess.run(
            [*OPENBID, "prove", "--variant", "sayc-openings", "--quiet", "--no-cache"], check=True, env=env,
            stdout=subprocess.DEVNULL))
        rows.append(["openbid prove --variant sayc-openings (s)", f"{t_prove:.1f}"])
    print(table(["measure", "value"], rows))
    if len(nodes) > MAX_NODES:
        print(f"the deals reach {len(nodes):,} auctions, over the node checks' limit of "
              f"{MAX_NODES:,}: the whole system is checked by the tree census (target under "
              f"{TARGET_SECONDS:.0f} s: python3 benchmarks/bench_tree.py --full)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
