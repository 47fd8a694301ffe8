"""JSON lines written column by column with numpy: one object per row, at memory speed.

Each value of a column is rendered once per distinct value (a small table of byte strings),
padded with spaces after its token to the column's width, and a row is the concatenation of
its columns' slots and the constant text between them. JSON allows any amount of whitespace
between tokens, so every line parses to exactly the object ``json.dumps`` would give (a test
compares them); only the spacing differs.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Sequence

import numpy as np


def _slots(rendered: Sequence[bytes]) -> np.ndarray:
    """The rendered values as a (k, width) byte matrix, each padded with spaces."""
    width = max((len(r) for r in rendered), default=0)
    out = np.full((len(rendered), width), ord(" "), dtype=np.uint8)
    for i, r in enumerate(rendered):
        out[i, : len(r)] = np.frombuffer(r, dtype=np.uint8)
    return out


_TABLES: dict[tuple, np.ndarray] = {}


class Lines:
    """Rows of JSON being assembled: ``raw`` constant text, then columns, in order."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.parts: list[np.ndarray | bytes] = []

    def raw(self, text: str) -> None:
        self.parts.append(text.encode())

    def codes(self, codes: np.ndarray, values: Sequence[object]) -> None:
        """A column given as indices into ``values`` (each rendered as JSON)."""
        table = _slots([json.dumps(_plain(v), ensure_ascii=False).encode() for v in values])
        self.parts.append((table, np.asarray(codes, dtype=np.intp)))  # type: ignore[arg-type]

    def ints(self, a: np.ndarray, den: int = 1, decimal: bool = False) -> None:
        """An exact number column: integers ``a`` over ``den``, rendered as JSON numbers or,
        with ``decimal``, as exact decimal strings ("10.75")."""
        a = np.asarray(a, dtype=np.int64)
        if len(a) == 0:
            self.parts.append(np.zeros((0, 1), dtype=np.uint8))
            return
        lo, hi = int(a.min()), int(a.max())
        key = (lo, hi, den, decimal)
        table = _TABLES.get(key)
        if table is None:
            rendered = [(f'"{_decimal(v, den)}"' if decimal else _json_number(v, den)).encode()
                        for v in range(lo, hi + 1)]
            table = _TABLES[key] = _slots(rendered)
        self.parts.append((table, a - lo))  # type: ignore[arg-type]

    def strings(self, texts: Sequence[str], width: int | None = None) -> None:
        """A column of free strings (ASCII, no escaping needed): quoted and padded."""
        w = width or max((len(t) for t in texts), default=0)
        arr = np.array(texts, dtype=f"S{max(w, 1)}")
        body = arr.view(np.uint8).reshape(self.n, max(w, 1))
        lengths = np.char.str_len(arr)
        out = np.full((self.n, max(w, 1) + 2), ord(" "), dtype=np.uint8)
        out[:, 0] = ord('"')
        out[:, 1: max(w, 1) + 1] = np.where(body == 0, ord(" "), body)
        # the closing quote right after the text; spaces after it
        out[np.arange(self.n), lengths + 1] = ord('"')
        self.parts.append(out)

    def bytes(self, block: int = 256) -> memoryview:
        """The lines, assembled a block of rows at a time (a block fits in the cache: the
        columns are narrow, the rows wide)."""
        if self.n == 0:
            return b""
        parts = self.parts + [b"\n"]
        widths = [len(x) if isinstance(x, bytes) else
                  (x[0].shape[1] if isinstance(x, tuple) else x.shape[1]) for x in parts]
        offsets = np.concatenate(([0], np.cumsum(widths)))
        total = int(offsets[-1])
        template = np.full(total, ord(" "), dtype=np.uint8)
        for x, off in zip(parts, offsets.tolist()):
            if isinstance(x, bytes):
                template[off: off + len(x)] = np.frombuffer(x, dtype=np.uint8)
        out = np.empty((self.n, total), dtype=np.uint8)
        columns = [(x, off, off + w) for x, off, w in zip(parts, offsets.tolist(), widths)
                   if not isinstance(x, bytes)]
        for start in range(0, self.n, block):
            stop = min(self.n, start + block)
            rows = out[start:stop]
            rows[:] = template
            for x, a, b in columns:
                if isinstance(x, tuple):  # (table of rendered values, each row's index)
                    rows[:, a:b] = x[0][x[1][start:stop]]
                else:
                    rows[:, a:b] = x[start:stop]
        return memoryview(out).cast("B")  # type: ignore[return-value]


def decimal_text(v: Fraction) -> str:
    """An exact decimal string: 10.75, 10.5, 10, -0.25, 0.65 (a value with no finite decimal
    is written as a fraction, 1/3)."""
    v = Fraction(v)
    for places in range(13):
        scaled = v * 10 ** places
        if scaled.denominator == 1:
            break
    else:
        return f"{v.numerator}/{v.denominator}"
    n = abs(int(scaled))
    sign = "-" if v < 0 else ""
    if places == 0:
        return f"{sign}{n}"
    text = str(n).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}"


def _decimal(v: int, den: int) -> str:
    """``v / den`` as an exact decimal string, by integer arithmetic (see decimal_text)."""
    if den == 1:
        return str(v)
    for places in range(1, 13):
        if 10 ** places % den == 0:
            scaled = abs(v) * (10 ** places // den)
            text = str(scaled).rjust(places + 1, "0")
            body = f"{text[:-places]}.{text[-places:]}".rstrip("0").rstrip(".")
            return ("-" if v < 0 and body != "0" else "") + body
    return decimal_text(Fraction(v, den))


def _json_number(v: int, den: int) -> str:
    return str(v // den) if v % den == 0 else repr(v / den)


def _number(v: Fraction):
    return int(v) if v.denominator == 1 else float(v)


def _plain(v):
    if isinstance(v, Fraction):
        return _number(v)
    if isinstance(v, np.generic):
        return v.item()
    return v
