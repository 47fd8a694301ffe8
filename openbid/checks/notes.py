"""System notes computed from the rules: for each on-system node of the partnership's auctions
(to a depth), each call the system makes there and what it shows.

A node's bidder ranges over exactly the hands that make the bidder's own earlier calls
(:meth:`System.consistent`); the exact census counts, over every hand class and every context of
the deal the node's rules read (counts are hand-contexts), each call's hands grouped by HCP, the
four suit lengths, ``BALANCED`` and the rule file's own named descriptors that the node's rules
read. Every number shown is the least and greatest value over those hands: exact, taken over all
635,013,559,600 hands (a proof by exhaustion), never typed in. With ``prove`` each bound of HCP
and the suit lengths is also proved by Z3 (no hand making the call lies outside it), as
``openbid explain`` proves its ranges. Each call keeps the bid points that make it (the rule's
own label and its section's name) and a hand at each end of its HCP range, re-bid along the
whole auction by the executor.

The auctions walked are the partnership's with the opponents passing: depth 1 the openings (the
dealer's, or a later seat's after passes), depth 2 the responses, depth 3 the opener's rebids,
...; a pass ends a branch. Returns data; never prints.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from openbid.base.errors import OpenbidError
from openbid.bridge.bids import bid_text
from openbid.bridge.hand import Hand
from openbid.bridge.notation import ended
from openbid.checks.search import Disagreement
from openbid.expr.ast import Call, Expr, Name, walk
from openbid.systems.auction import System
from openbid.systems.auction_facts import FACTS
from openbid.systems.rules.model import Rules, map_exprs
from openbid.bridge.notation import SIDE_VULS as VULS  # the bidder's side -> VUL, THEYVUL

SUIT_NAMES = ("S", "H", "D", "C")
CONTEXT_FACTS = {"SEAT", "VUL", "THEYVUL"} | set(FACTS)
MAX_NODES = 2000
PASSING = "no bid point: pass"  # the section name of falling through every bid point


@dataclass(frozen=True)
class Range:
    lo: int | Fraction
    hi: int | Fraction
    proved: bool = False  # both bounds proved by Z3


@dataclass
class CallNote:
    """One call at a node: the hands (hand-contexts) making it, their share of the node's,
    the bid points that make it (label, section name), and the ranges it shows."""

    call: str
    hands: int
    share: float
    points: list[tuple[str, str]]
    hcp: Range
    lengths: dict[str, Range]
    flags: list[str]  # boolean descriptors true of every hand making the call (BALANCED)
    values: dict[str, Range]  # the file's named descriptors the node's rules read
    low_hand: str = ""  # a hand at each end of the HCP range, re-bid along the auction
    high_hand: str = ""
    children: list["NodeNote"] = field(default_factory=list)


@dataclass
class NodeNote:
    auction: tuple[str, ...]
    depth: int  # 1 the opening, 2 the response, ...
    hands: int  # hand-contexts consistent with the bidder's earlier calls
    contexts: tuple[tuple[tuple[str, object], ...], ...]
    calls: list[CallNote] = field(default_factory=list)
    block: str = ""  # the block's pattern ('' the opening)


@dataclass
class Notes:
    system: str
    name: str
    seat: int
    depth: int
    vul: str | None
    roots: list[NodeNote] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    proved: bool = False

    def walk(self):
        """Every node, depth first, in call order."""
        stack = list(reversed(self.roots))
        while stack:
            node = stack.pop()
            yield node
            for c in reversed(node.calls):
                stack.extend(reversed(c.children))


def names_read(rules: Rules) -> set[str]:
    """Every name (descriptor, define, fact) the guards, conditions and values of ``rules``
    read."""
    found: set[str] = set()

    def one(e: Expr, is_value: bool, loops: frozenset[str]) -> Expr:
        for x in walk(e):
            if isinstance(x, Name):
                found.add(x.id)
            elif isinstance(x, Call):
                found.add(x.fn)
        return e

    map_exprs(rules, one)
    return found


def _of_the_hand(rules: Rules, name: str) -> bool:
    """Whether a define reads the hand (not only facts of the deal, as SAYC's OVERBID)."""
    d = next(d for d in rules.definitions if d.name == name)
    e = rules.parse(d.text, want=None)
    seen = {x.id for x in walk(e) if isinstance(x, Name)} | \
        {x.fn for x in walk(e) if isinstance(x, Call)}
    return not seen <= CONTEXT_FACTS


def system_notes(system: System, depth: int = 2, seat: int = 1, vul: str | None = None,
                 prove: bool = False, rlimit: int | None = None,
                 progress: Callable[[str], None] | None = None) -> Notes:
    """The notes of ``system`` to ``depth`` for the partnership that opens in ``seat`` (1 the
    dealer ... 4); ``vul`` (none, we, they, both: the partnership's view) fixes the
    vulnerability, else counts range over every case the rules read."""
    if not 1 <= seat <= 4:
        raise OpenbidError(f"seat {seat}: 1 (the dealer) to 4")
    if not 1 <= depth <= 12:
        raise OpenbidError(f"depth {depth}: 1 to 12")
    t0 = time.monotonic()
    out = Notes(system.title, system.name, seat, depth, vul, proved=prove)
    root = ("PASS",) * (seat - 1)
    node = _node(system, root, 1, vul, prove, rlimit, out, progress)
    if node is not None:
        out.roots.append(node)
    out.seconds = time.monotonic() - t0
    return out




def _node(system: System, auction: tuple[str, ...], depth: int, vul: str | None, prove: bool,
          rlimit: int | None, out: Notes,
          progress: Callable[[str], None] | None) -> NodeNote | None:
    from openbid.readers.census.census import Census, Column
    from openbid.readers.contexts import grid

    if out.nodes >= MAX_NODES:
        raise OpenbidError(f"more than {MAX_NODES:,} nodes: give a smaller --depth")
    node = system.node(auction)
    rules = node.rules
    if rules is None:
        return None
    out.nodes += 1
    if progress is not None:
        progress(" ".join(auction) or "(opening)")
    bidder = len(auction) % 4
    given = system.consistent(auction, bidder)
    read = names_read(rules)
    base = system.opening
    exprs: list[tuple[str, str, Expr]] = [("num", "HCP", rules.parse("HCP", want=None))]
    exprs += [("num", f"SUITLENGTH({s})", rules.parse(f"SUITLENGTH({s})", want=None))
              for s in SUIT_NAMES]
    exprs.append(("bool", "BALANCED", rules.parse("BALANCED", want=None)))
    for d in base.definitions:
        if not d.params and d.name in read and _of_the_hand(base, d.name):
            kind = "bool" if d.result == "bool" else "num"
            exprs.append((kind, d.name, rules.parse(d.name, want=None)))
    cols = [Column("outcome", 0)] + [Column("expr" if k == "bool" else "value", 0, e)
                                     for k, _, e in exprs]
    fixed: dict[str, object] = {}
    if vul is not None:  # the partnership's view; an opponent of the bidder sees it turned
        we, they = VULS[vul]
        fixed = {"VUL": we, "THEYVUL": they}
    contexts = grid([rules], fixed, [e for _, _, e in exprs] + [given])
    weights: dict[tuple, int] = {}
    examples: dict[tuple, tuple[Hand, tuple]] = {}
    total = 0
    for ctx in contexts:
        groups = Census([rules], ctx).group(cols, where=given)
        for key, w in groups.weights.items():
            weights[key] = weights.get(key, 0) + w
            total += w
            if key not in examples:
                examples[key] = (groups.concrete(key), tuple(sorted(ctx.items())))
    if total == 0:
        return None
    labels = rules.labels
    per_call: dict[str, list[tuple[tuple, int]]] = {}
    for key, w in weights.items():
        (bidval, sec) = key[0]
        per_call.setdefault(bid_text(bidval), []).append((key, w))
    note = NodeNote(auction, depth, total, tuple(tuple(sorted(c.items())) for c in contexts),
                    block=node.name or "")
    order = {c: i for i, c in enumerate(("PASS", "X", "XX"))}
    for call in sorted(per_call, key=lambda c: (order.get(c, 3), _rank(c))):
        rows = per_call[call]
        hands = sum(w for _, w in rows)
        points: list[tuple[str, str]] = []
        for (bidval, sec), *_ in sorted((k for k, _ in rows), key=lambda k: k[0][1]):
            label = labels[sec] if sec < len(labels) else str(sec)
            if all(p[0] != label for p in points):
                points.append((label, _section_name(rules, label)))
        values = [sorted({_plain(k[i + 1]) for k, _ in rows}) for i in range(len(exprs))]
        ranges = {name: Range(v[0], v[-1]) for (_, name, _), v in zip(exprs, values)}
        flags = [name for (kind, name, _), v in zip(exprs, values) if kind == "bool"
                 and v == [True]]
        lo_key = min((k for k, _ in rows), key=lambda k: (k[1], k))
        hi_key = max((k for k, _ in rows), key=lambda k: (k[1], k))
        c = CallNote(call, hands, hands / total, points, ranges["HCP"],
                     {s: ranges[f"SUITLENGTH({s})"] for s in SUIT_NAMES}, flags,
                     {name: ranges[name] for kind, name, _ in exprs[6:] if kind == "num"})
        c.low_hand, c.high_hand = (_replayed(system, auction, call, *examples[k])
                                   for k in (lo_key, hi_key))
        if prove:
            _prove(system, rules, auction, call, given, c, fixed, rlimit)
        note.calls.append(c)
        if call != "PASS" and depth < out.depth:
            nxt = auction + (call, "PASS")
            if not ended(nxt):
                child = _node(system, nxt, depth + 1, vul, prove, rlimit, out, progress)
                if child is not None:
                    c.children.append(child)
    return note


def _rank(call: str) -> int:
    from openbid.bridge.notation import bid_rank, is_bid

    return bid_rank(call) if is_bid(call) else 0


def _plain(v):
    if isinstance(v, Fraction) and v.denominator == 1:
        return int(v)
    return v


def _section_name(rules: Rules, label: str) -> str:
    if label == rules.pass_label:
        return PASSING
    try:
        return rules.section(rules.section_of(label)).name
    except KeyError:
        return ""


def _replayed(system: System, auction: tuple[str, ...], call: str, hand: Hand,
              ctx: tuple) -> str:
    """``hand`` (a census example) checked on the executor: it makes the bidder's earlier calls
    and ``call`` here, in its context of the deal."""
    from openbid.bridge.notation import vul_word_of

    c = dict(ctx)
    vul = vul_word_of(c)
    bidder = len(auction) % 4
    for t in range(bidder, len(auction) + 1, 4):
        want = auction[t] if t < len(auction) else call
        got = system.call(auction[:t], hand, vul).call
        if got != want:
            raise Disagreement(f"notes: the census's hand {hand.to_pbn()} does not make "
                               f"{want} at {' '.join(auction[:t]) or 'the opening'} "
                               f"(the executor bids {got})")
    return hand.to_pbn()


def _prove(system: System, rules: Rules, auction: tuple[str, ...], call: str, given: Expr,
           c: CallNote, fixed: dict, rlimit: int | None) -> None:
    """Z3: no hand making ``call`` here lies outside the HCP range or a suit length's range."""
    from openbid.checks.explain import Shown, _prove as prove_one
    from openbid.checks.verdicts import DEFAULT_RLIMIT
    from openbid.expr.ast import conj

    cond = conj(given, system.chooses(auction, call))
    todo = [("HCP", c.hcp)] + [(f"SUITLENGTH({s})", c.lengths[s]) for s in SUIT_NAMES]
    exprs = [rules.parse(name, want=None) for name, _ in todo]
    shown = [Shown(name, "num", r.lo, r.hi, "", "") for name, r in todo]
    prove_one(rules, cond, exprs, shown, fixed, rlimit or DEFAULT_RLIMIT)  # one solver for all
    for (name, r), s in zip(todo, shown):
        proved = Range(r.lo, r.hi, s.proved == "z3")
        if name == "HCP":
            c.hcp = proved
        else:
            c.lengths[name[-2]] = proved
