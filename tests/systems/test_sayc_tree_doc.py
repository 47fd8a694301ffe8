"""docs/SYSTEMS.md shows what SAYC's recorded expectation holds of the tree census (rendered by
openbid.report.tree_census.recorded from openbid/systems/data/expected/sayc.json, which
``openbid prove --variant sayc`` compares with on every run: the slow test here runs it)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from openbid.report.tree_census import recorded

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = ROOT / "openbid" / "systems" / "data" / "expected" / "sayc.json"
DOC = ROOT / "docs" / "SYSTEMS.md"
BEGIN, END = "<!-- sayc-tree:begin -->", "<!-- sayc-tree:end -->"


def section() -> str:
    text = DOC.read_text()
    return text[text.index(BEGIN) + len(BEGIN):text.index(END)].strip()


def test_the_page_shows_the_recorded_expectation():
    outcomes = json.loads(EXPECTED.read_text())["outcomes"]
    assert "tree nodes" in outcomes, "sayc.json holds no tree census: record it"
    from openbid.systems.auction import load_system

    assert section() == "\n".join(recorded(outcomes, load_system("sayc"))).strip()


def test_the_recorded_claims_are_the_claims_file_s():
    from openbid.systems.variants import resolve
    from openbid.systems.claims import SHIPPED, load_claims

    outcomes = json.loads(EXPECTED.read_text())["outcomes"]
    claims = [c for c in load_claims(SHIPPED["sayc"], resolve("sayc", None))
              if c.auction is not None]
    recorded_ids = {k[len("tree claim "):] for k in outcomes if k.startswith("tree claim ")}
    assert recorded_ids == {c.id for c in claims}
    for c in claims:  # the file's expectation is what the census decided
        assert outcomes[f"tree claim {c.id}"] == c.expect.lower(), c.id


@pytest.mark.slow
def test_every_node_of_sayc_equals_the_recorded_expectation():
    from openbid.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["prove", "--variant", "sayc", "--quiet", "--allow", "all"])
    assert code == 0, out.getvalue()[-3000:]
    assert "every verdict equals the recorded expectation" in out.getvalue()
