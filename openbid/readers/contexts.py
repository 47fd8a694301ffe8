"""The facts of the deal (SEAT, VUL, THEYVUL: registry Context entries) a question ranges over.

A question fixes some facts (``--seat 3``) and ranges over the others the rules read: Z3 reads a
free fact as a variable (openbid.readers.symbolic), the census counts once per combination of
the free facts' values (:func:`grid`), the executor is given every fact it reads.
"""

from __future__ import annotations

from itertools import product
from typing import Iterable, Sequence

from openbid.expr.ast import Expr
from openbid.hands.registry import Context, registry
from openbid.systems.rules.model import Rules


def facts_read(rules: Sequence[Rules], exprs: Iterable[Expr] = ()) -> list[str]:
    """The facts of the deal the rules (and ``exprs``, over the first rules' names) read, in
    registry order."""
    from openbid.systems.descriptors import definitions
    from openbid.readers.uses import uses

    read: set[str] = set()
    extra = tuple(exprs)
    for i, r in enumerate(rules):
        defs = definitions(r.readings, r.definitions)
        read |= uses(defs, extra if i == 0 else (), r, outcome=True).contexts
    return [n for n, a in registry().names() if a == 0 and n in read]


def grid(rules: Sequence[Rules], fixed: dict[str, object],
         exprs: Iterable[Expr] = ()) -> list[dict[str, object]]:
    """Every context a question must be asked in: the fixed facts, with each fact read and not
    fixed ranging over its values (registry order). ``[{}]`` when nothing is read; the facts
    fixed but not read are kept (they change nothing, and a report names them)."""
    reg = registry()
    free = [n for n in facts_read(rules, exprs) if n not in fixed]
    values = []
    for n in free:
        entry = reg.default(n, 0)
        assert isinstance(entry, Context)
        values.append(entry.values)
    return [{**fixed, **dict(zip(free, combo))} for combo in product(*values)]
