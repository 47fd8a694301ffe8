"""The README opens with exactly the two set-up commands (.ci/run runs the second), and its first
screen is the path of a new user: their own system, checked. Every ``$ openbid ...`` example of the
README (and of docs/) is run by tests/test_docs_examples.py."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def test_the_readme_opens_with_the_two_set_up_commands() -> None:
    text = README.read_text(encoding="utf-8").split("```")
    assert text[0].strip() == "# openbid"
    commands = [c for c in text[1].splitlines()[1:] if c.strip()]
    assert len(commands) == 2
    assert commands[0].endswith("pip install -c constraints.txt -e . && openbid prove all --report "
                                "report")
    assert commands[1].endswith("pip install -c constraints.txt -e '.[test]' && python -m pytest -q")


def test_the_readme_is_short_and_starts_with_a_system_of_ones_own() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 300
    first = text.split("\n## ")[1]
    assert first.startswith("Check a system of your own")
    for command in ("$ openbid rules check my.rules", "$ openbid prove --rules my.rules",
                    "$ openbid explain", "$ openbid bid --rules my.rules --auction",
                    "$ openbid audit openbid/formats/examples/club.pbn"):
        assert command in first, command
    assert "<!-- options:begin -->" in text and "<!-- options:end -->" in text
    assert "python -m tests.docs_examples" in text  # the one command that regenerates examples
    for doc in ("docs/PAPER.md", "docs/SEEDS.md"):
        assert f"]({doc})" in text and (ROOT / doc).is_file()
