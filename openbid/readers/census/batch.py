"""Bidding and describing many hands at once: a block of hands (openbid.readers.census.fastread)
is read as suit states of the rules' rank model, and the whole block runs through the numpy
reader of the rules table (the census engine) in one go."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import ArrayReader
from openbid.readers.census.fastread import Hands
from openbid.readers.census.passes import Pass, spec_for


Context = tuple  # the facts of the deal fixed: (("SEAT", 1), ("VUL", False), ...)


@lru_cache(maxsize=16)
def batch_pass(rules: Rules, exprs: tuple = (), context: Context = ()) -> Pass:
    """The rules' pass reading ``exprs`` too, every state its own (nothing merged): rows are
    hands; ``context``: the facts of the deal, fixed for every hand of the batch."""
    from openbid.readers.census.passes import plan

    return plan(spec_for(rules, exprs, outcome=True, merge=False, context=context))


def reader(rules: Rules, hands: Hands, exprs: tuple = (), context: Context = ()) -> ArrayReader:
    """The numpy reader of ``rules`` (and ``exprs``) over the hands of a block."""
    from openbid.readers.census.domain import Chunk

    p = batch_pass(rules, exprs, context)
    return p.view_of(Chunk(hands.states(p.model))).reader(0)


@lru_cache(maxsize=16)
def facts_read(rules: Rules) -> frozenset[str]:
    """The facts of the deal (SEAT, VUL, ...) the rules read."""
    from openbid.systems.descriptors import definitions
    from openbid.readers.uses import uses

    return frozenset(uses(definitions(rules.readings, rules.definitions), (), rules,
                          outcome=True).contexts)


def reads_facts(rules: Rules, context: Context = ()) -> bool:
    """Whether the rules read a fact of the deal that ``context`` does not fix: a batch has
    none to give (the executor asks for it only on the hands that reach it)."""
    return bool(facts_read(rules) - {name for name, _ in context})


def outcome(rules: Rules, hands: Hands, context: Context = ()) -> tuple[np.ndarray, np.ndarray]:
    """BIDVAL and section (an index into ``rules.labels``) of every hand of a block."""
    if not len(hands):
        return np.zeros(0, dtype=np.int16), np.zeros(0, dtype=np.int8)
    return reader(rules, hands, (), context).outcome


@lru_cache(maxsize=16)
def table_layout(rules: Rules, group: str = "prelim") -> tuple:
    """What :meth:`openbid.systems.descriptors.Descriptors.table` lists, in its order: (name,
    kind, parts), kind "whole" (parts: one expression), "pattern" (parts: the PatternTable of a
    string such as SHAPE), "list" (SP(1) .. SP(4)) or "suits" (``{"S": .., "H": .., "D": ..,
    "C": ..}``), parts (key, expression)."""
    from openbid.systems.descriptors import definitions, layout
    from openbid.expr import parse
    from openbid.hands.registry import PatternTable

    defs = definitions(rules.readings, rules.definitions)
    local = defs.local_signatures() or None

    def ex(text: str):
        return parse(text, want=None, local=local)

    names, ranged, tables, per_suit = layout(defs, group)
    whole = []
    for name in names:
        e = defs.entry(name, 0)
        if isinstance(e, PatternTable) and e.result == "str":
            whole.append((name, "pattern", e))
        else:
            whole.append((name, "whole", ex(name)))
    lists = [(name, "list", tuple((i, ex(f"{name}({i})")) for i in range(lo, hi + 1)))
             for name, (lo, hi) in ranged]
    suits = [(name, "suits", tuple((s, ex(f"{name}({s})")) for s in "SHDC"))
             for name in tables + per_suit]
    return tuple(whole + lists + suits)


def layout_exprs(layout: tuple) -> tuple:
    """Every expression a layout reads."""
    out = []
    for _, kind, parts in layout:
        if kind == "whole":
            out.append(parts)
        elif kind in ("list", "suits"):
            out.extend(e for _, e in parts)
    return tuple(out)


def pattern_codes(hands: Hands, p) -> tuple[np.ndarray, list]:
    """Each hand's index into the values of a PatternTable, and those values."""
    lookup, values = _patterns(p)
    ls = np.sort(hands.lengths(), axis=1)
    return lookup[((ls[:, 0] * 14 + ls[:, 1]) * 14 + ls[:, 2]) * 14 + ls[:, 3]], values


@lru_cache(maxsize=16)
def _patterns(p) -> tuple[np.ndarray, list]:
    """Index of every pattern (its lengths shortest first, base 14) into the table's values."""
    shapes = sorted(p.values)
    lookup = np.zeros(14 ** 4, dtype=np.intp)
    for i, s in enumerate(shapes):
        a, b, c, d = sorted(s)
        lookup[((a * 14 + b) * 14 + c) * 14 + d] = i
    return lookup, [p.values[s] for s in shapes]
