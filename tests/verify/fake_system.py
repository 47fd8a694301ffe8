"""A minimal auction system for testing the node checks apart from the auction model: rules
tables keyed by the exact auction they answer (an all-pass auction shorter than four calls is
the opening), each earlier call of a player compiled to an expression with the symbolic
executor (openbid.readers.execution) over an algebra of expressions, so that the executor, Z3
and the census all read the history condition."""

from __future__ import annotations

from dataclasses import dataclass, field

from openbid.model.bids import bid_text
from openbid.model.expr.ast import FALSE, TRUE, And, Compare, Const, Expr, Not, Or, conj
from openbid.model.procedure import program_for
from openbid.model.rules.model import Rules
from openbid.readers.execution import execute


class ExprAlgebra:
    true = TRUE
    false = FALSE

    def and_(self, a: Expr, b: Expr) -> Expr:
        if a == FALSE or b == FALSE:
            return FALSE
        return conj(a, b)

    def or_(self, a: Expr, b: Expr) -> Expr:
        if a == TRUE or b == TRUE:
            return TRUE
        items = [x for x in (a, b) if x != FALSE]
        if not items:
            return FALSE
        return items[0] if len(items) == 1 else Or(tuple(items))

    def not_(self, a: Expr) -> Expr:
        if a == TRUE:
            return FALSE
        if a == FALSE:
            return TRUE
        return Not(a)

    def is_false(self, a: Expr) -> bool:
        return a == FALSE


ALG = ExprAlgebra()


def makes(rules: Rules, call: str) -> Expr:
    """The condition under which ``rules`` make ``call`` (plain calls; no tentative bids)."""
    ex = execute(rules, ALG, lambda e: e, lambda e: e)
    parts = [ex.passes] if call == "PASS" else []
    for site in ex.sites:
        v = site.value
        if isinstance(v, Const):
            if bid_text(int(v.value)) == call:
                parts.append(site.fire)
        else:
            from openbid.model.bids import call_value

            parts.append(ALG.and_(site.fire, Compare("=", v, Const(call_value(call)))))
    out: Expr = FALSE
    for p in parts:
        out = ALG.or_(out, p)
    return out


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
