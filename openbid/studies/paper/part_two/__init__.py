"""Part Two of London & Wasserman (1967) as data: the twelve propositions' case trees.

See ``README.md`` beside this file for the format and :mod:`openbid.studies.paper.part_two.tree` for the loader
(imported lazily, so that ``python -m openbid.studies.paper.part_two.tree`` runs the module only once).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "PAGES",
    "PROPOSITIONS",
    "SEED",
    "Example",
    "Inference",
    "Node",
    "Outcome",
    "PartTwoFormatError",
    "Reference",
    "Remark",
    "Subpart",
    "iter_chains",
    "iter_nodes",
    "load_propositions",
    "load_subparts",
    "node_index",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module("openbid.studies.paper.part_two.tree"), name)
    raise AttributeError(f"module 'openbid.studies.paper.part_two' has no attribute {name!r}")
