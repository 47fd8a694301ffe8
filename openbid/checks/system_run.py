"""One checking path for any system: every rule file, of any size, with or without auction
blocks, is checked by the exact tree census (openbid.checks.tree; an opening-only file's tree is
its opening in the four seats, every later node off-system), the opening's system checks
(openbid.checks.system: Z3's proofs of the bid points, the overlap matrix, the claims about the
opening, the frequencies per context) counted on the way from the census's own readings of the
opening; and, behind one flag, the Z3 node checks (openbid.checks.nodes) as a cross-check whose
findings must equal the census's.

Every finding of the run is an :class:`openbid.checks.findings.Finding`. ``scopes`` says what
each group of verdicts was computed by and over (the regression contract compares a verdict with
a recorded one only when both were computed by the same check over the same scope).

A run restricted to some hands or facts of the deal (``given``, a fixed seat or vulnerability)
is the opening's system checks alone (an opening-only file): its findings are the dead points
and the claims over those hands. Returns data; never prints.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from openbid.base.errors import OpenbidError
from openbid.systems.rules.model import Rules
from openbid.checks.findings import OPENING, Finding, Witness, claim_kind, compare
from openbid.checks.search import Disagreement
from openbid.checks.verdicts import DEFAULT_RLIMIT

if TYPE_CHECKING:
    from openbid.checks.table_findings import Simulation

# The groups of a system's verdicts, each computed by one check (the regression contract); a
# group recorded before scopes were recorded is of its default scope.
OPENING_GROUP = "opening"  # system point L, system overlap N/M: the opening's checks
OPENING_CLAIMS = "opening claims"  # system claim ID
TREE_GROUP = "tree"  # tree nodes, tree node ..., tree point ...: the tree census
TREE_CLAIMS = "tree claims"  # tree claim ID
NODE_CHECKS = "node checks"  # system node ...: the Z3 node checks (recorded by earlier versions)
CROSS_CHECKS = ("z3",)
WHOLE_OPENING = "opening checks, every seat and vulnerability"
WHOLE_TREE = "tree census, whole tree"
DEFAULT_SCOPES = {OPENING_GROUP: WHOLE_OPENING, TREE_GROUP: WHOLE_TREE,
                  NODE_CHECKS: "Z3 node checks"}


@dataclass(frozen=True)
class SystemArgs:
    """What the system checks need besides the rules: the claims (about the opening, or about a
    node), the facts of the deal fixed, a precondition, the subtree, and the cross-check."""

    claims: tuple = ()  # openbid.systems.claims.Claim
    claims_file: str = ""  # the claims files as shown
    context: tuple[tuple[str, object], ...] = ()
    given: Any = None  # a precondition (Expr): the opening's checks range over the hands meeting it
    root: tuple = ()  # only the subtree below this auction
    cross_check: str = ""  # "z3": the Z3 node checks too, their findings compared with the census's
    selected: tuple[str, ...] = ()  # --claim: the claims chosen (a subset of the files')
    table: Any = None  # openbid.checks.table_findings.TableBudget: the findings at the table
    cache: bool = False  # the tree census and Z3's opening checks: the user's cache of results


@dataclass
class SystemRun:
    system: Any = None  # openbid.checks.system.SystemChecks: the opening's checks
    census_tree: Any = None  # openbid.checks.tree.TreeCheck
    tree: Any = None  # openbid.checks.nodes.Tree: the Z3 node checks (the cross-check)
    findings: list[Finding] = field(default_factory=list)
    scopes: dict[str, str] = field(default_factory=dict)
    claims_selected: tuple[str, ...] = ()
    cross_check: dict | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    groups: list | None = None  # openbid.checks.table_findings.Group: the findings at the table


def run_system(rules: Rules, sa: SystemArgs | None = None, rlimit: int = DEFAULT_RLIMIT,
               progress: Callable[[str], None] | None = None) -> SystemRun:
    """Every check of ``rules``' system (see the module's doc)."""
    from openbid.checks.nodes import has_blocks

    sa = sa or SystemArgs()
    out = SystemRun(claims_selected=tuple(sa.selected))
    opening = tuple(c for c in sa.claims if c.auction is None)
    nodes = tuple(c for c in sa.claims if c.auction is not None)
    files = _files(sa.claims_file)
    restricted = sa.given is not None or bool(sa.context)
    if sa.cross_check and sa.cross_check not in CROSS_CHECKS:
        raise OpenbidError(f"--cross-check {sa.cross_check!r}: the cross-checks are "
                           f"{', '.join(CROSS_CHECKS)}")
    if restricted:
        what = "--where" if sa.given is not None else "--seat/--vul"
        if has_blocks(rules):
            raise OpenbidError(f"{what} restricts the opening's checks; an auction system's "
                               "nodes range over each bidder's own history and every "
                               f"vulnerability: give no {what}")
        if nodes:
            raise OpenbidError(f"claim {nodes[0].id} is about the node {nodes[0].node}: the "
                               f"nodes are checked over every hand and vulnerability; give no "
                               f"{what}")
        if sa.cross_check:
            raise OpenbidError(f"--cross-check checks every node of the tree; give no {what}")
        from openbid.checks.system import check_system

        out.system = check_system(rules, opening, dict(sa.context), rlimit, sa.claims_file,
                                  progress, given=sa.given)
        population = _population(out.system)
        out.findings = point_findings(out.system, population) + \
            claim_findings(out.system, population)
        if sa.given is None:  # a precondition's verdicts are never recorded
            scope = _opening_scope(sa.context)
            out.scopes = {OPENING_GROUP: scope,
                          **({OPENING_CLAIMS: f"{files} ({scope})"} if opening else {})}
        return out
    if sa.root and opening:
        raise OpenbidError(f"claim {opening[0].id} is about the opening: --from checks the "
                           "nodes below an auction (give the claims about those nodes)")
    # (the table's simulated deals are bid from the start, beside the checks)
    with early_simulation(rules, sa.table) as simulation:
        # (with a table to fill, the findings' hands replay beside it: see _table)
        _tree(out, rules, sa, opening, nodes, rlimit, progress,
              defer=sa.table is not None and sa.cross_check != "z3")
        tc = out.census_tree
        deferred = tc.pending is not None
        # (the census's new results are written to the cache while the rest is checked, once
        # every hand has replayed)
        with written_behind(tc.counts.commit, tc.settle if deferred else None) as behind:
            if not sa.root:
                out.scopes = {OPENING_GROUP: WHOLE_OPENING, TREE_GROUP: WHOLE_TREE}
                if opening:
                    out.scopes[OPENING_CLAIMS] = f"{files} ({WHOLE_OPENING})"
                if nodes:
                    out.scopes[TREE_CLAIMS] = f"{files} ({WHOLE_TREE})"
            if sa.cross_check == "z3":
                _cross_check(out, rules, sa, nodes, rlimit, progress)
            if sa.table is not None:
                _table(out, rules, sa, progress, simulation,
                       behind.settled if deferred else None)
            behind.settled()
    return out


class _Behind:
    """What :func:`written_behind` yields: :meth:`settled` waits for its thread's first step
    (the census's findings made whole) and raises that step's error, if any."""

    def __init__(self) -> None:
        import threading

        self.done = threading.Event()
        self.error: BaseException | None = None

    def settled(self) -> None:
        self.done.wait()
        if self.error is not None:
            raise self.error


@contextmanager
def written_behind(write: Callable[[], object], settle: Callable[[], object] | None = None
                   ) -> Iterator[_Behind]:
    """Run ``write`` (the census's cache writes: a few hundred files, its shards and pack)
    in a thread while the body runs (the table waits on its worker processes most of that
    time); it is waited for on leaving, and its error, if any, is raised then (a full disk
    still stops the command, before anything is printed). ``settle``: first run that in the
    thread (the census's findings' hands still replaying waited for: TreeCheck.settle); its
    error (a hand that does not replay) writes nothing, and is raised by the yielded
    :meth:`_Behind.settled`, which the body calls before it reads the findings whole."""
    import threading

    failed: list[BaseException] = []
    behind = _Behind()

    def run() -> None:
        try:
            if settle is not None:
                try:
                    settle()
                except BaseException as exc:  # (raised by behind.settled(), in the body)
                    behind.error = exc
                    return
                finally:
                    behind.done.set()
            write()
        except BaseException as exc:  # (raised in the command's own thread, below)
            failed.append(exc)

    if settle is None:
        behind.done.set()
    thread = threading.Thread(target=run, name="openbid cache writes")
    thread.start()
    try:
        yield behind
    finally:
        thread.join()
    if failed:
        raise failed[0]


@contextmanager
def early_simulation(rules: Rules, budget) -> Iterator["Callable[[], Simulation] | None"]:
    """The simulated deals of the table's ``budget`` (None: no table), bid from the start in
    a process of the lowest priority: it takes a core only when the checks leave one idle (the
    census keeps both busy; replaying its hands and writing the cache leave one mostly idle),
    and the table, which needs the deals once the findings are known, finds them bid, or
    nearly. Yields what gives the simulation; None with no table to fill or one job
    (OPENBID_JOBS=1: everything in this process). When the table asks before the deals are
    bid, a second process of the command's own priority bids them too, and the first to finish
    gives them: on a machine other work keeps busy, the lowest priority gets next to no time.
    The processes (:class:`openbid.base.workers.Background`: one may be ended while it sends
    its deals) are ended on leaving, whether the simulation was taken or not."""
    from multiprocessing.connection import wait

    from openbid.base.workers import Background, jobs

    if budget is None or not budget.deals or jobs() < 2:
        yield None
        return
    from openbid.checks.table_findings import Simulation, bid_deals
    from openbid.systems.auction import system_of

    arg = (rules, budget.deals, budget.seed)
    started = [Background(bid_deals, arg, nice=19)]
    made: list[Simulation] = []

    def simulation() -> Simulation:
        if not made:
            first = started[0]
            if not first.done():
                started.append(Background(bid_deals, arg))
                ready = wait([b.conn for b in started])
                first = next(b for b in started if b.conn in ready)
            made.append(Simulation(system_of(rules), budget.deals, budget.seed,
                                   first.result()))
        return made[0]

    try:
        yield simulation
    finally:  # (done, or not needed: a process still bidding stops now)
        for b in started:
            b.kill()


def _table(out: SystemRun, rules: Rules, sa: SystemArgs, progress, simulation=None,
           settled: Callable[[], None] | None = None) -> None:
    """Every finding at the table (openbid.checks.table_findings): grouped by rule and kind,
    each group's deal and probability, the findings' ``table`` filled. ``settled``: the
    census's findings are still replaying; this waits for them (made whole, in another
    thread)."""
    from openbid.systems.auction import system_of
    from openbid.checks.table_findings import fill, with_tables

    t0 = time.monotonic()
    if progress:
        progress("table")
    system = system_of(rules)
    claims = {c.id: c for c in sa.claims}
    # The table's work bids simulated deals through the whole system: any change of the rules,
    # the findings, the claims or the budget decides it anew (a cache entry keyed by them all)
    groups = None
    if settled is not None:
        # The findings' hands are still replaying: the groups are filled from the findings
        # as they are (nothing the table reads waits for the replays: only the witnesses'
        # calls and points do), and then take the same findings whole. (The table is then
        # decided without looking in the cache: a census that counts anew seldom finds the
        # table kept, and the same table comes either way.)
        early = out.findings
        groups = fill(system, early, claims, sa.table, simulation=simulation)
        settled()
        _gather(out)
        _swap(groups, early, out.findings)
    key = _table_key(rules, out.findings, claims, sa.table) if sa.cache else None
    known = _table_cached(key) if key is not None and groups is None else None
    if known is not None:
        out.groups, out.findings = known
    else:
        if groups is None:
            groups = fill(system, out.findings, claims, sa.table, simulation=simulation)
        out.groups = groups
        out.findings = with_tables(system, out.findings, out.groups)
        if key is not None:
            from openbid.base.cache import Store, dumps

            Store().put("table", key, dumps((out.groups, out.findings)))
    out.seconds["table"] = round(time.monotonic() - t0, 2)


def _swap(groups: list, early: list[Finding], whole: list[Finding]) -> None:
    """Each group's findings (of ``early``) replaced by the same findings of ``whole`` (made
    again once every hand had replayed: only their witnesses' calls and points are new)."""
    if len(early) != len(whole):
        raise AssertionError("the findings changed when their hands replayed")
    at = {id(f): g for f, g in zip(early, whole)}
    for f, g in zip(early, whole):
        if (f.kind, f.node, f.point, f.count, f.of, f.subject, f.claim) != \
                (g.kind, g.node, g.point, g.count, g.of, g.subject, g.claim):
            raise AssertionError(f"a finding changed when its hand replayed: {f} -> {g}")
    for group in groups:
        group.findings = [at[id(f)] for f in group.findings]


def _table_key(rules: Rules, findings: list[Finding], claims: dict, budget) -> str:
    """What decides the findings at the table: the system, the findings, what the claims say
    (their conditions: not the file they are read from, nor its lines) and the budget."""
    from openbid.base.cache import digest
    from openbid.expr.unparse import unparse
    from openbid.systems.rules.text import dumps

    said = sorted((k, unparse(c.premise), unparse(c.conclusion)) for k, c in claims.items())
    return digest("table", dumps(rules), repr(findings), repr(said), repr(budget))


def _table_cached(key: str):
    """(the groups, the findings with their tables) from the cache; None: not there."""
    from fractions import Fraction

    from openbid.base.cache import Store, loads
    from openbid.bridge.hand import Hand, Holding
    from openbid.checks import table as T
    from openbid.checks.findings import TableView
    from openbid.checks.table_findings import Group

    data = Store().get("table", key)
    if data is None:
        return None
    got = loads(data, (Group, T.Table, T.Probability, Hand, Holding, Finding, Witness, TableView,
                       Fraction))
    if not (isinstance(got, tuple) and len(got) == 2 and isinstance(got[0], list) and
            all(isinstance(g, Group) for g in got[0]) and isinstance(got[1], list) and
            all(isinstance(f, Finding) for f in got[1])):
        return None
    return got


def _tree(out: SystemRun, rules: Rules, sa: SystemArgs, opening: tuple, nodes: tuple,
          rlimit: int, progress, defer: bool = False) -> None:
    """The tree census; the opening's system checks counted on the way (the whole tree; Z3 on
    the opening's points and claims runs beside it). ``defer``: the census's findings may
    still be replaying when it returns (TreeCheck.settle waits for them)."""
    from openbid.base.workers import Pool
    from openbid.checks.system import SystemJob
    from openbid.checks.tree import check_tree

    t0 = time.monotonic()
    cache = True if sa.cache else None
    if sa.root:
        out.census_tree = check_tree(rules, nodes, progress, root=tuple(sa.root), cache=cache,
                                     commit=False, defer=defer)
    else:
        job = SystemJob(rules, opening, {}, rlimit, sa.claims_file)
        share = job.share()
        if share is None:  # the opening reads a fact the opening nodes do not fix
            from openbid.checks.system import run_jobs

            (out.system,) = run_jobs([job], progress)
        with Pool(1) as pool:  # Z3 on the opening's points and claims, beside the census
            known = _z3_cached(job) if share is not None and sa.cache else None
            z3 = pool.submit(job.z3_task) if share is not None and known is None else None
            out.census_tree = check_tree(rules, nodes, progress, share=share, cache=cache,
                                         commit=False, defer=defer)
            results = {job.z3_task: z3.result()} if z3 is not None else {}
            if known is not None:
                results = {job.z3_task: known}
            elif z3 is not None and sa.cache:
                _z3_keep(job, results[job.z3_task])
        if share is not None:
            counts = out.census_tree.counts.system_checks
            assert counts is not None
            out.system = job.finish(results, counts)
            out.system.seconds["wall"] = round(time.monotonic() - t0, 2)
    out.census_tree.claims_file = sa.claims_file
    _gather(out)
    out.seconds["tree"] = round(time.monotonic() - t0, 2)


def _gather(out: SystemRun) -> None:
    """The run's findings: the census's, the opening's system checks' and the claims'."""
    tc = out.census_tree
    findings = list(tc.findings)
    if out.system is not None:
        findings = _with_z3_reasons(findings, out.system)
        findings += claim_findings(out.system, _population(out.system))
    out.findings = findings + tc.claim_findings()


def _z3_key(job) -> str:
    """What decides Z3's verdicts on the opening's points and claims (the opening, the facts
    fixed and read, the budget, the precondition, the claims, Z3's version): their cache key."""
    from importlib.metadata import version

    from openbid.base.cache import digest
    from openbid.expr.unparse import unparse
    from openbid.readers.census.tree.cache import table_text
    from openbid.systems.rules.text import dumps

    arg = job.z3_task.arg
    parts = ["system-z3", version("z3-solver"), table_text(arg.rules), repr(arg.fixed),
             repr(arg.facts), str(arg.rlimit), "" if arg.given is None else unparse(arg.given)]
    for c in arg.claims:
        parts += [c.id, c.bid or "", c.form, c.expect, unparse(c.premise),
                  unparse(c.conclusion)]
    if any("chose" in x for x in parts):  # a claim reads other nodes: the whole system decides
        parts.append(dumps(arg.rules))
    return digest(*parts)


def _z3_cached(job):
    """Z3's result on the opening's points and claims, from the cache (None: not there)."""
    from openbid.base.cache import Store, loads
    from openbid.base.workers import Result
    from openbid.checks.system_claims import ClaimAnswer
    from openbid.checks.system_points import PointCheck
    from openbid.checks.verdicts import Verdict

    data = Store().get("system-z3", _z3_key(job))
    if data is None:
        return None
    got = loads(data, (PointCheck, ClaimAnswer, Verdict))
    if not (isinstance(got, tuple) and len(got) == 2 and
            all(isinstance(x, PointCheck) for x in got[0]) and
            all(isinstance(x, ClaimAnswer) for x in got[1])):
        return None
    return Result(job.z3_task, got, 0.0, 0.0)


def _z3_keep(job, result) -> None:
    from openbid.base.cache import Store, dumps as pack

    points, answers = result.value
    Store().put("system-z3", _z3_key(job), pack((list(points), list(answers))))


def _cross_check(out: SystemRun, rules: Rules, sa: SystemArgs, nodes: tuple, rlimit: int,
                 progress) -> None:
    """The Z3 node checks of every node (openbid.checks.nodes): their findings must be the
    census's (below ``sa.root``: those at its nodes), else a :class:`Disagreement`."""
    from openbid.systems.auction import system_of
    from openbid.checks.nodes import (MAX_NODES, NodeModel, build_tree, claims_by_node,
                                      node_findings)

    t0 = time.monotonic()
    model = NodeModel(system_of(rules))
    at = claims_by_node(nodes)
    tree = build_tree(model, lambda a: at.get(a, ()), rlimit, MAX_NODES, progress,
                      title=rules.title)
    z3 = node_findings(tree, model, nodes, rlimit)
    census = list(out.census_tree.findings) + out.census_tree.claim_findings()
    root = tuple(sa.root)
    if root:
        z3 = [f for f in z3 if f.node[:len(root)] == root and f.kind != "dead"]
        census = [f for f in census if f.kind != "dead"]
    differ = compare(census, z3)
    out.tree = tree
    out.cross_check = {"checks": "z3", "nodes": len(tree.nodes), "findings": len(z3),
                       "agree": not differ, "seconds": round(time.monotonic() - t0, 2)}
    out.seconds["cross-check"] = out.cross_check["seconds"]
    if differ:
        more = f" (and {len(differ) - 1} more)" if len(differ) > 1 else ""
        raise Disagreement(f"the Z3 node checks and the tree census disagree on "
                           f"{len(differ)} finding(s): {differ[0]}{more} (first: the census, "
                           "second: Z3)")


def _population(S) -> str:
    if S.given is not None:
        from openbid.expr import unparse

        return f"{OPENING}, the hands meeting {unparse(S.given)}"
    if S.fixed:
        fixed = ", ".join(f"{k} {v}" for k, v in S.fixed)
        return f"{OPENING}, fixed: {fixed}"
    return OPENING


def _opening_scope(context) -> str:
    fixed = ", ".join(f"{k}={v}" for k, v in sorted(dict(context).items()))
    return f"opening checks, fixed {fixed}" if fixed else WHOLE_OPENING


def _files(shown: str) -> str:
    """The claims files, by name (the same files give the same scope wherever the run is)."""
    names = [Path(p.strip()).name for p in shown.split(";") if p.strip()]
    return "claims " + ", ".join(names) if names else "claims (none)"


def _unit(S) -> str:
    return "hands" if len(S.contexts) == 1 else "hand-contexts"


def _seat_vul(context) -> tuple[int | None, str]:
    from openbid.bridge.notation import vul_word_of

    c = dict(context)
    vul = vul_word_of(c) if "VUL" in c or "THEYVUL" in c else ""
    seat = c.get("SEAT")
    return (int(seat) if seat is not None else None), vul  # type: ignore[arg-type]


def _witness(hand: str | None, context, outcome: str) -> Witness | None:
    if not hand:
        return None
    seat, vul = _seat_vul(context)
    call, _, point = (outcome or "").partition("@")
    return Witness(hand, vul, seat, call, point)


def _state(p) -> str:
    if p.state == "shadowed":
        return "shadowed by " + ", ".join(p.blockers) if p.blockers else "shadowed"
    return {"impossible": "its own condition holds on no hand",
            "unreachable": "control never arrives", "unknown": "undecided"}.get(p.state, p.state)


def point_findings(S, population: str = OPENING) -> list[Finding]:
    """The opening's points that bid no hand over a restricted population (``--where``,
    ``--seat``, ``--vul``) though some of its hands meet their condition: shadowed there (Z3's
    proof, the census agreeing). They may bid elsewhere: "dead" is a finding of the whole
    system, and a point whose condition no hand of the population meets is not a finding here
    (the opening's checks list it)."""
    out = []
    total = sum(c for f in S.frequencies for _, _, c in f.rows)
    for p in S.points:
        met = S.meets.get(p.label, 0)
        if S.bids.get(p.label, 0) or not met:
            continue
        out.append(Finding("shadowed", (), p.label, population, met, total, _unit(S),
                           _witness(p.witness, p.context, p.outcome),
                           f"its condition holds for {met:,} {_unit(S)}, none bid there "
                           f"({_state(p)}; Z3, the census agreeing)"))
    return out


def claim_findings(S, population: str = OPENING) -> list[Finding]:
    """The claims about the opening that do not hold as expected."""
    out = []
    for c in S.claims:
        kind = claim_kind(c.verdict.value, c.claim.expect)
        if kind is None:
            continue
        detail = c.claim.statement + {"expected-failure": ": fails, as the file expects",
                                      "unexpected-pass": ": holds, though the file expects it "
                                                         "to fail",
                                      "vacuous-claim": ": no hand meets its premise"}.get(kind, "")
        if c.claim.note:
            detail += f"; note: {c.claim.note}"
        out.append(Finding(kind, (), "", population, c.gap_hands, c.premise_hands, _unit(S),
                           _witness(c.witness, c.context, c.outcome), detail, claim=c.claim.id))
    return out


def _with_z3_reasons(findings: list[Finding], S) -> list[Finding]:
    """The dead points of the opening with Z3's reason (its proof over every seat)."""
    states = {p.label: p for p in S.points}
    out = []
    for f in findings:
        p = states.get(f.point)
        if f.kind == "dead" and p is not None and "/" not in f.point:
            f = replace(f, detail=f"{f.detail} (Z3: {_state(p)})")
        out.append(f)
    return out
