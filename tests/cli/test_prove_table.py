"""``openbid prove`` with the findings at the table: a gap only impossible hands fall into (nine
spades opposite a five-card 1S) is reported "in isolation only" and does not fail the run; a
gap real deals reach is reported with a deal re-bid here and its exact probability, checked
against an independent two-hand count; the report is grouped by rule and kind."""

from __future__ import annotations

import contextlib
import io
import json
from math import comb

import pytest

from openbid.bridge.hand import Hand
from openbid.cli.main import main
from openbid.systems.auction import load_system

ISOLATED = """\
name isolated
section 1 "open"
  bid one when SUITLENGTH(S) >= 5 value 1S

auction "1S P"
  section 1 "respond"
    bid raise when SUITLENGTH(S) <= 8 value 2S
"""

REACHED = """\
name reached
section 1 "open"
  bid one when SUITLENGTH(S) >= 5 value 1S

auction "1S P"
  section 1 "respond"
    bid raise when SUITLENGTH(S) >= 3 and SUITLENGTH(S) <= 8 value 2S
    bid hearts when SUITLENGTH(H) >= 5 value 2H
"""


def write(tmp_path, name: str, text: str) -> str:
    p = tmp_path / f"{name}.rules"
    p.write_text(text)
    return str(p)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


def findings(out: str) -> list[dict]:
    return [x for x in map(json.loads, out.splitlines()) if x.get("part") == "finding"]


def independent_gap_count() -> int:
    """Opener five or more spades; responder at most two spades and four hearts, or nine or
    more spades: pairs of disjoint hands, counted over suit lengths (not by openbid)."""
    total = 0
    for sn in range(5, 14):
        for hn in range(14 - sn):
            rn = 13 - sn - hn
            wn = comb(13, sn) * comb(13, hn) * comb(26, rn)
            for ss in range(14):
                for hs in range(14 - ss):
                    if (ss <= 2 and hs <= 4) or ss >= 9:
                        rs = 13 - ss - hs
                        total += wn * comb(13 - sn, ss) * comb(13 - hn, hs) * comb(26 - rn, rs)
    return total


def test_a_gap_only_impossible_hands_fall_into_is_in_isolation_only(tmp_path):
    path = write(tmp_path, "isolated", ISOLATED)
    code, out = run("prove", "--rules", path)
    assert code == 0  # the gate: in isolation only never fails the run
    text = out[out.index("Findings at the table"):]
    assert "in isolation only (no deal reaches them, proved; they never fail the run):" in text
    assert 'gap block "1S P" at 2 nodes' in text and "FAILS" not in text
    code, out = run("prove", "--rules", path, "--json")
    gaps = [f for f in findings(out) if f["kind"] == "gap"]
    assert len(gaps) == 2 and all(f["count"] > 0 for f in gaps)  # real gaps in isolation
    for f in gaps:
        t = f["table"]
        assert t["at_table"] is False and t["deal"] is None and not f["fails"]
        assert t["probability"] == 0 and t["interval"] is None and t["exact"] is True


def test_a_gap_real_deals_reach_has_a_re_bid_deal_and_its_exact_probability(tmp_path):
    path = write(tmp_path, "reached", REACHED)
    code, out = run("prove", "--rules", path)
    assert code == 1
    first = next(x for x in out.splitlines() if "gap block" in x)
    assert first.lstrip().startswith('FAILS gap block "1S P" at 4 nodes')
    assert "ESTIMATE" in first and "e.g. at 1S PASS [6.12% (exact)], dealer N: N:" in first
    code, out = run("prove", "--rules", path, "--json")
    system = load_system(path)
    gap = next(f for f in findings(out) if f["kind"] == "gap" and f["node"] == ["1S", "PASS"])
    t = gap["table"]
    assert t["at_table"] is True and t["dealer"] == "N" and t["exact"] is True
    assert t["probability"] == independent_gap_count() / (comb(52, 13) * comb(39, 13))
    hands = dict(zip("NESW", (Hand.parse(h) for h in t["deal"][2:].split())))
    assert system.call((), hands["N"]).call == "1S"
    assert system.call(("1S",), hands["E"]).call == "PASS"
    south = system.call(("1S", "PASS"), hands["S"])
    assert south.call == "PASS" and south.label == ""  # falls through: the gap
    assert gap["witness"]["hand"] == hands["S"].to_pbn()  # a hand of the deal, not the census's
    for f in findings(out):  # every gap at the table; the other nodes' probabilities estimated
        if f["kind"] == "gap":
            assert f["table"]["at_table"] is True and f["fails"]
            if not f["table"]["exact"]:
                lo, hi = f["table"]["interval"]
                assert lo <= f["table"]["probability"] <= hi


def test_the_table_options(tmp_path, capsys):
    path = write(tmp_path, "reached", REACHED)
    code, out = run("prove", "--rules", path, "--json", "--no-table")
    assert code == 1 and all(f["table"] is None for f in findings(out))
    code, out = run("prove", "--rules", path, "--table-deals", "0", "--json")
    tables = [f["table"] for f in findings(out) if f["kind"] == "gap"]
    # no simulation: the group's nodes asked one by one, the first a deal reaches ends it
    assert [t["at_table"] for t in tables if t is not None] == [True]
    assert tables.count(None) == 3
    code, out = run("prove", "--rules", path, "--overlaps")
    assert "overlap 1S P/hearts under 1S P/raise" in out
    for argv, words in ((["--table-deals", "-1"], "--table-deals must be 0 or more"),
                        (["--no-table", "--table-nodes", "2"], "give no --no-table")):
        assert main(["prove", "--rules", path, *argv]) == 2
        assert words in capsys.readouterr().err


@pytest.mark.slow
def test_sayc_s_report_is_grouped_ranked_and_fits_two_screens():
    code, out = run("prove", "--variant", "sayc")
    lines = out.splitlines()
    start = lines.index(next(x for x in lines if x.startswith("Findings at the table")))
    assert start == 2  # what to fix first opens the report
    groups = [x for x in lines if x.startswith("  FAILS ") or x.startswith("        ")]
    assert groups
    assert "--overlaps lists them" in out
