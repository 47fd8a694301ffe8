"""The K&R opening bids at the optional and at the mandatory thresholds (docs/KNR.md, "K&R in
rules"): they differ, exactly and only in the optional zone, by census, by the executor on
random hands, and by Z3 on every hand outside the zone."""

from __future__ import annotations

from fractions import Fraction as F

import z3
from hypothesis import given, settings

from openbid.bridge.bids import bid_text
from openbid.hands.evaluators.knr import KNR
from openbid.expr import parse
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.systems.variants import load_variant
from openbid.readers.census.census import Census, Column
from openbid.readers.symbolic import shared_hands
from openbid.checks.diff import diff
from openbid.checks.verdicts import Status, check, new_solver
from strategies import hands

# Seed lines 123-126: 1H, 1S, 1NT optional at 12.0, mandatory at 12.5; 1C, 1D at 13.0 / 13.5.
ZONE = "(KNR >= 12 and KNR < 12.5) or (KNR >= 13 and KNR < 13.5)"
MAJOR_ZONE = (F(12), F(25, 2))
MINOR_ZONE = (F(13), F(27, 2))
OPT, MAN = load_variant("knr-optional"), load_variant("knr-mandatory")


def _knr(hand: Hand) -> F:
    return KNR.hand_value(tuple(hand.to_pbn().split(".")))


def _moves(hand: Hand) -> tuple[str, str]:
    return program_for(OPT).bid_hand(hand).bid, program_for(MAN).bid_hand(hand).bid


def _in_zone_as_bid(bid: str, v: F) -> bool:
    """Where the seed lets a hand opening ``bid`` pass: its group's optional zone."""
    lo, hi = MINOR_ZONE if bid in ("1C", "1D") else MAJOR_ZONE
    return lo <= v < hi


def test_the_diff_is_the_optional_zone_per_bid() -> None:
    d = diff(OPT, MAN, examples=3)
    assert d.equivalent is False and d.changed and d.changed > 0
    assert d.bidval_only == 0
    # every move is from an opening of one level to a pass, at the bid's optional zone
    for t in d.transitions:
        assert t.target == "PASS@14" and t.source.split("@")[0] in ("1C", "1D", "1H", "1S", "1NT")
        assert t.examples
        for pbn in t.examples:
            hand = Hand.parse(pbn)
            assert _moves(hand) == (t.source.split("@")[0], "PASS")
            assert _in_zone_as_bid(t.source.split("@")[0], _knr(hand)), pbn
    # ... and their counts are the census of the optional file's openings in those zones
    # (a census of one file, grouped by bid: another pass than the diff's two-file census)
    groups = Census([OPT]).group([Column("outcome")], where=parse(
        '(KNR >= 12 and KNR < 12.5 and bid != "PASS") or '
        '(KNR >= 13 and KNR < 13.5 and (bid = "1C" or bid = "1D"))'))
    by_bid: dict[str, int] = {}
    for ((bidval, _),), w in groups.weights.items():
        by_bid[bid_text(bidval)] = by_bid.get(bid_text(bidval), 0) + w
    assert by_bid == {t.source.split("@")[0]: t.count for t in d.transitions}
    assert sum(by_bid.values()) == d.changed


@settings(max_examples=400, deadline=None)
@given(hands())
def test_random_hands_differ_only_in_the_zone(hand: Hand) -> None:
    a, b = _moves(hand)
    v = _knr(hand)
    if a != b:
        assert b == "PASS" and _in_zone_as_bid(a, v), (hand.to_pbn(), a, b, v)
    elif not (MAJOR_ZONE[0] <= v < MAJOR_ZONE[1] or MINOR_ZONE[0] <= v < MINOR_ZONE[1]):
        assert a == b


def _solver_outside(zone_expr: str | None):
    sa, sb = shared_hands(OPT, MAN, exprs=[parse(ZONE)])
    assert sa.labels == sb.labels
    s = new_solver()
    s.add(sa.domain)
    if zone_expr:
        s.add(z3.Not(sa.cond(parse(zone_expr))))
    differ = z3.Or(sa.outcome[0] != sb.outcome[0], sa.outcome[1] != sb.outcome[1])
    return s, sa, differ


def test_z3_the_files_bid_alike_outside_the_optional_zone() -> None:
    s, sa, differ = _solver_outside(ZONE)
    premise = check(s)  # not vacuous: there are hands outside the zone
    assert premise.status is Status.SAT
    s.add(differ)
    r = check(s)
    assert r.status is Status.UNSAT, (r.status, r.reason)


def test_z3_the_proof_can_fail() -> None:
    # Over every hand (the zone allowed), Z3 finds a hand that moves; the executables agree.
    s, sa, differ = _solver_outside(None)
    s.add(differ)
    r = check(s)
    assert r.status is Status.SAT and r.model is not None
    hand = sa.witness(r.model)
    a, b = _moves(hand)
    assert a != b and _in_zone_as_bid(a, _knr(hand))
