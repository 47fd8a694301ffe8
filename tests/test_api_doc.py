"""docs/API.md cannot go stale: every example in it is run, in order, from the repository's
folder, and its shown output compared with what the code prints (doctest; ``...`` stands for
text that varies). The API's names are exactly the documented ones: ``openbid.__all__`` and the
names docs/API.md has a section for are the same set, each section has an example or a
description, and every name of ``__all__`` exists."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import openbid

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "API.md"
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
FLAGS = doctest.ELLIPSIS


def blocks(text: str) -> list[tuple[int, str]]:
    """(line number, text) of every fenced python block."""
    return [(text[:m.start()].count("\n") + 1, m.group(1)) for m in FENCE.finditer(text)]


class _Recorder(doctest.DocTestRunner):
    """A doctest runner that also keeps, for every example whose output differs, what the code
    printed (the regeneration writes it into the doc)."""

    def __init__(self) -> None:
        super().__init__(optionflags=FLAGS)
        self.got: list[tuple[int, doctest.Example, str]] = []  # (block's first line, example,
        # what to show)

    def report_failure(self, out, test, example, got):  # type: ignore[no-untyped-def]
        shown = got
        if got.startswith("Traceback (most recent call last):"):  # another exception's text
            rest = got.split("\n")[1:]
            while rest and rest[0].startswith(" "):  # the frames: not shown
                rest.pop(0)
            shown = "Traceback (most recent call last):\n...\n" + "\n".join(rest)
        self.got.append((test.lineno, example, shown))
        super().report_failure(out, test, example, got)

    def report_unexpected_exception(self, out, test, example, exc_info):  # type: ignore[no-untyped-def]
        last = doctest.traceback.format_exception_only(*exc_info[:2])[-1]  # type: ignore[attr-defined]
        self.got.append((test.lineno, example,
                         "Traceback (most recent call last):\n...\n" + last))
        super().report_unexpected_exception(out, test, example, exc_info)


def run_doc(text: str, name: str = "API.md",
            runner: _Recorder | None = None) -> tuple[int, int, str]:
    """Every block of ``text`` run as one doctest session (a block may use the names an earlier
    one made): (examples failed, examples run, the failures as doctest reports them). A block
    without ``>>>`` examples is an error: its output could not be compared."""
    import io

    parser = doctest.DocTestParser()
    runner = runner or _Recorder()
    globs: dict = {}
    out = io.StringIO()
    for line, body in blocks(text):
        test = parser.get_doctest(body, globs, f"{name} line {line}", name, line)
        if not test.examples:
            raise AssertionError(f"{name} line {line}: a python block with no '>>>' example")
        runner.run(test, out=out.write, clear_globs=False)
        globs = test.globs  # the next block sees the names this one made
    failed, tried = runner.summarize(verbose=False)
    return failed, tried, out.getvalue()


def regenerate(path: Path = DOC) -> int:
    """Rewrite the shown output of every example of ``path`` whose output differs with what the
    code prints now (an exception as its last line, after ``...``); the prose and the examples'
    code are kept. Returns the outputs rewritten. Review the diff before committing it."""
    text = path.read_text(encoding="utf-8")
    runner = _Recorder()
    run_doc(text, path.name, runner)
    lines = text.split("\n")
    # from the last to the first, so earlier line numbers stay true
    for block_line, ex, got in sorted(runner.got, key=lambda g: -(g[0] + g[1].lineno)):
        start = block_line + ex.lineno + ex.source.count("\n")  # the line after the source
        old = ex.want.count("\n")
        indent = " " * ex.indent
        new = [indent + g if g else g for g in got.rstrip("\n").split("\n")] if got else []
        lines[start:start + old] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    return len(runner.got)


def test_every_example_in_the_api_doc_prints_what_it_shows(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name the repository's files by relative paths
    failed, tried, report = run_doc(DOC.read_text(encoding="utf-8"))
    assert tried >= 40, f"only {tried} examples ran"
    assert not failed, report + "\nregenerate: python tests/test_api_doc.py --write"


def test_the_regeneration_rewrites_only_the_stale_outputs(tmp_path: Path) -> None:
    doc = tmp_path / "API.md"
    before = ("# t\n\nprose kept\n\n```python\n>>> import openbid\n>>> openbid.score('4S =')"
              ".total\n999\n>>> openbid.score('4S =').breakdown()[0]\n('contract_points', 120)\n"
              ">>> openbid.score('9S =')\nTraceback (most recent call last):\n...\n"
              "openbid.base.errors.ResultError: stale\n>>> [1,\n...  2]\n[1, 2]\n```\n\nend\n")
    doc.write_text(before)
    assert regenerate(doc) == 2
    after = doc.read_text()
    assert after == before.replace("999", "420").replace(
        "ResultError: stale", "ResultError: " + _score_error("9S ="))
    assert regenerate(doc) == 0 and doc.read_text() == after


def _score_error(text: str) -> str:
    try:
        openbid.score(text)
    except openbid.ResultError as exc:
        return str(exc)
    raise AssertionError(text)


def test_the_doc_checker_sees_a_stale_output() -> None:
    stale = "```python\n>>> import openbid\n>>> openbid.score('4S =').total\n999\n```\n"
    failed, tried, report = run_doc(stale)
    assert (failed, tried) == (1, 2) and "420" in report
    with pytest.raises(AssertionError, match="no '>>>' example"):
        run_doc("```python\nimport openbid\n```\n")


def documented(text: str) -> list[str]:
    """The names docs/API.md has a section for (a ``### `name` `` heading)."""
    return re.findall(r"^### `(\w+)`\s*$", text, re.M)


def test_the_api_is_exactly_the_documented_names() -> None:
    names = documented(DOC.read_text(encoding="utf-8"))
    assert len(names) == len(set(names)), "a name documented twice"
    api = set(openbid.__all__) - {"__version__"}
    assert set(names) == api, (f"in __all__, not documented: {sorted(api - set(names))}; "
                               f"documented, not in __all__: {sorted(set(names) - api)}")


def test_every_documented_section_says_something() -> None:
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^### `\w+`\s*$", text, flags=re.M)[1:]
    for name, body in zip(documented(text), parts):
        prose = re.sub(r"^#.*$", "", body, flags=re.M).strip()
        assert len(prose) > 40, f"the section of {name} is empty"


def test_every_function_and_method_has_a_run_example() -> None:
    text = DOC.read_text(encoding="utf-8")
    code = "\n".join(line for _, body in blocks(text) for line in body.splitlines()
                     if line.lstrip().startswith((">>>", "...")))
    for fn in ("load_system", "count", "find", "score"):
        assert f"openbid.{fn}(" in code, fn
    for method in ("call", "bid_deal", "explain", "check", "simulate"):
        assert f".{method}(" in code, method


def test_every_name_of_all_exists_and_each_package_states_its_public_names() -> None:
    import importlib

    for name in openbid.__all__:
        assert getattr(openbid, name) is not None, name
    with pytest.raises(AttributeError):
        openbid.no_such_name  # noqa: B018
    packages = sorted(p.name for p in (ROOT / "openbid").iterdir()
                      if (p / "__init__.py").exists())
    for pkg in packages:
        module = importlib.import_module(f"openbid.{pkg}")
        assert "__all__" in vars(module), f"openbid.{pkg} states no __all__"
        for name in module.__all__:
            assert hasattr(module, name) or (ROOT / "openbid" / pkg / f"{name}.py").exists() \
                or (ROOT / "openbid" / pkg / name / "__init__.py").exists(), (pkg, name)


if __name__ == "__main__":  # python tests/test_api_doc.py --write: the doc's outputs regenerated
    import os
    import sys

    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/test_api_doc.py --write  (rewrites docs/API.md's "
                         "stale outputs; review the diff)")
    os.chdir(ROOT)
    n = regenerate()
    print(f"docs/API.md: {n} output(s) rewritten")
