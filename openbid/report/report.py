"""The report of ``openbid prove --report DIR``: ``report.json``, ``report.md`` and
``index.html`` from one :class:`openbid.studies.prove.ProofRun`.

This module holds what the three renderings share (the per-part tallies, the Part Two tree joined
with its checks, the census groups, the errata, the JSON document);
:mod:`openbid.report.markdown` and :mod:`openbid.report.html` render, :mod:`openbid.report.writer`
writes the files. ``report.json`` and ``report.md``
depend only on the run and ``changes`` (no time, no machine path), so the same rules give
byte-identical files; ``seconds`` appears in ``index.html`` only.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from openbid.report.columns import percent  # noqa: F401  (re-exported: html, markdown)
from openbid.report.prove_text import json_items, paper_errors, seed_errors, summary

if TYPE_CHECKING:
    from openbid.studies.paper.part_two.tree import Node
    from openbid.studies.paper.cases import CaseCheck

VERDICTS = ("held", "failed", "vacuous", "unknown")
_WORST = {"failed": 0, "unknown": 1, "vacuous": 2, "held": 3}
# Part One compares the paper's table with the mechanical verdict, pair by pair. A pair where the
# paper agrees is a claim held, one where it is wrong a claim failed; the other two are not
# claims that held or failed, and are counted under their own names so that the row adds up to
# every pair: "overcautious" (the paper allows hands meeting both; none exist) and "not in the
# paper" (a pair the paper's table does not mention).
PART_ONE_AS_CLAIM = {"agrees": "held", "paper-wrong": "failed", "unknown": "unknown"}
PART_ONE_OTHER = {"overcautious": "overcautious", "not-in-paper": "not in the paper"}
FORMAT = "openbid-report 1"


# ---- per-part tallies ----------------------------------------------------------------------------
@dataclass
class Tally:
    part: str
    title: str
    counts: dict[str, int]  # VERDICTS -> n
    note: str = ""
    other: dict[str, int] = field(default_factory=dict)  # items that are not claims, by kind

    @property
    def total(self) -> int:
        """Every item of the part: the claims by verdict and the ``other`` items."""
        return sum(self.counts.values()) + sum(self.other.values())

    @property
    def other_text(self) -> str:
        return ", ".join(f"{n:,} {k}" for k, n in self.other.items())

    def as_dict(self) -> dict:
        return {"part": self.part, "title": self.title, **self.counts, "other": dict(self.other),
                "total": self.total, "note": self.note}


def tallies(run) -> list[Tally]:
    """Claims held / failed / vacuous / unknown, one row per part that ran."""
    out: list[Tally] = []

    def count(verdicts) -> dict[str, int]:
        c = Counter(verdicts)
        return {v: c.get(v, 0) for v in VERDICTS}

    if run.lemmas is not None:
        claims = run.lemmas.claims
        judged = sum(c.verdict == "judgement" for c in claims)
        out.append(Tally("lemmas", "Lemmas and within-section claims",
                         count(c.verdict for c in claims),
                         f"{judged} judgements of bridge merit are not checkable" if judged else ""))
        a6 = run.lemmas.appendix6
        ok = [r.agrees and r.footnote_agrees and r.proved for r in a6]
        out.append(Tally("appendix6", "Appendix 6 (minimum and maximum change)",
                         count("held" if x else "failed" for x in ok),
                         f"{len(a6)} distributions, footnote included"))
    if run.part_one is not None:
        s = run.part_one.summary()
        counts = {v: 0 for v in VERDICTS}
        for comparison, verdict in PART_ONE_AS_CLAIM.items():
            counts[verdict] += s.get(comparison, 0)
        other = {words: s.get(comparison, 0) for comparison, words in PART_ONE_OTHER.items()}
        out.append(Tally("part-one", "Part One (pairs of bid points)", counts,
                         f"{s['total']} pairs: {s['agrees']} agree, {s['paper-wrong']} paper wrong, "
                         f"{s['overcautious']} overcautious (the paper allows hands that do not "
                         f"exist), {s['not-in-paper']} not in the paper", other))
    if run.part_two is not None:
        out.append(Tally("part-two", "Part Two (the case analysis)",
                         count(c.verdict.value for c in run.part_two.checks),
                         f"{len(run.part_two.checks)} checks: inferences, leaves, splits, examples"))
    if run.structure is not None:
        g = run.structure
        verdicts = [g.verdict.value] + [_point_verdict(p) for p in g.points]
        out.append(Tally("structure", "Control flow (forward flow, Notes 1 and 2, reachability)",
                         count(verdicts), f"1 structural claim; {len(g.points)} bid points, each "
                         "reachable (held) or dead (failed)"))
    if run.synopsis is not None:
        eq = run.synopsis.equivalent
        out.append(Tally("synopsis", "Synopsis equivalent to the code",
                         count([{True: "held", False: "failed", None: "unknown"}[eq]]),
                         f"decided by {run.synopsis.method}"))
    sd = getattr(run, "soundness", None)
    if sd is not None:
        out.append(Tally("soundness", "Class abstraction sound (spot cards do not matter)",
                         count(["held" if sd.holds else "failed"]),
                         f"the literal Algol on {sd.hands:,} concrete hands of {sd.classes:,} "
                         "random classes"))
    from openbid.report import seeds

    for part, title, verdicts, note in seeds.tally_rows(run):
        out.append(Tally(part, title, count(verdicts), note))
    from openbid.report import system

    for part, title, verdicts, note in system.tally_rows(run):
        out.append(Tally(part, title, count(verdicts), note))
    return out


def soundness_text(run) -> str:
    """One sentence on the soundness check of the class abstraction, or ''."""
    sd = getattr(run, "soundness", None)
    if sd is None:
        return ""
    word = "held" if sd.holds else f"FAILED ({len(sd.violations)} classes)"
    return (f"The census counts hand classes (which of A K Q J T each suit holds, and its length): "
            f"that the bid depends on nothing else {word} - the literal Algol gives the same PRELIM "
            f"values and bid on {sd.hands:,} concrete hands of {sd.classes:,} random classes, spot "
            "cards varied.")


def _point_verdict(p) -> str:
    return {"sat": "held", "unsat": "failed"}.get(p.status.value, "unknown")


# ---- Part Two as a tree ----------------------------------------------------------------------------
@dataclass
class TreeNode:
    node: Node
    checks: list[CaseCheck] = field(default_factory=list)  # the checks at this node
    children: list[TreeNode] = field(default_factory=list)
    below: dict[str, int] = field(default_factory=dict)  # verdict -> checks in the subtree

    @property
    def mark(self) -> str:
        """The worst verdict of this node's own checks."""
        return worst(c.verdict.value for c in self.checks)

    @property
    def subtree_mark(self) -> str:
        return worst(v for v, n in self.below.items() if n)


def worst(verdicts) -> str:
    vs = list(verdicts)
    return min(vs, key=lambda v: _WORST.get(v, 1)) if vs else "held"


def part_two_tree(run) -> tuple[list[TreeNode], list]:
    """(roots, checks at no node): the propositions' trees with each node's checks, in the
    paper's order; the second list holds the checks of ``P*`` (the propositions' cover)."""
    from openbid.studies.paper.part_two.tree import load_propositions

    by_path: dict[str, list] = {}
    for c in run.part_two.checks:
        by_path.setdefault(c.path, []).append(c)
    wanted = {c.proposition for c in run.part_two.checks}

    def build(node) -> TreeNode:
        t = TreeNode(node, by_path.pop(node.path, []), [build(ch) for ch in node.children])
        below = Counter(c.verdict.value for c in t.checks)
        for ch in t.children:
            below.update(ch.below)
        t.below = {v: below.get(v, 0) for v in VERDICTS}
        return t

    roots = [build(r) for r in load_propositions() if r.proposition in wanted]
    rest = [c for path in sorted(by_path) for c in by_path[path]]
    return roots, rest


def outcome_text(node) -> str:
    """A leaf's claimed outcome, as the paper gives it: "1C at 8d", "Pass", "impossible"."""
    if node.impossible:
        return "impossible"
    o = node.outcome
    if o is None:
        return ""
    if o.kind == "pass":
        return "Pass"
    return f"{' or '.join(o.bids)} at {o.section}"


# ---- census ------------------------------------------------------------------------------------
def census_groups(run) -> tuple[list[tuple[str, int]], list[tuple[str, int]], int]:
    """(hands per printed bid, hands per bid point, total), each in a stable natural order."""
    from openbid.bridge.bids import bid_text
    from openbid.systems.rules.model import label_key

    by_bid: Counter = Counter()
    by_point: Counter = Counter()
    for bidval, label, hands, _, _ in run.census:
        by_bid[bid_text(bidval)] += hands
        by_point[label] += hands
    bids = sorted(by_bid.items(), key=lambda kv: _bid_key(kv[0]))
    points = sorted(by_point.items(), key=lambda kv: label_key(kv[0]))
    return bids, points, sum(by_bid.values())


def _bid_key(text: str) -> tuple[int, int]:
    if text == "PASS":
        return (0, 0)
    return (int(text[0]), "CDHSN".index(text[1]))


# ---- errata and paper errors -------------------------------------------------------------------
def errata_records() -> dict[str, list[dict]]:
    from openbid.studies.paper.errata import OCR_ERRATA, READINGS

    return {"ocr": [dataclasses.asdict(e) for e in OCR_ERRATA],
            "readings": [dataclasses.asdict(e) for e in READINGS]}


@dataclass
class Finding:
    """One group of findings shown first in the report: a title, a sentence, and one line per
    finding (each a sentence; hands in it are PBN)."""

    anchor: str
    title: str
    intro: str
    lines: list[str] = field(default_factory=list)


def findings(run, data: dict) -> list[Finding]:
    """What the run found, before any detail: where the paper is wrong, the errata in a sentence,
    where the seeds are wrong, and the findings of the rules in force when they are not the
    code (a system's failed claims and dead bid points; what a variant changes against code)."""
    out: list[Finding] = []
    if not run.system_only:
        errs = data["paper_errors"]
        out.append(Finding("paper-errors", f"Where the paper is wrong ({len(errs)})",
                           "Each is shown by a hand, re-run through the rules.", list(errs)))
        e = data["errata"]
        out.append(Finding("errata-summary", "Errata of the code, in short",
                           f"The code is read with {len(e['ocr'])} corrections of the OCR of "
                           f"Appendix 1 and {len(e['readings'])} readings where the paper can be "
                           "read two ways (decisions, not errors); each is listed with its "
                           "evidence under Errata, and docs/ERRATA.md explains them."))
    seed = data.get("seed_errors") or []
    if seed:
        out.append(Finding("seed-errors", f"Where the seeds are wrong ({len(seed)})",
                           "Seeds 000, 002 and 003: each claim checked exactly, shown with a "
                           "holding or a hand.", list(seed)))
    if getattr(run, "system", None) is not None:
        from openbid.report import system

        from openbid.checks.findings import DEFAULT_FAIL_ON, HISTORY
        from openbid.report.findings import line

        lines = system.problems(run)
        # the nodes' findings of the kinds that fail a run by default (the opening's are above)
        nodes = [f for f in getattr(run, "findings", [])
                 if f.kind in DEFAULT_FAIL_ON and (f.population == HISTORY
                                                   or (f.kind == "dead" and "/" in f.point))]
        lines += [line(f) for f in nodes[:60]]
        if len(nodes) > 60:
            lines.append(f"... and {len(nodes) - 60:,} more ('openbid prove --json' lists them)")
        S = run.system
        out.append(Finding("system-findings", f"System checks of {S.title}: findings ({len(lines)})",
                           "Dead bid points and claims that failed or hold on no hand; "
                           "the details are under System checks."
                           if lines else "Every bid point is reachable and every claim held.",
                           lines))
    v = data["variant"]
    vc = v.get("versus_code")
    if isinstance(vc, dict) and vc.get("equivalent") is False:
        what = (f"rule file {v['source']} against variant {v['base']}" if v.get("source")
                else f"variant {v['name']} against code")
        lines = [f"{t['source']} -> {t['target']}: {t['count']:,} hands, e.g. "
                 + ", ".join(t["examples"]) for t in vc.get("transitions") or []]
        command = (f"openbid diff {v['base']} {v['source']}" if v.get("source")
                   else f"openbid diff code {v['name']}")
        if lines:
            n = vc.get("changed") or sum(t["count"] for t in vc["transitions"])
            intro = (f"Not equivalent (decided by {vc['method']}): {n:,} hands change bid or bid "
                     f"point; from the code's to this one's ('{command}'):")
        else:
            intro = (f"Not equivalent (decided by {vc['method']}): some hands change bid or bid "
                     f"point; '{command}' counts them all.")
            lines = [f"e.g. {vc['witness']}"] if vc.get("witness") else []
        out.append(Finding("variant-findings", f"What changes: {what}", intro, lines))
    return out


def variant_info(run) -> dict:
    """The variant in force, its description, and what differs from code."""
    from openbid.systems.variants import VARIANTS

    source = getattr(run, "source", "")
    out: dict = {"name": run.variant, "digest": run.digest,
                 "description": VARIANTS[run.variant][2] if run.variant in VARIANTS
                 else "a rule file (not a named variant)"}
    if source:  # a rule file: its path, and how it differs from the variant it came from
        base = run.versus_code.a if run.versus_code is not None else None
        out["source"] = source
        out["kind"] = "Rule file"
        out["title"] = f"{source} (name {run.variant})"
        out["base"] = base
        vc = run.versus_code
        if vc is None:
            out["description"] = "a rule file, not compared with a variant"
        elif vc.equivalent is True:
            out["description"] = f"bids as variant {base} does on every hand"
        elif vc.equivalent is False:
            out["description"] = (f"edited from variant {base}, from which it differs"
                                  + (f", e.g. on {vc.witness}" if vc.witness else ""))
        else:
            out["description"] = f"compared with variant {base}: undecided"
        out["versus_code"] = (dataclasses.asdict(run.versus_code)
                              if run.versus_code is not None else None)
    elif run.variant == "code":
        out["versus_code"] = "this is code"
    elif run.versus_code is not None:
        out["versus_code"] = dataclasses.asdict(run.versus_code)
    else:
        out["versus_code"] = None
    out["synopsis"] = dataclasses.asdict(run.synopsis) if run.synopsis is not None else None
    return out


# ---- the JSON document -------------------------------------------------------------------------
def report_data(run, changes=()) -> dict:
    """Everything in the report, JSON-ready and deterministic."""
    data: dict = {
        "format": FORMAT,
        "variant": variant_info(run),
        "parts": list(run.parts),
        "summary": summary(run),
        "claims": [t.as_dict() for t in tallies(run)],
        "paper_errors": paper_errors(run),
        "seed_errors": seed_errors(run),
        "changes": [{"item": k, "expected": a, "got": b} for k, a, b in changes],
        "errata": errata_records(),
        "items": _items(run),
    }
    if run.part_one is not None:
        entries = {p.entry: {"reason": p.reason, "note": p.note} for p in run.part_one.pairs
                   if p.entry}
        data["part_one"] = {"labels": list(run.part_one.labels),
                            "meets_counts": dict(run.part_one.meets_counts),
                            "paper_entries": entries}
    if run.part_two is not None:
        roots, _ = part_two_tree(run)
        nodes = []
        for r in roots:
            stack = [r]
            while stack:
                t = stack.pop()
                n = t.node
                nodes.append({"path": n.path, "assumption": n.assumption, "quote": n.quote,
                              "lines": list(n.lines), "outcome": outcome_text(n) or None,
                              "mark": t.mark, "subtree": dict(t.below),
                              "expanded_from": n.expanded_from})
                stack.extend(reversed(t.children))
        data["part_two_tree"] = nodes
    if run.census:
        bids, points, total = census_groups(run)
        data["census"] = {"total": total, "by_bid": dict(bids), "by_bid_point": dict(points)}
    return data


def _items(run) -> list[dict]:
    """:func:`json_items`, with the paper's quote and the transcriber's note on each Part Two
    check (json_items leaves them out of the terminal's JSON lines)."""
    items = list(json_items(run))
    checks = iter(run.part_two.checks) if run.part_two is not None else iter(())
    for item in items:
        if item["part"] == "part-two":
            c = next(checks)
            assert (c.path, c.check) == (item["path"], item["check"])
            item["quote"], item["note"] = c.quote, c.note
    return items


def to_json(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False, default=_default) + "\n"


def _default(obj):
    if isinstance(obj, (tuple, set, frozenset)):
        return sorted(obj) if isinstance(obj, (set, frozenset)) else list(obj)
    if hasattr(obj, "value"):  # enums
        return obj.value
    if hasattr(obj, "to_pbn"):
        return obj.to_pbn()
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")
