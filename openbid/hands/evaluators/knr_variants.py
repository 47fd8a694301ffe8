"""K&R points as five public implementations compute them, each exactly, in the evaluator form, and
where each departs from :data:`openbid.hands.evaluators.knr.KNR`.

Every variant is re-expressed from its source (read, never copied; Deal and dealer are GPL): the
comments cite the source's lines. The integer sources (dealer's C in hundredths, Deal's Tcl in
hundredths) are computed here in integer hundredths with the same operations and then divided by
100; the float sources (endplay's Python, Goldsmith's Perl) are computed as the exact rationals they
intend (every value is a multiple of 1/20, which a double cannot always hold: see docs/KNR.md).

=================  =====================================================================
KNR_ENDPLAY        endplay ``evaluate.cccc`` (dominicprice/endplay v0.5.12)
KNR_DEALERV2       dealerv2 ``cccc`` (dealerv2/DealerV2_4 src/deal_knr.c), without its clamp
                   at 0; :func:`dealerv2_cccc` is the whole function (not separable)
KNR_DEAL           Deal ``CCCC`` (thomasoa/andrews-deal lib/evaluators.tcl)
KNR_SUITS1999      Danil Suits' 1999 dealer ``cccc`` (dealerv2/Dealer-Version-2- src/c4.c before
                   JGM's fixes)
KNR_GOLDSMITH      Goldsmith's Perl ``cccc`` as dealerv2 ships it (docs/knr_JeffGoldsmith.pl)
=================  =====================================================================

:data:`VARIANTS` holds, per variant, its source, its unit, its departures from ``KNR``
(:class:`Departure`: a rule in words, a predicate over (held, length) or over the pattern, the exact
difference it makes and an example) and, for the one variant that is not separable, the general
function. :func:`compare` computes, exactly over all C(52,13) hands (by generating functions, via
:mod:`openbid.hands.evaluators.distribution`), on how many hands a variant's total differs from ``KNR`` and the
largest absolute difference, with a hand showing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Callable, Iterator, Optional

from openbid.hands.evaluators.form import Evaluator, holdings
from openbid.hands.evaluators.knr import KNR, READS, shortness
from openbid.bridge.notation import hand_text

Pattern = tuple[int, int, int, int]
Suits = tuple[str, str, str, str]

ENDPLAY_SRC = ("dominicprice/endplay src/endplay/evaluate/__init__.py "
               "@ 260af100d7dacc0e81babd839d5596ca7f20017a (tag v0.5.12, the installed version)")
DEALERV2_SRC = ("dealerv2/DealerV2_4 src/deal_knr.c @ 16082d8c3b83a8c0b414946504f9fd24ac100372 "
                "(file last changed in dd670f0715307d32af7c38431674d129ce40dddd, 2025-06-25)")
DEAL_SRC = ("thomasoa/andrews-deal lib/evaluators.tcl @ d2d9e0bd05a94030de11b945df61388340906e26 "
            "(file last changed in 25597da25b350eb7446fe4b15262285b88139acb, 2008-09-15)")
SUITS1999_SRC = ("dealerv2/Dealer-Version-2- src/c4.c @ 6d081d8e28a52d8c0637199a222d8cb1267dbb69 "
                 "(blob eb30904, unchanged since 3a4e10e7cda852fdce5d4d64d6894b9284a5040d, "
                 "2022-02-20; JGM's fixes came in 2dbc75465a18a9a53102007fbb6cacd6511cdd36)")
GOLDSMITH_SRC = ("dealerv2/DealerV2_4 docs/knr_JeffGoldsmith.pl @ "
                 "16082d8c3b83a8c0b414946504f9fd24ac100372 (file last changed in "
                 "3e44f33b71ec158a90df47dab95b6785c8a929ef; JGM's 2022-10-10 version)")


def _flags(held: str) -> tuple[bool, ...]:
    return tuple(r in held for r in READS)  # A K Q J T 9 8


# --- endplay ---------------------------------------------------------------------------------
# src/endplay/evaluate/__init__.py, def cccc (lines 196-291 at v0.5.12). top_honours(hand, k)
# counts the cards among the k highest ranks (k = 3: AKQ, 4: AKQJ, 5: AKQJT).

def endplay_holding(held: str, n: int) -> Fraction:
    """endplay's ``cccc(SuitHolding)``: one suit, shortness points included."""
    A, K, Q, J, T, N9, E8 = _flags(held)
    akq, akqj, akqjt = A + K + Q, A + K + Q + J, A + K + Q + J + T
    score = Fraction(4 * A + 3 * K + 2 * Q + J) + (Fraction(1, 2) if T else 0)  # 1-5
    if 2 <= n <= 6:  # 6-7
        if T and (J or akqj >= 2):
            score += Fraction(1, 2)
        if N9 and ((E8 or T) or akqjt == 2):
            score += Fraction(1, 2)
    if 4 <= n <= 6:  # 8
        if N9 and not (E8 and T) and akqj == 3:
            score += Fraction(1, 2)
    if n >= 7 and (not Q or not J):  # 9
        score += 1
    if n >= 8 and not Q:  # 10
        score += 1
    if n >= 9 and not Q and not J:  # 11
        score += 1
    score *= Fraction(n, 10)  # 12 (the source multiplies by the float l / 10)
    if A:  # 13
        score += 3
    if K:  # 14-15
        score += 2 if n > 1 else Fraction(1, 2)
    if Q:  # 16-19
        if n >= 3:
            score += 1 if (K or A) else Fraction(3, 4)
        elif n == 2:
            score += Fraction(1, 2) if (K or A) else Fraction(1, 4)
    if J:  # 20-21
        if akq == 2:
            score += Fraction(1, 2)
        elif akq == 1:
            score += Fraction(1, 4)
    if T:  # 22-23
        if akqj == 2:
            score += Fraction(1, 4)
        if N9 and akqj == 1:
            score += Fraction(1, 4)
    score += {0: 3, 1: 2, 2: 1}.get(n, 0)  # 24-26
    return score


def endplay_pattern(p: Pattern) -> Fraction:
    """The hand: the sum of the suits - 1, + 0.5 back for 4-3-3-3."""
    return Fraction(-1) + (Fraction(1, 2) if tuple(p) == (4, 3, 3, 3) else 0)


# --- Danil Suits 1999 (dealer) -----------------------------------------------------------------
# src/c4.c at 6d081d8 (identical since 3a4e10e): eval_cccc and suit_quality, in hundredths.

def suits1999_quality(held: str, n: int) -> int:
    """suit_quality(), hundredths."""
    A, K, Q, J, T, N9, E8 = _flags(held)
    factor = n * 10  # SuitFactor
    q = factor * (4 * A + 3 * K + 2 * Q + J)
    higher = A + K + Q + J
    if n > 6:
        replace = 3
        if Q:
            replace -= 2
        if J:
            replace -= 1
        if replace > n - 6:
            replace = n - 6
        q += replace * factor
    else:
        if T:
            q += factor if (higher > 1 or J) else factor // 2
        if N9 and (higher == 2 or T or E8):
            q += factor // 2
    assert q % 5 == 0
    return q


def suits1999_holding_hundredths(held: str, n: int) -> int:
    """One suit's share of eval_cccc(), hundredths (ShapePoints kept apart: the pattern)."""
    A, K, Q, J, T, N9, E8 = _flags(held)
    ev, higher = 0, 0
    if A:
        ev += 300
        higher += 1
    if K:
        ev += 200
        if n == 1:
            ev -= 150
        higher += 1
    if Q:
        ev += 100
        if n == 1:
            ev -= 75
        if n == 2:
            ev -= 25
        if higher == 0:
            ev -= 25
        higher += 1
    if J:
        if higher == 2:
            ev += 50
        if higher == 1:
            ev += 25
        higher += 1
    if T:
        if higher == 2:
            ev += 25
        if higher == 1 and N9:
            ev += 25
    return ev + suits1999_quality(held, n)


def suits_shape_hundredths(p: Pattern) -> int:
    """ShapePoints: (3 - length) * 100 per suit under 3; none: -50, else ShapePoints - 100. Deal's
    CCCC.shapepoints is the same function."""
    pts = sum((3 - n) * 100 for n in p if n < 3)
    return -50 if pts == 0 else pts - 100


# --- Deal (Tcl) --------------------------------------------------------------------------------
# lib/evaluators.tcl: shapefunc CCCC.shapepoints (lines 112-126), holdingProc Quality (128-157),
# holdingProc CCCC.holding (159-203), proc CCCC (204-208). Hundredths; Tcl integers.

def deal_quality(held: str, n: int) -> int:
    """Quality: SuitFactor * HCP + replacement / intermediates (lines 128-157); the same
    arithmetic as Suits' suit_quality (its comment: "modeled ... against Danil Suits")."""
    A, K, Q, J, T, N9, E8 = _flags(held)
    factor = 10 * n
    q = factor * (4 * A + 3 * K + 2 * Q + J)
    higher = A + K + Q + J
    if n > 6:
        replace = 3 - (2 if Q else 0) - (1 if J else 0)
        replace = min(replace, n - 6)
        q += replace * factor
    else:
        if T:
            q += factor if (higher > 1 or J) else factor // 2
        if N9 and (higher == 2 or T or E8):
            q += factor // 2
    return q


def deal_holding_hundredths(held: str, n: int) -> int:
    """CCCC.holding (lines 159-203)."""
    A, K, Q, J, T, N9, E8 = _flags(held)
    higher, ev = 0, 0
    if A:
        ev += 300
        higher += 1
    if K:
        ev += 50 if n == 1 else 200
        higher += 1
    if Q:
        if n <= 2:
            if higher == 1:
                ev += 50
        else:
            ev += 75 if higher == 0 else 100
        higher += 1
    if J:
        if n > 2:
            if higher == 2:
                ev += 50
            if higher == 1:
                ev += 25
        higher += 1
    if T and (higher == 2 or (higher == 1 and N9)):
        ev += 25
    return ev + deal_quality(held, n)


# --- dealerv2 (DealerV2_4) ---------------------------------------------------------------------
# src/deal_knr.c: eval_cccc (lines 52-155) and suit_quality (157-231), hundredths.

def dealerv2_quality(held: str, n: int) -> int:
    """suit_quality(): qhcp (A 400 K 300 Q 200 J 100 T 50), the 7/8/9+ additions, the <= 6
    intermediates, then Quality = qhcp * Length / 10 (C int arithmetic; exact, qhcp is a multiple
    of 50). eval_cccc calls it only for Length > 0."""
    if n == 0:
        return 0
    A, K, Q, J, T, N9, E8 = _flags(held)
    qhcp = 400 * A + 300 * K + 200 * Q + 100 * J + (50 if T else 0)
    higher = A + K + Q + J
    if n == 7 and (not J or not Q):
        qhcp += 100
    elif n == 8:
        if not Q:
            qhcp += 200
        elif not J:
            qhcp += 100
    elif n >= 9:
        if not Q:
            qhcp += 200
        if not J:
            qhcp += 100
    if n <= 6:
        if T and (higher > 1 or J):
            qhcp += 50
        if N9 and (higher == 2 or E8 or T):
            qhcp += 50
    quality = qhcp * n // 10
    assert (qhcp * n) % 10 == 0 and quality % 5 == 0
    return quality


def dealerv2_holding_hundredths(held: str, n: int) -> int:
    """eval_cccc's per-suit pakq + pjt + quality (lines 85-130); ShapePoints go to the pattern."""
    A, K, Q, J, T, N9, E8 = _flags(held)
    pakq, pjt, higher = 0, 0, 0
    if A:
        pakq += 300
        higher += 1
    if K:
        pakq += 200
        if n == 1:
            pakq -= 150
        higher += 1
    if Q:
        if n == 2 and higher == 0:
            pakq += 25
        if n == 2 and higher > 0:
            pakq += 50
        if n >= 3 and higher == 0:
            pakq += 75
        if n >= 3 and higher > 0:
            pakq += 100
        higher += 1
    if J:
        if higher == 2:
            pjt += 50
        if higher == 1:
            pjt += 25
        higher += 1
    if T:
        if higher == 2:
            pjt += 25
        if higher == 1 and N9:
            pjt += 25
    return pakq + pjt + dealerv2_quality(held, n)


def dealerv2_shape_hundredths(p: Pattern) -> int:
    """ShapePoints 300/200/100 per void/singleton/doubleton, -100 once if any doubleton (line 146),
    -50 for 4333 (square_hand, line 149)."""
    pts = sum({0: 300, 1: 200, 2: 100}.get(n, 0) for n in p)
    if any(n == 2 for n in p):
        pts -= 100
    if tuple(sorted(p, reverse=True)) == (4, 3, 3, 3):
        pts -= 50
    return pts


# --- Goldsmith's Perl as dealerv2 ships it -----------------------------------------------------
# docs/knr_JeffGoldsmith.pl, sub cccc (lines 54-179): floats; exact rationals here.

def goldsmith_holding(held: str, n: int) -> Fraction:
    """The per-suit terms of $pakq + $plen/10. + $psk + $plq + $plh."""
    A, K, Q, J, T, N9, E8 = _flags(held)
    pakq = 3 * A + 2 * K + Q  # lines 68-71
    plen = Fraction(n * (4 * A + 3 * K + 2 * Q + J))  # lines 81-86
    # lines 98-102; /QJ/ on a suit written high to low matches exactly when both are held.
    if n == 7 and not (Q and J):
        plen += 7
    if n == 8 and not Q:
        plen += 16
    elif n == 8 and not J:
        plen += 8
    if n > 8 and not Q:
        plen += 2 * n
    if n > 8 and not J:
        plen += n
    if T:  # lines 108-113
        if n <= 6 and ((A + K + Q) >= 2 or J):
            plen += n
        else:
            plen += Fraction(n, 2)
    if N9 and n <= 6 and ((A + K + Q + J) >= 2 or T or E8):  # lines 115-119
        plen += Fraction(n, 2)
    psk = Fraction(0)  # lines 137-145
    if K and n == 1:
        psk -= Fraction(3, 2)
    if Q and n < 3:
        psk -= 1
        if A or K:
            psk += Fraction(1, 2)
        elif n == 2:
            psk += Fraction(1, 4)
    plq = -Fraction(1, 4) if (Q and not A and not K and n >= 3) else Fraction(0)  # 149-152
    plh = Fraction(0)  # lines 156-168
    if J:
        if A + K + Q == 2:
            plh += Fraction(1, 2)
        if A + K + Q == 1:
            plh += Fraction(1, 4)
    if T:
        if A + K + Q + J == 2:
            plh += Fraction(1, 4)
        if A + K + Q + J == 1 and N9:
            plh += Fraction(1, 4)
    return pakq + plen / 10 + psk + plq + plh


def goldsmith_pattern(p: Pattern) -> Fraction:
    """$pdist (lines 123-129: void 3, stiff 2, each doubleton after the first 1) + $p4333 (lines
    171-176: every suit of 3 or 4 cards, i.e. 4-3-3-3)."""
    pdist, dbl = 0, 0
    for n in p:
        if n == 0:
            pdist += 3
        if n == 1:
            pdist += 2
        if n == 2:
            if dbl > 0:
                pdist += 1
            dbl += 1
    square = all(n in (3, 4) for n in p)
    return Fraction(pdist) - (Fraction(1, 2) if square else 0)


# --- the evaluators ----------------------------------------------------------------------------

KNR_ENDPLAY = Evaluator(
    name="KNR_ENDPLAY", reads=READS, holding=endplay_holding, pattern=endplay_pattern,
    doc="K&R points as endplay.evaluate.cccc computes them (shortness counted in the suit)",
    source=ENDPLAY_SRC)

KNR_DEALERV2 = Evaluator(
    name="KNR_DEALERV2", reads=READS,
    holding=lambda h, n: Fraction(dealerv2_holding_hundredths(h, n), 100),
    pattern=lambda p: Fraction(dealerv2_shape_hundredths(p), 100),
    doc="K&R points as dealerv2's cccc computes them, before its clamp at 0 (see dealerv2_cccc)",
    source=DEALERV2_SRC)

KNR_DEAL = Evaluator(
    name="KNR_DEAL", reads=READS,
    holding=lambda h, n: Fraction(deal_holding_hundredths(h, n), 100),
    pattern=lambda p: Fraction(suits_shape_hundredths(p), 100),
    doc="K&R points as Deal's CCCC computes them (Deal returns hundredths)",
    source=DEAL_SRC)

KNR_SUITS1999 = Evaluator(
    name="KNR_SUITS1999", reads=READS,
    holding=lambda h, n: Fraction(suits1999_holding_hundredths(h, n), 100),
    pattern=lambda p: Fraction(suits_shape_hundredths(p), 100),
    doc="K&R points as Danil Suits' 1999 dealer cccc computes them (dealer returns hundredths)",
    source=SUITS1999_SRC)

KNR_GOLDSMITH = Evaluator(
    name="KNR_GOLDSMITH", reads=READS, holding=goldsmith_holding, pattern=goldsmith_pattern,
    doc="K&R points as Goldsmith's Perl (JGM's 2022 version, shipped by dealerv2) computes them",
    source=GOLDSMITH_SRC)


def dealerv2_cccc(suits: Suits) -> Fraction:
    """dealerv2's whole ``cccc`` (points): the separable :data:`KNR_DEALERV2` clamped at 0 (line 153
    ``if (toteval < 0 ) toteval = 0``). Not separable: max(0, pattern + sum of holdings)."""
    return max(Fraction(0), KNR_DEALERV2.hand_value(suits))


# --- departures --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Departure:
    """One way a variant departs from KNR.

    rule: in words. ``applies`` (a holding departure: (held, length) -> bool, ``held`` over
    ``AKQJT98``) or ``applies_pattern`` (pattern -> bool) says where; ``delta`` is the exact
    difference variant - KNR it makes there (a function of the same arguments). ``example`` is a
    holding (``AKT5432``) or a pattern (``4441``) where it shows.
    """

    rule: str
    example: str
    applies: Optional[Callable[[str, int], bool]] = None
    applies_pattern: Optional[Callable[[Pattern], bool]] = None
    delta: Callable[..., Fraction] = lambda *a: Fraction(0)


def _count(held: str, ranks: str) -> int:
    return sum(r in held for r in ranks)


TENS_IN_LONG_SUITS = Departure(
    rule="a ten in a suit of 7 or more cards counts .5 in the 4321 count (+ length/20); the seed "
         "counts intermediates only in suits of six cards or shorter (seed 67)",
    example="AKT5432",
    applies=lambda h, n: "T" in h and n >= 7,
    delta=lambda h, n: Fraction(n, 20))

FIRST_DOUBLETON = Departure(
    rule="discounts the first doubleton, not the first distribution point: a pattern with "
         "shortness but no doubleton keeps its point (+1; seed 21 as printed, not seed 22-29)",
    example="4441",
    applies_pattern=lambda p: 2 not in p and shortness(p) > 0,
    delta=lambda p: Fraction(1))

DEPARTURES: dict[str, tuple[Departure, ...]] = {
    "KNR_ENDPLAY": (
        TENS_IN_LONG_SUITS,
        Departure(
            rule="a nine with exactly three of AKQJ in a 4-6 card suit, not beside both T and 8, "
                 "gets another .5 in the count (step 8 of endplay; + length/20)",
            example="AKQ95",
            applies=lambda h, n: (n <= 6 and "9" in h and _count(h, "AKQJ") == 3
                                  and not ("T" in h and "8" in h)),
            delta=lambda h, n: Fraction(n, 20)),
    ),
    "KNR_DEALERV2": (TENS_IN_LONG_SUITS, FIRST_DOUBLETON),
    "KNR_DEAL": (
        Departure(
            rule="Qx (a doubleton queen without A or K) counts 0, not .25: Deal drops the "
                 "'Doubleton queen = .25' of seed 106",
            example="Q5",
            applies=lambda h, n: n == 2 and "Q" in h and "A" not in h and "K" not in h,
            delta=lambda h, n: Fraction(-1, 4)),
        Departure(
            rule="a jack in a doubleton (AJ, KJ, QJ) gets no lower-honour .25: Deal counts the "
                 "jack only from three cards up",
            example="KJ",
            applies=lambda h, n: n == 2 and "J" in h and _count(h, "AKQ") == 1,
            delta=lambda h, n: Fraction(-1, 4)),
    ),
    "KNR_SUITS1999": (
        Departure(
            rule="a doubleton queen with A or K counts .75, not .5 (Suits deducts .25 for any "
                 "doubleton queen where the seed sets AQ/KQ to .5)",
            example="AQ",
            applies=lambda h, n: n == 2 and "Q" in h and ("A" in h or "K" in h),
            delta=lambda h, n: Fraction(1, 4)),
        Departure(
            rule="Qx (a doubleton queen without A or K) counts .5, not .25 (Suits: 1 - .25 for "
                 "the doubleton - .25 for no higher honour)",
            example="Q5",
            applies=lambda h, n: n == 2 and "Q" in h and "A" not in h and "K" not in h,
            delta=lambda h, n: Fraction(1, 4)),
    ),
    "KNR_GOLDSMITH": (
        TENS_IN_LONG_SUITS,
        Departure(
            rule="a nine counts .5 with two *or more* of AKQJ (seed 82 '??9': exactly two): a "
                 "nine with three or four of them and neither T nor 8 in a suit of 6 or fewer "
                 "(+ length/20)",
            example="AKQ94",
            applies=lambda h, n: (n <= 6 and "9" in h and _count(h, "AKQJ") >= 3
                                  and "T" not in h and "8" not in h),
            delta=lambda h, n: Fraction(n, 20)),
        FIRST_DOUBLETON,
    ),
}

LENGTH_SHIFT: dict[str, Callable[[int], Fraction]] = {
    # endplay counts void/singleton/doubleton points inside each suit; moving them to the pattern
    # changes no total, and makes its holding values comparable with KNR(S).
    "KNR_ENDPLAY": lambda n: Fraction({0: 3, 1: 2, 2: 1}.get(n, 0)),
}


@dataclass(frozen=True)
class Variant:
    """One public implementation: its evaluator (the separable form), source, unit and departures.

    unit: what the source returns: 1 (points, a float) or 100 (integer hundredths).
    total: the source's whole-hand value in points (the evaluator's hand_value when separable).
    separable: False when the source is not pattern + sum of holdings; ``nonseparable`` says why.
    """

    evaluator: Evaluator
    source: str
    unit: int
    arithmetic: str
    departures: tuple[Departure, ...]
    total: Callable[[Suits], Fraction]
    separable: bool = True
    nonseparable: str = ""
    length_shift: Callable[[int], Fraction] = field(default=lambda n: Fraction(0))


VARIANTS: dict[str, Variant] = {
    "KNR_ENDPLAY": Variant(
        KNR_ENDPLAY, ENDPLAY_SRC, 1,
        "Python floats: the count is multiplied by the float l / 10 (0.7 etc. are inexact), so the "
        "float result can differ from the exact rational by a few ulps",
        DEPARTURES["KNR_ENDPLAY"], KNR_ENDPLAY.hand_value,
        length_shift=LENGTH_SHIFT["KNR_ENDPLAY"]),
    "KNR_DEALERV2": Variant(
        KNR_DEALERV2, DEALERV2_SRC, 100,
        "C ints in hundredths; Quality = qhcp * Length / 10 is exact (qhcp is a multiple of 50)",
        DEPARTURES["KNR_DEALERV2"], dealerv2_cccc, separable=False,
        nonseparable="eval_cccc ends with `if (toteval < 0) toteval = 0` (line 153): the value is "
                     "max(0, pattern + sum of holdings). Only 4-3-3-3 hands (pattern -0.5) can go "
                     "below 0."),
    "KNR_DEAL": Variant(
        KNR_DEAL, DEAL_SRC, 100, "Tcl integers in hundredths; SuitFactor/2 is exact (even)",
        DEPARTURES["KNR_DEAL"], KNR_DEAL.hand_value),
    "KNR_SUITS1999": Variant(
        KNR_SUITS1999, SUITS1999_SRC, 100,
        "C ints in hundredths; SuitFactor / 2 is exact (SuitFactor = 10 * Length)",
        DEPARTURES["KNR_SUITS1999"], KNR_SUITS1999.hand_value),
    "KNR_GOLDSMITH": Variant(
        KNR_GOLDSMITH, GOLDSMITH_SRC, 1,
        "Perl floats: $plen/10. and the sum of float terms; printed with %.2f",
        DEPARTURES["KNR_GOLDSMITH"], KNR_GOLDSMITH.hand_value),
}


# --- exact comparison --------------------------------------------------------------------------

def holding_delta(name: str, held: str, n: int) -> Fraction:
    """variant(S) - KNR(S) for one holding, with the variant's length-only shift removed."""
    v = VARIANTS[name]
    return v.evaluator.holding_table[(held, n)] - v.length_shift(n) - KNR.holding_table[(held, n)]


def pattern_delta(name: str, p: Pattern) -> Fraction:
    """variant pattern - KNR pattern, with the variant's length-only shift added back."""
    v = VARIANTS[name]
    return (v.evaluator.pattern_table[p] + sum((v.length_shift(n) for n in p), Fraction(0))
            - KNR.pattern_table[p])


def explained_holding_delta(name: str, held: str, n: int) -> Fraction:
    """The sum of the deltas of the holding departures that apply."""
    return sum((d.delta(held, n) for d in VARIANTS[name].departures
                if d.applies is not None and d.applies(held, n)), Fraction(0))


def explained_pattern_delta(name: str, p: Pattern) -> Fraction:
    return sum((d.delta(p) for d in VARIANTS[name].departures
                if d.applies_pattern is not None and d.applies_pattern(p)), Fraction(0))


SPOTS = "765432"  # the ranks no evaluator here reads, high to low


def hand_of(held_lengths: list[tuple[str, int]]) -> Suits:
    """A concrete hand with these four holdings (spades, hearts, diamonds, clubs)."""
    suits = []
    for held, n in held_lengths:
        small = n - len(held)
        if not 0 <= small <= len(SPOTS):
            raise ValueError(f"no suit holds {held!r} in {n} cards")
        suits.append(held + SPOTS[len(SPOTS) - small:])  # the lowest spots
    return tuple(suits)  # type: ignore[return-value]


def pbn(suits: Suits) -> str:
    return hand_text(suits)


def _compositions() -> Iterator[tuple[int, int, int, int]]:
    for a in range(14):
        for b in range(14 - a):
            for c in range(14 - a - b):
                yield a, b, c, 13 - a - b - c


def _pattern(comp: tuple[int, ...]) -> Pattern:
    return tuple(sorted(comp, reverse=True))  # type: ignore[return-value]


def extreme_difference(a: Evaluator, b: Evaluator, sign: int) -> tuple[Fraction, Suits]:
    """max over all hands of sign * (a - b), and a hand attaining it (exact, by the independence
    of the four suits given their lengths)."""
    best: dict[int, tuple[Fraction, str]] = {}
    for held, n in holdings(READS):
        d = sign * (a.holding_table[(held, n)] - b.holding_table[(held, n)])
        if n not in best or d > best[n][0]:
            best[n] = (d, held)
    top: tuple[Fraction, tuple[int, int, int, int]] | None = None
    for comp in _compositions():
        p = _pattern(comp)
        v = sign * (a.pattern_table[p] - b.pattern_table[p]) + sum(best[n][0] for n in comp)
        if top is None or v > top[0]:
            top = (v, comp)
    assert top is not None
    value, comp = top
    return value, hand_of([(best[n][1], n) for n in comp])


@dataclass(frozen=True)
class Comparison:
    """A variant's total against KNR's over all C(52,13) hands, exactly."""

    name: str
    differing_hands: int
    largest: Fraction
    witness: Suits
    witness_values: tuple[Fraction, Fraction]  # (variant, KNR) on the witness
    distribution: dict[Fraction, int]  # (variant - KNR) -> hands, the separable part
    exceptional_hands: int = 0  # hands where the whole function differs from its separable part


def below_zero_classes(e: Evaluator) -> Iterator[tuple[list[tuple[str, int]], int]]:
    """Every hand class (four holdings over ``AKQJT98``, spades first) where ``e``'s separable total
    is below 0, with its number of concrete hands. Exact enumeration, pruned by each length's least
    holding value (assumes holding values >= that least value, which it is by construction)."""
    least: dict[int, Fraction] = {}
    for held, n in holdings(READS):
        v = e.holding_table[(held, n)]
        least[n] = min(least.get(n, v), v)
    unread = 13 - len(READS)
    by_length: dict[int, list[tuple[str, Fraction]]] = {}
    for held, n in holdings(READS):
        by_length.setdefault(n, []).append((held, e.holding_table[(held, n)]))
    for comp in _compositions():
        base = e.pattern_table[_pattern(comp)]
        if base + sum(least[n] for n in comp) >= 0:
            continue

        def walk(i: int, acc: Fraction, chosen: list[tuple[str, int]]):
            if i == 4:
                if acc < 0:
                    count = 1
                    for held, n in chosen:
                        count *= comb(unread, n - len(held))
                    yield list(chosen), count
                return
            rest = sum(least[n] for n in comp[i + 1:])
            for held, v in by_length[comp[i]]:
                if acc + v + rest < 0:
                    chosen.append((held, comp[i]))
                    yield from walk(i + 1, acc + v, chosen)
                    chosen.pop()

        yield from walk(0, base, [])


def compare(name: str) -> Comparison:
    """Exactly: on how many of the C(52,13) hands the variant's total differs from KNR's, and the
    largest absolute difference with a hand showing it."""
    from openbid.hands.evaluators.distribution import TOTAL_HANDS, difference, distribution

    v = VARIANTS[name]
    e = v.evaluator
    dist = distribution(difference(e, KNR))
    assert sum(dist.values()) == TOTAL_HANDS
    differing = sum(w for d, w in dist.items() if d != 0)
    hi, hand_hi = extreme_difference(e, KNR, +1)
    lo, hand_lo = extreme_difference(e, KNR, -1)
    assert max(dist) == hi and min(dist) == -lo, "generating functions and the extremes disagree"
    largest, witness = (hi, hand_hi) if hi >= lo else (lo, hand_lo)
    exceptional = 0
    if not v.separable:
        if name != "KNR_DEALERV2":
            raise NotImplementedError(name)
        # The clamp changes the total only where the separable total is below 0.
        for classes, count in below_zero_classes(e):
            hand = hand_of(classes)
            s, k, g = e.hand_value(hand), KNR.hand_value(hand), v.total(hand)
            exceptional += count
            differing += count * ((g != k) - (s != k))
            if abs(g - k) > largest:
                largest, witness = abs(g - k), hand
        if v.total(witness) != e.hand_value(witness):
            raise AssertionError("the extreme hand is one the clamp changes: extend compare()")
    values = (v.total(witness), KNR.hand_value(witness))
    return Comparison(name, differing, largest, witness, values, dist, exceptional)


def decimal(x: Fraction, places: int = 2) -> str:
    """An exact decimal string for a fraction whose denominator divides 10**places."""
    scaled = x * 10**places
    if scaled.denominator != 1:
        raise ValueError(f"{x} has no {places}-place decimal")
    sign, digits = ("-" if scaled < 0 else ""), str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def report() -> str:
    """The table of docs/KNR.md, computed."""
    from openbid.hands.evaluators.distribution import TOTAL_HANDS

    rows = ["| variant | hands whose total differs from KNR | share | largest abs. difference | "
            "a hand showing it | variant vs KNR there |", "|---|---:|---:|---:|---|---|"]
    for name in VARIANTS:
        c = compare(name)
        a, b = c.witness_values
        share = Fraction(c.differing_hands * 10**6, TOTAL_HANDS)
        share_text = decimal(Fraction(round(share), 10**4), 4) + " %"
        rows.append(f"| {name} | {c.differing_hands:,} | {share_text} | {decimal(c.largest)} | "
                    f"`{pbn(c.witness)}` | {decimal(a)} vs {decimal(b)} |")
    return "\n".join(rows)


def reading_report() -> str:
    """For each reading not taken: on how many hands KNR under it differs from KNR, and by how much
    at most (exact, by generating functions)."""
    from openbid.hands.evaluators.knr import KNR_READINGS, build_knr
    from openbid.hands.evaluators.distribution import difference, distribution

    rows = ["| reading | choice | hands whose total changes | largest abs. change |",
            "|---|---|---:|---:|"]
    for name, choices in KNR_READINGS.items():
        for choice in choices[1:]:
            dist = distribution(difference(build_knr(**{name: choice}), KNR))
            changed = sum(w for d, w in dist.items() if d != 0)
            rows.append(f"| {name} | {choice} | {changed:,} | "
                        f"{decimal(max(abs(d) for d in dist))} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(report())  # noqa: T201
    print()  # noqa: T201
    print(reading_report())  # noqa: T201
