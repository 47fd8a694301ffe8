"""openbid: verify bridge bidding systems mechanically (exact counts, proofs and counterexample
hands at every point of the auction); the 1967 paper's OPENBID is one of its studies.

The Python API (docs/API.md) is the names in ``__all__``: ``load_system`` returns a
:class:`System` (``call``, ``bid_deal``, ``explain``, ``check``, ``simulate``); ``count``,
``find`` and ``score`` are module functions; every result is a documented frozen dataclass.
The names are imported on first use, so ``import openbid`` stays fast.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not imported at run time: import openbid stays fast

__version__ = "0.1.0"

# name -> the module that defines it (imported on first use)
_API: dict[str, str] = {
    "load_system": "openbid.api",
    "System": "openbid.api",
    "Call": "openbid.api",
    "CheckReport": "openbid.api",
    "Counts": "openbid.api",
    "CountRow": "openbid.api",
    "Simulation": "openbid.api",
    "Found": "openbid.api",
    "FoundHand": "openbid.api",
    "count": "openbid.api",
    "find": "openbid.api",
    "score": "openbid.api",
    # the engine's own dataclasses the API returns
    "DealAuction": "openbid.systems.auction",
    "Choice": "openbid.systems.auction",
    "Explained": "openbid.checks.explain",
    "Finding": "openbid.checks.findings",
    "Policy": "openbid.checks.findings",
    "Count": "openbid.checks.planner",
    "Score": "openbid.bridge.scoring",
    "Summary": "openbid.sim.tally",
    "Hand": "openbid.bridge.hand",
    # the errors bad input raises
    "OpenbidError": "openbid.base.errors",
    "HandError": "openbid.base.errors",
    "ExprError": "openbid.base.errors",
    "ResultError": "openbid.base.errors",
}

__all__ = [
    "__version__",
    # the API (openbid.api)
    "load_system", "System", "Call", "CheckReport", "Counts", "CountRow", "Simulation", "Found",
    "FoundHand", "count", "find", "score",
    # the engine's own dataclasses the API returns
    "DealAuction", "Choice", "Explained", "Finding", "Policy", "Count", "Score", "Summary", "Hand",
    # the errors bad input raises
    "OpenbidError", "HandError", "ExprError", "ResultError",
]

if TYPE_CHECKING:
    from typing import Any

    from openbid.api import (
        Call, CheckReport, CountRow, Counts, Found, FoundHand, Simulation, System, count, find,
        load_system, score,
    )
    from openbid.base.errors import ExprError, HandError, OpenbidError, ResultError
    from openbid.bridge.hand import Hand
    from openbid.bridge.scoring import Score
    from openbid.checks.explain import Explained
    from openbid.checks.findings import Finding, Policy
    from openbid.checks.planner import Count
    from openbid.sim.tally import Summary
    from openbid.systems.auction import Choice, DealAuction


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'openbid' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API))
