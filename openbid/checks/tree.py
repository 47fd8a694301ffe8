"""Every node of a system's auction tree checked by the exact tree census
(:mod:`openbid.readers.census.tree`), for trees too large for the node checks with Z3
(:mod:`openbid.checks.nodes`); every hand it reports is re-run through the executor.

At each node, over exactly the hands consistent with the bidder's own earlier calls:

* the calls made, each with its exact share and a hand that makes it (re-bid along the whole
  auction by :meth:`System.call`);
* a GAP: hands that fall through a block that does not say ``else pass`` (with a hand);
* an ILLEGAL CALL: a call some consistent hand reaches that cannot be made there;
* a SHADOWED point: its guard holds for some consistent hand, but an earlier point bids every
  such hand (with a hand and the point that takes it);
* an OVERLAP: hands meeting a point's guard that an earlier point bids with a different call;
* per bid point of each block, over every node the block applies to: the hands it bids. A point
  that bids no hand anywhere is DEAD.

Claims: ``forcing`` (the bidder never passes at the node) and ``shows`` (every consistent hand
making a call meets a condition), each HELD, FAILED with a hand, or VACUOUS when no consistent
hand is left. Returns data; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from openbid.systems.auction import System, system_of
from openbid.base.errors import OpenbidError
from openbid.systems.evaluate import holds
from openbid.bridge.hand import Hand
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.systems.node_claims import NodeClaimSpec
from openbid.readers.census.tree import (Auction, Example, NodeClaim, NodeCounts, TreeCounts,
                                         tree_census)
from openbid.checks.search import Disagreement


@dataclass(frozen=True)
class Finding:
    kind: str  # gap | illegal call | shadowed | overlap
    auction: Auction
    hands: int
    witness: str
    vul: str
    point: str = ""  # the point (block/label) concerned
    detail: str = ""

    @property
    def node(self) -> str:
        return " ".join(self.auction) or "(opening)"


@dataclass(frozen=True)
class ClaimResult:
    claim: NodeClaimSpec
    verdict: str  # held | failed | vacuous
    hands: int  # the hands the claim is about (consistent; making the call for ``shows``)
    failing: int = 0
    witness: str = ""
    vul: str = ""

    @property
    def expected(self) -> bool:
        return self.verdict == self.claim.expect.lower()


@dataclass
class PointTotal:
    block: str
    label: str
    call: str  # the calls it makes ('' when it bids nothing)
    nodes: int = 0  # nodes the block applies to (with a consistent hand)
    bids: int = 0  # hand-contexts it bids, summed over those nodes


@dataclass
class TreeCheck:
    title: str
    counts: TreeCounts
    findings: list[Finding] = field(default_factory=list)
    claims: list[ClaimResult] = field(default_factory=list)
    points: dict[str, PointTotal] = field(default_factory=dict)
    replayed: int = 0  # hands re-run through the executor
    claims_file: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    root: Auction = ()  # the subtree checked (() the whole tree)

    @property
    def on_system(self) -> int:
        return len(self.counts.counts)

    def of_kind(self, kind: str) -> list[Finding]:
        return [f for f in self.findings if f.kind == kind]

    @property
    def dead(self) -> list[PointTotal]:
        return [p for p in self.points.values() if p.bids == 0]

    def verdicts(self) -> dict[str, str]:
        """Stable keys -> values, for expectations (regression checks after an edit)."""
        out = {"tree nodes": str(self.counts.nodes), "tree on-system nodes": str(self.on_system)}
        for f in self.findings:
            if f.kind == "overlap":
                continue
            key = f"tree node {f.node}: {f.kind}" + (f" {f.point}" if f.point else "") + \
                (f" {f.detail}" if f.kind == "illegal call" else "")
            out[key] = str(f.hands)
        for name, p in self.points.items():
            out[f"tree point {name}: bids"] = str(p.bids)
        for c in self.claims:
            out[f"tree claim {c.claim.id}"] = c.verdict
        return out


def check_tree(rules: Rules, claims: tuple[NodeClaimSpec, ...] = (),
               progress: Callable[[str], None] | None = None, seeds: int = 300,
               jobs: int | None = None, root: Auction = (), share=None,
               cache=None) -> TreeCheck:
    """The census of every node of ``rules``' system, its findings and claims, every hand
    re-run. ``seeds``: deals bid first, whose nodes the census's domain is planned for (a node
    that reads more makes it plan again: only the time changes). ``share``: the opening's
    system checks to count on the way (openbid.readers.census.system_pass.SystemShare; their
    counts in ``counts.system_checks``). ``cache``: the census's cache of results (True: the
    user's; see openbid.readers.census.tree.tree_census): a node taken from it is not replayed
    again, and what is counted anew is kept once every hand has replayed."""
    import time

    t0 = time.monotonic()
    system = system_of(rules.system or rules)
    from openbid.systems.auction_facts import parse_auction

    root = parse_auction(root) if isinstance(root, str) else tuple(root)
    for c in claims:
        if c.auction[:len(root)] != root:
            raise OpenbidError(f"claim {c.id} is about {c.node}, outside the subtree below "
                               f"{' '.join(root)}")
        node = system.node(c.auction)
        if node.rules is None:
            raise OpenbidError(f"claim {c.id} is about the auction {c.node}, where no block of "
                               f"{system.title} applies (nobody bids there): it would check "
                               "nothing")
    census_claims = tuple(NodeClaim(c.id, c.auction, c.call, c.cond) for c in claims
                          if c.kind == "shows")
    counts = tree_census(system.rules, census_claims, lambda: _seed_auctions(system, seeds),
                         progress, jobs=jobs, root=root, share=share, cache=cache)
    out = TreeCheck(system.title, counts, root=root)
    out.seconds["census"] = counts.seconds.get("wall", 0.0)
    t1 = time.monotonic()
    _findings(system, out, jobs)
    out.claims = [_claim(system, counts, c) for c in claims]
    counts.commit()  # every hand replayed: the census's new results may be kept
    out.seconds["replay"] = round(time.monotonic() - t1, 2)
    out.seconds["wall"] = round(time.monotonic() - t0, 2)
    return out


def _seed_auctions(system: System, deals: int) -> tuple[Auction, ...]:
    """An auction of every block (and binding) seeded deals reach."""
    if deals <= 0:
        return ()
    from openbid.bridge.deals import random_boards, seat_hands

    seen: dict = {}
    for b in random_boards(deals, "tree-census"):
        hands = {k: Hand.parse(v) for k, v in seat_hands(b.deal).items()}
        try:
            calls = system.bid_deal(hands, b.dealer, b.vul).auction
        except OpenbidError:  # an illegal call: the census reports it, with a hand
            continue
        for j in range(len(calls)):
            node = system.node(calls[:j])
            if node.rules is not None:
                seen.setdefault((node.name, node.binding), tuple(calls[:j]))
    return tuple(seen.values())


def _outcome(system: System, a: Auction, hand: Hand, vul: str) -> tuple[str, str]:
    """(the call, the bid point) the rules at ``a`` give ``hand``, legal or not."""
    from openbid.systems.procedure import program_for

    node = system.node(a)
    assert node.rules is not None
    program = program_for(node.rules)
    outcome, _ = program.trace(program.describe(hand, _ctx(vul)))
    return outcome.bid, outcome.section


def _history(system: System, a: Auction, hand: Hand, vul: str, memo: dict | None = None) -> bool:
    """Does ``hand`` make every earlier call of the bidder at ``a``? ``memo``: the calls already
    made, (auction, hand, vulnerability) -> call (the census's hands recur from node to node)."""
    memo = {} if memo is None else memo

    def call(t: int) -> str:
        key = (a[:t], str(hand), vul)
        got = memo.get(key)
        if got is None:
            got = memo[key] = system.call(a[:t], hand, vul).call
        return got

    return all(call(t) == a[t] for t in range(len(a) % 4, len(a), 4))


def _replay(system: System, a: Auction, ex: Example, want_call: str | set[str] | None,
            want_point: str | None = None, memo: dict | None = None) -> Hand:
    hand = Hand.parse(ex.hand)
    call, point = _outcome(system, a, hand, ex.vul)
    wanted = {want_call} if isinstance(want_call, str) else want_call
    if not _history(system, a, hand, ex.vul, memo) or (wanted is not None and
                                                      call not in wanted) \
            or (want_point is not None and point != want_point):
        raise Disagreement(f"node {' '.join(a) or '(opening)'}: the census's hand {ex.hand} "
                           f"({ex.vul}) does not replay: the executor bids {call} at point "
                           f"{point}, expected {want_call} {want_point or ''} (class {ex.order})")
    return hand


REPLAYS_APART = 4000  # replays run in the process pool from this many on (else here)


def _replay_part(arg: tuple, i: int) -> list[tuple[int, str]]:
    """The ``i``-th of ``k`` runs of the replays (a pool task; the replays of one node, which
    share hands and earlier nodes, are together): what does not replay (its number, why)."""
    system, replays, k = arg
    bad = []
    lo, hi = i * len(replays) // k, (i + 1) * len(replays) // k
    memo: dict = {}
    for j, (a, ex, call, point, meets) in enumerate(replays[lo:hi], lo):
        try:
            hand = _replay(system, a, ex, call, point, memo)
            if meets is not None:
                node = system.node(a)
                _check_meets(system, a, node.rules, meets, hand, ex.vul)
        except Disagreement as d:
            bad.append((j, str(d)))
    return bad


def _run_replays(system: System, replays: list[tuple], jobs: int | None = None) -> None:
    """Each census hand re-run through the executor: (node, example, the calls it must make
    there, the bid point that must make it, a point whose guard it must meet). Many are shared
    among the pool's processes (each has the system, forked); the first that does not replay
    is a :class:`Disagreement`."""
    from openbid.base.workers import jobs as default_jobs
    from openbid.base.workers import map_chunks

    k = 1 if len(replays) < REPLAYS_APART else jobs or default_jobs()
    bad = [b for part in map_chunks(_replay_part, (system, replays, k), k) for b in part]
    if bad:
        raise Disagreement(min(bad)[1])  # the first in the order of the nodes


def _findings(system: System, out: TreeCheck, jobs: int | None = None) -> None:
    from openbid.systems.auction_facts import illegal

    replays: list[tuple] = []
    counts = out.counts
    for a in sorted(counts.counts, key=lambda x: (len(x), x)):
        nc: NodeCounts = counts.counts[a]
        if nc.selected == 0:
            continue
        node = system.node(a)
        rules = node.rules
        assert rules is not None
        for call, (hands, ex, labels) in sorted(nc.calls.items()):
            replays.append((a, ex, call, None, None))
            why = illegal(a, call)
            if why:
                out.findings.append(Finding("illegal call", a, hands, ex.hand, ex.vul,
                                            ",".join(sorted(labels)), f"{call}: {why}"))
        if nc.gap:
            assert nc.gap_example is not None
            replays.append((a, nc.gap_example, "PASS", rules.pass_label, None))
            out.findings.append(Finding("gap", a, nc.gap, nc.gap_example.hand,
                                        nc.gap_example.vul))
        calls_of: dict[str, set[str]] = {}  # a point can make several calls (a loop, a value)
        for c, (_, _, lbs) in nc.calls.items():
            for lb in lbs:
                calls_of.setdefault(lb, set()).add(c)
        for lb in rules.labels[:-1]:
            name = node.point(lb)
            total = out.points.setdefault(name, PointTotal(node.name or "(opening)", lb, ""))
            total.nodes += 1
            total.bids += nc.bids.get(lb, 0)
            if lb in calls_of:
                total.call = ",".join(sorted(set(total.call.split(",")) - {""} | calls_of[lb]))
            met = nc.meets.get(lb, 0)
            if met and not nc.bids.get(lb, 0):
                taker, ex = _first_taker(nc, lb, rules.labels)
                replays.append((a, ex, None, taker, lb))
                out.findings.append(Finding("shadowed", a, met, ex.hand, ex.vul, name,
                                            f"every hand meeting it is bid by {taker}"))
            # the takers in the rules' order (the chunks' counts arrive in any order)
            for (mine, taker), hands in sorted(nc.taken.items(),
                                               key=lambda kv: rules.labels.index(kv[0][1])):
                if mine != lb or taker == rules.pass_label:
                    continue
                own, theirs = calls_of.get(lb, set()), calls_of.get(taker, set())
                if not own or not theirs or (own == theirs and len(own) == 1):
                    continue
                ex = nc.taken_example[(mine, taker)]
                replays.append((a, ex, theirs, taker, lb))
                out.findings.append(Finding("overlap", a, hands, ex.hand, ex.vul, name,
                                            f"{taker} ({'/'.join(sorted(theirs))}) is first "
                                            f"for these hands; {lb} would call "
                                            f"{'/'.join(sorted(own))}"))
    # a node the census's cache held was replayed by the run that counted it (its entry is
    # written only once its hands replay: TreeCounts.commit)
    _run_replays(system, [r for r in replays if r[0] not in counts.cached], jobs)
    out.replayed += len(replays)


def _first_taker(nc: NodeCounts, lb: str, labels: tuple[str, ...]) -> tuple[str, Example]:
    """The point that takes the first hand meeting ``lb``'s guard (of two with that hand, the
    earlier in the rules)."""
    best = min(((ex.order, labels.index(taker)), taker, ex)
               for (mine, taker), ex in nc.taken_example.items() if mine == lb)
    return best[1], best[2]


def _check_meets(system: System, a: Auction, rules: Rules, lb: str, hand: Hand, vul: str) -> None:
    if not holds(meets_expr(rules, lb), hand, rules, _ctx(vul)):
        raise Disagreement(f"node {' '.join(a) or '(opening)'}: the census says {hand} meets "
                           f"point {lb}'s guard; the executor says it does not")


def _claim(system: System, counts: TreeCounts, c: NodeClaimSpec) -> ClaimResult:
    nc = counts.counts.get(c.auction)
    if nc is None or nc.selected == 0:
        return ClaimResult(c, "vacuous", 0)
    if c.kind == "forcing":
        slot = nc.calls.get("PASS")
        if slot is None:
            return ClaimResult(c, "held", nc.selected)
        hands, ex, _ = slot
        _replay(system, c.auction, ex, "PASS")
        return ClaimResult(c, "failed", nc.selected, hands, ex.hand, ex.vul)
    premise, fails, ex = nc.claims.get(c.id, [0, 0, None])
    if premise == 0:
        return ClaimResult(c, "vacuous", 0)
    if fails == 0:
        return ClaimResult(c, "held", premise)
    hand = _replay(system, c.auction, ex, c.call)
    node = system.node(c.auction)
    assert node.rules is not None
    if holds(c.cond, hand, node.rules, _ctx(ex.vul)):
        raise Disagreement(f"claim {c.id}: the census's hand {ex.hand} meets the condition when "
                           "the executor reads it")
    return ClaimResult(c, "failed", premise, fails, ex.hand, ex.vul)


def _ctx(vul: str) -> tuple:
    return (("VUL", vul in ("we", "both")), ("THEYVUL", vul in ("they", "both")))
