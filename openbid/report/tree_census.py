"""Every node of an auction system checked by the exact tree census (openbid.checks.tree),
rendered: the tree's size and the claims about nodes (the findings, each with a hand, are
rendered by openbid.report.findings). Text, JSON lines and markdown. Returns text or records;
never prints."""

from __future__ import annotations

KINDS_SHOWN = {"gap": "gaps", "illegal-call": "illegal calls", "shadowed": "shadowed points",
               "overlap": "overlaps", "dead": "dead points"}


def summary(tc) -> dict:
    by_kind: dict[str, int] = {}
    for f in tc.findings:
        by_kind[f.kind] = by_kind.get(f.kind, 0) + 1
    return {"nodes": tc.counts.nodes, "on_system": tc.on_system, "contexts": tc.counts.contexts,
            "findings": by_kind, "dead_points": len(tc.dead),
            "claims": {v: sum(c.verdict == v for c in tc.claims)
                       for v in ("held", "failed", "vacuous")},
            "unexpected_claims": [c.claim.id for c in tc.claims if not c.expected],
            "replayed": tc.replayed, "seconds": tc.seconds}


def _claim(c) -> str:
    s = f"{c.claim.id}: {c.claim.statement}: {c.verdict.upper()}"
    if c.verdict == "failed":
        s += f" ({c.failing:,} of {c.hands:,} hand-contexts do not; e.g. {c.witness}, vul {c.vul})"
    if not c.expected:
        s += f" [expected {c.claim.expect}]"
    return s


def text(tc, detail: bool = True) -> list[str]:
    s = summary(tc)
    where = f"below {' '.join(tc.root)} " if tc.root else ""
    counts = ", ".join(f"{w} {s['findings'].get(k, 0):,}" for k, w in KINDS_SHOWN.items())
    lines = [f"Every node {where}of the auction tree of {tc.title}, counted exactly (the tree "
             "census; no solver):",
             f"  {s['nodes']:,} nodes, {s['on_system']:,} where a block applies; "
             f"{s['contexts']} vulnerability context(s), each equally likely; every hand "
             f"re-bid by the executor ({tc.replayed:,} hands); {tc.seconds.get('wall', 0):.1f} s",
             f"  {counts}"]
    if tc.claims:
        c = s["claims"]
        lines.append(f"  claims about nodes ({tc.claims_file}): {c['held']} held, {c['failed']} "
                     f"failed, {c['vacuous']} vacuous; {len(s['unexpected_claims'])} differ "
                     "from the file's expectation")
        for cl in tc.claims:
            if detail or cl.verdict != "held" or not cl.expected:
                lines.append(f"    - {_claim(cl)}")
    return lines + [""]


def json_items(tc):
    for c in tc.claims:
        yield {"part": "tree", "kind": "claim", "claim": c.claim.id, "type": c.claim.kind,
               "statement": c.claim.statement, "node": c.claim.node, "verdict": c.verdict,
               "expected": c.claim.expect.lower(), "hands": c.hands, "failing": c.failing,
               "witness": c.witness or None, "vul": c.vul or None}


def html(tc) -> str:
    from html import escape

    return ('<section id="tree"><h2>Every node of the auction tree</h2><pre>'
            + escape("\n".join(text(tc, detail=False))) + "</pre></section>")


def markdown(tc) -> list[str]:
    return ["## Every node of the auction tree", "", "```", *text(tc, detail=False), "```", ""]


def recorded(outcomes: dict[str, str], system=None) -> list[str]:
    """What a recorded expectation (``openbid prove --update-expected``) holds of the tree
    census, as markdown: the tree's size; the gaps and illegal calls by block, the shadowed
    points by point, each with its nodes and hand-contexts; the dead points; the claims'
    verdicts (docs/SYSTEMS.md shows SAYC's). ``system``: names each gap's block."""
    def node_items(kind: str) -> list[tuple[str, str, int]]:
        out = []
        for k, v in outcomes.items():
            if k.startswith("tree node ") and f": {kind}" in k:
                node, _, rest = k[len("tree node "):].partition(f": {kind}")
                out.append((node, rest.strip(), int(v)))
        return out

    def block_of(node: str) -> str:
        if system is None:
            return "?"
        name = system.node("" if node == "(opening)" else node).name
        return "(opening)" if name == "" else name

    lines = [f"The tree: {int(outcomes['tree nodes']):,} nodes, "
             f"{int(outcomes['tree on-system nodes']):,} where a block applies. Counts are "
             "hand-contexts (each of the four vulnerabilities counts a hand once)."]
    for kind, words, by in (("gap", "Gaps", "block"), ("illegal call", "Illegal calls", "block"),
                            ("shadowed", "Shadowed points", "point")):
        found = node_items(kind)
        groups: dict[str, list[tuple[str, int]]] = {}
        for node, rest, n in found:
            key = rest if by == "point" else block_of(node)
            groups.setdefault(key, []).append((node, n))
        lines += ["", f"{words}: {len(found):,} at {len({n for n, _, _ in found}):,} nodes"
                  + (f", by {by}:" if found else ".")]
        for key, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            items.sort(key=lambda x: (-x[1], x[0]))
            eg = ", ".join(f"`{node}`" for node, _ in items[:2])
            lines.append(f"* `{key}`: {len(items):,} node(s), {sum(n for _, n in items):,} "
                         f"hand-contexts; e.g. {eg}")
    dead = sorted(k[len("tree point "):-len(": bids")] for k, v in outcomes.items()
                  if k.startswith("tree point ") and v == "0")
    lines += ["", f"Dead points (no hand at any node of their block): {len(dead)}"
              + ("." if not dead else ":")]
    lines += [f"* `{p}`" for p in dead]
    claims = sorted((k[len("tree claim "):], v) for k, v in outcomes.items()
                    if k.startswith("tree claim "))
    if claims:
        held = sum(v == "held" for _, v in claims)
        others = ", ".join(f"`{c}` {v}" for c, v in claims if v != "held")
        lines += ["", f"Node claims: {held} of {len(claims)} hold"
                  + (f"; {others}." if others else ".")]
    return lines
