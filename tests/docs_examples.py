"""The examples of the docs, run: every fenced block of README.md and docs/*.md whose first line
starts with ``$ openbid`` is an example. Its lines starting with ``$ `` are commands, the lines
after a command (up to the next) the output it shows. This module finds them, runs them as a user
runs them and compares; ``python -m tests.docs_examples`` (from the repository's root) rewrites
every example's shown output from what the program prints now (``--check`` only lists what would
change). tests/test_docs_examples.py runs the same comparison in the test suite.

How a doc writes an example:

* Files the doc creates: a fenced block whose info string is a language and a file name
  (```` ```rules my.rules ````) is a file the reader writes; every example after it in the same
  doc runs in a folder that holds it (and every such file shown before). A file of the repository
  named by its path in a command (``openbid/systems/examples/small.rules``) is copied there, at the
  same path. ``$ openbid ... > FILE`` writes the command's output to FILE (nothing shown);
  ``$ sed -i 's/OLD/NEW/' FILE`` edits a file as sed does (OLD must occur).
* A hand that differs from run to run (a solver's example) may be shown as ``HAND``: it stands
  for any hand in PBN (``AKJ32.Q4.KT9.876``).
* Exit status: ``# exit N`` at the end of a command (after the command, before any other comment);
  none means 0.
* Elisions: a shown line ``...`` stands for any run of lines (none included); a shown line ending
  in ``...`` for any line that begins with the rest.
* Times: an output may show the times of one run, or ``N s`` in their place (a regeneration
  writes ``N s`` in a command's output that already shows it so).
* Output is standard output, then standard error without its progress lines (``openbid
  COMMAND: STAGE ... (12.3 s)``, one per stage when stderr is no terminal; a terminal shows a bar
  that goes away instead).
* Compared after normalising both sides: times (``1.9 s``, ``252 ms``, ``15.2 CPU-s``) become
  ``N s``, the folder the example runs in and the repository's own path become ``.``, a version
  number after ``openbid`` or ``z3`` becomes ``VERSION``; a run of spaces or tabs is one space
  (indentation included); blank lines at the end are dropped.
* An example that cannot run here (it needs the network, a browser) is marked on the line before
  its fence: ``<!-- not run: REASON -->``; the test counts them, and shows none as passed.

Each example block runs once per process (a test session or a regeneration), in a fresh folder,
as separate processes (``python -m openbid.cli.main``); two docs that show the same block (the
same commands over the same files) share its run, so an expensive example (SAYC's whole ``prove``)
costs once."""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REGEN = "python -m tests.docs_examples"
TIME = re.compile(r"(?<![\w.])\d[\d,]*(\.\d+)? ?(s|ms|CPU-s|min)\b")
VERSION = re.compile(r"\b(openbid|z3|Z3|Python|python) \d+(\.\d+)+\S*")
EXIT = re.compile(r"#\s*exit\s+(\d+)\b:?\s*")
FILE_FENCE = re.compile(r"^```(\w[\w-]*)\s+([\w.-]+\.\w+)\s*$")
NOT_RUN = re.compile(r"^<!--\s*not run:\s*(.+?)\s*-->\s*$")
# a progress line on stderr when it is no terminal (a terminal shows a bar that goes away)
PROGRESS = re.compile(r"^openbid [a-z][\w-]*( [a-z][\w-]*)?: .*(\(\d[\d.]* s\)| in \d[\d.]* s)$")
PBN_HAND = re.compile(r"(?<![\w.])[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*(?![\w.])")
SED = re.compile(r"^s/((?:[^/\\]|\\.)+)/((?:[^/\\]|\\.)*)/$")
TIMEOUT = 1200  # seconds for one command: SAYC's whole prove takes minutes on a loaded machine


def docs() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@dataclass
class Command:
    line: int  # 0-based line of the command in the doc
    text: str  # the command as shown, without "$ "
    shown: list[str]  # the output lines shown
    status: int  # the exit status shown (# exit N), 0 if none

    @property
    def argv(self) -> list[str]:
        return shlex.split(_strip_comment(self.text))


@dataclass
class Example:
    doc: Path
    line: int  # 0-based line of the opening fence
    end: int  # 0-based line of the closing fence
    commands: list[Command]
    files: dict[str, str] = field(default_factory=dict)  # the files the doc created before it
    not_run: str | None = None  # the reason, when marked not run

    @property
    def name(self) -> str:
        doc = self.doc.relative_to(ROOT) if self.doc.is_relative_to(ROOT) else self.doc.name
        return f"{doc}:{self.line + 1}"

    def key(self) -> str:
        """Same commands over the same files: the same run (shared between docs)."""
        h = hashlib.sha256()
        for name in sorted(self.files):
            h.update(f"{name}\0{self.files[name]}\0".encode())
        for c in self.commands:
            h.update(f"$ {_strip_comment(c.text)}\0".encode())
        return h.hexdigest()


def _strip_comment(text: str) -> str:
    """The command without its trailing comment (a ``#`` outside quotes, after a space)."""
    out, quote = [], ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1].isspace()):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _comment(text: str) -> str:
    return text[len(_strip_comment(text)):].strip()


def parse(doc: Path, text: str | None = None) -> list[Example]:
    lines = (doc.read_text(encoding="utf-8") if text is None else text).splitlines()
    out: list[Example] = []
    files: dict[str, str] = {}
    i = 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        if j == len(lines):
            raise ValueError(f"{doc}:{i + 1}: a fenced block that is never closed")
        body = lines[i + 1:j]
        m = FILE_FENCE.match(lines[i])
        if m:
            files[m.group(2)] = "\n".join(body) + "\n"
        elif body and body[0].startswith("$ openbid"):
            commands: list[Command] = []
            for k, line in enumerate(body, start=i + 1):
                if line.startswith("$ "):
                    e = EXIT.search(_comment(line[2:]))
                    commands.append(Command(k, line[2:], [], int(e.group(1)) if e else 0))
                else:
                    commands[-1].shown.append(line)
            mark = NOT_RUN.match(lines[i - 1]) if i > 0 else None
            out.append(Example(doc, i, j, commands, dict(files), mark.group(1) if mark else None))
        i = j + 1
    return out


def examples() -> list[Example]:
    return [e for doc in docs() for e in parse(doc)]


# ---- comparing -------------------------------------------------------------------------------
def normalise(line: str, where: str = "") -> str:
    line = line.rstrip()
    for path in filter(None, (where, str(ROOT))):
        line = line.replace(path + os.sep, "").replace(path, ".")
    line = VERSION.sub(lambda m: f"{m.group(1)} VERSION", line)
    return " ".join(TIME.sub("N s", line).split())


def _line_matches(shown: str, got: str) -> bool:
    if "HAND" in shown:  # a hand that differs from run to run (Z3's), shown as HAND
        got = PBN_HAND.sub("HAND", got)
    if shown.endswith("...") and shown.strip() != "...":
        return got.startswith(shown[:-3])
    return shown == got


def matches(shown: list[str], got: list[str]) -> bool:
    """Whether the shown lines (normalised, with ``...`` elisions) are the lines printed."""
    pat = [s for k, s in enumerate(shown) if not (s.strip() == "..." and k and
                                                  shown[k - 1].strip() == "...")]
    n = len(got)
    # reach[j]: the pattern so far can end just before got[j]
    reach = [True] + [False] * n
    for s in pat:
        if s.strip() == "...":
            for j in range(1, n + 1):
                reach[j] = reach[j] or reach[j - 1]
        else:
            reach = [False] + [reach[j] and _line_matches(s, got[j]) for j in range(n)]
    return reach[n]


def first_difference(shown: list[str], got: list[str]) -> str:
    """Where the shown lines stop matching, for a failure message."""
    for k in range(len(shown), -1, -1):
        if matches(shown[:k] + ["..."], got):
            return (f"the shown line {k + 1} does not follow: "
                    f"{shown[k] if k < len(shown) else '(end of the shown output)'!r}")
    return "nothing matches"


# ---- running ---------------------------------------------------------------------------------
@dataclass
class Result:
    status: int
    lines: list[str]  # normalised stdout then stderr
    raw: list[str]  # as printed, with the folder's path made relative
    cpu: float = 0.0  # CPU seconds of the command's process (and the workers it waited for)


_RUNS: dict[str, list[Result]] = {}


def _env(where: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENBID_", "PYTEST"))}
    env.update(PYTHONPATH=str(ROOT), OPENBID_DD_STORE=str(where / "dd.duckdb"), OPENBID_JOBS="2",
               COLUMNS="100", TERM="dumb", NO_COLOR="1", PYTHONHASHSEED="0", HOME=str(where))
    return env


def _sed(argv: list[str], where: Path) -> None:
    if len(argv) != 4 or argv[1] != "-i":
        raise ValueError(f"only 'sed -i s/OLD/NEW/ FILE' is run: {shlex.join(argv)}")
    m = SED.match(argv[2])
    if not m or re.search(r"[\\()+?{}|]", m.group(1)):
        raise ValueError(f"only a plain 's/OLD/NEW/' is run: {argv[2]}")
    path = where / argv[3]
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(m.group(1))
    if not pattern.search(text):
        raise ValueError(f"{argv[2]}: {m.group(1)!r} is not in {argv[3]}")
    path.write_text("".join(pattern.sub(m.group(2), line, count=1)
                            for line in text.splitlines(keepends=True)), encoding="utf-8")


def run(example: Example) -> list[Result]:
    """Each command's result (run once per process for the same commands over the same files)."""
    key = example.key()
    if key in _RUNS:
        return _RUNS[key]
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="openbid-doc-") as tmp:
        where = Path(tmp).resolve()
        for name, text in example.files.items():
            (where / name).write_text(text, encoding="utf-8")
        for c in example.commands:
            argv = c.argv
            out_file = None
            if ">" in argv:
                at = argv.index(">")
                if at != len(argv) - 2:
                    raise ValueError(f"{example.name}: only '> FILE' at the end: {c.text}")
                argv, out_file = argv[:at], argv[at + 1]
            for arg in argv[1:]:  # a file of the repository, by its path
                if "/" in arg and not arg.startswith("/") and (ROOT / arg).is_file() \
                        and not (where / arg).exists():
                    (where / arg).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(ROOT / arg, where / arg)
            if argv[0] == "sed":
                _sed(argv, where)
                results.append(Result(0, [], []))
                continue
            if argv[0] != "openbid":
                raise ValueError(f"{example.name}: only openbid and sed commands are run: {c.text}")
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run([sys.executable, "-m", "openbid.cli.main", *argv[1:]],
                                  capture_output=True, text=True, cwd=where, env=_env(where),
                                  timeout=TIMEOUT, check=False)
            err = "".join(x for x in done.stderr.splitlines(keepends=True)
                          if not PROGRESS.match(x.rstrip("\n")))
            if out_file is not None:
                (where / out_file).write_text(done.stdout, encoding="utf-8")
                printed = err
            else:
                printed = done.stdout + err
            raw = [x.rstrip().replace(str(where) + os.sep, "").replace(str(where), ".")
                   for x in printed.splitlines()]
            while raw and not raw[-1]:  # a blank line at the end is not shown
                raw.pop()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            results.append(Result(done.returncode, [normalise(x, str(where)) for x in raw], raw,
                                  cpu))
    _RUNS[key] = results
    return results


def check(example: Example) -> list[str]:
    """What differs between the example and the program, one message each (none: it agrees)."""
    problems = []
    for c, r in zip(example.commands, run(example)):
        shown = [normalise(x) for x in c.shown]
        if r.status != c.status:
            problems.append(f"$ {c.text}\n  exits {r.status}, the doc shows {c.status}")
        if not matches(shown, r.lines):
            problems.append(f"$ {c.text}\n  {first_difference(shown, r.lines)}\n  it prints:\n"
                            + "\n".join("    " + x for x in r.raw[:60])
                            + ("\n    ..." if len(r.raw) > 60 else ""))
    return problems


# ---- regenerating ----------------------------------------------------------------------------
def _likeness(a: str, b: str) -> float:
    """How alike two lines are, mostly their numbers aside (0 to 1)."""
    bare = difflib.SequenceMatcher(None, re.sub(r"[\d,.%]+", "#", a).strip(),
                                   re.sub(r"[\d,.%]+", "#", b).strip()).ratio()
    return 0.9 * bare + 0.1 * difflib.SequenceMatcher(None, a, b).ratio()


def regenerate(shown: list[str], raw: list[str]) -> list[str]:
    """New shown output: the old one where it still matches; otherwise the printed lines that
    are most like the shown ones (aligned in order, each shown line kept where it still matches
    its printed line, a shown line like no printed one dropped), with an elision wherever
    printed lines are left out and wherever the old one had one."""
    got = [normalise(x) for x in raw]
    if matches([normalise(x) for x in shown], got):
        return shown
    if not any(x.strip() == "..." for x in shown):
        return list(raw)
    lines = [(normalise(x), k > 0 and shown[k - 1].strip() == "...")
             for k, x in enumerate(shown) if x.strip() != "..."]
    olds = [x for x in shown if x.strip() != "..."]
    m, n = len(lines), len(raw)
    # best[i][j]: the most likeness aligning the first i shown lines within the first j printed
    best = [[0.0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            w = _likeness(lines[i - 1][0], got[j - 1])
            best[i][j] = max(best[i - 1][j], best[i][j - 1],
                             best[i - 1][j - 1] + w if w >= 0.5 else 0.0)
    pairs: list[tuple[int, int]] = []  # (shown line, printed line), aligned
    i, j = m, n
    while i and j:
        w = _likeness(lines[i - 1][0], got[j - 1])
        if w >= 0.5 and best[i][j] == best[i - 1][j - 1] + w:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif best[i][j] == best[i - 1][j]:
            i -= 1
        else:
            j -= 1
    pairs.reverse()
    if not pairs:
        return list(raw)
    out: list[str] = []
    first = pairs[0][1]
    if first > 0 and shown[0].strip() == "...":
        out.append("...")
    elif first > 0:  # it began with a printed line: it still does
        out += raw[:1] + (["..."] if first > 1 else [])
    last = None
    for i, j in pairs:
        if last is not None and (j > last + 1 or lines[i][1]):
            out.append("...")
        old = olds[i]
        out.append(old if _line_matches(normalise(old), got[j]) else raw[j])
        last = j
    if last is not None and (last < n - 1 or shown[-1].strip() == "..."):
        out.append("...")
    return out if matches([normalise(x) for x in out], got) else list(raw)


def _with_status(text: str, status: int) -> str:
    comment = _comment(text)
    command = _strip_comment(text)
    rest = EXIT.sub("", comment, count=1).lstrip("#").strip() if EXIT.search(comment) else \
        comment.lstrip("#").strip()
    if status == 0 and not EXIT.search(comment):
        return text
    note = f"# exit {status}" if status else ""
    if rest:
        note = f"{note}: {rest}" if note else f"# {rest}"
    pad = text[len(command):len(text) - len(comment)] if comment else "  "
    return command + (pad or "  ") + note if note else command


def regenerate_doc(doc: Path) -> tuple[str, str, list[str]]:
    """The doc's text as read, its new text, and the names of the examples that changed."""
    text = doc.read_text(encoding="utf-8")
    lines = text.splitlines()
    changed = []
    # from the end, so that line numbers above stay valid
    for example in reversed(parse(doc, text)):
        if example.not_run is not None:
            continue
        new_block: list[str] = []
        for c, r in zip(example.commands, run(example)):
            new_block.append("$ " + _with_status(c.text, r.status))
            raw = r.raw
            if any(re.search(r"\bN s\b", x) for x in c.shown):  # a doc that shows no times
                raw = [TIME.sub("N s", x) for x in raw]
            new_block += regenerate(c.shown, raw)
        if new_block != lines[example.line + 1:example.end]:
            changed.append(example.name)
            lines[example.line + 1:example.end] = new_block
    new = "\n".join(lines) + ("\n" if text.endswith("\n") else "")
    assert _prose(new) == _prose(text), f"{doc}: the regeneration would change text outside " \
                                        "the examples' output"
    return text, new, changed[::-1]


def _prose(text: str) -> list[str]:
    """The doc without the examples' output and exit notes: what a regeneration must keep."""
    lines = text.splitlines()
    keep = [True] * len(lines)
    for example in parse(Path("doc"), text):
        for k in range(example.line + 1, example.end):
            keep[k] = False
        for c in example.commands:
            keep[c.line] = True
            lines[c.line] = "$ " + _strip_comment(c.text) + " " + \
                EXIT.sub("", _comment(c.text)).lstrip("#").strip()
    return [x.rstrip() for x, k in zip(lines, keep) if k]


def _generated(only_check: bool) -> bool:
    """The docs' other generated parts, in the same command: README's options table (from the
    commands' declarations) and docs/API.md's outputs (from the API). Whether any differed."""
    from openbid.cli.options import BEGIN, END, table_markdown, write_readme_table

    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    stale = text.split(BEGIN, 1)[1].split(END, 1)[0] != "\n" + table_markdown()
    if stale:
        print(f"{'differs' if only_check else 'rewritten'}: README.md options table")
        if not only_check:
            write_readme_table(readme)
    sys.path.insert(0, str(ROOT / "tests"))
    import test_api_doc

    if only_check:
        api = test_api_doc.DOC
        before = api.read_text(encoding="utf-8")
        n = test_api_doc.regenerate()
        after = api.read_text(encoding="utf-8")
        if after != before:
            api.write_text(before, encoding="utf-8")  # --check leaves the doc as it was
        if n:
            print(f"differs: docs/API.md ({n} output(s))")
        return stale or bool(n)
    n = test_api_doc.regenerate()
    if n:
        print(f"rewritten: docs/API.md ({n} output(s))")
    return stale or bool(n)


def main(argv: list[str]) -> int:
    only_check = "--check" in argv
    names = [a for a in argv if not a.startswith("-")]
    todo = [ROOT / n for n in names] if names else docs()
    changed_any = False if names else _generated(only_check)
    for doc in todo:
        old, new, changed = regenerate_doc(doc)
        if changed and not only_check:
            if doc.read_text(encoding="utf-8") != old:  # edited while its examples ran
                print(f"not rewritten: {doc.relative_to(ROOT)} changed while its examples ran; "
                      "run again", file=sys.stderr)
                return 2
            tmp = doc.with_name(doc.name + ".regen.tmp")
            tmp.write_text(new, encoding="utf-8")
            os.replace(tmp, doc)
        for name in changed:
            print(f"{'differs' if only_check else 'rewritten'}: {name}")
        changed_any = changed_any or bool(changed)
    if not changed_any:
        print("every example's output is as the program prints it")
    return 1 if (only_check and changed_any) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
