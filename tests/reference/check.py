"""The differential checks: openbid's commands against the reference counts, on one rule file.
Each function runs the command as a user would (its ``--json`` output) and asserts every figure
equals the reference's, and that every witness hand does what it witnesses when the reference
runs it."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile

from openbid.cli.main import main
from openbid.bridge.hand import Hand
from openbid.systems.rules.text import load
from openbid.systems.claims import load_claims

from reference.count import claim_verdict, count, grouped, weight_where
from reference.interp import Facts, Hand1, bid_text


def cli(*argv: str) -> tuple[int, list[dict]]:
    """Exit status and the JSON objects printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]


@contextlib.contextmanager
def files(**texts: str):
    """The texts as files in a fresh folder: name -> path."""
    with tempfile.TemporaryDirectory() as d:
        paths = {}
        for name, text in texts.items():
            paths[name] = os.path.join(d, name)
            with open(paths[name], "w", encoding="utf-8") as fh:
                fh.write(text)
        yield paths


def _hand(rules, pbn: str) -> Hand1:
    return Hand1(rules, Facts.of(Hand.parse(pbn)))


def _at(h: Hand1) -> str:
    bidval, label = h.outcome()
    return f"{bid_text(bidval)}@{label}"


def check_prove(rules_text: str, claims_text: str = "", where: str | None = None) -> dict:
    """``openbid prove --rules FILE [--claims FILE] [--where COND] --json`` against the
    reference; returns the reference's counts (for further checks). A ``where`` no hand meets
    must be refused (exit 2)."""
    texts = {"gen.rules": rules_text}
    if claims_text:
        texts["claims.txt"] = claims_text
    with files(**texts) as p:
        rules = load(p["gen.rules"])
        claims = load_claims(p["claims.txt"], rules) if claims_text else ()
        args = ["prove", "--rules", p["gen.rules"], "--json", "--quiet"]
        if claims_text:
            args += ["--claims", p["claims.txt"]]
        given = rules.parse(where) if where else None
        if where:
            args += ["--where", where]
        code, items = cli(*args)
    ref = count(rules, tuple((c.premise, c.conclusion) for c in claims), given)
    if given is not None and not sum(ref.bids.values()):
        assert code == 2 and not items, (code, items)
        return {"ref": ref, "rules": rules}
    assert code in (0, 1), (code, items)
    points = [i for i in items if i.get("kind") == "point" and i.get("part") == "system"]
    assert [p["label"] for p in points] == ref.labels
    for p in points:
        lb = p["label"]
        assert p["state"] == ref.states[lb], (lb, p, ref.states)
        assert p["meets"] == ref.meets[lb], (lb, p["meets"], ref.meets[lb])
        assert p["bids"] == ref.bids[lb], (lb, p["bids"], ref.bids[lb])
        assert p["taken_by"] == {k: v for k, v in ref.taken[lb].items() if v}, lb
        if p["state"] == "shadowed":
            assert set(p["blockers"]) == {k for k, v in ref.taken[lb].items() if v}, p
        else:
            assert p["blockers"] == []
        if p["witness"]:
            h = _hand(rules, p["witness"])
            assert given is None or h.truth(given, {}), (p, where)
            assert _at(h) == p["outcome"], (lb, p)
            if p["state"] == "reachable":
                assert h.outcome()[1] == lb, p
            else:
                assert h.meets(lb), p
        else:
            assert p["state"] == "impossible", p
    overlaps = {(o["n"], o["m"]): o for o in items
                if o.get("kind") == "overlap" and o.get("part") == "system"}
    assert set(overlaps) == {k for k, v in ref.pairs.items() if v}, (set(overlaps), ref.pairs)
    for (n, m), o in overlaps.items():
        assert o["hands"] == ref.pairs[(n, m)], (n, m, o, ref.pairs[(n, m)])
        h = _hand(rules, o["witness"])
        assert h.meets(n) and h.meets(m) and _at(h) == o["outcome"], o
        assert given is None or h.truth(given, {}), (o, where)
    got_claims = [i for i in items if i.get("kind") == "claim"]
    assert len(got_claims) == len(claims)
    for c, (premise, gap) in zip(got_claims, ref.claims):
        assert (c["premise_hands"], c["gap_hands"]) == (premise, gap), (c, premise, gap)
        assert c["verdict"] == claim_verdict(premise, gap), c
        if c["verdict"] == "failed":
            claim = next(x for x in claims if x.id == c["id"])
            h = _hand(rules, c["witness"])
            assert h.truth(claim.premise, {}) and not h.truth(claim.conclusion, {}), c
            assert given is None or h.truth(given, {}), (c, where)
            assert _at(h) == c["outcome"], c
    freq = {(f["bid"], f["section"]): f["hands"] for f in items if f.get("kind") == "frequency"}
    assert freq == ref.frequencies, (freq, ref.frequencies)
    if given is not None:
        (summary,) = [i["summary"] for i in items if i.get("part") == "summary"]
        assert summary["system"]["selected"] == sum(ref.bids.values()), summary
    return {"ref": ref, "rules": rules}


def check_count(rules_text: str, where: str | None = None) -> None:
    """``openbid count --by bid-section`` and ``--by HCP --by LONGEST`` (``--where``)."""
    with files(**{"gen.rules": rules_text}) as p:
        rules = load(p["gen.rules"])
        extra = ["--where", where] if where else []
        cond = rules.parse(where) if where else None

        def keep(h: Hand1) -> bool:
            return cond is None or h.truth(cond, {})

        ref = grouped(rules, lambda h: (_at(h) if keep(h) else None))
        ref.pop(None, None)
        code, items = cli("count", "--rules", p["gen.rules"], "--by", "bid-section", "--json",
                          *extra)
        if not ref:
            assert code == 2
            return
        assert code == 0
        got = {i["outcome"] if "outcome" in i else i["by"]["bid-section"]: i["count"] for i in items}
        assert got == ref, (got, ref)
        ref2 = grouped(rules, lambda h: ((h.facts.hcp, max(h.facts.lengths)) if keep(h) else None))
        ref2.pop(None, None)
        code, items = cli("count", "--rules", p["gen.rules"], "--by", "HCP", "--by", "LONGEST",
                          "--json", *extra)
        assert code == 0
        assert {(i["by"]["HCP"], i["by"]["LONGEST"]): i["count"] for i in items} == ref2


def check_find(rules_text: str, expr: str) -> None:
    """``openbid find EXPR --count``: the exact count; each hand found satisfies EXPR."""
    with files(**{"gen.rules": rules_text}) as p:
        rules = load(p["gen.rules"])
        cond = rules.parse(expr)
        want = weight_where(rules, cond)
        code, items = cli("find", "--rules", p["gen.rules"], expr, "--total", "--json",
                          "--count", "2")
    counted = [i for i in items if "count" in i]
    assert counted and counted[-1]["count"] == want, (counted, want)
    assert code == (0 if want else 1), (code, want)
    for i in items:
        if "hand" in i:
            assert _hand(rules, i["hand"]).truth(cond, {}), i


def check_diff(a_text: str, b_text: str, by: str, where: str | None = None) -> None:
    """``openbid diff A B --by BY [--where COND]``: the hands (meeting COND) that change, per
    transition, the same call at another bid point, and the exit status (1 only if some hand
    changes what is compared); a COND no hand meets is refused (exit 2)."""
    with files(**{"a.rules": a_text, "b.rules": b_text}) as p:
        a, b = load(p["a.rules"]), load(p["b.rules"])
        given = a.parse(where) if where else None
        code, items = cli("diff", p["a.rules"], p["b.rules"], "--by", by, "--json",
                          "--examples", "1", *(["--where", where] if where else []))
    if given is not None and not weight_where(a, given):
        assert code == 2 and not items, (code, items)
        return
    (d,) = items
    trans: dict[tuple[str, str], int] = {}
    same_call_other_point = 0
    from reference.count import groups

    for g in groups():
        ha, hb = Hand1(a, g.facts), Hand1(b, g.facts)
        if given is not None and not ha.truth(given, {}):
            continue
        (va, la), (vb, lb) = ha.outcome(), hb.outcome()
        ka = bid_text(va) if by == "bid" else f"{bid_text(va)}@{la}"
        kb = bid_text(vb) if by == "bid" else f"{bid_text(vb)}@{lb}"
        if ka != kb:
            trans[(ka, kb)] = trans.get((ka, kb), 0) + g.weight
        if va == vb and la != lb:  # the same call at another bid point (a change by point)
            same_call_other_point += g.weight
    changed = sum(trans.values())
    assert d["changed"] == changed, (d, trans)
    assert {(t["from"], t["to"]): t["count"] for t in d["transitions"]} == trans
    assert d["same_call_other_point"] == same_call_other_point, d
    assert d["equivalent"] == (changed == 0), d
    assert code == (1 if changed else 0), (code, d)
    for t in d["transitions"]:
        for ex in t["examples"]:
            ha, hb = _hand(a, ex), _hand(b, ex)
            assert given is None or ha.truth(given, {}), (t, ex, where)
            ka = bid_text(ha.outcome()[0]) if by == "bid" else _at(ha)
            kb = bid_text(hb.outcome()[0]) if by == "bid" else _at(hb)
            assert (ka, kb) == (t["from"], t["to"]), (t, ex)
