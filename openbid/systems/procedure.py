"""OPENBID run over the rules table: first bid found wins, Notes 1 and 2 included.

The table is compiled once into one small Python function per section (generated source, kept on
the program for inspection): a section returns a bid ``(bidval, label)``, a tentative bid
``(bidval, label, resume_at)`` (Note 1), or the number of the section to go to next.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from openbid.bridge.bids import VALID_BIDVALS, bid_text
from openbid.base.errors import OpenbidError
from openbid.systems.descriptors import Descriptors, definitions, describe
from openbid.hands.registry import Readings
from openbid.expr.ast import TRUE
from openbid.expr.pycode import NAMESPACE, py, var_name
from openbid.expr.pycode import py as _py
from openbid.bridge.hand import Hand
from openbid.systems.rules.model import Bid, ForSuits, Goto, If, Rules, Step


@dataclass(frozen=True)
class Outcome:
    """What OPENBID does with a hand: BIDVAL, the printed bid and the section label."""

    bidval: int
    section: str

    @property
    def bid(self) -> str:
        return bid_text(self.bidval)

    def __str__(self) -> str:
        return f"{self.bid}@{self.section}"


@dataclass(frozen=True)
class TraceStep:
    section: int
    entered: bool  # the section's guard held (or it has none): its statements ran
    result: str  # "bid 12a", "tentative 11a, resume at 13", "goto 13", "next"
    guarded: bool = True  # the section has a guard (``section K "..." when COND``)

    @property
    def text(self) -> str:
        """What happened, in words: whether the section was entered (its guard held, or it has
        none) and what its statements did: "guard holds, no bid -> next", "no guard, no bid ->
        goto 7", "guard fails -> next", "guard holds -> bid 7"."""
        if not self.entered:
            return f"guard fails -> {self.result}"
        head = "guard holds" if self.guarded else "no guard"
        if self.result == "next" or self.result.startswith("goto"):
            return f"{head}, no bid -> {self.result}"
        return f"{head} -> {self.result}"


class Program:
    """A rules table compiled to Python. ``run(d)`` gives the :class:`Outcome` for descriptors."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.readings: Readings = rules.readings
        self.defs = definitions(rules.readings, rules.definitions)
        self._first = rules.sections[0].number
        self._end = rules.pass_section

    # Each form is generated and compiled when first run: a census's replays and the table's
    # re-bids trace every node's table and never run it plainly (making both forms was most
    # of the replays' time spent on a node's first hand).
    @cached_property
    def source(self) -> str:
        return _generate(self.rules, traced=False, is_table=self.defs.is_table)

    @cached_property
    def traced_source(self) -> str:
        return _generate(self.rules, traced=True, is_table=self.defs.is_table)

    @cached_property
    def _sections(self) -> dict:
        return _compiled(self.source, f"<rules {self.rules.name}>")

    @cached_property
    def _traced(self) -> dict:
        return _compiled(self.traced_source, f"<rules {self.rules.name} traced>")

    def outcome(self, d: Descriptors) -> Outcome:
        """:meth:`run`'s outcome, by the traced form when only that one is compiled yet (the
        same outcome: a replay's check of a guard after its trace compiles nothing more)."""
        if "_traced" in self.__dict__ and "_sections" not in self.__dict__:
            return self.trace(d)[0]
        return self.run(d)

    def run(self, d: Descriptors) -> Outcome:
        secs = self._sections
        k = self._first
        end = self._end
        tentative = None
        while k != end:  # forward, to a section or to the pass (the loader checks every jump)
            f = secs.get(k)
            if f is None:  # a table built by hand may jump past a section that is not there
                k = self.rules.next_section(k)
                continue
            r = f(d)
            if r.__class__ is int:
                k = r
            elif len(r) == 3:
                tentative = r
                k = r[2]
            else:
                return self._outcome(r[0], r[1])
        if tentative is not None:
            return self._outcome(tentative[0], tentative[1])
        return Outcome(0, self.rules.pass_label)

    def _outcome(self, bidval, label: str) -> Outcome:
        if bidval not in VALID_BIDVALS:
            raise OpenbidError(f"{self.rules.title}: bid point {label} made BIDVAL "
                               f"{bidval}, which is not a bid (Appendix 5); "
                               "'openbid rules check FILE' finds every such bid point")
        return Outcome(bidval, label)

    def trace(self, d: Descriptors) -> tuple[Outcome, list[TraceStep]]:
        secs = self._traced
        steps: list[TraceStep] = []
        k = self._first
        tentative = None
        outcome = None
        guarded = {sec.number: sec.guard != TRUE for sec in self.rules.sections}
        while k != self._end and outcome is None:
            if k not in secs:
                k = self.rules.next_section(k)
                continue
            entered, r = secs[k](d)
            if r.__class__ is int:
                result = "next" if r == self.rules.next_section(k) else f"goto {r}"
                steps.append(TraceStep(k, entered, result, guarded[k]))
                k = r
            elif len(r) == 3:
                steps.append(TraceStep(k, entered, f"tentative {r[1]}, resume at {r[2]}",
                                       guarded[k]))
                tentative = r
                k = r[2]
            else:
                steps.append(TraceStep(k, entered, f"bid {r[1]}", guarded[k]))
                outcome = self._outcome(r[0], r[1])
        if outcome is None:
            outcome = (self._outcome(tentative[0], tentative[1]) if tentative
                       else Outcome(0, self.rules.pass_label))
        return outcome, steps

    def describe(self, hand: Hand, context: tuple = ()) -> Descriptors:
        """``context``: the facts of the deal the rules read ((("SEAT", 1), ("VUL", False)))."""
        return describe(hand, self.readings, self.rules.definitions, context)

    def bid_hand(self, hand: Hand, context: tuple = ()) -> Outcome:
        return self.run(self.describe(hand, context))


def _compiled(source: str, name: str) -> dict:
    """The sections of a generated program: its ``SECTIONS``."""
    ns: dict = dict(NAMESPACE)
    exec(compile(source, name, "exec"), ns)  # noqa: S102
    return ns["SECTIONS"]


def _generate(rules: Rules, traced: bool, is_table=None) -> str:
    lines = ["SECTIONS = {}"]
    for sec in rules.sections:
        k = sec.number
        lines.append(f"def s{k}(d):")
        ret = (lambda v: f"return (True, {v})") if traced else (lambda v: f"return {v}")
        nxt = rules.next_section(k)
        if sec.guard != TRUE:
            lines.append(f"    if not {py(sec.guard, is_table=is_table)}:")
            lines.append(f"        return (False, {nxt})" if traced else f"        return {nxt}")
        _gen_steps(sec.body, 1, frozenset(), lines, ret, is_table)
        lines.append(f"    {ret(rules.after(sec))}")
        lines.append(f"SECTIONS[{k}] = s{k}")
    return "\n".join(lines) + "\n"


def _gen_steps(steps: tuple[Step, ...], depth: int, sv: frozenset[str], out: list[str], ret,
               is_table=None) -> None:
    pad = "    " * depth

    def py(e, sv):
        return _py(e, sv, is_table)

    for st in steps:
        if isinstance(st, Bid):
            out.append(f"{pad}if {py(st.when, sv)}:")
            value = py(st.value, sv)
            if st.resume is not None:
                out.append(f"{pad}    if {py(st.resume.when, sv)}:")
                out.append(f"{pad}        {ret(f'({value}, {st.label!r}, {st.resume.target})')}")
            out.append(f"{pad}    {ret(f'({value}, {st.label!r})')}")
        elif isinstance(st, Goto):
            out.append(f"{pad}if {py(st.when, sv)}:")
            out.append(f"{pad}    {ret(st.target)}")
        elif isinstance(st, If):
            out.append(f"{pad}if {py(st.when, sv)}:")
            _gen_steps(st.body, depth + 1, sv, out, ret, is_table)
        elif isinstance(st, ForSuits):
            out.append(f"{pad}for {var_name(st.var)} in {st.suits!r}:")
            _gen_steps(st.body, depth + 1, sv | {st.var}, out, ret, is_table)
        else:  # pragma: no cover
            raise TypeError(st)


@lru_cache(maxsize=4096)  # a whole system's nodes (SAYC: 2,874 tables) compiled once each
def program_for(rules: Rules) -> Program:
    return Program(rules)


def bid(hand: Hand | str, variant: str = "code") -> Outcome:
    """The bid OPENBID makes for ``hand`` under a named variant (see :mod:`openbid.systems.variants`)."""
    from openbid.systems.variants import load_variant

    if isinstance(hand, str):
        hand = Hand.parse(hand)
    return program_for(load_variant(variant)).bid_hand(hand)
