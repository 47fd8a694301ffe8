"""The Z3 reader: the hand model, the registry's descriptors and the rules table as Z3 terms.

A hand is, per suit, a Boolean for each tracked rank (the ranks something in use reads, and A K
Q J T: :mod:`openbid.bridge.ranks`) and a number of small cards, the lengths summing to 13. Every
descriptor is compiled from its registry entry (openbid.readers.core): a per-suit table becomes a
term over that suit's Booleans and length (a linear form where the table is one, otherwise a
decision diagram over the ranks read), a pattern table an if-chain over the patterns, a
definition the terms of its tree. So every model the solver returns is a real hand, and its
values are the executor's.

Numbers are exact fixed point: an integer term and a denominator (``ZNum``), so fractional
scales stay in linear integer arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any, Iterable

import z3

from openbid.systems.descriptors import definitions
from openbid.base.errors import OpenbidError
from openbid.expr.ast import Expr
from openbid.expr.names import bidvals_printing
from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RankModel
from openbid.hands.registry import PatternTable, SuitTable
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.bridge.shape import all_shapes
from openbid.readers.core import Interpreter, is_const
from openbid.systems.rules.execution import Algebra, Execution, execute
from openbid.readers.uses import tracked_ranks

SUITS = (1, 2, 3, 4)  # C D H S (Algol numbers)
LETTER = {1: "C", 2: "D", 3: "H", 4: "S"}


class Z3Algebra:
    # Made when asked, in the current context: nothing Z3 is created at import, so a process
    # can start its Z3 work in a context of its own (openbid.base.workers.fresh_z3_context).
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


ALG: Algebra = Z3Algebra()


@dataclass(frozen=True)
class ZNum:
    """An exact number: ``term / den`` with ``term`` an integer term."""

    term: Any
    den: int = 1


def _b2i(b):
    return z3.If(b, 1, 0)


def _zbool(v):
    return z3.BoolVal(v) if isinstance(v, bool) else v


def _scaled(v, den: int):
    """``v`` (a constant or ZNum) times ``den``, as an integer term or int."""
    if isinstance(v, ZNum):
        return v.term if v.den == den else v.term * (den // v.den)
    f = Fraction(v) * den
    assert f.denominator == 1
    return int(f)


def _den(*vals) -> int:
    return lcm(*(v.den if isinstance(v, ZNum) else Fraction(v).denominator for v in vals))


class SymbolicHand(Interpreter):
    """Z3 variables of one hand and every descriptor compiled from them under ``rules``.

    ``exprs``: expressions that will be asked of this hand besides the rules (their ranks are
    tracked too); ``model``: the rank model, if the caller has one."""

    def __init__(self, rules: Rules, prefix: str = "h", exprs: Iterable[Expr] = (),
                 model: RankModel | None = None, context: dict | None = None) -> None:
        """``context``: facts of the deal fixed for every question (SEAT, VUL, ...); the others
        are variables of the solver, ranging over their values."""
        super().__init__(definitions(rules.readings, rules.definitions), context)
        self.rules = rules
        self.prefix = prefix
        self.model = model or RankModel.of(tracked_ranks(self.defs, list(exprs), rules))
        p = prefix
        self.honour = {(s, r): z3.Bool(f"{p}_{LETTER[s]}{r}") for s in SUITS
                       for r in self.model.tracked}
        self.spots = {s: z3.Int(f"{p}_{LETTER[s]}x") for s in SUITS}
        self._tables: dict[tuple[SuitTable, int], Any] = {}
        self._shapes: dict[tuple[int, ...], Any] = {}

    # ---- the hand ------------------------------------------------------------------------
    def has(self, s: int, r: str):
        try:
            return self.honour[(s, r)]
        except KeyError:
            raise OpenbidError(f"the rank {r} is not tracked by this hand model "
                               f"({self.model.tracked})") from None

    @cached_property
    def length(self) -> dict:
        return {s: sum(_b2i(self.has(s, r)) for r in self.model.tracked) + self.spots[s]
                for s in SUITS}

    @cached_property
    def domain(self):
        """The constraints that make the variables a hand of 13 cards (and the facts of the
        deal that are not fixed, values in their ranges)."""
        cs = [z3.And(self.spots[s] >= 0, self.spots[s] <= self.model.max_small) for s in SUITS]
        cs.append(sum(self.length[s] for s in SUITS) == 13)
        for c, var in self.contexts.items():
            if c.result == "num":
                cs.append(z3.Or(*(var == v for v in c.values)))
        return z3.And(*cs)

    @cached_property
    def contexts(self) -> dict:
        """A Z3 variable for every fact of the deal the registry knows and the caller left free."""
        from openbid.hands.registry import Context, registry

        out = {}
        for name, arity in registry().names():
            e = self.defs.entry(name, arity)
            if isinstance(e, Context) and name not in self.context:
                out[e] = z3.Int(f"ctx_{name}") if e.result == "num" else z3.Bool(f"ctx_{name}")
        return out

    def free_context(self, c):
        return ZNum(self.contexts[c]) if c.result == "num" else self.contexts[c]

    def context_of(self, model: z3.ModelRef) -> dict:
        """The facts of the deal a model sets (those not fixed)."""
        out = {}
        for c, var in self.contexts.items():
            v = model.eval(var, model_completion=True)
            out[c.name] = v.as_long() if c.result == "num" else z3.is_true(v)
        return out

    # ---- the registry's tables -------------------------------------------------------------
    def table(self, t: SuitTable, suit: int):
        key = (t, suit)
        got = self._tables.get(key)
        if got is None:
            got = self._tables[key] = _TableTerm(self, t, suit).term()
        return got

    def pattern(self, p: PatternTable):
        values = p.values
        if p.result == "bool":
            return self.pattern_test(p, lambda v: v)
        den = lcm(*(Fraction(v).denominator for v in values.values()))
        scaled = {shape: int(Fraction(v) * den) for shape, v in values.items()}
        counts: dict[int, int] = {}
        for v in scaled.values():
            counts[v] = counts.get(v, 0) + 1
        default = max(counts, key=lambda v: (counts[v], -v))
        term: Any = z3.IntVal(default)
        for shape in reversed(all_shapes()):
            if scaled[shape] != default:
                term = z3.If(self.shape_is(shape), scaled[shape], term)
        return ZNum(term, den)

    def pattern_test(self, p: PatternTable, test):
        yes = [s for s in all_shapes() if test(p.values[s])]
        no = [s for s in all_shapes() if not test(p.values[s])]
        if not yes:
            return False
        if not no:
            return True
        if len(yes) <= len(no):
            return z3.Or(*(self.shape_is(s) for s in yes)) if len(yes) > 1 else self.shape_is(yes[0])
        return z3.Not(z3.Or(*(self.shape_is(s) for s in no)) if len(no) > 1 else self.shape_is(no[0]))

    def shape_is(self, shape: tuple[int, ...]):
        got = self._shapes.get(shape)
        if got is None:
            L = self.length
            got = z3.And(*(sum(_b2i(L[s] == v) for s in SUITS) == shape.count(v) for v in set(shape)))
            self._shapes[shape] = got
        return got

    # ---- arithmetic --------------------------------------------------------------------------
    def _pair(self, a, b):
        d = _den(a, b)
        return _scaled(a, d), _scaled(b, d), d

    def add(self, a, b):
        x, y, d = self._pair(a, b)
        return ZNum(x + y, d)

    def sub(self, a, b):
        x, y, d = self._pair(a, b)
        return ZNum(x - y, d)

    def mul(self, a, b):
        if is_const(a):
            a, b = b, a
        if is_const(b):
            f = Fraction(b)
            return ZNum(a.term * f.numerator, a.den * f.denominator)
        return ZNum(a.term * b.term, a.den * b.den)

    def neg(self, a):
        return ZNum(-a.term, a.den)

    def div_const(self, a, c: Fraction):
        sign = -1 if c < 0 else 1
        return ZNum(a.term * (c.denominator * sign), a.den * abs(c.numerator))

    def compare(self, op, a, b):
        x, y, _ = self._pair(a, b)
        return {"=": lambda: x == y, "!=": lambda: x != y, "<": lambda: x < y,
                "<=": lambda: x <= y, ">": lambda: x > y, ">=": lambda: x >= y}[op]()

    def and_(self, a, b):
        return z3.And(a, b)

    def or_(self, a, b):
        return z3.Or(a, b)

    def not_(self, a):
        return z3.Not(a)

    def ite(self, c, a, b):
        if _is_bool(a) or _is_bool(b):
            return z3.If(c, _zbool(a), _zbool(b))
        x, y, d = self._pair(a, b)
        return ZNum(z3.If(c, x, y), d)

    def count(self, conds, known):
        return ZNum(sum(_b2i(c) for c in conds) + known)

    def extreme(self, fn, vals):
        d = _den(*vals)
        terms = [_scaled(v, d) for v in vals]
        out = terms[0]
        for t in terms[1:]:
            out = z3.If(t > out, t, out) if fn == "max" else z3.If(t < out, t, out)
        return ZNum(out, d)

    def largest(self, i, vals):
        d = _den(*vals)
        v = [_scaled(x, d) for x in vals]
        # A sorting network (exact): bubble the larger values forward.
        for end in range(len(v) - 1, 0, -1):
            for j in range(end):
                hi = z3.If(v[j] >= v[j + 1], v[j], v[j + 1])
                lo = z3.If(v[j] >= v[j + 1], v[j + 1], v[j])
                v[j], v[j + 1] = hi, lo
        return ZNum(v[i - 1], d)

    def floor(self, a):
        return ZNum(a.term / a.den if a.den != 1 else a.term, 1)

    # ---- terms for callers -------------------------------------------------------------------
    def cond(self, e: Expr):
        t = self.value(e)
        if isinstance(t, bool):
            return z3.BoolVal(t)
        if not z3.is_bool(t):
            raise OpenbidError("expected a condition")
        return t

    def num(self, e: Expr):
        """An integer-valued expression as an integer term (BIDVAL, counts)."""
        v = self.value(e)
        if isinstance(v, ZNum):
            if v.den != 1:
                raise OpenbidError("expected a whole number here")
            return v.term
        return z3.IntVal(int(v)) if not isinstance(v, bool) else z3.BoolVal(v)

    def exact(self, e: Expr) -> ZNum:
        """Any number as ``ZNum``."""
        v = self.value(e)
        return v if isinstance(v, ZNum) else ZNum(z3.IntVal(_scaled(v, Fraction(v).denominator)),
                                                  Fraction(v).denominator)

    # ---- the rules ---------------------------------------------------------------------------
    @cached_property
    def execution(self) -> Execution:
        return execute(self.rules, ALG, self.cond, self.num)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        return self.rules.labels

    @cached_property
    def outcome(self):
        """(BIDVAL, section index into ``labels``) as Z3 terms."""
        bidval = z3.IntVal(0)
        section = z3.IntVal(self.labels.index(self.rules.pass_label))
        for site in reversed(self.execution.sites):
            bidval = z3.If(site.fire, site.value, bidval)
            section = z3.If(site.fire, self.labels.index(site.label), section)
        return bidval, section

    def bids_at(self, label: str):
        """The procedure's final bid is made at bid point ``label``."""
        if label == self.rules.pass_label:
            return self.execution.passes
        if label not in self.labels:
            raise OpenbidError(f"no bid point {label!r}")
        fires = [s.fire for s in self.execution.sites if s.label == label]
        if not fires:  # its section is never reached: no site was made
            return z3.BoolVal(False)
        return z3.Or(*fires) if len(fires) > 1 else fires[0]

    def meets(self, label: str):
        return self.cond(meets_expr(self.rules, label))

    def chose(self, auction: str, call: str):
        """The system of these rules calls ``call`` after ``auction``: the node's rules
        executed over this same hand."""
        from openbid.systems.auction import node_of

        memo = self.__dict__.setdefault("_chose", {})
        key = (auction, call)
        if key not in memo:
            node = node_of(self.rules, auction)
            if node.rules is None:
                memo[key] = z3.BoolVal(call == "PASS")
            else:
                ex = execute(node.rules, ALG, self.cond, self.num)
                vals = bidvals_printing(call)
                parts = [z3.And(s.fire, z3.Or(*(s.value == v for v in vals)) if vals else False)
                         for s in ex.sites]
                if call == "PASS":
                    parts.append(ex.passes)
                memo[key] = z3.Or(*parts) if parts else z3.BoolVal(False)
        return memo[key]

    def outcome_name(self, name: str):
        if name == "bidval":
            return ZNum(self.outcome[0])
        raise OpenbidError(f"{name} can only be compared with = or != to a quoted value")

    def bid_is(self, text: str):
        vals = bidvals_printing(text)
        return z3.Or(*(self.outcome[0] == v for v in vals)) if vals else False

    def section_is(self, text: str):
        if text not in self.labels:
            raise OpenbidError(f"no section label {text!r}; known: {', '.join(self.labels)}")
        return self.outcome[1] == self.labels.index(text)

    # ---- models back to hands ----------------------------------------------------------------
    def hand_of(self, model: z3.ModelRef) -> Hand:
        """The hand class a model describes (small cards as ``x``)."""
        held, small = [], []
        for s in (4, 3, 2, 1):
            held.append("".join(r for r in self.model.tracked
                                if z3.is_true(model.eval(self.has(s, r), model_completion=True))))
            small.append(model.eval(self.spots[s], model_completion=True).as_long())
        return Hand.from_states(tuple(held), tuple(small))  # type: ignore[arg-type]

    def witness(self, model: z3.ModelRef) -> Hand:
        """The concrete hand of a model: its class with the lowest small cards."""
        return self.concrete(self.hand_of(model))

    def concrete(self, cls: Hand) -> Hand:
        """The class's concrete hand with the lowest small cards."""
        return cls.lowest(self.model.small_ranks)

    def class_of(self, hand: Hand) -> list:
        """The equalities that hold exactly on ``hand``'s class: each tracked card held or not,
        and the number of the other cards, per suit."""
        eqs = []
        for s in SUITS:
            h = hand.holding(s)  # type: ignore[arg-type]
            for r in self.model.tracked:
                eqs.append(self.has(s, r) == z3.BoolVal(h.has(r)))
            eqs.append(self.spots[s] == h.length - sum(h.has(r) for r in self.model.tracked))
        return eqs

    def block(self, hand: Hand):
        """A constraint excluding ``hand``'s class (for distinct witnesses)."""
        return z3.Not(z3.And(*self.class_of(hand)))


def shared_hands(*rules: Rules, exprs: Iterable[Expr] = (),
                 context: dict | None = None) -> list["SymbolicHand"]:
    """One symbolic hand per rules table, over the same variables and the same rank model (every
    rank any of them reads): the same hand, read by each table (``diff``), in the same deal
    (``context``: the facts fixed; the free ones are shared variables too)."""
    from openbid.bridge.ranks import rank_order

    exprs = list(exprs)
    reads = "".join(tracked_ranks(definitions(r.readings, r.definitions), exprs, r) for r in rules)
    model = RankModel.of(rank_order(reads))
    return [SymbolicHand(r, model=model, context=context) for r in rules]


def _is_bool(v) -> bool:
    return isinstance(v, bool) or (isinstance(v, z3.ExprRef) and z3.is_bool(v))


class _TableTerm:
    """A per-suit table as a Z3 term: linear in the ranks held and the length where the table
    is, else a decision diagram over the ranks read (leaves: functions of the length)."""

    def __init__(self, sym: SymbolicHand, t: SuitTable, suit: int) -> None:
        self.sym, self.t, self.suit = sym, t, suit
        self.reads = t.reads
        self.max_small = 13 - len(t.reads)
        vals = {}
        from openbid.hands.evaluators.form import holdings

        for held, n in holdings(t.reads):
            vals[(held, n)] = t.value(held, n)
        self.vals = vals
        self.boolean = t.result == "bool"
        self.den = 1 if self.boolean else lcm(*(Fraction(v).denominator for v in vals.values()))
        self._memo: dict = {}

    def term(self):
        if not self.boolean:
            lin = self._linear()
            if lin is not None:
                return ZNum(lin, self.den)
            return ZNum(self._node(0), self.den)
        return self._node(0)

    def _scaled(self, v) -> int:
        return int(Fraction(v) * self.den)

    def _linear(self):
        """c0 + sum c_r [r held] + cL * length, if it fits every holding exactly."""
        v = {k: self._scaled(x) for k, x in self.vals.items()}
        if ("", 0) not in v:
            return None
        c0 = v[("", 0)]
        cl = v[("", 1)] - c0 if ("", 1) in v else 0
        cr = {r: v[(r, 1)] - c0 - cl for r in self.reads}
        for (held, n), x in v.items():
            if c0 + cl * n + sum(cr[r] for r in held) != x:
                return None
        sym, s = self.sym, self.suit
        term: Any = z3.IntVal(c0)
        if cl:
            term = term + cl * sym.length[s]
        for r in self.reads:
            if cr[r]:
                term = term + cr[r] * _b2i(sym.has(s, r))
        return term

    def _root(self) -> tuple:
        """Every holding as (mask of the ranks read it holds, length, scaled value)."""
        bit = {r: 1 << j for j, r in enumerate(self.reads)}
        return tuple(sorted((sum(bit[r] for r in held), n, x) for (held, n), x in self.vals.items()))

    def _node(self, i: int, sub: tuple | None = None):
        """The term of the holdings ``sub`` (those whose first ``i`` ranks read are fixed),
        each as (mask of the ranks read from the ``i``-th on, length, value): shared between
        prefixes whose holdings behave alike."""
        if sub is None:
            sub = self._root()
        got = self._memo.get(sub)
        if got is not None:
            return got
        values = {x for _, _, x in sub}
        if len(values) == 1:
            got = self._const(next(iter(values)))
        elif i == len(self.reads):
            got = self._leaf({n: x for _, n, x in sub})
        else:
            yes = tuple(sorted((m >> 1, n, x) for m, n, x in sub if m & 1))
            no = tuple(sorted((m >> 1, n, x) for m, n, x in sub if not m & 1))
            got = self._if(self.sym.has(self.suit, self.reads[i]),
                           self._node(i + 1, yes), self._node(i + 1, no))
        self._memo[sub] = got
        return got

    def _const(self, v):
        return z3.BoolVal(bool(v)) if self.boolean else z3.IntVal(self._scaled(v))

    def _if(self, c, a, b):
        if self.boolean:
            if z3.is_true(a) and z3.is_false(b):
                return c
            if z3.is_false(a) and z3.is_true(b):
                return z3.Not(c)
            if z3.is_false(b):
                return z3.And(c, a)
            if z3.is_true(a):
                return z3.Or(c, b)
            if z3.is_false(a):
                return z3.And(z3.Not(c), b)
            if z3.is_true(b):
                return z3.Or(z3.Not(c), a)
        if a.eq(b):
            return a
        return z3.If(c, a, b)

    def _leaf(self, by_len: dict[int, Any]):
        """A function of the length over the lengths this holding can have."""
        n = self.sym.length[self.suit]
        lengths = sorted(by_len)
        lo, hi = lengths[0], lengths[-1]
        if self.boolean:
            yes = [k for k in lengths if by_len[k]]
            if len(yes) == yes[-1] - yes[0] + 1:  # an interval
                parts = []
                if yes[0] > lo:
                    parts.append(n >= yes[0])
                if yes[-1] < hi:
                    parts.append(n <= yes[-1])
                return z3.And(*parts) if len(parts) > 1 else parts[0]
            return z3.Or(*(n == k for k in yes))
        v = {k: self._scaled(x) for k, x in by_len.items()}
        if len(lengths) >= 2:
            step = v[lengths[1]] - v[lengths[0]]
            if all(v[k] == v[lo] + step * (k - lo) for k in lengths):
                return v[lo] - step * lo + step * n
        counts: dict[int, int] = {}
        for x in v.values():
            counts[x] = counts.get(x, 0) + 1
        default = max(counts, key=lambda x: (counts[x], -x))
        term: Any = z3.IntVal(default)
        for k in reversed(lengths):
            if v[k] != default:
                term = z3.If(n == k, v[k], term)
        return term
