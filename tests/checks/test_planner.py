"""The counting planner against independent methods: a dynamic programme over the 52 cards (each
card to N, to S, or to another seat), the census, and the generating functions of
openbid.hands.evaluators.distribution."""

from __future__ import annotations

from functools import lru_cache
from math import comb, factorial

import pytest

from openbid.base.errors import OpenbidError
from openbid.checks import planner

DEALS = factorial(52) // factorial(13) ** 4
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def card_dp(n_hcp_lo: int, n_hcp_hi: int, fit: int, *, hcp: bool = True) -> int:
    """Deals with N's HCP in [lo, hi] and N + S holding at least ``fit`` spades, card by card."""
    cards = [(suit, r) for suit in "SHDC" for r in "AKQJT98765432"]

    @lru_cache(maxsize=None)
    def go(i: int, n: int, s: int, pts: int, spades: int) -> int:
        if n > 13 or s > 13 or i - n - s > 26:
            return 0
        if i == 52:
            ok = n == 13 and s == 13 and spades >= fit and (
                not hcp or n_hcp_lo <= pts <= n_hcp_hi)
            return 1 if ok else 0
        suit, r = cards[i]
        sp = suit == "S"
        return (go(i + 1, n + 1, s, min(pts + POINTS.get(r, 0), 40), spades + sp)
                + go(i + 1, n, s + 1, pts, spades + sp)
                + go(i + 1, n, s, pts, spades))

    return go(0, 0, 0, 0, 0) * comb(26, 13)


def test_single_hand_hcp_against_distribution() -> None:
    from openbid.hands.evaluators.distribution import distribution
    from openbid.hands.registry import registry
    from openbid.hands.evaluators.distribution import Separable

    t = registry().default("SUITPOINTS", 1)
    dist = distribution(Separable(t.reads, t.value, lambda p: 0))  # type: ignore[union-attr]
    want = sum(w for v, w in dist.items() if 15 <= v <= 17)
    got = planner.count("HCP >= 15 and HCP <= 17")
    assert got is not None and got.exact and got.unit == "hands"
    assert got.count == want


def test_lengths_and_points_against_card_dp_one_hand() -> None:
    """One hand: HCP and spade length mixed (the suit-by-suit path), against a card DP."""
    @lru_cache(maxsize=None)
    def go(i: int, n: int, pts: int, spades: int) -> int:
        if n > 13 or i - n > 39:
            return 0
        if i == 52:
            return 1 if n == 13 and pts >= 12 and spades >= 5 else 0
        r = "AKQJT98765432"[i % 13]
        return go(i + 1, n + 1, min(pts + POINTS.get(r, 0), 12), spades + (i < 13)) + go(
            i + 1, n, pts, spades)

    got = planner.count("HCP >= 12 and SUITLENGTH(S) >= 5")
    assert got is not None and got.count == go(0, 0, 0, 0)


def test_two_hand_fit_against_card_dp() -> None:
    got = planner.count("N.SUITLENGTH(S) + S.SUITLENGTH(S) >= 8")
    assert got is not None and got.exact and got.unit == "deals" and got.total == DEALS
    assert got.count == card_dp(0, 40, 8, hcp=False)


@pytest.mark.slow
def test_done_when_two_hand_count_against_card_dp() -> None:
    text = "N.HCP >= 15 and N.HCP <= 17 and N.SUITLENGTH(S) + S.SUITLENGTH(S) >= 8"
    got = planner.count(text)
    assert got is not None and got.exact
    assert got.count == card_dp(15, 17, 8)


def test_not_linear_is_not_exact_and_estimate_is_labelled() -> None:
    text = "max(N.SUITLENGTH(S), S.SUITLENGTH(S)) >= 5"
    assert planner.count(text) is None
    est = planner.estimate(text, samples=2000, seed=3)
    assert not est.exact and est.method.startswith("ESTIMATE")
    assert est.low <= est.probability <= est.high
    none = planner.count("N.SUITLENGTH(S) <= 4 and S.SUITLENGTH(S) <= 4")  # the complement
    assert none is not None
    assert est.low < 1 - none.probability < est.high


def test_seats_are_errors_elsewhere_and_mixing_is_an_error() -> None:
    from openbid.base.errors import ExprError
    from openbid.expr.parser import parse

    with pytest.raises(ExprError, match="names a seat"):
        parse("N.HCP >= 12")
    with pytest.raises(OpenbidError, match="name the seat"):
        planner.parse_condition("N.HCP >= 12 and HCP >= 3")


def test_cli_count_plain(capsys) -> None:
    from openbid.cli.main import main

    assert main(["count", "HCP >= 15 and HCP <= 17"]) == 0
    out = capsys.readouterr().out
    assert f"{planner.count('HCP >= 15 and HCP <= 17').count:,} of 635,013,559,600" in out  # type: ignore[union-attr]
    assert main(["count", "max(N.HCP, S.HCP) >= 15", "--samples", "200"]) == 0
    out = capsys.readouterr().out
    assert out.count("ESTIMATE:") == 2 and "95% interval" in out
    assert main(["count", "max(N.HCP, S.HCP) >= 15", "--samples", "200", "--json"]) == 0
    import json

    row = json.loads(capsys.readouterr().out)
    assert row["exact"] is False and row["label"] == "ESTIMATE" and len(row["ci95"]) == 2
    assert main(["count", "N.SUITLENGTH(S) >= 14"]) == 2
    assert "selects no deal" in capsys.readouterr().err


def test_a_condition_too_long_written_out_is_not_counted_exactly():
    """A hand's condition made from a rules table shares its subtrees (every earlier guard
    negated at each bid point): 21 distinct nodes here, a million written out. It is refused at
    once, never walked node by node (a 50-point rule file's table findings took minutes)."""
    from openbid.expr import parse
    from openbid.expr.ast import And

    e = parse("HCP >= 10")
    for _ in range(20):
        e = And((e, e))
    with pytest.raises(planner.NotExact, match="size"):
        planner.count_deals({"N": e})
    small = e
    for _ in range(10):  # 2,047 nodes written out: counted as before
        small = small.items[0]
    assert planner.count_deals({"N": small}) == planner.count_deals({"N": parse("HCP >= 10")}) > 0
