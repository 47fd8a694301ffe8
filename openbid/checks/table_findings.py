"""A system's findings at the table, group by group.

Thousands of findings (SAYC: about two thousand shadowed points at some node) fall into few
GROUPS: one rule and one kind (a shadowed point, wherever its block applies; a gap, by its
block; an illegal call, by its point and call; a failed claim, by its claim). A designer fixes a
rule, not a node, so the table work is budgeted per group (:class:`TableBudget`):

1. each finding's condition on the bidder's hand (:func:`condition`: the hands in the gap, the
   hands meeting a shadowed point's guard, those making the illegal call, those contradicting
   the claim) is written out at its node;
2. the group's nodes are asked in the order of their share in isolation, the largest first, by
   :func:`openbid.checks.table.at_table` (Z3 over the four hands, then deals dealt around the
   bidder): until one is reached by a deal (the group is AT THE TABLE: the deal, re-bid by the
   executor, and the probability that a random deal reaches that node so, a lower bound of the
   group's), or ``nodes`` of them have been asked. A group every one of whose nodes is proved
   out of reach is IN ISOLATION ONLY; otherwise it is UNDECIDED within the budget;
3. groups are ranked by that probability, the largest first.

Groups run in the process pool (``OPENBID_JOBS``). Overlaps are by design in a first-wins block
and get no table work; nor do claims that hold or fail as expected. Returns data; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from openbid.expr.ast import Expr, Not, conj
from openbid.systems.auction import System, chooses_expr, point_expr
from openbid.systems.rules.meets import meets_expr
from openbid.checks import table as T
from openbid.checks.verdicts import DEFAULT_RLIMIT

TABLE_KINDS = ("gap", "illegal-call", "shadowed", "dead", "failed-claim")


@dataclass(frozen=True)
class TableBudget:
    """The table work of one run, deterministic: per group at most ``nodes`` nodes asked; per
    node Z3's ``rlimit`` and ``deals`` dealt (``seed``)."""

    nodes: int = 8
    deals: int = 1000
    rlimit: int = DEFAULT_RLIMIT
    seed: int = 1

    def per_node(self) -> T.Budget:
        return T.Budget(rlimit=self.rlimit, deals=self.deals, seed=self.seed)


def label_of(point: str) -> str:
    """A bid point's label: ``1NT P/stayman`` -> ``stayman``; an opening label as it is."""
    return point.rsplit("/", 1)[-1]


def rule_of(system: System, f: Any) -> str:
    """What a finding's group is named by: the block of a gap, the point (and call) of an
    illegal call, the point of a shadowed or dead point or an overlap, the claim's id."""
    if f.kind == "gap":
        name = system.node(f.node).name
        return f'block "{name}"' if name else "the opening"
    if f.kind in ("failed-claim", "vacuous-claim", "expected-failure", "unexpected-pass"):
        return f"claim {f.claim}"
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
    node = system.node(node_of(f))
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
        if lb not in rules.labels:
            return None
        return meets_expr(rules, lb), rules.parse(f'meets("{lb}")', want="bool")
    claim = (claims or {}).get(f.claim)
    if claim is None:
        return None
    cond = conj(claim.premise, Not(claim.conclusion))
    return cond, cond


@dataclass
class Group:
    """One rule and one kind: its findings, the tables asked (per finding index), and the
    verdict."""

    kind: str
    rule: str
    findings: list = field(default_factory=list)
    tables: dict[int, T.Table] = field(default_factory=dict)  # index into findings -> table
    asked: int = 0

    @property
    def nodes(self) -> int:
        return len({tuple(f.node) for f in self.findings})

    @property
    def reached(self) -> T.Table | None:
        """The table of the first node a deal reaches (None: none found)."""
        return next((t for t in self.tables.values() if t.at_table), None)

    @property
    def at_table(self) -> bool | None:
        if self.reached is not None:
            return True
        if self.tables and len(self.tables) == len(self.findings) and \
                all(t.at_table is False for t in self.tables.values()):
            return False
        return None

    @property
    def probability(self) -> float:
        """The probability of the node shown (a lower bound of the group's), 0 when none."""
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
         progress: Callable[[int, int], None] | None = None) -> list[Group]:
    """The groups of ``findings``, ranked (at the table by probability, the largest first; then
    undecided; then in isolation only), each with its tables asked within ``budget`` (groups
    in the process pool, ``OPENBID_JOBS``)."""
    from openbid.base.workers import map_chunks

    groups = groups_of(system, findings)
    work = []
    for g in groups:
        items = []
        if g.kind in TABLE_KINDS:
            for j, f in enumerate(g.findings):
                got = condition(system, f, claims)
                if got is None:
                    continue
                node = node_of(f)
                word = (getattr(f.witness, "vul", "") or "none") if f.witness else "none"
                vul = T.deal_vul(T.seat_at("N", len(node)), word)
                items.append((j, node, got[0], got[1], vul, f.count / f.of if f.of else None))
        work.append(items)
    todo = [i for i, w in enumerate(work) if w]
    results = map_chunks(_ask_indexed, (system, work, budget, todo), len(todo), progress,
                         lambda r: 1, len(todo))
    for n, (tables, asked) in enumerate(results):
        g = groups[todo[n]]
        g.tables, g.asked = tables, asked
    _dead_from_shadowed(groups)
    return rank(groups)


def _dead_from_shadowed(groups: list[Group]) -> None:
    """A dead point is at the table where its guard is: a deal that reaches a node of its block
    with the bidder's hand meeting the guard (its shadowed group's deal) stands for it."""
    shadowed = {g.rule: g for g in groups if g.kind == "shadowed"}
    for g in groups:
        other = shadowed.get(g.rule)
        if g.kind == "dead" and other is not None and other.reached is not None \
                and g.reached is None and g.findings:
            g.tables = {0: other.reached}


def _ask_indexed(arg: tuple, n: int) -> tuple[dict[int, T.Table], int]:
    system, work, budget, todo = arg
    return _ask_group((system, work, budget), todo[n])


def rank(groups: list[Group]) -> list[Group]:
    """At the table first (by probability, the largest first), then undecided, then the kinds
    without table work, then in isolation only."""
    def key(g: Group) -> tuple:
        at = g.at_table
        order = 0 if at else (1 if at is None and g.kind in TABLE_KINDS else
                              (2 if at is None else 3))
        return (order, -g.probability, -len(g.findings), g.kind, g.rule)

    return sorted(groups, key=key)
