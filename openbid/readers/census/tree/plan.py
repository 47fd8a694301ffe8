"""Planning the tree census's classes: what the opening's pass reads (every fine class), and
the coarse pass of the nodes past the opening (only what their rules read), with the map from
the fine classes' suit states to the coarse ones'."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from openbid.expr.ast import Call, Const, Expr
from openbid.systems.auction import system_of
from openbid.systems.rules.model import Rules
from openbid.readers.census.domain import SUITS
from openbid.readers.census.passes import Pass, PassSpec, plan
from openbid.readers.census.system_pass import SystemShare
from openbid.readers.census.tree.counts import Auction, NodeClaim


@dataclass(frozen=True)
class TreeSpec:
    """What a tree census reads (picklable, hashable): the system, the auctions whose rules the
    domain is planned for (more are added when a node reads a table none of them reads), whether
    the deal's vulnerability ranges, and the claims."""

    rules: Rules
    seeds: tuple[Auction, ...] = ()
    vul: bool = False
    claims: tuple[NodeClaim, ...] = ()
    system: SystemShare | None = None  # the opening's system checks, counted on the way
    count_system: bool = True  # (False: they are known; the plan still reads what they read)

    def pass_spec(self) -> PassSpec:
        system = system_of(self.rules)
        exprs: tuple[Expr, ...] = tuple(Call("chose", (Const(" ".join(a)), Const("PASS")))
                                        for a in self.seeds)
        exprs += tuple(c.cond for c in self.claims)
        if self.system is not None:
            exprs += self.system.singles
        return PassSpec((system.opening,), (exprs,), (True,), True, ())

    def coarse_spec(self, track: str) -> PassSpec | None:
        """The pass of the nodes past the opening: only what their rules (and the claims at
        them) read, over the rank model ``track``; None when no such node is known yet."""
        system = system_of(self.rules)
        rules = tuple(dict.fromkeys(r for r in (system.node(a).rules for a in self.seeds
                                                if opened(a)) if r is not None))
        if not rules:
            return None
        conds = tuple(c.cond for c in self.claims if opened(c.auction))
        return PassSpec((system.opening,) + rules, (conds,) + ((),) * len(rules),
                        (False,) + (True,) * len(rules), True, (), track)


def opened(a: Auction) -> bool:
    """Has someone called other than pass: a node past the opening."""
    return any(c != "PASS" for c in a)


def coarse_plan(spec: TreeSpec, p: Pass) -> Pass | None:
    """The coarse pass of ``spec`` (see :class:`Walk`), when it tells apart fewer suit states
    than ``p`` and ``p`` refines it; else None (every node is read over ``p``)."""
    cs = spec.coarse_spec(p.model.tracked)
    if cs is None:
        return None
    pc = plan(cs)
    if pc.model != p.model or all(a.size == b.size for a, b in zip(pc.domain.suits, p.domain.suits)):
        return None
    return pc if state_maps(p, pc) is not None else None


def _reps_of(p: Pass, k: int) -> np.ndarray:
    """Every state's representative (the first state of its signature) at suit ``k``."""
    m = p.model
    tabs = [t.table(m) for t in p.tables[k]]
    first: dict[tuple, int] = {}
    return np.array([first.setdefault((m.length[st],) + tuple(t[st] for t in tabs), st)
                     for st in range(m.n_states)], dtype=np.intp)


@lru_cache(maxsize=4)  # once per process for a pair of passes, not once per chunk
def state_maps(p: Pass, pc: Pass) -> list[np.ndarray] | None:
    """Per suit: a position into ``p``'s representatives -> the position of its state's
    representative in ``pc``'s; None unless every state ``p`` merges ``pc`` merges too."""
    out = []
    for k in SUITS:
        fine, coarse = _reps_of(p, k), _reps_of(pc, k)
        if (coarse[fine] != coarse).any():
            return None
        pos = np.full(p.model.n_states, -1, dtype=np.intp)
        pos[pc.domain.suits[k - 1].reps] = np.arange(pc.domain.suits[k - 1].size)
        out.append(pos[coarse[p.domain.suits[k - 1].reps]])
    return out
