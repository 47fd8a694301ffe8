"""Seeded deals (openbid.sim.deals): a function of the seed and the deal's index alone (any range,
any grouping), each a deal of the 52 cards, uniform: the shares of hand patterns and of each
card's seat agree with their exact probabilities, and a deal whose keys tie is drawn again."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from openbid.base.errors import OpenbidError
from openbid.base.stats import wilson
from openbid.bridge.deals import canonical
from openbid.sim import deals as D

Z_TEST = 4.4  # an interval of about 1 - 1e-5: a failure is a bug, not bad luck


def cards_of(deal: np.ndarray) -> list[set[int]]:
    """Each seat's cards (0 = the ace of spades ... 51 = the two of clubs)."""
    return [{13 * s + (12 - b) for s in range(4) for b in range(13) if deal[seat, s] >> b & 1}
            for seat in range(4)]


def test_every_deal_deals_each_card_once_thirteen_to_a_seat() -> None:
    got = D.deals(3, 0, 2000)
    assert got.shape == (2000, 4, 4) and got.dtype == np.int16
    for deal in got[:300]:
        seats = cards_of(deal)
        assert [len(s) for s in seats] == [13, 13, 13, 13]
        assert set().union(*seats) == set(range(52))
    # all at once: the masks of the four seats cover each suit exactly once
    assert (np.bitwise_or.reduce(got, axis=1) == 8191).all()
    assert (np.bitwise_and(got[:, 0], got[:, 1]) == 0).all()


def test_a_deal_depends_on_the_seed_and_its_index_alone() -> None:
    whole = D.deals(11, 0, 3 * D.CHUNK + 500)
    # any range, across chunk boundaries, alone or in pieces
    for first, count in ((0, 10), (D.CHUNK - 5, 12), (2 * D.CHUNK + 7, 40), (3 * D.CHUNK, 500)):
        assert (D.deals(11, first, count) == whole[first:first + count]).all()
    pieces = [D.deal_range(11, c, a, b) for c, a, b in D.spans(100, 2 * D.CHUNK + 3)]
    assert (np.concatenate(pieces) == whole[100:2 * D.CHUNK + 3]).all()
    assert not (D.deals(12, 0, 50) == whole[:50]).all(axis=(1, 2)).any()
    assert D.spans(D.CHUNK - 2, D.CHUNK + 3) == [(0, D.CHUNK - 2, D.CHUNK), (1, 0, 3)]


def test_a_deal_whose_keys_tie_is_drawn_again(monkeypatch) -> None:
    """With 12 random bits a card (instead of 26) about one deal in four has two equal keys:
    those deals are drawn again from their own stream, and a range of the chunk still gives the
    same deals as the whole chunk."""
    monkeypatch.setattr(D, "KEY_BITS", 12)
    bg = np.random.PCG64(np.random.SeedSequence(5, spawn_key=(0,)))
    first_keys = D._keys(bg.random_raw(D.WORDS * 400).reshape(400, D.WORDS))
    tied = D._tied(first_keys)
    assert 40 < len(tied) < 200
    got = D.deal_range(5, 0, 0, 400)
    untied = np.setdiff1d(np.arange(400), tied)
    plain = D.masks_of(first_keys & np.uint32(63))  # the deals as first drawn
    assert (got[untied] == plain[untied]).all()
    assert not (got[tied] == plain[tied]).all(axis=(1, 2)).any()
    for deal in got[tied[:20]]:
        assert sorted(len(s) for s in cards_of(deal)) == [13] * 4
    assert (D.deal_range(5, 0, 150, 400) == got[150:]).all()


def _pattern_probability(pattern: tuple[int, ...]) -> float:
    """P(a hand's suit lengths, longest first, are ``pattern``): exact."""
    from itertools import permutations

    ways = sum(np.prod([comb(13, n) for n in p]) for p in set(permutations(pattern)))
    return ways / comb(52, 13)


def test_hand_patterns_and_card_seats_are_as_likely_as_they_should_be() -> None:
    got = D.deals(2024, 0, 60_000)
    lengths = np.zeros((len(got), 4, 4), dtype=np.int64)
    for b in range(13):
        lengths += (got >> b) & 1
    patterns = -np.sort(-lengths.reshape(-1, 4), axis=1)  # every seat's hand
    n = len(patterns)
    for pattern in ((4, 4, 3, 2), (5, 3, 3, 2), (4, 3, 3, 3), (5, 4, 2, 2), (6, 3, 2, 2),
                    (7, 3, 2, 1), (5, 5, 2, 1)):
        k = int((patterns == pattern).all(axis=1).sum())
        low, high = wilson(k, n, Z_TEST)
        assert low <= _pattern_probability(pattern) <= high, (pattern, k / n)
    # the ace of spades and the two of clubs: in each seat a quarter of the time
    for suit, bit in ((0, 12), (3, 0)):
        for seat in range(4):
            k = int(((got[:, seat, suit] >> bit) & 1).sum())
            low, high = wilson(k, len(got), Z_TEST)
            assert low <= 0.25 <= high
    hcp = sum(((got >> (12 - i)) & 1).sum(axis=2) * (4 - i) for i in range(4))
    assert abs(hcp.mean() - 10) < 0.05  # sd 4.13 per hand, 240,000 hands: 5 sd is 0.04


def test_one_deal_for_people_and_for_the_executor() -> None:
    deal = D.deals(1, 0, 1)[0]
    key = D.deal_key(deal)
    assert canonical(key) == key
    hands = D.hands_of(deal)
    assert " ".join(hands[s].to_pbn() for s in "NESW") == key[2:]


def test_dealer_and_vulnerability_by_the_board_cycle() -> None:
    assert D.dealers("E", 0, 3) == 1 and D.vulnerabilities("both", 0, 3) == 3
    assert D.dealers("cycle", 0, 5).tolist() == [0, 1, 2, 3, 0]
    assert D.vulnerabilities("cycle", 15, 3).tolist() == [D.VULS.index("EW"), 0, 1]
    assert (D.dealer_of("cycle", 17), D.vul_of("cycle", 17)) == ("E", "NS")


@pytest.mark.parametrize("seed", ["-1", "x", "1.5", str(2 ** 63), True])
def test_a_bad_seed_is_refused(seed) -> None:
    with pytest.raises(OpenbidError, match="seed"):
        D.check_seed(seed)
    assert D.check_seed("42") == 42
