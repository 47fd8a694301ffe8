"""The rules table and the expression language read over a chunk with numpy: the third reader
of one expression tree (with openbid.model.evaluate and openbid.readers.symbolic), by the same symbolic executor
that builds the Z3 formulas (openbid.readers.execution)."""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property

import numpy as np

from openbid.model.bids import VALID_BIDVALS
from openbid.model.errors import OpenbidError
from openbid.model.expr.ast import (And, Arith, Call, Compare, Const, Expr, Name, Neg, Not, Or, Quant,
                              expand_quantifiers)
from openbid.model.expr.names import SUIT_CONSTANTS, bidvals_printing, string_comparison
from openbid.model.rules.meets import meets_expr
from openbid.model.rules.model import PASS_SECTION, Rules
from openbid.model.shape import parse_shape
from openbid.readers.census.array_hand import ArrayHand
from openbid.readers.census.enumeration import SUITS
from openbid.readers.execution import Execution, execute

_VALID = np.array(sorted(VALID_BIDVALS))


class NumpyAlgebra:
    true = True
    false = False

    def and_(self, a, b):
        if a is False or b is False:
            return False
        if a is True:
            return b
        if b is True:
            return a
        return a & b

    def or_(self, a, b):
        if a is True or b is True:
            return True
        if a is False:
            return b
        if b is False:
            return a
        return a | b

    def not_(self, a):
        if isinstance(a, bool):
            return not a
        return ~a

    def is_false(self, a) -> bool:
        return a is False or (isinstance(a, np.ndarray) and not a.any())


ALG = NumpyAlgebra()


class ArrayRules:
    """The rules table run over one chunk: outcome arrays and compiled expressions."""

    def __init__(self, rules: Rules, hand: ArrayHand) -> None:
        self.rules = rules
        self.hand = hand
        self.labels = rules.labels
        self._memo: dict[Expr, object] = {}

    @cached_property
    def execution(self) -> Execution:
        return execute(self.rules, ALG, self.cond, self.num)

    @cached_property
    def outcome(self) -> tuple[np.ndarray, np.ndarray]:
        n = self.hand.chunk.size
        bidval = np.zeros(n, dtype=np.int16)
        section = np.full(n, self.labels.index(str(PASS_SECTION)), dtype=np.int8)
        for site in self.execution.sites:
            fire = site.fire
            if fire is False:
                continue
            if fire is True:
                fire = np.ones(n, dtype=bool)
            value = site.value if np.isscalar(site.value) else site.value[fire]
            if not np.isin(value, _VALID).all():
                bad = sorted(set(np.atleast_1d(value).tolist()) - VALID_BIDVALS)[:3]
                raise OpenbidError(f"rules {self.rules.name!r}: bid point {site.label} makes "
                                   f"BIDVAL {', '.join(map(str, bad))}, which is not a bid "
                                   "(Appendix 5); 'openbid rules check FILE' finds every such point")
            bidval[fire] = value
            section[fire] = self.labels.index(site.label)
        return bidval, section

    def cond(self, e: Expr):
        return self._eval(expand_quantifiers(e))

    def num(self, e: Expr):
        return self._eval(expand_quantifiers(e))

    def _eval(self, e: Expr):
        hit = self._memo.get(e)
        if hit is None and e not in self._memo:
            hit = self._z(e)
            self._memo[e] = hit
        return hit

    def _z(self, e: Expr):
        h = self.hand
        if isinstance(e, Const):
            if isinstance(e.value, str):
                raise OpenbidError("a string can only be compared with bid, section or SHAPE")
            return e.value
        if isinstance(e, Name):
            if e.id in SUIT_CONSTANTS:
                return SUIT_CONSTANTS[e.id]
            if e.id in h.scalars:
                return h.scalars[e.id]
            if e.id == "bidval":
                return self.outcome[0]
            raise OpenbidError(f"{e.id} cannot be used alone here")
        if isinstance(e, Call):
            return self._call(e)
        if isinstance(e, Neg):
            return -_wide(self._eval(e.operand))
        if isinstance(e, Arith):
            a, b = _wide(self._eval(e.left)), _wide(self._eval(e.right))
            if e.op == "+":
                return a + b
            if e.op == "-":
                return a - b
            if e.op == "*":
                return a * b
            return _exact_div(a, b)
        if isinstance(e, Compare):
            special = self._compare_names(e)
            if special is not None:
                return special
            a, b = self._eval(e.left), self._eval(e.right)
            return _cmp(e.op, a, b)
        if isinstance(e, And):
            out = True
            for it in e.items:
                out = ALG.and_(out, self._eval(it))
                if out is False:
                    break
            return out
        if isinstance(e, Or):
            out = False
            for it in e.items:
                out = ALG.or_(out, self._eval(it))
                if out is True:
                    break
            return out
        if isinstance(e, Not):
            return ALG.not_(self._eval(e.operand))
        if isinstance(e, Quant):  # pragma: no cover
            raise AssertionError("quantifier not expanded")
        raise TypeError(e)

    def _call(self, e: Call):
        h = self.hand
        fn = e.fn
        if fn == "count":
            return sum(_as_int(self._eval(a)) for a in e.args)  # int32: no overflow
        if fn == "meets":
            return self.cond(meets_expr(self.rules, e.args[0].value))  # type: ignore[union-attr]
        if fn == "SP":
            return h.sp[e.args[0].value - 1]  # type: ignore[union-attr]
        s = _suit(e.args[0])
        simple = {"SUITLENGTH": h.length, "SUITPOINTS": h.points, "HONORCOUNT": h.honours,
                  "PT": h.pt, "SAFE": h.safe, "NOTR": h.notr}
        if fn in simple:
            return simple[fn][s]
        if fn in ("ACE", "KING", "QUEEN", "JACK", "TEN"):
            return h.has(s, "AKQJT"[("ACE", "KING", "QUEEN", "JACK", "TEN").index(fn)])
        if fn == "OUTSIDEACE":
            out = False
            for t in SUITS:
                if t != s:
                    out = ALG.or_(out, h.has(t, "A"))
            return out
        if fn == "CANBEREBID":
            return h.suit_test("CANBEREBID", s)
        if fn == "SLIDEPOINTS":
            n1, n2 = self._eval(e.args[1]), self._eval(e.args[2])
            if isinstance(n1, int) and isinstance(n2, int):  # a table over suit classes
                return h.suit_test("SLIDEPOINTS", s, n1, n2)
            return _wide(h.points[s]) >= _wide(n1) - _wide(n2) * _wide(h.length[s])
        if fn == "MAJOR":
            return s >= 3
        if fn == "MINOR":
            return s <= 2
        raise OpenbidError(f"{fn} has no array reading")

    def _compare_names(self, e: Compare):
        """``SHAPE = "4432"``, ``bid = "1S"``, ``section = "12a"`` (and ``!=``)."""
        got = string_comparison(e)
        if got is None:
            return None
        name, text, negated = got
        h = self.hand
        if name == "SHAPE":
            shape = parse_shape(text)
            if shape is None:
                t: object = False
            else:
                t = True
                for v in set(shape):
                    cnt = sum((h.length[s] == v).astype(np.int8) for s in SUITS)
                    t = ALG.and_(t, cnt == shape.count(v))
        elif name == "bid":
            vals = bidvals_printing(text)
            t = np.isin(self.outcome[0], vals) if vals else False
        else:
            if text not in self.labels:
                raise OpenbidError(f"no section label {text!r}; known: {', '.join(self.labels)}")
            t = self.outcome[1] == self.labels.index(text)
        return ALG.not_(t) if negated else t



def _suit(e: Expr) -> int:
    if isinstance(e, Const) and isinstance(e.value, int):
        return e.value
    if isinstance(e, Name) and e.id in SUIT_CONSTANTS:
        return SUIT_CONSTANTS[e.id]
    raise OpenbidError(f"a suit argument must be a suit here, not {e!r}")


def _wide(a):
    """Integer arrays are stored small (int8/int16); arithmetic is done in int32."""
    if isinstance(a, np.ndarray) and a.dtype.kind in "iub" and a.dtype != np.int32:
        return a.astype(np.int32)
    return a


def _as_int(a):
    if isinstance(a, np.ndarray):
        return a.astype(np.int32)
    return int(a)


def _exact_div(a, b):
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        raise OpenbidError("'/' over all hands is not supported yet (use * to clear denominators)")
    return Fraction(a) / Fraction(b)


def _cmp(op: str, a, b):
    if isinstance(a, Fraction) or isinstance(b, Fraction):  # exact: scale both sides
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            fa, fb = Fraction(a) if not isinstance(a, np.ndarray) else None, Fraction(b) if not isinstance(b, np.ndarray) else None
            den = (fa.denominator if fa is not None else 1) * (fb.denominator if fb is not None else 1)
            a = a * den if isinstance(a, np.ndarray) else int(fa * den)
            b = b * den if isinstance(b, np.ndarray) else int(fb * den)
    if op == "=":
        return a == b
    if op == "!=":
        return a != b
    if op == "<":
        return a < b
    if op == "<=":
        return a <= b
    if op == ">":
        return a > b
    return a >= b


def full_mask(m, n: int) -> np.ndarray:
    """A condition's value over ``n`` rows as a Boolean array (a constant is spread)."""
    if isinstance(m, (bool, np.bool_)):
        return np.full(n, bool(m))
    return m
