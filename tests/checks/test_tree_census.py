"""The tree census (openbid.readers.census.tree) against the node checks' tree (the per-node
census and Z3, openbid.checks.nodes) on the example system, node by node; a subtree against the
whole tree; the findings, claims and every hand re-run (openbid.checks.tree)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from openbid.systems.auction import parse_auction, system_of
from openbid.base.errors import OpenbidError
from openbid.bridge.hand import Hand
from openbid.systems.variants import resolve
from openbid.readers.census.domain import TOTAL_HANDS
from openbid.readers.census.tree import tree_census
from openbid.checks.nodes import NodeModel, build_tree, replays

SMALL = str(Path(__file__).resolve().parents[2] / "openbid" / "systems" / "examples"
            / "small.rules")


@pytest.fixture(scope="module")
def small():
    return resolve(None, SMALL)


@pytest.fixture(scope="module")
def census(small):
    return tree_census(small)


def test_every_node_and_call_equals_the_node_checks(small, census):
    equals_node_checks(small, census)


def equals_node_checks(small, census):
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
    from openbid.systems.claims import load_claims
    from openbid.checks.tree import check_tree

    path = tmp_path / "claims.txt"
    path.write_text(CLAIMS)
    claims = load_claims(path, small)
    tc = check_tree(small, claims, seeds=20)
    got = {c.claim.id: c for c in tc.claims}
    assert got["stayman.forcing"].verdict == "held"
    assert got["stayman.shows"].verdict == "held"
    assert got["raise.range"].verdict == "failed" and got["raise.range"].failing > 0
    # the failing hand really raises with fewer than 7 HCP, after partner's 1C
    from openbid.systems.evaluate import holds

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


# -- past the opening, the coarse rows --------------------------------------------------------------
# The example with a strong 2C on playing tricks: only the opening reads PLAYTRICKS (a table of
# tens and spots), so every later node is read over the coarse classes, weighted by the hands
# that make the bidder's opening-seat call.
@pytest.fixture(scope="module")
def strong(tmp_path_factory):
    text = Path(SMALL).read_text()
    assert "  bid 1nt when" in text
    text = text.replace("  bid 1nt when", "  bid strong when PLAYTRICKS >= 9 value 2C\n"
                        "  bid 1nt when", 1)
    path = tmp_path_factory.mktemp("strong") / "strong.rules"
    path.write_text(text)
    return resolve(None, str(path))


@pytest.fixture(scope="module")
def strong_census(strong):
    return tree_census(strong)


def test_past_the_opening_the_census_reads_fewer_classes(strong):
    from openbid.readers.census.passes import plan
    from openbid.readers.census.tree import TreeSpec, coarse_plan

    system = system_of(strong)
    spec = TreeSpec(system.rules, ((), ("1NT", "PASS"), ("1NT", "PASS", "2C", "PASS"),
                                   ("1C", "PASS"), ("1H",)))
    p = plan(spec.pass_spec())
    pc = coarse_plan(spec, p)
    assert pc is not None
    assert all(c.size < f.size for c, f in zip(pc.domain.suits, p.domain.suits))


def test_the_coarse_census_equals_the_node_checks(strong, strong_census):
    equals_node_checks(strong, strong_census)


def _everything(nc):
    def ex(e):
        return None if e is None else (e.order, e.hand, e.vul)

    return (nc.selected, {c: (h, ex(e), sorted(lbs)) for c, (h, e, lbs) in nc.calls.items()},
            nc.bids, nc.meets, nc.taken, {k: ex(e) for k, e in nc.taken_example.items()},
            nc.gap, ex(nc.gap_example))


def test_the_coarse_census_equals_the_census_without_it(strong, strong_census, monkeypatch):
    import openbid.readers.census.tree.plan as planning

    monkeypatch.setattr(planning, "coarse_plan", lambda spec, p: None)
    assert_same_census(tree_census(strong), strong_census)


def assert_same_census(one, other) -> None:
    """The same nodes, and at each every count and every example hand."""
    assert set(one.children) == set(other.children)
    assert one.counts.keys() == other.counts.keys()
    for a, nc in one.counts.items():
        assert _everything(other.counts[a]) == _everything(nc), a


def test_the_census_with_every_row_set_compressed_between_rounds_is_the_same(
        strong, strong_census, monkeypatch, tmp_path):
    """A walk's sets of rows are compressed between rounds once they pass RowSets.COMPACT_BYTES
    (a whole SAYC stays below it; a larger system does not): compressing every one of them, and
    reading them back when next needed, changes no count and no example."""
    from openbid.readers.census.tree.rows import RowSets

    log = tmp_path / "compressed"  # (the census's workers are other processes: they write it)
    compact = RowSets.compact

    def logged(self):
        compact(self)
        with open(log, "a") as fh:
            fh.write(f"{len(self.squeezed)}\n")

    monkeypatch.setattr(RowSets, "COMPACT_BYTES", 0)
    monkeypatch.setattr(RowSets, "compact", logged)
    assert_same_census(tree_census(strong), strong_census)
    assert sum(int(x) for x in log.read_text().split()) > 0  # sets were compressed


def test_every_example_past_the_opening_replays(strong, strong_census):
    model = NodeModel(system_of(strong))
    for a, nc in strong_census.counts.items():
        for call, (_, ex, _) in nc.calls.items():
            assert replays(model, a, Hand.parse(ex.hand), ex.vul, call), (a, call)


def test_calls_taken_from_the_bid_points_equal_calls_counted_over_the_rows(strong, strong_census,
                                                                           monkeypatch):
    """Where every bid point of a node bids one constant call, the census takes each call's
    hands, first hand and rows from its points; counted over the rows' bid values instead (as it
    must where a point's value varies), every count and example is the same."""
    from openbid.readers.census.arrays import ArrayReader

    monkeypatch.setattr(ArrayReader, "section_bids", property(lambda self: None))
    by_value = tree_census(strong)
    assert by_value.counts.keys() == strong_census.counts.keys()
    for a, nc in by_value.counts.items():
        assert _everything(strong_census.counts[a]) == _everything(nc), a


def test_a_constant_bid_point_is_known_by_its_label(strong):
    """The opening's points: 1NT, 1D, 1C and 2C are constants, the major (1 of a loop's suit)
    is not; a table of constants alone bids each label's value."""
    import numpy as np

    from openbid.readers.census.arrays import ChunkView
    from openbid.readers.census.passes import plan
    from openbid.readers.census.tree import TreeSpec

    system = system_of(strong)
    p = plan(TreeSpec(system.rules, ((),)).pass_spec())
    run = ChunkView(p, p.domain.chunk(0)).reader(0)
    run.rules = system.opening
    run.context = {"VUL": False, "THEYVUL": False}
    assert run.section_bids is None  # the loop's points bid 1S or 1H
    node = system.node(parse_auction("1NT PASS"))
    run = ChunkView(p, p.domain.chunk(0)).reader(0)
    run.rules = node.rules
    run.context = {"VUL": False, "THEYVUL": False}
    sb = run.section_bids
    bidval, section = run.outcome
    assert sb is not None
    assert np.array_equal(sb[section], bidval)


def test_bidvals_that_print_one_call_are_one_call(tmp_path):
    """OPENBID's BIDVALs 1 to 5 all print 1C (its strong club): the census counts a call over
    every BIDVAL that prints it (a value per suit here), not the last of them."""
    from openbid.readers.census.census import Census, Column

    path = tmp_path / "values.rules"
    path.write_text('name values\nsection 1 "Strong"\n  for suit in C, D, H, S\n'
                    '    bid strong when HCP >= 20 and SUITLENGTH(suit) = LONGEST value suit\n')
    rules = resolve(None, str(path))
    census = tree_census(rules)
    root = census.counts[()]
    strong = Census([rules], {}).group([Column("expr", 0, rules.parse("HCP >= 20"))])
    assert {c: h for c, (h, _, _) in root.calls.items()} == {
        "1C": strong.weights[(True,)], "PASS": strong.weights[(False,)]}
    assert root.calls["1C"][2] == {"strong"}


def _check_view(tc) -> tuple:
    """Everything a tree check reports but its timings: every finding (each field, the hand
    and what the executor did with it), the points' totals, the replays counted."""
    from dataclasses import astuple

    return ([astuple(f) for f in tc.findings],
            sorted((k, astuple(p)) for k, p in tc.points.items()), tc.replayed)


def test_findings_taken_from_the_cache_equal_those_made_anew(small, tmp_path):
    """A node the cache holds takes its findings from the pack (with what its hands called
    when it was counted); unchanged, after an edit, and with no cache at all, the check
    reports the same."""
    from openbid.checks.tree import check_tree

    cold = _check_view(check_tree(small, seeds=20))
    cache = tmp_path / "cache"
    first = check_tree(small, seeds=20, cache=cache)
    assert _check_view(first) == cold
    again = check_tree(small, seeds=20, cache=cache)
    assert again.counts.cached == set(again.counts.counts) and _check_view(again) == cold
    text = Path(SMALL).read_text().replace('"Stayman" when HCP >= 8',
                                           '"Stayman" when HCP >= 9', 1)
    (tmp_path / "edited.rules").write_text(text)
    edited = resolve(None, str(tmp_path / "edited.rules"))
    warm = check_tree(edited, seeds=20, cache=cache)
    assert warm.counts.cached and warm.counts.cached != set(warm.counts.counts)
    assert _check_view(warm) == _check_view(check_tree(edited, seeds=20))


def test_findings_kept_in_a_form_they_cannot_have_are_ignored():
    from openbid.checks.tree import _kept_part

    good = (3, (("p/1a", "p", "1a", 5, 6, 7, ("1C",)),),
            (("overlap", "p/1a", 5, 7, "why", "p/1b", ("AKQ.J.T.9", "none", 1, "1C", "")),))
    assert _kept_part(good) == good
    for bad in (None, (3, (), ()) + ((),), ("3", (), ()), (True, (), ()),
                (3, (("p/1a", "p", "1a", 5, 6, 7, ["1C"]),), ()),
                (3, (), (("overlap", "p/1a", "5", 7, "why", "p/1b", ("h", "none", 1, "1C", "")),)),
                (3, (), (("overlap", "p/1a", 5, 7, "why", "p/1b", ("h", "none", "1", "1C", "")),)),
                (3, (), (("overlap", "p/1a", 5, 7, "why", "p/1b", ("h", "none", 1, "1C")),))):
        assert _kept_part(bad) is None, bad


def test_a_table_read_once_over_the_contexts_rows_counts_what_each_reading_counts(
        tmp_path, monkeypatch):
    """The responder who passed at the opening holds other hands in each vulnerability (the
    opening reads it): the responses to 1NT, which do not, are read once over the union of
    those rows and counted with each context's weights. Every count, example and claim
    equals a census that reads each context's rows alone, and the shared reading was used."""
    from openbid.systems.claims import load_claims
    from openbid.systems.rules.text import loads
    from openbid.checks.tree import census_claims
    from openbid.readers.census.tree.walk import Walk

    from tests.checks.test_system_share import SYSTEM

    rules = loads(SYSTEM + """
auction "1NT P 2C P"
  section 1 "Reply"
    bid hearts when SUITLENGTH(H) >= 4 value 2H
    bid none when true value 2D

auction "1NT P 2C P 2D P"
  section 1 "Rebid"
    bid game when HCP >= 10 value 3NT
    bid invite when HCP >= 8 value 2NT
    bid signoff when true value PASS
""")
    path = tmp_path / "claims.txt"
    path.write_text("shows passed.stayman\n  source: test\n  quote: test\n"
                    "  auction: P 1NT P\n  call: 2C\n  cond: HCP >= 8\n  expect: HELD\n\n"
                    "shows passed.invite\n  source: test\n  quote: test\n"
                    "  auction: P 1NT P 2C P 2D P\n  call: 2NT\n  cond: HCP <= 9\n  expect: HELD\n")
    claims = census_claims(tuple(load_claims(path, rules)))
    log = tmp_path / "shared"
    primed = Walk.primed

    def logged(self, ekey, mask):
        got = primed(self, ekey, mask)
        if got is not None:
            with open(log, "a") as f:
                f.write("x")
        return got

    monkeypatch.setattr(Walk, "primed", logged)
    shared = tree_census(rules, claims)
    assert shared.contexts == 4 and log.exists() and len(log.read_text()) >= 2
    monkeypatch.setattr(Walk, "shared_groups", lambda self, a, masks: None)
    alone = tree_census(rules, claims)
    assert shared.children == alone.children
    assert shared.counts.keys() == alone.counts.keys()
    for a, nc in alone.counts.items():
        assert _everything(shared.counts[a]) == _everything(nc), a
        assert shared.counts[a].claims == nc.claims, a
    assert alone.counts[parse_auction("P 1NT P")].claims["passed.stayman"][0] > 0
    got = alone.counts[parse_auction("P 1NT P 2C P 2D P")].claims["passed.invite"]
    assert got[0] > 0 and got[1] == 0  # (not vacuous)
