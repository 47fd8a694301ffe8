"""Findings at the table: whether a real deal reaches a node with the bidder's hand in a finding,
and how often a random deal does.

A check at a node ranges over the bidder's hands consistent with the bidder's own earlier calls.
At a table the other three players have called too, from the same 52 cards: a DEAL REACHES the
node (auction from the dealer, a dealer, a vulnerability) when each seat's calls along the
auction are the system's calls for that seat's hand (an off-system point's call is a pass: any
hand makes it). Each seat's calls are a condition of its own hand (:func:`seat_conditions`: the
symbolic execution of each node's rules, written out in descriptors), so a question about the
table is a question about four hands with disjoint cards:

* :func:`at_table` answers for one condition on the bidder's hand (a finding): a deal (four
  hands, each re-bid by the executor along the auction, the bidder's hand re-checked by the
  executor), or a proof that none exists (Z3 over the four hands with disjoint cards; or no
  hand at all), or "undecided within the budget"; and the PROBABILITY that a random deal (that
  dealer and vulnerability) reaches the node with the bidder's hand in the condition:

  - exact when at most two seats are constrained (the others' calls are off-system passes) and
    the two-hand generating functions (:mod:`openbid.checks.planner`) count their conditions,
    or when only the bidder is constrained (the census counts one hand exactly);
  - otherwise an ESTIMATE with a 95% Wilson interval: the bidder's hand (the ANCHOR) is drawn
    uniformly among the hands meeting its condition (exact class weights, so its probability
    ``p0`` is exact), the other 39 cards dealt uniformly, and the share of deals whose other
    seats make their calls estimated (:func:`sample`); the estimate is ``p0`` times that share.

The budget is deterministic (Z3's rlimit, the planner's states, the number of deals dealt, a
seed), never wall-clock time: the same question gets the same answer on any machine.

Returns records; never prints.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np

from openbid.base.errors import OpenbidError
from openbid.base.stats import wilson
from openbid.bridge.hand import Hand, Holding
from openbid.bridge.notation import seat_vul, side_vul
from openbid.bridge.ranks import RANKS
from openbid.expr.ast import FALSE, TRUE, Const, Expr, bind, conj
from openbid.systems.auction import System, chooses_expr, parse_auction
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status
from openbid.bridge.duplicate import VULNERABILITIES as VULS

SEATS = "NESW"
TOTAL_HANDS = comb(52, 13)
WRITTEN_LIMIT = 20_000  # nodes of a written-out call condition; a larger one is read as chose()
RECHECKED = 12  # sampled deals (kept, and rejected) re-bid by the executor per sample
PROBE = 2000  # hands dealt at random to find the rarest seat


# ----------------------------------------------------------------------------- seats and facts

def seat_at(dealer: str, turn: int) -> str:
    """The seat that makes call number ``turn`` (0 the dealer's first)."""
    return SEATS[(SEATS.index(dealer) + turn) % 4]


def offset(dealer: str, seat: str) -> int:
    """The turn offset of ``seat`` from the dealer (0 the dealer)."""
    return (SEATS.index(seat) - SEATS.index(dealer)) % 4


def deal_vul(seat: str, word: str) -> str:
    """The deal's vulnerability (none, NS, EW, both) under which ``seat``'s side is ``word``
    (none, we, they, both)."""
    for v in VULS:
        if seat_vul(v, seat) == word:
            return v
    raise OpenbidError(f"vulnerability {word!r}: expected none, we, they or both")


def context(dealer: str, vul: str, seat: str) -> dict[str, object]:
    """The facts of the deal for ``seat``'s hand: its SEAT (1 the dealer) and VUL, THEYVUL."""
    we, they = side_vul(vul, seat)
    return {"SEAT": offset(dealer, seat) + 1, "THEYVUL": they, "VUL": we}


def ctx_tuple(ctx: dict) -> tuple:
    return tuple(sorted(ctx.items()))


def fixed(e: Expr, ctx: dict) -> Expr:
    """``e`` with the facts of the deal replaced by their values (a condition of the hand)."""
    return _fixed(e, ctx_tuple(ctx))


@lru_cache(maxsize=4096)
def _fixed(e: Expr, ctx: tuple) -> Expr:
    return bind(e, {k: Const(v) for k, v in ctx})  # type: ignore[arg-type]


def _small(e: Expr, limit: int = WRITTEN_LIMIT) -> bool:
    """Whether ``e`` has at most ``limit`` distinct nodes (a written-out condition shares its
    subtrees: walking it as a tree could take very long)."""
    from openbid.expr.ast import children

    seen: set[int] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if len(seen) > limit:
            return False
        stack.extend(children(x))
    return True


@lru_cache(maxsize=16384)
def call_condition(system: System, before: tuple[str, ...], call: str) -> Expr:
    """The hands with which the system calls ``call`` after ``before``: the node's rules written
    out in descriptors (read by every reader without the rules' own tables, so a pass tracks
    only what the condition reads), or ``chose(...)`` when written out it is very large;
    ``true`` for a pass at an off-system point, ``false`` for any other call there."""
    node = system.node(before)
    if node.rules is None:
        return TRUE if call == "PASS" else FALSE
    e = chooses_expr(node.rules, call)
    return e if _small(e) else system.chooses(before, call)


def history(system: System, auction: tuple[str, ...], turn: int) -> Expr:
    """The hands of the player at turn offset ``turn`` (0 the dealer) that make every call that
    player made in ``auction``."""
    return conj(*(call_condition(system, auction[:i], auction[i])
                  for i in range(turn, len(auction), 4)))


def constrained(system: System, auction: tuple[str, ...], dealer: str) -> str:
    """The seats whose calls in ``auction`` say something of their hands: every seat but those
    whose every call is a pass where no block applies."""
    out = set()
    for i, call in enumerate(auction):
        if call != "PASS" or system.node(auction[:i]).rules is not None:
            out.add(seat_at(dealer, i))
    return "".join(s for s in SEATS if s in out)


def seat_conditions(system: System, auction: tuple[str, ...], dealer: str,
                    vul: str) -> dict[str, Expr]:
    """Each seat's condition after ``auction`` (its facts of the deal bound): the hands that
    make its calls."""
    return {s: fixed(history(system, auction, offset(dealer, s)), context(dealer, vul, s))
            for s in SEATS}


def checked_auction(system: System, auction: tuple[str, ...] | str) -> tuple[str, ...]:
    """``auction`` parsed (an illegal one is an error naming the call) and reaching a node where
    someone is to call."""
    a = parse_auction(auction) if isinstance(auction, str) else tuple(auction)
    system.node(a)  # an ended auction is an error
    return a


def not_reached(system: System, auction: tuple[str, ...], turn: int) -> OpenbidError:
    """The error for an auction some player's calls cannot be made in: which player, which call
    no hand makes."""
    text = " ".join(auction) or "(the opening)"
    who = ("the dealer", "the 2nd seat", "the 3rd seat", "the 4th seat")[turn]
    for i in range(turn, len(auction), 4):
        node = system.node(auction[:i])
        if node.rules is None and auction[i] != "PASS":
            return OpenbidError(f"the auction {text!r} is not reached by {system.title}: no "
                                f"block applies after {' '.join(auction[:i]) or 'the opening'}, "
                                f"where the player passes, but {who} calls {auction[i]}")
    calls = " ".join(auction[turn::4])
    return OpenbidError(f"the auction {text!r} is not reached by {system.title}: no hand of "
                        f"{who} makes its calls ({calls}) under the system")


# ----------------------------------------------------------------------------- the budget

@dataclass(frozen=True)
class Budget:
    """What one question may spend, deterministically: Z3's resource limit per query, the
    two-hand generating functions' states, the deals dealt for an estimate, and the seed."""

    rlimit: int = DEFAULT_RLIMIT
    states: int = 3_000_000
    deals: int = 4000
    seed: int = 1

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise OpenbidError(f"deals {self.deals}: at least 1")
        if self.rlimit < 1:
            raise OpenbidError(f"rlimit {self.rlimit}: at least 1")


# ----------------------------------------------------------------------------- figures

@dataclass(frozen=True)
class Probability:
    """A probability: exact (``low == high == value``) or an ESTIMATE with its 95% interval."""

    value: float
    exact: bool
    low: float
    high: float
    method: str
    kept: int = 0  # for an estimate: deals kept of ``tried``
    tried: int = 0

    @staticmethod
    def exactly(count: int, total: int, method: str) -> "Probability":
        p = count / total
        return Probability(p, True, p, p, method)

    @property
    def interval(self) -> tuple[float, float] | None:
        return None if self.exact else (self.low, self.high)

    def text(self) -> str:
        if self.exact:
            return f"{_pct(self.value)} (exact)"
        return f"ESTIMATE {_pct(self.value)} (95%: {_pct(self.low)} .. {_pct(self.high)})"


def _pct(p: float) -> str:
    if p == 0:
        return "0%"
    if p >= 0.001:
        return f"{100 * p:.2f}%"
    return f"{100 * p:.2g}%"


@dataclass(frozen=True)
class Table:
    """A finding at the table.

    ``at_table``: True (``deal`` reaches the node, re-bid by the executor), False (no deal does:
    ``how`` says why, proved), None (undecided within the budget)."""

    at_table: bool | None
    deal: dict[str, Hand] | None
    auction: tuple[str, ...]
    dealer: str
    vul: str
    probability: Probability
    how: str
    nowhere: bool = False  # a dead point whose block applies at no node a hand reaches: dead in
    # the whole system (no deal, and no hand in isolation either)
    # what the executor calls with the bidder's hand of ``deal`` at the node, and at which
    # bid point ("": the pass), found where the deal was (None: not yet)
    made: tuple[str, str] | None = field(default=None, compare=False, repr=False)

    @property
    def bidder(self) -> str:
        return seat_at(self.dealer, len(self.auction))

    def deal_text(self) -> str | None:
        return None if self.deal is None else deal_pbn(self.deal)

    def json(self) -> dict[str, Any]:
        p = self.probability
        return {"at_table": self.at_table, "deal": self.deal_text(), "dealer": self.dealer,
                "vul": self.vul, "probability": p.value,
                "interval": list(p.interval) if p.interval else None, "exact": p.exact,
                "method": p.method, "how": self.how, "nowhere": self.nowhere}


def deal_pbn(deal: dict[str, Hand], first: str = "N") -> str:
    """``N:AK.Q.J.T 432.... ...`` (PBN's Deal tag, from ``first`` clockwise)."""
    i = SEATS.index(first)
    return f"{first}:" + " ".join(deal[s].to_pbn() for s in SEATS[i:] + SEATS[:i])


# ----------------------------------------------------------------------------- re-checks

_REBID: dict = {}


def rebid(system: System, auction: tuple[str, ...], dealer: str, vul: str,
          deal: dict[str, Hand]) -> str | None:
    """Each seat's calls along ``auction`` re-made by the executor (:meth:`System.call`): None
    when every call is the system's, else what differs (memoised per process)."""
    key = (system, auction, dealer, vul, tuple(deal[s].to_pbn() for s in SEATS))
    if key not in _REBID:
        if len(_REBID) > 10_000:
            _REBID.clear()
        _REBID[key] = _rebid(system, auction, dealer, vul, deal)
    return _REBID[key]


def _rebid(system: System, auction: tuple[str, ...], dealer: str, vul: str,
           deal: dict[str, Hand]) -> str | None:
    for i, call in enumerate(auction):
        seat = seat_at(dealer, i)
        try:
            got = system.call(auction[:i], deal[seat], seat_vul(vul, seat)).call
        except OpenbidError as e:
            return f"{seat} after {' '.join(auction[:i]) or 'nothing'}: {e}"
        if got != call:
            return (f"{seat}'s hand {deal[seat].to_pbn()} calls {got}, not {call}, after "
                    f"{' '.join(auction[:i]) or 'nothing'}")
    return None


def confirm(system: System, auction: tuple[str, ...], dealer: str, vul: str,
            deal: dict[str, Hand], check: Expr | None, source: str) -> None:
    """A deal a reader found must reach the node under the executor, the bidder's hand meeting
    ``check`` (read with the node's rules by the executor): else a :class:`Disagreement`."""
    from openbid.systems.evaluate import holds

    why = rebid(system, auction, dealer, vul, deal)
    if why is not None:
        raise Disagreement(f"{source} deal {deal_pbn(deal)} does not reach "
                           f"{' '.join(auction) or '(the opening)'}: {why}")
    if check is not None:
        bidder = seat_at(dealer, len(auction))
        node = system.node(auction)
        assert node.rules is not None
        ctx = context(dealer, vul, bidder)
        if not holds(check, deal[bidder], node.rules, ctx_tuple(ctx)):
            from openbid.expr import unparse

            raise Disagreement(f"{source} deal {deal_pbn(deal)}: the executor says {bidder}'s "
                               f"hand does not meet {unparse(check)}")


# ----------------------------------------------------------------------------- Z3 over four hands

@dataclass
class Search:
    status: Status
    deal: dict[str, Hand] | None = None
    reason: str = ""


def z3_deal(system: System, rules, conds: dict[str, Expr], dealer: str, vul: str,
            rlimit: int) -> Search:
    """A deal whose constrained seats meet their conditions (Z3 over their hands, disjoint
    cards; the others take the cards left), or UNSAT, or UNKNOWN."""
    sd, solver = z3_solver(rules, conds, dealer, vul, rlimit)
    from openbid.checks.verdicts import check

    r = check(solver)
    if r.status is Status.SAT:
        return Search(Status.SAT, sd.deal_of(r.model))
    return Search(r.status, None, r.reason)


def z3_solver(rules, conds: dict[str, Expr], dealer: str, vul: str, rlimit: int,
              exprs: tuple[Expr, ...] = (), also: str = ""):
    """The :class:`SymbolicDeal` of the constrained seats of ``conds`` and of ``also``
    (``exprs``: what else will be asked of their hands) and a solver holding the domain and
    every condition."""
    from openbid.readers.symbolic_deal import SymbolicDeal
    from openbid.checks.verdicts import new_solver

    seats = "".join(s for s in SEATS if conds[s] != TRUE or s in also) or SEATS[0]
    ctxs = {s: context(dealer, vul, s) for s in SEATS}
    sd = SymbolicDeal(rules, seats, [conds[s] for s in seats] + list(exprs), ctxs)
    solver = new_solver(rlimit)
    solver.add(sd.domain)
    for s in seats:
        if conds[s] != TRUE:
            solver.add(sd.hand_cond(s, conds[s]))
    return sd, solver


# ----------------------------------------------------------------------------- sampling

@dataclass
class Sample:
    """Deals dealt with the ANCHOR seat's hand drawn uniformly among the ``anchor_count`` hands
    meeting its condition (exact) and the other cards dealt uniformly: ``masks[seat]`` (n, 4)
    the ranks held per suit (S H D C, bit 12 = A), ``kept`` the deals whose every seat meets its
    condition."""

    anchor: str
    anchor_count: int
    masks: dict[str, np.ndarray]
    kept: np.ndarray
    seed: int

    @property
    def tried(self) -> int:
        return len(self.kept)

    @property
    def n_kept(self) -> int:
        return int(self.kept.sum())

    def probability(self, what: str = "") -> Probability:
        """P(anchor's condition) (exact) times the share kept (95% Wilson interval)."""
        if not self.anchor_count:  # no hand meets the anchor's condition: no deal at all
            return Probability.exactly(0, 1, f"exact: no hand of {self.anchor} makes its calls "
                                       "(the census counts 0)")
        p0 = self.anchor_count / TOTAL_HANDS
        k, n = self.n_kept, self.tried
        lo, hi = wilson(k, n)
        return Probability(p0 * k / n, False, p0 * lo, p0 * hi,
                           f"ESTIMATE: {self.anchor}'s hand drawn exactly among "
                           f"{self.anchor_count:,} hands, the other cards dealt at random, "
                           f"{k:,} of {n:,} deals kept (seed {self.seed}){what}", k, n)

    def deal(self, i: int) -> dict[str, Hand]:
        return {s: hand_of(self.masks[s][i]) for s in SEATS}


@lru_cache(maxsize=1 << 13)
def _holding(mask: int) -> Holding:
    """The holding of a suit's 13-bit mask of ranks (bit 12 = A)."""
    return Holding("".join(r for j, r in enumerate(RANKS) if mask >> (12 - j) & 1))


def hand_of(mask_row) -> Hand:
    """A hand from its ranks per suit (S H D C, bit 12 = A), each suit's holding made once per
    mask (the table reads thousands of simulated deals); a row that is not thirteen cards is
    read as text, which names what is wrong."""
    held = [_holding(int(m) & 0x1FFF) for m in mask_row]
    if len(held) == 4 and sum(h.length for h in held) == 13:
        return Hand(*held)
    return Hand.from_suits(*(h.ranks for h in held))


def hands_block(masks: np.ndarray):
    """Concrete hands as a block the numpy reader reads (openbid.readers.census.fastread)."""
    from openbid.readers.census.fastread import Hands

    return Hands(np.zeros((len(masks), 16), dtype=np.uint8), np.ascontiguousarray(masks), None)


_PLANS: dict = {}
PLANS_KEPT = 512  # readers of concrete hands kept per process (many questions share one)


def block_reader(rules, masks: np.ndarray, exprs: tuple[Expr, ...], ctx: dict):
    """The numpy reader of ``exprs`` over the concrete hands of ``masks`` (one row a hand):
    a pass over the ranks ``exprs`` read (nothing merged), the hands as its suit states."""
    from openbid.readers.census.domain import Chunk
    from openbid.readers.census.passes import plan, spec_for

    key = (rules, exprs, ctx_tuple(ctx))
    p = _PLANS.pop(key, None)
    if p is None:
        while len(_PLANS) >= PLANS_KEPT:  # the least recently used first
            _PLANS.pop(next(iter(_PLANS)))
        p = plan(spec_for(rules, exprs, merge=False, context=ctx_tuple(ctx)))
    _PLANS[key] = p
    return p.view_of(Chunk(hands_block(masks).states(p.model))).reader(0)


def read_cond(rules, masks: np.ndarray, e: Expr, ctx: dict) -> np.ndarray:
    """``e`` on each hand of ``masks`` by the numpy reader (the census engine)."""
    from openbid.readers.census.arrays import full_mask

    if e == TRUE:
        return np.ones(len(masks), dtype=bool)
    if not len(masks):
        return np.zeros(0, dtype=bool)
    r = block_reader(rules, masks, (e,), ctx)
    return np.asarray(full_mask(r.cond(e), len(masks)), dtype=bool)


def read_values(rules, masks: np.ndarray, exprs: tuple[Expr, ...],
                ctx: dict) -> list[tuple[np.ndarray, int]]:
    """Each of ``exprs`` (numbers) on each hand: (numerators, the common denominator)."""
    from openbid.readers.census.arrays import as_fx

    if not len(masks):
        return [(np.zeros(0, dtype=np.int64), 1) for _ in exprs]
    r = block_reader(rules, masks, exprs, ctx)
    out = []
    for e in exprs:
        fx = as_fx(r.value(e), len(masks))
        out.append((np.asarray(fx.a, dtype=np.int64), fx.den))
    return out


def seed_of(seed: int, *parts: object) -> np.random.Generator:
    """A generator that depends on ``seed`` and the question only (the same deals on any
    machine, in any order of questions)."""
    key = zlib.crc32(repr(parts).encode())
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, key])))


@dataclass
class Classes:
    """The hand classes meeting a condition, from one census pass with suit states merged
    where nothing the condition reads tells them apart: ``rows`` (n, 4) positions into each
    suit's representatives (C D H S) and their exact ``weights`` (hands); ``members[k]`` per
    representative of suit ``k`` (0 = clubs) the states it stands for, drawn by weight."""

    model: Any
    rows: np.ndarray
    weights: np.ndarray
    total: int
    members: list[tuple[np.ndarray, np.ndarray, np.ndarray]]  # (states, cum weights, base)

    def draw(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` hands drawn uniformly among the ``total``: (n, 4) masks S H D C."""
        model = self.model
        cum = np.cumsum(self.weights)
        pick = np.searchsorted(cum, rng.integers(0, int(cum[-1]), size=n), side="right")
        rows = self.rows[pick]
        held_bits = _held_bits(model)
        small = np.array(model.small, dtype=np.int64)
        small_bits = np.array([1 << (12 - RANKS.index(r)) for r in model.small_ranks],
                              dtype=np.int64)
        m = len(small_bits)
        out = np.zeros((n, 4), dtype=np.int64)
        for col, k in enumerate((3, 2, 1, 0)):  # S H D C
            states, mcum, base = self.members[k]
            rep = rows[:, k]
            before = np.concatenate([[0], mcum])  # weight of the members before each
            start, end = before[base[rep]], before[base[rep + 1]]
            target = start + rng.integers(0, end - start)
            st = states[np.searchsorted(mcum, target, side="right")]
            bits = held_bits[st]
            if m:
                order = np.argsort(rng.random((n, m)), axis=1)
                pos = np.empty_like(order)
                np.put_along_axis(pos, order, np.broadcast_to(np.arange(m), (n, m)).copy(),
                                  axis=1)
                chosen = pos < small[st][:, None]
                bits = bits | (chosen * small_bits[None, :]).sum(axis=1)
            out[:, col] = bits
        return out


def _held_bits(model) -> np.ndarray:
    got = _HELD_BITS.get(model)
    if got is None:
        got = np.array([sum(1 << (12 - RANKS.index(r)) for r in model.held[st])
                        for st in range(model.n_states)], dtype=np.int64)
        _HELD_BITS[model] = got
    return got


_HELD_BITS: dict = {}
_CLASSES: dict = {}
CLASSES_KEPT = 256  # the classes of this many conditions kept per process (seats' calls recur)


def classes_of(rules, cond: Expr, ctx: dict) -> Classes:
    """Every class of hands meeting ``cond`` under ``rules`` (``ctx``: the facts of the deal),
    with exact weights (memoised per process)."""
    from openbid.readers.census.arrays import full_mask
    from openbid.readers.census.passes import plan, spec_for

    key = (rules, cond, ctx_tuple(ctx))
    got = _CLASSES.pop(key, None)
    if got is not None:
        _CLASSES[key] = got  # the most recently used last
        return got
    p = plan(spec_for(rules, (cond,), merge=True, context=ctx_tuple(ctx)))
    rows, weights = [], []
    for i in range(len(p)):
        view = p.view(i)
        mask = full_mask(view.reader(0).cond(cond), view.size)
        if not mask.any():
            continue
        ids = view.chunk.ids
        rows.append(np.stack([ids[s][mask] for s in (1, 2, 3, 4)], axis=1))
        weights.append(np.asarray(view.weight)[mask].astype(np.int64))
    model = p.model
    members = []
    for k in range(4):
        suit = p.domain.suits[k]
        tables = p.tables[k + 1]
        sigs = list(zip(*(t.table(model) for t in tables))) if tables else \
            [()] * model.n_states
        by_key: dict = {}
        for state in range(model.n_states):
            by_key.setdefault((model.length[state], sigs[state]), []).append(state)
        flat: list[int] = []
        base = [0]
        for rep in suit.reps.tolist():
            flat += by_key[(model.length[rep], sigs[rep])]
            base.append(len(flat))
        states = np.array(flat, dtype=np.intp)
        mcum = np.cumsum(np.array(model.weight, dtype=np.int64)[states])
        members.append((states, mcum, np.array(base, dtype=np.intp)))
    if rows:
        r, w = np.concatenate(rows), np.concatenate(weights)
    else:
        r, w = np.zeros((0, 4), dtype=np.intp), np.zeros(0, dtype=np.int64)
    got = Classes(model, r, w, int(w.sum()), members)
    while len(_CLASSES) >= CLASSES_KEPT:  # the oldest first
        _CLASSES.pop(next(iter(_CLASSES)))
    _CLASSES[key] = got
    return got


def uniform_hands(n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` hands drawn uniformly among all: (n, 4) masks S H D C."""
    keys = rng.random((n, 52))
    order = np.argsort(keys, axis=1)[:, :13]
    suit, rank_bit = order // 13, order % 13
    value = np.int64(1) << rank_bit
    return np.stack([(value * (suit == col)).sum(axis=1) for col in range(4)], axis=1)


def deal_rest(anchor: np.ndarray, rng: np.random.Generator) -> list[np.ndarray]:
    """The 39 cards the anchor does not hold, dealt uniformly to three hands: three (n, 4)
    arrays of masks, in the order of the seats after the anchor's."""
    n = len(anchor)
    bit = np.arange(13)
    taken = ((anchor[:, :, None] >> bit[None, None, :]) & 1).reshape(n, 52).astype(bool)
    keys = rng.random((n, 52))
    keys[taken] = 2.0
    order = np.argsort(keys, axis=1)[:, :39]
    suit, rank_bit = order // 13, order % 13
    value = np.int64(1) << rank_bit
    out = []
    for j in range(3):
        sl = slice(13 * j, 13 * j + 13)
        m = np.zeros((n, 4), dtype=np.int64)
        for col in range(4):
            m[:, col] = (value[:, sl] * (suit[:, sl] == col)).sum(axis=1)
        out.append(m)
    return out


def sample(system: System, auction: tuple[str, ...], dealer: str, vul: str,
           conds: dict[str, Expr], deals: int, seed: int, rules_of: dict | None = None,
           anchor: str | None = None, drawn: dict[str, Expr] | None = None) -> Sample:
    """``deals`` deals anchored on one seat: its hand drawn exactly among the hands meeting its
    ``drawn`` condition (``conds`` by default; a seat's calls alone, say, whose classes other
    questions share), the other cards dealt at random; a deal is kept when every seat meets its
    condition in ``conds`` (read by the numpy reader; the anchor's too when it was drawn by
    another). The anchor: ``anchor``, else the seat whose drawn condition fewest hands meet.
    ``rules_of``: the rules a seat's condition is read with (the system's by default; the
    node's for a condition with ``meets``). A few kept and rejected deals are re-bid by the
    executor (a reader that disagrees is a :class:`Disagreement`)."""
    ctxs = {s: context(dealer, vul, s) for s in SEATS}
    rules_of = {s: (rules_of or {}).get(s, system.rules) for s in SEATS}
    drawn = dict(conds) if drawn is None else {s: drawn.get(s, conds[s]) for s in SEATS}

    def count(s: str) -> int:
        return classes_of(rules_of[s], drawn[s], ctxs[s]).total if drawn[s] != TRUE \
            else TOTAL_HANDS

    if anchor is None:  # the rarest drawn condition, by its share of hands dealt at random
        probe = uniform_hands(PROBE, seed_of(seed, "probe"))
        share = {s: int(read_cond(rules_of[s], probe, drawn[s], ctxs[s]).sum())
                 for s in SEATS if drawn[s] != TRUE}
        anchor = min(share, key=lambda s: (share[s], offset(dealer, s) != len(auction) % 4)) \
            if share else seat_at(dealer, len(auction))
    counts = {anchor: count(anchor)}
    rng = seed_of(seed, " ".join(auction), dealer, vul, repr(conds[anchor]))
    if counts[anchor] == 0:
        empty = np.zeros((0, 4), dtype=np.int64)
        return Sample(anchor, 0, {s: empty for s in SEATS}, np.zeros(0, dtype=bool), seed)
    masks: dict[str, np.ndarray] = {}
    masks[anchor] = uniform_hands(deals, rng) if drawn[anchor] == TRUE else \
        classes_of(rules_of[anchor], drawn[anchor], ctxs[anchor]).draw(deals, rng)
    i = SEATS.index(anchor)
    for j, m in enumerate(deal_rest(masks[anchor], rng)):
        masks[SEATS[(i + 1 + j) % 4]] = m
    kept = np.ones(deals, dtype=bool)
    for s in SEATS:
        if conds[s] != TRUE and (s != anchor or conds[s] != drawn[s]):
            kept &= read_cond(rules_of[s], masks[s], conds[s], ctxs[s])
    out = Sample(anchor, counts[anchor], masks, kept, seed)
    _recheck(system, auction, dealer, vul, out, conds, rules_of, drawn)
    return out


def _recheck(system: System, auction: tuple[str, ...], dealer: str, vul: str, s: Sample,
             conds: dict[str, Expr], rules_of: dict, drawn: dict[str, Expr]) -> None:
    """The first kept and the first rejected deals read by the executor: a kept deal makes
    every call of the auction and every seat meets its condition; a rejected one has a seat
    other than the anchor that does not."""
    from openbid.systems.evaluate import holds

    def meets(deal: dict[str, Hand], seat: str) -> bool:
        return conds[seat] == TRUE or holds(conds[seat], deal[seat], rules_of[seat],
                                            ctx_tuple(context(dealer, vul, seat)))

    for i in np.flatnonzero(s.kept)[:RECHECKED].tolist():
        deal = s.deal(i)
        why = rebid(system, auction, dealer, vul, deal)
        bad = [x for x in SEATS if not meets(deal, x)]
        if why is not None or bad:
            raise Disagreement(f"the numpy reader keeps the deal {deal_pbn(deal)}; the executor "
                               f"does not: {why or 'seat ' + bad[0] + ' misses its condition'}")
    for i in np.flatnonzero(~s.kept)[:RECHECKED].tolist():
        deal = s.deal(i)
        if all(meets(deal, x) for x in SEATS
               if x != s.anchor or conds[x] != drawn[x]):
            raise Disagreement(f"the numpy reader drops the deal {deal_pbn(deal)}; the executor "
                               "finds every seat meeting its condition")


# ----------------------------------------------------------------------------- exact counts

def count_one(rules, cond: Expr, ctx: dict) -> int:
    """The hands meeting ``cond`` (exact, the census)."""
    return TOTAL_HANDS if cond == TRUE else classes_of(rules, cond, ctx).total


def count_two(rules, conds: dict[str, Expr], states: int) -> int | None:
    """The deals whose constrained seats (two) meet their conditions, exactly (the two-hand
    generating functions), or None when they cannot count them within ``states``."""
    from openbid.checks.planner import NotExact, count_deals
    from openbid.systems.descriptors import definitions

    seats = "".join(s for s in SEATS if conds[s] != TRUE)
    try:
        return count_deals({s: conds[s] for s in seats},
                           definitions(rules.readings, rules.definitions), states)
    except (NotExact, RecursionError):
        return None


# ----------------------------------------------------------------------------- the question

RARE = 0.05  # a finding rarer than this among the bidder's hands: deals drawn around it


def at_table(system: System, auction: tuple[str, ...] | str, cond: Expr, *,
             check: Expr | None = None, dealer: str = "N", vul: str = "none",
             budget: Budget = Budget(), share: float | None = None) -> Table:
    """Does a deal (``dealer``, ``vul``) reach the node after ``auction`` with the bidder's hand
    meeting ``cond`` (an expression over the bidder's hand, read with the node's rules: written
    out, or with ``meets``/``section``/``bid``), and how often does a random deal?

    Deals are dealt first (the deal shown, when one is kept: a typical deal, not a solver's
    extreme one); Z3 over the four hands is asked only when none is kept (a deal, or the proof
    that none exists). ``check``: what the executor re-checks on the bidder's hand of a deal
    found (``cond`` when not given), e.g. ``section = "9"`` for a gap whose ``cond`` is written
    out. ``share``: the finding's share of the hands consistent with the bidder's calls, when
    known (the census's): a rare finding has the deals drawn around the bidder's hands in it,
    a common one around the rarest seat's calls (whose hand classes other questions share)."""
    if dealer not in SEATS:
        raise OpenbidError(f"dealer {dealer!r}: expected N, E, S or W")
    a = checked_auction(system, auction)
    node = system.node(a)
    if node.rules is None:
        raise OpenbidError(f"no block of {system.title} applies after {' '.join(a)}: the "
                           "player passes there, there is nothing to find")
    bidder = seat_at(dealer, len(a))
    calls = seat_conditions(system, a, dealer, vul)
    conds = dict(calls)
    bctx = context(dealer, vul, bidder)
    conds[bidder] = conj(conds[bidder], fixed(cond, bctx))
    constrained = [s for s in SEATS if conds[s] != TRUE]
    want = check if check is not None else cond

    def result(at: bool | None, deal, p: Probability, how: str) -> Table:
        return Table(at, deal, a, dealer, vul, p, how)

    common = share is not None and share >= RARE
    smp = sample(system, a, dealer, vul, conds, budget.deals, budget.seed,
                 rules_of={bidder: node.rules}, drawn=calls if common else None,
                 anchor=None if common else bidder)
    deal, how = None, ""
    if smp.n_kept:
        deal = smp.deal(int(np.flatnonzero(smp.kept)[0]))
        confirm(system, a, dealer, vul, deal, want, "the sample's")
        how = "a deal dealt at random (seeded), re-bid by the executor"
    p = smp.probability()
    if constrained == [bidder]:
        p = Probability.exactly(count_one(node.rules, conds[bidder], bctx), TOTAL_HANDS,
                                "exact: the census of the bidder's hand (no other seat is "
                                "constrained)")
    elif len(constrained) == 2:
        n2 = count_two(node.rules, conds, budget.states)
        if n2 is not None:
            p = Probability.exactly(n2, TOTAL_DEALS, "exact: two-hand generating functions")
    if deal is not None:
        return result(True, deal, p, how)
    if p.exact and p.value == 0:
        return result(False, None, p, f"no deal reaches the node with such a hand (proved: "
                      f"{p.method.removeprefix('exact: ')} count 0)")
    from openbid.base.workers import fresh_z3_context

    fresh_z3_context()  # Z3's deal depends on this question alone, not on earlier ones
    search = z3_deal(system, node.rules, conds, dealer, vul, budget.rlimit)
    if search.status is Status.UNSAT:
        return result(False, None, Probability.exactly(0, 1, "exact: no deal (Z3)"),
                      "no deal reaches the node with such a hand (proved by Z3 over the "
                      f"hands of {', '.join(constrained)}, cards disjoint)")
    if search.deal is not None:
        confirm(system, a, dealer, vul, search.deal, want, "Z3's")
        return result(True, search.deal, p, "a deal found by Z3 (none among the "
                      f"{smp.tried:,} dealt), re-bid by the executor")
    return result(None, None, p, f"undecided within the budget (Z3: {search.reason or 'unknown'};"
                  f" no deal among the {smp.tried:,} dealt)")


TOTAL_DEALS = comb(52, 13) * comb(39, 13) * comb(26, 13)


__all__ = ["Budget", "Probability", "Table", "Sample", "at_table", "seat_conditions", "sample",
           "context", "deal_vul", "seat_vul", "rebid", "confirm", "deal_pbn"]
