"""External programs some tests use (Graphviz ``dot``, headless Chromium). The README's test
command must pass on a machine that has only Python, so a test that uses one also checks,
without it, what our own code writes (the DOT text, the HTML); under CI (``CI=true``, set by
.ci/run, which installs both) a missing program is a failure, never a skip."""

from __future__ import annotations

import os
import re
import shutil

import pytest


def in_ci() -> bool:
    return os.environ.get("CI") == "true"


def program(name: str, package: str) -> str | None:
    """The path of ``name`` on PATH; None when it is missing (a failure under CI)."""
    exe = shutil.which(name)
    if exe is None and in_ci():
        pytest.fail(f"{name} is not installed but CI=true: CI must install it "
                    f"(apt-get install -y {package})", pytrace=False)
    return exe


# ---- a reader of the DOT language (the subset openbid writes), to check its text without dot --
_TOKEN = re.compile(r'\s+|(?P<str>"(?:[^"\\\n]|\\.)*")|(?P<id>[A-Za-z_][A-Za-z_0-9]*|-?\d+(?:\.\d+)?)'
                    r"|(?P<op>->|[{}\[\];,=])")


def _tokens(text: str) -> list[str]:
    out, at = [], 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None:
            raise ValueError(f"DOT: unexpected {text[at:at + 20]!r} at offset {at}")
        if m.lastgroup:
            out.append(m.group(m.lastgroup))
        at = m.end()
    return out


def parse_dot(text: str) -> tuple[dict[str, dict[str, str]], list[tuple[str, str, dict]]]:
    """Nodes (name -> attributes) and edges (tail, head, attributes) of a ``digraph``; a
    ValueError for text Graphviz would refuse (unbalanced braces, a bad token, a missing ``;``
    or ``]``, an edge to an undeclared node)."""
    toks = _tokens(text)
    pos = 0

    def peek() -> str:
        return toks[pos] if pos < len(toks) else ""

    def take(expected: str | None = None) -> str:
        nonlocal pos
        tok = peek()
        if tok == "" or (expected is not None and tok != expected):
            raise ValueError(f"DOT: expected {expected or 'a token'}, found {tok or 'the end'}")
        pos += 1
        return tok

    def ident() -> str:
        tok = take()
        if tok in "{}[];,=->":
            raise ValueError(f"DOT: expected a name, found {tok!r}")
        return tok[1:-1].replace('\\"', '"') if tok.startswith('"') else tok

    def attrs() -> dict[str, str]:
        out: dict[str, str] = {}
        take("[")
        while peek() != "]":
            key = ident()
            take("=")
            out[key] = ident()
            if peek() == ",":
                take(",")
        take("]")
        return out

    nodes: dict[str, dict[str, str]] = {}
    edges: list[tuple[str, str, dict]] = []

    def statements() -> None:
        take("{")
        while peek() != "}":
            if peek() == "subgraph":
                take()
                ident()
                statements()
                continue
            first = ident()
            if peek() == "=":
                take("=")
                ident()
            elif peek() == "->":
                chain = [first]
                while peek() == "->":
                    take("->")
                    chain.append(ident())
                a = attrs() if peek() == "[" else {}
                edges.extend((u, v, a) for u, v in zip(chain, chain[1:]))
            else:
                a = attrs() if peek() == "[" else {}
                if first not in ("graph", "node", "edge"):
                    nodes[first] = a
            take(";")
        take("}")

    take("digraph")
    ident()
    statements()
    if pos != len(toks):
        raise ValueError(f"DOT: text after the graph: {toks[pos]!r}")
    for u, v, _ in edges:
        for end in (u, v):
            if end not in nodes:
                raise ValueError(f"DOT: edge to undeclared node {end!r}")
    return nodes, edges
