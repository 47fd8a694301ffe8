"""The exact census over every hand class (minutes): run with ``pytest -m slow``."""

from __future__ import annotations

import json

import pytest

from openbid.cli.main import main
from openbid.expr import parse
from openbid.systems.rules.meets import meets_expr
from openbid.systems.variants import load_variant
from openbid.readers.census import gram as gram_pass
from openbid.readers.census.census import Census, Column
from openbid.readers.census.domain import TOTAL_HANDS
from openbid.studies.paper.agreement import check_algol

pytestmark = pytest.mark.slow

CODE = load_variant("code")


def test_full_census_total() -> None:
    groups = Census([CODE]).group([Column("outcome")])
    assert groups.total_classes == 34_033_880
    assert groups.total_weight == TOTAL_HANDS == 635_013_559_600
    assert sum(groups.weights.values()) == 635_013_559_600
    assert sum(groups.classes.values()) == 34_033_880
    labels = {CODE.labels[sec] for (_, sec), in groups.weights}
    assert labels == set(CODE.labels)  # every bid point is used by some hand


def test_count_by_section_json_sums_to_every_hand(capsys) -> None:
    assert main(["count", "--by", "section", "--json"]) == 0
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    assert sum(r["count"] for r in rows) == 635_013_559_600
    assert sum(r["classes"] for r in rows) == 34_033_880
    assert [r["outcome"] for r in rows] == list(CODE.labels)  # in section order
    assert abs(sum(r["probability"] for r in rows) - 1) < 1e-9
    assert "Traceback" not in err


def test_check_algol_over_every_class() -> None:
    result = check_algol(CODE)
    assert result.classes == 34_033_880
    assert result.mismatch_count == 0, result.mismatches[:5]


@pytest.mark.parametrize("variant", ["code", "synopsis"])
def test_merging_states_changes_no_count(variant, monkeypatch) -> None:
    """The whole pass prove runs (pairwise counts of every bid point's conditions, and the
    outcome census) over suit states merged by signature, against the same pass over every
    class unmerged: every count, in hands and in classes, is equal, and so is every example."""
    from openbid.readers.census import passes

    rules = load_variant(variant)
    exprs = [meets_expr(rules, lb) for lb in rules.labels if lb != "14"]
    gram, outcomes = gram_pass.census_pass(rules, exprs)
    real = passes.PassSpec

    def unmerged(*a, **k):
        spec = real(*a, **k)
        return real(spec.rules, spec.exprs, spec.outcomes, merge=False)

    monkeypatch.setattr(gram_pass, "PassSpec", unmerged)
    plain_gram, plain_outcomes = gram_pass.census_pass(rules, exprs)
    assert (gram.weights, gram.classes) == (plain_gram.weights, plain_gram.classes)
    assert outcomes == plain_outcomes
    assert gram.total_classes == plain_gram.total_classes == 34_033_880


def test_census_that_reads_nines_and_eights_is_exact() -> None:
    """A pass whose expressions read the nine and the eight: 1,214,385,200 classes, merged by
    signature, weights C(52, 13); the exact distribution of BODY agrees with the generating
    functions of openbid.hands.evaluators.distribution."""
    from fractions import Fraction

    from openbid.hands.evaluators.scales import BODY
    from openbid.hands.evaluators.distribution import distribution

    groups = Census([CODE]).group([Column("value", 0, parse("BODY", want="num"))])
    assert groups.total_classes == 1_214_385_200
    assert groups.total_weight == TOTAL_HANDS
    got = {Fraction(k[0]): w for k, w in groups.weights.items()}
    assert got == distribution(BODY)
