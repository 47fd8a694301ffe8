"""Where SAYC bids off-system: the calls made at auction nodes no block of the rule file matches,
over seeded random deals, each node classified by what the ACBL SAYC booklet says there.

Every deal of ``random_boards(N, SEED)`` (dealer and vulnerability by the board number) is bid
by the system for all four players, as ``openbid auction`` bids it (``System.bid_deal``). A call
made at a node no block matches is OFF-SYSTEM (the player passes). Each such node is put in one
of three classes by the rules below, tried in this order; the first that applies decides. They
read the auction alone (never the hand, never a list of auctions), and are the definition of
"where the booklet speaks" behind the figure docs/SYSTEMS.md quotes.

``pass``: passing is right anyway

* **slam** - a slam has been bid (the last bid is at the six or seven level): the booklet's
  slam conventions end with the contract placed.
* **partner-game** - the player's partner made the last bid, at game or higher, undoubled, and
  it is not an ask (4NT, 5NT): partner placed the contract ("4S = placing the contract").

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
  directly over partner's notrump (Gerber).
* **over-an-opening** - the first call of the side that did not open, over an opening that is
  still the opening side's only call, direct or in the pass-out seat: overcalls, the 1NT
  overcall, jump overcalls, takeout doubles, Michaels and the unusual 2NT, defence to preempts.
* **advance** - the defender whose partner has made the side's only call other than pass, at
  his first turn after it: responses to overcalls and to takeout doubles.
* **answer-the-cue-bid** - the overcaller or doubler at his first turn after partner's cue-bid
  of an opponents' suit ("cue is one round force").

The target (docs/SYSTEMS.md): at most 5% of all calls at ``speaks`` nodes, over a million
deals. Run: python3 benchmarks/sayc_coverage.py [--deals 1000000] [--seed S] [--rules FILE]
[--top 25] [--json OUT]. The deals are bid in ``OPENBID_JOBS`` processes (chunks of 20,000).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import machine_note  # noqa: E402
from openbid.base.workers import map_chunks  # noqa: E402
from openbid.bridge.deals import random_boards, seat_hands  # noqa: E402
from openbid.bridge.hand import Hand  # noqa: E402
from openbid.systems.auction import System, load_system  # noqa: E402

GAME = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
STRONG = ("2C", "2NT", "3NT")
ASKS = ("4NT", "5NT")
CLASSES = ("speaks", "silent", "pass")
CHUNK = 20_000


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
    if by_partner and game and not doubled and last not in ASKS:
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
        asked = auction[n - 2]
        before = [(i, c) for i, c in bids if i < n - 2]  # the bids before partner's last call
        if asked in ASKS or (asked == "4C" and before and before[-1][1].endswith("NT")
                             and before[-1][0] % 4 == n % 4):
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


def _strip(auction: tuple[str, ...]) -> str:
    j = 0
    while j < len(auction) and auction[j] == "PASS":
        j += 1
    return " ".join("P" if c == "PASS" else c for c in auction[j:])


_SYSTEMS: dict[str, System] = {}


def bid_chunk(arg: tuple[str, str, int], index: int) -> tuple[int, int, dict, dict]:
    """Bid deals ``index * CHUNK + 1`` ... of the seeded set: (deals, calls, off-system calls by
    node from the dealer, off-system non-pass calls by node)."""
    spec, seed, deals = arg
    system = _SYSTEMS.get(spec)
    if system is None:
        system = _SYSTEMS[spec] = load_system(spec)
    first = index * CHUNK + 1
    count = min(CHUNK, deals - index * CHUNK)
    calls = 0
    off: collections.Counter = collections.Counter()
    bad: collections.Counter = collections.Counter()
    for b in random_boards(count, seed, first):
        hands = {s: Hand.parse(t) for s, t in seat_hands(b.deal).items()}
        res = system.bid_deal(hands, b.dealer, b.vul)
        calls += len(res.choices)
        for k, c in enumerate(res.choices):
            if c.off_system:
                off[res.auction[:k]] += 1
                if c.call != "PASS":
                    bad[res.auction[:k]] += 1
    return count, calls, dict(off), dict(bad)


def measure(spec: str, deals: int, seed: str) -> dict:
    """Every figure the report prints, as data."""
    chunks = (deals + CHUNK - 1) // CHUNK
    t0 = time.perf_counter()
    parts = map_chunks(bid_chunk, (spec, seed, deals), chunks)
    seconds = time.perf_counter() - t0
    calls = sum(p[1] for p in parts)
    off: collections.Counter = collections.Counter()
    for p in parts:
        off.update(p[2])
    nonpass = sum(sum(p[3].values()) for p in parts)
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
    return {"system": spec, "seed": seed, "deals": deals, "calls": calls,
            "off_system": sum(off.values()), "off_system_not_pass": nonpass,
            "by_class": dict(by_class), "by_rule": {f"{c} {r}": v for (c, r), v in by_rule.items()},
            "nodes": {k: v.most_common() for k, v in nodes.items()}, "rule_of": rule_of,
            "seconds": round(seconds, 1)}


def pct(x: int, total: int) -> str:
    return f"{100 * x / total:.2f}%"


def report(m: dict, top: int) -> list[str]:
    calls = m["calls"]
    out = [f"{m['system']}: {m['deals']:,} deals (seed {m['seed']!r}), {calls:,} calls "
           f"({m['seconds']} s)",
           f"calls at off-system nodes: {m['off_system']:,} ({pct(m['off_system'], calls)} of "
           f"all calls; {m['off_system_not_pass']} of them not a pass)"]
    names = {"speaks": "the booklet speaks", "silent": "the booklet is silent",
             "pass": "passing is right anyway"}
    for cls in CLASSES:
        n = m["by_class"].get(cls, 0)
        out.append(f"  {names[cls]:<24} {n:>10,}  {pct(n, calls):>7} of all calls")
    speaks = m["by_class"].get("speaks", 0)
    out.append(f"target: at most 5.00% of all calls where the booklet speaks: "
               f"{pct(speaks, calls)} ({'met' if speaks <= 0.05 * calls else 'NOT met'})")
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
    ap.add_argument("--seed", default="sayc-coverage")
    ap.add_argument("--rules", default="sayc", help="a variant or a rule file (default: sayc)")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--json", default=None, help="write every count to this file")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    print(machine_note())
    m = measure(args.rules, args.deals, args.seed)
    print("\n".join(report(m, args.top)))
    if args.json:
        Path(args.json).write_text(json.dumps(m), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
