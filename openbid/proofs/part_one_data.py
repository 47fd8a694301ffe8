"""Part One of the paper, its within-section remarks, its lemmas, and Appendix 6, as data.

Source: London & Wasserman, "The Anatomy of an Algol Procedure" (1967), seed text
``004_dd505d9068ba6092.txt``. Part One is pp. 16-25 ("II. Part One of the Analysis" up to "III.
Part Two"); Appendix 6 is pp. 95-97. ``source_lines`` are 1-based lines of the seed file. Its page
numbers are lost, so ``pages`` is the range of the part.

Data only: what the paper claims, written so that a checker (``verify/``) can prove or refute each
claim with Z3 and with the exact enumeration. Nothing here decides whether a claim holds.

Part One (``PART_ONE``)
    The table "If a hand satisfies the conditions needed to bid at section N, then a bid cannot be
    made in sections 1, 2, ... N-1", one :class:`PaperEntry` per printed (N, M) row. N and M are
    kept as printed (``n="13a, b, d"``, ``m="2b, 6, 9, 11a"``) and expanded into bid-point labels
    (``n_points``, ``m_points``; a bare section number means all its bid points). ``kind`` is the
    paper's verdict on a hand that meets both N and M:

    - ``cannot``: no hand meets both; checkable: ``meets(N) and meets(M)`` is unsatisfiable
      (outside ``exceptions`` when the reason itself concedes hands);
    - ``preferable``: hands may meet both and the earlier bid at M is the better one (judgement);
    - ``same``: the bid at M is the bid N would make (checkable where both are met);
    - ``satisfactory``, ``acceptable``: the paper's words for an earlier bid it accepts;
    - ``mixed``: an either/or reason ("either (HCP <= 12) or (2D, 1C are preferable bids)");
      ``kinds`` lists the kinds involved, in the order the reason gives them.

    For every other kind ``kinds == (kind,)``.

Verbatim text
    ``reason`` (and ``quote`` below) is the seed text exactly, OCR artefacts included (``\\geq``,
    ``$...$``, ``<p>`` tags). A reason that runs over several cells or lines is those pieces joined
    with ``"\\n"``; each piece is an exact substring of one of its ``source_lines`` (the N and M
    columns and the repeated page headers are left out).

Expressions
    Every expression is in the project's expression language (docs/expressions.md) and parses with
    :func:`openbid.model.expr.parse`. ``meets("L")``: the conditions of bid point or section L hold (for
    a section number, those of some bid point in it). ``bid``, ``section``, ``bidval``: the outcome.

Lemmas (``LEMMAS``)
    Every general fact a Part One reason leans on, one :class:`Lemma` per distinct mathematical
    claim, as the paper states it: ``premise => conclusion`` for every hand. Premises the argument
    uses without restating (the case hypothesis "HCP = 6 or 7", a section's own condition) are
    written into ``premise`` and flagged in ``note``; no claim is weakened to make it true.
    ``context`` is the case the paper is in when it states the claim (e.g. ``meets("7")``). It is
    NOT part of the claim: it lets a checker tell "false as stated" from "false even where the paper
    uses it". ``scope`` is ``general`` (hand descriptors only) or ``section`` (uses ``meets`` or the
    outcome: a property of a bid point, or a witness hand). ``used_in`` lists the ``PaperEntry.id``
    values whose reasons use the lemma. ``expected`` is what the transcriber's own exhaustive
    enumeration found: a cross-check for the checker, never a substitute for it.

Within-section claims (``WITHIN_SECTION``)
    The paragraph "Strictly speaking, there is more to this part of the analysis ..." on the order
    of the bids inside each section. ``kind`` is ``fact`` (checkable: ``premise => conclusion`` for
    every hand; a ``conclusion`` of ``"false"`` means the premise is unsatisfiable) or ``judgement``
    (a bridge opinion; ``premise`` and ``conclusion`` are ``None``). ``stated=False`` marks a fact
    the paper does not print but which settles one of its judgements mechanically.

Appendix 6 (``APPENDIX6``)
    The printed table: distribution (longest suit first, parts concatenated, as the descriptor
    SHAPE spells it: ``"4432"``, ``"13000"``, ``"10300"``) to (minimum change, maximum change), so
    that ``HCP + minimum <= TOTALPTS <= HCP + maximum``. The maximum assumes HCP <= 15 (footnote).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The bid points of OPENBID in program order (14, the fall-through pass, has no conditions).
BID_POINTS: tuple[str, ...] = (
    "1", "2a", "2b", "3", "4", "5a", "5b", "6a", "6b", "7",
    "8a", "8b", "8c", "8d", "8e", "9", "10", "11a", "11b",
    "12a", "12b", "12c", "12d", "12e", "12f", "12g", "12h", "12i", "12j",
    "13a", "13b", "13c", "13d",
)  # fmt: skip

#: The bid points of each section.
SECTION_POINTS: dict[int, tuple[str, ...]] = {
    n: tuple(p for p in BID_POINTS if p.rstrip("abcdefghij") == str(n)) for n in range(1, 14)
}

KINDS = ("cannot", "preferable", "same", "satisfactory", "acceptable", "mixed")
WITHIN_KINDS = ("fact", "judgement")
LEMMA_SCOPES = ("general", "section")

SEED_FILE = "004_dd505d9068ba6092.txt"
PART_ONE_LINES = (214, 338)  # "II. Part One of the Analysis" .. the line before "III. Part Two"


@dataclass(frozen=True)
class PaperEntry:
    """One printed row of the Part One table: a hand meeting N, against the earlier section(s) M."""

    id: str  # "N/M" as printed, e.g. "10/1", "13c/2b, 6, 9, 11a": what Lemma.used_in refers to
    n: str
    n_points: tuple[str, ...]
    m: str
    m_points: tuple[str, ...]
    kind: str
    kinds: tuple[str, ...]
    reason: str  # verbatim, pieces joined by "\n"
    source_lines: tuple[int, ...]
    pages: str = "16-25"
    see: str = ""  # the entry the reason defers to ("same reasons as 2b, 1"; "as in 10")
    concessions: tuple[str, ...] = ()  # hands the reason itself says meet both N and M, as printed
    exceptions: str = ""  # expression: the region the reason concedes ("" = none)
    note: str = ""


@dataclass(frozen=True)
class WithinSectionClaim:
    """One remark on the order of the bids inside a section."""

    id: str
    sections: tuple[str, ...]  # the bid points concerned
    quote: str  # verbatim
    source_lines: tuple[int, ...]
    kind: str  # "fact" | "judgement"
    premise: str | None = None
    conclusion: str | None = None  # "false": the premise is unsatisfiable
    stated: bool = True  # False: not printed; added because it settles the judgement it follows
    expected: bool | None = None  # facts only: what the transcriber's enumeration found
    pages: str = "16-25"
    note: str = ""


@dataclass(frozen=True)
class Lemma:
    """A general fact used by a Part One reason: ``premise => conclusion`` for every hand."""

    id: str
    premise: str
    conclusion: str
    quote: str  # verbatim, pieces joined by "\n"
    source_lines: tuple[int, ...]
    used_in: tuple[str, ...]  # PaperEntry ids
    scope: str = "general"  # "general" | "section"
    context: str = "true"  # where the paper states it; not part of the claim
    expected: bool = True  # what the transcriber's enumeration found
    note: str = ""


# ------------------------------------------------------------------------------------------------
# Part One, pp. 16-25 (seed lines 228-325)
# ------------------------------------------------------------------------------------------------


PART_ONE: tuple[PaperEntry, ...] = (
    PaperEntry(
        id="2a/1",
        n="2a",
        n_points=("2a",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="ACES = 4 implies HCP \\geq 16 implies TOTALPTS \\geq 13.",
        source_lines=(229,),
    ),
    PaperEntry(
        id="2b/1",
        n="2b",
        n_points=("2b",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "LONGEST \\geq 8 implies a contribution toward TOTALPTS of at least 7. Hand "
            'contributes an additional 1. Any subtractions for "short honors" is no '
            "more than the original contribution by that honor toward HCP. We can "
            "subtract, then, at most 1 for no Aces. Thus TOTALPTS \\geq 7."
        ),
        source_lines=(230,),
    ),
    PaperEntry(
        id="3/1",
        n="3",
        n_points=("3",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\geq 25 implies TOTALPTS \\geq 22.",
        source_lines=(231,),
    ),
    PaperEntry(
        id="3/2",
        n="3",
        n_points=("3",),
        m="2",
        m_points=("2a", "2b"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(232,),
    ),
    PaperEntry(
        id="4/1",
        n="4",
        n_points=("4",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\geq 22 implies TOTALPTS \\geq 19.",
        source_lines=(233,),
    ),
    PaperEntry(
        id="4/2",
        n="4",
        n_points=("4",),
        m="2",
        m_points=("2a", "2b"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(234,),
    ),
    PaperEntry(
        id="4/3",
        n="4",
        n_points=("4",),
        m="3",
        m_points=("3",),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\leq 24.",
        source_lines=(235,),
    ),
    PaperEntry(
        id="5/1",
        n="5",
        n_points=("5a", "5b"),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="either (TOTALPTS \\geq 26) or (HCP \\geq 22 implies TOTALPTS \\geq 20).",
        source_lines=(236,),
    ),
    PaperEntry(
        id="5/2",
        n="5",
        n_points=("5a", "5b"),
        m="2",
        m_points=("2a", "2b"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(237,),
    ),
    PaperEntry(
        id="5/3",
        n="5",
        n_points=("5a", "5b"),
        m="3",
        m_points=("3",),
        kind="same",
        kinds=("same",),
        reason="same bid.",
        source_lines=(238,),
        note=(
            "Sections 3 and 5 both print 2D (BIDVAL 10 and 5 + suit; Appendix 5 note "
            "B)."
        ),
    ),
    PaperEntry(
        id="5/4",
        n="5",
        n_points=("5a", "5b"),
        m="4",
        m_points=("4",),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(239,),
    ),
    PaperEntry(
        id="6/1",
        n="6",
        n_points=("6a", "6b"),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="same reasons as 2b, 1.",
        source_lines=(240,),
        see="2b/1",
    ),
    PaperEntry(
        id="6/2a",
        n="6",
        n_points=("6a", "6b"),
        m="2a",
        m_points=("2a",),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\leq 15 but 2a requires ACES = 4 implies HCP \\geq 16.",
        source_lines=(241,),
    ),
    PaperEntry(
        id="6/2b",
        n="6",
        n_points=("6a", "6b"),
        m="2b",
        m_points=("2b",),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(242,),
    ),
    PaperEntry(
        id="6/3, 4",
        n="6",
        n_points=("6a", "6b"),
        m="3, 4",
        m_points=("3", "4"),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\leq 15",
        source_lines=(243,),
    ),
    PaperEntry(
        id="6/5",
        n="6",
        n_points=("6a", "6b"),
        m="5",
        m_points=("5a", "5b"),
        kind="mixed",
        kinds=("cannot", "preferable"),
        reason=(
            "if TOTALPTS \\leq 25, then section 5 fails because HCP \\leq 15.\n"
            "if TOTALPTS \\geq 26, then 2D is a preferable bid."
        ),
        source_lines=(244, 245),
        note=(
            "Either/or on TOTALPTS: with TOTALPTS <= 25 section 5 cannot be met "
            "(cannot); with TOTALPTS >= 26 the 2D of section 5 is preferable."
        ),
    ),
    PaperEntry(
        id="7/1",
        n="7",
        n_points=("7",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\geq 15 implies TOTALPTS \\geq 12.",
        source_lines=(248,),
    ),
    PaperEntry(
        id="7/2",
        n="7",
        n_points=("7",),
        m="2",
        m_points=("2a", "2b"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(249,),
    ),
    PaperEntry(
        id="7/3, 4",
        n="7",
        n_points=("7",),
        m="3, 4",
        m_points=("3", "4"),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\leq 18.",
        source_lines=(250,),
    ),
    PaperEntry(
        id="7/5",
        n="7",
        n_points=("7",),
        m="5",
        m_points=("5a", "5b"),
        kind="cannot",
        kinds=("cannot",),
        reason="either (HCP \\leq 18) or (EVENDIST implies TOTALPTS \\leq 18 + 3 = 21).",
        source_lines=(251,),
        note=(
            "Printed as 'either ... or ...' but both halves are facts of the hand at 7 "
            "that together rule out section 5 (HCP <= 18 kills HCP >= 23 and HCP >= "
            "22; EVENDIST with HCP <= 18 gives TOTALPTS <= 21, killing TOTALPTS >= "
            "26), so the kind is 'cannot'."
        ),
    ),
    PaperEntry(
        id="7/6",
        n="7",
        n_points=("7",),
        m="6",
        m_points=("6a", "6b"),
        kind="cannot",
        kinds=("cannot",),
        reason="EVENDIST implies LONGEST \\leq 5.",
        source_lines=(252,),
    ),
    PaperEntry(
        id="8/1",
        n="8",
        n_points=("8a", "8b", "8c", "8d", "8e"),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="either (TOTALPTS \\geq 21) or (HCP \\geq 16 implies TOTALPTS \\geq 13).",
        source_lines=(253,),
        note=(
            "'either ... or ...' is a case split on how section 8 is met, both cases "
            "'cannot'."
        ),
    ),
    PaperEntry(
        id="8/2, 3, 4, 5, 7",
        n="8",
        n_points=("8a", "8b", "8c", "8d", "8e"),
        m="2, 3, 4, 5, 7",
        m_points=("2a", "2b", "3", "4", "5a", "5b", "7"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(254,),
    ),
    PaperEntry(
        id="8/6",
        n="8",
        n_points=("8a", "8b", "8c", "8d", "8e"),
        m="6",
        m_points=("6a", "6b"),
        kind="mixed",
        kinds=("cannot", "satisfactory"),
        reason=(
            "if TOTALPTS \\leq 20, then section 6 fails because HCP \\geq 16.\n"
            "if TOTALPTS \\geq 21, then 4H, 4S, 5C, 5D are satisfactory bids."
        ),
        source_lines=(255, 256),
        note=(
            "With TOTALPTS <= 20 section 6 cannot be met (cannot); with TOTALPTS >= 21 "
            "the 4H, 4S, 5C, 5D of section 6 are satisfactory."
        ),
    ),
    PaperEntry(
        id="9/1",
        n="9",
        n_points=("9",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "(SUITPOINTS(Clubs) \\geq 9 and SUITLENGTH(Clubs) \\geq 6) implies TOTALPTS "
            "\\geq 8, since if LONGEST \\geq 6, TOTALPTS \\geq HCP - 1."
        ),
        source_lines=(257,),
    ),
    PaperEntry(
        id="9/2, 6",
        n="9",
        n_points=("9",),
        m="2, 6",
        m_points=("2a", "2b", "6a", "6b"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(258,),
    ),
    PaperEntry(
        id="9/3, 4, 7",
        n="9",
        n_points=("9",),
        m="3, 4, 7",
        m_points=("3", "4", "7"),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP \\leq 14.",
        source_lines=(259,),
    ),
    PaperEntry(
        id="9/5, 8",
        n="9",
        n_points=("9",),
        m="5, 8",
        m_points=("5a", "5b", "8a", "8b", "8c", "8d", "8e"),
        kind="mixed",
        kinds=("cannot", "preferable"),
        reason="either (HCP \\leq 14) or (2D, 1C are preferable bids).",
        source_lines=(260,),
        note=(
            "HCP <= 14 rules out the HCP branches of the guards of sections 5 and 8; "
            "hands meeting them through TOTALPTS (>= 26, >= 21) are conceded as "
            "preferable 2D, 1C."
        ),
    ),
    PaperEntry(
        id="10/1",
        n="10",
        n_points=("10",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "If LONGEST \\geq 6, TOTALPTS \\geq HCP - 1. Thus, if HCP \\geq 8, TOTALPTS "
            "\\geq 7. But if HCP = 6 or 7, it is more involved:\n"
            "(A). if LONGEST = 7, the longest suit must have at least 2 honors implies "
            "at least J 10. Let us now compute TOTALPTS.\n"
            "The eight factors and their values are:\n"
            "HCP ≥ 6\tK -2 (can be ignored since Q is the same)\n"
            "Hand 1\tQ -2\n"
            "Length $\\geq 5^*$\tQx -1\n"
            "No Aces -1\tJx -1\n"
            "Therefore, TOTALPTS ≥ 11 - short honor terms.\n"
            "Consider the possible short honor terms:\n"
            "(1). if 2Q, subtract 4, but no more, so TOTALPTS ≥ 7 .\n"
            "(2). if 1Q (-2), there could be at most one other short suit. QJ would "
            "subtract -2, the maximum possible, so again TOTALPTS ≥ 7 .\n"
            "(3). if 0 Q, there could be 3 short suits.\n"
            "(a). if all are Qx or Jx, $x \\neq Q, J$, subtract 3 implies TOTALPTS ≥ 8 "
            ".\n"
            "(b). if one QJ (-2), at most -2 for other two suits implies TOTALPTS ≥ 7 "
            ".\n"
            "*The 7-card suit contributes 5. An additional 5- or 6-card suit would "
            "contribute more although here we may safely ignore this.\n"
            "<p>(c). if two QJ (-4), now third suit has SUITPOINTS = 0 else HCP \\geq "
            "8, since the 7-card suit has at least a J. Again TOTALPTS \\geq 7.</p> "
            "<p>(d). if three QJ, then HCP \\geq 10 which is impossible since we are "
            "assuming HCP = 6 or 7.</p> <p>(B). if LONGEST = 6, the longest suit must "
            "have at least 3 honors implies at least QJ 10. Now TOTALPTS's factors "
            "are:</p> <p>HCP \\geq 6 Hand 1 Length \\geq 3 (could also have 1 for a "
            "second 5 card suit) No Aces -1</p> <p>Therefore, TOTALPTS \\geq 9 - short "
            "honor terms + (length for second long suit)</p> <p>(1). if 2Q (-4), but "
            "now HCP \\geq 7 and there is a second suit. Thus TOTALPTS = 7.</p> <p>(2). "
            "if 1Q (-2), there could be at most one other short suit. The hand, "
            "S:QJ10xxx, H:Q, D:Jx, C:xxxx has TOTALPTS = 6 and so it will pass by "
            "section 1 even though it meets the conditions of section 10. We</p>\n"
            "<p>have decided that pass is the correct bid. However, if the second "
            "short suit has A, K or Q in it, or if the long suit has more SUITPOINTS, "
            "then TOTALPTS ≥ 7.</p> <p>(3). if 0 Q, there are at most two short "
            "suits.</p> <p>(a). if both are Qx or Jx, $x \\neq Q, J$, subtract 2 and so "
            "TOTALPTS ≥ 7.</p> <p>(b). if one QJ (-2), we now have HCP = 6. Therefore "
            "the second short suit also adds to HCP so there is no net subtraction "
            "implies TOTALPTS ≥ 7.</p> <p>(c). if two QJ, then HCP ≥ 9 which is "
            "impossible.</p>"
        ),
        source_lines=(
            261, 265, 267, 269, 270, 271, 272, 274, 276, 278, 280, 282, 284, 286, 288, 291, 294,
        ),
        concessions=("S:QJ10xxx, H:Q, D:Jx, C:xxxx",),
        exceptions=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in MAJORS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3 and SUITPOINTS(s) <= 3) and count(s in SUITS: "
            "SUITLENGTH(s) = 1 and (KING(s) or QUEEN(s))) = 1 and not any(s in SUITS: "
            "SUITLENGTH(s) <= 2 and (ACE(s) or KING(s) or QUEEN(s)) and not "
            "(SUITLENGTH(s) = 1 and (KING(s) or QUEEN(s))))"
        ),
        note=(
            "Concession inside the reason, case (B)(2): the hand S:QJ10xxx, H:Q, D:Jx, "
            "C:xxxx meets 10 and has TOTALPTS = 6, so it passes at section 1 ('We have "
            "decided that pass is the correct bid'). The reason then asserts that "
            "every other (B)(2) hand (second short suit with A, K or Q, or a long suit "
            "with more SUITPOINTS) has TOTALPTS >= 7; 'exceptions' is that conceded "
            "region, so the claim to check is: meets 10 and meets 1 and not exceptions "
            "is unsatisfiable. The transcriber's enumeration finds 48 hand classes "
            "meeting both 10 and 1, all inside 'exceptions': a 6-card major QJ10 (no A "
            "or K), a singleton Q, a J doubleton (Jx or J10) and four cards holding at "
            "most the 10, the suits in any order. Mistake noticed in case (A): 'if "
            "LONGEST = 7, the longest suit must have at least 2 honors' is false for "
            "7-6-0-0 hands whose 6-card major carries the honours, e.g. S:QJ10xxx, "
            "C:Kxxxxxx (meets 10, HCP 6, TOTALPTS 14); those hands have TOTALPTS >= 14 "
            "anyway, so the conclusion survives. The factor list of (A) omits the "
            "singleton-J deduction (-1) and the singleton-ace credit, harmlessly."
        ),
    ),
    PaperEntry(
        id="10/2a",
        n="10",
        n_points=("10",),
        m="2a",
        m_points=("2a",),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP ≤ 12 but 2a requires ACES = 4 implies HCP ≥ 16 .",
        source_lines=(295,),
    ),
    PaperEntry(
        id="10/2b, 6",
        n="10",
        n_points=("10",),
        m="2b, 6",
        m_points=("2b", "6a", "6b"),
        kind="cannot",
        kinds=("cannot",),
        reason="LONGEST ≤ 7 .",
        source_lines=(296,),
    ),
    PaperEntry(
        id="10/3, 4, 7",
        n="10",
        n_points=("10",),
        m="3, 4, 7",
        m_points=("3", "4", "7"),
        kind="cannot",
        kinds=("cannot",),
        reason="HCP ≤ 12 .",
        source_lines=(297,),
    ),
    PaperEntry(
        id="10/5, 8",
        n="10",
        n_points=("10",),
        m="5, 8",
        m_points=("5a", "5b", "8a", "8b", "8c", "8d", "8e"),
        kind="mixed",
        kinds=("cannot", "preferable"),
        reason="either (HCP ≤ 12) or (2D, 1C are preferable bids).",
        source_lines=(298,),
    ),
    PaperEntry(
        id="10/9",
        n="10",
        n_points=("10",),
        m="9",
        m_points=("9",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "<p>In order also to meet 9, we would need SUITPOINTS (Clubs) ≥ 9 and we "
            "have SUITPOINTS (MAJOR) ≥ 1 implies HCP ≥ 10. There are thus two 6-card "
            "suits implies TOTALPTS ≥ 17. But TOTALPTS ≤ 14 if the hand meets 10.</p>"
        ),
        source_lines=(299,),
    ),
    PaperEntry(
        id="11/1",
        n="11",
        n_points=("11a", "11b"),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "<p>If $\\text{LONGEST} = 7$, $\\text{TOTALPTS} \\geq \\text{HCP} - 1$, while "
            "if $\\text{LONGEST} \\geq 8$, $\\text{TOTALPTS} \\geq \\text{HCP} + 1$. Thus, "
            "if $\\text{LONGEST} \\geq 8$ or if $\\text{HCP} \\geq 8$, then "
            "$\\text{TOTALPTS} \\geq 7$. Thus consider $\\text{LONGEST} = 7$ and "
            "($\\text{HCP} = 6$ or 7).</p> <p>We have SUITPOINTS (longest suit) ≥ 4. If "
            "there is an OUTSIDEACE, then $\\text{HCP} \\geq 8$ which violates our "
            "assumption that $\\text{HCP} = 6$ or 7. Thus there must be a void in order "
            "to bid at section 11. Again, TOTALPTS's factors are:</p> <p "
            'style="margin-left: 40px;">$\\text{HCP} \\geq 6$</p> <p style="margin-left: '
            '40px;">Hand 1</p> <p style="margin-left: 40px;">Length ≥ 5</p> <p '
            'style="margin-left: 40px;">No Aces -1</p> <p>Therefore, $\\text{TOTALPTS} '
            "\\geq 11$ - short honor terms.</p> <p>Since there is a void, there is at "
            "most one short suit which implies that $\\text{TOTALPTS} \\geq 9$.</p>"
        ),
        source_lines=(302,),
    ),
    PaperEntry(
        id="11/2a",
        n="11",
        n_points=("11a", "11b"),
        m="2a",
        m_points=("2a",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "$\\text{HCP} \\leq 10$ but 2a requires $\\text{ACES} = 4$ implies "
            "$\\text{HCP} \\geq 16$."
        ),
        source_lines=(303,),
    ),
    PaperEntry(
        id="11/2b, 6",
        n="11",
        n_points=("11a", "11b"),
        m="2b, 6",
        m_points=("2b", "6a", "6b"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(304,),
    ),
    PaperEntry(
        id="11/3, 4, 7",
        n="11",
        n_points=("11a", "11b"),
        m="3, 4, 7",
        m_points=("3", "4", "7"),
        kind="cannot",
        kinds=("cannot",),
        reason="$\\text{HCP} \\leq 10$.",
        source_lines=(305,),
    ),
    PaperEntry(
        id="11/5, 8",
        n="11",
        n_points=("11a", "11b"),
        m="5, 8",
        m_points=("5a", "5b", "8a", "8b", "8c", "8d", "8e"),
        kind="mixed",
        kinds=("cannot", "acceptable"),
        reason="either ($\\text{HCP} \\leq 10$) or (2D, 1C are acceptable bids).",
        source_lines=(306,),
        note="The only place the paper says 'acceptable' rather than 'preferable'.",
    ),
    PaperEntry(
        id="11/9",
        n="11",
        n_points=("11a", "11b"),
        m="9",
        m_points=("9",),
        kind="mixed",
        kinds=("preferable", "cannot"),
        reason=(
            "If clubs is longest suit, then 3C is a preferable bid. If clubs is not "
            "the longest suit, then in order also to meet 9, we would need "
            "$SUITPOINTS(Clubs) \\geq 9$ and $SUITLENGTH(Clubs) \\geq 6$. Since the hand "
            "meets 11, $SUITLENGTH(longest\\ suit) = 7$ and thus $SUITPOINTS(longest\\ "
            "suit) \\geq 4$. Therefore $HCP \\geq 13$. But $HCP \\leq 10$ if the hand "
            "meets 11."
        ),
        source_lines=(309,),
        note=(
            "Split on whether clubs is the longest suit: if so 3C (section 9) is "
            "preferable; otherwise 9 cannot be met. 'Since the hand meets 11, "
            "SUITLENGTH(longest suit) = 7' needs the branch hypotheses (clubs >= 6 and "
            "not longest): section 11 alone gives only LONGEST >= 7."
        ),
    ),
    PaperEntry(
        id="11/10",
        n="11",
        n_points=("11a", "11b"),
        m="10",
        m_points=("10",),
        kind="satisfactory",
        kinds=("satisfactory",),
        reason="satisfactory bid.",
        source_lines=(310,),
    ),
    PaperEntry(
        id="12/1",
        n="12",
        n_points=(
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="$TOTALPTS \\geq 11$",
        source_lines=(311,),
    ),
    PaperEntry(
        id="12/2-9, 11",
        n="12",
        n_points=(
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        m="2-9, 11",
        m_points=(
            "2a",
            "2b",
            "3",
            "4",
            "5a",
            "5b",
            "6a",
            "6b",
            "7",
            "8a",
            "8b",
            "8c",
            "8d",
            "8e",
            "9",
            "11a",
            "11b",
        ),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bids.",
        source_lines=(312,),
    ),
    PaperEntry(
        id="12/10",
        n="12",
        n_points=(
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        m="10",
        m_points=("10",),
        kind="satisfactory",
        kinds=("satisfactory",),
        reason="satisfactory bid.",
        source_lines=(313,),
    ),
    PaperEntry(
        id="13a, b, d/1",
        n="13a, b, d",
        n_points=("13a", "13b", "13d"),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason="either ($TOTALPTS \\geq 13$) or ($HCP \\geq 14$ implies $TOTALPTS \\geq 11$)",
        source_lines=(314,),
    ),
    PaperEntry(
        id="13a, b, d/2-12",
        n="13a, b, d",
        n_points=("13a", "13b", "13d"),
        m="2-12",
        m_points=(
            "2a",
            "2b",
            "3",
            "4",
            "5a",
            "5b",
            "6a",
            "6b",
            "7",
            "8a",
            "8b",
            "8c",
            "8d",
            "8e",
            "9",
            "10",
            "11a",
            "11b",
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        kind="mixed",
        kinds=("preferable", "same"),
        reason="preferable or same bids.",
        source_lines=(315,),
        note=(
            "'preferable or same bids': the paper does not say which M get which; "
            "'same' can only apply where M prints 1S, 1H or 1D (sections 12a, 12b, "
            "12d-12i)."
        ),
    ),
    PaperEntry(
        id="13c/1",
        n="13c",
        n_points=("13c",),
        m="1",
        m_points=("1",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "if $LONGEST \\geq 8$, then $TOTALPTS \\geq 7$ since $TOTALPTS \\geq HCP + "
            "1$; if $LONGEST = 6$ or 7 , then as in 10, 1."
        ),
        source_lines=(316,),
        see="10/1",
        concessions=("S:QJ10xxx, H:Q, D:Jx, C:xxxx",),
        exceptions=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in MAJORS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3 and SUITPOINTS(s) <= 3) and count(s in SUITS: "
            "SUITLENGTH(s) = 1 and (KING(s) or QUEEN(s))) = 1 and not any(s in SUITS: "
            "SUITLENGTH(s) <= 2 and (ACE(s) or KING(s) or QUEEN(s)) and not "
            "(SUITLENGTH(s) = 1 and (KING(s) or QUEEN(s))))"
        ),
        note=(
            "'as in 10, 1' imports the concession of 10/1: S:QJ10xxx, H:Q, D:Jx, "
            "C:xxxx also meets 13c (13c has no TOTALPTS <= 7 + LONGEST test, which the "
            "10, 1 argument never used) and passes at section 1. The transcriber's "
            "enumeration finds the same 48 hand classes as for 10/1."
        ),
    ),
    PaperEntry(
        id="13c/2a",
        n="13c",
        n_points=("13c",),
        m="2a",
        m_points=("2a",),
        kind="cannot",
        kinds=("cannot",),
        reason="$HCP \\leq 12$ but 2a requires $ACES = 4$ implies $HCP \\geq 16$.",
        source_lines=(317,),
    ),
    PaperEntry(
        id="13c/2b, 6, 9, 11a",
        n="13c",
        n_points=("13c",),
        m="2b, 6, 9, 11a",
        m_points=("2b", "6a", "6b", "9", "11a"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bids.",
        source_lines=(318,),
    ),
    PaperEntry(
        id="13c/3, 4, 5, 7, 8",
        n="13c",
        n_points=("13c",),
        m="3, 4, 5, 7, 8",
        m_points=("3", "4", "5a", "5b", "7", "8a", "8b", "8c", "8d", "8e"),
        kind="mixed",
        kinds=("cannot", "preferable"),
        reason="as in 10.",
        source_lines=(319,),
        see="10",
        note=(
            "'as in 10': 10/3, 4, 7 is 'cannot' (HCP <= 12), 10/5, 8 is 'either (HCP "
            "<= 12) or (2D, 1C are preferable bids)'. So 3, 4, 7 are 'cannot' and 5, 8 "
            "are mixed (cannot, preferable); 13c has HCP <= 12 exactly as 10 does."
        ),
    ),
    PaperEntry(
        id="13c/10",
        n="13c",
        n_points=("13c",),
        m="10",
        m_points=("10",),
        kind="same",
        kinds=("same",),
        reason="same bid.",
        source_lines=(320,),
    ),
    PaperEntry(
        id="13c/11b",
        n="13c",
        n_points=("13c",),
        m="11b",
        m_points=("11b",),
        kind="cannot",
        kinds=("cannot",),
        reason=(
            "to meet 11b, $SUITLENGTH(Clubs) \\geq 8$ but $SUITLENGTH(MAJOR\\ Suit) \\geq "
            "6$ implies 14 cards in hand."
        ),
        source_lines=(321,),
    ),
    PaperEntry(
        id="13c/12",
        n="13c",
        n_points=("13c",),
        m="12",
        m_points=(
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        kind="preferable",
        kinds=("preferable",),
        reason="now a preferable bid since the hand failed at section 10.",
        source_lines=(324,),
        note=(
            "Printed after a page break with the M column lost in this text (the row "
            "reads '12.' in the N column); it continues N = 13c."
        ),
    ),
    PaperEntry(
        id="13c/13a, b",
        n="13c",
        n_points=("13c",),
        m="13a, b",
        m_points=("13a", "13b"),
        kind="preferable",
        kinds=("preferable",),
        reason="preferable bid.",
        source_lines=(325,),
        note="As for 13c/12, the M column is printed in the N column in this text.",
    ),
)

# ------------------------------------------------------------------------------------------------
# The order inside each section (seed lines 327-337)
# ------------------------------------------------------------------------------------------------


WITHIN_SECTION: tuple[WithinSectionClaim, ...] = (
    WithinSectionClaim(
        id="one-bid-1",
        sections=("1",),
        quote="1, 3, 4, 5, 7, 8, 9. only one bid is possible.",
        source_lines=(329,),
        kind="fact",
        premise='section = "1"',
        conclusion='bid = "PASS"',
        expected=True,
    ),
    WithinSectionClaim(
        id="one-bid-3",
        sections=("3",),
        quote="1, 3, 4, 5, 7, 8, 9. only one bid is possible.",
        source_lines=(329,),
        kind="fact",
        premise='section = "3"',
        conclusion='bid = "2D"',
        expected=True,
        note="BIDVAL 10 prints 2D (Appendix 5, note B).",
    ),
    WithinSectionClaim(
        id="one-bid-4",
        sections=("4",),
        quote="1, 3, 4, 5, 7, 8, 9. only one bid is possible.",
        source_lines=(329,),
        kind="fact",
        premise='section = "4"',
        conclusion='bid = "2NT"',
        expected=True,
    ),
    WithinSectionClaim(
        id="one-bid-5",
        sections=("5a", "5b"),
        quote="1, 3, 4, 5, 7, 8, 9. only one bid is possible.",
        source_lines=(329,),
        kind="fact",
        premise='section = "5a" or section = "5b"',
        conclusion='bid = "2D"',
        expected=True,
        note=(
            "BIDVAL 5 + suit (6-9) all print 2D; the suit is recorded for later "
            "procedures."
        ),
    ),
    WithinSectionClaim(
        id="one-bid-7",
        sections=("7",),
        quote="1, 3, 4, 5, 7, 8, 9. only one bid is possible.",
        source_lines=(329,),
        kind="fact",
        premise='section = "7"',
        conclusion='bid = "1NT"',
        expected=True,
    ),
    WithinSectionClaim(
        id="one-bid-8",
        sections=("8a", "8b", "8c", "8d", "8e"),
        quote="1, 3, 4, 5, 7, 8, 9. only one bid is possible.",
        source_lines=(329,),
        kind="fact",
        premise=(
            'section = "8a" or section = "8b" or section = "8c" or section = "8d" or '
            'section = "8e"'
        ),
        conclusion='bid = "1C"',
        expected=True,
        note="BIDVAL 1-5 all print 1C (Appendix 5, note A).",
    ),
    WithinSectionClaim(
        id="one-bid-9",
        sections=("9",),
        quote="1, 3, 4, 5, 7, 8, 9. only one bid is possible.",
        source_lines=(329,),
        kind="fact",
        premise='section = "9"',
        conclusion='bid = "3C"',
        expected=True,
    ),
    WithinSectionClaim(
        id="2-nt-preferable",
        sections=("2a", "2b"),
        quote="NT is preferable to a suit bid.",
        source_lines=(330,),
        kind="judgement",
    ),
    WithinSectionClaim(
        id="2-same-level",
        sections=("2a", "2b"),
        quote="The level is the same in either case.",
        source_lines=(330,),
        kind="fact",
        premise='section = "2a" or section = "2b"',
        conclusion=(
            '(section = "2a" and bidval = (PLAYTRICKS - 6) * 10 + 5) or (section = '
            '"2b" and any(s in SUITS: SUITLENGTH(s) = LONGEST and bidval = (PLAYTRICKS '
            "- 6) * 10 + s))"
        ),
        expected=True,
        note=(
            "Both bid points bid at level PLAYTRICKS - 6 (BIDVAL = 10 * level + "
            "strain, Appendix 5)."
        ),
    ),
    WithinSectionClaim(
        id="2-one-long-suit",
        sections=("2b",),
        quote=(
            "The suit order of S, H, D, C is correct, but irrelevant since there is "
            "only one suit with length ≥ 8 ."
        ),
        source_lines=(330,),
        kind="fact",
        premise="true",
        conclusion="count(s in SUITS: SUITLENGTH(s) >= 8) <= 1",
        expected=True,
        note=(
            'The order itself ("is correct") is a judgement; the mechanical part is '
            "that at most one suit has 8+ cards."
        ),
    ),
    WithinSectionClaim(
        id="6-suit-order",
        sections=("6a", "6b"),
        quote="the suit order of S, H, then D, C is correct.",
        source_lines=(331,),
        kind="judgement",
        note="See 6-one-longest-suit: the order never matters in section 6.",
    ),
    WithinSectionClaim(
        id="6-one-longest-suit",
        sections=("6a", "6b"),
        quote="the suit order of S, H, then D, C is correct.",
        source_lines=(331,),
        kind="fact",
        premise="LONGEST >= 8",
        conclusion="count(s in SUITS: SUITLENGTH(s) = LONGEST) = 1",
        stated=False,
        expected=True,
        note=(
            "Not printed: added because it settles the ordering mechanically (section "
            "6 looks only at the longest suit, and with LONGEST >= 8 there is one)."
        ),
    ),
    WithinSectionClaim(
        id="10-suit-order",
        sections=("10",),
        quote="the suit order of S, H is correct.",
        source_lines=(332,),
        kind="judgement",
        note=(
            "The order does matter here: S:QJ10xxx, H:QJ10xxx, D:x, C:- meets section "
            "10 in both majors and bids 2S."
        ),
    ),
    WithinSectionClaim(
        id="11-suit-order",
        sections=("11a", "11b"),
        quote="the suit order of S, H, D then C is correct.",
        source_lines=(333,),
        kind="judgement",
        note="See 11-one-longest-suit: the order never matters in section 11.",
    ),
    WithinSectionClaim(
        id="11-one-longest-suit",
        sections=("11a", "11b"),
        quote="the suit order of S, H, D then C is correct.",
        source_lines=(333,),
        kind="fact",
        premise="LONGEST >= 7",
        conclusion="count(s in SUITS: SUITLENGTH(s) = LONGEST) = 1",
        stated=False,
        expected=True,
        note=(
            "Not printed: added because it settles the ordering mechanically (11a bids "
            "only a longest suit and 11b needs 8+ clubs, which is then the longest; "
            "with LONGEST >= 7 there is one longest suit)."
        ),
    ),
    WithinSectionClaim(
        id="12-four-bids",
        sections=(
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        quote="There are only 4 bids made in this section: 1S, 1H, 1D, 2C.",
        source_lines=(335,),
        kind="fact",
        premise=(
            'section = "12a" or section = "12b" or section = "12c" or section = "12d" '
            'or section = "12e" or section = "12f" or section = "12g" or section = '
            '"12h" or section = "12i" or section = "12j"'
        ),
        conclusion='bid = "1S" or bid = "1H" or bid = "1D" or bid = "2C"',
        expected=True,
    ),
    WithinSectionClaim(
        id="12-order",
        sections=(
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        quote=(
            "For section 12 we do not have good justifications at all. The following "
            "comments may be helpful. There are only 4 bids made in this section: 1S, "
            "1H, 1D, 2C. Overall and at each stage, in general, they are checked for "
            "in this order which is correct."
        ),
        source_lines=(335,),
        kind="judgement",
        note=(
            "The checkable parts of this paragraph are the records 12-four-bids, "
            "12def-spades, 12def-hearts and 12gh-strong-four."
        ),
    ),
    WithinSectionClaim(
        id="12def-spades",
        sections=("12d",),
        quote=(
            "Even at 12d, e, f this order is not completely violated since, e.g., it "
            "will not bid 1D if either spades or hearts has minimal promise."
        ),
        source_lines=(335,),
        kind="fact",
        premise='section = "12d"',
        conclusion="SUITLENGTH(S) <= 3",
        expected=False,
        note=(
            'One reading of "minimal promise" (any 4+ card suit), for spades. Read so '
            "it is false: 12d bids 1D whenever SUITLENGTH(H) <= 2, however good the "
            "spades, e.g. S:AKQJ, H:xx, D:Kxxx, C:xxx bids 1D at 12d (HCP 13). That is "
            'the "suit below the doubleton" rule, so it may be intended; the paper '
            'hedges ("e.g.", "not completely violated").'
        ),
    ),
    WithinSectionClaim(
        id="12def-hearts",
        sections=("12d",),
        quote=(
            "Even at 12d, e, f this order is not completely violated since, e.g., it "
            "will not bid 1D if either spades or hearts has minimal promise."
        ),
        source_lines=(335,),
        kind="fact",
        premise='section = "12d"',
        conclusion="SUITLENGTH(H) <= 3",
        expected=True,
        note=(
            "The same remark for hearts: 12d never bids 1D with four or more hearts "
            "(its test is SUITLENGTH(H) <= 2 or (SUITLENGTH(S) <= 3 and SUITLENGTH(H) "
            "<= 3))."
        ),
    ),
    WithinSectionClaim(
        id="12-same-length",
        sections=(
            "12a",
            "12b",
            "12c",
            "12d",
            "12e",
            "12f",
            "12g",
            "12h",
            "12i",
            "12j",
        ),
        quote=(
            "We think it handles correctly rules involving two suits of the same "
            "length although we have no deep analysis of this fact."
        ),
        source_lines=(335,),
        kind="judgement",
    ),
    WithinSectionClaim(
        id="12gh-strong-four",
        sections=("12g", "12h"),
        quote=(
            "Also at 12g, h it will bid a strong 4-card suit in preference to a 5-card "
            "suit with no SUITPOINTS;"
        ),
        source_lines=(335,),
        kind="fact",
        premise='section = "12g" or section = "12h"',
        conclusion=(
            "not any(s in SHD: SUITLENGTH(s) = 4 and SUITPOINTS(s) >= 4) or any(s in "
            "SHD: SUITLENGTH(s) = 4 and SUITPOINTS(s) >= 4 and bidval = 10 + s)"
        ),
        expected=True,
        note=(
            '"strong" is SUITPOINTS >= 4, the test at 12g; the 4-card suit is looked '
            "for in S, H, D only, so a strong 4-card club suit is not preferred. "
            '"this, too, is in accordance with accepted bidding strategy" is a '
            "judgement."
        ),
    ),
    WithinSectionClaim(
        id="12ij-last",
        sections=("12i", "12j"),
        quote="12i and 12j are special situations and properly belong last.",
        source_lines=(335,),
        kind="judgement",
    ),
    WithinSectionClaim(
        id="13-shd-only",
        sections=("13a", "13b", "13c", "13d"),
        quote="Section 13 is concerned with S, H, D bids only.",
        source_lines=(337,),
        kind="fact",
        premise='section = "13a" or section = "13b" or section = "13c" or section = "13d"',
        conclusion='bid = "1S" or bid = "1H" or bid = "1D" or bid = "2S" or bid = "2H"',
        expected=True,
    ),
    WithinSectionClaim(
        id="13-order",
        sections=("13a", "13b", "13c", "13d"),
        quote="These are checked in the correct order.",
        source_lines=(337,),
        kind="judgement",
    ),
    WithinSectionClaim(
        id="13c-after-13ab",
        sections=("13a", "13b", "13c"),
        quote=(
            "The only question is whether a 2S or 2H at 13c bid is now to be preferred "
            "over 1S or 1H at 13a or b. We have decided no in view of the hand's "
            "having failed at section 10."
        ),
        source_lines=(337,),
        kind="judgement",
    ),
    WithinSectionClaim(
        id="13c-13d-exclusive",
        sections=("13c", "13d"),
        quote=(
            "Note that 13c ($HCP \\leq 12$) and 13d ($HCP \\geq 14$) are mutually "
            "exclusive"
        ),
        source_lines=(337,),
        kind="fact",
        premise='meets("13c") and meets("13d")',
        conclusion="false",
        expected=True,
    ),
)

# ------------------------------------------------------------------------------------------------
# Lemmas: the general facts the Part One reasons lean on
# ------------------------------------------------------------------------------------------------


LEMMAS: tuple[Lemma, ...] = (
    Lemma(
        id="tp-ge-hcp-3",
        premise="true",
        conclusion="TOTALPTS >= HCP - 3",
        quote="\\text{TOTALPTS} \\geq \\text{HCP} - 3.",
        source_lines=(220, 222),
        used_in=("2a/1", "3/1", "4/1", "5/1", "7/1", "8/1", "13a, b, d/1"),
        note=(
            'The paper: "Appendix 6 gives the complete relations ... the above '
            'inequality follows from those selections" (the minimum change -3 is that '
            "of 5422)."
        ),
    ),
    Lemma(
        id="sec-2a-aces4",
        premise='meets("2a")',
        conclusion="ACES = 4",
        quote="2a requires ACES = 4",
        source_lines=(241, 295, 303, 317),
        used_in=("2a/1", "6/2a", "10/2a", "11/2a", "13c/2a"),
        scope="section",
        note=(
            'Stated as "2a requires ACES = 4" in 6/2a, 10/2a, 11/2a, 13c/2a; implicit '
            "in 2a/1."
        ),
    ),
    Lemma(
        id="aces4-hcp16",
        premise="ACES = 4",
        conclusion="HCP >= 16",
        quote="ACES = 4 implies HCP \\geq 16",
        source_lines=(229, 241, 295, 303, 317),
        used_in=("2a/1", "6/2a", "10/2a", "11/2a", "13c/2a"),
    ),
    Lemma(
        id="hcp16-tp13",
        premise="HCP >= 16",
        conclusion="TOTALPTS >= 13",
        quote="HCP \\geq 16 implies TOTALPTS \\geq 13.",
        source_lines=(229, 253),
        used_in=("2a/1", "8/1"),
    ),
    Lemma(
        id="sec-2b-6-longest8",
        premise='meets("2b") or meets("6")',
        conclusion="LONGEST >= 8",
        quote="LONGEST \\geq 8",
        source_lines=(230,),
        used_in=("2b/1", "6/1", "10/2b, 6"),
        scope="section",
        note=(
            "Implicit: the reason takes this from the condition of the section it is "
            "about without saying so. Sections 2b and 6 require LONGEST >= 8 (10/2b, 6 "
            'answers them with "LONGEST <= 7").'
        ),
    ),
    Lemma(
        id="longest8-length-contributes-7",
        premise="LONGEST >= 8",
        conclusion=(
            "(ACES = 0 and XTRP >= 7) or (1 <= ACES <= 3 and XTRP >= 8) or (ACES = 4 "
            "and XTRP >= 9)"
        ),
        quote=(
            "LONGEST \\geq 8 implies a contribution toward TOTALPTS of at least 7. Hand "
            "contributes an additional 1."
        ),
        source_lines=(230,),
        used_in=("2b/1", "6/1"),
        note=(
            "The length contribution is not a descriptor; it is XTRP less the hand "
            "(1), plus 1 for no aces, less 1 for four aces (4333 cannot occur with "
            "LONGEST >= 8), which is what the conclusion spells out."
        ),
    ),
    Lemma(
        id="short-honours-le-hcp",
        premise="true",
        conclusion="SUB <= HCP",
        quote=(
            'Any subtractions for "short honors" is no more than the original '
            "contribution by that honor toward HCP."
        ),
        source_lines=(230,),
        used_in=("2b/1", "6/1"),
        note=(
            "The paper states it per honour (each deduction is at most that honour's "
            "own HCP: singleton K 2 <= 3, singleton Q 2 <= 2, Qx 1 <= 2, short J 1 <= "
            "1; a singleton ace gives a credit). The expression language has no "
            "per-honour deduction, so this is the summed form, which the per-honour "
            "form implies."
        ),
    ),
    Lemma(
        id="longest8-tp7",
        premise="LONGEST >= 8",
        conclusion="TOTALPTS >= 7",
        quote="We can subtract, then, at most 1 for no Aces. Thus TOTALPTS \\geq 7.",
        source_lines=(230, 240),
        used_in=("2b/1", "6/1"),
        note=(
            "The chain: TOTALPTS = HCP + XTRP - SUB >= (HCP - SUB) + (1 + 7 - 1) >= 7, "
            'using the two lemmas above; "same reasons as 2b, 1" carries it to 6/1.'
        ),
    ),
    Lemma(
        id="sec-3-hcp25",
        premise='meets("3")',
        conclusion="HCP >= 25",
        quote="HCP \\geq 25",
        source_lines=(231,),
        used_in=("3/1",),
        scope="section",
        note=(
            "Implicit: the reason takes this from the condition of the section it is "
            "about without saying so."
        ),
    ),
    Lemma(
        id="hcp25-tp22",
        premise="HCP >= 25",
        conclusion="TOTALPTS >= 22",
        quote="HCP \\geq 25 implies TOTALPTS \\geq 22.",
        source_lines=(231,),
        used_in=("3/1",),
    ),
    Lemma(
        id="sec-4-hcp22",
        premise='meets("4")',
        conclusion="HCP >= 22",
        quote="HCP \\geq 22",
        source_lines=(233,),
        used_in=("4/1",),
        scope="section",
        note=(
            "Implicit: the reason takes this from the condition of the section it is "
            "about without saying so."
        ),
    ),
    Lemma(
        id="hcp22-tp19",
        premise="HCP >= 22",
        conclusion="TOTALPTS >= 19",
        quote="HCP \\geq 22 implies TOTALPTS \\geq 19.",
        source_lines=(233,),
        used_in=("4/1",),
    ),
    Lemma(
        id="sec-4-hcp24",
        premise='meets("4")',
        conclusion="HCP <= 24",
        quote="HCP \\leq 24.",
        source_lines=(235,),
        used_in=("4/3",),
        scope="section",
    ),
    Lemma(
        id="sec-5-tp26-or-hcp22",
        premise='meets("5")',
        conclusion="TOTALPTS >= 26 or HCP >= 22",
        quote="either (TOTALPTS \\geq 26) or (HCP \\geq 22 implies TOTALPTS \\geq 20).",
        source_lines=(236,),
        used_in=("5/1",),
        scope="section",
    ),
    Lemma(
        id="hcp22-tp20",
        premise="HCP >= 22",
        conclusion="TOTALPTS >= 20",
        quote="HCP \\geq 22 implies TOTALPTS \\geq 20",
        source_lines=(236,),
        used_in=("5/1",),
        context='meets("5")',
        note=(
            "Stronger than the general relation gives (19); as stated, with no premise "
            "but HCP >= 22. It holds on the transcriber's enumeration: the -3 of 5422 "
            "needs no ace and two QJ doubletons, which caps HCP at 18. In context "
            "(section 5: HCP >= 23, or HCP >= 22 and TOTALPTS >= 25) it is immediate."
        ),
    ),
    Lemma(
        id="sec-6-hcp15",
        premise='meets("6")',
        conclusion="HCP <= 15",
        quote=(
            "HCP \\leq 15\n"
            "HCP \\leq 15"
        ),
        source_lines=(241, 243, 244),
        used_in=("6/2a", "6/3, 4", "6/5"),
        scope="section",
    ),
    Lemma(
        id="hcp15-tp25-not5",
        premise="HCP <= 15 and TOTALPTS <= 25",
        conclusion='not meets("5")',
        quote="if TOTALPTS \\leq 25, then section 5 fails because HCP \\leq 15.",
        source_lines=(244,),
        used_in=("6/5",),
        scope="section",
    ),
    Lemma(
        id="sec-7-hcp15",
        premise='meets("7")',
        conclusion="HCP >= 15",
        quote="HCP \\geq 15",
        source_lines=(248,),
        used_in=("7/1",),
        scope="section",
        note=(
            "Implicit: the reason takes this from the condition of the section it is "
            "about without saying so."
        ),
    ),
    Lemma(
        id="hcp15-tp12",
        premise="HCP >= 15",
        conclusion="TOTALPTS >= 12",
        quote="HCP \\geq 15 implies TOTALPTS \\geq 12.",
        source_lines=(248,),
        used_in=("7/1",),
    ),
    Lemma(
        id="sec-7-hcp18",
        premise='meets("7")',
        conclusion="HCP <= 18",
        quote=(
            "HCP \\leq 18.\n"
            "(HCP \\leq 18)"
        ),
        source_lines=(250, 251),
        used_in=("7/3, 4", "7/5"),
        scope="section",
    ),
    Lemma(
        id="sec-7-evendist",
        premise='meets("7")',
        conclusion="EVENDIST",
        quote="EVENDIST",
        source_lines=(251, 252),
        used_in=("7/5", "7/6"),
        scope="section",
        note=(
            "Implicit: the reason takes this from the condition of the section it is "
            "about without saying so. Both 7/5 and 7/6 start from EVENDIST."
        ),
    ),
    Lemma(
        id="evendist-hcp18-tp21",
        premise="EVENDIST and HCP <= 18",
        conclusion="TOTALPTS <= 21",
        quote="EVENDIST implies TOTALPTS \\leq 18 + 3 = 21",
        source_lines=(251,),
        used_in=("7/5",),
        context='meets("7")',
        note=(
            'The premise HCP <= 18 is implicit: it is the "18" of "18 + 3", taken from '
            'section 7 (the other half of the "either"). The 3 is the largest change '
            "of an EVENDIST shape (5332: 2) plus 1 for four aces."
        ),
    ),
    Lemma(
        id="evendist-longest5",
        premise="EVENDIST",
        conclusion="LONGEST <= 5",
        quote="EVENDIST implies LONGEST \\leq 5.",
        source_lines=(252,),
        used_in=("7/6",),
    ),
    Lemma(
        id="sec-8-tp21-or-hcp16",
        premise='meets("8")',
        conclusion="TOTALPTS >= 21 or HCP >= 16",
        quote="either (TOTALPTS \\geq 21) or (HCP \\geq 16 implies TOTALPTS \\geq 13).",
        source_lines=(253,),
        used_in=("8/1",),
        scope="section",
    ),
    Lemma(
        id="sec-8-tp20-hcp16",
        premise='meets("8") and TOTALPTS <= 20',
        conclusion="HCP >= 16",
        quote="if TOTALPTS \\leq 20, then section 6 fails because HCP \\geq 16.",
        source_lines=(255,),
        used_in=("8/6",),
        scope="section",
    ),
    Lemma(
        id="hcp16-not6",
        premise="HCP >= 16",
        conclusion='not meets("6")',
        quote="section 6 fails because HCP \\geq 16.",
        source_lines=(255,),
        used_in=("8/6",),
        scope="section",
    ),
    Lemma(
        id="longest6-tp-ge-hcp-1",
        premise="LONGEST >= 6",
        conclusion="TOTALPTS >= HCP - 1",
        quote=(
            "if LONGEST \\geq 6, TOTALPTS \\geq HCP - 1.\n"
            "If LONGEST \\geq 6, TOTALPTS \\geq HCP - 1."
        ),
        source_lines=(257, 261),
        used_in=("9/1", "10/1", "13c/1"),
    ),
    Lemma(
        id="sec-9-clubs",
        premise='meets("9")',
        conclusion="SUITLENGTH(C) >= 6 and SUITPOINTS(C) >= 9",
        quote=(
            "(SUITPOINTS(Clubs) \\geq 9 and SUITLENGTH(Clubs) \\geq 6)\n"
            "we would need SUITPOINTS (Clubs) ≥ 9\n"
            "we would need $SUITPOINTS(Clubs) \\geq 9$ and $SUITLENGTH(Clubs) \\geq 6$"
        ),
        source_lines=(257, 299, 309),
        used_in=("9/1", "10/9", "11/9"),
        scope="section",
    ),
    Lemma(
        id="clubs9-tp8",
        premise="SUITPOINTS(C) >= 9 and SUITLENGTH(C) >= 6",
        conclusion="TOTALPTS >= 8",
        quote=(
            "(SUITPOINTS(Clubs) \\geq 9 and SUITLENGTH(Clubs) \\geq 6) implies TOTALPTS "
            "\\geq 8"
        ),
        source_lines=(257,),
        used_in=("9/1",),
    ),
    Lemma(
        id="sec-9-hcp14",
        premise='meets("9")',
        conclusion="HCP <= 14",
        quote=(
            "HCP \\leq 14.\n"
            "(HCP \\leq 14)"
        ),
        source_lines=(259, 260),
        used_in=("9/3, 4, 7", "9/5, 8"),
        scope="section",
    ),
    Lemma(
        id="sec-10-13c-longest6-hcp6",
        premise='meets("10") or meets("13c")',
        conclusion="LONGEST >= 6 and HCP >= 6",
        quote="If LONGEST \\geq 6",
        source_lines=(261, 316),
        used_in=("10/1", "13c/1"),
        scope="section",
        note=(
            "Implicit: the reason takes this from the condition of the section it is "
            "about without saying so."
        ),
    ),
    Lemma(
        id="longest6-hcp8-tp7",
        premise="LONGEST >= 6 and HCP >= 8",
        conclusion="TOTALPTS >= 7",
        quote="Thus, if HCP \\geq 8, TOTALPTS \\geq 7.",
        source_lines=(261,),
        used_in=("10/1", "13c/1"),
        note="LONGEST >= 6 is the premise of the preceding sentence.",
    ),
    Lemma(
        id="sec-10-longest7-two-honours",
        premise='meets("10") and LONGEST = 7',
        conclusion="any(s in SUITS: SUITLENGTH(s) = 7 and HONORCOUNT(s) >= 2)",
        quote="(A). if LONGEST = 7, the longest suit must have at least 2 honors",
        source_lines=(265,),
        used_in=("10/1", "13c/1"),
        scope="section",
        context="HCP <= 7",
        expected=False,
        note=(
            "False as stated (the transcriber's enumeration: 42 hand classes, e.g. "
            "S:QJ10xxx, C:Kxxxxxx, HCP 6, TOTALPTS 14): section 10 needs the honours "
            "in a 6+ card major, which need not be the longest suit; with a 6-card "
            "major and a 7-card suit the shape is 7-6-0-0 and the 7-card suit may have "
            "fewer honours. Those hands have TOTALPTS >= 14, so 10/1 survives. The "
            'same holds for 13c ("as in 10, 1").'
        ),
    ),
    Lemma(
        id="two-honours-one-point",
        premise="true",
        conclusion="all(s in SUITS: HONORCOUNT(s) <= 1 or SUITPOINTS(s) >= 1)",
        quote="implies at least J 10",
        source_lines=(265,),
        used_in=("10/1", "13c/1"),
        note=(
            '"at least J 10": two honours among A K Q J 10 include one of A K Q J, so '
            "SUITPOINTS >= 1."
        ),
    ),
    Lemma(
        id="longest7-length-contributes-5",
        premise="LONGEST = 7",
        conclusion=(
            "(ACES = 0 and XTRP >= 5) or (1 <= ACES <= 3 and XTRP >= 6) or (ACES = 4 "
            "and XTRP >= 7)"
        ),
        quote=(
            "Hand 1\tQ -2\n"
            "Length $\\geq 5^*$\tQx -1\n"
            "No Aces -1\tJx -1\n"
            "*The 7-card suit contributes 5."
        ),
        source_lines=(270, 271, 272, 288, 302),
        used_in=("10/1", "11/1", "13c/1"),
        note=(
            'The factors "Hand 1", "Length >= 5*", "No Aces -1"; footnote *: the '
            "7-card suit contributes exactly 2*(7-5)+1 = 5 and a second 5- or 6-card "
            "suit would add more (ignored)."
        ),
    ),
    Lemma(
        id="longest7-tp-ge-11-sub",
        premise="LONGEST = 7 and HCP >= 6",
        conclusion="TOTALPTS >= 11 - SUB",
        quote=(
            "Therefore, TOTALPTS ≥ 11 - short honor terms.\n"
            "Therefore, $\\text{TOTALPTS} \\geq 11$ - short honor terms."
        ),
        source_lines=(267, 269, 274, 302),
        used_in=("10/1", "11/1", "13c/1"),
        context='(meets("10") or meets("13c") or meets("11")) and HCP <= 7',
        note=(
            '"short honor terms" is SUB (a singleton ace makes it smaller, which only '
            'helps). HCP >= 6 is the factor "HCP >= 6". The factor list omits the '
            "singleton-J deduction (-1), which SUB includes."
        ),
    ),
    Lemma(
        id="A1-sub4",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 2"
        ),
        conclusion="SUB = 4",
        quote="(1). if 2Q, subtract 4, but no more",
        source_lines=(278,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note=(
            '"Q" stands for a singleton Q or K (-2 each; "K -2 (can be ignored since Q '
            'is the same)"). The premise carries the case hypotheses of (A): LONGEST = '
            '7, HCP = 6 or 7 ("But if HCP = 6 or 7", implicit in each case) and the '
            "7-card suit's two honours (claimed in (A); see "
            "sec-10-longest7-two-honours)."
        ),
    ),
    Lemma(
        id="A1-tp7",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 2"
        ),
        conclusion="TOTALPTS >= 7",
        quote="so TOTALPTS ≥ 7",
        source_lines=(278,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A2-one-other-short",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 1"
        ),
        conclusion="count(s in SUITS: SUITLENGTH(s) <= 2) <= 2",
        quote="(2). if 1Q (-2), there could be at most one other short suit.",
        source_lines=(280,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note='"short suit": length <= 2 (a void counts; it carries no deduction).',
    ),
    Lemma(
        id="A2-sub4",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 1"
        ),
        conclusion="SUB <= 4",
        quote="QJ would subtract -2, the maximum possible",
        source_lines=(280,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A2-tp7",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 1"
        ),
        conclusion="TOTALPTS >= 7",
        quote="so again TOTALPTS ≥ 7",
        source_lines=(280,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3-three-short",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0"
        ),
        conclusion="count(s in SUITS: SUITLENGTH(s) <= 2) <= 3",
        quote="(3). if 0 Q, there could be 3 short suits.",
        source_lines=(282,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3a-sub3",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 0"
        ),
        conclusion="SUB <= 3",
        quote="(a). if all are Qx or Jx, $x \\neq Q, J$, subtract 3",
        source_lines=(284,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note=(
            "Case (a) read as the complement of (b)-(d): no singleton K/Q and no QJ "
            'doubleton, so every short suit deducts at most 1 ("all are Qx or Jx" is '
            "the worst case)."
        ),
    ),
    Lemma(
        id="A3a-tp8",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 0"
        ),
        conclusion="TOTALPTS >= 8",
        quote="subtract 3 implies TOTALPTS ≥ 8",
        source_lines=(284,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3b-sub4",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 1"
        ),
        conclusion="SUB <= 4",
        quote="(b). if one QJ (-2), at most -2 for other two suits",
        source_lines=(286,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3b-tp7",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 1"
        ),
        conclusion="TOTALPTS >= 7",
        quote="implies TOTALPTS ≥ 7",
        source_lines=(286,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3c-third-suit-void-of-points",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 2"
        ),
        conclusion=(
            "all(s in SUITS: SUITLENGTH(s) = 7 or (SUITLENGTH(s) = 2 and QUEEN(s) and "
            "JACK(s)) or SUITPOINTS(s) = 0)"
        ),
        quote="(c). if two QJ (-4), now third suit has SUITPOINTS = 0",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3c-else-hcp8",
        premise=(
            "LONGEST = 7 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) and "
            "JACK(s)) = 2 and any(s in SUITS: SUITLENGTH(s) = 7 and SUITPOINTS(s) >= "
            "1) and any(s in SUITS: SUITLENGTH(s) <= 2 and not (QUEEN(s) and JACK(s)) "
            "and SUITPOINTS(s) >= 1)"
        ),
        conclusion="HCP >= 8",
        quote="else HCP \\geq 8, since the 7-card suit has at least a J.",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3c-tp7",
        premise=(
            "LONGEST = 7 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 7 and "
            "HONORCOUNT(s) >= 2) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 2"
        ),
        conclusion="TOTALPTS >= 7",
        quote="Again TOTALPTS \\geq 7.",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="A3d-three-qj-hcp10",
        premise=(
            "LONGEST = 7 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) and "
            "JACK(s)) = 3 and any(s in SUITS: SUITLENGTH(s) = 7 and SUITPOINTS(s) >= 1)"
        ),
        conclusion="HCP >= 10",
        quote=(
            "(d). if three QJ, then HCP \\geq 10 which is impossible since we are "
            "assuming HCP = 6 or 7."
        ),
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note=(
            '"impossible since we are assuming HCP = 6 or 7": the case assumption HCP '
            "<= 7 is the implicit contradiction; the 7-card suit's point (\"at least a "
            'J") is the premise of case (c).'
        ),
    ),
    Lemma(
        id="sec-10-longest6-three-honours",
        premise='meets("10") and LONGEST = 6',
        conclusion="any(s in SUITS: SUITLENGTH(s) = 6 and HONORCOUNT(s) >= 3)",
        quote="(B). if LONGEST = 6, the longest suit must have at least 3 honors",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        scope="section",
        context="HCP <= 7",
    ),
    Lemma(
        id="three-honours-three-points",
        premise="true",
        conclusion="all(s in SUITS: HONORCOUNT(s) <= 2 or SUITPOINTS(s) >= 3)",
        quote="implies at least QJ 10.",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
    ),
    Lemma(
        id="longest6-length-contributes-3",
        premise="LONGEST = 6",
        conclusion=(
            "(ACES = 0 and XTRP >= 3) or (1 <= ACES <= 3 and XTRP >= 4) or (ACES = 4 "
            "and XTRP >= 5)"
        ),
        quote=(
            "Now TOTALPTS's factors are:</p> <p>HCP \\geq 6 Hand 1 Length \\geq 3 (could "
            "also have 1 for a second 5 card suit) No Aces -1"
        ),
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        note='Factors "Hand 1", "Length >= 3", "No Aces -1".',
    ),
    Lemma(
        id="longest6-second-five-contributes-4",
        premise="LONGEST = 6 and count(s in SUITS: SUITLENGTH(s) >= 5) >= 2",
        conclusion=(
            "(ACES = 0 and XTRP >= 4) or (1 <= ACES <= 3 and XTRP >= 5) or (ACES = 4 "
            "and XTRP >= 6)"
        ),
        quote="(could also have 1 for a second 5 card suit)",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
    ),
    Lemma(
        id="longest6-tp-ge-9-sub",
        premise="LONGEST = 6 and HCP >= 6",
        conclusion="TOTALPTS >= 9 - SUB",
        quote="Therefore, TOTALPTS \\geq 9 - short honor terms",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='(meets("10") or meets("13c")) and HCP <= 7',
    ),
    Lemma(
        id="longest6-second-five-tp-ge-10-sub",
        premise="LONGEST = 6 and HCP >= 6 and count(s in SUITS: SUITLENGTH(s) >= 5) >= 2",
        conclusion="TOTALPTS >= 10 - SUB",
        quote=(
            "Therefore, TOTALPTS \\geq 9 - short honor terms + (length for second long "
            "suit)"
        ),
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='(meets("10") or meets("13c")) and HCP <= 7',
        note=(
            'The "+ (length for second long suit)" term at its least (a second 5-card '
            "suit, +1)."
        ),
    ),
    Lemma(
        id="B1-hcp7",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 2"
        ),
        conclusion="HCP >= 7",
        quote="(1). if 2Q (-4), but now HCP \\geq 7",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="B1-second-suit",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 2"
        ),
        conclusion="count(s in SUITS: SUITLENGTH(s) >= 5) >= 2",
        quote="and there is a second suit.",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note="6-1-1-5: the second suit has 5 cards.",
    ),
    Lemma(
        id="B1-tp-eq-7",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 2"
        ),
        conclusion="TOTALPTS = 7",
        quote="Thus TOTALPTS = 7.",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note=(
            "Printed as an equality (more than the >= 7 the argument needs); HCP <= 7 "
            "from the case assumption is what makes it exact."
        ),
    ),
    Lemma(
        id="B2-one-other-short",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 1"
        ),
        conclusion="count(s in SUITS: SUITLENGTH(s) <= 2) <= 2",
        quote="(2). if 1Q (-2), there could be at most one other short suit.",
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="B2-conceded-hand",
        premise=(
            "SUITLENGTH(S) = 6 and HONORCOUNT(S) = 3 and QUEEN(S) and JACK(S) and "
            "TEN(S) and SUITLENGTH(H) = 1 and QUEEN(H) and SUITLENGTH(D) = 2 and "
            "HONORCOUNT(D) = 1 and JACK(D) and SUITLENGTH(C) = 4 and HONORCOUNT(C) = 0"
        ),
        conclusion=(
            'TOTALPTS = 6 and meets("1") and meets("10") and bid = "PASS" and section '
            '= "1"'
        ),
        quote=(
            "The hand, S:QJ10xxx, H:Q, D:Jx, C:xxxx has TOTALPTS = 6 and so it will "
            "pass by section 1 even though it meets the conditions of section 10."
        ),
        source_lines=(291,),
        used_in=("10/1", "13c/1"),
        scope="section",
        note=(
            "A witness, not a general fact: the premise pins down the printed hand "
            'S:QJ10xxx, H:Q, D:Jx, C:xxxx ("x" a non-honour). The hand also meets 13c.'
        ),
    ),
    Lemma(
        id="B2-otherwise-tp7",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 1 and (any(s in SUITS: SUITLENGTH(s) <= 2 and (ACE(s) or "
            "KING(s) or QUEEN(s)) and not (SUITLENGTH(s) = 1 and (KING(s) or "
            "QUEEN(s)))) or any(s in SUITS: SUITLENGTH(s) = 6 and SUITPOINTS(s) >= 4))"
        ),
        conclusion="TOTALPTS >= 7",
        quote=(
            "However, if the second short suit has A, K or Q in it, or if the long "
            "suit has more SUITPOINTS, then TOTALPTS ≥ 7."
        ),
        source_lines=(294,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note=(
            '"the second short suit" is the short suit other than the singleton Q/K of '
            'the case; "more SUITPOINTS" is more than the QJ10 minimum (3). Together '
            "with B2-conceded-hand this is the whole of case (B)(2): the complement is "
            "PaperEntry.exceptions of 10/1."
        ),
    ),
    Lemma(
        id="B3-two-short",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0"
        ),
        conclusion="count(s in SUITS: SUITLENGTH(s) <= 2) <= 2",
        quote="(3). if 0 Q, there are at most two short suits.",
        source_lines=(294,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="B3a-sub2",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 0"
        ),
        conclusion="SUB <= 2",
        quote="(a). if both are Qx or Jx, $x \\neq Q, J$, subtract 2",
        source_lines=(294,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note="Read as in A3a-sub3: no singleton K/Q and no QJ doubleton.",
    ),
    Lemma(
        id="B3a-tp7",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 0"
        ),
        conclusion="TOTALPTS >= 7",
        quote="subtract 2 and so TOTALPTS ≥ 7.",
        source_lines=(294,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="B3b-no-net-subtraction",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 1"
        ),
        conclusion="HCP - SUB >= 4",
        quote=(
            "(b). if one QJ (-2), we now have HCP = 6. Therefore the second short suit "
            "also adds to HCP so there is no net subtraction"
        ),
        source_lines=(294,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note=(
            '"we now have HCP = 6": the QJ doubleton (3) and the QJ10 minimum of the '
            'long suit (3) already make 6; "no net subtraction": whatever the second '
            "short suit deducts it adds at least as much HCP, so HCP - SUB >= 6 - 2."
        ),
    ),
    Lemma(
        id="B3b-tp7",
        premise=(
            "LONGEST = 6 and 6 <= HCP <= 7 and any(s in SUITS: SUITLENGTH(s) = 6 and "
            "HONORCOUNT(s) >= 3) and count(s in SUITS: SUITLENGTH(s) = 1 and (KING(s) "
            "or QUEEN(s))) = 0 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) "
            "and JACK(s)) = 1"
        ),
        conclusion="TOTALPTS >= 7",
        quote="there is no net subtraction implies TOTALPTS ≥ 7.",
        source_lines=(294,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
    ),
    Lemma(
        id="B3c-two-qj-hcp9",
        premise=(
            "LONGEST = 6 and count(s in SUITS: SUITLENGTH(s) = 2 and QUEEN(s) and "
            "JACK(s)) = 2 and any(s in SUITS: SUITLENGTH(s) = 6 and SUITPOINTS(s) >= 3)"
        ),
        conclusion="HCP >= 9",
        quote="(c). if two QJ, then HCP ≥ 9 which is impossible.",
        source_lines=(294,),
        used_in=("10/1", "13c/1"),
        context='meets("10") or meets("13c")',
        note='"impossible" against the case assumption HCP <= 7.',
    ),
    Lemma(
        id="sec-10-hcp12",
        premise='meets("10")',
        conclusion="HCP <= 12",
        quote=(
            "HCP ≤ 12\n"
            "HCP ≤ 12 .\n"
            "(HCP ≤ 12)"
        ),
        source_lines=(295, 297, 298),
        used_in=("10/2a", "10/3, 4, 7", "10/5, 8"),
        scope="section",
    ),
    Lemma(
        id="sec-10-longest7",
        premise='meets("10")',
        conclusion="LONGEST <= 7",
        quote="LONGEST ≤ 7 .",
        source_lines=(296,),
        used_in=("10/2b, 6",),
        scope="section",
        note=(
            "Section 10 sends LONGEST >= 8 on to section 11 (the synopsis prints 6 <= "
            "LONGEST <= 7)."
        ),
    ),
    Lemma(
        id="sec-10-major-point",
        premise='meets("10")',
        conclusion="any(s in MAJORS: SUITLENGTH(s) >= 6 and SUITPOINTS(s) >= 1)",
        quote="we have SUITPOINTS (MAJOR) ≥ 1",
        source_lines=(299,),
        used_in=("10/9",),
        scope="section",
        note=(
            "Weaker than what section 10 gives (three honours, so at least QJ10 = 3 "
            "points); as printed."
        ),
    ),
    Lemma(
        id="clubs9-major1-hcp10",
        premise="SUITPOINTS(C) >= 9 and any(s in MAJORS: SUITPOINTS(s) >= 1)",
        conclusion="HCP >= 10",
        quote=(
            "SUITPOINTS (Clubs) ≥ 9 and we have SUITPOINTS (MAJOR) ≥ 1 implies HCP ≥ "
            "10."
        ),
        source_lines=(299,),
        used_in=("10/9",),
    ),
    Lemma(
        id="sec-9-10-two-six-card-suits",
        premise='meets("9") and meets("10")',
        conclusion="count(s in SUITS: SUITLENGTH(s) >= 6) >= 2",
        quote="There are thus two 6-card suits",
        source_lines=(299,),
        used_in=("10/9",),
        scope="section",
    ),
    Lemma(
        id="two-six-card-suits-tp17",
        premise=(
            "SUITLENGTH(C) >= 6 and SUITPOINTS(C) >= 9 and any(s in MAJORS: "
            "SUITLENGTH(s) >= 6 and SUITPOINTS(s) >= 1)"
        ),
        conclusion="TOTALPTS >= 17",
        quote="There are thus two 6-card suits implies TOTALPTS ≥ 17.",
        source_lines=(299,),
        used_in=("10/9",),
        context='meets("9") and meets("10")',
        note=(
            "The premise is the argument's (clubs >= 6 with >= 9 points, a 6+ card "
            'major with >= 1 point, hence HCP >= 10). It is needed: "HCP >= 10 and two '
            '6-card suits" alone does not give 17 (e.g. S:KJxxxx, H:KQJxxx, D:x: HCP '
            "10, TOTALPTS 16; a singleton Q and no ace give 14). The 17 comes from HCP "
            ">= 10, the hand 1, 3 + 3 for the two 6-card suits, and the club ace that "
            "9 club points force."
        ),
    ),
    Lemma(
        id="sec-10-tp14",
        premise='meets("10")',
        conclusion="TOTALPTS <= 14",
        quote="But TOTALPTS ≤ 14 if the hand meets 10.",
        source_lines=(299,),
        used_in=("10/9",),
        scope="section",
        note="TOTALPTS <= 7 + LONGEST and LONGEST <= 7.",
    ),
    Lemma(
        id="longest7-tp-ge-hcp-1",
        premise="LONGEST = 7",
        conclusion="TOTALPTS >= HCP - 1",
        quote="If $\\text{LONGEST} = 7$, $\\text{TOTALPTS} \\geq \\text{HCP} - 1$",
        source_lines=(302,),
        used_in=("11/1",),
    ),
    Lemma(
        id="longest8-tp-ge-hcp+1",
        premise="LONGEST >= 8",
        conclusion="TOTALPTS >= HCP + 1",
        quote=(
            "if $\\text{LONGEST} \\geq 8$, $\\text{TOTALPTS} \\geq \\text{HCP} + 1$\n"
            "since $TOTALPTS \\geq HCP + 1$"
        ),
        source_lines=(302, 316),
        used_in=("11/1", "13c/1"),
    ),
    Lemma(
        id="sec-11-longest7-hcp6",
        premise='meets("11")',
        conclusion="LONGEST >= 7 and 6 <= HCP <= 10",
        quote="Thus consider $\\text{LONGEST} = 7$",
        source_lines=(302,),
        used_in=("11/1",),
        scope="section",
        note=(
            "Implicit: the reason takes this from the condition of the section it is "
            "about without saying so."
        ),
    ),
    Lemma(
        id="longest7-hcp8-or-longest8-tp7",
        premise="HCP >= 6 and LONGEST >= 7 and (LONGEST >= 8 or HCP >= 8)",
        conclusion="TOTALPTS >= 7",
        quote=(
            "Thus, if $\\text{LONGEST} \\geq 8$ or if $\\text{HCP} \\geq 8$, then "
            "$\\text{TOTALPTS} \\geq 7$."
        ),
        source_lines=(302,),
        used_in=("11/1",),
        context='meets("11")',
        note="HCP >= 6 and LONGEST >= 7 are implicit (section 11).",
    ),
    Lemma(
        id="sec-11-longest7-four-points",
        premise='meets("11") and LONGEST = 7',
        conclusion="any(s in SUITS: SUITLENGTH(s) = 7 and SUITPOINTS(s) >= 4)",
        quote=(
            "We have SUITPOINTS (longest suit) ≥ 4.\n"
            "thus $SUITPOINTS(longest\\ suit) \\geq 4$"
        ),
        source_lines=(302, 309),
        used_in=("11/1", "11/9"),
        scope="section",
        note=(
            "From SLIDEPOINTS(suit, 18, 2) at 11a (11b needs 8 clubs, so LONGEST = 7 "
            "means 11a)."
        ),
    ),
    Lemma(
        id="outside-ace-hcp8",
        premise=(
            "any(s in SUITS: SUITLENGTH(s) = LONGEST and SUITPOINTS(s) >= 4 and "
            "OUTSIDEACE(s))"
        ),
        conclusion="HCP >= 8",
        quote=(
            "If there is an OUTSIDEACE, then $\\text{HCP} \\geq 8$ which violates our "
            "assumption that $\\text{HCP} = 6$ or 7."
        ),
        source_lines=(302,),
        used_in=("11/1",),
        context='meets("11") and LONGEST = 7 and HCP <= 7',
    ),
    Lemma(
        id="sec-11-void",
        premise='meets("11") and LONGEST = 7 and HCP <= 7',
        conclusion="VOIDFLAG",
        quote="Thus there must be a void in order to bid at section 11.",
        source_lines=(302,),
        used_in=("11/1",),
        scope="section",
    ),
    Lemma(
        id="longest7-void-one-short",
        premise="LONGEST = 7 and VOIDFLAG",
        conclusion="count(s in SUITS: 1 <= SUITLENGTH(s) <= 2) <= 1",
        quote="Since there is a void, there is at most one short suit",
        source_lines=(302,),
        used_in=("11/1",),
        note=(
            'Here "short suit" means a singleton or doubleton (the void itself is not '
            "counted; 7-5-1-0 has one)."
        ),
    ),
    Lemma(
        id="longest7-void-tp9",
        premise="LONGEST = 7 and VOIDFLAG and HCP >= 6",
        conclusion="TOTALPTS >= 9",
        quote="which implies that $\\text{TOTALPTS} \\geq 9$",
        source_lines=(302,),
        used_in=("11/1",),
        context='meets("11") and HCP <= 7',
    ),
    Lemma(
        id="sec-11-hcp10",
        premise='meets("11")',
        conclusion="HCP <= 10",
        quote=(
            "$\\text{HCP} \\leq 10$\n"
            "$\\text{HCP} \\leq 10$.\n"
            "($\\text{HCP} \\leq 10$)\n"
            "But $HCP \\leq 10$ if the hand meets 11."
        ),
        source_lines=(303, 305, 306, 309),
        used_in=("11/2a", "11/3, 4, 7", "11/5, 8", "11/9"),
        scope="section",
    ),
    Lemma(
        id="sec-11-clubs-not-longest-longest7",
        premise='meets("11") and SUITLENGTH(C) >= 6 and SUITLENGTH(C) < LONGEST',
        conclusion="LONGEST = 7",
        quote="Since the hand meets 11, $SUITLENGTH(longest\\ suit) = 7$",
        source_lines=(309,),
        used_in=("11/9",),
        scope="section",
        note=(
            'The paper gives "the hand meets 11" as the reason; 11 alone gives only '
            "LONGEST >= 7. The branch hypotheses (clubs not the longest suit, and "
            "SUITLENGTH(Clubs) >= 6 from 9) are implicit premises."
        ),
    ),
    Lemma(
        id="clubs9-seven-card-four-points-hcp13",
        premise=(
            "SUITPOINTS(C) >= 9 and any(s in SHD: SUITLENGTH(s) = 7 and SUITPOINTS(s) "
            ">= 4)"
        ),
        conclusion="HCP >= 13",
        quote="Therefore $HCP \\geq 13$.",
        source_lines=(309,),
        used_in=("11/9",),
    ),
    Lemma(
        id="sec-12-tp11",
        premise='meets("12")',
        conclusion="TOTALPTS >= 11",
        quote="$TOTALPTS \\geq 11$",
        source_lines=(311,),
        used_in=("12/1",),
        scope="section",
    ),
    Lemma(
        id="sec-13abd-tp13-or-hcp14",
        premise='meets("13a") or meets("13b") or meets("13d")',
        conclusion="TOTALPTS >= 13 or HCP >= 14",
        quote="either ($TOTALPTS \\geq 13$) or ($HCP \\geq 14$ implies $TOTALPTS \\geq 11$)",
        source_lines=(314,),
        used_in=("13a, b, d/1",),
        scope="section",
    ),
    Lemma(
        id="hcp14-tp11",
        premise="HCP >= 14",
        conclusion="TOTALPTS >= 11",
        quote="$HCP \\geq 14$ implies $TOTALPTS \\geq 11$",
        source_lines=(314,),
        used_in=("13a, b, d/1",),
    ),
    Lemma(
        id="longest8-hcp6-tp7",
        premise="LONGEST >= 8 and HCP >= 6",
        conclusion="TOTALPTS >= 7",
        quote="if $LONGEST \\geq 8$, then $TOTALPTS \\geq 7$",
        source_lines=(316,),
        used_in=("13c/1",),
        context='meets("13c")',
        note="HCP >= 6 is implicit (section 13c).",
    ),
    Lemma(
        id="sec-13c-hcp12",
        premise='meets("13c")',
        conclusion="HCP <= 12",
        quote=(
            "$HCP \\leq 12$\n"
            "as in 10."
        ),
        source_lines=(317, 319),
        used_in=("13c/2a", "13c/3, 4, 5, 7, 8"),
        scope="section",
    ),
    Lemma(
        id="sec-11b-clubs8",
        premise='meets("11b")',
        conclusion="SUITLENGTH(C) >= 8",
        quote="to meet 11b, $SUITLENGTH(Clubs) \\geq 8$",
        source_lines=(321,),
        used_in=("13c/11b",),
        scope="section",
    ),
    Lemma(
        id="sec-13c-major6",
        premise='meets("13c")',
        conclusion="any(s in MAJORS: SUITLENGTH(s) >= 6)",
        quote="$SUITLENGTH(MAJOR\\ Suit) \\geq 6$",
        source_lines=(321,),
        used_in=("13c/11b",),
        scope="section",
    ),
    Lemma(
        id="clubs8-major6-fourteen-cards",
        premise="SUITLENGTH(C) >= 8 and any(s in MAJORS: SUITLENGTH(s) >= 6)",
        conclusion="false",
        quote="implies 14 cards in hand.",
        source_lines=(321,),
        used_in=("13c/11b",),
        note='Conclusion "false": the premise is unsatisfiable (8 + 6 = 14 cards).',
    ),
)

# ------------------------------------------------------------------------------------------------
# Appendix 6, "Distributions and TOTALPTS", pp. 95-97 (seed lines 2895-2949)
# ------------------------------------------------------------------------------------------------

#: Distribution -> (minimum change, maximum change*), as printed; all 39 distributions.

APPENDIX6: dict[str, tuple[int, int]] = {
    "13000": (18, 18),
    "12100": (13, 17),
    "11200": (11, 14),
    "11110": (9, 16),
    "10300": (11, 12),
    "10210": (7, 13),
    "10111": (5, 15),
    "9400": (9, 10),
    "9310": (7, 11),
    "9220": (5, 10),
    "9211": (3, 12),
    "8500": (8, 9),
    "8410": (5, 9),
    "8320": (5, 8),
    "8311": (3, 10),
    "8221": (1, 9),
    "7600": (8, 9),
    "7510": (4, 8),
    "7420": (3, 6),
    "7411": (1, 8),
    "7330": (5, 6),
    "7321": (1, 7),
    "7222": (-1, 6),
    "6610": (4, 8),
    "6520": (2, 5),
    "6511": (0, 7),
    "6430": (3, 4),
    "6421": (-1, 5),
    "6331": (1, 5),
    "6322": (-1, 4),
    "5530": (2, 3),
    "5521": (-2, 4),
    "5440": (1, 2),
    "5431": (-1, 3),
    "5422": (-3, 2),
    "5332": (-1, 2),
    "4441": (-2, 2),
    "4432": (-2, 1),
    "4333": (-1, 0),
}

#: The seed line of each Appendix 6 row.
APPENDIX6_LINES: dict[str, int] = {
    "13000": 2903,
    "12100": 2904,
    "11200": 2905,
    "11110": 2906,
    "10300": 2907,
    "10210": 2908,
    "10111": 2909,
    "9400": 2910,
    "9310": 2914,
    "9220": 2915,
    "9211": 2916,
    "8500": 2917,
    "8410": 2918,
    "8320": 2919,
    "8311": 2920,
    "8221": 2921,
    "7600": 2922,
    "7510": 2923,
    "7420": 2924,
    "7411": 2925,
    "7330": 2926,
    "7321": 2927,
    "7222": 2928,
    "6610": 2929,
    "6520": 2930,
    "6511": 2931,
    "6430": 2932,
    "6421": 2933,
    "6331": 2937,
    "6322": 2938,
    "5530": 2939,
    "5521": 2940,
    "5440": 2941,
    "5431": 2942,
    "5422": 2943,
    "5332": 2944,
    "4441": 2945,
    "4432": 2946,
    "4333": 2947,
}

APPENDIX6_FOOTNOTE = (
    "*The entry under maximum change assumes $HCP \\leq 15$, i.e., $ACES \\leq 3$. If "
    "$HCP \\geq 16$, the entry would be increased by one for having four aces unless "
    "the distribution has a void."
)
APPENDIX6_FOOTNOTE_LINE = 2949
APPENDIX6_PAGES = "95-97"
