"""A system's findings at the table, group by group.

Thousands of findings (SAYC: about two thousand shadowed points at some node) fall into few
GROUPS: one rule and one kind (a shadowed point, wherever its block applies; a gap, by its
block; an illegal call, by its point and call; a failed claim, by its claim). A designer fixes a
rule, not a node, so the table work is done per group, within a deterministic budget
(:class:`TableBudget`):

1. each finding's condition on the bidder's hand (:func:`condition`: the hands in the gap, the
   hands meeting a shadowed point's guard, those making the illegal call, those contradicting
   the claim) is written out at its node;
2. SIMULATION: ``deals`` seeded deals (dealer N, none vulnerable) are bid through the whole
   system by the vectorised bidder (:mod:`openbid.sim`); at each finding's node, the bidders'
   hands of the deals that reach it are read (the groups in shares, in the process pool). A
   group some deal reaches is AT THE TABLE: the deal shown is the first such (re-bid by the
   executor), and the group's probability, the share of deals reaching any of its nodes with
   the bidder's hand in the finding, is an
   ESTIMATE with its 95% interval (each finding's own too; exact instead where at most two
   hands are constrained and the census or the two-hand generating functions count it);
3. a group no simulated deal reaches (rare, or impossible) has its nodes asked, the largest
   share in isolation first, by :func:`openbid.checks.table.at_table` (deals dealt around the
   rarest hand, then Z3 over the four hands): until a deal reaches one (AT THE TABLE; its
   probability a lower bound of the group's) or ``nodes`` of them have been asked. A group
   every one of whose nodes is proved out of reach is IN ISOLATION ONLY; otherwise it is
   UNDECIDED within the budget. These groups run in the process pool (``OPENBID_JOBS``);
4. groups are ranked by probability, the largest first.

Overlaps are by design in a first-wins block and get no table work; nor do claims that hold or
fail as expected. Returns data; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import numpy as np

from openbid.expr.ast import TRUE, Expr, Not, conj
from openbid.systems.auction import System, chooses_expr, point_expr
from openbid.systems.rules.meets import meets_expr
from openbid.checks import table as T
from openbid.checks.verdicts import DEFAULT_RLIMIT

TABLE_KINDS = ("gap", "illegal-call", "shadowed", "dead", "failed-claim")


@dataclass(frozen=True)
class TableBudget:
    """The table work of one run, deterministic: ``deals`` simulated (``seed``); per group the
    simulation misses, at most ``nodes`` nodes asked, each with Z3's ``rlimit`` and
    ``node_deals`` dealt around its rarest hand."""

    deals: int = 200_000
    nodes: int = 8
    node_deals: int = 1000
    rlimit: int = DEFAULT_RLIMIT
    seed: int = 1

    def per_node(self) -> T.Budget:
        return T.Budget(rlimit=self.rlimit, deals=self.node_deals, seed=self.seed)


def label_of(point: str) -> str:
    """A bid point's label: ``1NT P/stayman`` -> ``stayman``; an opening label as it is."""
    return point.rsplit("/", 1)[-1]


def block_of(point: str) -> str:
    """A bid point's block: ``1NT P/stayman`` -> ``1NT P``; an opening label -> ''."""
    return point.rsplit("/", 1)[0] if "/" in point else ""


def rule_of(system: System, f: Any) -> str:
    """What a finding's group is named by: the block of a gap, the point (and call) of an
    illegal call, the point of a shadowed or dead point or an overlap, the claim's id."""
    if f.kind == "gap":
        name = system.node(f.node).name
        return f'block "{name}"' if name else "the opening"
    if f.kind in ("failed-claim", "vacuous-claim", "expected-failure", "unexpected-pass"):
        return f.claim
    if f.kind == "illegal-call":
        return f"{f.point} calling {f.subject}"
    if f.kind == "overlap":
        return f"{f.point} under {f.subject}"
    return f.point


def node_of(f: Any) -> tuple[str, ...]:
    """Where a finding happens at a table: its node, or for a finding about the opening in every
    seat, the opening in its witness's seat (the passes before it)."""
    node = tuple(f.node)
    if not node and f.witness is not None and getattr(f.witness, "seat", None):
        return ("PASS",) * (int(f.witness.seat) - 1)
    return node


def condition(system: System, f: Any, claims: dict | None = None) -> tuple[Expr, Expr] | None:
    """The finding's condition on the bidder's hand at its node: (written out in descriptors
    for the readers, as the executor re-checks it), or None for a kind without table work."""
    return _condition(system.node(node_of(f)), f, claims)


def _conditions(system: System, claims: dict | None) -> Callable[[Any], Any]:
    """:func:`condition`, each made once for the findings alike at nodes whose rules are one
    table (the same kind, point and subject or claim: a block's gap at many nodes, say)."""
    made: dict[tuple, tuple] = {}

    def of(f: Any) -> tuple[Expr, Expr] | None:
        node = system.node(node_of(f))
        key = (id(node.rules), node.name, f.kind, f.point, f.subject, f.claim)
        got = made.get(key)
        if got is None:  # (the table kept with it: its id stays unique)
            got = made[key] = (node.rules, _condition(node, f, claims))
        return got[1]

    return of


def _condition(node: Any, f: Any, claims: dict | None) -> tuple[Expr, Expr] | None:
    rules = node.rules
    if rules is None or f.kind not in TABLE_KINDS:
        return None
    if f.kind == "gap":
        lb = rules.pass_label
        return point_expr(rules, lb), rules.parse(f'section = "{lb}"', want="bool")
    if f.kind == "illegal-call":
        return chooses_expr(rules, f.subject), rules.parse(f'bid = "{f.subject}"', want="bool")
    if f.kind in ("shadowed", "dead"):
        lb = label_of(f.point)
        if lb not in rules.labels or block_of(f.point) != node.name:
            return None  # a dead point whose block applies at no node (its node: the opening)
        return meets_expr(rules, lb), rules.parse(f'meets("{lb}")', want="bool")
    claim = (claims or {}).get(f.claim)
    if claim is None:
        return None
    cond = conj(claim.premise, Not(claim.conclusion))
    return cond, cond


@dataclass
class Group:
    """One rule and one kind: its findings, the tables found (per finding index), and the
    verdict. ``hits``: the simulated deals that reach one of its nodes with the bidder's hand in
    the finding (of ``simulated``)."""

    kind: str
    rule: str
    findings: list = field(default_factory=list)
    tables: dict[int, T.Table] = field(default_factory=dict)  # index into findings -> table
    asked: int = 0  # nodes asked one by one (the simulation missed the group)
    hits: int = 0
    simulated: int = 0

    @property
    def nodes(self) -> int:
        return len({tuple(f.node) for f in self.findings})

    @property
    def reached(self) -> T.Table | None:
        """The table shown: the node most simulated deals reach, else the first node asked that
        a deal reaches (None: none found)."""
        found = [t for t in self.tables.values() if t.at_table]
        if not found:
            return None
        return max(found, key=lambda t: t.probability.value)

    @property
    def nowhere(self) -> bool:
        """A dead point whose block applies at no node a hand reaches (dead in the whole
        system)."""
        return any(t.nowhere for t in self.tables.values())

    @property
    def at_table(self) -> bool | None:
        if self.reached is not None:
            return True
        if self.tables and len(self.tables) == len(self.findings) and \
                all(t.at_table is False for t in self.tables.values()):
            return False
        return None

    @property
    def share(self) -> T.Probability | None:
        """The group's probability from the simulation (an ESTIMATE), when it reached it."""
        if not self.hits:
            return None
        from openbid.base.stats import wilson

        lo, hi = wilson(self.hits, self.simulated)
        return T.Probability(self.hits / self.simulated, False, lo, hi,
                             f"ESTIMATE: {self.hits:,} of {self.simulated:,} simulated deals",
                             self.hits, self.simulated)

    @property
    def probability(self) -> float:
        """The group's probability (the simulation's estimate, else the node shown's: a lower
        bound), 0 when no deal reaches it."""
        got = self.share
        if got is not None:
            return got.value
        t = self.reached
        return t.probability.value if t is not None else 0.0


def groups_of(system: System, findings: Iterable[Any]) -> list[Group]:
    """The findings by (kind, rule), each group's findings by share in isolation, the largest
    first."""
    out: dict[tuple[str, str], Group] = {}
    for f in findings:
        key = (f.kind, rule_of(system, f))
        out.setdefault(key, Group(*key)).findings.append(f)
    for g in out.values():
        g.findings.sort(key=lambda f: (-(f.count / f.of if f.of else 0), tuple(f.node)))
    return list(out.values())


def _ask_group(arg: tuple, i: int) -> tuple[dict[int, T.Table], int]:
    """The table work of group ``i`` (a pool task): its nodes asked in order until a deal
    reaches one or the budget is spent."""
    system, work, budget = arg
    asked = 0
    out: dict[int, T.Table] = {}
    for j, node, cond, check, vul, share in work[i][:budget.nodes]:
        asked += 1
        t = T.at_table(system, node, cond, check=check, dealer="N", vul=vul,
                       budget=budget.per_node(), share=share)
        out[j] = t
        if t.at_table:
            break
    return out, asked


def fill(system: System, findings: list, claims: dict | None = None,
         budget: TableBudget = TableBudget(),
         progress: Callable[[int, int], None] | None = None,
         simulation: "Callable[[], Simulation] | None" = None) -> list[Group]:
    """The groups of ``findings``, ranked (at the table by probability, the largest first; then
    undecided; then in isolation only), each with its tables found within ``budget``.
    ``simulation``: gives the budget's simulated deals, bid elsewhere (None: bid here)."""
    from openbid.base.workers import jobs, map_chunks

    groups = groups_of(system, findings)
    work = []
    condition_of = _conditions(system, claims)
    for g in groups:
        items = []
        if g.kind in TABLE_KINDS:
            for j, f in enumerate(g.findings):
                got = condition_of(f)
                if got is None:
                    continue
                node = node_of(f)
                word = (getattr(f.witness, "vul", "") or "none") if f.witness else "none"
                vul = T.deal_vul(T.seat_at("N", len(node)), word)
                items.append((j, node, got[0], got[1], vul, f.count / f.of if f.of else None))
        work.append(items)
    if budget.deals and any(work):
        sim = simulation() if simulation is not None else \
            Simulation(system, budget.deals, budget.seed)
        if (sim.n, sim.seed) != (budget.deals, budget.seed):
            raise AssertionError("the simulation given is not the budget's")
        for g in groups:
            g.simulated = sim.n
        # (the groups read in shares, one at a time per worker of the pool)
        shares = _shares([len(w) for w in work], jobs())
        for share in map_chunks(_simulated_share, (system, sim, work, budget, shares),
                                len(shares)):
            for i, (tables, hits, asked) in share.items():
                groups[i].tables, groups[i].hits, groups[i].asked = tables, hits, asked
        return _ranked(system, groups)
    todo = [i for i, w in enumerate(work) if w]
    results = map_chunks(_ask_indexed, (system, work, budget, todo), len(todo), progress,
                         lambda r: 1, len(todo))
    for n, (tables, asked) in enumerate(results):
        g = groups[todo[n]]
        g.tables, g.asked = tables, asked
    return _ranked(system, groups)


def _ranked(system: System, groups: list[Group]) -> list[Group]:
    _dead_from_shadowed(system, groups)
    return rank(groups)


SIM_VUL = "none"  # the simulated deals' vulnerability (dealer N)
EXECUTED = 8  # a node's simulated bidder hands read by the executor below this many (else numpy,
# whose tables over suit states every question's pass shares)


class Simulation:
    """``deals`` seeded deals (dealer N, none vulnerable) bid through the whole system by the
    vectorised bidder (:mod:`openbid.sim`), and which deals reach each node."""

    def __init__(self, system: System, deals: int, seed: int,
                 bid: "tuple[np.ndarray, list, np.ndarray, np.ndarray] | None" = None) -> None:
        """``bid``: :func:`bid_deals` of the same system, deals and seed, made elsewhere (None:
        bid here)."""
        self.system, self.n, self.seed = system, deals, seed
        self.deals, auctions, parent, finals = bid if bid is not None else \
            bid_deals((system.rules, deals, seed))
        self.ids = {a: k for k, a in enumerate(auctions)}
        depth = np.array([len(a) for a in auctions], dtype=np.int64)
        self._at: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        anc = finals.astype(np.int64)
        for d in range(int(depth.max()), -1, -1):  # each deal's node at depth d (or -1)
            here = np.where(depth[anc] == d, anc, -1)
            order = np.argsort(here, kind="stable")
            self._at[d] = (order, here[order])
            anc = np.where(depth[anc] == d, parent[anc], anc)

    def reaching(self, auction: tuple[str, ...]) -> np.ndarray:
        """The deals (indices, ascending) that reach ``auction``."""
        k = self.ids.get(tuple(auction))
        if k is None or len(auction) not in self._at:
            return np.zeros(0, dtype=np.int64)
        order, keys = self._at[len(auction)]
        lo, hi = np.searchsorted(keys, k), np.searchsorted(keys, k, side="right")
        return np.sort(order[lo:hi])

    def hands(self, rows: np.ndarray, seat: str) -> np.ndarray:
        return self.deals[rows, "NESW".index(seat)].astype(np.int64)

    def deal(self, row: int) -> dict:
        return {s: T.hand_of(self.deals[row, i]) for i, s in enumerate("NESW")}


def bid_deals(arg: tuple) -> tuple[np.ndarray, list, np.ndarray, np.ndarray]:
    """``deals`` seeded deals of ``seed`` (``arg``: the system's rules, deals, seed) bid
    through the whole system: the deals, every node reached (its auction), each node's parent,
    and each deal's last node."""
    from openbid.sim.bidder import bidder_for
    from openbid.sim.deals import deals as dealt

    rules, deals, seed = arg
    hands = dealt(seed, 0, deals)
    b = bidder_for(rules, illegal="stop")  # an illegal call: a finding, not an error
    finals = b.bid(hands, 0, 0)
    return hands, list(b.auctions), b.parents(), finals


def _shares(sizes: list[int], n: int) -> list[list[int]]:
    """The groups (by their number of findings, ``sizes``) in about ``4 n`` shares of about
    equal findings, consecutive."""
    total = sum(sizes)
    k = max(1, min(4 * n, total))
    out: list[list[int]] = [[]]
    done = 0
    for i, s in enumerate(sizes):
        if s and done >= total * len(out) / k and out[-1]:
            out.append([])
        if s:
            out[-1].append(i)
        done += s
    return [s for s in out if s]


def _simulated_share(arg: tuple, i: int) -> dict[int, tuple[dict, int, int]]:
    """:func:`_simulated` of one share of the groups: each group's tables, hits and nodes
    asked (a group the simulation misses has its nodes asked one by one, :func:`_ask_group`,
    in the same task: no second round of the pool waits for the simulation's last share)."""
    system, sim, work, budget, shares = arg
    out: dict[int, tuple[dict, int, int]] = {}
    for k in shares[i]:
        tables, hits = _simulated(system, sim, work[k], budget)
        asked = 0
        if work[k] and not hits:
            tables, asked = _ask_group((system, work, budget), k)
        out[k] = (_with_made(system, tables), hits, asked)
    return out


def _simulated(system: System, sim: Simulation, items: list,
               budget: TableBudget) -> tuple[dict[int, T.Table], int]:
    """A group's findings (``items``) read on the simulated deals that reach their nodes: per
    finding with a deal, its table; and the group's hits."""
    from openbid.base.stats import wilson
    from openbid.systems.evaluate import holds

    tables: dict[int, T.Table] = {}
    seen: set[int] = set()
    for j, node, cond, check, _, _ in items:
        rows = sim.reaching(node)
        if not len(rows):
            continue
        seat = T.seat_at("N", len(node))
        rules = system.node(node).rules
        assert rules is not None
        ctx = T.context("N", SIM_VUL, seat)
        hands = sim.hands(rows, seat)
        if len(rows) < EXECUTED:
            hit = np.array([holds(check, T.hand_of(h), rules, T.ctx_tuple(ctx)) for h in hands],
                           dtype=bool)
        else:
            hit = T.read_cond(rules, hands, T.fixed(cond, ctx), ctx)
        rows = rows[hit]
        if not len(rows):
            continue
        seen.update(rows.tolist())
        deal = sim.deal(int(rows[0]))
        T.confirm(system, node, "N", SIM_VUL, deal, check, "the simulation's")
        k = len(rows)
        lo, hi = wilson(k, sim.n)
        p = _exact(system, node, cond, budget) or T.Probability(
            k / sim.n, False, lo, hi, f"ESTIMATE: {k:,} of {sim.n:,} simulated deals (seed "
            f"{sim.seed})", k, sim.n)
        tables[j] = T.Table(True, deal, tuple(node), "N", SIM_VUL, p,
                            "a deal of the simulation, re-bid by the executor")
    return tables, len(seen)


def _exact(system: System, node: tuple[str, ...], cond: Expr,
           budget: TableBudget) -> T.Probability | None:
    """The finding's exact probability (dealer N, none vulnerable) when at most two hands are
    constrained and the census or the two-hand generating functions count it; else None."""
    bidder = T.seat_at("N", len(node))
    if len(set(T.constrained(system, node, "N")) | {bidder}) > 2:
        return None
    conds = T.seat_conditions(system, node, "N", SIM_VUL)
    ctx = T.context("N", SIM_VUL, bidder)
    conds[bidder] = conj(conds[bidder], T.fixed(cond, ctx))
    constrained = [s for s in T.SEATS if conds[s] != TRUE]
    rules = system.node(node).rules
    if constrained == [bidder]:
        return T.Probability.exactly(T.count_one(rules, conds[bidder], ctx), T.TOTAL_HANDS,
                                     "exact: the census of the bidder's hand")
    if len(constrained) == 2:
        n2 = T.count_two(rules, conds, T.Budget(rlimit=budget.rlimit).states)
        if n2 is not None:
            return T.Probability.exactly(n2, T.TOTAL_DEALS, "exact: two-hand generating "
                                         "functions")
    return None


def _dead_from_shadowed(system: System, groups: list[Group]) -> None:
    """A dead point is at the table where its guard is: a deal that reaches a node of its block
    with the bidder's hand meeting the guard (its shadowed group's deal) stands for it. A dead
    point whose block applies at no node a hand reaches (the census's) has no deal either."""
    shadowed = {g.rule: g for g in groups if g.kind == "shadowed"}
    for g in groups:
        if g.kind != "dead" or not g.findings or g.reached is not None:
            continue
        other = shadowed.get(g.rule)
        f = g.findings[0]
        if other is not None and other.reached is not None:
            g.tables = {0: other.reached}
        elif block_of(f.point) != system.node(node_of(f)).name:
            g.tables = {0: T.Table(False, None, tuple(node_of(f)), "N", SIM_VUL,
                                   T.Probability.exactly(0, 1, "exact: no node of its block "
                                                         "has a hand (the census)"),
                                   "its block applies at no node a hand reaches (the tree "
                                   "census), so no deal reaches it", nowhere=True)}


def _ask_indexed(arg: tuple, n: int) -> tuple[dict[int, T.Table], int]:
    system, work, budget, todo = arg
    tables, asked = _ask_group((system, work, budget), todo[n])
    return _with_made(system, tables), asked


def rank(groups: list[Group]) -> list[Group]:
    """At the table first (by probability, the largest first), then undecided, then the kinds
    without table work, then in isolation only."""
    def key(g: Group) -> tuple:
        at = g.at_table
        order = 0 if at else (1 if at is None and g.kind in TABLE_KINDS else
                              (2 if at is None else 3))
        return (order, -g.probability, -len(g.findings), g.kind, g.rule)

    return sorted(groups, key=key)


def view_of(t: T.Table) -> Any:
    """A table as the findings type holds it (openbid.checks.findings.TableView)."""
    from openbid.checks.findings import TableView

    p = t.probability
    return TableView(t.at_table, t.deal_text(), t.dealer, p.value, p.interval, t.auction, t.vul,
                     p.exact, p.method, t.how, t.nowhere)


def with_tables(system: System, findings: list, groups: list[Group]) -> list:
    """``findings`` with each table found put in its ``table``, and the witness of a finding a
    deal reaches at its own node replaced by the bidder's hand of that deal (re-run by the
    executor: a hand that fits the whole auction, not a solver's extreme one)."""
    from dataclasses import replace

    found: dict[int, Any] = {}
    for g in groups:
        for j, t in g.tables.items():
            f = g.findings[j]
            view = view_of(t)
            if t.at_table and t.deal is not None and tuple(t.auction) == node_of(f) \
                    and f.witness is not None:
                found[id(f)] = replace(f, table=view, witness=_witness(system, f, t))
            else:
                found[id(f)] = replace(f, table=view)
    return [found.get(id(f), f) for f in findings]


def _witness(system: System, f: Any, t: T.Table) -> Any:
    """The bidder's hand of the table's deal as the finding's witness: what the executor calls
    with it at the node, and at which bid point."""
    from dataclasses import replace

    seat = T.seat_at(t.dealer, len(t.auction))
    assert t.deal is not None
    call, point = t.made if t.made is not None else _made(system, t)
    return replace(f.witness, hand=t.deal[seat].to_pbn(), vul=T.seat_vul(t.vul, seat),
                   call=call, point=point)


def _made(system: System, t: T.Table) -> tuple[str, str]:
    """What the executor calls with the bidder's hand of the table's deal at its node, and at
    which bid point ("": the pass)."""
    from openbid.systems.procedure import program_for

    node = system.node(t.auction)
    assert node.rules is not None and t.deal is not None
    seat = T.seat_at(t.dealer, len(t.auction))
    program = program_for(node.rules)
    ctx = T.ctx_tuple({k: v for k, v in T.context(t.dealer, t.vul, seat).items() if k != "SEAT"})
    outcome, _ = program.trace(program.describe(t.deal[seat], ctx))
    point = "" if outcome.section == node.rules.pass_label else node.point(outcome.section)
    return outcome.bid, point


def _with_made(system: System, tables: dict[int, T.Table]) -> dict[int, T.Table]:
    """The tables whose deals reach their nodes, each with what its bidder's hand calls there
    (found in the pool's process that found the deal, not in the command's after it)."""
    from dataclasses import replace

    return {j: replace(t, made=_made(system, t)) if t.at_table and t.deal is not None else t
            for j, t in tables.items()}
