"""A full disk and closed pipes: every writer reports the real cause in one line and exit 2,
leaves no partial file (the old one, if any, stays whole; no temporary is left), and a rerun
works; standard output that is full says so in one line, one closed by its reader ends the
command quietly with the status of SIGPIPE."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openbid.base.errors import OpenbidError
from openbid.base.files import write_atomic, write_new
from openbid.cli.main import main

from faults.harness import DEAL, HAND, SMALL, NoSpace, cli, cli_limited, env, files_under, \
    one_error

OLD = "the old file, whole\n"


# ---- the atomic writer -------------------------------------------------------------------------
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.integers(1, 300_000), budget=st.integers(0, 300_000), exists=st.booleans(),
       how=st.sampled_from(["atomic", "new", "files"]))
def test_no_space_leaves_the_old_file_and_no_temporary(tmp_path_factory, monkeypatch, size,
                                                       budget, exists, how):
    from openbid.base.files import write_files

    folder = tmp_path_factory.mktemp("w")
    target = folder / "out.txt"
    if exists:
        target.write_text(OLD)
    text = "x" * (size - 1) + "\n"
    full = NoSpace(folder, budget)
    with monkeypatch.context() as m:
        m.setattr(os, "write", full)

        def write() -> None:
            if how == "atomic":
                write_atomic(target, text)
            elif how == "new":
                write_new(target, text, force=True)
            else:
                write_files({target: text, folder / "second.txt": text})
        if budget < (2 * size if how == "files" else size):
            with pytest.raises(OpenbidError) as got:
                write()
            which = target if budget < size else folder / "second.txt"
            assert str(got.value) == f"cannot write {which}: No space left on device"
            assert files_under(folder) == ({"out.txt": OLD.encode()} if exists else {})
            return
        write()
    assert target.read_text() == text
    write()  # a rerun works
    assert target.read_text() == text and not [p for p in folder.iterdir()
                                                if p.name.startswith(".")]


def test_write_new_goes_through_a_link_and_refuses_a_pipe(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text(OLD)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with pytest.raises(OpenbidError, match="exists; use --force"):
        write_new(link, "new\n")
    write_new(link, "new\n", force=True)
    assert link.is_symlink() and real.read_text() == "new\n"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OpenbidError, match="not a regular file"):
        write_new(fifo, "new\n", force=True)
    assert fifo.is_fifo()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    with pytest.raises(OpenbidError, match="does not exist"):
        write_new(tmp_path / "dangling", "new\n", force=True)
    assert not (tmp_path / "nowhere").exists()


# ---- commands that write files -----------------------------------------------------------------
def test_deal_pbn_on_a_full_disk_leaves_no_partial_file(tmp_path):
    """Every file the command writes is limited to 2,000 bytes (RLIMIT_FSIZE, the real error
    of a full disk's kind): one line naming the file and the cause, no file, and the rerun
    writes it."""
    out = tmp_path / "deals.pbn"
    args = ("deal", "--rules", SMALL, "--auction", "1NT", "--count", "20", "--pbn", str(out))
    r = cli_limited(2000, *args)
    assert r.returncode == 2, r.stderr
    one_error(r.stderr, str(out), "File too large")
    assert list(tmp_path.iterdir()) == []
    r = cli_limited(1 << 40, *args)
    assert r.returncode == 0, r.stderr
    assert out.read_text().count("[Deal ") == 20


def test_compare_report_on_a_full_disk_leaves_no_report(tmp_path, capsys, monkeypatch):
    report = tmp_path / "report"
    argv = ["compare", "code", "code", "--deals", "3", "--workers", "0", "--store",
            str(tmp_path / "dd.duckdb"), "--report", str(report)]
    with monkeypatch.context() as m:
        m.setattr(os, "write", NoSpace(tmp_path / "report", 5000))
        code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, err
    one_error(err, str(report), "No space left on device")
    assert not report.exists()  # made by this run, removed with what was in it
    assert main(argv) == 0  # the rerun
    assert sorted(files_under(report)) == [".openbid-report", "index.html", "report.json",
                                           "report.md"]


def test_a_report_replaced_on_a_full_disk_stays_the_old_one(tmp_path, capsys, monkeypatch):
    report = tmp_path / "report"
    argv = ["compare", "code", "code", "--deals", "2", "--workers", "0", "--store",
            str(tmp_path / "dd.duckdb"), "--report", str(report)]
    assert main(argv) == 0
    before = files_under(report)
    capsys.readouterr()
    argv[4] = "3"
    with monkeypatch.context() as m:
        m.setattr(os, "write", NoSpace(report, 1000))  # the marker, then part of report.json
        assert main(argv) == 2
    one_error(capsys.readouterr().err, "No space left on device")
    assert files_under(report) == before


def test_dd_export_on_a_full_disk_leaves_no_file(tmp_path):
    from faults.test_store_faults import make_store

    store = tmp_path / "dd.duckdb"
    make_store(store, 200)
    out = tmp_path / "out.csv"
    r = cli_limited(4000, "dd", "export", str(out), "--store", str(store))
    assert r.returncode == 2
    one_error(r.stderr, str(out), "File too large")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dd.duckdb"]
    r = cli_limited(1 << 40, "dd", "export", str(out), "--store", str(store))
    assert r.returncode == 0 and out.read_text().count("\n") == 201


# ---- standard output -------------------------------------------------------------------------
OUTPUTS = [("rules", "export"), ("auction", DEAL), ("score", "4S="), ("bid", HAND),
           ("deal", "--rules", SMALL, "--auction", "1NT"), ("rules", "list")]


@pytest.mark.parametrize("argv", OUTPUTS, ids=lambda a: a[0])
def test_a_full_standard_output_is_one_line(argv):
    with open("/dev/full", "w") as full:
        r = cli(*argv, stdout=full)
    assert r.returncode == 2
    one_error(r.stderr, "No space left on device")


@pytest.mark.parametrize("argv", OUTPUTS, ids=lambda a: a[0])
def test_a_closed_standard_output_ends_quietly(argv):
    """The reader is gone before the command writes (as ``openbid ... | head`` when head has
    finished): no message, the status of a process ended by SIGPIPE."""
    p = subprocess.Popen([sys.executable, "-c", "from openbid.cli.main import run; run()",
                          *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(),
                         text=True)
    assert p.stdout is not None
    p.stdout.close()
    _, err = p.communicate(timeout=300)
    assert p.returncode == 141 and err == ""


def test_a_reader_that_stops_early(tmp_path):
    """``openbid rules export | head -1``: the first line reaches the reader, the command ends
    quietly however much it had left to write."""
    r = subprocess.run(f"'{sys.executable}' -c 'from openbid.cli.main import run; run()' rules "
                       "names | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}", shell=True,
                       executable="/bin/bash", capture_output=True, text=True, env=env(),
                       timeout=300)
    assert r.stdout.strip() in ("0", "141") and r.stderr == ""
