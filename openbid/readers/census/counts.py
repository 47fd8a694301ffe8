"""Exact counts of the census by a system: every hand class grouped by its outcome (the bid,
the section, BIDVAL) or by the value of any expression, among all hands or those meeting a
condition, in one context of the deal. ``openbid count`` and the Python API's ``System.count``
read these; the rows are data (never printed here).

May import: openbid.base, bridge, hands, expr, systems (as the rest of openbid.readers).
"""

from __future__ import annotations

from openbid.base.errors import OpenbidError

OUTCOMES = ("bid", "section", "bidval", "bid-section")


def census(rules, by: str, progress=None, context: dict | None = None):
    """[(outcome, count, classes, example hand)] in a stable order, plus the total
    (``context``: the facts of the deal, fixed for the pass)."""
    from openbid.bridge.bids import bid_text
    from openbid.readers.census.census import Census, Column

    groups = Census([rules], context or {}).group([Column("outcome")], progress)
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
        order = sorted(agg, key=rules.labels.index)
    elif by == "bidval":
        order = sorted(agg)
    else:
        order = sorted(agg, key=lambda o: -agg[o][0])
    rows = [(o, agg[o][0], agg[o][1], agg[o][2]) for o in order]
    return rows, groups.total_weight


def columns_of(rules, by: list[str]):
    """Each BY as (census column, how a key reads, its header)."""
    from openbid.readers.census.census import Column

    out = []
    for text in by:
        if text in OUTCOMES:
            out.append((Column("outcome"), text, text))
            continue
        e = parse_option(rules, text, None, "--by")
        kind = rules_type(rules, text)
        if kind == "str":
            out.append((Column("value", 0, e), _string_table(rules, text), text))
            continue
        out.append((Column("expr" if kind == "bool" else "value", 0, e), kind, text))
    return out


def _string_table(rules, text: str):
    """The string-valued pattern descriptor ``text`` names (SHAPE): the census groups by the
    index of its value, shown as the value."""
    from openbid.systems.descriptors import definitions
    from openbid.hands.registry import PatternTable

    defs = definitions(rules.readings, rules.definitions)
    try:
        entry = defs.entry(text.strip(), 0)
    except OpenbidError:
        entry = None
    if not isinstance(entry, PatternTable):
        raise OpenbidError(f"--by {text!r} is a string expression; openbid counts by a string "
                           "descriptor itself (--by SHAPE) or by a condition on one "
                           "(--by 'SHAPE = \"4333\"')")
    return entry


def parse_option(rules, text: str, want: str | None, option: str):
    """``text`` parsed under ``rules`` (``want``: the type it must have, e.g. ``bool``); an
    error names the option it came from (``--where: ...``)."""
    from openbid.base.errors import ExprError

    try:
        return rules.parse(text, want=want)
    except ExprError as exc:
        raise ExprError(f"{option}: {exc.problem}", exc.text, exc.pos) from None


def rules_type(rules, text: str) -> str:
    from openbid.systems.descriptors import definitions
    from openbid.expr.parser import Checker, _Parser

    local = definitions(rules.readings, rules.definitions).local_signatures() or None
    t = Checker(text, frozenset(), True, frozenset(), local).type_of(_Parser(text, frozenset()).parse())
    return "num" if t == "suit" else t


def grouped(rules, by: list[str], where: str | None, progress=None,
            context: dict | None = None):
    """[(key tuple of shown values, count, classes, example PBN)] in key order, the total of the
    hands counted, and the headers (``context``: the facts of the deal, fixed)."""
    from openbid.bridge.bids import bid_text
    from openbid.readers.census.census import Census

    cols = columns_of(rules, by)
    cond = parse_option(rules, where, "bool", "--where") if where else None
    groups = Census([rules], context or {}).group([c for c, _, _ in cols], progress, where=cond)
    if not groups.weights:
        raise OpenbidError(f"--where {where!r} selects no hand: nothing to count")

    def shown(v, how):
        if not isinstance(how, str):  # a string descriptor: v is the index of its value
            return how.strings[int(v)]
        if how in OUTCOMES:
            bidval, sec = v
            label = rules.labels[sec]
            return {"bid": bid_text(bidval), "section": label, "bidval": bidval,
                    "bid-section": f"{bid_text(bidval)}@{label}"}[how]
        return v

    agg: dict = {}
    for key, w in groups.weights.items():
        k = tuple(shown(v, how) for v, (_, how, _) in zip(key, cols))
        row = agg.setdefault(k, [0, 0, groups.concrete(key).to_pbn()])
        row[0] += w
        row[1] += groups.classes[key]

    def order(k):
        return tuple(rules.labels.index(v) if how == "section" else (str(v) if how in ("bid", "bid-section")
                                                                     else how.strings.index(v)
                                                                     if not isinstance(how, str) else v)
                     for v, (_, how, _) in zip(k, cols))

    rows = [(k, *agg[k]) for k in sorted(agg, key=order)]
    return rows, sum(r[1] for r in rows), [h for _, _, h in cols]
