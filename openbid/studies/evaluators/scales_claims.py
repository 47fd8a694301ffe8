"""Seed 002's claims about its own scales, as data with computed verdicts.

The claims are kept in ``openbid/studies/evaluators/scales_claims.txt`` in the block format of
``openbid/studies/README.md`` (read by :func:`openbid.systems.blocks.read_blocks`): a block starts at
column 0 with ``claim ID``; its fields are indented two spaces (``key: value``, one line each);
``#`` starts a comment line. Fields:

    lines:    seed lines: ``29`` | ``28-30`` | ``9, 21``
    quote:    the seed's words, verbatim (a substring of the cited lines, stripped and joined by
              single spaces, runs of white space read as one space)
    metric:   the evaluator the claim is checked on (a name of scales.SCALES or ``<M>_DEALERV2``)
    check:    what is computed (below)
    readings: optional ``reading=value, ...`` (scales.SCALE_READINGS) to build the evaluator with
    note:     free text (repeatable)
    and the check's own parameters.

Checks (the values always come from the evaluator, never from a table copied here; "x" in a
holding is a card below the Nine, a holding of one card is a singleton):

    doubleton-order   relation: > | >=       the chain of the quote (``AK > AQ > ...``) over the
                                             evaluator's doubletons, each adjacent pair
    honour-total      expect: N              A+K+Q+J+T, each honour's value in a 3-card suit
    stiff-zero        ranks: J T             the singleton is worth 0
    stiff-minus-one   ranks: K Q             singleton = the honour's 3-card value - 1
    stiff-ace         relation: >=           singleton Ace vs the Ace in a 3-card suit
    unprotected       reading: one-honour | each-honour
                                             Qx, Jx, Tx (and QJ, QT, JT for each-honour) equal the
                                             sum over their honours of max(0, value - 1)
    ties-and-no-deduction  chain: AK AQ ...  some adjacent pair is equal, and some doubleton of
                                             the chain is worth its honours' 3-card value
    holding-values    values: QTx=2.5 K=2    the holdings' values
    scaled-equal      other: NAME, factor: F, spots: RANKS (optional), scope: honours | holdings
                                             metric x F = other (RANKS read as spot cards in
                                             other), on the five honours' 3-card values or on
                                             every holding
    between           others: A B            every honour's 3-card value lies between the two's
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from openbid.hands.evaluators import scales
from openbid.hands.evaluators.form import Evaluator, holdings, rank_order
from openbid.hands.evaluators.scales_dealerv2 import DEALERV2
from openbid.systems.blocks import Block, BlockFormatError, parse_lines, read_blocks

CLAIMS_FILE = Path(__file__).resolve().parent / "scales_claims.txt"
SEED = scales.SEED

CHECKS = {
    "doubleton-order": ("relation",),
    "honour-total": ("expect",),
    "stiff-zero": ("ranks",),
    "stiff-minus-one": ("ranks",),
    "stiff-ace": ("relation",),
    "unprotected": ("reading",),
    "ties-and-no-deduction": ("chain",),
    "holding-values": ("values",),
    "scaled-equal": ("other", "factor", "scope"),
    "between": ("others",),
}
"""Each check and its required parameters."""

_OPTIONAL = {"scaled-equal": ("spots",)}
_COMMON = ("lines", "quote", "metric", "check", "readings", "note")


class ClaimsFormatError(BlockFormatError, ValueError):
    """A claims file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class Claim:
    id: str
    lines: tuple[int, ...]
    quote: str
    metric: str
    check: str
    params: dict[str, str] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    line: int = 0
    """The claim's line in the claims file."""


@dataclass(frozen=True)
class ClaimResult:
    id: str
    lines: tuple[int, ...]
    quote: str
    metric: str
    verdict: str
    """``held`` or ``failed``."""
    detail: str
    breaking: tuple[str, ...] = ()
    """For a failure: the holding(s) that break the claim (seed notation: ``KQ``, ``Ax``, ``K``
    a singleton King, ``Qxx``)."""
    notes: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# Reading the file


def load_claims(path: Path | str = CLAIMS_FILE) -> tuple[Claim, ...]:
    blocks = read_blocks(path, kinds=("claim",), named=True, unique=True, error=ClaimsFormatError)
    return tuple(_claim(b) for b in blocks)


def _claim(block: Block) -> Claim:
    path, name, number = block.file, block.name, block.line
    fields: dict[str, str] = {}
    notes: list[str] = []
    for f in block.fields:
        if f.sub:
            raise ClaimsFormatError(path, f.sub[0].line, f"{f.key!r} takes no sub-fields")
        if f.bare:
            raise ClaimsFormatError(path, f.line, f"expected 'key: value', got {f.key!r}")
        if f.key == "note":
            notes.append(f.value)
            continue
        if f.key in fields:
            raise ClaimsFormatError(path, f.line, f"field {f.key!r} given twice in claim {name}")
        fields[f.key] = f.value
    for key in ("lines", "quote", "metric", "check"):
        if key not in fields:
            raise ClaimsFormatError(path, number, f"claim {name} has no {key!r}")
    check = fields["check"]
    if check not in CHECKS:
        raise ClaimsFormatError(path, number, f"claim {name}: unknown check {check!r}")
    allowed = set(_COMMON) | set(CHECKS[check]) | set(_OPTIONAL.get(check, ()))
    for key in fields:
        if key not in allowed:
            raise ClaimsFormatError(path, number,
                                    f"claim {name}: field {key!r} not used by {check}")
    for key in CHECKS[check]:
        if key not in fields:
            raise ClaimsFormatError(path, number, f"claim {name}: {check} needs {key!r}")
    try:
        lines = parse_lines(fields["lines"])
    except ValueError as exc:
        raise ClaimsFormatError(path, number, f"claim {name}: {exc}") from None
    readings: dict[str, str] = {}
    if fields.get("readings"):
        for part in fields["readings"].split(","):
            key, sep, value = part.strip().partition("=")
            if not sep:
                raise ClaimsFormatError(path, number, f"claim {name}: bad readings {part!r}")
            readings[key.strip()] = value.strip()
    params = {k: v for k, v in fields.items() if k not in _COMMON}
    return Claim(name, lines, fields["quote"], fields["metric"], check, params, readings,
                 tuple(notes), number)


# ---------------------------------------------------------------------------------------------
# Evaluating


@lru_cache(maxsize=None)
def _evaluator(metric: str, readings: tuple[tuple[str, str], ...]) -> Evaluator:
    if metric.endswith("_DEALERV2"):
        if readings:
            raise ValueError(f"{metric} takes no readings")
        return DEALERV2[metric[: -len("_DEALERV2")]]
    if metric not in scales.SCALES:
        raise KeyError(f"unknown metric {metric!r}")
    return scales.build(metric, dict(readings)) if readings else scales.SCALES[metric]


def evaluator_for(metric: str, readings: dict[str, str] | None = None) -> Evaluator:
    return _evaluator(metric, tuple(sorted((readings or {}).items())))


def holding_of(text: str) -> tuple[str, int]:
    """Seed notation -> (held honours high to low, length): ``"QTx"`` -> ("QT", 3), ``"xx"`` ->
    ("", 2), ``"K"`` -> ("K", 1)."""
    if not text or any(c not in "AKQJTx" for c in text):
        raise ValueError(f"bad holding {text!r}")
    return rank_order(text.replace("x", "")), len(text)


def notation(held: str, length: int) -> str:
    return held + "x" * (length - len(held))


def value(e: Evaluator, held: str, length: int) -> Fraction:
    """The evaluator's value of a holding given by its honours (every other card a spot below
    the Nine)."""
    sub = "".join(r for r in held if r in e.reads)
    return e.holding_table[(sub, length)]


def show(v: Fraction) -> str:
    """An exact value, as a decimal when it terminates (``4.25``), else as a fraction."""
    v = Fraction(v)
    d = v.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d != 1:
        return str(v)
    sign = "-" if v < 0 else ""
    v = abs(v)
    whole, frac = divmod(v.numerator, v.denominator)
    if not frac:
        return f"{sign}{whole}"
    digits = ""
    rest = Fraction(frac, v.denominator)
    while rest:
        rest *= 10
        digit, rest_num = divmod(rest.numerator, rest.denominator)
        digits += str(digit)
        rest = Fraction(rest_num, rest.denominator)
    return f"{sign}{whole}.{digits}"


def _long(e: Evaluator, rank: str) -> Fraction:
    """A rank's value in a 3-card suit with two spot cards."""
    return value(e, rank, 3)


def _chain(claim: Claim) -> list[str]:
    source = claim.params.get("chain") or claim.quote
    terms = [t.strip().rstrip(".") for t in re.split(r">|\s", source) if t.strip().rstrip(".")]
    for t in terms:
        holding_of(t)
        if len(t) != 2:
            raise ValueError(f"{claim.id}: {t!r} is not a doubleton")
    return terms


def check_claim(claim: Claim) -> ClaimResult:
    e = evaluator_for(claim.metric, claim.readings)
    verdict, detail, breaking = _CHECKERS[claim.check](claim, e)
    return ClaimResult(claim.id, claim.lines, claim.quote, claim.metric,
                       "held" if verdict else "failed", detail, tuple(breaking), claim.notes)


def check_all(path: Path | str = CLAIMS_FILE) -> tuple[ClaimResult, ...]:
    return tuple(check_claim(c) for c in load_claims(path))


Outcome = tuple[bool, str, list[str]]


def _doubleton_order(claim: Claim, e: Evaluator) -> Outcome:
    relation = claim.params["relation"]
    if relation not in (">", ">="):
        raise ValueError(f"{claim.id}: relation {relation!r}")
    terms = _chain(claim)
    vals = [value(e, *holding_of(t)) for t in terms]
    bad = []
    for (a, va), (b, vb) in zip(zip(terms, vals), zip(terms[1:], vals[1:])):
        if not (va > vb if relation == ">" else va >= vb):
            bad.append((a, va, b, vb))
    shown = " ".join(f"{t}={show(v)}" for t, v in zip(terms, vals))
    if not bad:
        return True, f"{relation} holds between every adjacent pair: {shown}", []
    pairs = "; ".join(f"{a}={show(va)} vs {b}={show(vb)}" for a, va, b, vb in bad)
    broken = [x for a, _, b, _ in bad for x in (a, b)]
    return False, f"{relation} fails at {pairs} (chain: {shown})", list(dict.fromkeys(broken))


def _honour_total(claim: Claim, e: Evaluator) -> Outcome:
    expect = Fraction(claim.params["expect"])
    parts = [_long(e, r) for r in scales.HONOURS]
    total = sum(parts, Fraction(0))
    shown = " + ".join(show(p) for p in parts)
    if total == expect:
        return True, f"A+K+Q+J+T in 3-card suits = {shown} = {show(total)}", []
    return False, f"A+K+Q+J+T = {shown} = {show(total)}, not {show(expect)}", \
        [notation(r, 3) for r in scales.HONOURS]


def _stiff_zero(claim: Claim, e: Evaluator) -> Outcome:
    ranks = claim.params["ranks"].split()
    vals = {r: value(e, r, 1) for r in ranks}
    bad = [r for r, v in vals.items() if v != 0]
    shown = ", ".join(f"stiff {r} = {show(v)}" for r, v in vals.items())
    return not bad, shown, bad


def _stiff_minus_one(claim: Claim, e: Evaluator) -> Outcome:
    out, bad = [], []
    for r in claim.params["ranks"].split():
        s, v = value(e, r, 1), _long(e, r)
        out.append(f"stiff {r} = {show(s)}, {r}xx = {show(v)}")
        if s != v - 1:
            bad.append(r)
    return not bad, "; ".join(out), bad


def _stiff_ace(claim: Claim, e: Evaluator) -> Outcome:
    relation = claim.params["relation"]
    s, v = value(e, "A", 1), _long(e, "A")
    ok = s >= v if relation == ">=" else s == v
    word = "upgraded" if s > v else "downgraded" if s < v else "unchanged"
    return ok, f"stiff A = {show(s)}, Axx = {show(v)} ({word})", [] if ok else ["A"]


def _unprotected(claim: Claim, e: Evaluator) -> Outcome:
    reading = claim.params["reading"]
    terms = ["Qx", "Jx", "Tx"]
    if reading == "each-honour":
        terms += ["QJ", "QT", "JT"]
    elif reading != "one-honour":
        raise ValueError(f"{claim.id}: reading {reading!r}")
    out, bad = [], []
    for t in terms:
        held, n = holding_of(t)
        want = sum((max(Fraction(0), _long(e, r) - 1) for r in held), Fraction(0))
        got = value(e, held, n)
        out.append(f"{t} = {show(got)} (expected {show(want)})")
        if got != want:
            bad.append(t)
    return not bad, "; ".join(out), bad


def _ties(claim: Claim, e: Evaluator) -> Outcome:
    terms = _chain(claim)
    vals = [value(e, *holding_of(t)) for t in terms]
    ties = [f"{a}={b}" for a, b, va, vb in zip(terms, terms[1:], vals, vals[1:]) if va == vb]
    plain = [t for t, v in zip(terms, vals)
             if v == sum((_long(e, r) for r in holding_of(t)[0]), Fraction(0))]
    detail = (f"equal adjacent terms: {', '.join(ties) or 'none'}; "
              f"no deduction: {', '.join(plain) or 'none'}")
    return bool(ties and plain), detail, [] if ties and plain else terms


def _holding_values(claim: Claim, e: Evaluator) -> Outcome:
    out, bad = [], []
    for item in claim.params["values"].split():
        text, _, want_text = item.partition("=")
        want = Fraction(want_text)
        got = value(e, *holding_of(text))
        out.append(f"{text} = {show(got)}" + ("" if got == want else f" (not {show(want)})"))
        if got != want:
            bad.append(text)
    return not bad, "; ".join(out), bad


def _scaled_equal(claim: Claim, e: Evaluator) -> Outcome:
    other = evaluator_for(claim.params["other"], claim.readings if not
                          claim.params["other"].endswith("_DEALERV2") else None)
    factor = Fraction(claim.params["factor"])
    spots = claim.params.get("spots", "")
    scope = claim.params["scope"]

    def other_value(held: str, n: int) -> Fraction:
        # The spot ranks are dropped from ``held`` and the other's holding function is asked
        # directly: a long suit of spots alone (T98765432) is no feasible cell of its table.
        sub = "".join(r for r in held if r not in spots and r in other.reads)
        return Fraction(other.holding(sub, n))

    if scope == "honours":
        cells = [(r, 3) for r in scales.HONOURS]
    elif scope == "holdings":
        cells = list(holdings(rank_order(e.reads + other.reads)))
    else:
        raise ValueError(f"{claim.id}: scope {scope!r}")
    bad = [(h, n) for h, n in cells if value(e, h, n) * factor != other_value(h, n)]
    what = f"{e.name} x {factor} vs {other.name}" + (f" with {spots} as spots" if spots else "")
    if not bad:
        return True, f"{what}: equal on all {len(cells)} {scope}", []
    h, n = bad[0]
    return False, (f"{what}: {len(bad)} of {len(cells)} {scope} differ, first "
                   f"{notation(h, n)}: {show(value(e, h, n) * factor)} vs {show(other_value(h, n))}"
                   ), [notation(h, n) for h, n in bad[:5]]


def _between(claim: Claim, e: Evaluator) -> Outcome:
    a, b = (evaluator_for(n) for n in claim.params["others"].split())
    out, bad = [], []
    for r in scales.HONOURS:
        v, va, vb = _long(e, r), _long(a, r), _long(b, r)
        lo, hi = min(va, vb), max(va, vb)
        out.append(f"{r} {show(v)} in [{show(lo)}, {show(hi)}]")
        if not lo <= v <= hi:
            bad.append(notation(r, 3))
    return not bad, "; ".join(out), bad


_CHECKERS = {
    "doubleton-order": _doubleton_order,
    "honour-total": _honour_total,
    "stiff-zero": _stiff_zero,
    "stiff-minus-one": _stiff_minus_one,
    "stiff-ace": _stiff_ace,
    "unprotected": _unprotected,
    "ties-and-no-deduction": _ties,
    "holding-values": _holding_values,
    "scaled-equal": _scaled_equal,
    "between": _between,
}


# ---------------------------------------------------------------------------------------------
# Quotes


def seed_text(lines: tuple[int, ...], seed_lines: list[str]) -> str:
    """The cited lines stripped, joined by single spaces, runs of white space as one space."""
    return re.sub(r"\s+", " ", " ".join(seed_lines[i - 1].strip() for i in lines)).strip()


def quote_is_verbatim(claim: Claim | ClaimResult, seed_lines: list[str]) -> bool:
    return re.sub(r"\s+", " ", claim.quote).strip() in seed_text(claim.lines, seed_lines)


if __name__ == "__main__":  # python -m openbid.studies.evaluators.scales_claims
    for r in check_all():
        tail = f"  breaks at: {' '.join(r.breaking)}" if r.breaking else ""
        print(f"{r.verdict:6} {r.id:32} {r.metric:17} {r.detail}{tail}")  # noqa: T201
