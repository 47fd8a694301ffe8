"""Duplicate scoring: the seed's examples, published table values, parsing, and the CLI.

Every expected number here was written by hand from the seed or from the Law 77 tables (the
arithmetic is in the comments); none was produced by openbid.bridge.scoring.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openbid.cli import main as cli_main
from openbid.cli import score as score_cli
from openbid.base.errors import OpenbidError, ResultError

from openbid.bridge.scoring import (Contract, Doubling, Result, Strain, parse_contract, parse_result,
                                   score, score_ns)

C, D, H, S, NT = Strain
X, XX = Doubling.DOUBLED, Doubling.REDOUBLED


# --- The seed -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "vul", "expected"), [
    ("1S 0", False, 80),
    ("3NT +1", False, 430),
    ("3NT +1", True, 630),
    ("6CX +1", True, 1740),
    ("4D -1", True, -100),
    ("7NTXX -13", True, -7600),
])
def test_seed_input_output_examples(text: str, vul: bool, expected: int) -> None:
    assert score(parse_result(text), vul).total == expected


def test_seed_worked_example_4dx_plus_1_vul() -> None:
    # Contract points 4*40, overtrick 1*200, doubled bonus 50, game 500 (the seed writes 140 for
    # 160 in "140>=100"; the total 910 is right).
    points = score(parse_result("4DX +1"), True)
    assert dataclasses.astuple(points) == (160, 200, 0, 50, 500, 0, 0)
    assert points.total == 910


def test_seed_worked_example_4sx_minus_3_non_vul() -> None:
    assert score(parse_result("4SX -3"), False).penalty == -(100 + 2 * 200)


def test_seed_worked_example_7ntxx_minus_13_vul() -> None:
    # The seed writes "7SNTXX"; the arithmetic is 1*400 + 2*600 + 10*600.
    assert score(parse_result("7NTXX -13"), True).penalty == -7600


def test_6ntxx_made_non_vul_where_the_seed_copied_another_example() -> None:
    # (40 + 5*30) * 4 = 760 contract points, small slam 500, redoubled bonus 100, game 300.
    points = score(parse_result("6NTXX 0"), False)
    assert dataclasses.astuple(points) == (760, 0, 500, 100, 300, 0, 0)
    assert points.total == 1660


def test_undoubled_non_vul_undertricks_cost_50_not_the_seeds_100() -> None:
    assert score(parse_result("4D -1"), False).total == -50
    assert score(parse_result("4D -3"), False).total == -150


# --- Published Law 77 table values (non-vulnerable, vulnerable) -----------------------------------

@pytest.mark.parametrize(("text", "non_vul", "vul"), [
    ("1NT 0", 90, 90),          # 40 + 50 part-score
    ("2C +2", 130, 130),        # 40 + 2*20 + 50
    ("3H 0", 140, 140),         # 90 + 50: 3H is not game
    ("3NT 0", 400, 600),
    ("4H 0", 420, 620),
    ("4S +1", 450, 650),
    ("5C 0", 400, 600),
    ("5D +1", 420, 620),
    ("6S 0", 980, 1430),
    ("6NT 0", 990, 1440),
    ("7C 0", 1440, 2140),
    ("7S 0", 1510, 2210),
    ("7NT 0", 1520, 2220),
    ("1CX 0", 140, 140),        # 40 + 50 insult + 50 part-score
    ("1CXX 0", 230, 230),       # 80 + 100 + 50
    ("1NTX 0", 180, 180),
    ("1NTX +1", 280, 380),
    ("1NTXX 0", 560, 760),      # 160 is game
    ("2HX 0", 470, 670),        # 120 is game
    ("2SX +1", 570, 870),
    ("1NTXX +6", 1760, 3160),   # the highest possible score
    ("7NTXX 0", 2280, 2980),
    ("3NT -1", -50, -100),
    ("3NT -3", -150, -300),
    ("3NTX -1", -100, -200),
    ("3NTX -2", -300, -500),
    ("3NTX -3", -500, -800),
    ("3NTX -4", -800, -1100),
    ("3NTX -5", -1100, -1400),
    ("3NTX -6", -1400, -1700),
    ("3NTXX -1", -200, -400),
    ("3NTXX -2", -600, -1000),
    ("3NTXX -3", -1000, -1600),
    ("3NTXX -4", -1600, -2200),
    ("7NTX -13", -3500, -3800),   # 100 + 2*200 + 10*300; 200 + 12*300
    ("7NTXX -13", -7000, -7600),
])
def test_published_table_values(text: str, non_vul: int, vul: int) -> None:
    result = parse_result(text)
    assert (score(result, False).total, score(result, True).total) == (non_vul, vul)


# --- Value types and parsing ----------------------------------------------------------------------

@st.composite
def results(draw: st.DrawFn) -> Result:
    contract = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(Strain)),
                        draw(st.sampled_from(Doubling)))
    return Result(contract, draw(st.integers(-contract.tricks_needed, 13 - contract.tricks_needed)))


@given(results(), st.booleans())
def test_format_parse_round_trip_and_breakdown_sums(result: Result, vul: bool) -> None:
    assert parse_result(str(result)) == result
    points = score(result, vul)
    assert points.total == sum(value for _, value in points.breakdown())
    if result.made:
        assert points.penalty == 0 and points.contract_points > 0
    else:
        assert dataclasses.astuple(points)[:-1] == (0,) * 6 and points.penalty < 0


@pytest.mark.parametrize(("text", "expected"), [
    ("4DX +1", Result(Contract(4, D, X), 1)),
    ("4DX 1", Result(Contract(4, D, X), 1)),
    ("7NTXX -13", Result(Contract(7, NT, XX), -13)),
    ("3NT 0", Result(Contract(3, NT), 0)),
    ("1S 0", Result(Contract(1, S), 0)),
    ("  3hx\t+2 \n", Result(Contract(3, H, X), 2)),
    ("2C +0", Result(Contract(2, C), 0)),
    ("4S=", Result(Contract(4, S), 0)),
    ("4s =", Result(Contract(4, S), 0)),
    ("4S+1", Result(Contract(4, S), 1)),
    ("3NTX-2", Result(Contract(3, NT, X), -2)),
    ("3NT+1", Result(Contract(3, NT), 1)),
    ("7NTXX-13", Result(Contract(7, NT, XX), -13)),
])
def test_parse(text: str, expected: Result) -> None:
    assert parse_result(text) == expected


def test_format_uses_the_seeds_signs() -> None:
    assert [str(parse_result(t)) for t in ("4DX 1", "3NT +0", "4S -2")] == [
        "4DX +1", "3NT 0", "4S -2"]


@pytest.mark.parametrize("text", ["7NT +1", "1C -8", "1C +7", "7C -14", "4S +4", "6NTXX +2"])
def test_impossible_results_are_rejected(text: str) -> None:
    with pytest.raises(ResultError, match=r"impossible result .* tricks taken"):
        parse_result(text)


@pytest.mark.parametrize("text", [
    "", "3NT", "+1", "NT 3", "3N +1", "3NT1", "4S==", "4S=+1", "4S= 0", "3NT ++1", "7SNTXX -13", "3NTX X 0", "3 NT 0",
    "three NT 0", "3NT 1.0", "3NT \u22121", "\u0663NT 0", "3NT 0 vul", "8NT 0", "0C 0",
    "1CXXX 0",
])
def test_malformed_results_are_rejected(text: str) -> None:
    with pytest.raises(ResultError):
        parse_result(text)


def test_error_messages_say_what_is_wrong() -> None:
    with pytest.raises(ResultError, match=r"'8NT 0': the level must be 1-7"):
        parse_result("8NT 0")
    with pytest.raises(ResultError, match=r"not 'XXX'"):
        parse_result("1CXXX 0")
    with pytest.raises(ResultError, match=r"7NT needs 13 tricks, so \+1 means 14"):
        parse_result("7NT +1")
    with pytest.raises(ResultError, match=r"cannot read 'foo'.*e\.g\. '4DX \+1'"):
        parse_result("foo")


def test_value_types_check_themselves_and_are_frozen() -> None:
    with pytest.raises(ResultError):
        Contract(0, C)
    with pytest.raises(ResultError):
        Result(Contract(1, C), -8)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Contract(1, C).level = 2  # type: ignore[misc]


# --- The CLI --------------------------------------------------------------------------------------

def run_cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="openbid")
    score_cli.register(parser.add_subparsers())
    args = parser.parse_args(["score", *argv])
    return args.func(args)


def test_cli_text_6cx_plus_1_vul(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["6CX +1", "--vul", "we"]) == 0
    assert capsys.readouterr().out == (
        "6CX +1 vul: 1740\n"
        "  contract points:     240\n"
        "  overtricks:          200\n"
        "  slam bonus:          750\n"
        "  insult:               50\n"
        "  game bonus:          500\n"
    )


def test_cli_text_part_score_and_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["1S", "0"]) == 0  # unquoted: the words are joined
    assert run_cli(["4D", "-1"]) == 0
    assert capsys.readouterr().out == (
        "1S 0 non-vul: 80\n"
        "  contract points:      30\n"
        "  part-score bonus:     50\n"
        "4D -1 non-vul: -50\n"
        "  penalty:             -50\n"
    )


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["4DX 1", "--vul", "we", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert json.loads(out) == {
        "result": "4DX 1", "normalized": "4DX +1", "vulnerable": True, "score": 910,
        "breakdown": {"contract_points": 160, "overtricks": 200, "slam_bonus": 0, "insult": 50,
                      "game_bonus": 500, "part_score_bonus": 0, "penalty": 0},
    }


def test_cli_file_scores_good_lines_and_names_bad_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.txt"
    path.write_text("3NT +1\n\n# a comment\n7NT +1\n1S 0\ngarbage\n", encoding="utf-8")
    assert run_cli(["--file", str(path)]) == 2
    captured = capsys.readouterr()
    assert [line for line in captured.out.splitlines() if not line.startswith(" ")] == [
        "3NT +1 non-vul: 430", "1S 0 non-vul: 80"]
    errors = captured.err.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"openbid score: {path}:4: impossible result 7NT +1")
    assert errors[1].startswith(f"openbid score: {path}:6: cannot read 'garbage'")


def test_cli_file_from_stdin_as_json(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("6CX +1\n7NTXX -13\n"))
    assert run_cli(["--file", "-", "--vul", "we", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(row["result"], row["score"]) for row in rows] == [("6CX +1", 1740),
                                                               ("7NTXX -13", -7600)]
    assert rows[1]["breakdown"]["penalty"] == -7600


def test_cli_user_errors_raise_openbid_errors(tmp_path: Path, capsys) -> None:
    assert run_cli(["7NT +1"]) == 2  # a bad result is named, as openbid bid names a bad hand
    assert capsys.readouterr().err.startswith("openbid score: argument 1: impossible result")
    with pytest.raises(OpenbidError, match="cannot read"):
        run_cli(["--file", str(tmp_path / "missing.txt")])
    with pytest.raises(OpenbidError, match="nothing to score"):
        run_cli([])
    empty = tmp_path / "empty.txt"
    empty.write_text("# no results\n", encoding="utf-8")
    with pytest.raises(OpenbidError, match="no results in"):
        run_cli(["--file", str(empty)])


def test_cli_takes_several_results_as_arguments_and_a_file(tmp_path: Path, capsys) -> None:
    """As openbid bid takes hands: arguments (each quoted, or as two words), then --file."""
    path = tmp_path / "results.txt"
    path.write_text("1S 0\n", encoding="utf-8")
    assert run_cli(["6CX", "+1", "3NT 0", "--file", str(path), "--vul", "we"]) == 0
    heads = [ln for ln in capsys.readouterr().out.splitlines() if not ln.startswith(" ")]
    assert heads == ["6CX +1 vul: 1740", "3NT 0 vul: 600", "1S 0 vul: 80"]


def test_openbid_main_scores_and_exits_2_on_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main.main(["score", "6CX +1", "--vul", "we"]) == 0
    assert capsys.readouterr().out.startswith("6CX +1 vul: 1740\n")
    assert cli_main.main(["score", "1C -8"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("openbid score: argument 1: impossible result 1C -8")
    assert captured.err.count("\n") == 1


def test_compact_results_score_as_the_spaced_form(capsys) -> None:
    """'4S=', '4S+1', '3NTX-2' are single arguments; they mix with the two-word form."""
    assert run_cli(["4S=", "6CX", "+1", "3NTX-2", "4S+1", "--vul", "we"]) == 0
    heads = [ln for ln in capsys.readouterr().out.splitlines() if not ln.startswith(" ")]
    assert heads == ["4S 0 vul: 620", "6CX +1 vul: 1740", "3NTX -2 vul: -500", "4S +1 vul: 650"]


@pytest.mark.parametrize(("text", "expected"), [
    ("4SX", Contract(4, S, X)), ("3nt", Contract(3, NT)), ("7NTXX", Contract(7, NT, XX)),
    ("PASS", None), ("p", None)])
def test_parse_contract(text: str, expected) -> None:
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["8S", "4SXXX", "4", "S", "4S +1", ""])
def test_parse_contract_rejects(text: str) -> None:
    with pytest.raises(ResultError, match="contract"):
        parse_contract(text)


@pytest.mark.parametrize(("contract", "declarer", "tricks", "vul", "expected"), [
    ("4S", "N", 10, "none", 420), ("4S", "S", 10, "NS", 620), ("4S", "E", 10, "NS", -420),
    ("4S", "W", 9, "EW", 100), ("3NTX", "N", 7, "both", -500), ("PASS", None, None, "both", 0),
    ("1C", "E", 7, "none", -70)])
def test_score_ns(contract: str, declarer, tricks, vul: str, expected: int) -> None:
    """North-South's view: hand-written values (4S= 420/620; 4S-1 vul 100 to NS; 3NTX-2 vul)."""
    assert score_ns(parse_contract(contract), declarer, tricks, vul) == expected
