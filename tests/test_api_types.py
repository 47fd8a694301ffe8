"""The API is typed for its users: mypy --strict finds nothing in it, a user's script that uses
its results as their types type-checks, and one that misuses them does not (so the types are
precise, not Any). The types the API returns are public: each lives in a module its package
lists in ``__all__``."""

from __future__ import annotations

import dataclasses
import importlib
import subprocess
import sys
import typing
from pathlib import Path

import openbid
import openbid.api as api

ROOT = Path(__file__).resolve().parents[1]

GOOD = '''
import openbid

small = openbid.load_system("openbid/systems/examples/small.rules")
call: str = small.call("AQ2.KJ42.KQ2.Q32", "1NT P 2C P").call
contract: str = small.bid_deal("N:- - - -").contract
shown: int = len(small.explain("1NT").own)
failing: int = len(small.check().failing)
status: int = small.check().exit_status
deals: int = small.simulate(100).summary.deals
count: int = openbid.count("HCP >= 20").count
found: str = openbid.find("HCP = 37").status
total: int = openbid.score("4S=").total
'''
BAD = '''
import openbid

call: int = openbid.load_system("sayc").call("AQ2.KJ42.KQ2.Q32").call
total: str = openbid.score("4S=").total
openbid.score(4)
'''


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_mypy_strict_finds_nothing_in_the_api_and_a_users_script_types(tmp_path: Path) -> None:
    good = tmp_path / "good.py"
    good.write_text(GOOD)
    r = mypy("--strict", "--follow-imports=silent", "openbid/api/__init__.py",
             "openbid/__init__.py", str(good))
    assert r.returncode == 0, r.stdout + r.stderr
    bad = tmp_path / "bad.py"
    bad.write_text(BAD)
    r = mypy("--strict", "--follow-imports=silent", str(bad))
    assert r.returncode == 1 and r.stdout.count("error:") == 3, r.stdout + r.stderr


def _classes(tp: object) -> set[type]:
    """The classes a type annotation names (through unions, tuples, lists, dicts)."""
    out: set[type] = set()
    if isinstance(tp, type):
        out.add(tp)
    for arg in typing.get_args(tp):
        out |= _classes(arg)
    return out


def test_every_type_the_api_returns_or_takes_is_public() -> None:
    seen: set[type] = set()
    todo: list[type] = []
    functions = [api.load_system, api.count, api.find, api.score,
                 *(getattr(api.System, m) for m in ("call", "bid_deal", "explain", "check",
                                                    "simulate"))]
    ns = {**vars(api), **{n: getattr(openbid, n) for n in openbid.__all__ if n != "__version__"}}
    for name in ("openbid.checks.findings", "openbid.checks.explain", "openbid.checks.table",
                 "openbid.sim.tally", "openbid.systems.auction", "openbid.systems.rules.model",
                 "openbid.formats.board", "openbid.bridge.deals", "openbid.bridge.hand"):
        ns.update({k: v for k, v in vars(importlib.import_module(name)).items()
                   if isinstance(v, type)})
    for fn in functions:  # what it returns and what it takes
        todo += [c for h in typing.get_type_hints(fn, ns).values() for c in _classes(h)]
    while todo:
        cls = todo.pop()
        if cls in seen or not cls.__module__.startswith("openbid."):
            continue
        seen.add(cls)
        if dataclasses.is_dataclass(cls):
            module = sys.modules[cls.__module__]
            hints = typing.get_type_hints(cls, {**ns, **vars(module)})
            todo += [c for h in hints.values() for c in _classes(h)]
    names = {c.__name__ for c in seen}
    assert {"Call", "DealAuction", "Choice", "Explained", "Shown", "CheckReport", "Finding",
            "Witness", "Policy", "Summary", "NodeStat", "Count", "Found", "Score", "Hand", "Board",
            "DealtBoard"} <= names, names
    for cls in seen:
        parts = cls.__module__.split(".")
        if parts[1] == "api":
            assert cls.__name__ in api.__all__, cls
            continue
        package = importlib.import_module(".".join(parts[:2]))
        public = [getattr(package, n, None) for n in package.__all__]
        listed = parts[2] in package.__all__ or cls in public or any(
            cls in typing.get_args(p) for p in public)  # a member of a public union (Expr)
        assert listed, (f"{cls.__module__}.{cls.__name__}: openbid.{parts[1]}.__all__ lists "
                        f"neither {parts[2]} nor {cls.__name__}")
