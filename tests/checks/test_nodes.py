"""The auction tree and the checks at every node (openbid.checks.nodes), on a small system whose
blocks the reference interpreter (tests/reference) reads: every node's consistent hands, the
calls made there (exact counts and probabilities), gaps and illegal calls equal the
reference's brute-force counts; every witness makes the bidder's calls."""

from __future__ import annotations

from fractions import Fraction

from openbid.bridge.hand import Hand
from openbid.systems.rules.text import loads
from openbid.checks.nodes import NodeModel, build_tree, replays

from reference.count import count, groups
from reference.interp import Hand1, bid_text

from checks.fake_system import FakeSystem

OPENING = """\
name opening
section 1 "open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP <= 17 value 1NT
  bid spades when SUITLENGTH(S) >= 5 value 1S
  bid clubs when true value 1C
"""

OVER_NT = """\
name over
section 1 "overcall"
  bid six when SUITLENGTH(S) >= 6 and HCP >= 8 value 2S
  bid strong when HCP >= 16 value 2NT
"""

RESPOND = """\
name respond
section 1 "respond"
  bid wrong when HCP >= 21 value 1S
  bid stayman when HCP >= 8 and (SUITLENGTH(S) >= 4 or SUITLENGTH(H) >= 4) value 2C
  bid game when HCP >= 10 value 3NT
  bid weak when HCP <= 7 value PASS
"""

REBID = """\
name rebid
section 1 "answer"
  bid hearts when SUITLENGTH(H) >= 4 value 2H
  bid five when SUITLENGTH(H) >= 5 value 3H
  bid spades when SUITLENGTH(S) >= 4 value 2S
  bid none when true value 2D
  bid never when HCP >= 18 value 3NT
"""


def system() -> FakeSystem:
    return FakeSystem(loads(OPENING), {
        ("1NT",): loads(OVER_NT),
        ("1NT", "PASS"): loads(RESPOND),
        ("1NT", "PASS", "2C", "PASS"): loads(REBID),
    }, frozenset({("1NT",)}))


def history(fs: FakeSystem, auction: tuple[str, ...], seat: int | None = None):
    """The calls of player ``seat`` (the bidder's when None) in ``auction`` as a test of a
    group's Facts (the reference's)."""
    me = len(auction) % 4 if seat is None else seat

    def ok(facts) -> bool:
        for t in range(me, len(auction), 4):
            r = fs.rules_at(auction[:t])
            if ("PASS" if r is None else bid_text(Hand1(r, facts).outcome()[0])) != auction[t]:
                return False
        return True

    return ok


def reference_node(fs: FakeSystem, auction: tuple[str, ...]) -> tuple[int, dict[str, int]]:
    """(consistent hands, call -> hands) at ``auction`` by brute force over the reference's
    hand groups."""
    me = len(auction) % 4
    rules = fs.rules_at(auction)
    calls: dict[str, int] = {}
    selected = 0
    for g in groups():
        ok = True
        for t in range(me, len(auction), 4):
            r = fs.rules_at(auction[:t])
            made = "PASS" if r is None else bid_text(Hand1(r, g.facts).outcome()[0])
            if made != auction[t]:
                ok = False
                break
        if not ok:
            continue
        selected += g.weight
        call = bid_text(Hand1(rules, g.facts).outcome()[0])
        calls[call] = calls.get(call, 0) + g.weight
    return selected, calls


def _facts(pbn: str):
    from reference.interp import Facts

    return Facts.of(Hand.parse(pbn))


def test_every_checked_node_agrees_with_the_reference():
    fs = system()
    model = NodeModel(fs)
    tree = build_tree(model, title="small")
    g = tree.graph
    checked = [r for r in tree.nodes.values() if r.checks is not None]
    assert {r.auction for r in checked} >= {(), ("PASS",), ("1NT",), ("1NT", "PASS"),
                                            ("1NT", "PASS", "2C", "PASS")}
    for r in checked:
        selected, calls = reference_node(fs, r.auction)
        assert r.selected == selected, (r.name, r.selected, selected)
        legal = {c.call: c.hands for c in r.children}
        illegal = {f.subject: f.count for f in r.findings if f.kind == "illegal-call"}
        assert sum(legal.values()) + sum(illegal.values()) == selected
        for c in r.children:
            assert c.hands == calls[c.call], (r.name, c.call)
            assert c.probability == Fraction(c.hands, selected)
            assert g.edges[r.auction, r.auction + (c.call,)]["weight"] == c.probability
            assert replays(model, r.auction, Hand.parse(c.witness), c.vul, c.call)
        assert set(legal) | {"1S"} >= set(calls), (r.name, calls)
        ref = count(fs.rules_at(r.auction), given=history(fs, r.auction))
        S = r.checks
        assert {p.label: p.state for p in S.points} == ref.states, r.name
        assert {lb: S.meets[lb] for lb in ref.labels} == ref.meets, r.name
        assert {lb: S.bids[lb] for lb in ref.labels} == {lb: ref.bids[lb] for lb in ref.labels}
        assert {(o.n, o.m): o.hands for o in S.overlaps} == \
            {k: v for k, v in ref.pairs.items() if v}, r.name
    # the facts of this system, as the reference counts them
    respond = tree.nodes[("1NT", "PASS")]
    kinds = {f.kind for f in respond.findings}
    assert kinds == {"gap", "illegal-call"}, respond.findings
    bad = next(f for f in respond.findings if f.kind == "illegal-call")
    assert (bad.point, bad.detail) == ("wrong", "1S: 1S is not higher than 1NT")
    assert bad.witness is not None and bad.witness.call == "1S"
    assert Hand1(fs.blocks[("1NT", "PASS")], _facts(bad.witness.hand)).outcome() \
        == (14, "wrong")
    gap = next(f for f in respond.findings if f.kind == "gap")
    _, calls = reference_node(fs, ("1NT", "PASS"))
    weak_pass = sum(gr.weight for gr in groups()  # responder has not called: every hand
                    if Hand1(fs.blocks[("1NT", "PASS")], gr.facts).outcome()[1] == "weak")
    assert gap.count == calls["PASS"] - weak_pass  # the fall-through, not the rule 'weak'
    assert not tree.nodes[("1NT",)].findings  # else pass: no gap
    rebid = tree.nodes[("1NT", "PASS", "2C", "PASS")]
    states = {p.label: p.state for p in rebid.checks.points}
    assert states["never"] == "impossible"  # the opener showed 15-17 HCP
    assert states["five"] == "shadowed"  # 'hearts' bids every hand first
    assert states["hearts"] == states["spades"] == states["none"] == "reachable"
    # off-system nodes pass; auctions end after three passes following a bid
    assert tree.nodes[("1S",)].block is None
    assert [c.call for c in tree.nodes[("1S",)].children] == ["PASS"]
    assert not list(g.successors(("1S", "PASS", "PASS", "PASS")))
    assert not list(g.successors(("PASS",) * 4))


def test_two_systems_compared_node_by_node_agree_with_the_reference():
    from openbid.checks.system_diff import compare

    a = system()
    b = system()
    b.blocks[("1NT", "PASS")] = loads(RESPOND.replace("HCP >= 8 and", "HCP >= 9 and"))
    ma, mb = NodeModel(a), NodeModel(b)
    ta = build_tree(ma)
    d = compare(ma, mb, ta, build_tree(mb))
    changed = {n.auction: n for n in d.nodes}
    node = changed[("1NT", "PASS")]
    want: dict[tuple[str, str], int] = {}
    for g in groups():
        ca = bid_text(Hand1(a.blocks[("1NT", "PASS")], g.facts).outcome()[0])
        cb = bid_text(Hand1(b.blocks[("1NT", "PASS")], g.facts).outcome()[0])
        if ca != cb:
            want[(ca, cb)] = want.get((ca, cb), 0) + g.weight
    assert node.transitions == want and want
    for (ca, cb), ex in node.examples.items():
        assert replays(ma, node.auction, Hand.parse(ex), "none", ca)
        assert replays(mb, node.auction, Hand.parse(ex), "none", cb)
    shown = changed[("1NT", "PASS", "2C")]  # what responder's 2C shows changed
    only_a = sum(g.weight for g in groups() if history(a, ("1NT", "PASS", "2C"), 2)(g.facts)
                 and not history(b, ("1NT", "PASS", "2C"), 2)(g.facts))
    assert shown.only_a == only_a and only_a and shown.only_b == 0
    assert not d.equivalent and d.changed == sum(n.changed for n in d.nodes)
    same = compare(ma, NodeModel(system()), ta, ta)
    assert same.equivalent and not same.nodes


CLAIMS = """\
claim opener.range
  source: test
  quote: the 1NT opener holds 15-17
  auction: 1NT P 2C P
  every: true
  has: 15 <= HCP <= 17 and BALANCED

claim opener.hearts
  source: test
  quote: 2H shows four hearts
  auction: 1nt pass 2c pass
  bid: 2H
  shows: SUITLENGTH(H) >= 4

claim opener.five
  source: test
  quote: (wrong) 2D denies a four-card major and shows 16
  auction: 1NT P 2C P
  bid: 2D
  shows: HCP = 16

claim responder.never
  source: test
  quote: (vacuous) responder's 1NT overcall
  auction: 1NT P
  every: HCP >= 40
  has: bid = "1NT"
"""


def test_claims_about_a_node_range_over_the_bidders_history(tmp_path):
    from openbid.systems.claims import load_claims
    from openbid.checks.nodes import claims_by_node

    path = tmp_path / "claims.txt"
    path.write_text(CLAIMS)
    fs = system()
    claims = load_claims(path, fs.opening)
    at = claims_by_node(claims)
    assert set(at) == {("1NT", "PASS", "2C", "PASS"), ("1NT", "PASS")}
    tree = build_tree(NodeModel(fs), lambda a: at.get(a, ()))
    tree.check_claims_placed(at)
    got = {c.claim.id: c for r in tree.nodes.values() if r.checks for c in r.checks.claims}
    assert {k: c.verdict.value for k, c in got.items()} == {
        "opener.range": "held", "opener.hearts": "held", "opener.five": "failed",
        "responder.never": "vacuous"}
    ok = history(fs, ("1NT", "PASS", "2C", "PASS"))
    rebid = fs.blocks[("1NT", "PASS", "2C", "PASS")]
    premise = gap = 0
    for g in groups():
        if ok(g.facts) and bid_text(Hand1(rebid, g.facts).outcome()[0]) == "2D":
            premise += g.weight
            gap += g.weight * (g.facts.hcp != 16)
    five = got["opener.five"]
    assert (five.premise_hands, five.gap_hands) == (premise, gap)
    assert _facts(five.witness).hcp != 16 and ok(_facts(five.witness))
    import pytest

    from openbid.base.errors import OpenbidError

    with pytest.raises(OpenbidError, match="no hand reaches it"):
        tree.check_claims_placed({("7NT",): (claims[0],)})


def test_a_claim_about_a_later_auction_needs_auction_blocks(tmp_path, capsys):
    from openbid.cli.main import main

    path = tmp_path / "claims.txt"
    path.write_text(CLAIMS)
    assert main(["prove", "system", "--variant", "code", "--claims", str(path), "--quiet"]) == 2
    assert "where no block of variant code applies" in capsys.readouterr().err


def test_a_tree_too_large_is_refused_before_any_check() -> None:
    """The size of the tree is bounded from below by the distinct auctions of seeded deals the
    system bids: past the limit, the refusal comes before a single node is checked."""
    from pathlib import Path

    import pytest

    from openbid.base.errors import OpenbidError
    from openbid.checks.nodes import build_tree, system_model, tree_lower_bound

    small = Path(__file__).resolve().parents[2] / "openbid/systems/examples/small.rules"
    model = system_model(None, str(small))
    seen = tree_lower_bound(model, 5)
    assert 5 < seen <= 5 + 320  # it stops at the first deal that passes the limit
    with pytest.raises(OpenbidError, match="more than 5 nodes"):
        build_tree(model, max_nodes=5)
