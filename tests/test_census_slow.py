"""The exact census over all 34,033,880 hand classes (minutes): run with ``pytest -m slow``."""

from __future__ import annotations

import json

import pytest

from openbid.cli.main import main
from openbid.model.variants import load_variant
from openbid.verify.agreement import check_algol
from openbid.readers.census.census import Census, Column
from openbid.readers.census.enumeration import TOTAL_CLASSES, TOTAL_HANDS

pytestmark = pytest.mark.slow

CODE = load_variant("code")


def test_full_census_total() -> None:
    groups = Census([CODE]).group([Column("outcome")])
    assert groups.total_classes == TOTAL_CLASSES == 34_033_880
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
def test_merging_unseen_tens_changes_no_count(variant, monkeypatch) -> None:
    """The whole pass prove runs (pairwise counts of every bid point's conditions, and the
    outcome census) with the diamond ten counted as a spot card (openbid.readers.census.relevance), against the
    same pass over the unmerged classes: every count, in hands and in classes, is equal."""
    from openbid.model.rules.meets import meets_expr
    from openbid.readers.census import gram as gram_pass
    from openbid.readers.census import relevance

    rules = load_variant(variant)
    exprs = [meets_expr(rules, lb) for lb in rules.labels if lb != "14"]
    assert relevance.tens_unseen(exprs, rules, outcome=True) == frozenset({2})
    gram, outcomes = gram_pass.census_pass(rules, exprs)
    monkeypatch.setattr(relevance, "tens_unseen", lambda *a, **k: frozenset())
    plain_gram, plain_outcomes = gram_pass.census_pass(rules, exprs)
    assert (gram.weights, gram.classes) == (plain_gram.weights, plain_gram.classes)
    assert {k: v[:2] for k, v in outcomes.items()} == {k: v[:2] for k, v in plain_outcomes.items()}
    assert gram.total_classes == plain_gram.total_classes == TOTAL_CLASSES
