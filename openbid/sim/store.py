"""The store of simulation results: one DuckDB file of finished units, so that a later run of the
same system, seed, dealer and vulnerability extends its sample instead of bidding it again.

Conventions of the double-dummy store (:mod:`openbid.dd.store`): a file of its own tables and a
format version (table ``sim_meta``), one writing process (DuckDB's lock), every batch of results
in one transaction (a task's units are kept whole or not at all, and an interrupt or a kill
keeps every unit committed), and a DuckDB file that holds anything else is not touched.

Tables:

* ``sim_runs``: one row per run key (:meth:`openbid.sim.engine.Settings.digest`: the dealing
  scheme, the rules, seed, dealer, vulnerability), with what it stands for (system, its digest,
  seed, dealer, vulnerability, chunk size);
* ``sim_units``: the units stored (chunk, first and last deal within the chunk + 1, deals),
  disjoint within a run;
* ``sim_counts``: per unit, the deals reaching each node (``auction``: the calls from the
  dealer, '' before the first);
* ``sim_nodes``: per run, what each node reached is (``kind`` 0 on-system, 1 off-system, 2 the
  auction has ended; ``block``: an on-system node's block pattern, '' at the opening).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from openbid.base.errors import OpenbidError
from openbid.dd.store import Schema, TableShape, connect
from openbid.sim.deals import CHUNK
from openbid.sim.tally import ON, Tally

if TYPE_CHECKING:
    from openbid.sim.engine import Settings, Unit

FORMAT = "openbid-sim-1"


SCHEMA = Schema(FORMAT, (
    TableShape("sim_runs", (("run", "VARCHAR"), ("system", "VARCHAR"), ("title", "VARCHAR"),
                            ("digest", "VARCHAR"), ("seed", "VARCHAR"), ("dealer", "VARCHAR"),
                            ("vul", "VARCHAR"), ("chunk", "INTEGER"), ("scheme", "VARCHAR"),
                            ("created", "TIMESTAMP", "DEFAULT current_timestamp")), ("run",)),
    TableShape("sim_units", (("run", "VARCHAR"), ("chunk", "BIGINT"), ("start", "INTEGER"),
                             ("stop", "INTEGER"), ("deals", "INTEGER"),
                             ("added", "TIMESTAMP", "DEFAULT current_timestamp")),
               ("run", "chunk", "start")),
    TableShape("sim_counts", (("run", "VARCHAR"), ("chunk", "BIGINT"), ("start", "INTEGER"),
                              ("auction", "VARCHAR"), ("reach", "BIGINT"))),
    TableShape("sim_nodes", (("run", "VARCHAR"), ("auction", "VARCHAR"), ("kind", "TINYINT"),
                             ("block", "VARCHAR")), ("run", "auction")),
), "simulation store", "make one with 'openbid simulate --store FILE'", meta="sim_meta")


class SimStore:
    """A DuckDB store opened for one command (a context manager), verified before use as the
    double-dummy store is (openbid.dd.store.connect: the file's header, then exactly these
    tables; no extension is ever installed or loaded; anything else is refused, untouched)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if not self.path.parent.is_dir():
            raise OpenbidError(f"--store {self.path}: no such folder {self.path.parent}")
        self.db = connect(self.path, SCHEMA)

    # -- runs --------------------------------------------------------------------------------
    def begin_run(self, key: str, s: "Settings") -> None:
        """Record what the run key stands for (once)."""
        from openbid.sim.deals import SCHEME

        self.db.execute("INSERT INTO sim_runs (run, system, title, digest, seed, dealer, vul, "
                        "chunk, scheme) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO "
                        "NOTHING", [key, s.rules.name, s.rules.title, s.system_digest(),
                                    str(s.seed), s.dealer, s.vul, CHUNK, SCHEME])

    def units(self, key: str) -> dict[int, list[tuple[int, int]]]:
        """Every unit stored for the run, by chunk."""
        out: dict[int, list[tuple[int, int]]] = {}
        for c, a, b in self.db.execute("SELECT chunk, start, stop FROM sim_units WHERE run = ?",
                                       [key]).fetchall():
            out.setdefault(int(c), []).append((int(a), int(b)))
        return out

    def load(self, key: str, deals: int) -> tuple[Tally, list["Unit"]]:
        """The tally of the stored units within the first ``deals`` deals, and those units."""
        taken = [(int(c), int(a), int(b)) for c, a, b in self.db.execute(
            "SELECT chunk, start, stop FROM sim_units WHERE run = ? AND chunk * ? + stop <= ? "
            "ORDER BY chunk, start", [key, CHUNK, deals]).fetchall()]
        t = Tally(sum(b - a for _, a, b in taken))
        if not taken:
            return t, []
        rows = self.db.execute(
            "SELECT c.auction, sum(c.reach), any_value(n.kind), any_value(n.block) "
            "FROM sim_counts c JOIN sim_units u USING (run, chunk, start) "
            "JOIN sim_nodes n ON n.run = c.run AND n.auction = c.auction "
            "WHERE c.run = ? AND u.chunk * ? + u.stop <= ? GROUP BY c.auction",
            [key, CHUNK, deals]).fetchall()
        for auction, reach, kind, block in rows:
            t.reach[auction] = int(reach)
            t.kind[auction] = int(kind)
            if int(kind) == ON:
                t.block[auction] = block or ""
        return t, taken

    def add(self, key: str, units: list[tuple["Unit", Tally]]) -> int:
        """Store units and their tallies in one transaction; returns the deals stored."""
        if not units:
            return 0
        auctions: list[str] = []
        chunks: list[int] = []
        starts: list[int] = []
        reach: list[int] = []
        nodes: dict[str, tuple[int, str | None]] = {}
        for (c, a, _), t in units:
            for auction, r in t.reach.items():
                auctions.append(auction)
                chunks.append(c)
                starts.append(a)
                reach.append(r)
                nodes.setdefault(auction, (t.kind[auction], t.block.get(auction)))
        counts = {"chunk": np.array(chunks, dtype=np.int64),
                  "start": np.array(starts, dtype=np.int64),
                  "auction": np.array(auctions, dtype=object),
                  "reach": np.array(reach, dtype=np.int64)}
        names = list(nodes)
        node_cols = {"auction": np.array(names, dtype=object),
                     "kind": np.array([nodes[a][0] for a in names], dtype=np.int64),
                     "block": np.array([nodes[a][1] for a in names], dtype=object)}
        self.db.execute("BEGIN TRANSACTION")
        try:
            for (c, a, b), _ in units:
                self.db.execute("INSERT INTO sim_units (run, chunk, start, stop, deals) VALUES "
                                "(?, ?, ?, ?, ?)", [key, c, a, b, b - a])
            self.db.register("sim_new_counts", counts)
            self.db.execute("INSERT INTO sim_counts SELECT ?, chunk, start, auction, reach "
                            "FROM sim_new_counts", [key])
            self.db.register("sim_new_nodes", node_cols)
            self.db.execute("INSERT INTO sim_nodes SELECT ?, auction, kind, block FROM "
                            "sim_new_nodes ON CONFLICT DO NOTHING", [key])
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        finally:
            for name in ("sim_new_counts", "sim_new_nodes"):
                try:
                    self.db.unregister(name)
                except Exception:  # noqa: BLE001 - not registered (the error came first)
                    pass
        return sum(b - a for (_, a, b), _ in units)

    def summary(self) -> list[tuple[str, str, str, str, str, int]]:
        """(system, seed, dealer, vul, run key, deals stored) of every run in the store."""
        return [(r[0], r[1], r[2], r[3], r[4], int(r[5] or 0)) for r in self.db.execute(
            "SELECT r.system, r.seed, r.dealer, r.vul, r.run, sum(u.deals) FROM sim_runs r "
            "LEFT JOIN sim_units u USING (run) GROUP BY ALL ORDER BY 1, 2").fetchall()]

    def close(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None  # type: ignore[assignment]

    def __enter__(self) -> "SimStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
