"""The laws of the auction the node checks need: when an auction has ended, whether a call is
legal where it is made, and who is vulnerable from the bidder's point of view. Pure functions of
the calls (canonical text: ``PASS``, ``X``, ``XX``, ``1C`` ... ``7NT``); nothing here reads a
hand."""

from __future__ import annotations

STRAIN_ORDER = {"C": 1, "D": 2, "H": 3, "S": 4, "NT": 5}


def bid_rank(call: str) -> int | None:
    """A bid's rank in the auction (1C lowest, 7NT highest), or None for PASS, X, XX."""
    if call in ("PASS", "X", "XX"):
        return None
    return 5 * (int(call[0]) - 1) + STRAIN_ORDER[call[1:]]


def ended(auction: tuple[str, ...]) -> bool:
    """Four passes, or three passes following a bid."""
    if len(auction) == 4 and all(c == "PASS" for c in auction):
        return True
    return len(auction) >= 4 and any(c != "PASS" for c in auction) and \
        all(c == "PASS" for c in auction[-3:])


def illegal(auction: tuple[str, ...], call: str) -> str:
    """Why ``call`` cannot be made next (``""``: it can): an insufficient bid, a double of
    partner, of nothing, or of a double; a redouble of anything but the opponents' double."""
    if ended(auction):
        return "the auction has ended"
    if call == "PASS":
        return ""
    last = next(((i, c) for i, c in reversed(list(enumerate(auction))) if c != "PASS"), None)
    me = len(auction)
    if call in ("X", "XX"):
        if last is None:
            return f"{call} with no bid to {'double' if call == 'X' else 'redouble'}"
        i, c = last
        theirs = (me - i) % 2 == 1
        if call == "X":
            if bid_rank(c) is None:
                return f"X of {c}" if c in ("X", "XX") else "X"
            return "" if theirs else f"X of partner's {c}"
        if c != "X":
            return f"XX of {c}" if c != "XX" else "XX of a redouble"
        return "" if theirs else "XX of partner's double"
    rank = bid_rank(call)
    highest = max((r for r in map(bid_rank, auction) if r is not None), default=0)
    assert rank is not None
    if rank <= highest:
        top = next(c for c in reversed(auction) if bid_rank(c) is not None)
        return f"{call} is insufficient over {top}"
    return ""


def bidder_vul(vul: bool, theyvul: bool) -> str:
    """The ``--vul`` word (none, we, they, both) of the facts VUL and THEYVUL."""
    return {(False, False): "none", (True, False): "we", (False, True): "they",
            (True, True): "both"}[(bool(vul), bool(theyvul))]
