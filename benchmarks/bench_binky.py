"""Binky points: building A and B and inverting (limit 1 s), derive() on the shipped Tr table
(limit 5 s), and the exact pieces for reference. Each figure is measured in a fresh
subprocess, so no cache of this process helps it.

Run: PYTHONPATH=. python3 benchmarks/bench_binky.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BUILD = """
import time
t = time.perf_counter()
import numpy as np
from openbid.studies.binky import matrices as mx
A, B = mx.matrix_A(), mx.matrix_B()
Ai = np.linalg.inv(np.eye(39) + A)
Bi = np.linalg.inv(np.eye(512) + B)
print(time.perf_counter() - t)
"""

DERIVE = """
import time
t = time.perf_counter()
from openbid.studies.binky.derive import derive, TR_TABLE
derive(TR_TABLE)
print(time.perf_counter() - t)
"""

EXACT = """
import time
t = time.perf_counter()
from openbid.studies.binky import matrices as mx
mx.pattern_numerators(); mx.holding_numerators()
print(time.perf_counter() - t)
"""


def run(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    rows = [("build A, B (float64) + invert I+A, I+B", run(BUILD), 1.0),
            ("derive(tr_table.json), both strains", run(DERIVE), 5.0),
            ("exact integer A, B (Python ints)", run(EXACT), None)]
    for name, secs, limit in rows:
        lim = f"limit {limit:.0f} s: {secs / limit:.0%} of it" if limit else "no limit"
        print(f"{name:42s} {secs:7.3f} s   ({lim}; includes imports)")


if __name__ == "__main__":
    main()
