"""The double-dummy store is never trusted: a file openbid did not write (another program's
DuckDB database, a SQLite file, one truncated or with pages overwritten) is refused in one line
naming it and left as it was; DuckDB loads no extension and fetches nothing whatever the file
holds; export never writes over the store; a full disk while filling reports its own cause, and
the store and a rerun are fine."""

from __future__ import annotations

import hashlib
import http.server
import os
import shutil
import threading
from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openbid.base.errors import OpenbidError
from openbid.bridge import deals
from openbid.cli.main import main
from openbid.dd.solve import ALL_PAIRS
from openbid.dd.store import COLUMNS, Store

from faults.harness import DEAL, cli_limited, one_error

RESULTS = {p: (k * 3) % 14 for k, p in enumerate(ALL_PAIRS)}


def make_store(path: Path, n: int = 40) -> dict[str, dict]:
    """A store of ``n`` seeded deals with made-up results (DEAL among them); its contents."""
    rows = {DEAL: dict(RESULTS)}
    rows.update({deals.random_deal("faults", k): {p: (v + k) % 14 for p, v in RESULTS.items()}
                 for k in range(1, n)})
    with Store(path) as store:
        store.add(rows.items(), "test")
    return rows


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("good") / "dd.duckdb"
    make_store(path)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


# ---- another program's database --------------------------------------------------------------
def _db(path: Path, *sql: str) -> None:
    con = duckdb.connect(str(path))
    for statement in sql:
        con.execute(statement)
    con.close()


META = ("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)",
        "INSERT INTO meta VALUES ('format', 'openbid-dd-1')")
TRICKS_COLS = ", ".join(f"{c} TINYINT" for c in COLUMNS)
TRICKS = (f"CREATE TABLE tricks (deal VARCHAR PRIMARY KEY, {TRICKS_COLS}, source VARCHAR, "
          "added TIMESTAMP DEFAULT current_timestamp)")
FOREIGN = {
    "a meta of another shape": ("CREATE TABLE meta (a INT, b INT, c INT)",
                                "INSERT INTO meta VALUES (1, 2, 3)", TRICKS),
    "no tricks table": META,
    "tricks of other columns": (*META, "CREATE TABLE tricks (deal VARCHAR, x INT)"),
    "tricks without its key": (*META, TRICKS.replace(" PRIMARY KEY", "")),
    "a column of another type": (*META, TRICKS.replace("n_s TINYINT", "n_s VARCHAR")),
    "another table besides": (*META, TRICKS, "CREATE TABLE notes (t VARCHAR)"),
    "tricks a view": (*META, "CREATE TABLE t0 AS SELECT 1 AS x",
                      "CREATE VIEW tricks AS SELECT * FROM t0"),
    "a macro": (*META, TRICKS, "CREATE MACRO coalesce(a, b) AS 7"),
    "another format": ("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)",
                       "INSERT INTO meta VALUES ('format', 'openbid-dd-0')", TRICKS),
    "no format row": ("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)", TRICKS),
}


@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_another_programs_database_is_refused_and_left_alone(name, tmp_path, capsys):
    path = tmp_path / "other.duckdb"
    _db(path, *FOREIGN[name])
    before = digest(path)
    for argv in (["dd", "show"], ["dd", "show", DEAL], ["dd", "export", str(tmp_path / "o.csv")],
                 ["dd", "fill", "--deals", "1", "--workers", "0"]):
        code, out, err = run(capsys, *argv, "--store", str(path))
        assert code == 2, (argv, out, err)
        line = one_error(err, str(path))
        assert "not touching it" in line or "not a double-dummy store" in line, line
    assert digest(path) == before and not (tmp_path / "o.csv").exists()


def test_compare_refuses_a_foreign_store_before_bidding(tmp_path, capsys, monkeypatch):
    path = tmp_path / "other.duckdb"
    _db(path, *FOREIGN["tricks of other columns"])
    before = digest(path)
    code, _, err = run(capsys, "compare", "code", "code", "--deals", "2", "--workers", "0",
                       "--store", str(path))
    assert code == 2
    one_error(err, str(path))
    assert digest(path) == before


# ---- a damaged file ----------------------------------------------------------------------------
def _commands(path: Path, tmp: Path) -> list[list[str]]:
    return [["dd", "show", "--store", str(path), "--json"],
            ["dd", "show", DEAL, "--store", str(path), "--json"],
            ["dd", "export", str(tmp / "out.csv"), "--force", "--store", str(path)]]


@pytest.fixture(scope="module")
def answers(good, tmp_path_factory) -> list[tuple[int, str, str | None]]:
    """What each command answers on the intact store (exit, stdout, the export's text)."""
    tmp = tmp_path_factory.mktemp("answers")
    copy = tmp / "dd.duckdb"
    shutil.copy(good, copy)
    return _answers(copy, tmp)


def _answers(path: Path, tmp: Path) -> list[tuple[int, str, str | None]]:
    import contextlib
    import io

    got = []
    for argv in _commands(path, tmp):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        assert "Traceback" not in err.getvalue()
        if code == 2:
            one_error(err.getvalue(), str(path))
        csv = tmp / "out.csv"
        text = csv.read_text() if argv[1] == "export" and code == 0 else None
        if csv.exists():
            csv.unlink()
        got.append((code, out.getvalue().replace(str(path), "STORE").replace(str(tmp), "TMP"),
                    text))
    return got


def _agree_or_refuse(got, expected) -> None:
    """Each command either refuses (exit 2, one line: checked in _answers) or answers exactly
    what the intact store answers: never a wrong answer."""
    for (code, out, text), (code0, out0, text0) in zip(got, expected):
        if code != 2:
            assert (code, out, text) == (code0, out0, text0)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(keep=st.floats(0.0, 0.999))
def test_a_truncated_store_is_refused(good, answers, tmp_path, keep):
    data = good.read_bytes()
    path = tmp_path / "cut.duckdb"
    path.write_bytes(data[:int(len(data) * keep)])
    _agree_or_refuse(_answers(path, tmp_path), answers)  # (what it cut may be free space)


def test_a_store_cut_to_half_is_damaged(good, tmp_path, capsys):
    path = tmp_path / "half.duckdb"
    data = good.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    for argv in (["dd", "show"], ["dd", "show", DEAL]):
        code, _, err = run(capsys, *argv, "--store", str(path))
        line = one_error(err, str(path))
        assert code == 2 and "damaged (Could not read enough bytes" in line, line
    assert path.read_bytes() == data[:len(data) // 2]


def _blocks(path: Path) -> list[int]:
    """The offsets of the store's blocks, after DuckDB's 12 KiB header."""
    con = duckdb.connect(str(path), read_only=True)
    block = con.execute("PRAGMA database_size").fetchone()[2]
    con.close()
    return list(range(3 * 4096, path.stat().st_size, block))


def test_every_block_overwritten_is_refused_or_read_right(good, answers, tmp_path):
    data = good.read_bytes()
    refused = 0
    for k, start in enumerate([0, 4096, 8192, *_blocks(good)]):
        path = tmp_path / f"bad{k}.duckdb"
        spoilt = bytearray(data)
        spoilt[start + 100:start + 164] = bytes(range(64))
        path.write_bytes(bytes(spoilt))
        got = _answers(path, tmp_path)
        _agree_or_refuse(got, answers)
        refused += any(code == 2 for code, _, _ in got)
    assert refused >= 3  # the header, and the blocks that hold data


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.floats(0.0, 0.999), junk=st.binary(min_size=1, max_size=512))
def test_pages_overwritten_at_random_never_give_a_wrong_answer(good, answers, tmp_path, where,
                                                               junk):
    data = bytearray(good.read_bytes())
    at = int(len(data) * where)
    data[at:at + len(junk)] = junk
    path = tmp_path / "spoilt.duckdb"
    path.write_bytes(bytes(data[:len(good.read_bytes())]))
    _agree_or_refuse(_answers(path, tmp_path), answers)


@pytest.mark.parametrize("content,what", [
    (b"", "empty"), (b"my notes\n", "not a DuckDB file"), (b"\0" * 20000, "not a DuckDB file")])
def test_files_that_are_not_stores(content, what, tmp_path, capsys):
    path = tmp_path / "x.duckdb"
    path.write_bytes(content)
    for argv in (["dd", "show"], ["dd", "fill", "--deals", "1", "--workers", "0"]):
        code, _, err = run(capsys, *argv, "--store", str(path))
        assert code == 2 and what in one_error(err, str(path))
    assert path.read_bytes() == content


# ---- a SQLite file: no extension, no network ---------------------------------------------------
class _Recorder(http.server.BaseHTTPRequestHandler):
    seen: list[str] = []

    def do_GET(self):  # noqa: N802 - http.server's name
        _Recorder.seen.append(self.path)
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def extension_server(tmp_path, monkeypatch):
    """Every DuckDB connection made here fetches extensions from a local server that records
    what is asked of it, into an empty extension folder: a connection that tries to install or
    load an extension shows in ``seen``."""
    _Recorder.seen = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    real = duckdb.connect
    folder = tmp_path / "extensions"
    folder.mkdir()

    def connect(database=":memory:", read_only=False, config=None, **kw):
        config = {**(config or {}), "extension_directory": str(folder),
                  "custom_extension_repository": f"http://127.0.0.1:{server.server_port}"}
        return real(database, read_only=read_only, config=config, **kw)

    monkeypatch.setattr(duckdb, "connect", connect)
    try:
        yield _Recorder.seen
    finally:
        server.shutdown()
        server.server_close()


def _sqlite(path: Path) -> None:
    import sqlite3

    con = sqlite3.connect(path)
    con.execute("CREATE TABLE tricks (deal TEXT)")
    con.commit()
    con.close()


def test_a_sqlite_store_loads_no_extension(extension_server, tmp_path, capsys):
    path = tmp_path / "lite.db"
    _sqlite(path)
    before = digest(path)
    for argv in (["dd", "show"], ["dd", "fill", "--deals", "1", "--workers", "0"]):
        code, _, err = run(capsys, *argv, "--store", str(path))
        assert code == 2 and "SQLite" in one_error(err, str(path))
    assert extension_server == [] and digest(path) == before
    assert not any((tmp_path / "extensions").rglob("*.duckdb_extension"))


def test_duckdb_itself_is_told_never_to_load_one(extension_server, tmp_path, monkeypatch):
    """Even past openbid's own look at the file's first bytes, DuckDB is opened so that it
    installs and loads nothing, and no SQL can change that."""
    from openbid.dd import store as store_module

    path = tmp_path / "lite.db"
    _sqlite(path)
    monkeypatch.setattr(store_module, "_header_problem", lambda p: None)
    with pytest.raises(OpenbidError, match="lite.db"):
        Store(path)
    assert extension_server == []
    with Store(tmp_path / "mine.duckdb") as store:
        settings_ = dict(store.db.execute(
            "SELECT name, value FROM duckdb_settings() WHERE name IN ('autoload_known_extensions',"
            " 'autoinstall_known_extensions', 'enable_external_access', 'lock_configuration')"
        ).fetchall())
        with pytest.raises(duckdb.Error):
            store.db.execute("SET autoload_known_extensions = true")
    assert settings_ == {"autoload_known_extensions": "false",
                         "autoinstall_known_extensions": "false",
                         "enable_external_access": "false", "lock_configuration": "true"}


# ---- export never replaces what it must not ------------------------------------------------
def test_export_never_writes_over_the_store_it_reads(good, tmp_path, capsys):
    path = tmp_path / "S.duckdb"
    shutil.copy(good, path)
    (tmp_path / "link.duckdb").symlink_to(path)
    before = digest(path)
    for target in (path, tmp_path / "link.duckdb", Path(f"{path}.wal"),
                   tmp_path / "." / "S.duckdb"):
        code, _, err = run(capsys, "dd", "export", str(target), "--format", "csv", "--force",
                           "--store", str(path))
        assert code == 2 and "store being exported" in one_error(err, str(target))
    assert digest(path) == before and (tmp_path / "link.duckdb").is_symlink()
    code, out, _ = run(capsys, "dd", "show", "--store", str(path), "--json")
    assert code == 0 and '"deals": 40' in out


def test_export_force_writes_through_a_link_and_never_renames_over_a_device(good, tmp_path,
                                                                              capsys):
    real = tmp_path / "real.csv"
    real.write_text("old\n")
    link = tmp_path / "l.csv"
    link.symlink_to(real)
    code, _, err = run(capsys, "dd", "export", str(link), "--force", "--store", str(good))
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(real)  # the link kept, its file new
    assert real.read_text().startswith("deal,n_s,") and real.read_text().count("\n") == 41
    fifo = tmp_path / "pipe.csv"  # a named pipe: like a device, never renamed over
    os.mkfifo(fifo)
    code, _, err = run(capsys, "dd", "export", str(fifo), "--force", "--store", str(good))
    assert code == 2 and "not a regular file" in one_error(err, str(fifo))
    assert fifo.is_fifo()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# ---- a full disk ----------------------------------------------------------------------------
def test_a_full_disk_while_filling_reports_its_own_cause(tmp_path):
    """Every file the command writes is limited in size (RLIMIT_FSIZE: DuckDB's own writes fail
    as on a full disk, with 'File too large'): the cause is the one line shown, never the
    rollback's second error; the results stored before are kept, and a rerun stores the
    rest."""
    path = tmp_path / "dd.duckdb"
    make_store(path, 3)
    data = tmp_path / "shards"
    data.mkdir()
    for name in ("paired-0000.jsonl.gz", "pattern-0000.jsonl.gz"):  # 2,000 deals, then 200
        shutil.copy(Path(__file__).resolve().parents[2] / "data" / "dd" / name, data / name)
    r = cli_limited(200_000, "dd", "fill", "--import", str(data), "--store", str(path))
    assert r.returncode == 2, r.stderr
    line = one_error(r.stderr, str(path), "File too large")
    assert "rollback" not in line.lower() and "transaction" not in line.lower()
    with Store(path, read_only=True) as store:
        assert store.summary().deals == 3
    r = cli_limited(1 << 40, "dd", "fill", "--import", str(data), "--store", str(path))
    assert r.returncode == 0, r.stderr
    with Store(path, read_only=True) as store:
        assert store.summary().deals == 2_203  # 2,000 and 200 deals imported


def test_a_store_a_full_disk_kept_from_being_made_is_not_left_behind(tmp_path):
    path = tmp_path / "new.duckdb"
    r = cli_limited(4096, "dd", "fill", "--deals", "1", "--workers", "0", "--store", str(path))
    assert r.returncode == 2
    one_error(r.stderr, str(path))
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no half-made store to trip on


class _FullDisk:
    """A DuckDB connection whose commit fails as DuckDB's does on a full disk, and whose
    rollback then fails too (no transaction is left)."""

    def __init__(self, db):
        self.db = db

    def execute(self, sql, *args):
        if sql == "COMMIT":
            self.db.execute("ROLLBACK")
            raise duckdb.TransactionException(
                'TransactionContext Error: Failed to commit: Could not write file '
                '"/x/dd.duckdb.wal": No space left on device')
        if sql == "ROLLBACK":
            raise duckdb.TransactionException(
                "TransactionContext Error: cannot rollback - no transaction is active")
        return self.db.execute(sql, *args)

    def close(self):
        self.db.close()


def test_no_space_left_is_the_error_shown(tmp_path):
    path = tmp_path / "dd.duckdb"
    make_store(path, 2)
    store = Store(path)
    store.db = _FullDisk(store.db)
    with pytest.raises(OpenbidError) as got, store:
        store.add([(deals.random_deal("x", 1), dict(RESULTS))], "test")
    assert "No space left on device" in str(got.value) and "rollback" not in str(got.value)
    with Store(path, read_only=True) as again:
        assert again.summary().deals == 2


# ---- the verification, for any store module ---------------------------------------------------
def test_the_verification_serves_another_schema(tmp_path, good):
    from openbid.dd.store import Schema, TableShape, connect

    runs = Schema("openbid-test-1", (TableShape("runs", (("id", "INTEGER"), ("what", "VARCHAR")),
                                                ("id",)),), "test store", meta="test_meta")
    path = tmp_path / "t.duckdb"
    db = connect(path, runs)
    db.execute("INSERT INTO runs VALUES (1, 'a')")
    db.close()
    db = connect(path, runs, read_only=True)
    assert db.execute("SELECT what FROM runs").fetchall() == [("a",)]
    db.close()
    with pytest.raises(OpenbidError, match="no table runs|other tables"):
        connect(good, runs, read_only=True)
    with pytest.raises(OpenbidError, match="not a double-dummy store"):
        Store(path, read_only=True)
    db = duckdb.connect(str(path), read_only=True)
    assert db.execute("SELECT * FROM test_meta").fetchall() == [("format", "openbid-test-1")]
    db.close()


# ---- the simulation store is verified the same way --------------------------------------------
def test_the_simulation_store_is_verified_like_the_double_dummy_store(extension_server,
                                                                       tmp_path, capsys):
    """``simulate --store`` opens its file through the same verified connection: another
    program's database, a double-dummy store, a SQLite file are refused with one line and left
    as they were, and nothing is installed or loaded."""
    from openbid.sim.store import SimStore

    foreign = tmp_path / "other.duckdb"
    _db(foreign, "CREATE TABLE sim_meta (key VARCHAR PRIMARY KEY, value VARCHAR)",
        "INSERT INTO sim_meta VALUES ('format', 'openbid-sim-1')",
        "CREATE TABLE sim_runs (run VARCHAR)")
    dd_store = tmp_path / "dd.duckdb"
    Store(dd_store).close()
    lite = tmp_path / "lite.db"
    _sqlite(lite)
    for path in (foreign, dd_store, lite):
        before = digest(path)
        code, _, err = run(capsys, "simulate", "--variant", "sayc-openings", "--deals", "10",
                           "--workers", "0", "--store", str(path))
        assert code == 2, err
        assert "simulation store" in one_error(err, str(path)) or "SQLite" in err
        assert digest(path) == before
    assert extension_server == []
    with SimStore(tmp_path / "sim.duckdb") as store:
        (autoload,) = store.db.execute("SELECT value FROM duckdb_settings() WHERE name = "
                                       "'autoload_known_extensions'").fetchone()
        assert autoload == "false"
