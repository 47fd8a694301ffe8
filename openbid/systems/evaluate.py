"""Evaluate an expression (outcome names included) on one hand with the executable model."""

from __future__ import annotations

from dataclasses import dataclass

from openbid.systems.descriptors import Descriptors
from openbid.expr.ast import Expr
from openbid.expr.pycode import compile_expr
from openbid.bridge.hand import Hand
from openbid.systems.procedure import Outcome, program_for
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules


@dataclass
class OutcomeView:
    """What ``bid``, ``section``, ``bidval`` and ``meets("L")`` mean for one hand."""

    rules: Rules
    d: Descriptors
    outcome: Outcome

    @property
    def bid(self) -> str:
        return self.outcome.bid

    @property
    def section(self) -> str:
        return self.outcome.section

    @property
    def bidval(self) -> int:
        return self.outcome.bidval

    def meets(self, label: str) -> bool:
        return bool(compile_expr(meets_expr(self.rules, label), self.d._defs)(self.d, self))

    def chose(self, auction: str, call: str) -> bool:
        """The system of these rules calls ``call`` after ``auction`` with this hand."""
        from openbid.systems.auction import node_of

        node = node_of(self.rules, auction)
        if node.rules is None:
            return call == "PASS"
        return program_for(node.rules).run(self.d).bid == call


def _view(hand: Hand, rules: Rules, context: tuple):
    program = program_for(rules)
    d = program.describe(hand, context)
    return d, OutcomeView(rules, d, program.outcome(d)), program.defs


def holds(expr: Expr, hand: Hand, rules: Rules, context: tuple = ()) -> bool:
    """``expr`` on ``hand`` under ``rules``, by the executable procedure (``context``: the
    facts of the deal, when the expression or the rules read them)."""
    d, view, defs = _view(hand, rules, context)
    return bool(compile_expr(expr, defs)(d, view))


def value(expr: Expr, hand: Hand, rules: Rules, context: tuple = ()):
    d, view, defs = _view(hand, rules, context)
    return compile_expr(expr, defs)(d, view)
