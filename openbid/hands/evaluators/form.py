"""The one form of a hand evaluator: a value per suit holding plus, optionally, a value per
pattern (Deal's ``holdingProc`` and redeal's ``Evaluator`` are the models).

A *holding* is what one suit holds, as the evaluator sees it: which of the ranks it ``reads``
are held (``held``, in the order ``AKQJT98765432``) and the suit's ``length``. Every other card
of the suit is a small card whose rank the evaluator ignores. A *pattern* is the hand's four suit
lengths, longest first (``(4, 4, 3, 2)``).

    value(hand) = pattern(pattern(hand)) + sum over the four suits of holding(held, length)

Values are exact (:class:`fractions.Fraction` or int), never floats. Every reader (the executor,
the census, Z3) derives from these two functions by tabulating them once over every feasible
holding and every pattern; nothing is written once per reader.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import combinations
from typing import Callable, Iterator, Union

Number = Union[int, Fraction]

RANKS = "AKQJT98765432"


def rank_order(ranks: str) -> str:
    """``ranks`` sorted high to low, each once (``"9TA"`` -> ``"AT9"``)."""
    return "".join(r for r in RANKS if r in ranks)


def feasible(reads: str, held: str, length: int) -> bool:
    """Whether a suit can hold exactly ``held`` of the ranks ``reads`` and ``length`` cards."""
    small = length - len(held)
    return 0 <= small <= 13 - len(reads) and set(held) <= set(reads)


def holdings(reads: str) -> Iterator[tuple[str, int]]:
    """Every feasible (held, length) for an evaluator reading ``reads``: held subsets in
    ``RANKS`` order, lengths ascending."""
    reads = rank_order(reads)
    for k in range(len(reads) + 1):
        for held in combinations(reads, k):
            h = "".join(held)
            for length in range(len(h), len(h) + 14 - len(reads)):
                yield h, length


def patterns() -> tuple[tuple[int, int, int, int], ...]:
    """The 39 patterns, longest suit first, from 13-0-0-0 down to 4-3-3-3."""
    out = []
    for a in range(13, -1, -1):
        for b in range(min(a, 13 - a), -1, -1):
            for c in range(min(b, 13 - a - b), -1, -1):
                d = 13 - a - b - c
                if 0 <= d <= c:
                    out.append((a, b, c, d))
    return tuple(out)


@dataclass(frozen=True)
class Evaluator:
    """One evaluator, defined once.

    name: the descriptor name (``BUMWRAP``); ``BUMWRAP`` is the whole-hand total and
        ``BUMWRAP(S)`` the holding part of one suit.
    reads: the ranks whose presence the holding value depends on (``"AKQJT"``); every other
        card is counted only through the length.
    holding: (held, length) -> value; ``held`` lists the ranks of ``reads`` held, high to low.
    pattern: the four lengths longest first -> value (None: 0).
    doc: one line for ``openbid eval`` and the docs.
    source: where the definition comes from (a seed and its lines, or repository/path@commit).
    final: a last step on the total, in the expression language over ``x`` (``"max(0, x)"``:
        dealerv2's K&R clamps at 0), or None. It makes the evaluator no longer a plain sum.
    """

    name: str
    reads: str
    holding: Callable[[str, int], Number]
    pattern: Callable[[tuple[int, int, int, int]], Number] | None = None
    doc: str = ""
    source: str = ""
    options: dict[str, str] = field(default_factory=dict, compare=False)
    final: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "reads", rank_order(self.reads))

    def __hash__(self) -> int:
        return hash((self.name, self.reads, self.source, tuple(sorted(self.options.items()))))

    @cached_property
    def holding_table(self) -> dict[tuple[str, int], Fraction]:
        """Every feasible holding's value, computed once."""
        return {(h, n): Fraction(self.holding(h, n)) for h, n in holdings(self.reads)}

    @cached_property
    def pattern_table(self) -> dict[tuple[int, int, int, int], Fraction]:
        """Every pattern's value, computed once (all 0 without a pattern function)."""
        f = self.pattern
        return {p: Fraction(f(p)) if f is not None else Fraction(0) for p in patterns()}

    def suit_value(self, cards: str) -> Fraction:
        """The holding value of one suit given as its ranks (``"AQ92"``, ``""`` for a void)."""
        held = rank_order("".join(r for r in cards if r in self.reads))
        return self.holding_table[(held, len(cards))]

    def hand_value(self, suits: tuple[str, str, str, str]) -> Fraction:
        """The total for a hand given as four suits' ranks (any order of suits)."""
        shape = tuple(sorted((len(s) for s in suits), reverse=True))
        return self.pattern_table[shape] + sum((self.suit_value(s) for s in suits), Fraction(0))  # type: ignore[index]
