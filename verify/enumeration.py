"""Exact, weighted enumeration of every hand class (redeal's SmartStack idea).

A hand class fixes, per suit, which of A K Q J T are held and how many spot cards there are: all
OPENBID can see (verify.soundness shows it). There are 34,033,880 classes; a class with spot
counts (n_C, n_D, n_H, n_S) stands for prod C(8, n_s) hands, and the weights sum to
C(52, 13) = 635,013,559,600 (asserted on every full run).

The rules table is run over the classes in chunks with numpy, by the same symbolic executor that
builds the Z3 formulas (verify.execution), and results are grouped by any columns (outcome under
a rules table, or any expression) into exact counts with one example class per group.

In a suit whose ten nothing in the pass reads (verify.relevance: for OPENBID, diamonds), the ten
is counted as a spot card: the classes with and without it merge into one row of weight
C(9, small cards) that stands for both (``multiplicity``). Every count, in hands and in classes,
is unchanged (tests/test_census_slow.py compares the two on the whole pass); there are 39% fewer
rows.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb
from typing import Callable, Iterator, Sequence

import numpy as np

from openbid.bids import VALID_BIDVALS
from openbid.descriptors import Readings
from openbid.errors import OpenbidError
from openbid.expr.ast import (And, Arith, Call, Compare, Const, Expr, Name, Neg, Not, Or, Quant,
                              expand_quantifiers)
from openbid.expr.names import SUIT_CONSTANTS, bidvals_printing, string_comparison
from openbid.hand import Hand
from openbid.playtricks import suit_playtricks
from openbid.rules.meets import meets_expr
from openbid.rules.model import PASS_SECTION, Rules
from openbid.shape import parse_shape
from verify.execution import Execution, execute

TOTAL_HANDS = comb(52, 13)  # 635,013,559,600
_VALID = np.array(sorted(VALID_BIDVALS))
TOTAL_CLASSES = 34_033_880
SUITS = (1, 2, 3, 4)  # C D H S


# ---- per-suit classes ----------------------------------------------------------------------
@dataclass(frozen=True)
class SuitClasses:
    """Every (honour mask, spot count) of one suit: 288 classes, numbered 0..287."""

    mask: np.ndarray
    spots: np.ndarray
    length: np.ndarray
    weight: np.ndarray
    # With the ten counted as a spot card (verify.relevance): the classes that stand for a
    # merged class (all without the ten, and the ten with eight spot cards), the hands of the
    # merged class (C(9, small cards)) and how many classes it merges (1 or 2); 0 elsewhere.
    representative: np.ndarray
    merged_weight: np.ndarray
    multiplicity: np.ndarray

    @staticmethod
    @lru_cache(maxsize=1)
    def build() -> "SuitClasses":
        rows = [(m, n) for m in range(32) for n in range(9)]
        mask = np.array([m for m, _ in rows], dtype=np.int16)
        spots = np.array([n for _, n in rows], dtype=np.int16)
        length = np.array([bin(m).count("1") + n for m, n in rows], dtype=np.int16)
        weight = np.array([comb(8, n) for _, n in rows], dtype=np.int64)
        ten = [m & 1 for m, _ in rows]
        small = [t + n for t, (_, n) in zip(ten, rows)]  # the ten and the spot cards
        representative = np.array([t == 0 or n == 8 for t, (_, n) in zip(ten, rows)])
        merged_weight = np.where(representative, [comb(9, k) for k in small], 0).astype(np.int64)
        multiplicity = np.where(representative, [1 + (t == 0 and k >= 1) for t, k in zip(ten, small)],
                                0).astype(np.int64)
        return SuitClasses(mask, spots, length, weight, representative, merged_weight, multiplicity)

    def bit(self, rank: str) -> np.ndarray:
        return (self.mask >> "TJQKA".index(rank)) & 1

    def pt(self, source: str) -> np.ndarray:
        if source in _PT_TABLES:
            return _PT_TABLES[source]
        out = np.zeros(len(self.mask), dtype=np.int16)
        for i, (m, n) in enumerate(zip(self.mask, self.length)):
            a, k, q, j = ((int(m) >> b) & 1 for b in (4, 3, 2, 1))
            try:
                out[i] = suit_playtricks(source, bool(a), bool(k), bool(q), bool(j), int(n))
            except ValueError:  # a length the holding cannot have (only above 13 or impossible)
                out[i] = 0
        _PT_TABLES[source] = out
        return out


_PT_TABLES: dict[str, np.ndarray] = {}


def compositions() -> list[tuple[int, int, int, int]]:
    """Suit lengths (C, D, H, S) summing to 13, in a fixed order."""
    return [(c, d, h, 13 - c - d - h) for c in range(14) for d in range(14 - c)
            for h in range(14 - c - d)]


@lru_cache(maxsize=2)
def _by_length(merged: bool = False) -> list[np.ndarray]:
    """Per length, the suit classes of that length (``merged``: only those that stand for a
    class with the ten counted as a spot card)."""
    sc = SuitClasses.build()
    keep = sc.representative if merged else np.ones(len(sc.mask), dtype=bool)
    return [np.flatnonzero((sc.length == n) & keep).astype(np.int16) for n in range(14)]


Merged = frozenset  # the suits (1..4) whose ten is counted as a spot card (verify.relevance)
NONE_MERGED: frozenset[int] = frozenset()


@dataclass
class Chunk:
    """A block of hand classes: per suit the class id (into SuitClasses), and the global offset."""

    ids: dict[int, np.ndarray]  # suit -> class ids
    offset: int
    merged: frozenset[int] = NONE_MERGED  # suits whose classes stand for merged ones

    def __post_init__(self) -> None:
        # Indices of numpy's own index type: a gather with int16 indices converts them first
        # (every descriptor is a gather), and half-hand numbers (up to 288**2) need the width.
        self.ids = {s: np.asarray(a, dtype=np.intp) for s, a in self.ids.items()}

    @property
    def size(self) -> int:
        return len(self.ids[1])


CHUNK_TARGET = 1 << 18  # smaller chunks: less memory and kernel time (benchmarks/bench_census.py)


@lru_cache(maxsize=8)
def chunk_plan(target: int = CHUNK_TARGET, merged: frozenset[int] = NONE_MERGED
               ) -> tuple[tuple[int, tuple[tuple[int, int, int, int], ...]], ...]:
    """Compositions grouped into chunks of about ``target`` rows: (offset, compositions)."""
    by_suit = [_by_length(s in merged) for s in SUITS]
    plan = []
    pending: list[tuple[int, int, int, int]] = []
    size = offset = 0
    for comp in compositions():
        n = int(np.prod([len(by_suit[i][k]) for i, k in enumerate(comp)]))
        if n == 0:
            continue
        pending.append(comp)
        size += n
        if size >= target:
            plan.append((offset, tuple(pending)))
            offset += size
            pending, size = [], 0
    if pending:
        plan.append((offset, tuple(pending)))
    return tuple(plan)


def make_chunk(offset: int, comps: tuple[tuple[int, int, int, int], ...],
               merged: frozenset[int] = NONE_MERGED) -> Chunk:
    by_suit = [_by_length(s in merged) for s in SUITS]
    parts = []
    for comp in comps:
        grids = np.meshgrid(*(by_suit[i][k] for i, k in enumerate(comp)), indexing="ij")
        parts.append([g.ravel() for g in grids])
    return Chunk({s: np.concatenate([p[i] for p in parts]) for i, s in enumerate(SUITS)}, offset,
                 frozenset(merged))


def chunks(target: int = CHUNK_TARGET) -> Iterator[Chunk]:
    """All 34,033,880 classes in a fixed order, in chunks of about ``target`` rows."""
    for offset, comps in chunk_plan(target):
        yield make_chunk(offset, comps)


def class_hand(ids: Sequence[int]) -> Hand:
    """The hand class with per-suit class ids (C, D, H, S)."""
    sc = SuitClasses.build()
    masks = tuple(int(sc.mask[ids[s - 1]]) for s in (4, 3, 2, 1))
    spots = tuple(int(sc.spots[ids[s - 1]]) for s in (4, 3, 2, 1))
    return Hand.from_class(masks, spots)  # type: ignore[arg-type]


N_SUIT_CLASSES = 288


@lru_cache(maxsize=8)
def _suit_terms(readings: Readings) -> dict[str, np.ndarray]:
    """Each per-suit term of PRELIM's whole-hand descriptors, for each of the 288 suit classes
    (Appendix 2; the same definitions as openbid.descriptors and verify.symbolic)."""
    sc = SuitClasses.build()
    n = sc.length.astype(np.int16)
    a, k, q, j = (sc.bit(r).astype(bool) for r in "AKQJ")
    points = (4 * a + 3 * k + 2 * q + j).astype(np.int16)
    notr = (k & (n == 1)) | ((n == 2) & q & j)
    if readings.solid == "corrected":
        bad = ((points <= 2) & (n <= 4)) | notr
    else:
        bad = ((points >= 2) & (n <= 4)) | notr
    two, three = (3, 2) if readings.notrumptry == "code" else (2, 1)
    ntbad = ((points <= two) & (n == 2)) | ((points <= three) & (n == 3)) | (n <= 1) | notr
    sub = (np.where(a & (n == 1), -1, 0) + np.where(k & (n == 1), 2, 0)
           + np.where(q & (n < 3), 3 - n, 0) + np.where(j & (n < 3), 1, 0))
    return {
        "points": points, "aces": a.astype(np.int8), "kings": k.astype(np.int8),
        "distp": np.where(n < 3, 3 - n, 0).astype(np.int8), "longest": n.astype(np.int8),
        "longbonus": np.where(n >= 5, 2 * (n - 5) + 1, 0).astype(np.int16),
        "sub": sub.astype(np.int16), "safe": (a | (k & (n != 1)) | (n >= 3)).astype(np.int8),
        "pt": sc.pt(readings.playtricks).astype(np.int16), "weight": sc.weight,
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


# ---- descriptors over a chunk ------------------------------------------------------------
class NumpyAlgebra:
    true = True
    false = False

    def and_(self, a, b):
        if a is False or b is False:
            return False
        if a is True:
            return b
        if b is True:
            return a
        return a & b

    def or_(self, a, b):
        if a is True or b is True:
            return True
        if a is False:
            return b
        if b is False:
            return a
        return a | b

    def not_(self, a):
        if isinstance(a, bool):
            return not a
        return ~a

    def is_false(self, a) -> bool:
        return a is False or (isinstance(a, np.ndarray) and not a.any())


ALG = NumpyAlgebra()


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

    @cached_property
    def length(self):
        return self._per("length", self.sc.length.astype(np.int8))

    def has(self, s: int, rank: str) -> np.ndarray:
        return self._per(rank, self.sc.bit(rank).astype(bool))[s]

    @cached_property
    def points(self):
        sc = self.sc
        t = (4 * sc.bit("A") + 3 * sc.bit("K") + 2 * sc.bit("Q") + sc.bit("J")).astype(np.int8)
        return self._per("points", t)

    @cached_property
    def honours(self):
        sc = self.sc
        t = sum(sc.bit(r) for r in "AKQJT").astype(np.int8)
        return self._per("honours", t)

    @cached_property
    def sub(self):
        sc = self.sc
        n = sc.length
        t = (np.where((sc.bit("A") == 1) & (n == 1), -1, 0) + np.where((sc.bit("K") == 1) & (n == 1), 2, 0)
             + np.where((sc.bit("Q") == 1) & (n < 3), 3 - n, 0) + np.where((sc.bit("J") == 1) & (n < 3), 1, 0))
        return self._per("sub", t.astype(np.int8))

    @cached_property
    def safe(self):
        sc = self.sc
        n = sc.length
        t = (sc.bit("A") == 1) | ((sc.bit("K") == 1) & (n != 1)) | (n >= 3)
        return self._per("safe", t)

    @cached_property
    def notr(self):
        sc = self.sc
        n = sc.length
        t = ((sc.bit("K") == 1) & (n == 1)) | ((n == 2) & (sc.bit("Q") == 1) & (sc.bit("J") == 1))
        return self._per("notr", t)

    @cached_property
    def pt(self):
        return self._per("pt:" + self.readings.playtricks, self.sc.pt(self.readings.playtricks).astype(np.int8))

    def suit_test(self, fn: str, s: int, *args: int) -> np.ndarray:
        """A per-suit condition with constant arguments (``SLIDEPOINTS(s, 6, 1)``,
        ``CANBEREBID(s)``) for suit ``s``: computed once over the 288 suit classes, then one
        gather, instead of arithmetic over every row."""
        key = ("test", fn, s, args)
        got = self._cache.get(key)
        if got is None:
            sc = self.sc
            n = sc.length.astype(np.int32)
            pts = (4 * sc.bit("A") + 3 * sc.bit("K") + 2 * sc.bit("Q") + sc.bit("J")).astype(np.int32)
            if fn == "SLIDEPOINTS":
                table = pts >= args[0] - args[1] * n
            else:  # CANBEREBID
                honours = sum(sc.bit(r) for r in "AKQJT")
                table = ((n >= 5) & (pts >= 4) & (honours >= 2)) | (n >= 6)
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


class ArrayRules:
    """The rules table run over one chunk: outcome arrays and compiled expressions."""

    def __init__(self, rules: Rules, hand: ArrayHand) -> None:
        self.rules = rules
        self.hand = hand
        self.labels = rules.labels
        self._memo: dict[Expr, object] = {}

    @cached_property
    def execution(self) -> Execution:
        return execute(self.rules, ALG, self.cond, self.num)

    @cached_property
    def outcome(self) -> tuple[np.ndarray, np.ndarray]:
        n = self.hand.chunk.size
        bidval = np.zeros(n, dtype=np.int16)
        section = np.full(n, self.labels.index(str(PASS_SECTION)), dtype=np.int8)
        for site in self.execution.sites:
            fire = site.fire
            if fire is False:
                continue
            if fire is True:
                fire = np.ones(n, dtype=bool)
            value = site.value if np.isscalar(site.value) else site.value[fire]
            if not np.isin(value, _VALID).all():
                bad = sorted(set(np.atleast_1d(value).tolist()) - VALID_BIDVALS)[:3]
                raise OpenbidError(f"rules {self.rules.name!r}: bid point {site.label} makes "
                                   f"BIDVAL {', '.join(map(str, bad))}, which is not a bid "
                                   "(Appendix 5); 'openbid rules check FILE' finds every such point")
            bidval[fire] = value
            section[fire] = self.labels.index(site.label)
        return bidval, section

    def cond(self, e: Expr):
        return self._eval(expand_quantifiers(e))

    def num(self, e: Expr):
        return self._eval(expand_quantifiers(e))

    def _eval(self, e: Expr):
        hit = self._memo.get(e)
        if hit is None and e not in self._memo:
            hit = self._z(e)
            self._memo[e] = hit
        return hit

    def _z(self, e: Expr):
        h = self.hand
        if isinstance(e, Const):
            if isinstance(e.value, str):
                raise OpenbidError("a string can only be compared with bid, section or SHAPE")
            return e.value
        if isinstance(e, Name):
            if e.id in SUIT_CONSTANTS:
                return SUIT_CONSTANTS[e.id]
            if e.id in h.scalars:
                return h.scalars[e.id]
            if e.id == "bidval":
                return self.outcome[0]
            raise OpenbidError(f"{e.id} cannot be used alone here")
        if isinstance(e, Call):
            return self._call(e)
        if isinstance(e, Neg):
            return -_wide(self._eval(e.operand))
        if isinstance(e, Arith):
            a, b = _wide(self._eval(e.left)), _wide(self._eval(e.right))
            if e.op == "+":
                return a + b
            if e.op == "-":
                return a - b
            if e.op == "*":
                return a * b
            return _exact_div(a, b)
        if isinstance(e, Compare):
            special = self._compare_names(e)
            if special is not None:
                return special
            a, b = self._eval(e.left), self._eval(e.right)
            return _cmp(e.op, a, b)
        if isinstance(e, And):
            out = True
            for it in e.items:
                out = ALG.and_(out, self._eval(it))
                if out is False:
                    break
            return out
        if isinstance(e, Or):
            out = False
            for it in e.items:
                out = ALG.or_(out, self._eval(it))
                if out is True:
                    break
            return out
        if isinstance(e, Not):
            return ALG.not_(self._eval(e.operand))
        if isinstance(e, Quant):  # pragma: no cover
            raise AssertionError("quantifier not expanded")
        raise TypeError(e)

    def _call(self, e: Call):
        h = self.hand
        fn = e.fn
        if fn == "count":
            return sum(_as_int(self._eval(a)) for a in e.args)  # int32: no overflow
        if fn == "meets":
            return self.cond(meets_expr(self.rules, e.args[0].value))  # type: ignore[union-attr]
        if fn == "SP":
            return h.sp[e.args[0].value - 1]  # type: ignore[union-attr]
        s = _suit(e.args[0])
        simple = {"SUITLENGTH": h.length, "SUITPOINTS": h.points, "HONORCOUNT": h.honours,
                  "PT": h.pt, "SAFE": h.safe, "NOTR": h.notr}
        if fn in simple:
            return simple[fn][s]
        if fn in ("ACE", "KING", "QUEEN", "JACK", "TEN"):
            return h.has(s, "AKQJT"[("ACE", "KING", "QUEEN", "JACK", "TEN").index(fn)])
        if fn == "OUTSIDEACE":
            out = False
            for t in SUITS:
                if t != s:
                    out = ALG.or_(out, h.has(t, "A"))
            return out
        if fn == "CANBEREBID":
            return h.suit_test("CANBEREBID", s)
        if fn == "SLIDEPOINTS":
            n1, n2 = self._eval(e.args[1]), self._eval(e.args[2])
            if isinstance(n1, int) and isinstance(n2, int):  # a table over suit classes
                return h.suit_test("SLIDEPOINTS", s, n1, n2)
            return _wide(h.points[s]) >= _wide(n1) - _wide(n2) * _wide(h.length[s])
        if fn == "MAJOR":
            return s >= 3
        if fn == "MINOR":
            return s <= 2
        raise OpenbidError(f"{fn} has no array reading")

    def _compare_names(self, e: Compare):
        """``SHAPE = "4432"``, ``bid = "1S"``, ``section = "12a"`` (and ``!=``)."""
        got = string_comparison(e)
        if got is None:
            return None
        name, text, negated = got
        h = self.hand
        if name == "SHAPE":
            shape = parse_shape(text)
            if shape is None:
                t: object = False
            else:
                t = True
                for v in set(shape):
                    cnt = sum((h.length[s] == v).astype(np.int8) for s in SUITS)
                    t = ALG.and_(t, cnt == shape.count(v))
        elif name == "bid":
            vals = bidvals_printing(text)
            t = np.isin(self.outcome[0], vals) if vals else False
        else:
            if text not in self.labels:
                raise OpenbidError(f"no section label {text!r}; known: {', '.join(self.labels)}")
            t = self.outcome[1] == self.labels.index(text)
        return ALG.not_(t) if negated else t



def _suit(e: Expr) -> int:
    if isinstance(e, Const) and isinstance(e.value, int):
        return e.value
    if isinstance(e, Name) and e.id in SUIT_CONSTANTS:
        return SUIT_CONSTANTS[e.id]
    raise OpenbidError(f"a suit argument must be a suit here, not {e!r}")


def _wide(a):
    """Integer arrays are stored small (int8/int16); arithmetic is done in int32."""
    if isinstance(a, np.ndarray) and a.dtype.kind in "iub" and a.dtype != np.int32:
        return a.astype(np.int32)
    return a


def _as_int(a):
    if isinstance(a, np.ndarray):
        return a.astype(np.int32)
    return int(a)


def _exact_div(a, b):
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        raise OpenbidError("'/' over all hands is not supported yet (use * to clear denominators)")
    return Fraction(a) / Fraction(b)


def _cmp(op: str, a, b):
    if isinstance(a, Fraction) or isinstance(b, Fraction):  # exact: scale both sides
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            fa, fb = Fraction(a) if not isinstance(a, np.ndarray) else None, Fraction(b) if not isinstance(b, np.ndarray) else None
            den = (fa.denominator if fa is not None else 1) * (fb.denominator if fb is not None else 1)
            a = a * den if isinstance(a, np.ndarray) else int(fa * den)
            b = b * den if isinstance(b, np.ndarray) else int(fb * den)
    if op == "=":
        return a == b
    if op == "!=":
        return a != b
    if op == "<":
        return a < b
    if op == "<=":
        return a <= b
    if op == ">":
        return a > b
    return a >= b


# ---- grouping ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Column:
    """What to group by: ``("outcome", rules_index)``, or ``("expr", rules_index, Expr)``."""

    kind: str
    rules_index: int = 0
    expr: Expr | None = None


@dataclass
class Groups:
    """Exact weights per group key, one example class per group, and totals."""

    weights: dict[tuple, int] = field(default_factory=dict)
    classes: dict[tuple, int] = field(default_factory=dict)
    examples: dict[tuple, tuple[int, int, int, int]] = field(default_factory=dict)
    total_weight: int = 0
    total_classes: int = 0


class Census:
    """One pass over all hand classes for one or more rules tables (e.g. two, for ``diff``).

    Chunks run in worker processes (``OPENBID_JOBS``, default: one per core)."""

    def __init__(self, rules: Sequence[Rules]) -> None:
        self.rules = list(rules)

    def group(self, columns: Sequence[Column], progress: Callable[[int, int], None] | None = None,
              where: Expr | None = None) -> Groups:
        out = Groups()
        merged = self.tens_unseen(columns, where)
        task = (tuple(self.rules), tuple(columns), where, merged)
        for part in map_chunks(_group_chunk, task, progress, lambda p: p.total_classes, merged):
            _merge(out, part)  # in class order: the examples are deterministic
        if out.total_classes != TOTAL_CLASSES or out.total_weight != TOTAL_HANDS:
            raise AssertionError(f"enumeration covered {out.total_classes} classes of weight "
                                 f"{out.total_weight}, expected {TOTAL_CLASSES} and {TOTAL_HANDS}")
        return out

    def tens_unseen(self, columns: Sequence[Column], where: Expr | None) -> frozenset[int]:
        """The suits whose ten no column reads (verify.relevance): merged in the pass."""
        from verify.relevance import tens_unseen

        out = frozenset(SUITS)
        for col in columns:
            rules = self.rules[col.rules_index]
            exprs = [col.expr] if col.expr is not None else []
            out &= tens_unseen(exprs, rules, outcome=col.kind == "outcome")
        if where is not None:
            out &= tens_unseen([where], self.rules[0])
        return out


def keep_freed_memory() -> None:
    """Let this process keep the memory numpy frees, for reuse.

    A chunk's arrays are a few MB each, and a pass allocates and frees thousands of them. By
    default glibc gives each one back to the kernel (mmap and munmap above 128 KB, and trims the
    heap), so every new array page-faults afresh: that kernel time was half of a census pass
    (benchmarks/bench_census.py prints user and system CPU). Here arrays up to 32 MB come from
    the heap and stay there. Called in the census workers, and in this process only when it runs
    the chunks itself. glibc only; elsewhere nothing changes."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return
    mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
    mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD


def _jobs() -> int:
    import os

    env = os.environ.get("OPENBID_JOBS")
    if env and env.isdigit():
        return max(1, int(env))
    return min(4, os.cpu_count() or 1)


def map_chunks(fn, task, progress: Callable[[int, int], None] | None = None,
               size_of: Callable[[object], int] | None = None,
               merged: frozenset[int] = NONE_MERGED) -> list:
    """``fn(task, i)`` for every chunk ``i`` of the plan (``chunk_plan(merged=merged)``, which
    ``fn`` must read too), in worker processes (``OPENBID_JOBS``, default one per core),
    returned in chunk order. ``size_of(result)``: the classes it covered, for
    ``progress(done, total)``."""
    n = len(chunk_plan(merged=merged))
    results: list = [None] * n
    done = 0

    def note(i: int, result) -> None:
        nonlocal done
        results[i] = result
        if progress and size_of:
            done += size_of(result)
            progress(done, TOTAL_CLASSES)

    jobs = _jobs()
    if jobs <= 1:
        keep_freed_memory()
        for i in range(n):
            note(i, fn(task, i))
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(jobs, mp_context=mp.get_context("fork"),
                                 initializer=keep_freed_memory) as pool:
            futures = {pool.submit(fn, task, i): i for i in range(n)}
            for fut in as_completed(futures):
                note(futures[fut], fut.result())
    return results


def _merge(out: Groups, part: Groups) -> None:
    for k, w in part.weights.items():
        out.weights[k] = out.weights.get(k, 0) + w
        out.classes[k] = out.classes.get(k, 0) + part.classes[k]
        if k not in out.examples:
            out.examples[k] = part.examples[k]
    out.total_weight += part.total_weight
    out.total_classes += part.total_classes


def _group_chunk(task, i: int) -> Groups:
    rules_list, columns, where, merged = task
    offset, comps = chunk_plan(merged=merged)[i]
    chunk = make_chunk(offset, comps, merged)
    out = Groups()
    hands: dict[Readings, ArrayHand] = {}
    runs: list[ArrayRules] = []
    for r in rules_list:
        rd = r.readings
        if rd not in hands:
            hands[rd] = ArrayHand(chunk, rd)
        runs.append(ArrayRules(r, hands[rd]))
    base = next(iter(hands.values()))
    w = base.weight
    n = chunk.size
    keep = _mask(runs[0].cond(where), n) if where is not None else None
    key = np.zeros(n, dtype=np.int64)
    radix: list[int] = []
    for col in columns:
        run = runs[col.rules_index]
        if col.kind == "outcome":
            bidval, section = run.outcome
            key = key * (128 * 64) + (section.astype(np.int64) * 128 + bidval)
            radix.append(128 * 64)
        else:
            assert col.expr is not None
            key = key * 2 + _mask(run.cond(col.expr), n)
            radix.append(2)
    idx = np.arange(n)
    mult = base.multiplicity
    if keep is not None:
        key, w, idx = key[keep], w[keep], idx[keep]
        mult = mult[keep] if mult is not None else None
    _accumulate(out, key, w, idx, chunk, columns, radix, mult)
    out.total_weight = int(base.weight.sum())
    out.total_classes = base.classes()
    return out


def _mask(m, n: int) -> np.ndarray:
    if isinstance(m, (bool, np.bool_)):
        return np.full(n, bool(m))
    return m


def _accumulate(out: Groups, key: np.ndarray, w: np.ndarray, idx: np.ndarray, chunk: Chunk,
                columns: Sequence[Column], radix: list[int], mult: np.ndarray | None = None) -> None:
    if len(key) == 0:
        return
    uniq, first, inv = group_ids(key)
    sums = np.bincount(inv, weights=w.astype(np.float64))  # integers below 2**53: exact
    cnts = np.rint(np.bincount(inv, weights=mult)).astype(np.int64) if mult is not None else np.bincount(inv)
    for u, f, s, c in zip(uniq.tolist(), first.tolist(), sums.tolist(), cnts.tolist()):
        k = _decode(u, radix)
        out.weights[k] = out.weights.get(k, 0) + int(s)
        out.classes[k] = out.classes.get(k, 0) + int(c)
        if k not in out.examples:
            i = idx[f]
            out.examples[k] = tuple(int(chunk.ids[s_][i]) for s_ in SUITS)  # type: ignore[assignment]


def group_ids(key: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(key, return_index=True, return_inverse=True)`` for non-negative integer keys,
    without sorting the rows (see :func:`dense_ids`); only the distinct keys are sorted.
    Returns (sorted distinct keys, index of each one's first row, each row's position)."""
    ids, first = dense_ids(key)
    uniq = key[first]
    order = np.argsort(uniq)
    rank = np.empty(len(order), dtype=np.intp)
    rank[order] = np.arange(len(order))
    return uniq[order], first[order], rank[ids]


def dense_ids(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Number the distinct values of a non-negative integer array 0..k-1 in linear time: the key
    is read a few bits at a time, and each step numbers the distinct (number so far, next bits)
    pairs with one bincount over at most about 2**20 slots. Returns (each row's number, the
    index of each number's first row)."""
    n = len(key)
    if n == 0:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    if key.min() < 0:
        raise ValueError("dense_ids needs non-negative keys")
    width = max(1, int(key.max()).bit_length())
    ids = None
    k = 1
    shift = 0
    while shift < width:
        b = max(4, 20 - k.bit_length())
        part = (key >> shift) & ((1 << b) - 1) if shift or b < width else key
        code = part.astype(np.intp) if ids is None else (ids << b) | part
        present = np.bincount(code, minlength=k << b).astype(bool)
        ids = (np.cumsum(present) - 1)[code]
        k = int(np.count_nonzero(present))
        shift += b
    first = np.empty(k, dtype=np.intp)
    first[ids[::-1]] = np.arange(n - 1, -1, -1)  # the last write wins: the first occurrence
    return ids, first


def _decode(u: int, radix: list[int]) -> tuple:
    vals = []
    for rdx in reversed(radix):
        u, v = divmod(u, rdx)
        vals.append(v)
    out = []
    for v, rdx in zip(reversed(vals), radix):
        if rdx == 2:
            out.append(bool(v))
        else:
            sec, bv = divmod(v, 128)
            out.append((bv, sec))
    return tuple(out)




# ---- pairwise counts (Part One) ------------------------------------------------------------
@dataclass
class Gram:
    """``weights[i][j]``: the exact number of hands meeting both expression i and j (the
    diagonal: meeting i); ``classes`` likewise in hand classes."""

    weights: list[list[int]]
    classes: list[list[int]]
    examples: dict[tuple[int, int], tuple[int, int, int, int]]
    total_weight: int = 0
    total_classes: int = 0


def _gram_chunk(task, i: int):
    rules, exprs, with_outcomes, merged = task
    offset, comps = chunk_plan(merged=merged)[i]
    chunk = make_chunk(offset, comps, merged)
    run = ArrayRules(rules, ArrayHand(chunk, rules.readings))
    n = chunk.size
    k = len(exprs)
    if k > 62:
        raise ValueError("at most 62 expressions per pass")
    bits = np.zeros(n, dtype=np.int64)
    for j, e in enumerate(exprs):
        bits |= _mask(run.cond(e), n).astype(np.int64) << j
    w_int = run.hand.weight
    inv, first = dense_ids(bits)
    patterns = bits[first]
    pw = np.bincount(inv, weights=w_int.astype(np.float64))  # integer sums below 2**53: exact
    mult = run.hand.multiplicity  # the classes each row stands for (None: one)
    pc = np.bincount(inv, weights=mult).astype(np.float64)
    on = ((patterns[:, None] >> np.arange(k)) & 1).astype(np.float64)  # patterns x expressions
    weights = on.T @ (on * pw[:, None])  # exact: integer sums below 2**53
    classes = on.T @ (on * pc[:, None])
    w = w_int.astype(np.float64)
    examples: dict[tuple[int, int], tuple[int, int, int, int]] = {}  # (witnesses come from Z3)
    outcomes: dict[tuple[int, int], tuple[int, int, tuple[int, int, int, int]]] = {}
    if with_outcomes:
        bidval, section = run.outcome
        key = section.astype(np.int64) * 128 + bidval
        ow = np.bincount(key, weights=w, minlength=64 * 128)
        oc = np.rint(np.bincount(key, weights=mult, minlength=64 * 128)).astype(np.int64)
        first = np.full(64 * 128, -1, dtype=np.int64)
        first[key[::-1]] = np.arange(n - 1, -1, -1)  # the last write wins: the first occurrence
        for code in np.flatnonzero(first >= 0).tolist():
            row = int(first[code])
            outcomes[(code % 128, code // 128)] = (int(round(ow[code])), int(oc[code]),
                                                   tuple(int(chunk.ids[s][row]) for s in SUITS))
    return (offset, np.rint(weights).astype(np.int64), np.rint(classes).astype(np.int64),
            examples, int(run.hand.weight.sum()), run.hand.classes(), outcomes)


def gram(rules: Rules, exprs: Sequence[Expr], progress: Callable[[int, int], None] | None = None) -> Gram:
    """Pairwise exact counts of ``exprs`` over all hands, in one pass (parallel over chunks)."""
    return census_pass(rules, exprs, progress, outcomes=False)[0]


class Background:
    """A census pass running in forked worker processes that report through pipes: no thread
    in this process, so work done here meanwhile (Z3) allocates exactly as it would alone."""

    def __init__(self, rules: Rules, exprs: Sequence[Expr], outcomes: bool = True) -> None:
        import multiprocessing as mp

        from verify.relevance import tens_unseen

        ctx = mp.get_context("fork")
        merged = tens_unseen(exprs, rules, outcome=outcomes)
        task = (rules, tuple(exprs), outcomes, merged)
        n = len(chunk_plan(merged=merged))
        jobs = max(1, _jobs())
        self._procs = []
        for k in range(jobs):
            recv, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_background_worker, args=(task, list(range(k, n, jobs)), send),
                               daemon=True)
            proc.start()
            send.close()
            self._procs.append((proc, recv))
        self._value = None
        self._outcomes = outcomes

    def result(self):
        if self._value is None:
            parts = []
            for proc, recv in self._procs:
                try:
                    got = recv.recv()
                except EOFError:
                    raise RuntimeError("a census worker died") from None
                proc.join()
                if isinstance(got, BaseException):
                    raise got
                parts.extend(got)
            self._value = _combine(parts, self._outcomes)
        return self._value


def _background_worker(task, indices, send) -> None:
    try:
        keep_freed_memory()
        send.send([_gram_chunk(task, i) for i in indices])
    except BaseException as exc:  # reported to the parent, which raises it
        send.send(exc)
    finally:
        send.close()


def census_pass(rules: Rules, exprs: Sequence[Expr], progress: Callable[[int, int], None] | None = None,
                outcomes: bool = True):
    """One pass: the pairwise counts of ``exprs`` (a :class:`Gram`) and, per (BIDVAL, section
    index), (hands, classes, example class ids)."""
    from verify.relevance import tens_unseen

    merged = tens_unseen(exprs, rules, outcome=outcomes)
    task = (rules, tuple(exprs), outcomes, merged)
    parts = map_chunks(_gram_chunk, task, progress, lambda p: p[5], merged)
    return _combine(parts, outcomes)


def _combine(parts, outcomes: bool):
    k = len(parts[0][1]) if parts else 0
    W = np.zeros((k, k), dtype=np.int64)
    C = np.zeros((k, k), dtype=np.int64)
    examples: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    census: dict[tuple[int, int], tuple[int, int, tuple[int, int, int, int]]] = {}
    total_w = total_c = 0
    for offset, w, c, ex, tw, n, oc in sorted(parts, key=lambda p: p[0]):
        W += w
        C += c
        for key, val in ex.items():
            examples.setdefault(key, val)
        for key, (ow, occ, ids) in oc.items():
            pw, pc, pids = census.get(key, (0, 0, ids))
            census[key] = (pw + ow, pc + occ, pids)
        total_w += tw
        total_c += n
    if total_c != TOTAL_CLASSES or total_w != TOTAL_HANDS:
        raise AssertionError(f"enumeration covered {total_c} classes of weight {total_w}, "
                             f"expected {TOTAL_CLASSES} and {TOTAL_HANDS}")
    if outcomes and sum(v[0] for v in census.values()) != TOTAL_HANDS:
        raise AssertionError("the census of outcomes does not sum to C(52, 13)")
    return Gram(W.tolist(), C.tolist(), examples, total_w, total_c), census
