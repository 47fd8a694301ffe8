"""The Z3 hand model and the Z3 reading of the expression language and the rules table.

A hand is, per suit, five Booleans (A K Q J T held) and a number of spot cards 0..8, with the
lengths summing to 13. Every descriptor is *defined* from these exactly as
:mod:`openbid.model.descriptors` computes it (PLAYTRICKS by the same table or procedure, cell by cell),
so every model the solver returns is a real hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import z3

from openbid.model.errors import OpenbidError
from openbid.model.expr.ast import (And, Arith, Call, Compare, Const, Expr, Name, Neg, Not, Or, Quant,
                              expand_quantifiers)
from openbid.model.expr.names import SUIT_CONSTANTS, bidvals_printing, string_comparison
from openbid.model.hand import Hand
from openbid.model.playtricks import APPENDIX3, HCP_OF, suit_playtricks
from openbid.model.rules.meets import meets_expr
from openbid.model.rules.model import PASS_SECTION, Rules
from openbid.model.shape import parse_shape
from openbid.readers.execution import Execution, execute

SUITS = (1, 2, 3, 4)  # C D H S (Algol numbers)
HONOUR_BITS = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 0}


class Z3Algebra:
    # Made when asked, in the current context: nothing Z3 is created at import, so a process
    # can start its Z3 work in a context of its own (openbid.readers.workers.fresh_z3_context).
    @property
    def true(self):
        return z3.BoolVal(True)

    @property
    def false(self):
        return z3.BoolVal(False)

    def and_(self, a, b):
        if z3.is_false(a) or z3.is_false(b):
            return self.false
        if z3.is_true(a):
            return b
        if z3.is_true(b):
            return a
        return z3.And(a, b)

    def or_(self, a, b):
        if z3.is_true(a) or z3.is_true(b):
            return self.true
        if z3.is_false(a):
            return b
        if z3.is_false(b):
            return a
        return z3.Or(a, b)

    def not_(self, a):
        if z3.is_true(a):
            return self.false
        if z3.is_false(a):
            return self.true
        return z3.Not(a)

    def is_false(self, a) -> bool:
        return z3.is_false(a)


ALG = Z3Algebra()


def _b2i(b):
    return z3.If(b, 1, 0)


@dataclass
class SymbolicHand:
    """Z3 variables of one hand and every descriptor defined from them (under ``rules.readings``)."""

    rules: Rules
    prefix: str = "h"
    honour: dict = field(init=False)
    spots: dict = field(init=False)

    def __post_init__(self) -> None:
        p = self.prefix
        self.honour = {(s, r): z3.Bool(f"{p}_{'CDHS'[s - 1]}{r}") for s in SUITS for r in "AKQJT"}
        self.spots = {s: z3.Int(f"{p}_{'CDHS'[s - 1]}x") for s in SUITS}

    # ---- the hand ------------------------------------------------------------------------
    def has(self, s: int, r: str):
        return self.honour[(s, r)]

    @cached_property
    def length(self) -> dict:
        return {s: sum(_b2i(self.has(s, r)) for r in "AKQJT") + self.spots[s] for s in SUITS}

    @cached_property
    def domain(self):
        """The constraints that make the variables a hand of 13 cards."""
        cs = [z3.And(self.spots[s] >= 0, self.spots[s] <= 8) for s in SUITS]
        cs.append(sum(self.length[s] for s in SUITS) == 13)
        return z3.And(*cs)

    # ---- per suit ----------------------------------------------------------------------------
    @cached_property
    def points(self) -> dict:
        return {s: sum(HCP_OF[r] * _b2i(self.has(s, r)) for r in "AKQJ") for s in SUITS}

    @cached_property
    def honours(self) -> dict:
        return {s: sum(_b2i(self.has(s, r)) for r in "AKQJT") for s in SUITS}

    @cached_property
    def sub(self) -> dict:
        out = {}
        for s in SUITS:
            n = self.length[s]
            out[s] = (z3.If(z3.And(self.has(s, "A"), n == 1), -1, 0)
                      + z3.If(z3.And(self.has(s, "K"), n == 1), 2, 0)
                      + z3.If(z3.And(self.has(s, "Q"), n < 3), 3 - n, 0)
                      + z3.If(z3.And(self.has(s, "J"), n < 3), 1, 0))
        return out

    @cached_property
    def safe(self) -> dict:
        return {s: z3.Or(self.has(s, "A"), z3.And(self.has(s, "K"), self.length[s] != 1),
                         self.length[s] >= 3) for s in SUITS}

    @cached_property
    def notr(self) -> dict:
        return {s: z3.Or(z3.And(self.has(s, "K"), self.length[s] == 1),
                         z3.And(self.length[s] == 2, self.has(s, "Q"), self.has(s, "J")))
                for s in SUITS}

    @cached_property
    def pt(self) -> dict:
        """PLAYTRICKS per suit: the exact cell for every (A K Q J) holding and length."""
        source = self.rules.readings.playtricks  # type: ignore[attr-defined]
        out = {}
        for s in SUITS:
            n = self.length[s]
            term = z3.IntVal(0)
            for name, row in APPENDIX3.items():
                a, k, q, j = (r in name for r in "AKQJ")
                match = z3.And(*(self.has(s, r) if held else z3.Not(self.has(s, r))
                                 for r, held in zip("AKQJ", (a, k, q, j))))
                by_len = z3.IntVal(0)
                for length in range(13, -1, -1):
                    if row[length] is None:
                        continue  # a length this holding cannot have
                    v = suit_playtricks(source, a, k, q, j, length)
                    by_len = z3.If(n == length, v, by_len)
                term = z3.If(match, by_len, term)
            out[s] = term
        return out

    # ---- whole hand --------------------------------------------------------------------------
    @cached_property
    def scalars(self) -> dict:
        L, P = self.length, self.points
        hcp = sum(P[s] for s in SUITS)
        aces = sum(_b2i(self.has(s, "A")) for s in SUITS)
        # The longest suit has at least 4 cards, so "the three shortest" are just those under 3.
        distp = sum(z3.If(L[s] < 3, 3 - L[s], 0) for s in SUITS)
        longest = L[1]
        for s in (2, 3, 4):
            longest = z3.If(L[s] > longest, L[s], longest)
        xtrp = (1 - _b2i(distp == 0) - _b2i(aces == 0) + _b2i(aces == 4)
                + sum(z3.If(L[s] >= 5, 2 * (L[s] - 5) + 1, 0) for s in SUITS))
        sub = sum(self.sub[s] for s in SUITS)
        r = self.rules.readings  # type: ignore[attr-defined]
        if r.solid == "corrected":
            bad = [z3.Or(z3.And(P[s] <= 2, L[s] <= 4), self.notr[s]) for s in SUITS]
        else:
            bad = [z3.Or(z3.And(P[s] >= 2, L[s] <= 4), self.notr[s]) for s in SUITS]
        two, three = (3, 2) if r.notrumptry == "code" else (2, 1)
        ntbad = [z3.Or(z3.And(P[s] <= two, L[s] == 2), z3.And(P[s] <= three, L[s] == 3),
                       L[s] <= 1, self.notr[s]) for s in SUITS]
        return {
            "HCP": hcp, "DISTP": distp, "ACES": aces, "LONGEST": longest, "XTRP": xtrp,
            "SUB": sub, "TOTALPTS": hcp + xtrp - sub, "SUMP": hcp + distp - sub,
            "KINGS": sum(_b2i(self.has(s, "K")) for s in SUITS),
            "STOP": sum(_b2i(self.safe[s]) for s in SUITS),
            "PLAYTRICKS": sum(self.pt[s] for s in SUITS),
            "VOIDFLAG": z3.Or(*(L[s] == 0 for s in SUITS)),
            "EVENDIST": distp <= 1,
            "FOUR441": z3.And(longest <= 5, z3.Or(*(L[s] == 1 for s in SUITS))),
            "SOLID": z3.Not(z3.Or(*bad)),
            "NOTRUMPTRY": z3.Not(z3.Or(*ntbad)),
        }

    @cached_property
    def sp(self) -> list:
        """SP(1) >= ... >= SP(4): the suit points through a sorting network (exact)."""
        v = [self.points[s] for s in SUITS]

        def cx(i, j):
            hi = z3.If(v[i] >= v[j], v[i], v[j])
            lo = z3.If(v[i] >= v[j], v[j], v[i])
            v[i], v[j] = hi, lo

        for i, j in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
            cx(i, j)
        return [None, *v]

    # ---- the rules ---------------------------------------------------------------------------
    @cached_property
    def execution(self) -> Execution:
        return execute(self.rules, ALG, lambda e: self.cond(e), lambda e: self.num(e))

    @cached_property
    def labels(self) -> tuple[str, ...]:
        return self.rules.labels

    @cached_property
    def outcome(self):
        """(BIDVAL, section index into ``labels``) as Z3 terms."""
        bidval = z3.IntVal(0)
        section = z3.IntVal(self.labels.index(str(PASS_SECTION)))
        for site in reversed(self.execution.sites):
            bidval = z3.If(site.fire, site.value, bidval)
            section = z3.If(site.fire, self.labels.index(site.label), section)
        return bidval, section

    def bids_at(self, label: str):
        """The procedure's final bid is made at bid point ``label``."""
        if label == str(PASS_SECTION):
            return self.execution.passes
        fires = [s.fire for s in self.execution.sites if s.label == label]
        if not fires:
            raise OpenbidError(f"no bid point {label!r}")
        return z3.Or(*fires) if len(fires) > 1 else fires[0]

    def meets(self, label: str):
        return self.cond(meets_expr(self.rules, label))

    # ---- the expression language -------------------------------------------------------------
    def cond(self, e: Expr):
        t = self._z(expand_quantifiers(e))
        if not z3.is_bool(t):
            raise OpenbidError("expected a condition")
        return t

    def num(self, e: Expr):
        return self._z(expand_quantifiers(e))

    def _suit(self, e: Expr) -> int:
        if isinstance(e, Const) and isinstance(e.value, int):
            return e.value
        if isinstance(e, Name) and e.id in SUIT_CONSTANTS:
            return SUIT_CONSTANTS[e.id]
        raise OpenbidError(f"a suit argument must be a suit here, not {e!r}")

    def _z(self, e: Expr):
        if isinstance(e, Const):
            v = e.value
            if isinstance(v, bool):
                return z3.BoolVal(v)
            if isinstance(v, Fraction):
                return z3.RealVal(f"{v.numerator}/{v.denominator}")
            if isinstance(v, int):
                return z3.IntVal(v)
            raise OpenbidError(f"a string ({v!r}) can only be compared with bid, section or SHAPE")
        if isinstance(e, Name):
            if e.id in SUIT_CONSTANTS:
                return z3.IntVal(SUIT_CONSTANTS[e.id])
            if e.id in self.scalars:
                return self.scalars[e.id]
            if e.id == "bidval":
                return self.outcome[0]
            raise OpenbidError(f"{e.id} cannot be used alone here")
        if isinstance(e, Call):
            return self._call(e)
        if isinstance(e, Neg):
            return -self._z(e.operand)
        if isinstance(e, Arith):
            a, b = self._z(e.left), self._z(e.right)
            if e.op == "+":
                return a + b
            if e.op == "-":
                return a - b
            if e.op == "*":
                return a * b
            return z3.ToReal(a) / b if z3.is_int(a) and z3.is_int(b) else a / b
        if isinstance(e, Compare):
            special = self._compare_names(e)
            if special is not None:
                return special
            a, b = self._z(e.left), self._z(e.right)
            return {"=": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b,
                    "<=": lambda: a <= b, ">": lambda: a > b, ">=": lambda: a >= b}[e.op]()
        if isinstance(e, And):
            return z3.And(*(self._z(i) for i in e.items))
        if isinstance(e, Or):
            return z3.Or(*(self._z(i) for i in e.items))
        if isinstance(e, Not):
            return z3.Not(self._z(e.operand))
        if isinstance(e, Quant):  # pragma: no cover - expanded before
            raise AssertionError("quantifier not expanded")
        raise TypeError(e)

    def _call(self, e: Call):
        fn = e.fn
        if fn == "count":
            return sum(z3.If(self._z(a), 1, 0) for a in e.args)
        if fn == "meets":
            return self.meets(e.args[0].value)  # type: ignore[union-attr]
        if fn == "SP":
            i = e.args[0]
            if not (isinstance(i, Const) and i.value in (1, 2, 3, 4)):
                raise OpenbidError("SP(i) needs a constant i = 1..4")
            return self.sp[i.value]
        s = self._suit(e.args[0])
        if fn == "SUITLENGTH":
            return self.length[s]
        if fn == "SUITPOINTS":
            return self.points[s]
        if fn == "HONORCOUNT":
            return self.honours[s]
        if fn == "PT":
            return self.pt[s]
        if fn == "SAFE":
            return self.safe[s]
        if fn == "NOTR":
            return self.notr[s]
        if fn in ("ACE", "KING", "QUEEN", "JACK", "TEN"):
            return self.has(s, "AKQJT"[("ACE", "KING", "QUEEN", "JACK", "TEN").index(fn)])
        if fn == "OUTSIDEACE":
            return z3.Or(*(self.has(t, "A") for t in SUITS if t != s))
        if fn == "CANBEREBID":
            n = self.length[s]
            return z3.Or(z3.And(n >= 5, self.points[s] >= 4, self.honours[s] >= 2), n >= 6)
        if fn == "SLIDEPOINTS":
            return self.points[s] >= self._z(e.args[1]) - self._z(e.args[2]) * self.length[s]
        if fn == "MAJOR":
            return z3.BoolVal(s >= 3)
        if fn == "MINOR":
            return z3.BoolVal(s <= 2)
        raise OpenbidError(f"{fn} has no Z3 reading")

    def _compare_names(self, e: Compare):
        """``SHAPE = "4432"``, ``bid = "1S"``, ``section = "12a"`` (and ``!=``)."""
        got = string_comparison(e)
        if got is None:
            return None
        name, text, negated = got
        if name == "SHAPE":
            shape = parse_shape(text)
            if shape is None:
                t = z3.BoolVal(False)
            else:
                t = z3.And(*(sum(_b2i(self.length[s] == v) for s in SUITS) == shape.count(v)
                             for v in set(shape)))
        elif name == "bid":
            vals = bidvals_printing(text)
            t = z3.Or(*(self.outcome[0] == v for v in vals)) if vals else z3.BoolVal(False)
        else:
            if text not in self.labels:
                raise OpenbidError(f"no section label {text!r}; known: {', '.join(self.labels)}")
            t = self.outcome[1] == self.labels.index(text)
        return z3.Not(t) if negated else t

    # ---- models back to hands ----------------------------------------------------------------
    def hand_of(self, model: z3.ModelRef) -> Hand:
        """The hand class a model describes (spot cards as ``x``)."""
        masks, spots = [], []
        for s in (4, 3, 2, 1):
            m = 0
            for r, bit in HONOUR_BITS.items():
                if z3.is_true(model.eval(self.has(s, r), model_completion=True)):
                    m |= 1 << bit
            masks.append(m)
            spots.append(model.eval(self.spots[s], model_completion=True).as_long())
        return Hand.from_class(tuple(masks), tuple(spots))  # type: ignore[arg-type]

    def block(self, hand: Hand):
        """A constraint excluding ``hand``'s class (for distinct witnesses)."""
        eqs = []
        for s in SUITS:
            h = hand.holding(s)  # type: ignore[arg-type]
            for r in "AKQJT":
                eqs.append(self.has(s, r) == z3.BoolVal(h.has(r)))
            eqs.append(self.spots[s] == h.spot_count)
        return z3.Not(z3.And(*eqs))

