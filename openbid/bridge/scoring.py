"""Duplicate bridge scoring of one contract result (Laws of Duplicate Bridge 2017, Law 77).

A :class:`Result` is a contract and the tricks taken relative to it (``4DX +1``: four diamonds
doubled, made with one overtrick). :func:`score` gives the :class:`Score` from the declaring
side's point of view, broken down as Law 77 lists it. docs/SCORING.md says where this departs
from the seed text and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum

from openbid.base.errors import ResultError, shown
from openbid.bridge.notation import ascii_problem

TRICKS_IN_A_DEAL = 13
BOOK = 6  # a contract at level n needs BOOK + n tricks


class Strain(Enum):
    """The denomination of a contract: minors C D, majors H S, and notrump."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def trick_value(self) -> int:
        """Undoubled value of each trick bid and made after the first, and of an overtrick."""
        return 20 if self in (Strain.CLUBS, Strain.DIAMONDS) else 30

    @property
    def first_trick_value(self) -> int:
        """Undoubled value of the first trick bid and made (notrump: 40)."""
        return 40 if self is Strain.NOTRUMP else self.trick_value


class Doubling(IntEnum):
    """Undoubled, doubled (X) or redoubled (XX)."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return "X" * self.value

    @property
    def factor(self) -> int:
        """What doubling multiplies contract points by: 1, 2 or 4."""
        return 2**self.value


@dataclass(frozen=True)
class Contract:
    """A final contract: level 1-7, strain, doubling."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ResultError(f"level {self.level} is not 1-7")

    @property
    def tricks_needed(self) -> int:
        return BOOK + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.suffix}"


@dataclass(frozen=True)
class Result:
    """A contract and the tricks taken relative to it: +1 is one overtrick, -2 two down."""

    contract: Contract
    relative: int

    def __post_init__(self) -> None:
        if not 0 <= self.tricks_taken <= TRICKS_IN_A_DEAL:
            raise ResultError(
                f"impossible result {self}: {self.contract} needs {self.contract.tricks_needed}"
                f" tricks, so {_signed(self.relative)} means {self.tricks_taken} tricks taken"
                f" (possible: {_signed(-self.contract.tricks_needed)} to"
                f" {_signed(TRICKS_IN_A_DEAL - self.contract.tricks_needed)})"
            )

    @property
    def tricks_taken(self) -> int:
        return self.contract.tricks_needed + self.relative

    @property
    def made(self) -> bool:
        return self.relative >= 0

    def __str__(self) -> str:
        return f"{self.contract} {_signed(self.relative)}"


def _signed(tricks: int) -> str:
    """The seed's way of writing relative tricks: ``+1``, ``0``, ``-3``."""
    return f"{tricks:+d}" if tricks else "0"


_RESULT = re.compile(
    r"([0-9]+)(NT|[CDHS])(X*)(?:\s*(=)|\s*([+-][0-9]+)|\s+([0-9]+))", re.IGNORECASE)


def parse_result(text: str) -> Result:
    """Read a result: the seed's format, ``4DX +1``, ``7NTXX -13``, ``3NT 0`` (the ``+`` is
    optional), or the travelling-score forms ``4S=``, ``4S+1``, ``3NTX-2`` (no space needed
    before a sign; ``=`` is made exactly)."""
    why = ascii_problem(text.strip())
    if why:
        raise ResultError(f"cannot read {shown(text.strip())} as a result: {why}")
    match = _RESULT.fullmatch(text.strip())
    if match is None:
        raise ResultError(
            f"cannot read {shown(text.strip())} as a result: expected a level 1-7, a strain"
            " (C D H S NT), an optional X or XX, then the tricks relative to the contract,"
            " e.g. '4DX +1', '3NT 0', '7NTXX -13', or as on a traveller '4S=', '4S+1', '3NTX-2'"
        )
    level, strain, doubling, exact, signed, plain = match.groups()
    relative = "0" if exact else signed or plain
    if len(level) > 1 or not 1 <= int(level) <= 7:
        raise ResultError(f"{shown(text.strip())}: the level must be 1-7, not {level[:20]}")
    if len(relative.lstrip("+-")) > 2:  # no int() of a thousand digits
        raise ResultError(f"impossible result {shown(text.strip())}: a deal has 13 tricks")
    if len(doubling) > 2:
        raise ResultError(f"{shown(text.strip())}: doubling must be none, X or XX, not "
                          f"{shown(doubling)}")
    contract = Contract(int(level), Strain(strain.upper()), Doubling(len(doubling)))
    return Result(contract, int(relative))


def is_compact_result(word: str) -> bool:
    """Whether one word is a whole result by itself (``4S=``, ``4S+1``, ``3NTX-2``), as opposed
    to a contract waiting for its tricks (``4S``) or tricks alone (``+1``)."""
    return re.fullmatch(r"[0-9]+(NT|[CDHS])X*(=|[+-][0-9]+)", word.strip(), re.IGNORECASE) is not None


_CONTRACT = re.compile(r"([1-7])(NT|[CDHS])(X{0,2})", re.IGNORECASE)


def parse_contract(text: str) -> Contract | None:
    """A final contract as the auction names it: ``4SX``, ``3NT``, ``7NTXX``; ``PASS`` (passed
    out) is None."""
    body = text.strip()
    if body.upper() in ("PASS", "P"):
        return None
    match = _CONTRACT.fullmatch(body)
    if match is None:
        raise ResultError(f"cannot read {shown(body)} as a contract: expected a level 1-7, a"
                          " strain (C D H S NT) and an optional X or XX, e.g. '4SX', or PASS")
    level, strain, doubling = match.groups()
    return Contract(int(level), Strain(strain.upper()), Doubling(len(doubling)))


@dataclass(frozen=True)
class Score:
    """A score and its breakdown, from the declaring side. ``penalty`` is negative or zero."""

    contract_points: int = 0
    overtricks: int = 0
    slam_bonus: int = 0
    insult: int = 0
    game_bonus: int = 0
    part_score_bonus: int = 0
    penalty: int = 0

    @property
    def total(self) -> int:
        return sum(points for _, points in self.breakdown())

    def breakdown(self) -> tuple[tuple[str, int], ...]:
        """Every component as (field name, points), in the order of Law 77."""
        return (
            ("contract_points", self.contract_points),
            ("overtricks", self.overtricks),
            ("slam_bonus", self.slam_bonus),
            ("insult", self.insult),
            ("game_bonus", self.game_bonus),
            ("part_score_bonus", self.part_score_bonus),
            ("penalty", self.penalty),
        )


def contract_points(contract: Contract) -> int:
    """Points for the tricks bid and made: these decide game (>= 100) or part-score."""
    strain = contract.strain
    undoubled = strain.first_trick_value + (contract.level - 1) * strain.trick_value
    return undoubled * contract.doubling.factor


def _overtrick_value(contract: Contract, vulnerable: bool) -> int:
    if contract.doubling is Doubling.UNDOUBLED:
        return contract.strain.trick_value
    return (200 if vulnerable else 100) * contract.doubling.factor // 2


def _undertrick_value(nth: int, doubling: Doubling, vulnerable: bool) -> int:
    """What the nth undertrick (1-based) costs."""
    if doubling is Doubling.UNDOUBLED:
        return 100 if vulnerable else 50
    if vulnerable:
        doubled = 200 if nth == 1 else 300
    else:
        doubled = 100 if nth == 1 else 200 if nth <= 3 else 300
    return doubled * doubling.factor // 2


def score(result: Result, vulnerable: bool) -> Score:
    """The duplicate score of ``result`` for the declaring side (Law 77)."""
    contract = result.contract
    if not result.made:
        undertricks = -result.relative
        cost = sum(
            _undertrick_value(nth, contract.doubling, vulnerable)
            for nth in range(1, undertricks + 1)
        )
        return Score(penalty=-cost)
    points = contract_points(contract)
    game = points >= 100
    slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}
    return Score(
        contract_points=points,
        overtricks=result.relative * _overtrick_value(contract, vulnerable),
        slam_bonus=slam.get(contract.level, 0),
        insult=50 * contract.doubling.value,
        game_bonus=(500 if vulnerable else 300) if game else 0,
        part_score_bonus=0 if game else 50,
    )


SIDES = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def score_ns(contract: Contract | None, declarer: str | None, tricks: int | None,
             vulnerable: str) -> int:
    """North-South's score of a board: ``contract`` (None: passed out, 0) played by
    ``declarer`` (N E S W) taking ``tricks`` (0-13), with ``vulnerable`` none, NS, EW or both."""
    if contract is None:
        return 0
    if declarer not in SIDES or tricks is None:
        raise ResultError(f"a contract needs a declarer (N E S W) and its tricks, not "
                          f"{declarer!r} and {tricks!r}")
    side = SIDES[declarer]
    vul = vulnerable in ("both", side)
    points = score(Result(contract, tricks - contract.tricks_needed), vul).total
    return points if side == "NS" else -points
