"""The auction tree of a system (openbid.checks.nodes), rendered: every node with its block, the
hands consistent with the bidder's history, the calls made there (exact probabilities, a hand
each) and its findings (gaps, illegal calls, dead rules, overlaps, claims). Text, JSON lines,
markdown and a browsable HTML tree (a collapsible ``<details>`` per node). Returns text or
records; never prints."""

from __future__ import annotations

from html import escape

from openbid.report.system import STATE_WORDS, ctx, state_words


def _pct(p) -> str:
    return f"{100 * float(p):.2f}%"


def _block(r) -> str:
    if r.block is None:
        return "off-system (pass)"
    return "opening" if r.block == "" else f'block "{r.block}"' + (" (else pass)"
                                                                     if r.else_pass else "")


def node_problems(r) -> list[str]:
    """One line per finding at a node: gaps, illegal calls, dead rules, failed/vacuous claims."""
    out = []
    for f in r.findings:
        what = f"gap: {f.count:,} hands no rule bids" if f.kind == "gap" else \
            f"illegal call {f.point}: {f.detail.split(': ', 1)[-1]}: {f.count:,} hands"
        w = f.witness
        out.append(f"{what}" + (f", e.g. {w.hand} (vul {w.vul})" if w is not None else ""))
    S = r.checks
    if S is not None:
        for p in S.dead:
            out.append(f"bid point {_point(r, p.label)} is {state_words(p)}")
        for c in S.claims:
            if c.verdict.value in ("failed", "vacuous"):
                out.append(f"claim {c.claim.id} ({c.claim.statement}) {c.verdict.value}"
                           + (f": {c.gap_hands:,} do not, e.g. {c.witness}" if c.witness else ""))
    return out


def _point(r, label: str) -> str:
    """A bid point as reports name it: ``PATTERN/LABEL`` in a block, the label at the opening."""
    return f"{r.block}/{label}" if r.block else label


def problems(tree) -> list[str]:
    return [f"{r.name}: {p}" for r in tree.nodes.values() for p in node_problems(r)]


def summary(tree) -> dict:
    rs = list(tree.nodes.values())
    return {"nodes": len(rs), "checked": sum(r.checks is not None for r in rs),
            "off_system": sum(r.block is None and bool(r.children) for r in rs),
            "findings": len(problems(tree))}


# ---- text -------------------------------------------------------------------------------------
def text(tree, detail: bool = True) -> list[str]:
    s = summary(tree)
    lines = [f"Auction tree of {tree.title}: {s['nodes']} nodes, {s['checked']} checked, "
             f"{s['off_system']} off-system; {s['findings']} findings", ""]
    for r in tree.nodes.values():
        if r.checks is None:
            continue  # off-system (the bidder passes) or the end of an auction
        found = node_problems(r)
        if not detail and not found:
            continue
        share = f"; {r.selected:,} hands consistent with the bidder's calls" if r.checks else ""
        lines.append(f"{r.name} [{_block(r)}{share}]")
        if r.checks is not None:
            lines.append("  calls: " + ", ".join(
                f"{c.call} {_pct(c.probability)}" for c in r.children))
        lines += [f"  - {p}" for p in found]
        for c in r.checks.claims:
            gap = f"; gap {c.gap_hands:,} of {c.premise_hands:,}" if c.premise_hands else ""
            lines.append(f"  claim {c.verdict.value.upper()} {c.claim.id}: {c.claim.statement}"
                         f"{gap}")
        if detail and r.checks is not None and r.checks.overlaps:
            lines.append("  overlaps: " + ", ".join(
                f"{o.n}/{o.m} {o.hands:,}" for o in r.checks.overlaps))
    return lines + [""]


# ---- JSON -------------------------------------------------------------------------------------
def json_items(tree):
    for r in tree.nodes.values():
        node = " ".join(r.auction)
        yield {"part": "system", "kind": "node", "auction": list(r.auction),
               "block": r.block, "else_pass": r.else_pass, "selected": r.selected,
               "children": [{"call": c.call, "hands": c.hands,
                             "probability": str(c.probability), "witness": c.witness,
                             "vul": c.vul, "points": list(c.points)} for c in r.children],
               "findings": [{"kind": f.kind, "hands": f.count, "point": f.point,
                             "witness": f.witness.hand if f.witness else None,
                             "vul": f.witness.vul if f.witness else None,
                             "detail": f.detail} for f in r.findings]}
        S = r.checks
        if S is None:
            continue
        for p in S.points:
            yield {"part": "system", "kind": "point", "node": node, "label": p.label,
                   "state": p.state, "meets": S.meets.get(p.label), "bids": S.bids.get(p.label),
                   "blockers": list(p.blockers), "taken_by": S.taken.get(p.label, {}),
                   "witness": p.witness, "context": dict(p.context),
                   "outcome": p.outcome or None}
        for o in S.overlaps:
            yield {"part": "system", "kind": "overlap", "node": node, "n": o.n, "m": o.m,
                   "hands": o.hands, "witness": o.witness, "context": dict(o.context),
                   "outcome": o.outcome}
        for c in S.claims:
            yield {"part": "system", "kind": "claim", "node": node, "id": c.claim.id,
                   "claim": c.claim.statement, "verdict": c.verdict.value,
                   "premise_hands": c.premise_hands, "gap_hands": c.gap_hands,
                   "witness": c.witness, "outcome": c.outcome or None}
        for f in S.frequencies:
            for bid, label, hands in f.rows:
                yield {"part": "system", "kind": "frequency", "node": node,
                       "context": dict(f.context), "bid": bid, "section": label,
                       "hands": hands}


# ---- markdown and HTML --------------------------------------------------------------------------
def markdown(tree) -> list[str]:
    out = ["## Auction tree", ""]
    for r in tree.nodes.values():
        if not r.children and r.checks is None:
            continue
        depth = len(r.auction)
        out.append(f"{'  ' * depth}- **{r.name}** ({_block(r)})"
                   + (": " + ", ".join(f"{c.call} {_pct(c.probability)}" for c in r.children)
                      if r.checks else ""))
        for p in node_problems(r):
            out.append(f"{'  ' * (depth + 1)}- {p}")
    return out + [""]


def html(tree) -> str:
    s = summary(tree)

    def node(a) -> str:
        r = tree.nodes[a]
        kids = [b for b in tree.graph.successors(a)]
        found = node_problems(r)
        head = (f"<b>{escape(r.auction[-1] if r.auction else 'start')}</b> "
                f"<small>{escape(r.name)} &middot; {escape(_block(r))}"
                + (f" &middot; {len(found)} finding(s)" if found else "") + "</small>")
        body = []
        if found:
            body.append("<ul>" + "".join(f"<li>{escape(p)}</li>" for p in found) + "</ul>")
        if r.checks is not None:
            S = r.checks
            body.append(f"<p>{r.selected:,} hands consistent with the bidder's calls.</p>")
            body.append("<table><tr><th>call</th><th>probability</th><th>hands</th>"
                        "<th>e.g.</th></tr>" + "".join(
                            f"<tr><td>{escape(c.call)}</td><td>{_pct(c.probability)}</td>"
                            f'<td class="num">{c.hands:,}</td><td><code>{escape(c.witness)}'
                            f"</code></td></tr>" for c in r.children) + "</table>")
            rows = "".join(f"<tr><td>{escape(p.label)}</td><td>{escape(STATE_WORDS[p.state])}"
                           f"</td><td class=\"num\">{S.bids.get(p.label, 0):,}</td></tr>"
                           for p in S.points)
            if rows:
                body.append("<table><tr><th>bid point</th><th>state</th><th>bids</th></tr>"
                            + rows + "</table>")
            if S.overlaps:
                body.append("<p>overlaps: " + ", ".join(
                    f"{escape(o.n)}/{escape(o.m)} {o.hands:,}" for o in S.overlaps) + "</p>")
            for f in S.frequencies:
                if f.context:
                    body.append(f"<p><small>{escape(ctx(f.context))}: " + ", ".join(
                        f"{escape(b)}@{escape(lb)} {h:,}" for b, lb, h in f.rows)
                                + "</small></p>")
        body += [node(b) for b in kids]
        opened = " open" if found or not r.auction else ""
        return f"<details{opened}><summary>{head}</summary>{''.join(body)}</details>"

    return (f'<section id="tree"><h2>Auction tree</h2><p>{s["nodes"]} nodes, {s["checked"]} '
            f"checked, {s['off_system']} off-system, {s['findings']} findings.</p>"
            f"{node(())}</section>")
