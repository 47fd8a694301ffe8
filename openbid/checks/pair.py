"""Questions over two (or four) hands of one deal: seat-qualified conditions (``N.HCP``,
``S.SUITLENGTH(H)``) found and proved by Z3 over hands with disjoint cards
(:class:`openbid.readers.symbolic_deal.SymbolicDeal`), every witness a concrete deal re-checked
on the executable.

* :func:`find_deals`: deals meeting a seat-qualified condition (distinct classes of the named
  hands), or UNSAT (none exists), or UNKNOWN.
* :func:`deal_claim`: "every deal whose seats meet the premises meets COND": HELD, FAILED (a
  deal, re-checked), VACUOUS (no deal meets the premises), UNKNOWN. A premise is a seat and a
  condition of that seat's hand under the rules (what the rules choose for it, under that seat's
  facts of the deal), or a seat-qualified condition (seat ``""``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from openbid.base.errors import OpenbidError
from openbid.systems.evaluate import value as hand_value
from openbid.systems.descriptors import definitions
from openbid.expr.ast import Call, Expr, Name
from openbid.bridge.hand import Hand
from openbid.bridge.notation import deal_text
from openbid.systems.rules.model import Rules
from openbid.readers.core import Interpreter
from openbid.readers.symbolic_deal import SEATS, SymbolicDeal, split_seat
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, Verdict, check, new_solver

Premise = tuple[str, Expr]  # (seat, condition of that seat's hand) or ("", seat-qualified)


def seats_in(e: Expr) -> str:
    """The seats a seat-qualified expression names, in N E S W order."""
    from openbid.checks.planner import seats_of

    got = seats_of(e)
    return "".join(s for s in SEATS if s in got)


def context_tuple(ctx: dict | None) -> tuple:
    return tuple(sorted((ctx or {}).items()))


class _Concrete(Interpreter):
    """A seat-qualified expression on a concrete deal: each qualified descriptor is the
    executable's value on its seat's hand; the rest folds as constants."""

    def __init__(self, rules: Rules, deal: dict[str, Hand], contexts: dict[str, dict]) -> None:
        super().__init__(definitions(rules.readings, rules.definitions))
        self.rules, self.deal, self.contexts = rules, deal, contexts

    def _seat(self, seat: str, e: Expr) -> Any:
        from fractions import Fraction

        v = hand_value(e, self.deal[seat], self.rules, context_tuple(self.contexts.get(seat)))
        if isinstance(v, float):
            v = Fraction(v).limit_denominator(10**6)
        if isinstance(v, Fraction) and v.denominator == 1:
            return int(v)
        return v

    def _name(self, e: Name) -> Any:
        seat, name = split_seat(e.id)
        return self._seat(seat, Name(name, e.pos)) if seat else super()._name(e)

    def _call(self, e: Call) -> Any:
        seat, name = split_seat(e.fn)
        if seat and e.fn not in ("count", "min", "max", "floor", "largest"):
            return self._seat(seat, Call(name, e.args, e.pos))
        return super()._call(e)


def evaluate_on_deal(e: Expr, deal: dict[str, Hand], rules: Rules,
                     contexts: dict[str, dict] | None = None) -> Any:
    """``e`` (seat-qualified) on a concrete deal, by the executable."""
    return _Concrete(rules, deal, contexts or {}).value(e)


def premise_holds(p: Premise, deal: dict[str, Hand], rules: Rules,
                  contexts: dict[str, dict]) -> bool:
    from openbid.systems.evaluate import holds

    seat, e = p
    if seat:
        return holds(e, deal[seat], rules, context_tuple(contexts.get(seat)))
    return bool(evaluate_on_deal(e, deal, rules, contexts))


def deal_pbn(deal: dict[str, Hand], first: str = "N") -> str:
    """``N:AK.Q.J.T 432.... ...`` (PBN's Deal tag, from ``first`` clockwise)."""
    return deal_text({s: h.to_pbn() for s, h in deal.items()}, first)


@dataclass
class DealResult:
    status: Status
    deals: list[dict[str, Hand]] = field(default_factory=list)
    reason: str = ""
    exhausted: bool = False


def find_deals(e: Expr, rules: Rules, limit: int, rlimit: int = DEFAULT_RLIMIT,
               contexts: dict[str, dict] | None = None) -> DealResult:
    """Up to ``limit`` deals meeting ``e`` (distinct classes of the named hands), each
    re-checked by the executable."""
    seats = seats_in(e)
    contexts = contexts or {}
    sd = SymbolicDeal(rules, seats, [e], contexts)
    solver = new_solver(rlimit)
    solver.add(sd.domain)
    solver.add(sd.cond(e))
    out: list[dict[str, Hand]] = []
    while True:
        r = check(solver)
        if r.status is Status.UNKNOWN:
            if out:
                return DealResult(Status.SAT, out, r.reason)
            return DealResult(Status.UNKNOWN, out, r.reason)
        if r.status is Status.UNSAT:
            return DealResult(Status.SAT if out else Status.UNSAT, out, exhausted=bool(out))
        deal = sd.deal_of(r.model)
        if not evaluate_on_deal(e, deal, rules, contexts):
            raise Disagreement(f"Z3 deal {deal_pbn(deal)} is not confirmed by the executable")
        out.append(deal)
        if len(out) >= limit:
            return DealResult(Status.SAT, out)
        solver.add(sd.block(deal))


@dataclass
class ClaimResult:
    verdict: Verdict
    deal: dict[str, Hand] | None = None
    reason: str = ""


def deal_claim(premises: list[Premise], conclusion: Expr, rules: Rules,
               contexts: dict[str, dict] | None = None, rlimit: int = DEFAULT_RLIMIT,
               seats: str = "") -> ClaimResult:
    """Whether every deal meeting ``premises`` meets ``conclusion`` (seat-qualified)."""
    contexts = contexts or {}
    named = set(seats) | set(seats_in(conclusion))
    for seat, p in premises:
        named |= {seat} if seat else set(seats_in(p))
    all_seats = "".join(s for s in SEATS if s in named)
    exprs = [conclusion] + [p for _, p in premises]
    sd = SymbolicDeal(rules, all_seats, exprs, contexts)
    solver = new_solver(rlimit)
    solver.add(sd.domain)
    terms = [sd.hand_cond(s, p) if s else sd.cond(p) for s, p in premises]
    first = check(solver, *terms)
    if first.status is Status.UNKNOWN:
        return ClaimResult(Verdict.UNKNOWN, reason=first.reason)
    if first.status is Status.UNSAT:
        return ClaimResult(Verdict.VACUOUS)
    r = check(solver, *terms, z3.Not(sd.cond(conclusion)))
    if r.status is Status.UNKNOWN:
        return ClaimResult(Verdict.UNKNOWN, reason=r.reason)
    if r.status is Status.UNSAT:
        return ClaimResult(Verdict.HELD)
    deal = sd.deal_of(r.model)
    ok = all(premise_holds(p, deal, rules, contexts) for p in premises)
    if not ok or evaluate_on_deal(conclusion, deal, rules, contexts):
        raise Disagreement(f"Z3 deal {deal_pbn(deal)} is not confirmed by the executable")
    return ClaimResult(Verdict.FAILED, deal)


def parse_seated(text: str, rules: Rules | None = None) -> Expr:
    """A seat-qualified condition (each descriptor names its seat)."""
    from openbid.checks.planner import parse_condition

    e = parse_condition(text)
    if not seats_in(e):
        raise OpenbidError(f"{text!r} names no seat: qualify its descriptors (N.HCP, "
                           "S.SUITLENGTH(H))")
    return e
