"""``openbid explain AUCTION``: what each player's calls show: the proved range of HCP, of each
suit length and of the rule file's own ``define``\\s over exactly the hands consistent with that
player's calls, a hand at each end, and the exact distribution."""

from __future__ import annotations

from openbid.cli.common import add_rules_options, budget, emit_json

SEATS = ("dealer", "2nd seat", "3rd seat", "4th seat")


def register(sub) -> None:
    p = sub.add_parser(
        "explain", help="what an auction shows about each player's hand",
        description="For each player who has called in AUCTION (calls from the dealer, e.g. "
                    "'1NT P 2C P'): over exactly the hands that make every call that player "
                    "made (each the system's first-wins choice at its turn), the minimum and "
                    "maximum of HCP, of each suit length and of the rule file's own defines, "
                    "each proved (the exhaustive census and Z3 agreeing), with a hand at each "
                    "end re-run through the executor, and the exact distribution. With --vul "
                    "(from the view of the player next to call) the vulnerability is fixed; "
                    "otherwise counts range over every case the calls read (hand-contexts).")
    p.add_argument("auction", metavar="AUCTION")
    p.add_argument("--vul", choices=("none", "we", "they", "both"), default=None,
                   help="who is vulnerable, from the view of the player next to call")
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
    from openbid.checks.nodes import bidder_vul
    from openbid.checks.explain import descriptors, shows
    from openbid.checks.nodes import made_calls, system_model

    model = system_model(getattr(args, "variant", None), getattr(args, "rules", None))
    auction = model.parse(args.auction)
    if not auction:
        raise OpenbidError("the auction is empty: nobody has called, nothing is shown")
    rlimit = budget(args)
    rules = model.base_rules()
    exprs = descriptors(rules)
    n = len(auction)
    for seat in range(min(4, n)):
        calls = list(auction[seat::4])
        given = model.consistent(auction, seat)
        fixed = _seat_vul(args.vul, seat, n)
        got = shows(rules, given, exprs, fixed, rlimit)
        for s in got.shown:  # each end re-run: it makes the player's calls and has the value
            for v, pbn, ctx in ((s.lo, s.lo_hand, s.lo_context), (s.hi, s.hi_hand, s.hi_context)):
                from openbid.systems.evaluate import value
                from openbid.bridge.hand import Hand

                c = dict(ctx)
                vul = bidder_vul(bool(c.get("VUL", False)), bool(c.get("THEYVUL", False)))
                hand = Hand.parse(pbn)
                e = dict(exprs)[s.name]
                if not made_calls(model, auction, seat, hand, vul) or \
                        _plain(value(e, hand, rules, ctx)) != v:
                    raise OpenbidError(f"internal disagreement: {pbn} is not a hand at the "
                                       f"{s.name} {v} end of seat {seat + 1}'s calls")
        if args.json:
            emit_json({"seat": seat + 1, "calls": calls, "hands": got.selected,
                       "contexts": [dict(c) for c in got.contexts],
                       "descriptors": [{"name": s.name, "min": _j(s.lo), "max": _j(s.hi),
                                        "min_hand": s.lo_hand, "max_hand": s.hi_hand,
                                        "proved": s.proved,
                                        "distribution": {str(_j(k)): w for k, w in
                                                         s.distribution.items()}}
                                       for s in got.shown]})
            continue
        from openbid.readers.census.domain import TOTAL_HANDS

        total = TOTAL_HANDS * len(got.contexts)
        unit = "hands" if len(got.contexts) == 1 else "hand-contexts"
        print(f"{SEATS[seat]} ({' '.join(calls)}): {got.selected:,} {unit} "
              f"({100 * got.selected / total:.4f}%)")
        width = max(len(s.name) for s in got.shown)
        for s in got.shown:
            rng = f"{_t(s.lo)}..{_t(s.hi)}" if s.lo != s.hi else _t(s.lo)
            proof = "" if s.proved == "z3" else f" [{s.proved}]"
            print(f"  {s.name:<{width}} {rng:<9} min e.g. {s.lo_hand:<22} max e.g. "
                  f"{s.hi_hand}{proof}")
            print(f"  {'':<{width}} {_dist(s.distribution, got.selected)}")
        print()
    return 0


def _plain(v):
    from fractions import Fraction

    return int(v) if isinstance(v, Fraction) and v.denominator == 1 else v


def _j(v):
    from fractions import Fraction

    if isinstance(v, bool) or isinstance(v, int):
        return v
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else str(v)
    return v


def _t(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _dist(distribution: dict, total: int) -> str:
    """The distribution in shares; values under 0.05% each are summed into one entry (--json
    has every exact count)."""
    shown, rare, rare_w = [], [], 0
    for k, w in distribution.items():
        if 1000 * w < total / 2:  # under 0.05%
            rare.append(k)
            rare_w += w
        else:
            shown.append(f"{_t(k)}: {100 * w / total:.1f}%")
    if rare:
        what = _t(rare[0]) if len(rare) == 1 else f"{len(rare)} values"
        shown.append(f"{what} under 0.05% each ({100 * rare_w / total:.2f}% in all)")
    return ", ".join(shown)
