"""Folding the facts of the deal into a rules table (openbid.systems.rules.fold): the folded table
makes the same call at the same bid point as the table read in those facts, with every hand;
tables that fold alike are the ones the tree census reads once."""

from __future__ import annotations

import itertools

import strategies
from hypothesis import given, settings
from hypothesis import strategies as st

from openbid.systems.auction import system_of
from openbid.expr.ast import TRUE, And, Compare, Const, Name
from openbid.systems.procedure import program_for
from openbid.systems.rules.fold import fold_facts
from openbid.systems.rules.text import loads
from openbid.systems.variants import load_variant
from reference.gen import CALLS, OPS, conditions

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


# Generated rule files whose guards and conditions mix the facts of the deal (directly, and
# through a definition, as SAYC's OVERBID) with what the hand holds.
FACT_ATOMS = st.one_of(
    st.builds(lambda op, k: f"SEAT {op} {k}", st.sampled_from(OPS), st.integers(1, 4)),
    st.sampled_from(("VUL", "THEYVUL", "not VUL", "VUL and not THEYVUL", "RISK >= 3",
                     "RISK = 2", "SEAT + RISK >= 5", "HCP >= 10 + RISK", "-RISK < -2")),
)
FACT_CONTEXTS = [(("SEAT", s), ("THEYVUL", t), ("VUL", v))
                 for s in (1, 2, 3, 4) for v in (False, True) for t in (False, True)]


@st.composite
def fact_files(draw) -> str:
    lines = ["name facts",
             "define RISK = if VUL and not THEYVUL then 2 else if THEYVUL and not VUL then 4 "
             "else 3"]
    def cond() -> str:  # a fact, and or or a condition that may read more facts
        op = draw(st.sampled_from(("and", "or")))
        return f"({draw(FACT_ATOMS)}) {op} ({draw(conditions(extra=FACT_ATOMS))})"

    for n in sorted(draw(st.sets(st.integers(1, 13), min_size=1, max_size=4))):
        lines.append(f'section {n} "s{n}" when {cond()}')
        for j in range(draw(st.integers(1, 3))):
            lines.append(f"  bid {n}{'abc'[j]} when {cond()} value {draw(st.sampled_from(CALLS))}")
    return "\n".join(lines) + "\n"


def _hands(deals: int) -> list:
    """The four hands of each of the first seeded deals (openbid.bridge.deals)."""
    from openbid.bridge.deals import random_deal, seat_hands
    from openbid.bridge.hand import Hand

    return [Hand.parse(h) for n in range(1, deals + 1)
            for h in seat_hands(random_deal("fold", n)).values()]


HANDS = _hands(10)


@settings(max_examples=60, deadline=None)
@given(text=fact_files(), hand=strategies.hands())
def test_a_generated_table_folded_in_any_facts_bids_as_it_does_there_and_reads_no_fact(
        text, hand):
    from openbid.systems.descriptors import definitions
    from openbid.readers.uses import uses

    rules = loads(text)
    for context in FACT_CONTEXTS:
        folded = fold_facts(rules, context)
        for h in [hand] + HANDS:
            want = program_for(rules).bid_hand(h, context)
            got = program_for(folded).bid_hand(h, context)
            assert (got.bid, got.section) == (want.bid, want.section), (text, context, h)
        read = uses(definitions(folded.readings, folded.definitions), (), folded, outcome=True)
        assert not read.contexts & {"SEAT", "VUL", "THEYVUL"}, text
