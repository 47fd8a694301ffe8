"""The coarse rows a walk of the tree census reads past the opening, at one level: the classes
of one pass over the walk's compositions, their hands and first fine rows, the *origins* (the
rows of a player's calls at the opening, each weighted by the hands that make them), the sets of
rows the readings make, and the views and values kept for the next readings.

A walk has one level, two or three. The coarse level (:class:`Walk` itself) tells apart
everything the rules past the opening read. Where most of those rules read less (SAYC's honour
tables, ace, king and queen, are read only by its Blackwood and Gerber answers, a few hundred of
its five thousand nodes), a *lumped* level (:class:`Lumped`) merges what those do not read
(SAYC: a third as many rows), and every node whose rules and claims read nothing more is read
over it. A lumped row is weighted by the hands of the coarse rows it merges (their sums), and
first by the least of their first fine rows: every count and every example is the coarse
level's. Above it, a *summed* level (:class:`Summed`) merges the lumped rows of one shape, one
point count and the same values of the few per-suit tables most rules read (SAYC's stoppers):
most rules read a hand's points, not its points in each suit (SAYC: a nineteenth as many rows
as the lumped level). A node that reads more (an ace-asking answer, the points in a suit) is
read over the lumped or coarse rows of the player's rows (:meth:`Summed.lower`,
:meth:`Lumped.expand`), exactly as if no level had merged them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from openbid.readers.census.arrays import ChunkView
from openbid.readers.census.domain import Chunk
from openbid.readers.census.grouping import first_rows
from openbid.readers.census.passes import Pass
from openbid.readers.census.tree.reading import NONE_ROW
from openbid.readers.census.tree.rows import EMPTY, NONE, RowSets, stacked, sub_chunk

SHARED_BYTES = 128 << 20  # values shared by the readers of a walk's coarse view, at most
SUB_VIEWS = 8  # views of some rows kept for the next readings of the same rows
SUB_BYTES = 16 << 20  # values shared by the readers of one such view, at most
FULL_BYTES = 256 << 20  # the values of readings of every coarse row kept, at most
COARSE_BYTES = 32 << 20  # the hands and first rows of the last coarse sets of rows read
DECOMPOSED_BYTES = 64 << 20  # the cores and extras of the last masks read together


class CoarseRows:
    """The rows of one level of a walk, what a :class:`Reading` reads there. A mask is a set
    of rows of an origin: (the origin's number, the set's number) + ``tag`` (the level's
    mark: masks of two levels are never equal)."""

    tag: tuple = ()

    def _init_rows(self, pc: Pass) -> None:
        self.pc = pc
        self._full_cview: ChunkView | None = None
        # a mask -> (its view, its weights), the last read last (and the union of some sets of
        # rows, see Walk.shared_groups -> (its view, None))
        self._sub_views: dict = {}
        # (folded table and vulnerability, mask) -> that reading's groups, taken from a
        # reading of the union of several masks (see Walk.shared_groups)
        self._primed: dict[tuple, object] = {}
        self._coarse_arrays: dict = {}  # a mask -> (its hands, first rows), likewise
        self._coarse_bytes = 0
        # masks read together -> their core and extras (see decompose), the last made last
        self._decomposed: dict[frozenset, Parts] = {}
        self._decomposed_bytes = 0
        self._parted_rows: dict[tuple[int, ...], np.ndarray] = {}  # see _parted
        # (folded table, vulnerability) -> its values at every row (see keep_values)
        self.full_values: dict[tuple, tuple] = {}
        self.full_bytes = 0
        # (folded table, vulnerability) to read over every row when next read (Walk._plan_whole)
        self.whole: set[tuple] = set()
        self.cchunk: Chunk | None = None
        self.cn = 0
        self.ccomp_bounds = np.zeros(1, dtype=np.intp)
        self.csets = RowSets(0)  # the sets of rows (sized when the rows are built)
        # every row's hands and first fine row
        self.w_all: np.ndarray = np.zeros(0)
        self.first_all: np.ndarray = np.zeros(0, dtype=np.int64)
        # per origin: those of its rows some of whose hands make another call at the opening
        # (their rows, hands and first fine rows; None: there are none); the origin's rows are
        # its set's (csets), not kept twice
        self.origins: list[tuple | None] = []
        self.all_rows: tuple | None = None  # the mask of every row
        self._cstacked: np.ndarray | None = None  # the rows' positions

    @property
    def full_cview(self) -> ChunkView:
        """Every row's view (dropped after each walk); the values its readers share are held
        to SHARED_BYTES."""
        if self._full_cview is None:
            assert self.cchunk is not None
            self._full_cview = ChunkView(self.pc, self.cchunk, SHARED_BYTES)
        return self._full_cview

    def sub_view(self, mask, rows: np.ndarray) -> tuple[ChunkView, np.ndarray]:
        """The view of some rows (``mask``) and their weights. The nodes of one bidder's
        history read the same rows one after another (opener's rebids after each response):
        the views of the last SUB_VIEWS masks are kept, each with the values its readers share
        (at most SUB_BYTES)."""
        return self._recent_view(mask, rows, lambda: self.coarse_arrays(mask, rows)[0])

    def _recent_view(self, key, rows: np.ndarray, weights) -> tuple[ChunkView, Any]:
        """The view of ``rows`` kept under ``key`` (made now, with ``weights()``, if it is not
        among the last SUB_VIEWS), and its weights."""
        got = self._sub_views.pop(key, None)
        if got is None:
            got = (ChunkView(self.pc, self.csub_chunk(rows), SUB_BYTES), weights())
        self._sub_views[key] = got  # the most recent last
        while len(self._sub_views) > SUB_VIEWS:
            del self._sub_views[next(iter(self._sub_views))]
        return got

    def coarse_arrays(self, mask, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The hands and the first fine row of each of some rows (``mask``: their origin and
        set, ``rows`` its rows): one bidder's rows are read at node after node (responder's
        next call after each of opener's rebids), and their arrays are gathered once for all
        of them (those of the last COARSE_BYTES kept)."""
        got = self._coarse_arrays.pop(mask, None)
        if got is None:
            if len(rows) == self.cn and self.origins[mask[0]] is None:  # every row, all of
                got = (self.w_all, self.first_all)  # its hands
            else:
                got = self.origin_arrays(mask[0], rows)
                self._coarse_bytes += got[0].nbytes + got[1].nbytes
        self._coarse_arrays[mask] = got  # the most recent last
        while self._coarse_bytes > COARSE_BYTES and len(self._coarse_arrays) > 1:
            old = self._coarse_arrays.pop(next(iter(self._coarse_arrays)))
            if old[0] is not self.w_all:
                self._coarse_bytes -= old[0].nbytes + old[1].nbytes
        return got

    def origin_arrays(self, origin: int, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The hands (float64) and the first fine row of each of some rows (ascending) in an
        origin."""
        w, f = self.w_all.take(rows), self.first_all.take(rows)
        split = self.origins[origin]
        if split is not None:  # rows some of whose hands make another call
            at = np.searchsorted(rows, split[0])
            at[at == len(rows)] = 0
            hit = rows[at] == split[0] if len(rows) else np.zeros(len(at), dtype=bool)
            w[at[hit]] = split[1][hit]
            f[at[hit]] = split[2][hit]
        return w, f

    def decompose(self, masks: frozenset) -> "Parts":
        """The rows every one of ``masks`` holds with the same hands and first fine row (the
        *core*, ascending), and each mask's other rows (its *extras*): see
        :class:`~.reading.Shared`. Those of the last masks read are kept (a bidder's rows
        are read at node after node)."""
        got = self._decomposed.pop(masks, None)
        if got is None:
            rows = {m: self.rows_of(m) for m in masks}
            held = np.zeros(self.cn, dtype=np.uint8)
            for r in rows.values():
                held[r] += 1
            same = held == len(masks)
            odd = self._parted(tuple(sorted({m[0] for m in masks})))
            same[odd] = False
            got = Parts(np.flatnonzero(same), {m: r[~same[r]] for m, r in rows.items()})
            self._decomposed_bytes += got.nbytes()
        self._decomposed[masks] = got  # (the most recent last)
        while self._decomposed_bytes > DECOMPOSED_BYTES and len(self._decomposed) > 1:
            self._decomposed_bytes -= self._decomposed.pop(next(iter(self._decomposed))).nbytes()
        return got

    def _parted(self, origins: tuple[int, ...]) -> np.ndarray:
        """The rows whose hands or first fine row differ between some of ``origins``."""
        got = self._parted_rows.get(origins)
        if got is None:
            odd = [split[0] for split in (self.origins[o] for o in origins)
                   if split is not None]
            got = NONE
            if len(origins) > 1 and odd:
                at = np.unique(np.concatenate(odd)).astype(np.intp)
                w0, f0 = self.origin_arrays(origins[0], at)
                differ = np.zeros(len(at), dtype=bool)
                for o in origins[1:]:
                    w, f = self.origin_arrays(o, at)
                    differ |= (w != w0) | (f != f0)
                got = at[differ]
            self._parted_rows[origins] = got
        return got

    def keep_values(self, ekey: tuple, groups) -> None:
        """Keep a reading of every row: each row's call, bid point and pattern of guards
        (reading.Groups.kept). A later reading of the same rules over some rows (a player who
        passed at the opening, where another seat's player made a first call) takes its values
        from them, at most FULL_BYTES kept (the oldest dropped first)."""
        self.full_values[ekey] = groups
        self.full_bytes += _nbytes(groups)
        while self.full_bytes > FULL_BYTES and len(self.full_values) > 1:
            self.full_bytes -= _nbytes(self.full_values.pop(next(iter(self.full_values))))

    def read_whole(self, ekey: tuple, rules, vul: tuple[bool, bool]):
        """The rules of ``ekey`` read over every row, kept (:meth:`keep_values`): several
        readings of this round read them over rows that together outnumber the level's."""
        from openbid.readers.census.tree.reading import Groups

        self.whole.discard(ekey)  # (once: if dropped before its readings, each reads its own)
        groups = Groups.read(self.full_cview, rules, vul).kept()
        self.keep_values(ekey, groups)
        return groups

    def read_union(self, key: tuple, sets: list[np.ndarray], rules, vul: tuple[bool, bool]
                   ) -> list:
        """``rules`` read once over the union of some sets of rows (each ascending), and each
        set's values (reading.Groups, kept) taken from it: what a row makes depends on the row
        alone. The union's view is kept beside the masks' views under ``key`` (its values
        serve every table read over those rows, as a mask's view does)."""
        from openbid.readers.census.tree.reading import Groups

        union = sets[0]
        if len(sets) > 1:  # (a bitmap of the rows: sorting them is several times slower)
            bits = np.zeros(self.cn, dtype=bool)
            for rows in sets:
                bits[rows] = True
            union = np.flatnonzero(bits)
        view, _ = self._recent_view(key, union, lambda: None)
        groups = Groups.read(view, rules, vul).kept()
        if len(sets) == 1:
            return [groups]
        groups = groups.spread(union, self.cn)  # each row's values at its place among all
        return [groups.at(rows) for rows in sets]

    def intern_like(self, mask, rows: np.ndarray):
        """The mask of ``rows``, rows of ``mask``'s origin."""
        return (mask[0], self.csets.intern(rows)) + self.tag

    def intern_union(self, mask, a: np.ndarray, b: np.ndarray):
        """The mask of the rows of two sets of rows (ascending, disjoint) of ``mask``'s
        origin."""
        return (mask[0], self.csets.intern_union(a, b)) + self.tag

    def intern_bits(self, mask, bits: np.ndarray):
        """The mask of the rows of ``mask``'s origin where ``bits`` (over every row) is set."""
        return (mask[0], self.csets.intern_bits(bits)) + self.tag

    def csub_chunk(self, rows: np.ndarray) -> Chunk:
        assert self.cchunk is not None
        if self._cstacked is None:
            self._cstacked = stacked(self.cchunk)
        return sub_chunk(self.cchunk, self.ccomp_bounds, rows, self._cstacked)

    def rows_of(self, mask) -> np.ndarray:
        if mask == EMPTY:
            return NONE
        return self.csets.rows(mask[1])

    def primed(self, ekey: tuple, mask):
        """The groups Walk.shared_groups read for the reading of ``ekey`` over ``mask``
        (None: none)."""
        return self._primed.pop((ekey, mask), None)

    def end_walk(self) -> None:
        """A walk's round is over: drop the views and values kept for its next readings, and
        compress the sets (kept for the next rounds, which read few of them)."""
        self._full_cview = None
        self._sub_views.clear()
        self._primed.clear()
        self._coarse_arrays.clear()
        self._coarse_bytes = 0
        self._decomposed.clear()
        self._decomposed_bytes = 0
        self.full_values.clear()
        self.full_bytes = 0
        self.whole.clear()
        self.csets.compact()


class Lumped(CoarseRows):
    """A walk's lumped level (see the module): its rows are the classes of ``pq`` over the
    walk's compositions, each a union of the walk's coarse rows. An origin here is a coarse
    mask (the *base*: an origin of the opening's calls) lumped, each row weighted by the hands
    of the base's coarse rows it merges."""

    tag = (1,)

    def __init__(self, walk, pq: Pass) -> None:
        from openbid.readers.census.tree.opening import class_map

        self._init_rows(pq)
        self.walk = walk
        self.cchunk = pq.domain.chunk_of(walk.cchunk.comps)
        self.cn = self.csets.n = self.cchunk.size
        self.ccomp_bounds = np.cumsum((0,) + self.cchunk.sizes)
        self.up, n = class_map(walk.pc, pq, walk.cchunk.comps)  # a coarse row -> its lumped
        assert n == self.cn and len(self.up) == walk.cn
        self.w_all = np.bincount(self.up, weights=walk.w_all, minlength=self.cn)
        self.first_all = first_rows(self.up, self.cn, walk.first_all, NONE_ROW)
        self.base: list[tuple] = []  # per origin, the coarse mask it lumps
        self._lumped: dict[tuple, tuple] = {}  # a coarse mask -> its lumped mask
        self._expanded: dict[tuple, tuple] = {}  # a lumped mask -> its coarse mask
        self.all_rows = self.lump(walk.all_rows)

    def example(self, row: int, vul: str):
        return self.walk.example(row, vul)

    def under(self, mask: tuple, rows: np.ndarray, up: np.ndarray) -> np.ndarray:
        """Those of ``rows`` (a finer level's; ``up``: each of its rows' row here) whose rows
        here are ``mask``'s."""
        keep = np.zeros(self.cn, dtype=bool)
        keep[self.rows_of(mask)] = True
        return rows[keep[up.take(rows)]]

    def lump(self, cmask: tuple) -> tuple:
        """The lumped mask of a coarse mask (an origin's, made by the opening): each lumped
        row its coarse rows' hands, first by the least of their first fine rows."""
        got = self._lumped.get(cmask)
        if got is None:
            walk = self.walk
            rows = walk.rows_of(cmask)
            w, f = walk.coarse_arrays(cmask, rows)
            up = self.up.take(rows)
            wq = np.bincount(up, weights=w, minlength=self.cn)
            fq = first_rows(up, self.cn, f, NONE_ROW)
            qrows = np.flatnonzero(fq != NONE_ROW)
            wq, fq = wq[qrows], fq[qrows]
            odd = (wq != self.w_all[qrows]) | (fq != self.first_all[qrows])
            self.origins.append((qrows[odd], wq[odd], fq[odd]) if odd.any() else None)
            self.base.append(cmask)
            got = self._lumped[cmask] = (len(self.origins) - 1, self.csets.intern(qrows)) + \
                self.tag
        return got

    def expand(self, mask: tuple) -> tuple:
        """The coarse mask of a lumped one: its base's coarse rows whose lumped rows are the
        mask's (nothing read over the lumped rows tells a lumped row's coarse rows apart)."""
        got = self._expanded.get(mask)
        if got is None:
            walk = self.walk
            cmask = self.base[mask[0]]
            rows = walk.rows_of(cmask)
            got = self._expanded[mask] = walk.intern_like(cmask, self.under(mask, rows, self.up))
        return got


class Summed(Lumped):
    """A walk's summed level, above the lumped one: its rows are the classes of the lumped
    rows by each suit's length and the values of a few per-suit tables (SAYC's stoppers), and
    by the values of the *atoms*, definitions read whole (HCP: a hand's points, not its points
    in each suit). SAYC: 80 thousand rows for 1.5 million lumped ones, and most of its nodes
    past the opening read nothing more (their point count, their suits' lengths, their
    stoppers). A summed row is weighted by the hands of the coarse rows it merges, first by the
    least of their first fine rows, as a lumped row is; it is read at its first lumped row (its
    *representative*: every row it merges has the same values of whatever a node read over
    this level reads, and so makes the same call). A node that reads more is read over the
    lumped rows of the player's summed rows (:meth:`lower`), or over their coarse rows."""

    tag = (2,)

    def __init__(self, walk, lumped: Lumped, tables: frozenset[str],
                 atoms: tuple[str, ...]) -> None:
        self._init_rows(lumped.pc)
        self.walk = walk
        self.lumped = lumped
        assert lumped.cchunk is not None
        key = _summed_key(lumped, tables, atoms)
        uniq, first, inv = np.unique(key, return_index=True, return_inverse=True)
        order = np.argsort(first)  # (numbered by their first lumped rows: ascending)
        number = np.empty(len(order), dtype=np.int32)
        number[order] = np.arange(len(order), dtype=np.int32)
        self.down = number.take(inv.reshape(-1))  # a lumped row -> its summed row
        self.reps = first[order]
        self.cchunk = lumped.csub_chunk(self.reps)
        self.cn = self.csets.n = self.cchunk.size
        self.ccomp_bounds = np.cumsum((0,) + self.cchunk.sizes)
        self.up = self.down.take(lumped.up)  # a coarse row -> its summed row
        self.w_all = np.bincount(self.down, weights=lumped.w_all, minlength=self.cn)
        self.first_all = first_rows(self.down, self.cn, lumped.first_all, NONE_ROW)
        self.base = []
        self._lumped = {}
        self._expanded = {}
        self._lowered: dict[tuple, tuple] = {}  # a summed mask -> its lumped mask
        self.all_rows = self.lump(walk.all_rows)

    def lower(self, mask: tuple) -> tuple:
        """The lumped mask of a summed one: the lumped rows of its base's (lumped) whose
        summed rows are the mask's (nothing read over the summed rows tells a summed row's
        lumped rows apart)."""
        got = self._lowered.get(mask)
        if got is None:
            lm = self.lumped.lump(self.base[mask[0]])
            rows = self.lumped.rows_of(lm)
            got = self._lowered[mask] = self.lumped.intern_like(
                lm, self.under(mask, rows, self.down))
        return got


def _summed_key(lumped: Lumped, tables: frozenset[str], atoms: tuple[str, ...]) -> np.ndarray:
    """Each lumped row's class of the summed level, as a number: each suit's length and values
    of ``tables``, and the values of ``atoms``."""
    from openbid.expr.ast import Name
    from openbid.readers.census.arrays import Fx
    from openbid.readers.census.domain import SUITS

    pq = lumped.pc
    view = ChunkView(pq, lumped.cchunk)
    key = np.zeros(lumped.cn, dtype=np.int64)
    span = 1
    for k in SUITS:
        states = pq.domain.suits[k - 1]
        cols = [states.length.astype(np.int64)]
        for t in sorted(pq.tables[k], key=lambda t: t.name):
            if t.name in tables:
                v = pq.suit_table(t, k)
                cols.append((v.a if isinstance(v, Fx) else v).astype(np.int64))
        _, sig = np.unique(np.stack(cols, axis=1), axis=0, return_inverse=True)
        n = int(sig.max(initial=0)) + 1
        key = key * n + sig.reshape(-1).take(view.index(k))
        span *= n
    reader = view.reader(0)
    for atom in atoms:
        v = reader.value(Name(atom))
        if isinstance(v, Fx):  # (a constant one parts nothing)
            n = v.hi - v.lo + 1
            key = key * n + (v.a.astype(np.int64) - v.lo)
            span *= n
    if span >= 1 << 62:
        raise OverflowError("the summed level's classes do not fit in 63 bits")
    return key


class Parts:
    """Masks of one level read together, decomposed (:meth:`CoarseRows.decompose`): the
    core's rows, each mask's extras, and (once asked) their hands and first fine rows."""

    def __init__(self, core: np.ndarray, extras: dict) -> None:
        self.core = core
        self.extras = extras
        # (the core's hands and first rows, and each mask's extras': see arrays)
        self._arrays: tuple | None = None

    def arrays(self, lv: CoarseRows) -> tuple[np.ndarray, np.ndarray, dict]:
        """The core's hands (float64) and first fine rows (alike in every mask's origin),
        and each mask's extras' (kept: a mask is read at node after node)."""
        if self._arrays is None:
            origin = next(iter(self.extras))[0]
            w, f = lv.origin_arrays(origin, self.core)
            self._arrays = (w, f, {m: lv.origin_arrays(m[0], r)
                                   for m, r in self.extras.items() if len(r)})
        return self._arrays

    def nbytes(self) -> int:
        """The bytes of the rows and (once made) their arrays: about thrice the rows'."""
        return 3 * (self.core.nbytes + sum(r.nbytes for r in self.extras.values()))


def _nbytes(groups) -> int:
    return groups.bidval.nbytes + groups.section.nbytes + groups.cell.nbytes
