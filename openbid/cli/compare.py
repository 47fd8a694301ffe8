"""``openbid compare A B``: two systems at double dummy, in IMPs and matchpoints."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from openbid.cli.common import emit_json
from openbid.cli.dd import (add_engine_options, add_store_option, check_engine_options,
                            open_store, session)
from openbid.base.errors import OpenbidError
from openbid.cli.options import add_boards, add_input, add_limit, add_output

if TYPE_CHECKING:
    from openbid.bridge.deals import DealtBoard


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "compare", help="which of two systems scores better at double dummy (IMPs)",
        description="A and B are variant names or rule files (as 'openbid diff' takes them)."
        " Each system bids every board at a table of its own, for both sides; the final"
        " contracts are scored by Law 77 with the double-dummy tricks (endplay's DDS), from"
        " North-South's side. Per board: IMPs (WBF scale) of A's score minus B's, and A's"
        " matchpoints against B. Summary: the mean IMPs per board with a 95% Student"
        " t-interval on the per-board differences (paired: the same boards for both), the"
        " share of boards whose contracts differ, off-system calls (passed), and the boards"
        " of largest swing with both auctions. A board where both reach the same contract is"
        " 0 IMPs and is not solved; otherwise only the two contracts' declarer and strain are."
        " Results are kept in the double-dummy store: no deal is solved twice.",
        epilog="Boards are numbered from 1; board n is dealt from the seed and its number "
        "alone, so the same seed gives the same boards; dealer and vulnerability follow the "
        "standard 16-board cycle (board 1: North, none; 2: East, NS; 3: South, EW; 4: West, "
        "both; ...).")
    add_input(p, "a", "a variant name or a rule file", metavar="A")
    add_input(p, "b", "a variant name or a rule file", metavar="B")
    p.add_argument("--deals", type=int, default=None, metavar="N",
                   help="boards to play (default 100; with --boards, the file's first N)")
    p.add_argument("--seed", default="1", metavar="S", help="the boards' seed (default 1)")
    add_boards(p, ", played instead of seeded random ones")
    add_output(p, "one object per board, then one summary object")
    p.add_argument("--report", metavar="DIR",
                   help="write index.html (with pictures), report.md and report.json to DIR")
    p.add_argument("--pbn", metavar="FILE",
                   help="write the boards where the contracts differ to FILE (PBN): both rooms' "
                        "auctions with each call's rule, the double-dummy tricks and the IMPs")
    p.add_argument("--lin", metavar="FILE", help="the same boards as LIN (rules as alerts)")
    p.add_argument("--force", action="store_true",
                   help="let --report write into a directory holding other files, and --pbn "
                        "and --lin replace an existing file")
    add_limit(p, "boards of largest swing (12 in the report)", 5, old="--top")
    p.add_argument("--solve-all", action="store_true",
                   help="also solve the boards where both reach the same contract (their "
                   "tricks and scores shown; they are 0 IMPs either way)")
    add_store_option(p)
    add_engine_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from openbid.bridge.deals import seeded_boards
    from openbid.formats.read import dealt_boards
    from openbid.systems.auction import load_system
    from openbid.base.limits import bounded
    from openbid.dd.compare import MAX_BOARDS, compare

    if args.deals is not None:
        bounded("--deals", args.deals, 1, MAX_BOARDS, "each board's result is kept for the "
                "summary and the report")
    if not 0 <= args.limit <= 1000:
        raise OpenbidError(f"--limit must be 0 to 1000, not {args.limit}")
    check_engine_options(args)
    if args.report:
        from openbid.report.writer import check_report_dir

        check_report_dir(Path(args.report), args.force)
    from openbid.formats.output import check_target

    for what, path in (("--pbn", args.pbn), ("--lin", args.lin)):
        if path:
            check_target(path, args.force, what)
    system_a, system_b = load_system(args.a), load_system(args.b)
    boards: Iterable[DealtBoard]
    if args.boards:
        # a first pass counts the boards (none kept; a board that cannot be read stops here,
        # before any work), the second streams them into the comparison
        limit = args.deals if args.deals is not None else MAX_BOARDS + 1
        total = sum(1 for _ in dealt_boards(args.boards, limit))
        if total > MAX_BOARDS:
            raise OpenbidError(f"--boards {args.boards}: more than the {MAX_BOARDS:,} boards of "
                               "one comparison: give --deals N")
        boards = dealt_boards(args.boards, args.deals)  # the first N (all without --deals)
        meta = {"boards_file": args.boards}
    else:
        total = 100 if args.deals is None else args.deals
        boards = seeded_boards(total, args.seed)  # dealt a chunk at a time
        meta = {"seed": args.seed}
    with open_store(args) as store, session(store, args, "compare", total) as engine:
        result = compare(args.a, args.b, system_a, system_b, boards, store, engine,
                         solve_all=args.solve_all)
    from openbid.report import compare as fmt

    if args.json:
        for r in result.boards:
            emit_json(fmt.board_json(r))
        emit_json(fmt.summary_json(result, meta))
    else:
        print("\n".join(fmt.summary_lines(result, meta, args.limit)))
    for kind, path in (("pbn", args.pbn), ("lin", args.lin)):
        if path:
            _write_boards(path, kind, result, system_a, system_b, args)
    if args.report:
        fmt.write_report(result, Path(args.report), meta, max(args.limit, 12))
        if not args.json:
            print(f"report written to {args.report}/index.html (and report.md, report.json)")
    return 0


def _write_boards(path: str, kind: str, result, system_a, system_b, args) -> None:
    from datetime import date

    from openbid.dd.boards import parted_boards
    from openbid.formats.output import write_boards

    n = write_boards(path, parted_boards(result, system_a, system_b), kind, args.force,
                     f"--{kind}", event=f"openbid compare: {args.a} (Open) against {args.b} "
                     "(Closed)", date=date.today().strftime("%Y.%m.%d"), scoring="IMP")
    if not args.json:
        print(f"{n // 2} board(s) where the contracts differ written to {path} (both rooms)")
