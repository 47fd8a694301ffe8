"""Symbolic execution of the rules table over any Boolean algebra.

The same walk gives the Z3 formulas "the procedure bids at site L" (openbid.readers.symbolic) and the
masks over all hand classes (openbid.readers.census.arrays): only the algebra differs. Control flow follows
:mod:`openbid.systems.rules.model`: first bid wins, forward gotos, Note 1 (tentative bid, resume) and
Note 2 (``else goto``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Protocol

from openbid.expr.ast import Expr, substitute
from openbid.systems.rules.model import Bid, ForSuits, Goto, If, Rules, Step


class Algebra(Protocol):
    @property
    def true(self) -> Any: ...  # read-only: Z3's are made in the current context
    @property
    def false(self) -> Any: ...

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
    passes: Any = None  # falls through every section (PASS at the pass label, OPENBID's 14)
    flow: dict[int, Any] = field(default_factory=dict)  # every jump target -> arrival condition
    tentative: list[Site] = field(default_factory=list)  # Note 1: bids that resume elsewhere


class _Walker:
    """The statements of the rules, walked with control state (no closure over itself: a
    recursive closure is a reference cycle, and it would keep ``cond``, and through it every
    array a numpy reader memoised, alive until the cyclic collector ran)."""

    def __init__(self, alg: Algebra, cond: Callable[[Expr], Any], num: Callable[[Expr], Any],
                 ex: "Execution", add: Callable[[int, Any], None], tentative: list) -> None:
        self.alg, self.cond, self.num = alg, cond, num
        self.ex, self.add, self.tentative = ex, add, tentative
        self.and_not = _and_not(alg)

    def walk(self, steps: tuple[Step, ...], live: Any, env: dict[str, int]) -> Any:
        """``live``: control is here and no bid or jump has happened yet in this section."""
        for st in steps:
            if self.alg.is_false(live):
                return live
            if isinstance(st, Bid):
                c = self.cond(_bind(st.when, env))
                fire = self.alg.and_(live, c)
                value = self.num(_bind(st.value, env))
                suit = _suit_of(env)
                if st.resume is not None:
                    r = self.cond(_bind(st.resume.when, env))
                    self.ex.sites.append(Site(st.label, self.and_not(fire, r), value, suit))
                    t = self.alg.and_(fire, r)
                    self.tentative.append((t, value, st.label, suit))
                    self.ex.tentative.append(Site(st.label, t, value, suit))
                    self.add(st.resume.target, t)
                else:
                    self.ex.sites.append(Site(st.label, fire, value, suit))
                live = self.and_not(live, c)
            elif isinstance(st, Goto):
                c = self.cond(_bind(st.when, env))
                self.add(st.target, self.alg.and_(live, c))
                live = self.and_not(live, c)
            elif isinstance(st, If):
                c = self.cond(_bind(st.when, env))
                inner = self.walk(st.body, self.alg.and_(live, c), env)
                live = self.alg.or_(self.and_not(live, c), inner)
            elif isinstance(st, ForSuits):
                for s in st.suits:
                    live = self.walk(st.body, live, {**env, st.var: s})
        return live


def _and_not(alg: Algebra) -> Callable[[Any, Any], Any]:
    """``a and not b`` in ``alg``: its own ``and_not`` where it has one (one pass over a numpy
    reader's rows instead of two)."""
    own = getattr(alg, "and_not", None)
    if own is not None:
        return own
    return lambda a, b: alg.and_(a, alg.not_(b))


def execute(rules: Rules, alg: Algebra, cond: Callable[[Expr], Any],
            num: Callable[[Expr], Any], only: int | None = None) -> Execution:
    """``cond``/``num`` compile a closed expression to the algebra's Boolean / number.
    ``only``: section ``only`` alone, entered by every hand (its bids, and where control goes
    from it, to the file's own sections: for proofs section by section)."""
    ex = Execution()
    reach: dict[int, Any] = {}
    numbers = sorted({sec.number for sec in rules.sections} | {rules.pass_section})

    def add(k: int, c: Any) -> None:
        # A hand that goes on at a section the file skips (sections 1 and 3, or a last section
        # before 13) goes on at the next section there is, or passes (as the executor runs it).
        k = next(n for n in numbers if n >= k)
        reach[k] = alg.or_(reach[k], c) if k in reach else c

    tentative: list[tuple[Any, Any, str, int | None]] = []
    walker = _Walker(alg, cond, num, ex, add, tentative)
    first = rules.sections[0].number if only is None else only
    if not any(sec.number == first for sec in rules.sections):
        raise ValueError(f"no section {first}")
    reach[first] = alg.true
    for sec in rules.sections:
        k = sec.number
        if only is not None and k != only:
            continue
        pc = reach.get(k, alg.false)
        ex.reach[k] = pc
        if alg.is_false(pc):
            ex.entered[k] = alg.false
            continue
        g = cond(sec.guard)
        inside = alg.and_(pc, g)
        ex.entered[k] = inside
        add(rules.next_section(k), walker.and_not(pc, g))
        add(rules.after(sec), walker.walk(sec.body, inside, {}))
    ex.flow = dict(reach)
    end = reach.get(rules.pass_section, alg.false)
    ex.reach[rules.pass_section] = end
    # A tentative bid stands when the hand reaches the end and makes no later tentative bid (a
    # resumed section's own tentative bid replaces it, as the executor runs it); the tentative
    # bids are listed in the order a hand makes them (resumes and gotos go forward).
    later = alg.false
    stands = []
    for t, value, label, suit in reversed(tentative):
        stands.append(Site(label, alg.and_(alg.and_(t, end), alg.not_(later)), value, suit))
        later = alg.or_(later, t)
    ex.sites.extend(reversed(stands))
    ex.passes = alg.and_(end, alg.not_(later))
    return ex


def _bind(e: Expr, env: dict[str, int]) -> Expr:
    return _bound(e, tuple(env.items())) if env else e


@lru_cache(maxsize=1 << 16)  # (a loop's statements are bound again at every execution)
def _bound(e: Expr, env: tuple[tuple[str, int], ...]) -> Expr:
    for var, suit in env:
        e = substitute(e, var, suit)
    return e


def _suit_of(env: dict[str, int]) -> int | None:
    return next(reversed(env.values())) if env else None
