"""openbid.studies.expected: where an expectation is compared and recorded, and what may never be
overwritten (issue 17). The command-line cases are in tests/cli/test_reliability.py."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from openbid.base.errors import OpenbidError
from openbid.systems.rules.text import dumps, load
from openbid.systems.variants import load_variant
from openbid.studies import expected
from openbid.studies.prove import PARTS, rules_digest


def _rule_file(tmp_path: Path, name: str = "code", edit: bool = True) -> Path:
    text = dumps(load_variant("code"))
    if edit:
        text = text.replace("bid 1 when TOTALPTS <= 6", "bid 1 when TOTALPTS <= 7")
    path = tmp_path / "my.rules"
    path.write_text(text.replace("name code", f"name {name}"), encoding="utf-8")
    return path


def test_the_shipped_expectation_is_for_the_shipped_rules_only(tmp_path, monkeypatch):
    monkeypatch.setattr(expected, "_probe", lambda folder, what: None)  # no file in the package
    code = load_variant("code")
    shipped = expected.expected_path("code")
    expected.check_writable(shipped, code, PARTS)  # the shipped rules: allowed
    unedited = load(str(_rule_file(tmp_path, edit=False)))
    assert rules_digest(unedited) == rules_digest(code)
    expected.check_writable(shipped, unedited, PARTS)  # the same rules, exported: allowed
    edited = load(str(_rule_file(tmp_path)))
    with pytest.raises(OpenbidError, match="shipped variant code"):
        expected.check_writable(shipped, edited, PARTS)
    with pytest.raises(OpenbidError, match="not the expectation of a shipped variant"):
        expected.check_writable(shipped.with_name("mine.json"), code, PARTS)


def test_where_a_rule_file_is_compared_and_recorded(tmp_path):
    rules = load(str(_rule_file(tmp_path)))
    own = tmp_path / "my.rules.expected.json"
    assert expected.write_path(rules, None) == own
    assert expected.compare_path(rules, None) == expected.expected_path("code")  # came from
    own.write_text(json.dumps({"variant": "code", "outcomes": {}}))
    assert expected.compare_path(rules, None) == own
    other = load(str(_rule_file(tmp_path / "..", name="other")))
    with pytest.raises(OpenbidError, match="no recorded expectation for rule file"):
        expected.compare_path(other, None)
    assert expected.source_of(rules, own) == "rule file my.rules"


def test_a_partial_run_is_merged_only_into_the_same_rules(tmp_path, code_run):
    target = tmp_path / "x.json"
    expected.write_expected(code_run, target, load_variant("code"))
    full = json.loads(target.read_text())
    assert full["source"] == "variant code" and list(full)[:3] == ["variant", "source", "digest"]
    lemmas_only = dataclasses.replace(code_run, parts=("lemmas",))
    expected.write_expected(lemmas_only, target)
    assert json.loads(target.read_text())["outcomes"] == full["outcomes"]  # merged
    # other rules: a partial run may not be merged with their expectation
    edited = load(str(_rule_file(tmp_path)))
    data = dict(full, source=expected.source_of(edited, target), digest="0" * 16)
    target.write_text(json.dumps(data))
    with pytest.raises(OpenbidError, match="replace it with a run of every part"):
        expected.check_writable(target, edited, ("lemmas",))
    expected.check_writable(target, edited, PARTS)


def test_an_unknown_verdict_is_never_recorded(tmp_path, code_run):
    from openbid.checks.verdicts import Status

    structure = dataclasses.replace(code_run.structure, points=(
        dataclasses.replace(code_run.structure.points[0], status=Status.UNKNOWN),
        *code_run.structure.points[1:]))
    degraded = dataclasses.replace(code_run, structure=structure)
    target = tmp_path / "x.json"
    with pytest.raises(OpenbidError, match=r"not recording: 2 verdict\(s\) UNKNOWN"):
        expected.write_expected(degraded, target)
    assert not target.exists()


def test_every_part_of_the_code_run_equals_the_shipped_expectation(code_run):
    """The regression contract itself: every verdict of every part (the paper's and the seeds')
    as recorded in openbid/systems/data/expected/code.json."""
    changes, found = expected.compare_expected(code_run, expected.expected_path("code"))
    assert found and changes == []
    recorded = expected.read_expected(expected.expected_path("code"))["outcomes"]
    assert set(recorded) == set(expected.outcomes(code_run))


def test_part_choice():
    from openbid.cli.prove import choose_parts
    from openbid.studies.prove import PAPER_PARTS, PARTS

    assert choose_parts([]) == ("paper", PAPER_PARTS)
    assert choose_parts(["all"]) == ("all", PARTS)
    assert choose_parts(["binky"]) == ("binky", ("binky",))
    assert choose_parts(["binky", "lemmas"]) == ("all", ("lemmas", "binky"))
    assert set(choose_parts(["paper", "evaluators"])[1]) == set(PAPER_PARTS) | {"evaluators"}
    with pytest.raises(OpenbidError, match="unknown part 'bogus'"):
        choose_parts(["bogus"])


def test_a_part_the_expectation_does_not_record_is_not_a_change(capsys, monkeypatch):
    """``prove system`` on ``code``: code.json records the paper's parts and the seeds', not the
    system checks; that is nothing recorded (exit 0 unless a claim fails), not 346 changes
    "None -> N". A part it does record is still compared."""
    from openbid.cli.main import main

    monkeypatch.setenv("OPENBID_JOBS", "1")
    assert main(["prove", "system", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "None ->" not in out and "CHANGED" not in out
    assert "nothing recorded of these parts at" in out and "code.json" in out
    assert main(["prove", "structure", "--quiet"]) == 0
    assert "every verdict equals the recorded expectation (code.json)" in capsys.readouterr().out
