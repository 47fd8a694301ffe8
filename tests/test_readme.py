"""The README shows what the code prints: every ``$ openbid ...`` command in its code blocks is
run as a user runs it (a fresh process, in a folder holding the README's ``my.rules``), and each
output line it shows (times normalised, "..." lines standing for lines left out) must appear, in
order, in what the command really prints. The commands that take more than a few seconds are
marked slow (``python -m pytest -m slow``). And the README opens with exactly the two set-up
commands."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from openbid.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# The README's edit of an exported rule file, done here as its sed line does it.
EDIT = ("bid 1 when TOTALPTS <= 6", "bid 1 when TOTALPTS <= 7")
# The README's copy of SAYC with a 16-18 notrump, made as its export and sed lines make it.
NT = ("HCP >= 15 and HCP <= 17 value 1NT", "HCP >= 16 and HCP <= 18 value 1NT")
SLOW = ("15 <= N.HCP and N.HCP <= 17", "diff code bumwrap", "prove --variant sayc", "diff knr-optional", "diff code sayc",
        "prove part-one", "simulate --variant sayc")
TIME = re.compile(r"\b\d+(\.\d+)? (s|ms)\b")


def _examples() -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    block = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            block = not block
            if out and out[-1][1]:
                out.append(("", []))  # a command's output ends with its block
            continue
        if not block:
            continue
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out and out[-1][1] is not None and not line.startswith("$"):
            out[-1][1].append(line)
    return [(cmd.split("#")[0].strip(), shown) for cmd, shown in out
            if cmd.startswith("openbid ") and shown and not re.search(r"[|>;&]", cmd.split("#")[0])]


def _norm(line: str) -> str:
    return TIME.sub("N s", line.rstrip())


EXAMPLES = _examples()


def test_the_readme_opens_with_the_two_set_up_commands() -> None:
    text = README.read_text(encoding="utf-8").split("```")
    assert text[0].strip() == "# openbid"
    commands = [c for c in text[1].splitlines()[1:] if c.strip()]
    assert len(commands) == 2
    assert commands[0].endswith("pip install -c constraints.txt -e . && openbid prove all --report "
                                "report")
    assert commands[1].endswith("pip install -c constraints.txt -e '.[test]' && python -m pytest -q")


def test_the_examples_are_found() -> None:
    assert len(EXAMPLES) >= 12 and all(shown for _, shown in EXAMPLES)


@pytest.mark.parametrize("command, shown", [
    pytest.param(c, s, id=c[8:60], marks=[pytest.mark.slow] if any(k in c for k in SLOW) else [])
    for c, s in EXAMPLES])
def test_a_readme_example_prints_what_it_shows(command: str, shown: list[str], tmp_path: Path,
                                               capsys) -> None:
    if "my.rules" in command:
        assert f"sed -i 's/{EDIT[0]}/{EDIT[1]}/' my.rules" in README.read_text(encoding="utf-8")
        main(["rules", "export"])
        text = capsys.readouterr().out
        assert EDIT[0] in text
        (tmp_path / "my.rules").write_text(text.replace(EDIT[0], EDIT[1]))
    if "sayc-16-18.rules" in command:
        readme = README.read_text(encoding="utf-8")
        assert "$ openbid rules export --variant sayc > sayc-16-18.rules" in readme
        assert f"sed -i 's/{NT[0]}/{NT[1]}/' sayc-16-18.rules" in readme
        main(["rules", "export", "--variant", "sayc"])
        text = capsys.readouterr().out
        assert text.count(NT[0]) == 1
        (tmp_path / "sayc-16-18.rules").write_text(text.replace(NT[0], NT[1]))
    if "examples/small.rules" in command:  # the shipped example system, at its path in a clone
        where = tmp_path / "openbid" / "systems" / "examples"
        where.mkdir(parents=True)
        (where / "small.rules").write_text(
            (ROOT / "openbid" / "systems" / "examples" / "small.rules").read_text())
    if "formats/examples/" in command:  # a shipped example session, at its path in a clone
        name = command.split("formats/examples/")[1].split()[0]
        where = tmp_path / "openbid" / "formats" / "examples"
        where.mkdir(parents=True)
        (where / name).write_bytes((ROOT / "openbid" / "formats" / "examples" / name).read_bytes())
    # the double-dummy store of 'openbid compare' and 'openbid dd': never the user's own
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBID_DD_STORE": str(tmp_path / "dd.duckdb")}
    done = subprocess.run([sys.executable, "-m", "openbid.cli.main", *shlex.split(command)[1:]],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    got = [_norm(x) for x in (done.stdout + done.stderr).splitlines()]
    at = 0
    for line in shown:
        if line.strip() == "...":
            continue
        want = _norm(line)
        while at < len(got) and got[at] != want:
            at += 1
        assert at < len(got), f"{command!r} does not print (in this order): {line!r}"
        at += 1
