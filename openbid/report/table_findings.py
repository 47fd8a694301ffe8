"""A system's findings grouped by rule and kind and ranked by how often they bite at the table
(openbid.checks.table_findings), rendered as text: what to fix first at the top, the groups no
deal reaches apart ("in isolation only": they never fail the run), overlaps (by design in a
first-wins block) only counted unless asked for. Returns text; never prints."""

from __future__ import annotations

from typing import Any, Callable

SHOWN = 20  # groups at the table listed in the text (--json has every finding)
WORDS = {"gap": "gap", "illegal-call": "illegal call", "dead": "dead point",
         "shadowed": "shadowed point", "overlap": "overlap", "failed-claim": "failed claim",
         "vacuous-claim": "vacuous claim", "expected-failure": "claim failing as expected",
         "unexpected-pass": "claim holding though expected to fail"}


def _nodes(g: Any, most: int = 3) -> str:
    if g.nowhere:
        return "no node (its block applies at no node a hand reaches)"
    nodes = []
    for f in g.findings:
        t = " ".join(f.node) or "(opening)"
        if t not in nodes:
            nodes.append(t)
    shown = ", ".join(nodes[:most]) + (", ..." if len(nodes) > most else "")
    return f"{len(nodes):,} node{'s' if len(nodes) != 1 else ''} ({shown})"


def _group_line(g: Any, fails: bool) -> str:
    mark = "FAILS" if fails else "     "
    what = f"{WORDS.get(g.kind, g.kind)} {g.rule}"
    t = g.reached
    if t is None or g.nowhere:
        return f"  {mark} {what} at {_nodes(g)}"
    where = " ".join(t.auction) or "(opening)"
    share = g.share
    if share is not None:  # the simulation's figure for the whole group
        how = f"{share.text()} of deals"
        node = f" [{t.probability.text()}]" if g.nodes > 1 else ""
    else:  # the node shown: a lower bound of the group's
        how = f"at least {t.probability.text()} of deals"
        node = ""
    return (f"  {mark} {what} at {_nodes(g)}: {how}; e.g. at {where}{node}, dealer "
            f"{t.dealer}: {t.deal_text()}")


def text(groups: list, fails: Callable[[Any], bool], overlaps: bool = False,
         budget: Any = None, seconds: float | None = None) -> list[str]:
    """The groups (ranked by openbid.checks.table_findings.rank): at the table, then
    undecided, then reported without table work, then in isolation only; overlaps counted
    (listed with ``overlaps``). ``fails(finding)``: the run's policy."""
    from openbid.checks.table_findings import TABLE_KINDS

    def group_fails(g: Any) -> bool:
        return any(fails(f) for f in g.findings)

    over = [g for g in groups if g.kind == "overlap"]
    rest = [g for g in groups if g.kind != "overlap"]
    nowhere = [g for g in rest if g.nowhere]
    rest = [g for g in rest if not g.nowhere]
    # what to fix first: the groups that fail the run, then the others (each by probability)
    rest = sorted(rest, key=lambda g: not group_fails(g))
    at = [g for g in rest if g.at_table]
    undecided = [g for g in rest if g.at_table is None and g.kind in TABLE_KINDS]
    other = [g for g in rest if g.at_table is None and g.kind not in TABLE_KINDS]
    iso = [g for g in rest if g.at_table is False]
    n = sum(len(g.findings) for g in groups)
    took = f"; {seconds:.1f} s" if seconds is not None else ""
    lines = [f"Findings at the table: {n:,} findings in {len(groups):,} groups (a group: one "
             f"rule and kind, at every node where it occurs{took})"]
    if nowhere:
        lines.append("  dead in the whole system (the block applies at no node a hand reaches):")
        lines += [_group_line(g, group_fails(g)) for g in nowhere[:SHOWN]]
        if len(nowhere) > SHOWN:
            lines.append(f"    ... and {len(nowhere) - SHOWN:,} more")
    if at:
        lines.append("  reached by real deals, those that fail the run first (FAILS), each part "
                     "the most frequent first (how often a random deal "
                     "reaches one of the group's nodes with the bidder's hand in the finding; "
                     "dealer N, none vulnerable):")
        lines += [_group_line(g, group_fails(g)) for g in at[:SHOWN]]
        if len(at) > SHOWN:
            lines.append(f"    ... and {len(at) - SHOWN:,} more groups at the table (--json "
                         "lists every finding)")
    if undecided:
        per = f" ({budget.nodes} nodes per group asked)" if budget is not None else ""
        lines.append(f"  undecided within the budget{per}: no deal found, not every node "
                     "proved out of reach:")
        lines += [_group_line(g, group_fails(g)) for g in undecided[:SHOWN]]
        if len(undecided) > SHOWN:
            lines.append(f"    ... and {len(undecided) - SHOWN:,} more")
    if other:
        lines.append("  reported (no table work for these kinds):")
        lines += [_group_line(g, group_fails(g)) for g in other[:SHOWN]]
        if len(other) > SHOWN:
            lines.append(f"    ... and {len(other) - SHOWN:,} more")
    if iso:
        lines.append("  in isolation only (no deal reaches them, proved; they never fail the "
                     "run):")
        lines += [f"        {WORDS.get(g.kind, g.kind)} {g.rule} at {_nodes(g)}"
                  for g in iso[:SHOWN]]
        if len(iso) > SHOWN:
            lines.append(f"    ... and {len(iso) - SHOWN:,} more")
    if over:
        k = sum(len(g.findings) for g in over)
        failing = " [FAILS THE RUN]" if any(group_fails(g) for g in over) else ""
        lines.append(f"  overlaps: {k:,} in {len(over):,} groups{failing}, by design in a "
                     "first-wins block (the earlier point wins)"
                     + ("" if overlaps else "; --overlaps lists them, --json has every one"))
        if overlaps:
            lines += [_group_line(g, group_fails(g)) for g in over]
    return lines + [""]
