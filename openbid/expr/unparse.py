"""Expression tree back to text, in the same syntax ``parse`` reads (round-trip tested)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from openbid.expr.ast import And, Arith, Call, Compare, Const, Expr, Ite, Name, Neg, Not, Or, Quant
from openbid.expr.names import signature

_SUIT_LETTER = {1: "C", 2: "D", 3: "H", 4: "S"}
# Binding strength: or 1, and 2, not 3, compare 4, sum 5, product 6, unary 7, atom 8.


def unparse(e: Expr) -> str:
    return _u(e)


def _prec(e: Expr) -> int:
    if isinstance(e, Ite):
        return 0
    if isinstance(e, Or):
        return 1
    if isinstance(e, And):
        return 2
    if isinstance(e, Not):
        return 3
    if isinstance(e, Compare):
        return 4
    if isinstance(e, Arith):
        return 5 if e.op in "+-" else 6
    if isinstance(e, Neg):
        return 7
    return 8


def _wrap(e: Expr, least: int) -> str:
    s = _u(e)
    return f"({s})" if _prec(e) < least else s


# An "if" inside and/or/not/compare/arithmetic is always parenthesised (least >= 1); at the top
# or as a branch of another "if" it is not.


def _u(e: Expr) -> str:
    if isinstance(e, Const):
        v = e.value
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return f'"{v}"'
        if isinstance(v, Fraction):
            d = v.denominator
            while d % 2 == 0:
                d //= 2
            while d % 5 == 0:
                d //= 5
            if d == 1:  # a finite decimal: print it as one
                return format(Decimal(v.numerator) / Decimal(v.denominator), "f")
            return f"({v.numerator} / {v.denominator})"
        return str(v)
    if isinstance(e, Name):
        return e.id
    if isinstance(e, Call):
        if e.fn == "count":
            return "count(" + ", ".join(_u(a) for a in e.args) + ")"
        sig = signature(e.fn, len(e.args))
        kinds = sig.args if sig is not None else ()
        return f"{e.fn}(" + ", ".join(_suit_arg(a) if k == "suit" else _u(a)
                                      for a, k in zip(e.args, kinds or ("",) * len(e.args))) + ")"
    if isinstance(e, Neg):
        return "-" + _wrap(e.operand, 8)
    if isinstance(e, Arith):
        p = _prec(e)
        return f"{_wrap(e.left, p)} {e.op} {_wrap(e.right, p + 1)}"
    if isinstance(e, Compare):
        return f"{_wrap(e.left, 5)} {e.op} {_wrap(e.right, 5)}"
    if isinstance(e, And):
        return " and ".join(_wrap(i, 3) for i in e.items)
    if isinstance(e, Or):
        return " or ".join(_wrap(i, 3) for i in e.items)  # parenthesise "and" for the reader
    if isinstance(e, Not):
        return "not " + _wrap(e.operand, 3)
    if isinstance(e, Ite):
        return f"if {_wrap(e.cond, 1)} then {_wrap(e.then, 1)} else {_u(e.other)}"
    if isinstance(e, Quant):
        suits = ", ".join(_SUIT_LETTER[s] for s in e.suits)
        return f"{e.kind}({e.var} in {suits}: {_u(e.body)})"
    raise TypeError(e)


def _suit_arg(a: Expr) -> str:
    """A suit argument: a substituted suit number prints as its letter (4 -> S)."""
    if isinstance(a, Const) and isinstance(a.value, int) and not isinstance(a.value, bool):
        return _SUIT_LETTER[a.value]
    return _u(a)
