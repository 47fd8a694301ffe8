"""Where control arrives, as a condition: the text form of each bid point's arrival (for
``openbid graph --check`` and the report), derived from the rules table."""

from __future__ import annotations

from collections import Counter

from openbid.expr.ast import FALSE, TRUE, Call, Const, Expr, Not, Quant, conj, disj
from openbid.systems.rules.model import Bid, ForSuits, Goto, If, Rules, Step, walk_steps
from openbid.readers.graph.cfg import bind


# ---- arrival conditions as text ----------------------------------------------------------------


def _or(*items: Expr) -> Expr:
    return TRUE if TRUE in items else disj(*items)


def _and(*items: Expr) -> Expr:
    return FALSE if FALSE in items else conj(*items)


def _not(e: Expr) -> Expr:
    return FALSE if e == TRUE else TRUE if e == FALSE else Not(e)


def _ends(steps: tuple[Step, ...]) -> Expr:
    """The block leaves its section here (a bid, tentative or not, or a goto) - exactly."""
    return _or(*(_ends_step(st) for st in steps))


def _ends_step(st: Step) -> Expr:
    if isinstance(st, (Bid, Goto)):
        return st.when
    if isinstance(st, ForSuits):
        return Quant("any", st.var, st.suits, _ends(st.body))
    return _and(st.when, _ends(st.body))


def _arrive(steps: tuple[Step, ...], label: str, short: dict | None) -> list[Expr]:
    """Conditions (one per site) under which control, having entered the block, bids ``label``:
    earlier steps did not leave, enclosing tests held, earlier loop iterations did not leave.
    Outside loops (``short`` given) an earlier compound step is written ``meets("L")``."""
    out: list[Expr] = []
    passed: list[Expr] = []
    for st in steps:
        if isinstance(st, Bid) and st.label == label:
            out.append(_and(*passed, st.when))
        elif isinstance(st, If):
            inner = _arrive(st.body, label, short)
            if inner:
                out.append(_and(*passed, st.when, _or(*inner)))
        elif isinstance(st, ForSuits):
            inner = _arrive(st.body, label, None)
            if inner:
                out.append(_and(*passed, _iterations(st, _or(*inner))))
        passed.append(_not(_left_by(st, short)))
    return out


def _left_by(st: Step, short: dict | None) -> Expr:
    """``_ends_step``, or, for a compound step without gotos whose bid points have no site
    elsewhere in the section, the same as ``meets("L") or ...`` (exact inside the guard)."""
    if short is None or isinstance(st, (Bid, Goto)):
        return _ends_step(st)
    inside = [s for s in walk_steps((st,))]
    if any(isinstance(s, Goto) for s in inside):
        return _ends_step(st)
    labels = Counter(s.label for s in inside if isinstance(s, Bid))
    if any(short[lb] != n for lb, n in labels.items()):
        return _ends_step(st)
    order = list(short)  # the section's bid points in the table's order (Rules.labels)
    return _or(*(Call("meets", (Const(lb),)) for lb in sorted(labels, key=order.index)))


def _iterations(loop: ForSuits, here: Expr) -> Expr:
    leave = _ends(loop.body)
    if here == leave:  # the site is all the body does: the first suit where it holds bids
        return Quant("any", loop.var, loop.suits, here)
    alts = []
    for i, s in enumerate(loop.suits):
        before = [_not(bind(leave, ((loop.var, t),))) for t in loop.suits[:i]]
        alts.append(_and(*before, bind(here, ((loop.var, s),))))
    return _or(*alts)


def arrival_expr(rules: Rules, label: str) -> Expr:
    """When control, having reached bid point ``label``'s section, arrives at ``label``: the
    section guard, the enclosing tests, the negations of the earlier tests. Exact (the tests
    check it against the graph's path condition), though not minimal."""
    sec = rules.section(rules.section_of(label))
    counts = Counter(s.label for s in walk_steps(sec.body) if isinstance(s, Bid))
    sites = {lb: counts[lb] for lb in rules.labels if lb in counts}
    return _and(sec.guard, _or(*_arrive(sec.body, label, sites)))
