"""The exact census (openbid.readers.census: domain, passes, arrays, census, gram), fast parts.

* The chunk plan covers every hand class of a rank model once, whose weights sum to
  C(52, 13) = 635,013,559,600: 34,033,880 classes when A K Q J T are tracked, 1,214,385,200 with
  the nine and the eight too, counted here from the domain and, independently, from binomials.
* Merging suit states by signature changes no count: merged and unmerged passes agree on a few
  whole compositions here (tests/readers/test_census_slow.py: on every class).
* On a few small chunks (the first compositions of the plan, the last ones, and a seeded sample of
  a middle chunk) the numpy reader gives the Python executor's outcome, every registered
  descriptor, and openbid.systems.evaluate.holds' value of ~20 expressions, class by class.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import pytest

from openbid.systems.descriptors import describe
from openbid.systems.evaluate import OutcomeView, holds
from openbid.expr import parse
from openbid.expr.pycode import compile_expr
from openbid.systems.procedure import program_for
from openbid.bridge.ranks import RankModel
from openbid.systems.rules.meets import meets_expr
from openbid.systems.variants import VARIANTS, load_variant
from openbid.readers.census.arrays import Fx
from openbid.readers.census.domain import (SUITS, TOTAL_HANDS, Chunk, Domain, compositions,
                                           total_classes)
from openbid.readers.census.passes import plan, spec_for

CODE = load_variant("code")
OPENBID_MODEL = RankModel.of("AKQJT")
NINES = RankModel.of("AKQJT98")


# ---- the plan covers everything once ---------------------------------------------------------
def _states_of_length(n: int, tracked: int) -> int:
    """Independent: a suit of n cards holds k of the tracked ranks and n - k of the others,
    and a state fixes only how many others: C(tracked, k) when 0 <= n - k <= 13 - tracked."""
    return sum(comb(tracked, k) for k in range(tracked + 1) if 0 <= n - k <= 13 - tracked)


@pytest.mark.parametrize("model,classes", [(OPENBID_MODEL, 34_033_880), (NINES, 1_214_385_200)])
def test_independent_totals(model: RankModel, classes: int) -> None:
    k = len(model.tracked)
    lengths = range(14)
    got = sum(_states_of_length(c, k) * _states_of_length(d, k) * _states_of_length(h, k)
              * _states_of_length(13 - c - d - h, k)
              for c in lengths for d in lengths for h in lengths if c + d + h <= 13)
    assert got == classes == total_classes(model)
    hands = sum(comb(13, c) * comb(13, d) * comb(13, h) * comb(13, 13 - c - d - h)
                for c in lengths for d in lengths for h in lengths if c + d + h <= 13)
    assert hands == comb(52, 13) == 635_013_559_600 == TOTAL_HANDS


@pytest.mark.parametrize("model", [OPENBID_MODEL, NINES])
def test_model_states(model: RankModel) -> None:
    assert model.n_states == 2 ** len(model.tracked) * (14 - len(model.tracked))
    for n in range(14):
        states = [s for s in range(model.n_states) if model.length[s] == n]
        assert len(states) == _states_of_length(n, len(model.tracked))
        # Vandermonde: the weights of the n-card states sum to C(13, n) holdings
        assert sum(model.weight[s] for s in states) == comb(13, n)
    # the numbering the census has always used for A K Q J T: mask * 9 + small cards
    assert OPENBID_MODEL.state("AT", 3) == 0b10001 * 9 + 3


def _covers(domain: Domain) -> tuple[int, int]:
    seen: list[tuple[int, int, int, int]] = []
    classes = weight = 0
    expected_offset = 0
    for offset, comps in domain.plan:
        assert offset == expected_offset  # offsets are contiguous
        for comp in comps:
            assert sum(comp) == 13
            seen.append(comp)
            expected_offset += domain.rows(comp)
            pos = [domain.suits[k].by_length[n] for k, n in enumerate(comp)]
            classes += int(np.prod([int(domain.suits[k].mult[p].sum()) for k, p in enumerate(pos)]))
            weight += int(np.prod([int(domain.suits[k].weight[p].sum()) for k, p in enumerate(pos)]))
    assert sorted(seen) == sorted(compositions()) and len(seen) == len(set(seen)) == 560
    return classes, weight


@pytest.mark.parametrize("merge", [False, True])
def test_chunk_plan_covers_every_class_once(merge: bool) -> None:
    p = plan(spec_for(CODE, (), outcome=True, merge=merge))
    assert p.domain.merged is merge
    assert _covers(p.domain) == (34_033_880, TOTAL_HANDS)


def test_a_pass_that_reads_the_nine_tracks_it() -> None:
    p = plan(spec_for(CODE, (parse("BODY >= 3"),), outcome=True))
    assert p.model == NINES  # BODY reads T 9 8; OPENBID reads A K Q J T
    assert _covers(p.domain) == (1_214_385_200, TOTAL_HANDS)


def test_chunk_size_and_weights() -> None:
    p = plan(spec_for(CODE, (), outcome=True, merge=False))
    comps = p.domain.plan[0][1][:4]  # (0,0,0,13) (0,0,1,12) (0,0,2,11) (0,0,3,10)
    chunk = _chunk(p.domain, comps)
    assert chunk.size == 1 + 6 * 6 + 16 * 16 + 26 * 26
    w = p.view_of(chunk).weight
    # 13-card spades, 12-1 (S-H), 11-2, 10-3 in two suits: C(13,13) + C(13,12)C(13,1) + ...
    assert int(w.sum()) == sum(comb(13, k) * comb(13, 13 - k) for k in (13, 12, 11, 10))


def _chunk(domain: Domain, comps) -> Chunk:
    parts, sizes = [], []
    for comp in comps:
        grids = np.meshgrid(*(domain.suits[k].by_length[n] for k, n in enumerate(comp)),
                            indexing="ij")
        parts.append([g.ravel() for g in grids])
        sizes.append(grids[0].size)
    return Chunk({s: np.concatenate([pt[k] for pt in parts]) for k, s in enumerate(SUITS)},
                 0, tuple(comps), tuple(sizes))


@pytest.mark.parametrize("variant", ["code", "synopsis"])
def test_merging_changes_no_count_on_whole_compositions(variant: str) -> None:
    """Merged and unmerged, the same compositions give the same weights and classes per
    outcome and per bid point's conditions."""
    rules = load_variant(variant)
    exprs = tuple(meets_expr(rules, lb) for lb in rules.labels if lb != "14")
    merged = plan(spec_for(rules, exprs, outcome=True))
    plain = plan(spec_for(rules, exprs, outcome=True, merge=False))
    assert merged.domain.merged and sum(s.size for s in merged.domain.suits) < 4 * 288
    comps = [c for c in compositions() if c in ((4, 3, 3, 3), (1, 5, 3, 4), (0, 6, 6, 1))]

    def counts(p) -> dict:
        view = p.view_of(_chunk(p.domain, comps))
        run = view.reader(0)
        bidval, section = run.outcome
        mult = view.multiplicity if view.multiplicity is not None else np.ones(view.size, np.int64)
        out: dict = {}
        keys = [("outcome", b, s) for b, s in zip(bidval.tolist(), section.tolist())]
        for k, w, m in zip(keys, view.weight.tolist(), mult.tolist()):
            a = out.setdefault(k, [0, 0])
            a[0] += w
            a[1] += m
        for e in exprs:
            mask = np.broadcast_to(np.asarray(run.cond(e), dtype=bool), (view.size,))
            out[("expr", e)] = [int(view.weight[mask].sum()), int(mult[mask].sum())]
        return out

    assert counts(merged) == counts(plain)


# ---- small chunks ---------------------------------------------------------------------------
def _leading(comps, limit: int):
    out, size = [], 0
    for comp in comps:
        n = _full().domain.rows(comp)
        if size + n > limit:
            continue
        out.append(comp)
        size += n
    return tuple(out)


@lru_cache(maxsize=None)
def _full():
    """Every class of OPENBID's model, unmerged (rows are classes, positions are states)."""
    return plan(spec_for(CODE, (), outcome=True, merge=False))


@lru_cache(maxsize=None)
def small_chunks() -> dict[str, Chunk]:
    domain = _full().domain
    p = domain.plan
    first = _chunk(domain, _leading(p[0][1], 2500))
    last = _chunk(domain, _leading(tuple(reversed(p[-1][1])), 2500))
    middle = domain.chunk(len(p) // 2)
    rows = np.random.default_rng(1967).choice(middle.size, size=2500, replace=False)
    sample = Chunk({s: middle.ids[s][rows] for s in SUITS}, middle.offset)
    return {"first": first, "last": last, "middle-sample": sample}


def _view(rules, chunk: Chunk, exprs=()):
    """The chunk read under ``rules`` (the same states: every variant reads A K Q J T)."""
    p = plan(spec_for(rules, tuple(exprs), outcome=True, merge=False))
    assert p.model == OPENBID_MODEL
    return p.view_of(chunk)


def _hands(chunk: Chunk):
    domain = _full().domain
    return [domain.class_hand(tuple(int(chunk.ids[s][i]) for s in SUITS)) for i in range(chunk.size)]


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
    assert len(set(chunk_hands("middle-sample"))) == 2500  # distinct classes


@pytest.mark.parametrize("name", ["first", "last", "middle-sample"])
def test_numpy_outcomes_equal_the_executor(name: str) -> None:
    chunk = small_chunks()[name]
    bidval, section = _view(CODE, chunk).reader(0).outcome
    program = program_for(CODE)
    bad = []
    for i, h in enumerate(chunk_hands(name)):
        out = program.bid_hand(h)
        if (out.bidval, out.section) != (int(bidval[i]), CODE.labels[int(section[i])]):
            bad.append((h.to_pbn(), out, int(bidval[i]), CODE.labels[int(section[i])]))
    assert bad == []


# Every variant under its own pass: the rank model its rules read (the K&R files track the nine
# and the eight), suit states merged by signature as the census runs, and, for the rules that
# read facts of the deal (sayc), a fixed context each. The executor bids each class's
# representative hand; the numpy reader must agree on every one.
CONTEXTS = ({"SEAT": 1, "VUL": False, "THEYVUL": False}, {"SEAT": 3, "VUL": False, "THEYVUL": True},
            {"SEAT": 4, "VUL": True, "THEYVUL": True})


def _contexts_of(rules) -> tuple[dict, ...]:
    from openbid.readers.contexts import facts_read

    return CONTEXTS if facts_read([rules]) else ({},)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_numpy_outcomes_equal_the_executor_every_variant(variant: str) -> None:
    rules = load_variant(variant)
    program = program_for(rules)
    for context in _contexts_of(rules):
        p = plan(spec_for(rules, (), outcome=True, merge=True, context=tuple(context.items())))
        middle = p.domain.chunk(len(p.domain.plan) // 2)
        rows = np.random.default_rng(1967).choice(middle.size, size=min(800, middle.size),
                                                  replace=False)
        chunk = Chunk({s: middle.ids[s][rows] for s in SUITS}, middle.offset)
        bidval, section = p.view_of(chunk).reader(0).outcome
        for i in range(chunk.size):
            h = p.domain.class_hand(tuple(int(chunk.ids[s][i]) for s in SUITS))
            out = program.run(program.describe(h, tuple(context.items())))
            assert (out.bidval, out.section) == (int(bidval[i]), rules.labels[int(section[i])]), (
                h.to_pbn(), context)


def test_a_context_is_read_where_the_rules_read_it() -> None:
    """The per-context check above is not vacuous: SAYC bids some class differently by seat."""
    rules = load_variant("sayc")
    outs = []
    for context in CONTEXTS:
        p = plan(spec_for(rules, (), outcome=True, merge=True, context=tuple(context.items())))
        chunk = p.domain.chunk(len(p.domain.plan) // 2)
        outs.append(p.view_of(chunk).reader(0).outcome[0])
    assert any(not np.array_equal(outs[0], o) for o in outs[1:])


DESCRIPTOR_CASES = [("code", "first"), ("code", "last"), ("code", "middle-sample"),
                    ("playtricks-procedure", "middle-sample"),
                    ("playtricks-table-fixed", "middle-sample"),
                    ("solid-as-printed", "middle-sample"),
                    ("notrumptry-appendix2", "middle-sample")]


def _column(v, n: int) -> list:
    if isinstance(v, Fx):
        return v.values()
    if isinstance(v, np.ndarray):
        return v.tolist()
    return [v] * n


@pytest.mark.parametrize("variant,name", DESCRIPTOR_CASES)
def test_numpy_descriptors_equal_describe(variant: str, name: str) -> None:
    """Every descriptor of the registry's PRELIM group, read by numpy, against the executor."""
    rules = load_variant(variant)
    chunk = small_chunks()[name]
    run = _view(rules, chunk).reader(0)
    hands = chunk_hands(name)
    tables = [describe(h, rules.readings).table() for h in hands]
    for key in tables[0]:
        first = tables[0][key]
        if isinstance(first, dict):
            for letter in "SHDC":
                got = _column(run.value(parse(f"{key}({letter})", want=None)), chunk.size)
                assert got == [t[key][letter] for t in tables], (key, letter)
        elif isinstance(first, list):
            for i in range(len(first)):
                got = _column(run.value(parse(f"{key}({i + 1})", want=None)), chunk.size)
                assert got == [t[key][i] for t in tables], (key, i)
        elif isinstance(first, str):
            for text in {t[key] for t in tables}:
                got = _column(run.cond(parse(f'{key} = "{text}"')), chunk.size)
                assert got == [t[key] == text for t in tables], (key, text)
        else:
            got = _column(run.value(parse(key, want=None)), chunk.size)
            assert got == [t[key] for t in tables], key
    assert (_view(rules, chunk).weight == np.array([h.class_size for h in hands])).all()


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
    m = _view(rules, chunk, (parse(text),)).reader(0).cond(parse(text))
    return np.broadcast_to(np.asarray(m, dtype=bool), (chunk.size,))


@pytest.mark.parametrize("name", ["first", "middle-sample"])
def test_expressions_numpy_equals_python(name: str) -> None:
    chunk = small_chunks()[name]
    hands = chunk_hands(name)[:1500]
    program = program_for(CODE)
    # The Python reader, as openbid.systems.evaluate.holds runs it: descriptors, outcome, compiled expr.
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
