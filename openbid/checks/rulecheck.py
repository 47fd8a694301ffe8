"""Static checks of a rules table beyond what the reader can see: every bid point makes a real
bid (a BIDVAL of Appendix 5) on every hand that reaches it - proved with Z3, site by site."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import z3

from openbid.bridge.bids import VALID_BIDVALS
from openbid.systems.rules.model import Rules
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, check, new_solver


@dataclass(frozen=True)
class BadBid:
    label: str
    suit: int | None
    status: Status  # SAT: a hand makes an invalid BIDVAL here; UNKNOWN: undecided
    witness: str | None
    bidval: int | None


def invalid_bidvals(rules: Rules, rlimit: int = DEFAULT_RLIMIT,
                    progress: Callable[[int, int], None] | None = None) -> list[BadBid]:
    """Every bid point that can make a BIDVAL that is no bid; ``progress(done, total)`` after
    each (a long rule file takes a while: each bid point's query holds every earlier one)."""
    sym = SymbolicHand(rules)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    out = []
    sites = sym.execution.sites + sym.execution.tentative
    for i, site in enumerate(sites):
        if progress:
            progress(i, len(sites))
        solver.push()
        solver.add(site.fire, z3.And(*(site.value != v for v in sorted(VALID_BIDVALS))))
        r = check(solver)
        if r.status is Status.SAT:
            assert r.model is not None
            out.append(BadBid(site.label, site.suit, r.status, sym.witness(r.model).to_pbn(),
                              r.model.eval(site.value, model_completion=True).as_long()))
        elif r.status is Status.UNKNOWN:
            out.append(BadBid(site.label, site.suit, r.status, None, None))
        solver.pop()
    return out
