"""The bounds on the numbers a command is given (docs/LIMITS.md lists each with its reason). A
number past its bound is refused before any work, with a message that says the bound and why;
nothing is cut or guessed."""

from __future__ import annotations

import os

from openbid.base.errors import OpenbidError

# 'openbid deal --count': each deal is held with its auction until it is printed (about 5 KB a
# deal: 100,000 deals are about 500 MB above the census's own).
DEAL_COUNT = 100_000
# 'openbid deal --samples': the dealer gives up after this many deals of the other cards.
DEAL_SAMPLES = 2_000_000
# 'openbid claim --gap': the pairs drawn for the estimate, held as deals (as --count); at
# 100,000 pairs the 95% interval is already within 0.3 percentage points.
CLAIM_GAP = 100_000
# 'openbid dd fill --deals': seeded deals, dealt and solved a chunk at a time (nothing is held
# per deal); ten million full tables are weeks of one core.
FILL_DEALS = 10_000_000
# 'openbid compare --deals': each board's result is held for the summary, the largest swings
# and the report (about 650 bytes a board: a million boards are about 650 MB).
COMPARE_BOARDS = 1_000_000
# '--workers' (and OPENBID_JOBS for the double-dummy engine): local solver processes of about
# 130 MB each; more processes than cores only share the cores.
WORKERS_PER_CORE = 4
MAX_WORKERS = 256


def bounded(option: str, value: int, low: int, high: int, why: str = "") -> int:
    """``value`` if ``low <= value <= high``, else an :class:`OpenbidError` naming the option,
    its bounds and (``why``) the reason for the upper one."""
    if not low <= value <= high:
        reason = f" ({why})" if why else ""
        raise OpenbidError(f"{option} must be {low:,} to {high:,}{reason}, not {value:,}")
    return value


def max_workers() -> int:
    """The most local worker processes a command may start: :data:`WORKERS_PER_CORE` per core,
    at most :data:`MAX_WORKERS`."""
    return min(MAX_WORKERS, WORKERS_PER_CORE * (os.cpu_count() or 1))


def workers(value: int, option: str = "--workers") -> int:
    """A number of local worker processes (0: none, the work is done in this process)."""
    return bounded(option, value, 0, max_workers(),
                   f"{WORKERS_PER_CORE} per core on this machine's {os.cpu_count() or 1}, at "
                   f"most {MAX_WORKERS}: each is a process of its own, and more than the cores "
                   "only share them")
