"""openbid.checks.notes and ``openbid notes``: system notes computed from the rules. The ranges
expected are read off the rule files themselves (small.rules, SAYC's 1NT), never off the
program's output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from openbid.bridge.hand import Hand
from openbid.checks.notes import system_notes
from openbid.cli.main import main
from openbid.systems.auction import load_system
from openbid.systems.evaluate import value

SMALL = str(Path(__file__).resolve().parents[2] / "openbid/systems/examples/small.rules")


@pytest.fixture(scope="module")
def small_notes():
    return system_notes(load_system(SMALL), depth=3, vul="none")


def _node(notes, auction: tuple[str, ...]):
    return next(n for n in notes.walk() if n.auction == auction)


def _calls(node) -> dict:
    return {c.call: c for c in node.calls}


def test_the_openings_are_what_the_rule_file_says(small_notes) -> None:
    opening = _calls(_node(small_notes, ()))
    assert set(opening) == {"PASS", "1C", "1D", "1H", "1S", "1NT"}
    # 'section 1 "Openings" when HCP >= 12': everything else passes
    assert (opening["PASS"].hcp.lo, opening["PASS"].hcp.hi) == (0, 11)
    # 'bid 1nt when 15 <= HCP and HCP <= 17 and EVENDIST': balanced, so each suit 2-5
    nt = opening["1NT"]
    assert (nt.hcp.lo, nt.hcp.hi) == (15, 17) and "BALANCED" in nt.flags
    assert {s: (r.lo, r.hi) for s, r in nt.lengths.items()} == {s: (2, 5) for s in "SHDC"}
    assert nt.points == [("1nt", "Openings")]
    # spades first: 1S has five or more spades, 1H five or more hearts and at most four spades
    assert opening["1S"].lengths["S"].lo == 5 and opening["1H"].lengths["H"].lo == 5
    assert opening["1H"].lengths["S"].hi == 4
    # 1C takes what is left: AKQJ.AKQ.AKQ.AKQ (37 HCP, no five-card suit, 3-3 minors)
    assert (opening["1C"].hcp.lo, opening["1C"].hcp.hi) == (12, 37)
    assert opening["1D"].lengths["D"].lo == 3 and opening["1C"].lengths["D"].hi <= 6
    assert abs(sum(c.share for c in opening.values()) - 1) < 1e-12


def test_the_responses_and_the_rebids_read_the_bidders_calls(small_notes) -> None:
    resp = _calls(_node(small_notes, ("1NT", "PASS")))
    assert resp["2C"].hcp.lo == 8 and resp["3NT"].hcp.lo == 10
    assert (resp["2NT"].hcp.lo, resp["2NT"].hcp.hi) == (8, 9)
    assert resp["PASS"].hcp.hi == 7
    rebid = _calls(_node(small_notes, ("1NT", "PASS", "2C", "PASS")))
    assert set(rebid) == {"2D", "2H", "2S"}
    for c in rebid.values():  # the opener's 1NT: 15-17, balanced, whatever the answer
        assert (c.hcp.lo, c.hcp.hi) == (15, 17) and "BALANCED" in c.flags
    assert rebid["2H"].lengths["H"].lo == 4
    assert rebid["2S"].lengths["H"].hi == 3 and rebid["2S"].lengths["S"].lo == 4
    assert rebid["2D"].lengths["H"].hi == 3 and rebid["2D"].lengths["S"].hi == 3
    # depth 3: the rebids are the last level; a pass ends its branch
    assert all(not c.children for c in rebid.values()) and not resp["PASS"].children


def test_each_end_hand_has_the_value_shown(small_notes) -> None:
    system = load_system(SMALL)
    for node in small_notes.walk():
        for c in node.calls:
            for text, want in ((c.low_hand, c.hcp.lo), (c.high_hand, c.hcp.hi)):
                h = Hand.parse(text)
                assert value(system.rules.parse("HCP", want=None), h, system.rules) == want
                assert system.call(node.auction, h, "none").call == c.call


def test_prove_proves_every_bound() -> None:
    got = system_notes(load_system(SMALL), depth=1, vul="none", prove=True)
    for c in got.roots[0].calls:
        assert c.hcp.proved and all(r.proved for r in c.lengths.values())


def test_sayc_shows_1nt_as_15_to_17_balanced(capsys) -> None:
    assert main(["notes", "--variant", "sayc", "--vul", "none"]) == 0
    out = capsys.readouterr().out
    assert "| 1NT | 15-17 HCP, balanced; ♠2-5 ♥2-5 ♦2-5 ♣2-5 | Notrump openings (1a) |" in out
    assert "| 2NT | 20-21 HCP, balanced;" in out and "| 3NT | 25-27 HCP, balanced;" in out


def test_bml_is_a_nested_bidding_table(capsys) -> None:
    assert main(["notes", "--rules", SMALL, "--depth", "3", "--vul", "none",
                 "--format", "bml"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "#+TITLE: small" and "* Openings" in lines
    table = lines[lines.index("* Openings") + 2:]
    table = table[:table.index("")]
    row = re.compile(r"^((?:  )*)(P|D|R|[1-7][CDHSN])\s+(\S.*)$")
    levels = []
    for line in table:
        m = row.match(line)
        assert m, line
        levels.append(len(m.group(1)) // 2)
    assert levels[0] == 0 and all(b <= a + 1 for a, b in zip(levels, levels[1:]))
    assert "1N  15-17 HCP, balanced; !s2-5 !h2-5 !d2-5 !c2-5 [Openings (1nt)]" in table
    assert "    2H  15-17 HCP, balanced; !s2-4 !h4-5 !d2-4 !c2-4 [Opener answers Stayman " \
           "(hearts)]" in table


def test_html_and_bad_options(capsys) -> None:
    assert main(["notes", "--rules", SMALL, "--vul", "none", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!doctype html>") and "<td>1NT</td>" in page
    assert main(["notes", "--rules", SMALL, "--depth", "0"]) == 2
    assert "--depth must be 1 to 12" in capsys.readouterr().err
