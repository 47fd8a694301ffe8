"""The Python interpreter of the expression language: an expression becomes Python source
(``d`` is a :class:`~openbid.model.descriptors.Descriptors`, ``o`` the outcome, suit variables are
locals), compiled once. Fast enough to bid tens of thousands of hands a second."""

from __future__ import annotations

from fractions import Fraction

from openbid.model.expr.ast import And, Arith, Call, Compare, Const, Expr, Name, Neg, Not, Or, Quant
from openbid.model.expr.ast import expand_quantifiers
from openbid.model.expr.names import SIGNATURES, SUIT_CONSTANTS

_OPS = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_TABLE_CALLS = {"SUITLENGTH", "SUITPOINTS", "HONORCOUNT", "PT", "SAFE", "NOTR", "ACE", "KING",
                "QUEEN", "JACK", "TEN", "SP"}


def var_name(var: str) -> str:
    return f"v_{var}"


def py(e: Expr, suit_vars: frozenset[str] = frozenset()) -> str:
    """Python source for ``e`` (quantifiers unrolled)."""
    return _py(expand_quantifiers(e), suit_vars)


def _py(e: Expr, sv: frozenset[str]) -> str:
    if isinstance(e, Const):
        v = e.value
        if isinstance(v, Fraction):
            return f"Fraction({v.numerator}, {v.denominator})"
        return repr(v)
    if isinstance(e, Name):
        if e.id in sv:
            return var_name(e.id)
        if e.id in SUIT_CONSTANTS:
            return str(SUIT_CONSTANTS[e.id])
        if SIGNATURES[e.id].kind == "outcome":
            return f"o.{e.id}"
        return f"d.{e.id}"
    if isinstance(e, Call):
        args = [_py(a, sv) for a in e.args]
        if e.fn == "count":
            return "(" + " + ".join(f"({a})" for a in args) + ")"
        if e.fn in _TABLE_CALLS:
            return f"d.{e.fn}[{args[0]}]"
        if e.fn == "SLIDEPOINTS":
            s, n1, n2 = args
            return f"(d.SUITPOINTS[{s}] >= {n1} - {n2} * d.SUITLENGTH[{s}])"
        if e.fn == "MAJOR":
            return f"({args[0]} >= 3)"
        if e.fn == "MINOR":
            return f"({args[0]} <= 2)"
        if SIGNATURES[e.fn].kind == "outcome":
            return f"o.{e.fn}({', '.join(args)})"
        return f"d.{e.fn}({', '.join(args)})"
    if isinstance(e, Neg):
        return f"(-{_py(e.operand, sv)})"
    if isinstance(e, Arith):
        left, right = _py(e.left, sv), _py(e.right, sv)
        if e.op == "/":
            return f"(Fraction({left}) / {right})"
        return f"({left} {e.op} {right})"
    if isinstance(e, Compare):
        return f"({_py(e.left, sv)} {_OPS[e.op]} {_py(e.right, sv)})"
    if isinstance(e, And):
        return "(" + " and ".join(_py(i, sv) for i in e.items) + ")"
    if isinstance(e, Or):
        return "(" + " or ".join(_py(i, sv) for i in e.items) + ")"
    if isinstance(e, Not):
        return f"(not {_py(e.operand, sv)})"
    if isinstance(e, Quant):  # pragma: no cover - removed by expand_quantifiers
        raise AssertionError("quantifier not expanded")
    raise TypeError(e)


_CACHE: dict[Expr, object] = {}


def compile_expr(e: Expr):
    """``fn(d, o) -> value`` for a closed expression ``e``."""
    fn = _CACHE.get(e)
    if fn is None:
        src = f"lambda d, o=None: {py(e)}"
        fn = eval(compile(src, "<expr>", "eval"), {"Fraction": Fraction})  # noqa: S307
        _CACHE[e] = fn
    return fn
