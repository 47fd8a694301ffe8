"""``openbid eval``: every hand evaluator of the registry for each hand, per suit and in total,
exact (K&R, seed 002's scales, dealerv2's and the other public implementations, Binky, BODY),
with the Pavlicek-rounded total of every fractional scale."""

from __future__ import annotations

import sys

from openbid.cli.common import add_rules_options, read_lines, rules_from


def register(sub) -> None:
    p = sub.add_parser(
        "eval", help="every hand evaluator (K&R, Bumwrap, ...) of each hand",
        description="Evaluate each hand (PBN like AKJ32.Q4.KT9.876, or the paper's notation) with "
                    "every evaluator openbid knows, exactly. Exit 0, or 2 if any hand could not "
                    "be read (the others are still evaluated).")
    p.add_argument("hands", nargs="*", metavar="HAND")
    p.add_argument("--file", metavar="PATH", help="read one hand per line ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="one JSON object per line per hand")
    add_rules_options(p)
    p.set_defaults(func=run)


def evaluator_names(rules) -> list[str]:
    """The evaluators of the registry (whole-hand totals of the 'evaluator' group), in order."""
    from openbid.model.descriptors import definitions
    from openbid.model.registry import registry

    defs = definitions(rules.readings, rules.definitions)
    return [n for n, a in registry().names()
            if a == 0 and defs.entry(n, 0).group == "evaluator"]


def run(args) -> int:
    rules = rules_from(args)
    if not args.hands and not args.file:
        print("openbid eval: give hands as arguments or with --file PATH (- for stdin)",
              file=sys.stderr)
        return 2
    status = 0
    items = [(f"argument {i}", h) for i, h in enumerate(args.hands, 1)]
    block: list[tuple[str, str]] = []
    out = sys.stdout

    def flush() -> int:
        nonlocal block
        if not block:
            return 0
        bad = _evaluate(rules, block, args.json, out)
        block = []
        return bad

    for item in items:
        block.append(item)
    if args.file:
        for no, text in read_lines(args.file):
            block.append((f"line {no}", text))
            if len(block) >= 1 << 16:
                status |= flush()
    status |= flush()
    return 2 if status else 0


def _evaluate(rules, block, as_json: bool, out) -> int:
    """Evaluate one block of (where, text); report bad hands on stderr. Returns 1 if any."""
    from openbid.model.expr import parse
    from openbid.readers.census.domain import Chunk
    from openbid.readers.census.fastread import read_block
    from openbid.readers.census.passes import plan, spec_for
    from openbid.readers.census.sample import states

    names = evaluator_names(rules)
    has, texts, errors = read_block([t for _, t in block])
    for i, msg in errors:
        print(f"openbid eval: {block[i][0]}: {msg}", file=sys.stderr)
    if not texts:
        return 1 if errors else 0
    exprs = {}
    for name in names:
        exprs[name] = parse(name, want="num")
        for letter in "SHDC":
            exprs[(name, letter)] = parse(f"{name}({letter})", want="num")
        exprs[("round", name)] = parse(f"PAVROUND({name})", want="num")
    p = plan(spec_for(rules, tuple(exprs.values()), outcome=False, merge=False))
    reader = p.view_of(Chunk(states(has, p.model))).reader(0)
    from openbid.readers.census.arrays import as_fx

    cols = {k: as_fx(reader.value(e), len(texts)) for k, e in exprs.items()}
    if as_json:
        out.buffer.write(_json(texts, names, cols)) if hasattr(out, "buffer") else out.write(
            _json(texts, names, cols).decode())
    else:
        out.write(_text(texts, names, cols))
    return 1 if errors else 0


def _json(texts, names, cols) -> bytes:
    from openbid.report.columns import Lines

    lines = Lines(len(texts))
    lines.raw('{"hand": ')
    lines.strings(texts, 16)
    lines.raw(', "values": {')
    for k, name in enumerate(names):
        lines.raw((", " if k else "") + f'"{name}": ')
        fx = cols[name]
        lines.ints(fx.a, fx.den, decimal=True)
    lines.raw('}, "suits": {')
    for k, name in enumerate(names):
        lines.raw((", " if k else "") + f'"{name}": {{')
        for j, letter in enumerate("SHDC"):
            fx = cols[(name, letter)]
            lines.raw((", " if j else "") + f'"{letter}": ')
            lines.ints(fx.a, fx.den, decimal=True)
        lines.raw("}")
    lines.raw('}, "rounded": {')
    rounded = [n for n in names if cols[n].den != 1]
    for k, name in enumerate(rounded):
        lines.raw((", " if k else "") + f'"{name}": ')
        fx = cols[("round", name)]
        lines.ints(fx.a, fx.den)
    lines.raw("}}")
    return lines.bytes()


def _text(texts, names, cols) -> str:
    from openbid.report.columns import decimal_text
    from fractions import Fraction

    out = []
    for i, pbn in enumerate(texts):
        out.append(pbn)
        out.append(f"  {'':18}{'total':>8}{'S':>8}{'H':>8}{'D':>8}{'C':>8}{'rounded':>9}")
        for name in names:
            fx = cols[name]

            def cell(f):
                return decimal_text(Fraction(int(f.a[i]), f.den))

            row = "".join(f"{cell(cols[(name, s)]):>8}" for s in "SHDC")
            r = cols[("round", name)]
            rounded = str(int(r.a[i])) if fx.den != 1 else ""
            out.append(f"  {name:<18}{cell(fx):>8}{row}{rounded:>9}")
        out.append("")
    return "\n".join(out) + "\n"
