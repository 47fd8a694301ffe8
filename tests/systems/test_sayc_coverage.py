"""The classification behind the SAYC coverage figure (benchmarks/sayc_coverage.py): each rule of
its docstring on an auction it is for, so a change of a rule shows here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.sayc_coverage import classify  # noqa: E402


@pytest.mark.parametrize(("auction", "expected"), [
    ("1S P 3S P 4S P 4NT P 5H P 6S P", ("pass", "slam")),
    ("1S P 3S P 4S P", ("pass", "partner-game")),
    ("1NT P 4C P 4S P", ("speaks", "first-rounds")),  # 4S answers the player's Gerber
    ("1S P 3S P 4S X", ("speaks", "first-rounds")),  # doubled: no longer partner's placement
    ("1S P 3S P 4S", ("silent", "their-game")),
    ("1D P 1H P 1S P 1NT P", ("silent", "later-rounds")),
    ("1NT P 4C P 4H P", ("speaks", "first-rounds")),  # the asker: his side's fourth call
    ("2C P 2D P 2NT P 4C P", ("speaks", "answer-an-ask")),  # Gerber over the 2NT rebid
    ("1S P 2NT P 4S P 4NT P", ("speaks", "answer-an-ask")),
    ("1D 1S 2S P", ("speaks", "first-rounds")),
    ("1D 1S X P 2D P", ("speaks", "first-rounds")),
    ("1D P 1H", ("silent", "opponents-bid-twice")),
    ("P 1NT P 2C", ("silent", "opponents-bid-twice")),
    ("2C", ("silent", "strong-opening")),
    ("P 2NT", ("silent", "strong-opening")),
    ("1NT P P", ("speaks", "over-an-opening")),
    ("2H", ("speaks", "over-an-opening")),
    ("1D P P 1S P", ("speaks", "advance")),
    ("1D X 3D", ("speaks", "advance")),
    ("1D 1S P 2S P P", ("speaks", "first-rounds")),
    ("1C 1S P 2C P", ("speaks", "answer-the-cue-bid")),
    ("1C 1S P 2H P", ("silent", "defence-later-rounds")),
    ("1D 1S P P 2D", ("silent", "defence-later-rounds")),  # the overcaller's second call
    ("1D 1S P P 2D P P", ("silent", "defence-later-rounds")),  # advancer passed once already
])
def test_each_rule_on_an_auction_it_is_for(auction: str, expected: tuple[str, str]) -> None:
    calls = tuple("PASS" if c == "P" else c for c in auction.split())
    assert classify(calls) == expected


def test_the_opening_is_never_off_system() -> None:
    with pytest.raises(ValueError):
        classify(("PASS", "PASS"))


@pytest.mark.slow
def test_the_docs_quote_the_script_s_output() -> None:
    """docs/SYSTEMS.md quotes benchmarks/sayc_coverage.py's output over a million deals (the
    deals depend on the seeds alone): run it and compare, the time and the machine line aside."""
    import re
    import subprocess

    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "sayc_coverage.py"),
                           "--top", "15"], capture_output=True, text=True, check=True)
    got = re.sub(r"\(\d+(\.\d+)? s\)", "(N s)", done.stdout.split("\n", 1)[1]).rstrip()
    doc = (ROOT / "docs" / "SYSTEMS.md").read_text(encoding="utf-8")
    shown = doc.split("<!-- sayc-coverage:begin -->\n```\n", 1)[1].split("\n```", 1)[0]
    assert shown.rstrip() == got, "docs/SYSTEMS.md's coverage figures are stale:\n" + got
