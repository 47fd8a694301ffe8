"""``openbid prove``: everything the paper claims, re-derived in one command (issue 8).

:func:`prove_all` runs the parts side by side (each in a forked process, beside the census
workers) and returns one :class:`ProofRun` (data only). :func:`outcomes`
flattens it to ``{item: verdict}`` for the regression contract: the recorded expectation lives in
``openbid/proofs/expected/<variant>.json``; a run equal to it exits 0, a changed verdict 1, an error or an
UNKNOWN 2. Regenerating the expectation is the explicit ``--update-expected``.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from openbid.model.rules.model import Rules
from openbid.model.rules.text import dumps
from openbid.verify.verdicts import DEFAULT_TIMEOUT_MS
from openbid.readers.workers import jobs, run_forked

PARTS = ("lemmas", "part-one", "part-two", "structure", "synopsis", "census", "soundness")
EXPECTED_DIR = Path(__file__).resolve().parent.parent / "proofs" / "expected"


@dataclass
class ProofRun:
    variant: str
    digest: str  # of the rules text: the same rules give the same digest
    parts: tuple[str, ...]
    lemmas: object = None  # openbid.verify.lemmas.Lemmas
    part_one: object = None  # openbid.verify.overlap.PartOne
    part_two: object = None  # openbid.verify.cases.PartTwo
    structure: object = None  # openbid.verify.reachability.GraphCheck
    synopsis: object = None  # openbid.verify.diff.Diff (code vs synopsis)
    versus_code: object = None  # openbid.verify.diff.Diff (code vs this variant), if not code
    census: list = field(default_factory=list)  # [(bidval, section, count, classes, example)]
    soundness: object = None  # openbid.verify.soundness.Soundness
    breakdown: dict | None = None  # Part Two leaf path -> {"BID@SECTION": hands}, if asked
    seconds: dict[str, float] = field(default_factory=dict)


def rules_digest(rules: Rules) -> str:
    return hashlib.sha256(dumps(rules).encode()).hexdigest()[:16]


def prove_all(rules: Rules, parts: tuple[str, ...] = PARTS, propositions=None,
              timeout_ms: int = DEFAULT_TIMEOUT_MS,
              progress: Callable[[str], None] | None = None, breakdown: bool = False) -> ProofRun:
    """Every part asked for, each in its own forked process (openbid.readers.workers.Forked), at most
    ``OPENBID_JOBS`` (default: one per core) at a time, beside the census workers.

    Each part's Z3 work starts from the same state in a fresh process, so its witness hands are
    a function of the rules alone: the same on every run, and whichever other parts ran."""
    run = ProofRun(rules.name, rules_digest(rules), parts)
    census_job = None
    if "census" in parts or "part-one" in parts:
        census_job = _start_census(rules, outcomes="census" in parts)
    t0 = time.monotonic()
    work = {name: fn for name, fn in _part_functions(rules, propositions, timeout_ms).items()
            if name in parts}
    results = run_forked(work, jobs(), progress)
    for name in PARTS:
        if name in results:
            value, run.seconds[name] = results[name]
            if name == "synopsis":  # (code vs synopsis, code vs these rules or None)
                run.synopsis, run.versus_code = value
            else:
                setattr(run, _ATTRIBUTE[name], value)
    if census_job is not None:
        if progress:
            progress("census")
        gram, outcomes = census_job.result()
        run.seconds["census (wait)"] = round(time.monotonic() - t0, 2)
        if run.part_one is not None:
            from openbid.verify.overlap import attach_counts

            attach_counts(run.part_one, gram)
        if "census" in parts:
            _census_rows(rules, run, outcomes)
    if breakdown and "part-two" in parts:
        from openbid.verify.breakdown import leaf_breakdown

        if progress:
            progress("breakdown")
        t1 = time.monotonic()
        run.breakdown = leaf_breakdown(rules, propositions)
        run.seconds["breakdown"] = round(time.monotonic() - t1, 2)
    return run


_ATTRIBUTE = {"lemmas": "lemmas", "part-one": "part_one", "part-two": "part_two",
              "structure": "structure", "soundness": "soundness"}


def _part_functions(rules: Rules, propositions, timeout_ms: int) -> dict[str, Callable[[], object]]:
    """The parts that run in their own process, longest first (the order they start in)."""

    def lemmas():
        from openbid.verify.lemmas import check_lemmas

        return check_lemmas(rules, timeout_ms)

    def part_one():
        from openbid.verify.overlap import decide_pairs

        return decide_pairs(rules, timeout_ms)  # the census's counts are attached afterwards

    def part_two():
        from openbid.verify.cases import check_part_two

        return check_part_two(rules, propositions, timeout_ms)

    def structure():
        from openbid.verify.reachability import check_graph

        return check_graph(rules, timeout_ms)

    def soundness():
        from openbid.verify.soundness import check_spot_independence

        return check_spot_independence(rules)

    def synopsis():
        from openbid.model.variants import load_variant
        from openbid.verify.diff import diff

        code = load_variant("code")
        versus = diff(code, rules, count=False, timeout_ms=timeout_ms) if rules.name != "code" else None
        return diff(code, load_variant("synopsis"), count=False, timeout_ms=timeout_ms), versus

    return {"part-two": part_two, "lemmas": lemmas, "part-one": part_one, "structure": structure,
            "synopsis": synopsis, "soundness": soundness}


def _start_census(rules: Rules, outcomes: bool):
    """One background pass over all classes: Part One's pairwise counts and, if asked, the
    outcome census."""
    from openbid.model.rules.meets import meets_expr
    from openbid.readers.census.gram import Background

    labels = [lb for lb in rules.labels if lb != "14"]
    return Background(rules, [meets_expr(rules, lb) for lb in labels], outcomes)


def _census_rows(rules: Rules, run: ProofRun, outcomes) -> None:
    rows = []
    for (bidval, sec), (w, c, hand) in sorted(outcomes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        rows.append((bidval, rules.labels[sec], w, c, hand.to_pbn()))
    run.census = rows


# ---- the regression contract ----------------------------------------------------------------
def outcomes(run: ProofRun) -> dict[str, str]:
    """Every checked item -> its verdict, with stable keys."""
    out: dict[str, str] = {}
    if run.lemmas is not None:
        for c in run.lemmas.claims:
            out[f"lemma {c.id}"] = c.verdict
        for cell in run.lemmas.appendix3:
            out[f"appendix3 {cell.holding} {cell.length}"] = "differs" if cell.differs else "same"
        for row in run.lemmas.appendix6:
            out[f"appendix6 {row.shape}"] = ("agrees" if row.agrees and row.footnote_agrees
                                             else "differs") + ("" if row.proved else " unproved")
    if run.part_one is not None:
        for p in run.part_one.pairs:
            out[f"part-one {p.n}/{p.m}"] = f"{p.verdict} {p.comparison}"
    if run.part_two is not None:
        seen: dict[str, int] = {}
        for c in run.part_two.checks:
            key = f"part-two {c.path} {c.check}"
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                key += f" #{seen[key]}"
            out[key] = c.verdict.value
    if run.structure is not None:
        out["structure"] = run.structure.verdict.value
        for p in run.structure.points:
            out[f"structure {p.label}"] = p.status.value
    if run.synopsis is not None:
        out["synopsis equivalent"] = str(run.synopsis.equivalent).lower()
    if run.soundness is not None:
        out["soundness spot-independence"] = "held" if run.soundness.holds else "failed"
    if run.census:
        for bidval, label, w, _, _ in run.census:
            out[f"census {bidval}@{label}"] = str(w)
    return out


def has_unknown(run: ProofRun) -> bool:
    return any(v.startswith("unknown") or v.endswith(" unknown") for v in outcomes(run).values())


def expected_path(variant: str) -> Path:
    return EXPECTED_DIR / f"{variant}.json"


def compare_expected(run: ProofRun, path: Path) -> tuple[list[tuple[str, str | None, str | None]], bool]:
    """(changes, found): each change is (item, expected, got); ``found`` False if no file.
    Only the parts that ran are compared."""
    if not path.exists():
        return [], False
    try:
        data = json.loads(path.read_text())
        recorded: dict[str, str] = data["outcomes"]
    except (ValueError, KeyError, TypeError) as exc:
        from openbid.model.errors import OpenbidError

        raise OpenbidError(f"cannot read the expectation file {path}: {exc}") from None
    got = outcomes(run)
    prefixes = {p: _prefix(p) for p in run.parts}
    ran = tuple(px for p in run.parts for px in prefixes[p])
    changes = []
    for key in sorted(set(recorded) | set(got)):
        if not key.startswith(ran):
            continue
        if recorded.get(key) != got.get(key):
            changes.append((key, recorded.get(key), got.get(key)))
    return changes, True


def _prefix(part: str) -> tuple[str, ...]:
    return {"lemmas": ("lemma ", "appendix3 ", "appendix6 "), "part-one": ("part-one ",),
            "part-two": ("part-two ",), "structure": ("structure",),
            "synopsis": ("synopsis",), "census": ("census ",),
            "soundness": ("soundness",)}[part]


def write_expected(run: ProofRun, path: Path) -> None:
    """Record this run's verdicts as the expectation (merging with parts that did not run)."""
    data = {"variant": run.variant, "digest": run.digest, "outcomes": {}}
    if path.exists():
        try:
            data["outcomes"] = json.loads(path.read_text()).get("outcomes", {})
        except ValueError:
            data["outcomes"] = {}
    ran = tuple(px for p in run.parts for px in _prefix(p))
    data["outcomes"] = {k: v for k, v in data["outcomes"].items() if not k.startswith(ran)}
    data["outcomes"].update(outcomes(run))
    data["outcomes"] = dict(sorted(data["outcomes"].items()))
    data["digest"] = run.digest
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    tmp.replace(path)
