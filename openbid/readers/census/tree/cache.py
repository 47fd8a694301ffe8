"""The tree census's cache (openbid.base.cache): what decides each result, as its key.

* A node's counts (every call, bid point, gap and claim, summed over the contexts) are decided by
  the rules at the node (its block bound to the node, with the definitions they read), whether
  falling through them is a gap, the claims about the node, the rules at each of the bidder's
  earlier nodes and the call made there (which hands reach the node), the contexts counted,
  the hand model's ranks and the fine classes (whose first members are the examples), and the
  code. Nothing else: not the other players' rules, not the coarse classes (counts are exact
  and examples fine), not how the classes are cut into walks.
* A part of the opening's fine classes keeps, per opening reading (its folded table, the
  vulnerability if it still reads it, the gap flag), its calls projected onto the part's
  coarse classes (opening.Calls): the origins of every later node's rows. Decided by the
  folded table, the fine and coarse classes and the part.
* The opening's system checks, counted from the census's readings of the opening (SystemShare):
  decided by the opening, the checks' expressions and contexts, and the fine classes.
* A pack of a system's last run (by its name, the ranks and the contexts): every node's counts,
  replays and findings that run used, under their own keys, and the blocks that matched its
  auctions, in one entry (a base, and a delta of what later runs added; a small entry says which
  system it was written for). It only spares reading them one by one and matching the auctions
  again: an entry is taken from it only under the key the node has now, each is checked as a
  single entry would be, and the matches only while the blocks' patterns are the same (a pack
  that cannot be read is ignored).

An entry that cannot be read as such is a miss. Returns data; never prints.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace

import numpy as np

from openbid.base import cache as store_module
from openbid.base.cache import Store, digest
from openbid.expr.unparse import unparse
from openbid.systems.auction import System
from openbid.systems.rules.model import Rules
from openbid.systems.rules.text import dumps
from openbid.readers.census.passes import Pass
from openbid.readers.census.tree.counts import Auction, Example, NodeClaim, NodeCounts

SEEDS = "tree-seeds"
NODE = "tree-nodes"  # a shard of the nodes' counts (see Shards)
OPENING = "tree-opening"
SHARE = "tree-share"
MADE = "tree-made"  # a shard of what the findings' hands called (see Shards)
PACK = "tree-pack"
PACK_DELTA = "tree-pack-delta"
PACK_WHOLE = "tree-pack-system"  # the digest of the system the pack was last written for
PACK_SLACK = 2  # a whole run rewrites the pack when it holds this many times its nodes
PACK_DELTA_SHARE = 0.25  # a delta over the pack's base at most this share of its entries
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def domain_digest(p: Pass) -> str:
    """The classes of a pass: the rank model and each suit's representatives."""
    d = p.domain
    return digest("domain", p.model.tracked, *(s.reps.astype(np.int64).tobytes()
                                               for s in d.suits))


def table_text(rules: Rules) -> str:
    """A rules table as text: its sections, the readings, and the definitions its sections
    read (directly or through other definitions); not its name, not the system's other
    blocks."""
    defs = {d.name: d for d in rules.definitions}
    own = dumps(replace(rules, name="", definitions=(), auctions=(), system=None))
    seen: set[str] = set()
    todo = [w for w in _WORD.findall(own) if w in defs]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(w for w in _WORD.findall(defs[name].text) if w in defs and w not in seen)
    used = tuple(d for d in rules.definitions if d.name in seen)
    return dumps(replace(rules, name="", definitions=used, auctions=(), system=None))


def ranks_anywhere(rules: Rules) -> str:
    """Every rank a table any rule or definition of the system could read (a superset: every
    name in its text, each definition followed)."""
    from openbid.bridge.ranks import rank_order
    from openbid.hands.entries import Derived, SuitTable
    from openbid.systems.descriptors import definitions

    defs = definitions(rules.readings, rules.definitions)
    todo = set(_WORD.findall(dumps(rules)))
    seen: set[str] = set()
    reads = ""
    while todo:
        word = todo.pop()
        if word in seen:
            continue
        seen.add(word)
        for arity in range(4):
            try:
                entry = defs.entry(word, arity) if defs.has(word, arity) else None
            except Exception:  # a name this reading does not define: nothing read
                entry = None
            if isinstance(entry, SuitTable):
                reads += entry.reads
            elif isinstance(entry, Derived):
                todo.update(_WORD.findall(entry.text))
    return rank_order(reads)


def seeds_key(rules: Rules) -> str | None:
    """Where a system's last seeds are kept (by its name, not its file or content: an edited
    system starts from the auctions its last run planned for); None when the seeds could
    decide a result (a table reads a rank beyond A K Q J T: the hand model would depend on the
    tables planned)."""
    from openbid.bridge.ranks import BASE_RANKS

    if set(ranks_anywhere(rules)) - set(BASE_RANKS):
        return None
    return digest("seeds", rules.name)


def get_seeds(store: Store, key: str) -> tuple[Auction, ...] | None:
    """A system's last seeds (the auctions its last census planned for)."""
    import json

    data = store.get(SEEDS, key)
    if data is None:
        return None
    try:
        got = json.loads(data.decode())
        return tuple(tuple(str(c) for c in a) for a in got)
    except (ValueError, TypeError, UnicodeDecodeError):
        return None


def put_seeds(store: Store, key: str, seeds: tuple[Auction, ...]) -> None:
    import json

    store.put(SEEDS, key, json.dumps([list(a) for a in seeds]).encode())


class Shards:
    """Entries of one kind kept many to a file: a node's counts (and what its findings' hands
    called) are an entry each, thousands a census, and creating a file costs far more than
    writing its bytes (up to half a millisecond on some disks: a cold SAYC's 9,000 entries
    took seconds). An entry's shard is the first two digits of its key (256 shards a kind);
    a shard is a Store entry (checked as a whole: one that cannot be trusted is ignored, its
    entries counted again), holding each entry's payload by its key. A write merges the new
    entries into the shard as it is then (two runs at once may each miss the other's
    entries, never spoil one), the oldest first dropped past SHARD_BYTES."""

    SHARD_BYTES = 8 << 20

    def __init__(self, store: Store) -> None:
        self.store = store
        self._read: dict[tuple[str, str], dict[str, bytes]] = {}  # shards read, as read
        self._new: dict[tuple[str, str], dict[str, bytes]] = {}  # entries to write

    def get(self, kind: str, key: str) -> bytes | None:
        shard = (kind, key[:2])
        new = self._new.get(shard)
        if new is not None and key in new:
            return new[key]
        got = self._read.get(shard)
        if got is None:
            got = self._read[shard] = self._load(kind, key[:2])
        return got.get(key)

    def put(self, kind: str, key: str, payload: bytes) -> None:
        self._new.setdefault((kind, key[:2]), {})[key] = payload

    def write(self) -> None:
        """Write every shard with new entries (merged into the shard as it is now)."""
        while self._new:
            (kind, sid), new = self._new.popitem()
            merged = self._load(kind, sid)
            for key in new:  # (a newer entry of a key: the most recent last)
                merged.pop(key, None)
            merged.update(new)
            size = sum(len(v) for v in merged.values())
            while size > self.SHARD_BYTES and len(merged) > len(new):
                size -= len(merged.pop(next(iter(merged))))
            self.store.put(kind, sid, store_module.dumps(merged))
            self._read[(kind, sid)] = merged

    def _load(self, kind: str, sid: str) -> dict[str, bytes]:
        data = self.store.get(kind, sid)
        got = store_module.loads(data, ()) if data is not None else None
        if not (isinstance(got, dict) and all(isinstance(k, str) and isinstance(v, bytes)
                                              for k, v in got.items())):
            return {}
        return got


class TreeCache:
    """The keys and entries of one census: ``system``, ``p`` its fine pass, ``contexts`` the
    number of contexts counted."""

    def __init__(self, store: Store, system: System, ranks: str, contexts: int,
                 p: Pass | None = None, pack: bool = False) -> None:
        """``ranks``: the ranks the hand model tracks; ``p``: the fine pass (the walks');
        ``pack``: take nodes and replays from the system's pack (the census's parent: it
        looks every node up; a worker looks up only nodes the parent found missing)."""
        self.store = store
        self.system = system
        self.fine = domain_digest(p) if p is not None else ""
        # A node's counts are exact, and its examples the first fine classes: the same with any
        # classes that tell apart what it reads, over the same ranks (not the fine classes'
        # digest: the classes a run plans depend on the auctions it seeds them with).
        self.ranks = ranks
        self.contexts = contexts
        self._tables: dict[int, tuple[Rules, str]] = {}  # id(rules) -> (rules, key)
        self._nodes: dict[Auction, str | None] = {}
        self._ats: dict[Auction, str] = {}  # a node -> its table's key (see _at)
        self._whole: str | None = None
        self._use_pack = pack
        self._packed: tuple[dict, ...] | None = None  # the pack: its entries of each kind
        self._packed_whole = ""  # the whole system the pack was written for (whole())
        # the nodes, replays and findings' parts this run took or made
        self._used: tuple[dict, dict, dict] = ({}, {}, {})
        self._stale = False  # something used was not in the pack
        self._base: tuple | None = None  # the pack's base: its id, nodes, replays, matches
        self.shards = Shards(store)

    # -- keys ---------------------------------------------------------------------------------
    def table_key(self, rules: Rules) -> str:
        got = self._tables.get(id(rules))
        if got is None or got[0] is not rules:
            text = table_text(rules)
            key = digest("table", text)
            if "chose" in text:  # it reads other nodes' rules: the whole system decides it
                key = digest(key, self.whole())
            got = self._tables[id(rules)] = (rules, key)
        return got[1]

    def whole(self) -> str:
        if self._whole is None:
            self._whole = digest("system", dumps(replace(self.system.rules, name="")))
        return self._whole

    def node_key(self, a: Auction, claims: tuple[NodeClaim, ...] = ()) -> str:
        """The key of the counts at the node ``a`` (which has rules)."""
        got = self._nodes.get(a)
        if got is None:
            source = self.system.table_source(a)
            assert source is not None
            # (the bidder's side: which vulnerability each context is from the bidder's seat)
            parts = ["node", self.ranks, str(self.contexts), f"side {len(a) % 2}",
                     self._at(a, source), str(source[2])]
            for c in sorted(claims, key=lambda c: c.id):
                text = unparse(c.cond)
                parts.append(f"claim {c.id} {c.call} {text}")
                if "chose" in text:
                    parts.append(self.whole())
            turn = len(a) % 4
            for t in range(turn, len(a), 4):  # the bidder's earlier calls and their rules
                parts.append(self._at(a[:t]) + " " + a[t])
            got = self._nodes[a] = digest(*parts)
        return got

    def _at(self, a: Auction, source=False) -> str:
        """The key of the table at the node ``a`` ("off": none), from the table it is bound
        from and the values bound (as :meth:`table_key` keys a node's table); ``source``: the
        node's :meth:`System.table_source`, when known."""
        got = self._ats.get(a)
        if got is None:
            if source is False:
                source = self.system.table_source(a)
            got = self._ats[a] = "off" if source is None else \
                digest("bound", self.table_key(source[0]), repr(source[1]))
        return got

    # -- nodes --------------------------------------------------------------------------------
    def get_node(self, key: str) -> NodeCounts | None:
        if self._use_pack:
            got = self._pack()[0].get(key)
            if got is not None and _sound(got):
                self._used[0][key] = got
                return got
            self._stale = True
        data = self.shards.get(NODE, key)
        if data is None:
            return None
        got = store_module.loads(data, (NodeCounts, Example))
        if not (isinstance(got, NodeCounts) and _sound(got)):
            return None
        self._used[0][key] = got
        return got

    def put_node(self, key: str, nc: NodeCounts) -> None:
        """Keep a node's counts (in the pack, and in its shard once :meth:`write_entries`
        runs)."""
        self.shards.put(NODE, key, store_module.dumps(nc))
        self._used[0][key] = nc
        self._stale = True

    # -- what the replays of a node's findings called ------------------------------------------
    def get_made(self, key: str, n: int) -> list[tuple[str, str]] | None:
        """The (call, bid point) of each of the ``n`` findings' hands of the node of ``key``,
        as the executor re-ran them when the node was counted (decided by what decides the
        node's counts: its key)."""
        if self._use_pack:
            got = self._pack()[1].get(key)
            if _made_sound(got, n):
                self._used[1][key] = got
                return got
            self._stale = True
        data = self.shards.get(MADE, key)  # (or kept by this run, not written yet)
        if data is None:
            return None
        got = store_module.loads(data, ())
        if not _made_sound(got, n):
            return None
        assert isinstance(got, list)
        self._used[1][key] = got
        return got

    def put_made(self, key: str, made: list[tuple[str, str]]) -> None:
        """Keep what the replays of a node's findings called (in the pack, and in its shard
        once :meth:`write_entries` runs: with the census's other writes, see
        openbid.readers.census.tree.merge)."""
        self.shards.put(MADE, key, store_module.dumps(list(made)))
        self._used[1][key] = list(made)
        self._stale = True

    def write_entries(self) -> None:
        """Write the nodes' counts and the replays' calls kept since the last write, each
        into its shard."""
        self.shards.write()

    # -- what a check made of a node (kept in the pack only) -----------------------------------
    def get_part(self, tag: str):
        """A caller's part of the pack under ``tag`` (None: none): plain data (numbers,
        strings, tuples) that the caller decided from the node's key and what else ``tag``
        digests, and checks again as it reads it."""
        if not self._use_pack:
            return None
        got = self._pack()[2].get(tag)
        if got is None:
            self._stale = True
        else:
            self._used[2][tag] = got
        return got

    def put_part(self, tag: str, value) -> None:
        if self._use_pack:
            self._used[2][tag] = value
            self._stale = True

    # -- the pack of the system's last run ----------------------------------------------------
    def pack_key(self) -> str:
        return digest("pack", self.system.rules.name, self.ranks, str(self.contexts))

    def _pack(self) -> tuple[dict, ...]:
        """The pack's nodes, replays and parts (its base and the delta written since)."""
        if self._packed is None:
            self._packed = ({}, {}, {})
            base = self._pack_entry(PACK)
            if base is not None:
                ident, entries, self._packed_whole, matches = base
                self._base = (ident, entries, matches)
                self._packed = entries
                delta = self._pack_entry(PACK_DELTA)
                if delta is not None and delta[0] == ident:  # (written over this base)
                    _, more, self._packed_whole, dmatches = delta
                    self._packed = tuple({**b, **d} for b, d in zip(entries, more))
                    self.system.adopt_matches(*dmatches)
                self.system.adopt_matches(*matches)  # (the auctions' blocks, if still so)
        return self._packed

    def _pack_entry(self, kind: str) -> tuple | None:
        """(its id or its base's, its entries of each kind, the system's digest, the
        matches), or None."""
        data = self.store.get(kind, self.pack_key())
        got = None if data is None else store_module.loads(data, (NodeCounts, Example))
        if not (isinstance(got, tuple) and len(got) == 4 and isinstance(got[0], str)
                and isinstance(got[1], tuple) and len(got[1]) == 3 and all(
                    isinstance(d, dict) and all(isinstance(k, str) for k in d)
                    for d in got[1])
                and isinstance(got[2], str) and isinstance(got[3], tuple) and len(got[3]) == 2
                and isinstance(got[3][0], str) and isinstance(got[3][1], dict)):
            return None
        return got

    def edited(self) -> bool:
        """Is the system not the one the pack was last written for (some node will likely be
        read: the census's workers may start at once). Read from a small entry of its own,
        without reading the pack."""
        if self._packed is not None:
            return self._packed_whole != self.whole()
        data = self.store.get(PACK_WHOLE, self.pack_key())
        return data is None or data.decode("ascii", "replace") != self.whole()

    def write_pack(self, whole: bool) -> bool:
        """Keep the nodes, replays and parts this run used as the system's pack (``whole``:
        the run was of the whole tree; else the pack keeps its other entries too); only when
        something used was not in it (or, after a whole run, it holds far more than was used,
        or was written for another system). What a base holds is not written again: the
        entries it lacks go to a delta over it, until they are PACK_DELTA_SHARE of its size
        (then a new base). Whether it was written."""
        if not self._use_pack:
            return False
        used = self._used
        old = self._pack()
        n_used = max(1, len(used[0]))
        if not self._stale and not (whole and (len(old[0]) > PACK_SLACK * n_used
                                               or self._packed_whole != self.whole())):
            return False
        pkey, matches = self.system.patterns_key(), self.system.matches()
        if self._base is not None:
            ident, base, bmatches = self._base
            more = tuple({k: v for k, v in u.items() if k not in b} for u, b in zip(used, base))
            if not whole:  # (a part of the tree: the last delta's entries are kept too)
                more = tuple({**{k: v for k, v in o.items() if k not in b}, **m}
                             for o, b, m in zip(old, base, more))
            small = sum(map(len, more)) <= PACK_DELTA_SHARE * sum(map(len, base))
            if small and not (whole and len(base[0]) > PACK_SLACK * n_used):
                if pkey == bmatches[0]:
                    matches = {a: m for a, m in matches.items() if a not in bmatches[1]}
                self.store.put(PACK_DELTA, self.pack_key(), store_module.dumps(
                    (ident, more, self.whole(), (pkey, matches))))
                return self._written(tuple({**b, **m} for b, m in zip(base, more)))
        entries = used if whole else tuple({**o, **u} for o, u in zip(old, used))
        ident = os.urandom(8).hex()  # (a delta written over another base is not read)
        self.store.put(PACK, self.pack_key(), store_module.dumps(
            (ident, entries, self.whole(), (pkey, matches))))
        self._base = (ident, entries, (pkey, matches))
        return self._written(entries)

    def _written(self, entries: tuple[dict, ...]) -> bool:
        """The pack as now written (its base and delta: ``entries``), and which system it is
        written for."""
        self._packed, self._packed_whole, self._stale = entries, self.whole(), False
        self.store.put(PACK_WHOLE, self.pack_key(), self.whole().encode("ascii"))
        return True

    # -- the opening's calls, per part ----------------------------------------------------------
    def opening_key(self, coarse: str, part: tuple[int, int], folded: Rules,
                    vul: tuple[bool, bool] | None, gap: bool) -> str:
        assert self.fine, "the fine pass decides the opening's parts"
        return digest("opening", self.fine, coarse, f"{part[0]}-{part[1]}",
                      self.table_key(folded), repr(vul), str(gap))

    def has_calls(self, key: str) -> bool:
        return self.store.has(OPENING, key)

    def get_calls(self, key: str):
        from openbid.readers.census.tree.opening import Calls

        data = self.store.get(OPENING, key)
        if data is None:
            return None
        got = _arrays_loads(data)
        if got is None:
            return None
        head, arrays = got
        try:
            calls = [str(c) for c in head["calls"]]
            codes = arrays["codes"]
            split = {c: (arrays[f"rows {c}"], arrays[f"w {c}"], arrays[f"first {c}"])
                     for c in head["split"]}
        except (KeyError, TypeError):
            return None
        if codes.dtype != np.uint8:
            return None
        return Calls(calls, codes, split)

    def put_calls(self, key: str, calls) -> None:
        arrays = {"codes": calls.codes}
        for c, (rows, w, first) in calls.split.items():
            arrays[f"rows {c}"] = rows
            arrays[f"w {c}"] = w
            arrays[f"first {c}"] = first
        self.store.put(OPENING, key, _arrays_dumps({"calls": list(calls.calls),
                                                    "split": sorted(calls.split)}, arrays))

    # -- the opening's system checks ---------------------------------------------------------------
    def share_key(self, share) -> str:
        """The opening's checks' key: the opening, and per context its facts, the
        expressions counted (pairwise and alone) and the ranks (the examples are first
        classes, as a node's are)."""
        parts = ["share", self.ranks, self.table_key(self.system.opening)]
        for a in share.args:
            parts.append(f"{a.paired} {a.given} {a.context!r} {a.spec.rules[0].labels!r}")
            parts.extend(unparse(e) for e in a.spec.exprs[0])
        return digest(*parts)

    def get_share(self, key: str):
        from openbid.bridge.hand import Hand, Holding
        from openbid.readers.census.system_pass import SystemCounts

        data = self.store.get(SHARE, key)
        if data is None:
            return None
        got = store_module.loads(data, (SystemCounts, Hand, Holding))
        if not isinstance(got, list) or not all(isinstance(x, SystemCounts) for x in got):
            return None
        return got

    def put_share(self, key: str, counts) -> None:
        self.store.put(SHARE, key, store_module.dumps(list(counts)))


def _made_sound(got, n: int) -> bool:
    return isinstance(got, list) and len(got) == n and all(
        isinstance(m, tuple) and len(m) == 2 and all(isinstance(x, str) for x in m) for m in got)


def _sound(nc: NodeCounts) -> bool:
    """A node's counts as the census makes them (the types of every field)."""
    try:
        return isinstance(nc.selected, int) and all(
            isinstance(c, str) and isinstance(h, int) and isinstance(ex, Example)
            and isinstance(ex.order, int) and isinstance(ex.hand, str) and isinstance(lbs, set)
            for c, (h, ex, lbs) in nc.calls.items()) and \
            sum(h for h, _, _ in nc.calls.values()) == nc.selected
    except (TypeError, ValueError):
        return False


_DTYPES = {"uint8", "int32", "int64", "float64"}


def _arrays_dumps(head: dict, arrays: dict[str, np.ndarray]) -> bytes:
    """A JSON header (with each array's name, dtype and length) and the arrays' bytes."""
    import json

    names = sorted(arrays)
    meta = [[n, str(arrays[n].dtype), int(arrays[n].size)] for n in names]
    text = json.dumps({"head": head, "arrays": meta}).encode()
    body = b"".join(np.ascontiguousarray(arrays[n]).tobytes() for n in names)
    return len(text).to_bytes(4, "little") + text + body


def _arrays_loads(data: bytes):
    import json

    try:
        n = int.from_bytes(data[:4], "little")
        meta = json.loads(data[4:4 + n].decode())
        at = 4 + n
        arrays = {}
        for name, dt, size in meta["arrays"]:
            if dt not in _DTYPES or not isinstance(size, int) or size < 0:
                return None
            nbytes = np.dtype(dt).itemsize * size
            if at + nbytes > len(data):
                return None
            arrays[name] = np.frombuffer(data, dtype=dt, count=size, offset=at).copy()
            at += nbytes
        if at != len(data):
            return None
        return meta["head"], arrays
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None
