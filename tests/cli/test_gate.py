"""``openbid prove --rules my.rules`` as a CI gate: exit 1 exactly when a finding of a failing kind
is present (a gap, an illegal call, a dead point, a failed claim; ``--fail-on``, ``--allow``), 0
for a clean file; and no spurious CHANGED: a verdict is compared with the recorded one only when
the same check computed it over the same scope (``--claim``, ``--from``, ``--seat``, an
expectation recorded by the Z3 node checks)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from openbid.cli.main import main

from checks.test_findings import GATE

CLEAN = """\
name clean
section 1 "Open" when HCP >= 12
  bid clubs when true value 1C

auction "1C P" else pass
  section 1 "Respond"
    bid nt when HCP >= 6 value 1NT
"""
SMALL = str(Path(__file__).resolve().parents[2] / "openbid" / "systems" / "examples"
            / "small.rules")
CLAIMS = """\
claim nt.range
  source: test
  quote: 1NT shows 15-17
  bid: 1NT
  shows: HCP >= 15 and HCP <= 17

claim stayman.shows
  source: test
  quote: Stayman shows 8+
  auction: 1NT P
  bid: 2C
  shows: HCP >= 8

claim stayman.forcing
  source: test
  quote: Stayman is forcing
  auction: 1NT P 2C P
  forcing
"""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


def test_a_file_with_a_gap_exits_1_and_a_clean_file_0(tmp_path):
    gate = write(tmp_path, "gate.rules", GATE)
    code, out, _ = run("prove", "--rules", gate, "--quiet", "--json")
    assert code == 1
    items = [json.loads(x) for x in out.splitlines()]
    failing = [i for i in items if i.get("part") == "finding" and i["fails"]]
    assert {i["kind"] for i in failing} == {"gap", "illegal-call", "dead"}
    assert items[-1]["gate"]["failing"] == len(failing)
    code, out, _ = run("prove", "--rules", gate, "--quiet")
    assert code == 1 and f"GATE: {len(failing)} finding(s) fail the run" in out
    clean = write(tmp_path, "clean.rules", CLEAN)
    code, out, _ = run("prove", "--rules", clean, "--quiet")
    assert code == 0 and "gate: no finding fails the run" in out
    code, out, _ = run("prove", "--rules", clean, "--quiet", "--json")
    summary = json.loads(out.splitlines()[-1])
    assert summary["gate"]["failing"] == 0 and summary["gate"]["findings"] == 0


def test_the_policy_is_chosen_on_the_command_line(tmp_path):
    gate = write(tmp_path, "gate.rules", GATE)
    code, out, _ = run("prove", "--rules", gate, "--quiet", "--json",
                       "--allow", "gap,illegal-call,dead")
    items = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert not any(i["fails"] for i in items if i.get("part") == "finding")
    code, _, _ = run("prove", "--rules", gate, "--quiet", "--allow", "gap,dead")
    assert code == 1  # the illegal call still fails it
    code, out, _ = run("prove", "--rules", SMALL, "--quiet", "--fail-on", "overlap")
    assert code == 1 and "overlaps: 86 in 18 groups [FAILS THE RUN]" in out
    code, _, err = run("prove", "--rules", SMALL, "--quiet", "--fail-on", "gaps")
    assert code == 2 and "unknown finding kind 'gaps'" in err
    code, _, err = run("prove", "part-one", "--quiet", "--allow", "gap")
    assert code == 2 and "give PART system" in err


def test_a_finding_only_in_isolation_never_fails_the_run():
    """Until the table checks fill ``table``, every finding counts as possibly at the table;
    one whose ``table`` says no deal reaches it never fails the run."""
    from types import SimpleNamespace

    from openbid.checks.findings import Finding, Policy, TableView
    from openbid.cli.prove import _gate

    isolated = Finding("gap", ("1S", "PASS"), count=3, of=9, table=TableView(at_table=False))
    run_ = SimpleNamespace(findings=[isolated])
    gate = _gate(run_, Policy.of(), ("system",))
    assert gate is not None
    assert gate["failing"] == 0 and gate["in_isolation_only"] == 1
    undecided = Finding("gap", ("1S", "PASS"), count=3, of=9, table=TableView(at_table=None))
    gate = _gate(SimpleNamespace(findings=[isolated, undecided]), Policy.of(), ("system",))
    assert gate is not None and gate["failing"] == 1


@pytest.fixture()
def recorded(tmp_path):
    """A copy of the example system with claims, its expectation recorded."""
    rules = write(tmp_path, "small.rules", Path(SMALL).read_text())
    claims = write(tmp_path, "claims.txt", CLAIMS)
    code, out, _ = run("prove", "--rules", rules, "--claims", claims, "--update-expected",
                       "--quiet")
    assert code == 0 and "expectation recorded in" in out
    data = json.loads(Path(rules + ".expected.json").read_text())
    assert data["scopes"]["tree"] == "tree census, whole tree"
    assert data["scopes"]["tree claims"].startswith("claims claims.txt")
    assert {"system claim nt.range", "tree claim stayman.shows"} <= set(data["outcomes"])
    return rules, claims


def test_claim_compares_only_the_claims_that_ran(recorded):
    rules, claims = recorded
    code, out, _ = run("prove", "--rules", rules, "--claims", claims, "--claim",
                       "stayman.shows", "--quiet")
    assert code == 0 and "CHANGED" not in out and "-> None" not in out
    assert "every verdict equals the recorded expectation" in out
    # a real change of the claim that ran is still a change
    text = Path(rules).read_text().replace("bid stayman when true value 2C",
                                           "bid stayman when HCP >= 12 or true value 2C")
    assert text != Path(rules).read_text()
    Path(rules).write_text(text.replace("section 1 \"Stayman\" when HCP >= 8",
                                        "section 1 \"Stayman\" when HCP >= 7"))
    code, out, _ = run("prove", "--rules", rules, "--claims", claims, "--claim",
                       "stayman.shows", "--quiet", "--expected", rules + ".expected.json")
    assert code == 1 and "tree claim stayman.shows: held -> failed" in out
    assert "nt.range" not in out.split("CHANGED")[1]
    code, _, err = run("prove", "--rules", rules, "--claims", claims, "--claim",
                       "stayman.shows", "--update-expected", "--quiet")
    assert code == 2 and "--claim checks some of the claims" in err


def test_from_is_never_compared_nor_advises_recording(recorded):
    rules, claims = recorded
    code, out, _ = run("prove", "--rules", rules, "--claims", claims, "--from", "1NT P",
                       "--quiet")
    assert code == 0
    assert "CHANGED" not in out and "--update-expected" not in out
    assert "never compared with nor recorded as an expectation" in out
    assert "Every node below 1NT PASS" in out


def test_the_z3_cross_check_equals_what_the_census_recorded(recorded):
    rules, claims = recorded
    code, out, _ = run("prove", "--rules", rules, "--claims", claims, "--cross-check", "z3",
                       "--quiet")
    assert code == 0 and "CHANGED" not in out
    assert "every verdict equals the recorded expectation" in out
    assert "Cross-check (z3" in out


def test_an_expectation_the_node_checks_recorded_is_not_compared_with_the_census(tmp_path):
    """An expectation written by earlier versions with the Z3 node checks (keys ``system node
    ...``, no scopes) against today's census: nothing of it is a change."""
    from openbid.systems.auction import system_of
    from openbid.systems.variants import resolve
    from openbid.checks.nodes import NodeModel, build_tree
    from openbid.checks.system import check_system
    from openbid.studies.prove import rules_digest

    path = write(tmp_path, "small.rules", Path(SMALL).read_text())
    rules = resolve(None, path)
    tree = build_tree(NodeModel(system_of(rules)), title=rules.title)
    outcomes = {**check_system(rules).verdicts(), **tree.verdicts()}
    assert sum(k.startswith("system node ") for k in outcomes) > 30
    Path(path + ".expected.json").write_text(json.dumps(
        {"variant": rules.name, "source": "rule file small.rules", "digest": rules_digest(rules),
         "outcomes": dict(sorted(outcomes.items()))}))
    code, out, _ = run("prove", "--rules", path, "--quiet")
    assert code == 0 and "CHANGED" not in out
    assert "every verdict equals the recorded expectation" in out  # the opening's, compared
    assert "not compared: the Z3 node checks: recorded, not computed" in out
    # recorded again: the census's verdicts replace the node checks'
    assert run("prove", "--rules", path, "--quiet", "--update-expected")[0] == 0
    data = json.loads(Path(path + ".expected.json").read_text())
    assert not any(k.startswith("system node ") for k in data["outcomes"])
    assert "tree nodes" in data["outcomes"]


def test_a_fixed_seat_is_another_scope(tmp_path):
    path = write(tmp_path, "seat.rules", 'name seat\nsection 1 "Open" when HCP >= 12\n'
                                         '  bid first when SEAT <= 2 value 1C\n'
                                         '  bid later when HCP >= 14 value 1D\n')
    assert run("prove", "--rules", path, "--quiet", "--update-expected")[0] == 0
    code, out, _ = run("prove", "--rules", path, "--quiet", "--seat", "3")
    assert code == 0 and "CHANGED" not in out
    assert "recorded over another scope (opening checks, every seat and vulnerability; this " \
           "run: opening checks, fixed SEAT=3)" in out
    code, out, _ = run("prove", "--rules", path, "--quiet")
    assert code == 0 and "every verdict equals the recorded expectation" in out


@pytest.mark.slow
def test_one_claim_of_the_shipped_openings_is_compared_with_its_record():
    """The case that printed "CHANGED ... 14 verdict(s): held -> None": one claim of
    sayc-openings against the shipped expectation of all of them."""
    code, out, _ = run("prove", "--variant", "sayc-openings", "--claim", "weak2.S", "--quiet")
    assert code == 0 and "CHANGED" not in out and "-> None" not in out
    assert "every verdict equals the recorded expectation (sayc-openings.json)" in out


def test_a_block_no_hand_reaches_is_dead_in_the_whole_system_and_fails(tmp_path):
    # GATE's block "7NT" applies at no node a hand reaches: its point is not a finding "in
    # isolation only" (no hand meets it even alone); it is dead everywhere and fails the run
    gate = write(tmp_path, "gate.rules", GATE)
    code, out, _ = run("prove", "--rules", gate, "--quiet", "--json")
    items = [json.loads(x) for x in out.splitlines()]
    dead = next(i for i in items if i.get("part") == "finding" and i["point"] == "7NT/double")
    assert code == 1 and dead["fails"] and dead["table"]["nowhere"] is True
    assert dead["table"]["at_table"] is False and dead["table"]["deal"] is None
    assert items[-1]["gate"]["in_isolation_only"] == 0
    code, out, _ = run("prove", "--rules", gate, "--quiet")
    section = out[out.index("dead in the whole system"):]
    assert section.splitlines()[1].split() [:4] == ["FAILS", "dead", "point", "7NT/double"]
    assert "in isolation only" not in out
