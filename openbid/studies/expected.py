"""The regression contract of ``openbid prove``: every checked item and its verdict, compared
with a recorded expectation (``openbid/systems/data/expected/<variant>.json``). A run equal to it exits
0, a changed verdict 1, an error or an UNKNOWN 2; regenerating it is the explicit
``--update-expected``.

An expectation is data its owner keeps: it records the rules' digest and their source (``variant
code``, or ``rule file my.rules``), and for a system's verdicts what computed each group of them
and over what (``scopes``: the opening's checks over every seat, the tree census of the whole
tree, the claims of which files). A verdict is compared with the recorded one only when both were
computed by the same check over the same scope: a run over a subset (``--claim``: only the claims
that ran) or by another check is never reported as a change. A rule file's own expectation lives next to it
(``my.rules.expected.json``); a shipped one changes only with the shipped rules (same digest); a
run with an UNKNOWN is never recorded; a file is replaced in one atomic rename.
"""

from __future__ import annotations

import json
from pathlib import Path

from openbid.base.errors import OpenbidError
from openbid.systems.rules.model import Rules
from openbid.studies.prove import ProofRun

EXPECTED_DIR = Path(__file__).resolve().parents[1] / "systems" / "data" / "expected"


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
        for case in run.part_two.checks:
            key = f"part-two {case.path} {case.check}"
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                key += f" #{seen[key]}"
            out[key] = case.verdict.value
    if run.structure is not None:
        out["structure"] = run.structure.verdict.value
        for point in run.structure.points:
            out[f"structure {point.label}"] = point.status.value
    if run.synopsis is not None:
        out["synopsis equivalent"] = str(run.synopsis.equivalent).lower()
    if run.soundness is not None:
        out["soundness spot-independence"] = "held" if run.soundness.holds else "failed"
    if run.census:
        for bidval, label, w, _, _ in run.census:
            out[f"census {bidval}@{label}"] = str(w)
    if run.evaluators is not None:
        for seed in run.evaluators.claims:
            out[f"seed-{seed.seed} claim {seed.id}"] = seed.verdict.value
        for v in run.evaluators.variants:
            out[f"variant {v.name} differs-on"] = str(v.differing_hands)
            if v.equal_verdict is not None:
                out[f"variant {v.name} equal-on-class"] = v.equal_verdict.value
    if run.system is not None:
        out.update(run.system.verdicts())
    if getattr(run, "census_tree", None) is not None:
        out.update(run.census_tree.verdicts())
    if run.binky is not None:
        for name, ok in run.binky.matrices.items():
            out[f"seed-003 matrices {name}"] = "held" if ok else "failed"
        for bc in run.binky.claims:
            out[f"seed-003 claim {bc.id}"] = bc.verdict.value
    return out


def has_unknown(run: ProofRun) -> bool:
    return bool(degraded(run))


def expected_path(variant: str) -> Path:
    """The shipped expectation of a named variant; a name that is not a plain name (a path,
    '..') is refused, so that no expectation is ever written outside this folder."""
    from openbid.systems.rules.text import plain_name

    if not plain_name(variant):
        raise OpenbidError(f"{variant!r} is not a plain variant name: no expectation file for it")
    return EXPECTED_DIR / f"{variant}.json"


def own_path(rules: Rules) -> Path:
    """Where a rule file's own expectation lives: next to it (``my.rules.expected.json``)."""
    return Path(rules.source + ".expected.json")


def compare_path(rules: Rules, explicit: str | None) -> Path:
    """The expectation a run is compared with: ``--expected PATH``; for a rule file its own
    (next to it) if recorded, else that of the variant its ``name`` line names (the one it came
    from: which of the paper's verdicts the edit changes); for a variant, the shipped one. It
    must exist: comparing with nothing would pass vacuously."""
    if explicit:
        path = Path(explicit)
    elif rules.source and (own_path(rules).exists() or rules.name not in _variants()):
        path = own_path(rules)
        if not path.exists():
            raise OpenbidError(
                f"no recorded expectation for {rules.title}: {path} does not exist and "
                f"{rules.name!r} is not a variant to compare with; record one with "
                "--update-expected")
    else:
        path = expected_path(rules.name)
    if path.is_dir():
        raise OpenbidError(f"the expectation file {path} is a directory")
    if not path.exists():
        raise OpenbidError(f"the expectation file {path} does not exist (record one with "
                           "--update-expected)")
    read_expected(path)  # a broken file is an error now, not after the proof
    return path


def read_expected(path: Path) -> dict:
    """The recorded expectation at ``path``: ``{"variant", "digest", "source", "outcomes"}``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("outcomes"), dict):
            raise ValueError("no 'outcomes' object")
    except OSError as exc:
        raise OpenbidError(f"cannot read the expectation file {path}: {exc.strerror}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise OpenbidError(f"{path} is not an openbid expectation file ({exc})") from None
    data.setdefault("source", f"variant {data.get('variant')}")
    return data


def source_of(rules: Rules, path: Path) -> str:
    """How an expectation at ``path`` records what it is of: ``variant code``, or ``rule file
    my.rules`` (the path relative to the expectation's folder)."""
    if not rules.source:
        return f"variant {rules.name}"
    import os

    where = os.path.relpath(os.path.abspath(rules.source), os.path.abspath(path.parent))
    return f"rule file {where}"


def _same_source(recorded: str, rules: Rules, path: Path) -> bool:
    if not recorded.startswith("rule file ") or not rules.source:
        return recorded == source_of(rules, path)
    mine = Path(rules.source).resolve()
    return (path.parent / recorded[len("rule file "):]).resolve() == mine


def write_path(rules: Rules, explicit: str | None) -> Path:
    """Where ``--update-expected`` writes: ``--expected PATH``; for a rule file, next to it;
    for a variant, the shipped file."""
    if explicit:
        return Path(explicit)
    return own_path(rules) if rules.source else expected_path(rules.name)


def check_writable(path: Path, rules: Rules, parts: tuple[str, ...]) -> None:
    """Every reason not to record this run at ``path``, before the run: a shipped expectation
    only for the shipped rules (by digest), never a file that is not an expectation or is the
    expectation of other rules, no folder created, and the folder writable."""
    from openbid.studies.prove import PARTS, SYSTEM_PARTS, is_openbid, rules_digest

    digest = rules_digest(rules)
    if path.is_dir():
        raise OpenbidError(f"the expectation file {path} is a directory")
    if _in_package(path) and not _shipped(path):
        raise OpenbidError(
            f"not recording: {path} is inside openbid's own files, which a run never "
            "changes; copy the rule file to a folder of yours and record its expectation "
            "there, or give --expected PATH")
    if _shipped(path):
        variants = _variants()
        if path.suffix != ".json" or path.stem not in variants:
            raise OpenbidError(f"{path} is not the expectation of a shipped variant: openbid "
                               "writes nothing else in its expectations folder")
        shipped = rules_digest(_load_variant(path.stem))
        if digest != shipped:
            own = (f" (without --expected: {own_path(rules)}, next to the rule file)"
                   if rules.source else "")
            raise OpenbidError(
                f"not recording: {path} is the expectation of the shipped variant {path.stem} "
                f"(rules {shipped}), and {rules.title} has rules {digest}; record its own "
                f"with --expected PATH{own}")
    if path.exists():
        data = read_expected(path)
        if not _same_source(str(data["source"]), rules, path) and not _shipped(path):
            raise OpenbidError(
                f"not recording: {path} holds the expectation of {data['source']}, not of "
                f"{rules.title}; give another --expected PATH (or delete the file)")
        every = PARTS if is_openbid(rules) else SYSTEM_PARTS
        if data.get("digest") != digest and not set(every) <= set(parts):
            raise OpenbidError(
                f"not recording: {path} was recorded for other rules (digest "
                f"{data.get('digest')}); replace it with a run of every part (PART all)")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OpenbidError(f"cannot record the expectation in {path}: no folder {folder} "
                           "(openbid creates none)")
    _probe(folder, f"cannot record the expectation in {path}")
    if path.exists() and not _writable(path):
        raise OpenbidError(f"cannot record the expectation in {path}: the file is read-only")


def _probe(folder: Path, what: str) -> None:
    """Create and remove a file in ``folder`` (a read-only folder or file system, or a full
    disk, fails here, before the work; ``os.access`` says yes to root)."""
    import tempfile

    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".openbid-probe-"):
            pass
    except OSError as exc:
        raise OpenbidError(f"{what}: {exc.strerror or exc}") from None


def _writable(path: Path) -> bool:
    import os

    return os.access(path, os.W_OK)


PACKAGE = Path(__file__).resolve().parents[1]  # the openbid package (installed or not)


def _in_package(path: Path) -> bool:
    """Whether ``path`` is inside the openbid package (a shipped example, say)."""
    try:
        return path.resolve().is_relative_to(PACKAGE.resolve())
    except OSError:
        return False


def _shipped(path: Path) -> bool:
    try:
        return path.resolve().parent == EXPECTED_DIR.resolve()
    except OSError:
        return False


def _variants():
    from openbid.systems.variants import VARIANTS

    return VARIANTS


def _load_variant(name: str):
    from openbid.systems.variants import load_variant

    return load_variant(name)


SYSTEM_GROUPS = ("opening", "opening claims", "tree", "tree claims", "node checks")
_GROUP_WORDS = {"opening": "the opening's checks", "opening claims": "the claims about the "
                "opening", "tree": "the tree census", "tree claims": "the claims about nodes",
                "node checks": "the Z3 node checks"}


def group_of(key: str) -> str | None:
    """The group of a system verdict's key (None: not a system verdict)."""
    if key.startswith(("system point ", "system overlap ")):
        return "opening"
    if key.startswith("system claim "):
        return "opening claims"
    if key.startswith("system node "):
        return "node checks"
    if key.startswith("tree claim "):
        return "tree claims"
    if key.startswith("tree "):
        return "tree"
    return None


def compare_expected(run: ProofRun, path: Path) -> tuple[list[tuple[str, str | None, str | None]], bool]:
    """(changes, found): each change is (item, expected, got); ``found`` False if the file does
    not exist or records nothing of the parts that ran. Only the parts that ran are compared,
    and of those only the ones the file records: a part it has no verdict of (``prove system``
    on a variant whose expectation holds the paper's parts) is not recorded, not changed. A
    system's verdicts: see :func:`compare_system`."""
    changes, found, _ = compare_all(run, path)
    return changes, found


def compare_all(run: ProofRun, path: Path) -> tuple[list, bool, list[str]]:
    """:func:`compare_expected`, and what was not compared and why (one sentence each)."""
    if not path.exists():
        return [], False, []
    data = read_expected(path)
    recorded: dict[str, str] = data["outcomes"]
    got = outcomes(run)
    changes = []
    found = False
    skipped: list[str] = []
    for part in run.parts:
        if part == "system":
            ch, f, sk = compare_system(run, recorded, data.get("scopes") or {}, got)
            changes += ch
            found = found or f
            skipped += sk
            continue
        prefix = _prefix(part)
        keys = {k for k in recorded if k.startswith(prefix)}
        if not keys:
            continue
        found = True
        for key in keys | {k for k in got if k.startswith(prefix)}:
            if recorded.get(key) != got.get(key):
                changes.append((key, recorded.get(key), got.get(key)))
    return sorted(set(changes)), found, skipped


def compare_system(run: ProofRun, recorded: dict[str, str], scopes: dict[str, str],
                   got: dict[str, str]) -> tuple[list, bool, list[str]]:
    """A system's verdicts by group (:data:`SYSTEM_GROUPS`): a group is compared only when this
    run computed it and the file records it over the same scope (a file written before scopes
    were recorded: the whole system's, and any claims file); the claims of a ``--claim`` run
    only those that ran."""
    from openbid.checks.system_run import DEFAULT_SCOPES, WHOLE_OPENING, WHOLE_TREE

    changes: list = []
    found = False
    skipped: list[str] = []
    mine: dict[str, str] = dict(getattr(run, "scopes", {}) or {})
    subset = bool(getattr(run, "claims_selected", ()))
    for group in SYSTEM_GROUPS:
        rec = {k for k in recorded if group_of(k) == group}
        new = {k for k in got if group_of(k) == group}
        if not rec:
            continue
        words = _GROUP_WORDS[group]
        if group not in mine:
            if new or group == "node checks":
                skipped.append(f"{words}: recorded, not computed by this run's checks")
            continue
        theirs = scopes.get(group, DEFAULT_SCOPES.get(group))
        if theirs is None:  # claims recorded before scopes: of any file, over the whole system
            whole = WHOLE_OPENING if group == "opening claims" else WHOLE_TREE
            theirs = mine[group] if mine[group].endswith(f"({whole})") else \
                f"claims of any file ({whole})"
        if theirs != mine[group]:
            skipped.append(f"{words}: recorded over another scope ({theirs}; this run: "
                           f"{mine[group]})")
            continue
        found = True
        keys = new if subset and group.endswith("claims") else rec | new
        for key in keys:
            if recorded.get(key) != got.get(key):
                changes.append((key, recorded.get(key), got.get(key)))
    return changes, found, skipped


def _prefix(part: str) -> tuple[str, ...]:
    return {"lemmas": ("lemma ", "appendix3 ", "appendix6 "), "part-one": ("part-one ",),
            "part-two": ("part-two ",), "structure": ("structure",),
            "synopsis": ("synopsis",), "census": ("census ",),
            "soundness": ("soundness",), "evaluators": ("seed-000 ", "seed-002 ", "variant "),
            "binky": ("seed-003 ",), "system": ("system ", "tree ")}[part]


def degraded(run: ProofRun) -> list[str]:
    """The items of a run that may not be recorded: every UNKNOWN (a budget too small, an
    interrupted solver). An expectation records what is true of the rules, not of the run."""
    return [k for k, v in outcomes(run).items()
            if v.startswith("unknown") or v.endswith(" unknown")]  # "system point L": unknown too


def write_expected(run: ProofRun, path: Path, rules: Rules | None = None) -> None:
    """Record this run's verdicts as the expectation (merging with parts that did not run), in
    one atomic step (a temporary file renamed over the old); nothing is written when the run
    has an UNKNOWN."""

    bad = degraded(run)
    if bad:
        raise OpenbidError(f"not recording: {len(bad)} verdict(s) UNKNOWN (e.g. {bad[0]}); an "
                           f"expectation records decided verdicts only, {path} is unchanged")
    if getattr(run, "claims_selected", ()):
        raise OpenbidError(f"not recording: --claim checks some of the claims; record a run of "
                           f"every claim (drop --claim), {path} is unchanged")
    data: dict = {"variant": run.variant}
    if rules is not None:
        data["source"] = source_of(rules, path)
    data.update(digest=run.digest, outcomes={})
    old: dict = {}
    if path.exists():
        old = read_expected(path)
    scopes: dict = {}
    if old.get("digest") == run.digest:
        data["outcomes"] = dict(old["outcomes"])
        scopes = dict(old.get("scopes") or {})
    ran = tuple(px for p in run.parts if p != "system" for px in _prefix(p))
    mine = dict(getattr(run, "scopes", {}) or {}) if "system" in run.parts else {}
    # a system run replaces the groups it computed, and what earlier versions recorded with
    # checks it no longer runs (the Z3 node checks' verdicts)
    gone = set(mine) | ({"node checks"} if "system" in run.parts else set())
    data["outcomes"] = {k: v for k, v in data["outcomes"].items()
                        if not k.startswith(ran) and group_of(k) not in gone}
    data["outcomes"].update(outcomes(run))
    data["outcomes"] = dict(sorted(data["outcomes"].items()))
    scopes.update(mine)
    scopes = {g: v for g, v in scopes.items()
              if any(group_of(k) == g for k in data["outcomes"])}
    if scopes:
        data["scopes"] = dict(sorted(scopes.items()))
    from openbid.base.files import write_atomic

    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
