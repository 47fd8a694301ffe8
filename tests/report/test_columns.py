"""openbid.report.columns: lines assembled column by column parse to what json.dumps gives, or
(``exact``) are byte for byte the text of each row."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from openbid.readers.census.arrays import Fx
from openbid.report.columns import Lines, decimal_text

WORDS = st.text(st.sampled_from("abcxyz019-:, ."), max_size=40)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-3000, 3000), st.booleans(), WORDS, st.integers(0, 3)),
                min_size=1, max_size=300),
       st.sampled_from([1, 2, 4, 20, 1000]))
def test_json_lines_parse_to_the_objects(rows, den):
    values = [Fraction(v, den) for v, _, _, _ in rows]
    words = sorted({w for _, _, w, _ in rows})
    n = len(rows)
    lines = Lines(n)
    lines.raw('{"x":')
    lines.number(Fx(np.array([v for v, _, _, _ in rows], dtype=np.int16), den, -3000, 3000),
                 decimal=True)
    lines.raw(',"b":')
    lines.number(np.array([b for _, b, _, _ in rows]))
    lines.raw(',"w":')
    lines.codes(np.array([words.index(w) for _, _, w, _ in rows]),
                [json.dumps(w).encode() for w in words])
    lines.raw(',"j":')
    lines.joined([(np.array([words.index(w) for _, _, w, _ in rows]),
                   [b'"' + w.encode() for w in words]),
                  (np.array([k for _, _, _, k in rows]), [b"!" * k + b'"' for k in range(4)])])
    lines.raw(',"n":')
    lines.number(Fx(np.array([v for v, _, _, _ in rows], dtype=np.int16), den, -3000, 3000))
    lines.raw("}")
    out = io.BytesIO()
    lines.write(out, 0, n // 2)  # in two parts, as bid writes around a bad line
    lines.write(out, n // 2)
    got = out.getvalue().decode().split("\n")
    assert got[-1] == "" and len(got) == n + 1
    for line, (v, b, w, k), x in zip(got, rows, values):
        want = {"x": decimal_text(x), "b": b, "w": w, "j": w + "!" * k,
                "n": int(x) if x.denominator == 1 else float(x)}
        assert json.dumps(json.loads(line)) == json.dumps(want)


def test_exact_lines_are_the_text():
    rows = ["AKJ32.Q4.KT9.876", "KJxxx.QJ.QJ.Kxxx"]
    tails = ["\t1S\t12a", "\tPASS\t14", "\t7NT\t2a-with-a-longer-label"]
    lines = Lines(2, exact=True)
    lines.fixed(np.frombuffer("".join(rows).encode(), dtype=np.uint8).reshape(2, 16))
    lines.codes(np.array([2, 1]), [t.encode() for t in tails])
    assert lines.bytes() == (f"{rows[0]}{tails[2]}\n{rows[1]}{tails[1]}\n").encode()


def test_decimal_text():
    assert [decimal_text(Fraction(v)) for v in ("43/4", "21/2", "10", "-1/4", "13/20", "1/3")] == [
        "10.75", "10.5", "10", "-0.25", "0.65", "1/3"]
