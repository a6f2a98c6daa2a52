"""The printed rule book: ``stud8 docs --pdf`` writes ``rules.pdf`` and ``quickref.pdf`` per language.

Why WeasyPrint and not Chromium's print: a printed book needs a contents with page numbers,
and only CSS Paged Media gives them in one pass: ``target-counter(attr(href), page)`` prints
the page a contents link leads to, ``@page`` margin boxes print the page number, ``leader()``
draws the dots. WeasyPrint implements all three; Chromium's print does not implement
``target-counter()`` (its contents would need a second pass that reads the PDF back), and
Chromium is a browser to install rather than a Python package. WeasyPrint is a named optional
dependency of this project (the ``pdf`` extra, also in the ``test`` extra; ``python -m pip install
weasyprint`` brings it wherever stud8 came from) and needs
the Pango library, which Debian and most Linux systems have.

The PDF is made from the very HTML ``stud8 docs`` writes, read with the print style sheet
(``@media print`` in ``style.css``): the paper layout is defined once, and a reader printing
the page from a browser gets the same book less the contents' page numbers.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from pathlib import Path

from stud8.spec.errors import Stud8Error

INSTALL_WEASYPRINT = "python -m pip install weasyprint"
"""A command that installs WeasyPrint wherever stud8 came from (a checkout, a wheel, an index):
the package by its own name, not ``stud8[pdf]``, which only an index that has stud8 can resolve."""


def weasyprint_problem() -> str | None:
    """Why WeasyPrint cannot be used here (not installed, or its Pango library missing), or None."""
    try:
        import weasyprint  # noqa: F401
    except ImportError:
        return f"WeasyPrint is not installed ({INSTALL_WEASYPRINT})"
    except OSError as error:  # WeasyPrint imports but cannot load Pango
        return f"WeasyPrint cannot load its Pango library: {str(error).splitlines()[0]}"
    return None


def pdf_names(html_names: Iterable[str]) -> dict[str, str]:
    """The PDF to make of each book page: ``index.html`` -> ``rules.pdf``, ``quickref.html`` ->
    ``quickref.pdf``, in the same folder (``et/index.html`` -> ``et/rules.pdf``)."""
    out = {}
    for name in html_names:
        folder, _, base = name.rpartition("/")
        prefix = f"{folder}/" if folder else ""
        if base == "index.html":
            out[name] = f"{prefix}rules.pdf"
        elif base == "quickref.html":
            out[name] = f"{prefix}quickref.pdf"
    return out


def render_pdf(html: str, base: Path) -> bytes:
    """One page of HTML as PDF bytes, read as print media. ``base`` is the folder the page's
    relative links resolve against (the PDF's internal links are kept, external ones dropped)."""
    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    document = weasyprint.HTML(string=html, base_url=str(base) + "/")
    return bytes(document.write_pdf())


def make_pdfs(out: Path, pages: Mapping[str, str]) -> dict[str, bytes]:
    """The PDF of each book page among ``pages`` (relative name -> HTML text, as ``stud8 docs``
    writes them into ``out``): relative name -> PDF bytes. Raises ``Stud8Error`` (``usage``)
    when WeasyPrint cannot be used."""
    problem = weasyprint_problem()
    if problem:
        raise Stud8Error(f"--pdf: {problem}", "usage")
    return {pdf: render_pdf(pages[html], (out / html).parent) for html, pdf in pdf_names(pages).items()}
