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


LUMP_SHARE = 4  # a table read by fewer than one in this many later rules is left to a finer level


@lru_cache(maxsize=4)  # once per process for a plan
def lumped_plan(spec: TreeSpec, p: Pass, pc: Pass | None) -> Pass | None:
    """A pass coarser than ``pc`` that most nodes past the opening are read over: planned for
    the later rules (and claims) that read no *rare* table, one read by fewer than one in
    LUMP_SHARE of those rules (SAYC's honour tables ACE, KING and QUEEN: its Blackwood and
    Gerber answers, a few hundred of five thousand nodes). Those few nodes are read over
    ``pc``. None when there is no such pass (nothing is rare, or it merges nothing more)."""
    if pc is None:
        return None
    system = system_of(spec.rules)
    rules = tuple(dict.fromkeys(r for r in (system.node(a).rules for a in spec.seeds
                                            if opened(a)) if r is not None))
    conds = tuple(c.cond for c in spec.claims if opened(c.auction))
    if not rules:
        return None
    rare = rare_tables(pc, rules)
    if not rare:
        return None
    keep = tuple(r for r in rules if not reads_any(pc, r, (), rare))
    kconds = tuple(c for c in conds if not reads_any(pc, None, (c,), rare))
    pq = plan(PassSpec((system.opening,) + keep, (kconds,) + ((),) * len(keep),
                       (False,) + (True,) * len(keep), True, (), p.model.tracked))
    if pq.model != pc.model or all(a.size == b.size
                                   for a, b in zip(pq.domain.suits, pc.domain.suits)):
        return None
    return pq if state_maps(pc, pq) is not None else None


def table_names(p: Pass, rules: Rules | None, exprs: tuple[Expr, ...]) -> frozenset[str]:
    """The names of the per-suit tables ``rules`` (their outcome) and ``exprs`` read."""
    from openbid.readers.uses import uses

    u = uses(p.defs[0], exprs, rules, outcome=rules is not None)
    return frozenset(t.name for t, _ in u.tables)


def rare_tables(p: Pass, rules: tuple[Rules, ...]) -> frozenset[str]:
    """The tables fewer than one in LUMP_SHARE of ``rules`` read."""
    from collections import Counter

    n = Counter(t for r in rules for t in table_names(p, r, ()))
    return frozenset(t for t, k in n.items() if k * LUMP_SHARE < len(rules))


def reads_any(p: Pass, rules: Rules | None, exprs: tuple[Expr, ...],
              tables: frozenset[str]) -> bool:
    return bool(table_names(p, rules, exprs) & tables)
