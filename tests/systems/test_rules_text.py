"""Rule files (openbid/systems/rules/text.py): the code rules load, dump and reload unchanged, every
variant loads, and every broken file is a RuleFileError naming the file, the line and (for an
expression) the column - through the library and through the CLI, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from openbid.cli.main import main
from openbid.hands.registry import Readings
from openbid.base.errors import OpenbidError, RuleFileError
from openbid.systems.rules.model import Bid, ForSuits, Goto, If
from openbid.systems.rules.text import dumps, load, loads
from openbid.systems.variants import DEFINES, OPENING_ONLY, VARIANTS, load_variant, rules_text

ROOT = Path(__file__).resolve().parents[2]
CODE_RULES = ROOT / "openbid" / "systems" / "data" / "code.rules"

OK_SECTION = 'section 1 "Hopeless pass"\n  bid 1 when TOTALPTS <= 6 value 0\n'


# ---- the code rules -------------------------------------------------------------------------
def test_code_rules_load() -> None:
    rules = load(str(CODE_RULES))
    assert rules.name == "code"
    assert rules.readings == Readings(playtricks="table", solid="corrected", notrumptry="code")
    # the 13 sections of the synopsis (14 is falling through)
    assert [s.number for s in rules.sections] == list(range(1, 14))
    # Note 2: section 11 goes to 13 when it finds no bid
    assert rules.section(11).otherwise == 13
    assert all(s.otherwise is None for s in rules.sections if s.number != 11)
    # Note 1: the 11a bid is tentative when HCP >= 10 (resume at 13)
    resumes = [b for _, b in rules.bids() if b.resume is not None]
    assert [(b.label, b.resume.target) for b in resumes] == [("11a", 13)]
    # the only goto: section 10's GO TO PREEMPT
    gotos = [(sec.number, st.target) for sec in rules.sections
             for st in _walk(sec.body) if isinstance(st, Goto)]
    assert gotos == [(10, 11)]
    # every bid point label of the synopsis, in order, then 14
    assert rules.labels == (
        "1", "2a", "2b", "3", "4", "5a", "5b", "6a", "6b", "7", "8a", "8b", "8c", "8d", "8e",
        "9", "10", "11a", "11b", "12a", "12b", "12c", "12d", "12e", "12f", "12g", "12h",
        "12i", "12j", "13a", "13b", "13c", "13d", "14")


def _walk(steps):
    for st in steps:
        yield st
        if isinstance(st, (If, ForSuits)):
            yield from _walk(st.body)


def test_code_rules_loop_orders_are_the_algols() -> None:
    # SUITS = L from 4 down to 1 (S H D C), SHD = 4..2, MAJORS = 4..3
    rules = load(str(CODE_RULES))
    orders = {st.suits for sec in rules.sections for st in _walk(sec.body)
              if isinstance(st, ForSuits)}
    assert orders <= {(4, 3, 2, 1), (4, 3, 2), (4, 3), (4, 2)}
    sec12 = rules.section(12)
    assert (4, 2) in {st.suits for st in _walk(sec12.body) if isinstance(st, ForSuits)}  # L<-4,2


@pytest.mark.parametrize("name", list(VARIANTS))
def test_dumps_loads_round_trip(name: str) -> None:
    rules = load_variant(name)
    text = dumps(rules)
    again = loads(text, f"<dumped {name}>")
    assert again == rules
    assert dumps(again) == text


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_variant_loads(name: str) -> None:
    filename, overrides, description = VARIANTS[name]
    rules = load_variant(name)
    assert rules.name == name and description
    for key, val in overrides.items():
        assert getattr(rules.readings, key) == val
    base = loads(rules_text(filename), filename)
    assert rules.sections == base.sections  # a variant changes readings, not rules
    # ... or adds definitions of its own (DEFINES), each a line of its rules, after the file's own
    # (the K&R rule files define their thresholds and suit choice)
    assert [d.name for d in rules.definitions] == [d.name for d in base.definitions] + [
        line.split()[1].split("(")[0] for line in DEFINES.get(name, ()) if line.startswith("define")]
    # an opening-only variant (OPENING_ONLY) reads its file without the auction blocks
    if name in OPENING_ONLY:
        assert rules.auctions == () and base.auctions
        base = replace(base, auctions=())
    assert replace(rules, name=base.name, readings=base.readings,
                   definitions=rules.definitions[:len(base.definitions)]) == base


def test_dumps_with_header_is_comments() -> None:
    rules = load_variant("code")
    text = dumps(rules, header="exported\nfor a test")
    assert text.startswith("# exported\n# for a test\n")
    assert loads(text) == rules


def test_a_hand_written_file_loads(tmp_path: Path) -> None:
    f = tmp_path / "mine.rules"
    f.write_text(
        "# two sections\n"
        "name mine\n"
        "readings playtricks=procedure solid=as-printed notrumptry=appendix2\n"
        + OK_SECTION +
        'section 3 "Majors" when HCP >= 12 else goto 5\n'
        "  for suit in MAJORS\n"
        "    if SUITLENGTH(suit) >= 5\n"
        "      goto 5 when SUITPOINTS(suit) = 0\n"
        "      bid 3a when true value 10 + suit resume 5 when HCP = 12  # tentative\n"
        "  bid 3 when \\\n"
        "      HCP >= 20 value 5\n"
        'section 5 "Rest"\n'
        "  bid 5 when any(s in SUITS: ACE(s)) value 12\n",
        encoding="utf-8")
    r = load(str(f))
    assert r.name == "mine" and r.readings == Readings(playtricks="procedure", solid="as-printed", notrumptry="appendix2")
    assert [s.number for s in r.sections] == [1, 3, 5]
    sec3 = r.section(3)
    assert sec3.otherwise == 5 and sec3.line == 6
    loop = sec3.body[0]
    assert isinstance(loop, ForSuits) and loop.suits == (4, 3) and loop.line == 7
    bid3a = loop.body[0].body[1]
    assert isinstance(bid3a, Bid) and bid3a.resume is not None and bid3a.resume.target == 5
    assert bid3a.line == 10
    assert sec3.body[1].line == 11  # a continued statement is numbered by its first line


# ---- broken files ---------------------------------------------------------------------------
BROKEN = [
    # (name, text, line, column or None, pattern)
    ("unknown statement", OK_SECTION + "  frob 3\n", 3, None, r"unknown statement 'frob'"),
    ("odd indentation", OK_SECTION + "   bid 1 when HCP > 3 value 0\n", 3, None,
     r"indentation of 3 spaces is not a multiple of 2"),
    ("too deep", OK_SECTION + "    bid 1 when HCP > 3 value 0\n", 3, None,
     r"unexpected indentation \(expected 2 spaces\)"),
    ("top level indented", '  section 1 "x"\n  bid 1 when true value 0\n', 1, None,
     r"unexpected indentation at top level"),
    ("tab", OK_SECTION + "\tbid 1 when HCP > 3 value 0\n", 3, None, r"spaces, not tabs"),
    ("tab after spaces", 'section 1 "x"\n  \tbid 1 when true value 0\n', 2, None,
     r"spaces, not tabs"),
    ("unknown suit in for", 'section 1 "x"\n  for s in S, X\n    bid 1 when ACE(s) value 0\n',
     2, None, r"unknown suit 'X'"),
    ("suit twice in for", 'section 1 "x"\n  for s in S, SUITS\n    bid 1 when ACE(s) value 0\n',
     2, None, r"a suit appears twice"),
    ("upper-case loop variable", 'section 1 "x"\n  for S in H, D\n    bid 1 when true value 0\n',
     2, None, r"lower-case variable"),
    ("duplicate loop variable",
     'section 1 "x"\n  for s in S, H\n    for s in D, C\n      bid 1 when ACE(s) value 0\n',
     3, None, r"loop variable 's' is already in use"),
    ("backward goto", OK_SECTION + 'section 2 "y"\n  goto 1 when HCP > 3\n'
     "  bid 2 when true value 0\n", 4, None, r"'goto 1' must jump forward"),
    ("goto itself", 'section 1 "x"\n  goto 1 when true\n  bid 1 when true value 0\n', 2, None,
     r"'goto 1' must jump forward"),
    ("backward else goto", OK_SECTION + 'section 2 "y" when HCP > 2 else goto 1\n'
     "  bid 2 when true value 0\n", 3, None, r"'else goto 1' must jump forward"),
    ("backward resume", OK_SECTION + 'section 2 "y"\n  bid 2 when true value 0 resume 2 when '
     "true\n", 4, None, r"'resume 2' must jump forward"),
    ("goto a missing section", OK_SECTION + 'section 2 "y"\n  goto 9 when HCP > 3\n'
     "  bid 2 when true value 0\n", 4, None, r"jump to section 9, which does not exist"),
    ("else goto a missing section", OK_SECTION + 'section 2 "y" when HCP > 2 else goto 9\n'
     "  bid 2 when true value 0\n", 3, None, r"jump to section 9, which does not exist"),
    ("resume at a missing section", OK_SECTION + 'section 2 "y"\n'
     "  bid 2 when true value 0 resume 9 when true\n", 4, None,
     r"jump to section 9, which does not exist"),
    ("sections out of order", 'section 2 "y"\n  bid 2 when true value 0\n' + OK_SECTION, 3,
     None, r"section 1 comes after section 2"),
    ("section twice", OK_SECTION + OK_SECTION, 3, None, r"section 1 comes after section 1"),
    ("section 0", 'section 0 "y"\n  bid 0 when true value 0\n', 1, None,
     r"section numbers start at 1"),
    ("jump to 14 past 20 sections", 'section 3 "y"\n  goto 14 when HCP > 3\n'
     '  bid 3 when true value 0\nsection 20 "z"\n  bid 20 when true value 0\n', 2, None, r"jump to section 14, which does not exist \(the pass, falling through, is 21\)"),
    ("bad section line", 'section one "x"\n  bid 1 when true value 0\n', 1, None,
     r'expected: section N "Name"'),
    ("label of another section's number", 'section 2 "y"\n  bid 3 when true value 0\n', 2, None,
     r"bid label 3 is a section number: a label of digits only must be its own section's number, 2"),
    ("label that is not a name", 'section 2 "y"\n  bid 2/a when true value 0\n', 2, None,
     r"bid label '2/a' is not a name"),
    ("label of two sections", OK_SECTION + 'section 2 "y"\n  bid 1 when true value 0\n', 4, None,
     r"bid label 1 is a section number"),
    ("name of two sections", 'section 1 "x"\n  bid open when HCP > 20 value 2C\n'
     'section 2 "y"\n  bid open when true value 0\n', 4, None,
     r"bid label open is already a bid point of section 1"),
    ("bid without value", 'section 1 "x"\n  bid 1 when true\n', 2, None,
     r"expected: bid LABEL when CONDITION value BIDVAL"),
    ("goto without when", OK_SECTION + 'section 2 "y"\n  goto 3\n  bid 2 when true value 0\n',
     4, None, r"expected: goto N when CONDITION"),
    ("empty if", 'section 1 "x"\n  if HCP > 3\n  bid 1 when true value 0\n', 2, None,
     r"'if' has no indented statements"),
    ("empty for", 'section 1 "x"\n  for s in S, H\n  bid 1 when true value 0\n', 2, None,
     r"'for' has no indented statements"),
    ("readings: unknown value", "readings playtricks=foo\n" + OK_SECTION, 1, None,
     r"unknown playtricks reading 'foo'"),
    ("readings: unknown name", "readings colour=red\n" + OK_SECTION, 1, None,
     r"unknown reading 'colour'; known: playtricks, solid, notrumptry"),
    ("readings: no value", "readings playtricks\n" + OK_SECTION, 1, None,
     r"expected name=value in readings, found 'playtricks'"),
    ("unknown top-level word", "rules 3\n" + OK_SECTION, 1, None,
     r"expected 'section', 'define', 'readings' or 'name', found 'rules'"),
    # expression errors: the column points at the bad token (1-based, on the line as written)
    ("unknown name in a bid", 'section 1 "x"\n  bid 1 when HCP >= 3 and TOTALPOINTS < 2 value 0\n',
     2, 27, r"unknown name 'TOTALPOINTS' \(did you mean TOTALPTS\?\)"),
    ("unknown name in a guard",
     'section 1 "x" when HCP >= 3 and TOTALPOINTS < 2\n  bid 1 when true value 0\n',
     1, 33, r"unknown name 'TOTALPOINTS'"),
    ("type error in a value", 'section 1 "x"\n  bid 1 when SOLID value HCP and 3\n', 2, 26,
     r"expected a condition here, found a number"),
    # (a whole value of the wrong type: the column is that of the operator that makes it so)
    ("a condition as a value", 'section 1 "x"\n  bid 1 when SOLID value HCP > 3\n', 2, 30,
     r"expected a number, found a condition"),
    ("outcome name in a rule", 'section 1 "x"\n  bid 1 when bid = "1S" value 0\n', 2, 14,
     r"'bid' is an outcome; it cannot be used in a rule"),
    ("unbound suit variable", 'section 1 "x"\n  bid 1 when ACE(s) value 0\n', 2, 18,
     r"unknown name 's'"),
    ("SP(5)", 'section 1 "x"\n  if SP(5) > 3\n    bid 1 when true value 0\n', 2, 9,
     r"SP needs a constant from 1 to 4 here"),
    ("unbalanced parenthesis in a goto",
     OK_SECTION + 'section 2 "y"\n  goto 3 when (HCP > 3\n  bid 2 when true value 0\n'
     'section 3 "z"\n  bid 3 when true value 0\n', 4, 23, r"expected '\)'"),
    ("nested if, deeper column",
     'section 1 "x"\n  for s in S, H\n    if SUITLENGTH(s) >= 5 and SUITPOINTZ(s) > 1\n'
     "      bid 1 when true value 0\n", 3, 31, r"unknown function 'SUITPOINTZ'"),
    # empty sections and files
    ("empty section", 'section 1 "x"\n' + 'section 2 "y"\n  bid 2 when true value 0\n', 1, None,
     r"section 1 has no statements"),
    ("empty last section", OK_SECTION + 'section 2 "y"\n', 3, None,
     r"section 2 has no statements"),
    ("empty file", "", 1, None, r"no sections"),
    ("only comments", "# nothing here\n\n", 1, None, r"no sections"),
    # a trailing backslash at the end of the file
    ("trailing backslash", OK_SECTION + 'section 2 "y"\n  bid 2 when true \\\n', 4, None,
     r"ends inside a continued line"),
    ("trailing backslash, no newline", OK_SECTION + 'section 2 "y"\n  bid 2 when true value 0 \\',
     4, None, r"ends inside a continued line"),
]


@pytest.mark.parametrize("name,text,line,column,pattern", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_file(tmp_path: Path, name: str, text: str, line: int, column: int | None,
                     pattern: str) -> None:
    f = tmp_path / "bad.rules"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(RuleFileError, match=pattern) as info:
        load(str(f))
    err = info.value
    assert (err.path, err.line) == (str(f), line)
    message = str(err)
    assert message.startswith(f"{f}:{line}: ")
    assert "\n" not in message
    if column is not None:
        assert f": column {column}: " in message
        # the column, counted on the line as written, is where the bad token starts
        physical = text.splitlines()[line - 1]
        assert physical[column - 1:].startswith(TOKENS[name]), (physical, column)


# Where each expression error's column must point, on the physical line ("" = at its end).
TOKENS = {
    "unknown name in a bid": "TOTALPOINTS",
    "unknown name in a guard": "TOTALPOINTS",
    "type error in a value": "HCP and 3",
    "a condition as a value": "> 3",
    "outcome name in a rule": "bid =",
    "unbound suit variable": "s)",
    "SP(5)": "5)",
    "unbalanced parenthesis in a goto": "",
    "nested if, deeper column": "SUITPOINTZ",
}


def test_every_column_case_has_a_token() -> None:
    assert {b[0] for b in BROKEN if b[3] is not None} == set(TOKENS)


def test_rule_file_error_fields() -> None:
    err = RuleFileError("a.rules", 7, "bad")
    assert (err.path, err.line, err.problem, str(err)) == ("a.rules", 7, "bad", "a.rules:7: bad")
    assert isinstance(err, OpenbidError)


def test_missing_file_is_a_user_error(tmp_path: Path) -> None:
    path = tmp_path / "nope.rules"
    with pytest.raises(OpenbidError, match=rf"cannot read rule file {path}: No such file"):
        load(str(path))


def test_directory_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(OpenbidError, match=rf"cannot read rule file {tmp_path}"):
        load(str(tmp_path))


def test_non_utf8_file_is_a_user_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.rules"
    path.write_bytes(('section 1 "Réponse"\n  bid 1 when true value 0\n').encode("latin-1"))
    with pytest.raises(OpenbidError, match=rf"cannot read rule file {path}: not UTF-8"):
        load(str(path))


# ---- known bugs in error positions ----------------------------------------------------------
def test_column_of_an_error_on_a_continuation_line(tmp_path: Path) -> None:
    f = tmp_path / "cont.rules"
    text = 'section 1 "x"\n  bid 1 when HCP >= 3 \\\n      and TOTALPOINTS < 2 value 0\n'
    f.write_text(text, encoding="utf-8")
    with pytest.raises(RuleFileError) as info:
        load(str(f))
    err = info.value
    col = int(str(err).split("column ")[1].split(":")[0])
    physical = text.splitlines()[err.line - 1]
    assert physical[col - 1:].startswith("TOTALPOINTS"), (err.line, col, physical)


def test_column_when_the_same_text_appears_earlier(tmp_path: Path) -> None:
    f = tmp_path / "twice.rules"
    # the value 'true' is not a number; it is at column 25, the 'when' clause's true at 14
    f.write_text('section 1 "x"\n  bid 1 when true value true\n', encoding="utf-8")
    with pytest.raises(RuleFileError, match=r"column 25: expected a number"):
        load(str(f))


# ---- through the CLI ------------------------------------------------------------------------
BAD_FOR_CLI = 'section 1 "x"\n  bid 1 when HCP >= 3 and TOTALPOINTS < 2 value 0\n'


def _run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "openbid.cli.main", *args], input=stdin,
                          capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=120)


def test_cli_bad_rules_file_subprocess(tmp_path: Path) -> None:
    f = tmp_path / "BAD.rules"
    f.write_text(BAD_FOR_CLI, encoding="utf-8")
    p = _run_cli("bid", "--rules", str(f), "AKQJ.AKQ.AKQ.AKQ")
    assert p.returncode == 2
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert f"{f}:2: column 27: unknown name 'TOTALPOINTS'" in lines[0]
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize("name,text,line,column,pattern",
                         [b for b in BROKEN if b[0] in ("tab", "backward goto", "section 14",
                                                        "empty file", "trailing backslash",
                                                        "readings: unknown value")])
def test_cli_bad_rules_files(tmp_path: Path, capsys, name, text, line, column, pattern) -> None:
    f = tmp_path / "bad.rules"
    f.write_text(text, encoding="utf-8")
    assert main(["bid", "--rules", str(f), "AKQJ.AKQ.AKQ.AKQ"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"openbid: error: {f}:{line}: ")
    assert "Traceback" not in err


def test_cli_missing_and_binary_rule_files(tmp_path: Path, capsys) -> None:
    binary = tmp_path / "bin.rules"
    binary.write_bytes(b"\xff\xfe\x00section")
    for path, pattern in ((tmp_path / "missing.rules", "No such file"), (binary, "not UTF-8")):
        assert main(["bid", "--rules", str(path), "AKQJ.AKQ.AKQ.AKQ"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert str(path) in err and pattern in err


def test_cli_rules_and_variant_together(tmp_path: Path, capsys) -> None:
    f = tmp_path / "ok.rules"
    f.write_text(OK_SECTION, encoding="utf-8")
    assert main(["bid", "--rules", str(f), "--variant", "synopsis", "AKQJ.AKQ.AKQ.AKQ"]) == 2
    assert "either --variant or --rules" in capsys.readouterr().err


def test_cli_with_a_good_rules_file(tmp_path: Path, capsys) -> None:
    # One section: TOTALPTS <= 6 passes; anything else falls through to 14 (pass).
    f = tmp_path / "ok.rules"
    f.write_text(OK_SECTION, encoding="utf-8")
    # S:xxxx H:xxx D:xxx C:xxx: TOTALPTS -1 -> section 1; AKQJ.AKQ.AKQ.AKQ: 14.
    assert main(["bid", "--rules", str(f), "--brief", "xxxx.xxx.xxx.xxx", "AKQJ.AKQ.AKQ.AKQ"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["xxxx.xxx.xxx.xxx\tPASS\t1", "AKQJ.AKQ.AKQ.AKQ\tPASS\t14"]


# ---- limits, names, sources (issue 17) ---------------------------------------------------------
def test_the_name_is_a_plain_name(tmp_path: Path) -> None:
    for bad in ("../../x", "a/b", "/etc/passwd", "..", ".hidden", "x" * 65, "a b"):
        with pytest.raises(RuleFileError, match="is not a plain name") as exc:
            loads(f"name {bad}\n" + OK_SECTION, "my.rules")
        assert exc.value.line == 1
    assert loads("name my-rules_2.1\n" + OK_SECTION).name == "my-rules_2.1"


def test_statements_nest_at_most_64_deep_and_16_loops() -> None:
    from openbid.bridge.hand import Hand
    from openbid.systems.procedure import Program

    def nested(levels: int, loops: int = 0, suits: str = "S") -> str:
        """A bid inside ``levels`` nested statements, the outer ``loops`` of them loops."""
        body = "".join("  " * d + (f"for v{d} in {suits}\n" if d <= loops else "if HCP >= 0\n")
                       for d in range(1, levels + 1))
        return 'section 1 "x"\n' + body + "  " * (levels + 1) + "bid 1 when HCP > 10 value 1C\n"

    for ok in (nested(64), nested(64, 16), nested(8, 4, "S, H, D, C"), nested(8, 8, "S, H")):
        # the limits as the messages say them; the executor compiles and runs the files
        assert str(Program(loads(ok)).bid_hand(Hand.parse("AKQJ.AKQ.AKQ.AKQ"))) == "1C@1"
    with pytest.raises(RuleFileError, match="nested too deeply: more than 64 levels of 'if' and "
                                            "'for'") as exc:
        loads(nested(65))
    assert exc.value.line == 67  # the first statement inside 65 levels (the name line is 1)
    with pytest.raises(RuleFileError, match="loops nested too deeply: more than 16 levels of 'for'"):
        loads(nested(20, 17))
    with pytest.raises(RuleFileError, match="loops nested too deeply: with the loops around it, "
                                            "this loop runs its body 1,024 times") as exc:
        loads(nested(6, 5, "S, H, D, C"))
    assert exc.value.line == 6  # the fifth loop
    with pytest.raises(RuleFileError, match=r"runs its body 512 times \(the product of their "
                                            r"numbers of suits\), at most 256"):
        loads(nested(9, 9, "S, H"))
    with pytest.raises(RuleFileError, match="nested too deeply"):
        loads(nested(2000))  # no RecursionError


def test_a_huge_rule_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from openbid.systems.rules.text import MAX_BYTES

    path = tmp_path / "huge.rules"
    path.write_text(OK_SECTION + "# padding\n" * (MAX_BYTES // 10))
    with pytest.raises(OpenbidError, match=r"huge.rules is [\d,]+ KB; openbid reads rule files of up"):
        load(str(path))


def test_a_rule_file_knows_its_source(tmp_path: Path) -> None:
    path = tmp_path / "my.rules"
    path.write_text("name code\n" + OK_SECTION)
    rules = load(str(path))
    assert rules.source == str(path) and rules.title == f"rule file {path} (name code)"
    assert load_variant("code").source == "" and load_variant("code").title == "variant code"
    assert replace(rules, source="elsewhere") == rules  # the source is no part of the rules


def test_long_bad_text_is_cut_in_messages() -> None:
    with pytest.raises(RuleFileError) as exc:
        loads(OK_SECTION + "z" * 100_000 + "\n", "my.rules")
    assert len(str(exc.value)) < 300 and "100,000 characters" in str(exc.value)
    with pytest.raises(RuleFileError) as exc:
        loads('section 1 "x"\n  bid 1 when HCP > ' + "q" * 50_000 + " value 0\n", "my.rules")
    assert len(str(exc.value)) < 300 and "my.rules:2: column 20" in str(exc.value)
