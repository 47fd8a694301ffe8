"""docs/ARCHITECTURE.md stays true: every path it names exists, and every package of openbid is
on its map."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_every_path_the_map_names_exists() -> None:
    named = {p for p in re.findall(r"openbid/[\w/.-]+", DOC) if "NAME" not in p}
    assert named, "the map names no path"
    missing = sorted(p for p in named if not (ROOT / p.rstrip("/.")).exists())
    assert not missing, missing


def test_every_package_is_on_the_map() -> None:
    packages = sorted(p.name for p in (ROOT / "openbid").iterdir() if (p / "__init__.py").exists())
    absent = [p for p in packages if f"openbid/{p}/" not in DOC]
    assert not absent, absent


def test_every_study_is_on_the_map() -> None:
    studies = sorted(p.name for p in (ROOT / "openbid" / "studies").iterdir()
                     if (p / "__init__.py").exists())
    assert studies and all(f"{s}/" in DOC for s in studies), studies


def test_every_package_says_what_it_may_import() -> None:
    engine = ("base", "bridge", "hands", "expr", "systems", "readers", "checks", "dd")
    silent = [p for p in engine
              if "May import" not in (ROOT / "openbid" / p / "__init__.py").read_text()]
    assert not silent, silent


def test_a_module_over_800_lines_says_why_in_its_docstring() -> None:
    import ast

    long = []
    for path in sorted((ROOT / "openbid").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= 800:
            continue
        doc = ast.get_docstring(ast.parse(text)) or ""
        if not re.search(r"\b(its )?length\b.*\blines\b", doc, re.S | re.I):
            long.append(str(path.relative_to(ROOT)))
    assert not long, f"modules over 800 lines whose docstring gives no reason: {long}"
