"""Boards from a file of either format: PBN or LIN, told by the file's name (``.pbn``,
``.lin``) or else by its first bytes (a PBN file opens with ``%``, ``[`` or a comment; a LIN
file with a two-letter key and ``|``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from openbid.base.errors import OpenbidError
from openbid.formats.board import Item


def format_of(path: str | Path) -> str:
    """``pbn`` or ``lin``: by the name's extension, else by the first bytes."""
    suffix = Path(path).suffix.lower()
    if suffix in (".pbn", ".lin"):
        return suffix[1:]
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError as exc:
        raise OpenbidError(f"cannot read {path}: {exc.strerror or exc}") from None
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if re.match(rb"[A-Za-z]{2}\|", text):
        return "lin"
    if text[:1] in (b"%", b"[", b";", b"{") or not text:
        return "pbn"
    raise OpenbidError(f"{path}: neither PBN (a file of [Tag \"value\"] pairs) nor LIN (key|value| "
                       "pairs): name it .pbn or .lin")


def read_boards(path: str | Path, fmt: str | None = None) -> Iterator[Item]:
    """The boards of a PBN or LIN file, one at a time (problems in their place)."""
    kind = fmt or format_of(path)
    if kind == "pbn":
        from openbid.formats.pbn import read_pbn

        return read_pbn(path)
    if kind == "lin":
        from openbid.formats.lin import read_lin

        return read_lin(path)
    raise OpenbidError(f"no board format {kind!r}: pbn or lin")
