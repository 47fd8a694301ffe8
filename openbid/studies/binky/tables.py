"""The shipped tables rebuilt from double-dummy data: ``tr_table.json`` (expected tricks per
pattern and holding, :mod:`openbid.studies.binky.tr`) and ``binky_table.json`` (the Binky values derived
from it, :mod:`openbid.studies.binky.derive`). ``openbid binky tr`` calls :func:`build`; it writes into a
folder only when asked (``--out DIR``, or ``--write`` for the package's own tables)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np

from openbid.studies.binky import ddgen, derive as dv
from openbid.studies.binky.tr import STRAINS, NMIN, estimate_cv, load, table_json, v_covariances

SHIPPED = dv.DATA  # openbid/hands/evaluators/data: the tables openbid reads
NAMES = ("tr_table.json", "binky_table.json")


def build(data: Path | str, source: str = "") -> tuple[dict, dict[str, str]]:
    """The metadata and the text of both tables (file name -> JSON text) built from the shards
    in ``data`` (a snapshot of them: the manifest is recorded, so the checks read the same
    records); an :class:`OpenbidError` when ``data`` holds no training deal. Writes nothing."""
    data = Path(data)
    snap = ddgen.manifest(data)
    rand, strat, pairs = load(data, snap)
    ests = {s: estimate_cv(rand, strat, pairs, s) for s in STRAINS}
    meta = {
        "source": source or ("openbid binky tr" if data == ddgen.DATA
                             else f"openbid binky tr --data {data}"),
        "random_training_deals": int(len(np.unique(rand.deal))),
        "hand_samples": int(len(rand)),
        "stratified_pattern_deals": int(len(strat)),
        "paired_deals": int(len(pairs)),
        "tricks": "the hand's side as declarer; nt: better declarer; suit: best declarer and "
                  "trump suit (docs/BINKY.md)",
        "trh": "holding mean minus the exact-frequency-weighted mean of its length",
        "nmin": NMIN,
        "se": "cluster-robust by deal",
        "control_variates": "partner's v and the hand's other parts, cross-fitted over 2 folds; "
                            "per class the plain or controlled mean of smaller variance",
        "pairs_used": {s: e.notes for s, e in ests.items()},
        "manifest": snap,
    }
    tr_text = json.dumps(table_json(ests, meta), indent=1) + "\n"
    with tempfile.TemporaryDirectory(prefix="openbid-tr-") as tmp:
        tr_file = Path(tmp) / "tr_table.json"
        tr_file.write_text(tr_text)
        derived = dv.derive(tr_file)
    covs = v_covariances(ests)
    se = {s: (np.sqrt(np.diag(cp)), np.sqrt(np.maximum(np.diag(ch), 0)))
          for s, (cp, ch) in covs.items()}
    bj = dv.binky_json(derived, {
        "derived_from": "tr_table.json",
        "method": "numpy.linalg.solve (float64) of (I+A) vp = Trp, (I+B) vh = Trh; canonical "
                  "gauge (each length's frequency-weighted mean of vh is 0)",
        "se": "propagated from the full cluster-robust covariance of Tr",
        "decimals": dv.DECIMALS}, se)
    return meta, {"tr_table.json": tr_text, "binky_table.json": json.dumps(bj, indent=1) + "\n"}
