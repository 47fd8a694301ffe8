"""Part Two of London & Wasserman (1967), "The Anatomy of an Algol Procedure", as data.

Part Two (pp. 26-74 of the paper) partitions all hands into Propositions 1, 2 and 4-13 and splits
each into nested cases; each leaf names the bid OPENBID "might" make there, or Pass. The cases are
kept one file per proposition (``p01.txt`` ... ``p13.txt``, no ``p03``: the paper omits
Proposition 3 on purpose), in the block format of ``openbid/studies/README.md`` (read by
:mod:`openbid.systems.blocks`); ``README.md`` beside this module says how the paper is encoded.

This module reads those files into a tree of frozen :class:`Node` values. Every "as in ..."
reference of the paper is resolved here: the referenced subtree is copied under the node that makes
the reference (new paths, the same assumptions, inferences and outcomes; examples are never copied,
since they belong to the original case) and then ``patch`` blocks add the paper's new example hands
and mark the copies the paper calls impossible.

The page numbers are lost in the text the encoding was made from, so every quote cites the line
numbers of :data:`SEED`. ``python -m openbid.studies.paper.part_two.tree`` prints a count table.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from openbid.systems.blocks import Block, BlockFormatError, Field, field_lines, read_blocks

SEED = "seed 004 (London & Wasserman, The Anatomy of an Algol Procedure, 1967)"
"""The text of the paper the encoding quotes; ``lines`` fields are 1-based line numbers in it."""

PAGES = "26-74"
"""The paper's pages of Part Two (III. Part Two of the Analysis)."""

PROPOSITIONS = (1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
"""Proposition 3 is omitted by the paper "in order that Proposition i corresponds to LONGEST = i"."""

DATA_DIR = Path(__file__).resolve().parent

_ROMAN_UP = r"(?:I|II|III|IV|V|VI|VII|VIII|IX|X)"
_ROMAN_LO = r"(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)"
_LABEL = re.compile(
    rf"^(?:{_ROMAN_UP}|[A-Z]|\d+|[a-z]|{_ROMAN_LO}|[αβγδε]"
    rf"|\((?:{_ROMAN_UP}|[A-Z]|\d+|[a-z]|{_ROMAN_LO})\))$"
)
_BID = re.compile(r"^[1-7](?:S|H|D|C|NT)$")
_SECTION = re.compile(r"^(?:[1-9]|1[0-4])[a-j]?$")
_BID_LINE = re.compile(r"^(?P<bids>.+?)\s+at\s+(?P<section>\S+)$")


class PartTwoFormatError(BlockFormatError):
    """A Part Two data file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class Inference:
    """A "therefore" (∴) inference, or a "Note that ..." claim, made at a node."""

    expr: str
    quote: str
    lines: tuple[int, ...]
    note: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What a leaf asserts: ``bid`` (one of ``bids``, found at ``section``) or ``pass``."""

    kind: str
    bids: tuple[str, ...]
    section: str | None
    quote: str
    lines: tuple[int, ...]
    supplied: bool = False
    """True where the seed prints no outcome and the encoding supplies one (see ``note``)."""
    note: str | None = None


@dataclass(frozen=True)
class Example:
    """An example hand as printed; ``corrected`` (with ``note``) where the print is a typo."""

    printed: str
    quote: str
    lines: tuple[int, ...]
    label: str | None = None
    corrected: str | None = None
    note: str | None = None

    @property
    def hand_text(self) -> str:
        """The hand the example stands for: the correction if there is one, else the print."""
        return self.corrected if self.corrected is not None else self.printed


@dataclass(frozen=True)
class Reference:
    """An "as in ..." of the paper, resolved by copying the children of ``source`` here."""

    source: str
    quote: str
    lines: tuple[int, ...]


@dataclass(frozen=True)
class Node:
    """One case of Part Two. Its hands are those meeting the assumptions of the whole path."""

    path: str
    assumption: str
    quote: str
    lines: tuple[int, ...]
    therefore: tuple[Inference, ...] = ()
    outcome: Outcome | None = None
    examples: tuple[Example, ...] = ()
    children: tuple[Node, ...] = ()
    notes: tuple[str, ...] = ()
    reference: Reference | None = None
    """Set on the node that says "as in ...": its children are the resolved copies."""
    expanded_from: str | None = None
    """Set on every copied node: the path of the node it was copied from."""
    impossible: bool = False
    """The paper says the case cannot occur (only ever on copied nodes); such a node is a leaf."""

    @property
    def proposition(self) -> int:
        return int(self.path.split(".", 1)[0][1:])

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.path.split(".")[1:])

    @property
    def parent(self) -> str | None:
        return self.path.rsplit(".", 1)[0] if "." in self.path else None

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def depth(self) -> int:
        return len(self.labels)


@dataclass(frozen=True)
class Subpart:
    """One of the five subparts a.-e. into which Part Two divides the hands (p. 26)."""

    letter: str
    assumption: str
    quote: str
    lines: tuple[int, ...]
    propositions: tuple[int, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Remark:
    """A remark of the paper about the subparts (e.g. that e. overlaps a. and b.)."""

    quote: str
    lines: tuple[int, ...]
    notes: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# Reading the block format (openbid.systems.blocks)


def _read_blocks(path: Path) -> list[Block]:
    return read_blocks(path, error=PartTwoFormatError)


def _lines(text: str, where: tuple[str, int]) -> tuple[int, ...]:
    return field_lines(where[0], text, where[1], PartTwoFormatError)


def _subfields(item: Field, allowed: set[str], file: str) -> dict[str, str]:
    return item.subfields(file, allowed, error=PartTwoFormatError)


def _outcome(item: Field, file: str) -> Outcome:
    sub = _subfields(item, {"quote", "lines", "note", "supplied"}, file)
    if "lines" not in sub:
        raise PartTwoFormatError(file, item.line, f"{item.key} needs 'lines'")
    lines = _lines(sub["lines"], (file, item.line))
    supplied = sub.get("supplied", "no") == "yes"
    if item.key == "pass":
        if item.value:
            raise PartTwoFormatError(file, item.line, "'pass' takes no value")
        return Outcome("pass", (), None, sub.get("quote", "Pass"), lines, supplied, sub.get("note"))
    m = _BID_LINE.match(item.value)
    if not m:
        raise PartTwoFormatError(
            file, item.line, f"bid must read 'BID BID ... at SECTION': {item.value!r}"
        )
    bids = tuple(m.group("bids").split())
    section = m.group("section")
    bad = [b for b in bids if not _BID.match(b)]
    if bad or not _SECTION.match(section):
        raise PartTwoFormatError(file, item.line, f"bad bid or section in {item.value!r}")
    if "quote" not in sub:
        raise PartTwoFormatError(file, item.line, "bid needs 'quote'")
    return Outcome("bid", bids, section, sub["quote"], lines, supplied, sub.get("note"))


def _example(item: Field, file: str) -> Example:
    sub = _subfields(item, {"quote", "lines", "label", "corrected", "note"}, file)
    if "lines" not in sub:
        raise PartTwoFormatError(file, item.line, "example needs 'lines'")
    if "corrected" in sub and "note" not in sub:
        raise PartTwoFormatError(file, item.line, "a correction needs a note")
    return Example(
        printed=item.value,
        quote=sub.get("quote", item.value),
        lines=_lines(sub["lines"], (file, item.line)),
        label=sub.get("label"),
        corrected=sub.get("corrected"),
        note=sub.get("note"),
    )


def _inference(item: Field, file: str) -> Inference:
    sub = _subfields(item, {"quote", "lines", "note"}, file)
    if "quote" not in sub or "lines" not in sub:
        raise PartTwoFormatError(file, item.line, "therefore needs 'quote' and 'lines'")
    return Inference(
        item.value, sub["quote"], _lines(sub["lines"], (file, item.line)), sub.get("note")
    )


@dataclass
class _Raw:
    """A node as read, before references are resolved and the tree is frozen."""

    path: str
    line: int
    assumption: str | None = None
    quote: str | None = None
    lines: tuple[int, ...] = ()
    therefore: list[Inference] = field(default_factory=list)
    outcome: Outcome | None = None
    examples: list[Example] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    reference: Reference | None = None
    expanded_from: str | None = None
    impossible: bool = False
    children: list[str] = field(default_factory=list)


_NODE_KEYS = {"lines", "quote", "assume", "therefore", "bid", "pass", "example", "note", "expand"}
_PATCH_KEYS = {"example", "note", "impossible", "therefore"}


_WITH_SUB = {"therefore", "example", "bid", "pass", "expand"}
_ONCE = {"lines": "lines", "quote": "quote", "assume": "assumption", "expand": "reference"}


def _fill(raw: _Raw, block: Block, file: str, patch: bool) -> None:
    allowed = _PATCH_KEYS if patch else _NODE_KEYS
    for item in block.fields:
        if item.key not in allowed:
            what = "patch" if patch else "node"
            raise PartTwoFormatError(file, item.line, f"unknown {what} field {item.key!r}")
        if item.sub and item.key not in _WITH_SUB:
            raise PartTwoFormatError(file, item.line, f"{item.key!r} takes no sub-fields")
        if item.key in _ONCE and getattr(raw, _ONCE[item.key]):
            raise PartTwoFormatError(file, item.line, f"repeated field {item.key!r}")
        if item.key == "lines":
            raw.lines = _lines(item.value, (file, item.line))
        elif item.key == "quote":
            raw.quote = item.value
        elif item.key == "assume":
            raw.assumption = item.value
        elif item.key == "therefore":
            raw.therefore.append(_inference(item, file))
        elif item.key == "example":
            raw.examples.append(_example(item, file))
        elif item.key == "note":
            raw.notes.append(item.value)
        elif item.key in {"bid", "pass"}:
            if raw.outcome is not None and not patch:
                raise PartTwoFormatError(file, item.line, "a node has one outcome")
            raw.outcome = _outcome(item, file)
        elif item.key == "expand":
            sub = _subfields(item, {"quote", "lines"}, file)
            if "quote" not in sub or "lines" not in sub:
                raise PartTwoFormatError(file, item.line, "expand needs 'quote' and 'lines'")
            lines = _lines(sub["lines"], (file, item.line))
            raw.reference = Reference(item.value, sub["quote"], lines)
        elif item.key == "impossible":
            raw.impossible = True
            raw.notes.append(item.value)


def _check_path(path: str, file: str, line: int, number: int) -> None:
    parts = path.split(".")
    if parts[0] != f"P{number}":
        raise PartTwoFormatError(file, line, f"path {path!r} is not in Proposition {number}")
    for label in parts[1:]:
        if not _LABEL.match(label):
            raise PartTwoFormatError(file, line, f"bad label {label!r} in path {path!r}")


def _copy_children(
    raws: dict[str, _Raw], target: str, source: str, file: str, line: int, active: set[str]
) -> None:
    """Copy the (resolved) subtree below ``source`` under ``target``."""
    if source not in raws:
        raise PartTwoFormatError(file, line, f"reference to unknown node {source!r}")
    _resolve(raws, source, file, active)
    _copy_subtree(raws, target, source, file, line)


def _copy_subtree(raws: dict[str, _Raw], target: str, source: str, file: str, line: int) -> None:
    for child_path in raws[source].children:
        child = raws[child_path]
        new_path = target + child_path[len(source) :]
        if new_path in raws:
            raise PartTwoFormatError(file, line, f"expansion collides with {new_path!r}")
        raws[new_path] = _Raw(
            path=new_path,
            line=line,
            assumption=child.assumption,
            quote=child.quote,
            lines=child.lines,
            therefore=list(child.therefore),
            outcome=child.outcome,
            notes=list(child.notes),
            expanded_from=child_path,
        )
        raws[target].children.append(new_path)
        _copy_subtree(raws, new_path, child_path, file, line)


def _resolve(raws: dict[str, _Raw], path: str, file: str, active: set[str]) -> None:
    """Resolve every reference in the subtree at ``path`` (each once; cycles are an error)."""
    raw = raws[path]
    if path in active:
        raise PartTwoFormatError(file, raw.line, f"circular reference through {path!r}")
    active.add(path)
    if raw.reference is not None and not raw.children:
        if raw.path == raw.reference.source or raw.path.startswith(raw.reference.source + "."):
            raise PartTwoFormatError(file, raw.line, "a node cannot refer to its own ancestor")
        _copy_children(raws, path, raw.reference.source, file, raw.line, active)
    for child in list(raw.children):
        _resolve(raws, child, file, active)
    active.discard(path)


def _freeze(raws: dict[str, _Raw], path: str) -> Node:
    raw = raws[path]
    assert raw.assumption is not None and raw.quote is not None
    return Node(
        path=raw.path,
        assumption=raw.assumption,
        quote=raw.quote,
        lines=raw.lines,
        therefore=tuple(raw.therefore),
        outcome=raw.outcome,
        examples=tuple(raw.examples),
        children=tuple(_freeze(raws, c) for c in raw.children),
        notes=tuple(raw.notes),
        reference=raw.reference,
        expanded_from=raw.expanded_from,
        impossible=raw.impossible,
    )


def parse_proposition(path: Path, number: int) -> Node:
    """Read one ``pNN.txt`` file into the frozen tree of Proposition ``number``."""
    file = str(path)
    raws: dict[str, _Raw] = {}
    patches: list[Block] = []
    for block in _read_blocks(path):
        if block.kind == "patch":
            patches.append(block)
            continue
        if block.kind != "node":
            raise PartTwoFormatError(file, block.line, f"unknown block {block.kind!r}")
        _check_path(block.name, file, block.line, number)
        if block.name in raws:
            raise PartTwoFormatError(file, block.line, f"duplicate path {block.name!r}")
        raw = _Raw(block.name, block.line)
        _fill(raw, block, file, patch=False)
        for key, value in (("assume", raw.assumption), ("quote", raw.quote), ("lines", raw.lines)):
            if not value:
                raise PartTwoFormatError(file, block.line, f"node {block.name!r} lacks {key!r}")
        parent = block.name.rsplit(".", 1)[0] if "." in block.name else None
        if parent is None:
            if raws:
                raise PartTwoFormatError(file, block.line, "the root must be the first node")
        elif parent not in raws:
            raise PartTwoFormatError(file, block.line, f"parent {parent!r} not defined before")
        else:
            if raws[parent].reference is not None:
                raise PartTwoFormatError(
                    file, block.line, "a node with 'expand' has no own children"
                )
            raws[parent].children.append(block.name)
        raws[block.name] = raw
    root = f"P{number}"
    if root not in raws:
        raise PartTwoFormatError(file, 1, f"no root node {root!r}")
    _resolve(raws, root, file, set())
    for block in patches:
        if block.name not in raws or raws[block.name].expanded_from is None:
            raise PartTwoFormatError(
                file, block.line, f"patch of {block.name!r}: not a copied node"
            )
        raw = raws[block.name]
        _fill(raw, block, file, patch=True)
        if raw.impossible:
            dropped = _drop_subtree(raws, block.name)
            raw.outcome = None
            if dropped:
                raw.notes.append(
                    "copies not made under this impossible case: " + ", ".join(dropped)
                )
    for raw in raws.values():
        if raw.children and raw.outcome is not None:
            raise PartTwoFormatError(file, raw.line, f"{raw.path!r} has children and an outcome")
        if not raw.children and raw.outcome is None and not raw.impossible:
            raise PartTwoFormatError(file, raw.line, f"leaf {raw.path!r} has no outcome")
    return _freeze(raws, root)


def _drop_subtree(raws: dict[str, _Raw], path: str) -> list[str]:
    """Remove the copies below ``path``; return the source paths of the removed children."""
    dropped: list[str] = []
    for child in raws[path].children:
        dropped.append(raws[child].expanded_from or child)
        _drop_subtree(raws, child)
        del raws[child]
    raws[path].children = []
    return dropped


@lru_cache(maxsize=1)
def load_propositions() -> tuple[Node, ...]:
    """The twelve propositions, in order, as frozen trees (references resolved)."""
    return tuple(parse_proposition(DATA_DIR / f"p{n:02d}.txt", n) for n in PROPOSITIONS)


def iter_nodes(roots: tuple[Node, ...] | None = None) -> Iterator[Node]:
    """Every node of every proposition, depth first in the paper's order."""
    for chain in iter_chains(roots):
        yield chain[-1]


def iter_chains(roots: tuple[Node, ...] | None = None) -> Iterator[tuple[Node, ...]]:
    """Every node with its ancestors: ``(root, ..., node)``; the node's hands meet all of them."""

    def walk(chain: tuple[Node, ...]) -> Iterator[tuple[Node, ...]]:
        yield chain
        for child in chain[-1].children:
            yield from walk(chain + (child,))

    for root in load_propositions() if roots is None else roots:
        yield from walk((root,))


def node_index() -> dict[str, Node]:
    """Every node by path."""
    return {n.path: n for n in iter_nodes()}


@lru_cache(maxsize=1)
def load_subparts() -> tuple[tuple[Subpart, ...], tuple[Remark, ...]]:
    """The subparts a.-e. of p. 26 with the propositions that analyse them, and the remarks."""
    file = DATA_DIR / "subparts.txt"
    subparts: list[Subpart] = []
    remarks: list[Remark] = []
    for block in _read_blocks(file):
        fields: dict[str, str] = {}
        notes: list[str] = []
        for item in block.fields:
            if item.key == "note":
                notes.append(item.value)
            elif item.key in {"lines", "quote", "assume", "propositions"}:
                fields[item.key] = item.value
            else:
                raise PartTwoFormatError(str(file), item.line, f"unknown field {item.key!r}")
        lines = _lines(fields.get("lines", ""), (str(file), block.line))
        if block.kind == "subpart":
            props = tuple(int(p) for p in fields["propositions"].split())
            subparts.append(
                Subpart(block.name, fields["assume"], fields["quote"], lines, props, tuple(notes))
            )
        elif block.kind == "remark":
            remarks.append(Remark(fields["quote"], lines, tuple(notes)))
        else:
            raise PartTwoFormatError(str(file), block.line, f"unknown block {block.kind!r}")
    return tuple(subparts), tuple(remarks)


# ---------------------------------------------------------------------------------------------
# The count table


def counts(root: Node) -> dict[str, int]:
    """Nodes, leaves, bid/pass/impossible leaves, examples, corrections, copied nodes."""
    nodes = list(iter_nodes((root,)))
    leaves = [n for n in nodes if n.is_leaf]
    examples = [e for n in nodes for e in n.examples]
    return {
        "nodes": len(nodes),
        "leaves": len(leaves),
        "bid": sum(1 for n in leaves if n.outcome is not None and n.outcome.kind == "bid"),
        "pass": sum(1 for n in leaves if n.outcome is not None and n.outcome.kind == "pass"),
        "impossible": sum(1 for n in leaves if n.impossible),
        "examples": len(examples),
        "corrected": sum(1 for e in examples if e.corrected is not None),
        "copied": sum(1 for n in nodes if n.expanded_from is not None),
        "inferences": sum(len(n.therefore) for n in nodes),
        "depth": max(n.depth for n in nodes),
    }


def summary_table() -> str:
    """The per-proposition count table as text."""
    columns = (
        "nodes",
        "leaves",
        "bid",
        "pass",
        "impossible",
        "examples",
        "corrected",
        "copied",
        "inferences",
        "depth",
    )
    rows: list[tuple[str, ...]] = [("prop",) + columns]
    total = dict.fromkeys(columns, 0)
    for root in load_propositions():
        c = counts(root)
        rows.append((root.path,) + tuple(str(c[k]) for k in columns))
        for k in columns:
            total[k] = max(total[k], c[k]) if k == "depth" else total[k] + c[k]
    rows.append(("total",) + tuple(str(total[k]) for k in columns))
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns) + 1)]
    return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(r, widths)) for r in rows)


def main() -> int:
    sys.stdout.write(f"Part Two (pp. {PAGES}), quoted from {SEED}\n")
    sys.stdout.write(summary_table() + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
