"""Hands drawn uniformly among those meeting a condition, by exact class weights.

One pass over every hand class (unmerged: a row is one class, a state per suit) keeps the classes
meeting the condition with their exact weights (the number of concrete hands each stands for). A
draw picks a class with probability weight / total, then the class's small cards uniformly (each
suit's small cards a uniform choice of that many of the untracked ranks): every hand meeting the
condition is equally likely, however rare the condition.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RankModel, rank_order
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import full_mask
from openbid.readers.census.passes import plan, spec_for

SUITS = (1, 2, 3, 4)


@dataclass
class Classes:
    """The classes meeting a condition: ``states`` (n, 4) state numbers (C D H S), ``weights``
    their exact weights, ``total`` the hands in all."""

    model: RankModel
    states: np.ndarray
    weights: np.ndarray
    total: int
    _cum: np.ndarray | None = None

    def draw(self, rng: random.Random) -> Hand:
        """One hand, uniformly among all ``total`` (class by weight, then its small cards)."""
        if self._cum is None:
            self._cum = np.cumsum(self.weights.astype(np.float64))
        cum = self._cum
        i = int(np.searchsorted(cum, rng.random() * float(cum[-1]), side="right"))
        i = min(i, len(cum) - 1)
        m = self.model
        parts = []
        for s in (4, 3, 2, 1):
            st = int(self.states[i, s - 1])
            small = rng.sample(m.small_ranks, m.small[st])
            parts.append(rank_order(m.held[st] + "".join(small)))
        return Hand.from_suits(*parts)


def matching_classes(rules: Rules, cond: Expr, context: dict | None = None) -> Classes:
    """Every class of hands meeting ``cond`` under ``rules`` (``context``: the facts of the deal
    fixed), with its exact weight."""
    p = plan(spec_for(rules, (cond,), merge=False, context=tuple(sorted((context or {}).items()))))
    states, weights = [], []
    total = 0
    for i in range(len(p)):
        view = p.view(i)
        m = full_mask(view.reader(0).cond(cond), view.size)
        if not m.any():
            continue
        ids = view.chunk.ids
        st = np.stack([p.domain.suits[s - 1].reps[ids[s]][m] for s in SUITS], axis=1)
        w = np.asarray(view.weight)[m].astype(np.int64)
        states.append(st)
        weights.append(w)
        total += int(w.sum())
    if not states:
        return Classes(p.model, np.zeros((0, 4), dtype=np.int64), np.zeros(0, dtype=np.int64), 0)
    return Classes(p.model, np.concatenate(states), np.concatenate(weights), total)
