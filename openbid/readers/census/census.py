"""Exact counts over all hands, grouped by any columns: the outcome under a rules table, a
condition, or a number (one pass over all hand classes, in chunks, in worker processes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import as_fx, full_mask
from openbid.readers.census.domain import SUITS, TOTAL_HANDS
from openbid.readers.census.grouping import group_ids
from openbid.readers.census.passes import PassSpec, plan
from openbid.base.workers import map_chunks


@dataclass(frozen=True)
class Column:
    """What to group by: ``("outcome", rules_index)``, ``("expr", rules_index, Expr)`` (a
    condition) or ``("value", rules_index, Expr)`` (a number)."""

    kind: str
    rules_index: int = 0
    expr: Expr | None = None


@dataclass
class Groups:
    """Exact weights per group key, one example class per group, and totals."""

    weights: dict[tuple, int] = field(default_factory=dict)
    classes: dict[tuple, int] = field(default_factory=dict)
    examples: dict[tuple, Hand] = field(default_factory=dict)
    total_weight: int = 0
    total_classes: int = 0
    small: str = "98765432"  # what an x of an example stands for (the pass's untracked ranks)

    def concrete(self, key: tuple) -> Hand:
        """The example of ``key`` with its lowest small cards."""
        return self.examples[key].lowest(self.small)


class Census:
    """One pass over all hand classes for one or more rules tables (e.g. two, for ``diff``).

    Chunks run in worker processes (``OPENBID_JOBS``, default: one per core)."""

    def __init__(self, rules: Sequence[Rules], context: dict | tuple = ()) -> None:
        """``context``: the facts of the deal fixed for the whole pass (SEAT, VUL, ...); a
        census over several contexts is one pass per context (openbid.readers.contexts)."""
        self.rules = list(rules)
        self.context = tuple(sorted(dict(context).items()))

    def spec(self, columns: Sequence[Column], where: Expr | None = None) -> PassSpec:
        exprs: list[list[Expr]] = [[] for _ in self.rules]
        outcomes = [False] * len(self.rules)
        for col in columns:
            if col.kind == "outcome":
                outcomes[col.rules_index] = True
            else:
                assert col.expr is not None
                exprs[col.rules_index].append(col.expr)
        if where is not None:
            exprs[0].append(where)
        return PassSpec(tuple(self.rules), tuple(tuple(e) for e in exprs), tuple(outcomes),
                        context=self.context)

    def group(self, columns: Sequence[Column], progress: Callable[[int, int], None] | None = None,
              where: Expr | None = None) -> Groups:
        spec = self.spec(columns, where)
        p = plan(spec)
        raw = _Raw()
        task = (spec, tuple(columns), where)
        for part in map_chunks(_group_chunk, task, len(p), progress, lambda r: r.total_classes,
                               p.domain.classes()):
            raw.merge(part)  # in class order: the examples are deterministic
        expected = p.domain.classes()
        if raw.total_classes != expected or raw.total_weight != TOTAL_HANDS:
            raise AssertionError(f"enumeration covered {raw.total_classes} classes of weight "
                                 f"{raw.total_weight}, expected {expected} and {TOTAL_HANDS}")
        out = Groups(raw.weights, raw.classes, {}, raw.total_weight, raw.total_classes,
                     p.model.small_ranks)
        out.examples = {k: p.domain.class_hand(v) for k, v in raw.examples.items()}
        return out


@dataclass
class _Raw:
    weights: dict[tuple, int] = field(default_factory=dict)
    classes: dict[tuple, int] = field(default_factory=dict)
    examples: dict[tuple, tuple[int, int, int, int]] = field(default_factory=dict)
    total_weight: int = 0
    total_classes: int = 0

    def merge(self, part: "_Raw") -> None:
        for k, w in part.weights.items():
            self.weights[k] = self.weights.get(k, 0) + w
            self.classes[k] = self.classes.get(k, 0) + part.classes[k]
            if k not in self.examples:
                self.examples[k] = part.examples[k]
        self.total_weight += part.total_weight
        self.total_classes += part.total_classes


def _group_chunk(task, i: int) -> _Raw:
    spec, columns, where = task
    p = plan(spec)
    view = p.view(i)
    readers = [view.reader(k) for k in range(len(spec.rules))]
    n = view.size
    w = view.weight
    keep = full_mask(readers[0].cond(where), n) if where is not None else None
    keys: list[np.ndarray] = []
    decoders: list = []
    for col in columns:
        run = readers[col.rules_index]
        if col.kind == "outcome":
            bidval, section = run.outcome
            keys.append(section.astype(np.int64) * 128 + bidval)
            # (bid point, call): a call below 128, a bid point any of the file's
            decoders.append(("outcome", 128 * len(p.rules[col.rules_index].labels), 0, 1))
        elif col.kind == "expr":
            assert col.expr is not None
            keys.append(full_mask(run.cond(col.expr), n).astype(np.int64))
            decoders.append(("bool", 2, 0, 1))
        else:
            assert col.expr is not None
            fx = as_fx(run.value(col.expr), n)
            keys.append(fx.a.astype(np.int64) - fx.lo)
            decoders.append(("value", fx.hi - fx.lo + 1, fx.lo, fx.den))
    size = 1
    for d in decoders:
        size *= d[1]
    if size >= 2 ** 62:
        from openbid.base.errors import OpenbidError

        raise OpenbidError("too many groups to count at once (the columns' values span more "
                           "than 2**62 combinations): group by fewer or coarser expressions")
    key = np.zeros(n, dtype=np.int64)
    for k, d in zip(keys, decoders):
        key = key * d[1] + k
    idx = np.arange(n)
    mult = view.multiplicity
    if keep is not None:
        key, w, idx = key[keep], w[keep], idx[keep]
        mult = mult[keep] if mult is not None else None
    out = _Raw()
    _accumulate(out, key, w, idx, view.chunk.ids, decoders, mult)
    out.total_weight = int(view.weight.sum())
    out.total_classes = view.classes()
    return out


def _accumulate(out: _Raw, key: np.ndarray, w: np.ndarray, idx: np.ndarray, ids,
                decoders: list, mult: np.ndarray | None = None) -> None:
    if len(key) == 0:
        return
    uniq, first, inv = group_ids(key)
    sums = np.bincount(inv, weights=w.astype(np.float64))  # integers below 2**53: exact
    cnts = np.rint(np.bincount(inv, weights=mult)).astype(np.int64) if mult is not None else np.bincount(inv)
    for u, f, s, c in zip(uniq.tolist(), first.tolist(), sums.tolist(), cnts.tolist()):
        k = _decode(u, decoders)
        out.weights[k] = out.weights.get(k, 0) + int(s)
        out.classes[k] = out.classes.get(k, 0) + int(c)
        if k not in out.examples:
            i = idx[f]
            out.examples[k] = tuple(int(ids[s_][i]) for s_ in SUITS)  # type: ignore[assignment]


def _decode(u: int, decoders: list) -> tuple:
    vals = []
    for d in reversed(decoders):
        u, v = divmod(u, d[1])
        vals.append(v)
    out: list = []
    for v, (kind, _, lo, den) in zip(reversed(vals), decoders):
        if kind == "bool":
            out.append(bool(v))
        elif kind == "outcome":
            sec, bv = divmod(v, 128)
            out.append((bv, sec))
        else:
            x = Fraction(v + lo, den)
            out.append(int(x) if x.denominator == 1 else x)
    return tuple(out)
