"""``openbid claim --auction CALLS COND``: a partnership claim after an auction, proved over every
pair of hands consistent with both partners' calls."""

from __future__ import annotations

import time

from openbid.cli.common import add_rules_options, budget, emit_json, rules_from
from openbid.base.errors import OpenbidError
from openbid.cli.options import add_deal_context, add_output
from openbid.base.limits import CLAIM_GAP, bounded


def register(sub) -> None:
    p = sub.add_parser(
        "claim", help="a partnership claim after an auction (HELD, FAILED with hands, VACUOUS)",
        description="Claim COND (descriptors qualified by seat: 'N.SUITLENGTH(H) + "
                    "S.SUITLENGTH(H) >= 8') of every pair of hands, one per partner, with "
                    "disjoint cards, each making its own calls of AUCTION under the system (the "
                    "opponents' hands are not constrained). Z3 decides: HELD, FAILED with a "
                    "pair of hands (each re-bid along the auction, every call confirmed, and "
                    "COND re-read), VACUOUS (no pair makes these calls), UNKNOWN. Exit 0 held, "
                    "1 failed or vacuous, 2 on error or UNKNOWN.")
    p.add_argument("cond", metavar="COND", help="the claim, over the seats of one partnership")
    p.add_argument("--auction", required=True, metavar="CALLS",
                   help="the calls from the dealer, e.g. '1NT P 2C P 2H'")
    add_deal_context(p)
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query (default: the project's)")
    p.add_argument("--gap", type=int, default=0, metavar="N",
                   help="when FAILED, also an ESTIMATE of the share of consistent pairs that "
                        "fail: N pairs drawn uniformly (seeded), a 95%% interval")
    p.add_argument("--seed", type=int, default=1, help="the seed of --gap (default 1)")
    add_output(p, "one object")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.systems.auction import parse_auction, system_of
    from openbid.base.errors import ExprError
    from openbid.checks.pair import deal_pbn, parse_seated
    from openbid.checks.partnership import partnership_claim
    from openbid.checks.verdicts import Verdict

    if args.gap:
        bounded("--gap", args.gap, 100, CLAIM_GAP, "0 for none; the pairs drawn are held as "
                "deals")
    auction = parse_auction(args.auction)
    if not auction:
        raise OpenbidError("--auction: give at least one call")
    try:
        cond = parse_seated(args.cond)
    except ExprError as exc:
        raise ExprError(f"COND: {exc.problem}", exc.text, exc.pos) from None
    system = system_of(rules_from(args))
    from openbid.cli.progress import Progress

    t0 = time.monotonic()
    progress = Progress("")
    gap = None
    try:
        progress.stage("Z3 over the two hands")
        got = partnership_claim(system, args.auction, cond, dealer=args.dealer, vul=args.vul,
                                rlimit=budget(args))
        seconds = time.monotonic() - t0
        if args.gap and got.verdict is Verdict.FAILED:
            from openbid.checks.dealer import gap_estimate

            progress.stage(f"the gap's share over {args.gap:,} pairs")
            gap = gap_estimate(system, args.auction, cond, got.seats, dealer=args.dealer,
                               vul=args.vul, pairs=args.gap, seed=args.seed)
    finally:
        progress.close()
    text = " ".join(auction)
    who = " and ".join(got.seats)
    if args.json:
        emit_json({"auction": list(auction), "claim": args.cond, "dealer": args.dealer,
                   "vul": args.vul, "seats": got.seats, "verdict": got.verdict.value.upper(),
                   **({"deal": deal_pbn(got.deal, args.dealer),
                       "hands": {s: got.deal[s].to_pbn() for s in got.seats}}
                      if got.deal else {}),
                   **({"reason": got.reason} if got.reason else {}),
                   **({"gap": {"label": "ESTIMATE", "share": gap.share, "ci95": [gap.low, gap.high],
                               "failed": gap.failed, "pairs": gap.pairs, "seed": gap.seed}}
                      if gap else {})})
    else:
        head = f"after {text} (dealer {args.dealer}, vul {args.vul}; {system.title})"
        if got.verdict is Verdict.HELD:
            print(f"HELD: {head}, every pair of hands of {who} consistent with their calls has "
                  f"{args.cond} (Z3: unsat; {seconds:.1f} s)")
        elif got.verdict is Verdict.VACUOUS:
            print(f"VACUOUS: {head}, no pair of hands of {who} makes these calls "
                  f"(Z3: unsat; {seconds:.1f} s)")
        elif got.verdict is Verdict.UNKNOWN:
            print(f"UNKNOWN: {head}: the solver gave up ({got.reason or 'no reason given'})")
        else:
            assert got.deal is not None
            print(f"FAILED: {head}, these hands make the calls and not {args.cond}:")
            for s in got.seats:
                print(f"  {s}  {got.deal[s].to_pbn():<22} {got.deal[s].to_paper()}")
            print(f"  (each re-bid along the auction by the system, every call confirmed; "
                  f"{seconds:.1f} s)")
            if gap is not None:
                print(f"ESTIMATE: {gap.share:.2%} of the pairs of hands consistent with the calls "
                      f"fail it, 95% interval {gap.low:.2%} .. {gap.high:.2%} ({gap.failed} of "
                      f"{gap.pairs:,} pairs drawn uniformly, seed {gap.seed})")
    return {Verdict.HELD: 0, Verdict.FAILED: 1, Verdict.VACUOUS: 1}.get(got.verdict, 2)
