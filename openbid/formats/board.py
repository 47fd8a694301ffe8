"""A board as a file gives it (or as openbid writes it), and a part of a file that cannot be read.

A :class:`Board` keeps what the formats carry: the number, dealer and vulnerability, the four
hands (each may be unknown), the calls from the dealer with each call's explanation (a PBN note,
a LIN alert), whether the auction reached its end, the other tags as given (Event, the players,
Contract, Result, ...), and the double-dummy tricks when the file has them. An
:class:`Unreadable` names the file, the line and the board (when known) and the problem; the
readers yield it in place of the board and go on with the next board where they safely can.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

from openbid.base.errors import OpenbidError
from openbid.bridge.duplicate import VULNERABILITIES, board as board_cycle
from openbid.bridge.notation import SEATS, deal_key, deal_text, ended

# (declarer, strain) -> tricks, strain S H D C NT (as openbid.dd.solve names them)
DDTable = dict[tuple[str, str], int]
STRAINS = ("S", "H", "D", "C", "NT")


@dataclass(frozen=True)
class Board:
    """One board. ``hands``: PBN text of each hand, N E S W (None: not given). ``auction``:
    canonical calls from the dealer; ``notes``: each call's explanation ('' none); ``alerts``:
    each call alerted. ``tags``: the file's other tags in order (PBN names; LIN's players as
    North ... West). ``dd``: double-dummy tricks by (declarer, strain) when the file gives them.
    ``source`` and ``line``: where the board starts."""

    number: int | None = None
    dealer: str | None = None
    vul: str | None = None
    hands: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    auction: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    alerts: tuple[bool, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    dd: tuple[tuple[str, str, int], ...] = ()
    source: str = ""
    line: int = 0

    @property
    def complete(self) -> bool:
        """The auction reached its end (three passes after a call, or four passes)."""
        return ended(self.auction)

    @property
    def whole(self) -> bool:
        """All four hands are given."""
        return all(h is not None for h in self.hands)

    @property
    def deal(self) -> str | None:
        """The deal's key (from North, ranks in order), or None unless all four hands are given."""
        return deal_key(deal_text(self.hands)) if self.whole else None

    def hand(self, seat: str) -> str | None:
        return self.hands[SEATS.index(seat)]

    def tag(self, name: str, default: str = "") -> str:
        for k, v in self.tags:
            if k == name:
                return v
        return default

    @property
    def dd_table(self) -> DDTable:
        return {(d, s): t for d, s, t in self.dd}

    @property
    def where(self) -> str:
        """``file:line: board 7``: where a message about this board points."""
        at = f"{self.source}:{self.line}" if self.source else f"line {self.line}"
        return f"{at}: board {self.number}" if self.number is not None else at


@dataclass(frozen=True)
class Unreadable:
    """A board (or a part of a file) that cannot be read, and why."""

    source: str
    line: int
    problem: str
    board: int | None = None

    def __str__(self) -> str:
        if not self.line:  # the whole file: the problem names it
            return self.problem
        where = f"{self.source}:{self.line}"
        return f"{where}: board {self.board}: {self.problem}" if self.board is not None else \
            f"{where}: {self.problem}"


Item = Board | Unreadable


def by_cycle(number: int | None) -> tuple[str | None, str | None]:
    """The dealer and vulnerability of a board number by the standard 16-board cycle."""
    if number is None or number < 1:
        return None, None
    b = board_cycle(number)
    return b.dealer, b.vul


VUL_WORDS = {"none": "none", "love": "none", "-": "none", "ns": "NS", "ew": "EW", "all": "both",
             "both": "both"}
assert set(VUL_WORDS.values()) == set(VULNERABILITIES)


def strict(items: Iterator[Item]) -> Iterator[Board]:
    """The boards of a reading; the first problem raised as an :class:`OpenbidError` (for the
    commands that need every board of a file: ``compare --boards``, ``dd fill --boards``)."""
    for item in items:
        if isinstance(item, Unreadable):
            raise OpenbidError(str(item))
        yield item


def read_file(path: str | Path, read: Callable[[BinaryIO, str], Iterator["Item"]]
              ) -> Iterator["Item"]:
    """``read`` (a format's reader of an open binary file) over the file at ``path``, one item
    at a time: a file that cannot be opened or read is an :class:`OpenbidError` naming it;
    everything else is reported in its place."""
    source = str(path)
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise OpenbidError(f"cannot read {source}: {exc.strerror or exc}") from None
    with fh:
        try:
            yield from read(fh, source)
        except OSError as exc:
            raise OpenbidError(f"cannot read {source}: {exc.strerror or exc}") from None
