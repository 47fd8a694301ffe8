"""``openbid bid``: the bid, section, BIDVAL and descriptors of each hand."""

from __future__ import annotations

import sys

from openbid.cli.common import BadInputs, add_rules_options, emit_json, inputs, rules_from
from openbid.model.errors import HandError, OpenbidError
from openbid.model.hand import Hand
from openbid.model.procedure import program_for
from openbid.model.bids import bid_note


def register(sub) -> None:
    p = sub.add_parser(
        "bid", help="bid hands with OPENBID",
        description="Bid each hand (PBN like AKJ32.Q4.KT9.876, or the paper's notation like "
                    "'S:KJxxx, H:QJ, D:QJ, C:Kxxx'). Exit 0, or 2 if any hand could not be read.")
    p.add_argument("hands", nargs="*", metavar="HAND")
    p.add_argument("--file", metavar="PATH", help="read one hand per line ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="one JSON object per line per hand")
    p.add_argument("--trace", action="store_true", help="show the sections tried on the way")
    p.add_argument("--brief", action="store_true", help="one line per hand: hand, bid, section")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    rules = rules_from(args)
    program = program_for(rules)
    sections = {s.number: s.name for s in rules.sections}
    if not args.hands and not args.file:
        raise OpenbidError("give hands as arguments or with --file PATH (- for stdin)")
    bad = BadInputs("bid")
    seen = [0]

    def items():
        for item in inputs(args.hands, args.file):
            seen[0] += 1
            yield item
        if not seen[0]:
            raise OpenbidError(f"no hands in {args.file}: nothing to bid")

    out = sys.stdout
    if args.brief and not args.trace and not args.json:
        _brief_batch(items(), rules, out, bad)
        return bad.close()
    for where, text in items():
        try:
            hand = Hand.parse(text)
        except HandError as exc:
            bad(where, exc)
            continue
        d = program.describe(hand)
        if args.trace:
            outcome, steps = program.trace(d)
        else:
            outcome, steps = program.run(d), []
        if args.json:
            obj = {"hand": hand.to_pbn(), "paper": hand.to_paper(), "bid": outcome.bid,
                   "bidval": outcome.bidval, "section": outcome.section,
                   "descriptors": d.table()}
            if args.trace:
                obj["trace"] = [{"section": s.section, "entered": s.entered, "result": s.result}
                                for s in steps]
            emit_json(obj)
        elif args.brief:
            out.write(f"{hand.to_pbn()}\t{outcome.bid}\t{outcome.section}\n")
        else:
            out.write(_text(hand, outcome, d, steps, sections))
    return bad.close()


def _text(hand, outcome, d, steps, sections) -> str:
    from openbid.model.rules.model import section_of

    sec = section_of(outcome.section)
    name = sections.get(sec, "Pass, by falling through" if sec == 14 else "")
    note = bid_note(outcome.bidval)
    lines = [f"{hand.to_paper()}   ({hand.to_pbn()})",
             f"  bid {outcome.bid} at section {outcome.section} ({name}), BIDVAL {outcome.bidval}"
             + (f" [{note}]" if note else "")]
    t = d.table()
    scal = ["HCP", "DISTP", "TOTALPTS", "SUB", "XTRP", "ACES", "KINGS", "LONGEST", "STOP",
            "PLAYTRICKS"]
    lines.append("  " + "  ".join(f"{k} {t[k]}" for k in scal))
    bools = ["VOIDFLAG", "EVENDIST", "FOUR441", "SOLID", "NOTRUMPTRY"]
    lines.append("  " + "  ".join(f"{k} {'true' if t[k] else 'false'}" for k in bools)
                 + f"  SHAPE {t['SHAPE']}  SP {' '.join(map(str, t['SP']))}")
    per = ["SUITLENGTH", "SUITPOINTS", "HONORCOUNT", "PT", "SAFE", "NOTR", "OUTSIDEACE",
           "CANBEREBID"]
    lines.append("  " + f"{'':12}" + "".join(f"{s:>7}" for s in "SHDC"))
    for k in per:
        vals = t[k]
        cells = "".join(f"{_cell(vals[s]):>7}" for s in "SHDC")
        lines.append(f"  {k:<12}{cells}")
    if steps:
        lines.append("  sections tried:")
        for s in steps:
            state = "conditions hold" if s.entered else "conditions fail"
            lines.append(f"    {s.section:>2} {sections.get(s.section, ''):<30} {state:<16} -> {s.result}")
    return "\n".join(lines) + "\n\n"


def _cell(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "-"
    return str(v)


def _brief_batch(items, rules, out, bad, size: int = 1 << 16) -> None:
    """--brief: hands read in blocks and bid together by the numpy reader of the rules."""
    from openbid.model.bids import bid_text
    from openbid.readers.census.batch import batch_pass, bid_many, read

    model = batch_pass(rules).model
    block: list[tuple[tuple[int, int, int, int], str]] = []

    def flush() -> None:
        bidvals, labels = bid_many(rules, [b[0] for b in block])
        out.write("".join(f"{pbn}\t{bid_text(bv)}\t{lb}\n"
                          for (_, pbn), bv, lb in zip(block, bidvals.tolist(), labels)))
        block.clear()

    for where, text in items:
        try:
            block.append(read(text, model))
        except HandError as exc:
            flush()  # keep the output in input order
            bad(where, exc)
            continue
        if len(block) >= size:
            flush()
    flush()
