"""``openbid diff A B``: prove two rule tables equivalent, or count exactly what changes."""

from __future__ import annotations

import time

from openbid.cli.common import budget, emit_json
from openbid.cli.context import add_context_options, context_label, fixed_context
from openbid.cli.options import add_input, add_output
from openbid.cli.progress import Progress


def register(sub) -> None:
    p = sub.add_parser(
        "diff", help="compare two variants or rule files on every hand",
        description="A and B are variant names or rule files. What is compared (--by): the "
                    "call and the bid point that makes it (bid-section: 1S@12a -> 1S@12b is a "
                    "change), or the call alone (bid: for two systems; a hand that makes the "
                    "same call at another bid point is counted apart, not as a change). Either "
                    "Z3 proves no hand changes, or the exact number of hands that change, per "
                    "(from, to) pair, with example hands re-checked by both. Rules that read "
                    "the seat or the vulnerability are compared once per context not fixed by "
                    "--seat and --vul. Exit 0: no hand changes what is compared; 1: some hand "
                    "does; 2: error or UNKNOWN.")
    add_input(p, "a", "a variant name or a rule file", metavar="A")
    add_input(p, "b", "a variant name or a rule file", metavar="B")
    add_output(p, "one object per transition, then a summary")
    p.add_argument("--no-count", action="store_true",
                   help="decide only (Z3), skip the exact census of what changes")
    p.add_argument("--examples", type=int, default=3, help="example hands per transition")
    p.add_argument("--by", choices=("auto", "bid", "bid-section"), default="auto",
                   help="what is compared, and what a transition names: bid-section (1S@12a), "
                        "bid (1S), or auto: bid-section when A and B have the same sections "
                        "(variants of one system), else bid (two systems)")
    p.add_argument("--where", metavar="COND",
                   help="compare only the hands meeting COND (read with A's definitions; it "
                        "must select some hand)")
    add_context_options(p)
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query (deterministic; default: the project's)")
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.systems.variants import resolve_spec

    if args.examples < 0:
        from openbid.base.errors import OpenbidError

        raise OpenbidError(f"--examples must be 0 or more, not {args.examples}")
    from openbid.readers.contexts import grid

    rlimit = budget(args)
    a, b = resolve_spec(args.a), resolve_spec(args.b)
    from openbid.checks.nodes import has_blocks

    if has_blocks(a) or has_blocks(b):
        return _systems(args, a, b, rlimit)
    by = args.by
    if by == "auto":
        same = [(s.number, s.name) for s in a.sections] == [(s.number, s.name) for s in b.sections]
        by = "bid-section" if same else "bid"
    given = None
    if args.where:
        from openbid.cli.count import _parse

        given = _parse(a, args.where, "bool", "--where")
    codes = []
    for k, context in enumerate(grid([a, b], fixed_context(args),
                                     [given] if given is not None else ())):
        if context and not args.json:
            print(("\n" if k else "") + f"# {context_label(context)}")
        codes.append(_diff_one(args, a, b, rlimit, by, context, given))
    if 2 in codes:
        return 2
    return 1 if 1 in codes else 0


def _diff_one(args, a, b, rlimit: int, by: str, context: dict, given=None) -> int:
    """The comparison in one context of the deal (``{}``: neither reads one)."""
    from openbid.checks.diff import diff

    t0 = time.monotonic()
    bar = Progress("diff" + (f" ({context_label(context)})" if context else ""))
    try:
        d = diff(a, b, count=not args.no_count, examples=args.examples,
                 rlimit=rlimit, progress=bar, context=context, by=by, given=given)
    finally:
        bar.close()
    secs = time.monotonic() - t0
    if args.json:
        emit_json({"a": args.a, "b": args.b, "equivalent": d.equivalent, "method": d.method,
                   "witness": d.witness, "changed": d.changed, "bidval_only": d.bidval_only,
                   "reason": d.reason or None, "by": by, "section_only": d.section_only,
                   "same_call_other_point": d.section_only, "differ": _differ(d, by),
                   **({"where": args.where} if args.where else {}),
                   **({"context": context} if context else {}),
                   "transitions": [{"from": t.source, "to": t.target, "count": t.count,
                                    "classes": t.classes, "examples": t.examples}
                                   for t in d.transitions]})
    else:
        if d.equivalent is True:
            how = "proved by Z3 (unsat)" if d.method == "z3" else "by exhaustive census"
            same = "make the same call" if by == "bid" else "bid identically"
            every = f"every hand meeting {args.where}" if args.where else "every hand"
            print(f"{args.a} and {args.b} {same} on {every}: {how} ({secs:.1f} s)")
            if d.section_only:
                print(f"  ({d.section_only:,} hands make it at another bid point)")
            if d.bidval_only:
                print(f"  (same bid and section, but a different BIDVAL, on {d.bidval_only:,} hands)")
        elif d.equivalent is False and not _differ(d, by):
            print(f"{args.a} and {args.b} make the same call on every hand (by exhaustive "
                  f"census, {secs:.1f} s)")
            print(f"  {d.section_only:,} hands make it at another bid point, e.g. {d.witness}")
        elif d.equivalent is False:
            print(f"{args.a} and {args.b} differ ({secs:.1f} s); e.g. {d.witness}")
            if d.changed is not None:
                what = "bid" if by == "bid" else "bid or section"
                print(f"  {d.changed:,} hands change {what}:")
                for t in d.transitions:
                    print(f"  {t.source:>10} -> {t.target:<10} {t.count:>14,} hands   "
                          f"e.g. {', '.join(t.examples)}")
                if d.section_only and by == "bid":
                    print(f"  plus {d.section_only:,} hands with the same bid at another bid point")
                elif d.section_only:
                    print(f"  ({d.section_only:,} of them make the same call at another bid point)")
                if d.bidval_only:
                    print(f"  plus {d.bidval_only:,} hands with the same bid but another BIDVAL"
                          + (" (a conventional 1C or 2D against a natural one)"
                             if by == "bid" else ""))
        else:
            print(f"UNKNOWN: the solver gave up ({d.reason})")
    if d.equivalent is None:
        return 2
    return 1 if _differ(d, by) else 0


def _differ(d, by: str) -> bool | None:
    """Whether some hand changes what the comparison is about: bid and section (``bid-section``)
    or the call alone (``bid``: the same call at another bid point does not count). ``None``
    when undecided."""
    if d.equivalent is None:
        return None
    if d.equivalent or by != "bid" or d.changed is None:
        return not d.equivalent
    return d.changed > 0


def _systems(args, a, b, rlimit: int) -> int:
    """Two auction systems (either with auction blocks) compared at every node of either's
    tree by the exact tree census of each: the calls' shares of the bidder's consistent hands
    under A and under B, node by node (where the tables differ and the shares do not, hand by
    hand)."""
    from openbid.cli.context import fixed_context
    from openbid.base.errors import OpenbidError
    from openbid.checks.system_diff import compare_trees

    if args.where or args.by != "auto" or args.no_count:
        raise OpenbidError("--where, --by and --no-count compare openings; two auction systems "
                           "are compared at every node, by the call (give none of them)")
    fixed = fixed_context(args)
    if "SEAT" in fixed:
        raise OpenbidError("--seat: the auction fixes every node's seat; give --vul alone (from "
                           "the dealer's side)")
    if fixed:
        raise OpenbidError("--vul: two auction systems are compared over every vulnerability "
                           "of the deal, each equally likely (the tree census); give no --vul")
    t0 = time.monotonic()
    d = compare_trees(a, b, names=(args.a, args.b))
    secs = time.monotonic() - t0
    if args.json:
        emit_json({"a": args.a, "b": args.b, "equivalent": d.equivalent,
                   "nodes_compared": d.compared, "compared_hand_by_hand": d.joint,
                   "nodes": [_node_json(n) for n in d.nodes], "seconds": round(secs, 1)})
    elif d.equivalent:
        print(f"{args.a} and {args.b} make the same call with every hand at every node of their "
              f"auction trees ({d.compared} nodes; exhaustive tree census, {secs:.1f} s)")
    else:
        print(f"{args.a} and {args.b} differ at {len(d.nodes)} of {d.compared} nodes (exhaustive "
              f"tree census, {secs:.1f} s); shares of the hands consistent with the bidder's "
              "own calls, under each:")
        shown = d.nodes if args.examples > 3 else d.nodes[:40]
        for n in shown:
            for line in _node_text(n, args.a, args.b):
                print(line)
        if len(shown) < len(d.nodes):
            print(f"  ... and {len(d.nodes) - len(shown)} more nodes (--json lists every one)")
    return 0 if d.equivalent else 1


def _side(s) -> str:
    if not s.reached:
        return "not reached"
    return "off-system: passes" if not s.on else f"{s.selected:,} hand-contexts"


def _node_text(n, name_a: str, name_b: str) -> list[str]:
    what = "its table differs" if n.table_differs else "the same table; the bidder's " \
        "earlier calls mean other hands"
    if n.a.reached != n.b.reached:
        what = f"only {name_a if n.a.reached else name_b} reaches it"
    out = [f"  {n.name}: {what} ({name_a}: {_side(n.a)}; {name_b}: {_side(n.b)})"]
    for c in n.calls:
        sa, sb = n.a.share(c), n.b.share(c)
        if sa != sb:
            eg = [f"{s.examples[c][0]} ({name})" for s, name in ((n.a, name_a), (n.b, name_b))
                  if c in s.examples]
            out.append(f"    {c:>5} {100 * float(sa):8.3f}% -> {100 * float(sb):8.3f}%"
                       + (f"   e.g. {eg[0]}" if eg else ""))
    for (f, t), c in sorted(n.transitions.items(), key=lambda x: -x[1]):
        out.append(f"    {f:>5} -> {t:<5} {c:>16,} hands   e.g. {n.examples[(f, t)]}")
    return out


def _node_json(n) -> dict:
    def side(s) -> dict:
        return {"reached": s.reached, "on_system": s.on, "selected": s.selected,
                "calls": {c: {"hands": h, "share": str(s.share(c)),
                              "example": s.examples.get(c, (None, None))[0]}
                          for c, h in sorted(s.calls.items())}}

    return {"auction": list(n.auction), "table_differs": n.table_differs,
            "a": side(n.a), "b": side(n.b),
            "transitions": [{"from": f, "to": t, "count": c, "examples": [n.examples[(f, t)]]}
                            for (f, t), c in sorted(n.transitions.items(),
                                                    key=lambda x: -x[1])]}
