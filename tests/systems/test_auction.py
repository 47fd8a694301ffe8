"""Auction-aware systems (openbid.systems.auction): auction blocks read from rule files, patterns and
the facts of a node, the legality of calls, whole deals bid to the end, and the condition "this
player's calls were the system's" (System.consistent) read alike by the executor, Z3 and the
census.

The expected calls come from the example system (openbid/systems/examples/small.rules, the
one docs/AUCTIONS.md shows) and hands whose points and lengths are counted in the comments.
"""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import pytest
import z3

from openbid.systems.auction import DealAuction, System, load_system, parse_auction, system_of
from openbid.systems.auction_facts import contract, ended, facts, illegal, match
from openbid.base.errors import OpenbidError, RuleFileError
from openbid.systems.evaluate import holds
from openbid.bridge.hand import Hand
from openbid.systems.rules.text import dumps, loads
from openbid.systems.variants import VARIANTS, load_variant

ROOT = Path(__file__).resolve().parents[2]
SMALL_PATH = "openbid/systems/examples/small.rules"
SMALL = load_system(str(ROOT / SMALL_PATH))
NONE = (("VUL", False), ("THEYVUL", False))

# N 15 HCP 3433 (1NT); E 12 HCP, S 11 HCP with four hearts (Stayman), W 1 HCP.
DEAL = {"N": "AQ2.KJ42.KQ2.Q32", "E": "T98.AT9.JT98.AK5", "S": "KJ43.Q765.A3.J76",
        "W": "765.83.7654.T984"}
HANDS = {k: Hand.parse(v) for k, v in DEAL.items()}


def small_text() -> str:
    return resources.files("openbid.systems").joinpath("examples/small.rules").read_text()


# ---- reading auction blocks --------------------------------------------------------------------

def test_the_example_system_reads_with_its_blocks() -> None:
    rules = SMALL.rules
    assert [b.pattern for b in rules.auctions] == ["1NT P", "1NT P 2C P", "1 m P", "1 s"]
    assert [b.else_pass for b in rules.auctions] == [False, True, True, True]
    assert dict(rules.auctions[2].variables) == {"m": (2, 1)}
    assert dict(rules.auctions[3].variables) == {"s": (4, 3, 2, 1)}
    assert len(small_text().splitlines()) <= 40  # the docs' "about 30 lines"


def test_every_shipped_rule_file_reads_as_before_with_no_blocks() -> None:
    for name, (filename, _, _) in VARIANTS.items():
        if name == "sayc":
            continue  # the whole system: its blocks are read below
        assert load_variant(name).auctions == (), name


def test_sayc_is_the_whole_system_and_sayc_openings_its_opening_block() -> None:
    whole, opening = load_variant("sayc"), load_variant("sayc-openings")
    assert len(whole.auctions) >= 100 and opening.auctions == ()
    assert opening.sections == whole.sections
    again = loads(dumps(whole), "again.rules")  # the whole system exports and reads back
    assert again.auctions == whole.auctions and again.sections == whole.sections


def test_export_round_trip_keeps_the_blocks() -> None:
    rules = loads(small_text(), "small.rules")
    again = loads(dumps(rules), "again.rules")
    assert again.auctions == rules.auctions
    assert again.sections == rules.sections


@pytest.mark.parametrize("text, line, words", [
    ('auction 1NT P\n  section 1 "A"\n    bid a when true value 2C\n', 5, "expected: auction"),
    ('auction "1NT Q"\n  section 1 "A"\n    bid a when true value 2C\n', 5, "no such call"),
    ('auction "P 1NT"\n  section 1 "A"\n    bid a when true value 2C\n', 5, "starts with a pass"),
    ('auction ""\n  section 1 "A"\n    bid a when true value 2C\n', 5, "empty pattern"),
    ('auction "1 m" where m in REDS\n  section 1 "A"\n    bid a when true value 2C\n', 5,
     "unknown suits"),
    ('auction "1NT" where m in MINORS\n  section 1 "A"\n    bid a when true value 2C\n', 5,
     "does not bind m"),
    ('auction "1NT" when true\n  section 1 "A"\n    bid a when true value 2C\n', 5,
     "expected 'where"),
    ('auction "1NT"\n', 5, "no sections"),
    ('auction "1NT"\n  bid a when true value 2C\n', 6, "expected 'section'"),
    ('auction "1NT"\n  section 1 "A"\n    bid a when true value 8C\n', 7, "level runs from 1"),
    ('auction "1NT"\n  section 1 "A"\n    bid a when LEVLE = 1 value 2C\n', 7, "LEVLE"),
    ('auction "1 m" where m in MINORS\n  section 1 "A"\n    bid a when true value 2 n\n', 7, ""),
    ('auction "1NT"\n  section 1 "A"\n    bid a when true value 2C\nsection 2 "B"\n'
     '  bid b when true value 1C\n', 8, "before the first"),
])
def test_a_malformed_block_is_refused_with_its_line(text: str, line: int, words: str) -> None:
    head = 'name t\nsection 1 "Open"\n  bid o when HCP >= 12 value 1NT\n\n'
    with pytest.raises(RuleFileError) as exc:
        loads(head + text, "t.rules")
    assert f"t.rules:{line}" in str(exc.value) or f"line {line}" in str(exc.value), str(exc.value)
    assert words in str(exc.value)


def test_a_suit_variable_not_declared_ranges_over_every_suit() -> None:
    rules = loads('name t\nsection 1 "O"\n  bid o when true value 1C\n'
                  'auction "1 s P"\n  section 1 "A"\n    bid a when SUITLENGTH(s) >= 3 value 2 s\n',
                  "t.rules")
    assert rules.auctions[0].variables == (("s", (4, 3, 2, 1)),)
    assert loads(dumps(rules), "again.rules").auctions == rules.auctions
    s = System(rules)
    assert s.call("1H P", HANDS["N"]).call == "2H"
    assert s.call("1NT P", HANDS["N"]).off_system


def test_labels_are_scoped_per_block_and_facts_read_in_blocks_only() -> None:
    text = ('name t\nsection 1 "Open"\n  bid a when HCP >= 12 value 1NT\n'
            'auction "1NT P"\n  section 1 "R"\n    bid a when PARTNERPASSED or LEVEL = 1 value 2C\n'
            'auction "1NT P 2C P"\n  section 1 "R"\n    bid a when ROUND = 2 value 2D\n')
    s = System(loads(text, "t.rules"))
    assert s.call("1NT P", Hand.parse("AKQJ.AKQ.AK.5432")).label == "1NT P/a"
    assert s.call("1NT P 2C P", Hand.parse("AKQJ.AKQ.AK.5432")).label == "1NT P 2C P/a"
    with pytest.raises(RuleFileError):  # an auction fact at the opening: nobody has bid yet
        loads('name t\nsection 1 "Open"\n  bid a when LEVEL = 0 value 1NT\n', "t.rules")


# ---- auctions, patterns and facts --------------------------------------------------------------

def test_parse_auction_is_lenient_in_and_canonical_out() -> None:
    assert parse_auction("p 1nt dbl RDBL pass 2n") == ("PASS", "1NT", "X", "XX", "PASS", "2NT")
    assert parse_auction("") == ()
    for bad, words in (("1NT 1C", "not higher"), ("X", "doubles only"), ("1C P X", "opponent"),
                       ("1C XX", "redoubles only"), ("8C", "level"), ("1Z", "no such call"),
                       ("P P P P 1C", "ended")):
        with pytest.raises(OpenbidError, match=words):
            parse_auction(bad)


def test_which_calls_are_legal() -> None:
    a = parse_auction("1S")
    assert illegal(a, "X") == "" and illegal(a, "2C") == "" and illegal(a, "PASS") == ""
    assert "not higher" in illegal(a, "1H") and "redoubles only" in illegal(a, "XX")
    assert "opponent" in illegal(parse_auction("1S P"), "X")  # partner's bid
    assert illegal(parse_auction("1S P P"), "X") == ""  # balancing: the opponent's bid
    assert illegal(parse_auction("1S X"), "XX") == ""
    assert "opponent" in illegal(parse_auction("1S X P"), "XX")  # partner doubled
    assert "not doubled yet" in illegal(parse_auction("1S X P P"), "X")
    assert "ended" in illegal(parse_auction("1S P P P"), "PASS")


def test_the_end_of_an_auction() -> None:
    assert ended(("PASS",) * 4) and not ended(("PASS",) * 3)
    assert ended(("1C", "PASS", "PASS", "PASS")) and not ended(("PASS", "1C", "PASS", "PASS"))


def test_facts_from_the_bidders_view() -> None:
    f = facts(parse_auction("P 1H X P"))  # the dealer (who passed) is to call; partner doubled
    assert f == {"SEAT": 1, "PASSEDHAND": True, "PARTNERPASSED": False, "ROUND": 2, "LEVEL": 1,
                 "LASTSUIT": 3, "PARTNERSUIT": 0, "DOUBLED": True, "REDOUBLED": False,
                 "WEOPENED": False, "THEYOPENED": True}
    g = facts(parse_auction("1NT P 2C X"))  # the opener: partner bid clubs, LHO doubled it
    assert (g["SEAT"], g["WEOPENED"], g["PARTNERSUIT"], g["LASTSUIT"], g["DOUBLED"]) == (
        1, True, 1, 1, True)
    assert facts(())["LEVEL"] == 0 and facts(())["SEAT"] == 1


def test_patterns_match_after_the_leading_passes() -> None:
    one_m = SMALL.rules.auctions[2]
    variables = dict(one_m.variables)
    assert match(one_m.tokens, variables, parse_auction("1D P")) == {"m": 2}
    assert match(one_m.tokens, variables, parse_auction("P P 1C P")) == {"m": 1}
    assert match(one_m.tokens, variables, parse_auction("1H P")) is None  # not a minor
    assert match(one_m.tokens, variables, parse_auction("1D X")) is None
    same = loads('name t\nsection 1 "O"\n  bid o when true value 1C\n'
                 'auction "1 s P 2 s" where s in SUITS\n  section 1 "A"\n'
                 '    bid a when true value PASS\n'
                 'auction "1 s * 2 t" where s in SUITS, t in SUITS\n  section 1 "B"\n'
                 '    bid b when true value PASS\n', "t.rules")
    a, b = same.auctions
    assert match(a.tokens, dict(a.variables), parse_auction("1H P 2H")) == {"s": 3}
    assert match(a.tokens, dict(a.variables), parse_auction("1H P 2S")) is None
    assert match(b.tokens, dict(b.variables), parse_auction("1H X 2S")) == {"s": 3, "t": 4}
    assert match(b.tokens, dict(b.variables), parse_auction("1H X 2NT")) is None


def test_first_matching_block_wins_and_no_block_is_off_system() -> None:
    assert SMALL.node("1NT P").name == "1NT P"
    assert SMALL.node("P 1NT P").name == "1NT P"  # the leading pass is not in the pattern
    assert SMALL.node("1D P").name == "1 m P"
    assert SMALL.node("1D").name == "1 s"
    assert SMALL.node("1NT").off_system and SMALL.node("1NT").name is None
    assert SMALL.node("P P P").opening
    c = SMALL.call("1NT", HANDS["E"])
    assert (c.call, c.label, c.block, c.off_system) == ("PASS", "", None, True)


# ---- calls -------------------------------------------------------------------------------------

def test_calls_of_the_example_system() -> None:
    hand = HANDS["S"]  # 11 HCP, four hearts and four spades
    assert SMALL.call("1NT P", hand).call == "2C"
    assert SMALL.call("1NT P", hand).label == "1NT P/stayman"
    n = SMALL.call("1NT P 2C P", HANDS["N"])  # four hearts: 2H
    assert (n.call, n.label, n.block) == ("2H", "1NT P 2C P/hearts", "1NT P 2C P")
    assert SMALL.call("", HANDS["N"]).call == "1NT"
    assert SMALL.call("", HANDS["N"]).block == ""
    # 1H by the dealer, then: 12 HCP, five spades over hearts: 1S (a one-level overcall)
    assert SMALL.call("1H", Hand.parse("AQJ32.K42.32.Q32")).call == "1S"
    # 13 HCP, singleton spade: a takeout double of 1S
    assert SMALL.call("1S", Hand.parse("2.KJ42.AQ32.K432")).call == "X"
    # falling through an 'else pass' block: a pass with no bid point
    c = SMALL.call("1S", Hand.parse("432.432.432.5432"))
    assert (c.call, c.label, c.block, c.off_system) == ("PASS", "", "1 s", False)


def test_an_illegal_call_is_an_error_naming_the_node_and_rule() -> None:
    s = System(loads('name t\nsection 1 "O"\n  bid o when true value 1NT\n'
                     'auction "1NT P"\n  section 1 "A"\n    bid low when true value 1C\n'
                     'auction "1NT"\n  section 1 "B"\n    bid dbl when true value XX\n', "t.rules"))
    with pytest.raises(OpenbidError, match=r"'1NT PASS'.*1NT P/low calls 1C.*not higher"):
        s.call("1NT P", HANDS["N"])
    with pytest.raises(OpenbidError, match="1NT/dbl calls XX.*redoubles only"):
        s.call("1NT", HANDS["N"])
    with pytest.raises(OpenbidError, match="nobody has bid"):
        System(loads('name t\nsection 1 "O"\n  bid o when true value X\n', "t.rules"))
    with pytest.raises(OpenbidError, match="has ended"):
        s.call("1NT P P P", HANDS["N"])


def test_vulnerability_is_from_the_bidders_side() -> None:
    s = System(loads('name t\nsection 1 "O"\n  bid o when VUL and not THEYVUL value 1NT\n'
                     '  bid p when THEYVUL value 1C\n', "t.rules"))
    assert s.call("", HANDS["W"], "we").call == "1NT"
    assert s.call("", HANDS["W"], "they").call == "1C"
    assert s.call("", HANDS["W"], "none").call == "PASS"
    with pytest.raises(OpenbidError, match="vulnerability"):
        s.call("", HANDS["W"], "NS")
    # a whole deal, N-S vulnerable, East deals: for East only the opponents are vulnerable: 1C
    deal = s.bid_deal(HANDS, "E", "NS")
    assert deal.auction[:2] == ("1C", "PASS")
    deal = s.bid_deal(HANDS, "N", "NS")  # for North, "we": 1NT
    assert deal.auction[:1] == ("1NT",)


# ---- whole deals -------------------------------------------------------------------------------

def test_a_deal_bid_to_the_end() -> None:
    d = SMALL.bid_deal(HANDS, "N", "none")
    assert isinstance(d, DealAuction)
    assert d.auction == ("1NT", "PASS", "2C", "PASS", "2H", "PASS", "PASS", "PASS")
    assert [c.label for c in d.choices] == ["1nt", "", "1NT P/stayman", "", "1NT P 2C P/hearts",
                                            "", "", ""]
    assert (d.contract, d.declarer, d.off_system) == ("2H", "N", 5)


def test_a_passed_out_deal_and_the_code_variant() -> None:
    flat = {k: Hand.parse("432.432.432.5432") for k in "NESW"}
    # no four hands of 5432 exist together; a system's calls are per hand, so this is fine
    d = SMALL.bid_deal(flat, "W", "both")
    assert (d.auction, d.contract, d.declarer) == (("PASS",) * 4, "PASS", None)
    code = load_system("code")
    c = code.bid_deal(HANDS, "W", "none")  # OPENBID opens and every later node is off-system
    assert c.auction == ("PASS", "1NT", "PASS", "PASS", "PASS")
    assert (c.contract, c.declarer, c.off_system) == ("1NT", "N", 3)


def test_contract_doubles_and_the_declarer() -> None:
    assert contract(parse_auction("1S X P P P")) == ("1SX", 0)
    assert contract(parse_auction("1S X XX P P P")) == ("1SXX", 0)
    assert contract(parse_auction("1S X P P XX P P P")) == ("1SXX", 0)
    assert contract(parse_auction("1S X 2S P P P")) == ("2S", 0)  # opener named spades first
    assert contract(parse_auction("1S 2H P P X P P P")) == ("2HX", 1)
    # the first of the side to name the strain declares: partner bid hearts first
    assert contract(parse_auction("P 1H P 1S P 2H P 4H P P P")) == ("4H", 1)
    assert contract(parse_auction("P P P P")) == ("PASS", None)


def test_a_system_doubles_and_the_contract_says_so() -> None:
    s = System(loads('name t\nsection 1 "O"\n  bid o when HCP >= 12 value 1S\n'
                     'auction "1S" else pass\n  section 1 "D"\n    bid x when HCP >= 1 value X\n',
                     "t.rules"))
    hands = {"N": Hand.parse("AKQ32.K42.32.Q32"), "E": Hand.parse("4.QJ3.K654.AJT98"),
             "S": Hand.parse("JT9.AT9.QJT9.K54"), "W": Hand.parse("8765.8765.A87.76")}
    d = s.bid_deal(hands, "N", "none")
    assert d.auction == ("1S", "X", "PASS", "PASS", "PASS")
    assert (d.contract, d.declarer) == ("1SX", "N")


# ---- what a player's calls say: three readers, one answer --------------------------------------

AUCTIONS = [("1NT P 2C P", 0), ("1NT P 2C P", 2), ("1NT P 2C P 2H P", 0), ("1D P 2D", 0),
            ("1D P 2D", 2), ("1H 1S", 1), ("1S X", 1), ("P 1C P", 0), ("1NT P 3NT", 2),
            ("1NT P 2C P 2D P", 2), ("P P 1S X P", 1), ("1NT 2C", 1)]


def _replays(system: System, auction: tuple[str, ...], seat: int, hand: Hand) -> bool:
    return all(system.call(auction[:i], hand).call == auction[i]
               for i in range(seat, len(auction), 4))


def _random_hands(n: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = rng.sample(range(52), 13)
        suits = ["".join("AKQJT98765432"[c % 13] for c in sorted(cards) if c // 13 == s)
                 for s in range(4)]
        out.append(Hand.parse(".".join(suits)))
    return out


def _z3_pinned(sym, solver, expr, hand: Hand) -> bool:
    solver.push()
    try:
        solver.add(*sym.class_of(hand))
        assert solver.check() == z3.sat
        v = sym.cond(expr)
        if isinstance(v, bool):
            return v
        return z3.is_true(solver.model().eval(v, model_completion=True))
    finally:
        solver.pop()


def _numpy_one(rules, expr, hand: Hand) -> bool:
    from openbid.readers.census.domain import Chunk
    from openbid.readers.census.passes import plan, spec_for

    p = plan(spec_for(rules, (expr,), outcome=False, merge=False, context=NONE))
    states = {}
    for s in (1, 2, 3, 4):
        h = hand.holding(s)  # type: ignore[arg-type]
        held = "".join(r for r in h.ranks if r in p.model.tracked)
        states[s] = [p.model.state(held, h.length - len(held))]
    v = p.view_of(Chunk(states)).reader(0).value(expr)
    return bool(v[0]) if hasattr(v, "shape") else bool(v)


@pytest.mark.parametrize("auction, seat", AUCTIONS)
def test_consistent_is_read_alike_by_the_executor_z3_and_numpy(auction: str, seat: int) -> None:
    from openbid.readers.symbolic import SymbolicHand

    calls = parse_auction(auction)
    expr = SMALL.consistent(calls, seat)
    rules = SMALL.opening
    sym = SymbolicHand(rules, exprs=(expr,), context=dict(NONE))
    solver = z3.Solver()
    solver.add(sym.domain)
    # the hands of the deal above, hands built to make the calls, and random ones
    hands = list(HANDS.values()) + _random_hands(25, hash(auction) % 1000 + seat)
    # Z3's own witness, when there is one, makes the calls when the executor replays them
    solver.push()
    solver.add(sym.cond(expr))
    answer = solver.check()
    if answer == z3.sat:
        hands.append(sym.witness(solver.model()))
    solver.pop()
    agreed = set()
    for hand in hands:
        want = _replays(SMALL, calls, seat, hand)
        assert holds(expr, hand, rules, NONE) == want, (auction, seat, hand)
        assert _z3_pinned(sym, solver, expr, hand) == want, (auction, seat, hand)
        assert _numpy_one(rules, expr, hand) == want, (auction, seat, hand)
        agreed.add(want)
    if answer == z3.sat:
        assert True in agreed  # the witness made the calls
    else:
        assert answer == z3.unsat  # never unknown here: a dozen descriptors


def test_an_impossible_history_is_false_and_z3_says_unsat() -> None:
    from openbid.expr.ast import FALSE
    from openbid.readers.symbolic import SymbolicHand

    # after 1NT P, responder's system never bids 2D: no hand is consistent with it
    expr = SMALL.consistent(parse_auction("1NT P 2D"), 2)
    assert expr == FALSE or z3.Solver().check(
        SymbolicHand(SMALL.opening, exprs=(expr,)).cond(expr)) == z3.unsat
    # an off-system node's only call is a pass
    assert SMALL.consistent(parse_auction("1NT 2C"), 1) == FALSE


@pytest.mark.parametrize("auction, seat, node, call", [
    ("1NT P 2C P", 2, "1NT P", "2C"), ("1NT", 0, "", "1NT"), ("1D P 2D", 2, "1D P", "2D"),
    ("1S X", 1, "1S", "X"),
])
def test_the_census_count_of_consistent_is_the_nodes_call_count(auction, seat, node, call) -> None:
    """Exact: the hands whose history is ``auction`` (one call at ``node``), counted by the
    census over the expression, equal the hands the node's rules give ``call`` (the census's
    own outcome column, a separate path); and the witness of each replays."""
    from openbid.bridge.bids import bid_text
    from openbid.readers.census.census import Census, Column

    expr = SMALL.consistent(parse_auction(auction), seat)
    by_expr = Census([SMALL.opening], dict(NONE)).group([], where=expr)
    n = SMALL.node(node)
    by_outcome = Census([n.rules], dict(NONE)).group([Column("outcome")])
    want = sum(w for key, w in by_outcome.weights.items() if bid_text(key[0][0]) == call)
    assert want > 0
    assert by_expr.weights.get((), 0) == want
    assert _replays(SMALL, parse_auction(auction), seat, by_expr.examples[()].lowest())


def test_load_system_names_and_files() -> None:
    assert load_system("code") is system_of(load_variant("code"))
    assert load_system(str(ROOT / SMALL_PATH)).name == "small"
    with pytest.raises(OpenbidError):
        load_system("no-such-system")


# ---- the page for system writers -----------------------------------------------------------------

def test_docs_auctions_shows_the_example_file_and_what_the_commands_print(tmp_path, capsys) -> None:
    import os
    import re
    import shlex

    from openbid.cli.main import main

    doc = (ROOT / "docs" / "AUCTIONS.md").read_text(encoding="utf-8")
    shown = doc.split("```rules small\n", 1)[1].split("```", 1)[0]
    assert shown == small_text()
    # every console example prints what the page shows, run from the repository's root
    blocks = re.findall(r"```\n(\$ openbid .*?)```", doc, re.S)
    assert blocks
    for block in blocks:
        lines = block.splitlines()
        command, want = lines[0][2:], lines[1:]
        here = os.getcwd()
        os.chdir(ROOT)
        try:
            main(shlex.split(command)[1:])
        finally:
            os.chdir(here)
        got = capsys.readouterr().out.splitlines()
        assert got[:len(want)] == want, command
    # the error the page quotes is the one a rule file with an illegal call gets
    (tmp_path / "my.rules").write_text('name my\nsection 1 "O"\n  bid o when true value 1NT\n'
                                       'auction "1NT P"\n  section 1 "A"\n'
                                       '    bid low when true value 1C\n')
    quoted = next(x.strip() for x in doc.splitlines() if "illegal here" in x)
    with pytest.raises(OpenbidError) as exc:
        load_system(str(tmp_path / "my.rules")).call("1NT P", HANDS["N"])
    assert quoted == f"openbid: error: {exc.value}".replace(str(tmp_path) + "/", "")
