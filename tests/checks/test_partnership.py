"""Partnership claims after an auction and deals for an auction, on the example system
(openings, Stayman and its answers): verdicts against what the system's rules say, witnesses
re-bid, deals uniform (the drawn opener's HCP against the exact census shares), PBN read back by
endplay, files never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openbid.cli.main import main
from openbid.systems.auction import load_system
from openbid.checks.dealer import draw, seat_conditions
from openbid.checks.pair import evaluate_on_deal, parse_seated
from openbid.checks.partnership import partnership_claim
from openbid.checks.verdicts import Verdict

SMALL = str(Path(__file__).resolve().parents[2] / "openbid/systems/examples/small.rules")
SYSTEM = load_system(SMALL)
STAYMAN = "1NT P 2C P 2H"


def test_claim_verdicts_and_witness_rebid() -> None:
    fit = parse_seated("N.SUITLENGTH(H) + S.SUITLENGTH(H) >= 8")
    got = partnership_claim(SYSTEM, STAYMAN, fit)
    assert got.verdict is Verdict.FAILED and got.deal is not None
    # The witness is re-bid along the auction (partnership_claim raises otherwise); here again:
    assert SYSTEM.call((), got.deal["N"]).call == "1NT"
    assert SYSTEM.call(("1NT", "PASS"), got.deal["S"]).call == "2C"
    assert SYSTEM.call(("1NT", "PASS", "2C", "PASS"), got.deal["N"]).call == "2H"
    assert evaluate_on_deal(fit, got.deal, SYSTEM.rules) is False
    # Responder bid Stayman with a 4-card major, opener showed hearts: 23+ HCP, 4+ hearts.
    held = partnership_claim(SYSTEM, STAYMAN,
                             parse_seated("N.SUITLENGTH(H) >= 4 and N.HCP + S.HCP >= 23"))
    assert held.verdict is Verdict.HELD and held.deal is None
    # One point more is not promised.
    assert partnership_claim(SYSTEM, STAYMAN,
                             parse_seated("N.HCP + S.HCP >= 24")).verdict is Verdict.FAILED
    # Responder's 2H after opener's 2D is off-system (a pass): nobody makes these calls.
    vac = partnership_claim(SYSTEM, "1NT P 2C P 2D P 2H", parse_seated("N.HCP >= 0"))
    assert vac.verdict is Verdict.VACUOUS
    # The other side: E and W passing over 1NT is consistent with any hands (1NT is no block's
    # pattern for them), and N's calls are no premise of their claim: N may hold the points.
    other = partnership_claim(SYSTEM, "1NT P P P", parse_seated("E.HCP + W.HCP <= 25"))
    assert other.verdict is Verdict.FAILED and other.seats == "EW"


def test_claim_cli(capsys) -> None:
    args = ["claim", "--rules", SMALL, "--auction", STAYMAN]
    assert main([*args, "N.SUITLENGTH(H) + S.SUITLENGTH(H) >= 8"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAILED") and "  N  " in out and "  S  " in out
    assert main([*args, "N.HCP + S.HCP >= 23", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "HELD"
    assert main([*args, "N.HCP + E.HCP >= 1"]) == 2
    assert "both sides" in capsys.readouterr().err
    assert main([*args, "HCP >= 1"]) == 2
    assert main(["claim", "--rules", SMALL, "--auction", "1NT P 2Q", "N.HCP >= 1"]) == 2


def test_deals_begin_the_auction_and_meet_every_seat() -> None:
    got = draw(SYSTEM, STAYMAN, count=5, seed=11)
    conds = seat_conditions(SYSTEM, ("1NT", "PASS", "2C", "PASS", "2H"), "N", "none")
    from openbid.systems.evaluate import holds

    assert len(got.deals) == 5 and not got.exact
    for deal, bid in got.deals:
        assert bid.auction[:5] == ("1NT", "PASS", "2C", "PASS", "2H")
        assert all(holds(conds[s], deal[s], SYSTEM.rules) for s in "NESW")
        cards = [c for h in deal.values() for c in h.to_pbn()]
        assert sum(c != "." for c in cards) == 52
    low, high = got.interval()
    assert low <= got.probability <= high


def test_deal_is_uniform_over_the_anchor_condition() -> None:
    """1NT: the opener's HCP among 300 drawn deals against the exact census shares (15, 16, 17)."""
    from openbid.readers.census.census import Census, Column

    got = draw(SYSTEM, "1NT", count=300, seed=7)
    assert got.exact
    e = SYSTEM.rules.parse("HCP", want="num")
    cond = SYSTEM.consistent(("1NT",), 0)
    groups = Census([SYSTEM.rules]).group([Column("value", 0, e)], where=cond)
    total = sum(groups.weights.values())
    assert total == got.anchor_count
    from openbid.systems.evaluate import value

    seen = [value(e, deal["N"], SYSTEM.rules) for deal, _ in got.deals]
    for (hcp,), w in groups.weights.items():
        share = w / total
        n = sum(1 for x in seen if x == hcp)
        sd = (300 * share * (1 - share)) ** 0.5
        assert abs(n - 300 * share) < 4 * sd + 1


def test_deal_cli_pbn(tmp_path: Path, capsys) -> None:
    out = tmp_path / "deals.pbn"
    args = ["deal", "--rules", SMALL, "--auction", "1NT P 2C", "--count", "3", "--seed", "2"]
    assert main([*args, "--pbn", str(out)]) == 0
    capsys.readouterr()
    from endplay.parsers import pbn

    with open(out) as f:
        boards = pbn.load(f)
    assert len(boards) == 3
    written = out.read_text()
    for b in boards:
        assert b.dealer.name == "north"
        # each call alerted ('!*') with its rule as the note
        assert [str(c).rstrip("!*") for c in b.auction][:3] == ["1NT", "P",
                                                                "2\N{BLACK CLUB SUIT}"]
        assert all(c.announcement.startswith("small") for c in b.auction)
        assert f'[Deal "{b.deal.to_pbn()}"]' in written
    before = out.read_text()
    assert main([*args, "--pbn", str(out)]) == 2
    assert "exists" in capsys.readouterr().err and out.read_text() == before
    assert main([*args, "--pbn", str(tmp_path / "no" / "x.pbn")]) == 2
    assert main([*args, "--pbn", str(out), "--force"]) == 0
    assert main([*args, "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert rows[-1]["label"] == "ESTIMATE" and len(rows) == 4


@pytest.mark.parametrize("bad", [["--count", "0"], ["--auction", "1NT P 2Q"]])
def test_deal_cli_bad_input(bad: list[str], capsys) -> None:
    args = ["deal", "--rules", SMALL, "--auction", "1NT", *bad]
    assert main(args) == 2


def test_gap_estimate_covers_the_exact_share() -> None:
    """After 1NT, the share of openers with 17 HCP, exactly by the census, lies in the gap's
    95% interval for the claim N.HCP <= 16 (one seed: deterministic)."""
    from openbid.readers.census.census import Census
    from openbid.checks.dealer import gap_estimate

    cond = SYSTEM.consistent(("1NT",), 0)
    all_ = sum(Census([SYSTEM.rules]).group([], where=cond).weights.values())
    from openbid.expr.ast import And

    seventeen = sum(Census([SYSTEM.rules]).group(
        [], where=And((cond, SYSTEM.rules.parse("HCP = 17")))).weights.values())
    gap = gap_estimate(SYSTEM, "1NT", parse_seated("N.HCP <= 16"), "NS", pairs=1000, seed=4)
    assert gap.pairs == 1000
    assert gap.low <= seventeen / all_ <= gap.high


def test_claim_cli_gap(capsys) -> None:
    args = ["claim", "--rules", SMALL, "--auction", STAYMAN,
            "8 <= N.SUITLENGTH(H) + S.SUITLENGTH(H)", "--gap", "300", "--json"]
    assert main(args) == 1
    row = json.loads(capsys.readouterr().out)
    assert row["gap"]["label"] == "ESTIMATE" and row["gap"]["pairs"] == 300
    assert 0 < row["gap"]["failed"] < 300
    assert main([*args[:-3], "--gap", "5"]) == 2


def test_a_system_reading_seat_and_vulnerability(capsys) -> None:
    """SAYC reads SEAT and VUL: each seat reads its own (third-seat opening, vulnerable NS)."""
    assert main(["deal", "--variant", "sayc", "--auction", "P P 1S", "--vul", "NS",
                 "--seed", "2", "--samples", "200", "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert rows[0]["auction"][:3] == ["PASS", "PASS", "1S"] and rows[-1]["anchor"] == "S"
    assert main(["claim", "--variant", "sayc", "--auction", "P 1NT", "15 <= E.HCP",
                 "--vul", "both"]) == 0
