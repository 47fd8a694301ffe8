"""The descriptor registry with every built-in descriptor loaded (:func:`registry`), and the
:class:`Readings` a pass runs under. The entry types and the registry they are added to live one
level down, in :mod:`openbid.hands.entries` (re-exported here); the modules that define entries
fill it, and :func:`registry` imports them, here and nowhere else."""

from __future__ import annotations

from typing import Callable

from openbid.hands.entries import (REGISTRY, SUITS, Context, Derived, Entry, Family, PatternTable,
                                   Reading, Registry, Signature, SuitTable, Value)
from openbid.base.errors import OpenbidError

__all__ = ["REGISTRY", "SUITS", "Context", "Derived", "Entry", "Family", "PatternTable", "Reading",
           "Readings", "Registry", "Signature", "SuitTable", "Value", "missing_fact",
           "registry"]


def registry() -> Registry:
    """The registry with every built-in descriptor loaded."""
    import openbid.hands.prelim  # noqa: F401  (registers PRELIM)
    import openbid.hands.modern  # noqa: F401  (registers the modern systems' descriptors)
    import openbid.hands.evaluators.catalog  # noqa: F401  (registers the evaluators)

    return REGISTRY


def missing_fact(name: str, give: Callable[[str, str], str]) -> str:
    """The message for a fact of the deal (``name``) a rule read and the caller did not give;
    ``give(name, values)`` spells how to give it (an option, a parameter), ``values`` "" when
    the fact's values are not listed."""
    entry = registry().default(name, 0)
    doc = entry.doc if isinstance(entry, Context) else "a fact of the deal"
    how = {"SEAT": ("seat", "1|2|3|4"), "VUL": ("vul", "none|we|they|both"),
           "THEYVUL": ("vul", "none|we|they|both")}.get(name, (name.lower(), ""))
    return f"{name} is a fact of the deal ({doc}) that the rules read here: give {give(*how)}"


class Readings:
    """The reading chosen for every registered :class:`Reading` (the default where not given).
    Immutable and hashable; ``readings.playtricks`` reads one choice."""

    __slots__ = ("_items", "_hash")
    _items: tuple[tuple[str, str], ...]
    _hash: int

    def __init__(self, **choices: str) -> None:
        reg = registry()
        for k, v in choices.items():
            r = reg.readings.get(k)
            if r is None:
                known = ", ".join(reg.readings)
                raise OpenbidError(f"unknown reading {k!r}; known: {known}")
            if v not in r.choices:
                raise OpenbidError(f"unknown {k} reading {v!r}; known: {', '.join(r.choices)}")
        items = tuple(sorted((k, choices.get(k, r.default)) for k, r in reg.readings.items()))
        object.__setattr__(self, "_items", items)
        object.__setattr__(self, "_hash", hash(items))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Readings are immutable")

    def get(self, name: str) -> str:
        for k, v in self._items:
            if k == name:
                return v
        raise OpenbidError(f"unknown reading {name!r}")

    def __getattr__(self, name: str) -> str:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self.get(name.replace("_", "-"))
        except OpenbidError:
            raise AttributeError(name) from None

    def as_dict(self) -> dict[str, str]:
        return dict(self._items)

    def non_default(self) -> dict[str, str]:
        reg = registry()
        return {k: v for k, v in self._items if reg.readings[k].default != v}

    def replace(self, **choices: str) -> "Readings":
        return Readings(**{**self.as_dict(), **choices})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Readings) and self._items == other._items

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return "Readings(" + ", ".join(f"{k}={v!r}" for k, v in self._items) + ")"

    def __reduce__(self):
        return (_readings, (self._items,))


def _readings(items: tuple[tuple[str, str], ...]) -> Readings:
    return Readings(**dict(items))
