"""Seed 002's scales (openbid.hands.evaluators.scales), dealerv2's code for them
(scales_dealerv2) and the seed's claims (scales_claims).

The printed tables are transcribed line by line (``PRINTED`` = ``scales.PRINTED_LINES``, seed line ->
text); the tests read the numbers from that transcription and compare them with the values the
evaluators compute, cell by cell. The transcription is checked against the seed when the seed is
found, else against the certificate ``openbid/studies/seed_lines.json`` (openbid.studies.quotes).
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import permutations
from math import comb
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openbid.hands.evaluators import scales as S
from openbid.studies.evaluators import scales_claims as C
from openbid.hands.evaluators import scales_dealerv2 as D
from openbid.hands.evaluators.form import holdings, rank_order
from openbid.hands.evaluators.distribution import TOTAL_HANDS
from openbid.studies.quotes import assert_quotes

REPO = Path(__file__).resolve().parents[3]

PRINTED = S.PRINTED_LINES  # seed 002, line -> the line as printed (trailing blanks dropped)

LONG_NAME = {"AltT050": "HCPT050", "AltA425": "HCPA425", "AltAT475": "HCPAT475",
             "BumWrap": "BUMWRAP", "Woolsey": "WOOLSEY", "Andy5ths": "ANDY5THS",
             "BW_jgm": "BWJGM", "OPCjgm": "OPCJGM", "HCP": "HCP_SEED002", "C13": "C13"}
SHORT_NAME = {"HCPT050": "HCPT050", "HCPA425": "HCPA425", "HCPAT475": "HCPAT475",
              "Bumwrap": "BUMWRAP", "Woolsey": "WOOLSEY", "And5ths": "ANDY5THS",
              "BWjgm": "BWJGM", "OPCjgm": "OPCJGM"}
_ROW = re.compile(r"/\*\s*(\w+)\s*\*/\s*\{([^}]*)\}")


def long_rows() -> dict[str, tuple[Fraction, ...]]:
    """Lines 9-18: name -> the five numbers (A K Q J T), read in token order."""
    out = {}
    for line in range(9, 19):
        name, *rest = PRINTED[line].split()
        out[LONG_NAME[name]] = tuple(Fraction(x) for x in rest[:5])
    return out


def table_rows(lines: range) -> dict[str, tuple[Fraction, ...]]:
    out = {}
    for line in lines:
        for name, body in _ROW.findall(PRINTED[line]):
            out[SHORT_NAME[name]] = tuple(Fraction(x.strip()) for x in body.split(","))
    return out


def headers(line: int) -> list[str]:
    return PRINTED[line].replace("/*", "").replace("*/", "").replace(",", " ").split()


def value(e, text: str) -> Fraction:
    """An evaluator's value of a holding in seed notation (x: a spot card below the Nine)."""
    return C.value(e, *C.holding_of(text))


# ---------------------------------------------------------------------------------------------
# The transcription


def test_transcription_is_the_seed() -> None:
    """Against the seed when it is found, else against the certificate (openbid/studies/quotes.py)."""
    assert_quotes(["scales_printed"])


def test_module_transcriptions_match_the_printed_lines() -> None:
    rows = long_rows()
    for metric, (line, name, vals) in S.LONG_PRINTED.items():
        assert LONG_NAME[name] == metric and tuple(map(Fraction, vals)) == rows[metric], line
        assert PRINTED[line].split()[0] == name
    assert table_rows(range(64, 68)) == {m: S.stiff_values(m) for m in S.METRICS}
    assert headers(70) == list(S.DOUBLETON_COLUMNS)
    assert table_rows(range(71, 79)) == {
        m: tuple(S.doubleton_values(m)[c] for c in S.DOUBLETON_COLUMNS) for m in S.METRICS}


# ---------------------------------------------------------------------------------------------
# The scales against the printed tables, cell by cell


def test_long_table_cell_by_cell() -> None:
    """Lines 9-18: each honour alone in a 3-card suit is worth its printed cell; for every scale
    but OPCjgm every 3+ holding is the sum of its honours' cells (line 21)."""
    for metric, row in long_rows().items():
        e = S.SCALES[metric]
        for rank, cell in zip("AKQJT", row):
            assert value(e, rank + "xx") == cell, (metric, rank)
        if metric == "OPCJGM":
            continue
        for held, n in holdings("AKQJT"):
            if n >= 3:
                want = sum((row["AKQJT".index(r)] for r in held), Fraction(0))
                assert e.holding_table[(held, n)] == want, (metric, held, n)


def test_stiff_table_cell_by_cell() -> None:
    """Lines 63-67: a singleton honour is worth its cell; a small singleton and a void 0."""
    assert headers(63) == list("AKQJT") * 2
    for metric, row in table_rows(range(64, 68)).items():
        e = S.SCALES[metric]
        for rank, cell in zip("AKQJT", row):
            assert value(e, rank) == cell, (metric, rank)
        assert value(e, "x") == 0 and e.holding_table[("", 0)] == 0


def test_doubleton_table_cell_by_cell() -> None:
    """Lines 70-78: every doubleton (AK ... xx) is worth its cell."""
    columns = headers(70)
    for metric, row in table_rows(range(71, 79)).items():
        e = S.SCALES[metric]
        for column, cell in zip(columns, row):
            assert value(e, column) == cell, (metric, column)


def test_altcounts_cell_by_cell() -> None:
    """Lines 91-100: a plain sum at every length; altcount 8 prints four values, its Ten is 0."""
    for line in range(91, 101):
        _, n, *vals = PRINTED[line].split("//")[0].split()
        e = S.SCALES[f"ALTCOUNT{n}"]
        cells = [Fraction(v) for v in vals] + [Fraction(0)] * (5 - len(vals))
        assert (len(vals) == 4) == (n == "8")
        for held, length in holdings("AKQJT"):
            want = sum((cells["AKQJT".index(r)] for r in held), Fraction(0))
            assert e.holding_table[(held, length)] == want, (n, held, length)


def test_hcp_and_c13_have_no_deductions() -> None:
    rows = long_rows()
    for name in ("HCP_SEED002", "C13"):
        e = S.SCALES[name]
        for held, n in holdings("AKQJT"):
            assert e.holding_table[(held, n)] == sum(
                (rows[name]["AKQJT".index(r)] for r in held), Fraction(0))


def test_opc_note3() -> None:
    """Lines 41-46, computed from the rules (the claims file checks the same on both variants)."""
    e = S.OPCJGM
    assert [value(e, h) for h in ("Qxx", "Jxx", "JTx", "QJx", "QTx")] == [
        Fraction("1.5"), Fraction("0.5"), 2, 3, Fraction("2.5")]
    assert value(e, "AQx") - value(e, "Axx") == 2 and value(e, "KQx") - value(e, "Kxx") == 2
    assert value(e, "AKQJT") == Fraction("4.25") + 3 + 2 + 1 + 1
    assert value(e, "AKTx") == Fraction("7.75")        # the Ten's best companion is the King
    assert value(S.build("OPCJGM", {"opc_ten": "ace_first"}), "AKTx") == Fraction("7.25")
    assert value(e, "KTxxx") == Fraction("3.5") and value(e, "ATxx") == Fraction("4.25")


def test_body_value_line_80() -> None:
    assert "3 * Tens + 2 * Nines + Eights" in PRINTED[80]
    e = S.BODY
    assert e.reads == "T98"
    assert e.suit_value("T98") == 6 and e.suit_value("T") == 3 and e.suit_value("98x") == 3
    assert e.hand_value(("AT9", "8765", "T92", "KQJ")) == 3 + 2 + 1 + 3 + 2


# ---------------------------------------------------------------------------------------------
# Readings


def test_readings_default_first_and_validated() -> None:
    for key, values in S.SCALE_READINGS.items():
        assert values and len(set(values)) == len(values), key
    for name in S.NAMES:
        e = S.SCALES[name]
        assert e.options == {k: S.SCALE_READINGS[k][0] for k in S.METRIC_READINGS.get(name, ())}
    with pytest.raises(ValueError):
        S.build("BUMWRAP", {"doubleton": "nonsense"})
    with pytest.raises(ValueError):
        S.build("BUMWRAP", {"no_such_reading": "x"})


def test_other_readings_change_what_they_say() -> None:
    plain = S.build("BUMWRAP", {"doubleton": "two_honours"})
    assert value(plain, "Qx") == Fraction("1.5") and value(S.BUMWRAP, "Qx") == Fraction("0.75")
    assert value(plain, "KQ") == value(S.BUMWRAP, "KQ") == Fraction("3.5")
    tab8 = S.build("HCPAT475", {"long_columns": "tab8"})
    assert [value(tab8, r + "xx") for r in "AKQJT"] == [0, Fraction("4.25"), 3, 2, 1]
    tab8 = S.build("ANDY5THS", {"long_columns": "tab8"})
    assert [value(tab8, r + "xx") for r in "AKQJT"] == [0, 4, Fraction("2.8"), Fraction("1.8"), 1]


# ---------------------------------------------------------------------------------------------
# Pavlicek rounding (lines 81-86)


@pytest.mark.parametrize("text, body, want", [
    ("10.44", 12, 10), ("10.4499", 12, 10),      # F < 0.45: down, whatever the body
    ("10.45", 11, 10), ("10.45", 12, 11),        # F = 0.45: the body decides
    ("10.5", 11, 10), ("10.5", 12, 11),
    ("10.55", 11, 10), ("10.55", 12, 11),        # F = 0.55: the body decides
    ("10.5501", 0, 11), ("10.56", 0, 11),        # F > 0.55: up, whatever the body
    ("10", 12, 10), ("0.45", 12, 1), ("0.45", 0, 0),
    ("-0.5", 0, -1), ("-0.5", 12, 0),            # I = floor, F = 0.5
])
def test_pavround_boundaries(text: str, body: int, want: int) -> None:
    assert S.pavround(Fraction(text), body) == want


def test_pav_round_c_boundaries() -> None:
    """metrics_util_subs.c lines 614-620: r = (int)(F * 100) > 55 rounds up; 45 <= r <= 55 needs
    body >= 12. Exactly representable values: no float error."""
    for f, body, want in (("10.5", 11, 10), ("10.5", 12, 11), ("10.75", 0, 11),
                          ("10.25", 12, 10), ("10", 12, 10)):
        assert D.pav_round_c(Fraction(f), body) == want
    # 10.45 is stored as 10.4499998...: (int)(F * 100) = 44, down even with a good body
    assert D.pav_round_c(D.f32(Fraction("10.45")), 12) == 10
    assert D.pav_round_c(D.f32(Fraction("10.56")), 0) == 11


# ---------------------------------------------------------------------------------------------
# Exact float emulation


def test_f32_f64_exact() -> None:
    assert D.f32(Fraction(1, 10)) == Fraction(13421773, 2**27)
    assert D.f64(Fraction(1, 10)) == Fraction(3602879701896397, 2**55)
    assert D.f32(Fraction("2.8")) == Fraction(11744051, 2**22)
    assert D.f32(1 + Fraction(1, 2**24)) == 1                       # tie to even
    assert D.f32(1 + Fraction(3, 2**24)) == 1 + Fraction(1, 2**22)  # tie to even
    assert D.f32(Fraction(-3, 7)) == -D.f32(Fraction(3, 7))
    assert D.literal("4.25") == Fraction(17, 4)
    assert (D.c_roundf(Fraction(5, 2)), D.c_roundf(Fraction(-5, 2))) == (3, -3)
    assert D.c_roundf(Fraction(249, 100)) == 2 and D.c_trunc(Fraction(-7, 2)) == -3
    assert D.x100(D.f32(Fraction("2.8"))) == 280


# ---------------------------------------------------------------------------------------------
# dealerv2's code, by hand from the C source (Alt_HCP_calc.c at dealerv2/DealerV2_4@16082d8)


@pytest.mark.parametrize("metric, suit, want, why", [
    # Long_Hxx_pts lines 163-167: top three A Q J (mask 64+16+8 = 88): A + Q + J, the Ten below
    # the top three is never looked at for a non-OPC metric: 4.5 + 1.5 + 0.75.
    ("BUMWRAP", "AQJT2", "6.75", "mask 88, T lost"),
    # lines 191-194, mask 56 (KQJ): 2.8 + 1.8 + 1.0, the Ten (0.4) lost.
    ("ANDY5THS", "KQJT", "5.6", "mask 56, T lost"),
    # lines 136-144, mask 112 (AKQ): A + K + Q, then lHp2 = J, lHp2 += T: 4 + 3 + 2 + 1 + 0.5.
    ("HCPT050", "AKQJT", "10.5", "mask 112 adds J and T"),
    # lines 145-152, mask 104 (AKJ): A + K + J + T: 4.25 + 3 + 1 + 0.5.
    ("HCPAT475", "AKJT3", "8.75", "mask 104 adds T"),
    # lines 163-167 with Ten worth 0 in HCPA425 (line 71): nothing lost, 4.25 + 2 + 1.
    ("HCPA425", "AQJT", "7.25", "T is 0"),
    # lines 136-138 and OPCjgmSyn lines 259-261: A + K + Q = 4.25 + 3 + 1.5, syn 0.5 (Q) + 0.5 (J):
    # the Jack's own 0.5 is never added (the else branch of line 139 is not taken for OPCjgm).
    ("OPCJGM", "AKQJ2", "9.75", "J worth 0.5"),
    # the same plus T with J +1.0 (line 262): 8.75 + 0.5 + 0.5 + 1.0.
    ("OPCJGM", "AKQJT", "10.75", "J 0.5, T 1"),
    # mask 112 without J, with T: syn 0.5 + 0.75 (line 264): 8.75 + 1.25.
    ("OPCJGM", "AKQT", "10", "T with Q 0.75"),
    # lines 178-181, mask 76 (AJT): A + J + T = 4.25 + 0.5 + 0, syn 1.5 + 0.5 for the 9 (283).
    ("OPCJGM", "AJT9", "6.75", "nine bonus"),
    # lines 236-240, mask 13 (J T and the 9 as a spot of weight 1): 0.5 + 0 + 1.5, no nine bonus.
    ("OPCJGM", "JT9", "2", "JTx"),
    # lines 213-217, mask 37 (KTx): 3 + 0 + 0.25 (line 300).
    ("OPCJGM", "KT2", "3.25", "T with K 0.25"),
    # lines 229-233, mask 21 (QTx): 1.5 + 0 + 0.75 (line 306).
    ("OPCJGM", "QT2", "2.25", "T with Q 0.75"),
    # lines 224-228, mask 25 (QJx): 1.5 + 0.5 + 1.0 (line 305).
    ("OPCJGM", "QJ2", "3", "QJx"),
    # lines 187-188, mask 69 (ATx): A + T = 4.25 + 0; no syn call.
    ("OPCJGM", "AT98", "4.25", "ATx"),
    # Dblton_Hon_pts line 108 (AK, 96) -> alt_dbl_HH_pts Woolsey row line 64: 7.50.
    ("WOOLSEY", "AK", "7.5", "doubleton AK"),
    # line 119 (Qx, 16 + 1) -> column 11 of the Bumwrap row (line 63): 0.75.
    ("BUMWRAP", "Q9", "0.75", "doubleton Qx"),
    # line 123: two spots (1 + 1 = 2) fall to default 0.0.
    ("OPCJGM", "98", "0", "doubleton xx"),
    # Stiff_Hon_pts line 92 (64) -> alt_stiff_H_pts HCPAT475 row, line 37: 4.50.
    ("HCPAT475", "A", "4.5", "stiff A"),
    # line 97: a spot (weight 1) falls to default 0.0.
    ("BWJGM", "9", "0", "stiff spot"),
    # line 332: a void is 0.0.
    ("ANDY5THS", "", "0", "void"),
])
def test_dealerv2_by_hand(metric: str, suit: str, want: str, why: str) -> None:
    e = D.DEALERV2[metric]
    assert e.suit_value(suit) == Fraction(want), why
    assert D.suit_x100(metric, suit) == Fraction(want) * 100


def test_dealerv2_hand_by_hand() -> None:
    """Andy5ths, S AKQJT H K2 D Q32 C 9876: clubs 0.0, diamonds 1.8f (line 234-235), hearts 2.8f
    (Kx, line 116), spades 10.0f (line 137-143): float sum 14.6f, roundf(x 100) = 1460;
    Pav_round: q = 14, r = 59 or 60 > 55, so 15; body 3 (T) + 2 (9) + 1 (8) = 6."""
    r = D.hand_result("ANDY5THS", ("AKQJT", "K2", "Q32", "9876"))
    assert r.suits_x100 == (0, 180, 280, 1000)
    assert r.total_x100 == 1460 and r.rounded == 15 and r.body == 6
    assert r.total_float != Fraction("14.6") and abs(r.total_float - Fraction("14.6")) < Fraction(
        1, 10**5)


def test_dealerv2_tables_are_the_seeds() -> None:
    """The C's three tables carry the same numbers as the seed's (the seed copies them)."""
    for m in S.METRICS:
        assert tuple(map(Fraction, D.C_LONG[m])) == S.long_values(m)
        assert tuple(map(Fraction, D.C_STIFF[m])) == S.stiff_values(m)
        assert tuple(map(Fraction, D.C_DOUBLETON[m])) == tuple(
            S.doubleton_values(m)[c] for c in S.DOUBLETON_COLUMNS)


@given(st.lists(st.sampled_from("AKQJT98765432"), min_size=0, max_size=13, unique=True),
       st.randoms(use_true_random=False))
def test_topcards_does_not_depend_on_card_order(cards: list[str], rnd) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert D.topcards("".join(cards)) == D.topcards("".join(shuffled))
    ranked = sorted((D.weight(c) for c in cards), reverse=True)[:3]
    assert list(D.topcards("".join(cards))) == ranked + [D.VOID_WEIGHT] * (3 - len(ranked))


def test_x100_is_separable_and_rounding_agrees() -> None:
    for m in S.METRICS:
        assert D.x100_error_bound(m) < Fraction(1, 2), m
        assert D.rounding_disagreements(m) == (), m


# ---------------------------------------------------------------------------------------------
# Departures


def test_every_departure_example_differs() -> None:
    for d in D.HOLDING_DEPARTURES:
        held, n = D.parse_example(d.example)
        for m in d.metrics:
            seed = S.SCALES[m].suit_value(d.example)
            ours = D.DEALERV2[m].suit_value(d.example)
            assert seed != ours and d.applies(m, held, n), (d.id, m)
            assert ours - seed == d.delta(m, held, n), (d.id, m)
    for d in D.ROUNDING_DEPARTURES:
        assert S.pavround(d.example_value, d.example_body) != D.pav_round_c(
            D.f32(d.example_value), d.example_body), d.id


def test_departures_cover_every_differing_holding() -> None:
    """seed + the deltas of the departures that apply = dealerv2, on every holding of AKQJT9."""
    for m in S.METRICS:
        seed, ours = S.SCALES[m], D.DEALERV2[m]
        for held, n in holdings("AKQJT9"):
            s = C.value(seed, held, n)
            o = C.value(ours, held, n)
            applying = [d for d in D.departures_for(m) if d.applies(m, held, n)]
            assert s + sum((d.delta(m, held, n) for d in applying), Fraction(0)) == o, (m, held, n)
            assert (s != o) == bool(applying), (m, held, n)  # no two departures cancel


def _hands_with_a_suit(bad: dict[int, int]) -> int:
    """Hands with at least one suit of a kind: bad[k] = the k-card suits of that kind."""
    good = [comb(13, k) - bad.get(k, 0) for k in range(14)]
    ways = [1] + [0] * 13
    for _ in range(4):
        ways = [sum(ways[j] * good[n - j] for j in range(n + 1)) for n in range(14)]
    return TOTAL_HANDS - ways[13]


def test_count_table_ten_below_qj_independently() -> None:
    """For the five metrics whose only departure is ten-below-qj, the differing hands are the
    hands with a suit holding Q J T and exactly one of A K: 2 x C(8, k - 4) k-card suits. At most
    three such suits fit in 13 cards, so the largest difference is three Tens."""
    want = _hands_with_a_suit({k: 2 * comb(8, k - 4) for k in range(4, 13)})
    for m in D._TEN_VALUED:
        row = D.count_row(m)
        assert row.differing == want, m
        assert row.largest == 3 * S.long_values(m)[4] == -row.lowest and row.highest == 0
    for m in ("HCPA425", "WOOLSEY"):
        assert D.count_row(m).differing == 0


def test_count_table_opc_mean_independently() -> None:
    """OPCjgm: the mean difference over all hands is 4 x the mean per-suit delta (each suit's
    holding weighted by its number of hands), computed without the generating function."""
    row = D.count_row("OPCJGM")
    mean = sum((v * w for v, w in row.distribution), Fraction(0)) / TOTAL_HANDS
    per_suit = Fraction(0)
    for held, n in holdings("AKQJT9"):
        delta = C.value(D.OPCJGM_DEALERV2, held, n) - C.value(S.OPCJGM, held, n)
        per_suit += delta * comb(7, n - len(held)) * comb(39, 13 - n)
    assert mean == 4 * per_suit / TOTAL_HANDS
    assert sum(w for _, w in row.distribution) == TOTAL_HANDS
    assert row.differing == sum(w for v, w in row.distribution if v != 0) > 0


# ---------------------------------------------------------------------------------------------
# Hypothesis: totals


@st.composite
def deals(draw) -> tuple[str, str, str, str]:
    """A hand: 13 distinct cards of 52, as (spades, hearts, diamonds, clubs) ranks."""
    idx = draw(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True))
    return tuple("".join(r for j, r in enumerate("AKQJT98765432") if 13 * s + j in idx)
                 for s in range(4))  # type: ignore[return-value]


def _printed_total(metric: str, suits: tuple[str, ...]) -> Fraction:
    """The seed's total straight from the printed rows of this file (not OPCjgm)."""
    long, stiff = long_rows()[metric], table_rows(range(64, 68))[metric]
    dbl = dict(zip(headers(70), table_rows(range(71, 79))[metric]))
    total = Fraction(0)
    for cards in suits:
        honours = rank_order("".join(c for c in cards if c in "AKQJT"))
        if len(cards) >= 3:
            total += sum((long["AKQJT".index(r)] for r in honours), Fraction(0))
        elif len(cards) == 2:
            total += dbl[S.doubleton_column(honours)]
        elif len(cards) == 1 and honours:
            total += stiff["AKQJT".index(honours)]
    return total


@given(deals())
def test_total_is_pattern_plus_holdings(suits: tuple[str, str, str, str]) -> None:
    shape = tuple(sorted((len(s) for s in suits), reverse=True))
    for e in (*S.SCALES.values(), *D.DEALERV2.values()):
        direct = Fraction(e.pattern(shape)) if e.pattern else Fraction(0)
        for cards in suits:
            direct += Fraction(e.holding(rank_order("".join(c for c in cards if c in e.reads)),
                                         len(cards)))
        assert e.hand_value(suits) == direct, e.name
    for m in S.METRICS:
        if m != "OPCJGM":
            assert S.SCALES[m].hand_value(suits) == _printed_total(m, suits), m


@given(deals())
def test_dealerv2_hand_matches_separable_total(suits: tuple[str, str, str, str]) -> None:
    for m in S.METRICS:
        r = D.hand_result(m, suits)
        total = D.DEALERV2[m].hand_value(suits)
        assert r.total_x100 == total * 100 == sum(r.suits_x100), m
        assert r.rounded == S.pavround(total, r.body) and r.body == S.BODY.hand_value(suits), m


# ---------------------------------------------------------------------------------------------
# Claims


EXPECTED_FAILURES = {
    "tot.HCPAT475.tab8", "unprotected.BUMWRAP", "unprotected.OPCJGM",
    *(f"unprotected.{m}.each" for m in S.METRICS),
    *(f"order.{m}" for m in S.METRICS if m not in ("HCPT050", "OPCJGM")),
    *(f"order.{m}.strict" for m in S.METRICS),
    "note2.meld", "note3.examples.dealerv2", "note3.jack.dealerv2", "note3.ten.dealerv2",
    "note5.holdings", "altcount9.total",
}


def test_claims_load_and_verdicts() -> None:
    results = C.check_all()
    assert len(results) == len({r.id for r in results}) == 97
    assert {r.id for r in results if r.verdict == "failed"} == EXPECTED_FAILURES
    for r in results:
        assert r.verdict in ("held", "failed") and r.detail and r.lines and r.quote
        assert bool(r.breaking) == (r.verdict == "failed"), r.id
    by = {r.id: r for r in results}
    assert by["order.BUMWRAP"].breaking == ("KQ", "Ax")
    assert by["altcount9.total"].detail.endswith("= 10.4, not 10")
    assert set(by["note3.ten.dealerv2"].breaking) == {"QTx", "AKQTx", "KTx"}
    assert by["note3.jack.dealerv2"].breaking == ("AKQJx",)
    assert by["note5.holdings"].breaking[0] == "K"
    assert by["unprotected.BUMWRAP"].breaking == ("Qx",)
    assert "upgraded" in by["stiff-ace.HCPAT475"].detail


def test_claim_quotes_are_verbatim() -> None:
    """Against the seed when it is found, else against the certificate (openbid/studies/quotes.py)."""
    assert_quotes(["scales"])


def test_a_false_claim_fails(tmp_path: Path) -> None:
    f = tmp_path / "c.txt"
    f.write_text("claim x\n  lines: 9\n  quote: Tot = 10.5\n  metric: HCPT050\n"
                 "  check: honour-total\n  expect: 11\n"
                 "claim y\n  lines: 29\n  quote: AK > AQ > Ax.\n  metric: OPCJGM\n"
                 "  check: doubleton-order\n  relation: >\n", encoding="utf-8")
    x, y = C.check_all(f)
    assert x.verdict == "failed" and x.breaking
    assert y.verdict == "held"


@pytest.mark.parametrize("text, problem", [
    ("claim a\n\tlines: 1\n", "tab"),
    ("claim a\n  lines: 1\n  quote: q\n  metric: C13\n  check: nope\n", "unknown check"),
    ("claim a\n  lines: 1\n  quote: q\n  metric: C13\n  check: honour-total\n", "needs"),
    ("claim a\n  quote: q\n  metric: C13\n  check: honour-total\n  expect: 1\n", "no 'lines'"),
    ("claim a\n  lines: 1\n  quote: q\n  metric: C13\n  check: honour-total\n  expect: 1\n"
     "claim a\n  lines: 1\n  quote: q\n  metric: C13\n  check: honour-total\n  expect: 1\n",
     "twice"),
    ("  lines: 1\n", "before any claim"),
    ("node a\n", "expected 'claim ID'"),
])
def test_claims_format_errors(tmp_path: Path, text: str, problem: str) -> None:
    f = tmp_path / "c.txt"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(C.ClaimsFormatError, match=problem):
        C.load_claims(f)


def test_permutations_of_chain_break_order() -> None:
    """The order check really reads the chain: swapping two terms of a held chain fails it."""
    e = S.HCPT050
    for a, b in permutations(("AK", "Kx"), 2):
        claim = C.Claim("t", (29,), f"{a} > {b}.", "HCPT050", "doubleton-order",
                        {"relation": ">="})
        assert C.check_claim(claim).verdict == ("held" if value(e, a) >= value(e, b) else "failed")
