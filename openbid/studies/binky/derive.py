"""Binky points from a Tr table: vp = (I + A)^-1 Trp, vh = (I + B)^-1 Trh (numeric, float64).

    derive(tr_file)            -> {strain: Derived(vp, vh, ...)}

(``openbid binky derive TR_FILE [--out BINKY_FILE]`` calls :func:`derive`.) The Tr file is the format of
openbid/hands/evaluators/data/tr_table.json (:mod:`openbid.studies.binky.tr`); a user may supply their own.

The derivation is numeric (numpy.linalg.solve in float64; matrices.certify bounds its error,
below 1e-9 for the shipped tables); the result is then put in the canonical gauge (every
length's frequency-weighted mean of vh is 0, so the void and the 13-card suit are 0 -- the gauge
of Andrews' published tables; any other gauge gives every hand the same value). A Binky table
file states the values as 3-decimal strings; the evaluators (openbid.studies.binky.BINKY_SUIT,
BINKY_NT) read those strings as exact Fractions: the numbers are exactly what the file says.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from openbid.studies.binky import matrices as mx
from openbid.studies.binky.tr import read_table

FORMAT = "openbid.binky.v/1"  # the format name the shipped files carry
DATA = Path(__file__).resolve().parents[2] / "hands" / "evaluators" / "data"
TR_TABLE = DATA / "tr_table.json"
BINKY_TABLE = DATA / "binky_table.json"
DECIMALS = 3


@dataclass
class Derived:
    strain: str
    vp: np.ndarray  # in matrices.PATTERNS order
    vh: np.ndarray  # in matrices.HOLDINGS order
    vp_se: np.ndarray | None = None
    vh_se: np.ndarray | None = None

    def pattern(self, p: tuple[int, int, int, int]) -> float:
        return float(self.vp[mx.PATTERN_INDEX[p]])

    def holding(self, held: str, length: int) -> float:
        return float(self.vh[mx.HOLDING_INDEX[(held, length)]])

    def hand(self, suits: tuple[str, str, str, str]) -> float:
        """Value of a hand given as four suits' ranks (``"AQ92"``)."""
        pat = tuple(sorted((len(s) for s in suits), reverse=True))
        tot = self.pattern(pat)  # type: ignore[arg-type]
        for s in suits:
            held = "".join(r for r in "AKQJT9" if r in s)
            tot += self.holding(held, len(s))
        return tot


def derive_arrays(trp: np.ndarray, trh: np.ndarray, canonical: bool = True
                  ) -> tuple[np.ndarray, np.ndarray]:
    vp, vh = mx.v_from_tr(trp, trh)
    if canonical:
        vp, vh = mx.fix_gauge(vp, vh)
    return vp, vh


def derive(tr_file: Path | str = TR_TABLE, canonical: bool = True) -> dict[str, Derived]:
    """The Binky tables (vp, vh per strain) of a Tr table file. The standard errors returned
    treat the file's entries as independent (the file has no covariances); the shipped Binky
    table carries errors propagated through the full covariance instead (docs/BINKY.md)."""
    tables = read_table(tr_file)
    data = json.loads(Path(tr_file).read_text())
    out = {}
    Ai = np.linalg.inv(np.eye(len(mx.PATTERNS)) + mx.matrix_A())
    Bi = np.linalg.inv(np.eye(len(mx.HOLDINGS)) + mx.matrix_B())
    for strain, (trp, trh) in tables.items():
        vp, vh = derive_arrays(trp, trh, canonical)
        t = data["strains"][strain]
        try:
            sp = np.array([float(t["patterns"][mx.pattern_name(p)]["se"]) for p in mx.PATTERNS])
            sh = np.array([float(t["holdings"][mx.holding_name(h, n)]["se"])
                           for h, n in mx.HOLDINGS])
            vp_se = np.sqrt((Ai**2) @ sp**2)
            vh_se = np.sqrt((Bi**2) @ sh**2)
        except (KeyError, TypeError):
            vp_se = vh_se = None
        out[strain] = Derived(strain, vp, vh, vp_se, vh_se)
    return out


def binky_json(derived: dict[str, Derived], meta: dict,
               se: dict[str, tuple[np.ndarray, np.ndarray]] | None = None) -> dict:
    """A Binky table: values as DECIMALS-place strings (exact as written), errors as numbers."""
    out: dict = {"format": FORMAT, "meta": meta, "strains": {}}
    for s, d in derived.items():
        sp, sh = se[s] if se and s in se else (d.vp_se, d.vh_se)
        pats: dict[str, dict[str, str | float]] = {}
        for i, p in enumerate(mx.PATTERNS):
            e: dict[str, str | float] = {"v": f"{d.vp[i]:.{DECIMALS}f}"}
            if sp is not None:
                e["se"] = round(float(sp[i]), 3)
            pats[mx.pattern_name(p)] = e
        hold: dict[str, dict[str, str | float]] = {}
        for i, (h, n) in enumerate(mx.HOLDINGS):
            e = {"v": f"{d.vh[i]:.{DECIMALS}f}"}
            if sh is not None:
                e["se"] = round(float(sh[i]), 3)
            hold[mx.holding_name(h, n)] = e
        out["strains"][s] = {"patterns": pats, "holdings": hold}
    return out


def read_binky(path: Path | str = BINKY_TABLE) -> dict:
    data = json.loads(Path(path).read_text())
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a {FORMAT} file")
    return data
