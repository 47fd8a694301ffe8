"""Rule files: the rules table as a readable text file a user can copy, edit and load.

    # comment
    readings playtricks=table solid=corrected notrumptry=code
    section 11 "Weak preempt" when LONGEST >= 7 and 6 <= HCP <= 10 else goto 13
      for suit in S, H, D
        bid 11a when SUITLENGTH(suit) = LONGEST and ... value 30 + suit resume 13 when HCP >= 10
      bid 11b when SUITLENGTH(C) >= 8 and PLAYTRICKS >= 8 value 41

Statements nest by indentation (two spaces a level): ``section``, ``if EXPR``, ``for VAR in
SUITS``, ``bid LABEL when EXPR value V [resume N when EXPR]`` (V a plain call, ``PASS``, ``1C`` ...
``7NT``, or ``2 suit`` in a loop; or a BIDVAL expression, ``20 + suit``), ``goto N when EXPR``. A line
ending in a backslash continues on the next. Any problem is a :class:`RuleFileError` naming the
file, the line (and the column, for expressions) and what is wrong; nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from openbid.hands.registry import Derived, Readings
from openbid.base.errors import ExprError, OpenbidError, RuleFileError, shown
from openbid.expr import parse, unparse
from openbid.bridge.bids import call_value
from openbid.expr.ast import TRUE, Arith, Const, Expr, Name
from openbid.expr.names import SUIT_CONSTANTS, SUIT_GROUPS
from openbid.systems.rules.model import (AuctionBlock, Bid, ForSuits, Goto, If, Resume, Rules, Section,
                                       Step)

_SUIT_LETTER = {v: k for k, v in SUIT_CONSTANTS.items()}
# A bid's value that is meant as a plain call: digits then letters (1NT, 8NT, 1X: the last two
# are errors), or a level and a loop variable (2 suit). Nothing of this form is an expression.
_CALL_LIKE = re.compile(r"[0-9]+[A-Za-z]+")
_LEVEL_VAR = re.compile(r"([0-9]+)\s+([a-z][a-z0-9_]*)")

# Limits, each with its own message: a rule file is a page of text (code.rules: 6 KB, statements
# nested 3 deep), and a file far beyond them is a mistake, not a procedure.
MAX_BYTES = 1024 * 1024  # about ten times the shipped SAYC (sayc.rules, 90 KB)
# Statements nest at most MAX_NESTING levels of 'if' and 'for', at most MAX_LOOPS of them 'for': the
# executor compiles them to nested Python blocks (Python allows 20 nested loops, ~100 indents).
# Nested loops run the innermost body once per combination of their suits, and the solver and
# the census read every combination: at most MAX_RUNS of them (four loops over all four suits;
# 'prove' of one bid under them takes seconds, and each further such loop multiplies it by ~3).
MAX_NESTING = 64
MAX_LOOPS = 16
MAX_RUNS = 256
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # a plain name: no path, no '..'
LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # a bid point's label


def plain_name(name: str) -> bool:
    """Whether ``name`` can name rules and their expectation file (no folder, no '..')."""
    return bool(NAME.fullmatch(name)) and ".." not in name


@dataclass
class _Line:
    no: int
    indent: int
    text: str  # the statement, continuation lines joined
    pieces: tuple[tuple[int, int, int], ...] = ()  # (offset in text, physical line, its column)

    def where(self, offset: int) -> tuple[int, int]:
        """Physical (line, 1-based column) of ``offset`` in the joined text."""
        line, col = self.no, offset
        for start, no, phys in self.pieces:
            if start <= offset:
                line, col = no, phys + (offset - start)
        return line, col + 1


def _lines(text: str, path: str) -> list[_Line]:
    out: list[_Line] = []
    pending = ""
    pieces: list[tuple[int, int, int]] = []
    start = 0
    indent = 0
    for no, raw in enumerate(text.splitlines(), 1):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise RuleFileError(path, no, "indent with spaces, not tabs")
        line = raw.rstrip()
        stripped = line.lstrip()
        if not pending:
            if not stripped or stripped.startswith("#"):
                continue
            start, indent = no, len(line) - len(stripped)
        pieces.append((len(pending), no, len(line) - len(stripped)))
        if stripped.endswith("\\"):
            pending += stripped[:-1].rstrip() + " "
            continue
        full = pending + stripped
        pending = ""
        if "#" in full:  # trailing comment (no '#' inside expressions)
            full = full[: full.index("#")].rstrip()
        if indent % 2:
            raise RuleFileError(path, start, f"indentation of {indent} spaces is not a multiple of 2")
        out.append(_Line(start, indent // 2, full, tuple(pieces)))
        pieces = []
    if pending:
        raise RuleFileError(path, start, "the file ends inside a continued line (trailing backslash)")
    return out


class _Reader:
    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.lines = _lines(text, path)
        self.i = 0
        self.defines: list[Derived] = []
        self.local: dict[str, tuple] = {}  # the signatures of the defines read so far
        self.homes: dict[str, int] = {}  # bid label -> its section's number
        self.runs = 1  # the combinations of suits of the loops around the statement read

    def fail(self, line: _Line | int, problem: str) -> RuleFileError:
        no = line.no if isinstance(line, _Line) else line
        return RuleFileError(self.path, no, problem)

    def expr(self, line: _Line, start: int, end: int | None, scope: set[str],
             want: str = "bool") -> Expr:
        """Parse ``line.text[start:end]``; an error names the physical line and column."""
        raw = line.text[start:end]
        lead = len(raw) - len(raw.lstrip())
        text = raw.strip()
        try:
            return parse(text, frozenset(scope), outcome=False, want=want, local=self.local or None)
        except ExprError as exc:
            no, col = line.where(start + lead + (exc.pos or 0))
            raise RuleFileError(self.path, no, f"column {col}: {exc.problem}: {shown(text)}") from None

    def read(self) -> Rules:
        readings = Readings()
        name = "custom"
        sections: list[Section] = []
        blocks: list[AuctionBlock] = []
        while self.i < len(self.lines):
            line = self.lines[self.i]
            if line.indent:
                raise self.fail(line, "unexpected indentation at top level (expected 'section')")
            word = line.text.split()[0]
            if word == "auction":
                blocks.append(self.auction_block(line))
                continue
            if word == "section" and blocks:
                raise self.fail(line, "the opening's sections come before the first 'auction' "
                                      "block (indent a block's sections under its header)")
            if word == "readings":
                readings = self.readings(line)
                self.i += 1
            elif word == "name":
                name = line.text[4:].strip() or name
                if not plain_name(name):
                    raise self.fail(line, f"name {shown(name)} is not a plain name (letters, digits, "
                                          "'.', '_' and '-', at most 64, no '..')")
                self.i += 1
            elif word == "section":
                sections.append(self.section(line, sections))
            elif word == "define":
                self.define(line)
                self.i += 1
            else:
                raise self.fail(line, f"expected 'section', 'define', 'readings' or 'name', "
                                      f"found {shown(word)}")
        if not sections:
            raise RuleFileError(self.path, 1, "no sections: a rule file needs at least one 'section'")
        rules = Rules(tuple(sections), readings, name, tuple(self.defines), auctions=tuple(blocks))
        self.check_jumps(rules)
        for b in blocks:
            self.check_jumps(Rules(b.sections, readings, name))
        return rules

    def check_jumps(self, rules: Rules) -> None:
        numbers = {s.number for s in rules.sections} | {rules.pass_section}
        for sec in rules.sections:
            for target, line_no in _targets(sec):
                if target not in numbers:
                    raise self.fail(line_no, f"jump to section {target}, which does not exist "
                                             f"(the pass, falling through, is {rules.pass_section})")

    def auction_block(self, line: _Line) -> AuctionBlock:
        """``auction "PATTERN" [where VAR in SUITS, ...] [else pass]`` and the sections indented
        under it (read with the pattern's suit variables and the auction facts as names)."""
        from openbid.systems.auction_facts import FACT_SIGNATURES, parse_pattern

        m = re.match(r'^auction\s+"([^"]*)"\s*(.*)$', line.text)
        if not m:
            raise self.fail(line, 'expected: auction "PATTERN" [where VAR in SUITS] [else pass]')
        rest = m.group(2).strip()
        else_pass = False
        e = re.search(r"(^|\s)else\s+pass$", rest)
        if e:
            else_pass, rest = True, rest[: e.start()].strip()
        variables: list[tuple[str, tuple[int, ...]]] = []
        if rest:
            w = re.match(r"^where\s+(.+)$", rest)
            if not w:
                raise self.fail(line, f"expected 'where VAR in SUITS' or 'else pass' after the "
                                      f"pattern, found {shown(rest)}")
            for item in w.group(1).split(","):
                vm = re.match(r"^\s*([a-z][a-z0-9_]*)\s+in\s+([A-Za-z]+)\s*$", item)
                if not vm:
                    raise self.fail(line, f"expected VAR in SUITS (a lower-case variable; SUITS, "
                                          f"MAJORS, MINORS or one suit), found {shown(item.strip())}")
                var, group = vm.group(1), vm.group(2)
                if group in SUIT_GROUPS:
                    suits = tuple(SUIT_GROUPS[group])
                elif group in SUIT_CONSTANTS:
                    suits = (SUIT_CONSTANTS[group],)
                else:
                    raise self.fail(line, f"unknown suits {shown(group)} (SUITS, MAJORS, MINORS, "
                                          "or one of S, H, D, C)")
                if any(v == var for v, _ in variables):
                    raise self.fail(line, f"variable {var} is declared twice")
                variables.append((var, suits))
        words = m.group(1).split()
        for level, var in zip(words, words[1:]):  # 'N VAR' with VAR not declared: any suit
            if (level.isascii() and level.isdigit() and re.fullmatch(r"[a-z][a-z0-9_]*", var)
                    and all(v != var for v, _ in variables)):
                variables.append((var, tuple(SUIT_GROUPS["SUITS"])))
        try:
            tokens = parse_pattern(m.group(1), {v for v, _ in variables})
        except OpenbidError as exc:
            raise self.fail(line, str(exc)) from None
        self.i += 1
        start = self.i
        while self.i < len(self.lines) and self.lines[self.i].indent >= 1:
            self.i += 1
        inner = [_Line(x.no, x.indent - 1, x.text, x.pieces) for x in self.lines[start:self.i]]
        if not inner:
            raise self.fail(line, "the auction block has no sections (indent them two spaces "
                                  "under its header)")
        sub = _Reader.__new__(_Reader)
        sub.path, sub.lines, sub.i = self.path, inner, 0
        sub.defines = self.defines
        sub.local = {**self.local, **FACT_SIGNATURES}
        sub.homes = {}
        sub.runs = 1
        scope = {v for v, _ in variables}
        sections: list[Section] = []
        while sub.i < len(sub.lines):
            x = sub.lines[sub.i]
            if x.indent:
                raise sub.fail(x, "unexpected indentation in an auction block (expected 'section')")
            if x.text.split()[0] != "section":
                raise sub.fail(x, f"expected 'section' in an auction block, found "
                                  f"{shown(x.text.split()[0])} ('define', 'name' and 'readings' "
                                  "belong at the top of the file)")
            sections.append(sub.section(x, sections, scope))
        text = " ".join(m.group(1).split())
        return AuctionBlock(text, tokens, tuple(variables), else_pass, tuple(sections), line.no)

    def define(self, line: _Line) -> None:
        """``define NAME = EXPR`` or ``define NAME(s, n: num) = EXPR``: a name of this rule file
        (a descriptor of the registry may be redefined: every definition that uses it then reads
        the rule file's). Parameters are suits unless typed ``num``."""
        m = re.match(r"^define\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([^)]*)\))?\s*=\s*(.+)$", line.text)
        if not m:
            raise self.fail(line, "expected: define NAME = EXPRESSION, or define NAME(s, n: num) = "
                                  "EXPRESSION")
        name, params_text, body = m.group(1), m.group(2), m.group(3)
        from openbid.expr.names import KEYWORDS, OUTCOMES, SUIT_CONSTANTS, SUIT_GROUPS

        if name in KEYWORDS or name in OUTCOMES or name in SUIT_CONSTANTS or name in SUIT_GROUPS:
            raise self.fail(line, f"{name!r} cannot be defined (a keyword, suit or outcome)")
        params: list[tuple[str, str]] = []
        for item in (params_text or "").split(","):
            item = item.strip()
            if not item and params_text is None:
                continue
            pm = re.match(r"^([a-z][a-z0-9_]*)\s*(?::\s*(suit|num))?$", item)
            if not pm:
                raise self.fail(line, f"bad parameter {shown(item)} (lower-case name, optionally "
                                      "': num')")
            params.append((pm.group(1), pm.group(2) or "suit"))
        if len({p for p, _ in params}) != len(params):
            raise self.fail(line, f"a parameter of {name} is named twice")
        arity = len(params)
        if any(d.name == name and d.arity == arity for d in self.defines):
            raise self.fail(line, f"{name} is defined twice")
        suits = frozenset(p for p, t in params if t == "suit")
        nums = frozenset(p for p, t in params if t == "num")
        start = m.start(3)
        try:
            tree = parse(body, suits, outcome=False, want=None, num_vars=nums,
                         local=self.local or None)
        except ExprError as exc:
            no, col = line.where(start + (exc.pos or 0))
            raise RuleFileError(self.path, no, f"column {col}: {exc.problem}: {shown(body)}") from None
        from openbid.expr.ast import Call, Name, walk
        from openbid.expr.parser import Checker

        if any((isinstance(e, Name) and e.id == name and arity == 0)
               or (isinstance(e, Call) and e.fn == name and len(e.args) == arity) for e in walk(tree)):
            raise self.fail(line, f"{name} cannot use itself (a definition is not recursive)")
        result = Checker(body, suits, False, nums, self.local or None).type_of(tree)
        if result == "suit":
            result = "num"
        if result not in ("num", "bool"):
            raise self.fail(line, f"{name} must be a number or a condition, not a {result}")
        d = Derived(name, result, body.strip(), tuple(params), "defined in the rule file",
                    group="local")
        self.defines.append(d)
        from openbid.hands.registry import Signature

        sig = Signature(name, tuple(t for _, t in params), result, d.doc)
        self.local[name] = tuple(x for x in self.local.get(name, ()) if len(x.args) != arity) + (sig,)

    def readings(self, line: _Line) -> Readings:
        values: dict[str, str] = {}
        for item in line.text.split()[1:]:
            if "=" not in item:
                raise self.fail(line, f"expected name=value in readings, found {shown(item)}")
            k, v = item.split("=", 1)
            values[k] = v
        try:
            return Readings(**values)
        except OpenbidError as exc:
            raise self.fail(line, str(exc)) from None

    def section(self, line: _Line, done: list[Section], scope: set[str] | None = None) -> Section:
        m = re.match(r'^section\s+([0-9]+)\s+"([^"]*)"\s*(.*)$', line.text)
        if not m:
            raise self.fail(line, 'expected: section N "Name" [when CONDITION] [else goto M]')
        number, title, rest = int(m.group(1)), m.group(2), m.group(3)
        rest_at = m.start(3)
        if done and number <= done[-1].number:
            raise self.fail(line, f"section {number} comes after section {done[-1].number}: "
                                  "sections must be in increasing order")
        if number < 1:
            raise self.fail(line, "section numbers start at 1")
        otherwise = None
        g = re.search(r"\s*\belse\s+goto\s+([0-9]+)\s*$", rest)
        if g:
            otherwise = int(g.group(1))
            rest = rest[: g.start()]
            if otherwise <= number:
                raise self.fail(line, f"'else goto {otherwise}' must jump forward")
        guard: Expr = TRUE
        if rest:
            if not rest.startswith("when "):
                raise self.fail(line, f"expected 'when CONDITION' or 'else goto M', found {shown(rest)}")
            guard = self.expr(line, rest_at + 5, rest_at + len(rest), set(scope or ()))
        self.i += 1
        body = self.block(1, set(scope or ()), number)
        if not body:
            raise self.fail(line, f"section {number} has no statements")
        return Section(number, title, guard, body, otherwise, line.no)

    def block(self, depth: int, scope: set[str], number: int) -> tuple[Step, ...]:
        steps: list[Step] = []
        # a statement at depth d (a section's own statements at 1) is inside d - 1 'if's and 'for's
        if depth > MAX_NESTING + 1 and self.i < len(self.lines) and self.lines[self.i].indent >= depth:
            raise self.fail(self.lines[self.i], f"statements nested too deeply: more than "
                                                f"{MAX_NESTING} levels of 'if' and 'for'")
        if len(scope) > MAX_LOOPS:
            raise self.fail(self.lines[self.i - 1], f"loops nested too deeply: more than "
                                                    f"{MAX_LOOPS} levels of 'for'")
        while self.i < len(self.lines):
            line = self.lines[self.i]
            if line.indent < depth:
                break
            if line.indent > depth:
                raise self.fail(line, f"unexpected indentation (expected {2 * depth} spaces)")
            steps.append(self.step(line, depth, scope, number))
        return tuple(steps)

    def label(self, line: _Line, label: str, number: int) -> str:
        """A bid point's label: a name (letters, digits, '_', '.', '-'; at most 64); one of
        digits only is a section's number, so it must be this one's; a label belongs to one
        section (it may be written at several places of it)."""
        if not LABEL.fullmatch(label):
            raise self.fail(line, f"bid label {shown(label)} is not a name (a letter or digit, then "
                                  "letters, digits, '_', '.' or '-'; at most 64)")
        if label.isdigit() and int(label) != number:
            raise self.fail(line, f"bid label {label} is a section number: a label of digits only "
                                  f"must be its own section's number, {number}")
        home = self.homes.setdefault(label, number)
        if home != number:
            raise self.fail(line, f"bid label {label} is already a bid point of section {home} "
                                  "(a label names one bid point, in one section)")
        return label

    def call(self, line: _Line, start: int, end: int, scope: set[str]) -> tuple[str, Expr | None]:
        """A plain call as a bid's value: ``PASS``, ``1C`` ... ``7NT``, or ``LEVEL VAR`` in a
        loop over suits (``2 suit``: two of the loop's suit). Returns (the call as written,
        its BIDVAL as an expression), or ("", None) for a BIDVAL expression (``10 + suit``)."""
        text = line.text[start:end].strip()
        at = start + len(line.text[start:end]) - len(line.text[start:end].lstrip())
        pair = _LEVEL_VAR.fullmatch(text)
        if pair and pair.group(2) not in scope:  # '1 zz': a suit variable never declared
            no, col = line.where(at + text.index(pair.group(2), len(pair.group(1))))
            declared = (f"the suit variables here are {', '.join(sorted(scope))}" if scope
                        else "no loop or 'where' declares a suit variable here")
            if pair.group(2).upper() in ("C", "D", "H", "S", "NT"):
                declared += f"; the call is written {pair.group(1)}{pair.group(2).upper()}"
            raise RuleFileError(self.path, no, f"column {col}: undeclared suit variable "
                                f"{pair.group(2)!r} in the call {shown(text)} ({declared})")
        if pair and pair.group(2) in scope:
            level = int(pair.group(1))
            if not 1 <= level <= 7:
                no, col = line.where(at)
                raise RuleFileError(self.path, no, f"column {col}: no such call {shown(text)}: "
                                                   "the level runs from 1 to 7")
            return f"{level} {pair.group(2)}", Arith("+", Const(10 * level), Name(pair.group(2)))
        if text.upper() not in ("PASS", "X", "XX", "DBL", "RDBL") and not _CALL_LIKE.fullmatch(text):
            return "", None
        try:
            value = call_value(text)
        except OpenbidError as exc:
            no, col = line.where(at)
            raise RuleFileError(self.path, no, f"column {col}: {exc}") from None
        return text.upper(), Const(value)

    def step(self, line: _Line, depth: int, scope: set[str], number: int) -> Step:
        text = line.text
        word = text.split()[0]
        self.i += 1
        if word == "bid":
            m = re.match(r"^bid\s+(\S+)\s+when\s+(.*?)\s+value\s+(.*?)"
                         r"(?:\s+resume\s+([0-9]+)\s+when\s+(.*))?$", text)
            if not m:
                raise self.fail(line, "expected: bid LABEL when CONDITION value BIDVAL "
                                      "[resume N when CONDITION]")
            label = self.label(line, m.group(1), number)
            when = self.expr(line, m.start(2), m.end(2), scope)
            call, value = self.call(line, m.start(3), m.end(3), scope)
            if value is None:
                value = self.expr(line, m.start(3), m.end(3), scope, want="num")
            resume = None
            if m.group(4):
                target = int(m.group(4))
                if target <= number:
                    raise self.fail(line, f"'resume {target}' must jump forward")
                resume = Resume(target, self.expr(line, m.start(5), m.end(5), scope))
            return Bid(label, when, value, resume, line.no, call)
        if word == "goto":
            m = re.match(r"^goto\s+([0-9]+)\s+when\s+(.+)$", text)
            if not m:
                raise self.fail(line, "expected: goto N when CONDITION")
            target = int(m.group(1))
            if target <= number:
                raise self.fail(line, f"'goto {target}' must jump forward (control flows toward "
                                      "the end of the procedure)")
            return Goto(target, self.expr(line, m.start(2), m.end(2), scope), line.no)
        if word == "if":
            cond = self.expr(line, 2, None, scope)
            body = self.block(depth + 1, scope, number)
            if not body:
                raise self.fail(line, "'if' has no indented statements under it")
            return If(cond, body, line.no)
        if word == "for":
            m = re.match(r"^for\s+([a-z][a-z0-9_]*)\s+in\s+(.+)$", text)
            if not m:
                raise self.fail(line, "expected: for VARIABLE in S, H, D, C (lower-case variable)")
            var = m.group(1)
            if var in scope:
                raise self.fail(line, f"loop variable {var!r} is already in use by an outer loop")
            suits: list[int] = []
            for item in m.group(2).replace(",", " ").split():
                if item in SUIT_CONSTANTS:
                    suits.append(SUIT_CONSTANTS[item])
                elif item in SUIT_GROUPS:
                    suits.extend(SUIT_GROUPS[item])
                else:
                    raise self.fail(line, f"unknown suit {shown(item)} (expected S, H, D, C)")
            if len(set(suits)) != len(suits):
                raise self.fail(line, "a suit appears twice in the loop")
            runs = self.runs * len(suits)
            if runs > MAX_RUNS:
                raise self.fail(line, f"loops nested too deeply: with the loops around it, this "
                                      f"loop runs its body {runs:,} times (the product of their "
                                      f"numbers of suits), at most {MAX_RUNS}")
            outer, self.runs = self.runs, runs
            try:
                body = self.block(depth + 1, scope | {var}, number)
            finally:
                self.runs = outer
            if not body:
                raise self.fail(line, "'for' has no indented statements under it")
            return ForSuits(var, tuple(suits), body, line.no)
        raise self.fail(line, f"unknown statement {shown(word)} (expected bid, goto, if or for)")


def _targets(sec: Section):
    from openbid.systems.rules.model import walk_steps

    if sec.otherwise is not None:
        yield sec.otherwise, sec.line
    for st in walk_steps(sec.body):
        if isinstance(st, Goto):
            yield st.target, st.line
        if isinstance(st, Bid) and st.resume:
            yield st.resume.target, st.line


def loads(text: str, path: str = "<rules>") -> Rules:
    return _Reader(text.removeprefix("\ufeff"), path).read()


def load(path: str) -> Rules:
    """The rule file ``path`` (its ``source``); a file over :data:`MAX_BYTES` is refused before
    it is read."""
    import os
    from dataclasses import replace

    try:
        with open(path, encoding="utf-8-sig") as fh:  # a byte-order mark is read past
            size = os.fstat(fh.fileno()).st_size
            if size > MAX_BYTES:
                raise OpenbidError(f"rule file {path} is {size / 1024:,.0f} KB; openbid reads rule "
                                   f"files of up to {MAX_BYTES // 1024:,} KB (the shipped SAYC is 90 KB)")
            text = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise OpenbidError(f"cannot read rule file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OpenbidError(f"cannot read rule file {path}: not UTF-8 text") from None
    if len(text.encode("utf-8")) > MAX_BYTES:  # a pipe or a device: no size to ask first
        raise OpenbidError(f"rule file {path} is larger than {MAX_BYTES // 1024:,} KB, the most "
                           "openbid reads (the shipped SAYC is 90 KB)")
    return replace(loads(text, path), source=path)


def dumps(rules: Rules, header: str = "") -> str:
    out: list[str] = []
    if header:
        out.extend(f"# {h}".rstrip() for h in header.splitlines())
    out.append(f"name {rules.name}")
    out.append("readings " + " ".join(f"{k}={v}" for k, v in _shown(rules.readings).items()))
    if rules.definitions:
        out.append("")
    for d in rules.definitions:
        params = ", ".join(p if t == "suit" else f"{p}: {t}" for p, t in d.params)
        out.append(f"define {d.name}{f'({params})' if d.params else ''} = {d.text}")
    for sec in rules.sections:
        out.append("")
        head = f'section {sec.number} "{sec.name}"'
        if sec.guard != TRUE:
            head += f" when {unparse(sec.guard)}"
        if sec.otherwise is not None:
            head += f" else goto {sec.otherwise}"
        out.append(head)
        _dump_steps(sec.body, 1, out)
    for b in rules.auctions:
        out.append("")
        head = f'auction "{b.pattern}"'
        if b.variables:
            head += " where " + ", ".join(f"{v} in {_suits_name(ss)}" for v, ss in b.variables)
        if b.else_pass:
            head += " else pass"
        out.append(head)
        for sec in b.sections:
            h = f'  section {sec.number} "{sec.name}"'
            if sec.guard != TRUE:
                h += f" when {unparse(sec.guard)}"
            if sec.otherwise is not None:
                h += f" else goto {sec.otherwise}"
            out.append(h)
            _dump_steps(sec.body, 2, out)
    return "\n".join(out) + "\n"


def _suits_name(suits: tuple[int, ...]) -> str:
    for name, group in SUIT_GROUPS.items():
        if tuple(group) == tuple(suits):
            return name
    return _SUIT_LETTER[suits[0]]


OPENBID_READINGS = ("playtricks", "solid", "notrumptry")


def _shown(r: Readings) -> dict[str, str]:
    """The readings a rule file states: OPENBID's three always (the paper's decisions), any
    other only where it differs from its default."""
    out = {k: r.get(k) for k in OPENBID_READINGS}
    out.update({k: v for k, v in r.non_default().items() if k not in out})
    return out


def _dump_steps(steps: tuple[Step, ...], depth: int, out: list[str]) -> None:
    pad = "  " * depth
    for st in steps:
        if isinstance(st, Bid):
            value = st.call or unparse(st.value)
            line = f"{pad}bid {st.label} when {unparse(st.when)} value {value}"
            if st.resume:
                line += f" resume {st.resume.target} when {unparse(st.resume.when)}"
            out.append(line)
        elif isinstance(st, Goto):
            out.append(f"{pad}goto {st.target} when {unparse(st.when)}")
        elif isinstance(st, If):
            out.append(f"{pad}if {unparse(st.when)}")
            _dump_steps(st.body, depth + 1, out)
        else:
            suits = ", ".join(_SUIT_LETTER[s] for s in st.suits)
            out.append(f"{pad}for {st.var} in {suits}")
            _dump_steps(st.body, depth + 1, out)
