"""openbid.checks.audit and ``openbid audit``: a session's boards (PBN and LIN, with several tags
on a line, '#' and Latin-1) re-bid by a system, each board's first departure found exactly.

The session is made here: each board's auction is the system's own (``System.bid_deal``) with a
call changed at a known place, cut short, or carried past the system's rules; so the departure
expected (the node, the seat, the call made, the system's call and its rule) is known from the
construction, not from the audit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openbid.bridge.deals import random_deal
from openbid.bridge.hand import Hand
from openbid.bridge.notation import SEATS, illegal, seat_hands
from openbid.checks.audit import AGREES, BEYOND, DEPARTS, INCOMPLETE, NO_AUCTION, audit
from openbid.formats.lin import LIN_SEATS
from openbid.systems.auction import load_system

SMALL = Path(__file__).resolve().parents[2] / "openbid" / "systems" / "examples" / "small.rules"
SYSTEM = load_system(str(SMALL))


def _hands(key: str) -> dict[str, Hand]:
    return {s: Hand.parse(h) for s, h in seat_hands(key).items()}


def _find(prefix: tuple[str, ...], dealer: str = "N", vul: str = "none", start: int = 0):
    """The first seeded deal the system bids beginning with ``prefix``, and its auction."""
    for n in range(start, start + 20_000):
        key = random_deal("audit", n)
        bid = SYSTEM.bid_deal(_hands(key), dealer, vul)
        if bid.auction[:len(prefix)] == prefix and len(bid.auction) > len(prefix):
            return key, bid
    raise AssertionError(f"no deal begins {prefix}")


def _other(call: str, after: tuple[str, ...]) -> str:
    """A legal call after ``after`` that is not ``call``."""
    return next(c for c in ("4S", "3NT", "2D", "1C", "PASS") if c != call and not illegal(after, c))


def _session():
    """(boards, expected): each board (number, dealer, vul, deal key, auction, complete) and what
    the audit must find on it."""
    boards, expected = [], []
    # 1. the system's own auction: agrees
    key, bid = _find(("1NT", "PASS"))
    boards.append((1, "N", "none", key, bid.auction, True))
    expected.append((AGREES, None))
    # 2. the opening changed: departs at the opening
    key2, bid2 = _find(("1C",), "E", "NS")
    made = _other(bid2.auction[0], ())
    boards.append((2, "E", "NS", key2, (made, "PASS", "PASS", "PASS"), True))
    expected.append((DEPARTS, ((), "E", made, bid2.auction[0], bid2.choices[0].label)))
    # 3. responder's call changed after 1NT P: departs at 1NT P (South, the dealer's partner)
    made3 = _other(bid.auction[2], bid.auction[:2])
    boards.append((3, "N", "none", key, bid.auction[:2] + (made3, "PASS", "PASS", "PASS"), True))
    expected.append((DEPARTS, (("1NT", "PASS"), "S", made3, bid.auction[2],
                               bid.choices[2].label)))
    # 4. cut short after two calls: incomplete, every call given agrees
    boards.append((4, "N", "none", key, bid.auction[:2], False))
    expected.append((INCOMPLETE, None))
    # 5. East bids over 1NT, where the system has no rules: beyond the system
    boards.append((5, "N", "none", key, ("1NT", "2H", "PASS", "PASS", "PASS"), True))
    expected.append((BEYOND, (("1NT",), "E", "2H")))
    # 6. no auction
    boards.append((6, "N", "none", key, (), True))
    expected.append((NO_AUCTION, None))
    return boards, expected


BOARDS, EXPECTED = _session()


def _pbn(path: Path) -> Path:
    """The session as a club's scorer might write it: several tags on a line, '#' for the
    event and site, Latin-1, a comment; board 7 has an illegal auction."""
    games = []
    for i, (n, dealer, vul, key, auction, complete) in enumerate(BOARDS):
        head = ('[Event "Clubabend"][Site "Zürich"]' if i == 0 else '[Event "#"] [Site "#"]')
        calls = " ".join("Pass" if c == "PASS" else c for c in auction) + ("" if complete else " *")
        vul_tag = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}[vul]
        games.append(f'{head}\n[Board "{n}"][Dealer "{dealer}"][Vulnerable "{vul_tag}"] ; {n}\n'
                     f'[North "Müller"][Deal "{key}"]\n'
                     + (f'[Auction "{dealer}"]\n{calls}\n' if auction else ""))
    games.append(f'[Board "7"][Dealer "N"][Deal "{BOARDS[0][3]}"]\n[Auction "N"]\n1NT 1C\n')
    path.write_bytes("\n".join(games).encode("latin-1"))
    return path


def _lin(path: Path) -> Path:
    lines = []
    for n, dealer, vul, key, auction, complete in BOARDS:
        calls = "".join(f"mb|{'p' if c == 'PASS' else c}|" for c in auction)
        sv = {"none": "o", "NS": "n", "EW": "e", "both": "b"}[vul]
        lines.append(f"pn|Süd,West,Nord,Ost|st||md|{LIN_SEATS.index(dealer) + 1}{_md(key)}|rh||"
                     f"ah|Board {n}|sv|{sv}|{calls}pg||")
    lines.append(f"pn|a,b,c,d|md|3{_md(BOARDS[0][3])}|ah|Board 7|mb|1N|mb|1C|")
    path.write_bytes("\n".join(lines).encode("latin-1"))
    return path


def _md(key: str) -> str:
    """md's hands: South, West, North (East: the cards left)."""
    hands = seat_hands(key)
    return ",".join("".join(s + r for s, r in zip("SHDC", hands[seat].split(".")))
                    for seat in LIN_SEATS[:3])


def _check(got, source: str) -> None:
    by_number = {b.number: b for b in got.boards}
    assert sorted(by_number) == [1, 2, 3, 4, 5, 6]
    for (n, *_), (status, what) in zip(BOARDS, EXPECTED):
        b = by_number[n]
        assert b.status == status, (n, b)
        assert b.source == source
        if status == DEPARTS:
            d = b.departure
            assert (d.node, d.seat, d.made, d.system, d.rule) == what
        elif status == BEYOND:
            assert b.beyond == what
        else:
            assert b.departure is None and b.beyond is None
    assert [p.board for p in got.problems] == [7]
    assert got.exit_code == 2  # an unreadable board
    # the rankings: two departures, one at the opening, one at 1NT P, each from its own rule
    nodes = {node: (k, reached) for node, k, reached in got.by_node()}
    assert nodes[()][0] == 1 and nodes[("1NT", "PASS")][0] == 1
    # a call was made at the opening on every board with an auction (1-5); at 1NT P on boards
    # 1 and 3 (board 4 stops before it)
    assert nodes[()][1] == 5 and nodes[("1NT", "PASS")][1] == 2
    rules = {r: k for r, _, k in got.by_rule()}
    assert rules == {EXPECTED[1][1][4]: 1, EXPECTED[2][1][4]: 1}


def test_a_pbn_session_is_audited_exactly(tmp_path: Path) -> None:
    path = _pbn(tmp_path / "club.pbn")
    _check(audit([path], SYSTEM), str(path))


def test_a_lin_session_is_audited_exactly(tmp_path: Path) -> None:
    path = _lin(tmp_path / "club.lin")
    got = audit([path], SYSTEM)
    _check(got, str(path))
    assert "not higher than 1NT" in got.problems[0].problem


def test_the_construction_is_what_it_says() -> None:
    """Each changed call is legal where it stands and differs from the system's."""
    for (n, dealer, vul, key, auction, complete), (status, what) in zip(BOARDS, EXPECTED):
        for i, c in enumerate(auction):
            assert not illegal(auction[:i], c)
        if status == DEPARTS:
            node, seat, made, system_call, _ = what
            assert made != system_call and auction[len(node)] == made
            assert SEATS[(SEATS.index(dealer) + len(node)) % 4] == seat


def test_side_audits_one_partnership_only(tmp_path: Path) -> None:
    path = _pbn(tmp_path / "club.pbn")
    ew = {b.number: b for b in audit([path], SYSTEM, side="EW").boards}
    # board 2's departure is East's (audited), board 3's South's (not); East's 2H on board 5
    assert ew[2].status == DEPARTS and ew[3].status == AGREES and ew[5].status == BEYOND
    ns = {b.number: b for b in audit([path], SYSTEM, side="NS").boards}
    assert ns[2].status == AGREES and ns[3].status == DEPARTS and ns[5].status == AGREES


def test_the_command_prints_the_departures_and_exits_by_them(tmp_path: Path, capsys) -> None:
    from openbid.cli.main import main

    path = _pbn(tmp_path / "club.pbn")
    assert main(["audit", str(path), "--rules", str(SMALL)]) == 2
    out, err = capsys.readouterr()
    d = EXPECTED[2][1]
    assert (f"board 3 ({path}:" in out and f"departs at 1NT P: South bid {d[2]}, the system"
            in out)
    assert "6 board(s) audited: 1 agree, 2 depart, 1 incomplete" in out
    assert f"openbid audit: {path}:" in err and "board 7: call 2 (1C)" in err
    # only the good boards: exit 1 (a board departs); only the agreeing one: exit 0
    good = tmp_path / "good.pbn"
    good.write_bytes(path.read_bytes().split(b'[Board "7"]')[0])
    assert main(["audit", str(good), "--rules", str(SMALL)]) == 1
    capsys.readouterr()
    one = tmp_path / "one.pbn"
    one.write_bytes(path.read_bytes().split(b"\n\n")[0] + b"\n")
    assert main(["audit", str(one), "--rules", str(SMALL), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["status"] == "agrees" and lines[-1]["summary"] and lines[-1]["exit"] == 0


def test_a_board_without_the_hands_audited_is_not_counted_as_agreeing(tmp_path: Path) -> None:
    from openbid.checks.audit import NO_HANDS

    key = BOARDS[0][3]
    east_west = seat_hands(key)
    path = tmp_path / "ew.pbn"
    path.write_text(f'[Board "1"][Dealer "N"][Vulnerable "None"]\n'
                    f'[Deal "N:- {east_west["E"]} - {east_west["W"]}"]\n[Auction "N"]\n1NT AP\n')
    (b,) = audit([path], SYSTEM, side="NS").boards
    assert b.status == NO_HANDS and b.checked == 0
    (b,) = audit([path], SYSTEM, side="EW").boards
    assert b.status == AGREES and b.checked == 2  # East and West passed, as the system does


def test_a_file_that_cannot_be_read_is_reported_and_the_others_audited(tmp_path: Path,
                                                                       capsys) -> None:
    from openbid.cli.main import main

    path = _pbn(tmp_path / "club.pbn")
    assert main(["audit", str(tmp_path / "missing.pbn"), str(path), "--rules", str(SMALL)]) == 2
    out, err = capsys.readouterr()
    assert "cannot read" in err and "missing.pbn" in err and "6 board(s) audited" in out
    assert "Traceback" not in err


@pytest.mark.parametrize("vul", ["none", "NS", "EW", "both"])
def test_each_call_is_read_with_the_bidders_vulnerability(vul: str) -> None:
    """SAYC's preempts read the vulnerability: a board bid by the system at ``vul`` agrees."""
    from openbid.checks.audit import audit_board
    from openbid.formats.board import Board

    sayc = load_system("sayc")
    for n in range(40):
        key = random_deal("audit-vul", n)
        bid = sayc.bid_deal(_hands(key), "W", vul)
        board = Board(n, "W", vul, tuple(seat_hands(key)[s] for s in SEATS), bid.auction)
        assert audit_board(sayc, board).status == AGREES


def test_passes_by_falling_through_at_two_nodes_are_two_rules_told_apart():
    """A pass by falling through is counted per node, and its line says which node (the note
    alone is the same everywhere)."""
    from openbid.checks.audit import Audit, BoardAudit, Departure

    def gone(node: tuple[str, ...]) -> BoardAudit:
        d = Departure(node, "N", "1S", "PASS", "", "mine: no bid point applies (pass)")
        return BoardAudit("s.pbn", 1, 1, "N", node + ("1S",), DEPARTS, len(node) + 1, d)

    a = Audit("mine", "both", boards=[gone(()), gone(("1C", "PASS")), gone(("1C", "PASS"))])
    assert [(note, k) for _, note, k in a.by_rule()] == [
        ("mine: no bid point applies (pass) after 1C PASS", 2),
        ("mine: no bid point applies (pass) at the opening", 1)]
