"""The findings at the table kept in the cache (openbid.checks.system_run): keyed by the whole
system, the findings, the claims and the budget; a second run takes them from there with the
same output; a corrupt entry is ignored and written again."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from openbid.cli.main import main

SMALL = Path(__file__).resolve().parents[2] / "openbid" / "systems" / "examples" / "small.rules"


def prove(rules: Path, cache: Path, monkeypatch, *more: str) -> list[dict]:
    monkeypatch.setenv("OPENBID_CACHE_DIR", str(cache))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        table = [] if "--no-table" in more else ["--table-deals", "3000"]
        code = main(["prove", "--rules", str(rules), *table, "--json", "--quiet", *more])
    assert code in (0, 1)
    items = [json.loads(x) for x in out.getvalue().splitlines()]
    for i in items:  # the timings differ
        i.pop("seconds", None)
        for v in i.get("summary", {}).values():
            if isinstance(v, dict):
                v.pop("seconds", None)
    return items


def test_the_table_from_the_cache_equals_a_cold_run(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    rules = tmp_path / "gap.rules"  # gaps at 1NT P: findings the table looks for
    rules.write_text(SMALL.read_text().replace("bid signoff when true value PASS",
                                               "bid signoff when HCP <= 5 value PASS"))
    cold = prove(rules, tmp_path / "none", monkeypatch, "--no-cache")
    assert not (tmp_path / "none").exists()
    first = prove(rules, cache, monkeypatch)
    entries = list(cache.glob("v*/table/*/*.bin"))
    assert len(entries) == 1
    assert any(i.get("part") == "finding" and i.get("table") for i in first)
    again = prove(rules, cache, monkeypatch)
    assert first == cold and again == cold
    entries[0].write_bytes(entries[0].read_bytes()[:-7])  # truncated: ignored, written again
    assert prove(rules, cache, monkeypatch) == cold
    assert len(entries[0].read_bytes()) > 0
    from openbid.checks.system_run import _table_cached

    assert _table_cached(entries[0].stem) is not None  # read back with the classes allowed


def test_a_cached_nodes_findings_keep_the_calls_their_hands_made(tmp_path, monkeypatch):
    """The calls and bid points of a cached node's findings' hands come from the cache (kind
    tree-made, under the node's key, and the system's pack); a corrupt entry is re-run and
    written again."""
    cache = tmp_path / "cache"
    rules = tmp_path / "gap.rules"
    rules.write_text(SMALL.read_text().replace("bid signoff when true value PASS",
                                               "bid signoff when HCP <= 5 value PASS"))
    cold = prove(rules, tmp_path / "none", monkeypatch, "--no-cache", "--no-table")
    gaps = [i for i in cold if i.get("part") == "finding" and i["kind"] == "gap"]
    assert gaps and all(i["witness"]["call"] == "PASS" for i in gaps)
    assert prove(rules, cache, monkeypatch, "--no-table") == cold
    made = sorted(cache.glob("v*/tree-made/*/*.bin"))
    assert made
    stamps = [p.stat().st_mtime_ns for p in made]
    assert prove(rules, cache, monkeypatch, "--no-table") == cold
    assert [p.stat().st_mtime_ns for p in made] == stamps  # read, not written again
    for p in made:
        p.write_bytes(p.read_bytes()[:-3] + b"xyz")  # corrupt: ignored, re-run, rewritten
    packs = sorted(cache.glob("v*/tree-pack*/*/*.bin"))  # (the system's pack holds them too)
    assert packs
    for p in packs:
        p.write_bytes(p.read_bytes()[:-3] + b"xyz")
    assert prove(rules, cache, monkeypatch, "--no-table") == cold
    from openbid.base.cache import Store

    assert all(Store(cache).get("tree-made", p.stem) is not None for p in made)


def test_the_tables_key_is_what_the_claims_say_not_where_they_are(tmp_path):
    """A checkout in another folder (a CI job's), or a claims file with lines added above a
    claim, takes the table from the cache; a claim that says something else does not."""
    from openbid.checks.system_run import _table_key
    from openbid.systems.claims import load_claims
    from openbid.systems.variants import resolve

    rules = resolve(None, str(SMALL))
    text = ("shows nt.range\n  source: test\n  quote: test\n  auction: (opening)\n"
            "  call: 1NT\n  cond: HCP >= 15\n  expect: HELD\n")

    def key(folder: str, body: str) -> str:
        path = tmp_path / folder / "claims.txt"
        path.parent.mkdir(exist_ok=True)
        path.write_text(body)
        claims = {c.id: c for c in load_claims(path, rules)}
        assert claims["nt.range"].file.startswith(str(tmp_path / folder))
        return _table_key(rules, [], claims, 3000)

    here = key("here", text)
    assert key("there", "# moved, and a line added\n\n" + text) == here
    assert key("other", text.replace("HCP >= 15", "HCP >= 16")) != here


def test_the_census_writes_behind_the_rest_and_its_error_stops_the_command():
    """The census's cache writes run while the table is checked: they are waited for on
    leaving, a write's error is raised then (after the body, before anything is printed), and
    an error of the body itself is the one raised (the writes still ended first)."""
    import threading

    import pytest

    from openbid.base.errors import OpenbidError
    from openbid.checks.system_run import written_behind

    started, release, done = threading.Event(), threading.Event(), []

    def write() -> None:
        started.set()
        release.wait(5)
        done.append(True)
        raise OpenbidError("cannot write the cache directory: no space left on device")

    body = []
    with pytest.raises(OpenbidError, match="no space left"):
        with written_behind(write):
            assert started.wait(5)  # the writes run while the body does
            body.append(not done)
            release.set()
    assert body == [True] and done == [True]

    def slow_write() -> None:
        release.wait(5)
        done.append("slow")
        raise OpenbidError("the write's error")

    release.clear()
    with pytest.raises(KeyError):
        with written_behind(slow_write):
            threading.Timer(0.05, release.set).start()
            raise KeyError("the body's error")
    assert done[-1] == "slow"  # waited for before the body's error left


def test_hands_replaying_beside_the_table_give_the_same_output(tmp_path, monkeypatch):
    """Many hands to re-run (here: any number) replay in processes of their own while the
    table is filled from the findings as they are: the output is the run's where they replay
    first, witnesses and tables alike, and the census's results are kept once they replay."""
    import openbid.checks.tree as tree

    rules = tmp_path / "gap.rules"
    rules.write_text(SMALL.read_text().replace("bid signoff when true value PASS",
                                               "bid signoff when HCP <= 5 value PASS"))
    first = prove(rules, tmp_path / "first", monkeypatch)  # (few hands: replayed first)
    started = []
    real = tree.start_replays

    def counted(*args, **kwargs):
        got = real(*args, **kwargs)
        started.append(got[1])
        return got

    monkeypatch.setattr(tree, "REPLAYS_APART", 1)
    monkeypatch.setattr(tree, "start_replays", counted)
    monkeypatch.setenv("OPENBID_JOBS", "2")
    beside = prove(rules, tmp_path / "beside", monkeypatch)
    assert started == [True]  # (they did replay apart)
    assert beside == first
    assert any(i.get("part") == "finding" and i.get("table") for i in beside)
    assert list((tmp_path / "beside").glob("v*/tree-nodes/*/*.bin"))  # kept once replayed


def test_a_hand_that_does_not_replay_beside_the_table_stops_the_run_and_keeps_nothing(
        tmp_path, monkeypatch, capsys):
    """A census hand the executor bids otherwise, found while the table is filled: the run
    stops with the disagreement (exit 2, one line) and the cache keeps no count of it."""
    import openbid.checks.tree as tree

    rules = tmp_path / "gap.rules"
    rules.write_text(SMALL.read_text().replace("bid signoff when true value PASS",
                                               "bid signoff when HCP <= 5 value PASS"))
    real = tree._replay_part

    def wrong(arg, i):
        bad, made = real(arg, i)
        return bad + [(0, "node (opening): the executor bids 7NT here")], made

    monkeypatch.setattr(tree, "REPLAYS_APART", 1)
    monkeypatch.setattr(tree, "_replay_part", wrong)
    monkeypatch.setenv("OPENBID_JOBS", "2")
    monkeypatch.setenv("OPENBID_CACHE_DIR", str(tmp_path / "cache"))
    code = main(["prove", "--rules", str(rules), "--table-deals", "3000", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "the executor bids 7NT here" in err and "Traceback" not in err
    assert not list((tmp_path / "cache").glob("v*/tree-nodes/*/*.bin"))
    assert not list((tmp_path / "cache").glob("v*/table/*/*.bin"))
