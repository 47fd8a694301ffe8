"""A rules table with the facts of the deal read as constants, and the constant arithmetic,
comparisons and connectives that leaves folded away.

Two tables that fold to equal trees make the same call, at the same bid point, with every hand:
the tree census reads such nodes and contexts once (SAYC's opening in seats 1 and 2 reads
``SEAT <= 2`` and ``SEAT = 3``: both fold to the same table; its preempts read the vulnerability
only through ``OVERBID``, which is 3 both when neither side and when both sides are
vulnerable). Folding never changes what a table means: a name is replaced only by its value in
the given facts, or a definition by a constant it folds to; a term is rewritten only when every
operand is a constant.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Callable

from openbid.systems.descriptors import Definitions, definitions
from openbid.hands.entries import Context, Derived
from openbid.expr.ast import (FALSE, TRUE, And, Arith, Call, Compare, Const, Expr, Ite, Name,
                                    Neg, Not, Or, rebuild)
from openbid.systems.rules.model import Rules, map_exprs

_COMPARE: dict[str, Callable] = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b,
                                 "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
                                 ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
_ARITH: dict[str, Callable] = {"+": lambda a, b: a + b, "-": lambda a, b: a - b,
                               "*": lambda a, b: a * b}


def _number(e: Expr) -> bool:
    return isinstance(e, Const) and type(e.value) in (int, Fraction)


def _truth(e: Expr) -> bool:
    return isinstance(e, Const) and type(e.value) is bool


class _Folder:
    def __init__(self, defs: Definitions, facts: dict[str, object]) -> None:
        self.defs = defs
        self.facts = facts
        self.memo: dict[Expr, Expr] = {}

    def __call__(self, e: Expr) -> Expr:
        got = self.memo.get(e)
        if got is None:
            got = self.memo[e] = self._fold(e)
        return got

    def _entry(self, name: str, arity: int):
        if not self.defs.has(name, arity):
            return None
        try:
            return self.defs.entry(name, arity)
        except Exception:  # a name the registry knows under other readings only: left as it is
            return None

    def _fold(self, e: Expr) -> Expr:
        if isinstance(e, Const):
            return e
        if isinstance(e, Name):
            entry = self._entry(e.id, 0)
            if isinstance(entry, Context) and e.id in self.facts:
                return Const(self.facts[e.id])  # type: ignore[arg-type]
            if isinstance(entry, Derived):
                body = self(self.defs.parsed(entry))
                return body if isinstance(body, Const) else e
            return e
        if isinstance(e, Call):
            args = tuple(self(a) for a in e.args)
            entry = self._entry(e.fn, len(args)) if args else None
            if isinstance(entry, Derived) and all(isinstance(a, Const) for a in args):
                body = self(self.defs.inline(entry, args))
                if isinstance(body, Const):
                    return body
            return Call(e.fn, args, e.pos)
        if isinstance(e, Compare):
            left, right = self(e.left), self(e.right)
            if _number(left) and _number(right):
                return TRUE if _COMPARE[e.op](left.value, right.value) else FALSE  # type: ignore[union-attr]
            return Compare(e.op, left, right, e.pos)
        if isinstance(e, Arith):
            left, right = self(e.left), self(e.right)
            if e.op in _ARITH and _number(left) and _number(right):
                return Const(_ARITH[e.op](left.value, right.value))  # type: ignore[union-attr]
            return Arith(e.op, left, right, e.pos)
        if isinstance(e, Neg):
            inner = self(e.operand)
            return Const(-inner.value) if _number(inner) else Neg(inner, e.pos)  # type: ignore[union-attr,operator]
        if isinstance(e, Not):
            inner = self(e.operand)
            return Const(not inner.value) if _truth(inner) else Not(inner, e.pos)  # type: ignore[union-attr]
        if isinstance(e, (And, Or)):
            absorbing = FALSE if isinstance(e, And) else TRUE
            items = []
            for it in (self(i) for i in e.items):
                if it == absorbing:
                    return absorbing
                if not _truth(it):
                    items.append(it)
            if not items:
                return TRUE if isinstance(e, And) else FALSE
            return items[0] if len(items) == 1 else type(e)(tuple(items), e.pos)
        if isinstance(e, Ite):
            cond = self(e.cond)
            if _truth(cond):
                return self(e.then) if cond.value else self(e.other)  # type: ignore[union-attr]
            return Ite(cond, self(e.then), self(e.other), e.pos)
        return rebuild(e, self)  # a quantifier: its body, loop variables left as they are


@lru_cache(maxsize=8192)
def fold_facts(rules: Rules, facts: tuple[tuple[str, object], ...]) -> Rules:
    """``rules`` with the facts of the deal ``facts`` (name, value) read as constants and every
    term of constants folded: the same call and bid point with every hand, in those facts. A
    name the table reads inside a loop (a suit variable) is left as it is."""
    f = _Folder(definitions(rules.readings, rules.definitions), dict(facts))
    return map_exprs(rules, lambda e, is_value, loops: f(e))


@lru_cache(maxsize=4096)
def fold_exprs(rules: Rules, exprs: tuple[Expr, ...],
               facts: tuple[tuple[str, object], ...]) -> tuple[Expr, ...]:
    """Expressions over ``rules``' names with the facts ``facts`` read as constants, folded as
    :func:`fold_facts` folds a table's."""
    f = _Folder(definitions(rules.readings, rules.definitions), dict(facts))
    return tuple(f(e) for e in exprs)
