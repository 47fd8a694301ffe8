"""``openbid prove``: everything the paper claims, re-derived in one command (issue 8).

:func:`prove_all` runs the parts side by side in one process pool (each part a task that starts
in a fresh Z3 context, beside the census chunks) and returns one :class:`ProofRun` (data only). :func:`outcomes`
flattens it to ``{item: verdict}`` for the regression contract: the recorded expectation lives in
``openbid/proofs/expected/<variant>.json``; a run equal to it exits 0, a changed verdict 1, an error or an
UNKNOWN 2. Regenerating the expectation is the explicit ``--update-expected``.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Callable

from openbid.model.rules.model import Rules
from openbid.model.rules.text import dumps
from openbid.readers.workers import Pool, Task
from openbid.verify.verdicts import DEFAULT_RLIMIT

PARTS = ("lemmas", "part-one", "part-two", "structure", "synopsis", "census", "soundness")


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
              rlimit: int = DEFAULT_RLIMIT,
              progress: Callable[[str], None] | None = None, breakdown: bool = False) -> ProofRun:
    """Every part asked for, as tasks of one process pool (openbid.readers.workers.Pool) with the
    census chunks, at most ``OPENBID_JOBS`` (default: one per core) at a time.

    Each part's Z3 work starts in a fresh context, so its witness hands are a function of the
    rules alone: the same on every run, and whichever other parts ran."""
    from openbid.readers.census.gram import combine, gram_chunk_task, gram_spec

    run = ProofRun(rules.name, rules_digest(rules), parts)
    tasks = [Task(run_part, PartArg(name, rules, propositions, rlimit), name=name, z3=True)
             for name in ORDER if name in parts]
    spec = None
    if "census" in parts or "part-one" in parts:
        spec = gram_spec(rules, outcomes="census" in parts)
        tasks.extend(gram_chunk_task(spec))
    chunks: list = []
    t0 = time.monotonic()
    with Pool() as pool:
        for r in pool.results(tasks):
            if r.task.index is not None:
                chunks.append(r.value)
                continue
            run.seconds[r.task.name] = r.seconds
            if progress:
                progress(r.task.name)
            if r.task.name == "synopsis":  # (code vs synopsis, code vs these rules or None)
                run.synopsis, run.versus_code = r.value
            else:
                setattr(run, _ATTRIBUTE[r.task.name], r.value)
    if spec is not None:
        gram, outcomes = combine(chunks, spec)
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
ORDER = ("part-two", "lemmas", "part-one", "structure", "synopsis", "soundness")  # longest first


@dataclass(frozen=True)
class PartArg:
    """What a proof part needs (a task's argument: picklable)."""

    name: str
    rules: Rules
    propositions: tuple[int, ...] | None
    rlimit: int


def run_part(arg: PartArg) -> object:
    """One part of the proof, in a worker (openbid.readers.workers.run_task)."""
    rules, rlimit = arg.rules, arg.rlimit
    if arg.name == "lemmas":
        from openbid.verify.lemmas import check_lemmas

        return check_lemmas(rules, rlimit)
    if arg.name == "part-one":
        from openbid.verify.overlap import decide_pairs

        return decide_pairs(rules, rlimit)  # the census's counts are attached afterwards
    if arg.name == "part-two":
        from openbid.verify.cases import check_part_two

        return check_part_two(rules, arg.propositions, rlimit)
    if arg.name == "structure":
        from openbid.verify.reachability import check_graph

        return check_graph(rules, rlimit)
    if arg.name == "soundness":
        from openbid.verify.soundness import check_spot_independence

        return check_spot_independence(rules)
    if arg.name == "synopsis":
        from openbid.model.variants import load_variant
        from openbid.verify.diff import diff

        code = load_variant("code")
        versus = diff(code, rules, count=False, rlimit=rlimit) if rules.name != "code" else None
        return diff(code, load_variant("synopsis"), count=False, rlimit=rlimit), versus
    raise ValueError(f"no part {arg.name!r}")


def _census_rows(rules: Rules, run: ProofRun, outcomes) -> None:
    rows = []
    for (bidval, sec), (w, c, hand) in sorted(outcomes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        rows.append((bidval, rules.labels[sec], w, c, hand.to_pbn()))
    run.census = rows
