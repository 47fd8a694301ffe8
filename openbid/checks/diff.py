"""Do two rule tables bid identically on every hand? Z3 decides it over a shared symbolic hand;
when they differ, one census of both gives the exact number of hands per (from, to) transition,
with example hands re-checked by both executables.

What is compared (``by``): ``bid-section``, the call and the bid point that makes it (variants of
one system: 1S@12a -> 1S@12b is a change); ``bid``, the call alone (two systems, whose bid points
mean different things: a hand that makes the same call at another bid point does not change, it
is counted apart as ``section_only``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from openbid.base.errors import OpenbidError
from openbid.systems.evaluate import holds
from openbid.expr import unparse
from openbid.expr.ast import Expr
from openbid.systems.procedure import program_for
from openbid.systems.rules.model import Rules
from openbid.readers.symbolic import SymbolicHand, shared_hands
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, check, new_solver


@dataclass
class Transition:
    source: str  # BID@SECTION under A
    target: str  # BID@SECTION under B
    count: int
    classes: int
    examples: list[str] = field(default_factory=list)


@dataclass
class Diff:
    a: str
    b: str
    equivalent: bool | None  # None: undecided (UNKNOWN)
    method: str  # "z3" or "census"
    witness: str | None = None
    reason: str = ""
    changed: int | None = None  # hands that change what is compared (``by``)
    bidval_only: int | None = None  # hands with the same bid and section but another BIDVAL
    section_only: int | None = None  # the same call and BIDVAL at another bid point
    transitions: list[Transition] = field(default_factory=list)
    context: dict = field(default_factory=dict)  # the facts of the deal fixed (SEAT, VUL, ...)
    by: str = "bid-section"  # what a transition names: "bid-section" (1S@12a) or "bid" (1S)


def _printed(bv):
    """A canonical number for the printed bid: 1C (1-5, 11) -> 11, 2D (6-10, 22) -> 22."""
    return z3.If(z3.And(bv >= 1, bv <= 5), 11, z3.If(z3.And(bv >= 6, bv <= 10), 22, bv))


def _section_code(sym: SymbolicHand, labels: list[str]):
    bv, sec = sym.outcome
    term = z3.IntVal(-1)
    for i, lb in enumerate(sym.labels):
        term = z3.If(sec == i, labels.index(lb), term)
    return term


def modular_equivalent(a: Rules, b: Rules, rlimit: int = DEFAULT_RLIMIT) -> bool:
    """Sufficient condition, proved section by section: every section of A computes the same
    function of the hand as B's section of that number (bid points, printed bids, where control
    goes next, tentative bids). Both start at their first section, so by induction over the
    sections they then make the same bid at the same bid point on every hand."""
    from openbid.systems.rules.execution import execute
    from openbid.readers.symbolic import ALG

    if [s.number for s in a.sections] != [s.number for s in b.sections]:
        return False
    sa, sb = shared_hands(a, b)
    solver = new_solver(rlimit)
    solver.add(sa.domain)
    for sec_a, sec_b in zip(a.sections, b.sections):
        # each section within its own file: a jump goes to the file's section of that number
        # (or the next there is), not to the end of a file of one section
        xa = execute(a, ALG, sa.cond, sa.num, only=sec_a.number)
        xb = execute(b, ALG, sb.cond, sb.num, only=sec_b.number)
        differ = []
        for sites_a, sites_b in ((xa.sites, xb.sites), (xa.tentative, xb.tentative)):
            # in a fixed order: the terms made here shape the later queries (witness hands
            # must not depend on PYTHONHASHSEED)
            for label in sorted({s.label for s in sites_a} | {s.label for s in sites_b}):
                fa, va = _fire_value([s for s in sites_a if s.label == label])
                fb, vb = _fire_value([s for s in sites_b if s.label == label])
                differ.append(fa != fb)
                differ.append(z3.And(fa, fb, _printed(va) != _printed(vb)))
        for t in sorted(set(xa.flow) | set(xb.flow)):
            if t > sec_a.number:
                differ.append(xa.flow.get(t, ALG.false) != xb.flow.get(t, ALG.false))
        solver.push()
        solver.add(z3.Or(*differ))
        r = check(solver)
        solver.pop()
        if r.status is not Status.UNSAT:
            return False
    return True


def _fire_value(sites):
    fire = z3.BoolVal(False)
    value = z3.IntVal(0)
    for s in reversed(sites):
        fire = z3.Or(s.fire, fire)
        value = z3.If(s.fire, s.value, value)
    return fire, value


def decide(a: Rules, b: Rules, rlimit: int = DEFAULT_RLIMIT, context: dict | None = None,
           by: str = "bid-section", given: Expr | None = None):
    """Z3: is there a hand (meeting ``given``, when given) where A and B differ in bid or
    section (``by`` "bid": in bid)? (status, witness hand). Tries the modular proof first
    (small queries, no facts of the deal; it proves the same bid at the same bid point on every
    hand, so on every hand meeting ``given``), then the whole-procedure query in ``context``."""
    if not context and modular_equivalent(a, b, rlimit):
        return Status.UNSAT, None, ""
    exprs = [given] if given is not None else []
    sa, sb = shared_hands(a, b, exprs=exprs, context=context)  # the same variables: one hand
    labels = sorted(set(sa.labels) | set(sb.labels))
    differ = _printed(sa.outcome[0]) != _printed(sb.outcome[0])
    if by != "bid":
        differ = z3.Or(differ, _section_code(sa, labels) != _section_code(sb, labels))
    s = new_solver(rlimit)
    s.add(sa.domain, differ)
    if given is not None:
        s.add(sa.cond(given))
    r = check(s)
    if r.status is Status.SAT:
        assert r.model is not None
        return r.status, sa.witness(r.model), ""
    return r.status, None, r.reason


def diff(a: Rules, b: Rules, count: bool = True, examples: int = 3,
         rlimit: int = DEFAULT_RLIMIT, progress=None, context: dict | None = None,
         by: str = "bid-section", given: Expr | None = None) -> Diff:
    """A and B compared on every hand, in one context of the deal (``context``: every fact
    either reads, fixed). ``by``: transitions between BID@SECTION (the same system's variants)
    or between bids alone (two systems, whose sections mean different things). ``given``: a
    precondition (an expression of A's): only the hands meeting it are compared and counted;
    one that no hand meets is an error (:class:`OpenbidError`), not an equivalence."""
    context = dict(context or {})
    facts = tuple(sorted(context.items()))
    if given is not None:
        _require_some(a, given, context, rlimit)
    status, witness, reason = decide(a, b, rlimit, context, by, given)
    pa, pb = program_for(a), program_for(b)
    if status is Status.SAT:
        assert witness is not None
        if given is not None and not holds(given, witness, a, facts):
            raise AssertionError(f"Z3's hand {witness.to_pbn()} does not meet the precondition "
                                 "when the executor reads it")
        oa, ob = pa.bid_hand(witness, facts), pb.bid_hand(witness, facts)
        if _name(oa.bidval, oa.section, by) == _name(ob.bidval, ob.section, by):
            raise AssertionError(f"Z3 says A and B differ on {witness.to_pbn()} but the "
                                 "executables agree: the symbolic model is wrong")
    result = Diff(a.name, b.name, {Status.UNSAT: True, Status.SAT: False}.get(status),
                  "z3", witness.to_pbn() if witness else None, reason, context=context, by=by)
    if status is Status.UNSAT and not count:
        result.changed = 0
        return result
    if status is Status.SAT and not count:
        return result
    # Exact counts (and, when Z3 gave up, the decision itself) from the exhaustive census.
    from openbid.readers.census.census import Census, Column

    groups = Census([a, b], context).group([Column("outcome", 0), Column("outcome", 1)],
                                           progress, where=given)
    if given is not None and not groups.weights:
        raise OpenbidError(f"the precondition {unparse(given)!r} selects no hand: there is "
                           "nothing to compare")
    changed = bidval_only = section_only = 0
    trans: dict[tuple[str, str], Transition] = {}
    for key, w in groups.weights.items():
        (bva, seca), (bvb, secb) = key
        ha = _name(bva, a.labels[seca], by)
        hb = _name(bvb, b.labels[secb], by)
        if bva == bvb and a.labels[seca] != b.labels[secb]:
            section_only += w  # the same call at another bid point (a change by bid-section)
        if ha == hb:
            if bva != bvb:  # the same call meaning another thing (strong 1C, natural 1C)
                bidval_only += w
            continue
        changed += w
        t = trans.setdefault((ha, hb), Transition(ha, hb, 0, 0))
        t.count += w
        t.classes += groups.classes[key]
        if len(t.examples) < examples:
            hand = groups.concrete(key)
            oa, ob = pa.bid_hand(hand, facts), pb.bid_hand(hand, facts)
            if ((_name(oa.bidval, oa.section, by), _name(ob.bidval, ob.section, by)) != (ha, hb)
                    or (given is not None and not holds(given, hand, a, facts))):
                raise AssertionError(f"census example {hand.to_pbn()} does not re-check")
            t.examples.append(hand.to_pbn())
    result.changed = changed
    result.bidval_only = bidval_only
    result.section_only = section_only
    result.transitions = sorted(trans.values(), key=lambda t: (-t.count, t.source, t.target))
    census_equiv = changed == 0
    if result.equivalent is None:
        result.equivalent, result.method = census_equiv, "census"
    elif result.equivalent != census_equiv:
        raise AssertionError("Z3 and the census disagree on equivalence")
    return result


def _require_some(rules: Rules, given: Expr, context: dict, rlimit: int) -> None:
    """A precondition no hand meets selects nothing: an error (UNKNOWN: the census decides)."""
    sym = SymbolicHand(rules, exprs=[given], context=context)
    s = new_solver(rlimit)
    s.add(sym.domain, sym.cond(given))
    if check(s).status is Status.UNSAT:
        raise OpenbidError(f"the precondition {unparse(given)!r} selects no hand: there is "
                           "nothing to compare")


def _name(bidval: int, label: str, by: str = "bid-section") -> str:
    from openbid.bridge.bids import bid_text

    return bid_text(bidval) if by == "bid" else f"{bid_text(bidval)}@{label}"
