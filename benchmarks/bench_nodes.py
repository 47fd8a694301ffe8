"""The whole-system check of an auction system with a few hundred nodes, against a brute-force
reader in the same run (target: under a minute on 2 cores).

Workload: a generated system file (openings in every seat, responses, opener's rebids, an
overcall block and responses to a double, suit variables bound by the auction; only HCP, suit
lengths and BALANCED are read, so hands with the same lengths and HCP bid alike; nothing reads
the vulnerability) checked by ``openbid prove --rules FILE --cross-check z3 --json --quiet`` as a
fresh subprocess (imports and start-up included): at every node of the auction tree the dead
and shadowed rules, the overlaps, the gaps, illegal calls and the call frequencies over the
hands consistent with the bidder's history, by the tree census and again by the Z3 node checks
(Z3 and a census pass per node), which must agree (the command exits 2 if they do not); the
node checks list every node's counts.

The brute-force reader walks the same tree with the executor alone: every hand class of the
reference grouping (the four suit lengths and HCP; 15,152 classes, weights summing to
C(52,13)) is run through ``System.call`` at every node where it is consistent with the
bidder's history, and the calls are counted. Its counts must equal the command's at every node
(checked); its time is printed beside the command's.

Run: python3 benchmarks/bench_nodes.py [--runs N] [--keep FILE]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from itertools import combinations
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, median, run_openbid, table  # noqa: E402

TARGET = 60.0


def system_text() -> str:
    """The generated system: a natural opening block and blocks for the common auctions."""
    return """\
name bench
section 1 "Strong" when HCP >= 22
  bid strong when true value 2C
section 2 "Notrump" when BALANCED and 15 <= HCP <= 17
  bid nt when true value 1NT
section 3 "One" when HCP >= 12
  for s in S, H
    bid major when SUITLENGTH(s) >= 5 value 1 s
  bid diamonds when SUITLENGTH(D) >= 4 and SUITLENGTH(D) >= SUITLENGTH(C) value 1D
  bid clubs when true value 1C
section 4 "Weak" when 5 <= HCP <= 10
  for s in S, H, D
    bid weak when SUITLENGTH(s) = 6 value 2 s

auction "1NT P" else pass
  section 1 "Game" when HCP >= 10
    bid stayman when SUITLENGTH(S) = 4 or SUITLENGTH(H) = 4 value 2C
    bid game when true value 3NT
  section 2 "Invite" when HCP >= 8
    bid invite when true value 2NT
  section 3 "Weak"
    for s in S, H
      bid signoff when SUITLENGTH(s) >= 5 value 2 s

auction "1NT P 2C P"
  section 1 "Answer"
    bid hearts when SUITLENGTH(H) >= 4 value 2H
    bid spades when SUITLENGTH(S) >= 4 value 2S
    bid denial when true value 2D

auction "1NT P 2NT P" else pass
  section 1 "Accept" when HCP >= 16
    bid accept when true value 3NT

auction "1 s P" where s in MAJORS else pass
  section 1 "Raise" when SUITLENGTH(s) >= 3
    bid game when HCP >= 13 value 4 s
    bid limit when HCP >= 10 value 3 s
    bid single when HCP >= 6 value 2 s
  section 2 "Other" when HCP >= 6
    bid spades when SUITLENGTH(S) >= 4 and s = H value 1S
    bid nt when HCP <= 10 value 1NT
    bid twoclubs when HCP >= 11 and SUITLENGTH(C) >= 4 value 2C

auction "1 m P" where m in MINORS else pass
  section 1 "Majors" when HCP >= 6
    bid hearts when SUITLENGTH(H) >= 4 value 1H
    bid spades when SUITLENGTH(S) >= 4 value 1S
    bid nt when HCP <= 10 value 1NT
    bid raise when SUITLENGTH(m) >= 5 value 2 m

auction "1 s P 2 s P" where s in MAJORS else pass
  section 1 "Try"
    bid game when HCP >= 18 value 4 s
    bid invite when HCP >= 16 value 3 s

auction "1 s P 1NT P" where s in SUITS else pass
  section 1 "Rebid"
    bid six when SUITLENGTH(s) >= 6 value 2 s
    bid strong when HCP >= 18 value 2NT

auction "1 s" where s in SUITS else pass
  section 1 "Overcall" when 8 <= HCP <= 16
    bid spades when SUITLENGTH(S) >= 5 and s != S value 1S
    bid hearts when SUITLENGTH(H) >= 5 and (s = C or s = D) value 1H
    bid nt when BALANCED and HCP >= 15 value 1NT
  section 2 "Double" when HCP >= 12 and SUITLENGTH(s) <= 2
    bid takeout when true value X

auction "1 s X" where s in SUITS else pass
  section 1 "Redouble" when HCP >= 10
    bid redouble when true value XX

auction "2 s P" where s in SUITS else pass
  section 1 "Raise" when SUITLENGTH(s) >= 3
    bid game when HCP >= 16 value 4 s
    bid block when true value 3 s
"""


def groups():
    """Every (lengths, HCP) class of hands: (weight, a concrete PBN hand). A suit is its
    length and which of A K Q J it holds; the rest are spot cards."""
    points = {"A": 4, "K": 3, "Q": 2, "J": 1}
    spots_all = "T98765432"
    per_suit: dict = {}
    for n in range(5):
        for held in combinations("AKQJ", n):
            hcp = sum(points[c] for c in held)
            for spots in range(10):
                slot = per_suit.setdefault((n + spots, hcp), [0, None])
                slot[0] += comb(9, spots)
                if slot[1] is None:
                    slot[1] = "".join(held) + spots_all[9 - spots:]
    partial: dict = {((), 0): [1, ()]}
    for _ in range(4):
        nxt: dict = {}
        for (lengths, hcp), (w, cards) in partial.items():
            for (n, h), (sw, sc) in per_suit.items():
                if sum(lengths) + n > 13:
                    continue
                slot = nxt.setdefault((lengths + (n,), hcp + h), [0, None])
                slot[0] += w * sw
                if slot[1] is None:
                    slot[1] = cards + (sc,)
        partial = nxt
    out = [(w, ".".join(cards)) for (lengths, _), (w, cards) in partial.items()
           if sum(lengths) == 13]
    assert sum(w for w, _ in out) == comb(52, 13)
    return out


def brute_force(path: str, nodes: list[tuple[str, ...]]) -> tuple[dict, float]:
    """Every checked node's call counts, by running the executor over every hand class."""
    from openbid.systems.auction import load_system
    from openbid.bridge.hand import Hand

    t0 = time.monotonic()
    system = load_system(path)
    wanted = set(nodes)
    counts: dict = {a: {} for a in nodes}
    for w, pbn in groups():
        hand = Hand.parse(pbn)
        calls: dict = {}

        def call(a):
            if a not in calls:
                calls[a] = system.call(a, hand, "none").call
            return calls[a]

        def consistent(a) -> bool:
            return len(a) < 4 or (consistent(a[:-4]) and call(a[:-4]) == a[-4])

        for a in wanted:
            if consistent(a):
                c = call(a)
                counts[a][c] = counts[a].get(c, 0) + w
    return counts, time.monotonic() - t0


def one_run(path: str) -> tuple[float, float, list[dict]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done, seconds = run_openbid(["prove", "--rules", path, "--cross-check", "z3", "--json",
                                  "--quiet", "--no-cache"])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"openbid prove exited {done.returncode}:\n{done.stdout[-1500:]}\n"
                         f"{done.stderr[-1500:]}")
    items = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, items


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="runs of the command (default 1)")
    ap.add_argument("--keep", metavar="FILE", help="also write the generated system to FILE")
    opts = ap.parse_args()
    print(machine_note())
    with tempfile.TemporaryDirectory() as d:
        path = str(Path(d) / "bench.rules")
        Path(path).write_text(system_text(), encoding="utf-8")
        if opts.keep:
            Path(opts.keep).write_text(system_text(), encoding="utf-8")
        got = [one_run(path) for _ in range(max(1, opts.runs))]
        items = got[0][2]
        nodes = [i for i in items if i.get("kind") == "node"]
        checked = [tuple(n["auction"]) for n in nodes if n["selected"]]
        ref, brute = brute_force(path, checked)
    mismatched = 0
    for n in nodes:
        a = tuple(n["auction"])
        if a not in ref:
            continue
        have = {c["call"]: c["hands"] for c in n["children"]}
        if have != ref[a] or n["selected"] != sum(ref[a].values()):
            mismatched += 1
    walls = [w for w, _, _ in got]
    best = min(walls)
    print(f"system: {len(nodes)} nodes, {len(checked)} checked (a block, the consistent hands "
          f"counted), {len(nodes) - len(checked)} off-system or ended; brute-force counts "
          f"{'EQUAL' if not mismatched else f'DIFFER at {mismatched} nodes'}\n")
    print(table(("reader", "best s", "median s", "CPU s", "target s", "best / target"),
                [("openbid prove --rules --cross-check z3 (census, then Z3 + census at every node)", f"{best:.1f}",
                  f"{median(walls):.1f}", f"{median([c for _, c, _ in got]):.1f}",
                  f"{TARGET:.0f}", f"{best / TARGET:.2f}"),
                 ("brute force (executor over 15,152 classes)", f"{brute:.1f}", "", "", "",
                  "")]))
    print(f"\nbrute force / openbid: {brute / best:.2f}")
    if mismatched:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
