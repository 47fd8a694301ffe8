"""find keeps a symbolic hand and a solver per process; a Z3 context set aside since (a worker's
fresh context, openbid.base.workers.fresh_z3_context) must not be mixed with the new one."""

from __future__ import annotations

from openbid.expr import parse
from openbid.systems.variants import load_variant
from openbid.base.workers import fresh_z3_context
from openbid.checks.search import find
from openbid.checks.verdicts import Status


def test_find_after_a_fresh_context() -> None:
    code = load_variant("code")
    expr = parse('bid = "7NT"')  # rare: Z3 decides, and blocks the class it found
    fresh_z3_context()  # what earlier tests did in this process must not count
    first = find(expr, code, 2, sample=False)
    fresh_z3_context()
    again = find(expr, code, 2, sample=False)
    assert first.status is again.status is Status.SAT
    assert len(first.witnesses) == 2  # the same start, the same witnesses: the solver was rebuilt
    assert [h.to_pbn() for h in first.witnesses] == [h.to_pbn() for h in again.witnesses]
