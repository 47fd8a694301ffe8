"""Soundness of the class abstraction: OPENBID's bid depends only on which of
A K Q J T each suit holds and each suit's length - the paper's own premise (p. 10), on which the
exact enumeration over 34,033,880 classes rests.

Two arguments, both mechanical:
1. By construction, :mod:`openbid.systems.descriptors` and the Z3 and numpy models read a hand only
   through ``Hand.key`` (honour mask and length per suit).
2. The literal Algol (openbid.studies.paper.algol) reads the actual cards; here it is run on different concrete
   hands of the same class (spot cards 2-9 chosen differently), and every PRELIM value and the
   bid must be identical within each class.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from openbid.studies.paper.algol import algol_openbid
from openbid.bridge.hand import SPOTS, Hand, Holding
from openbid.systems.rules.model import Rules
from openbid.studies.paper.agreement import algol_readings, class_hand, random_classes

_NUM = {"A": 1, "K": 13, "Q": 12, "J": 11, "T": 10, **{r: int(r) for r in "98765432"}}
_OFF = {"S": 39, "H": 26, "D": 13, "C": 0}


def cards(hand: Hand) -> list[int]:
    return [_OFF[s] + _NUM[r] for s, h in zip("SHDC", hand.holdings) for r in h.ranks]


@dataclass
class Soundness:
    classes: int = 0
    hands: int = 0
    violations: list[tuple[str, str, str]] = field(default_factory=list)  # (class, hand a, hand b)

    @property
    def holds(self) -> bool:
        return not self.violations


def _fillings(cls: Hand, rng: random.Random, k: int) -> list[Hand]:
    """Up to ``k`` concrete hands of the class, with different spot cards."""
    choices = []
    for h in cls.holdings:
        free = [r for r in SPOTS if r not in h.ranks]
        combos = list(combinations(free, h.xs))
        choices.append(combos)
    out = []
    for _ in range(k):
        parts = []
        for h, combos in zip(cls.holdings, choices):
            pick = rng.choice(combos)
            parts.append(Holding("".join(sorted(h.ranks + "".join(pick), key="AKQJT98765432".index)), 0))
        out.append(Hand(*parts))
    return out


def check_spot_independence(rules: Rules, n_classes: int = 2000, per_class: int = 6,
                            seed: int = 0) -> Soundness:
    readings = algol_readings(rules)
    rng = random.Random(seed)
    out = Soundness()
    for ids in random_classes(n_classes, seed):
        cls = class_hand(ids)
        hands = _fillings(cls, rng, per_class)
        first = None
        for h in hands:
            r = algol_openbid(cards(h), readings)
            sig = (r.bidval, r.section, tuple(sorted((k, repr(v)) for k, v in r.prelim.items())))
            out.hands += 1
            if first is None:
                first = (h, sig)
            elif sig != first[1]:
                out.violations.append((cls.to_pbn(), first[0].to_pbn(), h.to_pbn()))
                break
        out.classes += 1
    return out
