"""One checking path for every system, against the paths it replaced, measured in the same run.

Workloads (each in this process, through the same functions the commands call):

* ``diff`` of two auction systems: ``small.rules`` (445 nodes, 36 where a block applies) and a
  copy with one threshold of its Stayman block changed. Now: the tree census of each
  (``openbid.checks.system_diff.compare_trees``, what ``openbid diff`` runs). Before: the node
  checks' tree of each without the solver and the node-by-node census comparison
  (``build_tree`` + ``compare``, what ``openbid diff`` ran).
* ``prove`` of a file with no auction blocks (``knr-optional``; with ``--full`` also
  ``sayc-openings``). Now: the tree census of its four opening seats with the opening's checks
  counted on the way and Z3 beside it (``run_system``). Before: the opening's checks alone
  (``check_system``).
* ``prove`` of ``small.rules``: the tree census (the default) against the census with the Z3
  node checks as its cross-check (``--cross-check z3``).

Printed: wall seconds and CPU seconds (this process and its workers) of each, and the ratios.

Run: python3 benchmarks/bench_gate.py [--full]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, table  # noqa: E402

SMALL = Path(__file__).resolve().parent.parent / "openbid/systems/examples/small.rules"


def cpu() -> float:
    a = resource.getrusage(resource.RUSAGE_SELF)
    b = resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


def timed(fn) -> tuple[float, float, object]:
    c, t = cpu(), time.monotonic()
    out = fn()
    return time.monotonic() - t, cpu() - c, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="also sayc-openings (a minute or two)")
    args = ap.parse_args()
    print(machine_note())
    from openbid.systems.auction import system_of
    from openbid.systems.variants import load_variant, resolve
    from openbid.checks.nodes import NodeModel, build_tree
    from openbid.checks.system import check_system
    from openbid.checks.system_diff import compare, compare_trees
    from openbid.checks.system_run import SystemArgs, run_system

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        text = SMALL.read_text()
        edited = text.replace('section 1 "Stayman" when HCP >= 8', 'section 1 "Stayman" when '
                              'HCP >= 9')
        assert edited != text
        pb = Path(folder) / "b.rules"
        pb.write_text(edited)
        a, b = resolve(None, str(SMALL)), resolve(None, str(pb))

        def before():
            ma, mb = NodeModel(system_of(a)), NodeModel(system_of(b))
            ta, tb = build_tree(ma, solver=False), build_tree(mb, solver=False)
            return compare(ma, mb, ta, tb)

        w0, c0, old = timed(before)
        w1, c1, new = timed(lambda: compare_trees(a, b))
        assert not old.equivalent and not new.equivalent  # type: ignore[attr-defined]
        rows.append(["diff small.rules, edited copy: node checks' trees (before)",
                     f"{w0:.1f}", f"{c0:.1f}", ""])
        rows.append(["diff small.rules, edited copy: tree census of each (now)", f"{w1:.1f}",
                     f"{c1:.1f}", f"{w0 / w1:.1f}x faster (wall), {c0 / c1:.1f}x (CPU)"])
    for name in ["knr-optional"] + (["sayc-openings"] if args.full else []):
        rules = load_variant(name)
        w0, c0, _ = timed(lambda: check_system(rules))
        w1, c1, _ = timed(lambda: run_system(rules, SystemArgs()))
        rows.append([f"prove {name}: the opening's checks alone (before)", f"{w0:.1f}",
                     f"{c0:.1f}", ""])
        rows.append([f"prove {name}: tree census + opening's checks (now)", f"{w1:.1f}",
                     f"{c1:.1f}", f"{w1 / w0:.2f}x the time (wall), {c1 / c0:.2f}x (CPU)"])
    small = resolve(None, str(SMALL))
    w0, c0, _ = timed(lambda: run_system(small, SystemArgs()))
    w1, c1, _ = timed(lambda: run_system(small, SystemArgs(cross_check="z3")))
    rows.append(["prove small.rules: tree census (default)", f"{w0:.1f}", f"{c0:.1f}", ""])
    rows.append(["prove small.rules: with --cross-check z3", f"{w1:.1f}", f"{c1:.1f}",
                 f"{w1 / w0:.1f}x the time (wall)"])
    print(table(["workload", "wall s", "CPU s", "ratio"], rows))


if __name__ == "__main__":
    main()
