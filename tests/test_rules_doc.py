"""docs/RULES.md shows what the code does. Its fenced blocks are read in order:

* ```` ```rules NAME ````: a rule file, read by the real reader; a name starting ``bad-`` must be
  refused (a :class:`RuleFileError`), any other must be read;
* ```` ```claims NAME ````: a claims file, read over the rule file shown last;
* ```` ```expr ````: one condition a line, parsed and type-checked with the outcome names allowed;
* ```` ```console ````: ``$ openbid ...`` commands, run with every example of the docs by
  tests/test_docs_examples.py (in a folder holding every file shown before them; the output
  shown, with its ``...`` elisions, and the exit status of its ``# exit N``, 0 if none).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from openbid.cli.main import main
from openbid.base.errors import RuleFileError
from openbid.expr.parser import parse
from openbid.systems.rules.text import loads
from openbid.systems.claims import load_claims

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "RULES.md"


@dataclass
class Block:
    kind: str  # rules, claims, expr, console
    name: str
    line: int
    text: str
    files: dict[str, str] = field(default_factory=dict)  # the files shown before it


def _blocks() -> list[Block]:
    out: list[Block] = []
    files: dict[str, str] = {}
    lines = DOC.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w+)(?:\s+(\S+))?\s*$", lines[i])
        if not m:
            i += 1
            continue
        start = i + 1
        j = start
        while not lines[j].startswith("```"):
            j += 1
        text = "\n".join(lines[start:j]) + "\n"
        kind, name = m.group(1), m.group(2) or ""
        out.append(Block(kind, name, start, text, dict(files)))
        if kind in ("rules", "claims"):
            files[name] = text
        i = j + 1
    return out


BLOCKS = _blocks()


def _of(kind: str) -> list[Block]:
    return [b for b in BLOCKS if b.kind == kind]


def _id(b: Block) -> str:
    return f"{b.name or b.kind}@{b.line}"


def test_the_doc_has_every_kind_of_example() -> None:
    kinds = {b.kind for b in BLOCKS}
    assert {"rules", "claims", "expr", "console"} <= kinds
    assert len(_of("rules")) >= 20
    assert sum(1 for b in _of("rules") if b.name.startswith("bad-")) >= 8
    names = [b.name for b in BLOCKS if b.kind in ("rules", "claims")]
    assert len(names) == len(set(names)), "each file shown once"


def test_the_doc_names_every_statement_and_form() -> None:
    rules_text = "".join(b.text for b in _of("rules") if not b.name.startswith("bad-"))
    for word in ("name ", "readings ", "define ", "section ", " when ", "else goto", "bid ",
                 "goto ", "  if ", "for ", " resume ", "\\\n", "#", "value PASS", "value 1NT",
                 "value 1 suit", "value 10 + suit", "if VUL", " then ", "floor(", "max(",
                 "largest(", "any(", "all(", "count(", "sum(", "SHAPE = ", "SEAT", "VUL",
                 "THEYVUL", "<= HCP <=", "HCP / 2", "7.5", "(s, n: num)"):
        assert word in rules_text, f"no example of {word!r}"
    expr_text = "".join(b.text for b in _of("expr"))
    assert 'meets("' in expr_text and 'bid = "' in expr_text and "section = " in expr_text


@pytest.mark.parametrize("block", _of("rules"), ids=_id)
def test_a_rule_file_of_the_doc_is_read_or_refused(block: Block) -> None:
    if block.name.startswith("bad-"):
        with pytest.raises(RuleFileError):
            loads(block.text, block.name)
    else:
        rules = loads(block.text, block.name)
        assert rules.sections


@pytest.mark.parametrize("block", _of("claims"), ids=_id)
def test_a_claims_file_of_the_doc_is_read(block: Block, tmp_path: Path) -> None:
    rules_name = [n for n in block.files if n.endswith(".rules")][-1]
    rules = loads(block.files[rules_name], rules_name)
    path = tmp_path / block.name
    path.write_text(block.text, encoding="utf-8")
    claims = load_claims(path, rules)
    assert len(claims) == block.text.count("\nclaim ") + block.text.startswith("claim ")


@pytest.mark.parametrize("block", _of("expr"), ids=_id)
def test_an_expression_of_the_doc_parses(block: Block) -> None:
    for line in block.text.splitlines():
        if line.strip():
            parse(line, outcome=True, want="bool")


@pytest.mark.parametrize("variant", ["code", "sayc", "knr-optional"])
def test_an_exported_rule_file_points_to_this_reference(variant: str, capsys) -> None:
    assert main(["rules", "export", "--variant", variant]) == 0
    text = capsys.readouterr().out
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert any("docs/RULES.md" in line for line in header), header
    assert not any("expressions.md" in line for line in header), header
    assert DOC.is_file()
    loads(text, f"{variant}.rules")
