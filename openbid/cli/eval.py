"""``openbid eval``: every hand evaluator of the registry for each hand, per suit and in total,
exact (K&R, seed 002's scales, dealerv2's and the other public implementations, Binky, BODY),
with the Pavlicek-rounded total of every fractional scale."""

from __future__ import annotations

from openbid.cli.common import BadInputs, add_rules_options, rules_from
from openbid.cli.options import add_file, add_output
from openbid.base.errors import OpenbidError


def register(sub) -> None:
    p = sub.add_parser(
        "eval", help="every hand evaluator (K&R, Bumwrap, ...) of each hand",
        description="Evaluate each hand (PBN like AKJ32.Q4.KT9.876, or the paper's notation) with "
                    "every evaluator openbid knows, exactly. Exit 0, or 2 if any hand could not "
                    "be read (the others are still evaluated).")
    p.add_argument("hands", nargs="*", metavar="HAND")
    add_file(p, "hand")
    add_output(p, "one object per hand, a line each")
    add_rules_options(p)
    p.set_defaults(func=run)


def evaluator_names(rules) -> list[str]:
    """The evaluators of the registry (whole-hand totals of the 'evaluator' group), in order."""
    from openbid.systems.descriptors import definitions
    from openbid.hands.registry import registry

    defs = definitions(rules.readings, rules.definitions)
    return [n for n, a in registry().names()
            if a == 0 and defs.entry(n, 0).group == "evaluator"]


def run(args) -> int:
    from openbid.cli.bid import blocks, write_batches
    from openbid.readers.census.batch import batch_pass

    rules = rules_from(args)
    if not args.hands and not args.file:
        raise OpenbidError("give hands as arguments or with --file PATH (- for stdin)")
    names = evaluator_names(rules)
    exprs = _expressions(names)
    model = batch_pass(rules, tuple(exprs.values())).model
    bad = BadInputs("eval")

    def render(hands):
        from openbid.readers.census.arrays import as_fx
        from openbid.readers.census.batch import reader

        r = reader(rules, hands, tuple(exprs.values()))
        cols = {k: as_fx(r.value(e), len(hands)) for k, e in exprs.items()}
        return _json(hands, names, cols) if args.json else _Text(hands, names, cols)

    # 60,000 hands a block: some 200 columns of them stay within a few hundred megabytes
    if not write_batches(blocks(args, model, block=1 << 20), render, bad):
        raise OpenbidError(f"no hands in {args.file}: nothing to evaluate")
    return bad.close()


def _expressions(names: list[str]) -> dict:
    """Every value eval prints: each evaluator's total, its value per suit, and the total
    rounded (PAVROUND)."""
    from openbid.expr import parse

    exprs: dict = {}
    for name in names:
        exprs[name] = parse(name, want="num")
        for letter in "SHDC":
            exprs[(name, letter)] = parse(f"{name}({letter})", want="num")
        exprs[("round", name)] = parse(f"PAVROUND({name})", want="num")
    return exprs


def _json(hands, names, cols):
    from openbid.report.columns import Lines

    lines = Lines(len(hands))
    lines.raw('{"hand":"')
    lines.fixed(hands.pbn)
    lines.raw('","values":{')
    for k, name in enumerate(names):
        lines.raw(("," if k else "") + f'"{name}":')
        lines.number(cols[name], decimal=True)
    lines.raw('},"suits":{')
    for k, name in enumerate(names):
        lines.raw(("," if k else "") + f'"{name}":{{')
        for j, letter in enumerate("SHDC"):
            lines.raw(("," if j else "") + f'"{letter}":')
            lines.number(cols[(name, letter)], decimal=True)
        lines.raw("}")
    lines.raw('},"rounded":{')
    for k, name in enumerate(rounded(names, cols)):
        lines.raw(("," if k else "") + f'"{name}":')
        lines.number(cols[("round", name)])
    lines.raw("}}")
    return lines


def rounded(names, cols) -> list[str]:
    """The evaluators with a fractional scale: their totals are also printed rounded."""
    return [n for n in names if cols[n].den != 1]


class _Text:
    """The text form: a table per hand (written as :class:`openbid.report.columns.Lines` is)."""

    def __init__(self, hands, names, cols) -> None:
        self.hands, self.names, self.cols = hands, names, cols

    def write(self, out, start: int = 0, stop: int | None = None) -> None:
        from fractions import Fraction

        from openbid.report.columns import decimal_text

        names, cols = self.names, self.cols
        lines = []
        def cell(f, i: int) -> str:
            return decimal_text(Fraction(int(f.a[i]), f.den))

        for i in range(start, len(self.hands) if stop is None else stop):
            lines.append(self.hands.pbn[i].tobytes().decode())
            lines.append(f"  {'':18}{'total':>8}{'S':>8}{'H':>8}{'D':>8}{'C':>8}{'rounded':>9}")
            for name in names:
                fx = cols[name]
                row = "".join(f"{cell(cols[(name, s)], i):>8}" for s in "SHDC")
                r = cols[("round", name)]
                whole = str(int(r.a[i])) if fx.den != 1 else ""
                lines.append(f"  {name:<18}{cell(fx, i):>8}{row}{whole:>9}")
            lines.append("")
        if lines:
            out.write(("\n".join(lines) + "\n").encode())
