"""System checks that work on any rule file: Part One's machinery, not tied
to OPENBID's labels.

* bid points: reachable, or dead (proved with Z3) and why: impossible, shadowed (the earlier
  points that take its hands named, with exact counts), unreachable (openbid.checks.system_points);
* the overlap matrix: every pair of bid points whose own conditions both hold on some hand, with
  the exact count (census) and a witness hand the executor re-runs (which of the two wins);
* claims (a claims file the user writes, openbid.systems.claims): Z3's verdict, the exact
  number of hands meeting the premise and of the gap (premise and not conclusion), a witness;
* bid frequencies per context of the deal (seat, vulnerability): the exact census.

The facts of the deal the rules and claims read and the caller did not fix range over all their
values: the census runs once per context (counts summed over contexts count hand-context pairs),
Z3 reads them as variables. Z3 and the census are independent readers and must agree. Returns
one :class:`SystemChecks` (data); never prints.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Callable

from openbid.systems.evaluate import holds
from openbid.expr.ast import Expr, Not, conj
from openbid.systems.procedure import program_for
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.systems.claims import SystemClaim
from openbid.readers.census.system_pass import SystemCounts, combine, system_chunks, system_spec
from openbid.readers.census.passes import plan
from openbid.checks.search import Disagreement
from openbid.checks.system_claims import ClaimAnswer
from openbid.checks.system_points import PointCheck
from openbid.checks.verdicts import DEFAULT_RLIMIT, Verdict

Context = tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class Overlap:
    """Bid points ``n`` and ``m`` (``m`` first) whose own conditions both hold on ``hands``
    hands (summed over the contexts); the witness and what the executor bids with it."""

    n: str
    m: str
    hands: int
    witness: str
    context: Context
    outcome: str


@dataclass(frozen=True)
class ClaimCheck:
    claim: SystemClaim
    verdict: Verdict
    premise_hands: int  # hands (per context, summed) meeting the premise
    gap_hands: int  # ... and not the conclusion
    witness: str | None = None
    context: Context = ()
    outcome: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Frequency:
    """The exact census in one context: (bid, bid point, hands) in label order."""

    context: Context
    rows: tuple[tuple[str, str, int], ...]
    examples: tuple[str, ...] = ()  # per row: a hand the census found (PBN)


@dataclass
class SystemChecks:
    title: str
    facts: tuple[str, ...]  # the facts of the deal ranged over (the rest fixed or not read)
    fixed: Context
    contexts: tuple[Context, ...]
    points: list[PointCheck] = field(default_factory=list)
    meets: dict[str, int] = field(default_factory=dict)  # hands meeting each point's condition
    bids: dict[str, int] = field(default_factory=dict)  # hands bid at each point
    taken: dict[str, dict[str, int]] = field(default_factory=dict)  # L -> {bid at: hands}
    overlaps: list[Overlap] = field(default_factory=list)
    pairs: int = 0  # pairs of bid points examined
    claims: list[ClaimCheck] = field(default_factory=list)
    claims_file: str = ""
    frequencies: list[Frequency] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    given: Expr | None = None  # the precondition: every check ranges over the hands meeting it
    selected: int = 0  # hands (per context, summed) meeting the precondition (all: no precondition)

    @property
    def dead(self) -> list[PointCheck]:
        return [p for p in self.points if p.state in ("shadowed", "impossible", "unreachable")]

    def verdicts(self) -> dict[str, str]:
        """Every checked item -> its verdict, with stable keys (the regression contract)."""
        out = {f"system point {p.label}": p.state for p in self.points}
        out.update({f"system overlap {o.n}/{o.m}": str(o.hands) for o in self.overlaps})
        out.update({f"system claim {c.claim.id}": c.verdict.value for c in self.claims})
        return out


def facts_read(rules: Rules, exprs: list[Expr]) -> tuple[str, ...]:
    """The facts of the deal (SEAT, VUL, THEYVUL) the rules or ``exprs`` read, in registry order."""
    from openbid.systems.descriptors import definitions
    from openbid.readers.uses import uses

    read = uses(definitions(rules.readings, rules.definitions), exprs, rules, outcome=True).contexts
    return tuple(n for n in ("SEAT", "VUL", "THEYVUL") if n in read) + tuple(
        sorted(read - {"SEAT", "VUL", "THEYVUL"}))


def contexts_of(rules: Rules, facts: tuple[str, ...], fixed: dict) -> tuple[Context, ...]:
    """Every assignment of the facts not fixed (the fixed ones included in each)."""
    from openbid.systems.descriptors import definitions

    defs = definitions(rules.readings, rules.definitions)
    free = [n for n in facts if n not in fixed]
    values = [defs.entry(n, 0).values for n in free]  # type: ignore[union-attr]
    out = []
    for combo in itertools.product(*values):
        out.append(tuple(sorted({**fixed, **dict(zip(free, combo))}.items())))
    return tuple(out)


@dataclass(frozen=True)
class _Z3Arg:
    rules: Rules
    claims: tuple[SystemClaim, ...]
    fixed: Context
    facts: tuple[str, ...]
    rlimit: int
    given: Expr | None = None


def _z3_work(arg: _Z3Arg) -> tuple[list[PointCheck], list[ClaimAnswer]]:
    from openbid.checks.system_claims import decide_claims
    from openbid.checks.system_points import check_points

    fixed = dict(arg.fixed)
    return (check_points(arg.rules, fixed, arg.facts, arg.rlimit, arg.given),
            decide_claims(arg.rules, arg.claims, fixed, arg.facts, arg.rlimit, arg.given))


def check_system(rules: Rules, claims: tuple[SystemClaim, ...] = (), fixed: dict | None = None,
                 rlimit: int = DEFAULT_RLIMIT, claims_file: str = "",
                 progress: Callable[[str], None] | None = None,
                 given: Expr | None = None) -> SystemChecks:
    """Every system check of ``rules`` (and ``claims``), in one process pool: the Z3 task and
    one census pass per context of the deal. ``given``: a precondition; every check then ranges
    over exactly the hands (and facts of the deal) meeting it: Z3 conjoins it to every query,
    the census counts only the classes meeting it. A claim whose premise no such hand meets is
    VACUOUS; a precondition that no hand meets is an error (:class:`OpenbidError`)."""
    job = SystemJob(rules, claims, fixed, rlimit, claims_file, given)
    (out,) = run_jobs([job], progress)
    return out


class SystemJob:
    """The system checks of one rules table as tasks (a Z3 task, census chunks) and the
    assembly of their results: many jobs share one process pool (:func:`run_jobs`)."""

    def __init__(self, rules: Rules, claims: tuple[SystemClaim, ...] = (),
                 fixed: dict | None = None, rlimit: int = DEFAULT_RLIMIT, claims_file: str = "",
                 given: Expr | None = None, solver: bool = True) -> None:
        """``solver``: False for the census's counts alone (no Z3 verdicts on the points, no
        claims: what a comparison of two systems needs)."""
        from openbid.base.workers import Task

        fixed = dict(fixed or {})
        self.rules, self.claims, self.given = rules, claims, given
        self.labels = list(rules.labels[:-1])
        paired = [meets_expr(rules, lb) for lb in self.labels]
        single = [e for c in claims for e in (c.premise, conj(c.premise, Not(c.conclusion)))]
        facts = facts_read(rules, paired + single + ([given] if given is not None else []))
        contexts = contexts_of(rules, facts, fixed)
        self.out = SystemChecks(rules.title, tuple(n for n in facts if n not in fixed),
                                tuple(sorted(fixed.items())), contexts, claims_file=claims_file,
                                given=given)
        self.args = [system_spec(rules, paired, single, ctx, given) for ctx in contexts]
        self.z3_task = Task(_z3_work, _Z3Arg(rules, claims, tuple(sorted(fixed.items())), facts,
                                             rlimit, given), name="system-z3", z3=True)
        self.solver = solver
        if not solver and claims:
            raise ValueError("claims need the solver")
        # one task per chunk, reading it in every context (the contexts share one plan)
        self.tasks = [self.z3_task] + [Task(system_chunks, tuple(self.args), index=i)
                                       for i in range(len(plan(self.args[0].spec)))]
        if not solver:
            self.tasks = self.tasks[1:]

    def share(self):
        """The census passes as the tree census counts them from its own readings of the
        opening (openbid.readers.census.system_pass.SystemShare), or None when it cannot (a
        precondition, or a fact of the deal other than the seat and vulnerability)."""
        from openbid.readers.census.system_pass import SystemShare, shareable

        return SystemShare(tuple(self.args)) if shareable(tuple(self.args)) else None

    def finish(self, results: dict, counts: list[SystemCounts] | None = None) -> SystemChecks:
        """The checks from ``results`` (task -> Result, every task of this job in it; with
        ``counts``, the census's counts per context as the tree census gave them: the Z3 task
        alone)."""
        out, given = self.out, self.given
        points, answers = [], []
        if self.solver:
            z3r = results[self.z3_task]
            points, answers = z3r.value
            out.seconds["z3"] = z3r.seconds
        if counts is None:
            chunks = [results[t].value for t in self.tasks if t.index is not None]
            counts = [combine(a, [c[j] for c in chunks]) for j, a in enumerate(self.args)]
        out.selected = sum(c.selected for c in counts)
        if given is not None and not out.selected:
            from openbid.base.errors import OpenbidError
            from openbid.expr import unparse

            raise OpenbidError(f"the precondition {unparse(given)!r} selects no hand: there is "
                               "nothing to check")
        out.points = points
        _attach(out, self.rules, self.labels, counts)
        out.claims = [_claim(self.rules, c, a, counts, i, given)
                      for i, (c, a) in enumerate(zip(self.claims, answers))]
        return out


def run_jobs(jobs: list[SystemJob],
             progress: Callable[[str], None] | None = None) -> list[SystemChecks]:
    """Every job's tasks in one process pool (a task two jobs share runs once); the checks of
    each job, in order."""
    results, wall = run_tasks([t for j in jobs for t in j.tasks], progress)
    out = []
    for j in jobs:
        j.out.seconds["wall"] = wall
        out.append(j.finish(results))
    return out


def run_tasks(tasks: list, progress: Callable[[str], None] | None = None) -> tuple[dict, float]:
    """Tasks in one process pool (each distinct task once): task -> Result, and the wall
    seconds."""
    from openbid.base.workers import Pool

    unique = list(dict.fromkeys(tasks))
    results = {}
    t0 = time.monotonic()
    with Pool() as pool:
        for r in pool.results(unique):
            results[r.task] = r
            if progress:
                progress("system")
    return results, round(time.monotonic() - t0, 2)


def _attach(out: SystemChecks, rules: Rules, labels: list[str], counts: list[SystemCounts]) -> None:
    """The census's counts: meets, bids, takers, the overlap matrix, the frequencies; each
    cross-checked against Z3's verdict on the points."""
    index = {lb: i for i, lb in enumerate(rules.labels)}
    k = len(labels)
    for i, lb in enumerate(labels):
        out.meets[lb] = sum(c.pairs[i][i] for c in counts)
        out.bids[lb] = sum(h for c in counts for (_, sec), (h, _) in c.outcomes.items()
                           if sec == index[lb])
        taken = {rules.labels[j]: sum(c.taken[i][j] for c in counts)
                 for j in range(len(rules.labels))}
        out.taken[lb] = {t: h for t, h in taken.items() if h}
    for p in out.points:
        census_dead = out.bids[p.label] == 0
        if p.state != "unknown" and census_dead != (p.state != "reachable"):
            raise Disagreement(f"bid point {p.label}: Z3 says {p.state}, the census counts "
                               f"{out.bids[p.label]} hands bid there")
        if p.state == "impossible" and out.meets[p.label]:
            raise Disagreement(f"bid point {p.label}: Z3 finds its condition impossible, the "
                               f"census counts {out.meets[p.label]} hands meeting it")
    program = program_for(rules)
    for j in range(k):
        for i in range(j):
            hands = sum(c.pairs[i][j] for c in counts)
            out.pairs += 1
            if not hands:
                continue
            c = next(c for c in counts if c.pairs[i][j])
            hand = c.pair_examples[(i, j)]
            both = conj(meets_expr(rules, labels[i]), meets_expr(rules, labels[j]))
            if not holds(both, hand, rules, c.context) or not _meets_given(out, hand, rules,
                                                                           c.context):
                raise Disagreement(f"census witness {hand.to_pbn()} of {labels[j]}/{labels[i]} "
                                   "not confirmed by the executor")
            got = program.bid_hand(hand, c.context)
            out.overlaps.append(Overlap(labels[j], labels[i], hands, hand.to_pbn(), c.context,
                                        str(got)))
    for c in counts:
        rows = sorted(((bv, sec), h) for (bv, sec), (h, _) in c.outcomes.items())
        rows.sort(key=lambda r: r[0][1])
        from openbid.bridge.bids import bid_text

        out.frequencies.append(Frequency(c.context, tuple(
            (bid_text(bv), rules.labels[sec], h) for (bv, sec), h in rows),
            tuple(c.outcomes[key][1].to_pbn() for key, _ in rows)))


def _given(given: Expr | None) -> tuple[Expr, ...]:
    return () if given is None else (given,)


def _meets_given(out: SystemChecks, hand, rules: Rules, context: Context) -> bool:
    return out.given is None or holds(out.given, hand, rules, context)


def _claim(rules: Rules, claim: SystemClaim, answer: ClaimAnswer, counts: list[SystemCounts],
           i: int, given: Expr | None = None) -> ClaimCheck:
    """Z3's answer with the census's exact counts; the census decides where Z3 could not, and
    each must agree with the other where both answer."""
    premise = sum(c.single[2 * i] for c in counts)
    gap = sum(c.single[2 * i + 1] for c in counts)
    census = Verdict.VACUOUS if not premise else (Verdict.FAILED if gap else Verdict.HELD)
    verdict, reason = answer.verdict, answer.reason
    if verdict is Verdict.UNKNOWN:
        verdict, reason = census, f"census (Z3: {answer.reason})"
    elif verdict is not census:
        raise Disagreement(f"claim {claim.id}: Z3 says {verdict}, the census counts {premise} "
                           f"hands meeting the premise, {gap} not the conclusion")
    check = ClaimCheck(claim, verdict, premise, gap, answer.witness, answer.context,
                       answer.outcome, reason)
    if verdict is Verdict.FAILED and check.witness is None:  # decided by the census: its hand
        c = next(c for c in counts if c.single[2 * i + 1])
        hand = c.single_examples[2 * i + 1]
        if not holds(conj(claim.premise, Not(claim.conclusion), *_given(given)), hand, rules,
                     c.context):
            raise Disagreement(f"claim {claim.id}: the census's hand {hand.to_pbn()} is not "
                               "confirmed by the executor")
        got = program_for(rules).bid_hand(hand, c.context)
        check = ClaimCheck(claim, verdict, premise, gap, hand.to_pbn(), c.context, str(got),
                           reason)
    return check
