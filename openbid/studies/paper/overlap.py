"""Part One re-derived: for every pair of bid points (N, M) with M before N, can a hand meet the
conditions of both? Two deciders: the exhaustive census counts the hands exactly and gives, for
every pair some hand meets, its first class (a witness, re-checked by the executable); Z3 proves
the pairs no hand meets (unsat). Where both answer they must agree; where Z3 runs out of budget
the census decides. The paper's verdict, where it gives one, is compared. Returns
records; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from openbid.systems.evaluate import holds
from openbid.expr import parse
from openbid.expr.ast import Expr
from openbid.systems.rules.meets import meets_expr
from openbid.systems.rules.model import Rules
from openbid.studies.paper.part_one_data import PART_ONE, PaperEntry
from openbid.checks.search import Disagreement
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.verdicts import DEFAULT_RLIMIT, Check, Status, Verdict, check, new_solver

COMPARISONS = ("agrees", "paper-wrong", "overcautious", "not-in-paper")
_ALLOWS_OVERLAP = {"preferable", "same", "satisfactory", "acceptable"}


@dataclass
class PairResult:
    n: str
    m: str
    paper: str | None  # the paper's kind for this pair, or None
    entry: str | None  # PaperEntry.id
    verdict: Verdict  # of "no hand meets both": HELD (disjoint), FAILED (overlap), UNKNOWN
    comparison: str  # one of COMPARISONS (or "unknown")
    witness: str | None = None
    witness_outcome: str | None = None  # what OPENBID actually bids with the witness
    count: int | None = None  # hands meeting both
    classes: int | None = None
    reason: str = ""  # the paper's reason, verbatim
    conceded: bool = False  # the paper's reason itself concedes hands meeting both
    outside_concession: str | None = None  # a hand meeting both outside what the paper concedes
    note: str = ""

    @property
    def state(self) -> str:
        """disjoint / overlap / unknown."""
        return _STATE[self.verdict]


_STATE = {Verdict.HELD: "disjoint", Verdict.FAILED: "overlap", Verdict.UNKNOWN: "unknown"}


@dataclass
class PartOne:
    pairs: list[PairResult] = field(default_factory=list)
    labels: tuple[str, ...] = ()
    meets_counts: dict[str, int] = field(default_factory=dict)

    def summary(self) -> dict[str, int]:
        out = {c: 0 for c in COMPARISONS}
        out["unknown"] = 0
        for p in self.pairs:
            out[p.comparison] = out.get(p.comparison, 0) + 1
        out["total"] = len(self.pairs)
        return out


def paper_index() -> dict[tuple[str, str], PaperEntry]:
    idx: dict[tuple[str, str], PaperEntry] = {}
    for e in PART_ONE:
        for n in e.n_points:
            for m in e.m_points:
                idx.setdefault((n, m), e)
    return idx


def compare(kind: str | None, kinds: tuple[str, ...], verdict: str) -> str:
    if verdict == "unknown":
        return "unknown"
    if kind is None:
        return "not-in-paper"
    allows = kind in _ALLOWS_OVERLAP or (kind == "mixed" and any(k in _ALLOWS_OVERLAP for k in kinds))
    forbids = kind == "cannot" or (kind == "mixed" and "cannot" in kinds)
    if verdict == "overlap":
        return "agrees" if allows else "paper-wrong"
    return "agrees" if forbids else "overcautious"


def check_part_one(rules: Rules, counts: bool = True, rlimit: int = DEFAULT_RLIMIT,
                   progress=None, gram=None) -> PartOne:
    """``gram``: pairwise counts of the labels' meets(), if already computed; with neither it nor
    ``counts`` the pairs have Z3's verdicts only (:func:`attach_counts` adds the counts later)."""
    labels = rules.labels[:-1]
    if gram is None and counts:
        from openbid.readers.census.gram import gram as run_gram

        gram = run_gram(rules, [meets_expr(rules, lb) for lb in labels], progress)
    result = decide_pairs(rules, rlimit, gram)
    if gram is not None:
        attach_counts(result, gram)
    return result


def decide_pairs(rules: Rules, rlimit: int = DEFAULT_RLIMIT, gram=None,
                 given: Expr | None = None) -> PartOne:
    """Every pair decided, with a confirmed witness for each overlap (counts: :func:`attach_counts`).

    With ``gram`` (the census pass over the labels' conditions), a pair some hand meets takes its
    witness from the census and Z3 is asked only about the pairs no hand meets (it must prove
    them disjoint); without it, Z3 decides every pair. ``given``: a precondition conjoined to
    every query (Z3 alone: not with ``gram``, whose counts are over every hand)."""
    if given is not None and gram is not None:
        raise ValueError("a precondition is decided by Z3 alone (no census gram)")
    labels = rules.labels[:-1]
    sym = SymbolicHand(rules, exprs=[given] if given is not None else [])
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    if given is not None:
        solver.add(sym.cond(given))
    lit, term = {}, {}
    for lb in labels:
        lit[lb] = z3.Bool(f"meets_{lb}")
        term[lb] = sym.meets(lb)
        solver.add(lit[lb] == term[lb])
    idx = paper_index()
    result = PartOne(labels=labels)
    from openbid.systems.procedure import program_for

    program = program_for(rules)
    # Every model the solver finds is a hand; Z3 evaluates there which bid points' conditions
    # it meets, and a later pair that hand meets both of is answered by it without a query.
    # (Asking "meets N and one of these M" at once proves disjoint pairs in fewer queries, but
    # each is so much harder that the whole takes longer.)
    found: list[tuple[z3.ModelRef, frozenset[str]]] = []
    for j, n in enumerate(labels):
        for m in labels[:j]:
            census_hand = gram.witness(j, labels.index(m)) if gram is not None else None
            if gram is not None:
                r = check(solver, lit[n], lit[m]) if census_hand is None else Check(Status.SAT)
                if r.status is Status.SAT and census_hand is None:
                    raise Disagreement(f"{n}/{m}: Z3 finds a hand meeting both, the census none")
                if r.status is Status.UNKNOWN:  # the census decides: no hand meets both
                    r = Check(Status.UNSAT, reason=f"census (Z3: {r.reason})")
            else:
                model = next((mod for mod, met in found if n in met and m in met), None)
                if model is not None:
                    r = Check(Status.SAT, model)
                else:
                    r = check(solver, lit[n], lit[m])
                    if r.status is Status.SAT:
                        sat_model = r.model
                        assert sat_model is not None  # check() returns SAT with its model
                        found.append((sat_model, frozenset(
                            lb for lb in labels
                            if z3.is_true(sat_model.eval(term[lb], model_completion=True)))))
            entry = idx.get((n, m))
            kind = entry.kind if entry else None
            verdict = {Status.SAT: Verdict.FAILED, Status.UNSAT: Verdict.HELD}.get(
                r.status, Verdict.UNKNOWN)
            pr = PairResult(n, m, kind, entry.id if entry else None, verdict,
                            compare(kind, entry.kinds if entry else (), _STATE[verdict]),
                            reason=entry.reason if entry else "", note=entry.note if entry else "")
            if r.status is Status.UNKNOWN or r.reason:
                pr.note = (pr.note + f" solver: {r.reason}").strip()
            if r.status is Status.SAT:
                hand = census_hand if census_hand is not None else sym.witness(r.model)
                both = parse(f'meets("{n}") and meets("{m}")')
                if not holds(both, hand, rules) or (given is not None
                                                    and not holds(given, hand, rules)):
                    raise Disagreement(f"witness {hand.to_pbn()} for {n}/{m} not confirmed")
                o = program.bid_hand(hand)
                pr.witness, pr.witness_outcome = hand.to_pbn(), f"{o.bid}@{o.section}"
            if entry is not None and (entry.concessions or entry.exceptions) and verdict is Verdict.FAILED:
                pr.conceded = True
                if entry.exceptions:
                    pr.outside_concession = _outside(solver, sym, lit[n], lit[m], entry.exceptions)
            result.pairs.append(pr)
    return result


def attach_counts(result: PartOne, gram) -> None:
    """The census's exact counts for every pair, cross-checked against Z3's verdict: an overlap
    must count hands, a disjoint pair none (the two engines are independent readers)."""
    index = {lb: i for i, lb in enumerate(result.labels)}
    result.meets_counts = {lb: gram.weights[i][i] for lb, i in index.items()}
    for pr in result.pairs:
        a, b = sorted((index[pr.n], index[pr.m]))
        pr.count, pr.classes = gram.weights[a][b], gram.classes[a][b]
        if pr.verdict is not Verdict.UNKNOWN and (pr.count > 0) != (pr.verdict is Verdict.FAILED):
            raise AssertionError(f"Z3 says {pr.state} for {pr.n}/{pr.m} but the census counts "
                                 f"{pr.count} hands: the two engines disagree")


def _outside(solver, sym: SymbolicHand, ln, lm, exceptions: str) -> str | None:
    """A hand meeting both N and M outside the region the paper concedes, or None if none."""
    r = check(solver, ln, lm, z3.Not(sym.cond(parse(exceptions))))
    if r.status is Status.SAT:
        return sym.witness(r.model).to_pbn()
    return None
