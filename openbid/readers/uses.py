"""What a pass reads: the per-suit tables (at which suits) and pattern tables its expressions
and rules use, once every definition is inlined and every loop bound. From it come the ranks a
hand model must track and, in the census, which suit states nothing can tell apart."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from openbid.systems.descriptors import Definitions
from openbid.expr.ast import Call, Const, Expr, Name, Quant, children, expand_quantifiers
from openbid.expr.names import OUTCOMES, SUIT_CONSTANTS, string_comparison
from openbid.bridge.ranks import BASE_RANKS, rank_order
from openbid.hands.registry import Context, Derived, PatternTable, SuitTable
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.readers.core import suit_of
from openbid.systems.rules.execution import execute


@dataclass
class Uses:
    tables: set[tuple[SuitTable, int]] = field(default_factory=set)
    patterns: set[PatternTable] = field(default_factory=set)
    contexts: set[str] = field(default_factory=set)  # facts of the deal read (SEAT, VUL, ...)
    outcome: bool = False  # reads the outcome of the rules (bid, section, bidval)
    atoms: set[str] = field(default_factory=set)  # definitions read whole (see uses' atoms)

    @property
    def reads(self) -> str:
        return rank_order("".join(t.reads for t, _ in self.tables))


class _Collect:
    """A Boolean algebra that computes nothing: :func:`execute` under it visits every condition
    and value of the rules, with loop variables bound."""

    true = True
    false = False

    def and_(self, a, b):
        return None

    def or_(self, a, b):
        return None

    def not_(self, a):
        return None

    def is_false(self, a) -> bool:
        return a is False


def rule_exprs(rules: Rules) -> list[Expr]:
    """Every guard, condition and value of the rules table, closed (suits bound)."""
    return list(_rule_exprs(rules))


@lru_cache(maxsize=4096)
def _rule_exprs(rules: Rules) -> tuple[Expr, ...]:
    # (kept: a census asks for a node's table again and again, planning each pass, deciding
    # what its walks read)
    seen: list[Expr] = []

    def visit(e: Expr):
        seen.append(e)
        return None

    execute(rules, _Collect(), visit, visit)
    return tuple(seen)


@lru_cache(maxsize=4096)
def _expanded(rules: Rules) -> tuple[Expr, ...]:
    """:func:`rule_exprs`, each with its quantifiers expanded."""
    return tuple(expand_quantifiers(e) for e in _rule_exprs(rules))


def uses(defs: Definitions, exprs: Iterable[Expr], rules: Rules | None = None,
         outcome: bool = False, own: bool = False, atoms: frozenset[str] = frozenset()
         ) -> Uses:
    """The tables ``exprs`` read (and the rules, where ``outcome`` is asked or an expression
    reads the outcome or ``meets``). ``own``: what the expressions read themselves, the rules
    they refer to left out (a caller that reads the rules anyway). ``atoms``: definitions
    without parameters (HCP) recorded as read (``Uses.atoms``), not what they read."""
    out = Uses()
    done: set[Expr] = set()
    stack = [expand_quantifiers(e) for e in exprs]
    rules_read = False

    def read_rules() -> None:
        nonlocal rules_read
        if own:
            out.outcome = True
            return
        if rules is None:
            from openbid.base.errors import OpenbidError

            raise OpenbidError("this expression reads the outcome of a rules table; none is given")
        if not rules_read:
            rules_read = True
            out.outcome = True
            stack.extend(_expanded(rules))

    if outcome:
        read_rules()
    while stack:
        e = stack.pop()
        if e in done:
            continue
        done.add(e)
        if isinstance(e, Const):
            continue
        if isinstance(e, Quant):
            stack.append(expand_quantifiers(e))
            continue
        got = string_comparison(e)
        if got is not None:
            if got[0] == "SHAPE":
                out.patterns.add(defs.entry("SHAPE", 0))  # type: ignore[arg-type]
            else:
                read_rules()
            continue
        if isinstance(e, Name):
            if e.id in SUIT_CONSTANTS:
                continue
            if e.id in OUTCOMES:
                read_rules()
                continue
            if not defs.has(e.id, 0):
                continue  # a bound variable
            entry = defs.entry(e.id, 0)
            if isinstance(entry, PatternTable):
                out.patterns.add(entry)
            elif isinstance(entry, Context):
                out.contexts.add(entry.name)
            elif isinstance(entry, Derived):
                if e.id in atoms:
                    out.atoms.add(e.id)
                else:
                    stack.append(expand_quantifiers(defs.inline(entry, ())))
            continue
        if isinstance(e, Call):
            if e.fn == "chose":  # what the node's rules read
                from openbid.systems.auction import node_of

                if rules is None:
                    read_rules()
                    continue
                node = node_of(rules, str(e.args[0].value))  # type: ignore[union-attr]
                if node.rules is not None:
                    stack.extend(_expanded(node.rules))
                continue
            if e.fn == "meets":
                if rules is None or own:
                    read_rules()
                    continue
                assert rules is not None
                stack.append(expand_quantifiers(meets_expr(rules, str(e.args[0].value))))  # type: ignore[union-attr]
                continue
            if defs.has(e.fn, len(e.args)):
                entry = defs.entry(e.fn, len(e.args))
                if isinstance(entry, SuitTable):
                    out.tables.add((entry, suit_of(e.args[0])))
                    continue
                if isinstance(entry, Derived):
                    from openbid.readers.core import _constants

                    stack.append(expand_quantifiers(defs.inline(entry, _constants(e.args))))
                    stack.extend(e.args)
                    continue
        stack.extend(children(e))
    return out


def tracked_ranks(defs: Definitions, exprs: Iterable[Expr], rules: Rules | None = None) -> str:
    """A, K, Q, J, T (the paper's classes) and every rank the rules and ``exprs`` read."""
    u = uses(defs, list(exprs) + (rule_exprs(rules) if rules is not None else []), rules)
    return rank_order(BASE_RANKS + u.reads)
