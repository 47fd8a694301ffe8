"""Deals: the key a deal is stored under, seeded random boards, and boards read from PBN files.

A deal's key is its PBN deal text from North: ``N:`` and the four hands North, East, South, West,
each ``spades.hearts.diamonds.clubs`` with ranks in order (``N:AKJT.QT874.JT.J2 6.J62...``). Any
spelling of one deal (another first seat, ranks out of order, lower case) has one key.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from openbid.bridge.duplicate import VULNERABILITIES, board
from openbid.bridge.notation import cards_text as hand_text, deal_key, deal_of_cards, parse_deal
from openbid.bridge.notation import seat_hands
from openbid.base.errors import OpenbidError, shown

__all__ = ["DealtBoard", "canonical", "hand_text", "hands_of", "key_of", "random_boards",
           "random_deal", "read_pbn", "seat_hands"]

SEATS = "NESW"
RANKS = "AKQJT98765432"
CARDS = 52


def hands_of(text: str, where: str = "deal") -> list[list[int]]:
    """The four hands N, E, S, W (card indices 0-51, suit-major S H D C, rank A..2) of a PBN
    deal ``"N:h h h h"`` (any first seat): :func:`openbid.bridge.notation.parse_deal`."""
    return [h for h in parse_deal(text, where) if h is not None]


def key_of(hands: list[list[int]]) -> str:
    return deal_of_cards(hands)


def canonical(text: str, where: str = "deal") -> str:
    """The key of a deal given as PBN (``E:...`` becomes ``N:...``)."""
    return deal_key(text, where)


def random_deal(seed: int | str, number: int) -> str:
    """Board ``number`` of the seeded set ``seed``: a uniformly random deal that depends on the
    seed and the number only (a string seed is hashed with SHA-512, stable across Python
    versions and machines)."""
    rng = random.Random(f"openbid.boards:{seed}:{number}")
    cards = list(range(CARDS))
    rng.shuffle(cards)
    return key_of([sorted(cards[13 * h:13 * h + 13]) for h in range(4)])


@dataclass(frozen=True)
class DealtBoard:
    """A duplicate board: its number, the deal (key), dealer and vulnerability."""

    number: int
    deal: str
    dealer: str
    vul: str


def random_boards(count: int, seed: int | str, first: int = 1) -> list[DealtBoard]:
    """Boards ``first`` .. ``first + count - 1`` of the seeded set, dealer and vulnerability by
    the board number (the standard 16-board cycle)."""
    out = []
    for n in range(first, first + count):
        b = board(n)
        out.append(DealtBoard(n, random_deal(seed, n), b.dealer, b.vul))
    return out


_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]\s*$')
_PBN_VUL = {"none": "none", "-": "none", "love": "none", "ns": "NS", "ew": "EW", "all": "both",
            "both": "both"}


def read_pbn(path: str | Path) -> list[DealtBoard]:
    """The boards of a PBN file: each ``[Deal "..."]`` tag, with its ``[Board]``, ``[Dealer]``
    and ``[Vulnerable]`` tags when given (otherwise the board number, counting the deals from
    1, gives them by the standard cycle). Errors name the file and line."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise OpenbidError(f"cannot read {path}: {why}") from None
    boards: list[DealtBoard] = []
    tags: dict[str, tuple[int, str]] = {}

    def close() -> None:
        if "Deal" not in tags:
            return
        no, deal = tags["Deal"]
        where = f"{path}:{no}"
        number = len(boards) + 1
        if "Board" in tags and tags["Board"][1].strip():
            got = tags["Board"][1].strip()
            if not got.isascii() or not got.isdigit() or not 1 <= int(got) <= 10**6:
                raise OpenbidError(f"{path}:{tags['Board'][0]}: board number {shown(got)} is "
                                   "not a number from 1")
            number = int(got)
        cycle = board(number)
        dealer = tags.get("Dealer", (0, cycle.dealer))[1].strip().upper() or cycle.dealer
        if dealer not in SEATS:
            raise OpenbidError(f"{path}:{tags['Dealer'][0]}: dealer {shown(dealer)} is not one "
                               "of N E S W")
        vul_text = tags.get("Vulnerable", (0, cycle.vul))[1].strip()
        vul = _PBN_VUL.get(vul_text.lower()) if vul_text else cycle.vul
        if vul is None or vul not in VULNERABILITIES:
            raise OpenbidError(f"{path}:{tags['Vulnerable'][0]}: vulnerability {shown(vul_text)}"
                               " is not None, NS, EW or All")
        boards.append(DealtBoard(number, canonical(deal, where), dealer, vul))

    for no, line in enumerate(text.splitlines(), 1):  # a blank line ends a game (PBN)
        if not line.strip():
            close()
            tags = {}
            continue
        match = _TAG.match(line.strip())
        if match is None:
            continue
        name, value = match.groups()
        if name in ("Board", "Deal") and "Deal" in tags:  # a new game without a blank line
            close()
            tags = {}
        if name in ("Board", "Dealer", "Vulnerable", "Deal"):
            tags[name] = (no, value)
    close()
    if not boards:
        raise OpenbidError(f"{path}: no [Deal \"...\"] tag: not a PBN file of boards")
    return boards
