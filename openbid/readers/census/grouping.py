"""Grouping rows by an integer key without sorting them (np.unique sorts every row), but where
the distinct keys are so many that numbering them by parts of their bits costs more."""

from __future__ import annotations

import numpy as np


def group_ids(key: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(key, return_index=True, return_inverse=True)`` for non-negative integer keys,
    without sorting the rows (see :func:`dense_ids`); only the distinct keys are sorted.
    Returns (sorted distinct keys, index of each one's first row, each row's position)."""
    ids, first = dense_ids(key)
    uniq = key[first]
    order = np.argsort(uniq)
    rank = np.empty(len(order), dtype=np.intp)
    rank[order] = np.arange(len(order))
    return uniq[order], first[order], rank[ids]


def dense_ids(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Number the distinct values of a non-negative integer array 0..k-1 in linear time: the key
    is read a few bits at a time, and each step numbers the distinct (number so far, next bits)
    pairs with one bincount over at most about 2**20 slots. Returns (each row's number, the
    index of each number's first row)."""
    ids, values = dense_values(key)
    return ids, first_rows(ids, len(values))


def dense_values(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`dense_ids`' numbering, with each number's value instead of its first row: kept
    step by step over the distinct values alone, no pass over the rows. Returns (each row's
    number, each number's value, int64)."""
    n = len(key)
    if n == 0:
        return np.zeros(0, np.intp), np.zeros(0, np.int64)
    if key.min() < 0:
        raise ValueError("dense_ids needs non-negative keys")
    width = max(1, int(key.max()).bit_length())
    ids = None
    values = np.zeros(1, dtype=np.int64)
    k = 1
    shift = 0
    while shift < width:
        b = min(max(4, 20 - k.bit_length()), width - shift)  # no slot beyond the key's width
        part = (key >> shift) & ((1 << b) - 1) if shift or b < width else key
        code = part.astype(np.intp) if ids is None else (ids << b) | part
        present = np.bincount(code, minlength=k << b).astype(bool)
        ids = (np.cumsum(present) - 1).take(code)
        codes = np.flatnonzero(present)  # number i is the i-th (number so far, bits) present
        values = values[codes >> b] | ((codes & ((1 << b) - 1)).astype(np.int64) << shift)
        k = len(codes)
        shift += b
    assert ids is not None  # width >= 1, so the loop ran at least once
    return ids, values


def first_rows(ids: np.ndarray, k: int, rows: np.ndarray | None = None,
               absent: int = -1) -> np.ndarray:
    """For each of ``k`` groups (``ids``: each row's group), its first row: the least of
    ``rows`` (ascending row numbers; default 0..n-1) over the group's rows, ``absent`` where the
    group has none. One unbuffered minimum per row (numpy's fast path for matching dtypes): a
    few times faster than scattering the rows in reverse order."""
    top = np.iinfo(np.intp).max
    rows = np.arange(len(ids), dtype=np.intp) if rows is None else rows.astype(np.intp,
                                                                                 copy=False)
    first = np.full(k, top, dtype=np.intp)
    np.minimum.at(first, ids.astype(np.intp, copy=False), rows)
    if absent != top:
        first[first == top] = absent
    return first


def group_rows(masks: list[np.ndarray], values: list[np.ndarray], n: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """The rows grouped by the Boolean ``masks`` they meet and the small non-negative integer
    ``values`` they take (each an array over the ``n`` rows): (each row's group, numbered
    0..k-1 in the order of their first rows; each group's first row, ascending). The masks are
    packed sixteen to a word (two byte operations a mask) and the groups numbered as the words
    and values are added: a step marks the (group so far, word) pairs present in a table of
    about as many slots as rows (at most 2**24) and numbers them in order; a wider step (the
    groups so far times a value's range beyond such a table) numbers the pairs present by
    sorting them."""
    steps: list[tuple[np.ndarray, int]] = []  # (small codes, their range) to add, in order
    def byte(group: list[np.ndarray]) -> np.ndarray:
        out = group[0].view(np.uint8).copy()
        for j, m in enumerate(group[1:], 1):
            np.bitwise_or(out, np.left_shift(m.view(np.uint8), j), out=out)
        return out

    for at in range(0, len(masks), 16):
        lo = byte(masks[at:at + 8])
        if len(masks) > at + 8:  # two bytes, one word
            word = np.left_shift(byte(masks[at + 8:at + 16]).astype(np.uint16), 8)
            np.bitwise_or(word, lo, out=word)
            steps.append((word, 1 << 16))
        else:
            steps.append((lo, 1 << 8))
    for v in values:
        steps.append((v, int(v.max(initial=0)) + 1))
    ids: np.ndarray | None = None
    k = 1
    table = min(1 << 24, max(1 << 16, n))  # slots a step's table may have (not many more
    # than rows: marking and numbering the table costs a pass over it)
    while steps:
        code, size = steps.pop(0)
        if ids is not None and k * size > table and code.dtype == np.uint16:
            # a word's two bytes one after the other: tables of k * 256 slots
            steps[:0] = [((code & 0xFF).astype(np.uint8), 256), ((code >> 8).astype(np.uint8),
                                                                 256)]
            continue
        if ids is None:
            key = code
        elif k * size <= table:
            key = ids.astype(np.uint32)
            key *= np.uint32(size)
            key += code.astype(np.uint32, copy=False)
        else:  # too many slots for a table: number the pairs present, by sorting them (as
            # dense_values would number them; with this many groups so far its steps would
            # take a few bits at a time through tables of millions of slots: the pairs (group,
            # coarse class) of a part of SAYC's opening, a million rows, 54 ms against 30)
            _, key = np.unique(ids.astype(np.int64) * size + code, return_inverse=True)
            key = key.reshape(-1)
            ids, k = key, int(key.max(initial=-1)) + 1
            continue
        slots = k * size if ids is not None else size
        present = np.zeros(slots, dtype=bool)
        present[key] = True
        k = int(np.count_nonzero(present))
        lut = np.cumsum(present, dtype=np.uint32 if k > 1 << 16 else np.uint16)
        ids = lut[key] - 1
    if ids is None:  # no mask, no value: one group
        return np.zeros(n, dtype=np.intp), np.zeros(min(n, 1), dtype=np.intp)
    first = first_rows(ids, k)
    order = np.argsort(first, kind="stable")
    rank = np.empty(k, dtype=np.intp)
    rank[order] = np.arange(k)
    return rank[ids], first[order]
