"""Calls, auctions and the facts of an auction, as the bidder sees them.

An auction is a tuple of canonical calls from the dealer: ``PASS``, ``X``, ``XX``, ``1C`` ...
``7NT``. Input is lenient (``P``, ``DBL``, ``RDBL``, any case); output is canonical. The facts
are the constants an auction block's rules read (``LEVEL``, ``PARTNERPASSED``, ...): at a given
point of the auction they are fixed, so a block is bound to them before any reader sees it.
"""

from __future__ import annotations

from openbid.hands.entries import Signature
from openbid.base.errors import OpenbidError

STRAIN_NUMBER = {"C": 1, "D": 2, "H": 3, "S": 4, "NT": 5}
SUIT_LETTERS = {1: "C", 2: "D", 3: "H", 4: "S"}
_ALIASES = {"P": "PASS", "PASS": "PASS", "X": "X", "DBL": "X", "D": "X", "XX": "XX", "RDBL": "XX",
            "R": "XX"}

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


def canonical_call(text: str) -> str:
    """``text`` as a canonical call, or :class:`OpenbidError` naming what is wrong."""
    t = text.strip().upper()
    if t in _ALIASES:
        return _ALIASES[t]
    level, strain = t[:1], t[1:]
    if strain == "N":
        strain = "NT"
    if not level.isdigit() or strain not in STRAIN_NUMBER:
        raise OpenbidError(f"no such call {text.strip()!r}: calls are P (PASS), X, XX, 1C ... 7NT")
    if not 1 <= int(level) <= 7:
        raise OpenbidError(f"no such call {text.strip()!r}: the level runs from 1 to 7")
    return f"{level}{strain}"


def is_bid(call: str) -> bool:
    return call not in ("PASS", "X", "XX")


def bid_rank(call: str) -> int:
    """Bids in order: 1C = 1 ... 7NT = 35."""
    return (int(call[0]) - 1) * 5 + STRAIN_NUMBER[call[1:]]


def ended(auction: tuple[str, ...]) -> bool:
    """Four passes, or three passes after a call that is not a pass."""
    n = len(auction)
    if n >= 4 and all(c == "PASS" for c in auction):
        return True
    return n >= 4 and any(c != "PASS" for c in auction) and auction[-3:] == ("PASS",) * 3


def illegal(auction: tuple[str, ...], call: str) -> str:
    """Why ``call`` cannot be made after ``auction`` ('' when it can)."""
    if ended(auction):
        return "the auction has ended"
    if call == "PASS":
        return ""
    last_bid = next((i for i in range(len(auction) - 1, -1, -1) if is_bid(auction[i])), None)
    n = len(auction)
    if is_bid(call):
        if last_bid is not None and bid_rank(call) <= bid_rank(auction[last_bid]):
            return f"{call} is not higher than {auction[last_bid]}"
        return ""
    last = next((i for i in range(n - 1, -1, -1) if auction[i] != "PASS"), None)
    if call == "X":
        if last is None or not is_bid(auction[last]):
            return "X doubles only a bid that is not doubled yet"
        if (n - last) % 2 == 0:
            return "X doubles only an opponent's bid"
        return ""
    if last is None or auction[last] != "X":
        return "XX redoubles only a double"
    if (n - last) % 2 == 0:
        return "XX redoubles only an opponent's double"
    return ""


def parse_auction(text: str | tuple | list) -> tuple[str, ...]:
    """Space-separated calls from the dealer (``"P 1NT P 2C"``), canonical; a call that cannot be
    made where it stands, or a call after the auction ended, is an :class:`OpenbidError`."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out: list[str] = []
    for i, item in enumerate(items, 1):
        call = canonical_call(item)
        why = illegal(tuple(out), call)
        if why:
            raise OpenbidError(f"auction {' '.join(items)!r}: call {i} ({call}): {why}")
        out.append(call)
    return tuple(out)


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
        elif w.isdigit() and i + 1 < len(words) and words[i + 1] in variables:
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
    calls = auction[k:]
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


def contract(auction: tuple[str, ...]) -> tuple[str, int | None]:
    """The final contract (``4SX``, ``3NT``, ``PASS``) and the declarer's turn offset from the
    dealer (0-3, None when passed out): the first player of the declaring side to name the
    strain."""
    bids = [(i, c) for i, c in enumerate(auction) if is_bid(c)]
    if not bids:
        return "PASS", None
    i, last = bids[-1]
    after = [c for c in auction[i + 1:] if c != "PASS"]
    suffix = "XX" if after[-1:] == ["XX"] else "X" if after[-1:] == ["X"] else ""
    strain = last[1:]
    first = next(j for j, c in bids if j % 2 == i % 2 and c[1:] == strain)
    return last + suffix, first % 4
