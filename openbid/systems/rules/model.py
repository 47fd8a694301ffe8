"""The rules table: OPENBID's 14 sections as data.

Every reader (the Python executor, the Z3 compiler, the numpy census, the control-flow graph, the
rule-file writer) walks these same objects; no condition is written twice.

A section has a guard; if it holds, its body runs: ``Bid`` (first bid found wins), ``Goto``
(forward jumps only: the code's ``GO TO PREEMPT``), ``If`` and ``ForSuits`` (loops over suits in
the Algol's order, the first suit that bids wins). If the body finds no bid, control goes to the
next section, or to ``otherwise`` (Note 2: section 11 goes to 13). A bid with ``resume`` is
tentative (Note 1): when ``resume.when`` holds control continues at ``resume.target``, and the
tentative bid stands only if nothing later bids. Falling off the last section passes, at the pass
label: OPENBID's 14, or one past the last section where that is later (:attr:`Rules.pass_section`).

A rules table has any number of sections (numbered upwards, with gaps allowed: "the next section"
is the next one that exists) and of bid points. A bid point's label is a name; the bid points
are ordered as the table first writes them (:attr:`Rules.labels`), and each belongs to one
section (it may be written at several places of it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator, Union

from openbid.expr.ast import Expr
from openbid.hands.registry import Derived, Readings


@dataclass(frozen=True)
class Resume:
    target: int
    when: Expr


@dataclass(frozen=True)
class Bid:
    label: str
    when: Expr
    value: Expr  # BIDVAL, e.g. ``10 + suit``
    resume: Resume | None = None
    line: int = field(default=0, compare=False)
    # The plain call as the rule file wrote it ("1NT", "2 suit", "PASS"), "" for a BIDVAL
    # expression. ``value`` holds its BIDVAL either way (openbid.bridge.bids.call_value): the text
    # is kept only so that an exported file reads as it was written.
    call: str = field(default="", compare=False)


@dataclass(frozen=True)
class Goto:
    target: int
    when: Expr
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class If:
    when: Expr
    body: tuple["Step", ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class ForSuits:
    var: str
    suits: tuple[int, ...]  # Algol suit numbers, in loop order
    body: tuple["Step", ...]
    line: int = field(default=0, compare=False)


Step = Union[Bid, Goto, If, ForSuits]


@dataclass(frozen=True)
class Section:
    number: int
    name: str
    guard: Expr
    body: tuple[Step, ...]
    otherwise: int | None = None  # where to go when the guard held but no bid was found
    line: int = field(default=0, compare=False)

    @property
    def after(self) -> int:
        return self.otherwise if self.otherwise is not None else self.number + 1


@dataclass(frozen=True)
class AuctionBlock:
    """The rules for the auctions a pattern matches (``auction "1NT P"``): ``tokens`` are the
    pattern's calls ("call", "1NT"), ("suit", level, var) for ``2 m``, or ("any",) for ``*``;
    ``variables`` the suit variables the pattern binds with the suits each may be; ``else_pass``
    whether falling through the block is an intended pass (no gap). Its sections are read with
    the variables and the auction facts as names; :func:`openbid.systems.auction` binds them."""

    pattern: str
    tokens: tuple[tuple, ...]
    variables: tuple[tuple[str, tuple[int, ...]], ...]
    else_pass: bool
    sections: tuple["Section", ...]
    line: int = field(default=0, compare=False)


PASS_SECTION = 14  # falling through every section: BIDVAL stays 0 (at least 14: OPENBID's)


@dataclass(frozen=True)
class Rules:
    """A complete rules table plus the descriptor readings it is meant to be run with."""

    sections: tuple[Section, ...]
    readings: Readings
    name: str = "code"
    definitions: tuple[Derived, ...] = ()  # the rule file's own (``define``)
    source: str = field(default="", compare=False)  # the rule file read, "" for a named variant
    # The rules for later points of the auction (``auction "PATTERN"`` blocks); the sections
    # above are the opening. A file without blocks is OPENBID-shaped: every later point passes.
    auctions: tuple[AuctionBlock, ...] = ()
    # A node's rules (openbid.systems.auction) keep the whole system they belong to, so that
    # 'chose("AUCTION", "CALL")' read at a node asks the same system.
    system: "Rules | None" = None

    @property
    def title(self) -> str:
        """How messages and reports name these rules: ``variant code``, or ``rule file my.rules
        (name code)``."""
        if self.source:
            return f"rule file {self.source} (name {self.name})"
        return f"variant {self.name}"

    def __hash__(self) -> int:  # the table is a cache key everywhere: hash it once
        try:
            return self.__dict__["_hash"]
        except KeyError:
            h = hash((self.sections, self.readings, self.name, self.definitions))
            object.__setattr__(self, "_hash", h)
            return h

    def parse(self, text: str, want: str | None = "bool", outcome: bool = True) -> Expr:
        """``text`` as an expression over these rules' names: the registry's and the rule
        file's own definitions (``define``), type-checked (``want``: "bool", "num" or None)."""
        from openbid.systems.descriptors import definitions
        from openbid.expr.parser import parse

        local = definitions(self.readings, self.definitions).local_signatures() or None
        return parse(text, outcome=outcome, want=want, local=local)

    def section(self, number: int) -> Section:
        for s in self.sections:
            if s.number == number:
                return s
        raise KeyError(number)

    def bids(self) -> Iterator[tuple[Section, Bid]]:
        for sec in self.sections:
            for step in walk_steps(sec.body):
                if isinstance(step, Bid):
                    yield sec, step

    @property
    def pass_section(self) -> int:
        """Where falling through every section goes (no bid: PASS): 14 as in OPENBID, or one past
        the last section if that is later."""
        got = self.__dict__.get("_pass_section")
        if got is None:  # (kept, as labels: read at every node of a tree)
            got = self.__dict__["_pass_section"] = max(PASS_SECTION,
                                                       self.sections[-1].number + 1)
        return got

    @property
    def pass_label(self) -> str:
        """The label of passing by falling through: ``"14"`` for OPENBID."""
        return str(self.pass_section)

    def next_section(self, number: int) -> int:
        """The first section after ``number`` (or :attr:`pass_section`): where control goes when
        section ``number``'s guard fails."""
        return next((s.number for s in self.sections if s.number > number), self.pass_section)

    def after(self, sec: Section) -> int:
        """Where control goes when ``sec``'s guard held but its body found nothing."""
        return sec.otherwise if sec.otherwise is not None else self.next_section(sec.number)

    @property
    def labels(self) -> tuple[str, ...]:
        """Bid-point labels, each once, then the pass label: in the order the table first writes
        them; but where every label is its section's number with an optional letter (OPENBID's
        style), in number and letter order (OPENBID: 1, 2a, 2b, ... 6a, 6b, ... 13d, then "14";
        its section 6 writes 6b first)."""
        try:
            return self.__dict__["_labels"]
        except KeyError:
            seen = dict.fromkeys(b.label for _, b in self.bids())
            numbered = all(re.fullmatch(rf"{sec.number}[a-z]?", b.label) for sec, b in self.bids())
            out = tuple(sorted(seen, key=label_key) if numbered else seen) + (self.pass_label,)
            object.__setattr__(self, "_labels", out)
            return out

    def section_of(self, label: str) -> int:
        """The number of the section bid point ``label`` belongs to (KeyError if none)."""
        try:
            homes = self.__dict__["_homes"]
        except KeyError:
            homes = {}
            for sec, b in self.bids():
                homes.setdefault(b.label, sec.number)
            object.__setattr__(self, "_homes", homes)
        return homes[label]


def map_exprs(rules: Rules, f: Callable[[Expr, bool, frozenset[str]], Expr]) -> Rules:
    """``rules`` with ``f(expr, is_value, loop_vars)`` applied to every guard and condition
    (``is_value`` False) and every bid's value (True); ``loop_vars``: the suit variables of the
    loops around it. The same object when nothing changes."""

    def steps(body: tuple[Step, ...], loops: frozenset[str]) -> tuple[Step, ...]:
        out: list[Step] = []
        for st in body:
            if isinstance(st, Bid):
                resume = st.resume and replace(st.resume, when=f(st.resume.when, False, loops))
                out.append(replace(st, when=f(st.when, False, loops),
                                   value=f(st.value, True, loops), resume=resume))
            elif isinstance(st, Goto):
                out.append(replace(st, when=f(st.when, False, loops)))
            elif isinstance(st, If):
                out.append(replace(st, when=f(st.when, False, loops), body=steps(st.body, loops)))
            elif isinstance(st, ForSuits):
                out.append(replace(st, body=steps(st.body, loops | {st.var})))
        return tuple(out)

    sections = tuple(replace(s, guard=f(s.guard, False, frozenset()),
                             body=steps(s.body, frozenset())) for s in rules.sections)
    return rules if sections == rules.sections else replace(rules, sections=sections)


def walk_steps(steps: tuple[Step, ...]) -> Iterator[Step]:
    for s in steps:
        yield s
        if isinstance(s, (If, ForSuits)):
            yield from walk_steps(s.body)


def label_key(label: str) -> tuple[int, str]:
    """Sort key of an OPENBID bid-point label: ``"12a"`` -> (12, "a") (a rules table orders its
    own by :attr:`Rules.labels`); a named label sorts after them, by name."""
    if not label[:1].isdigit():
        return 1 << 62, label
    return section_of(label), label.lstrip("0123456789")


def section_of(label: str) -> int:
    """``"12a"`` -> 12: the section of an OPENBID label (any table: :meth:`Rules.section_of`)."""
    digits = ""
    for ch in label:
        if ch.isdigit():
            digits += ch
        else:
            break
    return int(digits)
