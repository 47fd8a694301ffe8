"""Shared Hypothesis strategies (imported by the tests as ``strategies``).

``hands()``        concrete random 13-card hands (every card named), uniformly over the deck.
``hand_classes()`` hands where some spot cards are written ``x`` (a class of concrete hands);
                   a class may still name some spots (``K9xx``) or none (``Kxxx``).
``hand_cards()``   the Appendix 5 card numbers of a concrete hand, for openbid.studies.paper.algol.
"""

from __future__ import annotations

from hypothesis import strategies as st

from openbid.studies.paper.algol import cards_from_suits
from openbid.bridge.hand import HONOURS, Hand, Holding

RANKS = "AKQJT98765432"
DECK = tuple((suit, rank) for suit in range(4) for rank in RANKS)  # suit 0 = S ... 3 = C


def _hand_from_cards(cards) -> Hand:
    suits = ["", "", "", ""]
    for suit, rank in sorted(cards, key=lambda c: (c[0], RANKS.index(c[1]))):
        suits[suit] += rank
    return Hand.from_suits(*suits)


@st.composite
def hands(draw) -> Hand:
    """A concrete hand: 13 distinct cards drawn from the 52."""
    idx = draw(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True))
    return _hand_from_cards(DECK[i] for i in idx)


@st.composite
def hand_classes(draw) -> Hand:
    """A hand with ``x`` spots: a concrete hand with some of its spot cards forgotten.

    ``all_x=True`` in a draw turns every spot into ``x`` (the form OPENBID sees); otherwise a
    random subset of the spot cards is forgotten, so mixed holdings such as ``K9xx`` occur.
    """
    hand = draw(hands())
    if draw(st.booleans()):
        return hand.to_class()
    out = []
    for h in hand.holdings:
        spots = [r for r in h.ranks if r not in HONOURS]
        forget = draw(st.lists(st.sampled_from(spots), unique=True)) if spots else []
        kept = "".join(r for r in h.ranks if r not in forget)
        out.append(Holding(kept, len(forget)))
    return Hand(*out)


def hand_cards(hand: Hand) -> list[int]:
    """Appendix 5 card numbers of a concrete hand (a class is first made concrete)."""
    h = hand if hand.concrete else hand.lowest()
    return cards_from_suits(*(x.ranks for x in h.holdings))


def _looks_like_a_digit(ch: str) -> bool:
    import unicodedata

    return not ch.isascii() and (unicodedata.decimal(ch, None) is not None
                                 or unicodedata.normalize("NFKC", ch) in set("0123456789")
                                 or ch.isdigit())


def lookalike_digits() -> st.SearchStrategy[str]:
    """A character that is not ASCII but looks like (or is, in another script) a decimal digit:
    Arabic-Indic ``١``, superscript ``¹``, full-width ``１``, Devanagari ``१``, circled ``①``..."""
    return st.characters(categories=["Nd", "No"]).filter(_looks_like_a_digit)
