"""What an auction shows about each player's hand, two ways.

OWN CALLS (:func:`shows`): over exactly the hands consistent with that player's own calls (a
precondition; the others' calls are not premises), the minimum and maximum of each descriptor
asked (HCP, the suit lengths, the rule file's own ``define``\\s), a hand at each end, and the
exact distribution. The census counts every hand class meeting the precondition, once per
context of the deal the precondition and the descriptors read and the caller did not fix (the
auction fixes each player's SEAT; counts over several vulnerabilities are hand-contexts), so its
minimum and maximum are exact; Z3 proves each bound independently (no hand meeting the
precondition below the minimum, none above the maximum: ``proved``), and must agree.

AT THE TABLE (:func:`at_the_table`): given the whole auction (every seat's calls, cards
disjoint; one dealer and vulnerability), for each player who has called, each descriptor's
range, PROVED by Z3 over the four hands (a deal at each end, re-bid by the executor), and its
distribution: exact when that player is the only one the auction constrains, otherwise an
ESTIMATE from seeded deals (:func:`openbid.checks.table.sample`) with a 95% interval per share.

A player's calls are read written out (:func:`openbid.checks.table.history`), so a pass tracks
only the ranks the condition reads. Every end hand is re-checked by the caller's executor.
Returns records; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, Callable

import numpy as np
import z3

from openbid.base.errors import OpenbidError
from openbid.base.stats import wilson
from openbid.bridge.hand import Hand
from openbid.expr import unparse
from openbid.expr.ast import TRUE, Compare, Const, Expr, Ite
from openbid.systems.rules.model import Rules
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, check, new_solver


@dataclass
class Shown:
    """One descriptor over the hands consistent with a player's calls."""

    name: str
    kind: str  # "num" or "bool"
    lo: Any
    hi: Any
    lo_hand: str
    hi_hand: str
    lo_context: tuple = ()
    hi_context: tuple = ()
    distribution: dict = field(default_factory=dict)  # value -> hands (hand-contexts)
    proved: str = ""  # "z3" (both bounds proved), else why not


@dataclass
class Shows:
    """What a player's calls show: ``selected`` hands (hand-contexts) consistent with them."""

    selected: int
    contexts: tuple
    shown: list[Shown] = field(default_factory=list)


def descriptors(rules: Rules) -> list[tuple[str, Expr]]:
    """HCP, the four suit lengths, and the file's own defines that read the hand (a define
    with a suit parameter once per suit; one with another parameter, or one that reads only
    facts of the deal such as VUL, is left out)."""
    from openbid.systems.descriptors import definitions
    from openbid.readers.uses import uses

    defs = definitions(rules.readings, rules.definitions)
    names = ["HCP", "SUITLENGTH(S)", "SUITLENGTH(H)", "SUITLENGTH(D)", "SUITLENGTH(C)"]
    for d in rules.definitions:
        if not d.params:
            got = [d.name]
        elif all(t == "suit" for _, t in d.params) and len(d.params) == 1:
            got = [f"{d.name}({s})" for s in "SHDC"]
        else:
            continue
        u = uses(defs, [rules.parse(got[0], want=None)], rules)
        if u.tables or u.patterns or u.outcome:
            names += got
    return [(n, rules.parse(n, want=None)) for n in names]


def facts_read(rules: Rules, exprs: list[Expr]) -> list[str]:
    """The facts of the deal (SEAT, VUL, THEYVUL) ``exprs`` read (through ``chose`` and
    ``meets`` too), in registry order; not every fact the rules read elsewhere."""
    from openbid.hands.registry import registry
    from openbid.systems.descriptors import definitions
    from openbid.readers.uses import uses

    read = uses(definitions(rules.readings, rules.definitions), exprs, rules).contexts
    return [n for n, a in registry().names() if a == 0 and n in read]


def contexts_of(rules: Rules, exprs: list[Expr], fixed: dict) -> list[dict]:
    """Every context a question over ``exprs`` must be asked in: the fixed facts, and each fact
    read and not fixed over its values."""
    from openbid.hands.registry import Context, registry

    reg = registry()
    free = [n for n in facts_read(rules, exprs) if n not in fixed]
    values = []
    for n in free:
        entry = reg.default(n, 0)
        assert isinstance(entry, Context)
        values.append(entry.values)
    return [{**fixed, **dict(zip(free, combo))} for combo in product(*values)]


def shows(rules: Rules, given: Expr | None, exprs: list[tuple[str, Expr]],
          fixed: dict | None = None, rlimit: int = DEFAULT_RLIMIT) -> Shows:
    """Each of ``exprs`` over the hands meeting ``given`` (all hands: None)."""
    return shows_many(rules, [given], exprs, [fixed or {}], rlimit)[0]


def shows_many(rules: Rules, givens: list[Expr | None], exprs: list[tuple[str, Expr]],
               fixeds: list[dict], rlimit: int = DEFAULT_RLIMIT) -> list[Shows]:
    """:func:`shows` for several players at once (``givens[k]`` under the facts
    ``fixeds[k]``): players whose questions read the same facts share one census pass per
    context."""
    kinds = [_kind(rules, n) for n, _ in exprs]
    plain = [e for _, e in exprs]
    per: list[list[dict]] = []  # each player's contexts
    passes: dict[tuple, list[tuple[int, dict]]] = {}  # pass context -> (player, its context)
    for k, (given, fixed) in enumerate(zip(givens, fixeds)):
        extra = plain + ([given] if given is not None else [])
        contexts = contexts_of(rules, extra, dict(fixed))
        per.append(contexts)
        read = set(facts_read(rules, extra))
        for ctx in contexts:
            key = tuple(sorted((n, v) for n, v in ctx.items() if n in read))
            passes.setdefault(key, []).append((k, ctx))
    dist: list[list[dict]] = [[{} for _ in exprs] for _ in givens]
    # value -> (hand, context), at each context's lowest and highest value
    ends: list[list[dict]] = [[{} for _ in exprs] for _ in givens]
    selected = [0] * len(givens)
    done: dict[tuple, list] = {}  # the folded questions of a pass -> its histograms
    for key, who in passes.items():
        asked = [givens[k] for k, _ in who]
        folded = _folded(rules, plain + [g if g is not None else TRUE for g in asked], key)
        got = done.get(folded) if folded is not None else None
        if got is None:
            got = histograms_many(rules, asked, plain, kinds, dict(key))
            if folded is not None:
                done[folded] = got
        for (k, ctx), (hist, n) in zip(who, got):
            selected[k] += n
            if not n:
                continue
            for i, h in enumerate(hist):
                for v, w in h.counts.items():
                    dist[k][i][v] = dist[k][i].get(v, 0) + w
                c = tuple(sorted(ctx.items()))
                for v, hand in ((min(h.counts), h.lo_hand), (max(h.counts), h.hi_hand)):
                    if v not in ends[k][i]:  # the first context's hand at that value
                        ends[k][i][v] = (hand, c)
    out = []
    for k, given in enumerate(givens):
        if not selected[k]:
            what = unparse(given) if given is not None else "true"
            raise OpenbidError(f"no hand meets {what}: nothing to explain")
        sh = Shows(selected[k], tuple(tuple(sorted(c.items())) for c in per[k]))
        for i, (name, e) in enumerate(exprs):
            d = dict(sorted(dist[k][i].items()))
            lo, hi = min(d), max(d)
            sh.shown.append(Shown(name, kinds[i], lo, hi, ends[k][i][lo][0], ends[k][i][hi][0],
                                  ends[k][i][lo][1], ends[k][i][hi][1], d))
        _prove(rules, given, plain, sh.shown, dict(fixeds[k]), rlimit)
        out.append(sh)
    return out


def _folded(rules: Rules, exprs: list[Expr], facts: tuple) -> tuple | None:
    """``exprs`` with the facts of the deal ``facts`` read as constants and folded
    (openbid.systems.rules.fold), when what they fold to reads none of those facts (through a
    definition left as it is, or the rules of ``chose``): then two contexts whose questions
    fold alike count alike, hand by hand, and one census pass answers both. None otherwise."""
    from openbid.systems.rules.fold import fold_exprs

    if not facts:
        return None
    got = fold_exprs(rules, tuple(exprs), facts)
    if set(facts_read(rules, list(got))) & {n for n, _ in facts}:
        return None
    return got


def histograms(rules: Rules, given: Expr | None, exprs: list[Expr], kinds: list[str],
               ctx: dict) -> tuple[list[dict], int]:
    """One census pass in context ``ctx``: per expression, value -> hands meeting ``given``
    with that value; and the hands meeting ``given``."""
    got = histograms_many(rules, [given], exprs, kinds, ctx)[0]
    return [h.counts for h in got[0]], got[1]


@dataclass
class Histogram:
    """One expression over the hands meeting one condition in one context: value -> hands, and
    the first hand (in class order) at the lowest and at the highest value."""

    counts: dict
    lo_hand: str
    hi_hand: str


def histograms_many(rules: Rules, givens: list[Expr | None], exprs: list[Expr],
                    kinds: list[str], ctx: dict) -> list[tuple[list[Histogram], int]]:
    """Per condition of ``givens``, in one census pass in context ``ctx`` (each expression read
    once per chunk; the chunks in the process pool when there are many): per expression its
    :class:`Histogram`, and the hands meeting the condition."""
    from openbid.base.workers import map_chunks
    from openbid.readers.census.passes import plan, spec_for

    asked = tuple(exprs) + tuple(g for g in givens if g is not None and g != TRUE)
    spec = spec_for(rules, asked, merge=True, context=tuple(sorted(ctx.items())))
    p = plan(spec)
    task = (spec, tuple(givens), tuple(exprs), tuple(kinds))
    if len(p) <= POOLED:
        parts = [_hist_chunk(task, i) for i in range(len(p))]
    else:
        parts = map_chunks(_hist_chunk, task, len(p))
    m = len(givens)
    sums: list[list[dict]] = [[{} for _ in exprs] for _ in givens]
    # per condition and expression: [lowest value, its first class, highest, its first class]
    ends: list[list[list]] = [[[None, None, None, None] for _ in exprs] for _ in givens]
    total = [0] * m
    for part in parts:  # in chunk order: the first class at a value is the first chunk's
        for g, (n, per) in enumerate(part):
            total[g] += n
            for j, (counts, lo, lo_ids, hi, hi_ids) in enumerate(per):
                d = sums[g][j]
                for key, w in counts.items():
                    d[key] = d.get(key, 0) + w
                e = ends[g][j]
                if e[0] is None or lo < e[0]:
                    e[0], e[1] = lo, lo_ids
                if e[2] is None or hi > e[2]:
                    e[2], e[3] = hi, hi_ids

    def hand(ids: tuple | None) -> str:
        if ids is None:
            return ""
        return p.domain.class_hand(ids).lowest(p.model.small_ranks).to_pbn()

    return [([Histogram(sums[g][j], hand(ends[g][j][1]), hand(ends[g][j][3]))
              for j in range(len(exprs))], total[g]) for g in range(m)]


POOLED = 6  # passes of more chunks than this run in the process pool


def _hist_chunk(task: tuple, i: int) -> list[tuple[int, list[tuple]]]:
    """One chunk of :func:`histograms_many` (a pool task): per condition, the hands meeting it
    and per expression (value -> hands, the lowest value, its first class: positions C D H S,
    the highest value, its first class); no hand: (0, [])."""
    from openbid.readers.census.arrays import as_fx, full_mask
    from openbid.readers.census.passes import plan

    spec, givens, exprs, kinds = task
    p = plan(spec)
    view = p.view(i)
    reader = view.reader(0)
    n = view.size
    out: list[tuple[int, list[tuple]]] = [(0, []) for _ in givens]
    keeps = [full_mask(reader.cond(g), n) if g is not None and g != TRUE else None
             for g in givens]  # None: every row
    if not any(k is None or k.any() for k in keeps):
        return out
    weight = np.asarray(view.weight).astype(np.int64)
    fweight = weight.astype(np.float64)  # bincount's sums: below 2**53
    values = []
    for j, e in enumerate(exprs):
        if kinds[j] == "bool":
            values.append((full_mask(reader.cond(e), n).astype(np.int64), 0, 1))
        else:
            fx = as_fx(reader.value(e), n)
            values.append((np.asarray(fx.a, dtype=np.int64) - fx.lo, fx.lo, fx.den))
    ids = view.chunk.ids
    keys: list[dict] = [{} for _ in exprs]  # per expression: its value as shown, per position

    def first(row: int) -> tuple:
        return tuple(int(ids[s][row]) for s in (1, 2, 3, 4))

    def key(j: int, v: int):
        got = keys[j].get(v)
        if got is None:
            _, lo, den = values[j]
            got = keys[j][v] = bool(v) if kinds[j] == "bool" else \
                _plain(Fraction(v + lo, den))
        return got

    for g, keep in enumerate(keeps):
        if keep is None:
            idx, w, fw = None, weight, fweight
        else:
            if not keep.any():
                continue
            idx = np.flatnonzero(keep)
            w, fw = weight[idx], fweight[idx]
        per: list[tuple] = []
        for j, (full, _, _) in enumerate(values):
            a = full if idx is None else full[idx]
            counts = np.bincount(a, weights=fw)
            present = np.flatnonzero(counts)
            low, high = int(present[0]), int(present[-1])
            rows = [int(np.argmax(a == low)), int(np.argmax(a == high))]
            if idx is not None:
                rows = [int(idx[r]) for r in rows]
            d = {key(j, v): int(c) for v, c in zip(present.tolist(),
                                                   counts[present].tolist())}
            per.append((d, key(j, low), first(rows[0]), key(j, high), first(rows[1])))
        out[g] = (int(w.sum()), per)
    return out


def _kind(rules: Rules, name: str) -> str:
    """"bool" for a condition, "num" for a number."""
    from openbid.base.errors import ExprError

    try:
        rules.parse(name, want="bool")
        return "bool"
    except ExprError:
        return "num"


def _plain(v):
    """A census value as shown: a whole Fraction as an int."""
    if isinstance(v, Fraction) and v.denominator == 1:
        return int(v)
    return v


def _prove(rules: Rules, given: Expr | None, exprs: list[Expr], shown: list[Shown],
           fixed: dict, rlimit: int) -> None:
    """Z3, one solver for every descriptor: no hand meeting ``given`` lies below a Shown's
    ``lo`` or above its ``hi`` (each Shown's ``proved`` set)."""
    from openbid.readers.symbolic import SymbolicHand

    sym = SymbolicHand(rules, exprs=list(exprs) + ([given] if given is not None else []),
                       context=fixed)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    if given is not None:
        solver.add(sym.cond(given))
    outsides = []
    for e, s in zip(exprs, shown):
        if s.kind == "bool":
            v = sym.cond(e)
            outside = [v] if s.hi is False else ([z3.Not(v)] if s.lo is True else [])
        else:
            outside = [sym.cond(Compare("<", e, Const(Fraction(s.lo)))),
                       sym.cond(Compare(">", e, Const(Fraction(s.hi))))]
        outsides.append(outside)
    every = [q for outside in outsides for q in outside]
    if every and check(solver, z3.Or(every)).status is Status.UNSAT:
        for s in shown:  # no hand lies outside any range: every bound proved in one query
            s.proved = "z3"
        return
    for s, outside in zip(shown, outsides):  # each bound on its own: which one, and why
        s.proved = "z3"
        for q in outside:
            r = check(solver, q)
            if r.status is Status.SAT:
                raise Disagreement(f"{s.name}: Z3 finds a hand outside the census's range "
                                   f"{s.lo}..{s.hi}: {sym.witness(r.model).to_pbn()}")
            if r.status is Status.UNKNOWN:
                s.proved = f"census only (Z3: {r.reason})"
                break


# ----------------------------------------------------------------------------- at the table

@dataclass
class Share:
    """A value's share of the deals: exact, or an ESTIMATE with its 95% interval."""

    value: Any
    share: float
    low: float
    high: float
    exact: bool


@dataclass
class TableShown:
    """One descriptor of one player at the table: the proved range (a deal at each end) and the
    distribution."""

    name: str
    kind: str
    lo: Any
    hi: Any
    lo_deal: dict[str, Hand] | None
    hi_deal: dict[str, Hand] | None
    proved: str  # "z3": both ends proved over the four hands; else why not (then the range is
    # what the sampled deals show)
    distribution: list[Share] = field(default_factory=list)
    exact: bool = False


@dataclass
class TablePlayer:
    seat: str  # N E S W
    turn: int  # 0 the dealer
    calls: tuple[str, ...]
    shown: list[TableShown] = field(default_factory=list)


@dataclass
class AtTable:
    """The auction at the table: its probability (a random deal, this dealer and vulnerability,
    begins with it), the deals sampled and kept, and each player who has called."""

    auction: tuple[str, ...]
    dealer: str
    vul: str
    probability: Any  # openbid.checks.table.Probability
    tried: int
    kept: int
    seed: int
    players: list[TablePlayer] = field(default_factory=list)
    deal: dict[str, Hand] | None = None  # a deal of the sample (re-bid by the executor)


def at_the_table(system, auction: tuple[str, ...], exprs: list[tuple[str, Expr]], *,
                 dealer: str = "N", vul: str = "none", deals: int = 20_000, seed: int = 1,
                 rlimit: int = DEFAULT_RLIMIT, own: list | None = None) -> AtTable:
    """What the whole auction shows about each player who has called (see the module).
    ``own``: the players' own-calls views (:func:`shows`), when known: a range at the table
    lies within the own-calls range, so an end the sample reaches there needs no proof, and
    the rarest player is the one the deals are drawn around."""
    from openbid.base.workers import fresh_z3_context
    from openbid.checks import table as T

    fresh_z3_context()  # Z3's deals depend on this question alone
    a = T.checked_auction(system, auction)
    conds = T.seat_conditions(system, a, dealer, vul)
    ctxs = {s: T.context(dealer, vul, s) for s in T.SEATS}
    constrained = [s for s in T.SEATS if conds[s] != TRUE]
    anchor = None
    if own:  # the rarest player by its own calls (hands, or hand-contexts per context)
        rare = min(range(len(own)), key=lambda t: own[t].selected / len(own[t].contexts))
        if conds[T.seat_at(dealer, rare)] != TRUE:
            anchor = T.seat_at(dealer, rare)
    smp = T.sample(system, a, dealer, vul, conds, deals, seed, anchor=anchor)
    if smp.anchor_count == 0:
        raise T.not_reached(system, a, T.offset(dealer, smp.anchor))
    if len(constrained) <= 1:
        only = constrained[0] if constrained else T.SEATS[0]
        n = T.count_one(system.rules, conds[only], ctxs[only])
        prob = T.Probability.exactly(n, T.TOTAL_HANDS, "exact: the census (one hand is "
                                     "constrained)")
    else:
        n2 = T.count_two(system.rules, conds, T.Budget().states) if len(constrained) == 2 \
            else None
        prob = T.Probability.exactly(n2, T.TOTAL_DEALS, "exact: two-hand generating functions") \
            if n2 is not None else smp.probability()
    out = AtTable(a, dealer, vul, prob, smp.tried, smp.n_kept, seed)
    kept = np.flatnonzero(smp.kept)
    if len(kept):
        out.deal = smp.deal(int(kept[0]))
    kinds = [_kind(system.rules, name) for name, _ in exprs]
    nums = tuple(Ite(e, Const(1), Const(0)) if k == "bool" else e
                 for (_, e), k in zip(exprs, kinds))
    players = "".join(T.seat_at(dealer, t) for t in range(min(4, len(a))))
    sd, solver = T.z3_solver(system.rules, conds, dealer, vul, rlimit, nums, also=players)
    if own:  # each player's proved own-calls ranges: implied by its calls, they help Z3 prune
        for turn, view in enumerate(own[:4]):
            if view is None:
                continue
            for (name, e), s in zip(exprs, view.shown):
                if s.kind == "num" and s.proved == "z3":
                    seat = T.seat_at(dealer, turn)
                    solver.add(sd.hand_cond(seat, Compare(">=", e, Const(Fraction(s.lo)))))
                    solver.add(sd.hand_cond(seat, Compare("<=", e, Const(Fraction(s.hi)))))
    if not len(kept):  # does any deal begin with the auction?
        r = check(solver)
        if r.status is Status.UNSAT:
            raise OpenbidError(f"no deal begins with {' '.join(a)!r} under {system.title}: "
                               "each player's calls can be made alone, but not by four hands "
                               "from one deck (proved by Z3)")
    limits = _deck_limits(system.rules, exprs, own, len(a)) if own else {}
    for turn in range(min(4, len(a))):
        seat = T.seat_at(dealer, turn)
        player = TablePlayer(seat, turn, a[turn::4])
        values = T.read_values(system.rules, smp.masks[seat][kept], nums, ctxs[seat])
        for i, ((name, _), e, kind) in enumerate(zip(exprs, nums, kinds)):
            bounds = limits.get((turn, i))
            if bounds is None and own and turn < len(own) and own[turn] is not None:
                o = own[turn].shown[i]
                bounds = (int(o.lo), int(o.hi)) if kind == "bool" else (o.lo, o.hi)
            player.shown.append(_table_shown(system, a, dealer, vul, seat, name, e, kind,
                                             values[i], kept, smp, sd, solver, conds, ctxs,
                                             constrained, bounds))
        out.players.append(player)
    return out


DECK_TOTALS = {"HCP": (40, 37), "SUITLENGTH(S)": (13, 13), "SUITLENGTH(H)": (13, 13),
               "SUITLENGTH(D)": (13, 13), "SUITLENGTH(C)": (13, 13)}  # (four hands, one)


def _deck_limits(rules: Rules, exprs: list[tuple[str, Expr]], own: list,
                 called: int) -> dict[tuple[int, int], tuple[int, int]]:
    """Bounds at the table of the descriptors whose total over the four hands is fixed (HCP
    40, a suit's length 13), from every player's own-calls range: a player holds at most the
    total less the others' minimums, at least the total less their maximums (and within its
    own range). Per (turn, descriptor index); a player who has not called ranges over one
    hand's whole range. A file that defines the name itself is left alone."""
    local = {d.name for d in rules.definitions}
    out = {}
    for i, (name, _) in enumerate(exprs):
        if name not in DECK_TOTALS or name.split("(")[0] in local:
            continue
        total, one = DECK_TOTALS[name]
        rng = [(own[t].shown[i].lo, own[t].shown[i].hi) if t < called and t < len(own)
               and own[t] is not None else (0, one) for t in range(4)]
        for t in range(min(4, called)):
            lo = max(rng[t][0], total - sum(rng[u][1] for u in range(4) if u != t))
            hi = min(rng[t][1], total - sum(rng[u][0] for u in range(4) if u != t))
            out[(t, i)] = (lo, hi)
    return out


_DESCRIBED: dict = {}  # (rules, hand, context) -> the executor's descriptors of the hand


def _value_of(v: Any, kind: str):
    return bool(v) if kind == "bool" else _plain(v)


def _executed(e: Expr, hand: Hand, rules: Rules, ctx: tuple):
    """``e`` (a number, reading no outcome of the rules) on one hand by the executor, as an
    exact value: the hand's descriptors computed once per hand and context."""
    from openbid.expr.pycode import compile_expr
    from openbid.systems.procedure import program_for

    program = program_for(rules)
    key = (rules, hand.to_pbn(), ctx)
    d = _DESCRIBED.get(key)
    if d is None:
        if len(_DESCRIBED) > 4096:
            _DESCRIBED.clear()
        d = _DESCRIBED[key] = program.describe(hand, ctx)
    v = compile_expr(e, program.defs)(d, None)
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, float):
        v = Fraction(v).limit_denominator(10 ** 6)
    return _plain(Fraction(v))


def _table_shown(system, a, dealer, vul, seat, name, e, kind, values, kept, smp, sd, solver,
                 conds, ctxs, constrained, bounds) -> TableShown:
    """One descriptor of ``seat`` at the table. ``e`` is numeric (a condition as 1 or 0),
    ``values`` its values on the kept deals of the sample ``smp`` (numerators, denominator);
    ``bounds``: its own-calls range, when known (the range at the table lies within)."""
    from openbid.checks import table as T

    vals, den = values
    n = len(vals)
    dist: list[Share] = []
    exact = constrained == [seat]
    if exact:  # the only constrained player: its hands are the census's
        got, total = histograms(system.rules, conds[seat], [e], ["num"], ctxs[seat])
        for v, w in sorted(got[0].items()):
            dist.append(Share(_value_of(v, kind), w / total, w / total, w / total, True))
    elif n:
        uniq, counts = np.unique(vals, return_counts=True)
        for u, c in zip(uniq.tolist(), counts.tolist()):
            lo, hi = wilson(c, n)
            dist.append(Share(_value_of(_plain(Fraction(u, den)), kind), c / n, lo, hi, False))
    # the ends: the sample's; past each, Z3 (bisecting up to the own-calls bound) proves
    # there is nothing further, or finds a deal further out
    ends: dict[str, tuple[Any, dict[str, Hand]]] = {}
    if n:
        for end, j in (("lo", int(np.argmin(vals))), ("hi", int(np.argmax(vals)))):
            ends[end] = (_plain(Fraction(int(vals[j]), den)), smp.deal(int(kept[j])))
    proved = "z3"
    ctx = T.ctx_tuple(ctxs[seat])
    for end in ("lo", "hi"):
        far = None if bounds is None else (bounds[0] if end == "lo" else bounds[1])
        first = True  # the first question past the sample asks for the bound itself
        while True:
            cur = ends.get(end)
            if cur is not None and far is not None and cur[0] == far:
                break  # the sample reaches the bound: nothing lies beyond
            if cur is None:
                q = z3.BoolVal(True)
            elif far is not None and den == 1 and isinstance(cur[0], int):
                mid = far if first else \
                    (cur[0] + far) // 2 if end == "lo" else -((-cur[0] - far) // 2)
                first = False
                q = sd.hand_cond(seat, Compare("<=" if end == "lo" else ">=", e, Const(mid)))
            else:
                mid = None
                q = sd.hand_cond(seat, Compare("<" if end == "lo" else ">", e,
                                               Const(Fraction(cur[0]))))
            r = check(solver, q)
            if r.status is Status.UNKNOWN:
                proved = f"not proved (Z3: {r.reason}); the range of the sampled deals"
                break
            if r.status is Status.UNSAT:
                if cur is None or far is None or den != 1 or not isinstance(cur[0], int):
                    break
                far = mid + 1 if end == "lo" else mid - 1  # type: ignore[operator]
                continue
            deal = sd.deal_of(r.model)
            T.confirm(system, a, dealer, vul, deal, None, "Z3's")
            v = _executed(e, deal[seat], system.rules, ctx)
            if cur is not None and not (v < cur[0] if end == "lo" else v > cur[0]):
                raise Disagreement(f"{name} of {seat}: Z3's deal {T.deal_pbn(deal)} has "
                                   f"{v}, not past {cur[0]}")
            ends[end] = (v, deal)
    if "lo" not in ends or "hi" not in ends:
        raise OpenbidError(f"no deal reaching {' '.join(a)} was found within the budget")
    (lo, lo_deal), (hi, hi_deal) = ends["lo"], ends["hi"]
    for end_v, deal in ((lo, lo_deal), (hi, hi_deal)):  # each end re-checked by the executor
        if _executed(e, deal[seat], system.rules, ctx) != end_v or \
                T.rebid(system, a, dealer, vul, deal) is not None:
            raise Disagreement(f"{name} of {seat}: the deal {T.deal_pbn(deal)} is not at the "
                               f"{end_v} end")
    return TableShown(name, kind, _value_of(lo, kind), _value_of(hi, kind), lo_deal, hi_deal,
                      proved, dist, exact)


def prefer_table_hands(own: list, table: AtTable) -> None:
    """Each own-calls end hand replaced by the same player's hand in the table's deal at that
    end, when the table reaches the same value there (so the hand shown fits the whole auction:
    its deal exists); a value no deal reaches keeps the census's hand (nothing else meets it).
    The context of a replaced hand becomes the table's vulnerability for that player."""
    from openbid.checks import table as T

    for player in table.players:
        views = own[player.turn] if player.turn < len(own) else None
        if views is None:
            continue
        ctx = T.context(table.dealer, table.vul, player.seat)
        for mine, there in zip(views.shown, player.shown):
            keep = {k: v for k, v in ctx.items() if k in {n for c in views.contexts
                                                         for n, _ in c}}
            if there.lo == mine.lo and there.lo_deal is not None:
                mine.lo_hand = there.lo_deal[player.seat].to_pbn()
                mine.lo_context = tuple(sorted(keep.items()))
            if there.hi == mine.hi and there.hi_deal is not None:
                mine.hi_hand = there.hi_deal[player.seat].to_pbn()
                mine.hi_context = tuple(sorted(keep.items()))


# -- the whole question: what an auction shows (``openbid explain``, ``System.explain``) --------

VIEWS = ("both", "own", "table")


@dataclass(frozen=True)
class Explained:
    """What ``auction`` shows: per player who has called (turn 0 the dealer), the own-calls view
    (:class:`Shows`; None when only the table was asked) and the view at the table
    (:class:`AtTable`; None when only the own calls were asked)."""

    auction: tuple[str, ...]
    own: tuple[Shows | None, ...]
    table: AtTable | None
    vul: str | None = None  # as given, from the view of the player next to call


def explain_auction(system, auction: tuple[str, ...] | str, *, vul: str | None = None,
                    view: str = "both", deals: int = 10_000, seed: int = 1,
                    rlimit: int = DEFAULT_RLIMIT, dealer: str = "N",
                    progress: Callable[[str], None] | None = None) -> Explained:
    """Both views of ``auction`` (calls from the dealer), every end hand re-run by the executor.
    ``vul`` (none, we, they, both; from the view of the player next to call) fixes the
    vulnerability; otherwise the own-calls counts range over every vulnerability the calls read
    and the table is dealt at none vulnerable. ``dealer`` names the seats at the table.
    ``progress``: told each stage as it starts (``own calls``, ``at the table``)."""
    from openbid.checks import table as T

    if view not in VIEWS:
        raise OpenbidError(f"view {view!r}: one of {', '.join(VIEWS)}")
    if dealer not in tuple(T.SEATS):
        raise OpenbidError(f"dealer {dealer!r}: expected N, E, S or W")
    if vul is not None and vul not in ("none", "we", "they", "both"):
        raise OpenbidError(f"vulnerability {vul!r}: expected none, we, they or both (the view "
                           "of the player next to call)")
    a = T.checked_auction(system, auction)
    if not a:
        raise OpenbidError("the auction is empty: nobody has called, nothing is shown")
    if deals < 1:
        raise OpenbidError(f"--deals {deals}: at least 1")
    exprs = descriptors(system.rules)
    n = len(a)
    players = min(4, n)
    histories = [T.history(system, a, seat) for seat in range(players)]
    say = progress or (lambda stage: None)
    # the own-calls views, also when only the table is shown: they bound its ranges
    say("own calls")
    own: list = own_views(system, a, histories, exprs, vul, rlimit)
    table = None
    if view != "own":
        say("at the table")
        table = at_the_table(system, a, exprs, dealer=dealer,
                             vul=T.deal_vul(T.seat_at(dealer, n), vul or "none"), deals=deals,
                             seed=seed, rlimit=rlimit, own=own)
        prefer_table_hands(own, table)
    if view == "table":
        own = [None] * players
    else:
        recheck_own(system, a, own, exprs)
    return Explained(a, tuple(own), table, vul)


def seat_vul(vul: str | None, seat: int, n: int) -> dict:
    """The facts VUL, THEYVUL of player ``seat`` when ``vul`` is said by the player next to
    call (turn ``n``); {} when not given."""
    if vul is None:
        return {}
    we, they = {"none": (False, False), "we": (True, False), "they": (False, True),
                "both": (True, True)}[vul]
    if (seat - n) % 2:
        we, they = they, we
    return {"VUL": we, "THEYVUL": they}


def own_views(system, auction, histories, exprs, vul, rlimit):
    """Each player's own-calls view (exact; players share the census's passes)."""
    from openbid.checks import table as T
    from openbid.expr.ast import FALSE

    n = len(auction)
    for seat, given in enumerate(histories):
        if given == FALSE:
            raise T.not_reached(system, auction, seat)
    fixeds = [{"SEAT": seat + 1, **seat_vul(vul, seat, n)} for seat in range(len(histories))]
    try:
        return shows_many(system.rules, histories, exprs, fixeds, rlimit)
    except OpenbidError as e:
        if str(e).startswith("no hand meets"):
            for seat, given in enumerate(histories):
                ctx = {"VUL": False, "THEYVUL": False, **fixeds[seat]}
                if T.count_one(system.rules, given, ctx) == 0:
                    raise T.not_reached(system, auction, seat) from None
        raise


def recheck_own(system, auction, own, exprs) -> None:
    """Every end hand of the own-calls views re-run through the executor: it makes the
    player's calls and has the value."""
    from openbid.bridge.notation import vul_word_of
    from openbid.systems.evaluate import value

    rules = system.rules
    n = len(auction)
    for seat, got in enumerate(own):
        for s in got.shown:  # each end re-run: it makes the player's calls and has the value
            e = dict(exprs)[s.name]
            for v, pbn, ctx in ((s.lo, s.lo_hand, s.lo_context), (s.hi, s.hi_hand, s.hi_context)):
                c = dict(ctx)
                word = vul_word_of(c)
                hand = Hand.parse(pbn)
                made = all(system.call(auction[:t], hand, word).call == auction[t]
                           for t in range(seat, n, 4))
                # the facts the value does not read given any value (the executor runs the
                # whole procedure, which may read them)
                full = tuple(sorted({"SEAT": seat + 1, "VUL": False, "THEYVUL": False,
                                     **c}.items()))
                if not made or _plain(value(e, hand, rules, full)) != v:
                    raise OpenbidError(f"internal disagreement: {pbn} is not a hand at the "
                                       f"{s.name} {v} end of seat {seat + 1}'s calls")
