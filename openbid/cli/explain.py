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
                    "The auction fixes each player's seat. With --vul (from the view of the "
                    "player next to call) the vulnerability is fixed; otherwise the own-calls "
                    "counts range over every vulnerability the calls read (hand-contexts) and "
                    "the table is dealt at none vulnerable.")
    p.add_argument("auction", metavar="AUCTION")
    p.add_argument("--vul", choices=("none", "we", "they", "both"), default=None,
                   help="who is vulnerable, from the view of the player next to call")
    p.add_argument("--view", choices=("both", "own", "table"), default="both",
                   help="own calls, at the table, or both (default)")
    p.add_argument("--deals", type=int, default=10_000, metavar="N",
                   help="deals dealt for the table's estimates (default 10000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    p.add_argument("--json", action="store_true", help="one JSON object per player")
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query (default: the project's)")
    add_rules_options(p)
    p.set_defaults(func=run)


def _seat_vul(vul: str | None, seat: int, n: int) -> dict:
    """The facts VUL, THEYVUL of player ``seat`` when ``vul`` is said by the player next to
    call (turn ``n``); {} when not given."""
    if vul is None:
        return {}
    from openbid.cli.context import VULS

    we, they = VULS[vul]
    if (seat - n) % 2:
        we, they = they, we
    return {"VUL": we, "THEYVUL": they}


def run(args) -> int:
    from openbid.base.errors import OpenbidError
    from openbid.checks import table as T
    from openbid.checks.explain import at_the_table, descriptors, prefer_table_hands
    from openbid.report import explain as R
    from openbid.systems.auction import system_of
    from openbid.systems.variants import resolve

    system = system_of(resolve(getattr(args, "variant", None), getattr(args, "rules", None)))
    auction = T.checked_auction(system, args.auction)
    if not auction:
        raise OpenbidError("the auction is empty: nobody has called, nothing is shown")
    if args.deals < 1:
        raise OpenbidError(f"--deals {args.deals}: at least 1")
    rlimit = budget(args)
    rules = system.rules
    exprs = descriptors(rules)
    n = len(auction)
    players = min(4, n)
    histories = [T.history(system, auction, seat) for seat in range(players)]
    # the own-calls views, also when only the table is shown: they bound its ranges
    own = _own_views(system, auction, histories, exprs, args.vul, rlimit)
    table = None
    if args.view != "own":
        dealer = "N"
        word = args.vul or "none"
        vul = T.deal_vul(T.seat_at(dealer, n), word)
        table = at_the_table(system, auction, exprs, dealer=dealer, vul=vul, deals=args.deals,
                             seed=args.seed, rlimit=rlimit, own=own)
        prefer_table_hands(own, table)
    if args.view == "table":
        own = [None] * players
    else:
        _recheck_own(system, auction, own, exprs)
    if args.json:
        for seat in range(players):
            emit_json(R.player_json(auction, seat, own[seat], table))
        return 0
    for line in R.text(system.title, auction, own, table, args.vul):
        print(line)
    return 0


def _own_views(system, auction, histories, exprs, vul, rlimit):
    """Each player's own-calls view (exact; players share the census's passes)."""
    from openbid.base.errors import OpenbidError
    from openbid.checks import table as T
    from openbid.checks.explain import shows_many
    from openbid.expr.ast import FALSE

    n = len(auction)
    for seat, given in enumerate(histories):
        if given == FALSE:
            raise T.not_reached(system, auction, seat)
    fixeds = [{"SEAT": seat + 1, **_seat_vul(vul, seat, n)} for seat in range(len(histories))]
    try:
        return shows_many(system.rules, histories, exprs, fixeds, rlimit)
    except OpenbidError as e:
        if str(e).startswith("no hand meets"):
            for seat, given in enumerate(histories):
                ctx = {"VUL": False, "THEYVUL": False, **fixeds[seat]}
                if T.count_one(system.rules, given, ctx) == 0:
                    raise T.not_reached(system, auction, seat) from None
        raise


def _recheck_own(system, auction, own, exprs) -> None:
    """Every end hand of the own-calls views re-run through the executor: it makes the
    player's calls and has the value."""
    from openbid.base.errors import OpenbidError
    from openbid.checks.nodes import bidder_vul
    from openbid.systems.evaluate import value
    from openbid.bridge.hand import Hand

    rules = system.rules
    n = len(auction)
    for seat, got in enumerate(own):
        for s in got.shown:  # each end re-run: it makes the player's calls and has the value
            e = dict(exprs)[s.name]
            for v, pbn, ctx in ((s.lo, s.lo_hand, s.lo_context), (s.hi, s.hi_hand, s.hi_context)):
                c = dict(ctx)
                word = bidder_vul(bool(c.get("VUL", False)), bool(c.get("THEYVUL", False)))
                hand = Hand.parse(pbn)
                made = all(system.call(auction[:t], hand, word).call == auction[t]
                           for t in range(seat, n, 4))
                # the facts the value does not read given any value (the executor runs the
                # whole procedure, which may read them)
                full = tuple(sorted({"SEAT": seat + 1, "VUL": False, "THEYVUL": False,
                                     **c}.items()))
                if not made or _plain(value(e, hand, rules, full)) != v:
                    raise OpenbidError(f"internal disagreement: {pbn} is not a hand at the "
                                       f"{s.name} {v} end of seat {seat + 1}'s calls")


def _plain(v):
    from fractions import Fraction

    return int(v) if isinstance(v, Fraction) and v.denominator == 1 else v
