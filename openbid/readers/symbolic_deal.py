"""The Z3 reader over several hands of one deal: a symbolic hand per seat named, all on one rank
model, with card ownership: each tracked card (``N_SA``, ``S_SA`` ...) is held by at most one
seat, and each suit's small cards held by the seats named are at most the suit's small cards.
A seat-qualified expression (``N.HCP + S.HCP >= 25``) is read by giving each qualified
descriptor to its seat's hand; an unqualified condition can be asked of one seat's hand
(:meth:`SymbolicDeal.hand_cond`: a call the rules choose for that seat, under its own facts).

Every model is a real deal: :meth:`SymbolicDeal.deal_of` gives the named seats their tracked
cards and small cards (distinct, lowest first, in seat order) and the seats not named the cards
left, so the callers re-check it on the executable.
"""

from __future__ import annotations

from typing import Any, Iterable

import z3

from openbid.systems.descriptors import definitions
from openbid.expr.ast import (And, Arith, Call, Compare, Expr, Ite, Name, Neg, Not, Or,
                                    expand_quantifiers)
from openbid.expr.names import SUIT_CONSTANTS
from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RANKS, RankModel, rank_order
from openbid.systems.rules.model import Rules
from openbid.readers.symbolic import SUITS, SymbolicHand, _b2i
from openbid.readers.uses import tracked_ranks

SEATS = "NESW"
_BUILTIN = frozenset({"count", "min", "max", "abs", "floor", "ceil", "largest", "meets"})


def split_seat(name: str) -> tuple[str, str]:
    """``"N.HCP"`` -> ``("N", "HCP")``; ``"HCP"`` -> ``("", "HCP")``."""
    if len(name) > 2 and name[1] == "." and name[0] in SEATS:
        return name[0], name[2:]
    return "", name


def strip_seats(e: Expr, only: str | None = None) -> Expr:
    """``e`` with every seat qualifier removed (``only``: keep descriptors of that seat and
    none other is expected), for the questions asked of one hand's reader (tracked ranks)."""
    if isinstance(e, Name) and e.id not in SUIT_CONSTANTS:
        return Name(split_seat(e.id)[1], e.pos)
    if isinstance(e, Call):
        return Call(split_seat(e.fn)[1], tuple(strip_seats(a) for a in e.args), e.pos)
    if isinstance(e, Neg):
        return Neg(strip_seats(e.operand), e.pos)
    if isinstance(e, Not):
        return Not(strip_seats(e.operand), e.pos)
    if isinstance(e, Arith):
        return Arith(e.op, strip_seats(e.left), strip_seats(e.right), e.pos)
    if isinstance(e, Compare):
        return Compare(e.op, strip_seats(e.left), strip_seats(e.right), e.pos)
    if isinstance(e, And):
        return And(tuple(strip_seats(x) for x in e.items), e.pos)
    if isinstance(e, Or):
        return Or(tuple(strip_seats(x) for x in e.items), e.pos)
    if isinstance(e, Ite):
        return Ite(strip_seats(e.cond), strip_seats(e.then), strip_seats(e.other), e.pos)
    return e


class _SeatReader(SymbolicHand):
    """Reads a seat-qualified expression: each qualified descriptor by its seat's hand, the
    arithmetic and logic here (the primitives of :class:`SymbolicHand`)."""

    def __init__(self, deal: "SymbolicDeal") -> None:
        super().__init__(deal.rules, prefix="deal", model=deal.model)
        self.deal = deal

    def _name(self, e: Name) -> Any:
        seat, name = split_seat(e.id)
        if seat:
            return self.deal.hand(seat).value(Name(name, e.pos))
        return super()._name(e)

    def _call(self, e: Call) -> Any:
        seat, name = split_seat(e.fn)
        if seat and e.fn not in _BUILTIN:
            return self.deal.hand(seat).value(Call(name, e.args, e.pos))
        return super()._call(e)


class SymbolicDeal:
    """Symbolic hands of ``seats`` (e.g. ``"NS"``) with disjoint cards, under ``rules``.

    ``exprs``: every expression that will be asked (seat-qualified or not), so the rank model
    tracks what they read; ``contexts``: per seat, the facts of the deal fixed for that seat's
    hand (SEAT, VUL ...: each seat reads them from its own point of view)."""

    def __init__(self, rules: Rules, seats: str, exprs: Iterable[Expr] = (),
                 contexts: dict[str, dict] | None = None) -> None:
        self.rules = rules
        self.seats = "".join(s for s in SEATS if s in seats)
        exprs = [strip_seats(expand_quantifiers(e)) for e in exprs]
        defs = definitions(rules.readings, rules.definitions)
        self.model = RankModel.of(rank_order(tracked_ranks(defs, exprs, rules)))
        contexts = contexts or {}
        self.hands = {s: SymbolicHand(rules, prefix=s, model=self.model,
                                      context=contexts.get(s, {})) for s in self.seats}
        self.reader = _SeatReader(self)

    def hand(self, seat: str) -> SymbolicHand:
        try:
            return self.hands[seat]
        except KeyError:
            raise KeyError(f"seat {seat} is not in this deal ({self.seats})") from None

    @property
    def domain(self):
        """Each seat's variables a hand of 13, and no card held twice."""
        cs = [h.domain for h in self.hands.values()]
        if len(self.hands) > 1:
            small = 13 - len(self.model.tracked)
            for s in SUITS:
                for r in self.model.tracked:
                    cs.append(sum(_b2i(h.has(s, r)) for h in self.hands.values()) <= 1)
                cs.append(sum(h.spots[s] for h in self.hands.values()) <= small)
        return z3.And(*cs)

    def cond(self, e: Expr):
        """A seat-qualified condition as a Z3 term."""
        return self.reader.cond(e)

    def hand_cond(self, seat: str, e: Expr):
        """An unqualified condition (rules' outcomes allowed) read by ``seat``'s hand."""
        return self.hand(seat).cond(e)

    def deal_of(self, model: z3.ModelRef) -> dict[str, Hand]:
        """The concrete deal of a model: the named seats' tracked cards as the model says, their
        small cards the lowest free ones in seat order, the other seats the cards left (in
        seat order, lowest first)."""
        smalls = [r for r in RANKS if r not in self.model.tracked][::-1]  # low to high
        parts: dict[str, list[str]] = {s: [] for s in SEATS}
        letters = {4: 0, 3: 1, 2: 2, 1: 3}
        for seat in SEATS:
            parts[seat] = ["", "", "", ""]
        used: dict[int, set[str]] = {s: set() for s in SUITS}
        for seat, h in self.hands.items():
            for s in SUITS:
                held = [r for r in self.model.tracked
                        if z3.is_true(model.eval(h.has(s, r), model_completion=True))]
                n = model.eval(h.spots[s], model_completion=True).as_long()
                free = [r for r in smalls if r not in used[s]][:n]
                used[s] |= set(held) | set(free)
                parts[seat][letters[s]] = rank_order("".join(held + free))
        rest = [(s, r) for s in (4, 3, 2, 1) for r in RANKS[::-1] if r not in used[s]]
        for seat in SEATS:
            if seat in self.hands:
                continue
            mine, rest = rest[:13], rest[13:]
            for s, r in mine:
                parts[seat][letters[s]] += r
            parts[seat] = [rank_order(x) for x in parts[seat]]
        return {seat: Hand.from_suits(*parts[seat]) for seat in SEATS}

    def block(self, deal: dict[str, Hand]):
        """A constraint excluding the classes of ``deal``'s named hands together."""
        return z3.Not(z3.And(*(eq for s, h in self.hands.items() for eq in h.class_of(deal[s]))))
