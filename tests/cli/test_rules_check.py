"""``openbid rules check`` catches what ``openbid prove`` would refuse or find dead, each with the
file's line: X or XX at the opening, a constant insufficient bid, XX with no double, a block no
legal auction matches or whose every auction an earlier block takes, a define after the first
block (exit 1); a call illegal at only some of its block's auctions is a warning (exit 0)."""

from __future__ import annotations

import pytest

from openbid.cli.main import main

GOOD = """\
name good
section 1 "Open" when HCP >= 12
  bid clubs when true value 1C

auction "1C P" else pass
  section 1 "Respond"
    bid nt when HCP >= 6 value 1NT
"""


def check(capsys, tmp_path, text: str, *extra: str) -> tuple[int, str]:
    path = tmp_path / "my.rules"
    path.write_text(text)
    code = main(["rules", "check", str(path), *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out.replace(str(path), "my.rules")


def test_a_good_file_is_ok(capsys, tmp_path):
    code, out = check(capsys, tmp_path, GOOD)
    assert code == 0 and "my.rules: ok" in out


@pytest.mark.parametrize("edit, line, message", [
    (("bid clubs when true value 1C", "bid strong when HCP >= 20 value X\n"
      "  bid clubs when true value 1C"), 3,
     "bid point strong calls X at the opening, where nobody has bid"),
    (("bid nt when HCP >= 6 value 1NT", "bid nt when HCP >= 6 value 1C"), 7,
     "bid point 1C P/nt calls 1C, which cannot be made at any auction its block applies to "
     "(after '1C PASS': 1C is not higher than 1C)"),
    (("bid nt when HCP >= 6 value 1NT", "bid nt when HCP >= 6 value XX"), 7,
     "calls XX, which cannot be made at any auction its block applies to (after '1C PASS': XX "
     "redoubles only a double)"),
    (("", 'auction "1C P"\n  section 1 "Again"\n    bid x when true value 1H\n'), 8,
     'block "1C P" never applies: an earlier block takes every auction it matches (block "1C P",'
     " line 5)"),
    (("", 'auction "1NT 1C"\n  section 1 "Never"\n    bid x when true value 2C\n'), 8,
     'block "1NT 1C" never applies: no legal auction matches its pattern'),
    (("", "define BIG = HCP >= 15\n"), 8, "a define after the first auction block (line 5)"),
])
def test_what_prove_would_refuse_is_an_error_at_its_line(capsys, tmp_path, edit, line,
                                                         message):
    old, new = edit
    text = GOOD.replace(old, new) if old else GOOD + new
    code, out = check(capsys, tmp_path, text)
    assert code == 1
    hit = [x for x in out.splitlines() if message in x]
    assert hit and hit[0].startswith(f"my.rules:{line}: error: "), out


def test_a_call_illegal_at_some_auctions_is_a_warning(capsys, tmp_path):
    text = GOOD.replace('auction "1C P" else pass', 'auction "1 m P" where m in MINORS else '
                        'pass').replace("value 1NT", "value 1D")
    code, out = check(capsys, tmp_path, text)
    assert code == 0 and "1 warning(s)" in out and "my.rules: ok" in out
    code, out = check(capsys, tmp_path, text, "--warnings")
    assert code == 0
    assert ("my.rules:7: warning: bid point 1 m P/nt calls 1D, illegal at 1 of the 2 auctions "
            "its block applies to (after '1D PASS': 1D is not higher than 1D)") in out
