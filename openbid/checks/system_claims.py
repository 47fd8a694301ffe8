"""A system's claims (openbid.systems.claims) decided with Z3, each answer re-checked on a
concrete hand by the executor: HELD (no hand meets the premise and not the conclusion), FAILED
(a hand that does), VACUOUS (no hand meets the premise), UNKNOWN (the budget ran out; the census
of openbid.checks.system may still decide it). The facts of the deal that are not fixed range
over their values. Returns records; never prints."""

from __future__ import annotations

from dataclasses import dataclass

import z3

from openbid.systems.evaluate import holds
from openbid.expr.ast import Expr
from openbid.systems.rules.model import Rules
from openbid.systems.claims import SystemClaim
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, Verdict, check_with, new_solver


@dataclass(frozen=True)
class ClaimAnswer:
    """Z3's verdict on one claim, with its witness (a hand and the facts of the deal)."""

    id: str
    verdict: Verdict
    witness: str | None = None
    context: tuple[tuple[str, object], ...] = ()
    outcome: str = ""
    reason: str = ""


def decide_claims(rules: Rules, claims: tuple[SystemClaim, ...], context: dict | None = None,
                  facts: tuple[str, ...] = (),
                  rlimit: int = DEFAULT_RLIMIT, given: Expr | None = None) -> list[ClaimAnswer]:
    """Every claim's verdict. ``facts``: the facts of the deal a witness reports (those read).
    ``given``: a precondition conjoined to every query (a claim whose premise no hand meeting
    it meets is VACUOUS)."""
    context = dict(context or {})
    exprs = [e for c in claims for e in (c.premise, c.conclusion)]
    if given is not None:
        exprs.append(given)
    sym = SymbolicHand(rules, exprs=exprs, context=context)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    if given is not None:
        solver.add(sym.cond(given))
    return [_decide(rules, sym, solver, c, context, facts, given) for c in claims]


def _decide(rules: Rules, sym: SymbolicHand, solver: z3.Solver, claim: SystemClaim,
            context: dict, facts: tuple[str, ...], given: Expr | None = None) -> ClaimAnswer:
    premise, conclusion = sym.cond(claim.premise), sym.cond(claim.conclusion)
    r = check_with(solver, premise)
    if r.status is Status.UNSAT:
        return ClaimAnswer(claim.id, Verdict.VACUOUS)
    if r.status is Status.UNKNOWN:
        return ClaimAnswer(claim.id, Verdict.UNKNOWN, reason=r.reason)
    r = check_with(solver, premise, z3.Not(conclusion))
    if r.status is Status.UNSAT:
        return ClaimAnswer(claim.id, Verdict.HELD)
    if r.status is Status.UNKNOWN:
        return ClaimAnswer(claim.id, Verdict.UNKNOWN, reason=r.reason)
    hand = sym.witness(r.model)
    ctx = {**context, **sym.context_of(r.model)}
    items = tuple(sorted((k, v) for k, v in ctx.items() if k in facts or k in context))
    full = tuple(sorted(ctx.items()))
    if (not holds(claim.premise, hand, rules, full) or holds(claim.conclusion, hand, rules, full)
            or (given is not None and not holds(given, hand, rules, full))):
        raise Disagreement(f"claim {claim.id}: Z3's counterexample {hand.to_pbn()} is not "
                           "confirmed by the executor")
    from openbid.systems.procedure import program_for

    got = program_for(rules).bid_hand(hand, full)
    return ClaimAnswer(claim.id, Verdict.FAILED, hand.to_pbn(), items, str(got))

