"""Seat-qualified conditions over two and four hands: Z3 with card ownership against the
counting planner (a deal exists exactly when the count is positive), every deal re-checked, and
``count --where`` against the card-by-card dynamic programme of test_planner."""

from __future__ import annotations

import json

import pytest

from openbid.cli.main import main
from openbid.systems.variants import load_variant
from openbid.checks import planner
from openbid.checks.pair import deal_claim, evaluate_on_deal, find_deals, parse_seated
from openbid.checks.verdicts import Status, Verdict
from tests.checks.test_planner import card_dp

RULES = load_variant("code")


def _cards(deal) -> list[str]:
    out = []
    for hand in deal.values():
        for suit, h in zip("SHDC", hand.to_pbn().split(".")):
            out += [suit + r for r in h]
    return out


@pytest.mark.parametrize("text", [
    "N.HCP >= 15 and N.HCP <= 17 and N.SUITLENGTH(S) + S.SUITLENGTH(S) >= 8",
    "N.HCP + S.HCP >= 37",
    "N.HCP + S.HCP >= 41",
    "N.SUITLENGTH(H) >= 7 and S.SUITLENGTH(H) >= 7",
    "N.SUITLENGTH(S) + S.SUITLENGTH(S) + E.SUITLENGTH(S) >= 14",
    "N.SUITLENGTH(H) + S.SUITLENGTH(H) = 13",
])
def test_find_agrees_with_the_planner_and_every_deal_is_real(text: str) -> None:
    e = parse_seated(text)
    got = find_deals(e, RULES, 3)
    n = planner.count(text)
    assert n is not None and n.exact
    assert (got.status is Status.SAT) == (n.count > 0)
    for deal in got.deals:
        cards = _cards(deal)
        assert len(cards) == 52 and len(set(cards)) == 52
        assert all(sum(x.length for x in h.holdings) == 13 for h in deal.values())
        assert evaluate_on_deal(e, deal, RULES) is True
    if got.status is Status.SAT:
        assert len(got.deals) == 3 or got.exhausted


def test_claims_over_seats() -> None:
    held = deal_claim([("N", RULES.parse("HCP >= 21"))], parse_seated("N.HCP + S.HCP >= 21"),
                      RULES)
    assert held.verdict is Verdict.HELD
    failed = deal_claim([("N", RULES.parse("HCP >= 21"))], parse_seated("N.HCP + S.HCP >= 25"),
                        RULES)
    assert failed.verdict is Verdict.FAILED and failed.deal is not None
    assert evaluate_on_deal(parse_seated("N.HCP >= 21"), failed.deal, RULES) is True
    assert evaluate_on_deal(parse_seated("N.HCP + S.HCP < 25"), failed.deal, RULES) is True
    vacuous = deal_claim([("", parse_seated("N.HCP >= 30 and S.HCP >= 30"))],
                         parse_seated("E.HCP = 0"), RULES)
    assert vacuous.verdict is Verdict.VACUOUS
    # Card ownership: 21+ in N and in S leaves at most -2 for E and W: E has none.
    four = deal_claim([("", parse_seated("N.HCP >= 20 and S.HCP >= 20"))],
                      parse_seated("E.HCP = 0 and W.HCP = 0"), RULES)
    assert four.verdict is Verdict.HELD


def test_cli_find_seats(capsys) -> None:
    assert main(["find", "N.HCP + S.HCP >= 37", "--count", "2", "--total", "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len([r for r in rows if "deal" in r]) == 2
    n = planner.count("N.HCP + S.HCP >= 37")
    assert rows[-1]["count"] == n.count and rows[-1]["exact"]  # type: ignore[union-attr]
    assert main(["find", "N.HCP + S.HCP >= 41"]) == 1
    assert "no deal" in capsys.readouterr().out
    assert main(["find", "N.HCP >= 3 and HCP >= 2"]) == 2
    assert "name the seat" in capsys.readouterr().err


def test_cli_count_where_seats_against_card_dp(capsys) -> None:
    assert main(["count", "--where", "N.SUITLENGTH(S) + S.SUITLENGTH(S) >= 8", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["exact"] and row["unit"] == "deals"
    assert row["count"] == card_dp(0, 40, 8, hcp=False)


@pytest.mark.slow
def test_cli_count_where_done_when_against_card_dp(capsys) -> None:
    text = "N.HCP >= 15 and N.HCP <= 17 and N.SUITLENGTH(S) + S.SUITLENGTH(S) >= 8"
    assert main(["count", "--where", text, "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["exact"] and row["count"] == card_dp(15, 17, 8)


def test_count_cond_and_the_facts_of_the_deal(capsys) -> None:
    assert main(["count", "N.HCP >= 20", "--vul", "we"]) == 2
    assert "do not apply" in capsys.readouterr().err
    assert main(["count", "VUL and HCP >= 20", "--vul", "we", "--json"]) == 0
    vul = json.loads(capsys.readouterr().out)["count"]
    assert vul == planner.count("HCP >= 20").count  # type: ignore[union-attr]
    assert main(["count", "VUL and HCP >= 20", "--vul", "none"]) == 2
    assert "selects no hand" in capsys.readouterr().err
