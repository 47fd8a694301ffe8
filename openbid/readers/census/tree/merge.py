"""The tree census's rounds: worker processes that each own some chunks for the whole census,
and the merge of every chunk's results as they arrive, round after round, until no chunk finds a
new node."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

from openbid.bridge.ranks import BASE_RANKS
from openbid.systems.auction import system_of
from openbid.systems.auction_facts import ended, illegal
from openbid.systems.rules.model import Rules
from openbid.readers.census.domain import TOTAL_HANDS
from openbid.readers.census.passes import Pass, plan
from openbid.readers.census.system_pass import SystemShare
from openbid.readers.census.tree import plan as planning
from openbid.readers.census.tree.counts import (DEAL_VULS, Auction, NodeClaim, NodeCounts,
                                               TreeCounts, WalkResult)
from openbid.readers.census.tree.plan import TreeSpec
from openbid.readers.census.tree.walk import Replan, Walk

# What the caller of the census does while its workers read: given the cache and the nodes it
# holds (each with its key and counts), the steps of that work.
Meanwhile = Callable[[object, dict], Iterator[None]]
_DONE = object()

# Rows per walk at most (of the pass most later nodes read: the lumped one where there is one,
# see .level): a walk's readings and row sets grow with its rows, and numpy's passes over a
# walk's rows run faster while they fit the caches (SAYC without a lumped level: 12 walks of
# 380k rows read in 126 CPU-s with a 1.36 GB peak, 2 walks of 2.3M in 134 CPU-s with 2.45 GB;
# with it, 1.5M lumped rows: 4 walks read past the opening in 73 CPU-s, 6 in 80, 8 in 82 and
# 12 in 85, every count the same).
WALK_ROWS = 3 << 17
MAX_TREE_NODES = 2_000_000


# -- the workers: each owns some walks for the whole census -------------------------------------
def _serve(conn, spec: TreeSpec, mine: "list[int] | tuple[int, int, int | None, list]",
           walks_fine: list[list[list[int]]] | None, openings: tuple[Auction, ...],
           cache_dir: str | None, parent: int) -> None:
    """A worker: its walks (``mine``) of ``walks_fine``, round after round. ``walks_fine``
    None: started before the parent planned, this worker plans the walks, then forks the other
    workers, which share its plans (``mine`` is then the number of workers, the jobs, the
    group and the other workers' ends of their pipes); each sends how many walks there are and
    opens its own before the first round comes."""
    import os

    from openbid.base.workers import _worker_start

    _worker_start(parent)
    p = plan(spec.pass_spec())
    pc = planning.coarse_plan(spec, p)
    system = system_of(spec.rules)
    cache = _tree_cache(cache_dir, system, p.model.tracked, spec, p)
    if walks_fine is not None:
        assert isinstance(mine, list)
        _walks(conn, spec, p, pc, system, cache, mine, walks_fine, openings, False)
        return
    assert isinstance(mine, tuple)
    procs, jobs, group, others = mine
    walks_fine = partition(p, planning.lumped_plan(spec, p, pc) or pc, jobs, group)
    me = os.getpid()
    forked: list[int] = []
    for i, other in enumerate(others, 1):
        pid = os.fork()
        if pid == 0:  # the i-th worker: its own pipe; never back into this one's frames
            code = 0
            try:
                _worker_start(me)
                conn.close()
                for o in others[i:]:
                    o.close()
                _walks(other, spec, p, pc, system, cache,
                       list(range(i, len(walks_fine), procs)), walks_fine, openings, True)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        forked.append(pid)
        other.close()
    try:
        _walks(conn, spec, p, pc, system, cache, list(range(0, len(walks_fine), procs)),
               walks_fine, openings, True)
    finally:
        for pid in forked:  # (they end when the census ends, as this one does)
            try:
                os.waitpid(pid, 0)
            except OSError:
                pass


def _walks(conn, spec: TreeSpec, p: Pass, pc: Pass | None, system, cache, mine: list[int],
           walks_fine: list[list[list[int]]], openings: tuple[Auction, ...],
           announce: bool) -> None:
    """A worker's rounds (``announce``: first send how many walks there are, and open this
    worker's)."""
    walks: dict[int, Walk] = {}
    memo: dict = {}
    reached: set[int] = set()  # walks that reported the reach of the census's root
    try:
        if announce:
            conn.send(len(walks_fine))
            for k in mine:  # (the coarse rows every later node reads)
                walks[k] = Walk(spec, p, k, walks_fine[k], pc, system, memo, openings, cache)
                walks[k].open()
        while True:
            msg = conn.recv()
            if msg is None:
                return
            known, roots, skip, reach_of, descend = msg
            # each walk's result is sent as soon as it is walked (the parent merges it while
            # the next is walked), then None: this round's share is done
            for k in mine:
                if not roots.get(k) and (reach_of is None or k in reached):
                    continue
                w = walks.get(k)
                if w is None:
                    w = walks[k] = Walk(spec, p, k, walks_fine[k], pc, system, memo, openings,
                                        cache)
                try:
                    conn.send({k: w.walk(tuple(roots.get(k, ())), known, skip,
                                         None if k in reached else reach_of, descend)})
                    reached.add(k)
                except Replan as r:
                    conn.send({k: WalkResult([], {}, {}, (r.auction, r.vul))})
                    conn.send(None)
                    return
            conn.send(None)
    except (EOFError, KeyboardInterrupt):
        return


def parts_of(p: Pass) -> list[list[int]]:
    """The fine plan's chunks in parts of about FINE_ROWS fine classes (consecutive): what the
    opening reads at once, and the cache keeps its calls by."""
    from openbid.readers.census.tree.opening import FINE_ROWS

    dom = p.domain
    out: list[list[int]] = [[]]
    rows = 0
    for i in range(len(p)):
        if rows >= FINE_ROWS:
            out.append([])
            rows = 0
        out[-1].append(i)
        rows += sum(dom.rows(c) for c in dom.plan[i][1])
    return out


def partition(p: Pass, pc: Pass | None, jobs: int,
              group: int | None = None) -> list[list[list[int]]]:
    """The parts (:func:`parts_of`) cut into walks of consecutive parts: at least one walk per
    job, each of at most about WALK_ROWS rows of ``pc`` (the pass most later nodes are read
    over: the lumped one where there is one, see :mod:`.level`), of about equal work (a fine row read at
    the opening costs about an eighth of a coarse row read at the later nodes). ``group``:
    that many parts per walk instead."""
    parts = parts_of(p)
    if group:
        return [parts[i:i + group] for i in range(0, len(parts), group)]
    cdom = (pc or p).domain
    fine = [sum(p.domain.rows(c) for i in part for c in p.domain.plan[i][1]) for part in parts]
    coarse = [sum(cdom.rows(c) for i in part for c in p.domain.plan[i][1]) for part in parts]
    n = min(len(parts), max(1, jobs, -(-sum(coarse) // WALK_ROWS)))
    cost = [f + 8 * c for f, c in zip(fine, coarse)]
    total = sum(cost)
    out: list[list[list[int]]] = [[]]
    acc = 0
    for part, c in zip(parts, cost):
        if out[-1] and acc >= total * len(out) / n and len(out) < n:
            out.append([])
        out[-1].append(part)
        acc += c
    return out


def openings_of(root: Auction) -> tuple[Auction, ...]:
    """The opening nodes (nobody has bid yet) a census below ``root`` reads: those on the way
    to it, and those below it."""
    out = []
    for k in range(4):
        a = ("PASS",) * k
        if root[:k] == a or a[:len(root)] == root:
            out.append(a)
    return tuple(out)


class _Workers:
    """Processes that each own a share of the chunks, from the first round to the last; ended
    when the census ends (and with the command, however it ends)."""

    def __init__(self, spec: TreeSpec, walks: list[list[list[int]]] | None,
                 openings: tuple[Auction, ...], n: int, cache_dir: str | None = None,
                 group: int | None = None) -> None:
        """``walks`` None: one worker plans them while the parent does something else, and
        forks the others (:meth:`walks` waits for their number)."""
        import multiprocessing as mp
        import os

        from openbid.base.workers import _ACTIVE

        from multiprocessing.connection import Connection

        ctx = mp.get_context("fork")
        n_chunks = n if walks is None else len(walks)
        procs = max(1, min(n, n_chunks))
        self.procs: list = []
        self.conns: list[Connection] = []
        self.owned: list[list[int]] = []
        self._n = None if walks is None else n_chunks
        # the caller's work to do while the workers read (advanced a step whenever no result
        # is waiting; None: none, or done)
        self.meanwhile: Iterator[None] | None = None
        if walks is None:  # one process plans, and forks the others (see _serve)
            pipes = [ctx.Pipe() for _ in range(procs)]
            proc = ctx.Process(target=_serve, args=(
                pipes[0][1], spec, (procs, n, group, [there for _, there in pipes[1:]]), None,
                openings, cache_dir, os.getpid()), daemon=True)
            proc.start()
            for here, there in pipes:
                there.close()
                self.conns.append(here)
            self.procs.append(proc)
            self.owned = [[] for _ in pipes]
        else:
            for i in range(procs):
                owned = list(range(i, n_chunks, procs))
                here, there = ctx.Pipe()
                proc = ctx.Process(target=_serve, args=(there, spec, owned, walks, openings,
                                                          cache_dir, os.getpid()),
                                   daemon=True)
                proc.start()
                there.close()
                self.procs.append(proc)
                self.conns.append(here)
                self.owned.append(owned)
        _ACTIVE.add(self)  # type: ignore[arg-type]

    def walks(self) -> int:
        """How many walks the workers share (when they planned them: the same in each)."""
        if self._n is None:
            got = set()
            for conn in self.conns:
                try:
                    got.add(conn.recv())
                except EOFError:
                    from openbid.base.errors import OpenbidError

                    raise OpenbidError("a worker of the tree census ended unexpectedly (out "
                                       "of memory? --from AUCTION checks a part of the tree)") \
                        from None
            if len(got) != 1:
                raise AssertionError(f"the workers planned different walks: {sorted(got)}")
            self._n = got.pop()
            procs = len(self.conns)
            self.owned = [list(range(i, self._n, procs)) for i in range(procs)]
        return self._n

    def round(self, known: dict, roots: list[list[Auction]], skip: frozenset = frozenset(),
              reach_of: Auction | None = None, descend: bool = True):
        """The results of one round (chunk -> WalkResult), each chunk's as soon as it is walked:
        the first are merged while the others are still walked."""
        from multiprocessing.connection import wait

        pending = []
        for conn, mine in zip(self.conns, self.owned):
            share = {k: roots[k] for k in mine if roots[k]}
            if share or reach_of is not None:
                conn.send((known, share, skip, reach_of, descend))
                pending.append(conn)
        while pending:
            ready_now = wait(pending, 0) if self.meanwhile is not None else None
            if not ready_now and self.meanwhile is not None:
                if next(self.meanwhile, _DONE) is _DONE:
                    self.meanwhile = None
                continue
            for ready in ready_now or wait(pending):
                conn = ready  # type: ignore[assignment]
                try:
                    got: dict[int, WalkResult] | None = conn.recv()
                except EOFError:
                    from openbid.base.errors import OpenbidError

                    raise OpenbidError("a worker of the tree census ended unexpectedly (out of "
                                       "memory? --from AUCTION checks a part of the tree)") \
                        from None
                if got is None:  # the worker's share of the round is done
                    pending.remove(conn)  # type: ignore[arg-type]
                else:
                    yield got

    def kill(self) -> None:
        for proc in self.procs:
            if proc.is_alive():
                proc.kill()

    def close(self) -> None:
        from openbid.base.workers import _ACTIVE

        for conn in self.conns:
            try:
                conn.send(None)
            except (OSError, BrokenPipeError):
                pass
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
        _ACTIVE.discard(self)  # type: ignore[arg-type]


def tree_census(rules: Rules, claims: tuple[NodeClaim, ...] = (),
                seeds: "tuple[Auction, ...] | Callable[[], tuple[Auction, ...]]" = (),
                progress: Callable[[str], None] | None = None, group: int | None = None,
                max_nodes: int = MAX_TREE_NODES, jobs: int | None = None,
                root: Auction = (), share: SystemShare | None = None,
                cache: "str | Path | bool | None" = None,
                meanwhile: "Meanwhile | None" = None) -> TreeCounts:
    """Every node of ``rules``' system counted exactly (see the module's doc); ``root``: only
    the subtree below that auction (its bidders' histories still read every earlier node);
    ``share``: the opening's system checks, counted from the census's readings of the opening
    (TreeCounts.system_checks; the whole tree only); ``cache``: a cache directory (True: the
    user's, openbid.base.cache.cache_dir; None or False: none). With a cache, a node (or part
    of the opening) whose key (openbid.readers.census.tree.cache) it holds is not read again,
    and every result counted is kept there. ``meanwhile``: called with the cache and the
    nodes it holds (each with its key and counts) once they are looked up, before the workers
    read the others; the steps of the iterator it returns are taken while the parent waits
    for the workers (the caller finishes what is left: none are taken when no node is read)."""
    import time

    from openbid.base.errors import OpenbidError

    system = system_of(rules.system or rules)
    rules = system.rules
    if ended(tuple(root)):
        raise OpenbidError(f"the auction {' '.join(root)} has ended: there is no node below it")
    if share is not None and root:
        raise ValueError("the opening's system checks come from the whole tree's census")
    cache_dir = _cache_dir(cache)
    seeds_at = None
    if callable(seeds):  # (the auctions to plan for, found on demand: the cache may know them)
        from openbid.base.cache import Store
        from openbid.readers.census.tree.cache import get_seeds, seeds_key

        seeds_at = seeds_key(rules) if cache_dir is not None else None
        known = get_seeds(Store(cache_dir), seeds_at) if seeds_at is not None else None
        seeds = known if known is not None else seeds()
    # Every census reads the opening node (the dealer's first call is in every history): when
    # its rules read the vulnerability, the census ranges over it from the start.
    vul = _reads_vul(system)
    spec = TreeSpec(rules, tuple(dict.fromkeys(((),) + tuple(seeds))), vul, tuple(claims),
                    share)
    replans = 0
    t0 = time.monotonic()
    # the ranks the hand model tracks: A K Q J T whatever the plan when no table reads more
    # (the cache's keys are then known before any plan)
    ranks = None
    if cache_dir is not None:
        from openbid.readers.census.tree.cache import ranks_anywhere

        if seeds_at is not None or not set(ranks_anywhere(rules)) - set(BASE_RANKS):
            ranks = BASE_RANKS
    while True:
        try:
            out = _rounds(spec, ranks, group, progress, max_nodes, jobs, tuple(root), cache_dir,
                          meanwhile)
        except _Stale:  # an entry the walks used is gone or spoilt: count without the cache
            cache_dir = None
            continue
        if isinstance(out, Replan):
            replans += 1
            spec = TreeSpec(rules, spec.seeds + (out.auction,), spec.vul or out.vul, spec.claims,
                            spec.system)
            continue
        out.replans = replans
        out.seconds["wall"] = round(time.monotonic() - t0, 2)
        if seeds_at is not None and cache_dir is not None:
            from openbid.base.cache import Store
            from openbid.readers.census.tree.cache import put_seeds

            put_seeds(Store(cache_dir), seeds_at, spec.seeds)
        return out


def _reads_vul(system) -> bool:
    """Do the rules of the opening node read the vulnerability."""
    from openbid.readers.uses import uses
    from openbid.systems.descriptors import definitions

    rules = system.node(()).rules
    if rules is None:
        return False
    u = uses(definitions(rules.readings, rules.definitions), (), rules, outcome=True)
    return bool({"VUL", "THEYVUL"} & u.contexts)


class _Stale(Exception):
    """A cache entry a walk took was not there (or not sound) when the counts were merged."""


def _cache_dir(cache) -> str | None:
    if cache is None or cache is False:
        return None
    from openbid.base.cache import Store

    store = Store(None if cache is True else cache)
    store.check_writable()
    return str(store.root)


def _tree_cache(cache_dir: str | None, system, ranks: str, spec: TreeSpec,
                p: Pass | None = None, pack: bool = False):
    if cache_dir is None:
        return None
    from openbid.base.cache import Store
    from openbid.readers.census.tree.cache import TreeCache

    return TreeCache(Store(cache_dir), system, ranks, len(DEAL_VULS) if spec.vul else 1, p,
                     pack)


def _rounds(spec: TreeSpec, ranks: str | None, group: int | None, progress, max_nodes: int,
            jobs: int | None = None, root: Auction = (),
            cache_dir: str | None = None,
            meanwhile: "Meanwhile | None" = None) -> "TreeCounts | Replan":
    """The rounds of one plan (``ranks``: the hand model's, when known without planning)."""
    from dataclasses import replace

    from openbid.base.errors import OpenbidError
    from openbid.base.workers import jobs as default_jobs

    def the_plan() -> Pass:
        return plan(spec.pass_spec())

    tc = _tree_cache(cache_dir, system_of(spec.rules),
                     ranks if ranks is not None else the_plan().model.tracked, spec, pack=True)
    shared = None  # the opening's system checks, from the cache
    share_key = ""
    if tc is not None and spec.system is not None:
        share_key = tc.share_key(spec.system)
        shared = tc.get_share(share_key)
        if shared is not None:
            spec = replace(spec, count_system=False)
    n_jobs = jobs or default_jobs()
    children: dict[Auction, set[str]] = {}
    counts: dict[Auction, NodeCounts] = {}
    hits: dict[Auction, str] = {}  # nodes the cache held, by key
    keys: dict[Auction, str] = {}  # nodes counted, by key (with a cache)
    frontier: list[Auction] = [root]
    count_system = spec.system is not None and spec.count_system
    workers: _Workers | None = None
    if tc is not None and not count_system and tc.edited():
        # The system is not the one the cache last held whole: some node is likely to be read.
        # The workers plan and open their walks while the parent looks the nodes up.
        workers = _Workers(spec, None, openings_of(root), n_jobs, cache_dir, group)
    reach_of: Auction | None = root
    reach: set[int] = set()
    n = 0
    idle: Iterator[None] | None = None  # the caller's work while the workers read
    try:  # (workers started at once end with whatever ends this)
        if tc is not None:  # the nodes the cache holds, from the root down to the first it lacks
            frontier = _resolve(tc, spec, [root], counts, children, hits)
            if meanwhile is not None:
                idle = meanwhile(tc, {a: (k, counts[a]) for a, k in hits.items()})
        if root == () and not frontier:
            reach, reach_of = {0, 1, 2, 3}, None  # every player's first call is at the opening
        if frontier or reach_of is not None or count_system:  # some walk must read something
            if workers is None:
                p = the_plan()
                pc = planning.coarse_plan(spec, p)
                walks = partition(p, planning.lumped_plan(spec, p, pc) or pc, n_jobs, group)
                workers = _Workers(spec, walks, openings_of(root), n_jobs, cache_dir) \
                    if walks else None
            n = workers.walks() if workers is not None else 0
            if workers is not None:
                workers.meanwhile = idle
        elif workers is not None:  # started for nothing: the cache held every node
            workers.close()
            workers = None
    except BaseException:
        if workers is not None:
            workers.close()
        raise
    skip = frozenset(hits) | frozenset(a for a in children if a not in hits)
    resolved = set(hits)  # the nodes whose counts the parent took from the cache
    visited: set[Auction] = set()  # the nodes any walk visited
    done: list[set[Auction]] = [set(skip) for _ in range(n)]
    roots: list[list[Auction]] = [sorted(frontier) for _ in range(n)]
    rounds = 0
    contexts = len(DEAL_VULS) if spec.vul else 1
    system_parts: list[list[tuple]] = []  # per fine part, per context
    delivered = 0  # walks that sent their parts of the system checks
    cpu: dict[str, float] = {}  # the walks' CPU seconds, by stage
    if count_system:
        roots = [r or [root] for r in roots]  # every walk reads the opening for the checks
    # With a cache, a round reads only nodes the cache lacks: the parent looks every child of
    # what was read up in it, and the next round reads those it lacks (the walks never visit
    # a node the cache holds). Without one, a walk reads all that lies below its roots.
    descend = tc is None
    try:
        while workers is not None and (any(roots) or reach_of is not None):
            rounds += 1
            known = {a: tuple(sorted(cs)) for a, cs in children.items()} if descend else {}
            read_now = set(roots[0]) if not descend else set()
            # (a walk that reads its roots only needs to know which of them were counted)
            sent = skip if descend else frozenset(a for r in roots for a in r if a in skip)
            missing: list[Auction] = []  # (with a cache: the children it lacks, to read next)
            looked: set[Auction] = set()  # the children looked up so far

            def look(nodes) -> None:
                """Look up the children of ``nodes`` read this round not looked up yet (as
                each walk's result comes: the others still read meanwhile)."""
                for a in sorted(a for a in nodes if a in read_now and a not in resolved):
                    # (a node in resolved: the opening, read for its system checks, whose
                    # subtree was looked up before the first round)
                    starts = [b for b in (a + (c,) for c in sorted(children.get(a, ())))
                              if b not in looked]
                    looked.update(starts)
                    missing.extend(_resolve(tc, spec, starts, counts, children, hits,
                                            resolved))

            for k, res in ((k, r) for got in workers.round(known, roots, sent, reach_of,
                                                            descend)
                           for k, r in sorted(got.items())):
                if res.replan is not None:
                    return Replan(*res.replan)
                done[k].update(res.visited)
                visited.update(res.visited)
                for stage, sec in res.cpu.items():
                    cpu[stage] = cpu.get(stage, 0.0) + sec
                if res.system is not None:
                    system_parts.extend(res.system)
                    delivered += 1
                if reach_of is not None:
                    reach |= res.reach.get(reach_of, set())
                for a, cs in res.found.items():
                    if a not in skip:
                        children.setdefault(a, set()).update(c for c in cs if not illegal(a, c))
                for a, nc in res.counts.items():
                    counts.setdefault(a, NodeCounts()).add(nc)
                hits.update(res.hits)
                keys.update(res.keys)
                if not descend:
                    look(res.found)
            reach_of = None
            if progress:
                progress(f"round {rounds}")
            # (each node is one node's child but the root: the tree's nodes, counted)
            if 1 + sum(map(len, children.values())) > max_nodes:
                raise OpenbidError(f"the auction tree has more than {max_nodes:,} nodes")
            if descend:
                nodes = {root} | {a + (c,) for a, cs in children.items() for c in cs}
                roots = [sorted(b for b in nodes - done[k] if b[:-1] in done[k])
                         for k in range(n)]
                continue
            look(read_now)  # (calls the last walks found)
            skip = frozenset(hits)
            roots = [sorted(missing) for _ in range(n)]
    finally:
        if workers is not None:
            workers.close()
    nodes = {root} | {a + (c,) for a, cs in children.items() for c in cs}
    pending: list[tuple[str, NodeCounts]] = []
    if tc is not None:
        for a, key in hits.items():  # counted before (in full: any walk's own part dropped)
            if a not in resolved:
                got = tc.get_node(key)
                if got is None:
                    raise _Stale(" ".join(a))
                counts[a] = got
        pending = [(key, counts[a]) for a, key in keys.items() if a not in hits]
    for a, nc in counts.items():
        calls = sum(h for h, _, _ in nc.calls.values())
        if calls != nc.selected:
            raise AssertionError(f"node {' '.join(a)}: calls count {calls}, selected "
                                 f"{nc.selected}")
    tree_children = {a: sorted(cs) for a, cs in children.items()}
    for a in nodes:
        if ended(a):
            tree_children.setdefault(a, [])
    if len(reach) < 4:
        raise OpenbidError(f"no hands make the calls of the auction {' '.join(root)}: there is "
                           "nothing below it to check")
    top = counts.get(())
    if top is not None and top.selected != TOTAL_HANDS * contexts:
        raise AssertionError(f"the root counts {top.selected} hands, not C(52,13) x {contexts}")
    out = TreeCounts(system_of(spec.rules), counts, tree_children, contexts, rounds, n,
                     visited=visited)
    out.seconds.update({f"cpu {stage}": round(sec, 2) for stage, sec in cpu.items()})
    if shared is not None:
        out.system_checks = shared
    elif spec.system is not None:
        from openbid.readers.census.system_pass import combine

        if delivered != n:
            raise AssertionError(f"{delivered} of {n} walks counted the system checks")
        out.system_checks = [combine(arg, [parts[j] for parts in system_parts], the_plan())
                             for j, arg in enumerate(spec.system.args)]
    if tc is not None:
        out.cached = set(hits)
        shared_now = out.system_checks if shared is None and spec.system is not None else None
        out.commit = _Commit(tc, pending, share_key, shared_now, root == ())
        out.cache, out.keys = tc, {**keys, **hits}
    return out


class _Commit:
    """Writes what a census counted to its cache, once its caller has checked it (the tree
    check re-runs every example hand first: a result that did not replay is never kept)."""

    def __init__(self, tc, pending: list, share_key: str, shared, whole: bool) -> None:
        self.tc, self.pending, self.share_key, self.shared = tc, pending, share_key, shared
        self.whole = whole

    def __call__(self) -> int:
        for key, nc in self.pending:
            self.tc.put_node(key, nc)
        self.tc.write_entries()
        if self.shared is not None:
            self.tc.put_share(self.share_key, self.shared)
        self.tc.write_pack(self.whole)
        n, self.pending, self.shared = len(self.pending), [], None
        return n


def _resolve(tc, spec: TreeSpec, starts: list[Auction], counts: dict, children: dict,
             hits: dict, resolved: set | None = None) -> list[Auction]:
    """The nodes from ``starts`` down whose counts the cache holds, each with its calls, down
    to the first nodes it lacks (returned: the walks read them)."""
    system = system_of(spec.rules)
    claims = planning.claims_at(spec.claims)
    frontier = []
    stack = list(starts)
    while stack:
        a = stack.pop()
        if ended(a):
            continue
        if not system.on_system(a):  # off-system: every hand passes
            calls: list[str] = ["PASS"]
        else:
            key = tc.node_key(a, claims.get(a, ()))
            nc = tc.get_node(key)
            if nc is None:
                frontier.append(a)
                continue
            counts[a] = nc
            hits[a] = key
            if resolved is not None:
                resolved.add(a)
            calls = list(nc.calls)
        children[a] = {c for c in calls if not illegal(a, c)}
        stack.extend(a + (c,) for c in sorted(children[a]))
    return frontier
