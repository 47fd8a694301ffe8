"""Part Two of London & Wasserman (1967) as data: the twelve propositions' case trees.

See ``README.md`` beside this file for the format and :mod:`proofs.part_two.tree` for the loader.
"""

from proofs.part_two.tree import (
    PAGES,
    PROPOSITIONS,
    SEED,
    Example,
    Inference,
    Node,
    Outcome,
    PartTwoFormatError,
    Reference,
    Remark,
    Subpart,
    iter_chains,
    iter_nodes,
    load_propositions,
    load_subparts,
    node_index,
)

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
