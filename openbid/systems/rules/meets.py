"""'Meets the conditions of bid point L' (the paper's phrase), derived from the rules table.

The conditions of a bid point (its *own condition*) are the section's guard, the enclosing ``if``
conditions and its ``when``, with each enclosing loop read as "for some suit". Nothing about
control flow is folded in: not earlier bids, not a ``goto`` that jumps away before the point (a
point that a jump keeps control from is *unreachable*, never *impossible*), not Notes 1 and 2.
Whether control gets there is what Part One and the dead-point classifier are about.

OPENBID's section 10 jumps to 11 when LONGEST >= 8 before it bids; the paper's conditions of bid
point 10 include LONGEST <= 7 (the synopsis writes it into section 10's guard, and the lemmas of
Part One lean on it), so code.rules writes it into the bid's own ``when``: the executor's outcome
is the same on every hand (docs/ERRATA.md, "Conditions of a bid point").
"""

from __future__ import annotations

from functools import lru_cache

from openbid.base.errors import OpenbidError
from openbid.expr.ast import FALSE, Expr, Quant, conj, disj
from openbid.systems.rules.model import Bid, ForSuits, If, Rules, Step


def _collect(steps: tuple[Step, ...], label: str) -> list[Expr]:
    """Alternatives (one per site of ``label`` in ``steps``), each closed under the loops."""
    alts: list[Expr] = []
    for st in steps:
        if isinstance(st, Bid) and st.label == label:
            alts.append(st.when)
        elif isinstance(st, If):
            inner = _collect(st.body, label)
            if inner:
                alts.append(conj(st.when, disj(*inner)))
        elif isinstance(st, ForSuits):
            inner = _collect(st.body, label)
            if inner:
                alts.append(Quant("any", st.var, st.suits, disj(*inner)))
    return alts


@lru_cache(maxsize=None)
def meets_expr(rules: Rules, label: str) -> Expr:
    """The conditions of bid point ``label`` ("12a") or of a whole section ("12")."""
    points = rules.labels[:-1]
    if label.isdigit() and label not in points:
        number = int(label)
        labels = [lb for lb in points if rules.section_of(lb) == number]
        if not labels:
            raise OpenbidError(_unknown(rules, label))
        return disj(*(meets_expr(rules, lb) for lb in labels))
    if label not in points:
        raise OpenbidError(_unknown(rules, label))
    sec = rules.section(rules.section_of(label))
    alts = _collect(sec.body, label)
    return conj(sec.guard, disj(*alts)) if alts else FALSE


def _unknown(rules: Rules, label: str) -> str:
    if label == rules.pass_label:
        return f"section {label} (pass by falling through) has no conditions of its own"
    return f"no bid point or section {label!r}; known: {', '.join(rules.labels[:-1])}"
