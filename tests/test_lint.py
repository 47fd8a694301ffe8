"""ruff over the project with pyproject.toml's rules: pyflakes (F), syntax (E9) and T20 (only
the command line and the report print; a checker returns data)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "openbid", "tests",
                        "benchmarks"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_sees_a_print_in_a_checker(tmp_path: Path) -> None:
    bad = tmp_path / "openbid" / "verify"
    bad.mkdir(parents=True)
    (bad / "x.py").write_text("def f():\n    print('a verdict')\n")
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config",
                        str(ROOT / "pyproject.toml"), str(bad / "x.py")],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "T201" in r.stdout, r.stdout + r.stderr
