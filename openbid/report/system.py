"""The system checks of a proof run (``prove system``, openbid.checks.system), rendered: dead and
shadowed bid points, the overlap matrix, claims, bid frequencies per context. One module for the
terminal, the JSON lines, the tallies and both report pages (as openbid.report.seeds does for the
seeds' parts), so that each fact is worded once. Every function returns text or records; none
prints."""

from __future__ import annotations

from html import escape

from openbid.readers.census.domain import TOTAL_HANDS

STATE_WORDS = {"reachable": "reachable", "shadowed": "dead: shadowed by earlier bid points",
               "impossible": "dead: its own condition holds on no hand",
               "unreachable": "dead: control never arrives", "unknown": "unknown"}


def state_words(p) -> str:
    """A bid point's state in words; a shadowed point names the earlier points that take its
    hands: ``dead: shadowed by 1a, 2``."""
    if p.state == "shadowed" and p.blockers:
        return f"dead: shadowed by {', '.join(p.blockers)}"
    return STATE_WORDS[p.state]


def ctx(context) -> str:
    """A context as the options write it: ``seat 3, vul they`` ("" for none)."""
    from openbid.bridge.notation import vul_word_of

    c = dict(context)
    parts = [f"seat {c['SEAT']}"] if "SEAT" in c else []
    if "VUL" in c and "THEYVUL" in c:
        parts.append(f"vul {vul_word_of(c)}")
    parts += [f"{k} {str(v).lower()}" for k, v in c.items()
              if k not in ("SEAT",) and not ("VUL" in c and "THEYVUL" in c and k in ("VUL", "THEYVUL"))]
    return ", ".join(parts)


def _hands(S) -> str:
    """What a count counts: hands, or hand-context pairs when contexts are ranged over."""
    n = len(S.contexts)
    return "hands" if n == 1 else f"hand-contexts ({n} contexts: {', '.join(S.facts)})"


def _share(S, n: int) -> str:
    from openbid.report.columns import percent

    return percent(n, TOTAL_HANDS * len(S.contexts))


# ---- JSON ---------------------------------------------------------------------------------------
def json_items(run):
    S = run.system
    if S is None:
        return
    for p in S.points:
        yield {"part": "system", "kind": "point", "label": p.label, "state": p.state,
               "meets": S.meets.get(p.label), "bids": S.bids.get(p.label),
               "blockers": list(p.blockers), "taken_by": S.taken.get(p.label, {}),
               "witness": p.witness, "context": dict(p.context), "outcome": p.outcome or None,
               "reason": p.reason or None}
    for o in S.overlaps:
        yield {"part": "system", "kind": "overlap", "n": o.n, "m": o.m, "hands": o.hands,
               "witness": o.witness, "context": dict(o.context), "outcome": o.outcome}
    for c in S.claims:
        yield {"part": "system", "kind": "claim", "id": c.claim.id, "source": c.claim.source,
               "quote": c.claim.quote, "claim": c.claim.statement, "verdict": c.verdict.value,
               "premise_hands": c.premise_hands, "gap_hands": c.gap_hands,
               "witness": c.witness, "context": dict(c.context), "outcome": c.outcome or None,
               "reason": c.reason or None}
    for f in S.frequencies:
        for bid, label, hands in f.rows:
            yield {"part": "system", "kind": "frequency", "context": dict(f.context),
                   "bid": bid, "section": label, "hands": hands}


def summary(run) -> dict:
    S = run.system
    if S is None:
        return {}
    states: dict[str, int] = {}
    for p in S.points:
        states[p.state] = states.get(p.state, 0) + 1
    verdicts: dict[str, int] = {}
    for c in S.claims:
        verdicts[c.verdict.value] = verdicts.get(c.verdict.value, 0) + 1
    out = {"points": states, "overlapping_pairs": len(S.overlaps), "pairs": S.pairs,
           "claims": verdicts, "contexts": len(S.contexts), "facts": list(S.facts)}
    if S.given is not None:
        from openbid.expr import unparse

        out.update({"where": unparse(S.given), "selected": S.selected})
    return {"system": out}


def tally_rows(run) -> list[tuple[str, str, list[str], str]]:
    S = run.system
    if S is None:
        return []
    points = ["held" if p.state == "reachable" else "unknown" if p.state == "unknown"
              else "failed" for p in S.points]
    out = [("system-points", "System: every bid point reachable", points,
            f"{len(S.dead)} dead (Z3 proofs, the census agreeing)")]
    if S.claims:
        out.append(("system-claims", "System: the claims file", [c.verdict.value for c in S.claims],
                    f"{len(S.claims)} claims of {S.claims_file}, counted exactly"))
    return out


def problems(run) -> list[str]:
    """One line per finding: a dead bid point, a failed or vacuous claim."""
    S = run.system
    if S is None:
        return []
    out = []
    for p in S.dead:
        out.append(f"bid point {p.label} is {state_words(p)}")
    for c in S.claims:
        if c.verdict.value in ("failed", "vacuous"):
            out.append(f"claim {c.claim.id} ({c.claim.statement}) {c.verdict.value}"
                       + (f": {c.gap_hands:,} {_hands(S).split(' (')[0]} do not, e.g. "
                          f"{c.witness}{_at(c.context)} ({c.outcome})" if c.witness else ""))
    return out


def _at(context) -> str:
    return f" in {ctx(context)}" if context else ""


# ---- text ---------------------------------------------------------------------------------------
def text(run, detail: bool) -> list[str]:
    S = run.system
    if S is None:
        return []
    fixed = f"; fixed: {ctx(S.fixed)}" if S.fixed else ""
    lines = [f"System checks of {S.title}: counts are {_hands(S)}{fixed}", ""]
    if S.given is not None:
        from openbid.expr import unparse

        lines[-1:] = [f"Only the hands meeting {unparse(S.given)}: {S.selected:,} "
                      f"({_share(S, S.selected)})", ""]
    lines.append(f"Bid points: {sum(p.state == 'reachable' for p in S.points)} reachable, "
                 f"{len(S.dead)} dead (proved with Z3)")
    for p in S.points:
        if p.state == "reachable" and not detail:
            continue
        line = f"  {p.label:<5} {state_words(p)}"
        if p.state != "reachable":
            takers = ", ".join(f"{lb} {h:,}" for lb, h in S.taken[p.label].items())
            line += f"; meets {S.meets[p.label]:,}" + (f", bid at: {takers}" if takers else "")
        else:
            line += f"; bids {S.bids[p.label]:,}"
        if p.witness:
            line += f"; e.g. {p.witness}{_at(p.context)} -> {p.outcome}"
        if p.reason:
            line += f" ({p.reason})"
        lines.append(line)
    lines += ["", f"Overlaps: {len(S.overlaps)} of {S.pairs} pairs of bid points have hands "
              "meeting both conditions (the earlier wins)"]
    shown = S.overlaps if detail else sorted(S.overlaps, key=lambda o: -o.hands)[:10]
    for o in shown:
        lines.append(f"  {o.n:>5} / {o.m:<5} {o.hands:>16,}  e.g. {o.witness}{_at(o.context)} "
                     f"-> {o.outcome}")
    if len(shown) < len(S.overlaps):
        lines.append(f"  ... the 10 largest of {len(S.overlaps)} (PART system lists them all)")
    if S.claims:
        lines += ["", f"Claims ({S.claims_file}):"]
        for c in S.claims:
            gap = f"; gap {c.gap_hands:,} of {c.premise_hands:,}" if c.premise_hands else ""
            line = f"  {c.verdict.value.upper():<8} {c.claim.id}: {c.claim.statement}{gap}"
            if c.witness:
                line += f"; e.g. {c.witness}{_at(c.context)} -> {c.outcome}"
            if c.reason:
                line += f" ({c.reason})"
            lines.append(line)
    lines += ["", "Bid frequencies (exact census):"]
    shown_f = S.frequencies if detail else S.frequencies[:1]
    for f in shown_f:
        head = ctx(f.context) or "every hand"
        lines.append(f"  {head}: " + ", ".join(
            f"{bid}@{lb} {100 * h / _base(S, f):.2f}%" for bid, lb, h in f.rows))
    if len(shown_f) < len(S.frequencies):
        lines.append(f"  ... and {len(S.frequencies) - len(shown_f)} more contexts (--json has "
                     "every one)")
    return lines + [""]


def _base(S, f) -> int:
    """What a frequency is a share of: every hand, or those of the context meeting the
    precondition."""
    return TOTAL_HANDS if S.given is None else max(1, sum(h for _, _, h in f.rows))


# ---- the report pages ---------------------------------------------------------------------------
def markdown(run) -> list[str]:
    from openbid.report.md_pieces import table

    S = run.system
    if S is None:
        return []
    out = ["## System checks", "", f"{S.title}: counts are {_hands(S)}.", ""]
    out += table(["bid point", "state", "blockers", "meets", "bids", "bid at instead", "e.g."],
                 [[p.label, STATE_WORDS[p.state], ", ".join(p.blockers),
                   f"{S.meets[p.label]:,}", f"{S.bids[p.label]:,}",
                   ", ".join(f"{lb} {h:,}" for lb, h in S.taken[p.label].items()
                             if lb != p.label) if p.state != "reachable" else "",
                   f"`{p.witness}`{_at(p.context)} -> {p.outcome}" if p.witness else ""]
                  for p in S.points])
    out += [f"### Overlaps ({len(S.overlaps)} of {S.pairs} pairs)", ""]
    out += table(["later", "earlier", "hands", "e.g.", "bid"],
                 [[o.n, o.m, f"{o.hands:,}", f"`{o.witness}`{_at(o.context)}", o.outcome]
                  for o in S.overlaps])
    if S.claims:
        out += [f"### Claims ({S.claims_file})", ""]
        out += table(["verdict", "claim", "source", "premise", "gap", "e.g."],
                     [[c.verdict.value, f"{c.claim.id}: {c.claim.statement}", c.claim.source,
                       f"{c.premise_hands:,}", f"{c.gap_hands:,}",
                       f"`{c.witness}`{_at(c.context)} -> {c.outcome}" if c.witness else ""]
                      for c in S.claims])
    out += ["### Bid frequencies", ""]
    out += table(["context", "bid", "bid point", "hands", "share"],
                 [[ctx(f.context) or "every hand", bid, lb, f"{h:,}",
                   f"{100 * h / TOTAL_HANDS:.4f}%"] for f in S.frequencies
                  for bid, lb, h in f.rows])
    return out


def html(run) -> str:
    from openbid.report.html_pieces import badge, hand, table

    S = run.system
    if S is None:
        return ""

    def eg(w, context, outcome) -> str:
        return f"{hand(w)}{escape(_at(context))} &rarr; {escape(outcome)}" if w else ""

    points = table(["bid point", "state", "blockers", "meets", "bids", "e.g."],
                   [[escape(p.label), badge("held" if p.state == "reachable" else
                                            "unknown" if p.state == "unknown" else "failed",
                                            p.state), escape(", ".join(p.blockers)),
                     f'<span class="num">{S.meets[p.label]:,}</span>',
                     f'<span class="num">{S.bids[p.label]:,}</span>',
                     eg(p.witness, p.context, p.outcome)] for p in S.points], "wide")
    overlaps = table(["later", "earlier", "hands", "e.g. (the bid made)"],
                     [[escape(o.n), escape(o.m), f'<span class="num">{o.hands:,}</span>',
                       eg(o.witness, o.context, o.outcome)] for o in S.overlaps], "wide")
    claims = table(["", "claim", "source", "premise", "gap", "e.g."],
                   [[badge(c.verdict.value), f"<b>{escape(c.claim.id)}</b>: "
                     f"{escape(c.claim.statement)}<br><q>{escape(c.claim.quote)}</q>",
                     escape(c.claim.source), f'<span class="num">{c.premise_hands:,}</span>',
                     f'<span class="num">{c.gap_hands:,}</span>',
                     eg(c.witness, c.context, c.outcome)] for c in S.claims], "wide")
    freq = table(["context", "bid", "bid point", "hands", "share"],
                 [[escape(ctx(f.context) or "every hand"), escape(bid), escape(lb),
                   f'<span class="num">{h:,}</span>', f"{100 * h / TOTAL_HANDS:.4f}%"]
                  for f in S.frequencies for bid, lb, h in f.rows], "wide")
    return (f'<section id="system"><h2>System checks</h2><p>{escape(S.title)}: counts are '
            f"{escape(_hands(S))}. {len(S.dead)} dead bid points (Z3 proofs, the census "
            f"agreeing); {len(S.overlaps)} of {S.pairs} pairs of bid points overlap.</p>"
            f"<h3>Bid points</h3>{points}<h3>Overlaps</h3>{overlaps}"
            + (f"<h3>Claims ({escape(S.claims_file)})</h3>{claims}" if S.claims else "")
            + f"<h3>Bid frequencies</h3>{freq}</section>")
