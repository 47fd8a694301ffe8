"""``openbid simulate``: the text and JSON reports are the run's figures, --pbn writes every deal
with the executor's auction (a new file, atomically), bad input is one line and exit 2, and an
interrupt keeps the finished chunks in the store, exits 2 and leaves no process behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from openbid.bridge.deals import seat_hands
from openbid.formats.read import dealt_boards
from openbid.bridge.hand import Hand
from openbid.cli.main import main
from openbid.sim import deals as D
from openbid.systems.auction import load_system

from cli.test_fuzz import BAD_OPTIONS, exits_2_with_one_message
from dd.test_engine import _marked

ROOT = Path(__file__).resolve().parents[2]


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_the_json_lists_every_node_with_its_calls(capsys) -> None:
    code, out, err = run_cli(capsys, "simulate", "--variant", "sayc", "--deals", "3000",
                             "--seed", "4", "--json", "--workers", "0", "--quiet")
    assert code == 0 and err == ""
    got = json.loads(out)
    assert (got["deals"], got["seed"], got["label"], got["system"]) == (3000, 4, "ESTIMATE",
                                                                         "sayc")
    nodes = {n["auction"]: n for n in got["nodes"]}
    root = nodes[""]
    assert root["reached"] == {"count": 3000, "share": 1.0, "exact": True}
    assert root["kind"] == "on-system" and root["block"] == ""
    for n in got["nodes"]:
        if n["kind"] != "ended":
            assert sum(c["count"] for c in n["calls"]) == n["reached"]["count"]
            for c in n["calls"]:  # a call's deals are its child's
                assert nodes[(n["auction"] + " " + c["call"]).strip()]["reached"]["count"] == \
                    c["count"]
        if n["auction"]:
            lo, hi = n["reached"]["ci95"]
            assert lo <= n["reached"]["share"] <= hi
    off = got["coverage"]["off_system_nodes"]
    assert [o["auction"] for o in off] == [n["auction"] for n in got["nodes"]
                                           if n["kind"] == "off-system"]
    assert got["coverage"]["off_system_calls"] == sum(o["count"] for o in off)
    # the node '1NT' is SAYC's, its calls those the executor makes after it
    system = load_system("sayc")
    assert nodes["1NT"]["block"] == system.node("1NT").name


def test_the_text_names_the_most_frequent_silent_auctions(capsys) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--variant", "sayc", "--deals", "20000",
                           "--limit", "3", "--workers", "0")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == ("openbid simulate: variant sayc: 20,000 deals from seed 1 (dealer N, "
                        "vulnerable none)")
    assert "ESTIMATE: each share with an interval [low, high] is estimated" in out
    assert any(x.startswith("  (opening)") and "100% (every deal)" in x for x in lines)
    at = lines.index("Coverage: where the system is silent (an off-system node passes)")
    ranked = [x for x in lines[at:] if x[:7].strip().rstrip(".").isdigit()]
    assert len(ranked) == 3
    # the same run's JSON: the off-system nodes, most reached first
    code, out, _ = run_cli(capsys, "simulate", "--variant", "sayc", "--deals", "20000",
                           "--workers", "0", "--json", "--quiet")
    nodes = json.loads(out)["nodes"]
    off = sorted((n for n in nodes if n["kind"] == "off-system"),
                 key=lambda n: -n["reached"]["count"])
    for line, node in zip(ranked, off):
        words = line.split()
        at_deals = words.index("deals")
        assert " ".join(words[1:at_deals - 1]) == node["auction"]
        assert int(words[at_deals - 1].replace(",", "")) == node["reached"]["count"]


def test_pbn_writes_every_deal_with_the_executors_auction(tmp_path: Path, capsys) -> None:
    out_file = tmp_path / "deals.pbn"
    code, out, _ = run_cli(capsys, "simulate", "--variant", "sayc", "--deals", "60", "--seed",
                           "9", "--dealer", "cycle", "--vul", "cycle", "--pbn", str(out_file),
                           "--workers", "0")
    assert code == 0 and "60 deals written to" in out
    boards = list(dealt_boards(out_file))
    assert [b.number for b in boards] == list(range(1, 61))
    system = load_system("sayc")
    text = out_file.read_text()
    games = [g for g in text.split("\n\n") if "[Deal " in g]
    assert len(games) == 60 and text.startswith("% PBN 2.1")
    for i, (b, game) in enumerate(zip(boards, games)):
        assert b.deal == D.deal_key(D.deals(9, i, 1)[0])
        assert (b.dealer, b.vul) == (D.dealer_of("cycle", i), D.vul_of("cycle", i))
        hands = {k: Hand.parse(v) for k, v in seat_hands(b.deal).items()}
        want = system.bid_deal(hands, b.dealer, b.vul)
        assert f'[Contract "{"Pass" if want.contract == "PASS" else want.contract}"]' in game
        assert f'[Declarer "{want.declarer or ""}"]' in game
        calls = " ".join(game.split(f'[Auction "{b.dealer}"]')[1].split())
        assert calls.split() == ["Pass" if c == "PASS" else c for c in want.auction]
    # an existing file: refused without --force, before any work; replaced with it
    before = out_file.read_text()
    exits_2_with_one_message(capsys, ["simulate", "--deals", "5", "--pbn", str(out_file)])
    assert out_file.read_text() == before
    assert main(["simulate", "--deals", "5", "--pbn", str(out_file), "--force"]) == 0
    capsys.readouterr()
    assert len(list(dealt_boards(out_file))) == 5
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.pbn"]  # no temporary left
    umask = os.umask(0)
    os.umask(umask)
    assert out_file.stat().st_mode & 0o777 == 0o666 & ~umask


@pytest.mark.parametrize("argv, says", [
    (["--deals", "0"], "whole number from 1"),
    (["--deals", "-3"], "whole number from 1"),
    (["--deals", "lots"], "whole number from 1"),
    (["--deals", "2.5e4"], "whole number from 1"),
    (["--deals", "10000000000"], "needs --store"),
    (["--deals", "1e13", "--store", "s.duckdb"], "at most"),
    (["--variant", "nope"], "unknown variant"),
    (["--rules", "/nonexistent/my.rules"], "cannot read"),
    (["--seed", "x"], "seed"),
    (["--limit", "-1"], "--limit"),
    (["--workers", "-2"], "--workers"),
    (["--store", "/"], "is a directory"),
    (["--pbn", "/nonexistent/dir/x.pbn"], "cannot write"),
    (["--pbn", "x.pbn", "--store", "s.duckdb"], "not both"),
    (["--pbn", "x.pbn", "--deals", "20000000"], "at most"),
    (["--dealer", "X"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(argv, says, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    first = exits_2_with_one_message(capsys, ["simulate", *argv])
    assert says in first
    assert list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize("bad", BAD_OPTIONS)
def test_the_fuzzers_bad_options_are_refused(bad, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    exits_2_with_one_message(capsys, ["simulate", "--deals", "10", *bad])


def test_a_scheduler_that_cannot_be_reached(capsys, monkeypatch) -> None:
    from openbid.dd import engine

    monkeypatch.setattr(engine, "CONNECT", "1s")
    first = exits_2_with_one_message(capsys, ["simulate", "--deals", "10", "--scheduler",
                                              "tcp://127.0.0.1:9"])
    assert "cannot reach a Dask scheduler" in first


def test_an_interrupt_keeps_the_finished_chunks_and_leaves_no_process(tmp_path: Path) -> None:
    """Two local workers, one chunk a task; SIGINT once the first task's chunk is stored: exit
    2, 'interrupted', the chunks kept are right (a rerun from the store equals a fresh run),
    and no process carrying the command's mark is left."""
    store = tmp_path / "s.duckdb"
    mark = f"OPENBID_TEST_MARK_{uuid.uuid4().hex}"
    env = {**os.environ, "PYTHONPATH": str(ROOT), mark: "1"}
    script = ("import sys\nfrom openbid.sim import engine\nengine.TASK_DEALS = engine.CHUNK\n"
              "from openbid.cli.main import run\nsys.argv[0] = 'openbid'\nrun()\n")
    argv = [sys.executable, "-c", script, "simulate", "--variant", "sayc", "--deals",
            str(12 * D.CHUNK), "--workers", "2", "--store", str(store), "--log"]
    proc = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=str(tmp_path))
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        assert "deals bid and stored" in first, first
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 2, err
    assert "openbid: interrupted" in err and "Traceback" not in err
    assert "every chunk finished so far is in" in err
    for _ in range(300):
        if not _marked(mark):
            break
        time.sleep(0.1)
    assert not _marked(mark)
    from openbid.sim.engine import Settings, run
    from openbid.sim.store import SimStore
    from openbid.systems.variants import resolve_spec

    s = Settings(resolve_spec("sayc"), 1)
    with SimStore(store) as st:
        units = st.units(s.digest())
        kept = sum(b - a for v in units.values() for a, b in v)
        assert D.CHUNK <= kept < 12 * D.CHUNK
        assert all(v == [(0, D.CHUNK)] for v in units.values())
        again = run(s, max(units) * D.CHUNK + D.CHUNK, workers=0, store=st)
    assert again.stored == kept
    fresh = run(s, again.deals, workers=0)
    assert again.tally.reach == fresh.tally.reach


def test_progress_shows_on_a_terminal_only(tmp_path: Path) -> None:
    """stderr a terminal: a progress bar with the rate and the time left; not a terminal:
    nothing (the JSON test above sees an empty stderr)."""
    import pty

    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"}
    proc = subprocess.Popen([sys.executable, "-m", "openbid.cli.main", "simulate", "--deals",
                             str(3 * D.CHUNK), "--workers", "0", "--limit", "1"],
                            stdout=subprocess.PIPE, stderr=slave, env=env, cwd=str(tmp_path))
    os.close(slave)
    seen = b""
    try:
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # the command closed the terminal's other end
                break
            if not data:
                break
            seen += data
        out, _ = proc.communicate(timeout=120)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0 and b"openbid simulate:" in out
    text = seen.decode("utf-8", "replace")
    assert "bid:" in text and "deals/s" in text and "<" in text, text  # rate, time left
