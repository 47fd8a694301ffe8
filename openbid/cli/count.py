"""``openbid count``: the exact number of hands, of all 635,013,559,600, per outcome."""

from __future__ import annotations

import time
from fractions import Fraction

from openbid.cli.common import add_rules_options, emit_json, rules_from
from openbid.cli.progress import Progress


def register(sub) -> None:
    p = sub.add_parser(
        "count", help="exact census of all hands by bid, section or BIDVAL",
        description="Enumerate all 34,033,880 hand classes (weights summing to C(52,13) = "
                    "635,013,559,600, asserted) and print the exact count of every outcome.")
    p.add_argument("--by", choices=("bid", "section", "bidval", "bid-section"), default="section")
    p.add_argument("--json", action="store_true", help="one JSON object per outcome")
    add_rules_options(p)
    p.set_defaults(func=run)


def census(rules, by: str, progress=None):
    """[(outcome, count, classes, example hand)] in a stable order, plus the total."""
    from openbid.model.bids import bid_text
    from openbid.model.rules.model import label_key
    from openbid.readers.census.census import Census, Column

    groups = Census([rules]).group([Column("outcome")], progress)
    agg: dict = {}
    for key, w in groups.weights.items():
        (bidval, sec), = key
        label = rules.labels[sec]
        out = {"bid": bid_text(bidval), "section": label, "bidval": bidval,
               "bid-section": f"{bid_text(bidval)}@{label}"}[by]
        row = agg.setdefault(out, [0, 0, groups.examples[key]])
        row[0] += w
        row[1] += groups.classes[key]
    if by == "section":
        order = sorted(agg, key=label_key)
    elif by == "bidval":
        order = sorted(agg)
    else:
        order = sorted(agg, key=lambda o: -agg[o][0])
    rows = [(o, agg[o][0], agg[o][1], agg[o][2]) for o in order]
    return rows, groups.total_weight


def run(args) -> int:
    rules = rules_from(args)
    bar = Progress("census")
    t0 = time.monotonic()
    try:
        rows, total = census(rules, args.by, bar)
    finally:
        bar.close()
    seconds = time.monotonic() - t0
    if args.json:
        for outcome, count, classes, hand in rows:
            emit_json({"outcome": outcome, "count": count,
                       "probability": float(Fraction(count, total)), "classes": classes,
                       "example": hand.to_pbn(), "variant": rules.name,
                       **({"rules": rules.source} if rules.source else {})})
        return 0
    print(f"{args.by:<12} {'hands':>16} {'probability':>12} {'classes':>10}  example")
    for outcome, count, classes, hand in rows:
        print(f"{str(outcome):<12} {count:>16,} {count / total:>12.6%} {classes:>10,}  {hand.to_pbn()}")
    print(f"{'total':<12} {total:>16,} {'100%':>12} {sum(r[2] for r in rows):>10,}"
          f"  ({rules.title if rules.source else rules.name}; {seconds:.1f} s)")
    return 0
