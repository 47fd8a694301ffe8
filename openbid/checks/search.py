"""Witness search: hands satisfying an expression, each re-checked by the executable.

Three deciders, cheapest first:
1. a seeded sample of random hands, read by the numpy reader (openbid.readers.census.sample):
   a condition that one hand in a few thousand meets is found in milliseconds, and the witness
   is a real random hand;
2. Z3, for rare conditions and to prove that no hand exists (unsat), under a deterministic
   budget; the symbolic hand and its solver are built once per process;
3. the exact census, where Z3 runs out of budget: a count of 0 proves that no hand exists, a
   positive count gives a witness class.
Every witness is confirmed by the executable procedure before it is returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from openbid.base.errors import OpenbidError
from openbid.systems.evaluate import holds
from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.systems.rules.model import Rules
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, check, new_solver


class Disagreement(OpenbidError):
    """Two deciders disagree (Z3, the census, a sample, the executable): a bug in one of them."""


@dataclass
class Search:
    status: Status  # SAT if at least one witness; UNSAT if none exists; UNKNOWN otherwise
    witnesses: list[Hand] = field(default_factory=list)
    reason: str = ""
    exhausted: bool = False  # fewer than asked for because no more exist
    method: str = ""  # "sample", "z3", "census" (what decided; "sample+z3" when both served)


# The random hands find tries first: the first SMALL of the sample's draws (the same seed draws
# the same hands first), then all of them. A common condition is met among the first few
# thousand, and reading those costs a sixteenth of reading them all; either way the witnesses
# are the sample's first matches in draw order, the same as reading the whole sample.
SMALL, FULL = 1 << 12, 1 << 16


@lru_cache(maxsize=16)
def _sample(rules: Rules, n: int = FULL):
    from openbid.readers.census.sample import Sample

    return Sample(rules, n=n)


def _sampled(expr: Expr, rules: Rules, limit: int) -> list[Hand]:
    """The sample's first hands of distinct classes meeting ``expr`` (up to ``limit``), each
    confirmed by the executable procedure."""
    for n in (SMALL, FULL):
        found: list[Hand] = []
        classes: set[Hand] = set()
        for hand in _sample(rules, n).matching(expr, limit):
            if len(found) >= limit:
                break
            if hand.to_class() in classes:
                continue
            if not holds(expr, hand, rules):
                raise Disagreement(f"the numpy reader says {hand.to_pbn()} meets the expression, "
                                   "but the executable procedure does not")
            classes.add(hand.to_class())
            found.append(hand)
        if len(found) >= limit:
            break
    return found


class _Z3:
    """A symbolic hand and a solver holding its domain, kept per process and rank model."""

    def __init__(self, rules: Rules, expr: Expr, rlimit: int, context: tuple = ()) -> None:
        import z3

        self.ctx = z3.main_ctx()  # the context its terms live in
        self.sym = SymbolicHand(rules, exprs=[expr], context=dict(context))
        self.solver = new_solver(rlimit)
        self.solver.add(self.sym.domain)


_SOLVERS: dict[tuple, _Z3] = {}


def _z3_for(rules: Rules, expr: Expr, rlimit: int, context: tuple = ()) -> _Z3:
    from openbid.readers.uses import tracked_ranks

    import z3

    key = (rules, tracked_ranks(_defs(rules), [expr], rules), rlimit, context)
    got = _SOLVERS.get(key)
    ctx = z3.main_ctx()
    if got is None or got.ctx is not ctx:  # built in a context set aside since (a fresh one)
        if len(_SOLVERS) > 8:
            _SOLVERS.clear()
        got = _SOLVERS[key] = _Z3(rules, expr, rlimit, context)
    return got


def _defs(rules: Rules):
    from openbid.systems.descriptors import definitions

    return definitions(rules.readings, rules.definitions)


def find(expr: Expr, rules: Rules, limit: int = 1, rlimit: int = DEFAULT_RLIMIT,
         sym: SymbolicHand | None = None, sample: bool = True,
         context: dict | None = None) -> Search:
    """Up to ``limit`` hands of distinct classes satisfying ``expr`` (``limit`` 0: only decide
    whether one exists), each confirmed by the executable procedure. ``context``: facts of the
    deal fixed (SEAT, VUL, ...); the random sample has none, so it is skipped when some are."""
    ctx = tuple(sorted((context or {}).items()))
    if ctx:
        sample = False
    found: list[Hand] = []
    methods = []
    if sample:
        found = _sampled(expr, rules, max(limit, 1))
        if found:
            methods.append("sample")
    if limit <= 0 and found:
        return Search(Status.SAT, [], method="sample")
    if len(found) >= max(limit, 1):
        return Search(Status.SAT, found[:limit], method="sample")
    z = _Z3(rules, expr, rlimit, ctx) if sym is not None else _z3_for(rules, expr, rlimit, ctx)
    if sym is not None:
        z.sym = sym
    solver = z.solver
    solver.push()
    try:
        solver.add(z.sym.cond(expr))
        for hand in found:
            solver.add(z.sym.block(hand.to_class()))
        if limit <= 0:  # decide only: is there such a hand?
            r = check(solver)
            if r.status is Status.UNKNOWN:
                return _census_decides(expr, rules, 0, r.reason, ctx)
            return Search(r.status, [], r.reason, exhausted=r.status is Status.UNSAT, method="z3")
        while len(found) < limit:
            r = check(solver)
            if r.status is Status.UNKNOWN:
                if found:
                    return Search(Status.SAT, found, r.reason, method="+".join(methods))
                return _census_decides(expr, rules, limit, r.reason, ctx)
            if r.status is Status.UNSAT:
                methods.append("z3")
                return Search(Status.SAT if found else Status.UNSAT, found, exhausted=True,
                              method="+".join(methods))
            assert r.model is not None
            cls = z.sym.hand_of(r.model)
            concrete = z.sym.concrete(cls)
            if not holds(expr, concrete, rules, ctx):
                raise Disagreement(f"Z3 proposed {concrete.to_pbn()} but the executable procedure "
                                   "does not confirm it: the symbolic and executable models disagree")
            found.append(concrete)
            solver.add(z.sym.block(cls))
        if "z3" not in methods:
            methods.append("z3")
        return Search(Status.SAT, found, method="+".join(methods))
    finally:
        solver.pop()


def _census_decides(expr: Expr, rules: Rules, limit: int, reason: str,
                    context: tuple = ()) -> Search:
    """Z3 ran out of budget: the exact census decides (a count of 0 proves no hand exists)."""
    from openbid.readers.census.census import Census, Column

    groups = Census([rules], context).group([Column("expr", 0, expr)])
    hits = [k for k in groups.weights if k[0] is True]
    note = f"decided by the census (Z3: {reason})"
    if not hits:
        return Search(Status.UNSAT, [], note, exhausted=True, method="census")
    if limit <= 0:
        return Search(Status.SAT, [], note, method="census")
    hand = groups.concrete(hits[0])
    if not holds(expr, hand, rules, context):
        raise Disagreement(f"census witness {hand.to_pbn()} is not confirmed by the executable")
    return Search(Status.SAT, [hand], note, method="census")

