"""The exact census (openbid.readers.census.enumeration, array_hand, array_rules, census, gram), fast parts.

* The chunk plan covers every hand class once: 34,033,880 classes whose weights sum to
  C(52, 13) = 635,013,559,600, counted here from the per-suit tables and, independently, from
  binomial coefficients.
* On a few small chunks (the first compositions of the plan, the last ones, and a seeded sample of
  a middle chunk) the numpy reader gives the Python executor's outcome, describe()'s descriptors,
  and openbid.model.evaluate.holds' value of ~20 expressions, class by class.
The full runs are in tests/test_census_slow.py.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import pytest

from openbid.model.descriptors import describe
from openbid.model.evaluate import OutcomeView, holds
from openbid.model.expr import parse
from openbid.model.expr.pycode import compile_expr
from openbid.model.procedure import program_for
from openbid.model.variants import VARIANTS, load_variant
from openbid.readers.census.array_hand import ArrayHand
from openbid.readers.census.array_rules import ArrayRules
from openbid.readers.census.enumeration import (SUITS, TOTAL_CLASSES, TOTAL_HANDS, Chunk, SuitClasses, _by_length,
                                chunk_plan, class_hand, compositions, make_chunk)

CODE = load_variant("code")


# ---- the plan covers everything once ---------------------------------------------------------
def _classes_of_length(n: int) -> int:
    """Independent: a suit of n cards has k of the 5 honours and n - k of the 8 spot cards,
    but a class fixes only how many spots, so it is C(5, k) choices when 0 <= n - k <= 8."""
    return sum(comb(5, k) for k in range(6) if 0 <= n - k <= 8)


def test_independent_totals() -> None:
    lengths = range(14)
    classes = sum(_classes_of_length(c) * _classes_of_length(d) * _classes_of_length(h)
                  * _classes_of_length(13 - c - d - h)
                  for c in lengths for d in lengths for h in lengths if c + d + h <= 13)
    assert classes == 34_033_880 == TOTAL_CLASSES
    hands = sum(comb(13, c) * comb(13, d) * comb(13, h) * comb(13, 13 - c - d - h)
                for c in lengths for d in lengths for h in lengths if c + d + h <= 13)
    assert hands == comb(52, 13) == 635_013_559_600 == TOTAL_HANDS


def test_suit_classes_table() -> None:
    sc = SuitClasses.build()
    assert len(sc.mask) == 32 * 9 == 288
    for n in range(14):
        assert len(_by_length()[n]) == _classes_of_length(n)
        # Vandermonde: the weights of the n-card classes sum to C(13, n) holdings
        assert int(sc.weight[_by_length()[n]].sum()) == comb(13, n)
    for i in range(288):
        m, s = int(sc.mask[i]), int(sc.spots[i])
        assert sc.length[i] == bin(m).count("1") + s and sc.weight[i] == comb(8, s)


def test_chunk_plan_covers_every_class_once() -> None:
    by_len = _by_length()
    sc = SuitClasses.build()
    plan = chunk_plan()
    seen: list[tuple[int, int, int, int]] = []
    classes = weight = 0
    expected_offset = 0
    for offset, comps in plan:
        assert offset == expected_offset  # offsets are contiguous
        size = 0
        for comp in comps:
            assert sum(comp) == 13
            seen.append(comp)
            size += int(np.prod([len(by_len[n]) for n in comp]))
            weight += int(np.prod([int(sc.weight[by_len[n]].sum()) for n in comp]))
        classes += size
        expected_offset += size
    assert sorted(seen) == sorted(compositions()) and len(seen) == len(set(seen)) == 560
    assert classes == TOTAL_CLASSES == 34_033_880
    assert weight == TOTAL_HANDS == 635_013_559_600


def test_make_chunk_size_and_weights() -> None:
    offset, comps = chunk_plan()[0]
    small = comps[:4]  # (0,0,0,13) (0,0,1,12) (0,0,2,11) (0,0,3,10): 1 + 36 + 256 + 676
    chunk = make_chunk(offset, small)
    assert chunk.size == 1 + 6 * 6 + 16 * 16 + 26 * 26
    w = ArrayHand(chunk, CODE.readings).weight  # type: ignore[arg-type]
    # 13-card spades, 12-1 (S-H), 11-2, 10-3 in two suits: C(13,13) + C(13,12)C(13,1) + ...
    assert int(w.sum()) == sum(comb(13, k) * comb(13, 13 - k) for k in (13, 12, 11, 10))


# ---- small chunks ---------------------------------------------------------------------------
def _leading(comps, limit: int):
    by_len = _by_length()
    out, size = [], 0
    for comp in comps:
        n = int(np.prod([len(by_len[k]) for k in comp]))
        if size + n > limit:
            continue
        out.append(comp)
        size += n
    return tuple(out)


@lru_cache(maxsize=None)
def small_chunks() -> dict[str, Chunk]:
    plan = chunk_plan()
    first = make_chunk(0, _leading(plan[0][1], 2500))
    last = make_chunk(0, _leading(tuple(reversed(plan[-1][1])), 2500))
    mid_offset, mid_comps = plan[len(plan) // 2]
    middle = make_chunk(mid_offset, mid_comps)
    rows = np.random.default_rng(1967).choice(middle.size, size=2500, replace=False)
    sample = Chunk({s: middle.ids[s][rows] for s in SUITS}, mid_offset)
    return {"first": first, "last": last, "middle-sample": sample}


def _hands(chunk: Chunk):
    return [class_hand(tuple(int(chunk.ids[s][i]) for s in SUITS)) for i in range(chunk.size)]


@lru_cache(maxsize=None)
def chunk_hands(name: str):
    return _hands(small_chunks()[name])


def test_small_chunks_are_what_they_claim() -> None:
    chunks = small_chunks()
    assert all(500 <= c.size <= 2500 for c in chunks.values())
    first = chunk_hands("first")[0]
    assert first.spades.length == 13  # composition (0, 0, 0, 13): 13 spades
    last = chunk_hands("last")[0]
    assert last.clubs.length == 13  # (13, 0, 0, 0)
    assert len({h.key for h in chunk_hands("middle-sample")}) == 2500  # distinct classes


@pytest.mark.parametrize("name", ["first", "last", "middle-sample"])
def test_numpy_outcomes_equal_the_executor(name: str) -> None:
    chunk = small_chunks()[name]
    hand = ArrayHand(chunk, CODE.readings)  # type: ignore[arg-type]
    bidval, section = ArrayRules(CODE, hand).outcome
    program = program_for(CODE)
    bad = []
    for i, h in enumerate(chunk_hands(name)):
        out = program.bid_hand(h)
        if (out.bidval, out.section) != (int(bidval[i]), CODE.labels[int(section[i])]):
            bad.append((h.to_pbn(), out, int(bidval[i]), CODE.labels[int(section[i])]))
    assert bad == []


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_numpy_outcomes_equal_the_executor_every_variant(variant: str) -> None:
    rules = load_variant(variant)
    chunk = small_chunks()["middle-sample"]
    hand = ArrayHand(chunk, rules.readings)  # type: ignore[arg-type]
    bidval, section = ArrayRules(rules, hand).outcome
    program = program_for(rules)
    for i, h in enumerate(chunk_hands("middle-sample")[:800]):
        out = program.bid_hand(h)
        assert (out.bidval, out.section) == (int(bidval[i]), rules.labels[int(section[i])]), h


SCALARS = ("HCP", "DISTP", "TOTALPTS", "SUB", "XTRP", "SUMP", "ACES", "KINGS", "LONGEST", "STOP",
           "PLAYTRICKS", "VOIDFLAG", "EVENDIST", "FOUR441", "SOLID", "NOTRUMPTRY")


DESCRIPTOR_CASES = [("code", "first"), ("code", "last"), ("code", "middle-sample"),
                    ("playtricks-procedure", "middle-sample"),
                    ("playtricks-table-fixed", "middle-sample"),
                    ("solid-as-printed", "middle-sample"),
                    ("notrumptry-appendix2", "middle-sample")]


@pytest.mark.parametrize("variant,name", DESCRIPTOR_CASES)
def test_numpy_descriptors_equal_describe(variant: str, name: str) -> None:
    r = load_variant(variant).readings
    ah = ArrayHand(small_chunks()[name], r)  # type: ignore[arg-type]
    ds = [describe(h, r) for h in chunk_hands(name)]  # type: ignore[arg-type]

    def col(f) -> np.ndarray:
        return np.array([f(d) for d in ds])

    for k in SCALARS:
        assert (ah.scalars[k] == col(lambda d: getattr(d, k))).all(), k
    for i in range(4):
        assert (ah.sp[i] == col(lambda d: d.SP[i + 1])).all(), f"SP({i + 1})"
    for s in SUITS:
        for arr, attr in ((ah.length, "SUITLENGTH"), (ah.points, "SUITPOINTS"),
                          (ah.honours, "HONORCOUNT"), (ah.pt, "PT"), (ah.safe, "SAFE"),
                          (ah.notr, "NOTR")):
            assert (arr[s] == col(lambda d: getattr(d, attr)[s])).all(), (attr, s)
        for rank, attr in zip("AKQJT", ("ACE", "KING", "QUEEN", "JACK", "TEN")):
            assert (ah.has(s, rank) == col(lambda d: getattr(d, attr)[s])).all(), (attr, s)
    assert (ah.weight == np.array([h.class_size for h in chunk_hands(name)])).all()


EXPRESSIONS = [
    'SHAPE = "4432"',
    'SHAPE = "13000" or SHAPE = "7600" or SHAPE = "5431"',
    'SHAPE != "4333" and EVENDIST',
    "count(s in SUITS: SUITLENGTH(s) >= 4) >= 2",
    "count(s in SUITS: ACE(s)) + count(s in SUITS: KING(s)) = 3",
    'meets("10")',
    'meets("12")',
    'meets("11a") and not meets("10")',
    'meets("8") and section != "8a"',
    'bid = "1C"',
    'bid = "PASS" and HCP >= 10',
    'bid = "2D" or bid = "4S"',
    'section = "12a"',
    'section != "14" and bidval >= 20',
    "bidval = 10 + 4",
    "HCP * 0.5 >= TOTALPTS - 5",
    "any(s in SHD: SUITLENGTH(s) = LONGEST and SLIDEPOINTS(s, 18, 2))",
    "all(s in SUITS: SAFE(s)) and not NOTRUMPTRY",
    "SP(1) - SP(4) >= 2 * SP(2) - 3",
    "PT(S) + PT(C) > PLAYTRICKS - 3 or VOIDFLAG",
    "HONORCOUNT(C) >= 9 - SUITLENGTH(C) and OUTSIDEACE(C)",
    "CANBEREBID(H) or NOTR(D) or FOUR441",
    "-HCP < -(SUMP - 3) and MAJOR(S) and not MINOR(H)",
]


def _numpy_mask(rules, chunk: Chunk, text: str) -> np.ndarray:
    m = ArrayRules(rules, ArrayHand(chunk, rules.readings)).cond(parse(text))
    return np.broadcast_to(np.asarray(m, dtype=bool), (chunk.size,))


@pytest.mark.parametrize("name", ["first", "middle-sample"])
def test_expressions_numpy_equals_python(name: str) -> None:
    chunk = small_chunks()[name]
    hands = chunk_hands(name)[:1500]
    program = program_for(CODE)
    # The Python reader, as openbid.model.evaluate.holds runs it: descriptors, outcome, compiled expr.
    views = []
    for h in hands:
        d = describe(h, CODE.readings)  # type: ignore[arg-type]
        views.append((d, OutcomeView(CODE, d, program.run(d))))
    sizes = {}
    for text in EXPRESSIONS:
        e = parse(text)
        mask = _numpy_mask(CODE, chunk, text)[: len(hands)]
        fn = compile_expr(e)
        py = np.array([bool(fn(d, v)) for d, v in views])
        for i in range(0, len(hands), 25):  # and through holds itself, on every 25th class
            assert holds(e, hands[i], CODE) == py[i]
        wrong = [hands[i].to_pbn() for i in np.flatnonzero(mask != py)[:3]]
        assert (mask == py).all(), (text, wrong)
        sizes[text] = int(py.sum())
    if name == "middle-sample":  # the comparison is not between two constants
        assert sum(0 < v < len(hands) for v in sizes.values()) >= 15, sizes


def test_paper_inequality_totalpts_at_least_hcp_minus_3_on_the_chunks() -> None:
    # p. 11: "TOTALPTS >= HCP - 3" (from Appendix 6).  Read by numpy on every class of the chunks.
    for chunk in small_chunks().values():
        assert _numpy_mask(CODE, chunk, "TOTALPTS >= HCP - 3").all()


# ---- known bugs in the numpy reader ----------------------------------------------------------
@pytest.mark.parametrize("text", ["SLIDEPOINTS(S, 0, 20)", "SLIDEPOINTS(H, 200, 1)",
                                  "SLIDEPOINTS(S, 0, 10)"])
def test_slidepoints_with_large_arguments(text: str) -> None:
    chunk = small_chunks()["first"]  # includes 13 spades: 10 * 13 = 130 > 127
    hands = chunk_hands("first")
    mask = _numpy_mask(CODE, chunk, text)
    py = np.array([holds(parse(text), h, CODE) for h in hands])
    assert (mask == py).all()


def test_bid_comparison_is_read_alike_by_every_reader() -> None:
    chunk = small_chunks()["middle-sample"]
    hands = chunk_hands("middle-sample")[:500]
    mask = _numpy_mask(CODE, chunk, 'bid = "1c"')[:500]
    py = np.array([holds(parse('bid = "1c"'), h, CODE) for h in hands])
    assert mask.any()  # some hands open a strong 1C
    assert (mask == py).all()
