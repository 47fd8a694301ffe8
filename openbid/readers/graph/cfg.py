"""The control-flow graph of OPENBID, built by walking the rules table.

Every node and edge comes from :class:`openbid.systems.rules.model.Rules`, so an edited rule file gives an
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

The arrival conditions (openbid.readers.graph.arrival), the reachability of every bid point
(openbid.studies.paper.reachability) and the renderings (openbid.report.cfg_render) are read off this graph. Nothing
here prints.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, cast

import networkx as nx

from openbid.expr import unparse
from openbid.expr.ast import TRUE, Expr, Name, Not, Quant
from openbid.systems.rules.model import PASS_SECTION, Bid, ForSuits, Goto, If, Rules, Section, Step

LETTER = {1: "C", 2: "D", 3: "H", 4: "S"}
PASS_NODE = f"pass {PASS_SECTION}"  # OPENBID's: any table's is pass_node(rules)
RESERVED = ("start", "end")  # node names the graph uses itself


def pass_node(rules: Rules) -> str:
    """The graph's node for passing by falling through (``pass 14`` for OPENBID)."""
    return f"pass {rules.pass_section}"


def bid_node(label: str) -> str:
    """The graph's node for bid point ``label``: the label itself, unless the graph uses that
    name (``start``, ``end``): then ``bid end``."""
    return f"bid {label}" if label in RESERVED else label
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
        end = self.rules.pass_section
        self.land(end, self.node(pass_node(self.rules), "pass", end, "true"))
        self.edge(pass_node(self.rules), self.node("end", "end", None), "true", None)
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
                self.jump(self.rules.next_section(k), src, "next", cond)
        if guard is not None:
            self.jump(self.rules.next_section(k), head, "false", Not(sec.guard))
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

    def test(self, st: Bid | Goto | If, k: int, env: Env) -> tuple[str, Expr]:
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
        bid = self.node(bid_node(st.label), "bid", k, label=st.label, line=st.line)
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
    changes: dict[str, Any] = {}  # field name -> renamed child (an Expr or a tuple of them)
    for f in dataclasses.fields(e):
        v = getattr(e, f.name)
        if isinstance(v, tuple) and v and dataclasses.is_dataclass(v[0]):
            changes[f.name] = tuple(_rename(i, var, letter) for i in v)
        elif dataclasses.is_dataclass(v):  # a dataclass child of an Expr is an Expr
            changes[f.name] = _rename(cast(Expr, v), var, letter)
    return dataclasses.replace(e, **changes) if changes else e


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
        return next((n for n in numbers if n > k), numbers[-1])  # the last is the pass

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
