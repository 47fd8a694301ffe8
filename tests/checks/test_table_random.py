"""Findings at the table against deals dealt at random and bid by the executor, for random
conditions on the bidder's hand: a condition some dealt deal meets at the node is never said to
be out of reach, one proved out of reach is met by no dealt deal, and the probability (exact, or
an estimate) is not contradicted by the count of dealt deals (binomial tails)."""

from __future__ import annotations

import math
import random

import pytest

from openbid.bridge.hand import Hand
from openbid.systems.auction import load_system
from openbid.systems.evaluate import holds
from openbid.checks import table as T

SYSTEM = """\
name rnd
section 1 "open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP and HCP <= 17 value 1NT
  for suit in S, H
    bid major when SUITLENGTH(suit) >= 5 value 1 suit
  bid clubs when true value 1C

auction "1 s" where s in SUITS else pass
  section 1 "Overcall" when 8 <= HCP and HCP <= 16
    for t in S, H, D, C
      bid one when t > s and SUITLENGTH(t) >= 5 value 1 t
"""

NODES = (("1C",), ("1S",), ("PASS", "1H"), ("PASS", "PASS", "1C"), ("PASS",))


def conditions(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        suit = rng.choice("SHDC")
        a = f"HCP {rng.choice(('>=', '<=', '='))} {rng.randint(0, 22)}"
        b = f"SUITLENGTH({suit}) {rng.choice(('>=', '<='))} {rng.randint(0, 9)}"
        out.append(f"{a} and {b}" if rng.random() < 0.7 else f"{a} or {b}")
    return out


def dealt(seed: int, n: int):
    rng = random.Random(seed)
    deck = [(s, r) for s in range(4) for r in "AKQJT98765432"]
    for _ in range(n):
        rng.shuffle(deck)
        yield [Hand.from_suits(*("".join(r for s2, r in sorted(
            deck[13 * i:13 * i + 13], key=lambda c: "AKQJT98765432".index(c[1]))
            if s2 == s) for s in range(4))) for i in range(4)]


def brute(system, node, cond, deals):
    """(hits, deals): deals whose calls along ``node`` are the executor's and whose bidder's
    hand meets ``cond``."""
    rules = system.node(node).rules
    ctx = (("SEAT", len(node) % 4 + 1), ("THEYVUL", False), ("VUL", False))
    hits = 0
    for hands in deals:
        if all(system.call(node[:t], hands[t % 4]).call == node[t] for t in range(len(node))):
            hits += holds(cond, hands[len(node) % 4], rules, ctx)
    return hits, len(deals)


def check(system, node, text, deals):
    cond = system.node(node).rules.parse(text, want="bool")
    got = T.at_table(system, node, cond, budget=T.Budget(deals=4000, seed=3))
    hits, n = brute(system, node, cond, deals)
    if hits:
        assert got.at_table is True, (node, text, hits)
    if got.at_table is False:
        assert hits == 0 and got.probability.value == 0
        return
    if got.at_table:
        assert T.rebid(system, node, "N", "none", got.deal) is None
    p = got.probability
    # the dealt deals' count is not improbable under the table's figure: at most a one in a
    # thousand chance of so many hits at its upper end, or so few at its lower end (an
    # interval of a share of few hits is too coarse to compare: binomial tails instead)
    assert tail(hits, n, p.high, up=True) > 1e-3, (node, text, hits, n, p)
    assert tail(hits, n, p.low, up=False) > 1e-3, (node, text, hits, n, p)


def tail(k: int, n: int, p: float, up: bool) -> float:
    """P(X >= k) (``up``) or P(X <= k) for X binomial(n, p)."""
    if p <= 0:
        return 1.0 if (not up or k == 0) else 0.0
    if p >= 1:
        return 1.0 if (up or k == n) else 0.0
    def pmf(i: int) -> float:
        return math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                        + i * math.log(p) + (n - i) * math.log1p(-p))
    return sum(pmf(i) for i in (range(k, n + 1) if up else range(0, k + 1)))


@pytest.fixture(scope="module")
def system(tmp_path_factory):
    path = tmp_path_factory.mktemp("rnd") / "rnd.rules"
    path.write_text(SYSTEM)
    return load_system(str(path))


@pytest.fixture(scope="module")
def deals():
    return list(dealt(17, 2500))


def test_random_conditions_agree_with_deals_bid_by_the_executor(system, deals):
    rng = random.Random(5)
    for text in conditions(rng, 6):
        check(system, rng.choice(NODES), text, deals)


@pytest.mark.slow
def test_many_random_conditions_agree_with_deals_bid_by_the_executor(system, deals):
    rng = random.Random(6)
    for text in conditions(rng, 60):
        check(system, rng.choice(NODES), text, deals)
