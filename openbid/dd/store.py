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

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from openbid.dd.solve import ALL_PAIRS, Pair
from openbid.base.errors import OpenbidError

FORMAT = "openbid-dd-1"
COLUMNS = tuple(f"{d.lower()}_{s.lower()}" for d, s in ALL_PAIRS)
COLUMN_OF: dict[Pair, str] = dict(zip(ALL_PAIRS, COLUMNS))
CHUNK = 400  # rows per INSERT: DuckDB takes one statement of many rows far faster than many


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
    checkpoints it). ``read_only`` opens without creating anything."""

    def __init__(self, path: Path | str | None = None, read_only: bool = False) -> None:
        try:
            import duckdb
        except ImportError:
            raise OpenbidError("the double-dummy store needs DuckDB: pip install 'openbid[dd]'"
                               " (or pip install duckdb)") from None
        self.path = Path(path) if path is not None else default_path()
        self.read_only = read_only
        if self.path.is_dir():
            raise OpenbidError(f"--store {self.path}: is a directory, not a store file")
        if read_only and not self.path.exists():
            raise OpenbidError(f"--store {self.path}: no such store (fill one with 'openbid dd "
                               "fill' or 'openbid compare')")
        if not read_only:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise OpenbidError(f"--store {self.path}: cannot create its folder "
                                   f"({exc.strerror or exc})") from None
        try:
            self.db = duckdb.connect(str(self.path), read_only=read_only)
        except duckdb.IOException as exc:
            text = str(exc)
            if "lock" in text.lower():
                raise OpenbidError(f"--store {self.path}: in use by another process (one "
                                   "process writes a store at a time): wait for it, or give "
                                   "another --store") from None
            raise OpenbidError(f"--store {self.path}: cannot open it: "
                               f"{text.splitlines()[0]}") from None
        except duckdb.Error as exc:
            raise OpenbidError(f"--store {self.path}: not a double-dummy store "
                               f"({str(exc).splitlines()[0]})") from None
        self._check_format()

    def _check_format(self) -> None:
        tables = {r[0] for r in self.db.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()}
        if "meta" in tables:
            got = self.db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
            if got is None or got[0] != FORMAT:
                self.close()
                raise OpenbidError(f"--store {self.path}: format {got[0] if got else '?'}, not "
                                   f"{FORMAT}: not a store this openbid reads")
            return
        if tables:
            self.close()
            raise OpenbidError(f"--store {self.path}: a DuckDB database, but not a "
                               "double-dummy store (it has other tables); not touching it")
        if self.read_only:
            raise OpenbidError(f"--store {self.path}: empty")
        cols = ", ".join(f"{c} TINYINT" for c in COLUMNS)
        self.db.execute("BEGIN TRANSACTION")
        self.db.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
        self.db.execute(f"CREATE TABLE tricks (deal VARCHAR PRIMARY KEY, {cols}, "
                        "source VARCHAR, added TIMESTAMP DEFAULT current_timestamp)")
        self.db.execute("INSERT INTO meta VALUES ('format', ?)", [FORMAT])
        self.db.execute("COMMIT")

    # ---- reading ---------------------------------------------------------------------------
    def known(self, deals: Iterable[str]) -> dict[str, dict[Pair, int]]:
        """The results stored for each of ``deals`` that has any (pairs not solved are left
        out)."""
        wanted = list(dict.fromkeys(deals))
        out: dict[str, dict[Pair, int]] = {}
        for k in range(0, len(wanted), CHUNK):
            chunk = wanted[k:k + CHUNK]
            marks = ", ".join("?" for _ in chunk)
            rows = self.db.execute(f"SELECT deal, {', '.join(COLUMNS)} FROM tricks "
                                   f"WHERE deal IN ({marks})", chunk).fetchall()
            for row in rows:
                out[row[0]] = {p: int(v) for p, v in zip(ALL_PAIRS, row[1:]) if v is not None}
        return out

    def rows(self, complete_only: bool = False) -> Iterator[tuple[str, dict[Pair, int], str]]:
        """(deal, results, source) of every stored deal, in key order."""
        where = " WHERE " + " AND ".join(f"{c} IS NOT NULL" for c in COLUMNS) \
            if complete_only else ""
        cur = self.db.execute(f"SELECT deal, {', '.join(COLUMNS)}, source FROM tricks{where} "
                              "ORDER BY deal")
        while True:
            batch = cur.fetchmany(1000)
            if not batch:
                return
            for row in batch:
                yield (row[0], {p: int(v) for p, v in zip(ALL_PAIRS, row[1:-1]) if v is not None},
                       row[-1])

    def summary(self) -> Summary:
        full = " AND ".join(f"{c} IS NOT NULL" for c in COLUMNS)
        filled = " + ".join(f"({c} IS NOT NULL)::INT" for c in COLUMNS)
        deals, complete, results = self.db.execute(
            f"SELECT count(*), count(*) FILTER (WHERE {full}), coalesce(sum({filled}), 0) "
            "FROM tricks").fetchone() or (0, 0, 0)
        sources = self.db.execute("SELECT coalesce(source, ''), count(*) FROM tricks "
                                  "GROUP BY 1 ORDER BY 2 DESC, 1").fetchall()
        return Summary(str(self.path), int(deals), int(complete), int(results),
                       tuple((s, int(n)) for s, n in sources))

    # ---- writing ---------------------------------------------------------------------------
    def add(self, results: Iterable[tuple[str, dict[Pair, int]]], source: str) -> int:
        """Store ``results`` ((deal, {pair: tricks})) in one transaction: a new deal is inserted,
        a known one gains the pairs it lacked (a stored result is never changed). Returns the
        number of deals given."""
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
        self.db.execute("BEGIN TRANSACTION")
        try:
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
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return len(items)

    def export(self, target: Path, fmt: str, complete_only: bool = False) -> int:
        """Write every stored deal to ``target`` (a new file: written beside it, then renamed)
        as ``parquet``, ``csv`` or ``jsonl``; returns the number of deals written."""
        options = {"parquet": "FORMAT parquet", "csv": "FORMAT csv, HEADER true",
                   "jsonl": "FORMAT json"}[fmt]
        where = " WHERE " + " AND ".join(f"{c} IS NOT NULL" for c in COLUMNS) \
            if complete_only else ""
        query = (f"SELECT deal, {', '.join(COLUMNS)}, source, added FROM tricks{where} "
                 "ORDER BY deal")
        count = (self.db.execute(f"SELECT count(*) FROM ({query})").fetchone() or (0,))[0]
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            self.db.execute(f"COPY ({query}) TO '{_quoted(tmp)}' ({options})")
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return int(count)

    def close(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None  # type: ignore[assignment]

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")
