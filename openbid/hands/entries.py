"""The descriptor registry: every descriptor defined once; every reader derives from the entry.

An entry is one of:

:class:`SuitTable`
    a function of the cards held in one suit (the ranks it ``reads``, plus the length),
    tabulated once over suit states. ``SUITPOINTS(S)``, ``PT(S)``, ``BUMWRAP(S)``.
:class:`PatternTable`
    a function of the pattern (the four lengths, longest first). ``SHAPE``, an evaluator's
    pattern value.
:class:`Derived`
    a definition in the expression language (docs/expressions.md), with typed parameters.
    ``TOTALPTS = HCP + XTRP - SUB``; ``SLIDEPOINTS(s, n1, n2) = SUITPOINTS(s) >= n1 - n2 *
    SUITLENGTH(s)``.

The executor (openbid.systems.descriptors), Z3 (openbid.readers.symbolic) and the census
(openbid.readers.census) all read these entries: a table is looked up, gathered, or compiled to a
Z3 term from the same values; a definition is evaluated, inlined or compiled from the same tree.

A *reading* is a choice the source text leaves open (docs/ERRATA.md): an entry may have one
definition per choice of one reading (PT under ``playtricks``; SOLID under ``solid``). Which one a
pass uses is a field of its :class:`openbid.hands.registry.Readings`.

This module holds the entry types and the one :data:`REGISTRY`, which the modules that define
entries fill (openbid.hands.prelim, openbid.hands.modern, openbid.hands.evaluators.catalog); it
imports none of them. :func:`openbid.hands.registry.registry` imports them, in that one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Callable, Iterator, Protocol, Union

from openbid.base.errors import OpenbidError
from openbid.bridge.ranks import RankModel, rank_order

Value = Union[int, Fraction, bool, str]
SUITS = (1, 2, 3, 4)  # C D H S, the Algol's numbering


@dataclass(frozen=True)
class Reading:
    """A choice the source leaves open; ``default`` is the reading the evidence supports."""

    name: str
    choices: tuple[str, ...]
    default: str
    doc: str
    errata: str = ""  # where the evidence is (docs/ERRATA.md id, or a doc file)


@dataclass(frozen=True)
class SuitTable:
    """A descriptor of one suit: ``fn(held, length)``, ``held`` the ranks of ``reads`` held (high
    to low). Tabulated once per rank model over every suit state."""

    name: str
    result: str  # "num" | "bool"
    reads: str
    fn: Callable[[str, int], Value] = field(compare=False)
    doc: str = ""
    reading: str | None = None
    choice: str | None = None
    source: str = ""
    group: str = "prelim"  # what it belongs to: "prelim", "evaluator", ... (for display)

    def __post_init__(self) -> None:
        object.__setattr__(self, "reads", rank_order(self.reads))

    def __hash__(self) -> int:
        return hash(("SuitTable", self.name, self.reading, self.choice))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SuitTable) and (self.name, self.reading, self.choice)
                == (other.name, other.reading, other.choice))

    @cached_property
    def _by_holding(self) -> dict[tuple[str, int], Value]:
        return {}

    def value(self, held: str, length: int) -> Value:
        """The value for ``held`` (ranks of ``reads``, high to low) and ``length`` (memoised)."""
        key = (held, length)
        memo = self._by_holding
        got = memo.get(key)
        if got is None:
            got = memo[key] = _normal(self.fn(held, length))
        return got

    def table(self, model: RankModel) -> tuple[Value, ...]:
        """The value at every state of ``model`` (which must track every rank this reads)."""
        missing = set(self.reads) - set(model.tracked)
        if missing:
            raise ValueError(f"{self.name} reads {''.join(sorted(missing))}, not tracked")
        return _tables(self, model)


_TABLES: dict[tuple, tuple[Value, ...]] = {}


def _tables(t: SuitTable, model: RankModel) -> tuple[Value, ...]:
    key = (t, model.tracked)
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = tuple(t.value(*model.project(s, t.reads)) for s in range(model.n_states))
    return got


@dataclass(frozen=True)
class PatternTable:
    """A descriptor of the pattern: ``fn((a, b, c, d))``, lengths longest first."""

    name: str
    result: str  # "num" | "bool" | "str"
    fn: Callable[[tuple[int, int, int, int]], Value] = field(compare=False)
    doc: str = ""
    reading: str | None = None
    choice: str | None = None
    source: str = ""
    group: str = "prelim"

    def __hash__(self) -> int:
        return hash(("PatternTable", self.name, self.reading, self.choice))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PatternTable) and (self.name, self.reading, self.choice)
                == (other.name, other.reading, other.choice))

    @cached_property
    def values(self) -> dict[tuple[int, int, int, int], Value]:
        from openbid.bridge.shape import all_shapes

        return {p: _normal(self.fn(p)) for p in all_shapes()}

    @cached_property
    def strings(self) -> tuple[str, ...]:
        """A string table's distinct values in the order of the patterns: the census groups
        hands by a value's index here (``openbid count --by SHAPE``)."""
        return tuple(dict.fromkeys(str(v) for v in self.values.values()))


@dataclass(frozen=True)
class Derived:
    """A definition in the expression language; ``params`` are (name, type) with type "suit"
    or "num"."""

    name: str
    result: str
    text: str
    params: tuple[tuple[str, str], ...] = ()
    doc: str = ""
    reading: str | None = None
    choice: str | None = None
    source: str = ""
    group: str = "prelim"

    @property
    def arity(self) -> int:
        return len(self.params)


@dataclass(frozen=True)
class Context:
    """A fact about the deal the hand is bid in, not about the hand: the seat (1-4), which side
    is vulnerable. A question fixes it (``openbid bid --seat 3``) or ranges over it (Z3 reads
    it as a variable; the census counts once per value)."""

    name: str
    result: str  # "num" | "bool"
    values: tuple[Value, ...]
    doc: str = ""
    group: str = "context"
    reading: str | None = None
    choice: str | None = None
    source: str = ""


Entry = Union[SuitTable, PatternTable, Derived, Context]


@dataclass(frozen=True)
class Family:
    """An entry that depends on several readings at once (an evaluator with options, e.g. K&R):
    ``build(choices)`` makes the entry for one combination of choices, when first asked."""

    name: str
    arity: int
    readings: tuple[str, ...]
    build: Callable[[dict[str, str]], Entry] = field(compare=False)
    group: str = "evaluator"

    def __hash__(self) -> int:
        return hash(("Family", self.name, self.arity, self.readings))

    def entry(self, choices: dict[str, str]) -> Entry:
        key = tuple(choices.get(r, "") for r in self.readings)
        memo = _FAMILY_MEMO.setdefault(self, {})
        got = memo.get(key)
        if got is None:
            got = memo[key] = self.build(choices)
        return got


_FAMILY_MEMO: dict[Family, dict[tuple, Entry]] = {}


def _normal(v: Value) -> Value:
    """Exact values: bools stay, integral fractions become ints, floats are refused."""
    if isinstance(v, bool) or isinstance(v, str):
        return v
    if isinstance(v, float):
        raise TypeError("descriptor values are exact (int or Fraction), not float")
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else v
    return int(v)


@dataclass(frozen=True)
class Signature:
    """What the parser needs of a name: its argument types and result."""

    name: str
    args: tuple[str, ...]
    result: str
    doc: str
    kind: str = "descriptor"  # or "outcome"


class Registry:
    """Every descriptor and reading. Entries are added at import of the modules that define
    them (openbid.hands.prelim, openbid.hands.evaluators.*); :func:`registry` loads them all."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, int], list[Entry]] = {}
        self.readings: dict[str, Reading] = {}
        self._order: list[tuple[str, int]] = []

    # -- definition ------------------------------------------------------------------------
    def reading(self, r: Reading) -> Reading:
        if r.default not in r.choices:
            raise ValueError(f"reading {r.name}: default {r.default!r} is not a choice")
        self.readings[r.name] = r
        return r

    def family(self, f: Family) -> Family:
        for r in f.readings:
            if r not in self.readings:
                raise ValueError(f"{f.name}: unknown reading {r}")
        key = (f.name, f.arity)
        if key in self.entries:
            raise ValueError(f"{f.name}/{f.arity} defined twice")
        self.entries[key] = [f]  # type: ignore[list-item]
        self._order.append(key)
        self.__dict__.pop("signatures", None)
        return f

    def add(self, e: Entry) -> Entry:
        arity = e.arity if isinstance(e, Derived) else (1 if isinstance(e, SuitTable) else 0)
        if isinstance(e, Context):
            arity = 0
        key = (e.name, arity)
        alts = self.entries.setdefault(key, [])
        if key not in self._order:
            self._order.append(key)
        if any(a.choice == e.choice for a in alts):
            raise ValueError(f"{e.name}/{arity} defined twice (choice {e.choice})")
        if e.reading is not None:
            r = self.readings.get(e.reading)
            if r is None or e.choice not in r.choices:
                raise ValueError(f"{e.name}: unknown reading {e.reading}={e.choice}")
        elif alts:
            raise ValueError(f"{e.name}/{arity} defined twice")
        alts.append(e)
        self.__dict__.pop("signatures", None)
        return e

    # -- lookup ----------------------------------------------------------------------------
    def lookup(self, name: str, arity: int, readings: "Choices") -> Entry:
        alts = self.entries.get((name, arity))
        if not alts:
            raise OpenbidError(f"no descriptor {name} with {arity} argument(s)")
        first = alts[0]
        if isinstance(first, Family):
            return first.entry({r: readings.get(r) for r in first.readings})
        if len(alts) == 1 and first.reading is None:
            return first
        reading = alts[0].reading
        assert reading is not None
        choice = readings.get(reading)
        for a in alts:
            if a.choice == choice:
                return a
        raise OpenbidError(f"{name} has no definition under {reading}={choice}")

    def has(self, name: str, arity: int) -> bool:
        return (name, arity) in self.entries

    def names(self) -> Iterator[tuple[str, int]]:
        """Every (name, arity), in registration order."""
        return iter(self._order)

    def default(self, name: str, arity: int) -> Entry:
        """The entry under the default readings (what its signature and group come from)."""
        return self.lookup(name, arity, _Defaults(self))

    def suit_tables(self) -> list[str]:
        return [n for n, a in self._order if a == 1 and isinstance(self.default(n, a), SuitTable)]

    def whole(self) -> list[str]:
        """The names usable alone (whole-hand descriptors), in registration order."""
        return [n for n, a in self._order if a == 0]

    @cached_property
    def signatures(self) -> dict[str, tuple[Signature, ...]]:
        """name -> its signatures (one per arity), for the parser."""
        out: dict[str, list[Signature]] = {}
        for name, arity in self._order:
            e = self.default(name, arity)
            if isinstance(e, SuitTable):
                sig = Signature(name, ("suit",), e.result, e.doc)
            elif isinstance(e, (PatternTable, Context)):
                sig = Signature(name, (), e.result, e.doc)
            else:
                sig = Signature(name, tuple(t for _, t in e.params), e.result, e.doc)
            out.setdefault(name, []).append(sig)
        return {k: tuple(v) for k, v in out.items()}


class Choices(Protocol):
    """What a lookup reads of the readings a pass runs under
    (:class:`openbid.hands.registry.Readings`): the choice made for one reading."""

    def get(self, name: str) -> str: ...


@dataclass(frozen=True)
class _Defaults:
    """Every reading of ``registry`` at its default."""

    registry: Registry

    def get(self, name: str) -> str:
        r = self.registry.readings.get(name)
        if r is None:
            raise OpenbidError(f"unknown reading {name!r}")
        return r.default


REGISTRY = Registry()
