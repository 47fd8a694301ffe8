"""Auction systems on random files: at every node of the tree (openbid.checks.nodes over the
auction model), the hands consistent with the bidder's history, the calls made there, the
point states, meets, bids and overlaps equal the reference's brute-force counts (the
reference interpreter runs each node's rules table on every hand class, and replays each
player's history with it). A fast profile by default, a long one under ``-m slow``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from openbid.systems.auction import system_of
from openbid.bridge.hand import Hand
from openbid.systems.rules.text import loads
from openbid.checks.nodes import NodeModel, build_tree, replays

from reference.count import count, groups
from reference.gen import conditions, rule_files
from reference.interp import Facts, Hand1, bid_text

FAST = settings(max_examples=3, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LONG = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

PATTERNS = ('"1C P"', '"1NT P"', '"1C"', '"1 s P" where s in SUITS', '"1NT P 2C P"')


@st.composite
def systems(draw, max_sections: int = 2):
    """An opening that makes the calls the patterns answer (each under a random condition),
    then up to three blocks: random sections (the generator's, indented under the header),
    some ``else pass``, some with a double."""
    lines = ["name gen", 'section 1 "open"']
    for label, call, base in (("nt", "1NT", "BALANCED and 15 <= HCP <= 17"),
                              ("hearts", "1H", "SUITLENGTH(H) >= 5 and HCP >= 12"),
                              ("spades", "1S", "SUITLENGTH(S) >= 5 and HCP >= 12"),
                              ("clubs", "1C", "HCP >= 12")):
        extra = draw(st.one_of(st.none(), conditions()))
        cond = base if extra is None else f"({base}) {draw(st.sampled_from(['and', 'or']))} " \
                                          f"({extra})"
        lines.append(f"  bid {label} when {cond} value {call}")
    for pattern in draw(st.lists(st.sampled_from(PATTERNS), min_size=2, max_size=4,
                                 unique=True)):
        body = draw(rule_files(max_sections=max_sections, max_depth=2)).text.splitlines()[1:]
        head = f"auction {pattern}" + (" else pass" if draw(st.booleans()) else "")
        lines += ["", head] + ["  " + x for x in body]
        if draw(st.booleans()):  # a double, legal wherever an opponent's bid is the last
            import re

            last = max([int(m) for m in re.findall(r"^section (\d+)", "\n".join(body), re.M)],
                       default=13)
            lines.append(f"  section {max(14, last + 1)} \"double\" when {draw(conditions())}")
            lines.append("    bid dbl when true value X")
    return "\n".join(lines) + "\n"


def rules_at(system, auction):
    from openbid.systems.auction_facts import ended

    return None if ended(auction) else system.node(auction).rules


def consistent(system, auction, facts) -> bool:
    me = len(auction) % 4
    for t in range(me, len(auction), 4):
        r = rules_at(system, auction[:t])
        if ("PASS" if r is None else bid_text(Hand1(r, facts).outcome()[0])) != auction[t]:
            return False
    return True


def made_at(system, auction, cond=None) -> dict[str, list[int]]:
    """The reference at a node: per call, [the hands consistent with the bidder's history that
    make it, those of them that fail ``cond``] (one pass over every hand group)."""
    rules = system.node(auction).rules
    made: dict[str, list[int]] = {}
    for g in groups():
        if consistent(system, auction, g.facts):
            h1 = Hand1(rules, g.facts)
            slot = made.setdefault(bid_text(h1.outcome()[0]), [0, 0])
            slot[0] += g.weight
            slot[1] += 0 if cond is None or h1.truth(cond, {}) else g.weight
    return made


def check_system(text: str, cond_text: str = "true", call: str = "1H") -> None:
    """The node checks (Z3 and a census pass per node) against the reference at every node;
    claims at the nodes of up to three calls: "every hand has COND", "PASS shows COND" and
    "CALL shows COND" over the hands consistent with the bidder's history (the verdict, the
    hands meeting the premise and those failing COND, as the reference counts them)."""
    from openbid.systems.claims import SystemClaim

    rules0 = loads(text)
    system = system_of(rules0)
    model = NodeModel(system)
    cond = rules0.parse(cond_text)
    premises = (("true", None), ('bid = "PASS"', "PASS"), (f'bid = "{call}"', call))

    def claims_at(a):
        if len(a) > 3:
            return ()
        return tuple(SystemClaim(f"c{i}", "test", "test", rules0.parse(pt), cond, pt, cond_text,
                                 bid=b, auction=a) for i, (pt, b) in enumerate(premises))

    tree = build_tree(model, claims_at, max_nodes=3000)
    for r in tree.nodes.values():
        if r.checks is None:
            continue
        rules = system.node(r.auction).rules
        made = made_at(system, r.auction, cond if len(r.auction) <= 3 else None)
        if len(r.auction) <= 3:
            _check_node_claims(r, rules, system, cond, premises, made)
        calls = {c: h for c, (h, _) in made.items()}
        assert r.selected == sum(calls.values()), r.name
        legal = {c.call: c.hands for c in r.children}
        # an illegal call's finding per call (the points that make it in its ``point``)
        bad: dict[str, int] = {}
        for f in r.findings:
            if f.kind == "illegal-call":
                bad[f.subject] = bad.get(f.subject, 0) + f.count
        assert {k: v for k, v in calls.items() if k in legal} == legal, r.name
        assert {k: v for k, v in calls.items() if k not in legal} == bad, r.name
        for c in r.children:
            assert replays(model, r.auction, Hand.parse(c.witness), c.vul, c.call)
        ref = count(rules, given=lambda f, a=r.auction: consistent(system, a, f))
        S = r.checks
        assert {p.label: p.state for p in S.points} == ref.states, r.name
        assert {lb: S.meets[lb] for lb in ref.labels} == ref.meets, r.name
        assert {(o.n, o.m): o.hands for o in S.overlaps} == \
            {k: v for k, v in ref.pairs.items() if v}, r.name
        gap = next((f.count for f in r.findings if f.kind == "gap"), 0)
        want = ref.bids[ref.pass_label] if r.block and not r.else_pass else 0
        assert gap == want, (r.name, gap, want)


def _check_node_claims(r, rules, system, cond, premises, made) -> None:
    from openbid.checks.verdicts import Verdict

    got = {c.claim.id: (c.verdict, c.premise_hands, c.gap_hands) for c in r.checks.claims}
    want = {}
    for i, (_, b) in enumerate(premises):
        h = sum(v[0] for k, v in made.items() if b is None or k == b)
        f = sum(v[1] for k, v in made.items() if b is None or k == b)
        want[f"c{i}"] = (Verdict.VACUOUS if not h else Verdict.FAILED if f else Verdict.HELD,
                         h, f)
    assert got == want, r.name
    for c in r.checks.claims:  # a failing claim's witness makes the bidder's calls, fails COND
        if c.verdict is Verdict.FAILED:
            facts = Facts.of(Hand.parse(c.witness))
            assert consistent(system, r.auction, facts), r.name
            assert not Hand1(rules, facts).truth(cond, {}), r.name


@FAST
@given(systems(), conditions(), st.sampled_from(["1C", "1H", "1NT", "2C", "2D"]))
def test_every_node_of_a_random_system_agrees_with_the_reference(text, cond, call):
    check_system(text, cond, call)


@pytest.mark.slow
@LONG
@given(systems(max_sections=3), conditions(), st.sampled_from(["1C", "1H", "1NT", "2C", "2D"]))
def test_every_node_of_a_random_system_agrees_with_the_reference_long(text, cond, call):
    check_system(text, cond, call)


# Later nodes that read only suit lengths: the census reads them over the coarse classes (each
# weighted by the hands of the fine classes it merges), a player's first call over every coarse
# row at once, an opener's rebid over some of them.
COARSE = """name gen
section 1 "open"
  bid nt when BALANCED and 15 <= HCP <= 17 value 1NT
  bid hearts when SUITLENGTH(H) >= 5 and HCP >= 12 value 1H
  bid spades when SUITLENGTH(S) >= 5 and HCP >= 12 value 1S
  bid clubs when HCP >= 12 value 1C

auction "1C"
  section 1 "over"
    bid ov when SUITLENGTH(S) >= 5 value 1S
    bid ov2 when LONGEST >= 6 value 2D

auction "1C P" else pass
  section 1 "resp"
    bid r1 when SUITLENGTH(H) >= 4 value 1H
    bid r2 when SUITLENGTH(S) - SUITLENGTH(D) >= 1 value 1S
  section 2 "more"
    bid r3 when LONGEST <= 4 value 1NT

auction "1C P 1H P"
  section 1 "rebid"
    bid rb when SUITLENGTH(H) >= 4 value 2H
    bid rb2 when LONGEST >= 6 value 2C

auction "1 s P" where s in SUITS
  section 1 "raise"
    bid up when SUITLENGTH(C) >= 3 and SUITLENGTH(D) <= 2 value 2C
"""


# COARSE with a balancing block: after "1C P P" the fourth hand's first call is read over every
# coarse row; after "P 1C P P" the same rules are read over the dealer's passing hands, from the
# values the first reading kept (the census's shortcut for a passed hand's first call).
PASSED = COARSE + """
auction "1C P P" else pass
  section 1 "balance"
    bid bal when SUITLENGTH(H) >= 4 and SUITLENGTH(D) <= 3 value 1H
    bid bal2 when LONGEST >= 5 value 1NT
"""


def check_census(text: str, cond_text: str = "true") -> None:
    """The tree census (openbid.readers.census.tree, checked by openbid.checks.tree) against the
    reference at every node: the tree, the calls' hands, bids, meets, who takes a guard's hands,
    the gap; and against the node checks' tree (Z3 and the per-node census). Node claims: at
    every node, ``forcing``, and ``shows cond_text`` of each call made there: the verdict,
    the hands and the failing hands, as the reference decides them."""
    from openbid.readers.census.tree import tree_census
    from openbid.checks.tree import check_tree

    rules = loads(text)
    system = system_of(rules)
    tc = tree_census(rules)
    assert tc.contexts == 1  # nothing here reads the vulnerability
    tree = build_tree(NodeModel(system), max_nodes=3000, solver=False)
    assert set(tc.children) == set(tree.nodes)
    for a, r in tree.nodes.items():
        if r.checks is None:
            assert a not in tc.counts
            continue
        assert sorted(tc.children[a]) == sorted(c.call for c in r.children), r.name
    cond = rules.parse(cond_text)
    claimed = sorted(tc.counts, key=lambda x: (len(x), x))[:12]  # the nodes claims are about
    made_of = {}
    for a, nc in tc.counts.items():
        rules_a = system.node(a).rules
        made = made_of[a] = made_at(system, a, cond if a in claimed else None)
        assert {c: h for c, (h, _, _) in nc.calls.items()} == \
            {c: h for c, (h, _) in made.items()}, a
        ref = count(rules_a, given=lambda f, a=a: consistent(system, a, f))
        assert {lb: nc.bids.get(lb, 0) for lb in ref.labels} == \
            {lb: ref.bids[lb] for lb in ref.labels}, a
        assert {lb: nc.meets.get(lb, 0) for lb in ref.labels} == ref.meets, a
        assert {k: v for k, v in nc.taken.items() if k[1] != ref.pass_label} == \
            {(lb, at): v for lb, d in ref.taken.items() for at, v in d.items()
             if at != lb and at != ref.pass_label and v}, a
        node = system.node(a)
        want = ref.bids[ref.pass_label] if node.block is not None and not node.else_pass else 0
        assert nc.gap == want, a
    # node claims: the census's verdicts (every witness replays) against the reference's counts
    from openbid.expr.ast import TRUE
    from openbid.systems.claims import Claim

    never_passes = rules.parse('bid != "PASS"')

    def shows(i: str, a, call: str) -> Claim:
        return Claim(i, "test", "test", rules.parse(f'bid = "{call}"'), cond, f'bid = "{call}"',
                     cond_text, bid=call, auction=a, form="shows")

    specs, want = [], {}
    for a in claimed:
        made = made_of[a]
        n = len(specs)
        specs.append(Claim(f"f{n}", "test", "test", TRUE, never_passes, "true",
                           'bid != "PASS"', auction=a, form="forcing"))
        everyone = sum(h for h, _ in made.values())
        passing = made.get("PASS", [0, 0])[0]
        want[f"f{n}"] = ("vacuous", 0, 0) if not everyone else \
            ("held", everyone, 0) if not passing else ("failed", everyone, passing)
        for call in sorted(made)[:2]:
            specs.append(shows(f"s{len(specs)}", a, call))
            h, f = made[call]
            want[specs[-1].id] = ("held", h, 0) if not f else ("failed", h, f)
        specs.append(shows(f"s{len(specs)}", a, "7NT"))  # a call nobody makes here: vacuous
        want[specs[-1].id] = ("vacuous", 0, 0)
    checked = check_tree(rules, tuple(specs), seeds=0)  # every hand it reports replays
    got = {c.claim.id: (c.verdict, c.hands, c.failing) for c in checked.claims}
    assert got == want
    # one findings type: the node checks' findings are the census's (every overlap's hand
    # found by Z3 and re-run)
    from openbid.checks.findings import compare
    from openbid.checks.nodes import node_findings

    assert compare(checked.findings, node_findings(tree, NodeModel(system))) == []


@FAST
@given(systems(), conditions())
@example(COARSE, "SUITLENGTH(H) >= 4 or HCP >= 12")
@example(PASSED, "SUITLENGTH(D) >= 3")
def test_the_tree_census_of_a_random_system_agrees_with_the_reference(text, cond):
    check_census(text, cond)


@pytest.mark.slow
@LONG
@given(systems(max_sections=3), conditions())
def test_the_tree_census_of_a_random_system_agrees_with_the_reference_long(text, cond):
    check_census(text, cond)
