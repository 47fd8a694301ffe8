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

Requests are taken a chunk at a time (:data:`CHUNK` deals: planned against the store, solved,
stored), so that memory is bounded by a chunk, not by the number of deals asked, and results
are stored from the first minute of a long run. The local cluster's workers are processes of
openbid's own (:mod:`openbid.dd.worker`), each in a session of its own: a Ctrl-C at the terminal
reaches this process alone, at any moment (the start of the cluster included), and this process
stops them; they die with it (the parent-death signal) however it ends.
"""

from __future__ import annotations

import itertools
import os
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from openbid.dd.solve import ALL_PAIRS, Pair, cover_cost, solve
from openbid.dd.store import Store
from openbid.base import limits
from openbid.base.errors import OpenbidError

Progress = Callable[[int, int], None]
SMALL = 60  # single-pair solves (about a second) below which the default is this process
CONNECT = "10s"  # how long to try reaching a --scheduler
START = 120.0  # seconds the local workers may take to start and join
CHUNK = 2000  # deals planned, solved and stored at a time
WORKER = "import sys; from openbid.dd.worker import main; sys.exit(main(sys.argv[1:]))"
MAX_DEALS = limits.FILL_DEALS  # seeded deals of one 'dd fill' (docs/LIMITS.md)
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


def check_workers(n: int, option: str = "--workers") -> int:
    """``n`` if it is a number of local solver processes a command may start (0: none, solve in
    this process), else an :class:`OpenbidError` saying the bound and why (docs/LIMITS.md)."""
    return limits.workers(n, option)


def default_workers() -> int:
    """Local processes: ``OPENBID_JOBS`` if set (within :func:`openbid.base.limits.workers`),
    else one per core."""
    env = os.environ.get("OPENBID_JOBS")
    if env and env.isascii() and env.isdigit() and int(env) > 0:  # else ignored, as by the pool
        return check_workers(int(env), "OPENBID_JOBS")
    return os.cpu_count() or 1


def chunks(items: Iterable, size: int) -> Iterator[list]:
    """``items`` taken ``size`` at a time (the last chunk shorter), never all at once."""
    it = iter(items)
    while True:
        chunk = list(itertools.islice(it, size))
        if not chunk:
            return
        yield chunk


class Session:
    """A run of the engine over requests given a chunk at a time (:meth:`solve`), keeping one
    cluster for all of them: started at the first chunk with work enough (``workers`` None:
    :data:`SMALL`), closed when the session ends, however it ends. ``result`` is the
    :class:`Run` so far (``asked`` and ``stored`` count each deal once per chunk)."""

    def __init__(self, store: Store, source: str, *, workers: int | None = None,
                 scheduler: str | None = None, progress: Progress | None = None,
                 batch_size: int = 6, log: Callable[[str], None] | None = None,
                 total: int = 0) -> None:
        if workers is not None:
            check_workers(workers)
        self.store, self.source, self.workers, self.scheduler = store, source, workers, scheduler
        self.progress, self.batch_size, self.log, self.total = progress, batch_size, log, total
        self.result = Run()
        self.done = 0  # deals solved and stored
        self.seen = 0  # deals planned (solved, or found in the store)
        self._stack: ExitStack | None = None
        self._dask = None
        self._t0 = time.monotonic()

    def __enter__(self) -> "Session":
        self._stack = ExitStack()
        return self

    def __exit__(self, kind, value, tb) -> None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.result.interrupted = True
        try:
            if self._stack is not None:
                self._stack.close()
        finally:
            self.result.seconds = time.monotonic() - self._t0

    def solve(self, requests: Iterable[Request]) -> None:
        """Solve what the store lacks of ``requests`` (one chunk) and store it, batch by batch."""
        jobs, asked, stored = plan(requests, self.store)
        r = self.result
        r.asked += asked
        r.stored += stored
        self.seen += stored
        if not jobs:
            r.engine = r.engine or "store"
            self._note(0)
            return
        work = sum(cost(p) for _, p in jobs)
        tasks = batches(jobs, self.batch_size)
        if self._dask is None and self.scheduler is None and (
                self.workers == 0 or self.workers is None and work < SMALL):
            if r.engine in ("", "store"):
                r.engine, r.workers = "in-process", 1
            for task in tasks:
                self._keep(solve_batch(task))
            return
        if self._dask is None:
            assert self._stack is not None, "a Session is used in a with block"
            n = self.workers if self.workers is not None else default_workers()
            self._dask, r.engine, r.workers = self._stack.enter_context(
                client(self.scheduler, n))
        for out in _distributed(self._dask, tasks):
            self._keep(out)

    def _keep(self, out: list[tuple[str, dict[Pair, int]]]) -> None:
        self.store.add(out, self.source)
        self.result.solved += len(out)
        self.result.pairs_solved += sum(len(t) for _, t in out)
        self.done += len(out)
        self._note(len(out))

    def _note(self, new: int) -> None:
        self.seen += new
        if self.progress is not None:
            self.progress(self.seen, max(self.total, self.seen))
        if self.log is not None and new:
            self.log(f"{self.done}/{self._todo()} deals solved and stored")

    def _todo(self) -> str:
        left = max(self.total - self.seen, 0)
        return f"{self.done + left:,}" if self.total else "?"


def run(requests: Iterable[Request], store: Store, source: str, *, workers: int | None = None,
        scheduler: str | None = None, progress: Progress | None = None,
        batch_size: int = 6, log: Callable[[str], None] | None = None, total: int = 0,
        chunk: int | None = None) -> Run:
    """Solve what the store lacks of ``requests`` and store it, :data:`CHUNK` deals at a time
    (``requests`` may be a generator: it is read a chunk at a time). ``scheduler``: the address
    of a running Dask scheduler; else ``workers`` local processes (0: solve in this process, no
    Dask; None: one per core, or this process when the work is under :data:`SMALL`). A
    KeyboardInterrupt stops the run after storing every result already back, then propagates.
    ``log``: told each time results are stored; ``total``: the number of deals asked, if
    known (for the progress and the log)."""
    with Session(store, source, workers=workers, scheduler=scheduler, progress=progress,
                 batch_size=batch_size, log=log, total=total) as session:
        for part in chunks(requests, chunk or CHUNK):
            session.solve(part)
    return session.result


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
        from distributed import Client
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
    with local_cluster(workers) as conn:
        yield conn, "dask local cluster", workers


@contextmanager
def local_cluster(workers: int):
    """A Dask client on a scheduler in this process and ``workers`` solver processes of
    openbid's own (:mod:`openbid.dd.worker`: one thread each, a session of their own, dying
    with this process), all stopped when the block ends, however it ends."""
    import logging
    import shutil
    import subprocess
    import sys
    import tempfile

    from distributed import Client, LocalCluster

    check_workers(workers)
    scratch = tempfile.mkdtemp(prefix="openbid-dd-")
    procs: list[subprocess.Popen] = []
    cluster = conn = None
    try:
        # its HTTP server (no dashboard) on a free local port: never 8787, which another
        # cluster on the machine may hold (Dask would warn)
        cluster = LocalCluster(n_workers=0, processes=True, dashboard_address="127.0.0.1:0",
                               scheduler_kwargs={"dashboard": False},
                               silence_logs=logging.CRITICAL)
        logs = [open(os.path.join(scratch, f"worker-{k}.log"), "wb") for k in range(workers)]
        try:
            for k in range(workers):
                procs.append(subprocess.Popen(
                    [sys.executable, "-c", WORKER, cluster.scheduler_address,
                     str(os.getpid()), scratch], stdin=subprocess.DEVNULL, stdout=logs[k],
                    stderr=subprocess.STDOUT, start_new_session=True, close_fds=True))
        finally:
            for fh in logs:
                fh.close()
        _register(procs)
        conn = Client(cluster)
        _wait_for(conn, procs, workers, scratch)
        yield conn
    finally:
        try:
            if conn is not None:
                conn.close()
        finally:
            _stop(procs)
            _unregister(procs)
            if cluster is not None:
                cluster.close()
            shutil.rmtree(scratch, ignore_errors=True)


def _wait_for(conn, procs, workers: int, scratch: str) -> None:
    """Until the ``workers`` processes have joined the scheduler; a process that ends first, or
    a start that takes more than :data:`START` seconds, is an :class:`OpenbidError`."""
    deadline = time.monotonic() + START
    while True:
        try:
            info = conn.scheduler_info(n_workers=-1)
        except TypeError:  # distributed before 2025: every worker listed by default
            info = conn.scheduler_info()
        joined = len(info.get("workers", {}))
        if joined >= workers:
            return
        for k, p in enumerate(procs):
            if p.poll() is not None:
                raise OpenbidError(f"a solver process ended as it started (exit status "
                                   f"{p.returncode}): {_last_line(scratch, k)}")
        if time.monotonic() > deadline:
            raise OpenbidError(f"{joined} of {workers} solver processes started in "
                               f"{START:.0f} s; try fewer --workers, or --workers 0")
        time.sleep(0.05)


def _last_line(scratch: str, k: int) -> str:
    try:
        with open(os.path.join(scratch, f"worker-{k}.log"), "rb") as fh:
            lines = fh.read().decode("utf-8", "replace").strip().splitlines()
    except OSError:
        lines = []
    return lines[-1][:200] if lines else "it said nothing"


def _stop(procs) -> None:
    """End the worker processes: SIGTERM, then SIGKILL for any still there after a moment."""
    for p in procs:
        if p.poll() is None:
            try:
                p.terminate()
            except OSError:
                pass
    deadline = time.monotonic() + 5
    for p in procs:
        try:
            p.wait(max(0.0, deadline - time.monotonic()))
        except Exception:  # noqa: BLE001 - subprocess.TimeoutExpired: kill it
            try:
                p.kill()
                p.wait(5)
            except Exception:  # noqa: BLE001
                pass


_RUNNING: list = []  # the worker processes of the local clusters open now


def _register(procs) -> None:
    _RUNNING.extend(procs)


def _unregister(procs) -> None:
    for p in procs:
        if p in _RUNNING:
            _RUNNING.remove(p)


def stop_all() -> None:
    """Kill every local worker process now (the command line calls it, from a thread, on
    SIGINT, SIGTERM or SIGHUP, as it does the process pool's)."""
    for p in list(_RUNNING):
        try:
            p.kill()
        except OSError:
            pass
