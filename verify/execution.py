"""Symbolic execution of the rules table over any Boolean algebra.

The same walk gives the Z3 formulas "the procedure bids at site L" (verify.symbolic) and the
masks over all hand classes (verify.enumeration): only the algebra differs. Control flow follows
:mod:`openbid.rules.model`: first bid wins, forward gotos, Note 1 (tentative bid, resume) and
Note 2 (``else goto``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from openbid.expr.ast import Expr, substitute
from openbid.rules.model import PASS_SECTION, Bid, ForSuits, Goto, If, Rules, Step


class Algebra(Protocol):
    true: Any
    false: Any

    def and_(self, a: Any, b: Any) -> Any: ...
    def or_(self, a: Any, b: Any) -> Any: ...
    def not_(self, a: Any) -> Any: ...
    def is_false(self, a: Any) -> bool: ...


@dataclass
class Site:
    """One place where a bid may be made (a loop's bid is one site per suit)."""

    label: str
    fire: Any  # the procedure's final bid is made here
    value: Any  # BIDVAL made here
    suit: int | None = None


@dataclass
class Execution:
    sites: list[Site] = field(default_factory=list)
    reach: dict[int, Any] = field(default_factory=dict)  # control arrives at section k
    entered: dict[int, Any] = field(default_factory=dict)  # ... and its guard holds
    passes: Any = None  # falls through every section (PASS at 14)
    flow: dict[int, Any] = field(default_factory=dict)  # every jump target -> arrival condition
    tentative: list[Site] = field(default_factory=list)  # Note 1: bids that resume elsewhere


def execute(rules: Rules, alg: Algebra, cond: Callable[[Expr], Any],
            num: Callable[[Expr], Any]) -> Execution:
    """``cond``/``num`` compile a closed expression to the algebra's Boolean / number."""
    ex = Execution()
    reach: dict[int, Any] = {}

    def add(k: int, c: Any) -> None:
        reach[k] = alg.or_(reach[k], c) if k in reach else c

    tentative: list[tuple[Any, Any, str, int | None]] = []
    first = rules.sections[0].number
    reach[first] = alg.true
    for sec in rules.sections:
        k = sec.number
        pc = reach.get(k, alg.false)
        ex.reach[k] = pc
        if alg.is_false(pc):
            ex.entered[k] = alg.false
            continue
        g = cond(sec.guard)
        inside = alg.and_(pc, g)
        ex.entered[k] = inside
        add(k + 1, alg.and_(pc, alg.not_(g)))

        def walk(steps: tuple[Step, ...], live: Any, env: dict[str, int]) -> Any:
            """``live``: control is here and no bid or jump has happened yet in this section."""
            for st in steps:
                if alg.is_false(live):
                    return live
                if isinstance(st, Bid):
                    c = cond(_bind(st.when, env))
                    fire = alg.and_(live, c)
                    value = num(_bind(st.value, env))
                    suit = _suit_of(env)
                    if st.resume is not None:
                        r = cond(_bind(st.resume.when, env))
                        ex.sites.append(Site(st.label, alg.and_(fire, alg.not_(r)), value, suit))
                        t = alg.and_(fire, r)
                        tentative.append((t, value, st.label, suit))
                        ex.tentative.append(Site(st.label, t, value, suit))
                        add(st.resume.target, t)
                    else:
                        ex.sites.append(Site(st.label, fire, value, suit))
                    live = alg.and_(live, alg.not_(c))
                elif isinstance(st, Goto):
                    c = cond(_bind(st.when, env))
                    add(st.target, alg.and_(live, c))
                    live = alg.and_(live, alg.not_(c))
                elif isinstance(st, If):
                    c = cond(_bind(st.when, env))
                    inner = walk(st.body, alg.and_(live, c), env)
                    live = alg.or_(alg.and_(live, alg.not_(c)), inner)
                elif isinstance(st, ForSuits):
                    for s in st.suits:
                        live = walk(st.body, live, {**env, st.var: s})
            return live

        add(sec.after, walk(sec.body, inside, {}))
        # ``walk`` calls itself through its closure: a cycle holding ``cond`` (and through it
        # every array a numpy reader memoised). Emptying the cell breaks it, so a chunk's
        # arrays are freed when the chunk is done, not when the cyclic collector next runs.
        del walk
    ex.flow = dict(reach)
    end = reach.get(PASS_SECTION, alg.false)
    ex.reach[PASS_SECTION] = end
    any_tentative = alg.false
    for t, value, label, suit in tentative:
        ex.sites.append(Site(label, alg.and_(t, end), value, suit))
        any_tentative = alg.or_(any_tentative, t)
    ex.passes = alg.and_(end, alg.not_(any_tentative))
    return ex


def _bind(e: Expr, env: dict[str, int]) -> Expr:
    for var, suit in env.items():
        e = substitute(e, var, suit)
    return e


def _suit_of(env: dict[str, int]) -> int | None:
    return next(reversed(env.values())) if env else None
