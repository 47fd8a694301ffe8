"""What a simulation counts, and what it estimates from the counts.

The count is one number per node (auction so far, text from the dealer; '' before the first
call): how many deals reached it. Everything else follows, for any sample: the calls made at a
node are the reaches of its children, a deal's auction ends at a node where the auction has
ended, and the sample of a run is the sum of its parts (chunks bid anywhere, in any order).

Every share is an ESTIMATE from a uniform random sample of deals, with its 95% interval:

* the share of deals that reach a node: Wilson's interval (:func:`openbid.base.stats.wilson`),
  each deal reaching a node at most once (independent draws, a binomial count);
* the share of a node's deals that make a call there: Wilson's interval over the deals that
  reach the node (conditional on reaching it);
* the share of all calls made at off-system nodes: a ratio of two sums over the same deals (a
  deal makes several calls, which are not independent draws, so a binomial interval would be
  too narrow): the delta-method interval of a ratio estimator over the deals,
  :func:`ratio_interval`.

The root is reached by every deal: that share is exact (1), not an estimate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from openbid.base.stats import Z95, wilson

ON, OFF, END = 0, 1, 2  # a node's kind: on-system, off-system, the auction has ended


def parent_of(auction: str) -> str:
    return auction.rsplit(" ", 1)[0] if " " in auction else ""


def last_call(auction: str) -> str:
    return auction.rsplit(" ", 1)[-1]


@dataclass
class Tally:
    """Deals bid, the reach of every node, and what each node is (kind, and for an on-system
    node the pattern of its block: '' at the opening)."""

    deals: int = 0
    reach: dict[str, int] = field(default_factory=dict)
    kind: dict[str, int] = field(default_factory=dict)
    block: dict[str, str] = field(default_factory=dict)

    def add(self, deals: int, reach: dict[str, int], kind: dict[str, int],
            block: dict[str, str]) -> None:
        self.deals += deals
        for a, r in reach.items():
            self.reach[a] = self.reach.get(a, 0) + r
        for a, k in kind.items():
            old = self.kind.setdefault(a, k)
            if old != k:
                raise AssertionError(f"node {a!r} is of two kinds ({old}, {k})")
        for a, b in block.items():
            self.block.setdefault(a, b)

    def merge(self, other: "Tally") -> None:
        self.add(other.deals, other.reach, other.kind, other.block)

    def share(self, auction: str | tuple[str, ...]) -> "Share":
        """The deals whose auction begins with ``auction`` (calls from the dealer, lenient
        spelling: ``"1NT P 2C"``), with Wilson's 95% interval; exact for the empty auction."""
        from openbid.systems.auction_facts import parse_auction

        key = " ".join(parse_auction(auction))
        count = self.reach.get(key, 0)
        if key == "":
            return Share(count, self.deals, 1.0, 1.0, exact=True)
        return share(count, self.deals)


@dataclass(frozen=True)
class Share:
    """``count`` of ``of``, with its 95% interval; ``exact``: a certainty, not an estimate."""

    count: int
    of: int
    low: float
    high: float
    exact: bool = False

    @property
    def value(self) -> float:
        return self.count / self.of if self.of else 0.0


def share(count: int, of: int) -> Share:
    """An ESTIMATE: ``count`` of ``of`` independent draws, with Wilson's 95% interval."""
    low, high = wilson(count, of)
    return Share(count, of, low, high)


@dataclass(frozen=True)
class CallStat:
    call: str
    share: Share  # of the deals that reach the node


@dataclass(frozen=True)
class NodeStat:
    """A node reached by the sample: its auction, the deals that reach it, whether it is
    on-system (and its block), and the calls made there (none where the auction has ended)."""

    auction: str
    reached: Share
    kind: int
    block: str | None
    calls: tuple[CallStat, ...]

    @property
    def on_system(self) -> bool:
        return self.kind == ON

    @property
    def ended(self) -> bool:
        return self.kind == END


@dataclass(frozen=True)
class Ratio:
    """A ratio of two sums over the same deals (``num`` / ``den``) with its 95% interval."""

    num: int
    den: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.num / self.den if self.den else 0.0


@dataclass(frozen=True)
class Coverage:
    """Where the system is silent: the off-system nodes by deals reaching them, the calls made
    there of all calls, and the deals with at least one such call."""

    nodes: tuple[NodeStat, ...]
    calls: int
    off_calls: Ratio
    deals_touched: Share
    calls_per_deal: float


@dataclass(frozen=True)
class Summary:
    deals: int
    nodes: tuple[NodeStat, ...]  # every node reached, most reached first (auction order on ties)
    coverage: Coverage

    @property
    def on_system(self) -> int:
        return sum(n.kind == ON for n in self.nodes)

    @property
    def off_system(self) -> int:
        return sum(n.kind == OFF for n in self.nodes)

    @property
    def ended(self) -> int:
        return sum(n.kind == END for n in self.nodes)


def summarize(t: Tally) -> Summary:
    """Every node's figures and the coverage report of a tally."""
    n = t.deals
    children: dict[str, list[str]] = {}
    for a in t.reach:
        if a:
            children.setdefault(parent_of(a), []).append(a)
    nodes = []
    for a, r in t.reach.items():
        kind = t.kind[a]
        reached = Share(r, n, 1.0, 1.0, exact=True) if a == "" else share(r, n)
        kids = sorted(children.get(a, ()), key=lambda c: (-t.reach[c], c))
        calls = tuple(CallStat(last_call(c), share(t.reach[c], r)) for c in kids)
        if kind != END and sum(t.reach[c] for c in kids) != r:
            raise AssertionError(f"node {a!r}: {r} deals reach it, its calls count "
                                 f"{sum(t.reach[c] for c in kids)}")
        nodes.append(NodeStat(a, reached, kind, t.block.get(a) if kind == ON else None, calls))
    nodes.sort(key=lambda s: (-s.reached.count, len(s.auction.split()), s.auction))
    return Summary(n, tuple(nodes), _coverage(t, tuple(nodes)))


def _coverage(t: Tally, nodes: tuple[NodeStat, ...]) -> Coverage:
    """The off-system nodes and the ratio of off-system calls, from each deal's final node: a
    deal's calls are its auction's length, its off-system calls the off-system nodes on its
    way."""
    off_nodes = tuple(s for s in nodes if s.kind == OFF)
    sx = sy = sxx = syy = sxy = 0
    touched = 0
    off_on_path: dict[str, int] = {"": int(t.kind.get("") == OFF)}

    def off_before(a: str) -> int:  # off-system nodes among the prefixes of a (a excluded)
        got = off_on_path.get(a)
        if got is None:
            p = parent_of(a)
            got = off_before(p) + int(t.kind[p] == OFF) if a else 0
            off_on_path[a] = got
        return got

    for a, r in t.reach.items():
        if t.kind[a] != END:
            continue
        x, y = off_before(a), len(a.split())
        sx += r * x
        sy += r * y
        sxx += r * x * x
        syy += r * y * y
        sxy += r * x * y
        touched += r if x else 0
    ratio = ratio_interval(sx, sy, sxx, syy, sxy, t.deals)
    return Coverage(off_nodes, sy, ratio, share(touched, t.deals),
                    sy / t.deals if t.deals else 0.0)


def ratio_interval(sx: int, sy: int, sxx: int, syy: int, sxy: int, n: int,
                   z: float = Z95) -> Ratio:
    """The ratio ``sum x / sum y`` over ``n`` independent deals, with the delta-method 95%
    interval of a ratio estimator: ``R +- z * sqrt(var(x - R y) / n) / mean(y)``, the variance
    the sample's (``n - 1``); clipped to [0, 1] (a share). With under two deals, or no spread,
    the interval is the ratio itself widened to [0, 1] when nothing is known."""
    if n < 2 or sy == 0:
        return Ratio(sx, sy, 0.0, 1.0)
    r = sx / sy
    mean_y = sy / n
    # sum of (x - r y)^2 = sxx - 2 r sxy + r^2 syy; its mean is 0 by the choice of r
    ss = sxx - 2 * r * sxy + r * r * syy
    var = max(ss, 0.0) / (n - 1)
    half = z * math.sqrt(var / n) / mean_y
    return Ratio(sx, sy, max(0.0, r - half), min(1.0, r + half))
