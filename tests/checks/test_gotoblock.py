"""A jump before a bid point: the point is unreachable, never impossible, and its own condition
(guard, ifs, when) is counted in full; every figure of ``prove --rules`` equals a brute-force
reference written here from the documented semantics, over hands grouped by HCP (the only
descriptor the files read; the HCP distribution by a card-by-card count of its own)."""

from __future__ import annotations

import json
from math import comb

from openbid.cli.main import main
from openbid.expr.ast import And, Compare, Const, Name, Not, Or
from openbid.systems.rules.model import Bid, Goto, If
from openbid.systems.variants import resolve_spec

GOTOBLOCK = '''name gotoblock
section 1 "x"
  goto 3 when HCP >= 15
  bid 1a when HCP >= 12 value 1C
  bid 1b when HCP >= 16 value 2C
section 2 "y"
  bid 2 when HCP >= 10 value 1D
section 3 "z"
  bid 3 when HCP >= 15 value 1NT
'''

GOTO_IN_IF = '''name gotoinif
section 1 "x" when HCP >= 8
  if HCP >= 11
    goto 2 when HCP >= 14
    bid 1a when HCP >= 14 value 1S
  bid 1b when HCP >= 12 value 1H
section 2 "y"
  bid 2 when HCP >= 9 value 1C
'''


def hcp_distribution() -> dict[int, int]:
    """Hands by HCP: four cards each worth 4, 3, 2, 1 and 36 worth 0, thirteen of 52."""
    ways = {(0, 0): 1}  # (cards taken, points) -> ways
    for value, n in ((4, 4), (3, 4), (2, 4), (1, 4), (0, 36)):
        nxt: dict[tuple[int, int], int] = {}
        for (k, p), w in ways.items():
            for j in range(0, min(n, 13 - k) + 1):
                key = (k + j, p + value * j)
                nxt[key] = nxt.get(key, 0) + w * comb(n, j)
        ways = nxt
    dist = {p: w for (k, p), w in ways.items() if k == 13}
    assert sum(dist.values()) == comb(52, 13)
    return dist


def ev(e, hcp: int):
    if isinstance(e, Const):
        return e.value
    if isinstance(e, Name):
        assert e.id == "HCP", e.id
        return hcp
    if isinstance(e, Compare):
        a, b = ev(e.left, hcp), ev(e.right, hcp)
        return {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
                ">=": a >= b}[e.op]
    if isinstance(e, And):
        return all(ev(x, hcp) for x in e.items)
    if isinstance(e, Or):
        return any(ev(x, hcp) for x in e.items)
    if isinstance(e, Not):
        return not ev(e.operand, hcp)
    raise TypeError(e)


def own_conditions(rules) -> dict[str, list]:
    """Bid point -> the conditions that make up its own condition (guard, ifs, when)."""
    out: dict[str, list] = {}

    def walk(steps, conds):
        for st in steps:
            if isinstance(st, Bid):
                out[st.label] = conds + [st.when]
            elif isinstance(st, If):
                walk(st.body, conds + [st.when])
    for sec in rules.sections:
        walk(sec.body, [sec.guard])
    return out


def run(rules, hcp: int) -> str:
    """First bid wins; a goto jumps forward; falling off a section goes to the next."""
    sections = {s.number: s for s in rules.sections}
    k = min(sections)

    def body(steps):
        for st in steps:
            if isinstance(st, Goto) and ev(st.when, hcp):
                return ("goto", st.target)
            if isinstance(st, Bid) and ev(st.when, hcp):
                return ("bid", st.label)
            if isinstance(st, If) and ev(st.when, hcp):
                r = body(st.body)
                if r:
                    return r
        return None

    while k in sections:
        sec = sections[k]
        if ev(sec.guard, hcp):
            r = body(sec.body)
            if r and r[0] == "bid":
                return r[1]
            if r:
                k = r[1]
                continue
        k += 1
    return "14"


def reference(rules):
    dist = hcp_distribution()
    own = own_conditions(rules)
    meets = {lb: sum(w for h, w in dist.items() if all(ev(c, h) for c in cs))
             for lb, cs in own.items()}
    bids = {lb: sum(w for h, w in dist.items() if run(rules, h) == lb) for lb in own}
    labels = list(own)
    overlaps = {}
    for i, m in enumerate(labels):
        for n in labels[i + 1:]:
            both = sum(w for h, w in dist.items()
                       if all(ev(c, h) for c in own[m] + own[n]))
            if both:
                overlaps[(n, m)] = both
    return meets, bids, overlaps


def prove_json(tmp_path, text: str, capsys) -> list[dict]:
    path = tmp_path / "f.rules"
    path.write_text(text)
    main(["prove", "--rules", str(path), "--json"])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


def check(tmp_path, text, capsys):
    rows = prove_json(tmp_path, text, capsys)
    rules = resolve_spec(str(tmp_path / "f.rules"))
    meets, bids, overlaps = reference(rules)
    points = {r["label"]: r for r in rows if r.get("kind") == "point" and r["part"] == "system"}
    assert set(points) == set(meets)
    for lb in meets:
        assert points[lb]["meets"] == meets[lb], lb
        assert points[lb]["bids"] == bids[lb], lb
        if meets[lb] and not bids[lb]:
            assert points[lb]["state"] != "impossible", lb
        if not meets[lb]:
            assert points[lb]["state"] == "impossible", lb
    got = {(r["n"], r["m"]): r["hands"] for r in rows
           if r.get("kind") == "overlap" and r["part"] == "system"}
    assert got == overlaps
    return points


def test_gotoblock_agrees_with_the_reference(tmp_path, capsys):
    points = check(tmp_path, GOTOBLOCK, capsys)
    assert points["1b"]["state"] == "unreachable"
    assert main(["find", "--rules", str(tmp_path / "f.rules"), 'meets("1b")', "--total"]) == 0
    assert "61,970,672,220" in capsys.readouterr().out


def test_a_goto_inside_an_if_agrees_with_the_reference(tmp_path, capsys):
    points = check(tmp_path, GOTO_IN_IF, capsys)
    assert points["1a"]["state"] == "unreachable"
