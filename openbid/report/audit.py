"""``openbid audit`` rendered: one line per board that departs (or goes beyond the system), the
counts, then departures per node and per rule, ranked; and the same as JSON objects."""

from __future__ import annotations

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _calls(auction) -> str:
    return " ".join("P" if c == "PASS" else c for c in auction) or "(opening)"


def board_line(b) -> str:
    """``board 3 (club.pbn:25): departs at 1NT P: South bid 3NT, sayc bids 2C (1NT P/2a)``."""
    if b.departure is not None:
        d = b.departure
        made = {"PASS": "passed", "X": "doubled", "XX": "redoubled"}.get(d.made, f"bid {d.made}")
        ours = {"PASS": "passes", "X": "doubles", "XX": "redoubles"}.get(d.system,
                                                                          f"bids {d.system}")
        return (f"{b.where}: departs at {_calls(d.node)}: {SEAT_WORDS[d.seat]} {made}, the "
                f"system {ours} [{d.note}]")
    if b.beyond is not None:
        node, seat, call = b.beyond
        return (f"{b.where}: beyond the system at {_calls(node)}: {SEAT_WORDS[seat]} bid {call} "
                "where the system has no rules")
    return f"{b.where}: {b.status}"


def summary_lines(a, top: int = 10) -> list[str]:
    who = {"both": "all four players", "NS": "North-South", "EW": "East-West"}[a.side]
    out = [f"audit of {len(a.files)} file(s) against {a.system} ({who} play it)"]
    out += [board_line(b) for b in a.boards if b.departure is not None or b.beyond is not None]
    n = len(a.boards)
    parts = [f"{a.count('agrees')} agree", f"{a.count('departs')} depart"]
    for status in ("incomplete", "beyond the system", "no auction", "no hands"):
        k = a.count(status)
        if k:
            parts.append(f"{k} {status}" if status != "incomplete" else
                         f"{k} incomplete (every call given agrees)")
    out.append(f"{n} board(s) audited: {', '.join(parts)}; "
               f"{sum(b.checked for b in a.boards)} calls compared"
               + (f"; {len(a.problems)} unreadable" if a.problems else ""))
    nodes = a.by_node()
    if nodes:
        out.append("departures by node (boards departing / boards reaching it):")
        for node, k, reached in nodes[:top]:
            out.append(f"  {k:>4} / {reached:<4} {_calls(node)}")
        if len(nodes) > top:
            out.append(f"  ... and {len(nodes) - top} more nodes")
    rules = a.by_rule()
    if rules:
        out.append("departures by the system's rule:")
        for _, note, k in rules[:top]:
            out.append(f"  {k:>4}  {note}")
        if len(rules) > top:
            out.append(f"  ... and {len(rules) - top} more rules")
    beyond = a.beyond_by_node()
    if beyond:
        out.append("where the table bid beyond the system's rules:")
        for node, k in beyond[:top]:
            out.append(f"  {k:>4}  {_calls(node)}")
    return out


def board_json(b) -> dict:
    d = b.departure
    return {"source": b.source, "line": b.line, "board": b.number, "dealer": b.dealer,
            "auction": list(b.auction), "status": b.status, "checked": b.checked,
            "departure": None if d is None else {
                "node": list(d.node), "seat": d.seat, "made": d.made, "system": d.system,
                "rule": d.rule, "note": d.note},
            "beyond": None if b.beyond is None else {
                "node": list(b.beyond[0]), "seat": b.beyond[1], "made": b.beyond[2]}}


def summary_json(a) -> dict:
    return {"summary": True, "system": a.system, "side": a.side, "files": a.files,
            "boards": len(a.boards), **{s.replace(" ", "_"): a.count(s) for s in
                                        ("agrees", "departs", "incomplete", "beyond the system",
                                         "no auction", "no hands")},
            "calls_compared": sum(b.checked for b in a.boards),
            "unreadable": [{"source": p.source, "line": p.line, "board": p.board,
                            "problem": p.problem} for p in a.problems],
            "by_node": [{"node": list(n), "departures": k, "reached": r}
                        for n, k, r in a.by_node()],
            "by_rule": [{"rule": r, "note": note, "departures": k} for r, note, k in a.by_rule()],
            "exit": a.exit_code}
