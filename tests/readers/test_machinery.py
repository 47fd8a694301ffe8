"""The machinery that makes the proofs fast must not change what they compute: sort-free
grouping, memoised quantifier expansion, chunk memory freed at once, forked proof parts, the
vectorised Appendix 6 derivation and the re-use of solver models."""

from __future__ import annotations

import gc
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openbid.expr import parse
from openbid.expr.ast import Compare, Const, Name, expand_quantifiers
from openbid.systems.rules.meets import meets_expr
from openbid.bridge.shape import all_shapes
from openbid.systems.variants import load_variant
from openbid.base import workers
from openbid.readers.census import gram as gram_pass
from openbid.readers.census import grouping
from openbid.readers.census.arrays import Fx
from openbid.readers.census.passes import plan, spec_for
from openbid.studies.paper.lemmas import _derive_shape


# ---- grouping without a sort ----------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**62), min_size=1, max_size=40), st.lists(st.integers(0, 39), max_size=400))
def test_group_ids_is_np_unique(values, picks):
    key = np.array([values[i % len(values)] for i in picks] or values, dtype=np.int64)
    want = np.unique(key, return_index=True, return_inverse=True)
    got = grouping.group_ids(key)
    for w, g in zip(want, got):
        assert np.array_equal(w, g)


def test_group_ids_of_nothing_and_of_negatives():
    uniq, first, inv = grouping.group_ids(np.zeros(0, dtype=np.int64))
    assert len(uniq) == len(first) == len(inv) == 0
    with pytest.raises(ValueError, match="non-negative"):
        grouping.group_ids(np.array([3, -1]))


def test_dense_ids_numbers_first_rows():
    key = np.array([7, 3, 7, 9, 3, 3], dtype=np.int64)
    ids, first = grouping.dense_ids(key)
    assert len(first) == 3
    assert np.array_equal(key[first][ids], key)  # every row maps back to its own value
    assert sorted(first.tolist()) == [0, 1, 3]  # and each number's first row is the first one


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 30), max_size=300), st.lists(st.integers(0, 30), max_size=5),
       st.integers(0, 3))
def test_first_rows_is_each_groups_first_row(ids, rows_from, absent_kind):
    """Each group's least row (of the rows given, ascending) and ``absent`` for an empty group:
    what a scatter of the rows in reverse order leaves."""
    ids_a = np.array(ids, dtype=np.intp)
    k = 31
    rows = np.arange(len(ids), dtype=np.intp) * 3 + 5 if absent_kind % 2 else None
    absent = -1 if absent_kind < 2 else 10**6
    want = np.full(k, absent, dtype=np.intp)
    order = rows if rows is not None else np.arange(len(ids))
    want[ids_a[::-1]] = order[::-1]
    assert np.array_equal(grouping.first_rows(ids_a, k, rows, absent), want)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-3, 90), max_size=200), st.lists(st.integers(-2, 80), max_size=6),
       st.sampled_from(["int8", "int16", "int64", "uint8"]))
def test_among_is_np_isin(values, wanted, dtype):
    from openbid.readers.census.arrays import among

    vals = np.array(values, dtype=np.int64)
    if dtype.startswith("u"):
        vals = np.abs(vals)
    vals = vals.astype(dtype)
    assert np.array_equal(among(vals, wanted), np.isin(vals, wanted))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 70), st.integers(1, 300), st.integers(0, 2**32 - 1))
def test_patterns_group_the_rows_by_the_masks_they_meet(k, n, seed):
    """Rows meeting the same masks share a pattern and no others do; each pattern's first row
    is its first row; ``on`` is each pattern's masks (one word of keys, or several)."""
    rng = np.random.default_rng(seed)
    masks = [rng.random(n) < rng.random() for _ in range(k)]
    ids, first, on = gram_pass.patterns(masks, n)
    rows = [tuple(bool(m[r]) for m in masks) for r in range(n)]
    seen: dict[tuple, int] = {}
    for r, key in enumerate(rows):
        seen.setdefault(key, r)
    assert len(first) == len(seen) == on.shape[0] and on.shape[1] == k
    assert sorted(first.tolist()) == sorted(seen.values())
    for r, key in enumerate(rows):
        assert first[ids[r]] == seen[key]
        assert tuple(on[ids[r]].tolist()) == key
    # without first rows: the same numbering, each pattern's masks read off its key
    ids2, none, on2 = gram_pass.patterns(masks, n, first_rows=False)
    if k <= gram_pass.WORD:
        assert none is None
    assert np.array_equal(ids2, ids) and np.array_equal(on2, on)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**62), min_size=1, max_size=40),
       st.lists(st.integers(0, 39), max_size=400))
def test_dense_values_are_each_numbers_value(values, picks):
    key = np.array([values[i % len(values)] for i in picks] or values, dtype=np.int64)
    ids, vals = grouping.dense_values(key)
    assert np.array_equal(vals[ids], key)  # every row's number maps back to its value
    assert np.array_equal(np.sort(vals), np.unique(key))  # each distinct value once
    ids2, _ = grouping.dense_ids(key)
    assert np.array_equal(ids, ids2)


# ---- constants are compared by type ---------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.integers(1, 400), st.integers(0, 3), st.lists(st.integers(1, 2000), max_size=3),
       st.integers(0, 2**32 - 1))
def test_group_rows_groups_by_every_mask_and_value(n, n_masks, ranges, seed):
    """Rows grouped by masks and values (some so wide that the numbering sorts them rather
    than marking a table) as the distinct rows of all the columns, numbered in the order of
    their first rows."""
    rng = np.random.default_rng(seed)
    masks = [rng.random(n) < rng.random() for _ in range(n_masks)]
    values = [rng.integers(0, r, n) for r in ranges]
    ids, first = grouping.group_rows(masks, values, n)
    rows = list(zip(*(m.tolist() for m in masks), *(v.tolist() for v in values))) or [()] * n
    number: dict = {}
    want = [number.setdefault(r, len(number)) for r in rows]
    assert ids.tolist() == want
    assert first.tolist() == [rows.index(r) for r in number]


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 600), st.integers(1, 60), st.integers(1, 12), st.floats(0, 1),
       st.integers(0, 2**32 - 1))
def test_pairs_of_are_the_distinct_group_and_coarse_row_pairs(n, cn, groups, mixed, seed):
    """The pairs (group, coarse row) of an opening part's fine rows, each with its hands and
    first fine row, as grouping by both columns gives them (in any order): rows whose coarse
    row is all one group, and rows of coarse rows of several groups."""
    from openbid.readers.census.tree.opening import pairs_of

    rng = np.random.default_rng(seed)
    cmap = np.sort(rng.integers(0, cn, n)).astype(np.intp)
    gid = rng.integers(0, groups, cn)[cmap]
    flip = rng.random(n) < mixed
    gid[flip] = rng.integers(0, groups, int(flip.sum()))
    gid = gid.astype(np.intp)
    weight = rng.integers(1, 1000, n).astype(np.float64)
    pid, first = grouping.group_rows([], [gid, cmap], n)
    want = zip(gid[first].tolist(), cmap[first].tolist(),
               np.bincount(pid, weights=weight).tolist(), first.tolist())
    got = pairs_of(gid, cmap, cn, weight)
    assert sorted(zip(*(a.tolist() for a in got))) == sorted(want)


def test_passes_share_a_tabulation_only_under_the_same_definitions(monkeypatch):
    """Tables over suit states are shared by the passes over the same states (the findings at
    the table plan one per question): one name defined two ways is read two ways, each as the
    executor reads it, and a second pass with the same definitions tabulates nothing again."""
    from openbid.bridge.hand import Hand
    from openbid.checks.table import block_reader, hand_of, read_cond
    from openbid.readers.census import passes
    from openbid.sim.deals import deals
    from openbid.systems.evaluate import holds
    from openbid.systems.rules.text import loads

    def table(n: int):
        return loads(f'name long{n}\ndefine LONG = SUITLENGTH(S) >= {n}\n'
                     'section 1 "s"\n  bid x when LONG value 1S\n')

    five, six = table(5), table(6)
    e = five.parse("LONG and SUITPOINTS(S) >= 2")
    assert e == six.parse("LONG and SUITPOINTS(S) >= 2")  # one expression, two meanings
    masks = deals(7, 0, 400)[:, 0].astype(np.int64)
    hands: list[Hand] = [hand_of(m) for m in masks]
    for rules in (five, six, five):
        got = read_cond(rules, masks, e, {})
        assert got.tolist() == [holds(e, h, rules) for h in hands]
    assert 0 < sum(read_cond(six, masks, e, {})) < sum(read_cond(five, masks, e, {}))
    other = block_reader(five, masks, (e, parse("HCP >= 30")), {})  # another pass
    want = read_cond(five, masks, e, {})
    tabulated = []  # the views of suit states made to tabulate an expression
    real = passes.ChunkView
    monkeypatch.setattr(passes, "ChunkView", lambda *a: tabulated.append(a) or real(*a))
    assert other.cond(e).tolist() == want.tolist()
    assert tabulated == []


def test_constants_of_different_types_are_different_terms():
    assert Const(True) != Const(1)
    assert Const(Fraction(1)) != Const(1)
    assert Const(1) == Const(1, pos=9) and hash(Const(1)) == hash(Const(1, pos=9))
    a = Compare("=", Name("VOIDFLAG"), Const(True))
    b = Compare("=", Name("VOIDFLAG"), Const(1))
    assert a != b
    assert expand_quantifiers(a).right.value is True
    assert expand_quantifiers(b).right.value == 1 and expand_quantifiers(b).right.value is not True


def test_expansion_is_memoised_and_equal_to_a_fresh_one():
    e = parse("any(s in S, H: SUITLENGTH(s) >= 5 and HONORCOUNT(s) >= 2)")
    assert expand_quantifiers(e) is expand_quantifiers(e)
    expand_quantifiers.cache_clear()
    fresh = expand_quantifiers(e)
    assert fresh == expand_quantifiers(parse("any(s in S, H: SUITLENGTH(s) >= 5 and HONORCOUNT(s) >= 2)"))


# ---- a chunk's arrays are freed when the chunk is done ----------------------------------------
def test_a_chunk_leaves_no_cycles_behind():
    rules = load_variant("code")
    exprs = tuple(meets_expr(rules, lb) for lb in rules.labels if lb != "14")
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        spec = gram_pass._task(rules, exprs, True)
        plan(spec).view(0)  # the pass is planned once per process (its tables are kept)
        gc.collect()
        gram_pass._gram_chunk(spec, 30)  # outcomes too: the executor's closures
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


def test_keep_freed_memory_is_harmless():
    workers.keep_freed_memory()
    workers.keep_freed_memory()
    assert int(np.arange(1 << 20).sum()) == (1 << 20) * ((1 << 20) - 1) // 2


def test_fractional_scales_run_in_integer_arrays():
    """BUMWRAP is in quarters: the numpy reader holds it as integers over 4, in the narrowest
    integer type its bounds allow (never an object array of Fractions)."""
    rules = load_variant("code")
    e = parse("BUMWRAP", want="num")
    view = plan(spec_for(rules, (e,))).view(7)
    v = view.reader(0).value(e)
    assert isinstance(v, Fx) and v.den == 4 and v.a.dtype.kind == "i" and v.a.dtype.itemsize <= 2
    assert 0 <= v.lo <= int(v.a.min()) and int(v.a.max()) <= v.hi <= 4 * 4 * 17


# ---- one process pool ----------------------------------------------------------------------
def _double(x):
    return 2 * x


def _chunk_sum(arg, i):
    return arg + i


def _boom(_):
    raise ValueError("planted failure")


def _die(_):
    import os

    os._exit(3)


def _z3_context_marked(_):
    """Is the worker's Z3 context the one the parent marked? (An id could be reused: the
    inherited context is freed when the worker sets it aside.)"""
    import z3

    return getattr(z3.main_ctx(), "_openbid_test_mark", None)


def test_the_pool_returns_every_value_and_raises_failures():
    with workers.Pool(2) as pool:
        got = {r.task.name: r.value for r in pool.results(
            [workers.Task(_double, 21, name="a"), workers.Task(_chunk_sum, 10, index=5)])}
    assert got == {"a": 42, "": 15}
    with pytest.raises(ValueError, match="planted failure"):
        with workers.Pool(1) as pool:
            list(pool.results([workers.Task(_boom, 0)]))


def test_the_pool_reports_a_dead_worker():
    from concurrent.futures.process import BrokenProcessPool

    with pytest.raises(BrokenProcessPool):
        with workers.Pool(1) as pool:
            list(pool.results([workers.Task(_die, 0)]))


def test_a_z3_task_starts_in_a_fresh_context():
    import z3

    ctx = z3.main_ctx()
    ctx._openbid_test_mark = "parent"
    try:
        with workers.Pool(1) as pool:
            marks = [r.value for r in pool.results([workers.Task(_z3_context_marked, 0)])]
            marks += [r.value for r in pool.results([workers.Task(_z3_context_marked, 0,
                                                                  z3=True)] * 3)]
    finally:
        del ctx._openbid_test_mark
    assert marks == ["parent", None, None, None]  # inherited, then set aside by every Z3 task


def _large(n):
    return b"x" * n


def _niceness(_):
    import os

    return os.nice(0)


def test_a_background_process_returns_its_value_and_raises_its_failure():
    import os

    b = workers.Background(_double, 21)
    assert b.result() == 42 and b.done()
    b.kill()
    if hasattr(os, "nice"):  # its priority lowered as asked, the command's untouched
        b = workers.Background(_niceness, 0, nice=5)
        assert b.result() == os.nice(0) + 5
        b.kill()
    b = workers.Background(_boom, 0)
    with pytest.raises(RuntimeError, match="ValueError: planted failure"):
        b.result()
    b.kill()
    b = workers.Background(_die, 0)
    with pytest.raises(RuntimeError, match="ended without a result"):
        b.result()
    b.kill()


def test_a_background_process_ended_while_it_sends_its_value_leaves_nothing_waiting():
    """Killed in the middle of sending 64 MB (a pipe holds far less: it is still sending when
    the first bytes arrive), it ends, and nothing waits for the rest. (A pool's worker killed so
    left its pool's reader waiting for ever.)"""
    b = workers.Background(_large, 64 << 20)
    while not b.done():
        b.conn.poll(1)
    pid = b._proc.pid
    b.kill()
    assert not b._proc.is_alive() and b._proc.exitcode is not None and pid
    assert b not in workers._ACTIVE


def test_stop_all_ends_a_background_process():
    import time

    b = workers.Background(time.sleep, 600)
    workers.stop_all()
    assert not b._proc.is_alive()
    with pytest.raises(RuntimeError, match="ended without a result"):
        b.result()


def test_map_chunks_in_order_with_one_job_and_several(monkeypatch):
    for n in ("1", "2"):
        monkeypatch.setenv("OPENBID_JOBS", n)
        assert workers.map_chunks(_chunk_sum, 100, 7) == [100 + i for i in range(7)]


# ---- Appendix 6 derivation: the vectorised grid equals the plain loop ------------------------------
def _derive_by_loop(shape):
    per = []
    for n in shape:
        rows = []
        for m in range(16):
            a, k, q, j = bool(m & 8), bool(m & 4), bool(m & 2), bool(m & 1)
            if not n - 9 <= a + k + q + j <= n:
                continue
            adj = (a and n == 1) - 2 * (k and n == 1) - 2 * (q and n == 1) - (q and n == 2) - (j and n <= 2)
            rows.append((m, adj, int(a), 4 * a + 3 * k + 2 * q + j))
        per.append(rows)
    distp = sum(3 - n for n in shape if n < 3)
    bonus = sum(2 * (n - 5) + 1 for n in shape if n >= 5)
    deltas = []
    for combo in product(*per):
        aces = sum(c[2] for c in combo)
        hcp = sum(c[3] for c in combo)
        deltas.append((1 - (distp == 0) - (aces == 0) + (aces == 4) + bonus + sum(c[1] for c in combo), hcp))
    return (min(d for d, _ in deltas), max((d for d, h in deltas if h <= 15), default=None),
            max(d for d, _ in deltas))


@pytest.mark.parametrize("shape", [s for i, s in enumerate(all_shapes()) if i % 5 == 0])
def test_appendix6_grid_equals_the_loop(shape):
    best, _ = _derive_shape(shape)
    assert (best["min"], best["max15"], best["max"]) == _derive_by_loop(shape)


# ---- suit states merged by what a pass reads (openbid.readers.census.passes) -----------------
@pytest.mark.parametrize("text,sizes", [
    # SHAPE and HCP: a suit state is its length and its points
    ('HCP >= 12 and SHAPE = "4432"', "points"),
    # the ten of diamonds is read, so it is told apart there only
    ("HONORCOUNT(D) >= 2", "honours-D"),
    ('bid = "1S"', "rules"),
])
def test_states_merge_by_what_is_read(text, sizes):
    rules = load_variant("code")
    p = plan(spec_for(rules, (parse(text),)))
    got = [s.size for s in p.domain.suits]
    model = p.model
    if sizes == "points":
        from openbid.hands.prelim import _points

        want = len({(model.length[i], _points(model.project(i, "AKQJ")[0], 0))
                    for i in range(model.n_states)})
        assert got == [want] * 4
    elif sizes == "honours-D":
        want_d = len({(model.length[i], len(model.held[i])) for i in range(model.n_states)})
        assert got == [14, want_d, 14, 14]  # lengths only, except diamonds
    else:
        # OPENBID reads every honour of C, H and S, and no diamond ten (session 2's merge)
        assert got[0] == got[2] == got[3] < 288 and got[1] < got[0]
