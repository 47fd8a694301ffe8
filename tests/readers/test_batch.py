"""The batch path of 'openbid bid --file --brief' (numpy reader) against the per-hand executor."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from openbid.readers.census.batch import batch_pass, bid_many, read
from openbid.model.bids import bid_text
from openbid.model.procedure import program_for
from openbid.model.variants import VARIANTS, load_variant
from strategies import hands


@settings(max_examples=25, deadline=None)
@given(st.lists(hands(), min_size=1, max_size=60), st.sampled_from(sorted(VARIANTS)))
def test_batch_equals_per_hand(hs, variant):
    rules = load_variant(variant)
    got = [read(h.to_pbn(), batch_pass(rules).model) for h in hs]
    assert [pbn for _, pbn in got] == [h.to_pbn() for h in hs]
    bidvals, labels = bid_many(rules, [ids for ids, _ in got])
    program = program_for(rules)
    for h, bv, lb in zip(hs, bidvals.tolist(), labels):
        o = program.bid_hand(h)
        assert (bid_text(bv), lb) == (o.bid, o.section), h.to_pbn()


def test_batch_cli_reports_bad_lines_and_bids_the_rest(tmp_path, capsys):
    from openbid.cli.main import main

    f = tmp_path / "hands.txt"
    f.write_text("AKQ.KQJ.AK.AKQJ32\nAKJ32.Q4.KT9.876\nAAJ32.Q4.KT9.876\n"
                 "S:KJxxx, H:QJ, D:QJ, C:Kxxx\n")
    assert main(["bid", "--file", str(f), "--brief"]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == ["AKJ32.Q4.KT9.876\t1S\t12a", "KJxxx.QJ.QJ.Kxxx\tPASS\t14"]
    assert f"{f}:1: a hand has 13 cards, this one has 14" in err
    assert f"{f}:3: duplicate card" in err
    assert "Traceback" not in err
