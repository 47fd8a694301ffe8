"""The tree census's sets of rows: a set given by its rows and the same set given by its bitmap
(a player's first call past the opening, read over every row) are one set, with one number."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from openbid.readers.census.tree.rows import RowSets


@given(st.integers(1, 3000), st.lists(st.floats(0, 1), min_size=1, max_size=6), st.data())
def test_a_set_by_its_bitmap_is_the_set_by_its_rows(n, densities, data):
    seed = data.draw(st.integers(0, 2 ** 32 - 1))
    rng = np.random.default_rng(seed)
    sets = RowSets(n)
    numbers = []
    for p in densities:  # sparse (kept as rows) and dense (kept as a bitmap) sets alike
        bits = rng.random(n) < p
        rows = np.flatnonzero(bits)
        by_bits = sets.intern_bits(bits)
        assert sets.intern(rows) == by_bits  # the same set, whichever form it came in
        assert sets.intern_bits(bits.copy()) == by_bits
        assert np.array_equal(sets.rows(by_bits), rows)
        assert sets.sizes[by_bits] == len(rows)
        numbers.append((by_bits, rows.tobytes()))
    # equal sets share a number, different sets do not
    for a, ra in numbers:
        for b, rb in numbers:
            assert (a == b) == (ra == rb)


def test_a_set_first_given_by_its_rows_is_found_by_its_bitmap_and_read_back_compressed():
    n = 1000
    sets = RowSets(n)
    dense = np.arange(0, n, 3)  # a third of the rows: a bitmap
    sparse = np.array([5, 17, 900])  # kept as its rows
    a, b = sets.intern(dense), sets.intern(sparse)
    bits = np.zeros(n, dtype=bool)
    bits[dense] = True
    assert sets.intern_bits(bits) == a
    bits[:] = False
    bits[sparse] = True
    assert sets.intern_bits(bits) == b
    sets.COMPACT_BYTES = 0  # every set compressed, then read back as it was
    sets.compact()
    assert np.array_equal(sets.rows(a), dense) and np.array_equal(sets.rows(b), sparse)
    assert sets.intern_bits(np.zeros(n, dtype=bool)) not in (a, b)


@given(st.integers(1, 400), st.lists(st.floats(0, 1), min_size=2, max_size=6), st.data())
def test_sets_whose_checksums_agree_are_still_told_apart(n, densities, data):
    """Every set found by its checksum is compared with the sets of the same checksum: with a
    checksum that never tells sets apart, equal sets still share a number and different sets
    do not (compressed sets among them)."""
    import openbid.readers.census.tree.rows as rows_module

    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 32 - 1)))

    class Collide:  # every checksum equal
        @staticmethod
        def crc32(_data) -> int:
            return 7

        compress = staticmethod(rows_module.zlib.compress)
        decompress = staticmethod(rows_module.zlib.decompress)

    real = rows_module.zlib
    rows_module.zlib = Collide  # type: ignore[assignment]
    try:
        sets = RowSets(n)
        made = []
        for p in densities:
            bits = rng.random(n) < p
            made.append((sets.intern_bits(bits), np.flatnonzero(bits)))
            if data.draw(st.booleans()):
                sets.COMPACT_BYTES = 0
                sets.compact()
        for number, rows in made:  # each set found again, by either form
            assert sets.intern(rows) == number
            assert np.array_equal(sets.rows(number), rows)
        for a, ra in made:
            for b, rb in made:
                assert (a == b) == np.array_equal(ra, rb)
    finally:
        rows_module.zlib = real


@given(st.integers(1, 3000), st.floats(0, 1), st.floats(0, 0.2), st.data())
def test_two_sets_of_rows_merged_are_their_union(n, dense, few, data):
    """A set given as two sets of rows (a call's rows shared by several masks, and one mask's
    own) is the set of their union, in order, whether it is kept as rows or as a bitmap."""
    from openbid.readers.census.tree.rows import merged

    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 32 - 1)))
    a_bits = rng.random(n) < dense
    b_bits = (rng.random(n) < few) & ~a_bits
    a, b = np.flatnonzero(a_bits), np.flatnonzero(b_bits)
    union = np.flatnonzero(a_bits | b_bits)
    assert np.array_equal(merged(a, b), union)
    sets = RowSets(n)
    number = sets.intern_union(a, b)
    assert number == sets.intern(union) and np.array_equal(sets.rows(number), union)
