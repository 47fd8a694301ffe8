"""openbid.bridge.notation: one reading of hands, deals, calls and numbers; ASCII digits only,
every other character an error that shows it and where it is."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from strategies import hands, lookalike_digits

from openbid.base.errors import ExprError, HandError, OpenbidError
from openbid.bridge import notation as n
from openbid.bridge.deals import random_deal
from openbid.bridge.hand import Hand

DEAL = "N:A9643.K2.AQ52.AT Q75.543.J8.87653 KJT.QT86.K63.K42 82.AJ97.T974.QJ9"


# ---- lookalike digits: never read as digits, always named ----------------------------------------
@given(lookalike_digits(), st.sampled_from(["C", "D", "H", "S", "NT", "N"]))
@example("١", "NT")  # Arabic-Indic one: before, bid PASS off-system with exit 0
@example("¹", "C")  # superscript one: before, a traceback
@example("１", "H")  # full-width
def test_a_lookalike_digit_in_a_call_is_an_error_naming_it(digit: str, strain: str) -> None:
    with pytest.raises(OpenbidError) as err:
        n.canonical_call(f"{digit}{strain}")
    message = str(err.value)
    assert f"U+{ord(digit):04X}" in message and "character 1" in message
    assert "not an ASCII digit" in message


@given(lookalike_digits())
def test_a_lookalike_digit_in_an_auction_names_the_call(digit: str) -> None:
    with pytest.raises(OpenbidError, match=r"call 3: .*character 1 is") as err:
        n.parse_auction(f"1C P {digit}H")
    assert f"U+{ord(digit):04X}" in str(err.value)


@given(lookalike_digits(), st.integers(0, 3))
def test_a_lookalike_digit_in_a_number_is_found_where_it_stands(digit: str, at: int) -> None:
    text = "123"[:at] + digit + "123"[at:]
    with pytest.raises(OpenbidError, match=rf"character {at + 1} is "):
        n.number(text, "board number")


@given(lookalike_digits())
def test_a_lookalike_digit_in_an_expression_is_an_error_at_its_place(digit: str) -> None:
    from openbid.expr.parser import tokenize

    with pytest.raises(ExprError) as err:
        tokenize(f"HCP >= 1{digit}")
    assert err.value.pos == 8 and f"U+{ord(digit):04X}" in str(err.value)


def test_the_message_says_what_to_write_when_unicode_knows() -> None:
    with pytest.raises(OpenbidError, match=r"Unicode reads it as '1': write 1"):
        n.canonical_call("¹C")
    with pytest.raises(OpenbidError, match=r"the digit 1 of another script: write 1"):
        n.canonical_call("١NT")
    assert unicodedata.normalize("NFKC", "١") == "١"  # NFKC leaves it: the message says why


def test_ascii_calls_are_lenient_and_canonical() -> None:
    got = [n.canonical_call(c) for c in ("p", "Pass", "dbl", "d", "x", "RDBL", "r", "xx", "1n",
                                         "3nt", "7c", " 2S ", "1♥", "4♠️")]
    assert got == ["PASS", "PASS", "X", "X", "X", "XX", "XX", "XX", "1NT", "3NT", "7C", "2S",
                   "1H", "4S"]
    for bad, words in (("8NT", "level"), ("0C", "level"), ("1X", "no such call"),
                       ("", "no such call"), ("pas", "no such call"), ("11C", "no such call")):
        with pytest.raises(OpenbidError, match=words):
            n.canonical_call(bad)


def test_numbers_are_ascii_whole_numbers_within_bounds() -> None:
    assert n.number(" 17 ") == 17 and n.number("-3") == -3
    for bad, words in (("1.5", "whole number"), ("", "whole number"), ("1e3", "whole number"),
                       ("9" * 40, "too long")):
        with pytest.raises(OpenbidError, match=words):
            n.number(bad)
    with pytest.raises(OpenbidError, match="from 1 to 10"):
        n.number("11", "board", 1, 10)
    assert n.decimal_number("0.25") == 0.25
    with pytest.raises(OpenbidError, match="U\\+0665"):
        n.decimal_number("0.٥")


def test_the_command_line_reads_numbers_in_ascii_only(capsys) -> None:
    from openbid.cli.main import main

    assert main(["deal", "--auction", "1NT", "--count", "١", "--variant", "sayc"]) == 2
    err = capsys.readouterr().err
    assert "--count" in err and "U+0661" in err and "Traceback" not in err


@pytest.mark.parametrize("auction, char", [("١NT P", "U+0661"), ("¹C", "U+00B9")])
@pytest.mark.parametrize("command", [
    ["bid", "--rules", "openbid/systems/examples/small.rules", "--auction", "{}",
     "KJ43.Q765.A3.J76"],
    ["explain", "--rules", "openbid/systems/examples/small.rules", "{}"],
    ["deal", "--rules", "openbid/systems/examples/small.rules", "--auction", "{}"],
    ["claim", "--rules", "openbid/systems/examples/small.rules", "--auction", "{}",
     "N.HCP >= 0"],
    ["prove", "--rules", "openbid/systems/examples/small.rules", "--tree-census", "--from", "{}"],
])
def test_commands_refuse_lookalike_digits_in_an_auction(command, auction, char, capsys) -> None:
    from pathlib import Path

    from openbid.cli.main import main

    root = Path(__file__).resolve().parents[2]
    argv = [a.format(auction) if a == "{}" else a for a in command]
    argv = [str(root / a) if a.endswith(".rules") else a for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert char in err and "Traceback" not in err


# ---- hands ---------------------------------------------------------------------------------------
@given(hands())
def test_a_hand_is_read_as_the_hand_reads_it(h: Hand) -> None:
    assert n.parse_hand(h.to_pbn()) == tuple((x.ranks, x.xs) for x in h.holdings)
    assert n.hand_cards(h.to_pbn()) == sorted(
        n.card(s, r) for s, x in enumerate(h.holdings) for r in x.ranks)
    assert n.cards_text(n.hand_cards(h.to_pbn())) == h.to_pbn()


def test_a_non_ascii_rank_is_named() -> None:
    with pytest.raises(HandError, match=r"U\+FF21 FULLWIDTH LATIN CAPITAL LETTER A"):
        n.parse_hand("ＡKQJ.KQJ.KQJ.KQJ")
    with pytest.raises(OpenbidError, match=r"U\+0662"):
        n.hand_cards("A٢.KQJ.KQJ.KQJ")


# ---- deals ---------------------------------------------------------------------------------------
@given(st.integers(1, 10**6), st.sampled_from("NESW"))
def test_a_deal_reads_back_from_any_first_seat(number: int, first: str) -> None:
    key = random_deal("notation", number)
    hands = n.parse_deal(key)
    text = n.deal_of_cards(hands, first)
    assert text.startswith(f"{first}:")
    assert n.parse_deal(text) == hands and n.deal_key(text) == key


def test_a_partial_deal_leaves_unknown_hands_or_completes_the_fourth() -> None:
    parts = DEAL[2:].split()
    three = f"N:{parts[0]} {parts[1]} {parts[2]} -"
    got = n.parse_deal(three, partial=True)
    assert n.deal_of_cards(got) == DEAL  # the fourth hand is the 13 cards left
    two = f"N:{parts[0]} - {parts[2]} -"
    got = n.parse_deal(two, partial=True)
    assert got[1] is None and got[3] is None and n.cards_text(got[0]) == parts[0]
    assert n.deal_of_cards(got) == f"N:{parts[0]} - {parts[2]} -"
    with pytest.raises(OpenbidError, match="not given"):
        n.parse_deal(three)


@pytest.mark.parametrize("text, words", [
    ("N:AKQ", "cannot read"), (DEAL.replace("A9643", "A9644"), "dealt twice"),
    (DEAL.replace("A9643.", "A964."), "holds 12 cards"), (DEAL.replace("K2", "Z2"), "not a rank"),
    (DEAL.replace("N:", "X:"), "first seat"), (DEAL.replace("N:", "Ｎ:"), "U\\+FF2E"),
])
def test_bad_deals_are_named(text: str, words: str) -> None:
    with pytest.raises(OpenbidError, match=words):
        n.parse_deal(text)


def test_calls_print_in_each_format() -> None:
    calls = ("PASS", "X", "XX", "1NT", "3C")
    assert [n.call_text(c, "pbn") for c in calls] == ["Pass", "X", "XX", "1NT", "3C"]
    assert [n.call_text(c, "lin") for c in calls] == ["p", "d", "r", "1N", "3C"]
    assert [n.call_text(c, "bml") for c in calls] == ["P", "D", "R", "1N", "3C"]
    assert all(n.canonical_call(n.call_text(c, s)) == c for c in calls for s in ("pbn", "lin", "bml"))


def test_the_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    assert n.declarer(n.parse_auction("1H P 2H P 4H P P P"), "E") == ("4H", "E")
    assert n.declarer(n.parse_auction("P P P P"), "S") == ("PASS", None)
    assert n.declarer(n.parse_auction("1S X P P"), "W") == ("1SX", "W")


def test_cards_read_and_print() -> None:
    assert [n.card_text(c) for c in (0, 12, 13, 51)] == ["SA", "S2", "HA", "C2"]
    assert all(n.card_of(n.card_text(c)) == c for c in range(52))
    assert n.card_of("dt") == n.card(2, "T")
    for bad in ("S1", "X5", "SAK", "S١"):
        with pytest.raises(OpenbidError, match="card"):
            n.card_of(bad)
