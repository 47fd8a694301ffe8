"""A minimal auction system for testing the node checks apart from the auction model: rules
tables keyed by the exact auction they answer (an all-pass auction shorter than four calls is
the opening), each earlier call of a player compiled to an expression with the symbolic
executor (openbid.systems.rules.execution) over an algebra of expressions, so that the executor, Z3
and the census all read the history condition."""

from __future__ import annotations

from dataclasses import dataclass, field

from openbid.systems.auction import chooses_expr
from openbid.bridge.bids import bid_text
from openbid.expr.ast import FALSE, TRUE, And, Expr, conj
from openbid.systems.procedure import program_for
from openbid.systems.rules.model import Rules


def makes(rules: Rules, call: str) -> Expr:
    """The condition under which ``rules`` make ``call``, written out in descriptors."""
    return chooses_expr(rules, call)


@dataclass
class FakeSystem:
    opening: Rules
    blocks: dict[tuple[str, ...], Rules] = field(default_factory=dict)
    else_pass: frozenset = frozenset()

    def rules_at(self, auction: tuple[str, ...]) -> Rules | None:
        if len(auction) < 4 and all(c == "PASS" for c in auction):
            return self.opening
        return self.blocks.get(tuple(auction))

    def block_at(self, auction):
        r = self.rules_at(auction)
        if r is None:
            return None, None, {}, False
        pattern = "" if r is self.opening else " ".join(auction)
        return pattern, r, {}, tuple(auction) in self.else_pass

    def consistent(self, auction, seat: int) -> Expr:
        parts = []
        for t in range(seat, len(auction), 4):
            r = self.rules_at(auction[:t])
            parts.append(makes(r, auction[t]) if r is not None else
                         (TRUE if auction[t] == "PASS" else FALSE))
        return conj(*parts) if parts else TRUE

    def call(self, auction, hand, vul="none"):
        r = self.rules_at(tuple(auction))

        class Choice:
            pass

        c = Choice()
        c.call = "PASS" if r is None else bid_text(program_for(r).bid_hand(hand).bidval)
        return c


__all__ = ["FakeSystem", "makes", "And"]
