"""Lines of text (JSON lines, tab-separated lines) assembled column by column with numpy.

A column is rendered once per distinct value (a small table of byte strings) and gathered into
every row; constant text between columns is copied from a template row. In a JSON line each
value is padded with spaces after its token to the column's width (JSON allows any whitespace
between tokens, so a line parses to exactly the object ``json.dumps`` would give; a test
compares them); with ``exact`` the padding is removed, byte for byte the text of each row.

Rows are assembled a block at a time into one buffer that stays in the processor's cache, and
each block is written out as it is done. A gather moves 1, 2, 4, 8 or 16 bytes per row (numpy's
fast cases), so a column's width is rounded up to one of those, or to 16-byte pieces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import BinaryIO

import numpy as np

BLOCK_BYTES = 1 << 22  # bytes of rows assembled at a time
_BOOLS = (b"false", b"true")


def _width(w: int) -> int:
    """A column's width rounded to a fast gather: 1, 2, 4, 8, 16, or 16-byte pieces."""
    for fast in (1, 2, 4, 8, 16):
        if w <= fast:
            return fast
    return -(-w // 16) * 16


class _Table:
    """Rendered values as a (k, width) byte matrix, each padded with ``pad``; and each length."""

    def __init__(self, rendered: Sequence[bytes], pad: int, fast: bool = True) -> None:
        self.lengths = np.array([len(r) for r in rendered], dtype=np.int64)
        w = int(self.lengths.max(initial=1))
        w = _width(w) if fast else w
        buf = bytearray(bytes([pad]) * (w * len(rendered)))
        for i, r in enumerate(rendered):
            buf[i * w: i * w + len(r)] = r
        self.matrix = np.frombuffer(bytes(buf), dtype=np.uint8).reshape(len(rendered), w)

    def rows(self, lo: int, hi: int) -> np.ndarray:
        """Values ``lo``..``hi`` as a matrix of the width they need."""
        w = _width(int(self.lengths[lo: hi + 1].max(initial=1)))
        return np.ascontiguousarray(self.matrix[lo: hi + 1, :w])


_TABLES: dict[tuple, _Table] = {}


def _table(rendered: Sequence[bytes], pad: int, fast: bool = True) -> _Table:
    """The table of ``rendered``, kept when it is a tuple (a table used block after block)."""
    if not isinstance(rendered, tuple):
        return _Table(rendered, pad, fast)
    key = (rendered, pad, fast)
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = _Table(rendered, pad, fast)
    return got


def _pieces(matrix: np.ndarray) -> list[np.ndarray]:
    """A (k, w) byte matrix as gatherable arrays of 1-16 byte items (16-byte pieces if wider)."""
    w = matrix.shape[1]
    step = min(w, 16)
    return [np.ascontiguousarray(matrix[:, j: j + step]).view(f"V{step}").reshape(-1)
            for j in range(0, w, step)]


class Lines:
    """``n`` rows being assembled: constant text (:meth:`raw`) and columns, in order."""

    def __init__(self, n: int, exact: bool = False) -> None:
        self.n = n
        self.pad = 0 if exact else ord(" ")
        self.exact = exact
        self.parts: list[tuple[str, int, object]] = []  # (kind, width, payload)
        self._laid: tuple | None = None

    # -- building -------------------------------------------------------------------------------
    def raw(self, text: str | bytes) -> None:
        data = text.encode() if isinstance(text, str) else text
        if data:
            self.parts.append(("raw", len(data), data))

    def fixed(self, matrix: np.ndarray) -> None:
        """A column of fixed-width byte strings, one row each (``(n, w)`` uint8)."""
        matrix = np.ascontiguousarray(matrix, dtype=np.uint8)
        w = matrix.shape[1]
        step = w if w in (1, 2, 4, 8, 16) else (16 if w % 16 == 0 else 1)
        for j in range(0, w, step):  # pieces of numpy's fast widths
            part = np.ascontiguousarray(matrix[:, j: j + step]).view(f"V{step}").reshape(-1)
            self.parts.append(("fixed", step, part))

    def codes(self, codes: np.ndarray, rendered: Sequence[bytes]) -> None:
        """A column given as each row's index into ``rendered`` (byte strings; a tuple is
        rendered into its table once)."""
        self.table(codes, _table(rendered, self.pad).matrix)

    def table(self, codes: np.ndarray, matrix: np.ndarray) -> None:
        """A column given as each row's index (integers) into the rows of a byte matrix."""
        for piece in _pieces(matrix):
            self.parts.append(("codes", piece.dtype.itemsize, (piece, codes)))

    def joined(self, pieces: Sequence[tuple[np.ndarray, Sequence[bytes]]]) -> None:
        """One column of several pieces (row codes into rendered byte strings, as
        :meth:`codes`), each right after the one before, however long: ``S:AKJ32, H:Q4``."""
        tables = [(np.asarray(c, dtype=np.intp), _table(r, self.pad, fast=False))
                  for c, r in pieces]
        at, width = np.zeros(self.n, dtype=np.int64), 0
        for codes, t in tables:  # the widest any row's pieces reach
            width = max(width, int(at.max(initial=0)) + t.matrix.shape[1])
            at += t.lengths[codes]
        self.parts.append(("joined", width, tables))

    def number(self, value, decimal: bool = False) -> None:
        """An exact number or condition per row (an :class:`openbid.readers.census.arrays.Fx`,
        a Boolean array, or a constant), as a JSON number or ``true``/``false``; with
        ``decimal``, numbers as exact decimal strings (``"10.75"``)."""
        if isinstance(value, (bool, np.bool_)):
            self.codes(np.full(self.n, int(value), dtype=np.intp), _BOOLS)
            return
        if isinstance(value, np.ndarray) and value.dtype == bool:
            self.codes(value.view(np.int8), _BOOLS)
            return
        from openbid.readers.census.arrays import as_fx

        fx = as_fx(value, self.n)
        lo, hi = (int(fx.a.min()), int(fx.a.max())) if self.n else (0, 0)
        codes = np.subtract(fx.a, lo, dtype=np.int32 if hi - lo < 1 << 31 else np.int64)
        self.table(codes, _numbers(fx.den, decimal, self.pad).rows(lo, hi))

    # -- writing -------------------------------------------------------------------------------
    def _layout(self):
        parts = self.parts + [("raw", 1, b"\n")]
        offsets = np.concatenate(([0], np.cumsum([w for _, w, _ in parts]))).tolist()
        width = offsets[-1]
        template = np.full(width, self.pad, dtype=np.uint8)
        fields, joined = [], []
        for (kind, w, payload), off in zip(parts, offsets):
            if kind == "raw":
                template[off: off + w] = np.frombuffer(payload, dtype=np.uint8)
            elif kind == "joined":  # the first piece in place, the others after it
                (codes, first), rest = payload[0], payload[1:]
                w = first.matrix.shape[1]
                fields.append((off, w, "codes", (first.matrix.view(f"V{w}").reshape(-1), codes)))
                joined.append((off, first.lengths[codes], rest))
            else:
                fields.append((off, w, kind, payload))
        rows = max(16, min(self.n, BLOCK_BYTES // max(width, 1)))
        names = [f"f{i}" for i in range(len(fields))]
        dtype = np.dtype({"names": names, "formats": [f"V{w}" for _, w, _, _ in fields],
                          "offsets": [off for off, _, _, _ in fields], "itemsize": width})
        buf = np.empty(rows, dtype=dtype)
        views = [(buf[name], kind, payload) for name, (_, _, kind, payload) in zip(names, fields)]
        return buf, template, views, joined

    def write(self, fh: BinaryIO, start: int = 0, stop: int | None = None) -> None:
        """Rows ``start`` to ``stop`` (default: all), written to ``fh`` a block at a time."""
        stop = self.n if stop is None else stop
        if stop <= start:
            return
        laid = self._laid = self._laid or self._layout()
        buf, template, views, joined = laid
        u8 = buf.view(np.uint8).reshape(len(buf), -1)
        width = u8.shape[1]
        for a in range(start, stop, len(buf)):
            b = min(stop, a + len(buf))
            m = b - a
            rows = u8[:m]
            rows[:] = template
            for view, kind, payload in views:
                if kind == "fixed":
                    view[:m] = payload[a:b]
                else:
                    table, codes = payload
                    table.take(codes[a:b], out=view[:m], mode="clip")
            for off, after, tables in joined:
                at = np.arange(m, dtype=np.intp) * width + off + after[a:b]
                _join(u8.reshape(-1), at, [(c[a:b], t) for c, t in tables])
            if self.exact:
                fh.write(rows[rows != 0].tobytes())
            else:
                fh.write(memoryview(rows).cast("B"))

    def bytes(self) -> bytes:
        import io

        out = io.BytesIO()
        self.write(out)
        return out.getvalue()


def _join(flat: np.ndarray, at: np.ndarray, tables) -> None:
    """Pieces written one after another from byte ``at`` of each row (a piece's padding is
    overwritten by the next piece)."""
    for codes, t in tables:
        w = t.matrix.shape[1]
        values = np.take(t.matrix.view(f"V{w}").reshape(-1), codes, mode="clip")
        flat[at[:, None] + np.arange(w)] = values.view(np.uint8).reshape(len(at), w)
        at = at + t.lengths[codes]


class _Numbers:
    """The rendered numbers ``lo``..``hi`` of one denominator, grown as values come."""

    def __init__(self, den: int, decimal: bool, pad: int) -> None:
        self.den, self.decimal, self.pad = den, decimal, pad
        self.lo, self.hi = 0, -1
        self.table: _Table | None = None

    def rows(self, lo: int, hi: int) -> np.ndarray:
        if self.table is None or lo < self.lo or hi > self.hi:
            self.lo, self.hi = min(lo, self.lo) if self.table else lo, max(hi, self.hi)
            rendered = [(f'"{_decimal(v, self.den)}"' if self.decimal
                         else _json_number(v, self.den)).encode()
                        for v in range(self.lo, self.hi + 1)]
            self.table = _Table(rendered, self.pad)
        return self.table.rows(lo - self.lo, hi - self.lo)


_NUMBERS: dict[tuple, _Numbers] = {}


def _numbers(den: int, decimal: bool, pad: int) -> _Numbers:
    key = (den, decimal, pad)
    got = _NUMBERS.get(key)
    if got is None:
        got = _NUMBERS[key] = _Numbers(den, decimal, pad)
    return got


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


def json_default(v):
    """How a JSON line writes an exact value json cannot (``json.dumps(..., default=)``): the
    number whose shortest text the batch path writes too (an integer, else the nearest float)."""
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else float(v)
    raise TypeError(f"{type(v).__name__} is not JSON serializable")


def _json_number(v: int, den: int) -> str:
    return str(v // den) if v % den == 0 else repr(v / den)


def percent(part: int, total: int) -> str:
    """A share as text: two decimals, or two significant digits when it is small (0.000062%)."""
    if total == 0 or part == 0:
        return "0%"
    p = 100 * part / total
    if p >= 0.01:
        return f"{p:.2f}%"
    return f"{p:.{1 - math.floor(math.log10(p))}f}%"
