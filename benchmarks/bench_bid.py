"""Issue 2: hands bid per second, one call at a time and in a batch through ``openbid bid``.

Targets: >= 20,000 hands/s for single calls (``openbid.model.procedure.bid`` with a Hand, and
``program_for(rules).bid_hand``) and >= 100,000 hands/s for a 100,000-hand file through
``openbid bid --file FILE --brief`` timed as a whole subprocess. "cold" means on hands the
process has not seen (the describe_key cache cleared); "warm" repeats the same hands. When a
target is missed the script profiles the miss (cProfile) and prints where the time goes.

Run: python3 benchmarks/bench_bid.py [--quick]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from contextlib import redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, profile_top, random_hands, run_openbid, table, timed  # noqa: E402
from openbid.model.descriptors import describe_key  # noqa: E402
from openbid.model.hand import Hand  # noqa: E402
from openbid.model.procedure import bid, program_for  # noqa: E402
from openbid.model.variants import load_variant  # noqa: E402

CALL_STAGES = (("builtins.hash, own time (lru_cache keys)", "~", "<built-in method builtins.hash>"),
               ("Hand.key", "hand.py", "key"), ("describe_key", "descriptors.py", "describe_key"),
               ("Program.run", "procedure.py", "run"))
CLI_STAGES = (("reading lines", "common.py", "read_lines"), ("Hand.parse", "hand.py", "parse"),
              ("describe (key + PRELIM)", "descriptors.py", "describe"),
              ("Program.run", "procedure.py", "run"), ("Hand.to_pbn", "hand.py", "to_pbn"))
SINGLE_TARGET = 20_000
BATCH_TARGET = 100_000


def rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def single_calls(hands: list[Hand]) -> list[tuple[str, str, float]]:
    """(what, cold/warm, hands/s) for each single-call entry point, on the same hands."""
    program = program_for(load_variant("code"))
    texts = [h.to_pbn() for h in hands]
    keys = [h.key for h in hands]
    n = len(hands)
    cases = [
        ("procedure.bid(Hand)", lambda: [bid(h) for h in hands]),
        ("procedure.bid(PBN str)", lambda: [bid(t) for t in texts]),
        ("program.bid_hand(Hand)", lambda: [program.bid_hand(h) for h in hands]),
        ("program.bid_key(key)", lambda: [program.bid_key(k) for k in keys]),
    ]
    out = []
    for name, fn in cases:
        describe_key.cache_clear()
        program._cache.clear()  # bid_key's own memo: cold means unseen
        _, cold = timed(fn)
        _, warm = timed(fn)
        out.append((name, "cold", rate(n, cold)))
        out.append((name, "warm", rate(n, warm)))
    return out


def stages(hands: list[Hand]) -> list[tuple[str, float]]:
    """hands/s of each stage alone (same process): where a single call spends its time."""
    rules = load_variant("code")
    program = program_for(rules)
    texts = [h.to_pbn() for h in hands]
    keys = [h.key for h in hands]
    describe_key.cache_clear()
    _, t_desc = timed(lambda: [describe_key(k, rules.readings) for k in keys])
    ds = [describe_key(k, rules.readings) for k in keys]
    n = len(hands)
    return [
        ("Hand.parse(PBN)", rate(n, timed(lambda: [Hand.parse(t) for t in texts])[1])),
        ("Hand.key", rate(n, timed(lambda: [h.key for h in hands])[1])),
        ("describe_key, cold", rate(n, t_desc)),
        ("program.run(descriptors)", rate(n, timed(lambda: [program.run(d) for d in ds])[1])),
        ("load_variant + program_for lookup", rate(n, timed(
            lambda: [program_for(load_variant("code")) for _ in hands])[1])),
        ("Hand.to_pbn", rate(n, timed(lambda: [h.to_pbn() for h in hands])[1])),
    ]


def batch(hands: list[Hand], tmp: Path) -> list[tuple[str, float, float]]:
    """(mode, seconds, hands/s) for ``openbid bid --file`` over every hand, and the start-up."""
    path = tmp / "hands.pbn"
    path.write_text("".join(h.to_pbn() + "\n" for h in hands), encoding="utf-8")
    rows = []
    done, startup = run_openbid(["bid", "--brief", hands[0].to_pbn()])
    if done.returncode != 0:
        raise SystemExit(f"openbid bid failed: {done.stderr}")
    rows.append(("start-up (1 hand as argument)", startup, float("nan")))
    for mode in ("--brief", "--json"):
        out = tmp / f"out{mode}.txt"
        with open(out, "w", encoding="utf-8") as fh:
            done, secs = run_openbid(["bid", "--file", str(path), mode], stdout=fh)
        if done.returncode != 0:
            raise SystemExit(f"openbid bid {mode} failed: {done.stderr[-500:]}")
        lines = sum(1 for _ in open(out, encoding="utf-8"))
        if lines != len(hands):
            raise SystemExit(f"openbid bid {mode} printed {lines} lines for {len(hands)} hands")
        rows.append((f"bid --file {mode}", secs, rate(len(hands), secs)))
        rows.append((f"bid --file {mode}, minus start-up", secs - startup,
                     rate(len(hands), secs - startup)))
    return rows


def cli_in_process(path: Path, mode: str) -> None:
    from openbid.cli.main import main

    with redirect_stdout(io.StringIO()):
        main(["bid", "--file", str(path), mode])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer hands (5,000 and 20,000)")
    args = ap.parse_args()
    n_single, n_batch = (5_000, 20_000) if args.quick else (20_000, 100_000)
    print(machine_note())
    hands = random_hands(n_single, seed=2)
    program_for(load_variant("code"))  # compile once, outside the timings

    print(f"\nSingle calls on {n_single:,} random concrete hands (target >= {SINGLE_TARGET:,} hands/s)")
    singles = single_calls(hands)
    print(table(("entry point", "cache", "hands/s", "target", "ratio"),
                [(n, c, f"{r:,.0f}", f"{SINGLE_TARGET:,}", f"{r / SINGLE_TARGET:.2f}")
                 for n, c, r in singles]))

    stage_rows = stages(hands)
    base = next(r for n, c, r in singles if n == "program.bid_hand(Hand)" and c == "cold")
    print("\nStages alone (same hands, same process); ratio = stage rate / bid_hand cold rate")
    print(table(("stage", "hands/s", "ratio"),
                [(n, f"{r:,.0f}", f"{r / base:.2f}") for n, r in stage_rows]))

    batch_hands = random_hands(n_batch, seed=3)
    print(f"\nBatch: openbid bid --file (subprocess, whole command) on {n_batch:,} hands "
          f"(target >= {BATCH_TARGET:,} hands/s)")
    with tempfile.TemporaryDirectory() as tmp:
        rows = batch(batch_hands, Path(tmp))
        print(table(("command", "seconds", "hands/s", "target", "ratio"),
                    [(n, f"{s:.2f}", "-" if r != r else f"{r:,.0f}",
                      "-" if r != r else f"{BATCH_TARGET:,}",
                      "-" if r != r else f"{r / BATCH_TARGET:.2f}") for n, s, r in rows]))
        single_miss = [f"{n} ({c})" for n, c, r in singles if r < SINGLE_TARGET]
        batch_miss = [n for n, s, r in rows if r == r and r < BATCH_TARGET and "minus" not in n]
        verdict(single_miss, batch_miss)
        few = hands[: min(5_000, len(hands))]
        program = program_for(load_variant("code"))
        for name, fn in (("procedure.bid(Hand)", lambda: [bid(h) for h in few]),
                         ("program.bid_hand(Hand)", lambda: [program.bid_hand(h) for h in few])):
            if any(m.startswith(name) for m in single_miss):
                describe_key.cache_clear()
                print(f"\nProfile: {name} on {len(few):,} unseen hands")
                print(profile_top(fn, stages=CALL_STAGES))
        if batch_miss:
            n_prof = min(20_000, n_batch)
            path = Path(tmp) / "profile.pbn"
            path.write_text("".join(h.to_pbn() + "\n" for h in batch_hands[:n_prof]),
                            encoding="utf-8")
            describe_key.cache_clear()
            print(f"\nProfile: openbid bid --file --brief, in process, {n_prof:,} hands")
            print(profile_top(lambda: cli_in_process(path, "--brief"), stages=CLI_STAGES))


def verdict(single_miss: list[str], batch_miss: list[str]) -> None:
    print()
    if not single_miss and not batch_miss:
        print("All targets met.")
        return
    if single_miss:
        print(f"TARGET MISSED (single calls, {SINGLE_TARGET:,}/s): " + "; ".join(single_miss))
    if batch_miss:
        print(f"TARGET MISSED (batch, {BATCH_TARGET:,}/s): " + "; ".join(batch_miss))


if __name__ == "__main__":
    main()
