"""A bidding system's promises as claims: one claims format and one reader, for the opening and
for any node of the auction (``openbid/systems/data/sayc_claims.txt`` and
``sayc_node_claims.txt`` are the shipped examples). A claims file is a sequence of blocks
(:mod:`openbid.systems.blocks`)::

    claim 1nt.range
      source: SAYC booklet, "1NT opening"
      quote: 1NT shows 15-17 HCP and a balanced hand
      bid: 1NT
      shows: HCP >= 15 and HCP <= 17 and BALANCED

Three forms, each "every hand of a set meets a condition":

* ``bid: X`` + ``shows: COND``: every hand the rules bid X on meets COND;
* ``every: PREMISE`` + ``has: CONCLUSION`` (the hands that do not are the gap); either side may
  read the outcome (``bid = "1NT"``, ``bid != "PASS"``) and the facts of the deal (``SEAT``);
* ``forcing`` (a field without a value): the player never passes.

``auction: CALLS`` names the node the claim is about: the player next to call after those calls
(from the dealer), over exactly the hands consistent with that player's own earlier calls;
``auction: (opening)`` is the dealer's first call, ``auction: P P`` the third seat's. Without
``auction`` the claim is about the opening block in every seat and vulnerability (the opening's
system checks). ``expect: HELD`` (the default) or ``FAILED`` (a known departure of the rules
from the source, said in a ``note``). ``quote`` and ``note`` may be repeated.

Files written for the earlier node-claims format stay readable as they are: a ``forcing ID``
block (``auction``, ``expect``) is a ``claim`` with ``forcing``; a ``shows ID`` block (``call``,
``cond``) a ``claim`` with ``bid`` and ``shows``. Every error names the file and the line (a
:class:`ClaimsFileError`, exit 2 in the CLI).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from openbid.base.errors import OpenbidError
from openbid.expr.ast import TRUE, Expr
from openbid.systems.rules.model import Rules
from openbid.systems.blocks import Block, BlockFormatError, read_blocks

PROOFS = Path(__file__).resolve().parent / "data"
# variant -> its claims files (read as one)
SHIPPED: dict[str, tuple[Path, ...]] = {
    "sayc": (PROOFS / "sayc_claims.txt", PROOFS / "sayc_node_claims.txt"),
    "sayc-openings": (PROOFS / "sayc_claims.txt",),
}
BLOCK_KINDS = ("claim", "forcing", "shows")  # forcing and shows: the earlier node-claims format
EXPECTS = ("HELD", "FAILED")
_KEYS = ("source", "quote", "note", "auction", "bid", "shows", "every", "has", "forcing",
         "expect")
_OLD_KEYS = ("source", "quote", "note", "auction", "call", "cond", "expect")
_CALL_WORDS = {"P": "PASS", "PASS": "PASS", "X": "X", "DBL": "X", "XX": "XX", "RDBL": "XX"}
_NEVER_PASSES = 'bid != "PASS"'


class ClaimsFileError(BlockFormatError):
    """A claims file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class Claim:
    """"Every hand meeting ``premise`` meets ``conclusion``" with its citation. ``form``: shows
    (``bid`` X shows the conclusion), every, or forcing (the premise true, the conclusion that
    the player does not pass). ``auction``: the node it is about (None: the opening in every
    seat and vulnerability). ``expect``: HELD or FAILED."""

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
    auction: tuple[str, ...] | None = None
    form: str = "every"  # shows | every | forcing
    expect: str = "HELD"

    @property
    def kind(self) -> str:
        return self.form

    @property
    def call(self) -> str:
        """The call of a ``shows`` claim ('' for the other forms)."""
        return self.bid or ""

    @property
    def node(self) -> str:
        """The node as reports name it: the calls, ``(opening)``, or ``the opening`` (every
        seat)."""
        if self.auction is None:
            return "the opening"
        return " ".join(self.auction) or "(opening)"

    @property
    def statement(self) -> str:
        """The claim as a sentence."""
        if self.form == "forcing":
            return ("the opening is never a pass" if self.auction is None
                    else f"after {self.node}, the next player never passes")
        if self.form == "shows":
            s = f"bid {self.bid} shows {self.conclusion_text}"
        else:
            s = f"every hand with {self.premise_text} has {self.conclusion_text}"
        if self.auction is None:
            return s
        return s + (" as the opening" if not self.auction else f" after {self.node}")


SystemClaim = Claim  # the name the opening's checks knew it by


def load_claims(paths: Path | str | Iterable[Path | str], rules: Rules) -> tuple[Claim, ...]:
    """Every claim of the file(s) at ``paths``, their expressions read over ``rules``' names; a
    claim id given twice (in one file or two) is an error."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    out: list[Claim] = []
    seen: dict[str, Claim] = {}
    for path in paths:
        for c in _load_one(Path(path), rules):
            if c.id in seen:
                first = seen[c.id]
                raise ClaimsFileError(c.file, c.line, f"claim {c.id} is given twice (first at "
                                                      f"{first.file}:{first.line})")
            seen[c.id] = c
            out.append(c)
    return tuple(out)


def _load_one(path: Path, rules: Rules) -> tuple[Claim, ...]:
    if path.is_dir():
        raise OpenbidError(f"the claims file {path} is a directory")
    try:
        blocks = read_blocks(path, kinds=BLOCK_KINDS, named=True, error=ClaimsFileError)
    except OSError as exc:
        raise OpenbidError(f"cannot read the claims file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OpenbidError(f"the claims file {path} is not UTF-8 text") from None
    if not blocks:
        raise OpenbidError(f"the claims file {path} has no claim: it would check nothing")
    return tuple(_claim(b, rules) if b.kind == "claim" else _old_claim(b, rules) for b in blocks)


def _claim(b: Block, rules: Rules) -> Claim:
    b.check_keys(_KEYS, required=("source", "quote"), repeatable=("quote", "note"),
                 bare=("forcing",), error=ClaimsFileError)
    forms = [k for k in ("bid", "every", "forcing") if b.get(k) is not None]
    if len(forms) != 1:
        raise ClaimsFileError(b.file, b.line, f"claim {b.name} needs one of 'bid' and 'shows', "
                                              "'every' and 'has', or 'forcing'")
    form = {"bid": "shows", "every": "every", "forcing": "forcing"}[forms[0]]
    for key, goes in (("shows", "bid"), ("has", "every")):
        if b.get(key) is not None and forms[0] != goes:
            raise ClaimsFileError(b.file, b.all(key)[0].line, f"'{key}' goes with '{goes}'")
    forcing = b.all("forcing")
    if forcing and (forcing[0].value or not forcing[0].bare):
        raise ClaimsFileError(b.file, forcing[0].line, "write 'forcing' alone on its line "
                                                       "(it takes no value)")
    auction = _auction(b) if b.get("auction") is not None else None
    expect = _expect(b)
    if form == "forcing":
        return _forcing(b, rules, auction, expect)
    if form == "shows":
        call = _call(b, b.one("bid", ClaimsFileError), b.all("bid")[0].line)
        premise_text, conclusion_key = f'bid = "{call}"', "shows"
        premise_line = b.all("bid")[0].line
    else:
        call = None
        premise_text, conclusion_key = b.one("every", ClaimsFileError), "has"
        premise_line = b.all("every")[0].line
    conclusion_text = b.one(conclusion_key, ClaimsFileError)
    return Claim(b.name, b.one("source", ClaimsFileError), _quote(b),
                 _expr(b, rules, premise_text, premise_line),
                 _expr(b, rules, conclusion_text, b.all(conclusion_key)[0].line),
                 premise_text, conclusion_text, bid=call, note=_note(b), file=b.file,
                 line=b.line, auction=auction, form=form, expect=expect)


def _old_claim(b: Block, rules: Rules) -> Claim:
    """A block of the node-claims format: ``forcing ID`` or ``shows ID`` (``call``, ``cond``)."""
    need = ("source", "quote", "auction", "expect") + (("call", "cond") if b.kind == "shows"
                                                      else ())
    b.check_keys(_OLD_KEYS, required=need, repeatable=("quote", "note"), error=ClaimsFileError)
    if b.kind == "forcing":
        for key in ("call", "cond"):
            if b.get(key) is not None:
                raise ClaimsFileError(b.file, b.all(key)[0].line,
                                      f"forcing {b.name}: '{key}' is for a 'shows' claim")
    expect = _expect(b)
    auction = _auction(b)
    if b.kind == "forcing":
        return _forcing(b, rules, auction, expect)
    call = _call(b, b.one("call", ClaimsFileError), b.all("call")[0].line)
    cond_text = b.one("cond", ClaimsFileError)
    premise_text = f'bid = "{call}"'
    return Claim(b.name, b.one("source", ClaimsFileError), _quote(b),
                 _expr(b, rules, premise_text, b.all("call")[0].line),
                 _expr(b, rules, cond_text, b.all("cond")[0].line), premise_text, cond_text,
                 bid=call, note=_note(b), file=b.file, line=b.line, auction=auction,
                 form="shows", expect=expect)


def _forcing(b: Block, rules: Rules, auction, expect: str) -> Claim:
    return Claim(b.name, b.one("source", ClaimsFileError), _quote(b), TRUE,
                 rules.parse(_NEVER_PASSES, want="bool", outcome=True), "true", _NEVER_PASSES,
                 note=_note(b), file=b.file, line=b.line, auction=auction, form="forcing",
                 expect=expect)


def _quote(b: Block) -> str:
    return " / ".join(b.values("quote"))


def _note(b: Block) -> str:
    return " ".join(b.values("note"))


def _expect(b: Block) -> str:
    text = b.get("expect")
    if text is None:
        return "HELD"
    expect = text.upper()
    if expect not in EXPECTS:
        raise ClaimsFileError(b.file, b.all("expect")[0].line,
                              f"{b.kind} {b.name}: expect {text!r}: HELD or FAILED")
    return expect


def _call(b: Block, tok: str, line: int) -> str:
    t = tok.strip().upper()
    if t in _CALL_WORDS:
        return _CALL_WORDS[t]
    if len(t) >= 2 and t[0] in "1234567" and t[1:] in ("C", "D", "H", "S", "NT"):
        return t
    raise ClaimsFileError(b.file, line, f"{b.kind} {b.name}: {tok!r} is not a call (PASS, X, "
                                        "XX, 1C ... 7NT)")


def _auction(b: Block) -> tuple[str, ...]:
    """``auction: 1NT P 2C P`` (canonical, every call legal), or ``(opening)``: ()."""
    text = b.one("auction", ClaimsFileError)
    line = b.all("auction")[0].line
    if text.strip().lower() == "(opening)":
        return ()
    if not text.strip():
        raise ClaimsFileError(b.file, line, f"{b.kind} {b.name}: an empty auction: write "
                                            "(opening) for the dealer's first call, or leave "
                                            "out 'auction' for the opening in every seat")
    out = tuple(_call(b, tok, line) for tok in text.split())
    from openbid.systems.auction_facts import illegal

    for i, c in enumerate(out):
        why = illegal(out[:i], c)
        if why:
            raise ClaimsFileError(b.file, line, f"{b.kind} {b.name}: the auction {text!r} "
                                                f"cannot be bid: {c}: {why}")
    return out


def _expr(b: Block, rules: Rules, text: str, line: int) -> Expr:
    from openbid.base.errors import ExprError

    try:
        return rules.parse(text, want="bool", outcome=True)
    except ExprError as exc:
        raise ClaimsFileError(b.file, line, f"{b.kind} {b.name}: {exc.problem}: {text!r}") \
            from None
    except OpenbidError as exc:
        raise ClaimsFileError(b.file, line, f"{b.kind} {b.name}: {exc}") from None


def select(claims: tuple[Claim, ...], wanted: list[str] | None) -> tuple[Claim, ...]:
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


def claims_for(rules: Rules, paths: Iterable[str] | None = None,
               wanted: Iterable[str] | None = None) -> tuple[tuple[Claim, ...], str]:
    """The claims a system is checked against (``openbid prove --claims``, the API's
    ``System.check``): those of the files at ``paths``, or by default a shipped system's own
    (none for other rules); ``wanted``: only the claims of these ids. Returns the claims and the
    files as reports show them (a shipped file by its place in the package, the same on every
    machine; the user's as given)."""
    given = list(paths or [])
    shipped = not given and not rules.source and rules.name in SHIPPED
    files = given or ([str(p) for p in SHIPPED[rules.name]] if shipped else [])
    ids = list(wanted or [])
    if ids and not files:
        raise OpenbidError("--claim selects claims of a claims file: give --claims FILE")
    claims = select(load_claims(files, rules), ids or None) if files else ()
    shown = "; ".join(f"openbid/systems/data/{p.name}" for p in SHIPPED[rules.name]) \
        if shipped else "; ".join(files)
    return claims, shown
