"""The tree census's levels past the opening (openbid.readers.census.tree.level): where most rules
read less than a few do (here, only a Gerber answer counts aces, and one rule reads the points in
a suit), the nodes that read less are read over rows that merge what they do not read (the
lumped level: no aces; the summed level above it: only the suits' lengths and the hand's points),
and those that read more over the lumped or coarse rows of the player's rows. Every count, every
example and every node are the census's without the levels."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from openbid.bridge.hand import Hand
from openbid.checks.nodes import NodeModel, replays
from openbid.readers.census.tree import tree_census
from openbid.readers.census.tree.walk import Walk
from openbid.systems.auction import parse_auction, system_of
from openbid.systems.variants import resolve
from tests.checks.test_tree_census import SMALL, assert_same_census

GERBER = """
auction "1NT P 2C P * P" else pass
  section 1 "Responder after Stayman"
    bid gerber when HCP >= 16 value 4C

auction "1NT P 4C P" else pass
  section 1 "Gerber answers"
    bid none when ACES = 0 value 4D
    bid one when ACES = 1 value 4H
    bid two when ACES = 2 value 4S
    bid more when true value 4NT

auction "1NT P 2C P * P 4C P" else pass
  section 1 "Gerber answers after Stayman"
    bid none when ACES = 0 value 4D
    bid one when ACES = 1 value 4H
    bid two when ACES = 2 value 4S
    bid more when true value 4NT

auction "1NT P 4C P * P" else pass
  section 1 "After the answer"
    bid grand when HCP >= 20 and SUITPOINTS(S) >= 9 value 7NT
    bid slam when HCP >= 20 value 6NT
    bid stop when true value PASS
"""


def _gerber_text() -> str:
    """The example with a strong 2C on playing tricks (only the opening reads them: the later
    nodes are read over coarse rows) and Gerber over 1NT (only its answers read the aces; only
    the asker's next call reads the points in a suit, not only the hand's)."""
    text = Path(SMALL).read_text()
    assert "  bid 1nt when" in text and "    bid game when HCP >= 10 value 3NT" in text
    text = text.replace("  bid 1nt when", "  bid strong when PLAYTRICKS >= 9 value 2C\n"
                        "  bid 1nt when", 1)
    text = text.replace("    bid game when HCP >= 10 value 3NT",
                        "    bid gerber when HCP >= 18 value 4C\n"
                        "    bid game when HCP >= 10 value 3NT", 1)
    return text + GERBER


@pytest.fixture(scope="module")
def gerber(tmp_path_factory):
    path = tmp_path_factory.mktemp("gerber") / "gerber.rules"
    path.write_text(_gerber_text())
    return resolve(None, str(path))


@pytest.fixture(scope="module")
def plans(gerber):
    from openbid.checks.tree import _seed_auctions
    from openbid.readers.census.passes import plan
    from openbid.readers.census.tree import TreeSpec, coarse_plan
    from openbid.readers.census.tree.plan import lumped_plan

    system = system_of(gerber)
    # (as the census plans again when it meets the answers, which no seed reaches)
    spec = TreeSpec(system.rules, _seed_auctions(system, 300) + (parse_auction("1NT P 4C P"),))
    p = plan(spec.pass_spec())
    pc = coarse_plan(spec, p)
    return spec, p, pc, lumped_plan(spec, p, pc)


def _census(rules):
    """The census as the checks make it: planned for a sample of the system's nodes."""
    from openbid.checks.tree import _seed_auctions

    return tree_census(rules, (), lambda: _seed_auctions(system_of(rules), 300))


@pytest.fixture(scope="module")
def lumped_census(gerber):
    return _census(gerber)


def test_the_lumped_pass_merges_what_only_the_aces_tell_apart(plans):
    _, _, pc, pq = plans
    assert pc is not None and pq is not None
    assert all(q.size < c.size for q, c in zip(pq.domain.suits, pc.domain.suits))
    names = {t.name for k in pq.tables for t in pq.tables[k]}
    assert "ACE" not in names and "SUITLENGTH" in names


def test_each_node_is_read_over_the_level_of_what_it_reads(gerber, plans):
    from openbid.readers.census.tree.walk import Walk
    from openbid.readers.census.tree.merge import partition

    spec, p, pc, pq = plans
    walk = Walk(spec, p, 0, partition(p, pq, 1)[0], pc)
    walk.open()
    assert walk.lumped is not None and walk.summed is not None
    responder = walk.rows(parse_auction("1NT P"), 2, 0)
    assert responder == -1  # every row
    assert walk.level_mask(parse_auction("1NT P"), responder) == walk.summed.all_rows
    answer = parse_auction("1NT P 4C P")
    opener = walk.rows(answer, 0, 0)  # 1NT's rows, summed at 1NT P 2C P
    summed = walk.level_mask(parse_auction("1NT P 2C P"), opener)
    coarse = walk.level_mask(answer, summed)
    assert summed[2:] == (2,) and len(coarse) == 2  # the aces: the coarse rows of the summed
    assert walk.level_mask(answer, coarse) == coarse
    # the expanded rows are the origin's own: the same rows, hands and first rows
    assert coarse == opener
    # a summed row's hands are its coarse rows' sums, its first row their least
    w, f = walk.coarse_arrays(opener, walk.rows_of(opener))
    ws, fs = walk.summed.coarse_arrays(summed, walk.summed.rows_of(summed))
    assert ws.sum() == w.sum() and fs.min() == f.min()
    assert len(ws) < len(w)
    # the asker's next call reads the points in spades: the lumped rows of the asker's summed
    after = parse_auction("1NT P 4C P 4H P")
    asker = walk.rows(after, 2, 0)  # 4C's rows at 1NT P, summed
    assert asker[2:] == (2,)
    lumped = walk.level_mask(after, asker)
    assert lumped[2:] == (1,)
    assert walk.lumped.base[lumped[0]] == walk.summed.base[asker[0]]  # (every row: the same)
    wq, fq = walk.lumped.coarse_arrays(lumped, walk.lumped.rows_of(lumped))
    ws, fs = walk.summed.coarse_arrays(asker, walk.summed.rows_of(asker))
    assert wq.sum() == ws.sum() and fq.min() == fs.min() and len(ws) < len(wq)
    # and a lumped node's mask is not taken up again
    assert walk.level_mask(parse_auction("1NT P 2C P"), lumped) == lumped


def test_the_lumped_census_equals_the_census_without_it(gerber, lumped_census, monkeypatch):
    import openbid.readers.census.tree.plan as planning
    import openbid.readers.census.tree.walk as walking

    monkeypatch.setattr(planning, "lumped_plan", lambda spec, p, pc: None)
    monkeypatch.setattr(walking, "lumped_plan", lambda spec, p, pc: None)
    coarse = _census(gerber)
    assert parse_auction("1NT P 4C P 4H P") in coarse.counts  # the aces were read
    assert parse_auction("1NT P 2C P 2H P 4C P") in coarse.counts  # (after Stayman)
    assert_same_census(coarse, lumped_census)


def test_every_example_of_the_lumped_census_replays(gerber, lumped_census):
    model = NodeModel(system_of(gerber))
    for a, nc in lumped_census.counts.items():
        for call, (_, ex, _) in nc.calls.items():
            assert replays(model, a, Hand.parse(ex.hand), ex.vul, call), (a, call)


def test_a_lumped_origin_sums_its_coarse_rows_and_expands_to_them(plans):
    """Lumped by hand, row by row: an origin of some coarse rows, some of them with fewer
    hands and a later first row than all of theirs (a call some of their hands make)."""
    from openbid.readers.census.tree.merge import partition
    from openbid.readers.census.tree.walk import Walk

    spec, p, pc, pq = plans
    walk = Walk(spec, p, 0, partition(p, pq, 1)[0], pc)
    walk.open()
    lv = walk.lumped
    rng = np.random.default_rng(7)
    rows = np.flatnonzero(rng.random(walk.cn) < 0.3).astype(np.int32)
    some = np.sort(rng.choice(rows, len(rows) // 3, replace=False))
    split = (some, np.floor(walk.w_all[some] / 2), walk.first_all[some] + 1)
    cmask = walk._origin(rows, split)
    w = walk.w_all[rows].copy()
    f = walk.first_all[rows].copy()
    at = np.searchsorted(rows, some)
    w[at], f[at] = split[1], split[2]
    up = lv.up[rows]
    qrows = np.unique(up)
    want_w = np.zeros(lv.cn)
    np.add.at(want_w, up, w)
    want_f = np.full(lv.cn, np.iinfo(np.int64).max)
    np.minimum.at(want_f, up, f)
    qmask = lv.lump(cmask)
    assert np.array_equal(lv.rows_of(qmask), qrows)
    got_w, got_f = lv.coarse_arrays(qmask, qrows)
    assert np.array_equal(got_w, want_w[qrows]) and np.array_equal(got_f, want_f[qrows])
    assert lv.origins[qmask[0]] is not None  # some lumped rows are not all of their hands
    # a lumped set of some of those rows is their coarse rows of the origin, with its hands
    pick = np.sort(rng.choice(qrows, len(qrows) // 2, replace=False))
    back = lv.expand(lv.intern_like(qmask, pick))
    assert back[0] == cmask[0]
    assert np.array_equal(walk.rows_of(back), rows[np.isin(up, pick)])


def _map_read_from_rows(p, pc, chunk) -> tuple[np.ndarray, int]:
    """Each row of ``chunk`` (whole compositions of ``p``) -> its class of ``pc``, read from
    the row's own suit states: their places among the coarse states of their lengths, as the
    digits of the class's number within its composition."""
    from openbid.readers.census.domain import SUITS
    from openbid.readers.census.tree.opening import coarse_ranks

    ranks = coarse_ranks(p, pc)
    cs = pc.domain.suits
    dims = np.array([[len(cs[k].by_length[n]) for k, n in enumerate(comp)]
                     for comp in chunk.comps], dtype=np.int64).reshape(-1, 4)
    per = dims.prod(axis=1)
    sizes = np.array(chunk.sizes, dtype=np.intp)
    out = np.repeat(np.concatenate(([0], np.cumsum(per)[:-1])), sizes)
    d = [np.repeat(dims[:, k], sizes) for k in range(4)]
    r = [ranks[k][chunk.ids[s]] for k, s in enumerate(SUITS)]
    out += ((r[0] * d[1] + r[1]) * d[2] + r[2]) * d[3] + r[3]
    return out, int(per.sum())


@pytest.mark.parametrize("level", ["fine to coarse", "coarse to lumped"])
def test_the_classes_of_the_finer_rows_are_those_of_their_suit_states(plans, level):
    """The arithmetic map (each composition's suit states, :func:`class_map`: the opening's
    fine rows to the coarse ones, the coarse rows to the lumped ones) against the map read from
    every row's own suit states."""
    from openbid.readers.census.tree.opening import class_map

    _, p, pc, pq = plans
    finer, coarser = (p, pc) if level == "fine to coarse" else (pc, pq)
    chunk = finer.domain.chunk_of(finer.domain.plan[0][1] + finer.domain.plan[-1][1])
    got, n = class_map(finer, coarser, chunk.comps)
    want, m = _map_read_from_rows(finer, coarser, chunk)
    assert n == m and np.array_equal(got, want)


def test_the_summed_level_tells_apart_the_lengths_and_the_points(plans):
    from openbid.readers.census.tree.plan import summed_plan

    spec, _, _, pq = plans
    # the points in a suit are read by one rule past the opening: left to the lumped level
    assert summed_plan(spec, pq) == (frozenset({"SUITLENGTH"}), ("HCP",))


def test_a_summed_census_equals_the_census_with_the_lumped_level_alone(
        gerber, lumped_census, monkeypatch):
    import openbid.readers.census.tree.walk as walking

    monkeypatch.setattr(walking, "summed_plan", lambda spec, pq: None)
    lumped = _census(gerber)
    # (read over lumped rows: the points in spades)
    assert "7NT" in lumped.counts[parse_auction("1NT P 4C P 4H P")].calls
    assert_same_census(lumped, lumped_census)


def _points(hand: Hand) -> tuple:
    """A hand's suits' lengths and its high-card points, from its cards."""
    lengths = tuple(h.length for h in hand.holdings)
    hcp = sum(v for h in hand.holdings for r, v in zip("AKQJ", (4, 3, 2, 1)) if h.has(r))
    return lengths, hcp


def test_a_summed_row_is_the_lumped_rows_of_one_shape_and_point_count(plans):
    """Read from hands: each lumped row's first hand (its lengths and points are every hand's
    of the row), a sample of rows: rows of one summed row have the same, rows of two differ."""
    from openbid.readers.census.tree.merge import partition
    from openbid.readers.census.tree.walk import Walk

    spec, p, pc, pq = plans
    walk = Walk(spec, p, 0, partition(p, pq, 1)[0], pc)
    walk.open()
    lv, sv = walk.lumped, walk.summed
    assert lv is not None and sv is not None
    assert sv.cn < lv.cn and len(sv.down) == lv.cn
    rng = np.random.default_rng(3)
    seen: dict[tuple, int] = {}
    held: dict[int, tuple] = {}
    for row in rng.choice(lv.cn, 3000, replace=False).tolist():
        key = _points(p.domain.row_hand(int(lv.first_all[row])))
        up = int(sv.down[row])
        assert seen.setdefault(key, up) == up
        assert held.setdefault(up, key) == key
    # a summed row is read at its first lumped row: every representative is its own row's
    assert np.array_equal(sv.down[sv.reps], np.arange(sv.cn))
    assert (np.diff(sv.reps) > 0).all()


def test_a_summed_origin_sums_its_coarse_rows_and_lowers_to_the_lumped_ones(plans):
    """Summed by hand, row by row, as the lumped origin above; a set of its rows taken down to
    the lumped rows (a node reading the points in a suit) and to the coarse rows (the aces)."""
    from openbid.readers.census.tree.merge import partition
    from openbid.readers.census.tree.walk import Walk

    spec, p, pc, pq = plans
    walk = Walk(spec, p, 0, partition(p, pq, 1)[0], pc)
    walk.open()
    lv, sv = walk.lumped, walk.summed
    assert lv is not None and sv is not None
    rng = np.random.default_rng(11)
    rows = np.flatnonzero(rng.random(walk.cn) < 0.3).astype(np.int32)
    some = np.sort(rng.choice(rows, len(rows) // 3, replace=False))
    split = (some, np.floor(walk.w_all[some] / 2), walk.first_all[some] + 1)
    cmask = walk._origin(rows, split)
    w = walk.w_all[rows].copy()
    f = walk.first_all[rows].copy()
    at = np.searchsorted(rows, some)
    w[at], f[at] = split[1], split[2]
    up = sv.down[lv.up[rows]]
    srows = np.unique(up)
    want_w = np.zeros(sv.cn)
    np.add.at(want_w, up, w)
    want_f = np.full(sv.cn, np.iinfo(np.int64).max)
    np.minimum.at(want_f, up, f)
    smask = sv.lump(cmask)
    assert smask[2:] == (2,)
    assert np.array_equal(sv.rows_of(smask), srows)
    got_w, got_f = sv.coarse_arrays(smask, srows)
    assert np.array_equal(got_w, want_w[srows]) and np.array_equal(got_f, want_f[srows])
    pick = np.sort(rng.choice(srows, len(srows) // 2, replace=False))
    some_rows = sv.intern_like(smask, pick)
    down = sv.lower(some_rows)  # the lumped rows, with the origin's hands
    lumped_rows = lv.rows_of(lv.lump(cmask))
    assert down[2:] == (1,)
    assert np.array_equal(lv.rows_of(down), lumped_rows[np.isin(sv.down[lumped_rows], pick)])
    back = sv.expand(some_rows)  # the coarse rows
    assert back[0] == cmask[0]
    assert np.array_equal(walk.rows_of(back), rows[np.isin(up, pick)])
    assert np.array_equal(walk.rows_of(lv.expand(down)), walk.rows_of(back))


def test_no_summed_level_where_the_rules_read_the_points_suit_by_suit(tmp_path):
    """The same system with every point count past the opening written as the sum of the
    suits' points: most rules read the points in each suit, and a summed level would merge
    nothing the lumped one does not."""
    from openbid.checks.tree import _seed_auctions
    from openbid.readers.census.passes import plan
    from openbid.readers.census.tree import TreeSpec, coarse_plan
    from openbid.readers.census.tree.plan import lumped_plan, summed_plan
    head, sep, later = _gerber_text().partition('auction "')
    assert sep and "HCP" in later
    path = tmp_path / "suits.rules"
    path.write_text(head + sep + later.replace(
        "HCP", "(SUITPOINTS(S) + SUITPOINTS(H) + SUITPOINTS(D) + SUITPOINTS(C))"))
    system = system_of(resolve(None, str(path)))
    spec = TreeSpec(system.rules, _seed_auctions(system, 300) + (parse_auction("1NT P 4C P"),))
    p = plan(spec.pass_spec())
    pq = lumped_plan(spec, p, coarse_plan(spec, p))
    assert pq is not None  # (the aces are still left to the coarse level)
    assert summed_plan(spec, pq) is None


def test_a_claim_reading_the_points_in_a_suit_keeps_its_node_below_the_summed_level(
        gerber, tmp_path, monkeypatch):
    """A claim is read over the rows its node is read over: a claim about the points in a suit
    (the Stayman bidder's hearts) takes its node to the lumped level, one about the hand's
    points (opener's answer) leaves its node summed; every claim's counts equal the census's
    with the lumped level alone."""
    import openbid.readers.census.tree.walk as walking
    from openbid.checks.tree import _seed_auctions, census_claims
    from openbid.readers.census.passes import plan
    from openbid.readers.census.tree import TreeSpec, coarse_plan
    from openbid.readers.census.tree.merge import partition
    from openbid.readers.census.tree.plan import lumped_plan
    from openbid.systems.claims import load_claims

    path = tmp_path / "claims.txt"
    path.write_text("shows stayman.hearts\n  source: test\n  quote: test\n"
                    "  auction: 1NT P\n  call: 2C\n  cond: SUITPOINTS(H) >= 1\n  expect: FAILED\n\n"
                    "shows answer.points\n  source: test\n  quote: test\n"
                    "  auction: 1NT P 2C P\n  call: 2H\n  cond: HCP >= 15\n  expect: HELD\n")
    claims = census_claims(tuple(load_claims(path, gerber)))
    system = system_of(gerber)
    seeds = _seed_auctions(system, 300) + (parse_auction("1NT P 4C P"),)
    spec = TreeSpec(system.rules, seeds, claims=claims)
    p = plan(spec.pass_spec())
    pc = coarse_plan(spec, p)
    walk = Walk(spec, p, 0, partition(p, lumped_plan(spec, p, pc), 1)[0], pc)
    assert walk._level_at(parse_auction("1NT P")) == 1
    assert walk._level_at(parse_auction("1NT P 2C P")) == 2
    summed = tree_census(gerber, claims, lambda: seeds)
    monkeypatch.setattr(walking, "summed_plan", lambda spec, pq: None)
    lumped = tree_census(gerber, claims, lambda: seeds)
    assert_same_census(summed, lumped)
    for a, nc in lumped.counts.items():
        assert summed.counts[a].claims == nc.claims, a
    hearts = summed.counts[parse_auction("1NT P")].claims["stayman.hearts"]
    assert hearts[0] > 0 and hearts[1] > 0  # (some Stayman bidders hold no heart honour)
    points = summed.counts[parse_auction("1NT P 2C P")].claims["answer.points"]
    assert points[0] > 0 and points[1] == 0
