"""Mutants of a rules table, for the mutation benchmark.

Every mutation site of a table is enumerated deterministically, by kind:

    flip           a comparison flipped: >= to >, <= to <, = to != (and > to >=, < to <=, != to =)
    const          an integer constant of a condition moved by +1 or -1 (not SP's index argument;
                   BIDVAL expressions are left alone, so every mutant still bids legal values)
    drop           one conjunct dropped from an ``and`` of two or more
    swap-sections  the guards, names and bodies of sections k and k+1 exchanged, numbers kept and
                   bid labels renumbered ("12a" -> "11a"); skipped where a jump would then point
                   backwards (the rule file would not load)
    swap-steps     two adjacent statements of one block exchanged (at any depth)
    suits          a ``for`` loop's suit order reversed

A mutant is a :class:`Rules` built with ``dataclasses.replace``; conditions are the section
guards and every ``when`` (bids, resumes, gotos, ifs).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from openbid.expr.ast import And, Call, Compare, Const, Expr, Neg, children, conj
from openbid.expr.ast import rebuild as rebuild_expr
from openbid.systems.rules.model import Bid, ForSuits, Goto, If, Rules, Section, Step

KINDS = ("flip", "const", "drop", "swap-sections", "swap-steps", "suits")
FLIP = {">=": ">", "<=": "<", "=": "!=", ">": ">=", "<": "<=", "!=": "="}


@dataclass(frozen=True)
class Mutant:
    kind: str
    where: str  # e.g. "s10 guard: HCP >= 6 -> HCP > 6"
    rules: Rules


# ---- expressions: nodes by pre-order index (the order of openbid.expr.ast.walk) -----------------
def _nodes(e: Expr, parent: Expr | None = None, slot: int = 0) -> Iterator[tuple[Expr, Expr | None, int]]:
    yield e, parent, slot
    for i, c in enumerate(_kids(e)):
        yield from _nodes(c, e, i)


def _kids(e: Expr) -> tuple[Expr, ...]:
    return children(e)


def _with_kids(e: Expr, kids: list[Expr]) -> Expr:
    it = iter(kids)
    return rebuild_expr(e, lambda _: next(it))


def _rewrite(e: Expr, index: int, fn: Callable[[Expr], Expr]) -> Expr:
    """``e`` with its pre-order node number ``index`` replaced by ``fn(node)``."""
    counter = [0]

    def go(x: Expr) -> Expr:
        i = counter[0]
        counter[0] += 1
        if i == index:
            counter[0] += sum(1 for _ in _nodes(x)) - 1
            return fn(x)
        kids = _kids(x)
        if not kids:
            return x
        return _with_kids(x, [go(k) for k in kids])

    return go(e)


def _int(v: int) -> Expr:
    """An integer constant as the parser builds it: ``-1`` is ``Neg(Const(1))``."""
    return Neg(Const(-v)) if v < 0 else Const(v)


def _expr_mutations(e: Expr) -> Iterator[tuple[str, str, Callable[[Expr], Expr]]]:
    """(kind, description, whole-expression rewrite) for every site in ``e``."""
    from openbid.expr import unparse

    for i, (node, parent, slot) in enumerate(_nodes(e)):
        if isinstance(node, Compare):
            op = FLIP[node.op]
            yield ("flip", f"{unparse(node)} -> {op}",
                   lambda x, i=i, op=op: _rewrite(x, i, lambda n: replace(n, op=op)))
        if (isinstance(node, Const) and isinstance(node.value, int)
                and not isinstance(node.value, bool)
                and not (isinstance(parent, Call) and parent.fn == "SP")):
            for d in (+1, -1):
                yield ("const", f"{node.value} -> {node.value + d} in {unparse(parent or node)}",
                       lambda x, i=i, d=d: _rewrite(x, i, lambda n: _int(n.value + d)))
        if isinstance(node, And) and len(node.items) >= 2:
            for k, item in enumerate(node.items):
                yield ("drop", f"drop {unparse(item)}",
                       lambda x, i=i, k=k: _rewrite(
                           x, i, lambda n: conj(*(it for j, it in enumerate(n.items) if j != k))))


# ---- the rules table: every condition, every block -----------------------------------------------
def _step_sites(steps: tuple[Step, ...], path: str) -> Iterator[tuple[str, Callable]]:
    """(where, rebuild) pairs: rebuild(fn) maps the tuple of steps with fn applied at ``where``.

    Sites are conditions (``fn: Expr -> Expr``), blocks (``fn: tuple -> tuple``) and loops
    (``fn: ForSuits -> ForSuits``), told apart by the name's suffix."""
    yield f"{path}#block", lambda fn: fn(steps)
    for i, st in enumerate(steps):
        here = f"{path}[{i}]"

        def at(fn_step, i=i):
            return steps[:i] + (fn_step(steps[i]),) + steps[i + 1:]

        if not isinstance(st, ForSuits):
            yield f"{here}.when", lambda fn, at=at: at(lambda s: replace(s, when=fn(s.when)))
        if isinstance(st, Bid) and st.resume is not None:
            yield f"{here}.resume", lambda fn, at=at: at(
                lambda s: replace(s, resume=replace(s.resume, when=fn(s.resume.when))))
        if isinstance(st, ForSuits):
            yield f"{here}#loop", lambda fn, at=at: at(fn)
        if isinstance(st, (If, ForSuits)):
            for where, rebuild in _step_sites(st.body, f"{here}.body"):
                yield where, lambda fn, at=at, rebuild=rebuild: at(
                    lambda s, fn=fn, rebuild=rebuild: replace(s, body=rebuild(fn)))


def _get(rebuild: Callable):
    """The object at a site (read by rebuilding with an identity that records it)."""
    seen: list = []
    rebuild(lambda x: (seen.append(x), x)[1])
    return seen[0]


def all_mutants(rules: Rules) -> dict[str, list[Mutant]]:
    """Every mutant of ``rules``, by kind, in a fixed order."""
    out: dict[str, list[Mutant]] = {k: [] for k in KINDS}
    sections = list(rules.sections)

    def with_section(k: int, sec: Section, name: str) -> Rules:
        secs = sections[:k] + [sec] + sections[k + 1:]
        return replace(rules, sections=tuple(secs), name=name)

    for k, sec in enumerate(sections):
        tag = f"s{sec.number}"
        conds: list[tuple[str, Expr, Callable[[Callable], Section]]] = [
            ("guard", sec.guard, lambda fn, sec=sec: replace(sec, guard=fn(sec.guard)))]
        for where, rebuild in _step_sites(sec.body, "body"):
            if where.endswith("#block"):
                block = _get(rebuild)
                for i in range(len(block) - 1):
                    new = replace(sec, body=rebuild(
                        lambda b, i=i: b[:i] + (b[i + 1], b[i]) + b[i + 2:]))
                    out["swap-steps"].append(Mutant(
                        "swap-steps", f"{tag} {where[:-6]}: steps {i} and {i + 1} exchanged",
                        with_section(k, new, "")))
            elif where.endswith("#loop"):
                loop = _get(rebuild)
                if len(loop.suits) >= 2:
                    new = replace(sec, body=rebuild(lambda s: replace(s, suits=s.suits[::-1])))
                    out["suits"].append(Mutant(
                        "suits", f"{tag} {where[:-5]}: for {loop.var} in {_suits(loop.suits)} -> "
                        f"{_suits(loop.suits[::-1])}", with_section(k, new, "")))
            else:
                cond = _get(rebuild)
                conds.append((where, cond, lambda fn, sec=sec, rebuild=rebuild: replace(
                    sec, body=rebuild(fn))))
        for where, cond, rebuild_sec in conds:
            if where == "guard" and cond == Const(True):
                continue
            for kind, text, fn in _expr_mutations(cond):
                new = rebuild_sec(fn)
                out[kind].append(Mutant(kind, f"{tag} {where}: {text}", with_section(k, new, "")))
    for k in range(len(sections) - 1):
        swapped = _swap_sections(rules, k)
        if swapped is not None:
            a, b = sections[k].number, sections[k + 1].number
            out["swap-sections"].append(Mutant("swap-sections", f"sections {a} and {b} exchanged",
                                               swapped))
    return out


def _suits(suits: tuple[int, ...]) -> str:
    return ", ".join("CDHS"[s - 1] for s in suits)


def _swap_sections(rules: Rules, k: int) -> Rules | None:
    """Sections k and k+1 (positions) with guards, names, bodies and ``else`` exchanged, or None
    if a jump would no longer point forward."""
    a, b = rules.sections[k], rules.sections[k + 1]
    if b.number != a.number + 1:
        return None
    new_a = replace(a, name=b.name, guard=b.guard, otherwise=b.otherwise,
                    body=_relabel(b.body, b.number, a.number))
    new_b = replace(b, name=a.name, guard=a.guard, otherwise=a.otherwise,
                    body=_relabel(a.body, a.number, b.number))
    for sec in (new_a, new_b):
        if sec.otherwise is not None and sec.otherwise <= sec.number:
            return None
        if any(t <= sec.number for t in _targets(sec.body)):
            return None
    secs = list(rules.sections)
    secs[k], secs[k + 1] = new_a, new_b
    return replace(rules, sections=tuple(secs))


def _relabel(steps: tuple[Step, ...], old: int, new: int) -> tuple[Step, ...]:
    out: list[Step] = []
    for st in steps:
        if isinstance(st, Bid):
            out.append(replace(st, label=re.sub(rf"^{old}", str(new), st.label)))
        elif isinstance(st, (If, ForSuits)):
            out.append(replace(st, body=_relabel(st.body, old, new)))
        else:
            out.append(st)
    return tuple(out)


def _targets(steps: tuple[Step, ...]) -> Iterator[int]:
    for st in steps:
        if isinstance(st, Goto):
            yield st.target
        elif isinstance(st, Bid) and st.resume is not None:
            yield st.resume.target
        elif isinstance(st, (If, ForSuits)):
            yield from _targets(st.body)


def sample(rules: Rules, total: int, seed: int) -> list[Mutant]:
    """A deterministic sample of about ``total`` mutants spread evenly over the kinds, named
    ``m01-flip``, ``m02-flip``, ..."""
    rng = random.Random(seed)
    chosen: list[Mutant] = []
    for n, (kind, mutants) in enumerate(all_mutants(rules).items()):
        want = total // len(KINDS) + (n < total % len(KINDS))
        pick = rng.sample(mutants, min(want, len(mutants)))
        chosen.extend(sorted(pick, key=mutants.index))
    return [replace(m, rules=replace(m.rules, name=f"m{i:02d}-{m.kind}"))
            for i, m in enumerate(chosen, 1)]
