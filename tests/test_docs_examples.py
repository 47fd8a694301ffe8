"""Docs that cannot go stale: every ``$ openbid ...`` example of README.md and docs/*.md is run
(tests/docs_examples.py says how a doc writes one) and must print what it shows and exit as it
shows. After a change that alters an output, regenerate the docs' examples with
``python -m tests.docs_examples`` and read the diff."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import docs_examples as dx

EXAMPLES = dx.examples()
# Examples marked "<!-- not run: REASON -->" in the docs, by doc: a new one must be counted here.
NOT_RUN: dict[str, int] = {}


def test_the_docs_have_examples_and_each_is_run_or_marked() -> None:
    by_doc: dict[str, int] = {}
    for e in EXAMPLES:
        by_doc[str(e.doc.relative_to(dx.ROOT))] = by_doc.get(str(e.doc.relative_to(dx.ROOT)), 0) + 1
    assert by_doc.get("README.md", 0) >= 7
    assert by_doc.get("docs/RULES.md", 0) >= 10
    marked = {}
    for e in EXAMPLES:
        if e.not_run is not None:
            assert e.not_run.strip(), f"{e.name}: 'not run' without a reason"
            marked[str(e.doc.relative_to(dx.ROOT))] = marked.get(str(e.doc.relative_to(dx.ROOT)),
                                                                 0) + 1
    assert marked == NOT_RUN, "examples marked not run (update NOT_RUN when you mark one)"


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.not_run is None],
                         ids=lambda e: e.name)
def test_a_doc_example_prints_what_it_shows(example: dx.Example) -> None:
    problems = dx.check(example)
    assert not problems, (f"{example.name}: the example is stale (regenerate with "
                          f"'{dx.REGEN}' and read the diff):\n" + "\n".join(problems))


def test_the_readme_system_is_the_shipped_example() -> None:
    """The README's first system, which the reader writes as my.rules, ships as an example."""
    readme = [e for e in EXAMPLES if e.doc.name == "README.md"]
    shown = readme[0].files.get("my.rules")
    assert shown is not None, "the README's first example runs over my.rules, shown before it"
    shipped = (dx.ROOT / "openbid" / "systems" / "examples" / "first.rules").read_text(
        encoding="utf-8")
    assert shown == shipped
    assert len(shown.splitlines()) <= 16


# ---- the machinery itself, on made-up docs (no program run) ---------------------------------
def test_elisions_match_runs_of_lines_and_rests_of_lines() -> None:
    got = ["a", "b", "c 1.5 s", "d tail"]
    assert dx.matches(["a", "...", "d tail"], got)
    assert dx.matches(["a", "b", "c 1.5 s", "d tail"], got)
    assert dx.matches(["...", "d ..."], got)
    assert dx.matches(["a", "...", "b", "...", "d tail"], got)
    assert dx.matches(["a", "b", "...", "c 1.5 s", "d tail"], got)  # "..." may be no line
    assert not dx.matches(["a", "d tail"], got)
    assert not dx.matches(["a", "...", "c"], got)
    assert not dx.matches(["b", "..."], got)
    assert not dx.matches(["a", "...", "x"], got)
    assert dx.matches(["code and x differ (N s); e.g. HAND"],
                      ["code and x differ (N s); e.g. AKQ2..QJT98765.32"])
    assert not dx.matches(["code and x differ (N s); e.g. HAND"], ["code and x differ (N s)"])
    assert dx.normalise("took 16.1 s (0.8 s, 252 ms, 15.2 CPU-s)") == \
        "took N s (N s, N s, N s)"
    assert dx.normalise("openbid 0.4.1 here") == "openbid VERSION here"
    for progress in ("openbid prove: part-one (3.2 s)", "openbid dd fill: deals: 1,000 of 2,000 in 12.0 s",
                     "openbid rules check: tree: 3 nodes in 0.1 s"):
        assert dx.PROGRESS.match(progress), progress
    for message in ("openbid: error: my.rules:3: column 2: unexpected '='",
                    "openbid: warning: --limit is deprecated (give --count)"):
        assert not dx.PROGRESS.match(message), message
    assert dx.normalise("/tmp/x/my.rules and /tmp/x", "/tmp/x") == "my.rules and ."
    assert dx.normalise("  AQ2.KJ2.KJ32.Q32\t1NT   1 ") == "AQ2.KJ2.KJ32.Q32 1NT 1"


DOC = """# a doc

Some prose the user wrote.

```rules my.rules
name mine
```

<!-- prose between -->
```
$ openbid prove --rules my.rules    # the gate
head 1
...
the middle 5 of 10
...
tail 2.0 s
$ openbid bid KJ43.Q765.A3.J76
old output
```

More prose.
"""


def test_a_regeneration_rewrites_only_the_output(tmp_path: Path, monkeypatch) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(DOC, encoding="utf-8")
    [example] = dx.parse(doc)
    assert example.files == {"my.rules": "name mine\n"}
    assert [c.argv for c in example.commands] == [
        ["openbid", "prove", "--rules", "my.rules"], ["openbid", "bid", "KJ43.Q765.A3.J76"]]
    printed = ["head 1", "x", "the middle 6 of 10", "y", "z", "tail 9.9 s"]
    fake = [dx.Result(1, [dx.normalise(x) for x in printed], printed),
            dx.Result(0, ["new output"], ["new output"])]
    monkeypatch.setitem(dx._RUNS, example.key(), fake)
    old, new, changed = dx.regenerate_doc(doc)
    assert old == DOC
    assert changed == [example.name]
    assert new == DOC.replace("# the gate", "# exit 1: the gate").replace(
        "the middle 5 of 10", "the middle 6 of 10").replace("old output", "new output")
    # the time shown is kept (it matches once normalised); the prose is untouched
    assert "tail 2.0 s" in new and dx._prose(new) == dx._prose(DOC)
    # once regenerated, it agrees, and a second regeneration changes nothing
    doc.write_text(new, encoding="utf-8")
    [again] = dx.parse(doc)
    monkeypatch.setitem(dx._RUNS, again.key(), fake)
    assert dx.check(again) == []
    assert dx.regenerate_doc(doc) == (new, new, [])


def test_a_regeneration_keeps_an_elided_shape() -> None:
    raw = [f"line {k}" for k in range(10)] + ["total 45"]
    shown = ["line 0", "line 1", "...", "line 5 changed", "...", "total 44"]
    new = dx.regenerate(shown, raw)
    assert new == ["line 0", "line 1", "...", "line 5", "...", "total 45"]
    assert dx.matches(new, raw)
    assert dx.regenerate(["line 0", "..."], raw) == ["line 0", "..."]


def test_a_regeneration_keeps_what_the_doc_chose_to_show() -> None:
    """New lines at the top, and the shown last lines now in the middle: both still shown."""
    raw = ["header", "", "Part One: title", "legend", "rows", "summary: 362", "10 vs 1",
           "", "verdicts equal", "time: 2.0 s"]
    shown = ["Part One: title", "legend", "...", "summary: 361", "10 vs 1"]
    new = dx.regenerate(shown, raw)
    assert new == ["header", "...", "Part One: title", "legend", "...", "summary: 362", "10 vs 1",
                   "..."]
    assert dx.matches([dx.normalise(x) for x in new], [dx.normalise(x) for x in raw])


def test_a_not_run_mark_is_read() -> None:
    text = "x\n<!-- not run: needs the network -->\n```\n$ openbid dd fill\nout\n```\n"
    [e] = dx.parse(Path("doc.md"), text)
    assert e.not_run == "needs the network"
    assert re.fullmatch(r"\d+", str(e.line))


def test_every_block_with_an_openbid_command_is_an_example() -> None:
    """A block that shows ``$ openbid`` commands but does not start with one would never run."""
    for doc in dx.docs():
        lines = doc.read_text(encoding="utf-8").splitlines()
        starts = {e.line for e in dx.parse(doc)}
        fence = None
        for k, line in enumerate(lines):
            if line.startswith("```"):
                fence = k if fence is None else None
            elif fence is not None and line.startswith("$ openbid"):
                assert fence in starts, f"{doc.name}:{k + 1}: a command in a block that does " \
                                        "not start with '$ openbid' (it would not be run)"
