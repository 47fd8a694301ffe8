"""The tree census's results: an example hand, one node's counts, the whole tree's, what one
walk of a chunk sends back, and how chunks' results merge (counts add, the first example wins)."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    """The first hand of the enumeration with some property: (chunk, row) orders them."""

    order: tuple[int, int, int]  # chunk, row, context
    hand: str
    vul: str  # the bidder's vulnerability word: none, we, they, both

    def first(self, other: "Example | None") -> "Example":
        return self if other is None or self.order <= other.order else other


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

    def add(self, other: "NodeCounts") -> None:
        self.selected += other.selected
        for c, (h, ex, labels) in other.calls.items():
            slot = self.calls.setdefault(c, [0, None, set()])
            slot[0] += h
            slot[1] = ex.first(slot[1])
            slot[2] |= labels
        for d, o in ((self.bids, other.bids), (self.meets, other.meets)):
            for k, v in o.items():
                d[k] = d.get(k, 0) + v
        for pair, v in other.taken.items():
            self.taken[pair] = self.taken.get(pair, 0) + v
        for pair, ex in other.taken_example.items():
            self.taken_example[pair] = ex.first(self.taken_example.get(pair))
        self.gap += other.gap
        if other.gap_example is not None:
            self.gap_example = other.gap_example.first(self.gap_example)
        for k, (p, f, ex) in other.claims.items():
            slot = self.claims.setdefault(k, [0, 0, None])
            slot[0] += p
            slot[1] += f
            if ex is not None:
                slot[2] = ex.first(slot[2])


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
    system: list[tuple] | None = None  # this chunk's part of TreeSpec.system, per context


def merge_claim(old: list | None, new: list) -> list:
    if old is None:
        return new
    ex = new[2].first(old[2]) if new[2] is not None else old[2]
    return [old[0] + new[0], old[1] + new[1], ex]


def vul_word(vul: tuple[bool, bool]) -> str:
    return {(False, False): "none", (True, False): "we", (False, True): "they",
            (True, True): "both"}[vul]
