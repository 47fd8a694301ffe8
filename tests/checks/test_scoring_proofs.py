"""The scoring properties of issue 7, proved with Z3 over every possible contract and result.

Two steps make the proofs about openbid.bridge.scoring rather than about a model of it:
1. the Z3 terms (openbid.readers.scoring_z3) agree with openbid.bridge.scoring.score, component by component, on
   every one of the 2,940 possible inputs, and the Z3 domain admits exactly those inputs;
2. each claim is PROVED over the Z3 terms (an UNKNOWN or VACUOUS verdict fails the test).
False claims are included as controls: the prover must refute them with a re-checked witness.
"""

from __future__ import annotations

import pytest
import z3

from openbid.base.errors import ResultError
from openbid.bridge.scoring import Contract, Doubling, Result, Strain, score
from openbid.readers.scoring_z3 import STRAINS, evaluate, possible_at
from openbid.checks.scoring import CLAIMS, Claim, ScoringVerdict, prove
from openbid.checks.verdicts import Verdict

GRID = [
    (Result(Contract(level, strain, doubling), relative), vul)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
    for relative in range(-6 - level, 8 - level)
    for vul in (False, True)
]


def require_proved(result: ScoringVerdict) -> None:
    """Pass only on HELD (proved); anything else fails loudly with what the solver said."""
    claim = result.claim
    if result.verdict is Verdict.UNKNOWN:
        pytest.fail(f"UNKNOWN: {claim.id} ({claim.statement}): {result.reason}")
    if result.verdict is Verdict.VACUOUS:
        pytest.fail(f"VACUOUS: {claim.id}: its premise holds for no possible result")
    if result.verdict is Verdict.FAILED:
        shown = "; ".join(f"{w.result} {'vul' if w.vulnerable else 'non-vul'} = {w.score.total}"
                          for w in result.witnesses)
        pytest.fail(f"REFUTED: {claim.id} ({claim.statement}): {shown}")
    assert result.verdict is Verdict.HELD


def test_grid_size() -> None:
    assert len(GRID) == 2940


def test_z3_terms_agree_with_the_module_on_every_input() -> None:
    disagreements = [(str(r), v) for r, v in GRID if evaluate(r, v) != score(r, v)]
    assert disagreements == []


def test_z3_domain_is_exactly_the_possible_results() -> None:
    """Over a box around the grid, the Z3 domain holds exactly where Result accepts the input."""
    admitted, accepted = set(), set()
    for level in range(-1, 10):
        for strain in range(-1, len(STRAINS) + 1):
            for doubling in range(-1, 4):
                for relative in range(-16, 10):
                    point = (level, strain, doubling, relative)
                    if possible_at(*point):
                        admitted.add(point)
                    if 0 <= strain < len(STRAINS) and 0 <= doubling <= 2:
                        try:
                            Result(Contract(level, STRAINS[strain], Doubling(doubling)), relative)
                        except ResultError:
                            continue
                        accepted.add(point)
    assert len(accepted) == 2940 // 2
    assert admitted == accepted


def test_the_issue_properties_are_all_claimed() -> None:
    assert {"made-more-tricks", "down-more-undertricks", "game-iff-100",
            "undoubled-game-contracts", "doubling-never-lowers-made"} <= {c.id for c in CLAIMS}


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_claim_is_proved(claim: Claim) -> None:
    require_proved(prove(claim))


# --- The prover can say no: false claims, an empty premise, an exhausted solver ------------------

def _refuted(claim: Claim) -> ScoringVerdict:
    verdict = prove(claim)
    assert verdict.verdict is Verdict.FAILED, verdict
    for witness in verdict.witnesses:  # the model's score is the module's score
        assert witness.z3_total == witness.score.total == score(witness.result,
                                                                  witness.vulnerable).total
    return verdict


def test_doubling_a_defeated_contract_can_lower_its_score() -> None:
    claim = Claim("doubling-never-lowers-defeated", "control", "false: doubling costs when down",
                  lambda a, b: z3.And(a.level == b.level, a.strain == b.strain,
                                      a.vulnerable == b.vulnerable, a.relative == b.relative,
                                      a.relative < 0, a.doubling < b.doubling),
                  lambda a, b: a.terms().total <= b.terms().total, arity=2)
    undoubled, doubled = _refuted(claim).witnesses
    assert undoubled.result.relative == doubled.result.relative < 0
    assert undoubled.score.total > doubled.score.total


def test_game_does_not_start_at_90() -> None:
    claim = Claim("game-iff-90", "control", "false: 3H and 3S make 90",
                  lambda a, b: a.relative >= 0,
                  lambda a, b: (a.terms().game_bonus > 0) == (a.terms().contract_points >= 90))
    (witness,) = _refuted(claim).witnesses
    contract = witness.result.contract
    assert (contract.level, contract.doubling) == (3, Doubling.UNDOUBLED)
    assert contract.strain in (Strain.HEARTS, Strain.SPADES)


def test_four_of_a_minor_is_not_game() -> None:
    minor_games = Claim("4m-is-game", "control", "false: 4C and 4D make 80",
                        lambda a, b: z3.And(a.relative >= 0, a.doubling == 0, a.is_minor(),
                                            a.level == 4),
                        lambda a, b: a.terms().game_bonus > 0)
    (witness,) = _refuted(minor_games).witnesses
    assert witness.score.game_bonus == 0 and witness.score.contract_points == 80


def test_an_empty_premise_is_vacuous_not_proved() -> None:
    claim = Claim("level-8", "control", "nothing is at level 8",
                  lambda a, b: a.level == 8, lambda a, b: z3.BoolVal(False))
    verdict = prove(claim)
    assert verdict.verdict is Verdict.VACUOUS
    with pytest.raises(pytest.fail.Exception, match="VACUOUS"):
        require_proved(verdict)


def test_an_exhausted_solver_is_unknown_and_fails_loudly() -> None:
    verdict = prove(CLAIMS[0], rlimit=1)
    assert verdict.verdict is Verdict.UNKNOWN and verdict.reason
    with pytest.raises(pytest.fail.Exception, match="UNKNOWN"):
        require_proved(verdict)

