"""``--seat`` and ``--vul`` (openbid.cli.context) on bid, find, count and diff; plain calls in
``rules check``; every bad input one line and exit 2."""

from __future__ import annotations

import argparse
import json

import pytest

from openbid.cli.context import add_context_options, context_label, fixed_context
from openbid.cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def parsed(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_context_options(p)
    return p.parse_args(list(argv))


def test_fixed_context_gives_only_what_the_options_fix() -> None:
    assert fixed_context(parsed()) == {}
    assert fixed_context(parsed("--seat", "3")) == {"SEAT": 3}
    assert fixed_context(parsed("--vul", "we")) == {"VUL": True, "THEYVUL": False}
    assert fixed_context(parsed("--seat", "1", "--vul", "they")) == {
        "SEAT": 1, "VUL": False, "THEYVUL": True}
    assert fixed_context(parsed("--vul", "both")) == {"VUL": True, "THEYVUL": True}
    assert context_label({"SEAT": 2, "VUL": True, "THEYVUL": False}) == "seat 2, vul we"


@pytest.mark.parametrize("args, problem", [
    (("--seat", "5"), "argument --seat: invalid choice: 5"),
    (("--seat", "one"), "argument --seat: invalid int value"),
    (("--vul", "all"), "argument --vul: invalid choice: 'all'"),
])
@pytest.mark.parametrize("command", ["bid", "find", "count", "diff"])
def test_bad_seat_or_vul_is_one_line_exit_2(capsys, command: str, args, problem: str) -> None:
    operands = {"bid": ["AKQ2.KQ2.KJ2.432"], "find": ["HCP >= 30"], "count": [],
                "diff": ["code", "sayc"]}[command]
    code, out, err = run(capsys, command, *operands, "--variant" if command != "diff" else "--by",
                         "sayc" if command != "diff" else "bid", *args)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and problem in err


def test_bid_sayc_in_first_seat(capsys) -> None:
    # GENERAL APPROACH: "1NT = 15-17": HCP 16, 4-3-3-3; no vulnerability read on the way.
    code, out, err = run(capsys, "bid", "--variant", "sayc", "--seat", "1", "--brief",
                         "AQ2.KJ2.KJ32.Q32", "AQ432.KJ432.2.32")
    assert (code, err) == (0, "")
    assert out == "AQ2.KJ2.KJ32.Q32\t1NT\t1a\nAQ432.KJ432.2.32\t1S\t7\n"


def test_bid_names_the_missing_option_when_a_hand_reads_it(capsys) -> None:
    code, out, err = run(capsys, "bid", "--variant", "sayc", "KQJ932.32.432.32")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "SEAT is a fact of the deal" in err and "give --seat 1|2|3|4" in err
    code, out, err = run(capsys, "bid", "--variant", "sayc", "--seat", "1", "KQJ9876.2.432.32")
    assert code == 2 and "VUL is a fact of the deal" in err and "--vul none|we|they|both" in err
    code, out, err = run(capsys, "bid", "--variant", "sayc", "--seat", "1", "--vul", "they",
                         "--json", "KQJ9876.2.432.32")
    got = json.loads(out)
    assert code == 0 and got["bid"] == "4S"
    assert got["context"] == {"SEAT": 1, "VUL": False, "THEYVUL": True}


def test_rules_check_accepts_plain_calls_and_rejects_bad_ones(capsys, tmp_path) -> None:
    good = tmp_path / "good.rules"
    good.write_text('name good\nsection 1 "x"\n  bid 1 when HCP >= 15 value 1NT\n'
                    '  for suit in S, H\n    bid 1b when SUITLENGTH(suit) >= 6 value 2 suit\n')
    code, out, err = run(capsys, "rules", "check", str(good))
    assert code == 0 and "ok (1 sections, 2 bid statements" in out
    for bad, problem in (("8NT", "the level runs from 1 to 7"), ("1X", "no such call '1X'")):
        path = tmp_path / "bad.rules"
        path.write_text(f'name bad\nsection 1 "x"\n  bid 1 when HCP >= 15 value {bad}\n')
        code, out, err = run(capsys, "rules", "check", str(path))
        assert code == 2 and out == "" and len(err.splitlines()) == 1
        assert f"{path}:3: column 30: " in err and problem in err


def test_count_reports_per_context(capsys) -> None:
    code, out, err = run(capsys, "count", "--variant", "sayc", "--seat", "4", "--by", "bid",
                         "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    contexts = {tuple(sorted(r["context"].items())) for r in rows}
    assert code == 0 and len(contexts) == 4  # seat 4 fixed, the four vulnerabilities counted
    for c in contexts:
        assert sum(r["count"] for r in rows
                   if tuple(sorted(r["context"].items())) == c) == 635_013_559_600
    assert not any(r["outcome"] in ("2D", "2H", "2S", "3S", "4S") for r in rows)  # 4th seat


def test_find_per_context_confirms_each_hand(capsys) -> None:
    code, out, err = run(capsys, "find", "--variant", "sayc", "--seat", "1", "--vul", "we",
                         'bid = "4S"', "--limit", "1", "--json")
    got = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and got[0]["bid"] == "4S"
    assert got[0]["context"] == {"SEAT": 1, "VUL": True, "THEYVUL": False}
    from openbid.bridge.hand import Hand
    from openbid.systems.procedure import program_for
    from openbid.systems.variants import load_variant

    o = program_for(load_variant("sayc")).bid_hand(
        Hand.parse(got[0]["hand"]), (("SEAT", 1), ("THEYVUL", False), ("VUL", True)))
    assert o.bid == "4S"
