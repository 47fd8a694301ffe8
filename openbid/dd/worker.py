"""One solver process of a local cluster (:func:`openbid.dd.engine.client`), started by the
command in a session of its own (a Ctrl-C at the terminal reaches the command, which stops its
workers in order, and never a worker in the middle of a task):

    python -c 'import sys; from openbid.dd.worker import main; sys.exit(main(sys.argv[1:]))' \
        SCHEDULER PARENT_PID DIRECTORY

(started by the engine only: not an entry point of its own).

Before anything else it asks to end when its parent ends (Linux's parent-death signal), ignores
SIGINT and takes SIGTERM and SIGHUP by their default action (it holds nothing to clean up: its
scratch DIRECTORY is the parent's, removed by the parent)."""

from __future__ import annotations

import asyncio
import logging
import signal


def main(argv: list[str]) -> int:
    address, parent, directory = argv[0], int(argv[1]), argv[2]
    from openbid.base.workers import die_with_parent

    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        signal.signal(getattr(signal, name), signal.SIG_DFL)
    for name in ("distributed", "asyncio", "tornado"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    from distributed import Worker

    async def serve() -> None:
        async with Worker(address, nthreads=1, dashboard=False, local_directory=directory,
                          silence_logs=logging.CRITICAL, death_timeout=60,
                          memory_limit=0) as worker:
            await worker.finished()

    asyncio.run(serve())
    return 0
