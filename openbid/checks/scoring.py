"""The claims proved about duplicate scoring, over the Z3 terms of
openbid.readers.scoring_z3; verdicts are the project's one verdict type (openbid.checks.verdicts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import z3

from openbid.bridge.scoring import Contract, Doubling, Result, Score, Strain
from openbid.bridge.scoring import score as python_score
from openbid.readers.scoring_z3 import NOTRUMP, STRAINS, SymbolicResult
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, Verdict, check, new_solver


@dataclass(frozen=True)
class Claim:
    """``premise => conclusion`` over the possible results ``a`` (and ``b`` when arity is 2)."""

    id: str
    source: str
    statement: str
    premise: Callable[[SymbolicResult, SymbolicResult], z3.BoolRef]
    conclusion: Callable[[SymbolicResult, SymbolicResult], z3.BoolRef]
    arity: int = 1


@dataclass(frozen=True)
class Witness:
    """One result of a counterexample, scored by the Python module and by the Z3 model."""

    result: Result
    vulnerable: bool
    score: Score
    z3_total: int


@dataclass(frozen=True)
class ScoringVerdict:
    """A claim and its verdict (openbid.checks.verdicts: the one verdict type); a failed claim
    carries its witnesses, the results that break it."""

    claim: Claim
    verdict: Verdict
    witnesses: tuple[Witness, ...] = ()
    reason: str = ""


def _witness(model: z3.ModelRef, x: SymbolicResult) -> Witness:
    def value(term: z3.ExprRef) -> int:
        return model.eval(term, model_completion=True).as_long()

    vulnerable = z3.is_true(model.eval(x.vulnerable, model_completion=True))
    contract = Contract(value(x.level), STRAINS[value(x.strain)], Doubling(value(x.doubling)))
    result = Result(contract, value(x.relative))
    return Witness(result, vulnerable, python_score(result, vulnerable), value(x.terms().total))


def prove(claim: Claim, rlimit: int = DEFAULT_RLIMIT) -> ScoringVerdict:
    """Check the premise is satisfiable, then search for a counterexample to the conclusion."""
    a, b = SymbolicResult.fresh("a"), SymbolicResult.fresh("b")
    used = (a, b)[: claim.arity]
    solver = new_solver(rlimit)
    solver.add(*(x.possible() for x in used), claim.premise(a, b))
    premise = check(solver)
    if premise.status is Status.UNKNOWN:
        return ScoringVerdict(claim, Verdict.UNKNOWN, reason=f"premise: {premise.reason}")
    if premise.status is Status.UNSAT:
        return ScoringVerdict(claim, Verdict.VACUOUS)
    solver.add(z3.Not(claim.conclusion(a, b)))
    answer = check(solver)
    if answer.status is Status.UNSAT:
        return ScoringVerdict(claim, Verdict.HELD)
    if answer.status is Status.SAT:
        assert answer.model is not None
        return ScoringVerdict(claim, Verdict.FAILED,
                              tuple(_witness(answer.model, x) for x in used))
    return ScoringVerdict(claim, Verdict.UNKNOWN, reason=answer.reason)


def _is_listed_game(a: SymbolicResult) -> z3.BoolRef:
    """3NT, 4H, 4S, 5C, 5D and above: the undoubled game contracts."""
    major = z3.Or(a.strain == STRAINS.index(Strain.HEARTS), a.strain == STRAINS.index(Strain.SPADES))
    return z3.Or(z3.And(a.strain == NOTRUMP, a.level >= 3), z3.And(major, a.level >= 4),
                 z3.And(a.is_minor(), a.level >= 5))


def _total(x: SymbolicResult) -> z3.ArithRef:
    return x.terms().total


CLAIMS: tuple[Claim, ...] = (
    Claim("made-more-tricks", "Law 77",
          "a made contract scores more with more tricks",
          lambda a, b: z3.And(a.same_board(b), 0 <= a.relative, a.relative < b.relative),
          lambda a, b: _total(a) < _total(b), arity=2),
    Claim("down-more-undertricks", "Law 77",
          "a defeated contract scores less with more undertricks",
          lambda a, b: z3.And(a.same_board(b), a.relative < b.relative, b.relative < 0),
          lambda a, b: _total(a) < _total(b), arity=2),
    Claim("game-iff-100", "Law 77",
          "a made contract earns the game bonus exactly when its contract points reach 100,"
          " and the 50 part-score bonus otherwise",
          lambda a, b: a.relative >= 0,
          lambda a, b: z3.And(
              (a.terms().game_bonus > 0) == (a.terms().contract_points >= 100),
              (a.terms().part_score_bonus > 0) == (a.terms().contract_points < 100))),
    Claim("undoubled-game-contracts", "Law 77; Appendix 7 of the paper",
          "an undoubled contract reaches 100 contract points (game) exactly when it is"
          " 3NT, 4H, 4S, 5C, 5D or higher",
          lambda a, b: z3.And(a.relative >= 0, a.doubling == 0),
          lambda a, b: z3.And((a.terms().contract_points >= 100) == _is_listed_game(a),
                              (a.terms().game_bonus > 0) == _is_listed_game(a))),
    Claim("doubling-never-lowers-made", "Law 77",
          "doubling (or redoubling) a made contract never lowers its score",
          lambda a, b: z3.And(a.level == b.level, a.strain == b.strain,
                              a.vulnerable == b.vulnerable, a.relative == b.relative,
                              a.relative >= 0, a.doubling < b.doubling),
          lambda a, b: _total(a) <= _total(b), arity=2),
    Claim("sign", "Law 77",
          "a made contract scores for the declaring side, a defeated one for the defenders",
          lambda a, b: z3.BoolVal(True),
          lambda a, b: z3.If(a.relative >= 0, _total(a) > 0, _total(a) < 0)),
)
