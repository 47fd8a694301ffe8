"""Text and JSON renderings of a :class:`openbid.studies.prove.ProofRun` for the terminal."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

MARK = {"agrees": "=", "paper-wrong": "X", "overcautious": "~", "not-in-paper": ".",
        "unknown": "?"}
VMARK = {"held": "ok", "failed": "FAIL", "vacuous": "vacuous", "unknown": "UNKNOWN",
         "judgement": "judgement"}


# ---- JSON --------------------------------------------------------------------------------------
def json_items(run, policy=None):
    if run.lemmas is not None:
        for c in run.lemmas.claims:
            yield {"part": "lemmas", "kind": c.kind, "id": c.id, "claim": c.claim,
                   "verdict": c.verdict, "witness": c.witness, "in_context": c.in_context,
                   "used_in": list(c.used_in)}
        for cell in run.lemmas.appendix3:
            yield {"part": "appendix3", "holding": cell.holding, "length": cell.length,
                   "table": cell.table, "procedure": cell.procedure, "table_fixed": cell.fixed,
                   "differs": cell.differs}
        for row in run.lemmas.appendix6:
            yield {"part": "appendix6", "distribution": row.shape,
                   "printed": [row.printed_min, row.printed_max],
                   "derived": [row.min, row.max_hcp15], "max_any_hcp": row.max_all,
                   "footnote_max": row.footnote_max, "agrees": row.agrees,
                   "footnote_agrees": row.footnote_agrees, "proved": row.proved,
                   "min_witness": row.min_witness, "max_witness": row.max_witness}
    if run.part_one is not None:
        for p in run.part_one.pairs:
            yield {"part": "part-one", "n": p.n, "m": p.m, "paper": p.paper, "entry": p.entry,
                   "verdict": p.state, "witness": p.witness, "witness_bid": p.witness_outcome,
                   "count": p.count, "classes": p.classes, "comparison": p.comparison,
                   "conceded": p.conceded}
    if run.part_two is not None:
        for c in run.part_two.checks:
            item = {"part": "part-two", "proposition": c.proposition, "path": c.path,
                    "check": c.check, "verdict": c.verdict.value, "witness": c.witness,
                    "witness_bid": c.witness_outcome, "claim": c.claim, "reason": c.reason,
                    "lines": list(c.lines)}
            if run.breakdown is not None and c.check in ("bid-leaf", "pass-leaf"):
                item["breakdown"] = run.breakdown.get(c.path, {})
            yield item
    if run.structure is not None:
        for j in run.structure.structure.jumps:
            yield {"part": "structure", "kind": "jump", "source": j.source, "target": j.target,
                   "label": j.label, "from_section": j.from_section, "to_section": j.to_section,
                   "jump": j.kind, "note": j.note or None}
        for p in run.structure.points:
            yield {"part": "structure", "kind": "bid-point", "label": p.label,
                   "status": p.status.value, "witness": p.witness.to_pbn() if p.witness else None,
                   "condition": p.condition}
    if run.synopsis is not None:
        d = run.synopsis
        yield {"part": "synopsis", "claim": "the synopsis is semantically equivalent to the code",
               "equivalent": d.equivalent, "method": d.method, "witness": d.witness}
    if run.soundness is not None:
        sd = run.soundness
        yield {"part": "soundness", "claim": "the bid depends only on the honours A-T and the "
               "suit lengths", "verdict": "held" if sd.holds else "failed", "classes": sd.classes,
               "hands": sd.hands, "violations": [list(v) for v in sd.violations]}
    from openbid.report import seeds, system

    yield from seeds.json_items(run)
    yield from system.json_items(run)
    if getattr(run, "census_tree", None) is not None:
        from openbid.report import tree_census

        yield from tree_census.json_items(run.census_tree)
    if getattr(run, "tree", None) is not None:  # the Z3 node checks (--cross-check z3)
        from openbid.report import tree

        yield from tree.json_items(run.tree)
    if "system" in getattr(run, "parts", ()):
        from openbid.report import findings

        yield from findings.json_items(run.findings, policy)
    for bidval, label, w, c, ex in run.census:
        from openbid.bridge.bids import bid_text

        yield {"part": "census", "bid": bid_text(bidval), "bidval": bidval, "section": label,
               "count": w, "classes": c, "example": ex}


def json_summary(run, changes, found, seconds, unknown, gate=None, skipped=()):
    return {"part": "summary", "variant": run.variant, "digest": run.digest,
            **({"source": run.source} if getattr(run, "source", "") else {}),
            "summary": summary(run), "paper_errors": len(paper_errors(run)),
            "seed_errors": len(seed_errors(run)),
            "expected_found": found, "changed": [list(c) for c in changes],
            **({"not_compared": list(skipped)} if skipped else {}),
            **({"gate": gate} if gate is not None else {}),
            **({"cross_check": run.cross_check} if getattr(run, "cross_check", None) else {}),
            "unknown": unknown, "seconds": round(seconds, 1)}


# ---- summaries ---------------------------------------------------------------------------------
def summary(run) -> dict:
    out = {}
    if run.lemmas is not None:
        out["lemmas"] = dict(Counter(c.verdict for c in run.lemmas.claims))
        out["appendix3"] = {"cells": len(run.lemmas.appendix3),
                            "differ": sum(c.differs for c in run.lemmas.appendix3)}
        out["appendix6"] = {"rows": len(run.lemmas.appendix6),
                            "agree": sum(r.agrees and r.footnote_agrees for r in run.lemmas.appendix6),
                            "proved": sum(r.proved for r in run.lemmas.appendix6)}
    if run.part_one is not None:
        out["part-one"] = run.part_one.summary()
    if run.part_two is not None:
        out["part-two"] = run.part_two.summary()
    if run.structure is not None:
        out["structure"] = {"verdict": run.structure.verdict.value,
                            "dead": [p.label for p in run.structure.dead]}
    if run.synopsis is not None:
        out["synopsis"] = {"equivalent": run.synopsis.equivalent, "method": run.synopsis.method}
    if run.census:
        out["census"] = {"outcomes": len(run.census), "hands": sum(r[2] for r in run.census)}
    if run.soundness is not None:
        out["soundness"] = {"verdict": "held" if run.soundness.holds else "failed",
                            "classes": run.soundness.classes, "hands": run.soundness.hands}
    from openbid.report import seeds, system

    out.update(seeds.summary(run))
    out.update(system.summary(run))
    if getattr(run, "census_tree", None) is not None:
        from openbid.report import tree_census

        out["tree"] = tree_census.summary(run.census_tree)
    return out


def seed_errors(run) -> list[str]:
    """One line per place a seed (000, 002, 003) is wrong, with its evidence."""
    from openbid.report import seeds

    return seeds.seed_errors(run)


def paper_errors(run) -> list[str]:
    """One line per place the paper is wrong, with the hand that shows it."""
    out = []
    if run.part_one is not None:
        for p in run.part_one.pairs:
            if p.comparison == "paper-wrong":
                conceded = " (the paper concedes this)" if p.conceded else ""
                out.append(f"Part One {p.n} vs {p.m}: the paper says no hand meets both, yet "
                           f"{p.count:,} do, e.g. {p.witness} ({p.witness_outcome}){conceded}"
                           if p.count is not None else
                           f"Part One {p.n} vs {p.m}: hands meet both, e.g. {p.witness}{conceded}")
    if run.part_two is not None:
        for c in run.part_two.checks:
            if c.verdict.value == "failed":
                out.append(f"Part Two {c.path} ({c.check}): {c.claim} fails"
                           + (f" for {c.witness} ({c.witness_outcome})" if c.witness else "")
                           + (f": {c.reason}" if c.reason else ""))
    if run.lemmas is not None:
        for c in run.lemmas.claims:
            if c.verdict == "failed":
                out.append(f"Lemma {c.id}: {c.claim} fails for {c.witness}")
        for r in run.lemmas.appendix6:
            if not r.agrees or not r.footnote_agrees:
                out.append(f"Appendix 6 {r.shape}: printed {r.printed_min}..{r.printed_max}, "
                           f"derived {r.min}..{r.max_hcp15} (any HCP: max {r.max_all})")
    return out


# ---- text --------------------------------------------------------------------------------------
def text(run, part, changes, found, path, seconds, updated, gate=None, skipped=(),
         subset: str = "", overlaps: bool = False) -> str:
    what = (f"rule file {run.source}, name {run.variant}" if getattr(run, "source", "")
            else f"variant {run.variant}")
    lines: list[str] = [f"openbid prove {part} ({what}, rules {run.digest})", ""]
    groups = getattr(run, "groups", None)
    if groups is not None and "system" in getattr(run, "parts", ()):  # what to fix first
        from openbid.checks.findings import Policy
        from openbid.report import table_findings

        policy = Policy(frozenset(gate["fail_on"])) if gate is not None else None
        lines += table_findings.text(groups, policy.fails if policy is not None
                                     else (lambda f: False), overlaps=overlaps,
                                     seconds=run.seconds.get("table"))
    if part == "paper":
        part = "all"  # every paper part that ran, and the paper's errors
    if run.lemmas is not None and part in ("lemmas", "all"):
        lines += _lemmas(run.lemmas, detail=part == "lemmas")
    if run.part_one is not None and part in ("part-one", "all"):
        lines += _part_one(run.part_one, detail=part == "part-one")
    if run.part_two is not None and part in ("part-two", "all"):
        lines += _part_two(run.part_two, detail=part == "part-two", breakdown=run.breakdown)
    if run.structure is not None and part in ("structure", "all"):
        lines += _structure(run.structure)
    if run.synopsis is not None and part in ("synopsis", "all"):
        lines += _synopsis(run)
    if run.census and part in ("census", "all"):
        lines += _census(run.census, detail=part == "census")
    if run.soundness is not None and part in ("soundness", "all"):
        sd = run.soundness
        lines += [f"Soundness of the class abstraction: {'held' if sd.holds else 'FAILED'} - the "
                  f"literal Algol gives the same PRELIM values and bid on {sd.hands:,} concrete "
                  f"hands of {sd.classes:,} random classes (spot cards varied)", ""]
    if part in ("evaluators", "binky", "all"):
        from openbid.report import seeds

        lines += seeds.text(run, detail=part in ("evaluators", "binky"))
    if getattr(run, "system", None) is not None:
        from openbid.report import system

        # with the findings at the table first, the opening's details only when asked
        lines += system.text(run, detail=part == "system" and (groups is None or overlaps))
    if getattr(run, "census_tree", None) is not None:
        from openbid.report import tree_census

        lines += tree_census.text(run.census_tree, detail=False)
    if "system" in getattr(run, "parts", ()):
        from openbid.checks.findings import Policy
        from openbid.report import findings

        policy = Policy(frozenset(gate["fail_on"])) if gate is not None else None
        if groups is None:  # without the table: the findings by kind
            lines += findings.text(run.findings, policy)
        cc = getattr(run, "cross_check", None)
        if cc:
            lines += [f"Cross-check ({cc['checks']}: the node checks, {cc['nodes']:,} nodes, "
                      f"{cc['seconds']:.1f} s): the same {cc['findings']:,} findings as the "
                      "tree census", ""]
    errs = paper_errors(run)
    if part == "all" and errs:
        lines += [f"Paper errors found ({len(errs)}):"] + [f"  - {e}" for e in errs] + [""]
    errs = seed_errors(run)
    if part == "all" and errs:
        lines += [f"Seed errors found ({len(errs)}):"] + [f"  - {e}" for e in errs] + [""]
    if updated:
        lines.append(f"expectation recorded in {path}")
    elif getattr(getattr(run, "system", None), "given", None) is not None:
        lines.append("(checked under --where: not compared with an expectation)")
    elif subset:
        lines.append(f"(checked with {subset}: part of the system, never compared with nor "
                     "recorded as an expectation)")
    elif not found and skipped:
        lines.append(f"(the expectation at {path} records these checks over another scope or "
                     "by another check: nothing compared)")
    elif not found:
        lines.append(f"(nothing recorded of these parts at {path}: nothing to compare; "
                     "record one with --update-expected)")
    elif changes:
        lines.append(f"CHANGED against {path}: {len(changes)} verdict(s)")
        for key, was, now in changes[:60]:
            lines.append(f"  {key}: {was} -> {now}")
        if len(changes) > 60:
            lines.append(f"  ... and {len(changes) - 60} more (--json lists them all)")
    else:
        lines.append(f"every verdict equals the recorded expectation ({path.name})")
    for why in skipped:
        lines.append(f"  (not compared: {why})")
    if gate is not None:
        from openbid.report.findings import gate_line

        lines.append(gate_line(gate))
    lines.append(f"time: {seconds:.1f} s")
    return "\n".join(lines) + "\n"


def _lemmas(L, detail: bool) -> list[str]:
    c = Counter(x.verdict for x in L.claims)
    out = ["Lemmas and within-section claims: " + ", ".join(f"{v} {k}" for k, v in sorted(c.items()))]
    for x in L.claims:
        if detail or x.verdict not in ("held", "judgement"):
            extra = f"  e.g. {x.witness}" if x.witness else ""
            ctx = f"  [where used: {x.in_context}]" if x.in_context and x.in_context != x.verdict else ""
            out.append(f"  {VMARK[x.verdict]:<9} {x.id}: {x.claim}{extra}{ctx}")
    diff = [x for x in L.appendix3 if x.differs]
    out.append(f"Appendix 3: {len(L.appendix3)} printed cells; the PLAYINGTRICKS procedure differs "
               f"in {len(diff)}:")
    for x in diff:
        out.append(f"  {x.holding:<5} length {x.length:>2}: table {x.table}, procedure {x.procedure}")
    fixed = [x for x in L.appendix3 if x.fixed != x.table]
    for x in fixed:
        out.append(f"  footnote: {x.holding} length {x.length}: printed {x.table}, corrected {x.fixed}")
    ok = [r for r in L.appendix6 if r.agrees and r.footnote_agrees and r.proved]
    out.append(f"Appendix 6: {len(ok)} of {len(L.appendix6)} distributions agree with the printed "
               "minimum and maximum change (re-derived, proved with Z3), footnote included")
    if detail:
        out.append(f"  {'dist':<6} {'printed':>9} {'derived':>9} {'any HCP':>8}")
        for r in L.appendix6:
            mark = "" if r.agrees and r.footnote_agrees and r.proved else "  <-- differs"
            out.append(f"  {r.shape:<6} {r.printed_min:>4}..{r.printed_max:<3} {r.min:>4}..{r.max_hcp15:<3}"
                       f" {r.max_all:>6}{mark}")
    return out + [""]


def _part_one(P, detail: bool) -> list[str]:
    labels = P.labels
    out = ["Part One: can a hand meet the conditions of N (row) and of an earlier M (column)?",
           "  = agrees with the paper   X paper wrong   ~ paper overcautious (no hand meets both)",
           "  . not in the paper (o: hands meet both, blank: none)   ? unknown"]
    cell = {(p.n, p.m): p for p in P.pairs}
    width = max(len(lb) for lb in labels)
    header = " " * (width + 3) + "".join(lb[-3:].rjust(3) for lb in labels[:-1])
    out.append(header)
    for n in labels:
        row = []
        for m in labels[:-1]:
            p = cell.get((n, m))
            if p is None:
                row.append("   ")
            elif p.comparison == "not-in-paper":
                row.append("  o" if p.state == "overlap" else "   ")
            else:
                row.append("  " + MARK[p.comparison])
        out.append(f"  {n:>{width}} " + "".join(row))
    s = P.summary()
    out.append("  summary: " + ", ".join(f"{k} {v}" for k, v in s.items()))
    for p in P.pairs:
        if p.comparison in ("paper-wrong", "overcautious", "unknown") or (detail and p.state == "overlap"):
            if not detail and p.comparison == "overcautious":
                continue
            cnt = f"{p.count:,} hands" if p.count is not None else ""
            out.append(f"  {p.n:>4} vs {p.m:<4} paper: {p.paper or '-':<12} {p.state:<9} "
                       f"{p.comparison:<13} {cnt:>18} {p.witness or ''} {p.witness_outcome or ''}"
                       + (" (conceded)" if p.conceded else ""))
    if not detail:
        out.append(f"  ({s.get('overcautious', 0)} overcautious pairs: 'openbid prove part-one' lists them)")
    return out + [""]


def _part_two(P, detail: bool, breakdown=None) -> list[str]:
    s = P.summary()
    out = ["Part Two: " + f"{s['total']} checks: held {s['held']}, failed {s['failed']}, "
           f"vacuous {s['vacuous']}, unknown {s['unknown']}"]
    if detail:
        last = None
        for c in P.checks:
            depth = c.path.count(".")
            if c.path != last:
                out.append(f"  {'  ' * depth}{c.path}")
                last = c.path
            w = f"  e.g. {c.witness} ({c.witness_outcome})" if c.witness else ""
            r = f"  {c.reason}" if c.reason else ""
            out.append(f"  {'  ' * depth}  [{VMARK[c.verdict.value]}] {c.check}: {c.claim[:90]}{w}{r}")
            if breakdown is not None and c.check in ("bid-leaf", "pass-leaf"):
                counts = breakdown.get(c.path, {})
                text = ", ".join(f"{k} {v:,}" for k, v in counts.items()) or "no hands"
                out.append(f"  {'  ' * depth}    hands: {text}")
    else:
        for c in P.checks:
            if c.verdict.value in ("failed", "unknown"):
                out.append(f"  {VMARK[c.verdict.value]:<7} {c.path} {c.check}: {c.claim[:80]}"
                           + (f"  e.g. {c.witness} ({c.witness_outcome})" if c.witness else "")
                           + (f"  {c.reason}" if c.reason else ""))
    return out + [""]


def _structure(G) -> list[str]:
    exc = "; ".join(f"{j.from_section} -> {j.to_section} ({j.label}, {j.note or j.kind})"
                    for j in G.structure.exceptions)
    out = [f"Control flow: {G.verdict.value}; the only jumps other than to the next section: {exc}"]
    dead = [p.label for p in G.dead]
    out.append(f"  bid points reachable: {len(G.points) - len(dead)} of {len(G.points)}"
               + (f"; dead: {', '.join(dead)}" if dead else ""))
    return out + [""]


def _synopsis(run) -> list[str]:
    d = run.synopsis
    word = {True: "equivalent", False: "NOT equivalent", None: "UNKNOWN"}[d.equivalent]
    how = "proved by Z3" if d.method == "z3" else "by exhaustive census"
    out = [f"Synopsis versus code (p. 8, asserted without proof): {word} in bid and section, {how}"
           + (f"; e.g. {d.witness}" if d.witness else "")]
    if run.versus_code is not None:
        v = run.versus_code
        word = {True: f"bids as {v.a} does on every hand", False: f"differs from {v.a}",
                None: f"UNKNOWN against {v.a}"}[v.equivalent]
        what = (f"Rule file {run.source}" if getattr(run, "source", "")
                else f"Variant {run.variant}")
        out.append(f"{what} {word}" + (f"; e.g. {v.witness}" if v.witness else ""))
    return out + [""]


def _census(rows, detail: bool) -> list[str]:
    from openbid.bridge.bids import bid_text
    from openbid.systems.rules.model import label_key

    total = sum(r[2] for r in rows)
    by_section: dict[str, int] = {}
    for bidval, label, w, _, _ in rows:
        by_section[label] = by_section.get(label, 0) + w
    out = [f"Census: all {total:,} hands (C(52,13), asserted)"]
    if detail:
        for bidval, label, w, c, ex in rows:
            out.append(f"  {bid_text(bidval):>4} @{label:<4} {w:>16,} {float(Fraction(w, total)):>10.6%}  {ex}")
    else:
        top = sorted(by_section.items(), key=lambda kv: label_key(kv[0]))
        out.append("  " + "  ".join(f"{lb}:{float(Fraction(w, total)):.2%}" for lb, w in top))
    return out + [""]
