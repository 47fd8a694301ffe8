"""The Python interpreter of the expression language: an expression becomes Python source, compiled
once. ``d`` is a :class:`~openbid.systems.descriptors.Descriptors` (a per-suit table ``X(s)`` is
``d._s_X[s]``, a definition with parameters ``d._f_X(...)``, a whole-hand descriptor ``d.X``),
``o`` the outcome; suit variables and parameters are locals."""

from __future__ import annotations

import math
from fractions import Fraction

from openbid.expr.ast import (And, Arith, Call, Compare, Const, Expr, Ite, Name, Neg, Not, Or,
                                    Quant, expand_quantifiers)
from openbid.expr.names import OUTCOMES, SUIT_CONSTANTS

_OPS = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def var_name(var: str) -> str:
    return f"v_{var}"


def py(e: Expr, suit_vars: frozenset[str] = frozenset(), is_table=None) -> str:
    """Python source for ``e`` (quantifiers unrolled). ``suit_vars``: names that are locals
    (loop variables, parameters). ``is_table(name)``: whether ``name(s)`` is a per-suit table
    (default: the registry's)."""
    if is_table is None:
        is_table = _registry_table
    return _Py(suit_vars, is_table).py(expand_quantifiers(e))


def _registry_table(name: str) -> bool:
    from openbid.hands.registry import SuitTable, registry

    reg = registry()
    return reg.has(name, 1) and isinstance(reg.default(name, 1), SuitTable)


class _Py:
    def __init__(self, sv: frozenset[str], is_table) -> None:
        self.sv = sv
        self.is_table = is_table

    def py(self, e: Expr) -> str:
        f = self.py
        if isinstance(e, Const):
            v = e.value
            if isinstance(v, Fraction):
                return f"Fraction({v.numerator}, {v.denominator})"
            return repr(v)
        if isinstance(e, Name):
            if e.id in self.sv:
                return var_name(e.id)
            if e.id in SUIT_CONSTANTS:
                return str(SUIT_CONSTANTS[e.id])
            if e.id in OUTCOMES:
                return f"o.{e.id}"
            return f"d.{e.id}"
        if isinstance(e, Call):
            args = [f(a) for a in e.args]
            if e.fn == "count":
                return "(" + " + ".join(f"({a})" for a in args) + ")"
            if e.fn in ("max", "min"):
                return f"{e.fn}({', '.join(args)})" if len(args) > 1 else args[0]
            if e.fn == "floor":
                return f"_floor({args[0]})"
            if e.fn == "largest":
                return f"_largest({', '.join(args)})"
            if e.fn in OUTCOMES:
                return f"o.{e.fn}({', '.join(args)})"
            if len(args) == 1 and self.is_table(e.fn):
                return f"d._s_{e.fn}[{args[0]}]"
            return f"d._f_{e.fn}({', '.join(args)})"
        if isinstance(e, Neg):
            return f"(-{f(e.operand)})"
        if isinstance(e, Arith):
            left, right = f(e.left), f(e.right)
            if e.op == "/":
                return f"(Fraction({left}) / {right})"
            return f"({left} {e.op} {right})"
        if isinstance(e, Compare):
            return f"({f(e.left)} {_OPS[e.op]} {f(e.right)})"
        if isinstance(e, And):
            return "(" + " and ".join(f(i) for i in e.items) + ")"
        if isinstance(e, Or):
            return "(" + " or ".join(f(i) for i in e.items) + ")"
        if isinstance(e, Not):
            return f"(not {f(e.operand)})"
        if isinstance(e, Ite):
            return f"(({f(e.then)}) if ({f(e.cond)}) else ({f(e.other)}))"
        if isinstance(e, Quant):  # pragma: no cover - removed by expand_quantifiers
            raise AssertionError("quantifier not expanded")
        raise TypeError(e)


def _largest(i: int, *values):
    return sorted(values, reverse=True)[i - 1]


def _floor(x):
    return math.floor(x)


NAMESPACE = {"Fraction": Fraction, "_floor": _floor, "_largest": _largest}

_CACHE: dict[tuple, object] = {}


def compile_expr(e: Expr, defs=None):
    """``fn(d, o) -> value`` for a closed expression ``e`` (``defs``: the definitions it is read
    under, when a rule file defines its own names)."""
    key = (e, defs)
    fn = _CACHE.get(key)
    if fn is None:
        src = f"lambda d, o=None: {py(e, is_table=defs.is_table if defs is not None else None)}"
        fn = eval(compile(src, "<expr>", "eval"), dict(NAMESPACE))  # noqa: S307
        if len(_CACHE) > 20000:
            _CACHE.clear()
        _CACHE[key] = fn
    return fn
