"""Entry point of the ``openbid`` console script.

Sub-commands live in sibling modules; each exposes ``register(subparsers)`` which adds its parser
and sets ``func`` to a callable ``run(args) -> int``. A user error (:class:`OpenbidError`) becomes
one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from openbid.model.errors import OpenbidError

# Module names under openbid.cli, in the order they appear in --help.
COMMANDS = ("bid", "count", "find", "prove", "graph", "rules", "diff", "score", "check_algol")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="openbid",
        description="Verify OPENBID, the 1967 Algol opening-bid procedure, mechanically.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"openbid.cli.{name}")
        except ModuleNotFoundError as exc:  # a sub-command not built yet
            if exc.name == f"openbid.cli.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except OpenbidError as exc:
        print(f"openbid: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("openbid: interrupted", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
