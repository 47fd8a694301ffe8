"""The control-flow graph as text: DOT, Mermaid, JSON (and back) and SVG (through Graphviz).
Renderers return text; nothing here prints."""

from __future__ import annotations

import json
import shutil
import subprocess
import textwrap

import networkx as nx

from openbid.base.errors import OpenbidError


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
