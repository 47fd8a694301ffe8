"""A report of the system checks alone (a rule file that is not OPENBID) is titled as such, not
as the paper's re-derivation, in the browser page and in report.md."""

from __future__ import annotations

from openbid.cli.main import main


def test_a_system_report_is_titled_system_checks(tmp_path, capsys) -> None:
    out = tmp_path / "sayc"
    # exit 1: a claim the file does not keep fails the run (the reading of SAYC's opening
    # strength the file does not take: docs/SYSTEMS.md, "The reading not taken")
    claims = tmp_path / "claims.txt"
    claims.write_text("claim open.12.first\n"
                      "  source: SAYC System Booklet, OVERVIEW (opening strength not stated)\n"
                      "  quote: every hand with 12+ HCP in first seat opens (paraphrase)\n"
                      "  every: HCP >= 12 and SEAT = 1\n"
                      "  has: bid != \"PASS\"\n")
    assert main(["prove", "--variant", "sayc-openings", "--claims", str(claims), "--report",
                 str(out), "--quiet"]) == 1
    capsys.readouterr()
    page = (out / "index.html").read_text()
    assert "<h1>System checks</h1>" in page and "OPENBID, re-derived" not in page
    assert '<section id="system">' in page
    assert "Paper errors" not in page and '<section id="errata">' not in page  # not the paper's
    md = (out / "report.md").read_text()
    assert md.startswith("# System checks\n") and "Paper errors" not in md
    # the system's own findings (a claim the file does not keep) first
    details = md.index("\n## System checks\n")
    assert md.index("\n## Findings\n") < details
    assert "\n### System checks of variant sayc-openings: findings" in md[:details]
    assert "\n- claim open.12.first" in md[:details]
    assert page.index('id="system-findings"') < page.index('<section id="system">')
