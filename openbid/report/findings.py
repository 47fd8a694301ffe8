"""The findings of a system's checks (openbid.checks.findings), rendered: one JSON shape for every
finding of every checking path, and the text list grouped by kind, the kinds that fail the run
first. Returns text or records; never prints.

The JSON shape of a finding (one line of ``openbid prove --json``)::

    {"part": "finding", "kind": "gap", "node": ["1NT", "PASS"], "node_text": "1NT PASS",
     "point": "", "claim": null, "subject": null,
     "population": "the bidder's own history", "count": 1234, "of": 56789,
     "unit": "hand-contexts", "share": 0.0217,
     "witness": {"hand": "AK32.Q5.J764.K32", "vul": "none", "seat": 3, "call": "PASS",
                 "point": ""},
     "detail": "...", "fails": true, "table": null}

``node`` is the auction so far ([] the opening), ``point`` the bid point (``PATTERN/LABEL``),
``count`` of ``of`` the exact number of hands (or hand-contexts: each vulnerability counts a hand
once) the finding is about, ``witness`` a hand re-run by the executor (null when none exists,
e.g. a point whose guard no hand meets), ``fails`` whether the run's policy counts it, ``table``
null when no table work was done for it (overlaps, claims that hold or fail as expected,
``--no-table``, or a node its group's budget did not reach), else ``{"at_table": true | false |
null, "deal": "N:... ... ... ..." | null, "dealer": "N", "probability": p, "interval": [lo, hi]
| null, "node": [...], "vul": "none", "exact": bool, "method": "...", "how": "...", "nowhere":
bool}`` (``nowhere``: a dead point whose block applies at no node a hand reaches, dead in the
whole system rather than in isolation)
(docs/TABLE.md): whether a real deal reaches it, the deal (re-bid by the executor), how often a
random deal of that dealer and vulnerability does (exact, or an ESTIMATE with its 95% interval).
"""

from __future__ import annotations

from openbid.checks.findings import KINDS

WORDS = {"gap": "gaps", "illegal-call": "illegal calls", "dead": "dead points",
         "shadowed": "shadowed points", "overlap": "overlaps (first-wins)",
         "failed-claim": "failed claims", "vacuous-claim": "vacuous claims",
         "expected-failure": "claims failing as expected", "unexpected-pass":
         "claims holding though expected to fail"}
SHOWN = 12  # findings of a kind listed in the text (all are in the JSON)


def json_item(f, fails: bool) -> dict:
    w = f.witness
    t = f.table
    return {"part": "finding", "kind": f.kind, "node": list(f.node), "node_text": f.node_text,
            "point": f.point, "claim": f.claim or None, "subject": f.subject or None,
            "population": f.population, "count": f.count, "of": f.of, "unit": f.unit,
            "share": round(f.count / f.of, 6) if f.of else None,
            "witness": None if w is None else {"hand": w.hand, "vul": w.vul or None,
                                               "seat": w.seat, "call": w.call or None,
                                               "point": w.point or None},
            "detail": f.detail, "fails": fails,
            "table": None if t is None else {"at_table": t.at_table, "deal": t.deal,
                                             "dealer": t.dealer, "probability": t.probability,
                                             "interval": list(t.interval) if t.interval else None,
                                             "node": None if t.auction is None
                                             else list(t.auction),
                                             "vul": t.vul, "exact": t.exact,
                                             "method": t.method or None, "how": t.how or None,
                                             "nowhere": t.nowhere}}


def json_items(findings, policy):
    for f in findings:
        yield json_item(f, policy is not None and policy.fails(f))


def line(f) -> str:
    where = f.node_text + (f" [{f.point}]" if f.point else "") + \
        (f" claim {f.claim}" if f.claim else "")
    share = f" ({100 * f.count / f.of:.2f}%)" if f.of and f.count else ""
    count = f"{f.count:,} of {f.of:,} {f.unit}{share}" if f.of else "no hand"
    eg = ""
    if f.witness is not None:
        w = f.witness
        what = []
        if w.seat is not None:
            what.append(f"seat {w.seat}")
        if w.vul:
            what.append(f"vul {w.vul}")
        if w.call:
            what.append(f"-> {w.call}" + (f" at {w.point}" if w.point else ""))
        eg = f"; e.g. {w.hand}" + (f" ({', '.join(what)})" if what else "")
    iso = " [in isolation only]" if f.in_isolation_only else ""
    if f.kind == "dead":
        return f"{f.point}: {f.detail}{eg}{iso}"
    return f"{where}: {count}; {f.detail}{eg}{iso}"


def text(findings, policy, detail: bool = False) -> list[str]:
    """The findings by kind: the kinds that fail the run first (each listed, the largest first,
    at most :data:`SHOWN` unless ``detail``), then the others (overlaps by count only)."""
    if not findings:
        return ["Findings: none", ""]
    by_kind: dict[str, list] = {}
    for f in findings:
        by_kind.setdefault(f.kind, []).append(f)
    failing = [k for k in KINDS if k in by_kind and policy is not None and k in policy.fail_on]
    other = [k for k in KINDS if k in by_kind and k not in failing]
    lines = [f"Findings: {len(findings):,} ("
             + ", ".join(f"{WORDS[k]} {len(by_kind[k]):,}" for k in failing + other) + ")"]
    for k in failing + other:
        fs = sorted(by_kind[k], key=lambda f: (-(f.count / f.of if f.of else 0), f.node, f.point))
        mark = "FAILS THE RUN" if k in failing else "reported"
        lines.append(f"  {WORDS[k]}: {len(fs):,} [{mark}]")
        if k == "overlap" and not detail:
            lines.append("    (by design in a first-wins block; --json lists every one)")
            continue
        limit = len(fs) if detail else SHOWN
        lines += [f"    - {line(f)}" for f in fs[:limit]]
        if len(fs) > limit:
            lines.append(f"    ... and {len(fs) - limit:,} more (--json lists every one)")
    return lines + [""]


def gate_line(gate: dict) -> str:
    kinds = ", ".join(gate["fail_on"]) or "none"
    iso = (f"; {gate['in_isolation_only']} of a failing kind happen in isolation only (not "
           "counted)") if gate["in_isolation_only"] else ""
    if gate["failing"]:
        return (f"GATE: {gate['failing']:,} finding(s) fail the run (failing kinds: {kinds}; "
                f"--allow KINDS or --fail-on KINDS change it){iso}")
    return f"gate: no finding fails the run (failing kinds: {kinds}){iso}"
