"""The printed rule book (``stud8 docs --pdf``, WeasyPrint).

Runs where WeasyPrint and its Pango library are installed (the ``test`` extra brings
WeasyPrint; Pango comes with the system) and skips, saying which is missing, elsewhere. The
English book is laid out once through WeasyPrint's API (the same call ``stud8 docs --pdf``
makes), and its pages are read back: the page number printed on every page, the contents'
page numbers against the pages their sections land on, a full first page, a catalogue link
reading "catalogue, rule-id". The command itself is run for one language; every language is
printed by the slow test (``--run-slow``).
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path
from typing import Any

import pytest

from stud8.spec.rulebook import default_rulebook
from stud8.tools.cli import main
from stud8.tools.docs.i18n import LANGUAGES
from stud8.tools.docs.order import book_rule_ids
from stud8.tools.docs.pdf import pdf_names, weasyprint_problem

PROBLEM = weasyprint_problem()
needs_weasyprint = pytest.mark.skipif(PROBLEM is not None, reason=f"no PDF tool: {PROBLEM}")
A4 = (793.7, 1122.5)  # CSS pixels
PAGES = (30, 64)  # the Greek book, the longest, is 61 pages at 846 scenarios


def pdf_page_count(data: bytes) -> int:
    """Page objects in a PDF, looked for in the file and inside its compressed object streams."""
    chunks = [data]
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.DOTALL):
        try:
            chunks.append(zlib.decompress(stream))
        except zlib.error:
            continue
    return sum(len(re.findall(rb"/Type\s*/Page(?![s\w])", chunk)) for chunk in chunks)


def _text(box: Any, out: list[str]) -> None:
    if isinstance(getattr(box, "text", None), str):
        out.append(box.text)
    for child in getattr(box, "children", None) or []:
        _text(child, out)


def page_text(page: Any) -> str:
    out: list[str] = []
    _text(page._page_box, out)
    return "".join(out)


def margin_text(page: Any) -> str:
    out: list[str] = []
    for child in page._page_box.children:
        if type(child).__name__ == "MarginBox":
            _text(child, out)
    return "".join(out).strip()


def contents_numbers(page: Any) -> dict[str, int]:
    """Contents link target -> the page number printed after it (the link's ::after box)."""
    found: dict[str, int] = {}

    def walk(box: Any) -> None:
        if getattr(box, "element_tag", None) == "a::after":
            href = box.element.get("href", "")
            text: list[str] = []
            _text(box, text)
            number = re.search(r"(\d+)\s*$", "".join(text))
            if href.startswith("#") and number and "cat" not in (box.element.get("class") or ""):
                found.setdefault(href[1:], int(number.group(1)))
        for child in getattr(box, "children", None) or []:
            walk(child)

    walk(page._page_box)
    return found


@pytest.fixture(scope="module")
def site(rendered_docs: Path) -> Path:
    return rendered_docs  # the English book is at the top of the rendering


@pytest.fixture(scope="module")
def document(site: Path) -> Any:
    if PROBLEM:
        pytest.skip(f"no PDF tool: {PROBLEM}")
    import weasyprint

    return weasyprint.HTML(string=(site / "index.html").read_text(encoding="utf-8"), base_url=str(site) + "/").render()


@needs_weasyprint
def test_a4_pages_each_with_its_number(document: Any) -> None:
    pages = document.pages
    assert PAGES[0] <= len(pages) <= PAGES[1], f"{len(pages)} pages"
    assert (round(pages[0].width, 1), round(pages[0].height, 1)) == A4
    assert [margin_text(page) for page in pages] == [str(n) for n in range(1, len(pages) + 1)]


@needs_weasyprint
def test_the_contents_give_the_pages_their_sections_are_on(document: Any) -> None:
    where = {}
    for number, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            where.setdefault(anchor, number)
    printed: dict[str, int] = {}
    for page in document.pages[:3]:
        printed.update(contents_numbers(page))
    expected = {"quick-reference", "whole-hand", "rules", "options", "floor", "glossary", "sources", "seed-quotes",
                "section-table", "section-odd-chip", *book_rule_ids(default_rulebook())}
    assert expected <= set(printed), sorted(expected - set(printed))
    wrong = {anchor: (number, where[anchor]) for anchor, number in printed.items() if where[anchor] != number}
    assert wrong == {}, "printed page != the page the section is on"
    assert list(printed.values()) == sorted(printed.values()), "the contents run in page order"


@needs_weasyprint
def test_the_first_page_is_full(document: Any) -> None:
    first = document.pages[0]
    assert {"top", "scope", "toc"} <= set(first.anchors)
    assert len(page_text(first)) > 2500, "page 1 holds the title, the scope and the contents, not a few lines"
    assert "misdeals" in page_text(first)


@needs_weasyprint
def test_on_paper_a_catalogue_link_names_the_catalogue_and_the_rule(document: Any) -> None:
    text = "".join(page_text(page) for page in document.pages)
    assert "catalogue, table.players" in text and "catalogue, odd-chip.tied-both-ways" in text
    assert "in the catalogue (" not in text


@needs_weasyprint
def test_the_whole_hand_prints_its_cards(document: Any) -> None:
    start = next(n for n, page in enumerate(document.pages) if "whole-hand" in page.anchors)
    text = "".join(page_text(page) for page in document.pages[start:start + 4])
    assert "▼" in text and "♣" in text and "169 chips do not halve evenly" in text


@needs_weasyprint
def test_command_writes_a_pdf_per_page_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "docs"
    assert main(["docs", "--out", str(out), "--lang", "el", "--pdf"]) == 0
    assert "el/rules.pdf" in capsys.readouterr().out
    book, quick = (out / "el" / "rules.pdf").read_bytes(), (out / "el" / "quickref.pdf").read_bytes()
    assert book.startswith(b"%PDF-") and PAGES[0] <= pdf_page_count(book) <= PAGES[1]
    assert pdf_page_count(quick) == 1, "the quick reference prints on one page"
    assert b"/CreationDate" not in book and b"/ModDate" not in book, "no dates: the same book gives the same PDF"
    assert not (out / "rules.pdf").exists()


def test_pdf_names() -> None:
    assert pdf_names(["index.html", "quickref.html", "et/index.html", "catalogue.html"]) == {
        "index.html": "rules.pdf", "quickref.html": "quickref.pdf", "et/index.html": "et/rules.pdf"}


def test_pdf_without_weasyprint_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.tools import docs_cmd

    monkeypatch.setattr(docs_cmd, "weasyprint_problem", lambda: "WeasyPrint is not installed (pip install 'stud8[pdf]')")
    out = tmp_path / "docs"
    assert main(["docs", "--out", str(out), "--pdf"]) == 2
    assert capsys.readouterr().err == "stud8 docs: --pdf: WeasyPrint is not installed (pip install 'stud8[pdf]')\n"
    assert not out.exists(), "nothing is written"


@pytest.mark.slow
@needs_weasyprint
def test_every_language_prints(tmp_path: Path) -> None:
    out = tmp_path / "docs"
    assert main(["docs", "--out", str(out), "--lang", "all", "--pdf"]) == 0
    for lang in LANGUAGES:
        folder = out if lang == "en" else out / lang
        assert PAGES[0] <= pdf_page_count((folder / "rules.pdf").read_bytes()) <= PAGES[1], lang
        assert pdf_page_count((folder / "quickref.pdf").read_bytes()) == 1, lang
