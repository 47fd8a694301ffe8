"""``openbid prove``: everything the paper claims, re-derived in one command.

:func:`prove_all` runs the parts side by side in one process pool (each part a task that starts
in a fresh Z3 context, beside the census chunks) and returns one :class:`ProofRun` (data only). :func:`outcomes`
flattens it to ``{item: verdict}`` for the regression contract: the recorded expectation lives in
``openbid/systems/data/expected/<variant>.json``; a run equal to it exits 0, a changed verdict 1, an error or an
UNKNOWN 2. Regenerating the expectation is the explicit ``--update-expected``.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from openbid.systems.rules.model import Rules
from openbid.systems.rules.text import dumps
from openbid.base.workers import Pool, Task
from openbid.checks.system_run import SystemArgs
from openbid.checks.verdicts import DEFAULT_RLIMIT

__all__ = ["SystemArgs", "ProofRun", "prove_all"]

if TYPE_CHECKING:  # the parts' results (each part's module is imported when it runs)
    from openbid.studies.binky.proofs import BinkyChecks
    from openbid.studies.paper.cases import PartTwo
    from openbid.checks.diff import Diff
    from openbid.studies.evaluators.checks import EvaluatorChecks
    from openbid.studies.paper.lemmas import Lemmas
    from openbid.studies.paper.overlap import PartOne
    from openbid.studies.paper.reachability import GraphCheck
    from openbid.studies.paper.soundness import Soundness
    from openbid.checks.system import SystemChecks

PAPER_PARTS = ("lemmas", "part-one", "part-two", "structure", "synopsis", "census", "soundness")
SEED_PARTS = ("evaluators", "binky")  # seeds 000 and 002 (K&R, the point scales); seed 003
PARTS = PAPER_PARTS + SEED_PARTS
# The system checks (any rule file; openbid.checks.system) are asked for by name or
# are the default of a rule file that is not OPENBID: never part of ``all``, so the paper's
# expectations and report are those of the paper's parts and the seeds'.
SYSTEM_PARTS = ("system",)
OPENBID_FILES = ("code.rules", "synopsis.rules")  # the variants the paper's parts apply to


def is_openbid(rules: Rules) -> bool:
    """Whether ``rules`` are OPENBID (a variant read from the paper's rule files, or a rule file
    whose name line names one): the paper's parts apply to them only."""
    from openbid.systems.variants import VARIANTS

    return rules.name in VARIANTS and VARIANTS[rules.name][0] in OPENBID_FILES


@dataclass
class ProofRun:
    variant: str
    digest: str  # of the rules text: the same rules give the same digest
    parts: tuple[str, ...]
    source: str = ""  # the rule file that ran ("" for a named variant)
    lemmas: Lemmas | None = None
    part_one: PartOne | None = None
    part_two: PartTwo | None = None
    structure: GraphCheck | None = None
    synopsis: Diff | None = None  # code vs synopsis
    versus_code: Diff | None = None  # code vs this variant, if not code
    census: list = field(default_factory=list)  # [(bidval, section, count, classes, example)]
    soundness: Soundness | None = None
    evaluators: EvaluatorChecks | None = None
    binky: BinkyChecks | None = None
    system: SystemChecks | None = None
    tree: Any = None  # openbid.checks.nodes.Tree: the Z3 node checks (the cross-check)
    census_tree: Any = None  # openbid.checks.tree.TreeCheck: every node by the tree census
    findings: list = field(default_factory=list)  # openbid.checks.findings.Finding: the system's
    scopes: dict[str, str] = field(default_factory=dict)  # check group -> what it checked
    claims_selected: tuple[str, ...] = ()  # --claim: the claims that ran (a subset)
    cross_check: dict | None = None  # the cross-check's figures (findings compared, seconds)
    groups: list | None = None  # the findings at the table (openbid.checks.table_findings)
    breakdown: dict | None = None  # Part Two leaf path -> {"BID@SECTION": hands}, if asked
    seconds: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds per part (and the census)

    @property
    def system_only(self) -> bool:
        """Only the system checks ran (a rule file that is not OPENBID): not the paper's."""
        return tuple(self.parts) == ("system",)


def rules_digest(rules: Rules) -> str:
    return hashlib.sha256(dumps(rules).encode()).hexdigest()[:16]


def prove_all(rules: Rules, parts: tuple[str, ...] = PARTS, propositions=None,
              rlimit: int = DEFAULT_RLIMIT,
              progress: Callable[[str], None] | None = None, breakdown: bool = False,
              system: SystemArgs | None = None) -> ProofRun:
    """Every part asked for, as tasks of one process pool (openbid.base.workers.Pool) with the
    census chunks, at most ``OPENBID_JOBS`` (default: one per core) at a time. The census runs
    first: Part One takes its witnesses from it and asks Z3 only where no hand exists.

    Each part's Z3 work starts in a fresh context, so its witness hands are a function of the
    rules alone: the same on every run, and whichever other parts ran."""
    from concurrent.futures import FIRST_COMPLETED, wait

    from openbid.readers.census.gram import combine, gram_chunk_task, gram_spec

    run = ProofRun(rules.name, rules_digest(rules), parts, source=rules.source)
    if "system" in parts:  # its own pool (a census pass per context and a Z3 task)
        from openbid.checks.system_run import run_system

        t1 = time.monotonic()
        got = run_system(rules, system or SystemArgs(), rlimit, progress)
        run.system, run.census_tree, run.tree = got.system, got.census_tree, got.tree
        run.findings, run.scopes = got.findings, got.scopes
        run.claims_selected, run.cross_check = got.claims_selected, got.cross_check
        run.groups = got.groups
        run.seconds.update(got.seconds)
        run.seconds["system"] = round(time.monotonic() - t1, 2)
        parts = tuple(p for p in parts if p != "system")
    spec = None
    if "census" in parts or "part-one" in parts:
        spec = gram_spec(rules, outcomes="census" in parts)
    later = [name for name in ORDER if name in parts and name in _AFTER_CENSUS and spec is not None]
    first = [name for name in ORDER if name in parts and name not in later]
    chunks: list = []
    gram = outcomes = None
    t0 = time.monotonic()
    with Pool() as pool:
        pending = set()
        n_chunks = 0
        if spec is not None:
            for task in gram_chunk_task(spec):
                pending.add(pool.submit(task))
                n_chunks += 1
        for name in first:
            pending.add(pool.submit(_part_task(name, rules, propositions, rlimit)))
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                r = fut.result()
                if r.task.index is not None:
                    chunks.append(r.value)
                    run.cpu["census"] = round(run.cpu.get("census", 0) + r.cpu, 2)
                    if len(chunks) == n_chunks:
                        assert spec is not None
                        gram, outcomes = combine(chunks, spec)
                        run.seconds["census"] = round(time.monotonic() - t0, 2)
                        for name in later:
                            pending.add(pool.submit(_part_task(name, rules, propositions, rlimit,
                                                               gram)))
                    continue
                run.seconds[r.task.name] = r.seconds
                run.cpu[r.task.name] = r.cpu
                if progress:
                    progress(r.task.name)
                if r.task.name == "synopsis":  # (code vs synopsis, code vs these rules or None)
                    run.synopsis, run.versus_code = r.value
                else:
                    setattr(run, _ATTRIBUTE[r.task.name], r.value)
    if gram is not None:
        if run.part_one is not None:
            from openbid.studies.paper.overlap import attach_counts

            attach_counts(run.part_one, gram)
        if "census" in parts:
            _census_rows(rules, run, outcomes)
    if breakdown and "part-two" in parts:
        from openbid.studies.paper.breakdown import leaf_breakdown

        if progress:
            progress("breakdown")
        t1 = time.monotonic()
        run.breakdown = leaf_breakdown(rules, propositions)
        run.seconds["breakdown"] = round(time.monotonic() - t1, 2)
    return run


_AFTER_CENSUS = ("part-one",)  # parts that take their witnesses from the census


def _part_task(name: str, rules: Rules, propositions, rlimit: int, gram=None) -> Task:
    return Task(run_part, PartArg(name, rules, propositions, rlimit, gram), name=name, z3=True)


_ATTRIBUTE = {"lemmas": "lemmas", "part-one": "part_one", "part-two": "part_two",
              "structure": "structure", "soundness": "soundness", "evaluators": "evaluators",
              "binky": "binky"}
# Longest first (the order they start in).
ORDER = ("evaluators", "part-two", "lemmas", "part-one", "binky", "structure", "synopsis",
         "soundness")


@dataclass(frozen=True)
class PartArg:
    """What a proof part needs (a task's argument: picklable)."""

    name: str
    rules: Rules
    propositions: tuple[int, ...] | None
    rlimit: int
    gram: object = None  # the census pass (Part One's witnesses), when it ran first


def run_part(arg: PartArg) -> object:
    """One part of the proof, in a worker (openbid.base.workers.run_task)."""
    rules, rlimit = arg.rules, arg.rlimit
    if arg.name == "lemmas":
        from openbid.studies.paper.lemmas import check_lemmas

        return check_lemmas(rules, rlimit)
    if arg.name == "part-one":
        from openbid.studies.paper.overlap import decide_pairs

        return decide_pairs(rules, rlimit, arg.gram)  # the census's counts are attached afterwards
    if arg.name == "part-two":
        from openbid.studies.paper.cases import check_part_two

        return check_part_two(rules, arg.propositions, rlimit)
    if arg.name == "structure":
        from openbid.studies.paper.reachability import check_graph

        return check_graph(rules, rlimit)
    if arg.name == "evaluators":
        from openbid.studies.evaluators.checks import check_evaluators

        return check_evaluators(rules, rlimit)
    if arg.name == "binky":
        from openbid.studies.binky.proofs import check_binky

        return check_binky()
    if arg.name == "soundness":
        from openbid.studies.paper.soundness import check_spot_independence

        return check_spot_independence(rules)
    if arg.name == "synopsis":
        from openbid.systems.variants import VARIANTS, load_variant
        from openbid.checks.diff import diff

        code = load_variant("code")
        # a rule file against the variant it came from (its name line; else code)
        base = load_variant(rules.name) if rules.source and rules.name in VARIANTS else code
        versus = diff(base, rules, count=False, rlimit=rlimit) \
            if rules.source or rules.name != "code" else None
        return diff(code, load_variant("synopsis"), count=False, rlimit=rlimit), versus
    raise ValueError(f"no part {arg.name!r}")


def _census_rows(rules: Rules, run: ProofRun, outcomes) -> None:
    rows = []
    for (bidval, sec), (w, c, hand) in sorted(outcomes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        rows.append((bidval, rules.labels[sec], w, c, hand.to_pbn()))
    run.census = rows
