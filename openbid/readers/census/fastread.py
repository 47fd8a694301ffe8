"""Hands read many at a time: the input of ``openbid bid --file`` and ``openbid eval --file``.

A file is read in large blocks of bytes. A line that is a hand in canonical PBN (16 bytes:
``AKJ32.Q4.KT9.876``, four suits spades first, each high to low) is read by vectorised
arithmetic on the bytes, and its canonical text is the line itself. Every other line (classes
with ``x``, the paper's notation, suit symbols, ``10``, lower case, spaces, blank lines and
comments, mistakes) goes through :meth:`openbid.bridge.hand.Hand.parse`, which reads it or names
the problem. Lines are numbered, skipped and cut as :func:`openbid.cli.common.read_lines` does
(universal newlines; blank and ``#`` lines skipped; a very long line cut).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

import numpy as np
from numpy.lib.stride_tricks import as_strided

from openbid.base.errors import HandError, OpenbidError
from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RANKS, RankModel

BLOCK = 1 << 22  # bytes read at a time (about 250,000 lines of PBN)

_CODE = np.full(256, 14, dtype=np.uint8)  # a byte's rank (A = 0 .. 2 = 12), 13 a dot, 14 other
for _i, _r in enumerate(RANKS):
    _CODE[ord(_r)] = _i
_CODE[ord(".")] = 13
_POPCOUNT = np.array([m.bit_count() for m in range(1 << 13)], dtype=np.int64)


@dataclass
class Hands:
    """A block of hands read, in input order: the canonical PBN of each (``x`` for a spot card
    left unnamed), the ranks named in each suit, and the bad lines met on the way."""

    pbn: np.ndarray  # (n, 16) uint8: canonical PBN (every hand has 13 cards and 3 dots)
    masks: np.ndarray  # (n, 4) int64: the ranks named per suit S H D C, bit 12 = A .. bit 0 = 2
    xs: np.ndarray | None  # (n, 4) int64: x cards per suit S H D C; None when there are none
    bad: list[tuple[int, str, str]] = field(default_factory=list)  # (hands before, where, problem)
    fatal: OpenbidError | str | None = None  # the input cannot be read past this block

    def __len__(self) -> int:
        return len(self.pbn)

    def lengths(self) -> np.ndarray:
        """(n, 4) cards per suit, S H D C."""
        out = _POPCOUNT[self.masks]
        return out + self.xs if self.xs is not None else out

    def states(self, model: RankModel) -> dict[int, np.ndarray]:
        """Each hand's state of every suit under ``model`` (suit numbers C=1 .. S=4)."""
        table = _state_table(model)
        out = {}
        for col, suit in enumerate((4, 3, 2, 1)):
            s = table[self.masks[:, col]]
            out[suit] = s + self.xs[:, col] if self.xs is not None else s
        return out


def _state_table(model: RankModel) -> np.ndarray:
    """The state under ``model`` of every set of ranks one suit can hold (13-bit mask)."""
    got = _STATE_TABLES.get(model)
    if got is None:
        masks = np.arange(1 << 13)
        k, base = len(model.tracked), model.max_small + 1
        tracked = np.zeros(1 << 13, dtype=np.int64)
        for i, r in enumerate(model.tracked):
            tracked |= ((masks >> (12 - RANKS.index(r))) & 1) << (k - 1 - i)
        small = _POPCOUNT - _POPCOUNT[_mask_of(model.tracked) & masks]
        got = _STATE_TABLES[model] = tracked * base + small
    return got


_STATE_TABLES: dict[RankModel, np.ndarray] = {}


def _mask_of(ranks: str) -> int:
    return sum(1 << (12 - RANKS.index(r)) for r in ranks)


def hand_blocks(given: list[tuple[str, str]], path: str | None, model: RankModel, *,
                max_line: int, block: int = BLOCK) -> Iterator[Hands]:
    """The hands of a command's inputs, a block at a time: ``given`` as (where, text) first
    (its arguments), then the lines of ``path`` (``PATH:3``; ``stdin:3`` for ``-``), a line
    longer than ``max_line`` cut there. A hand whose ``x`` cards cannot all be small cards of
    ``model`` (ranks nothing in use reads) is a bad input."""
    if given:
        yield _slow_block(given, model)
    if not path:
        return
    name = "stdin" if path == "-" else path
    try:
        fh = _stdin() if path == "-" else open(path, "rb")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise OpenbidError(f"cannot read {path}: {exc.strerror}") from None
    try:
        no = 0
        for chunk in _line_chunks(fh, block, max_line):
            got = _read_chunk(chunk, no, name, model)
            no += chunk.count(b"\n")
            if got.fatal is not None:
                got.fatal = OpenbidError(f"cannot read {path}: {got.fatal}")
                yield got
                return
            yield got
    except OSError as exc:
        raise OpenbidError(f"cannot read {path}: {exc.strerror}") from None
    finally:
        if path != "-":
            fh.close()


class _TextIn:
    """A text stream (no ``buffer``: a StringIO) read as bytes."""

    def __init__(self, fh) -> None:
        self.fh = fh

    def read(self, size: int) -> bytes:
        return self.fh.read(size).encode()

    def isatty(self) -> bool:
        return False


def _stdin():
    return getattr(sys.stdin, "buffer", None) or _TextIn(sys.stdin)


def _line_chunks(fh: BinaryIO, size: int, max_line: int) -> Iterator[bytes]:
    """Whole lines, a block at a time, each ending in a newline ('\\r\\n' and '\\r' read as
    '\\n'); a line longer than ``max_line`` bytes is cut there and the rest of it skipped. A
    terminal is read as it comes (each line when it is typed)."""
    interactive = fh.isatty()
    read = getattr(fh, "read1", fh.read) if interactive else fh.read
    pending, skipping, eof = b"", False, False
    while not eof:
        data = read(size)
        eof = not data
        buf = pending + data
        held = b""
        if b"\r" in buf:
            if not eof and buf.endswith(b"\r"):
                buf, held = buf[:-1], b"\r"  # perhaps half of a '\r\n'
            buf = buf.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        if skipping:  # the rest of a line too long to keep
            cut = buf.find(b"\n")
            if cut < 0:
                pending = held
                continue
            buf, skipping = buf[cut + 1:], False
        end = len(buf) if eof else buf.rfind(b"\n") + 1
        if end:
            out = buf[:end]
            yield out if out.endswith(b"\n") else out + b"\n"
        pending = buf[end:]
        if len(pending) > max_line:
            yield pending[:max_line] + b"\n"
            pending, skipping = b"", True
        pending += held


def _read_chunk(chunk: bytes, base: int, name: str, model: RankModel) -> Hands:
    """The hands of ``chunk`` (whole lines; line numbers from ``base`` + 1)."""
    buf = np.frombuffer(chunk, dtype=np.uint8)
    ends = np.flatnonzero(buf == 10)
    starts = np.empty_like(ends)
    starts[:1] = 0
    starts[1:] = ends[:-1] + 1
    n = len(ends)
    fast = np.flatnonzero(ends - starts == 16)  # lines of 16 bytes, canonical PBN if any
    windows = as_strided(buf, shape=(max(len(buf) - 15, 0), 16), strides=(1, 1))
    text = windows[starts[fast]]
    has, ok = _canonical(text)
    if len(fast) == n and ok.all():  # every line a hand in canonical PBN
        return Hands(text, has[:, None] >> _SHIFTS & 8191, None)
    fast, text, has = fast[ok], text[ok], has[ok]
    masks = np.zeros((n, 4), dtype=np.int64)
    pbn = np.zeros((n, 16), dtype=np.uint8)
    masks[fast] = has[:, None] >> _SHIFTS & 8191
    pbn[fast] = text
    good = np.zeros(n, dtype=bool)
    good[fast] = True
    slow = np.flatnonzero(~good)
    xs = None
    bad: list[tuple[int, str, str]] = []  # (line index, where, problem)
    fatal = None
    for i in slow.tolist():
        try:
            line = chunk[starts[i]: ends[i]].decode("utf-8").strip()
        except UnicodeDecodeError:
            fatal = "not UTF-8 text"
            good[i:] = False
            break
        if not line or line.startswith("#"):
            continue
        try:
            hand = _parse(line, model)
        except HandError as exc:
            bad.append((i, f"{name}:{base + i + 1}", str(exc)))
            continue
        good[i] = True
        pbn[i] = np.frombuffer(hand.to_pbn().encode(), dtype=np.uint8)
        masks[i] = [_mask_of(h.ranks) for h in hand.holdings]
        if not hand.concrete:
            if xs is None:
                xs = np.zeros((n, 4), dtype=np.int64)
            xs[i] = [h.xs for h in hand.holdings]
    keep = np.flatnonzero(good)
    before = np.cumsum(good) - good  # hands kept before each line
    return Hands(pbn[keep], masks[keep], xs[keep] if xs is not None else None,
                 [(int(before[i]), where, msg) for i, where, msg in bad], fatal)


_SHIFTED = np.zeros(64, dtype=np.int64)  # (16 * suit + rank code) -> the card's bit in 52
for _s in range(4):
    _SHIFTED[16 * _s: 16 * _s + 13] = 1 << (13 * (3 - _s) + 12 - np.arange(13))


_SHIFTS = np.array([39, 26, 13, 0])  # of each suit's 13 bits, S H D C


def _canonical(text: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For lines of 16 bytes: the cards held (52 bits, bit 51 the ace of spades) and whether the
    line is canonical PBN (ranks and three dots; in each suit high to low, so no card twice)."""
    code = _CODE[text]
    dots = code == 13
    suit = dots.astype(np.uint8)
    for j in range(1, 16):  # dots up to each byte (a column at a time: rows are short)
        suit[:, j] += suit[:, j - 1]
    # 16 * suit + rank rises along a canonical line (a dot counts in the suit it ends)
    key = code + (suit - dots) * np.uint8(16)
    bad = np.empty(text.shape, dtype=bool)
    np.less_equal(key[:, 1:], key[:, :-1], out=bad[:, :15])
    bad[:, 15] = suit[:, 15] != 3
    bad |= code == 14
    words = bad.view(np.uint64)  # a row's 16 flags as two words
    ok = (words[:, 0] | words[:, 1]) == 0
    has = np.add.reduceat(_SHIFTED[key].ravel(), np.arange(0, key.size, 16)) if len(key) else (
        np.zeros(0, dtype=np.int64))
    return has, ok


def _slow_block(items: list[tuple[str, str]], model: RankModel) -> Hands:
    """Hands given one by one (command-line arguments): each read by the hand parser."""
    rows, bad = [], []
    for where, text in items:
        try:
            rows.append(_parse(text, model))
        except HandError as exc:
            bad.append((len(rows), where, str(exc)))
    pbn = np.array([np.frombuffer(h.to_pbn().encode(), dtype=np.uint8) for h in rows],
                   dtype=np.uint8).reshape(len(rows), 16)
    masks = np.array([[_mask_of(h.ranks) for h in hand.holdings] for hand in rows],
                     dtype=np.int64).reshape(len(rows), 4)
    xs = np.array([[h.xs for h in hand.holdings] for hand in rows], dtype=np.int64).reshape(
        len(rows), 4)
    return Hands(pbn, masks, xs if xs.any() else None, bad)


def _parse(text: str, model: RankModel) -> Hand:
    """The hand of ``text``; HandError if it is not one, or if its ``x`` cards do not fit among
    the small cards of ``model``."""
    hand = Hand.parse(text)
    if not hand.concrete:
        for h in hand.holdings:
            small = h.xs + sum(r not in model.tracked for r in h.ranks)
            if small > model.max_small:
                raise HandError(f"{h.text()}: more small cards than ranks "
                                f"{model.small_ranks} hold")
    return hand
