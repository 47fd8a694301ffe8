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
from typing import Iterator

from openbid.bridge.duplicate import VULNERABILITIES, board
from openbid.base.errors import OpenbidError, shown

SEATS = "NESW"
RANKS = "AKQJT98765432"
CARDS = 52


def _cards_of(hand: str, where: str) -> list[int]:
    suits = hand.split(".")
    if len(suits) != 4:
        raise OpenbidError(f"{where}: a hand needs four suits separated by dots, not "
                           f"{shown(hand)}")
    out = []
    for s, ranks in enumerate(suits):
        for r in ranks.upper().replace("10", "T"):
            if r not in RANKS:
                raise OpenbidError(f"{where}: {shown(r)} is not a rank (A K Q J T 9 ... 2) in "
                                   f"{shown(hand)}")
            out.append(s * 13 + RANKS.index(r))
    return out


def hands_of(text: str, where: str = "deal") -> list[list[int]]:
    """The four hands N, E, S, W (card indices 0-51, suit-major S H D C, rank A..2) of a PBN
    deal ``"N:h h h h"`` (any first seat). Raises :class:`OpenbidError` unless it deals each
    card exactly once, thirteen to a hand."""
    body = text.strip()
    match = re.fullmatch(r"([NESWnesw]):\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", body)
    if match is None:
        raise OpenbidError(f"{where}: cannot read {shown(body)} as a deal: expected 'N:' (or E:,"
                           " S:, W:) and four hands such as AKJT.QT874.JT.J2")
    start = SEATS.index(match.group(1).upper())
    hands: list[list[int]] = [[], [], [], []]
    for k in range(4):
        hands[(start + k) % 4] = _cards_of(match.group(k + 2), where)
    for seat, hand in zip(SEATS, hands):
        if len(hand) != 13:
            raise OpenbidError(f"{where}: {seat} holds {len(hand)} cards, not 13")
    seen = sorted(c for h in hands for c in h)
    if seen != list(range(CARDS)):
        twice = sorted({c for c in seen if seen.count(c) > 1})
        card = twice[0] if twice else 0
        raise OpenbidError(f"{where}: the card {'SHDC'[card // 13]}{RANKS[card % 13]} is dealt "
                           "twice")
    return [sorted(h) for h in hands]


def hand_text(cards: list[int]) -> str:
    """PBN of one hand: ``AKJ2.Q4.KT9.876``."""
    return ".".join("".join(RANKS[c % 13] for c in sorted(cards) if c // 13 == s)
                    for s in range(4))


def key_of(hands: list[list[int]]) -> str:
    return "N:" + " ".join(hand_text(h) for h in hands)


def canonical(text: str, where: str = "deal") -> str:
    """The key of a deal given as PBN (``E:...`` becomes ``N:...``)."""
    return key_of(hands_of(text, where))


def seat_hands(key: str) -> dict[str, str]:
    """``{"N": "AKJT.QT874.JT.J2", ...}`` of a deal's key."""
    return dict(zip(SEATS, key[2:].split()))


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
