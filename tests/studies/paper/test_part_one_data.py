"""The Part One data (openbid/studies/paper/part_one/*.txt, read by openbid/studies/paper/part_one_data.py) is well
formed: labels, kinds, expressions, verbatim quotes and the Appendix 6 table. Nothing here checks
whether a claim is true (that is verify/)."""

from __future__ import annotations

import re
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from openbid.base.errors import ExprError
from openbid.expr import parse
from openbid.studies.paper import part_one_data as D
from openbid.studies.quotes import assert_quotes, collect

POINTS = set(D.BID_POINTS)
ORDER = {p: i for i, p in enumerate(D.BID_POINTS)}
ENTRY_IDS = {e.id for e in D.PART_ONE}
OUTCOME_WORDS = re.compile(r'\bmeets\(|\bbid\b|\bsection\b|\bbidval\b')


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


# ---- verbatim quotes ------------------------------------------------------------------------------

def test_quotes_are_verbatim_or_certified():
    """Every reason, concession, remark, lemma quote and Appendix 6 row against the seed when it is
    found, else against the certificate (openbid/studies/quotes.py); never skipped."""
    assert_quotes(["part_one"])


def test_every_quote_is_collected():
    quotes = collect(["part_one"])
    claims = {q.claim for q in quotes}
    assert len(claims) == len(D.PART_ONE) + len(D.WITHIN_SECTION) + len(D.LEMMAS) + 39 + 1
    assert sum(q.what.startswith("concession") for q in quotes) == sum(
        len(e.concessions) for e in D.PART_ONE)
    rows = {q.text for q in quotes if q.rule == "line"}
    assert "13 0 0 0\t18\t18" in rows and "4 3 3 3\t-1\t0" in rows



# ---- the files and their loader -------------------------------------------------------------------

def test_the_values_are_read_from_the_text_files():
    assert D.PART_ONE == D.load_part_one() and D.LEMMAS == D.load_lemmas()
    assert D.WITHIN_SECTION == D.load_within_section()
    assert D.load_appendix6() == (D.APPENDIX6, D.APPENDIX6_LINES, D.APPENDIX6_FOOTNOTE,
                                  D.APPENDIX6_FOOTNOTE_LINE)
    assert D.TABLE_FILE.parent.name == "part_one" and D.TABLE_FILE.is_file()


def test_derived_fields():
    assert D.points_of("13a, b, d") == ("13a", "13b", "13d")
    assert D.points_of("2-4") == ("2a", "2b", "3", "4")
    assert D.scope_of("true", "TOTALPTS >= 7") == "general"
    assert D.scope_of('meets("2a")', "ACES = 4") == "section"
    assert D.scope_of("true", 'bid = "1C"') == "section"
    by_id = {e.id: e for e in D.PART_ONE}
    assert by_id["10/5, 8"].m_points == ("5a", "5b", "8a", "8b", "8c", "8d", "8e")
    assert by_id["6/5"].kinds == ("cannot", "preferable") and by_id["3/1"].kinds == ("cannot",)


@pytest.mark.parametrize(
    ("loader", "text", "problem"),
    [
        ("load_part_one", "entry 2a/1\n  lines: 229\n  kind: cannot\n", "no 'quote'"),
        ("load_part_one", "entry 2a\n  lines: 229\n  kind: cannot\n  quote: q\n", "must be N/M"),
        ("load_part_one", "entry 2a/1\n  lines: 229\n  kind: never\n  quote: q\n", "kind must be"),
        ("load_part_one", "entry 2a/1\n  lines: 229\n  kind: cannot\n  kinds: same\n  quote: q\n",
         "only for 'mixed'"),
        ("load_part_one", "entry 2z/1\n  lines: 229\n  kind: cannot\n  quote: q\n",
         "not bid points"),
        ("load_part_one", "entry 2a/1\n  lines: 229\n  kind: cannot\n  quote: q\n  exceptions: HCP >\n",
         "exceptions"),
        ("load_within_section", "fact x\n  sections: 1\n  lines: 1\n  quote: q\n  premise: true\n",
         "no 'conclusion'"),
        ("load_within_section", "judgement x\n  sections: 1\n  lines: 1\n  quote: q\n"
         "  premise: true\n", "unknown judgement field 'premise'"),
        ("load_within_section", "fact x\n  sections: 1\n  lines: 1\n  quote: q\n  premise: true\n"
         "  conclusion: true\n  expected: maybe\n", "'yes' or 'no'"),
        ("load_lemmas", "lemma x\n  premise: true\n  conclusion: true\n  lines: 1\n  quote: q\n",
         "no 'used_in'"),
        ("load_appendix6", "row 4333\n  lines: 1\n  minimum: -1\n  maximum: 0\n", "no footnote"),
    ],
)
def test_malformed_files_are_rejected(tmp_path: Path, loader: str, text: str, problem: str):
    path = tmp_path / "data.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(D.PartOneFormatError, match=problem) as info:
        getattr(D, loader)(path)
    assert info.value.path == str(path)
