"""A bidding system's promises as claims, read from a claims file in the project's block format
(:mod:`openbid.systems.blocks`; ``openbid/systems/data/sayc_claims.txt`` is the shipped example).

Two forms, both "every hand of a set meets a condition":

``bid X shows COND``: every hand the rules bid X on meets COND::

    claim 1nt.range
      source: SAYC booklet, "1NT opening"
      quote: 1NT shows 15-17 HCP and a balanced hand
      bid: 1NT
      shows: HCP >= 15 and HCP <= 17 and BALANCED

``every PREMISE has CONCLUSION`` (a gap claim: the hands that do not are the gap), either side
may read the outcome (``bid = "1NT"``, ``bid != "PASS"``) and the facts of the deal (``SEAT``)::

    claim open.12
      source: SAYC booklet, "Opening the bidding"
      quote: every hand with 12+ HCP in first seat opens
      every: HCP >= 12 and SEAT = 1
      has: bid != "PASS"

Every error names the file and the line (a :class:`ClaimsFileError`, exit 2 in the CLI).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openbid.base.errors import OpenbidError
from openbid.expr.ast import Expr
from openbid.systems.rules.model import Rules
from openbid.systems.blocks import Block, BlockFormatError, read_blocks

PROOFS = Path(__file__).resolve().parent / "data"
SHIPPED: dict[str, Path] = {"sayc": PROOFS / "sayc_claims.txt",
                             "sayc-openings": PROOFS / "sayc_claims.txt"}  # variant -> its claims file

_KEYS = ("source", "quote", "note", "bid", "shows", "every", "has", "auction")
_CALL_WORDS = {"P": "PASS", "PASS": "PASS", "X": "X", "DBL": "X", "XX": "XX", "RDBL": "XX"}


class ClaimsFileError(BlockFormatError):
    """A claims file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class SystemClaim:
    """"Every hand meeting ``premise`` meets ``conclusion``" with its citation. ``bid``: the
    call of a ``bid X shows COND`` claim (None for the ``every`` form)."""

    id: str
    source: str
    quote: str
    premise: Expr
    conclusion: Expr
    premise_text: str
    conclusion_text: str
    bid: str | None = None
    note: str = ""
    file: str = ""
    line: int = 0
    auction: tuple[str, ...] | None = None  # the node it is about (calls from the dealer)

    @property
    def statement(self) -> str:
        """The claim as a sentence."""
        if self.bid is not None:
            return f"bid {self.bid} shows {self.conclusion_text}"
        return f"every hand with {self.premise_text} has {self.conclusion_text}"


def load_claims(path: Path | str, rules: Rules) -> tuple[SystemClaim, ...]:
    """Every claim of the file at ``path``, its expressions read over ``rules``' names."""
    path = Path(path)
    if path.is_dir():
        raise OpenbidError(f"the claims file {path} is a directory")
    try:
        blocks = read_blocks(path, kinds=("claim",), named=True, unique=True,
                             error=ClaimsFileError)
    except OSError as exc:
        raise OpenbidError(f"cannot read the claims file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OpenbidError(f"the claims file {path} is not UTF-8 text") from None
    if not blocks:
        raise OpenbidError(f"the claims file {path} has no claim: it would check nothing")
    return tuple(_claim(b, rules) for b in blocks)


def _claim(b: Block, rules: Rules) -> SystemClaim:
    b.check_keys(_KEYS, required=("source", "quote"), error=ClaimsFileError)
    has_bid, has_every = b.get("bid") is not None, b.get("every") is not None
    if has_bid == has_every:
        raise ClaimsFileError(b.file, b.line, f"claim {b.name} needs either 'bid' and 'shows' "
                                              "or 'every' and 'has'")
    if has_bid:
        call = b.one("bid", ClaimsFileError)
        _check_call(b, call)
        premise_text, conclusion_key = f'bid = "{call}"', "shows"
    else:
        premise_text, conclusion_key = b.one("every", ClaimsFileError), "has"
    wrong = "has" if has_bid else "shows"
    if b.get(wrong) is not None:
        raise ClaimsFileError(b.file, b.all(wrong)[0].line,
                              f"'{wrong}' goes with '{'every' if wrong == 'has' else 'bid'}'")
    conclusion_text = b.one(conclusion_key, ClaimsFileError)
    premise_line = b.all("bid" if has_bid else "every")[0].line
    return SystemClaim(
        b.name, b.one("source", ClaimsFileError), b.one("quote", ClaimsFileError),
        _expr(b, rules, premise_text, premise_line),
        _expr(b, rules, conclusion_text, b.all(conclusion_key)[0].line),
        premise_text, conclusion_text, bid=b.get("bid"), note=b.get("note", "") or "",
        file=b.file, line=b.line, auction=_auction(b))


def _auction(b: Block) -> tuple[str, ...] | None:
    """``auction: 1NT P 2C P``: the node the claim is about (its bidder's hands), canonical."""
    text = b.get("auction")
    if text is None:
        return None
    out = []
    for tok in text.split():
        t = tok.upper()
        if t in _CALL_WORDS:
            out.append(_CALL_WORDS[t])
        elif len(t) >= 2 and t[0] in "1234567" and t[1:] in ("C", "D", "H", "S", "NT"):
            out.append(t)
        else:
            raise ClaimsFileError(b.file, b.all("auction")[0].line,
                                  f"claim {b.name}: {tok!r} is not a call (PASS, X, XX, 1C ... "
                                  "7NT)")
    return tuple(out)


def _expr(b: Block, rules: Rules, text: str, line: int) -> Expr:
    from openbid.base.errors import ExprError

    try:
        return rules.parse(text, want="bool", outcome=True)
    except ExprError as exc:
        raise ClaimsFileError(b.file, line, f"claim {b.name}: {exc.problem}: {text!r}") from None
    except OpenbidError as exc:
        raise ClaimsFileError(b.file, line, f"claim {b.name}: {exc}") from None


def _check_call(b: Block, call: str) -> None:
    from openbid.expr.names import bidvals_printing

    if not bidvals_printing(call):
        raise ClaimsFileError(b.file, b.all("bid")[0].line,
                              f"claim {b.name}: {call!r} is not a call (PASS, 1C ... 7NT)")


def select(claims: tuple[SystemClaim, ...], wanted: list[str] | None) -> tuple[SystemClaim, ...]:
    """The claims named by ``--claim ID`` (all if none given); an ID naming no claim is an
    error (a filter that selects nothing would check nothing)."""
    if not wanted:
        return claims
    ids = {c.id for c in claims}
    missing = [w for w in wanted if w not in ids]
    if missing:
        raise OpenbidError(f"no claim {missing[0]!r} in the claims file (it has "
                           f"{', '.join(sorted(ids))})")
    return tuple(c for c in claims if c.id in wanted)
