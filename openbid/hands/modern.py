"""Descriptors of modern systems, as registry entries: each defined once, read by the
executor, Z3 and the census like PRELIM's.

None of them is OPENBID's: the 1967 code reads none, so no pass of the paper's variants tracks a
rank for them or changes. They are what a Standard American booklet writes in words:

* ``BALANCED``: the shapes 4-3-3-3, 4-4-3-2 and 5-3-3-2 (SAYC booklet, GENERAL APPROACH:
  "Notrump openings show a balanced hand");
* ``TWOLONGEST``, ``RULE20``: the rule of 20 (HCP plus the lengths of the two longest suits);
* ``RULE15``: the rule of 15, fourth seat (HCP plus the number of spades);
* ``QT(s)``, ``QUICKTRICKS``: quick tricks per suit, AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5 (exact);
* ``GOODSUIT(s)``: two of the three top honours (A, K, Q) in the suit;
* ``STOPPER(s)``: the suit is stopped for notrump: the ace, the king with one more card, the
  queen with two more, or the jack with three more (A, Kx, Qxx, Jxxx). The SAYC booklet asks for
  a stopper in the opponents' suit for a 1NT overcall and notrump bids in competition.
"""

from __future__ import annotations

from fractions import Fraction

from openbid.hands.entries import REGISTRY, Derived, SuitTable

GROUP = "modern"
SOURCE = "modern systems (docs/expressions.md)"


def _derived(name: str, result: str, text: str, doc: str, params=()) -> None:
    REGISTRY.add(Derived(name, result, text, tuple(params), doc, source=SOURCE, group=GROUP))


def quick_tricks(held: str, length: int) -> Fraction:
    """Quick tricks of one suit (``held``: which of A K Q, high to low): AK 2, AQ 1.5, A 1,
    KQ 1, Kx 0.5; a singleton king and a suit without A or K count nothing."""
    if "A" in held:
        if "K" in held:
            return Fraction(2)
        return Fraction(3, 2) if "Q" in held else Fraction(1)
    if "K" in held:
        if "Q" in held:
            return Fraction(1)
        return Fraction(1, 2) if length >= 2 else Fraction(0)
    return Fraction(0)


_LENGTHS = "SUITLENGTH(S), SUITLENGTH(H), SUITLENGTH(D), SUITLENGTH(C)"

_derived("BALANCED", "bool", 'SHAPE = "4333" or SHAPE = "4432" or SHAPE = "5332"',
         "a balanced hand: 4-3-3-3, 4-4-3-2 or 5-3-3-2")
_derived("TWOLONGEST", "num", f"largest(1, {_LENGTHS}) + largest(2, {_LENGTHS})",
         "the lengths of the two longest suits, added")
_derived("RULE20", "bool", "HCP + TWOLONGEST >= 20",
         "the rule of 20: HCP + the lengths of the two longest suits >= 20")
_derived("RULE15", "bool", "HCP + SUITLENGTH(S) >= 15",
         "the rule of 15: HCP + the number of spades >= 15")
REGISTRY.add(SuitTable("QT", "num", "AKQ", quick_tricks,
                       "quick tricks of the suit: AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5",
                       source=SOURCE, group=GROUP))
_derived("QUICKTRICKS", "num", "sum(s in SUITS: QT(s))", "quick tricks of the hand (sum of QT)")


def stopper(held: str, length: int) -> bool:
    """A, Kx, Qxx or Jxxx (``held``: which of A K Q J, high to low)."""
    return ("A" in held or ("K" in held and length >= 2) or ("Q" in held and length >= 3)
            or ("J" in held and length >= 4))


_derived("GOODSUIT", "bool", "count(ACE(s), KING(s), QUEEN(s)) >= 2",
         "two of the three top honours (A, K, Q) in the suit", params=(("s", "suit"),))
REGISTRY.add(SuitTable("STOPPER", "bool", "AKQJ", stopper,
                       "a stopper in the suit for notrump: A, Kx, Qxx or Jxxx",
                       source=SOURCE, group=GROUP))
