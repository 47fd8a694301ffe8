"""A whole system bid over many deals at once, node by node, with the numpy reader.

Every live deal stands at a node (the auction so far). A round takes the next call of every live
deal: the deals are grouped by the rules table in force at their node (tables are shared by
the nodes a block matches with the same facts, see :meth:`openbid.systems.auction.System.node`)
and by the facts of the deal the table reads (VUL, THEYVUL, from the bidder's side); each group's
bidding hands go through the numpy reader of that table (the census's reader,
:mod:`openbid.readers.census.arrays`, over the hands' suit states as ``openbid bid --file`` reads
them), which gives every hand's BIDVAL exactly as the executor would (the three readers agree:
their tests). An off-system node passes, as in :meth:`System.bid_deal`. A call that is illegal
where it is made is the executor's error: the first deal that makes it is re-bid by
:meth:`System.call`, which raises it.

Nodes are numbered in the order they are first reached; a deal's result is the number of the
node where its auction ended (its whole auction: :attr:`Bidder.auctions`).
"""

from __future__ import annotations

import numpy as np

from openbid.base.errors import OpenbidError
from openbid.bridge.bids import VALID_BIDVALS, bid_text
from openbid.readers.census.batch import facts_read
from openbid.readers.census.domain import Chunk
from openbid.readers.census.fastread import Hands
from openbid.readers.census.passes import Pass, spec_for
from openbid.systems.auction import System
from openbid.systems.auction_facts import ended
from openbid.systems.rules.model import Rules

DEAL_FACTS = ("THEYVUL", "VUL")  # the facts of a deal that a node's bound table may still read
OFF = -1  # table of an off-system node
END = -2  # table of a node where the auction has ended
_STRIDE = 128  # (node, BIDVAL) keys: BIDVAL < 128
GROUP_ROWS = 1 << 17  # hands read at once: a larger group is read in slices (memory bound)

class Bidder:
    """The vectorised bidder of one system, kept for the life of a process: its nodes, tables
    and census passes are built once, when first reached."""

    def __init__(self, system: System, illegal: str = "raise") -> None:
        """``illegal``: what a call the rules make though it is illegal at its node does:
        ``raise`` the executor's error (a simulation of a system), or ``stop`` the deal there, at
        a node of its own that ends it (the checks' simulation, where an illegal call is a
        finding to show with a deal, not an error)."""
        if illegal not in ("raise", "stop"):
            raise ValueError(f"illegal={illegal!r}: raise or stop")
        self.system = system
        self.illegal = illegal
        self.auctions: list[tuple[str, ...]] = []
        self.blocks: list[str | None] = []  # each node's block ('' the opening; None: none)
        self._ids: dict[tuple[str, ...], int] = {}
        self._table_of = np.zeros(64, dtype=np.int32)
        self._parent = np.zeros(64, dtype=np.int32)
        self._children: dict[int, int] = {}  # node * _STRIDE + BIDVAL -> child
        self.tables: list[tuple[Rules, tuple[str, ...]]] = []  # (rules, deal facts read)
        self._table_ids: dict[Rules, int] = {}
        self._passes: dict[tuple, Pass] = {}
        self.evaluations = 0  # groups read by the numpy reader (for benchmarks)
        self._node(())

    # -- nodes ----------------------------------------------------------------------------
    def _node(self, auction: tuple[str, ...], parent: int = 0, end: bool = False) -> int:
        got = self._ids.get(auction)
        if got is not None:
            return got
        k = len(self.auctions)
        if k == len(self._table_of):
            self._table_of = np.concatenate([self._table_of, np.zeros_like(self._table_of)])
            self._parent = np.concatenate([self._parent, np.zeros_like(self._parent)])
        block = None
        if end or ended(auction):
            table = END
        else:
            node = self.system.node(auction)
            table = OFF if node.rules is None else self._table(node.rules)
            block = node.name
        self.auctions.append(auction)
        self.blocks.append(block)
        self._ids[auction] = k
        self._table_of[k] = table
        self._parent[k] = parent
        return k

    def _table(self, rules: Rules) -> int:
        got = self._table_ids.get(rules)
        if got is None:
            got = self._table_ids[rules] = len(self.tables)
            reads = tuple(sorted(facts_read(rules) & set(DEAL_FACTS)))
            self.tables.append((rules, reads))
        return got

    @property
    def nodes(self) -> int:
        return len(self.auctions)

    def table_of(self, node: int) -> int:
        """The table index of a node; :data:`OFF` off-system, :data:`END` when ended."""
        return int(self._table_of[node])

    def parents(self) -> np.ndarray:
        """Each node's parent (the root its own)."""
        return self._parent[:len(self.auctions)].copy()

    def off_system(self) -> np.ndarray:
        """Whether each node is off-system (Boolean per node)."""
        return self._table_of[:len(self.auctions)] == OFF

    def is_end(self) -> np.ndarray:
        return self._table_of[:len(self.auctions)] == END

    def reach(self, finals: np.ndarray, cuts: list[int]) -> np.ndarray:
        """Deals reaching each node, per part of the deals (``finals[cuts[i]:cuts[i + 1]]``):
        ``(parts, nodes)``. A deal reaches its final node and every node on its way."""
        n = len(self.auctions)
        out = np.zeros((n, len(cuts) - 1), dtype=np.int64)
        for i in range(len(cuts) - 1):
            out[:, i] = np.bincount(finals[cuts[i]:cuts[i + 1]], minlength=n)
        parent = self._parent[:n]
        depth = np.array([len(a) for a in self.auctions], dtype=np.int64)
        by_depth = np.argsort(depth, kind="stable")
        edges = np.searchsorted(depth[by_depth], np.arange(depth.max() + 2))
        for d in range(int(depth.max()), 0, -1):  # a node's deals count at its parent too
            idx = by_depth[edges[d]:edges[d + 1]]
            np.add.at(out, parent[idx], out[idx])
        return out.T

    # -- bidding --------------------------------------------------------------------------
    def bid(self, deals: np.ndarray, dealer: np.ndarray | int = 0,
            vul: np.ndarray | int = 0) -> np.ndarray:
        """Every deal bid to the end: ``deals`` ``(n, 4, 4)`` masks (seat N E S W, suit S H D
        C); ``dealer`` 0-3 (N E S W) and ``vul`` (bit 0: NS vulnerable, bit 1: EW), one for all
        or one per deal. Returns each deal's final node."""
        n = len(deals)
        cur = np.zeros(n, dtype=np.int32)
        live = np.arange(n, dtype=np.intp)
        dealer_a = np.asarray(dealer, dtype=np.int64)
        vul_a = np.asarray(vul, dtype=np.int64)
        depth = 0
        while len(live):
            ids = cur[live]
            tab = self._table_of[ids]
            seat = (dealer_a if dealer_a.ndim == 0 else dealer_a[live]) + depth
            seat = seat % 4
            v = vul_a if vul_a.ndim == 0 else vul_a[live]
            side = seat % 2  # 0: NS, 1: EW
            ctx = ((v >> side) & 1) * 2 + ((v >> (1 - side)) & 1)  # VUL * 2 + THEYVUL
            reads = np.array([2 * ("VUL" in r) + ("THEYVUL" in r) for _, r in self.tables] + [0],
                             dtype=np.int64)  # the bits of ctx each table reads
            group = tab.astype(np.int64) * 4 + (ctx & reads[tab])
            group = np.where(tab >= 0, group, -1)
            bidval = np.zeros(len(live), dtype=np.int16)
            order = np.argsort(group.astype(np.int16) if len(self.tables) < 8000 else group,
                               kind="stable")
            sorted_groups = group[order]
            cuts = np.flatnonzero(np.diff(sorted_groups)) + 1
            starts = np.concatenate([[0], cuts]).tolist()
            stops = np.concatenate([cuts, [len(order)]]).tolist()
            for a, b in zip(starts, stops):
                g = int(sorted_groups[a])
                if g < 0:
                    continue  # off-system: pass
                for lo in range(a, b, GROUP_ROWS):
                    local = order[lo:min(b, lo + GROUP_ROWS)]
                    rows = live[local]
                    seats = seat if np.ndim(seat) == 0 else seat[local]
                    hands = deals[rows, seats] if np.ndim(seats) else deals[rows, int(seats)]
                    bidval[local] = self._outcome(g // 4, g % 4, hands)
            cur[live] = self._advance(ids, bidval, deals, live, dealer_a, vul_a)
            live = live[self._table_of[cur[live]] != END]
            depth += 1
        return cur

    def _outcome(self, table: int, ctx: int, hands: np.ndarray) -> np.ndarray:
        rules, reads = self.tables[table]
        values = {"VUL": bool(ctx >> 1), "THEYVUL": bool(ctx & 1)}
        context = tuple((name, values[name]) for name in reads)
        key = (table, context)
        p = self._passes.get(key)
        if p is None:
            # (a census pass over hands, nothing merged: its tables over suit states are
            # shared with every pass of the same states, openbid.readers.census.passes)
            p = self._passes[key] = Pass(spec_for(rules, (), outcome=True, merge=False,
                                                  context=context))
        block = Hands(np.empty((len(hands), 0), dtype=np.uint8), hands, None)
        self.evaluations += 1
        return p.view_of(Chunk(block.states(p.model))).reader(0).outcome[0]

    def _advance(self, ids: np.ndarray, bidval: np.ndarray, deals, live, dealer, vul
                 ) -> np.ndarray:
        """Each live deal's next node, after its call ``bidval`` at node ``ids``."""
        present = np.zeros(len(self.auctions), dtype=bool)
        present[ids] = True
        nodes = np.flatnonzero(present)
        pos = np.zeros(len(self.auctions), dtype=np.int64)
        pos[nodes] = np.arange(len(nodes))
        key = pos[ids] * _STRIDE + bidval
        seen = np.zeros(len(nodes) * _STRIDE, dtype=bool)
        seen[key] = True
        pairs = np.flatnonzero(seen)
        child = np.zeros(len(seen), dtype=np.int32)
        for p in pairs.tolist():
            node = int(nodes[p // _STRIDE])
            value = p % _STRIDE
            k = node * _STRIDE + value
            got = self._children.get(k)
            if got is None:
                got = self._children[k] = self._new_child(node, value, ids, bidval, deals, live,
                                                          dealer, vul)
            child[p] = got
        return child[key]

    def _new_child(self, node: int, value: int, ids, bidval, deals, live, dealer, vul) -> int:
        from openbid.systems.auction_facts import illegal

        auction = self.auctions[node]
        if value not in VALID_BIDVALS:  # pragma: no cover - the reader refuses it first
            raise OpenbidError(f"BIDVAL {value} is not a bid")
        call = bid_text(value)
        if illegal(auction, call) and self.illegal == "stop":
            return self._node(auction + (call,), node, end=True)  # the deal stops there
        if illegal(auction, call):  # the executor's own error, from the first such deal
            row = int(np.flatnonzero((ids == node) & (bidval == value))[0])
            self._executor_call(auction, deals[live[row]], _pick(dealer, live[row]),
                                _pick(vul, live[row]))
            raise AssertionError(f"the executor makes no illegal {call} after {auction}")
        return self._node(auction + (call,), node)

    def _executor_call(self, auction, deal, dealer: int, vul: int):
        from openbid.sim.deals import SEATS, hands_of

        k = (dealer + len(auction)) % 4
        side = k % 2
        from openbid.bridge.notation import vul_word

        we, they = bool((vul >> side) & 1), bool((vul >> (1 - side)) & 1)
        return self.system.call(auction, hands_of(deal)[SEATS[k]], vul_word(we, they))


def _pick(a: np.ndarray, i: int) -> int:
    return int(a) if a.ndim == 0 else int(a[i])


_BIDDERS: dict[tuple[Rules, str], Bidder] = {}


def bidder_for(rules: Rules, illegal: str = "raise") -> Bidder:
    """The process's bidder of the system ``rules`` (kept: a worker bids many chunks);
    ``illegal`` as :class:`Bidder` takes it."""
    got = _BIDDERS.get((rules, illegal))
    if got is None:
        from openbid.systems.auction import system_of

        if len(_BIDDERS) >= 4:
            _BIDDERS.clear()
        got = _BIDDERS[(rules, illegal)] = Bidder(system_of(rules), illegal)
    return got
