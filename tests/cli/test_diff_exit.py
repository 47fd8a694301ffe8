"""diff's exit status follows what it reports: with --by bid, hands that make the same call at
another bid point are counted (text and --json) but do not make two systems differ."""

from __future__ import annotations

import json

from openbid.cli.main import main

A = 'name a\nsection 1 "One"\n  bid 1a when HCP >= 12 value 1C\n'
B = ('name b\nsection 1 "One"\n  bid 1a when HCP >= 15 value 1C\n'
     '  bid 1b when HCP >= 12 value 1C\n')
C = 'name c\nsection 1 "One"\n  bid 1a when HCP >= 13 value 1C\n'


def _files(tmp_path):
    paths = []
    for name, text in (("a", A), ("b", B), ("c", C)):
        p = tmp_path / f"{name}.rules"
        p.write_text(text)
        paths.append(str(p))
    return paths


def test_same_call_at_another_point_is_not_a_difference_by_bid(tmp_path, capsys):
    a, b, _ = _files(tmp_path)
    assert main(["diff", a, b, "--by", "bid"]) == 0
    out = capsys.readouterr().out
    assert "same call on every hand" in out
    assert main(["diff", a, b, "--by", "bid", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["changed"] == 0 and doc["differ"] is False
    # HCP 12-14 opens 1C at 1b in B, at 1a in A: counted exactly, as count counts them
    assert main(["count", "HCP >= 12 and HCP <= 14", "--json"]) == 0
    assert doc["section_only"] == json.loads(capsys.readouterr().out)["count"]


def test_a_point_change_is_a_difference_by_bid_section(tmp_path, capsys):
    a, b, _ = _files(tmp_path)
    assert main(["diff", a, b, "--by", "bid-section"]) == 1
    assert "differ" in capsys.readouterr().out


def test_a_call_change_is_a_difference_by_bid(tmp_path, capsys):
    a, _, c = _files(tmp_path)
    assert main(["diff", a, c, "--by", "bid", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["differ"] is True and doc["changed"] > 0
