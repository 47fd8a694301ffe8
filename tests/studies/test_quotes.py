"""The verbatim check of every quote (openbid/studies/quotes.py) and its certificate
(openbid/studies/seed_lines.json, written by ``python -m openbid.studies.certify``).

Both paths run everywhere: the certificate path is forced (``seeds=None``) even where the seeds are
found, and the seed path runs against a copy of the seeds built in a temporary directory from the
certificate's own quotes when the real seeds are absent. Nothing here skips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openbid.studies import certify
from openbid.studies import quotes as Q
from openbid.studies.quotes import Quote, audit, collect, is_verbatim, line_hash, seeds_dir


def test_every_quote_against_the_seeds_or_the_certificate() -> None:
    result = audit(complete=True)
    assert result.ok, result.report()
    assert result.quotes > 1500 and set(result.seeds_read) == {Q.SEED_000, Q.SEED_002, Q.SEED_003, Q.SEED_004}


def test_the_certificate_alone_checks_every_quote() -> None:
    result = audit(seeds=None, complete=True)
    assert result.ok, result.report()
    assert not any(result.seeds_read.values())


def test_the_certificate_is_current_where_the_seeds_are() -> None:
    if seeds_dir() is None:
        # CI: the certificate path above is the check; here, that it was written from quotes
        # that were all verbatim is what certify guarantees. Check its shape instead.
        cert = Q.load_certificate()
        assert cert is not None and set(cert) == {"about", "seeds", "claims"}
        return
    assert certify.main(["--check"]) == 0


def _edited(monkeypatch: pytest.MonkeyPatch, source: str, change) -> None:
    original = Q.SOURCES[source]
    monkeypatch.setitem(Q.SOURCES, source, lambda: (change(q) for q in original()))


def test_an_edited_quote_fails_without_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    target = "proofs/part_one/table.txt entry 10/1"

    def change(q: Quote) -> Quote:
        if q.claim == target and q.what == "quote":
            return Quote(q.claim, q.what, q.seed, q.lines, q.text.replace("≥ 7", "≥ 8", 1), q.rule)
        return q

    _edited(monkeypatch, "part_one", change)
    result = audit(["part_one"], seeds=None)
    assert [p for p in result.problems] == [
        f"{target}: its quotes or cited lines differ from the certified ones ({Q.FIX})"
    ]


def test_a_changed_citation_fails_without_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    def change(q: Quote) -> Quote:
        if q.claim == "proofs/knr_claims.txt claim kx_plus_point_six":
            return Quote(q.claim, q.what, q.seed, (11,), q.text, q.rule)
        return q

    _edited(monkeypatch, "knr", change)
    problems = audit(["knr"], seeds=None).problems
    assert any("differ from the certified" in p or "no hash of" in p for p in problems), problems


def test_a_missing_certificate_fails() -> None:
    result = audit(["scales"], seeds=None, certificate=None)
    assert not result.ok
    assert result.problems[0].startswith("no certificate")
    assert any("no hash of 002_1b25d8d92a52997f.txt line" in p for p in result.problems)


def test_a_stale_certificate_entry_is_reported() -> None:
    cert = json.loads(json.dumps(Q.load_certificate()))
    cert["claims"]["proofs/knr_claims.txt claim gone"] = "0" * 64
    problems = audit(seeds=None, certificate=cert, complete=True).problems
    assert problems == [f"certificate: stale claim proofs/knr_claims.txt claim gone ({Q.FIX})"]


def _seed_copy(tmp: Path, quotes: list[Quote]) -> Path:
    """Seeds rebuilt from the quotes (a line per cited line): enough for the rules ``line`` and
    ``pieces`` with one line; used where the real seeds are absent."""
    real = seeds_dir()
    out = tmp / "seeds"
    out.mkdir()
    if real is not None:
        for name in {q.seed for q in quotes}:
            (out / name).write_text((real / name).read_text(encoding="utf-8"), encoding="utf-8")
        return out
    lines: dict[str, dict[int, str]] = {}
    for q in quotes:
        assert q.rule == "line"
        lines.setdefault(q.seed, {})[q.lines[0]] = q.text
    for name, table in lines.items():
        text = [table.get(n, "") for n in range(1, max(table) + 1)]
        (out / name).write_text("\n".join(text) + "\n", encoding="utf-8")
    return out


def test_the_seed_path_checks_verbatim_and_the_line_hashes(tmp_path: Path) -> None:
    quotes = collect(["scales_printed"])
    seeds = _seed_copy(tmp_path, quotes)
    assert audit(["scales_printed"], seeds=seeds).ok
    name = quotes[0].seed
    lines = (seeds / name).read_text(encoding="utf-8").split("\n")
    lines[8] = lines[8].replace("10.5", "10.6")  # line 9, "Tot = 10.5"
    (seeds / name).write_text("\n".join(lines), encoding="utf-8")
    problems = audit(["scales_printed"], seeds=seeds).problems
    assert any("not verbatim" in p and "PRINTED_LINES 9" in p for p in problems), problems
    assert any(f"{name} line 9 is not the seed's line" in p for p in problems), problems


def test_certify_refuses_a_quote_that_is_not_verbatim(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "x.txt").write_text("first line\nHCP \\geq 16 implies\tTOTALPTS\n", encoding="utf-8")
    good = [Quote("c", "quote", "x.txt", (2,), "HCP \\geq 16", "pieces")]
    bad = good + [Quote("d", "quote", "x.txt", (1, 2), "first line HCP \\leq", "joined")]
    target = tmp_path / "seed_lines.json"
    monkeypatch.setenv(Q.SEEDS_ENV, str(seeds))
    monkeypatch.setattr(Q, "CERTIFICATE", target)
    monkeypatch.setattr(Q, "SOURCES", {"test": lambda: iter(bad)})
    assert certify.main(["--write"]) == 1 and not target.exists()
    assert "not verbatim: d quote" in capsys.readouterr().err
    monkeypatch.setattr(Q, "SOURCES", {"test": lambda: iter(good)})
    assert certify.main([]) == 1 and not target.exists()  # without --write: a check only
    assert "not current" in capsys.readouterr().err
    assert certify.main(["--write"]) == 0 and target.exists()
    cert = json.loads(target.read_text(encoding="utf-8"))
    assert cert["seeds"] == {"x.txt": {"2": line_hash("HCP \\geq 16 implies\tTOTALPTS")}}
    assert set(cert["claims"]) == {"c"}
    assert certify.main(["--check"]) == 0
    monkeypatch.setenv(Q.SEEDS_ENV, str(tmp_path / "nowhere"))
    assert certify.main(["--write"]) == 1


def test_seeds_are_found_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(Q.SEEDS_ENV, str(tmp_path))
    assert seeds_dir() == tmp_path
    monkeypatch.setenv(Q.SEEDS_ENV, str(tmp_path / "missing"))
    assert seeds_dir() is None
    monkeypatch.delenv(Q.SEEDS_ENV)
    found = seeds_dir()
    assert found is None or (found.name == "seeds" and found.parent.name == "shared")


@pytest.mark.parametrize(
    ("rule", "lines", "text", "ok"),
    [
        ("pieces", (1, 2), "b c\nd", True),
        ("pieces", (1, 2), "c d", False),  # a piece never spans two lines
        ("joined", (1, 2), "c d", True),
        ("joined", (1, 2), "b   c\nd", True),  # white space runs read as one space
        ("joined", (3,), "item", True),  # an OCR bullet "- " is dropped
        ("joined", (3,), "- item", False),
        ("line", (1,), "a b c", True),
        ("line", (1,), "a b", False),
        ("line", (4,), "x", False),  # no such line
    ],
)
def test_rules(rule: str, lines: tuple[int, ...], text: str, ok: bool) -> None:
    seed = ["a b c", "d e", "- item"]
    assert is_verbatim(Quote("c", "q", "s", lines, text, rule), seed) is ok
