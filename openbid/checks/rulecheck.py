"""Static checks of a rules table beyond what the reader can see: every bid point makes a real
bid (a BIDVAL of Appendix 5) on every hand that reaches it - proved with Z3, site by site; and
what ``openbid prove`` would refuse or find dead, seen in the file with its line: a call that
cannot be made where its block applies, a block that never applies, a ``define`` after the
first block (:func:`static_problems`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import z3

from openbid.bridge.bids import VALID_BIDVALS
from openbid.systems.rules.model import Rules
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, check, new_solver


@dataclass(frozen=True)
class BadBid:
    label: str
    suit: int | None
    status: Status  # SAT: a hand makes an invalid BIDVAL here; UNKNOWN: undecided
    witness: str | None
    bidval: int | None


def invalid_bidvals(rules: Rules, rlimit: int = DEFAULT_RLIMIT,
                    progress: Callable[[int, int], None] | None = None) -> list[BadBid]:
    """Every bid point that can make a BIDVAL that is no bid; ``progress(done, total)`` after
    each (a long rule file takes a while: each bid point's query holds every earlier one)."""
    sym = SymbolicHand(rules)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    out = []
    sites = sym.execution.sites + sym.execution.tentative
    for i, site in enumerate(sites):
        if progress:
            progress(i, len(sites))
        solver.push()
        solver.add(site.fire, z3.And(*(site.value != v for v in sorted(VALID_BIDVALS))))
        r = check(solver)
        if r.status is Status.SAT:
            assert r.model is not None
            out.append(BadBid(site.label, site.suit, r.status, sym.witness(r.model).to_pbn(),
                              r.model.eval(site.value, model_completion=True).as_long()))
        elif r.status is Status.UNKNOWN:
            out.append(BadBid(site.label, site.suit, r.status, None, None))
        solver.pop()
    if progress:
        progress(len(sites), len(sites))
    return out


# ---- what prove would refuse, seen in the file ---------------------------------------------------
MAX_AUCTIONS = 20_000  # calls tried while a block's pattern is expanded, at most (a pattern
# of many '*' matches more auctions than that: its block is not checked)


@dataclass(frozen=True)
class RuleProblem:
    """One problem of a rule file, at its line: an ``error`` (prove would refuse it, or a rule
    can never apply) or a ``warning`` (a call illegal at some of the auctions its block
    matches: an error when a hand reaches it there)."""

    line: int
    severity: str  # error | warning
    message: str


def static_problems(rules: Rules, text: str = "") -> list[RuleProblem]:
    """Every call that cannot be made where its block applies (X or XX at the opening, a constant
    insufficient bid, XX with no double to redouble), every block that never applies (no legal
    auction matches its pattern, or an earlier block takes every auction it matches), and every
    ``define`` after the first auction block (``text``: the file)."""
    from openbid.systems.auction_facts import illegal

    out: list[RuleProblem] = []
    for _, bid in rules.bids():
        call = _constant_call(bid.value)
        if call in ("X", "XX"):
            out.append(RuleProblem(bid.line, "error", f"bid point {bid.label} calls {call} at "
                                   f"the opening, where nobody has bid: {illegal((), call)}"))
    blocks = list(rules.auctions)
    by_length: dict[int, list[int]] = {}
    for i, b in enumerate(blocks):
        by_length.setdefault(len(b.tokens), []).append(i)
    for i, b in enumerate(blocks):
        auctions = _expand(b)
        if auctions is None:
            continue  # too many to enumerate
        if not auctions:
            out.append(RuleProblem(b.line, "error", f'block "{b.pattern}" never applies: no '
                                   "legal auction matches its pattern"))
            continue
        mine = [(a, bind_) for a, bind_ in auctions if _first_block(blocks, by_length, a) == i]
        if not mine:
            j = _first_block(blocks, by_length, auctions[0][0])
            assert j is not None
            out.append(RuleProblem(b.line, "error", f'block "{b.pattern}" never applies: an '
                                   f'earlier block takes every auction it matches (block '
                                   f'"{blocks[j].pattern}", line {blocks[j].line})'))
            continue
        table = Rules(b.sections, rules.readings, rules.name, rules.definitions)
        for _, bid in table.bids():
            bad = []
            for a, binding in mine:
                call = _constant_call(bid.value, binding)
                if call is not None:
                    why = illegal(a, call)
                    if why:
                        bad.append((a, call, why))
            if not bad:
                continue
            a, call, why = bad[0]
            where = " ".join(a)
            if len(bad) == len(mine):
                out.append(RuleProblem(bid.line, "error", f'bid point {b.pattern}/{bid.label} '
                                       f"calls {call}, which cannot be made at any auction its "
                                       f"block applies to (after '{where}': {why})"))
            else:
                out.append(RuleProblem(bid.line, "warning", f"bid point {b.pattern}/{bid.label} "
                                       f"calls {call}, illegal at {len(bad)} of the {len(mine)} "
                                       f"auctions its block applies to (after '{where}': {why}); "
                                       "a hand reaching it there is an error"))
    out += _late_defines(text)
    return sorted(out, key=lambda p: (p.line, p.message))


def _late_defines(text: str) -> list[RuleProblem]:
    """``define`` lines after the first ``auction`` block (they belong at the top of the file:
    every block reads the file's definitions)."""
    out = []
    seen_block = 0
    for no, raw in enumerate(text.splitlines(), 1):
        if raw[:1].isspace():
            continue
        word = raw.split()[0] if raw.strip() else ""
        if word == "auction" and not seen_block:
            seen_block = no
        elif word == "define" and seen_block:
            out.append(RuleProblem(no, "error", f"a define after the first auction block (line "
                                   f"{seen_block}): definitions belong at the top of the file, "
                                   "before the first block, where every block reads them"))
    return out


_ANY = ("PASS", "X", "XX") + tuple(f"{lv}{s}" for lv in range(1, 8)
                                   for s in ("C", "D", "H", "S", "NT"))


def _expand(block) -> list[tuple[tuple[str, ...], dict[str, int]]] | None:
    """Every legal auction (no leading passes; not ended) the block's pattern matches, with the
    binding of its suit variables; None past :data:`MAX_AUCTIONS`."""
    from openbid.systems.auction_facts import SUIT_LETTERS, ended, illegal

    domains = dict(block.variables)
    out: list = []
    tried = [0]

    def go(k: int, prefix: tuple[str, ...], binding: dict[str, int]) -> bool:
        tried[0] += 1
        if tried[0] > MAX_AUCTIONS:
            return False
        if k == len(block.tokens):
            if not ended(prefix):
                out.append((prefix, dict(binding)))
            return True
        tok = block.tokens[k]
        options: list[tuple[str, tuple[str, int] | None]]
        if tok[0] == "call":
            options = [(tok[1], None)]
        elif tok[0] == "any":
            options = [(c, None) for c in _ANY]
        else:
            _, level, var = tok
            suits = [binding[var]] if var in binding else domains.get(var, (1, 2, 3, 4))
            options = [(f"{level}{SUIT_LETTERS[s]}", (var, s)) for s in suits]
        for call, bound in options:
            if illegal(prefix, call):
                continue
            nb = dict(binding)
            if bound is not None:
                nb[bound[0]] = bound[1]
            if not go(k + 1, prefix + (call,), nb):
                return False
        return True

    return out if go(0, (), {}) else None


def _first_block(blocks: list, by_length: dict[int, list[int]],
                 auction: tuple[str, ...]) -> int | None:
    """The block in force at ``auction`` (the first whose pattern matches), by its index."""
    from openbid.systems.auction_facts import match

    for j in by_length.get(len(auction), ()):
        b = blocks[j]
        if match(b.tokens, dict(b.variables), auction) is not None:
            return j
    return None


def _constant_call(value, binding: dict[str, int] | None = None) -> str | None:
    """The call of a bid's value when it is a constant once the pattern's suit variables are
    bound (None: it depends on the hand or on a loop)."""
    from openbid.bridge.bids import bid_text
    from openbid.expr.ast import Arith, Const, bind

    e = bind(value, {k: Const(v) for k, v in (binding or {}).items()})

    def fold(x):
        if isinstance(x, Const):
            return x.value
        if isinstance(x, Arith) and x.op in "+-*":
            a, b = fold(x.left), fold(x.right)
            if isinstance(a, int) and isinstance(b, int):
                return {"+": a + b, "-": a - b, "*": a * b}[x.op]
        return None

    v = fold(e)
    if isinstance(v, int) and not isinstance(v, bool) and v in VALID_BIDVALS:
        return bid_text(v)
    return None
