"""Progress on stderr (openbid/cli/progress.py): a tqdm bar with rate and time left on a
terminal, one line per stage otherwise, nothing with --quiet; standard output never changed by
it. The engine only calls the callback the command passes in (it never prints: ruff T20)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from openbid.cli import progress as P
from openbid.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SMALL = str(ROOT / "openbid" / "systems" / "examples" / "small.rules")
BOARDS = str(ROOT / "openbid" / "formats" / "examples" / "club.pbn")
SECONDS = re.compile(r"\d+(\.\d+)? s\b")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _settings(monkeypatch):
    monkeypatch.setattr(P, "MIN_SECONDS", 0.0)  # every stage shown, however quick here
    yield
    P.configure("", False)


def test_a_quick_stage_has_no_line(monkeypatch) -> None:
    monkeypatch.setattr(P, "MIN_SECONDS", 2.0)
    P.configure("count", False)
    err = io.StringIO()
    bar = P.Progress("census", stream=err)
    bar(10, 10)
    bar("round 1")
    bar.close()
    assert err.getvalue() == ""


def test_no_line_while_an_error_is_on_its_way() -> None:
    P.configure("deal", False)
    err = io.StringIO()
    bar = P.Progress("tried", stream=err)
    with pytest.raises(ValueError):
        try:
            bar(20, None)
            raise ValueError("boom")
        finally:
            bar.close()
    assert err.getvalue() == ""


def test_a_count_stage_is_one_line_at_its_end_on_a_pipe() -> None:
    P.configure("count", False)
    err = io.StringIO()
    bar = P.Progress("census", unit="classes", stream=err)
    for done in range(0, 1001, 100):
        bar(done, 1000)
    assert err.getvalue() == ""  # nothing before the stage ends
    bar.close()
    bar.close()  # closing twice writes nothing more
    lines = err.getvalue().splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"openbid count: census: 1,000 of 1,000 classes in \d+\.\d s", lines[0])


def test_named_stages_are_a_line_each_with_the_time_so_far() -> None:
    P.configure("prove", False)
    err = io.StringIO()
    bar = P.Progress("", stream=err)
    bar("round 1")
    bar("round 2")
    bar("table")
    bar.close()
    lines = err.getvalue().splitlines()
    assert [SECONDS.sub("N s", x) for x in lines] == [
        "openbid prove: round 1 (N s)", "openbid prove: round 2 (N s)",
        "openbid prove: table (N s)"]


def test_quiet_writes_nothing() -> None:
    P.configure("count", True)
    for stream in (io.StringIO(), _Terminal()):
        bar = P.Progress("census", stream=stream)
        bar("a stage")
        bar(5, 10)
        bar(10, 10)
        bar.close()
        assert stream.getvalue() == ""


def test_a_terminal_gets_a_bar_with_rate_and_time_left() -> None:
    P.configure("simulate", False)
    term = _Terminal()
    bar = P.Progress("bid", unit="deals", stream=term)
    for done in range(0, 501, 50):
        bar(done, 1000)
    bar.bar.refresh()  # tqdm draws at most every 0.1 s: draw now
    shown = term.getvalue().split("\r")[-1]
    bar.close()
    assert shown.startswith("bid:  50%") and "500/1.00k" in shown
    assert re.search(r"\[\d\d:\d\d<\d\d:\d\d, +[\d.]+[kMG]? ?deals/s\]", shown), shown
    assert "openbid simulate:" not in shown  # no stage lines on a terminal


def test_a_terminal_stage_is_a_status_line_cleared_at_the_end() -> None:
    P.configure("prove", False)
    term = _Terminal()
    bar = P.Progress("", stream=term)
    bar("round 1")
    bar.close()
    text = term.getvalue()
    assert text.startswith("\r  round 1") and text.endswith("\r") and "\n" not in text


# ---- commands ------------------------------------------------------------------------------------

def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.mark.parametrize("args,stage", [
    (("rules", "check", SMALL), r"openbid rules check: bid points: (\d+) of \1 points in "),
    (("audit", BOARDS, "--variant", "sayc"), r"openbid audit: audited: 8 boards in "),
    (("find", "HCP >= 20", "--count", "1", "--total"),
     r"openbid find: census: 34,033,880 of 34,033,880 classes in "),
    (("explain", "1NT P", "--view", "own"), r"openbid explain: own calls in "),
    (("notes", "--variant", "sayc"), r"openbid notes: node: \(opening\) \("),
    (("prove", "--rules", SMALL, "--no-table", "--no-cache"), r"openbid prove: round 1 \("),
    (("deal", "--variant", "sayc", "--auction", "1NT P", "--samples", "500"),
     r"openbid deal: tried: 500 deals in "),
    (("count", "N.HCP >= 15 and S.HCP >= 10"), r"openbid count: generating functions in "),
    (("count", "N.HCP >= 15 and S.HCP >= 10 and N.SUITLENGTH(S) + S.SUITLENGTH(S) >= 8",
      "--samples", "200"),
     r"openbid count: sampling 200 deals in "),
    (("claim", "--rules", SMALL, "--auction", "1NT P 2C P 2H",
      "4 <= N.SUITLENGTH(H) and 23 <= N.HCP + S.HCP"), r"openbid claim: Z3 over the two hands in "),
])
def test_stage_lines_on_a_pipe_none_with_quiet_and_the_same_output(capsys, args, stage) -> None:
    code, out, err = _run(capsys, *args)
    assert re.search(stage, err), err
    assert all(x.startswith("openbid ") for x in err.splitlines())
    qcode, qout, qerr = _run(capsys, *args, "--quiet")
    assert qerr == "" and qcode == code
    assert SECONDS.sub("N s", re.sub(r"\d+ ms", "N ms", qout)) == \
        SECONDS.sub("N s", re.sub(r"\d+ ms", "N ms", out))


def test_prove_of_a_system_reports_the_tree_census_and_the_table(capsys) -> None:
    _, _, err = _run(capsys, "prove", "--rules", SMALL, "--table-deals", "2000", "--no-cache")
    assert re.search(r"openbid prove: round \d+ \(", err)
    assert re.search(r"openbid prove: table \(", err), err
