"""The Part Two encoding (openbid/studies/paper/part_two/): it loads, parses, quotes the paper verbatim, and its
example hands are either read as printed or corrected with a note. Checking the claims themselves
(inferences, coverage, bids, passes) is verify/'s job, not this file's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from openbid.base.errors import ExprError, HandError
from openbid.systems.evaluate import holds
from openbid.expr import parse
from openbid.bridge.hand import Hand
from openbid.systems.rules.meets import meets_expr
from openbid.systems.variants import load_variant
from openbid.studies.quotes import assert_quotes, collect
from openbid.studies.paper.part_two.tree import (
    PROPOSITIONS,
    Node,
    PartTwoFormatError,
    counts,
    iter_chains,
    iter_nodes,
    load_propositions,
    load_subparts,
    node_index,
    parse_proposition,
)

REPO = Path(__file__).resolve().parents[3]

# The count table of `python -m openbid.studies.paper.part_two.tree`, pinned: an edit that adds or drops a case,
# an example or an inference must update it on purpose.
EXPECTED = {
    "P1": dict(nodes=16, leaves=9, bid=9, pass_=0, impossible=0, examples=0, corrected=0, copied=0),
    "P2": dict(
        nodes=107, leaves=56, bid=39, pass_=16, impossible=1, examples=12, corrected=2, copied=30
    ),
    "P4": dict(
        nodes=55, leaves=29, bid=15, pass_=14, impossible=0, examples=6, corrected=0, copied=12
    ),
    "P5": dict(
        nodes=198, leaves=106, bid=64, pass_=41, impossible=1, examples=38, corrected=1, copied=64
    ),
    "P6": dict(
        nodes=51, leaves=28, bid=17, pass_=11, impossible=0, examples=3, corrected=0, copied=12
    ),
    "P7": dict(
        nodes=73, leaves=37, bid=23, pass_=14, impossible=0, examples=12, corrected=1, copied=2
    ),
    "P8": dict(
        nodes=37, leaves=19, bid=9, pass_=10, impossible=0, examples=4, corrected=2, copied=0
    ),
    "P9": dict(nodes=17, leaves=9, bid=5, pass_=4, impossible=0, examples=1, corrected=0, copied=0),
    "P10": dict(
        nodes=20, leaves=11, bid=6, pass_=5, impossible=0, examples=0, corrected=0, copied=0
    ),
    "P11": dict(
        nodes=17, leaves=9, bid=7, pass_=2, impossible=0, examples=0, corrected=0, copied=0
    ),
    "P12": dict(nodes=3, leaves=2, bid=2, pass_=0, impossible=0, examples=0, corrected=0, copied=0),
    "P13": dict(nodes=1, leaves=1, bid=1, pass_=0, impossible=0, examples=0, corrected=0, copied=0),
}


@pytest.fixture(scope="module")
def rules():
    return load_variant("code")


def test_the_twelve_propositions_load() -> None:
    roots = load_propositions()
    assert [r.path for r in roots] == [f"P{n}" for n in PROPOSITIONS]
    assert 3 not in PROPOSITIONS


def test_paths_are_unique_and_nested() -> None:
    paths = [n.path for n in iter_nodes()]
    assert len(paths) == len(set(paths))
    for chain in iter_chains():
        node = chain[-1]
        if len(chain) > 1:
            assert node.parent == chain[-2].path
            assert node.path.startswith(chain[-2].path + ".")


def test_leaves_have_one_outcome_and_inner_nodes_none() -> None:
    for node in iter_nodes():
        if node.children:
            assert node.outcome is None and not node.impossible, node.path
        else:
            assert (node.outcome is None) == node.impossible, node.path


def test_every_expression_parses() -> None:
    bad = []
    for node in iter_nodes():
        for text in [node.assumption, *(i.expr for i in node.therefore)]:
            try:
                parse(text)
            except ExprError as exc:
                bad.append(f"{node.path}: {text!r}: {exc}")
    assert not bad, "\n".join(bad)


def test_every_outcome_names_a_bid_point_of_the_rules(rules) -> None:
    for node in iter_nodes():
        if node.outcome is not None and node.outcome.kind == "bid":
            meets_expr(rules, node.outcome.section)  # raises on an unknown label
            assert node.outcome.bids, node.path


def test_only_supplied_outcomes_lack_a_printed_quote() -> None:
    supplied = [n.path for n in iter_nodes() if n.outcome is not None and n.outcome.supplied]
    assert supplied == ["P4.III.B.2.b.ii.α"]
    assert all(node_index()[p].outcome.note for p in supplied)


def _in_leaf(chain: tuple[Node, ...], hand: Hand, rules) -> bool:
    return all(holds(parse(n.assumption), hand, rules) for n in chain)


def test_printed_hands_are_kept_and_typos_corrected(rules) -> None:
    """Every printed hand parses and lies in its case, or it has a correction (with a note) that
    does; a correction is never given for a printed hand that is fine."""
    for chain in iter_chains():
        node = chain[-1]
        for ex in node.examples:
            try:
                printed = Hand.parse(ex.printed)
            except HandError:
                printed = None
            printed_ok = printed is not None and _in_leaf(chain, printed, rules)
            if ex.corrected is None:
                assert printed_ok, f"{node.path}: {ex.printed} is a typo without a correction"
            else:
                assert ex.note, node.path
                assert not printed_ok, f"{node.path}: {ex.printed} is fine, yet corrected"
                assert _in_leaf(chain, Hand.parse(ex.corrected), rules), node.path


def test_the_typos_found_are_these() -> None:
    corrected = {
        n.path: (e.printed, e.corrected) for n in iter_nodes() for e in n.examples if e.corrected
    }
    assert corrected == {
        "P2.II.B.2.b.ii.β.(I).(B).(2)": (
            "S:AKJ, J:QJx, D:Qx, C:Kxxxx",
            "S:AKJ, H:QJx, D:Qx, C:Kxxxx",
        ),
        "P2.II.B.2.b.ii.β.(II).(B).(2).(b)": (
            "S:Qxxx, H:AQ, D:Qx, C:Kxxx",
            "S:Qxxx, H:AQ, D:Qx, C:Kxxxx",
        ),
        "P5.II.C.2.d.i.α.(II).(A).(2)": (
            "S:xxxxx, H:Kxxx, D:AKJ, D:x",
            "S:xxxxx, H:Kxxx, D:AKJ, C:x",
        ),
        "P7.II.B.2.b.i.β.(II)": ("S:Q, H:Q, D:AQJxxxx, C:xxxx", "S:Q, H:Q, D:KQJxxxx, C:Jxxx"),
        "P8.I.A.2.b.ii": ("S:QJ, H:QJ, D:Kxxxxxxxx, C:Q", "S:QJ, H:QJ, D:Kxxxxxxx, C:Q"),
        "P8.II.A.2": ("S:QJ, H:QJ, D:Q, C:Kxxxxxxxx", "S:QJ, H:QJ, D:Q, C:Kxxxxxxx"),
    }


def test_references_are_resolved_into_copies() -> None:
    index = node_index()
    referring = [n for n in iter_nodes() if n.reference is not None]
    assert len(referring) == 13
    for node in referring:
        assert node.children, node.path
        assert node.reference.source in index
    for node in iter_nodes():
        if node.expanded_from is not None:
            source = index[node.expanded_from]
            assert node.assumption == source.assumption and node.quote == source.quote
            assert node.path.rsplit(".", 1)[-1] == source.path.rsplit(".", 1)[-1]
            if not node.impossible:
                assert node.outcome == source.outcome, node.path
                assert len(node.children) == len(source.children), node.path
    impossible = sorted(n.path for n in iter_nodes() if n.impossible)
    assert impossible == ["P2.II.B.2.a.a.ii.β.(II).(A)", "P5.II.B.2.b.ii.β.(II).(B).(3)"]


def test_labelled_points_of_proposition_5_get_the_5422_hands() -> None:
    labels = {}
    for node in iter_nodes(load_propositions()[3:4]):
        for ex in node.examples:
            if ex.label:
                labels.setdefault(ex.label, []).append(node.path)
    assert sorted(labels, key=lambda s: int(s[1:-1])) == [f"[{i}]" for i in range(1, 13)]
    for label, paths in labels.items():
        d_path, e_path = paths  # the 5431 hand at d., then the 5422 hand at the copy under e.i
        assert d_path.startswith("P5.II.C.2.d.") and e_path.startswith("P5.II.C.2.e.i.")
        assert e_path == "P5.II.C.2.e.i." + d_path[len("P5.II.C.2.d.") :], label


def test_quotes_are_cited_in_part_two() -> None:
    for q in collect(["part_two"]):
        assert all(339 <= n <= 2270 for n in q.lines), (q.claim, q.what, q.lines)


def test_quotes_are_verbatim_or_certified() -> None:
    """Every assumption, inference, outcome, example, reference and subpart quote against the seed
    when it is found, else against the certificate (openbid/studies/quotes.py); never skipped."""
    assert_quotes(["part_two"])


def test_subparts_map_onto_the_propositions() -> None:
    subparts, remarks = load_subparts()
    assert [s.letter for s in subparts] == list("abcde")
    covered = [p for s in subparts for p in s.propositions]
    assert sorted(covered) == list(PROPOSITIONS)
    for s in subparts:
        parse(s.assumption)
    assert any("overlaps" in r.quote for r in remarks)


def test_count_table_is_pinned() -> None:
    for root in load_propositions():
        c = counts(root)
        c["pass_"] = c.pop("pass")
        got = {k: c[k] for k in EXPECTED[root.path]}
        assert got == EXPECTED[root.path], root.path


def test_summary_command_prints_the_table() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "openbid.studies.paper.part_two.tree"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "total" in out.stdout and "P13" in out.stdout
    assert not out.stderr


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "node P9\n  lines: 1\n  quote: q\n  assume: true\n  pass\n    lines: 1\n"
            "node P9.I\n  lines: 1\n  quote: q\n  assume: true\n  pass\n    lines: 1\n",
            "children and an outcome",
        ),
        ("node P9\n  lines: 1\n  quote: q\n  assume: true\n", "has no outcome"),
        (
            "node P9\n  lines: 1\n  quote: q\n  assume: true\n"
            "node P9.I.A\n  lines: 1\n  quote: q\n  assume: true\n  pass\n    lines: 1\n",
            "not defined before",
        ),
        (
            "node P9\n  lines: 1\n  quote: q\n  assume: true\n  expand: P9.X\n    quote: q\n    lines: 1\n",
            "unknown node",
        ),
        (
            "node P9\n  lines: 1\n  quote: q\n  assume: true\n  pass\n    lines: 1\n"
            "patch P9\n  note: n\n",
            "not a copied node",
        ),
        (
            "node P9\n  lines: 1\n  quote: q\n  assume: true\n  pass\n    lines: 1\n"
            "  example: S:x\n    lines: 1\n    corrected: S:y\n",
            "needs a note",
        ),
        (
            "node P9\n  lines: 1\n  quote: q\n  bid: 1S at 12a\n    quote: q\n    lines: 1\n",
            "lacks 'assume'",
        ),
        (
            "node P9\n  lines: 1\n  quote: q\n  assume: true\n  bid: 8S at 12a\n    quote: q\n    lines: 1\n",
            "bad bid",
        ),
        ("node P9.Q.zz\n", "bad label"),
    ],
)
def test_malformed_files_are_rejected(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "p09.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PartTwoFormatError, match=problem):
        parse_proposition(path, 9)
