"""Seeded random hands read by the numpy reader: the fastest way to a witness for a condition
that many hands meet (a hand meeting a condition of probability p turns up after about 1/p
draws, and the reader tests a hundred thousand hands in milliseconds).

Hands are drawn uniformly from all C(52, 13), from a seed, so the same seed gives the same hands
on every machine; each is read under the rank model of the rules and the expressions asked (its
suit states), and a hand found is returned as the concrete hand it is (every card named).
"""

from __future__ import annotations

from typing import Iterable, Iterator, Sequence

import numpy as np

from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RANKS, RankModel
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import full_mask
from openbid.readers.census.domain import Chunk
from openbid.readers.census.passes import Pass, plan, spec_for

SUIT_OF_ROW = ("S", "H", "D", "C")  # cards 0-12 spades (A..2), 13-25 hearts, 26-38 diamonds, 39-51 clubs


def random_cards(n: int, seed: int) -> np.ndarray:
    """``n`` hands of 13 distinct cards (0..51), uniformly over all hands, from ``seed``."""
    rng = np.random.default_rng(seed)
    keys = rng.random((n, 52))
    return np.argpartition(keys, 13, axis=1)[:, :13]


def holds_matrix(cards: np.ndarray) -> np.ndarray:
    """(n, 52) Booleans: which cards each hand holds."""
    out = np.zeros((len(cards), 52), dtype=bool)
    np.put_along_axis(out, cards, True, axis=1)
    return out


def states(has: np.ndarray, model: RankModel) -> dict[int, np.ndarray]:
    """Each hand's state of every suit under ``model`` (suit numbers C=1 .. S=4)."""
    out = {}
    k = len(model.tracked)
    for row, suit in enumerate((4, 3, 2, 1)):  # S H D C
        block = has[:, 13 * row: 13 * row + 13]
        mask = np.zeros(len(has), dtype=np.int64)
        for i, r in enumerate(model.tracked):
            mask |= block[:, RANKS.index(r)].astype(np.int64) << (k - 1 - i)
        small = block.sum(axis=1) - np.array([bin(m).count("1") for m in range(1 << k)])[mask]
        out[suit] = mask * (model.max_small + 1) + small
    return out


def hand_of(has_row: np.ndarray) -> Hand:
    """The concrete hand of one row of :func:`holds_matrix`."""
    suits = ["".join(r for i, r in enumerate(RANKS) if has_row[13 * k + i]) for k in range(4)]
    return Hand.from_suits(*suits)


class Sample:
    """``n`` random hands (from ``seed``) read under ``rules``: which of them meet a condition.
    Masks are computed once per expression; the rank model grows if an expression reads more."""

    def __init__(self, rules: Rules, n: int = 1 << 16, seed: int = 1967,
                 exprs: Iterable[Expr] = ()) -> None:
        self.rules = rules
        self.has = holds_matrix(random_cards(n, seed))
        self.n = n
        self._exprs: list[Expr] = list(exprs)
        self._masks: dict[Expr, np.ndarray] = {}
        self._pass: Pass | None = None

    def _reader(self, e: Expr):
        p = self._pass
        if p is None or not _covers(p, self.rules, e):
            self._exprs.append(e)
            p = self._pass = plan(spec_for(self.rules, tuple(self._exprs), outcome=True,
                                           merge=False))
            self._view = p.view_of(Chunk(states(self.has, p.model)))
            self._run = self._view.reader(0)
        return self._run

    def mask(self, e: Expr) -> np.ndarray:
        got = self._masks.get(e)
        if got is None:
            got = self._masks[e] = full_mask(self._reader(e).cond(e), self.n)
        return got

    def first(self, conds: Sequence[Expr], negated: Sequence[Expr] = ()) -> Hand | None:
        """The first sampled hand meeting every condition of ``conds`` and none of ``negated``."""
        m = np.ones(self.n, dtype=bool)
        for e in conds:
            m &= self.mask(e)
            if not m.any():
                return None
        for e in negated:
            m &= ~self.mask(e)
            if not m.any():
                return None
        return hand_of(self.has[int(np.argmax(m))])

    def matching(self, e: Expr, limit: int) -> Iterator[Hand]:
        """Sampled hands meeting ``e``, in draw order (at most ``4 limit + 4``: room for
        repeated classes), each built only when the caller takes it."""
        rows = np.flatnonzero(self.mask(e))[: max(limit, 0) * 4 + 4]
        return (hand_of(self.has[int(i)]) for i in rows)

    def count(self, e: Expr) -> int:
        return int(self.mask(e).sum())


def _covers(p: Pass, rules: Rules, e: Expr) -> bool:
    """Whether the pass's rank model tracks every rank ``e`` reads."""
    from openbid.readers.uses import uses

    return set(uses(p.defs[0], [e], rules, own=True).reads) <= set(p.model.tracked)
