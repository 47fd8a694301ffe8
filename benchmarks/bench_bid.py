"""Hands bid per second, one call at a time and through
``openbid bid --file``.

Targets: >= 20,000 hands/s for single calls (``openbid.systems.procedure.bid`` with a Hand or a
PBN string, and ``program_for(rules).bid_hand``), on hands the process has not seen ("cold")
and on the same hands again ("warm"); for a file of 1,000,000 hands (the vectorised path,
openbid.readers.census.batch), each run as a whole subprocess (start-up included):
``openbid bid --file F --brief`` >= 500,000 hands/s and ``openbid bid --file F --json`` >= 250,000
hands/s. The output goes to /dev/null and, separately, through a pipe to this process, which
counts the lines (every hand must have its line). The in-process rate (``main([...])`` in this
interpreter, output to /dev/null) is printed too. When a target is missed the script profiles
the miss (cProfile) and prints where the time goes.

Run: python3 benchmarks/bench_bid.py [--quick] [--hands N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from benchmarks._util import (
    OPENBID,
    env_with,
    machine_note,
    profile_top,
    random_hands,
    table,
    timed,
)
from openbid.bridge.hand import Hand
from openbid.systems.procedure import bid, program_for
from openbid.systems.variants import load_variant

SINGLE_TARGET = 20_000
BATCH_TARGETS = {"--brief": 500_000, "--json": 250_000}
CALL_STAGES = (("Hand.parse", "hand.py", "parse"), ("describe", "descriptors.py", "describe"),
               ("Program.run", "procedure.py", "run"))
BATCH_STAGES = (("reading hands (fastread)", "fastread.py", "hand_blocks"),
                ("suit states and views", "batch.py", "reader"),
                ("values (numpy reader)", "core.py", "value"),
                ("outcome (numpy reader)", "arrays.py", "_outcome"),
                ("rendering columns", "columns.py", "number"),
                ("assembling and writing lines", "columns.py", "write"))


def rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


# ---- single calls ---------------------------------------------------------------------------
def single_cases():
    """(entry point, its call on a list of hands, whether it is given PBN strings)."""
    program = program_for(load_variant("code"))
    return [("procedure.bid(Hand)", lambda hs: [bid(h) for h in hs], False),
            ("procedure.bid(PBN str)", lambda ts: [bid(t) for t in ts], True),
            ("program.bid_hand(Hand)", lambda hs: [program.bid_hand(h) for h in hs], False)]


def single_calls(n: int) -> list[tuple[str, str, float]]:
    """(entry point, cold/warm, hands/s): each entry point on its own hands, never seen before
    by this process (cold), then the same hands again (warm)."""
    out = []
    for seed, (name, fn, as_text) in enumerate(single_cases(), 100):
        hands = random_hands(n, seed=seed)
        args = [h.to_pbn() for h in hands] if as_text else hands
        _, cold = timed(lambda fn=fn, args=args: fn(args))
        _, warm = timed(lambda fn=fn, args=args: fn(args))
        out += [(name, "cold", rate(n, cold)), (name, "warm", rate(n, warm))]
    return out


def stages(n: int) -> list[tuple[str, float]]:
    """hands/s of each stage of a single call alone, on unseen hands."""
    from openbid.systems.descriptors import describe

    rules = load_variant("code")
    program = program_for(rules)
    hands = random_hands(n, seed=99)
    texts = [h.to_pbn() for h in hands]
    _, t_desc = timed(lambda: [describe(h, rules.readings) for h in hands])
    ds = [describe(h, rules.readings) for h in hands]
    return [("Hand.parse(PBN)", rate(n, timed(lambda: [Hand.parse(t) for t in texts])[1])),
            ("describe (lazy: run computes what it reads)", rate(n, t_desc)),
            ("program.run(descriptors)", rate(n, timed(lambda: [program.run(d) for d in ds])[1])),
            ("Hand.to_pbn", rate(n, timed(lambda: [h.to_pbn() for h in hands])[1]))]


# ---- files of hands -------------------------------------------------------------------------
def write_hands(path: Path, n: int, seed: int) -> int:
    """``n`` uniformly random concrete hands in canonical PBN, one a line (numpy: a million in
    about a second). Returns the file's size in bytes."""
    from openbid.readers.census.sample import holds_matrix, random_cards

    ranks = np.frombuffer(b"AKQJT98765432", dtype=np.uint8)
    with open(path, "wb") as fh:
        for start in range(0, n, 1 << 18):
            has = holds_matrix(random_cards(min(1 << 18, n - start), seed + start))
            m = len(has)
            out = np.full((m, 17), ord("\n"), dtype=np.uint8)
            at = np.cumsum(has, axis=1) - 1 + np.arange(52) // 13  # each card's byte, if held
            rows, cards = np.nonzero(has)
            out[rows, at[rows, cards]] = ranks[cards % 13]
            ends = has.reshape(m, 4, 13).sum(axis=2).cumsum(axis=1)  # cards up to each suit
            for k in range(3):
                out[np.arange(m), ends[:, k] + k] = ord(".")
            fh.write(out.tobytes())
    return path.stat().st_size


def run_sink(args: list[str], sink: str) -> tuple[float, int, str]:
    """``openbid ARGS`` as a subprocess: (seconds, lines written, stderr). ``sink`` "null":
    stdout to /dev/null (lines not counted: -1); "pipe": read here and the lines counted."""
    t0 = time.perf_counter()
    if sink == "null":
        with open(os.devnull, "wb") as null:
            p = subprocess.run([*OPENBID, *args], stdout=null, stderr=subprocess.PIPE,
                               env=env_with(), check=False)
        secs, lines, err = time.perf_counter() - t0, -1, p.stderr.decode()
    else:
        p2 = subprocess.Popen([*OPENBID, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=env_with())
        lines = 0
        while True:
            data = p2.stdout.read1(1 << 20)  # type: ignore[union-attr]
            if not data:
                break
            lines += data.count(b"\n")
        err = p2.stderr.read().decode()  # type: ignore[union-attr]
        p2.wait()
        secs = time.perf_counter() - t0
        p = p2  # type: ignore[assignment]
    if p.returncode != 0:
        raise SystemExit(f"openbid {' '.join(args)} failed ({p.returncode}): {err[-500:]}")
    return secs, lines, err


def in_process(args: list[str]) -> float:
    """Seconds for ``main(args)`` in this interpreter (imports done), stdout to /dev/null."""
    from openbid.cli.main import main

    saved = sys.stdout
    with open(os.devnull, "w") as null:
        sys.stdout = null
        try:
            t0 = time.perf_counter()
            code = main(args)
            secs = time.perf_counter() - t0
        finally:
            sys.stdout = saved
    if code != 0:
        raise SystemExit(f"openbid {' '.join(args)} failed in process ({code})")
    return secs


def batch_rows(command: list[str], modes: dict[str, int], path: Path, n: int):
    """(what, seconds, hands/s, target) for ``openbid COMMAND --file PATH MODE``: whole
    subprocesses to /dev/null and through a pipe, and in process."""
    rows = []
    for mode, target in modes.items():
        args = [*command, "--file", str(path), mode]
        for sink in ("null", "pipe"):
            secs, lines, _ = run_sink(args, sink)
            if sink == "pipe" and lines != n:
                raise SystemExit(f"openbid {' '.join(args)} wrote {lines:,} lines for {n:,} hands")
            where = "> /dev/null" if sink == "null" else "| pipe (lines counted)"
            rows.append((f"{' '.join(command)} {mode} {where}", secs, rate(n, secs), target))
        secs = in_process(args)
        rows.append((f"{' '.join(command)} {mode}, in process", secs, rate(n, secs), target))
    return rows


def print_batch(rows) -> list[str]:
    print(table(("command (whole subprocess unless in process)", "seconds", "hands/s", "target",
                 "ratio"),
                [(w, f"{s:.2f}", f"{r:,.0f}", f"{t:,}", f"{r / t:.2f}") for w, s, r, t in rows]))
    return [w for w, _, r, t in rows if r < t and "in process" not in w]


def profile_batch(args: list[str]) -> None:
    from openbid.cli.main import main

    print(f"\nProfile: openbid {' '.join(args)}, in process")

    def go():
        saved = sys.stdout
        with open(os.devnull, "w") as null:
            sys.stdout = null
            try:
                main(args)
            finally:
                sys.stdout = saved

    print(profile_top(go, stages=BATCH_STAGES))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="5,000 single calls, 200,000 hands")
    ap.add_argument("--hands", type=int, default=None, help="hands in the file (1,000,000)")
    args = ap.parse_args()
    n_single = 5_000 if args.quick else 20_000
    n_batch = args.hands or (200_000 if args.quick else 1_000_000)
    print(machine_note())
    program_for(load_variant("code"))  # compile once, outside the timings

    print(f"\nSingle calls on {n_single:,} random concrete hands each "
          f"(target >= {SINGLE_TARGET:,} hands/s)")
    singles = single_calls(n_single)
    print(table(("entry point", "hands", "hands/s", "target", "ratio"),
                [(n, c, f"{r:,.0f}", f"{SINGLE_TARGET:,}", f"{r / SINGLE_TARGET:.2f}")
                 for n, c, r in singles]))
    base = next(r for n, c, r in singles if n == "program.bid_hand(Hand)" and c == "cold")
    print("\nStages of a single call alone (unseen hands); ratio = stage rate / bid_hand cold")
    print(table(("stage", "hands/s", "ratio"),
                [(n, f"{r:,.0f}", f"{r / base:.2f}") for n, r in stages(n_single)]))

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.pbn"
        size = write_hands(path, n_batch, seed=3)
        _, startup = timed(lambda: run_sink(["bid", "--brief", "AKJ32.Q4.KT9.876"], "null"))
        print(f"\nopenbid bid --file on {n_batch:,} random hands ({size:,} bytes); start-up "
              f"(one hand as an argument) {startup:.2f} s; {machine_note().split(', ', 1)[1]}")
        rows = batch_rows(["bid"], BATCH_TARGETS, path, n_batch)
        missed = print_batch(rows)
        single_miss = [f"{n} ({c})" for n, c, r in singles if r < SINGLE_TARGET]
        print()
        if not missed and not single_miss:
            print("All targets met.")
        if single_miss:
            print(f"TARGET MISSED (single calls, {SINGLE_TARGET:,}/s): " + "; ".join(single_miss))
            for seed, (name, fn, as_text) in enumerate(single_cases(), 200):
                if any(m.startswith(name + " ") for m in single_miss):
                    few = random_hands(5_000, seed=seed)  # unseen
                    args = [h.to_pbn() for h in few] if as_text else few
                    print(f"\nProfile: {name} on {len(few):,} unseen hands")
                    print(profile_top(lambda fn=fn, args=args: fn(args), stages=CALL_STAGES))
        if missed:
            print("TARGET MISSED (batch): " + "; ".join(missed))
            for mode in BATCH_TARGETS:
                if any(mode in m for m in missed):
                    profile_batch(["bid", "--file", str(path), mode])


if __name__ == "__main__":
    main()
