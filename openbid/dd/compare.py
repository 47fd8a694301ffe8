"""Two systems compared at double dummy, in IMPs and matchpoints (``openbid compare``).

Each system bids every board at a table of its own, for both sides (all four players play it),
through ``bid_deal`` (:mod:`openbid.systems.auction`). The final contracts are scored with the
double-dummy tricks (:mod:`openbid.dd`) by Law 77 (:func:`openbid.bridge.scoring.score_ns`), from
North-South's side; a board is worth ``imps(score_A - score_B)`` and A's matchpoints against B
(1 more, 0.5 equal, 0 less). A board where both tables reach the same contract by the same
declarer scores 0 whatever the tricks, and is not solved; otherwise only the (declarer,
strain) pairs of the two contracts are asked of the store and the engine.

The mean IMPs per board comes with a 95% Student t-interval on the per-board differences (the
boards are paired: each is played by both systems): mean +- t(0.975, n-1) * sd / sqrt(n).

Boards are taken :data:`CHUNK` at a time (bid by both systems, solved, stored, scored) from an
iterable that may deal them lazily: results reach the store from the first chunk, and what is
held is the per-board results (about 650 bytes a board), at most :data:`MAX_BOARDS` of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from openbid.base import limits
from openbid.base.errors import OpenbidError
from openbid.bridge.deals import DealtBoard, seat_hands
from openbid.dd.engine import Request, Run, Session, chunks
from openbid.dd.store import Store
from openbid.bridge.duplicate import imps
from openbid.bridge.hand import Hand
from openbid.bridge.scoring import parse_contract, score_ns
from openbid.base.stats import Interval, share_interval, t_interval

MAX_BOARDS = limits.COMPARE_BOARDS  # boards of one comparison (docs/LIMITS.md)
CHUNK = 1000  # boards bid, solved, stored and scored at a time


@dataclass(frozen=True)
class Table:
    """One system's result on a board: the auction (calls from the dealer), the contract
    (``4SX``, ``PASS``), declarer, tricks taken by the declarer (None: not solved, or passed
    out), North-South's score (None: not solved) and the calls made at off-system nodes."""

    auction: tuple[str, ...]
    contract: str
    declarer: str | None
    tricks: int | None
    score_ns: int | None
    off_system: int

    @property
    def pair(self) -> tuple[str, str] | None:
        """The (declarer, strain) the score needs; None when passed out."""
        contract = parse_contract(self.contract)
        if contract is None or self.declarer is None:
            return None
        return (self.declarer, contract.strain.value)


@dataclass(frozen=True)
class BoardResult:
    board: DealtBoard
    a: Table
    b: Table
    imps: int  # A minus B, North-South's side
    mp_a: float  # A's matchpoints against B: 1, 0.5 or 0

    @property
    def same_contract(self) -> bool:
        return (self.a.contract, self.a.declarer) == (self.b.contract, self.b.declarer)


@dataclass(frozen=True)
class Comparison:
    a: str
    b: str
    boards: tuple[BoardResult, ...]
    imps: Interval
    mp: Interval  # A's matchpoints per board (0-1), its Wilson interval (never outside 0-1)
    run: Run

    @property
    def differ(self) -> int:
        """Boards where the two tables reach different contracts (or declarers)."""
        return sum(1 for r in self.boards if not r.same_contract)

    @property
    def auctions_differ(self) -> int:
        return sum(1 for r in self.boards if r.a.auction != r.b.auction)

    @property
    def swings(self) -> int:
        return sum(1 for r in self.boards if r.imps)

    def largest(self, k: int) -> list[BoardResult]:
        """The ``k`` boards of largest swing (ties: the lower board number first)."""
        return sorted((r for r in self.boards if r.imps),
                      key=lambda r: (-abs(r.imps), r.board.number))[:k]

    @property
    def off_system(self) -> tuple[int, int]:
        return (sum(r.a.off_system for r in self.boards), sum(r.b.off_system for r in self.boards))


def hands_of(board: DealtBoard) -> dict[str, Hand]:
    return {seat: Hand.parse(text) for seat, text in seat_hands(board.deal).items()}


def bid_boards(system, boards: list[DealtBoard]):
    """Each board's auction by ``system`` (a ``bid_deal``)."""
    return [system.bid_deal(hands_of(b), b.dealer, b.vul) for b in boards]


def requests(boards: list[DealtBoard], auctions_a, auctions_b,
             solve_all: bool = False) -> list[Request]:
    """The pairs to solve: each board's two contracts, unless they are the same (0 IMPs
    whatever the tricks; with ``solve_all`` those too)."""
    out = []
    for b, x, y in zip(boards, auctions_a, auctions_b):
        if (x.contract, x.declarer) == (y.contract, y.declarer) and not solve_all:
            continue
        pairs = {p for p in (_pair(x), _pair(y)) if p is not None}
        if pairs:
            out.append(Request(b.deal, frozenset(pairs)))
    return out


def _pair(auction) -> tuple[str, str] | None:
    contract = parse_contract(auction.contract)
    return None if contract is None else (auction.declarer, contract.strain.value)


def _table(auction, tricks: dict | None, vul: str, solved: bool) -> Table:
    pair = _pair(auction)
    if pair is None:
        return Table(tuple(auction.auction), "PASS", None, None, 0, auction.off_system)
    if not solved or tricks is None or pair not in tricks:
        return Table(tuple(auction.auction), auction.contract, auction.declarer, None, None,
                     auction.off_system)
    got = tricks[pair]
    return Table(tuple(auction.auction), auction.contract, auction.declarer, got,
                 score_ns(parse_contract(auction.contract), auction.declarer, got, vul),
                 auction.off_system)


def compare(a_name: str, b_name: str, system_a, system_b, boards: Iterable[DealtBoard],
            store: Store, session: Session, solve_all: bool = False,
            chunk: int | None = None) -> Comparison:
    """Bid every board with both systems, solve what the scores need (``session``: the engine,
    writing ``store``), and score; the boards are taken ``chunk`` at a time (``boards`` may be
    a generator), each chunk stored before the next is dealt."""
    results: list[BoardResult] = []
    for part in chunks(boards, chunk or CHUNK):
        if len(results) + len(part) > MAX_BOARDS:
            raise OpenbidError(f"more than {MAX_BOARDS:,} boards: compare at most "
                               f"{MAX_BOARDS:,} at a time (give --deals)")
        results.extend(_chunk(system_a, system_b, part, store, session, solve_all))
    if not results:
        raise OpenbidError("no boards to compare")
    return Comparison(a_name, b_name, tuple(results),
                      t_interval([float(r.imps) for r in results]),
                      share_interval([r.mp_a for r in results]), session.result)


def _chunk(system_a, system_b, boards: list[DealtBoard], store: Store, session: Session,
           solve_all: bool) -> list[BoardResult]:
    auctions_a, auctions_b = bid_boards(system_a, boards), bid_boards(system_b, boards)
    asks = requests(boards, auctions_a, auctions_b, solve_all)
    session.solve(asks)
    known = store.known([r.deal for r in asks])
    results = []
    for b, x, y in zip(boards, auctions_a, auctions_b):
        same = (x.contract, x.declarer) == (y.contract, y.declarer)
        solved = solve_all or not same
        ta = _table(x, known.get(b.deal), b.vul, solved)
        tb = _table(y, known.get(b.deal), b.vul, solved)
        if same:
            swing, mp = 0, 0.5
        else:
            if ta.score_ns is None or tb.score_ns is None:
                raise RuntimeError(f"board {b.number}: the store lacks a result it was given")
            swing = imps(ta.score_ns - tb.score_ns)
            mp = 1.0 if ta.score_ns > tb.score_ns else 0.5 if ta.score_ns == tb.score_ns else 0.0
        results.append(BoardResult(b, ta, tb, swing, mp))
    return results
