"""Duplicate scoring as Z3 terms over a symbolic result, and the claims proved about it.

The terms restate Law 77 in closed form (``openbid.model.scoring`` counts trick by trick), so they are a
second reading of the rules. :func:`evaluate` substitutes a concrete result into the very terms the
proofs use; tests/test_scoring_proofs.py checks that it agrees with :func:`openbid.model.scoring.score`
on every possible input and that :meth:`SymbolicResult.possible` admits exactly the results
:class:`openbid.model.scoring.Result` accepts. A claim proved here is therefore a claim about the module.

Strains are coded by their index in :data:`STRAINS` (C 0, D 1, H 2, S 3, NT 4), doublings by
:class:`Doubling` value (0, 1, 2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache

import z3

from openbid.model.scoring import BOOK, TRICKS_IN_A_DEAL, Contract, Doubling, Result, Score, Strain
from openbid.model.scoring import score as python_score

STRAINS = tuple(Strain)
NOTRUMP = STRAINS.index(Strain.NOTRUMP)
DEFAULT_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class ScoreTerms:
    """The components of :class:`Score` as integer terms (same names, same signs)."""

    contract_points: z3.ArithRef
    overtricks: z3.ArithRef
    slam_bonus: z3.ArithRef
    insult: z3.ArithRef
    game_bonus: z3.ArithRef
    part_score_bonus: z3.ArithRef
    penalty: z3.ArithRef

    @property
    def total(self) -> z3.ArithRef:
        return z3.Sum([getattr(self, f.name) for f in fields(self)])


@dataclass(frozen=True)
class SymbolicResult:
    """A result and vulnerability whose every part is a Z3 variable."""

    level: z3.ArithRef
    strain: z3.ArithRef
    doubling: z3.ArithRef
    relative: z3.ArithRef
    vulnerable: z3.BoolRef

    @staticmethod
    def fresh(name: str) -> SymbolicResult:
        level, strain, doubling, relative = z3.Ints(f"{name}_level {name}_strain {name}_doubling"
                                                    f" {name}_relative")
        return SymbolicResult(level, strain, doubling, relative, z3.Bool(f"{name}_vulnerable"))

    def possible(self) -> z3.BoolRef:
        """A real contract, and between 0 and 13 tricks taken."""
        taken = BOOK + self.level + self.relative
        return z3.And(
            1 <= self.level, self.level <= 7,
            0 <= self.strain, self.strain < len(STRAINS),
            0 <= self.doubling, self.doubling <= 2,
            0 <= taken, taken <= TRICKS_IN_A_DEAL,
        )

    def is_minor(self) -> z3.BoolRef:
        return self.strain <= STRAINS.index(Strain.DIAMONDS)

    def same_board(self, other: SymbolicResult) -> z3.BoolRef:
        """Same contract and vulnerability; the tricks may differ."""
        return z3.And(self.level == other.level, self.strain == other.strain,
                      self.doubling == other.doubling, self.vulnerable == other.vulnerable)

    def terms(self) -> ScoreTerms:
        level, d, r, vul = self.level, self.doubling, self.relative, self.vulnerable
        minor, notrump, made = self.is_minor(), self.strain == NOTRUMP, r >= 0

        def by_doubling(undoubled: z3.ArithRef, doubled: z3.ArithRef,
                        redoubled: z3.ArithRef) -> z3.ArithRef:
            return z3.If(d == 0, undoubled, z3.If(d == 1, doubled, redoubled))

        trick_points = z3.If(minor, 20 * level, 30 * level) + z3.If(notrump, 10, 0)
        points = by_doubling(trick_points, 2 * trick_points, 4 * trick_points)
        overtricks = by_doubling(z3.If(minor, 20 * r, 30 * r),
                                 z3.If(vul, 200 * r, 100 * r), z3.If(vul, 400 * r, 200 * r))
        slam = z3.If(level == 6, z3.If(vul, 750, 500),
                     z3.If(level == 7, z3.If(vul, 1500, 1000), 0))

        down = -r
        second_and_third = z3.If(down - 1 < 2, down - 1, 2)
        fourth_on = z3.If(down > 3, down - 3, 0)
        doubled_down = z3.If(vul, 200 + 300 * (down - 1),
                             100 + 200 * second_and_third + 300 * fourth_on)
        cost = by_doubling(z3.If(vul, 100 * down, 50 * down), doubled_down, 2 * doubled_down)

        def if_made(value: z3.ArithRef | int) -> z3.ArithRef:
            return z3.If(made, value, 0)

        return ScoreTerms(
            contract_points=if_made(points),
            overtricks=if_made(overtricks),
            slam_bonus=if_made(slam),
            insult=if_made(50 * d),
            game_bonus=if_made(z3.If(points >= 100, z3.If(vul, 500, 300), 0)),
            part_score_bonus=if_made(z3.If(points >= 100, 0, 50)),
            penalty=z3.If(made, 0, -cost),
        )


# --- Concrete evaluation: the proof's own terms, at one point ------------------------------------

@cache
def _the_variable() -> tuple[SymbolicResult, ScoreTerms, z3.BoolRef]:
    x = SymbolicResult.fresh("x")
    return x, x.terms(), x.possible()


def _at(term: z3.ExprRef, level: int, strain: int, doubling: int, relative: int,
        vulnerable: bool) -> z3.ExprRef:
    x, _, _ = _the_variable()
    return z3.simplify(z3.substitute(term, (x.level, z3.IntVal(level)),
                                     (x.strain, z3.IntVal(strain)),
                                     (x.doubling, z3.IntVal(doubling)),
                                     (x.relative, z3.IntVal(relative)),
                                     (x.vulnerable, z3.BoolVal(vulnerable))))


def evaluate(result: Result, vulnerable: bool) -> Score:
    """The score the Z3 terms give ``result``: a :class:`Score` to compare with the module's."""
    _, terms, _ = _the_variable()
    contract = result.contract
    point = (contract.level, STRAINS.index(contract.strain), int(contract.doubling),
             result.relative, vulnerable)
    return Score(**{f.name: _at(getattr(terms, f.name), *point).as_long() for f in fields(terms)})


def possible_at(level: int, strain: int, doubling: int, relative: int) -> bool:
    """Whether :meth:`SymbolicResult.possible` admits this point (vulnerability is irrelevant)."""
    _, _, possible = _the_variable()
    return z3.is_true(_at(possible, level, strain, doubling, relative, False))


# --- Claims and verdicts -------------------------------------------------------------------------

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
class Proved:
    claim: Claim
    status: str = "PROVED"


@dataclass(frozen=True)
class Refuted:
    claim: Claim
    witnesses: tuple[Witness, ...]
    status: str = "REFUTED"


@dataclass(frozen=True)
class Unknown:
    claim: Claim
    reason: str
    status: str = "UNKNOWN"


@dataclass(frozen=True)
class Vacuous:
    """The premise holds for no possible result: nothing was proved."""

    claim: Claim
    status: str = "VACUOUS"


Verdict = Proved | Refuted | Unknown | Vacuous


def _witness(model: z3.ModelRef, x: SymbolicResult) -> Witness:
    def value(term: z3.ExprRef) -> int:
        return model.eval(term, model_completion=True).as_long()

    vulnerable = z3.is_true(model.eval(x.vulnerable, model_completion=True))
    contract = Contract(value(x.level), STRAINS[value(x.strain)], Doubling(value(x.doubling)))
    result = Result(contract, value(x.relative))
    return Witness(result, vulnerable, python_score(result, vulnerable), value(x.terms().total))


def prove(claim: Claim, timeout_ms: int = DEFAULT_TIMEOUT_MS,
          rlimit: int | None = None) -> Verdict:
    """Check the premise is satisfiable, then search for a counterexample to the conclusion."""
    a, b = SymbolicResult.fresh("a"), SymbolicResult.fresh("b")
    used = (a, b)[: claim.arity]
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    if rlimit is not None:
        solver.set("rlimit", rlimit)
    solver.add(*(x.possible() for x in used), claim.premise(a, b))
    premise = solver.check()
    if premise == z3.unknown:
        return Unknown(claim, f"premise: {solver.reason_unknown()}")
    if premise == z3.unsat:
        return Vacuous(claim)
    solver.add(z3.Not(claim.conclusion(a, b)))
    answer = solver.check()
    if answer == z3.unsat:
        return Proved(claim)
    if answer == z3.sat:
        model = solver.model()
        return Refuted(claim, tuple(_witness(model, x) for x in used))
    return Unknown(claim, solver.reason_unknown())


def _is_listed_game(a: SymbolicResult) -> z3.BoolRef:
    """3NT, 4H, 4S, 5C, 5D and above: the undoubled game contracts."""
    major = z3.Or(a.strain == STRAINS.index(Strain.HEARTS), a.strain == STRAINS.index(Strain.SPADES))
    return z3.Or(z3.And(a.strain == NOTRUMP, a.level >= 3), z3.And(major, a.level >= 4),
                 z3.And(a.is_minor(), a.level >= 5))


def _total(x: SymbolicResult) -> z3.ArithRef:
    return x.terms().total


CLAIMS: tuple[Claim, ...] = (
    Claim("made-more-tricks", "issue 7",
          "a made contract scores more with more tricks",
          lambda a, b: z3.And(a.same_board(b), 0 <= a.relative, a.relative < b.relative),
          lambda a, b: _total(a) < _total(b), arity=2),
    Claim("down-more-undertricks", "issue 7",
          "a defeated contract scores less with more undertricks",
          lambda a, b: z3.And(a.same_board(b), a.relative < b.relative, b.relative < 0),
          lambda a, b: _total(a) < _total(b), arity=2),
    Claim("game-iff-100", "issue 7; Law 77",
          "a made contract earns the game bonus exactly when its contract points reach 100,"
          " and the 50 part-score bonus otherwise",
          lambda a, b: a.relative >= 0,
          lambda a, b: z3.And(
              (a.terms().game_bonus > 0) == (a.terms().contract_points >= 100),
              (a.terms().part_score_bonus > 0) == (a.terms().contract_points < 100))),
    Claim("undoubled-game-contracts", "issue 7; Appendix 7 of the paper",
          "an undoubled contract reaches 100 contract points (game) exactly when it is"
          " 3NT, 4H, 4S, 5C, 5D or higher",
          lambda a, b: z3.And(a.relative >= 0, a.doubling == 0),
          lambda a, b: z3.And((a.terms().contract_points >= 100) == _is_listed_game(a),
                              (a.terms().game_bonus > 0) == _is_listed_game(a))),
    Claim("doubling-never-lowers-made", "issue 7",
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
