"""Does ``diff`` decide every mutant of the code table, and how fast?

A seeded, deterministic sample of about 60 mutants (``--quick``: 15) spread over six kinds (see
benchmarks/_mutants.py): flipped comparisons, constants moved by one, dropped conjuncts, adjacent
sections exchanged, adjacent statements exchanged, reversed suit loops. Each mutant must survive
a round trip through ``openbid.systems.rules.text.dumps``/``loads``. Then ``openbid.checks.diff.diff(code, mutant,
count=False)``: Z3 decides (modular proof first, then the whole-procedure query), a witness is
re-checked by both executables. Target: every mutant decided, none UNKNOWN (an UNKNOWN falls back
to the census and counts as UNKNOWN here). ``diff`` compares bid *and* section label, so for each
mutant shown different a second Z3 query asks whether the printed bid alone ever changes
("bid alone"; exchanging sections must rename their labels, so only this column says whether the
bids move). For a few mutants shown different, the exact number of hands that change
(``count=True``, one census of both tables); equivalences that needed the whole-procedure query
are re-checked by the same census.

Run: python3 benchmarks/bench_mutation.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._mutants import KINDS, Mutant, all_mutants, sample  # noqa: E402
from benchmarks._util import machine_note, median, table, timed  # noqa: E402
from openbid.base.errors import OpenbidError  # noqa: E402
from openbid.systems.rules.text import dumps, loads  # noqa: E402
from openbid.systems.variants import load_variant  # noqa: E402
from openbid.checks.diff import diff, modular_equivalent  # noqa: E402

SEED = 6


@dataclass
class Decision:
    mutant: Mutant
    verdict: str  # "equivalent", "different", "UNKNOWN", "ERROR"
    method: str
    seconds: float
    modular: bool
    modular_s: float
    witness: str = ""
    illegal: bool = False  # the mutant bids a BIDVAL that is no bid (on the witness)
    bids: str = ""  # "same bids" / "bids differ": the printed bid alone, section labels ignored


def round_trip(m: Mutant) -> bool:
    back = loads(dumps(m.rules), f"<{m.rules.name}>")
    return replace(back, name=m.rules.name) == m.rules


def decide(original, m: Mutant) -> Decision:
    modular, mod_s = timed(lambda: modular_equivalent(original, m.rules))
    t0 = time.perf_counter()
    try:
        d = diff(original, m.rules, count=False)
    except OpenbidError as exc:
        if "is not a bid" not in str(exc):
            raise
        # Z3 found a difference; re-checking the witness, the mutant's BIDVAL expression gave a
        # value that is no bid (e.g. dropping 'PLAYTRICKS >= 12' from 2a): decided, different.
        return Decision(m, "different", "z3", time.perf_counter() - t0, bool(modular), mod_s,
                        f"(witness: {exc})", illegal=True)
    except Exception as exc:  # a disagreement between the models is a finding, not a crash
        return Decision(m, "ERROR", "", time.perf_counter() - t0, bool(modular), mod_s,
                        f"{type(exc).__name__}: {exc}"[:90])
    secs = time.perf_counter() - t0
    verdict = {True: "equivalent", False: "different", None: "UNKNOWN"}[d.equivalent]
    if d.method == "census":
        verdict = "UNKNOWN"  # Z3 gave up; the census decided instead
    return Decision(m, verdict, d.method, secs, bool(modular), mod_s, d.witness or "")


def bids_only(original, m: Mutant) -> str:
    """Z3, on the printed bid alone: do the tables ever bid differently? A mutant that only moves
    hands between bid points (or renames them, as exchanging sections must) is "same bids"."""
    from openbid.systems.procedure import program_for
    from openbid.checks.diff import _printed
    from openbid.readers.symbolic import shared_hands
    from openbid.checks.verdicts import Status, check, new_solver

    sa, sb = shared_hands(original, m.rules)  # same variables, same rank model: the same hand
    solver = new_solver()
    solver.add(sa.domain, _printed(sa.outcome[0]) != _printed(sb.outcome[0]))
    r = check(solver)
    if r.status is Status.UNSAT:
        return "same bids"
    if r.status is Status.UNKNOWN:
        return "UNKNOWN"
    hand = sa.witness(r.model)
    try:
        a, b = program_for(original).bid_hand(hand).bid, program_for(m.rules).bid_hand(hand).bid
    except OpenbidError:
        return "bids differ (no bid)"
    return "bids differ" if a != b else "WITNESS FAILS"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="15 mutants, one exact count")
    args = ap.parse_args()
    total, n_counts = (15, 1) if args.quick else (60, 5)
    original = load_variant("code")
    print(machine_note())
    sites = all_mutants(original)
    mutants = sample(original, total, SEED)
    print("mutation sites in 'code': " + ", ".join(f"{k} {len(v)}" for k, v in sites.items())
          + f"; sampled {len(mutants)} (seed {SEED})")
    trips = [round_trip(m) for m in mutants]
    print(f"round trip dumps -> loads: {sum(trips)}/{len(trips)} mutants reload identical")
    if not all(trips):
        for m, ok in zip(mutants, trips):
            if not ok:
                print(f"  NOT IDENTICAL: {m.rules.name} {m.where}")

    decisions = [decide(original, m) for m in mutants]
    for d in decisions:
        d.bids = bids_only(original, d.mutant) if d.verdict == "different" else ""
    print("\nEach mutant: diff(code, mutant, count=False)")
    print(table(("mutant", "mutation", "verdict", "modular", "diff s", "witness", "bid alone"),
                [(d.mutant.rules.name, d.mutant.where[:80], d.verdict,
                  "proved" if d.modular else "-", f"{d.seconds:.2f}", d.witness, d.bids)
                 for d in decisions]))
    print("  modular: diff's section-by-section proof succeeded; bid alone: a second Z3 query on "
          "the printed bid only (different mutants)")

    print("\nBy kind (time of diff per mutant; modular s: the modular attempt alone)")
    rows = []
    for kind in KINDS + ("all",):
        ds = [d for d in decisions if kind in ("all", d.mutant.kind)]
        if not ds:
            continue
        secs = [d.seconds for d in ds]
        rows.append((kind, len(ds), sum(d.verdict == "equivalent" for d in ds),
                     sum(d.verdict == "different" for d in ds),
                     sum(d.bids == "same bids" for d in ds),
                     sum(d.verdict == "UNKNOWN" for d in ds), sum(d.verdict == "ERROR" for d in ds),
                     sum(d.modular for d in ds), f"{median(secs):.2f}",
                     f"{max(secs) if secs else float('nan'):.2f}",
                     f"{median([d.modular_s for d in ds]):.2f}"))
    print(table(("kind", "mutants", "equivalent", "different", "same bids", "UNKNOWN", "ERROR",
                 "by modular proof", "median s", "max s", "modular median s"), rows))
    print("  same bids: shown different by diff (bid or section label) but Z3 proves the printed bid "
          "never changes")
    illegal = [d.mutant.rules.name for d in decisions if d.illegal]
    if illegal:
        print(f"  {len(illegal)} 'different' mutant(s) bid a BIDVAL that is no bid on Z3's witness, "
              f"so diff raised OpenbidError while re-checking it: {', '.join(illegal)}")
    undecided = [d for d in decisions if d.verdict in ("UNKNOWN", "ERROR")]
    print("\nTarget (every mutant decided by Z3, none UNKNOWN): "
          + ("MET" if not undecided else f"MISSED ({len(undecided)} undecided)"))

    different = [d for d in decisions if d.verdict == "different" and not d.illegal]
    picks = _spread(different, n_counts)
    # Equivalences proved by the whole-procedure query (not modularly) are re-checked by the census.
    picks += [d for d in decisions if d.verdict == "equivalent" and not d.modular][:n_counts // 2]
    if picks:
        print(f"\nExact counts for {len(picks)} mutants: diff(code, mutant, count=True) (an "
              "equivalent one is a census check of Z3's proof: diff raises if they disagree)")
        rows = []
        for d in picks:
            try:
                res, secs = timed(lambda: diff(original, d.mutant.rules, count=True))
            except OpenbidError as exc:
                rows.append((d.mutant.rules.name, d.verdict, f"error: {exc}", "", "", "", "", ""))
                continue
            top = res.transitions[0] if res.transitions else None  # type: ignore[attr-defined]
            rows.append((d.mutant.rules.name, d.verdict, f"{res.changed:,}",  # type: ignore[attr-defined]
                         f"{sum(t.classes for t in res.transitions):,}",  # type: ignore[attr-defined]
                         len(res.transitions),  # type: ignore[attr-defined]
                         f"{top.source} -> {top.target} ({top.count:,})" if top else "-",
                         f"{secs:.1f}", f"{secs / d.seconds:,.0f}"))
        print(table(("mutant", "Z3 verdict", "hands changed", "classes", "transitions", "largest transition",
                     "count s", "count s / Z3 s"), rows))


def _spread(decisions: list[Decision], n: int) -> list[Decision]:
    """Up to ``n`` decisions, one per kind first, in mutant order."""
    picks: list[Decision] = []
    for kind in KINDS:
        first = next((d for d in decisions if d.mutant.kind == kind), None)
        if first and len(picks) < n:
            picks.append(first)
    for d in decisions:
        if len(picks) >= n:
            break
        if d not in picks:
            picks.append(d)
    return sorted(picks, key=decisions.index)


if __name__ == "__main__":
    main()
