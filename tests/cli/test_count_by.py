"""``openbid count --by EXPR --where COND``: exact groups by any expression, checked against an
independent decider (the generating functions of openbid.hands.evaluators.distribution), and the errors."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from openbid.cli.count import decimal
from openbid.cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_by_evaluator_equals_generating_functions(capsys) -> None:
    """The census's groups by BUMWRAP equal the exact distribution computed without the census."""
    from openbid.hands.evaluators.scales import SCALES
    from openbid.hands.evaluators.distribution import distribution

    code, out, _ = run(capsys, "count", "--by", "BUMWRAP", "--json")
    assert code == 0
    got = {Fraction(r["by"]["BUMWRAP"]): r["count"] for r in map(json.loads, out.splitlines())}
    assert got == distribution(SCALES["BUMWRAP"])


def test_by_condition_where_and_cross_table(capsys) -> None:
    code, out, _ = run(capsys, "count", "--by", "bid", "--by", 'SHAPE = "4333"', "--where",
                       "HCP >= 20", "--json")
    assert code == 0
    rows = [json.loads(x) for x in out.splitlines()]
    assert {type(r["by"]['SHAPE = "4333"']) for r in rows} == {bool}
    code, out2, _ = run(capsys, "count", "--by", "HCP", "--where", "HCP >= 20", "--json")
    by_hcp = sum(json.loads(x)["count"] for x in out2.splitlines())
    assert sum(r["count"] for r in rows) == by_hcp  # the same hands, grouped two ways
    # every example really is in its group
    from openbid.systems.evaluate import value
    from openbid.expr import parse
    from openbid.bridge.hand import Hand
    from openbid.systems.variants import load_variant

    code_rules = load_variant("code")
    for line in out2.splitlines():
        r = json.loads(line)
        assert value(parse("HCP", want="num"), Hand.parse(r["example"]), code_rules) == r["by"]["HCP"]


def test_text_shows_exact_values_and_mean(capsys) -> None:
    code, out, _ = run(capsys, "count", "--by", "KNR", "--where", 'SHAPE = "4333" and HCP = 0')
    assert code == 0
    assert out.splitlines()[0].split()[:2] == ["KNR", "hands"]
    assert "mean of KNR:" in out and "-0.5" in out


def test_by_shape(capsys) -> None:
    """--by SHAPE (a string descriptor): one row per pattern, the 39 of them, in the order
    13-0-0-0 first; each count the exact number of hands of that pattern."""
    from math import comb, factorial, prod

    code, out, _ = run(capsys, "count", "--by", "SHAPE", "--json")
    assert code == 0
    rows = [json.loads(ln) for ln in out.splitlines()]
    shapes = [r["by"]["SHAPE"] for r in rows]
    assert len(shapes) == 39 and shapes[0] == "13000" and shapes[-1] == "4333"
    for r, shape in zip(rows, shapes):  # "10210": the longest suit, then three digits
        lengths = [int(shape[:-3])] + [int(c) for c in shape[-3:]]
        orders = factorial(4) // prod(factorial(lengths.count(n)) for n in set(lengths))
        assert r["count"] == orders * prod(comb(13, n) for n in lengths), r
    assert sum(r["count"] for r in rows) == comb(52, 13)
    code, out, _ = run(capsys, "count", "--by", "SHAPE", "--by", "LONGEST", "--where",
                       "HCP >= 20")
    assert code == 0 and out.splitlines()[0].split()[:3] == ["SHAPE", "LONGEST", "hands"]


@pytest.mark.parametrize("argv, message", [
    (["--by", "NOSUCH"], "unknown name 'NOSUCH'"),
    (["--by", "HCP", "--where", "HCP > 37"], "selects no hand"),
    (["--by", "HCP", "--where", "HCP +"], "--where"),
])
def test_errors_exit_2(capsys, argv, message) -> None:
    code, _, err = run(capsys, "count", *argv)
    assert code == 2 and err.startswith("openbid: error:") and err.count("\n") <= 3
    assert message in err


def test_decimal_is_exact() -> None:
    assert decimal(Fraction(-7, 20)) == "-0.35"
    assert decimal(Fraction(1, 3)) == "1/3"
    assert decimal(Fraction(41, 4)) == "10.25"
    assert decimal(True) == "true"
