"""Issue 17: nothing recorded is corrupted, no process outlives its command, every error is a
clear exit 2. One test (or a few) per case of the issue, in its order:

1. recorded expectations are data the user owns (a rule file's own, never a shipped one; never
   a degraded run; never a path for a name; never another file);
2. no orphans (SIGTERM, SIGHUP, SIGINT, SIGKILL on the parent), and Ctrl-C stops promptly;
3. every error is exit 2 with a message, before the work where it can be (nesting, unwritable
   targets, filters that select nothing);
4. a report directory is openbid's or empty;
5. the report and the messages name the rule file that ran;
6. witnesses are independent of hash seeds and job counts;
7. hands as the report prints them;
8. bounded output on bad input.

The fuzz test of the command line is tests/cli/test_fuzz.py.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from openbid.base.errors import OpenbidError
from openbid.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "openbid" / "systems" / "data" / "expected"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def one_error(err: str) -> str:
    """The error message of an exit-2 run: one line (an expression's excerpt and caret may
    follow, indented), naming the problem; never a traceback."""
    lines = err.splitlines()
    assert lines and lines[0].startswith("openbid"), err
    assert all(ln.startswith("  ") for ln in lines[1:]) and len(lines) <= 3, err
    assert all(len(ln) <= 400 for ln in lines), err
    return lines[0]


def cli(*args: str, env: dict | None = None, timeout: float = 300,
        **kw) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "openbid.cli.main", *args], capture_output=True,
                          text=True, env=full, cwd=str(ROOT), timeout=timeout, **kw)


@pytest.fixture
def my_rules(tmp_path, capsys) -> Path:
    """``openbid rules export > my.rules`` and the README's edit (it keeps ``name code``)."""
    assert main(["rules", "export"]) == 0
    text = capsys.readouterr().out
    assert "name code" in text and "bid 1 when TOTALPTS <= 6" in text
    path = tmp_path / "my.rules"
    path.write_text(text.replace("bid 1 when TOTALPTS <= 6", "bid 1 when TOTALPTS <= 7"),
                    encoding="utf-8")
    return path


def _no_work(monkeypatch) -> None:
    """Make any proof run fail the test: the error must come before the work."""
    import openbid.studies.prove as prove

    def started(*args, **kwargs):
        raise AssertionError("the proof started before the error was found")

    monkeypatch.setattr(prove, "prove_all", started)


def _snapshot() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(SHIPPED.iterdir())}


# ---- 1. recorded expectations are data the user owns ----------------------------------------
def test_an_edited_rule_file_cannot_change_the_shipped_expectations(my_rules, capsys):
    from openbid.systems.rules.text import load
    from openbid.studies.prove import rules_digest

    before = _snapshot()
    # named explicitly: refused before the work
    code, _, err = run(capsys, "prove", "structure", "--rules", str(my_rules), "--quiet",
                       "--update-expected", "--expected", str(SHIPPED / "code.json"))
    assert code == 2
    assert "not recording" in one_error(err) and "shipped variant code" in err
    # by default: next to the rule file, with its digest and source
    code, out, _ = run(capsys, "prove", "structure", "--rules", str(my_rules), "--quiet",
                       "--update-expected")
    assert code == 0
    own = my_rules.parent / "my.rules.expected.json"
    assert f"expectation recorded in {own}" in out
    data = json.loads(own.read_text())
    assert data["source"] == "rule file my.rules"
    assert data["digest"] == rules_digest(load(str(my_rules)))
    assert data["variant"] == "code" and data["outcomes"]
    assert _snapshot() == before
    # ... and it is what the rule file is compared with from now on
    code, out, _ = run(capsys, "prove", "structure", "--rules", str(my_rules), "--quiet")
    assert code == 0 and "(my.rules.expected.json)" in out
    # the README's own command still passes
    assert run(capsys, "prove", "structure", "--quiet")[0] == 0
    assert [p.name for p in my_rules.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_an_edited_file_is_compared_with_the_variant_it_came_from(my_rules, capsys):
    """No expectation of its own yet: compared with that of its name line's variant."""
    code, out, _ = run(capsys, "prove", "structure", "--rules", str(my_rules), "--quiet")
    assert code == 0
    assert "compared with" in out and "the expectation of variant code" in out


def test_a_rule_name_that_is_a_path_is_refused(my_rules, capsys, tmp_path):
    from openbid.base.errors import OpenbidError
    from openbid.studies.expected import expected_path

    bad = tmp_path / "bad.rules"
    bad.write_text(my_rules.read_text().replace("name code", "name ../../x"), encoding="utf-8")
    before = sorted(p.name for p in tmp_path.parent.parent.iterdir())
    code, _, err = run(capsys, "prove", "structure", "--rules", str(bad), "--update-expected",
                       "--quiet")
    assert code == 2
    assert re.search(r"bad\.rules:\d+: name '\.\./\.\./x' is not a plain name", one_error(err))
    assert sorted(p.name for p in tmp_path.parent.parent.iterdir()) == before
    assert not (SHIPPED.parent.parent / "x.json").exists()
    with pytest.raises(OpenbidError, match="not a plain variant name"):
        expected_path("../../x")


def test_a_degraded_run_is_never_recorded(capsys, tmp_path):
    target = tmp_path / "exp.json"
    code, _, err = run(capsys, "prove", "structure", "--rlimit", "1", "--update-expected",
                       "--expected", str(target), "--quiet")
    assert code == 2 and "UNKNOWN" in one_error(err) and "not recording" in err
    assert not target.exists()
    assert run(capsys, "prove", "structure", "--update-expected", "--expected", str(target),
               "--quiet")[0] == 0
    recorded = target.read_bytes()
    code, _, err = run(capsys, "prove", "structure", "--rlimit", "1", "--update-expected",
                       "--expected", str(target), "--quiet")
    assert code == 2 and target.read_bytes() == recorded
    # the next clean run reports no change
    assert run(capsys, "prove", "structure", "--expected", str(target), "--quiet")[0] == 0


def test_a_run_with_sigint_ignored_records_no_unknown(tmp_path):
    """Ctrl-C while SIGINT is ignored (nohup, a CI runner): Z3 used to catch it anyway and answer
    UNKNOWN, and the run recorded those. Now an ignored signal is ignored."""
    target = tmp_path / "exp.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBID_JOBS": "2"}
    p = subprocess.Popen([sys.executable, "-m", "openbid.cli.main", "prove", "lemmas",
                          "--update-expected", "--expected", str(target), "--quiet"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                         cwd=str(ROOT), start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    deadline = time.monotonic() + 8
    while p.poll() is None and time.monotonic() < deadline:
        os.killpg(p.pid, signal.SIGINT)  # parent and workers, as a terminal's Ctrl-C
        time.sleep(0.05)
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    assert not [k for k, v in json.loads(target.read_text())["outcomes"].items() if "unknown" in v]


def test_other_files_are_never_overwritten(capsys, tmp_path):
    notes = tmp_path / "notes.json"
    notes.write_text('{"mine": 1}\n')
    code, _, err = run(capsys, "prove", "structure", "--update-expected", "--expected",
                       str(notes), "--quiet")
    assert code == 2 and "not an openbid expectation" in one_error(err)
    assert notes.read_text() == '{"mine": 1}\n'
    other = tmp_path / "synopsis.json"
    assert run(capsys, "prove", "structure", "--variant", "synopsis", "--update-expected",
               "--expected", str(other), "--quiet")[0] == 0
    recorded = other.read_bytes()
    code, _, err = run(capsys, "prove", "structure", "--update-expected", "--expected",
                       str(other), "--quiet")
    assert code == 2 and "holds the expectation of variant synopsis" in one_error(err)
    assert other.read_bytes() == recorded


def test_expectation_writes_are_atomic(tmp_path, monkeypatch, code_run):
    """A write that fails half way leaves the old file and no temporary file."""
    from openbid.studies import expected

    target = tmp_path / "code.json"
    expected.write_expected(code_run, target)
    recorded = target.read_bytes()

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OpenbidError, match="cannot write .*code.json: No space left on device"):
        expected.write_expected(code_run, target)
    assert target.read_bytes() == recorded
    assert sorted(p.name for p in tmp_path.iterdir()) == ["code.json"]


# ---- 2. no orphans; signals stop a command promptly -------------------------------------------
def _processes() -> dict[int, tuple[str, int, int]]:
    """pid -> (state, parent, process group) of every process."""
    out = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            out[int(d)] = (fields[0], int(fields[1]), int(fields[2]))
    return out


# The command as its console script runs it, except that every task of a worker first writes a
# marker file (named by the worker's pid), then never ends: the test signals once two workers are
# inside a task, and only the command's own stopping of its workers ends them. The outcome does not
# depend on how fast the machine finishes the real work.
_ENDLESS_WORKERS = """
import os, sys, time
from openbid.base import workers
markers, parent, real = sys.argv[1], os.getpid(), workers.run_task

def run_task(task):
    if os.getpid() == parent:
        return real(task)
    open(os.path.join(markers, str(os.getpid())), "w").close()
    while True:
        time.sleep(1)

run_task.__module__, run_task.__qualname__ = workers.__name__, "run_task"
workers.run_task = run_task
sys.argv = ["openbid", *sys.argv[2:]]
from openbid.cli.main import run
run()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("argv,sig", [
    (("prove", "--quiet"), signal.SIGTERM),
    (("prove", "--quiet"), signal.SIGKILL),
    (("count",), signal.SIGHUP),
    (("count",), signal.SIGINT),
    (("check-algol",), signal.SIGTERM),
    (("check-algol",), signal.SIGINT),
])
def test_no_worker_outlives_its_command(argv, sig, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBID_JOBS": "2"}
    p = subprocess.Popen([sys.executable, "-c", _ENDLESS_WORKERS, str(tmp_path), *argv],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                         cwd=str(ROOT), start_new_session=True)
    group = p.pid  # a session of its own: every worker is in this process group
    try:
        while len(list(tmp_path.iterdir())) < 2:  # two workers inside a task that never ends
            assert p.poll() is None, p.communicate()
            time.sleep(0.02)
        os.kill(p.pid, sig)
        _, err = p.communicate(timeout=120)
        if sig != signal.SIGKILL:
            assert p.returncode == 2 and err.strip() == "openbid: interrupted", err
        left = []
        for _ in range(200):
            left = [pid for pid, (state, _, pgid) in _processes().items()
                    if pgid == group and state not in "ZX"]
            if not left:
                break
            time.sleep(0.05)
        assert left == [], f"survivors in the command's process group: {left}"
    finally:
        for pid, (_, _, pgid) in _processes().items():
            if pgid == group:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def test_workers_die_with_their_parent_and_leave_signals_to_it():
    """What every worker sets up (openbid.base.workers): the kernel's parent-death signal
    (SIGKILL), Ctrl-C ignored, Z3's own Ctrl-C handler off, SIGTERM the default action."""
    from openbid.base.workers import Pool, Task

    with Pool(1) as pool:
        (r,) = list(pool.results([Task(_worker_setup, None)]))
    assert r.value == (signal.SIGKILL, "ignored", "false", "default")


def _worker_setup(_):
    import ctypes

    import z3

    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    got = ctypes.c_int(0)
    libc.prctl(2, ctypes.byref(got))  # PR_GET_PDEATHSIG
    sigint = "ignored" if signal.getsignal(signal.SIGINT) is signal.SIG_IGN else "handled"
    sigterm = "default" if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL else "handled"
    return got.value, sigint, str(z3.get_param("ctrl_c")), sigterm


# The command as its console script runs it, with one change that makes the moment of the signal
# certain on any machine: the Nth Z3 query of the command first writes a marker file, then works
# on a problem no solver finishes (the pigeonhole principle for 16 holes: resolution needs
# exponentially many steps) in the command's own Z3 context. The test signals once the marker
# exists: the command is then inside a Z3 call, and only an interrupt of Z3 (what the command does
# on a signal) ends that call.
_ENDLESS_SOLVER = """
import os, sys
import z3
marker, nth = sys.argv[1], int(sys.argv[2])
real, calls = z3.Solver.check, [0]

def pigeonhole(holes):
    s = z3.SimpleSolver()
    p = [[z3.Bool(f"p{i}_{j}") for j in range(holes)] for i in range(holes + 1)]
    for row in p:
        s.add(z3.Or(row))
    for j in range(holes):
        for a in range(holes + 1):
            for b in range(a + 1, holes + 1):
                s.add(z3.Or(z3.Not(p[a][j]), z3.Not(p[b][j])))
    return s

def check(self, *assumptions):
    calls[0] += 1
    if calls[0] == nth:
        hard = pigeonhole(16)
        open(marker, "w").close()
        real(hard)
    return real(self, *assumptions)

z3.Solver.check = check
sys.argv = ["openbid", *sys.argv[3:]]
from openbid.cli.main import run
run()
"""


def test_signals_stop_solver_work_promptly_and_quietly(my_rules, tmp_path):
    """Z3 work in the command's own process (rules check: a query per bid point; diff: the
    proof, cut at several moments): a signal stops it at once, with one line and no traceback
    (nor an 'Exception ignored' from a half-built object). The signal comes while a Z3 call runs
    that would never end by itself (see _ENDLESS_SOLVER): the outcome does not depend on the
    machine's speed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for argv, nth, sig in [(("rules", "check", str(my_rules)), 5, signal.SIGINT),
                           (("diff", "code", "synopsis", "--no-count"), 1, signal.SIGTERM),
                           (("diff", "code", "synopsis", "--no-count"), 3, signal.SIGINT)]:
        marker = tmp_path / f"in-z3-{len(list(tmp_path.iterdir()))}"
        p = subprocess.Popen([sys.executable, "-c", _ENDLESS_SOLVER, str(marker), str(nth),
                              *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env, cwd=str(ROOT))
        try:
            while not marker.exists():
                assert p.poll() is None, (argv, p.communicate())
                time.sleep(0.02)
            p.send_signal(sig)
            _, err = p.communicate(timeout=120)
        finally:
            p.kill()
            p.wait()
        assert p.returncode == 2 and err == "openbid: interrupted\n", (argv, err)


# ---- 3. every error is exit 2 with a message, before the work ----------------------------------
DEEP = {
    "130 parentheses": "(" * 130 + "HCP > 1" + ")" * 130,
    "1,000 nots": "not " * 1000 + "HCP > 1",
    "10,000 terms": "+".join(["HCP"] * 10_000) + " > 1",
}


@pytest.mark.parametrize("name", DEEP)
def test_deep_nesting_is_a_clear_error(name, capsys, my_rules, tmp_path):
    code, out, err = run(capsys, "find", DEEP[name])
    assert code == 2 and out == ""  # never 1, which says "no hand exists"
    assert "nested too deeply" in one_error(err)
    assert err.splitlines()[2].strip() == "^"  # the caret points at the token
    rule_file = tmp_path / "deep.rules"
    rule_file.write_text(my_rules.read_text().replace("TOTALPTS <= 7", DEEP[name], 1))
    code, _, err = run(capsys, "rules", "check", str(rule_file))
    assert code == 2
    assert re.match(rf"openbid: error: {re.escape(str(rule_file))}:\d+: column \d+: nested too "
                    "deeply", one_error(err))


def test_deeply_nested_statements_are_a_clear_error(capsys, my_rules, tmp_path):
    lines = my_rules.read_text().splitlines()
    at = lines.index('section 1 "Hopeless pass"') + 1
    lines[at:at] = ["  " * d + "if HCP >= 0" for d in range(1, 200)] + ["  " * 200 + "goto 2 "
                                                                       "when HCP > 40"]
    rule_file = tmp_path / "nested.rules"
    rule_file.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "bid", "--rules", str(rule_file), "AKQJ.AKQ.AKQ.AKQ")
    assert code == 2 and "statements nested too deeply" in one_error(err)
    assert f"{rule_file}:{at + 66}:" in err  # the first statement inside 65 levels


def test_unwritable_targets_fail_before_the_work(capsys, monkeypatch, tmp_path):
    from openbid.studies import expected

    _no_work(monkeypatch)
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "index.html").write_text("<p>my own page</p>")
    for argv, words in [
        (("--report", "/proc/openbid-report"), "cannot write in /proc"),
        (("--report", str(a_file / "sub")), "is not a directory"),
        (("--report", str(a_file)), "exists and is not a directory"),
        (("--report", str(mine)), "its index.html was not written by openbid"),
        (("--expected", str(tmp_path)), "is a directory"),
        (("--expected", str(tmp_path), "--update-expected"), "is a directory"),
        (("--expected", str(tmp_path / "no" / "such" / "x.json"), "--update-expected"),
         "openbid creates none"),
    ]:
        code, _, err = run(capsys, "prove", "--quiet", *argv)
        assert code == 2 and words in one_error(err), (argv, err)
    assert (mine / "index.html").read_text() == "<p>my own page</p>"
    assert not (tmp_path / "no").exists()
    # a read-only package: its expectations folder cannot be written
    monkeypatch.setattr(expected, "EXPECTED_DIR", Path("/proc/self"))
    code, _, err = run(capsys, "prove", "lemmas", "--update-expected", "--quiet")
    assert code == 2 and "cannot record the expectation in /proc/self/code.json" in one_error(err)


def test_a_read_only_folder_fails_before_the_work(capsys, monkeypatch, tmp_path):
    """A folder the process may not write in: /proc/self for everyone (root included, as under
    CI), and a folder with its write bits off when not root (root writes there anyway)."""
    _no_work(monkeypatch)
    folders = [Path("/proc/self")]
    ro = tmp_path / "ro"
    ro.mkdir()
    if os.geteuid() != 0:
        ro.chmod(0o555)
        folders.append(ro)
    try:
        for folder in folders:
            code, _, err = run(capsys, "prove", "--report", str(folder / "report"), "--quiet")
            assert code == 2 and "cannot write" in one_error(err), (folder, err)
            code, _, err = run(capsys, "prove", "--update-expected", "--expected",
                               str(folder / "x.json"), "--quiet")
            assert code == 2 and "cannot record" in one_error(err), (folder, err)
            assert not (folder / "report").exists() and not (folder / "x.json").exists()
    finally:
        ro.chmod(0o755)


def test_filters_that_select_nothing_are_errors(capsys, monkeypatch, tmp_path):
    _no_work(monkeypatch)
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n\n")
    for argv, words in [
        (("prove", "part-two", "--proposition", "99"), "no proposition 99"),
        (("prove", "lemmas", "--proposition", "6"), "give PART part-two"),
        (("prove", "--expected", str(tmp_path / "missing.json")), "does not exist"),
        (("check-algol", "--sample", "0"), "--sample must be at least 1"),
        (("check-algol", "--sample", "-5"), "--sample must be at least 1"),
        (("find", "HCP > 30", "--count", "-1"), "--count must be 0 or more"),
        (("diff", "code", "synopsis", "--examples", "-1"), "--examples must be 0 or more"),
        (("bid", "--file", str(empty)), "no hands in"),
        (("score", "--file", str(empty)), "no results in"),
        (("prove", "--rlimit", "0"), "--rlimit must be at least 1"),
    ]:
        code, out, err = run(capsys, *argv)
        assert code == 2 and words in one_error(err), (argv, err)
        assert out == ""


def test_a_rule_file_without_any_expectation_is_an_error(capsys, monkeypatch, my_rules):
    _no_work(monkeypatch)
    my_rules.write_text(my_rules.read_text().replace("name code", "name mine"))
    code, _, err = run(capsys, "prove", "paper", "--rules", str(my_rules))
    assert code == 2 and "no recorded expectation for rule file" in one_error(err)
    # (without PART, a rule file that is not named after an OPENBID variant gets the system
    # checks, whose expectation is optional: tests/checks/test_system.py)


def test_argument_errors_are_one_line(capsys):
    for argv in (["prove", "--rlimit", "x"], ["count", "--by"], ["bogus"],
                 ["find"], ["prove", "--bogus"]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "usage:" not in err
        assert "--help" in one_error(err)
    assert main(["--help"]) == 0
    capsys.readouterr()


# ---- 4. a report directory is openbid's or empty -------------------------------------------------
def test_a_report_directory_is_openbids_or_empty(tmp_path, code_run):
    from openbid.base.errors import OpenbidError
    from openbid.report.writer import MARKER, check_report_dir, write_report

    new = tmp_path / "new" / "report"
    check_report_dir(new)
    write_report(code_run, new)
    assert sorted(p.name for p in new.iterdir()) == [MARKER, "index.html", "report.json",
                                                     "report.md"]
    check_report_dir(new)  # openbid's: written again
    write_report(code_run, new)
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "report.md").write_text("my notes")
    with pytest.raises(OpenbidError, match="report.md was not written by openbid"):
        check_report_dir(theirs, force=True)
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "notes.txt").write_text("mine")
    with pytest.raises(OpenbidError, match="holds other files"):
        check_report_dir(shared)
    check_report_dir(shared, force=True)  # beside them, never over them
    write_report(code_run, shared)
    assert (shared / "notes.txt").read_text() == "mine"


def test_a_report_written_before_markers_is_still_openbids(tmp_path, code_run):
    from openbid.report.writer import MARKER, check_report_dir, write_report

    old = tmp_path / "report"
    write_report(code_run, old)
    (old / MARKER).unlink()  # as an earlier openbid left it
    check_report_dir(old)


# ---- 5. the report and the messages name what ran ---------------------------------------------
def test_errors_about_a_rule_file_name_it(capsys, my_rules, tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text(my_rules.read_text().replace("TOTALPTS <= 7 value 0", "TOTALPTS <= 7 value 99"))
    code, _, err = run(capsys, "bid", "--rules", str(bad), "S:Qxxx, H:Jxx, D:xxx, C:xxx")
    assert code == 2
    assert f"rule file {bad} (name code): bid point 1 made BIDVAL 99" in one_error(err)
    assert "rules 'code'" not in err


def test_the_text_names_the_rule_file_and_how_it_differs(capsys, my_rules):
    code, out, _ = run(capsys, "prove", "synopsis", "--rules", str(my_rules), "--quiet")
    assert out.startswith(f"openbid prove synopsis (rule file {my_rules}, name code, rules ")
    assert f"Rule file {my_rules} differs from code; e.g. " in out
    assert "bids as code does" not in out


def test_the_report_names_the_rule_file(code_run, tmp_path):
    from openbid.report.html import render_html
    from openbid.report.markdown import render_md
    from openbid.report.report import report_data
    from openbid.checks.diff import Diff

    versus = Diff("code", "code", False, "z3", "QJT2.KT32.JT2.JT")
    run_ = dataclasses.replace(code_run, source="my.rules", versus_code=versus)
    data = report_data(run_)
    v = data["variant"]
    assert (v["source"], v["base"], v["digest"]) == ("my.rules", "code", code_run.digest)
    html, md = render_html(run_, data), render_md(run_, data)
    for text in (html, md):
        assert "Rule file" in text and "my.rules (name code)" in text
        assert "edited from variant code, from which it differs" in text
        assert "nothing differs from code" not in text
        assert "Variant code" not in text
    assert "<title>OPENBID re-derived: my.rules (name code)</title>" in html


# ---- 6. deterministic everywhere -------------------------------------------------------------
def test_witnesses_do_not_depend_on_hash_seeds_or_jobs(tmp_path, my_rules):
    """diff's witness comes from Z3 after the section-by-section proof, whose terms were made in
    set order (hash-seed dependent): eight seeds gave eight different hands."""
    late = tmp_path / "late.rules"
    text = my_rules.read_text().replace("TOTALPTS <= 7", "TOTALPTS <= 6")
    assert "  if TOTALPTS >= 14 and HCP >= 10" in text
    late.write_text(text.replace("  if TOTALPTS >= 14 and HCP >= 10",
                                 "  if TOTALPTS >= 14 and HCP >= 9"))
    got = set()
    for seed, jobs in (("0", "1"), ("1", "2"), ("2", "2"), ("3", "1")):
        env = {"PYTHONHASHSEED": seed, "OPENBID_JOBS": jobs}
        p = cli("diff", "code", str(late), "--no-count", "--json", env=env)
        f = cli("find", 'bid = "1S" and HCP < 12', "--count", "3", "--json", env=env)
        assert p.returncode == 1 and f.returncode == 0, p.stderr + f.stderr
        got.add((json.loads(p.stdout)["witness"], f.stdout))
    assert len(got) == 1, got


# ---- 7. inputs as people write them ----------------------------------------------------------
def test_a_hand_as_the_report_prints_it_can_be_bid(capsys):
    code, out, _ = run(capsys, "bid", "--brief", "♠QJ10432 ♥5432 ♦J2 ♣Q",
                       "♠️AKQ2 ♥️— ♦️AKQJ ♣️AKQJ2")
    assert code == 0
    assert out.splitlines()[0] == "QJT432.5432.J2.Q\tPASS\t1"
    assert out.splitlines()[1].startswith("AKQ2..AKQJ.AKQJ2\t")


# ---- 8. bounded output on bad input -----------------------------------------------------------
def test_many_bad_lines_are_counted_not_printed(capsys, tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_text("AKQ.AKQ.AKQ.AKQ\n" * 5000 + "AKQJ.AKQ.AKQ.AKQ\n")
    code, out, err = run(capsys, "bid", "--brief", "--file", str(hands))
    assert code == 2 and out == "AKQJ.AKQ.AKQ.AKQ\t7NT\t2a\n"
    lines = err.splitlines()
    assert len(lines) == 21
    assert all(ln.startswith(f"openbid bid: {hands}:{i}: a hand has 13 cards")
               for i, ln in enumerate(lines[:20], 1))
    assert lines[20] == (f"openbid bid: ... and 4,980 more bad inputs (4,980 in {hands}); "
                         "5,000 in all")


def test_a_huge_bad_line_is_cut_short(capsys, tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_text("Q" * 10_000_000 + "\n")
    code, _, err = run(capsys, "bid", "--file", str(hands))
    assert code == 2 and len(err) < 500 and f"{hands}:1:" in err
    code, _, err = run(capsys, "find", "HCP > " + "x" * 200_000)
    assert code == 2 and len(err) < 500 and "expression too long" in err
    code, _, err = run(capsys, "bid", "A" * 1_000_000)
    assert code == 2 and len(err) < 500 and "argument 1" in err
    code, _, err = run(capsys, "score", "9" * 100_000 + "NT 0")
    assert code == 2 and len(err) < 500


def test_a_huge_rule_file_is_refused_at_once(capsys, my_rules, tmp_path, monkeypatch):
    from openbid.systems.rules import text as rules_text_module

    huge = tmp_path / "huge.rules"
    text = my_rules.read_text()
    with huge.open("w") as fh:
        fh.write(text)
        fh.write(("# " + "x" * 98 + "\n") * 50_000)  # 5 MB
    read: list = []
    real = rules_text_module._Reader
    monkeypatch.setattr(rules_text_module, "_Reader", lambda *a: read.append(a) or real(*a))
    code, _, err = run(capsys, "rules", "check", str(huge))
    assert code == 2 and read == []  # refused by its size, before any of it is read
    monkeypatch.undo()
    assert re.search(rf"rule file {re.escape(str(huge))} is [\d,]+ KB", one_error(err))
    assert "up to 1,024 KB" in err
    garbage = tmp_path / "garbage.rules"
    garbage.write_text(text + "z" * 50_000 + "\n")
    code, _, err = run(capsys, "rules", "check", str(garbage))
    assert code == 2 and len(err) < 500 and f"{garbage}:" in err
