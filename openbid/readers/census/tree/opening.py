"""The opening's readings in a walk of the tree census: every opening node (nobody has bid yet)
read over every fine class, one part of the walk's fine classes at a time, and each call's hands
projected at once onto the walk's coarse classes (the *origins* of the later nodes).

Only the opening reads what tells every fine class apart (SAYC's playing tricks and honour
counts). A part's fine classes are gathered, read in every context, projected and dropped. What
a walk keeps of a reading is its counts, its claims and its *calls*: per coarse class the call
that all of its hands make (nearly every coarse class: SAYC's openings split about one in two
hundred), and for the classes whose hands make several calls, each call's hands and first fine
class. A call's origin is then its coarse classes, weighted by all of their hands (every hand of
the class makes it) or by the hands kept for it; its first fine class likewise.

The coarse classes of a composition are numbered arithmetically (no sort): a fine suit state
maps to its coarse state's place among the coarse states of its length. A coarse class's hands
are the product of its coarse suit states' hands, and its first fine class is the one of its
coarse states' representatives (the lowest state of each, itself a fine representative).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import ChunkView
from openbid.readers.census.domain import SUITS, Chunk, compositions
from openbid.readers.census.grouping import first_rows, group_rows
from openbid.readers.census.passes import Pass
from openbid.readers.census.tree.counts import Example, NodeClaim, NodeCounts, merge_claim
from openbid.readers.census.tree.plan import state_maps
from openbid.readers.census.tree.reading import Reading
from openbid.readers.census.tree.rows import sub_chunk

FINE_ROWS = 1 << 20  # fine classes read at once (more: fewer readings, more memory)
SPLIT = 255  # a coarse class whose hands make more than one call


@lru_cache(maxsize=4)  # once per process for a pair of passes
def coarse_ranks(p: Pass, pc: Pass) -> list[np.ndarray]:
    """Per suit: a fine state's position -> its coarse state's place among the coarse states of
    its length (the coarse classes of a composition are the product of those lists)."""
    maps = state_maps(p, pc)
    assert maps is not None
    out = []
    for k in range(4):
        cs = pc.domain.suits[k]
        rank = np.empty(cs.size, dtype=np.intp)
        for n in range(14):
            b = cs.by_length[n]
            rank[b] = np.arange(len(b))
        out.append(rank[maps[k]])
    return out


def class_map(p: Pass, pc: Pass, comps) -> tuple[np.ndarray, int]:
    """Each class of ``p`` over ``comps`` (whole compositions, in order) -> its class of
    ``pc`` (a pass ``p`` refines), numbered from 0 in ``pc``'s enumeration of the same
    compositions (int32); and their number. Arithmetic, from each composition's suit states
    alone (no row of ``p`` read)."""
    ranks = coarse_ranks(p, pc)
    fine, coarse = p.domain.suits, pc.domain.suits
    out, at = [], 0
    for comp in comps:
        r = [ranks[k][fine[k].by_length[n]] for k, n in enumerate(comp)]
        d = [len(coarse[k].by_length[n]) for k, n in enumerate(comp)]
        local = ((r[0][:, None, None, None] * d[1] + r[1][None, :, None, None]) * d[2]
                 + r[2][None, None, :, None]) * d[3] + r[3][None, None, None, :]
        out.append((local.ravel() + at).astype(np.int32))
        at += d[0] * d[1] * d[2] * d[3]
    return (np.concatenate(out) if out else np.zeros(0, dtype=np.int32)), at


@lru_cache(maxsize=4)
def _fine_offsets(p: Pass) -> dict[tuple[int, int, int, int], int]:
    """Each composition's first fine row in the enumeration."""
    out, at = {}, 0
    for comp in compositions():
        out[comp] = at
        at += p.domain.rows(comp)
    return out


def every_row(p: Pass, pc: Pass, comps) -> tuple[np.ndarray, np.ndarray]:
    """The hands of each coarse class of ``comps`` (in order) and its first fine class (its
    place in the fine enumeration), without reading a fine class."""
    fine, coarse = p.domain.suits, pc.domain.suits
    offsets = _fine_offsets(p)
    # a coarse position -> its representative's fine position -> its place among its length's
    fine_rank = []
    for k in range(4):
        rank = np.empty(fine[k].size, dtype=np.int64)
        for n in range(14):
            rank[fine[k].by_length[n]] = np.arange(len(fine[k].by_length[n]))
        fine_rank.append(rank[np.searchsorted(fine[k].reps, coarse[k].reps)])
    ws, fs = [], []
    for comp in comps:
        lists = [coarse[k].by_length[n] for k, n in enumerate(comp)]
        fdims = [len(fine[k].by_length[n]) for k, n in enumerate(comp)]
        r = [fine_rank[k][lists[k]] for k in range(4)]
        first = ((r[0][:, None, None, None] * fdims[1] + r[1][None, :, None, None]) * fdims[2]
                 + r[2][None, None, :, None]) * fdims[3] + r[3][None, None, None, :]
        w = [coarse[k].weight[lists[k]] for k in range(4)]
        weight = w[0][:, None, None, None] * w[1][None, :, None, None] * \
            w[2][None, None, :, None] * w[3][None, None, None, :]
        fs.append(first.ravel() + offsets[comp])
        ws.append(weight.ravel().astype(np.float64))
    if not fs:
        return np.zeros(0), np.zeros(0, dtype=np.int64)
    return np.concatenate(ws), np.concatenate(fs)


@dataclass
class Calls:
    """An opening reading's calls over some coarse rows: per row the index of the call all of
    its hands make (SPLIT: several calls), and per call the split rows some of whose hands make
    it (rows, their hands, first fine rows)."""

    calls: list[str]
    codes: np.ndarray  # uint8, one a coarse row
    split: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = field(default_factory=dict)

    @staticmethod
    def join(parts: list["Calls"], offsets: list[int]) -> "Calls":
        """Parts of consecutive coarse rows (``offsets``: each part's first row) as one."""
        calls = sorted({c for p in parts for c in p.calls})
        assert len(calls) < SPLIT
        at = {c: i for i, c in enumerate(calls)}
        codes = []
        split: dict[str, list] = {}
        for p, off in zip(parts, offsets):
            lut = np.full(256, SPLIT, dtype=np.uint8)
            for i, c in enumerate(p.calls):
                lut[i] = at[c]
            codes.append(lut[p.codes])
            for c, (rows, w, first) in p.split.items():
                split.setdefault(c, []).append((rows + off, w, first))
        return Calls(calls, np.concatenate(codes) if codes else np.zeros(0, np.uint8),
                     {c: tuple(np.concatenate([x[j] for x in v]) for j in range(3))  # type: ignore[misc]
                      for c, v in split.items()})

    def rows(self, call: str) -> np.ndarray:
        """The coarse rows some of whose hands make ``call`` (ascending, int32)."""
        hit = self.codes == self.calls.index(call) if call in self.calls else \
            np.zeros(len(self.codes), dtype=bool)
        sp = self.split.get(call)
        if sp is not None:  # (split rows are coded SPLIT: none is in ``hit`` yet)
            hit[sp[0]] = True
        return np.flatnonzero(hit).astype(np.int32)


@dataclass
class OpeningReading:
    """An opening node's reading in one context over every fine class of a walk: its counts,
    each call's origin (the walk's mask of its coarse rows), and each claim's counts; read
    whole before the walk, so nothing is read again (``root``, ``outcome``: none kept)."""

    counts: NodeCounts = field(default_factory=NodeCounts)
    children: dict[str, object] = field(default_factory=dict)
    claims: dict[str, list] = field(default_factory=dict)
    root = None
    outcome = None

    def claim(self, c: NodeClaim) -> list:
        return self.claims.get(c.id, [0, 0, None])


class FinePart:
    """Some fine classes of a walk, read at the opening: what a :class:`Reading` of every row
    asks of its walk. The rows are grouped once for all the opening tables read here (by the
    values of every atom of every table: :func:`~.reading.atoms`), and each group paired with
    the coarse classes its rows are in; a reading's calls, one a group, are projected onto the
    coarse classes through those pairs."""

    def __init__(self, p: Pass, pc: Pass, chunk: Chunk, identity: bool,
                 tables: list[tuple[Rules, tuple[bool, bool]]], extra: tuple = ()) -> None:
        """``tables``: the (folded) opening tables read here, each with its vulnerability;
        ``extra``: more expressions the groups must tell apart, each with the facts of the deal
        and the rules it is read with."""
        from openbid.readers.census.tree.reading import atom_values, atoms

        self.p = p
        self.pc = pc
        self.chunk = chunk
        self.n = chunk.size
        self.offset = chunk.offset  # the first row's place in the enumeration
        self.identity = identity
        self.cmap = np.arange(self.n, dtype=np.int32)  # a fine row -> its coarse row
        self.cn = self.n
        if not identity:
            self.cmap, self.cn = class_map(p, pc, chunk.comps)
        self._view: ChunkView | None = None
        self._hands: dict[int, str] = {}
        self.projected: list[Calls] = []  # each reading's calls (Reading.children: its index)
        self.full_values: dict = {}  # (coarse readings only)
        self._groups: dict[tuple, object] = {}
        # the groups: every table's atoms, each read in its table's vulnerability
        masks: dict[int, np.ndarray] = {}
        values: dict[int, np.ndarray] = {}
        for rules, vul in tables:
            reader = self.full_view.reader(0)
            reader.rules = rules
            reader.context = {"VUL": vul[0], "THEYVUL": vul[1]}
            ms, vs = atom_values(reader, atoms(rules))
            masks.update((id(m), m) for m in ms)
            values.update((id(v), v) for v in vs)
        by_facts: dict = {}
        for e, facts, rules in extra:
            by_facts.setdefault((facts, rules), []).append(e)
        for (facts, rules), exprs in by_facts.items():
            reader = self.full_view.reader(0)
            reader.rules = rules
            reader.context = dict(facts)
            ms, vs = atom_values(reader, exprs)
            masks.update((id(m), m) for m in ms)
            values.update((id(v), v) for v in vs)
        self.gid, first = group_rows(list(masks.values()), list(values.values()), self.n)
        # (each group's first row: a few hundred rows, gathered suit by suit)
        self.gview = ChunkView(p, sub_chunk(chunk, np.cumsum((0,) + chunk.sizes), first))
        fw = self.full_view.weight.astype(np.float64)
        self.gweight = np.bincount(self.gid, weights=fw, minlength=len(first))
        self.gfirst = first  # (each group's first row: its rows are in the enumeration's order)
        # the pairs (group, coarse row) the rows make: each pair's group, coarse row, hands and
        # first fine row
        if identity:
            self.pairs = None
        else:
            self.pairs = pairs_of(self.gid, self.cmap.astype(np.intp), self.cn, fw)

    @property
    def full_view(self) -> ChunkView:
        if self._view is None:
            self._view = ChunkView(self.p, self.chunk)
        return self._view

    def rows_of(self, mask) -> None:
        assert mask == -1, mask
        return None

    def groups(self, rules: Rules, vul: tuple[bool, bool]):
        """The part's groups of rows (each row's), ``rules``' values in each group, and each
        group's hands and first row."""
        from openbid.readers.census.tree.reading import Groups

        key = (id(rules), vul)
        got = self._groups.get(key)
        if got is None:
            got = self._groups[key] = (rules, Groups.read(self.gview, rules, vul))
        return self.gid, got[1], self.gweight, self.gfirst  # type: ignore[index]

    def example(self, row: int, vul: str) -> Example:
        hand = self._hands.get(row)
        if hand is None:
            pos = [int(self.chunk.ids[s][row]) for s in SUITS]
            hand = self._hands[row] = str(self.p.domain.class_hand(pos))
        return Example(self.offset + row, hand, vul)

    def lazy_children(self, values: np.ndarray, groups: list[list[int]]) -> list:
        """The calls of a reading of every row: each group's value (``values``: small
        non-negative integers) is in one of ``groups`` (a call's); projected onto the coarse
        rows (:class:`Calls`, in ``projected``). Returns for each call (the reading's number
        there, the call's)."""
        k = len(groups)
        assert k < SPLIT  # at most 38 bids, pass, double and redouble
        lut = np.full(int(values.max(initial=0)) + 1, SPLIT, dtype=np.uint8)
        for j, g in enumerate(groups):
            lut[g] = j
        call = lut.take(values)  # each group's call
        cn = self.cn
        split: dict = {}
        if k == 1:
            codes = np.zeros(cn, dtype=np.uint8)
        elif self.pairs is None:  # a coarse row is a fine row: never split
            codes = call.take(self.gid)
        else:
            pg, prow, pw, pfirst = self.pairs
            pc = call.take(pg)  # each pair's call
            lo = np.full(cn, SPLIT, dtype=np.uint8)
            hi = np.zeros(cn, dtype=np.uint8)
            np.minimum.at(lo, prow, pc)
            np.maximum.at(hi, prow, pc)
            codes = lo
            many = lo != hi
            if many.any():
                codes = lo.copy()
                codes[many] = SPLIT
                at = np.flatnonzero(many[prow])  # the pairs of the split coarse rows
                key = prow[at] * k + pc[at]
                kid, kfirst = group_rows([], [key], len(at))
                kw = np.bincount(kid, weights=pw[at], minlength=len(kfirst))
                kf = first_rows(kid, len(kfirst), pfirst[at])
                krow, kcall = prow[at][kfirst], pc[at][kfirst]
                for j in np.unique(kcall).tolist():
                    sel = np.flatnonzero(kcall == j)
                    order = sel[np.argsort(krow[sel], kind="stable")]
                    split[j] = (krow[order].astype(np.int32), kw[order],
                                kf[order].astype(np.int64) + self.offset)
        self.projected.append(Calls([str(j) for j in range(k)], codes, split))  # named later
        return [(len(self.projected) - 1, j) for j in range(k)]

    def read(self, gap: bool, rules: Rules, vul: tuple[bool, bool], keep: bool,
             calls: bool) -> Reading:
        return Reading(self, gap, rules, -1, vul, None, keep, calls)

    def calls_of(self, r: Reading) -> Calls:
        """The calls of the reading ``r`` of this part, named."""
        if not r.children:  # no row (an empty part)
            return Calls([], np.zeros(self.cn, dtype=np.uint8))
        handles: dict = r.children
        (pid,) = {h[0] for h in handles.values()}
        got = self.projected[pid]
        names = [""] * len(got.calls)
        for call, (_, j) in handles.items():
            names[j] = call
        return Calls(names, got.codes, {names[j]: v for j, v in got.split.items()})


def pairs_of(gid: np.ndarray, cmap: np.ndarray, cn: int,
             weight: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The pairs (group, coarse row) that some fine rows make (``gid``, ``cmap``: each fine
    row's, over ``cn`` coarse rows): each pair's group, coarse row, hands (``weight``: each
    fine row's) and first fine row, in no particular order. Nearly every coarse row's fine rows
    are in one group (one pair: the row's own hands and first row); only the fine rows of the
    others are grouped by pair (no sort of every row)."""
    top = np.iinfo(np.intp).max
    lo = np.full(cn, top, dtype=np.intp)
    hi = np.full(cn, -1, dtype=np.intp)
    np.minimum.at(lo, cmap, gid)
    np.maximum.at(hi, cmap, gid)
    one = np.flatnonzero((hi >= 0) & (lo == hi))  # rows of one group
    w_row = np.bincount(cmap, weights=weight, minlength=cn)
    f_row = first_rows(cmap, cn)
    out = [(lo.take(one), one, w_row.take(one), f_row.take(one))]
    mixed = lo != hi
    mixed[hi < 0] = False
    if mixed.any():  # (the fine rows of the coarse rows of several groups)
        at = np.flatnonzero(mixed.take(cmap))
        g, c = gid.take(at), cmap.take(at)
        pid, pfirst = group_rows([], [g, c], len(at))
        out.append((g.take(pfirst), c.take(pfirst),
                    np.bincount(pid, weights=weight.take(at), minlength=len(pfirst)),
                    at.take(pfirst)))
    return tuple(np.concatenate([x[k] for x in out]) for k in range(4))  # type: ignore[return-value]


def merge_part(into: OpeningReading, r: Reading, claims) -> None:
    """Add the reading ``r`` of some fine classes to the walk's reading ``into``: its counts
    and claims."""
    into.counts.add(r.counts)
    for c in claims:
        into.claims[c.id] = merge_claim(into.claims.get(c.id), r.claim(c))
