"""``openbid compare`` checked independently, board by board: the tricks by endplay's DDS called
here directly, the score by a scorer written here from the Law 77 tables, the IMPs by the WBF
card written out here, the contract and declarer read back from the auction, dealer and
vulnerability from the board cycle as printed on boards, and the summary recomputed (with the
t quantile from a printed table)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from openbid.cli import main as cli_main
from openbid.base.stats import t_interval, t_quantile

SYSTEMS = ("sayc", "code")  # two systems whose openings part on about half the boards
N = 24

# ---- independent references ---------------------------------------------------------------------
CYCLE = {1: ("N", "none"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "both"), 5: ("N", "NS"),
         6: ("E", "EW"), 7: ("S", "both"), 8: ("W", "none"), 9: ("N", "EW"), 10: ("E", "both"),
         11: ("S", "none"), 12: ("W", "NS"), 13: ("N", "both"), 14: ("E", "none"),
         15: ("S", "NS"), 0: ("W", "EW")}
WBF = [(10, 0), (40, 1), (80, 2), (120, 3), (160, 4), (210, 5), (260, 6), (310, 7), (360, 8),
       (420, 9), (490, 10), (590, 11), (740, 12), (890, 13), (1090, 14), (1290, 15), (1490, 16),
       (1740, 17), (1990, 18), (2240, 19), (2490, 20), (2990, 21), (3490, 22), (3990, 23)]
T975 = {23: 2.0687, 47: 2.0117, 299: 1.9679}  # printed two-sided 95% t values


def wbf_imps(diff: int) -> int:
    size = abs(diff)
    value = next((v for bound, v in WBF if size <= bound), 24)
    return value if diff >= 0 else -value


def law77(level: int, strain: str, doubled: int, vul: bool, tricks: int) -> int:
    """The declarer's score, one trick at a time from the Law 77 tables."""
    need = 6 + level
    if tricks < need:
        total = 0
        for k in range(1, need - tricks + 1):
            if doubled == 0:
                total += 100 if vul else 50
            else:
                if vul:
                    each = 200 if k == 1 else 300
                else:
                    each = 100 if k == 1 else 200 if k <= 3 else 300
                total += each * (2 if doubled == 2 else 1)
        return -total
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    points = 0
    for k in range(1, level + 1):
        points += (40 if strain == "NT" and k == 1 else per) * (1, 2, 4)[doubled]
    over = tricks - need
    if doubled == 0:
        extra = over * per
    else:
        extra = over * (200 if vul else 100) * (1 if doubled == 1 else 2)
    bonus = 50 * doubled
    bonus += (500 if vul else 300) if points >= 100 else 50
    if level == 6:
        bonus += 750 if vul else 500
    if level == 7:
        bonus += 1500 if vul else 1000
    return points + extra + bonus


def final_contract(auction: list[str], dealer: str) -> tuple[str, str | None]:
    """The contract and declarer an auction ends in: the last bid, doubled or redoubled after
    it, played by the first of its side to have named its strain."""
    seats = "NESW"
    start = seats.index(dealer)
    last = None
    doubling = ""
    for i, call in enumerate(auction):
        if call in ("X", "XX"):
            doubling = call
        elif call != "PASS":
            last, doubling = i, ""
    if last is None:
        return "PASS", None
    bid = auction[last]
    strain = bid[1:]
    side = (start + last) % 2
    first = next(i for i, c in enumerate(auction)
                 if (start + i) % 2 == side and c not in ("PASS", "X", "XX") and c[1:] == strain)
    return bid + doubling, seats[(start + first) % 4]


def dds(deal: str, declarer: str, strain: str) -> int:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    den = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
           "NT": Denom.nt}[strain]
    return calc_dd_table(Deal(deal))[den, {"N": Player.north, "E": Player.east,
                                           "S": Player.south, "W": Player.west}[declarer]]


def run_json(capsys, *argv: str) -> tuple[list[dict], dict]:
    assert cli_main.main(["compare", *argv, "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[-1].get("summary") is True
    return lines[:-1], lines[-1]


def check_table(t: dict, deal: str, dealer: str, vul: str, solved: bool) -> int | None:
    contract, declarer = final_contract(t["auction"], dealer)
    assert (t["contract"], t["declarer"]) == (contract, declarer)
    if contract == "PASS":
        assert t["tricks"] is None and t["score_ns"] == 0
        return 0
    if not solved:
        assert t["tricks"] is None and t["score_ns"] is None
        return None
    level, strain = int(contract[0]), contract[1:].rstrip("X")
    doubled = len(contract) - 1 - len(strain)
    tricks = dds(deal, declarer, strain)
    assert t["tricks"] == tricks
    side_vul = vul in ("both", "NS" if declarer in "NS" else "EW")
    points = law77(level, strain, doubled, side_vul, tricks)
    assert t["score_ns"] == (points if declarer in "NS" else -points)
    return t["score_ns"]


# ---- the tests ---------------------------------------------------------------------------------
def test_every_board_reproduced_independently(tmp_path: Path, capsys) -> None:
    store = str(tmp_path / "dd.duckdb")
    boards, summary = run_json(capsys, *SYSTEMS, "--deals", str(N), "--seed", "7",
                               "--store", store, "--workers", "0")
    assert [b["board"] for b in boards] == list(range(1, N + 1))
    differ = 0
    for b in boards:
        assert (b["dealer"], b["vul"]) == CYCLE[b["board"] % 16]
        hands = b["deal"][2:].split()
        assert b["deal"].startswith("N:") and len(hands) == 4
        assert sorted("".join(hands).replace(".", "")) == sorted("AKQJT98765432" * 4)
        same = (b["a"]["contract"], b["a"]["declarer"]) == (b["b"]["contract"], b["b"]["declarer"])
        sa = check_table(b["a"], b["deal"], b["dealer"], b["vul"], not same)
        sb = check_table(b["b"], b["deal"], b["dealer"], b["vul"], not same)
        if same:
            assert b["imps"] == 0 and b["mp_a"] == 0.5
        else:
            differ += 1
            assert sa is not None and sb is not None
            assert b["imps"] == wbf_imps(sa - sb)
            assert b["mp_a"] == (1.0 if sa > sb else 0.5 if sa == sb else 0.0)
        assert b["a"]["off_system"] >= 0 and b["b"]["off_system"] >= 0
    # the two systems part on some boards (whole-auction SAYC against OPENBID's openings only
    # may part on every board)
    assert 0 < differ <= N
    swings = [b["imps"] for b in boards]
    mean = sum(swings) / N
    sd = math.sqrt(sum((x - mean) ** 2 for x in swings) / (N - 1))
    half = T975[N - 1] * sd / math.sqrt(N)
    assert (summary["boards"], summary["differ"]) == (N, differ)
    assert summary["imps_mean"] == pytest.approx(mean, abs=1e-4)
    assert summary["ci95"] == pytest.approx([mean - half, mean + half], abs=2e-4)
    assert summary["solved"]["deals_asked"] == differ


def test_same_seed_same_boards_and_the_store_is_reused(tmp_path: Path, capsys) -> None:
    store = str(tmp_path / "dd.duckdb")
    first, s1 = run_json(capsys, *SYSTEMS, "--deals", "12", "--seed", "x", "--store", store)
    again, s2 = run_json(capsys, *SYSTEMS, "--deals", "12", "--seed", "x", "--store",
                         str(tmp_path / "other.duckdb"))
    assert first == again
    reused, s3 = run_json(capsys, *SYSTEMS, "--deals", "12", "--seed", "x", "--store", store)
    assert reused == first and s3["solved"]["solved"] == 0
    assert s3["solved"]["in_store"] == s1["solved"]["deals_asked"]
    other, _ = run_json(capsys, *SYSTEMS, "--deals", "12", "--seed", "y", "--store", store)
    assert [b["deal"] for b in other] != [b["deal"] for b in first]


def test_boards_that_need_no_solving_are_not_solved(tmp_path: Path, capsys) -> None:
    """Same contracts are 0 IMPs without solving: the store holds only the other deals, and
    holds for each only the pairs of its two contracts (or a strain's table)."""
    from openbid.dd.store import Store

    store = tmp_path / "dd.duckdb"
    boards, summary = run_json(capsys, *SYSTEMS, "--deals", "16", "--seed", "s", "--store",
                               str(store))
    with Store(store, read_only=True) as s:
        rows = {deal: tricks for deal, tricks, _ in s.rows()}
    parted = {b["deal"] for b in boards
              if (b["a"]["contract"], b["a"]["declarer"]) != (b["b"]["contract"],
                                                              b["b"]["declarer"])}
    assert set(rows) == parted - {b["deal"] for b in boards
                                  if b["a"]["contract"] == b["b"]["contract"] == "PASS"}
    assert all(len(t) < 20 for t in rows.values())
    same = sum(1 for b in boards if b["deal"] not in parted)
    assert same and summary["boards"] - summary["differ"] == same


def test_solve_all_scores_every_board(tmp_path: Path, capsys) -> None:
    boards, _ = run_json(capsys, *SYSTEMS, "--deals", "8", "--seed", "all", "--store",
                         str(tmp_path / "dd.duckdb"), "--solve-all")
    for b in boards:
        sa = check_table(b["a"], b["deal"], b["dealer"], b["vul"], True)
        sb = check_table(b["b"], b["deal"], b["dealer"], b["vul"], True)
        assert sa is not None and sb is not None and b["imps"] == wbf_imps(sa - sb)


def test_boards_from_a_pbn_file_and_a_rule_file(tmp_path: Path, capsys) -> None:
    from openbid.systems.variants import rules_text

    rules = tmp_path / "sayc1618.rules"
    text = rules_text("sayc.rules")
    assert "HCP >= 15 and HCP <= 17 value 1NT" in text
    rules.write_text(text.replace("HCP >= 15 and HCP <= 17 value 1NT",
                                  "HCP >= 16 and HCP <= 18 value 1NT"), encoding="utf-8")
    pbn = tmp_path / "b.pbn"
    # North: 15 HCP balanced (1NT in SAYC, one of a minor at 16-18)
    pbn.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                   '[Deal "N:AQ4.KJ3.K842.Q93 T9.Q42.QJ63.J842 K76.A986.A95.A65 J8532.T75.T7.KT7"]'
                   "\n", encoding="utf-8")
    boards, summary = run_json(capsys, "sayc", str(rules), "--boards", str(pbn), "--store",
                               str(tmp_path / "dd.duckdb"))
    assert len(boards) == 1 and summary["boards_file"] == str(pbn)
    a, b = boards[0]["a"], boards[0]["b"]
    assert a["auction"][0] == "1NT" and b["auction"][0] != "1NT"
    same = (a["contract"], a["declarer"]) == (b["contract"], b["declarer"])
    assert summary["differ"] == (0 if same else 1)
    check_table(a, boards[0]["deal"], "N", "none", not same)
    check_table(b, boards[0]["deal"], "N", "none", not same)


def test_text_and_report(tmp_path: Path, capsys) -> None:
    report = tmp_path / "rep"
    assert cli_main.main(["compare", *SYSTEMS, "--deals", "16", "--seed", "r", "--store",
                          str(tmp_path / "dd.duckdb"), "--report", str(report), "--limit", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "sayc (A) against code (B): 16 boards, seed r; each system bids every " \
        "board for both sides"
    assert "95% CI [" in out[2] and "Student t" in out[2]
    assert out[-1] == f"report written to {report}/index.html (and report.md, report.json)"
    page = (report / "index.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 2 and "Where the systems part" in page
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    assert len(data["boards"]) == 16 and data["summary"]["boards"] == 16
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "index.html").write_text("my page", encoding="utf-8")
    assert cli_main.main(["compare", *SYSTEMS, "--deals", "2", "--report", str(mine),
                          "--store", str(tmp_path / "dd.duckdb")]) == 2
    assert (mine / "index.html").read_text(encoding="utf-8") == "my page"


def test_the_t_quantile_matches_printed_tables() -> None:
    for df, t in [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281), (23, 2.0687),
                  (30, 2.0423), (100, 1.9840), (299, 1.9679)]:
        assert t_quantile(0.975, df) == pytest.approx(t, abs=1e-4)
    i = t_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    assert (i.mean, i.sd) == (3.0, pytest.approx(math.sqrt(2.5)))
    assert i.high == pytest.approx(3 + 2.7764 * math.sqrt(2.5) / math.sqrt(5), abs=1e-4)
    assert t_interval([4.0]).low is None


@pytest.mark.parametrize("argv", [
    ["compare", "sayc", "nope"], ["compare", "sayc", "code", "--deals", "0"],
    ["compare", "sayc", "code", "--limit", "-1"], ["compare", "sayc", "code", "--boards",
                                                 "/nonexistent.pbn"],
    ["compare", "sayc", "code", "--report", "/proc/openbid-report"],
    ["compare", "sayc", "code", "--workers", "-2"]])
def test_bad_input_exits_2(argv: list[str], capsys, tmp_path: Path) -> None:
    assert cli_main.main([*argv, "--store", str(tmp_path / "s.duckdb")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("openbid: error: ") and err.count("\n") == 1


def test_the_matchpoint_interval_stays_within_0_and_100_percent(tmp_path: Path, capsys) -> None:
    """On few boards the matchpoint share's t-interval leaves 0-100%; the one shown never does."""
    store = str(tmp_path / "dd.duckdb")
    seen = []
    for seed in ("1", "2", "3", "4", "5", "6"):
        _, summary = run_json(capsys, *SYSTEMS, "--deals", "4", "--seed", seed, "--store", store)
        lo, hi = summary["mp_ci95"]
        assert 0.0 <= lo <= summary["mp_a_mean"] <= hi <= 1.0
        seen.append((lo, hi))
    assert any(lo == 0.0 or hi == 1.0 for lo, hi in seen)  # a cut happened: the case is exercised
