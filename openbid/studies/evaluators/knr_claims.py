"""The seed's checkable statements about K&R points (openbid/studies/evaluators/knr_claims.txt), checked.

``load_claims()`` reads the block file; ``check_claims(**choices)`` computes a verdict for each
claim under the given K&R readings (default: ``KNR``'s): ``held`` when every ``check`` line holds,
``failed`` otherwise, with the detail and the holding or pattern that shows the failure. The check
language is described at the top of the claims file.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Optional

from openbid.hands.evaluators.form import patterns
from openbid.hands.evaluators.knr import (
    KNR_READINGS,
    READS,
    build_knr,
    knr_parts,
    knr_pattern,
    shortness,
)
from openbid.systems.blocks import BlockFormatError, read_blocks
from openbid.systems.blocks import parse_lines  # noqa: F401  (re-exported: knr_claims.parse_lines)

CLAIMS_FILE = Path(__file__).resolve().parent / "knr_claims.txt"

QUALITY = ("quality_count", "quality_long_suit", "quality_intermediates")
SPOT_FILL = "23456789"  # an "x" is a spot: 2-7 first (the ranks KNR does not read), then 8, 9


class ClaimFormatError(BlockFormatError, ValueError):
    """A claims file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class Claim:
    id: str
    lines: tuple[int, ...]
    quote: str
    checks: tuple[str, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClaimResult:
    id: str
    lines: tuple[int, ...]
    quote: str
    verdict: str  # "held" | "failed"
    detail: str
    witness: Optional[str] = None  # the holding or pattern that shows a failure


def load_claims(path: Path = CLAIMS_FILE) -> list[Claim]:
    """The claims of the file, in order (block format: ``claim ID`` blocks, see the file's head)."""
    claims: list[Claim] = []
    for block in read_blocks(path, kinds=("claim",), named=True, unique=True,
                             error=ClaimFormatError):
        block.check_keys(("lines", "quote", "check", "note"), repeatable=("check", "note"),
                         required=("lines", "quote", "check"), error=ClaimFormatError)
        claims.append(Claim(block.name, block.lines(error=ClaimFormatError),
                            block.one("quote"), tuple(block.values("check")),
                            tuple(block.values("note"))))
    return claims


def holding_of(text: str) -> tuple[str, int]:
    """``AQxx`` -> (the ranks of AKQJT98 held, length); each x is the lowest spot not named (2-7
    first, so that up to six x are cards KNR does not read; then 8, 9)."""
    named = [ch for ch in text if ch != "x"]
    if any(ch not in READS for ch in named) or len(set(named)) != len(named):
        raise ValueError(f"bad holding {text!r}")
    free = [r for r in SPOT_FILL if r not in named]
    k = text.count("x")
    if k > len(free):
        raise ValueError(f"{text!r}: more x than spots 2-9")
    cards = named + free[:k]
    return "".join(r for r in READS if r in cards), len(text)


def _pattern_of(text: str) -> tuple[int, int, int, int]:
    p = tuple(sorted((int(ch) for ch in text), reverse=True)) if len(text) == 4 else None
    if p is None or sum(p) != 13:
        raise ValueError(f"bad pattern {text!r}")
    return p  # type: ignore[return-value]


def _parts_value(parts: str, held: str, n: int, choices: dict[str, str]) -> Fraction:
    values = knr_parts(held, n, **choices)
    names: list[str] = []
    for name in parts.split(","):
        if name == "quality":
            names.extend(QUALITY)
        elif name == "holding":
            names.extend(values)
        elif name in values:
            names.append(name)
        else:
            raise ValueError(f"unknown part {name!r}")
    return sum((values[k] for k in names), Fraction(0))


def _variant(name: str):
    from openbid.hands.evaluators.knr_variants import VARIANTS

    return VARIANTS[name]


def run_check(check: str, choices: dict[str, str]) -> tuple[bool, str, Optional[str]]:
    """One check line -> (holds, detail, witness)."""
    words = check.split()
    kind = words[0]
    if kind == "value":  # value PARTS HOLDING[+HOLDING] = N
        parts, holding_text, eq, want_text = words[1:]
        assert eq == "="
        want = Fraction(want_text)
        got = Fraction(0)
        for h in holding_text.split("+"):
            held, n = holding_of(h)
            got += _parts_value(parts, held, n, choices)
        ok = got == want
        return ok, f"{parts} of {holding_text} = {got}" + ("" if ok else f", not {want}"), \
            None if ok else holding_text
    if kind == "pattern":  # pattern SEL... = N
        eq_at = words.index("=")
        want = Fraction(words[eq_at + 1])
        selected: list[tuple[int, int, int, int]] = []
        for sel in words[1:eq_at]:
            if sel.startswith("shortness="):
                k = int(sel.split("=")[1])
                selected.extend(p for p in patterns() if shortness(p) == k)
            else:
                selected.append(_pattern_of(sel))
        for p in selected:
            got = knr_pattern(p, **choices)
            if got != want:
                return False, f"pattern {''.join(map(str, p))} is worth {got}, not {want}", \
                    "".join(map(str, p))
        return True, f"{len(selected)} pattern(s), each worth {want}", None
    if kind == "reduction":  # reduction N N ...
        allowed = {Fraction(w) for w in words[1:]}
        for p in patterns():
            r = knr_pattern(p, **choices) - shortness(p)
            if r not in allowed:
                return False, f"pattern {''.join(map(str, p))} is reduced by {-r}", \
                    "".join(map(str, p))
        return True, "every one of the 39 patterns is reduced by " + \
            " or ".join(str(-a) for a in sorted(allowed)), None
    if kind == "shortness_unless":
        flat = _pattern_of(words[1])
        for p in patterns():
            if p != flat and shortness(p) == 0:
                return False, f"pattern {''.join(map(str, p))} has no shortness", \
                    "".join(map(str, p))
        return True, f"every pattern but {words[1]} has a void, singleton or doubleton", None
    if kind in ("probe", "probe_pattern"):  # probe VARIANT HOLDING READING CHOICE
        vname, what, reading, choice = words[1:]
        if choice not in KNR_READINGS[reading]:
            raise ValueError(f"{reading} has no choice {choice!r}")
        v = _variant(vname)
        if kind == "probe":
            held, n = holding_of(what)
            got = v.evaluator.holding_table[(held, n)] - v.length_shift(n)
            by = {c: build_knr(**{**choices, reading: c}).holding_table[(held, n)]
                  for c in KNR_READINGS[reading]}
        else:
            p = _pattern_of(what)
            got = v.evaluator.pattern_table[p] + sum((v.length_shift(k) for k in p), Fraction(0))
            by = {c: knr_pattern(p, **{**choices, reading: c}) for c in KNR_READINGS[reading]}
        if all(by[c] == by[choice] for c in by):
            raise ValueError(f"probe {what} does not tell the readings of {reading} apart")
        follows = [c for c in by if by[c] == got]
        ok = follows == [choice]
        detail = (f"{vname} gives {what} {got}; KNR gives "
                  + ", ".join(f"{by[c]} under {reading}={c}" for c in by))
        if not follows:
            detail += " (the variant follows none of them)"
        return ok, detail, None if ok else what
    raise ValueError(f"unknown check {check!r}")


def check_claims(path: Path = CLAIMS_FILE, **choices: str) -> list[ClaimResult]:
    """Every claim's verdict under the given readings (default: KNR's)."""
    c = dict(build_knr(**choices).options)
    out = []
    for claim in load_claims(path):
        details, witness, ok_all = [], None, True
        for check in claim.checks:
            ok, detail, w = run_check(check, c)
            details.append(("" if ok else "FAILS: ") + detail)
            if not ok and ok_all:
                ok_all, witness = False, w
        out.append(ClaimResult(claim.id, claim.lines, claim.quote, "held" if ok_all else "failed",
                               "; ".join(details), witness))
    return out


if __name__ == "__main__":
    for r in check_claims():
        print(f"{r.verdict:6}  {r.id:36} seed {r.lines[0]}: {r.detail}")  # noqa: T201
