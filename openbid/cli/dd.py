"""``openbid dd fill|show|export``: the store of double-dummy results (shared by ``openbid
compare`` and Binky's data)."""

from __future__ import annotations

import argparse
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from openbid.cli.common import emit_json
from openbid.base.errors import OpenbidError
from openbid.cli.options import add_boards, add_output

if TYPE_CHECKING:
    from openbid.dd.engine import Run, Session


def chunks(items, size: int | None = None):
    from openbid.dd.engine import CHUNK, chunks as take

    return take(items, size or CHUNK)

FORMATS = ("parquet", "csv", "jsonl")


def add_store_option(p) -> None:
    p.add_argument("--store", metavar="FILE", default=None,
                   help="the double-dummy store, a DuckDB file (default: $OPENBID_DD_STORE, else "
                   "~/.local/share/openbid/dd.duckdb, or under $XDG_DATA_HOME)")


def add_engine_options(p) -> None:
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help="local solver processes, on a Dask cluster (default: one per core, "
                   "or OPENBID_JOBS; this process alone when there is about a second of work)"
                   "; 0 solves in this process without Dask; at most 4 per core")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="solve on the Dask cluster whose scheduler is at ADDRESS "
                   "(tcp://host:8786) instead of local processes; its workers need openbid "
                   "and endplay installed")
    p.add_argument("--log", action="store_true",
                   help="print a line on stderr each time results are stored (for the logs of "
                   "long runs; the progress: a bar on a terminal, else a line at the end)")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "dd", help="fill, inspect and export the double-dummy store",
        description="The double-dummy store: one DuckDB file holding, for each deal solved, the"
        " tricks each declarer takes in each strain (20 results; a deal may hold only the ones"
        " asked so far). 'openbid compare' reads and fills it; no deal is solved twice.")
    dd = p.add_subparsers(dest="dd_command", metavar="ACTION", required=True)
    f = dd.add_parser("fill", help="solve boards into the store, or import Binky's data",
                      description="Solve every board's full table (20 results) that the store "
                      "lacks: the seeded boards of 'openbid compare' (--deals N --seed S), the "
                      "boards of a PBN file (--boards), or import Binky's solved deals "
                      "(--import DIR, e.g. data/dd; nothing is solved, the shards are only "
                      "read). An interrupt keeps every result already back.")
    f.add_argument("--deals", type=int, metavar="N", help="the first N seeded boards")
    f.add_argument("--seed", default="1", metavar="S", help="the boards' seed (default 1)")
    add_boards(f)
    f.add_argument("--import", dest="import_dir", metavar="DIR",
                   help="Binky's double-dummy shards (*.jsonl.gz) to add")
    add_store_option(f)
    add_engine_options(f)
    add_output(f, "one object: what was asked, stored and solved, and the store")
    f.set_defaults(func=run_fill)
    s = dd.add_parser("show", help="what the store holds, or the results of deals",
                      description="Without DEAL: the store's size (deals, full tables, results)"
                      " and its sources. With DEALs (PBN, 'N:AKJT.QT874.JT.J2 ...'): each one's "
                      "table of tricks, by declarer and strain ('-' where not solved).")
    s.add_argument("deals", nargs="*", metavar="DEAL")
    add_output(s, "one object for the store, or one per deal")
    add_store_option(s)
    s.set_defaults(func=run_show)
    e = dd.add_parser("export", help="write the store as Parquet, CSV or JSON lines",
                      description="Every stored deal, one row each: deal (PBN from North), the "
                      "twenty results n_s ... w_nt (tricks taken by the declarer; empty where "
                      "not solved), source and time added. The format follows OUT's extension "
                      "unless --format is given. An existing OUT is replaced only with --force.")
    e.add_argument("out", metavar="OUT")
    e.add_argument("--format", choices=FORMATS, default=None)
    e.add_argument("--complete", action="store_true", help="only deals with all 20 results")
    e.add_argument("--force", action="store_true", help="replace OUT if it exists")
    add_store_option(e)
    add_output(e, "one object: deals written, the file and its format")
    e.set_defaults(func=run_export)


def open_store(args, read_only: bool = False, external: bool = False):
    from openbid.dd.store import Store

    return Store(Path(args.store) if args.store else None, read_only=read_only,
                 external=external)


def solve_into(store, requests, args, label: str, total: int = 0) -> "Run":
    """Run the engine on ``requests`` (read a chunk at a time) with a progress bar."""
    with session(store, args, label, total) as s:
        for part in chunks(requests):
            s.solve(part)
    return s.result


@contextmanager
def session(store, args, label: str, total: int = 0) -> Iterator["Session"]:
    """The engine for one command, with a progress bar; on an interrupt, say what was kept."""
    import sys

    from openbid.cli.progress import Progress
    from openbid.dd.engine import Session

    bar = Progress("solve", unit="deals")

    def log(line: str) -> None:
        print(f"openbid {label}: {line}", file=sys.stderr, flush=True)

    try:
        with Session(store, label, workers=args.workers, scheduler=args.scheduler,
                     progress=bar, log=log if args.log else None, total=total) as s:
            yield s
    except KeyboardInterrupt:
        bar.close()
        print(f"openbid {label}: stopped; every result solved so far is in {store.path}",
              file=sys.stderr)
        raise
    finally:
        bar.close()


def check_engine_options(args) -> None:
    """--workers (or OPENBID_JOBS) within its bound (docs/LIMITS.md), before any work."""
    from openbid.dd.engine import check_workers, default_workers

    if args.workers is not None:
        check_workers(args.workers)
    elif args.scheduler is None:
        default_workers()


def engine_text(r) -> str:
    if not r.solved:
        return f"{r.asked:,} deals asked, all already in the store"
    where = r.engine + (f", {r.workers} workers" if r.workers > 1 else "")
    return (f"{r.asked:,} deals asked: {r.stored:,} already in the store, {r.solved:,} solved "
            f"({r.pairs_solved:,} results) in {r.seconds:.1f} s ({where})")


def run_fill(args: argparse.Namespace) -> int:
    from openbid.base.limits import bounded
    from openbid.bridge.deals import seeded_boards
    from openbid.dd.engine import MAX_DEALS, Request
    from openbid.formats.read import dealt_boards

    given = [x for x in (args.deals is not None, args.boards, args.import_dir) if x]
    if len(given) != 1:
        raise OpenbidError("give what to fill: --deals N (with --seed), --boards FILE.pbn or "
                           "--import DIR (one of them)")
    if args.deals is not None:
        bounded("--deals", args.deals, 1, MAX_DEALS, "ten million full tables are weeks of "
                "one core")
    check_engine_options(args)
    total = args.deals or 0
    if args.boards:  # a first pass counts them (none kept; a bad board stops here, before work)
        total = sum(1 for _ in dealt_boards(args.boards, MAX_DEALS + 1))
        if total > MAX_DEALS:
            raise OpenbidError(f"--boards {args.boards}: more than {MAX_DEALS:,} boards")
    boards = (dealt_boards(args.boards) if args.boards
              else seeded_boards(args.deals, args.seed) if args.deals is not None else [])
    with open_store(args) as store:
        if args.import_dir:
            from openbid.studies.binky.ddstore import import_shards

            shards = import_shards(Path(args.import_dir), store)
            got: dict = {"imported": sum(n for _, n in shards), "shards": len(shards)}
            if not args.json:
                print(f"imported {got['imported']:,} deals from {len(shards)} shards")
        else:
            r = solve_into(store, (Request(b.deal) for b in boards), args, "dd fill", total)
            got = {"asked": r.asked, "stored": r.stored, "solved": r.solved,
                   "results": r.pairs_solved, "seconds": round(r.seconds, 1),
                   "engine": r.engine, "workers": r.workers}
            if not args.json:
                print(engine_text(r))
        summary = store.summary()
    if args.json:
        emit_json({**got, "store": str(summary.path), "deals": summary.deals,
                   "complete": summary.complete})
        return 0
    print(f"store {summary.path}: {summary.deals:,} deals, {summary.complete:,} with all 20 "
          "results")
    return 0


def run_show(args: argparse.Namespace) -> int:
    from openbid.bridge.deals import canonical
    from openbid.dd.solve import DECLARERS, STRAINS

    keys = [canonical(d, f"argument {i}") for i, d in enumerate(args.deals, 1)]
    with open_store(args, read_only=True) as store:
        if not keys:
            s = store.summary()
            if args.json:
                emit_json({"store": s.path, "deals": s.deals, "complete": s.complete,
                           "results": s.results, "sources": dict(s.sources)})
                return 0
            print(f"store {s.path}: {s.deals:,} deals, {s.complete:,} with all 20 results "
                  f"({s.results:,} results)")
            for source, n in s.sources[:20]:
                print(f"  {n:>9,}  {source}")
            if len(s.sources) > 20:
                print(f"  ... and {len(s.sources) - 20} more sources")
            return 0
        known = store.known(keys)
    missing = 0
    for key in keys:
        tricks = known.get(key)
        if args.json:
            emit_json({"deal": key, "tricks": None if tricks is None else
                       {f"{d}{s}": tricks.get((d, s)) for d in DECLARERS for s in STRAINS}})
            missing += tricks is None
            continue
        print(key)
        if tricks is None:
            print("  not in the store")
            missing += 1
            continue
        print("        " + "".join(f"{s:>4}" for s in STRAINS))
        for d in DECLARERS:
            cells = "".join(f"{tricks[(d, s)]:>4}" if (d, s) in tricks else "   -"
                            for s in STRAINS)
            print(f"  {d}     {cells}")
    return 1 if missing else 0


def run_export(args: argparse.Namespace) -> int:
    out = Path(args.out)
    fmt = args.format
    if fmt is None:
        ext = out.suffix.lower().lstrip(".")
        fmt = {"parquet": "parquet", "csv": "csv", "jsonl": "jsonl", "json": "jsonl"}.get(ext)
        if fmt is None:
            raise OpenbidError(f"{out}: say the format with --format ({', '.join(FORMATS)}); "
                               "the extension does not")
    from openbid.base.files import check_target

    with open_store(args, read_only=True, external=True) as store:
        store.check_export_target(out)  # never over the store it reads, --force or not
        check_target(out, args.force)
        n = store.export(out, fmt, complete_only=args.complete, force=args.force)
    if args.json:
        emit_json({"written": n, "out": str(out), "format": fmt})
    else:
        print(f"{n:,} deals written to {out} ({fmt})")
    return 0
