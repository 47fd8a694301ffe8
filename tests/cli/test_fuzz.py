"""The command line under malformed input (issue 17): hands, expressions, rule files and
arguments drawn by Hypothesis, each run through ``openbid.cli.main.main`` in-process (a few
hundred examples, a few seconds), and a handful through a real subprocess. Every one must end
with exit 2 and one message (an expression's excerpt and caret may follow it, indented):
never a traceback, never a usage block, never exit 0 or 1 for input that means nothing.

Each draw is kept malformed by construction or by ``assume`` (the reader itself says so), so
that no example ever starts real work (a proof, a census).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from openbid.cli.main import main
from openbid.base.errors import OpenbidError
from openbid.expr import parse
from openbid.bridge.hand import Hand
from openbid.systems.rules.text import loads
from openbid.systems.variants import rules_text

ROOT = Path(__file__).resolve().parents[2]
CODE_RULES = rules_text("code.rules")
FAST = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.filter_too_much])


def exits_2_with_one_message(capsys, argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert "Traceback" not in out + err and "usage:" not in err, err
    lines = err.splitlines()
    assert lines and lines[0].startswith("openbid"), err
    assert len(lines) <= 3 and all(ln.startswith("  ") for ln in lines[1:]), err
    assert all(len(ln) <= 400 for ln in lines), err
    return lines[0]


def _bad_hand(text: str) -> bool:
    try:
        Hand.parse(text)
    except OpenbidError:
        return True
    return False


def _bad_expr(text: str) -> bool:
    try:
        parse(text)
    except OpenbidError:
        return True
    return False


CARDS = st.sampled_from(list("AKQJT98765432xX-.:, SHDCshdc10♠♥♦♣—") + ["10", "---", "\u00a0"])
HANDS = st.one_of(
    st.text(max_size=40),
    st.lists(CARDS, max_size=30).map("".join),
    st.builds(lambda a, b: a + b, st.sampled_from(["AKQJ.AKQ.AKQ.AKQ", "S:AKQ, H:AKQ, D:AKQ, "
                                                   "C:AKQJ", "♠AKQ ♥AKQ ♦AKQ ♣AKQJ"]),
              st.lists(CARDS, min_size=1, max_size=5).map("".join)),
)

TOKENS = st.sampled_from(["HCP", "TOTALPTS", "SUITLENGTH", "(", ")", "[", "]", "and", "or", "not",
                          "if", "then", "else", "any", "all", "count", "sum", "in", ":", ",",
                          "S", "H", "SUITS", "s", "=", "<=", "<>", ">", "+", "-", "*", "/", "0",
                          "1.5", "13", '"10"', '"1S"', "bid", "meets", "true", "@", "é", "#",
                          "nonsense", "HCPP"])
EXPRS = st.one_of(
    st.lists(TOKENS, min_size=0, max_size=25).map(" ".join),
    st.text(max_size=30),
    st.integers(65, 2000).map(lambda n: "(" * n + "HCP > 1" + ")" * n),
    st.integers(65, 5000).map(lambda n: "not " * n + "HCP > 1"),
    st.integers(65, 20000).map(lambda n: "+".join(["1"] * n) + " > 1"),
)


@FAST
@given(HANDS)
@example("♠QJ10432 ♥5432 ♦J2")
@example("A" * 100_000)
def test_malformed_hands(capsys, text):
    assume(_bad_hand(text))
    for argv in (["bid", "--", text], ["bid", "--brief", "--", text]):
        first = exits_2_with_one_message(capsys, argv)
        assert first.startswith("openbid bid: argument 1: ")


@FAST
@given(EXPRS)
@example("(" * 130 + "HCP > 1" + ")" * 130)
@example("HCP > " + "x" * 200_000)
@example("count (")  # a quantifier's lookahead past the end of the expression
@example("all (")
def test_malformed_expressions(capsys, text):
    assume(_bad_expr(text))
    first = exits_2_with_one_message(capsys, ["find", "--", text])
    assert first.startswith("openbid: error: ")


LINE_EDITS = st.sampled_from([
    "", "section", "section 99 \"x\"", "name ../x", "name a/b", "readings nonsense",
    "readings playtricks=nonsense", "  bid 1 when HCP value", "  goto 1 when HCP > 1",
    "\tbid 1 when true value 0", "   bid 1 when true value 0", "if", "for s in X",
    "  bid 1 when " + "(" * 100 + "HCP > 1" + ")" * 100 + " value 0",
    "  bid 1 when " + "not " * 500 + "true value 0", "x" * 5000, "bid 1 when true value \\",
    "  bid 99 when true value 0", "section 1 \"dup\"", "zz" * 20,
])


@FAST
@given(st.integers(0, CODE_RULES.count("\n")), LINE_EDITS, st.booleans())
def test_malformed_rule_files(capsys, tmp_path_factory, at, line, replace):
    lines = CODE_RULES.splitlines()
    if replace and at < len(lines):
        lines[at] = line
    else:
        lines.insert(at, line)
    text = "\n".join(lines) + "\n"
    try:
        loads(text, "fuzz.rules")
    except OpenbidError:
        pass
    else:
        assume(False)  # a valid rule file: 'rules check' would prove it (seconds)
    path = tmp_path_factory.mktemp("rules") / "fuzz.rules"
    path.write_text(text, encoding="utf-8")
    first = exits_2_with_one_message(capsys, ["rules", "check", str(path)])
    assert f"{path}" in first


COMMANDS = ["bid", "auction", "eval", "count", "find", "claim", "deal", "prove", "graph", "rules", "diff", "score", "imps", "mp",
            "compare", "dd", "audit", "notes", "check-algol",
            "binky"]
BAD_OPTIONS = [["--rlimit", "x"], ["--rlimit", "0"], ["--rlimit", "-5"], ["--limit", "-1"],
               ["--sample", "0"], ["--sample", "-5"], ["--sample", "1e3"], ["--proposition", "99"],
               ["--proposition", "x"], ["--by", "nothing"], ["--format", "gif"],
               ["--variant", "nope"], ["--rules", "/nonexistent/my.rules"],
               ["--expected", "/nonexistent.json"], ["--examples", "-1"], ["--bogus"],
               ["--report", "/proc/openbid-report"], ["--file", "/nonexistent.txt"],
               ["--variant", "code", "--rules", "/nonexistent.rules"], ["--examples", "x"],
               ["--seat", "5"], ["--seat", "x"], ["--vul", "maybe"],
               ["--claims", "/nonexistent.txt"], ["--claim", "nope"], ["--where", "HCP >"],
               ["--variant", "sayc", "--claims", "/nonexistent.txt"],
               ["--variant", "sayc", "--claim", "nope"]]
FILLERS = st.sampled_from(["--json", "--quiet", "--brief", "--count", "--vul", "--no-count"])


@FAST
@given(st.sampled_from(COMMANDS), st.sampled_from(BAD_OPTIONS), st.lists(FILLERS, max_size=2))
def test_malformed_arguments(capsys, command, bad, fillers):
    positional = {"find": ["HCP > 30"], "diff": ["code", "synopsis"], "rules": ["check"],
                  "compare": ["code", "synopsis"], "dd": ["fill"],
                  "claim": ["N.HCP + S.HCP > 20", "--auction", "1NT P 2C"],
                  "deal": ["--auction", "1NT P 2C"], "audit": ["/nonexistent.pbn"],
                  "auction": ["N:AQ2.KJ42.KQ2.Q32 T98.AT9.JT98.AK5 KJ43.Q765.A3.J76 "
                              "765.83.7654.T984"]}
    argv = [command, *positional.get(command, []), *bad, *fillers]
    if command == "rules":  # 'rules check FILE': the file is the bad part
        argv = ["rules", "check", "/nonexistent/my.rules", *bad]
    exits_2_with_one_message(capsys, argv)


@pytest.mark.parametrize("argv,stdin", [
    (["bid", "AKQ.AKQ.AKQ.AKQ"], None),
    (["find", "(" * 200 + "HCP" + ")" * 200], None),
    (["prove", "--proposition", "99"], None),
    (["bid", "--file", "-"], "x" * 3_000_000 + "\n"),
    (["rules", "check", "/dev/null"], None),
])
def test_malformed_input_in_a_real_process(argv, stdin):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-m", "openbid.cli.main", *argv], input=stdin,
                       capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=120)
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr and p.stdout == ""
    lines = p.stderr.splitlines()
    assert lines[0].startswith("openbid") and len(lines) <= 3 and len(p.stderr) < 1000
