"""openbid.formats.pbn: the import format read a game at a time (several tags on a line, '#',
notes, comments, Latin-1), every bad game reported in its place, the export format written with
every mandatory tag and read back (by this reader and by endplay's)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openbid.bridge.deals import random_deal
from openbid.bridge.notation import SEATS, seat_hands
from openbid.formats.board import Board, Unreadable
from openbid.formats.pbn import MANDATORY, game_text, read_pbn, read_pbn_from

DEAL = "N:A9643.K2.AQ52.AT Q75.543.J8.87653 KJT.QT86.K63.K42 82.AJ97.T974.QJ9"
HANDS = tuple(DEAL[2:].split())


def _write(tmp_path: Path, text: str, encoding: str = "utf-8", name: str = "s.pbn") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def _read(path: Path) -> list[Board | Unreadable]:
    return list(read_pbn(path))


# ---- the import format ---------------------------------------------------------------------------
IMPORT = f"""% PBN 2.1
% a file as a club's scorer writes it: several tags on a line, comments, Latin-1
[Event "Club night"][Site "Zürich"][Date "2024.03.05"] ; the first game
[Board "1"] [Dealer "N"] [Vulnerable "None"]
[North "Müller, A."][South "Brun, B."]
[Deal "{DEAL}"]
[Auction "N"]
1NT =1= Pass 2C! =2= $1 Pass
2S Pass 4S AP
[Note "1:15-17"]
[Note "2:Stayman"]

[Event "#"] [Site "#"] {{a comment over lines

with a blank line in it}}
[Board "2"][Vulnerable "NS"]
[Deal "E:{HANDS[1]} {HANDS[2]} {HANDS[3]} {HANDS[0]}"]
[Auction "N"]
- 1C 1NT 2C *

[Date "##2024.03.06"] [Board "3"] [Dealer "S"] [Vulnerable "EW"]
[Deal "S:{HANDS[2]} - {HANDS[0]} -"]
[Auction "S"]
Pass 1H
+
"""


def test_the_import_format_is_read_game_by_game(tmp_path: Path) -> None:
    got = _read(_write(tmp_path, IMPORT, "latin-1"))
    assert all(isinstance(b, Board) for b in got) and len(got) == 3
    one, two, three = got
    assert (one.number, one.dealer, one.vul, one.hands) == (1, "N", "none", HANDS)
    assert one.auction == ("1NT", "PASS", "2C", "PASS", "2S", "PASS", "4S", "PASS", "PASS",
                           "PASS")  # AP: passes to the end
    assert one.notes[:4] == ("15-17", "", "Stayman", "") and set(one.notes[4:]) == {""}
    assert one.complete and one.deal == DEAL
    assert one.tag("Site") == "Zürich" and one.tag("North") == "Müller, A."  # Latin-1 read
    assert one.line == 3
    # '#': the nearest earlier game's value; the dealer is the first to call after the '-'
    assert two.tag("Event") == "Club night" and two.tag("Site") == "Zürich"
    assert (two.number, two.dealer, two.vul) == (2, "E", "NS")
    assert two.hands == HANDS  # given from East, read by seat
    assert two.auction == ("1C", "1NT", "2C") and not two.complete  # '*': no more calls
    # '##': the value from here on; a partial deal ('-'): the two hands given, the rest unknown
    assert three.tag("Date") == "2024.03.06" and three.tag("Event") == ""  # not given: none
    assert three.hands == (HANDS[0], None, HANDS[2], None) and three.deal is None
    assert three.auction == ("PASS", "1H") and not three.complete  # '+': to be continued


def test_utf8_and_latin1_read_alike(tmp_path: Path) -> None:
    a = _read(_write(tmp_path, IMPORT, "utf-8", "u.pbn"))
    b = _read(_write(tmp_path, IMPORT, "latin-1", "l.pbn"))
    assert [(x.tags, x.auction, x.hands) for x in a] == [(x.tags, x.auction, x.hands) for x in b]
    bom = _read(_write(tmp_path, "\ufeff" + IMPORT, "utf-8", "bom.pbn"))
    assert [x.tags for x in bom] == [x.tags for x in a]


def test_a_second_board_tag_without_a_blank_line_starts_a_new_game(tmp_path: Path) -> None:
    text = (f'[Board "7"][Dealer "W"][Vulnerable "All"][Deal "{DEAL}"]\n'
            f'[Board "8"][Deal "{random_deal(1, 8)}"]\n')
    got = _read(_write(tmp_path, text))
    assert [(b.number, b.dealer, b.vul) for b in got] == [(7, "W", "both"), (8, "W", "none")]
    assert got[1].deal == random_deal(1, 8)  # board 8: West deals, none vulnerable (the cycle)


def test_crlf_and_a_tag_over_two_lines(tmp_path: Path) -> None:
    text = f'[Board\r\n "4"]\r\n[Deal "{DEAL}"]\r\n[Auction "W"]\r\nPass Pass Pass Pass\r\n'
    (b,) = _read(_write(tmp_path, text))
    assert (b.number, b.dealer, b.vul, b.auction) == (4, "W", "both", ("PASS",) * 4)


# ---- bad games: each reported with its line, the others read -------------------------------------
@pytest.mark.parametrize("game, line, words", [
    (f'[Board "5"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1NT 1C\n', 4, "not higher than 1NT"),
    (f'[Board "5"]\n[Deal "{DEAL}"]\n[Auction "N"]\nP P P P 1C\n', 4, "auction has ended"),
    (f'[Board "5"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1NT 2X\n', 4, "no such call"),
    (f'[Board "5"]\n[Deal "{DEAL}"]\n[Auction "N"]\n١NT\n', 4, "U\\+0661"),
    (f'[Board "5"]\n[Deal "{DEAL.replace("A9643", "A9644")}"]\n', 2, "dealt twice"),
    ('[Board "5"]\n[Deal "#"]\n', 2, "forbids '#'"),
    ('[Board "5"]\n[Dealer "Q"]\n', 2, "not N, E, S or W"),
    ('[Board "x5"]\n', 1, "board number 'x5' is not a whole number"),
    ('[Board "5"]\n[Vulnerable "Some"]\n', 2, "vulnerability 'Some'"),
    (f'[Board "5"]\n[Dealer "N"][Deal "{DEAL}"]\n[Auction "E"]\n1C\n', 3, "dealer is N"),
    (f'[Board "5"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1C ^I 1D\n', 4, "irregular"),
    ('[Board "5"]\n[Event "no end\n', 2, "not closed on its line"),
])
def test_a_bad_game_names_its_line_and_board(tmp_path: Path, game: str, line: int,
                                             words: str) -> None:
    good = f'[Board "9"]\n[Deal "{DEAL}"]\n'
    path = _write(tmp_path, good + "\n" + game + "\n" + good.replace('"9"', '"10"'))
    got = _read(path)
    bad = [x for x in got if isinstance(x, Unreadable)]
    assert [b.number for b in got if isinstance(b, Board)] == [9, 10]
    assert len(bad) == 1
    assert bad[0].line == 3 + line and bad[0].source == str(path)
    assert re.search(words, bad[0].problem), bad[0].problem
    if "x5" not in game:
        assert bad[0].board == 5 and "board 5: " in str(bad[0])


def test_text_outside_any_tag_is_reported_and_the_game_still_read(tmp_path: Path) -> None:
    got = _read(_write(tmp_path, f'this is not PBN\n[Board "1"][Deal "{DEAL}"]\n'))
    assert isinstance(got[0], Unreadable) and "not PBN" in got[0].problem and got[0].line == 1
    assert isinstance(got[1], Board) and got[1].number == 1


def test_a_file_that_cannot_be_opened_is_one_error(tmp_path: Path) -> None:
    from openbid.base.errors import OpenbidError

    with pytest.raises(OpenbidError, match="cannot read"):
        _read(tmp_path / "missing.pbn")


# ---- a board at a time -------------------------------------------------------------------------
class _Counting(io.BytesIO):
    """A file that counts the bytes read from it."""

    taken = 0

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        got = super().readline(size)
        self.taken += len(got)
        return got


def test_the_reader_streams_a_game_at_a_time() -> None:
    game = f'[Board "1"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1NT Pass 3NT AP\n\n'
    data = (game * 20_000).encode()  # 2 MB
    fh = _Counting(data)
    items = read_pbn_from(fh, "big.pbn")
    first = [next(items) for _ in range(5)]
    assert all(b.auction[:3] == ("1NT", "PASS", "3NT") for b in first)  # type: ignore[union-attr]
    assert fh.taken <= 6 * len(game) < len(data) // 1000  # five games read, not the file


def test_a_line_too_long_is_cut_and_reported() -> None:
    from openbid.formats.pbn import MAX_LINE

    data = (b"; " + b"x" * (3 * MAX_LINE) + b"\n" + f'[Board "1"][Deal "{DEAL}"]\n'.encode())
    got = list(read_pbn_from(io.BytesIO(data), "long.pbn"))
    assert isinstance(got[0], Unreadable) and "longer than" in got[0].problem
    assert isinstance(got[-1], Board) and got[-1].deal == DEAL


# ---- the export format: written, read back -------------------------------------------------------
@st.composite
def boards(draw) -> Board:
    from openbid.bridge.notation import illegal, ended

    number = draw(st.integers(1, 10_000))
    deal = random_deal("pbn-test", number)
    hands = tuple(seat_hands(deal)[s] for s in SEATS)
    calls: list[str] = []
    options = ("PASS", "X", "XX") + tuple(f"{lv}{s}" for lv in range(1, 8)
                                          for s in ("C", "D", "H", "S", "NT"))
    for _ in range(draw(st.integers(0, 14))):
        legal = [c for c in options if not illegal(calls, c)]
        if not legal or ended(calls):
            break
        calls.append(draw(st.sampled_from(legal)))
    notes = tuple(draw(st.sampled_from(["", "15-17 \"strong\"", "Stayman; asks", "x\\y"]))
                  for _ in calls)
    return Board(number, draw(st.sampled_from(SEATS)),
                 draw(st.sampled_from(("none", "NS", "EW", "both"))), hands,  # type: ignore
                 tuple(calls), notes, tuple(bool(n) for n in notes),
                 dd=tuple((d, s, draw(st.integers(0, 13))) for d in "NS" for s in ("S", "NT")))


@given(st.lists(boards(), min_size=1, max_size=4))
@settings(max_examples=40)
def test_export_games_read_back_as_written(tmp_path_factory, written: list[Board]) -> None:
    from openbid.formats.pbn import HEADER

    path = tmp_path_factory.mktemp("pbn") / "out.pbn"
    text = HEADER + "\r\n".join(game_text(b, event="t", players=("n", "e", "s", "w"))
                                for b in written)
    path.write_bytes(text.encode())
    back = _read(path)
    assert all(isinstance(b, Board) for b in back)
    for a, b in zip(written, back):
        assert (a.number, a.dealer, a.vul, a.hands, a.auction) == \
            (b.number, b.dealer, b.vul, b.hands, b.auction)  # type: ignore[union-attr]
        assert a.notes == b.notes and a.dd == b.dd  # type: ignore[union-attr]


def test_an_export_game_has_the_mandatory_tags_in_order_and_no_made_up_result() -> None:
    from openbid.bridge.notation import parse_auction

    played = Board(3, "S", "EW", HANDS, parse_auction("1NT P 3NT P P P"), ("15-17", "", "", "",
                                                                           "", ""))
    text = game_text(played, event="e", players=("n", "e", "s", "w"))
    lines = text.split("\r\n")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    tags = [line.split(" ", 1)[0][1:] for line in lines if line.startswith("[")]
    assert tags[:15] == list(MANDATORY)
    assert '[Declarer "S"]' in lines and '[Contract "3NT"]' in lines
    assert '[Result "?"]' in lines  # not played: unknown, never invented
    assert '[Deal "S:KJT.QT86.K63.K42 82.AJ97.T974.QJ9 A9643.K2.AQ52.AT Q75.543.J8.87653"]' \
        in lines  # from the dealer
    assert lines[lines.index('[Auction "S"]') + 1] == "1NT =1= Pass 3NT Pass"
    assert '[Note "1:15-17"]' in lines
    passed = game_text(Board(3, "S", "EW", HANDS, parse_auction("P P P P")))
    assert '[Contract "Pass"]' in passed and '[Declarer ""]' in passed and '[Result ""]' in passed
    made = game_text(played, result=9)
    assert '[Result "9"]' in made


def test_endplay_reads_what_openbid_writes(tmp_path: Path) -> None:
    from endplay.parsers import pbn as ep
    from endplay.types import Deal

    from openbid.bridge.notation import call_text, parse_auction
    from openbid.formats.output import write_boards

    auctions = ["1NT P 2C P 2S P 4S P P P", "P P P P", "1C X XX 1H P P P"]
    written = [Board(n, "NESW"[n % 4], ("none", "NS", "EW", "both")[n % 4],
                     tuple(seat_hands(random_deal("endplay", n))[s] for s in SEATS),
                     parse_auction(a), tuple(f"rule {k}" for k in range(len(a.split()))),
                     dd=(("N", "NT", 9), ("S", "S", 10)))
               for n, a in enumerate(auctions, 1)]
    path = tmp_path / "o.pbn"
    write_boards(path, written, "pbn", event="openbid test", site="", date="2024.01.02",
                 players=("Nn", "Ee", "Ss", "Ww"), scoring="IMP")
    with open(path, encoding="utf-8") as fh:
        got = ep.load(fh)
    assert len(got) == len(written)
    for mine, theirs in zip(written, got):
        info = theirs.info
        assert {k: info[k] for k in ("Event", "Site", "Date", "West", "North", "East", "South",
                                     "Scoring")} == {
            "Event": "openbid test", "Site": "", "Date": "2024.01.02", "West": "Ww",
            "North": "Nn", "East": "Ee", "South": "Ss", "Scoring": "IMP"}
        assert theirs.board_num == mine.number and theirs.dealer.abbr == mine.dealer
        assert theirs.deal.to_pbn() == Deal(mine.deal).to_pbn()
        assert [_ep_call(b) for b in theirs.auction] == [call_text(c) for c in mine.auction]
        assert [b.announcement for b in theirs.auction] == list(mine.notes)
    raw = path.read_text(encoding="utf-8")
    for tag in MANDATORY:
        assert raw.count(f"[{tag} ") == len(written)
    assert raw.count('[Result "?"]') == 2 and raw.count('[Result ""]') == 1  # passed out: ""


def _ep_call(bid) -> str:
    from endplay.types import ContractBid

    if isinstance(bid, ContractBid):
        return f"{bid.level}{'NT' if bid.denom.name == 'nt' else bid.denom.name[0].upper()}"
    return {"passed": "Pass", "doubled": "X", "redoubled": "XX"}[bid.penalty.name]


def test_double_dummy_tricks_are_read_from_either_table(tmp_path: Path) -> None:
    # DoubleDummyTricks: declarers N S E W, strains NT S H D C, one hexadecimal digit each
    ddt = "9a8b7" + "-----" + "6543c" + "0123d"
    text = (f'[Board "1"][Deal "{DEAL}"][DoubleDummyTricks "{ddt}"]\n\n'
            f'[Board "2"][Deal "{DEAL}"]\n[OptimumResultTable "Declarer;Denomination\\2R;'
            'Result\\2R"]\nN NT 9\nS  H 11\nW  C  4\n')
    one, two = _read(_write(tmp_path, text))
    assert one.dd_table == {("N", "NT"): 9, ("N", "S"): 10, ("N", "H"): 8, ("N", "D"): 11,
                            ("N", "C"): 7, ("E", "NT"): 6, ("E", "S"): 5, ("E", "H"): 4,
                            ("E", "D"): 3, ("E", "C"): 12, ("W", "NT"): 0, ("W", "S"): 1,
                            ("W", "H"): 2, ("W", "D"): 3, ("W", "C"): 13}
    assert two.dd_table == {("N", "NT"): 9, ("S", "H"): 11, ("W", "C"): 4}
