"""The entry point imports only the module of the command it runs (openbid.cli.main.LISTED lists
the others), and says the same as the parser of every command: ``openbid --help``, each
command's ``--help`` and each bad command line."""

from __future__ import annotations

import argparse
import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from openbid.cli.main import COMMANDS, LISTED, build_parser, main


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def test_listed_agrees_with_the_modules() -> None:
    """Each command's name, module and help in LISTED are what its module registers, in the
    order of the full parser."""
    full = _subparsers(build_parser())
    assert [(c.dest, c.help) for c in full._choices_actions] == [(n, h) for n, _, h in LISTED]
    assert sorted({m for _, m, _ in LISTED}) == sorted(COMMANDS)
    for name, module, _ in LISTED:  # the module named registers the command
        sub = _subparsers(build_parser([name]))
        assert sub.choices[name]._actions[1:], name  # options of its own: the module's parser
        for other, m, _ in LISTED:
            if m != module:
                assert len(sub.choices[other]._actions) == 1, (name, other)  # only --help


def _said(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", [["--help"], [], ["nosuch"], ["--version"]])
def test_top_level_says_the_same(argv: list[str]) -> None:
    lazy = build_parser(argv).format_help()
    assert lazy == build_parser().format_help()
    assert _said(argv)[0] == (0 if argv in (["--help"], ["--version"]) else 2)


@pytest.mark.parametrize("name", [n for n, _, _ in LISTED])
def test_each_command_help_is_the_full_parsers(name: str) -> None:
    lazy = _subparsers(build_parser([name, "--help"])).choices[name].format_help()
    assert lazy == _subparsers(build_parser()).choices[name].format_help()


def test_a_bad_command_line_says_the_same() -> None:
    from openbid.cli.main import ArgumentError

    for argv in (["explain"], ["nosuch", "x"], ["explain", "1NT", "--view", "nope"]):
        got = []
        for parser in (build_parser(argv), build_parser()):
            with pytest.raises(ArgumentError) as e:
                parser.parse_args(argv)
            got.append(str(e.value))
        assert got[0] == got[1], argv


def test_explain_imports_no_other_command() -> None:
    """``openbid explain`` (in a fresh process) imports no other command's module."""
    code = ("import sys\n"
            "from openbid.cli.main import main\n"
            "main(['explain', '1NT', '--rules', 'openbid/systems/examples/small.rules', "
            "'--view', 'own', '--quiet'])\n"
            "print(sorted(m for m in sys.modules if m.startswith('openbid.cli.')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=300,
                          cwd=Path(__file__).resolve().parents[2])
    loaded = eval(done.stdout.strip().splitlines()[-1])
    commands = {f"openbid.cli.{m}" for m in COMMANDS}
    assert "openbid.cli.explain" in loaded
    assert not commands & set(loaded) - {"openbid.cli.explain"}, loaded
