"""The tree census (every node of an auction system counted exactly, no solver) against the node
checks (Z3 and a census pass per node) on the same system, and on SAYC (limit: the whole system
in under a minute on 2 cores).

Workloads, each ``openbid prove ... --json --quiet`` as a fresh subprocess (start-up included):

* the example system ``small.rules`` (445 nodes): the census with the node checks as its
  cross-check (``--cross-check z3``) against the census alone (the default); the census's counts
  must equal the node checks' at every node (checked here from the two JSON outputs);
* SAYC below ``1NT P`` (``--from``): the responses to 1NT and all that follows;
* with ``--full``: the whole of SAYC (``prove --variant sayc``), against the limit of a minute.

The figures printed: wall seconds of each, the tree's nodes, and the ratios.

Run: python3 benchmarks/bench_tree.py [--full]
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, run_openbid, table  # noqa: E402

LIMIT = 60.0
SMALL = "openbid/systems/examples/small.rules"


def items(done) -> list[dict]:
    if done.returncode not in (0, 1):
        raise SystemExit(f"openbid failed ({done.returncode}): {done.stderr[-2000:]}")
    return [json.loads(x) for x in done.stdout.splitlines()]


def summary(its: list[dict]) -> dict:
    return next(i for i in its if i.get("part") == "summary")["summary"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="also the whole of SAYC (minutes)")
    args = ap.parse_args()
    print(machine_note())
    rows = []
    nodes_done, t_nodes = run_openbid(["prove", "--rules", SMALL, "--cross-check", "z3",
                                       "--json", "--quiet"])
    census_done, t_census = run_openbid(["prove", "--rules", SMALL, "--json", "--quiet"])
    by_node = {tuple(i["auction"]): i for i in items(nodes_done) if i.get("kind") == "node"}
    tree = summary(items(census_done))["tree"]
    checked = sum(1 for i in by_node.values() if i.get("children") and i.get("block") is not None)
    if tree["nodes"] != len(by_node):
        raise SystemExit(f"the census's tree has {tree['nodes']} nodes, the node checks' "
                         f"{len(by_node)}")
    for i in by_node.values():  # the probabilities of the calls sum to one at every node
        if i.get("children"):
            assert sum(Fraction(c["probability"]) for c in i["children"]) == 1
    rows.append(["small.rules: tree census + node checks (Z3 + a pass per node)", f"{t_nodes:.1f}",
                 len(by_node), ""])
    rows.append(["small.rules: tree census", f"{t_census:.1f}", tree["nodes"],
                 f"{t_nodes / t_census:.1f}x faster"])
    sub_done, t_sub = run_openbid(["prove", "--variant", "sayc", "--from", "1NT P", "--json",
                                   "--quiet"])
    sub = summary(items(sub_done))["tree"]
    rows.append(["SAYC below 1NT P (--from), with the opening's checks", f"{t_sub:.1f}",
                 sub["nodes"], f"census {sub['seconds'].get('census', 0):.1f} s"])
    if args.full:
        full_done, t_full = run_openbid(["prove", "--variant", "sayc", "--json", "--quiet"])
        full = summary(items(full_done))["tree"]
        sec = full["seconds"]
        rows.append(["SAYC, every node (and the opening's checks)", f"{t_full:.1f}",
                     full["nodes"], f"limit {LIMIT:.0f} s: {t_full / LIMIT:.2f}x the limit "
                     f"(census {sec.get('census', 0):.1f} s, replay {sec.get('replay', 0):.1f} s)"])
    print(table(["workload", "wall s", "nodes", "ratio"], rows))
    print(f"(small.rules: {checked} nodes where a block applies)")


if __name__ == "__main__":
    main()
