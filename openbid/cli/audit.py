"""``openbid audit FILE...``: a session's boards (PBN or LIN) re-bid by a system, and where the
table departs from it."""

from __future__ import annotations

import sys

from openbid.cli.common import add_rules_options, emit_json, rules_from
from openbid.cli.options import add_input, add_limit, add_output
from openbid.cli.progress import Progress


def register(sub) -> None:
    p = sub.add_parser(
        "audit", help="where a session's auctions (PBN, LIN) depart from a system",
        description="Every board of the files (PBN or LIN, told by the name or the first bytes) "
                    "that has an auction is re-bid by the system: each call is compared with the "
                    "call the system makes with the same hand after the same auction, at the "
                    "board's vulnerability. Per board the first departure (the node, the call "
                    "made, the system's call and its rule); then departures per node and per "
                    "rule, ranked. A board agrees when its auction is complete and every call "
                    "audited is the system's. Boards that cannot be read are reported on stderr "
                    "with their file, line and board; the others are audited. Exit 0 when no "
                    "board departs, 1 when one does, 2 when a file or a board cannot be read.")
    add_input(p, "files", "files of boards, PBN or LIN", nargs="+")
    p.add_argument("--side", choices=("both", "NS", "EW"), default="both",
                   help="whose calls are audited (default both: all four players play the "
                        "system; NS or EW: the other side's calls are taken as made)")
    add_limit(p, "nodes and rules in each ranking", 10, old="--top")
    add_output(p, "one object per board, then one summary object")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.base.errors import OpenbidError, clip
    from openbid.checks.audit import audit
    from openbid.report import audit as fmt
    from openbid.systems.auction import system_of

    if not 1 <= args.limit <= 1000:
        raise OpenbidError(f"--limit must be 1 to 1000, not {args.limit}")
    system = system_of(rules_from(args))

    def problem(p) -> None:
        print(f"openbid audit: {clip(str(p), 300)}", file=sys.stderr)

    bar = Progress("audited", unit="boards")
    try:
        result = audit(args.files, system, args.side, problem, progress=bar)
    finally:
        bar.close()
    if args.json:
        for b in result.boards:
            emit_json(fmt.board_json(b))
        emit_json(fmt.summary_json(result))
    else:
        print("\n".join(fmt.summary_lines(result, args.limit)))
    return result.exit_code
