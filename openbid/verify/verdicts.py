"""Three-valued verdicts (CrossHair's VerificationStatus): never ``check() == sat`` as a bool.

Every solver query has a timeout; ``unknown`` is reported as UNKNOWN with Z3's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import z3

from openbid.model.hand import Hand

DEFAULT_TIMEOUT_MS = 20_000


class Status(str, Enum):
    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Check:
    status: Status
    model: z3.ModelRef | None = None
    reason: str = ""


def check(solver: z3.Solver, *assumptions) -> Check:
    r = solver.check(*assumptions)
    if r == z3.sat:
        return Check(Status.SAT, solver.model())
    if r == z3.unsat:
        return Check(Status.UNSAT)
    return Check(Status.UNKNOWN, reason=solver.reason_unknown())


def new_solver(timeout_ms: int = DEFAULT_TIMEOUT_MS) -> z3.Solver:
    s = z3.Solver()
    s.set("timeout", int(timeout_ms))
    return s


class Verdict(str, Enum):
    """Of a claim "premise implies conclusion"."""

    HELD = "held"  # proved: no hand meets the premise and not the conclusion
    FAILED = "failed"  # refuted: a witness hand, re-checked by the executable
    VACUOUS = "vacuous"  # no hand meets the premise at all
    UNKNOWN = "unknown"  # the solver gave up (reason recorded)


@dataclass(frozen=True)
class ClaimResult:
    verdict: Verdict
    witness: Hand | None = None
    reason: str = ""
