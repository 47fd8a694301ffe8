"""A census pass: what it reads, the hand model and the states it enumerates, and the tables it
reads them through.

:class:`PassSpec` says what a pass asks (rules tables, expressions, which outcomes); :func:`plan`
turns it into a :class:`Pass`: the rank model tracks A K Q J T and every rank anything read
reads (openbid.readers.uses); each suit's states are merged by their signature, the values of the
per-suit tables read at that suit (openbid.readers.census.domain). Then, once per pass and not
per chunk, every sub-expression that reads one suit is tabulated over that suit's states, and one
that reads two suits of a half over the pairs of their states.
"""

from __future__ import annotations

import hashlib

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from openbid.systems.descriptors import Definitions, definitions
from openbid.expr.ast import (And, Arith, Call, Const, Expr, Name, Neg, Or, Quant, children,
                                    expand_quantifiers)
from openbid.expr.names import OUTCOMES, SUIT_CONSTANTS, string_comparison
from openbid.bridge.ranks import BASE_RANKS, RankModel, rank_order
from openbid.hands.registry import Derived, SuitTable
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import ArrayReader, ChunkView, Fx
from openbid.readers.census.domain import Chunk, Domain
from openbid.readers.core import _constants, suit_of
from openbid.readers.uses import uses

OPAQUE = 0  # in a support: reads the outcome or the pattern (not tabulated over suit states)
HALVES = {"CD": frozenset({1, 2}), "HS": frozenset({3, 4})}
HALF_LIMIT = 1 << 22  # pairs of states a half-hand table may have


@dataclass(frozen=True)
class PassSpec:
    """What a pass reads: rules tables, and per table the expressions and whether its outcome
    is read. Hashable: a pass is planned once per process (workers inherit it)."""

    rules: tuple[Rules, ...]
    exprs: tuple[tuple[Expr, ...], ...]  # per rules table
    outcomes: tuple[bool, ...]  # per rules table
    merge: bool = True  # merge suit states nothing can tell apart
    context: tuple[tuple[str, object], ...] = ()  # the facts of the deal, fixed (SEAT, VUL, ...)
    track: str = ""  # ranks tracked whether read or not (two passes over one rank model)


SUIT_TABLES_KEPT = 512  # tables over suit states shared by passes (the oldest dropped first)
_SUIT_TABLES: dict[tuple, object] = {}
_TABS: dict[tuple, tuple] = {}  # sub-expressions tabulated over suit states, likewise


def _kept(shared: dict, key: tuple, value) -> None:
    """Keep ``value`` under ``key`` among at most SUIT_TABLES_KEPT (the oldest dropped first)."""
    while len(shared) >= SUIT_TABLES_KEPT:
        shared.pop(next(iter(shared)))
    shared[key] = value


@lru_cache(maxsize=8)
def plan(spec: PassSpec) -> "Pass":
    return Pass(spec)


@dataclass(eq=False)
class Pass:
    spec: PassSpec
    defs: list[Definitions] = field(init=False)
    domain: Domain = field(init=False)

    def __post_init__(self) -> None:
        s = self.spec
        self.rules = list(s.rules)
        self.defs = [definitions(r.readings, r.definitions) for r in s.rules]
        tables: dict[int, set[SuitTable]] = {k: set() for k in (1, 2, 3, 4)}
        reads = BASE_RANKS + s.track
        for i, r in enumerate(s.rules):
            u = uses(self.defs[i], s.exprs[i], r, outcome=s.outcomes[i])
            for t, suit in u.tables:
                tables[suit].add(t)
            reads += u.reads
        self.model = RankModel.of(rank_order(reads))
        self.tables = {k: sorted(v, key=lambda t: (t.name, t.choice or "")) for k, v in tables.items()}
        signatures = None
        if s.merge:
            signatures = [list(zip(*(t.table(self.model) for t in self.tables[k])))
                          if self.tables[k] else [()] * self.model.n_states for k in (1, 2, 3, 4)]
        self.domain = Domain.build(self.model, signatures)
        self._suit_tables: dict = {}
        self._tabs: dict = {}
        self._support: dict = {}
        self._halves: dict = {}
        self._tabulation: dict = {}  # (index, expression) -> how it is tabulated

    # -- the chunks -----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.domain.plan)

    def view(self, i: int) -> ChunkView:
        return ChunkView(self, self.domain.chunk(i))

    def view_of(self, chunk: Chunk) -> ChunkView:
        return ChunkView(self, chunk)

    # -- tables over suit states ----------------------------------------------------------------
    def suit_table(self, t: SuitTable, suit: int):
        key = (t, suit)
        got = self._suit_tables.get(key)
        if got is None:
            reps = self.domain.suits[suit - 1].reps
            # (passes over the same states share their tables: the findings at the table plan
            # a pass per question, the simulated bidder one per table, each over every state
            # of the ranks it reads)
            shared = (t, self.model, len(reps), hashlib.blake2b(reps.tobytes()).digest())
            got = _SUIT_TABLES.get(shared)
            if got is None:
                values = [t.table(self.model)[i] for i in reps.tolist()]
                got = np.array(values, dtype=bool) if t.result == "bool" else \
                    Fx.of_table(values)
                _kept(_SUIT_TABLES, shared, got)
            self._suit_tables[key] = got
        return got

    def half_weights(self):
        return self._half("weight")

    def half_mults(self):
        return self._half("mult")

    def _half(self, what: str):
        got = self._halves.get(what)
        if got is None:
            s = self.domain.suits
            a = [getattr(x, what) for x in s]
            got = (np.ascontiguousarray((a[0][:, None] * a[1][None, :]).ravel()),
                   np.ascontiguousarray((a[2][:, None] * a[3][None, :]).ravel()))
            self._halves[what] = got
        return got

    # -- which suits an expression reads ----------------------------------------------------------
    def support(self, index: int, e: Expr) -> frozenset[int]:
        key = (index, e)
        got = self._support.get(key)
        if got is None:
            got = self._support[key] = self._support_of(index, e)
        return got

    def _support_of(self, index: int, e: Expr) -> frozenset[int]:
        defs = self.defs[index]
        if isinstance(e, Const):
            return frozenset()
        if isinstance(e, Quant):
            return self.support(index, expand_quantifiers(e))
        if string_comparison(e) is not None:
            return frozenset({OPAQUE})
        if isinstance(e, Name):
            if e.id in SUIT_CONSTANTS:
                return frozenset()
            if e.id in OUTCOMES or not defs.has(e.id, 0):
                return frozenset({OPAQUE})
            entry = defs.entry(e.id, 0)
            if isinstance(entry, Derived):
                return self.support(index, defs.inline(entry, ()))
            return frozenset({OPAQUE})
        if isinstance(e, Call):
            if e.fn in ("meets", "chose"):
                return frozenset({OPAQUE})
            if defs.has(e.fn, len(e.args)):
                entry = defs.entry(e.fn, len(e.args))
                if isinstance(entry, SuitTable):
                    return frozenset({suit_of(e.args[0])})
                if isinstance(entry, Derived):
                    return self.support(index, defs.inline(entry, _constants(e.args)))
        out: frozenset[int] = frozenset()
        for c in children(e):
            out |= self.support(index, c)
        return out

    # -- tabulation -----------------------------------------------------------------------------
    def tabulated(self, reader: ArrayReader, e: Expr) -> Any:
        """``e`` read through a table over one suit's states or one half's pairs, or regrouped
        into its halves; None when ``e`` is best read directly."""
        key = (reader.index, e)
        how = self._tabulation.get(key)
        if how is None:
            how = self._tabulation[key] = self._tabulation_of(reader.index, e)
        if how is _DIRECT:
            return None
        if isinstance(how, tuple):  # a table over one suit's states or one half's pairs
            return reader.view.gather(self._tab(reader.index, e, how[0]), how[0])
        return reader.value(how)

    def _tabulation_of(self, index: int, e: Expr) -> Any:
        """How :meth:`tabulated` reads ``e`` (the same in every view of the pass): ``(key,)``
        through the table over the states of ``key`` (a suit or a half), the expression
        regrouped, or _DIRECT."""
        if isinstance(e, Const) or _is_leaf(e, self.defs[index]):
            return _DIRECT
        sup = self.support(index, e)
        if not sup or OPAQUE in sup:
            return _DIRECT
        if len(sup) == 1:
            return (next(iter(sup)),)
        for key, half in HALVES.items():
            if sup <= half and self._half_size(half) <= HALF_LIMIT:
                return (key,)
        regrouped = self._regroup(index, e)
        return _DIRECT if regrouped is None else regrouped

    def _half_size(self, half: frozenset[int]) -> int:
        a, b = sorted(half)
        return self.domain.suits[a - 1].size * self.domain.suits[b - 1].size

    def _tab(self, index: int, e: Expr, key):
        got = self._tabs.get((index, e, key))
        if got is None:
            # (passes over the same states with the same definitions and facts share these
            # too: the findings at the table plan a pass per question, each over every state)
            shared = (id(self.defs[index]), self.spec.context, self._states_digest(), e, key)
            hit = _TABS.get(shared)
            if hit is not None and hit[0] is self.defs[index]:
                got = self._tabs[(index, e, key)] = hit[1]
                return got
            if key in HALVES:
                a, b = sorted(HALVES[key])
                ka, kb = self.domain.suits[a - 1].size, self.domain.suits[b - 1].size
                ids = {a: np.repeat(np.arange(ka), kb), b: np.tile(np.arange(kb), ka)}
            else:
                ids = {key: np.arange(self.domain.suits[key - 1].size)}
            view = ChunkView(self, Chunk(ids))
            got = view.reader(index, tabulate=False).value(e)
            if isinstance(got, Fx) or isinstance(got, np.ndarray):
                pass
            elif isinstance(got, bool):
                got = np.full(view.size, got)
            else:
                from openbid.readers.census.arrays import as_fx

                got = as_fx(got, view.size)
            self._tabs[(index, e, key)] = got
            # (the definitions kept with it: their id stays unique while it is kept)
            _kept(_TABS, shared, (self.defs[index], got))
        return got

    def _states_digest(self) -> bytes:
        """The rank model and every suit's states (passes over the same states tabulate
        alike)."""
        got = self.__dict__.get("_digest")
        if got is None:
            h = hashlib.blake2b(repr(self.model.tracked).encode())
            for st in self.domain.suits:
                h.update(st.reps.tobytes())
            got = self.__dict__["_digest"] = h.digest()
        return got

    def _regroup(self, index: int, e: Expr) -> Expr | None:
        """A sum, conjunction, disjunction, count or max/min over several suits, with the parts
        that read one half gathered into one sub-expression each (None: nothing to gain)."""
        def half_of(x: Expr) -> str | None:
            sup = self.support(index, x)
            if not sup or OPAQUE in sup:
                return None
            for key, half in HALVES.items():
                if sup <= half:
                    return key
            return None

        if isinstance(e, Arith) and e.op in "+-":
            terms: list[tuple[int, Expr]] = []
            _flatten_sum(e, 1, terms, lambda x: half_of(x) is not None)
            groups: dict[str | None, list[tuple[int, Expr]]] = {}
            for sign, t in terms:
                groups.setdefault(half_of(t), []).append((sign, t))
            if not any(len(v) >= 2 for k, v in groups.items() if k is not None):
                return None
            parts: list[tuple[int, Expr]] = []
            for k, v in groups.items():
                if k is None or len(v) == 1:
                    parts.extend(v)
                else:
                    parts.append((1, _sum(v)))
            return _sum(parts)
        if isinstance(e, (And, Or)):
            groups2: dict[str | None, list[Expr]] = {}
            for it in e.items:
                groups2.setdefault(half_of(it), []).append(it)
            if not any(len(v) >= 2 for k, v in groups2.items() if k is not None):
                return None
            kind = type(e)
            items: list[Expr] = []
            for k, its in groups2.items():
                items.extend(its if k is None or len(its) == 1 else [kind(tuple(its))])
            return kind(tuple(items))
        if isinstance(e, Call) and e.fn in ("count", "max", "min"):
            groups3: dict[str | None, list[Expr]] = {}
            for a in e.args:
                groups3.setdefault(half_of(a), []).append(a)
            if not any(len(v) >= 2 for k, v in groups3.items() if k is not None):
                return None
            subs = [Call(e.fn, tuple(v)) if k is not None and len(v) >= 2 else None
                    for k, v in groups3.items()]
            if e.fn == "count":
                parts2: list[tuple[int, Expr]] = []
                for sub, (k, same) in zip(subs, groups3.items()):
                    parts2.append((1, sub if sub is not None else Call("count", tuple(same))))
                return _sum(parts2)
            args: list[Expr] = []
            for sub, (k, same) in zip(subs, groups3.items()):
                args.extend([sub] if sub is not None else same)
            return Call(e.fn, tuple(args))
        return None


_DIRECT = object()  # (an expression best read directly, not through a table)


def _is_leaf(e: Expr, defs: Definitions) -> bool:
    """A per-suit table read directly (a gather already)."""
    return (isinstance(e, Call) and len(e.args) == 1 and defs.has(e.fn, 1)
            and isinstance(defs.entry(e.fn, 1), SuitTable))


def _flatten_sum(e: Expr, sign: int, out: list[tuple[int, Expr]], within_half) -> None:
    """The signed terms of a sum; a part that reads one half only is one term."""
    if isinstance(e, Arith) and e.op in "+-" and not within_half(e):
        _flatten_sum(e.left, sign, out, within_half)
        _flatten_sum(e.right, sign if e.op == "+" else -sign, out, within_half)
    else:
        out.append((sign, e))


def _sum(terms: list[tuple[int, Expr]]) -> Expr:
    terms = sorted(terms, key=lambda t: -t[0])  # positive terms first
    sign, out = terms[0]
    if sign < 0:
        out = Neg(out)
    for sign, t in terms[1:]:
        out = Arith("+" if sign > 0 else "-", out, t)
    return out


def spec_for(rules: Rules | list[Rules], exprs=(), outcome: bool = False, merge: bool = True,
             context: tuple = ()) -> PassSpec:
    """A pass over one rules table (or several, sharing ``exprs``)."""
    rs = tuple(rules) if isinstance(rules, (list, tuple)) else (rules,)
    return PassSpec(rs, tuple(tuple(exprs) for _ in rs), tuple(outcome for _ in rs), merge,
                    tuple(context))

