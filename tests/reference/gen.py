"""Hypothesis strategies: random rule files (as text, so that the parser is exercised) and random
claims files over the reference's vocabulary (reference.interp).

A file has a few sections (numbers increasing, with gaps, sometimes past 14: the pass is then
one past the last), each with an optional guard and
``else goto``, and statements nested a few levels: ``bid`` (a plain call, or ``N suit`` in a loop;
sometimes ``resume``), ``goto``, ``if`` and ``for suit in``. Jumps go forward, to a later section
or to the pass label. Labels are OPENBID's style (section number and a letter) or, in a file
drawn with ``names``, names (``open``, ``w.2``, ``x-1_b``).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

SUITS = ("S", "H", "D", "C")
CALLS = ("PASS", "1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3NT", "4S")
OPS = ("=", "!=", "<", "<=", ">", ">=")
FIRST_PASS = 14


@dataclass(frozen=True)
class RuleFile:
    text: str
    labels: tuple[str, ...]  # bid points, in file order
    calls: tuple[str, ...]  # every plain call written


def suit_terms(scope: tuple[str, ...]):
    return st.sampled_from(SUITS + scope)


def atoms(scope: tuple[str, ...]):
    s = suit_terms(scope)
    return st.one_of(
        st.builds(lambda op, n: f"HCP {op} {n}", st.sampled_from(OPS), st.integers(0, 30)),
        st.builds(lambda x, op, n: f"SUITLENGTH({x}) {op} {n}", s, st.sampled_from(OPS),
                  st.integers(0, 8)),
        st.builds(lambda op, n: f"LONGEST {op} {n}", st.sampled_from(OPS), st.integers(3, 9)),
        st.just("BALANCED"),
        st.builds(lambda x: f"SUITLENGTH({x}) = LONGEST", s),
        st.builds(lambda a, d: f"{a} <= HCP <= {a + d}", st.integers(0, 25), st.integers(0, 10)),
        st.builds(lambda x, n: f"HCP + 2 * SUITLENGTH({x}) >= {n}", s, st.integers(10, 40)),
        st.builds(lambda x, y, n: f"SUITLENGTH({x}) - SUITLENGTH({y}) >= {n}", s, s,
                  st.integers(-2, 4)),
        st.sampled_from(("true", "false")),
    )


def conditions(scope: tuple[str, ...] = (), extra=None):
    base = atoms(scope) if extra is None else st.one_of(atoms(scope), extra)
    return st.recursive(
        base,
        lambda inner: st.one_of(
            st.builds(lambda a: f"not ({a})", inner),
            st.builds(lambda a, b: f"({a}) and ({b})", inner, inner),
            st.builds(lambda a, b: f"({a}) or ({b})", inner, inner),
        ),
        max_leaves=3,
    )


NAMES = ("open", "weak", "w.2", "x-1_b", "Stayman", "a", "n1", "z9.z", "strong-2C")


@st.composite
def rule_files(draw, max_sections: int = 4, max_depth: int = 3, max_number: int = 13) -> RuleFile:
    max_number = draw(st.sampled_from([max_number, max_number, 30]))
    numbers = sorted(draw(st.sets(st.integers(1, max_number), min_size=1, max_size=max_sections)))
    end = max(FIRST_PASS, numbers[-1] + 1)
    names = list(draw(st.permutations(NAMES))) if draw(st.booleans()) else None
    lines = ["name gen"]
    labels: list[str] = []
    calls: list[str] = []
    for idx, n in enumerate(numbers):
        later = numbers[idx + 1:] + [end]
        head = f'section {n} "s{n}"'
        if draw(st.booleans()):
            head += f" when {draw(conditions())}"
        if draw(st.integers(0, 3)) == 0:
            head += f" else goto {draw(st.sampled_from(later))}"
        lines.append(head)
        own: list[str] = []  # this section's labels
        body = draw(_block(1, (), n, later, own, calls, max_depth, names))
        labels.extend(own)
        lines.extend(body)
    if not labels:  # one bid point at least (claims name them)
        labels.append(f"{numbers[-1]}z")
        calls.append("1C")
        lines.append(f"  bid {numbers[-1]}z when {draw(conditions())} value 1C")
    return RuleFile("\n".join(lines) + "\n", tuple(labels), tuple(calls))


def _label(draw, n: int, own: list[str], names: list[str] | None) -> str:
    if own and draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(own))  # a second site of a bid point
    if names:
        own.append(names.pop())
        return own[-1]
    letters = "abcdefghijklmnopqrstuvwxyz"
    for letter in letters:
        lb = f"{n}{letter}"
        if lb not in own:
            own.append(lb)
            return lb
    raise AssertionError("too many bid points in one section")


@st.composite
def _block(draw, depth: int, scope: tuple[str, ...], n: int, later: list[int], own: list[str],
           calls: list[str], max_depth: int, names: list[str] | None = None) -> list[str]:
    pad = "  " * depth
    out: list[str] = []
    kinds = ["bid", "bid", "goto"] + (["if", "for"] if depth < max_depth else [])
    if len(scope) >= 2:
        kinds = [k for k in kinds if k != "for"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(kinds))
        if kind == "bid":
            label = _label(draw, n, own, names)
            if scope and draw(st.booleans()):
                value = f"{draw(st.integers(1, 4))} {draw(st.sampled_from(scope))}"
            else:
                value = draw(st.sampled_from(CALLS))
                calls.append(value)
            line = f"{pad}bid {label} when {draw(conditions(scope))} value {value}"
            if draw(st.integers(0, 4)) == 0:
                line += f" resume {draw(st.sampled_from(later))} when {draw(conditions(scope))}"
            out.append(line)
        elif kind == "goto":
            out.append(f"{pad}goto {draw(st.sampled_from(later))} when {draw(conditions(scope))}")
        elif kind == "if":
            out.append(f"{pad}if {draw(conditions(scope))}")
            out.extend(draw(_block(depth + 1, scope, n, later, own, calls, max_depth, names)))
        else:
            var = f"s{len(scope) + 1}"
            suits = draw(st.permutations(SUITS))[: draw(st.integers(1, 4))]
            out.append(f"{pad}for {var} in {', '.join(suits)}")
            out.extend(draw(_block(depth + 1, scope + (var,), n, later, own, calls, max_depth,
                                   names)))
    return out


def outcome_atoms(rf: RuleFile):
    calls = tuple(sorted(set(rf.calls) | {"PASS", "1C"}))
    return st.one_of(
        st.builds(lambda c: f'bid = "{c}"', st.sampled_from(calls)),
        st.builds(lambda c: f'bid != "{c}"', st.sampled_from(calls)),
        st.builds(lambda lb: f'meets("{lb}")', st.sampled_from(rf.labels)),
        st.builds(lambda lb: f'section = "{lb}"', st.sampled_from(rf.labels)),
    )


@st.composite
def claims_files(draw, rf: RuleFile, max_claims: int = 3) -> str:
    out = []
    for i in range(draw(st.integers(1, max_claims))):
        out += [f"claim c{i}", "  source: generated", "  quote: generated"]
        if draw(st.booleans()):
            out.append(f"  bid: {draw(st.sampled_from(sorted(set(rf.calls) | {'PASS'})))}")
            out.append(f"  shows: {draw(conditions())}")
        else:
            out.append(f"  every: {draw(conditions(extra=outcome_atoms(rf)))}")
            out.append(f"  has: {draw(conditions(extra=outcome_atoms(rf)))}")
        out.append("")
    return "\n".join(out)
