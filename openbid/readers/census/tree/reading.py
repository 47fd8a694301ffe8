"""One reading of the tree census: a node's rules over some rows of a walk in one
vulnerability, its counts and the rows making each call.

Every count is a sum over groups of rows that nothing the rules read tells apart (each weighted
by its rows' hands, first by its rows' first fine row): at the opening, the groups of a part of
the fine classes by the values of everything its tables read (their *atoms*, :func:`atoms`:
SAYC's nine opening tables read 38, and a million fine classes make about two hundred groups),
read once per table at each group's first row; past the opening, where a table reads a few
hundred thousand coarse rows once, each row is its own group.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np

from openbid.bridge.bids import bid_text
from openbid.expr.ast import Expr
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import ChunkView, Fx, among, full_mask
from openbid.readers.census.gram import mask_word, cell_sums, cells, patterns
from openbid.readers.census.grouping import first_rows
from openbid.bridge.notation import vul_word
from openbid.readers.census.tree.counts import NodeClaim, NodeCounts
from openbid.readers.census.tree.rows import EMPTY

FULL_SHARE = 4  # a reading of at least 1/FULL_SHARE of the rows makes its calls' masks as
# bitmaps over every row
NONE_ROW = np.iinfo(np.intp).max  # "no row": the largest integer, never a minimum's answer


@lru_cache(maxsize=4096)
def atoms(rules: Rules) -> tuple[Expr, ...]:
    """Everything the rules read: each guard, condition and bid value their execution asks
    for (loops unrolled), and each bid point's guard (openbid.systems.rules.meets)."""
    from openbid.readers.uses import rule_exprs

    return tuple(dict.fromkeys(list(rule_exprs(rules)) +
                               [meets_expr(rules, lb) for lb in rules.labels[:-1]]))


def outcome_free(e: Expr) -> list[Expr]:
    """The largest parts of ``e`` that do not read the rules' outcome (``bid``, ``section``,
    ``bidval``): with the outcome, they decide ``e``."""
    from openbid.expr.ast import Const, Name, children, expand_quantifiers, walk
    from openbid.expr.names import OUTCOMES, string_comparison

    def reads(x: Expr) -> bool:
        for y in walk(x):
            if isinstance(y, Name) and y.id in OUTCOMES:
                return True
            try:
                sc = string_comparison(y)
            except Exception:  # not a comparison this reads: decided by its parts
                sc = None
            if sc is not None and sc[0] in OUTCOMES:
                return True
        return False

    out: list[Expr] = []
    todo = [expand_quantifiers(e)]
    while todo:
        x = todo.pop()
        if isinstance(x, Const) or (isinstance(x, Name) and x.id in OUTCOMES):
            continue
        if reads(x):
            todo.extend(children(x))
        else:
            out.append(x)
    return out


def atom_values(reader, exprs) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The values of ``exprs`` over a reader's rows that vary: Boolean masks, and numbers as
    small non-negative integers (each array once)."""
    masks: dict[int, np.ndarray] = {}
    values: dict[int, np.ndarray] = {}
    for e in exprs:
        v = reader.value(e)
        if isinstance(v, np.ndarray) and v.dtype == bool:
            masks.setdefault(id(v), v)
        elif isinstance(v, Fx) and v.lo != v.hi and id(v.a) not in values:
            a = v.a.astype(np.int64) - v.lo
            values[id(v.a)] = a if v.hi - v.lo < 1 << 24 else \
                np.unique(a, return_inverse=True)[1].reshape(-1)
    return list(masks.values()), list(values.values())


def every_pattern(guards: int, labels: int, rows: int) -> bool:
    """Whether a reading of ``rows`` rows counts every pattern of its ``guards`` array guards
    (numbered by their bits), not only those its rows have: few guards (up to ten) over many
    rows, whose every pattern's cells (x ``labels``) are still far fewer than the rows."""
    return guards <= 10 and (labels << guards) * 4 <= rows


@dataclass
class Groups:
    """What a table's rules make of each group of rows (read at the group's first row): the
    bid value and bid point of each group, each label's bid when every bid point bids one
    constant (``sbids``), the guards (an array over the groups, or a constant), and the
    groups' patterns of guards (``on``: patterns x array guards). ``cell``: each group's
    pattern x labels + its label (what every count of a reading sums by, made once for
    every reading that takes these groups' values at some rows; int32 when kept)."""

    bidval: np.ndarray
    section: np.ndarray
    sbids: np.ndarray | None
    guards: list
    cell: np.ndarray
    on: np.ndarray

    @staticmethod
    def read(view: ChunkView, rules: Rules, vul: tuple[bool, bool]) -> "Groups":
        """``rules`` over ``view``, one row a group."""
        reader = view.reader(0)
        reader.rules = rules
        reader.context = {"VUL": vul[0], "THEYVUL": vul[1]}
        return Groups.of(reader, rules)

    @staticmethod
    def of(reader, rules: Rules) -> "Groups":
        """``rules`` over a reader's rows, one row a group."""
        bidval, section = reader.outcome
        guards = [reader.cond(meets_expr(rules, lb)) for lb in rules.labels[:-1]]
        arrays = [g for g in guards if isinstance(g, np.ndarray)]
        nl = len(rules.labels)
        if every_pattern(len(arrays), nl, reader.n):  # each row's pattern is its guards'
            # bits, every pattern present or not (no pass numbering the ones present; a
            # pattern no row has counts nothing)
            inv = mask_word(arrays, reader.n)
            on = ((np.arange(1 << len(arrays))[:, None] >> np.arange(len(arrays))) & 1
                  ).astype(bool)
        else:
            inv, _, on = patterns(arrays, reader.n, first_rows=False)
        return Groups(bidval, section, reader.section_bids, guards, cells(inv, section, nl), on)

    def kept(self) -> "Groups":
        """The same, smaller: the bid values and cells narrowed (a reading widens its rows'
        cells again), an array guard a mark (None: its values are the patterns', ``on``)."""
        narrow = np.int32 if self.on.shape[0] * (len(self.guards) + 1) < 1 << 31 else np.intp
        return Groups(self.bidval.astype(np.int16), self.section, self.sbids,
                      [None if isinstance(g, np.ndarray) else g for g in self.guards],
                      self.cell.astype(narrow), self.on)

    def spread(self, rows: np.ndarray, n: int) -> "Groups":
        """These groups (one a row, of the ascending ``rows`` of ``n``) placed at their rows
        among all ``n`` (the others' values unset: read only at ``rows``)."""
        out = []
        for a in (self.bidval, self.section, self.cell):
            full = np.empty(n, dtype=a.dtype)
            full[rows] = a
            out.append(full)
        return Groups(out[0], out[1], self.sbids, self.guards, out[2], self.on)

    def at(self, rows: np.ndarray) -> "Groups":
        """These groups' values at some of them (a kept reading's: its guards marks)."""
        return Groups(self.bidval.take(rows), self.section.take(rows), self.sbids, self.guards,
                      self.cell.take(rows), self.on)


@dataclass
class Counted:
    """What a reading sums over its rows: per pattern of guards and label, the hands (integer
    sums below 2**53: exact) and the first row (``per_pat``, ``firsts``: patterns x labels);
    where some bid point's value varies, per code (bid value x labels + label) likewise
    (``per_code``, float64, and ``cfirst``; else None)."""

    per_pat: np.ndarray
    firsts: np.ndarray
    per_code: np.ndarray | None = None
    cfirst: np.ndarray | None = None

    @staticmethod
    def of(groups: "Groups", wg: np.ndarray, fg: np.ndarray, nl: int) -> "Counted":
        """The sums over rows whose values are ``groups``', hands ``wg`` (float64) and first
        fine rows ``fg``."""
        npat = groups.on.shape[0]
        cell = groups.cell.astype(np.intp, copy=False)  # (numpy counts by intp)
        per_pat = cell_sums(cell, npat, nl, wg)
        firsts = first_rows(cell, npat * nl, fg, NONE_ROW).reshape(npat, nl)
        if groups.sbids is not None:
            return Counted(per_pat, firsts)
        bidval = groups.bidval
        if (int(bidval.max(initial=0)) + 1) * nl < 1 << 15:  # narrow codes: faster to count
            code = bidval.astype(np.int16) * np.int16(nl)
        else:
            code = bidval.astype(np.intp) * nl
        code += groups.section
        per_code = np.bincount(code, weights=wg)
        return Counted(per_pat, firsts, per_code,
                       first_rows(code, len(per_code), fg, NONE_ROW))  # each code's first row

    def plus(self, other: "Counted") -> "Counted":
        """The sums over the rows of both (no row in both)."""
        per_code = cfirst = None
        if self.per_code is not None and other.per_code is not None:
            assert self.cfirst is not None and other.cfirst is not None
            n = max(len(self.per_code), len(other.per_code))
            per_code = np.zeros(n)
            per_code[:len(self.per_code)] += self.per_code
            per_code[:len(other.per_code)] += other.per_code
            cfirst = np.full(n, NONE_ROW, dtype=np.intp)
            cfirst[:len(self.cfirst)] = self.cfirst
            np.minimum(cfirst[:len(other.cfirst)], other.cfirst, out=cfirst[:len(other.cfirst)])
        return Counted(self.per_pat + other.per_pat, np.minimum(self.firsts, other.firsts),
                       per_code, cfirst)


class Shared:
    """A folded table read for several masks of one level at once: one bidder's rows in
    several vulnerabilities, which their earlier calls part only a little (SAYC: three masks
    in four vulnerabilities where the bidder passed at the opening, whose preempts read the
    vulnerability, each about 97% of the others). The rows all of them hold with the same
    hands and first fine row (the *core*, :meth:`CoarseRows.decompose`) are counted once;
    each mask's other rows (its *extras*) on their own, and added. A call's rows in a mask are
    its core rows and its extras (each call's core rows found once). What a row makes depends
    on the row alone, so every count, call and example is each mask's own reading's."""

    def __init__(self, lv, rules: Rules, vul: tuple[bool, bool], parts) -> None:
        self.lv = lv
        self.parts = parts
        nl = len(rules.labels)
        core, extras = parts.core, parts.extras
        some = [m for m, r in extras.items() if len(r)]
        # (Walk.shared_groups makes none for a table read over every row: see Reading)
        at_core, *rest = lv.read_union(("union", *sorted(m[1] for m in extras)),
                                       [core] + [extras[m] for m in some], rules, vul)
        at = dict(zip(some, rest))
        self.groups = at_core  # (the core's values: its guards and patterns serve every mask)
        w, f, each = parts.arrays(lv)
        self.core = Counted.of(at_core, w, f, nl)
        self.each = {m: self.core.plus(Counted.of(at[m], each[m][0], each[m][1], nl))
                     if m in at else self.core for m in extras}
        self._at = at  # (each mask's extras')
        self._made: dict | None = None

    def counted(self, mask) -> Counted:
        return self.each[mask]

    def children(self, mask, names: list[str]) -> list:
        """The masks of the rows of ``mask`` making each call of ``names``."""
        if self._made is None:
            self._made = self._divide()
        made = self._made[mask]
        return [made[c] for c in names]

    def _divide(self) -> dict:
        """Every mask's calls' masks: each call's core rows found once, with each mask's
        extras making it."""
        from openbid.bridge.bids import bid_text

        lv, parts = self.lv, self.parts
        sbids = self.groups.sbids
        kind = "section" if sbids is not None else "bidval"
        values = [getattr(self.groups, kind)] + [getattr(g, kind) for g in self._at.values()]
        top = max(int(v.max(initial=0)) for v in values) + 1
        present = np.zeros(top, dtype=bool)
        for v in values:
            present[v] = True
        names: list[str] = []
        lut = np.zeros(top, dtype=np.uint8)
        for v in np.flatnonzero(present).tolist():
            c = bid_text(int(sbids[v]) if sbids is not None else v)
            if c not in names:
                names.append(c)
            lut[v] = names.index(c)
        k = list(range(len(names)))
        core = [parts.core[pick] for pick in _split(lut.take(getattr(self.groups, kind)), k)]
        extra = {m: [parts.extras[m][pick] for pick in _split(lut.take(getattr(g, kind)), k)]
                 for m, g in self._at.items()}
        out: dict = {m: {} for m in parts.extras}
        for i, c in enumerate(names):
            rows = core[i]
            alone = None  # (the core's rows of the call, as a set: a mask with no extras)
            for m in parts.extras:
                ex = extra[m][i] if m in extra else _NO_ROWS
                if len(ex):
                    out[m][c] = lv.intern_union(m, rows, ex)
                elif len(rows):
                    if alone is None:
                        alone = lv.intern_like(m, rows)[1]
                    out[m][c] = (m[0], alone) + lv.tag
        return out


_NO_ROWS = np.zeros(0, dtype=np.intp)


class Reading:
    """A node's rules read over some rows of a walk in one vulnerability: the counts, and the
    rows making each call (by their number)."""

    def __init__(self, walk, gap: bool, rules: Rules, mask,
                 vul: tuple[bool, bool], ekey: tuple | None = None, keep: bool = False,
                 calls: bool = False) -> None:
        """``gap``: whether falling through the rules is a gap (the node's block does not say
        ``else pass``); ``rules`` as :meth:`Walk.folded` gives them; ``ekey``: what the
        rules' values over a row depend on (the folded table, the vulnerability if it reads
        it), under which a reading of every coarse row keeps its groups for later readings
        of some; ``keep``: an opening node's reading of every row, whose patterns and calls
        the system checks take (``root``: see
        :func:`openbid.readers.census.system_pass.shared_counts`); ``calls``: keep each row's
        call and bid point (``outcome``) for the node's claims."""
        self.root: tuple | None = None
        self.outcome: tuple[np.ndarray, np.ndarray] | None = None
        self.walk = walk
        self.rules = rules
        self.vul = vul
        self.children: dict[str, object] = {}
        self.counts = NodeCounts()
        self.mask = mask
        labels = rules.labels
        nl = len(labels)
        primed = walk.primed(ekey, mask) if ekey is not None and mask != -1 else None
        if isinstance(primed, Shared):  # counted with other masks' rows (see Shared)
            self._count(primed.counted(mask), primed.groups, gap, keep,
                        lambda kind, of_call, names: primed.children(mask, names))
            return
        rows = walk.rows_of(mask)
        n_rows = walk.n if rows is None else len(rows)
        if n_rows == 0:
            return
        fine = rows is None  # every fine row of a part (an opening node): the part's groups
        rowpos = np.arange(n_rows, dtype=np.intp) if fine else rows
        gid: np.ndarray | None = None
        if fine:  # (each group's hands and first row: the part's rows, examples follow)
            gid, groups, wg, fg = walk.groups(rules, vul)
        else:
            w, fg = walk.coarse_arrays(mask, rows)
            wg = w.astype(np.float64, copy=False)  # integer sums below 2**53: exact
            kept = walk.full_values.get(ekey) if ekey is not None else None
            if primed is not None:  # read with other rows for other weights (the same
                groups = primed  # rules in another context): these rows' part of it
            elif kept is not None:
                # These rules were read over every coarse row in this vulnerability (for
                # another player's hands, weighted otherwise): each row's call, bid point and
                # pattern of guards are that reading's, at these rows.
                groups = kept.at(rows)
            elif ekey is not None and ekey in walk.whole and n_rows < walk.cn:
                # several readings of this round read these rules over most of the rows
                # (Walk._plan_whole): read over every row once, these rows' values taken
                groups = walk.read_whole(ekey, rules, vul).at(rows)
            else:
                reader, _ = self.reader(rows)
                groups = Groups.of(reader, rules)
                if n_rows == walk.cn and ekey is not None:
                    walk.keep_values(ekey, groups.kept())
        if calls or (keep and gid is None):  # each row's call and bid point (the claims; the
            # system checks, which read a part's groups)
            self.outcome = (groups.bidval, groups.section) if gid is None else \
                (groups.bidval[gid], groups.section[gid])
        elif keep:
            self.outcome = (groups.bidval, groups.section)  # (each group's: see FinePart)
        self._count(Counted.of(groups, wg, fg, nl), groups, gap, keep,
                    lambda kind, of_call, names: self._made(getattr(groups, kind), of_call,
                                                            rowpos, gid))

    def _count(self, counted: "Counted", groups: "Groups", gap: bool, keep: bool,
               made: Callable[[str, list[list[int]], list[str]], list]) -> None:
        """The node's counts from the sums over its rows (``groups``: the table's guards,
        patterns and bid points' calls; ``made``: given "section" or "bidval", each call's
        labels or bid values and the calls, the masks of each call's rows)."""
        walk, labels = self.walk, self.rules.labels
        nl = len(labels)
        nc = self.counts
        pass_index = nl - 1
        word = vul_word(*self.vul)
        guards, on = groups.guards, groups.on
        npat = on.shape[0]
        per_pat, firsts = counted.per_pat, counted.firsts
        nc.selected = int(per_pat.sum())  # (every row's hands: no pass over the rows)
        per = per_pat.sum(axis=0)  # each bid point's hands
        if groups.sbids is not None:
            self._calls_by_point(groups.sbids, per, firsts, keep, on, guards, per_pat, made)
        else:
            self._calls_by_value(counted, keep, on, guards, per_pat, firsts, made)
        # the bid points, and the gap
        for i, lb in enumerate(labels[:-1]):
            nc.bids[lb] = int(per[i])
        if gap and per[pass_index]:
            nc.gap = int(per[pass_index])
            nc.gap_example = walk.example(int(firsts[:, pass_index].min()), word)
        # each guard: its hands, and the points that take them (a guard's patterns x each
        # pattern's hands by bid point, all guards at once: exact integer products)
        meets = _guards_on(guards, on, npat)
        takers_all = meets.astype(np.int64) @ per_pat
        off = takers_all.copy()
        np.fill_diagonal(off, 0)  # (a guard's own point taking its hands is no finding)
        for j, lb in enumerate(labels[:-1]):
            nc.meets[lb] = int(takers_all[j].sum())
        for j in np.flatnonzero(off.any(axis=1)).tolist():
            lb = labels[j]
            takers = off[j]
            fx = firsts[meets[j]].min(axis=0)
            for i in np.flatnonzero(takers).tolist():
                nc.taken[(lb, labels[i])] = int(takers[i])
                nc.taken_example[(lb, labels[i])] = walk.example(int(fx[i]), word)

    def _root(self, on: np.ndarray, guards: list, per_pat: np.ndarray, firsts: np.ndarray,
              code_first: dict[int, int], code_hands: dict[int, int]) -> None:
        """Keep what the system checks take from an opening node's reading (``root``: see
        :func:`openbid.readers.census.system_pass.shared_counts`): the patterns its rows have
        (a reading that counted every pattern of its guards, :func:`every_pattern`, has some
        that no row has, and no first row to show)."""
        pat_first = firsts.min(axis=1)
        had = np.flatnonzero(pat_first != NONE_ROW)
        on_all = np.ascontiguousarray(_guards_on(guards, on, per_pat.shape[0]).T[had])
        self.root = (on_all, per_pat[had], pat_first[had], code_first, code_hands)

    def _lazy(self) -> bool:
        """A reading of every fine row (an opening node, :mod:`.opening`): each call's rows
        are projected onto the coarse rows at once (FinePart.lazy_children)."""
        return self.walk.rows_of(self.mask) is None

    def _made(self, values: np.ndarray, of_call: list[list[int]], rowpos: np.ndarray,
              gid: np.ndarray | None) -> list:
        """The masks of the rows of each call, whose labels or bid values (``values``: each
        row's, or each group's: ``gid``) are ``of_call``'s; ``rowpos``: the rows."""
        if self._lazy():
            return self.walk.lazy_children(values, of_call)
        lut = np.zeros(int(values.max(initial=0)) + 1, dtype=np.uint8)
        for i, g in enumerate(of_call):
            lut[g] = i
        return self._children(lut.take(values), len(of_call), rowpos, gid)

    def _children(self, call_of_group: np.ndarray, n_calls: int, rowpos: np.ndarray,
                  gid: np.ndarray | None) -> list:
        """The masks of the rows of each call (``call_of_group``: each group's call's number;
        ``gid``: each row's group, None: each row is one)."""
        of_row = call_of_group if gid is None else call_of_group[gid]
        walk = self.walk
        if gid is None and len(rowpos) == walk.cn:  # every coarse row (a player's first call
            # past the opening): a call's mask over them is its set's bitmap
            return [walk.intern_bits(self.mask, of_row == i) for i in range(n_calls)]
        if gid is None and len(rowpos) * FULL_SHARE >= walk.cn:  # most rows: each row's call
            # placed among every row once, and each call's bitmap made from it (no pass
            # picking each call's rows out of these)
            full = np.full(walk.cn, 255, dtype=np.uint8)
            full[rowpos] = of_row
            return [walk.intern_bits(self.mask, full == i) for i in range(n_calls)]
        return [walk.intern_like(self.mask, rowpos[pick])
                for pick in _split(of_row, list(range(n_calls)))]

    def _calls_by_point(self, sbids: np.ndarray, per: np.ndarray, firsts: np.ndarray,
                        keep: bool, on: np.ndarray, guards: list, per_pat: np.ndarray,
                        made: Callable) -> None:
        """The calls, when every bid point bids one call (``sbids``: each label's): a call's
        hands and first row are its points'."""
        walk, labels = self.walk, self.rules.labels
        nl = len(labels)
        word = vul_word(*self.vul)
        sec_first = firsts.min(axis=0)
        by_call: dict[str, list[int]] = {}  # a call by its points (BIDVALs printing one call:
        for s in np.flatnonzero(per).tolist():  # OPENBID's strong 1C is five of them)
            by_call.setdefault(bid_text(int(sbids[s])), []).append(s)
        bids = sorted(by_call, key=lambda c: min(int(sbids[s]) for s in by_call[c]))
        groups = [by_call[b] for b in bids]
        children = made("section", groups, bids)
        for call, secs, child in zip(bids, groups, children):
            self.counts.calls[call] = [
                int(sum(int(per[s]) for s in secs)),
                walk.example(min(int(sec_first[s]) for s in secs), word),
                {labels[s] for s in secs if s != nl - 1}]
            self.children[call] = child
        if keep:
            self._root(on, guards, per_pat, firsts,
                       {int(sbids[s]) * nl + s: int(sec_first[s]) for g in groups for s in g},
                       {int(sbids[s]) * nl + s: int(per[s]) for g in groups for s in g})

    def _calls_by_value(self, counted: "Counted", keep: bool, on: np.ndarray, guards: list,
                        per_pat: np.ndarray, firsts: np.ndarray, made: Callable) -> None:
        """The calls, counted over the groups' bid values (some bid point's value varies)."""
        walk, labels = self.walk, self.rules.labels
        nl = len(labels)
        pass_index = nl - 1
        word = vul_word(*self.vul)
        nc = self.counts
        per_code, cfirst = counted.per_code, counted.cfirst
        assert per_code is not None and cfirst is not None
        by_value: dict[int, list[int]] = {}
        for cd in np.flatnonzero(per_code).tolist():
            by_value.setdefault(cd // nl, []).append(cd % nl)
        # a call by its BIDVALs (several may print one call: OPENBID's strong 1C is five)
        values_of: dict[str, list[int]] = {}
        for b in sorted(by_value):
            values_of.setdefault(bid_text(b), []).append(b)
        calls = list(values_of)
        children = made("bidval", [values_of[c] for c in calls], calls)
        for call, child in zip(calls, children):
            pairs = [(b, s) for b in values_of[call] for s in by_value[b]]
            nc.calls[call] = [int(sum(round(per_code[b * nl + s]) for b, s in pairs)),
                              walk.example(min(int(cfirst[b * nl + s]) for b, s in pairs),
                                           word),
                              {labels[s] for _, s in pairs if s != pass_index}]
            self.children[call] = child
        if keep:
            present = np.flatnonzero(per_code).tolist()
            self._root(on, guards, per_pat, firsts, {c: int(cfirst[c]) for c in present},
                       {c: int(round(per_code[c])) for c in present})

    def reader(self, rows: np.ndarray | None):
        walk = self.walk
        if rows is None:  # every fine row (an opening node)
            view = walk.full_view
            w = view.weight
        elif len(rows) == walk.cn:  # every coarse row (a player's first call): one view
            view = walk.full_cview  # for all, its values read once per walk
            w = walk.coarse_arrays(self.mask, rows)[0]
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
            if rows is not None:
                row = int(self.walk.coarse_arrays(self.mask, rows)[1][fail].min())
            else:
                row = int(rowpos[int(np.argmax(fail))])
            ex = self.walk.example(row, vul_word(*self.vul))
        return [int(w[premise].sum()), int(w[fail].sum()), ex]


def _guards_on(guards: list, on: np.ndarray, npat: int) -> np.ndarray:
    """Which patterns meet each guard (guards x patterns): an array guard's column of ``on``
    (None: a kept reading's), a constant one everywhere or nowhere."""
    out = np.empty((len(guards), npat), dtype=bool)
    col = 0
    for j, g in enumerate(guards):
        if g is None or isinstance(g, np.ndarray):
            out[j] = on[:, col]
            col += 1
        else:
            out[j] = bool(g)
    return out


def _split(key: np.ndarray, values: list[int]) -> list[np.ndarray]:
    """The positions where ``key`` is each of ``values`` (every row's key among them), in
    order: a few values each by its mask, more by one stable sort (a radix sort of small
    integers) and a split."""
    if len(values) <= 4:  # (positions: numpy picks rows by a scattered Boolean mask
        return [np.flatnonzero(key == v) for v in values]  # several times as slowly)
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]]).tolist()
    at = {int(ordered[st]): order[st:en] for st, en in zip(starts, starts[1:] + [len(order)])}
    return [at.get(v, order[:0]) for v in values]


def _bidvals(call: str) -> list[int]:
    from openbid.expr.names import bidvals_printing

    return bidvals_printing(call)
