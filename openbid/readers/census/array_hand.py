"""Every descriptor of every class of a chunk, as numpy arrays (the numpy reading of PRELIM).

Per-suit descriptors are gathers from tables over the 288 suit classes; whole-hand ones are sums
over half-hands (two suits at a time), each computed the first time it is read.
"""

from __future__ import annotations

import weakref
from functools import cached_property, lru_cache

import numpy as np

from openbid.model.descriptors import Readings
from openbid.readers.census.enumeration import SUITS, Chunk, SuitClasses

N_SUIT_CLASSES = 288


@lru_cache(maxsize=8)
def suit_tables(readings: Readings) -> dict[str, np.ndarray]:
    """Every per-suit descriptor for each of the 288 suit classes (Appendix 2; the same
    definitions as openbid.model.descriptors and openbid.readers.symbolic): the one place they are defined
    for the numpy reader."""
    sc = SuitClasses.build()
    n = sc.length.astype(np.int16)
    a, k, q, j, t = (sc.bit(r).astype(bool) for r in "AKQJT")
    return {
        "length": n,
        "points": (4 * a + 3 * k + 2 * q + j).astype(np.int16),
        "honours": (a.astype(np.int16) + k + q + j + t),
        "sub": (np.where(a & (n == 1), -1, 0) + np.where(k & (n == 1), 2, 0)
                + np.where(q & (n < 3), 3 - n, 0) + np.where(j & (n < 3), 1, 0)).astype(np.int16),
        "safe": a | (k & (n != 1)) | (n >= 3),
        "notr": (k & (n == 1)) | ((n == 2) & q & j),
        "pt": sc.pt(readings.playtricks).astype(np.int16),
    }


@lru_cache(maxsize=8)
def _suit_terms(readings: Readings) -> dict[str, np.ndarray]:
    """Each per-suit term of PRELIM's whole-hand descriptors, for each of the 288 suit classes."""
    sc = SuitClasses.build()
    per = suit_tables(readings)
    n, points, notr = per["length"], per["points"], per["notr"]
    if readings.solid == "corrected":
        bad = ((points <= 2) & (n <= 4)) | notr
    else:
        bad = ((points >= 2) & (n <= 4)) | notr
    two, three = (3, 2) if readings.notrumptry == "code" else (2, 1)
    ntbad = ((points <= two) & (n == 2)) | ((points <= three) & (n == 3)) | (n <= 1) | notr
    return {
        "points": points, "aces": sc.bit("A").astype(np.int8), "kings": sc.bit("K").astype(np.int8),
        "distp": np.where(n < 3, 3 - n, 0).astype(np.int8), "longest": n.astype(np.int8),
        "longbonus": np.where(n >= 5, 2 * (n - 5) + 1, 0).astype(np.int16),
        "sub": per["sub"], "safe": per["safe"].astype(np.int8), "pt": per["pt"], "weight": sc.weight,
        "void": n == 0, "singleton": n == 1, "solidbad": bad, "ntbad": ntbad,
    }


@lru_cache(maxsize=8)
def _half_tables(readings: Readings) -> dict[str, np.ndarray]:
    """Per half-hand (two suit classes, 288 * 288 of them) the same terms combined: summed,
    or-ed (conditions), multiplied (weight), or the larger (longest)."""
    out = {}
    for name, t in _suit_terms(readings).items():
        if t.dtype == bool:
            both = t[:, None] | t[None, :]
        elif name == "longest":
            both = np.maximum(t[:, None], t[None, :])
        elif name == "weight":
            both = t[:, None] * t[None, :]
        else:
            both = t[:, None] + t[None, :]
        out[name] = np.ascontiguousarray(both.ravel())
    return out


class ArrayHand:
    """Every descriptor of every class of a chunk, as numpy arrays, under ``readings``."""

    def __init__(self, chunk: Chunk, readings: Readings) -> None:
        self.chunk = chunk
        self.readings = readings
        self.sc = SuitClasses.build()
        self._cache: dict = {}

    def _per(self, name: str, table: np.ndarray) -> dict[int, np.ndarray]:
        key = ("per", name)
        if key not in self._cache:
            self._cache[key] = {s: table[self.chunk.ids[s]] for s in SUITS}
        return self._cache[key]

    def _suit(self, name: str, dtype=None) -> dict[int, np.ndarray]:
        table = suit_tables(self.readings)[name]
        return self._per(name, table if dtype is None else table.astype(dtype))

    @cached_property
    def length(self):
        return self._suit("length", np.int8)

    def has(self, s: int, rank: str) -> np.ndarray:
        return self._per(rank, self.sc.bit(rank).astype(bool))[s]

    @cached_property
    def points(self):
        return self._suit("points", np.int8)

    @cached_property
    def honours(self):
        return self._suit("honours", np.int8)

    @cached_property
    def sub(self):
        return self._suit("sub", np.int8)

    @cached_property
    def safe(self):
        return self._suit("safe")

    @cached_property
    def notr(self):
        return self._suit("notr")

    @cached_property
    def pt(self):
        return self._suit("pt", np.int8)

    def suit_test(self, fn: str, s: int, *args: int) -> np.ndarray:
        """A per-suit condition with constant arguments (``SLIDEPOINTS(s, 6, 1)``,
        ``CANBEREBID(s)``) for suit ``s``: computed once over the 288 suit classes, then one
        gather, instead of arithmetic over every row."""
        key = ("test", fn, s, args)
        got = self._cache.get(key)
        if got is None:
            per = suit_tables(self.readings)
            n, pts = per["length"].astype(np.int32), per["points"].astype(np.int32)
            if fn == "SLIDEPOINTS":
                table = pts >= args[0] - args[1] * n
            else:  # CANBEREBID
                table = ((n >= 5) & (pts >= 4) & (per["honours"] >= 2)) | (n >= 6)
            got = self._cache[key] = table[self.chunk.ids[s]]
        return got

    @cached_property
    def halves(self) -> tuple[np.ndarray, np.ndarray]:
        """Each class as two halves: (clubs, diamonds) and (hearts, spades), numbered 0..288**2-1.
        A sum over the suits is then two gathers from a table over half-hands (see
        :func:`_half_tables`) and one addition, instead of four gathers and three additions."""
        ids = self.chunk.ids
        return ids[1] * N_SUIT_CLASSES + ids[2], ids[3] * N_SUIT_CLASSES + ids[4]

    def _sum(self, name: str) -> np.ndarray:
        t = _half_tables(self.readings)[name]
        lo, hi = self.halves
        if t.dtype == bool:
            return t[lo] | t[hi]
        if name == "longest":
            return np.maximum(t[lo], t[hi])
        if name == "weight":
            return t[lo] * t[hi]
        return t[lo] + t[hi]

    @cached_property
    def weight(self) -> np.ndarray:
        """The hands each row stands for."""
        if not self.chunk.merged:
            return self._sum("weight")
        sc, ids = self.sc, self.chunk.ids
        tables = [sc.merged_weight if s in self.chunk.merged else sc.weight for s in SUITS]
        return tables[0][ids[1]] * tables[1][ids[2]] * tables[2][ids[3]] * tables[3][ids[4]]

    @cached_property
    def multiplicity(self) -> np.ndarray | None:
        """The classes each row stands for (None: one each, nothing merged)."""
        if not self.chunk.merged:
            return None
        sc, ids = self.sc, self.chunk.ids
        out = np.ones(self.chunk.size, dtype=np.int64)
        for s in self.chunk.merged:
            out *= sc.multiplicity[ids[s]]
        return out

    def classes(self) -> int:
        m = self.multiplicity
        return self.chunk.size if m is None else int(m.sum())

    @cached_property
    def scalars(self) -> "_Scalars":
        """PRELIM's whole-hand descriptors by name, each computed the first time it is read."""
        return _Scalars(self)

    def _scalar(self, name: str) -> np.ndarray:
        get = self.scalars.__getitem__
        if name == "XTRP":
            distp, aces = get("DISTP"), get("ACES")
            return (self._sum("longbonus") + 1 - (distp == 0) - (aces == 0) + (aces == 4)).astype(np.int16)
        if name == "TOTALPTS":
            return get("HCP") + get("XTRP") - get("SUB")
        if name == "SUMP":
            return get("HCP") + get("DISTP") - get("SUB")
        if name == "EVENDIST":
            return get("DISTP") <= 1
        if name == "FOUR441":
            return (get("LONGEST") <= 5) & self._sum("singleton")
        if name in ("SOLID", "NOTRUMPTRY"):
            return ~self._sum("solidbad" if name == "SOLID" else "ntbad")
        return self._sum(_SCALAR_SUMS[name])

    @cached_property
    def sp(self) -> list[np.ndarray]:
        """SP(1) .. SP(4): the suit points in descending order, by a sorting network of five
        compare-exchanges (elementwise: no sort of the rows)."""
        a, b, c, d = (self.points[s] for s in SUITS)
        a, b = np.maximum(a, b), np.minimum(a, b)
        c, d = np.maximum(c, d), np.minimum(c, d)
        a, c = np.maximum(a, c), np.minimum(a, c)
        b, d = np.maximum(b, d), np.minimum(b, d)
        b, c = np.maximum(b, c), np.minimum(b, c)
        return [a, b, c, d]


_SCALAR_SUMS = {"HCP": "points", "ACES": "aces", "DISTP": "distp", "LONGEST": "longest",
                "SUB": "sub", "KINGS": "kings", "STOP": "safe", "PLAYTRICKS": "pt",
                "VOIDFLAG": "void"}
SCALAR_NAMES = ("HCP", "DISTP", "ACES", "LONGEST", "XTRP", "SUB", "TOTALPTS", "SUMP", "KINGS",
                "STOP", "PLAYTRICKS", "VOIDFLAG", "EVENDIST", "FOUR441", "SOLID", "NOTRUMPTRY")


class _Scalars(dict):
    """name -> array, filled on first reading (``in`` and ``keys`` see every name)."""

    def __init__(self, hand: ArrayHand) -> None:
        super().__init__()
        # Not a strong reference: hand -> scalars -> hand would be a cycle, and a chunk's arrays
        # would wait for the cyclic collector (gigabytes, a page fault per new page).
        self._hand = weakref.ref(hand)

    def __missing__(self, name: str) -> np.ndarray:
        if name not in SCALAR_NAMES:
            raise KeyError(name)
        value = self._hand()._scalar(name)  # type: ignore[union-attr]
        self[name] = value
        return value

    def __contains__(self, name: object) -> bool:
        return name in SCALAR_NAMES

    def __iter__(self):
        return iter(SCALAR_NAMES)

    def __len__(self) -> int:
        return len(SCALAR_NAMES)

    def keys(self):  # type: ignore[override]
        return iter(SCALAR_NAMES)

    def items(self):  # type: ignore[override]
        return ((k, self[k]) for k in SCALAR_NAMES)
