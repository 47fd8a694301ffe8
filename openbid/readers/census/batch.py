"""Bidding many hands at once: each suit is read through a cache into its state of the rules'
rank model, and the whole batch runs through the numpy reader of the rules table (the census
engine) in one go."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from openbid.model.hand import DISPLAY_ORDER, Hand, _holding
from openbid.model.ranks import RankModel
from openbid.model.rules.model import Rules
from openbid.readers.census.passes import Pass, spec_for


@lru_cache(maxsize=16)
def batch_pass(rules: Rules, exprs: tuple = ()) -> Pass:
    """The rules' pass with every state its own (nothing merged): rows are hands."""
    from openbid.readers.census.passes import plan

    return plan(spec_for(rules, exprs, outcome=True, merge=False))


@lru_cache(maxsize=1 << 16)
def _suit(text: str, suit_index: int, model: RankModel) -> tuple[int, int, str]:
    """(state, length, normalized text) of one suit of a PBN hand; HandError if bad."""
    h = _holding(text, DISPLAY_ORDER[suit_index])
    return _state(model, h.ranks, h.xs), h.length, h.text()


def _state(model: RankModel, ranks: str, xs: int) -> int:
    held = "".join(r for r in ranks if r in model.tracked)
    small = xs + len(ranks) - len(held)
    if small > model.max_small:
        from openbid.model.errors import HandError

        raise HandError(f"{ranks}{'x' * xs}: more small cards than ranks "
                        f"{model.small_ranks} hold")
    return model.state(held, small)


def read(text: str, model: RankModel) -> tuple[tuple[int, int, int, int], str]:
    """States (C, D, H, S) under ``model`` and the PBN of one hand; HandError if it cannot be
    read."""
    body = text.strip()
    parts = body.split(".")
    if len(parts) == 4 and ":" not in body:
        got = [_suit(p.replace(" ", ""), i, model) for i, p in enumerate(parts)]
        total = sum(g[1] for g in got)
        if total != 13:
            Hand.parse(text)  # the full reader names the problem
        s, h, d, c = got
        return (c[0], d[0], h[0], s[0]), f"{s[2]}.{h[2]}.{d[2]}.{c[2]}"
    hand = Hand.parse(text)
    ids = tuple(_state(model, hand.holding(su).ranks, hand.holding(su).xs)  # type: ignore[arg-type]
                for su in (1, 2, 3, 4))
    return ids, hand.to_pbn()  # type: ignore[return-value]


def bid_many(rules: Rules, ids: list[tuple[int, int, int, int]]) -> tuple[np.ndarray, list[str]]:
    """BIDVAL and section label of every hand (given as states of the rules' model), by the
    numpy reader."""
    from openbid.readers.census.domain import Chunk

    if not ids:
        return np.zeros(0, dtype=np.int16), []
    arr = np.array(ids, dtype=np.intp)
    p = batch_pass(rules)
    view = p.view_of(Chunk({s: arr[:, s - 1] for s in (1, 2, 3, 4)}))
    bidval, section = view.reader(0).outcome
    labels = rules.labels
    return bidval, [labels[i] for i in section.tolist()]


def bid_lines(rules: Rules, lines: list[str]):
    """Every line of a block bid at once: (canonical texts, BIDVALs, section labels, errors as
    (line index, message)). Canonical PBN lines are read by numpy (openbid.readers.census.fastread),
    the rest by the hand parser."""
    from openbid.readers.census.domain import Chunk
    from openbid.readers.census.fastread import read_block
    from openbid.readers.census.sample import states

    has, texts, errors = read_block(lines)
    if not texts:
        return [], np.zeros(0, dtype=np.int16), [], errors
    p = batch_pass(rules)
    view = p.view_of(Chunk(states(has, p.model)))
    bidval, section = view.reader(0).outcome
    labels = rules.labels
    return texts, bidval, [labels[i] for i in section.tolist()], errors
