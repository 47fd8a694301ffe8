"""Three-valued answers and verdicts (CrossHair's VerificationStatus): never ``check() == sat``
as a bool. One verdict type for every checker.

Every solver query runs under a deterministic budget: Z3's resource limit (``rlimit``, counted
in Z3's own units of work, per query), never a wall-clock timeout, so the same question gets the
same answer on any machine under any load. An exhausted budget is UNKNOWN, with Z3's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import z3

# The default budget per query, in Z3 resource units. The largest query of `openbid prove`, the
# test suite and benchmarks/bench_mutation.py uses about PROVE_MAX_RLIMIT (printed by
# benchmarks/bench_rlimit.py); the default leaves a wide margin above it.
DEFAULT_RLIMIT = 200_000_000

# Z3's own Ctrl-C handler turns an interrupt into an UNKNOWN answer (reason "canceled", the
# reason of a spent budget too), which could be recorded as a verdict, and it catches a Ctrl-C
# the caller ignores. Off: an interrupt is the caller's (openbid.cli.main interrupts Z3 on a
# signal, and the command stops).
z3.set_param("ctrl_c", False)

_USED = {"max": 0, "queries": 0}
TRACK_USAGE = False  # benchmarks/bench_rlimit.py turns it on (reading Z3's statistics costs time)


class Status(str, Enum):
    """One solver answer."""

    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Check:
    status: Status
    model: z3.ModelRef | None = None
    reason: str = ""
    used: int = 0  # resource units this query took


def _count(solver: z3.Solver) -> int:
    st = solver.statistics()
    for k in st.keys():
        if k == "rlimit count":
            return int(st.get_key_value(k))
    return 0


def check(solver: z3.Solver, *assumptions) -> Check:
    before = _count(solver) if TRACK_USAGE else 0
    r = solver.check(*assumptions)
    used = _count(solver) - before if TRACK_USAGE else 0
    _USED["max"] = max(_USED["max"], used)
    _USED["queries"] += 1
    if r == z3.sat:
        return Check(Status.SAT, solver.model(), used=used)
    if r == z3.unsat:
        return Check(Status.UNSAT, used=used)
    return Check(Status.UNKNOWN, reason=solver.reason_unknown(), used=used)


def check_with(solver: z3.Solver, *facts) -> Check:
    """:func:`check` with ``facts`` added for this one query (the solver is left as it was)."""
    solver.push()
    try:
        solver.add(*facts)
        return check(solver)
    finally:
        solver.pop()


def usage() -> dict[str, int]:
    """The largest budget one query of this process used, and how many queries ran."""
    return dict(_USED)


def new_solver(rlimit: int = DEFAULT_RLIMIT) -> z3.Solver:
    """A solver with the budget ``rlimit`` per query. Z3's incremental core (SimpleSolver): the
    default solver's preprocessing tactics take hundreds of times longer on these formulas
    (benchmarks/bench_rlimit.py: 'bid = "PASS" and HCP >= 22' ran out of 300M units, and the
    incremental core decides it in 0.8M)."""
    s = z3.SimpleSolver()
    s.set("rlimit", int(rlimit))
    return s


class Verdict(str, Enum):
    """Of a claim "premise implies conclusion" (a claim that no hand meets a condition is the
    claim that the condition implies false)."""

    HELD = "held"  # proved: no hand (or result) meets the premise and not the conclusion
    FAILED = "failed"  # refuted: a witness, re-checked by the executable
    VACUOUS = "vacuous"  # nothing meets the premise at all
    UNKNOWN = "unknown"  # the budget ran out (reason recorded)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class ClaimResult:
    verdict: Verdict
    witness: object | None = None
    reason: str = ""
