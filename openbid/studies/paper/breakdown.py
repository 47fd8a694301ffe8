"""For information: the exact breakdown of every Part Two leaf's hands by the bid the
program really makes (BID@SECTION -> number of hands), from one pass over all hand classes.

The trees are walked top-down in each chunk with the parent's mask; an empty mask prunes the
subtree (chunks are whole compositions of suit lengths, so whole propositions drop out)."""

from __future__ import annotations

from typing import Callable

import numpy as np

from openbid.bridge.bids import bid_text
from openbid.expr import parse
from openbid.systems.rules.model import Rules
from openbid.studies.paper.part_two.tree import Node, load_propositions
from openbid.readers.census.arrays import full_mask
from openbid.readers.census.passes import plan, spec_for
from openbid.base.workers import map_chunks


def _chunk(task, i: int) -> tuple[int, dict[str, dict[int, int]]]:
    spec, roots = task
    view = plan(spec).view(i)
    run = view.reader(0)
    bidval, section = run.outcome
    key = section.astype(np.int64) * 128 + bidval
    w = view.weight.astype(np.float64)
    n = view.size
    out: dict[str, dict[int, int]] = {}

    def walk(node: Node, parent: np.ndarray) -> None:
        m = parent & full_mask(run.cond(parse(node.assumption)), n)
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
    return view.classes(), out


def leaf_breakdown(rules: Rules, propositions=None,
                   progress: Callable[[int, int], None] | None = None) -> dict[str, dict[str, int]]:
    """{leaf path: {"BID@SECTION": hands}} over all 635,013,559,600 hands."""
    roots = tuple(r for r in load_propositions()
                  if propositions is None or int(r.path[1:]) in set(propositions))
    # Suit states no assumption (nor the rules) can tell apart are merged: exact.
    spec = spec_for(rules, [parse(n.assumption) for n in _nodes(roots)], outcome=True)
    p = plan(spec)
    totals: dict[str, dict[int, int]] = {}
    # a chunk's result is _chunk's (classes covered, {leaf path: {outcome key: hands}})
    for _, part in map_chunks(_chunk, (spec, roots), len(p), progress, lambda r: r[0],
                              p.domain.classes()):
        for path, counts in part.items():
            acc = totals.setdefault(path, {})
            for k, c in counts.items():
                acc[k] = acc.get(k, 0) + c
    labels = rules.labels
    out: dict[str, dict[str, int]] = {}
    for path, counts in sorted(totals.items()):
        # Several BIDVALs print as one bid (the strong 1C records its source: 1C@8b is BIDVAL
        # 1, 2, 3 or 4), so the counts are summed per printed outcome.
        by_outcome: dict[str, int] = {}
        for k, c in counts.items():
            name = f"{bid_text(k % 128)}@{labels[k // 128]}"
            by_outcome[name] = by_outcome.get(name, 0) + c
        out[path] = dict(sorted(by_outcome.items(), key=lambda kv: (-kv[1], kv[0])))
    return out


def _nodes(roots) -> list[Node]:
    out, stack = [], list(roots)
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.children)
    return out
