"""Part One's exact pairwise counts: for every two expressions, the hands meeting both (and,
in the same pass, the outcome census), over all hand classes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from openbid.expr.ast import Expr
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import full_mask
from openbid.readers.census.domain import SUITS, TOTAL_HANDS
from openbid.readers.census.grouping import dense_ids, dense_values, first_rows
from openbid.readers.census.passes import PassSpec, plan
from openbid.base.workers import map_chunks


@dataclass
class Gram:
    """``weights[i][j]``: the exact number of hands meeting both expression i and j (the
    diagonal: meeting i); ``classes`` likewise in hand classes; ``examples[(i, j)]`` (i <= j)
    the first class of the enumeration meeting both, where one does; ``small``: what its x
    cards stand for."""

    weights: list[list[int]]
    classes: list[list[int]]
    examples: dict
    total_weight: int = 0
    total_classes: int = 0
    small: str = "98765432"

    def witness(self, i: int, j: int):
        """The concrete example hand meeting both i and j, or None if no hand does."""
        key = (min(i, j), max(i, j))
        cls = self.examples.get(key)
        return cls.lowest(self.small) if cls is not None else None


def _task(rules: Rules, exprs: Sequence[Expr], outcomes: bool) -> PassSpec:
    """What every chunk of a pass needs: the rules, the expressions, whether to count
    outcomes (openbid.readers.census.passes plans the rest)."""
    return PassSpec((rules,), (tuple(exprs),), (outcomes,))


def _gram_chunk(spec: PassSpec, i: int):
    p = plan(spec)
    exprs = spec.exprs[0]
    with_outcomes = spec.outcomes[0]
    view = p.view(i)
    run = view.reader(0)
    chunk = view.chunk
    offset = chunk.offset
    n = chunk.size
    masks = [full_mask(run.cond(e), n) for e in exprs]
    w_int = view.weight
    inv, first, on = patterns(masks, n)
    assert first is not None
    pw = np.bincount(inv, weights=w_int.astype(np.float64))  # integer sums below 2**53: exact
    mult = view.multiplicity  # the classes each row stands for (None: one)
    pc = np.bincount(inv, weights=mult).astype(np.float64)
    (weights, classes), examples = pair_sums(on, first, (pw, pc), chunk)
    w = w_int.astype(np.float64)
    outcomes: dict[tuple[int, int], tuple[int, int, tuple[int, int, int, int]]] = {}
    if with_outcomes:
        bidval, section = run.outcome
        size = len(p.rules[0].labels) * 128
        key = section.astype(np.int64) * 128 + bidval
        ow = np.bincount(key, weights=w, minlength=size)
        oc = np.rint(np.bincount(key, weights=mult, minlength=size)).astype(np.int64)
        first = first_rows(key, size, absent=-1)
        for code in np.flatnonzero(first >= 0).tolist():
            row = int(first[code])
            outcomes[(code % 128, code // 128)] = (int(round(ow[code])), int(oc[code]),
                                                   _class_ids(chunk, row))
    return (offset, np.rint(weights).astype(np.int64), np.rint(classes).astype(np.int64),
            examples, int(view.weight.sum()), view.classes(), outcomes)


WORD = 62  # conditions packed per int64 key


def patterns(masks: list[np.ndarray], n: int,
             first_rows: bool = True) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
    """The rows grouped by which of ``masks`` (any number of Boolean arrays over ``n`` rows) they
    meet: (each row's pattern number, each pattern's first row, the patterns as a Boolean
    matrix, patterns x masks). The masks are packed up to 62 to an integer key and the keys
    numbered one word at a time. ``first_rows`` False: no first rows (None; up to 62 masks,
    each pattern's masks are then read off its key, with no pass over the rows)."""
    if len(masks) <= 16 and not first_rows:  # a table of every pattern: mark, number
        word = mask_word(masks, n)
        present = np.zeros(1 << len(masks), dtype=bool)
        present[word] = True
        values = np.flatnonzero(present)
        ids = (np.cumsum(present) - 1)[word]  # (dense_values' numbering: by the key)
        on = ((values[:, None] >> np.arange(len(masks), dtype=np.int64)) & 1).astype(bool)
        return ids, None, on
    if len(masks) <= WORD and not first_rows:
        ids, values = dense_values(mask_word(masks, n))
        on = ((values[:, None] >> np.arange(len(masks), dtype=np.int64)) & 1).astype(bool)
        return ids, None, on
    if len(masks) <= WORD:  # one word: its numbering is the patterns' numbering
        ids, first = dense_ids(mask_word(masks, n))
    else:
        ids = np.zeros(n, dtype=np.intp)
        for start in range(0, len(masks), WORD):
            word, _ = dense_ids(mask_word(masks[start:start + WORD], n))
            width = int(word.max()) + 1 if n else 1
            ids, _ = dense_ids(ids.astype(np.int64) * width + word)  # below n * n: no overflow
        ids, first = dense_ids(ids.astype(np.int64))
    on = (np.stack([m[first] for m in masks], axis=1) if masks
          else np.zeros((len(first), 0), dtype=bool))
    return ids, first, on


def mask_word(masks: list[np.ndarray], n: int) -> np.ndarray:
    """At most 62 masks as one key per row: bit j set when the row meets mask j (in the
    narrowest integer type that holds them: less memory to pass over)."""
    k = len(masks)
    dt = np.uint16 if k <= 16 else np.uint32 if k <= 32 else np.int64
    bits: np.ndarray = np.zeros(n, dtype=dt)
    for j, m in enumerate(masks):
        np.bitwise_or(bits, np.left_shift(m.astype(dt), j), out=bits)
    return bits


def pattern_sums(ids: np.ndarray, n_patterns: int, section: np.ndarray, n_labels: int,
                 weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pattern (``ids``: each row's, from :func:`patterns`) and per label (``section``: the
    label that bids each row), the sum of ``weights``: an int64 matrix, patterns x labels. A
    condition's hands and the labels that take them are then sums over the patterns meeting it
    (``on``'s column); integer weights, sums below 2**53: exact. Also each row's cell (pattern
    x labels + label), for more per-cell reductions."""
    code = cells(ids, section, n_labels)
    return cell_sums(code, n_patterns, n_labels, weights), code


def cells(ids: np.ndarray, section: np.ndarray, n_labels: int) -> np.ndarray:
    """Each row's cell: its pattern x labels + its label (intp: what numpy counts by; a new
    array, never ``ids`` itself)."""
    code = ids.astype(np.intp)
    code *= n_labels
    code += section
    return code


def cell_sums(cell: np.ndarray, n_patterns: int, n_labels: int,
              weights: np.ndarray) -> np.ndarray:
    """:func:`pattern_sums` of rows whose cells (:func:`cells`, intp) are known: one pass over
    the rows."""
    sums = np.rint(np.bincount(cell, weights=weights.astype(np.float64, copy=False),
                               minlength=n_patterns * n_labels))
    return sums.astype(np.int64).reshape(n_patterns, n_labels)


def pair_sums(on: np.ndarray, first: np.ndarray, weights: tuple[np.ndarray, ...],
              chunk) -> tuple[list[np.ndarray], dict]:
    """For every pair (i, j) of masks: the sum of each of ``weights`` (one value per pattern)
    over the patterns meeting both (k x k int64 matrices, exact: integer sums below 2**53), and
    for i <= j the chunk's first row meeting both, as the positions of its class (the pair's
    census witness). One mask at a time, over the patterns meeting it: the cost is the number of
    (pattern, mask) memberships times k, not patterns times k squared."""
    order = np.argsort(first, kind="stable")  # patterns in the order of their first rows
    on = on[order]
    rows = first[order]
    ws = [w[order] for w in weights]
    k = on.shape[1]
    sums = [np.zeros((k, k), dtype=np.int64) for _ in weights]
    examples: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for i in range(k):
        idx = np.flatnonzero(on[:, i])
        if not len(idx):
            continue
        sub = on[idx]
        for total, w in zip(sums, ws):
            total[i] = np.rint(w[idx] @ sub)
        at = sub[:, i:].argmax(axis=0)  # the first pattern meeting i and j, for j >= i
        for j in np.flatnonzero(sub[:, i:].any(axis=0)).tolist():
            examples[(i, i + j)] = _class_ids(chunk, int(rows[idx[at[j]]]))
    return sums, examples


def _class_ids(chunk, row: int) -> tuple[int, int, int, int]:
    """The class of a chunk's row, as its four suits' ids (in SUITS order)."""
    c, d, h, s = (int(chunk.ids[suit][row]) for suit in SUITS)
    return c, d, h, s


def gram(rules: Rules, exprs: Sequence[Expr], progress: Callable[[int, int], None] | None = None) -> Gram:
    """Pairwise exact counts of ``exprs`` over all hands, in one pass (parallel over chunks)."""
    return census_pass(rules, exprs, progress, outcomes=False)[0]


def gram_spec(rules: Rules, outcomes: bool = True) -> PassSpec:
    """The pass ``openbid prove`` runs beside its parts: Part One's pairwise counts of every bid
    point's conditions and, if asked, the outcome census."""
    from openbid.systems.rules.meets import meets_expr

    labels = list(rules.labels[:-1])
    return _task(rules, [meets_expr(rules, lb) for lb in labels], outcomes)


def gram_chunk_task(spec: PassSpec) -> list:
    """Its chunks as tasks for openbid.base.workers.Pool (planned here, before the pool
    forks, so that the workers inherit the plan)."""
    from openbid.base.workers import Task

    return [Task(_gram_chunk, spec, index=i) for i in range(len(plan(spec)))]


def combine(parts: list, spec: PassSpec):
    """The chunks' results (in any order) as one (Gram, outcomes)."""
    return _combine(parts, spec.outcomes[0], plan(spec))


def census_pass(rules: Rules, exprs: Sequence[Expr], progress: Callable[[int, int], None] | None = None,
                outcomes: bool = True):
    """One pass: the pairwise counts of ``exprs`` (a :class:`Gram`) and, per (BIDVAL, section
    index), (hands, classes, example class ids)."""
    task = _task(rules, exprs, outcomes)
    p = plan(task)
    parts = map_chunks(_gram_chunk, task, len(p), progress, lambda r: r[5], p.domain.classes())
    return _combine(parts, outcomes, p)


def _combine(parts, outcomes: bool, p):
    k = len(parts[0][1]) if parts else 0
    W = np.zeros((k, k), dtype=np.int64)
    C = np.zeros((k, k), dtype=np.int64)
    examples: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    census: dict[tuple[int, int], tuple[int, int, tuple[int, int, int, int]]] = {}
    total_w = total_c = 0
    for offset, w, c, ex, tw, n, oc in sorted(parts, key=lambda p: p[0]):
        W += w
        C += c
        for key, val in ex.items():
            examples.setdefault(key, val)
        for key, (ow, occ, ids) in oc.items():
            pw, pc, pids = census.get(key, (0, 0, ids))
            census[key] = (pw + ow, pc + occ, pids)
        total_w += tw
        total_c += n
    if total_c != p.domain.classes() or total_w != TOTAL_HANDS:
        raise AssertionError(f"enumeration covered {total_c} classes of weight {total_w}, "
                             f"expected {p.domain.classes()} and {TOTAL_HANDS}")
    if outcomes and sum(v[0] for v in census.values()) != TOTAL_HANDS:
        raise AssertionError("the census of outcomes does not sum to C(52, 13)")
    census = {k: (w, c, p.domain.class_hand(ids)) for k, (w, c, ids) in census.items()}
    examples = {k: p.domain.class_hand(ids) for k, ids in examples.items()}
    return Gram(W.tolist(), C.tolist(), examples, total_w, total_c, p.model.small_ranks), census
