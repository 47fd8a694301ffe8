"""Duplicate bridge beyond one score: the IMP scale (WBF), matchpoints, and what a board number
says about the deal (dealer and vulnerability, by the standard 16-board cycle).

Scores here are always North-South's (East-West's are their negatives), as on a traveller.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from openbid.base.errors import OpenbidError
from openbid.bridge.notation import DEAL_VULNERABILITIES, side_vul

# The WBF IMP scale: a difference of points up to IMP_BOUNDS[k] (and above the bound before it)
# is worth k IMPs; above 3,990 it is worth 24.
IMP_BOUNDS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290,
              1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)
MAX_IMPS = len(IMP_BOUNDS)  # 24


def imps(difference: int) -> int:
    """The IMPs a difference of points is worth, signed as the difference: 0-10 points are 0 IMP,
    20-40 are 1, ..., 4,000 and more are 24 (``imps(-620) == -12``). Duplicate scores are
    multiples of 10; any other difference counts as the next multiple of 10 up (15 as 20)."""
    size = abs(int(difference))
    value = bisect_left(IMP_BOUNDS, size)
    return value if difference >= 0 else -value


def imp_range(value: int) -> tuple[int, int | None]:
    """The differences of points worth ``value`` IMPs (0-24): (lowest, highest; None: no limit)."""
    if not 0 <= value <= MAX_IMPS:
        raise OpenbidError(f"IMPs run from 0 to {MAX_IMPS}, not {value}")
    low = 0 if value == 0 else IMP_BOUNDS[value - 1] + 10
    return low, IMP_BOUNDS[value] if value < MAX_IMPS else None


@dataclass(frozen=True)
class Matchpoints:
    """One result's matchpoints against the others on its board: one point for each score it
    beats and half a point for each it ties, out of ``top`` (the number of other scores)."""

    score: int
    points: float
    top: int

    @property
    def percent(self) -> float:
        """Points as a share of the top; alone on a board (top 0) a result has 50 %."""
        return 50.0 if self.top == 0 else 100.0 * self.points / self.top


def matchpoints(score: int, field: list[int] | tuple[int, ...]) -> Matchpoints:
    """``score`` (North-South's) against ``field``, the other North-South scores of the board.
    For East-West, negate every score."""
    beaten = sum(1 for other in field if score > other)
    tied = sum(1 for other in field if score == other)
    return Matchpoints(score, beaten + tied / 2, len(field))


def traveller(scores: list[int] | tuple[int, ...]) -> list[Matchpoints]:
    """Every score of a board against all the others (a traveller), in the order given."""
    return [matchpoints(s, [*scores[:i], *scores[i + 1:]]) for i, s in enumerate(scores)]


# ---- boards ------------------------------------------------------------------------------------
SEATS = "NESW"
VULNERABILITIES = DEAL_VULNERABILITIES
# Boards 1-16 of the standard cycle (Law 2): North deals board 1, then East, South, West; the
# vulnerability rotates so that each side is vulnerable on half the boards.
_CYCLE = ("none", "NS", "EW", "both", "NS", "EW", "both", "none",
          "EW", "both", "none", "NS", "both", "none", "NS", "EW")


@dataclass(frozen=True)
class Board:
    """A duplicate board's number and what it fixes: the dealer (N E S W) and who is
    vulnerable (none, NS, EW, both)."""

    number: int
    dealer: str
    vul: str


def board(number: int) -> Board:
    """Board ``number`` (1, 2, ...): dealer and vulnerability by the standard 16-board cycle,
    repeated (board 17 is as board 1)."""
    if number < 1:
        raise OpenbidError(f"boards are numbered from 1, not {number}")
    return Board(number, SEATS[(number - 1) % 4], _CYCLE[(number - 1) % 16])


def side_vulnerable(vul: str, seat: str) -> bool:
    """Whether ``seat``'s side is vulnerable when ``vul`` (none, NS, EW, both) is."""
    return side_vul(vul, seat)[0]
