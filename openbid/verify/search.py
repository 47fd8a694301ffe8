"""Witness search: hands satisfying an expression, from Z3, each re-checked by the executable."""

from __future__ import annotations

from dataclasses import dataclass, field

from openbid.model.errors import OpenbidError
from openbid.model.evaluate import holds
from openbid.model.expr.ast import Expr
from openbid.model.hand import Hand
from openbid.model.rules.model import Rules
from openbid.readers.symbolic import SymbolicHand
from openbid.verify.verdicts import DEFAULT_RLIMIT, Status, check, new_solver


class Disagreement(OpenbidError):
    """Z3 proposed a hand the executable does not confirm: a bug in one of the two models."""


@dataclass
class Search:
    status: Status  # SAT if at least one witness; UNSAT if none exists; UNKNOWN otherwise
    witnesses: list[Hand] = field(default_factory=list)
    reason: str = ""
    exhausted: bool = False  # fewer than asked for because no more exist


def find(expr: Expr, rules: Rules, limit: int = 1, rlimit: int = DEFAULT_RLIMIT,
         sym: SymbolicHand | None = None) -> Search:
    """Up to ``limit`` distinct hand classes satisfying ``expr``, each confirmed by the
    executable procedure on a concrete hand (the class with its lowest spot cards)."""
    sym = sym or SymbolicHand(rules, exprs=[expr])
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    solver.add(sym.cond(expr))
    found: list[Hand] = []
    if limit <= 0:  # decide only: is there such a hand?
        r = check(solver)
        return Search(r.status, [], r.reason, exhausted=r.status is Status.UNSAT)
    while len(found) < limit:
        r = check(solver)
        if r.status is Status.UNKNOWN:
            return Search(Status.SAT if found else Status.UNKNOWN, found, r.reason)
        if r.status is Status.UNSAT:
            return Search(Status.SAT if found else Status.UNSAT, found, exhausted=True)
        assert r.model is not None
        cls = sym.hand_of(r.model)
        concrete = sym.concrete(cls)
        if not holds(expr, concrete, rules):
            raise Disagreement(f"Z3 proposed {concrete.to_pbn()} but the executable procedure "
                               "does not confirm it: the symbolic and executable models disagree")
        found.append(concrete)
        solver.add(sym.block(cls))
    return Search(Status.SAT, found)
