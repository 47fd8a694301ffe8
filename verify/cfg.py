"""The control-flow graph of OPENBID, built by walking the rules table (issue 6).

Every node and edge comes from :class:`openbid.rules.model.Rules`, so an edited rule file gives an
edited graph. Loops are unrolled (``12a: S``, ``12a: H``, ``12a: D`` linked by ``next-suit``), so
the graph is exactly the program's control flow and the paper's structural claims can be checked
on it (p. 3): "With the exception of for-loops and procedure calls, the flow of control is always
directly toward the end of the OPENBID procedure", with one exception to "first bid wins" (Note 1)
and one to "control passes to the next section" (Note 2).

Nodes (attributes ``kind``, ``label``, ``section``, ``expr``, ``order``, ``suits``, ``line``,
``title``): ``start``; ``section k`` (its guard); one test per ``if``/``bid``/``goto`` step and
loop iteration (``12i?``, ``12a: S``, ``12 if1?``, ``6 if1: S``, ``10 goto 11: H``; a label's
second site is ``8a#2?``); one node per bid point (``12a``, ``expr`` = BIDVAL); goto nodes
(``goto 11 (from 10)``, ``else goto 13 (from 11)``); ``pass 14`` and ``end``. ``order`` is program
order: tests in walk order, then the section's bid and goto nodes, so every edge of a rule file
points forward. Edge ``label``: true, false, next-suit, next, goto, else (Note 2), resume (Note 1).

Checkers return records and renderers return text: nothing here prints.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import textwrap
from collections import Counter
from dataclasses import dataclass

import networkx as nx
import z3

from openbid.errors import OpenbidError
from openbid.expr import unparse
from openbid.expr.ast import FALSE, TRUE, Call, Const, Expr, Name, Not, Quant, conj, disj
from openbid.hand import Hand
from openbid.procedure import program_for
from openbid.rules.model import (PASS_SECTION, Bid, ForSuits, Goto, If, Rules, Section, Step,
                                 label_key, section_of, walk_steps)
from verify.search import Disagreement
from verify.symbolic import ALG, SymbolicHand
from verify.verdicts import DEFAULT_TIMEOUT_MS, Status, Verdict, check, new_solver

LETTER = {1: "C", 2: "D", 3: "H", 4: "S"}
PASS_NODE = f"pass {PASS_SECTION}"
Env = tuple[tuple[str, int], ...]


@dataclass
class Flow:
    """The graph plus what Z3 needs and JSON cannot hold: each edge's (bound) condition."""

    graph: nx.DiGraph
    cond: dict  # (u, v) -> Expr, or None for an unconditional edge
    into_bid: dict  # (test, bid node) -> (Bid step, env): the site, for its own resume condition


class _Builder:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.g = nx.DiGraph()
        self.cond: dict = {}
        self.into_bid: dict = {}
        self.pending: list[tuple[int, str, str, Expr | None, str]] = []  # target, src, label, ...
        self.order = 0
        self.tail: list[str] = []  # bid and goto nodes: ordered after their section's tests
        self.names: dict[int, str] = {}  # id(step) -> its test's base name
        self.used: dict[str, int] = {}
        self.jumped: set[tuple[str, int]] = set()  # goto and resume edges made once per node

    def node(self, nid: str, kind: str, section: int | None, expr: str = "", label: str = "",
             suits: str = "", line: int = 0, title: str = "") -> str:
        if nid not in self.g:
            self.g.add_node(nid, kind=kind, label=label or nid, section=section, expr=expr,
                            order=-1, suits=suits, line=line, title=title)
            if kind in ("bid", "goto"):
                self.tail.append(nid)
            elif kind != "end":  # ordered last, in build()
                self.g.nodes[nid]["order"] = self.tick()
        return nid

    def tick(self) -> int:
        self.order += 1
        return self.order - 1

    def edge(self, u: str, v: str, label: str, cond: Expr | None, expr: str = "") -> None:
        if self.g.has_edge(u, v):  # pragma: no cover - the walk never makes two
            raise AssertionError(f"two edges {u} -> {v}")
        self.g.add_edge(u, v, label=label, expr=expr)
        self.cond[(u, v)] = cond

    def jump(self, target: int, src: str, label: str, cond: Expr | None, expr: str = "") -> None:
        node = f"section {target}"
        if node in self.g:  # backward: only a hand-built Rules can do this (the loader refuses)
            self.edge(src, node, label, cond, expr)
        else:
            self.pending.append((target, src, label, cond, expr))

    def land(self, number: int, node: str) -> None:
        """Connect the pending jumps to ``number`` (or to a missing section before it)."""
        for target, src, label, cond, expr in self.pending:
            if target <= number:
                self.edge(src, node, label, cond, expr)
        self.pending = [p for p in self.pending if p[0] > number]

    def build(self) -> Flow:
        self.node("start", "start", None, label="start")
        self.pending.append((self.rules.sections[0].number, "start", "next", None, ""))
        for sec in self.rules.sections:
            self.section(sec)
        self.land(PASS_SECTION, self.node(PASS_NODE, "pass", PASS_SECTION, "true"))
        self.edge(PASS_NODE, self.node("end", "end", None), "true", None)
        self.g.nodes["end"]["order"] = self.tick()
        return Flow(_sorted(self.g), self.cond, self.into_bid)

    def section(self, sec: Section) -> None:
        k = sec.number
        head = self.node(f"section {k}", "section", k, unparse(sec.guard), line=sec.line,
                         title=sec.name)
        self.land(k, head)
        guard = None if sec.guard == TRUE else sec.guard
        exits = self.block(sec.body, [(head, "true", guard)], k, ())
        if sec.otherwise is not None:  # Note 2
            other = self.node(f"else goto {sec.otherwise} (from {k})", "goto", k,
                              label=f"{k}: else goto {sec.otherwise}", line=sec.line)
            self.connect(exits, other)
            self.jump(sec.otherwise, other, "else", None)
        else:
            for src, _, cond in exits:
                self.jump(k + 1, src, "next", cond)
        if guard is not None:
            self.jump(k + 1, head, "false", Not(sec.guard))
        for nid in self.tail:
            self.g.nodes[nid]["order"] = self.tick()
        self.tail = []

    def connect(self, entries: list, node: str) -> None:
        for src, label, cond in entries:
            self.edge(src, node, label, cond)

    def block(self, steps: tuple[Step, ...], entries: list, k: int, env: Env) -> list:
        """Walk ``steps`` from ``entries`` (pending edges); return the pending exits."""
        for st in steps:
            if isinstance(st, ForSuits):
                for i, s in enumerate(st.suits):
                    if i:
                        entries = [(src, "next-suit", c) for src, _, c in entries]
                    entries = self.block(st.body, entries, k, env + ((st.var, s),))
                continue
            test, c = self.test(st, k, env)
            self.connect(entries, test)
            entries = [] if c == TRUE else [(test, "false", Not(c))]
            if isinstance(st, Bid):
                self.bid(test, c, st, k, env)
            elif isinstance(st, Goto):
                hop = self.node(f"goto {st.target} (from {k})", "goto", k,
                                label=f"{k}: goto {st.target}", line=st.line)
                self.edge(test, hop, "true", c)
                if (hop, st.target) not in self.jumped:
                    self.jumped.add((hop, st.target))
                    self.jump(st.target, hop, "goto", None)
            else:  # If
                entries = self.block(st.body, [(test, "true", c)], k, env) + entries
        return entries

    def test(self, st: Step, k: int, env: Env) -> tuple[str, Expr]:
        if id(st) not in self.names:
            if isinstance(st, Bid):
                base = st.label
            elif isinstance(st, Goto):
                base = f"{k} goto {st.target}"
            else:
                base = f"{k} if"
            n = self.used[base] = self.used.get(base, 0) + 1
            self.names[id(st)] = base + str(n) if base.endswith(" if") else (
                base if n == 1 else f"{base}#{n}")
        suits = ",".join(LETTER[s] for _, s in env)
        nid = f"{self.names[id(st)]}: {suits}" if env else f"{self.names[id(st)]}?"
        c = bind(st.when, env)
        self.node(nid, "loop-test" if env else "test", k, unparse(c), suits=suits, line=st.line)
        return nid, c

    def bid(self, test: str, c: Expr, st: Bid, k: int, env: Env) -> None:
        bid = self.node(st.label, "bid", k, label=st.label, line=st.line)
        values = self.g.nodes[bid].setdefault("values", [])
        if unparse(st.value) not in values:
            values.append(unparse(st.value))
        self.edge(test, bid, "true", c)
        self.into_bid[(test, bid)] = (st, env)
        if not self.g.has_edge(bid, "end"):
            stays = "" if st.resume is None else unparse(Not(st.resume.when))
            self.edge(bid, self.node("end", "end", None), "true", None, stays)
        if st.resume is not None and (bid, st.resume.target) not in self.jumped:  # Note 1
            self.jumped.add((bid, st.resume.target))
            self.jump(st.resume.target, bid, "resume", None, unparse(st.resume.when))


def _sorted(g: nx.DiGraph) -> nx.DiGraph:
    """The same graph with nodes in program order and edges sorted: stable output."""
    out = nx.DiGraph()
    for nid, d in sorted(g.nodes(data=True), key=lambda nd: nd[1]["order"]):
        attrs = dict(d)
        values = attrs.pop("values", None)
        if values is not None:
            attrs["expr"] = " | ".join(values)
        out.add_node(nid, **attrs)
    order = {n: d["order"] for n, d in g.nodes(data=True)}
    for u, v, d in sorted(g.edges(data=True), key=lambda e: (order[e[0]], order[e[1]])):
        out.add_edge(u, v, **d)
    return out


def flow(rules: Rules) -> Flow:
    fl = _Builder(rules).build()
    fl.graph.graph.update(name=f"OPENBID ({rules.name})", rules=rules.name)
    return fl


def build(rules: Rules) -> nx.DiGraph:
    """The control-flow graph of ``rules``."""
    return flow(rules).graph


def bind(e: Expr, env: Env) -> Expr:
    """``e`` with the loop variables replaced by suit names (``SUITLENGTH(S)``: readable, and
    read by every interpreter as the suit constant)."""
    for var, suit in env:
        e = _rename(e, var, LETTER[suit])
    return e


def _rename(e: Expr, var: str, letter: str) -> Expr:
    if isinstance(e, Name):
        return Name(letter, e.pos) if e.id == var else e
    if isinstance(e, Quant) and e.var == var:
        return e
    changes = {}
    for f in dataclasses.fields(e):  # type: ignore[arg-type]
        v = getattr(e, f.name)
        if isinstance(v, tuple) and v and dataclasses.is_dataclass(v[0]):
            changes[f.name] = tuple(_rename(i, var, letter) for i in v)
        elif dataclasses.is_dataclass(v):
            changes[f.name] = _rename(v, var, letter)  # type: ignore[arg-type]
    return dataclasses.replace(e, **changes) if changes else e  # type: ignore[type-var]


# ---- structural claims -------------------------------------------------------------------------


@dataclass(frozen=True)
class NoteEdge:
    """An exception to forward flow the synopsis documents (p. 3, footnotes 5 and 6)."""

    note: str
    kind: str
    from_section: int
    to_section: int
    label: str
    quote: str


NOTES = (
    NoteEdge("Note 1", "after-bid", 11, 13, "resume",
             "This is the only instance where OPENBID continues after finding the first bid."),
    NoteEdge("Note 2", "skip", 11, 13, "else",
             "This is the only instance where control does not go to the next section."),
)


@dataclass(frozen=True)
class Jump:
    """An edge that is not a fall-through to the next section nor a step within a section.

    ``kind``: ``next-section`` (a jump to the next section: not an exception), ``skip`` (over at
    least one section), ``after-bid`` (control continues after a bid was found), ``backward``."""

    source: str
    target: str
    label: str
    from_section: int
    to_section: int
    kind: str
    note: str = ""  # "Note 1" / "Note 2" when the synopsis documents it


def backward_or_skipping_edges(g: nx.DiGraph) -> list[Jump]:
    """Every jump of ``g`` (goto, else, resume, or a fall-through that is not to the next
    section), classified, in program order."""
    numbers = sorted({d["section"] for _, d in g.nodes(data=True)
                      if d["kind"] in ("section", "pass")})

    def following(k: int) -> int:
        return next((n for n in numbers if n > k), PASS_SECTION)

    out = []
    for u, v, d in g.edges(data=True):
        a, b = g.nodes[u], g.nodes[v]
        if u == "start" or v == "end":
            continue
        jump = d["label"] in ("goto", "else", "resume")
        if not jump and (a["section"] == b["section"] or b["section"] == following(a["section"])):
            continue
        if b["order"] <= a["order"]:
            kind = "backward"
        elif a["kind"] == "bid":
            kind = "after-bid"
        elif b["section"] == following(a["section"]):
            kind = "next-section"
        else:
            kind = "skip"
        note = next((n.note for n in NOTES if (n.kind, n.from_section, n.to_section, n.label)
                     == (kind, a["section"], b["section"], d["label"])), "")
        out.append(Jump(u, v, d["label"], a["section"], b["section"], kind, note))
    return out


@dataclass(frozen=True)
class Structure:
    jumps: tuple[Jump, ...]
    exceptions: tuple[Jump, ...]  # every jump that is not to the next section
    missing: tuple[str, ...]  # notes of the synopsis with no such edge in the graph

    @property
    def holds(self) -> bool:
        """The exceptions are exactly Notes 1 and 2, each once."""
        notes = [j.note for j in self.exceptions]
        return not self.missing and all(notes) and len(set(notes)) == len(notes)


def structure(g: nx.DiGraph) -> Structure:
    jumps = backward_or_skipping_edges(g)
    exceptions = tuple(j for j in jumps if j.kind != "next-section")
    found = {j.note for j in exceptions}
    return Structure(tuple(jumps), exceptions, tuple(n.note for n in NOTES if n.note not in found))


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
    return _or(*(Call("meets", (Const(lb),)) for lb in sorted(labels, key=label_key)))


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
    sec = rules.section(section_of(label))
    sites = Counter(s.label for s in walk_steps(sec.body) if isinstance(s, Bid))
    return _and(sec.guard, _or(*_arrive(sec.body, label, sites)))


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


def reachability(rules: Rules, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> list[BidPoint]:
    """Every bid point of ``rules`` (and the pass at 14), in section order."""
    fl = flow(rules)
    sym = SymbolicHand(rules)
    pcs = path_conditions(fl, sym)
    program = program_for(rules)
    solver = new_solver(timeout_ms)
    solver.add(sym.domain)  # one solver, a scope per query: ten times faster than fresh ones
    out = []
    for label in rules.labels:
        node = PASS_NODE if label == str(PASS_SECTION) else label
        final = sym.bids_at(label)
        text = _pass_text(rules) if node == PASS_NODE else unparse(arrival_expr(rules, label))
        r = _solve(solver, final)
        point = BidPoint(label, section_of(label), r.status, text, reason=r.reason)
        if r.status is Status.SAT:
            assert r.model is not None
            if not z3.is_true(r.model.eval(pcs[node], model_completion=True)):
                raise Disagreement(f"bid point {label}: the execution's witness does not follow "
                                   "a path of the control-flow graph")
            hand = sym.hand_of(r.model).lowest()
            got = program.bid_hand(hand)
            if got.section != label:
                raise Disagreement(f"Z3 proposed {hand.to_pbn()} for {label} but the executable "
                                   f"procedure bids {got}")
            point = dataclasses.replace(point, witness=hand, outcome=str(got))
        elif r.status is Status.UNSAT:
            a = _solve(solver, pcs[node])
            point = dataclasses.replace(point, arrives=a.status, reason=a.reason)
        out.append(point)
    return out


def _solve(solver: z3.Solver, fact: z3.BoolRef):
    solver.push()
    try:
        solver.add(fact)
        return check(solver)
    finally:
        solver.pop()


def _pass_text(rules: Rules) -> str:
    tentative = sorted({b.label for _, b in rules.bids() if b.resume}, key=label_key)
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


def check_graph(rules: Rules, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> GraphCheck:
    return GraphCheck(structure(build(rules)), tuple(reachability(rules, timeout_ms)))


# ---- rendering -----------------------------------------------------------------------------------

PALETTE = ("#fbb4ae", "#b3cde3", "#ccebc5", "#decbe4", "#fed9a6", "#ffffcc", "#e5d8bd",
           "#fddaec", "#f2f2f2", "#b3e2cd", "#fdcdac", "#cbd5e8", "#f4cae4", "#e6f5c9")
EDGE_STYLE = {  # label -> (DOT attributes, Mermaid arrow, shown text)
    "true": ('color="#1a7f37"', "-->", "true"),
    "false": ('color="#888888"', "-->", "false"),
    "next": ('color="#888888"', "-->", "next"),
    "next-suit": ('style=dotted, color="#555555"', "-.->", "next suit"),
    "goto": ('style=dashed, color="#1f4e9c"', "-.->", "goto"),
    "else": ('style=dashed, penwidth=2.5, color="#d62728", fontcolor="#d62728"', "-.->",
             "else (Note 2)"),
    "resume": ('style=dashed, penwidth=2.5, color="#d62728", fontcolor="#d62728"', "-.->",
               "resume (Note 1)"),
}
DOT_SHAPE = {
    "start": "shape=circle", "end": "shape=doublecircle", "section": "shape=box, style=bold",
    "test": "shape=box, style=rounded", "loop-test": 'shape=box, style="rounded,dashed"',
    "bid": "shape=box, style=filled", "goto": "shape=cds", "pass": "shape=octagon, style=filled",
}
MERMAID_SHAPE = {"start": ('(["', '"])'), "end": ('(["', '"])'), "section": ('[["', '"]]'),
                 "test": ('("', '")'), "loop-test": ('("', '")'), "bid": ('["', '"]'),
                 "goto": ('>"', '"]'), "pass": ('(("', '"))')}


def _text(g: nx.DiGraph, n: str) -> list[str]:
    d = g.nodes[n]
    if d["kind"] == "section":
        head = [f"section {d['section']}: {d['title']}"]
        return head + ([] if d["expr"] == "true" else textwrap.wrap(d["expr"], 50))
    if d["kind"] == "bid":
        return [d["label"], f"BIDVAL {d['expr']}"]
    if d["kind"] in ("test", "loop-test"):
        return [n] + textwrap.wrap(d["expr"], 50)
    return [d["label"]]


def _edge_text(d: dict) -> str:
    shown = EDGE_STYLE[d["label"]][2]
    return f"{shown}: {d['expr']}" if d["label"] == "resume" and d["expr"] else shown


def _fill(d: dict) -> str:
    return PALETTE[(d["section"] - 1) % len(PALETTE)]


def to_dot(g: nx.DiGraph) -> str:
    """Graphviz DOT: a cluster per section, bid nodes coloured by section, Notes 1 and 2 red."""
    q = _dot_quote
    out = [f"digraph {q(g.graph.get('name', 'OPENBID'))} {{",
           '  graph [rankdir=TB, fontname="Helvetica", newrank=true];',
           '  node [fontname="Helvetica", fontsize=10];',
           '  edge [fontname="Helvetica", fontsize=9];']

    def declare(n: str, pad: str) -> None:
        d = g.nodes[n]
        attrs = DOT_SHAPE[d["kind"]]
        if d["kind"] in ("bid", "pass"):
            attrs += f", fillcolor={q(_fill(d))}"
        out.append(f"{pad}{q(n)} [label={q(chr(10).join(_text(g, n)))}, {attrs}];")

    by_section: dict = {}
    for n, d in g.nodes(data=True):
        by_section.setdefault(d["section"] if d["kind"] not in ("pass", "start", "end")
                              else None, []).append(n)
    for k, nodes in by_section.items():
        if k is None:
            for n in nodes:
                declare(n, "  ")
            continue
        out.append(f"  subgraph cluster_{k} {{")
        out.append(f"    label={q(f'section {k}')}; style=rounded; color=\"#bbbbbb\";")
        for n in nodes:
            declare(n, "    ")
        out.append("  }")
    for u, v, d in g.edges(data=True):
        style = EDGE_STYLE[d["label"]][0]
        out.append(f"  {q(u)} -> {q(v)} [label={q(_edge_text(d))}, {style}];")
    out.append("}")
    return "\n".join(out) + "\n"


def _dot_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_mermaid(g: nx.DiGraph) -> str:
    """A Mermaid flowchart: a subgraph per section; node ids n0, n1, ... in program order."""
    ids = {n: f"n{d['order']}" for n, d in g.nodes(data=True)}
    out = ["flowchart TD"]
    by_section: dict = {}
    for n, d in g.nodes(data=True):
        inside = d["kind"] not in ("pass", "start", "end")
        by_section.setdefault(d["section"] if inside else None, []).append(n)
    for k, nodes in by_section.items():
        pad = "  " if k is None else "    "
        if k is not None:
            out.append(f'  subgraph s{k} ["section {k}"]')
        for n in nodes:
            left, right = MERMAID_SHAPE[g.nodes[n]["kind"]]
            text = "<br/>".join(_mermaid_escape(t) for t in _text(g, n))
            out.append(f"{pad}{ids[n]}{left}{text}{right}")
        if k is not None:
            out.append("  end")
    notes = []
    for i, (u, v, d) in enumerate(g.edges(data=True)):
        arrow = EDGE_STYLE[d["label"]][1]
        out.append(f'  {ids[u]} {arrow}|"{_mermaid_escape(_edge_text(d))}"| {ids[v]}')
        if d["label"] in ("else", "resume"):
            notes.append(str(i))
    if notes:
        out.append(f"  linkStyle {','.join(notes)} stroke:#d62728,stroke-width:3px")
    for k in sorted({d["section"] for _, d in g.nodes(data=True) if d["kind"] in ("bid", "pass")}):
        members = [ids[n] for n, d in g.nodes(data=True)
                   if d["kind"] in ("bid", "pass") and d["section"] == k]
        out.append(f"  classDef bid{k} fill:{_fill({'section': k})},stroke:#555555")
        out.append(f"  class {','.join(members)} bid{k}")
    return "\n".join(out) + "\n"


def _mermaid_escape(s: str) -> str:
    for ch, code in (("#", "#35;"), ('"', "#34;"), ("<", "#60;"), (">", "#62;"), ("|", "#124;")):
        s = s.replace(ch, code)
    return s


def to_json(g: nx.DiGraph) -> str:
    """networkx node-link JSON (key "edges"), nodes in program order, keys sorted."""
    data = nx.node_link_data(g, edges="edges")
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def from_json(text: str) -> nx.DiGraph:
    return nx.node_link_graph(json.loads(text), edges="edges")


def to_svg(g: nx.DiGraph, timeout_s: float = 120.0) -> str:
    """SVG rendered by Graphviz ``dot``, which must be installed."""
    dot = shutil.which("dot")
    if dot is None:
        raise OpenbidError("Graphviz is not installed; apt-get install graphviz")
    try:
        r = subprocess.run([dot, "-Tsvg"], input=to_dot(g), capture_output=True, text=True,
                           timeout=timeout_s, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise OpenbidError(f"Graphviz dot failed: {exc}") from None
    if r.returncode != 0:
        raise OpenbidError(f"Graphviz dot failed: {r.stderr.strip() or f'exit {r.returncode}'}")
    return r.stdout
