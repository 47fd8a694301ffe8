"""One findings type (openbid.checks.findings): the policy that turns findings into an exit status,
and the two checking paths of a system (the tree census, the Z3 node checks) giving the same
findings on small systems: gaps, illegal calls, dead and shadowed points, overlaps, and claims of
every form about nodes."""

from __future__ import annotations

import pytest

from openbid.base.errors import OpenbidError
from openbid.checks.findings import (DEFAULT_FAIL_ON, KINDS, Finding, Policy, TableView,
                                     compare, parse_kinds)
from openbid.systems.rules.text import loads

# A system with one finding of every kind that fails a run, and others.
GATE = """\
name gate
section 1 "Open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP and HCP <= 17 value 1NT
  bid spades when SUITLENGTH(S) >= 5 value 1S
  bid never when SUITLENGTH(S) >= 6 value 2S
  bid clubs when true value 1C

auction "1S P"
  section 1 "Respond"
    bid raise when SUITLENGTH(S) >= 3 and HCP >= 6 value 2S
    bid wrong when HCP >= 13 value 1H

auction "1C P" else pass
  section 1 "Respond"
    bid hearts when SUITLENGTH(H) >= 4 and HCP >= 6 value 1H
    bid nt when HCP >= 6 and HCP <= 10 value 1NT
    bid game when HCP >= 13 and HCP <= 15 and BALANCED value 3NT

auction "7NT" else pass
  section 1 "Never reached"
    bid double when HCP >= 10 value X
"""
CLAIMS = """\
claim raise.three
  source: test
  quote: the raise shows three spades
  auction: 1S P
  bid: 2S
  shows: SUITLENGTH(S) >= 3

claim raise.wrong
  source: test
  quote: (wrong) the raise shows four spades
  auction: 1S P
  bid: 2S
  shows: SUITLENGTH(S) >= 4

claim clubs.forcing
  source: test
  quote: (wrong) a response to 1C is forcing
  auction: 1C P
  forcing
  expect: FAILED
  note: weak hands pass

claim clubs.every
  source: test
  quote: every hand with four hearts and 6+ responds 1H
  auction: 1C P
  every: SUITLENGTH(H) >= 4 and HCP >= 6
  has: bid = "1H"

claim clubs.never
  source: test
  quote: (vacuous) nobody holds 40 HCP
  auction: 1C P
  every: HCP >= 40
  has: bid = "7NT"
"""


def test_the_default_policy_fails_what_can_happen_at_the_table():
    p = Policy.of()
    assert p.fail_on == frozenset(DEFAULT_FAIL_ON)
    gap = Finding("gap", ("1S", "PASS"), count=5, of=10)
    assert p.fails(gap)
    assert not p.fails(Finding("overlap", (), "b", count=5, of=10))
    assert not p.fails(Finding("shadowed", (), "b", count=5, of=10))
    # undecided at the table (None) counts as present; proved not at the table never fails
    assert p.fails(Finding("gap", (), table=TableView(at_table=None)))
    assert p.fails(Finding("gap", (), table=TableView(at_table=True, deal="N:...")))
    isolated = Finding("gap", (), table=TableView(at_table=False))
    assert isolated.in_isolation_only and not p.fails(isolated)
    assert not Policy.of("all").fails(isolated)
    assert p.failing([gap, isolated]) == [gap]


def test_fail_on_and_allow_change_the_policy():
    assert Policy.of("overlap").fail_on == {"overlap"}
    assert Policy.of("all").fail_on == set(KINDS)
    assert Policy.of(None, "gap, illegal call").fail_on == {"dead", "failed-claim"}
    assert Policy.of("all", "all").fail_on == frozenset()
    assert parse_kinds("Illegal_Call,GAP", "--x") == ("illegal-call", "gap")
    for bad in ("gaps", "", "gap,,dead"):
        with pytest.raises(OpenbidError, match="--fail-on: unknown finding kind"):
            Policy.of(bad)


def test_a_finding_is_of_a_known_kind():
    with pytest.raises(ValueError):
        Finding("hole", ())


def test_compare_sees_a_missing_finding_and_another_share():
    a = Finding("gap", ("1S", "PASS"), count=1, of=4, unit="hands")
    b = Finding("gap", ("1S", "PASS"), count=4, of=16)  # hand-contexts: the same share
    assert compare([a], [b]) == []
    assert compare([a], []) == ["gap at 1S PASS : only the first finds it"]
    c = Finding("gap", ("1S", "PASS"), count=2, of=4)
    assert compare([a], [c]) == ["gap at 1S PASS : 1 of 4 against 2 of 4"]


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """The system's findings by the tree census and by the Z3 node checks."""
    from openbid.systems.auction import system_of
    from openbid.systems.claims import load_claims
    from openbid.checks.nodes import NodeModel, build_tree, claims_by_node, node_findings
    from openbid.checks.tree import check_tree

    rules = loads(GATE, "gate.rules")
    path = tmp_path_factory.mktemp("claims") / "claims.txt"
    path.write_text(CLAIMS)
    claims = load_claims(path, rules)
    tc = check_tree(rules, claims, seeds=20)
    census = tc.findings + tc.claim_findings()
    model = NodeModel(system_of(rules))
    at = claims_by_node(claims)
    tree = build_tree(model, lambda a: at.get(a, ()))
    return census, node_findings(tree, model, claims), tc


def test_both_paths_give_the_same_findings(both):
    census, z3, _ = both
    assert compare(census, z3) == []
    kinds = {f.kind for f in census}
    assert kinds == {"gap", "illegal-call", "dead", "shadowed", "overlap", "failed-claim",
                     "expected-failure", "vacuous-claim"}
    for f in census + z3:  # every hand a finding shows was re-run; a count of its population
        assert 0 <= f.count <= f.of or (f.kind in ("dead", "vacuous-claim") and f.count == 0)
        if f.kind in ("gap", "illegal-call", "overlap", "failed-claim"):
            assert f.witness is not None and f.witness.hand


def test_the_findings_say_what_the_rules_do(both):
    from openbid.bridge.hand import Hand
    from openbid.systems.auction import system_of

    census, _, tc = both
    system = system_of(loads(GATE, "gate.rules"))
    by = {(f.kind, f.node, f.point, f.claim): f for f in census}
    gap = by[("gap", ("1S", "PASS"), "", "")]
    hand = Hand.parse(gap.witness.hand)
    assert system.call(("1S",), Hand.parse("AKQ32.K32.Q32.32"), "none").call  # the opening
    assert system.node(("1S", "PASS")).rules is not None
    assert system.call(("1S", "PASS"), hand, gap.witness.vul).call == "PASS"
    bad = by[("illegal-call", ("1S", "PASS"), "wrong", "")]
    assert bad.subject == "1H" and "not higher than 1S" in bad.detail
    dead = {f.point for f in census if f.kind == "dead"}
    assert dead == {"never", "7NT/double"}  # shadowed by 'spades'; a block no node reaches
    assert {f.claim: f.kind for f in census if f.claim} == {
        "raise.wrong": "failed-claim", "clubs.forcing": "expected-failure",
        "clubs.never": "vacuous-claim"}
    assert {c.claim.id: c.verdict for c in tc.claims} == {
        "raise.three": "held", "raise.wrong": "failed", "clubs.forcing": "failed",
        "clubs.every": "held", "clubs.never": "vacuous"}


def test_a_claim_about_a_double_reads_in_both_paths(tmp_path):
    """``bid: X`` (the expression language's ``bid`` names bids and PASS: a double is its BIDVAL)
    decided alike by the census and the Z3 node checks."""
    from openbid.systems.auction import system_of
    from openbid.systems.claims import load_claims
    from openbid.checks.nodes import NodeModel, build_tree, claims_by_node, node_findings
    from openbid.checks.tree import check_tree

    rules = loads(GATE + 'auction "1 s" where s in SUITS else pass\n  section 1 "Over"\n'
                  '    bid double when HCP >= 12 and SUITLENGTH(s) <= 2 value X\n', "x.rules")
    path = tmp_path / "claims.txt"
    path.write_text("claim double.short\n  source: test\n  quote: the double is short\n"
                    "  auction: 1S\n  bid: X\n  shows: SUITLENGTH(S) <= 1\n"
                    "claim double.strong\n  source: test\n  quote: the double is 12+\n"
                    "  auction: 1C\n  bid: X\n  shows: HCP >= 12\n")
    claims = load_claims(path, rules)
    tc = check_tree(rules, claims, seeds=0)
    assert {c.claim.id: c.verdict for c in tc.claims} == {"double.short": "failed",
                                                         "double.strong": "held"}
    model = NodeModel(system_of(rules))
    at = claims_by_node(claims)
    tree = build_tree(model, lambda a: at.get(a, ()))
    assert compare(tc.findings + tc.claim_findings(), node_findings(tree, model, claims)) == []
