"""Tests of the control-flow graph built from the rules table (openbid.readers.graph.cfg, arrival, reachability,
cfg_render) and ``openbid graph``.

The paper's structural claims (p. 3): "With the exception of for-loops and procedure calls, the
flow of control is always directly toward the end of the OPENBID procedure"; footnote 5: the one
exception to "first bid wins" is Note 1; footnote 6: the one exception to "control passes to the
next section" is Note 2.
"""

from __future__ import annotations

import json
import re

import networkx as nx
import pytest
import z3
from external import parse_dot, program

from openbid.cli.main import main
from openbid.base.errors import OpenbidError, RuleFileError
from openbid.expr import parse, unparse
from openbid.expr.ast import TRUE
from openbid.systems.procedure import program_for
from openbid.systems.rules.model import ForSuits, Goto, If, Rules, section_of
from openbid.systems.rules.text import loads
from openbid.systems.variants import load_variant, rules_text
from openbid.readers.graph import arrival
from openbid.readers.graph import cfg
from openbid.report import cfg_render
from openbid.studies.paper import reachability
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.verdicts import Status, Verdict, check, new_solver

CODE_TEXT = rules_text("code.rules")


@pytest.fixture(scope="module")
def code() -> Rules:
    return load_variant("code")


@pytest.fixture(scope="module")
def graph(code):
    return cfg.build(code)


@pytest.fixture(scope="module")
def code_check(code):
    return reachability.check_graph(code)


def edited(old: str, new: str) -> str:
    assert CODE_TEXT.count(old) == 1, old
    return CODE_TEXT.replace(old, new)


# ---- the graph is the table ----------------------------------------------------------------


def counts_from_table(rules: Rules) -> tuple[int, int]:
    """(nodes, edges) counted from the rules table alone, without the graph builder.

    Nodes: start, pass 14, end; per section its guard test, one else-goto node if any; one test
    per bid/goto/if step per loop iteration; one node per bid label; one goto node per
    (section, target). Edges, as out-degrees: start 1, pass 1; a section 1 (+1 unless its guard is
    ``true``), an else node 1; a test 1 (+1 unless its condition is ``true``); a bid node 1 to
    end (+1 per resume target); a goto node 1."""
    nodes, edges = 3, 2
    labels: set[str] = set()
    resumes: set[tuple[str, int]] = set()
    gotos: set[tuple[int, int]] = set()

    def walk(steps, k: int, iterations: int) -> None:
        nonlocal nodes, edges
        for st in steps:
            if isinstance(st, ForSuits):
                walk(st.body, k, iterations * len(st.suits))
                continue
            nodes += iterations
            edges += iterations * (1 if st.when == TRUE else 2)
            if isinstance(st, If):
                walk(st.body, k, iterations)
            elif isinstance(st, Goto):
                gotos.add((k, st.target))
            else:
                labels.add(st.label)
                if st.resume:
                    resumes.add((st.label, st.resume.target))

    for sec in rules.sections:
        nodes += 1
        edges += 1 if sec.guard == TRUE else 2
        if sec.otherwise is not None:
            nodes += 1
            edges += 1
        walk(sec.body, sec.number, 1)
    nodes += len(labels) + len(gotos)
    edges += len(labels) + len(resumes) + len(gotos)
    return nodes, edges


@pytest.mark.parametrize("variant", ["code", "synopsis"])
def test_counts_follow_the_table(variant):
    rules = load_variant(variant)
    g = cfg.build(rules)
    assert (g.number_of_nodes(), g.number_of_edges()) == counts_from_table(rules)
    kinds = nx.utils.groups(nx.get_node_attributes(g, "kind"))
    assert {n for n in kinds["bid"]} == set(rules.labels) - {"14"}
    assert len(kinds["section"]) == len(rules.sections)


def test_code_counts_pinned(graph):
    # 3 (start, pass 14, end) + 13 sections + 1 else node + 1 goto node + 33 bid labels
    # + 102 tests (23 outside loops, 79 loop iterations: 12g alone is 3 x 3): 153 nodes.
    # Bid 10's test LONGEST <= 7 (docs/ERRATA.md, C1) has a false edge in each of its two loop
    # iterations, where 'when true' had none: 261 edges.
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (153, 261)
    kinds = nx.get_node_attributes(graph, "kind")
    assert sum(k == "loop-test" for k in kinds.values()) == 79
    assert sum(k == "test" for k in kinds.values()) == 23


def test_loops_are_chains_of_next_suit(graph):
    chain = ["12a: S", "12a: H", "12a: D"]
    for a, b in zip(chain, chain[1:]):
        assert graph.edges[a, b]["label"] == "next-suit"
    assert all(graph.edges[t, "12a"]["label"] == "true" for t in chain)
    assert graph.nodes["12a: H"]["expr"].startswith("SUITLENGTH(H) = LONGEST")
    assert graph.nodes["12a"]["expr"] == "10 + suit"  # BIDVAL
    assert graph.edges["12a", "end"]["label"] == "true"


def test_every_edge_points_forward_in_program_order(graph):
    order = nx.get_node_attributes(graph, "order")
    assert sorted(order.values()) == list(range(graph.number_of_nodes()))
    assert all(order[u] < order[v] for u, v in graph.edges)
    assert nx.is_directed_acyclic_graph(graph)


def test_an_edited_rule_file_gives_an_edited_graph():
    text = re.sub(r'section 9 "3C.*?\n\n', "", CODE_TEXT, flags=re.S)
    g = cfg.build(loads(text))
    assert "section 9" not in g and "9" not in g
    assert g.edges["section 8", "section 10"]["label"] == "false"
    assert g.edges["8e?", "section 10"]["label"] == "next"


# ---- structural claims ---------------------------------------------------------------------


def test_code_exceptions_are_exactly_notes_1_and_2(graph):
    s = cfg.structure(graph)
    got = [(j.source, j.target, j.label, j.kind, j.note) for j in s.exceptions]
    assert got == [("11a", "section 13", "resume", "after-bid", "Note 1"),
                   ("else goto 13 (from 11)", "section 13", "else", "skip", "Note 2")]
    assert [(j.source, j.target, j.kind) for j in s.jumps if j.kind == "next-section"] == [
        ("goto 11 (from 10)", "section 11", "next-section")]  # GO TO PREEMPT: the next section
    assert s.holds and not s.missing


def test_a_skipping_goto_breaks_the_claim():
    g = cfg.build(loads(edited("goto 11 when LONGEST >= 8", "goto 12 when LONGEST >= 8")))
    s = cfg.structure(g)
    assert not s.holds
    assert [(j.from_section, j.to_section, j.kind, j.note) for j in s.exceptions][0] == (
        10, 12, "skip", "")


def test_a_backward_goto_is_refused_by_the_reader():
    with pytest.raises(RuleFileError, match="must jump forward"):
        loads(edited("goto 11 when LONGEST >= 8", "goto 5 when LONGEST >= 8"))


def test_a_hand_built_backward_edge_is_reported(code):
    from dataclasses import replace

    sec = code.section(9)
    looped = replace(sec, body=(Goto(5, parse("HCP <= 0")),) + sec.body)
    rules = replace(code, sections=tuple(looped if s.number == 9 else s for s in code.sections))
    g = cfg.build(rules)
    kinds = [(j.source, j.target, j.kind) for j in cfg.structure(g).exceptions]
    assert ("goto 5 (from 9)", "section 5", "backward") in kinds
    with pytest.raises(OpenbidError, match="cycle"):
        reachability.path_conditions(cfg.flow(rules), SymbolicHand(rules))


def test_no_edge_in_the_synopsis_variant_is_unexpected():
    s = cfg.structure(cfg.build(load_variant("synopsis")))
    assert s.holds and [j.note for j in s.jumps] == ["Note 1", "Note 2"]


# ---- reachability --------------------------------------------------------------------------


def test_every_bid_point_of_code_is_reachable(code, code_check):
    assert [p.label for p in code_check.points] == list(code.labels)
    program = program_for(code)
    for p in code_check.points:
        assert p.status is Status.SAT, p
        assert p.witness is not None and program.bid_hand(p.witness).section == p.label
    assert code_check.verdict is Verdict.HELD


def test_solid_as_printed_kills_8a():
    """Erratum E11 (docs/ERRATA.md): with SOLID as printed (SUITPOINTS >= 2), a hand with
    EVENDIST (no suit over 4 cards) and 18-21 HCP is never SOLID, so 8a can never bid."""
    result = reachability.check_graph(load_variant("solid-as-printed"))
    assert [(p.label, p.arrives) for p in result.dead] == [("8a", Status.UNSAT)]
    assert result.structure.holds and result.verdict is Verdict.FAILED


def test_path_conditions_agree_with_the_execution_and_the_text(code):
    """Three readings of "control arrives at L": the graph's path condition, the symbolic
    execution (openbid.systems.rules.execution), and the arrival text (parsed back)."""
    fl = cfg.flow(code)
    sym = SymbolicHand(code)
    pcs = reachability.path_conditions(fl, sym)
    ex = sym.execution
    solver = new_solver()
    solver.add(sym.domain)

    def same(a, b) -> bool:
        solver.push()
        solver.add(a != b)
        r = check(solver)
        solver.pop()
        return r.status is Status.UNSAT

    for sec in code.sections:
        assert same(pcs[f"section {sec.number}"], ex.reach[sec.number])
    assert same(pcs[cfg.PASS_NODE], ex.reach[14])
    resumed = {b.label for _, b in code.bids() if b.resume}
    for label in code.labels[:-1]:
        text = parse(unparse(arrival.arrival_expr(code, label)))
        assert same(pcs[label], z3.And(ex.reach[section_of(label)], sym.cond(text))), label
        if label not in resumed:
            assert same(pcs[label], sym.bids_at(label)), label
    assert resumed == {"11a"}
    hcp10 = sym.cond(parse("HCP >= 10"))
    assert same(z3.And(pcs["11a"], z3.Not(hcp10)), z3.And(sym.bids_at("11a"), z3.Not(hcp10)))


# ---- renderings ----------------------------------------------------------------------------

DOT_NODE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)" \[')
DOT_EDGE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)" -> "((?:[^"\\]|\\.)*)" \[')


def _outside_quotes(text: str) -> str:
    return re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)


def test_dot_is_well_formed(graph):
    dot = cfg_render.to_dot(graph)
    bare = _outside_quotes(dot)
    assert bare.count("{") == bare.count("}") and bare.rstrip().endswith("}")
    declared = [m.group(1) for line in dot.splitlines() if (m := DOT_NODE.match(line))
                and " -> " not in line]
    assert sorted(declared) == sorted(n.replace('"', '\\"') for n in graph.nodes)
    edges = [(m.group(1), m.group(2)) for line in dot.splitlines() if (m := DOT_EDGE.match(line))]
    assert len(edges) == graph.number_of_edges() and set(edges) == set(graph.edges)
    assert 'label="resume (Note 1): HCP >= 10", style=dashed' in dot
    assert 'label="else (Note 2)", style=dashed' in dot


def test_mermaid_is_well_formed(graph):
    text = cfg_render.to_mermaid(graph)
    lines = text.splitlines()
    assert lines[0] == "flowchart TD"
    decl = re.compile(r'^\s*(n\d+)(\(\["|\[\["|\("|\["|>"|\(\(")(.*?)("\]\)|"\]\]|"\)|"\]|"\)\))$')
    declared = [m.group(1) for line in lines if (m := decl.match(line))]
    assert len(declared) == len(set(declared)) == graph.number_of_nodes()
    arrows = re.compile(r'^\s*(n\d+) (-->|-\.->)\|"[^"|]*"\| (n\d+)$')
    edges = [(m.group(1), m.group(3)) for line in lines if (m := arrows.match(line))]
    assert len(edges) == graph.number_of_edges() and set(sum(edges, ())) <= set(declared)
    assert sum(line.strip().startswith("subgraph") for line in lines) == sum(
        line.strip() == "end" for line in lines) == 13
    assert "linkStyle" in text and "#60;=" in text and "<=" not in text


def test_json_round_trips_and_is_deterministic(code, graph):
    text = cfg_render.to_json(graph)
    assert text == cfg_render.to_json(cfg.build(code))
    data = json.loads(text)
    assert [n["id"] for n in data["nodes"]] == list(graph.nodes)
    back = cfg_render.from_json(text)
    assert nx.is_isomorphic(back, graph, node_match=dict.__eq__, edge_match=dict.__eq__)
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert set(back.edges) == set(graph.edges)


def test_svg_without_graphviz_is_a_user_error(graph, monkeypatch):
    monkeypatch.setattr(cfg_render.shutil, "which", lambda name: None)
    with pytest.raises(OpenbidError, match="Graphviz is not installed; apt-get install graphviz"):
        cfg_render.to_svg(graph)


def test_svg_with_graphviz():
    """The small graph through Graphviz when ``dot`` is installed (under CI, which installs it,
    always; missing there, this fails). Without it (a machine with only Python) the DOT text
    Graphviz would read is checked instead: it parses, and its nodes and edges are the graph's."""
    small = loads('section 1 "One" when HCP >= 20\n  bid 1 when SHAPE = "4333" value 5 '
                  'resume 2 when HCP >= 30\nsection 2 "Two"\n  bid 2 when true value 1\n')
    graph = cfg.build(small)
    if program("dot", "graphviz") is not None:
        svg = cfg_render.to_svg(graph)
        assert "<svg" in svg and "resume (Note 1)" in svg
        return
    nodes, edges = parse_dot(cfg_render.to_dot(graph))
    assert set(nodes) == set(graph.nodes)
    assert sorted((u, v) for u, v, _ in edges) == sorted(graph.edges)
    assert any(a.get("label", "").startswith("resume (Note 1)") for _, _, a in edges)


def test_dot_text_of_code_parses(graph):
    """The DOT text of ``code`` as a DOT reader sees it: every node declared once, every edge
    between declared nodes, the labels unquoted back to the graph's own."""
    nodes, edges = parse_dot(cfg_render.to_dot(graph))
    assert set(nodes) == set(graph.nodes) and len(edges) == graph.number_of_edges()
    assert sorted((u, v) for u, v, _ in edges) == sorted(graph.edges)
    with pytest.raises(ValueError, match="expected"):
        parse_dot(cfg_render.to_dot(graph).replace("];", "]", 1))
    with pytest.raises(ValueError, match="undeclared"):
        parse_dot(cfg_render.to_dot(graph)[:-2] + '  "x" -> "y";\n}\n')


# ---- the command ---------------------------------------------------------------------------


def test_cli_check_holds_for_code(capsys):
    assert main(["graph", "--check"]) == 0
    out = capsys.readouterr().out
    assert "11a -> section 13  [resume] section 11 -> 13: after-bid (Note 1)" in out
    assert "[else] section 11 -> 13: skip (Note 2)" in out
    assert "verdict: held (34 of 34 bid points reachable)" in out


def test_cli_check_fails_on_a_dead_bid_point(tmp_path, capsys):
    path = tmp_path / "dead.rules"
    path.write_text(edited("bid 9 when SUITLENGTH(C) >= 6", "bid 9 when TOTALPTS <= 5 and "
                                                            "SUITLENGTH(C) >= 6"))
    # Section 1 passes every hand with TOTALPTS <= 6, so a 9 bid needing TOTALPTS <= 5 is dead.
    assert main(["graph", "--check", "--rules", str(path)]) == 1
    out = capsys.readouterr().out
    assert "9    DEAD (unsat: no hand bids here; control never arrives)" in out
    assert "verdict: failed (33 of 34 bid points reachable; dead: 9)" in out


def test_cli_check_fails_on_an_extra_skip(tmp_path, capsys):
    path = tmp_path / "skip.rules"
    path.write_text(edited("goto 11 when LONGEST >= 8", "goto 12 when LONGEST >= 8"))
    assert main(["graph", "--check", "--rules", str(path)]) == 1
    assert "section 10 -> 12: skip (UNEXPECTED)" in capsys.readouterr().out


def test_cli_errors_exit_2(tmp_path, capsys, monkeypatch):
    assert main(["graph", "--rules", str(tmp_path / "missing.rules")]) == 2
    monkeypatch.setattr(cfg_render.shutil, "which", lambda name: None)
    assert main(["graph", "--format", "svg"]) == 2
    assert "Graphviz is not installed" in capsys.readouterr().err


def test_cli_output_never_overwrites_without_force(tmp_path, capsys):
    path = tmp_path / "g.json"
    path.write_text("mine\n")
    assert main(["graph", "--format", "json", "--output", str(path)]) == 2
    assert path.read_text() == "mine\n"
    assert "exists; use --force" in capsys.readouterr().err
    assert main(["graph", "--format", "json", "--output", str(path), "--force"]) == 0
    assert cfg_render.from_json(path.read_text()).number_of_nodes() == 153
    fresh = tmp_path / "g.mmd"
    assert main(["graph", "--format", "mermaid", "--output", str(fresh)]) == 0
    assert fresh.read_text().startswith("flowchart TD")


def test_cli_prints_the_graph(capsys):
    assert main(["graph", "--format", "json", "--variant", "synopsis"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["graph"]["rules"] == "synopsis" and "edges" in data

