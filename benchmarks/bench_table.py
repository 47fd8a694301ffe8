"""The findings at the table of SAYC against the tree census that finds them.

The table work is budgeted so that a whole system stays fast: one simulation for every finding,
then node by node only for the groups it misses. This script runs the tree census of SAYC below
an auction (``--from``, default ``1C``: the responses to 1C and everything after; ``--from ''``
the whole tree, several minutes), then the table work of its findings, and prints both times
(wall and CPU of this process; the groups the simulation misses run in the process pool, whose
CPU is not counted here), their ratio, and what the table found: the groups at the table, in
isolation only, undecided.

Run: python3 benchmarks/bench_table.py [--from AUCTION] [--deals N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, table  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="root", default="1C")
    ap.add_argument("--deals", type=int, default=200_000, help="deals simulated")
    args = ap.parse_args()
    from openbid.checks.table_findings import TableBudget, fill
    from openbid.checks.tree import check_tree
    from openbid.systems.auction import parse_auction, system_of
    from openbid.systems.variants import resolve

    rules = resolve("sayc", None)
    system = system_of(rules)
    root = parse_auction(args.root) if args.root else ()
    print(machine_note())
    t0, c0 = time.perf_counter(), time.process_time()
    tc = check_tree(rules, root=root)
    census = (time.perf_counter() - t0, time.process_time() - c0)
    t0, c0 = time.perf_counter(), time.process_time()
    groups = fill(system, tc.findings, budget=TableBudget(deals=args.deals))
    tab = (time.perf_counter() - t0, time.process_time() - c0)
    where = f"below {args.root}" if args.root else "whole tree"
    rows = [("tree census (" + where + f", {len(tc.findings):,} findings)", f"{census[0]:.1f}",
             f"{census[1]:.1f}", "1.00x"),
            (f"findings at the table ({len(groups):,} groups, {args.deals:,} deals simulated)",
             f"{tab[0]:.1f}", f"{tab[1]:.1f}", f"{tab[0] / census[0]:.2f}x")]
    print(table(("work", "wall s", "CPU s (this process)", "wall / census"), rows))
    work = [g for g in groups if g.kind != "overlap"]
    print(f"groups with table work: {len(work)}: at the table {sum(g.at_table is True for g in work)}"
          f" ({sum(bool(g.hits) for g in work)} by the simulation), in isolation only "
          f"{sum(g.at_table is False for g in work)}, undecided or without table work "
          f"{sum(g.at_table is None for g in work)}; overlaps "
          f"{sum(len(g.findings) for g in groups if g.kind == 'overlap'):,} (no table work)")


if __name__ == "__main__":
    main()
