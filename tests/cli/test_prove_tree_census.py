"""``openbid prove`` with the tree census: every node of an auction system counted exactly, its
findings and its node claims (the earlier node-claims format, still read; ``--node-claims`` and
``--tree-census`` still work with a deprecation line); a subtree with ``--from``; bad claims
files and options that cannot apply are errors (exit 2, a message, no traceback)."""

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
forcing stayman
  source: test
  quote: Stayman is forcing
  auction: 1NT P 2C P
  expect: HELD

shows raise
  source: test
  quote: (wrong on purpose) the raise shows 7+
  auction: 1C P
  call: 2C
  cond: HCP >= 7
  expect: HELD
"""


def run(args: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(args)
    return code, out.getvalue()


def test_every_node_is_counted_and_a_claim_that_differs_exits_1(tmp_path, capsys):
    path = tmp_path / "claims.txt"
    path.write_text(CLAIMS)
    code, out = run(["prove", "--rules", SMALL, "--node-claims", str(path), "--json",
                     "--quiet"])
    assert code == 1
    err = capsys.readouterr().err
    assert "--node-claims is deprecated" in err and len(err.strip().splitlines()) == 1
    items = [json.loads(x) for x in out.splitlines()]
    claims = {i["claim"]: i for i in items if i.get("kind") == "claim" and i.get("part") == "tree"}
    assert claims["stayman"]["verdict"] == "held"
    assert claims["raise"]["verdict"] == "failed" and claims["raise"]["witness"]
    tree = next(i for i in items if i.get("part") == "summary")["summary"]["tree"]
    assert tree["nodes"] == 445 and tree["on_system"] > 30
    assert tree["findings"]["overlap"] == sum(1 for i in items if i.get("kind") == "overlap"
                                                 and i.get("part") == "finding")
    # the same file given with --claims: the same verdicts, no deprecation
    code2, out2 = run(["prove", "--rules", SMALL, "--claims", str(path), "--json", "--quiet"])
    assert code2 == 1 and capsys.readouterr().err == ""
    assert [i for i in map(json.loads, out2.splitlines()) if i.get("part") == "tree"] == \
        [i for i in items if i.get("part") == "tree"]


def test_text_and_a_subtree(tmp_path, capsys):
    code, out = run(["prove", "--rules", SMALL, "--tree-census", "--quiet"])
    assert code == 0
    assert "Every node of the auction tree" in out and "445 nodes" in out
    assert "--tree-census is deprecated" in capsys.readouterr().err
    code, out = run(["prove", "--rules", SMALL, "--from", "1NT P", "--quiet"])
    assert code == 0
    assert "Every node below 1NT PASS" in out


@pytest.mark.parametrize("text, message", [
    ("forcing x\n  source: s\n  quote: q\n  auction: 1NT P\n  expect: maybe\n",
     "HELD or FAILED"),
    ("forcing x\n  source: s\n  quote: q\n  auction: 1NT 1C\n  expect: HELD\n",
     "cannot be bid"),
    ("forcing x\n  source: s\n  quote: q\n  auction: 1NT P\n  call: 2C\n  expect: HELD\n",
     "'call' is for a 'shows' claim"),
    ("shows x\n  source: s\n  quote: q\n  auction: 1NT P\n  call: 2C\n  cond: HCP >=\n"
     "  expect: HELD\n", "shows x"),
    ("shows x\n  source: s\n  quote: q\n  auction: 1NT P\n  call: 2Z\n  cond: HCP >= 1\n"
     "  expect: HELD\n", "not a call"),
    ("bogus x\n  source: s\n", "expected 'claim ID' or 'forcing ID' or 'shows ID'"),
    ("claim x\n  source: s\n  quote: q\n  auction: 1NT P\n  forcing: yes\n",
     "takes no value"),
    ("claim x\n  source: s\n  quote: q\n  auction: 1NT P\n  forcing\n  bid: 2C\n"
     "  shows: HCP >= 8\n", "needs one of"),
    ("shows x\n  source: s\n  quote: q\n  auction: 1NT P\n  call: 2C\n  cond: true\n"
     "  expect: HELD\nforcing x\n  source: s\n  quote: q\n  auction: 1NT P\n"
     "  expect: HELD\n", "claim x is given twice"),
    ("forcing x\n  source: s\n  quote: q\n  auction: 2H P\n  expect: HELD\n",
     "no block of"),
    ("# nothing\n", "has no claim"),
])
def test_a_bad_node_claims_file_is_an_error(tmp_path, capsys, text, message):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    assert main(["prove", "--rules", SMALL, "--claims", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("extra, message", [
    (["--from", "1NT P", "--update-expected"], "not compared with, nor recorded"),
    (["--from", "P P P P"], "has ended"),
    (["--from", "1NT 7NT"], "no hands make the calls"),
    (["--tree-census", "--vul", "none"], "give no --vul"),
])
def test_options_that_cannot_apply_are_refused(extra, message, capsys):
    assert main(["prove", "--rules", SMALL, "--quiet", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


