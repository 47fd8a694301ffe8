"""Every limit of rule files (docs/LIMITS.md): a file at the bound is read and bids; one past it
is refused before any work with the message the docs quote, exit status 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from openbid.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HAND = "AKQJ.AKQ.AKQ.AKQ"


def nested(levels: int, loops: int = 0, suits: str = "S", when: str = "HCP > 10") -> str:
    """A bid inside ``levels`` nested statements, the outer ``loops`` of them loops."""
    body = "".join("  " * d + (f"for v{d} in {suits}\n" if d <= loops else "if HCP >= 0\n")
                   for d in range(1, levels + 1))
    return ('name limits\nsection 1 "x"\n' + body + "  " * (levels + 1)
            + f"bid 1a when {when} value 1C\n")


# (name, a file at the bound, one past it, the message of docs/LIMITS.md)
LIMITS = [
    ("statements", nested(64), nested(65),
     "statements nested too deeply: more than 64 levels of 'if' and 'for'"),
    ("loops", nested(16, 16), nested(17, 17), "loops nested too deeply: more than 16 levels of 'for'"),
    ("loop runs", nested(4, 4, "S, H, D, C"), nested(5, 5, "S, H, D, C"),
     "loops nested too deeply: with the loops around it, this loop runs its body 1,024 times "
     "(the product of their numbers of suits), at most 256"),
    ("expression", nested(1, when="not " * 64 + "HCP > 10"),
     nested(1, when="not " * 65 + "HCP > 10"),
     "nested too deeply: more than 64 levels of parentheses, operators or 'not'"),
    ("quantifiers", nested(1, when="any(a in S: any(b in S: any(c in S: any(d in S: HCP > 10))))"),
     nested(1, when="any(e in S: any(a in S: any(b in S: any(c in S: any(d in S: HCP > 10)))))"),
     "more than 4 nested quantifiers"),
    ("label", nested(1).replace("bid 1a", "bid " + "L" * 64),
     nested(1).replace("bid 1a", "bid " + "L" * 65),
     "is not a name (a letter or digit, then letters, digits, '_', '.' or '-'; at most 64)"),
]


@pytest.mark.parametrize("ok,bad,message", [x[1:] for x in LIMITS], ids=[x[0] for x in LIMITS])
def test_each_limit_is_what_its_message_says(ok, bad, message, tmp_path, capsys):
    assert message in (ROOT / "docs" / "LIMITS.md").read_text(encoding="utf-8")
    path = tmp_path / "limits.rules"
    path.write_text(ok, encoding="utf-8")
    assert main(["bid", "--rules", str(path), "--brief", HAND]) == 0
    out, err = capsys.readouterr()
    assert "1C" in out and err == ""
    path.write_text(bad, encoding="utf-8")
    for argv in (["bid", "--rules", str(path), HAND], ["prove", "--rules", str(path)],
                 ["rules", "check", str(path)]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and "Traceback" not in err
        assert err.startswith(f"openbid: error: {path}:") and message in err.splitlines()[0], err


def test_a_file_past_1_mb_is_refused(tmp_path, capsys):
    path = tmp_path / "big.rules"
    path.write_text(nested(1) + "# padding\n" * 131_200, encoding="utf-8")
    assert main(["prove", "--rules", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert f"rule file {path} is 1,281 KB; openbid reads rule files of up to 1,024 KB" in err
    assert "openbid reads rule files of up to 1,024 KB (the shipped SAYC is 90 KB)" in (
        ROOT / "docs" / "LIMITS.md").read_text(encoding="utf-8")


def test_sections_and_labels_have_no_limit(tmp_path, capsys):
    """Sections numbered far past 14, labels that are names: read, bid, and the pass is one past
    the last section."""
    text = ('name free\nsection 3 "a"\n  bid open.1 when HCP >= 20 value 2C\n'
            'section 250 "b"\n  bid weak-2_x when HCP >= 12 value 1C\n')
    path = tmp_path / "free.rules"
    path.write_text(text, encoding="utf-8")
    assert main(["bid", "--rules", str(path), "--brief", HAND, "5432.5432.432.32"]) == 0
    out, _ = capsys.readouterr()
    assert [line.split("\t")[1:] for line in out.splitlines()] == [["2C", "open.1"],
                                                                   ["PASS", "251"]], out
