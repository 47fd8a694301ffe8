"""Claims about the nodes of an auction system, read from a file in the project's block format
(:mod:`openbid.systems.blocks`; ``openbid/systems/data/sayc_node_claims.txt`` is the shipped one).

Two kinds, each about the player to call after an auction, over exactly the hands consistent
with that player's own earlier calls::

    forcing 2c.opening
      source: SAYC booklet, "Strong 2C opening"
      quote: the 2C opening is forcing
      auction: 2C P
      expect: HELD

means the player next to call after ``2C P`` makes a call other than PASS with every such hand;
::

    shows 1nt.range
      source: ...
      quote: ...
      auction: (opening)
      call: 1NT
      cond: HCP >= 15 and HCP <= 17
      expect: HELD

means every such hand that makes ``call`` there meets ``cond`` (the caller's own hand).
``auction: (opening)`` is the dealer's first call; ``P P`` the third seat's. ``expect`` is what
the booklet's words say (HELD), or FAILED where the file departs from them (with a note).
Every error names the file and the line (exit 2 in the CLI).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openbid.base.errors import OpenbidError
from openbid.expr.ast import TRUE, Expr
from openbid.systems.rules.model import Rules
from openbid.systems.blocks import Block, BlockFormatError, read_blocks

PROOFS = Path(__file__).resolve().parent / "data"
SHIPPED: dict[str, Path] = {"sayc": PROOFS / "sayc_node_claims.txt"}
KINDS = ("forcing", "shows")
_KEYS = ("source", "quote", "note", "auction", "call", "cond", "expect")
_CALL_WORDS = {"P": "PASS", "PASS": "PASS", "X": "X", "DBL": "X", "XX": "XX", "RDBL": "XX"}
EXPECTS = ("HELD", "FAILED")


class NodeClaimsError(BlockFormatError):
    """A node claims file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class NodeClaimSpec:
    kind: str  # forcing | shows
    id: str
    source: str
    quote: str
    auction: tuple[str, ...]
    expect: str
    call: str = ""
    cond: Expr = TRUE
    cond_text: str = ""
    note: str = ""
    file: str = ""
    line: int = 0

    @property
    def node(self) -> str:
        return " ".join(self.auction) or "(opening)"

    @property
    def statement(self) -> str:
        if self.kind == "forcing":
            return f"after {self.node}, the next player never passes"
        where = "as the opening" if not self.auction else f"after {self.node}"
        return f"{self.call} {where} shows {self.cond_text}"


def load_node_claims(path: Path | str, rules: Rules) -> tuple[NodeClaimSpec, ...]:
    path = Path(path)
    if path.is_dir():
        raise OpenbidError(f"the node claims file {path} is a directory")
    try:
        blocks = read_blocks(path, kinds=KINDS, named=True, unique=True, error=NodeClaimsError)
    except OSError as exc:
        raise OpenbidError(f"cannot read the node claims file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OpenbidError(f"the node claims file {path} is not UTF-8 text") from None
    if not blocks:
        raise OpenbidError(f"the node claims file {path} has no claim: it would check nothing")
    return tuple(_claim(b, rules) for b in blocks)


def _claim(b: Block, rules: Rules) -> NodeClaimSpec:
    need = ("source", "quote", "auction", "expect") + (("call", "cond") if b.kind == "shows"
                                                      else ())
    b.check_keys(_KEYS, required=need, repeatable=("quote", "note"), error=NodeClaimsError)
    if b.kind == "forcing":
        for key in ("call", "cond"):
            if b.get(key) is not None:
                raise NodeClaimsError(b.file, b.all(key)[0].line,
                                      f"forcing {b.name}: '{key}' is for a 'shows' claim")
    expect = b.one("expect", NodeClaimsError).upper()
    if expect not in EXPECTS:
        raise NodeClaimsError(b.file, b.all("expect")[0].line,
                              f"{b.kind} {b.name}: expect {expect!r}: HELD or FAILED")
    auction = _auction(b, b.one("auction", NodeClaimsError))
    call = cond_text = ""
    cond: Expr = TRUE
    if b.kind == "shows":
        call = _call(b, b.one("call", NodeClaimsError), b.all("call")[0].line)
        cond_text = b.one("cond", NodeClaimsError)
        cond = _expr(b, rules, cond_text, b.all("cond")[0].line)
    quote = " / ".join(f.value for f in b.all("quote"))
    note = " ".join(f.value for f in b.all("note"))
    return NodeClaimSpec(b.kind, b.name, b.one("source", NodeClaimsError), quote, auction,
                         expect, call, cond, cond_text, note, b.file, b.line)


def _call(b: Block, tok: str, line: int) -> str:
    t = tok.strip().upper()
    if t in _CALL_WORDS:
        return _CALL_WORDS[t]
    if len(t) >= 2 and t[0] in "1234567" and t[1:] in ("C", "D", "H", "S", "NT"):
        return t
    raise NodeClaimsError(b.file, line, f"{b.kind} {b.name}: {tok!r} is not a call (PASS, X, "
                                        "XX, 1C ... 7NT)")


def _auction(b: Block, text: str) -> tuple[str, ...]:
    if text.strip().lower() == "(opening)":
        return ()
    line = b.all("auction")[0].line
    out = tuple(_call(b, tok, line) for tok in text.split())
    from openbid.systems.auction_facts import illegal

    for i, c in enumerate(out):
        why = illegal(out[:i], c)
        if why:
            raise NodeClaimsError(b.file, line, f"{b.kind} {b.name}: the auction {text!r} "
                                                f"cannot be bid: {c}: {why}")
    return out


def _expr(b: Block, rules: Rules, text: str, line: int) -> Expr:
    from openbid.base.errors import ExprError

    try:
        return rules.parse(text, want="bool")
    except ExprError as exc:
        raise NodeClaimsError(b.file, line, f"{b.kind} {b.name}: {exc.problem}: {text!r}") \
            from None
    except OpenbidError as exc:
        raise NodeClaimsError(b.file, line, f"{b.kind} {b.name}: {exc}") from None
