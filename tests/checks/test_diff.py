"""``openbid diff``: equivalence proofs, witnesses, and exact counts after a rule edit."""

from __future__ import annotations

import json
from openbid.bridge.hand import Hand

from openbid.cli.main import main
from openbid.systems.procedure import program_for
from openbid.systems.rules.text import load
from openbid.systems.variants import load_variant, rules_text
from openbid.checks.diff import decide
from openbid.checks.verdicts import Status


def test_synopsis_is_equivalent_to_code():
    status, witness, _ = decide(load_variant("code"), load_variant("synopsis"))
    assert status is Status.UNSAT and witness is None


def test_playtricks_procedure_differs_with_a_real_witness():
    a, b = load_variant("code"), load_variant("playtricks-procedure")
    status, witness, _ = decide(a, b)
    assert status is Status.SAT
    oa, ob = program_for(a).bid_hand(witness), program_for(b).bid_hand(witness)
    assert (oa.bid, oa.section) != (ob.bid, ob.section)


def test_the_proof_section_by_section_follows_each_jump_to_its_own_section():
    """Section 1 jumps to 7 in one file, to 9 in the other: the section-by-section proof read
    each section as a file of its own, where both jumps ended at the pass, and proved the two
    files equivalent (Z3 alone: ``diff --no-count``); a witness must bid apart."""
    from openbid.systems.rules.text import loads
    from openbid.checks.diff import modular_equivalent

    text = ('name {n}\nsection 1 "s1"\n  goto {t} when HCP >= 10\nsection 7 "s7"\n'
            '  bid 7a when true value 1C\nsection 9 "s9"\n  bid 9a when true value 1D\n')
    a, b = loads(text.format(n="a", t=7)), loads(text.format(n="b", t=9))
    assert not modular_equivalent(a, b)
    assert modular_equivalent(a, loads(text.format(n="c", t=7)))
    status, witness, _ = decide(a, b)
    assert status is Status.SAT
    assert program_for(a).bid_hand(witness).bid != program_for(b).bid_hand(witness).bid


def test_editing_one_constant_counts_exactly(tmp_path, capsys):
    path = tmp_path / "my.rules"
    text = rules_text("code.rules")
    assert "bid 1 when TOTALPTS <= 6 value 0" in text
    path.write_text(text.replace("bid 1 when TOTALPTS <= 6 value 0",
                                 "bid 1 when TOTALPTS <= 7 value 0"))
    code = main(["diff", "code", str(path), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["equivalent"] is False
    # Every hand that moves is a hand with TOTALPTS = 7 that the code did not pass at 1: the
    # count must equal the census of 'TOTALPTS = 7 and section != "1"' under the code rules.
    from openbid.expr import parse
    from openbid.readers.census.census import Census

    g = Census([load_variant("code")]).group([], where=parse('TOTALPTS = 7 and bid != "PASS"'))
    moved_bidding = sum(g.weights.values())
    g2 = Census([load_variant("code")]).group([], where=parse('TOTALPTS = 7 and section = "14"'))
    moved_pass = sum(g2.weights.values())
    assert out["changed"] == moved_bidding + moved_pass
    assert sum(t["count"] for t in out["transitions"]) == out["changed"]
    edited = load(str(path))
    for t in out["transitions"]:
        assert t["to"] == "PASS@1"
        for ex in t["examples"]:
            assert str(program_for(edited).bid_hand(Hand.parse(ex))) == t["to"]
