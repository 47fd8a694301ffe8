"""The tree census's cache (openbid.readers.census.tree.cache over openbid.base.cache): after an
edit, the census that takes what it can from the cache equals a census without one, in every
count, call, example hand and vulnerability; an entry that is truncated, corrupt or written for
another key or version is ignored and written again; two runs at once leave every entry whole;
the cache lives where the user's environment says (the tests' own: tests/conftest.py)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from openbid.base.cache import FORMAT, MAGIC, Store, cache_dir, dumps, loads
from openbid.base.errors import OpenbidError
from openbid.systems.variants import resolve
from openbid.readers.census.tree import tree_census

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "openbid" / "systems" / "examples" / "small.rules"


def _everything(tc) -> dict:
    """Every count, call, example hand and vulnerability of a census, node by node (not the
    examples' places in the enumeration: those depend on the classes a run planned)."""
    def ex(e):
        return None if e is None else (e.hand, e.vul)

    out = {}
    for a, nc in tc.counts.items():
        out[a] = (nc.selected, {c: (h, ex(e), sorted(lbs)) for c, (h, e, lbs) in nc.calls.items()},
                  nc.bids, nc.meets, nc.taken, {k: ex(e) for k, e in nc.taken_example.items()},
                  nc.gap, ex(nc.gap_example),
                  {k: (p, f, ex(e)) for k, (p, f, e) in nc.claims.items()})
    return out


def _same(a, b) -> None:
    assert a.children == b.children
    assert a.contexts == b.contexts
    ea, eb = _everything(a), _everything(b)
    assert ea.keys() == eb.keys()
    for k in ea:
        assert ea[k] == eb[k], k


def edited(text: str, rng: random.Random) -> str:
    """``text`` with one number of one rule changed by one or two (a threshold moved)."""
    spots = [m for m in re.finditer(r"(?<=[<>=] )\d+|\d+(?= <=)", text)]
    m = rng.choice(spots)
    n = int(m.group()) + rng.choice((-2, -1, 1, 2))
    return text[:m.start()] + str(max(0, n)) + text[m.end():]


def _system(tmp_path: Path, text: str, name: str = "edited.rules"):
    path = tmp_path / name
    path.write_text(text)
    return resolve(None, str(path))


@pytest.fixture(scope="module")
def counted(tmp_path_factory):
    """A cache holding small.rules' census, and that census."""
    d = tmp_path_factory.mktemp("cache")
    first = tree_census(resolve(None, str(SMALL)), cache=d)
    assert not first.cached
    first.commit()
    return d, first


def _copy(d: Path, tmp_path: Path) -> Path:
    out = tmp_path / "cache"
    shutil.copytree(d, out)
    return out


def test_an_unchanged_system_is_taken_whole_from_the_cache(counted, tmp_path):
    d, first = counted
    again = tree_census(resolve(None, str(SMALL)), cache=_copy(d, tmp_path))
    assert again.cached == set(first.counts) and again.rounds == 0  # nothing read
    _same(first, again)


def check_edit(counted, tmp_path, seed: int) -> None:
    d, first = counted
    text = edited(SMALL.read_text(), random.Random(seed))
    rules = _system(tmp_path, text)
    cache = _copy(d, tmp_path)
    warm = tree_census(rules, cache=cache)
    cold = tree_census(rules)  # no cache
    _same(warm, cold)
    # what the edit did not reach was taken from the cache, the rest counted anew
    assert set(warm.cached) < set(cold.counts) or not warm.cached
    warm.commit()
    again = tree_census(rules, cache=cache)
    assert again.cached == set(cold.counts)
    _same(again, cold)


@pytest.mark.parametrize("seed", [3, 11])
def test_after_an_edit_the_census_from_the_cache_equals_one_without(counted, tmp_path, seed):
    check_edit(counted, tmp_path, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 112))
def test_after_many_edits_the_census_from_the_cache_equals_one_without(counted, tmp_path, seed):
    check_edit(counted, tmp_path, seed)


def test_an_edit_takes_the_nodes_it_does_not_reach_from_the_cache(counted, tmp_path):
    """Moving the Stayman threshold (responder after 1NT P) recounts responder's nodes there
    and below; the opening, the overcalls and opener's nodes elsewhere come from the cache."""
    d, first = counted
    text = SMALL.read_text().replace('"Stayman" when HCP >= 8', '"Stayman" when HCP >= 9', 1)
    assert text != SMALL.read_text()
    warm = tree_census(_system(tmp_path, text), cache=_copy(d, tmp_path))
    assert () in warm.cached and ("1C",) in warm.cached
    assert ("1NT", "PASS") not in warm.cached
    _same(warm, tree_census(_system(tmp_path, text, "cold.rules")))
    # the walks visited exactly the nodes whose keys the edit changed, nothing the cache held
    changed = {a for a in warm.counts if first.keys.get(a) != warm.keys[a]}
    assert changed and warm.visited == changed == set(warm.counts) - warm.cached


def _entries(d: Path, kind: str) -> list[Path]:
    return sorted((d / f"v{FORMAT}" / kind).rglob("*.bin"))


def test_the_systems_pack_alone_gives_a_whole_run(counted, tmp_path):
    """The pack of the last run holds every node it counted and what its findings' hands
    called: with every single entry gone, an unchanged system still reads nothing; a run
    that finds all it needs in the pack leaves it as it is."""
    d, first = counted
    cache = _copy(d, tmp_path)
    for kind in ("tree-nodes", "tree-made"):
        for path in _entries(cache, kind):
            path.unlink()
    (pack,) = _entries(cache, "tree-pack")
    before = pack.read_bytes()
    again = tree_census(resolve(None, str(SMALL)), cache=cache)
    assert again.cached == set(first.counts) and again.rounds == 0
    _same(first, again)
    again.commit()
    assert pack.read_bytes() == before


def test_a_pack_of_another_system_gives_only_what_has_the_same_keys(counted, tmp_path):
    """An edited system (same name) finds the last run's pack: a node whose key the edit
    changed is counted anew, whatever the pack holds; after the run the pack is the edited
    system's."""
    d, first = counted
    text = SMALL.read_text().replace('"Stayman" when HCP >= 8', '"Stayman" when HCP >= 9', 1)
    cache = _copy(d, tmp_path)
    for path in _entries(cache, "tree-nodes"):
        path.unlink()
    warm = tree_census(_system(tmp_path, text), cache=cache)
    _same(warm, tree_census(_system(tmp_path, text, "cold.rules")))
    assert ("1NT", "PASS") not in warm.cached and () in warm.cached
    warm.commit()
    again = tree_census(_system(tmp_path, text), cache=cache)
    assert again.rounds == 0 and again.cached == set(warm.counts)


def test_an_edit_adds_a_delta_to_the_pack_and_a_spoilt_delta_is_ignored(counted, tmp_path):
    """After an edit, what the pack's base lacks is written as a delta over it (the base is
    not written again); the next run finds every node in the base and the delta. A delta
    that cannot be read is ignored: the nodes only it held are counted anew."""
    d, first = counted
    text = SMALL.read_text().replace('"Stayman" when HCP >= 8', '"Stayman" when HCP >= 9', 1)
    cache = _copy(d, tmp_path)
    (pack,) = _entries(cache, "tree-pack")
    base = pack.read_bytes()
    warm = tree_census(_system(tmp_path, text), cache=cache)
    warm.commit()
    assert pack.read_bytes() == base
    (delta,) = _entries(cache, "tree-pack-delta")
    for path in _entries(cache, "tree-nodes"):
        path.unlink()
    again = tree_census(_system(tmp_path, text), cache=cache)
    assert again.rounds == 0 and again.cached == set(warm.counts)
    _same(again, warm)
    delta.write_bytes(delta.read_bytes()[:-5])
    spoilt = tree_census(_system(tmp_path, text), cache=cache)
    _same(spoilt, warm)
    assert set(warm.counts) - spoilt.cached == {a for a in warm.counts
                                                 if first.keys.get(a) != warm.keys[a]}


def test_the_auctions_matched_are_taken_only_for_the_same_patterns(counted):
    """The pack keeps which block matched each auction: taken only by a system whose blocks'
    patterns are the same, only when every entry is well formed, and then equal to matching
    afresh."""
    from openbid.systems.auction import System

    _, first = counted
    matches = first.system.matches()
    key = first.system.patterns_key()
    assert len(matches) > 100
    fresh = System(first.system.rules)
    assert fresh.adopt_matches("another", matches) == 0
    bad = dict(matches)
    a = next(a for a, m in matches.items() if m is not None)
    bad[a] = (len(first.system.blocks), {})  # no such block
    assert fresh.adopt_matches(key, bad) == 0
    assert fresh.adopt_matches(key, matches) == len(matches)
    other = System(first.system.rules)
    for a, m in matches.items():
        got, want = fresh._matched(a), other._matched(a)
        assert (got is None) == (want is None) == (m is None), a
        if got is not None:
            assert got[0] is fresh.blocks[m[0]] and got[1] == want[1], a


def test_a_corrupt_truncated_or_foreign_entry_is_ignored_and_written_again(counted, tmp_path):
    d, first = counted
    cache = _copy(d, tmp_path)
    nodes = _entries(cache, "tree-nodes")
    assert len(nodes) >= 5
    bad = nodes[:5]
    data = bad[0].read_bytes()
    bad[0].write_bytes(data[:len(data) // 2])  # truncated
    data = bytearray(bad[1].read_bytes())
    data[-3] ^= 0xFF  # a flipped bit in the payload
    bad[1].write_bytes(bytes(data))
    bad[2].write_bytes(bad[3].read_bytes())  # another key's entry
    head_at = len(MAGIC) + 4
    raw = bad[4].read_bytes()
    n = int.from_bytes(raw[len(MAGIC):head_at], "little")
    head = json.loads(raw[head_at:head_at + n])
    head["version"] = "0.0.0+another"  # written by other code
    text = json.dumps(head).encode()
    bad[4].write_bytes(MAGIC + len(text).to_bytes(4, "little") + text + raw[head_at + n:])
    store = Store(cache)
    for path in bad[:3] + bad[4:]:
        key = path.stem
        assert store.get("tree-nodes", key) is None, path
    # the system's pack (every node of the last run in one entry) is spoilt too: each node is
    # then looked up alone
    (pack,) = _entries(cache, "tree-pack")
    pack.write_bytes(pack.read_bytes()[:-7])
    assert store.get("tree-pack", pack.stem) is None
    warm = tree_census(resolve(None, str(SMALL)), cache=cache)
    _same(warm, first)
    # the nodes of the four untrusted shards (each holds the nodes whose keys begin with its
    # name; nodes alike in rules, history and side share an entry) counted anew, every other
    # taken from the cache
    from openbid.readers.census.tree.cache import TreeCache

    tc = TreeCache(store, first.system, "AKQJT", first.contexts)
    untrusted = {p.stem for p in bad[:3] + bad[4:]}
    assert set(first.counts) - warm.cached == {a for a in first.counts
                                                if tc.node_key(a)[:2] in untrusted}
    warm.commit()
    for path in bad:
        assert Store(cache).get("tree-nodes", path.stem) is not None  # written again, whole


def test_a_corrupt_part_of_the_opening_is_read_again(counted, tmp_path):
    d, first = counted
    cache = _copy(d, tmp_path)
    parts = _entries(cache, "tree-opening")
    assert parts
    for path in parts[::2]:
        path.write_bytes(b"garbage")
    for kind in ("tree-nodes", "tree-pack"):  # every node counted again, over those parts
        for path in _entries(cache, kind):
            path.unlink()
    warm = tree_census(resolve(None, str(SMALL)), cache=cache)
    assert not warm.cached
    _same(warm, first)
    for path in parts:
        assert Store(cache).get("tree-opening", path.stem) is not None


_RUN = """
import sys
from openbid.systems.variants import resolve
from openbid.readers.census.tree import tree_census
tc = tree_census(resolve(None, sys.argv[1]), cache=sys.argv[2], jobs=1)
tc.commit()
print(len(tc.counts))
"""


def test_two_runs_at_once_leave_every_entry_whole(tmp_path):
    cache = tmp_path / "cache"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", _RUN, str(SMALL), str(cache)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-2000:] for o in outs]
    store = Store(cache)
    found = 0
    for kind in ("tree-nodes", "tree-opening"):
        for path in _entries(cache, kind):
            assert store.get(kind, path.stem) is not None, path
            found += 1
    assert found and not list(cache.rglob("*.tmp"))  # no temporary file left behind
    warm = tree_census(resolve(None, str(SMALL)), cache=cache)
    assert warm.cached == set(warm.counts)
    _same(warm, tree_census(resolve(None, str(SMALL))))


def _write_many(arg) -> int:
    root, payload, i = arg
    store = Store(root)
    bad = 0
    for _ in range(50):
        store.put("test", "k" * 40, payload)
        got = store.get("test", "k" * 40)
        bad += got is not None and got != payload
    return bad


def test_writers_of_one_key_at_once_never_leave_a_torn_entry(tmp_path):
    import multiprocessing as mp

    payload = bytes(range(256)) * 4000  # 1 MB: a write is not one system call's worth
    with mp.get_context("fork").Pool(4) as pool:
        bad = pool.map(_write_many, [(str(tmp_path), payload, i) for i in range(4)])
    assert sum(bad) == 0
    assert Store(tmp_path).get("test", "k" * 40) == payload


def test_a_temporary_file_left_under_the_next_name_is_neither_reused_nor_touched(tmp_path):
    """A write's temporary file is named by the process and a count: one left by a process of
    the same number long gone is not written through; the entry is written all the same."""
    store = Store(tmp_path)
    store.put("tree-nodes", "a" * 64, b"first")  # (the folder is made)
    key = "a" * 63 + "b"  # (in the same folder)
    folder = store.path("tree-nodes", key).parent
    stray = folder / f".{key[:16]}.{os.getpid()}.{store._count + 1}.tmp"
    stray.write_bytes(b"someone else's")
    store.put("tree-nodes", key, b"second")
    assert store.get("tree-nodes", key) == b"second"
    assert stray.read_bytes() == b"someone else's"
    assert sorted(p.name for p in folder.iterdir()) == sorted([stray.name, f"{'a' * 64}.bin",
                                                               f"{key}.bin"])


def test_a_folder_removed_while_a_store_writes_is_made_again(tmp_path):
    """Another command may clear the cache while a check writes to it."""
    store = Store(tmp_path)
    store.put("tree-nodes", "a" * 64, b"first")
    shutil.rmtree(store.path("tree-nodes", "a" * 64).parent)
    store.put("tree-nodes", "a" * 63 + "b", b"second")
    assert store.get("tree-nodes", "a" * 63 + "b") == b"second"


def test_an_entry_is_only_read_back_under_its_kind_and_key(tmp_path):
    store = Store(tmp_path)
    store.put("tree-nodes", "a" * 64, b"payload")
    assert store.get("tree-nodes", "a" * 64) == b"payload"
    assert store.get("tree-nodes", "b" * 64) is None
    assert store.get("tree-share", "a" * 64) is None
    # the same file under another key's name: refused
    src = store.path("tree-nodes", "a" * 64)
    dst = store.path("tree-nodes", "c" * 64)
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_bytes(src.read_bytes())
    assert store.get("tree-nodes", "c" * 64) is None


def test_a_cache_entry_builds_only_the_classes_it_is_allowed(tmp_path):
    import pickle

    from openbid.readers.census.tree.counts import Example

    ok = dumps(Example(3, "AKQ.xxx.xxxx.xxx", "none"))
    assert loads(ok, (Example,)) == Example(3, "AKQ.xxx.xxxx.xxx", "none")
    assert loads(ok, ()) is None  # Example not allowed
    evil = pickle.dumps(os.getcwd.__call__)  # any other callable: refused
    assert loads(evil, (Example,)) is None


def test_an_entry_is_read_with_the_collector_paused_and_left_as_it_was(monkeypatch):
    """The garbage collector waits while an entry is read (a large entry would otherwise be
    scanned again and again as it is built), and is as it was afterwards: on, or off, whether
    the entry was read or refused."""
    import gc

    from openbid.base import cache
    from openbid.readers.census.tree.counts import Example

    seen: list[bool] = []
    load = cache._Only.load

    def watched(self):
        seen.append(gc.isenabled())
        return load(self)

    monkeypatch.setattr(cache._Only, "load", watched)
    ok = dumps(Example(3, "AKQ.xxx.xxxx.xxx", "none"))
    was = gc.isenabled()
    try:
        for state in (True, False):
            (gc.enable if state else gc.disable)()
            assert loads(ok, (Example,)) == Example(3, "AKQ.xxx.xxxx.xxx", "none")
            assert gc.isenabled() is state
            assert loads(ok, ()) is None  # refused
            assert gc.isenabled() is state
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False] * 4


def test_the_cache_directory_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("OPENBID_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("OPENBID_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "openbid"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "openbid"


def test_the_tests_never_use_the_users_cache():
    assert Path(os.environ["OPENBID_CACHE_DIR"]).name.startswith("openbid-test-cache-")


def test_an_unwritable_cache_directory_is_an_error_that_names_it(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(OpenbidError, match="a-file.*--no-cache"):
        tree_census(resolve(None, str(SMALL)), cache=blocker / "cache")


def test_every_row_is_the_fine_classes_summed(tmp_path):
    """A walk's coarse classes' hands and first fine classes, computed from the classes alone,
    equal those summed over the fine classes (the opening's parts project onto them)."""
    from openbid.readers.census.grouping import first_rows
    from openbid.readers.census.passes import plan
    from openbid.readers.census.tree import TreeSpec, coarse_plan
    from openbid.readers.census.tree.opening import FinePart, every_row
    from openbid.systems.auction import system_of

    text = SMALL.read_text().replace("  bid 1nt when", "  bid strong when PLAYTRICKS >= 9 "
                                     "value 2C\n  bid 1nt when", 1)
    system = system_of(_system(tmp_path, text))
    spec = TreeSpec(system.rules, ((), ("1NT", "PASS"), ("1NT", "PASS", "2C", "PASS"),
                                   ("1C", "PASS"), ("1H",)))
    p = plan(spec.pass_spec())
    pc = coarse_plan(spec, p)
    assert pc is not None
    for i in (0, len(p) // 2, len(p) - 1):
        offset, comps = p.domain.plan[i]
        fp = FinePart(p, pc, p.domain.chunk_of(comps, offset), False, [])
        w = np.bincount(fp.cmap, weights=fp.full_view.weight.astype(np.float64),
                        minlength=fp.cn)
        first = first_rows(fp.cmap, fp.cn) + offset
        got_w, got_first = every_row(p, pc, comps)
        assert np.array_equal(got_w, w) and np.array_equal(got_first, first)
        for row in [0, fp.n - 1] + np.random.default_rng(i).integers(0, fp.n, 20).tolist():
            assert str(p.domain.row_hand(offset + row)) == fp.example(row, "none").hand


def _descendants() -> set[int]:
    """The live processes below this one (Linux: /proc)."""
    parent_of: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] not in "ZX":
                parent_of[int(entry.name)] = int(fields[1])
    out: set[int] = set()
    todo = [os.getpid()]
    while todo:
        me = todo.pop()
        kids = [pid for pid, pp in parent_of.items() if pp == me]
        out.update(kids)
        todo.extend(kids)
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_after_an_edit_the_workers_start_at_once_and_none_outlives_the_census(counted,
                                                                              tmp_path):
    """An edited system (not the one its pack was written for) starts the census's workers
    before the nodes are looked up: one plans, and forks the others; every one of them has
    ended when the census returns, and the counts equal a census without the cache."""
    d, first = counted
    text = SMALL.read_text().replace('"Stayman" when HCP >= 8', '"Stayman" when HCP >= 9', 1)
    cache = _copy(d, tmp_path)
    from openbid.base.cache import Store
    from openbid.readers.census.tree.cache import TreeCache

    from openbid.systems.auction import system_of

    rules = _system(tmp_path, text)
    assert not TreeCache(Store(cache), first.system, "AKQJT", first.contexts,
                         pack=True).edited()  # (the pack is the original's)
    assert TreeCache(Store(cache), system_of(rules), "AKQJT", first.contexts,
                     pack=True).edited()
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)  # (the C library this Python runs on)
    libc.prctl(36, 1)  # PR_SET_CHILD_SUBREAPER: a worker's orphan would be this one's child
    try:
        before = _descendants()
        warm = tree_census(rules, cache=cache, jobs=3)  # (one worker more than walks: idle)
        assert warm.rounds >= 1 and warm.chunks == 2
        left = _descendants() - before
        for _ in range(200):  # (a worker killed for not ending may take a moment to go)
            if not left:
                break
            time.sleep(0.05)
            left = _descendants() - before
        assert not left, f"workers outlived the census: {sorted(left)}"
    finally:
        libc.prctl(36, 0)
        while True:  # (reap what was re-parented here)
            try:
                if os.waitpid(-1, os.WNOHANG) == (0, 0):
                    break
            except ChildProcessError:
                break
    _same(warm, tree_census(_system(tmp_path, text, "cold.rules")))


def test_the_findings_of_the_nodes_the_cache_holds_are_made_while_the_workers_read(tmp_path,
                                                                                  monkeypatch):
    """After an edit, the findings of the nodes the cache holds are taken from its pack while
    the census's workers read the others (the census's ``meanwhile``): some of that work is
    done before the census returns, and the findings are those of a check without a cache,
    in the same order."""
    from openbid.checks import tree as check

    cache = tmp_path / "cache"
    check.check_tree(resolve(None, str(SMALL)), cache=cache)  # (the pack keeps the findings)
    text = SMALL.read_text().replace('"Stayman" when HCP >= 8', '"Stayman" when HCP >= 9', 1)
    returned: list[bool] = []
    census = check.tree_census

    def counted(*args, **kw):
        out = census(*args, **kw)
        returned.append(True)
        return out

    steps: list[tuple[bool, int]] = []  # (had the census returned, nodes made so far)
    run = check._Kept._run

    def stepped(self, cache, todo):
        for _ in run(self, cache, todo):
            steps.append((bool(returned), len(self.made)))
            yield

    monkeypatch.setattr(check, "tree_census", counted)
    monkeypatch.setattr(check._Kept, "_run", stepped)
    monkeypatch.setattr(check._Kept, "STEP", 5)
    warm = check.check_tree(_system(tmp_path, text), cache=cache)
    assert ("1NT", "PASS") not in warm.counts.cached and () in warm.counts.cached
    during = [n for after, n in steps if not after]
    assert during and during[0] == 5, steps  # made while the workers read
    cold = check.check_tree(_system(tmp_path, text, "cold.rules"))

    def seen(f):
        w = f.witness
        return f.key, f.count, f.of, f.detail, None if w is None else (w.hand, w.vul, w.call,
                                                                        w.point)

    assert [seen(f) for f in warm.findings] == [seen(f) for f in cold.findings]
    assert warm.findings and any(a in warm.counts.cached for a in {f.node for f in warm.findings})


def test_a_table_several_nodes_read_once_over_every_row_counts_the_same(tmp_path, monkeypatch):
    """A table that several nodes of a round read over different rows is read once over every
    row, and each of those readings takes its rows' values from that one: every count, call
    and example is the same as when each reads its own rows (here every such table is, the
    share of rows that decides it set to nothing)."""
    from openbid.readers.census.tree import level, walk

    log = tmp_path / "whole.log"
    orig = level.CoarseRows.read_whole

    def logged(self, *args):
        with open(log, "a") as fh:  # (from the census's worker processes)
            fh.write("read whole\n")
        return orig(self, *args)

    # opener's rebid after a raise: one table (it does not read the minor) over the rows of
    # 1C's openers at one node, of 1D's at the other
    text = SMALL.read_text() + (
        '\nauction "1 m P 2 m P" where m in MINORS else pass\n'
        '  section 1 "After a raise"\n    bid game when HCP >= 18 value 3NT\n')
    monkeypatch.setattr(level.CoarseRows, "read_whole", logged)
    monkeypatch.setattr(walk, "WHOLE_SHARE", 0.0)
    whole = tree_census(_system(tmp_path, text), cache=tmp_path / "whole")
    assert log.exists() and log.read_text().count("read whole") > 0
    log.unlink()
    monkeypatch.setattr(walk, "WHOLE_SHARE", float("inf"))
    own = tree_census(_system(tmp_path, text, "own.rules"), cache=tmp_path / "own")
    assert not log.exists()
    _same(whole, own)


def test_what_a_census_counted_is_written_only_when_committed(tmp_path):
    """A tree check whose caller commits its results itself (``prove`` writes them while the
    table is checked) writes no node, and no call of its findings' hands, before that; all of
    them after."""
    from openbid.checks.tree import check_tree

    rules = _system(tmp_path, SMALL.read_text().replace("bid signoff when true value PASS",
                                                        "bid signoff when HCP <= 5 value PASS"))
    cache = tmp_path / "cache"
    out = check_tree(rules, cache=cache, commit=False)
    assert out.findings  # (the gaps' hands replayed: what they called is kept)
    assert not _entries(cache, "tree-nodes") and not _entries(cache, "tree-made")
    out.counts.commit()
    assert _entries(cache, "tree-nodes") and _entries(cache, "tree-made")


def test_a_reading_counts_alike_over_every_pattern_of_its_guards(tmp_path, monkeypatch):
    """A reading of many rows counts every pattern of its guards (each row's pattern its
    guards' bits, the patterns no row has among them), or only those its rows have (numbered
    as they are found): every count, call and example is the same."""
    from openbid.readers.census.tree import reading

    log = tmp_path / "every.log"

    def every(guards, labels, rows):
        with open(log, "a") as fh:  # (from the census's worker processes)
            fh.write(f"{guards}\n")
        return True

    monkeypatch.setattr(reading, "every_pattern", every)
    all_patterns = tree_census(_system(tmp_path, SMALL.read_text()), cache=tmp_path / "every")
    assert log.exists() and any(int(k) > 0 for k in log.read_text().split())
    monkeypatch.setattr(reading, "every_pattern", lambda guards, labels, rows: False)
    found = tree_census(_system(tmp_path, SMALL.read_text(), "found.rules"),
                        cache=tmp_path / "found")
    _same(all_patterns, found)


@pytest.mark.parametrize("suit", ["S", "H"])
@pytest.mark.parametrize("claimed", [False, True])
def test_masks_read_together_count_alike_by_their_shared_core(tmp_path, monkeypatch, suit,
                                                               claimed):
    """A table read for several masks at once (a passed hand's rows in each vulnerability,
    parted a little by a preempt that reads it) counts each mask's rows by the core all of
    them hold and its own extras: every count, call and example is the same as when each mask
    is counted on its own. (A weak two in spades parts the first hands of the enumeration,
    the examples; in hearts, others. A claim at responder's rebid reads each mask's rows
    there on their own: the children's masks as Stayman's shared reading made them.)"""
    from openbid.expr.parser import parse
    from openbid.readers.census.tree import NodeClaim, reading, walk

    # (a weak two not vulnerable: a passed hand's rows differ by the vulnerability, some
    # of them Stayman hands; a passed hand's Stayman is its own table, and responder's next
    # call reads the children of Stayman)
    text = SMALL.read_text().replace(
        '(SUITLENGTH(H) = 4 or SUITLENGTH(S) = 4)',
        '(SUITLENGTH(H) = 4 or SUITLENGTH(S) = 4) and (HCP <= 11 or not PASSEDHAND)').replace(
        '  bid clubs when true value 1C\n',
        '  bid clubs when true value 1C\n'
        'section 2 "Weak two" when HCP <= 10\n'
        f'  bid weak when SUITLENGTH({suit}) >= 6 and '
        f'(PLAYTRICKS >= 5 or PLAYTRICKS >= 4 and not VUL) '
        f'value 2{suit}\n') + (
        '\nauction "1NT P 2C P 2D P" else pass\n'
        '  section 1 "After a denial"\n'
        '    bid game when HCP >= 10 value 3NT\n'
        '    bid invite when HCP >= 8 value 2NT\n')
    assert 'Weak two' in text and 'PASSEDHAND' in text
    log = tmp_path / "shared.log"
    orig = reading.Shared.__init__

    def logged(self, lv, rules, vul, parts):
        with open(log, "a") as fh:  # (from the census's worker processes)
            fh.write(f"{len(parts.core)} {sum(map(len, parts.extras.values()))}\n")
        orig(self, lv, rules, vul, parts)

    monkeypatch.setattr(reading.Shared, "__init__", logged)
    claims = (NodeClaim("c", ("PASS", "PASS", "1NT", "PASS", "2C", "PASS", "2D", "PASS"),
                        "2NT", parse("HCP <= 9")),) if claimed else ()
    shared = tree_census(_system(tmp_path, text), claims, cache=tmp_path / "shared")
    sizes = [tuple(map(int, line.split())) for line in log.read_text().splitlines()]
    assert any(core and extras for core, extras in sizes)  # (both parts counted)
    log.unlink()
    monkeypatch.setattr(walk, "SHARE_CORES", False)
    alone = tree_census(_system(tmp_path, text, "alone.rules"), claims,
                        cache=tmp_path / "alone")
    assert not log.exists()
    _same(shared, alone)


def test_entries_are_kept_many_to_a_shard_merged_as_they_are_written(tmp_path):
    """The nodes' entries are kept many to a file (a shard: the keys of the same first two
    digits): what one run writes is merged into the shard as it is then, a later entry of a
    key replaces an earlier one, the oldest go first past the shard's size, and a shard that
    is not a table of entries is read as empty."""
    from openbid.readers.census.tree.cache import Shards

    store = Store(tmp_path)
    one, two = Shards(store), Shards(store)
    one.put("tree-nodes", "ab" + "1" * 62, b"first")
    one.put("tree-nodes", "cd" + "1" * 62, b"elsewhere")
    two.put("tree-nodes", "ab" + "2" * 62, b"second")
    assert one.get("tree-nodes", "ab" + "1" * 62) == b"first"  # (before it is written)
    one.write()
    two.write()  # (merged into the shard one wrote)
    three = Shards(store)
    assert three.get("tree-nodes", "ab" + "1" * 62) == b"first"
    assert three.get("tree-nodes", "ab" + "2" * 62) == b"second"
    assert three.get("tree-nodes", "cd" + "1" * 62) == b"elsewhere"
    assert three.get("tree-nodes", "ab" + "3" * 62) is None
    assert len(list((tmp_path / f"v{FORMAT}" / "tree-nodes").rglob("*.bin"))) == 2
    four = Shards(store)
    four.put("tree-nodes", "ab" + "1" * 62, b"newer")
    four.SHARD_BYTES = len(b"newer") + len(b"second")
    four.write()  # (too big by "first": the oldest, replaced; then nothing more to drop)
    five = Shards(store)
    assert five.get("tree-nodes", "ab" + "1" * 62) == b"newer"
    assert five.get("tree-nodes", "ab" + "2" * 62) == b"second"
    six = Shards(store)
    six.put("tree-nodes", "ab" + "4" * 62, b"x" * 10)
    six.SHARD_BYTES = 12
    six.write()  # the oldest dropped until it fits
    seven = Shards(store)
    assert seven.get("tree-nodes", "ab" + "4" * 62) == b"x" * 10
    assert seven.get("tree-nodes", "ab" + "2" * 62) is None
    assert seven.get("tree-nodes", "ab" + "1" * 62) is None
    store.put("tree-nodes", "ef", dumps({"ef" + "1" * 62: "not bytes"}))
    assert Shards(store).get("tree-nodes", "ef" + "1" * 62) is None
