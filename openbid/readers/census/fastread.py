"""Many PBN hands read at once with numpy: the fast path of ``openbid bid --file``.

A block of lines is read as one byte array. A line on the fast path is a hand written in
canonical PBN (``AKJ32.Q4.KT9.876``: four suits, spades first, ranks high to low, 13 distinct
cards): its cards are found by vectorised arithmetic on the bytes, and its canonical text is the
line itself. Every other line (classes with ``x``, the paper's notation, lower case, ``10``, a
mistake) goes through :meth:`openbid.model.hand.Hand.parse`, which reads it or names the problem.
"""

from __future__ import annotations

import numpy as np

from openbid.model.errors import HandError
from openbid.model.hand import Hand

_RANK = np.full(256, -1, dtype=np.int64)
for _i, _r in enumerate("AKQJT98765432"):
    _RANK[ord(_r)] = _i
_DOT = ord(".")


def read_block(lines: list[str]) -> tuple[np.ndarray, list[str], list[tuple[int, str]]]:
    """(has, texts, errors) for ``lines``: ``has`` (n, 52) Booleans for the lines read (cards
    0-12 spades A..2, then hearts, diamonds, clubs), their canonical PBN ``texts``, and
    ``errors`` as (line index, message) for the lines that are not hands (those rows are left
    out of ``has`` and ``texts``, which keep the order of the good lines)."""
    n = len(lines)
    if n == 0:
        return np.zeros((0, 52), dtype=bool), [], []
    stripped = [ln.strip() for ln in lines]
    data = "\n".join(stripped).encode("ascii", errors="replace")
    buf = np.frombuffer(data, dtype=np.uint8)
    # line of every byte, and position in the line
    newline = buf == 10
    line_of = np.concatenate(([0], np.cumsum(newline)[:-1])) if len(buf) else np.zeros(0, np.int64)
    keep = ~newline
    chars, lines_of = buf[keep], line_of[keep]
    dots = chars == _DOT
    # suit of every byte: the dots before it in its line (0 = spades)
    before = np.cumsum(dots) - dots
    start = np.searchsorted(lines_of, np.arange(n))  # first byte of each line
    line_dots = np.add.reduceat(dots.astype(np.int64), start) if len(chars) else np.zeros(n, np.int64)
    base = np.concatenate(([0], np.cumsum(dots.astype(np.int64))))[start]
    suit = before - base[lines_of]
    rank = _RANK[chars]
    card = np.where(dots, -1, suit * 13 + rank)
    bad = (~dots) & (rank < 0)
    lengths = np.bincount(lines_of, minlength=n)
    # ranks high to low within a suit: each card's rank above the next one's in the same suit
    same = np.zeros(len(card), dtype=bool)
    same[:-1] = (lines_of[1:] == lines_of[:-1]) & ~dots[:-1] & ~dots[1:]
    order_bad = np.zeros(len(card), dtype=bool)
    order_bad[:-1] = same[:-1] & (rank[:-1] >= rank[1:])
    bad_line = np.bincount(lines_of, weights=(bad | order_bad).astype(np.float64), minlength=n) > 0
    ok = (~bad_line) & (line_dots == 3) & (lengths == 16)  # 13 cards and 3 dots
    has = np.zeros((n, 52), dtype=bool)
    cards_ok = ok[lines_of] & ~dots & (card >= 0)
    has[lines_of[cards_ok], card[cards_ok]] = True
    ok &= has.sum(axis=1) == 13  # no card twice (ordering already excludes most)
    errors: list[tuple[int, str]] = []
    slow: dict[int, np.ndarray] = {}
    for i in np.flatnonzero(~ok).tolist():
        try:
            hand = Hand.parse(lines[i])
        except HandError as exc:
            errors.append((i, str(exc)))
            continue
        row = np.zeros(52, dtype=bool)
        for k, h in enumerate(hand.holdings):
            if not h.concrete:
                break
            for r in h.ranks:
                row[13 * k + "AKQJT98765432".index(r)] = True
        else:
            slow[i] = row
            continue
        slow[i] = _class_row(hand)
    good = ok.copy()
    for i in slow:
        good[i] = True
    idx = np.flatnonzero(good)
    out = has[idx]
    texts = [stripped[i] for i in idx.tolist()]
    for i, row in slow.items():
        j = int(np.searchsorted(idx, i))
        out[j] = row
        texts[j] = Hand.parse(lines[i]).to_pbn()
    return out, texts, errors


def _class_row(hand: Hand) -> np.ndarray:
    """A hand with ``x`` cards: its lowest concrete hand (x: the lowest free spot cards)."""
    row = np.zeros(52, dtype=bool)
    for k, h in enumerate(hand.lowest().holdings):
        for r in h.ranks:
            row[13 * k + "AKQJT98765432".index(r)] = True
    return row
