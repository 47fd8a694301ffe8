"""Where SAYC bids off-system: the calls made at auction nodes no block of the rule file matches,
over seeded random deals, each node classified by what the ACBL SAYC booklet says there.

The deals are bid by ``openbid simulate`` (every deal to the end, all four players under the
system; dealer and vulnerability by the board number, ``--dealer cycle --vul cycle``), in
batches of equal size with consecutive seeds; its ``--json`` lists every node reached, with the
deals reaching it, and whether it is off-system (no block matches: the player passes). Each
off-system node is put in one of three classes by the rules below, tried in this order; the
first that applies decides. They read the auction alone (never the hand, never a list of
auctions), and are the definition of "where the booklet speaks" behind the figure
docs/SYSTEMS.md quotes.

``pass``: passing is right anyway

* **slam** - a slam has been bid (the last bid is at the six or seven level): the booklet's
  slam conventions end with the contract placed.
* **partner-game** - the player's partner made the last bid, at game or higher, undoubled; it
  is not an ask (4NT, 5NT) nor the answer to the player's own ask (4NT, 5NT, or 4C directly over
  partner's notrump, Gerber): partner placed the contract ("4S = placing the contract").

``silent``: the booklet gives no guidance; a mainstream treatment is docs/SYSTEMS.md's to choose

* **their-game** - the opponents made the last bid, at game or higher: whether to double, bid on
  or sacrifice is judgement; the booklet says nothing of competing above their game.
* **later-rounds** - the opening side's fifth call or later (the opening side has made four or
  more calls other than pass) that answers no ask: the booklet defines the opening, the
  response, opener's rebid and responder's rebid ("Few sequences are defined in the later
  rounds", 1988 OVERVIEW).
* **opponents-bid-twice** - the side that did not open, having only passed, after the opening
  side has made two or more calls other than pass: the booklet's defensive bidding (overcalls,
  takeout doubles, two-suited cue-bids, defence to preempts, balancing) is action over an
  opening bid.
* **strong-opening** - the first call of the side that did not open over a strong opening
  (2C, 2NT, 3NT) that is still the only call of its side: the booklet gives no defence to them.
* **defence-later-rounds** - the defending side's other calls: its third call or later, its
  second call other than an answer to partner's cue-bid, and a defender's later turns (the
  advancer who has passed once already).

``speaks``: the booklet has guidance

* **first-rounds** - the opening side's first four calls (the opening side has made at most
  three calls other than pass): responses, opener's rebids and responder's rebids, and with
  intervention "Bids mean the same thing they meant without the intervening bid", negative
  doubles, responses to negative doubles, the doubler's rebids, the interference paragraphs of
  the notrump sections.
* **answer-an-ask** - the opening side's later call that answers partner's 4NT or 5NT, or a 4C
  directly over the player's notrump (Gerber).
* **over-an-opening** - the first call of the side that did not open, over an opening that is
  still the opening side's only call, direct or in the pass-out seat: overcalls, the 1NT
  overcall, jump overcalls, takeout doubles, Michaels and the unusual 2NT, defence to preempts.
* **advance** - the defender whose partner has made the side's only call other than pass, at
  his first turn after it: responses to overcalls and to takeout doubles.
* **answer-the-cue-bid** - the overcaller or doubler at his first turn after partner's cue-bid
  of an opponents' suit ("cue is one round force").

The target (docs/SYSTEMS.md): at most 5% of all calls at ``speaks`` nodes, over a million
deals. Every share is an ESTIMATE of the share over all deals: its 95% interval is the Student
t-interval of the batches' shares (batch means; equal batches, independent seeds).

Run: python3 benchmarks/sayc_coverage.py [--deals 1000000] [--batches 20] [--seed 1]
[--rules sayc|FILE] [--top 25] [--json OUT]
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note, run_openbid  # noqa: E402

GAME = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
STRONG = ("2C", "2NT", "3NT")
ASKS = ("4NT", "5NT")
CLASSES = ("speaks", "silent", "pass")


def _is_bid(call: str) -> bool:
    return call[0].isdigit()


def classify(auction: tuple[str, ...]) -> tuple[str, str]:
    """(class, rule) of the off-system node after ``auction`` (calls from the dealer; at least
    one bid): the rules of the module's docstring, in its order."""
    n = len(auction)
    bids = [(i, c) for i, c in enumerate(auction) if _is_bid(c)]
    if not bids:
        raise ValueError("the opening is never off-system")
    first = bids[0][0]
    li, last = bids[-1]
    level, strain = int(last[0]), last[1:]
    game = level >= GAME[strain]
    by_partner = li % 4 == (n + 2) % 4
    by_them = li % 2 != n % 2
    doubled = any(c in ("X", "XX") for c in auction[li + 1:])
    if level >= 6:
        return "pass", "slam"
    if by_partner and game and not doubled and last not in ASKS and not _asked(auction, n - 4):
        return "pass", "partner-game"
    if by_them and game:
        return "silent", "their-game"

    def calls(offsets: tuple[int, ...]) -> list[str]:
        return [c for i, c in enumerate(auction) if i % 4 in offsets and c != "PASS"]

    me, partner = (n % 4,), ((n + 2) % 4,)
    us = (n % 4, (n + 2) % 4)
    them = ((n + 1) % 4, (n + 3) % 4)
    if (n - first) % 2 == 0:  # the opening side is to call
        if len(calls(us)) <= 3:
            return "speaks", "first-rounds"
        if _asked(auction, n - 2):
            return "speaks", "answer-an-ask"
        return "silent", "later-rounds"
    mine, theirs, ours = calls(me), calls(them), calls(us)
    if not ours:
        if len(theirs) >= 2:
            return "silent", "opponents-bid-twice"
        if bids[0][1] in STRONG:
            return "silent", "strong-opening"
        return "speaks", "over-an-opening"
    partners = calls(partner)
    # partner's last call other than pass is the side's last, and the player has not called
    # since (his first turn after it)
    first_turn = bool(partners) and auction[n - 2] != "PASS"
    if not mine and len(partners) == 1 and first_turn:
        return "speaks", "advance"
    their_suits = {c[1:] for c in theirs if _is_bid(c) and c[1:] != "NT"}
    if len(mine) == 1 and len(partners) == 1 and first_turn and _is_bid(partners[0]) \
            and partners[0][1:] in their_suits:
        return "speaks", "answer-the-cue-bid"
    return "silent", "defence-later-rounds"


def _asked(auction: tuple[str, ...], i: int) -> bool:
    """The call at ``i`` asks for aces: 4NT or 5NT, or 4C directly over its partner's notrump
    (Gerber)."""
    if i < 0 or auction[i] not in (*ASKS, "4C"):
        return False
    if auction[i] in ASKS:
        return True
    before = [(j, c) for j, c in enumerate(auction[:i]) if _is_bid(c)]
    return bool(before) and before[-1][1].endswith("NT") and before[-1][0] % 4 == (i + 2) % 4


def _strip(auction: tuple[str, ...]) -> str:
    j = 0
    while j < len(auction) and auction[j] == "PASS":
        j += 1
    return " ".join("P" if c == "PASS" else c for c in auction[j:])


def simulate(rules: str, deals: int, seed: int) -> dict:
    """``openbid simulate ... --json`` on one batch: its JSON."""
    which = ["--rules", rules] if rules.endswith(".rules") else ["--variant", rules]
    done, _ = run_openbid(["simulate", *which, "--deals", str(deals), "--seed", str(seed),
                           "--dealer", "cycle", "--vul", "cycle", "--json"])
    if done.returncode != 0:
        raise SystemExit(f"openbid simulate failed ({done.returncode}): {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def interval(shares: list[float]) -> tuple[float, float]:
    """The 95% Student t-interval of the mean of the batches' shares."""
    n = len(shares)
    if n < 2:
        return float("nan"), float("nan")
    m = statistics.fmean(shares)
    half = T975[min(n - 1, len(T975)) - 1] * statistics.stdev(shares) / math.sqrt(n)
    return m - half, m + half


# the 0.975 quantile of Student's t with 1, 2, ... 30 degrees of freedom (past 30: 2.0)
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042, 2.0)


def measure(rules: str, deals: int, batches: int, seed: int) -> dict:
    """Every figure the report prints, as data."""
    size = deals // batches
    if size < 1:
        raise SystemExit("--deals must be at least --batches")
    t0 = time.perf_counter()
    calls = 0
    off: collections.Counter = collections.Counter()
    per_batch: list[dict] = []
    for b in range(batches):
        got = simulate(rules, size, seed + b)
        batch_calls = got["coverage"]["calls"]
        calls += batch_calls
        counts: collections.Counter = collections.Counter()
        for node in got["nodes"]:
            if node["kind"] != "off-system":
                continue
            auction = tuple(node["auction"].split())
            off[auction] += node["reached"]["count"]
            counts[classify(auction)[0]] += node["reached"]["count"]
        if sum(counts.values()) != got["coverage"]["off_system_calls"]:
            raise SystemExit("the off-system nodes' calls do not add up to the coverage's")
        per_batch.append({k: counts[k] / batch_calls for k in CLASSES} |
                         {"off": sum(counts.values()) / batch_calls})
    seconds = time.perf_counter() - t0
    by_class: collections.Counter = collections.Counter()
    by_rule: collections.Counter = collections.Counter()
    nodes: dict[str, collections.Counter] = {k: collections.Counter() for k in CLASSES}
    rule_of: dict[str, str] = {}
    for auction, count in off.items():
        cls, rule = classify(auction)
        by_class[cls] += count
        by_rule[(cls, rule)] += count
        key = _strip(auction)
        nodes[cls][key] += count
        rule_of[key] = rule
    ci = {k: interval([b[k] for b in per_batch]) for k in (*CLASSES, "off")}
    return {"system": rules, "seed": seed, "deals": size * batches, "batches": batches,
            "calls": calls, "off_system": sum(off.values()), "by_class": dict(by_class),
            "ci95": ci, "by_rule": {f"{c} {r}": v for (c, r), v in by_rule.items()},
            "nodes": {k: v.most_common() for k, v in nodes.items()}, "rule_of": rule_of,
            "seconds": round(seconds, 1)}


def pct(x: int, total: int) -> str:
    return f"{100 * x / total:.2f}%"


def report(m: dict, top: int) -> list[str]:
    calls = m["calls"]
    ci = m["ci95"]

    def est(n: int, key: str) -> str:
        lo, hi = ci[key]
        return f"{pct(n, calls):>7} (95% CI {100 * lo:.2f}-{100 * hi:.2f}%)"

    out = [f"{m['system']}: {m['deals']:,} deals ({m['batches']} batches of openbid simulate, "
           f"seeds {m['seed']}-{m['seed'] + m['batches'] - 1}, dealer and vulnerability by the "
           f"board), {calls:,} calls ({m['seconds']} s)",
           "ESTIMATE: shares of all calls, 95% intervals over the batches",
           f"calls at off-system nodes: {m['off_system']:,} {est(m['off_system'], 'off')}"]
    names = {"speaks": "the booklet speaks", "silent": "the booklet is silent",
             "pass": "passing is right anyway"}
    for cls in CLASSES:
        n = m["by_class"].get(cls, 0)
        out.append(f"  {names[cls]:<24} {n:>10,}  {est(n, cls)}")
    speaks = m["by_class"].get("speaks", 0)
    hi = ci["speaks"][1]
    out.append(f"target: at most 5.00% of all calls where the booklet speaks: "
               f"{pct(speaks, calls)}, upper 95% bound {100 * hi:.2f}% "
               f"({'met' if hi <= 0.05 else 'NOT met'})")
    out.append("")
    out.append("by rule:")
    for key, n in sorted(m["by_rule"].items(), key=lambda kv: -kv[1]):
        out.append(f"  {key:<32} {n:>10,}  {pct(n, calls):>7}")
    for cls in ("speaks", "silent"):
        out.append("")
        out.append(f"top {top} off-system nodes where {names[cls]} (leading passes stripped):")
        for i, (key, n) in enumerate(m["nodes"][cls][:top], 1):
            out.append(f"  {i:3d} {n:>8,} {pct(n, calls):>7}  {key:<36} [{m['rule_of'][key]}]")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1_000_000)
    ap.add_argument("--batches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1, help="the first batch's seed")
    ap.add_argument("--rules", default="sayc", help="a variant or a rule file (default: sayc)")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--json", default=None, help="write every count to this file")
    args = ap.parse_args(argv)
    if args.batches < 2 or args.deals < args.batches:
        ap.error("--batches must be at least 2 and --deals at least --batches")
    print(machine_note())
    m = measure(args.rules, args.deals, args.batches, args.seed)
    print("\n".join(report(m, args.top)))
    if args.json:
        Path(args.json).write_text(json.dumps(m), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
