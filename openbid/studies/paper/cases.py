"""Part Two checked node by node: every inference, every bid and Pass leaf, every split's
exhaustiveness, every example hand. Returns records; never prints.

One incremental Z3 solver holds the hand model; each node's assumption gets an indicator literal,
so a path is a list of assumptions to ``check``. A claim "path => C" is VACUOUS when the path is
unsatisfiable, HELD when path and not C is, FAILED with a witness hand otherwise (re-checked by the
executable procedure), UNKNOWN when the solver gives up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from openbid.base.errors import HandError
from openbid.systems.evaluate import holds
from openbid.expr import parse
from openbid.expr.ast import Expr, disj
from openbid.bridge.hand import Hand
from openbid.systems.rules.model import Rules
from openbid.studies.paper.part_two.tree import Node, load_propositions
from openbid.checks.claims import ClaimSolver
from openbid.checks.verdicts import DEFAULT_RLIMIT, Verdict

CHECK_KINDS = ("inference", "bid-leaf", "pass-leaf", "impossible", "exhaustive", "example")


@dataclass
class CaseCheck:
    proposition: int
    path: str
    check: str  # one of CHECK_KINDS
    verdict: Verdict
    claim: str  # what was checked, in the expression language or words
    quote: str = ""
    witness: str | None = None  # PBN of a hand that shows a failure
    witness_outcome: str | None = None  # BID@SECTION of the witness
    reason: str = ""
    lines: tuple[int, ...] = ()
    note: str = ""


@dataclass
class PartTwo:
    checks: list[CaseCheck] = field(default_factory=list)

    def summary(self) -> dict[str, int]:
        out = {v.value: 0 for v in Verdict}
        for c in self.checks:
            out[c.verdict.value] += 1
        out["total"] = len(self.checks)
        return out


class _Checker(ClaimSolver):
    pass


def _expr(text: str) -> Expr:
    return parse(text)


def _leaf_claim(node: Node) -> tuple[str, Expr, str]:
    out = node.outcome
    assert out is not None
    if out.kind == "pass":
        return "pass-leaf", parse('bid = "PASS"'), 'OPENBID passes (bid = "PASS")'
    section = out.section or ""
    return "bid-leaf", parse(f'meets("{section}")'), f'meets("{section}")'


def check_part_two(rules: Rules, propositions: Iterable[int] | None = None,
                   rlimit: int = DEFAULT_RLIMIT) -> PartTwo:
    chk = _Checker(rules, rlimit)
    result = PartTwo()
    wanted = set(propositions) if propositions is not None else None
    roots = [r for r in load_propositions() if wanted is None or _prop(r) in wanted]
    for root in roots:
        _walk(chk, root, [], result, _prop(root))
    if wanted is None:
        covered = disj(*(_expr(r.assumption) for r in roots))
        v, w, reason = chk.claim([], covered)
        result.checks.append(_record(chk, 0, "P*", "exhaustive", v, "the propositions together "
                                     "cover all hands: " + " or ".join(f"P{_prop(r)}" for r in roots),
                                     w, reason))
    return result


def _prop(root: Node) -> int:
    return int(root.path[1:].split(".")[0])


def _record(chk: _Checker, prop: int, path: str, kind: str, verdict: Verdict, claim: str,
            witness: Hand | None, reason: str, quote: str = "", lines=(), note: str = "") -> CaseCheck:
    wo = None
    if witness is not None:
        o = chk.program.bid_hand(witness)
        wo = f"{o.bid}@{o.section}"
    return CaseCheck(prop, path, kind, verdict, claim, quote, witness.to_pbn() if witness else None,
                     wo, reason, tuple(lines), note)


def _walk(chk: _Checker, node: Node, path: list[Expr], out: PartTwo, prop: int) -> None:
    here = path + [_expr(node.assumption)]
    for inf in node.therefore:
        v, w, reason = chk.claim(here, _expr(inf.expr))
        out.checks.append(_record(chk, prop, node.path, "inference", v, inf.expr, w, reason,
                                  inf.quote, inf.lines, inf.note or ""))
    if node.impossible:
        v, w, reason = chk.claim(here, None)
        out.checks.append(_record(chk, prop, node.path, "impossible", v,
                                  "no hand meets this case (the paper says it is impossible)",
                                  w, reason, node.quote, node.lines))
    elif node.outcome is not None:
        kind, concl, text = _leaf_claim(node)
        v, w, reason = chk.claim(here, concl)
        note = node.outcome.note or ("outcome supplied (not printed)" if node.outcome.supplied else "")
        out.checks.append(_record(chk, prop, node.path, kind, v, text, w, reason,
                                  node.outcome.quote, node.outcome.lines, note))
    for ex in node.examples:
        out.checks.append(_example(chk, prop, node, here, ex))
    if node.children:
        cover = disj(*(_expr(c.assumption) for c in node.children))
        v, w, reason = chk.claim(here, cover)
        out.checks.append(_record(chk, prop, node.path, "exhaustive", v,
                                  f"the {len(node.children)} cases under {node.path} cover it",
                                  w, reason, node.quote, node.lines))
        for child in node.children:
            _walk(chk, child, here, out, prop)


def _example(chk: _Checker, prop: int, node: Node, path: list[Expr], ex) -> CaseCheck:
    """The example hand exactly as printed: it must lie in its case and get the claimed
    outcome. A transcriber's correction of a misprint (or a guess) is checked too and shown
    beside it, in the note, never in its place."""
    note = ex.note or ""
    printed = _example_problems(chk, node, path, ex.printed)
    if ex.corrected:
        fixed = _example_problems(chk, node, path, ex.corrected)
        verdict = "holds" if not fixed[1] else "fails too (" + "; ".join(fixed[1]) + ")"
        note = (f"correction (the transcriber's, not the paper's): {ex.corrected}, which {verdict}"
                + (f"; {note}" if note else ""))
    hand, problems, outcome = printed
    verdict = Verdict.FAILED if problems else Verdict.HELD
    shown = hand.to_paper() if hand is not None else ex.printed
    claim = f"example {shown} lies in its case and gets the claimed outcome"
    return CaseCheck(prop, node.path, "example", verdict, claim, ex.quote,
                     hand.lowest().to_pbn() if problems and hand is not None else None, outcome,
                     "; ".join(problems), ex.lines, note)


def _example_problems(chk: _Checker, node: Node, path: list[Expr], text: str):
    """(the hand or None, what is wrong with it as an example of ``node``, its outcome)."""
    try:
        hand = Hand.parse(text)
    except HandError as exc:
        return None, [f"the hand as printed cannot be read: {exc}"], None
    concrete = hand.lowest()
    failed = [e for e in path if not holds(e, concrete, chk.rules)]
    o = chk.program.bid_hand(concrete)
    problems = []
    if failed:
        from openbid.expr import unparse

        problems.append("not in its case: " + "; ".join(unparse(e) for e in failed[:3]))
    if node.outcome is not None:
        kind, concl, text_claim = _leaf_claim(node)
        if not holds(concl, concrete, chk.rules):
            problems.append(f"claimed {text_claim}, but it bids {o.bid} at {o.section}")
    return hand, problems, f"{o.bid}@{o.section}"


