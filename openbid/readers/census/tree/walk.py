"""The walk of one chunk of the tree census: its rows, the bidder's rows at each node, the
coarse rows past the opening, and every reading made in it (kept from round to round)."""

from __future__ import annotations

import numpy as np

from openbid.systems.auction import System, system_of
from openbid.systems.auction_facts import ended, illegal
from openbid.systems.rules.fold import fold_facts
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import ChunkView
from openbid.readers.census.domain import SUITS, Chunk
from openbid.readers.census.grouping import first_rows
from openbid.readers.census.passes import Pass
from openbid.readers.census.tree.counts import (DEAL_VULS, Auction, Example, NodeClaim,
                                               NodeCounts, WalkResult, merge_claim)
from openbid.readers.census.tree.plan import TreeSpec, opened, state_maps
from openbid.readers.census.tree.reading import Reading
from openbid.readers.census.tree.rows import EMPTY, LAZY, NONE, RowSets, stacked, sub_chunk
from openbid.readers.uses import uses

SHARED_BYTES = 128 << 20  # values shared by the readers of a walk's coarse view, at most
SUB_VIEWS = 8  # views of some rows kept for the next readings of the same rows
SUB_BYTES = 16 << 20  # values shared by the readers of one such view, at most
FULL_BYTES = 256 << 20  # the values of readings of every coarse row kept, at most
COARSE_BYTES = 32 << 20  # the hands and first rows of the last coarse sets of rows read
_UNSEEN = object()


class Replan(Exception):
    """A node reads what the planned domain does not tell apart: plan again with it."""

    def __init__(self, auction: Auction, vul: bool) -> None:
        super().__init__(" ".join(auction))
        self.auction = auction
        self.vul = vul


class Walk:
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
        self.evals: dict[tuple, "Reading"] = {}
        self._rows: dict[tuple, object] = {}  # (a player's calls, context) -> their rows
        self.sets = RowSets(self.n)  # the sets of rows, each by its number
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
        self.csets = RowSets(0)  # the sets of coarse rows (sized when they are built)
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
        maps = state_maps(self.p, self.pc)
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
            self._cstacked = stacked(self.cchunk)
        return sub_chunk(self.cchunk, self.ccomp_bounds, rows, self._cstacked)

    def sub_chunk(self, rows: np.ndarray) -> Chunk:
        if self._stacked is None:
            self._stacked = stacked(self.chunk)
        return sub_chunk(self.chunk, self.comp_bounds, rows, self._stacked)

    def rows_of(self, mask) -> np.ndarray | None:
        if isinstance(mask, tuple):
            return self.csets.rows(mask[1])
        if mask == -1:
            return None
        if mask == EMPTY:
            return NONE
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

    def read(self, a: Auction, mask, ctx: int, calls: bool = False) -> "Reading":
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
            reading = self.evals[key] = Reading(self, gap, folded, mask, vul, key[:2], keep,
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
                        nc.claims[c.id] = merge_claim(nc.claims.get(c.id), reading.claim(c))
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
