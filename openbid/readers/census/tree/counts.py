"""The tree census's results: an example hand, one node's counts, the whole tree's, what one
walk of a chunk sends back, and how chunks' results merge (counts add, the first example wins)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from openbid.expr.ast import Expr
from openbid.systems.auction import System
from openbid.readers.census.system_pass import SystemCounts

Auction = tuple[str, ...]
# The deal's vulnerability from the dealer's side: (dealer's side vulnerable, the other side).
DEAL_VULS = ((False, False), (True, False), (False, True), (True, True))


@dataclass(frozen=True)
class NodeClaim:
    """A claim read at a node: every hand consistent with the bidder's history that makes
    ``call`` here meets ``cond`` (``call`` '' : every consistent hand)."""

    id: str
    auction: Auction
    call: str
    cond: Expr


@dataclass
class Example:
    """The first hand of the enumeration with some property: its row orders them."""

    order: int  # the class's place in the fine enumeration
    hand: str
    vul: str  # the bidder's vulnerability word: none, we, they, both

    def first(self, other: "Example | None") -> "Example":
        """The earlier of this example and ``other`` (the one kept before: ``other``, when they
        are the same hand, as the same class in two contexts is)."""
        return other if other is not None and other.order <= self.order else self

    def named(self, vul: str | None) -> "Example":
        """This example in the vulnerability ``vul`` (None: as it is)."""
        return self if vul is None or vul == self.vul else Example(self.order, self.hand, vul)

    def __reduce__(self):  # (pickled by its fields' values: the cache reads thousands at once)
        return Example, (self.order, self.hand, self.vul)


@dataclass
class NodeCounts:
    """One node's exact counts (hand-contexts), summed over chunks and contexts."""

    selected: int = 0  # consistent with the bidder's history
    calls: dict[str, list] = field(default_factory=dict)  # call -> [hands, Example, {labels}]
    bids: dict[str, int] = field(default_factory=dict)  # label -> hands it bids
    meets: dict[str, int] = field(default_factory=dict)  # label -> hands meeting its guard
    taken: dict[tuple[str, str], int] = field(default_factory=dict)  # (label, taker) -> hands
    taken_example: dict[tuple[str, str], Example] = field(default_factory=dict)
    gap: int = 0
    gap_example: Example | None = None
    claims: dict[str, list] = field(default_factory=dict)  # id -> [premise hands, fails, Example]

    def __reduce__(self):  # (pickled by its fields' values, in order, as Example)
        return NodeCounts, (self.selected, self.calls, self.bids, self.meets, self.taken,
                            self.taken_example, self.gap, self.gap_example, self.claims)

    def add(self, other: "NodeCounts", vul: str | None = None) -> None:
        """Add ``other``'s counts; ``vul``: the vulnerability its examples are named in (the
        context of the node that read them: a reading shared by nodes and contexts whose rules
        fold alike bids each of its hands alike in all of them)."""
        self.selected += other.selected
        for c, (h, ex, labels) in other.calls.items():
            slot = self.calls.setdefault(c, [0, None, set()])
            slot[0] += h
            slot[1] = ex.named(vul).first(slot[1])
            slot[2] |= labels
        for d, o in ((self.bids, other.bids), (self.meets, other.meets)):
            for k, v in o.items():
                d[k] = d.get(k, 0) + v
        for pair, v in other.taken.items():
            self.taken[pair] = self.taken.get(pair, 0) + v
        for pair, ex in other.taken_example.items():
            self.taken_example[pair] = ex.named(vul).first(self.taken_example.get(pair))
        self.gap += other.gap
        if other.gap_example is not None:
            self.gap_example = other.gap_example.named(vul).first(self.gap_example)
        for k, (p, f, ex) in other.claims.items():
            slot = self.claims.setdefault(k, [0, 0, None])
            slot[0] += p
            slot[1] += f
            if ex is not None:
                slot[2] = ex.named(vul).first(slot[2])


@dataclass
class TreeCounts:
    """The census of the whole tree: every node's counts (on-system nodes), the children of
    every node (calls some consistent hand makes; PASS alone off-system), the contexts counted,
    and how the work went."""

    system: System
    counts: dict[Auction, NodeCounts]
    children: dict[Auction, list[str]]
    contexts: int
    rounds: int = 0
    chunks: int = 0
    replans: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    system_checks: list[SystemCounts] | None = None  # TreeSpec.system's counts, per context
    cached: set[Auction] = field(default_factory=set)  # nodes whose counts the cache held
    # writes the nodes counted (and the opening's checks) to the cache, once checked
    commit: Callable[[], int] = field(default=lambda: 0, repr=False)
    # the cache (readers.census.tree.cache.TreeCache) and each counted node's key in it: what
    # the tree check's replays of a node's findings called is kept under the node's key
    cache: Any = field(default=None, repr=False)
    keys: dict[Auction, str] = field(default_factory=dict, repr=False)
    visited: set[Auction] = field(default_factory=set, repr=False)  # nodes the walks visited

    @property
    def nodes(self) -> int:
        return len(self.children)


@dataclass
class WalkResult:
    visited: list[Auction]
    found: dict[Auction, set[str]]  # calls made at each node in this chunk
    counts: dict[Auction, NodeCounts]
    replan: tuple[Auction, bool] | None = None
    reach: dict[Auction, set[int]] = field(default_factory=dict)  # root -> players whose calls
    # some hand of this chunk makes
    system: list[list[tuple]] | None = None  # this walk's parts of TreeSpec.system: per
    # fine part, per context
    cpu: dict[str, float] = field(default_factory=dict)  # this walk's CPU seconds, by stage
    hits: dict[Auction, str] = field(default_factory=dict)  # nodes the cache held (their key)
    keys: dict[Auction, str] = field(default_factory=dict)  # nodes counted, with a cache


def merge_claim(old: list | None, new: list, vul: str | None = None) -> list:
    if new[2] is not None and vul is not None:
        new = [new[0], new[1], new[2].named(vul)]
    if old is None:
        return new
    ex = new[2].first(old[2]) if new[2] is not None else old[2]
    return [old[0] + new[0], old[1] + new[1], ex]


