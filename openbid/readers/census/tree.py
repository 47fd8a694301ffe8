"""The exact census of a whole system's auction tree: every node, every hand class, no solver.

A node is a concrete auction; its bidder ranges over exactly the hands that make the bidder's
own earlier calls (each the system's first-wins choice at its node). Here every node of the tree
is counted over all C(52, 13) hands, class by class, in one shared domain (the rank model and
suit-state merging of every rules table the tree reads):

* The hand classes are cut into chunks. In each chunk a depth-first walk visits the nodes; at a
  node the node's rules are read (the numpy reader, :mod:`openbid.readers.census.arrays`) over
  the bidder's rows only, and the rows making each call are the bidder's rows at that call's
  later nodes. A reading is memoised on (the node's rules with the facts of the deal read as
  constants and the constant terms folded, the vulnerability if they still read it, the
  bidder's rows): the same rules over the same rows are read once per chunk, however many
  auctions lead there (opponents' calls fan a tree out; a player's own rows do not change), and
  in however many seats and vulnerabilities they fold alike.
* The tree is global: a call made at a node by some hand of ANY chunk makes a child in every
  chunk (the other players' hands there still bid). The chunks are walked in rounds: the first
  from the root, each later one from the nodes other chunks found and this chunk has not yet
  walked, until no chunk finds a new node. Every (node, chunk) pair is read exactly once.
* Past the opening, a node is read over coarser classes when the rules there read less than the
  opening does (SAYC's opening reads playing tricks and honour counts, which tell every holding
  of the ace to the ten apart; nothing later does): the classes of a second pass planned for the
  later nodes alone, each weighted by the hands of the fine classes it merges that make the
  bidder's call at the opening. Nothing read there tells those fine classes apart, so every
  count is unchanged, and every example is still the first fine class (kept per coarse class).
* The deal's vulnerability, when any node reads it, ranges over its four values, each a context
  equally likely (counts are of hand-contexts, as for the opening's checks).

Per node: the hands consistent with the bidder's history, per call its hands, first hand and the
bid points that make it, per bid point the hands it bids and the hands meeting its guard, which
earlier point takes a guard's hands, the gap (hands falling through a block that does not say
``else pass``) and each claim's counts. Every example is the first class of the enumeration, a
concrete hand for the executor to re-run (openbid.checks.tree does). Returns data; never prints.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import numpy as np

from openbid.systems.auction import System, system_of
from openbid.systems.auction_facts import ended, illegal
from openbid.bridge.bids import bid_text
from openbid.expr.ast import Call, Const, Expr
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.fold import fold_facts
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import ChunkView, among, full_mask
from openbid.readers.census.domain import SUITS, TOTAL_HANDS, Chunk
from openbid.readers.census.gram import pattern_sums, patterns
from openbid.readers.census.grouping import first_rows
from openbid.readers.census.passes import Pass, PassSpec, plan
from openbid.readers.census.system_pass import SystemCounts, SystemShare
from openbid.readers.uses import uses

Auction = tuple[str, ...]
# The deal's vulnerability from the dealer's side: (dealer's side vulnerable, the other side).
DEAL_VULS = ((False, False), (True, False), (False, True), (True, True))
TREE_CHUNK = 1 << 21  # rows per walk: fewer walks of the tree against less memory per walk
MAX_TREE_NODES = 2_000_000
SHARED_BYTES = 128 << 20  # values shared by the readers of a walk's coarse view, at most
SUB_VIEWS = 8  # views of some rows kept for the next readings of the same rows
SUB_BYTES = 16 << 20  # values shared by the readers of one such view, at most
FULL_BYTES = 256 << 20  # the values of readings of every coarse row kept, at most
COARSE_BYTES = 32 << 20  # the hands and first rows of the last coarse sets of rows read


@dataclass(frozen=True)
class NodeClaim:
    """A claim read at a node: every hand consistent with the bidder's history that makes
    ``call`` here meets ``cond`` (``call`` '' : every consistent hand)."""

    id: str
    auction: Auction
    call: str
    cond: Expr


@dataclass(frozen=True)
class TreeSpec:
    """What a tree census reads (picklable, hashable): the system, the auctions whose rules the
    domain is planned for (more are added when a node reads a table none of them reads), whether
    the deal's vulnerability ranges, and the claims."""

    rules: Rules
    seeds: tuple[Auction, ...] = ()
    vul: bool = False
    claims: tuple[NodeClaim, ...] = ()
    system: SystemShare | None = None  # the opening's system checks, counted on the way

    def pass_spec(self) -> PassSpec:
        system = system_of(self.rules)
        exprs: tuple[Expr, ...] = tuple(Call("chose", (Const(" ".join(a)), Const("PASS")))
                                        for a in self.seeds)
        exprs += tuple(c.cond for c in self.claims)
        if self.system is not None:
            exprs += self.system.singles
        return PassSpec((system.opening,), (exprs,), (True,), True, ())

    def coarse_spec(self, track: str) -> PassSpec | None:
        """The pass of the nodes past the opening: only what their rules (and the claims at
        them) read, over the rank model ``track``; None when no such node is known yet."""
        system = system_of(self.rules)
        rules = tuple(dict.fromkeys(r for r in (system.node(a).rules for a in self.seeds
                                                if opened(a)) if r is not None))
        if not rules:
            return None
        conds = tuple(c.cond for c in self.claims if opened(c.auction))
        return PassSpec((system.opening,) + rules, (conds,) + ((),) * len(rules),
                        (False,) + (True,) * len(rules), True, (), track)


def opened(a: Auction) -> bool:
    """Has someone called other than pass: a node past the opening."""
    return any(c != "PASS" for c in a)


def coarse_plan(spec: TreeSpec, p: Pass) -> Pass | None:
    """The coarse pass of ``spec`` (see :class:`_Walk`), when it tells apart fewer suit states
    than ``p`` and ``p`` refines it; else None (every node is read over ``p``)."""
    cs = spec.coarse_spec(p.model.tracked)
    if cs is None:
        return None
    pc = plan(cs)
    if pc.model != p.model or all(a.size == b.size for a, b in zip(pc.domain.suits, p.domain.suits)):
        return None
    return pc if _state_maps(p, pc) is not None else None


def _reps_of(p: Pass, k: int) -> np.ndarray:
    """Every state's representative (the first state of its signature) at suit ``k``."""
    m = p.model
    tabs = [t.table(m) for t in p.tables[k]]
    first: dict[tuple, int] = {}
    return np.array([first.setdefault((m.length[st],) + tuple(t[st] for t in tabs), st)
                     for st in range(m.n_states)], dtype=np.intp)


@lru_cache(maxsize=4)  # once per process for a pair of passes, not once per chunk
def _state_maps(p: Pass, pc: Pass) -> list[np.ndarray] | None:
    """Per suit: a position into ``p``'s representatives -> the position of its state's
    representative in ``pc``'s; None unless every state ``p`` merges ``pc`` merges too."""
    out = []
    for k in SUITS:
        fine, coarse = _reps_of(p, k), _reps_of(pc, k)
        if (coarse[fine] != coarse).any():
            return None
        pos = np.full(p.model.n_states, -1, dtype=np.intp)
        pos[pc.domain.suits[k - 1].reps] = np.arange(pc.domain.suits[k - 1].size)
        out.append(pos[coarse[p.domain.suits[k - 1].reps]])
    return out


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


class Replan(Exception):
    """A node reads what the planned domain does not tell apart: plan again with it."""

    def __init__(self, auction: Auction, vul: bool) -> None:
        super().__init__(" ".join(auction))
        self.auction = auction
        self.vul = vul


@dataclass
class WalkResult:
    visited: list[Auction]
    found: dict[Auction, set[str]]  # calls made at each node in this chunk
    counts: dict[Auction, NodeCounts]
    replan: tuple[Auction, bool] | None = None
    reach: dict[Auction, set[int]] = field(default_factory=dict)  # root -> players whose calls
    # some hand of this chunk makes
    system: list[tuple] | None = None  # this chunk's part of TreeSpec.system, per context


class _Walk:
    """One chunk of the tree census: its rows, and every reading made in it so far (kept from
    round to round, so a later round's roots find the paths to them already read)."""

    def __init__(self, spec: TreeSpec, p: Pass, index: int, parts: list[Chunk],
                 pc: Pass | None = None, system: System | None = None,
                 memo: dict | None = None) -> None:
        self.spec = spec
        self.system = system or system_of(spec.rules)  # one per process: its nodes are cached
        self.p = p
        self.pc = pc
        self.index = index
        self.chunk = Chunk({s: np.concatenate([c.ids[s] for c in parts]) for s in SUITS}, 0,
                           tuple(x for c in parts for x in c.comps),
                           tuple(x for c in parts for x in c.sizes))
        self.n = self.chunk.size
        # the rows of each composition are contiguous (the plan's order), and so are a subset's
        self.comp_bounds = np.cumsum((0,) + self.chunk.sizes)
        self._full_view: ChunkView | None = None
        self._full_cview: ChunkView | None = None
        self._sub_views: dict = {}  # a mask -> (its view, its weights), the last read last
        self._coarse_arrays: dict = {}  # a coarse mask -> (its hands, first rows), likewise
        self._coarse_bytes = 0
        # (folded table, vulnerability) -> its values at every coarse row (see keep_values)
        self.full_values: dict[tuple, tuple] = {}
        self.full_bytes = 0
        self.rkeys: dict[Rules, int] = {}
        self.coarse_ok: set[int] = set()  # rules whose tables the coarse pass reads
        self.any_opened = any(opened(a) for a in spec.seeds)
        self.reads_vul: dict[int, bool] = {}
        self.node_rkey: dict[Auction, tuple[int, Rules, bool, bool] | None] = {}
        # what depends only on the plans, shared by every walk of a process (_covered, folded)
        self.memo: dict = {} if memo is None else memo
        self._folded: dict[tuple, tuple[int, Rules, bool]] = {}
        self.fkeys: dict[Rules, int] = {}  # the folded tables, each by its number
        self.evals: dict[tuple, "_Reading"] = {}
        self._rows: dict[tuple, object] = {}  # (a player's calls, context) -> their rows
        self.sets = _RowSets(self.n)  # the sets of rows, each by its number
        self.claims: dict[Auction, list[NodeClaim]] = {}
        for c in spec.claims:
            self.claims.setdefault(c.auction, []).append(c)
        self.tables = {s: set(p.tables[s]) for s in SUITS}
        self.contexts = DEAL_VULS if spec.vul else ((False, False),)
        # the coarse rows: this chunk's classes of ``pc`` (built on first use)
        self.ctables = {s: set(pc.tables[s]) for s in SUITS} if pc is not None else None
        self.cmap: np.ndarray | None = None  # a row -> its coarse row
        self.cchunk: Chunk | None = None
        self.cn = 0
        self.ccomp_bounds = np.zeros(1, dtype=np.intp)
        self.csets = _RowSets(0)  # the sets of coarse rows (sized when they are built)
        self.origins: dict[int, tuple[int, int]] = {}  # a set of rows -> (origin, coarse rows)
        # The calls of an opening read over every fine row, when the bidder's later nodes are
        # read over coarse rows: each call's rows are only found when a later node reads them
        # (its mask LAZY - i: the rows where lazy[i][0], each row's call, is lazy[i][1]).
        self.lazy: list[tuple[np.ndarray, int]] = []
        self.ow: list[np.ndarray] = []  # per origin: the hands of each coarse row
        self.ofirst: list[np.ndarray] = []  # per origin: each coarse row's first row
        self._fine_weight: np.ndarray | None = None
        self._stacked: np.ndarray | None = None  # the chunk's positions for sub-chunks
        self._hands: dict[int, str] = {}  # a row -> its hand class, as text
        self._cstacked: np.ndarray | None = None  # the coarse rows' positions

    @property
    def full_view(self) -> ChunkView:
        """The whole chunk's view (its gathered tables are dropped after each walk)."""
        if self._full_view is None:
            self._full_view = ChunkView(self.p, self.chunk)
        return self._full_view

    @property
    def full_cview(self) -> ChunkView:
        """Every coarse row's view (dropped after each walk, as the fine one is); the values
        its readers share are held to SHARED_BYTES."""
        if self._full_cview is None:
            assert self.pc is not None and self.cchunk is not None
            self._full_cview = ChunkView(self.pc, self.cchunk, SHARED_BYTES)
        return self._full_cview

    def sub_view(self, mask, rows: np.ndarray) -> tuple[ChunkView, np.ndarray]:
        """The view of some rows (a mask, fine or coarse) and their weights. The nodes of one
        bidder's history read the same rows one after another (opener's rebids after each
        response): the views of the last SUB_VIEWS masks are kept, each with the values its
        readers share (at most SUB_BYTES)."""
        got = self._sub_views.pop(mask, None)
        if got is None:
            if isinstance(mask, tuple):
                view = ChunkView(self.pc, self.csub_chunk(rows), SUB_BYTES)
                got = (view, self.ow[mask[0]][rows])
            else:
                view = ChunkView(self.p, self.sub_chunk(rows), SUB_BYTES)
                got = (view, view.weight)
        self._sub_views[mask] = got  # the most recent last
        while len(self._sub_views) > SUB_VIEWS:
            del self._sub_views[next(iter(self._sub_views))]
        return got

    def coarse_arrays(self, mask: tuple[int, int], rows: np.ndarray) -> tuple[np.ndarray,
                                                                               np.ndarray]:
        """The hands and the first fine row of each of some coarse rows (``mask``: their
        origin and set): one bidder's rows are read at node after node (responder's next call
        after each of opener's rebids), and their arrays are gathered once for all of them
        (those of the last COARSE_BYTES kept)."""
        got = self._coarse_arrays.pop(mask, None)
        if got is None:
            o = mask[0]
            if len(rows) == self.cn:  # every coarse row: the origin's own arrays
                got = (self.ow[o], self.ofirst[o])
            else:
                got = (self.ow[o][rows], self.ofirst[o][rows])
                self._coarse_bytes += got[0].nbytes + got[1].nbytes
        self._coarse_arrays[mask] = got  # the most recent last
        while self._coarse_bytes > COARSE_BYTES and len(self._coarse_arrays) > 1:
            old = self._coarse_arrays.pop(next(iter(self._coarse_arrays)))
            if len(old[0]) != self.cn:
                self._coarse_bytes -= old[0].nbytes + old[1].nbytes
        return got

    def keep_values(self, ekey: tuple, code: np.ndarray, inv: np.ndarray, on: np.ndarray,
                    gconst: list, sbids: np.ndarray | None) -> None:
        """Keep a reading of every coarse row: each row's call and bid point (one code), its
        pattern of guards, the patterns and the constant guards (``sbids``: each label's bid,
        when that is one constant: ``code`` is then the label alone). A later reading of the
        same rules over some rows (a player who passed at the opening, where another seat's
        player made a first call) takes its values from them, at most FULL_BYTES kept (the
        oldest dropped first)."""
        small = np.int16 if len(on) < 1 << 15 else np.int32
        item = (code.astype(np.int16 if int(code.max(initial=0)) < 1 << 15 else np.int32),
                inv.astype(small), on, tuple(gconst), sbids)
        self.full_values[ekey] = item
        self.full_bytes += item[0].nbytes + item[1].nbytes
        while self.full_bytes > FULL_BYTES and len(self.full_values) > 1:
            old = self.full_values.pop(next(iter(self.full_values)))
            self.full_bytes -= old[0].nbytes + old[1].nbytes

    # -- the rules at a node -----------------------------------------------------------------
    def rules_at(self, a: Auction) -> tuple[int, Rules, bool, bool] | None:
        """The rules at ``a`` (None: off the system, every hand passes): their number in this
        walk, the rules, whether they read the vulnerability, and whether falling through them
        is a gap (the node's block does not say ``else pass``)."""
        got = self.node_rkey.get(a, _UNSEEN)
        if got is _UNSEEN:
            node = self.system.node(a)
            if node.rules is None:
                self.node_rkey[a] = None
                return None
            if self.pc is None and opened(a) and not self.any_opened:
                raise Replan(a, False)  # plan the coarse pass with a node past the opening
            rk = self.rkeys.get(node.rules)
            coarse = self.coarse_node(a)
            if rk is None or (coarse and rk not in self.coarse_ok):
                covered, reads_vul = self._covered(node.rules, coarse)
                if not covered or (reads_vul and not self.spec.vul):
                    raise Replan(a, reads_vul)
                if rk is None:
                    rk = self.rkeys[node.rules] = len(self.rkeys)
                self.reads_vul[rk] = reads_vul
                if coarse:
                    self.coarse_ok.add(rk)
            got = self.node_rkey[a] = (rk, node.rules, self.reads_vul[rk],
                                       node.block is not None and not node.else_pass)
        return got  # type: ignore[return-value]

    def _covered(self, rules: Rules, coarse: bool) -> tuple[bool, bool]:
        """Whether the pass (the coarse one: ``coarse``) tabulates everything ``rules`` read,
        and whether they read the vulnerability (the same for every walk of a process: kept
        in its memo)."""
        key = ("covered", rules, coarse)
        got = self.memo.get(key)
        if got is None:
            u = uses(self.p.defs[0], (), rules, outcome=True)
            reads_vul = bool({"VUL", "THEYVUL"} & u.contexts)
            tables = self.ctables if coarse and self.ctables is not None else self.tables
            covered = all(t in tables[s] for t, s in u.tables) and \
                all(r in self.p.model.tracked for r in u.reads)
            got = self.memo[key] = (covered, reads_vul)
        return got

    # -- the bidder's rows ----------------------------------------------------------------------
    def intern(self, rows: np.ndarray) -> int:
        """The number of a set of rows: equal sets share one number (and every reading). A
        large set is kept as a bitmap (an eighth of a byte a row), a small one as its rows."""
        return self.sets.intern(rows)

    def intern_like(self, mask, rows: np.ndarray):
        """The mask of ``rows``, rows of the same space as ``mask`` (fine, or coarse of its
        origin)."""
        if isinstance(mask, tuple):
            return (mask[0], self.csets.intern(rows))
        return self.intern(rows)

    # -- the coarse rows -------------------------------------------------------------------------
    # Past the opening, the rules of a system read far less than the opening does (SAYC's
    # opening reads playing tricks and honour counts, nothing later does). There, a node is read
    # over the chunk's classes of the coarse pass, each a union of the fine classes it merges,
    # weighted by the hands of those fine classes that make the bidder's calls at the opening
    # (the *origin*): every count is unchanged, since nothing read there tells the merged
    # classes apart, and every example is still the first fine row (kept per coarse row).
    def coarse_node(self, a: Auction) -> bool:
        return self.pc is not None and opened(a)

    def _coarse(self) -> None:
        if self.cmap is not None:
            return
        assert self.pc is not None
        maps = _state_maps(self.p, self.pc)
        assert maps is not None
        size = max(s.size for s in self.pc.domain.suits)
        comps = self.chunk.comps
        assert len(comps) * size ** 4 < 1 << 62
        key = np.repeat(np.arange(len(comps), dtype=np.int64), self.chunk.sizes)
        pos = [maps[k][self.chunk.ids[s]] for k, s in enumerate(SUITS)]
        for x in pos:
            key = key * size + x
        uniq, first, inv = np.unique(key, return_index=True, return_inverse=True)
        per = np.bincount(key[first] // size ** 4, minlength=len(comps))
        keep = np.flatnonzero(per).tolist()
        self.cchunk = Chunk({s: pos[k][first] for k, s in enumerate(SUITS)}, 0,
                            tuple(comps[i] for i in keep), tuple(int(per[i]) for i in keep))
        self.cmap = inv.reshape(-1).astype(np.intp)
        self.cn = self.csets.n = len(uniq)
        self.ccomp_bounds = np.cumsum((0,) + self.cchunk.sizes)

    def project(self, mask: int) -> "int | tuple[int, int]":
        """The coarse rows of a set of rows (its origin: their weights and first rows)."""
        if mask == EMPTY:
            return EMPTY
        got = self.origins.get(mask)
        if got is None and mask <= LAZY:  # the same rows as another set share its origin
            fine = self.project(self.intern(self._lazy_rows(mask)))
            assert isinstance(fine, tuple)  # a call some row makes
            got = self.origins[mask] = fine
        if got is None:
            self._coarse()
            assert self.cmap is not None
            rows = self.rows_of(mask)
            if self._fine_weight is None:
                self._fine_weight = self.full_view.weight
            fw = self._fine_weight
            if rows is None:
                cm, wf, fr = self.cmap, fw, np.arange(self.n, dtype=np.intp)
            else:
                cm, wf, fr = self.cmap[rows], fw[rows], rows.astype(np.intp)
            w = np.bincount(cm, weights=wf, minlength=self.cn)
            first = first_rows(cm, self.cn, fr, self.n)  # each coarse row's first fine row
            o = len(self.ow)
            self.ow.append(w)
            self.ofirst.append(first)
            got = self.origins[mask] = (o, self.csets.intern(np.flatnonzero(w).astype(np.int32)))
        return got

    def csub_chunk(self, rows: np.ndarray) -> Chunk:
        assert self.cchunk is not None
        if self._cstacked is None:
            self._cstacked = _stacked(self.cchunk)
        return _sub_chunk(self.cchunk, self.ccomp_bounds, rows, self._cstacked)

    def sub_chunk(self, rows: np.ndarray) -> Chunk:
        if self._stacked is None:
            self._stacked = _stacked(self.chunk)
        return _sub_chunk(self.chunk, self.comp_bounds, rows, self._stacked)

    def rows_of(self, mask) -> np.ndarray | None:
        if isinstance(mask, tuple):
            return self.csets.rows(mask[1])
        if mask == -1:
            return None
        if mask == EMPTY:
            return _NONE
        if mask <= LAZY:
            return self._lazy_rows(mask)
        return self.sets.rows(mask)

    def _lazy_rows(self, mask: int) -> np.ndarray:
        calls, k = self.lazy[LAZY - mask]
        return np.flatnonzero(calls == k)

    def lazy_children(self, values: np.ndarray, groups: list[list[int]]) -> list[int]:
        """The masks of the rows whose value (``values``: each fine row's, small non-negative
        integers) is in each of ``groups`` (fewer than 255), found only when a later node
        reads them (see ``lazy``)."""
        assert len(groups) < 255  # at most 38 bids, pass, double and redouble
        lut = np.full(int(values.max(initial=0)) + 1, 255, dtype=np.uint8)
        for k, g in enumerate(groups):
            lut[g] = k
        calls = lut[values]  # a byte a row, kept while the walk is
        out = []
        for k in range(len(groups)):
            out.append(LAZY - len(self.lazy))
            self.lazy.append((calls, k))
        return out

    def rows(self, a: Auction, turn: int, ctx: int):
        """The number of the set of rows of the hands of the player at ``turn`` (0 the dealer)
        that make that player's calls in ``a`` (-1: every row; a pair: coarse rows). Kept per
        the player's calls so far: the nodes below read them again and again."""
        if len(a) <= turn:
            return -1
        last = turn + (len(a) - 1 - turn) // 4 * 4  # the player's last call in ``a``
        mine = a[:last + 1]  # the calls after it do not matter
        got = self._rows.get((mine, ctx))
        if got is None:
            got = self.rows(a[:last], turn, ctx)
            if self.rules_at(a[:last]) is not None:  # else off-system: every hand passed
                got = self.read(a[:last], got, ctx).children.get(a[last], EMPTY)
            self._rows[(mine, ctx)] = got
        return got

    def view_vul(self, turn: int, ctx: int) -> tuple[bool, bool]:
        ours, theirs = self.contexts[ctx]
        return (ours, theirs) if turn % 2 == 0 else (theirs, ours)

    def example(self, row: int, vul: str) -> Example:
        hand = self._hands.get(row)  # the same first rows recur from node to node
        if hand is None:
            pos = [int(self.chunk.ids[s][row]) for s in SUITS]
            hand = self._hands[row] = str(self.p.domain.class_hand(pos))
        return Example((self.index, row, 0), hand, vul)

    def read(self, a: Auction, mask, ctx: int, calls: bool = False) -> "_Reading":
        """The reading of the rules at ``a`` over the rows ``mask`` in context ``ctx``;
        ``calls``: keep its rows' calls for the claims about the node (a reading made earlier
        without them reads them again)."""
        got = self.rules_at(a)
        assert got is not None, a
        rk, rules, reads_vul, gap = got
        if self.coarse_node(a):
            if not isinstance(mask, tuple):
                mask = self.project(mask)
        else:
            # a player's opening call comes first (its rows: every row)
            assert not isinstance(mask, tuple) and mask > LAZY, a
        vul = self.view_vul(len(a) % 4, ctx)
        fk, folded, folded_vul = self.folded(rk, rules, vul if reads_vul else None)
        key = (fk, vul if folded_vul else None, gap, mask)
        reading = self.evals.get(key)
        if reading is None:
            keep = self.spec.system is not None and mask == -1 and not opened(a)
            reading = self.evals[key] = _Reading(self, gap, folded, mask, vul, key[:2], keep,
                                                 calls)
        return reading

    def folded(self, rk: int, rules: Rules, vul: tuple[bool, bool] | None):
        """The rules at a node as read in the vulnerability ``vul`` (None: they do not read
        it), with every fact of the deal a constant and the constant terms folded
        (openbid.systems.rules.fold): the number of the folded table, the table, and whether it
        still reads the vulnerability. Nodes and vulnerabilities whose tables fold alike make
        the same calls with every hand, and share every reading."""
        got = self._folded.get((rk, vul))
        if got is None:
            key = ("folded", rules, vul)
            fv = self.memo.get(key)
            if fv is None:
                facts = () if vul is None else (("VUL", vul[0]), ("THEYVUL", vul[1]))
                f = fold_facts(rules, facts)
                still = vul is not None and bool({"VUL", "THEYVUL"} & uses(
                    self.p.defs[0], (), f, outcome=True).contexts)
                fv = self.memo[key] = (f, still)
            f, still = fv
            fk = self.fkeys.setdefault(f, len(self.fkeys))
            got = self._folded[(rk, vul)] = (fk, f, still)
        return got

    # -- the walk ---------------------------------------------------------------------------------
    def walk(self, roots: tuple[Auction, ...], known: dict[Auction, tuple[str, ...]]) -> WalkResult:
        visited: list[Auction] = []
        found: dict[Auction, set[str]] = {}
        counts: dict[Auction, NodeCounts] = {}
        reach: dict[Auction, set[int]] = {}
        for r in roots:
            reach[r] = {p for p in range(4) if self._makes(r, p)}
        stack = list(roots)
        while stack:
            a = stack.pop()
            visited.append(a)
            if ended(a):
                continue
            here: set[str] = set()
            if self.rules_at(a) is None:
                here.add("PASS")
            else:
                nc = NodeCounts()
                for ctx in range(len(self.contexts)):
                    claims = self.claims.get(a, ())
                    reading = self.read(a, self.rows(a, len(a) % 4, ctx), ctx, bool(claims))
                    nc.add(reading.counts)
                    here |= set(reading.children)
                    for c in claims:
                        nc.claims[c.id] = _merge_claim(nc.claims.get(c.id), reading.claim(c))
                    if claims and reading.root is None:  # read: the calls need not be kept
                        reading.outcome = None
                counts[a] = nc
            found[a] = here
            for call in sorted(here | set(known.get(a, ())), reverse=True):
                if not illegal(a, call):
                    stack.append(a + (call,))
        system = self.system_parts() if self.spec.system is not None and () in roots else None
        self._full_view = self._full_cview = None
        self._sub_views.clear()
        self._coarse_arrays.clear()
        self._coarse_bytes = 0
        self.full_values.clear()
        self.full_bytes = 0
        return WalkResult(visited, found, counts, reach=reach, system=system)

    def system_parts(self) -> list[tuple]:
        """This chunk's counts of each context of TreeSpec.system (see
        :class:`SystemShare`): the opening node of the context's seat, read in its vulnerability
        (the reading the walk made), and the claims' expressions read in the context."""
        from openbid.readers.census.system_pass import read_singles, shared_counts
        from openbid.systems.rules.fold import fold_exprs

        share = self.spec.system
        assert share is not None
        view = self.full_view
        w = view.weight.astype(np.int64)
        opening = self.system.opening
        singles: dict[tuple, tuple] = {}
        out, used = [], []
        for arg in share.args:
            facts = dict(arg.context)
            a: Auction = ("PASS",) * (int(facts.get("SEAT", 1)) - 1)  # type: ignore[call-overload]
            vul = (bool(facts.get("VUL", False)), bool(facts.get("THEYVUL", False)))
            ctx = next(i for i in range(len(self.contexts))
                       if self.view_vul(len(a) % 4, i) == vul) if self.spec.vul else 0
            r = self.read(a, -1, ctx)
            if r.root is None or r.outcome is None:
                raise AssertionError(f"the opening in seat {len(a) + 1} was not kept")
            if tuple(r.rules.labels) != tuple(opening.labels):
                raise AssertionError("the opening's folded table lost a bid point")
            # the claims' expressions in this context: the same trees over the same reading
            # (the same calls) count alike
            key = (id(r), fold_exprs(opening, share.singles, arg.context))
            got = singles.get(key)
            if got is None:
                run = view.reader(0)
                run.rules = r.rules
                run.context = facts
                run.use_outcome(r.outcome)  # the reading's calls: read once
                got = singles[key] = read_singles(arg, view, run, w, None)
            on, per_pat, pat_first, code_first, per_code = r.root
            out.append(shared_counts(on, per_pat, pat_first, code_first, per_code,
                                     len(opening.labels), self.chunk, self.index, got))
            used.append(r)
        for r in used:  # read once a walk: nothing more to keep
            r.root = r.outcome = None
        return out

    def _makes(self, a: Auction, turn: int) -> bool:
        """Does some hand of this chunk make every call of the player at ``turn`` in ``a``?"""
        for t in range(turn, len(a), 4):
            if self.rules_at(a[:t]) is None and a[t] != "PASS":
                return False
        for ctx in range(len(self.contexts)):
            mask = self.rows(a, turn, ctx)
            if mask == -1:
                return True
            if isinstance(mask, int) and mask <= LAZY:  # a call some row makes
                return True
            if mask != EMPTY:
                sets, number = (self.csets, mask[1]) if isinstance(mask, tuple) else \
                    (self.sets, mask)
                if sets.sizes[number]:
                    return True
        return False


EMPTY = -2  # the number of the empty set of rows
LAZY = -3  # the first of the masks of _Walk.lazy (LAZY, LAZY - 1, ...)
_UNSEEN = object()
_NONE = np.zeros(0, dtype=np.intp)


class _RowSets:
    """Sets of the rows of a chunk (of ``n`` rows), each by its number: equal sets share one
    number (and every reading). A large set is kept as a bitmap (an eighth of a byte a row), a
    small one as its rows."""

    RECENT = 1 << 21  # rows of the bitmaps last made or read, kept unpacked (16 MB)

    def __init__(self, n: int) -> None:
        self.n = n
        self.numbers: dict[bytes, int] = {}  # a set of rows (its digest) -> its number
        self.kept: list[np.ndarray] = []
        self.sizes: list[int] = []  # each set's number of rows (read without unpacking it)
        self.packed: set[int] = set()
        # A walk reads a set soon after it is made (the next call of the same player, a few
        # levels down): the last bitmaps' rows are kept as they are, to be read without
        # unpacking, up to RECENT rows in all (the oldest dropped first).
        self.recent: dict[int, np.ndarray] = {}
        self.recent_rows = 0

    def intern(self, rows: np.ndarray) -> int:
        large = len(rows) * 32 > self.n  # a set is large or not by its size: one form each
        if large:  # its bitmap is digested (a 32nd of the bytes of its rows)
            rows = rows.astype(np.intp, copy=False)  # numpy indexes fastest with intp
            bits = np.zeros(self.n, dtype=bool)
            bits[rows] = True
            packed = np.packbits(bits)
            digest = b"b" + hashlib.blake2b(packed.tobytes(), digest_size=16).digest()
        else:  # kept as int32 (half the memory), read as intp
            rows = rows.astype(np.int32, copy=False)
            digest = b"r" + hashlib.blake2b(rows.tobytes(), digest_size=16).digest()
        got = self.numbers.get(digest)
        if got is None:
            got = self.numbers[digest] = len(self.kept)
            self.sizes.append(len(rows))
            if large:
                self.kept.append(packed)
                self.packed.add(got)
                self._remember(got, rows)
            else:
                self.kept.append(rows)
        return got

    def rows(self, number: int) -> np.ndarray:
        """The set's rows, ascending, as intp (numpy gathers with intp indices about 1.7 times
        as fast as with int32 ones)."""
        got = self.kept[number]
        if number in self.packed:
            hit = self.recent.get(number)
            if hit is not None:
                return hit
            rows = np.flatnonzero(np.unpackbits(got, count=self.n))
            self._remember(number, rows)
            return rows
        return got.astype(np.intp)

    def _remember(self, number: int, rows: np.ndarray) -> None:
        self.recent[number] = rows
        self.recent_rows += len(rows)
        while self.recent_rows > self.RECENT and len(self.recent) > 1:
            old = next(iter(self.recent))
            self.recent_rows -= len(self.recent.pop(old))


def _stacked(chunk: Chunk) -> np.ndarray:
    """The chunk's state positions, suit by suit, as one array of the narrowest integer type
    (a sub-chunk is gathered from it in one pass over less memory)."""
    top = max(int(chunk.ids[s].max(initial=0)) for s in SUITS)
    dt = np.int16 if top < 1 << 15 else np.int32 if top < 1 << 31 else np.int64
    return np.stack([chunk.ids[s] for s in SUITS]).astype(dt)


def _sub_chunk(chunk: Chunk, bounds: np.ndarray, rows: np.ndarray,
               stacked: np.ndarray) -> Chunk:
    """The chunk of some of ``chunk``'s rows (ascending), with its compositions (``bounds``:
    where each of ``chunk``'s begins; no need to read them back from the rows); ``stacked``:
    :func:`_stacked` of ``chunk``."""
    per = np.diff(np.searchsorted(rows, bounds))
    keep = np.flatnonzero(per).tolist()
    got = stacked.take(rows, axis=1)
    return Chunk({s: got[k] for k, s in enumerate(SUITS)}, 0,
                 tuple(chunk.comps[i] for i in keep), tuple(int(per[i]) for i in keep))


def _merge_claim(old: list | None, new: list) -> list:
    if old is None:
        return new
    ex = new[2].first(old[2]) if new[2] is not None else old[2]
    return [old[0] + new[0], old[1] + new[1], ex]


class _Reading:
    """A node's rules read over some rows of the chunk in one vulnerability: the counts, and the
    rows making each call (by their number)."""

    def __init__(self, walk: _Walk, gap: bool, rules: Rules, mask,
                 vul: tuple[bool, bool], ekey: tuple | None = None, keep: bool = False,
                 calls: bool = False) -> None:
        """``gap``: whether falling through the rules is a gap (the node's block does not say
        ``else pass``); ``rules`` as :meth:`_Walk.folded` gives them; ``ekey``: what the
        rules' values over a row depend on (the folded table, the vulnerability if it reads
        it), under which a reading of every coarse row keeps them for later readings of some;
        ``keep``: an opening node's reading of every row, whose patterns and calls the system
        checks take (``root``: see :func:`openbid.readers.census.system_pass.shared_counts`);
        ``calls``: keep each row's call and bid point (``outcome``) for the node's claims."""
        self.root: tuple | None = None
        self.outcome: tuple[np.ndarray, np.ndarray] | None = None
        self.walk = walk
        self.rules = rules
        self.vul = vul
        self.children: dict[str, int] = {}
        self.counts = NodeCounts()
        self.mask = mask
        rows = walk.rows_of(mask)
        n_rows = walk.n if rows is None else len(rows)
        if n_rows == 0:
            return
        labels = rules.labels
        nl = len(labels)
        coarse = isinstance(mask, tuple)
        full = coarse and n_rows == walk.cn
        kept = walk.full_values.get(ekey) if coarse and ekey is not None else None
        if kept is not None:
            # These rules were read over every coarse row in this vulnerability (for another
            # player's hands, weighted otherwise): each row's call, bid point and pattern of
            # guards are that reading's, at these rows.
            assert rows is not None
            w = walk.coarse_arrays(mask, rows)[0]
            all_code, all_inv, on, gconst, sbids = kept
            if sbids is not None:  # the rows' labels alone: their bids are the labels'
                section = all_code[rows]
                bidval = None
            else:
                code_here = all_code[rows]
                bidval, section = code_here // nl, code_here % nl
            inv = all_inv[rows]
            guards: list = list(gconst)
        else:
            reader, w = self.reader(rows)
            bidval, section = reader.outcome
            sbids = reader.section_bids
            # Every bid point's guard at once: each row's pattern (the guards it meets), and
            # per pattern the hands each point bids and its first (fine) row there. A guard's
            # hands and who takes them are sums over the patterns meeting it (integer sums:
            # exact).
            guards = [reader.cond(meets_expr(rules, lb)) for lb in labels[:-1]]
            inv, _, on = patterns([g for g in guards if isinstance(g, np.ndarray)], len(w),
                                  first_rows=False)
            if full and ekey is not None:
                walk.keep_values(ekey, section if sbids is not None else
                                 bidval.astype(np.int32) * nl + section, inv, on,
                                 [g if not isinstance(g, np.ndarray) else None
                                  for g in guards], sbids)
        if bidval is None and (calls or keep):
            assert sbids is not None
            bidval = sbids[section]
        if calls:
            assert bidval is not None
            self.outcome = (bidval, section)
        rowpos = np.arange(walk.n, dtype=np.intp) if rows is None else rows
        # each row's first fine row
        fr = walk.coarse_arrays(mask, rowpos)[1] if coarse else rowpos
        nc = self.counts
        nc.selected = int(w.sum())
        pass_index = nl - 1
        vul_word = _vul_word(vul)
        wf = w.astype(np.float64, copy=False)  # integer sums below 2**53: exact
        npat = on.shape[0]
        per_pat, pcode = pattern_sums(inv, npat, section, nl, wf)
        # each cell's first row (none: the largest integer, never a minimum's answer)
        firsts = first_rows(pcode, npat * nl, fr, np.iinfo(np.intp).max).reshape(npat, nl)
        per = per_pat.sum(axis=0)  # each bid point's hands
        if sbids is not None:
            self._calls_by_point(sbids, section, per, firsts, rows, rowpos, keep, on, guards,
                                 per_pat)
        else:
            assert bidval is not None
            self._calls_by_value(bidval, section, wf, fr, rows, rowpos, keep, on, guards,
                                 per_pat, firsts)
        if keep:
            assert bidval is not None
            self.outcome = (bidval, section)  # the claims read it (bid = "1S")
        # the bid points, and the gap
        for i, lb in enumerate(labels[:-1]):
            nc.bids[lb] = int(per[i])
        if gap and per[pass_index]:
            nc.gap = int(per[pass_index])
            nc.gap_example = walk.example(int(firsts[:, pass_index].min()), vul_word)
        # each guard: its hands, and the points that take them
        col = 0
        for j, lb in enumerate(labels[:-1]):
            g = guards[j]
            if g is None or isinstance(g, np.ndarray):  # None: an array of a kept reading
                sel = on[:, col]
                col += 1
            else:
                sel = np.full(npat, bool(g))
            takers = per_pat[sel].sum(axis=0)
            nc.meets[lb] = int(takers.sum())
            found = np.flatnonzero(takers).tolist()
            if not found or found == [j]:
                continue
            fx = firsts[sel].min(axis=0)
            for i in found:
                if i != j:
                    nc.taken[(lb, labels[i])] = int(takers[i])
                    nc.taken_example[(lb, labels[i])] = walk.example(int(fx[i]), vul_word)

    def _root(self, on: np.ndarray, guards: list, per_pat: np.ndarray, firsts: np.ndarray,
              code_first: dict[int, int], code_hands: dict[int, int]) -> None:
        """Keep what the system checks take from an opening node's reading (``root``: see
        :func:`openbid.readers.census.system_pass.shared_counts`)."""
        npat, nl = per_pat.shape
        on_all = np.empty((npat, nl - 1), dtype=bool)
        col = 0
        for j, g in enumerate(guards):
            if isinstance(g, np.ndarray):
                on_all[:, j] = on[:, col]
                col += 1
            else:
                on_all[:, j] = bool(g)
        self.root = (on_all, per_pat, firsts.min(axis=1), code_first, code_hands)

    def _lazy(self, rows: np.ndarray | None) -> bool:
        """A player's first call, whose later nodes read coarse rows: each call's rows are
        found when they are read (_Walk.lazy_children)."""
        return not isinstance(self.mask, tuple) and rows is None and self.walk.pc is not None

    def _calls_by_point(self, sbids: np.ndarray, section: np.ndarray, per: np.ndarray,
                        firsts: np.ndarray, rows, rowpos: np.ndarray, keep: bool,
                        on: np.ndarray, guards: list, per_pat: np.ndarray) -> None:
        """The calls, when every bid point bids one call (``sbids``: each label's): a call's
        hands and first row are its points', its rows those of its points (no count over
        the rows)."""
        walk, labels = self.walk, self.rules.labels
        nl = len(labels)
        vul_word = _vul_word(self.vul)
        sec_first = firsts.min(axis=0)
        by_call: dict[str, list[int]] = {}  # a call by its points (BIDVALs printing one call:
        for s in np.flatnonzero(per).tolist():  # OPENBID's strong 1C is five of them)
            by_call.setdefault(bid_text(int(sbids[s])), []).append(s)
        bids = sorted(by_call, key=lambda c: min(int(sbids[s]) for s in by_call[c]))
        groups = [by_call[b] for b in bids]
        if self._lazy(rows):
            children = walk.lazy_children(section, groups)
        else:
            if all(len(g) == 1 for g in groups):  # a call a point: the rows' points
                cid, values = section, [g[0] for g in groups]
            else:
                lut = np.zeros(nl, dtype=np.int16)
                for i, g in enumerate(groups):
                    lut[g] = i
                cid, values = lut[section], list(range(len(groups)))
            children = [walk.intern_like(self.mask, rowpos[pick])
                        for pick in _split(cid, values)]
        for call, secs, child in zip(bids, groups, children):
            self.counts.calls[call] = [
                int(sum(int(per[s]) for s in secs)),
                walk.example(min(int(sec_first[s]) for s in secs), vul_word),
                {labels[s] for s in secs if s != nl - 1}]
            self.children[call] = child
        if keep:
            self._root(on, guards, per_pat, firsts,
                       {int(sbids[s]) * nl + s: int(sec_first[s]) for g in groups for s in g},
                       {int(sbids[s]) * nl + s: int(per[s]) for g in groups for s in g})

    def _calls_by_value(self, bidval: np.ndarray, section: np.ndarray, wf: np.ndarray,
                        fr: np.ndarray, rows, rowpos: np.ndarray, keep: bool, on: np.ndarray,
                        guards: list, per_pat: np.ndarray, firsts: np.ndarray) -> None:
        """The calls, counted over the rows' bid values (some bid point's value varies)."""
        walk, labels, mask = self.walk, self.rules.labels, self.mask
        nl = len(labels)
        pass_index = nl - 1
        vul_word = _vul_word(self.vul)
        nc = self.counts
        coarse = isinstance(mask, tuple)
        # the calls
        if (int(bidval.max(initial=0)) + 1) * nl < 1 << 15:  # narrow codes: faster to count
            code = bidval.astype(np.int16) * np.int16(nl)
        else:
            code = bidval.astype(np.intp) * nl
        code += section
        per_code = np.bincount(code, weights=wf)
        by_value: dict[int, list[int]] = {}
        for cd in np.flatnonzero(per_code).tolist():
            by_value.setdefault(cd // nl, []).append(cd % nl)
        # a call by its BIDVALs (several may print one call: OPENBID's strong 1C is five)
        values_of: dict[str, list[int]] = {}
        for b in sorted(by_value):
            values_of.setdefault(bid_text(b), []).append(b)
        calls = list(values_of)
        cfirst = None  # each code's first row
        if self._lazy(rows):  # each call's first row from each code's
            cfirst = first_rows(code, len(per_code))
            for call, child in zip(calls, walk.lazy_children(bidval,
                                                             [values_of[c] for c in calls])):
                pairs = [(b, s) for b in values_of[call] for s in by_value[b]]
                hands = int(sum(round(per_code[b * nl + s]) for b, s in pairs))
                ex = min(int(cfirst[b * nl + s]) for b, s in pairs)
                nc.calls[call] = [hands, walk.example(ex, vul_word),
                                  {labels[s] for _, s in pairs if s != pass_index}]
                self.children[call] = child
        else:
            bids = sorted(by_value)
            picks = dict(zip(bids, _split(bidval, bids)))
            for call in calls:
                pairs = [(b, s) for b in values_of[call] for s in by_value[b]]
                if len(values_of[call]) == 1:
                    pick = picks[values_of[call][0]]
                else:  # the rows of its values, in order
                    pick = np.sort(np.concatenate([
                        np.flatnonzero(picks[b]) if picks[b].dtype == bool else picks[b]
                        for b in values_of[call]]))
                mine = rowpos[pick]
                hands = int(sum(round(per_code[b * nl + s]) for b, s in pairs))
                ex = int(fr[pick].min()) if coarse else int(mine[0])
                nc.calls[call] = [hands, walk.example(ex, vul_word),
                                  {labels[s] for _, s in pairs if s != pass_index}]
                self.children[call] = walk.intern_like(mask, mine)
        if keep:
            if cfirst is None:
                cfirst = first_rows(code, len(per_code))
            present = np.flatnonzero(per_code).tolist()
            self._root(on, guards, per_pat, firsts, {c: int(cfirst[c]) for c in present},
                       {c: int(round(per_code[c])) for c in present})

    def reader(self, rows: np.ndarray | None):
        walk = self.walk
        if isinstance(self.mask, tuple):
            assert rows is not None and walk.pc is not None
            if len(rows) == walk.cn:  # every coarse row (a player's first call): one view
                view = walk.full_cview  # for all, its values read once per walk
                w = walk.ow[self.mask[0]]
            else:
                view, w = walk.sub_view(self.mask, rows)
        elif rows is None:
            view = walk.full_view
            w = view.weight
        else:
            view, w = walk.sub_view(self.mask, rows)
        reader = view.reader(0)
        reader.rules = self.rules
        reader.context = {"VUL": self.vul[0], "THEYVUL": self.vul[1]}
        return reader, w

    def claim(self, c: NodeClaim) -> list:
        """[premise hands, failing hands, first failing Example] over these rows."""
        if self.mask == EMPTY or (c.call and c.call not in self.children):
            return [0, 0, None]
        rows = self.walk.rows_of(self.mask)
        if rows is not None and len(rows) == 0:
            return [0, 0, None]
        reader, w = self.reader(rows)
        if self.outcome is not None:  # the calls this reading made: not read again
            reader.use_outcome(self.outcome)
        rowpos = np.arange(self.walk.n, dtype=np.intp) if rows is None else rows
        premise = np.ones(len(w), dtype=bool)
        if c.call:
            bidval, _ = reader.outcome
            premise = among(bidval, _bidvals(c.call))
        ok = full_mask(reader.cond(c.cond), len(w))
        fail = premise & ~ok
        ex = None
        if fail.any():
            if isinstance(self.mask, tuple):
                row = int(self.walk.ofirst[self.mask[0]][rowpos[fail]].min())
            else:
                row = int(rowpos[int(np.argmax(fail))])
            ex = self.walk.example(row, _vul_word(self.vul))
        return [int(w[premise].sum()), int(w[fail].sum()), ex]


def _split(key: np.ndarray, values: list[int]) -> list[np.ndarray]:
    """The rows where ``key`` is each of ``values`` (every row's key among them), in order: a
    few values each by its mask, more by one stable sort (a radix sort of small integers) and a
    split."""
    if len(values) <= 4:
        return [key == v for v in values]
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]]).tolist()
    at = {int(ordered[st]): order[st:en] for st, en in zip(starts, starts[1:] + [len(order)])}
    return [at[v] for v in values]


def _bidvals(call: str) -> list[int]:
    from openbid.expr.names import bidvals_printing

    return bidvals_printing(call)


def _vul_word(vul: tuple[bool, bool]) -> str:
    return {(False, False): "none", (True, False): "we", (False, True): "they",
            (True, True): "both"}[vul]


# -- the workers: each owns some chunks for the whole census -------------------------------------
def _serve(conn, spec: TreeSpec, chunks: list[int], group: int, parent: int) -> None:
    from openbid.base.workers import _worker_start

    _worker_start(parent)
    p = plan(spec.pass_spec())
    pc = coarse_plan(spec, p)
    system = system_of(spec.rules)
    walks: dict[int, _Walk] = {}
    memo: dict = {}
    try:
        while True:
            msg = conn.recv()
            if msg is None:
                return
            known, roots = msg
            # each chunk's result is sent as soon as it is walked (the parent merges it while
            # the next is walked), then None: this round's share is done
            for k in chunks:
                if not roots.get(k):
                    continue
                w = walks.get(k)
                if w is None:
                    parts = [p.domain.chunk(i) for i in
                             range(k * group, min(len(p), (k + 1) * group))]
                    w = walks[k] = _Walk(spec, p, k, parts, pc, system, memo)
                try:
                    conn.send({k: w.walk(tuple(roots[k]), known)})
                except Replan as r:
                    conn.send({k: WalkResult([], {}, {}, (r.auction, r.vul))})
                    conn.send(None)
                    return
            conn.send(None)
    except (EOFError, KeyboardInterrupt):
        return


class _Workers:
    """Processes that each own a share of the chunks, from the first round to the last; ended
    when the census ends (and with the command, however it ends)."""

    def __init__(self, spec: TreeSpec, n_chunks: int, group: int, n: int) -> None:
        import multiprocessing as mp
        import os

        from openbid.base.workers import _ACTIVE

        ctx = mp.get_context("fork")
        n = max(1, min(n, n_chunks))
        self.procs, self.conns, self.owned = [], [], []
        for i in range(n):
            mine = list(range(i, n_chunks, n))
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(there, spec, mine, group, os.getpid()),
                               daemon=True)
            proc.start()
            there.close()
            self.procs.append(proc)
            self.conns.append(here)
            self.owned.append(mine)
        _ACTIVE.add(self)  # type: ignore[arg-type]

    def round(self, known: dict, roots: list[list[Auction]]):
        """The results of one round (chunk -> WalkResult), each chunk's as soon as it is walked:
        the first are merged while the others are still walked."""
        from multiprocessing.connection import wait

        pending = []
        for conn, mine in zip(self.conns, self.owned):
            share = {k: roots[k] for k in mine if roots[k]}
            if share:
                conn.send((known, share))
                pending.append(conn)
        while pending:
            for ready in wait(pending):
                conn = ready  # type: ignore[assignment]
                try:
                    got: dict[int, WalkResult] | None = conn.recv()
                except EOFError:
                    from openbid.base.errors import OpenbidError

                    raise OpenbidError("a worker of the tree census ended unexpectedly (out of "
                                       "memory? --from AUCTION checks a part of the tree)") \
                        from None
                if got is None:  # the worker's share of the round is done
                    pending.remove(conn)  # type: ignore[arg-type]
                else:
                    yield got

    def kill(self) -> None:
        for proc in self.procs:
            if proc.is_alive():
                proc.kill()

    def close(self) -> None:
        from openbid.base.workers import _ACTIVE

        for conn in self.conns:
            try:
                conn.send(None)
            except (OSError, BrokenPipeError):
                pass
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
        _ACTIVE.discard(self)  # type: ignore[arg-type]


def tree_census(rules: Rules, claims: tuple[NodeClaim, ...] = (), seeds: tuple[Auction, ...] = (),
                progress: Callable[[str], None] | None = None, group: int | None = None,
                max_nodes: int = MAX_TREE_NODES, jobs: int | None = None,
                root: Auction = (), share: SystemShare | None = None) -> TreeCounts:
    """Every node of ``rules``' system counted exactly (see the module's doc); ``root``: only
    the subtree below that auction (its bidders' histories still read every earlier node);
    ``share``: the opening's system checks, counted from the census's readings of the opening
    (TreeCounts.system_checks; the whole tree only)."""
    import time

    from openbid.base.errors import OpenbidError

    system = system_of(rules.system or rules)
    rules = system.rules
    if ended(tuple(root)):
        raise OpenbidError(f"the auction {' '.join(root)} has ended: there is no node below it")
    if share is not None and root:
        raise ValueError("the opening's system checks come from the whole tree's census")
    spec = TreeSpec(rules, tuple(dict.fromkeys(((),) + tuple(seeds))), False, tuple(claims),
                    share)
    replans = 0
    t0 = time.monotonic()
    while True:
        p = plan(spec.pass_spec())
        g = group or max(1, TREE_CHUNK // max(1, p.domain.target))
        out = _rounds(spec, p, g, progress, max_nodes, jobs, tuple(root))
        if isinstance(out, Replan):
            replans += 1
            spec = TreeSpec(rules, spec.seeds + (out.auction,), spec.vul or out.vul, spec.claims,
                            spec.system)
            continue
        out.replans = replans
        out.seconds["wall"] = round(time.monotonic() - t0, 2)
        return out


def _rounds(spec: TreeSpec, p: Pass, group: int, progress, max_nodes: int,
            jobs: int | None = None, root: Auction = ()) -> "TreeCounts | Replan":
    from openbid.base.errors import OpenbidError
    from openbid.base.workers import jobs as default_jobs

    n = (len(p) + group - 1) // group
    children: dict[Auction, set[str]] = {}
    counts: dict[Auction, NodeCounts] = {}
    done: list[set[Auction]] = [set() for _ in range(n)]
    roots: list[list[Auction]] = [[root] for _ in range(n)]
    nodes: set[Auction] = {root}
    rounds = 0
    reach: set[int] = set()
    contexts = len(DEAL_VULS) if spec.vul else 1
    system_parts: list[list[tuple]] = []  # per chunk, per context
    workers = _Workers(spec, n, group, jobs or default_jobs())
    try:
        while any(roots):
            rounds += 1
            known = {a: tuple(sorted(cs)) for a, cs in children.items()}
            for k, res in ((k, r) for got in workers.round(known, roots)
                           for k, r in sorted(got.items())):
                if res.replan is not None:
                    return Replan(*res.replan)
                done[k].update(res.visited)
                if res.system is not None:
                    system_parts.append(res.system)
                reach |= res.reach.get(root, set())
                for a, cs in res.found.items():
                    children.setdefault(a, set()).update(c for c in cs if not illegal(a, c))
                for a, nc in res.counts.items():
                    counts.setdefault(a, NodeCounts()).add(nc)
            if progress:
                progress(f"round {rounds}")
            nodes = {root} | {a + (c,) for a, cs in children.items() for c in cs}
            if len(nodes) > max_nodes:
                raise OpenbidError(f"the auction tree has more than {max_nodes:,} nodes")
            roots = [sorted(b for b in nodes - done[k] if b[:-1] in done[k]) for k in range(n)]
    finally:
        workers.close()
    for a, nc in counts.items():
        calls = sum(h for h, _, _ in nc.calls.values())
        if calls != nc.selected:
            raise AssertionError(f"node {' '.join(a)}: calls count {calls}, selected "
                                 f"{nc.selected}")
    tree_children = {a: sorted(cs) for a, cs in children.items()}
    for a in nodes:
        if ended(a):
            tree_children.setdefault(a, [])
    if len(reach) < 4:
        raise OpenbidError(f"no hands make the calls of the auction {' '.join(root)}: there is "
                           "nothing below it to check")
    top = counts.get(())
    if top is not None and top.selected != TOTAL_HANDS * contexts:
        raise AssertionError(f"the root counts {top.selected} hands, not C(52,13) x {contexts}")
    out = TreeCounts(system_of(spec.rules), counts, tree_children, contexts, rounds, n)
    if spec.system is not None:
        from openbid.readers.census.system_pass import combine

        if len(system_parts) != n:
            raise AssertionError(f"{len(system_parts)} of {n} chunks counted the system checks")
        out.system_checks = [combine(arg, [parts[j] for parts in system_parts], p)
                      for j, arg in enumerate(spec.system.args)]
    return out
