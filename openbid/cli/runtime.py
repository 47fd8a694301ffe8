"""What the entry point does with the shared options around every command (kept apart from
:mod:`openbid.cli.options`, which reads the parsers of every command, so that nothing imports
the entry point back): old spellings rewritten before parsing, a file option given as ``-``
read from standard input, the deprecation line."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from typing import Iterator

from openbid.base.errors import OpenbidError

VUL_DEAL = ("none", "NS", "EW", "both")
VUL_HAND = ("none", "we", "they", "both")
DEALERS = ("N", "E", "S", "W")
SEATS = (1, 2, 3, 4)
STDIN = "-"
STDIN_HELP = "('-' for standard input)"


_pending: list[str] = []  # deprecation lines of the command line being read


def deprecation(command: str, old: str, new: str) -> None:
    """The one line on stderr an old spelling prints: kept until the command line is read
    whole (:func:`flush_deprecations`), so that a command line argparse refuses ends in its one
    error line alone."""
    line = (f"openbid {command}: {old} is deprecated and will be removed in the next release: "
            f"give {new}")
    if line not in _pending:
        _pending.append(line)


def flush_deprecations(write: bool = True) -> None:
    """Print (or, ``write=False``, drop) the deprecation lines of the command line read."""
    lines = list(_pending)
    _pending.clear()
    if write:
        for line in lines:
            sys.stderr.write(line + "\n")


@contextmanager
def stdin_files(args) -> Iterator[None]:
    """While a command runs: a file option given as ``-`` (at most one: standard input is read
    once) names a copy of standard input in a private temporary folder, removed at the end (a
    file may be read twice: boards are counted, then streamed); whatever the command writes or
    raises names that copy ``stdin``. ``--file -`` is read as it comes instead."""
    dests = getattr(args, "_stdin_files", None) or ()
    found: list[tuple[str, int | None]] = []
    for dest in dests:
        value = getattr(args, dest, None)
        if isinstance(value, list):
            found += [(dest, i) for i, v in enumerate(value) if v == STDIN]
        elif value == STDIN:
            found.append((dest, None))
    if getattr(args, "file", None) == STDIN and "file" not in dests:
        found.append(("file", None))
    if len(found) > 1:
        raise OpenbidError("standard input ('-') can be read once: give it to one file option")
    if not found or found[0][0] == "file":
        yield
        return
    dest, index = found[0]
    folder = tempfile.mkdtemp(prefix="openbid-stdin-")
    path = os.path.join(folder, "stdin")
    streams = (sys.stdout, sys.stderr)
    try:
        try:
            with open(path, "wb") as out:
                shutil.copyfileobj(sys.stdin.buffer, out)
        except OSError as exc:
            raise OpenbidError(f"cannot read standard input: {exc.strerror}") from None
        if index is None:
            setattr(args, dest, path)
        else:
            getattr(args, dest)[index] = path
        args._stdin_path = path
        sys.stdout, sys.stderr = _Renaming(sys.stdout, path), _Renaming(sys.stderr, path)
        try:
            yield
        except OpenbidError as exc:
            text = str(exc)
            if path in text:
                raise OpenbidError(text.replace(path, "stdin")) from None
            raise
    finally:
        sys.stdout, sys.stderr = streams
        shutil.rmtree(folder, ignore_errors=True)


def from_stdin(args, value: str | None) -> bool:
    """Whether ``value`` (a file option's, after parsing) is the copy of standard input."""
    return value is not None and value == getattr(args, "_stdin_path", None)


class _Renaming:
    """A text stream that writes the copy of standard input's path as ``stdin``."""

    def __init__(self, stream, path: str) -> None:
        self._stream, self._path = stream, path

    def write(self, text: str) -> int:
        self._stream.write(text.replace(self._path, "stdin"))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


# ---- old spellings that changed shape -------------------------------------------------------

def upgrade_argv(argv: list[str]) -> list[str]:
    """Old spellings argparse cannot read in their new shape, rewritten (one deprecation line
    each): ``score --vul`` as a flag (now ``--vul none|we|they|both``; the flag meant ``we``)
    and ``find --count`` as a flag (now ``--count N`` hands to find; the flag is ``--total``)."""
    if not argv or argv[0] not in ("score", "find"):
        return argv
    out = list(argv)
    i = 1
    while i < len(out):
        token, after = out[i], (out[i + 1] if i + 1 < len(out) else None)
        if token == "--":
            break
        if argv[0] == "score" and token == "--vul" and after not in VUL_HAND:
            deprecation("score", "--vul as a flag", "--vul we (the declaring side vulnerable)")
            out.insert(i + 1, "we")
            i += 1
        elif argv[0] == "find" and token == "--count" and not (
                after is not None and after.isascii() and after.lstrip("-").isdigit()):
            deprecation("find", "--count as a flag", "--total")
            out[i] = "--total"
        i += 1
    return out


