"""What an auction shows about one player's hand: over exactly the hands consistent with that
player's calls (a precondition, ``System.consistent``), the minimum and maximum of each
descriptor asked (HCP, the suit lengths, the rule file's own ``define``\\s), a hand at each end,
and the exact distribution.

The census counts every hand class meeting the precondition (once per context of the deal the
expressions read and the caller did not fix; counts are then hand-contexts), so its minimum and
maximum are exact; Z3 proves each bound independently (no hand meeting the precondition below
the minimum, none above the maximum: ``proved``), and must agree. Every end hand is re-checked
by the caller's executor. Returns records; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import z3

from openbid.base.errors import OpenbidError
from openbid.expr import unparse
from openbid.expr.ast import Compare, Const, Expr
from openbid.systems.rules.model import Rules
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, check_with, new_solver


@dataclass
class Shown:
    """One descriptor over the hands consistent with a player's calls."""

    name: str
    kind: str  # "num" or "bool"
    lo: Any
    hi: Any
    lo_hand: str
    hi_hand: str
    lo_context: tuple = ()
    hi_context: tuple = ()
    distribution: dict = field(default_factory=dict)  # value -> hands (hand-contexts)
    proved: str = ""  # "z3" (both bounds proved), else why not


@dataclass
class Shows:
    """What a player's calls show: ``selected`` hands (hand-contexts) consistent with them."""

    selected: int
    contexts: tuple
    shown: list[Shown] = field(default_factory=list)


def descriptors(rules: Rules) -> list[tuple[str, Expr]]:
    """HCP, the four suit lengths, and the file's own defines (a define with a suit parameter
    once per suit; one with another parameter is left out)."""
    names = ["HCP", "SUITLENGTH(S)", "SUITLENGTH(H)", "SUITLENGTH(D)", "SUITLENGTH(C)"]
    for d in rules.definitions:
        if not d.params:
            names.append(d.name)
        elif all(t == "suit" for _, t in d.params) and len(d.params) == 1:
            names += [f"{d.name}({s})" for s in "SHDC"]
    return [(n, rules.parse(n, want=None)) for n in names]


def shows(rules: Rules, given: Expr | None, exprs: list[tuple[str, Expr]],
          fixed: dict | None = None, rlimit: int = DEFAULT_RLIMIT) -> Shows:
    """Each of ``exprs`` over the hands meeting ``given`` (all hands: None)."""
    from openbid.readers.census.census import Census, Column
    from openbid.readers.contexts import grid

    fixed = dict(fixed or {})
    extra = [e for _, e in exprs] + ([given] if given is not None else [])
    contexts = grid([rules], fixed, extra)
    kinds = [_kind(rules, n) for n, _ in exprs]
    cols = [Column("expr" if k == "bool" else "value", 0, e) for k, (_, e) in zip(kinds, exprs)]
    dist: list[dict] = [{} for _ in exprs]
    ends: list[dict] = [{} for _ in exprs]  # value -> (hand, context)
    selected = 0
    for ctx in contexts:
        groups = Census([rules], ctx).group(cols, where=given)
        for key in sorted(groups.weights, key=repr):
            w = groups.weights[key]
            selected += w
            for i, v in enumerate(key):
                v = _plain(v)
                dist[i][v] = dist[i].get(v, 0) + w
                if v not in ends[i]:
                    ends[i][v] = (groups.concrete(key).to_pbn(), tuple(sorted(ctx.items())))
    if not selected:
        what = unparse(given) if given is not None else "true"
        raise OpenbidError(f"no hand meets {what}: nothing to explain")
    out = Shows(selected, tuple(tuple(sorted(c.items())) for c in contexts))
    for i, (name, e) in enumerate(exprs):
        d = dict(sorted(dist[i].items()))
        lo, hi = min(d), max(d)
        s = Shown(name, kinds[i], lo, hi, ends[i][lo][0], ends[i][hi][0], ends[i][lo][1],
                  ends[i][hi][1], d)
        s.proved = _prove(rules, given, e, s, fixed, rlimit)
        out.shown.append(s)
    return out


def _kind(rules: Rules, name: str) -> str:
    """"bool" for a condition, "num" for a number."""
    from openbid.base.errors import ExprError

    try:
        rules.parse(name, want="bool")
        return "bool"
    except ExprError:
        return "num"


def _plain(v):
    """A census value as shown: a whole Fraction as an int."""
    if isinstance(v, Fraction) and v.denominator == 1:
        return int(v)
    return v


def _prove(rules: Rules, given: Expr | None, e: Expr, s: Shown, fixed: dict,
           rlimit: int) -> str:
    """Z3: no hand meeting ``given`` lies below ``s.lo`` or above ``s.hi``."""
    from openbid.readers.symbolic import SymbolicHand

    sym = SymbolicHand(rules, exprs=[e] + ([given] if given is not None else []), context=fixed)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    if given is not None:
        solver.add(sym.cond(given))
    if s.kind == "bool":
        v = sym.cond(e)
        outside = [v] if s.hi is False else ([z3.Not(v)] if s.lo is True else [])
    else:
        outside = [sym.cond(Compare("<", e, Const(Fraction(s.lo)))),
                   sym.cond(Compare(">", e, Const(Fraction(s.hi))))]
    for q in outside:
        r = check_with(solver, q)
        if r.status is Status.SAT:
            raise Disagreement(f"{s.name}: Z3 finds a hand outside the census's range "
                               f"{s.lo}..{s.hi}: {sym.witness(r.model).to_pbn()}")
        if r.status is Status.UNKNOWN:
            return f"census only (Z3: {r.reason})"
    return "z3"
