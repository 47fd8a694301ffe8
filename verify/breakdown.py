"""For information (issue 5): the exact breakdown of every Part Two leaf's hands by the bid the
program really makes (BID@SECTION -> number of hands), from one pass over all hand classes.

The trees are walked top-down in each chunk with the parent's mask; an empty mask prunes the
subtree (chunks are whole compositions of suit lengths, so whole propositions drop out)."""

from __future__ import annotations

from typing import Callable

import numpy as np

from openbid.bids import bid_text
from openbid.expr import parse
from openbid.rules.model import Rules
from proofs.part_two.tree import Node, load_propositions
from verify.enumeration import ArrayHand, ArrayRules, _mask, chunk_plan, make_chunk, map_chunks


def _chunk(task, i: int) -> tuple[int, dict[str, dict[int, int]]]:
    rules, roots = task
    offset, comps = chunk_plan()[i]
    chunk = make_chunk(offset, comps)
    run = ArrayRules(rules, ArrayHand(chunk, rules.readings))
    bidval, section = run.outcome
    key = section.astype(np.int64) * 128 + bidval
    w = run.hand.weight.astype(np.float64)
    n = chunk.size
    out: dict[str, dict[int, int]] = {}

    def walk(node: Node, parent: np.ndarray) -> None:
        m = parent & _mask(run.cond(parse(node.assumption)), n)
        if not m.any():
            return
        if not node.children:
            counts = np.bincount(key[m], weights=w[m])
            out[node.path] = {int(k): int(round(c)) for k, c in enumerate(counts) if c}
            return
        for child in node.children:
            walk(child, m)

    everything = np.ones(n, dtype=bool)
    for root in roots:
        walk(root, everything)
    return chunk.size, out


def leaf_breakdown(rules: Rules, propositions=None,
                   progress: Callable[[int, int], None] | None = None) -> dict[str, dict[str, int]]:
    """{leaf path: {"BID@SECTION": hands}} over all 635,013,559,600 hands."""
    roots = tuple(r for r in load_propositions()
                  if propositions is None or int(r.path[1:]) in set(propositions))
    totals: dict[str, dict[int, int]] = {}
    for _, out in map_chunks(_chunk, (rules, roots), progress, lambda r: r[0]):
        for path, counts in out.items():
            acc = totals.setdefault(path, {})
            for k, c in counts.items():
                acc[k] = acc.get(k, 0) + c
    labels = rules.labels
    return {path: {f"{bid_text(k % 128)}@{labels[k // 128]}": c
                   for k, c in sorted(counts.items(), key=lambda kv: -kv[1])}
            for path, counts in sorted(totals.items())}
