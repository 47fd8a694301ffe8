"""``openbid prove --rules`` on an auction system: the tree census by default, the claims about
nodes (one claims format) decide the exit status through the findings policy, the Z3 node checks
as a cross-check give the same findings; options that fix what the auction fixes are refused."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from openbid.cli.main import main

SMALL = str(Path(__file__).resolve().parents[2] / "openbid" / "systems" / "examples"
            / "small.rules")
CLAIMS = """\
claim opener.hearts
  source: test
  quote: 2D denies four hearts
  auction: 1NT P 2C P
  bid: 2D
  shows: SUITLENGTH(H) <= 3

claim opener.wrong
  source: test
  quote: (wrong) 2H shows five hearts
  auction: 1NT P 2C P
  bid: 2H
  shows: SUITLENGTH(H) >= 5

claim stayman.forcing
  source: test
  quote: Stayman is forcing
  auction: 1NT P 2C P
  forcing

claim responder.ten
  source: test
  quote: (wrong) after 1NT every hand with four spades bids Stayman
  auction: 1NT P
  every: SUITLENGTH(S) = 4
  has: bid = "2C"
"""


def run(argv: list[str]) -> tuple[int, list[dict]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    return code, [json.loads(x) for x in out.getvalue().splitlines()]


@pytest.fixture(scope="module")
def claims(tmp_path_factory):
    path = tmp_path_factory.mktemp("claims") / "claims.txt"
    path.write_text(CLAIMS)
    return str(path)


def test_a_failed_claim_at_a_node_is_a_finding_and_exits_1(claims):
    code, items = run(["prove", "--rules", SMALL, "--claims", claims, "--json", "--quiet"])
    assert code == 1
    verdicts = {i["claim"]: i["verdict"] for i in items
                if i.get("part") == "tree" and i.get("kind") == "claim"}
    assert verdicts == {"opener.hearts": "held", "opener.wrong": "failed",
                        "stayman.forcing": "held", "responder.ten": "failed"}
    failed = {i["claim"]: i for i in items
              if i.get("part") == "finding" and i["kind"] == "failed-claim"}
    assert set(failed) == {"opener.wrong", "responder.ten"}
    wrong = failed["opener.wrong"]
    assert wrong["node"] == ["1NT", "PASS", "2C", "PASS"] and wrong["fails"] is True
    assert 0 < wrong["count"] < wrong["of"] and wrong["witness"]["seat"] == 1
    t = wrong["table"]  # a real deal reaches it: the witness is the bidder's hand of that deal
    assert t["at_table"] is True and t["node"] == wrong["node"] and t["dealer"] == "N"
    assert t["deal"].startswith("N:") and len(t["deal"][2:].split()) == 4
    assert wrong["witness"]["hand"] == t["deal"][2:].split()[0]  # opener, North, dealt first
    gate = next(i for i in items if i.get("part") == "summary")["gate"]
    assert gate["failing"] == 2 and "failed-claim" in gate["fail_on"]
    # allowed: the same findings, exit 0
    code, _ = run(["prove", "--rules", SMALL, "--claims", claims, "--json", "--quiet",
                   "--allow", "failed-claim"])
    assert code == 0


def test_the_z3_node_checks_find_what_the_census_finds(claims):
    code, items = run(["prove", "--rules", SMALL, "--claims", claims, "--cross-check", "z3",
                       "--json", "--quiet"])
    assert code == 1
    summary = next(i for i in items if i.get("part") == "summary")
    cc = summary["cross_check"]
    found = [i for i in items if i.get("part") == "finding"]
    assert cc["agree"] is True and cc["findings"] == len(found) > 80


@pytest.mark.parametrize("extra, message", [
    (["--seat", "1"], "the auction fixes every node's seat"),
    (["--where", "HCP >= 12"], "give no --where"),
    (["--vul", "none"], "give no --vul"),
    (["--fail-on", "gap,nonsense"], "unknown finding kind 'nonsense'"),
    (["--allow", ""], "unknown finding kind ''"),
])
def test_what_the_auction_fixes_and_bad_kinds_are_refused(extra, message, capsys):
    assert main(["prove", "--rules", SMALL, "--quiet", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
