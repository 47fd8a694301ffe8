"""The report of ``openbid prove --report`` (issue 8, items 2-4).

The golden test compares report.md and report.json byte for byte with tests/report/golden/; after an
intended change (rules, paper data, the renderers) regenerate them with
``pytest tests/report/test_report.py --update-golden`` and review the diff. The run itself is the
session fixture ``code_run`` (tests/conftest.py, about 30 s).
"""

from __future__ import annotations

import difflib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from openbid.report.report import percent, report_data
from openbid.report.writer import write_report
from openbid.report.html import render_html
from openbid.report.markdown import render_md

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = ("report.md", "report.json")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
BLOCK = {"address", "blockquote", "details", "div", "dl", "footer", "form", "h1", "h2", "h3", "h4",
         "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul"}


def _short_diff(expected: str, got: str, name: str, limit: int = 40) -> str:
    diff = list(difflib.unified_diff(expected.splitlines(), got.splitlines(),
                                     f"golden/{name}", f"this run/{name}", lineterm="", n=1))
    more = f"\n... and {len(diff) - limit} more diff lines" if len(diff) > limit else ""
    return "\n".join(diff[:limit]) + more


@pytest.mark.parametrize("name", FILES)
def test_golden(report_dir, request, name):
    got = (report_dir / name).read_text(encoding="utf-8")
    golden = GOLDEN / name
    if request.config.getoption("--update-golden"):
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(got, encoding="utf-8", newline="\n")
        return
    assert golden.exists(), f"{golden} is missing: run pytest tests/report/test_report.py --update-golden"
    expected = golden.read_text(encoding="utf-8")
    if got != expected:
        pytest.fail(f"{name} differs from the golden file (if intended: pytest "
                    f"tests/report/test_report.py --update-golden)\n{_short_diff(expected, got, name)}",
                    pytrace=False)


def test_written_twice_is_byte_identical(code_run, report_dir, tmp_path):
    write_report(code_run, tmp_path)
    for name in FILES + ("index.html",):
        assert (tmp_path / name).read_bytes() == (report_dir / name).read_bytes(), name


def test_json_content(report_dir, code_run):
    data = json.loads((report_dir / "report.json").read_text(encoding="utf-8"))
    assert data["variant"]["name"] == "code" and data["variant"]["digest"] == code_run.digest
    assert data["census"]["total"] == 635_013_559_600
    parts = {item["part"] for item in data["items"]}
    assert {"lemmas", "part-one", "part-two", "structure", "census"} <= parts
    claims = {c["part"]: c for c in data["claims"]}
    assert claims["part-two"]["failed"] == code_run.part_two.summary()["failed"]
    assert len(data["paper_errors"]) >= 2
    assert "seconds" not in _keys(data)  # no timings in the deterministic files
    assert str(report_dir) not in (report_dir / "report.json").read_text(encoding="utf-8")


def _keys(obj) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in _keys(v)}
    return set()


def test_changes_are_shown(code_run):
    data = report_data(code_run, [("part-one 10/1", "disjoint agrees", "overlap paper-wrong")])
    md = render_md(code_run, data)
    assert "Changed against the recorded expectation: 1" in md
    assert "part-one 10/1" in md
    html = render_html(code_run, data)
    assert "1 verdict(s) changed" in html and "overlap paper-wrong" in html
    p = _Page()
    p.feed(html)
    assert not p.stack
    assert md.startswith("# OPENBID re-derived")
    for heading in ("## Summary", "## Part One", "## Part Two", "## Errata", "## Census",
                    "## Control flow", "## Variant"):
        assert heading in md


def test_percent():
    assert percent(1, 4) == "25.00%"
    assert percent(393_056, 635_013_559_600) == "0.000062%"
    assert percent(0, 10) == "0%"


# ---- index.html --------------------------------------------------------------------------------
class _Page(HTMLParser):
    """Tags, attributes and nesting of a page; raises on an unbalanced tag."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: dict[str, int] = {}
        self.attrs: list[tuple[str, str, str]] = []
        self.ids: list[str] = []
        self.classes: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self._see(tag, attrs)
        assert not (self.stack and self.stack[-1] == "p" and tag in BLOCK), \
            f"<{tag}> inside <p> at {self.getpos()}"
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self._see(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, \
            f"</{tag}> closes <{self.stack[-1] if self.stack else None}> at {self.getpos()}"
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)

    def _see(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for k, v in attrs:
            self.attrs.append((tag, k, v or ""))
            if k == "id":
                self.ids.append(v or "")
            if k == "class":
                self.classes.extend((v or "").split())


@pytest.fixture(scope="module")
def page(report_dir):
    text = (report_dir / "index.html").read_text(encoding="utf-8")
    p = _Page()
    p.feed(text)
    p.close()
    assert not p.stack, f"unclosed tags: {p.stack}"
    return text, p


def test_html_is_well_formed(page):
    text, p = page
    assert text.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    assert p.tags["html"] == p.tags["head"] == p.tags["body"] == 1
    assert "<title>OPENBID re-derived" in text.split("</head>")[0]
    assert len(p.ids) == len(set(p.ids)), "duplicate ids"
    for tag, k, v in p.attrs:
        if k == "href" and tag == "a":
            assert v.startswith("#") and v[1:] in p.ids, f"dangling link {v}"


def test_html_fetches_nothing(page):
    text, p = page
    for tag in ("script", "link", "img", "iframe", "object", "embed", "image", "use"):
        assert tag not in p.tags, f"<{tag}> in the page"
    for tag, k, v in p.attrs:
        if k in ("src", "href", "xlink:href", "srcset", "data", "action"):
            assert not re.match(r"\s*(https?:|//|file:)", v), f"<{tag} {k}={v!r}>"
        if k == "style":
            assert "url(" not in v
    assert not re.search(r"url\(\s*['\"]?\s*(https?:|//)", text)
    assert "@import" not in text and "@font-face" not in text
    assert not re.search(r"(src|href)\s*=\s*['\"]?\s*https?://", text)


def test_html_shows_the_parts(page, code_run):
    text, p = page
    # the summary, per part, with the variant and the digest
    assert 'id="summary"' in text and code_run.digest in text
    # the matrix: one cell per pair, the paper-wrong cells with their hands
    assert "matrix" in p.classes
    assert p.classes.count("cell") == len(code_run.part_one.pairs)
    wrong = [x for x in code_run.part_one.pairs if x.comparison == "paper-wrong"]
    assert p.classes.count("paper-wrong") >= len(wrong) > 0
    for x in wrong:
        assert f'title="{x.witness}"' in text  # listed as a hand
    # the trees: one <details> per proposition, nested per node
    from openbid.studies.paper.part_two.tree import iter_nodes

    assert p.classes.count("prop") == 12
    assert p.tags["details"] >= sum(1 for _ in iter_nodes())
    for c in code_run.part_two.checks:
        if c.verdict.value == "failed" and c.witness:
            assert f'title="{c.witness}"' in text
    # pictures: the matrix, two bar charts, the control-flow overview
    assert p.tags["svg"] >= 4
    assert {"bars", "flow"} <= set(p.classes)
    assert "errata" in p.ids and "E11" in text
    assert "variant" in p.ids


def test_html_without_graphviz(code_run, monkeypatch):
    """A fresh machine without Graphviz: the overview picture still renders, no dot graph."""
    import openbid.report.html as rh
    from openbid.systems.variants import load_variant

    monkeypatch.setattr(rh.shutil, "which", lambda name: None)
    data = report_data(code_run)
    html = render_html(code_run, data, seconds=1.0, rules=load_variant("code"))
    assert 'class="flow"' in html and "Graphviz <code>dot</code> is not installed" in html
    assert 'class="graph"' not in html
    p = _Page()
    p.feed(html)
    assert not p.stack
    assert "in 1.0 s" in html


def test_partial_run_renders(code_run, tmp_path):
    """A run with parts missing (prove PART) still gives three well-formed files."""
    from dataclasses import replace

    run = replace(code_run, parts=("part-one",), lemmas=None, part_two=None, structure=None,
                  synopsis=None, census=[], soundness=None, evaluators=None,
                  binky=None)
    write_report(run, tmp_path, seconds=2.5)
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert [c["part"] for c in data["claims"]] == ["part-one"]
    assert "## Part Two" not in (tmp_path / "report.md").read_text(encoding="utf-8")
    p = _Page()
    p.feed((tmp_path / "index.html").read_text(encoding="utf-8"))
    assert not p.stack and "matrix" in p.classes
    links = [v for tag, k, v in p.attrs if tag == "a" and k == "href"]
    assert "#part-one" in links and "#part-two" not in links
    assert all(x[1:] in p.ids for x in links)


# ---- the order and the numbers of the report ---------------------------------------------------
def test_every_summary_row_adds_up(code_run):
    """A row's total is its claims by verdict plus the items that are not claims; Part One's is
    every pair, overcautious and not-in-the-paper pairs counted under their own names."""
    from openbid.report.report import tallies

    rows = {t.part: t for t in tallies(code_run)}
    for t in rows.values():
        assert t.total == sum(t.counts.values()) + sum(t.other.values()), t.part
    s = code_run.part_one.summary()
    one = rows["part-one"]
    assert one.total == len(code_run.part_one.pairs) == s["total"] == 528
    assert one.counts == {"held": s["agrees"], "failed": s["paper-wrong"], "vacuous": 0,
                          "unknown": s["unknown"]}
    assert one.other == {"overcautious": s["overcautious"], "not in the paper": s["not-in-paper"]}
    md = render_md(code_run, report_data(code_run))
    row = next(line for line in md.splitlines() if line.startswith("| Part One"))
    assert row.startswith(f"| Part One (pairs of bid points) | 528 | {s['agrees']} | "
                          f"{s['paper-wrong']} | 0 | 0 | {s['overcautious']} overcautious, "
                          f"{s['not-in-paper']} not in the paper |")
    assert "counted vacuous" not in md


def test_the_findings_come_first(code_run, report_dir):
    """The paper's errors, the errata in short and the seeds' errors before Part One, in
    report.md and in index.html; each of the paper's errors listed there."""
    md = (report_dir / "report.md").read_text(encoding="utf-8")
    data = json.loads((report_dir / "report.json").read_text(encoding="utf-8"))
    first = md.index("## Part One")
    assert md.index("## Summary") < md.index("## Findings") < first
    top = md[:first]
    assert data["paper_errors"] and all(f"- {e}" in top for e in data["paper_errors"])
    assert data["seed_errors"] and all(f"- {e}" in top for e in data["seed_errors"])
    assert "### Errata of the code, in short" in top and "## Errata" in md[first:]
    page = (report_dir / "index.html").read_text(encoding="utf-8")
    assert (page.index('<section id="summary">') < page.index('<section id="findings">')
            < page.index('<section id="part-one">'))
    findings = page[page.index('<section id="findings">'):page.index('<section id="part-one">')]
    assert 'id="paper-errors"' in findings and 'id="seed-errors"' in findings
    assert findings.count("<li>") == len(data["paper_errors"]) + len(data["seed_errors"])


def test_the_trees_are_collapsed(page):
    """Part Two's trees (6,000-9,000 px opened) sit in one closed <details>, after the table of
    the checks that did not hold."""
    text, _ = page
    section = text[text.index('<section id="part-two">'):]
    section = section[:section.index("</section>")]
    at = section.index('<details class="trees">')
    assert section.index("<table") < at
    assert 'class="prop' not in section[:at]


def test_part_one_lists_the_pairs_not_in_the_paper(code_run, report_dir):
    md = (report_dir / "report.md").read_text(encoding="utf-8")
    unmentioned = [p for p in code_run.part_one.pairs if p.comparison == "not-in-paper"]
    assert len(unmentioned) == 63
    part = md[md.index(f"### Not in the paper ({len(unmentioned)})"):md.index("## Part Two")]
    for p in unmentioned:
        assert f"| {p.n} | {p.m} | " in part, (p.n, p.m)
    page = (report_dir / "index.html").read_text(encoding="utf-8")
    assert f"The {len(unmentioned)} pairs not in the paper" in page


def test_a_variant_s_changes_are_a_finding(code_run):
    """A run of a variant that is not the code shows what it changes among the findings."""
    from dataclasses import replace

    from openbid.checks.diff import Diff, Transition

    t = Transition("2D@5a", "1C@8b", 9_840_324, 12, ["AKQ32.AKQ432.KJ."])
    run = replace(code_run, variant="bumwrap",
                  versus_code=Diff("code", "bumwrap", False, "census", "AKQ32.AKQ432.KJ.",
                                   changed=9_840_324, transitions=[t]))
    data = report_data(run)
    md = render_md(run, data)
    top = md[:md.index("## Part One")]
    assert "### What changes: variant bumwrap against code" in top
    assert "- 2D@5a -> 1C@8b: 9,840,324 hands, e.g. AKQ32.AKQ432.KJ." in top
    html = render_html(run, data)
    assert html.index('id="variant-findings"') < html.index('<section id="part-one">')
    p = _Page()
    p.feed(html)
    assert not p.stack
