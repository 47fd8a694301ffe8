"""Work in other processes: one fork-context process pool for everything (census chunks and proof
parts alike), with typed task and result records.

* A :class:`Task` names a module-level function and its (picklable) argument; a chunk of a census
  pass is ``Task(fn, arg, index=i)``, a proof part ``Task(fn, arg, name="lemmas", z3=True)``.
* A Z3 task starts in a fresh Z3 context, after collecting the garbage the process holds, so what
  it finds (witness hands) depends on its own work alone: the same for any ``OPENBID_JOBS`` and
  whatever ran before it in the same worker.
* Workers keep the memory numpy frees (glibc), never collect what they inherited (Python's
  ``gc.freeze``), and die with their parent (Linux's parent-death signal): no worker outlives
  the command, however the command ends.
"""

from __future__ import annotations

import gc
import os
import time
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, TypeVar


@dataclass(frozen=True)
class Task:
    """``fn(arg)`` (or ``fn(arg, index)`` for a chunk) in a worker. ``fn`` is module-level."""

    fn: Callable[..., Any]
    arg: Any
    index: int | None = None  # the chunk number, for a chunk of a census pass
    name: str = ""  # the part's name, for a proof part
    z3: bool = False  # starts in a fresh Z3 context


@dataclass(frozen=True)
class Result:
    task: Task
    value: Any
    seconds: float  # wall
    cpu: float = 0.0  # this process's CPU time for the task (a fair measure on a loaded machine)


def run_task(task: Task) -> Result:
    """What a worker does with one task (also used in-process when there is one job)."""
    if task.z3:
        gc.collect()
        fresh_z3_context()
    t0, c0 = time.monotonic(), time.process_time()
    value = task.fn(task.arg) if task.index is None else task.fn(task.arg, task.index)
    return Result(task, value, round(time.monotonic() - t0, 2), round(time.process_time() - c0, 2))


@dataclass(frozen=True)
class _Shared:
    """A task whose argument the worker inherited (``_SHARED[key]``)."""

    fn: Callable[..., Any]
    key: int
    index: int | None
    name: str
    z3: bool


_SHARED: dict[int, Any] = {}


def _run_shared(t: _Shared) -> tuple:
    r = run_task(Task(t.fn, _SHARED[t.key], t.index, t.name, t.z3))
    return r.value, r.seconds, r.cpu


def _run_bare(t: Task) -> tuple:
    r = run_task(t)
    return r.value, r.seconds, r.cpu


def keep_freed_memory() -> None:
    """Let this process keep the memory numpy frees, for reuse.

    A chunk's arrays are a few MB each, and a pass allocates and frees thousands of them. By
    default glibc gives each one back to the kernel (mmap and munmap above 128 KB, and trims the
    heap), so every new array page-faults afresh: that kernel time was half of a census pass
    (benchmarks/bench_census.py prints user and system CPU). Here arrays up to 32 MB come from
    the heap and stay there. glibc only; elsewhere nothing changes."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return
    mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
    mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD


def die_with_parent(parent: int | None = None) -> None:
    """Ask the kernel to end this process when its parent ends (Linux: PR_SET_PDEATHSIG).
    ``parent``: the pid that forked us; if it is already gone (we were re-parented before the
    request took effect), end now."""
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != (parent or os.getppid()) or os.getppid() == 1:  # the parent is gone
        os._exit(1)


def _worker_start(parent: int | None = None) -> None:
    die_with_parent(parent)
    keep_freed_memory()
    # What the worker inherited lives as long as it does (the parent's census counts, its
    # findings, the system): set aside, the collector never scans it again (a worker forked
    # late, from a parent of a million objects, spent most of its collections there)
    gc.freeze()
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    for name in ("SIGTERM", "SIGHUP"):  # not the parent's handlers (they raise): just end
        signal.signal(getattr(signal, name), signal.SIG_DFL)
    try:  # nor may Z3 turn a Ctrl-C into UNKNOWN verdicts (its handler ignores SIG_IGN)
        import z3

        z3.set_param("ctrl_c", False)
    except ImportError:  # pragma: no cover
        pass


def jobs() -> int:
    """How many processes to run at once: ``OPENBID_JOBS``, default one per core (up to 4)."""
    env = os.environ.get("OPENBID_JOBS")
    if env and env.isdigit():
        return max(1, int(env))
    return min(4, os.cpu_count() or 1)


class Pool:
    """One fork-context process pool (``OPENBID_JOBS`` workers). Use as a context manager;
    leaving it (normally or by an exception, Ctrl-C included) stops every worker."""

    def __init__(self, n: int | None = None) -> None:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        self.n = n or jobs()
        self._forked = False  # the executor forks every worker at the first submission
        self._shared: dict[int, Any] = {}
        _ACTIVE.add(self)
        self._pool = ProcessPoolExecutor(self.n, mp_context=mp.get_context("fork"),
                                         initializer=_worker_start, initargs=(os.getpid(),))

    def submit(self, task: Task):
        self._forked = True
        return self._pool.submit(run_task, task)

    def results(self, tasks: Iterable[Task]) -> Iterator[Result]:
        """Every task's result, as they finish (each with the very task given). Given to a pool
        that has not started its workers yet, the tasks' arguments are left where the workers
        will find them when they fork, and a task travels as a reference: a system's rules
        (SAYC's are 145 KB pickled) are not pickled once per chunk and context, nor sent back
        with every result."""
        from concurrent.futures import as_completed

        tasks = list(tasks)
        if not self._forked:
            self._forked = True
            for t in tasks:
                self._shared[id(t.arg)] = t.arg  # kept alive (ids stay unique) while open
            _SHARED.update(self._shared)
            futures = {self._pool.submit(_run_shared, _Shared(t.fn, id(t.arg), t.index, t.name,
                                                              t.z3)): t for t in tasks}
        else:
            futures = {self._pool.submit(_run_bare, t): t for t in tasks}
        for fut in as_completed(futures):
            value, seconds, cpu = fut.result()
            yield Result(futures[fut], value, seconds, cpu)

    def close(self, cancel: bool = False) -> None:
        if cancel:
            self.kill()
        self._pool.shutdown(wait=True, cancel_futures=cancel)
        for key in self._shared:
            _SHARED.pop(key, None)
        self._shared.clear()
        _ACTIVE.discard(self)

    def kill(self) -> None:
        """End every worker now (SIGKILL: a worker just forked still has the parent's handlers;
        workers hold nothing that needs cleaning up)."""
        for proc in list((getattr(self._pool, "_processes", None) or {}).values()):
            try:
                proc.kill()
            except (OSError, ValueError, AttributeError):
                pass

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close(cancel=exc_type is not None)


class Background:
    """``fn(arg)`` in a forked process of its own, begun at once, its value sent back on a pipe
    whose far end that process alone holds. It can be ended at any moment, even while it sends
    its value: the pipe then ends, and nothing waits for the rest of a message (a pool's worker
    killed while it sends a result leaves the pool's reader waiting for ever: its pipe has
    other writers). ``nice``: the process's priority lowered by that much (0: the command's)."""

    def __init__(self, fn: Callable[[Any], Any], arg: Any, nice: int = 0) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("fork")
        self.conn, there = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(target=_background, args=(there, fn, arg, nice, os.getpid()),
                                 daemon=True)
        self._proc.start()
        there.close()
        self._value: tuple | None = None
        _ACTIVE.add(self)  # (ended by stop_all too)

    def done(self) -> bool:
        """Has the process sent its value (or ended)."""
        return self._value is not None or self.conn.poll()

    def result(self) -> Any:
        """The value (waiting for it); the process's error, raised here, if it failed."""
        if self._value is None:
            try:
                self._value = self.conn.recv()
            except (EOFError, OSError):
                self._value = (False, "it ended without a result")
        ok, value = self._value
        if not ok:
            raise RuntimeError(f"a background process of openbid failed: {value}")
        return value

    def kill(self) -> None:
        """End the process now (done or not) and wait for it."""
        try:
            self._proc.kill()
        except (OSError, ValueError, AttributeError):
            pass
        self._proc.join()
        self.conn.close()
        _ACTIVE.discard(self)


def _background(conn, fn: Callable[[Any], Any], arg: Any, nice: int, parent: int) -> None:
    _worker_start(parent)
    if nice and hasattr(os, "nice"):
        os.nice(nice)
    try:
        out: tuple = (True, fn(arg))
    except Exception as e:  # sent back whole when it can be, else as text
        out = (False, f"{type(e).__name__}: {e}")
    conn.send(out)
    conn.close()


_ACTIVE: "weakref.WeakSet[Pool | Background]" = weakref.WeakSet()


def stop_all() -> None:
    """Kill the workers of every open pool (the command line calls it, from a thread, on
    SIGINT, SIGTERM or SIGHUP: the pool then fails, and the command stops)."""
    for pool in list(_ACTIVE):
        pool.kill()


A = TypeVar("A")  # what every chunk of a pass is given
R = TypeVar("R")  # what one chunk returns


def map_chunks(fn: Callable[[A, int], R], arg: A, n: int,
               progress: Callable[[int, int], None] | None = None,
               size_of: Callable[[R], int] | None = None, total: int = 0,
               pool: Pool | None = None) -> list[R]:
    """``fn(arg, i)`` for every chunk ``i < n`` of a pass, in the pool (one is made if none is
    given; with one job, in this process), returned in chunk order. ``size_of(result)``: the
    classes it covered, for ``progress(done, total)``."""
    results: list[Any] = [None] * n  # every slot is filled (with an R) before it is returned
    done = 0
    tasks = [Task(fn, arg, index=i) for i in range(n)]

    def note(r: Result) -> None:
        nonlocal done
        assert r.task.index is not None
        results[r.task.index] = r.value
        if progress and size_of:
            done += size_of(r.value)
            progress(done, total)

    if pool is not None:
        for r in pool.results(tasks):
            note(r)
    elif jobs() <= 1 or n <= 1:
        keep_freed_memory()
        for t in tasks:
            note(run_task(t))
    else:
        with Pool() as own:
            for r in own.results(tasks):
                note(r)
    return results


def fresh_z3_context() -> None:
    """Set aside the Z3 context this process inherited, with whatever its parent did in it (a
    test session, say, has made thousands of terms): the next Z3 term starts a new context, so
    the models Z3 finds here depend on this process's own work alone. (z3's main context is a
    module global with no public reset; z3-solver is pinned in pyproject.toml.)"""
    import z3.z3

    z3.z3._main_ctx = None
