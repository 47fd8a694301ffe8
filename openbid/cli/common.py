"""Options and helpers shared by the sub-commands."""

from __future__ import annotations

import json
import sys
from typing import Iterator

from openbid.model.errors import OpenbidError
from openbid.model.rules.model import Rules
from openbid.model.variants import VARIANTS, resolve


def add_rules_options(p) -> None:
    p.add_argument("--variant", metavar="V", default=None,
                   help=f"rule variant: {', '.join(VARIANTS)} (default code)")
    p.add_argument("--rules", metavar="FILE", default=None,
                   help="a rule file (see 'openbid rules export') instead of a variant")


def rules_from(args) -> Rules:
    return resolve(getattr(args, "variant", None), getattr(args, "rules", None))


def read_lines(path: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of non-blank, non-comment lines of a file, or of stdin for ``-``."""
    try:
        fh = sys.stdin if path == "-" else open(path, encoding="utf-8")
    except OSError as exc:
        raise OpenbidError(f"cannot read {path}: {exc.strerror}") from None
    try:
        for no, line in enumerate(fh, 1):
            text = line.strip()
            if text and not text.startswith("#"):
                yield no, text
    except UnicodeDecodeError:
        raise OpenbidError(f"cannot read {path}: not UTF-8 text") from None
    finally:
        if fh is not sys.stdin:
            fh.close()


def emit_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, sort_keys=False, ensure_ascii=False) + "\n")


def budget(args) -> int:
    """The solver budget per query a command was given (``--rlimit``), or the default; a budget
    below 1 is an error."""
    from openbid.verify.verdicts import DEFAULT_RLIMIT

    got = getattr(args, "rlimit", None)
    if got is None:
        return DEFAULT_RLIMIT
    if got < 1:
        raise OpenbidError(f"--rlimit must be at least 1 (Z3 resource units), not {got}")
    return got
