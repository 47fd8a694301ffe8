"""Part One of the paper, its within-section remarks, its lemmas, and Appendix 6, as data.

The data is kept in the block format (``openbid/studies/README.md``) in ``openbid/studies/paper/part_one/``:
``table.txt`` (``PART_ONE``), ``within.txt`` (``WITHIN_SECTION``), ``lemmas.txt`` (``LEMMAS``) and
``appendix6.txt`` (``APPENDIX6``); this module reads them into the frozen values below. What code
can derive is computed here, never written in the files: ``n``/``m`` from the entry's ``N/M``,
``n_points``/``m_points`` from ``n``/``m`` (:func:`points_of`), ``kinds`` from ``kind`` (written
only for ``mixed``), a lemma's ``scope`` from its expressions, a within-section remark's ``kind``
from its block (``fact`` or ``judgement``).

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
    columns and the repeated page headers are left out). In the files each piece is one ``quote:``
    field. :mod:`openbid.studies.quotes` checks every piece against the seed, or where the seed is
    absent against the certificate ``openbid/studies/seed_lines.json``.

Expressions
    Every expression is in the project's expression language (docs/expressions.md) and parses with
    :func:`openbid.expr.parse`. ``meets("L")``: the conditions of bid point or section L hold (for
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
from pathlib import Path
from typing import overload

from openbid.base.errors import ExprError
from openbid.expr import parse
from openbid.expr.ast import Call, Name, walk
from openbid.systems.blocks import Block, BlockFormatError, parse_bool, read_blocks

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
# Reading openbid/studies/paper/part_one/*.txt
# ------------------------------------------------------------------------------------------------

DATA_DIR = Path(__file__).resolve().parent / "part_one"
TABLE_FILE = DATA_DIR / "table.txt"
WITHIN_FILE = DATA_DIR / "within.txt"
LEMMAS_FILE = DATA_DIR / "lemmas.txt"
APPENDIX6_FILE = DATA_DIR / "appendix6.txt"

_OUTCOME_NAMES = frozenset({"bid", "section", "bidval"})


class PartOneFormatError(BlockFormatError):
    """A Part One data file that cannot be read: names the file, the line and the problem."""


def points_of(label: str) -> tuple[str, ...]:
    """The paper's N or M text as bid points: ``"2-9, 11"``, ``"13a, b, d"``, ``"2b, 6"`` (a bare
    section number is all its bid points; a bare letter continues the previous section)."""
    out: list[str] = []
    prefix = ""
    for part in (p.strip() for p in label.split(",")):
        if "-" in part:
            a, b = (int(x) for x in part.split("-"))
            for n in range(a, b + 1):
                out += SECTION_POINTS[n]
        elif part.isdigit():
            prefix = part
            out += SECTION_POINTS[int(part)]
        elif part.isalpha():  # "b" in "13a, b, d"
            out.append(prefix + part)
        else:
            prefix = part.rstrip("abcdefghij")
            out.append(part)
    return tuple(out)


def scope_of(*exprs: str) -> str:
    """``section`` when an expression uses ``meets(...)`` or the outcome (``bid``, ``section``,
    ``bidval``), else ``general``."""
    for text in exprs:
        for node in walk(parse(text)):
            if (isinstance(node, Call) and node.fn == "meets") or (
                isinstance(node, Name) and node.id in _OUTCOME_NAMES
            ):
                return "section"
    return "general"


def _points(block: Block, key: str) -> tuple[str, ...]:
    f = block.all(key)[0]
    try:
        points = points_of(f.value)
    except (ValueError, KeyError):
        points = ()
    if not points or any(p not in BID_POINTS for p in points):
        raise PartOneFormatError(block.file, f.line, f"not bid points: {f.value!r}")
    return points


def _choice(block: Block, key: str, allowed: tuple[str, ...]) -> str:
    value = block.one(key, PartOneFormatError)
    if value not in allowed:
        line = block.all(key)[0].line
        raise PartOneFormatError(block.file, line, f"{key} must be one of {allowed}: {value!r}")
    return value


def _yes_no(block: Block, key: str, default: bool) -> bool:
    found = block.all(key)
    if not found:
        return default
    return parse_bool(block.file, found[0].value, found[0].line, PartOneFormatError)


def _text(block: Block, key: str) -> str:
    """The value of the optional field ``key``; ``""`` when it is missing."""
    found = block.all(key)
    return found[0].value if found else ""


@overload
def _expr(block: Block, key: str, default: str) -> str: ...
@overload
def _expr(block: Block, key: str, default: None = None) -> str | None: ...
def _expr(block: Block, key: str, default: str | None = None) -> str | None:
    found = block.all(key)
    if not found:
        return default
    try:
        parse(found[0].value)
    except ExprError as exc:
        problem = str(exc).splitlines()[0]
        raise PartOneFormatError(block.file, found[0].line, f"{key}: {problem}") from None
    return found[0].value


def _quote(block: Block) -> str:
    """The verbatim pieces (repeated ``quote`` fields), joined by ``"\n"``."""
    return "\n".join(block.values("quote"))


def _blocks(path: Path, kinds: tuple[str, ...], named: bool = True) -> list[Block]:
    return read_blocks(path, kinds=kinds, named=named, unique=True, error=PartOneFormatError)


def load_part_one(path: Path = TABLE_FILE) -> tuple[PaperEntry, ...]:
    entries: list[PaperEntry] = []
    for b in _blocks(path, ("entry",)):
        b.check_keys(
            ("lines", "kind", "kinds", "quote", "see", "concession", "exceptions", "note"),
            repeatable=("quote", "concession"),
            required=("lines", "kind", "quote"),
            error=PartOneFormatError,
        )
        n, sep, m = b.name.partition("/")
        if not sep or not n or not m:
            raise PartOneFormatError(b.file, b.line, f"entry name must be N/M: {b.name!r}")
        kind = _choice(b, "kind", KINDS)
        if kind == "mixed":
            kinds = tuple(k.strip() for k in b.one("kinds", PartOneFormatError).split(","))
            if len(kinds) < 2 or any(k not in KINDS or k == "mixed" for k in kinds):
                raise PartOneFormatError(b.file, b.all("kinds")[0].line, f"bad kinds {kinds}")
        elif b.all("kinds"):
            raise PartOneFormatError(b.file, b.all("kinds")[0].line, "kinds only for 'mixed'")
        else:
            kinds = (kind,)
        n_points, m_points = points_of(n), points_of(m)
        for text, points in ((n, n_points), (m, m_points)):
            if not points or any(p not in BID_POINTS for p in points):
                raise PartOneFormatError(b.file, b.line, f"not bid points: {text!r}")
        entries.append(
            PaperEntry(
                id=b.name,
                n=n,
                n_points=n_points,
                m=m,
                m_points=m_points,
                kind=kind,
                kinds=kinds,
                reason=_quote(b),
                source_lines=b.lines(error=PartOneFormatError),
                see=_text(b, "see"),
                concessions=tuple(b.values("concession")),
                exceptions=_expr(b, "exceptions", ""),
                note=_text(b, "note"),
            )
        )
    return tuple(entries)


def load_within_section(path: Path = WITHIN_FILE) -> tuple[WithinSectionClaim, ...]:
    claims: list[WithinSectionClaim] = []
    for b in _blocks(path, WITHIN_KINDS):
        fact = b.kind == "fact"
        keys: tuple[str, ...] = ("sections", "lines", "quote", "note")
        if fact:
            keys += ("premise", "conclusion", "expected", "stated")
        b.check_keys(
            keys,
            repeatable=("quote",),
            required=keys[:3] + (("premise", "conclusion", "expected") if fact else ()),
            error=PartOneFormatError,
        )
        claims.append(
            WithinSectionClaim(
                id=b.name,
                sections=_points(b, "sections"),
                quote=_quote(b),
                source_lines=b.lines(error=PartOneFormatError),
                kind=b.kind,
                premise=_expr(b, "premise"),
                conclusion=_expr(b, "conclusion"),
                stated=_yes_no(b, "stated", True),
                expected=_yes_no(b, "expected", True) if fact else None,
                note=_text(b, "note"),
            )
        )
    return tuple(claims)


def load_lemmas(path: Path = LEMMAS_FILE) -> tuple[Lemma, ...]:
    lemmas: list[Lemma] = []
    for b in _blocks(path, ("lemma",)):
        b.check_keys(
            ("premise", "conclusion", "lines", "quote", "used_in", "context", "expected", "note"),
            repeatable=("quote", "used_in"),
            required=("premise", "conclusion", "lines", "quote", "used_in"),
            error=PartOneFormatError,
        )
        premise, conclusion = _expr(b, "premise"), _expr(b, "conclusion")
        assert premise is not None and conclusion is not None
        lemmas.append(
            Lemma(
                id=b.name,
                premise=premise,
                conclusion=conclusion,
                quote=_quote(b),
                source_lines=b.lines(error=PartOneFormatError),
                used_in=tuple(b.values("used_in")),
                scope=scope_of(premise, conclusion),
                context=_expr(b, "context", "true") or "true",
                expected=_yes_no(b, "expected", True),
                note=_text(b, "note"),
            )
        )
    return tuple(lemmas)


def load_appendix6(
    path: Path = APPENDIX6_FILE,
) -> tuple[dict[str, tuple[int, int]], dict[str, int], str, int]:
    """(distribution -> (minimum, maximum), distribution -> seed line, footnote, its line)."""
    table: dict[str, tuple[int, int]] = {}
    lines: dict[str, int] = {}
    footnote: tuple[str, int] | None = None
    for b in _blocks(path, ("row", "footnote"), named=False):
        if b.kind == "footnote":
            b.check_keys(("lines", "quote"), required=("lines", "quote"), error=PartOneFormatError)
            cited = b.lines(error=PartOneFormatError)
            if len(cited) != 1 or footnote is not None:
                raise PartOneFormatError(b.file, b.line, "one footnote, on one line")
            footnote = (b.one("quote"), cited[0])
            continue
        b.check_keys(("lines", "minimum", "maximum"), required=("lines", "minimum", "maximum"),
                     error=PartOneFormatError)
        if not b.name.isdigit():
            raise PartOneFormatError(b.file, b.line, f"row needs a distribution: {b.name!r}")
        cited = b.lines(error=PartOneFormatError)
        if len(cited) != 1:
            raise PartOneFormatError(b.file, b.line, "a row is on one line")
        try:
            table[b.name] = (int(b.one("minimum")), int(b.one("maximum")))
        except ValueError:
            raise PartOneFormatError(b.file, b.line, "minimum and maximum are integers") from None
        lines[b.name] = cited[0]
    if footnote is None:
        raise PartOneFormatError(str(path), 1, "no footnote block")
    return table, lines, footnote[0], footnote[1]


def appendix6_row(key: str) -> str:
    """The printed row of a distribution: ``"13 0 0 0\t18\t18"`` (only the first, longest part
    can have two digits)."""
    parts = (int(key[:2]), *map(int, key[2:])) if len(key) == 5 else tuple(map(int, key))
    lo, hi = APPENDIX6[key]
    return f"{' '.join(map(str, parts))}\t{lo}\t{hi}"


# ------------------------------------------------------------------------------------------------
# The data
# ------------------------------------------------------------------------------------------------

PART_ONE: tuple[PaperEntry, ...] = load_part_one()
"""Part One, pp. 16-25 (seed lines 228-325): one entry per printed (N, M) row."""

WITHIN_SECTION: tuple[WithinSectionClaim, ...] = load_within_section()
"""The order inside each section (seed lines 327-337)."""

LEMMAS: tuple[Lemma, ...] = load_lemmas()
"""The general facts the Part One reasons lean on."""

APPENDIX6: dict[str, tuple[int, int]]
"""Appendix 6, "Distributions and TOTALPTS", pp. 95-97 (seed lines 2895-2949): distribution ->
(minimum change, maximum change*), as printed; all 39 distributions."""
APPENDIX6_LINES: dict[str, int]
"""The seed line of each Appendix 6 row."""
APPENDIX6, APPENDIX6_LINES, APPENDIX6_FOOTNOTE, APPENDIX6_FOOTNOTE_LINE = load_appendix6()
APPENDIX6_PAGES = "95-97"
