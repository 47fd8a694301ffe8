"""IMPs, matchpoints and the board cycle. Every expected value is written by hand from the WBF
IMP scale and the Laws (Law 2's board cycle); none was produced by openbid.bridge.duplicate."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openbid.cli import main as cli_main
from openbid.bridge.duplicate import board, imp_range, imps, matchpoints, side_vulnerable, traveller
from openbid.base.errors import OpenbidError

# The WBF scale as printed on the card: (lowest difference, highest difference, IMPs).
WBF = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
       (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
       (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
       (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
       (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 99990, 24)]


def test_every_multiple_of_ten_to_ten_thousand_against_the_wbf_card() -> None:
    for low, high, value in WBF:
        for diff in range(low, min(high, 10000) + 1, 10):
            assert imps(diff) == value, diff
            assert imps(-diff) == -value, -diff


@pytest.mark.parametrize(("diff", "expected"), [
    (0, 0), (10, 0), (20, 1), (50, 2), (170, 5), (-620, -12), (450, 10), (720, 12),
    (1430, 16), (-1460, -16), (2210, 19), (7600, 24), (15, 1)])
def test_familiar_swings(diff: int, expected: int) -> None:
    """620 vs 170 (game vs part-score): 450 = 10 IMPs; 1430 vs 0 (a missed slam bonus +
    overtrick...): 16; non-multiples of ten round up (15 as 20)."""
    assert imps(diff) == expected


def test_imp_ranges_read_back_the_card() -> None:
    assert [imp_range(v) for v in (0, 1, 12, 24)] == [(0, 10), (20, 40), (600, 740), (4000, None)]
    with pytest.raises(OpenbidError):
        imp_range(25)


@given(st.integers(-20000, 20000), st.integers(-20000, 20000))
def test_imps_are_odd_and_monotone(a: int, b: int) -> None:
    assert imps(-a) == -imps(a)
    if abs(a) <= abs(b):
        assert abs(imps(a)) <= abs(imps(b))


def test_matchpoints_beaten_one_tied_half() -> None:
    assert [(m.points, m.top) for m in traveller([420, 450, -50, 420])] == [
        (1.5, 3), (3, 3), (0, 3), (1.5, 3)]
    m = matchpoints(420, [450, -50, 420])
    assert (m.points, m.top, m.percent) == (1.5, 3, 50.0)
    assert matchpoints(100, []).percent == 50.0
    assert matchpoints(-100, [-200]).percent == 100.0


# Board, dealer, vulnerability: the standard 16-board cycle (as printed on duplicate boards).
CYCLE = [(1, "N", "none"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "both"), (5, "N", "NS"),
         (6, "E", "EW"), (7, "S", "both"), (8, "W", "none"), (9, "N", "EW"), (10, "E", "both"),
         (11, "S", "none"), (12, "W", "NS"), (13, "N", "both"), (14, "E", "none"),
         (15, "S", "NS"), (16, "W", "EW")]


def test_the_board_cycle_and_its_repeat() -> None:
    for number, dealer, vul in CYCLE:
        assert (board(number).dealer, board(number).vul) == (dealer, vul)
        assert (board(number + 16).dealer, board(number + 32).vul) == (dealer, vul)
    with pytest.raises(OpenbidError):
        board(0)
    assert side_vulnerable("NS", "S") and not side_vulnerable("NS", "E")
    assert side_vulnerable("both", "W") and not side_vulnerable("none", "N")


def test_imps_command(capsys) -> None:
    assert cli_main.main(["imps", "-620", "450", "620-170", "100--620"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "-620: -12 IMPs", "450: +10 IMPs", "620 - 170 = 450: +10 IMPs", "100 - -620 = 720: +12 IMPs"]
    assert cli_main.main(["imps", "--table"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert len(table) == 25 and table[1].split() == ["20-40", "points", "1", "IMPs"]
    assert table[-1].split() == ["4,000", "or", "more", "points", "24", "IMPs"]


def test_mp_command(capsys) -> None:
    assert cli_main.main(["mp", "420", "450", "-50", "420"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "   450: 3 of 3 matchpoints (100.0%)"
    assert cli_main.main(["mp", "420", "--field", "450,-50,420", "--json"]) == 0
    assert capsys.readouterr().out.strip() == (
        '{"score": 420, "matchpoints": 1.5, "top": 3, "percent": 50.0}')


@pytest.mark.parametrize("argv", [["imps"], ["imps", "x"], ["imps", "1e9"], ["mp", "420"],
                                  ["mp", "420", "--field", ","], ["mp", "4.5", "3"]])
def test_bad_input_exits_2_with_a_message(argv: list[str], capsys) -> None:
    assert cli_main.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("openbid: error: ") and err.count("\n") == 1


# ---- the one Wilson interval (openbid.base.stats.wilson) -----------------------------------------
def test_wilson_interval_stays_in_range_and_contains_the_share() -> None:
    from hypothesis import given, strategies as st

    from openbid.base.stats import wilson

    @given(st.integers(1, 10_000), st.data())
    def check(n: int, data) -> None:
        k = data.draw(st.integers(0, n))
        lo, hi = wilson(k, n)
        assert 0.0 <= lo <= k / n <= hi <= 1.0

    check()
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)  # the textbook value: 0.4038 .. 0.5962
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962


# ---- a share's interval stays in range (matchpoints per board) ------------------------------------
def test_share_interval_never_leaves_zero_to_one() -> None:
    from hypothesis import given, strategies as st

    from openbid.base.stats import share_interval, t_interval

    @given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=2, max_size=40))
    def check(values: list[float]) -> None:
        i, t = share_interval(values), t_interval(values)
        assert i.low is not None and i.high is not None and t.low is not None and t.high is not None
        assert 0.0 <= i.low <= i.mean <= i.high <= 1.0
        assert (i.low, i.high) == (max(0.0, t.low), min(1.0, t.high))  # only ever cut, never moved

    check()
    # four boards, two won and two lost: the uncut t-interval runs from -42% to 142%
    t = t_interval([1.0, 0.0, 1.0, 0.0])
    assert t.low is not None and t.low < 0 and t.high is not None and t.high > 1
    i = share_interval([1.0, 0.0, 1.0, 0.0])
    assert (i.low, i.high) == (0.0, 1.0)
