"""Modern descriptors (openbid.hands.modern) on hands worked by hand, plain calls in rule files,
and the SAYC file's openings on hands derived from the booklet's words (each cites the section of
the ACBL "SAYC System Booklet" or the choice of docs/SYSTEMS.md it checks)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from openbid.bridge.bids import bid_text, call_value
from openbid.base.errors import OpenbidError, RuleFileError
from openbid.systems.evaluate import value
from openbid.bridge.hand import Hand
from openbid.hands.modern import quick_tricks
from openbid.systems.procedure import program_for
from openbid.systems.rules.text import dumps, loads
from openbid.systems.variants import load_variant

CODE = load_variant("code")
SAYC = load_variant("sayc")

# hand -> descriptor -> value, each worked out by hand in the comment.
WORKED = {
    # 4-3-3-3, HCP 9 + 5 + 4 = 18; two longest 4 + 3; QT: AK 2, KQ 1, Kxx 0.5, xxx 0.
    "AKQ2.KQ2.KJ2.432": {"BALANCED": True, "TWOLONGEST": 7, "RULE20": True, "RULE15": True,
                         "QUICKTRICKS": Fraction(7, 2), "QT(S)": 2, "QT(H)": 1,
                         "QT(D)": Fraction(1, 2), "QT(C)": 0, "GOODSUIT(S)": True,
                         "GOODSUIT(H)": True, "GOODSUIT(D)": False, "GOODSUIT(C)": False,
                         "STOPPER(S)": True, "STOPPER(H)": True, "STOPPER(D)": True,
                         "STOPPER(C)": False},
    # STOPPER: Qxx yes, Jxxx yes, Qx no, Kxxx yes (A, Kx, Qxx, Jxxx).
    "Q32.J432.Q2.K432": {"STOPPER(S)": True, "STOPPER(H)": True, "STOPPER(D)": False,
                         "STOPPER(C)": True},
    # STOPPER: a singleton K no, Jxx no, Qxxxx yes, xxxx no.
    "K.J32.Q5432.5432": {"STOPPER(S)": False, "STOPPER(H)": False, "STOPPER(D)": True,
                         "STOPPER(C)": False},
    # 5-4-3-1, HCP 6 + 3 + 3 = 12; 12 + 5 + 4 = 21; 12 + 3 spades = 15; QT: AQ 1.5, stiff K 0.
    "AQ2.K.QJ543.5432": {"BALANCED": False, "TWOLONGEST": 9, "RULE20": True, "RULE15": True,
                         "QUICKTRICKS": Fraction(3, 2), "QT(H)": 0, "GOODSUIT(S)": True,
                         "GOODSUIT(H)": False},
    # 5-3-3-2, HCP 3 + 4 + 1 + 2 = 10; 10 + 5 + 3 = 18; 10 + 2 = 12; QT: Kx 0.5, A 1.
    "K2.A5432.J32.Q32": {"BALANCED": True, "TWOLONGEST": 8, "RULE20": False, "RULE15": False,
                         "QUICKTRICKS": Fraction(3, 2), "QT(S)": Fraction(1, 2), "QT(H)": 1},
    # 4-4-4-1, HCP 7 + 2 = 9; 9 + 8 = 17; 9 + 4 = 13; QT: AK 2, stiff Q 0.
    "AK32.Q.5432.5432": {"BALANCED": False, "TWOLONGEST": 8, "RULE20": False, "RULE15": False,
                         "QUICKTRICKS": 2, "GOODSUIT(S)": True, "GOODSUIT(H)": False},
}


@pytest.mark.parametrize("text", WORKED)
def test_descriptors_on_hands_worked_by_hand(text: str) -> None:
    hand = Hand.parse(text)
    for expr, want in WORKED[text].items():
        got = value(CODE.parse(expr, want=None), hand, CODE)
        assert got == want and isinstance(got, bool) == isinstance(want, bool), (text, expr, got)


def test_quick_tricks_table() -> None:
    assert [quick_tricks(h, n) for h, n in (("AK", 2), ("AKQ", 5), ("AQ", 2), ("A", 1), ("A", 4),
                                             ("KQ", 2), ("K", 2), ("K", 1), ("Q", 3), ("", 0))] \
        == [2, 2, Fraction(3, 2), 1, 1, 1, Fraction(1, 2), 0, 0, 0]


# ---- plain calls ----------------------------------------------------------------------------
def test_call_values_are_the_natural_bidvals() -> None:
    assert call_value("PASS") == 0 and call_value("1nt") == 15 and call_value("2C") == 21
    assert call_value("7NT") == 75
    for call in ("PASS", "1C", "1D", "2H", "3S", "4NT", "7C"):
        assert bid_text(call_value(call)) == call
    assert all(not 1 <= call_value(c) <= 10 for c in ("1C", "1D", "2C", "2D"))
    for bad in ("8NT", "0C", "1X", "NT", "1", "10NT"):
        with pytest.raises(OpenbidError):
            call_value(bad)


RULES = """name calls
section 1 "One"
  bid 1a when HCP >= 15 and BALANCED value 1NT
  for suit in S, H, D
    bid 1b when SUITLENGTH(suit) = 6 and GOODSUIT(suit) value 2 suit
section 2 "Two"
  bid 2a when HCP <= 3 value PASS
  bid 2b when true value 10 + 3
"""


def test_plain_calls_round_trip_and_bid() -> None:
    rules = loads(RULES)
    text = dumps(rules)
    assert "value 1NT" in text and "value 2 suit" in text and "value PASS" in text
    again = loads(text)
    assert again == rules and dumps(again) == text
    program = program_for(rules)
    assert str(program.bid_hand(Hand.parse("AQ2.KJ2.KJ32.Q32"))) == "1NT@1a"
    assert str(program.bid_hand(Hand.parse("2.AQJ432.432.432"))) == "2H@1b"
    assert str(program.bid_hand(Hand.parse("5432.5432.432.32"))) == "PASS@2a"
    assert str(program.bid_hand(Hand.parse("AJ2.K32.5432.432"))) == "1H@2b"


@pytest.mark.parametrize("value_text, column, problem", [
    ("8NT", 30, "the level runs from 1 to 7"),
    ("1X", 30, "calls are P (PASS), X, XX, 1C"),
    ("9 suit", 30, "the level runs from 1 to 7"),
])
def test_bad_calls_name_line_and_column(value_text: str, column: int, problem: str) -> None:
    text = f'name bad\nsection 1 "x"\n  for suit in S\n    bid 1 when HCP >= 15 value {value_text}\n'
    with pytest.raises(RuleFileError) as exc:
        loads(text, "bad.rules")
    assert f"bad.rules:4: column {column + 2}:" in str(exc.value) and problem in str(exc.value)


# ---- the SAYC file --------------------------------------------------------------------------
ALL = [(s, v, t) for s in (1, 2, 3, 4) for v in (False, True) for t in (False, True)]


def sayc(text: str, seat: int, vul: bool = False, theyvul: bool = False) -> str:
    o = program_for(SAYC).bid_hand(Hand.parse(text),
                                   (("SEAT", seat), ("THEYVUL", theyvul), ("VUL", vul)))
    return o.bid


@pytest.mark.parametrize("text, bid", [
    # GENERAL APPROACH: "1NT = 15-17": HCP 6 + 4 + 4 + 2 = 16, 4-3-3-3.
    ("AQ2.KJ2.KJ32.Q32", "1NT"),
    # GENERAL APPROACH: notrump "may be made with a five-card major": HCP 15, 5-3-3-2.
    ("AQ432.KJ2.K32.Q2", "1NT"),
    # GENERAL APPROACH: "2NT = 20-21": HCP 8 + 6 + 5 + 2 = 21, 4-3-3-3.
    ("AKJ2.AQ2.KQ2.Q32", "2NT"),
    # GENERAL APPROACH: "3NT = 25-27": HCP 9 + 8 + 5 + 3 = 25, 4-3-3-3.
    ("AKQ2.AKJ.KQ2.K32", "3NT"),
    # GENERAL APPROACH: "Strong conventional 2C opening" (choice: 22+ HCP): 10 + 9 + 4 = 23.
    ("AKQJ32.AKQ.A2.32", "2C"),
    # A 2C OPENING: "22+ points, or the playing equivalent" (choice: PLAYTRICKS >= 10 with
    # 13+ HCP): ten spades to the AKQ, PLAYTRICKS 10 + 1 = 11, HCP 9 + 4 = 13.
    ("AKQT985432.2.A4.", "2C"),
])
def test_sayc_strong_and_notrump_openings_in_every_context(text: str, bid: str) -> None:
    assert {sayc(text, s, v, t) for s, v, t in ALL} == {bid}


@pytest.mark.parametrize("text, seat, bid", [
    # GENERAL APPROACH: "Open the higher of long suits of equal length: 5-5": HCP 10, 10 + 10.
    ("AQ432.KJ432.2.32", 1, "1S"),
    # GENERAL APPROACH: "Normally open 1D with 4-4 in the minors": HCP 13, 4-4-3-2 (not 15-17).
    ("A32.K2.KJ32.Q432", 1, "1D"),
    # GENERAL APPROACH: "Normally open 1C with 3-3 in the minors": HCP 13, 4-3-3-3.
    ("AJ32.KQ2.K32.432", 2, "1C"),
    # After a 1C or 1D opening: "The exception is a hand with 4-4-3-2 shape: four spades, four
    # hearts, three diamonds, and two clubs, which should be opened 1D." HCP 13: 13 + 4 + 4 = 21.
    ("AK32.KQ32.J32.32", 1, "1D"),
    # GENERAL APPROACH: "Weak two-bids ... spades": 6 HCP, KQJ at the top of six.
    ("KQJ932.32.432.32", 1, "2S"),
    # choice (docs/SYSTEMS.md): no weak two in fourth seat, rule of 15: 6 + 6 = 12 -> pass.
    ("KQJ932.32.432.32", 4, "PASS"),
    # choice: the rule of 20 in first seat: 10 + 5 + 4 = 19 -> pass; rule of 15 in fourth
    # seat: 10 + 5 spades = 15 -> 1S.
    ("KJT32.32.AQ32.32", 1, "PASS"),
    ("KJT32.32.AQ32.32", 4, "1S"),
    # choice: lighter third seat, HCP >= 10 and 10 + 5 + 3 = 18: first seat passes.
    ("AJ432.K32.Q32.32", 3, "1S"),
    ("AJ432.K32.Q32.32", 1, "PASS"),
])
def test_sayc_one_level_and_weak_twos_by_seat(text: str, seat: int, bid: str) -> None:
    assert {sayc(text, seat, v, t) for v in (False, True) for t in (False, True)} == {bid}


@pytest.mark.parametrize("vul, theyvul, bid", [
    # choice: rule of 2-3-4 on PLAYTRICKS 6 (KQJ9876: 6 tricks), 5 HCP... 6 HCP:
    (False, True, "4S"),   # favourable: 10 - 4 = 6 tricks suffice for 4S
    (False, False, "3S"),  # equal: 4S needs 7, 3S needs 6
    (True, True, "3S"),
    (True, False, "PASS"),  # unfavourable: 3S needs 7; rule of 20: 6 + 7 + 3 = 16 -> pass
])
def test_sayc_preempts_by_vulnerability(vul: bool, theyvul: bool, bid: str) -> None:
    assert sayc("KQJ9876.2.432.32", 1, vul, theyvul) == bid
    assert sayc("KQJ9876.2.432.32", 4, vul, theyvul) == "PASS"  # 6 + 7 < 15: no preempt either


@pytest.mark.parametrize("vul, theyvul, bid", [
    # choice: a three-level preempt needs two of the top five honours (KQT: three) and, only at
    # unfavourable vulnerability, seven playing tricks (PLAYTRICKS 5 here): 6 HCP, seven hearts.
    (False, False, "3H"), (True, True, "3H"), (False, True, "3H"),
    (True, False, "PASS"),
])
def test_sayc_three_level_preempt_on_a_seven_card_suit(vul: bool, theyvul: bool, bid: str) -> None:
    assert sayc("5.KQT9852.85.J64", 1, vul, theyvul) == bid
