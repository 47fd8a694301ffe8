"""The expression tree: small frozen dataclasses, read by every interpreter (Python, Z3, numpy).

``pos`` (the offset in the source text) is kept for error messages and excluded from equality.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Union

Value = Union[int, Fraction, bool, str]


@dataclass(frozen=True)
class Const:
    value: Value
    pos: int = field(default=0, compare=False)

    def __eq__(self, other: object) -> bool:
        # By type as well as value: in Python True == 1 == Fraction(1), but the constants are
        # different terms (a condition and two numbers), and trees are memo keys.
        if not isinstance(other, Const):
            return NotImplemented
        return type(self.value) is type(other.value) and self.value == other.value


@dataclass(frozen=True)
class Name:
    """A descriptor (``HCP``), a suit constant (``S``), a bound suit variable, or an outcome name."""

    id: str
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Call:
    fn: str
    args: tuple["Expr", ...]
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Neg:
    operand: "Expr"
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Arith:
    op: str  # "+", "-", "*", "/"
    left: "Expr"
    right: "Expr"
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Compare:
    """``a op b``; a chain ``a <= b <= c`` is parsed into ``And`` of two Compares."""

    op: str  # "=", "!=", "<", "<=", ">", ">="
    left: "Expr"
    right: "Expr"
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class And:
    items: tuple["Expr", ...]
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Or:
    items: tuple["Expr", ...]
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Not:
    operand: "Expr"
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Ite:
    """``if cond then a else b``: both branches numbers, or both conditions."""

    cond: "Expr"
    then: "Expr"
    other: "Expr"
    pos: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Quant:
    """``any(s in S, H, D: body)``, ``all(...)``, ``count(...)`` or ``sum(...)``; suits as
    Algol numbers."""

    kind: str  # "any", "all", "count", "sum"
    var: str
    suits: tuple[int, ...]
    body: "Expr"
    pos: int = field(default=0, compare=False)


Expr = Union[Const, Name, Call, Neg, Arith, Compare, And, Or, Not, Ite, Quant]


def _cache_hash(cls):
    """Trees are hashed on every memo lookup: compute a node's hash once (``pos`` excluded)."""
    names = tuple(f for f in cls.__dataclass_fields__ if cls.__dataclass_fields__[f].compare)

    def __hash__(self):
        try:
            return self.__dict__["_hash"]
        except KeyError:
            h = hash((cls.__name__,) + tuple(getattr(self, n) for n in names)
                     + ((type(self.value).__name__,) if cls is Const else ()))
            object.__setattr__(self, "_hash", h)
            return h

    cls.__hash__ = __hash__
    return cls


for _cls in (Const, Name, Call, Neg, Arith, Compare, And, Or, Not, Ite, Quant):
    _cache_hash(_cls)

TRUE = Const(True)
FALSE = Const(False)


def children(e: Expr) -> tuple[Expr, ...]:
    if isinstance(e, Call):
        return e.args
    if isinstance(e, (Neg, Not)):
        return (e.operand,)
    if isinstance(e, (Arith, Compare)):
        return (e.left, e.right)
    if isinstance(e, (And, Or)):
        return e.items
    if isinstance(e, Ite):
        return (e.cond, e.then, e.other)
    if isinstance(e, Quant):
        return (e.body,)
    return ()


def walk(e: Expr):
    """Every node of ``e``, parents first."""
    yield e
    for c in children(e):
        yield from walk(c)


def conj(*items: Expr) -> Expr:
    """``and`` of the items, flattening and dropping ``true``."""
    flat: list[Expr] = []
    for it in items:
        if isinstance(it, And):
            flat.extend(it.items)
        elif it != TRUE:
            flat.append(it)
    if not flat:
        return TRUE
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def disj(*items: Expr) -> Expr:
    flat: list[Expr] = []
    for it in items:
        if isinstance(it, Or):
            flat.extend(it.items)
        elif it != FALSE:
            flat.append(it)
    if not flat:
        return FALSE
    return flat[0] if len(flat) == 1 else Or(tuple(flat))


def rebuild(e: Expr, f) -> Expr:
    """``e`` with ``f`` applied to each of its children (one level)."""
    if isinstance(e, (Const, Name)):
        return e
    if isinstance(e, Call):
        return Call(e.fn, tuple(f(a) for a in e.args), e.pos)
    if isinstance(e, Neg):
        return Neg(f(e.operand), e.pos)
    if isinstance(e, Not):
        return Not(f(e.operand), e.pos)
    if isinstance(e, (Arith, Compare)):
        return type(e)(e.op, f(e.left), f(e.right), e.pos)
    if isinstance(e, (And, Or)):
        return type(e)(tuple(f(i) for i in e.items), e.pos)
    if isinstance(e, Ite):
        return Ite(f(e.cond), f(e.then), f(e.other), e.pos)
    if isinstance(e, Quant):
        return Quant(e.kind, e.var, e.suits, f(e.body), e.pos)
    raise TypeError(e)


def substitute(e: Expr, var: str, suit: int) -> Expr:
    """``e`` with the suit variable ``var`` replaced by the constant suit ``suit``."""
    return bind(e, {var: Const(suit)})


def bind(e: Expr, env: dict[str, Expr]) -> Expr:
    """``e`` with each free name of ``env`` replaced by its expression (parameters of a
    definition, loop variables)."""
    if not env:
        return e
    # each shared subtree bound once (a condition made from a rules table shares most of its
    # subtrees: walked as a tree it can be exponentially larger)
    return _bind(e, env, {}, [env])


def _bind(x: Expr, env: dict[str, Expr], done: dict[tuple[int, int], Expr],
          envs: list[dict[str, Expr]]) -> Expr:
    """:func:`bind`, each (subtree, environment) once (``envs``: kept alive, their ids key
    ``done``). A module function, not a closure: a closure that calls itself is a reference
    cycle, garbage that only a collection frees."""
    key = (id(x), id(env))
    got = done.get(key)
    if got is None:
        if isinstance(x, Name):
            got = env.get(x.id, x)
        elif isinstance(x, Quant) and x.var in env:  # shadowed
            inner = {k: v for k, v in env.items() if k != x.var}
            envs.append(inner)
            got = Quant(x.kind, x.var, x.suits, _bind(x.body, inner, done, envs) if inner
                        else x.body, x.pos)
        else:
            got = rebuild(x, lambda c: _bind(c, env, done, envs))
        done[key] = got
    return got


@lru_cache(maxsize=4096)
def expand_quantifiers(e: Expr) -> Expr:
    """``any``/``all``/``count`` unrolled over their (finitely many) suits (memoised: trees are
    immutable, and every reader expands the same conditions once per chunk or query)."""
    if isinstance(e, Quant):
        parts = [expand_quantifiers(substitute(e.body, e.var, s)) for s in e.suits]
        if e.kind == "any":
            return disj(*parts) if parts else FALSE
        if e.kind == "all":
            return conj(*parts) if parts else TRUE
        if e.kind == "sum":
            out: Expr = parts[0] if parts else Const(0)
            for p in parts[1:]:
                out = Arith("+", out, p, e.pos)
            return out
        return Call("count", tuple(parts), e.pos)
    return rebuild(e, expand_quantifiers)
