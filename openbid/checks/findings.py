"""One findings type for every check of a system, and the policy that turns findings into an exit
status.

A :class:`Finding` is one thing a check found wrong (or worth knowing) about a system: what kind
(:data:`KINDS`), where (the node: the auction so far, ``()`` for the opening; the bid point,
``PATTERN/LABEL`` in a block or the label at the opening), over which population of hands (today
the bidder's own history: the hands consistent with the bidder's own earlier calls, each in
isolation), how many of them (an exact count and its denominator), one of them (a witness hand
re-run through the executor, with its vulnerability and seat, and what the executor calls with
it), a sentence of detail, and a ``table`` slot that says whether a real deal reaches the finding
(None until that is computed; :class:`TableView`).

Every checking path yields findings of this one type: the tree census (openbid.checks.tree, the
default for every system), the Z3 node checks (openbid.checks.nodes, a cross-check) and the
opening's system checks (openbid.checks.system: dead points, claims). Two findings are the same
finding when their :attr:`Finding.key` is equal; their counts are compared as shares
(:attr:`Finding.share`), since two readers may count hands or hand-contexts.

:class:`Policy` says which findings fail a run (``openbid prove`` exits 1): by default those that
can happen at the table (:data:`DEFAULT_FAIL_ON`); a finding whose ``table`` says no real deal
reaches it (``at_table`` False: "in isolation only") never fails a run. Returns data; never
prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from openbid.base.errors import OpenbidError

Auction = tuple[str, ...]

# kind -> what it means (the help text and the README list these)
KINDS: dict[str, str] = {
    "gap": "hands consistent with the history that no rule of the node's block bids (a block "
           "without 'else pass')",
    "illegal-call": "a call some consistent hand reaches that cannot be made at the node",
    "dead": "a bid point that bids no hand at any node of the tree",
    "shadowed": "a bid point whose guard holds for some consistent hands at a node, every one "
                "of them bid by an earlier point",
    "overlap": "hands meeting a point's guard that an earlier point bids with another call "
               "(the earlier point wins: first-wins, by design)",
    "failed-claim": "a claim that some hand contradicts",
    "vacuous-claim": "a claim about no hand (it checks nothing)",
    "expected-failure": "a claim that fails, as its 'expect: FAILED' says (a known departure)",
    "unexpected-pass": "a claim that holds though its 'expect: FAILED' says it fails",
}
# What fails a run by default: what can happen at the table. Overlaps in a first-wins block and
# shadowed points are by design; a vacuous claim, an expected failure and an unexpected pass are
# reported, not failed.
DEFAULT_FAIL_ON = ("gap", "illegal-call", "dead", "failed-claim")

HISTORY = "the bidder's own history"  # the hands consistent with the bidder's earlier calls
OPENING = "the opening in every seat and vulnerability"  # the opening's system checks


@dataclass(frozen=True)
class Witness:
    """One hand of a finding, re-run through the executor: the bidder's hand (PBN), the
    vulnerability from the bidder's side (none, we, they, both; '' when not read), the bidder's
    seat (1 the dealer; None when not fixed), and what the executor calls with it there and at
    which bid point."""

    hand: str
    vul: str = ""
    seat: int | None = None
    call: str = ""
    point: str = ""


@dataclass(frozen=True)
class TableView:
    """Whether a real deal reaches a finding (filled by the table checks; None until then):
    ``at_table`` True (a deal exists: ``deal``, PBN, re-bid by the executor), False (none
    exists: the finding happens in isolation only) or None (undecided); ``probability`` that a
    random deal reaches it, with a 95% ``interval`` when it is an estimate (None when exact)."""

    at_table: bool | None
    deal: str | None = None
    dealer: str | None = None
    probability: float | None = None
    interval: tuple[float, float] | None = None
    auction: tuple[str, ...] | None = None  # the node the deal reaches (the finding's, or for a
    # dead point a node of its block)
    vul: str | None = None  # the deal's vulnerability (none, NS, EW, both)
    exact: bool | None = None  # the probability exact (else an ESTIMATE, with its interval)
    method: str = ""  # how the probability was obtained
    how: str = ""  # how at_table was decided (a deal re-bid, a proof, the budget spent)
    nowhere: bool = False  # a dead point whose block applies at no node a hand reaches: no deal
    # reaches it because nothing does; dead in the whole system, not a finding in isolation


@dataclass(frozen=True)
class Finding:
    """One finding of a system check (see the module's doc)."""

    kind: str  # one of KINDS
    node: Auction  # the auction so far, () the opening
    point: str = ""  # the bid point ('' for the node as a whole: a gap, a claim)
    population: str = HISTORY  # the hands it ranges over
    count: int = 0  # hands (or hand-contexts) the finding is about ...
    of: int = 0  # ... of this many in the population
    unit: str = "hand-contexts"  # what count and of count: hands, or hand-contexts
    witness: Witness | None = None
    detail: str = ""
    claim: str = ""  # the claim's id (claim findings)
    subject: str = ""  # what tells two findings of one kind at one point apart: the call of an
    # illegal call, the earlier point of an overlap
    table: TableView | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown finding kind {self.kind!r}")

    @property
    def node_text(self) -> str:
        return " ".join(self.node) or "(opening)"

    @property
    def key(self) -> tuple:
        """What makes two findings the same finding (whichever check found them)."""
        return (self.kind, self.node, self.point, self.claim, self.subject)

    @property
    def share(self) -> Fraction | None:
        """``count`` out of ``of`` (None when the population is empty)."""
        return Fraction(self.count, self.of) if self.of else None

    @property
    def in_isolation_only(self) -> bool:
        """No real deal reaches it (the table checks proved it), though hands meet it in
        isolation. A point whose block applies at no node a hand reaches is not one: it is dead
        in the whole system (``table.nowhere``), and fails a run as any dead point."""
        return self.table is not None and self.table.at_table is False and not self.table.nowhere


def claim_kind(verdict: str, expect: str = "HELD") -> str | None:
    """The finding kind of a claim's verdict (None: it holds, as expected)."""
    v, e = verdict.lower(), (expect or "HELD").upper()
    if v == "held":
        return None if e == "HELD" else "unexpected-pass"
    if v == "failed":
        return "expected-failure" if e == "FAILED" else "failed-claim"
    if v == "vacuous":
        return "vacuous-claim"
    raise ValueError(f"a claim's verdict {verdict!r} is not decided")


@dataclass(frozen=True)
class Policy:
    """Which findings fail a run: those of a kind in ``fail_on`` that can happen at the table
    (every finding counts as possibly at the table unless its ``table`` says it is not)."""

    fail_on: frozenset[str] = frozenset(DEFAULT_FAIL_ON)

    @classmethod
    def of(cls, fail_on: str | None = None, allow: str | None = None) -> "Policy":
        """``--fail-on KINDS`` (the kinds that fail, instead of the default; ``all`` for every
        kind) and ``--allow KINDS`` (kinds that do not fail), comma-separated; an unknown kind
        is an error."""
        kinds = set(DEFAULT_FAIL_ON) if fail_on is None else set(parse_kinds(fail_on,
                                                                            "--fail-on"))
        if allow is not None:
            kinds -= set(parse_kinds(allow, "--allow"))
        return cls(frozenset(kinds))

    def fails(self, f: Finding) -> bool:
        return f.kind in self.fail_on and not f.in_isolation_only

    def failing(self, findings) -> list[Finding]:
        return [f for f in findings if self.fails(f)]


def parse_kinds(text: str, option: str) -> tuple[str, ...]:
    """``gap,illegal-call`` -> the kinds; ``all`` every kind; spaces or underscores for the
    hyphens are accepted (``illegal call``). An unknown or empty kind is an error."""
    out: list[str] = []
    for part in text.split(","):
        k = "-".join(part.strip().lower().replace("_", " ").split())
        if k == "all":
            out.extend(KINDS)
            continue
        if k not in KINDS:
            raise OpenbidError(f"{option}: unknown finding kind {part.strip()!r}; the kinds are "
                               f"{', '.join(KINDS)} (or all)")
        out.append(k)
    return tuple(dict.fromkeys(out))


def compare(a: list[Finding], b: list[Finding]) -> list[str]:
    """How two checks' findings differ (empty: the same findings): a finding one has and the
    other not, or the same finding with another share of its population. Witnesses and the
    wording of the detail may differ (two readers find different hands)."""
    ka = {f.key: f for f in a}
    kb = {f.key: f for f in b}
    out = []
    for key in sorted(set(ka) | set(kb), key=repr):
        fa, fb = ka.get(key), kb.get(key)
        if fa is None or fb is None:
            f = fa or fb
            assert f is not None
            side = "only the first" if fb is None else "only the second"
            out.append(f"{f.kind} at {f.node_text} {f.point or f.claim}: {side} finds it")
        elif fa.share != fb.share:
            out.append(f"{fa.kind} at {fa.node_text} {fa.point or fa.claim}: {fa.count:,} of "
                       f"{fa.of:,} against {fb.count:,} of {fb.of:,}")
    return out
