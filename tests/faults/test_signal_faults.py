"""Signals at the worst moments of ``compare``: a Ctrl-C while its cluster of solver processes
starts is not lost, and a SIGTERM then leaves no process and no "leaked semaphore" warning.

The command runs as its console script in a session of its own (as at a terminal, where a
Ctrl-C reaches the whole foreground process group); a driver signals it from inside, at a chosen
point of the cluster's start, so the outcome does not depend on the machine's speed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from faults.harness import ROOT, env

# AT: "scheduler" (just after the scheduler of the local cluster has started: in the old code
# the moment its worker processes were being started with Ctrl-C ignored) or "client" (just
# before the client connects: every worker process has been started). SIG: what is sent; a
# SIGINT goes to the whole process group, as a Ctrl-C at the terminal does.
_DRIVER = """
import os, signal, sys
import distributed

at, sig = sys.argv[1], getattr(signal, sys.argv[2])

def fire():
    if sig == signal.SIGINT:
        os.killpg(0, sig)
    else:
        os.kill(os.getpid(), sig)

if at == "scheduler":
    real = distributed.LocalCluster.__init__
    def init(self, *a, **k):
        real(self, *a, **k)
        fire()
    distributed.LocalCluster.__init__ = init
else:
    real = distributed.Client.__init__
    def init(self, *a, **k):
        fire()
        real(self, *a, **k)
    distributed.Client.__init__ = init
sys.argv = ["openbid", *sys.argv[3:]]
from openbid.cli.main import run
run()
"""


def _marked(mark: str) -> list[int]:
    """Live processes whose environment carries ``mark`` (the command's and its children's)."""
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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("at,sig", [("scheduler", "SIGINT"), ("client", "SIGINT"),
                                    ("scheduler", "SIGTERM"), ("client", "SIGTERM")])
def test_a_signal_while_the_cluster_starts(at, sig, tmp_path):
    mark = f"OPENBID_TEST_MARK_{uuid.uuid4().hex}"
    argv = ["compare", "code", "sayc", "--deals", "60", "--seed", "signal", "--workers", "2",
            "--store", str(tmp_path / "dd.duckdb")]
    p = subprocess.Popen([sys.executable, "-c", _DRIVER, at, sig, *argv],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=env(**{mark: "1"}), cwd=str(ROOT), start_new_session=True)
    try:
        out, err = p.communicate(timeout=240)  # to the end of every writer of stderr
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    assert p.returncode == 2, (out, err)
    assert err.splitlines()[-1] == "openbid: interrupted", err
    assert "Traceback" not in err and "leaked" not in err and "warn" not in err.lower(), err
    assert out == ""  # stopped before any result was shown
    for _ in range(200):
        if not _marked(mark):
            break
        time.sleep(0.05)
    assert _marked(mark) == []
    assert not list(Path("/tmp").glob(f"openbid-dd-*/{mark}"))
