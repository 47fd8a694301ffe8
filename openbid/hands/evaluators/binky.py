"""Binky points (seed 003) as evaluators of the one form: the shipped table's values, exactly as
written (Fraction("1.234")). The method that makes the table (exact partner matrices, inversion,
double-dummy data) is openbid.studies.binky; this module only reads its result, so that the model does
not depend on the method's machinery.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from openbid.hands.evaluators.form import Evaluator

SHIPPED = Path(__file__).resolve().parent / "data" / "binky_table.json"



def _holding_key(name: str) -> tuple[str, int]:
    """``"AQxx"`` -> ``("AQ", 4)``; ``"-"`` -> ``("", 0)``."""
    if name == "-":
        return "", 0
    return "".join(c for c in name if c != "x"), len(name)


@lru_cache(maxsize=None)
def _tables(path: str, strain: str) -> tuple[dict, dict]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    t = data["strains"][strain]
    pats = {tuple(int(x) for x in k.split("-")): Fraction(v["v"]) for k, v in t["patterns"].items()}
    hold = {_holding_key(k): Fraction(v["v"]) for k, v in t["holdings"].items()}
    return pats, hold


def binky_evaluator(strain: str, path: str | None = None) -> Evaluator:
    """The Binky evaluator of a strain ("suit" or "nt") from a Binky table file (default: the
    shipped one, derived from our own double-dummy data: docs/BINKY.md)."""
    name = {"suit": "BINKY_SUIT", "nt": "BINKY_NT"}[strain]
    where = str(path or SHIPPED)

    def holding(held: str, length: int) -> Fraction:
        return _tables(where, strain)[1][(held, length)]

    def pattern(p: tuple[int, int, int, int]) -> Fraction:
        return _tables(where, strain)[0][p]

    what = "suit contracts (the side's best trump suit)" if strain == "suit" else "notrump"
    return Evaluator(
        name=name, reads="AKQJT9", holding=holding, pattern=pattern,
        doc=f"Binky points, offense, {what}: the partnership's sum estimates its double-dummy tricks",
        source="seed 003 lines 26-61 (method); values: openbid/hands/evaluators/data/binky_table.json, "
               "derived from data/tr_table.json (docs/BINKY.md)",
        options={"strain": strain, "table": path or "shipped"},
    )


BINKY_SUIT = binky_evaluator("suit")
BINKY_NT = binky_evaluator("nt")
