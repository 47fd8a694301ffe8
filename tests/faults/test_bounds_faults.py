"""Numbers from outside are bounded before any work (docs/LIMITS.md), and seeded boards are
dealt a chunk at a time: memory follows the work asked for, and results reach the store from the
first chunk."""

from __future__ import annotations

import pytest

from openbid.cli.main import main

from faults.harness import SMALL, one_error


@pytest.fixture
def no_work(monkeypatch):
    """Any of the commands' work starting fails the test: the bound is checked first."""
    import openbid.checks.dealer as dealer
    import openbid.checks.partnership as partnership
    import openbid.dd.store as store
    import openbid.systems.auction as auction

    def started(*args, **kwargs):
        raise AssertionError("the work started before the bound was checked")

    for module, name in ((dealer, "draw"), (partnership, "partnership_claim"),
                         (auction, "load_system"), (auction, "system_of"), (store, "Store")):
        monkeypatch.setattr(module, name, started)


BIG = str(10**12)
CASES = [
    (["deal", "--auction", "1NT", "--count", BIG], "--count must be 1 to 100,000"),
    (["deal", "--auction", "1NT", "--samples", BIG], "--samples must be 100 to 2,000,000"),
    (["claim", "--auction", "1NT P", "N.HCP >= 15", "--gap", BIG], "--gap must be 100 to"),
    (["claim", "--auction", "1NT P", "N.HCP >= 15", "--gap", "-3"], "--gap must be 100 to"),
    (["compare", "code", "sayc", "--deals", "10000000"], "--deals must be 1 to 1,000,000"),
    (["dd", "fill", "--deals", "10000001"], "--deals must be 1 to 10,000,000"),
    (["compare", "code", "sayc", "--workers", "1000"], "--workers must be 0 to"),
    (["dd", "fill", "--deals", "5", "--workers", "1000"], "--workers must be 0 to"),
    (["compare", "code", "sayc", "--workers", "-1"], "--workers must be 0 to"),
]


@pytest.mark.parametrize("argv,message", CASES, ids=[" ".join(a[:1] + a[-2:]) for a, _ in CASES])
def test_numbers_past_their_bound_are_refused_before_the_work(argv, message, no_work, capsys,
                                                              tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "--store", "s.duckdb"] if argv[0] in ("dd", "compare") else argv) == 2
    one_error(capsys.readouterr().err, message)
    assert list(tmp_path.iterdir()) == []


def test_openbid_jobs_is_bounded_too(no_work, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENBID_JOBS", "1000")
    assert main(["dd", "fill", "--deals", "5", "--store", str(tmp_path / "s.duckdb")]) == 2
    one_error(capsys.readouterr().err, "OPENBID_JOBS must be 0 to")


def test_the_bounds_are_the_documented_ones():
    from pathlib import Path

    from openbid.base import limits

    text = (Path(__file__).resolve().parents[2] / "docs" / "LIMITS.md").read_text()
    for figure in (limits.DEAL_COUNT, limits.DEAL_SAMPLES, limits.CLAIM_GAP, limits.FILL_DEALS,
                   limits.COMPARE_BOARDS, limits.MAX_WORKERS):
        assert f"{figure:,}" in text
    assert f"{limits.WORKERS_PER_CORE} per core" in text


def test_a_bound_is_not_a_cut(capsys, tmp_path):
    """At its bound a number is accepted (the bound is not off by one)."""
    from openbid.base import limits

    assert limits.bounded("--count", limits.DEAL_COUNT, 1, limits.DEAL_COUNT) == 100_000
    assert main(["deal", "--rules", SMALL, "--auction", "1NT", "--count", "3"]) == 0


# ---- seeded boards dealt a chunk at a time ------------------------------------------------
@pytest.fixture
def counted(monkeypatch):
    """Count the seeded deals dealt, and solve with a stand-in (7 tricks everywhere) that notes
    how many had been dealt when the first results were asked for."""
    import openbid.bridge.deals as deals_module
    import openbid.dd.engine as engine

    seen = {"dealt": 0, "at_first_solve": None, "solved": 0}
    real = deals_module.random_deal

    def random_deal(seed, number):
        seen["dealt"] += 1
        return real(seed, number)

    def solve_batch(batch):
        if seen["at_first_solve"] is None:
            seen["at_first_solve"] = seen["dealt"]
        seen["solved"] += len(batch)
        return [(deal, {p: 7 for p in pairs}) for deal, pairs in batch]

    monkeypatch.setattr(deals_module, "random_deal", random_deal)
    monkeypatch.setattr(engine, "solve_batch", solve_batch)
    return seen


def test_dd_fill_deals_and_stores_a_chunk_at_a_time(counted, monkeypatch, tmp_path, capsys):
    import openbid.dd.engine as engine

    monkeypatch.setattr(engine, "CHUNK", 100, raising=False)
    assert main(["dd", "fill", "--deals", "450", "--workers", "0", "--store",
                 str(tmp_path / "s.duckdb")]) == 0
    assert counted["dealt"] == 450 and counted["solved"] == 450
    assert counted["at_first_solve"] <= 100  # the rest not dealt yet
    assert "450 deals asked: 0 already in the store, 450 solved" in capsys.readouterr().out


def test_compare_deals_and_stores_a_chunk_at_a_time(counted, monkeypatch, tmp_path, capsys):
    import openbid.dd.compare as compare

    monkeypatch.setattr(compare, "CHUNK", 50, raising=False)
    assert main(["compare", "code", "sayc", "--deals", "160", "--workers", "0", "--store",
                 str(tmp_path / "s.duckdb"), "--json"]) == 0
    assert counted["dealt"] == 160 and counted["solved"] > 0
    assert counted["at_first_solve"] <= 50
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 161 and '"boards": 160' in out[-1]
