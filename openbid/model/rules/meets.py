"""'Meets the conditions of bid point L' (the paper's phrase), derived from the rules table.

The conditions of a bid point are the section's guard, the enclosing ``if`` conditions, the
negations of ``goto`` statements that precede it in the same block, and its own condition, with
each enclosing loop read as "for some suit". Whether control gets there (earlier bids, Notes 1 and
2) is deliberately left out: that is what Part One is about.
"""

from __future__ import annotations

from functools import lru_cache

from openbid.model.errors import OpenbidError
from openbid.model.expr.ast import FALSE, Expr, Not, Quant, conj, disj
from openbid.model.rules.model import Bid, ForSuits, Goto, If, Rules, Step, section_of


def _collect(steps: tuple[Step, ...], label: str) -> list[Expr]:
    """Alternatives (one per site of ``label`` in ``steps``), each closed under the loops."""
    alts: list[Expr] = []
    gotos: list[Expr] = []
    for st in steps:
        if isinstance(st, Goto):
            gotos.append(st.when)
            continue
        guard_neg = [Not(g) for g in gotos]
        if isinstance(st, Bid) and st.label == label:
            alts.append(conj(*guard_neg, st.when))
        elif isinstance(st, If):
            inner = _collect(st.body, label)
            if inner:
                alts.append(conj(*guard_neg, st.when, disj(*inner)))
        elif isinstance(st, ForSuits):
            inner = _collect(st.body, label)
            if inner:
                alts.append(conj(*guard_neg, Quant("any", st.var, st.suits, disj(*inner))))
    return alts


@lru_cache(maxsize=None)
def meets_expr(rules: Rules, label: str) -> Expr:
    """The conditions of bid point ``label`` ("12a") or of a whole section ("12")."""
    sites = {b.label for _, b in rules.bids()}
    if label.isdigit() and label not in sites:
        number = int(label)
        labels = [lb for lb in rules.labels if lb != "14" and section_of(lb) == number]
        if not labels:
            raise OpenbidError(_unknown(rules, label))
        return disj(*(meets_expr(rules, lb) for lb in labels))
    if label not in sites:
        raise OpenbidError(_unknown(rules, label))
    sec = rules.section(section_of(label))
    alts = _collect(sec.body, label)
    return conj(sec.guard, disj(*alts)) if alts else FALSE


def _unknown(rules: Rules, label: str) -> str:
    if label == "14":
        return 'section 14 (pass by falling through) has no conditions of its own'
    return f"no bid point or section {label!r}; known: {', '.join(rules.labels[:-1])}"
