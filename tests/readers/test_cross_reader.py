"""One property for every registered descriptor: random expressions over random hands read the
same in all three readers of the registry (issue 12, item 3).

* Python: the executor (openbid.systems.descriptors, compiled definitions, looked-up tables);
* Z3: the symbolic hand (openbid.readers.symbolic) pinned to the hand, evaluated in the model;
* numpy: the census reader (openbid.readers.census) on a one-row chunk holding the hand's class.

The expressions are drawn from the registry itself, so a descriptor added later is covered
without editing this file; the tests fail if a registered name is never drawn.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import z3
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import hands

from openbid.systems.evaluate import value
from openbid.expr.ast import (And, Arith, Call, Compare, Const, Expr, Ite, Name, Not, Or,
                                    Quant)
from openbid.bridge.hand import Hand
from openbid.hands.registry import registry
from openbid.systems.variants import load_variant
from openbid.readers.census.arrays import Fx
from openbid.readers.census.domain import Chunk
from openbid.readers.census.passes import plan, spec_for
from openbid.readers.symbolic import SymbolicHand, ZNum

CODE = load_variant("code")
SUITS = ("S", "H", "D", "C")


CONTEXT = (("SEAT", 2), ("VUL", True), ("THEYVUL", False))  # the facts of the deal, fixed


def _sigs():
    reg = registry()
    out = {"num0": [], "bool0": [], "num1": [], "bool1": [], "str0": [], "other": []}
    for name, sigs in reg.signatures.items():
        for sig in sigs:
            if sig.args == ():
                out[f"{sig.result}0"].append(name)
            elif sig.args == ("suit",):
                out[f"{sig.result}1"].append(name)
            else:
                out["other"].append((name, sig.args))
    return out


SIGS = _sigs()


def test_every_registered_descriptor_is_drawn() -> None:
    drawn = set(SIGS["num0"] + SIGS["bool0"] + SIGS["num1"] + SIGS["bool1"] + SIGS["str0"])
    drawn |= {name for name, _ in SIGS["other"]}
    assert drawn == set(registry().signatures)
    # every multi-argument signature has a way to be drawn
    for name, args in SIGS["other"]:
        assert all(a in ("suit", "num") or ".." in a for a in args), (name, args)


def _suit():
    return st.sampled_from(SUITS).map(Name)


def _call(name: str, args: tuple[str, ...]):
    parts = []
    for a in args:
        if a == "suit":
            parts.append(_suit())
        elif ".." in a:
            lo, hi = (int(x) for x in a.split(".."))
            parts.append(st.integers(lo, hi).map(Const))
        else:
            parts.append(st.integers(-3, 40).map(Const))
    return st.tuples(*parts).map(lambda xs: Call(name, tuple(xs)))


def _num_leaf():
    others = [_call(n, a) for n, a in SIGS["other"]
              if any(sig.result == "num" for sig in registry().signatures[n] if sig.args == a)]
    return st.one_of(
        st.integers(-5, 30).map(Const),
        st.sampled_from([Fraction(1, 2), Fraction(-3, 4), Fraction(7, 20)]).map(Const),
        st.sampled_from(SIGS["num0"]).map(Name),
        st.builds(lambda f, s: Call(f, (s,)), st.sampled_from(SIGS["num1"]), _suit()),
        *others,
    )


def _bool_leaf():
    others = [_call(n, a) for n, a in SIGS["other"]
              if any(sig.result == "bool" for sig in registry().signatures[n] if sig.args == a)]
    return st.one_of(
        st.sampled_from(SIGS["bool0"]).map(Name),
        st.builds(lambda f, s: Call(f, (s,)), st.sampled_from(SIGS["bool1"]), _suit()),
        st.sampled_from(["4432", "5332", "4333", "6421"]).map(
            lambda t: Compare("=", Name("SHAPE"), Const(t))),
        st.sampled_from(["1S", "PASS", "1NT", "2H"]).map(lambda t: Compare("=", Name("bid"), Const(t))),
        *others,
    )


@st.composite
def nums(draw, depth: int = 2) -> Expr:
    if depth <= 0 or draw(st.integers(0, 2)) == 0:
        return draw(_num_leaf())
    kind = draw(st.sampled_from(["+", "-", "*", "/", "ite", "max", "floor", "sum", "largest"]))
    a, b = draw(nums(depth - 1)), draw(nums(depth - 1))
    if kind in "+-*":
        if kind == "*" and not isinstance(a, Const) and not isinstance(b, Const):
            b = Const(draw(st.integers(-3, 3)))
        return Arith(kind, a, b)
    if kind == "/":
        return Arith("/", a, Const(draw(st.sampled_from([2, 3, Fraction(4, 5)]))))
    if kind == "ite":
        return Ite(draw(bools(depth - 1)), a, b)
    if kind == "max":
        return Call(draw(st.sampled_from(["max", "min"])), (a, b))
    if kind == "floor":
        return Call("floor", (a,))
    if kind == "largest":
        return Call("largest", (Const(draw(st.integers(1, 2))), a, b))
    f = draw(st.sampled_from(SIGS["num1"]))
    return Quant("sum", "s", (4, 3, 2, 1), Arith("+", Call(f, (Name("s"),)), a))


@st.composite
def bools(draw, depth: int = 2) -> Expr:
    if depth <= 0 or draw(st.integers(0, 2)) == 0:
        return draw(_bool_leaf())
    kind = draw(st.sampled_from(["cmp", "and", "or", "not", "any", "ite"]))
    if kind == "cmp":
        return Compare(draw(st.sampled_from(["=", "!=", "<", "<=", ">", ">="])),
                       draw(nums(depth - 1)), draw(nums(depth - 1)))
    if kind in ("and", "or"):
        return (And if kind == "and" else Or)((draw(bools(depth - 1)), draw(bools(depth - 1))))
    if kind == "not":
        return Not(draw(bools(depth - 1)))
    if kind == "ite":
        return Ite(draw(bools(depth - 1)), draw(bools(depth - 1)), draw(bools(depth - 1)))
    f = draw(st.sampled_from(SIGS["bool1"]))
    return Quant("any", "s", (4, 3, 2, 1), And((Call(f, (Name("s"),)), draw(bools(depth - 1)))))


# ---- the three readers ----------------------------------------------------------------------
@lru_cache(maxsize=1)
def _symbolic():
    sym = SymbolicHand(CODE, model=_model(), context=dict(CONTEXT))
    solver = z3.Solver()
    solver.add(sym.domain)
    return sym, solver


@lru_cache(maxsize=1)
def _model():
    """Track every rank any registered descriptor reads: one hand model for all draws."""
    from openbid.bridge.ranks import RankModel
    from openbid.hands.registry import SuitTable

    reads = "AKQJT" + "".join(e.reads for alts in registry().entries.values() for e in alts
                              if isinstance(e, SuitTable))
    return RankModel.of(reads)


def _z3(expr: Expr, hand: Hand):
    sym, solver = _symbolic()
    solver.push()
    try:
        solver.add(*sym.class_of(hand))
        assert solver.check() == z3.sat
        m = solver.model()
        v = sym.value(expr)
        if isinstance(v, ZNum):
            got = m.eval(v.term, model_completion=True).as_long()
            return Fraction(got, v.den)
        if isinstance(v, (bool, int, Fraction)):
            return v
        got = m.eval(v, model_completion=True)
        return z3.is_true(got) if z3.is_bool(got) else got.as_long()
    finally:
        solver.pop()


def _numpy(expr: Expr, hand: Hand):
    p = plan(spec_for(CODE, (expr,), outcome=True, merge=False, context=CONTEXT))
    model = p.model
    states = {}
    for s in (1, 2, 3, 4):
        h = hand.holding(s)  # type: ignore[arg-type]
        held = "".join(r for r in h.ranks if r in model.tracked)
        states[s] = [model.state(held, h.length - len(held))]
    v = p.view_of(Chunk(states)).reader(0).value(expr)
    if isinstance(v, Fx):
        return Fraction(int(v.a[0]), v.den)
    if hasattr(v, "shape"):
        return bool(v[0])
    return v


def _same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) == bool(b) and isinstance(a, bool) == isinstance(b, bool)
    return Fraction(a) == Fraction(b)


@settings(max_examples=150, deadline=None)
@given(st.one_of(nums(), bools()), hands())
def test_three_readers_agree(expr: Expr, hand: Hand) -> None:
    py = value(expr, hand, CODE, CONTEXT)
    assert _same(py, _z3(expr, hand)), (expr, hand, py, _z3(expr, hand))
    assert _same(py, _numpy(expr, hand)), (expr, hand, py, _numpy(expr, hand))
