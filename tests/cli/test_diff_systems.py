"""``openbid diff A B`` on two auction systems: at every node of either tree, the calls' exact
shares of the hands consistent with the bidder's own calls under A and under B (the tree census
of each), against a brute-force count; where the tables differ and the shares do not, hand by
hand; exit 1 when they differ, 0 when not."""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction

from openbid.cli.main import main
from openbid.systems.auction import load_system
from openbid.bridge.hand import Hand

from reference.count import groups

A = """\
name a
section 1 "open" when HCP >= 12
  bid nt when BALANCED and 15 <= HCP <= 17 value 1NT

auction "1NT P" else pass
  section 1 "respond"
    bid stayman when HCP >= 8 and (SUITLENGTH(S) = 4 or SUITLENGTH(H) = 4) value 2C
    bid game when HCP >= 10 value 3NT
"""
B = A.replace("HCP >= 8 and", "HCP >= 9 and")
# the same calls with every hand, written otherwise (a table that differs, shares that do not)
C = A.replace("bid game when HCP >= 10 value 3NT",
              "bid game when HCP >= 10 and HCP <= 40 value 3NT")


def run(*argv: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, [json.loads(x) for x in out.getvalue().splitlines() if x.strip()]


def test_two_systems_differ_where_the_brute_force_says(tmp_path):
    pa, pb = tmp_path / "a.rules", tmp_path / "b.rules"
    pa.write_text(A)
    pb.write_text(B)
    code, (d,) = run("diff", str(pa), str(pb), "--json")
    assert code == 1 and d["equivalent"] is False
    nodes = {tuple(n["auction"]): n for n in d["nodes"]}
    sa, sb = load_system(str(pa)), load_system(str(pb))
    want_a: dict[str, int] = {}
    want_b: dict[str, int] = {}
    for g in groups():  # responder has not called yet: every hand is consistent
        h = Hand.parse(g.hand.to_pbn())
        ca, cb = sa.call(("1NT", "PASS"), h).call, sb.call(("1NT", "PASS"), h).call
        want_a[ca] = want_a.get(ca, 0) + g.weight
        want_b[cb] = want_b.get(cb, 0) + g.weight
    for prefix in ((), ("PASS",)):
        n = nodes[prefix + ("1NT", "PASS")]
        assert n["table_differs"] is True
        assert {c: v["hands"] for c, v in n["a"]["calls"].items()} == want_a
        assert {c: v["hands"] for c, v in n["b"]["calls"].items()} == want_b
        assert Fraction(n["b"]["calls"]["2C"]["share"]) == \
            Fraction(want_b["2C"], sum(want_b.values()))
        for side, system in (("a", sa), ("b", sb)):
            for call, v in n[side]["calls"].items():
                assert system.call(prefix + ("1NT", "PASS"), Hand.parse(v["example"])).call \
                    == call
    # the nodes that differ: responder's, in each seat the 1NT opener can be
    assert set(nodes) == {p + ("1NT", "PASS") for p in ((), ("PASS",), ("PASS", "PASS"),
                                                        ("PASS", "PASS", "PASS"))}
    code, (same,) = run("diff", str(pa), str(pa), "--json")
    assert code == 0 and same["equivalent"] is True and same["nodes"] == []


def test_other_tables_with_the_same_shares_are_compared_hand_by_hand(tmp_path):
    pa, pc = tmp_path / "a.rules", tmp_path / "c.rules"
    pa.write_text(A)
    pc.write_text(C)
    code, (d,) = run("diff", str(pa), str(pc), "--json")
    assert code == 0 and d["equivalent"] is True and d["compared_hand_by_hand"] == 4


def test_opening_options_are_refused_for_auction_systems(tmp_path, capsys):
    pa = tmp_path / "a.rules"
    pa.write_text(A)
    assert main(["diff", str(pa), str(pa), "--by", "bid"]) == 2
    assert "compared at every node" in capsys.readouterr().err
    assert main(["diff", str(pa), str(pa), "--vul", "none"]) == 2
    assert "give no --vul" in capsys.readouterr().err
