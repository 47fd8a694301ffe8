"""One reading of the tree census: a node's rules over some rows of a chunk in one
vulnerability, its counts and the rows making each call."""

from __future__ import annotations

import numpy as np

from openbid.bridge.bids import bid_text
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import among, full_mask
from openbid.readers.census.gram import pattern_sums, patterns
from openbid.readers.census.grouping import first_rows
from openbid.readers.census.tree.counts import NodeClaim, NodeCounts, vul_word
from openbid.readers.census.tree.rows import EMPTY


class Reading:
    """A node's rules read over some rows of the chunk in one vulnerability: the counts, and the
    rows making each call (by their number)."""

    def __init__(self, walk, gap: bool, rules: Rules, mask,
                 vul: tuple[bool, bool], ekey: tuple | None = None, keep: bool = False,
                 calls: bool = False) -> None:
        """``gap``: whether falling through the rules is a gap (the node's block does not say
        ``else pass``); ``rules`` as :meth:`Walk.folded` gives them; ``ekey``: what the
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
        word = vul_word(vul)
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
            nc.gap_example = walk.example(int(firsts[:, pass_index].min()), word)
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
                    nc.taken_example[(lb, labels[i])] = walk.example(int(fx[i]), word)

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
        """A reading of every fine row (an opening node, :mod:`.opening`): each call's rows
        are projected onto the coarse rows at once (FinePart.lazy_children)."""
        return rows is None

    def _calls_by_point(self, sbids: np.ndarray, section: np.ndarray, per: np.ndarray,
                        firsts: np.ndarray, rows, rowpos: np.ndarray, keep: bool,
                        on: np.ndarray, guards: list, per_pat: np.ndarray) -> None:
        """The calls, when every bid point bids one call (``sbids``: each label's): a call's
        hands and first row are its points', its rows those of its points (no count over
        the rows)."""
        walk, labels = self.walk, self.rules.labels
        nl = len(labels)
        word = vul_word(self.vul)
        sec_first = firsts.min(axis=0)
        by_call: dict[int, list[int]] = {}
        for s in np.flatnonzero(per).tolist():
            by_call.setdefault(int(sbids[s]), []).append(s)
        bids = sorted(by_call)
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
        for b, secs, child in zip(bids, groups, children):
            call = bid_text(b)
            self.counts.calls[call] = [
                int(sum(int(per[s]) for s in secs)),
                walk.example(min(int(sec_first[s]) for s in secs), word),
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
        word = vul_word(self.vul)
        nc = self.counts
        coarse = isinstance(mask, tuple)
        # the calls
        if (int(bidval.max(initial=0)) + 1) * nl < 1 << 15:  # narrow codes: faster to count
            code = bidval.astype(np.int16) * np.int16(nl)
        else:
            code = bidval.astype(np.intp) * nl
        code += section
        per_code = np.bincount(code, weights=wf)
        by_call: dict[int, list[int]] = {}
        for cd in np.flatnonzero(per_code).tolist():
            by_call.setdefault(cd // nl, []).append(cd % nl)
        cfirst = None  # each code's first row
        if self._lazy(rows):  # each call's first row from each code's
            cfirst = first_rows(code, len(per_code))
            bids = sorted(by_call)
            for b, child in zip(bids, walk.lazy_children(bidval, [[b] for b in bids])):
                secs = by_call[b]
                call = bid_text(b)
                hands = int(sum(round(per_code[b * nl + s]) for s in secs))
                ex = min(int(cfirst[b * nl + s]) for s in secs)
                nc.calls[call] = [hands, walk.example(ex, word),
                                  {labels[s] for s in secs if s != pass_index}]
                self.children[call] = child
        else:
            bids = sorted(by_call)
            for b, pick in zip(bids, _split(bidval, bids)):
                secs = by_call[b]
                call = bid_text(b)
                mine = rowpos[pick]
                hands = int(sum(round(per_code[b * nl + s]) for s in secs))
                ex = int(fr[pick].min()) if coarse else int(mine[0])
                nc.calls[call] = [hands, walk.example(ex, word),
                                  {labels[s] for s in secs if s != pass_index}]
                self.children[call] = walk.intern_like(mask, mine)
        if keep:
            if cfirst is None:
                cfirst = first_rows(code, len(per_code))
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
            ex = self.walk.example(row, vul_word(self.vul))
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
