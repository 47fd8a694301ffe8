"""The two OPENBIDs agree: the table-driven engine (numpy census) against the literal Algol
transcription (openbid.model.algol), class by class, over all 34,033,880 hand classes or a sample."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from openbid.model.algol import AlgolReadings, algol_openbid
from openbid.model.rules.model import Rules
from openbid.readers.census.array_hand import ArrayHand
from openbid.readers.census.array_rules import ArrayRules
from openbid.readers.census.enumeration import SUITS, TOTAL_CLASSES, SuitClasses, chunk_plan, class_hand, make_chunk
from openbid.readers.workers import map_chunks

_RANK_NUMBER = {"A": 1, "K": 13, "Q": 12, "J": 11, "T": 10}
_SPOTS_LOW = (2, 3, 4, 5, 6, 7, 8, 9)
_OFFSET = {1: 0, 2: 13, 3: 26, 4: 39}  # Appendix 5: clubs 1-13, diamonds 14-26, ...


def _suit_cards() -> dict[int, list[list[int]]]:
    """Per suit, per suit-class id: the card numbers (honours, then the lowest spot cards)."""
    sc = SuitClasses.build()
    out: dict[int, list[list[int]]] = {}
    for s in SUITS:
        rows = []
        for m, n in zip(sc.mask.tolist(), sc.spots.tolist()):
            ranks = [_RANK_NUMBER[r] for i, r in enumerate("TJQKA") if m >> i & 1]
            ranks += list(_SPOTS_LOW[:n])
            rows.append([_OFFSET[s] + r for r in ranks])
        out[s] = rows
    return out


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


def _check_rows(rules: Rules, chunk, rows: np.ndarray) -> Agreement:
    run = ArrayRules(rules, ArrayHand(chunk, rules.readings))  # type: ignore[arg-type]
    bidval, section = run.outcome
    labels = rules.labels
    readings = AlgolReadings(**rules.readings.as_dict())  # type: ignore[attr-defined]
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
            if len(out.mismatches) < 20:
                h = class_hand((i1[i], i2[i], i3[i], i4[i]))
                out.mismatches.append(Mismatch(h.to_pbn(), eng, (a.bidval, a.section)))
    out.classes = len(rows)
    return out


def _task(rules, i: int) -> Agreement:
    offset, comps = chunk_plan()[i]
    chunk = make_chunk(offset, comps)
    return _check_rows(rules, chunk, np.arange(chunk.size))


def random_classes(n: int, seed: int = 0) -> list[tuple[int, int, int, int]]:
    """``n`` hand classes drawn uniformly from the 34,033,880 (seeded): per-suit class ids."""
    from openbid.readers.census.enumeration import _by_length, compositions

    by_len = _by_length()
    comps = compositions()
    sizes = [int(np.prod([len(by_len[k]) for k in c])) for c in comps]
    rng = random.Random(seed)
    out = []
    for comp in rng.choices(comps, weights=sizes, k=n):
        out.append(tuple(int(rng.choice(by_len[k])) for k in comp))  # type: ignore[misc]
    return out  # type: ignore[return-value]


def check_algol_sample(rules: Rules, n: int, seed: int = 0) -> Agreement:
    """The Algol against the executable engine on ``n`` random classes (for the fast tests)."""
    from openbid.model.procedure import program_for

    program = program_for(rules)
    readings = AlgolReadings(**rules.readings.as_dict())  # type: ignore[attr-defined]
    cards = _suit_cards()
    out = Agreement()
    for ids in random_classes(n, seed):
        hand = class_hand(ids)
        eng = program.bid_hand(hand)
        a = algol_openbid([c for s in SUITS for c in cards[s][ids[s - 1]]], readings)
        out.classes += 1
        if (a.bidval, a.section) != (eng.bidval, eng.section):
            out.mismatch_count += 1
            out.mismatches.append(Mismatch(hand.to_pbn(), (eng.bidval, eng.section),
                                           (a.bidval, a.section)))
    return out


def check_algol(rules: Rules, progress: Callable[[int, int], None] | None = None) -> Agreement:
    """Compare the engine (numpy census) and the Algol on every one of the 34,033,880 classes."""
    total = Agreement()
    expected = TOTAL_CLASSES
    for part in map_chunks(_task, rules, progress, lambda a: a.classes):
        total.classes += part.classes
        total.mismatch_count += part.mismatch_count
        total.mismatches.extend(part.mismatches[: max(0, 20 - len(total.mismatches))])
    if total.classes != expected:
        raise AssertionError(f"checked {total.classes} classes, expected {expected}")
    return total
