"""Checks at every node of a system's auction tree.

A node is a concrete auction (calls from the dealer); the bidder is the next to call. The hands
ranged over at a node are exactly those consistent with the bidder's own earlier calls (each the
system's first-wins choice at its node: ``System.consistent``), as a precondition of the system
checks (:mod:`openbid.checks.system`): dead, shadowed and unreachable rules, overlaps, claims and
call frequencies are those of the node's block over those hands, Z3 and the census agreeing.
Besides, at a node: the *gap* (consistent hands no rule bids, when the block does not say
``else pass``) and *illegal calls* (a rule some consistent hand reaches whose call cannot be made
there), each with an exact count and a hand. :func:`node_findings` gives every finding of the
tree as :class:`openbid.checks.findings.Finding`, the same findings as the tree census's
(openbid.checks.tree) on the same system: this is its cross-check.

The tree: the root is the empty auction; a node's children are the calls some consistent hand
makes there, each with a witness hand the executor re-runs through the whole auction (it makes
every call of the bidder's history, then this one); the edge weight is the exact probability of
the call given the history (hand-contexts when the vulnerability is read: each context equally
likely). An off-system node's only child is PASS; an auction ends after three passes following a
bid, or four passes. Nodes are checked a level at a time, all of a level's work in one process
pool. Returns data; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from openbid.base.errors import OpenbidError
from openbid.bridge.hand import Hand
from openbid.systems.auction_facts import ended, illegal
from openbid.bridge.notation import vul_word_of
from openbid.checks.findings import HISTORY, Finding, Witness, claim_kind
from openbid.checks.search import Disagreement
from openbid.checks.system import SystemChecks, SystemJob, run_jobs
from openbid.checks.verdicts import DEFAULT_RLIMIT

Auction = tuple[str, ...]
MAX_NODES = 5000


@dataclass(frozen=True)
class Child:
    """A call made at a node: the hands (hand-contexts) consistent with the history that make
    it, its exact probability given the history, and a hand that makes it (with its vul)."""

    call: str
    hands: int
    probability: Fraction
    witness: str
    vul: str
    points: tuple[str, ...] = ()  # the bid points that make it


@dataclass
class NodeResult:
    auction: Auction
    block: str | None  # the block's pattern ("" the opening), None off-system
    else_pass: bool = False
    selected: int = 0  # hand-contexts consistent with the bidder's history
    checks: SystemChecks | None = None
    children: list[Child] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def name(self) -> str:
        return " ".join(self.auction) or "(opening)"

    @property
    def bidder(self) -> int:
        """The bidder's seat counted from the dealer (0 = dealer)."""
        return len(self.auction) % 4


@dataclass
class Tree:
    title: str
    graph: Any  # networkx.DiGraph: nodes auction tuples (attr ``result``), edges calls
    nodes: dict[Auction, NodeResult] = field(default_factory=dict)
    truncated: bool = False
    seconds: dict[str, float] = field(default_factory=dict)
    claims_file: str = ""

    def check_claims_placed(self, at: dict) -> None:
        """Every claim's auction is a node of the tree where someone bids: a claim about an
        auction no hand reaches, or an off-system one, would check nothing (an error)."""
        for auction, claims in at.items():
            r = self.nodes.get(auction)
            if r is None or r.checks is None:
                why = "no hand reaches it" if r is None else \
                    "nobody bids there (the auction has ended, or no block matches it)"
                raise OpenbidError(f"claim {claims[0].id} is about the auction "
                                   f"{' '.join(auction) or '(opening)'}, but {why}: it would "
                                   "check nothing")

    def verdicts(self) -> dict[str, str]:
        """Every node's checked items -> verdicts (stable keys, for expectations)."""
        out = {}
        for r in self.nodes.values():
            if r.checks is None:
                continue
            node = " ".join(r.auction) or "-"
            out.update({f"system node {node}: {k[len('system '):]}": v
                        for k, v in r.checks.verdicts().items()})
            for f in r.findings:
                what = f.kind.replace("-", " ")
                detail = f"{f.point}: {f.detail}" if f.kind == "illegal-call" else \
                    "hands consistent with the history that no rule bids"
                out[f"system node {node}: {what} {detail}"] = str(f.count)
        return out


class NodeModel:
    """What the tree needs of a system (openbid.systems.auction.System, or anything with the
    same three methods): ``block(auction)`` -> (its pattern: '' the opening, None off-system;
    the rules table bound to the node; the facts still to fix; whether falling through is an
    intended pass); ``consistent(auction, seat)`` -> Expr; ``call(auction, hand, vul)``."""

    def __init__(self, system) -> None:
        self.system = system

    def block(self, auction: Auction):
        if hasattr(self.system, "block_at"):
            return self.system.block_at(auction)
        node = self.system.node(auction)
        return node.name, node.rules, {}, node.else_pass

    @property
    def title(self) -> str:
        return getattr(self.system, "title", "")

    def base_rules(self):
        """The rules the file's names (defines) are read with: the opening's."""
        return self.system.opening

    def parse(self, text: str) -> Auction:
        from openbid.systems.auction import parse_auction

        return parse_auction(text)

    def consistent(self, auction: Auction, seat: int):
        return self.system.consistent(auction, seat)

    def call(self, auction: Auction, hand: Hand, vul: str) -> str:
        return self.system.call(auction, hand, vul).call


def made_calls(model: NodeModel, auction: Auction, seat: int, hand: Hand, vul: str) -> bool:
    """Does ``hand`` make every call of player ``seat`` (0 = dealer) in ``auction``? (``vul``
    from that player's view.)"""
    return all(model.call(auction[:t], hand, vul) == auction[t]
               for t in range(seat, len(auction), 4))


def replays(model: NodeModel, auction: Auction, hand: Hand, vul: str, call: str) -> bool:
    """Does ``hand`` make every call of the bidder's history in ``auction`` and then ``call``?"""
    return made_calls(model, auction, len(auction) % 4, hand, vul) and \
        model.call(auction, hand, vul) == call


def claims_by_node(claims) -> dict[Auction, tuple]:
    """The claims that name an auction, by auction."""
    out: dict[Auction, tuple] = {}
    for c in claims:
        if getattr(c, "auction", None) is not None:
            out[c.auction] = out.get(c.auction, ()) + (c,)
    return out


def build_tree(model: NodeModel, claims_at: Callable[[Auction], tuple] | None = None,
               rlimit: int = DEFAULT_RLIMIT, max_nodes: int = MAX_NODES,
               progress: Callable[[str], None] | None = None, title: str = "",
               context: dict | None = None, solver: bool = True) -> Tree:
    """The auction tree of ``model``'s system, every node checked. ``claims_at(auction)``: the
    claims about that node; ``context``: facts of the deal fixed (VUL, THEYVUL from the
    dealer's view: for the dealer's opponents they swap; the others range). ``solver``: False
    for the census's counts alone (the calls, gaps and illegal calls; no Z3 verdicts)."""
    seen = tree_lower_bound(model, max_nodes)
    if seen > max_nodes:
        raise OpenbidError(f"the auction tree has more than {max_nodes:,} nodes (seeded deals bid "
                           f"by the system already reach {seen:,} distinct auctions): the node "
                           "checks take at most that many; check a smaller system, or give the "
                           "blocks 'else pass' and fewer calls")
    import networkx as nx  # (the node checks only: prove's census needs no graph)

    g = nx.DiGraph()
    tree = Tree(title, g)
    level: list[Auction] = [()]
    witness_of: dict[Auction, tuple[str, str]] = {(): ("", "none")}
    while level:
        jobs, pending = [], []
        for a in level:
            if ended(a):
                res = NodeResult(a, None)
                tree.nodes[a] = res
                g.add_node(a, result=res)
                continue
            pattern, rules, facts, else_pass = model.block(a)
            res = NodeResult(a, pattern, else_pass)
            tree.nodes[a] = res
            g.add_node(a, result=res)
            if rules is None:  # off-system: the bidder passes
                continue
            given = model.consistent(a, len(a) % 4) if len(a) >= 4 else None
            claims = claims_at(a) if claims_at else ()
            job = SystemJob(rules, claims, {**_bidder_view(context or {}, len(a)), **facts},
                            rlimit, "", given, solver)
            jobs.append(job)
            pending.append((res, rules))
        done = run_jobs(jobs, progress) if jobs else []
        nxt: list[Auction] = []
        for (res, rules), checks in zip(pending, done):
            res.checks = checks
            res.selected = checks.selected if checks.given is not None else \
                sum(n for f in checks.frequencies for _, _, n in f.rows)
            _node(model, res, rules)
        for a in level:
            res = tree.nodes[a]
            if ended(a):
                continue
            if res.checks is None:  # off-system
                hand, vul = _any_consistent(witness_of, a)
                res.children = [Child("PASS", 0, Fraction(1), hand, vul)]
            for ch in res.children:
                b = a + (ch.call,)
                witness_of[b] = (ch.witness, ch.vul)
                g.add_edge(a, b, call=ch.call, weight=ch.probability, hands=ch.hands,
                           witness=ch.witness)
                nxt.append(b)
        if len(tree.nodes) + len(nxt) > max_nodes:
            tree.truncated = True
            raise OpenbidError(f"the auction tree has more than {max_nodes} nodes: check a "
                               "smaller system, or give the blocks 'else pass' and fewer calls")
        level = nxt
    return tree


def tree_lower_bound(model: NodeModel, max_nodes: int, deals: int = 2000) -> int:
    """A lower bound of the tree's size, found before any check: the distinct auctions (every
    prefix, the ended ones included) of seeded random deals bid by the system; it stops as soon
    as the bound passes ``max_nodes``. 0 for a model that cannot bid deals."""
    system = model.system
    if not hasattr(system, "bid_deal"):
        return 0
    from openbid.bridge.deals import random_boards, seat_hands
    from openbid.bridge.hand import Hand

    seen: set[Auction] = set()
    for b in random_boards(deals, "tree-size"):
        hands = {k: Hand.parse(v) for k, v in seat_hands(b.deal).items()}
        try:
            calls = system.bid_deal(hands, b.dealer, b.vul).auction
        except OpenbidError:  # an illegal call: the checks report it, with a hand
            continue
        seen.update(tuple(calls[:i]) for i in range(len(calls) + 1))
        if len(seen) > max_nodes:
            break
    return len(seen)


def system_model(variant: str | None, path: str | None) -> NodeModel:
    """The system of ``--variant``/``--rules`` (default: code) as a node model."""
    from openbid.systems.auction import system_of
    from openbid.systems.variants import resolve

    return NodeModel(system_of(resolve(variant, path)))


def has_blocks(rules) -> bool:
    """Whether a rules table has auction blocks (else every node past the opening is
    off-system, and the opening's checks are the whole story)."""
    return bool(getattr(rules, "auctions", ()))


def _bidder_view(context: dict, turn: int) -> dict:
    """The facts fixed as the bidder at ``turn`` sees them: VUL and THEYVUL swap for the
    dealer's opponents."""
    out = dict(context)
    if turn % 2 and ("VUL" in out or "THEYVUL" in out):
        out["VUL"], out["THEYVUL"] = context.get("THEYVUL"), context.get("VUL")
        out = {k: v for k, v in out.items() if v is not None}
    return out


def _any_consistent(witness_of: dict, a: Auction) -> tuple[str, str]:
    """A hand consistent with the bidder's history at ``a``: the witness of the bidder's last
    call (it made every earlier one too), or any hand when the bidder has not called."""
    if len(a) < 4:
        return "AKQJ.AKQ.AKQ.AKQ", "none"
    return witness_of[a[: len(a) - 3]]


def _node(model: NodeModel, res: NodeResult, rules) -> None:
    """A checked node's children, gap and illegal calls, from its census frequencies; every
    hand re-run through the executor along the whole auction."""
    S = res.checks
    assert S is not None
    a = res.auction
    pass_label = rules.labels[-1]
    calls: dict[str, list] = {}  # call -> [hands, witness, vul, points]
    gap: list = [0, None, "none"]
    bad: dict[tuple[str, str], list] = {}
    for f in S.frequencies:
        ctx = dict(f.context)
        vul = vul_word_of(ctx)
        for (call, label, hands), ex in zip(f.rows, f.examples):
            why = illegal(a, call)
            if why:
                slot = bad.setdefault((call, label), [0, ex, vul, why])
                slot[0] += hands
                continue
            slot = calls.setdefault(call, [0, ex, vul, []])
            slot[0] += hands
            if label != pass_label and label not in slot[3]:
                slot[3].append(label)
            if label == pass_label and res.block and not res.else_pass:
                gap[0] += hands
                if gap[1] is None:
                    gap[1], gap[2] = ex, vul
    total = sum(v[0] for v in calls.values()) + sum(v[0] for v in bad.values())
    if total != res.selected:
        raise Disagreement(f"node {res.name}: the calls count {total} hands, the precondition "
                           f"{res.selected}")
    for call, (hands, ex, vul, points) in calls.items():
        hand = Hand.parse(ex)
        if not replays(model, a, hand, vul, call):
            raise Disagreement(f"node {res.name}: the census's hand {ex} ({vul}) does not make "
                               f"the bidder's calls and then {call} when the executor bids it")
        res.children.append(Child(call, hands, Fraction(hands, res.selected), ex, vul,
                                  tuple(points)))
    res.children.sort(key=lambda c: (-c.hands, c.call))
    seat = len(a) % 4 + 1
    if gap[0]:
        res.findings.append(Finding("gap", a, "", HISTORY, gap[0], res.selected, _unit(S),
                                    Witness(gap[1], gap[2], seat, "PASS"),
                                    f"block \"{res.block}\": hands consistent with the history "
                                    "that no rule bids (the block does not say 'else pass')"))
    by_call: dict[str, list] = {}  # an illegal call by every point that makes it (as the census)
    for (call, label), (hands, ex, vul, why) in sorted(bad.items()):
        slot = by_call.setdefault(call, [0, ex, vul, why, set(), label])
        slot[0] += hands
        slot[4].add(label)
    for call, (hands, ex, vul, why, labels, label) in by_call.items():
        res.findings.append(Finding("illegal-call", a, ",".join(sorted(labels)), HISTORY, hands,
                                    res.selected, _unit(S),
                                    Witness(ex, vul, seat, call, _point(res, label)),
                                    f"{call}: {why}", subject=call))


def _unit(S: SystemChecks) -> str:
    return "hands" if len(S.contexts) == 1 else "hand-contexts"


def _point(r: NodeResult, label: str) -> str:
    """A bid point as reports name it: ``PATTERN/LABEL`` in a block, the label at the opening."""
    return f"{r.block}/{label}" if r.block else label


def _vul_of(context) -> str:
    c = dict(context)
    return vul_word_of(c)


def node_findings(tree: Tree, model: NodeModel, claims: tuple = (),
                  rlimit: int = DEFAULT_RLIMIT) -> list[Finding]:
    """Every finding of the checked tree, as the tree census finds them (openbid.checks.tree):
    at each node its gap and illegal calls, each point shadowed there (Z3's proof and hand),
    each overlap of a point's guard with an earlier point of another call (a hand found by Z3,
    re-run), each claim about the node that does not hold as expected; and every point that
    bids no hand at any node. ``claims``: the claims about nodes (a claim about a node the tree
    does not reach is VACUOUS)."""
    out: list[Finding] = []
    totals: dict[str, dict] = {}
    for a in sorted(tree.nodes, key=lambda x: (len(x), x)):
        r = tree.nodes[a]
        S = r.checks
        if S is None or r.selected == 0:
            continue
        rules = model.block(a)[1]
        unit, seat = _unit(S), len(a) % 4 + 1
        out += r.findings
        calls_of: dict[str, set[str]] = {}
        for f in S.frequencies:
            for call, label, hands in f.rows:
                if hands:
                    calls_of.setdefault(label, set()).add(call)
        states = {p.label: p for p in S.points}
        for lb in rules.labels[:-1]:
            name = _point(r, lb)
            t = totals.setdefault(name, {"block": r.block, "label": lb, "nodes": 0, "bids": 0,
                                         "meets": 0, "selected": 0, "first": a})
            t["nodes"] += 1
            t["bids"] += S.bids[lb]
            t["meets"] += S.meets[lb]
            t["selected"] += r.selected
            met = S.meets[lb]
            if met and not S.bids[lb]:
                p = states.get(lb)
                witness = None
                if p is not None and p.witness:
                    hand = Hand.parse(p.witness)
                    vul = _vul_of(p.context)
                    if not made_calls(model, a, len(a) % 4, hand, vul):
                        raise Disagreement(f"node {r.name}: Z3's hand {p.witness} for {name} "
                                           "does not make the bidder's calls when re-run")
                    witness = Witness(p.witness, vul, seat, *_made(p.outcome, r))
                why = (f"shadowed by {', '.join(_point(r, b) for b in p.blockers)}"
                       if p is not None and p.blockers else
                       "control never arrives" if p is not None and p.state == "unreachable"
                       else "taken by earlier points")
                out.append(Finding("shadowed", a, name, HISTORY, met, r.selected, unit, witness,
                                   f"its guard holds for {met:,} {unit}, every one bid by an "
                                   f"earlier point ({why}; Z3)"))
            for taker, hands in sorted(S.taken[lb].items(),
                                       key=lambda kv: rules.labels.index(kv[0])):
                if taker in (lb, rules.pass_label):
                    continue
                own, theirs = calls_of.get(lb, set()), calls_of.get(taker, set())
                if not own or not theirs or (own == theirs and len(own) == 1):
                    continue
                out.append(Finding(
                    "overlap", a, name, HISTORY, hands, r.selected, unit,
                    _overlap_witness(model, r, rules, lb, taker, rlimit),
                    f"{_point(r, taker)} ({'/'.join(sorted(theirs))}) is first for these "
                    f"hands; {lb} would call {'/'.join(sorted(own))}", subject=_point(r, taker)))
        for c in S.claims:
            cf = _claim_finding(c, a, unit, seat)
            if cf is not None:
                out.append(cf)
    for c in claims:
        if c.auction is not None and (c.auction not in tree.nodes
                                      or not tree.nodes[c.auction].selected):
            kind = claim_kind("vacuous", c.expect)
            assert kind is not None
            out.append(Finding(kind, c.auction, "", HISTORY, 0, 0, "hand-contexts", None,
                               f"{c.statement}: no hand consistent with the history meets its "
                               "premise", claim=c.id))
    blocks = getattr(model.system, "blocks", ())
    reached = {t["block"] for t in totals.values()}
    for b in blocks:
        if b.pattern not in reached:
            from openbid.systems.rules.model import Rules

            base = model.system.rules
            for lb in Rules(b.sections, base.readings, base.name, base.definitions).labels[:-1]:
                totals.setdefault(f"{b.pattern}/{lb}", {"block": b.pattern, "label": lb,
                                                        "nodes": 0, "bids": 0, "meets": 0,
                                                        "selected": 0, "first": None})
    for name, t in totals.items():
        if t["bids"]:
            continue
        if not t["nodes"]:
            detail = f"block \"{t['block']}\" applies at no node the tree reaches with a hand"
        elif t["meets"]:
            detail = (f"bids no hand at any of the {t['nodes']:,} node(s) its block applies "
                      "to: earlier points bid every hand meeting its guard")
        else:
            detail = (f"bids no hand at any of the {t['nodes']:,} node(s) its block applies "
                      "to: its guard holds for no hand consistent with the history there")
        witness = next((f.witness for f in out if f.kind == "shadowed" and f.point == name),
                       None)
        out.append(Finding("dead", t["first"] or (), name,
                           f"every node its block applies to ({t['nodes']:,})", 0,
                           t["selected"], "hand-contexts", witness, detail))
    return out


def _made(outcome: str, r: NodeResult) -> tuple[str, str]:
    """(the call, the bid point) of an outcome written ``CALL@LABEL``."""
    call, _, label = outcome.partition("@")
    return call, _point(r, label) if label else ""


def _claim_finding(c, a: Auction, unit: str, seat: int) -> Finding | None:
    kind = claim_kind(c.verdict.value, c.claim.expect)
    if kind is None:
        return None
    w = Witness(c.witness, _vul_of(c.context), seat, c.outcome.partition("@")[0]) \
        if c.witness else None
    return Finding(kind, a, "", HISTORY, c.gap_hands, c.premise_hands, unit, w,
                   f"{c.claim.statement}: {c.verdict.value}", claim=c.claim.id)


def _overlap_witness(model: NodeModel, r: NodeResult, rules, lb: str, taker: str,
                     rlimit: int) -> Witness | None:
    """A hand consistent with the history at ``r``'s node that meets ``lb``'s guard and is bid
    at ``taker`` (Z3), re-run by the executor along the auction; None when Z3 cannot decide
    within its budget."""
    from openbid.systems.evaluate import holds
    from openbid.systems.rules.meets import meets_expr
    from openbid.readers.symbolic import SymbolicHand
    from openbid.checks.verdicts import Status, check_with, new_solver

    S = r.checks
    assert S is not None
    fixed = dict(S.fixed)
    given = S.given
    sym = SymbolicHand(rules, exprs=[given] if given is not None else [], context=fixed)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    if given is not None:
        solver.add(sym.cond(given))
    got = check_with(solver, sym.meets(lb), sym.bids_at(taker))
    if got.status is Status.UNKNOWN:
        return None
    if got.status is Status.UNSAT:
        raise Disagreement(f"node {r.name}: the census counts hands meeting {lb}'s guard bid at "
                           f"{taker}; Z3 finds none")
    hand = sym.witness(got.model)
    ctx = {**fixed, **sym.context_of(got.model)}
    vul = _vul_of(ctx)
    full = tuple(sorted(ctx.items()))
    from openbid.systems.procedure import program_for

    program = program_for(rules)  # the call, legal here or not (an illegal call is a finding)
    outcome, _ = program.trace(program.describe(hand, full))
    if not (made_calls(model, r.auction, len(r.auction) % 4, hand, vul)
            and holds(meets_expr(rules, lb), hand, rules, full)
            and outcome.section == taker):
        raise Disagreement(f"node {r.name}: Z3's hand {hand.to_pbn()} for {lb} taken by {taker} "
                           "does not replay")
    return Witness(hand.to_pbn(), vul, len(r.auction) % 4 + 1, outcome.bid, _point(r, taker))
