"""Helpers shared by the benchmark scripts: random deals, timing, subprocess runs, tables.

Benchmarks print figures and ratios measured in the same run; they never assert timings (the
machines are shared and noisy). Each script puts the repo root on ``sys.path`` before importing
this module, so nothing needs installing.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from openbid.bridge.hand import RANKS, Hand, Holding  # noqa: E402

DECK = tuple((suit, rank) for suit in range(4) for rank in RANKS)  # suit 0 = S ... 3 = C
OPENBID = (sys.executable, "-m", "openbid.cli.main")


def random_hand(rng: random.Random) -> Hand:
    """A uniformly random concrete hand: 13 distinct cards of the 52."""
    suits: list[list[str]] = [[], [], [], []]
    for suit, rank in rng.sample(DECK, 13):
        suits[suit].append(rank)
    return Hand(*(Holding("".join(sorted(s, key=RANKS.index)), 0) for s in suits))


def random_hands(n: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def timed(fn: Callable[[], object]) -> tuple[object, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def env_with(**extra: str) -> dict[str, str]:
    """This process's environment with the repo root on PYTHONPATH, plus ``extra``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(extra)
    return env


def run_openbid(args: Sequence[str], stdout=subprocess.PIPE, **extra_env: str):
    """``openbid ARGS`` as a subprocess (``python -m openbid.cli.main``): (completed, seconds)."""
    t0 = time.perf_counter()
    done = subprocess.run([*OPENBID, *args], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          env=env_with(**extra_env), cwd=str(ROOT), check=False)
    return done, time.perf_counter() - t0


def machine_note() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return (f"machine: {os.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} "
            f"{load[2]:.2f} (shared: absolute figures are noisy, same-run ratios less so)")


def median(xs: Sequence[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain text table: first column left-aligned, the others right-aligned."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule] + [line(r) for r in cells[1:]])


def profile_top(fn: Callable[[], object], top: int = 12,
                stages: Sequence[tuple[str, str, str]] = ()) -> str:
    """Run ``fn`` under cProfile; the ``top`` functions by own time, as a table, then for each
    ``(label, file name, function name)`` in ``stages`` its cumulative share (own share for a
    built-in, file name ``~``)."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    stats = pstats.Stats(prof)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = []
    entries = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
    for (path, lineno, name), (_cc, nc, tt, ct, _callers) in entries[:top]:
        where = f"{Path(path).name}:{lineno}({name})" if lineno else name
        rows.append((where[:70], f"{nc:,}", f"{tt:.3f}", f"{100 * tt / total:.1f}%", f"{ct:.3f}"))
    out = table(("function (by own time)", "calls", "own s", "share", "cum s"), rows)
    if stages:
        cum = []
        for label, file, func in stages:
            col = 2 if file == "~" else 3  # built-ins: own time (recursive hashing double-counts)
            ct = sum(v[col] for (path, _, name), v in stats.stats.items()  # type: ignore[attr-defined]
                     if Path(path).name == file and name == func)
            cum.append(f"{label} {100 * ct / total:.0f}%")
        out += "\nby stage (cumulative share of the total): " + ", ".join(cum)
    return out + f"\n(profiled total {total:.3f} s; cProfile slows everything, shares are what count)"
