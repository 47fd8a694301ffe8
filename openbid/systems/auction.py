"""A bidding system: rules at every point of the auction.

A rule file's top-level sections are the OPENING (nobody has bid yet, any seat); its
``auction "PATTERN"`` blocks hold the rules for later points. The point of the auction where a
player is to call is a NODE: the auction so far, from the dealer. At a node the rules in force
are the opening's (when every call so far is a pass) or the first block whose pattern matches the
auction with its leading passes removed, bound to the pattern's suits and to the auction's facts
(``SEAT``, ``LEVEL``, ``PARTNERPASSED``, ...): an ordinary rules table, so every reader (the
executor, Z3, the census) reads a node as it reads an opening. A node no block matches is
OFF-SYSTEM: the player passes.

A player's own earlier calls say what their hand can be: :meth:`System.consistent` is that
condition as an expression every reader accepts (each earlier call was the system's choice at its
node: the symbolic execution of that node's rules, written as an expression).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from openbid.systems.auction_facts import (
    contract, ended, facts, illegal, match, match_calls, parse_auction,
)
from openbid.bridge.bids import VALID_BIDVALS, bid_text
from openbid.base.errors import OpenbidError
from openbid.expr.ast import (
    FALSE, TRUE, Arith, Call, Compare, Const, Expr, Not, bind, conj, disj,
)
from openbid.bridge.hand import Hand
from openbid.bridge.notation import seat_vul
from openbid.systems.rules.model import AuctionBlock, Bid, Rules, map_exprs

__all__ = ["System", "Node", "Choice", "DealAuction", "load_system", "parse_auction", "SEATS"]

SEATS = "NESW"
MAX_BLOCKS = 10_000
_NOTHING = object()


@dataclass(frozen=True)
class Choice:
    """One call: the call, its bid point (``PATTERN/LABEL`` in a block, the label at the
    opening, '' for a pass by falling through), its block (the pattern, '' the opening, None
    off-system), and whether it was made at an off-system node."""

    call: str
    label: str = ""
    block: str | None = ""
    off_system: bool = False


@dataclass(frozen=True)
class DealAuction:
    """A deal's auction from the dealer, the choice behind each call, the final contract
    (``4SX``, ``PASS``), the declarer (None when passed out) and the number of calls made at
    off-system nodes."""

    auction: tuple[str, ...]
    choices: list[Choice] = field(default_factory=list)
    contract: str = "PASS"
    declarer: str | None = None
    off_system: int = 0


@dataclass(frozen=True)
class Node:
    """The rules in force at a point of the auction: ``rules`` (bound to the node; None when
    off-system), the block (None at the opening and off-system), the suits its pattern bound,
    and the facts of the node."""

    auction: tuple[str, ...]
    rules: Rules | None
    block: AuctionBlock | None
    binding: tuple[tuple[str, int], ...]
    facts: tuple[tuple[str, Any], ...]

    @property
    def opening(self) -> bool:
        return self.rules is not None and self.block is None

    @property
    def off_system(self) -> bool:
        return self.rules is None

    @property
    def name(self) -> str:
        """'' for the opening, the block's pattern, None off-system."""
        if self.rules is None:
            return None  # type: ignore[return-value]
        return "" if self.block is None else self.block.pattern

    @property
    def else_pass(self) -> bool:
        """Falling through is an intended pass: the opening, and a block marked ``else pass``."""
        return self.block is None or self.block.else_pass

    def point(self, label: str) -> str:
        """How reports name a bid point of this node: ``1NT P/stayman``, or the label itself at
        the opening."""
        return label if self.block is None else f"{self.block.pattern}/{label}"


class System:
    """A parsed system: the opening (``rules``' own sections) and its auction blocks."""

    def __init__(self, rules: Rules) -> None:
        rules = rules.system or rules
        self.rules = rules
        self.blocks = rules.auctions
        self._nodes: dict[tuple[str, ...], Node] = {}
        # a block -> its own table and the names it reads
        self._block_names: dict[int, tuple[Rules, tuple[str, ...]]] = {}
        self._block_tables: dict[tuple, Rules] = {}  # (block, what it reads) -> its rules
        # the blocks by the number of calls their pattern matches, each list in file order (a
        # block matches an auction only if it has as many calls past the leading passes)
        self._by_length: dict[int, list] = {}
        for block in self.blocks:
            self._by_length.setdefault(len(block.tokens), []).append(block)
        self._by_first: dict[tuple[int, str], list[AuctionBlock]] = {}  # see _candidates
        self._matches: dict[tuple[str, ...], tuple | None] = {}  # see _matched
        self._facts_of: dict[tuple[str, ...], dict] = {}  # see _facts
        self._by_first_vars: dict[tuple[int, str, str], list[tuple]] = {}  # _candidates_of
        opening = replace(rules, auctions=(), system=rules)
        self.opening = opening
        if len(rules.auctions) > MAX_BLOCKS:
            raise OpenbidError(f"{rules.title}: {len(rules.auctions)} auction blocks; openbid "
                               f"reads at most {MAX_BLOCKS}")
        for sec, b in opening.bids():
            c = _const_call(b)
            if c in ("X", "XX"):
                raise OpenbidError(f"{rules.title}: bid point {b.label} (line {b.line}) calls "
                                   f"{c} at the opening, where nobody has bid")

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.title

    # -- nodes ------------------------------------------------------------------------------
    def node(self, auction: tuple[str, ...] | str) -> Node:
        """The rules in force when the next player is to call after ``auction``."""
        auction = parse_auction(auction) if isinstance(auction, str) else tuple(auction)
        got = self._nodes.get(auction)
        if got is not None:
            return got
        if ended(auction):
            raise OpenbidError(f"the auction {_text(auction)!r} has ended: nobody is to call")
        f = self._facts(auction)
        if all(c == "PASS" for c in auction):
            seat: dict[str, Expr] = {"SEAT": Const(f["SEAT"])}
            node = Node(auction, replace(_bound(self.opening, seat), system=self.rules), None, (),
                        tuple(f.items()))
        else:
            node = Node(auction, None, None, (), tuple(f.items()))
            found = self._matched(auction)
            if found is not None:
                b, binding = found
                rules = self._block_rules(b, auction, binding)
                node = Node(auction, rules, b, tuple(binding.items()), tuple(f.items()))
        if len(self._nodes) < 100_000:
            self._nodes[auction] = node
        return node

    def on_system(self, auction: tuple[str, ...]) -> bool:
        """Does some rules table apply at ``auction`` (an opening, or a block whose pattern
        matches): :meth:`node`'s ``rules`` is not None, found without building the node."""
        got = self._nodes.get(auction)
        if got is not None:
            return got.rules is not None
        if all(c == "PASS" for c in auction):
            return True
        return self._matched(auction) is not None

    def _matched(self, auction: tuple[str, ...]):
        """The first block (in file order) whose pattern matches ``auction`` (someone has
        bid), with its binding of the suit variables; None: none matches (kept)."""
        got = self._matches.get(auction, _NOTHING)
        if got is _NOTHING:
            got = None
            start = next(i for i, c in enumerate(auction) if c != "PASS")
            calls = auction[start:]
            for b, tokens, variables in self._candidates_of(len(calls), calls[0],
                                                            calls[1] if len(calls) > 1 else ""):
                binding = match_calls(tokens, variables, calls)
                if binding is not None:
                    got = (b, binding)
                    break
            if len(self._matches) < 200_000:
                self._matches[auction] = got
        return got

    def patterns_key(self) -> str:
        """What decides every match of an auction (:meth:`_matched`): the blocks' patterns and
        their variables, in file order (a digest)."""
        import hashlib

        text = repr([(b.tokens, sorted(dict(b.variables).items())) for b in self.blocks])
        return hashlib.sha256(text.encode()).hexdigest()

    def matches(self) -> dict[tuple[str, ...], tuple[int, dict[str, int]] | None]:
        """The auctions matched so far: each one's block (by its place in the file) and
        binding, None when no block matches (for :meth:`adopt_matches` in another run)."""
        place = {id(b): i for i, b in enumerate(self.blocks)}
        return {a: None if m is None else (place[id(m[0])], dict(m[1]))
                for a, m in self._matches.items()}

    def adopt_matches(self, key: str, matches: object) -> int:
        """Take the matches of a run whose :meth:`patterns_key` was ``key`` (nothing unless it
        is this system's, and unless every entry is well formed); how many were taken."""
        if key != self.patterns_key() or not isinstance(matches, dict):
            return 0
        n = len(self.blocks)
        got: dict[tuple[str, ...], tuple | None] = {}
        strs, ints = {str}, {int}
        for a, m in matches.items():  # (thousands: each checked by the types it holds)
            if type(a) is not tuple or not set(map(type, a)) <= strs:
                return 0
            if m is None:
                got[a] = None
                continue
            if not (type(m) is tuple and len(m) == 2 and type(m[0]) is int and 0 <= m[0] < n
                    and type(m[1]) is dict and set(map(type, m[1])) <= strs
                    and set(map(type, m[1].values())) <= ints):
                return 0
            got[a] = (self.blocks[m[0]], m[1])
        for a, m in got.items():
            self._matches.setdefault(a, m)
        return len(got)

    def located(self, auction: tuple[str, ...]) -> "Node | None":
        """The node at ``auction`` with its block's own table (unbound: the same sections,
        labels and bid points as the node's rules, without building them) as ``rules``;
        None off-system. For what names a node's points, not for reading its rules."""
        if all(c == "PASS" for c in auction):
            return Node(auction, self.opening, None, (), ())
        found = self._matched(auction)
        if found is None:
            return None
        b, binding = found
        return Node(auction, self._own_table(b)[0], b, tuple(binding.items()), ())

    def table_source(self, auction: tuple[str, ...]) -> tuple[Rules, tuple, bool] | None:
        """The table the rules at ``auction`` are bound from (the opening's, or the matching
        block's own), the values bound to it (name, type and value of each name it reads), and
        whether falling through them is a gap (the block does not say ``else pass``); None
        off-system. Found without building the node's table: the two decide it."""
        if all(c == "PASS" for c in auction):
            return self.opening, (("SEAT", "int", self._facts(auction)["SEAT"]),), False
        found = self._matched(auction)
        if found is None:
            return None
        b, binding = found
        rules, names = self._own_table(b)
        return rules, self._values_key(names, auction, binding), not b.else_pass

    def _facts(self, auction: tuple[str, ...]) -> dict:
        """The facts of ``auction`` (kept: a node's table and its key both read them)."""
        got = self._facts_of.get(auction)
        if got is None:
            got = facts(auction)
            if len(self._facts_of) < 200_000:
                self._facts_of[auction] = got
        return got

    def _values_key(self, names: tuple[str, ...], auction: tuple[str, ...],
                    binding: dict) -> tuple:
        """(name, type, value) of each name a table reads (``names``, sorted) that the
        auction's facts or the pattern's ``binding`` give a value."""
        f = self._facts(auction) if any(n not in binding for n in names) else {}
        out = []
        for k in names:
            v = binding[k] if k in binding else f.get(k, _NOTHING)
            if v is not _NOTHING:
                out.append((k, type(v).__name__, v))
        return tuple(out)

    def _candidates_of(self, length: int, first: str, second: str) -> list[tuple]:
        """:meth:`_candidates` whose second token can match ``second`` too (the second call
        after the leading passes, "" when there is none), each with its pattern's tokens and
        variables (as a dict)."""
        key = (length, first, second)
        got = self._by_first_vars.get(key)
        if got is None:
            got = []
            for b in self._candidates(length, first):
                variables = dict(b.variables)
                if not second or _may_open(b.tokens[1], variables, second):
                    got.append((b, b.tokens, variables))
            self._by_first_vars[key] = got
        return got

    def _candidates(self, length: int, first: str) -> list[AuctionBlock]:
        """The blocks (in file order) whose pattern has ``length`` calls and whose first call
        can be ``first`` (the others cannot match an auction opened with it)."""
        key = (length, first)
        got = self._by_first.get(key)
        if got is None:
            got = self._by_first[key] = [b for b in self._by_length.get(length, ())
                                         if _may_open(b.tokens[0], dict(b.variables), first)]
        return got

    def _block_rules(self, block, auction: tuple[str, ...], binding: dict) -> Rules:
        """A block's rules with the facts of ``auction`` and the suit variables of its
        pattern (``binding``) that it reads bound: the nodes a block matches with the same
        values of what it reads share one table (built once)."""
        rules, names = self._own_table(block)
        values = self._values_key(names, auction, binding)
        key = (id(block),) + values
        bound = self._block_tables.get(key)
        if bound is None:
            bound = self._block_tables[key] = _bound(rules, {k: Const(v) for k, _, v in values})
        return bound

    def _own_table(self, block) -> tuple[Rules, tuple[str, ...]]:
        """A block's own table (unbound), and the names it reads (sorted)."""
        got = self._block_names.get(id(block))
        if got is None:
            rules = Rules(block.sections, self.rules.readings, self.rules.name,
                          self.rules.definitions, source=self.rules.source, system=self.rules)
            got = self._block_names[id(block)] = (rules, tuple(sorted(_names_read(rules))))
        return got

    # -- bidding ----------------------------------------------------------------------------
    def call(self, auction: tuple[str, ...] | str, hand: Hand, vul: str | None = "none") -> Choice:
        """The call the system makes with ``hand`` after ``auction``; ``vul`` from the bidder's
        side: none, we, they or both."""
        return self.trace(auction, hand, vul)[0]

    def trace(self, auction, hand: Hand, vul: str | None = "none"):
        """(the :class:`Choice`, the node, the sections tried) for ``hand`` after ``auction``.
        ``vul`` None: the vulnerability is not given (a rule that reads it on this hand's way
        raises :class:`~openbid.base.errors.MissingFact`)."""
        from openbid.systems.procedure import program_for

        node = self.node(auction)
        if node.rules is None:
            return Choice("PASS", "", None, True), node, []
        context: tuple = ()
        if vul is not None:
            ours, theirs = _vul(vul)
            context = (("VUL", ours), ("THEYVUL", theirs))
        program = program_for(node.rules)
        outcome, steps = program.trace(program.describe(hand, context))
        call = outcome.bid
        why = illegal(node.auction, call)
        if why:
            raise OpenbidError(f"{self.title}: at {_where(node)}, bid point "
                               f"{node.point(outcome.section)} calls {call}, which is illegal "
                               f"here: {why}")
        label = "" if outcome.section == node.rules.pass_label else node.point(outcome.section)
        return Choice(call, label, node.name, False), node, steps

    def bid_deal(self, hands: dict[str, Hand], dealer: str, vul: str) -> DealAuction:
        """The whole auction of a deal: ``hands`` by seat (N E S W), the dealer, the
        vulnerability (none, NS, EW, both)."""
        if dealer not in SEATS:
            raise OpenbidError(f"dealer {dealer!r}: expected N, E, S or W")
        if vul not in ("none", "NS", "EW", "both"):
            raise OpenbidError(f"vulnerability {vul!r}: expected none, NS, EW or both")
        start = SEATS.index(dealer)
        auction: tuple[str, ...] = ()
        choices: list[Choice] = []
        while not ended(auction):
            seat = SEATS[(start + len(auction)) % 4]
            c = self.call(auction, hands[seat], seat_vul(vul, seat))
            choices.append(c)
            auction += (c.call,)
        final, offset = contract(auction)
        declarer = None if offset is None else SEATS[(start + offset) % 4]
        return DealAuction(auction, choices, final, declarer, sum(c.off_system for c in choices))

    # -- what a player's calls say --------------------------------------------------------
    def chooses(self, auction: tuple[str, ...] | str, call: str) -> Expr:
        """``chose("AUCTION", "CALL")``: the system calls ``call`` after ``auction`` (an
        expression every reader reads, with these rules or any node's rules of the system)."""
        auction = parse_auction(auction) if isinstance(auction, str) else tuple(auction)
        node = self.node(auction)
        if node.rules is None:
            return TRUE if call == "PASS" else FALSE
        return Call("chose", (Const(" ".join(auction)), Const(call)))

    def consistent(self, auction: tuple[str, ...] | str, seat: int) -> Expr:
        """The hands of the player at turn offset ``seat`` from the dealer (0 the dealer ... 3)
        that make every call that player made in ``auction``: an expression every reader
        accepts (it reads VUL and THEYVUL where the rules do)."""
        auction = parse_auction(auction) if isinstance(auction, str) else tuple(auction)
        if not 0 <= seat <= 3:
            raise OpenbidError(f"seat {seat}: a turn offset from the dealer, 0 to 3")
        return conj(*(self.chooses(auction[:i], auction[i])
                      for i in range(seat, len(auction), 4)))


def node_of(rules: Rules, auction: str) -> Node:
    """The node after ``auction`` (text, from the dealer) of the system ``rules`` belong to."""
    return system_of(rules.system or rules).node(auction)


def load_system(spec: str) -> System:
    """A variant name (``sayc``, ``code``) or a rule file's path, as a :class:`System`."""
    from openbid.systems.variants import resolve_spec

    return system_of(resolve_spec(spec))


@lru_cache(maxsize=32)
def system_of(rules: Rules) -> System:
    return System(rules)


# -- helpers ------------------------------------------------------------------------------------
def _text(auction: tuple[str, ...]) -> str:
    return " ".join(auction)


def _where(node: Node) -> str:
    return f"the auction {_text(node.auction)!r}" if node.auction else "the opening"


def _vul(vul: str) -> tuple[bool, bool]:
    table = {"none": (False, False), "we": (True, False), "they": (False, True),
             "both": (True, True)}
    if vul not in table:
        raise OpenbidError(f"vulnerability {vul!r}: expected none, we, they or both (the "
                           "bidder's side)")
    return table[vul]


def _may_open(token: tuple, variables: dict, call: str) -> bool:
    """Can a pattern's token match a call (as :func:`match` reads it: the first token, or
    another alone)."""
    if token[0] == "any":
        return True
    if token[0] == "call":
        return token[1] == call
    return match((token,), variables, (call,)) is not None


def _const_call(b: Bid) -> str | None:
    v = b.value
    if isinstance(v, Const) and v.value in VALID_BIDVALS:
        return bid_text(int(v.value))  # type: ignore[arg-type]
    return None


def _names_read(rules: Rules) -> frozenset[str]:
    """Every name in the guards, conditions and bid values of ``rules``' sections."""
    from openbid.expr.ast import Name, walk

    found: set[str] = set()

    def one(e: Expr, is_value: bool, loops: frozenset[str]) -> Expr:
        found.update(x.id for x in walk(e) if isinstance(x, Name))
        return e

    map_exprs(rules, one)
    return frozenset(found)


def _bound(rules: Rules, env: dict[str, Expr]) -> Rules:
    """``rules`` with the names of ``env`` (suit variables, facts) replaced by constants; the
    same object when none is read."""
    if not env:
        return rules

    def one(e: Expr, is_value: bool, loops: frozenset[str]) -> Expr:
        got = bind(e, {k: v for k, v in env.items() if k not in loops})  # loops shadow
        return _fold(got) if is_value else got

    return map_exprs(rules, one)


def _fold(e: Expr) -> Expr:
    """A call's value with constant arithmetic done (``20 + 2`` -> ``22``)."""
    if isinstance(e, Arith):
        a, b = _fold(e.left), _fold(e.right)
        if isinstance(a, Const) and isinstance(b, Const) and e.op in "+-*":
            x, y = a.value, b.value
            return Const({"+": x + y, "-": x - y, "*": x * y}[e.op])  # type: ignore[operator]
        return Arith(e.op, a, b, e.pos)
    return e


class _ExprAlgebra:
    """Conditions as expressions: the symbolic execution of a node's rules written in the
    expression language, so that any reader can read "the system calls X here"."""

    true = TRUE
    false = FALSE

    def and_(self, a: Expr, b: Expr) -> Expr:
        if a == FALSE or b == FALSE:
            return FALSE
        return conj(a, b)

    def or_(self, a: Expr, b: Expr) -> Expr:
        if a == TRUE or b == TRUE:
            return TRUE
        return disj(a, b)

    def not_(self, a: Expr) -> Expr:
        if a == TRUE:
            return FALSE
        if a == FALSE:
            return TRUE
        if isinstance(a, Not):
            return a.operand
        return Not(a)

    def is_false(self, a: Expr) -> bool:
        return a == FALSE


@lru_cache(maxsize=4096)
def chooses_expr(rules: Rules, call: str) -> Expr:
    """The condition, written out in descriptors, under which ``rules`` make ``call``: their
    symbolic execution over expressions. Small for most blocks; a procedure with jumps
    (OPENBID) writes out very large, which is why histories use ``chose()`` instead."""
    from openbid.systems.rules.execution import execute

    ex = execute(rules, _ExprAlgebra(), lambda e: e, lambda e: e)
    parts: list[Expr] = []
    for site in ex.sites:
        value = _fold(site.value)
        if isinstance(value, Const):
            if value.value in VALID_BIDVALS and bid_text(int(value.value)) == call:  # type: ignore[arg-type]
                parts.append(site.fire)
        else:  # a BIDVAL computed from the hand (OPENBID's strong 1C and 2D)
            vals = [v for v in VALID_BIDVALS if bid_text(v) == call]
            if vals:
                parts.append(conj(site.fire, disj(*(Compare("=", value, Const(v)) for v in vals))))
    if call == "PASS":
        parts.append(ex.passes)
    return disj(*parts) if parts else FALSE



@lru_cache(maxsize=4096)
def point_expr(rules: Rules, label: str) -> Expr:
    """The condition, written out in descriptors, under which ``rules`` make their call at bid
    point ``label`` (the pass label: falling through every section)."""
    from openbid.systems.rules.execution import execute

    ex = execute(rules, _ExprAlgebra(), lambda e: e, lambda e: e)
    if label == rules.pass_label:
        return ex.passes
    return disj(*(s.fire for s in ex.sites if s.label == label))
