"""A simulation run: which deals to bid, where (this process, a local Dask cluster, or one
already running), what the store already holds, and the tally of it all.

The deals of a run are the first N of its seed (:mod:`openbid.sim.deals`), cut into *units*:
ranges of deals within one seeded chunk. Units are grouped into tasks of up to
:data:`TASK_DEALS` deals; a task deals its units, bids them all at once with the process's
:class:`~openbid.sim.bidder.Bidder` (a worker keeps it from task to task: its census passes
are planned once) and returns, per unit, the deals reaching every node. The tally of a run is the
sum over its units, so it does not depend on the number of workers, the size of the tasks or
the order in which they finish.

With a store (:mod:`openbid.sim.store`), each task's units are stored as the task comes back
(one transaction), and a later run of the same system, seed, dealer and vulnerability takes the
stored units within its N deals and bids only the rest. An interrupt stops the run after
keeping every unit already back (the exception propagates; a local cluster is closed).

Dask (``distributed``) as for double dummy (:mod:`openbid.dd.engine`, whose :func:`client` this
reuses): ``workers`` local single-threaded processes, or the workers of ``scheduler``.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from openbid.base.errors import OpenbidError
from openbid.sim.deals import CHUNK, SCHEME, deal_range, dealers, spans, vulnerabilities
from openbid.sim.tally import END, OFF, ON, Tally
from openbid.systems.rules.model import Rules

TASK_DEALS = 16 * CHUNK  # deals a task bids at once at most (1,048,576: about 320 MB a worker)
SMALL = 200_000  # deals below which the default is this process (a cluster starts in seconds)
Unit = tuple[int, int, int]  # (chunk, start, stop): deals start .. stop - 1 of a chunk


@dataclass(frozen=True)
class Settings:
    """What a run's deals and auctions are a function of."""

    rules: Rules
    seed: int
    dealer: str = "N"  # N E S W, or "cycle"
    vul: str = "none"  # none NS EW both, or "cycle"

    def digest(self) -> str:
        """The run's key in a store: the dealing scheme, the system's rules (as written out),
        the seed, dealer and vulnerability."""
        from openbid.systems.rules.text import dumps

        text = "|".join((SCHEME, str(CHUNK), dumps(self.rules), str(self.seed), self.dealer,
                         self.vul))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]

    def system_digest(self) -> str:
        from openbid.systems.rules.text import dumps

        return hashlib.sha256(dumps(self.rules).encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Job:
    settings: Settings
    units: tuple[Unit, ...]
    finals: bool = False  # return each deal's final auction (for --pbn)


@dataclass
class Part:
    """What a task returns: per unit the deals reaching each node it reached (``reach[unit,
    node]``), each node's auction, kind and block; each deal's final node when asked."""

    units: tuple[Unit, ...]
    auctions: list[str]
    kinds: list[int]
    blocks: list[str | None]
    reach: np.ndarray
    finals: np.ndarray | None = None
    seconds: float = 0.0  # wall time of the task in its worker
    cpu: float = 0.0  # the worker's CPU time for the task

    @property
    def deals(self) -> int:
        return sum(b - a for _, a, b in self.units)

    def unit_tally(self, i: int) -> Tally:
        nz = np.flatnonzero(self.reach[i])
        return _tally(self, nz, self.reach[i], self.units[i][2] - self.units[i][1])

    def tally(self) -> Tally:
        total = self.reach.sum(axis=0)
        return _tally(self, np.flatnonzero(total), total, self.deals)


def _tally(part: Part, nz: np.ndarray, counts: np.ndarray, deals: int) -> Tally:
    t = Tally(deals)
    for k in nz.tolist():
        a = part.auctions[k]
        t.reach[a] = int(counts[k])
        t.kind[a] = part.kinds[k]
        if part.kinds[k] == ON:
            t.block[a] = part.blocks[k] or ""
    return t


def first_of(unit: Unit) -> int:
    """The global index of a unit's first deal."""
    return unit[0] * CHUNK + unit[1]


def bid_job(job: Job) -> Part:
    """A worker's task: deal the units, bid them, count per unit. Touches nothing else."""
    from openbid.sim.bidder import bidder_for

    t0, c0 = time.monotonic(), time.process_time()
    s = job.settings
    b = bidder_for(s.rules)
    parts = [deal_range(s.seed, c, a, z) for c, a, z in job.units]
    deals = np.concatenate(parts)
    cuts = np.cumsum([0] + [z - a for _, a, z in job.units]).tolist()
    dealer = _per_deal(lambda u: dealers(s.dealer, first_of(u), u[2] - u[1]), job.units)
    vul = _per_deal(lambda u: vulnerabilities(s.vul, first_of(u), u[2] - u[1]), job.units)
    finals = b.bid(deals, dealer, vul)
    reach = b.reach(finals, cuts)
    used = np.flatnonzero(reach.sum(axis=0))
    local = np.full(b.nodes, -1, dtype=np.int64)
    local[used] = np.arange(len(used))
    off, end = b.off_system(), b.is_end()
    kinds = [END if end[k] else OFF if off[k] else ON for k in used.tolist()]
    return Part(job.units, [" ".join(b.auctions[k]) for k in used.tolist()], kinds,
                [b.blocks[k] for k in used.tolist()], np.ascontiguousarray(reach[:, used]),
                local[finals].astype(np.int32) if job.finals else None,
                time.monotonic() - t0, time.process_time() - c0)


def _per_deal(fn, units) -> np.ndarray | int:
    got = [fn(u) for u in units]
    if all(isinstance(g, int) for g in got) and len(set(got)) <= 1:
        return got[0] if got else 0
    return np.concatenate([np.full(u[2] - u[1], g) if isinstance(g, int) else g
                           for g, u in zip(got, units)])


# -- a run ----------------------------------------------------------------------------------------
@dataclass
class Run:
    """A run's tally and how it was obtained."""

    settings: Settings
    deals: int
    tally: Tally = field(default_factory=Tally)
    stored: int = 0  # deals taken from the store
    bid: int = 0  # deals bid by this run
    kept: int = 0  # deals this run added to the store
    engine: str = ""
    workers: int = 0
    seconds: float = 0.0
    interrupted: bool = False


def tasks_for(todo: list[Unit], workers: int) -> list[list[Unit]]:
    """Units grouped into tasks of consecutive deals: at most :data:`TASK_DEALS` each, and
    about one task per worker when the run is small enough (fewer, larger tasks bid faster: a
    task's fixed cost is its tables, read once per task)."""
    total = sum(b - a for _, a, b in todo)
    per_worker = -(-total // max(1, workers))
    size = min(TASK_DEALS, -(-per_worker // CHUNK) * CHUNK)
    out: list[list[Unit]] = []
    cur: list[Unit] = []
    n = 0
    for u in todo:
        if cur and n + (u[2] - u[1]) > size:
            out.append(cur)
            cur, n = [], 0
        cur.append(u)
        n += u[2] - u[1]
    if cur:
        out.append(cur)
    return out


def default_workers(deals: int) -> int:
    """This process (0) for a small run or a single core, else one worker per core (or
    ``OPENBID_JOBS``)."""
    from openbid.dd.engine import default_workers as per_core

    n = per_core()
    return 0 if deals < SMALL or n <= 1 else n


def run(settings: Settings, deals: int, *, workers: int | None = None,
        scheduler: str | None = None, store=None, finals: Callable[[Part], None] | None = None,
        progress: Callable[[int, int], None] | None = None,
        log: Callable[[str], None] | None = None) -> Run:
    """Bid the first ``deals`` deals of ``settings``. ``store``: an open
    :class:`~openbid.sim.store.SimStore` (its units are reused, new ones kept). ``finals``: told
    every task's :class:`Part`, with each deal's final node, in the order of the deals (no store
    then: a stored unit's auctions are not kept). ``progress(done, total)`` in deals."""
    t0 = time.monotonic()
    out = Run(settings, deals)
    key = settings.digest()
    todo = spans(0, deals)
    others: dict[int, list[tuple[int, int]]] = {}
    if store is not None:
        if finals is not None:
            raise OpenbidError("the auctions of stored deals are not kept: bid every deal (no "
                               "store) to write them")
        store.begin_run(key, settings)
        tally, taken = store.load(key, deals)
        out.tally.merge(tally)
        out.stored = sum(b - a for _, a, b in taken)
        todo = _gaps(deals, taken)
        others = store.units(key)  # every unit stored, beyond this run's deals too
    if workers is None:
        workers = default_workers(sum(b - a for _, a, b in todo))
    if workers < 0:
        raise OpenbidError(f"--workers must be 0 or more, not {workers}")
    tasks = tasks_for(todo, workers if scheduler is None else max(workers, 2))
    done = out.stored
    if progress is not None:
        progress(done, deals)
    pending: dict[int, Part] = {}
    next_task = 0

    def take(i: int, part: Part) -> None:
        nonlocal done, next_task
        out.tally.merge(part.tally())
        out.bid += part.deals
        if store is not None:
            fresh = [k for k, u in enumerate(part.units) if not _overlaps(u, others)]
            out.kept += store.add(key, [(part.units[k], part.unit_tally(k)) for k in fresh])
        done += part.deals
        if finals is not None:
            pending[i] = part
            while next_task in pending:
                finals(pending.pop(next_task))
                next_task += 1
        if progress is not None:
            progress(done, deals)
        if log is not None:
            log(f"{done:,}/{deals:,} deals bid" + (" and stored" if store is not None else ""))

    jobs = [Job(settings, tuple(t), finals is not None) for t in tasks]
    try:
        if not jobs:
            out.engine = "store"
        elif scheduler is None and workers == 0:
            out.engine, out.workers = "in-process", 1
            for i, job in enumerate(jobs):
                take(i, bid_job(job))
        else:
            import warnings

            from openbid.dd.engine import client

            # Dask's own HTTP server moves to a free port when another cluster holds its
            # default one, and says so on stderr: nothing the user asked about
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", message=r"(?s)Port \d+ is already in use")
                with client(scheduler, workers) as (dask, label, n):
                    out.engine, out.workers = label, n
                    for i, part in _distributed(dask, jobs):
                        take(i, part)
    except KeyboardInterrupt:
        out.interrupted = True
        raise
    finally:
        out.seconds = time.monotonic() - t0
    if out.tally.deals != deals:
        raise AssertionError(f"{out.tally.deals} deals tallied, {deals} asked")
    return out


def _distributed(dask, jobs: list[Job]) -> Iterator[tuple[int, Part]]:
    from distributed import as_completed

    futures = [dask.submit(bid_job, job, pure=False) for job in jobs]
    index = {f.key: i for i, f in enumerate(futures)}
    try:
        for future in as_completed(futures):
            yield index[future.key], future.result()
    finally:
        for f in futures:
            if not f.done():
                f.cancel()


def _gaps(deals: int, taken: list[Unit]) -> list[Unit]:
    """The units of deals 0 .. ``deals - 1`` that ``taken`` (disjoint units) does not cover."""
    by_chunk: dict[int, list[tuple[int, int]]] = {}
    for c, a, b in taken:
        by_chunk.setdefault(c, []).append((a, b))
    out: list[Unit] = []
    for c, a, b in spans(0, deals):
        at = a
        for x, y in sorted(by_chunk.get(c, ())):
            if y <= at or x >= b:
                continue
            if x > at:
                out.append((c, at, x))
            at = max(at, y)
        if at < b:
            out.append((c, at, b))
    return out


def _overlaps(u: Unit, units: dict[int, list[tuple[int, int]]]) -> bool:
    return any(a < u[2] and u[1] < b for a, b in units.get(u[0], ()))
