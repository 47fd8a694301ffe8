"""Findings at the table (openbid.checks.table): a deal reaching the node with the bidder's hand
in the finding, re-bid by the executor, or a proof that none exists; and the probability that a
random deal does, exact (checked here by an independent two-hand count) or an ESTIMATE (checked
against deals dealt at random and bid by the executor)."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest

from openbid.base.errors import OpenbidError
from openbid.base.stats import wilson
from openbid.bridge.hand import Hand
from openbid.expr.ast import TRUE
from openbid.systems.auction import load_system, point_expr
from openbid.systems.evaluate import holds
from openbid.checks import table as T
from openbid.checks.planner import NotExact, count_deals

# 1S with five spades; responder raises with 0-8 spades: only a hand with 9+ spades falls
# through, and none exists opposite five spades (in isolation only).
ISOLATED = """\
name isolated
section 1 "open"
  bid one when SUITLENGTH(S) >= 5 value 1S

auction "1S P"
  section 1 "respond"
    bid raise when SUITLENGTH(S) <= 8 value 2S
"""

# The same, but responder raises with 3-8 spades or bids 2H with five hearts: a hand with at
# most two spades and four hearts falls through, and real deals hold it.
REACHED = """\
name reached
section 1 "open"
  bid one when SUITLENGTH(S) >= 5 value 1S

auction "1S P"
  section 1 "respond"
    bid raise when SUITLENGTH(S) >= 3 and SUITLENGTH(S) <= 8 value 2S
    bid hearts when SUITLENGTH(H) >= 5 value 2H
"""

SMALL = """\
name small
section 1 "open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP and HCP <= 17 value 1NT
  for suit in S, H
    bid major when SUITLENGTH(suit) >= 5 value 1 suit
  bid diamonds when SUITLENGTH(D) > SUITLENGTH(C) value 1D
  bid clubs when true value 1C

auction "1 m P" where m in MINORS else pass
  section 1 "Raise"
    bid raise when SUITLENGTH(m) >= 5 and 6 <= HCP and HCP <= 9 value 2 m

auction "1 s" where s in SUITS else pass
  section 1 "Overcall" when 8 <= HCP and HCP <= 16
    for t in S, H, D, C
      bid one when t > s and SUITLENGTH(t) >= 5 value 1 t
      bid two when t < s and SUITLENGTH(t) >= 6 and HCP >= 10 value 2 t
"""


def system(tmp_path, text: str, name: str):
    p = tmp_path / f"{name}.rules"
    p.write_text(text)
    return load_system(str(p))


def gap(sys_, auction: str):
    """The gap at ``auction``: written out (falling through) and as the executor reads it."""
    node = sys_.node(auction)
    lb = node.rules.pass_label
    return point_expr(node.rules, lb), node.rules.parse(f'section = "{lb}"', want="bool")


def test_a_gap_only_impossible_hands_fall_into_is_in_isolation_only(tmp_path):
    s = system(tmp_path, ISOLATED, "isolated")
    cond, check = gap(s, "1S P")
    # in isolation the gap is real: hands with nine or more spades fall through
    assert holds(check, Hand.parse("AKQJT9876.2.2.32"), s.node("1S P").rules)
    got = T.at_table(s, "1S P", cond, check=check)
    assert got.at_table is False and got.deal is None
    assert got.probability.exact and got.probability.value == 0
    assert got.how.startswith("no deal reaches the node") and "proved" in got.how
    j = got.json()
    assert j["at_table"] is False and j["deal"] is None and j["interval"] is None


def independent_gap_count() -> int:
    """Pairs (opener, responder) of hands, disjoint: opener five or more spades, responder at
    most two spades and four hearts, or nine or more spades. Counted over suit lengths alone
    (spades, hearts, the 26 minor cards), not by openbid."""
    total = 0
    for sn in range(5, 14):
        for hn in range(14 - sn):
            rn = 13 - sn - hn
            wn = comb(13, sn) * comb(13, hn) * comb(26, rn)
            for ss in range(14):
                for hs in range(14 - ss):
                    if not ((ss <= 2 and hs <= 4) or ss >= 9):
                        continue
                    rs = 13 - ss - hs
                    total += wn * comb(13 - sn, ss) * comb(13 - hn, hs) * comb(26 - rn, rs)
    return total


def test_a_gap_real_deals_reach_has_a_re_bid_deal_and_its_exact_probability(tmp_path):
    s = system(tmp_path, REACHED, "reached")
    cond, check = gap(s, "1S P")
    got = T.at_table(s, "1S P", cond, check=check)
    assert got.at_table is True
    deal = got.deal
    assert s.call((), deal["N"]).call == "1S" and s.call(("1S",), deal["E"]).call == "PASS"
    assert holds(check, deal["S"], s.node("1S P").rules)  # falls through, by the executor
    assert sum(len(h.to_pbn()) - 3 for h in deal.values()) == 52
    p = got.probability
    assert p.exact and "generating functions" in p.method
    assert p.value == independent_gap_count() / (comb(52, 13) * comb(39, 13))
    j = got.json()
    assert j["at_table"] is True and j["deal"].startswith("N:") and j["dealer"] == "N"
    assert j["interval"] is None and j["exact"] is True


def test_the_dealer_and_the_vulnerability_are_the_table_s(tmp_path):
    s = system(tmp_path, REACHED, "reached")
    cond, check = gap(s, "1S P")
    got = T.at_table(s, "1S P", cond, check=check, dealer="W", vul="EW")
    assert got.bidder == "E" and got.at_table is True and got.dealer == "W"
    assert s.call((), got.deal["W"]).call == "1S"
    assert got.probability.value == pytest.approx(
        independent_gap_count() / (comb(52, 13) * comb(39, 13)))


def brute_share(s, auction: tuple[str, ...], bidder_cond, deals: int, seed: int):
    """Deals dealt at random (Python's random, not numpy), each seat's calls along the auction
    made by the executor, the bidder's hand read by the executor: (hits, deals)."""
    rng = random.Random(seed)
    deck = [(suit, r) for suit in range(4) for r in "AKQJT98765432"]
    node = s.node(auction)
    hits = 0
    for _ in range(deals):
        rng.shuffle(deck)
        hands = [Hand.from_suits(*("".join(r for s2, r in sorted(
            deck[13 * i:13 * i + 13], key=lambda c: "AKQJT98765432".index(c[1])) if s2 == suit)
            for suit in range(4))) for i in range(4)]
        if all(s.call(auction[:t], hands[t % 4]).call == auction[t] for t in range(len(auction))):
            hits += holds(bidder_cond, hands[len(auction) % 4], node.rules,
                          (("SEAT", len(auction) % 4 + 1), ("THEYVUL", False), ("VUL", False)))
    return hits, deals


def test_an_estimate_agrees_with_deals_bid_by_the_executor(tmp_path):
    s = system(tmp_path, SMALL, "small")
    a = ("1C", "PASS")
    cond = s.node(a).rules.parse("HCP >= 10", want="bool")
    got = T.at_table(s, a, cond, budget=T.Budget(deals=20_000))
    assert got.at_table is True
    p = got.probability
    assert not p.exact and p.low < p.value < p.high and "ESTIMATE" in p.method
    assert T.rebid(s, a, "N", "none", got.deal) is None
    hits, n = brute_share(s, a, cond, 6000, seed=11)
    lo, hi = wilson(hits, n)
    assert lo <= p.high and p.low <= hi, (hits, n, p)  # the two intervals meet
    assert got.json()["interval"] == [p.low, p.high]


def test_an_estimate_is_the_same_for_the_same_seed(tmp_path):
    s = system(tmp_path, SMALL, "small")
    cond = s.node(("1C", "PASS")).rules.parse("HCP >= 10", want="bool")
    a = T.at_table(s, "1C P", cond, budget=T.Budget(deals=2000, seed=5))
    b = T.at_table(s, "1C P", cond, budget=T.Budget(deals=2000, seed=5))
    c = T.at_table(s, "1C P", cond, budget=T.Budget(deals=2000, seed=6))
    assert a.probability == b.probability and a.deal_text() == b.deal_text()
    assert c.probability.value != a.probability.value


def test_the_anchor_is_drawn_uniformly_among_its_hands(tmp_path):
    """The anchor's hands, drawn by merged classes, have the census's exact distribution of
    HCP (1NT: 15, 16, 17) within sampling error."""
    s = system(tmp_path, SMALL, "small")
    conds = T.seat_conditions(s, ("1NT",), "N", "none")
    got = T.sample(s, ("1NT",), "N", "none", conds, 20_000, seed=3)
    assert got.anchor == "N" and got.n_kept == 20_000  # E's pass over 1NT: off-system
    points = {"A": 4, "K": 3, "Q": 2, "J": 1}
    hcp = [sum(points.get(c, 0) for c in T.hand_of(m).to_pbn()) for m in got.masks["N"]]
    share = {v: hcp.count(v) / len(hcp) for v in (15, 16, 17)}
    exact = {15: 0.435, 16: 0.328, 17: 0.237}  # the census (explain's own-calls view)
    for v in exact:
        assert abs(share[v] - exact[v]) < 0.02, (v, share[v])
    cards = np.concatenate([got.masks[x] for x in "NESW"], axis=1)
    for row in cards[:50]:  # 52 distinct cards per deal
        assert sum(bin(int(m)).count("1") for m in row) == 52
        assert int(np.bitwise_or.reduce(row[[0, 4, 8, 12]])) == (1 << 13) - 1


def test_written_out_calls_count_as_the_rules_do(tmp_path):
    """A player's calls written out in descriptors and read through chose() (the rules'
    tables) meet the same hands."""
    s = system(tmp_path, SMALL, "small")
    for a, seat in ((("1C", "PASS"), 0), (("1C", "PASS"), 1), (("PASS", "PASS", "1D"), 0),
                    (("1NT",), 0)):
        ctx = {"SEAT": seat + 1, "VUL": False, "THEYVUL": False}
        w = T.count_one(s.rules, T.history(s, a, seat), ctx)
        c = T.count_one(s.rules, s.consistent(a, seat), ctx)
        assert w == c and w > 0, (a, seat)


def test_count_deals_reads_a_file_s_defines_and_refuses_another_reading(tmp_path):
    s = system(tmp_path, "name d\ndefine LONGS = SUITLENGTH(S) >= 5\nsection 1 \"x\"\n"
               "  bid a when LONGS value 1S\n", "d")
    from openbid.systems.descriptors import definitions

    defs = definitions(s.rules.readings, s.rules.definitions)
    e = s.rules.parse("LONGS", want="bool")
    n = count_deals({"N": e, "S": e}, defs)
    want = sum(comb(13, a) * comb(39, 13 - a) * comb(13 - a, b) * comb(26 + a, 13 - b)
               for a in range(5, 14) for b in range(5, 14 - a))
    assert n == want * comb(26, 13)  # E and W take the other 26 cards in every way
    played = system(tmp_path, "name p\nreadings playtricks=procedure\nsection 1 \"x\"\n"
                    "  bid a when PLAYTRICKS >= 8 value 1S\n", "p")
    pdefs = definitions(played.rules.readings, played.rules.definitions)
    with pytest.raises(NotExact):
        count_deals({"N": played.rules.parse("PLAYTRICKS >= 8", want="bool")}, pdefs)


@pytest.mark.parametrize("auction, words", [
    ("1NT P 7NT P", "not reached"),
    ("1NT 1C", "1C is not higher than 1NT"),
])
def test_an_auction_the_system_does_not_reach_is_one_clear_error(tmp_path, auction, words):
    s = system(tmp_path, SMALL, "small")
    with pytest.raises(OpenbidError, match=words):
        a = T.checked_auction(s, auction)
        conds = T.seat_conditions(s, a, "N", "none")
        for seat in "NESW":
            if conds[seat] != TRUE and T.count_one(s.rules, conds[seat],
                                                   T.context("N", "none", seat)) == 0:
                raise T.not_reached(s, a, T.offset("N", seat))


def test_the_vulnerability_words_map_to_the_deal():
    assert T.deal_vul("N", "we") == "NS" and T.deal_vul("E", "we") == "EW"
    assert T.deal_vul("S", "they") == "EW" and T.deal_vul("W", "both") == "both"
    assert T.seat_vul("NS", "E") == "they"
    with pytest.raises(OpenbidError):
        T.deal_vul("N", "sideways")


def test_a_hand_from_rank_masks_is_the_hand_its_text_reads():
    """The holdings made once per mask make the hand that the masks' text parses to; a row
    that is not thirteen cards is refused by the parser, naming the count."""
    from openbid.bridge.ranks import RANKS
    from openbid.sim.deals import deals

    def text(row) -> list[str]:
        return ["".join(r for j, r in enumerate(RANKS) if int(m) >> (12 - j) & 1) for m in row]

    rows = deals(11, 0, 500).reshape(-1, 4)
    for row in rows:
        assert T.hand_of(row) == Hand.from_suits(*text(row))
    with pytest.raises(Exception, match="14"):
        T.hand_of([(1 << 13) - 1, 1, 0, 0])
