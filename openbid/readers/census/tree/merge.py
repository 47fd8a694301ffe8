"""The tree census's rounds: worker processes that each own some chunks for the whole census,
and the merge of every chunk's results as they arrive, round after round, until no chunk finds a
new node."""

from __future__ import annotations

from typing import Callable

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

TREE_CHUNK = 1 << 21  # rows per walk: fewer walks of the tree against less memory per walk
MAX_TREE_NODES = 2_000_000


# -- the workers: each owns some chunks for the whole census -------------------------------------
def _serve(conn, spec: TreeSpec, chunks: list[int], group: int, parent: int) -> None:
    from openbid.base.workers import _worker_start

    _worker_start(parent)
    p = plan(spec.pass_spec())
    pc = planning.coarse_plan(spec, p)
    system = system_of(spec.rules)
    walks: dict[int, Walk] = {}
    memo: dict = {}
    try:
        while True:
            msg = conn.recv()
            if msg is None:
                return
            known, roots = msg
            # each chunk's result is sent as soon as it is walked (the parent merges it while
            # the next is walked), then None: this round's share is done
            for k in chunks:
                if not roots.get(k):
                    continue
                w = walks.get(k)
                if w is None:
                    parts = [p.domain.chunk(i) for i in
                             range(k * group, min(len(p), (k + 1) * group))]
                    w = walks[k] = Walk(spec, p, k, parts, pc, system, memo)
                try:
                    conn.send({k: w.walk(tuple(roots[k]), known)})
                except Replan as r:
                    conn.send({k: WalkResult([], {}, {}, (r.auction, r.vul))})
                    conn.send(None)
                    return
            conn.send(None)
    except (EOFError, KeyboardInterrupt):
        return


class _Workers:
    """Processes that each own a share of the chunks, from the first round to the last; ended
    when the census ends (and with the command, however it ends)."""

    def __init__(self, spec: TreeSpec, n_chunks: int, group: int, n: int) -> None:
        import multiprocessing as mp
        import os

        from openbid.base.workers import _ACTIVE

        ctx = mp.get_context("fork")
        n = max(1, min(n, n_chunks))
        self.procs, self.conns, self.owned = [], [], []
        for i in range(n):
            mine = list(range(i, n_chunks, n))
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(there, spec, mine, group, os.getpid()),
                               daemon=True)
            proc.start()
            there.close()
            self.procs.append(proc)
            self.conns.append(here)
            self.owned.append(mine)
        _ACTIVE.add(self)  # type: ignore[arg-type]

    def round(self, known: dict, roots: list[list[Auction]]):
        """The results of one round (chunk -> WalkResult), each chunk's as soon as it is walked:
        the first are merged while the others are still walked."""
        from multiprocessing.connection import wait

        pending = []
        for conn, mine in zip(self.conns, self.owned):
            share = {k: roots[k] for k in mine if roots[k]}
            if share:
                conn.send((known, share))
                pending.append(conn)
        while pending:
            for ready in wait(pending):
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


def tree_census(rules: Rules, claims: tuple[NodeClaim, ...] = (), seeds: tuple[Auction, ...] = (),
                progress: Callable[[str], None] | None = None, group: int | None = None,
                max_nodes: int = MAX_TREE_NODES, jobs: int | None = None,
                root: Auction = (), share: SystemShare | None = None) -> TreeCounts:
    """Every node of ``rules``' system counted exactly (see the module's doc); ``root``: only
    the subtree below that auction (its bidders' histories still read every earlier node);
    ``share``: the opening's system checks, counted from the census's readings of the opening
    (TreeCounts.system_checks; the whole tree only)."""
    import time

    from openbid.base.errors import OpenbidError

    system = system_of(rules.system or rules)
    rules = system.rules
    if ended(tuple(root)):
        raise OpenbidError(f"the auction {' '.join(root)} has ended: there is no node below it")
    if share is not None and root:
        raise ValueError("the opening's system checks come from the whole tree's census")
    spec = TreeSpec(rules, tuple(dict.fromkeys(((),) + tuple(seeds))), False, tuple(claims),
                    share)
    replans = 0
    t0 = time.monotonic()
    while True:
        p = plan(spec.pass_spec())
        g = group or max(1, TREE_CHUNK // max(1, p.domain.target))
        out = _rounds(spec, p, g, progress, max_nodes, jobs, tuple(root))
        if isinstance(out, Replan):
            replans += 1
            spec = TreeSpec(rules, spec.seeds + (out.auction,), spec.vul or out.vul, spec.claims,
                            spec.system)
            continue
        out.replans = replans
        out.seconds["wall"] = round(time.monotonic() - t0, 2)
        return out


def _rounds(spec: TreeSpec, p: Pass, group: int, progress, max_nodes: int,
            jobs: int | None = None, root: Auction = ()) -> "TreeCounts | Replan":
    from openbid.base.errors import OpenbidError
    from openbid.base.workers import jobs as default_jobs

    n = (len(p) + group - 1) // group
    children: dict[Auction, set[str]] = {}
    counts: dict[Auction, NodeCounts] = {}
    done: list[set[Auction]] = [set() for _ in range(n)]
    roots: list[list[Auction]] = [[root] for _ in range(n)]
    nodes: set[Auction] = {root}
    rounds = 0
    reach: set[int] = set()
    contexts = len(DEAL_VULS) if spec.vul else 1
    system_parts: list[list[tuple]] = []  # per chunk, per context
    workers = _Workers(spec, n, group, jobs or default_jobs())
    try:
        while any(roots):
            rounds += 1
            known = {a: tuple(sorted(cs)) for a, cs in children.items()}
            for k, res in ((k, r) for got in workers.round(known, roots)
                           for k, r in sorted(got.items())):
                if res.replan is not None:
                    return Replan(*res.replan)
                done[k].update(res.visited)
                if res.system is not None:
                    system_parts.append(res.system)
                reach |= res.reach.get(root, set())
                for a, cs in res.found.items():
                    children.setdefault(a, set()).update(c for c in cs if not illegal(a, c))
                for a, nc in res.counts.items():
                    counts.setdefault(a, NodeCounts()).add(nc)
            if progress:
                progress(f"round {rounds}")
            nodes = {root} | {a + (c,) for a, cs in children.items() for c in cs}
            if len(nodes) > max_nodes:
                raise OpenbidError(f"the auction tree has more than {max_nodes:,} nodes")
            roots = [sorted(b for b in nodes - done[k] if b[:-1] in done[k]) for k in range(n)]
    finally:
        workers.close()
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
    out = TreeCounts(system_of(spec.rules), counts, tree_children, contexts, rounds, n)
    if spec.system is not None:
        from openbid.readers.census.system_pass import combine

        if len(system_parts) != n:
            raise AssertionError(f"{len(system_parts)} of {n} chunks counted the system checks")
        out.system_checks = [combine(arg, [parts[j] for parts in system_parts], p)
                      for j, arg in enumerate(spec.system.args)]
    return out
