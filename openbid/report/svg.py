"""The pictures of ``index.html``, drawn as inline SVG text (see :mod:`openbid.report.html`): the
Part One matrix, the census bar charts and an overview of the control flow. No external
resources; every text goes through :func:`html.escape`; the output depends only on the input."""

from __future__ import annotations

import math
from html import escape

from openbid.systems.rules.model import section_of
from openbid.report.cfg_render import PALETTE

# comparison -> (fill, text colour, legend)
COMPARISON_STYLE = {
    "agrees": ("#8fd18f", "#143d14", "agrees with the paper"),
    "paper-wrong": ("#d7191c", "#ffffff", "paper wrong: hands meet both"),
    "overcautious": ("#fdc67a", "#5a3500", "overcautious: the paper allows hands that do not exist"),
    "not-in-paper": ("#d9d9d9", "#333333", "not in the paper"),
    "unknown": ("#7b3294", "#ffffff", "unknown: the solver gave up"),
}
KIND_LETTER = {"cannot": "C", "preferable": "P", "same": "S", "satisfactory": "A",
               "acceptable": "A", "mixed": "M", None: ""}
KIND_WORDS = {"C": "cannot (no hand meets both)", "P": "preferable (the earlier bid is better)",
              "S": "same bid", "A": "satisfactory / acceptable", "M": "mixed (either / or)"}
SUIT_FILL = {"C": "#4d7c0f", "D": "#ea580c", "H": "#dc2626", "S": "#1d4ed8", "N": "#6b7280",
             "P": "#9ca3af"}


def fmt_int(n: int | None) -> str:
    return "" if n is None else f"{n:,}"


def section_fill(label: str) -> str:
    return PALETTE[(section_of(label) - 1) % len(PALETTE)]


# ---- Part One matrix ---------------------------------------------------------------------------
def matrix_svg(part_one, tooltip) -> str:
    """Rows N, columns M (bid points in program order); a cell per pair, coloured by the
    comparison, lettered with the paper's kind, with a dot where hands meet both."""
    labels = part_one.labels
    rows, cols = labels[1:], labels[:-1]
    size, left, top = 22, 44, 44
    w, h = left + size * len(cols) + 8, top + size * len(rows) + 8
    cell = {(p.n, p.m): p for p in part_one.pairs}
    out = [f'<svg class="matrix" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
           'aria-label="Part One matrix">']
    for j, m in enumerate(cols):
        x = left + j * size + size / 2
        out.append(f'<text class="ax" x="{x:g}" y="{top - 6}" transform="rotate(-60 {x:g} '
                   f'{top - 6})">{escape(m)}</text>')
    for i, n in enumerate(rows):
        y = top + i * size + size / 2 + 4
        out.append(f'<text class="ax" x="{left - 5}" y="{y:g}" text-anchor="end">{escape(n)}</text>')
    wrong = []
    for i, n in enumerate(rows):
        for j, m in enumerate(cols):
            p = cell.get((n, m))
            if p is None:
                continue
            x, y = left + j * size, top + i * size
            style = p.comparison if p.comparison in COMPARISON_STYLE else "unknown"
            fill, ink, _ = COMPARISON_STYLE[style]
            if style == "not-in-paper" and p.state != "overlap":
                fill = "#f4f4f4"
            out.append(f'<g class="cell {style}"><title>{escape(tooltip(p))}</title>'
                       f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" '
                       'stroke="#ffffff" stroke-width="1"/>')
            letter = KIND_LETTER.get(p.paper, "?")
            if letter:
                out.append(f'<text x="{x + 8}" y="{y + 15}" class="k" fill="{ink}">{letter}</text>')
            if p.state == "overlap":
                out.append(f'<circle cx="{x + 17}" cy="{y + 6}" r="2.6" fill="{ink}"/>')
            out.append("</g>")
            if style in ("paper-wrong", "unknown"):
                wrong.append((x, y))
    # section boundaries
    for j in range(1, len(cols)):
        if section_of(cols[j]) != section_of(cols[j - 1]):
            x = left + j * size
            out.append(f'<line x1="{x}" y1="{top + (j - 1) * size}" x2="{x}" '
                       f'y2="{top + size * len(rows)}" class="sep"/>')
    for i in range(1, len(rows)):
        if section_of(rows[i]) != section_of(rows[i - 1]):
            y = top + i * size
            out.append(f'<line x1="{left}" y1="{y}" x2="{left + size * (i + 1)}" y2="{y}" '
                       'class="sep"/>')
    for x, y in wrong:  # drawn last: on top of the separators
        out.append(f'<rect x="{x - 1.5}" y="{y - 1.5}" width="{size + 3}" height="{size + 3}" '
                   'fill="none" stroke="#000000" stroke-width="3"/>')
    out.append(f'<text class="ax" x="4" y="{top - 28}">N \u2193  M \u2192</text>')
    out.append("</svg>")
    return "\n".join(out)


# ---- census bar charts -------------------------------------------------------------------------
def bar_chart(items: list[tuple[str, int]], total: int, title: str, colour,
              percent) -> str:
    """Horizontal bars on a log scale of hands, each labelled with its share and count."""
    items = [(k, v) for k, v in items if v > 0]
    if not items:
        return ""
    lo = 10 ** math.floor(math.log10(min(v for _, v in items)))
    hi = 10 ** math.ceil(math.log10(max(v for _, v in items)))
    if hi <= lo:
        hi = lo * 10
    row, left, bar_w, right = 17, 52, 330, 190
    top = 38
    w, h = left + bar_w + right, top + row * len(items) + 26
    span = math.log10(hi) - math.log10(lo)

    def xof(v: float) -> float:
        return left + bar_w * (math.log10(v) - math.log10(lo)) / span

    out = [f'<svg class="bars" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
           f'aria-label="{escape(title)}">',
           f'<text class="title" x="{left}" y="16">{escape(title)}</text>']
    e = round(math.log10(lo))
    while 10 ** e <= hi:
        x = xof(10 ** e)
        out.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{h - 22}" class="grid"/>')
        out.append(f'<text class="tick" x="{x:.1f}" y="{top - 9}" text-anchor="middle">'
                   f'10{_sup(e)}</text>')
        e += 1
    for i, (k, v) in enumerate(items):
        y = top + i * row
        x1 = xof(v)
        out.append(f'<g><title>{escape(k)}: {v:,} hands ({percent(v, total)})</title>'
                   f'<text class="lab" x="{left - 6}" y="{y + 12}" text-anchor="end">'
                   f'{escape(k)}</text>'
                   f'<rect x="{left}" y="{y + 2}" width="{max(x1 - left, 1.5):.1f}" height="{row - 4}" '
                   f'fill="{colour(k)}" stroke="#555555" stroke-width="0.6"/>'
                   f'<text class="val" x="{x1 + 5:.1f}" y="{y + 12}">{percent(v, total)} '
                   f'<tspan class="cnt">{v:,}</tspan></text></g>')
    out.append(f'<text class="tick" x="{left + bar_w / 2:.0f}" y="{h - 6}" text-anchor="middle">'
               'hands (log scale)</text>')
    out.append("</svg>")
    return "\n".join(out)


def _sup(n: int) -> str:
    return str(n).translate(str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3"
                                                         "\u2074\u2075\u2076\u2077\u2078\u2079"))


def bid_colour(bid: str) -> str:
    return SUIT_FILL["P" if bid == "PASS" else bid[1]]


# ---- control-flow overview ---------------------------------------------------------------------
def flow_svg(sections: list[tuple[int, str, list[tuple[str, bool]]]], jumps) -> str:
    """A vertical chain start, sections, pass, end; each section lists its bid points (dead ones
    red); every jump that is not to the next section is a curved red dashed arrow on the right,
    jumps to the next section (gotos) grey on the left. ``sections``: (number, title,
    [(bid point, reachable)])."""
    box_w, box_h, gap, left, top = 340, 38, 18, 130, 20
    names: list[tuple[int | str, str, list[tuple[str, bool]]]] = [
        ("start", "", []), *sections, ("end", "", [])]
    y_of: dict = {}
    out = []
    y = top
    for number, title, points in names:
        y_of[number] = y
        hh = 24 if isinstance(number, str) else box_h
        if isinstance(number, str):  # "start" or "end"; the sections are numbered
            out.append(f'<rect x="{left + box_w / 2 - 40}" y="{y}" width="80" height="{hh}" rx="12" '
                       'class="term"/>')
            out.append(f'<text x="{left + box_w / 2}" y="{y + 16}" text-anchor="middle" '
                       f'class="st">{number}</text>')
        else:
            fill = PALETTE[(number - 1) % len(PALETTE)] if number != 14 else "#eeeeee"
            out.append(f'<rect x="{left}" y="{y}" width="{box_w}" height="{hh}" rx="4" '
                       f'fill="{fill}" class="sec"/>')
            out.append(f'<text x="{left + 8}" y="{y + 15}" class="st"><tspan class="num">'
                       f'{number}</tspan> {escape(title)}</text>')
            x = left + 8
            for label, live in points:
                cls = "bp" if live else "bp dead"
                out.append(f'<text x="{x}" y="{y + 31}" class="{cls}">{escape(label)}'
                           f'{"" if live else " (dead)"}</text>')
                x += 7 * len(label) + 10 + (0 if live else 48)
        y_next = y + hh + gap
        if number != "end":
            cx = left + box_w / 2
            out.append(f'<line x1="{cx}" y1="{y + hh}" x2="{cx}" y2="{y_next - 2}" class="fwd" '
                       'marker-end="url(#arrow-grey)"/>')
        y = y_next
    height = y + 10
    right = left + box_w
    exceptions = [j for j in jumps if j.kind != "next-section"
                  and j.from_section in y_of and j.to_section in y_of]
    bends = [50 + 100 * i for i in range(len(exceptions))]
    legend_x = right + 0.75 * (bends[-1] if bends else 0) + 16
    for i, j in enumerate(exceptions):
        y1 = y_of[j.from_section] + box_h / 2
        y2 = y_of[j.to_section] + box_h / 2
        bend, mid = bends[i], (y1 + y2) / 2
        out.append(f'<path d="M {right} {y1:g} C {right + bend} {y1:g}, {right + bend} {y2:g}, '
                   f'{right} {y2:g}" class="exc" marker-end="url(#arrow-red)"><title>'
                   f'{escape(_jump_text(j))}</title></path>')
        name = j.note or j.label
        out.append(f'<text x="{right + 0.75 * bend + 5:g}" y="{mid + 4:g}" class="exc-t">'
                   f'{escape(name)}</text>')
        ly = mid - 10 * len(exceptions) + 22 * i + 8
        out.append(f'<text x="{legend_x + 50:g}" y="{ly:g}" class="exc-s"><tspan class="exc-t">'
                   f'{escape(name)}</tspan> ({escape(j.label)}): {escape(_jump_words(j))}</text>')
    for j in jumps:
        if j.kind != "next-section" or j.from_section not in y_of or j.to_section not in y_of:
            continue
        y1 = y_of[j.from_section] + box_h / 2
        y2 = y_of[j.to_section] + box_h / 2
        out.append(f'<path d="M {left} {y1:g} C {left - 46} {y1:g}, {left - 46} {y2:g}, {left} '
                   f'{y2:g}" class="jmp" marker-end="url(#arrow-grey)"><title>'
                   f'{escape(_jump_text(j))}</title></path>')
        out.append(f'<text x="{left - 40}" y="{(y1 + y2) / 2 + 4:g}" text-anchor="end" '
                   f'class="jmp-t">{escape(j.label)}</text>')
    width = legend_x + 50 + (330 if exceptions else 0)
    defs = ('<defs><marker id="arrow-grey" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
            'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
            'fill="#777777"/></marker><marker id="arrow-red" viewBox="0 0 10 10" refX="9" '
            'refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            '<path d="M 0 0 L 10 5 L 0 10 z" fill="#d62728"/></marker></defs>')
    head = (f'<svg class="flow" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
            f'height="{height:g}" role="img" aria-label="control flow overview">')
    return "\n".join([head, defs] + out + ["</svg>"])


def _jump_words(j) -> str:
    return {"after-bid": f"continues after the bid at {j.source}",
            "skip": f"skips section {j.from_section + 1}" if j.to_section == j.from_section + 2
            else "skips sections", "next-section": f"{j.label} to the next section",
            "backward": "BACKWARD"}.get(j.kind, j.kind)


def _jump_text(j) -> str:
    return f"{j.source} -> {j.target} ({j.label}, {j.kind}{', ' + j.note if j.note else ''})"

