"""The auction tree rendered: a collapsible node per auction with its findings (HTML), the same
facts as JSON lines, text and markdown; and written into a prove report."""

from __future__ import annotations

import json
import re

import pytest

from openbid.report import tree as render
from openbid.checks.nodes import NodeModel, build_tree

from checks.test_nodes import system


@pytest.fixture(scope="module")
def tree():
    return build_tree(NodeModel(system()), title="small")


def test_the_html_tree_has_a_collapsible_node_per_auction_with_its_findings(tree):
    page = render.html(tree)
    shown = [r for r in tree.nodes.values()]
    assert page.count("<details") == len(shown) == tree.graph.number_of_nodes()
    assert page.count("<details") == page.count("</details>")
    respond = re.search(r"<details open><summary><b>PASS</b> <small>1NT PASS &middot; "
                        r"block &quot;1NT PASS&quot; &middot; 2 finding\(s\)</small>", page)
    assert respond, "the node with findings is open, and says how many"
    assert "gap: " in page and "illegal call wrong: 1S is not higher than 1NT" in page


def test_json_lines_give_every_node_its_children_and_findings(tree):
    items = [json.loads(json.dumps(i)) for i in render.json_items(tree)]
    nodes = {tuple(i["auction"]): i for i in items if i["kind"] == "node"}
    assert set(nodes) == set(tree.nodes)
    respond = nodes[("1NT", "PASS")]
    assert {f["kind"] for f in respond["findings"]} == {"gap", "illegal-call"}
    probs = [c["probability"] for c in respond["children"]]
    assert all("/" in p or p in ("0", "1") for p in probs)
    points = [i for i in items if i["kind"] == "point" and i["node"] == "1NT PASS 2C PASS"]
    assert {p["label"]: p["state"] for p in points}["five"] == "shadowed"


def test_text_and_markdown_name_the_findings(tree):
    text = "\n".join(render.text(tree, detail=False))
    assert "1NT PASS [block \"1NT PASS\"" in text
    assert "illegal call wrong: 1S is not higher than 1NT" in text
    assert "bid point 1NT PASS 2C PASS/five is dead: shadowed by hearts" in text
    md = "\n".join(render.markdown(tree))
    assert md.startswith("## Auction tree") and "**1NT PASS**" in md
    assert render.summary(tree)["findings"] == len(render.problems(tree)) > 0
    keys = tree.verdicts()
    assert keys["system node 1NT PASS 2C PASS: point five"] == "shadowed"
