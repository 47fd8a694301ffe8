"""``openbid explain AUCTION``: what each player's calls show, two ways, each labelled.

* own calls: over exactly the hands consistent with that player's own calls, the proved range of
  HCP, of each suit length and of the rule file's own ``define``\\s, a hand at each end, and the
  exact distribution (the census; Z3 proves the bounds);
* at the table: given every player's calls (cards disjoint; one dealer and vulnerability), each
  range proved by Z3 over the four hands (a deal at each end, re-bid by the executor), the
  distribution exact where the auction constrains that player alone, otherwise an ESTIMATE from
  seeded deals with 95% intervals, and how often a random deal begins with the auction."""

from __future__ import annotations

from openbid.cli.common import add_rules_options, budget, emit_json
from openbid.cli.options import add_deal_context_upgrading, add_output
from openbid.cli.progress import Progress

SEATS = ("dealer", "2nd seat", "3rd seat", "4th seat")


def register(sub) -> None:
    p = sub.add_parser(
        "explain", help="what an auction shows about each player's hand",
        description="For each player who has called in AUCTION (calls from the dealer, e.g. "
                    "'1NT P 2C P'), two views, each labelled. OWN CALLS: over exactly the hands "
                    "that make every call that player made (each the system's first-wins choice "
                    "at its turn), the minimum and maximum of HCP, of each suit length and of "
                    "the rule file's own defines, each proved (the exhaustive census and Z3 "
                    "agreeing), with a hand at each end re-run through the executor, and the "
                    "exact distribution. AT THE TABLE: given all four players' calls (cards "
                    "disjoint, one dealer and vulnerability), each range proved by Z3 over the "
                    "four hands with a deal at each end re-bid by the executor, and the "
                    "distribution (exact where that player is the only one the auction "
                    "constrains, otherwise an ESTIMATE from seeded deals with 95%% intervals). "
                    "The auction fixes each player's seat; --dealer names the dealer's compass "
                    "direction (default N). With --vul (the deal's: none, NS, EW or both) the "
                    "vulnerability is fixed; otherwise the own-calls counts range over every "
                    "vulnerability the calls read (hand-contexts) and the table is dealt at "
                    "none vulnerable.")
    p.add_argument("auction", metavar="AUCTION")
    add_deal_context_upgrading(p, note="default: every vulnerability the calls read; the "
                                        "table dealt at none")
    p.add_argument("--view", choices=("both", "own", "table"), default="both",
                   help="own calls, at the table, or both (default)")
    p.add_argument("--deals", type=int, default=10_000, metavar="N",
                   help="deals dealt for the table's estimates (default 10000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    add_output(p, "one object per player")
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query (default: the project's)")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.checks import table as T
    from openbid.checks.explain import explain_auction
    from openbid.report import explain as R
    from openbid.systems.auction import system_of
    from openbid.systems.variants import resolve

    system = system_of(resolve(getattr(args, "variant", None), getattr(args, "rules", None)))
    dealer = args.dealer
    # the vulnerability from the view of the player next to call (how the views read it)
    if args.vul_relative is not None:  # the old spelling (deprecated): we or they
        word: str | None = args.vul_relative
    elif args.vul:
        n = len(T.checked_auction(system, args.auction))
        word = T.seat_vul(args.vul, T.seat_at(dealer, n))
    else:
        word = None
    progress = Progress("")
    try:
        got = explain_auction(system, args.auction, vul=word, view=args.view, deals=args.deals,
                              seed=args.seed, rlimit=budget(args), dealer=dealer,
                              progress=progress.stage)
    finally:
        progress.close()
    own, table, auction = list(got.own), got.table, got.auction
    if args.json:
        for seat in range(len(own)):
            emit_json(R.player_json(auction, seat, own[seat], table))
        return 0
    for line in R.text(system.title, auction, own, table, word):
        print(line)
    return 0
