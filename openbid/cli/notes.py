"""``openbid notes``: a system's notes computed from its rules (Markdown, HTML or BML)."""

from __future__ import annotations

import sys

from openbid.cli.common import add_rules_options, budget, emit_json, rules_from
from openbid.cli.options import add_hand_context, add_output
from openbid.cli.progress import Progress

DEFAULT_DEPTH = 1


def register(sub) -> None:
    p = sub.add_parser(
        "notes", help="system notes computed from the rules (md, html, bml)",
        description="For each on-system node of the partnership's auctions (the opponents "
                    "passing) to --depth (1 the openings, 2 the responses, 3 the opener's "
                    "rebids, ...), each call the system makes there and what it shows: the "
                    "range of HCP and of each suit length, BALANCED when every hand making it "
                    "is, the rule file's own named descriptors the node reads, the bid points "
                    "that make it (label and section) and its share of the node's hands. Every "
                    "range is computed exactly over all hands consistent with the bidder's "
                    "calls (the census), never typed in; with --prove each HCP and suit-length "
                    "bound is also proved by Z3. Each call's hands at the two ends of its HCP "
                    "range are re-bid by the executor. BML is the Bridge Bidding Markup "
                    "Language read by system-notes tools.")
    p.add_argument("--format", choices=("md", "html", "bml"), default="md",
                   help="Markdown (default), HTML or BML")
    p.add_argument("--depth", type=int, default=DEFAULT_DEPTH, metavar="N",
                   help=f"calls of the partnership from the opening (default {DEFAULT_DEPTH}: "
                        "the openings; each level more takes about as long again per call)")
    add_hand_context(p, seat_default=1, note="; we: the partnership, whose auction from "
                                             "--seat fixes no compass direction")
    add_output(p, "the notes' data, every node and call with its ranges (instead of --format)")
    p.add_argument("--prove", action="store_true",
                   help="also prove each HCP and suit-length bound with Z3 (slower)")
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query with --prove (default: the project's)")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.base.errors import OpenbidError
    from openbid.checks.notes import system_notes
    from openbid.report import notes as fmt
    from openbid.systems.auction import system_of

    if not 1 <= args.depth <= 12:
        raise OpenbidError(f"--depth must be 1 to 12, not {args.depth}")
    if not 1 <= args.seat <= 4:
        raise OpenbidError(f"--seat must be 1 to 4, not {args.seat}")
    rlimit = budget(args)
    system = system_of(rules_from(args))
    progress = Progress("node")
    try:
        got = system_notes(system, args.depth, args.seat, args.vul, args.prove, rlimit,
                           progress=progress)
    finally:
        progress.close()
    if args.json:
        from dataclasses import asdict

        emit_json(asdict(got))
        return 0
    render = {"md": fmt.markdown, "html": fmt.html, "bml": fmt.bml}[args.format]
    sys.stdout.write(render(got) + ("" if args.format == "html" else "\n"))
    return 0
