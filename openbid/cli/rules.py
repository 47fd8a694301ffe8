"""``openbid rules``: export a variant as an editable rule file, check a rule file, list variants."""

from __future__ import annotations

import sys

from openbid.systems.variants import VARIANTS, load_variant


def register(sub) -> None:
    p = sub.add_parser("rules", help="export, check or list rule tables",
                       description="Rule files are the rules table as readable text: export one, "
                                   "edit it, and pass it to any command with --rules FILE.")
    sp = p.add_subparsers(dest="rules_command", metavar="ACTION")
    e = sp.add_parser("export", help="print a variant as a rule file",
                      description="Print a shipped variant (openbid rules list) as a rule file "
                                  "to copy and edit; give the copy to any command with --rules "
                                  "FILE.")
    e.add_argument("--variant", default="code", metavar="V")
    e.set_defaults(func=run_export)
    c = sp.add_parser("check", help="read a rule file; find what prove would refuse; prove every "
                                    "bid point makes a real bid",
                      description="Read FILE (syntax errors name the line and column); report, "
                                  "each with its line, a call that cannot be made where its "
                                  "block applies (X or XX at the opening, a constant "
                                  "insufficient bid, XX with no double), a block that never "
                                  "applies (no legal auction matches it, or an earlier block "
                                  "takes every auction it matches) and a define after the first "
                                  "block; and prove with Z3 that every bid point makes a real "
                                  "BIDVAL. A call illegal at only some of the auctions its block "
                                  "matches is a warning. Exit 0 ok (warnings allowed), 1 a "
                                  "problem found, 2 error or UNKNOWN.")
    c.add_argument("path", metavar="FILE")
    c.add_argument("--warnings", action="store_true",
                   help="list every call illegal at some (not all) of the auctions its block "
                        "matches (by default: how many; the rules' guards may keep every hand "
                        "from them there, and prove reports any a hand reaches)")
    c.set_defaults(func=run_check)
    ls = sp.add_parser("list", help="list the named variants",
                       description="The shipped systems and variants, each with what it is "
                                   "(give one to any command with --variant V).")
    ls.set_defaults(func=run_list)
    nm = sp.add_parser("names", help="list the descriptors a rule can read (the registry)",
                       description="Every descriptor of the registry with its arguments, type, "
                                   "group and what it is; --group G for one group (prelim, "
                                   "modern, context, evaluator, ...).")
    nm.add_argument("--group", metavar="G", default=None)
    nm.set_defaults(func=run_names)
    p.set_defaults(func=lambda args: __import__("openbid.cli.main").cli.main.usage(p))


def run_export(args) -> int:
    from openbid.systems.rules.text import dumps

    rules = load_variant(args.variant)
    header = (f"OPENBID rules, variant {args.variant}: {VARIANTS[args.variant][2]}.\n"
              "Edit and load with --rules FILE; check with 'openbid rules check FILE'.\n"
              "The language: docs/RULES.md; suits are C=1 D=2 H=3 S=4, so 10 + suit is BIDVAL.")
    sys.stdout.write(dumps(rules, header))
    return 0


def run_check(args) -> int:
    from pathlib import Path

    from openbid.systems.rules.text import load
    from openbid.checks.rulecheck import invalid_bidvals, static_problems
    from openbid.checks.verdicts import Status

    from openbid.cli.progress import Progress

    rules = load(args.path)
    problems = static_problems(rules, Path(args.path).read_text(encoding="utf-8"))
    warnings = [pr for pr in problems if pr.severity == "warning"]
    for pr in problems:
        if pr.severity == "error" or args.warnings:
            print(f"{args.path}:{pr.line}: {pr.severity}: {pr.message}")
    if warnings and not args.warnings:
        print(f"{args.path}: {len(warnings)} warning(s): calls illegal at some of the auctions "
              "their block matches (their guards may keep every hand away; --warnings lists "
              "them)")
    bar = Progress(f"checking {args.path}")
    try:
        bad = invalid_bidvals(rules, progress=bar)
    finally:
        bar.close()
    for b in bad:
        if b.status is Status.SAT:
            print(f"{args.path}: bid {b.label} makes BIDVAL {b.bidval}, which is not a bid "
                  f"(Appendix 5), e.g. for {b.witness}")
        else:
            print(f"{args.path}: bid {b.label}: UNKNOWN whether its BIDVAL is always a bid")
    if bad:
        return 2 if any(b.status is Status.UNKNOWN for b in bad) else 1
    if any(pr.severity == "error" for pr in problems):
        return 1
    n_bids = sum(1 for _ in rules.bids())
    print(f"{args.path}: ok ({len(rules.sections)} sections, {n_bids} bid statements, "
          f"readings {' '.join(f'{k}={v}' for k, v in rules.readings.as_dict().items())})")
    return 0


def run_list(args) -> int:
    for name, (_, _, doc) in VARIANTS.items():
        print(f"{name:<24} {doc}")
    return 0


def run_names(args) -> int:
    """One line per registry name: ``QT(suit)  num  modern  quick tricks of the suit ...``."""
    from openbid.base.errors import OpenbidError
    from openbid.hands.registry import Family, registry

    reg = registry()
    rows = []
    for name, arity in reg.names():
        first = reg.entries[(name, arity)][0]
        entry = first if isinstance(first, Family) else reg.default(name, arity)
        group = entry.group
        if args.group and group != args.group:
            continue
        sigs = [sig for sig in reg.signatures[name] if len(sig.args) == arity]
        sig = sigs[0]
        call = f"{name}({', '.join(sig.args)})" if sig.args else name
        rows.append((call, sig.result, group, sig.doc))
    if not rows:
        raise OpenbidError(f"no descriptor in group {args.group!r}")
    width = max(len(r[0]) for r in rows)
    for call, result, group, doc in rows:
        print(f"{call:<{width}}  {result:<4}  {group:<14}  {doc}")
    return 0
