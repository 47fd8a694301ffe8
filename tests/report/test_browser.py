"""index.html in a real browser: headless Chromium renders the report written by the session
fixture ``report_dir``, dumps the DOM and takes a screenshot (kept as
test-artifacts/report.png). Without Chromium the test is skipped, except under CI (CI=true),
where it fails: CI must install it (apt-get install chromium)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")


def _chromium() -> str | None:
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


@pytest.fixture(scope="module")
def chromium() -> str:
    exe = _chromium()
    if exe is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed but CI=true: CI must install it "
                        "(apt-get install -y chromium)", pytrace=False)
        pytest.skip("Chromium not found (/usr/bin/chromium or chromium on PATH); "
                    "apt-get install -y chromium to run this test")
    return exe


def _run(exe: str, profile: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([exe, *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=180, check=False)


def test_page_renders(chromium, report_dir, tmp_path):
    url = (report_dir / "index.html").resolve().as_uri()
    r = _run(chromium, tmp_path / "profile-dom", "--dump-dom", url)
    assert r.returncode == 0, r.stderr[-2000:]
    dom = r.stdout
    assert 'class="matrix"' in dom and "<details" in dom and 'class="tree"' in dom
    assert 'id="part-two"' in dom and 'class="flow"' in dom
    for error in ("ERR_", "This page isn", "This site can", "Aw, Snap"):
        assert error not in dom, error


def test_screenshot(chromium, report_dir, tmp_path):
    url = (report_dir / "index.html").resolve().as_uri()
    shot = tmp_path / "report.png"
    r = _run(chromium, tmp_path / "profile-shot", f"--screenshot={shot}",
             "--window-size=1400,2400", "--hide-scrollbars", url)
    assert r.returncode == 0, r.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 1400  # the PNG header's width
    assert len(data) > 50_000, "the screenshot is (nearly) blank"
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copyfile(shot, ARTIFACTS / "report.png")
