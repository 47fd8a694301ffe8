"""openbid.formats.lin: BBO's records read a board at a time (md, sv, mb, an, ah, qx, pn; the
rest passed over), every bad board reported in its place, boards written with each call's rule
as an alert and read back (by this reader and by endplay's)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from openbid.bridge.deals import random_deal
from openbid.bridge.notation import SEATS, parse_auction, seat_hands
from openbid.formats.board import Board, Unreadable
from openbid.formats.lin import board_line, read_lin, read_lin_from

DEAL = "N:A9643.K2.AQ52.AT Q75.543.J8.87653 KJT.QT86.K63.K42 82.AJ97.T974.QJ9"
HANDS = tuple(DEAL[2:].split())
# md's hands are South, West, North (East: the cards left)
MD = "SKJTHQT86DK63CK42,S82HAJ97DT974CQJ9,SA9643HK2DAQ52CAT,"

SESSION = (
    f"pn|Süd,West,Nord,Ost|st||md|3{MD}|rh||ah|Board 1|sv|o|mb|1N!|an|15-17|mb|p|mb|2C!|"
    "an|Stayman|mb|p|mb|2S|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||pc|C7|pc|CQ|pc|CA|pc|C3|pg||mc|10|\n"
    f"qx|o2|md|4{MD}|sv|n|mb|p|mb|1C|mb|1NT|mb|2C|pg||\n"
    f"pn|a,b,c,d|md|1{MD}SQ75H543DJ8C87653|ah|Board 3|sv|e|mb|1d|mb|P|mb|1h|mb|D|mb|R|mb|p|"
    "mb|p|mb|p|\n")


def _read(tmp_path: Path, text: str, encoding: str = "utf-8") -> list[Board | Unreadable]:
    path = tmp_path / "s.lin"
    path.write_bytes(text.encode(encoding))
    return list(read_lin(path))


def test_a_session_is_read_board_by_board(tmp_path: Path) -> None:
    one, two, three = _read(tmp_path, SESSION)
    assert isinstance(one, Board) and isinstance(two, Board) and isinstance(three, Board)
    assert (one.number, one.dealer, one.vul, one.hands) == (1, "N", "none", HANDS)
    assert one.auction == parse_auction("1NT P 2C P 2S P 4S P P P") and one.complete
    assert one.notes[:3] == ("15-17", "", "Stayman") and one.alerts[:3] == (True, False, True)
    assert dict(one.tags) == {"North": "Nord", "East": "Ost", "South": "Süd", "West": "West"}
    # qx gives the number; the players carry over; the fourth hand is the cards left
    assert (two.number, two.dealer, two.vul, two.hands) == (2, "E", "NS", HANDS)
    assert two.auction == ("PASS", "1C", "1NT", "2C") and not two.complete
    assert two.tag("South") == "Süd"
    assert (three.number, three.dealer, three.vul) == (3, "S", "EW")
    assert three.auction == parse_auction("1D P 1H X XX P P P")
    assert three.tag("North") == "c" and three.line == 3


def test_latin1_reads_as_utf8_does(tmp_path: Path) -> None:
    a = _read(tmp_path, SESSION, "utf-8")
    b = _read(tmp_path, SESSION, "latin-1")
    assert [x.tags for x in a] == [x.tags for x in b]  # type: ignore[union-attr]


@pytest.mark.parametrize("record, words", [
    (f"md|3{MD}|ah|Board 5|mb|1N|mb|1C|", "not higher than 1NT"),
    (f"md|3{MD}|ah|Board 5|mb|p|mb|p|mb|p|mb|p|mb|1C|", "auction has ended"),
    (f"md|3{MD.replace('SA9643', 'SA9644')}|ah|Board 5|", "dealt twice"),
    (f"md|9{MD}|ah|Board 5|", "dealer digit"),
    (f"md|3{MD}|ah|Board 5|sv|z|", "vulnerability 'z'"),
    (f"md|3{MD}|ah|Board 5|mb|¹C|", "U\\+00B9"),
    (f"md|3{MD}|ah|Board 5|an|what|", "before any call"),
])
def test_a_bad_board_names_its_line_and_board(tmp_path: Path, record: str, words: str) -> None:
    import re

    good = f"pn|a,b,c,d|md|3{MD}|ah|Board 9|mb|p|\n"
    got = _read(tmp_path, good + record + "\n" + good.replace("Board 9", "Board 10"))
    assert [b.number for b in got if isinstance(b, Board)] == [9, 10]
    (bad,) = [x for x in got if isinstance(x, Unreadable)]
    assert bad.line == 2 and bad.board == 5 and re.search(words, bad.problem), bad.problem


def test_a_stray_bar_is_reported_and_reading_picks_up(tmp_path: Path) -> None:
    got = _read(tmp_path, f"pn|a,b,c,d|md|3{MD}|this is not a key|ah|Board 1|mb|p|\n")
    assert isinstance(got[0], Unreadable) and "not a LIN key" in got[0].problem
    assert isinstance(got[1], Board) and got[1].number == 1 and got[1].auction == ("PASS",)


class _Counting(io.BytesIO):
    taken = 0

    def read(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        got = super().read(size)
        self.taken += len(got)
        return got


def test_the_reader_streams_in_blocks_even_on_one_line() -> None:
    from openbid.formats.lin import BLOCK

    record = f"qx|o1|md|3{MD}|sv|o|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||"
    data = (record * 30_000).encode()  # 3.5 MB on one line
    fh = _Counting(data)
    items = read_lin_from(fh, "big.lin")
    first = [next(items) for _ in range(5)]
    assert all(isinstance(b, Board) and b.complete for b in first)
    assert fh.taken <= 2 * BLOCK < len(data) // 10


def _board(n: int, auction: str) -> Board:
    calls = parse_auction(auction)
    return Board(n, "NESW"[n % 4], ("none", "NS", "EW", "both")[n % 4],
                 tuple(seat_hands(random_deal("lin", n))[s] for s in SEATS), calls,
                 tuple(f"rule {k} | x" if k % 2 == 0 else "" for k in range(len(calls))),
                 tuple(k % 2 == 0 for k in range(len(calls))))


def test_written_boards_read_back(tmp_path: Path) -> None:
    written = [_board(n, a) for n, a in enumerate(["1NT P 3NT P P P", "P P P P",
                                                    "1C X XX 1H P P P", "2C P"], 1)]
    text = "".join(board_line(b, ("n", "e", "s", "w")) + "\n" for b in written)
    back = _read(tmp_path, text)
    for a, b in zip(written, back):
        assert isinstance(b, Board)
        assert (a.number, a.dealer, a.vul, a.hands, a.auction) == \
            (b.number, b.dealer, b.vul, b.hands, b.auction)
        assert b.notes == tuple(n.replace("|", "/") for n in a.notes)  # '|' cannot be in LIN
        assert b.alerts == a.alerts


def test_endplay_reads_what_openbid_writes(tmp_path: Path) -> None:
    from endplay.parsers import lin as ep
    from endplay.types import Deal

    from openbid.formats.output import write_boards

    written = [_board(n, a) for n, a in enumerate(["1NT P 3NT P P P", "1C X XX 1H P P P"], 1)]
    path = tmp_path / "o.lin"
    write_boards(path, written, "lin", what="--lin", players=("Nn", "Ee", "Ss", "Ww"))
    with open(path, encoding="utf-8") as fh:
        got = ep.load(fh)
    assert len(got) == len(written)
    for mine, theirs in zip(written, got):
        assert theirs.board_num == mine.number
        assert Deal(theirs.deal.to_pbn()).to_pbn() == Deal(mine.deal).to_pbn()
        assert [b.announcement for b in theirs.auction] == [n.replace("|", "/") or None
                                                            for n in mine.notes]
        assert [b.alertable for b in theirs.auction] == list(mine.alerts)
        assert theirs.info["North"] == "Nn" and theirs.info["West"] == "Ww"
