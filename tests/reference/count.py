"""Brute-force counts over a reduced hand space, for the reference interpreter (interp).

A suit is (its length, which of A K Q J it holds); the rest of its cards are spot cards (T to 2,
nine of them), chosen in C(9, length - honours) ways. The vocabulary reads only the four suit
lengths and the total of high-card points, so the hands are grouped by (lengths, HCP): each
group's weight is the number of hands in it (a sum of products of the per-suit weights), and
every hand of a group gets the same answer from every expression and from the procedure. The
weights add up to C(52, 13) = 635,013,559,600 (asserted). Each group is run through the
interpreter once, on a concrete representative hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from math import comb

from openbid.expr.ast import Expr
from openbid.bridge.hand import Hand
from openbid.systems.rules.model import Rules

from reference.interp import POINTS, Facts, Hand1, bid_text, pass_number, point_labels

TOTAL = comb(52, 13)
HONOURS = "AKQJ"
SPOTS = "T98765432"


@dataclass(frozen=True)
class Group:
    facts: Facts
    weight: int
    hand: Hand  # a concrete hand of the group


@lru_cache(maxsize=1)
def groups() -> tuple[Group, ...]:
    """Every (lengths, HCP) group of hands, with its exact weight and a representative hand."""
    per_suit: dict[tuple[int, int], list] = {}  # (length, hcp) -> [weight, cards]
    for n in range(5):
        for held in combinations(HONOURS, n):
            hcp = sum(POINTS[c] for c in held)
            for spots in range(10):
                slot = per_suit.setdefault((n + spots, hcp), [0, None])
                slot[0] += comb(9, spots)
                if slot[1] is None:
                    slot[1] = "".join(held) + SPOTS[9 - spots:]
    partial: dict[tuple[tuple[int, ...], int], list] = {((), 0): [1, ()]}
    for _ in range(4):  # clubs, diamonds, hearts, spades
        nxt: dict[tuple[tuple[int, ...], int], list] = {}
        for (lengths, hcp), (w, cards) in partial.items():
            used = sum(lengths)
            for (n, h), (sw, scards) in per_suit.items():
                if used + n > 13:
                    continue
                slot = nxt.setdefault((lengths + (n,), hcp + h), [0, None])
                slot[0] += w * sw
                if slot[1] is None:
                    slot[1] = cards + (scards,)
        partial = nxt
    out = []
    for (lengths, hcp), (w, cards) in partial.items():
        if sum(lengths) != 13:
            continue
        clubs, diamonds, hearts, spades = cards
        out.append(Group(Facts(lengths, hcp), w, Hand.parse(f"{spades}.{hearts}.{diamonds}.{clubs}")))
    assert sum(g.weight for g in out) == TOTAL
    return tuple(out)


@dataclass
class Counts:
    """What the system checks report, counted by brute force: hands meeting each bid point's own
    condition, bid there, taken by each bid point; every pair (later, earlier) meeting both; the
    frequencies (call, bid point); the claims' premise and gap; the state of each point."""

    labels: list[str]  # bid points, file order
    pass_label: str
    meets: dict[str, int] = field(default_factory=dict)
    bids: dict[str, int] = field(default_factory=dict)  # the pass label included
    taken: dict[str, dict[str, int]] = field(default_factory=dict)
    pairs: dict[tuple[str, str], int] = field(default_factory=dict)  # (later, earlier)
    frequencies: dict[tuple[str, str], int] = field(default_factory=dict)
    claims: list[tuple[int, int]] = field(default_factory=list)  # (premise, gap)
    states: dict[str, str] = field(default_factory=dict)


def hands(rules: Rules):
    """Every group with its interpreter: (group, Hand1)."""
    for g in groups():
        yield g, Hand1(rules, g.facts)


def count(rules: Rules, claims: tuple[tuple[Expr, Expr], ...] = (),
          given=None) -> Counts:
    """Every count of the system checks, over the hands meeting ``given`` (all: None): an
    expression, or a function of a group's Facts (a player's history, say)."""
    labels = point_labels(rules)
    c = Counts(labels, str(pass_number(rules)))
    c.meets = {lb: 0 for lb in labels}
    c.bids = {lb: 0 for lb in labels + [c.pass_label]}
    c.taken = {lb: {} for lb in labels}
    c.pairs = {(labels[j], labels[i]): 0 for j in range(len(labels)) for i in range(j)}
    c.claims = [(0, 0) for _ in claims]
    for g, h in hands(rules):
        if given is not None and not (given(g.facts) if callable(given) else h.truth(given, {})):
            continue
        w = g.weight
        bidval, at = h.outcome()
        c.bids[at] += w
        key = (bid_text(bidval), at)
        c.frequencies[key] = c.frequencies.get(key, 0) + w
        met = [lb for lb in labels if h.meets(lb)]
        for lb in met:
            c.meets[lb] += w
            c.taken[lb][at] = c.taken[lb].get(at, 0) + w
        for j, later in enumerate(met):
            for earlier in met[:j]:
                c.pairs[(later, earlier)] += w
        for k, (premise, conclusion) in enumerate(claims):
            if h.truth(premise, {}):
                p, gap = c.claims[k]
                c.claims[k] = (p + w, gap + (0 if h.truth(conclusion, {}) else w))
    for n, lb in enumerate(labels):
        if c.bids[lb]:
            c.states[lb] = "reachable"
        elif not c.meets[lb]:
            c.states[lb] = "impossible"
        elif sum(h for at, h in c.taken[lb].items() if at in labels[:n]) == c.meets[lb]:
            c.states[lb] = "shadowed"  # every hand meeting it is bid at an earlier point
        else:
            c.states[lb] = "unreachable"
    return c


def weight_where(rules: Rules, cond: Expr) -> int:
    """Hands on which ``cond`` holds."""
    return sum(g.weight for g, h in hands(rules) if h.truth(cond, {}))


def grouped(rules: Rules, key) -> dict:
    """Hands per value of ``key(Hand1)``."""
    out: dict = {}
    for g, h in hands(rules):
        k = key(h)
        out[k] = out.get(k, 0) + g.weight
    return out


def claim_verdict(premise: int, gap: int) -> str:
    return "vacuous" if not premise else ("failed" if gap else "held")
