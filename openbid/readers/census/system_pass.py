"""One exact pass over all hand classes for the system checks (openbid.checks.system), in one
fixed context of the deal (seat, vulnerability): the bid points' conditions pairwise (the overlap
matrix), every further expression alone (claims: their premise, their gap), for each bid
point's condition the hands it meets by the bid point that really bids them (what takes a
shadowed rule's hands), and the outcome census. Every count is exact; every example is the
first class of the enumeration, a concrete hand for the executor to re-run."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.systems.rules.fold import fold_exprs, fold_facts
from openbid.systems.rules.model import Rules
from openbid.readers.census.arrays import full_mask
from openbid.readers.census.domain import SUITS, TOTAL_HANDS
from openbid.readers.census.gram import pair_sums, pattern_sums, patterns
from openbid.readers.census.grouping import first_rows
from openbid.readers.census.passes import PassSpec, plan


@dataclass(frozen=True)
class SystemPass:
    """A pass's task argument (picklable, hashable): the rules, ``paired`` expressions counted
    pairwise, ``single`` expressions counted alone, and the fixed facts of the deal. The spec
    itself fixes no fact: the passes of one check in every context share one plan, and one
    reading of a chunk (:func:`system_chunks`)."""

    spec: PassSpec
    paired: int  # the first ``paired`` expressions of the spec are counted pairwise
    given: bool = False  # the spec's last expression is a precondition: only its hands count
    context: tuple[tuple[str, object], ...] = ()  # the facts of the deal, fixed (SEAT, VUL, ...)


@dataclass(frozen=True)
class SystemShare:
    """The system checks of a system's opening, counted by the tree census's own readings of
    the opening nodes (openbid.readers.census.tree): each context of the deal (SEAT, VUL,
    THEYVUL) is the opening node of that seat read in that vulnerability, whose reading already
    has every row's call and bid point and each pattern of the bid points' conditions; the
    pairs, the takers and the outcomes are sums over those patterns, and only the further
    expressions (the claims') are read anew. One reading of the opening serves both."""

    args: tuple[SystemPass, ...]  # one per context, in the checks' order

    @property
    def contexts(self) -> tuple[tuple[tuple[str, object], ...], ...]:
        return tuple(a.context for a in self.args)

    @property
    def singles(self) -> tuple[Expr, ...]:
        a = self.args[0]
        exprs = a.spec.exprs[0]
        return tuple(exprs[a.paired:len(exprs) - int(a.given)])


SHARED_FACTS = frozenset({"SEAT", "VUL", "THEYVUL"})  # the facts an opening node fixes


def shareable(args: tuple[SystemPass, ...]) -> bool:
    """Can the tree census count these passes (no precondition; facts of the deal the opening
    nodes fix, and nothing else)."""
    return bool(args) and all(not a.given and {n for n, _ in a.context} <= SHARED_FACTS
                              for a in args)


def shared_counts(on: np.ndarray, per_pat: np.ndarray, pat_first: np.ndarray,
                  code_first: dict[int, int], per_code: dict[int, int], n_labels: int, chunk,
                  offset: int, singles: tuple[list[int], dict]) -> tuple:
    """One chunk's counts in one context (as :func:`system_chunks` gives them) from a reading
    of every row: ``on`` each pattern of the bid points' conditions (patterns x points, Boolean),
    ``per_pat`` the hands per pattern and label, ``pat_first`` each pattern's first row,
    ``code_first``/``per_code`` per call code (bid value x labels + label) its first row and its
    hands, ``singles`` the further expressions' counts and first classes."""
    pw = per_pat.sum(axis=1)
    (pairs,), examples = pair_sums(on, pat_first, (pw.astype(np.float64),), chunk)
    taken = on.T.astype(np.int64) @ per_pat
    outcomes = {}
    for code in sorted(per_code):
        row = code_first[code]
        outcomes[(code // n_labels, code % n_labels)] = (
            per_code[code], tuple(int(chunk.ids[s][row]) for s in SUITS))
    total = int(pw.sum())
    return (offset, pairs, examples, singles[0], singles[1], taken, outcomes, total, total)


@dataclass
class SystemCounts:
    """The pass's exact counts (hands) in its context."""

    context: tuple[tuple[str, object], ...]
    pairs: list[list[int]]  # hands meeting paired expressions i and j (diagonal: i)
    pair_examples: dict[tuple[int, int], Hand]  # (i <= j) -> first hand meeting both
    single: list[int]  # hands meeting each further expression
    single_examples: dict[int, Hand]
    taken: list[list[int]]  # [paired i][label index]: hands meeting i, bid at that label
    outcomes: dict[tuple[int, int], tuple[int, Hand]]  # (bidval, label index) -> (hands, example)
    total: int = 0  # hands enumerated (always C(52,13))
    selected: int = 0  # hands meeting the precondition (all of them: no precondition)


def system_spec(rules: Rules, paired: list[Expr], single: list[Expr],
                context: tuple[tuple[str, object], ...],
                given: Expr | None = None) -> SystemPass:
    """``given``: a precondition; every count is then of the hands meeting it, every example
    one of them."""
    extra = (given,) if given is not None else ()
    spec = PassSpec((rules,), (tuple(paired) + tuple(single) + extra,), (True,), True)
    return SystemPass(spec, len(paired), given is not None, tuple(context))


def system_chunks(args: tuple[SystemPass, ...], i: int) -> tuple:
    """One chunk's counts in the context of each of ``args`` (passes of one spec), in order:
    the chunk is gathered once, and every value that reads no fact of the deal is read once
    for all the contexts (openbid.readers.census.arrays)."""
    if len({a.spec for a in args}) > 1:
        raise ValueError("the passes of one reading share their spec")
    view = plan(args[0].spec).view(i)
    out = []
    # A context whose rules and expressions fold to the same trees as an earlier context's
    # (openbid.systems.rules.fold) counts the same on every hand: nothing to read. One whose rules
    # and bid points' conditions fold alike but some further expression does not (a claim
    # about the first seat) reads those expressions alone.
    folded: dict[tuple, tuple] = {}
    for a in args:
        rules = a.spec.rules[0]
        exprs = a.spec.exprs[0]
        k, end = a.paired, len(exprs) - int(a.given)
        base = (k, a.given, fold_facts(rules, a.context),
                fold_exprs(rules, exprs[:k] + exprs[end:], a.context))
        singles = fold_exprs(rules, exprs[k:end], a.context)
        hit = folded.get(base)
        if hit is not None and hit[1] == singles:
            out.append(hit[0])
            continue
        run = view.reader(0)
        run.context = dict(a.context)
        if hit is None:
            got = _chunk_counts(a, view, run)
            folded[base] = (got, singles)
        else:
            w, keep = _weights(a, view, run)
            got = hit[0][:3] + read_singles(a, view, run, w, keep) + hit[0][5:]
        out.append(got)
    return tuple(out)


def _weights(arg: SystemPass, view, run) -> tuple[np.ndarray, np.ndarray | None]:
    """Each row's hands, none where the precondition fails; the precondition's rows (None:
    no precondition)."""
    w = view.weight.astype(np.int64)
    if not arg.given:
        return w, None
    keep = full_mask(run.cond(arg.spec.exprs[0][-1]), view.chunk.size)
    return np.where(keep, w, 0), keep


def read_singles(arg: SystemPass, view, run, w: np.ndarray, keep: np.ndarray | None) -> tuple:
    """The hands meeting each further expression (after the paired ones), and its first row's
    class."""
    chunk = view.chunk
    exprs = arg.spec.exprs[0]
    single, single_ex = [], {}
    for j, e in enumerate(exprs[arg.paired:len(exprs) - int(arg.given)]):
        m = full_mask(run.cond(e), chunk.size)
        if keep is not None:
            m = m & keep
        met = int(np.count_nonzero(m))
        # a few rows: gathered; many: one integer dot product (exact), no gather
        single.append(0 if not met else int(w[m].sum()) if met * 8 < len(m) else
                      int(np.dot(w, m.astype(np.int64))))
        if met:
            row = int(np.argmax(m))
            single_ex[j] = tuple(int(chunk.ids[s][row]) for s in SUITS)
    return single, single_ex


def _chunk_counts(arg: SystemPass, view, run) -> tuple:
    p = view.pass_
    chunk = view.chunk
    n = chunk.size
    exprs = arg.spec.exprs[0]
    k = arg.paired
    enumerated = int(view.weight.sum())
    w, keep = _weights(arg, view, run)
    masks = [full_mask(run.cond(e), n) for e in exprs[:k]]
    if keep is not None:
        masks = [m & keep for m in masks]
    inv, first, on = patterns(masks, n)
    assert first is not None
    pw = np.bincount(inv, weights=w.astype(np.float64))  # integer sums below 2**53: exact
    (pairs,), examples = pair_sums(on, first, (pw,), chunk)
    bidval, section = run.outcome
    n_labels = len(p.rules[0].labels)
    sec = section.astype(np.int64)
    # per pattern of the paired conditions, the hands each label bids; then per condition, over
    # the patterns meeting it
    taken = on.T.astype(np.int64) @ pattern_sums(inv, len(first), sec, n_labels, w)[0]
    single, single_ex = read_singles(arg, view, run, w, keep)
    key = sec * 128 + bidval.astype(np.int64)
    ow = np.bincount(key, weights=w.astype(np.float64), minlength=n_labels * 128)
    rows = np.flatnonzero(keep) if keep is not None else None
    firsts = first_rows(key if rows is None else key[rows], n_labels * 128, rows)
    outcomes = {}
    for code in np.flatnonzero(firsts >= 0).tolist():
        row = int(firsts[code])
        outcomes[(code % 128, code // 128)] = (int(round(ow[code])),
                                               tuple(int(chunk.ids[s][row]) for s in SUITS))
    return (chunk.offset, pairs, examples, single, single_ex, taken, outcomes, enumerated,
            int(w.sum()))


def combine(arg: SystemPass, parts: list, p=None) -> SystemCounts:
    """The chunks' results (any order) as one :class:`SystemCounts`; the total must be C(52,13).
    ``p``: the pass whose classes the examples are (default: the pass of ``arg``'s spec; the
    tree census's own, when its readings of the opening counted them: :class:`SystemShare`)."""
    p = p or plan(arg.spec)
    k = arg.paired
    n_single = len(arg.spec.exprs[0]) - k - int(arg.given)
    n_labels = len(arg.spec.rules[0].labels)
    pairs = np.zeros((k, k), dtype=np.int64)
    taken = np.zeros((k, n_labels), dtype=np.int64)
    single = [0] * n_single
    pex: dict = {}
    sex: dict = {}
    outs: dict = {}
    total = selected = 0
    for offset, pw, ex, sg, sx, tk, oc, tw, sw in sorted(parts, key=lambda r: r[0]):
        pairs += pw
        taken += tk
        for j, v in enumerate(sg):
            single[j] += v
        for key, ids in ex.items():
            pex.setdefault(key, ids)
        for key, ids in sx.items():
            sex.setdefault(key, ids)
        for key, (ow, ids) in oc.items():
            old = outs.get(key, (0, ids))
            outs[key] = (old[0] + ow, old[1])
        total += tw
        selected += sw
    if total != TOTAL_HANDS or sum(v[0] for v in outs.values()) != selected:
        raise AssertionError(f"the system pass covered {total} hands, expected {TOTAL_HANDS}")
    small = p.model.small_ranks

    def hand(ids) -> Hand:
        return p.domain.class_hand(ids).lowest(small)

    return SystemCounts(arg.context, pairs.tolist(),
                        {key: hand(ids) for key, ids in pex.items()}, single,
                        {key: hand(ids) for key, ids in sex.items()}, taken.tolist(),
                        {key: (v, hand(ids)) for key, (v, ids) in outs.items()}, total,
                        selected)
