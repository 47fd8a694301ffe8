"""Options and helpers shared by the sub-commands."""

from __future__ import annotations

import json
import sys
from typing import Iterator

from openbid.base.errors import OpenbidError
from openbid.systems.rules.model import Rules
from openbid.systems.variants import resolve


def add_rules_options(p) -> None:
    """``--variant V`` and ``--rules FILE`` (:func:`openbid.cli.options.add_rules`)."""
    from openbid.cli.options import add_rules

    add_rules(p)


def rules_from(args) -> Rules:
    return resolve(getattr(args, "variant", None), getattr(args, "rules", None))


def inputs(values: list[str], path: str | None) -> Iterator[tuple[str, str]]:
    """(where, text) of every input of a command that takes several: its arguments (``argument
    2``), then the lines of ``--file PATH`` (``PATH:3``; ``stdin:3`` for ``-``). Every command
    that takes several inputs (``bid``, ``score``) takes them this way."""
    for i, text in enumerate(values, 1):
        yield f"argument {i}", text
    if path:
        name = "stdin" if path == "-" else path
        for no, text in read_lines(path):
            yield f"{name}:{no}", text


class BadInputs:
    """The bad inputs of a command, reported on stderr as they come: the first ``limit`` with
    where each is (file and line, or argument) and the problem (a long line cut short), the rest
    only counted, in one line at the end (:meth:`close`)."""

    def __init__(self, command: str, limit: int = 20) -> None:
        self.command, self.limit = command, limit
        self.count = 0
        self.unshown: dict[str, int] = {}

    def __call__(self, where: str, problem: object) -> None:
        from openbid.base.errors import clip

        self.count += 1
        if self.count <= self.limit:
            print(f"openbid {self.command}: {where}: {clip(str(problem).splitlines()[0], 200)}",
                  file=sys.stderr)
        else:
            source = where.rsplit(":", 1)[0] if ":" in where else "the arguments"
            self.unshown[source] = self.unshown.get(source, 0) + 1

    def close(self) -> int:
        """Exit status: 2 if any input was bad."""
        if self.unshown:
            more = sum(self.unshown.values())
            where = ", ".join(f"{n:,} in {src}" for src, n in self.unshown.items())
            print(f"openbid {self.command}: ... and {more:,} more bad inputs ({where}); "
                  f"{self.count:,} in all", file=sys.stderr)
        return 2 if self.count else 0


MAX_LINE = 1 << 16  # characters of a line kept; the rest of a longer line is skipped


def read_lines(path: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of non-blank, non-comment lines of a file, or of stdin for ``-``.
    A line longer than :data:`MAX_LINE` is cut there (no input line is that long; a file
    without newlines, ``/dev/zero`` say, is read in bounded memory)."""
    try:
        fh = sys.stdin if path == "-" else open(path, encoding="utf-8")
    except OSError as exc:
        raise OpenbidError(f"cannot read {path}: {exc.strerror}") from None
    try:
        no = 0
        while True:
            line = fh.readline(MAX_LINE)
            if not line:
                break
            no += 1
            if len(line) == MAX_LINE and not line.endswith("\n"):
                while True:  # skip the rest of the line
                    rest = fh.readline(MAX_LINE)
                    if not rest or rest.endswith("\n"):
                        break
            text = line.strip()
            if text and not text.startswith("#"):
                yield no, text
    except UnicodeDecodeError:
        raise OpenbidError(f"cannot read {path}: not UTF-8 text") from None
    except OSError as exc:
        raise OpenbidError(f"cannot read {path}: {exc.strerror}") from None
    finally:
        if fh is not sys.stdin:
            fh.close()


_ENCODER: json.JSONEncoder | None = None  # one for every line (a command may write thousands)


def _encoder() -> json.JSONEncoder:
    global _ENCODER
    if _ENCODER is None:
        from openbid.report.columns import json_default

        _ENCODER = json.JSONEncoder(ensure_ascii=False, default=json_default)
    return _ENCODER


def emit_json(obj) -> None:
    sys.stdout.write(_encoder().encode(obj) + "\n")


def emit_json_lines(objs) -> None:
    """Each of ``objs`` as a JSON line, written at once."""
    encode = _encoder().encode
    sys.stdout.write("".join([encode(obj) + "\n" for obj in objs]))


def budget(args) -> int:
    """The solver budget per query a command was given (``--rlimit``), or the default; a budget
    below 1 is an error."""
    from openbid.checks.verdicts import DEFAULT_RLIMIT

    got = getattr(args, "rlimit", None)
    if got is None:
        return DEFAULT_RLIMIT
    if got < 1:
        raise OpenbidError(f"--rlimit must be at least 1 (Z3 resource units), not {got}")
    return got
