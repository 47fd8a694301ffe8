"""Two auction systems compared node by node (``openbid diff A B`` on whole systems).

The nodes compared are those of either system's auction tree (openbid.checks.nodes). At each:

* the hands whose call changes: among the hands consistent with the bidder's history under both
  systems (they made the same earlier calls in A and in B), those A and B bid differently here,
  counted exactly per (from, to) pair with a hand each, re-run by both executors;
* the meaning of the auction: for the player who made the last call, the hands consistent with
  their calls under A and not B, and under B and not A (exact; an auction whose meaning changes
  has either non-zero). It is reported at the call whose meaning changes, not again at each of
  that player's later calls (whose meaning changes with it).

Counts are hand-contexts when the vulnerability is read (one census per context). Returns data;
never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from openbid.bridge.bids import bid_text
from openbid.expr.ast import TRUE, Expr
from openbid.systems.auction_facts import ended
from openbid.bridge.notation import vul_word_of
from openbid.checks.nodes import Auction, NodeModel, Tree, made_calls, replays
from openbid.checks.search import Disagreement


@dataclass
class NodeDiff:
    auction: Auction
    transitions: dict[tuple[str, str], int] = field(default_factory=dict)  # (A call, B call)
    examples: dict[tuple[str, str], str] = field(default_factory=dict)
    only_a: int = 0  # the last caller's hands consistent under A, not B
    only_b: int = 0
    example_a: str = ""
    example_b: str = ""

    @property
    def changed(self) -> int:
        return sum(self.transitions.values())

    @property
    def meaning_changed(self) -> bool:
        return bool(self.only_a or self.only_b)

    @property
    def name(self) -> str:
        return " ".join(self.auction) or "(opening)"


@dataclass
class SystemDiff:
    a: str
    b: str
    nodes: list[NodeDiff] = field(default_factory=list)
    compared: int = 0  # nodes compared

    @property
    def changed(self) -> int:
        return sum(n.changed for n in self.nodes)

    @property
    def equivalent(self) -> bool:
        return not any(n.changed or n.meaning_changed for n in self.nodes)


def compare(a: NodeModel, b: NodeModel, ta: Tree, tb: Tree, examples: int = 1,
            names: tuple[str, str] = ("A", "B"), context: dict | None = None) -> SystemDiff:
    """Every node of either tree compared (``ta``, ``tb``: the trees of ``a`` and ``b``);
    ``context``: VUL and THEYVUL fixed from the dealer's side (else ranged over)."""
    from openbid.checks.nodes import _bidder_view

    out = SystemDiff(*names)
    nodes = sorted(set(ta.nodes) | set(tb.nodes), key=lambda x: (len(x), x))
    out.compared = len(nodes)
    for auction in nodes:
        nd = NodeDiff(auction)
        if not ended(auction):
            _calls(a, b, auction, nd, _bidder_view(context or {}, len(auction)))
        if auction:
            _meaning(a, b, auction, nd, _bidder_view(context or {}, len(auction) - 1))
        if nd.changed or nd.meaning_changed:
            out.nodes.append(nd)
    return out


def _rules(model: NodeModel, auction: Auction):
    return model.block(auction)[1]


def _given(model: NodeModel, auction: Auction, seat: int) -> Expr:
    return model.consistent(auction, seat) if len(auction) > seat else TRUE


def _key(model: NodeModel, auction: Auction):
    """What decides the calls at a node, as a function of the hand: its rules table's
    sections, readings and definitions (None off-system). Equal keys: the same call on every
    hand. (A node's rules also name the system they belong to, which their procedure does not
    read: two systems' tables are compared by what they do.)"""
    r = _rules(model, auction)
    return None if r is None else (r.sections, r.readings, r.definitions)


def _tables(a: NodeModel, b: NodeModel, auction: Auction):
    """Each system's table at ``auction`` (its opening's when off-system: it reads that
    system's history conditions all the same)."""
    ra, rb = _rules(a, auction), _rules(b, auction)
    return ra or a.base_rules(), rb or b.base_rules(), ra is not None, rb is not None


def _calls(a: NodeModel, b: NodeModel, auction: Auction, nd: NodeDiff,
           fixed: dict | None = None) -> None:
    from openbid.readers.census.census import Census, Column
    from openbid.readers.contexts import grid

    if _key(a, auction) == _key(b, auction):  # the same call on every hand
        return
    me = len(auction) % 4
    ta, tb, on_a, on_b = _tables(a, b, auction)
    ga, gb = _given(a, auction, me), _given(b, auction, me)
    facts = {**(fixed or {}), **a.block(auction)[2], **b.block(auction)[2]}
    # each history read by its own system's table (a history names that system's nodes)
    cols = [Column("outcome", 0), Column("outcome", 1), Column("expr", 0, ga),
            Column("expr", 1, gb)]
    for ctx in grid([ta, tb], facts, [ga, gb]):
        groups = Census([ta, tb], ctx).group(cols)
        vul = vul_word_of(ctx)
        for key, w in groups.weights.items():
            (bva, _), (bvb, _), in_a, in_b = key
            if not (in_a and in_b):
                continue
            ca = bid_text(bva) if on_a else "PASS"
            cb = bid_text(bvb) if on_b else "PASS"
            if ca == cb:
                continue
            nd.transitions[(ca, cb)] = nd.transitions.get((ca, cb), 0) + w
            if (ca, cb) not in nd.examples:
                hand = groups.concrete(key)
                if not (replays(a, auction, hand, vul, ca) and replays(b, auction, hand, vul, cb)):
                    raise Disagreement(f"node {nd.name}: the census's hand {hand.to_pbn()} does "
                                       f"not bid {ca} under A and {cb} under B when re-run")
                nd.examples[(ca, cb)] = hand.to_pbn()


def _meaning(a: NodeModel, b: NodeModel, auction: Auction, nd: NodeDiff,
             fixed: dict | None = None) -> None:
    """The hands the last caller's calls show under A and not B, and under B and not A;
    counted where that call is the first of the player's whose node differs (the same tables
    at every node of the player's history: the same hands)."""
    from openbid.readers.census.census import Census, Column
    from openbid.readers.contexts import grid

    seat = (len(auction) - 1) % 4
    turns = list(range(seat, len(auction), 4))
    differ = [_key(a, auction[:t]) != _key(b, auction[:t]) for t in turns]
    if not differ[-1] or any(differ[:-1]):
        return  # the same hands; or an earlier call of the player differs: said there
    ca, cb = a.consistent(auction, seat), b.consistent(auction, seat)
    ta, tb = a.base_rules(), b.base_rules()
    cols = [Column("expr", 0, ca), Column("expr", 1, cb)]
    for ctx in grid([ta, tb], dict(fixed or {}), [ca, cb]):
        groups = Census([ta, tb], ctx).group(cols)
        vul = vul_word_of(ctx)
        for key, w in groups.weights.items():
            if key[0] == key[1]:
                continue
            hand = groups.concrete(key)
            if made_calls(a, auction, seat, hand, vul) != key[0] or \
                    made_calls(b, auction, seat, hand, vul) != key[1]:
                raise Disagreement(f"auction {nd.name}: the census's hand {hand.to_pbn()} is "
                                   "not what the executors say of it")
            if key[0]:
                nd.only_a += w
                nd.example_a = nd.example_a or hand.to_pbn()
            else:
                nd.only_b += w
                nd.example_b = nd.example_b or hand.to_pbn()


# ---- whole systems by the tree census -----------------------------------------------------------
@dataclass
class CallShares:
    """A node as each system bids it: the hands (hand-contexts) consistent with the bidder's
    history and the hands making each call (exact: the tree census), with a hand each re-run
    by that system's executor. ``reached``: the system's tree has the node; ``on``: a block
    of the system applies there (else its bidder passes)."""

    reached: bool = False
    on: bool = False
    selected: int = 0
    calls: dict[str, int] = field(default_factory=dict)
    examples: dict[str, tuple[str, str]] = field(default_factory=dict)  # call -> (hand, vul)
    census_examples: dict[str, Any] = field(default_factory=dict)  # call -> the census's Example

    def share(self, call: str):
        """The call's exact share of the hands consistent with the history (off-system: every
        such hand passes)."""
        from fractions import Fraction

        if self.reached and not self.on:
            return Fraction(int(call == "PASS"))
        if not self.selected:
            return Fraction(0)
        return Fraction(self.calls.get(call, 0), self.selected)


@dataclass
class TreeNodeDiff:
    auction: Auction
    a: CallShares
    b: CallShares
    table_differs: bool = False
    transitions: dict[tuple[str, str], int] = field(default_factory=dict)  # the joint census's
    examples: dict[tuple[str, str], str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return " ".join(self.auction) or "(opening)"

    @property
    def calls(self) -> list[str]:
        return sorted(set(self.a.calls) | set(self.b.calls))

    @property
    def shares_differ(self) -> bool:
        return any(self.a.share(c) != self.b.share(c) for c in self.calls)


@dataclass
class TreeDiff:
    a: str
    b: str
    nodes: list[TreeNodeDiff] = field(default_factory=list)  # those that differ
    compared: int = 0
    joint: int = 0  # nodes compared hand by hand (equal shares, other tables)
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def equivalent(self) -> bool:
        return not self.nodes


def compare_trees(ra, rb, names: tuple[str, str] = ("A", "B"),
                  progress=None) -> TreeDiff:
    """Two systems compared at every node of either's tree, by the exact tree census of each
    (openbid.readers.census.tree): at each node the calls' shares of the hands consistent with
    the bidder's history, under A and under B. A node differs when only one tree reaches it,
    or when the shares differ. Where the node's tables differ but the shares are equal, the
    hands are compared one by one (the census of both tables over the hands consistent under
    both: the hands that change their call). By induction along the auction, no node differing
    means A and B make the same call with every hand at every node."""
    import time

    from openbid.systems.auction import system_of
    from openbid.checks.nodes import NodeModel
    from openbid.readers.census.tree import tree_census

    t0 = time.monotonic()
    sa, sb = system_of(ra.system or ra), system_of(rb.system or rb)
    ca = tree_census(sa.rules, progress=progress)
    cb = tree_census(sb.rules, progress=progress)
    out = TreeDiff(*names)
    out.seconds["census"] = round(time.monotonic() - t0, 2)
    ma, mb = NodeModel(sa), NodeModel(sb)
    nodes = sorted(set(ca.children) | set(cb.children), key=lambda x: (len(x), x))
    for auction in nodes:
        if ended(auction):
            continue
        out.compared += 1
        nd = TreeNodeDiff(auction, _shares(sa, ca, auction), _shares(sb, cb, auction),
                          _key(ma, auction) != _key(mb, auction))
        if nd.a.reached != nd.b.reached or nd.shares_differ:
            out.nodes.append(nd)
        elif nd.table_differs and len([c for c in nd.calls if nd.a.share(c)]) > 1:
            # the same shares of two calls or more, by other tables: hand by hand (one call
            # made with every consistent hand by both: the same call with every hand)
            out.joint += 1
            probe = NodeDiff(auction)
            _calls(ma, mb, auction, probe)
            if probe.transitions:
                nd.transitions, nd.examples = probe.transitions, probe.examples
                out.nodes.append(nd)
    from openbid.checks.tree import run_replays

    for system, side_of in ((sa, lambda n: n.a), (sb, lambda n: n.b)):  # every hand shown,
        run_replays(system, [(nd.auction, ex, call, None, None)  # re-run by its system
                             for nd in out.nodes
                             for call, ex in side_of(nd).census_examples.items()])
    out.seconds["wall"] = round(time.monotonic() - t0, 2)
    return out


def _shares(system, census, auction: Auction) -> CallShares:
    reached = auction in census.children
    node = system.node(auction)
    out = CallShares(reached, node.rules is not None)
    nc = census.counts.get(auction)
    if nc is None:  # off-system (or not reached): the bidder passes
        if reached:
            out.on = False
            out.calls = {"PASS": 0}  # every consistent hand (not counted off-system)
        return out
    out.selected = nc.selected
    for call, (hands, ex, _) in nc.calls.items():
        out.calls[call] = hands
        out.examples[call] = (ex.hand, ex.vul)
        out.census_examples[call] = ex
    return out
