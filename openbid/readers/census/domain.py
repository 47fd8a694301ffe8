"""Exact, weighted enumeration of every hand class of a pass (redeal's SmartStack idea).

A hand class fixes, per suit, a state of the pass's rank model (openbid.bridge.ranks): which
tracked ranks are held and how many small cards. A class stands for the product over its suits
of C(untracked ranks, small cards) hands, and the weights of all classes sum to C(52, 13) =
635,013,559,600 (asserted on every full pass). Under OPENBID's model (A K Q J T tracked) there
are 34,033,880 classes; with the nine and the eight tracked too, 1,214,385,200.

Suit states that nothing the pass reads can tell apart (the same length and the same value of
every per-suit table it reads at that suit: the state's *signature*) are merged into one
representative, the lowest-numbered, whose weight is their summed weight and whose
``multiplicity`` is how many they are. Every count, in hands and in classes, is unchanged, and
the first row of every group is the first class of the unmerged order (so examples are too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from bisect import bisect_right
from math import comb, prod
from typing import Sequence

import numpy as np

from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RankModel

TOTAL_HANDS = comb(52, 13)  # 635,013,559,600
SUITS = (1, 2, 3, 4)  # C D H S
CHUNK_TARGET = 1 << 18  # rows per chunk: less memory and kernel time (benchmarks/bench_census.py)


def compositions() -> list[tuple[int, int, int, int]]:
    """Suit lengths (C, D, H, S) summing to 13, in a fixed order."""
    return [(c, d, h, 13 - c - d - h) for c in range(14) for d in range(14 - c)
            for h in range(14 - c - d)]


@lru_cache(maxsize=16)
def total_classes(model: RankModel) -> int:
    """The classes of ``model``: choices of one state per suit with lengths summing to 13."""
    per = np.bincount(np.array(model.length), minlength=14)
    return sum(int(prod(int(per[n]) for n in comp)) for comp in compositions())


@dataclass(frozen=True, eq=False)
class SuitStates:
    """One suit's representative states, in state order: their number, length, the hands and
    the classes each stands for."""

    reps: np.ndarray  # state numbers of the model
    length: np.ndarray
    weight: np.ndarray  # int64
    mult: np.ndarray  # int64

    @cached_property
    def by_length(self) -> list[np.ndarray]:
        """Per length 0..13: the positions (into ``reps``) of that length."""
        return [np.flatnonzero(self.length == n).astype(np.intp) for n in range(14)]

    @property
    def size(self) -> int:
        return len(self.reps)


@dataclass(frozen=True, eq=False)
class Domain:
    """What a pass enumerates: the rank model and each suit's representative states."""

    model: RankModel
    suits: tuple[SuitStates, SuitStates, SuitStates, SuitStates]  # C, D, H, S
    merged: bool = False  # some representative stands for more than one state
    target: int = CHUNK_TARGET
    _plan: list = field(default_factory=list, compare=False, repr=False)

    @staticmethod
    def build(model: RankModel, signatures: Sequence[Sequence[tuple]] | None = None,
              target: int = CHUNK_TARGET) -> "Domain":
        """``signatures[s - 1][state]``: what the pass reads of that state at suit ``s`` (None:
        every state is its own representative)."""
        weight = np.array(model.weight, dtype=np.int64)
        length = np.array(model.length, dtype=np.int8)
        out = []
        merged = False
        for k in range(4):
            if signatures is None:
                reps = np.arange(model.n_states, dtype=np.intp)
                out.append(SuitStates(reps, length, weight, np.ones(model.n_states, np.int64)))
                continue
            sig = signatures[k]
            first: dict[tuple, int] = {}
            w: dict[int, int] = {}
            m: dict[int, int] = {}
            for state in range(model.n_states):
                key = (model.length[state], sig[state])
                rep = first.setdefault(key, state)
                w[rep] = w.get(rep, 0) + model.weight[state]
                m[rep] = m.get(rep, 0) + 1
            reps = np.array(sorted(w), dtype=np.intp)
            mult = np.array([m[r] for r in reps.tolist()], dtype=np.int64)
            merged = merged or bool((mult > 1).any())
            out.append(SuitStates(reps, length[reps], np.array([w[r] for r in reps.tolist()],
                                                               dtype=np.int64), mult))
        return Domain(model, tuple(out), merged, target)  # type: ignore[arg-type]

    @property
    def plan(self) -> list[tuple[int, tuple[tuple[int, int, int, int], ...]]]:
        """Compositions grouped into chunks of about ``target`` rows: (offset, compositions)."""
        if not self._plan:
            plan = []
            pending: list[tuple[int, int, int, int]] = []
            size = offset = 0
            for comp in compositions():
                n = self.rows(comp)
                if n == 0:
                    continue
                pending.append(comp)
                size += n
                if size >= self.target:
                    plan.append((offset, tuple(pending)))
                    offset += size
                    pending, size = [], 0
            if pending:
                plan.append((offset, tuple(pending)))
            self._plan.extend(plan)
        return self._plan

    def rows(self, comp: tuple[int, int, int, int]) -> int:
        return int(prod(len(self.suits[k].by_length[n]) for k, n in enumerate(comp)))

    def chunk(self, i: int) -> "Chunk":
        offset, comps = self.plan[i]
        return self.chunk_of(comps, offset)

    def chunk_of(self, comps: Sequence[tuple[int, int, int, int]], offset: int = 0) -> "Chunk":
        """The classes of ``comps`` (compositions, in the plan's order), in the enumeration's
        order: per composition, the first suit's state slowest, the last's fastest."""
        parts, sizes = [], []
        for comp in comps:
            grids = np.meshgrid(*(self.suits[k].by_length[n] for k, n in enumerate(comp)),
                                indexing="ij")
            parts.append([g.ravel() for g in grids])
            sizes.append(grids[0].size)
        if not parts:
            return Chunk({s: np.zeros(0, dtype=np.intp) for s in SUITS}, offset, (), ())
        ids = {s: np.concatenate([p[k] for p in parts]) for k, s in enumerate(SUITS)}
        return Chunk(ids, offset, tuple(comps), tuple(sizes))

    def row_hand(self, row: int) -> Hand:
        """The hand class of the enumeration's row ``row`` (0 .. classes - 1), without building
        its chunk."""
        starts = self.__dict__.get("_starts")
        if starts is None:  # every composition's first row, in the enumeration's order
            firsts: list[int] = []
            comps_in_order: list[tuple[int, int, int, int]] = []
            at = 0
            for _, comps in self.plan:
                for comp in comps:
                    firsts.append(at)
                    comps_in_order.append(comp)
                    at += self.rows(comp)
            firsts.append(at)
            starts = self.__dict__["_starts"] = (firsts, comps_in_order)
        if not 0 <= row < starts[0][-1]:
            raise IndexError(f"row {row} is past the enumeration")
        i = bisect_right(starts[0], row) - 1
        r = row - starts[0][i]
        lists = [self.suits[k].by_length[n] for k, n in enumerate(starts[1][i])]
        pos = [0, 0, 0, 0]
        for k in (3, 2, 1, 0):  # (the last suit's state fastest)
            r, pos[k] = divmod(r, len(lists[k]))
        return self.class_hand([int(x[j]) for x, j in zip(lists, pos)])

    def class_hand(self, pos: Sequence[int]) -> Hand:
        """The hand class of positions ``pos`` (C, D, H, S) into the representatives."""
        states = [int(self.suits[k].reps[pos[k]]) for k in range(4)]
        return state_hand(self.model, states)

    def classes(self) -> int:
        return total_classes(self.model)


def state_hand(model: RankModel, states: Sequence[int]) -> Hand:
    """The hand class of one state per suit (C, D, H, S)."""
    held = tuple(model.held[states[s - 1]] for s in (4, 3, 2, 1))
    small = tuple(model.small[states[s - 1]] for s in (4, 3, 2, 1))
    return Hand.from_states(held, small)  # type: ignore[arg-type]


@dataclass
class Chunk:
    """A block of hand classes: per suit the position into the domain's representatives, the
    global offset, and the compositions it covers (in order) with their row counts."""

    ids: dict[int, np.ndarray]
    offset: int = 0
    comps: tuple[tuple[int, int, int, int], ...] = ()
    sizes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # Indices of numpy's own index type: a gather with small indices converts them first.
        self.ids = {s: np.asarray(a, dtype=np.intp) for s, a in self.ids.items()}

    @property
    def size(self) -> int:
        return len(self.ids[next(iter(self.ids))])
