"""openbid.bridge.hand: the two notations (PBN and the paper's), hand classes with ``x`` spots, errors.

Expected values are written from the notation itself (what the text says), never from output.
"""

from __future__ import annotations

import re
from math import comb

import pytest
from strategies import hand_classes, hands
from hypothesis import example, given, settings
from hypothesis import strategies as st

from openbid.base.errors import HandError, OpenbidError
from openbid.bridge.hand import Hand, Holding, Suit

KQJXX = Hand(Holding("KQJ", 2), Holding("KQ", 2), Holding("A", 1), Holding("", 2))


# ---- round trips ---------------------------------------------------------------------------
@given(hands())
def test_pbn_round_trip_concrete(h: Hand) -> None:
    assert h.concrete
    assert Hand.parse(h.to_pbn()) == h


@given(hands())
def test_paper_round_trip_concrete(h: Hand) -> None:
    assert Hand.parse(h.to_paper()) == h


@given(hand_classes())
@example(Hand.parse("xxxxxxxx.AKQJT.-.-"))  # eight x in one suit: the most a suit can hold
@example(Hand.parse("AKQJT98765432.-.-.-"))  # a 13-card suit, three voids
def test_pbn_round_trip_class(h: Hand) -> None:
    assert Hand.parse(h.to_pbn()) == h


@given(hand_classes())
@example(Hand.parse("T9xxxxxx.AKQJ.T.-"))
def test_paper_round_trip_class(h: Hand) -> None:
    assert Hand.parse(h.to_paper()) == h


@given(hands())
def test_concrete_hand_has_13_distinct_cards(h: Hand) -> None:
    cards = [(s, r) for s, hold in zip("SHDC", h.holdings) for r in hold.ranks]
    assert len(cards) == 13 == len(set(cards))


def test_pbn_and_paper_text_are_what_the_notations_say() -> None:
    h = Hand.parse("AKJ32.Q4.KT9.876")
    assert h.to_pbn() == "AKJ32.Q4.KT9.876"
    assert h.to_paper() == "S:AKJ32, H:Q4, D:K109, C:876"
    assert Hand.parse("KQJxx.KQxx.Ax.xx").to_paper() == "S:KQJxx, H:KQxx, D:Ax, C:xx"
    # a void prints as --- in the paper's notation and as nothing in PBN
    v = Hand.parse("AKQJT98765432...")
    assert v.to_paper() == "S:AKQJ1098765432, H:---, D:---, C:---"
    assert v.to_pbn() == "AKQJT98765432..."


# ---- the notation variants ------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "S:KQJxx, H:KQxx, D:Ax, C:xx",
    "S:KQJxx H:KQxx D:Ax C:xx",          # commas optional
    "S: KQJxx, H: KQxx, D: Ax, C: xx",   # spaces after the colon
    "S : KQJxx , H : KQxx , D : Ax , C : xx",
    "S:K,Q,J,x,x, H:K,Q,x,x, D:A,x, C:x,x",  # commas between cards
    "S:K Q J x x, H:K Q x x, D:A x, C:x x",  # spaces between cards
    "s:kqjxx, h:kqxx, d:ax, c:xx",       # lower case
    "C:xx, D:Ax, H:KQxx, S:KQJxx",       # suits in any order
    "KQJxx.KQxx.Ax.xx",                  # PBN
    "N:KQJxx.KQxx.Ax.xx",                # PBN with a seat prefix
])
def test_notation_variants(text: str) -> None:
    assert Hand.parse(text) == KQJXX


@pytest.mark.parametrize("text", [
    "S:QJ10xxx, H:Q, D:Jx, C:xxxx",  # the paper, p. 21 (with 10)
    "S:QJTxxx, H:Q, D:Jx, C:xxxx",   # T for the ten
    "S:QJtxxx, H:Q, D:Jx, C:xxxx",
    "QJTxxx.Q.Jx.xxxx",
])
def test_ten_written_10_or_t(text: str) -> None:
    h = Hand.parse(text)
    assert h.spades == Holding("QJT", 3)
    assert (h.hearts, h.diamonds, h.clubs) == (Holding("Q"), Holding("J", 1), Holding("", 4))


@pytest.mark.parametrize("void", ["---", "-", "--", "—", "", "void"])
def test_void_spellings(void: str) -> None:
    h = Hand.parse(f"S:AKQJxxxxx, H:AKQJ, D:{void}, C:---")
    assert h.diamonds == Holding() and h.clubs == Holding()
    assert h.spades.length == 9 and h.hearts.length == 4


def test_pbn_void_is_an_empty_field() -> None:
    h = Hand.parse("AKQJxxxxx.AKQJ..")
    assert h.diamonds.length == 0 == h.clubs.length


def test_concrete_ten_and_spots() -> None:
    h = Hand.parse("S:A1098, H:K, D:QJ765, C:432")
    assert h.spades.ranks == "AT98" and h.spades.xs == 0
    assert h.concrete
    assert h.key == ((0, 3), (0b00110, 5), (0b01000, 1), (0b10001, 4))  # C, D, H, S


# ---- bad input: every error names the problem ---------------------------------------------
@pytest.mark.parametrize("text,pattern", [
    # 12 and 14 cards: the count is given, and the per-suit lengths
    ("AKQ.AKQ.AKQ.AKQ", r"13 cards.*has 12"),
    ("S:AKQ, H:AKQ, D:AKQ, C:AKQ", r"13 cards.*has 12"),
    ("AKQJ.AKQJ.AKQ.AKQ", r"13 cards.*has 14"),
    ("S:AKQJ, H:AKQJ, D:AKQ, C:AKQ", r"13 cards.*has 14"),
    # duplicate card: names the card
    ("AAKQ.AKQ.AKQ.AKQ", r"duplicate.*ace of spades"),
    ("AKQ.AKQ.AKQ.AKQT10", r"duplicate.*ten of clubs"),
    ("S:AKQJ, H:AKQ, D:AKQ, C:AK33", r"duplicate.*3 of clubs"),
    # unknown rank: names the character and the suit
    ("AKQZ.AKQ.AKQ.AKQ", r"unknown rank 'Z' in spades"),
    ("S:AKQ1, H:AKQ, D:AKQ, C:AKQJ", r"unknown rank '1' in spades"),
    # unknown suit letter: the paper's own typo (J: for H:)
    ("S:AKJ, J:QJx, D:Qx, C:Kxxxx", r"unknown suit 'J'"),
    # a suit given twice
    ("S:xxxxx, H:Kxxx, D:AKJ, D:x", r"suit D given twice"),
    # a missing suit
    ("S:AKQJxxxxx, H:AKQJ", r"no D, C given"),
    # nine spot cards in one suit
    ("xxxxxxxxx.AKQJ..", r"spades has 9 spot cards"),
    ("98765432x.AKQJ..", r"spades has 9 spot cards"),
    ("S:AKQJ, H:x98765432, D:---, C:---", r"hearts has 9 spot cards"),
    # PBN with the wrong number of dots
    ("AKQJ.AKQ.AKQ", r"three dots"),
    ("AKQ.AKQ.AKQ.AKQ.A", r"three dots"),
    # text before the first suit
    ("hand S:AKQJ, H:AKQ, D:AKQ, C:AKQ", r"unexpected text 'hand'"),
    # empty input
    ("", r"empty hand"),
    ("   ", r"empty hand"),
])
def test_bad_input_names_the_problem(text: str, pattern: str) -> None:
    with pytest.raises(HandError, match=pattern):
        Hand.parse(text)


def test_hand_error_is_a_user_error() -> None:
    assert issubclass(HandError, OpenbidError)


def test_bad_input_messages_are_one_line() -> None:
    for text in ("AKQ.AKQ.AKQ.AKQ", "S:AKJ, J:QJx, D:Qx, C:Kxxxx", "", "AAKQ.AKQ.AKQ.AKQ"):
        with pytest.raises(HandError) as info:
            Hand.parse(text)
        assert "\n" not in str(info.value)


# ---- classes --------------------------------------------------------------------------------
def _small_classes():
    # A class has prod C(8 - named spots, xs) members; keep it small enough to enumerate.
    return hand_classes().filter(lambda h: h.class_size <= 600)


@settings(max_examples=60)
@given(_small_classes())
@example(Hand.parse("AKQJT.AKQJ.AKQ.x"))  # one x: 8 members
@example(Hand.parse("AKQJ9.AKQJ.AKQ.x"))  # one x, the 9 named elsewhere: still 8 (other suit)
def test_class_size_counts_concretes(h: Hand) -> None:
    members = list(h.concretes())
    assert len(members) == h.class_size
    assert len(set(members)) == len(members)
    for m in members:
        assert m.concrete and m.key == h.key and m.to_class() == h.to_class()


def test_class_size_by_hand() -> None:
    # S xxxxx: C(8,5) = 56; H AKQJ: 1; D AKQ: 1; C x: C(8,1) = 8.  56 * 8 = 448.
    assert Hand.parse("xxxxx.AKQJ.AKQ.x").class_size == 448
    # S 9xxxx: the 9 is named, 4 x from the other 7 spots: C(7,4) = 35; C 2: 1.
    assert Hand.parse("9xxxx.AKQJ.AKQ.2").class_size == 35
    # a concrete hand is a class of one
    assert Hand.parse("AKJ32.Q4.KT9.876").class_size == 1
    # all 8 spots of a suit as x: C(8,8) = 1
    assert Hand.parse("xxxxxxxx.AKQJT..").class_size == 1


@given(hand_classes())
def test_lowest_is_concrete_and_in_the_class(h: Hand) -> None:
    low = h.lowest()
    assert low.concrete
    assert low.key == h.key
    assert low.to_class() == h.to_class()
    for mine, theirs in zip(h.holdings, low.holdings):
        assert set(mine.ranks) <= set(theirs.ranks)  # named cards are kept
    if h.class_size <= 600:
        assert low in set(h.concretes())


def test_lowest_by_hand() -> None:
    # x's become the lowest free spots: 2, 3, ...; a named 2 pushes them up.
    assert Hand.parse("xxx.AKQJ.AKQ.2xx").lowest().to_pbn() == "432.AKQJ.AKQ.432"
    assert Hand.parse("Axxx.KQJ.AKQ.xxx").lowest().to_pbn() == "A432.KQJ.AKQ.432"
    assert Hand.parse("Axx2.KQJ.AKQ.xxx").lowest().to_pbn() == "A432.KQJ.AKQ.432"


@given(hands())
def test_to_class_forgets_only_spots(h: Hand) -> None:
    c = h.to_class()
    assert c.key == h.key
    if c.class_size <= 600:
        assert h in set(c.concretes())
    for hold in c.holdings:
        assert re.fullmatch(r"A?K?Q?J?T?", hold.ranks)


@given(st.sampled_from(list(Suit)), hands())
def test_holding_by_algol_suit_number(suit: Suit, h: Hand) -> None:
    # Appendix 5: C = 1, D = 2, H = 3, S = 4
    by_letter = {"S": h.spades, "H": h.hearts, "D": h.diamonds, "C": h.clubs}
    assert h.holding(suit) == by_letter[suit.letter]


def test_class_size_formula_matches_binomials() -> None:
    # Independent: the class K9xx.xxx.xxx.xxx with named 9 in spades.
    h = Hand.parse("K9xx.xxx.xxx.xxx")
    assert h.class_size == comb(7, 2) * comb(8, 3) ** 3


# ---- the report's notation (issue 17) ----------------------------------------------------------
@pytest.mark.parametrize("text,pbn", [
    ("♠QJ10432 ♥5432 ♦J2 ♣Q", "QJT432.5432.J2.Q"),
    ("♠QJ10432♥5432♦J2♣Q", "QJT432.5432.J2.Q"),
    ("♠️AKQ2 ♥️— ♦️AKQJ ♣️AKQJ2", "AKQ2..AKQJ.AKQJ2"),  # emoji variation selectors, a void
    ("♤ AKxx ♡ Kxx ♢ Qxx ♧ xxx", "AKxx.Kxx.Qxx.xxx"),
])
def test_suit_symbols_as_the_report_prints_them(text: str, pbn: str) -> None:
    assert Hand.parse(text).to_pbn() == pbn


@given(hands())
def test_a_hand_copied_from_the_report_reads_back(h: Hand) -> None:
    """What the browser report shows (openbid.report.html.hand), as text, is a hand."""
    from openbid.report.html import hand as html_hand

    shown = re.sub(r"<[^>]+>", "", html_hand(h.to_pbn()))
    assert Hand.parse(shown) == h


def test_a_long_bad_hand_is_cut_short_in_the_message() -> None:
    with pytest.raises(HandError) as exc:
        Hand.parse("Q" * 1_000_000)
    assert len(str(exc.value)) < 300 and "1,000,000 characters" in str(exc.value)


@pytest.mark.parametrize("deal, seat", [
    ("N:AK52.QJ3.T98.A2 QT93.K82.AK5.K98 J6.AT96.QJ72.J64 874.754.643.QT753", "North"),
    ('[Deal "E:AK52.QJ3.T98.A2 QT93.K82.AK5.K98 J6.AT96.QJ72.J64 874.754.643.QT753"]', "East"),
    ("w:AK52.QJ3.T98.A2 - - -", "West"),
])
def test_a_whole_deal_is_not_a_hand(deal, seat):
    """A full-deal PBN line says what it is and what to give instead (it once read as 'unknown
    suit N' or 'PBN needs four suits')."""
    with pytest.raises(HandError) as info:
        Hand.parse(deal)
    assert f"is a whole deal (four hands, {seat}'s first), not one hand" in str(info.value)
    assert str(info.value).endswith(f"e.g. {seat}'s AK52.QJ3.T98.A2")
    assert Hand.parse("N:AK52.QJ3.T98.A2x").to_pbn() == "AK52.QJ3.T98.A2x"  # one hand, a seat
