"""``openbid prove --rules`` on an auction system: the opening's checks as before, then a node
item per node of the tree; claims about a node decide the exit status; options that fix what
the auction fixes are refused."""

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
"""


def test_every_node_is_an_item_and_a_failed_claim_at_a_node_exits_1(tmp_path):
    path = tmp_path / "claims.txt"
    path.write_text(CLAIMS)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["prove", "--rules", SMALL, "--claims", str(path), "--vul", "none",
                     "--json", "--quiet"])
    items = [json.loads(x) for x in out.getvalue().splitlines()]
    assert code == 1
    nodes = {tuple(i["auction"]): i for i in items if i.get("kind") == "node"}
    summary = next(i for i in items if i.get("part") == "summary")["summary"]["tree"]
    assert summary["nodes"] == len(nodes) and summary["checked"] > 10
    root = nodes[()]
    assert root["block"] == "" and root["selected"] == 635_013_559_600
    from fractions import Fraction

    assert sum(Fraction(c["probability"]) for c in root["children"]) == 1
    claims = {i["id"]: i for i in items if i.get("kind") == "claim"}
    assert claims["opener.hearts"]["verdict"] == "held"
    assert claims["opener.wrong"]["verdict"] == "failed"
    assert claims["opener.wrong"]["node"] == "1NT PASS 2C PASS"
    assert nodes[("1C",)]["block"] == "1 s"


@pytest.mark.parametrize("extra, message", [
    (["--seat", "1"], "the auction fixes every node's seat"),
    (["--where", "HCP >= 12"], "give no --where"),
])
def test_what_the_auction_fixes_is_refused(extra, message, capsys):
    assert main(["prove", "--rules", SMALL, "--quiet", *extra]) == 2
    assert message in capsys.readouterr().err
