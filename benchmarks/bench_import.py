"""How long ``import openbid`` takes: the package's own import time (``python -X importtime``,
cumulative microseconds of the ``openbid`` line), the median of N fresh interpreters, side by
side with peers measured in the same run: the standard library's ``json`` (a small package), the
API layer when first used (``openbid.load_system``: the engine's modules it needs) and
``numpy`` (what the engine itself imports). The API's names are imported on first use, so the
first figure stays near the peer's, far below the others.

Run: python benchmarks/bench_import.py [N]   (default N = 15)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = (
    ("import openbid", "import openbid", "openbid"),
    ("import json (peer)", "import json", "json"),
    ("openbid.load_system (first use)", "import openbid; openbid.load_system", None),
    ("import numpy (the engine's)", "import numpy", "numpy"),
)


def cumulative(code: str, module: str | None) -> int:
    """Microseconds: the cumulative import time of ``module`` (None: the sum of every top-level
    import the code made)."""
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True,
                         text=True, check=True, cwd=ROOT).stderr
    total = 0
    for line in err.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cum, shown = line.split(":", 1)[1].split("|")
        name = shown.rstrip()[1:]  # nested imports are indented past the one leading space
        if module is not None and name == module:
            return int(cum)
        if module is None and not name.startswith(" "):
            total += int(cum)
    if module is not None:
        raise SystemExit(f"{module} not in the importtime output of {code!r}")
    return total


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    rows = []
    for label, code, module in CASES:
        rows.append((label, statistics.median(cumulative(code, module) for _ in range(n))))
    base = rows[0][1]
    print(f"{'':34} {'median ms':>10} {'x import openbid':>17}   ({n} fresh interpreters each)")
    for label, us in rows:
        print(f"{label:34} {us / 1000:10.2f} {us / base:17.1f}")


if __name__ == "__main__":
    main()
