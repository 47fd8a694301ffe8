"""Deals: the key a deal is stored under and seeded random boards (files of boards are read by
:mod:`openbid.formats`).

A deal's key is its PBN deal text from North: ``N:`` and the four hands North, East, South, West,
each ``spades.hearts.diamonds.clubs`` with ranks in order (``N:AKJT.QT874.JT.J2 6.J62...``). Any
spelling of one deal (another first seat, ranks out of order, lower case) has one key.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator

from openbid.bridge.duplicate import board
from openbid.bridge.notation import cards_text as hand_text, deal_key, deal_of_cards, parse_deal
from openbid.bridge.notation import seat_hands

__all__ = ["DealtBoard", "canonical", "hand_text", "hands_of", "key_of", "random_boards",
           "random_deal", "seat_hands", "seeded_boards"]

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
    return list(seeded_boards(count, seed, first))


def seeded_boards(count: int, seed: int | str, first: int = 1) -> Iterator[DealtBoard]:
    """The boards of :func:`random_boards`, dealt one at a time as they are taken (a run of
    millions of boards holds none it has not reached)."""
    for n in range(first, first + count):
        b = board(n)
        yield DealtBoard(n, random_deal(seed, n), b.dealer, b.vul)
