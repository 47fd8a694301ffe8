"""PLAYTRICKS of one suit: the PLAYINGTRICKS procedure (Appendix 1) and the Appendix 3 table.

A suit's playing tricks depend only on its SUITPOINTS, whether it holds the ace and the king
(which is how the procedure tells apart holdings with equal points: AK/AQJ, AQ/KQJ, AJ/KQ, A/KJ,
K/QJ), and its length. Three sources are kept, each a named reading:

``procedure``
    the printed PLAYINGTRICKS procedure, transcribed statement by statement;
``table``
    Appendix 3 exactly as printed, including the cell the footnote calls a bug (KQ, length 3: 0);
``table-fixed``
    Appendix 3 with the footnote's correction (KQ, length 3: 1).

The paper study's Appendix 3 check (openbid.studies.paper.lemmas) lists every cell where the procedure and the table differ;
docs/ERRATA.md records which reading the analysed program used and why.
"""

from __future__ import annotations

from functools import lru_cache

PLAYTRICKS_SOURCES = ("procedure", "table", "table-fixed")

# Appendix 3, p. 91. Key: holding (honours among A K Q J); value: PLAYTRICKS for lengths 0..13,
# None where the table prints "-" (every "-" is a length the holding cannot have).
_: None = None
APPENDIX3: dict[str, tuple[int | None, ...]] = {
    #        0  1  2  3  4  5  6  7  8  9  10  11  12  13
    "AKQJ": (_, _, _, _, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
    "AKQ": (_, _, _, 3, 3, 4, 5, 6, 8, 9, 10, 11, 12, _),
    "AKJ": (_, _, _, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, _),
    "AK": (_, _, 2, 2, 2, 3, 4, 5, 7, 8, 9, 11, _, _),
    "AQJ": (_, _, _, 2, 2, 3, 4, 5, 7, 8, 9, 10, 12, _),
    "AQ": (_, _, 1, 1, 1, 2, 4, 5, 6, 8, 9, 10, _, _),
    "KQJ": (_, _, _, 2, 2, 3, 4, 6, 7, 8, 9, 10, 11, _),
    "AJ": (_, _, 1, 1, 1, 2, 4, 5, 6, 7, 9, 10, _, _),
    "KQ": (_, _, 1, 0, 1, 2, 3, 5, 6, 8, 9, 10, _, _),  # length 3: "0*", the footnoted bug
    "A": (_, 1, 1, 1, 1, 1, 2, 4, 5, 7, 8, _, _, _),
    "KJ": (_, _, 1, 1, 1, 2, 3, 4, 6, 7, 8, 9, _, _),
    "K": (_, 0, 0, 0, 0, 1, 2, 3, 5, 6, 7, _, _, _),
    "QJ": (_, _, 0, 0, 0, 1, 2, 4, 5, 7, 8, 9, _, _),
    "Q": (_, 0, 0, 0, 0, 0, 2, 3, 4, 6, 7, _, _, _),
    "J": (_, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, _, _, _),
    "": (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, _, _, _, _),
}
del _

# The footnote (p. 91): "This is a bug which has been corrected. The proper value is 1."
FOOTNOTE_CELL = ("KQ", 3)
FOOTNOTE_FIXED_VALUE = 1

HCP_OF = {"A": 4, "K": 3, "Q": 2, "J": 1}


def holding_name(ace: bool, king: bool, queen: bool, jack: bool) -> str:
    """The Appendix 3 row name of a suit's top honours, e.g. ``"KQ"``; ``""`` for none."""
    return "".join(r for r, held in zip("AKQJ", (ace, king, queen, jack)) if held)


def procedure_value(suitpoints: int, ace: bool, king: bool, length: int) -> int:
    """PLAYINGTRICKS(SUIT) as printed in Appendix 1: ``LNG - N`` with N set by a switch on points.

    Transcribed statement by statement; the comments name the switch label.
    """
    lng = length
    n = 0
    sp = suitpoints
    if sp == 10:  # Z: AKQJ
        n = 0
    elif sp == 9:  # NINE
        if 4 <= lng <= 7:
            n = 1
    elif sp == 8:  # EIGHT
        if lng <= 10:
            n = 1
    elif sp == 7:  # SEVEN
        if king:
            if lng <= 10:
                n = 1
            if lng <= 7:
                n = 2
            if lng <= 4:
                n = lng - 2
        elif 4 <= lng <= 7:
            n = 2
        elif lng <= 11:
            n = 1
    elif sp == 6:  # SIX
        if ace:
            if lng <= 3:
                n = lng - 1
            elif lng <= 5:
                n = 3
            elif lng <= 8:
                n = 2
            elif lng <= 11:
                n = 1
        elif 4 <= lng <= 6:
            n = 2
        else:
            n = 1
    elif sp == 5:  # FIVE
        n = 1
        if ace:
            if lng <= 9:
                n = 2
            if lng <= 5:
                n = 3
            if lng == 3:
                n = 2
        else:
            if lng <= 8:
                n = 2
            if lng <= 6:
                n = 3
        if lng <= 2:
            n = 1
    elif sp == 4:  # FOUR
        n = 2
        if ace:
            if lng <= 8:
                n = 3
            if lng == 6:
                n = 4
            if lng <= 5:
                n = lng - 1
        else:
            if lng <= 7:
                n = 3
            if lng in (3, 4):
                n = lng - 1
    elif sp == 3:  # THREE
        n = 2
        if king:
            if lng <= 7:
                n = 4
            elif lng <= 10:
                n = 3
        elif lng <= 6:
            n = 4
        elif lng <= 8:
            n = 3
        if lng <= 4:
            n = lng
    elif sp == 2:  # TWO
        if lng <= 5:
            n = lng
        elif lng <= 8:
            n = 4
        else:
            n = 3
    elif sp == 1:  # WUN
        n = 4 if lng >= 8 else lng
    else:  # NONE
        n = lng
    return lng - n


def table_value(name: str, length: int, fixed: bool = False) -> int:
    """Appendix 3's cell for holding ``name`` and ``length`` (with the footnote's fix if asked)."""
    if fixed and (name, length) == FOOTNOTE_CELL:
        return FOOTNOTE_FIXED_VALUE
    value = APPENDIX3[name][length]
    if value is None:
        raise ValueError(f"Appendix 3 has no cell for {name or '-'} at length {length}")
    return value


@lru_cache(maxsize=None)
def suit_playtricks(
    source: str, ace: bool, king: bool, queen: bool, jack: bool, length: int
) -> int:
    """PLAYTRICKS of one suit under the named source (see module docstring)."""
    if source == "procedure":
        points = 4 * ace + 3 * king + 2 * queen + jack
        return procedure_value(points, ace, king, length)
    if source in ("table", "table-fixed"):
        return table_value(holding_name(ace, king, queen, jack), length, source == "table-fixed")
    raise ValueError(f"unknown PLAYTRICKS source {source!r}; known: {', '.join(PLAYTRICKS_SOURCES)}")
