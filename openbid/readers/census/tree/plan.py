"""Planning the tree census's classes: what the opening's pass reads (every fine class), and
the coarse pass of the nodes past the opening (only what their rules read), with the map from
the fine classes' suit states to the coarse ones'."""

from __future__ import annotations

from collections import Counter
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

    def later(self) -> tuple[tuple[Rules, ...], tuple[Expr, ...]]:
        """The rules at the seeds past the opening (each table once), and the conditions of
        the claims about nodes past the opening."""
        system = system_of(self.rules)
        rules = tuple(dict.fromkeys(r for r in (system.node(a).rules for a in self.seeds
                                                if opened(a)) if r is not None))
        return rules, tuple(c.cond for c in self.claims if opened(c.auction))

    def coarse_spec(self, track: str) -> PassSpec | None:
        """The pass of the nodes past the opening: only what their rules (and the claims at
        them) read, over the rank model ``track``; None when no such node is known yet."""
        rules, conds = self.later()
        return later_spec(self, rules, conds, track) if rules else None


@lru_cache(maxsize=8)  # (once per census: a walk, and the cache's lookups of every node)
def claims_at(claims: tuple[NodeClaim, ...]) -> dict[Auction, tuple[NodeClaim, ...]]:
    """The claims about each node, in their order."""
    out: dict[Auction, list[NodeClaim]] = {}
    for c in claims:
        out.setdefault(c.auction, []).append(c)
    return {a: tuple(cs) for a, cs in out.items()}


def later_spec(spec: TreeSpec, rules: tuple[Rules, ...], conds: tuple[Expr, ...],
               track: str) -> PassSpec:
    """The pass reading ``rules``' outcome and ``conds`` past the opening (beside the opening's
    table, whose outcome it does not read), over the rank model ``track``."""
    system = system_of(spec.rules)
    return PassSpec((system.opening,) + rules, (conds,) + ((),) * len(rules),
                    (False,) + (True,) * len(rules), True, (), track)


def opened(a: Auction) -> bool:
    """Has someone called other than pass: a node past the opening."""
    return any(c != "PASS" for c in a)


def coarse_plan(spec: TreeSpec, p: Pass) -> Pass | None:
    """The coarse pass of ``spec`` (see :class:`Walk`), when it tells apart fewer suit states
    than ``p`` and ``p`` refines it; else None (every node is read over ``p``)."""
    cs = spec.coarse_spec(p.model.tracked)
    return None if cs is None else _coarser(p, plan(cs))


def _coarser(p: Pass, pc: Pass) -> Pass | None:
    """``pc``, when it tells apart fewer suit states than ``p`` and ``p`` refines it; else
    None."""
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
    rules, conds = spec.later()
    if not rules:
        return None
    names = [table_names(pc, r, ()) for r in rules]
    read_by = Counter(t for n in names for t in n)
    rare = frozenset(t for t, k in read_by.items() if k * LUMP_SHARE < len(rules))
    if not rare:
        return None
    keep = tuple(r for r, n in zip(rules, names) if not n & rare)
    kconds = tuple(c for c in conds if not table_names(pc, None, (c,)) & rare)
    return _coarser(pc, plan(later_spec(spec, keep, kconds, p.model.tracked)))


def table_names(p: Pass, rules: Rules | None, exprs: tuple[Expr, ...]) -> frozenset[str]:
    """The names of the per-suit tables ``rules`` (their outcome) and ``exprs`` read."""
    from openbid.readers.uses import uses

    u = uses(p.defs[0], exprs, rules, outcome=rules is not None)
    return frozenset(t.name for t, _ in u.tables)


# Definitions a level past the opening reads as one value each, not as what they sum: a hand's
# high-card points, not its points in each suit (see .level.Summed).
ATOMS = frozenset({"HCP"})


@lru_cache(maxsize=4)  # once per process for a plan
def summed_plan(spec: TreeSpec, pq: Pass | None) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """What the summed level tells apart (see :class:`.level.Summed`), above the lumped level
    ``pq``: the per-suit tables (by name) read by one in LUMP_SHARE or more of the later rules
    once the definitions of ATOMS are read whole, and the atoms some of them read. None when
    it would merge nothing (every table of ``pq`` is read so, or no later rule reads less)."""
    if pq is None:
        return None
    rules, _ = spec.later()
    if not rules:
        return None
    from openbid.readers.uses import uses

    got = [uses(pq.defs[0], (), r, outcome=True, atoms=ATOMS) for r in rules]
    read_by = Counter(t.name for u in got for t in {t for t, _ in u.tables})
    lumped = frozenset(t.name for s in SUITS for t in pq.tables[s])
    keep = frozenset(t for t, k in read_by.items() if k * LUMP_SHARE >= len(rules)) & lumped
    atoms = tuple(sorted({a for u in got for a in u.atoms}))
    if keep >= lumped:
        return None
    return keep, atoms
