"""index.html in a real browser: headless Chromium renders the report written by the session
fixture ``report_dir``, dumps the DOM and takes a screenshot (kept as
test-artifacts/report.png). Under CI (CI=true; .ci/run installs Chromium) a missing Chromium is a
failure. On a machine without it the same page is checked as a browser would first read it: the
HTML parsed (every element closed, the same landmarks) and every inline picture well-formed SVG
with a size."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from external import program

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
LANDMARKS = ('class="matrix"', "<details", 'class="tree"', 'id="part-two"', 'class="flow"')
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


@pytest.fixture(scope="module")
def chromium() -> str | None:
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return program("chromium", "chromium")


def _run(exe: str, profile: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([exe, *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=180, check=False)


class _Elements(HTMLParser):
    """Open elements as a stack: a closing tag must close the innermost open one."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}> "
                               f"at line {self.getpos()[0]}")
        else:
            self.stack.pop()


def test_page_renders(chromium, report_dir, tmp_path):
    page = report_dir / "index.html"
    if chromium is None:
        html = page.read_text(encoding="utf-8")
        parser = _Elements()
        parser.feed(html)
        parser.close()
        assert parser.errors == [] and parser.stack == [], (parser.errors[:5], parser.stack)
        for landmark in LANDMARKS:
            assert landmark in html, landmark
        return
    r = _run(chromium, tmp_path / "profile-dom", "--dump-dom", page.resolve().as_uri())
    assert r.returncode == 0, r.stderr[-2000:]
    dom = r.stdout
    for landmark in LANDMARKS:
        assert landmark in dom, landmark
    for error in ("ERR_", "This page isn", "This site can", "Aw, Snap"):
        assert error not in dom, error


def test_screenshot(chromium, report_dir, tmp_path):
    page = report_dir / "index.html"
    if chromium is None:
        html = page.read_text(encoding="utf-8")
        pictures = [html[i:html.index("</svg>", i) + 6] for i in range(len(html))
                    if html.startswith("<svg", i)]
        assert len(pictures) >= 4  # the matrix, two bar charts, the control-flow overview
        for svg in pictures:
            root = ET.fromstring(svg)  # well-formed, or this raises
            assert float(root.get("width", "0").rstrip("px")) > 0, svg[:200]
            assert float(root.get("height", "0").rstrip("px")) > 0, svg[:200]
        return
    shot = tmp_path / "report.png"
    r = _run(chromium, tmp_path / "profile-shot", f"--screenshot={shot}",
             "--window-size=1400,2400", "--hide-scrollbars", page.resolve().as_uri())
    assert r.returncode == 0, r.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 1400  # the PNG header's width
    assert len(data) > 50_000, "the screenshot is (nearly) blank"
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copyfile(shot, ARTIFACTS / "report.png")
