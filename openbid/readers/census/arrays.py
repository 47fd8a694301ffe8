"""The numpy reader: expressions and the rules table over a chunk of hand classes, the third
reader of one expression tree (with the executor and Z3), through the shared walk of
openbid.readers.core and the symbolic executor openbid.systems.rules.execution.

Numbers are exact fixed point (:class:`Fx`: an integer array, a denominator and bounds), so a
fractional scale runs at integer speed; the bounds choose the narrowest integer type that
cannot overflow. A sub-expression that reads one suit is tabulated once over that suit's states
and gathered; one that reads two suits of a half (clubs and diamonds, or hearts and spades) over
the pairs of their states (openbid.readers.census.passes decides). A sum, a conjunction, a
count over all four suits is regrouped into its halves first: HCP is two gathers and one add.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from openbid.base.errors import OpenbidError
from openbid.expr.names import bidvals_printing
from openbid.hands.registry import PatternTable, SuitTable
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.readers.core import Interpreter, is_const
from openbid.systems.rules.execution import Execution, execute

_DTYPES = (np.int8, np.int16, np.int32, np.int64)


def dtype_for(lo: int, hi: int):
    for t in _DTYPES:
        info = np.iinfo(t)
        if info.min <= lo and hi <= info.max:
            return t
    raise OverflowError(f"values from {lo} to {hi} do not fit in 64 bits")


class Fx:
    """An exact number per row: ``a / den``, with ``lo <= a <= hi``."""

    __slots__ = ("a", "den", "lo", "hi")

    def __init__(self, a: np.ndarray, den: int, lo: int, hi: int) -> None:
        self.a, self.den, self.lo, self.hi = a, den, lo, hi

    @staticmethod
    def of_table(values, n: int | None = None) -> "Fx":
        """From exact values (one per row)."""
        if all(type(v) is int for v in values):  # (most tables: no fraction to scale)
            ints = values
            den = 1
        else:
            den = lcm(*(Fraction(v).denominator for v in values)) if len(values) else 1
            ints = [int(Fraction(v) * den) for v in values]
        lo, hi = (min(ints), max(ints)) if ints else (0, 0)
        return Fx(np.array(ints, dtype=dtype_for(lo, hi)), den, lo, hi)

    def scaled(self, den: int) -> "Fx":
        if den == self.den:
            return self
        k = den // self.den
        lo, hi = self.lo * k, self.hi * k
        return Fx(self.a.astype(dtype_for(lo, hi)) * k, den, lo, hi)

    def values(self) -> list:
        """The exact value of every row (Fractions where not whole)."""
        if self.den == 1:
            return self.a.tolist()
        return [Fraction(x, self.den) for x in self.a.tolist()]


def _common(a, b) -> int:
    da = a.den if isinstance(a, Fx) else Fraction(a).denominator
    db = b.den if isinstance(b, Fx) else Fraction(b).denominator
    return lcm(da, db)


def _lift(v, den: int):
    """``v`` scaled to ``den``: an Fx, or (int, int, int) for a constant (value, lo, hi)."""
    if isinstance(v, Fx):
        return v.scaled(den)
    x = int(Fraction(v) * den)
    return x


def _bounds(v) -> tuple[int, int]:
    return (v.lo, v.hi) if isinstance(v, Fx) else (v, v)


def _arr(v, dtype):
    return v.a.astype(dtype, copy=False) if isinstance(v, Fx) else dtype(v)


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

    def and_not(self, a, b):
        """``a and not b``: for two Boolean arrays one comparison (``a > b`` is ``a & ~b``)."""
        if isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype == bool \
                and b.dtype == bool:
            return np.greater(a, b)
        return self.and_(a, self.not_(b))

    def is_false(self, a) -> bool:
        return a is False or (isinstance(a, np.ndarray) and not a.any())


ALG = NumpyAlgebra()


class ArrayReader(Interpreter):
    """One rules table's view of one chunk (``view``: the gathered per-suit arrays and the
    chunk's patterns, shared by every reader of the chunk)."""

    def __init__(self, view: "ChunkView", index: int = 0, tabulate: bool = True) -> None:
        super().__init__(view.pass_.defs[index], dict(view.pass_.spec.context))
        self.view = view
        self.index = index
        self.rules: Rules | None = view.pass_.rules[index] if view.pass_.rules else None
        self.tabulate = tabulate
        self.n = view.size
        self._mine: set = set()  # memoised expressions that read this reader's own facts

    # -- values shared by the readers of one view ---------------------------------------------
    def value(self, e):
        """``e`` over the view's rows. What does not read the reader's own facts of the deal or
        its rules' outcome is the same for every reader of the view (and index): it is read
        once, by the first reader that needs it (the checks of one chunk in every seat and
        vulnerability share all the rest)."""
        memo = self._memo
        got = memo.get(e)
        if got is not None or e in memo:
            if e in self._mine:
                self._own = True
            return got
        key = (self.index, e)
        shared = self.view.shared
        if key in shared:
            got = memo[e] = shared[key]
            return got
        outer, self._own = self._own, False
        got = memo[e] = self._read(e)
        if self._own:
            self._mine.add(e)
        else:
            self.view.share(key, got)
        self._own = self._own or outer
        return got

    # -- tabulation: one-suit and half-hand sub-expressions are read once per pass -----------------
    def _read(self, e):
        if self.tabulate:
            got = self.view.pass_.tabulated(self, e)
            if got is not None:
                return got
        return super()._read(e)

    # -- leaves --------------------------------------------------------------------------------
    def table(self, t: SuitTable, suit: int):
        return self.view.gather(self.view.pass_.suit_table(t, suit), suit)

    def pattern(self, p: PatternTable):
        return self.view.pattern(p)

    def pattern_test(self, p: PatternTable, test):
        return self.view.pattern_test(p, test)

    # -- numbers -------------------------------------------------------------------------------
    def add(self, a, b):
        return self._linear(a, b, 1)

    def sub(self, a, b):
        return self._linear(a, b, -1)

    def _linear(self, a, b, sign: int):
        d = _common(a, b)
        x, y = _lift(a, d), _lift(b, d)
        (alo, ahi), (blo, bhi) = _bounds(x), _bounds(y)
        lo, hi = (alo + blo, ahi + bhi) if sign > 0 else (alo - bhi, ahi - blo)
        t = dtype_for(min(lo, alo, blo), max(hi, ahi, bhi))
        xa, ya = _arr(x, t), _arr(y, t)
        return Fx(xa + ya if sign > 0 else xa - ya, d, lo, hi)

    def mul(self, a, b):
        if is_const(a):
            a, b = b, a
        if is_const(b):
            f = Fraction(b)
            k = f.numerator
            cands = (a.lo * k, a.hi * k)
            lo, hi = min(cands), max(cands)
            t = dtype_for(lo, hi)
            return Fx(a.a.astype(t) * k, a.den * f.denominator, lo, hi)
        cands = (a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi)
        lo, hi = min(cands), max(cands)
        t = dtype_for(lo, hi)
        return Fx(a.a.astype(t) * b.a.astype(t), a.den * b.den, lo, hi)

    def neg(self, a):
        t = dtype_for(-a.hi, -a.lo)
        return Fx(-(a.a.astype(t)), a.den, -a.hi, -a.lo)

    def div_const(self, a, c: Fraction):
        if c < 0:
            a, c = self.neg(a), -c
        k = c.denominator
        lo, hi = a.lo * k, a.hi * k
        t = dtype_for(lo, hi)
        return Fx(a.a.astype(t) * k, a.den * c.numerator, lo, hi)

    def compare(self, op, a, b):
        d = _common(a, b)
        x, y = _lift(a, d), _lift(b, d)
        (alo, ahi), (blo, bhi) = _bounds(x), _bounds(y)
        # Decided by the bounds alone?
        if op in ("<", "<=", ">", ">="):
            lt = {"<": (ahi < blo, alo >= bhi), "<=": (ahi <= blo, alo > bhi),
                  ">": (alo > bhi, ahi <= blo), ">=": (alo >= bhi, ahi < blo)}[op]
            if lt[0]:
                return True
            if lt[1]:
                return False
        elif ahi < blo or bhi < alo:
            return op == "!="
        t = dtype_for(min(alo, blo), max(ahi, bhi))
        xa, ya = _arr(x, t), _arr(y, t)
        return {"=": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal,
                ">": np.greater, ">=": np.greater_equal}[op](xa, ya)

    def and_(self, a, b):
        return a & b

    def or_(self, a, b):
        return a | b

    def not_(self, a):
        return ~a

    def ite(self, c, a, b):
        if isinstance(a, (bool, np.ndarray)) and not isinstance(a, Fx) and (
                isinstance(b, (bool, np.ndarray))) and not is_num_const(a) and not is_num_const(b):
            return np.where(c, a, b)
        d = _common(a, b)
        x, y = _lift(a, d), _lift(b, d)
        (alo, ahi), (blo, bhi) = _bounds(x), _bounds(y)
        lo, hi = min(alo, blo), max(ahi, bhi)
        t = dtype_for(lo, hi)
        return Fx(np.where(c, _arr(x, t), _arr(y, t)), d, lo, hi)

    def count(self, conds, known):
        n = len(conds) + known
        t = dtype_for(0, n)
        out = np.full(self.n, known, dtype=t)
        for c in conds:
            out += c
        return Fx(out, 1, known, n)

    def extreme(self, fn, vals):
        d = lcm(*(v.den if isinstance(v, Fx) else Fraction(v).denominator for v in vals))
        xs = [_lift(v, d) for v in vals]
        bounds = [_bounds(x) for x in xs]
        lo = (max if fn == "max" else min)(b[0] for b in bounds)
        hi = (max if fn == "max" else min)(b[1] for b in bounds)
        t = dtype_for(min(b[0] for b in bounds), max(b[1] for b in bounds))
        f = np.maximum if fn == "max" else np.minimum
        out = _arr(xs[0], t)
        for x in xs[1:]:
            out = f(out, _arr(x, t))
        if not isinstance(out, np.ndarray):
            out = np.full(self.n, out, dtype=t)
        return Fx(out, d, lo, hi)

    def largest(self, i, vals):
        d = lcm(*(v.den if isinstance(v, Fx) else Fraction(v).denominator for v in vals))
        xs = [_lift(v, d) for v in vals]
        bounds = [_bounds(x) for x in xs]
        t = dtype_for(min(b[0] for b in bounds), max(b[1] for b in bounds))
        v = [np.broadcast_to(_arr(x, t), (self.n,)) for x in xs]
        # A sorting network, elementwise (no sort of the rows).
        for end in range(len(v) - 1, 0, -1):
            for j in range(end):
                v[j], v[j + 1] = np.maximum(v[j], v[j + 1]), np.minimum(v[j], v[j + 1])
        lo = sorted((b[0] for b in bounds), reverse=True)[i - 1]
        hi = sorted((b[1] for b in bounds), reverse=True)[i - 1]
        return Fx(np.ascontiguousarray(v[i - 1]), d, lo, hi)

    def floor(self, a):
        return Fx(a.a // a.den, 1, a.lo // a.den, a.hi // a.den)

    # -- the rules -----------------------------------------------------------------------------
    def _rules(self) -> Rules:
        if self.rules is None:
            raise OpenbidError("this expression reads the outcome of a rules table; none is given")
        return self.rules

    @property
    def execution(self) -> Execution:
        ex = self.__dict__.get("_execution")
        if ex is None:
            ex = self.__dict__["_execution"] = execute(self._rules(), ALG, self.cond, self.whole)
        return ex

    def cond(self, e):
        return self.value(e)

    def whole(self, e):
        """An integer-valued expression as an integer array or int (BIDVAL)."""
        v = self.value(e)
        if isinstance(v, Fx):
            if v.den != 1:
                raise OpenbidError("expected a whole number here")
            return v.a
        return v

    @property
    def outcome(self) -> tuple[np.ndarray, np.ndarray]:
        got = self.__dict__.get("_outcome")
        if got is None:
            got = self.__dict__["_outcome"] = _outcome(self)
        return got

    @property
    def section_bids(self) -> np.ndarray | None:
        """Each label's bid value, when every bid point's value is one constant (each row's
        bid value is then its label's); None when some point's varies, or the outcome was
        given (use_outcome)."""
        self.outcome
        return self.__dict__.get("_section_bids")

    def use_outcome(self, outcome: tuple[np.ndarray, np.ndarray]) -> None:
        """Take the rules' outcome (bid value, label index per row) as another reader of the
        same table over the same rows read it: not read again."""
        if len(outcome[0]) != self.n:
            raise ValueError("an outcome of other rows")
        self.__dict__["_outcome"] = outcome

    def outcome_name(self, name: str):
        if name == "bidval":
            return Fx(self.outcome[0], 1, 0, 75)
        raise OpenbidError(f"{name} can only be compared with = or != to a quoted value")

    def meets(self, label: str):
        return self.cond(meets_expr(self._rules(), label))

    def chose(self, auction: str, call: str):
        """The system of these rules calls ``call`` after ``auction``: the node's rules
        executed over these same hands."""
        from openbid.systems.auction import node_of

        memo = self.__dict__.setdefault("_chose", {})
        key = (auction, call)
        if key not in memo:
            node = node_of(self._rules(), auction)
            if node.rules is None:
                memo[key] = call == "PASS"
            else:
                ex = execute(node.rules, ALG, self.cond, self.whole)
                vals = bidvals_printing(call)
                out: Any = False
                for s in ex.sites:
                    if not vals:
                        break
                    hit = among(s.value, vals) if isinstance(s.value, np.ndarray) else \
                        (s.value in vals)
                    out = ALG.or_(out, ALG.and_(s.fire, hit))
                if call == "PASS":
                    out = ALG.or_(out, ex.passes)
                memo[key] = out
        return memo[key]

    def bid_is(self, text: str):
        vals = bidvals_printing(text)
        return among(self.outcome[0], vals) if vals else False

    def section_is(self, text: str):
        labels = self._rules().labels
        if text not in labels:
            raise OpenbidError(f"no section label {text!r}; known: {', '.join(labels)}")
        return self.outcome[1] == labels.index(text)


def among(values: np.ndarray, wanted: list[int]) -> np.ndarray:
    """``np.isin(values, wanted)`` for small non-negative integers (bid values): one comparison,
    or a lookup in a table of them (np.isin sorts)."""
    if not wanted:
        return np.zeros(values.shape, dtype=bool)
    if len(wanted) == 1:
        return values == wanted[0]
    if values.dtype.kind not in "iu" or not len(values):
        return np.isin(values, wanted)
    top = max(int(values.max()), *wanted)
    if int(values.min()) < 0 or min(wanted) < 0 or top > 1 << 16:
        return np.isin(values, wanted)
    table = np.zeros(top + 1, dtype=bool)
    table[wanted] = True
    return table[values]


def is_num_const(v) -> bool:
    return is_const(v) and not isinstance(v, bool)


def _outcome(run: ArrayReader) -> tuple[np.ndarray, np.ndarray]:
    from openbid.bridge.bids import VALID_BIDVALS

    valid = np.array(sorted(VALID_BIDVALS))
    rules = run._rules()
    labels = rules.labels
    n = run.n
    fall = labels.index(rules.pass_label)
    section = np.full(n, fall, dtype=np.int16 if len(labels) > 127 else np.int8)
    # each bid point's bid value when it is one constant (-2: no site; -1: it varies)
    sbids = np.full(len(labels), -2, dtype=np.int16)
    sbids[fall] = 0  # falling through passes
    sites = [s for s in run.execution.sites if s.fire is not False]
    for site in sites:
        li = labels.index(site.label)
        scalar = np.isscalar(site.value)
        if not scalar or sbids[li] not in (-2, int(site.value)):
            sbids[li] = -1
        else:
            sbids[li] = int(site.value)
    if not (sbids == -1).any():
        # every bid point bids one constant: each row's bid value is its label's (one lookup
        # after the labels, not a pass per site)
        for site in sites:
            if int(site.value) not in VALID_BIDVALS:
                raise OpenbidError(f"{rules.title}: bid point {site.label} makes "
                                   f"BIDVAL {int(site.value)}, which is not a bid "
                                   "(Appendix 5); 'openbid rules check FILE' finds every such "
                                   "point")
            fire = np.ones(n, dtype=bool) if site.fire is True else site.fire
            np.copyto(section, labels.index(site.label), where=fire, casting="unsafe")
        sbids = np.maximum(sbids, 0)
        run.__dict__["_section_bids"] = sbids
        return sbids.take(section), section
    bidval = np.zeros(n, dtype=np.int16)
    for site in sites:
        fire = site.fire
        if fire is True:
            fire = np.ones(n, dtype=bool)
        scalar = np.isscalar(site.value)
        li = labels.index(site.label)
        value = site.value if scalar else site.value[fire]
        if not (value in VALID_BIDVALS if scalar else np.isin(value, valid).all()):
            bad = sorted(set(np.atleast_1d(value).tolist()) - VALID_BIDVALS)[:3]
            raise OpenbidError(f"{rules.title}: bid point {site.label} makes "
                               f"BIDVAL {', '.join(map(str, bad))}, which is not a bid "
                               "(Appendix 5); 'openbid rules check FILE' finds every such point")
        np.copyto(bidval, site.value if scalar else site.value.astype(np.int16, copy=False),
                  where=fire, casting="unsafe")
        np.copyto(section, li, where=fire, casting="unsafe")
    run.__dict__["_section_bids"] = None if (sbids == -1).any() else np.maximum(sbids, 0)
    return bidval, section


def full_mask(m, n: int) -> np.ndarray:
    """A condition's value over ``n`` rows as a Boolean array (a constant is spread)."""
    if isinstance(m, (bool, np.bool_)):
        return np.full(n, bool(m))
    return m


def as_fx(v, n: int) -> Fx:
    """A number over ``n`` rows as an Fx (a constant is spread)."""
    if isinstance(v, Fx):
        return v
    if isinstance(v, bool):
        raise OpenbidError("expected a number, found a condition")
    f = Fraction(v)
    x = f.numerator
    return Fx(np.full(n, x, dtype=dtype_for(x, x)), f.denominator, x, x)


class ChunkView:
    """What every reader of one chunk shares: the gathered per-suit arrays, the half-hand
    indices, the patterns, the weights."""

    def __init__(self, pass_, chunk, budget: int | None = None) -> None:
        self.pass_ = pass_
        self.chunk = chunk
        self.size = chunk.size
        self._gathers: dict = {}
        self.shared: dict = {}  # (index, expression) -> its value, for every reader (see value)
        # at most ``budget`` bytes of shared values (None: no limit): a view that many readers
        # of different rules share keeps the first values read, not every value
        self.budget = budget

    def share(self, key, value) -> None:
        if self.budget is not None:
            size = value.a.nbytes if isinstance(value, Fx) else \
                value.nbytes if isinstance(value, np.ndarray) else 0
            if size > self.budget:
                return
            self.budget -= size
        self.shared[key] = value

    def gather(self, table: object, key: int | str) -> Any:
        """``table`` (an Fx or Boolean array over suit states, or over a half's pairs) at every
        row; ``key``: a suit, or "CD" / "HS" for a half."""
        hit = self._gathers.get((id(table), key))
        if hit is not None:
            return hit[1]
        idx = self.index(key)
        if isinstance(table, Fx):
            out: Any = Fx(table.a.take(idx), table.den, table.lo, table.hi)
        elif isinstance(table, np.ndarray):
            out = table.take(idx)
        else:
            out = table
        self._gathers[(id(table), key)] = (table, out)  # keep the table: ids stay unique
        return out

    def index(self, key):
        """Each row's position in a table over ``key``'s states (a suit's, or a half's pairs),
        as intp: a chunk keeps its positions narrow, but numpy widens int16 positions at every
        gather, and gathers with intp ones (``take``) about twice as fast; a view gathers a
        dozen tables or more through each."""
        got = self._gathers.get(("index", key))
        if got is None:
            ids = self.chunk.ids
            if key == "CD":
                got = ids[1].astype(np.intp) * self.pass_.domain.suits[1].size + ids[2]
            elif key == "HS":
                got = ids[3].astype(np.intp) * self.pass_.domain.suits[3].size + ids[4]
            else:
                got = ids[key].astype(np.intp)
            self._gathers[("index", key)] = got
        return got

    def _per_comp(self, values: list) -> np.ndarray:
        if self.chunk.comps:
            return np.repeat(np.array(values), self.chunk.sizes)
        return np.array(values)[self._comp_index()]

    def _comps(self) -> list:
        """The length compositions (C, D, H, S) of the chunk: given by the census plan, or read
        from the rows (a batch of hands)."""
        if self.chunk.comps:
            return list(self.chunk.comps)
        return self._row_comps()[0]

    def _comp_index(self) -> np.ndarray:
        return self._row_comps()[1]

    def _row_comps(self):
        got = self._gathers.get("comps")
        if got is None:
            suits = self.pass_.domain.suits
            lengths = np.stack([suits[s - 1].length[self.chunk.ids[s]].astype(np.int64)
                                for s in (1, 2, 3, 4)], axis=1)
            code = ((lengths[:, 0] * 14 + lengths[:, 1]) * 14 + lengths[:, 2]) * 14 + lengths[:, 3]
            uniq, inv = np.unique(code, return_inverse=True)
            comps = [(int(c) // 2744, int(c) // 196 % 14, int(c) // 14 % 14, int(c) % 14)
                     for c in uniq.tolist()]
            got = self._gathers["comps"] = (comps, inv.reshape(-1))
        return got

    def pattern(self, p: PatternTable):
        key = ("pattern", p)
        got = self._gathers.get(key)
        if got is None:
            vals = [p.values[tuple(sorted(c, reverse=True))] for c in self._comps()]
            if p.result == "bool":
                got = self._per_comp(vals).astype(bool)
            elif p.result == "str":  # a value's index in p.strings (count --by SHAPE)
                codes = [p.strings.index(str(v)) for v in vals]
                got = Fx(self._per_comp(codes).astype(dtype_for(0, len(p.strings))), 1, 0,
                         len(p.strings) - 1)
            else:
                f = Fx.of_table(vals)
                got = Fx(self._per_comp(list(f.a)).astype(f.a.dtype), f.den, f.lo, f.hi)
            self._gathers[key] = got
        return got

    def pattern_test(self, p: PatternTable, test):
        vals = [bool(test(p.values[tuple(sorted(c, reverse=True))])) for c in self._comps()]
        if all(vals):
            return True
        if not any(vals):
            return False
        return self._per_comp(vals).astype(bool)

    @property
    def weight(self) -> np.ndarray:
        got = self._gathers.get("weight")
        if got is None:
            cd, hs = self.pass_.half_weights()
            got = cd[self.index("CD")] * hs[self.index("HS")]
            self._gathers["weight"] = got
        return got

    @property
    def multiplicity(self) -> np.ndarray | None:
        if not self.pass_.domain.merged:
            return None
        got = self._gathers.get("mult")
        if got is None:
            cd, hs = self.pass_.half_mults()
            got = cd[self.index("CD")] * hs[self.index("HS")]
            self._gathers["mult"] = got
        return got

    def classes(self) -> int:
        m = self.multiplicity
        return self.size if m is None else int(m.sum())

    def reader(self, index: int = 0, tabulate: bool = True) -> ArrayReader:
        """A reader of rules table ``index`` (not kept here: a reader refers to its view, and a
        view that kept its readers would be a cycle holding every array of the chunk)."""
        return ArrayReader(self, index, tabulate)
