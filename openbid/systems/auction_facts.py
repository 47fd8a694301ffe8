"""Calls, auctions and the facts of an auction, as the bidder sees them.

An auction is a tuple of canonical calls from the dealer: ``PASS``, ``X``, ``XX``, ``1C`` ...
``7NT``, read and checked by :mod:`openbid.bridge.notation` (input lenient, output canonical,
ASCII digits only; re-exported here). The facts
are the constants an auction block's rules read (``LEVEL``, ``PARTNERPASSED``, ...): at a given
point of the auction they are fixed, so a block is bound to them before any reader sees it.
"""

from __future__ import annotations

from openbid.hands.entries import Signature
from openbid.base.errors import OpenbidError
from openbid.bridge.notation import (STRAIN_NUMBER, bid_rank, canonical_call, contract, ended,
                                     illegal, is_bid, parse_auction)

__all__ = ["FACTS", "FACT_SIGNATURES", "STRAIN_NUMBER", "SUIT_LETTERS", "bid_rank",
           "canonical_call", "contract", "ended", "facts", "illegal", "is_bid", "match",
           "parse_auction", "parse_pattern"]

SUIT_LETTERS = {1: "C", 2: "D", 3: "H", 4: "S"}

# The auction facts: name -> (type, meaning). SEAT, VUL and THEYVUL are the deal's facts the
# opening already reads; SEAT is fixed by the auction, VUL and THEYVUL stay facts of the deal.
FACTS: dict[str, tuple[str, str]] = {
    "PASSEDHAND": ("bool", "the bidder passed at an earlier turn"),
    "PARTNERPASSED": ("bool", "the bidder's partner passed at an earlier turn"),
    "ROUND": ("num", "the bidder's turn: 1 for a first call"),
    "LEVEL": ("num", "the level of the last bid, 0 if nobody has bid"),
    "LASTSUIT": ("num", "the strain of the last bid: C=1 D=2 H=3 S=4 NT=5, 0 if none"),
    "PARTNERSUIT": ("num", "the strain of partner's last bid, 0 if none"),
    "DOUBLED": ("bool", "the last bid is doubled (not redoubled)"),
    "REDOUBLED": ("bool", "the last bid is redoubled"),
    "WEOPENED": ("bool", "the bidder's side made the first bid"),
    "THEYOPENED": ("bool", "the opponents made the first bid"),
}
FACT_SIGNATURES = {n: (Signature(n, (), t, d),) for n, (t, d) in FACTS.items()}


def facts(auction: tuple[str, ...]) -> dict[str, int | bool]:
    """The facts of the next call, from the point of view of the player to call."""
    n = len(auction)
    mine = [auction[i] for i in range(n) if i % 4 == n % 4]
    partner = [auction[i] for i in range(n) if i % 4 == (n + 2) % 4]
    bids = [(i, c) for i, c in enumerate(auction) if is_bid(c)]
    last = bids[-1] if bids else None
    after = [c for c in auction[last[0] + 1:] if c != "PASS"] if last else []
    partner_bids = [c for c in partner if is_bid(c)]
    ours = bool(bids) and bids[0][0] % 2 == n % 2
    return {
        "SEAT": n % 4 + 1,
        "PASSEDHAND": "PASS" in mine,
        "PARTNERPASSED": "PASS" in partner,
        "ROUND": n // 4 + 1,
        "LEVEL": int(last[1][0]) if last else 0,
        "LASTSUIT": STRAIN_NUMBER[last[1][1:]] if last else 0,
        "PARTNERSUIT": STRAIN_NUMBER[partner_bids[-1][1:]] if partner_bids else 0,
        "DOUBLED": bool(after) and after[-1] == "X",
        "REDOUBLED": bool(after) and after[-1] == "XX",
        "WEOPENED": ours,
        "THEYOPENED": bool(bids) and not ours,
    }


def parse_pattern(text: str, variables: set[str]) -> tuple[tuple, ...]:
    """A block's pattern: calls (``P``, ``X``, ``1NT``), ``N VAR`` (a bid of level N in the suit
    VAR binds), ``*`` (any one call); :class:`OpenbidError` for anything else."""
    words = text.split()
    if not words:
        raise OpenbidError('an empty pattern: the opening is the file\'s top-level sections; a '
                           'block names the calls after the leading passes, e.g. "1NT P"')
    out: list[tuple] = []
    used: set[str] = set()
    i = 0
    while i < len(words):
        w = words[i]
        if w == "*":
            out.append(("any",))
        elif w.isascii() and w.isdigit() and i + 1 < len(words) and words[i + 1] in variables:
            if not 1 <= int(w) <= 7:
                raise OpenbidError(f"pattern {text!r}: level {w}: the level runs from 1 to 7")
            out.append(("suit", int(w), words[i + 1]))
            used.add(words[i + 1])
            i += 1
        else:
            try:
                out.append(("call", canonical_call(w)))
            except OpenbidError as exc:
                raise OpenbidError(f"pattern {text!r}: {exc}") from None
        i += 1
    missing = sorted(variables - used)
    if missing:
        raise OpenbidError(f"pattern {text!r} does not bind {', '.join(missing)} (write it as "
                           f"'N {missing[0]}', a bid of level N in that suit)")
    if out[0] == ("call", "PASS"):
        raise OpenbidError(f"pattern {text!r} starts with a pass: leading passes are not part of "
                           "a pattern (the facts SEAT and PASSEDHAND say who passed)")
    return tuple(out)


def match(tokens: tuple[tuple, ...], variables: dict[str, tuple[int, ...]],
          auction: tuple[str, ...]) -> dict[str, int] | None:
    """The binding of the suit variables under which ``tokens`` match ``auction`` with its leading
    passes removed, or None."""
    k = 0
    while k < len(auction) and auction[k] == "PASS":
        k += 1
    return match_calls(tokens, variables, auction[k:])


def match_calls(tokens: tuple[tuple, ...], variables: dict[str, tuple[int, ...]],
                calls: tuple[str, ...]) -> dict[str, int] | None:
    """:func:`match` of the calls after the leading passes."""
    if len(calls) != len(tokens):
        return None
    binding: dict[str, int] = {}
    for tok, call in zip(tokens, calls):
        if tok[0] == "any":
            continue
        if tok[0] == "call":
            if tok[1] != call:
                return None
            continue
        _, level, var = tok
        if not is_bid(call) or int(call[0]) != level or call[1:] == "NT":
            return None
        suit = STRAIN_NUMBER[call[1:]]
        if suit not in variables[var] or binding.setdefault(var, suit) != suit:
            return None
    return binding
