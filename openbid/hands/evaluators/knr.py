"""K&R points (Kaplan & Rubens, "The Four C's", The Bridge World, October 1982, pp. 21-23), exactly,
as seed 000 ("K&R Hand Valuation") recaps it (Jeff Goldsmith's recap with
BidBase's bracketed notes; every ``seed N`` below is a line number of that file).

The value is exact (multiples of 1/20) and fits the evaluator form
(:mod:`openbid.hands.evaluators.form`): a value per suit holding plus a value per pattern.

* ``KNR(S)``, the holding part of one suit, is everything the seed counts suit by suit: protected
  high cards (seed 15-16), suit quality (seed 38-82), short honours (seed 84-92) and lower honours
  (seed 95-119).
* The pattern part is shortness (seed 18-19) with the discount (seed 21-29) and the 4333 adjustment
  (seed 31-36). Shortness is a function of the pattern alone, and the discount and the 4333 rule
  need the whole pattern, so all of shortness lives in the pattern (as in Deal's ``CCCC``, whose
  ``CCCC.holding`` is the same split).

The evaluator reads ``AKQJT98``: A-J as honours, T and 9 as intermediates, the 8 only beside a 9
(seed 82, ``*98``). Every other card counts only through the length.

Every reading the seed leaves open is a named option, :data:`KNR_READINGS` (default first);
``build_knr(**choices)`` builds any combination and ``KNR = build_knr()``. docs/KNR.md gives the
evidence for each default.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from openbid.hands.evaluators.form import Evaluator

SEED = "seed 000 (K&R Hand Valuation)"
"""Goldsmith's recap of the article with BidBase's notes (``lines``: 1-based line numbers)."""

READS = "AKQJT98"

KNR_READINGS: dict[str, tuple[str, ...]] = {
    # seed 21 says "Discount first doubleton"; seed 22-29: the C and Perl code (and Goldsmith, by
    # email) discount the first distribution point, whatever it is; so does BidBase (seed 32-35).
    "shortness_discount": ("first_distribution_point", "first_doubleton"),
    # seed 45-46 "Adjustments to the 4321 count (before dividing by 10 and and * by #cards)",
    # with the arithmetic of seed 48, 50, 51 (1/10*7 = +.7, 2/10*8 = +1.6, 1/10*8 = +.8).
    "long_suit_adjustment": ("before_multiplying", "flat_points"),
    # seed 47 "Seven card suits: missing Q or J (+1)": either one missing (seed 48 "-Q, -J"; the
    # article, quoted in dealerv2's knr_JeffGoldsmith.pl: "if EITHER minor honor were missing").
    # Goldsmith's original Perl matched /[QJ]/, i.e. only with both missing.
    "seven_card_suit": ("missing_either", "missing_both"),
    # seed 67 "For Intermediates in six-card suits or shorter:" and seed 80 "(modifier about
    # six-card suits misplaced?)": which intermediates the six-card limit governs.
    "intermediates_scope": ("six_or_shorter", "other_tens_any_length", "nines_any_length"),
    # seed 68-70 "Ten with two honors: 1" -- "the C source shows 2 *or more*".
    "ten_with_two_honours": ("two_or_more", "exactly_two"),
    # seed 82 "[K1230: ??9, *T9, *98 ...]": a nine with two higher honours (of AKQJ), the ten or the
    # eight. BidBase writes "two or more" as "??J, ???J" (seed 69), "??9" alone is exactly two.
    "nine_with_two_honours": ("exactly_two", "two_or_more"),
    # seed 88 "doubleton queen if with A or K = .5", seed 91 "stiff Q or Qx = 0", seed 106
    # "Doubleton queen = .25": which doubleton queens get the .25.
    "doubleton_queen": ("without_ace_or_king", "every_doubleton_queen", "not_counted"),
    # the seed's "x" (Qx, Qxx+, Kx): any lower card, or only a spot (9 or lower), so that QJ and QT
    # doubletons are not "Qx".
    "qx_small_card": ("any_lower_card", "nine_or_lower"),
    # seed 99-103 J with exactly two / one higher honours; seed 100 "(protected honor)": in any
    # length, or only from three cards up (Deal's reading).
    "jack_length": ("any_length", "three_or_longer"),
    # seed 112 "Ten under two higher or with 9 and one higher = .25"; seed 113-119: the C source
    # counts a ten with *exactly* two higher.
    "ten_under_two_higher": ("exactly_two", "two_or_more"),
}

DEFAULTS: dict[str, str] = {name: choices[0] for name, choices in KNR_READINGS.items()}


def _choices(choices: Mapping[str, str]) -> dict[str, str]:
    out = dict(DEFAULTS)
    for name, value in choices.items():
        if name not in KNR_READINGS:
            raise ValueError(f"unknown K&R reading {name!r}; readings: {', '.join(KNR_READINGS)}")
        if value not in KNR_READINGS[name]:
            raise ValueError(f"reading {name}={value!r}: choose one of {KNR_READINGS[name]}")
        out[name] = value
    return out


def knr_parts(held: str, length: int, **choices: str) -> dict[str, Fraction]:
    """The holding value of one suit, part by part (their sum is ``KNR(S)``).

    ``held``: the ranks of ``AKQJT98`` the suit holds; ``length``: its number of cards.

    high_cards        A = 3, K = 2, Q = 1 (seed 16)
    short_honours     stiff K = .5 (seed 85), AQ/KQ queen = .5 (seed 88), stiff Q, Qx = 0 (seed 91)
    quality_count     the 4321 count * length / 10 (seed 39)
    quality_long_suit the 7-, 8-, 9+-card adjustments (seed 45-65)
    quality_intermediates  tens and nines (seed 67-82)
    lower_honours     Qxx+ without A/K -.25, J with two / one higher .5 / .25, doubleton queen .25,
                      ten under two higher or with the 9 and one higher .25 (seed 95-119)
    """
    c = _choices(choices)
    n = length
    A, K, Q, J, T, N9, E8 = (r in held for r in READS)
    tenth = Fraction(n, 10)
    parts: dict[str, Fraction] = {}

    parts["high_cards"] = Fraction(3 * A + 2 * K + Q)

    # "x" in Qx: any lower card, or (reading) a spot 9 or lower only.
    qx = n == 2 and Q and not (A or K)
    if qx and c["qx_small_card"] == "nine_or_lower" and (J or T):
        qx = False
    short = Fraction(0)
    if K and n == 1:
        short -= Fraction(3, 2)  # stiff king = .5
    if Q and n == 1:
        short -= 1  # stiff Q = 0
    if Q and n == 2 and (A or K):
        short -= Fraction(1, 2)  # doubleton queen with A or K = .5
    if qx:
        short -= 1  # Qx = 0
    parts["short_honours"] = short

    parts["quality_count"] = (4 * A + 3 * K + 2 * Q + J) * tenth

    adjust = 0
    if n == 7:
        either = c["seven_card_suit"] == "missing_either"
        missing = (not Q or not J) if either else (not Q and not J)
        adjust = 1 if missing else 0
    elif n == 8:
        adjust = 2 if not Q else (1 if not J else 0)
    elif n >= 9:
        adjust = (2 if not Q else 0) + (1 if not J else 0)
    if c["long_suit_adjustment"] == "before_multiplying":
        parts["quality_long_suit"] = adjust * tenth
    else:
        parts["quality_long_suit"] = Fraction(adjust)

    scope = c["intermediates_scope"]
    tens_here = n <= 6
    other_tens_here = n <= 6 or scope == "other_tens_any_length"
    nines_here = n <= 6 or scope == "nines_any_length"
    akq = A + K + Q
    akqj = akq + J
    inter = Fraction(0)
    if T:
        two = akq >= 2 if c["ten_with_two_honours"] == "two_or_more" else akq == 2
        if tens_here and (J or two):
            inter += 1  # ten with two honours, or with the jack
        elif other_tens_here:
            inter += Fraction(1, 2)  # other tens
    if N9 and nines_here:
        two = akqj == 2 if c["nine_with_two_honours"] == "exactly_two" else akqj >= 2
        if T or E8 or two:
            inter += Fraction(1, 2)
    parts["quality_intermediates"] = inter * tenth

    lower = Fraction(0)
    if Q and n >= 3 and not A and not K:
        lower -= Fraction(1, 4)
    dq = c["doubleton_queen"]
    if dq == "without_ace_or_king" and qx:
        lower += Fraction(1, 4)
    elif dq == "every_doubleton_queen" and Q and n == 2:
        lower += Fraction(1, 4)
    if J and (c["jack_length"] == "any_length" or n >= 3):
        if akq == 2:
            lower += Fraction(1, 2)
        elif akq == 1:
            lower += Fraction(1, 4)
    if T:
        two = akqj == 2 if c["ten_under_two_higher"] == "exactly_two" else akqj >= 2
        if two or (akqj == 1 and N9):
            lower += Fraction(1, 4)
    parts["lower_honours"] = lower
    return parts


def knr_holding(held: str, length: int, **choices: str) -> Fraction:
    """``KNR(S)``: the sum of :func:`knr_parts`."""
    return sum(knr_parts(held, length, **choices).values(), Fraction(0))


def shortness(pattern: tuple[int, ...]) -> int:
    """Void 3, singleton 2, doubleton 1 (seed 19), before any discount."""
    return sum(3 - n for n in pattern if n <= 2)


def knr_pattern(pattern: tuple[int, int, int, int], **choices: str) -> Fraction:
    """The pattern part: shortness less the discount (seed 21-29), 4333 = -.5 (seed 31)."""
    c = _choices(choices)
    points = shortness(pattern)
    if c["shortness_discount"] == "first_distribution_point":
        if points > 0:
            points -= 1
    elif any(n == 2 for n in pattern):
        points -= 1
    value = Fraction(points)
    if tuple(sorted(pattern, reverse=True)) == (4, 3, 3, 3):
        value -= Fraction(1, 2)
    return value


def build_knr(**choices: str) -> "Evaluator":
    """K&R points under the given readings (any reading not named takes its default)."""
    c = _choices(choices)
    changed = {k: v for k, v in c.items() if v != DEFAULTS[k]}
    doc = "K&R points (Kaplan & Rubens 1982) as seed 000 reads them"
    if changed:
        doc += " (" + ", ".join(f"{k}={v}" for k, v in sorted(changed.items())) + ")"
    return Evaluator(
        name="KNR",
        reads=READS,
        holding=lambda held, n: knr_holding(held, n, **c),
        pattern=lambda p: knr_pattern(p, **c),
        doc=doc,
        source=f"{SEED} lines 15-119",
        options=c,
    )


KNR = build_knr()
