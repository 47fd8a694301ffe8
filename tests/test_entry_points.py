"""Every ``python -m`` entry point of the package, run from a folder that is not the
repository's, with no arguments and with odd ones, changes no file of the repository: maintenance
writes only on an explicit flag (``openbid binky tr --write``, ``openbid binky checks --write``,
``python -m openbid.studies.certify --write``), and paths resolve from the package, never from the
working folder. A build from no double-dummy deals is an error (exit 2), never NaN tables."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from openbid.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "openbid"
SKIP_DIRS = {".git", ".venv", "__pycache__", ".hypothesis", ".pytest_cache", "test-artifacts",
             "report", "build", ".mypy_cache", ".ruff_cache"}
ODD = ([], ["--bogus"], ["x", "y"], ["--data", "nowhere", "--out", "."], ["--help"])


def entry_points() -> list[str]:
    """The modules with a ``__main__`` block (and ``openbid/__main__.py`` if there is one)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "__main__.py" or re.search(r"^if __name__ == .__main__.:", text, re.M):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out.append(module.removesuffix(".__main__"))
    return out


def snapshot() -> dict[str, str]:
    """sha256 of every file of the repository (the package, data, docs, tests, ...)."""
    out = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info")]
        for name in files:
            path = Path(folder) / name
            out[str(path.relative_to(ROOT))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def test_the_entry_points_are_these():
    """A new entry point is seen here (and so run by the test below)."""
    assert set(entry_points()) == {
        "openbid", "openbid.cli.main", "openbid.cli.options", "openbid.studies.binky.ddgen", "openbid.studies.certify",
        "openbid.studies.evaluators.knr_claims", "openbid.studies.evaluators.scales_claims",
        "openbid.hands.evaluators.knr_variants", "openbid.hands.evaluators.scales_dealerv2",
        "openbid.studies.paper.part_two.tree"}


@pytest.mark.parametrize("module", entry_points())
def test_no_entry_point_changes_a_file_unasked(module, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBID_JOBS": "1"}
    before = snapshot()
    for argv in ODD:
        r = subprocess.run([sys.executable, "-m", module, *argv], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=300, check=False)
        assert "Traceback" not in r.stderr, (module, argv, r.stderr[-2000:])
        assert r.returncode in (0, 1, 2), (module, argv, r.returncode)
    after = snapshot()
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert changed == [], f"python -m {module} changed {changed}"
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nor wrote into the working folder


def test_binky_maintenance_writes_only_where_asked(tmp_path, capsys):
    shipped = {p.name: p.read_bytes() for p in (PACKAGE / "hands" / "evaluators" / "data").glob("*.json")}
    assert set(shipped) == {"binky_table.json", "tr_table.json"}
    claims = (PACKAGE / "studies" / "binky" / "binky_claims.txt").read_bytes()
    empty = tmp_path / "empty"
    empty.mkdir()
    for argv in (["binky", "tr", "--data", str(empty), "--write"],
                 ["binky", "checks", "--data", str(empty), "--write"],
                 ["binky", "tr", "--data", str(tmp_path / "missing")]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("openbid: error: no double-dummy") and "Traceback" not in err, err
    out = tmp_path / "tables"
    assert main(["binky", "tr", "--out", str(out)]) == 0
    assert "nothing written" not in capsys.readouterr().err
    assert main(["binky", "tr", "--out", str(out)]) == 2  # never over what is there
    assert "exists; use --force" in capsys.readouterr().err
    for name, data in shipped.items():  # the build from data/dd is the shipped tables
        assert (out / name).read_bytes() == data, name
    assert {p.name: p.read_bytes() for p in (PACKAGE / "hands" / "evaluators" / "data").glob("*.json")} == shipped
    assert (PACKAGE / "studies" / "binky" / "binky_claims.txt").read_bytes() == claims


def test_every_command_and_action_has_a_description() -> None:
    """``openbid COMMAND --help`` says what the command does, for every command and action."""
    import argparse

    from openbid.cli.main import build_parser

    silent = []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    if not (sub.description or "").strip():
                        silent.append(f"{path} {name}".strip())
                    walk(sub, f"{path} {name}")

    walk(build_parser(), "")
    assert not silent, silent
