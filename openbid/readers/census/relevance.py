"""Which suits' tens no expression reads: there the census may count the ten as a spot card.

A hand class fixes, per suit, which of A K Q J T are held and how many spot cards there are. Of
every descriptor, only three read the ten of a suit: HONORCOUNT, TEN and CANBEREBID (through its
honour count). In a suit where none of these is read, a class with the ten and k spot cards and
the class without it and k + 1 spot cards give every expression the same value, so the census
may count them as one class of weight C(9, small cards) (the ten and the eight spot cards are
nine interchangeable small cards): exact, and half the rows in that suit.

The analysis is a whitelist: a descriptor or function it does not know (a new one, say) reads
every suit's ten, and nothing is merged. The rules table is read through the same symbolic
executor the readers use (openbid.readers.execution), so loops over suits are bound exactly as they run.
"""

from __future__ import annotations

from typing import Iterable

from openbid.model.expr.ast import And, Arith, Call, Compare, Const, Expr, Name, Neg, Not, Or, expand_quantifiers
from openbid.model.expr.names import SUIT_CONSTANTS, string_comparison
from openbid.model.rules.meets import meets_expr
from openbid.model.rules.model import Rules
from openbid.readers.execution import execute

SUITS = (1, 2, 3, 4)
# Whole-hand descriptors: none reads a ten (Appendix 2; openbid.model.descriptors).
TEN_FREE_NAMES = frozenset({"HCP", "DISTP", "TOTALPTS", "SUB", "XTRP", "SUMP", "ACES", "KINGS",
                            "LONGEST", "STOP", "PLAYTRICKS", "VOIDFLAG", "EVENDIST", "FOUR441",
                            "SOLID", "NOTRUMPTRY"})
# Per-suit functions that do not read the suit's ten, and those that do.
TEN_FREE_CALLS = frozenset({"SUITLENGTH", "SUITPOINTS", "PT", "SAFE", "NOTR", "ACE", "KING",
                            "QUEEN", "JACK", "OUTSIDEACE", "SLIDEPOINTS", "MAJOR", "MINOR", "SP",
                            "count"})
TEN_CALLS = frozenset({"HONORCOUNT", "TEN", "CANBEREBID"})
OUTCOME_NAMES = frozenset({"bid", "section", "bidval"})


class _Collect:
    """A Boolean algebra that computes nothing: :func:`execute` under it just visits every
    condition and value of the rules, with loop variables bound."""

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
    seen: list[Expr] = []

    def visit(e: Expr):
        seen.append(e)
        return None

    execute(rules, _Collect(), visit, visit)
    return seen


def tens_unseen(exprs: Iterable[Expr], rules: Rules | None = None, outcome: bool = False) -> frozenset[int]:
    """The suits whose ten no expression reads (nor the rules, when ``outcome`` is used or an
    expression refers to the outcome or to ``meets``). Empty when anything is unknown."""
    stack = [expand_quantifiers(e) for e in exprs]
    reads: set[int] = set()
    done: set[Expr] = set()
    rules_read = False

    def read_rules() -> bool:
        nonlocal rules_read
        if rules is None:
            return False
        if not rules_read:
            rules_read = True
            stack.extend(expand_quantifiers(e) for e in rule_exprs(rules))
        return True

    if outcome and not read_rules():
        return frozenset()
    while stack:
        e = stack.pop()
        if e in done:
            continue
        done.add(e)
        if isinstance(e, Const):
            continue
        if isinstance(e, Name):
            if e.id in TEN_FREE_NAMES or e.id in SUIT_CONSTANTS:
                continue
            if e.id in OUTCOME_NAMES and read_rules():
                continue
            return frozenset()
        if isinstance(e, Compare):
            got = string_comparison(e)
            if got is not None:
                if got[0] == "SHAPE":
                    continue
                if got[0] in OUTCOME_NAMES and read_rules():
                    continue
                return frozenset()
            stack.extend((e.left, e.right))
        elif isinstance(e, Call):
            if e.fn == "meets":
                if rules is None or not isinstance(e.args[0], Const):
                    return frozenset()
                stack.append(expand_quantifiers(meets_expr(rules, str(e.args[0].value))))
                continue
            if e.fn in TEN_CALLS:
                suit = _constant_suit(e.args[0])
                if suit is None:
                    return frozenset()
                reads.add(suit)
            elif e.fn not in TEN_FREE_CALLS:
                return frozenset()
            stack.extend(e.args)
        elif isinstance(e, (And, Or)):
            stack.extend(e.items)
        elif isinstance(e, (Not, Neg)):
            stack.append(e.operand)
        elif isinstance(e, Arith):
            stack.extend((e.left, e.right))
        else:
            return frozenset()
    return frozenset(s for s in SUITS if s not in reads)


def _constant_suit(e: Expr) -> int | None:
    if isinstance(e, Const) and isinstance(e.value, int) and not isinstance(e.value, bool) and e.value in SUITS:
        return e.value
    if isinstance(e, Name) and e.id in SUIT_CONSTANTS:
        return SUIT_CONSTANTS[e.id]
    return None
