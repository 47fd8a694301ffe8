"""A run (openbid.sim.engine): its tally is the sum of its units, whatever the tasks, the
workers (this process, one or two Dask workers) or the store; a store extends a sample instead
of bidding it again; the statistics (openbid.sim.tally) are the counts' and their intervals."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from openbid.base.errors import OpenbidError
from openbid.base.stats import wilson
from openbid.sim import engine
from openbid.sim.deals import CHUNK, SCHEME
from openbid.sim.engine import Settings, run, tasks_for
from openbid.sim.store import FORMAT, SimStore
from openbid.sim.tally import END, OFF, Tally, ratio_interval, summarize
from openbid.systems.auction import load_system, system_of
from openbid.systems.variants import resolve_spec

ROOT = Path(__file__).resolve().parents[2]
SMALL = str(ROOT / "openbid/systems/examples/small.rules")


def small() -> Settings:
    return Settings(resolve_spec(SMALL), 5, "cycle", "cycle")


def test_a_tally_counts_what_the_executor_bids() -> None:
    """The reach of every node is the number of deals whose executor auction passes through it;
    the kinds are System.node's."""
    from openbid.sim import deals as D

    s = Settings(resolve_spec("sayc"), 8, "cycle", "cycle")
    got = run(s, 700, workers=0).tally
    system = system_of(s.rules)
    want: dict[str, int] = {}
    for i, deal in enumerate(D.deals(8, 0, 700)):
        a = system.bid_deal(D.hands_of(deal), D.dealer_of("cycle", i), D.vul_of("cycle", i))
        for k in range(len(a.auction) + 1):
            key = " ".join(a.auction[:k])
            want[key] = want.get(key, 0) + 1
    assert got.reach == want and got.deals == 700
    for a, kind in got.kind.items():
        if kind == END:
            assert a == " ".join(a.split()) and a.split()[-3:] == ["PASS"] * 3
        else:
            assert (kind == OFF) == system.node(a).off_system


def test_tasks_and_units_do_not_change_the_tally(monkeypatch) -> None:
    s = small()
    n = 2 * CHUNK + 1234
    one = run(s, n, workers=0).tally
    monkeypatch.setattr(engine, "TASK_DEALS", CHUNK)  # one chunk a task
    assert len(tasks_for(engine.spans(0, n), 1)) == 3
    many = run(s, n, workers=0).tally
    assert (one.reach, one.kind, one.block) == (many.reach, many.kind, many.block)


def test_tasks_are_whole_chunks_about_one_per_worker() -> None:
    units = engine.spans(0, 20 * CHUNK + 5)
    sizes = [sum(b - a for _, a, b in t) for t in tasks_for(units, 2)]
    assert engine.TASK_DEALS == 16 * CHUNK
    assert sizes == [11 * CHUNK, 9 * CHUNK + 5]
    assert [sum(b - a for _, a, b in t) for t in tasks_for(units, 1)] == \
        [16 * CHUNK, 4 * CHUNK + 5]


def test_one_and_two_dask_workers_give_the_same_result(monkeypatch) -> None:
    """This process, a local cluster of one worker and one of two: the same tally (three tasks
    of one chunk each, finishing in any order)."""
    monkeypatch.setattr(engine, "TASK_DEALS", CHUNK)
    s = small()
    n = 2 * CHUNK + 999
    here = run(s, n, workers=0)
    one = run(s, n, workers=1)
    two = run(s, n, workers=2)
    assert (one.engine, one.workers, two.workers) == ("dask local cluster", 1, 2)
    for other in (one, two):
        assert (other.tally.reach, other.tally.kind, other.tally.block, other.tally.deals) == \
            (here.tally.reach, here.tally.kind, here.tally.block, here.tally.deals)


def test_a_store_extends_a_sample_instead_of_bidding_it_again(tmp_path: Path) -> None:
    s = small()
    path = tmp_path / "sim.duckdb"
    direct = run(s, CHUNK + 3000, workers=0).tally
    with SimStore(path) as store:
        first = run(s, 1000, workers=0, store=store)
        assert (first.stored, first.bid, first.kept) == (0, 1000, 1000)
        second = run(s, CHUNK + 3000, workers=0, store=store)  # the first 1,000 from the store
        assert (second.stored, second.bid, second.kept) == (1000, CHUNK + 2000, CHUNK + 2000)
        assert (second.tally.reach, second.tally.kind, second.tally.block) == \
            (direct.reach, direct.kind, direct.block)
        third = run(s, CHUNK + 3000, workers=0, store=store)
        assert (third.stored, third.bid, third.engine) == (CHUNK + 3000, 0, "store")
        assert third.tally.reach == direct.reach
        # fewer deals: the stored units within them, the rest bid and not kept (it overlaps a
        # stored unit that runs past them)
        fewer = run(s, 500, workers=0, store=store)
        assert (fewer.stored, fewer.bid, fewer.kept) == (0, 500, 0)
        assert fewer.tally.reach == run(s, 500, workers=0).tally.reach
        # another seed is another run in the same store
        other = run(Settings(s.rules, 6, s.dealer, s.vul), 100, workers=0, store=store)
        assert other.stored == 0 and other.kept == 100
        runs = store.summary()
        assert sorted(r[5] for r in runs) == [100, CHUNK + 3000]
        (meta,) = store.db.execute("SELECT value FROM sim_meta").fetchall()
        assert meta == (FORMAT,)
        assert store.db.execute("SELECT DISTINCT scheme FROM sim_runs").fetchall() == [(SCHEME,)]


def test_a_store_refuses_what_is_not_a_simulation_store(tmp_path: Path) -> None:
    import duckdb

    other = tmp_path / "other.duckdb"
    db = duckdb.connect(str(other))
    db.execute("CREATE TABLE t (x INTEGER)")
    db.close()
    with pytest.raises(OpenbidError, match="not a simulation store"):
        SimStore(other)
    with pytest.raises(OpenbidError, match="is a directory"):
        SimStore(tmp_path)
    with pytest.raises(OpenbidError, match="no such folder"):
        SimStore(tmp_path / "nowhere" / "s.duckdb")
    assert duckdb.connect(str(other)).execute("SELECT count(*) FROM t").fetchone() == (0,)


def test_a_failed_store_write_keeps_nothing_of_the_task(tmp_path: Path) -> None:
    """A unit already stored makes the task's transaction fail: none of its units is kept."""
    s = small()
    with SimStore(tmp_path / "s.duckdb") as store:
        key = s.digest()
        store.begin_run(key, s)
        part = engine.bid_job(engine.Job(s, ((0, 0, 100), (0, 100, 200))))
        store.add(key, [(part.units[1], part.unit_tally(1))])
        with pytest.raises(Exception):
            store.add(key, [(part.units[0], part.unit_tally(0)),
                            (part.units[1], part.unit_tally(1))])
        assert store.units(key) == {0: [(100, 200)]}
        tally, taken = store.load(key, 200)
        assert taken == [(0, 100, 200)] and tally.reach == part.unit_tally(1).reach


def test_the_summary_is_the_tallys_counts_with_their_intervals() -> None:
    s = Settings(load_system("sayc").rules, 3)
    r = run(s, 5000, workers=0)
    sm = summarize(r.tally)
    root = sm.nodes[0]
    assert root.auction == "" and root.reached.exact and root.reached.count == 5000
    for node in sm.nodes:
        if not node.ended:
            assert sum(c.share.count for c in node.calls) == node.reached.count
        for c in node.calls:
            assert (c.share.low, c.share.high) == wilson(c.share.count, node.reached.count)
        if node.auction:
            assert (node.reached.low, node.reached.high) == wilson(node.reached.count, 5000)
    counts = [n.reached.count for n in sm.coverage.nodes]
    assert counts == sorted(counts, reverse=True) and all(n.kind == OFF for n in sm.coverage.nodes)
    ended = [n for n in sm.nodes if n.ended]
    assert sum(n.reached.count for n in ended) == 5000
    assert sm.coverage.off_calls.den == sum(n.reached.count * len(n.auction.split())
                                            for n in ended)
    # the calls made at off-system nodes: one per deal reaching each off-system node
    assert sm.coverage.off_calls.num == sum(n.reached.count for n in sm.coverage.nodes)


def test_the_ratio_interval_is_the_delta_method_over_deals() -> None:
    rng = np.random.default_rng(0)
    y = rng.integers(4, 20, size=3000)
    x = rng.binomial(y, 0.3)
    got = ratio_interval(int(x.sum()), int(y.sum()), int((x * x).sum()), int((y * y).sum()),
                         int((x * y).sum()), len(x))
    r = x.sum() / y.sum()
    # the textbook form: var(R) = sum((x - R y)^2) / (n (n - 1) mean(y)^2)
    half = 1.959963984540054 * math.sqrt(((x - r * y) ** 2).sum() / (len(x) * (len(x) - 1))) \
        / y.mean()
    assert math.isclose(got.value, r) and math.isclose(got.high - r, half, rel_tol=1e-9)
    assert math.isclose(r - got.low, half, rel_tol=1e-9)
    assert ratio_interval(0, 0, 0, 0, 0, 10).low == 0.0  # nothing known: [0, 1]


def test_how_often_an_auction_begins_so() -> None:
    r = run(Settings(load_system("sayc").rules, 3), 4000, workers=0).tally
    got = r.share("1nt p")
    assert got.count == r.reach["1NT PASS"] and (got.low, got.high) == wilson(got.count, 4000)
    assert r.share("").exact and r.share("7NT").count == 0
    with pytest.raises(OpenbidError):
        r.share("1NT 1C")


def test_a_tally_refuses_a_node_of_two_kinds() -> None:
    t = Tally(1, {"": 1}, {"": 0}, {"": ""})
    with pytest.raises(AssertionError):
        t.merge(Tally(1, {"": 1}, {"": 1}, {}))
