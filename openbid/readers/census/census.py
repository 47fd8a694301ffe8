"""Exact counts over all hands, grouped by any columns: the outcome under a rules table, or any
expression (one pass over all hand classes, in chunks, in worker processes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from openbid.model.descriptors import Readings
from openbid.model.expr.ast import Expr
from openbid.model.rules.model import Rules
from openbid.readers.census.array_hand import ArrayHand
from openbid.readers.census.array_rules import ArrayRules, full_mask
from openbid.readers.census.enumeration import SUITS, TOTAL_CLASSES, TOTAL_HANDS, Chunk, chunk_plan, make_chunk
from openbid.readers.census.grouping import group_ids
from openbid.readers.workers import map_chunks


@dataclass(frozen=True)
class Column:
    """What to group by: ``("outcome", rules_index)``, or ``("expr", rules_index, Expr)``."""

    kind: str
    rules_index: int = 0
    expr: Expr | None = None


@dataclass
class Groups:
    """Exact weights per group key, one example class per group, and totals."""

    weights: dict[tuple, int] = field(default_factory=dict)
    classes: dict[tuple, int] = field(default_factory=dict)
    examples: dict[tuple, tuple[int, int, int, int]] = field(default_factory=dict)
    total_weight: int = 0
    total_classes: int = 0


class Census:
    """One pass over all hand classes for one or more rules tables (e.g. two, for ``diff``).

    Chunks run in worker processes (``OPENBID_JOBS``, default: one per core)."""

    def __init__(self, rules: Sequence[Rules]) -> None:
        self.rules = list(rules)

    def group(self, columns: Sequence[Column], progress: Callable[[int, int], None] | None = None,
              where: Expr | None = None) -> Groups:
        out = Groups()
        merged = self.tens_unseen(columns, where)
        task = (tuple(self.rules), tuple(columns), where, merged)
        for part in map_chunks(_group_chunk, task, progress, lambda p: p.total_classes, merged):
            _merge(out, part)  # in class order: the examples are deterministic
        if out.total_classes != TOTAL_CLASSES or out.total_weight != TOTAL_HANDS:
            raise AssertionError(f"enumeration covered {out.total_classes} classes of weight "
                                 f"{out.total_weight}, expected {TOTAL_CLASSES} and {TOTAL_HANDS}")
        return out

    def tens_unseen(self, columns: Sequence[Column], where: Expr | None) -> frozenset[int]:
        """The suits whose ten no column reads (openbid.readers.census.relevance): merged in the pass."""
        from openbid.readers.census.relevance import tens_unseen

        out = frozenset(SUITS)
        for col in columns:
            rules = self.rules[col.rules_index]
            exprs = [col.expr] if col.expr is not None else []
            out &= tens_unseen(exprs, rules, outcome=col.kind == "outcome")
        if where is not None:
            out &= tens_unseen([where], self.rules[0])
        return out


def _merge(out: Groups, part: Groups) -> None:
    for k, w in part.weights.items():
        out.weights[k] = out.weights.get(k, 0) + w
        out.classes[k] = out.classes.get(k, 0) + part.classes[k]
        if k not in out.examples:
            out.examples[k] = part.examples[k]
    out.total_weight += part.total_weight
    out.total_classes += part.total_classes


def _group_chunk(task, i: int) -> Groups:
    rules_list, columns, where, merged = task
    offset, comps = chunk_plan(merged=merged)[i]
    chunk = make_chunk(offset, comps, merged)
    out = Groups()
    hands: dict[Readings, ArrayHand] = {}
    runs: list[ArrayRules] = []
    for r in rules_list:
        rd = r.readings
        if rd not in hands:
            hands[rd] = ArrayHand(chunk, rd)
        runs.append(ArrayRules(r, hands[rd]))
    base = next(iter(hands.values()))
    w = base.weight
    n = chunk.size
    keep = full_mask(runs[0].cond(where), n) if where is not None else None
    key = np.zeros(n, dtype=np.int64)
    radix: list[int] = []
    for col in columns:
        run = runs[col.rules_index]
        if col.kind == "outcome":
            bidval, section = run.outcome
            key = key * (128 * 64) + (section.astype(np.int64) * 128 + bidval)
            radix.append(128 * 64)
        else:
            assert col.expr is not None
            key = key * 2 + full_mask(run.cond(col.expr), n)
            radix.append(2)
    idx = np.arange(n)
    mult = base.multiplicity
    if keep is not None:
        key, w, idx = key[keep], w[keep], idx[keep]
        mult = mult[keep] if mult is not None else None
    _accumulate(out, key, w, idx, chunk, columns, radix, mult)
    out.total_weight = int(base.weight.sum())
    out.total_classes = base.classes()
    return out


def _accumulate(out: Groups, key: np.ndarray, w: np.ndarray, idx: np.ndarray, chunk: Chunk,
                columns: Sequence[Column], radix: list[int], mult: np.ndarray | None = None) -> None:
    if len(key) == 0:
        return
    uniq, first, inv = group_ids(key)
    sums = np.bincount(inv, weights=w.astype(np.float64))  # integers below 2**53: exact
    cnts = np.rint(np.bincount(inv, weights=mult)).astype(np.int64) if mult is not None else np.bincount(inv)
    for u, f, s, c in zip(uniq.tolist(), first.tolist(), sums.tolist(), cnts.tolist()):
        k = _decode(u, radix)
        out.weights[k] = out.weights.get(k, 0) + int(s)
        out.classes[k] = out.classes.get(k, 0) + int(c)
        if k not in out.examples:
            i = idx[f]
            out.examples[k] = tuple(int(chunk.ids[s_][i]) for s_ in SUITS)  # type: ignore[assignment]


def _decode(u: int, radix: list[int]) -> tuple:
    vals = []
    for rdx in reversed(radix):
        u, v = divmod(u, rdx)
        vals.append(v)
    out = []
    for v, rdx in zip(reversed(vals), radix):
        if rdx == 2:
            out.append(bool(v))
        else:
            sec, bv = divmod(v, 128)
            out.append((bv, sec))
    return tuple(out)
