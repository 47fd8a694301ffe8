"""A whole deal bid by one system, through ``System.bid_deal`` of :mod:`openbid.model.auction`
when that module is present; until then through :class:`OpeningSystem`, which reads a rule file
as that API reads one with an opening block only: the players call in turn from the dealer with
the opening rules until someone opens; every later call is at an off-system node, so it is a
pass, counted as off-system. The contract is the opening bid, played by the opener.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from openbid.model.hand import Hand

SEATS = "NESW"


@dataclass(frozen=True)
class Choice:
    """One call: the call, its bid point ('' for a fall-through pass), its block ('' the
    opening, None off-system), and whether it was made at an off-system node."""

    call: str
    label: str = ""
    block: str | None = ""
    off_system: bool = False


@dataclass(frozen=True)
class DealAuction:
    """A deal's auction from the dealer, its calls, the final contract (``4SX``, ``PASS``), the
    declarer (None when passed out) and the number of calls made at off-system nodes."""

    auction: tuple[str, ...]
    choices: list[Choice] = field(default_factory=list)
    contract: str = "PASS"
    declarer: str | None = None
    off_system: int = 0


class Bidder(Protocol):
    def bid_deal(self, hands: dict[str, Hand], dealer: str, vul: str): ...


def side_vul(vul: str, seat: str) -> tuple[bool, bool]:
    """(the seat's side vulnerable, the opponents vulnerable) when ``vul`` is none/NS/EW/both."""
    ours = "NS" if seat in "NS" else "EW"
    theirs = "EW" if ours == "NS" else "NS"
    return vul in ("both", ours), vul in ("both", theirs)


class OpeningSystem:
    """A rule file read as a system with an opening block only (see the module's docstring)."""

    def __init__(self, rules) -> None:
        from openbid.model.procedure import program_for

        self.rules = rules
        self.program = program_for(rules)

    def bid_deal(self, hands: dict[str, Hand], dealer: str, vul: str) -> DealAuction:
        calls: list[str] = []
        choices: list[Choice] = []
        start = SEATS.index(dealer)
        for turn in range(4):
            seat = SEATS[(start + turn) % 4]
            ours, theirs = side_vul(vul, seat)
            context = (("SEAT", turn + 1), ("VUL", ours), ("THEYVUL", theirs))
            outcome = self.program.bid_hand(hands[seat], context)
            calls.append(outcome.bid)
            choices.append(Choice(outcome.bid, "" if outcome.bid == "PASS" else outcome.section))
            if outcome.bid != "PASS":
                for _ in range(3):  # every later node is off-system: a pass
                    calls.append("PASS")
                    choices.append(Choice("PASS", "", None, True))
                return DealAuction(tuple(calls), choices, outcome.bid, seat, 3)
        return DealAuction(tuple(calls), choices, "PASS", None, 0)


def load_system(spec: str):
    """A system to bid deals with: ``spec`` a variant name or a rule file, as ``openbid diff``
    takes them."""
    try:
        from openbid.model import auction  # type: ignore[attr-defined]
    except ImportError:
        auction = None
    if auction is not None and hasattr(auction, "load_system"):
        return auction.load_system(spec)
    from openbid.model.variants import resolve_spec

    return OpeningSystem(resolve_spec(spec))
