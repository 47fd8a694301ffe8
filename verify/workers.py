"""Running a function over every chunk of the plan in worker processes."""

from __future__ import annotations

from typing import Callable

from verify.enumeration import NONE_MERGED, TOTAL_CLASSES, chunk_plan


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


def map_chunks(fn, task, progress: Callable[[int, int], None] | None = None,
               size_of: Callable[[object], int] | None = None,
               merged: frozenset[int] = NONE_MERGED) -> list:
    """``fn(task, i)`` for every chunk ``i`` of the plan (``chunk_plan(merged=merged)``, which
    ``fn`` must read too), in worker processes (``OPENBID_JOBS``, default one per core),
    returned in chunk order. ``size_of(result)``: the classes it covered, for
    ``progress(done, total)``."""
    n = len(chunk_plan(merged=merged))
    results: list = [None] * n
    done = 0

    def note(i: int, result) -> None:
        nonlocal done
        results[i] = result
        if progress and size_of:
            done += size_of(result)
            progress(done, TOTAL_CLASSES)

    n_jobs = jobs()
    if n_jobs <= 1:
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
