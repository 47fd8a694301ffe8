"""The engine on a local Dask cluster of two workers, on a scheduler already running, and
interrupted: results equal endplay's own tables, nothing solved is lost, no process outlives
the command. A handful of deals each (a cluster starts in a few seconds)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from openbid.bridge import deals
from openbid.dd.engine import Request, batches, cost, plan, run
from openbid.dd.solve import ALL_PAIRS
from openbid.dd.store import Store
from openbid.base.errors import OpenbidError

from dd.test_store import dds_table  # noqa: E402  (tests/ is on the path)

ROOT = Path(__file__).resolve().parents[2]


def _marked(mark: str) -> list[int]:
    """Pids of live processes whose environment carries ``mark`` (a command's and its
    children's: they inherit it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if mark.encode() in (entry / "environ").read_bytes():
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
                if state != "Z":
                    found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_plan_asks_only_what_the_store_lacks(tmp_path: Path) -> None:
    a, b = deals.random_deal("plan", 1), deals.random_deal("plan", 2)
    with Store(tmp_path / "s.duckdb") as store:
        store.add([(a, {("N", "S"): 9})], "t")
        jobs, asked, stored = plan([Request(a, frozenset({("N", "S")})), Request(b),
                                    Request(a, frozenset({("E", "H")}))], store)
    assert (asked, stored) == (2, 0)
    assert dict(jobs) == {a: frozenset({("E", "H")}), b: frozenset(ALL_PAIRS)}
    assert cost(frozenset(ALL_PAIRS)) == 10 and cost(frozenset({("N", "S"), ("S", "S")})) == 1.5
    assert [len(t) for t in batches([(a, frozenset({("N", "S")}))] * 7, 3)] == [3, 3, 1]


def test_a_local_cluster_of_two_workers(tmp_path: Path) -> None:
    keys = [deals.random_deal("cluster", n) for n in range(1, 5)]
    asks = [Request(keys[0]), Request(keys[1], frozenset({("S", "NT")})),
            Request(keys[2], frozenset({("W", "H"), ("E", "H")})), Request(keys[3])]
    seen: list[tuple[int, int]] = []
    with Store(tmp_path / "s.duckdb") as store:
        r = run(asks, store, "test", workers=2, batch_size=1,
                progress=lambda done, total: seen.append((done, total)))
        assert (r.engine, r.workers, r.asked, r.solved) == ("dask local cluster", 2, 4, 4)
        assert seen[-1] == (4, 4) and len(seen) == 4
        got = store.known(keys)
        again = run(asks, store, "test", workers=2)
    assert (again.solved, again.stored, again.engine) == (0, 4, "store")
    for key, ask in zip(keys, asks):
        full = dds_table(key)
        assert set(ask.wanted) <= set(got[key])
        assert all(full[p] == v for p, v in got[key].items())
    assert not _children()


def _children() -> list[int]:
    """This process's live children, but multiprocessing's resource tracker: one per process
    that ever spawned, it ends when this process does (its pipe closes)."""
    me = str(os.getpid())
    out = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            tracker = b"resource_tracker" in (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if fields[1] == me and fields[0] != "Z" and not tracker:
            out.append(int(entry.name))
    return out


def test_a_scheduler_already_running(tmp_path: Path, monkeypatch) -> None:
    from distributed import LocalCluster

    from openbid.dd import engine

    monkeypatch.setattr(engine, "CONNECT", "1s")  # for the address where nothing listens
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address="127.0.0.1:0") as cluster:
        key = deals.random_deal("scheduler", 1)
        with Store(tmp_path / "s.duckdb") as store:
            r = run([Request(key, frozenset({("N", "NT")}))], store, "test",
                    scheduler=cluster.scheduler_address)
            got = store.known([key])[key]
        assert r.engine == f"dask scheduler {cluster.scheduler_address}" and r.workers == 1
        assert got[("N", "NT")] == dds_table(key)[("N", "NT")]
    with Store(tmp_path / "s2.duckdb") as store, pytest.raises(OpenbidError, match="cannot reach"):
        run([Request(key)], store, "test", scheduler="tcp://127.0.0.1:9")
    with LocalCluster(n_workers=0, processes=False, dashboard_address="127.0.0.1:0") as empty, \
            Store(tmp_path / "s3.duckdb") as store, pytest.raises(OpenbidError, match="no workers"):
        run([Request(key)], store, "test", scheduler=empty.scheduler_address)


def test_an_interrupt_keeps_what_was_solved_and_leaves_no_process(tmp_path: Path) -> None:
    """``openbid dd fill`` on a two-worker cluster, SIGINT once a batch is stored: exit 2,
    'interrupted', every stored result right, the rerun finds them, and no process carrying
    the command's environment mark is left."""
    store = tmp_path / "s.duckdb"
    mark = f"OPENBID_TEST_MARK_{uuid.uuid4().hex}"
    env = {**os.environ, "PYTHONPATH": str(ROOT), mark: "1"}
    argv = [sys.executable, "-m", "openbid.cli.main", "dd", "fill", "--deals", "40", "--seed",
            "sigint", "--workers", "2", "--store", str(store), "--log"]
    proc = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=str(tmp_path))
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        assert "deals solved and stored" in first, first
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 2, err
    assert "openbid: interrupted" in err and "Traceback" not in err
    assert "every result solved so far is in" in err
    for _ in range(300):  # the resource tracker ends once it reads its pipe's end
        if not _marked(mark):
            break
        time.sleep(0.1)
    assert not _marked(mark)
    stored_before = int(first.split("/")[0].split()[-1])
    with Store(store, read_only=True) as s:
        rows = list(s.rows())
    assert len(rows) >= stored_before >= 1
    for key, tricks, source in rows[:3]:
        assert source == "dd fill" and tricks == dds_table(key)
    with Store(store) as s:  # a rerun asks only for the boards not stored
        jobs, asked, stored = plan([Request(b.deal) for b in deals.random_boards(40, "sigint")],
                                   s)
    assert (asked, stored, len(jobs)) == (40, len(rows), 40 - len(rows))
