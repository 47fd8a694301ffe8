"""The K&R opening bids (seed 000, "Use of K&R Points"; docs/KNR.md, "K&R in rules"): the two
rule files parse, round-trip, pass 'rules check', differ only in their thresholds, and bid
hands at the thresholds as the seed says."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from openbid.cli.main import main
from openbid.hands.evaluators.knr import KNR
from openbid.expr import parse
from openbid.systems.evaluate import value
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.systems.rules.text import dumps, loads
from openbid.systems.variants import load_variant, rules_text

FILES = ("knr-optional", "knr-mandatory")


@pytest.mark.parametrize("name", FILES)
def test_the_file_parses_and_round_trips_through_export(name: str, capsys) -> None:
    rules = load_variant(name)
    assert rules.name == name and [s.number for s in rules.sections] == [1, 2, 3]
    assert main(["rules", "export", "--variant", name]) == 0
    exported = capsys.readouterr().out
    again = loads(exported, "<exported>")
    assert again.sections == rules.sections and again.definitions == rules.definitions
    assert dumps(again) == dumps(rules)


@pytest.mark.parametrize("name", FILES)
def test_rules_check_passes(name: str, capsys) -> None:
    from importlib import resources

    path = resources.files("openbid.systems").joinpath("data", f"{name}.rules")
    assert main(["rules", "check", str(path)]) == 0
    assert ": ok (3 sections, 4 bid statements" in capsys.readouterr().out


def test_the_two_files_differ_only_in_name_and_thresholds() -> None:
    a = rules_text("knr-optional.rules").splitlines()
    b = rules_text("knr-mandatory.rules").splitlines()
    assert len(a) == len(b)
    differ = [(x, y) for x, y in zip(a, b) if x != y]
    assert all(x.startswith(("#", "name ", "define MAJOR_AT", "define MINOR_AT")) for x, _ in differ)
    assert ("define MAJOR_AT = 12.0", "define MAJOR_AT = 12.5") in differ
    assert ("define MINOR_AT = 13.0", "define MINOR_AT = 13.5") in differ


# (hand, its KNR, bid under knr-optional, bid under knr-mandatory, why the hand sits there).
# Holding values: A 3, K 2, Q 1 plus the 4321 count x length/10; small cards (2-7) add nothing
# in suits of six or fewer; the pattern: void 3, singleton 2, doubleton 1, less 1 if any, 4333 -.5.
THRESHOLD_HANDS = [
    (".A7654.7654.KQ76", F(12), "1H", "PASS",
     "A7654 3 + 4x5/10 = 5; KQ76 2 + 1 + 5x4/10 = 5; 5-4-4-0: 3 - 1 = 2. Hearts are the longest "
     "suit: 1H at 12.0 is optional, below the mandatory 12.5"),
    (".AKQ76.7654.7654", F(25, 2), "1H", "1H",
     "AKQ76 6 + 9x5/10 = 10.5; 5-4-4-0: 2. Exactly the mandatory threshold"),
    ("7.A7654.Q76.A765", F(239, 20), "PASS", "PASS",
     "A7654 5; Q76 1 - .25 + 2x3/10 = 1.35; A765 3 + 4x4/10 = 4.6; 5-4-3-1: 2 - 1 = 1. "
     "A twentieth below the optional threshold"),
    ("7.K.76543.AK7654", F(13), "1C", "PASS",
     "stiff K 2 - 1.5 + 3/10 = .8; AK7654 5 + 7x6/10 = 9.2; 6-5-1-1: 4 - 1 = 3. Clubs are the "
     "longest suit: 1C at 13.0 is optional, below the mandatory 13.5"),
    (".76.AKQ76.765432", F(27, 2), "1C", "1C",
     "AKQ76 10.5; 6-5-2-0: 4 - 1 = 3. Exactly the mandatory minor threshold (clubs are longest)"),
    (".Q76.AKQ7.765432", F(259, 20), "PASS", "PASS",
     "Q76 1.35; AKQ7 6 + 9x4/10 = 9.6; 6-4-3-0: 3 - 1 = 2. A twentieth below 13.0, and above "
     "12.5: the major threshold does not open a minor"),
    ("A76.7654.AK76.76", F(12), "1NT", "PASS",
     "A76 3 + 4x3/10 = 4.2; AK76 5 + 7x4/10 = 7.8; 4-4-3-2: 1 - 1 = 0. Balanced, no five-card "
     "major: 1NT at the optional 12.0"),
    ("765.Q76.KQ7.AKQ7", F(299, 20), "1NT", "1NT",
     "Q76 1.35; KQ7 3 + 5x3/10 = 4.5; AKQ7 9.6; 4-3-3-3: -.5. The top of the weak 1NT"),
    ("A76.A76.AK7.7654", F(15), "1C", "1C",
     "A76 4.2 twice; AK7 5 + 7x3/10 = 7.1; 4-3-3-3: -.5. Too strong for 1NT: the longer minor"),
    ("AQ7654..AK.A7654", F(22), "2C", "2C",
     "AQ7654 4 + 6x6/10 = 7.6; AK 5 + 7x2/10 = 6.4; A7654 5; 6-5-2-0: 4 - 1 = 3. Spades (a "
     "major) at 22.0"),
    ("AKQ765.Q7.AQ.A76", F(439, 20), "1S", "1S",
     "AKQ765 6 + 9x6/10 = 11.4; Q7 1 - 1 + .25 + 2x2/10 = .65; AQ 4 - .5 + 6x2/10 = 4.7; A76 "
     "4.2; 6-3-2-2: 2 - 1 = 1. A twentieth below 2C with a major"),
    ("A7.AK.AKQ765.Q76", F(479, 20), "1D", "1D",
     "A7 3.8; AK 6.4; AKQ765 11.4; Q76 1.35; 6-3-2-2: 1. Diamonds (a minor): below 24.0"),
    ("A.A.AK7654.A7654", F(24), "2C", "2C",
     "stiff A 3 + .4 = 3.4 twice; AK7654 9.2; A7654 5; 6-5-1-1: 3. 2C with a minor at 24.0"),
    ("AJT432.KT92.32.2", F(259, 20), "1S", "1S",
     "the article's 'minimum one-spade opening' AJTxxx KT9x xx x, 'just under 13' (docs/KNR.md)"),
]


@pytest.mark.parametrize("pbn,knr,optional,mandatory,why", THRESHOLD_HANDS,
                         ids=[h[0] for h in THRESHOLD_HANDS])
def test_hands_at_the_thresholds(pbn: str, knr: F, optional: str, mandatory: str,
                                 why: str) -> None:
    hand = Hand.parse(pbn)
    assert KNR.hand_value(tuple(pbn.split("."))) == knr, why  # the evaluator
    for name, expected in (("knr-optional", optional), ("knr-mandatory", mandatory)):
        rules = load_variant(name)
        assert value(parse("KNR", want="num"), hand, rules) == knr  # the registry's descriptor, as bid
        assert program_for(rules).bid_hand(hand).bid == expected, (name, why)
