"""The command outputs docs/SYSTEMS.md quotes about SAYC, computed: every block between
``<!-- sayc-run:begin -->`` and ``<!-- sayc-run:end -->`` is a code block of ``$ openbid ...``
commands, each followed by what it prints. This script runs each command (in this process, as
``openbid`` would: ``openbid.cli.main.main``) and writes its output under it, with times
replaced by ``N s`` and the example hand Z3 finds for ``diff``'s first line by ``HAND`` (both vary
from run to run; the census's examples do not). A command may end with ``# exit N``: the exit
status it must return (default 0); any other status stops the script. No figure in those blocks
is typed: a change of the rule file shows as a stale block, which
tests/systems/test_sayc_docs.py finds (it runs the same commands and compares).

Run: python3 benchmarks/sayc_docs.py [--check]   (--check: compare, write nothing, exit 1 if
stale)
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "SYSTEMS.md"
BEGIN, END = "<!-- sayc-run:begin -->", "<!-- sayc-run:end -->"
TIME = re.compile(r"\b\d+(\.\d+)? (s|ms)\b")
EXIT = re.compile(r"#\s*exit\s+(\d+)\b")
Z3_HAND = re.compile(r"^(.+ differ \(N s\); e\.g\. )\S+$")


def commands(text: str) -> list[str]:
    """Every ``$ openbid ...`` line of the page's run blocks (the command line as shown)."""
    out = []
    for block in _blocks(text):
        out += [line[2:] for line in block.splitlines() if line.startswith("$ ")]
    return out


def _blocks(text: str) -> list[str]:
    parts = text.split(BEGIN)[1:]
    if not parts:
        raise SystemExit(f"{DOC.name}: no {BEGIN} block")
    return [p.split(END)[0] for p in parts]


def run(line: str) -> list[str]:
    """What the shown command line prints (times as ``N s``), checked against its ``# exit N``."""
    from openbid.cli.main import main

    command, _, comment = line.partition("#")
    argv = shlex.split(command)
    if argv[:1] != ["openbid"]:
        raise SystemExit(f"not an openbid command: {line}")
    want = int(m.group(1)) if (m := EXIT.search("#" + comment)) else 0
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv[1:])
    if code != want:
        raise SystemExit(f"{line}: exit {code}, the page says {want}\n{out.getvalue()[-2000:]}")
    return [Z3_HAND.sub(r"\1HAND", TIME.sub("N s", x.rstrip()))
            for x in out.getvalue().rstrip("\n").splitlines()]


def render(text: str, only: str | None = None) -> str:
    """The page with every run block's outputs computed again (``only``: the commands that
    contain it; the others keep what the page shows)."""
    pieces = text.split(BEGIN)
    done = [pieces[0]]
    for piece in pieces[1:]:
        block, sep, rest = piece.partition(END)
        if not sep:
            raise SystemExit(f"{DOC.name}: {BEGIN} without {END}")
        lines = block.strip("\n").splitlines()
        if lines[:1] != ["```"] or lines[-1:] != ["```"]:
            raise SystemExit(f"{DOC.name}: a run block is one code block")
        new = ["```"]
        i = 1
        while i < len(lines) - 1:
            line = lines[i]
            if not line.startswith("$ "):
                raise SystemExit(f"{DOC.name}: run block line {line!r} follows no command")
            j = i + 1
            while j < len(lines) - 1 and not lines[j].startswith("$ "):
                j += 1
            new.append(line)
            new += run(line[2:]) if only is None or only in line else lines[i + 1:j]
            i = j
        done.append("\n" + "\n".join(new + ["```"]) + "\n" + sep + rest)
    return BEGIN.join(done)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    args = ap.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    new = render(text)
    if new == text:
        print(f"{DOC.relative_to(ROOT)}: {len(commands(text))} command outputs up to date")
        return 0
    if args.check:
        print(f"{DOC.relative_to(ROOT)}: stale command outputs (run python3 "
              "benchmarks/sayc_docs.py)")
        return 1
    DOC.write_text(new, encoding="utf-8")
    print(f"{DOC.relative_to(ROOT)}: {len(commands(new))} command outputs written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
