"""``openbid bid``: the bid, section, BIDVAL and descriptors of each hand."""

from __future__ import annotations

import json
import sys
from functools import lru_cache

import numpy as np

from openbid.cli.common import MAX_LINE, BadInputs, add_rules_options, emit_json, inputs, rules_from
from openbid.cli.options import add_file, add_output
from openbid.cli.context import add_context_options, context_label, fixed_context, missing_fact
from openbid.bridge.bids import bid_note
from openbid.base.errors import HandError, MissingFact, OpenbidError
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.readers.census import batch
from openbid.readers.census.fastread import hand_blocks
from openbid.report.columns import Lines


def register(sub) -> None:
    p = sub.add_parser(
        "bid", help="bid hands with OPENBID",
        description="Bid each hand (PBN like AKJ32.Q4.KT9.876, or the paper's notation like "
                    "'S:KJxxx, H:QJ, D:QJ, C:Kxxx'). Exit 0, or 2 if any hand could not be read.")
    p.add_argument("hands", nargs="*", metavar="HAND")
    add_file(p, "hand")
    add_output(p, "one object per hand, a line each")
    p.add_argument("--trace", action="store_true", help="show the sections tried on the way")
    p.add_argument("--brief", action="store_true", help="one line per hand: hand, bid, section")
    p.add_argument("--auction", metavar="CALLS", default=None,
                   help="the auction so far, from the dealer (\"1NT P 2C P\"; \"\" for the "
                        "dealer): each hand gets the call of the player next to call, under the "
                        "system's block for that point of the auction")
    add_rules_options(p)
    add_context_options(p, note="; with --auction too: its calls are counted from the dealer, "
                                "no compass direction")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.auction is not None:
        return _run_auction(args)
    rules = rules_from(args)
    context = fixed_context(args)
    if not args.hands and not args.file:
        raise OpenbidError("give hands as arguments or with --file PATH (- for stdin)")
    bad = BadInputs("bid")
    fixed = tuple(context.items())
    if not args.trace and (args.json or args.brief) and not batch.reads_facts(rules, fixed):
        # many hands at once, by the numpy reader (every fact the rules read fixed by the
        # options): the same lines as below
        layout = batch.table_layout(rules) if args.json else ()
        render = (lambda h: _json_lines(rules, layout, h, context)) if args.json else (
            lambda h: _brief_lines(rules, h, fixed))
        model = batch.batch_pass(rules, batch.layout_exprs(layout), fixed).model
        if not write_batches(blocks(args, model), render, bad):
            raise OpenbidError(f"no hands in {args.file}: nothing to bid")
        return bad.close()
    program = program_for(rules)
    sections = {s.number: s.name for s in rules.sections}
    out = sys.stdout
    for where, hand in _hands(args, bad):
        d = program.describe(hand, tuple(context.items()))
        try:
            if args.trace:
                outcome, steps = program.trace(d)
            else:
                outcome, steps = program.run(d), []
        except MissingFact as exc:  # the fact is read on this hand's way: never guessed
            raise OpenbidError(f"{where} ({hand.to_pbn()}): {missing_fact(exc.name)}") from None
        if args.json:
            obj = {"hand": hand.to_pbn(), "paper": hand.to_paper(), "bid": outcome.bid,
                   "bidval": outcome.bidval, "section": outcome.section,
                   "descriptors": d.table()}
            if context:
                obj["context"] = dict(context)
            if args.trace:
                obj["trace"] = _trace_json(steps)
            emit_json(obj)
        elif args.brief:
            out.write(f"{hand.to_pbn()}\t{outcome.bid}\t{outcome.section}\n")
        else:
            out.write(_text(hand, outcome, d, steps, sections, context_label(context), rules))
    return bad.close()


def _run_auction(args) -> int:
    """``bid --auction CALLS``: each hand's call as the player next to call after CALLS."""
    from openbid.systems.auction import parse_auction, system_of

    if args.seat is not None:
        raise OpenbidError("--seat cannot be given with --auction: the seat follows from the "
                           "auction (the dealer calls first)")
    if not args.hands and not args.file:
        raise OpenbidError("give hands as arguments or with --file PATH (- for stdin)")
    system = system_of(rules_from(args))
    auction = parse_auction(args.auction)
    node = system.node(auction)  # an ended auction is an error before any hand is read
    seat = len(auction) % 4 + 1
    shown_auction = " ".join(auction) if auction else "(nothing: the dealer calls)"
    bad = BadInputs("bid")
    out = sys.stdout
    for where, hand in _hands(args, bad):
        try:
            choice, node, steps = system.trace(auction, hand, args.vul)
            steps = steps if args.trace else []
        except MissingFact as exc:
            raise OpenbidError(f"{where} ({hand.to_pbn()}): {missing_fact(exc.name)}") from None
        if args.json:
            obj = {"hand": hand.to_pbn(), "paper": hand.to_paper(), "auction": list(auction),
                   "seat": seat, "call": choice.call, "rule": choice.label,
                   "block": choice.block, "off_system": choice.off_system}
            if args.vul is not None:
                obj["vul"] = args.vul
            if args.trace:
                obj["trace"] = _trace_json(steps)
            emit_json(obj)
        elif args.brief:
            out.write(f"{hand.to_pbn()}\t{choice.call}\t{choice.label}\n")
        else:
            vul = f", vul {args.vul}" if args.vul is not None else ""
            lines = [f"{hand.to_paper()}   ({hand.to_pbn()})",
                     f"  after {shown_auction}: seat {seat}{vul}",
                     "  " + _why(choice, node)]
            if steps:
                names = {s.number: s.name for s in node.rules.sections}
                lines.append("  sections tried:")
                for st in steps:
                    lines.append(f"    {st.section:>2} {names.get(st.section, ''):<30} {st.text}")
            out.write("\n".join(lines) + "\n\n")
    return bad.close()


def _hands(args, bad: BadInputs):
    """(where, hand) of every hand given (arguments, then ``--file``); a hand that cannot be read
    goes to ``bad``; no input at all is an error."""
    seen = 0
    for where, text in inputs(args.hands, args.file):
        seen += 1
        try:
            hand = Hand.parse(text)
        except HandError as exc:
            bad(where, exc)
            continue
        yield where, hand
    if not seen:
        raise OpenbidError(f"no hands in {args.file}: nothing to bid")


def _trace_json(steps) -> list[dict]:
    return [{"section": s.section, "entered": s.entered, "guarded": s.guarded, "result": s.result}
            for s in steps]


def _why(choice, node) -> str:
    """``call 2C at 1NT P/stayman (section 1, Stayman)``, or why it is a pass."""
    if choice.off_system:
        return f"call {choice.call}: off-system (no block of the system matches this auction)"
    where = "the opening" if choice.block == "" else f'block "{choice.block}"'
    if not choice.label:
        return f"call {choice.call}, by falling through {where}"
    label = choice.label.rsplit("/", 1)[-1]
    sec = node.rules.section(node.rules.section_of(label))
    return f"call {choice.call} at {choice.label} (section {sec.number}, {sec.name}; {where})"


def _text(hand, outcome, d, steps, sections, context: str, rules) -> str:
    passing = outcome.section == rules.pass_label
    sec = rules.pass_section if passing else rules.section_of(outcome.section)
    name = "Pass, by falling through" if passing else sections.get(sec, "")
    note = bid_note(outcome.bidval)
    where = f"section {outcome.section} ({name})"
    if not passing and not outcome.section.startswith(str(sec)):  # a named bid point
        where = f"{outcome.section}, section {sec} ({name})"
    lines = [f"{hand.to_paper()}   ({hand.to_pbn()})" + (f"   {context}" if context else ""),
             f"  bid {outcome.bid} at {where}, BIDVAL {outcome.bidval}"
             + (f" [{note}]" if note else "")]
    t = d.table()
    scal = ["HCP", "DISTP", "TOTALPTS", "SUB", "XTRP", "ACES", "KINGS", "LONGEST", "STOP",
            "PLAYTRICKS"]
    lines.append("  " + "  ".join(f"{k} {_cell(t[k])}" for k in scal))
    bools = ["VOIDFLAG", "EVENDIST", "FOUR441", "SOLID", "NOTRUMPTRY"]
    lines.append("  " + "  ".join(f"{k} {'true' if t[k] else 'false'}" for k in bools)
                 + f"  SHAPE {t['SHAPE']}  SP {' '.join(map(_cell, t['SP']))}")
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
            lines.append(f"    {s.section:>2} {sections.get(s.section, ''):<30} {s.text}")
    return "\n".join(lines) + "\n\n"


def _cell(v) -> str:
    from fractions import Fraction

    from openbid.report.columns import decimal_text

    if isinstance(v, bool):
        return "yes" if v else "-"
    return decimal_text(v) if isinstance(v, Fraction) else str(v)


# -- many hands at once (--brief, --json): openbid.readers.census.batch ------------------------

def blocks(args, model, block: int = 1 << 22):
    """The hands of the command's inputs (``inputs``: its arguments, then the lines of
    ``--file``), read ``block`` bytes at a time under the rank ``model`` (fastread)."""
    return hand_blocks(list(inputs(args.hands, None)), args.file, model, max_line=MAX_LINE,
                       block=block)


def write_batches(blocks, render, bad: BadInputs) -> int:
    """Every block of hands rendered (``render(hands)``: a :class:`Lines`) and written to
    stdout as bytes, in input order; each bad input reported where it was, after the hands
    before it (the first ``bad.limit``; the rest are counted). Returns the inputs seen."""
    out = _binary_stdout()
    seen = 0
    for hands in blocks:
        seen += len(hands) + len(hands.bad)
        lines = render(hands) if len(hands) else None
        done = 0
        for before, where, problem in hands.bad:
            if lines is not None and bad.count < bad.limit:  # shown: after the hands before it
                lines.write(out, done, before)
                done = before
                out.flush()
            bad(where, problem)
        if lines is not None:
            lines.write(out, done)
        out.flush()
        if hands.fatal is not None:
            raise hands.fatal
    return seen


class _TextOut:
    """A text stream (no ``buffer``: a StringIO) written as bytes."""

    def __init__(self, out) -> None:
        self.out = out

    def write(self, data) -> None:
        self.out.write(bytes(data).decode())

    def flush(self) -> None:
        self.out.flush()


def _binary_stdout():
    sys.stdout.flush()
    return getattr(sys.stdout, "buffer", None) or _TextOut(sys.stdout)


def _brief_lines(rules, hands, context: tuple = ()) -> Lines:
    """``PBN<tab>bid<tab>section``, byte for byte the per-hand output."""
    bidval, section = batch.outcome(rules, hands, context)
    lines = Lines(len(hands), exact=True)
    lines.fixed(hands.pbn)
    labels = len(rules.labels)
    lines.codes(bidval.astype(np.intp) * labels + section, _outcomes(rules, "\t{bid}\t{label}"))
    return lines


def _json_lines(rules, layout, hands, context: dict | None = None) -> Lines:
    """The per-hand JSON object of every hand: hand, paper, bid, bidval, section, descriptors
    (every PRELIM descriptor, as :meth:`Descriptors.table`), and the facts of the deal given."""
    context = dict(context or {})
    r = batch.reader(rules, hands, batch.layout_exprs(layout), tuple(context.items()))
    bidval, section = r.outcome
    lines = Lines(len(hands))
    lines.raw('{"hand":"')
    lines.fixed(hands.pbn)
    lines.raw('","paper":')
    lines.joined(paper_pieces(hands))
    lines.raw(",")
    lines.codes(bidval.astype(np.intp) * len(rules.labels) + section,
                _outcomes(rules, '"bid":{bid_json},"bidval":{bidval},"section":{label_json}'))
    lines.raw(',"descriptors":{')
    for k, (name, kind, parts) in enumerate(layout):
        lines.raw(("," if k else "") + json.dumps(name) + ":")
        if kind == "whole":
            lines.number(r.value(parts))
        elif kind == "pattern":
            codes, values = batch.pattern_codes(hands, parts)
            lines.codes(codes, tuple(json.dumps(v).encode() for v in values))
        else:
            opening, closing = ("[", "]") if kind == "list" else ("{", "}")
            lines.raw(opening)
            for j, (key, e) in enumerate(parts):
                lines.raw(("," if j else "") + ("" if kind == "list" else f'"{key}":'))
                lines.number(r.value(e))
            lines.raw(closing)
    lines.raw("}" + (',"context":' + json.dumps(context) if context else "") + "}")
    return lines


@lru_cache(maxsize=16)
def _outcomes(rules, form: str) -> tuple[bytes, ...]:
    """``form`` rendered for every (BIDVAL, section) pair, indexed BIDVAL * labels + section."""
    from openbid.bridge.bids import VALID_BIDVALS, bid_text

    out = []
    for bidval in range(76):
        for label in rules.labels:
            bid = bid_text(bidval) if bidval in VALID_BIDVALS else ""
            out.append(form.format(bid=bid, bidval=bidval, label=label, bid_json=json.dumps(bid),
                                   label_json=json.dumps(label)).encode())
    return tuple(out)


def paper_pieces(hands) -> list:
    """The paper's notation of every hand (``"S:AKJ32, H:Q4, D:K109, C:876"``, quoted), as the
    pieces of a joined column: per suit its ranks (T as 10; ``---`` for a void), then its x
    cards."""
    pieces = []
    for col, letter in enumerate("SHDC"):
        masks = hands.masks[:, col]
        last = letter == "C"
        if hands.xs is None:
            pieces.append((masks, _holding_texts(letter, last)))
        else:
            xs = hands.xs[:, col]
            pieces.append((np.where((masks == 0) & (xs > 0), 1 << 13, masks),
                           _holding_texts(letter, False)))
            pieces.append((xs, tuple(b"x" * i + (b'"' if last else b"") for i in range(9))))
    return pieces


@lru_cache(maxsize=8)
def _holding_texts(letter: str, last: bool) -> tuple[bytes, ...]:
    """``, H:AKJ2`` for every set of ranks (13-bit mask, A the highest bit); ``, H:---`` for
    none; last, ``, H:`` for a suit of x cards only. Spades open the string (``"S:``), the
    ``last`` suit closes it (``"``)."""
    head = '"S:' if letter == "S" else f", {letter}:"
    tail = '"' if last else ""
    return tuple((head + t + tail).encode() for t in _rank_texts()) + ((head + tail).encode(),)


@lru_cache(maxsize=1)
def _rank_texts() -> tuple[str, ...]:
    """The paper's text of every set of ranks of one suit, by 13-bit mask: ``K109``, ``---``."""
    texts = [""] * (1 << 13)
    for mask in range(1, 1 << 13):  # the set without its lowest rank, then that rank
        low = (mask & -mask).bit_length() - 1
        texts[mask] = texts[mask & (mask - 1)] + "AKQJT98765432"[12 - low]
    return tuple(t.replace("T", "10") or "---" for t in texts)
