"""The store of double-dummy results: one DuckDB file, one row per deal.

Why DuckDB (and not Parquet): the store is appended to a few results at a time, by runs that can
be interrupted, and read by deal. DuckDB gives that in one file: a primary key on the deal (a
deal is stored once; a second run finds it and does not solve it again), transactions (a batch
of results is committed whole or not at all, and a kill leaves the committed ones readable:
the write-ahead log is replayed on the next open), an update that fills the pairs a deal still
lacks, and SQL to inspect it. DuckDB's lock admits one writing process, which is the design: the
command that runs the solvers is the only writer. Parquet files are immutable: appending means
one more file per batch, nothing keeps a deal from being written twice, and every lookup reads
every file. DuckDB still writes Parquet (and CSV, JSON lines) for export without another library.

Schema (table ``tricks``): ``deal`` (the key, :mod:`openbid.bridge.deals`), twenty columns
``n_s`` ... ``w_nt`` (declarer, strain: tricks taken by the declarer; NULL: not solved yet),
``source`` (who first asked for the deal: ``compare``, ``fill``, ``binky:random-0003``) and
``added`` (when it was first stored). Table ``meta`` holds the format version.
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from openbid.dd.solve import ALL_PAIRS, Pair
from openbid.base.errors import OpenbidError

FORMAT = "openbid-dd-1"
COLUMNS = tuple(f"{d.lower()}_{s.lower()}" for d, s in ALL_PAIRS)
COLUMN_OF: dict[Pair, str] = dict(zip(ALL_PAIRS, COLUMNS))
CHUNK = 400  # rows per INSERT: DuckDB takes one statement of many rows far faster than many


# ---- a DuckDB file of openbid's, verified before use ----------------------------------------------
# Any store module (this one; the simulation results' under openbid/sim/) opens its file with
# connect(path, SCHEMA): the file must be openbid's own, of that schema, or it is refused with one
# line naming it; DuckDB never installs or loads an extension, whatever the file holds.
@dataclass(frozen=True)
class TableShape:
    """One table of a store: its columns in order, (name, DuckDB type[, extra DDL such as
    ``DEFAULT current_timestamp``]), and its primary key."""

    name: str
    columns: tuple[tuple[str, ...], ...]
    key: tuple[str, ...] = ()

    def ddl(self) -> str:
        cols = [" ".join(c) for c in self.columns]
        if self.key:
            cols.append(f"PRIMARY KEY ({', '.join(self.key)})")
        return f"CREATE TABLE {self.name} ({', '.join(cols)})"


META = TableShape("meta", (("key", "VARCHAR"), ("value", "VARCHAR")), ("key",))


@dataclass(frozen=True)
class Schema:
    """What a store file holds: ``format`` (the row ``format`` of its table of (key, value),
    ``meta`` by default: a store of another format or version is refused, never converted), its
    tables (that one is added), and what it is called in messages (``double-dummy store``)."""

    format: str
    tables: tuple[TableShape, ...]
    what: str = "store"
    fill: str = ""  # how to make one, for the message about a missing or empty store
    meta: str = "meta"  # the name of its table of (key, value), with the row 'format'
    all_tables: tuple[TableShape, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "all_tables", (TableShape(self.meta, META.columns, META.key),
                                                *self.tables))


SCHEMA = Schema(FORMAT, (TableShape(
    "tricks", (("deal", "VARCHAR"), *((c, "TINYINT") for c in COLUMNS), ("source", "VARCHAR"),
               ("added", "TIMESTAMP", "DEFAULT current_timestamp")), ("deal",)),),
    "double-dummy store", "fill one with 'openbid dd fill' or 'openbid compare'")

# DuckDB's settings for a file openbid did not write: no extension is ever installed or loaded
# (a SQLite file would otherwise make DuckDB fetch its SQLite reader from the network), no
# community extension, no file outside the store is read (not even through a view), and no SQL
# can change these once the file is open.
SAFE = {"autoinstall_known_extensions": False, "autoload_known_extensions": False,
        "allow_community_extensions": False, "allow_unsigned_extensions": False,
        "enable_external_access": False, "lock_configuration": True}
HEADER = 3 * 4096  # DuckDB's file header: a main header and two database headers of 4 KiB
MAGIC = b"DUCK"  # at byte 8 of every DuckDB file
SQLITE = b"SQLite format 3\x00"


def duckdb_module() -> Any:
    try:
        import duckdb
    except ImportError:
        raise OpenbidError("the double-dummy store needs DuckDB: pip install 'openbid[dd]'"
                           " (or pip install duckdb)") from None
    return duckdb


def reason(exc: BaseException) -> str:
    """The cause in a DuckDB error, in one line: ``No space left on device (writing
    s.duckdb.wal)`` rather than its chain of prefixes."""
    text = (str(exc).splitlines() or [type(exc).__name__])[0]
    inner = re.search(r'"exception_message":"((?:[^"\\]|\\.)*)"', text)  # an async write's
    if inner:
        text = inner.group(1).replace('\\"', '"')
    os_error = re.search(r'(?:write|read from|open) file "([^"]+)"[^:]*: (.+)$', text)
    if os_error:
        return f"{os_error.group(2).strip()} ({Path(os_error.group(1)).name})"
    for prefix in ("TransactionContext Error: ", "Failed to commit: ", "IO Error: ",
                   "Invalid Input Error: ", "Catalog Error: ", "Serialization Error: ",
                   "INTERNAL Error: ", "FATAL Error: ", "Binder Error: "):
        text = text.replace(prefix, "")
    return text.strip() or type(exc).__name__


def damaged(why: str) -> bool:
    """Whether a DuckDB error says the file is damaged (a checksum, a short read)."""
    low = why.lower()
    return any(w in low for w in ("checksum", "corrupt", "could not read enough bytes",
                                  "not a valid", "invalid block", "deserializ", "malformed"))


def store_error(path: Path, exc: BaseException, doing: str, option: str = "--store",
                schema: Schema = SCHEMA) -> OpenbidError:
    """A DuckDB error met while ``doing`` (``reading it``, ``storing the results``) as one
    line naming the file; a damaged file is called so."""
    why = reason(exc)
    if damaged(why):
        return OpenbidError(f"{option} {path}: damaged ({why}); not a {schema.what} openbid can "
                            "read: restore it or give another")
    return OpenbidError(f"{option} {path}: error {doing}: {why}")


def _header_problem(path: Path) -> str | None:
    """Why ``path`` is not a DuckDB file, read from its first bytes before DuckDB sees it (a
    SQLite file, a text file, a truncated one); None if it may be."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEADER)
    except OSError as exc:
        return f"cannot read it ({exc.strerror or exc})"
    if not head:
        return "an empty file (delete it to start a new store there)"
    if head.startswith(SQLITE):
        return "a SQLite database, not a DuckDB file"
    if head[8:12] != MAGIC:
        return "not a DuckDB file"
    if len(head) < HEADER:
        return f"truncated: {len(head):,} bytes, shorter than DuckDB's header"
    return None


def connect(path: Path, schema: Schema, *, read_only: bool = False, option: str = "--store",
            external: bool = False) -> Any:
    """A DuckDB connection to the store ``path``, verified: its header (before DuckDB reads the
    file), then its tables and columns, primary keys and format against ``schema`` (a new
    file, or one with no tables, gets the schema unless ``read_only``). Anything else is an
    :class:`OpenbidError` naming the file, and the file is left as it was. ``external``: let
    SQL write files outside the store (``COPY ... TO``, for export only)."""
    duckdb = duckdb_module()
    path = Path(path)
    if path.is_dir():
        raise OpenbidError(f"{option} {path}: is a directory, not a store file")
    if read_only and not path.exists():
        raise OpenbidError(f"{option} {path}: no such store"
                           + (f" ({schema.fill})" if schema.fill else ""))
    if not path.exists():
        _create_new(path, schema, option)
    if not path.is_file():
        raise OpenbidError(f"{option} {path}: not a regular file, not a {schema.what}")
    problem = _header_problem(path)
    if problem:
        raise OpenbidError(f"{option} {path}: {problem}; not a {schema.what}, not touching it")
    config = {**SAFE, "enable_external_access": external}
    try:
        db = duckdb.connect(str(path), read_only=read_only, config=config)
    except duckdb.Error as exc:
        text = str(exc)
        if isinstance(exc, duckdb.IOException) and "lock" in text.lower():
            raise OpenbidError(f"{option} {path}: in use by another process (one process writes "
                               "a store at a time): wait for it, or give another "
                               f"{option}") from None
        raise store_error(path, exc, "opening it", option, schema) from None
    try:
        verify(db, path, schema, read_only=read_only, option=option)
    except BaseException:
        try:
            db.close()
        except duckdb.Error:
            pass
        raise
    return db


def _create_new(path: Path, schema: Schema, option: str) -> None:
    """Make a new store at ``path``: made whole under a temporary name beside it (the schema in
    it, closed), then linked to ``path``, so that ``path`` is a complete store or nothing (a full
    disk leaves nothing to trip a rerun), and a store another command made there meanwhile is
    used, never replaced."""
    import tempfile

    duckdb = duckdb_module()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".new")
        os.close(fd)
        os.unlink(name)  # DuckDB makes the file itself
    except OSError as exc:
        raise OpenbidError(f"{option} {path}: cannot create it ({exc.strerror or exc})") from None
    tmp = Path(name)
    try:
        db = duckdb.connect(str(tmp), config=SAFE)
        try:
            _create(db, schema)
        finally:
            db.close()
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another command made it meanwhile: that one is opened (and verified)
        except OSError as exc:  # a file system without hard links
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
                raise
            if not path.exists():
                os.replace(tmp, path)
    except duckdb.Error as exc:
        why = reason(exc).replace(f" ({tmp.name})", "").replace(f" ({tmp.name}.wal)", "")
        raise OpenbidError(f"{option} {path}: cannot create it: {why}") from None
    except OSError as exc:
        raise OpenbidError(f"{option} {path}: cannot create it ({exc.strerror or exc})") from None
    finally:
        for leftover in (tmp, Path(f"{tmp}.wal")):
            try:
                leftover.unlink()
            except OSError:
                pass


def verify(db: Any, path: Path, schema: Schema, *, read_only: bool = True,
           option: str = "--store") -> None:
    """Check that the open database ``db`` (the file ``path``) is a store of ``schema``; give a
    database with nothing in it the schema (unless ``read_only``). Raises :class:`OpenbidError`
    naming the file and what is wrong."""
    duckdb = duckdb_module()

    def refuse(problem: str) -> OpenbidError:
        return OpenbidError(f"{option} {path}: {problem}; not a {schema.what} of this openbid, "
                            "not touching it")

    try:
        name = db.execute("SELECT current_database()").fetchone()[0]
        objects = db.execute(
            "SELECT table_schema, table_name, table_type FROM information_schema.tables "
            "WHERE table_catalog = ?", [name]).fetchall()
        macros = db.execute("SELECT function_name FROM duckdb_functions() WHERE NOT internal "
                            "AND database_name = ?", [name]).fetchall()
        if not objects and not macros:
            if read_only:
                raise OpenbidError(f"{option} {path}: empty (no {schema.what} in it yet"
                                   + (f"; {schema.fill})" if schema.fill else ")"))
            _create(db, schema)
            return
        want = {t.name: t for t in schema.all_tables}
        if macros:
            raise refuse(f"it defines functions ({macros[0][0]})")
        got = {t: (s, kind) for s, t, kind in objects}
        other = sorted(set(got) - set(want))
        if other:
            raise refuse(f"it has other tables ({', '.join(other[:3])})")
        missing = sorted(set(want) - set(got))
        if missing:
            raise refuse(f"it has no table {missing[0]}")
        for table in schema.all_tables:
            where, kind = got[table.name]
            if where != "main" or kind != "BASE TABLE":
                raise refuse(f"its {table.name} is a {kind.lower()} in schema {where}, not a "
                             "table")
            cols = db.execute("SELECT column_name, data_type FROM information_schema.columns "
                              "WHERE table_catalog = ? AND table_name = ? ORDER BY "
                              "ordinal_position", [name, table.name]).fetchall()
            expected = [(c[0], c[1]) for c in table.columns]
            if [(c, t.upper()) for c, t in cols] != expected:
                diff = next((f"column {i + 1} is {g[0]} {g[1]}, not {w[0]} {w[1]}"
                             for i, (g, w) in enumerate(zip(cols, expected)) if tuple(g) != w),
                            f"{len(cols)} columns, not {len(expected)}")
                raise refuse(f"its table {table.name} has other columns ({diff})")
            keys = db.execute("SELECT constraint_column_names FROM duckdb_constraints() WHERE "
                              "database_name = ? AND table_name = ? AND constraint_type = "
                              "'PRIMARY KEY'", [name, table.name]).fetchall()
            if [tuple(k[0]) for k in keys] != ([table.key] if table.key else []):
                raise refuse(f"its table {table.name} is not keyed by "
                             f"{', '.join(table.key) or 'nothing'}")
        formats = db.execute(f"SELECT value FROM {schema.meta} WHERE key = 'format'").fetchall()
        if formats != [(schema.format,)]:
            got_format = formats[0][0] if formats else "none"
            raise OpenbidError(f"{option} {path}: format {got_format!r}, not {schema.format}: "
                               f"not a {schema.what} this openbid reads, not touching it")
    except duckdb.Error as exc:
        raise store_error(path, exc, "reading it", option, schema) from None


def _create(db: Any, schema: Schema) -> None:
    db.execute("BEGIN TRANSACTION")
    try:
        for table in schema.all_tables:
            db.execute(table.ddl())
        db.execute(f"INSERT INTO {schema.meta} VALUES ('format', ?)", [schema.format])
        db.execute("COMMIT")
    except BaseException:
        _rollback(db)
        raise


def _rollback(db: Any) -> None:
    """Undo the transaction under way, if DuckDB still has one: the error that caused it (a
    full disk) is the one reported, never a second one from here."""
    try:
        db.execute("ROLLBACK")
    except Exception:  # noqa: BLE001 - duckdb.Error: no transaction left, a dead connection
        pass


def default_path() -> Path:
    """Where the store lives unless ``--store`` says otherwise: ``$OPENBID_DD_STORE``, else
    ``$XDG_DATA_HOME/openbid/dd.duckdb`` (``~/.local/share/openbid/dd.duckdb``)."""
    given = os.environ.get("OPENBID_DD_STORE")
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "openbid" / "dd.duckdb"


@dataclass(frozen=True)
class Summary:
    """What a store holds: deals, of which with all twenty results, and deals per source."""

    path: str
    deals: int
    complete: int
    results: int
    sources: tuple[tuple[str, int], ...]


class Store:
    """A DuckDB store opened for one command (a context manager: closed at the end, which
    checkpoints it). ``read_only`` opens without creating anything; ``external``: for export
    (DuckDB may write a file outside the store). The file is verified on open
    (:func:`connect`); every DuckDB error later (a damaged page, a full disk) is an
    :class:`OpenbidError` naming the file and the cause."""

    def __init__(self, path: Path | str | None = None, read_only: bool = False,
                 external: bool = False) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.read_only = read_only
        self.failed = False
        self._duckdb = duckdb_module()
        self.db = connect(self.path, SCHEMA, read_only=read_only, external=external)

    def _run(self, doing: str, sql: str, params: list | None = None) -> Any:
        try:
            return self.db.execute(sql, params) if params is not None else self.db.execute(sql)
        except self._duckdb.Error as exc:
            raise store_error(self.path, exc, doing) from None

    def _fetch(self, doing: str, sql: str, params: list | None = None,
               one: bool = False) -> Any:
        try:
            cur = self.db.execute(sql, params) if params is not None else self.db.execute(sql)
            return cur.fetchone() if one else cur.fetchall()
        except self._duckdb.Error as exc:
            raise store_error(self.path, exc, doing) from None

    def _tricks(self, deal: str, values) -> dict[Pair, int]:
        out = {}
        for p, v in zip(ALL_PAIRS, values):
            if v is None:
                continue
            if not 0 <= int(v) <= 13:
                raise OpenbidError(f"--store {self.path}: deal {deal} holds {v} tricks for "
                                   f"{p[0]} in {p[1]}, not a double-dummy result: the store is "
                                   "damaged")
            out[p] = int(v)
        return out

    # ---- reading ---------------------------------------------------------------------------
    def known(self, deals: Iterable[str]) -> dict[str, dict[Pair, int]]:
        """The results stored for each of ``deals`` that has any (pairs not solved are left
        out)."""
        wanted = list(dict.fromkeys(deals))
        out: dict[str, dict[Pair, int]] = {}
        for k in range(0, len(wanted), CHUNK):
            chunk = wanted[k:k + CHUNK]
            marks = ", ".join("?" for _ in chunk)
            rows = self._fetch("reading it", f"SELECT deal, {', '.join(COLUMNS)} FROM tricks "
                               f"WHERE deal IN ({marks})", chunk)
            for row in rows:
                out[row[0]] = self._tricks(row[0], row[1:])
        return out

    def rows(self, complete_only: bool = False) -> Iterator[tuple[str, dict[Pair, int], str]]:
        """(deal, results, source) of every stored deal, in key order."""
        where = " WHERE " + " AND ".join(f"{c} IS NOT NULL" for c in COLUMNS) \
            if complete_only else ""
        cur = self._run("reading it", f"SELECT deal, {', '.join(COLUMNS)}, source FROM "
                        f"tricks{where} ORDER BY deal")
        while True:
            try:
                batch = cur.fetchmany(1000)
            except self._duckdb.Error as exc:
                raise store_error(self.path, exc, "reading it") from None
            if not batch:
                return
            for row in batch:
                yield row[0], self._tricks(row[0], row[1:-1]), row[-1]

    def summary(self) -> Summary:
        full = " AND ".join(f"{c} IS NOT NULL" for c in COLUMNS)
        filled = " + ".join(f"({c} IS NOT NULL)::INT" for c in COLUMNS)
        deals, complete, results = self._fetch(
            "reading it", f"SELECT count(*), count(*) FILTER (WHERE {full}), "
            f"coalesce(sum({filled}), 0) FROM tricks", one=True) or (0, 0, 0)
        sources = self._fetch("reading it", "SELECT coalesce(source, ''), count(*) FROM tricks "
                              "GROUP BY 1 ORDER BY 2 DESC, 1")
        return Summary(str(self.path), int(deals), int(complete), int(results),
                       tuple((s, int(n)) for s, n in sources))

    # ---- writing ---------------------------------------------------------------------------
    def add(self, results: Iterable[tuple[str, dict[Pair, int]]], source: str) -> int:
        """Store ``results`` ((deal, {pair: tricks})) in one transaction: a new deal is inserted,
        a known one gains the pairs it lacked (a stored result is never changed). Returns the
        number of deals given. A failure (a full disk) stores nothing of this batch, keeps
        every batch before it, and is reported with its own cause."""
        merged: dict[str, dict[Pair, int]] = {}
        for deal, tricks in results:
            merged.setdefault(deal, {}).update(tricks)
        if not merged:
            return 0
        for deal, tricks in merged.items():
            for pair, value in tricks.items():
                if pair not in COLUMN_OF or not 0 <= int(value) <= 13:
                    raise ValueError(f"{deal}: {pair} = {value} is not a double-dummy result")
        names = ", ".join(COLUMNS)
        update = ", ".join(f"{c} = coalesce(tricks.{c}, excluded.{c})" for c in COLUMNS)
        items = list(merged.items())
        try:
            self.db.execute("BEGIN TRANSACTION")
            for k in range(0, len(items), CHUNK):
                chunk = items[k:k + CHUNK]
                marks = ", ".join("(" + ", ".join("?" for _ in range(len(COLUMNS) + 2)) + ")"
                                  for _ in chunk)
                values: list[object] = []
                for deal, tricks in chunk:
                    values.append(deal)
                    values.extend(tricks.get(p) for p in ALL_PAIRS)
                    values.append(source)
                self.db.execute(f"INSERT INTO tricks (deal, {names}, source) VALUES {marks} "
                                f"ON CONFLICT (deal) DO UPDATE SET {update}", values)
            self.db.execute("COMMIT")
        except self._duckdb.Error as exc:
            _rollback(self.db)
            self.failed = True
            raise OpenbidError(f"--store {self.path}: cannot store the results: {reason(exc)}; "
                               "every result stored before is kept") from None
        except BaseException:
            _rollback(self.db)
            raise
        return len(items)

    def export(self, target: Path, fmt: str, complete_only: bool = False,
               force: bool = False) -> int:
        """Write every stored deal to ``target`` as ``parquet``, ``csv`` or ``jsonl``, whole or
        not at all (:func:`openbid.base.files.atomic_path`: an existing file only with
        ``force``, never the store itself, never renamed over a device or through to a
        directory); returns the number of deals written."""
        from openbid.base.files import WriteError, atomic_path

        self.check_export_target(target)
        options = {"parquet": "FORMAT parquet", "csv": "FORMAT csv, HEADER true",
                   "jsonl": "FORMAT json"}[fmt]
        where = " WHERE " + " AND ".join(f"{c} IS NOT NULL" for c in COLUMNS) \
            if complete_only else ""
        query = (f"SELECT deal, {', '.join(COLUMNS)}, source, added FROM tricks{where} "
                 "ORDER BY deal")
        count = (self._fetch("reading it", f"SELECT count(*) FROM ({query})", one=True)
                 or (0,))[0]
        with atomic_path(target, force=force) as tmp:
            try:
                self.db.execute(f"COPY ({query}) TO '{_quoted(tmp)}' ({options})")
            except self._duckdb.Error as exc:
                why = reason(exc)
                if damaged(why):
                    raise store_error(self.path, exc, "reading it") from None
                if "permission" in why.lower() or "external access" in why.lower():
                    raise RuntimeError("export needs a store opened with "
                                       "Store(..., external=True)") from None
                raise WriteError(target, why) from None
        return int(count)

    def check_export_target(self, target: Path) -> None:
        """An export never writes over the store it reads (nor its write-ahead log), whatever
        the name it is given (a link, a relative path)."""
        mine = {os.path.realpath(self.path), os.path.realpath(f"{self.path}.wal")}
        if os.path.realpath(target) in mine:
            raise OpenbidError(f"cannot write {target}: it is the store being exported "
                               f"({self.path}); give another file")

    def close(self) -> None:
        """Close (DuckDB checkpoints the file). After a failed write (a full disk) closing
        reports nothing more: the first error is the one the user sees."""
        db = getattr(self, "db", None)
        if db is None:
            return
        self.db = None  # type: ignore[assignment]
        try:
            db.close()
        except self._duckdb.Error as exc:
            if not getattr(self, "failed", False):
                raise store_error(self.path, exc, "closing it") from None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, kind, value, tb) -> None:
        if kind is not None:
            self.failed = True  # the error under way is the one reported
        self.close()


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")
