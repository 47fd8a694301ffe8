"""The SAYC booklet's examples as data (``openbid/systems/data/sayc_examples.txt``): each a call the
booklet recommends after an auction it prints, with the hand it is made on.

The file is in the project's block format (:mod:`openbid.systems.blocks`)::

    example 1nt.stayman-both-majors
      source: SAYC System Booklet, RESPONSES AND LATER BIDDING, after a 15-17 1NT opening
      quote: If opener has 4-4 in the majors, opener bids 2H.
      auction: 1NT P 2C P
      hand: AQ32.KJ32.K32.Q2
      hand_source: constructed
      call: 2H

Every error names the file and the line (:class:`ExamplesFileError`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openbid.systems.auction import System
from openbid.bridge.notation import SIDE_VULS, canonical_call
from openbid.base.errors import OpenbidError
from openbid.bridge.hand import Hand
from openbid.systems.blocks import Block, BlockFormatError, read_blocks

SHIPPED = Path(__file__).resolve().parent / "data" / "sayc_examples.txt"

_KEYS = ("source", "quote", "auction", "hand", "hand_source", "vul", "call", "also", "note")
HAND_SOURCES = ("booklet", "constructed")
VULS = tuple(SIDE_VULS)  # the bidder's side


class ExamplesFileError(BlockFormatError):
    """An examples file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class Example:
    """One booklet example: ``call`` (canonical) on ``hand`` after ``auction`` (calls from the
    dealer, canonical), with the other calls the booklet allows (``also``)."""

    id: str
    source: str
    quotes: tuple[str, ...]
    auction: tuple[str, ...]
    hand: str
    hand_source: str
    vul: str
    call: str
    also: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    file: str = ""
    line: int = 0

    @property
    def silent(self) -> bool:
        """The example tests the file's choice where the booklet is silent (its source says
        "silent")."""
        return "silent" in self.source

    @property
    def seat(self) -> int:
        """The bidder's seat, 1 (dealer) to 4."""
        return len(self.auction) % 4 + 1

    @property
    def calls(self) -> tuple[str, ...]:
        """Every call the booklet accepts for this hand: the recommended one first."""
        return (self.call, *self.also)


def load_examples(path: Path | str = SHIPPED) -> tuple[Example, ...]:
    """Every example of the file at ``path``, checked: each hand is 13 cards, each call is one,
    the auction has no more than 3 passes before the first bid."""
    path = Path(path)
    try:
        blocks = read_blocks(path, kinds=("example",), named=True, unique=True,
                             error=ExamplesFileError)
    except OSError as exc:
        raise OpenbidError(f"cannot read the examples file {path}: {exc.strerror}") from None
    if not blocks:
        raise OpenbidError(f"the examples file {path} has no example: it would check nothing")
    return tuple(_example(b) for b in blocks)


def _field_line(b: Block, key: str) -> int:
    found = b.all(key)
    return found[0].line if found else b.line


def _example(b: Block) -> Example:
    b.check_keys(_KEYS, repeatable=("quote", "also", "note"),
                 required=("source", "quote", "auction", "hand", "hand_source", "call"),
                 error=ExamplesFileError)

    def fail(key: str, problem: str) -> ExamplesFileError:
        return ExamplesFileError(b.file, _field_line(b, key), f"example {b.name}: {problem}")

    text = b.one("auction", ExamplesFileError)
    try:
        auction = () if text.strip() == "-" else tuple(canonical_call(c) for c in text.split())
    except OpenbidError as exc:
        raise fail("auction", str(exc)) from None
    if not any(c != "PASS" for c in auction) and len(auction) > 3:
        raise fail("auction", "four passes end the auction: there is no call to make")
    hand = b.one("hand", ExamplesFileError)
    try:
        Hand.parse(hand)
    except OpenbidError as exc:
        raise fail("hand", str(exc)) from None
    source = b.one("hand_source", ExamplesFileError)
    if source not in HAND_SOURCES:
        raise fail("hand_source", f"{source!r} is not one of {', '.join(HAND_SOURCES)}")
    vul = b.get("vul", "none") or "none"
    if vul not in VULS:
        raise fail("vul", f"{vul!r} is not one of {', '.join(VULS)}")
    try:
        call = canonical_call(b.one("call", ExamplesFileError))
        also = tuple(canonical_call(c) for c in b.values("also"))
    except OpenbidError as exc:
        raise fail("call", str(exc)) from None
    if call in also:
        raise fail("also", f"{call} is the recommended call already")
    return Example(b.name, b.one("source", ExamplesFileError), tuple(b.values("quote")), auction,
                   hand, source, vul, call, also, tuple(b.values("note")), b.file, b.line)


@dataclass(frozen=True)
class Outcome:
    """An example run through a system: the call made, its bid point, and whether the booklet
    accepts it (the recommended call or one it also allows)."""

    example: Example
    made: str
    point: str

    @property
    def agrees(self) -> bool:
        return self.made in self.example.calls

    @property
    def recommended(self) -> bool:
        return self.made == self.example.call


def run_examples(system: System, examples: tuple[Example, ...] | None = None
                 ) -> tuple[Outcome, ...]:
    """Every example's call as ``system`` makes it after the example's auction, with the
    example's hand and vulnerability (the bidder's view)."""
    out = []
    for e in load_examples() if examples is None else examples:
        choice = system.call(e.auction, Hand.parse(e.hand), e.vul)
        out.append(Outcome(e, choice.call, choice.label or "(falls through: pass)"))
    return tuple(out)


def agreement_markdown(outcomes: tuple[Outcome, ...]) -> str:
    """The agreement rate and every disagreement, as the markdown docs/SYSTEMS.md shows
    (between its ``sayc-examples`` markers); computed, never typed in."""
    n = len(outcomes)
    agree = sum(o.agrees for o in outcomes)
    rec = sum(o.recommended for o in outcomes)
    alt = [o for o in outcomes if o.agrees and not o.recommended]
    both = [o for o in outcomes if o.example.also]
    silent = sum(o.example.silent for o in outcomes)
    lines = [f"{agree} of {n} examples agree ({100 * agree / n:.1f}%): {rec} make the call the "
             f"booklet recommends, {len(alt)} another call it allows. {len(both)} examples "
             "record a second call the booklet allows (\"could use\"); an example agrees when "
             f"the system makes either. {silent} of the {n} test a choice where the booklet is "
             "silent (their source says so): the call is the file's documented choice, not the "
             "booklet's.", ""]
    bad = [o for o in outcomes if not o.agrees]
    if bad:
        lines += ["| example | auction | hand | booklet | system (bid point) |",
                  "|---|---|---|---|---|"]
        for o in bad:
            e = o.example
            lines.append(f"| {e.id} | {' '.join(e.auction) or '-'} | {e.hand} | "
                         f"{' or '.join(e.calls)} | {o.made} ({o.point}) |")
    else:
        lines.append("No example disagrees.")
    if alt:
        lines += ["", "Examples where the system makes the other call the booklet allows:", ""]
        lines += [f"* {o.example.id}: {o.made} ({o.point}); the booklet recommends "
                  f"{o.example.call}" for o in alt]
    return "\n".join(lines) + "\n"
