"""Evaluate an expression (outcome names included) on one hand with the executable model."""

from __future__ import annotations

from dataclasses import dataclass

from openbid.model.descriptors import Descriptors, describe
from openbid.model.expr.ast import Expr
from openbid.model.expr.pycode import compile_expr
from openbid.model.hand import Hand
from openbid.model.procedure import Outcome, program_for
from openbid.model.rules.meets import meets_expr
from openbid.model.rules.model import Rules


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
        return bool(compile_expr(meets_expr(self.rules, label))(self.d, self))


def holds(expr: Expr, hand: Hand, rules: Rules) -> bool:
    """``expr`` on ``hand`` under ``rules``, by the executable procedure."""
    d = describe(hand, rules.readings)  # type: ignore[arg-type]
    view = OutcomeView(rules, d, program_for(rules).run(d))
    return bool(compile_expr(expr)(d, view))


def value(expr: Expr, hand: Hand, rules: Rules):
    d = describe(hand, rules.readings)  # type: ignore[arg-type]
    view = OutcomeView(rules, d, program_for(rules).run(d))
    return compile_expr(expr)(d, view)
