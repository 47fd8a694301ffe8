"""``openbid count``: the exact number of hands, of all 635,013,559,600, per outcome or per value
of any expression (``--by HCP``, ``--by 'floor(KNR)'``), among all hands or those of ``--where``."""

from __future__ import annotations

import time
from fractions import Fraction

from openbid.cli.common import add_rules_options, emit_json, rules_from
from openbid.cli.context import add_context_options, context_label, fixed_context
from openbid.cli.options import add_output
from openbid.cli.progress import Progress
from openbid.base.errors import OpenbidError

from openbid.readers.census.counts import OUTCOMES  # noqa: E402


def register(sub) -> None:
    p = sub.add_parser(
        "count", help="exact census of all hands by bid, section, or any expression",
        description="Enumerate all hand classes (weights summing to C(52,13) = "
                    "635,013,559,600, asserted) and print the exact count of every group. BY is "
                    "one of bid, section, bidval, bid-section, or an expression: a number "
                    "(HCP, BUMWRAP, 'floor(KNR)', 'SUITLENGTH(S)'), the pattern (SHAPE) or a condition "
                    "('SHAPE = \"4333\"'); repeat --by for a cross-table. --where keeps only the "
                    "hands of a condition (it must select some). Rules that read the seat or the "
                    "vulnerability are counted once per context (each of all hands), unless "
                    "--seat and --vul fix it.")
    p.add_argument("expr", nargs="?", metavar="COND",
                   help="count the hands (or, with seats named as in N.HCP, the deals) meeting "
                        "COND, without rules: exact by generating functions where COND compares "
                        "suit lengths and additive counts (HCP, per-suit tables); otherwise by "
                        "the census (one hand) or an ESTIMATE from seeded samples with a 95%% "
                        "interval (deals)")
    p.add_argument("--samples", type=int, default=20_000, metavar="N",
                   help="samples of an ESTIMATE (default 20,000)")
    p.add_argument("--seed", type=int, default=1, help="seed of an ESTIMATE (default 1)")
    p.add_argument("--by", action="append", metavar="BY",
                   help="what to group by (default section; repeatable)")
    p.add_argument("--where", metavar="COND", help="count only the hands meeting COND")
    add_output(p, "one object per group")
    add_rules_options(p)
    add_context_options(p)
    p.set_defaults(func=run)


from openbid.readers.census.counts import (  # noqa: E402,F401 (the names read here and by
    # other commands: the grouping is the census's, shared with the Python API)
    census, columns_of, grouped, parse_option as _parse, rules_type,
)


def decimal(v) -> str:
    """An exact value as text: an integer, a terminating decimal, or a fraction p/q."""
    from openbid.report.columns import decimal_text

    if isinstance(v, bool):
        return "true" if v else "false"
    if not isinstance(v, Fraction):
        return str(v)
    return decimal_text(v)


def _plain(args) -> str | None:
    """The condition of a count without rules (``count COND``, or ``count --where COND`` with no
    --by and no rules named), else None."""
    if args.expr is not None:
        if args.by or args.where or args.variant or args.rules:
            raise OpenbidError("count COND counts without rules: give COND alone (no --by, "
                               "--where, --variant or --rules)")
        return args.expr
    if args.where and not args.by and not args.variant and not args.rules:
        return args.where
    return None


def run(args) -> int:
    from openbid.readers.contexts import grid

    if args.samples < 100:
        raise OpenbidError(f"--samples {args.samples}: at least 100")
    text = _plain(args)
    if text is not None:
        return _run_plain(args, text)
    rules = rules_from(args)
    by = args.by or ["section"]
    exprs = [c.expr for c, _, _ in columns_of(rules, by) if c.expr is not None]
    if args.where:  # every expression checked before the work
        exprs.append(_parse(rules, args.where, "bool", "--where"))
    contexts = grid([rules], fixed_context(args), exprs)
    status = 0
    for k, context in enumerate(contexts):
        if context and not args.json:
            print(("\n" if k else "") + f"# {context_label(context)}")
        status = max(status, _run_one(args, rules, by, context))
    return status


def _run_one(args, rules, by: list[str], context: dict) -> int:
    """The count in one context of the deal (``{}``: the rules read none)."""
    bar = Progress("census" + (f" ({context_label(context)})" if context else ""), unit="classes")
    t0 = time.monotonic()
    if len(by) == 1 and by[0] in OUTCOMES and not args.where:
        try:
            rows, total = census(rules, by[0], bar, context)
        finally:
            bar.close()
        return _outcomes(args, rules, rows, total, time.monotonic() - t0, context)
    try:
        rows, counted, headers = grouped(rules, by, args.where, bar, context)
    finally:
        bar.close()
    seconds = time.monotonic() - t0
    from openbid.readers.census.domain import TOTAL_HANDS

    if args.json:
        for key, count, classes, hand in rows:
            emit_json({"by": dict(zip(headers, (_json(v) for v in key))), "count": count,
                       "probability": float(Fraction(count, counted)), "classes": classes,
                       "example": hand, "variant": rules.name,
                       **({"context": context} if context else {}),
                       **({"where": args.where} if args.where else {}),
                       **({"rules": rules.source} if rules.source else {})})
        return 0
    width = [max(len(h), *(len(decimal(k[i])) for k, *_ in rows)) for i, h in enumerate(headers)]
    head = "  ".join(h.ljust(w) for h, w in zip(headers, width))
    print(f"{head}  {'hands':>16} {'share':>11} {'classes':>10}  example")
    for key, count, classes, hand in rows:
        cells = "  ".join(decimal(v).rjust(w) if not isinstance(v, str) else v.ljust(w)
                          for v, w in zip(key, width))
        print(f"{cells}  {count:>16,} {count / counted:>11.6%} {classes:>10,}  {hand}")
    where = f" where {args.where}: {counted / TOTAL_HANDS:.6%} of all hands" if args.where else ""
    print(f"total {counted:,} hands{where} ({rules.title if rules.source else rules.name}; "
          f"{seconds:.1f} s)")
    nums = [i for i, (_, kind) in enumerate(zip(by, [rules_type(rules, b) if b not in OUTCOMES
                                                     else "o" for b in by])) if kind == "num"]
    for i in nums:
        mean = sum((Fraction(k[i]) * c for k, c, _, _ in rows), Fraction(0)) / counted
        print(f"mean of {headers[i]}: {float(mean):.6f} (exactly {decimal(mean)})")
    return 0


def _json(v):
    if isinstance(v, Fraction):
        return decimal(v) if v.denominator != 1 else int(v)
    return v


def _outcomes(args, rules, rows, total, seconds, context: dict | None = None) -> int:
    if args.json:
        for outcome, count, classes, hand in rows:
            emit_json({"outcome": outcome, "count": count,
                       "probability": float(Fraction(count, total)), "classes": classes,
                       "example": hand.to_pbn(), "variant": rules.name,
                       **({"context": context} if context else {}),
                       **({"rules": rules.source} if rules.source else {})})
        return 0
    print(f"{args.by[0] if args.by else 'section':<12} {'hands':>16} {'probability':>12} "
          f"{'classes':>10}  example")
    for outcome, count, classes, hand in rows:
        print(f"{str(outcome):<12} {count:>16,} {count / total:>12.6%} {classes:>10,}  {hand.to_pbn()}")
    print(f"{'total':<12} {total:>16,} {'100%':>12} {sum(r[2] for r in rows):>10,}"
          f"  ({rules.title if rules.source else rules.name}; {seconds:.1f} s)")
    return 0


def _run_plain(args, text: str) -> int:
    """A count without rules: the planner's exact method, else the census (one hand) or an
    ESTIMATE (deals)."""
    from openbid.base.errors import ExprError
    from openbid.checks import planner

    if args.samples < 100:
        raise OpenbidError(f"--samples {args.samples}: at least 100")
    try:
        planner.parse_condition(text)
    except ExprError as exc:
        raise ExprError(f"COND: {exc.problem}", exc.text, exc.pos) from None
    seats = planner.seats_of(planner.parse_condition(text)) - {""}
    if seats and (args.seat is not None or args.vul is not None):
        raise OpenbidError("--seat and --vul do not apply to a condition over seats (N.HCP ...): "
                           "it reads no facts of the deal")
    progress = Progress("")
    try:
        progress.stage("generating functions")
        got = planner.count(text)
        if got is None and seats:
            progress.stage(f"sampling {args.samples:,} deals")
            got = planner.estimate(text, samples=args.samples, seed=args.seed)
    finally:
        progress.close()
    if got is None:
        got = _by_census(args, text)
    if got.exact and got.count == 0:
        raise OpenbidError(f"{text!r} selects no {got.unit[:-1]}: nothing to count")
    if args.json:
        emit_json({"where": text, "count": got.count, "total": got.total, "unit": got.unit,
                   "probability": got.probability, "exact": got.exact, "method": got.method,
                   **({"seats": got.seats} if got.seats else {}),
                   **({} if got.exact else {"label": "ESTIMATE", "ci95": [got.low, got.high],
                                            "samples": got.samples})})
        return 0
    over = ("deals (52!/(13!^4); seats " + ", ".join(got.seats) + " named, the others "
            "any cards left)") if got.unit == "deals" else "hands (C(52,13))"
    if got.exact:
        print(f"{got.count:,} of {got.total:,} {over} meet {text}")
        print(f"probability {got.probability:.9%} (exact: {got.method}; {got.seconds:.1f} s)")
    else:
        print(f"ESTIMATE: about {got.count:,} of {got.total:,} {over} meet {text}")
        print(f"ESTIMATE: probability {got.probability:.4%}, 95% interval "
              f"{got.low:.4%} .. {got.high:.4%} ({got.method}; {got.seconds:.1f} s)")
    return 0


def _by_census(args, text: str):
    """One hand, a condition the generating functions do not count: the census, grouped by the
    condition (exact)."""
    from openbid.checks import planner

    rules = rules_from(args)
    t0 = time.monotonic()
    bar = Progress("census", unit="classes")
    try:
        rows, counted, _ = grouped(rules, [text], None, bar, fixed_context(args))
    finally:
        bar.close()
    n = sum(c for k, c, _, _ in rows if k[0] is True)
    return planner.Count(n, counted, "hands", "", "census", True, time.monotonic() - t0)
