"""The seeds' parts of a proof run, rendered: ``evaluators`` (seed 000, K&R points; seed 002, the
point scales; the public implementations against them) and ``binky`` (seed 003). One module
for the terminal, the JSON lines, the tallies and both report pages, so that each fact is worded
once. Every function takes the run and returns text or records; none prints."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape

from openbid.hands.evaluators.distribution import TOTAL_HANDS

SEEDS = {"000": "seed 000 (K&R points)", "002": "seed 002 (point scales)",
         "003": "seed 003 (Binky points)"}
KIND_WORDS = {"AGREES": "agrees", "DISAGREES": "disagrees", "SEED_INCONSISTENT":
              "the seed contradicts itself", "UNKNOWN": "unknown"}


def num(x: Fraction | int | float) -> str:
    """An exact value as the shortest decimal that shows it (at most four places)."""
    x = Fraction(x)
    for places in range(5):
        if (x * 10 ** places).denominator == 1:
            return f"{float(x):.{places}f}"
    return f"{float(x):.4f}"


def share(n: int) -> str:
    from openbid.report.columns import percent

    return percent(n, TOTAL_HANDS)


# ---- JSON ---------------------------------------------------------------------------------------
def json_items(run):
    E, B = run.evaluators, run.binky
    if E is not None:
        for c in E.claims:
            yield {"part": "evaluators", "kind": "seed-claim", "seed": c.seed, "id": c.id,
                   "lines": c.lines, "quote": c.quote, "verdict": c.verdict.value,
                   "detail": c.detail, "witness": c.witness or None}
        for v in E.variants:
            yield {"part": "evaluators", "kind": "variant", "variant": v.name, "of": v.of,
                   "source": v.source, "differing_hands": v.differing_hands,
                   "largest_difference": str(v.largest), "witness": v.witness or None,
                   "departures": list(v.departures), "equal_on": v.equal_on or None,
                   "equal_verdict": v.equal_verdict.value if v.equal_verdict else None,
                   "equal_witness": v.equal_witness or None, "equal_reason": v.equal_reason or None}
        for d in E.distributions:
            yield _distribution_item("evaluators", d)
    if B is not None:
        for name, ok in B.matrices.items():
            yield {"part": "binky", "kind": "matrix-check", "check": name,
                   "verdict": "held" if ok else "failed"}
        for c in B.claims:
            yield {"part": "binky", "kind": "seed-claim", "seed": "003", "id": c.id,
                   "lines": c.lines, "quote": c.quote, "check": c.check, "ours": c.ours or None,
                   "tolerance": c.tolerance or None, "verdict": c.verdict.value,
                   "finding": c.kind, "notes": list(c.notes)}
        yield {"part": "binky", "kind": "data", "recomputed": B.recomputed,
               "consistent_with_recorded": B.consistent, "training_deals": B.deals,
               "out_of_sample": B.out_of_sample}
        for d in B.distributions:
            yield _distribution_item("binky", d)


def _distribution_item(part: str, d) -> dict:
    return {"part": part, "kind": "distribution", "evaluator": d.name, "hands": d.hands,
            "mean": str(d.mean), "least": str(d.least), "greatest": str(d.greatest),
            "distinct_values": d.distinct, "bins": [[k, w] for k, w in d.bins]}


# ---- summaries and tallies -----------------------------------------------------------------------
def summary(run) -> dict:
    out: dict = {}
    if run.evaluators is not None:
        E = run.evaluators
        for seed in ("000", "002"):
            out[f"seed-{seed}"] = dict(Counter(c.verdict.value for c in E.claims if c.seed == seed))
        out["variants"] = {v.name: {"differing_hands": v.differing_hands,
                                    "equal_on_class": v.equal_verdict.value
                                    if v.equal_verdict else None} for v in E.variants}
    if run.binky is not None:
        B = run.binky
        out["seed-003"] = {"matrices": dict(Counter("held" if ok else "failed"
                                                    for ok in B.matrices.values())),
                           "claims": dict(Counter(c.kind for c in B.claims)),
                           "training_deals": B.deals, "recomputed": B.recomputed}
    return out


def tally_rows(run) -> list[tuple[str, str, list[str], str]]:
    """(part, title, verdicts, note) per group of checks, for the report's summary."""
    out = []
    E, B = run.evaluators, run.binky
    if E is not None:
        for seed, what in (("000", "K&R points (seed 000)"), ("002", "Point scales (seed 002)")):
            claims = [c for c in E.claims if c.seed == seed]
            out.append((f"seed-{seed}", f"{what}: the seed's claims",
                        [c.verdict.value for c in claims], f"{len(claims)} claims, each checked "
                        "exactly (failed: the seed is wrong, shown with a holding or hand)"))
        proved = [v for v in E.variants if v.equal_verdict is not None]
        out.append(("variants", "Public implementations equal to the seed where they do not "
                    "depart", [v.equal_verdict.value for v in proved],
                    f"{len(proved)} Z3 proofs; every variant's differing hands counted exactly"))
    if B is not None:
        verdicts = ["held" if ok else "failed" for ok in B.matrices.values()]
        verdicts += [c.verdict.value for c in B.claims]
        verdicts.append("held" if B.consistent else "failed")
        how = (f"re-derived from {B.deals:,} training deals" if B.recomputed
               else "as recorded (no double-dummy data here)")
        out.append(("seed-003", "Binky points (seed 003)", verdicts,
                    f"{len(B.matrices)} exact matrix checks, {len(B.claims)} claims {how}, "
                    "and the claims file equal to the data"))
    return out


def seed_errors(run) -> list[str]:
    """One line per place a seed is wrong (a failed claim), with its evidence."""
    out = []
    if run.evaluators is not None:
        for c in run.evaluators.claims:
            if c.verdict.value == "failed":
                out.append(f"{SEEDS[c.seed]} line {c.lines} ({c.id}): \"{_clip(c.quote)}\" - "
                           f"{c.detail}" + (f" (e.g. {c.witness})" if c.witness else ""))
    if run.binky is not None:
        for c in run.binky.claims:
            if c.verdict.value == "failed":
                ours = f"; ours {c.ours} (tolerance {c.tolerance})" if c.ours else ""
                out.append(f"{SEEDS['003']} line {c.lines} ({c.id}): \"{_clip(c.quote)}\" - "
                           f"{KIND_WORDS[c.kind]}: {c.check}{ours}")
    return out


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _clip(text: str, n: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 3] + "..."


# ---- terminal ----------------------------------------------------------------------------------
def text(run, detail: bool) -> list[str]:
    out: list[str] = []
    E, B = run.evaluators, run.binky
    if E is not None:
        for seed in ("000", "002"):
            claims = [c for c in E.claims if c.seed == seed]
            c = Counter(x.verdict.value for x in claims)
            out.append(f"{_cap(SEEDS[seed])}: {len(claims)} claims: "
                       + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
            for x in claims:
                if detail or x.verdict.value != "held":
                    out.append(f"  {x.verdict.value:<8} line {x.lines} {x.id}: {x.detail}"
                               + (f"  e.g. {x.witness}" if x.witness else ""))
        out.append("Public implementations against the seed's reading (hands of C(52,13) where "
                   "the totals differ):")
        for v in E.variants:
            eq = ""
            if v.equal_verdict is not None:
                eq = f"; equal elsewhere: {v.equal_verdict.value} (Z3)"
                if v.equal_reason:
                    eq += f" - {v.equal_reason}"
            out.append(f"  {v.name:<18} vs {v.of:<8} {v.differing_hands:>16,} ({share(v.differing_hands)}),"
                       f" largest {num(v.largest)}" + (f", e.g. {v.witness}" if v.witness else "")
                       + eq)
        if detail:
            out.append("Exact distributions over all hands (mean, least, greatest):")
            for d in E.distributions:
                out.append(f"  {d.name:<12} mean {float(d.mean):8.4f}  {num(d.least):>6} .. "
                           f"{num(d.greatest):<6} ({d.distinct} values)")
        out.append("")
    if B is not None:
        ok = sum(bool(x) for x in B.matrices.values())
        kinds = Counter(c.kind for c in B.claims)
        how = (f"re-derived from {B.deals:,} training deals of data/dd" if B.recomputed
               else "as recorded (no data/dd here)")
        out.append(f"{_cap(SEEDS['003'])}: partner matrices exact: {ok} of "
                   f"{len(B.matrices)} checks held; {len(B.claims)} claims {how}: "
                   + ", ".join(f"{KIND_WORDS[k]} {n}" for k, n in sorted(kinds.items())))
        if B.recomputed and not B.consistent:
            out.append("  FAILED: the recorded claims file differs from what the data gives "
                       "(openbid binky checks --write regenerates it)")
        for c in B.claims:
            if detail or c.kind != "AGREES":
                out.append(f"  {KIND_WORDS[c.kind]:<12} line {c.lines} {c.id}: {c.check}"
                           + (f"; ours {c.ours}, tolerance {c.tolerance}" if c.ours else ""))
        oos = B.out_of_sample.get("strains", {})
        for strain, row in oos.items():
            peers = ", ".join(f"{k} {row[k]['sd']}" for k in ("constant", "hcp_ls", "hcp_shape_ls")
                              if k in row)
            out.append(f"  held-out {strain}: error sd {row['binky']['sd']} (peers: {peers})")
        out.append("")
    return out


# ---- Markdown ----------------------------------------------------------------------------------
def markdown(run) -> list[str]:
    from openbid.report.md_pieces import table

    out: list[str] = []
    E, B = run.evaluators, run.binky
    if E is not None:
        out += ["## Evaluators", "",
                "Seed 000 (K&R points) and seed 002 (point scales): every claim checked exactly; "
                "each public implementation compared with the seed's reading over all "
                f"{TOTAL_HANDS:,} hands (generating functions), and proved equal by Z3 on the "
                "hands its departures leave alone.", ""]
        out += table(["seed", "claim", "lines", "quote", "verdict", "detail"],
                     [[c.seed, c.id, c.lines, _clip(c.quote, 120), c.verdict.value,
                       c.detail + (f" (e.g. {c.witness})" if c.witness else "")]
                      for c in E.claims])
        out += table(["variant", "of", "hands that differ", "share", "largest", "e.g.",
                      "equal elsewhere (Z3)"],
                     [[v.name, v.of, f"{v.differing_hands:,}", share(v.differing_hands),
                       num(v.largest), v.witness,
                       (v.equal_verdict.value if v.equal_verdict else "") +
                       (f": {v.equal_reason}" if v.equal_reason else "")] for v in E.variants])
        out += table(["evaluator", "mean", "least", "greatest", "values"],
                     [[d.name, f"{float(d.mean):.4f}", num(d.least), num(d.greatest), d.distinct]
                      for d in E.distributions])
    if B is not None:
        out += ["## Binky points", "",
                "Seed 003: the partner matrices exactly, the seed's printed numbers against our "
                "double-dummy data" + (f" ({B.deals:,} training deals)" if B.recomputed else "")
                + ", and the error on held-out deals.", ""]
        out += table(["check", "verdict"], [[k, "held" if ok else "failed"]
                                             for k, ok in B.matrices.items()])
        out += table(["claim", "lines", "quote", "check", "ours", "tolerance", "finding"],
                     [[c.id, c.lines, _clip(c.quote, 80), c.check, c.ours, c.tolerance,
                       KIND_WORDS[c.kind]] for c in B.claims])
        rows = []
        for strain, row in B.out_of_sample.get("strains", {}).items():
            for k, r in row.items():
                rows.append([strain, k, r.get("mean", ""), r["sd"], r.get("fit", "")])
        if rows:
            out += table(["strain", "estimator", "mean error", "error sd", "fit"], rows)
        out += table(["evaluator", "mean", "least", "greatest", "values"],
                     [[d.name, f"{float(d.mean):.4f}", num(d.least), num(d.greatest), d.distinct]
                      for d in B.distributions])
    return out


# ---- HTML --------------------------------------------------------------------------------------
def html(run) -> str:
    from openbid.report.html_pieces import badge, hand, table

    out = []
    E, B = run.evaluators, run.binky
    if E is not None:
        claims = table(["", "seed", "claim", "lines", "quote", "detail"],
                       [[badge(c.verdict.value), c.seed, escape(c.id), escape(c.lines),
                         f"<q>{escape(_clip(c.quote, 160))}</q>",
                         escape(c.detail) + (f" {hand(c.witness)}" if "." in c.witness
                                             else escape(f" ({c.witness})") if c.witness else "")]
                        for c in E.claims], "wide")
        bad = sum(c.verdict.value == "failed" for c in E.claims)
        variants = table(["variant", "of", "hands that differ", "largest", "e.g.",
                          "equal elsewhere"],
                         [[f"<b>{escape(v.name)}</b><br><small>{escape(v.source)}</small>",
                           escape(v.of),
                           f'<span class="num">{v.differing_hands:,}</span> ({share(v.differing_hands)})',
                           num(v.largest), hand(v.witness),
                           (badge(v.equal_verdict.value, "Z3") +
                            f"<br><small><code>{escape(v.equal_on)}</code></small>"
                            if v.equal_verdict else "")
                           + (f"<br>{escape(v.equal_reason)}" if v.equal_reason else "")]
                          for v in E.variants], "wide")
        charts = "".join(histogram(d) for d in E.distributions)
        out.append('<section id="evaluators"><h2>Evaluators (seeds 000 and 002)</h2>'
                   f"<p>{len(E.claims)} claims of the seeds checked exactly; {bad} fail (the seed "
                   "is wrong there). Each public implementation is compared with the seed's "
                   f"reading over all {TOTAL_HANDS:,} hands by generating functions, and proved "
                   "equal by Z3 on the hands its departures leave alone.</p>"
                   f"<details><summary>The seeds' claims</summary>{claims}</details>"
                   f"<h3>Public implementations</h3>{variants}"
                   '<h3>Exact distributions over all hands</h3>'
                   f'<div class="charts">{charts}</div></section>')
    if B is not None:
        checks = table(["", "check"], [[badge("held" if ok else "failed"), escape(k)]
                                       for k, ok in B.matrices.items()])
        claims = table(["", "claim", "lines", "quote", "check", "ours", "tolerance"],
                       [[badge(c.verdict.value, KIND_WORDS[c.kind]), escape(c.id),
                         escape(c.lines), f"<q>{escape(_clip(c.quote, 120))}</q>",
                         escape(c.check), escape(c.ours), escape(c.tolerance)]
                        for c in B.claims], "wide")
        rows = []
        for strain, row in B.out_of_sample.get("strains", {}).items():
            for k, r in row.items():
                rows.append([escape(strain), escape(k), escape(str(r.get("mean", ""))),
                             escape(str(r["sd"])), escape(str(r.get("fit", "")))])
        oos = table(["strain", "estimator", "mean error", "error sd", "fit"], rows) if rows else ""
        plots = "".join(B.plots.values())
        charts = "".join(histogram(d) for d in B.distributions)
        how = (f"re-derived from {B.deals:,} training deals" if B.recomputed
               else "as recorded (no double-dummy data here)")
        consistent = "" if B.consistent else (
            f'<p>{badge("failed")} the recorded claims file differs from what the data gives.</p>')
        out.append('<section id="binky"><h2>Binky points (seed 003)</h2>'
                   f"<p>The partner matrices exactly; the seed's printed numbers {how}; the "
                   "error on held-out deals beside simpler estimators.</p>"
                   f"{consistent}{checks}<details><summary>The seed's claims</summary>{claims}"
                   f"</details><h3>Held-out deals</h3>{oos}<div class=\"charts\">{plots}</div>"
                   f'<h3>Exact distributions over all hands</h3><div class="charts">{charts}</div>'
                   "</section>")
    return "".join(out)


def histogram(d) -> str:
    """An evaluator's exact distribution as vertical bars, one per integer bin."""
    bins = d.bins
    top = max(w for _, w in bins)
    bw, h, left, base = max(4, min(18, 360 // len(bins))), 120, 34, 150
    title = f"{d.name}: mean {float(d.mean):.3f}"
    # Wide enough for the title (13 px bold: at most 9 px a character), which starts at 4.
    w = max(left + bw * len(bins) + 10, 4 + 9 * len(title))
    out = [f'<svg class="bars" viewBox="0 0 {w} {base + 22}" width="{w}" height="{base + 22}" '
           f'role="img" aria-label="{escape(d.name)}">',
           f'<text class="title" x="4" y="14">{escape(title)}</text>']
    for i, (k, n) in enumerate(bins):
        bh = h * n / top
        x = left + i * bw
        out.append(f'<g><title>{k} to {k + 1}: {n:,} hands ({share(n)})</title>'
                   f'<rect x="{x}" y="{base - bh:.1f}" width="{bw - 1}" height="{bh:.1f}" '
                   'fill="#6b8fc7"/></g>')
        if len(bins) <= 12 or k % 5 == 0:
            out.append(f'<text class="tick" x="{x + bw / 2:.1f}" y="{base + 12}" '
                       f'text-anchor="middle">{k}</text>')
    out.append("</svg>")
    return "".join(out)
