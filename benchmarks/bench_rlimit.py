"""The solver budget: how many of Z3's resource units the largest query of
``openbid prove``, of the mutation benchmark and of ``find`` takes, against the default budget
per query (openbid.checks.verdicts.DEFAULT_RLIMIT). The units are Z3's own count of work done:
the same on any machine under any load, so the margin printed here holds everywhere.

Run: python3 benchmarks/bench_rlimit.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._mutants import sample  # noqa: E402
from benchmarks._util import machine_note, table  # noqa: E402
from openbid.base.errors import OpenbidError  # noqa: E402
from openbid.expr import parse  # noqa: E402
from openbid.systems.variants import VARIANTS, load_variant  # noqa: E402
from openbid.base.workers import fresh_z3_context  # noqa: E402
from openbid.checks import verdicts  # noqa: E402
from openbid.studies.prove import ORDER, PartArg, run_part  # noqa: E402

FIND = ['bid = "PASS" and HCP >= 22', 'bid = "1NT"', 'section = "9"',
        'meets("10") and TOTALPTS <= 6', "BUMWRAP >= 14 and HCP <= 12", "KNR >= 20 and HCP <= 14"]


def _max_of(fn) -> tuple[int, int]:
    verdicts._USED.update(max=0, queries=0)
    fresh_z3_context()
    fn()
    got = verdicts.usage()
    return got["max"], got["queries"]


def main() -> None:
    verdicts.TRACK_USAGE = True
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="code only, 15 mutants")
    args = ap.parse_args()
    rows = []
    worst = 0
    from openbid.studies.prove import OPENBID_FILES

    # the paper's parts apply to OPENBID's variants only (not sayc, not the K&R files)
    variants = ["code"] if args.quick else [v for v, (f, _, _) in VARIANTS.items()
                                            if f in OPENBID_FILES]
    for v in variants:
        rules = load_variant(v)
        for part in ORDER:
            if part == "soundness":
                continue  # no solver
            used, n = _max_of(lambda: run_part(PartArg(part, rules, None, verdicts.DEFAULT_RLIMIT)))
            worst = max(worst, used)
            rows.append([f"prove {part} ({v})", f"{n:,}", f"{used:,}"])
    from openbid.systems.claims import load_claims
    from openbid.checks.diff import diff
    from openbid.checks.search import find
    from openbid.checks.system import _Z3Arg, _z3_work, facts_read

    for name in ("sayc", "knr-optional"):  # the system checks' queries (points and claims)
        rules = load_variant(name)
        claims = load_claims(ROOT / "openbid/systems/data/sayc_claims.txt", rules) if name == "sayc" else ()
        arg = _Z3Arg(rules, claims, (), facts_read(rules, []), verdicts.DEFAULT_RLIMIT)
        used, n = _max_of(lambda: _z3_work(arg))
        worst = max(worst, used)
        rows.append([f"prove system ({name})", f"{n:,}", f"{used:,}"])

    code = load_variant("code")
    mutants = sample(code, 15 if args.quick else 60, 6)
    illegal: list[str] = []

    def diff_each() -> None:
        for m in mutants:
            try:
                diff(code, m.rules, count=False)
            except OpenbidError:  # the mutant bids what is not a bid (bench_mutation.py lists
                illegal.append(m.rules.name)  # them); its queries until then are counted

    used, n = _max_of(diff_each)
    worst = max(worst, used)
    rows.append([f"diff code vs {len(mutants)} mutants"
                 + (f" ({len(illegal)} stopped at an illegal bid)" if illegal else ""),
                 f"{n:,}", f"{used:,}"])
    for text in FIND:
        used, n = _max_of(lambda: find(parse(text), code, 1))
        worst = max(worst, used)
        rows.append([f"find {text}", f"{n:,}", f"{used:,}"])
    print(machine_note())
    print(table(["what", "queries", "largest query (units)"], rows))
    print(f"\nlargest query: {worst:,} units; default budget per query: "
          f"{verdicts.DEFAULT_RLIMIT:,} units; margin: {verdicts.DEFAULT_RLIMIT / max(worst, 1):.1f}x")


if __name__ == "__main__":
    main()
