"""``openbid prove``: JSON keys, and the exit-code contract against a recorded expectation."""

from __future__ import annotations

import json

import pytest

from openbid.cli.main import main


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.fixture(scope="module")
def lemmas_expected(tmp_path_factory):
    path = tmp_path_factory.mktemp("exp") / "code.json"
    assert main(["prove", "lemmas", "--expected", str(path), "--update-expected", "--quiet"]) == 0
    return path


def test_equal_to_expectation_exits_0(capsys, lemmas_expected):
    code, out, _ = _run(capsys, "prove", "lemmas", "--expected", str(lemmas_expected), "--quiet")
    assert code == 0
    assert "every verdict equals the recorded expectation" in out


def test_a_changed_verdict_exits_1_and_is_listed(capsys, lemmas_expected, tmp_path):
    data = json.loads(lemmas_expected.read_text())
    key = "lemma sec-10-longest7-two-honours"
    assert data["outcomes"][key] == "failed"  # the paper's 10 vs 1 (A) claim is false
    data["outcomes"][key] = "held"
    doctored = tmp_path / "code.json"
    doctored.write_text(json.dumps(data))
    code, out, _ = _run(capsys, "prove", "lemmas", "--expected", str(doctored), "--quiet")
    assert code == 1
    assert f"{key}: held -> failed" in out


def test_unknown_exits_2(capsys, lemmas_expected):
    # a solver with (almost) no budget cannot decide: UNKNOWN, never proved or refuted
    code, out, _ = _run(capsys, "prove", "structure", "--rlimit", "1", "--quiet",
                        "--expected", str(lemmas_expected))
    assert code == 2
    assert "unknown" in out.lower()


def test_json_items_of_part_two(capsys):
    code, out, _ = _run(capsys, "prove", "part-two", "--proposition", "12", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    items = [r for r in rows if r["part"] == "part-two"]
    assert items and all({"proposition", "path", "check", "verdict", "witness"} <= set(r)
                         for r in items)
    assert {r["verdict"] for r in items} <= {"held", "failed", "vacuous", "unknown"}
    assert rows[-1]["part"] == "summary"


def test_part_two_finds_the_pass_that_bids(capsys):
    """Prop. 6 II.B.2.b.ii.beta.(II) says Pass; some of its hands open 1S or 1H at 13b."""
    code, out, _ = _run(capsys, "prove", "part-two", "--proposition", "6", "--json")
    rows = [r for r in map(json.loads, out.splitlines()) if r["part"] == "part-two"]
    bad = [r for r in rows if r["path"] == "P6.II.B.2.b.ii.β.(II)" and r["check"] == "pass-leaf"]
    assert bad and bad[0]["verdict"] == "failed"
    assert bad[0]["witness_bid"] in ("1S@13b", "1H@13b")


def test_prove_without_a_part_means_all():
    """'openbid prove' and 'openbid prove --report DIR' (the README's first command) parse."""
    from openbid.cli.main import build_parser

    for argv in (["prove"], ["prove", "--report", "report"], ["prove", "part-one", "lemmas"]):
        args = build_parser().parse_args(argv)
        assert args.func is not None


def test_unknown_part_is_an_error(capsys):
    assert main(["prove", "bogus"]) == 2
    assert "unknown part 'bogus'" in capsys.readouterr().err


def test_witnesses_do_not_depend_on_jobs_or_on_the_other_parts(code_run, monkeypatch):
    """code_run is every part with the default jobs, in a fresh interpreter; here two parts, one
    process at a time, from a process that has used Z3 itself first: each part starts its Z3 work
    in a context of its own, so the records (witness hands included) agree."""
    import z3

    from openbid.systems.variants import load_variant
    from openbid.studies.prove import prove_all
    from openbid.readers.symbolic import SymbolicHand
    from openbid.checks.verdicts import new_solver

    rules = load_variant("code")
    sym = SymbolicHand(rules)
    solver = new_solver()
    solver.add(sym.domain, sym.meets("12a"), sym.meets("13b"))
    assert solver.check() == z3.sat  # terms and a model in this process's context
    monkeypatch.setenv("OPENBID_JOBS", "1")
    run = prove_all(rules, ("lemmas", "part-one"))
    assert run.part_one.pairs == code_run.part_one.pairs
    assert run.lemmas.claims == code_run.lemmas.claims
    assert run.lemmas.appendix6 == code_run.lemmas.appendix6
    assert run.part_two is None and run.census == []


def test_leaf_breakdown_partitions_the_proposition_and_agrees_with_part_two(code_run):
    """Proposition 6's leaves split its hands exactly (their counts sum to the census count of
    the proposition's assumption), and the bid Z3's witness makes where the paper says Pass is
    among those the census counts for that leaf. (Several BIDVALs print as one bid: the counts
    are summed per printed bid, not overwritten.)"""
    from openbid.expr import parse
    from openbid.systems.variants import load_variant
    from openbid.studies.paper.part_two.tree import load_propositions
    from openbid.studies.paper.breakdown import leaf_breakdown
    from openbid.readers.census.census import Census, Column

    rules = load_variant("code")
    breakdown = leaf_breakdown(rules, [6])
    root = next(r for r in load_propositions() if r.path == "P6")
    groups = Census([rules]).group([Column("expr", 0, parse(root.assumption))])
    assert sum(sum(v.values()) for v in breakdown.values()) == groups.weights[(True,)]
    leaf = "P6.II.B.2.b.ii.β.(II)"
    check = next(c for c in code_run.part_two.checks if c.path == leaf and c.check == "pass-leaf")
    assert check.verdict.value == "failed" and check.witness_outcome in breakdown[leaf]
    assert breakdown[leaf][check.witness_outcome] > 0 and breakdown[leaf]["PASS@14"] > 0
