"""A session's boards audited against a system: every call of every board with an auction is
re-bid by the system (the same hand, the same auction so far, the vulnerability from the
bidder's side) and compared with the call made at the table.

Per board, the first call where the table departs from the system: the board, the node (the
auction before the call), the seat, the call made, the call the system makes and its rule. A
board *agrees* when its auction is complete and every call audited is the system's (a pass where
the system has no rules is its pass); it is *incomplete* when the file ends the auction early
and every call given agrees; it goes *beyond the system* when the table bids where the system has
no rules (no rule to depart from: the audit of that board stops there). Calls of a seat whose
hand the file does not give, and with ``side`` the other side's calls, are taken as made (a
board that gives none of the audited hands is counted apart: *no hands*).

Departures are counted per node and per rule (ranked); each node also counts the boards whose
audited calls reached it. Boards that cannot be read (and files that cannot be opened) are
collected with their place; the others are audited. Returns data; never prints.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from openbid.base.errors import OpenbidError
from openbid.bridge.hand import Hand
from openbid.bridge.notation import SEATS, seat_vul
from openbid.formats.board import Board, Unreadable
from openbid.formats.output import rule_note
from openbid.formats.read import read_boards
from openbid.systems.auction import System

AGREES, DEPARTS, INCOMPLETE, BEYOND, NO_AUCTION, NO_HANDS = (
    "agrees", "departs", "incomplete", "beyond the system", "no auction", "no hands")
STATUSES = (AGREES, DEPARTS, INCOMPLETE, BEYOND, NO_AUCTION, NO_HANDS)
SIDES = {"both": "NESW", "NS": "NS", "EW": "EW"}


@dataclass(frozen=True)
class Departure:
    """The first call where the table left the system."""

    node: tuple[str, ...]  # the auction before the call
    seat: str
    made: str  # the table's call
    system: str  # the system's call
    rule: str  # the system's bid point (``PATTERN/LABEL``; '' a pass by falling through)
    note: str  # the rule as a note reads: ``sayc 1NT */3a (Stayman)``

    @property
    def node_text(self) -> str:
        return " ".join(self.node) or "(opening)"


@dataclass(frozen=True)
class BoardAudit:
    source: str
    line: int
    number: int | None
    dealer: str
    auction: tuple[str, ...]
    status: str
    checked: int  # calls compared with the system's
    departure: Departure | None = None
    beyond: tuple[tuple[str, ...], str, str] | None = None  # (node, seat, call) off the rules
    reached: tuple[tuple[str, ...], ...] = field(default=(), compare=False, repr=False)

    @property
    def where(self) -> str:
        at = f"{self.source}:{self.line}"
        return f"board {self.number} ({at})" if self.number is not None else f"the board at {at}"


@dataclass
class Audit:
    system: str
    side: str
    files: list[str] = field(default_factory=list)
    boards: list[BoardAudit] = field(default_factory=list)
    problems: list[Unreadable] = field(default_factory=list)
    reached: Counter = field(default_factory=Counter)  # node -> boards whose audit reached it

    def count(self, status: str) -> int:
        return sum(1 for b in self.boards if b.status == status)

    @property
    def departures(self) -> list[BoardAudit]:
        return [b for b in self.boards if b.departure is not None]

    def by_node(self) -> list[tuple[tuple[str, ...], int, int]]:
        """(node, boards departing there, boards reaching it), most departures first."""
        got = Counter(b.departure.node for b in self.departures if b.departure)
        return sorted(((n, k, self.reached[n]) for n, k in got.items()),
                      key=lambda t: (-t[1], len(t[0]), t[0]))

    def by_rule(self) -> list[tuple[str, str, int]]:
        """(rule, its note, boards departing from it), most first."""
        got: Counter = Counter()
        notes: dict[str, str] = {}
        for b in self.departures:
            assert b.departure is not None
            key = b.departure.rule or f"{b.departure.node_text}/(pass)"
            got[key] += 1
            # (a pass by falling through is told apart by its node: the note alone is the
            # same at every node)
            d = b.departure
            notes.setdefault(key, d.note if d.rule else d.note + (
                f" after {d.node_text}" if d.node else " at the opening"))
        return sorted(((r, notes[r], k) for r, k in got.items()), key=lambda t: (-t[2], t[0]))

    def beyond_by_node(self) -> list[tuple[tuple[str, ...], int]]:
        got = Counter(b.beyond[0] for b in self.boards if b.beyond)
        return sorted(got.items(), key=lambda t: (-t[1], len(t[0]), t[0]))

    @property
    def exit_code(self) -> int:
        """2 when a file or a board could not be read, else 1 when a board departs, else 0."""
        return 2 if self.problems else 1 if self.departures else 0


def audit_board(system: System, board: Board, seats: str = "NESW") -> BoardAudit:
    """One board re-bid by ``system``; :class:`OpenbidError` when it cannot be (no dealer, the
    vulnerability not given where the system reads it, ...)."""
    if not board.auction:
        return BoardAudit(board.source, board.line, board.number, board.dealer or "", (),
                          NO_AUCTION, 0)
    if board.dealer is None:
        raise OpenbidError("the dealer is not given (no Dealer tag, board number or md)")
    start = SEATS.index(board.dealer)
    hands = {s: Hand.parse(h) for s, h in zip(SEATS, board.hands) if h is not None}
    reached: list[tuple[str, ...]] = []
    if not any(s in hands for s in seats):
        return BoardAudit(board.source, board.line, board.number, board.dealer, board.auction,
                          NO_HANDS, 0)

    def result(status: str, departure: Departure | None = None, beyond=None) -> BoardAudit:
        return BoardAudit(board.source, board.line, board.number, board.dealer or "",
                          board.auction, status, len(reached), departure, beyond,
                          tuple(reached))

    for i, made in enumerate(board.auction):
        seat = SEATS[(start + i) % 4]
        if seat not in seats or seat not in hands:
            continue
        node = tuple(board.auction[:i])
        vul = None if board.vul is None else seat_vul(board.vul, seat)
        choice = system.call(node, hands[seat], vul)
        if choice.off_system and made != "PASS":
            return result(BEYOND, beyond=(node, seat, made))
        reached.append(node)
        if choice.call != made:
            return result(DEPARTS, Departure(node, seat, made, choice.call, choice.label,
                                             rule_note(system, node, choice)))
    return result(AGREES if board.complete else INCOMPLETE)


def audit(files: Iterable[str | Path], system: System, side: str = "both",
          on_problem: Callable[[Unreadable], None] | None = None,
          progress: Callable[[int, int | None], None] | None = None) -> Audit:
    """Every board of ``files`` (PBN or LIN) audited against ``system``; ``side``: both (every
    player plays the system), NS or EW (the other side's calls taken as made). ``on_problem``
    hears of each unreadable board as it comes; ``progress(boards, None)`` of each board
    audited (the files are streamed: no total)."""
    if side not in SIDES:
        raise OpenbidError(f"side {side!r}: both, NS or EW")
    seats = SIDES[side]
    out = Audit(system.title, side)

    def problem(p: Unreadable) -> None:
        out.problems.append(p)
        if on_problem is not None:
            on_problem(p)

    for path in files:
        out.files.append(str(path))
        try:
            for item in read_boards(path):
                if isinstance(item, Unreadable):
                    problem(item)
                    continue
                try:
                    got = audit_board(system, item, seats)
                except OpenbidError as exc:
                    problem(Unreadable(item.source, item.line, f"cannot be audited: {exc}",
                                       item.number))
                    continue
                out.boards.append(got)
                out.reached.update(set(got.reached))
                if progress is not None:
                    progress(len(out.boards), None)
        except OpenbidError as exc:
            problem(Unreadable(str(path), 0, str(exc)))
    return out
