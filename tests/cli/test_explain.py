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
    lines = out.splitlines()
    assert lines[0].startswith("1NT PASS (rule file")
    assert lines[1].startswith("  own calls:    each player over the hands that make its own "
                               "calls")
    assert lines[3].startswith("  at the table: given all four players' calls")
    assert lines[4].endswith("the auction begins 4.87% (exact) of deals")
    assert "dealer (1NT)\n  own calls: 30,897,212,184 hands (4.8656%)" in out
    assert "\n  at the table (N):\n    HCP           15..17" in out
    assert "HCP           15..17" in out and "2nd seat (PASS)" in out
    # the 2nd seat passes off-system: by its own calls any hand, at the table at most 25 HCP
    # (the opener holds 15 or more) and eleven cards of a suit (the opener holds two)
    second = out[out.index("2nd seat (PASS)"):]
    own, table = second.split("  at the table (E):")
    assert "HCP           0..37" in own and "SUITLENGTH(S) 0..13" in own
    assert "HCP           0..25" in table and "SUITLENGTH(S) 0..11" in table


def test_each_view_alone(path, capsys):
    assert main(["explain", "1NT P", "--rules", path, "--view", "own"]) == 0
    out = capsys.readouterr().out
    assert "own calls:" in out and "at the table" not in out
    assert main(["explain", "1NT P", "--rules", path, "--view", "table", "--json"]) == 0
    items = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [i["seat"] for i in items] == [1, 2] and "hands" not in items[0]
    assert items[0]["table"]["view"] == "at the table"


@pytest.mark.parametrize("argv, message", [
    (["explain", ""], "the auction is empty"),
    (["explain", "1NT 1C"], "1C is not higher than 1NT"),
    (["explain", "1NT P P P P"], "has ended"),
])
def test_a_bad_auction_is_a_clear_error(argv, message, path, capsys):
    assert main(argv + ["--rules", path]) == 2
    assert message in capsys.readouterr().err


TABLE = """\
name tbl
section 1 "open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP and HCP <= 17 value 1NT
  bid clubs when true value 1C

auction "1C" else pass
  section 1 "overcall" when HCP >= 10
    for t in S, H
      bid one when SUITLENGTH(t) >= 5 value 1 t

auction "1C P" else pass
  section 1 "respond" when HCP >= 6
    bid diamonds when SUITLENGTH(D) >= 4 value 1D
    bid hearts when SUITLENGTH(H) >= 4 value 1H
"""


def dealt(seed: int, n: int):
    """Deals dealt by Python's random (not numpy): four hands, N E S W."""
    rng = __import__("random").Random(seed)
    deck = [(suit, r) for suit in range(4) for r in "AKQJT98765432"]
    for _ in range(n):
        rng.shuffle(deck)
        yield [Hand.from_suits(*("".join(r for s2, r in sorted(
            deck[13 * i:13 * i + 13], key=lambda c: "AKQJT98765432".index(c[1]))
            if s2 == suit) for suit in range(4))) for i in range(4)]


def test_the_table_view_agrees_with_deals_bid_by_the_executor(tmp_path):
    """A brute-force sample: deals dealt at random, each player's calls made by the executor;
    of those that begin 1C P 1D P, every player's HCP and diamonds lie within the ranges the
    table proves, the shares agree with the table's estimates (95% intervals meet), and so does
    the auction's probability."""
    from openbid.base.stats import wilson

    p = tmp_path / "tbl.rules"
    p.write_text(TABLE)
    auction = ("1C", "PASS", "1D", "PASS")
    code, items = run("explain", "1C P 1D P", "--rules", str(p), "--json", "--deals", "20000")
    assert code == 0
    system = load_system(str(p))
    seen: dict = {}
    hits = n = 0
    for hands in dealt(5, 8000):
        n += 1
        if all(system.call(auction[:t], hands[t % 4]).call == auction[t] for t in range(4)):
            hits += 1
            for t in range(3):
                h = hands[t]
                hcp = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in h.to_pbn())
                d = len(h.to_pbn().split(".")[2])
                for name, v in (("HCP", hcp), ("SUITLENGTH(D)", d)):
                    seen.setdefault((t, name), []).append(v)
    assert hits > 300
    table = items[0]["table"]
    lo, hi = wilson(hits, n)
    assert table["interval"][0] <= hi and lo <= table["interval"][1], (hits, n, table)
    for t in range(3):
        got = {d["name"]: d for d in items[t]["table"]["descriptors"]}
        for name in ("HCP", "SUITLENGTH(D)"):
            d, values = got[name], seen[(t, name)]
            assert d["proved"] == "z3"
            assert d["min"] <= min(values) and max(values) <= d["max"], (t, name)
            for v in set(values):
                k = values.count(v)
                if k < 30:
                    continue
                b_lo, b_hi = wilson(k, len(values))
                share = d["distribution"][str(v)]
                t_lo, t_hi = share["interval"] or (share["share"], share["share"])
                assert t_lo <= b_hi and b_lo <= t_hi, (t, name, v, k, share)
            for end in ("min_deal", "max_deal"):  # a deal at each end, re-bid here
                seats = d[end][2:].split()
                hands = [Hand.parse(x) for x in seats]
                assert all(system.call(auction[:u], hands[u % 4]).call == auction[u]
                           for u in range(4))


SEATED = """\
name seated
section 1 "open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP and HCP <= 17 and SEAT <= 2 value 1NT
  bid clubs when true value 1C
"""


def test_the_auction_fixes_each_player_s_seat(tmp_path):
    """A rule that reads SEAT: each player is counted in its own seat (hands), not over four
    seats (hand-contexts, four times too many)."""
    p = tmp_path / "seated.rules"
    p.write_text(SEATED)
    code, items = run("explain", "P 1NT", "--rules", str(p), "--json", "--view", "own")
    assert code == 0
    system = load_system(str(p))
    want = sum(g.weight for g in groups()
               if system.call(("PASS",), Hand.parse(g.hand.to_pbn())).call == "1NT")
    assert items[1]["hands"] == want and items[1]["contexts"] == [{"SEAT": 2}]
    dealer = sum(g.weight for g in groups()
                 if system.call((), Hand.parse(g.hand.to_pbn())).call == "PASS")
    assert items[0]["hands"] == dealer and items[0]["contexts"] == [{"SEAT": 1}]


@pytest.mark.parametrize("auction, words", [
    ("1NT P 7NT P", "is not reached by"),
    ("1NT P 2C P 2NT P", "is not reached by"),
])
def test_an_auction_the_system_does_not_reach_is_one_line(auction, words, path, capsys):
    assert main(["explain", auction, "--rules", path]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1
    assert "chose(" not in err and "no hand meets" not in err
