"""The double-dummy store, deals, the solver's covers and Binky's importer.

Expected tricks come from endplay's calc_dd_table called here directly (not through
openbid.dd.solve), or from Binky's shipped shards."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from openbid.cli import main as cli_main
from openbid.bridge import deals
from openbid.dd.solve import ALL_PAIRS, solve
from openbid.dd.store import COLUMNS, Store, default_path
from openbid.base.errors import OpenbidError

ROOT = Path(__file__).resolve().parents[2]
DEAL = "N:A9643.K2.AQ52.AT Q75.543.J8.87653 KJT.QT86.K63.K42 82.AJ97.T974.QJ9"


def dds_table(key: str) -> dict[tuple[str, str], int]:
    """All twenty results straight from endplay (the reference for the solver's covers)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(key))
    den = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
           "NT": Denom.nt}
    pl = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    return {(d, s): table[den[s], pl[d]] for d, s in ALL_PAIRS}


# ---- deals -------------------------------------------------------------------------------------
def test_a_deal_has_one_key_however_spelt() -> None:
    east_first = "E:Q75.543.J8.87653 KJT.QT86.K63.K42 82.AJ97.T974.QJ9 A9643.K2.AQ52.AT"
    assert deals.canonical(east_first) == DEAL
    assert deals.canonical("n:9a643.k2.2AQ5.TA " + DEAL[19:].lower()) == DEAL
    assert deals.seat_hands(DEAL)["S"] == "KJT.QT86.K63.K42"


@pytest.mark.parametrize(("text", "match"), [
    ("N:AKQ", "cannot read"), (DEAL.replace("A9643", "A9644"), "dealt twice"),
    (DEAL.replace("A9643.", "A964."), "holds 12 cards"), (DEAL.replace("K2", "Z2"), "not a rank")])
def test_bad_deals_are_named(text: str, match: str) -> None:
    with pytest.raises(OpenbidError, match=match):
        deals.canonical(text)


def test_seeded_boards_are_reproducible_and_follow_the_cycle() -> None:
    a, b = deals.random_boards(20, 7), deals.random_boards(20, 7)
    assert a == b and len({x.deal for x in a}) == 20
    assert deals.random_boards(20, 8)[0].deal != a[0].deal
    assert [(x.number, x.dealer, x.vul) for x in a[:4]] == [
        (1, "N", "none"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "both")]
    assert a[16].dealer == "N" and a[16].vul == "none"  # board 17 is as board 1
    for x in a:
        assert deals.canonical(x.deal) == x.deal


# ---- the solver's covers -------------------------------------------------------------------------
def test_every_cover_agrees_with_the_full_table() -> None:
    for n in range(1, 4):
        key = deals.random_deal("cover", n)
        full = dds_table(key)
        assert solve(key, method="table") == full
        for pairs in ([("N", "S")], [("E", "NT"), ("W", "NT")], [("S", "H"), ("W", "C")],
                      [("N", "C"), ("E", "C"), ("S", "C")],
                      list(ALL_PAIRS)):
            got = solve(key, pairs)
            assert set(pairs) <= set(got)
            assert all(got[p] == full[p] for p in got)
        assert solve(key, [("N", "D"), ("S", "D"), ("E", "D")], method="single") == {
            p: full[p] for p in (("N", "D"), ("S", "D"), ("E", "D"))}
        assert len(solve(key, [("N", "D")], method="strain")) == 4


# ---- the store ---------------------------------------------------------------------------------
def test_the_store_keeps_what_it_is_given_and_fills_what_a_deal_lacks(tmp_path: Path) -> None:
    path = tmp_path / "dd.duckdb"
    with Store(path) as store:
        assert store.add([(DEAL, {("N", "S"): 12})], "first") == 1
        assert store.known([DEAL, "N:unknown"]) == {DEAL: {("N", "S"): 12}}
        store.add([(DEAL, {("N", "S"): 3, ("E", "H"): 3})], "second")  # 12 is never changed
        assert store.known([DEAL])[DEAL] == {("N", "S"): 12, ("E", "H"): 3}
        s = store.summary()
        assert (s.deals, s.complete, s.results, s.sources) == (1, 0, 2, (("first", 1),))
        with pytest.raises(ValueError):
            store.add([(DEAL, {("N", "S"): 14})], "bad")
    with Store(path, read_only=True) as store:  # it persisted
        assert store.known([DEAL])[DEAL][("E", "H")] == 3


def test_export_formats_read_back(tmp_path: Path) -> None:
    path = tmp_path / "dd.duckdb"
    other = deals.random_deal(1, 2)
    with Store(path, external=True) as store:  # export writes a file outside the store
        store.add([(DEAL, {p: 7 for p in ALL_PAIRS}), (other, {("S", "NT"): 9})], "t")
        for fmt in ("parquet", "csv", "jsonl"):
            assert store.export(tmp_path / f"out.{fmt}", fmt) == 2
        assert store.export(tmp_path / "full.csv", "csv", complete_only=True) == 1
    con = duckdb.connect()
    rows = con.execute(f"SELECT deal, s_nt, n_s FROM '{tmp_path / 'out.parquet'}' "
                       "ORDER BY deal").fetchall()
    assert sorted(rows) == sorted([(DEAL, 7, 7), (other, 9, None)])
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert {r["deal"] for r in lines} == {DEAL, other} and set(COLUMNS) <= set(lines[0])
    assert (tmp_path / "full.csv").read_text().count("\n") == 2
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_what_is_not_a_store_is_refused_and_left_alone(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("my notes\n", encoding="utf-8")
    with pytest.raises(OpenbidError, match="notes.txt"):
        Store(text)
    assert text.read_text(encoding="utf-8") == "my notes\n"
    foreign = tmp_path / "mine.duckdb"
    con = duckdb.connect(str(foreign))
    con.execute("CREATE TABLE t (x INT)")
    con.close()
    with pytest.raises(OpenbidError, match="not a double-dummy store"):
        Store(foreign)
    with pytest.raises(OpenbidError, match="no such store"):
        Store(tmp_path / "missing.duckdb", read_only=True)
    with pytest.raises(OpenbidError, match="is a directory"):
        Store(tmp_path)


def test_a_store_in_use_by_another_process_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "dd.duckdb"
    Store(path).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
         "print('ready', flush=True); time.sleep(60)", str(path)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(OpenbidError, match="in use by another process"):
            Store(path)
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()


def test_the_default_store_is_a_user_path(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("OPENBID_DD_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "openbid" / "dd.duckdb"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == Path.home() / ".local" / "share" / "openbid" / "dd.duckdb"
    assert "site-packages" not in str(default_path()) and ROOT not in default_path().parents
    monkeypatch.setenv("OPENBID_DD_STORE", str(tmp_path / "s.duckdb"))
    assert default_path() == tmp_path / "s.duckdb"


# ---- Binky's data ------------------------------------------------------------------------------
def test_binky_shards_import_with_their_tables(tmp_path: Path) -> None:
    from openbid.studies.binky.ddstore import import_shards

    data = tmp_path / "data"
    data.mkdir()
    for name in ("pattern-0013.jsonl.gz", "paired-0000.jsonl.gz"):
        (data / name).write_bytes((ROOT / "data" / "dd" / name).read_bytes())
    with Store(tmp_path / "dd.duckdb") as store:
        done = dict(import_shards(data, store))
        again = dict(import_shards(data, store))
        s = store.summary()
        with gzip.open(data / "pattern-0013.jsonl.gz", "rt") as fh:
            first = json.loads(fh.readline())
        key = deals.canonical(first["pbn"])
        stored = store.known([key])[key]
    assert done == again and done["pattern-0013.jsonl.gz"] == 100
    assert done["paired-0000.jsonl.gz"] > 1000  # each paired record adds its variant deal
    assert s.complete == s.deals <= sum(done.values())
    hexes = "".join("%x" % stored[(d, s)] for d in "NESW" for s in ("S", "H", "D", "C", "NT"))
    assert hexes == first["dd"]
    assert stored == dds_table(key)
    assert (data / "pattern-0013.jsonl.gz").read_bytes() == (
        ROOT / "data" / "dd" / "pattern-0013.jsonl.gz").read_bytes()


# ---- the command -------------------------------------------------------------------------------
def test_dd_fill_show_export(tmp_path: Path, capsys) -> None:
    store = str(tmp_path / "dd.duckdb")
    assert cli_main.main(["dd", "fill", "--deals", "2", "--seed", "s", "--workers", "0",
                          "--store", store]) == 0
    out = capsys.readouterr().out
    assert "2 deals asked: 0 already in the store, 2 solved (40 results)" in out
    assert cli_main.main(["dd", "fill", "--deals", "3", "--seed", "s", "--workers", "0",
                          "--store", store]) == 0
    assert "3 deals asked: 2 already in the store, 1 solved" in capsys.readouterr().out
    key = deals.random_deal("s", 1)
    assert cli_main.main(["dd", "show", key, "--store", store]) == 0
    shown = capsys.readouterr().out.splitlines()
    full = dds_table(key)
    assert shown[0] == key and shown[2].split() == ["N"] + [str(full[("N", s)])
                                                          for s in ("S", "H", "D", "C", "NT")]
    assert cli_main.main(["dd", "show", "--store", store, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["complete"] == 3
    assert cli_main.main(["dd", "export", str(tmp_path / "o.csv"), "--store", store]) == 0
    assert cli_main.main(["dd", "export", str(tmp_path / "o.csv"), "--store", store]) == 2
    assert "exists; use --force" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["dd"], ["dd", "fill"], ["dd", "fill", "--deals", "0"], ["dd", "fill", "--deals", "2",
                                                            "--boards", "x.pbn"],
    ["dd", "show", "N:AKQ"], ["dd", "export", "out.xyz"], ["dd", "fill", "--import", "/nonexistent"],
    ["dd", "fill", "--boards", "/nonexistent.pbn"], ["dd", "fill", "--deals", "1", "--workers", "-1"]])
def test_dd_bad_input_exits_2(argv: list[str], tmp_path: Path, capsys) -> None:
    os.chdir(tmp_path)
    assert cli_main.main([*argv, *(["--store", str(tmp_path / "s.duckdb")]
                                   if len(argv) > 1 else [])]) == 2
    err = capsys.readouterr().err
    assert err.startswith("openbid: error: ") and err.count("\n") == 1
