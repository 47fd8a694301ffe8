"""``openbid bid --file --brief``, ``bid --file --json`` and ``eval --file --json`` (the vectorised
path: openbid.readers.census.fastread, openbid.readers.census.batch, openbid.report.columns)
against the per-hand objects, hand by hand: random hands, hand classes with ``x``, the paper's
notation, suit symbols and ``10``; bad lines reported as the per-hand path reports them."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from openbid.cli.main import main
from openbid.base.errors import HandError, clip
from openbid.bridge.hand import Hand
from openbid.systems.procedure import program_for
from openbid.systems.variants import VARIANTS, load_variant
from openbid.readers.census.sample import hand_of, holds_matrix, random_cards

ROOT = Path(__file__).resolve().parents[2]
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def texts(n: int, seed: int, bad: float = 0.0) -> list[str]:
    """``n`` random hands, some as classes with x, written in every notation the parser reads;
    with ``bad``, that share of lines broken."""
    rng = random.Random(seed)
    out = []
    for row in holds_matrix(random_cards(n, seed)):
        hand = hand_of(row)
        if rng.random() < 0.2:
            hand = hand.to_class() if rng.random() < 0.5 else Hand(*(
                type(h)(h.ranks[: len(h.ranks) // 2], len(h.ranks) - len(h.ranks) // 2)
                for h in hand.holdings))
        way = rng.randrange(6)
        if way == 0:
            text = hand.to_paper()
        elif way == 1:
            text = " ".join(SYMBOLS[s] + (h.text("10") or "—") for s, h in zip("SHDC", hand.holdings))
        elif way == 2:
            text = ".".join(h.text("10") for h in hand.holdings)
        else:
            text = hand.to_pbn()
        if rng.random() < bad:
            text = rng.choice([text[:-1], text + "A", "S:AKQ, H:AKQ", "hello", "AAKQJT98765432.."])
        out.append(text)
    return out


# The facts of the deal given to the variants that read them (sayc): seat 3, they vulnerable.
FACTS = {"SEAT": 3, "VUL": False, "THEYVUL": True}
FACT_ARGS = ("--seat", "3", "--vul", "they")


def facts_of(variant: str) -> tuple[tuple[str, ...], dict]:
    """The options and the context a variant is bid with here (none, unless it reads them)."""
    from openbid.readers.contexts import facts_read

    return (FACT_ARGS, FACTS) if facts_read([load_variant(variant)]) else ((), {})


def per_hand_bid(text: str, rules, context: dict | None = None) -> dict:
    """The object ``openbid bid --json`` prints for one hand, built as the per-hand code does."""
    hand = Hand.parse(text)
    program = program_for(rules)
    d = program.describe(hand, tuple((context or {}).items()))
    o = program.run(d)
    obj = {"hand": hand.to_pbn(), "paper": hand.to_paper(), "bid": o.bid, "bidval": o.bidval,
           "section": o.section, "descriptors": d.table()}
    if context:
        obj["context"] = dict(context)
    return obj


def same(line: str, obj: dict) -> bool:
    """The line parses to ``obj``: the same keys in the same order, the same types and values."""
    from openbid.report.columns import json_default

    return json.dumps(json.loads(line), ensure_ascii=False) == json.dumps(
        obj, ensure_ascii=False, default=json_default)


def run_file(capsys, tmp_path, lines, *args):
    path = tmp_path / "hands.txt"
    path.write_text("".join(t + "\n" for t in lines), encoding="utf-8")
    code = main([*args, "--file", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err, path


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_bid_json_equals_per_hand(capsys, tmp_path, variant):
    lines = texts(300 if variant == "code" else 60, seed=len(variant))
    args, context = facts_of(variant)
    code, out, err, _ = run_file(capsys, tmp_path, lines, "bid", "--json", "--variant", variant,
                                 *args)
    assert code == 0 and err == ""
    got = out.splitlines()
    assert len(got) == len(lines)
    rules = load_variant(variant)
    for text, line in zip(lines, got):
        assert same(line, per_hand_bid(text, rules, context)), text


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_bid_brief_is_byte_for_byte_per_hand(capsys, tmp_path, variant):
    lines = texts(400, seed=7 + len(variant))
    args, context = facts_of(variant)
    code, out, err, _ = run_file(capsys, tmp_path, lines, "bid", "--brief", "--variant", variant,
                                 *args)
    assert code == 0 and err == ""
    program = program_for(load_variant(variant))
    want = ""
    for text in lines:
        hand = Hand.parse(text)
        o = program.bid_hand(hand, tuple(context.items()))
        want += f"{hand.to_pbn()}\t{o.bid}\t{o.section}\n"
    assert out == want


def test_eval_json_equals_per_hand(capsys, tmp_path):
    from openbid.cli.eval import evaluator_names
    from openbid.systems.evaluate import value
    from openbid.expr import parse
    from openbid.report.columns import decimal_text

    rules = load_variant("code")
    lines = texts(40, seed=3)
    _, out, err, path = run_file(capsys, tmp_path, lines, "eval", "--json")
    names = evaluator_names(rules)
    got = iter(out.splitlines())
    fractional: set[str] = set()
    rounded_keys = None
    for no, text in enumerate(lines, 1):
        hand = Hand.parse(text)

        def val(src, hand=hand):
            return value(parse(src, want="num"), hand, rules)

        try:
            values = {n: decimal_text(val(n)) for n in names}
            suits = {n: {s: decimal_text(val(f"{n}({s})")) for s in "SHDC"} for n in names}
        except HandError:  # x cards where an evaluator reads the rank: a bad input for eval too
            assert f"{path}:{no}: " in err
            continue
        line = json.loads(next(got))
        assert list(line) == ["hand", "values", "suits", "rounded"]
        assert line["hand"] == hand.to_pbn()
        assert json.dumps(line["values"]) == json.dumps(values), text
        assert json.dumps(line["suits"]) == json.dumps(suits), text
        rounded_keys = rounded_keys or list(line["rounded"])
        assert list(line["rounded"]) == rounded_keys
        assert line["rounded"] == {n: int(val(f"PAVROUND({n})")) for n in rounded_keys}
        fractional |= {n for n, v in values.items() if "." in v}
    assert next(got, None) is None
    assert fractional <= set(rounded_keys) and len(fractional) > 10


def test_bad_lines_are_reported_as_the_per_hand_path_does(capsys, tmp_path):
    lines = texts(2000, seed=11, bad=0.02)
    for command in (["bid", "--brief"], ["bid", "--json"], ["eval", "--json"]):
        code, out, err, path = run_file(capsys, tmp_path, lines, *command)
        bad = []
        for no, text in enumerate(lines, 1):
            try:
                Hand.parse(text)
            except HandError as exc:
                bad.append(f"openbid {command[0]}: {path}:{no}: {clip(str(exc).splitlines()[0], 200)}")
        assert code == 2 and len(bad) > 20
        assert err.splitlines()[:20] == bad[:20]
        assert err.splitlines()[20:] == [(
            f"openbid {command[0]}: ... and {len(bad) - 20:,} more bad inputs "
            f"({len(bad) - 20:,} in {path}); {len(bad):,} in all")]
        assert len(out.splitlines()) == len(lines) - len(bad)


def test_output_and_bad_lines_keep_the_input_order(tmp_path):
    """On one stream (stdout and stderr together), each bad line is reported after the hands
    before it and before the hands after it."""
    path = tmp_path / "hands.txt"
    path.write_text("AKJ32.Q4.KT9.876\nAKJ32.Q4.KT9\n# comment\n\nKJxxx.QJ.QJ.Kxxx\nbad\n"
                    "S:AKQ, H:AKQJ, D:AKQ, C:AKQ\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for command in (["bid", "--brief"], ["bid", "--json"], ["eval", "--json"]):
        p = subprocess.run([sys.executable, "-m", "openbid.cli.main", *command, "--file", str(path)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                           cwd=str(ROOT), timeout=300, check=False)
        assert p.returncode == 2
        kinds = [ln.split(":")[1].strip() if ln.startswith("openbid") else "hand"
                 for ln in p.stdout.splitlines()]
        assert kinds == ["hand", str(path), "hand", str(path), "hand"], p.stdout


def test_arguments_first_then_the_file(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("KJxxx.QJ.QJ.Kxxx\n", encoding="utf-8")
    for command in ("bid", "eval"):
        code = main([command, "--json", "AKJ32.Q4.KT9.876", "nonsense", "--file", str(path)])
        out, err = capsys.readouterr()
        assert code == 2 and err.startswith(f"openbid {command}: argument 2: ")
        assert [json.loads(ln)["hand"] for ln in out.splitlines()] == [
            "AKJ32.Q4.KT9.876", "KJxxx.QJ.QJ.Kxxx"]


def test_an_empty_file_is_an_error(capsys, tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("# nothing\n\n", encoding="utf-8")
    for command in ("bid", "eval"):
        assert main([command, "--json", "--file", str(path)]) == 2
        assert "nothing to" in capsys.readouterr().err


def rule_file(tmp_path, defines: str, first_bid: str) -> Path:
    """The code rules with ``defines`` added and section 1's bid statement replaced."""
    from openbid.systems.rules.text import dumps

    text = dumps(load_variant("code"))
    assert "  bid 1 when TOTALPTS <= 6 value 0\n" in text
    text = text.replace("  bid 1 when TOTALPTS <= 6 value 0\n", f"  {first_bid}\n")
    at = text.index("\nsection ")
    path = tmp_path / "my.rules"
    path.write_text(text[:at] + "\n" + defines + text[at:], encoding="utf-8")
    return path


def test_a_rule_file_with_definitions_of_its_own(capsys, tmp_path):
    from openbid.systems.rules.text import load

    path = rule_file(tmp_path, "define STOP = count(SUITLENGTH(S) >= 3, SUITLENGTH(H) >= 3)\n"
                               "define SAFE(s) = SUITLENGTH(s) >= 4\ndefine MINE = HCP + 1\n",
                     "bid 1 when TOTALPTS <= 6 and MINE < 9 value 0")
    rules = load(str(path))
    lines = texts(200, seed=21)
    code, out, err, _ = run_file(capsys, tmp_path, lines, "bid", "--json", "--rules", str(path))
    assert code == 0 and err == ""
    for text, line in zip(lines, out.splitlines()):
        assert same(line, per_hand_bid(text, rules)), text


def test_rules_that_read_a_fact_of_the_deal_are_bid_hand_by_hand(capsys, tmp_path):
    """The executor asks for SEAT only on a hand that reaches it; so does openbid bid."""
    path = rule_file(tmp_path, "", "bid 1 when TOTALPTS <= 6 and SEAT = 3 value 0")
    code, out, err, _ = run_file(capsys, tmp_path, ["AKJ32.Q4.KT9.876"], "bid", "--brief",
                                 "--rules", str(path))
    assert (code, out, err) == (0, "AKJ32.Q4.KT9.876\t1S\t12a\n", "")
    code, out, err, _ = run_file(capsys, tmp_path, ["5432.5432.432.32"], "bid", "--brief",
                                 "--rules", str(path))
    assert code == 2 and "SEAT is a fact of the deal" in err
