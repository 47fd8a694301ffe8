"""The opening's system checks counted from the tree census's own readings of the opening
(``openbid prove`` on an auction system with the tree census): every count equals the
stand-alone system checks' (their own census pass per context), in every seat and
vulnerability, claims reading the seat, the vulnerability and the calls included; every witness
the shared counts give is re-run by the executor (the checks' own assembly does, and so does
this test for the frequencies)."""

from __future__ import annotations

import pytest

from openbid.systems.procedure import program_for
from openbid.bridge.hand import Hand
from openbid.systems.rules.text import loads
from openbid.systems.claims import load_claims
from openbid.readers.census.tree import tree_census
from openbid.checks.system import SystemJob, check_system, run_tasks

# An opening that reads the seat and both vulnerabilities (light third-seat openings, a
# vulnerable preempt, a weak two only when they are vulnerable), and two later nodes.
SYSTEM = """name facts
section 1 "Strong" when HCP >= 20
  bid twoc when true value 2C
section 2 "One" when HCP >= 12 or (SEAT = 3 and HCP >= 10)
  bid onent when 15 <= HCP and HCP <= 17 and EVENDIST value 1NT
  for suit in S, H
    bid major when SUITLENGTH(suit) >= 5 value 1 suit
  bid minor when SUITLENGTH(D) > SUITLENGTH(C) value 1D
  bid clubs when true value 1C
section 3 "Preempt" when HCP >= 5 and HCP <= 10 and SEAT <= 3
  for suit in S, H
    bid weak when SUITLENGTH(suit) = 6 and (THEYVUL or not VUL) value 2 suit
    bid three when SUITLENGTH(suit) >= 7 and VUL value 3 suit
  bid three when SUITLENGTH(S) >= 7 value 3S

auction "1NT P"
  section 1 "Stayman" when HCP >= 8 and (SUITLENGTH(H) = 4 or SUITLENGTH(S) = 4)
    bid stayman when true value 2C
  section 2 "Notrump"
    bid game when HCP >= 10 value 3NT
    bid signoff when true value PASS

auction "1 s" where s in SUITS else pass
  section 1 "Overcall" when 8 <= HCP and HCP <= 16 and not VUL
    for t in S, H
      bid one when t > s and SUITLENGTH(t) >= 5 value 1 t
"""

CLAIMS = """claim nt.range
  source: test
  quote: 1NT is 15-17
  bid: 1NT
  shows: HCP >= 15 and HCP <= 17

claim third.light
  source: test
  quote: every hand of 10 HCP in third seat opens
  every: HCP >= 10 and SEAT = 3
  has: bid != "PASS"

claim second.light
  source: test
  quote: every hand of 10 HCP in second seat opens (false: they open in third seat only)
  every: HCP >= 10 and SEAT = 2
  has: bid != "PASS"

claim weak.six
  source: test
  quote: a weak two shows six cards
  bid: 2H
  shows: SUITLENGTH(H) = 6 and (THEYVUL or not VUL)

claim fourth.none
  source: test
  quote: nobody preempts in fourth seat
  every: SEAT = 4 and HCP <= 10
  has: bid = "PASS"
"""


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    rules = loads(SYSTEM)
    path = tmp_path_factory.mktemp("claims") / "claims.txt"
    path.write_text(CLAIMS)
    claims = load_claims(path, rules)
    alone = check_system(rules, claims)
    job = SystemJob(rules, claims)
    share = job.share()
    assert share is not None and len(share.contexts) == 16
    results, _ = run_tasks([job.z3_task])
    counts = tree_census(rules, share=share, jobs=2).system_checks
    assert counts is not None
    return rules, alone, job.finish(results, counts)


def test_every_count_is_the_stand_alone_checks(both):
    _, alone, shared = both
    assert shared.contexts == alone.contexts
    assert shared.meets == alone.meets and shared.bids == alone.bids
    assert shared.taken == alone.taken
    assert shared.pairs == alone.pairs
    assert [(o.n, o.m, o.hands) for o in shared.overlaps] == \
        [(o.n, o.m, o.hands) for o in alone.overlaps]
    assert [(c.claim.id, c.verdict, c.premise_hands, c.gap_hands) for c in shared.claims] == \
        [(c.claim.id, c.verdict, c.premise_hands, c.gap_hands) for c in alone.claims]
    assert [(f.context, f.rows) for f in shared.frequencies] == \
        [(f.context, f.rows) for f in alone.frequencies]
    assert [p.state for p in shared.points] == [p.state for p in alone.points]


def test_the_claims_tell_the_contexts_apart(both):
    """Not a vacuous agreement: the claims' counts differ by seat and vulnerability, and the
    claims fail where they should (a light hand passes in second seat, not in third)."""
    _, _, shared = both
    got = {c.claim.id: c for c in shared.claims}
    assert got["weak.six"].verdict.value == "held" and got["weak.six"].premise_hands > 0
    assert got["third.light"].verdict.value == "held"
    assert got["second.light"].verdict.value == "failed" and got["second.light"].gap_hands > 0
    assert got["fourth.none"].verdict.value == "held"
    assert len({f.rows for f in shared.frequencies}) > 4


def test_every_frequency_example_bids_its_row(both):
    rules, _, shared = both
    program = program_for(rules)
    for f in shared.frequencies:
        assert len(f.examples) == len(f.rows)
        for (bid, label, _), hand in zip(f.rows, f.examples):
            got = program.bid_hand(Hand.parse(hand), f.context)
            assert (got.bid, got.section) == (bid, label), (f.context, hand)


def test_a_precondition_or_another_fact_is_not_shared():
    from openbid.expr import parse

    rules = loads(SYSTEM)
    assert SystemJob(rules, (), given=parse("HCP >= 12")).share() is None
    assert SystemJob(rules, ()).share() is not None


def test_the_checks_counted_again_when_only_they_are_missing_from_the_cache(both, tmp_path):
    """Every node from the cache, the opening's checks not: the walks read the opening for
    them alone (no node is counted again), and they equal the checks counted with the nodes."""
    import shutil

    from openbid.base.cache import FORMAT

    rules, _, _ = both
    job = SystemJob(rules, ())
    share = job.share()
    assert share is not None
    first = tree_census(rules, share=share, jobs=2, cache=tmp_path)
    first.commit()
    shutil.rmtree(tmp_path / f"v{FORMAT}" / "tree-share")
    again = tree_census(rules, share=share, jobs=2, cache=tmp_path)
    assert again.cached == set(first.counts) and again.visited == {()}
    assert repr(again.system_checks) == repr(first.system_checks)
