"""The walk both compiled readers share (Z3 in openbid.readers.symbolic, numpy in
openbid.readers.census): an expression is read against the registry's entries (tables looked up,
definitions inlined with their arguments bound, quantifiers unrolled, constants folded), and each
operation is handed to the reader's own primitives. What a descriptor *is* is decided once, in
the registry; a reader only says how to add, compare, look up a table.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from openbid.systems.descriptors import Definitions
from openbid.base.errors import OpenbidError
from openbid.expr.ast import (And, Arith, Call, Compare, Const, Expr, Ite, Name, Neg, Not, Or,
                                    Quant, expand_quantifiers)
from openbid.expr.names import OUTCOMES, SUIT_CONSTANTS, string_comparison
from openbid.hands.registry import Context, Derived, PatternTable, SuitTable

SUITS = (1, 2, 3, 4)


def is_const(v: Any) -> bool:
    return isinstance(v, (bool, int, Fraction, str))


def suit_of(e: Expr) -> int:
    """A suit argument, which must be a constant once loops and parameters are bound."""
    if isinstance(e, Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        if e.value in SUITS:
            return e.value
    if isinstance(e, Name) and e.id in SUIT_CONSTANTS:
        return SUIT_CONSTANTS[e.id]
    raise OpenbidError(f"a suit argument must be a suit here, not {e!r}")


_CMP = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


class Interpreter:
    """Read expressions under ``defs``. Subclasses implement the primitives (``table``,
    ``pattern``, ``add`` ...); constants are plain Python values and fold here."""

    def __init__(self, defs: Definitions, context: dict[str, Any] | None = None) -> None:
        self.defs = defs
        self.context = dict(context or {})  # fixed facts of the deal (SEAT, VUL, ...)
        self._memo: dict[Expr, Any] = {}
        # Set while an expression is read when it reads what is this reader's own (a fact of
        # the deal, the outcome of its rules): a reader that shares values with others
        # (openbid.readers.census.arrays) shares only what did not set it.
        self._own = False

    # -- entry points -------------------------------------------------------------------------
    def value(self, e: Expr) -> Any:
        memo = self._memo
        got = memo.get(e)
        if got is None and e not in memo:
            got = self._read(e)
            memo[e] = got
        return got

    def cond(self, e: Expr) -> Any:
        return self.value(e)

    def num(self, e: Expr) -> Any:
        return self.value(e)

    # -- the walk -----------------------------------------------------------------------------
    def _read(self, e: Expr) -> Any:
        v = self.value
        if isinstance(e, Const):
            return e.value
        if isinstance(e, Name):
            return self._name(e)
        if isinstance(e, Call):
            return self._call(e)
        if isinstance(e, Quant):
            return v(expand_quantifiers(e))
        if isinstance(e, Neg):
            a = v(e.operand)
            return -a if is_const(a) else self.neg(a)
        if isinstance(e, Arith):
            a, b = v(e.left), v(e.right)
            if e.op == "/":
                return self.div_const(a, Fraction(b)) if not is_const(a) else _norm(Fraction(a) / b)
            if is_const(a) and is_const(b):
                return _norm({"+": a + b, "-": a - b, "*": a * b}[e.op])
            return {"+": self.add, "-": self.sub, "*": self.mul}[e.op](a, b)
        if isinstance(e, Compare):
            got = string_comparison(e)
            if got is not None:
                return self._string(*got)
            a, b = v(e.left), v(e.right)
            if is_const(a) and is_const(b):
                return _CMP[e.op](a, b)
            return self.compare(e.op, a, b)
        if isinstance(e, And):
            out: Any = True
            for it in e.items:
                x = v(it)
                if x is False:
                    return False
                out = x if out is True else (out if x is True else self.and_(out, x))
            return out
        if isinstance(e, Or):
            out = False
            for it in e.items:
                x = v(it)
                if x is True:
                    return True
                out = x if out is False else (out if x is False else self.or_(out, x))
            return out
        if isinstance(e, Not):
            a = v(e.operand)
            return (not a) if isinstance(a, bool) else self.not_(a)
        if isinstance(e, Ite):
            c = v(e.cond)
            if isinstance(c, bool):
                return v(e.then) if c else v(e.other)
            return self.ite(c, v(e.then), v(e.other))
        raise TypeError(e)

    def _name(self, e: Name) -> Any:
        if e.id in SUIT_CONSTANTS:
            return SUIT_CONSTANTS[e.id]
        if e.id in OUTCOMES:
            self._own = True
            return self.outcome_name(e.id)
        entry = self.defs.entry(e.id, 0)
        if isinstance(entry, PatternTable):
            return self.pattern(entry)
        if isinstance(entry, Context):
            self._own = True
            if entry.name in self.context:
                return self.context[entry.name]
            return self.free_context(entry)
        if isinstance(entry, Derived):
            return self.value(self.defs.inline(entry, ()))
        raise OpenbidError(f"{e.id} needs a suit")

    def _call(self, e: Call) -> Any:
        fn = e.fn
        if fn == "count":
            vals = [self.value(a) for a in e.args]
            known = sum(1 for x in vals if x is True)
            rest = [x for x in vals if not isinstance(x, bool)]
            return known if not rest else self.count(rest, known)
        if fn in ("max", "min", "largest", "floor"):
            vals = [self.value(a) for a in e.args]
            if fn == "largest":
                i, vals = vals[0], vals[1:]
                if all(is_const(x) for x in vals):
                    return sorted(vals, reverse=True)[i - 1]
                return self.largest(i, vals)
            if fn == "floor":
                x = vals[0]
                return (x // 1 if isinstance(x, int) else int(Fraction(x).__floor__())) if is_const(x) \
                    else self.floor(x)
            if all(is_const(x) for x in vals):
                return max(vals) if fn == "max" else min(vals)
            return self.extreme(fn, vals)
        if fn in ("meets", "chose"):
            self._own = True
        if fn == "meets":
            return self.meets(str(e.args[0].value))  # type: ignore[union-attr]
        if fn == "chose":
            return self.chose(str(e.args[0].value), str(e.args[1].value))  # type: ignore[union-attr]
        arity = len(e.args)
        entry = self.defs.entry(fn, arity)
        if isinstance(entry, SuitTable):
            return self.table(entry, suit_of(e.args[0]))
        if isinstance(entry, Derived):
            return self.value(self.defs.inline(entry, _constants(e.args)))
        raise OpenbidError(f"{fn} takes no arguments")

    def _string(self, name: str, text: str, negated: bool) -> Any:
        if name == "SHAPE":
            entry = self.defs.entry("SHAPE", 0)
            t = self.pattern_test(entry, lambda v: v == text)  # type: ignore[arg-type]
        elif name == "bid":
            t = self.bid_is(text)
        else:
            t = self.section_is(text)
        if name != "SHAPE":
            self._own = True
        if isinstance(t, bool):
            return t != negated
        return self.not_(t) if negated else t

    # -- primitives (the reader's own) --------------------------------------------------------
    def table(self, t: SuitTable, suit: int) -> Any: raise NotImplementedError
    def pattern(self, p: PatternTable) -> Any: raise NotImplementedError
    def free_context(self, c: Context) -> Any:
        raise OpenbidError(f"{c.name} is a fact of the deal ({c.doc}): give it "
                           f"(e.g. --{c.name.lower()}), or ask Z3, which ranges over it")
    def pattern_test(self, p: PatternTable, test) -> Any: raise NotImplementedError
    def add(self, a: Any, b: Any) -> Any: raise NotImplementedError
    def sub(self, a: Any, b: Any) -> Any: raise NotImplementedError
    def mul(self, a: Any, b: Any) -> Any: raise NotImplementedError
    def neg(self, a: Any) -> Any: raise NotImplementedError
    def div_const(self, a: Any, c: Fraction) -> Any: raise NotImplementedError
    def compare(self, op: str, a: Any, b: Any) -> Any: raise NotImplementedError
    def and_(self, a: Any, b: Any) -> Any: raise NotImplementedError
    def or_(self, a: Any, b: Any) -> Any: raise NotImplementedError
    def not_(self, a: Any) -> Any: raise NotImplementedError
    def ite(self, c: Any, a: Any, b: Any) -> Any: raise NotImplementedError
    def count(self, conds: list, known: int) -> Any: raise NotImplementedError
    def extreme(self, fn: str, vals: list) -> Any: raise NotImplementedError
    def largest(self, i: int, vals: list) -> Any: raise NotImplementedError
    def floor(self, a: Any) -> Any: raise NotImplementedError
    def outcome_name(self, name: str) -> Any: raise NotImplementedError
    def meets(self, label: str) -> Any: raise NotImplementedError
    def chose(self, auction: str, call: str) -> Any: raise NotImplementedError
    def bid_is(self, text: str) -> Any: raise NotImplementedError
    def section_is(self, text: str) -> Any: raise NotImplementedError


def _constants(args: tuple[Expr, ...]) -> tuple[Expr, ...]:
    """Arguments as they are bound into a definition (suit names become suit numbers)."""
    return tuple(Const(SUIT_CONSTANTS[a.id]) if isinstance(a, Name) and a.id in SUIT_CONSTANTS else a
                 for a in args)


def _norm(v):
    if isinstance(v, Fraction) and v.denominator == 1:
        return int(v)
    return v
