"""``openbid simulate``: a whole system bid over many seeded random deals; how often each
auction arises and where the system is silent."""

from __future__ import annotations

import os
import re
import sys
import tempfile

from openbid.base.errors import OpenbidError
from openbid.cli.common import add_rules_options, emit_json, rules_from
from openbid.cli.options import add_deal_context, add_limit, add_output
from openbid.cli.progress import Progress

MAX_DEALS = 10 ** 12  # with a store
MAX_WITHOUT_STORE = 10 ** 9  # without one: an interrupt keeps nothing, so a run stays shorter
MAX_PBN = 10 ** 7  # deals written to one PBN file (about 250 bytes each)


def register(sub) -> None:
    p = sub.add_parser(
        "simulate", help="bid a whole system over many random deals: how often each auction "
        "arises, where the system is silent",
        description="Deal N uniformly random deals from a seed and bid each to the end under the "
        "system, node by node over numpy arrays of hands (the census's reader of the rules; "
        "every deal's auction is the executor's, 'openbid auction'). Prints the nodes most "
        "reached (the deals reaching each, with the share and its 95%% interval, the calls made "
        "there with their shares, and whether the node is on-system), then the coverage report: "
        "the off-system nodes ranked by the deals that reach them (the system is silent there "
        "and the player passes) and the share of all calls made at them. Every share is an "
        "ESTIMATE with its 95%% interval. The deals depend on the seed and their number alone: "
        "the same on any machine, with any number of workers. Exit 0, or 2 on bad input or an "
        "interrupt.",
        epilog="Deal i lies in seeded chunk i // 65,536; a chunk's deals come from the PCG64 "
        "stream of numpy.random.SeedSequence(SEED, spawn_key=(chunk,)) (see openbid/sim/"
        "deals.py). On a real cluster: start 'dask scheduler' on one machine and 'dask worker "
        "tcp://HOST:8786 --nthreads 1' on each core of the others (with openbid installed), "
        "then give --scheduler tcp://HOST:8786. --store FILE keeps every finished chunk, so a "
        "later run with the same system, seed, dealer and vulnerability bids only the deals "
        "the store lacks.")
    p.add_argument("--deals", default="100000", metavar="N",
                   help="deals to bid (default 100,000; 1_000_000 and 1,000,000 read too)")
    p.add_argument("--seed", default="1", metavar="S", help="the seed, a whole number (default 1)")
    add_deal_context(p, cycle=True)  # cycle: deal i is board i + 1 of the 16-board cycle
    add_limit(p, "nodes, and off-system nodes ranked (--json lists every node)", 20)
    add_output(p, "one object: every node reached with its calls, and the coverage")
    p.add_argument("--pbn", metavar="FILE",
                   help="also write every deal with its auction, contract and declarer (PBN) to "
                   "FILE, a new file (an existing one only with --force)")
    p.add_argument("--force", action="store_true", help="let --pbn replace an existing file")
    p.add_argument("--store", metavar="FILE",
                   help="keep finished chunks in this DuckDB file and take those already there "
                   "(same system, seed, dealer, vulnerability)")
    p.add_argument("--workers", type=int, default=None, metavar="K",
                   help="local worker processes on a Dask cluster (default: one per core for "
                   "200,000 deals or more, or OPENBID_JOBS; this process below); 0: this process")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="bid on the Dask cluster whose scheduler is at ADDRESS "
                   "(tcp://host:8786); its workers need openbid installed")
    p.add_argument("--log", action="store_true",
                   help="a line on stderr each time a task's deals are in (besides the "
                   "progress: a bar on a terminal, else a line at the end)")
    add_rules_options(p)
    p.set_defaults(func=run)


def parse_count(text: str, store: bool) -> int:
    t = str(text).strip().replace("_", "").replace(",", "").lower()
    m = re.fullmatch(r"(\d{1,20})(?:e(\d{1,2}))?", t) if t.isascii() else None
    n = int(m.group(1)) * 10 ** int(m.group(2) or 0) if m else 0
    if n < 1:
        raise OpenbidError(f"--deals {text}: the number of deals is a whole number from 1 "
                           "(1000000, 1_000_000, 1,000,000 or 1e6)")
    if n > MAX_DEALS:
        raise OpenbidError(f"--deals {n:,}: at most {MAX_DEALS:,}")
    if n > MAX_WITHOUT_STORE and not store:
        raise OpenbidError(f"--deals {n:,}: more than {MAX_WITHOUT_STORE:,} deals needs --store "
                           "(a run that long keeps its chunks as they finish, and an interrupt "
                           "would lose them otherwise)")
    return n


def run(args) -> int:
    from openbid.sim.deals import check_seed
    from openbid.sim.engine import Settings

    n = parse_count(args.deals, bool(args.store))
    seed = check_seed(args.seed)
    if args.limit < 0:
        raise OpenbidError(f"--limit {args.limit}: at least 0")
    if args.workers is not None and args.workers < 0:
        raise OpenbidError(f"--workers must be 0 or more, not {args.workers}")
    if args.pbn and args.store:
        raise OpenbidError("--pbn writes every deal's auction, which the store does not keep: "
                           "give --pbn or --store, not both")
    if args.pbn and n > MAX_PBN:
        raise OpenbidError(f"--pbn: at most {MAX_PBN:,} deals to one file, not {n:,}")
    pbn = _PbnOut(args.pbn, args.force) if args.pbn else None  # refused before any work
    rules = rules_from(args)
    settings = Settings(rules, seed, args.dealer, args.vul)
    try:
        result = _simulate(settings, n, args, pbn)
        if pbn is not None:
            pbn.commit()
    finally:
        if pbn is not None:
            pbn.discard()
    from openbid.report.simulate import render, to_json
    from openbid.sim.tally import summarize

    summary = summarize(result.tally)
    if args.json:
        emit_json(to_json(summary, result, rules.title))
    else:
        sys.stdout.write(render(summary, result, rules.title, args.limit))
        if pbn is not None:
            print(f"{n:,} deals written to {args.pbn}")
    return 0


def _simulate(settings, n: int, args, pbn):
    from openbid.sim.engine import run as engine_run

    bar: Progress | None = Progress("bid", unit="deals")

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar(done, total)

    def log(line: str) -> None:
        print(f"openbid simulate: {line}", file=sys.stderr, flush=True)

    finals = pbn.part(settings) if pbn is not None else None
    store = None
    if args.store:
        from openbid.sim.store import SimStore

        store = SimStore(args.store)
    try:
        return engine_run(settings, n, workers=args.workers, scheduler=args.scheduler,
                          store=store, finals=finals, progress=progress,
                          log=log if args.log else None)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
            bar = None
        if store is not None:
            print(f"openbid simulate: stopped; every chunk finished so far is in {store.path}",
                  file=sys.stderr)
        raise
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.close()


class _PbnOut:
    """``--pbn FILE``: the games written to a temporary file beside FILE as the deals come (in
    their order), renamed to FILE at the end; an existing FILE is refused before any work
    unless ``force``; an interrupted or failed run leaves no file and no temporary."""

    def __init__(self, path: str, force: bool) -> None:
        self.path, self.force = path, force
        if os.path.isdir(path):
            raise OpenbidError(f"--pbn {path}: is a folder, not a file")
        if os.path.exists(path) and not force:
            raise OpenbidError(f"--pbn {path}: the file exists; give --force to replace it")
        folder = os.path.dirname(os.path.abspath(path))
        try:
            fd, self.tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.",
                                            suffix=".tmp")
        except OSError as exc:
            raise OpenbidError(f"--pbn {path}: cannot write there ({exc.strerror})") from None
        self.fh = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        self.fh.write(_head())
        self.done = False

    def part(self, settings):
        from openbid.report.simulate import pbn_game
        from openbid.sim.deals import dealer_of, deals, vul_of
        from openbid.sim.engine import first_of

        def write(part) -> None:
            first = first_of(part.units[0])
            ds = deals(settings.seed, first, part.deals)
            games = []
            for k in range(part.deals):
                i = first + k
                auction = tuple(part.auctions[int(part.finals[k])].split())
                games.append(pbn_game(i + 1, ds[k], auction, dealer_of(settings.dealer, i),
                                      vul_of(settings.vul, i)))
            try:
                self.fh.write("\n".join(games) + "\n")
            except OSError as exc:
                raise OpenbidError(f"--pbn {self.path}: cannot write ({exc.strerror})") from None

        return write

    def commit(self) -> None:
        try:
            self.fh.flush()
            os.fsync(self.fh.fileno())
            self.fh.close()
            umask = os.umask(0)
            os.umask(umask)
            mode = os.stat(self.path).st_mode & 0o777 if os.path.exists(self.path) else \
                0o666 & ~umask
            os.chmod(self.tmp, mode)  # a new file's mode, not the temporary's 0600
            if self.force:
                os.replace(self.tmp, self.path)
            else:
                os.link(self.tmp, self.path)  # fails if FILE appeared meanwhile: not replaced
                os.unlink(self.tmp)
        except FileExistsError:
            raise OpenbidError(f"--pbn {self.path}: the file appeared while the deals were "
                               "bid; give --force to replace it") from None
        except OSError as exc:
            raise OpenbidError(f"--pbn {self.path}: cannot write ({exc.strerror})") from None
        self.done = True

    def discard(self) -> None:
        if not self.fh.closed:
            self.fh.close()
        if os.path.exists(self.tmp):
            os.unlink(self.tmp)


def _head() -> str:
    from openbid.report.simulate import PBN_HEAD

    return PBN_HEAD
