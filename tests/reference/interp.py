"""The rule-file semantics for one concrete hand, written from the docs (docs/SYSTEMS.md,
docs/LIMITS.md, the rule file's data model openbid/systems/rules/model.py), not from any reader.

The vocabulary is small on purpose: HCP, SUITLENGTH(s), LONGEST, BALANCED, the suits S H D C and
loop variables, numbers, + - *, comparisons, and/or/not, true/false; in claims also ``bid``,
``section`` and ``meets("L")``. Anything else raises :class:`Unsupported`.

Control, as documented: sections run in file order from the first. A section whose guard fails
hands control to the next section. Inside, statements run in order: the first ``bid`` whose
``when`` holds ends the section with that bid; a ``goto`` whose ``when`` holds jumps; an ``if``
runs its body when its condition holds, then (no bid, no jump) the statements after it; a ``for``
runs its body once per suit in the order written. A section that finds nothing goes to its ``else
goto`` target, or to the next section. Past the last section, the hand passes at the pass label.
A bid with ``resume N when C`` whose C holds is tentative (the paper's Note 1): control continues
at N, and the tentative bid stands only if nothing later bids (the latest tentative bid stands).
The first bid found wins.

The *own condition* of a bid point L: the guard of its section, the ``if`` conditions around it
and its ``when``, a loop read as "for some suit": whether or not control gets there.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from openbid.expr.ast import And, Arith, Compare, Const, Expr, Ite, Name, Neg, Not, Or, Call
from openbid.bridge.hand import Hand
from openbid.systems.rules.model import Bid, ForSuits, Goto, If, Rules, Section, Step

SUIT_NUMBER = {"C": 1, "D": 2, "H": 3, "S": 4}
STRAINS = {1: "C", 2: "D", 3: "H", 4: "S", 5: "NT"}
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
BALANCED_SHAPES = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}
FIRST_PASS = 14  # falling through passes at 14, or one past the last section if that is later


class Unsupported(Exception):
    """The expression reads something outside the reference's vocabulary."""


@dataclass(frozen=True)
class Facts:
    """All the vocabulary reads of a hand: suit lengths (C, D, H, S) and high-card points."""

    lengths: tuple[int, int, int, int]
    hcp: int

    @classmethod
    def of(cls, hand: Hand) -> "Facts":
        pbn = hand.to_pbn().split(".")  # S H D C
        spades, hearts, diamonds, clubs = pbn
        suits = (clubs, diamonds, hearts, spades)
        if any("x" in s for s in suits):
            raise ValueError(f"{hand} is not a concrete hand")
        return cls(tuple(len(s) for s in suits),  # type: ignore[arg-type]
                   sum(POINTS.get(card, 0) for s in suits for card in s))


def bid_text(bidval: int) -> str:
    """A plain call's BIDVAL (10 * level + strain) as the call: 0 -> PASS, 15 -> 1NT."""
    if bidval == 0:
        return "PASS"
    if bidval in (80, 90):  # the double and the redouble (docs/AUCTIONS.md)
        return "X" if bidval == 80 else "XX"
    level, strain = divmod(bidval, 10)
    assert 1 <= level <= 7 and strain in STRAINS, bidval
    return f"{level}{STRAINS[strain]}"


def pass_number(rules: Rules) -> int:
    return max(FIRST_PASS, rules.sections[-1].number + 1)


def point_labels(rules: Rules) -> list[str]:
    """The bid points in the order the file first writes them; but if every label is its
    section's number with an optional letter (OPENBID's style), by number, then letter."""
    out: list[str] = []
    numbered = True

    def visit(steps: tuple[Step, ...]) -> None:
        for st in steps:
            if isinstance(st, Bid):
                nonlocal numbered
                digits = st.label.rstrip("abcdefghijklmnopqrstuvwxyz")
                letters = st.label[len(digits):]
                numbered = numbered and digits == str(number) and len(letters) <= 1
                if st.label not in out:
                    out.append(st.label)
            elif isinstance(st, (If, ForSuits)):
                visit(st.body)

    for sec in rules.sections:
        number = sec.number
        visit(sec.body)
    if numbered:
        out.sort(key=lambda lb: (int(lb.rstrip("abcdefghijklmnopqrstuvwxyz")), lb))
    return out


class Hand1:
    """One hand under one rules table: its outcome, and every expression's value on it."""

    def __init__(self, rules: Rules, facts: Facts) -> None:
        self.rules = rules
        self.facts = facts
        self._outcome: tuple[int, str] | None = None

    # ---- expressions ----------------------------------------------------------------------
    def value(self, e: Expr, env: dict[str, int]):
        f = self.facts
        if isinstance(e, Const):
            return e.value
        if isinstance(e, Name):
            if e.id in env:
                return env[e.id]
            if e.id in SUIT_NUMBER:
                return SUIT_NUMBER[e.id]
            if e.id == "HCP":
                return f.hcp
            if e.id == "LONGEST":
                return max(f.lengths)
            if e.id == "BALANCED":
                return tuple(sorted(f.lengths, reverse=True)) in BALANCED_SHAPES
            if e.id == "bid":
                return bid_text(self.outcome()[0])
            if e.id == "section":
                return self.outcome()[1]
            raise Unsupported(e.id)
        if isinstance(e, Call):
            if e.fn == "SUITLENGTH" and len(e.args) == 1:
                return f.lengths[self.value(e.args[0], env) - 1]
            if e.fn == "meets" and len(e.args) == 1 and isinstance(e.args[0], Const):
                return self.meets(str(e.args[0].value))
            raise Unsupported(e.fn)
        if isinstance(e, Neg):
            return -self.value(e.operand, env)
        if isinstance(e, Arith):
            a, b = self.value(e.left, env), self.value(e.right, env)
            if e.op == "+":
                return a + b
            if e.op == "-":
                return a - b
            if e.op == "*":
                return a * b
            if e.op == "/":
                return Fraction(a) / b
            raise Unsupported(e.op)
        if isinstance(e, Compare):
            a, b = self.value(e.left, env), self.value(e.right, env)
            return {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
                    ">=": a >= b}[e.op]
        if isinstance(e, And):
            return all(self.truth(x, env) for x in e.items)
        if isinstance(e, Or):
            return any(self.truth(x, env) for x in e.items)
        if isinstance(e, Not):
            return not self.truth(e.operand, env)
        if isinstance(e, Ite):
            return self.value(e.then if self.truth(e.cond, env) else e.other, env)
        raise Unsupported(type(e).__name__)

    def truth(self, e: Expr, env: dict[str, int]) -> bool:
        v = self.value(e, env)
        assert isinstance(v, bool), (e, v)
        return v

    # ---- control ----------------------------------------------------------------------------
    def outcome(self) -> tuple[int, str]:
        """(BIDVAL, bid point) of the final bid; the pass label when no bid is found."""
        if self._outcome is None:
            self._outcome = self._run()
        return self._outcome

    def _run(self) -> tuple[int, str]:
        sections = {s.number: s for s in self.rules.sections}
        end = pass_number(self.rules)
        k = self.rules.sections[0].number
        tentative: tuple[int, str] | None = None
        while k != end:
            sec = sections[k]
            if not self.truth(sec.guard, {}):
                k = self._next(k)
                continue
            r = self._body(sec.body, {})
            if r is None:
                k = sec.otherwise if sec.otherwise is not None else self._next(k)
            elif r[0] == "goto":
                k = r[1]
            else:
                _, bidval, label, resume_at = r
                if resume_at is None:
                    return bidval, label
                tentative = (bidval, label)
                k = resume_at
        return tentative if tentative is not None else (0, str(end))

    def _next(self, k: int) -> int:
        later = [s.number for s in self.rules.sections if s.number > k]
        return later[0] if later else pass_number(self.rules)

    def _body(self, steps: tuple[Step, ...], env: dict[str, int]):
        for st in steps:
            if isinstance(st, Bid):
                if self.truth(st.when, env):
                    resume = None
                    if st.resume is not None and self.truth(st.resume.when, env):
                        resume = st.resume.target
                    return ("bid", self.value(st.value, env), st.label, resume)
            elif isinstance(st, Goto):
                if self.truth(st.when, env):
                    return ("goto", st.target)
            elif isinstance(st, If):
                if self.truth(st.when, env):
                    r = self._body(st.body, env)
                    if r is not None:
                        return r
            elif isinstance(st, ForSuits):
                for suit in st.suits:
                    r = self._body(st.body, {**env, st.var: suit})
                    if r is not None:
                        return r
            else:
                raise Unsupported(type(st).__name__)
        return None

    # ---- own conditions ---------------------------------------------------------------------
    def meets(self, label: str) -> bool:
        """The own condition of bid point ``label`` holds on this hand."""
        for sec in self.rules.sections:
            if _has(sec, label):
                return self.truth(sec.guard, {}) and self._somewhere(sec.body, label, {})
        raise KeyError(label)

    def _somewhere(self, steps: tuple[Step, ...], label: str, env: dict[str, int]) -> bool:
        for st in steps:
            if isinstance(st, Bid):
                if st.label == label and self.truth(st.when, env):
                    return True
            elif isinstance(st, If):
                if self.truth(st.when, env) and self._somewhere(st.body, label, env):
                    return True
            elif isinstance(st, ForSuits):
                if any(self._somewhere(st.body, label, {**env, st.var: s}) for s in st.suits):
                    return True
        return False


def _has(sec: Section, label: str) -> bool:
    def visit(steps: tuple[Step, ...]) -> bool:
        return any((isinstance(st, Bid) and st.label == label)
                   or (isinstance(st, (If, ForSuits)) and visit(st.body)) for st in steps)

    return visit(sec.body)


def run(rules: Rules, hand: Hand | str) -> tuple[str, str]:
    """(call, bid point) of ``hand`` under ``rules``."""
    h = Hand1(rules, Facts.of(Hand.parse(hand) if isinstance(hand, str) else hand))
    bidval, label = h.outcome()
    return bid_text(bidval), label
