"""Every bid point is reachable: Z3 finds, for each, a hand that arrives there and bids there,
and the executable confirms it; with the structural claims of openbid.readers.graph.cfg, the whole graph
check."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import networkx as nx
import z3

from openbid.base.errors import OpenbidError
from openbid.systems.evaluate import holds
from openbid.expr.ast import Expr
from openbid.expr import unparse
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.systems.rules.model import Rules
from openbid.readers.graph.arrival import arrival_expr
from openbid.readers.graph.cfg import (Flow, Structure, bid_node, bind, build, flow, pass_node,
                                      structure)
from openbid.checks.search import Disagreement
from openbid.readers.symbolic import ALG, SymbolicHand
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, Verdict, check_with, new_solver


# ---- reachability --------------------------------------------------------------------------------


def path_conditions(fl: Flow, sym: SymbolicHand) -> dict[str, z3.BoolRef]:
    """For every node, the Z3 condition (over ``sym``'s hand) under which control arrives there,
    computed on the graph alone: the disjunction over in-edges of (source's condition and the
    edge's condition). A bid node's resume edge takes each site's own resume condition."""
    g = fl.graph
    if not nx.is_directed_acyclic_graph(g):
        raise OpenbidError("the control-flow graph has a cycle (a backward jump): "
                           "path conditions are not defined")
    term: dict[tuple[str, str], z3.BoolRef] = {}
    pc: dict[str, z3.BoolRef] = {}
    for n in nx.topological_sort(g):
        pc[n] = ALG.true if n == "start" else _any(term[(u, n)] for u in g.predecessors(n))
        if g.nodes[n]["kind"] != "bid":
            for v in g.successors(n):
                c = fl.cond[(n, v)]
                term[(n, v)] = pc[n] if c is None else ALG.and_(pc[n], sym.cond(c))
            continue
        out: dict[str, list] = {v: [] for v in g.successors(n)}
        resume_to = {g.nodes[v]["section"]: v for v in g.successors(n)
                     if g.edges[n, v]["label"] == "resume"}
        for u in g.predecessors(n):
            st, env = fl.into_bid[(u, n)]
            here = term[(u, n)]
            if st.resume is None:
                out["end"].append(here)
                continue
            r = sym.cond(bind(st.resume.when, env))
            out["end"].append(ALG.and_(here, ALG.not_(r)))
            target = _landing(resume_to, st.resume.target)
            out[target].append(ALG.and_(here, r))
        for v, parts in out.items():
            term[(n, v)] = _any(parts)
    return pc


def _landing(resume_to: dict, target: int) -> str:
    return resume_to[min(k for k in resume_to if k >= target)]


def _any(parts) -> z3.BoolRef:
    out = ALG.false
    for p in parts:
        out = ALG.or_(out, p)
    return out


@dataclass(frozen=True)
class BidPoint:
    """Whether some hand's final bid is made at bid point ``label`` (SAT: reachable, with a
    witness the executable procedure confirms; UNSAT: dead, proved; UNKNOWN: the solver gave up).
    ``condition``: the arrival condition within the section (see :func:`arrival_expr`)."""

    label: str
    section: int
    status: Status
    condition: str
    witness: Hand | None = None
    outcome: str = ""
    arrives: Status | None = None  # for a dead point: can control arrive there at all?
    reason: str = ""


def reachability(rules: Rules, rlimit: int = DEFAULT_RLIMIT,
                 given: Expr | None = None) -> list[BidPoint]:
    """Every bid point of ``rules`` (and the pass, OPENBID's 14), in the table's order.
    ``given``: a precondition conjoined to every query (reachable by a hand meeting it; every
    witness meets it, re-checked by the executor)."""
    fl = flow(rules)
    sym = SymbolicHand(rules, exprs=[given] if given is not None else [])
    pcs = path_conditions(fl, sym)
    program = program_for(rules)
    solver = new_solver(rlimit)
    solver.add(sym.domain)  # one solver, a scope per query: ten times faster than fresh ones
    if given is not None:
        solver.add(sym.cond(given))
    out = []
    for label in rules.labels:
        passing = label == rules.pass_label
        node = pass_node(rules) if passing else bid_node(label)
        final = sym.bids_at(label)
        text = _pass_text(rules) if passing else unparse(arrival_expr(rules, label))
        r = check_with(solver, final)
        section = rules.pass_section if passing else rules.section_of(label)
        point = BidPoint(label, section, r.status, text, reason=r.reason)
        if r.status is Status.SAT:
            assert r.model is not None
            if not z3.is_true(r.model.eval(pcs[node], model_completion=True)):
                raise Disagreement(f"bid point {label}: the execution's witness does not follow "
                                   "a path of the control-flow graph")
            hand = sym.witness(r.model)
            got = program.bid_hand(hand)
            if given is not None and not holds(given, hand, rules):
                raise Disagreement(f"Z3's hand {hand.to_pbn()} for {label} does not meet the "
                                   "precondition when the executor reads it")
            if got.section != label:
                raise Disagreement(f"Z3 proposed {hand.to_pbn()} for {label} but the executable "
                                   f"procedure bids {got}")
            point = dataclasses.replace(point, witness=hand, outcome=str(got))
        elif r.status is Status.UNSAT:
            a = check_with(solver, pcs[node])
            point = dataclasses.replace(point, arrives=a.status, reason=a.reason)
        out.append(point)
    return out



def _pass_text(rules: Rules) -> str:
    resumes = {b.label for _, b in rules.bids() if b.resume}
    tentative = [lb for lb in rules.labels if lb in resumes]
    text = "no section bids"
    if tentative:
        text += f" and there was no tentative bid at {', '.join(tentative)} (Note 4)"
    return text


# ---- the whole check ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GraphCheck:
    structure: Structure
    points: tuple[BidPoint, ...]

    @property
    def dead(self) -> tuple[BidPoint, ...]:
        return tuple(p for p in self.points if p.status is Status.UNSAT)

    @property
    def verdict(self) -> Verdict:
        """HELD: the only exceptions to forward flow are Notes 1 and 2 and every bid point is
        reachable; FAILED: an extra (or missing) exception, or a dead bid point."""
        if not self.structure.holds or self.dead:
            return Verdict.FAILED
        if any(p.status is Status.UNKNOWN for p in self.points):
            return Verdict.UNKNOWN
        return Verdict.HELD


def check_graph(rules: Rules, rlimit: int = DEFAULT_RLIMIT) -> GraphCheck:
    return GraphCheck(structure(build(rules)), tuple(reachability(rules, rlimit)))
