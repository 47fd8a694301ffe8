"""Bad Binky shard records (Hypothesis: whatever a record can be that is not one), and other
input from outside: each is an error naming where (the shard and line, the position) and what,
in one line, exit 2."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openbid.base.errors import OpenbidError
from openbid.cli.main import main
from openbid.studies.binky.ddstore import shard_deals

from faults.harness import HAND, SMALL, ROOT, one_error

with gzip.open(ROOT / "data" / "dd" / "paired-0000.jsonl.gz", "rt") as _fh:
    GOOD = json.loads(_fh.readline())

HEXES = "0123456789abcdef"
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=30), lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=8)


def _bad_table() -> st.SearchStrategy:
    wrong_length = st.text(HEXES, max_size=40).filter(lambda t: len(t) != 20)
    too_many = st.tuples(st.text("0123456789abcd", min_size=19, max_size=19),
                         st.sampled_from("ef"), st.integers(0, 19)).map(
        lambda t: t[0][:t[2]] + t[1] + t[0][t[2]:])
    not_hex = st.text(min_size=20, max_size=20).filter(
        lambda t: any(c.lower() not in HEXES for c in t))
    not_text = JSON.filter(lambda v: not isinstance(v, str))
    return wrong_length | too_many | not_hex | not_text


BAD = st.one_of(
    JSON.filter(lambda v: not isinstance(v, dict)),  # a list, null, a number, a string
    st.sampled_from(["pbn", "dd"]).map(lambda k: {x: v for x, v in GOOD.items() if x != k}),
    _bad_table().map(lambda t: {**GOOD, "dd": t}),
    _bad_table().map(lambda t: {**GOOD, "dd2": t}),
    JSON.filter(lambda v: not isinstance(v, str)).map(lambda v: {**GOOD, "pbn": v}),
    st.text(max_size=60).map(lambda t: {**GOOD, "pbn": t}),
    JSON.filter(lambda v: v is not None and not (isinstance(v, list) and len(v) == 2))
    .map(lambda v: {**GOOD, "swap": v}),
)


def _shard(folder: Path, records: list, raw: str | None = None) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "random-0000.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec) + "\n")
        if raw is not None:
            fh.write(raw)
    return path


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=BAD)
def test_a_bad_record_is_named_by_shard_and_line(tmp_path_factory, record):
    folder = tmp_path_factory.mktemp("shards")
    path = _shard(folder, [GOOD, record])
    with pytest.raises(OpenbidError) as got:
        shard_deals(path)  # what the import reads of each shard, before storing it
    text = str(got.value)
    assert text.startswith(f"--import {path}:2: ") and "\n" not in text, text


@pytest.mark.parametrize("record,what", [
    ([1, 2], "the record is a list"), (None, "the record is null"),
    (7, "the record is a number"), ({**GOOD, "dd": GOOD["dd"][:10]}, "not 20 hex digits"),
    ({**GOOD, "dd": "f" + GOOD["dd"][1:]}, "15 tricks (digit 'f') to declarer N in S"),
])
def test_the_cases_of_the_issue(record, what, tmp_path, capsys):
    path = _shard(tmp_path / "d", [GOOD, record])
    code = main(["dd", "fill", "--import", str(tmp_path / "d"), "--store",
                 str(tmp_path / "s.duckdb")])
    assert code == 2
    one_error(capsys.readouterr().err, f"{path}:2: ", what)


@pytest.mark.parametrize("raw,what", [
    ("{not json\n", ":2: not a JSON record"), ("x" * 70_000 + "\n", ":2: a line of more"),
])
def test_lines_that_are_not_records(raw, what, tmp_path, capsys):
    path = _shard(tmp_path / "d", [GOOD], raw)
    assert main(["dd", "fill", "--import", str(tmp_path / "d"), "--store",
                 str(tmp_path / "s.duckdb")]) == 2
    one_error(capsys.readouterr().err, str(path), what)


def test_a_shard_that_is_not_gzip_or_is_cut_short(tmp_path, capsys):
    folder = tmp_path / "d"
    folder.mkdir()
    whole = (ROOT / "data" / "dd" / "paired-0000.jsonl.gz").read_bytes()
    for name, data, what in (("random-0001.jsonl.gz", whole[:3000], "not a whole gzip file"),
                             ("random-0002.jsonl.gz", b"hello\n", "not a whole gzip file")):
        for p in folder.iterdir():
            p.unlink()
        (folder / name).write_bytes(data)
        assert main(["dd", "fill", "--import", str(folder), "--store",
                     str(tmp_path / "s.duckdb")]) == 2
        line = one_error(capsys.readouterr().err, name, what)
        assert "line" in line


# ---- expressions and rule files -------------------------------------------------------------
def test_an_undeclared_suit_variable_in_a_call_is_named(tmp_path, capsys):
    text = Path(SMALL).read_text().replace("value 1 suit", "value 1 zz")
    path = tmp_path / "x.rules"
    path.write_text(text)
    assert main(["bid", "--rules", str(path), HAND]) == 2
    line = one_error(capsys.readouterr().err, f"{path}:9: column 50", "'zz'")
    assert "undeclared suit variable" in line and "suit" in line


@pytest.mark.parametrize("expr,caret,name", [
    ("FOO > 3", 0, "'FOO'"), ("SUITLENGTH(X) > 3", 11, "'X'"), ("HCP > 3 and bar", 12, "'bar'"),
    ("HCP @ 3", 4, "'@'"), ("(HCP", 4, "')'"), ("N.FOO > 1", 0, "'FOO'"),
])
def test_an_expression_error_shows_where_and_what(expr, caret, name, capsys):
    assert main(["find", expr]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert "Traceback" not in "\n".join(lines) and lines[0].startswith("openbid: error: ")
    assert name in lines[0]
    assert lines[1] == f"  {expr}" and lines[2] == "  " + " " * caret + "^"


def test_a_rule_file_with_a_byte_order_mark_is_read(tmp_path, capsys):
    path = tmp_path / "bom.rules"
    path.write_bytes(b"\xef\xbb\xbf" + Path(SMALL).read_bytes())
    assert main(["bid", "--rules", SMALL, HAND]) == 0
    plain = capsys.readouterr().out
    assert main(["bid", "--rules", str(path), HAND]) == 0
    assert capsys.readouterr().out == plain


@pytest.mark.parametrize("argv", [[], ["rules"]])
def test_a_bare_command_prints_its_usage_on_stderr(argv, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"usage: openbid {' '.join(argv)}".rstrip())


def test_update_expected_never_writes_inside_the_package(capsys, monkeypatch):
    import openbid.studies.prove as prove

    monkeypatch.setattr(prove, "prove_all", lambda *a, **k: (_ for _ in ()).throw(
        AssertionError("the proof started")))
    package = ROOT / "openbid"
    before = sorted(p for p in package.rglob("*") if "__pycache__" not in p.parts)
    for extra in ([], ["--expected", str(package / "systems" / "examples" / "x.json")]):
        assert main(["prove", "--rules", SMALL, "--update-expected", *extra]) == 2
        one_error(capsys.readouterr().err, "inside openbid's own files")
    assert sorted(p for p in package.rglob("*") if "__pycache__" not in p.parts) == before
