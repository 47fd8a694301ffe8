"""The two OPENBIDs agree: the table-driven engine (numpy census) against the literal Algol
transcription (openbid.studies.paper.algol), class by class, over all 34,033,880 hand classes or a sample."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from openbid.studies.paper.algol import AlgolReadings, algol_openbid
from openbid.systems.rules.model import Rules
from openbid.bridge.hand import Hand
from openbid.bridge.ranks import RankModel
from openbid.readers.census.domain import SUITS, state_hand
from openbid.readers.census.passes import plan, spec_for
from openbid.base.workers import map_chunks

_RANK_NUMBER = {"A": 1, "K": 13, "Q": 12, "J": 11, "T": 10, **{r: int(r) for r in "98765432"}}
_OFFSET = {1: 0, 2: 13, 3: 26, 4: 39}  # Appendix 5: clubs 1-13, diamonds 14-26, ...
OPENBID_MODEL = RankModel.of("AKQJT")  # what the Algol reads (the paper, p. 10)
EXAMPLES = 20  # mismatching hands kept (the count is exact)


def uncheckable(rules: Rules) -> str:
    """Why the literal Algol cannot be compared with ``rules`` ("" when it can): it transcribes
    the 1967 code alone (Appendix 1; the synopsis is compared with the code by ``openbid prove
    synopsis``), computes the 1967 descriptors itself (a rule file's ``define`` cannot reach it)
    and takes only the readings of the OCR'd code."""
    from openbid.systems.variants import VARIANTS

    if VARIANTS.get(rules.name, ("",))[0] != "code.rules":
        what = (f"variant {rules.name}" if rules.name in VARIANTS and not rules.source
                else rules.source or rules.name)
        return (f"{what} is not the 1967 code: check-algol compares the code's rules (variant "
                "code or one of its readings) with the literal Algol; other rules: openbid prove")
    if rules.definitions:
        names = ", ".join(sorted({d.name for d in rules.definitions}))
        shown = f"variant {rules.name}" if not rules.source else rules.source
        return (f"{shown} defines {names} itself, which the literal Algol cannot follow; "
                f"compare it with the code instead: openbid diff code {rules.source or rules.name}")
    return ""


def _suit_cards(model: RankModel = OPENBID_MODEL) -> dict[int, list[list[int]]]:
    """Per suit, per state: the card numbers (the ranks held, then the lowest small cards)."""
    out: dict[int, list[list[int]]] = {}
    for s in SUITS:
        rows = []
        for held, n in zip(model.held, model.small):
            ranks = [_RANK_NUMBER[r] for r in held]
            ranks += [_RANK_NUMBER[r] for r in reversed(model.small_ranks)][:n]
            rows.append([_OFFSET[s] + r for r in ranks])
        out[s] = rows
    return out


def class_hand(states) -> Hand:
    return state_hand(OPENBID_MODEL, states)


def _full(rules: Rules):
    """Every class of OPENBID's model, unmerged: a row is a class."""
    p = plan(spec_for(rules, (), outcome=True, merge=False))
    if p.model != OPENBID_MODEL:
        from openbid.base.errors import OpenbidError

        raise OpenbidError(f"the rules read the ranks {p.model.tracked}, more than the Algol "
                           f"does ({OPENBID_MODEL.tracked}): check-algol cannot compare them")
    return p


def algol_readings(rules: Rules) -> AlgolReadings:
    """The readings of the OCR'd code the rules are run with, as the Algol takes them."""
    r = rules.readings
    return AlgolReadings(playtricks=r.playtricks, solid=r.solid, notrumptry=r.notrumptry)


@dataclass
class Mismatch:
    hand: str
    engine: tuple[int, str]
    algol: tuple[int, str]


@dataclass
class Agreement:
    classes: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    mismatch_count: int = 0

    @property
    def agrees(self) -> bool:
        return self.mismatch_count == 0


def _check_rows(rules: Rules, view, rows: np.ndarray) -> Agreement:
    chunk = view.chunk
    bidval, section = view.reader(0).outcome
    labels = rules.labels
    readings = algol_readings(rules)
    cards = _suit_cards()
    ids = {s: chunk.ids[s] for s in SUITS}
    out = Agreement()
    c1, c2, c3, c4 = cards[1], cards[2], cards[3], cards[4]
    i1, i2, i3, i4 = (ids[s].tolist() for s in SUITS)
    bv, sc = bidval.tolist(), section.tolist()
    for i in rows.tolist():
        hand = c1[i1[i]] + c2[i2[i]] + c3[i3[i]] + c4[i4[i]]
        a = algol_openbid(hand, readings)
        eng = (bv[i], labels[sc[i]])
        if a.bidval != eng[0] or a.section != eng[1]:
            out.mismatch_count += 1
            if len(out.mismatches) < EXAMPLES:
                h = class_hand((i1[i], i2[i], i3[i], i4[i]))
                out.mismatches.append(Mismatch(h.to_pbn(), eng, (a.bidval, a.section)))
    out.classes = len(rows)
    return out


def _task(rules, i: int) -> Agreement:
    view = _full(rules).view(i)
    return _check_rows(rules, view, np.arange(view.size))


def random_classes(n: int, seed: int = 0, model: RankModel = OPENBID_MODEL
                   ) -> list[tuple[int, int, int, int]]:
    """``n`` hand classes drawn uniformly from the model's (seeded): per-suit states."""
    from openbid.readers.census.domain import compositions

    lengths = np.array(model.length)
    by_len = [np.flatnonzero(lengths == k) for k in range(14)]
    comps = compositions()
    sizes = [int(np.prod([len(by_len[k]) for k in c])) for c in comps]
    rng = random.Random(seed)
    out = []
    for comp in rng.choices(comps, weights=sizes, k=n):
        out.append(tuple(int(rng.choice(by_len[k])) for k in comp))  # type: ignore[misc]
    return out  # type: ignore[return-value]


def check_algol_sample(rules: Rules, n: int, seed: int = 0) -> Agreement:
    """The Algol against the executable engine on ``n`` random classes (for the fast tests)."""
    from openbid.systems.procedure import program_for

    program = program_for(rules)
    readings = algol_readings(rules)
    cards = _suit_cards()
    out = Agreement()
    for ids in random_classes(n, seed):
        hand = class_hand(ids)
        eng = program.bid_hand(hand)
        a = algol_openbid([c for s in SUITS for c in cards[s][ids[s - 1]]], readings)
        out.classes += 1
        if (a.bidval, a.section) != (eng.bidval, eng.section):
            out.mismatch_count += 1
            if len(out.mismatches) < EXAMPLES:
                out.mismatches.append(Mismatch(hand.to_pbn(), (eng.bidval, eng.section),
                                               (a.bidval, a.section)))
    return out


def check_algol(rules: Rules, progress: Callable[[int, int], None] | None = None) -> Agreement:
    """Compare the engine (numpy census) and the Algol on every one of the 34,033,880 classes."""
    total = Agreement()
    p = _full(rules)
    expected = p.domain.classes()
    for part in map_chunks(_task, rules, len(p), progress, lambda a: a.classes, expected):
        total.classes += part.classes
        total.mismatch_count += part.mismatch_count
        total.mismatches.extend(part.mismatches[: max(0, EXAMPLES - len(total.mismatches))])
    if total.classes != expected:
        raise AssertionError(f"checked {total.classes} classes, expected {expected}")
    return total
