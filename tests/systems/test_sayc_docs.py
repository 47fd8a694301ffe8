"""docs/SYSTEMS.md's `$ openbid` blocks about SAYC show what the commands print now (written by
benchmarks/sayc_docs.py): each command is run again here and its output compared with the
page's. The commands that read the whole census are marked slow."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("sayc_docs", ROOT / "benchmarks" / "sayc_docs.py")
assert _spec is not None and _spec.loader is not None
sayc_docs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sayc_docs)

TEXT = sayc_docs.DOC.read_text(encoding="utf-8")
COMMANDS = sayc_docs.commands(TEXT)
SLOW = ("diff ", "find ", "count ", "prove ")


def shown(command: str) -> list[str]:
    """The lines the page shows under ``$ command`` (up to the next command or the block's end)."""
    out: list[str] = []
    for block in sayc_docs._blocks(TEXT):
        lines = block.strip("\n").splitlines()[1:-1]
        for i, line in enumerate(lines):
            if line == f"$ {command}":
                for rest in lines[i + 1:]:
                    if rest.startswith("$ "):
                        break
                    out.append(rest)
                return out
    raise AssertionError(f"not on the page: {command}")


def test_the_page_has_its_commands() -> None:
    assert any("openbid bid --variant sayc --seat 1 T32.QT32.AQJ.K32" in c for c in COMMANDS)
    assert any(c.startswith("openbid diff code sayc-openings") for c in COMMANDS)


@pytest.mark.parametrize("command", [
    pytest.param(c, id=c[8:60], marks=[pytest.mark.slow] if any(k in c for k in SLOW) else [])
    for c in COMMANDS])
def test_a_command_prints_what_the_page_shows(command: str, capsys) -> None:
    got = sayc_docs.run(command)
    capsys.readouterr()
    assert shown(command) == got, ("docs/SYSTEMS.md is stale (python3 benchmarks/sayc_docs.py "
                                   "writes it); the command prints:\n" + "\n".join(got))


def test_a_wrong_exit_status_stops_the_script() -> None:
    with pytest.raises(SystemExit, match="exit 0, the page says 1"):
        sayc_docs.run("openbid bid --variant sayc --seat 1 T32.QT32.AQJ.K32    # exit 1")


def test_only_z3_s_hand_on_diff_s_first_line_is_normalised() -> None:
    first = "code and sayc-openings differ (N s); e.g. AJ.AJT5432.KQJ.K"
    row = "          2C -> 1C         22,469,093,646 hands   e.g. KJ32.QJ32..KJ432"
    assert sayc_docs.Z3_HAND.sub(r"\1HAND", first).endswith("e.g. HAND")
    assert sayc_docs.Z3_HAND.sub(r"\1HAND", row) == row
