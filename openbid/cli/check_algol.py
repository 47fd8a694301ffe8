"""``openbid check-algol``: the two OPENBIDs (rules table, literal Algol) agree on every class."""

from __future__ import annotations

import time

from openbid.cli.common import add_rules_options, emit_json, rules_from
from openbid.cli.options import add_output
from openbid.cli.progress import Progress

ALL_CLASSES = 34_033_880  # hand classes (openbid.studies.paper.agreement.check_algol asserts it)


def register(sub) -> None:
    p = sub.add_parser(
        "check-algol", help="compare the rules engine with the literal Algol on all classes",
        description="Run both forms of OPENBID (the rules table and the literal transcription of "
                    "the Algol) on all 34,033,880 hand classes, or on --sample N random classes. "
                    "The rules must be the 1967 code's (variant code, a reading of the OCR'd code, or "
                    "a rule file whose name line is code) without definitions of their own. Exit 0 if they "
                    "agree everywhere, 1 if not, 2 for rules it cannot compare.")
    p.add_argument("--sample", type=int, metavar="N", help="check N random classes only")
    p.add_argument("--seed", type=int, default=0)
    add_output(p, "one object: classes, mismatches, examples")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.base.errors import OpenbidError
    from openbid.studies.paper.agreement import check_algol, check_algol_sample, uncheckable

    if args.sample is not None and args.sample < 1:
        raise OpenbidError(f"--sample must be at least 1 (classes to check), not {args.sample}; "
                           "without --sample every class is checked")
    if args.sample is not None and args.sample > ALL_CLASSES:
        raise OpenbidError(f"--sample {args.sample:,}: there are {ALL_CLASSES:,} classes in all "
                           "(omit --sample to check every one)")
    rules = rules_from(args)
    why = uncheckable(rules)
    if why:
        raise OpenbidError(why)
    t0 = time.monotonic()
    if args.sample is not None:
        result = check_algol_sample(rules, args.sample, args.seed)
    else:
        bar = Progress("check-algol")
        try:
            result = check_algol(rules, bar)
        finally:
            bar.close()
    seconds = time.monotonic() - t0
    if args.json:
        emit_json({"variant": rules.name, **({"rules": rules.source} if rules.source else {}),
                   "classes": result.classes,
                   "mismatches": result.mismatch_count, "agrees": result.agrees,
                   "seconds": round(seconds, 1),
                   "examples": [m.__dict__ for m in result.mismatches]})
    else:
        shown = rules.title if rules.source else rules.name
        what = f"{result.classes:,} random classes" if args.sample is not None else f"all {result.classes:,} classes"
        if result.agrees:
            print(f"rules engine and literal Algol agree on {what} ({shown}; {seconds:.1f} s)")
        else:
            print(f"DISAGREE on {result.mismatch_count:,} of {what} ({shown}):")
            for m in result.mismatches:
                print(f"  {m.hand}: engine {m.engine[0]}@{m.engine[1]}, algol {m.algol[0]}@{m.algol[1]}")
            if result.mismatch_count > len(result.mismatches):
                print(f"  ... and {result.mismatch_count - len(result.mismatches):,} more")
    return 0 if result.agrees else 1
