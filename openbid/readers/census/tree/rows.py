"""The sets of rows of a chunk the tree census reads (a bidder's hands), each by its number, and
the chunk of some rows."""

from __future__ import annotations

import zlib
from typing import Callable

import numpy as np

from openbid.readers.census.domain import SUITS, Chunk

EMPTY = -2  # the number of the empty set of rows
NONE = np.zeros(0, dtype=np.intp)


class RowSets:
    """Sets of the rows of a chunk (of ``n`` rows), each by its number: equal sets share one
    number (and every reading). A large set is kept as a bitmap (an eighth of a byte a row), a
    small one as its rows."""

    RECENT = 1 << 21  # rows of the bitmaps last made or read, kept unpacked (16 MB)

    def __init__(self, n: int) -> None:
        self.n = n
        # a set of rows by its checksum (its form, CRC-32 and length) -> the numbers of the
        # sets of that checksum (equal sets are told by comparing them: see _number)
        self.numbers: dict[tuple[str, int, int], list[int]] = {}
        self.kept: list = []  # arrays (bytes while compressed: see compact)
        self.sizes: list[int] = []  # each set's number of rows (read without unpacking it)
        self.packed: set[int] = set()
        # A walk reads a set soon after it is made (the next call of the same player, a few
        # levels down): the last bitmaps' rows are kept as they are, to be read without
        # unpacking, up to RECENT rows in all (the oldest dropped first).
        self.recent: dict[int, np.ndarray] = {}
        self.recent_rows = 0
        # sets compressed between walks (compact): a number -> its dtype and length
        self.squeezed: dict[int, tuple[np.dtype, int]] = {}

    def intern(self, rows: np.ndarray) -> int:
        large = len(rows) * 32 > self.n  # a set is large or not by its size: one form each
        if large:  # kept as its bitmap (a 32nd of the bytes of its rows)
            rows = rows.astype(np.intp, copy=False)  # numpy indexes fastest with intp
            bits = np.zeros(self.n, dtype=bool)
            bits[rows] = True
            return self._large(np.packbits(bits), lambda: rows)
        # kept as int32 (half the memory), read as intp
        rows = np.ascontiguousarray(rows, dtype=np.int32)
        key, got = self._number("r", rows)
        if got is None:
            got = self._new(key)
            self.sizes.append(len(rows))
            self.kept.append(rows)
        return got

    def intern_union(self, a: np.ndarray, b: np.ndarray) -> int:
        """:meth:`intern` of the rows of ``a`` and ``b`` (each ascending, no row in both): a
        large set's bitmap made from both at once, its rows merged only if it is new."""
        if (len(a) + len(b)) * 32 > self.n:
            bits = np.zeros(self.n, dtype=bool)
            bits[a] = True
            bits[b] = True
            return self._large(np.packbits(bits), lambda: merged(a, b))
        return self.intern(merged(a, b))

    def intern_bits(self, bits: np.ndarray) -> int:
        """:meth:`intern` of the rows where ``bits`` (a Boolean array over all ``n`` rows) is
        set: a large set's bitmap is packed from it at once, its rows found only if it is new."""
        if int(np.count_nonzero(bits)) * 32 > self.n:
            return self._large(np.packbits(bits), lambda: np.flatnonzero(bits))
        return self.intern(np.flatnonzero(bits))

    def _large(self, packed: np.ndarray, rows: Callable[[], np.ndarray]) -> int:
        """The number of the large set of bitmap ``packed`` (``rows()``: its rows, read when
        the set is new)."""
        key, got = self._number("b", packed)
        if got is None:
            got = self._new(key)
            found = rows()
            self.sizes.append(len(found))
            self.kept.append(packed)
            self.packed.add(got)
            self._remember(got, found)
        return got

    # A set is found by a checksum, then compared with the sets of the same checksum: equal
    # sets are one set, whatever the checksum (a CRC-32 runs at about 6 GB/s, a digest at
    # about 1.3; the comparison reads the set once more, only when the checksums agree).
    def _number(self, form: str, data: np.ndarray) -> tuple[tuple[str, int, int], int | None]:
        """The checksum of the set kept as ``data`` (its form: "r" rows, "b" a bitmap), and
        its number (None: it is new)."""
        key = (form, zlib.crc32(data.data), len(data))
        for number in self.numbers.get(key, ()):
            if np.array_equal(self._stored(number), data):
                return key, number
        return key, None

    def _new(self, key: tuple[str, int, int]) -> int:
        """A new set's number (of checksum ``key``): the next one."""
        number = len(self.kept)
        self.numbers.setdefault(key, []).append(number)
        return number

    def _stored(self, number: int) -> np.ndarray:
        """The set as kept (rows or a bitmap), decompressed if compact() compressed it."""
        got = self.kept[number]
        if number in self.squeezed:  # compressed since it was made: back as it was
            dt, size = self.squeezed.pop(number)
            got = self.kept[number] = np.frombuffer(zlib.decompress(got), dtype=dt,
                                                    count=size).copy()
        return got

    def rows(self, number: int) -> np.ndarray:
        """The set's rows, ascending, as intp (numpy gathers with intp indices about 1.7 times
        as fast as with int32 ones)."""
        got = self._stored(number)
        if number in self.packed:
            hit = self.recent.get(number)
            if hit is not None:
                return hit
            # (as Booleans: numpy finds the set bytes of a Boolean array four to nine times
            # as fast as of a uint8 one, and a census unpacks hundreds of bitmaps)
            rows = np.flatnonzero(np.unpackbits(got, count=self.n).view(bool))
            self._remember(number, rows)
            return rows
        return got.astype(np.intp)

    # Sets kept as they are up to this many bytes in all. A whole SAYC's largest walk holds
    # 180 MB of them: compressing them cost its cold census about 2 s of 26 (two interleaved
    # pairs: the census 24.2 and 23.5 s without, 26.2 and 25.0 s with) and saved 50 MB of the
    # largest process (1.00 against 1.05 GB); a larger system's are compressed.
    COMPACT_BYTES = 256 << 20

    def compact(self) -> None:
        """Compress every set (a walk's sets are kept from round to round, and a later round
        reads few of them again): a bitmap of a bidder's rows is mostly runs of zeros. Each
        is decompressed when next read. The rows kept unpacked are dropped. Sets of fewer
        than COMPACT_BYTES in all (SAYC's, a re-check reading a few nodes) are left as they
        are."""
        if sum(got.nbytes for number, got in enumerate(self.kept)
               if number not in self.squeezed) < self.COMPACT_BYTES:
            return
        for number, got in enumerate(self.kept):
            if number not in self.squeezed:
                self.squeezed[number] = (got.dtype, len(got))
                self.kept[number] = zlib.compress(got.tobytes(), 1)  # type: ignore[call-overload]
        self.recent.clear()
        self.recent_rows = 0

    def _remember(self, number: int, rows: np.ndarray) -> None:
        self.recent[number] = rows
        self.recent_rows += len(rows)
        while self.recent_rows > self.RECENT and len(self.recent) > 1:
            old = next(iter(self.recent))
            self.recent_rows -= len(self.recent.pop(old))


def merged(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The rows of ``a`` and ``b`` (each ascending, none in both), ascending: ``b``'s put in
    their places among ``a``'s (one pass over ``a``'s; ``b`` is the few)."""
    return np.insert(a, np.searchsorted(a, b), b) if len(b) else a


def stacked(chunk: Chunk) -> np.ndarray:
    """The chunk's state positions, suit by suit, as one array of the narrowest integer type
    (a sub-chunk is gathered from it in one pass over less memory)."""
    top = max(int(chunk.ids[s].max(initial=0)) for s in SUITS)
    dt = np.int16 if top < 1 << 15 else np.int32 if top < 1 << 31 else np.int64
    return np.stack([chunk.ids[s] for s in SUITS]).astype(dt)


def sub_chunk(chunk: Chunk, bounds: np.ndarray, rows: np.ndarray,
               stacked: np.ndarray | None = None) -> Chunk:
    """The chunk of some of ``chunk``'s rows (ascending), with its compositions (``bounds``:
    where each of ``chunk``'s begins; no need to read them back from the rows); ``stacked``:
    :func:`stacked` of ``chunk`` (None: each suit gathered on its own, for a few rows, where
    stacking every row would cost more than the gathers it saves)."""
    per = np.diff(np.searchsorted(rows, bounds))
    keep = np.flatnonzero(per).tolist()
    got = [chunk.ids[s].take(rows) for s in SUITS] if stacked is None else \
        stacked.take(rows, axis=1)
    return Chunk({s: got[k] for k, s in enumerate(SUITS)}, 0,
                 tuple(chunk.comps[i] for i in keep), tuple(int(per[i]) for i in keep))
