"""``openbid prove --rules NEW --against OLD``: the findings that appeared and disappeared since
OLD, exit 1 only when a failing finding appeared; OLD's unchanged nodes come from the cache (the
session's own: tests/conftest.py)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from openbid.cli.main import main

SMALL = Path(__file__).resolve().parents[2] / "openbid" / "systems" / "examples" / "small.rules"


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def test_a_gap_that_appears_fails_and_one_that_disappears_does_not(tmp_path):
    text = SMALL.read_text()
    old = "bid signoff when true value PASS"
    assert old in text
    gap = tmp_path / "gap.rules"  # 1NT P: hands with 6-7 HCP and no major reach no rule
    gap.write_text(text.replace(old, "bid signoff when HCP <= 5 value PASS"))
    code, out, _ = run(["prove", "--rules", str(gap), "--against", str(SMALL), "--no-table",
                        "--quiet", "--json"])
    items = [json.loads(x) for x in out.splitlines()]
    appeared = [i for i in items if i.get("part") == "against" and i["change"] == "appeared"]
    gone = [i for i in items if i.get("part") == "against" and i["change"] == "disappeared"]
    assert code == 1
    assert {i["kind"] for i in appeared} == {"gap"}
    assert all(i["fails"] for i in appeared)
    assert all(i["node"][-2:] == ["1NT", "PASS"] for i in appeared)
    assert gone and all(i["kind"] == "overlap" for i in gone)  # signoff no longer overlaps
    summary = items[-1]["against"]
    assert summary == {"old": str(SMALL), "appeared": len(appeared),
                       "disappeared": len(gone), "appeared_failing": len(appeared)}
    # the gate alone would fail the file; against itself nothing appeared
    code, out, _ = run(["prove", "--rules", str(gap), "--against", str(gap), "--no-table",
                        "--quiet"])
    assert code == 0
    assert "0 finding(s) appeared (0 failing the run), 0 disappeared" in out
    # the other way: the gaps disappear, and nothing failing appears
    code, out, _ = run(["prove", "--rules", str(SMALL), "--against", str(gap), "--no-table",
                        "--quiet"])
    assert code == 0
    assert f"{len(appeared)} disappeared" in out


def test_against_needs_the_system_part_and_a_readable_file(tmp_path):
    code, _, err = run(["prove", "part-one", "--against", str(SMALL)])
    assert code == 2 and "--against" in err
    code, _, err = run(["prove", "--rules", str(SMALL), "--against",
                        str(tmp_path / "missing.rules"), "--quiet"])
    assert code == 2 and "missing.rules" in err
