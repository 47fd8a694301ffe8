"""The generic reader of the block format (openbid/systems/blocks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from openbid.systems.blocks import (
    BlockFormatError,
    format_lines,
    parse_lines,
    read_blocks,
)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "f.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_blocks_fields_and_sub_fields(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "# a comment\n\nnode P9.I\n  lines: 909, 911-912\n  quote: a: b\t# not a comment\n"
        "  pass\n    lines: 1\n  # indented comment\nremark\n  note: x\n",
    )
    node, remark = read_blocks(path)
    assert (node.kind, node.name, node.line, remark.name) == ("node", "P9.I", 3, "")
    assert [f.key for f in node.fields] == ["lines", "quote", "pass"]
    assert node.one("quote") == "a: b\t# not a comment"  # tabs inside a value are kept
    assert node.lines() == (909, 911, 912)
    assert node.all("pass")[0].bare and node.all("pass")[0].sub[0].value == "1"
    assert node.get("note") is None and remark.values("note") == ["x"]


@pytest.mark.parametrize(
    ("text", "kwargs", "line", "problem"),
    [
        ("node a\n\t  lines: 1\n", {}, 2, "tab"),
        ("  lines: 1\n", {"kinds": ("claim",)}, 1, "a field before any claim"),
        ("node a\n", {"kinds": ("claim",)}, 1, "expected 'claim ID'"),
        ("claim\n", {"named": True}, 1, "needs a name"),
        ("claim a\n  x: 1\nclaim a\n", {"unique": True}, 3, "claim a given twice"),
        ("claim a\n   x: 1\n", {}, 2, "indentation 3"),
        ("claim a\n    x: 1\n", {}, 2, "sub-field before any field"),
        ("claim a\n  two words\n", {}, 2, "expected 'key: value'"),
    ],
)
def test_errors_name_the_file_and_line(
    tmp_path: Path, text: str, kwargs: dict, line: int, problem: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(BlockFormatError, match=problem) as info:
        read_blocks(path, **kwargs)
    assert (info.value.path, info.value.line) == (str(path), line)
    assert str(info.value).startswith(f"{path}:{line}: ")


def test_check_keys(tmp_path: Path) -> None:
    path = _write(tmp_path, "claim a\n  quote: q\n  quote: r\n  pass\n    x: 1\n")
    (block,) = read_blocks(path)
    block.check_keys(("quote", "pass"), repeatable=("quote",), with_sub=("pass",), bare=("pass",))
    for kwargs, problem in [
        ({"allowed": ("quote",), "repeatable": ("quote",)}, "unknown claim field 'pass'"),
        ({"allowed": ("quote", "pass"), "with_sub": ("pass",), "bare": ("pass",)}, "repeated"),
        ({"allowed": ("quote", "pass"), "repeatable": ("quote",), "bare": ("pass",)},
         "takes no sub-fields"),
        ({"allowed": ("quote", "pass"), "repeatable": ("quote",), "with_sub": ("pass",)},
         "expected 'pass: value'"),
        ({"allowed": ("quote", "pass"), "repeatable": ("quote",), "with_sub": ("pass",),
          "bare": ("pass",), "required": ("lines",)}, "has no 'lines'"),
    ]:
        with pytest.raises(BlockFormatError, match=problem):
            block.check_keys(**kwargs)


def test_line_citations() -> None:
    assert parse_lines("909") == (909,)
    assert parse_lines("28-30, 9") == (28, 29, 30, 9)
    for bad in ("", "3-1", "x", "1,,2"):
        with pytest.raises(ValueError):
            parse_lines(bad)
    for lines in [(1,), (1, 2), (1, 2, 3), (261, 265, 267, 269, 270, 271, 272, 274), (5, 3)]:
        assert parse_lines(format_lines(lines)) == lines
    assert format_lines((269, 270, 271, 272, 274)) == "269-272, 274"
