"""Duplicate scoring as Z3 terms over a symbolic result (the claims proved about it are in
openbid.checks.scoring).

The terms restate Law 77 in closed form (``openbid.bridge.scoring`` counts trick by trick), so they are a
second reading of the rules. :func:`evaluate` substitutes a concrete result into the very terms the
proofs use; tests/checks/test_scoring_proofs.py checks that it agrees with :func:`openbid.bridge.scoring.score`
on every possible input and that :meth:`SymbolicResult.possible` admits exactly the results
:class:`openbid.bridge.scoring.Result` accepts. A claim proved here is therefore a claim about the module.

Strains are coded by their index in :data:`STRAINS` (C 0, D 1, H 2, S 3, NT 4), doublings by
:class:`Doubling` value (0, 1, 2).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache

import z3

from openbid.bridge.scoring import BOOK, TRICKS_IN_A_DEAL, Result, Score, Strain

STRAINS = tuple(Strain)
NOTRUMP = STRAINS.index(Strain.NOTRUMP)


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
