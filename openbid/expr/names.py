"""What names an expression may use: the descriptors of the registry (openbid.hands.registry),
the built-in functions of the language, the outcome names of ``openbid find``, suits and keywords.
Nothing here lists a descriptor: the registry does, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Iterator

from openbid.hands.registry import Signature, registry

# Types: "num" (int or exact Fraction), "bool", "str", "suit" (a suit number, usable as a num).

OUTCOMES: dict[str, Signature] = {
    s.name: s
    for s in (
        Signature("bid", (), "str", 'the printed bid, "PASS", "1C" ... "7NT"', "outcome"),
        Signature("section", (), "str", 'the section label where the bid was made, e.g. "12a"',
                  "outcome"),
        Signature("bidval", (), "num", "BIDVAL (Appendix 5)", "outcome"),
        Signature("meets", ("str",), "bool",
                  'meets("L"): the conditions of bid point/section L hold', "outcome"),
        Signature("chose", ("str", "str"), "bool",
                  'chose("1NT P", "2C"): the system calls 2C after the auction 1NT P (calls '
                  'from the dealer)', "outcome"),
    )
}

# Functions of the language itself (not descriptors): every reader implements each once.
BUILTINS = {
    "max": "the largest of its numbers: max(a, b, ...)",
    "min": "the smallest of its numbers: min(a, b, ...)",
    "floor": "the greatest integer not above a number: floor(x)",
    "largest": "largest(i, a, b, ...): the i-th largest of the numbers (i a constant, 1 = max)",
    "count": "count(c1, c2, ...): how many of the conditions hold",
}

SUIT_CONSTANTS = {"C": 1, "D": 2, "H": 3, "S": 4}
SUIT_GROUPS = {
    "SUITS": (4, 3, 2, 1),
    "SHD": (4, 3, 2),
    "MAJORS": (4, 3),
    "MINORS": (2, 1),
}
KEYWORDS = {"and", "or", "not", "in", "any", "all", "count", "sum", "true", "false", "if", "then",
            "else"}
QUANTIFIERS = ("any", "all", "count", "sum")


class _Signatures(Mapping):
    """name -> its signatures (one per arity): the registry's descriptors and the outcome
    names, read from the registry when first asked."""

    def _all(self) -> dict[str, tuple[Signature, ...]]:
        reg = registry().signatures
        return {**reg, **{k: (v,) for k, v in OUTCOMES.items()}}

    def __getitem__(self, name: str) -> tuple[Signature, ...]:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


SIGNATURES: Mapping[str, tuple[Signature, ...]] = _Signatures()


def signature(name: str, arity: int, local: Mapping[str, tuple[Signature, ...]] | None = None
              ) -> Signature | None:
    """The signature of ``name`` called with ``arity`` arguments (``local``: definitions of a
    rule file, which come first), or None."""
    for source in (local or {}, SIGNATURES):
        for sig in source.get(name, ()):
            if len(sig.args) == arity:
                return sig
    return None


STRING_NAMES = ("SHAPE", "bid", "section")


def string_comparison(e) -> tuple[str, str, bool] | None:
    """For ``SHAPE = "4432"``, ``bid != "1S"``, ``section = "12a"`` (either side): (name, text,
    negated); None for any other comparison. Every reader (Z3, numpy) reads these the same way."""
    from openbid.base.errors import OpenbidError
    from openbid.expr.ast import Compare, Const, Name

    if not isinstance(e, Compare):
        return None
    for a, b in ((e.left, e.right), (e.right, e.left)):
        if isinstance(a, Name) and a.id in STRING_NAMES:
            if not (isinstance(b, Const) and isinstance(b.value, str)) or e.op not in ("=", "!="):
                raise OpenbidError(f"{a.id} can only be compared with = or != to a quoted value")
            return a.id, b.value, e.op == "!="
    return None


def bidvals_printing(text: str) -> list[int]:
    """Every BIDVAL that prints as ``text`` ("1C" is 1-5 and 11)."""
    from openbid.bridge.bids import bid_text
    from openbid.base.errors import OpenbidError

    from openbid.bridge.bids import DOUBLE, REDOUBLE

    if text.upper() in ("X", "XX"):
        return [DOUBLE if text.upper() == "X" else REDOUBLE]
    out = []
    for v in range(76):
        try:
            if bid_text(v) == text.upper():
                out.append(v)
        except OpenbidError:
            pass
    return out
