"""``openbid compare`` rendered: the summary lines, the JSON objects, and the report section
(index.html with two pictures drawn as inline SVG, report.md, report.json): the IMP histogram,
the boards of largest swing, and where the two systems part (the first call they make
differently)."""

from __future__ import annotations

import json
from collections import Counter
from html import escape
from pathlib import Path

from openbid.report.style import CSS

A_FILL, B_FILL, ZERO_FILL = "#1d4ed8", "#dc2626", "#9ca3af"


# ---- data --------------------------------------------------------------------------------------
def table_json(t) -> dict:
    return {"auction": list(t.auction), "contract": t.contract, "declarer": t.declarer,
            "tricks": t.tricks, "score_ns": t.score_ns, "off_system": t.off_system}


def board_json(r) -> dict:
    """One board: ``deal`` (PBN), ``dealer``, ``vul``, ``a`` and ``b`` (auction, contract,
    declarer, tricks, score_ns, off_system), ``imps`` (A minus B, North-South) and ``mp_a``."""
    return {"board": r.board.number, "deal": r.board.deal, "dealer": r.board.dealer,
            "vul": r.board.vul, "a": table_json(r.a), "b": table_json(r.b), "imps": r.imps,
            "mp_a": r.mp_a}


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def summary_json(c, meta: dict) -> dict:
    i, m = c.imps, c.mp
    return {"summary": True, "a": c.a, "b": c.b, **meta, "boards": len(c.boards),
            "differ": c.differ, "auctions_differ": c.auctions_differ, "swings": c.swings,
            "imps_mean": _round(i.mean), "ci95": [_round(i.low), _round(i.high)],
            "ci_method": "Student t on the per-board IMP differences (paired by board), n-1 df",
            "imps_sd": _round(i.sd), "mp_a_mean": _round(m.mean),
            "mp_ci95": [_round(m.low), _round(m.high)],
            "off_system": {"a": c.off_system[0], "b": c.off_system[1]},
            "solved": {"deals_asked": c.run.asked, "in_store": c.run.stored,
                       "solved": c.run.solved, "results": c.run.pairs_solved,
                       "engine": c.run.engine, "workers": c.run.workers}}


def parting(c) -> list[tuple[str, str, int, int]]:
    """Where the systems part: (A's call, B's call) at the first call the two auctions differ,
    with the number of such boards and the IMPs they add up to (A minus B), most boards first."""
    count: Counter = Counter()
    total: Counter = Counter()
    for r in c.boards:
        k = next((i for i, (x, y) in enumerate(zip(r.a.auction, r.b.auction)) if x != y), None)
        if k is None:
            continue
        key = (r.a.auction[k], r.b.auction[k])
        count[key] += 1
        total[key] += r.imps
    return [(a, b, n, total[(a, b)]) for (a, b), n in
            sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))]


# ---- text --------------------------------------------------------------------------------------
def signed(x: float, digits: int = 2) -> str:
    return f"{x:+.{digits}f}"


def ci_text(i, digits: int = 2, scale: float = 1.0, unit: str = "") -> str:
    if i.low is None:
        return "no interval (one board)"
    return (f"95% CI [{signed(i.low * scale, digits)}{unit}, {signed(i.high * scale, digits)}"
            f"{unit}]")


def auction_text(auction) -> str:
    return " ".join("P" if call == "PASS" else call for call in auction)


def result_text(t) -> str:
    if t.contract == "PASS":
        return "passed out, 0"
    if t.tricks is None:
        return f"{t.contract} by {t.declarer}"
    return f"{t.contract} by {t.declarer}, {t.tricks} tricks, {t.score_ns:+d}"


def summary_lines(c, meta: dict, top: int) -> list[str]:
    n = len(c.boards)
    where = (f"the boards of {meta['boards_file']}" if meta.get("boards_file")
             else f"{n:,} boards, seed {meta.get('seed')}")
    i = c.imps
    lines = [
        f"{c.a} (A) against {c.b} (B): {where}; each system bids every board for both sides",
        f"  contracts differ on {c.differ:,} of {n:,} boards ({100 * c.differ / n:.1f}%);"
        f" auctions on {c.auctions_differ:,}; {c.swings:,} boards swing",
        f"  IMPs per board, A minus B (North-South): mean {signed(i.mean)}, {ci_text(i)}"
        f" (Student t on the per-board differences, {n - 1} df)",
        f"  matchpoints: A scores {100 * c.mp.mean:.1f}% against B, "
        f"{ci_text(c.mp, 1, 100, '%').replace('+', '')}",
        f"  off-system calls (passed): A {c.off_system[0]:,}, B {c.off_system[1]:,}",
    ]
    r = c.run
    if r.asked:
        how = (f"{r.solved:,} solved ({r.pairs_solved:,} results) in {r.seconds:.1f} s, "
               f"{r.engine}" + (f", {r.workers} workers" if r.workers > 1 else "")
               if r.solved else "none to solve")
        lines.append(f"  double dummy: {r.asked:,} deals asked, {r.stored:,} already in the "
                     f"store, {how}; {n - r.asked:,} boards need no solving (same contract)")
    else:
        lines.append("  double dummy: nothing to solve (the same contract on every board)")
    swings = c.largest(top)
    if swings:
        lines.append("largest swings (IMPs to A, North-South):")
        for s in swings:
            lines.append(f"  board {s.board.number:>4} ({s.board.dealer} deals, vul "
                         f"{s.board.vul}) {s.imps:+3d}   {s.board.deal}")
            lines.append(f"      A: {auction_text(s.a.auction):<28} {result_text(s.a)}")
            lines.append(f"      B: {auction_text(s.b.auction):<28} {result_text(s.b)}")
    return lines


# ---- pictures ----------------------------------------------------------------------------------
def histogram_svg(c) -> str:
    """Boards by IMPs (A minus B): a bar per value from the lowest to the highest swing, A's
    gains blue, B's red; the boards at 0 counted in the title, not drawn (they dwarf the rest)."""
    swings = Counter(r.imps for r in c.boards if r.imps)
    zero = sum(1 for r in c.boards if not r.imps)
    title = f"Boards by IMPs, A minus B ({zero:,} boards at 0 not drawn)"
    if not swings:
        return (f'<svg class="hist" viewBox="0 0 460 40" width="460" height="40" role="img" '
                f'aria-label="{escape(title)}"><text class="title" x="8" y="24">'
                f"{escape(title)}: no swing</text></svg>")
    reach = max(4, max(abs(v) for v in swings))  # symmetric: A's side and B's side alike
    values = list(range(-reach, reach + 1))
    top_count = max(swings.values())
    bar, gap, left, top, height = 16, 2, 40, 30, 160
    w = max(520, left + len(values) * (bar + gap) + 20)
    h = top + height + 40
    out = [f'<svg class="hist" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
           f'aria-label="{escape(title)}">',
           f'<text class="title" x="{left}" y="16">{escape(title)}</text>',
           f'<line x1="{left}" y1="{top + height}" x2="{left + len(values) * (bar + gap)}" '
           f'y2="{top + height}" stroke="#555"/>']
    for k, v in enumerate(values):
        x = left + k * (bar + gap)
        n = swings.get(v, 0)
        if n:
            bh = height * n / top_count
            fill = A_FILL if v > 0 else B_FILL
            out.append(f'<rect x="{x}" y="{top + height - bh:.1f}" width="{bar}" height="{bh:.1f}"'
                       f' fill="{fill}"><title>{v:+d} IMPs: {n} boards</title></rect>')
        if v % 2 == 0 or len(values) <= 16:
            out.append(f'<text class="ax" x="{x + bar / 2:g}" y="{top + height + 14}" '
                       f'text-anchor="middle">{v}</text>')
    out.append(f'<text class="ax" x="{left - 6}" y="{top + 8}" text-anchor="end">{top_count}'
               "</text>")
    out.append(f'<text class="ax" x="{left}" y="{h - 6}">IMPs to A (blue) or to B (red)</text>')
    out.append("</svg>")
    return "\n".join(out)


def swings_svg(c, k: int = 12) -> str:
    """The boards of largest swing: one bar each, to the right for A, to the left for B,
    labelled with the board and both contracts."""
    rows = c.largest(k)
    if not rows:
        return ""
    row, mid, half, label = 20, 300, 200, 10
    w, h = mid + half + 40, 30 + row * len(rows) + 10
    out = [f'<svg class="swings" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
           'aria-label="Boards of largest swing">',
           f'<text class="title" x="{label}" y="16">Boards of largest swing (IMPs; A right, '
           "B left)</text>",
           f'<line x1="{mid}" y1="24" x2="{mid}" y2="{h - 4}" stroke="#555"/>']
    for i, r in enumerate(rows):
        y = 30 + i * row
        width = half * abs(r.imps) / 24
        x = mid if r.imps > 0 else mid - width
        fill = A_FILL if r.imps > 0 else B_FILL
        text = (f"board {r.board.number}: A {r.a.contract}"
                f"{' ' + r.a.declarer if r.a.declarer else ''}, B {r.b.contract}"
                f"{' ' + r.b.declarer if r.b.declarer else ''}")
        out.append(f'<text class="ax" x="{label}" y="{y + 13}">{escape(text)}</text>')
        out.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{width:.1f}" height="{row - 6}" '
                   f'fill="{fill}"><title>{escape(text)}: {r.imps:+d} IMPs</title></rect>')
        tx = x + width + 4 if r.imps > 0 else x - 4
        anchor = "start" if r.imps > 0 else "end"
        out.append(f'<text class="ax" x="{tx:.1f}" y="{y + 13}" text-anchor="{anchor}">'
                   f"{r.imps:+d}</text>")
    out.append("</svg>")
    return "\n".join(out)


# ---- the report --------------------------------------------------------------------------------
def _auction_html(auction, other) -> str:
    """Calls from the dealer; the first call that differs from the other table's in bold."""
    k = next((i for i, (x, y) in enumerate(zip(auction, other)) if x != y), None)
    return " ".join(f"<b>{escape(c)}</b>" if i == k else escape(c) for i, c in enumerate(auction))


def render_html(c, meta: dict, top: int) -> str:
    lines = summary_lines(c, meta, 0)
    rows = "".join(
        f"<tr><td>{r.board.number}</td><td>{r.board.dealer}</td><td>{r.board.vul}</td>"
        f"<td>{_auction_html(r.a.auction, r.b.auction)}<br>{escape(result_text(r.a))}</td>"
        f"<td>{_auction_html(r.b.auction, r.a.auction)}<br>{escape(result_text(r.b))}</td>"
        f"<td>{r.imps:+d}</td><td><code>{escape(r.board.deal)}</code></td></tr>"
        for r in c.largest(top))
    parts = "".join(f"<tr><td>{escape(a)}</td><td>{escape(b)}</td><td>{n}</td><td>{s:+d}</td>"
                    f"<td>{s / n:+.2f}</td></tr>" for a, b, n, s in parting(c))
    body = [
        f"<header><h1>{escape(c.a)} against {escape(c.b)}</h1>"
        "<p class=\"sub\">double dummy, IMPs and matchpoints, every board bid by both systems "
        "for both sides</p></header>",
        "<section id=\"summary\"><h2>Summary</h2><pre>" + escape("\n".join(lines)) + "</pre>"
        "</section>",
        f"<section id=\"imps\"><h2>IMPs per board</h2>{histogram_svg(c)}</section>",
        f"<section id=\"swings\"><h2>Largest swings</h2>{swings_svg(c, top)}"
        "<table><thead><tr><th>board</th><th>dealer</th><th>vul</th><th>A</th><th>B</th>"
        f"<th>IMPs</th><th>deal</th></tr></thead><tbody>{rows}</tbody></table></section>",
        "<section id=\"parting\"><h2>Where the systems part</h2><p>The first call the two "
        "auctions make differently, over every board where they differ.</p><table><thead><tr>"
        "<th>A calls</th><th>B calls</th><th>boards</th><th>IMPs</th><th>per board</th></tr>"
        f"</thead><tbody>{parts}</tbody></table></section>",
        "<footer>written by <code>openbid compare --report</code></footer>"]
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(c.a)} against {escape(c.b)}</title>\n<style>{CSS}"
            ".hist rect,.swings rect{stroke:none}.ax{font-size:11px}.title{font-weight:600}"
            "pre{white-space:pre-wrap;word-break:break-word}"
            "</style>\n</head>\n<body>\n<main>\n" + "\n".join(body)
            + "\n</main>\n</body>\n</html>\n")


def render_md(c, meta: dict, top: int) -> str:
    out = [f"# {c.a} against {c.b}", "", "```", *summary_lines(c, meta, top), "```", "",
           "## Where the systems part", "", "| A calls | B calls | boards | IMPs |",
           "|---|---|---:|---:|"]
    out += [f"| {a} | {b} | {n} | {s:+d} |" for a, b, n, s in parting(c)]
    return "\n".join(out) + "\n"


def write_report(c, directory: Path, meta: dict, top: int) -> None:
    """index.html, report.md and report.json (every board and the summary) into ``directory``
    (checked beforehand by :func:`openbid.report.report.check_report_dir`), with openbid's
    marker."""
    from openbid.base.files import write_files
    from openbid.report.writer import MARKER

    directory = Path(directory)
    data = {"format": "openbid-compare-1", "summary": summary_json(c, meta),
            "boards": [board_json(r) for r in c.boards]}
    write_files({  # all or none: a full disk leaves no half report
        directory / MARKER: "written by 'openbid compare --report': openbid replaces its "
                            "index.html, report.md, report.json here, and nothing else\n",
        directory / "report.json": json.dumps(data, indent=1) + "\n",
        directory / "report.md": render_md(c, meta, top),
        directory / "index.html": render_html(c, meta, top)})
