"""``openbid deal --auction CALLS``: deals whose auction under a system begins that way, drawn
uniformly among all such deals, as PBN."""

from __future__ import annotations

import os
import sys
from datetime import date
from typing import Any

from openbid.cli.common import add_rules_options, emit_json, rules_from
from openbid.base import limits
from openbid.base.errors import OpenbidError
from openbid.base.limits import bounded
from openbid.cli.options import add_count, add_deal_context, add_output
from openbid.cli.progress import Progress


def register(sub) -> None:
    p = sub.add_parser(
        "deal", help="deals whose auction begins a given way (uniform, seeded, PBN)",
        description="Print COUNT deals (PBN) whose auction under the system begins with CALLS, "
                    "drawn uniformly among all such deals from SEED: the seat whose calls are "
                    "rarest (counted exactly by the census) gets a hand drawn uniformly among the "
                    "hands that make them, the other 39 cards are dealt uniformly and kept when "
                    "every other seat makes its calls. Each deal is bid to the end by the system. "
                    "The auction's probability is exact when only one seat is constrained, else "
                    "an ESTIMATE with a 95% interval. --pbn FILE writes the deals to a new file "
                    "(PBN export format: every mandatory tag, each call's rule as a note), "
                    "--lin FILE as LIN (each call's rule as an alert); a file is written whole "
                    "or not at all, an existing one replaced only with --force. Exit 0, or 2 on "
                    "error.")
    p.add_argument("--auction", required=True, metavar="CALLS",
                   help="the calls from the dealer, e.g. '1NT P 2C P 2H'")
    add_count(p, "deals", 1)
    p.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    p.add_argument("--samples", type=int, default=2000, metavar="N",
                   help="at least N deals of the other cards for the ESTIMATE of the auction's "
                        "probability (default 2,000)")
    add_deal_context(p)
    p.add_argument("--pbn", metavar="FILE", help="write the deals to FILE (PBN) instead")
    p.add_argument("--lin", metavar="FILE", help="write the deals to FILE (LIN) instead")
    p.add_argument("--force", action="store_true",
                   help="let --pbn and --lin replace an existing file")
    add_output(p, "one object per deal, then a summary")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.systems.auction import parse_auction, system_of
    from openbid.checks.dealer import draw
    from openbid.formats.output import bid_board, check_target
    from openbid.formats.pbn import game_text

    bounded("--count", args.count, 1, limits.DEAL_COUNT, "each deal is held until printed")
    bounded("--samples", args.samples, 100, limits.DEAL_SAMPLES, "the dealer gives up there")
    auction = parse_auction(args.auction)
    if args.pbn and args.lin and os.path.abspath(args.pbn) == os.path.abspath(args.lin):
        raise OpenbidError(f"--pbn and --lin name the same file {args.pbn}")
    for what, path in (("--pbn", args.pbn), ("--lin", args.lin)):
        if path:
            check_target(path, args.force, what)
    system = system_of(rules_from(args))
    bar = Progress("tried", unit="deals")
    try:
        got = draw(system, args.auction, dealer=args.dealer, vul=args.vul, count=args.count,
                   seed=args.seed, samples=args.samples, progress=bar)
    finally:
        bar.close()
    text = " ".join(auction)
    boards = [bid_board(i, deal, args.dealer, args.vul, bid, system)
              for i, (deal, bid) in enumerate(got.deals, 1)]
    fields: dict[str, Any] = {"event": f"openbid deal: {system.name}, auctions beginning {text}",
              "date": date.today().strftime("%Y.%m.%d"), "players": (system.name,) * 4}
    written = [_write(path, boards, fmt, args.force, fields)
               for fmt, path in (("pbn", args.pbn), ("lin", args.lin)) if path]
    low, high = got.interval()
    if args.json:
        from openbid.checks.pair import deal_pbn

        for deal, bid in got.deals:
            emit_json({"deal": deal_pbn(deal, args.dealer), "dealer": args.dealer,
                       "vul": args.vul, "auction": list(bid.auction),
                       "contract": bid.contract, "declarer": bid.declarer})
        emit_json({"auction": list(auction), "probability": got.probability,
                   "exact": got.exact, **({} if got.exact else {"label": "ESTIMATE",
                                                                 "ci95": [low, high]}),
                   "anchor": got.anchor, "anchor_hands": got.anchor_count,
                   "tried": got.tried, "kept": got.kept, "seed": args.seed})
        return 0
    if not written:
        sys.stdout.write("\n".join(game_text(b, **fields).replace("\r\n", "\n")
                                   for b in boards))
    for line in written:
        print(line)
    print(f"% anchor {got.anchor}: {got.anchor_count:,} of 635,013,559,600 hands make its "
          f"calls (exact: the census); {got.kept} of {got.tried:,} deals of the other cards kept")
    if got.exact:
        print(f"% P(the auction begins {text}) = {got.probability:.6%} (exact)")
    else:
        print(f"% ESTIMATE: P(the auction begins {text}) = {got.probability:.4%}, 95% interval "
              f"{low:.4%} .. {high:.4%} (exact anchor share times the kept share)")
    return 0


def _write(path: str, boards, fmt: str, force: bool, fields: dict) -> str:
    from openbid.formats.output import write_boards

    n = write_boards(path, boards, fmt, force, f"--{fmt}", **fields)
    return f"{n} deal(s) written to {path}"
