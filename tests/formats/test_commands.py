"""The commands that write board files: ``deal --pbn/--lin`` and ``compare --pbn/--lin``; what
they write reads back through endplay's parsers with every mandatory tag, each call's rule, the
double-dummy tricks the comparison solved and its IMPs."""

from __future__ import annotations

import json
from pathlib import Path

from openbid.bridge.notation import SEATS, call_text
from openbid.cli.main import main
from openbid.formats.board import Board
from openbid.formats.pbn import MANDATORY, read_pbn
from openbid.formats.lin import read_lin

SMALL = str(Path(__file__).resolve().parents[2] / "openbid/systems/examples/small.rules")


def _ep_call(bid) -> str:
    from endplay.types import ContractBid

    if isinstance(bid, ContractBid):
        return f"{bid.level}{'NT' if bid.denom.name == 'nt' else bid.denom.name[0].upper()}"
    return {"passed": "Pass", "doubled": "X", "redoubled": "XX"}[bid.penalty.name]


def test_deal_writes_pbn_and_lin_that_endplay_reads(tmp_path: Path, capsys) -> None:
    from endplay.parsers import lin as ep_lin
    from endplay.parsers import pbn as ep_pbn

    pbn, lin = tmp_path / "d.pbn", tmp_path / "d.lin"
    args = ["deal", "--rules", SMALL, "--auction", "1NT P 2C", "--count", "3", "--seed", "5"]
    assert main([*args, "--pbn", str(pbn), "--lin", str(lin)]) == 0
    out = capsys.readouterr().out
    assert f"3 deal(s) written to {pbn}" in out and f"3 deal(s) written to {lin}" in out
    ours = [b for b in read_pbn(pbn) if isinstance(b, Board)]
    def key(b):
        return (b.number, b.dealer, b.vul, b.hands, b.auction, b.notes, b.alerts,
                {k: v for k, v in b.tags if k in ("North", "East", "South", "West")})

    assert len(ours) == 3 and [key(b) for b in read_lin(lin)] == [key(b) for b in ours]
    with open(pbn, encoding="utf-8") as fh:
        theirs = ep_pbn.load(fh)
    raw = pbn.read_text(encoding="utf-8")
    for tag in MANDATORY:
        assert raw.count(f"[{tag} ") == 3
    for mine, ep in zip(ours, theirs):
        assert mine.auction[:3] == ("1NT", "PASS", "2C") and mine.complete
        assert [_ep_call(c) for c in ep.auction] == [call_text(c) for c in mine.auction]
        assert [c.announcement for c in ep.auction] == list(mine.notes)
        assert mine.notes[0] == "small 1nt (Openings)"
        assert mine.notes[2] == "small 1NT P/stayman (Stayman)"
        assert ep.info["North"] == "small" and ep.deal.to_pbn() == mine.deal
    with open(lin, encoding="utf-8") as fh:
        assert [[c.announcement for c in b.auction] for b in ep_lin.load(fh)] == \
            [list(b.notes) for b in ours]
    # refused, then replaced with --force; a folder that does not exist: refused before work
    before = pbn.read_bytes()
    assert main([*args, "--pbn", str(pbn)]) == 2
    assert "exists" in capsys.readouterr().err and pbn.read_bytes() == before
    assert main([*args, "--lin", str(tmp_path / "no" / "d.lin")]) == 2
    assert main([*args, "--pbn", str(pbn), "--force", "--seed", "6"]) == 0
    assert pbn.read_bytes() != before and not list(tmp_path.glob(".*.tmp"))


def test_compare_writes_the_boards_that_differ(tmp_path: Path, capsys) -> None:
    from endplay.parsers import pbn as ep_pbn

    pbn, lin = tmp_path / "c.pbn", tmp_path / "c.lin"
    argv = ["compare", "sayc", "code", "--deals", "8", "--seed", "w", "--store",
            str(tmp_path / "dd.duckdb"), "--json", "--pbn", str(pbn), "--lin", str(lin)]
    assert main(argv) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    boards = [r for r in rows if not r.get("summary")]
    differ = [r for r in boards
              if (r["a"]["contract"], r["a"]["declarer"]) != (r["b"]["contract"], r["b"]["declarer"])]
    assert differ, "the seed gives boards where the contracts differ"
    games = [b for b in read_pbn(pbn) if isinstance(b, Board)]
    assert len(games) == 2 * len(differ)
    for row, open_room, closed in zip(differ, games[0::2], games[1::2]):
        for game, side, room, sign in ((open_room, row["a"], "Open", 1),
                                       (closed, row["b"], "Closed", -1)):
            assert game.number == row["board"] and game.deal == row["deal"]
            assert list(game.auction) == side["auction"]
            assert game.tag("Room") == room and game.tag("Scoring") == "IMP"
            assert game.tag("ScoreIMP") == f"NS {sign * row['imps']}"
            assert game.tag("Result") == "?"  # not played: unknown
            if side["tricks"] is not None:  # the double-dummy tricks the comparison used
                assert game.dd_table[(side["declarer"],
                                      _strain(side["contract"]))] == side["tricks"]
                assert game.tag("DoubleDummyScore") == f"NS {side['score_ns']}"
            assert all(n.startswith(("sayc", "code")) for n in game.notes)
    with open(pbn, encoding="utf-8") as fh:
        theirs = ep_pbn.load(fh)
    assert [b.board_num for b in theirs] == [g.number for g in games]
    assert all(b.info["Room"] in ("Open", "Closed") for b in theirs)
    assert len([b for b in read_lin(lin) if isinstance(b, Board)]) == len(games)


def _strain(contract: str) -> str:
    body = contract.rstrip("X")
    return body[1:]


def test_the_seats_are_north_first() -> None:
    assert SEATS == "NESW"


def test_simulate_writes_export_games_that_endplay_reads(tmp_path: Path, capsys) -> None:
    from endplay.parsers import pbn as ep_pbn

    path = tmp_path / "s.pbn"
    assert main(["simulate", "--variant", "sayc", "--deals", "6", "--seed", "4", "--workers",
                 "0", "--pbn", str(path)]) == 0
    capsys.readouterr()
    raw = path.read_text(encoding="utf-8")
    for tag in MANDATORY:
        assert raw.count(f"[{tag} ") == 6
    assert raw.count('[Result "?"]') + raw.count('[Result ""]') == 6  # never a made-up result
    with open(path, encoding="utf-8") as fh:
        theirs = ep_pbn.load(fh)
    ours = [b for b in read_pbn(path) if isinstance(b, Board)]
    assert [b.board_num for b in theirs] == [b.number for b in ours] == list(range(1, 7))
    assert [[_ep_call(c) for c in b.auction] for b in theirs] == \
        [[call_text(c) for c in b.auction] for b in ours]
    assert all(b.complete for b in ours)
