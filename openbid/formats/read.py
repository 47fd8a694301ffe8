"""Boards from a file of either format: PBN or LIN, told by the file's name (``.pbn``,
``.lin``) or else by its first bytes (a PBN file opens with ``%``, ``[`` or a comment; a LIN
file with a two-letter key and ``|``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from openbid.base.errors import OpenbidError
from openbid.bridge.deals import DealtBoard
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


def dealt_boards(path: str | Path, limit: int | None = None) -> Iterator[DealtBoard]:
    """The deals of a PBN or LIN file as duplicate boards (``compare --boards``, ``dd fill
    --boards``), read a board at a time and no further than ``limit`` boards. A board without a
    number is numbered by its place among the deals (from 1); dealer and vulnerability not given
    follow the number by the standard cycle. A game that gives no hand at all (a header) is
    passed over; any other problem (a board that cannot be read, a deal not given in full) is an
    :class:`OpenbidError` naming the file, line and board. A file of no deal is one too."""
    from openbid.formats.board import Unreadable, by_cycle

    count = 0
    for item in read_boards(path):
        if limit is not None and count >= limit:
            return
        if isinstance(item, Unreadable):
            raise OpenbidError(str(item))
        if all(h is None for h in item.hands):
            continue
        if not item.whole:
            raise OpenbidError(f"{item.where}: the deal gives {sum(h is not None for h in item.hands)}"
                               " of the four hands; every hand is needed to play the board")
        count += 1
        number = item.number if item.number is not None else count
        dealer, vul = by_cycle(number)
        yield DealtBoard(number, item.deal or "", item.dealer or dealer or "N",
                         item.vul or vul or "none")
    if count == 0:
        raise OpenbidError(f"{path}: no deal in the file (a PBN [Deal \"...\"] tag or a LIN md "
                           "record): not a file of boards")
