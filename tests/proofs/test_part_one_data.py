"""The Part One data (openbid/proofs/part_one_data.py) is well formed: labels, kinds, expressions, verbatim
quotes and the Appendix 6 table. Nothing here checks whether a claim is true (that is verify/)."""

from __future__ import annotations

import os
import re
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from openbid.model.errors import ExprError
from openbid.model.expr import parse
from openbid.proofs import part_one_data as D

POINTS = set(D.BID_POINTS)
ORDER = {p: i for i, p in enumerate(D.BID_POINTS)}
ENTRY_IDS = {e.id for e in D.PART_ONE}
OUTCOME_WORDS = re.compile(r'\bmeets\(|\bbid\b|\bsection\b|\bbidval\b')


def _seed_lines() -> list[str] | None:
    candidates = [os.environ.get("OPENBID_SEED", "")]
    here = Path(__file__).resolve().parents[2]
    candidates += [str(here / "docs" / D.SEED_FILE), str(here / D.SEED_FILE),
                   f"/work/shared/seeds/{D.SEED_FILE}"]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c).read_text(encoding="utf-8").split("\n")
    return None


SEED = _seed_lines()
needs_seed = pytest.mark.skipif(SEED is None, reason=f"seed text {D.SEED_FILE} not found")


def _parses(text: str) -> None:
    try:
        parse(text)
    except ExprError as err:  # pragma: no cover - the message is the point
        pytest.fail(f"does not parse: {text!r}\n{err}")


def _section(point: str) -> int:
    return int(point.rstrip("abcdefghij"))


def _points_of(label: str) -> tuple[str, ...]:
    """Expand the paper's N or M text ("2-9, 11", "13a, b, d", "2b, 6") into bid points."""
    out: list[str] = []
    prefix = ""
    for part in (p.strip() for p in label.split(",")):
        if "-" in part:
            a, b = (int(x) for x in part.split("-"))
            for n in range(a, b + 1):
                out += D.SECTION_POINTS[n]
        elif part.isdigit():
            prefix = part
            out += D.SECTION_POINTS[int(part)]
        elif part.isalpha():  # "b" in "13a, b, d"
            out.append(prefix + part)
        else:
            prefix = part.rstrip("abcdefghij")
            out.append(part)
    return tuple(out)


# ---- constants ---------------------------------------------------------------------------------

def test_bid_points_and_sections():
    assert len(D.BID_POINTS) == 33 and len(POINTS) == 33
    assert sum(len(v) for v in D.SECTION_POINTS.values()) == 33
    assert D.SECTION_POINTS[8] == ("8a", "8b", "8c", "8d", "8e")
    assert D.SECTION_POINTS[12][-1] == "12j"


# ---- Part One ------------------------------------------------------------------------------------

def test_part_one_records_well_formed():
    assert len(D.PART_ONE) == len(ENTRY_IDS), "entry ids must be unique"
    for e in D.PART_ONE:
        assert e.id == f"{e.n}/{e.m}"
        assert e.kind in D.KINDS, e.id
        if e.kind == "mixed":
            assert len(e.kinds) >= 2 and len(set(e.kinds)) == len(e.kinds), e.id
            assert all(k in D.KINDS and k != "mixed" for k in e.kinds), e.id
        else:
            assert e.kinds == (e.kind,), e.id
        assert e.reason and e.source_lines and e.pages, e.id
        lo, hi = D.PART_ONE_LINES
        assert all(lo <= n <= hi for n in e.source_lines), e.id
        assert list(e.source_lines) == sorted(set(e.source_lines)), e.id
        assert bool(e.concessions) == bool(e.exceptions), e.id
        if e.exceptions:
            _parses(e.exceptions)
        if e.see:
            assert e.see in ENTRY_IDS or e.see in {x.n for x in D.PART_ONE}, e.id


def test_part_one_labels_are_bid_points_and_match_the_printed_text():
    for e in D.PART_ONE:
        assert e.n_points and set(e.n_points) <= POINTS, e.id
        assert e.m_points and set(e.m_points) <= POINTS, e.id
        assert len(set(e.m_points)) == len(e.m_points), e.id
        assert e.n_points == _points_of(e.n), e.id
        assert e.m_points == _points_of(e.m), e.id
        # every M comes before every N in program order
        assert max(ORDER[p] for p in e.m_points) < min(ORDER[p] for p in e.n_points), e.id


def test_part_one_covers_every_earlier_section_once():
    by_n: dict[str, list] = {}
    for e in D.PART_ONE:
        by_n.setdefault(e.n, []).append(e)
    for n, entries in by_n.items():
        covered = [p for e in entries for p in e.m_points]
        assert len(covered) == len(set(covered)), f"{n}: a bid point is answered twice"
        first = min(_section(p) for p in entries[0].n_points)
        earlier = {p for p in D.BID_POINTS if _section(p) < first}
        assert earlier <= set(covered), f"{n}: no reason for {sorted(earlier - set(covered))}"


def test_every_cannot_reason_has_its_lemmas():
    used = {u for lem in D.LEMMAS for u in lem.used_in}
    for e in D.PART_ONE:
        if "cannot" in e.kinds:
            assert e.id in used or e.see in used, f"{e.id}: no lemma formalises the reason"


@needs_seed
def test_part_one_reasons_are_verbatim():
    for e in D.PART_ONE:
        lines = [SEED[n - 1] for n in e.source_lines]
        for piece in e.reason.split("\n"):
            assert any(piece in ln for ln in lines), f"{e.id}: not verbatim: {piece!r}"
        by_id = {x.id: x for x in D.PART_ONE}
        # a conceded hand is printed in the reason, or in the one it defers to ("as in 10, 1")
        seen = [SEED[n - 1] for n in by_id[e.see].source_lines] if e.see in by_id else []
        for hand in e.concessions:
            where = lines + seen
            assert any(hand in ln for ln in where), e.id


# ---- within-section claims -------------------------------------------------------------------

def test_within_section_claims_well_formed():
    ids = [w.id for w in D.WITHIN_SECTION]
    assert len(ids) == len(set(ids))
    for w in D.WITHIN_SECTION:
        assert w.kind in D.WITHIN_KINDS, w.id
        assert w.sections and set(w.sections) <= POINTS, w.id
        assert w.quote and w.source_lines, w.id
        if w.kind == "fact":
            assert w.premise is not None and w.conclusion is not None, w.id
            assert isinstance(w.expected, bool), w.id
            _parses(w.premise)
            _parses(w.conclusion)
        else:
            assert w.premise is None and w.conclusion is None and w.expected is None, w.id
            assert w.stated, w.id


@needs_seed
def test_within_section_quotes_are_verbatim():
    for w in D.WITHIN_SECTION:
        lines = [SEED[n - 1] for n in w.source_lines]
        for piece in w.quote.split("\n"):
            assert any(piece in ln for ln in lines), f"{w.id}: not verbatim: {piece!r}"


# ---- lemmas -------------------------------------------------------------------------------------

def test_lemmas_well_formed_and_parse():
    ids = [lem.id for lem in D.LEMMAS]
    assert len(ids) == len(set(ids)), "lemma ids must be unique"
    for lem in D.LEMMAS:
        assert lem.scope in D.LEMMA_SCOPES, lem.id
        assert lem.quote and lem.source_lines and lem.used_in, lem.id
        unknown = set(lem.used_in) - ENTRY_IDS
        assert not unknown, f"{lem.id}: unknown entries {unknown}"
        assert isinstance(lem.expected, bool), lem.id
        for text in (lem.premise, lem.conclusion, lem.context):
            _parses(text)
        mentions_outcome = bool(OUTCOME_WORDS.search(lem.premise + " " + lem.conclusion))
        assert mentions_outcome == (lem.scope == "section"), lem.id


@needs_seed
def test_lemma_quotes_are_verbatim():
    for lem in D.LEMMAS:
        lines = [SEED[n - 1] for n in lem.source_lines]
        for piece in lem.quote.split("\n"):
            assert any(piece in ln for ln in lines), f"{lem.id}: not verbatim: {piece!r}"


def test_the_lemmas_the_brief_names_are_there():
    claims = {(lem.premise, lem.conclusion) for lem in D.LEMMAS}
    for claim in [
        ("true", "TOTALPTS >= HCP - 3"),
        ("ACES = 4", "HCP >= 16"),
        ("LONGEST >= 8", "TOTALPTS >= 7"),
        ("LONGEST = 7", "TOTALPTS >= HCP - 1"),
        ("LONGEST >= 8", "TOTALPTS >= HCP + 1"),
        ("LONGEST >= 6", "TOTALPTS >= HCP - 1"),
        ("HCP >= 25", "TOTALPTS >= 22"),
        ("HCP >= 15", "TOTALPTS >= 12"),
        ("EVENDIST", "LONGEST <= 5"),
        ("EVENDIST and HCP <= 18", "TOTALPTS <= 21"),
        ("SUITPOINTS(C) >= 9 and SUITLENGTH(C) >= 6", "TOTALPTS >= 8"),
        ('meets("10")', "TOTALPTS <= 14"),
    ]:
        assert claim in claims, claim


# ---- Appendix 6 ---------------------------------------------------------------------------------

def _shape(key: str) -> tuple[int, ...]:
    """"13000" -> (13, 0, 0, 0): only the first (longest) part can have two digits."""
    if len(key) == 5:
        return (int(key[:2]), *(int(c) for c in key[2:]))
    return tuple(int(c) for c in key)


def _partitions() -> set[tuple[int, ...]]:
    return {tuple(sorted(p, reverse=True)) for p in combinations_with_replacement(range(14), 4)
            if sum(p) == 13}


def test_appendix6_is_all_39_distributions():
    assert len(D.APPENDIX6) == 39
    shapes = [_shape(k) for k in D.APPENDIX6]
    for key, s in zip(D.APPENDIX6, shapes):
        assert len(s) == 4 and sum(s) == 13 and list(s) == sorted(s, reverse=True), key
        assert "".join(map(str, s)) == key
    assert len(set(shapes)) == 39
    assert set(shapes) == _partitions()
    assert set(D.APPENDIX6_LINES) == set(D.APPENDIX6)


def test_appendix6_values():
    for key, (lo, hi) in D.APPENDIX6.items():
        assert isinstance(lo, int) and isinstance(hi, int) and lo <= hi, key
    assert D.APPENDIX6["13000"] == (18, 18)
    assert D.APPENDIX6["4333"] == (-1, 0)
    # the general relation TOTALPTS >= HCP - 3 is the table's smallest minimum (5422)
    assert min(lo for lo, _ in D.APPENDIX6.values()) == -3 == D.APPENDIX6["5422"][0]
    assert "ACES" in D.APPENDIX6_FOOTNOTE and "void" in D.APPENDIX6_FOOTNOTE


@needs_seed
def test_appendix6_matches_the_printed_rows():
    for key, (lo, hi) in D.APPENDIX6.items():
        row = SEED[D.APPENDIX6_LINES[key] - 1]
        assert row == f"{' '.join(map(str, _shape(key)))}\t{lo}\t{hi}", key
    assert SEED[D.APPENDIX6_FOOTNOTE_LINE - 1] == D.APPENDIX6_FOOTNOTE
