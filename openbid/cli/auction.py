"""``openbid auction``: bid a whole deal to the end under a system."""

from __future__ import annotations

import sys

from openbid.cli.common import add_rules_options, emit_json, rules_from
from openbid.base.errors import OpenbidError
from openbid.cli.options import add_deal_context, add_output
from openbid.bridge.duplicate import VULNERABILITIES as VULS



def register(sub) -> None:
    p = sub.add_parser(
        "auction", help="bid a whole deal to the end",
        description="Bid a deal (PBN: 'N:' and the four hands from that seat clockwise, e.g. "
                    "'N:AKJ2.Q4.KT9.876 ...') from the dealer until three passes follow a bid, or "
                    "four passes: each call with the rule that chose it, the contract and the "
                    "declarer. A point of the auction no block of the system matches is bid PASS "
                    "and marked off-system. Exit 0, or 2 on bad input.")
    p.add_argument("deal", metavar="DEAL", help="a PBN deal: \"N:hand hand hand hand\"")
    add_deal_context(p)
    add_output(p, "one object: auction, calls, contract, declarer, off_system")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.bridge.deals import canonical, seat_hands
    from openbid.systems.auction import system_of
    from openbid.bridge.hand import Hand

    if args.vul not in VULS:  # pragma: no cover - argparse checks
        raise OpenbidError(f"--vul must be one of {', '.join(VULS)}")
    key = canonical(args.deal, "the deal")
    hands = {seat: Hand.parse(text) for seat, text in seat_hands(key).items()}
    system = system_of(rules_from(args))
    result = system.bid_deal(hands, args.dealer, args.vul)
    start = "NESW".index(args.dealer)
    seats = ["NESW"[(start + i) % 4] for i in range(len(result.auction))]
    if args.json:
        emit_json({"deal": key, "dealer": args.dealer, "vul": args.vul,
                   "auction": list(result.auction),
                   "calls": [{"seat": seat, "call": c.call, "rule": c.label, "block": c.block,
                              "off_system": c.off_system}
                             for seat, c in zip(seats, result.choices)],
                   "contract": result.contract, "declarer": result.declarer,
                   "off_system": result.off_system})
        return 0
    out = sys.stdout
    out.write(f"{key}   dealer {args.dealer}, vul {args.vul}, {system.title}\n")
    for seat, c in zip(seats, result.choices):
        if c.off_system:
            why = "off-system"
        elif not c.label:
            why = "falls through " + ("the opening" if c.block == "" else f'"{c.block}"')
        else:
            why = c.label
        out.write(f"  {seat}  {c.call:<5} {why}\n")
    if result.declarer is None:
        out.write("passed out\n")
    else:
        out.write(f"contract {result.contract} by {result.declarer}\n")
    if result.off_system:
        out.write(f"{result.off_system} call{'s' if result.off_system != 1 else ''} off-system\n")
    return 0
