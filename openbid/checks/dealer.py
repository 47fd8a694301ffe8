"""Deals whose auction under a system begins a given way, drawn uniformly among all such deals.

An auction prefix constrains each seat on its own: every call a seat made is the system's choice
at its node, a condition of that seat's hand (:meth:`System.consistent`, read with the seat's
vulnerability). A deal begins the auction exactly when each of the four hands meets its seat's
condition. The draw:

1. every seat's condition is counted exactly over all C(52,13) hands (the census); the seat
   whose condition is rarest is the ANCHOR;
2. the anchor's hand is drawn uniformly among the hands meeting its condition, by exact class
   weights (:mod:`openbid.readers.census.draw`: a class with probability its weight over the
   total, then its small cards uniformly), so a rare anchor costs no more than a common one;
3. the other 39 cards are dealt uniformly to the other three seats, and the deal is kept when
   every other seat meets its condition (re-read by the executor), else step 3 is repeated
   with a new anchor hand.

Step 2 gives each hand of the anchor's condition the same chance, step 3 each way of dealing the
rest: every deal meeting all four conditions is equally likely. Each kept deal is then bid to
the end by :meth:`System.bid_deal`, and its auction must begin with the given calls.

The auction's probability is P(anchor) (exact) times the share of step 3's deals kept: exact
when no other seat is constrained, otherwise an ESTIMATE with a 95% Wilson interval on that
share.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Callable

from openbid.systems.auction import SEATS, DealAuction, System, parse_auction
from openbid.base.errors import OpenbidError
from openbid.base.stats import wilson
from openbid.expr.ast import TRUE, Const, Expr, bind
from openbid.bridge.hand import Hand
from openbid.bridge.notation import cards_text, hand_cards
from openbid.checks.partnership import contexts, offset
from openbid.checks.search import Disagreement

TOTAL_HANDS = math.comb(52, 13)


@dataclass
class Drawn:
    deals: list[tuple[dict[str, Hand], DealAuction]] = field(default_factory=list)
    anchor: str = ""
    anchor_count: int = 0  # hands meeting the anchor's condition (exact)
    seat_counts: dict[str, int] = field(default_factory=dict)
    tried: int = 0  # step-3 deals made
    kept: int = 0
    anchor_drawn: int = 0  # anchor hands drawn (step 2)
    seconds: float = 0.0

    @property
    def exact(self) -> bool:
        return all(c == TOTAL_HANDS for s, c in self.seat_counts.items() if s != self.anchor)

    @property
    def probability(self) -> float:
        p = self.anchor_count / TOTAL_HANDS
        return p if self.exact else p * self.kept / max(1, self.tried)

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the probability (the point when exact)."""
        p0 = self.anchor_count / TOTAL_HANDS
        if self.exact:
            return self.probability, self.probability
        lo, hi = wilson(self.kept, self.tried)
        return p0 * lo, p0 * hi


def seat_conditions(system: System, auction: tuple[str, ...], dealer: str,
                    vul: str) -> dict[str, Expr]:
    """Each seat's condition, with its vulnerability bound (a condition of the hand alone)."""
    ctx = contexts(vul, SEATS, dealer)
    out = {}
    for s in SEATS:
        e = system.consistent(auction, offset(dealer, s))
        out[s] = bind(e, {k: Const(v) for k, v in ctx[s].items()})
    return out


def _count(system: System, e: Expr, ctx: dict) -> int:
    if e == TRUE:
        return TOTAL_HANDS
    from openbid.readers.census.census import Census

    return sum(Census([system.rules], ctx).group([], where=e).weights.values())


def draw(system: System, auction_text: str, *, dealer: str = "N", vul: str = "none",
         count: int = 1, seed: int = 1, samples: int = 2000,
         max_tries: int = 2_000_000, constrain: str = SEATS,
         progress: Callable[[int, int | None], None] | None = None) -> Drawn:
    """``count`` deals whose auction begins ``auction_text``, uniformly, from ``seed``; at least
    ``samples`` deals of the other cards are made for the estimate of the auction's probability
    (when another seat is constrained: the deals kept are the first ``count``). ``constrain``:
    the seats whose calls are conditions (the others take any cards; then the deals are not
    bid, as the others' calls may differ). ``progress(deals tried, None)`` every 256 deals
    tried and at the end."""
    from openbid.systems.evaluate import holds
    
    if dealer not in SEATS:
        raise OpenbidError(f"dealer {dealer!r}: expected N, E, S or W")
    if count < 1:
        raise OpenbidError(f"--count {count}: at least 1")
    t0 = time.monotonic()
    auction = parse_auction(auction_text)
    conds = seat_conditions(system, auction, dealer, vul)
    conds = {s: (e if s in constrain else TRUE) for s, e in conds.items()}
    out = Drawn()
    ctx = contexts(vul, SEATS, dealer)
    out.seat_counts = {s: _count(system, e, ctx[s]) for s, e in conds.items()}
    if any(c == 0 for c in out.seat_counts.values()):
        bad = [s for s, c in out.seat_counts.items() if c == 0]
        raise OpenbidError(f"no deal begins {auction_text!r}: no hand of {', '.join(bad)} makes "
                           "its calls (the census counts 0)")
    anchor = min(SEATS, key=lambda s: (out.seat_counts[s], SEATS.index(s)))
    out.anchor, out.anchor_count = anchor, out.seat_counts[anchor]
    others = [s for s in SEATS if s != anchor]
    rng = random.Random(seed)

    def anchor_hands():
        if conds[anchor] == TRUE:
            while True:
                out.anchor_drawn += 1
                yield _hand(rng.sample(range(52), 13))
        from openbid.readers.census.draw import matching_classes

        classes = matching_classes(system.rules, conds[anchor], ctx[anchor])
        if classes.total != out.anchor_count:  # two exact counts: they must agree
            raise Disagreement(f"the census counts {out.anchor_count} hands for {anchor}, its "
                               f"classes weigh {classes.total}")
        while True:
            out.anchor_drawn += 1
            yield classes.draw(rng)

    free = all(conds[s] == TRUE for s in others)
    for hand in anchor_hands():
        if len(out.deals) >= count and (free or out.tried >= samples):
            break
        if out.tried >= max_tries:
            raise OpenbidError(f"gave up after {out.tried:,} deals: {out.kept} kept; the other "
                               "seats' calls are too rare together for this method")
        mine = set(_cards(hand))
        rest = [c for c in range(52) if c not in mine]
        rng.shuffle(rest)
        deal = {anchor: hand}
        for i, s in enumerate(others):
            deal[s] = _hand(rest[13 * i:13 * i + 13])
        out.tried += 1
        if progress is not None and out.tried % 256 == 0:
            progress(out.tried, None)
        if all(holds(conds[s], deal[s], system.rules, tuple(sorted(ctx[s].items())))
               for s in others if conds[s] != TRUE):
            out.kept += 1
            if len(out.deals) >= count:
                continue
            if set(constrain) != set(SEATS):
                out.deals.append((deal, DealAuction(auction)))
                continue
            bid = system.bid_deal(deal, dealer, vul)
            if bid.auction[:len(auction)] != auction:
                raise Disagreement(f"the deal {deal} is bid {' '.join(bid.auction)}, which does "
                                   f"not begin {' '.join(auction)}")
            out.deals.append((deal, bid))
    if progress is not None:
        progress(out.tried, None)
    out.seconds = time.monotonic() - t0
    return out


def _cards(hand: Hand) -> list[int]:
    return hand_cards(hand.to_pbn())


def _hand(cards) -> Hand:
    return Hand.parse(cards_text(cards))


@dataclass
class Gap:
    """An ESTIMATE of the share of consistent pairs of hands that fail the claim: ``failed`` of
    ``pairs`` drawn uniformly (openbid.checks.dealer with only the partners constrained), with
    a 95% Wilson interval."""

    failed: int
    pairs: int
    low: float
    high: float
    seed: int

    @property
    def share(self) -> float:
        return self.failed / self.pairs


def gap_estimate(system: System, auction_text: str, cond: Expr, side: str, *, dealer: str = "N",
                 vul: str = "none", pairs: int = 2000, seed: int = 1) -> Gap:
    """Pairs of the partners' hands drawn uniformly among those consistent with their calls;
    the share failing ``cond`` (re-read on the executable)."""
    from openbid.checks.pair import evaluate_on_deal

    got = draw(system, auction_text, dealer=dealer, vul=vul, count=pairs, seed=seed,
               samples=pairs, constrain=side)
    ctx = contexts(vul, SEATS, dealer)
    k = sum(1 for deal, _ in got.deals if not evaluate_on_deal(cond, deal, system.rules, ctx))
    n = len(got.deals)
    lo, hi = wilson(k, n)
    return Gap(k, n, lo, hi, seed)
