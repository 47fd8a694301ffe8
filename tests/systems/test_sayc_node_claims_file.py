"""The file of per-node SAYC claims (openbid/systems/data/sayc_node_claims.txt) is well formed: each
claim reads, its auction is a legal auction whose next node is on-system in the SAYC file, and a
`shows` condition is an expression over one hand. Deciding the claims is the checker's job."""

from __future__ import annotations

from pathlib import Path

import pytest

from openbid.systems.auction import load_system, parse_auction
from openbid.systems.evaluate import holds
from openbid.expr import parse
from openbid.bridge.hand import Hand

FILE = Path(__file__).resolve().parents[2] / "openbid/systems/data/sayc_node_claims.txt"
KINDS = ("forcing", "shows")
KEYS = {
    "forcing": {"required": {"source", "quote", "auction", "expect"}, "optional": {"note"}},
    "shows": {"required": {"source", "quote", "auction", "call", "cond", "expect"},
              "optional": {"note"}},
}
SAMPLE = Hand.parse("AKQJ.T987.654.32")


def _read(text: str) -> list[dict[str, str]]:
    """The claims as dicts (``kind``, ``id``, ``line`` and the fields); a malformed line, a
    repeated field or an unknown kind is an AssertionError naming the line."""
    claims: list[dict[str, str]] = []
    cur: dict[str, str] | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            cur = None
            continue
        if line.startswith("#"):
            continue
        if not line.startswith(" "):
            kind, _, ident = line.partition(" ")
            assert kind in KINDS and ident.strip() and " " not in ident.strip(), (n, line)
            cur = {"kind": kind, "id": ident.strip(), "line": str(n)}
            claims.append(cur)
            continue
        assert cur is not None, (n, "a field outside a claim")
        assert line.startswith("  ") and not line.startswith("   "), (n, "indent two spaces")
        key, colon, value = line.strip().partition(":")
        assert colon and value.strip(), (n, line)
        assert key not in cur, (n, f"{key} repeated")
        cur[key] = value.strip()
    return claims


CLAIMS = _read(FILE.read_text(encoding="utf-8"))
SYSTEM = load_system("sayc")


def _auction(claim: dict[str, str]) -> str:
    return "" if claim["auction"] == "(opening)" else claim["auction"]


def test_the_parser_refuses_a_bad_block() -> None:
    with pytest.raises(AssertionError):
        _read("claim x\n  source: y\n")
    with pytest.raises(AssertionError):
        _read("shows x\n  cond: HCP >= 1\n  cond: HCP >= 2\n")


def test_the_file_reads() -> None:
    assert 25 <= len(CLAIMS) <= 60
    ids = [c["id"] for c in CLAIMS]
    assert len(ids) == len(set(ids)), "claim ids are unique"
    for c in CLAIMS:
        keys = set(c) - {"kind", "id", "line"}
        want = KEYS[c["kind"]]
        assert want["required"] <= keys, (c["id"], want["required"] - keys)
        assert keys <= want["required"] | want["optional"], (c["id"], keys)
        assert c["source"].startswith("SAYC System Booklet"), c["id"]
        assert c["expect"] in ("HELD", "FAILED"), c["id"]
        assert c["expect"] == "HELD" or c.get("note"), (c["id"], "a departure says why")
    assert {c["kind"] for c in CLAIMS} == set(KINDS)


@pytest.mark.parametrize("claim", CLAIMS, ids=[c["id"] for c in CLAIMS])
def test_each_claim_is_at_an_on_system_node(claim: dict[str, str]) -> None:
    calls = parse_auction(_auction(claim))
    node = SYSTEM.node(calls)
    assert node.rules is not None, (claim["id"], "off-system node")
    if claim["kind"] == "shows":
        # the call can be made there, and the condition reads one hand at that node
        assert parse_auction(calls + (claim["call"],))[-1]
        assert holds(parse(claim["cond"]), SAMPLE, node.rules) in (True, False), claim["id"]
