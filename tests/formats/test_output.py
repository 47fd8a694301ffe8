"""openbid.formats.output: a board file is written whole or not at all; an existing file is
replaced only with force, never when it is not a regular file; a full disk leaves nothing behind
and says so; boards of a system's auction carry each call's rule."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from openbid.base.errors import OpenbidError
from openbid.bridge.deals import random_deal
from openbid.bridge.notation import SEATS, parse_auction, seat_hands
from openbid.formats.board import Board
from openbid.formats.output import BoardFile, bid_board, write_boards
from openbid.formats.pbn import read_pbn

BOARDS = [Board(n, "N", "none", tuple(seat_hands(random_deal("out", n))[s] for s in SEATS),
                parse_auction("1NT P P P")) for n in range(1, 4)]


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_boards_are_written_and_nothing_else_is_left(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"b.{fmt}"
    assert write_boards(path, BOARDS, fmt) == 3
    assert path.exists() and _leftovers(tmp_path) == []


def test_an_existing_file_is_replaced_only_with_force(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    path.write_text("mine")
    with pytest.raises(OpenbidError, match="exists; give --force"):
        write_boards(path, BOARDS)
    assert path.read_text() == "mine"
    write_boards(path, BOARDS, force=True)
    assert [b.number for b in read_pbn(path)] == [1, 2, 3]  # type: ignore[union-attr]


def test_force_never_replaces_a_link_or_a_folder(tmp_path: Path) -> None:
    target = tmp_path / "real.pbn"
    target.write_text("kept")
    link = tmp_path / "link.pbn"
    link.symlink_to(target)
    with pytest.raises(OpenbidError, match="not a regular file"):
        write_boards(link, BOARDS, force=True)
    assert link.is_symlink() and target.read_text() == "kept"
    with pytest.raises(OpenbidError, match="folder"):
        write_boards(tmp_path, BOARDS, force=True)


def test_a_full_disk_leaves_no_file_and_says_so(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "b.pbn"
    real = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OpenbidError, match="No space left on device"):
        write_boards(path, BOARDS)
    assert not path.exists() and _leftovers(tmp_path) == []
    monkeypatch.setattr(os, "fsync", real)
    write_boards(path, BOARDS)  # a rerun works
    assert path.exists()


def test_an_interrupt_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"

    def boards():
        yield BOARDS[0]
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_boards(path, boards())
    assert not path.exists() and _leftovers(tmp_path) == []


def test_a_file_made_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    with pytest.raises(OpenbidError, match="made while this ran"):
        with BoardFile(path, "pbn") as out:
            out.write(BOARDS[0])
            path.write_text("someone else's")
    assert path.read_text() == "someone else's" and _leftovers(tmp_path) == []


def test_a_system_board_carries_each_calls_rule() -> None:
    from openbid.bridge.hand import Hand
    from openbid.systems.auction import load_system

    small = Path(__file__).resolve().parents[2] / "openbid/systems/examples/small.rules"
    system = load_system(str(small))
    hands = {"N": Hand.parse("AQ2.KJ32.K43.Q32"), "E": Hand.parse("JT9.T98.T98.JT94"),
             "S": Hand.parse("K543.A76.QJ2.876"), "W": Hand.parse("876.Q54.A765.AK5")}
    bid = system.bid_deal(hands, "N", "none")
    # 1NT (15 HCP, 3-4-3-3), East off-system, Stayman (10 HCP, four spades), West off-system,
    # 2H (four hearts), then passes
    assert bid.auction == parse_auction("1NT P 2C P 2H P P P")
    board = bid_board(1, hands, "N", "none", bid, system)
    assert board.notes[0] == "small 1nt (Openings)"
    assert board.notes[1] == "small: off-system (no rules here: pass)"
    assert board.notes[2] == "small 1NT P/stayman (Stayman)"
    assert board.notes[4] == "small 1NT P 2C P/hearts (Opener answers Stayman)"
