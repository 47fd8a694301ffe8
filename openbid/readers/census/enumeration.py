"""Exact, weighted enumeration of every hand class (redeal's SmartStack idea): the classes and
the chunks they are read in.

A hand class fixes, per suit, which of A K Q J T are held and how many spot cards there are: all
OPENBID can see (openbid.verify.soundness shows it). There are 34,033,880 classes; a class with spot
counts (n_C, n_D, n_H, n_S) stands for prod C(8, n_s) hands, and the weights sum to
C(52, 13) = 635,013,559,600 (asserted on every full run).

In a suit whose ten nothing in a pass reads (openbid.readers.census.relevance: for OPENBID, diamonds), the ten
is counted as a spot card: the classes with and without it merge into one row of weight
C(9, small cards) that stands for both (its ``multiplicity``). Every count, in hands and in
classes, is unchanged (tests/test_census_slow.py compares the two on the whole pass); there are
39% fewer rows.

The readers of a chunk: openbid.readers.census.array_hand (descriptors) and openbid.readers.census.array_rules (the rules table
and expressions). The passes over all chunks: openbid.readers.census.census (grouped counts) and openbid.readers.census.gram
(Part One's pairwise counts), run by openbid.readers.workers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Iterator, Sequence

import numpy as np

from openbid.model.hand import Hand
from openbid.model.playtricks import suit_playtricks

TOTAL_HANDS = comb(52, 13)  # 635,013,559,600
TOTAL_CLASSES = 34_033_880
SUITS = (1, 2, 3, 4)  # C D H S


# ---- per-suit classes ----------------------------------------------------------------------
@dataclass(frozen=True)
class SuitClasses:
    """Every (honour mask, spot count) of one suit: 288 classes, numbered 0..287."""

    mask: np.ndarray
    spots: np.ndarray
    length: np.ndarray
    weight: np.ndarray
    # With the ten counted as a spot card (openbid.readers.census.relevance): the classes that stand for a
    # merged class (all without the ten, and the ten with eight spot cards), the hands of the
    # merged class (C(9, small cards)) and how many classes it merges (1 or 2); 0 elsewhere.
    representative: np.ndarray
    merged_weight: np.ndarray
    multiplicity: np.ndarray

    @staticmethod
    @lru_cache(maxsize=1)
    def build() -> "SuitClasses":
        rows = [(m, n) for m in range(32) for n in range(9)]
        mask = np.array([m for m, _ in rows], dtype=np.int16)
        spots = np.array([n for _, n in rows], dtype=np.int16)
        length = np.array([bin(m).count("1") + n for m, n in rows], dtype=np.int16)
        weight = np.array([comb(8, n) for _, n in rows], dtype=np.int64)
        ten = [m & 1 for m, _ in rows]
        small = [t + n for t, (_, n) in zip(ten, rows)]  # the ten and the spot cards
        representative = np.array([t == 0 or n == 8 for t, (_, n) in zip(ten, rows)])
        merged_weight = np.where(representative, [comb(9, k) for k in small], 0).astype(np.int64)
        multiplicity = np.where(representative, [1 + (t == 0 and k >= 1) for t, k in zip(ten, small)],
                                0).astype(np.int64)
        return SuitClasses(mask, spots, length, weight, representative, merged_weight, multiplicity)

    def bit(self, rank: str) -> np.ndarray:
        return (self.mask >> "TJQKA".index(rank)) & 1

    def pt(self, source: str) -> np.ndarray:
        if source in _PT_TABLES:
            return _PT_TABLES[source]
        out = np.zeros(len(self.mask), dtype=np.int16)
        for i, (m, n) in enumerate(zip(self.mask, self.length)):
            a, k, q, j = ((int(m) >> b) & 1 for b in (4, 3, 2, 1))
            try:
                out[i] = suit_playtricks(source, bool(a), bool(k), bool(q), bool(j), int(n))
            except ValueError:  # a length the holding cannot have (only above 13 or impossible)
                out[i] = 0
        _PT_TABLES[source] = out
        return out


_PT_TABLES: dict[str, np.ndarray] = {}


def compositions() -> list[tuple[int, int, int, int]]:
    """Suit lengths (C, D, H, S) summing to 13, in a fixed order."""
    return [(c, d, h, 13 - c - d - h) for c in range(14) for d in range(14 - c)
            for h in range(14 - c - d)]


@lru_cache(maxsize=2)
def _by_length(merged: bool = False) -> list[np.ndarray]:
    """Per length, the suit classes of that length (``merged``: only those that stand for a
    class with the ten counted as a spot card)."""
    sc = SuitClasses.build()
    keep = sc.representative if merged else np.ones(len(sc.mask), dtype=bool)
    return [np.flatnonzero((sc.length == n) & keep).astype(np.int16) for n in range(14)]


NONE_MERGED: frozenset[int] = frozenset()


@dataclass
class Chunk:
    """A block of hand classes: per suit the class id (into SuitClasses), and the global offset."""

    ids: dict[int, np.ndarray]  # suit -> class ids
    offset: int
    merged: frozenset[int] = NONE_MERGED  # suits whose classes stand for merged ones

    def __post_init__(self) -> None:
        # Indices of numpy's own index type: a gather with int16 indices converts them first
        # (every descriptor is a gather), and half-hand numbers (up to 288**2) need the width.
        self.ids = {s: np.asarray(a, dtype=np.intp) for s, a in self.ids.items()}

    @property
    def size(self) -> int:
        return len(self.ids[1])


CHUNK_TARGET = 1 << 18  # smaller chunks: less memory and kernel time (benchmarks/bench_census.py)


@lru_cache(maxsize=8)
def chunk_plan(target: int = CHUNK_TARGET, merged: frozenset[int] = NONE_MERGED
               ) -> tuple[tuple[int, tuple[tuple[int, int, int, int], ...]], ...]:
    """Compositions grouped into chunks of about ``target`` rows: (offset, compositions)."""
    by_suit = [_by_length(s in merged) for s in SUITS]
    plan = []
    pending: list[tuple[int, int, int, int]] = []
    size = offset = 0
    for comp in compositions():
        n = int(np.prod([len(by_suit[i][k]) for i, k in enumerate(comp)]))
        if n == 0:
            continue
        pending.append(comp)
        size += n
        if size >= target:
            plan.append((offset, tuple(pending)))
            offset += size
            pending, size = [], 0
    if pending:
        plan.append((offset, tuple(pending)))
    return tuple(plan)


def make_chunk(offset: int, comps: tuple[tuple[int, int, int, int], ...],
               merged: frozenset[int] = NONE_MERGED) -> Chunk:
    by_suit = [_by_length(s in merged) for s in SUITS]
    parts = []
    for comp in comps:
        grids = np.meshgrid(*(by_suit[i][k] for i, k in enumerate(comp)), indexing="ij")
        parts.append([g.ravel() for g in grids])
    return Chunk({s: np.concatenate([p[i] for p in parts]) for i, s in enumerate(SUITS)}, offset,
                 frozenset(merged))


def chunks(target: int = CHUNK_TARGET) -> Iterator[Chunk]:
    """All 34,033,880 classes in a fixed order, in chunks of about ``target`` rows."""
    for offset, comps in chunk_plan(target):
        yield make_chunk(offset, comps)


def class_hand(ids: Sequence[int]) -> Hand:
    """The hand class with per-suit class ids (C, D, H, S)."""
    sc = SuitClasses.build()
    masks = tuple(int(sc.mask[ids[s - 1]]) for s in (4, 3, 2, 1))
    spots = tuple(int(sc.spots[ids[s - 1]]) for s in (4, 3, 2, 1))
    return Hand.from_class(masks, spots)  # type: ignore[arg-type]
