"""LIN (Bridge Base Online's hand records), read a board at a time and written.

A LIN file is a run of ``key|value|`` pairs. **Reading** (:func:`read_lin`) takes what a board
needs: ``md`` (the dealer, 1 = South, 2 = West, 3 = North, 4 = East, then the hands South, West,
North, East, each ``S...H...D...C...``; a missing fourth hand is the cards left), ``sv`` (the
vulnerability: ``o``/``0``/``-`` none, ``n`` NS, ``e`` EW, ``b`` both), ``mb`` (a call; ``!``
after it an alert), ``an`` (the explanation of the call before), ``ah`` (``Board 7``) or ``qx``
(``o7``: room and board) for the board number, and ``pn`` (the players, South West North East);
``pc`` (the cards played) and every other key are passed over. A board ends where the next begins
(a ``qx``, or an ``md`` or ``pn`` after the board's deal) or at the end of the file. The file is
read in blocks of bytes, never whole (a file may be a single line), and each value is UTF-8 or,
failing that, Latin-1.

Each board is a :class:`~openbid.formats.board.Board`, or an
:class:`~openbid.formats.board.Unreadable` naming the line, the board and the problem (an
illegal call, a call after the auction ended, a deal that deals a card twice, ...).

**Writing** (:func:`board_line`): one board on one line, starting with ``pn``; each call's
explanation as an alert (``mb|1N!|an|...|``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Iterator

from openbid.base.errors import OpenbidError, clip, shown
from openbid.bridge.notation import (SEATS, SUITS, call_text, canonical_call, cards_text,
                                     hand_cards, illegal, number, parse_deal, deal_text)
from openbid.formats.board import Board, Item, Unreadable, by_cycle, read_file

BLOCK = 1 << 16  # bytes read at a time
MAX_VALUE = 1 << 16  # bytes of one value
LIN_SEATS = "SWNE"  # md's order of hands; the dealer digit 1-4 in this order
LIN_VUL = {"o": "none", "0": "none", "-": "none", "n": "NS", "e": "EW", "b": "both"}
VUL_LIN = {"none": "o", "NS": "n", "EW": "e", "both": "b"}
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9]", re.ASCII)


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _pairs(fh: BinaryIO, source: str) -> Iterator[tuple[str, str, int] | Unreadable]:
    """(key, value, line) of each ``key|value|`` pair, in blocks of bytes; a key that is not
    two letters (a stray '|') is reported and the pairing picks up again at the next key."""
    buf = b""
    line = 1  # the line at the start of buf
    key: tuple[str, int] | None = None
    skipping = False
    while True:
        block = fh.read(BLOCK)
        if block:
            buf += block
        while True:
            i = buf.find(b"|")
            if i < 0:
                break
            piece, buf = buf[:i], buf[i + 1:]
            lead = len(piece) - len(piece.lstrip())
            at = line + piece[:lead].count(b"\n")
            line += piece.count(b"\n")
            if skipping:  # the rest of a value too long to keep
                skipping = False
                continue
            if key is None:
                text = _decode(piece.strip())
                if not _KEY.fullmatch(text):
                    if text:
                        yield Unreadable(source, at, f"{shown(clip(text, 40))} is not a LIN key "
                                                     "(two letters, as md, mb, sv)")
                    continue
                key = (text.lower(), at)
            else:
                yield key[0], _decode(piece).strip("\r\n"), key[1]
                key = None
        if len(buf) > MAX_VALUE:
            if not skipping:
                yield Unreadable(source, line, f"a value longer than {MAX_VALUE:,} bytes: "
                                               "skipped")
            line += buf.count(b"\n")
            buf, skipping = b"", True
        if not block:
            break
    tail = buf.strip()
    if tail:
        yield Unreadable(source, line, f"the file ends inside a pair: {shown(clip(_decode(tail), 40))}")


@dataclass
class _Rec:
    line: int = 0
    number: int | None = None
    qx: int | None = None
    dealer: str | None = None
    vul: str | None = None
    hands: tuple[str | None, ...] = (None, None, None, None)
    has_deal: bool = False
    calls: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    alerts: list[bool] = field(default_factory=list)
    players: tuple[str, ...] = ()
    problem: tuple[int, str] | None = None
    started: bool = False


def read_lin(path: str | Path) -> Iterator[Item]:
    """The boards of a LIN file, one at a time (see the module's docstring)."""
    return read_file(path, _read)


def read_lin_from(fh: BinaryIO, source: str) -> Iterator[Item]:
    """:func:`read_lin` of an open binary file (read in blocks, never whole)."""
    return _read(fh, source)


def _read(fh: BinaryIO, source: str) -> Iterator[Item]:
    rec = _Rec()
    players: tuple[str, ...] = ()  # names carry over to the next board (vugraph files)
    for got in _pairs(fh, source):
        if isinstance(got, Unreadable):
            yield got
            continue
        key, value, line = got
        if rec.has_deal and key in ("qx", "md", "pn") or key == "qx" and rec.calls:
            yield _close(rec, source)  # the next board begins
            rec = _Rec()
        if not rec.started:
            rec.line, rec.started = line, True
            rec.players = players
        if rec.problem is not None and key not in ("ah", "qx"):
            continue
        try:
            if key == "pn":
                names = [n.strip() for n in value.split(",")]
                rec.players = players = tuple(names[:4]) if len(names) >= 4 else rec.players
            elif key == "md":
                _deal(rec, value)
            elif key == "sv":
                v = LIN_VUL.get(value.strip().lower())
                if v is None:
                    raise _Bad(f"vulnerability {shown(value)} is not o, n, e or b")
                rec.vul = v
            elif key == "ah":
                m = re.fullmatch(r"\s*Board\s+(\S+)\s*", value, re.IGNORECASE)
                if m is None:
                    raise _Bad(f"'ah|{clip(value, 40)}|' does not say 'Board N'")
                rec.number = number(m.group(1), "board number", 1, 10**9)
            elif key == "qx":
                m = re.fullmatch(r"\s*[A-Za-z]?(\S+?)(?:,.*)?\s*", value)
                if m is not None and m.group(1).isascii() and m.group(1).isdigit():
                    rec.qx = number(m.group(1), "board number", 1, 10**9)
            elif key == "mb":
                _call(rec, value)
            elif key == "an":
                if not rec.calls:
                    raise _Bad("an explanation ('an') before any call")
                rec.notes[-1] = value.strip()
                rec.alerts[-1] = True
        except _Bad as exc:
            rec.problem = (line, exc.why)
        except OpenbidError as exc:
            rec.problem = (line, str(exc))
    if rec.started:
        yield _close(rec, source)


class _Bad(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _deal(rec: _Rec, value: str) -> None:
    rec.has_deal = True  # a deal was given (a bad one still ends at the next board)
    text = value.strip()
    if not text or text[0] not in "1234":
        raise _Bad(f"'md|{clip(text, 40)}|': the dealer digit (1 South, 2 West, 3 North, 4 "
                   "East) must come first")
    rec.dealer = LIN_SEATS[int(text[0]) - 1]
    parts = text[1:].split(",")
    if len(parts) > 4:
        raise _Bad(f"'md|{clip(text, 60)}|' gives {len(parts)} hands")
    by_seat: dict[str, str | None] = {s: None for s in SEATS}
    for lin_seat, part in zip(LIN_SEATS, parts):
        if part.strip():
            by_seat[lin_seat] = _pbn_hand(part.strip())
    hands = parse_deal(deal_text(by_seat), "the deal ('md')", partial=True)
    rec.hands = tuple(None if h is None else cards_text(h) for h in hands)


def _pbn_hand(text: str) -> str:
    """A LIN hand ``SAK2HQJ3DT987C65432`` as PBN ``AK2.QJ3.T987.65432`` (suits in any order)."""
    found: dict[str, str] = {}
    current = None
    for ch in text:
        up = ch.upper() if ch.isascii() else ch
        if up in SUITS:
            if up in found:
                raise _Bad(f"the hand {shown(text)} gives {up} twice")
            current = up
            found[current] = ""
        elif current is None:
            raise _Bad(f"the hand {shown(text)} does not start with a suit letter (S, H, D, C)")
        else:
            found[current] += ch
    pbn = ".".join(found.get(s, "") for s in SUITS)
    hand_cards(pbn, f"the hand {shown(text)}")  # a rank that is not one, named here
    return pbn


def _call(rec: _Rec, value: str) -> None:
    text = value.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    call = canonical_call(text)
    why = illegal(rec.calls, call)
    if why:
        raise _Bad(f"call {len(rec.calls) + 1} ({call_text(call)}): {why}")
    rec.calls.append(call)
    rec.notes.append("")
    rec.alerts.append(alert)


def _close(rec: _Rec, source: str) -> Item:
    number_ = rec.number if rec.number is not None else rec.qx
    if rec.problem is not None:
        return Unreadable(source, rec.problem[0], rec.problem[1], number_)
    if not rec.has_deal and not rec.calls:
        return Unreadable(source, rec.line, "a record with no deal ('md') and no calls", number_)
    cycle_dealer, cycle_vul = by_cycle(number_)
    players = dict(zip(LIN_SEATS, rec.players)) if len(rec.players) >= 4 else {}
    tags = tuple((w, players[s]) for s, w in (("N", "North"), ("E", "East"), ("S", "South"),
                                             ("W", "West")) if players.get(s))
    return Board(number_, rec.dealer or cycle_dealer, rec.vul or cycle_vul,
                 rec.hands, tuple(rec.calls), tuple(rec.notes),  # type: ignore[arg-type]
                 tuple(rec.alerts), tags, (), source, rec.line)


# ---- writing ---------------------------------------------------------------------------------
def _lin_hand(pbn: str | None) -> str:
    if pbn is None:
        return ""
    return "".join(s + ranks for s, ranks in zip(SUITS, pbn.split(".")))


def _clean(text: str) -> str:
    """A value as LIN can hold it: no '|', one line."""
    return " ".join(text.replace("|", "/").split())


def board_line(board: Board, players: tuple[str, str, str, str] = ("", "", "", "")) -> str:
    """One board on one line: ``pn``, ``st``, ``md``, ``rh``, ``ah``, ``sv``, then the calls
    (``mb``), each call's explanation as an alert (``!`` and ``an``), and ``pg``. ``players``:
    North, East, South, West."""
    if board.dealer is None:
        raise OpenbidError("a board to write needs its dealer")
    north, east, south, west = (_clean(p).replace(",", " ") for p in players)
    by_seat = dict(zip(SEATS, board.hands))
    hands = [_lin_hand(by_seat[s]) for s in LIN_SEATS]
    md = f"{LIN_SEATS.index(board.dealer) + 1}{','.join(hands)}"
    out = [f"pn|{south},{west},{north},{east}|st||md|{md}|rh||"]
    if board.number is not None:
        out.append(f"ah|Board {board.number}|")
    out.append(f"sv|{VUL_LIN.get(board.vul or 'none', 'o')}|")
    for k, call in enumerate(board.auction):
        note = _clean(board.notes[k]) if k < len(board.notes) else ""
        out.append(f"mb|{call_text(call, 'lin')}{'!' if note else ''}|")
        if note:
            out.append(f"an|{note}|")
    out.append("pg||")
    return "".join(out)
