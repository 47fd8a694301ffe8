"""What the fault-injection tests share: the command run in a process of its own (with a file
size limit, a full standard output, or a driver that signals it at a chosen moment), a writer
that runs out of space after N bytes, a store made to order, and the one-line error check."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SMALL = str(ROOT / "openbid" / "systems" / "examples" / "small.rules")
HAND = "KJ43.Q765.A3.J76"
DEAL = "N:A9643.K2.AQ52.AT Q75.543.J8.87653 KJT.QT86.K63.K42 82.AJ97.T974.QJ9"


def env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), **extra}


def cli(*args: str, timeout: float = 300, extra_env: dict[str, str] | None = None,
        **kw) -> subprocess.CompletedProcess:
    """``openbid ARGS`` as its console script runs it, in a process of its own."""
    kw.setdefault("capture_output", "stdout" not in kw)
    if "stdout" in kw:
        kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-c", "from openbid.cli.main import run; run()",
                           *args], text=True, env=env(**(extra_env or {})), cwd=str(ROOT),
                          timeout=timeout, **kw)


# The command with every file it writes limited to LIMIT bytes (RLIMIT_FSIZE): a write past it
# fails as a full disk does, with EFBIG ("File too large"), in openbid's code and DuckDB's alike
# (Python ignores SIGXFSZ, so the process is not killed).
LIMITED = """
import resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
sys.argv = ["openbid", *sys.argv[2:]]
from openbid.cli.main import run
run()
"""


def cli_limited(limit: int, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", LIMITED, str(limit), *args],
                          capture_output=True, text=True, env=env(), cwd=str(ROOT),
                          timeout=timeout)


def one_error(err: str, *names: str) -> str:
    """The error of an exit-2 run: one line, ``openbid: error: ...``, naming each of ``names``;
    never a traceback."""
    assert "Traceback" not in err, err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("openbid: error: "), err
    for name in names:
        assert name in lines[0], (name, err)
    return lines[0]


class NoSpace:
    """``os.write`` that fails with ENOSPC once ``budget`` bytes have been written to files
    under ``folder`` (other writes, pytest's own, go through); ``written`` counts them."""

    def __init__(self, folder: Path, budget: int) -> None:
        self.folder, self.budget, self.written = str(Path(folder).resolve()), budget, 0
        self.real = os.write

    def __call__(self, fd: int, data) -> int:
        try:
            where = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            where = ""
        if not where.startswith(self.folder):
            return self.real(fd, data)
        room = self.budget - self.written
        if room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = self.real(fd, bytes(data[:room]))
        self.written += n
        return n


def files_under(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(Path(folder).rglob("*"))
            if p.is_file()}
