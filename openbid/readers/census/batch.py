"""Bidding many hands at once: each suit is read through a cache into its class id, and the
whole batch runs through the numpy reader of the rules table (the census engine) in one go."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from openbid.model.hand import DISPLAY_ORDER, Hand, _holding
from openbid.model.rules.model import Rules


@lru_cache(maxsize=1 << 16)
def _suit(text: str, suit_index: int) -> tuple[int, int, str]:
    """(class id, length, normalized text) of one suit of a PBN hand; HandError if bad."""
    h = _holding(text, DISPLAY_ORDER[suit_index])
    return h.honour_mask * 9 + h.spot_count, h.length, h.text()


def read(text: str) -> tuple[tuple[int, int, int, int], str]:
    """Class ids (C, D, H, S) and the PBN of one hand; HandError if it cannot be read."""
    body = text.strip()
    parts = body.split(".")
    if len(parts) == 4 and ":" not in body:
        got = [_suit(p.replace(" ", ""), i) for i, p in enumerate(parts)]
        total = sum(g[1] for g in got)
        if total != 13:
            Hand.parse(text)  # the full reader names the problem
        s, h, d, c = got
        return (c[0], d[0], h[0], s[0]), f"{s[2]}.{h[2]}.{d[2]}.{c[2]}"
    hand = Hand.parse(text)
    ids = tuple(hand.holding(su).honour_mask * 9 + hand.holding(su).spot_count for su in (1, 2, 3, 4))
    return ids, hand.to_pbn()  # type: ignore[return-value]


def bid_many(rules: Rules, ids: list[tuple[int, int, int, int]]) -> tuple[np.ndarray, list[str]]:
    """BIDVAL and section label of every hand (given as class ids), by the numpy reader."""
    from openbid.readers.census.array_hand import ArrayHand
    from openbid.readers.census.array_rules import ArrayRules
    from openbid.readers.census.enumeration import Chunk

    if not ids:
        return np.zeros(0, dtype=np.int16), []
    arr = np.array(ids, dtype=np.int16)
    chunk = Chunk({s: arr[:, s - 1] for s in (1, 2, 3, 4)}, 0)
    bidval, section = ArrayRules(rules, ArrayHand(chunk, rules.readings)).outcome  # type: ignore[arg-type]
    labels = rules.labels
    return bidval, [labels[i] for i in section.tolist()]

