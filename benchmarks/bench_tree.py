"""The tree census (every node of an auction system counted exactly, no solver) against the node
checks (Z3 and a census pass per node) on the same system, and the whole of SAYC against the
paper's proof, cold, in memory, and again after an edit.

Workloads, each ``openbid prove ... --json --quiet`` as a fresh subprocess (start-up included):

* the example system ``small.rules`` (445 nodes): the census with the node checks as its
  cross-check (``--cross-check z3``) against the census alone (the default); the census's counts
  must equal the node checks' at every node (checked here from the two JSON outputs);
* SAYC below ``1NT P`` (``--from``): the responses to 1NT and all that follows;
* with ``--full``, in this order, each against its limit:
  - ``openbid prove`` (the paper's parts): the reference of the cold check;
  - the whole of SAYC cold (``--variant sayc``, an empty cache): at most 3
    times the paper, its largest process under 1.5 GB (the sum over its processes printed
    too: sampled every 0.1 s);
    (the tree check's own part, census and replay, printed against the same limit);
  - the same again, unchanged: every node and the table from the cache (the median of
    REPEATS runs);
  - a copy of sayc.rules with one block edited (the Stayman threshold of the responses to 1NT, 8 to 9 HCP) with
    ``--no-table``: only what depends on it re-checked, under 3 s (the median of REPEATS
    runs, each from the cache as it was before the edit);
  - the same edit with the findings at the table: the census's part from the cache, the
    table decided anew (it bids simulated deals through the whole system, so any edit
    decides it again: it is measured apart). With ``--check``, this output is compared with
    a run of the edited file without the cache (every item but the timings must be equal);
  - ``--rules edited --against sayc.rules``, without and with the table: the findings that
    appeared and disappeared, both systems from the cache.

Run: python3 benchmarks/bench_tree.py [--full [--check] [--save DIR]]
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import OPENBID, ROOT, env_with, machine_note, run_openbid, table  # noqa: E402

COLD_RATIO = 3.0  # the whole of SAYC cold, at most this many times `openbid prove`
MEMORY = 1.5e9  # bytes: the largest process's peak
EDIT_LIMIT = 3.0  # seconds: one block of SAYC edited and checked again
REPEATS = 5  # runs of each re-check from the cache (the median is shown)
SMALL = "openbid/systems/examples/small.rules"
DATA = ROOT / "openbid" / "systems" / "data"
EDIT = ("bid 4a when HCP >= 8 and", "bid 4a when HCP >= 9 and")  # the responses to 1NT


def run_cpu(args: list[str], **env: str):
    """``run_openbid`` and the CPU seconds of its processes (user and system, every process
    it started included: on a shared machine the wall time also counts waiting for a core)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done, wall = run_openbid(args, **env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median(runs: list) -> tuple[float, float, str]:
    """The median run's wall and CPU seconds (by wall time), and every run's wall time."""
    ordered = sorted(runs, key=lambda r: r[1])
    mid = ordered[len(ordered) // 2]
    return mid[1], mid[2], "runs " + ", ".join(f"{r[1]:.2f}" for r in runs) + " s"


def items(done) -> list[dict]:
    if done.returncode not in (0, 1):
        raise SystemExit(f"openbid failed ({done.returncode}): {done.stderr[-2000:]}")
    return [json.loads(x) for x in done.stdout.splitlines()]


def summary(its: list[dict]) -> dict:
    return next(i for i in its if i.get("part") == "summary")["summary"]


def results(its: list[dict]) -> list[dict]:
    """The items without their timings (what a cached run must reproduce)."""
    out = []
    for i in its:
        i = json.loads(json.dumps(i))
        i.pop("seconds", None)
        for part in ("tree", "system"):
            i.get("summary", {}).get(part, {}).pop("seconds", None)
        out.append(i)
    return out


def _memory(pid: int) -> dict[int, tuple[int, int]]:
    """Per process, ``pid`` and every process below it: (resident bytes now, the peak so far:
    the kernel's high-water mark)."""
    out: dict[int, tuple[int, int]] = {}
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            got = {}
            with open(f"/proc/{p}/status") as fh:
                for line in fh:
                    if line.startswith(("VmRSS:", "VmHWM:")):
                        got[line[:5]] = int(line.split()[1]) * 1024
            out[p] = (got.get("VmRSS", 0), got.get("VmHWM", 0))
            with open(f"/proc/{p}/task/{p}/children") as fh:
                todo.extend(int(x) for x in fh.read().split())
        except OSError:
            continue
    return out


def run_measured(args: list[str], **env: str):
    """``openbid ARGS`` as a subprocess: (completed, seconds, the largest process's peak
    resident memory, the peak of the sum over its processes), sampled every 0.1 s (each
    process's own peak is the kernel's high-water mark: exact up to the last sample)."""
    proc = subprocess.Popen([*OPENBID, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env_with(**env), cwd=str(ROOT))
    largest, total = [0], [0]
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            got = _memory(proc.pid)
            largest[0] = max([largest[0]] + [hwm for _, hwm in got.values()])
            total[0] = max(total[0], sum(rss for rss, _ in got.values()))
            stop.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    t0 = time.perf_counter()
    sampler.start()
    out, err = proc.communicate()
    seconds = time.perf_counter() - t0
    stop.set()
    sampler.join()
    return (subprocess.CompletedProcess(proc.args, proc.returncode, out, err), seconds,
            largest[0], total[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="also the whole of SAYC (minutes)")
    ap.add_argument("--check", action="store_true",
                    help="with --full: compare the edited run with one without the cache")
    ap.add_argument("--save", metavar="DIR", type=Path,
                    help="with --full: write the SAYC runs' JSON outputs there")
    ap.add_argument("--sayc-only", action="store_true",
                    help="with --full: only the paper and the whole of SAYC")
    args = ap.parse_args()
    print(machine_note())
    # Every run as an installed openbid runs: its modules' bytecode cached (where
    # PYTHONDONTWRITEBYTECODE is set, as here, every run would compile openbid's sources first),
    # in a temporary folder (the repository stays as it is); the first run fills it.
    print(f"bytecode: cached in a temporary folder (PYTHONDONTWRITEBYTECODE was "
          f"{os.environ.pop('PYTHONDONTWRITEBYTECODE', '')!r} here)")
    pyc = tempfile.mkdtemp(prefix="bench-tree-pyc-")
    atexit.register(shutil.rmtree, pyc, True)
    os.environ["PYTHONPYCACHEPREFIX"] = pyc
    rows: list[list] = []
    if args.full and args.sayc_only:
        print("SAYC (each row as measured):", flush=True)
        rows += full(args.check, args.save)
        print(table(["workload", "wall s", "nodes", "against"], rows))
        return
    nodes_done, t_nodes = run_openbid(["prove", "--rules", SMALL, "--cross-check", "z3",
                                       "--json", "--quiet", "--no-cache"])
    census_done, t_census = run_openbid(["prove", "--rules", SMALL, "--json", "--quiet",
                                         "--no-cache"])
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
                                   "--quiet", "--no-cache"])
    sub = summary(items(sub_done))["tree"]
    rows.append(["SAYC below 1NT P (--from), with the opening's checks", f"{t_sub:.1f}",
                 sub["nodes"], f"census {sub['seconds'].get('census', 0):.1f} s"])
    if args.full:
        print("SAYC (each row as measured):", flush=True)
        rows += full(args.check, args.save)
    print(table(["workload", "wall s", "nodes", "against"], rows))
    print(f"(small.rules: {checked} nodes where a block applies)")


class _Shown(list):
    """Rows printed as they are measured (a long run stopped half-way keeps its figures)."""

    def append(self, row) -> None:
        super().append(row)
        print("  " + " | ".join(str(x) for x in row), flush=True)


def full(check: bool, save: Path | None = None) -> list[list]:
    rows: list[list] = _Shown()
    paper, t_paper = run_openbid(["prove", "--quiet", "--no-cache"])
    if paper.returncode != 0:
        raise SystemExit(f"openbid prove failed ({paper.returncode}): {paper.stderr[-2000:]}")
    rows.append(["openbid prove (the paper's parts): the reference", f"{t_paper:.1f}", "", ""])

    def ratio(t: float) -> str:
        return f"{t / t_paper:.2f}x the paper"

    with tempfile.TemporaryDirectory(prefix="bench-tree-") as tmp:
        where = Path(tmp)
        original = (DATA / "sayc.rules").read_text(encoding="utf-8")
        if EDIT[0] not in original:
            raise SystemExit(f"sayc.rules no longer has {EDIT[0]!r}: update EDIT")
        sayc, edited = where / "sayc.rules", where / "edited.rules"
        sayc.write_text(original, encoding="utf-8")
        edited.write_text(original.replace(EDIT[0], EDIT[1], 1), encoding="utf-8")
        claims = ["--claims", str(DATA / "sayc_claims.txt"),
                  "--claims", str(DATA / "sayc_node_claims.txt")]
        cache = {"OPENBID_CACHE_DIR": str(where / "cache")}

        def keep(name: str, done) -> None:
            if save is not None:
                save.mkdir(parents=True, exist_ok=True)
                (save / f"{name}.jsonl").write_text(done.stdout, encoding="utf-8")

        # (--variant sayc: the output compares with any other version's; the copy's nodes
        # and table have the same keys)
        cold, t_cold, cold_largest, cold_sum = run_measured(
            ["prove", "--variant", "sayc", "--json", "--quiet"], **cache)
        keep("cold", cold)
        tree = summary(items(cold))["tree"]
        n = tree["nodes"]
        sec = tree["seconds"]
        rows.append([f"SAYC cold, whole check (tree census {sec.get('census', 0):.1f} s, "
                     f"replay {sec.get('replay', 0):.1f} s; then the opening's checks and the "
                     "table)", f"{t_cold:.1f}", n,
                     f"{ratio(t_cold)} (limit {COLD_RATIO:.0f}x)"])
        t_tree = float(sec.get("wall", 0))
        rows.append(["SAYC cold, the tree check's part of it (census + replay)",
                     f"{t_tree:.1f}", n, f"{ratio(t_tree)} (limit {COLD_RATIO:.0f}x)"])
        rows.append(["SAYC cold: memory of the largest process / of all at once (GB)",
                     f"{cold_largest / 1e9:.2f} / {cold_sum / 1e9:.2f}", n,
                     f"limit {MEMORY / 1e9:.1f} GB for the largest"])
        # The re-checks take seconds on a shared machine: each is the median of REPEATS runs
        # (each edited run from the same cache, as it was before the first).
        agains = [run_cpu(["prove", "--variant", "sayc", "--json", "--quiet"], **cache)
                  for _ in range(REPEATS)]
        for again, _, _ in agains:
            if results(items(again)) != results(items(cold)):
                raise SystemExit("the unchanged file, from the cache, differs from its cold run")
        t_again, c_again, spread = _median(agains)
        rows.append([f"SAYC again, unchanged (every node and the table from the cache; the "
                     f"median of {REPEATS})", f"{t_again:.1f}", n,
                     f"{ratio(t_again)}; {c_again:.1f} CPU-s; {spread}; equal to the cold run"])
        what = f"({EDIT[0].split(' when ')[1]} -> {EDIT[1].split(' when ')[1]})"
        before = where / "cache-before-the-edit"
        shutil.copytree(where / "cache", before)
        edits = []
        for k in range(REPEATS):
            if k:
                shutil.rmtree(where / "cache")
                shutil.copytree(before, where / "cache")
            edits.append(run_cpu(["prove", "--rules", str(edited), *claims, "--json",
                                  "--quiet", "--no-table"], **cache))
        if any(results(items(e[0])) != results(items(edits[0][0])) for e in edits):
            raise SystemExit("the edited runs from one cache differ")
        edit = edits[0][0]
        keep("edited-no-table", edit)
        t_edit, c_edit, spread = _median(edits)
        rows.append([f"SAYC, one block edited {what}, --no-table (the census's part; the median "
                     f"of {REPEATS}, each from the cache as it was before the edit)",
                     f"{t_edit:.1f}", summary(items(edit))["tree"]["nodes"],
                     f"limit {EDIT_LIMIT:.0f} s: {t_edit / EDIT_LIMIT:.2f}x the limit; "
                     f"{c_edit:.1f} CPU-s; {spread}"])
        whole, t_whole = run_openbid(["prove", "--rules", str(edited), *claims, "--json",
                                      "--quiet"], **cache)
        keep("edited", whole)
        rows.append(["SAYC, the same edit with the table (the census's from the cache)",
                     f"{t_whole:.1f}", summary(items(whole))["tree"]["nodes"],
                     "the table decided anew (it bids deals through the whole system)"])
        for table_opt, label in ((["--no-table"], "--no-table"), ([], "with the table")):
            vs, t_vs = run_openbid(["prove", "--rules", str(edited), "--against", str(sayc),
                                    *claims, "--json", "--quiet", *table_opt], **cache)
            got = summary(items(vs))
            d = next(i for i in items(vs) if i.get("part") == "summary")["against"]
            rows.append([f"SAYC edited --against the original, {label} (both from the cache)",
                         f"{t_vs:.1f}", got["tree"]["nodes"],
                         f"{d['appeared']} appeared ({d['appeared_failing']} failing), "
                         f"{d['disappeared']} disappeared; exit {vs.returncode}"])
        if check:
            fresh, t_fresh = run_openbid(["prove", "--rules", str(edited), *claims, "--json",
                                          "--quiet", "--no-cache"])
            keep("edited-no-cache", fresh)
            same = results(items(fresh)) == results(items(whole))
            rows.append(["SAYC edited, without the cache (--check)", f"{t_fresh:.1f}",
                         summary(items(fresh))["tree"]["nodes"],
                         f"{ratio(t_fresh)}; the cached edited run "
                         f"{'EQUALS' if same else 'DIFFERS FROM'} it"])
            if not same:
                print("the edited run from the cache differs from the one without it",
                      file=sys.stderr)
    return rows


if __name__ == "__main__":
    main()
