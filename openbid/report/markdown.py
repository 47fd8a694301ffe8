"""``report.md``: the report in Markdown (see :mod:`openbid.report.report`). Deterministic: the text
depends only on the run and the changes against the recorded expectation."""

from __future__ import annotations

from openbid.report.md_pieces import table
from openbid.report.prove_text import MARK
from openbid.report.report import (VERDICTS, census_groups, findings, outcome_text, part_two_tree,
                                   percent, soundness_text, tallies)

SIGN = {"held": "✓", "failed": "✗", "vacuous": "∅", "unknown": "?", "judgement": "~"}


def code(text) -> str:
    s = "" if text is None else str(text).replace("\n", " ")
    if not s:
        return ""
    tick = "``" if "`" in s else "`"
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    return f"{tick}{pad}{s}{pad}{tick}"


def render_md(run, data: dict) -> str:
    v = data["variant"]
    if run.system_only:
        out = ["# System checks", "", "Every bid point, overlap and claim of the rule file "
               "checked mechanically by `openbid prove` (Z3 and an exact census of all hands).", ""]
    else:
        out = ["# OPENBID re-derived", "",
               "London & Wasserman (1967), *The Anatomy of an Algol Procedure*: every claim of "
               "the analysis checked mechanically by `openbid prove`.", ""]
    out += [
           f"{v.get('kind', 'Variant')} **{v.get('title', v['name'])}**: {v['description']}; "
           f"rules digest `{v['digest']}`.", ""]
    out += _summary(run, data)
    out += _findings(run, data)
    if run.part_one is not None:
        out += _part_one(run.part_one)
    if run.part_two is not None:
        out += _part_two(run)
    if run.lemmas is not None:
        out += _lemmas(run.lemmas)
    if not run.system_only:  # the paper's errata: not a system's
        out += _errata(data)
    if run.census:
        out += _census(run)
    if run.structure is not None:
        out += _structure(run.structure)
    from openbid.report import seeds

    out += seeds.markdown(run)
    if getattr(run, "system", None) is not None:
        from openbid.report import system

        out += system.markdown(run)
    if getattr(run, "tree", None) is not None:
        from openbid.report import tree

        out += tree.markdown(run.tree)
    if getattr(run, "census_tree", None) is not None:
        from openbid.report import tree_census

        out += tree_census.markdown(run.census_tree)
    out += _variant(v)
    return "\n".join(out).rstrip("\n") + "\n"


def _summary(run, data) -> list[str]:
    rows = [[t.title, f"{t.total:,}", *(f"{t.counts[k]:,}" for k in VERDICTS), t.other_text,
             t.note] for t in tallies(run)]
    out = ["## Summary", "",
           "Each row adds up: its total is the claims held, failed, vacuous (about no hand) and "
           "unknown, and the items that are not claims (other).", ""]
    out += table(["part", "total", *VERDICTS, "other", "note"], rows)
    errs = data["paper_errors"]
    if not run.system_only:
        out.append(f"**Paper errors: {len(errs)}** (listed under [Findings](#findings), each "
                   "with a hand that shows it).")
    if data.get("seed_errors"):
        out.append(f"**Seed errors: {len(data['seed_errors'])}** (seeds 000, 002 and 003; listed "
                   "under [Findings](#findings)).")
    if run.census:
        total = data["census"]["total"]
        out.append(f"The census covers all {total:,} hands (C(52,13)) in "
                   f"{len(run.census)} outcomes (bid, bid point).")
    out.append("")
    changes = data["changes"]
    if changes:
        out += [f"**Changed against the recorded expectation: {len(changes)} verdict(s).**", ""]
        out += table(["item", "expected", "got"],
                     [[c["item"], c["expected"], c["got"]] for c in changes])
    else:
        out += ["Every verdict equals the recorded expectation (or none was compared).", ""]
    return out


def _findings(run, data) -> list[str]:
    groups = findings(run, data)
    if not groups:
        return []
    out = ["## Findings", ""]
    for f in groups:
        out += [f"### {f.title}", "", f.intro.replace("under Errata", "under [Errata](#errata)"),
                ""]
        listed = [f"- {line}" for line in f.lines]
        if len(listed) > 20:  # a long list collapsed, as in index.html
            listed = [f"<details><summary>all {len(listed)}</summary>", "", *listed, "",
                      "</details>"]
        if listed:
            out += listed + [""]
    return out


def _part_one(P) -> list[str]:
    labels = P.labels
    cellof = {(p.n, p.m): p for p in P.pairs}
    out = ["## Part One", "",
           "Can a hand meet the conditions of bid point N (row) and of an earlier M (column)? "
           "`=` agrees with the paper, **X** paper wrong, `~` paper overcautious (it allows hands "
           "that do not exist), `o` not in the paper and hands meet both, blank: not in the paper "
           "and none do, `?` unknown.", ""]
    header = ["N \\ M", *labels[:-1]]
    rows = []
    for n in labels[1:]:
        row = [n]
        for m in labels[:-1]:
            p = cellof.get((n, m))
            if p is None:
                row.append("")
            elif p.comparison == "not-in-paper":
                row.append("o" if p.state == "overlap" else "")
            elif p.comparison == "paper-wrong":
                row.append("**X**")
            else:
                row.append(MARK[p.comparison])
        rows.append(row)
    out += table(header, rows)
    s = P.summary()
    out += [", ".join(f"{k}: {s[k]}" for k in ("agrees", "paper-wrong", "overcautious",
                                              "not-in-paper", "unknown", "total")), ""]
    wrong = [p for p in P.pairs if p.comparison in ("paper-wrong", "unknown")]
    if wrong:
        out += ["### Where the paper is wrong", ""]
        out += table(["N", "M", "paper", "verdict", "hands", "classes", "e.g.", "bids", "conceded"],
                     [[p.n, p.m, p.paper, p.state, _n(p.count), _n(p.classes),
                       code(p.witness), p.witness_outcome, "yes" if p.conceded else ""]
                      for p in wrong])
    over = [f"{p.n}/{p.m}" for p in P.pairs if p.comparison == "overcautious"]
    if over:
        out += [f"### Overcautious ({len(over)}): the paper allows hands meeting both; none exist",
                "", ", ".join(over), ""]
    unmentioned = [p for p in P.pairs if p.comparison == "not-in-paper"]
    if unmentioned:
        met = sum(p.state == "overlap" for p in unmentioned)
        out += [f"### Not in the paper ({len(unmentioned)})", "",
                f"Pairs the paper's table does not mention: hands meet both in {met}, none in "
                f"{len(unmentioned) - met}.", ""]
        out += table(["N", "M", "hands meeting both", "e.g.", "bids"],
                     [[p.n, p.m, _n(p.count) if p.state == "overlap" else p.state,
                       code(p.witness), p.witness_outcome] for p in unmentioned])
    both = [p for p in P.pairs if p.state == "overlap"]
    out += [f"### Pairs met by the same hand ({len(both)})", ""]
    out += table(["N", "M", "paper", "comparison", "hands", "classes", "e.g.", "bids"],
                 [[p.n, p.m, p.paper or "-", p.comparison, _n(p.count), _n(p.classes),
                   code(p.witness), p.witness_outcome] for p in both])
    return out


def _n(x) -> str:
    return "" if x is None else f"{x:,}"


def _part_two(run) -> list[str]:
    s = run.part_two.summary()
    out = ["## Part Two", "",
           f"{s['total']} checks: held {s['held']}, failed {s['failed']}, vacuous {s['vacuous']}, "
           f"unknown {s['unknown']}.", ""]
    bad = [c for c in run.part_two.checks if c.verdict.value != "held"]
    if bad:
        out += ["### Checks that did not hold", ""]
        rows = [[c.path, c.check, c.verdict.value, code(c.claim), code(c.witness),
                 c.witness_outcome if c.witness else "", c.reason] for c in bad]
        header = ["node", "check", "verdict", "claim", "e.g.", "bids", "reason"]
        if not any(c.reason for c in bad):
            header, rows = header[:-1], [r[:-1] for r in rows]
        out += table(header, rows)
    roots, rest = part_two_tree(run)
    cases = sum(1 for r in roots for _ in _walk(r))
    out += ["### The trees", "",
            "One line per case: the worst verdict of its own checks (✓ held, ✗ failed, ∅ vacuous, "
            "? unknown), its label, its assumption and the outcome the paper gives.", "",
            f"<details><summary>{len(roots)} propositions, {cases} cases</summary>", ""]
    for c in rest:
        out += [f"- {SIGN[c.verdict.value]} {c.path} {c.check}: {c.claim}", ""]
    for root in roots:
        out += _tree_lines(root, 0)
        out.append("")
    return out + ["</details>", ""]


def _walk(t):
    yield t
    for ch in t.children:
        yield from _walk(ch)


def _tree_lines(t, depth: int) -> list[str]:
    n = t.node
    label = n.path if depth == 0 else n.path.rsplit(".", 1)[-1]
    outcome = outcome_text(n)
    line = f"{'  ' * depth}- {SIGN[t.mark]} **{label}** {code(n.assumption)}"
    if outcome:
        line += f" → {outcome}"
    if n.expanded_from:
        line += f" (as in {n.expanded_from})"
    for c in t.checks:
        if c.verdict.value != "held":
            line += f" — {SIGN[c.verdict.value]} {c.check} {code(c.claim)} {c.verdict.value}"
            if c.witness:
                line += f" for {code(c.witness)} ({c.witness_outcome})"
    out = [line]
    for ch in t.children:
        out += _tree_lines(ch, depth + 1)
    return out


def _lemmas(L) -> list[str]:
    out = ["## Lemmas and appendices", ""]
    out += table(["id", "kind", "claim", "verdict", "where used", "e.g."],
                 [[c.id, c.kind, code(c.claim), c.verdict, c.in_context or "", code(c.witness)]
                  for c in L.claims])
    diff = [c for c in L.appendix3 if c.differs or c.fixed != c.table]
    out += [f"Appendix 3: {len(L.appendix3)} printed cells; these differ from the PLAYINGTRICKS "
            "procedure or carry the footnote's correction:", ""]
    out += table(["holding", "length", "table", "procedure", "corrected"],
                 [[c.holding, c.length, c.table, c.procedure, c.fixed] for c in diff])
    out += ["Appendix 6 (minimum and maximum change TOTALPTS - HCP per distribution), printed "
            "against re-derived and proved:", ""]
    out += table(["distribution", "printed", "derived", "max (any HCP)", "footnote", "agrees",
                  "proved"],
                 [[r.shape, f"{r.printed_min}..{r.printed_max}", f"{r.min}..{r.max_hcp15}",
                   r.max_all, r.footnote_max, "yes" if r.agrees and r.footnote_agrees else "NO",
                   "yes" if r.proved else "no"] for r in L.appendix6])
    return out


def _errata(data) -> list[str]:
    out = ["## Errata", "", "Where the paper and the seeds are wrong is listed under "
           "[Findings](#findings); here, how the code is read.", ""]
    out += ["### OCR errata of Appendix 1 (docs/ERRATA.md)", ""]
    out += table(["id", "where", "as printed", "as read", "kind", "variant"],
                 [[e["id"], e["where"], code(e["printed"]), code(e["read"]), e["kind"],
                   e["variant"] or ""] for e in data["errata"]["ocr"]])
    out += ["### Readings (decisions, not OCR errors)", ""]
    out += table(["id", "where", "printed", "read", "variant", "evidence"],
                 [[e["id"], e["where"], e["printed"], e["read"], e["variant"] or "", e["evidence"]]
                  for e in data["errata"]["readings"]])
    return out


def _census(run) -> list[str]:
    from openbid.bridge.bids import bid_text

    bids, points, total = census_groups(run)
    out = ["## Census", "", f"All {total:,} hands, bid by the rules in force.", ""]
    if soundness_text(run):
        out += [soundness_text(run), ""]
    for sd in [getattr(run, "soundness", None)]:
        if sd is not None and sd.violations:
            out += table(["class", "hand", "other hand"], [list(v) for v in sd.violations])
    out += table(["bid", "hands", "share"], [[b, f"{w:,}", percent(w, total)] for b, w in bids])
    out += table(["bid point", "hands", "share"],
                 [[lb, f"{w:,}", percent(w, total)] for lb, w in points])
    out += table(["bid", "bid point", "BIDVAL", "hands", "share", "classes", "example"],
                 [[bid_text(bv), lb, bv, f"{w:,}", percent(w, total), f"{c:,}", code(ex)]
                  for bv, lb, w, c, ex in run.census])
    return out


def _structure(G) -> list[str]:
    s = G.structure
    out = ["## Control flow", "",
           f"Verdict: **{G.verdict.value}**. \"With the exception of for-loops and procedure calls, "
           "the flow of control is always directly toward the end of the OPENBID procedure\" "
           "(p. 3), with one exception to \"first bid wins\" (Note 1) and one to \"control passes "
           "to the next section\" (Note 2).", ""]
    out += ["Every jump of the graph:", ""]
    out += table(["from", "to", "edge", "sections", "kind", "note"],
                 [[j.source, j.target, j.label, f"{j.from_section} → {j.to_section}", j.kind,
                   j.note] for j in s.jumps])
    if s.missing:
        out += [f"Notes with no such edge: {', '.join(s.missing)}", ""]
    live = [p for p in G.points if p.status.value == "sat"]
    out += [f"Bid points where some hand's bid is made: {len(live)} of {len(G.points)}.", ""]
    out += table(["bid point", "status", "e.g.", "bids"],
                 [[p.label, {"sat": "reachable", "unsat": "DEAD"}.get(p.status.value, "unknown"),
                   code(p.witness.to_pbn() if p.witness else ""), p.outcome] for p in G.points])
    return out


def _variant(v) -> list[str]:
    out = ["## Variant", "", f"In force: **{v.get('title', v['name'])}**: {v['description']} "
                             f"(rules `{v['digest']}`).", ""]
    vc = v["versus_code"]
    if vc == "this is code":
        out.append("This is the code itself: nothing differs from code.")
    elif vc is None:
        out.append("Not compared with code.")
    elif v.get("source"):
        out.append(_diff_line(vc, f"Rule file {v['source']} against variant {v['base']}"))
    else:
        out.append(_diff_line(vc, f"Variant {v['name']} against code"))
    if v["synopsis"] is not None:
        out.append(_diff_line(v["synopsis"], "The synopsis (p. 8, asserted without proof) "
                                             "against the code"))
    return out + [""]


def _diff_line(d: dict, what: str) -> str:
    word = {True: "equivalent (the same bid at the same bid point on every hand)",
            False: "NOT equivalent", None: "undecided"}[d["equivalent"]]
    line = f"- {what}: {word}, decided by {d['method']}"
    if d.get("witness"):
        line += f"; e.g. {code(d['witness'])}"
    if d.get("changed"):
        line += f"; {d['changed']:,} hands change"
    for t in d.get("transitions") or []:
        line += f"\n  - {t['source']} → {t['target']}: {t['count']:,} hands, e.g. " + \
                ", ".join(code(e) for e in t["examples"])
    return line
