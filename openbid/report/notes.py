"""``openbid notes`` rendered: system notes as Markdown, HTML or BML (the Bridge Bidding Markup
Language read by system-notes tools: a bidding table per section, each call then what it shows,
continuations indented two spaces under the call they follow, the opponents' passes implied)."""

from __future__ import annotations

from html import escape

from openbid.bridge.notation import call_text
from openbid.checks.notes import PASSING

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
BML_SUITS = {"S": "!s", "H": "!h", "D": "!d", "C": "!c"}
MAX_HCP = 37
ROLES = ("opening", "response", "opener's rebid", "responder's rebid")


def span(r, top: int | None = None) -> str:
    """``15-17``, ``22+`` (up to the most possible), ``6`` (one value)."""
    if r.lo == r.hi:
        return f"{r.lo}"
    if top is not None and r.hi >= top:
        return f"{r.lo}+"
    return f"{r.lo}-{r.hi}"


def shows(c, suits: dict[str, str] = SYMBOLS) -> str:
    """What a call shows: ``15-17 HCP, balanced; ♠2-5 ♥2-5 ♦2-5 ♣2-5``. A range that is every
    value (0-37 HCP, a suit of 0-13) says nothing and is left out."""
    head = [] if c.hcp.lo == 0 and c.hcp.hi >= MAX_HCP else [f"{span(c.hcp, MAX_HCP)} HCP"]
    head += [f.lower() for f in c.flags]
    lengths = " ".join(f"{suits[s]}{span(r, 13)}" for s, r in c.lengths.items()
                       if not (r.lo == 0 and r.hi >= 13))
    values = ", ".join(f"{name} {span(r)}" for name, r in c.values.items())
    proved = " (proved)" if c.hcp.proved and all(r.proved for r in c.lengths.values()) else ""
    parts = [", ".join(head), lengths, values]
    return "; ".join(p for p in parts if p) + proved or "any hand"


def rule(c) -> str:
    """The bid points that make the call: ``Notrump openings (1a)``; a pass by falling through
    every bid point says so."""
    by_section: dict[str, list[str]] = {}
    for label, section in c.points:
        by_section.setdefault(section, []).append(label)
    return "; ".join(section if section == PASSING else f"{section} ({', '.join(labels)})"
                     for section, labels in by_section.items())


def _auction(auction) -> str:
    return " ".join(call_text(c, "bml") for c in auction) or "(opening)"


def _heading(node) -> str:
    role = ROLES[node.depth - 1] if node.depth <= len(ROLES) else f"call {node.depth}"
    if node.depth == 1:
        return "Openings" + (f" in seat {len(node.auction) + 1}" if node.auction else "")
    return f"After {_auction(node.auction)} ({role})"


def _intro(notes) -> str:
    vul = {None: "every vulnerability the rules read", "none": "neither side vulnerable",
           "we": "the partnership vulnerable", "they": "the opponents vulnerable",
           "both": "both sides vulnerable"}[notes.vul]
    proof = (" Each HCP and suit-length bound marked proved is also proved by Z3."
             if notes.proved else "")
    return (f"Computed by openbid from the rules of {notes.system}: each range is the least and "
            "the greatest value over exactly the hands that make the call there (and the "
            "bidder's earlier calls), counted exactly over all 635,013,559,600 hands and "
            f"{vul}; the opponents pass. Depth {notes.depth}; {notes.nodes} nodes; "
            f"the partnership opens in seat {notes.seat}.{proof}")


def markdown(notes) -> str:
    out = [f"# System notes: {notes.name}", "", _intro(notes), ""]
    for node in notes.walk():
        out += [f"## {_heading(node)}", "", "| call | shows | rule | share | e.g. |",
                "|---|---|---|---|---|"]
        for c in node.calls:
            out.append(f"| {call_text(c.call)} | {shows(c)} | {rule(c)} | {c.share:.2%} | "
                       f"{c.low_hand}, {c.high_hand} |")
        out.append("")
    return "\n".join(out)


def html(notes) -> str:
    from openbid.report.style import CSS

    body = [f"<h1>System notes: {escape(notes.name)}</h1>", f"<p>{escape(_intro(notes))}</p>"]
    for node in notes.walk():
        body.append(f"<h2>{escape(_heading(node))}</h2>")
        body.append("<table><thead><tr><th>call</th><th>shows</th><th>rule</th><th>share</th>"
                    "<th>e.g.</th></tr></thead><tbody>")
        for c in node.calls:
            body.append(f"<tr><td>{escape(call_text(c.call))}</td><td>{escape(shows(c))}</td>"
                        f"<td>{escape(rule(c))}</td><td>{c.share:.2%}</td>"
                        f"<td>{escape(c.low_hand)}<br>{escape(c.high_hand)}</td></tr>")
        body.append("</tbody></table>")
    return ("<!doctype html>\n<html><head><meta charset=\"utf-8\">"
            f"<title>System notes: {escape(notes.name)}</title><style>{CSS}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")


def bml(notes) -> str:
    """BML: one bidding table from the first node, its continuations nested."""
    out = [f"#+TITLE: {notes.name}", "", f"#+DESCRIPTION: {_intro(notes)}", ""]
    for root in notes.roots:
        out += [f"* {_heading(root)}", ""]
        lead = " ".join(call_text(c, "bml") for c in root.auction)
        if lead:
            out.append("-".join(call_text(c, "bml") for c in root.auction) + "---")
        out += _bml_table(root, 0)
        out.append("")
    return "\n".join(out)


def _bml_table(node, level: int) -> list[str]:
    lines = []
    width = max((len(call_text(c.call, "bml")) for c in node.calls), default=2) + 1
    for c in node.calls:
        desc = f"{shows(c, BML_SUITS)} [{rule(c)}]"
        lines.append(f"{'  ' * level}{call_text(c.call, 'bml'):<{width}} {desc}")
        for child in c.children:
            lines += _bml_table(child, level + 1)
    return lines
