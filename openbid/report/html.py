"""``index.html``: one self-contained page (inline CSS and SVG, no script, nothing fetched) of
the report (see :mod:`openbid.report.report`). Collapsing uses ``<details>``; every text is escaped."""

from __future__ import annotations

import re
import shutil
from html import escape

from openbid.report.report import (VERDICTS, census_groups, findings, outcome_text, part_two_tree,
                                   percent, soundness_text, tallies, worst)
from openbid.report.html_pieces import SIGN, badge, hand, table
from openbid.report.style import CSS
from openbid.report.svg import (COMPARISON_STYLE, KIND_WORDS, bar_chart, bid_colour, flow_svg,
                               fmt_int, matrix_svg, section_fill)

_PBN = re.compile(r"(?<![\w.])([AKQJT2-9x]{0,13})\.([AKQJT2-9x]{0,13})\.([AKQJT2-9x]{0,13})\."
                  r"([AKQJT2-9x]{0,13})(?!\w|\.\w)")
_TEX = (("\\geq", "\u2265"), ("\\leq", "\u2264"), ("\\neq", "\u2260"), ("\\therefore", "\u2234"),
        ("\\times", "\u00d7"), ("\\cdot", "\u00b7"), ("\\ge", "\u2265"), ("\\le", "\u2264"),
        ("<p>", ""), ("</p>", ""), ("$", ""))


# ---- small pieces ------------------------------------------------------------------------------
def handify(text: str) -> str:
    """Escaped text with every PBN hand in it (13 cards) drawn with :func:`hand`."""
    out, last = [], 0
    for m in _PBN.finditer(text):
        if sum(len(g) for g in m.groups()) != 13:
            continue
        out.append(escape(text[last:m.start()]))
        out.append(hand(m.group(0)))
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


def quote(text: str) -> str:
    """The paper's words for display: TeX commands as symbols, the OCR's <p> tags dropped."""
    for a, b in _TEX:
        text = text.replace(a, b)
    text = re.sub(r"\\text\{([^}]*)\}", r"\1", text)
    return escape(text).replace("\n", "<br>")


def lines(ls) -> str:
    ls = list(ls)
    if not ls:
        return ""
    where = f"l. {ls[0]}" if len(ls) == 1 else f"ll. {ls[0]}\u2013{ls[-1]}"
    return f'<span class="ln">{where}</span>'


def code(text) -> str:
    return f"<code>{escape(str(text))}</code>" if text not in (None, "") else ""


# ---- the page ----------------------------------------------------------------------------------
def render_html(run, data: dict, seconds: float | None = None, rules=None) -> str:
    v = data["variant"]
    body = [_summary(run, data, seconds), _findings(run, data)]
    if run.part_one is not None:
        body.append(_part_one(run.part_one))
    if run.part_two is not None:
        body.append(_part_two(run))
    if run.lemmas is not None:
        body.append(_lemmas(run.lemmas))
    system_only = run.system_only
    if not system_only:  # the paper's errata and OCR readings: not a modern system's
        body.append(_errata(data))
    if run.census:
        body.append(_census(run))
    if run.structure is not None:
        body.append(_flow(run, rules))
    from openbid.report import seeds

    body.append(seeds.html(run))
    if getattr(run, "system", None) is not None:
        from openbid.report import system

        body.append(system.html(run))
    if getattr(run, "tree", None) is not None:
        from openbid.report import tree

        body.append(tree.html(run.tree))
    if getattr(run, "census_tree", None) is not None:
        from openbid.report import tree_census

        body.append(tree_census.html(run.census_tree))
    body.append(_variant(v))
    body.insert(0, _header(v, [a for a, _ in NAV if f'<section id="{a}">' in "".join(body)],
                           system_only))
    foot = "written by <code>openbid prove --report</code>"
    if seconds is not None:
        foot += f" in {seconds:.1f} s"
    body.append(f"<footer>{foot}; the paper's quotes are verbatim except that TeX commands are "
                "shown as symbols.</footer>")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{'System checks' if system_only else 'OPENBID re-derived'}: "
            f"{escape(v.get('title', v['name']))}</title>\n<style>{CSS}</style>\n"
            "</head>\n<body>\n<main>\n" + "\n".join(body) + "\n</main>\n</body>\n</html>\n")


NAV = (("summary", "Summary"), ("findings", "Findings"), ("part-one", "Part One"), ("part-two", "Part Two"),
       ("lemmas", "Lemmas"), ("errata", "Errata"), ("census", "Census"),
       ("control-flow", "Control flow"), ("evaluators", "Evaluators"), ("binky", "Binky"),
       ("system", "System"), ("tree", "Auction tree"), ("variant", "Variant"))


def _header(v, present: list[str], system_only: bool = False) -> str:
    nav = " \u00b7 ".join(f'<a href="#{a}">{t}</a>' for a, t in NAV if a in present)
    if system_only:
        head = ('<header><h1>System checks</h1><p class="sub">Every bid point, overlap and claim '
                'of the rule file checked mechanically (Z3 and an exact census of all hands).</p>')
    else:
        head = ('<header><h1>OPENBID, re-derived</h1><p class="sub">London &amp; Wasserman '
                '(1967), <i>The Anatomy of an Algol Procedure</i>: every claim of the analysis '
                'checked mechanically (Z3 and an exact census of all hands).</p>')
    return (head +
            f'<p class="sub">{v.get("kind", "Variant")} <b>{escape(v.get("title", v["name"]))}</b> '
            f'\u2014 {escape(v["description"])}'
            f' \u2014 rules digest <code>{escape(v["digest"])}</code></p><nav>{nav}</nav></header>')


def _summary(run, data, seconds) -> str:
    cards = []
    for t in tallies(run):
        nums = "".join(f'<span class="n {k}{" zero" if not t.counts[k] else ""}">'
                       f'<b>{t.counts[k]:,}</b> {k}</span>' for k in VERDICTS)
        nums += "".join(f'<span class="n other"><b>{n:,}</b> {escape(k)}</span>'
                        for k, n in t.other.items())
        state = worst(k for k in VERDICTS if t.counts[k])
        cards.append(f'<div class="card {state}"><h3>{escape(t.title)}</h3>'
                     f'<div>{nums} <span class="n total">= <b>{t.total:,}</b></span></div>'
                     f'<p>{escape(t.note)}</p></div>')
    errs = len(data["paper_errors"])
    if not run.system_only:
        cards.insert(0, f'<a class="card big {"failed" if errs else "held"}" '
                        f'href="#paper-errors"><h3>Paper errors</h3><div class="huge">{errs}</div>'
                        '<p>places where the paper is wrong, each shown by a hand</p></a>')
    if data.get("seed_errors"):
        n = len(data["seed_errors"])
        cards.insert(1, f'<a class="card big failed" href="#seed-errors"><h3>Seed errors</h3>'
                        f'<div class="huge">{n}</div><p>places where seeds 000, 002 and 003 are '
                        'wrong</p></a>')
    extra = []
    if run.census:
        extra.append(f'{data["census"]["total"]:,} hands (all of C(52,13)) in '
                     f'{len(run.census)} outcomes')
    changes = data["changes"]
    changed = ""
    if changes:
        rows = [[escape(c["item"]), escape(str(c["expected"])), escape(str(c["got"]))]
                for c in changes]
        extra.append(f'<b class="bad">{len(changes)} verdict(s) changed against the recorded '
                     'expectation</b>')
        changed = table(["item", "expected", "got"], rows)
    else:
        extra.append("every verdict equals the recorded expectation (or none was compared)")
    if seconds is not None:
        extra.append(f"run time {seconds:.1f} s")
    meta = " \u00b7 ".join(extra)
    return (f'<section id="summary"><h2>Summary</h2><div class="cards">{"".join(cards)}</div>'
            f'<p class="meta">{meta}</p>{changed}</section>')


# ---- findings ----------------------------------------------------------------------------------
def _findings(run, data) -> str:
    """What the run found, first: each group a box; a long list (the seeds') collapsed."""
    groups = findings(run, data)
    if not groups:
        return ""
    parts = []
    for f in groups:
        items = "".join(f"<li>{handify(line)}</li>" for line in f.lines)
        intro = escape(f.intro).replace("under Errata", 'under <a href="#errata">Errata</a>')
        listed = f"<ul>{items}</ul>" if items else ""
        if len(f.lines) > 20:
            listed = f"<details><summary>all {len(f.lines)}</summary>{listed}</details>"
        cls = "wrong" if f.lines else "fine"
        parts.append(f'<div class="{cls}" id="{escape(f.anchor)}"><h3>{escape(f.title)}</h3>'
                     f"<p>{intro}</p>{listed}</div>")
    return f'<section id="findings"><h2>Findings</h2>{"".join(parts)}</section>'


# ---- Part One ----------------------------------------------------------------------------------
def _tooltip(p) -> str:
    paper = f"paper: {p.paper} (entry {p.entry})" if p.paper else "paper: not in the paper"
    mech = f"mechanical: {p.state}"
    if p.count is not None:
        mech += f", {p.count:,} hands ({p.classes:,} classes)"
    s = f"{p.n} vs {p.m}\n{paper}\n{mech}\ncomparison: {p.comparison}"
    if p.witness:
        s += f"\ne.g. {p.witness} bids {p.witness_outcome}"
    if p.conceded:
        s += "\n(the paper's reason concedes such hands)"
    return s


def _part_one(P) -> str:
    s = P.summary()
    legend = []
    for key, (fill, ink, words) in COMPARISON_STYLE.items():
        legend.append(f'<li><span class="sw" style="background:{fill};color:{ink}">'
                      f'{s.get(key, 0)}</span> {escape(words)}</li>')
    legend.append('<li><span class="sw" style="background:#f4f4f4"></span> not in the paper, no '
                  'hand meets both</li>')
    letters = "".join(f"<li><b>{k}</b> {escape(w)}</li>" for k, w in KIND_WORDS.items())
    wrong = [p for p in P.pairs if p.comparison in ("paper-wrong", "unknown")]
    callout = ""
    if wrong:
        items = []
        for p in wrong:
            items.append(
                f'<li><b>{escape(p.n)} vs {escape(p.m)}</b>: the paper says <i>{escape(p.paper or "-")}'
                f'</i>; {fmt_int(p.count)} hands ({fmt_int(p.classes)} classes) meet both, e.g. '
                f'{hand(p.witness)} which bids <b>{escape(p.witness_outcome or "")}</b>'
                + (" <i>(the paper's reason concedes this)</i>" if p.conceded else "")
                + f'<details><summary>the paper\'s reason (entry {escape(p.entry or "")})'
                f'</summary><blockquote>{quote(p.reason)}</blockquote>'
                + (f'<p class="note">{escape(p.note)}</p>' if p.note else "")
                + "</details></li>")
        callout = f'<div class="wrong"><h3>Paper wrong</h3><ul>{"".join(items)}</ul></div>'
    unmentioned = [p for p in P.pairs if p.comparison == "not-in-paper"]
    listed = table(["N", "M", "hands meeting both", "e.g.", "bids"],
                   [[escape(p.n), escape(p.m),
                     f'<span class="num">{fmt_int(p.count)}</span>' if p.state == "overlap"
                     else escape(p.state), hand(p.witness), escape(p.witness_outcome or "")]
                    for p in unmentioned], "wide")
    over = ", ".join(f"{escape(p.n)}/{escape(p.m)}" for p in P.pairs
                     if p.comparison == "overcautious")
    lists = (f'<details><summary>The {s.get("overcautious", 0)} overcautious pairs (the paper '
             f'allows hands meeting both; none exist)</summary><p>{over}</p></details>'
             f'<details><summary>The {len(unmentioned)} pairs not in the paper</summary>'
             f'{listed}</details>')
    both = [p for p in P.pairs if p.state == "overlap"]
    rows = [[escape(p.n), escape(p.m), escape(p.paper or "\u2013"),
             f'<span class="cmp {p.comparison}">{escape(p.comparison)}</span>',
             f'<span class="num">{fmt_int(p.count)}</span>',
             f'<span class="num">{fmt_int(p.classes)}</span>', hand(p.witness),
             escape(p.witness_outcome or "")] for p in both]
    return (
        '<section id="part-one"><h2>Part One: can one hand meet two bid points?</h2>'
        '<p>For every bid point N (row) and every earlier bid point M (column): Z3 decides '
        'whether a hand meets the conditions of both, the census counts those hands exactly, and '
        'the verdict is compared with the paper\'s table. Hover a cell for its details.</p>'
        f'<div class="p1"><div class="mx">{matrix_svg(P, _tooltip)}</div>'
        f'<div class="side"><ul class="legend">{"".join(legend)}</ul>'
        f'<p class="small">Letter: the paper\'s verdict on a hand meeting both; dot: hands do '
        f'meet both.</p><ul class="legend letters">{letters}</ul>{callout}</div></div>'
        f'<p>{s["total"]} pairs = {s["agrees"]} agree + {s["paper-wrong"]} paper wrong + '
        f'{s["overcautious"]} overcautious + {s["not-in-paper"]} not in the paper'
        + (f' + {s["unknown"]} unknown' if s.get("unknown") else "") + f'.</p>{lists}'
        f'<details><summary>All {len(both)} pairs met by the same hand, with exact counts'
        f'</summary>{table(["N", "M", "paper", "comparison", "hands", "classes", "e.g.", "bids"], rows, "wide")}'
        "</details></section>")


# ---- Part Two ----------------------------------------------------------------------------------
def _part_two(run) -> str:
    s = run.part_two.summary()
    roots, rest = part_two_tree(run)
    parts = []
    for c in rest:
        parts.append(f'<p>{badge(c.verdict.value)} <b>{escape(c.path)}</b> {escape(c.check)}: '
                     f'{escape(c.claim)}</p>')
    for r in roots:
        parts.append(_node(r, 0))
    bad = [c for c in run.part_two.checks if c.verdict.value != "held"]
    rows = [[badge(c.verdict.value, c.verdict.value), f'<a href="#n-{_anchor(c.path)}">'
             f'{escape(c.path)}</a>', escape(c.check), code(c.claim), hand(c.witness),
             escape(c.witness_outcome or "") if c.witness else "", handify(c.reason)]
            for c in bad]
    width = 7 if any(c.reason for c in bad) else 6
    return ('<section id="part-two"><h2>Part Two: the case analysis</h2>'
            f'<p>{s["total"]} checks: {badge("held", str(s["held"]))} held, '
            f'{badge("failed", str(s["failed"]))} failed, {badge("vacuous", str(s["vacuous"]))} '
            f'vacuous, {badge("unknown", str(s["unknown"]))} unknown. Every inference (\u2234), '
            'every bid and Pass leaf, every split (do the cases cover their parent?) and every '
            'example hand is checked. A mark is the worst verdict of the node\'s own checks; the '
            'numbers count the checks below. Cases with failures are open.</p>'
            + (table(["", "node", "check", "claim", "e.g.", "bids", "reason"][:width],
                     [r[:width] for r in rows], "wide") if rows else "")
            + f'<details class="trees"><summary>The trees: {len(roots)} propositions, '
            f'{_cases(roots)} cases, every check</summary>'
            f'<div class="tree">{"".join(parts)}</div></details></section>')


def _cases(roots) -> int:
    stack, n = list(roots), 0
    while stack:
        t = stack.pop()
        n += 1
        stack.extend(t.children)
    return n


def _anchor(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9.]", "_", path.encode("ascii", "backslashreplace").decode())


def _node(t, depth: int) -> str:
    n = t.node
    label = n.path if depth == 0 else n.path.rsplit(".", 1)[-1]
    out_text = outcome_text(n)
    bad = t.below.get("failed", 0) + t.below.get("unknown", 0)
    counts = " ".join(f'<span class="c {k}">{t.below[k]}{SIGN[k]}</span>'
                      for k in VERDICTS if t.below.get(k))
    summary = (f'{badge(t.mark)} <b class="lb">{escape(label)}</b> '
               f'<code>{escape(n.assumption)}</code>'
               + (f' <span class="out">\u2192 {escape(out_text)}</span>' if out_text else "")
               + (f' <span class="ref">as in {escape(n.expanded_from)}</span>'
                  if n.expanded_from else "")
               + f' <span class="counts">{counts}</span>')
    body = [f'<blockquote>{quote(n.quote)} {lines(n.lines)}</blockquote>']
    checks = []
    for c in t.checks:
        item = f'{badge(c.verdict.value)} <span class="kind">{escape(c.check)}</span> {code(c.claim)}'
        if c.quote and c.quote != n.quote:
            item += f' <q>{quote(c.quote)}</q> {lines(c.lines)}'
        if c.witness:
            item += (f'<div class="wit">{c.verdict.value} for {hand(c.witness)} which bids '
                     f'<b>{escape(c.witness_outcome or "")}</b></div>')
        if c.reason:
            item += f'<div class="why">{handify(c.reason)}</div>'
        if c.note:
            item += f'<div class="note">{escape(c.note)}</div>'
        checks.append(f'<li class="{escape(c.verdict.value)}">{item}</li>')
    if checks:
        body.append(f'<ul class="checks">{"".join(checks)}</ul>')
    body += [_node(ch, depth + 1) for ch in t.children]
    opened = " open" if bad else ""
    cls = "prop" if depth == 0 else "node"
    return (f'<details class="{cls} {t.mark}" id="n-{_anchor(n.path)}"{opened}>'
            f'<summary>{summary}</summary><div class="body">{"".join(body)}</div></details>')


# ---- lemmas and appendices ---------------------------------------------------------------------
def _lemmas(L) -> str:
    def rows(claims):
        return [[badge(c.verdict, c.verdict), escape(c.id), escape(c.kind), code(c.claim),
                 escape(c.in_context or ""), hand(c.witness), f"<q>{quote(c.quote)}</q>"]
                for c in claims]

    head = ["", "id", "kind", "claim", "where used", "e.g.", "the paper"]
    bad = [c for c in L.claims if c.verdict not in ("held", "judgement")]
    a3 = [[escape(c.holding), str(c.length), str(c.table), str(c.procedure), str(c.fixed)]
          for c in L.appendix3 if c.differs or c.fixed != c.table]
    a6 = [[escape(r.shape), f"{r.printed_min}..{r.printed_max}", f"{r.min}..{r.max_hcp15}",
           str(r.max_all), str(r.footnote_max),
           badge("held" if r.agrees and r.footnote_agrees and r.proved else "failed")]
          for r in L.appendix6]
    differ = sum(c.differs for c in L.appendix3)
    return ('<section id="lemmas"><h2>Lemmas and appendices</h2>'
            f'<p>{len(L.claims)} general facts Part One leans on and claims about the order of the '
            f'bids within a section; {len(bad)} did not hold as stated'
            + (":" if bad else ".") + "</p>"
            + (table(head, bad and rows(bad), "wide") if bad else "")
            + f"<details><summary>All {len(L.claims)} lemmas and within-section claims</summary>"
            + table(head, rows(L.claims), "wide")
            + "</details><details><summary>Appendix 3: the printed PLAYTRICKS table differs from "
            f"the PLAYINGTRICKS procedure in {differ} of {len(L.appendix3)} cells (reading P)"
            "</summary>" + table(["holding", "length", "table", "procedure", "footnote"], a3)
            + f"</details><details><summary>Appendix 6: {len(L.appendix6)} distributions, printed "
            "minimum and maximum change against re-derived (and proved)</summary>"
            + table(["distribution", "printed", "derived", "max, any HCP", "footnote", ""], a6)
            + "</details></section>")


# ---- errata ------------------------------------------------------------------------------------
def _errata(data) -> str:
    ocr = [[f"<b>{escape(e['id'])}</b>", escape(e["where"]), code(e["printed"]), code(e["read"]),
            escape(e["kind"]), escape(e["evidence"]), escape(e["variant"] or "")]
           for e in data["errata"]["ocr"]]
    readings = [[f"<b>{escape(e['id'])}</b>", escape(e["where"]), escape(e["printed"]),
                 escape(e["read"]), escape(e["kind"]), escape(e["evidence"]),
                 escape(e["variant"] or "")] for e in data["errata"]["readings"]]
    head = ["id", "where", "as printed", "as read", "kind", "evidence", "variant"]
    return ('<section id="errata"><h2>Errata</h2><p>Where the paper and the seeds are wrong is '
            'listed under <a href="#findings">Findings</a>; here, how the code is read.</p>'
            '<h3>OCR errata of Appendix 1</h3>' + table(head, ocr, "wide")
            + "<h3>Readings (decisions, not OCR errors)</h3>" + table(head, readings, "wide")
            + "</section>")


# ---- census ------------------------------------------------------------------------------------
def _census(run) -> str:
    from openbid.bridge.bids import bid_text

    bids, points, total = census_groups(run)
    rows = [[escape(bid_text(bv)), escape(lb), str(bv), f'<span class="num">{w:,}</span>',
             f'<span class="num">{percent(w, total)}</span>', f'<span class="num">{c:,}</span>',
             code(ex)] for bv, lb, w, c, ex in run.census]
    return ('<section id="census"><h2>Census: what OPENBID bids</h2>'
            f'<p>The exact distribution over all {total:,} hands (C(52,13)), computed over every '
            'hand class; bars on a log scale, labelled with the share and the number of hands.</p>'
            + _soundness(run)
            + '<div class="charts">'
            + bar_chart(bids, total, "by bid", bid_colour, percent)
            + bar_chart(points, total, "by bid point (section)", section_fill, percent)
            + f'</div><details><summary>All {len(run.census)} outcomes</summary>'
            + table(["bid", "bid point", "BIDVAL", "hands", "share", "classes", "example"], rows)
            + "</details></section>")


def _soundness(run) -> str:
    sd = getattr(run, "soundness", None)
    if sd is None:
        return ""
    out = f'<p>{badge("held" if sd.holds else "failed")} {escape(soundness_text(run))}</p>'
    if sd.violations:
        out += table(["class", "hand", "other hand"],
                     [[hand(a), hand(b), hand(c)] for a, b, c in sd.violations])
    return out


# ---- control flow ------------------------------------------------------------------------------
def _flow(run, rules) -> str:
    from openbid.systems.rules.model import PASS_SECTION

    G = run.structure
    titles = {s.number: s.name for s in rules.sections} if rules is not None else {}
    end = rules.pass_section if rules is not None else PASS_SECTION
    numbers = sorted(set(titles) | {p.section for p in G.points} | {end})
    sections = [(k, titles.get(k, "pass: no bid found" if k == end else f"section {k}"),
                 [(p.label, p.status.value != "unsat") for p in G.points
                  if p.section == k]) for k in numbers]
    exc = "; ".join(f"{escape(j.note or j.kind)}: {escape(j.source)} \u2192 "
                    f"{escape(j.target)} ({escape(j.label)})" for j in G.structure.exceptions)
    dead = [p.label for p in G.dead]
    rows = [[escape(p.label), badge("held" if p.status.value == "sat" else
                                    "failed" if p.status.value == "unsat" else "unknown",
                                    {"sat": "reachable", "unsat": "dead"}.get(p.status.value,
                                                                             "unknown")),
             code(p.condition), hand(p.witness.to_pbn() if p.witness else None),
             escape(p.outcome)] for p in G.points]
    full = _dot_svg(rules)
    full_html = (f'<details><summary>The whole graph (Graphviz): every test, loop iteration, '
                 f'bid point and jump</summary><div class="dot">{full}</div></details>'
                 if full else '<p class="small">(Graphviz <code>dot</code> is not installed or '
                 'the rules are not at hand: only the overview is drawn.)</p>')
    return ('<section id="control-flow"><h2>Control flow</h2>'
            f'<p>{badge(G.verdict.value, G.verdict.value)} "With the exception of for-loops and '
            'procedure calls, the flow of control is always directly toward the end of the '
            'OPENBID procedure" (p. 3), except Note 1 (OPENBID continues after a bid) and Note 2 '
            f'(control skips a section). Exceptions found: {exc or "none"}. Bid points where '
            f'some hand\'s bid is made: {len(G.points) - len(dead)} of {len(G.points)}'
            + (f'; <b class="bad">dead: {escape(", ".join(dead))}</b>' if dead else "")
            + f'.</p><div class="flowbox">{flow_svg(sections, G.structure.jumps)}'
            '<div class="flowtable"><details><summary>Bid points: arrival condition and a hand '
            'that bids there</summary>'
            + table(["", "reachable", "condition", "e.g.", "bids"], rows)
            + f"</details></div></div>{full_html}</section>")


def _dot_svg(rules) -> str:
    if rules is None or shutil.which("dot") is None:
        return ""
    from openbid.base.errors import OpenbidError
    from openbid.readers.graph.cfg import build
    from openbid.report.cfg_render import to_svg

    try:
        svg = to_svg(build(rules))
    except OpenbidError:
        return ""
    svg = svg[svg.find("<svg"):]
    svg = re.sub(r'\s+xmlns(:xlink)?="[^"]*"', "", svg, count=2)
    # Graphviz sizes in points (1.33 px each): draw one point as one pixel instead.
    svg = re.sub(r'^<svg width="([\d.]+)pt" height="([\d.]+)pt"', r'<svg width="\1" height="\2"',
                 svg)
    return re.sub(r"<!--.*?-->", "", svg, flags=re.S)


# ---- variant -----------------------------------------------------------------------------------
def _variant(v) -> str:
    from openbid.systems.variants import VARIANTS

    vc = v["versus_code"]
    if vc == "this is code":
        diff = "<p>This is the code itself: nothing differs from code.</p>"
    elif vc is None:
        diff = "<p>Not compared with code.</p>"
    elif v.get("source"):
        diff = _diff(vc, f"Rule file {v['source']} against variant {v['base']}")
    else:
        diff = _diff(vc, f"Variant {v['name']} against code")
    syn = _diff(v["synopsis"], "The synopsis (p. 8, asserted without proof) against the code") \
        if v["synopsis"] else ""
    rows = [[f"<b>{escape(k)}</b>" if k == v["name"] else escape(k), escape(words)]
            for k, (_, _, words) in VARIANTS.items()]
    return ('<section id="variant"><h2>Variant</h2>'
            f'<p>In force: <b>{escape(v.get("title", v["name"]))}</b> \u2014 '
            f'{escape(v["description"])} '
            f'(rules digest <code>{escape(v["digest"])}</code>).</p>{diff}{syn}'
            '<details><summary>The named variants</summary>'
            + table(["variant", "what it changes"], rows) + "</details></section>")


def _diff(d: dict, what: str) -> str:
    word = {True: "equivalent: the same bid at the same bid point on every hand",
            False: "NOT equivalent", None: "undecided"}[d["equivalent"]]
    state = {True: "held", False: "failed", None: "unknown"}[d["equivalent"]]
    s = f'<p>{badge(state)} {escape(what)}: <b>{word}</b> (decided by {escape(d["method"])})'
    if d.get("witness"):
        s += f"; e.g. {hand(d['witness'])}"
    if d.get("changed"):
        s += f"; {d['changed']:,} hands change"
    s += "</p>"
    if d.get("transitions"):
        s += table(["from", "to", "hands", "e.g."],
                   [[escape(t["source"]), escape(t["target"]), f"{t['count']:,}",
                     " ".join(hand(e) for e in t["examples"])] for t in d["transitions"]])
    return s

