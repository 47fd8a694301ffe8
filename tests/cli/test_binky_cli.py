"""``openbid binky derive``: the shipped Binky table is what the shipped Tr table derives to, and
every bad input is a clear exit 2 that overwrites nothing."""

from __future__ import annotations

import json

from openbid.studies.binky.derive import BINKY_TABLE, TR_TABLE
from openbid.cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_derive_reproduces_the_shipped_table(capsys, tmp_path) -> None:
    out_file = tmp_path / "binky.json"
    code, out, _ = run(capsys, "binky", "derive", str(TR_TABLE), "--out", str(out_file))
    assert code == 0 and "written" in out
    got = json.loads(out_file.read_text())
    shipped = json.loads(BINKY_TABLE.read_text())
    for strain, table in shipped["strains"].items():
        for kind in ("patterns", "holdings"):
            mine = {k: e["v"] for k, e in got["strains"][strain][kind].items()}
            theirs = {k: e["v"] for k, e in table[kind].items()}
            assert mine == theirs, (strain, kind)


def test_bad_inputs(capsys, tmp_path) -> None:
    keep = tmp_path / "mine.json"
    keep.write_text("precious")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    cases = [(["binky", "derive", str(tmp_path / "missing.json")], "no Tr table file"),
             (["binky", "derive", str(tmp_path)], "is a directory"),
             (["binky", "derive", str(bad)], "is not a Tr table file"),
             (["binky", "derive", str(TR_TABLE), "--out", str(keep)], "exists; use --force"),
             (["binky"], "required")]
    for argv, message in cases:
        code, _, err = run(capsys, *argv)
        assert code == 2 and message in err, (argv, err)
    assert keep.read_text() == "precious"
