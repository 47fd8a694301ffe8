"""PBN (Portable Bridge Notation 2.1), read a board at a time and written in export format.

**Reading** (:func:`read_pbn`) takes the import format: several tag pairs on a line and a tag
pair over several lines; comments (``;`` to the end of the line, ``{...}`` over lines, a blank
line inside one not ending the game); ``%`` escape lines; the ``#`` tag value (the value of the
tag in the nearest earlier game) and ``##text`` (this value from here on); the auction section
with ``AP``, ``-`` before the dealer, note references ``=n=`` explained by ``[Note "n:text"]``,
suffixes and NAGs (dropped), ``*`` (no more calls) and ``+`` (to be continued); the
``OptimumResultTable`` section and the ``DoubleDummyTricks`` tag. Each line is UTF-8 or, failing
that, Latin-1 (the standard's character set). A game ends at a blank line; a second ``Board`` or
``Deal`` tag without one also starts a new game. The file is read line by line: memory holds one
game, whatever the file's size.

Each game is a :class:`~openbid.formats.board.Board`, or an
:class:`~openbid.formats.board.Unreadable` naming the line, the board and the problem (an
illegal call, a call after the auction ended, a deal that deals a card twice, a ``#`` where the
standard forbids it, a tag value not closed on its line, ...); reading goes on with the next game.

**Writing** (:func:`game_text`) gives one game in export format: the 15 mandatory tags in their
order (``?`` where unknown, ``""`` where inappropriate: a deal not played has no Site and, passed
out, no Declarer or Result; never a made-up Result), the supplemental tags sorted, the auction
with each call's explanation as a note, then the ``OptimumResultTable`` of the double-dummy
tricks known; lines end in CRLF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from openbid.base.errors import OpenbidError, clip, shown
from openbid.bridge.notation import (SEATS, call_text, canonical_call, cards_text, deal_text,
                                     declarer as final_declarer, ended, illegal, number,
                                     parse_deal, seat)
from openbid.formats.board import (STRAINS, VUL_WORDS, Board, Item, Unreadable, by_cycle,
                                   read_file)

MAX_LINE = 1 << 16  # bytes of a line read; the rest of a longer line is skipped (a problem)
MAX_TOKENS = 100_000  # tokens of one game (a game this long is not a game: skipped)
NO_INHERIT = {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
SUFFIXES = {"!", "?", "!!", "??", "!?", "?!"}
# a section token split into its self-delimiting parts: a note, a NAG, a suffix, an
# irregularity, '*', '+', a call or card token
_PART = re.compile(r"=[0-9]+=|\$[0-9]+|[!?]{1,2}|\^[ISRL]|\*|\+|[A-Za-z0-9-]+|.", re.ASCII)
_NAME = re.compile(r"[A-Za-z0-9_]+", re.ASCII)
# one token (or the start of a comment) at a time: PBN's token rules (3.2, 3.8)
_TOKEN = re.compile(r'(?P<space>[ \t\v\f]+)|(?P<comment>;)|(?P<brace>\{)'
                    r'|(?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]+"(?P<value>(?:[^"\\]|\\.)*)"'
                    r'[ \t]*\])|(?P<bracket>[\[\]])'
                    r'|(?P<string>"(?:[^"\\]|\\.)*")|(?P<open>".*)'
                    r'|(?P<word>[^ \t\v\f;{}\[\]"]+)|(?P<other>.)')
_ESCAPE = re.compile(r'\\(["\\])')


# ---- lines and tokens ------------------------------------------------------------------------
def _lines(fh: BinaryIO, source: str, problems: list[Unreadable]) -> Iterator[tuple[int, str]]:
    """(number, text) of each line: UTF-8, or Latin-1 when it is not (a BOM at the start is
    dropped); a line longer than :data:`MAX_LINE` is cut there (a problem)."""
    no = 0
    while True:
        raw = fh.readline(MAX_LINE)
        if not raw:
            return
        no += 1
        if len(raw) == MAX_LINE and not raw.endswith(b"\n"):
            problems.append(Unreadable(source, no, f"a line longer than {MAX_LINE:,} bytes: "
                                                   "the rest of it is skipped"))
            while True:
                rest = fh.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
        if no == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        yield no, text.rstrip("\r\n")


@dataclass
class _Tok:
    kind: str  # "[" "]" word string tag bad blank
    text: str
    line: int
    value: str = ""  # a tag's value (kind "tag": text is its name)


def _tokens(lines: Iterable[tuple[int, str]], source: str,
            problems: list[Unreadable]) -> Iterator[_Tok]:
    """PBN tokens, comments and escape lines dropped; a ``blank`` token for each semi-empty
    line outside a comment (it ends a game)."""
    in_brace = False
    for no, text in lines:
        if in_brace:
            end = text.find("}")
            if end < 0:
                continue
            text = text[end + 1:]
            in_brace = False
        elif text.startswith("%"):
            continue
        elif not text.strip():
            yield _Tok("blank", "", no)
            continue
        i, n = 0, len(text)
        while i < n:
            m = _TOKEN.match(text, i)
            assert m is not None  # every character starts one of the alternatives
            i = m.end()
            kind = m.lastgroup
            if kind == "space":
                continue
            if kind == "comment":
                break
            if kind == "brace":
                end = text.find("}", i)
                if end < 0:
                    in_brace = True
                    break
                i = end + 1
            elif kind == "tag":  # a whole tag pair on the line: the common case
                value = m.group("value")
                if "\\" in value:
                    value = _ESCAPE.sub(lambda e: e.group(1), value)
                yield _Tok("tag", m.group("name"), no, value)
            elif kind == "bracket":
                yield _Tok(m.group(), m.group(), no)
            elif kind == "string":
                body = m.group()[1:-1]
                if "\\" in body:
                    body = _ESCAPE.sub(lambda e: e.group(1), body)
                yield _Tok("string", body, no)
            elif kind == "open":
                yield _Tok("bad", "a string (tag value) is not closed on its line: "
                                  f"{shown(clip(m.group(), 40))}", no)
                break
            else:
                yield _Tok("word", m.group(), no)


# ---- games -----------------------------------------------------------------------------------
@dataclass
class _Game:
    start: int = 0
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    section: str = ""  # the tag whose section the words belong to
    words: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    problems: list[tuple[int, str]] = field(default_factory=list)
    tokens: int = 0
    stray: list[tuple[int, str]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.tags and not self.stray and not self.problems


def read_pbn(path: str | Path) -> Iterator[Item]:
    """The games of a PBN file, one at a time (see the module's docstring). A file that cannot
    be opened (or read) is an :class:`OpenbidError`; everything else is reported per game."""
    return read_file(path, _read)


def read_pbn_from(fh: BinaryIO, source: str) -> Iterator[Item]:
    """:func:`read_pbn` of an open binary file (read line by line, never whole)."""
    return _read(fh, source)


def _read(fh: BinaryIO, source: str) -> Iterator[Item]:
    problems: list[Unreadable] = []
    history: dict[str, str] = {}  # each tag's value in the nearest earlier game (for '#')
    sticky: dict[str, str] = {}  # '##text' values
    game = _Game()
    pending: list[_Tok] = []  # a tag pair being read: '[' name string
    try:
        for tok in _tokens(_lines(fh, source, problems), source, problems):
            if problems:
                yield from problems
                problems.clear()
            if tok.kind == "blank":
                if pending:
                    continue  # a tag pair may span lines
                if not game.empty:
                    yield from _close(game, source, history, sticky)
                game = _Game()
                continue
            game.tokens += 1
            if game.tokens > MAX_TOKENS:
                if game.tokens == MAX_TOKENS + 1:
                    game.problems.append((tok.line, f"a game of more than {MAX_TOKENS:,} "
                                                    "tokens (a blank line missing?): skipped"))
                    game.words.clear()
                continue
            if tok.kind == "bad":
                game.problems.append((tok.line, tok.text))
                pending = []
                continue
            if tok.kind == "tag" and pending:
                game.problems.append((pending[0].line, "a tag pair is '[Name \"value\"]': this "
                                                       "one is not closed"))
                pending = []
            if tok.kind == "tag":
                if tok.text in ("Board", "Deal") and tok.text in game.tags:  # a new game
                    yield from _close(game, source, history, sticky)
                    game = _Game()
                _add_tag(game, tok.text, tok.value, tok.line)
                continue
            if tok.kind == "[" or pending:
                pending.append(tok)
                tag = _tag(pending)
                if tag is None:
                    continue
                if isinstance(tag, str):
                    game.problems.append((tok.line, tag))
                    pending = [tok] if tok.kind == "[" and len(pending) > 1 else []
                    continue
                pending = []
                name, value, line = tag
                if name in ("Board", "Deal") and name in game.tags:  # a new game, no blank line
                    yield from _close(game, source, history, sticky)
                    game = _Game()
                _add_tag(game, name, value, line)
                continue
            if game.section:
                game.words.setdefault(game.section, []).append((tok.text, tok.line))
            else:
                game.stray.append((tok.line, tok.text))
        yield from problems
        if pending:
            game.problems.append((pending[0].line, "a tag pair not closed by the end of the file"))
        if not game.empty:
            yield from _close(game, source, history, sticky)
    except OSError as exc:
        raise OpenbidError(f"cannot read {source}: {exc.strerror or exc}") from None


def _tag(pending: list[_Tok]) -> tuple[str, str, int] | str | None:
    """A complete tag pair ``[`` name string ``]`` of ``pending`` (name, value, line), a
    problem (text), or None when more tokens are needed."""
    kinds = [t.kind for t in pending]
    want = ["[", "word", "string", "]"]
    for k, (got, exp) in enumerate(zip(kinds, want)):
        if got != exp:
            found = pending[k].text or got
            return (f"a tag pair is '[Name \"value\"]'; found {shown(clip(found, 40))} where "
                    f"{'the tag name' if k == 1 else 'the value' if k == 2 else ']'} should be")
    if len(pending) < 4:
        return None
    name = pending[1].text
    if not _NAME.fullmatch(name):
        return f"{shown(clip(name, 40))} is not a tag name (letters, digits and '_')"
    return name, pending[2].text, pending[0].line


def _add_tag(game: _Game, name: str, value: str, line: int) -> None:
    game.start = game.start or line
    if name == "Note":
        idx, _, text = value.partition(":")
        if not idx.strip().isascii() or not idx.strip().isdigit():
            game.problems.append((line, f"a note is '[Note \"n:text\"]', not {shown(value)}"))
        elif game.section == "Auction":
            game.notes.setdefault(idx.strip(), text)
        return
    game.section = name if name in ("Auction", "Play") or name.endswith("Table") else ""
    if name in game.tags:  # import format: a tag given again is ignored
        return
    game.tags[name] = (value, line)
    game.order.append(name)
    if game.section:
        game.words.setdefault(name, [])


def _close(game: _Game, source: str, history: dict[str, str],
           sticky: dict[str, str]) -> Iterator[Item]:
    """The game's board (or why it cannot be read); the stray text in it reported alone."""
    start = game.start or (game.stray[0][0] if game.stray else 0)
    for line, text in game.stray[:1]:
        yield Unreadable(source, line, f"text outside a tag pair or a section: "
                                       f"{shown(clip(text, 40))} (not PBN?)")
    if not game.tags:
        if game.problems:
            yield Unreadable(source, game.problems[0][0], game.problems[0][1])
        return
    values: dict[str, str] = {}
    problems = list(game.problems)
    for name in game.order:
        value, line = game.tags[name]
        if value.startswith("#"):
            if name in NO_INHERIT:
                problems.append((line, f"[{name} \"{value}\"]: the standard forbids '#' in "
                                       f"the {name} tag"))
                continue
            if value.startswith("##"):
                sticky[name] = value = value[2:]
            elif value == "#":
                value = history.get(name, sticky.get(name, ""))
        values[name] = value
    order = list(game.order) + [k for k in sticky if k not in game.tags]
    for name, value in sticky.items():
        values.setdefault(name, value)
    history.update(values)
    try:
        board_no = _board_number(values.get("Board", ""))
    except OpenbidError as exc:
        yield Unreadable(source, game.tags["Board"][1], str(exc))
        return
    if problems:
        line, why = problems[0]
        yield Unreadable(source, line, why, board_no)
        return
    try:
        yield _board(game, values, order, board_no, source, start)
    except _Bad as exc:
        yield Unreadable(source, exc.line or start, exc.why, board_no)


class _Bad(Exception):
    def __init__(self, line: int, why: str) -> None:
        super().__init__(why)
        self.line, self.why = line, why


def _board_number(text: str) -> int | None:
    t = text.strip()
    if t in ("", "?", "-"):
        return None
    return number(t, "board number", 1, 10**9)


def _board(game: _Game, values: dict[str, str], order: list[str], board_no: int | None,
           source: str, start: int) -> Board:
    def line_of(name: str) -> int:
        return game.tags[name][1] if name in game.tags else start

    hands: tuple[str | None, ...] = (None,) * 4
    if values.get("Deal", "").strip() not in ("", "?"):
        try:
            got = parse_deal(values["Deal"], "the deal", partial=True)
        except OpenbidError as exc:
            raise _Bad(line_of("Deal"), str(exc)) from None
        hands = tuple(None if h is None else cards_text(h) for h in got)
    cycle_dealer, cycle_vul = by_cycle(board_no)
    dealer = None
    if values.get("Dealer", "").strip() not in ("", "?"):
        try:
            dealer = seat(values["Dealer"], "dealer")
        except OpenbidError as exc:
            raise _Bad(line_of("Dealer"), str(exc)) from None
    vul = None
    if values.get("Vulnerable", "").strip() not in ("", "?"):
        text = values["Vulnerable"].strip()
        vul = VUL_WORDS.get(text.lower())
        if vul is None:
            raise _Bad(line_of("Vulnerable"), f"vulnerability {shown(text)} is not None, NS, EW "
                                              "or All")
    auction: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    if "Auction" in game.tags:
        first, auction, notes = _auction(values.get("Auction", ""), game, line_of("Auction"))
        if dealer is None:
            dealer = first
        elif first != dealer and auction:
            raise _Bad(line_of("Auction"), f"the auction starts with {first}'s call but the "
                                           f"dealer is {dealer}")
    dealer = dealer or cycle_dealer
    vul = vul or cycle_vul
    dd = _dd(game, values)
    tags = tuple((k, values[k]) for k in order
                 if k in values and k not in ("Board", "Dealer", "Vulnerable", "Deal", "Auction")
                 and not k.endswith("Table"))
    return Board(board_no, dealer, vul, hands, auction, notes,  # type: ignore[arg-type]
                 tuple(bool(x) for x in notes), tags, dd, source, start)


def _auction(first_text: str, game: _Game, line: int) -> tuple[str, tuple[str, ...],
                                                                  tuple[str, ...]]:
    """The dealer (the first caller after any '-'), the calls and each call's note."""
    try:
        first = seat(first_text, "the Auction tag's seat")
    except OpenbidError as exc:
        raise _Bad(line, str(exc)) from None
    calls: list[str] = []
    notes: list[str] = []
    leading = 0
    for word, at in game.words.get("Auction", []):
        for part in _PART.findall(word):
            if part == "-":
                if calls:
                    raise _Bad(at, f"call {len(calls) + 1} is '-' (not yet the player's turn) "
                                   "after the auction began")
                leading += 1
                continue
            if part in ("*", "+"):
                return _seat_after(first, leading), tuple(calls), tuple(notes)
            if part.startswith("=") and part.endswith("="):
                if not calls:
                    raise _Bad(at, f"a note {part} before any call")
                idx = part.strip("=").lstrip("0") or "0"
                notes[-1] = game.notes.get(idx, f"(note {idx} is not given)")
                continue
            if part.startswith("$") or part in SUFFIXES:
                continue
            if part.startswith("^"):
                raise _Bad(at, f"an irregular auction ({part}: an insufficient bid or a call "
                               "out of rotation) is not read")
            if part.upper() == "AP":
                while not ended(calls):
                    calls.append("PASS")
                    notes.append("")
                continue
            try:
                call = canonical_call(part)
            except OpenbidError as exc:
                raise _Bad(at, f"call {len(calls) + 1}: {exc}") from None
            why = illegal(calls, call)
            if why:
                raise _Bad(at, f"call {len(calls) + 1} ({call_text(call)}): {why}")
            calls.append(call)
            notes.append("")
    return _seat_after(first, leading), tuple(calls), tuple(notes)


def _seat_after(first: str, k: int) -> str:
    return SEATS[(SEATS.index(first) + k) % 4]


_DECLARERS_DDT = "NSEW"  # DoubleDummyTricks: declarers N S E W, strains NT S H D C
_STRAINS_DDT = ("NT", "S", "H", "D", "C")


def _dd(game: _Game, values: dict[str, str]) -> tuple[tuple[str, str, int], ...]:
    """The double-dummy tricks of the OptimumResultTable section, else of the
    DoubleDummyTricks tag (20 hexadecimal digits; '-' or '*' not known)."""
    out: dict[tuple[str, str], int] = {}
    if "OptimumResultTable" in game.tags:
        cols = [c.split("\\")[0].lstrip("+-") for c in values["OptimumResultTable"].split(";")]
        words = [w for w, _ in game.words.get("OptimumResultTable", [])]
        width = len(cols)
        if {"Declarer", "Denomination", "Result"} <= set(cols) and width:
            for k in range(0, len(words) - width + 1, width):
                row = dict(zip(cols, words[k:k + width]))
                d, s, r = row["Declarer"].upper(), row["Denomination"].upper(), row["Result"]
                s = "NT" if s == "N" else s
                if d in SEATS and s in STRAINS and r.isascii() and r.isdigit() and int(r) <= 13:
                    out[(d, s)] = int(r)
    text = values.get("DoubleDummyTricks", "").strip()
    if not out and len(text) == 20:
        for k, ch in enumerate(text):
            if ch.isascii() and ch.lower() in "0123456789abcd":
                out[(_DECLARERS_DDT[k // 5], _STRAINS_DDT[k % 5])] = int(ch, 16)
    return tuple((d, s, t) for (d, s), t in sorted(
        out.items(), key=lambda kv: (SEATS.index(kv[0][0]), STRAINS.index(kv[0][1]))))


# ---- writing ---------------------------------------------------------------------------------
MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
             "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
PBN_VUL = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
MAX_NOTES = 32  # the standard's note indices run from 1 to 32
CRLF = "\r\n"


def _quoted(text: str) -> str:
    one_line = " ".join(str(text).split())
    return '"' + one_line.replace("\\", "\\\\").replace('"', '\\"') + '"'


def game_text(board: Board, *, event: str = "?", site: str = "", date: str = "?",
              players: tuple[str, str, str, str] = ("", "", "", ""), scoring: str = "",
              result: int | None = None, extra: Iterable[tuple[str, str]] = ()) -> str:
    """One game in export format (see the module's docstring). ``players``: North, East,
    South, West; ``result``: the declarer's tricks when the board was played (None: not played,
    written ``?``); ``extra``: supplemental tags. The contract and declarer come from the
    auction when it is complete."""
    if board.dealer is None:
        raise OpenbidError("a board to write needs its dealer")
    dealer = board.dealer
    contract, declarer = "?", "?"
    res = "?" if result is None else str(result)
    if board.complete:
        contract, who = final_declarer(board.auction, dealer)
        declarer = who or ""
        if who is None:
            contract, res = "Pass", ""
    north, east, south, west = players
    values = {"Event": event, "Site": site, "Date": date,
              "Board": "?" if board.number is None else str(board.number),
              "West": west, "North": north, "East": east, "South": south, "Dealer": dealer,
              "Vulnerable": PBN_VUL.get(board.vul or "", "?"),
              "Deal": deal_text(board.hands, dealer), "Scoring": scoring,
              "Declarer": declarer, "Contract": contract, "Result": res}
    lines = [f"[{k} {_quoted(values[k])}]" for k in MANDATORY]
    sup = dict(extra)
    if board.dd:
        sup["DoubleDummyTricks"] = _ddt_text(board.dd_table)
    lines += [f"[{k} {_quoted(v)}]" for k, v in sorted(sup.items()) if k not in MANDATORY]
    if board.auction:
        lines.append(f"[Auction {_quoted(dealer)}]")
        index: dict[str, int] = {}
        row: list[str] = []
        for k, call in enumerate(board.auction):
            row.append(call_text(call, "pbn"))
            note = board.notes[k] if k < len(board.notes) else ""
            if note and (note in index or len(index) < MAX_NOTES):
                row.append(f"={index.setdefault(note, len(index) + 1)}=")
            if k % 4 == 3:
                lines.append(" ".join(row))
                row = []
        if not board.complete:
            row.append("*")
        if row:
            lines.append(" ".join(row))
        lines += [f"[Note {_quoted(f'{i}:{text}')}]" for text, i in index.items()]
    if board.dd:
        lines.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
        lines += [f"{d} {s:>2} {t:>2}" for d, s, t in sorted(
            board.dd, key=lambda x: (SEATS.index(x[0]), STRAINS.index(x[1])))]
    return CRLF.join(lines) + CRLF


def _ddt_text(table: dict[tuple[str, str], int]) -> str:
    return "".join(format(table[(d, s)], "x") if (d, s) in table else "-"
                   for d in _DECLARERS_DDT for s in _STRAINS_DDT)


HEADER = "% PBN 2.1" + CRLF + "% EXPORT" + CRLF
