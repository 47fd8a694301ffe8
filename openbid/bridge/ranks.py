"""The hand model of a pass: which ranks are tracked one by one; the rest are counted.

A *suit state* under a :class:`RankModel` is (the tracked ranks held, the number of other cards):
every card whose rank nothing in use reads is a small card, counted but not named (``x`` in a
hand's text). OPENBID reads A K Q J T (the paper's premise, p. 10), so its model tracks those and
has 32 x 9 = 288 states; a model that also tracks the nine and the eight has 128 x 7 = 896.

States are numbered by (mask of tracked ranks held, small cards), the highest tracked rank the
highest bit of the mask: for A K Q J T that is ``mask * 9 + small``, the numbering the census has
always used. A state of ``small`` small cards stands for C(13 - tracked, small) concrete holdings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import comb

RANKS = "AKQJT98765432"
BASE_RANKS = "AKQJT"  # the paper's classes: what OPENBID reads


def rank_order(ranks: str) -> str:
    """``ranks`` high to low, each once (``"9TA"`` -> ``"AT9"``)."""
    return "".join(r for r in RANKS if r in ranks)


@dataclass(frozen=True)
class RankModel:
    """The tracked ranks (high to low); every other card of a suit is a small card."""

    tracked: str = BASE_RANKS

    def __post_init__(self) -> None:
        object.__setattr__(self, "tracked", rank_order(self.tracked))

    @staticmethod
    @lru_cache(maxsize=64)
    def of(ranks: str) -> "RankModel":
        """The model tracking ``ranks`` (any order); cached, so models compare by identity."""
        return RankModel(rank_order(ranks))

    @property
    def small_ranks(self) -> str:
        """The ranks counted, not tracked: what ``x`` stands for, high to low."""
        return "".join(r for r in RANKS if r not in self.tracked)

    @property
    def max_small(self) -> int:
        return 13 - len(self.tracked)

    @property
    def n_states(self) -> int:
        return (1 << len(self.tracked)) * (self.max_small + 1)

    def state(self, held: str, small: int) -> int:
        """The number of the state holding ``held`` (tracked ranks) and ``small`` other cards."""
        mask = 0
        for i, r in enumerate(self.tracked):
            if r in held:
                mask |= 1 << (len(self.tracked) - 1 - i)
        return mask * (self.max_small + 1) + small

    @cached_property
    def held(self) -> tuple[str, ...]:
        """Per state: the tracked ranks held, high to low."""
        k = len(self.tracked)
        return tuple("".join(r for i, r in enumerate(self.tracked) if s // (self.max_small + 1)
                             >> (k - 1 - i) & 1) for s in range(self.n_states))

    @cached_property
    def small(self) -> tuple[int, ...]:
        return tuple(s % (self.max_small + 1) for s in range(self.n_states))

    @cached_property
    def length(self) -> tuple[int, ...]:
        return tuple(len(h) + n for h, n in zip(self.held, self.small))

    @cached_property
    def weight(self) -> tuple[int, ...]:
        """Per state: the concrete holdings it stands for."""
        return tuple(comb(self.max_small, n) for n in self.small)

    def text(self, state: int) -> str:
        """A state as a holding's text: ``"AKxx"``."""
        return self.held[state] + "x" * self.small[state]

    def project(self, state: int, ranks: str) -> tuple[str, int]:
        """What a descriptor reading ``ranks`` (all tracked here) sees of ``state``: (the ranks of
        ``ranks`` held, the length)."""
        return "".join(r for r in self.held[state] if r in ranks), self.length[state]
