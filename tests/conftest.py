"""Shared settings and fixtures: the Hypothesis profile, the proof run and its report.
Strategies live in tests/strategies.py."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile

import pytest
from hypothesis import HealthCheck, settings

# Several tests interrupt a command with SIGINT (Ctrl-C) or SIGHUP and check that it stops. A test
# run started in the background (`nohup ... &`, `&` in a script, some CI runners) inherits those
# signals ignored; every command it started would inherit that too and go on, and those tests
# would fail for a reason that is not the code's. Here an ignored signal is caught by a handler
# that does nothing instead: the run itself still ignores it, and every command it starts begins
# with the signal's default, as from a terminal (a handler, unlike "ignore", is not inherited
# across exec). A test of a command started with a signal ignored sets that itself
# (tests/cli/test_reliability.py).
def _still_ignored(signum, frame) -> None:
    pass


for _sig in (signal.SIGINT, signal.SIGHUP):
    if signal.getsignal(_sig) is signal.SIG_IGN:
        signal.signal(_sig, _still_ignored)

# The cache of results (openbid.base.cache) of every test and every command a test runs (they
# inherit the environment): a folder of this session's own, never the user's cache directory.
_CACHE = tempfile.mkdtemp(prefix="openbid-test-cache-")
os.environ["OPENBID_CACHE_DIR"] = _CACHE


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_CACHE, ignore_errors=True)


# The tests run in one process per core (pytest-xdist, ``-n auto`` in pyproject.toml), at most
# TEST_PROCESSES: a census test forks its own workers (openbid.base.workers.jobs, up to four) and
# takes up to about a gigabyte, so more test processes would only crowd a large machine's memory.
TEST_PROCESSES = 4


def pytest_xdist_auto_num_workers(config):
    return max(1, min(TEST_PROCESSES, len(os.sched_getaffinity(0)) if hasattr(
        os, "sched_getaffinity") else os.cpu_count() or 1))

# The solver and the rule compiler are slow on first use: no deadline anywhere.
settings.register_profile(
    "openbid", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("openbid")


# ---- the proof run and its report (tests/test_report.py, tests/test_browser.py) -----------------
def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/report/golden/report.md and report.json from this run")


# Run in a fresh interpreter by the fixture ``code_run``, so that nothing a test did before
# can reach it. prove_all itself runs every part in its own forked process, which collects and
# freezes the heap it inherited before its Z3 work: the witness hands are a function of the rules
# alone (tests/test_report.py compares them with the golden files).
_PROVE_SCRIPT = """
import pickle
import sys

from openbid.systems.variants import load_variant
from openbid.studies.prove import prove_all

run = prove_all(load_variant("code"))
with open(sys.argv[1], "wb") as fh:
    pickle.dump(run, fh)
"""


@pytest.fixture(scope="session")
def code_run(tmp_path_factory):
    """``openbid prove`` for the code rules, all parts (about 30-60 s; computed once per
    session, in a fresh interpreter: see ``_PROVE_SCRIPT``)."""
    import os
    import pickle
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    out = tmp_path_factory.mktemp("run") / "run.pickle"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(root)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    r = subprocess.run([sys.executable, "-c", _PROVE_SCRIPT, str(out)], cwd=root, env=env,
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, f"prove_all failed:\n{r.stderr[-3000:]}"
    with open(out, "rb") as fh:
        return pickle.load(fh)


@pytest.fixture(scope="session")
def report_dir(code_run, tmp_path_factory):
    """The report of :func:`code_run`, written once: a directory with index.html, report.md and
    report.json."""
    from openbid.report.writer import write_report

    directory = tmp_path_factory.mktemp("report")
    write_report(code_run, directory)
    return directory
