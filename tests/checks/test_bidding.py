"""Whole deals bid by one system (``bid_deal``): the auction runs from the dealer, ends by the
rules of bridge, and names the contract and declarer it ends in."""

from __future__ import annotations

from openbid.bridge.deals import random_boards, seat_hands
from openbid.bridge.hand import Hand
from openbid.systems.auction import load_system

SEATS = "NESW"


def test_auctions_end_properly_and_name_their_contract() -> None:
    system = load_system("sayc")
    opened = passed = 0
    for b in random_boards(40, "bidding"):
        hands = {s: Hand.parse(h) for s, h in seat_hands(b.deal).items()}
        got = system.bid_deal(hands, b.dealer, b.vul)
        calls = list(got.auction)
        bids = [i for i, c in enumerate(calls) if c not in ("PASS", "X", "XX")]
        if not bids:
            assert calls == ["PASS"] * 4 and got.contract == "PASS" and got.declarer is None
            passed += 1
            continue
        opened += 1
        assert calls[-3:] == ["PASS"] * 3 and len(calls) >= 4
        last = calls[bids[-1]]
        assert got.contract.rstrip("X") == last
        side = [SEATS[(SEATS.index(b.dealer) + i) % 4] for i in bids
                if (i - bids[-1]) % 2 == 0 and calls[i][1:] == last[1:]]
        assert got.declarer == side[0]
        assert got.off_system >= 0
        assert len(got.choices) == len(calls)
    assert opened  # random boards are mostly opened


def test_a_deal_of_four_flat_tens_is_passed_out() -> None:
    # Each hand 10 HCP and 4-3-3-3: no seat meets SAYC's rule of 20 (10 + 4 + 3) or, fourth,
    # the rule of 15 (10 + 3 spades); nobody opens.
    hands = {"N": "AT98.KT9.QT9.JT9", "E": "K76.Q876.J87.A87", "S": "Q54.J54.A654.K65",
             "W": "J32.A32.K32.Q432"}
    system = load_system("sayc")
    for dealer in SEATS:
        got = system.bid_deal({s: Hand.parse(h) for s, h in hands.items()}, dealer, "none")
        assert got.auction == ("PASS",) * 4 and got.contract == "PASS" and got.declarer is None
        assert got.off_system == 0


def test_a_rule_file_is_a_system(tmp_path) -> None:
    from openbid.systems.variants import rules_text

    path = tmp_path / "mine.rules"
    path.write_text(rules_text("sayc.rules"), encoding="utf-8")
    a, b = load_system("sayc"), load_system(str(path))
    for board in random_boards(8, "file"):
        hands = {s: Hand.parse(h) for s, h in seat_hands(board.deal).items()}
        assert a.bid_deal(hands, board.dealer, board.vul).auction == \
            b.bid_deal(hands, board.dealer, board.vul).auction
