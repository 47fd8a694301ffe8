"""The laws of the auction the node checks read: ended auctions, legal calls."""

from __future__ import annotations

import pytest

from openbid.verify.calls import bid_rank, bidder_vul, ended, illegal


def a(text: str) -> tuple[str, ...]:
    return tuple(text.split())


@pytest.mark.parametrize("text,done", [
    ("", False), ("PASS PASS PASS", False), ("PASS PASS PASS PASS", True),
    ("1C PASS PASS", False), ("1C PASS PASS PASS", True), ("PASS 1C PASS PASS PASS", True),
    ("1C X PASS PASS", False), ("1C X PASS PASS PASS", True), ("PASS PASS PASS 1S", False),
])
def test_an_auction_ends_after_three_passes_following_a_bid_or_four_passes(text, done):
    assert ended(a(text)) is done


@pytest.mark.parametrize("text,call,why", [
    ("", "1C", ""), ("", "PASS", ""), ("", "X", "X with no bid to double"),
    ("1C", "1C", "1C is insufficient over 1C"), ("1NT", "2C", ""), ("1NT PASS", "1S",
                                                                    "1S is insufficient over 1NT"),
    ("1C", "X", ""), ("1C PASS", "X", "X of partner's 1C"), ("1C PASS PASS", "X", ""),
    ("1C X", "XX", ""), ("1C X PASS", "XX", "XX of partner's double"), ("1C X", "X", "X of X"),
    ("1C X XX", "XX", "XX of a redouble"), ("1C", "XX", "XX of 1C"),
    ("1C X PASS PASS", "XX", ""), ("1C PASS PASS PASS", "PASS", "the auction has ended"),
])
def test_a_call_is_legal_or_says_why_not(text, call, why):
    assert illegal(a(text), call) == why


def test_bid_ranks_run_from_1c_to_7nt():
    assert bid_rank("1C") == 1 and bid_rank("1NT") == 5 and bid_rank("7NT") == 35
    assert bid_rank("PASS") is None and bid_rank("X") is None
    assert [bidder_vul(v, t) for v in (False, True) for t in (False, True)] == \
        ["none", "they", "we", "both"]
