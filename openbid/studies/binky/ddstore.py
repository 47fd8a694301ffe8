"""Binky's double-dummy data into the shared store (:mod:`openbid.dd.store`): every deal of the
shards of ``data/dd`` (random, pattern and paired, the paired variants too) with its twenty
results, so that ``openbid compare`` and ``openbid dd`` never solve one of them again. The shards
are read, never written."""

from __future__ import annotations

from pathlib import Path

from openbid.studies.binky import ddgen
from openbid.dd.solve import Pair
from openbid.dd.store import Store
from openbid.base.errors import OpenbidError


def table_of(dd: str) -> dict[Pair, int]:
    """A shard's 20 hex digits (declarer-major N E S W; strains S H D C N) as pairs."""
    strains = {"S": "S", "H": "H", "D": "D", "C": "C", "N": "NT"}
    return {(d, strains[s]): ddgen.dd_get(dd, d, s) for d in ddgen.DECLARERS for s in ddgen.STRAINS}


def shard_deals(path: Path) -> list[tuple[str, dict[Pair, int]]]:
    """(deal key, table) of every deal of one shard; a paired record adds its variant."""
    out = []
    for rec in ddgen.read_shard(path):
        hands = ddgen.parse_pbn(rec["pbn"])
        out.append((ddgen.pbn(hands), table_of(rec["dd"])))
        if rec.get("swap") and rec.get("dd2"):
            swap = (ddgen.code_card(rec["swap"][0]), ddgen.code_card(rec["swap"][1]))
            out.append((ddgen.pbn(ddgen.apply_swap(hands, swap)), table_of(rec["dd2"])))
    return out


def import_shards(data: Path, store: Store) -> list[tuple[str, int]]:
    """Add every shard of ``data`` to ``store`` (one transaction per shard; a deal already
    stored keeps its results). Returns (shard name, deals read) per shard."""
    paths = sorted(Path(data).glob("*.jsonl.gz"))
    if not paths:
        raise OpenbidError(f"--import {data}: no Binky shards (*.jsonl.gz) there")
    done = []
    for path in paths:
        try:
            deals = shard_deals(path)
        except (OSError, EOFError, ValueError, KeyError) as exc:
            raise OpenbidError(f"--import {path}: not a Binky shard ({exc})") from None
        store.add(deals, f"binky:{path.name.split('.')[0]}")
        done.append((path.name, len(deals)))
    return done
