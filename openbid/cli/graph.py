"""``openbid graph``: the control-flow graph built from the rules table; its structural claims."""

from __future__ import annotations

import os
import sys

from openbid.cli.common import budget, add_rules_options, emit_json, rules_from
from openbid.cli.options import add_output
from openbid.base.errors import OpenbidError

FORMATS = ("dot", "mermaid", "json", "svg")


def register(sub) -> None:
    p = sub.add_parser(
        "graph", help="the control-flow graph (DOT, Mermaid, JSON, SVG) and its structural claims",
        description="Build OPENBID's control-flow graph from the rules table and print it. With "
                    "--check, test the paper's claims on it (p. 3): control flows toward the end "
                    "except at Note 1 (resume after the 11a bid) and Note 2 (section 11's else "
                    "goto 13), and every bid point is reachable (a Z3 witness hand, re-run through "
                    "the executable procedure) - exit 0 if they hold, 1 if one fails, 2 on error "
                    "or if the solver gives up.")
    p.add_argument("--format", choices=FORMATS, default="dot",
                   help="dot (default), mermaid, json (networkx node-link) or svg (needs Graphviz)")
    p.add_argument("--output", metavar="FILE", help="write the graph to FILE instead of stdout")
    p.add_argument("--force", action="store_true", help="let --output replace an existing file")
    p.add_argument("--check", action="store_true",
                   help="check the structural claims (the graph is written only with --output)")
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query (deterministic; default: the project's)")
    add_output(p, "the graph as --format json (networkx node-link); with --check, the check "
                  "instead (the graph then only with --output)")
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.readers.graph import cfg
    from openbid.report import cfg_render
    from openbid.studies.paper import reachability

    rlimit = budget(args)  # a bad budget is an error even when --check is not given
    rules = rules_from(args)
    if args.output and os.path.exists(args.output) and not args.force:
        raise OpenbidError(f"{args.output} exists; use --force to replace it")
    g = cfg.build(rules)
    if args.json and not args.output:
        args.format = "json"
    if args.output or not args.check:
        render = {"dot": cfg_render.to_dot, "mermaid": cfg_render.to_mermaid, "json": cfg_render.to_json,
                  "svg": cfg_render.to_svg}[args.format]
        text = render(g)
        if args.output:
            _write(args.output, text, args.force)
        else:
            sys.stdout.write(text)
    if not args.check:
        return 0
    result = reachability.check_graph(rules, rlimit)
    if args.json:
        emit_json(report_json(rules.title if rules.source else rules.name, g, result))
    else:
        print(report(rules.title if rules.source else rules.name, g, result))
    return {"held": 0, "failed": 1}.get(result.verdict.value, 2)


def _write(path: str, text: str, force: bool) -> None:
    from openbid.base.files import write_new

    write_new(path, text, force)


def report_json(name: str, g, result) -> dict:
    """The data of :func:`report`."""
    s = result.structure
    return {
        "rules": name, "nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
        "jumps": [{"source": str(j.source), "target": str(j.target), "label": j.label,
                   "from_section": j.from_section, "to_section": j.to_section, "kind": j.kind,
                   "note": j.note} for j in s.jumps],
        "missing": list(s.missing), "exceptions_are_notes_1_and_2": s.holds,
        "points": [{"label": p.label, "status": p.status.value,
                    "witness": p.witness.to_pbn() if p.witness is not None else None,
                    "outcome": str(p.outcome) if p.witness is not None else None,
                    "arrives": getattr(p.arrives, "value", p.arrives),
                    "reason": p.reason or None, "section": p.section,
                    "condition": str(p.condition)} for p in result.points],
        "dead": [p.label for p in result.dead], "verdict": result.verdict.value,
    }


def report(name: str, g, result) -> str:
    from openbid.checks.verdicts import Status

    s = result.structure
    out = [f"OPENBID control-flow graph ({name}): {g.number_of_nodes()} nodes, "
           f"{g.number_of_edges()} edges", "",
           "Jumps other than a fall-through to the next section (p. 3: control flows 'directly "
           "toward the end'):"]
    for j in s.jumps:
        why = j.note or ("not an exception" if j.kind == "next-section" else "UNEXPECTED")
        out.append(f"  {j.source} -> {j.target}  [{j.label}] section {j.from_section} -> "
                   f"{j.to_section}: {j.kind} ({why})")
    if not s.jumps:
        out.append("  none")
    for note in s.missing:
        out.append(f"  {note}: no such edge in this graph")
    out.append("  exceptions are exactly Notes 1 and 2: " + ("yes" if s.holds else "NO"))
    out += ["", "Bid points (Z3; each witness hand re-run through the executable procedure):"]
    for p in result.points:
        if p.status is Status.SAT:
            assert p.witness is not None
            line = f"reachable  {p.witness.to_pbn():<22} {p.outcome}"
        elif p.status is Status.UNSAT:
            line = "DEAD (unsat: no hand bids here; " + {
                Status.UNSAT: "control never arrives)",
                Status.SAT: "control arrives, but a later bid always replaces this one)",
            }.get(p.arrives, f"arrival unknown: {p.reason})")  # type: ignore[arg-type]
        else:
            line = f"UNKNOWN ({p.reason or 'the solver gave up'})"
        out.append(f"  {p.label:<4} {line}")
        where = "when " if p.label == "14" else f"at section {p.section} when "
        out.append(f"       arrives {where}{p.condition}")
    dead = [p.label for p in result.dead]
    summary = f"{sum(p.status is Status.SAT for p in result.points)} of {len(result.points)} " \
              "bid points reachable"
    if dead:
        summary += f"; dead: {', '.join(dead)}"
    out += ["", f"verdict: {result.verdict.value} ({summary})"]
    return "\n".join(out)
