"""Partnership claims after an auction, and the seats' conditions an auction sets.

After an auction (calls from the dealer), each seat's hand is CONSISTENT when every call that
seat made is the one the system chooses at its node (:meth:`System.consistent`). A partnership
claim "after AUCTION, COND" (COND seat-qualified, naming one partnership: N and S, or E and W)
holds when every pair of hands, one per partner, disjoint, each consistent with its own calls,
meets COND. The opponents' hands are not constrained (their calls say nothing the claim reads;
their cards are any cards left).

Verdicts (Z3 over the two hands with card ownership): HELD (unsat), FAILED with a pair of hands
(re-bid through :meth:`System.call` along the auction, each call confirmed, and COND re-read on
the executable), VACUOUS (no pair of hands is consistent with both partners' calls), UNKNOWN.
"""

from __future__ import annotations

from dataclasses import dataclass

from openbid.systems.auction import SEATS, System, parse_auction
from openbid.base.errors import OpenbidError
from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.bridge.notation import seat_vul, side_vul
from openbid.checks.pair import deal_claim, seats_in
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT, Verdict


def offset(dealer: str, seat: str) -> int:
    """The turn offset of ``seat`` from the dealer (0 the dealer)."""
    return (SEATS.index(seat) - SEATS.index(dealer)) % 4


def seat_conditions(system: System, auction: tuple[str, ...], dealer: str,
                    seats: str) -> dict[str, Expr]:
    """Each seat's consistency condition after ``auction`` (over its hand, VUL, THEYVUL)."""
    return {s: system.consistent(auction, offset(dealer, s)) for s in seats}


def contexts(vul: str, seats: str = SEATS, dealer: str = "N") -> dict[str, dict]:
    """Each seat's facts of the deal: VUL and THEYVUL from its side, SEAT from the dealer."""
    return {s: {**dict(zip(("VUL", "THEYVUL"), side_vul(vul, s))),
                "SEAT": offset(dealer, s) + 1} for s in seats}


def rebid(system: System, auction: tuple[str, ...], dealer: str, vul: str,
          deal: dict[str, Hand], seats: str) -> None:
    """Each of ``seats`` re-bid along ``auction`` through System.call: every call it made must be
    the system's choice (else :class:`Disagreement`)."""
    for i, call in enumerate(auction):
        seat = SEATS[(SEATS.index(dealer) + i) % 4]
        if seat not in seats:
            continue
        got = system.call(auction[:i], deal[seat], seat_vul(vul, seat)).call
        if got != call:
            raise Disagreement(f"{seat}'s hand {deal[seat].to_pbn()} calls {got}, not {call}, "
                               f"after {' '.join(auction[:i]) or 'nothing'}")


@dataclass
class PartnershipClaim:
    verdict: Verdict
    seats: str
    deal: dict[str, Hand] | None = None
    reason: str = ""


def partnership_claim(system: System, auction_text: str, cond: Expr, *, dealer: str = "N",
                      vul: str = "none", rlimit: int = DEFAULT_RLIMIT) -> PartnershipClaim:
    """"After the auction, every pair of hands consistent with both partners' calls meets
    ``cond``"."""
    if dealer not in SEATS:
        raise OpenbidError(f"dealer {dealer!r}: expected N, E, S or W")
    auction = parse_auction(auction_text)
    named = seats_in(cond)
    if not named:
        raise OpenbidError("the claim names no seat: qualify its descriptors (N.HCP, "
                           "S.SUITLENGTH(H))")
    side = "NS" if named[0] in "NS" else "EW"
    if any(s not in side for s in named):
        raise OpenbidError(f"the claim names seats of both sides ({', '.join(named)}): a "
                           "partnership claim reads N and S, or E and W")
    conds = seat_conditions(system, auction, dealer, side)
    ctx = contexts(vul, side, dealer)
    got = deal_claim([(s, conds[s]) for s in side], cond, system.rules, ctx, rlimit, side)
    if got.deal is not None:
        rebid(system, auction, dealer, vul, got.deal, side)
    return PartnershipClaim(got.verdict, side, got.deal, got.reason)

