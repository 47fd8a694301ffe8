"""ruff over the project with pyproject.toml's rules: pyflakes (F), syntax (E9) and T20 (only
the command line and the report print; a checker returns data)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "openbid", "tests",
                        "benchmarks"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_sees_a_print_in_a_checker(tmp_path: Path) -> None:
    bad = tmp_path / "openbid" / "checks"
    bad.mkdir(parents=True)
    (bad / "x.py").write_text("def f():\n    print('a verdict')\n")
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config",
                        str(ROOT / "pyproject.toml"), str(bad / "x.py")],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "T201" in r.stdout, r.stdout + r.stderr


# ---- what users read: no internal issue numbers, no path outside the repository --------------
# The seed documents are not in the repository: only the code that looks for them (and says
# where) names their folder.
SEED_LOOKUP = {"openbid/studies/quotes.py", "openbid/studies/binky/checks.py", "openbid/studies/README.md"}
INTERNAL = re.compile(r"\bissues? #?\d+|/work/|\bshared/seeds\b", re.I)


def user_text_problems(root: Path = ROOT) -> list[str]:
    files = [root / "README.md", *sorted((root / "docs").glob("*.md")),
             *sorted((root / "benchmarks").glob("*.py"))]
    files += sorted(p for p in (root / "openbid").rglob("*")
                    if p.suffix in (".py", ".md", ".txt", ".rules") and p.is_file())
    out = []
    for path in files:
        rel = path.relative_to(root).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in INTERNAL.finditer(line):
                if m.group(0).lower() == "shared/seeds" and rel in SEED_LOOKUP:
                    continue
                out.append(f"{rel}:{n}: {m.group(0)!r} in {line.strip()[:100]!r}")
    return out


def test_docs_and_messages_cite_no_issue_numbers_or_outside_paths() -> None:
    problems = user_text_problems()
    assert not problems, "\n".join(problems)


def test_the_user_text_check_sees_an_issue_number(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "openbid").mkdir()
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "README.md").write_text("fine\n")
    (tmp_path / "docs" / "X.md").write_text("as issue 18 asks\nsee /work/shared/seeds/a.txt\n")
    (tmp_path / "openbid" / "m.py").write_text('"""Issue #4: done."""\n')
    assert len(user_text_problems(tmp_path)) == 4


# ---- links between the documents resolve ---------------------------------------------------
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def broken_links(root: Path = ROOT) -> list[str]:
    out = []
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        for no, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for target in LINK.findall(line):
                if "://" in target or target.startswith("mailto:"):
                    continue
                if not (doc.parent / target).exists():
                    out.append(f"{doc.relative_to(root)}:{no}: {target}")
    return out


def test_every_link_between_documents_resolves() -> None:
    assert broken_links() == []


def test_a_broken_link_is_seen(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("see [the rules](docs/RULES.md) and [x](docs/NOPE.md)\n")
    (tmp_path / "docs" / "RULES.md").write_text("[back](../README.md#top)\n")
    assert broken_links(tmp_path) == ["README.md:1: docs/NOPE.md"]
