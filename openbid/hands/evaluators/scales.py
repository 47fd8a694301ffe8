"""Seed 002's point scales, exactly as printed, as evaluators of the one form.

Seed 002 ("Usereval Implementation of Various HCP metrics", the same text as dealerv2's
``docs/HCP_Metrics_Expl.txt``) describes the eight "HCP metrics" of dealerv2's UserEval tags
20-27 with their short-honour tables, plain HCP and C13, ten KISS ``altcount`` scales, Pavlicek's
body value and his rounding rule. Every number here is a transcription of the printed text (cited
by seed line) as an exact rational; nothing is adjusted to make a claim of the text true (the
claims are checked in :mod:`openbid.studies.evaluators.scales_claims`).

How the tables combine (the readings decided, with their evidence, are in ``docs/SCALES.md``):

* a void is worth 0;
* a singleton is worth its stiff-honour table entry (lines 63-67); a small singleton 0;
* a doubleton is worth its doubleton-table entry (lines 70-78), whose sixteen columns name every
  doubleton: two honours (``AK`` ... ``JT``), one honour and a small card (``Ax`` ... ``Tx``) or two
  small cards (``xx``); "x" is any card below the Ten;
* a suit of three or more cards is worth the sum of its honours' values in the table of lines 8-16
  (line 21: "the values assigned to the honors when they are in a suit of 3 cards or more"),
  except OPCjgm, whose Queen, Jack and Ten depend on the accompanying honours (Note 3, lines
  39-46).

The readings not taken are named options: :data:`SCALE_READINGS` (the default first) and
:func:`build`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Callable

from openbid.hands.evaluators.form import Evaluator, Number

SEED = "seed 002 (Usereval Implementation of Various HCP metrics)"
"""The seed every ``lines`` citation of this module refers to (1-based line numbers)."""

HONOURS = "AKQJT"

METRICS = ("HCPT050", "HCPA425", "HCPAT475", "BUMWRAP", "WOOLSEY", "ANDY5THS", "BWJGM", "OPCJGM")
"""The eight UserEval metrics, tags 20-27 in this order (line 8-16, "Tag#")."""

TAGS = {name: 20 + i for i, name in enumerate(METRICS)}


def _q(text: str) -> Fraction:
    """A printed decimal as an exact rational (``"2.8"`` -> 14/5)."""
    return Fraction(text)


# ---------------------------------------------------------------------------------------------
# Transcriptions (decimal strings exactly as printed; A, K, Q, J, T in that order)

LONG_PRINTED: dict[str, tuple[int, str, tuple[str, ...]]] = {
    # metric: (seed line, printed name, the five numbers as printed)
    "HCPT050": (9, "AltT050", ("4", "3", "2", "1", "0.5")),
    "HCPA425": (10, "AltA425", ("4.25", "3", "2", "1", "0")),
    "HCPAT475": (11, "AltAT475", ("4.25", "3", "2", "1", "0.5")),
    "BUMWRAP": (12, "BumWrap", ("4.5", "3", "1.5", "0.75", "0.25")),
    "WOOLSEY": (13, "Woolsey", ("4.5", "3", "1.75", "0.75", "0")),
    "ANDY5THS": (14, "Andy5ths", ("4", "2.8", "1.8", "1", "0.4")),
    "BWJGM": (15, "BW_jgm", ("4.25", "3", "1.75", "0.75", "0.25")),
    "OPCJGM": (16, "OPCjgm", ("4.25", "3", "1.5", "0.5", "0")),
    "HCP_SEED002": (17, "HCP", ("4", "3", "2", "1", "0")),
    "C13": (18, "C13", ("6", "4", "2", "1", "0")),
}
"""Lines 9-18: the honour values "in a suit of 3 cards or more" (line 21)."""

LONG_TAB8: dict[str, tuple[str, ...]] = {
    # Reading "tab8" of option long_columns: lines 11 and 14 have names of eight characters, so
    # with tab stops every 8 columns each of their numbers lands one column right of the rows
    # above (AltAT475: 4.25 at column 16, 3 at 27, ... 0.5 at 51 under "Note"); read by columns,
    # the Ace column is empty and every value belongs to the next honour.
    "HCPAT475": ("0", "4.25", "3", "2", "1"),
    "ANDY5THS": ("0", "4", "2.8", "1.8", "1"),
}

STIFF_PRINTED: dict[str, tuple[int, str, tuple[str, ...]]] = {
    "HCPT050": (64, "HCPT050", ("4.00", "2.00", "1.00", "0.00", "0.00")),
    "HCPA425": (64, "HCPA425", ("4.25", "2.00", "1.00", "0.00", "0.00")),
    "HCPAT475": (65, "HCPAT475", ("4.50", "2.00", "1.00", "0.00", "0.00")),
    "BUMWRAP": (65, "Bumwrap", ("4.50", "2.00", "0.50", "0.00", "0.00")),
    "WOOLSEY": (66, "Woolsey", ("4.50", "2.00", "0.75", "0.00", "0.00")),
    "ANDY5THS": (66, "And5ths", ("4.00", "1.80", "0.80", "0.00", "0.00")),
    "BWJGM": (67, "BWjgm", ("4.25", "2.00", "0.75", "0.00", "0.00")),
    "OPCJGM": (67, "OPCjgm", ("4.25", "2.00", "0.50", "0.00", "0.00")),
}
"""Lines 63-67: the stiff-honour table (header line 63: A K Q J T), two metrics a line."""

DOUBLETON_COLUMNS = ("AK", "AQ", "AJ", "AT", "Ax", "KQ", "KJ", "KT", "Kx",
                     "QJ", "QT", "Qx", "JT", "Jx", "Tx", "xx")
"""Line 70, the doubleton table's header."""

DOUBLETON_PRINTED: dict[str, tuple[int, str, tuple[str, ...]]] = {
    "HCPT050": (71, "HCPT050", ("7.00", "6.00", "5.00", "4.50", "4.00", "4.00", "3.25", "3.00",
                                "3.00", "2.00", "1.50", "1.00", "0.00", "0.00", "0.00", "0.00")),
    "HCPA425": (72, "HCPA425", ("7.25", "6.25", "5.25", "4.25", "4.25", "4.00", "3.25", "3.00",
                                "3.00", "2.00", "1.00", "1.00", "0.00", "0.00", "0.00", "0.00")),
    "HCPAT475": (73, "HCPAT475", ("7.25", "6.25", "5.25", "4.75", "4.25", "4.00", "3.25", "3.00",
                                  "3.00", "2.00", "1.50", "1.00", "0.00", "0.00", "0.00", "0.00")),
    "BUMWRAP": (74, "Bumwrap", ("7.50", "6.00", "5.25", "4.75", "4.50", "3.50", "3.00", "3.00",
                                "3.00", "1.25", "1.00", "0.75", "0.00", "0.00", "0.00", "0.00")),
    "WOOLSEY": (75, "Woolsey", ("7.50", "6.25", "5.25", "4.50", "4.50", "3.75", "3.00", "3.00",
                                "3.00", "1.50", "1.00", "0.75", "0.00", "0.00", "0.00", "0.00")),
    "ANDY5THS": (76, "And5ths", ("6.80", "5.80", "5.00", "4.40", "4.00", "3.60", "3.20", "2.80",
                                 "2.80", "1.80", "1.20", "0.80", "0.00", "0.00", "0.00", "0.00")),
    "BWJGM": (77, "BWjgm", ("7.25", "6.00", "5.00", "4.50", "4.25", "3.75", "3.25", "3.00",
                            "3.00", "1.50", "1.00", "0.75", "0.00", "0.00", "0.00", "0.00")),
    "OPCJGM": (78, "OPCjgm", ("6.25", "5.25", "4.75", "4.25", "4.25", "4.50", "3.25", "3.00",
                              "3.00", "2.00", "1.50", "1.00", "0.50", "0.00", "0.00", "0.00")),
}
"""Lines 70-78: the doubleton table."""

ALTCOUNT_PRINTED: dict[int, tuple[int, tuple[str, ...], str]] = {
    # altcount number: (seed line, the values as printed, the comment as printed)
    0: (91, ("4.0", "3.0", "2.0", "1.0", "0.5"), "HCPT050"),
    1: (92, ("4.25", "3.0", "2.0", "1.0", "0.0"), "HCPA425"),
    2: (93, ("4.25", "3.0", "2.0", "1.0", "0.5"), "HCPAT475"),
    3: (94, ("4.5", "3.0", "1.5", "0.75", "0.25"), "Bumwrap"),
    4: (95, ("4.5", "3.0", "1.75", "0.75", "0.0"), "Woolsey"),
    5: (96, ("4.0", "2.8", "1.8", "1.0", "0.4"), "Andy5ths"),
    6: (97, ("4.25", "3.0", "1.75", "0.75", "0.25"), "BWjgm     (Mix of Bumwrap and Woolsey )"),
    7: (98, ("13.0", "9.0", "5.0", "2.0", "1.0"),
        "LJP by Benion with a jgm added Ten to get it to 30 pts so easy Div by 3 at the table."),
    8: (99, ("4.5", "3.0", "1.5", "0.75"),
        "C13_BW  (C13*3/4 Bumwrap with No Ten; Total 9.75 see C13_BW in AltC13metricks)"),
    9: (100, ("4.6", "3.0", "1.6", "0.8", "0.4"),
        "C13_jgm  close to C13*10/13 Tot=10. see C13_jgm in AltC13metrics"),
}
"""Lines 91-100: ``altcount N A K Q J T`` (values from the Ace down; line 99 prints four)."""

PRINTED_LINES: dict[int, str] = {
    9: 'AltT050\t4\t      3\t   2\t   1\t   0.5\tTot = 10.5\t20',
    10: 'AltA425\t4.25\t   3\t   2\t   1\t   0\t   Tot = 10.25\t21',
    11: 'AltAT475\t4.25\t   3\t   2\t   1\t   0.5\tTot = 10.75\t22',
    12: 'BumWrap\t4.5\t   3\t   1.5\t0.75\t0.25\tBergen/C13\t23',
    13: 'Woolsey\t4.5\t   3\t   1.75\t0.75\t0\t\t            24',
    14: 'Andy5ths\t4\t      2.8\t1.8\t1\t   0.4\tAndrews(1)\t25',
    15: 'BW_jgm\t4.25\t   3\t   1.75\t0.75\t0.25\tJGM(2)\t   26',
    16: 'OPCjgm\t4.25\t   3\t   1.5\t0.5\t0\t   JGM(3)\t   27',
    17: 'HCP      4        3     2     1     0     Note 4.',
    18: 'C13      6        4     2     1     0     Note 5.',
    63: '   /*               A     K     Q     J     T                          A     K     Q  '
        '   J     T */',
    64: '   /* HCPT050 */ { 4.00, 2.00, 1.00, 0.00, 0.00},     /* HCPA425 */ { 4.25, 2.00,'
        ' 1.00, 0.00, 0.00},',
    65: '   /* HCPAT475*/ { 4.50, 2.00, 1.00, 0.00, 0.00},     /* Bumwrap */ { 4.50, 2.00,'
        ' 0.50, 0.00, 0.00},',
    66: '   /* Woolsey */ { 4.50, 2.00, 0.75, 0.00, 0.00},     /* And5ths */ { 4.00, 1.80,'
        ' 0.80, 0.00, 0.00},',
    67: '   /* BWjgm   */ { 4.25, 2.00, 0.75, 0.00, 0.00},     /* OPCjgm  */ { 4.25, 2.00,'
        ' 0.50, 0.00, 0.00},',
    70: '   /*               AK,   AQ,   AJ,   AT,   Ax,   KQ,   KJ,   KT,   Kx,   QJ,   QT,  '
        ' Qx,   JT,   Jx,   Tx,  xx */',
    71: '   /* HCPT050 */ { 7.00, 6.00, 5.00, 4.50, 4.00, 4.00, 3.25, 3.00, 3.00, 2.00, 1.50,'
        ' 1.00, 0.00, 0.00, 0.00, 0.00}, /* JGM guesses */',
    72: '   /* HCPA425 */ { 7.25, 6.25, 5.25, 4.25, 4.25, 4.00, 3.25, 3.00, 3.00, 2.00, 1.00,'
        ' 1.00, 0.00, 0.00, 0.00, 0.00},',
    73: '   /* HCPAT475*/ { 7.25, 6.25, 5.25, 4.75, 4.25, 4.00, 3.25, 3.00, 3.00, 2.00, 1.50,'
        ' 1.00, 0.00, 0.00, 0.00, 0.00},',
    74: '   /* Bumwrap */ { 7.50, 6.00, 5.25, 4.75, 4.50, 3.50, 3.00, 3.00, 3.00, 1.25, 1.00,'
        ' 0.75, 0.00, 0.00, 0.00, 0.00},',
    75: '   /* Woolsey */ { 7.50, 6.25, 5.25, 4.50, 4.50, 3.75, 3.00, 3.00, 3.00, 1.50, 1.00,'
        ' 0.75, 0.00, 0.00, 0.00, 0.00},',
    76: '   /* And5ths */ { 6.80, 5.80, 5.00, 4.40, 4.00, 3.60, 3.20, 2.80, 2.80, 1.80, 1.20,'
        ' 0.80, 0.00, 0.00, 0.00, 0.00},',
    77: '   /* BWjgm   */ { 7.25, 6.00, 5.00, 4.50, 4.25, 3.75, 3.25, 3.00, 3.00, 1.50, 1.00,'
        ' 0.75, 0.00, 0.00, 0.00, 0.00},',
    78: '   /* OPCjgm  */ { 6.25, 5.25, 4.75, 4.25, 4.25, 4.50, 3.25, 3.00, 3.00, 2.00, 1.50,'
        ' 1.00, 0.50, 0.00, 0.00, 0.00},',
    80: 'Pavlicek Body Value: 3 * Tens + 2 * Nines + Eights',
    91: ' altcount 0 4.0 3.0 2.0 1.0 0.5     // HCPT050',
    92: ' altcount 1 4.25 3.0 2.0 1.0 0.0    // HCPA425',
    93: ' altcount 2 4.25 3.0 2.0 1.0 0.5    // HCPAT475',
    94: ' altcount 3 4.5 3.0 1.5 0.75 0.25   // Bumwrap',
    95: ' altcount 4 4.5 3.0 1.75 0.75 0.0   // Woolsey',
    96: ' altcount 5 4.0 2.8 1.8 1.0 0.4     // Andy5ths',
    97: ' altcount 6 4.25 3.0 1.75 0.75 0.25 // BWjgm     (Mix of Bumwrap and Woolsey )',
    98: ' altcount 7 13.0 9.0 5.0 2.0 1.0    // LJP by Benion with a jgm added Ten to get it to'
        ' 30 pts so easy Div by 3 at the table.',
    99: ' altcount 8 4.5 3.0 1.5 0.75        // C13_BW  (C13*3/4 Bumwrap with No Ten; Total'
        ' 9.75 see C13_BW in AltC13metricks)',
    100: ' altcount 9 4.6 3.0 1.6 0.8 0.4     // C13_jgm  close to C13*10/13 Tot=10. see'
         ' C13_jgm in AltC13metrics',
}
"""The seed lines the tables above are read from, exactly as printed (trailing blanks dropped):
the tests read the transcriptions off them, and ``python -m openbid.studies.certify`` checks each
against the seed (``openbid/studies/seed_lines.json`` certifies them where the seed is absent)."""

# Note 3 (lines 39-46): OPCjgm's Queen, Jack and Ten with companions.
OPC_QUEEN_WITH = Fraction(2)       # line 42 "a Queen with an Ace or King is worth the usual 2"
OPC_JACK_WITH = Fraction(1)        # line 43 "a Jack when with an Ace, King, Queen, or Ten is 1"
OPC_TEN_WITH_JQ = Fraction(1)      # line 44 "1.0 when with a Jack or Queen"
OPC_TEN_WITH_K = Fraction(1, 2)    # line 44 "and 0.5 when with a King"


def long_values(metric: str, columns: str = "tokens") -> tuple[Fraction, ...]:
    """The five honour values (A, K, Q, J, T) of a 3+ suit, as printed (lines 9-18)."""
    if columns == "tab8" and metric in LONG_TAB8:
        return tuple(_q(v) for v in LONG_TAB8[metric])
    return tuple(_q(v) for v in LONG_PRINTED[metric][2])


def stiff_values(metric: str) -> tuple[Fraction, ...]:
    return tuple(_q(v) for v in STIFF_PRINTED[metric][2])


def doubleton_values(metric: str) -> dict[str, Fraction]:
    return dict(zip(DOUBLETON_COLUMNS, (_q(v) for v in DOUBLETON_PRINTED[metric][2])))


def altcount_values(n: int, ten: str = "zero") -> tuple[Fraction, ...]:
    """altcount ``n``'s five values A, K, Q, J, T; the Ten omitted on line 99 is 0 (reading
    ``altcount8_ten``: dealerv2 zeroes the table before an ``altcount`` statement fills it from
    the Ace down, and the comment says "with No Ten; Total 9.75")."""
    printed = ALTCOUNT_PRINTED[n][1]
    if len(printed) == 5:
        return tuple(_q(v) for v in printed)
    if ten != "zero":
        raise ValueError(f"altcount8_ten: unknown reading {ten!r}")
    return tuple(_q(v) for v in printed) + (Fraction(0),) * (5 - len(printed))


def doubleton_column(held: str) -> str:
    """The column of line 70 for a doubleton holding exactly ``held`` of AKQJT (high to low)."""
    if len(held) == 2:
        return held
    if len(held) == 1:
        return held + "x"
    if held == "":
        return "xx"
    raise ValueError(f"no doubleton holds {held!r}")


# ---------------------------------------------------------------------------------------------
# Readings

SCALE_READINGS: dict[str, tuple[str, ...]] = {
    "long_columns": ("tokens", "tab8"),
    "doubleton": ("table", "two_honours"),
    "opc_ten": ("best", "ace_first"),
    "altcount8_ten": ("zero",),
}
"""Each ambiguity of the text that changes a value: its readings, the one taken first.

long_columns  lines 8-16 read by token order (tokens) or by the columns the tabs print (tab8:
              the rows AltAT475 and Andy5ths are shifted one column right, see LONG_TAB8).
doubleton     the table of lines 70-78 values every doubleton (table), or only doubletons of
              two honours, a one-honour or honourless doubleton being the plain 3+ sum
              (two_honours).
opc_ten       OPCjgm's Ten with a King and an Ace but no Jack or Queen: the King's 0.5 (best:
              a Ten takes the best value its companions give) or nothing (ace_first: "nothing
              ... with an Ace" wins).
altcount8_ten line 99 prints four values: the Ten is 0 (the only reading the evidence leaves).
"""

METRIC_READINGS: dict[str, tuple[str, ...]] = {
    **{m: ("doubleton",) for m in METRICS},
    "HCPAT475": ("long_columns", "doubleton"),   # line 11: an eight-character name
    "ANDY5THS": ("long_columns", "doubleton"),   # line 14: an eight-character name
    "OPCJGM": ("doubleton", "opc_ten"),
    "ALTCOUNT8": ("altcount8_ten",),
}
"""The readings each evaluator depends on (the others do not change its values)."""


def _choices(name: str, choices: Mapping[str, str] | None) -> dict[str, str]:
    choices = dict(choices or {})
    for key, value in choices.items():
        if key not in SCALE_READINGS:
            raise ValueError(f"unknown reading {key!r}; known: {sorted(SCALE_READINGS)}")
        if value not in SCALE_READINGS[key]:
            raise ValueError(f"reading {key}: {value!r} is not one of {SCALE_READINGS[key]}")
    return {k: choices.get(k, SCALE_READINGS[k][0]) for k in METRIC_READINGS.get(name, ())}


# ---------------------------------------------------------------------------------------------
# Holding functions


def plain_sum(values: tuple[Fraction, ...]) -> Callable[[str, int], Fraction]:
    """A holding function: the sum of the held honours' values, whatever the length."""
    table = dict(zip(HONOURS, values))

    def holding(held: str, length: int) -> Fraction:
        return sum((table[r] for r in held), Fraction(0))

    return holding


def opc_long(held: str, ten: str = "best") -> Fraction:
    """OPCjgm in a suit of 3+ cards (Note 3, lines 39-46): A 4.25, K 3; Q 2 with an A, K or J,
    else 1.5; J 1 with an A, K, Q or T, else 0.5; T 1.0 with a J or Q, else 0.5 with a K, else 0.

    The Queen with a Jack is 2 because line 41's "QJx is worth 3.0" with line 43's Jack of 1 leaves
    2 for the Queen; with only a Ten it keeps 1.5 ("QTx is worth 2.5" = 1.5 + the Ten's 1.0).
    """
    a, k, q, j, t = long_values("OPCJGM")
    has = set(held)
    value = Fraction(0)
    if "A" in has:
        value += a
    if "K" in has:
        value += k
    if "Q" in has:
        value += OPC_QUEEN_WITH if has & set("AKJ") else q
    if "J" in has:
        value += OPC_JACK_WITH if has & set("AKQT") else j
    if "T" in has:
        if has & set("JQ"):
            value += OPC_TEN_WITH_JQ
        elif "A" in has and ten == "ace_first":
            value += t
        elif "K" in has:
            value += OPC_TEN_WITH_K
        else:
            value += t
    return value


def metric_holding(metric: str, choices: Mapping[str, str] | None = None
                   ) -> Callable[[str, int], Fraction]:
    """The holding function of one of the eight metrics under ``choices`` (defaults first)."""
    c = _choices(metric, choices)
    long = long_values(metric, c.get("long_columns", "tokens"))
    stiff = dict(zip(HONOURS, stiff_values(metric)))
    dbl = doubleton_values(metric)
    longer: Callable[[str, int], Fraction]
    if metric == "OPCJGM":
        ten = c["opc_ten"]

        def longer(held: str, length: int) -> Fraction:
            return opc_long(held, ten)
    else:
        longer = plain_sum(long)

    def holding(held: str, length: int) -> Fraction:
        if length == 0:
            return Fraction(0)
        if length == 1:
            return stiff[held] if held else Fraction(0)
        if length == 2:
            if c["doubleton"] == "table" or len(held) == 2:
                return dbl[doubleton_column(held)]
            return longer(held, length)
        return longer(held, length)

    return holding


def _lines(metric: str) -> str:
    long_line = LONG_PRINTED[metric][0]
    extra = ", 39-46" if metric == "OPCJGM" else ""
    extra += ", 36-37" if metric == "BWJGM" else ""
    extra += ", 32-33" if metric == "ANDY5THS" else ""
    return (f"{SEED} lines {long_line}, 21-30, {STIFF_PRINTED[metric][0]}, "
            f"{DOUBLETON_PRINTED[metric][0]}{extra}")


_DOCS = {
    "HCPT050": "AltT050 (tag 20): 4-3-2-1-0.5 with short-honour tables",
    "HCPA425": "AltA425 (tag 21): 4.25-3-2-1-0 with short-honour tables",
    "HCPAT475": "AltAT475 (tag 22): 4.25-3-2-1-0.5 with short-honour tables",
    "BUMWRAP": "BumWrap (tag 23): 4.5-3-1.5-0.75-0.25 with short-honour tables",
    "WOOLSEY": "Woolsey (tag 24): 4.5-3-1.75-0.75-0 with short-honour tables",
    "ANDY5THS": "Andy5ths (tag 25, Andrews): 4-2.8-1.8-1-0.4 with short-honour tables",
    "BWJGM": "BW_jgm (tag 26): 4.25-3-1.75-0.75-0.25 with short-honour tables",
    "OPCJGM": "OPCjgm (tag 27): Optimal Point Count, Q/J/T by companions (Note 3), short tables",
}


def build(name: str, choices: Mapping[str, str] | None = None) -> Evaluator:
    """The evaluator ``name`` (a metric, ``HCP_SEED002``, ``C13``, ``ALTCOUNT0``-``9`` or
    ``BODY``) under ``choices`` ({reading: value}); readings left out take their default."""
    c = _choices(name, choices)
    if name in METRICS:
        return Evaluator(name, HONOURS, metric_holding(name, c), doc=_DOCS[name],
                         source=_lines(name), options=c)
    if name in ("HCP_SEED002", "C13"):
        line = LONG_PRINTED[name][0]
        note = "Note 4, lines 48-50" if name == "HCP_SEED002" else "Note 5, lines 52-54"
        return Evaluator(name, HONOURS, plain_sum(long_values(name)),
                         doc=f"{LONG_PRINTED[name][1]} {'-'.join(LONG_PRINTED[name][2])}, "
                             "no deductions",
                         source=f"{SEED} line {line}, {note}", options=c)
    if name.startswith("ALTCOUNT") and name[8:].isdigit() and int(name[8:]) in ALTCOUNT_PRINTED:
        n = int(name[8:])
        values = altcount_values(n, c.get("altcount8_ten", "zero"))
        line, _, comment = ALTCOUNT_PRINTED[n]
        return Evaluator(name, HONOURS, plain_sum(values),
                         doc=f"KISS altcount {n} ({comment.split()[0]}): plain sum, no deductions",
                         source=f"{SEED} line {line} (lines 88-90)", options=c)
    if name == "BODY":
        return Evaluator("BODY", "T98", body_holding,
                         doc="Pavlicek body value: 3 x tens + 2 x nines + eights",
                         source=f"{SEED} line 80", options=c)
    raise KeyError(name)


# ---------------------------------------------------------------------------------------------
# Pavlicek


def body_holding(held: str, length: int) -> int:
    """Line 80: "3 * Tens + 2 * Nines + Eights", one suit's share (reads T98)."""
    return 3 * ("T" in held) + 2 * ("9" in held) + ("8" in held)


GOOD_BODY = 12
"""Line 84: "else if Body Value >= 12 then return I+1"."""


def pavround(value: Number, body: int) -> int:
    """Pavlicek's rounding (lines 81-86) of an exact ``value`` with body value ``body``.

    I is the integer part and F the fraction part, taken as ``I = floor(value)`` so that
    ``0 <= F < 1`` for every value (the scales here are never negative; for a negative value
    dealerv2's C truncates toward zero instead, a departure listed in scales_dealerv2).
    F < 0.45: I; F > 0.55: I + 1; otherwise (0.45 <= F <= 0.55) I + 1 with body >= 12, else I.
    """
    v = Fraction(value)
    whole = v.numerator // v.denominator
    frac = v - whole
    if frac < Fraction(45, 100):
        return whole
    if frac > Fraction(55, 100):
        return whole + 1
    return whole + 1 if body >= GOOD_BODY else whole


# ---------------------------------------------------------------------------------------------
# The evaluators under the default readings

ALTCOUNTS = tuple(f"ALTCOUNT{n}" for n in ALTCOUNT_PRINTED)
NAMES = (*METRICS, "HCP_SEED002", "C13", *ALTCOUNTS, "BODY")

SCALES: dict[str, Evaluator] = {name: build(name) for name in NAMES}
"""Every evaluator of this module under the default readings, by name."""

HCPT050 = SCALES["HCPT050"]
HCPA425 = SCALES["HCPA425"]
HCPAT475 = SCALES["HCPAT475"]
BUMWRAP = SCALES["BUMWRAP"]
WOOLSEY = SCALES["WOOLSEY"]
ANDY5THS = SCALES["ANDY5THS"]
BWJGM = SCALES["BWJGM"]
OPCJGM = SCALES["OPCJGM"]
HCP_SEED002 = SCALES["HCP_SEED002"]
C13 = SCALES["C13"]
BODY = SCALES["BODY"]
