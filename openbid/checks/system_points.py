"""Dead and shadowed bid points of any rules table, proved with Z3.

For every bid point L: can the procedure's final bid be made there (Z3 finds a hand, and the
executor confirms it bids at L)? If not (UNSAT: dead, proved), why: its own condition (the
section's guard, the enclosing ``if``\\s and its ``when``: :mod:`openbid.systems.rules.meets`) holds
on no hand (``impossible``); or every hand meeting it is bid by an earlier bid point
(``shadowed``: the earlier points that take them are named, a minimal set found from Z3's unsat
core and then by dropping one at a time); or control never arrives for the hands left
(``unreachable``: a jump routes them elsewhere). The facts of the deal (seat, vulnerability) not
fixed range over all their values. Returns records; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from openbid.systems.evaluate import holds
from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.systems.rules.model import Rules
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, check, check_with, new_solver

STATES = ("reachable", "shadowed", "impossible", "unreachable", "unknown")


@dataclass(frozen=True)
class PointCheck:
    """One bid point: ``state`` one of :data:`STATES`; ``blockers``: for a shadowed point, a
    minimal set of earlier bid points that bid every hand meeting its condition; ``witness``: a
    hand (and its context) bid here (reachable) or meeting the condition (shadowed,
    unreachable), with what the executor bids."""

    label: str
    state: str
    blockers: tuple[str, ...] = ()
    witness: str | None = None
    context: tuple[tuple[str, object], ...] = ()
    outcome: str = ""
    reason: str = ""


def check_points(rules: Rules, context: dict | None = None, facts: tuple[str, ...] = (),
                 rlimit: int = DEFAULT_RLIMIT, given: Expr | None = None) -> list[PointCheck]:
    """Every bid point of ``rules`` (the pass at 14 left out), in label order. ``facts``: the
    facts of the deal a witness reports (those the rules read). ``given``: a precondition
    conjoined to every query (the hands ranged over are those meeting it; every witness meets
    it, re-checked by the executor)."""
    context = dict(context or {})
    sym = SymbolicHand(rules, exprs=[given] if given is not None else [], context=context)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    if given is not None:
        solver.add(sym.cond(given))
    labels = list(rules.labels[:-1])
    fires = {lb: sym.bids_at(lb) for lb in labels}
    return [_point(rules, sym, solver, fires, lb, context, facts, given) for lb in labels]


def _point(rules: Rules, sym: SymbolicHand, solver: z3.Solver, fires: dict, label: str,
           context: dict, facts: tuple[str, ...], given: Expr | None = None) -> PointCheck:
    r = check_with(solver, fires[label])
    if r.status is Status.SAT:
        hand, ctx, got = _rerun(rules, sym, r.model, context, facts, given)
        if got.section != label:
            raise Disagreement(f"Z3 proposed {hand.to_pbn()} for {label} but the executor "
                               f"bids {got}")
        return PointCheck(label, "reachable", witness=hand.to_pbn(), context=ctx, outcome=str(got))
    if r.status is Status.UNKNOWN:
        return PointCheck(label, "unknown", reason=r.reason)
    own = sym.meets(label)
    o = check_with(solver, own)
    if o.status is Status.UNSAT:
        return PointCheck(label, "impossible")
    if o.status is Status.UNKNOWN:
        return PointCheck(label, "unknown", reason=f"own condition: {o.reason}")
    order = list(fires)
    earlier = order[: order.index(label)]  # the bid points before it (Rules.labels)
    left = check_with(solver, own, *(z3.Not(fires[lb]) for lb in earlier))
    if left.status is Status.UNKNOWN:
        return PointCheck(label, "unknown", reason=f"earlier bid points: {left.reason}")
    model = o.model if left.status is Status.UNSAT else left.model
    hand, ctx, got = _rerun(rules, sym, model, context, facts, given)
    if got.section == label:
        raise Disagreement(f"Z3 proves no hand is bid at {label}, the executor bids "
                           f"{hand.to_pbn()} there")
    if left.status is Status.SAT:
        return PointCheck(label, "unreachable", witness=hand.to_pbn(), context=ctx,
                          outcome=str(got))
    blockers = _minimal_blockers(solver, own, [(lb, fires[lb]) for lb in earlier])
    return PointCheck(label, "shadowed", blockers=blockers, witness=hand.to_pbn(), context=ctx,
                      outcome=str(got))


def _minimal_blockers(solver: z3.Solver, own, earlier: list[tuple[str, object]]) -> tuple[str, ...]:
    """A minimal set of earlier bid points that between them bid every hand meeting ``own``:
    the unsat core of "meets own and none of them bids", then each dropped in turn while the
    rest still suffice (a drop the budget cannot decide keeps the point)."""
    lits = {lb: z3.Bool(f"blocks_{lb}") for lb, _ in earlier}
    solver.push()
    try:
        solver.add(own)
        for lb, fire in earlier:
            solver.add(z3.Implies(lits[lb], z3.Not(fire)))
        r = check(solver, *lits.values())
        if r.status is not Status.UNSAT:  # decided UNSAT before; a budget short here keeps all
            return tuple(lb for lb, _ in earlier)
        core = {str(c) for c in solver.unsat_core()}
        kept = [lb for lb, _ in earlier if str(lits[lb]) in core]
        for lb in list(kept):
            trial = [x for x in kept if x != lb]
            if check(solver, *(lits[x] for x in trial)).status is Status.UNSAT:
                kept = trial
        return tuple(kept)
    finally:
        solver.pop()



def _rerun(rules: Rules, sym: SymbolicHand, model, fixed: dict, facts: tuple[str, ...],
           given: Expr | None = None):
    """A model's hand, the facts of the deal it sets (those read or fixed), and what the
    executor bids with them; the executor confirms the hand meets the precondition."""
    hand: Hand = sym.witness(model)
    ctx = {**fixed, **sym.context_of(model)}
    shown = tuple(sorted((k, v) for k, v in ctx.items() if k in facts or k in fixed))
    full = tuple(sorted(ctx.items()))
    if given is not None and not holds(given, hand, rules, full):
        raise Disagreement(f"Z3's hand {hand.to_pbn()} does not meet the precondition when the "
                           "executor reads it")
    return hand, shown, program_for(rules).bid_hand(hand, full)
