"""``openbid diff A B`` on two auction systems: the hands whose call changes at each node and the
auctions whose meaning changes, exact against a brute-force count; exit 1 when they differ, 0
when not."""

from __future__ import annotations

import contextlib
import io
import json

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


def run(*argv: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, [json.loads(x) for x in out.getvalue().splitlines() if x.strip()]


def test_two_systems_differ_where_the_brute_force_says(tmp_path):
    pa, pb = tmp_path / "a.rules", tmp_path / "b.rules"
    pa.write_text(A)
    pb.write_text(B)
    code, (d,) = run("diff", str(pa), str(pb), "--json", "--vul", "none")
    assert code == 1 and d["equivalent"] is False
    nodes = {tuple(n["auction"]): n for n in d["nodes"]}
    sa, sb = load_system(str(pa)), load_system(str(pb))
    want: dict = {}
    for g in groups():
        h = Hand.parse(g.hand.to_pbn())
        ca, cb = sa.call(("1NT", "PASS"), h).call, sb.call(("1NT", "PASS"), h).call
        if ca != cb:
            want[(ca, cb)] = want.get((ca, cb), 0) + g.weight
    for prefix in ((), ("PASS",), ("PASS", "PASS"), ("PASS", "PASS", "PASS")):
        n = nodes[prefix + ("1NT", "PASS")]
        assert {(t["from"], t["to"]): t["count"] for t in n["transitions"]} == want
        for t in n["transitions"]:
            h = Hand.parse(t["examples"][0])
            assert sa.call(prefix + ("1NT", "PASS"), h).call == t["from"]
            assert sb.call(prefix + ("1NT", "PASS"), h).call == t["to"]
        shown = nodes[prefix + ("1NT", "PASS", "2C")]
        assert shown["only_a"] == sum(c for (f, _), c in want.items() if f == "2C")
        assert shown["only_b"] == 0
    assert set(nodes) <= {p + s for p in ((), ("PASS",), ("PASS", "PASS"),
                                          ("PASS", "PASS", "PASS"))
                          for s in (("1NT", "PASS"), ("1NT", "PASS", "2C"),
                                    ("1NT", "PASS", "3NT"), ("1NT", "PASS", "PASS"))}
    code, (same,) = run("diff", str(pa), str(pa), "--json", "--vul", "none")
    assert code == 0 and same["equivalent"] is True and same["nodes"] == []


def test_opening_options_are_refused_for_auction_systems(tmp_path, capsys):
    pa = tmp_path / "a.rules"
    pa.write_text(A)
    assert main(["diff", str(pa), str(pa), "--by", "bid"]) == 2
    assert "compared at every node" in capsys.readouterr().err
