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

Claims about nodes (openbid.systems.claims: ``forcing``, ``bid X shows COND``, ``every P has
Q``), each HELD, FAILED with a hand, or VACUOUS when no consistent hand is left. Every finding is
an :class:`openbid.checks.findings.Finding`. Returns data; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator

from openbid.systems.auction import Node, System, system_of
from openbid.base.errors import OpenbidError
from openbid.expr.ast import Expr, Not, disj
from openbid.systems.evaluate import holds
from openbid.bridge.hand import Hand
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.systems.claims import Claim
from openbid.readers.census.tree import (Auction, Example, NodeClaim, NodeCounts, TreeCounts,
                                         tree_census)
from openbid.checks.findings import HISTORY, Finding, Witness, claim_kind
from openbid.checks.search import Disagreement

PREMISE = "\x00premise"  # the census claim that counts an 'every' claim's premise


@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    verdict: str  # held | failed | vacuous
    hands: int  # the hands the claim is about (consistent and meeting its premise)
    failing: int = 0
    witness: str = ""
    vul: str = ""
    selected: int = 0  # the hands consistent with the bidder's history at the node

    @property
    def expected(self) -> bool:
        return self.verdict == self.claim.expect.lower()

    def finding(self) -> Finding | None:
        """The claim's finding (None: it holds, as expected)."""
        kind = claim_kind(self.verdict, self.claim.expect)
        if kind is None:
            return None
        assert self.claim.auction is not None
        seat = len(self.claim.auction) % 4 + 1
        w = Witness(self.witness, self.vul, seat, self.claim.call or "") if self.witness else None
        what = {"expected-failure": ": fails, as the file expects",
                "unexpected-pass": ": holds, though the file expects it to fail",
                "vacuous-claim": ": no hand consistent with the history meets its premise"
                }.get(kind, "")
        note = f"; note: {self.claim.note}" if self.claim.note else ""
        return Finding(kind, self.claim.auction, "", HISTORY, self.failing, self.hands,
                       witness=w, detail=f"{self.claim.statement}{what}{note}",
                       claim=self.claim.id)


@dataclass
class PointTotal:
    block: str
    label: str
    call: str  # the calls it makes ('' when it bids nothing)
    nodes: int = 0  # nodes the block applies to (with a consistent hand)
    bids: int = 0  # hand-contexts it bids, summed over those nodes
    meets: int = 0  # hand-contexts meeting its guard, summed over those nodes
    selected: int = 0  # hand-contexts consistent with the history, summed over those nodes
    first: Auction | None = None  # the first node (in the tree's order) its block applies to


@dataclass
class TreeCheck:
    title: str
    counts: TreeCounts
    findings: list[Finding] = field(default_factory=list)  # every node's, and the dead points
    claims: list[ClaimResult] = field(default_factory=list)
    points: dict[str, PointTotal] = field(default_factory=dict)
    replayed: int = 0  # hands re-run through the executor
    claims_file: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    root: Auction = ()  # the subtree checked (() the whole tree)
    # the replays still running (check_tree's ``defer``): settle() waits for them
    pending: Callable[[], None] | None = field(default=None, repr=False, compare=False)

    def settle(self) -> None:
        """Wait for the replays still running (if any): every finding's witness then says
        what the executor calls with its hand, and a hand that does not replay is a
        :class:`Disagreement`, raised here."""
        if self.pending is not None:
            finish, self.pending = self.pending, None
            finish()

    @property
    def on_system(self) -> int:
        return len(self.counts.counts)

    def of_kind(self, kind: str) -> list[Finding]:
        return [f for f in self.findings if f.kind == kind]

    @property
    def dead(self) -> list[PointTotal]:
        """The points that bid no hand at any node of the tree (those of a block no node
        reaches included, with no node); only for the whole tree."""
        return [p for p in self.points.values() if p.bids == 0] if not self.root else []

    def claim_findings(self) -> list[Finding]:
        return [f for f in (c.finding() for c in self.claims) if f is not None]

    def verdicts(self) -> dict[str, str]:
        """Stable keys -> values, for expectations (regression checks after an edit)."""
        out = {"tree nodes": str(self.counts.nodes), "tree on-system nodes": str(self.on_system)}
        for f in self.findings:
            if f.kind in ("overlap", "dead"):
                continue
            word = f.kind.replace("-", " ")
            key = f"tree node {f.node_text}: {word}" + (f" {f.point}" if f.point else "") + \
                (f" {f.detail}" if f.kind == "illegal-call" else "")
            out[key] = str(f.count)
        for name, p in self.points.items():
            if p.nodes:
                out[f"tree point {name}: bids"] = str(p.bids)
        for c in self.claims:
            out[f"tree claim {c.claim.id}"] = c.verdict
        return out


def census_claims(claims: tuple[Claim, ...]) -> tuple[NodeClaim, ...]:
    """The census's claims of the node claims: ``bid X shows COND`` counts the hands making X
    and not COND; ``every P has Q`` two counts over every consistent hand: those not meeting
    (not P or Q), and those meeting P (its premise, under the id with :data:`PREMISE`); a
    ``forcing`` claim reads the calls' own counts (no claim of the census)."""
    out: list[NodeClaim] = []
    for c in claims:
        assert c.auction is not None
        if c.form == "shows":
            assert c.bid is not None
            out.append(NodeClaim(c.id, c.auction, c.bid, c.conclusion))
        elif c.form == "every":
            out.append(NodeClaim(c.id, c.auction, "", disj(Not(c.premise), c.conclusion)))
            out.append(NodeClaim(c.id + PREMISE, c.auction, "", Not(c.premise)))
    return tuple(out)


def check_tree(rules: Rules, claims: tuple[Claim, ...] = (),
               progress: Callable[[str], None] | None = None, seeds: int = 300,
               jobs: int | None = None, root: Auction = (), share=None,
               cache=None, commit: bool = True, defer: bool = False) -> TreeCheck:
    """The census of every node of ``rules``' system, its findings and claims (those about a
    node: ``auction`` given), every hand re-run. ``seeds``: deals bid first, whose nodes the
    census's domain is planned for (a node that reads more makes it plan again: only the time
    changes). ``share``: the opening's system checks to count on the way
    (openbid.readers.census.system_pass.SystemShare; their counts in
    ``counts.system_checks``). ``cache``: the census's cache of results (True: the user's; see
    openbid.readers.census.tree.tree_census): a node taken from it is not replayed again but
    for its findings' witnesses, and what is counted anew is kept once every hand has
    replayed. ``commit`` False: that is left to the caller (``counts.commit()``), who may
    write it while doing something else. ``defer`` (with ``commit`` False): the findings'
    hands are re-run in other processes while the caller goes on; until it calls
    ``settle()`` on the result (before it commits), the findings' witnesses do not say what
    the executor calls (their call and point are empty) and a hand that does not replay is
    not yet known."""
    import time

    if defer and commit:
        raise ValueError("deferred replays are committed by the caller, once settled")
    t0 = time.monotonic()
    system = system_of(rules.system or rules)
    from openbid.systems.auction_facts import parse_auction

    root = parse_auction(root) if isinstance(root, str) else tuple(root)
    for c in claims:
        if c.auction is None:
            raise ValueError(f"claim {c.id} is about the opening in every seat: the opening's "
                             "system checks decide it")
        if c.auction[:len(root)] != root:
            raise OpenbidError(f"claim {c.id} is about {c.node}, outside the subtree below "
                               f"{' '.join(root)}")
        node = system.node(c.auction)
        if node.rules is None:
            raise OpenbidError(f"claim {c.id} is about the auction {c.node}, where no block of "
                               f"{system.title} applies (nobody bids there): it would check "
                               "nothing")
    kept = _Kept(system)  # the cached nodes' findings, made while the workers read the others
    counts = tree_census(system.rules, census_claims(claims),
                         lambda: _seed_auctions(system, seeds), progress, jobs=jobs, root=root,
                         share=share, cache=cache, meanwhile=kept.start)
    out = TreeCheck(system.title, counts, root=root)
    out.seconds["census"] = counts.seconds.get("wall", 0.0)
    t1 = time.monotonic()
    finish = _findings(system, out, jobs, kept, defer)
    out.claims = [_claim(system, counts, c) for c in claims]

    def settled() -> None:
        if finish is not None:
            finish()
        out.seconds["wall"] = round(t1 - t0 + out.seconds["replay"], 2)

    if finish is not None:  # (deferred, and still replaying)
        out.pending = settled
        return out
    settled()
    if commit:  # every hand replayed: the census's new results may be kept
        counts.commit()
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
            want_point: str | None = None, memo: dict | None = None) -> tuple[Hand, str, str]:
    """The census's hand re-run: it makes the bidder's calls and then ``want_call`` at
    ``want_point`` (either may be None: any); (the hand, the call, the bid point)."""
    memo = {} if memo is None else memo
    hand = memo.get(ex.hand)  # (one hand is the first example of many counts, here and below)
    if hand is None:
        hand = memo[ex.hand] = Hand.parse(ex.hand)
    key = ("outcome", a, ex.hand, ex.vul)  # (and replayed for each call, point and guard)
    if key not in memo:
        memo[key] = _outcome(system, a, hand, ex.vul)
    call, point = memo[key]
    wanted = {want_call} if isinstance(want_call, str) else want_call
    if not _history(system, a, hand, ex.vul, memo) or (wanted is not None and
                                                      call not in wanted) \
            or (want_point is not None and point != want_point):
        raise Disagreement(f"node {' '.join(a) or '(opening)'}: the census's hand {ex.hand} "
                           f"({ex.vul}) does not replay: the executor bids {call} at point "
                           f"{point}, expected {want_call} {want_point or ''} (class {ex.order})")
    return hand, call, point


REPLAYS_APART = 4000  # replays run in the process pool from this many on (else here)


def _replay_part(arg: tuple, i: int) -> tuple[list[tuple[int, str]], list[tuple[str, str]]]:
    """The ``i``-th of ``k`` runs of the replays (a pool task; the replays of one node, which
    share hands and earlier nodes, are together): what does not replay (its number, why), and
    what each replay called (the call, the bid point)."""
    system, replays, k = arg
    bad = []
    made = []
    lo, hi = i * len(replays) // k, (i + 1) * len(replays) // k
    memo: dict = {}
    for j, (a, ex, call, point, meets) in enumerate(replays[lo:hi], lo):
        try:
            hand, got, at = _replay(system, a, ex, call, point, memo)
            made.append((got, at))
            if meets is not None:
                node = system.node(a)
                _check_meets(system, a, node.rules, meets, hand, ex.vul)
        except Disagreement as d:
            bad.append((j, str(d)))
            made.append(("", ""))
    return bad, made


def run_replays(system: System, replays: list[tuple],
                jobs: int | None = None) -> list[tuple[str, str]]:
    """Each census hand re-run through the executor: (node, example, the calls it must make
    there, the bid point that must make it, a point whose guard it must meet). Many are shared
    among the pool's processes (each has the system, forked); the first that does not replay
    is a :class:`Disagreement`. What each replay called (the call, the bid point), in order."""
    from openbid.base.workers import map_chunks

    k = _runs(replays, jobs)
    return _replayed(map_chunks(_replay_part, (system, replays, k), k))


def _runs(replays: list[tuple], jobs: int | None) -> int:
    """In how many runs the replays are shared out (1: here, few of them)."""
    from openbid.base.workers import jobs as default_jobs

    return 1 if len(replays) < REPLAYS_APART else jobs or default_jobs()


def _replayed(parts: list) -> list[tuple[str, str]]:
    """The runs' results joined (the first hand that does not replay: a Disagreement)."""
    bad = [b for part, _ in parts for b in part]
    if bad:
        raise Disagreement(min(bad)[1])  # the first in the order of the nodes
    return [m for _, made in parts for m in made]


def _replay_run(arg: tuple) -> tuple:
    """One run of the replays in a process of its own (see start_replays): its results, and
    its wall seconds."""
    import time

    t0 = time.monotonic()
    system, replays, k, i = arg
    return _replay_part((system, replays, k), i), time.monotonic() - t0


def start_replays(system: System, replays: list[tuple], jobs: int | None = None
                  ) -> tuple[Callable[[], tuple[list[tuple[str, str]], float]], bool]:
    """:func:`run_replays` begun in processes of their own (forked now: they have the system)
    while this one goes on (few replays: run here now). Gives what waits for them: what each
    replay called, and the seconds the slowest run took (a hand that does not replay: a
    Disagreement, raised then); and whether they run elsewhere. Its processes end when they
    are waited for, and with the command."""
    import time

    from openbid.base.workers import Background

    k = _runs(replays, jobs)
    if k == 1:
        t0 = time.monotonic()
        made = run_replays(system, replays, 1)
        wall = time.monotonic() - t0
        return (lambda: (made, wall)), False
    runs = [Background(_replay_run, (system, replays, k, i)) for i in range(k)]

    def wait() -> tuple[list[tuple[str, str]], float]:
        try:
            got = [r.result() for r in runs]
        finally:
            for r in runs:
                r.kill()
        return _replayed([part for part, _ in got]), max(wall for _, wall in got)

    return wait, True


@dataclass
class _NodePart:
    """One node's share of the findings (see :func:`_node_part`): the hands to re-run, each
    finding's fields with the place of its hand among them, and its points' shares of the
    totals (name, block, label, bids, meets, hand-contexts, calls), in the rules' order."""

    replays: list[tuple] = field(default_factory=list)
    pending: list[tuple[dict, int]] = field(default_factory=list)
    points: list[tuple[str, str, str, int, int, int, tuple[str, ...]]] = \
        field(default_factory=list)


def _node_part(node: Node, a: Auction, nc: NodeCounts) -> _NodePart:
    """The findings of the node ``a`` (``node``: as System.located gives it, which names its
    points) (gaps, illegal calls, shadowed points, overlaps), each with the hand that shows it;
    the hands of its calls to re-run; its points' shares of the totals. Decided by the node and
    its counts alone: any order of the nodes gives the same."""
    from openbid.systems.auction_facts import illegal

    part = _NodePart()
    replays, pending = part.replays, part.pending

    def add(ex: Example, replay: tuple, **fields) -> None:
        pending.append((fields, len(replays)))
        replays.append(replay)
        fields["witness"] = ex

    assert node.rules is not None
    rules = node.rules
    for call, (hands, ex, labels) in sorted(nc.calls.items()):
        why = illegal(a, call)
        if why:
            add(ex, (a, ex, call, None, None), kind="illegal-call", node=a,
                point=",".join(sorted(labels)), count=hands, of=nc.selected,
                detail=f"{call}: {why}", subject=call)
        else:
            replays.append((a, ex, call, None, None))
    if nc.gap:
        assert nc.gap_example is not None
        add(nc.gap_example, (a, nc.gap_example, "PASS", rules.pass_label, None), kind="gap",
            node=a, count=nc.gap, of=nc.selected,
            detail=f"block \"{node.name}\": hands consistent with the history that no "
                   "rule bids (the block does not say 'else pass')")
    calls_of: dict[str, set[str]] = {}  # a point can make several calls (a loop, a value)
    for c, (_, _, lbs) in nc.calls.items():
        for lb in lbs:
            calls_of.setdefault(lb, set()).add(c)
    made = {lb: tuple(sorted(cs)) for lb, cs in calls_of.items()}  # (each point's, in order)
    # the takers of each point's hands in the rules' order (the chunks' counts arrive in
    # any order)
    labels = rules.labels
    pass_label = rules.pass_label
    place = {lb: i for i, lb in enumerate(labels)}
    takers: dict[str, list[tuple[str, int]]] = {}
    for (mine, taker), hands in sorted(nc.taken.items(), key=lambda kv: place[kv[0][1]]):
        if taker != pass_label:
            takers.setdefault(mine, []).append((taker, hands))
    block = node.name or "(opening)"
    point = node.point
    bids, meets, selected = nc.bids, nc.meets, nc.selected
    for lb in labels[:-1]:
        name = point(lb)
        met = meets.get(lb, 0)
        bid = bids.get(lb, 0)
        part.points.append((name, block, lb, bid, met, selected, made.get(lb, ())))
        if met and not bid:
            taker, ex = _first_taker(nc, lb, labels)
            add(ex, (a, ex, None, taker, lb), kind="shadowed", node=a, point=name,
                count=met, of=selected,
                detail=f"its guard holds for {met:,} hand-contexts, every one bid by an "
                       f"earlier point (the first: {point(taker)})")
        own = calls_of.get(lb)
        for taker, hands in takers.get(lb, ()) if own else ():
            theirs = calls_of.get(taker)
            if not theirs or (own == theirs and len(own) == 1):
                continue
            ex = nc.taken_example[(lb, taker)]
            by = point(taker)
            add(ex, (a, ex, theirs, taker, lb), kind="overlap", node=a, point=name,
                count=hands, of=selected, subject=by,
                detail=f"{by} ({'/'.join(made[taker])}) is first for these hands; {lb} "
                       f"would call {'/'.join(made[lb])}")
    return part


class _Kept:
    """The findings of the nodes the census's cache holds, as its pack keeps them
    (:func:`_cached_part`): made while the census's workers read the other nodes (the
    census's ``meanwhile``), what is left after."""

    STEP = 50  # nodes a step (the parent takes the workers' results between steps)

    def __init__(self, system: System) -> None:
        self.system = system
        self.cache: object | None = None
        self.made: dict[Auction, tuple] = {}  # node -> (its key, what _cached_part gives)
        self._steps: Iterator[None] | None = None

    def start(self, cache, nodes: dict[Auction, tuple[str, NodeCounts]]) -> Iterator[None]:
        """The steps of the work for ``nodes`` (those with hands), as the census gives them."""
        self.cache, self.made = cache, {}
        todo = [(a, key) for a, (key, nc) in sorted(nodes.items()) if nc.selected]
        self._steps = self._run(cache, todo)
        return self._steps

    def _run(self, cache, todo: list[tuple[Auction, str]]) -> Iterator[None]:
        for i, (a, key) in enumerate(todo, 1):
            self.made[a] = (key, _cached_part(self.system, cache, a, key))
            if i % self.STEP == 0:
                yield

    def get(self, cache, a: Auction, key: str) -> tuple:
        """What :func:`_cached_part` gives for the node ``a`` of this key (made now if not
        made before, or made from another cache)."""
        if self._steps is not None:  # (the steps the census did not take: all of them now)
            for _ in self._steps:
                pass
            self._steps = None
        got = self.made.get(a)
        if got is not None and got[0] == key and self.cache is cache:
            return got[1]
        return _cached_part(self.system, cache, a, key)


def _cached_part(system: System, cache, a: Auction, key: str) -> tuple:
    """A node the census's cache holds (under ``key``): it located, what decides its findings
    (:func:`_part_tag`), and its findings as the pack keeps them (:func:`_kept_part`) with each
    as a Finding (None, None: the pack does not keep them)."""
    node = system.located(a)  # (its points' names: the table need not be bound)
    assert node is not None
    tag = _part_tag(key, a, node)
    got = _kept_part(cache.get_part(tag))
    if got is None:
        return node, tag, None, None
    return node, tag, got, [Finding(kind, a, point, HISTORY, count, of, witness=Witness(*w),
                                    detail=detail, subject=subject)
                            for kind, point, count, of, detail, subject, w in got[2]]


def _findings(system: System, out: TreeCheck, jobs: int | None, early: _Kept,
              defer: bool = False) -> Callable[[], None] | None:
    """Every node's findings (gaps, illegal calls, shadowed points, overlaps) and the dead
    points, each hand re-run; the points' totals. A node the census's cache held takes them
    from the cache's pack when it keeps them (:func:`_part_tag`), made by the run that counted
    it once every hand had replayed (``early``: those made while the census read, and the
    rest). ``defer``: when the hands are re-run in other processes, the findings are made at
    once with witnesses that do not say what the executor calls, and what is returned waits
    for the hands, then makes them again, whole (None: nothing left to do)."""
    import time

    t0 = time.monotonic()
    replays: list[tuple] = []
    pending: list[tuple[dict, int]] = []  # a finding's fields, and its hand's replay
    counts = out.counts
    cache = counts.cache
    order = [a for a in sorted(counts.counts, key=lambda x: (len(x), x))
             if counts.counts[a].selected]
    kept: dict[Auction, list[Finding]] = {}  # node -> its findings, from the pack
    # node -> it located, its findings' place in pending, its replays, its points' shares
    made_here: dict[Auction, tuple] = {}
    tags: dict[Auction, str] = {}  # node -> what decides its findings (with a cache)
    for a in order:
        if cache is not None and a in counts.keys and a in counts.cached:
            key = counts.keys[a]
            node, tags[a], got, found = early.get(cache, a, key)
            if got is not None:
                kept[a] = found
                out.replayed += got[0]
                _add_points(out, a, got[1])
                continue
        else:
            node = system.located(a)  # (its points' names: the table need not be bound)
            assert node is not None
            if cache is not None and a in counts.keys:
                tags[a] = _part_tag(counts.keys[a], a, node)
        part = _node_part(node, a, counts.counts[a])
        at = len(replays)
        replays.extend(part.replays)
        start = len(pending)
        pending.extend((fields, j + at) for fields, j in part.pending)
        made_here[a] = (node, start, len(pending), len(part.replays), part.points)
        _add_points(out, a, part.points)
    # A node the census's cache held was replayed by the run that counted it (its entry is
    # written only once its hands replay: TreeCounts.commit); what its findings' hands called
    # then is kept under the node's key, else they are re-run now.
    # (each node's findings' hands, by their places in ``replays``)
    by_node = {a: [j for _, j in pending[start:end]]
               for a, (_, start, end, _, _) in made_here.items() if end > start}
    made = _made_before(counts, by_node)
    if counts.cached:
        finding_hands = {j for _, j in pending}
        todo = [j for j, r in enumerate(replays) if j not in made and (
            r[0] not in counts.cached or j in finding_hands)]
    else:  # (nothing from the cache: every hand is re-run now)
        todo = list(range(len(replays)))
    # (a node's hands are all from the cache, or all re-run now: those re-run are kept)
    fresh = {a: js for a, js in by_node.items() if js[0] not in made}
    replaying, apart = start_replays(system, [replays[j] for j in todo], jobs)
    defer = defer and apart  # (run here: done already)
    before = time.monotonic() - t0

    def assemble(calls: dict[int, tuple[str, str]] | None) -> None:
        """The findings in the nodes' order, each witness with what its hand called
        (``calls``: each replay's; None: not yet known, and nothing kept)."""
        out.findings = []
        for a in order:
            found = kept.get(a)
            if found is not None:
                out.findings.extend(found)
                continue
            where, start, end, n_replays, points = made_here[a]
            assert where.rules is not None
            mine = []
            for fields, j in pending[start:end]:
                ex = fields["witness"]
                call, point = calls[j] if calls is not None else ("", where.rules.pass_label)
                shown = "" if point == where.rules.pass_label else where.point(point)
                f = Finding(population=HISTORY, witness=Witness(
                    ex.hand, ex.vul, len(a) % 4 + 1, call, shown),
                    **{k: v for k, v in fields.items() if k != "witness"})
                out.findings.append(f)
                w = f.witness
                assert w is not None
                mine.append((f.kind, f.point, f.count, f.of, f.detail, f.subject,
                             (w.hand, w.vul, w.seat, w.call, w.point)))
            if a in tags and calls is not None:
                assert cache is not None
                cache.put_part(tags[a], (n_replays, tuple(points), tuple(mine)))
        if not out.root:
            _unreached(system, out)
            out.findings += [_dead(p, out) for p in out.dead]

    def finish() -> None:
        t1 = time.monotonic()
        got, wall = replaying()
        made.update(zip(todo, got))
        _keep_made(counts, fresh, made)
        out.replayed += len(replays)
        assemble(made)
        # (deferred: the time of the replays themselves, not of what ran beside them)
        out.seconds["replay"] = round(before + (time.monotonic() - t1 if not defer else wall),
                                      2)

    if not defer:
        finish()
        return None
    assemble(None)
    return finish


def _add_points(out: TreeCheck, a: Auction, points) -> None:
    """A node's shares of its points' totals (the nodes in the tree's order)."""
    for name, block, lb, bids, meets, selected, calls in points:
        total = out.points.setdefault(name, PointTotal(block, lb, ""))
        total.nodes += 1
        total.bids += bids
        total.meets += meets
        total.selected += selected
        if total.first is None:
            total.first = a
        if calls:
            total.call = ",".join(sorted(set(total.call.split(",")) - {""} | set(calls)))


def _part_tag(key: str, a: Auction, node: Node) -> str:
    """What decides a node's findings: its counts (the census's key), the auction, and the
    block that names its points (its pattern)."""
    from openbid.base.cache import digest

    return digest("tree findings", key, " ".join(a),
                  "" if node.block is None else node.block.pattern)


def _kept_part(got) -> tuple | None:
    """A node's findings as the pack keeps them (the replays counted, its points' shares, each
    finding's fields), if they are so; else None."""
    try:
        n, points, found = got
        if type(n) is not int:
            return None
        for name, block, lb, bids, meets, selected, calls in points:
            if not (type(name) is type(block) is type(lb) is str and type(bids) is
                    type(meets) is type(selected) is int and type(calls) is tuple
                    and all(type(c) is str for c in calls)):
                return None
        for kind, point, count, of, detail, subject, (hand, vul, seat, call, at) in found:
            if not (type(kind) is type(point) is type(detail) is type(subject) is type(hand)
                    is type(vul) is type(call) is type(at) is str and type(count) is type(of)
                    is int and (seat is None or type(seat) is int)):
                return None
    except (TypeError, ValueError):
        return None
    return n, points, found


def _made_before(counts: TreeCounts, by_node: dict[Auction, list[int]]
                 ) -> dict[int, tuple[str, str]]:
    """What the findings' hands (``by_node``: each node's, by their places among the replays)
    of the nodes taken from the cache called, from the cache."""
    got: dict[int, tuple[str, str]] = {}
    if counts.cache is None or not counts.cached:
        return got
    for a, js in by_node.items():
        if a in counts.cached and a in counts.keys:
            made = counts.cache.get_made(counts.keys[a], len(js))
            if made is not None:
                got.update(zip(js, made))
    return got


def _keep_made(counts: TreeCounts, by_node: dict[Auction, list[int]],
               made: dict[int, tuple[str, str]]) -> None:
    """Keep what the findings' hands of each node (``by_node``) called (every hand has
    replayed), under the node's key, for the runs that take the node from the cache."""
    if counts.cache is None:
        return
    for a, js in by_node.items():
        if a in counts.keys:
            counts.cache.put_made(counts.keys[a], [made[j] for j in js])


def _unreached(system: System, out: TreeCheck) -> None:
    """The points of the blocks the tree reaches nowhere (no node, or none with a consistent
    hand): totals with no node."""
    seen_blocks = {p.block for p in out.points.values()}
    for b in system.blocks:
        if b.pattern in seen_blocks:
            continue
        table = Rules(b.sections, system.rules.readings, system.rules.name,
                      system.rules.definitions)
        for lb in table.labels[:-1]:
            out.points.setdefault(f"{b.pattern}/{lb}", PointTotal(b.pattern, lb, ""))


def _dead(p: PointTotal, out: TreeCheck) -> Finding:
    """A point that bids no hand anywhere: where its block first applies, with a hand meeting
    its guard when some consistent hand does (from its shadowed findings)."""
    name = p.label if p.block == "(opening)" else f"{p.block}/{p.label}"
    if not p.nodes:
        detail = f"block \"{p.block}\" applies at no node the tree reaches with a hand"
    elif p.meets:
        detail = (f"bids no hand at any of the {p.nodes:,} node(s) its block applies to: "
                  "earlier points bid every hand meeting its guard")
    else:
        detail = (f"bids no hand at any of the {p.nodes:,} node(s) its block applies to: its "
                  "guard holds for no hand consistent with the history there")
    witness = next((f.witness for f in out.findings
                    if f.kind == "shadowed" and f.point == name), None)
    return Finding("dead", p.first or (), name, f"every node its block applies to "
                   f"({p.nodes:,})", 0, p.selected, witness=witness, detail=detail)


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


def _claim(system: System, counts: TreeCounts, c: Claim) -> ClaimResult:
    assert c.auction is not None
    nc = counts.counts.get(c.auction)
    if nc is None or nc.selected == 0:
        return ClaimResult(c, "vacuous", 0)
    sel = nc.selected
    if c.form == "forcing":
        slot = nc.calls.get("PASS")
        if slot is None:
            return ClaimResult(c, "held", sel, selected=sel)
        hands, ex, _ = slot
        _replay(system, c.auction, ex, "PASS")
        return ClaimResult(c, "failed", sel, hands, ex.hand, ex.vul, sel)
    premise, fails, ex = nc.claims.get(c.id, [0, 0, None])
    if c.form == "every":  # the premise's own count: the hands failing 'not premise'
        premise = nc.claims.get(c.id + PREMISE, [0, 0, None])[1]
    if premise == 0:
        return ClaimResult(c, "vacuous", 0, selected=sel)
    if fails == 0:
        return ClaimResult(c, "held", premise, selected=sel)
    hand, _, _ = _replay(system, c.auction, ex, c.bid if c.form == "shows" else None)
    node = system.node(c.auction)
    assert node.rules is not None
    _confirm(c, c.premise, True, hand, node.rules, ex.vul)
    _confirm(c, c.conclusion, False, hand, node.rules, ex.vul)
    return ClaimResult(c, "failed", premise, fails, ex.hand, ex.vul, sel)


def _confirm(c: Claim, e: Expr, want: bool, hand: Hand, rules: Rules, vul: str) -> None:
    """The executor reads ``e`` on the census's failing hand as the census did."""
    if holds(e, hand, rules, _ctx(vul)) != want:
        raise Disagreement(f"claim {c.id}: the census's hand {hand.to_pbn()} "
                           f"{'does not meet' if want else 'meets'} "
                           f"{c.premise_text if want else c.conclusion_text} when the executor "
                           "reads it")


def _ctx(vul: str) -> tuple:
    return (("VUL", vul in ("we", "both")), ("THEYVUL", vul in ("they", "both")))
