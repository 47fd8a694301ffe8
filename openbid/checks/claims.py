"""One incremental Z3 solver for many claims over the same rules: "these assumptions imply that".

The hand model is asserted once; every expression gets an indicator literal the first time it is
used, so a claim is a ``check`` under assumptions. Verdicts: VACUOUS (no hand meets the
assumptions), HELD, FAILED (a witness hand, re-checked by the executable procedure) or UNKNOWN.

A question whose answer is a hand (is the premise met? does a hand break the claim?) is first put
to a seeded sample of random hands read by the numpy reader (openbid.readers.census.sample): a
hand found there is the witness, re-checked by the executable like any other, and Z3 is asked
only when the sample has none (a rare premise, or a claim that holds: then Z3 proves it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import z3

from openbid.systems.evaluate import holds
from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.systems.rules.model import Rules
from openbid.checks.search import Disagreement
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.verdicts import DEFAULT_RLIMIT, Check, Status, Verdict, check, new_solver

if TYPE_CHECKING:
    from openbid.readers.census.sample import Sample


class ClaimSolver:
    def __init__(self, rules: Rules, rlimit: int = DEFAULT_RLIMIT,
                 sym: SymbolicHand | None = None, sample: bool = True, exprs=()) -> None:
        """``exprs``: the expressions the claims will use, when they read ranks the rules do
        not (the hand model must track them from the start)."""
        self.rules = rules
        self._sample: Sample | None = None
        self._use_sample = sample
        self.sym = sym or SymbolicHand(rules, exprs=exprs)
        self.solver = new_solver(rlimit)
        self.solver.add(self.sym.domain)
        self.lits: dict[Expr, z3.BoolRef] = {}
        self.program = program_for(rules)
        self._sat: dict[tuple, Check] = {}
        self._terms: dict[Expr, z3.BoolRef] = {}
        self._models: list = []  # the most recent models the solver found (RECENT of them)
        self._hands: dict[tuple, Hand] = {}  # witnesses the sample found, per path

    def lit(self, e: Expr) -> z3.BoolRef:
        got = self.lits.get(e)
        if got is None:
            got = z3.Bool(f"lit{len(self.lits)}")
            self.solver.add(got == self._term(e))
            self.lits[e] = got
        return got

    RECENT = 16

    def satisfiable(self, path: list[Expr]) -> Check:
        """Whether a hand meets every condition of ``path``. A hand the solver found for an
        earlier query answers it when it meets them (Z3 evaluates the conditions in that model:
        the conditions are defined from the hand's variables, which every model assigns);
        otherwise the solver is asked."""
        key = tuple(path)
        got = self._sat.get(key)
        if got is None:
            hand = self._sampled(path)
            model = self._known(path) if hand is None else None
            if hand is not None:
                got = Check(Status.SAT, reason="sample")
                self._hands[key] = hand
            elif model is not None:
                got = Check(Status.SAT, model)
            else:
                got = check(self.solver, *(self.lit(e) for e in path))
                self._remember(got)
            self._sat[key] = got
        return got

    def _sampled(self, path: list[Expr], negated: Sequence[Expr] = ()) -> Hand | None:
        if not self._use_sample:
            return None
        if self._sample is None:
            from openbid.readers.census.sample import Sample

            self._sample = Sample(self.rules)
        return self._sample.first(path, negated)

    def _known(self, path: list[Expr]):
        for model in reversed(self._models):
            if all(z3.is_true(model.eval(self._term(e), model_completion=True)) for e in path):
                return model
        return None

    def _term(self, e: Expr) -> z3.BoolRef:
        got = self._terms.get(e)
        if got is None:
            got = self._terms[e] = self.sym.cond(e)
        return got

    def _remember(self, r: Check) -> None:
        if r.status is Status.SAT:
            self._models.append(r.model)
            del self._models[:-self.RECENT]

    def claim(self, path: list[Expr], conclusion: Expr | None):
        """(Verdict, witness or None, reason) for ``and(path) => conclusion``. With
        ``conclusion`` None the claim is that no hand meets ``path`` (HELD when unsat)."""
        first = self.satisfiable(path)
        if first.status is Status.UNKNOWN:
            return Verdict.UNKNOWN, None, first.reason
        if conclusion is None:
            if first.status is Status.UNSAT:
                return Verdict.HELD, None, ""
            return Verdict.FAILED, self.witness(first.model, path, None,
                                                self._hands.get(tuple(path))), ""
        if first.status is Status.UNSAT:
            return Verdict.VACUOUS, None, ""
        hand = self._sampled(path, [conclusion])
        if hand is not None:
            return Verdict.FAILED, self.witness(None, path, conclusion, hand), ""
        r = check(self.solver, *(self.lit(e) for e in path), z3.Not(self.lit(conclusion)))
        self._remember(r)
        if r.status is Status.UNKNOWN:
            return Verdict.UNKNOWN, None, r.reason
        if r.status is Status.UNSAT:
            return Verdict.HELD, None, ""
        return Verdict.FAILED, self.witness(r.model, path, conclusion), ""

    def witness(self, model, path: list[Expr], conclusion: Expr | None,
                hand: Hand | None = None) -> Hand:
        """The witness (from the sample, or from a Z3 model), confirmed by the executable."""
        source = "sample" if hand is not None else "Z3"
        if hand is None:
            hand = self.sym.witness(model)
        ok = all(holds(e, hand, self.rules) for e in path)
        if conclusion is not None:
            ok = ok and not holds(conclusion, hand, self.rules)
        if not ok:
            raise Disagreement(f"{source} witness {hand.to_pbn()} is not confirmed by the executable")
        return hand
