"""The block format of the claim files: one reader for all of them.

Every file of claims about a seed text (Part One and Part Two of the paper, the K&R and point-scale
claims) is a sequence of blocks (``openbid/studies/README.md`` documents the format and each file's
vocabulary)::

    # a comment line (only whole lines; '#' inside a value is text)
    KIND NAME                 a block: at column 0, a kind word and the rest of the line as name
      key: value              a field, indented 2 spaces; the value is the rest of the line
      key                     a field without a value (e.g. ``pass``)
        sub: value            a sub-field of the field above, indented 4 spaces

Every value is one line; leading and trailing blanks are dropped. A tab is an error in the
indentation, and kept inside a value (the seed prints some tabs, and quotes are verbatim).

:func:`read_blocks` only reads this structure; what a kind, key or value means is up to the loader
of each file, which uses the helpers here (:meth:`Block.check_keys`, :meth:`Block.one`,
:meth:`Field.subfields`, :func:`parse_lines`) so that every error names the file and the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from openbid.base.errors import RuleFileError


class BlockFormatError(RuleFileError):
    """A block file that cannot be read: names the file, the line and the problem."""


ErrorType = type[BlockFormatError]


@dataclass
class Field:
    """``key: value`` at indentation 2 (or a sub-field at 4), with its line in the file."""

    key: str
    value: str
    line: int
    sub: list[Field] = field(default_factory=list)
    bare: bool = False
    """Written without a colon (``pass``): only keys a loader allows so may be."""

    def subfields(
        self,
        file: str,
        allowed: Iterable[str],
        required: Iterable[str] = (),
        error: ErrorType = BlockFormatError,
    ) -> dict[str, str]:
        """The sub-fields as a dict: each at most once, each in ``allowed``, ``required`` present."""
        allowed = set(allowed)
        seen: dict[str, str] = {}
        for s in self.sub:
            if s.key not in allowed:
                raise error(file, s.line, f"unknown sub-field {s.key!r} of {self.key!r}")
            if s.key in seen:
                raise error(file, s.line, f"repeated sub-field {s.key!r}")
            seen[s.key] = s.value
        for key in required:
            if key not in seen:
                raise error(file, self.line, f"{self.key} needs {key!r}")
        return seen


@dataclass
class Block:
    """``KIND NAME`` at column 0 and its fields, in file order."""

    kind: str
    name: str
    line: int
    file: str
    fields: list[Field] = field(default_factory=list)

    def check_keys(
        self,
        allowed: Iterable[str],
        *,
        repeatable: Iterable[str] = (),
        with_sub: Iterable[str] = (),
        required: Iterable[str] = (),
        bare: Iterable[str] = (),
        error: ErrorType = BlockFormatError,
    ) -> None:
        """Every field's key is ``allowed``; only ``repeatable`` keys occur twice; only ``with_sub``
        keys have sub-fields; only ``bare`` keys are written without a colon; every ``required``
        key is present."""
        allowed, repeatable, with_sub = set(allowed), set(repeatable), set(with_sub)
        bare = set(bare)
        seen: set[str] = set()
        for f in self.fields:
            if f.key not in allowed:
                raise error(self.file, f.line, f"unknown {self.kind} field {f.key!r}")
            for g in (f, *f.sub):
                if g.bare and g.key not in bare:
                    raise error(self.file, g.line, f"expected '{g.key}: value'")
            if f.key in seen and f.key not in repeatable:
                raise error(self.file, f.line, f"repeated field {f.key!r}")
            if f.sub and f.key not in with_sub:
                raise error(self.file, f.sub[0].line, f"{f.key!r} takes no sub-fields")
            seen.add(f.key)
        for key in required:
            if key not in seen:
                raise error(self.file, self.line, f"{self.kind} {self.name} has no {key!r}")

    def all(self, key: str) -> list[Field]:
        return [f for f in self.fields if f.key == key]

    def values(self, key: str) -> list[str]:
        """The values of every ``key`` field, in order (a repeatable key)."""
        return [f.value for f in self.fields if f.key == key]

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value of the (single) ``key`` field, or ``default``."""
        found = self.all(key)
        return found[0].value if found else default

    def one(self, key: str, error: ErrorType = BlockFormatError) -> str:
        """The value of the single ``key`` field; an error when it is missing."""
        found = self.all(key)
        if not found:
            raise error(self.file, self.line, f"{self.kind} {self.name} has no {key!r}")
        return found[0].value

    def lines(self, key: str = "lines", error: ErrorType = BlockFormatError) -> tuple[int, ...]:
        """The single ``lines`` field read by :func:`parse_lines`."""
        f = self.all(key)
        if not f:
            raise error(self.file, self.line, f"{self.kind} {self.name} has no {key!r}")
        return field_lines(self.file, f[0].value, f[0].line, error)


def read_blocks(
    path: Path | str,
    *,
    kinds: Iterable[str] | None = None,
    named: bool = False,
    unique: bool = False,
    error: ErrorType = BlockFormatError,
) -> list[Block]:
    """Read a block file. ``kinds``: the block kinds allowed (None: any); ``named``: every block
    needs a name; ``unique``: no two blocks of a kind share a name."""
    path = Path(path)
    file = str(path)
    allowed = None if kinds is None else set(kinds)
    blocks: list[Block] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.rstrip()
        content = text.lstrip(" \t")
        if not content or content.startswith("#"):
            continue
        if "\t" in text[: len(text) - len(content)]:
            raise error(file, number, "tab character; indent with spaces")
        indent = len(text) - len(content)
        if indent == 0:
            kind, _, name = content.partition(" ")
            name = name.strip()
            if allowed is not None and kind not in allowed:
                wanted = " or ".join(f"'{k} ID'" for k in sorted(allowed))
                raise error(file, number, f"expected {wanted}, got {content!r}")
            if named and not name:
                raise error(file, number, f"block {kind!r} needs a name")
            blocks.append(Block(kind, name, number, file))
            continue
        if not blocks:
            what = " or ".join(sorted(allowed)) if allowed else "block"
            raise error(file, number, f"a field before any {what}")
        key, sep, value = content.partition(":")
        if not sep:
            key, value = content, ""
        item = Field(key.strip(), value.strip(), number, bare=not sep)
        if not item.key or " " in item.key:
            raise error(file, number, f"expected 'key: value', got {content!r}")
        if indent == 2:
            blocks[-1].fields.append(item)
        elif indent == 4:
            if not blocks[-1].fields:
                raise error(file, number, "sub-field before any field")
            blocks[-1].fields[-1].sub.append(item)
        else:
            raise error(file, number, f"indentation {indent}: use 2 or 4")
    if unique:
        seen: dict[tuple[str, str], int] = {}
        for b in blocks:
            if (b.kind, b.name) in seen:
                raise error(file, b.line, f"{b.kind} {b.name} given twice")
            seen[(b.kind, b.name)] = b.line
    return blocks


_RANGE = re.compile(r"([0-9]+)(?:-([0-9]+))?")


def parse_lines(text: str) -> tuple[int, ...]:
    """A line citation: ``"909"`` -> (909,); ``"28-30"`` -> (28, 29, 30); ``"9, 21"`` -> (9, 21).
    Raises ValueError."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        m = _RANGE.fullmatch(part)
        if not m:
            raise ValueError(f"bad line citation {text!r}")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo:
            raise ValueError(f"bad line range {part!r}")
        out.extend(range(lo, hi + 1))
    return tuple(out)


def format_lines(lines: Iterable[int]) -> str:
    """The inverse of :func:`parse_lines`, runs of three or more written as ranges."""
    lines = list(lines)
    parts: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and lines[j + 1] == lines[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{lines[i]}-{lines[j]}")
        else:
            parts.extend(str(n) for n in lines[i : j + 1])
        i = j + 1
    return ", ".join(parts)


def field_lines(
    file: str, text: str, line: int, error: ErrorType = BlockFormatError
) -> tuple[int, ...]:
    """:func:`parse_lines`, its error naming ``file`` and ``line``."""
    try:
        return parse_lines(text)
    except ValueError as exc:
        raise error(file, line, str(exc)) from None


def parse_bool(
    file: str, text: str, line: int, error: ErrorType = BlockFormatError
) -> bool:
    """``yes`` / ``no``."""
    if text not in ("yes", "no"):
        raise error(file, line, f"expected 'yes' or 'no', got {text!r}")
    return text == "yes"
