"""One vocabulary of options across every command (openbid/cli/options.py).

Every sub-parser is walked: the options of the vocabulary (``--vul``, ``--dealer``, ``--seat``,
``--count``, ``--limit``, ``--quiet``, ``--json``, the files a command reads) are declared by the
shared module, with the same names, choices and help wording everywhere; every command has
``--quiet`` and ``--json``; every file a command reads takes ``-`` for standard input (shown
working for each kind of file). README's options table is the generated one. Each old spelling
still works, with one deprecation line on stderr.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

import pytest

from openbid.cli.main import build_parser, main
from openbid.cli.options import (DEALERS, SEATS, STDIN_HELP, VOCABULARY, VUL_DEAL, VUL_HAND,
                                 leaves, table_markdown)

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SMALL = ROOT / "openbid" / "systems" / "examples" / "small.rules"
BOARDS = ROOT / "openbid" / "formats" / "examples" / "club.pbn"
LEAVES = leaves(build_parser())
# files a command writes (never read): no standard input for them
WRITTEN = {"--pbn", "--lin", "--output", "--out", "--store", "--report", "--svg", "--figures"}
FLAGS = {"--vul": ("vul-deal", "vul-hand"), "--dealer": ("dealer",), "--seat": ("seat",),
         "--count": ("count",), "--limit": ("limit",), "--quiet": ("quiet",),
         "--json": ("json",), "--rules": ("rules",), "--variant": ("variant",),
         "--file": ("file",), "--boards": ("boards",), "--claims": ("claims",)}


def _visible(p: argparse.ArgumentParser):
    return [a for a in p._actions if a.help != argparse.SUPPRESS
            and not isinstance(a, argparse._HelpAction)]


def test_the_walk_finds_every_command() -> None:
    names = [n for n, _ in LEAVES]
    for must in ("bid", "auction", "prove", "explain", "rules check", "dd fill", "binky derive",
                 "imps", "mp", "simulate", "audit", "notes", "compare", "score"):
        assert must in names
    assert len(names) >= 29


@pytest.mark.parametrize("name,parser", LEAVES, ids=[n for n, _ in LEAVES])
def test_every_command_has_quiet_and_json_from_the_vocabulary(name, parser) -> None:
    got = {s: a for a in parser._actions for s in a.option_strings}
    for flag in ("--quiet", "--json"):
        assert flag in got, f"openbid {name} has no {flag}"
        assert getattr(got[flag], "vocab", None) == flag[2:], f"{name} {flag} not shared"
        assert got[flag].help.startswith(VOCABULARY[flag[2:]].help_start)


@pytest.mark.parametrize("name,parser", LEAVES, ids=[n for n, _ in LEAVES])
def test_every_option_of_the_vocabulary_means_one_thing(name, parser) -> None:
    for a in _visible(parser):
        for flag in set(a.option_strings) & set(FLAGS):
            key = getattr(a, "vocab", None)
            assert key in FLAGS[flag], f"openbid {name} {flag} is declared by hand"
            o = VOCABULARY[key]
            assert o.flag == flag and a.help.startswith(o.help_start), (name, flag, a.help)
            choices = tuple(a.choices) if a.choices is not None else None
            if key == "vul-deal":
                assert choices in (VUL_DEAL, VUL_DEAL + ("cycle",), VUL_DEAL + ("we", "they"))
                if choices == VUL_DEAL + ("we", "they"):  # the old values, hidden from help
                    assert a.metavar == "{" + ",".join(VUL_DEAL) + "}"
            elif key == "vul-hand":
                assert choices == VUL_HAND
                assert "relative" in a.help and "no auction fixes it" in a.help
            elif key == "dealer":
                assert choices in (DEALERS, DEALERS + ("cycle",))
            elif key == "seat":
                assert choices == SEATS
            elif key in ("count", "limit"):
                assert a.type is int and a.metavar == "N"
            elif key in ("quiet", "json"):
                assert a.nargs == 0 and a.default is False


@pytest.mark.parametrize("name,parser", LEAVES, ids=[n for n, _ in LEAVES])
def test_every_file_a_command_reads_takes_standard_input(name, parser) -> None:
    spooled = parser.get_default("_stdin_files") or ()
    for a in parser._actions:
        if a.metavar not in ("FILE", "PATH", "TR_FILE") or set(a.option_strings) & WRITTEN:
            continue
        assert getattr(a, "stdin", False), f"openbid {name} {a.option_strings or a.dest}"
        assert a.help.endswith(STDIN_HELP) or a.help == argparse.SUPPRESS
        assert a.dest == "file" or a.dest in spooled  # '-' read as it comes, or copied


def test_a_deal_and_a_hand_have_their_own_vulnerability() -> None:
    by = {n: {getattr(a, "vocab", None) for a in p._actions} for n, p in LEAVES}
    for deal in ("auction", "claim", "deal", "simulate", "explain"):
        assert {"vul-deal", "dealer"} <= by[deal] and "vul-hand" not in by[deal]
    for hand in ("bid", "count", "find", "diff", "notes", "score", "prove"):
        assert "vul-hand" in by[hand] and "vul-deal" not in by[hand]


# ---- README's table ---------------------------------------------------------------------------

def _regen_command() -> str:
    if (ROOT / "tests" / "docs" / "regen.py").exists():
        return "python -m tests.docs.regen"
    return "python -m openbid.cli.options --write README.md"


def test_the_readme_options_table_is_the_generated_one() -> None:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- options:begin -->\n(.*?)<!-- options:end -->", text, re.S)
    assert m, "README has no <!-- options:begin --> ... <!-- options:end --> block"
    assert m.group(1) == table_markdown(), (
        f"README's options table is not the one the code declares: regenerate it with "
        f"'{_regen_command()}'")


def test_the_table_names_every_command_that_declares_an_option() -> None:
    table = table_markdown()
    rows = [r for r in table.splitlines() if r.startswith("| `")]
    assert len(rows) >= 12
    vul_deal = next(r for r in rows if "none, NS, EW, both" in r)
    for cmd in ("`auction`", "`claim`", "`deal`", "`explain`", "`simulate`"):
        assert cmd in vul_deal
    assert "every command" in next(r for r in rows if r.startswith("| `--quiet`"))


def test_the_regeneration_writes_the_block(tmp_path) -> None:
    from openbid.cli.options import write_readme_table

    path = tmp_path / "README.md"
    path.write_text("# x\n\n<!-- options:begin -->\nold\n<!-- options:end -->\n\nafter\n")
    assert write_readme_table(path) is True
    got = path.read_text()
    assert got.startswith("# x\n") and got.endswith("<!-- options:end -->\n\nafter\n")
    assert table_markdown() in got and "old" not in got
    assert write_readme_table(path) is False  # already current: nothing written


# ---- standard input ------------------------------------------------------------------------------

def _run(capsys, monkeypatch, args: list[str], stdin: str | bytes | None = None):
    if stdin is not None:
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_rules_from_standard_input_bid_as_the_file(capsys, monkeypatch) -> None:
    hand = "AQ432.K32.Q32.32"
    want = _run(capsys, monkeypatch, ["bid", "--rules", str(SMALL), "--brief", "--quiet", hand])
    got = _run(capsys, monkeypatch, ["bid", "--rules", "-", "--brief", "--quiet", hand],
               SMALL.read_text(encoding="utf-8"))
    assert want[0] == got[0] == 0 and want[1] == got[1] and want[1].strip()


def test_rules_check_reads_standard_input_and_names_it(capsys, monkeypatch) -> None:
    code, out, _ = _run(capsys, monkeypatch, ["rules", "check", "-", "--quiet"],
                        SMALL.read_text(encoding="utf-8"))
    assert code == 0 and out.startswith("stdin: ok (")
    code, _, err = _run(capsys, monkeypatch, ["rules", "check", "-"], "section 1\n  bid ???\n")
    assert code == 2 and "stdin" in err and "openbid-stdin" not in err


def test_a_file_of_boards_from_standard_input_is_audited_as_the_file(capsys, monkeypatch) -> None:
    args = ["audit", "--variant", "sayc", "--json", "--quiet"]
    want = _run(capsys, monkeypatch, args + [str(BOARDS)])
    got = _run(capsys, monkeypatch, args + ["-"], BOARDS.read_bytes())  # Latin-1 as it is
    assert want[0] == got[0]
    assert want[1].replace(str(BOARDS), "stdin") == got[1] and "openbid-stdin" not in got[1]


def test_a_claims_file_from_standard_input_is_read(capsys, monkeypatch) -> None:
    claims = ("forcing stayman\n  source: test\n  quote: Stayman is forcing\n"
              "  auction: 1NT P 2C P\n  expect: HELD\n")
    code, out, _ = _run(capsys, monkeypatch, ["prove", "--rules", str(SMALL), "--claims", "-",
                                              "--json", "--quiet", "--no-table"], claims)
    items = [json.loads(x) for x in out.splitlines()]
    got = [i for i in items if i.get("kind") == "claim" and i.get("claim") == "stayman"]
    assert got and got[0]["verdict"] == "held" and code in (0, 1)


def test_hands_from_standard_input(capsys, monkeypatch) -> None:
    code, out, _ = _run(capsys, monkeypatch, ["bid", "--file", "-", "--brief"],
                        "AQ432.K32.Q32.32\n")
    assert code == 0 and "1S" in out


def test_standard_input_is_read_once(capsys, monkeypatch) -> None:
    code, _, err = _run(capsys, monkeypatch, ["bid", "--rules", "-", "--file", "-"], "x\n")
    assert code == 2 and "standard input ('-') can be read once" in err


def test_a_rule_file_from_standard_input_is_not_recorded_in_a_temporary_place(
        capsys, monkeypatch) -> None:
    code, _, err = _run(capsys, monkeypatch, ["prove", "--rules", "-", "--update-expected",
                                              "--quiet"], SMALL.read_text(encoding="utf-8"))
    assert code == 2 and "give --expected FILE" in err


# ---- old spellings: each still works, with one line on stderr --------------------------------------

def _deprecated(err: str, old: str) -> None:
    lines = [x for x in err.splitlines() if "deprecated" in x]
    assert len(lines) == 1 and old in lines[0] and "next release" in lines[0], err


def test_find_count_as_a_flag_is_total(capsys, monkeypatch) -> None:
    new = _run(capsys, monkeypatch, ["find", "HCP >= 20", "--count", "2", "--total", "--quiet"])
    old = _run(capsys, monkeypatch, ["find", "HCP >= 20", "--limit", "2", "--count", "--quiet"])
    assert new[0] == old[0] == 0 and _strip_ms(new[1]) == _strip_ms(old[1])
    assert "exactly 9,176,465,156" in new[1]
    lines = [x for x in old[2].splitlines() if "deprecated" in x]
    assert len(lines) == 2 and any("--count as a flag" in x for x in lines)
    assert any("--limit is deprecated" in x for x in lines)
    _, _, err = _run(capsys, monkeypatch, ["find", "HCP >= 20", "--count", "--quiet"])
    _deprecated(err, "--count as a flag")


def test_find_limit_is_count(capsys, monkeypatch) -> None:
    new = _run(capsys, monkeypatch, ["find", "HCP >= 20", "--count", "1", "--quiet"])
    old = _run(capsys, monkeypatch, ["find", "HCP >= 20", "--limit", "1", "--quiet"])
    assert _strip_ms(new[1]) == _strip_ms(old[1]) and new[1].count(" at ") == 1
    _deprecated(old[2], "--limit")
    assert "deprecated" not in new[2]


def _strip_ms(text: str) -> str:
    return re.sub(r"\d+ ms", "N ms", text)


def test_score_vul_as_a_flag_is_we(capsys, monkeypatch) -> None:
    new = _run(capsys, monkeypatch, ["score", "6CX +1", "--vul", "we"])
    old = _run(capsys, monkeypatch, ["score", "6CX +1", "--vul"])
    first = _run(capsys, monkeypatch, ["score", "--vul", "4S=", "6CX +1"])
    assert new[1] == old[1] and "1740" in new[1] and "deprecated" not in new[2]
    _deprecated(old[2], "--vul as a flag")
    _deprecated(first[2], "--vul as a flag")
    assert "4S 0 vul: 620" in first[1] and "1740" in first[1]
    none = _run(capsys, monkeypatch, ["score", "6CX +1"])
    assert "non-vul" in none[1]


def test_explain_vul_we_is_the_deals_vulnerability(capsys, monkeypatch) -> None:
    # after 1NT P the next to call is South (dealer N): 'we' is NS vulnerable
    new = _run(capsys, monkeypatch, ["explain", "1NT P", "--view", "own", "--vul", "NS",
                                     "--quiet"])
    old = _run(capsys, monkeypatch, ["explain", "1NT P", "--view", "own", "--vul", "we",
                                     "--quiet"])
    assert new[0] == old[0] == 0 and new[1] == old[1]
    _deprecated(old[2], "--vul we")
    east = _run(capsys, monkeypatch, ["explain", "1NT P", "--view", "own", "--vul", "EW",
                                      "--dealer", "E", "--quiet"])
    assert east[1] == new[1]  # the dealer's side vulnerable either way


@pytest.mark.parametrize("command", ["compare", "audit"])
def test_top_is_limit(command, capsys) -> None:
    args = [command, "code", "sayc"] if command == "compare" else [command, str(BOARDS)]
    from openbid.cli.runtime import flush_deprecations

    ns = build_parser().parse_args(args + ["--top", "3"])
    flush_deprecations()
    assert ns.limit == 3
    _deprecated(capsys.readouterr().err, "--top")
    assert build_parser().parse_args(args).limit == (5 if command == "compare" else 10)


def test_a_refused_command_line_is_its_error_alone(capsys, monkeypatch) -> None:
    code, _, err = _run(capsys, monkeypatch, ["score", "--rlimit", "x", "--vul"])
    assert code == 2 and err.startswith("openbid: error:") and len(err.splitlines()) == 1


def test_audit_top_still_runs(capsys, monkeypatch) -> None:
    new = _run(capsys, monkeypatch, ["audit", str(BOARDS), "--variant", "sayc", "--limit", "2",
                                     "--quiet"])
    old = _run(capsys, monkeypatch, ["audit", str(BOARDS), "--variant", "sayc", "--top", "2",
                                     "--quiet"])
    assert new[:2] == old[:2]
    _deprecated(old[2], "--top")


# ---- --json where there was none -------------------------------------------------------------------

def test_new_json_forms_hold_the_texts_data(capsys, monkeypatch) -> None:
    _, text, _ = _run(capsys, monkeypatch, ["rules", "list"])
    _, js, _ = _run(capsys, monkeypatch, ["rules", "list", "--json"])
    rows = [json.loads(x) for x in js.splitlines()]
    assert [r["name"] for r in rows] == [x.split()[0] for x in text.splitlines()]
    _, text, _ = _run(capsys, monkeypatch, ["rules", "export", "--variant", "code"])
    _, js, _ = _run(capsys, monkeypatch, ["rules", "export", "--variant", "code", "--json"])
    assert json.loads(js) == {"variant": "code", "text": text}
    _, js, _ = _run(capsys, monkeypatch, ["rules", "names", "--group", "context", "--json"])
    assert {json.loads(x)["call"] for x in js.splitlines()} >= {"SEAT", "VUL"}
    code, js, _ = _run(capsys, monkeypatch, ["rules", "check", str(SMALL), "--json", "--quiet"])
    got = json.loads(js)
    assert code == 0 and got["ok"] is True and got["sections"] > 0


def test_boards_from_standard_input_fill_the_store(capsys, monkeypatch, tmp_path) -> None:
    store = tmp_path / "dd.duckdb"
    code, out, _ = _run(capsys, monkeypatch, ["dd", "fill", "--boards", "-", "--store",
                                              str(store), "--workers", "0", "--json",
                                              "--quiet"], BOARDS.read_bytes())
    got = json.loads(out)
    assert code == 0 and got["asked"] == 8 and got["complete"] == 8
    code, out, _ = _run(capsys, monkeypatch, ["dd", "fill", "--boards", str(BOARDS), "--store",
                                              str(store), "--workers", "0", "--json",
                                              "--quiet"])
    again = json.loads(out)
    assert code == 0 and again["asked"] == 8 and again["stored"] == 8 and again["solved"] == 0
