"""Work in other processes: a function over every chunk of the plan (the census passes), and a
proof part in a forked process of its own (openbid.verify.prove)."""

from __future__ import annotations

import gc
import time
from typing import Callable



def keep_freed_memory() -> None:
    """Let this process keep the memory numpy frees, for reuse.

    A chunk's arrays are a few MB each, and a pass allocates and frees thousands of them. By
    default glibc gives each one back to the kernel (mmap and munmap above 128 KB, and trims the
    heap), so every new array page-faults afresh: that kernel time was half of a census pass
    (benchmarks/bench_census.py prints user and system CPU). Here arrays up to 32 MB come from
    the heap and stay there. Called in the census workers, and in this process only when it runs
    the chunks itself. glibc only; elsewhere nothing changes."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return
    mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
    mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD


def jobs() -> int:
    """How many processes to run at once: ``OPENBID_JOBS``, default one per core (up to 4)."""
    import os

    env = os.environ.get("OPENBID_JOBS")
    if env and env.isdigit():
        return max(1, int(env))
    return min(4, os.cpu_count() or 1)


def map_chunks(fn, task, n: int, progress: Callable[[int, int], None] | None = None,
               size_of: Callable[[object], int] | None = None, total: int = 0) -> list:
    """``fn(task, i)`` for every chunk ``i < n`` of a pass, in worker processes (``OPENBID_JOBS``,
    default one per core), returned in chunk order. ``size_of(result)``: the classes it covered,
    for ``progress(done, total)``."""
    results: list = [None] * n
    done = 0

    def note(i: int, result) -> None:
        nonlocal done
        results[i] = result
        if progress and size_of:
            done += size_of(result)
            progress(done, total)

    n_jobs = jobs()
    if n_jobs <= 1 or n <= 1:
        keep_freed_memory()
        for i in range(n):
            note(i, fn(task, i))
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(n_jobs, mp_context=mp.get_context("fork"),
                                 initializer=keep_freed_memory) as pool:
            futures = {pool.submit(fn, task, i): i for i in range(n)}
            for fut in as_completed(futures):
                note(futures[fut], fut.result())
    return results


class Forked:
    """``fn()`` in a forked child process that reports through a pipe: its value (pickled) and
    its own seconds, or the exception it raised. The child collects and freezes the heap it
    inherited first, so what it computes does not depend on the parent's garbage."""

    def __init__(self, fn: Callable[[], object]) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("fork")
        self.recv, send = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=_forked_child, args=(fn, send), daemon=True)
        self.proc.start()
        send.close()

    def result(self) -> tuple[object, float]:
        try:
            got = self.recv.recv()
        except EOFError:
            self.proc.join()
            raise RuntimeError(f"a proof process died (exit code {self.proc.exitcode})") from None
        finally:
            self.recv.close()
        self.proc.join()
        status, value, seconds = got
        if status == "error":
            raise value
        return value, seconds


def fresh_z3_context() -> None:
    """Set aside the Z3 context this process inherited, with whatever its parent did in it (a
    test session, say, has made thousands of terms): the next Z3 term starts a new context, so
    the models Z3 finds here depend on this process's own work alone. (z3's main context is a
    module global with no public reset; z3-solver is pinned in pyproject.toml.)"""
    import z3.z3

    z3.z3._main_ctx = None


def _forked_child(fn, send) -> None:
    gc.collect()
    gc.freeze()
    fresh_z3_context()
    t0 = time.monotonic()
    try:
        value = fn()
        send.send(("ok", value, round(time.monotonic() - t0, 2)))
    except BaseException as exc:  # reported to the parent, which raises it
        try:
            send.send(("error", exc, 0.0))
        except Exception:  # an exception that does not pickle
            send.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}"), 0.0))
    finally:
        send.close()


def run_forked(work: dict[str, Callable[[], object]], limit: int,
               progress: Callable[[str], None] | None = None) -> dict[str, tuple[object, float]]:
    """Every function of ``work`` in its own :class:`Forked` process, at most ``limit`` at a time,
    started in ``work``'s order. Returns name -> (value, seconds). The first failure is raised
    (the other processes are stopped)."""
    from multiprocessing.connection import wait

    pending = list(work.items())
    running: dict[object, tuple[str, Forked]] = {}
    out: dict[str, tuple[object, float]] = {}
    try:
        while pending or running:
            while pending and len(running) < max(1, limit):
                name, fn = pending.pop(0)
                job = Forked(fn)
                running[job.recv] = (name, job)
            if progress:
                progress(", ".join(name for name, _ in running.values()))
            for conn in wait(list(running)):
                name, job = running.pop(conn)
                out[name] = job.result()
    finally:
        for _, job in running.values():
            job.proc.terminate()
            job.proc.join()
    return out
