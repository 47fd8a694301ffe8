"""Solving many deals: in this process, or on a Dask cluster (a local one by default, or one
already running), with every result written to the store by this process alone.

Why Dask (``distributed``) and not Ray: the work is a flat list of independent CPU tasks whose
inputs and outputs are a few hundred bytes: no shared objects, actors or GPU scheduling, which
is what Ray's object store and raylet are for. Dask's ``LocalCluster`` is plain Python processes
started and stopped from this one, ``Client(address)`` joins a cluster already running (a
``dask scheduler`` and ``dask worker`` started by hand on any machines), ``as_completed`` hands
each result back as it lands, and it installs from the package index as pure Python wheels
(Ray ships a large native runtime and its own daemons, which outlive a command unless torn down).

The contract: workers only solve (:func:`solve_batch`: a deal in, its tricks out); the client
writes each finished batch to the store in its own transaction as it arrives, so an interrupt
loses only the batches still under way. A local cluster is closed when the run ends, however it
ends: no worker outlives the command.
"""

from __future__ import annotations

import os
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from openbid.dd.solve import ALL_PAIRS, Pair, cover_cost, solve
from openbid.dd.store import Store
from openbid.base.errors import OpenbidError

Progress = Callable[[int, int], None]
SMALL = 60  # single-pair solves (about a second) below which the default is this process
CONNECT = "10s"  # how long to try reaching a --scheduler
Job = tuple[str, frozenset[Pair]]  # a deal and the pairs it still needs


@dataclass(frozen=True)
class Request:
    """A deal and the (declarer, strain) pairs wanted of it (None: all twenty)."""

    deal: str
    pairs: frozenset[Pair] | None = None

    @property
    def wanted(self) -> frozenset[Pair]:
        return frozenset(ALL_PAIRS) if self.pairs is None else self.pairs


@dataclass
class Run:
    """What a run did: deals asked, found in the store, solved here; seconds; the engine."""

    asked: int = 0
    stored: int = 0
    solved: int = 0
    pairs_solved: int = 0
    seconds: float = 0.0
    engine: str = ""
    workers: int = 0
    interrupted: bool = False


def plan(requests: Iterable[Request], store: Store) -> tuple[list[Job], int, int]:
    """The jobs still to solve (each deal once, with the pairs the store lacks), the number of
    deals asked and how many of them the store already answers in full."""
    wanted: dict[str, set[Pair]] = {}
    for r in requests:
        wanted.setdefault(r.deal, set()).update(r.wanted)
    known = store.known(wanted)
    jobs: list[Job] = []
    for deal, pairs in wanted.items():
        missing = frozenset(pairs - set(known.get(deal, {})))
        if missing:
            jobs.append((deal, missing))
    return jobs, len(wanted), len(wanted) - len(jobs)


def cost(pairs: frozenset[Pair]) -> float:
    """A job's weight in single-pair solves (:func:`openbid.dd.solve.cover_cost`)."""
    return cover_cost(pairs)


def batches(jobs: list[Job], size: int) -> list[list[Job]]:
    """Jobs grouped into tasks of about ``size`` single-pair solves (small: an interrupt loses
    only the tasks under way)."""
    out: list[list[Job]] = []
    current: list[Job] = []
    weight = 0.0
    for job in jobs:
        current.append(job)
        weight += cost(job[1])
        if weight >= size:
            out.append(current)
            current, weight = [], 0.0
    if current:
        out.append(current)
    return out


def solve_batch(batch: list[Job]) -> list[tuple[str, dict[Pair, int]]]:
    """A worker's task: solve each deal's pairs (more may come back: a whole strain). Touches
    nothing but DDS."""
    return [(deal, solve(deal, pairs)) for deal, pairs in batch]


def default_workers() -> int:
    """Local processes: ``OPENBID_JOBS`` if set, else one per core."""
    env = os.environ.get("OPENBID_JOBS")
    if env and env.isdigit() and int(env) > 0:
        return int(env)
    return os.cpu_count() or 1


def run(requests: Iterable[Request], store: Store, source: str, *, workers: int | None = None,
        scheduler: str | None = None, progress: Progress | None = None,
        batch_size: int = 6, log: Callable[[str], None] | None = None) -> Run:
    """Solve what the store lacks of ``requests`` and store it. ``scheduler``: the address of a
    running Dask scheduler; else ``workers`` local processes (a LocalCluster; 0: solve in this
    process, no Dask; None: one per core, or this process when the work is under
    :data:`SMALL`). A KeyboardInterrupt stops the run after storing every result already
    back, then propagates. ``log``: told each time results are stored."""
    t0 = time.monotonic()
    jobs, asked, stored = plan(requests, store)
    result = Run(asked=asked, stored=stored)
    if workers is None:  # a cluster's start (seconds) is not worth it for a few solves
        workers = 0 if sum(cost(p) for _, p in jobs) < SMALL else default_workers()
    if workers < 0:
        raise OpenbidError(f"--workers must be 0 or more, not {workers}")
    tasks = batches(jobs, batch_size)
    done = 0
    try:
        if not jobs:
            result.engine = "store"
        elif scheduler is None and workers == 0:
            result.engine, result.workers = "in-process", 1
            for task in tasks:
                done = _keep(store, source, solve_batch(task), result, done, progress, len(jobs),
                             log)
        else:
            with client(scheduler, workers) as (dask, label, n):
                result.engine, result.workers = label, n
                for out in _distributed(dask, tasks):
                    done = _keep(store, source, out, result, done, progress, len(jobs), log)
    except KeyboardInterrupt:
        result.interrupted = True
        raise
    finally:
        result.seconds = time.monotonic() - t0
    return result


def _keep(store: Store, source: str, out: list[tuple[str, dict[Pair, int]]], result: Run,
          done: int, progress: Progress | None, total: int,
          log: Callable[[str], None] | None = None) -> int:
    store.add(out, source)
    result.solved += len(out)
    result.pairs_solved += sum(len(t) for _, t in out)
    done += len(out)
    if progress is not None:
        progress(done, total)
    if log is not None:
        log(f"{done}/{total} deals solved and stored")
    return done


def _distributed(dask, tasks: list[list[Job]]) -> Iterator[list[tuple[str, dict[Pair, int]]]]:
    from distributed import as_completed

    futures = [dask.submit(solve_batch, t, pure=False) for t in tasks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for f in futures:
            if not f.done():
                f.cancel()


@contextmanager
def client(scheduler: str | None, workers: int):
    """A Dask client: on the cluster at ``scheduler``, or on a LocalCluster of ``workers``
    single-threaded processes started here and closed when the block ends, however it ends."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise OpenbidError("the distributed engine needs Dask: pip install 'openbid[dd]' (or "
                           "pip install distributed), or solve in this process: --workers 0") \
            from None
    import logging

    # A failure raises in the client; what Dask and asyncio would log besides (a worker killed
    # with the command's process group, say) is noise on a terminal.
    for name in ("distributed", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    if scheduler is not None:
        try:
            conn = Client(scheduler, timeout=CONNECT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise OpenbidError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there "
                               f"({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
                               ) from None
        try:
            try:
                info = conn.scheduler_info(n_workers=-1)
            except TypeError:  # distributed before 2025: every worker listed by default
                info = conn.scheduler_info()
            n = len(info.get("workers", {}))
            if n == 0:
                raise OpenbidError(f"--scheduler {scheduler}: no workers are connected to it "
                                   "(start some: dask worker ADDRESS --nthreads 1)")
            yield conn, f"dask scheduler {scheduler}", n
        finally:
            conn.close()
        return
    with _sigint_ignored_while_starting():
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.CRITICAL)
    try:
        conn = Client(cluster)
        try:
            conn.run(_die_with_parent, os.getpid())
            yield conn, "dask local cluster", workers
        finally:
            conn.close()
    finally:
        cluster.close()


@contextmanager
def _sigint_ignored_while_starting():
    """Ignore Ctrl-C while the local cluster starts its worker processes: an ignored signal
    stays ignored in a child (Python leaves it so), and a Ctrl-C at the terminal reaches the
    whole process group, so the workers must not die of it mid-task (this process stops them in
    order, with no traceback). The cost: a Ctrl-C in the second or so of the start is lost
    (SIGTERM still stops the command then). Blocking the signal instead is not inherited: the
    workers are started by a thread of Dask's own."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _die_with_parent(parent: int) -> None:
    """Run on each local worker: its process ends if this process ends (Linux's parent-death
    signal), so even a killed command leaves no worker behind."""
    from openbid.base.workers import die_with_parent

    die_with_parent(parent)
