"""A system's findings at the table, group by group (openbid.checks.table_findings): the groups
by rule and kind, the simulation's deals read at every finding's node, the groups it misses
asked node by node, the ranking, and the text (openbid.report.table_findings)."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import pytest

from openbid.systems.auction import load_system
from openbid.checks import table as T
from openbid.checks import table_findings as TF
from openbid.report import table_findings as R

BID_DEALS = TF.bid_deals  # (the tests below stand in for it in the processes that bid)

COMBO = """\
name combo
section 1 "open"
  bid one when SUITLENGTH(S) >= 5 value 1S
  bid two when SUITLENGTH(H) >= 5 value 1H

auction "1S P"
  section 1 "respond"
    bid raise when SUITLENGTH(S) <= 8 value 2S

auction "1H P"
  section 1 "respond"
    bid raise when SUITLENGTH(H) >= 3 value 2H
    bid spades when SUITLENGTH(S) >= 5 value 1S
    bid late when SUITLENGTH(H) >= 4 value 3H
"""


@dataclass(frozen=True)
class Witness:
    hand: str = ""
    vul: str = "none"
    seat: int | None = None


@dataclass(frozen=True)
class Finding:
    """What the table work reads of a finding (openbid.checks.findings has these fields)."""

    kind: str
    node: tuple[str, ...]
    point: str = ""
    count: int = 1
    of: int = 2
    witness: Witness | None = Witness()
    claim: str = ""
    subject: str = ""


@pytest.fixture(scope="module")
def combo(tmp_path_factory):
    p = tmp_path_factory.mktemp("combo") / "combo.rules"
    p.write_text(COMBO)
    return load_system(str(p))


def findings() -> list[Finding]:
    return [
        Finding("gap", ("1S", "PASS")), Finding("gap", ("PASS", "1S", "PASS")),
        Finding("gap", ("1H", "PASS"), count=3, of=4), Finding("gap", ("PASS", "1H", "PASS")),
        Finding("shadowed", ("1H", "PASS"), "1H P/late"),
        Finding("overlap", ("1H", "PASS"), "1H P/spades", subject="1H P/raise"),
    ]


def hearts_gap_count() -> int:
    """Pairs (opener, responder), disjoint: opener at most four spades and five or more hearts,
    responder at most four spades and two hearts (counted over suit lengths, not by openbid)."""
    total = 0
    for sn in range(5):
        for hn in range(5, 14 - sn):
            rn = 13 - sn - hn
            wn = comb(13, sn) * comb(13, hn) * comb(26, rn)
            for ss in range(5):
                for hs in range(3):
                    rs = 13 - ss - hs
                    total += wn * comb(13 - sn, ss) * comb(13 - hn, hs) * comb(26 - rn, rs)
    return total


def test_groups_by_rule_and_kind(combo):
    got = {(g.kind, g.rule): len(g.findings) for g in TF.groups_of(combo, findings())}
    assert got == {("gap", 'block "1S P"'): 2, ("gap", 'block "1H P"'): 2,
                   ("shadowed", "1H P/late"): 1, ("overlap", "1H P/spades under 1H P/raise"): 1}


def test_fill_finds_each_group_at_the_table_or_in_isolation_only(combo):
    groups = TF.fill(combo, findings(), budget=TF.TableBudget(deals=20_000))
    by = {(g.kind, g.rule): g for g in groups}
    hearts, spades = by[("gap", 'block "1H P"')], by[("gap", 'block "1S P"')]
    over = by[("overlap", "1H P/spades under 1H P/raise")]
    # nine or more spades opposite a five-card 1S: no deal (proved at both nodes)
    assert spades.at_table is False and spades.reached is None
    assert all(t.at_table is False and t.probability.exact for t in spades.tables.values())
    assert len(spades.tables) == 2
    # the hearts gap: simulated deals reach it; the node after the dealer's 1H is exact
    assert hearts.at_table is True and hearts.hits > 0
    t = hearts.tables[0]
    assert t.auction == ("1H", "PASS") and t.probability.exact
    assert t.probability.value == hearts_gap_count() / (comb(52, 13) * comb(39, 13))
    assert T.rebid(combo, t.auction, "N", "none", t.deal) is None
    share = hearts.share
    assert share is not None and not share.exact and share.low < share.value < share.high
    # the group reaches more than its first node: the dealer's opening, or the 2nd seat's
    assert share.high >= t.probability.value
    assert by[("shadowed", "1H P/late")].at_table is True
    assert over.tables == {} and over.at_table is None  # overlaps: no table work
    # ranked: at the table by probability, then the rest, in isolation only last
    kinds = [(g.kind, g.at_table) for g in groups]
    assert kinds[:2] == [("gap", True), ("shadowed", True)]
    assert kinds[-1] == ("gap", False)


def test_a_group_the_simulation_misses_is_asked_node_by_node(combo):
    groups = TF.fill(combo, findings()[:4], budget=TF.TableBudget(deals=0, node_deals=500))
    by = {g.rule: g for g in groups}
    hearts = by['block "1H P"']
    assert hearts.hits == 0 and hearts.asked == 1 and hearts.at_table is True
    assert hearts.reached.probability.exact  # two hands: the generating functions
    assert by['block "1S P"'].at_table is False and by['block "1S P"'].asked == 2


def test_the_text_puts_what_to_fix_first_and_isolated_groups_apart(combo):
    groups = TF.fill(combo, findings(), budget=TF.TableBudget(deals=20_000))
    lines = R.text(groups, lambda f: f.kind == "gap" and f.node[-2:] == ("1H", "PASS"))
    text = "\n".join(lines)
    assert lines[0].startswith("Findings at the table: 6 findings in 4 groups")
    first = next(x for x in lines if "gap block" in x)
    assert first.lstrip().startswith("FAILS gap block \"1H P\" at 2 nodes")
    assert "ESTIMATE" in first and "e.g. at 1H PASS [5.71% (exact)], dealer N: N:" in first
    assert "in isolation only" in text
    iso = text[text.index("in isolation only"):]
    assert 'gap block "1S P" at 2 nodes' in iso
    assert "overlaps: 1 in 1 groups, by design" in text and "--overlaps lists them" in text
    assert "1H P/spades under" not in text  # not listed without --overlaps
    listed = "\n".join(R.text(groups, lambda f: False, overlaps=True))
    assert "overlap 1H P/spades under 1H P/raise" in listed


def test_the_groups_read_by_several_workers_equal_one_process(combo, monkeypatch):
    budget = TF.TableBudget(deals=20_000)
    monkeypatch.setenv("OPENBID_JOBS", "1")
    alone = TF.fill(combo, findings(), budget=budget)
    monkeypatch.setenv("OPENBID_JOBS", "3")
    shared = TF.fill(combo, findings(), budget=budget)

    def seen(groups):
        return [(g.kind, g.rule, g.hits, g.simulated, g.asked, g.tables) for g in groups]

    assert seen(shared) == seen(alone)
    assert any(g.hits for g in alone) and any(g.tables for g in alone)


@pytest.mark.parametrize("sizes,n", [([3, 0, 5, 1, 1, 0, 7, 2, 2, 2], 2), ([0, 0], 2), ([4], 3),
                                     ([5] * 20, 2), ([1] * 3, 4)])
def test_the_groups_shares_cover_every_group_with_findings_once_in_order(sizes, n):
    shares = TF._shares(sizes, n)
    assert [i for s in shares for i in s] == [i for i, k in enumerate(sizes) if k]
    assert all(shares) and len(shares) <= max(1, 4 * n)


def _live_children() -> set[int]:
    """The live child processes of this one (Linux: /proc)."""
    from tests.test_api import _children

    return set(_children())


def test_the_deals_bid_early_in_a_worker_fill_the_same_groups(combo, monkeypatch):
    """The system checks bid the table's deals from the start, in a worker of the lowest
    priority (openbid.checks.system_run.early_simulation): the groups are those of deals bid
    in this process, and the worker is gone once the table is filled."""
    import sys

    from openbid.checks.system_run import early_simulation

    budget = TF.TableBudget(deals=20_000)
    monkeypatch.setenv("OPENBID_JOBS", "2")
    alone = TF.fill(combo, findings(), budget=budget)
    before = _live_children() if sys.platform.startswith("linux") else set()
    with early_simulation(combo.rules, budget) as simulation:
        assert simulation is not None
        early = TF.fill(combo, findings(), budget=budget, simulation=simulation)
        sim = simulation()
        assert (sim.n, sim.seed) == (budget.deals, budget.seed)
        # the worker bid the deals as the process does, node for node
        here = TF.Simulation(combo, budget.deals, budget.seed)
        assert sim.ids == here.ids and (sim.deals == here.deals).all()

    def seen(groups):
        return [(g.kind, g.rule, g.hits, g.simulated, g.asked, g.tables) for g in groups]

    assert seen(early) == seen(alone) and any(g.hits for g in early)
    if sys.platform.startswith("linux"):
        assert _live_children() <= before


def _bid_slowly(arg, seconds: int = 30):
    """A stand-in for the bidding that takes half a minute, then leaves a mark."""
    import os
    import time
    from pathlib import Path

    time.sleep(seconds)
    Path(os.environ["OPENBID_TEST_MARK"]).write_text("finished")


def _bid_slowly_when_niced(arg):
    """The bidding, but ten minutes first (and a mark) in a process of lowered priority: the
    other process, bidding 20,000 deals (under a second here), finishes first on any machine."""
    import os

    if os.nice(0) > 0:
        _bid_slowly(arg, 600)
    return BID_DEALS(arg)


def test_deals_not_taken_are_not_waited_for_and_leave_no_worker(combo, monkeypatch, tmp_path):
    """A table whose simulation is not taken (a cached table, no finding at the table): the
    worker, still bidding, is ended with the run, not waited for (it never finished)."""
    import sys

    from openbid.checks.system_run import early_simulation

    mark = tmp_path / "finished"
    monkeypatch.setenv("OPENBID_JOBS", "2")
    monkeypatch.setenv("OPENBID_TEST_MARK", str(mark))
    monkeypatch.setattr(TF, "bid_deals", _bid_slowly)
    linux = sys.platform.startswith("linux")
    before = _live_children() if linux else set()
    with early_simulation(combo.rules, TF.TableBudget(deals=1000)) as simulation:
        assert simulation is not None
        if linux:
            assert _live_children() - before  # the worker is bidding
    assert not mark.exists()
    if linux:
        assert _live_children() <= before


def test_deals_asked_for_before_the_idle_worker_is_done_come_from_a_second_worker(
        combo, monkeypatch, tmp_path):
    """On a busy machine the lowest priority gets next to no time: when the table asks for the
    deals before that worker has bid them, a worker of the command's priority bids them too,
    and the first to finish gives them (here the second: the first never finishes)."""
    import sys

    from openbid.checks.system_run import early_simulation

    mark = tmp_path / "finished"
    budget = TF.TableBudget(deals=20_000)
    monkeypatch.setenv("OPENBID_JOBS", "2")
    monkeypatch.setenv("OPENBID_TEST_MARK", str(mark))
    monkeypatch.setattr(TF, "bid_deals", _bid_slowly_when_niced)
    linux = sys.platform.startswith("linux")
    before = _live_children() if linux else set()
    with early_simulation(combo.rules, budget) as simulation:
        assert simulation is not None
        sim = simulation()
    here = TF.Simulation(combo, budget.deals, budget.seed)
    assert sim.ids == here.ids and (sim.deals == here.deals).all()
    assert not mark.exists()
    if linux:
        assert _live_children() <= before


@pytest.mark.parametrize("jobs,budget", [("1", TF.TableBudget(deals=1000)),
                                         ("2", None), ("2", TF.TableBudget(deals=0))])
def test_no_early_deals_with_one_job_or_no_table(combo, monkeypatch, jobs, budget):
    from openbid.checks.system_run import early_simulation

    monkeypatch.setenv("OPENBID_JOBS", jobs)
    with early_simulation(combo.rules, budget) as simulation:
        assert simulation is None


def test_a_simulation_of_another_budget_is_refused(combo):
    other = TF.Simulation(combo, 1000, 7)
    with pytest.raises(AssertionError, match="not the budget's"):
        TF.fill(combo, findings(), budget=TF.TableBudget(deals=1000, seed=1),
                simulation=lambda: other)
