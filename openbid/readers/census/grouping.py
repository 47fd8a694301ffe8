"""Grouping rows by an integer key without sorting them (np.unique sorts every row)."""

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
    n = len(key)
    if n == 0:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    if key.min() < 0:
        raise ValueError("dense_ids needs non-negative keys")
    width = max(1, int(key.max()).bit_length())
    ids = None
    k = 1
    shift = 0
    while shift < width:
        b = min(max(4, 20 - k.bit_length()), width - shift)  # no slot beyond the key's width
        part = (key >> shift) & ((1 << b) - 1) if shift or b < width else key
        code = part.astype(np.intp) if ids is None else (ids << b) | part
        present = np.bincount(code, minlength=k << b).astype(bool)
        ids = (np.cumsum(present) - 1)[code]
        k = int(np.count_nonzero(present))
        shift += b
    assert ids is not None  # width >= 1, so the loop ran at least once
    first = np.empty(k, dtype=np.intp)
    first[ids[::-1]] = np.arange(n - 1, -1, -1)  # the last write wins: the first occurrence
    return ids, first
