"""Binky points: exact matrices, the inversion, the gauge, the data shards, the shipped tables."""

from __future__ import annotations

import hashlib
import json
import os
import random
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from openbid.studies.binky import checks, ddgen, derive, holdout, matrices as mx, tr
from openbid.hands.evaluators.form import holdings, patterns

RNG = np.random.default_rng(3)


# ---------------------------------------------------------------------------------------------
# Matrices
# ---------------------------------------------------------------------------------------------

def test_orders_are_the_forms():
    assert mx.PATTERNS == patterns() and len(mx.PATTERNS) == 39
    assert mx.HOLDINGS == tuple(holdings("AKQJT9")) and len(mx.HOLDINGS) == 512


@pytest.mark.parametrize("numerators", [mx.pattern_numerators, mx.holding_numerators,
                                        mx.length_numerators])
def test_rows_sum_to_one_exactly(numerators):
    rows = numerators()
    assert all(isinstance(x, int) and x >= 0 for r in rows for x in r)
    assert all(sum(r) == mx.DEN == comb(39, 13) for r in rows)


@pytest.mark.parametrize("numerators,weights", [
    (mx.pattern_numerators, mx.pattern_weights),
    (mx.holding_numerators, mx.holding_weights),
    (mx.length_numerators, mx.length_weights)])
def test_detailed_balance_exactly(numerators, weights):
    """P(me = i, partner = j) = P(me = j, partner = i): the joint law is symmetric."""
    n, w = numerators(), weights()
    assert sum(w) == comb(52, 13)
    for i in range(len(w)):
        for j in range(i):
            assert w[i] * n[i][j] == w[j] * n[j][i]


def test_float_matrices_are_the_exact_ones():
    assert np.array_equal(mx.matrix_B(), np.array(mx.holding_numerators(), float) / mx.DEN)
    assert np.array_equal(mx.matrix_A(), np.array(mx.pattern_numerators(), float) / mx.DEN)


def test_a_few_entries_by_direct_counting():
    ix = mx.HOLDING_INDEX
    n = mx.holding_numerators()
    # I am void: partner is void when his 13 cards are all among the 26 other-suit unknowns
    assert n[ix[("", 0)]][ix[("", 0)]] == comb(26, 13)
    # I hold the stiff ace: partner holds exactly the stiff king when his other 12 cards avoid
    # the 11 remaining cards of the suit: 12 of the 27 unknowns outside it
    assert n[ix[("A", 1)]][ix[("K", 1)]] == comb(27, 12)
    assert n[ix[("A", 1)]][ix[("A", 1)]] == 0
    # 13-0-0-0: partner has a void in my suit and 13 of the other 39... all of his cards
    p = mx.PATTERN_INDEX
    row = mx.pattern_numerators()[p[(13, 0, 0, 0)]]
    assert row[p[(13, 0, 0, 0)]] == 3 and row[p[(4, 3, 3, 3)]] == 0
    assert row[p[(5, 4, 4, 0)]] == 6 * comb(13, 5) * comb(13, 4) ** 2 // 2


def _brute_force(suit: int, hand: int, reads: str):
    """Every (my hand, partner's hand) of a 4 x ``suit`` deck, hands of ``hand`` cards."""
    ranks = "AKQJT98765432"[:suit]
    deck = [(s, r) for s in range(4) for r in ranks]
    hold: dict = {}
    pat: dict = {}
    for me in combinations(range(len(deck)), hand):
        rest = [c for c in range(len(deck)) if c not in me]
        mine = [deck[c] for c in me]
        h0 = ("".join(r for r in reads if (0, r) in mine), sum(1 for s, _ in mine if s == 0))
        p0 = tuple(sorted((sum(1 for s, _ in mine if s == k) for k in range(4)), reverse=True))
        for pa in combinations(rest, hand):
            his = [deck[c] for c in pa]
            h1 = ("".join(r for r in reads if (0, r) in his), sum(1 for s, _ in his if s == 0))
            p1 = tuple(sorted((sum(1 for s, _ in his if s == k) for k in range(4)), reverse=True))
            hold[(h0, h1)] = hold.get((h0, h1), 0) + 1
            pat[(p0, p1)] = pat.get((p0, p1), 0) + 1
    return hold, pat


def test_formulas_against_brute_force_on_a_small_deck():
    """16 cards (4 suits of A K Q J), hands of 3, reading A and K: every entry of both matrices
    equals the brute-force count: count(i, j) = (hands of class i) * numerator(i, j)."""
    suit, hand, reads = 4, 3, "AK"
    hold, pat = _brute_force(suit, hand, reads)
    spots = suit - len(reads)
    classes = [(h, n) for h, n in
               ((h, n) for k in range(3) for c in combinations(reads, k) for h in ["".join(c)]
                for n in range(len(h), len(h) + spots + 1)) if n <= hand]
    for h in classes:
        members = comb(spots, h[1] - len(h[0])) * comb(3 * suit, hand - h[1])
        for g in classes:
            num = mx.holding_numerator(h, g, suit=suit, hand=hand, reads=reads)
            assert hold.get((h, g), 0) == members * num, (h, g)
    my_patterns = {p for p, _ in pat}
    for p in my_patterns:
        members = sum(v for (a, _), v in pat.items() if a == p) // comb(4 * suit - hand, hand)
        for q, num in mx.pattern_row(p, suit=suit, hand=hand).items():
            assert pat[(p, q)] == members * num
        assert sum(mx.pattern_row(p, suit=suit, hand=hand).values()) == comb(4 * suit - hand, hand)


def test_spectrum_is_the_kneser_one():
    """B, A, G are lumpings of the Kneser operator of J(52, 13): eigenvalues among
    (-1)^j C(39-j, 13-j)/C(39, 13), the least -1/3; so I + M is invertible."""
    kn = np.array([float(x) for x in mx.kneser_eigenvalues()])
    assert mx.kneser_eigenvalues()[1] == Fraction(-1, 3)
    for m, w in ((mx.matrix_B(), mx.holding_weights()), (mx.matrix_A(), mx.pattern_weights()),
                 (mx.matrix_G(), mx.length_weights())):
        pi = np.array(w, float) / sum(w)
        s = np.sqrt(pi)[:, None] * m / np.sqrt(pi)[None, :]
        ev = np.linalg.eigvalsh((s + s.T) / 2)
        assert np.abs(ev[:, None] - kn[None, :]).min(axis=1).max() < 1e-9
        assert ev.min() > -1 / 3 - 1e-12


# ---------------------------------------------------------------------------------------------
# Inversion
# ---------------------------------------------------------------------------------------------

def test_round_trip():
    trp, trh = RNG.normal(size=39), RNG.normal(size=512)
    vp, vh = mx.v_from_tr(trp, trh)
    back_p, back_h = mx.tr_from_v(vp, vh)
    assert np.abs(back_p - trp).max() < 1e-12 and np.abs(back_h - trh).max() < 1e-12


def test_definition_is_partner_average():
    """Trh(h) = vh(h) + sum_g P(partner g | me h) vh(g), written out for one holding."""
    vp, vh = RNG.normal(size=39), RNG.normal(size=512)
    _, trh = mx.tr_from_v(vp, vh)
    i = mx.HOLDING_INDEX[("AQ", 3)]
    num = mx.holding_numerators()[i]
    assert abs(trh[i] - (vh[i] + sum(n * v for n, v in zip(num, vh)) / mx.DEN)) < 1e-12


def test_pattern_solve_exactly():
    """The 39 x 39 system solved in Fractions agrees with numpy."""
    b = [Fraction(int(x), 1000) for x in RNG.integers(-3000, 9000, size=39)]
    exact = mx.exact_solve(mx.pattern_numerators(), b)
    num, _ = mx.v_from_tr(np.array([float(x) for x in b]), np.zeros(512))
    assert max(abs(float(e) - n) for e, n in zip(exact, num)) < 1e-12


def test_holding_solve_certified():
    """The exact residual of numpy's 512 x 512 solution, with ||(I+B)^-1||_pi <= 3/2, bounds
    its error rigorously."""
    b = [Fraction(int(x), 1000) for x in RNG.integers(-3000, 3000, size=512)]
    _, vh = mx.v_from_tr(np.zeros(39), np.array([float(x) for x in b]))
    bound = mx.certify(mx.holding_numerators(), mx.holding_weights(), vh, b)
    assert bound < 1e-8
    # and the certificate can fail: a perturbed solution is caught
    bad = vh.copy()
    bad[7] += 1e-3
    assert mx.certify(mx.holding_numerators(), mx.holding_weights(), bad, b) > 1e-3


def test_seed_row_vector_notation():
    """Seed lines 51-61 write VP = TRP (I+A)^-1 with row vectors: its A is our A transposed.
    Read literally with our row-stochastic A the result is not v (A is not symmetric)."""
    trp = RNG.normal(size=39) + 8
    vp, _ = mx.v_from_tr(trp, np.zeros(512))
    wrong = mx.seed_literal_vp(trp)
    assert np.abs(mx.tr_from_v(vp, np.zeros(512))[0] - trp).max() < 1e-12
    assert np.abs(mx.tr_from_v(wrong, np.zeros(512))[0] - trp).max() > 1e-3
    # the seed's formula with A transposed is ours
    ours_rowvec = trp @ np.linalg.inv(np.eye(39) + mx.matrix_A().T)
    assert np.abs(ours_rowvec - vp).max() < 1e-12


# ---------------------------------------------------------------------------------------------
# Gauge
# ---------------------------------------------------------------------------------------------

def _random_hand(rng: random.Random) -> list[str]:
    cards = rng.sample(range(52), 13)
    return ["".join(ddgen.RANKS[c % 13] for c in sorted(cards) if c // 13 == s) for s in range(4)]


def _value(vp, vh, suits) -> float:
    pat = tuple(sorted((len(s) for s in suits), reverse=True))
    tot = vp[mx.PATTERN_INDEX[pat]]
    for s in suits:
        tot += vh[mx.HOLDING_INDEX[("".join(r for r in mx.READS if r in s), len(s))]]
    return tot


def test_gauge_leaves_every_hand_and_every_tr_unchanged():
    vp, vh = RNG.normal(size=39), RNG.normal(size=512)
    f = RNG.normal(size=14)
    vp2, vh2 = mx.v_gauge(vp, vh, f)
    rng = random.Random(5)
    hands = [_random_hand(rng) for _ in range(300)] + [["AKQJT98765432", "", "", ""]]
    for h in hands:
        assert abs(_value(vp, vh, h) - _value(vp2, vh2, h)) < 1e-12
    # the Tr tables move by the Tr gauge h = (I + G) f, and Tr(hand) does not move
    trp, trh = mx.tr_from_v(vp, vh)
    trp2, trh2 = mx.tr_from_v(vp2, vh2)
    g = mx.tr_gauge_of(f)
    assert np.abs(trh2 - trh - g[mx.lengths_of_holdings()]).max() < 1e-12
    assert np.abs(trp2 - trp + mx.pattern_length_sums(g)).max() < 1e-12
    for h in hands:
        assert abs(_value(trp, trh, h) - _value(trp2, trh2, h)) < 1e-12
    # derive() ends in the canonical gauge: the same tables from either Tr
    a = derive.derive_arrays(trp, trh)
    b = derive.derive_arrays(trp2, trh2)
    assert np.abs(a[0] - b[0]).max() < 1e-10 and np.abs(a[1] - b[1]).max() < 1e-10


def test_gauge_is_the_whole_freedom():
    """The map (vp, vh) -> hand values has exactly the 14-dimensional gauge as kernel: on a
    designed set of hands (each pattern with spot suits, each holding in every pattern that
    has its length, the other suits spots) the value map already has rank 551 - 14, and the
    gauge is in the kernel of the map on all hands."""
    spots = "8765432"

    def row(p, first):
        rest = list(p)
        rest.remove(len(first))
        suits = [first] + ["AKQJT9"[:max(0, L - 7)] + spots[:min(L, 7)] for L in rest]
        a = np.zeros(551)
        a[mx.PATTERN_INDEX[p]] += 1
        for s in suits:
            a[39 + mx.HOLDING_INDEX[("".join(r for r in mx.READS if r in s), len(s))]] += 1
        return a

    rows = []
    for p in mx.PATTERNS:
        rows.append(row(p, "AKQJT9"[:max(0, p[0] - 7)] + spots[:min(p[0], 7)]))
    for held, n in mx.HOLDINGS:
        p = next(q for q in mx.PATTERNS if n in q)
        rows.append(row(p, held + spots[:n - len(held)]))
    m = np.array(rows)
    assert np.linalg.matrix_rank(m) == 551 - 14
    for k in range(14):
        f = np.zeros(14)
        f[k] = 1
        vp, vh = mx.v_gauge(np.zeros(39), np.zeros(512), f)
        assert np.abs(m @ np.r_[vp, vh]).max() < 1e-12


def test_derived_tr_gauge_is_preserved():
    """A Tr table whose holdings average 0 per length (Andrews' convention) gives v tables
    that average 0 per length: the length averages obey u(Bx) = G u(x)."""
    x = RNG.normal(size=512)
    lhs = mx.length_means(mx.matrix_B() @ x)
    assert np.abs(lhs - mx.matrix_G() @ mx.length_means(x)).max() < 1e-12


# ---------------------------------------------------------------------------------------------
# Shards
# ---------------------------------------------------------------------------------------------

@pytest.fixture
def fake_dd(monkeypatch):
    """Shard logic without the solver: a table that is a function of the deal."""
    def fake(hands):
        h = int(hashlib.sha256(ddgen.pbn(hands).encode()).hexdigest(), 16) % (14 ** 20)
        return "".join("%x" % ((h // 14 ** k) % 14) for k in range(20))
    monkeypatch.setattr(ddgen, "dd_table", fake)
    ddgen.Stop.requested = False
    yield fake
    ddgen.Stop.requested = False


def test_deals_are_seeded_and_valid():
    a, _ = ddgen.deal_cards("random", 3, 17)
    b, _ = ddgen.deal_cards("random", 3, 17)
    c, _ = ddgen.deal_cards("random", 4, 17)
    assert a == b and a != c
    assert sorted(x for h in a for x in h) == list(range(52))
    assert ddgen.parse_pbn(ddgen.pbn(a)) == a
    p, _ = ddgen.deal_cards("pattern", 0, 5)  # 13-0-0-0
    assert sorted(len({x // 13 for x in p[2]}) for _ in [0]) == [1]


def test_resume_after_interrupted_write(tmp_path, fake_dd, monkeypatch):
    out = tmp_path / "dd"
    out.mkdir()
    assert ddgen.extend_shard(out, "random", 7, 10, block=4) == 4
    good = ddgen.read_shard(ddgen.shard_path(out, "random", 7))
    # a kill between writing the temporary file and the rename
    real_replace = os.replace

    def killed(src, dst):
        Path(src).write_bytes(Path(src).read_bytes()[:37])  # and a torn temporary file
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        ddgen.extend_shard(out, "random", 7, 10, block=4)
    monkeypatch.setattr(os, "replace", real_replace)
    assert ddgen.read_shard(ddgen.shard_path(out, "random", 7)) == good  # untouched
    while ddgen.extend_shard(out, "random", 7, 10, block=4) < 10:
        pass
    resumed = ddgen.read_shard(ddgen.shard_path(out, "random", 7))
    assert [r["i"] for r in resumed] == list(range(10))
    # the same records as one uninterrupted run
    other = tmp_path / "other"
    other.mkdir()
    ddgen.extend_shard(other, "random", 7, 10, block=10)
    assert ddgen.read_shard(ddgen.shard_path(other, "random", 7)) == resumed


def test_a_manifest_names_the_same_records_as_the_shards_grow(tmp_path, fake_dd):
    ddgen.extend_shard(tmp_path, "random", 3, 4, block=4)
    snap = ddgen.manifest(tmp_path)
    before = list(ddgen.iter_records(tmp_path, "random", limits=snap))
    ddgen.extend_shard(tmp_path, "random", 3, 9, block=5)
    ddgen.extend_shard(tmp_path, "random", 8, 2, block=2)  # a shard the snapshot does not name
    assert list(ddgen.iter_records(tmp_path, "random", limits=snap)) == before
    assert len(list(ddgen.iter_records(tmp_path, "random"))) == 11


def test_stop_request_ends_a_block_cleanly(tmp_path, fake_dd):
    ddgen.Stop.requested = True
    n = ddgen.extend_shard(tmp_path, "random", 1, 10, block=5)
    assert n == 1  # the deal under way is kept, then it stops
    assert len(ddgen.read_shard(ddgen.shard_path(tmp_path, "random", 1))) == 1


def test_a_shard_from_another_seed_is_refused(tmp_path, fake_dd):
    ddgen.extend_shard(tmp_path, "random", 2, 3, block=3)
    recs = ddgen.read_shard(ddgen.shard_path(tmp_path, "random", 2))
    ddgen.write_shard(ddgen.shard_path(tmp_path, "random", 5), recs)
    with pytest.raises(ValueError):
        ddgen.extend_shard(tmp_path, "random", 5, 6)


def test_paired_swap_keeps_a_deal(fake_dd):
    rec = ddgen.make_record("paired", 0, 3)
    hands = ddgen.parse_pbn(rec["pbn"])
    spot, honour = (ddgen.code_card(c) for c in rec["swap"])
    assert spot in hands[2] and honour not in hands[2] and spot // 13 == honour // 13
    after = ddgen.apply_swap(hands, (spot, honour))
    assert sorted(x for h in after for x in h) == list(range(52)) and honour in after[2]


def test_dd_smoke():
    """The real solver on two deals (about half a second)."""
    # N all the spades, E the hearts, S the diamonds, W the clubs
    suits = [[s * 13 + r for r in range(13)] for s in range(4)]
    table = ddgen.dd_table(suits)
    assert ddgen.dd_get(table, "N", "S") == 13 and ddgen.dd_get(table, "E", "H") == 13
    assert ddgen.dd_get(table, "N", "N") == 0  # East leads and runs thirteen hearts
    hands, _ = ddgen.deal_cards("random", 0, 0)
    t = ddgen.dd_table(hands)
    assert len(t) == 20 and all(0 <= int(c, 16) <= 13 for c in t)
    # declarer and defenders: tricks of N declaring + tricks of E declaring the same strain
    # cannot both exceed 13 - the other (a side cannot make more than the other concedes)
    for s in "SHDCN":
        assert ddgen.dd_get(t, "N", s) + ddgen.dd_get(t, "E", s) <= 14


# ---------------------------------------------------------------------------------------------
# Tr estimation pieces
# ---------------------------------------------------------------------------------------------

def test_side_tricks_take_the_best_declarer_and_suit():
    dd = "".join("%x" % v for v in [3, 9, 1, 2, 6,  4, 4, 4, 4, 4,  8, 2, 2, 2, 7,  5, 5, 5, 5, 5])
    assert tr.side_tricks(dd, "N") == (9, 7) and tr.side_tricks(dd, "S") == (9, 7)
    assert tr.side_tricks(dd, "E") == (5, 5)


def test_class_means_cluster_covariance():
    deal = np.array([0, 0, 1, 1, 2])
    cls = np.array([0, 0, 0, 1, 1])
    y = np.array([1.0, 3.0, 2.0, 4.0, 6.0])
    mean, n, cov = tr.class_means(deal, cls, y, 2)
    assert mean.tolist() == [2.0, 5.0] and n.tolist() == [3, 2]
    # class 0: residuals -1, +1 (deal 0, summing to 0) and 0 (deal 1): variance 0
    assert cov[0, 0] == 0.0
    # class 1: residuals -1 (deal 1), +1 (deal 2): (1 + 1) / 4
    assert cov[1, 1] == 0.5
    # across classes only deal 1 contributes: 0 * -1 / (3 * 2)
    assert cov[0, 1] == 0.0


def test_merge_falls_back_to_coarser_classes():
    n = np.full(512, 1000.0)
    i = mx.HOLDING_INDEX[("AKQJT9", 6)]
    n[i] = 3
    M, how = tr.merge_matrix(n, None, 100)
    assert how[i] == "reads AKQJT" and abs(M[i].sum() - 1) < 1e-12
    assert M[i, mx.HOLDING_INDEX[("AKQJT", 6)]] > 0.99


# ---------------------------------------------------------------------------------------------
# Shipped tables and evaluators
# ---------------------------------------------------------------------------------------------

def test_shipped_binky_table_is_derived_from_the_shipped_tr_table():
    d = derive.derive(derive.TR_TABLE)
    b = derive.read_binky()
    for s, t in b["strains"].items():
        for i, p in enumerate(mx.PATTERNS):
            assert abs(float(t["patterns"][mx.pattern_name(p)]["v"]) - d[s].vp[i]) <= 0.0005 + 1e-9
        for i, (h, n) in enumerate(mx.HOLDINGS):
            v = float(t["holdings"][mx.holding_name(h, n)]["v"])
            assert abs(v - d[s].vh[i]) <= 0.0005 + 1e-9


def test_evaluators_are_the_table_exactly():
    from openbid.studies.binky import BINKY_NT, BINKY_SUIT

    b = derive.read_binky()
    for ev, s in ((BINKY_SUIT, "suit"), (BINKY_NT, "nt")):
        assert ev.reads == "AKQJT9"
        t = b["strains"][s]
        assert len(ev.holding_table) == 512 and len(ev.pattern_table) == 39
        for (h, n), v in ev.holding_table.items():
            assert v == Fraction(t["holdings"][mx.holding_name(h, n)]["v"])
        for p, v in ev.pattern_table.items():
            assert v == Fraction(t["patterns"][mx.pattern_name(p)]["v"])
        # canonical gauge: void and 13-card suit 0, each length's mean within rounding of 0
        assert ev.holding_table[("", 0)] == 0 and ev.holding_table[("AKQJT9", 13)] == 0
        vh = np.array([float(ev.holding_table[h]) for h in mx.HOLDINGS])
        assert np.abs(mx.length_means(vh)).max() < 0.0006
    # the 13-card hand, and an ace is worth more than a spot
    assert BINKY_SUIT.hand_value(("AKQJT98765432", "", "", "")) > 6
    assert BINKY_SUIT.suit_value("A") > BINKY_SUIT.suit_value("2")


def test_tr_table_reads_and_carries_errors():
    data = json.loads(derive.TR_TABLE.read_text())
    assert data["format"] == tr.FORMAT
    for s in ("suit", "nt"):
        t = data["strains"][s]
        assert len(t["patterns"]) == 39 and len(t["holdings"]) == 512
        assert all("se" in e and "n" in e for e in t["holdings"].values())
    trp, trh = tr.read_table(derive.TR_TABLE)["suit"]
    assert np.isfinite(trp).all() and np.isfinite(trh).all()


# ---------------------------------------------------------------------------------------------
# Claims
# ---------------------------------------------------------------------------------------------

def test_seed_contradicts_itself_on_aqj9():
    """Lines 133 and 168 print QJxx -> AQJx as 1.61 and 1.67; and even without line 133 the
    AQJ9 chains and averages cannot all hold."""
    out = checks.seed_consistency()
    assert out[0].verdict == "SEED_INCONSISTENT"
    assert "133" in out[0].lines and "168" in out[0].lines
    assert len(out) == 2 and out[1].verdict == "SEED_INCONSISTENT" and "171" in out[1].lines


def test_card_average_weights():
    """The 24 orders: an additive holding gives each card exactly its own value."""
    val = {"A": 1.6, "Q": 0.5, "J": 0.3, "9": 0.1}

    def v(h):
        return sum(val[c] for c in h if c != "x")

    for c in "AQJ9":
        assert abs(checks.card_average(v, c) - val[c]) < 1e-12


def _cited(lines: str) -> list[int]:
    out = []
    for part in lines.split(","):
        x, _, y = part.strip().partition("-")
        out.extend(range(int(x), int(y or x) + 1))
    return out


def test_claims_file_is_in_block_format_with_verbatim_quotes():
    """Every claim parses; its quote is its cited lines (stripped, white space runs as one
    space, joined by spaces); a claim with several quotes has one per cited line."""
    blocks = checks.parse_claims(checks.CLAIMS_FILE.read_text())
    assert len(blocks) > 50 and len({b["claim"][0] for b in blocks}) == len(blocks)
    seed = checks.seed_lines()
    for b in blocks:
        assert b["verdict"][0] in {"AGREES", "DISAGREES", "SEED_INCONSISTENT"}
        if not seed or "quote" not in b:
            continue
        rows = [" ".join(seed[n - 1].split()) for n in _cited(b["lines"][0])]
        rows = [r for r in rows if r]
        if len(b["quote"]) == 1:
            assert b["quote"][0] in " ".join(rows), b["claim"]
        else:
            assert all(any(q in r for r in rows) for q in b["quote"]), b["claim"]


def test_svg_is_self_contained():
    svg = holdout.plot_svg([(8.0, 8.1, 1.0, 50), (9.0, 8.9, 1.1, 40)], "t")
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "circle" in svg


def test_a_plot_title_is_never_clipped():
    """The report's held-out plots are 320 px wide at a 10 px font (a character at most 6 px):
    a long title is set in two lines that each fit, words whole, nothing lost below 100 chars."""
    import re

    title = "held-out deals, suit: Binky(N) + Binky(S) against double-dummy tricks"
    svg = holdout.plot_svg([(8.0, 8.1, 1.0, 50)], title, size=320)
    lines = re.findall(r'<text x="160\.0" y="\d+" text-anchor="middle">([^<]*)</text>', svg)
    top = [t for t in lines if t not in ("Binky(N)+Binky(S)",)]
    assert " ".join(top) == title
    assert len(top) == 2 and all(6 * len(t) <= 320 - 8 for t in top)
    long = holdout.plot_svg([], "word " * 60, size=320)
    shown = re.findall(r'y="(?:12|23)" text-anchor="middle">([^<]*)<', long)
    assert len(shown) == 2 and shown[1].endswith("...") and all(6 * len(t) <= 312 for t in shown)
