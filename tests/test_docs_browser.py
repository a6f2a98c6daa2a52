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
from pathlib import Path

import pytest
from headless import NEEDS_CHROMIUM, run_chromium

from stud8.tools.docs.i18n import LANGUAGES

PRINT_PAGE_LIMIT = 70
"""Printed A4 pages of one book: with every example translated the Greek book, the longest
(Greek runs about a tenth longer than English), prints on 65; the others on 60 or fewer."""


pytestmark = NEEDS_CHROMIUM


@pytest.fixture(scope="module")
def site(rendered_docs: Path) -> Path:
    return rendered_docs


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
    done = run_chromium([f"--window-size={max(width, 500) + 40},960", "--virtual-time-budget=8000", "--dump-dom",
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
    shown = result["queries"]["showdown.split"]["shown"]
    # the rule, and the floor procedure that names it (cards speak: showdown.split finds the hands)
    assert shown[0] == "showdown.split" and all(item.startswith("floor-") for item in shown[1:])


@pytest.mark.parametrize("width", [390, 1280])
def test_no_sideways_page_scroll(site: Path, tmp_path: Path, width: int) -> None:
    for name in ["index.html", "el/index.html", "catalogue.html"]:
        result = probe(site / name, width, [], tmp_path)
        assert result["iw"] == width
        assert result["sw"] <= result["iw"], f"{name} at {width}px scrolls sideways ({result['sw']}px)"


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshot_without_console_errors(site: Path, tmp_path: Path, width: int) -> None:
    shot = tmp_path / f"book-{width}.png"
    done = run_chromium(["--hide-scrollbars", "--enable-logging=stderr", "--v=0", f"--window-size={width},900",
                 f"--screenshot={shot}", (site / "index.html").as_uri()], tmp_path)
    assert shot.is_file() and shot.stat().st_size > 10_000
    console = [line for line in done.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line
               or "Content Security Policy" in line or "Content-Security-Policy" in line]
    assert console == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_book_prints_on_at_most_70_pages(site: Path, tmp_path: Path, lang: str) -> None:
    page = site / ("index.html" if lang == "en" else f"{lang}/index.html")
    pdf = tmp_path / f"book-{lang}.pdf"
    run_chromium(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()], tmp_path)
    pages = pdf_pages(pdf)
    assert 10 < pages <= PRINT_PAGE_LIMIT, f"{lang}: {pages} pages"


def test_quick_reference_prints_on_one_page(site: Path, tmp_path: Path) -> None:
    for lang in LANGUAGES:
        page = site / ("quickref.html" if lang == "en" else f"{lang}/quickref.html")
        pdf = tmp_path / f"quickref-{lang}.pdf"
        run_chromium(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()], tmp_path)
        assert pdf_pages(pdf) == 1, lang


# --- the book at the table (issue 21): phone, search, contrast, headings, :target -----------

REPORT = """window.addEventListener("load", function () {
  var result = (function () { BODY })();
  parent.postMessage(JSON.stringify({name: NAME, result: result}), "*");
});"""


def evaluate(pages: list[tuple[Path, str]], width: int, body: str, tmp: Path, *flags: str) -> dict[str, object]:
    """Load each page (with its #fragment, if any) in an iframe of ``width`` CSS pixels, run
    ``body`` (a JavaScript function body returning a JSON value) in it once it has loaded, and
    return the results by page name. One browser run serves every page."""
    frames = []
    for index, (page, fragment) in enumerate(pages):
        name = f"{page.parent.name}/{page.name}{fragment}"
        script = REPORT.replace("BODY", body).replace("NAME", json.dumps(name))
        digest = "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"
        text = page.read_text(encoding="utf-8")
        text = text.replace("script-src ", f"script-src {digest} ", 1).replace("</body>", f"<script>{script}</script></body>", 1)
        copy = page.with_name(f"eval{index}-" + page.name)
        copy.write_text(text, encoding="utf-8")
        frames.append(f'<iframe src="{copy.relative_to(tmp).as_posix()}{fragment}" style="border:0;width:{width}px;height:900px"></iframe>')
    harness = tmp / "harness-eval.html"
    harness.write_text(
        '<!DOCTYPE html><html><body style="margin:0">' + "".join(frames) +
        '<script>var got = {}; window.addEventListener("message", function (e) { var m = JSON.parse(e.data); '
        f'got[m.name] = m.result; if (Object.keys(got).length === {len(pages)}) '
        '{ document.body.setAttribute("data-probe", JSON.stringify(got)); } });</script></body></html>',
        encoding="utf-8")
    done = run_chromium([f"--window-size={max(width, 500) + 40},960", "--virtual-time-budget=30000", "--dump-dom", *flags,
                 harness.as_uri()], tmp)
    found = re.search(r'data-probe="([^"]*)"', done.stdout)
    assert found, "a page did not report: its script or the probe failed to run"
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture(scope="module")
def copied(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site copied under one folder, so a harness there reaches every page."""
    folder = tmp_path_factory.mktemp("copied")
    shutil.copytree(site, folder / "docs")
    return folder


OVERFLOW = """var quick = document.getElementById("quick-reference"), out = [];
[].slice.call(quick.querySelectorAll(".table-wrap, table, p, h1, h2, h3, ol, div")).forEach(function (el) {
  if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
    out.push(el.tagName + "." + el.className + " " + el.scrollWidth + ">" + el.clientWidth); }
  var box = el.getBoundingClientRect();
  if (box.right > document.documentElement.clientWidth + 1) { out.push(el.tagName + "." + el.className + " ends at " + box.right); }
});
return {sw: document.documentElement.scrollWidth, iw: window.innerWidth, overflow: out,
        stacked: getComputedStyle(quick.querySelector("table.qr-streets tbody tr")).display === "block"};"""


@pytest.mark.parametrize("width", [390, 560, 1024])
def test_quick_reference_fits_a_phone_and_a_window_in_every_language(copied: Path, tmp_path: Path, width: int) -> None:
    """At a phone's width, a large phone's or small tablet's, and a laptop's (where the book's
    column is narrowed by its contents), in every language: nothing in the quick reference
    scrolls sideways, and the book and the quick reference alone lay it out the same way."""
    results: dict = {}
    for lang in LANGUAGES:  # one browser run a language: eight whole books in one run is slow to load
        folder = copied / "docs" if lang == "en" else copied / "docs" / lang
        results.update(evaluate([(folder / "quickref.html", ""), (folder / "index.html", "")], width, OVERFLOW, copied))
    assert len(results) == 2 * len(LANGUAGES)
    for name, result in results.items():
        assert result["iw"] == width, name
        assert result["sw"] <= width, f"{name}: the page scrolls sideways ({result['sw']} px)"
        assert result["overflow"] == [], f"{name}: the quick reference scrolls sideways inside: {result['overflow']}"
    for lang in LANGUAGES:
        pair = [result["stacked"] for name, result in results.items() if name.split("/")[0] == ("docs" if lang == "en" else lang)]
        assert len(pair) == 2 and pair[0] == pair[1], f"{lang} at {width}px: the book and quickref.html lay the table out differently"
    if width == 390:
        assert all(result["stacked"] for result in results.values()), "on a phone every quick reference stacks its rows"


KEYS = """var q = document.getElementById("q"), box = document.getElementById("search"), out = {};
function key(el, name) { el.dispatchEvent(new KeyboardEvent("keydown", {key: name, bubbles: true, cancelable: true})); }
function here() { var a = document.activeElement; return a ? (a.id || a.getAttribute("data-search")) : null; }
q.value = "WORD"; q.dispatchEvent(new Event("input"));
out.shown = [].slice.call(document.querySelectorAll("[data-search]")).filter(function (e) {
  return !e.hidden && e.offsetParent !== null; }).map(function (e) { return e.id || e.getAttribute("data-search"); });
key(q, "ArrowDown"); out.first = here();
key(document.activeElement, "ArrowDown"); out.second = here();
out.picked = document.querySelectorAll(".picked").length;
key(document.activeElement, "ArrowUp"); out.back = here();
key(document.activeElement, "Enter"); out.opened = location.hash;
key(document.activeElement, "Escape"); out.escape = document.activeElement === q;
location.hash = ""; box.requestSubmit(); out.submitted = location.hash;
return out;"""


@pytest.mark.parametrize("lang, word", [("en", "stub"), ("el", "μάρκα")])
def test_search_can_be_driven_by_the_keyboard(copied: Path, lang: str, word: str) -> None:
    """Down and Up move through the matches, Enter opens the chosen one, Escape goes back to the
    field, and Enter in the field opens the first match."""
    page = copied / "docs" / ("" if lang == "en" else lang) / "index.html"
    [result] = evaluate([(page, "")], 1280, KEYS.replace("WORD", word), copied).values()
    shown = result["shown"]
    assert len(shown) >= 2, result
    assert result["first"] == shown[0] and result["second"] == shown[1] and result["back"] == shown[0], result
    assert result["picked"] == 1 and result["escape"] is True, result
    assert result["opened"].startswith("#") and result["opened"] != "#", result
    assert result["submitted"] == result["opened"], result


SEARCH = """var q = document.getElementById("q"), out = {};
QUERIES.forEach(function (text) {
  q.value = text; q.dispatchEvent(new Event("input"));
  out[text] = [].slice.call(document.querySelectorAll("[data-search]")).filter(function (e) {
    return !e.hidden && e.offsetParent !== null; }).map(function (e) { return e.id || e.getAttribute("data-search"); });
});
return out;"""

SCOPE_WORDS = {"en": ["misdeals", "string bets", "cards speak", "exposed cards"], "et": ["valejagamisi"],
               "pl": ["błędnych rozdań"], "el": ["λάθος μοιράσματα"]}


def test_search_finds_what_the_book_leaves_to_the_house(copied: Path) -> None:
    pages = [((copied / "docs" / ("" if lang == "en" else lang) / "index.html"), "") for lang in LANGUAGES]
    results: dict = {}
    for lang, (page, fragment) in zip(LANGUAGES, pages):
        body = SEARCH.replace("QUERIES", json.dumps(SCOPE_WORDS[lang]))
        results[lang] = next(iter(evaluate([(page, fragment)], 1280, body, copied).values()))
    for lang, found in results.items():
        for words, shown in found.items():
            assert "scope" in shown, f"{lang}: searching {words!r} shows the scope ({shown})"
    english = results["en"]
    assert "floor-exposed-down-cards" in english["misdeals"] and "floor-verbal-string-bets" in english["string bets"]
    assert "floor-cards-speak" in english["cards speak"]


def _luminance(rgb: str) -> float:
    values = [int(v) for v in re.findall(r"\d+(?:\.\d+)?", rgb)[:3]]

    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in values)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


FIELD = """var q = document.getElementById("q"), el = q.parentElement, bg = "rgba(0, 0, 0, 0)";
while (el && (bg === "rgba(0, 0, 0, 0)" || bg === "transparent")) { bg = getComputedStyle(el).backgroundColor; el = el.parentElement; }
var s = getComputedStyle(q);
return {edge: s.borderTopColor, width: s.borderTopWidth, around: bg, field: s.backgroundColor,
        scheme: matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"};"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_search_fields_edge_stands_out(copied: Path, scheme: str) -> None:
    flags = ("--force-dark-mode",) if scheme == "dark" else ()
    pages = [(copied / "docs" / "index.html", ""), (copied / "docs" / "catalogue.html", "")]
    for name, result in evaluate(pages, 1280, FIELD, copied, *flags).items():
        assert result["scheme"] == scheme, f"{name}: the browser did not take the {scheme} scheme"
        assert result["width"] != "0px"
        assert contrast(result["edge"], result["around"]) >= 3.0, f"{name} ({scheme}): {result}"
        assert contrast(result["edge"], result["field"]) >= 3.0, f"{name} ({scheme}): {result}"


HEADINGS = """return {h1: document.querySelectorAll("h1").length,
        text: (document.querySelector("h1") || {textContent: ""}).textContent.trim()};"""


def test_every_page_has_an_h1(copied: Path) -> None:
    pages = [(page, "") for page in sorted((copied / "docs").rglob("*.html"))
             if page.name in ("index.html", "quickref.html", "catalogue.html")]
    results: dict = {}
    for folder in sorted({page.parent for page, _ in pages}):  # a browser run a folder
        results.update(evaluate([p for p in pages if p[0].parent == folder], 1280, HEADINGS, copied))
    assert len(results) == len(pages) >= 9
    for name, result in results.items():
        assert result["h1"] == 1 and result["text"], f"{name}: {result}"


TARGET = """var t = document.querySelector(":target"), other = document.querySelector("OTHER");
function look(el) { var s = getComputedStyle(el); return s.backgroundColor + " " + s.outlineStyle + " " + s.outlineColor; }
return {id: t ? t.id : null, target: t ? look(t) : null, other: look(other)};"""


def test_the_section_a_link_leads_to_is_highlighted(copied: Path) -> None:
    cases = [(copied / "docs" / "index.html", "#table.ante", "section.rule:not(:target)"),
             (copied / "docs" / "index.html", "#term-stub", "dt:not(:target)"),
             (copied / "docs" / "el" / "index.html", "#option-raise_cap", "section.option:not(:target)"),
             (copied / "docs" / "catalogue.html", "#showdown-350", "article:not(:target)"),
             (copied / "docs" / "catalogue.html", "#odd-chip.high-half", "table.coverage tr:not(:target)")]
    for page, fragment, other in cases:
        body = TARGET.replace("OTHER", other)
        [result] = evaluate([(page, fragment)], 1280, body, copied).values()
        assert result["id"] == fragment[1:], f"{page.name}{fragment}: {result}"
        if other.startswith("table"):  # a row: its cells carry the highlight
            cells = TARGET.replace("OTHER", other + " > *").replace('document.querySelector(":target")',
                                                                      'document.querySelector(":target > *")')
            [result] = evaluate([(page, fragment)], 1280, cells, copied).values()
        assert result["target"] != result["other"], f"{page.name}{fragment}: not highlighted ({result})"
