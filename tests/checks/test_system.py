"""The system checks of any rule file (issue 18, item 3): dead, shadowed and unreachable bid
points proved with Z3 and counted by the census, the overlap matrix, claims with verdicts and
executor-checked witnesses, frequencies per context; the CLI's `prove system` and its errors."""

from __future__ import annotations

import json

import pytest

from openbid.cli.main import main
from openbid.systems.evaluate import holds
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.systems.rules.text import load
from openbid.systems.claims import load_claims
from openbid.readers.census.domain import TOTAL_HANDS
from openbid.checks.system import check_system
from openbid.checks.verdicts import Verdict

TOY = """\
name toy

section 1 "Strong"
  bid 1a when HCP >= 20 value 2C
  bid 1b when HCP >= 22 and SEAT <= 2 value 2NT
  bid 1c when HCP >= 38 value 7NT

section 2 "Spades" when HCP >= 12 else goto 4
  bid 2a when SUITLENGTH(S) >= 5 value 1S

section 3 "Other"
  bid 3a when HCP >= 13 value 1C
  bid 3b when HCP >= 10 and SEAT = 3 value 1D

section 4 "Weak"
  bid 4 when HCP >= 6 and SUITLENGTH(H) >= 6 value 2H
"""

CLAIMS = """\
claim open.12
  source: test
  quote: every hand with 12+ HCP opens
  every: HCP >= 12
  has: bid != "PASS"

claim 1s.five
  source: test
  quote: 1S shows five spades
  bid: 1S
  shows: SUITLENGTH(S) >= 5

claim 2nt.none
  source: test
  quote: 2NT shows 22+
  bid: 2NT
  shows: HCP >= 22

claim 1d.third
  source: test
  quote: 1D in third seat only
  bid: 1D
  shows: SEAT = 3
"""


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    d = tmp_path_factory.mktemp("system")
    (d / "toy.rules").write_text(TOY, encoding="utf-8")
    (d / "toy_claims.txt").write_text(CLAIMS, encoding="utf-8")
    rules = load(str(d / "toy.rules"))
    claims = load_claims(d / "toy_claims.txt", rules)
    return d, rules, check_system(rules, claims)


def test_dead_points_are_classified_and_the_blockers_named(toy):
    _, _, s = toy
    state = {p.label: p for p in s.points}
    assert state["1b"].state == "shadowed" and state["1b"].blockers == ("1a",)
    assert state["1c"].state == "impossible" and s.meets["1c"] == 0
    assert state["3a"].state == "unreachable"  # section 2's "else goto 4" routes its hands away
    assert {p.label for p in s.points if p.state == "reachable"} == {"1a", "2a", "3b", "4"}
    # every hand meeting 1b's condition is bid at 1a: the census counts them there
    assert s.taken["1b"] == {"1a": s.meets["1b"]} and s.meets["1b"] > 0
    for p in s.points:
        assert (s.bids[p.label] == 0) == (p.state != "reachable")


def test_witnesses_are_rerun_through_the_executor(toy):
    _, rules, s = toy
    program = program_for(rules)
    for p in s.points:
        if p.witness:
            assert str(program.bid_hand(Hand.parse(p.witness), p.context)) == p.outcome
    for o in s.overlaps:
        hand = Hand.parse(o.witness)
        assert holds(rules.parse(f'meets("{o.n}") and meets("{o.m}")'), hand, rules, o.context)
        assert str(program.bid_hand(hand, o.context)) == o.outcome


def test_claims_verdicts_counts_and_failing_hand(toy):
    _, rules, s = toy
    by = {c.claim.id: c for c in s.claims}
    assert by["open.12"].verdict is Verdict.FAILED and by["open.12"].gap_hands > 0
    assert by["1s.five"].verdict is Verdict.HELD and by["1s.five"].gap_hands == 0
    assert by["2nt.none"].verdict is Verdict.VACUOUS and by["2nt.none"].premise_hands == 0
    assert by["1d.third"].verdict is Verdict.HELD
    bad = by["open.12"]
    assert bad.outcome.startswith("PASS@")
    assert not holds(rules.parse('bid != "PASS"'), Hand.parse(bad.witness), rules, bad.context)


def test_frequencies_per_seat_sum_to_every_hand(toy):
    _, _, s = toy
    assert [dict(f.context)["SEAT"] for f in s.frequencies] == [1, 2, 3, 4]
    for f in s.frequencies:
        assert sum(h for _, _, h in f.rows) == TOTAL_HANDS
    third = dict(((b, lb), h) for b, lb, h in s.frequencies[2].rows)
    assert third[("1D", "3b")] > 0
    assert ("1D", "3b") not in dict(((b, lb), h) for b, lb, h in s.frequencies[0].rows)


def test_overlaps_of_openbid_agree_with_part_one():
    """The cross-check with Part One's recorded verdicts (openbid/systems/data/expected/code.json)."""
    from openbid.systems.variants import load_variant
    from openbid.studies.expected import EXPECTED_DIR

    recorded = json.loads((EXPECTED_DIR / "code.json").read_text())["outcomes"]
    part_one = {k.split()[1] for k, v in recorded.items()
                if k.startswith("part-one ") and v.startswith("overlap")}
    disjoint = {k.split()[1] for k, v in recorded.items()
                if k.startswith("part-one ") and v.startswith("disjoint")}
    s = check_system(load_variant("code"))
    assert {f"{o.n}/{o.m}" for o in s.overlaps} == part_one
    assert s.pairs == len(part_one) + len(disjoint)
    structure = {k.split()[1]: v for k, v in recorded.items() if k.startswith("structure ")}
    for p in s.points:
        assert (p.state == "reachable") == (structure[p.label] == "sat")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_cli_prove_rules_defaults_to_system(toy, capsys):
    d, _, _ = toy
    code, out, _ = run(capsys, "prove", "--rules", str(d / "toy.rules"), "--claims",
                       str(d / "toy_claims.txt"), "--quiet")
    assert code == 1  # a claim failed, nothing recorded to compare with
    assert "openbid prove system" in out and "FAILED   open.12" in out
    code, out, _ = run(capsys, "prove", "--rules", str(d / "toy.rules"), "--seat", "3",
                       "--claims", str(d / "toy_claims.txt"), "--claim", "1s.five", "--json",
                       "--quiet")
    assert code == 0
    items = [json.loads(x) for x in out.splitlines()]
    freqs = [i for i in items if i.get("kind") == "frequency"]
    assert freqs and all(i["context"] == {"SEAT": 3} for i in freqs)
    assert [i["id"] for i in items if i.get("kind") == "claim"] == ["1s.five"]


def test_paper_parts_are_refused_for_a_shipped_system(capsys):
    code, _, err = run(capsys, "prove", "part-one", "--variant", "sayc", "--quiet")
    assert code == 2 and "not OPENBID" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv, message", [
    (["part-one"], "give PART system"),  # --claims without the system part
    (["--claim", "nope"], "no claim 'nope'"),
])
def test_cli_errors_are_one_line(toy, capsys, argv, message):
    d, _, _ = toy
    code, _, err = run(capsys, "prove", *argv, "--rules", str(d / "toy.rules"), "--claims",
                       str(d / "toy_claims.txt"), "--quiet")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_a_bad_claims_file_names_file_and_line(toy, capsys, tmp_path):
    d, _, _ = toy
    bad = tmp_path / "bad.txt"
    bad.write_text(CLAIMS.replace("shows: SEAT = 3", "shows: SEAT = = 3"), encoding="utf-8")
    code, _, err = run(capsys, "prove", "--rules", str(d / "toy.rules"), "--claims", str(bad),
                       "--quiet")
    assert code == 2 and f"{bad}:23:" in err
    bad.write_text(CLAIMS.replace("bid: 1S", "bid: 1Z"), encoding="utf-8")
    code, _, err = run(capsys, "prove", "--rules", str(d / "toy.rules"), "--claims", str(bad),
                       "--quiet")
    assert code == 2 and f"{bad}:10:" in err and "not a call" in err


def test_system_options_need_the_system_part(capsys):
    code, _, err = run(capsys, "prove", "structure", "--seat", "1", "--quiet")
    assert code == 2 and "give PART system" in err


def test_report_renders_the_system_checks(toy, tmp_path, capsys):
    d, _, _ = toy
    out_dir = tmp_path / "rep"
    code, _, _ = run(capsys, "prove", "--rules", str(d / "toy.rules"), "--claims",
                     str(d / "toy_claims.txt"), "--report", str(out_dir), "--quiet")
    assert code == 1
    page = (out_dir / "index.html").read_text()
    assert '<section id="system">' in page and "open.12" in page
    assert "## System checks" in (out_dir / "report.md").read_text()


def test_sayc_claims_file_reads(capsys):
    from openbid.systems.variants import load_variant
    from openbid.systems.claims import SHIPPED

    claims = load_claims(SHIPPED["sayc"][0], load_variant("sayc"))
    assert {"1nt.range", "weak2.S", "open.rule20.first-second"} <= {c.id for c in claims}
    assert all("SAYC System Booklet" in c.source for c in claims)
