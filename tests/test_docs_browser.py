"""The rule book in a real browser: search, phone and desktop widths, print page count.

Runs only where a headless Chromium is installed (``-m chromium``); it starts and stops its
own browser for each check. The pages are probed on a copy: a small test script is appended
and its hash added to the copy's Content-Security-Policy (the page's own policy allows only
its own script). The probe types into the search box exactly as a reader would (it sets the
box's value and fires the ``input`` event typing fires), reads which rules are shown and
the count the page prints, and measures the page's width; the copy is loaded in an iframe
of the asked width, since a headless window is never narrower than 500 px.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from stud8.tools.cli import main
from stud8.tools.docs.i18n import LANGUAGES

PRINT_PAGE_LIMIT = 70
"""Printed A4 pages of one book: with every example translated the Greek book, the longest
(Greek runs about a tenth longer than English), prints on 65; the others on 60 or fewer."""


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


pytestmark = [pytest.mark.chromium,
              pytest.mark.skipif(_chromium() is None, reason="no headless Chromium installed (chromium not on PATH)")]


def _run(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    command = [str(_chromium()), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tempfile.mkdtemp(dir=tmp)}", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "docs"
    assert main(["docs", "--out", str(folder), "--lang", "all"]) == 0
    return folder


PROBE = """window.addEventListener("load", function () {
  var out = {sw: document.documentElement.scrollWidth, iw: window.innerWidth, queries: {}};
  var q = document.getElementById("q");
  QUERIES.forEach(function (text) {
    q.value = text;
    q.dispatchEvent(new Event("input"));
    out.queries[text] = {
      shown: [].slice.call(document.querySelectorAll("[data-search]")).filter(function (e) {
        return !e.hidden && e.offsetParent !== null; }).map(function (e) { return e.id || e.getAttribute("data-search"); }),
      count: document.getElementById("search-count").textContent,
      searchVisible: !document.getElementById("search").hidden
    };
  });
  parent.postMessage(JSON.stringify(out), "*");
});"""


def probe(page: Path, width: int, queries: list[str], tmp: Path) -> dict:
    """Load ``page`` at ``width`` CSS pixels, type each query, report what is shown."""
    script = PROBE.replace("QUERIES", json.dumps(queries))
    digest = "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"
    text = page.read_text(encoding="utf-8")
    text = text.replace("script-src ", f"script-src {digest} ", 1).replace("</body>", f"<script>{script}</script></body>", 1)
    copy = page.with_name("probe-" + page.name)
    copy.write_text(text, encoding="utf-8")
    harness = page.with_name("harness.html")
    harness.write_text(
        f'<!DOCTYPE html><html><body style="margin:0"><iframe src="{copy.name}" style="border:0;width:{width}px;'
        'height:900px"></iframe><script>window.addEventListener("message", function (e) { '
        'document.body.setAttribute("data-probe", e.data); });</script></body></html>', encoding="utf-8")
    done = _run([f"--window-size={max(width, 500) + 40},960", "--virtual-time-budget=8000", "--dump-dom",
                 harness.as_uri()], tmp)
    found = re.search(r'data-probe="([^"]*)"', done.stdout)
    assert found, "the probe reported nothing: the page's script or the probe failed to run"
    return json.loads(html.unescape(found.group(1)))


def pdf_pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


def test_search_by_rule_id_scenario_id_and_word(site: Path, tmp_path: Path) -> None:
    result = probe(site / "index.html", 1280, ["bring-in.lowest-upcard", "deck-003", "stub", "qqqxyz", ""], tmp_path)
    by_id = result["queries"]["bring-in.lowest-upcard"]
    assert by_id["searchVisible"]
    assert by_id["shown"] == ["bring-in.lowest-upcard"] and by_id["count"] == "1 match"
    by_scenario = result["queries"]["deck-003"]["shown"]
    assert "deck.tda-community" in by_scenario and "table.players" not in by_scenario  # rules deck-003 cites
    by_word = result["queries"]["stub"]
    assert "deck.short-stub" in by_word["shown"] and "table.players" not in by_word["shown"]
    assert by_word["count"].endswith("matches")
    assert result["queries"]["qqqxyz"] == {"shown": [], "count": "No match", "searchVisible": True}
    assert len(result["queries"][""]["shown"]) > 65, "an empty box shows everything again"


def test_search_in_a_translated_book(site: Path, tmp_path: Path) -> None:
    result = probe(site / "et" / "index.html", 1280, ["showdown.split"], tmp_path)
    assert result["queries"]["showdown.split"]["shown"] == ["showdown.split"]


@pytest.mark.parametrize("width", [390, 1280])
def test_no_sideways_page_scroll(site: Path, tmp_path: Path, width: int) -> None:
    for name in ["index.html", "el/index.html", "catalogue.html"]:
        result = probe(site / name, width, [], tmp_path)
        assert result["iw"] == width
        assert result["sw"] <= result["iw"], f"{name} at {width}px scrolls sideways ({result['sw']}px)"


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshot_without_console_errors(site: Path, tmp_path: Path, width: int) -> None:
    shot = tmp_path / f"book-{width}.png"
    done = _run(["--hide-scrollbars", "--enable-logging=stderr", "--v=0", f"--window-size={width},900",
                 f"--screenshot={shot}", (site / "index.html").as_uri()], tmp_path)
    assert shot.is_file() and shot.stat().st_size > 10_000
    console = [line for line in done.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line
               or "Content Security Policy" in line or "Content-Security-Policy" in line]
    assert console == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_book_prints_on_at_most_70_pages(site: Path, tmp_path: Path, lang: str) -> None:
    page = site / ("index.html" if lang == "en" else f"{lang}/index.html")
    pdf = tmp_path / f"book-{lang}.pdf"
    _run(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()], tmp_path)
    pages = pdf_pages(pdf)
    assert 10 < pages <= PRINT_PAGE_LIMIT, f"{lang}: {pages} pages"


def test_quick_reference_prints_on_one_page(site: Path, tmp_path: Path) -> None:
    for lang in LANGUAGES:
        page = site / ("quickref.html" if lang == "en" else f"{lang}/quickref.html")
        pdf = tmp_path / f"quickref-{lang}.pdf"
        _run(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()], tmp_path)
        assert pdf_pages(pdf) == 1, lang
