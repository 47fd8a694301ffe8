"""``openbid rules``: export a variant as an editable rule file, check a rule file, list variants."""

from __future__ import annotations

import sys

from openbid.cli.common import emit_json
from openbid.cli.options import VOCABULARY, tag, add_input, add_output
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
    tag(e.add_argument("--variant", default="code", metavar="V",
                        help=f"{VOCABULARY['variant'].help_start} {', '.join(VARIANTS)} "
                             "(default code)"), "variant")
    add_output(e, "one object: the variant and the rule file's text")
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
    add_input(c, "path", "the rule file")
    c.add_argument("--warnings", action="store_true",
                   help="list every call illegal at some (not all) of the auctions its block "
                        "matches (by default: how many; the rules' guards may keep every hand "
                        "from them there, and prove reports any a hand reaches)")
    add_output(c, "one object: the problems (line, severity, message), the bid points whose "
                  "BIDVAL is not a bid, and the verdict")
    c.set_defaults(func=run_check)
    ls = sp.add_parser("list", help="list the named variants",
                       description="The shipped systems and variants, each with what it is "
                                   "(give one to any command with --variant V).")
    add_output(ls, "one object per variant: name and what it is")
    ls.set_defaults(func=run_list)
    nm = sp.add_parser("names", help="list the descriptors a rule can read (the registry)",
                       description="Every descriptor of the registry with its arguments, type, "
                                   "group and what it is; --group G for one group (prelim, "
                                   "modern, context, evaluator, ...).")
    nm.add_argument("--group", metavar="G", default=None,
                    help="only the descriptors of group G (prelim, modern, context, evaluator, "
                         "...)")
    add_output(nm, "one object per descriptor: call, type, group, what it is")
    nm.set_defaults(func=run_names)
    p.set_defaults(func=lambda args: __import__("openbid.cli.main").cli.main.usage(p))


def run_export(args) -> int:
    from openbid.systems.rules.text import dumps

    rules = load_variant(args.variant)
    header = (f"OPENBID rules, variant {args.variant}: {VARIANTS[args.variant][2]}.\n"
              "Edit and load with --rules FILE; check with 'openbid rules check FILE'.\n"
              "The language: docs/RULES.md; suits are C=1 D=2 H=3 S=4, so 10 + suit is BIDVAL.")
    text = dumps(rules, header)
    if args.json:
        emit_json({"variant": args.variant, "text": text})
    else:
        sys.stdout.write(text)
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
    bar = Progress("bid points", unit="points")
    try:
        bad = invalid_bidvals(rules, progress=bar)
    finally:
        bar.close()
    if args.json:
        return _check_json(args, rules, problems, bad)
    for pr in problems:
        if pr.severity == "error" or args.warnings:
            print(f"{args.path}:{pr.line}: {pr.severity}: {pr.message}")
    if warnings and not args.warnings:
        print(f"{args.path}: {len(warnings)} warning(s): calls illegal at some of the auctions "
              "their block matches (their guards may keep every hand away; --warnings lists "
              "them)")
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


def _check_json(args, rules, problems, bad) -> int:
    """``rules check --json``: the data of the text (warnings always listed)."""
    from openbid.checks.verdicts import Status

    status = (2 if any(b.status is Status.UNKNOWN for b in bad) else 1) if bad else (
        1 if any(pr.severity == "error" for pr in problems) else 0)
    emit_json({
        "file": args.path,
        "problems": [{"line": pr.line, "severity": pr.severity, "message": pr.message}
                     for pr in problems],
        "bid_points": [{"label": b.label, "status": b.status.value, "bidval": b.bidval,
                        "witness": str(b.witness) if b.witness is not None else None}
                       for b in bad],
        "ok": status == 0,
        **({"sections": len(rules.sections), "bid_statements": sum(1 for _ in rules.bids()),
            "readings": rules.readings.as_dict()} if status == 0 else {}),
    })
    return status


def run_list(args) -> int:
    for name, (_, _, doc) in VARIANTS.items():
        if args.json:
            emit_json({"name": name, "doc": doc})
        else:
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
    if args.json:
        for call, result, group, doc in rows:
            emit_json({"call": call, "type": result, "group": group, "doc": doc})
        return 0
    width = max(len(r[0]) for r in rows)
    for call, result, group, doc in rows:
        print(f"{call:<{width}}  {result:<4}  {group:<14}  {doc}")
    return 0
