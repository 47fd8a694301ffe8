"""The tree census (openbid.readers.census.tree) against the node checks' tree (the per-node
census and Z3, openbid.verify.nodes) on the example system, node by node; a subtree against the
whole tree; the findings, claims and every hand re-run (openbid.verify.tree)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from openbid.model.auction import parse_auction, system_of
from openbid.model.errors import OpenbidError
from openbid.model.hand import Hand
from openbid.model.variants import resolve
from openbid.readers.census.domain import TOTAL_HANDS
from openbid.readers.census.tree import tree_census
from openbid.verify.nodes import NodeModel, build_tree, replays

SMALL = str(Path(__file__).resolve().parents[2] / "openbid" / "model" / "rules" / "examples"
            / "small.rules")


@pytest.fixture(scope="module")
def small():
    return resolve(None, SMALL)


@pytest.fixture(scope="module")
def census(small):
    return tree_census(small)


def test_every_node_and_call_equals_the_node_checks(small, census):
    tree = build_tree(NodeModel(system_of(small)), solver=False)
    assert set(census.children) == set(tree.nodes)
    checked = 0
    for a, r in tree.nodes.items():
        if r.checks is None:
            assert a not in census.counts
            continue
        nc = census.counts[a]
        assert nc.selected == r.selected, a
        mine = {c: Fraction(h, nc.selected) for c, (h, _, _) in nc.calls.items()}
        assert mine == {c.call: c.probability for c in r.children}, a
        checked += 1
    assert checked == len(census.counts) > 30
    assert census.counts[()].selected == TOTAL_HANDS


def test_every_example_hand_makes_its_call_along_the_auction(small, census):
    model = NodeModel(system_of(small))
    for a, nc in census.counts.items():
        for call, (_, ex, _) in nc.calls.items():
            assert replays(model, a, Hand.parse(ex.hand), ex.vul, call), (a, call)


def test_a_subtree_counts_what_the_whole_tree_counts_there(small, census):
    root = parse_auction("1NT P")
    sub = tree_census(small, root=root)
    below = {a for a in census.children if a[:2] == root}
    assert set(sub.children) == below
    for a in sub.counts:
        assert {c: h for c, (h, _, _) in sub.counts[a].calls.items()} == \
            {c: h for c, (h, _, _) in census.counts[a].calls.items()}


def test_an_ended_auction_has_no_subtree(small):
    with pytest.raises(OpenbidError, match="has ended"):
        tree_census(small, root=parse_auction("P P P P"))


def test_findings_and_claims_on_the_example(small, tmp_path):
    from openbid.proofs.node_claims import load_node_claims
    from openbid.verify.tree import check_tree

    path = tmp_path / "claims.txt"
    path.write_text(CLAIMS)
    claims = load_node_claims(path, small)
    tc = check_tree(small, claims, seeds=20)
    got = {c.claim.id: c for c in tc.claims}
    assert got["stayman.forcing"].verdict == "held"
    assert got["stayman.shows"].verdict == "held"
    assert got["raise.range"].verdict == "failed" and got["raise.range"].failing > 0
    # the failing hand really raises with fewer than 7 HCP, after partner's 1C
    from openbid.model.evaluate import holds

    hand = Hand.parse(got["raise.range"].witness)
    assert not holds(small.parse("HCP >= 7"), hand, small)
    assert got["after.double"].verdict == "failed"  # the opener's left-hand opponent passes
    assert {c.claim.id for c in tc.claims if not c.expected} == {"after.double"}
    kinds = {f.kind for f in tc.findings}
    assert "overlap" in kinds and tc.replayed > 100
    v = tc.verdicts()
    assert v["tree nodes"] == str(tc.counts.nodes)
    assert v["tree claim raise.range"] == "failed"


CLAIMS = """\
forcing stayman.forcing
  source: test
  quote: Stayman is forcing
  auction: 1NT P 2C P
  expect: HELD

shows stayman.shows
  source: test
  quote: Stayman shows 8+ and a four-card major
  auction: 1NT P
  call: 2C
  cond: HCP >= 8 and (SUITLENGTH(H) = 4 or SUITLENGTH(S) = 4)
  expect: HELD

shows raise.range
  source: test
  quote: (wrong on purpose) the raise shows 7-9
  auction: 1C P
  call: 2C
  cond: HCP >= 7
  expect: FAILED

forcing after.double
  source: test
  quote: (wrong on purpose) the opening is forcing on the next hand
  auction: 1C
  expect: HELD
"""
