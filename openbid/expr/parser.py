"""Text to expression tree, with type checking; errors point at the offending token."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from openbid.base.errors import ExprError, shown
from openbid.bridge.notation import not_ascii
from openbid.expr.ast import (And, Arith, Call, Compare, Const, Expr, Ite, Name, Neg, Not, Or,
                                    Quant)
from openbid.expr.names import (BUILTINS, KEYWORDS, QUANTIFIERS, SIGNATURES, SUIT_CONSTANTS,
                                      SUIT_GROUPS, signature)

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<num>[0-9]+(?:\.[0-9]+)?)
  | (?P<str>"[^"]*")
  | (?P<name>(?:[NESW]\.)?[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op><>|<=|>=|==|!=|≠|≤|≥|×|[-+*/()<>=,:\[\]])
    """,
    re.VERBOSE,
)
# Nesting limits, so that every reader (each walks a tree recursively) and Python's compiler (the
# executor compiles conditions to Python) read whatever parses. The rules table nests 6 deep.
MAX_DEPTH = 64  # levels of parentheses, 'not', signs, 'if', calls and arithmetic operators
MAX_QUANTIFIERS = 4  # nested any/all/count/sum (each unrolls over up to four suits)
MAX_LENGTH = 100_000  # characters of one expression

_CMP = {"=": "=", "==": "=", "!=": "!=", "<>": "!=", "≠": "!=", "<=": "<=", "≤": "<=",
        ">=": ">=", "≥": ">=", "<": "<", ">": ">"}


@dataclass(frozen=True)
class Token:
    kind: str  # num, str, name, op, end
    text: str
    pos: int


def _num_value(e: Expr) -> int | Fraction | None:
    """The value of ``e`` if it is a numeric constant (not a condition or a string), else None."""
    if isinstance(e, Const) and isinstance(e.value, (int, Fraction)) and not isinstance(e.value, bool):
        return e.value
    return None


def _norm(v: Fraction) -> int | Fraction:
    return int(v) if v.denominator == 1 else v


def _bid_text(x: Expr, operands: list[Expr], p: "_Parser") -> Expr:
    """A string compared with ``bid`` is a bid: upper-cased, and it must exist (so that every
    reader reads it the same way)."""
    from openbid.bridge.bids import ALL_BIDS

    if isinstance(x, Const) and isinstance(x.value, str) and any(
            isinstance(o, Name) and o.id == "bid" for o in operands):
        text = x.value.strip().upper()
        if text not in ALL_BIDS + ("X", "XX"):
            raise ExprError(f"no such bid {shown(x.value)}; bids are PASS, X, XX, 1C, 1D, ... "
                            "7NT", p.text, x.pos)
        return Const(text, x.pos)
    return x


def tokenize(text: str) -> list[Token]:
    out: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            ch = text[pos]
            if ch.isascii():
                raise ExprError(f"unexpected character {ch!r}", text, pos)
            raise ExprError(f"unexpected character {not_ascii(ch)}: numbers and names are "
                            "written in ASCII", text, pos)
        kind = m.lastgroup or ""
        if kind != "ws":
            out.append(Token(kind, m.group(), pos))
        pos = m.end()
    out.append(Token("end", "", len(text)))
    return out


class _Parser:
    def __init__(self, text: str, suit_vars: frozenset[str]) -> None:
        self.text = text
        if len(text) > MAX_LENGTH:
            raise ExprError(f"expression too long: {len(text):,} characters (at most "
                            f"{MAX_LENGTH:,})")
        self.toks = tokenize(text)
        self.i = 0
        self.scope = set(suit_vars)
        self.depth = -1  # the whole expression is not a level of nesting
        self.quants = 0

    # -- helpers
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def error(self, msg: str, tok: Token | None = None) -> ExprError:
        t = tok or self.tok
        return ExprError(msg, self.text, t.pos)

    def peek(self, k: int) -> Token:
        """The token ``k`` places ahead (the end token past the end)."""
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def take(self, text: str | None = None, kind: str | None = None) -> Token:
        t = self.tok
        if (text is not None and t.text != text) or (kind is not None and t.kind != kind):
            want = repr(text) if text is not None else kind
            got = "end of expression" if t.kind == "end" else repr(t.text)
            raise self.error(f"expected {want}, found {got}")
        self.i += 1
        return t

    def at(self, *texts: str) -> bool:
        return self.tok.kind in ("op", "name") and self.tok.text in texts

    def deeper(self, tok: Token | None = None) -> None:
        """One more level of nesting (checked before recursing: no RecursionError)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"nested too deeply: more than {MAX_DEPTH} levels of parentheses, "
                             "operators or 'not'", tok)

    # -- grammar
    def parse(self) -> Expr:
        if self.tok.kind == "end":
            raise self.error("empty expression")
        e = self.or_()
        if self.tok.kind != "end":
            raise self.error(f"unexpected {shown(self.tok.text)}")
        return e

    def or_(self, tok: Token | None = None) -> Expr:
        self.deeper(tok)
        try:
            return self._or()
        finally:
            self.depth -= 1

    def _or(self) -> Expr:
        pos = self.tok.pos
        if self.at("if") and self.tok.kind == "name":
            self.i += 1
            cond = self.or_()
            self.take("then")
            then = self.or_()
            self.take("else")
            return Ite(cond, then, self.or_(), pos)
        items = [self.and_()]
        while self.at("or"):
            self.i += 1
            items.append(self.and_())
        return items[0] if len(items) == 1 else Or(tuple(items), pos)

    def and_(self) -> Expr:
        pos = self.tok.pos
        items = [self.not_()]
        while self.at("and"):
            self.i += 1
            items.append(self.not_())
        return items[0] if len(items) == 1 else And(tuple(items), pos)

    def not_(self) -> Expr:
        if self.at("not"):
            t = self.take()
            self.deeper(t)
            try:
                return Not(self.not_(), t.pos)
            finally:
                self.depth -= 1
        return self.compare()

    def compare(self) -> Expr:
        pos = self.tok.pos
        operands = [self.sum_()]
        ops: list[Token] = []
        while self.tok.kind == "op" and self.tok.text in _CMP:
            ops.append(self.take())
            operands.append(self.sum_())
        if not ops:
            return operands[0]
        operands = [_bid_text(x, operands, self) for x in operands]
        parts = tuple(
            Compare(_CMP[op.text], operands[k], operands[k + 1], op.pos) for k, op in enumerate(ops)
        )
        return parts[0] if len(parts) == 1 else And(parts, pos)

    def sum_(self) -> Expr:
        e = self.prod()
        chain = 0
        while self.tok.kind == "op" and self.tok.text in "+-":
            t = self.take()
            self.deeper(t)  # a chain a + b + c nests to the left: one level an operator
            chain += 1
            e = Arith(t.text, e, self.prod(), t.pos)
        self.depth -= chain
        return e

    def prod(self) -> Expr:
        e = self.unary()
        chain = 0
        while self.tok.kind == "op" and self.tok.text in ("*", "×", "/"):
            t = self.take()
            self.deeper(t)
            chain += 1
            right = self.unary()
            op = "/" if t.text == "/" else "*"
            if op == "/":
                # Division only by a non-zero constant: x / 0 has no value (Z3 would leave it
                # unspecified), and exact fractions are all the language needs.
                divisor = _num_value(right)
                if divisor is None:
                    raise self.error("'/' needs a non-zero number on its right, e.g. HCP / 2", t)
                if divisor == 0:
                    raise self.error("division by zero", t)
                dividend = _num_value(e)
                if dividend is not None:  # an exact fraction literal
                    e = Const(_norm(Fraction(dividend) / Fraction(divisor)), e.pos)
                    continue
            e = Arith(op, e, right, t.pos)
        self.depth -= chain
        return e

    def unary(self) -> Expr:
        if self.tok.kind == "op" and self.tok.text == "-":
            t = self.take()
            self.deeper(t)
            operand = self.unary()
            self.depth -= 1
            value = _num_value(operand)
            if value is not None:  # -1 is the constant -1 (so that trees round-trip)
                return Const(-value, t.pos)
            return Neg(operand, t.pos)
        return self.primary()

    def primary(self) -> Expr:
        t = self.tok
        if t.kind == "num":
            self.i += 1
            value = Fraction(Decimal(t.text)) if "." in t.text else int(t.text)
            if isinstance(value, Fraction) and value.denominator == 1:
                value = int(value)
            return Const(value, t.pos)
        if t.kind == "str":
            self.i += 1
            return Const(t.text[1:-1], t.pos)
        if t.kind == "op" and t.text in "([":
            self.i += 1
            e = self.or_(t)  # a parenthesis too deep is the error's place
            self.take(")" if t.text == "(" else "]")
            return e
        if t.kind == "name":
            if t.text in ("true", "false"):
                self.i += 1
                return Const(t.text == "true", t.pos)
            if t.text in QUANTIFIERS and self.peek(1).text == "(":
                if t.text != "count" or self.peek(3).text == "in":
                    return self.quant()
                self.i += 2  # count(c1, c2, ...): how many of the conditions hold
                args = [self.or_()]
                while self.at(","):
                    self.i += 1
                    args.append(self.or_())
                self.take(")")
                return Call("count", tuple(args), t.pos)
            if t.text in KEYWORDS:
                raise self.error(f"unexpected keyword {t.text!r}")
            self.i += 1
            if self.tok.kind == "op" and self.tok.text == "(":
                self.i += 1
                args = [self.or_()]
                while self.at(","):
                    self.i += 1
                    args.append(self.or_())
                self.take(")")
                return Call(t.text, tuple(args), t.pos)
            return Name(t.text, t.pos)
        if t.kind == "end":
            raise self.error("unexpected end of expression")
        raise self.error(f"unexpected {shown(t.text)}")

    def quant(self) -> Expr:
        first = self.tok
        kind = self.take().text
        self.quants += 1
        if self.quants > MAX_QUANTIFIERS:
            raise self.error(f"more than {MAX_QUANTIFIERS} nested quantifiers "
                             "(any, all, count, sum)", first)
        start = self.take("(")
        var = self.take(kind="name")
        if (var.text in SUIT_CONSTANTS or var.text in SIGNATURES or var.text in KEYWORDS
                or var.text in BUILTINS):
            raise self.error(f"{shown(var.text)} cannot be a suit variable", var)
        self.take("in")
        suits: list[int] = []
        while True:
            s = self.take(kind="name")
            if s.text in SUIT_CONSTANTS:
                suits.append(SUIT_CONSTANTS[s.text])
            elif s.text in SUIT_GROUPS:
                suits.extend(SUIT_GROUPS[s.text])
            else:
                raise self.error(f"expected a suit (S, H, D, C, SUITS, SHD, MAJORS, MINORS), found {shown(s.text)}", s)
            if self.at(","):
                self.i += 1
                continue
            break
        self.take(":")
        added = var.text not in self.scope
        self.scope.add(var.text)
        body = self.or_()
        if added:
            self.scope.discard(var.text)
        self.take(")")
        self.quants -= 1
        return Quant(kind, var.text, tuple(suits), body, start.pos)


def parse(text: str, suit_vars: frozenset[str] | set[str] = frozenset(), *,
          outcome: bool = True, want: str | None = "bool", num_vars: frozenset[str] = frozenset(),
          local=None, seats: bool = False) -> Expr:
    """Parse and type-check ``text``. ``seats``: descriptors may name a seat (``N.HCP``), for the
    questions about deals (count); elsewhere a seat is an error. ``suit_vars`` are names bound by an enclosing loop (or
    suit parameters of a definition); ``num_vars`` number parameters of a definition; ``local``
    the signatures of a rule file's own definitions (name -> tuple of Signature).

    ``outcome`` allows the outcome names (``bid``, ``section``, ``meets(...)``); ``want`` is the
    required type of the whole expression ("bool", "num", or None for any).
    """
    p = _Parser(text, frozenset(suit_vars))
    e = p.parse()
    got = Checker(text, frozenset(suit_vars), outcome, frozenset(num_vars), local,
                  seats).type_of(e)
    if want == "bool" and got != "bool":
        raise ExprError(f"expected a condition (true/false), found a {_WORD[got]}", text, _pos(e))
    if want == "num" and got not in ("num", "suit"):
        raise ExprError(f"expected a number, found a {_WORD[got]}", text, _pos(e))
    return e


_WORD = {"num": "number", "suit": "suit", "bool": "condition", "str": "string"}


def _pos(e: Expr) -> int:
    return getattr(e, "pos", 0)


class Checker:
    """Static types: catches ``HCP and 3``, unknown names, wrong argument counts, at parse time."""

    def __init__(self, text: str, suit_vars: frozenset[str], outcome: bool,
                 num_vars: frozenset[str] = frozenset(), local=None,
                 seats: bool = False) -> None:
        self.text = text
        self.seats = seats
        self.scope = set(suit_vars)
        self.outcome = outcome
        self.nums = num_vars
        self.local = local

    def err(self, msg: str, e: Expr) -> ExprError:
        return ExprError(msg, self.text, _pos(e))

    def _seat(self, name: str, e: Expr) -> bool:
        """Whether ``name`` names a seat (``N.HCP``); an error where seats are not allowed."""
        if len(name) > 2 and name[1] == "." and name[0] in "NESW":
            if not self.seats:
                raise self.err(f"{shown(name)} names a seat; a seat is allowed only in questions "
                               "about deals (openbid count), not here", e)
            return True
        return False

    def expect(self, e: Expr, *types: str) -> str:
        t = self.type_of(e)
        ok = t in types or (t == "suit" and "num" in types)
        if not ok:
            want = " or ".join(_WORD[x] for x in types)
            raise self.err(f"expected a {want} here, found a {_WORD[t]}", e)
        return t

    def type_of(self, e: Expr) -> str:
        if isinstance(e, Const):
            if isinstance(e.value, bool):
                return "bool"
            return "str" if isinstance(e.value, str) else "num"
        if isinstance(e, Name):
            if e.id in self.scope:
                return "suit"
            if e.id in SUIT_CONSTANTS:
                return "suit"
            if e.id in self.nums:
                return "num"
            if self._seat(e.id, e):
                return self.type_of(Name(e.id[2:], e.pos))
            sig = signature(e.id, 0, self.local)
            if sig is None:
                sigs = _sigs(e.id, self.local)
                if not sigs:
                    raise self.err(f"unknown name {shown(e.id)}{_suggest(e.id)}", e)
                s0 = sigs[0]
                raise self.err(f"{e.id} needs {len(s0.args)} argument(s): {e.id}({', '.join(s0.args)})", e)
            if sig.kind == "outcome" and not self.outcome:
                raise self.err(f"{shown(e.id)} is an outcome; it cannot be used in a rule", e)
            return sig.result
        if isinstance(e, Call):
            if e.fn == "count":  # produced by expand_quantifiers
                for a in e.args:
                    self.expect(a, "bool")
                return "num"
            if e.fn in BUILTINS:
                return self.builtin(e)
            if self._seat(e.fn, e):
                return self.type_of(Call(e.fn[2:], e.args, e.pos))
            sig = signature(e.fn, len(e.args), self.local)
            if sig is None:
                sigs = _sigs(e.fn, self.local)
                if not sigs:
                    raise self.err(f"unknown function {shown(e.fn)}{_suggest(e.fn)}", e)
                if not any(s.args for s in sigs):
                    raise self.err(f"{e.fn} takes no arguments", e)
                sig = max(sigs, key=lambda s: len(s.args))
            if sig.kind == "outcome" and not self.outcome:
                raise self.err(f"{shown(e.fn)} is an outcome; it cannot be used in a rule", e)
            if len(e.args) != len(sig.args):
                raise self.err(
                    f"{e.fn} takes {len(sig.args)} argument(s) ({', '.join(sig.args) or 'none'}), "
                    f"given {len(e.args)}", e)
            for a, want in zip(e.args, sig.args):
                if want == "suit":
                    if self.type_of(a) != "suit":
                        raise self.err(f"{e.fn} needs a suit (S, H, D, C or a suit variable)", a)
                elif want == "str":
                    if not (isinstance(a, Const) and isinstance(a.value, str)):
                        raise self.err(f'{e.fn} needs a quoted label, e.g. {e.fn}("10")', a)
                elif ".." in want:  # a constant in a range, e.g. SP(i) with i in 1..4
                    lo, hi = (int(x) for x in want.split(".."))
                    if not (isinstance(a, Const) and isinstance(a.value, int)
                            and not isinstance(a.value, bool) and lo <= a.value <= hi):
                        raise self.err(f"{e.fn} needs a constant from {lo} to {hi} here", a)
                else:
                    self.expect(a, "num")
            return sig.result
        if isinstance(e, Neg):
            self.expect(e.operand, "num")
            return "num"
        if isinstance(e, Arith):
            self.expect(e.left, "num")
            self.expect(e.right, "num")
            return "num"
        if isinstance(e, Compare):
            lt = self.type_of(e.left)
            rt = self.type_of(e.right)
            nums = ("num", "suit")
            if lt in nums and rt in nums:
                return "bool"
            if lt == rt == "str" and e.op in ("=", "!="):
                return "bool"
            if lt == rt == "bool" and e.op in ("=", "!="):
                return "bool"
            raise self.err(f"cannot compare a {_WORD[lt]} with a {_WORD[rt]} using {e.op!r}", e)
        if isinstance(e, (And, Or)):
            for it in e.items:
                self.expect(it, "bool")
            return "bool"
        if isinstance(e, Not):
            self.expect(e.operand, "bool")
            return "bool"
        if isinstance(e, Ite):
            self.expect(e.cond, "bool")
            then_t, other_t = self.type_of(e.then), self.type_of(e.other)
            nums = ("num", "suit")
            if then_t in nums and other_t in nums:
                return "num"
            if then_t == other_t == "bool":
                return "bool"
            raise self.err(f"the branches of 'if' must both be numbers or both conditions, "
                           f"found a {_WORD[then_t]} and a {_WORD[other_t]}", e)
        if isinstance(e, Quant):
            added = e.var not in self.scope
            self.scope.add(e.var)
            try:
                self.expect(e.body, "num" if e.kind == "sum" else "bool")
            finally:
                if added:
                    self.scope.discard(e.var)
            return "num" if e.kind in ("count", "sum") else "bool"
        raise TypeError(e)

    def builtin(self, e: Call) -> str:
        if not e.args:
            raise self.err(f"{e.fn} needs at least one argument", e)
        if e.fn == "floor" and len(e.args) != 1:
            raise self.err("floor takes one number", e)
        if e.fn == "largest":
            i = e.args[0]
            n = len(e.args) - 1
            if isinstance(i, Name) and i.id in self.nums:  # a definition's constant parameter
                pass
            elif not (isinstance(i, Const) and isinstance(i.value, int)
                      and not isinstance(i.value, bool) and 1 <= i.value <= n):
                raise self.err(f"largest(i, a, b, ...) needs a constant i from 1 to {max(n, 1)}", i)
        for a in e.args:
            self.expect(a, "num")
        return "num"


def _sigs(name: str, local) -> tuple:
    return tuple((local or {}).get(name, ())) + tuple(SIGNATURES.get(name, ()))


def _suggest(name: str) -> str:
    import difflib

    if len(name) > 40:  # no name is that long
        return ""
    pool = list(SIGNATURES) + list(SUIT_CONSTANTS) + list(SUIT_GROUPS) + list(BUILTINS)
    close = difflib.get_close_matches(name, pool, n=1) or difflib.get_close_matches(
        name.upper(), pool, n=1)
    return f" (did you mean {close[0]}?)" if close else ""
