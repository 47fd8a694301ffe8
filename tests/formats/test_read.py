"""openbid.formats.read: either format told by its name or its first bytes; the deals of a file
as duplicate boards for ``compare --boards`` and ``dd fill --boards``, read no further than
asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from openbid.base.errors import OpenbidError
from openbid.bridge.deals import random_deal
from openbid.formats.read import dealt_boards, format_of

DEAL = "N:A9643.K2.AQ52.AT Q75.543.J8.87653 KJT.QT86.K63.K42 82.AJ97.T974.QJ9"


def test_boards_of_a_pbn_file(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    path.write_text('[Event "x"]\n[Board "7"]\n[Dealer "S"]\n[Vulnerable "All"]\n'
                    f'[Deal "{DEAL}"]\n\n[Board "8"]\n[Deal "{random_deal(1, 1)}"]\n\n'
                    f'[Deal "{random_deal(1, 2)}"]\n', encoding="utf-8")
    got = list(dealt_boards(path))
    # board 8: dealer and vulnerability by the cycle; the third deal, unnumbered, is board 3
    assert [(b.number, b.dealer, b.vul) for b in got] == [(7, "S", "both"), (8, "W", "none"),
                                                         (3, "S", "EW")]
    assert got[0].deal == DEAL
    assert [b.number for b in dealt_boards(path, 2)] == [7, 8]


@pytest.mark.parametrize("text, words", [
    ('[Board "1"]\n[Deal "N:AKQ"]\n', r"b\.pbn:2: board 1: .*cannot read"),
    ("; no tags\n", "no deal in the file"),
    (f'[Board "1"]\n[Deal "N:{DEAL[2:19]} - - -"]\n', "1 of the four hands"),
])
def test_what_cannot_be_played_is_named(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "b.pbn"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(OpenbidError, match=words):
        list(dealt_boards(path))


def test_the_format_is_told_by_name_or_content(tmp_path: Path) -> None:
    a = tmp_path / "session"
    a.write_text(f'% PBN 2.1\n[Deal "{DEAL}"]\n')
    b = tmp_path / "hands"
    b.write_text("pn|a,b,c,d|md|3SA,,,|")
    c = tmp_path / "other"
    c.write_text("hello\n")
    assert (format_of(a), format_of(b)) == ("pbn", "lin")
    with pytest.raises(OpenbidError, match="neither PBN"):
        format_of(c)
    assert format_of(tmp_path / "x.LIN") == "lin"


def test_a_big_file_is_read_no_further_than_asked(tmp_path: Path) -> None:
    path = tmp_path / "big.pbn"
    with open(path, "w", encoding="utf-8") as fh:
        for n in range(1, 20_001):
            fh.write(f'[Board "{n}"]\n[Deal "{DEAL}"]\n\n')
    import tracemalloc

    tracemalloc.start()
    got = list(dealt_boards(path, 5))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [b.number for b in got] == [1, 2, 3, 4, 5]
    assert peak < path.stat().st_size // 4  # the 1.4 MB file was not held


def test_boards_of_a_lin_file(tmp_path: Path) -> None:
    path = tmp_path / "b.lin"
    # md: dealer 3 (North); South, West, North; East the cards left
    path.write_text("pn|a,b,c,d|md|3SKJTHQT86DK63CK42,S82HAJ97DT974CQJ9,SA9643HK2DAQ52CAT,|"
                    "ah|Board 12|sv|b|mb|p|\n", encoding="utf-8")
    (b,) = dealt_boards(path)
    assert (b.number, b.dealer, b.vul, b.deal) == (12, "N", "both", DEAL)
