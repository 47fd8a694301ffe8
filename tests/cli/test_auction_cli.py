"""The command line of whole auctions: ``openbid bid --auction CALLS`` and ``openbid auction DEAL``.

The calls expected are the example system's (openbid/systems/examples/small.rules) for the
hands of tests/systems/test_auction.py, whose points and lengths are counted there.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openbid.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SMALL = str(ROOT / "openbid/systems/examples/small.rules")
DEAL = "N:AQ2.KJ42.KQ2.Q32 T98.AT9.JT98.AK5 KJ43.Q765.A3.J76 765.83.7654.T984"
OPENER, RESPONDER = "AQ2.KJ42.KQ2.Q32", "KJ43.Q765.A3.J76"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_bid_after_an_auction_names_the_rule_and_block(capsys) -> None:
    code, out, _ = run(capsys, "bid", "--rules", SMALL, "--auction", "1NT P 2C P", OPENER)
    assert code == 0
    assert "after 1NT PASS 2C PASS: seat 1" in out
    assert ('call 2H at 1NT P 2C P/hearts (section 1, Opener answers Stayman; '
            'block "1NT P 2C P")') in out
    assert "sections tried" not in out


def test_bid_after_an_auction_trace_json_brief(capsys) -> None:
    code, out, _ = run(capsys, "bid", "--rules", SMALL, "--auction", "1NT p", "--trace",
                       RESPONDER)
    assert code == 0 and "sections tried" in out and "bid stayman" in out
    code, out, _ = run(capsys, "bid", "--rules", SMALL, "--auction", "1NT P", "--json",
                       "--vul", "we", RESPONDER, "432.432.432.5432")
    rows = [json.loads(x) for x in out.splitlines()]
    assert [(r["call"], r["rule"], r["block"], r["off_system"]) for r in rows] == [
        ("2C", "1NT P/stayman", "1NT P", False), ("PASS", "1NT P/signoff", "1NT P", False)]
    assert rows[0]["auction"] == ["1NT", "PASS"] and rows[0]["seat"] == 3
    assert rows[0]["vul"] == "we"
    code, out, _ = run(capsys, "bid", "--rules", SMALL, "--auction", "1NT", "--brief", OPENER)
    assert out == f"{OPENER}\tPASS\t\n"
    code, out, _ = run(capsys, "bid", "--rules", SMALL, "--auction", "1NT", OPENER)
    assert "off-system" in out


def test_bid_after_an_auction_reads_a_file(capsys, tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text(f"{RESPONDER}\nnot a hand\n")
    code, out, err = run(capsys, "bid", "--rules", SMALL, "--auction", "1NT P", "--brief",
                         "--file", str(f))
    assert code == 2 and out == f"{RESPONDER}\t2C\t1NT P/stayman\n"
    assert "hands.txt:2" in err


def test_bid_without_auction_is_unchanged(capsys) -> None:
    code, out, _ = run(capsys, "bid", "--brief", OPENER)
    assert code == 0 and out.split("\t")[1] == "1NT"


@pytest.mark.parametrize("args, words", [
    (("--auction", "1NT 1C"), "not higher"),
    (("--auction", "1NT P P P"), "has ended"),
    (("--auction", "1NT Z"), "no such call"),
    (("--auction", "P", "--seat", "2"), "the seat follows from the auction"),
])
def test_bid_after_a_bad_auction_exits_2(capsys, args, words) -> None:
    code, out, err = run(capsys, "bid", "--rules", SMALL, *args, OPENER)
    assert code == 2 and words in err and not out


def test_bid_reads_vul_only_when_given(capsys, tmp_path: Path) -> None:
    f = tmp_path / "v.rules"
    f.write_text('name v\nsection 1 "O"\n  bid o when HCP >= 12 value 1C\n'
                 'auction "1C" else pass\n  section 1 "A"\n    bid a when VUL value 1NT\n')
    code, _, err = run(capsys, "bid", "--rules", str(f), "--auction", "1C", OPENER)
    assert code == 2 and "--vul" in err
    code, out, _ = run(capsys, "bid", "--rules", str(f), "--auction", "1C", "--vul", "both",
                       "--brief", OPENER)
    assert code == 0 and out == f"{OPENER}\t1NT\t1C/a\n"


def test_auction_bids_a_deal_to_the_end(capsys) -> None:
    code, out, _ = run(capsys, "auction", DEAL, "--dealer", "N", "--rules", SMALL)
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == ["N", "1NT", "1nt"]
    assert lines[3].split() == ["S", "2C", "1NT", "P/stayman"]
    assert lines[5].split() == ["N", "2H", "1NT", "P", "2C", "P/hearts"]
    assert "contract 2H by N" in out and "5 calls off-system" in out


def test_auction_json(capsys) -> None:
    code, out, _ = run(capsys, "auction", DEAL, "--dealer", "E", "--vul", "EW", "--rules", SMALL,
                       "--json")
    obj = json.loads(out)
    assert code == 0
    assert obj["auction"] == ["1D", "PASS", "PASS", "PASS"]
    assert obj["calls"][0] == {"seat": "E", "call": "1D", "rule": "diamonds", "block": "",
                               "off_system": False}
    assert obj["calls"][3]["off_system"] is True and obj["calls"][3]["block"] is None
    assert (obj["contract"], obj["declarer"], obj["off_system"]) == ("1D", "E", 1)


def test_auction_with_the_code_variant_passes_after_the_opening(capsys) -> None:
    code, out, _ = run(capsys, "auction", DEAL, "--dealer", "W", "--json")
    obj = json.loads(out)
    assert obj["auction"] == ["PASS", "1NT", "PASS", "PASS", "PASS"]
    assert (obj["contract"], obj["declarer"]) == ("1NT", "N")


@pytest.mark.parametrize("args, words", [
    (("N:AQ2.KJ42.KQ2.Q32",), "cannot read"),
    (("N:AQ2.KJ42.KQ2.Q32 AQ2.KJ42.KQ2.Q32 KJ43.Q765.A3.J76 765.83.7654.T984",), "dealt twice"),
    ((DEAL, "--dealer", "X"), "invalid choice"),
    ((DEAL, "--vul", "we"), "invalid choice"),
    ((DEAL, "--rules", "/no/such.rules"), "cannot read rule file"),
])
def test_auction_bad_input_exits_2(capsys, args, words) -> None:
    code, out, err = run(capsys, "auction", *args)
    assert code == 2 and words in err and not out
