"""``openbid explain AUCTION``: for each player who has called, the range, ends and exact
distribution of HCP, suit lengths and the file's defines over the hands that make that player's
calls, against a brute-force count (the executor over the reference's hand classes)."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from openbid.cli.main import main
from openbid.systems.auction import load_system
from openbid.bridge.hand import Hand

from reference.count import groups

SYSTEM = """\
name small
define LONGMAJOR = max(SUITLENGTH(S), SUITLENGTH(H))
section 1 "open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP <= 17 value 1NT
  bid clubs when true value 1C

auction "1NT P" else pass
  section 1 "respond"
    bid stayman when HCP >= 8 and LONGMAJOR >= 4 value 2C
    bid game when HCP >= 10 value 3NT

auction "1NT P 2C P"
  section 1 "answer"
    bid hearts when SUITLENGTH(H) >= 4 value 2H
    bid denial when true value 2D
"""


def run(*argv: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, [json.loads(x) for x in out.getvalue().splitlines() if x.strip()]


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    p = tmp_path_factory.mktemp("explain") / "small.rules"
    p.write_text(SYSTEM)
    return str(p)


def brute(path: str, auction: tuple[str, ...], seat: int) -> dict[str, dict[int, int]]:
    system = load_system(path)
    out: dict[str, dict[int, int]] = {"HCP": {}, "SUITLENGTH(H)": {}, "LONGMAJOR": {}}
    for g in groups():
        hand = Hand.parse(g.hand.to_pbn())
        if all(system.call(auction[:t], hand).call == auction[t]
               for t in range(seat, len(auction), 4)):
            c, d, h, s = g.facts.lengths
            for name, v in (("HCP", g.facts.hcp), ("SUITLENGTH(H)", h),
                            ("LONGMAJOR", max(s, h))):
                out[name][v] = out[name].get(v, 0) + g.weight
    return out


def test_each_players_calls_show_what_the_brute_force_counts(path):
    code, items = run("explain", "1NT P 2C P", "--rules", path, "--json")
    assert code == 0
    assert [i["seat"] for i in items] == [1, 2, 3, 4]
    auction = ("1NT", "PASS", "2C", "PASS")
    for seat in (0, 2):
        got = {d["name"]: d for d in items[seat]["descriptors"]}
        assert set(got) == {"HCP", "SUITLENGTH(S)", "SUITLENGTH(H)", "SUITLENGTH(D)",
                            "SUITLENGTH(C)", "LONGMAJOR"}
        want = brute(path, auction, seat)
        for name, dist in want.items():
            d = got[name]
            assert {int(k): v for k, v in d["distribution"].items()} == dist, (seat, name)
            assert (d["min"], d["max"]) == (min(dist), max(dist))
            assert d["proved"] == "z3"
        assert items[seat]["hands"] == sum(want["HCP"].values())
    opener = {d["name"]: d for d in items[0]["descriptors"]}
    assert (opener["HCP"]["min"], opener["HCP"]["max"]) == (15, 17)
    system = load_system(path)
    for end in ("min_hand", "max_hand"):  # each end makes the opener's call
        assert system.call((), Hand.parse(opener["HCP"][end])).call == "1NT"
    responder = {d["name"]: d for d in items[2]["descriptors"]}
    assert responder["LONGMAJOR"]["min"] == 4 and responder["HCP"]["min"] == 8


def test_the_text_names_each_player_and_the_ranges(path, capsys):
    assert main(["explain", "1NT P", "--rules", path, "--vul", "none"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("dealer (1NT): 30,897,212,184 hands (4.8656%)")
    assert "HCP           15..17" in out and "2nd seat (PASS)" in out


@pytest.mark.parametrize("argv, message", [
    (["explain", ""], "the auction is empty"),
    (["explain", "1NT 1C"], "1C is not higher than 1NT"),
    (["explain", "1NT P P P P"], "has ended"),
])
def test_a_bad_auction_is_a_clear_error(argv, message, path, capsys):
    assert main(argv + ["--rules", path]) == 2
    assert message in capsys.readouterr().err
