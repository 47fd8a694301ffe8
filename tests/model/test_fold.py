"""Folding the facts of the deal into a rules table (openbid.model.rules.fold): the folded table
makes the same call at the same bid point as the table read in those facts, with every hand;
tables that fold alike are the ones the tree census reads once."""

from __future__ import annotations

import itertools

import strategies
from hypothesis import given, settings

from openbid.model.auction import system_of
from openbid.model.expr.ast import TRUE, And, Compare, Const, Name
from openbid.model.procedure import program_for
from openbid.model.rules.fold import fold_facts
from openbid.model.rules.text import loads
from openbid.model.variants import load_variant

SAYC = system_of(load_variant("sayc"))
VULS = ((False, False), (True, False), (False, True), (True, True))
HEAD = "name t\n"
NODES = [("PASS",) * seat for seat in range(4)] + [("1H", "2S"), ("2H", "PASS"), ("1NT", "PASS"),
                                                     ("1D", "1S")]


def _facts(v):
    return (("VUL", v[0]), ("THEYVUL", v[1]))


def test_sayc_opening_folds_to_nine_tables_seats_one_and_two_and_none_with_both_alike():
    tables: dict = {}
    for seat, v in itertools.product(range(4), VULS):
        tables.setdefault(fold_facts(SAYC.node(("PASS",) * seat).rules, _facts(v)), []).append(
            (seat + 1, v))
    assert len(tables) == 9
    assert [(1, (False, False)), (1, (True, True)), (2, (False, False)), (2, (True, True))] in \
        tables.values()


def test_a_table_reading_no_fact_is_its_own_fold():
    rules = loads(HEAD + 'section 1 "One" when HCP >= 12\n  bid 1a when true value 1S\n')
    assert fold_facts(rules, _facts((True, False))) is rules


def test_folding_leaves_what_reads_the_hand():
    rules = loads(HEAD + 'section 1 "One" when VUL and HCP >= 12 or SEAT = 3\n'
                  '  bid 1a when true value 1S\n')
    folded = fold_facts(rules, (("VUL", True), ("SEAT", 1)))
    assert folded.sections[0].guard == Compare(">=", Name("HCP"), Const(12))
    assert fold_facts(rules, (("VUL", False), ("SEAT", 3))).sections[0].guard == TRUE
    assert not isinstance(folded.sections[0].guard, And)


@settings(max_examples=60, deadline=None)
@given(hand=strategies.hands())
def test_a_folded_table_bids_every_hand_as_the_table_does_in_its_facts(hand):
    for a in NODES:
        rules = SAYC.node(a).rules
        for v in VULS:
            context = _facts(v)
            want = program_for(rules).bid_hand(hand, context)
            got = program_for(fold_facts(rules, context)).bid_hand(hand, context)
            assert (got.bid, got.section) == (want.bid, want.section), (a, v, hand)
