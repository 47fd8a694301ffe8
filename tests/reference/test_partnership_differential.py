"""Partnership claims on random systems against the reference: after an auction the reference
bids (its own interpreter at every node), a claim about N and S is proved with Z3
(openbid.checks.partnership) and checked on dealt deals:

* FAILED: the witness deal is re-read by the reference: both partners make their calls, the
  condition fails;
* HELD: no dealt deal where both partners make their calls fails the condition;
* VACUOUS: no dealt deal has both partners making their calls.

The auction comes from a dealt deal (the one with the most calls other than pass of the
first 200), so some deal makes it; the bound ``k`` of the claim is the
least value seen on the dealt deals consistent with it (HELD when that is the true least, else
FAILED with a deal below it), or one more (FAILED). A fast profile by default, a long one under
``-m slow``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openbid.bridge.deals import random_deal, seat_hands
from openbid.systems.auction import system_of
from openbid.systems.auction_facts import ended, illegal
from openbid.bridge.hand import Hand
from openbid.systems.rules.text import loads
from openbid.checks.pair import parse_seated
from openbid.checks.partnership import partnership_claim
from openbid.checks.verdicts import Verdict

from reference.interp import Facts, Hand1, bid_text
from reference.test_nodes_differential import systems

FAST = settings(max_examples=3, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LONG = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SEATS = "NESW"
DEALS = 3000
# (the claim's text with {k}, the quantity it bounds below, on the reference's facts)
QUANTITIES = (
    ("N.HCP + S.HCP >= {k}", lambda n, s: n.hcp + s.hcp),
    ("N.SUITLENGTH(H) + S.SUITLENGTH(H) >= {k}", lambda n, s: n.lengths[2] + s.lengths[2]),
    ("S.HCP >= {k}", lambda n, s: s.hcp),
    ("N.SUITLENGTH(C) >= {k}", lambda n, s: n.lengths[0]),
)


def deal(seed: int, number: int) -> dict[str, Hand]:
    return {k: Hand.parse(v) for k, v in seat_hands(random_deal(seed, number)).items()}


def ref_call(system, auction: tuple[str, ...], hand: Hand) -> str:
    rules = None if ended(auction) else system.node(auction).rules
    return "PASS" if rules is None else bid_text(Hand1(rules, Facts.of(hand)).outcome()[0])


def makes(system, auction: tuple[str, ...], seat: int, hand: Hand) -> bool:
    """Does ``hand``, at ``seat`` (0 the dealer), make that seat's calls in ``auction``?"""
    return all(ref_call(system, auction[:t], hand) == auction[t]
               for t in range(seat, len(auction), 4))


def bid_out(system, d: dict[str, Hand], limit: int) -> tuple[str, ...]:
    a: tuple[str, ...] = ()
    while not ended(a) and len(a) < limit:
        call = ref_call(system, a, d[SEATS[len(a) % 4]])
        if illegal(a, call):  # a random system's double of partner's bid: the auction stops
            break
        a += (call,)
    return a


def check_claims(text: str, seed: int, cut: int, which: int) -> None:
    system = system_of(loads(text))
    deals = [deal(seed, i) for i in range(1, DEALS + 1)]
    # the auction of the first of 200 deals with the most calls other than pass
    auction = max((bid_out(system, d, cut) for d in deals[:200]),
                  key=lambda a: sum(c != "PASS" for c in a))
    both = [(Facts.of(d["N"]), Facts.of(d["S"])) for d in deals
            if makes(system, auction, 0, d["N"]) and makes(system, auction, 2, d["S"])]
    assert both  # a deal made the auction
    form, quantity = QUANTITIES[which]
    least = min(quantity(n, s) for n, s in both)
    for k in (least, least + 1):
        got = partnership_claim(system, " ".join(auction), parse_seated(form.format(k=k)))
        where = f"after {' '.join(auction)}: {form.format(k=k)}"
        if got.verdict is Verdict.FAILED:
            assert got.deal is not None
            n, s = got.deal["N"], got.deal["S"]
            assert makes(system, auction, 0, n) and makes(system, auction, 2, s), where
            assert quantity(Facts.of(n), Facts.of(s)) < k, where
        else:
            assert got.verdict is Verdict.HELD, (where, got.verdict, got.reason)
            assert k == least, where  # a dealt deal shows least + 1 fails


@st.composite
def cases(draw):
    return (draw(systems()), draw(st.integers(0, 2**32 - 1)), draw(st.integers(1, 6)),
            draw(st.integers(0, len(QUANTITIES) - 1)))


@FAST
@given(cases())
def test_partnership_claims_of_a_random_system_agree_with_dealt_deals(case):
    check_claims(*case)


@pytest.mark.slow
@LONG
@given(cases())
def test_partnership_claims_of_a_random_system_agree_with_dealt_deals_long(case):
    check_claims(*case)
