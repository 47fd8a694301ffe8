"""The regression contract of ``openbid prove``: every checked item and its verdict, compared
with a recorded expectation (``openbid/proofs/expected/<variant>.json``). A run equal to it exits
0, a changed verdict 1, an error or an UNKNOWN 2; regenerating it is the explicit
``--update-expected``.
"""

from __future__ import annotations

import json
from pathlib import Path

from openbid.verify.prove import ProofRun

EXPECTED_DIR = Path(__file__).resolve().parent.parent / "proofs" / "expected"


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
            out[f"part-one {p.n}/{p.m}"] = f"{p.state} {p.comparison}"
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
