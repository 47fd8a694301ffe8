"""The SAYC booklet's words about later auctions (openbid/systems/data/sayc_auction_claims.txt), each
checked by `openbid claim --variant sayc` against its recorded verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openbid.cli.main import main
from openbid.systems.blocks import read_blocks

FILE = Path(__file__).resolve().parents[2] / "openbid/systems/data/sayc_auction_claims.txt"
CLAIMS = read_blocks(FILE, kinds=("claim",), named=True, unique=True)


def test_the_file_reads() -> None:
    assert len(CLAIMS) >= 10
    for b in CLAIMS:
        b.check_keys(("source", "quote", "auction", "cond", "expect", "note"),
                     repeatable=("quote",), required=("source", "quote", "auction", "cond",
                                                      "expect"))
        assert b.one("source").startswith("SAYC System Booklet")
        assert b.one("expect") in ("HELD", "FAILED")
        # a known departure says why
        assert b.one("expect") == "HELD" or b.get("note")


@pytest.mark.parametrize("claim", CLAIMS, ids=[b.name for b in CLAIMS])
def test_each_claim_has_its_recorded_verdict(claim, capsys) -> None:
    code = main(["claim", "--variant", "sayc", "--auction", claim.one("auction"),
                 claim.one("cond"), "--json"])
    out, err = capsys.readouterr()
    row = json.loads(out.splitlines()[-1])
    assert row["verdict"] == claim.one("expect"), (claim.name, row, err)
    assert code == (0 if row["verdict"] == "HELD" else 1)
    if row["verdict"] == "FAILED":  # a pair of hands, each re-bid along the auction by the CLI
        assert row.get("deal")
