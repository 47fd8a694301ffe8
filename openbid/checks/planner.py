"""Counting planner: the exact number of hands (or deals) meeting a condition, by the cheapest
exact method for what the condition reads.

* A condition over suit lengths and additive descriptors (per-suit tables such as ``HCP(s)``,
  ``SUITLENGTH(s)``, their sums such as ``HCP``, and pattern tables) is counted by generating
  functions suit by suit: each suit's cards are split between the seats the condition names
  (with the ways to give each seat its small cards), the partial sums of every linear quantity
  the condition compares are carried from suit to suit, and the condition is decided once per
  final state. One hand: over all C(52,13) = 635,013,559,600 hands. Seat-qualified descriptors
  (``N.HCP``, ``S.SUITLENGTH(H)``): over all 52!/(13!^4) deals, the seats not named taking the
  remaining cards in every way.
* Anything else (a condition that is not a comparison of linear quantities, or one whose states
  exceed the budget) is not exact here: :func:`count` says so (``None``), and the caller uses
  the census (one hand) or :func:`estimate` (deals: seeded samples, a 95% confidence interval,
  labelled ESTIMATE).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from openbid.base.errors import OpenbidError
from openbid.expr.ast import (And, Arith, Call, Compare, Const, Expr, Ite, Name, Neg, Not, Or,
                                    expand_quantifiers)
from openbid.expr.names import SUIT_CONSTANTS

SEATS = "NESW"
SUITS = (4, 3, 2, 1)  # S H D C, Algol numbers
TOTAL_HANDS = math.comb(52, 13)
TOTAL_DEALS = math.factorial(52) // math.factorial(13) ** 4
BUDGET = 3_000_000  # states carried between suits before the planner gives up on exactness
# A condition longer than this, written out as a tree, is not counted exactly: one made from a
# rules table (a hand that makes a call at a node: every earlier guard negated) shares its
# subtrees, and written out it can grow exponentially with the table's bid points.
TREE_NODES = 200_000
WORK = 4_000_000  # state-by-option products one step may take (seconds) before it gives up


class NotExact(Exception):
    """The condition is outside what the generating functions count."""


@dataclass(frozen=True)
class Count:
    """The answer: ``count`` of ``total`` (hands or deals); ``exact`` False for an estimate, whose
    95% confidence interval is ``low``..``high``."""

    count: int
    total: int
    unit: str  # "hands" | "deals"
    seats: str  # the seats the condition names ("" for one hand)
    method: str
    exact: bool
    seconds: float
    low: float = 0.0
    high: float = 0.0
    samples: int = 0

    @property
    def probability(self) -> float:
        return self.count / self.total


# ---------------------------------------------------------------- atoms and linear forms

def split_seat(name: str) -> tuple[str, str]:
    """``"N.HCP"`` -> ``("N", "HCP")``; ``"HCP"`` -> ``("", "HCP")``."""
    if len(name) > 2 and name[1] == "." and name[0] in SEATS:
        return name[0], name[2:]
    return "", name


def seats_of(e: Expr) -> set[str]:
    """The seats named in ``e`` (``""`` for an unqualified descriptor)."""
    from openbid.expr.ast import children

    out: set[str] = set()
    if isinstance(e, Name) and e.id not in SUIT_CONSTANTS:
        out.add(split_seat(e.id)[0])
    elif isinstance(e, Call) and e.fn not in _BUILTIN_FNS:
        out.add(split_seat(e.fn)[0])
    for c in children(e):
        out |= seats_of(c)
    return out


_BUILTIN_FNS = frozenset({"count", "min", "max", "abs", "floor", "ceil"})

# An atom: ("t", seat, table name, suit) a per-suit table of one suit;
#          ("p", seat, pattern table name) a pattern table.
Atom = tuple
Linear = dict  # atom (or 1 for the constant) -> Fraction


def _default(name: str, arity: int) -> Any:
    """The registry's entry (its default readings), typed loosely: tables and definitions."""
    from openbid.hands.registry import registry

    return registry().default(name, arity)


def _entry(name: str, arity: int) -> Any:
    from openbid.hands.registry import registry

    reg = registry()
    if not reg.has(name, arity):
        raise NotExact(name)
    return reg.default(name, arity)


def _inline(seat: str, name: str, args: tuple[Expr, ...]) -> Expr:
    """A derived descriptor's definition, with ``seat`` on every descriptor it reads."""
    from openbid.expr.ast import substitute
    from openbid.expr.parser import parse

    d = _entry(name, len(args))
    suit_params = frozenset(p for p, t in d.params if t == "suit")
    body = parse(d.text, suit_params, outcome=False, want=None)
    for (p, _), a in zip(d.params, args):
        body = substitute(body, p, a.id if isinstance(a, Name) else a)  # type: ignore[arg-type]
    return _with_seat(expand_quantifiers(body), seat)


def _with_seat(e: Expr, seat: str) -> Expr:
    if not seat:
        return e
    if isinstance(e, Name) and e.id not in SUIT_CONSTANTS:
        return Name(f"{seat}.{e.id}", e.pos)
    if isinstance(e, Call):
        fn = e.fn if e.fn in _BUILTIN_FNS else f"{seat}.{e.fn}"
        return Call(fn, tuple(_with_seat(a, seat) for a in e.args), e.pos)
    if isinstance(e, Neg):
        return Neg(_with_seat(e.operand, seat), e.pos)
    if isinstance(e, Not):
        return Not(_with_seat(e.operand, seat), e.pos)
    if isinstance(e, Arith):
        return Arith(e.op, _with_seat(e.left, seat), _with_seat(e.right, seat), e.pos)
    if isinstance(e, Compare):
        return Compare(e.op, _with_seat(e.left, seat), _with_seat(e.right, seat), e.pos)
    if isinstance(e, And):
        return And(tuple(_with_seat(x, seat) for x in e.items), e.pos)
    if isinstance(e, Or):
        return Or(tuple(_with_seat(x, seat) for x in e.items), e.pos)
    if isinstance(e, Ite):
        return Ite(_with_seat(e.cond, seat), _with_seat(e.then, seat), _with_seat(e.other, seat),
                   e.pos)
    return e


def linear(e: Expr) -> Linear:
    """``e`` as a linear form over atoms, or NotExact."""
    from openbid.hands.registry import Derived, PatternTable, SuitTable

    if isinstance(e, Const):
        if isinstance(e.value, bool) or isinstance(e.value, str):
            raise NotExact("constant")
        return {1: Fraction(e.value)}
    if isinstance(e, Neg):
        return {k: -v for k, v in linear(e.operand).items()}
    if isinstance(e, Arith):
        a, b = linear(e.left), linear(e.right)
        if e.op in "+-":
            out = dict(a)
            for k, v in b.items():
                out[k] = out.get(k, Fraction(0)) + (v if e.op == "+" else -v)
            return {k: v for k, v in out.items() if v or k == 1}
        if e.op == "*":
            if set(a) <= {1}:
                a, b = b, a
            if not set(b) <= {1}:
                raise NotExact("product")
            c = b.get(1, Fraction(0))
            return {k: v * c for k, v in a.items()}
        if e.op == "/" and set(b) <= {1} and b.get(1):
            return {k: v / b[1] for k, v in a.items()}
        raise NotExact(e.op)
    if isinstance(e, Name):
        if e.id in SUIT_CONSTANTS:
            raise NotExact("suit")
        seat, name = split_seat(e.id)
        ent = _entry(name, 0)
        if isinstance(ent, PatternTable) and ent.result == "num":
            return {("p", seat, name): Fraction(1)}
        if isinstance(ent, Derived) and ent.result == "num":
            return linear(_inline(seat, name, ()))
        raise NotExact(name)
    if isinstance(e, Call):
        if e.fn in _BUILTIN_FNS:
            raise NotExact(e.fn)
        seat, name = split_seat(e.fn)
        ent = _entry(name, len(e.args))
        if isinstance(ent, SuitTable) and ent.result == "num":
            (arg,) = e.args
            if isinstance(arg, Name) and arg.id in SUIT_CONSTANTS:
                suit = SUIT_CONSTANTS[arg.id]
            elif isinstance(arg, Const) and type(arg.value) is int and 1 <= arg.value <= 4:
                suit = arg.value
            else:
                raise NotExact("suit variable")
            return {("t", seat, name, suit): Fraction(1)}
        if isinstance(ent, Derived) and ent.result == "num":
            return linear(_inline(seat, name, e.args))
        raise NotExact(name)
    raise NotExact(type(e).__name__)


# A decided condition: ("cmp", op, feature index, constant) meaning feature + constant op 0;
# ("and", items), ("or", items), ("not", item), ("const", bool).

def _decide_tree(e: Expr, features: list[tuple], index: dict) -> tuple:
    from openbid.hands.registry import Derived

    if isinstance(e, Const) and isinstance(e.value, bool):
        return ("const", e.value)
    if isinstance(e, And):
        return ("and", tuple(_decide_tree(x, features, index) for x in e.items))
    if isinstance(e, Or):
        return ("or", tuple(_decide_tree(x, features, index) for x in e.items))
    if isinstance(e, Not):
        return ("not", _decide_tree(e.operand, features, index))
    if isinstance(e, Ite):
        c = _decide_tree(e.cond, features, index)
        return ("or", (("and", (c, _decide_tree(e.then, features, index))),
                       ("and", (("not", c), _decide_tree(e.other, features, index)))))
    if isinstance(e, (Name, Call)) and not (isinstance(e, Call) and e.fn in _BUILTIN_FNS):
        seat, name = split_seat(e.id if isinstance(e, Name) else e.fn)
        args = () if isinstance(e, Name) else e.args
        ent = _entry(name, len(args))
        if isinstance(ent, Derived) and ent.result == "bool":
            return _decide_tree(_inline(seat, name, args), features, index)
        raise NotExact(name)
    if isinstance(e, Compare):
        f = linear(Arith("-", e.left, e.right))
        const = f.pop(1, Fraction(0))
        if not f:
            return ("const", _cmp(e.op, const))
        key = tuple(sorted(f.items(), key=repr))
        if key not in index:
            index[key] = len(features)
            features.append(key)
        return ("cmp", e.op, index[key], const)
    raise NotExact(type(e).__name__)


def _cmp(op: str, x) -> bool:
    return {"=": x == 0, "!=": x != 0, "<": x < 0, "<=": x <= 0, ">": x > 0, ">=": x >= 0}[op]


def _decide(t: tuple, values: tuple) -> bool:
    k = t[0]
    if k == "cmp":
        return _cmp(t[1], values[t[2]] + t[3])
    if k == "and":
        return all(_decide(x, values) for x in t[1])
    if k == "or":
        return any(_decide(x, values) for x in t[1])
    if k == "not":
        return not _decide(t[1], values)
    return bool(t[1])


# ---------------------------------------------------------------- the generating functions

def parse_condition(text: str) -> Expr:
    """``text`` parsed and type-checked as a condition over one hand or over seats."""
    from openbid.expr.parser import parse

    e = parse(text, outcome=False, want="bool", seats=True)
    seats = seats_of(e)
    if "" in seats and len(seats) > 1:
        raise OpenbidError(f"{text!r} mixes descriptors with a seat (N.HCP) and without one "
                           "(HCP): name the seat of every descriptor")
    return e


def count(text: str, *, budget: int = BUDGET) -> Count | None:
    """The exact count of ``text`` by generating functions, or None when no exact method here
    fits (the caller falls back)."""
    t0 = time.monotonic()
    e = expand_quantifiers(parse_condition(text))
    seats = "".join(s for s in SEATS if s in seats_of(e))
    try:
        got = _count(e, seats, budget)
    except NotExact:
        return None
    if got is None:
        return None
    n, total, unit = got
    return Count(n, total, unit, seats, "generating functions", True, time.monotonic() - t0)


def _count(e: Expr, seats: str, budget: int) -> tuple[int, int, str] | None:

    features: list[tuple] = []
    tree = _decide_tree(e, features, {})
    single = _one_evaluator(features) if not seats else None
    if single is not None:
        from openbid.hands.evaluators.distribution import distribution

        n = sum(w for v, w in distribution(single[0]).items()
                if _decide(tree, tuple(v * c for c in single[1])))
        return n, TOTAL_HANDS, "hands"
    order = seats or ""  # "" : one hand (the seat "")
    hands = list(order) if order else [""]
    k = len(hands)
    # What each suit contributes: per feature, the coefficients of its table atoms, by seat.
    reads: dict[str, str] = {h: "" for h in hands}
    tables: dict[str, Any] = {}
    pattern_seats: set[str] = set()
    for f in features:
        for atom, _ in f:
            if atom[0] == "t":
                t = _default(atom[2], 1)
                tables[atom[2]] = t
                reads[atom[1]] += t.reads
            else:
                pattern_seats.add(atom[1])
    from openbid.hands.evaluators.form import rank_order

    read = rank_order("".join(reads.values()))
    small = 13 - len(read)
    if (k + 1) ** len(read) * (small + 1) ** k > 200_000:  # too many holdings per suit
        raise NotExact("holdings")
    # Per suit: {(lengths per seat, feature contributions): ways}
    per_suit: list[dict] = []
    for suit in SUITS:
        opts: dict = {}
        for owners in product(range(k + 1), repeat=len(read)):  # k: someone else
            held = ["".join(r for r, o in zip(read, owners) if o == i) for i in range(k)]
            used = 0
            for lens in product(*(range(len(held[i]), len(held[i]) + small + 1)
                                  for i in range(k))):
                extra = [n - len(h) for n, h in zip(lens, held)]
                if sum(extra) > small:
                    continue
                ways = 1
                left = small
                for x in extra:
                    ways *= math.comb(left, x)
                    left -= x
                contrib = []
                for f in features:
                    v = Fraction(0)
                    for atom, c in f:
                        if atom[0] == "t" and atom[3] == suit:
                            i = hands.index(atom[1])
                            t = tables[atom[2]]
                            sub = rank_order("".join(r for r in held[i] if r in t.reads))
                            v += c * Fraction(t.value(sub, lens[i]))
                    contrib.append(v)
                key: Any = (lens, tuple(contrib))
                opts[key] = opts.get(key, 0) + ways
                used += 1
        per_suit.append(opts)
    # Whole numbers from here on: each feature scaled by the common denominator of what the
    # suits add to it (the tree's constants and the pattern values scaled alike).
    dens = [math.lcm(1, *(Fraction(c[j]).denominator for opts in per_suit for (_, c) in opts))
            for j in range(len(features))]
    per_suit = [{(lens, tuple(int(Fraction(v) * d) for v, d in zip(contrib, dens))): ways
                 for (lens, contrib), ways in opts.items()} for opts in per_suit]
    tree = _scaled_tree(tree, dens)
    keep_all = [h in pattern_seats for h in hands]
    start: dict[Any, int] = {(tuple(() for _ in hands), tuple(0 for _ in hands),
                              tuple(0 for _ in features)): 1}

    def step(states: dict[Any, int], opts: dict) -> dict[Any, int]:
        if len(states) * len(opts) > WORK:
            raise NotExact("too many states")
        nxt: dict[Any, int] = {}
        for (shapes, totals, sums), w in states.items():
            for (lens, contrib), ways in opts.items():
                tot = tuple(a + b for a, b in zip(totals, lens))
                if any(x > 13 for x in tot):
                    continue
                shp = tuple(s + (n,) if keep else () for s, n, keep in zip(shapes, lens, keep_all))
                key = (shp, tot, tuple(a + b for a, b in zip(sums, contrib)))
                nxt[key] = nxt.get(key, 0) + w * ways
        return nxt

    # Meet in the middle: spades and hearts, diamonds and clubs, joined where every seat's
    # lengths make 13.
    first = step(step(start, per_suit[0]), per_suit[1])
    if len(first) > budget:
        return None
    second = step(step(start, per_suit[2]), per_suit[3])
    if len(second) > budget:
        return None
    joined = None if pattern_seats else _join_numpy(first, second, tree, len(features))
    n = joined if joined is not None else _join(first, second, tree, features, hands,
                                                pattern_seats, dens)
    if not seats:
        return n, TOTAL_HANDS, "hands"
    rest = 52 - 13 * k
    others = math.factorial(rest) // math.factorial(13) ** (4 - k)
    return n * others, TOTAL_DEALS, "deals"


def _scaled_tree(t: tuple, dens: list[int]) -> tuple:
    """The decided condition over features multiplied by ``dens``."""
    if t[0] == "cmp":
        return ("cmp", t[1], t[2], Fraction(t[3]) * dens[t[2]])
    if t[0] in ("and", "or"):
        return (t[0], tuple(_scaled_tree(x, dens) for x in t[1]))
    if t[0] == "not":
        return ("not", _scaled_tree(t[1], dens))
    return t


def _join(first: dict, second: dict, tree: tuple, features: list, hands: list,
          pattern_seats: set, dens: list[int]) -> int:
    """The two halves joined where every seat's lengths make 13, state by state."""
    by_total: dict[tuple, list] = {}
    for (shapes, totals, sums), w in second.items():
        by_total.setdefault(totals, []).append((shapes, sums, w))
    n = 0
    for (shapes1, totals1, sums1), w1 in first.items():
        for shapes2, sums2, w2 in by_total.get(tuple(13 - x for x in totals1), ()):
            values = [a + b for a, b in zip(sums1, sums2)]
            if pattern_seats:
                for j, f in enumerate(features):
                    for atom, c in f:
                        if atom[0] == "p":
                            i = hands.index(atom[1])
                            shape = tuple(sorted(shapes1[i] + shapes2[i], reverse=True))
                            values[j] += (c * Fraction(_default(atom[2], 0).values[shape])
                                          * dens[j])
            if _decide(tree, tuple(values)):
                n += w1 * w2
    return n


def _join_numpy(first: dict, second: dict, tree: tuple, nfeat: int) -> int | None:
    """:func:`_join` with the second half's states of each total as numpy arrays (the same
    exact count), when every partial sum is a whole number and the weights of a total sum below
    2**62; else None."""
    import numpy as np

    groups: dict[tuple, tuple[list, list]] = {}
    for (_, totals, sums), w in second.items():
        if any(getattr(x, "denominator", 1) != 1 for x in sums):
            return None
        g = groups.setdefault(totals, ([], []))
        g[0].append([int(x) for x in sums])
        g[1].append(w)
    arrays: dict[tuple, tuple[Any, Any]] = {}
    for t, (rows, weights) in groups.items():
        if sum(weights) >= 2 ** 62:
            return None
        arrays[t] = (np.array(rows, dtype=np.int64).reshape(len(weights), nfeat),
                     np.array(weights, dtype=np.int64))
    n = 0
    for (_, totals1, sums1), w1 in first.items():
        got = arrays.get(tuple(13 - x for x in totals1))
        if got is None:
            continue
        if any(getattr(x, "denominator", 1) != 1 for x in sums1):
            return None
        vals, ws = got
        mask = _decide_np(tree, vals + np.array([int(x) for x in sums1], dtype=np.int64))
        if mask is True:
            n += w1 * int(ws.sum())
        elif mask is not False:
            n += w1 * int(ws[mask].sum())
    return n


def _decide_np(t: tuple, values):
    """:func:`_decide` over the rows of ``values`` (whole numbers): a Boolean array, or a
    Python bool when constant."""
    import numpy as np

    k = t[0]
    if k == "cmp":
        c = Fraction(t[3])
        x = values[:, t[2]] * c.denominator + c.numerator
        return {"=": x == 0, "!=": x != 0, "<": x < 0, "<=": x <= 0, ">": x > 0,
                ">=": x >= 0}[t[1]]
    if k == "const":
        return bool(t[1])
    if k == "not":
        a = _decide_np(t[1], values)
        return (not a) if isinstance(a, bool) else ~a
    parts = [_decide_np(x, values) for x in t[1]]
    if k == "and":
        out: Any = True
        for a in parts:
            out = a if out is True else (out if a is True else (False if a is False or out is False
                                                              else np.logical_and(out, a)))
        return out
    out = False
    for a in parts:
        out = a if out is False else (out if a is False else (True if a is True or out is True
                                                            else np.logical_or(out, a)))
    return out


def _one_evaluator(features: list[tuple]):
    """When every feature is a multiple of one table summed over the four suits (plus, perhaps,
    one pattern table): that sum as a Separable and each feature's multiple; else None."""
    from openbid.hands.evaluators.distribution import Separable

    base = None
    mults = []
    for f in features:
        d = dict(f)
        tabs = {a[2] for a in d if a[0] == "t"}
        pats = {a[2] for a in d if a[0] == "p"}
        if len(tabs) != 1 or len(pats) > 1:
            return None
        t = tabs.pop()
        c = d.get(("t", "", t, 4))
        if any(d.get(("t", "", t, s)) != c for s in SUITS) or len(d) != 4 + len(pats):
            return None
        p = pats.pop() if pats else None
        if p is not None and d[("p", "", p)] != c:
            return None
        if base is None:
            base = (t, p)
        elif base != (t, p):
            return None
        mults.append(c)
    if base is None:
        return None
    t, p = base
    table = _default(t, 1)
    pattern = _default(p, 0) if p else None
    return Separable(table.reads, table.value,
                     (lambda q: pattern.values[q]) if pattern else (lambda q: 0)), mults


def count_deals(conds: dict[str, Expr], defs: Any = None, budget: int = BUDGET) -> int:
    """The deals (of 52!/(13!^4)) whose named seats meet their conditions (each an unqualified
    condition of that seat's hand), exactly by the generating functions, or :class:`NotExact`.
    ``defs`` (a rule file's :class:`~openbid.systems.descriptors.Definitions`): its own defines
    are inlined first, and a descriptor whose reading the file changes is not counted here."""
    seats = "".join(s for s in SEATS if s in conds)
    parts = []
    for s in seats:
        _small(conds[s])
        e = expand_quantifiers(conds[s])
        if defs is not None:
            e = _small(expand_quantifiers(_inline_file(e, defs)))
        parts.append(_with_seat(e, s))
    from openbid.expr.ast import conj

    got = _count(conj(*parts), seats, budget)
    if got is None:
        raise NotExact("budget")
    return got[0]


def _small(e: Expr) -> Expr:
    """``e``, unless written out as a tree it has more than TREE_NODES nodes (NotExact)."""
    _tree_size(e, {})
    return e


def _tree_size(x: Expr, sizes: dict[int, int]) -> int:
    """``x``'s nodes written out as a tree, each shared subtree sized once (``sizes``: by
    identity; a module function, not a closure that calls itself: no reference cycle)."""
    from openbid.expr.ast import children

    got = sizes.get(id(x))
    if got is None:
        got = 1
        for c in children(x):
            got += _tree_size(c, sizes)
            if got > TREE_NODES:
                raise NotExact("size")
        sizes[id(x)] = got
    return got


def _inline_file(e: Expr, defs: Any) -> Expr:
    """``e`` with every definition ``defs`` sees (a file's own, the registry's under its
    readings) inlined; a table or pattern read another way than the registry's default is
    NotExact (the generating functions read the defaults)."""
    from openbid.expr.ast import rebuild
    from openbid.hands.registry import Derived, registry

    reg = registry()
    done: dict[Expr, Expr] = {}  # (a condition made from a rules table shares its subtrees)

    def one(x: Expr) -> Expr:
        got = done.get(x)
        if got is None:
            got = done[x] = _one(x)
        return got

    def _one(x: Expr) -> Expr:
        if isinstance(x, Name) and x.id not in SUIT_CONSTANTS and defs.has(x.id, 0):
            ent = defs.entry(x.id, 0)
            if isinstance(ent, Derived):
                return one(expand_quantifiers(defs.inline(ent, ())))
            if not reg.has(x.id, 0) or reg.default(x.id, 0) != ent:
                raise NotExact(x.id)
            return x
        if isinstance(x, Call) and x.fn not in _BUILTIN_FNS and defs.has(x.fn, len(x.args)):
            ent = defs.entry(x.fn, len(x.args))
            args = tuple(Const(SUIT_CONSTANTS[a.id]) if isinstance(a, Name) and
                         a.id in SUIT_CONSTANTS else one(a) for a in x.args)
            if isinstance(ent, Derived):
                return one(expand_quantifiers(defs.inline(ent, args)))
            if not reg.has(x.fn, len(x.args)) or reg.default(x.fn, len(x.args)) != ent:
                raise NotExact(x.fn)
            return Call(x.fn, args, x.pos)
        if isinstance(x, Call) and x.fn in ("meets", "chose"):
            raise NotExact(x.fn)
        return rebuild(x, one)

    return one(e)


# ---------------------------------------------------------------- the estimate

def estimate(text: str, *, samples: int = 20_000, seed: int = 1) -> Count:
    """An ESTIMATE of the share of deals (or hands) meeting ``text``: ``samples`` deals drawn
    with ``seed``, the condition evaluated on each seat's hand, a 95% Wilson interval."""
    import re

    from openbid.systems.descriptors import describe
    from openbid.expr.pycode import NAMESPACE, _registry_table, py
    from openbid.bridge.hand import Hand

    t0 = time.monotonic()
    e = expand_quantifiers(parse_condition(text))
    seats = "".join(s for s in SEATS if s in seats_of(e))
    src = py(e, is_table=lambda n: _registry_table(split_seat(n)[1]))
    src = re.sub(r"d\.(_s_|_f_)?([NESW])\.", lambda m: f"d.{m.group(2)}.{m.group(1) or ''}", src)
    fn = eval(compile(f"lambda d: {src}", "<expr>", "eval"), dict(NAMESPACE))  # noqa: S307
    rng = random.Random(seed)
    deck = [(s, r) for s in range(4) for r in range(13)]
    ranks = "AKQJT98765432"
    names = list(seats) or [""]

    class Deal:
        pass

    hits = 0
    for _ in range(samples):
        rng.shuffle(deck)
        d = Deal()
        for i, seat in enumerate(names):
            cards = sorted(deck[13 * i:13 * i + 13])
            parts = ["".join(ranks[r] for s2, r in cards if s2 == s) for s in range(4)]
            desc = describe(Hand.from_suits(*parts))
            if seat:
                setattr(d, seat, desc)
            else:
                d = desc  # type: ignore[assignment]
        hits += bool(fn(d))
    from openbid.base.stats import wilson

    p = hits / samples
    lo, hi = wilson(hits, samples)
    total = TOTAL_DEALS if seats else TOTAL_HANDS
    return Count(round(p * total), total, "deals" if seats else "hands", seats,
                 f"ESTIMATE from {samples:,} seeded samples (seed {seed})", False,
                 time.monotonic() - t0, lo, hi, samples)
