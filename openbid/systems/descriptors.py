"""The executor's reading of the registry: every descriptor of one hand, computed when first read.

Per-suit tables are looked up from the cards of each suit (the ranks the table reads, and the
length); definitions are compiled to Python once (openbid.expr.pycode) and evaluated on
the hand. PRELIM's definitions are in :mod:`openbid.hands.prelim`; the literal Algol
(openbid.studies.paper.algol) is the independent reference they are checked against.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from openbid.base.errors import HandError, OpenbidError
from openbid.expr.ast import Expr, bind
from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RANKS
from openbid.hands.registry import (Context, Derived, Entry, PatternTable, Readings, SuitTable,
                                    registry)

SUITS_ALGOL = (4, 3, 2, 1)  # the Algol's ``SUITS``: S, H, D, C

__all__ = ["Definitions", "Descriptors", "Readings", "DEFAULT_READINGS", "describe", "definitions"]


class Definitions:
    """The descriptors one pass sees: the registry under ``readings``, and a rule file's own
    definitions (``local``, which come first)."""

    def __init__(self, readings: Readings, local: tuple[Derived, ...] = ()) -> None:
        self.readings = readings
        self.local = {(d.name, d.arity): d for d in local}
        self._entries: dict[tuple[str, int], Entry] = {}
        self._parsed: dict[Derived, Expr] = {}

    def entry(self, name: str, arity: int) -> Entry:
        key = (name, arity)
        got = self._entries.get(key)
        if got is None:
            got = self.local.get(key) or registry().lookup(name, arity, self.readings)
            self._entries[key] = got
        return got

    def has(self, name: str, arity: int) -> bool:
        return (name, arity) in self.local or registry().has(name, arity)

    def is_table(self, name: str) -> bool:
        return (name, 1) not in self.local and registry().has(name, 1) and isinstance(
            self.entry(name, 1), SuitTable)

    def local_signatures(self):
        from openbid.hands.registry import Signature

        out: dict[str, tuple] = {}
        for d in self.local.values():
            sig = Signature(d.name, tuple(t for _, t in d.params), d.result, d.doc)
            out[d.name] = out.get(d.name, ()) + (sig,)
        return out

    def parsed(self, d: Derived) -> Expr:
        """The definition's tree (parameters free)."""
        got = self._parsed.get(d)
        if got is None:
            from openbid.expr.parser import parse

            suits = frozenset(p for p, t in d.params if t == "suit")
            nums = frozenset(p for p, t in d.params if t != "suit")
            got = parse(d.text, suits, outcome=False, want=None, num_vars=nums,
                        local=self.local_signatures() or None)
            self._parsed[d] = got
        return got

    def inline(self, d: Derived, args: tuple[Expr, ...]) -> Expr:
        """The definition with its parameters bound to ``args``."""
        body = self.parsed(d)
        return bind(body, {p: a for (p, _), a in zip(d.params, args)})

    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is None:
            h = self.__dict__["_hash"] = hash((self.readings, tuple(sorted(self.local))))
        return h

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Definitions) and self.readings == other.readings
                and self.local == other.local)


@lru_cache(maxsize=64)
def definitions(readings: Readings, local: tuple[Derived, ...] = ()) -> Definitions:
    return Definitions(readings, local)


DEFAULT_READINGS = Readings()


class Descriptors:
    """Every descriptor of one hand (``suits``: (ranks named, unnamed small cards) for C, D, H,
    S), each computed the first time it is read. ``d.HCP``; ``d.SUITLENGTH[4]`` (the Algol's
    suit numbers, index 0 unused); ``d.CANBEREBID(4)``; ``d.SP(1)``."""

    def __init__(self, suits: tuple[tuple[str, int], ...], defs: Definitions,
                 context: tuple[tuple[str, object], ...] = ()) -> None:
        self.__dict__["_suits"] = suits
        self.__dict__["_defs"] = defs
        self.__dict__["_context"] = dict(context)

    def _fact(self, c: "Context"):
        """A fact of the deal (SEAT, VUL): given with the hand, never guessed."""
        got = self._context.get(c.name)
        if got is None:
            from openbid.base.errors import MissingFact

            raise MissingFact(c.name, f"{c.name} is a fact of the deal ({c.doc}): give it "
                                      f"(e.g. --{c.name.lower()})")
        return got

    @property
    def readings(self) -> Readings:
        return self._defs.readings

    def __getattr__(self, attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        defs: Definitions = self.__dict__["_defs"]
        value: object  # a per-suit tuple, a bound definition or a whole-hand value
        if attr.startswith("_s_"):
            value = self._per_suit(defs.entry(attr[3:], 1))  # type: ignore[arg-type]
        elif attr.startswith("_f_"):
            name = attr[3:]
            arity = _arity_of(defs, name)
            value = _bound(self, _compiled(defs, defs.entry(name, arity)))  # type: ignore[arg-type]
        elif defs.has(attr, 0):
            value = self._whole(defs.entry(attr, 0))
        elif defs.has(attr, 1) and defs.is_table(attr):
            value = self._per_suit(defs.entry(attr, 1))  # type: ignore[arg-type]
        elif _arity_of(defs, attr) is not None:
            value = _bound(self, _compiled(defs, defs.entry(attr, _arity_of(defs, attr))))  # type: ignore[arg-type]
        else:
            raise AttributeError(f"no descriptor {attr}")
        self.__dict__[attr] = value
        return value

    def _per_suit(self, t: SuitTable) -> tuple:
        memo = _suit_memo(t)
        out: list = [0]
        for suit in self._suits:
            got = memo.get(suit)
            if got is None:
                ranks, xs = suit
                held = "".join(r for r in ranks if r in t.reads)
                if xs:
                    _check_small(t, ranks, xs)
                got = memo[suit] = t.value(held, len(ranks) + xs)
            out.append(got)
        return tuple(out)

    def _whole(self, e: Entry):
        if isinstance(e, Context):
            return self._fact(e)
        if isinstance(e, PatternTable):
            lengths = sorted((len(r) + x for r, x in self._suits), reverse=True)
            return e.values[tuple(lengths)]
        if isinstance(e, Derived):
            return _compiled(self._defs, e)(self)
        raise OpenbidError(f"{e.name} needs a suit")

    def suits(self, group: str = "evaluator") -> dict[str, dict[str, object]]:
        """Every per-suit table of ``group``: name -> {"S": .., "H": .., "D": .., "C": ..}."""
        out: dict[str, dict[str, object]] = {}
        defs = self._defs
        for name, arity in registry().names():
            if arity == 1 and defs.is_table(name) and defs.entry(name, 1).group == group:
                vals = getattr(self, f"_s_{name}")
                out[name] = {"SHDC"[4 - s]: vals[s] for s in SUITS_ALGOL}
        return out

    def table(self, group: str = "prelim") -> dict[str, object]:
        """Every descriptor of ``group`` by name; per-suit ones as ``{"S": .., "H": .., "D": ..,
        "C": ..}``, one with a range parameter (SP) as a list."""
        out: dict[str, object] = {}
        whole, lists, tables, per_suit = layout(self._defs, group)
        for name in whole:
            out[name] = getattr(self, name)
        for name, (lo, hi) in lists:
            fn = getattr(self, f"_f_{name}")
            out[name] = [fn(i) for i in range(lo, hi + 1)]
        for name in tables:
            vals = getattr(self, f"_s_{name}")
            out[name] = {"SHDC"[4 - s]: vals[s] for s in SUITS_ALGOL}
        for name in per_suit:
            fn = getattr(self, f"_f_{name}")
            out[name] = {"SHDC"[4 - s]: fn(s) for s in SUITS_ALGOL}
        return out


def layout(defs: Definitions, group: str = "prelim"
           ) -> tuple[list[str], list[tuple[str, tuple[int, int]]], list[str], list[str]]:
    """The descriptors of ``group`` as :meth:`Descriptors.table` lists them (every reader of the
    table takes this order): whole-hand names, ranged ones (SP: name, (lo, hi)), per-suit tables
    and per-suit definitions. A rule file's own definition stands where the registry's stood."""
    reg = registry()
    whole: list[str] = []
    lists: list[tuple[str, tuple[int, int]]] = []
    tables: list[str] = []
    per_suit: list[str] = []
    for name, arity in reg.names():
        e = defs.entry(name, arity)
        where = e.group if e.group != "local" else reg.lookup(name, arity, defs.readings).group
        if where != group:
            continue
        if arity == 0:
            whole.append(name)
        elif isinstance(e, SuitTable):
            if not defs.has(name, 0):  # BUMWRAP(S) is in suits(), BUMWRAP here
                tables.append(name)
        elif isinstance(e, Derived) and arity == 1 and ".." in e.params[0][1]:
            lo, hi = (int(x) for x in e.params[0][1].split(".."))
            lists.append((name, (lo, hi)))
        elif isinstance(e, Derived) and arity == 1 and e.params[0][1] == "suit":
            per_suit.append(name)
    return whole, lists, tables, per_suit


_SUIT_MEMO: dict[SuitTable, dict] = {}


def _suit_memo(t: SuitTable) -> dict:
    """(ranks named, x cards) of one suit -> the table's value, for ``t``."""
    got = _SUIT_MEMO.get(t)
    if got is None:
        got = _SUIT_MEMO[t] = {}
    return got


class _Lazy:
    """A descriptor of one name: computed on first reading, then kept in the instance (a
    non-data descriptor, so later readings are plain attribute lookups)."""

    __slots__ = ("name", "fn")

    def __init__(self, name: str, fn: Callable) -> None:
        self.name, self.fn = name, fn

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = self.fn(obj)
        obj.__dict__[self.name] = value
        return value


_CLASSES: dict[Definitions, type] = {}


def _class_for(defs: Definitions) -> type:
    """A subclass of :class:`Descriptors` with every registered name as a lazy attribute,
    made once per set of definitions (the executor's fast path; names it does not know, such
    as a rule file's own, go through ``Descriptors.__getattr__``)."""
    got = _CLASSES.get(defs)
    if got is not None:
        return got
    ns: dict[str, object] = {}
    reg = registry()
    names = list(reg.names()) + [k for k in defs.local]
    for name, arity in names:
        e = defs.entry(name, arity)
        if arity == 0:
            if isinstance(e, (PatternTable, Context)):
                ns[name] = _Lazy(name, lambda d, e=e: d._whole(e))
            else:
                ns[name] = _Lazy(name, lambda d, f=_compiled(defs, e): f(d))  # type: ignore[arg-type]
        elif isinstance(e, SuitTable):
            ns[f"_s_{name}"] = _Lazy(f"_s_{name}", lambda d, e=e: d._per_suit(e))
            if not defs.has(name, 0):
                ns[name] = _Lazy(name, lambda d, e=e: d._per_suit(e))
        else:
            fn = _compiled(defs, e)  # type: ignore[arg-type]
            ns[f"_f_{name}"] = _Lazy(f"_f_{name}", lambda d, fn=fn: _bound(d, fn))
            if not defs.has(name, 0) and not ns.get(name):
                ns[name] = _Lazy(name, lambda d, fn=fn: _bound(d, fn))
    got = _CLASSES[defs] = type("Descriptors", (Descriptors,), ns)
    return got


def _arity_of(defs: Definitions, name: str) -> int | None:
    for k in (1, 2, 3, 4, 0):
        if defs.has(name, k):
            return k
    return None


def _check_small(t: SuitTable, ranks: str, xs: int) -> None:
    """An ``x`` is a card whose rank nothing in use reads: there must be enough such ranks."""
    free = [r for r in RANKS if r not in t.reads and r not in ranks]
    if xs > len(free):
        raise HandError(f"{t.name} reads {' '.join(t.reads)}, so an x stands for one of "
                        f"{' '.join(free) or 'no rank'}; {xs} x cards do not fit in one suit")


def _bound(d: Descriptors, fn: Callable) -> Callable:
    return lambda *args: fn(d, *args)


_COMPILED: dict[tuple, Callable] = {}


def _compiled(defs: Definitions, e: Derived) -> Callable:
    """``fn(d, *params)`` for a definition, compiled once."""
    key = (e, defs)
    fn = _COMPILED.get(key)
    if fn is None:
        from openbid.expr.pycode import NAMESPACE, py, var_name

        params = [p for p, _ in e.params]
        body = py(defs.parsed(e), frozenset(params), defs.is_table)
        src = f"lambda d{''.join(', ' + var_name(p) for p in params)}: {body}"
        fn = eval(compile(src, f"<{e.name}>", "eval"), dict(NAMESPACE))  # noqa: S307
        _COMPILED[key] = fn
    return fn


def hand_suits(hand: Hand) -> tuple[tuple[str, int], ...]:
    """(ranks named, x cards) per suit in the Algol's order C, D, H, S."""
    c, d, h, s = hand.clubs, hand.diamonds, hand.hearts, hand.spades
    return ((c.ranks, c.xs), (d.ranks, d.xs), (h.ranks, h.xs), (s.ranks, s.xs))


@lru_cache(maxsize=1 << 16)
def _describe(suits: tuple[tuple[str, int], ...], defs: Definitions,
              context: tuple[tuple[str, object], ...] = ()) -> Descriptors:
    return _class_for(defs)(suits, defs, context)


def describe(hand: Hand, readings: Readings | None = None, local: tuple[Derived, ...] = (),
             context: tuple[tuple[str, object], ...] = ()) -> Descriptors:
    """Every descriptor of ``hand`` under ``readings`` (default: the default readings), in
    ``context`` (facts of the deal: (("SEAT", 1), ("VUL", False)), when the rules read them)."""
    return _describe(hand_suits(hand), definitions(readings or Readings(), local), context)


def describe_suits(suits: tuple[tuple[str, int], ...], readings: Readings,
                   local: tuple[Derived, ...] = (), context: tuple = ()) -> Descriptors:
    """The same from (ranks, x cards) per suit, C, D, H, S (e.g. a hand class under a rank
    model: the tracked ranks held, the rest as x)."""
    return _describe(suits, definitions(readings, local), context)

