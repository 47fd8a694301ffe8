"""Seeded random deals, many at a time, as numpy arrays; each a function of the seed and its
index alone.

The scheme (``SCHEME``; any change to it is a new scheme name, and the store keeps them apart):

* Deal ``i`` of a run (0-based) lies in chunk ``c = i // CHUNK`` at position ``j = i % CHUNK``.
* Chunk ``c`` of seed ``s`` reads the PCG64 stream of ``numpy.random.SeedSequence(s,
  spawn_key=(c,))``, 52 raw 64-bit words per deal: deal ``j`` reads words ``52 j .. 52 j + 51``
  (the stream is advanced to them, so any range of a chunk is dealt without the deals before).
* Card ``k`` (0 = the ace of spades ... 12 = the two of spades, 13 = the ace of hearts, ...
  51 = the two of clubs) gets the key ``(word_k >> 38) << 6 | k``: 26 random bits, then the
  card. The cards sorted by key are dealt 13 at a time to North, East, South and West.
* When two of a deal's 52 cards draw the same 26 random bits (about one deal in 50,000), the
  deal is drawn again, in full, from the stream of ``SeedSequence(s, spawn_key=(c, j + 1))``,
  52 words at a time, until no two agree. Given distinct random bits the order of the keys is a
  uniformly random permutation, so every deal is exactly uniform over the 52! / (13!)^4 deals.

Only PCG64's raw words are read (no ``Generator`` method, whose algorithms NumPy may change
between versions): the same seed gives the same deals on any machine, with any numpy that
has PCG64 and SeedSequence (1.17 and later), in any order or grouping of chunks.

A deal is an array ``(4, 4)`` of 13-bit masks: seat N E S W, suit S H D C, bit 12 the ace ...
bit 0 the two (the masks :mod:`openbid.readers.census.fastread` reads)."""

from __future__ import annotations

import numpy as np

from openbid.base.errors import OpenbidError
from openbid.bridge.duplicate import VULNERABILITIES, board
from openbid.bridge.hand import Hand

SCHEME = "openbid-sim-deals-1"
CHUNK = 1 << 16  # deals per seeded chunk
WORDS = 52  # raw words a deal reads
KEY_BITS = 26  # random bits of a card's key
SEATS = "NESW"
VULS = VULNERABILITIES  # a deal's vulnerability code (its place): bit 0 NS, bit 1 EW
RANKS = "AKQJT98765432"
MAX_SEED = 2 ** 63 - 1

# card k -> its bit in a 52-bit hand: suit S H D C from the top, ace high in each suit
_CARD_BIT = np.array([1 << (13 * (3 - k // 13) + 12 - k % 13) for k in range(52)],
                     dtype=np.int64)
_SHIFTS = np.array([39, 26, 13, 0], dtype=np.int64)  # of suits S H D C in a 52-bit hand
_CARDS = np.arange(52, dtype=np.uint32)


def check_seed(seed: object) -> int:
    """The seed as an int (a non-negative integer), or :class:`OpenbidError`."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        text = str(seed).strip()
        if not text.isascii() or not text.isdigit():
            raise OpenbidError(f"--seed {seed!r}: the seed is a whole number from 0")
        seed = int(text)
    seed = int(seed)
    if not 0 <= seed <= MAX_SEED:
        raise OpenbidError(f"--seed {seed}: the seed is a whole number from 0 to {MAX_SEED}")
    return seed


def _keys(words: np.ndarray) -> np.ndarray:
    """Sorted card keys of deals from their raw words (rows of 52)."""
    if KEY_BITS == 26:  # the top 32 bits with the low 6 cleared: fewer 64-bit operations
        keys = (words >> np.uint64(32)).astype(np.uint32)
        keys &= np.uint32(0xFFFFFFC0)
    else:
        keys = ((words >> np.uint64(64 - KEY_BITS)) << np.uint64(6)).astype(np.uint32)
    keys |= _CARDS
    keys.sort(axis=1)
    return keys


def _tied(keys: np.ndarray) -> np.ndarray:
    """Rows whose sorted keys share their random bits somewhere."""
    return np.flatnonzero(((keys[:, 1:] ^ keys[:, :-1]) < 64).any(axis=1))


def deal_range(seed: int, chunk: int, start: int, stop: int) -> np.ndarray:
    """Deals ``start`` .. ``stop - 1`` of chunk ``chunk`` of ``seed``: ``(n, 4, 4)`` int16."""
    if not 0 <= start <= stop <= CHUNK:
        raise ValueError(f"deals {start}..{stop} are not within a chunk of {CHUNK}")
    n = stop - start
    bg = np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(chunk,)))
    bg.advance(WORDS * start)
    keys = _keys(bg.random_raw(WORDS * n).reshape(n, WORDS))
    for row in _tied(keys).tolist():
        again = np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(chunk, start + row + 1)))
        while True:
            got = _keys(again.random_raw(WORDS).reshape(1, WORDS))
            if not len(_tied(got)):
                keys[row] = got[0]
                break
    return masks_of(keys & np.uint32(63))


def masks_of(cards: np.ndarray) -> np.ndarray:
    """Deals given as 52 cards in dealing order (13 to N, E, S, W) as ``(n, 4, 4)`` masks."""
    n = len(cards)
    hands = np.empty((n, 4), dtype=np.int64)
    for seat in range(4):
        acc = _CARD_BIT[cards[:, 13 * seat]]
        for j in range(1, 13):
            acc |= _CARD_BIT[cards[:, 13 * seat + j]]
        hands[:, seat] = acc
    return ((hands[:, :, None] >> _SHIFTS) & 8191).astype(np.int16)


def deals(seed: int, first: int, count: int) -> np.ndarray:
    """Deals ``first`` .. ``first + count - 1`` of the run of ``seed`` (global indices)."""
    parts = [deal_range(seed, c, a, b) for c, a, b in spans(first, first + count)]
    return np.concatenate(parts) if parts else np.zeros((0, 4, 4), dtype=np.int16)


def spans(first: int, stop: int) -> list[tuple[int, int, int]]:
    """The global deals ``first`` .. ``stop - 1`` as (chunk, start, stop) within chunks."""
    out = []
    i = first
    while i < stop:
        c, j = divmod(i, CHUNK)
        end = min(CHUNK, j + stop - i)
        out.append((c, j, end))
        i += end - j
    return out


# -- one deal, for people and for the executor ----------------------------------------------------
def holding(mask: int) -> str:
    return "".join(r for i, r in enumerate(RANKS) if mask >> (12 - i) & 1)


_HOLDINGS = [holding(m) for m in range(1 << 13)]  # every holding's ranks, high to low


def hand_text(masks: np.ndarray) -> str:
    """One seat's four masks (S H D C) as PBN: ``AKJ2.Q4.KT9.876``."""
    return ".".join([_HOLDINGS[m] for m in masks.tolist()])


def hands_of(deal: np.ndarray) -> dict[str, Hand]:
    """A deal ``(4, 4)`` as {seat: Hand}."""
    return {seat: Hand.parse(hand_text(deal[k])) for k, seat in enumerate(SEATS)}


def deal_key(deal: np.ndarray) -> str:
    """The deal's key (``N:`` and the four hands, as :mod:`openbid.bridge.deals` keys deals)."""
    return "N:" + " ".join(hand_text(deal[k]) for k in range(4))


# -- dealer and vulnerability -----------------------------------------------------------------
CYCLE = "cycle"  # dealer and vulnerability by the board number (index + 1), 16-board cycle


def dealers(setting: str, first: int, count: int) -> np.ndarray | int:
    """Each deal's dealer (0 = N ... 3 = W): one seat, or by the board cycle."""
    if setting != CYCLE:
        return SEATS.index(setting)
    cycle = np.array([SEATS.index(board(n).dealer) for n in range(1, 17)], dtype=np.int8)
    return cycle[(np.arange(first, first + count) % 16)]


def vulnerabilities(setting: str, first: int, count: int) -> np.ndarray | int:
    """Each deal's vulnerability code (bit 0: NS vulnerable, bit 1: EW): one for all, or by the
    board cycle."""
    if setting != CYCLE:
        return VULS.index(setting)
    cycle = np.array([VULS.index(board(n).vul) for n in range(1, 17)], dtype=np.int8)
    return cycle[(np.arange(first, first + count) % 16)]


def dealer_of(setting: str, index: int) -> str:
    return board(index + 1).dealer if setting == CYCLE else setting


def vul_of(setting: str, index: int) -> str:
    return board(index + 1).vul if setting == CYCLE else setting
