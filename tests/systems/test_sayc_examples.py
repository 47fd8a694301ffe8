"""The SAYC booklet's examples (openbid/systems/data/sayc_examples.txt): the file is read and checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from openbid.base.errors import OpenbidError
from openbid.systems.sayc_examples import ExamplesFileError, canonical_call, load_examples

EXAMPLES = load_examples()

GOOD = """example a.b
  source: SAYC System Booklet, GENERAL APPROACH
  quote: 1NT = 15-17
  auction: P P
  hand: AQ2.KJ2.KJ32.Q32
  hand_source: constructed
  call: 1nt
  also: p
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ex.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_file_reads() -> None:
    assert len(EXAMPLES) >= 40
    assert len({e.id for e in EXAMPLES}) == len(EXAMPLES)
    # every example quotes the booklet and says where its hand comes from
    assert all(e.quotes and e.source.startswith("SAYC System Booklet") for e in EXAMPLES)
    assert {e.hand_source for e in EXAMPLES} <= {"booklet", "constructed"}


def test_one_example_field_by_field(tmp_path: Path) -> None:
    (e,) = load_examples(_write(tmp_path, GOOD))
    assert (e.id, e.auction, e.call, e.also, e.vul, e.seat) == (
        "a.b", ("PASS", "PASS"), "1NT", ("PASS",), "none", 3)
    assert e.calls == ("1NT", "PASS")


def test_calls_are_canonical() -> None:
    assert [canonical_call(c) for c in ("p", "Pass", "dbl", "x", "RDBL", "xx", "3nt", "7c")] == [
        "PASS", "PASS", "X", "X", "XX", "XX", "3NT", "7C"]
    for bad in ("8NT", "1X", "", "pas"):
        with pytest.raises(OpenbidError):
            canonical_call(bad)


@pytest.mark.parametrize(("old", "new", "line", "problem"), [
    ("  hand: AQ2.KJ2.KJ32.Q32\n", "  hand: AQ2.KJ2.KJ32.Q3\n", 5, "13 cards"),
    ("  auction: P P\n", "  auction: P 9C\n", 4, "9C"),
    ("  auction: P P\n", "  auction: P P P P\n", 4, "four passes end the auction"),
    ("  hand_source: constructed\n", "  hand_source: invented\n", 6, "not one of"),
    ("  call: 1nt\n", "  call: 1nt\n  vul: all\n", 8, "not one of"),
    ("  also: p\n", "  also: 1NT\n", 8, "recommended call already"),
    ("  call: 1nt\n", "", 1, "has no 'call'"),
    ("  quote: 1NT = 15-17\n", "  qoute: 1NT = 15-17\n", 3, "unknown example field"),
])
def test_bad_examples_name_the_line(tmp_path: Path, old: str, new: str, line: int,
                                    problem: str) -> None:
    assert old in GOOD
    path = _write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(ExamplesFileError) as exc:
        load_examples(path)
    assert f"{path}:{line}:" in str(exc.value) and problem in str(exc.value), str(exc.value)


def test_an_empty_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(OpenbidError, match="no example"):
        load_examples(_write(tmp_path, "# nothing\n"))


# -- the examples run through the whole SAYC system --------------------------------------------
ROOT = Path(__file__).resolve().parents[2]
BEGIN, END = "<!-- sayc-examples:begin -->\n", "<!-- sayc-examples:end -->"


def test_the_agreement_docs_show_is_the_one_computed() -> None:
    from openbid.systems.auction import load_system
    from openbid.systems.sayc_examples import agreement_markdown, run_examples

    outcomes = run_examples(load_system("sayc"), EXAMPLES)
    expected = agreement_markdown(outcomes)
    docs = (ROOT / "docs/SYSTEMS.md").read_text(encoding="utf-8")
    assert BEGIN in docs and END in docs
    shown = docs.split(BEGIN, 1)[1].split(END, 1)[0]
    assert shown == expected, "docs/SYSTEMS.md's booklet examples are stale; they are now:\n" + \
        expected
    # the count is of the system's own calls: an example whose call is changed disagrees
    e = EXAMPLES[0]
    wrong = next(c for c in ("1C", "1D", "PASS") if c not in e.calls)
    import dataclasses

    (o,) = run_examples(load_system("sayc"), (dataclasses.replace(e, call=wrong, also=()),))
    assert not o.agrees and "| 0 of 1" not in agreement_markdown((o,))
    assert agreement_markdown((o,)).startswith("0 of 1 examples agree")


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_each_example_through_bid_auction(capsys, example) -> None:
    """The command a user runs, `openbid bid --auction`, makes the call System.call makes."""
    import json

    from openbid.cli.main import main
    from openbid.systems.auction import load_system
    from openbid.bridge.hand import Hand

    code = main(["bid", "--variant", "sayc", "--json", "--vul", example.vul, "--auction",
                 " ".join(example.auction), example.hand])
    out, err = capsys.readouterr()
    assert code == 0, err
    row = json.loads(out.splitlines()[0])
    made = load_system("sayc").call(example.auction, Hand.parse(example.hand), example.vul)
    assert (row["call"], row["rule"]) == (made.call, made.label)
    assert row["seat"] == example.seat


def test_an_example_on_a_choice_where_the_booklet_is_silent_is_counted_apart(tmp_path: Path) -> None:
    from openbid.systems.auction import load_system
    from openbid.systems.sayc_examples import agreement_markdown, run_examples

    silent = GOOD.replace("source: SAYC System Booklet, GENERAL APPROACH",
                          "source: SAYC System Booklet, silent here: the file's choice")
    (e,) = load_examples(_write(tmp_path, silent))
    (plain,) = load_examples(_write(tmp_path, GOOD))
    assert e.silent and not plain.silent
    shown = agreement_markdown(run_examples(load_system("sayc"), (e, plain)))
    assert "1 of the 2 test a choice where the booklet is silent" in shown
    assert sum(x.silent for x in EXAMPLES) >= 1  # the shipped file has such examples
