"""The Python API: openbid from a notebook or a script (docs/API.md).

A thin layer over the engine: every function here calls the same engine functions as the command
of the same name (``openbid bid --auction``, ``auction``, ``explain``, ``prove``, ``simulate``,
``count``, ``find``, ``score``) and returns a frozen dataclass, never printed text. Hands and
deals are read as the command line reads them (:mod:`openbid.bridge.notation`), or given as
openbid objects (:class:`~openbid.bridge.hand.Hand`); bad input raises
:class:`~openbid.base.errors.OpenbidError` (or a subclass) with the command line's message.

Engine modules are imported inside the functions, so ``import openbid`` stays fast.

May import: the engine (openbid.base, bridge, hands, expr, systems, readers, formats, dd, sim,
checks). The studies, the report and the command line are above it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Union

if TYPE_CHECKING:  # the engine's types, for the signatures only (imported lazily at run time)
    from openbid.bridge.deals import DealtBoard
    from openbid.bridge.hand import Hand
    from openbid.bridge.scoring import Score
    from openbid.checks.explain import Explained
    from openbid.checks.findings import Finding, Policy
    from openbid.checks.planner import Count
    from openbid.expr.ast import Expr
    from openbid.formats.board import Board
    from openbid.sim.tally import Summary
    from openbid.systems.auction import DealAuction
    from openbid.systems.auction import System as Engine
    from openbid.systems.rules.model import Rules

__all__ = [
    "load_system", "System", "Call", "CheckReport", "Counts", "CountRow", "Simulation", "Found",
    "FoundHand", "count", "find", "score",
]

HandLike = Union[str, "Hand"]
DealLike = Union[str, Mapping[str, Union[str, "Hand"]]]
AuctionLike = Union[str, Sequence[str]]

SEATS = "NESW"


# -- results -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Call:
    """The call a system makes with a hand at a point of the auction (:meth:`System.call`).

    ``hand`` (PBN), ``auction`` (the calls before it, from the dealer), ``seat`` (1 the dealer
    ... 4), ``call`` (``PASS``, ``X``, ``XX``, ``1C`` ... ``7NT``), ``rule`` (the bid point that
    chose it: ``PATTERN/LABEL`` in an auction block, the label at the opening, ``""`` for a pass
    by falling through), ``block`` (the auction block's pattern, ``""`` the opening, None
    off-system), ``off_system`` (no block of the system matches the auction: the player passes)
    and ``vul`` (the vulnerability from the bidder's side, none/we/they/both; None when not
    given)."""

    hand: str
    auction: tuple[str, ...]
    seat: int
    call: str
    rule: str
    block: str | None
    off_system: bool
    vul: str | None


@dataclass(frozen=True)
class CheckReport:
    """Every finding of a system's checks (:meth:`System.check`, the same findings as ``openbid
    prove --rules FILE``) and the policy that decides whether they fail the run.

    ``findings``: :class:`~openbid.checks.findings.Finding`, one type for every check;
    ``policy``: :class:`~openbid.checks.findings.Policy` (the finding kinds that fail);
    ``scopes``: what each group of verdicts was computed by and over."""

    system: str
    findings: tuple[Finding, ...]
    policy: Policy
    scopes: tuple[tuple[str, str], ...] = ()

    @property
    def failing(self) -> tuple[Finding, ...]:
        """The findings that fail the run: of a failing kind, and not shown to happen in
        isolation only."""
        return tuple(self.policy.failing(self.findings))

    @property
    def ok(self) -> bool:
        """No finding fails the run."""
        return not self.failing

    @property
    def exit_status(self) -> int:
        """What ``openbid prove`` exits with for these findings: 0, or 1 when one fails (a
        change against a recorded expectation is the command's own, not checked here)."""
        return 1 if self.failing else 0

    def by_kind(self) -> dict[str, int]:
        """The number of findings of each kind present."""
        out: dict[str, int] = {}
        for f in self.findings:
            out[f.kind] = out.get(f.kind, 0) + 1
        return out


@dataclass(frozen=True)
class Simulation:
    """A system bid over seeded random deals (:meth:`System.simulate`, ``openbid simulate``):
    the settings and the ``summary`` (:class:`~openbid.sim.tally.Summary`: every node reached
    with its calls, each share an ESTIMATE with a 95% interval, and the coverage report)."""

    system: str
    deals: int
    seed: int
    dealer: str
    vul: str
    summary: Summary

    def share(self, auction: str) -> float:
        """The share of the deals whose auction begins with ``auction`` (``"1NT P 2C"``; ``""``
        all of them); 0.0 when no deal reaches it."""
        from openbid.systems.auction import parse_auction

        key = " ".join(parse_auction(auction))
        for node in self.summary.nodes:
            if node.auction == key:
                return node.reached.value
        return 0.0


@dataclass(frozen=True)
class CountRow:
    """One group of a :class:`Counts`: ``key`` (the value of each BY: a bid, a section's label,
    a number, ``True``/``False`` for a condition, a pattern such as ``"4333"``), the exact
    ``count`` of hands, the hand ``classes`` counted, and an ``example`` hand (PBN)."""

    key: tuple[object, ...]
    count: int
    classes: int
    example: str


@dataclass(frozen=True)
class Counts:
    """The exact census of a system's hands grouped by ``by`` (:meth:`System.count`, ``openbid
    count --by``), among all hands or those meeting ``where``, in one ``context`` of the deal
    (the facts fixed, e.g. ``(("SEAT", 1), ("VUL", False), ("THEYVUL", False))``; empty when the
    rules read none): ``rows`` in the command's order and ``total`` hands counted."""

    system: str
    by: tuple[str, ...]
    where: str | None
    context: tuple[tuple[str, object], ...]
    rows: tuple[CountRow, ...]
    total: int

    def share(self, *key: object) -> float:
        """The share of the counted hands in the group ``key`` (0.0 when there is none)."""
        for row in self.rows:
            if row.key == key:
                return row.count / self.total
        return 0.0


@dataclass(frozen=True)
class FoundHand:
    """One hand found (:func:`find`), re-run through the executor: the hand (PBN), the call the
    rules make with it and at which bid point, and the facts of the deal it was found under
    (``(("SEAT", 3), ("VUL", False), ...)``; empty when the rules read none)."""

    hand: str
    call: str
    point: str
    context: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Found:
    """The hands (or, for a condition over seats, the deals) meeting a condition (:func:`find`).

    ``status``: ``sat`` (some found), ``unsat`` (proved none exists) or ``unknown`` (the solver
    gave up: neither); ``hands``: :class:`FoundHand`; ``deals``: PBN deals (``N:h h h h``);
    ``method``: how they were found (``z3``, ``sample``, ``census``, ...)."""

    expr: str
    status: str
    hands: tuple[FoundHand, ...] = ()
    deals: tuple[str, ...] = ()
    method: str = ""
    reason: str = ""


# -- a system ------------------------------------------------------------------------------------
class System:
    """A bidding system: a shipped variant or a rule file (:func:`load_system`)."""

    def __init__(self, engine: Engine, rules: Rules | None = None) -> None:
        self._engine = engine
        # the rules as loaded (the engine's System is shared by equal rules, which may have
        # been read from another path: its title would name that one)
        self._rules = rules if rules is not None else engine.rules

    def __repr__(self) -> str:
        return f"<openbid.System {self.name!r}>"

    @property
    def name(self) -> str:
        """The variant's name, or the rule file's ``name`` line."""
        return self._rules.name

    @property
    def title(self) -> str:
        """How reports name the system (a rule file's path with its name)."""
        return self._rules.title

    @property
    def rules(self) -> Rules:
        """The rules (:class:`openbid.systems.rules.model.Rules`)."""
        return self._rules

    def call(self, hand: HandLike, auction: AuctionLike = "", *, seat: int | None = None,
             dealer: str | None = None, vul: str | None = None) -> Call:
        """The call the system makes with ``hand`` after ``auction`` (calls from the dealer;
        ``""`` for the dealer's call), as ``openbid bid --auction``.

        ``seat`` (1-4): the opening in that seat (the passes before it are the auction); not
        with an auction. ``vul``: without ``dealer``, from the bidder's side (none, we, they,
        both); with ``dealer`` (N, E, S, W), the deal's (none, NS, EW, both). None: not given (a
        rule that reads it on this hand's way is an error that says so)."""
        from openbid.base.errors import MissingFact, OpenbidError
        from openbid.systems.auction import parse_auction

        h = _hand(hand)
        calls = _auction(auction)
        if seat is not None:
            if calls:
                raise OpenbidError("seat cannot be given with an auction: the seat follows "
                                   "from the auction (the dealer calls first)")
            if isinstance(seat, bool) or seat not in (1, 2, 3, 4):
                raise OpenbidError(f"seat must be 1, 2, 3 or 4, not {seat!r}")
            calls = ("PASS",) * (seat - 1)
        calls = parse_auction(" ".join(calls))
        side = _side_vul(vul, dealer, len(calls))
        try:
            choice = self._engine.call(calls, h, side)
        except MissingFact as exc:
            raise OpenbidError(f"{h.to_pbn()}: {_missing(exc.name)}") from None
        return Call(h.to_pbn(), calls, len(calls) % 4 + 1, choice.call, choice.label,
                    choice.block, choice.off_system, side)

    def bid_deal(self, deal: DealLike | Board | DealtBoard, *, dealer: str | None = None,
                 vul: str | None = None) -> DealAuction:
        """A deal bid from ``dealer`` until the auction ends, as ``openbid auction``: the
        auction, the choice behind each call, the contract and the declarer
        (:class:`openbid.systems.auction.DealAuction`). ``deal``: PBN (``"N:h h h h"``, any
        first seat), the four hands by seat, or a board read from a file
        (:class:`openbid.formats.board.Board`, :class:`openbid.bridge.deals.DealtBoard`), whose
        dealer and vulnerability are the defaults; ``vul``: none, NS, EW or both (default
        none, and dealer N)."""
        from openbid.bridge.deals import DealtBoard
        from openbid.formats.board import Board

        if isinstance(deal, (Board, DealtBoard)):
            if isinstance(deal, Board) and not deal.whole:
                from openbid.base.errors import OpenbidError

                raise OpenbidError(f"{deal.where}: not every hand is given: a deal needs all "
                                   "four")
            dealer = dealer or deal.dealer
            vul = vul or deal.vul
            deal = deal.deal if isinstance(deal, DealtBoard) else str(deal.deal)
        return self._engine.bid_deal(_deal(deal), dealer or "N", vul or "none")

    def explain(self, auction: AuctionLike, *, dealer: str | None = None,
                vul: str | None = None, view: str = "both", deals: int = 10_000, seed: int = 1,
                rlimit: int | None = None,
                progress: Callable[[str], None] | None = None) -> Explained:
        """What ``auction`` shows about each player who has called, as ``openbid explain``:
        :class:`openbid.checks.explain.Explained` (per player the own-calls view, proved ranges
        with a hand at each end and the exact distribution; and the view at the table). ``vul``:
        without ``dealer``, from the view of the player next to call (none, we, they, both);
        with ``dealer`` (N, E, S, W: the seats at the table), the deal's (none, NS, EW, both).
        ``view``: both, own or table; ``progress``: told each stage as it starts."""
        from openbid.checks.explain import explain_auction

        calls = _auction(auction)
        side = _side_vul(vul, dealer, len(calls))
        return explain_auction(self._engine, " ".join(calls), vul=side, view=view,
                               deals=deals, seed=seed, rlimit=_rlimit(rlimit),
                               dealer=dealer or "N", progress=progress)

    def check(self, *, claims: Sequence[str | os.PathLike[str]] | None = None,
              claim: Sequence[str] | None = None, fail_on: str | None = None,
              allow: str | None = None, table: bool = True, table_deals: int | None = None,
              table_nodes: int | None = None, rlimit: int | None = None,
              progress: Callable[[str], None] | None = None) -> CheckReport:
        """Every check of the system, as ``openbid prove --rules FILE`` (PART system): the tree
        census of every node, the opening's checks, the claims (``claims``: claims files; by
        default a shipped system's own; ``claim``: only these ids) and the findings at the
        table (``table``; ``table_deals``, ``table_nodes`` its budget). ``fail_on`` and
        ``allow``: the finding kinds that fail, as ``--fail-on`` and ``--allow``."""
        from openbid.base.errors import OpenbidError
        from openbid.checks.findings import Policy
        from openbid.checks.system_run import SystemArgs, run_system
        from openbid.checks.table_findings import TableBudget
        from openbid.systems.claims import claims_for

        rules = self._rules
        policy = Policy.of(fail_on, allow)  # an unknown kind: an error before any work
        budget = _rlimit(rlimit)
        chosen, shown = claims_for(rules, [os.fspath(p) for p in claims or ()], claim)
        for value, option in ((table_deals, "--table-deals"), (table_nodes, "--table-nodes")):
            if value is not None and value < 0:
                raise OpenbidError(f"{option} must be 0 or more, not {value}")
            if value is not None and not table:
                raise OpenbidError(f"{option} sets the table's budget: give no --no-table")
        base = TableBudget()
        budget_table = TableBudget(
            deals=base.deals if table_deals is None else table_deals,
            nodes=base.nodes if table_nodes is None else table_nodes, rlimit=budget) \
            if table else None
        sa = SystemArgs(tuple(chosen), shown, selected=tuple(claim or ()), table=budget_table)
        got = run_system(rules, sa, budget, progress)
        return CheckReport(self.name, tuple(got.findings), policy,
                           tuple(sorted(got.scopes.items())))

    def count(self, by: str | Sequence[str] = "section", *, where: str | None = None,
              seat: int | None = None, vul: str | None = None,
              progress: Callable[[int, int], None] | None = None) -> tuple[Counts, ...]:
        """The exact census of every hand (all 635,013,559,600) grouped by ``by`` (``bid``,
        ``section``, ``bidval``, ``bid-section``, or any expression: ``HCP``, ``SHAPE``, a
        condition; several for a cross-table), among those meeting ``where``, as ``openbid
        count --by``. Rules that read the seat or the vulnerability are counted once per context
        ``seat`` and ``vul`` (bidder's side) leave open: one :class:`Counts` each.
        ``progress(done, total)``: told the hand classes counted as they come."""
        from openbid.readers.census.counts import (
            OUTCOMES, census, columns_of, grouped, parse_option,
        )
        from openbid.readers.contexts import grid

        bys = (by,) if isinstance(by, str) else tuple(by)
        if not bys:
            from openbid.base.errors import OpenbidError

            raise OpenbidError("count by what: give by= bid, section, or an expression")
        rules = self._rules
        exprs = [c.expr for c, _, _ in columns_of(rules, list(bys)) if c.expr is not None]
        if where:  # every expression checked before the work
            exprs.append(parse_option(rules, where, "bool", "--where"))
        out = []
        for context in grid([rules], _context(seat, vul), exprs):
            bar = progress  # told (classes done, classes in all) as the census goes
            if len(bys) == 1 and bys[0] in OUTCOMES and not where:
                rows, total = census(rules, bys[0], bar, context)
                got = tuple(CountRow((o,), c, k, h.to_pbn()) for o, c, k, h in rows)
            else:
                rows, total, _ = grouped(rules, list(bys), where, bar, context)
                got = tuple(CountRow(tuple(key), c, k, h) for key, c, k, h in rows)
            out.append(Counts(self.name, bys, where, tuple(sorted(context.items())), got, total))
        return tuple(out)

    def simulate(self, deals: int = 100_000, *, seed: int = 1, dealer: str = "N",
                 vul: str = "none", workers: int | None = None,
                 progress: Callable[[int, int], None] | None = None) -> Simulation:
        """``deals`` seeded random deals bid to the end, as ``openbid simulate``: how often each
        auction arises and where the system is silent. ``dealer``: N, E, S, W or cycle;
        ``vul``: none, NS, EW, both or cycle; ``workers``: local processes (default: one per
        core from 200,000 deals; 0 this process); ``progress(done, total)``: told the deals bid
        as they come."""
        from openbid.base.errors import OpenbidError
        from openbid.sim.deals import check_seed
        from openbid.sim.engine import Settings, run
        from openbid.sim.tally import summarize

        limit = 10 ** 9  # as the command without a store
        if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
            raise OpenbidError(f"--deals {deals}: the number of deals is a whole number from 1 "
                               "(1000000, 1_000_000, 1,000,000 or 1e6)")
        if deals > limit:
            raise OpenbidError(f"--deals {deals:,}: at most {limit:,} from the API (the command "
                               "line's --store keeps longer runs)")
        if dealer not in ("N", "E", "S", "W", "cycle"):
            raise OpenbidError(f"dealer {dealer!r}: expected N, E, S, W or cycle")
        if vul not in ("none", "NS", "EW", "both", "cycle"):
            raise OpenbidError(f"vulnerability {vul!r}: expected none, NS, EW, both or cycle")
        if workers is not None and workers < 0:
            raise OpenbidError(f"--workers must be 0 or more, not {workers}")
        s = check_seed(seed)
        result = run(Settings(self._rules, s, dealer, vul), deals, workers=workers,
                     progress=progress)
        return Simulation(self.name, deals, s, dealer, vul, summarize(result.tally))


def load_system(name_or_path: str | os.PathLike[str]) -> System:
    """A shipped variant by name (``sayc``, ``code``, ...; ``openbid rules list``) or a rule
    file by its path, as a :class:`System`."""
    from openbid.systems.auction import system_of
    from openbid.systems.variants import resolve_spec

    rules = resolve_spec(os.fspath(name_or_path))
    return System(system_of(rules), rules)


# -- module functions ------------------------------------------------------------------------------
def count(expr: str, *, samples: int = 20_000, seed: int = 1) -> Count:
    """How many hands (or, with seats named as in ``N.HCP``, deals) meet ``expr``, without
    rules, as ``openbid count COND``: exact by generating functions or the census, otherwise an
    ESTIMATE from ``samples`` seeded deals with a 95% interval
    (:class:`openbid.checks.planner.Count`; ``exact`` says which)."""
    import time

    from openbid.base.errors import ExprError, OpenbidError
    from openbid.checks import planner

    if samples < 100:
        raise OpenbidError(f"--samples {samples}: at least 100")
    try:
        parsed = planner.parse_condition(expr)
    except ExprError as exc:
        raise ExprError(f"COND: {exc.problem}", exc.text, exc.pos) from None
    seats = planner.seats_of(parsed) - {""}
    got = planner.count(expr)
    if got is None:
        if seats:
            got = planner.estimate(expr, samples=samples, seed=seed)
        else:  # one hand, a condition the generating functions do not count: the census
            from openbid.readers.census.census import Census
            from openbid.systems.variants import resolve

            rules = resolve()
            t0 = time.monotonic()
            where = _parse(rules, expr, "COND")
            groups = Census([rules], {}).group([], None, where=where)
            n = sum(groups.weights.values())
            from openbid.readers.census.domain import TOTAL_HANDS

            got = planner.Count(n, TOTAL_HANDS, "hands", "", "census", True,
                                time.monotonic() - t0)
    if got.exact and got.count == 0:
        raise OpenbidError(f"{expr!r} selects no {got.unit[:-1]}: nothing to count")
    return got


def find(expr: str, *, system: str | os.PathLike[str] | System | None = None, count: int = 5,
         seat: int | None = None, vul: str | None = None, rlimit: int | None = None) -> Found:
    """Hands meeting ``expr`` (an expression of the rules' language, e.g.
    ``'meets("10") and TOTALPTS <= 6'``), each from Z3 or the census and re-run through the
    executor, as ``openbid find``; with seats named (``N.HCP + S.HCP >= 25``), deals. ``count``:
    how many distinct hands (or deals) at most, as ``--count N``. ``system``: whose rules and
    descriptors (default the 1967 code); rules that read the seat or the vulnerability are
    searched in every context ``seat`` and ``vul`` (bidder's side) leave open."""
    from openbid.base.errors import ExprError, OpenbidError
    from openbid.checks import planner
    from openbid.checks.verdicts import Status

    limit = count
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise OpenbidError(f"--count must be 0 or more (hands to find), not {limit}")
    rules = _rules_of(system)
    budget = _rlimit(rlimit)
    import re

    if re.search(r"(?<![\w.])[NESW]\.[A-Za-z_]", expr):
        try:
            e = planner.parse_condition(expr)
        except ExprError as exc:
            raise ExprError(f"EXPR: {exc.problem}", exc.text, exc.pos) from None
        if planner.seats_of(e) - {""}:
            if seat is not None or vul is not None:
                raise OpenbidError("--seat and --vul do not apply to a condition over seats "
                                   "(N.HCP ...): it reads no facts of the deal")
            from openbid.checks.pair import deal_pbn, find_deals

            got = find_deals(e, rules, max(1, limit), budget)
            return Found(expr, got.status.value,
                         deals=tuple(deal_pbn(d) for d in got.deals[:limit]),
                         method="z3", reason=got.reason or "")
    from openbid.checks.search import find as search
    from openbid.readers.contexts import grid
    from openbid.systems.procedure import program_for

    parsed = rules.parse(expr)
    program = program_for(rules)
    hands: list[FoundHand] = []
    statuses: list[Status] = []
    methods: list[str] = []
    reasons: list[str] = []
    for context in grid([rules], _context(seat, vul), [parsed]):
        res = search(parsed, rules, max(0, limit), budget, context=context)
        statuses.append(res.status)
        methods.append(res.method)
        if res.status is Status.UNKNOWN:
            reasons.append(res.reason or "no reason given")
            continue
        facts = tuple(sorted(context.items()))
        for h in res.witnesses:
            o = program.bid_hand(h, facts)
            hands.append(FoundHand(h.to_pbn(), o.bid, o.section, facts))
    status = Status.UNKNOWN if Status.UNKNOWN in statuses else (
        Status.SAT if Status.SAT in statuses else Status.UNSAT)
    return Found(expr, status.value, tuple(hands), (), "+".join(dict.fromkeys(methods)),
                 "; ".join(reasons))


def score(contract: str, *, vul: str = "none") -> Score:
    """The duplicate score of a result from the declaring side (Law 77), as ``openbid score``:
    ``'4SX +1'``, ``'3NT 0'``, ``'4S='``, ``'3NTX-2'``
    (:class:`openbid.bridge.scoring.Score`: ``total`` and the breakdown). ``vul``: none, we,
    they or both, from the declaring side (we or both: it scores vulnerable)."""
    from openbid.base.errors import OpenbidError
    from openbid.bridge.scoring import parse_result
    from openbid.bridge.scoring import score as engine_score

    if vul not in ("none", "we", "they", "both"):
        raise OpenbidError(f"vulnerability {vul!r}: expected none, we, they or both (we: the "
                           "declaring side)")
    return engine_score(parse_result(contract), vul in ("we", "both"))


# -- input -----------------------------------------------------------------------------------------
def _hand(hand: HandLike) -> Hand:
    from openbid.base.errors import OpenbidError
    from openbid.bridge.hand import Hand

    if isinstance(hand, Hand):
        return hand
    if not isinstance(hand, str):
        raise OpenbidError(f"a hand is text (AKJ32.Q4.KT9.876) or an openbid Hand, not "
                           f"{type(hand).__name__}")
    return Hand.parse(hand)


def _deal(deal: DealLike) -> dict[str, Hand]:
    from openbid.base.errors import OpenbidError
    from openbid.bridge.deals import canonical, seat_hands
    from openbid.bridge.hand import Hand
    from openbid.bridge.notation import deal_text

    if isinstance(deal, Mapping):
        seats = {str(k).upper(): v for k, v in deal.items()}
        if set(seats) != set(SEATS):
            raise OpenbidError(f"a deal by seat has the four seats N, E, S, W, not "
                               f"{', '.join(sorted(seats)) or 'none'}")
        text = deal_text({s: (h.to_pbn() if isinstance(h, Hand) else _hand(h).to_pbn())
                          for s, h in seats.items()})
    elif isinstance(deal, str):
        text = deal
    else:
        raise OpenbidError(f"a deal is PBN text ('N:h h h h') or its four hands by seat, not "
                           f"{type(deal).__name__}")
    key = canonical(text, "the deal")
    return {s: Hand.parse(t) for s, t in seat_hands(key).items()}


def _auction(auction: AuctionLike) -> tuple[str, ...]:
    from openbid.base.errors import OpenbidError
    from openbid.systems.auction import parse_auction

    if isinstance(auction, str):
        return parse_auction(auction)
    if isinstance(auction, Sequence) and all(isinstance(c, str) for c in auction):
        return parse_auction(" ".join(auction))
    raise OpenbidError("an auction is text ('1NT P 2C P') or a sequence of calls")


def _side_vul(vul: str | None, dealer: str | None, turn: int) -> str | None:
    """The vulnerability from the bidder's side (turn ``turn`` from the dealer)."""
    from openbid.base.errors import OpenbidError
    from openbid.bridge.notation import seat_vul

    if dealer is None:
        if vul is not None and vul not in ("none", "we", "they", "both"):
            raise OpenbidError(f"vulnerability {vul!r}: expected none, we, they or both (the "
                               "bidder's side; give dealer= for none, NS, EW or both)")
        return vul
    if dealer not in tuple(SEATS):
        raise OpenbidError(f"dealer {dealer!r}: expected N, E, S or W")
    if vul is None:
        return None
    if vul not in ("none", "NS", "EW", "both"):
        raise OpenbidError(f"vulnerability {vul!r}: expected none, NS, EW or both")
    return seat_vul(vul, SEATS[(SEATS.index(dealer) + turn) % 4])


def _context(seat: int | None, vul: str | None) -> dict[str, object]:
    from openbid.bridge.notation import hand_context

    return hand_context(seat, vul)


def _missing(name: str) -> str:
    """The message for a fact of the deal a rule read and the call did not give."""
    from openbid.hands.registry import missing_fact

    return missing_fact(name, lambda parameter, values: f"{parameter}={values}")


def _rules_of(system: str | os.PathLike[str] | System | None) -> Rules:
    from openbid.systems.variants import resolve, resolve_spec

    if system is None:
        return resolve()
    if isinstance(system, System):
        return system.rules
    return resolve_spec(os.fspath(system))


def _parse(rules: Rules, text: str, what: str) -> Expr:
    from openbid.base.errors import ExprError

    try:
        return rules.parse(text, want="bool")
    except ExprError as exc:
        raise ExprError(f"{what}: {exc.problem}", exc.text, exc.pos) from None


def _rlimit(rlimit: int | None) -> int:
    from openbid.base.errors import OpenbidError
    from openbid.checks.verdicts import DEFAULT_RLIMIT

    if rlimit is None:
        return DEFAULT_RLIMIT
    if rlimit < 1:
        raise OpenbidError(f"--rlimit must be at least 1 (Z3 resource units), not {rlimit}")
    return rlimit
