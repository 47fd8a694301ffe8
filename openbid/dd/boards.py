"""The boards where two compared systems part, as board files (``compare --pbn``, ``--lin``).

For every board whose two contracts differ, two games: the Open room bid by system A, the Closed
room by system B (all four players of a room play its system), each call's rule as its note.
Neither table was played, so the Result is unknown (``?``, never invented); what the comparison
knows is given in supplemental tags: the double-dummy tricks of each contract's declarer and
strain (``DoubleDummyTricks``, and the ``OptimumResultTable`` of the pairs solved), North-South's
score if the contract is played double dummy (``DoubleDummyScore``, openbid's own tag) and the
IMPs of the board for the room's North-South (``ScoreIMP``: A minus B in the Open room, B minus A
in the Closed)."""

from __future__ import annotations

from typing import Iterator

from openbid.dd.compare import Comparison, hands_of
from openbid.formats.board import Board
from openbid.formats.output import bid_board


def parted_boards(result: Comparison, system_a, system_b) -> Iterator[tuple[Board, dict]]:
    """(board, its fields for :func:`openbid.formats.output.write_boards`) of each room of
    each board where the two contracts differ, in board order."""
    for r in result.boards:
        if r.same_contract:
            continue
        hands = hands_of(r.board)
        dd = tuple((t.declarer, t.pair[1], t.tricks) for t in (r.a, r.b)
                   if t.pair is not None and t.tricks is not None)
        dd = tuple(dict.fromkeys(dd))
        for room, system, table, imps in (("Open", system_a, r.a, r.imps),
                                          ("Closed", system_b, r.b, -r.imps)):
            bid = system.bid_deal(hands, r.board.dealer, r.board.vul)
            if tuple(bid.auction) != tuple(table.auction):
                raise RuntimeError(f"board {r.board.number}: {system.name} bids "
                                   f"{' '.join(bid.auction)} now, {' '.join(table.auction)} "
                                   "in the comparison")
            board = bid_board(r.board.number, hands, r.board.dealer, r.board.vul, bid, system)
            board = Board(board.number, board.dealer, board.vul, board.hands, board.auction,
                          board.notes, board.alerts, dd=dd)  # type: ignore[arg-type]
            extra = {"Room": room, "ScoreIMP": f"NS {imps}"}
            if table.score_ns is not None:
                extra["DoubleDummyScore"] = f"NS {table.score_ns}"
            yield board, {"extra": extra, "players": (system.name,) * 4}
