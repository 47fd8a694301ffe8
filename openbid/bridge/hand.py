"""Hands: PBN (``AKJ32.Q4.KT9.876``) and the paper's notation (``S:KJxxx, H:QJ ...``), read and
written by :mod:`openbid.bridge.notation`.

A hand may leave spot cards unspecified (``x``): it then stands for the class of all hands it
covers. OPENBID reads only which of A K Q J T each suit holds and each suit's length (the paper's
own premise, p. 10), so a class with ``x`` spots is all OPENBID ever needs; concrete spots are kept
for evaluators that read nines and eights.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from math import comb, prod

from openbid.base.errors import HandError
from openbid.bridge.notation import (HONOURS, RANK_WORDS, RANKS, SPOTS, hand_text, paper_text,
                                     parse_hand, parse_holdings, rank_order)


class Suit(IntEnum):
    """Suits numbered as the Algol numbers them (Appendix 5): C=1, D=2, H=3, S=4."""

    C = 1
    D = 2
    H = 3
    S = 4

    @property
    def letter(self) -> str:
        return self.name

    @property
    def word(self) -> str:
        return {1: "clubs", 2: "diamonds", 3: "hearts", 4: "spades"}[self.value]


DISPLAY_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
__all__ = ["DISPLAY_ORDER", "HONOURS", "Hand", "Holding", "RANKS", "RANK_WORDS", "SPOTS", "Suit"]


@dataclass(frozen=True)
class Holding:
    """One suit: the concrete ranks held (in AKQ... order) plus ``xs`` unspecified spot cards."""

    ranks: str = ""
    xs: int = 0

    @property
    def length(self) -> int:
        return len(self.ranks) + self.xs

    def has(self, rank: str) -> bool:
        return rank in self.ranks

    @property
    def honour_mask(self) -> int:
        """Bit 4 = A, 3 = K, 2 = Q, 1 = J, 0 = T."""
        return sum(1 << (4 - i) for i, r in enumerate(HONOURS) if r in self.ranks)

    @property
    def spot_count(self) -> int:
        return self.length - sum(r in self.ranks for r in HONOURS)

    @property
    def concrete(self) -> bool:
        return self.xs == 0

    def text(self, ten: str = "T") -> str:
        body = self.ranks.replace("T", ten) + "x" * self.xs
        return body


@dataclass(frozen=True)
class Hand:
    """Thirteen cards, four holdings in display order S, H, D, C."""

    spades: Holding
    hearts: Holding
    diamonds: Holding
    clubs: Holding

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Read PBN (``AKJ32.Q4.KT9.876``), the paper's notation (``S:KJxxx, H:QJ, ...``) or the
        report's (``♠KJ1032 ♥QJ ♦QJ ♣K987``, a void ``—``): :func:`openbid.bridge.notation.parse_hand`."""
        return cls(*(Holding(r, x) for r, x in parse_hand(text)))

    @classmethod
    def from_suits(cls, spades: str, hearts: str, diamonds: str, clubs: str) -> "Hand":
        return cls._from_parts([spades, hearts, diamonds, clubs], f"{spades}.{hearts}.{diamonds}.{clubs}")

    @classmethod
    def from_class(cls, masks: tuple[int, int, int, int], spots: tuple[int, int, int, int]) -> "Hand":
        """The hand class with honour ``masks`` (bit 4 = A ... bit 0 = T) and ``spots``, S H D C."""
        parts = []
        for mask, n in zip(masks, spots):
            parts.append("".join(r for i, r in enumerate(HONOURS) if mask >> (4 - i) & 1) + "x" * n)
        return cls._from_parts(parts, ".".join(parts))

    @classmethod
    def _from_parts(cls, parts: list[str], original: str) -> "Hand":
        return cls(*(Holding(r, x) for r, x in parse_holdings(parts, original)))

    # -- access -------------------------------------------------------------------------------
    def holding(self, suit: Suit) -> Holding:
        return (self.clubs, self.diamonds, self.hearts, self.spades)[suit - 1]

    @property
    def holdings(self) -> tuple[Holding, Holding, Holding, Holding]:
        """In display order S, H, D, C."""
        return (self.spades, self.hearts, self.diamonds, self.clubs)

    @property
    def concrete(self) -> bool:
        return all(h.concrete for h in self.holdings)

    @property
    def key(self) -> tuple[tuple[int, int], ...]:
        """What OPENBID can see: (honour mask, length) per suit, in Algol order C, D, H, S."""
        return tuple((self.holding(s).honour_mask, self.holding(s).length) for s in Suit)

    @property
    def class_size(self) -> int:
        """How many concrete hands this hand stands for (1 when every spot is given)."""
        return prod(comb(8 - (len(h.ranks) - sum(r in h.ranks for r in HONOURS)), h.xs)
                    for h in self.holdings)

    def concretes(self):
        """Every concrete hand this hand stands for (x spots filled in every possible way)."""
        options = []
        for h in self.holdings:
            free = [r for r in SPOTS if r not in h.ranks]
            options.append([_sorted_ranks(h.ranks + "".join(c)) for c in combinations(free, h.xs)])
        from itertools import product

        for choice in product(*options):
            yield Hand(*(Holding(r, 0) for r in choice))

    def lowest(self, small: str = SPOTS) -> "Hand":
        """The concrete hand with each ``x`` replaced by the lowest free card of ``small`` (the
        ranks an ``x`` may be: by default the spot cards 9-2)."""
        out = []
        for h in self.holdings:
            free = [r for r in reversed(small) if r not in h.ranks][: h.xs]
            if len(free) < h.xs:
                raise HandError(f"{h.text()}: {h.xs} x cards but only {len(free)} ranks for them")
            out.append(Holding(_sorted_ranks(h.ranks + "".join(free)), 0))
        return Hand(*out)

    @classmethod
    def from_states(cls, held: tuple[str, str, str, str], small: tuple[int, int, int, int]) -> "Hand":
        """The hand class holding the ranks ``held`` and ``small`` further cards (``x``) in
        each suit, S H D C."""
        parts = [_sorted_ranks(h) + "x" * n for h, n in zip(held, small)]
        return cls._from_parts(parts, ".".join(parts))

    def to_class(self) -> "Hand":
        """The same hand with every spot card written as ``x``."""
        return Hand(*(Holding("".join(r for r in h.ranks if r in HONOURS), h.spot_count)
                      for h in self.holdings))

    # -- printing -----------------------------------------------------------------------------
    def to_pbn(self) -> str:
        return hand_text((h.ranks, h.xs) for h in self.holdings)

    def to_paper(self) -> str:
        return paper_text((h.ranks, h.xs) for h in self.holdings)

    def __str__(self) -> str:
        return self.to_pbn()


def _sorted_ranks(ranks: str) -> str:
    return rank_order(ranks)
