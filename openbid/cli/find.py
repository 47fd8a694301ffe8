"""``openbid find EXPR``: witness hands (from Z3, re-checked by the executable), exact count."""

from __future__ import annotations

import re
import time

from openbid.cli.common import budget, add_rules_options, emit_json, rules_from
from openbid.cli.context import add_context_options, context_label, fixed_context
from openbid.cli.options import add_count, add_deprecated, add_output
from openbid.cli.progress import Progress


def register(sub) -> None:
    p = sub.add_parser(
        "find", help="find hands satisfying an expression (counterexample search)",
        description='Find hands satisfying EXPR, e.g. \'meets("10") and TOTALPTS <= 6\'. Each '
                    "hand comes from Z3 and is re-run through the executable procedure before it "
                    "is shown. Rules that read the seat or the vulnerability are searched once per "
                    "context not fixed by --seat and --vul, each reported. Exit 0 if found (in "
                    "some context), 1 if no hand satisfies EXPR, 2 on error or UNKNOWN.")
    p.add_argument("expr", metavar="EXPR")
    add_count(p, "distinct hands (each a witness re-run by the executor)", 5)
    add_deprecated(p, "--limit", "--count N", dest="count", type=int, metavar="N")
    p.add_argument("--total", action="store_true",
                   help="also the exact number of hands meeting EXPR (the census)")
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query (deterministic; default: the project's)")
    add_output(p, "one object per hand found, and for the count")
    add_rules_options(p)
    add_context_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.readers.contexts import grid

    if args.count < 0:
        from openbid.base.errors import OpenbidError

        raise OpenbidError(f"--count must be 0 or more (hands to find), not {args.count}")
    rules = rules_from(args)
    seated = _seated(args.expr)
    if seated is not None:
        return _find_deals(args, rules, seated)
    expr = rules.parse(args.expr)
    contexts = grid([rules], fixed_context(args), [expr])
    codes = []
    for k, context in enumerate(contexts):
        if context and not args.json:
            print(("\n" if k else "") + f"# {context_label(context)}")
        codes.append(_find_one(args, rules, expr, context))
    if 2 in codes:
        return 2
    return 0 if 0 in codes else 1


def _seated(text: str):
    """The expression, when its descriptors name seats (``N.HCP + S.HCP >= 25``), else None."""
    from openbid.base.errors import ExprError
    from openbid.checks import planner

    if not re.search(r"(?<![\w.])[NESW]\.[A-Za-z_]", text):
        return None
    try:
        e = planner.parse_condition(text)
    except ExprError as exc:
        raise ExprError(f"EXPR: {exc.problem}", exc.text, exc.pos) from None
    return e if planner.seats_of(e) - {""} else None


def _find_deals(args, rules, expr) -> int:
    """Deals meeting a seat-qualified condition: Z3 over the named seats' hands with disjoint
    cards, each deal re-checked; --total by the planner (exact, or an ESTIMATE)."""
    from openbid.checks import planner
    from openbid.checks.pair import deal_pbn, find_deals, seats_in
    from openbid.checks.verdicts import Status

    if args.seat is not None or args.vul is not None:
        from openbid.base.errors import OpenbidError

        raise OpenbidError("--seat and --vul do not apply to a condition over seats "
                           "(N.HCP ...): it reads no facts of the deal")
    t0 = time.monotonic()
    result = find_deals(expr, rules, max(1, args.count), budget(args))
    seconds = time.monotonic() - t0
    deals = result.deals[:args.count]
    if result.status is Status.UNKNOWN:
        if args.json:
            emit_json({"status": "unknown", "reason": result.reason})
        else:
            print(f"UNKNOWN: the solver gave up ({result.reason or 'no reason given'})")
        return 2
    for deal in deals:
        if args.json:
            emit_json({"deal": deal_pbn(deal)})
        else:
            print(deal_pbn(deal))
    if result.status is Status.UNSAT:
        if args.json:
            emit_json({"status": "unsat"})
        else:
            print("no deal satisfies this expression (proved by Z3: unsat)")
    elif not args.json:
        print(f"{len(deals)} deal(s) found by Z3 over the hands of "
              f"{', '.join(seats_in(expr))} with disjoint cards, each confirmed by the "
              f"executable; {seconds * 1000:.0f} ms")
    if args.total:
        text = args.expr
        got = planner.count(text) or planner.estimate(text)
        if got.exact and (got.count > 0) != (result.status is Status.SAT):
            from openbid.checks.search import Disagreement

            raise Disagreement(f"find says {result.status.value} but the planner counts "
                               f"{got.count} deals")
        if args.json:
            emit_json({"count": got.count, "total": got.total, "unit": got.unit,
                       "probability": got.probability, "exact": got.exact,
                       **({} if got.exact else {"label": "ESTIMATE",
                                                "ci95": [got.low, got.high]})})
        elif got.exact:
            print(f"exactly {got.count:,} of {got.total:,} deals ({got.probability:.8%}; seats "
                  f"{', '.join(seats_in(expr))} named, the others any cards left)")
        else:
            print(f"ESTIMATE: about {got.probability:.4%} of deals, 95% interval "
                  f"{got.low:.4%} .. {got.high:.4%} ({got.method})")
    return 1 if result.status is Status.UNSAT else 0


def _find_one(args, rules, expr, context: dict) -> int:
    """Witnesses (and the count) in one context of the deal (``{}``: the rules read none)."""
    from openbid.systems.procedure import program_for
    from openbid.checks.search import find
    from openbid.checks.verdicts import Status

    facts = tuple(sorted(context.items()))
    t0 = time.monotonic()
    result = find(expr, rules, max(0, args.count), budget(args), context=context)
    search_s = time.monotonic() - t0
    program = program_for(rules)
    if result.status is Status.UNKNOWN:
        msg = f"UNKNOWN: the solver gave up ({result.reason or 'no reason given'})"
        if args.json:
            emit_json({"status": "unknown", "reason": result.reason,
                       **({"context": context} if context else {})})
        else:
            print(msg)
        return 2
    for hand in result.witnesses:
        o = program.bid_hand(hand, facts)
        if args.json:
            emit_json({"hand": hand.to_pbn(), "paper": hand.to_paper(), "bid": o.bid,
                       "bidval": o.bidval, "section": o.section,
                       **({"context": context} if context else {})})
        else:
            print(f"{hand.to_paper():<40} {hand.to_pbn():<22} {o.bid} at {o.section}")
    how = "the census: a count of 0" if result.method == "census" else "Z3: unsat"
    if result.status is Status.UNSAT and not args.json:
        print(f"no hand satisfies this expression (proved by {how})")
    elif result.status is Status.UNSAT:
        emit_json({"status": "unsat", **({"context": context} if context else {})})
    elif not args.json:
        more = " (no more exist)" if result.exhausted else ""
        source = {"sample": "random hands", "z3": "Z3", "census": "the census"}
        found_by = " and ".join(source.get(m, m) for m in result.method.split("+") if m)
        print(f"{len(result.witnesses)} hand(s){more} found by {found_by}, each confirmed by the "
              f"executable; {search_s * 1000:.0f} ms")
    if args.total:
        from openbid.readers.census.census import Census
        from openbid.readers.census.domain import TOTAL_HANDS

        bar = Progress("census", unit="classes")
        try:
            groups = Census([rules], context).group([], bar, where=expr)
        finally:
            bar.close()
        n = sum(groups.weights.values())
        classes = sum(groups.classes.values())
        if (n > 0) != (result.status is Status.SAT):  # two deciders: they must agree
            from openbid.checks.search import Disagreement

            raise Disagreement(f"find says {result.status.value} but the census counts {n} hands")
        if args.json:
            emit_json({"count": n, "classes": classes, "probability": n / TOTAL_HANDS,
                       **({"context": context} if context else {})})
        else:
            print(f"exactly {n:,} of {TOTAL_HANDS:,} hands ({n / TOTAL_HANDS:.8%}), "
                  f"{classes:,} classes")
    return 1 if result.status is Status.UNSAT else 0
