"""An SVG badge per engine: ``stud8 | 329/410``, scenarios passed of those the engine plays.

A flat two-part badge of the usual look (a grey label, a coloured value), drawn here from scratch:
no font is embedded, so text widths are estimated from a table of character widths of a
Verdana-like face at 11 px and fixed with ``textLength``, which makes every viewer draw the text
at exactly that width. Colours: green when every applicable scenario passes, yellow at 90% or
more, orange at 75% or more, red below. Scenarios the engine does not play are said in the
value (``199/199, 211 n/a``): a badge must not look greener than the engine is; a run that
stopped early reads ``stopped after 3``, in red, whatever its counts.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from stud8.tools.compare.model import EngineRun

_NARROW = set("fijlrt.,:;'|!() ")
_WIDE = set("mwMW@%")


def text_width(text: str) -> int:
    """Estimated width in pixels of ``text`` at 11 px."""
    width = 0.0
    for char in text:
        width += 3.9 if char in _NARROW else 10.2 if char in _WIDE else 8.2 if char.isupper() else 7.0
    return round(width)


def colour(passed: int, applicable: int) -> str:
    if applicable == 0:
        return "#9f9f9f"
    share = passed / applicable
    if passed == applicable:
        return "#2e8540"
    if share >= 0.9:
        return "#a4a61d"
    if share >= 0.75:
        return "#d36b00"
    return "#c0262d"


STOPPED_COLOUR = "#c0262d"


def badge_value(run: EngineRun) -> str:
    """``329/410`` (passed of applicable), ``, 211 n/a`` when some were not; a run that stopped
    early says only that (``stopped after 3``): its counts would read as a result."""
    if run.stopped is not None:
        return f"stopped after {run.played}"
    counts = run.counts()
    value = f"{counts['pass']}/{run.applicable}"
    return value + (f", {counts['n/a']} n/a" if counts["n/a"] else "")


def badge_colour(run: EngineRun) -> str:
    if run.stopped is not None:
        return STOPPED_COLOUR
    return colour(run.counts()["pass"], run.applicable)


def badge_svg(run: EngineRun, label: str = "stud8") -> str:
    """The badge of one engine's run, as a standalone SVG document."""
    value = badge_value(run)
    counts = run.counts()
    left, right = text_width(label) + 12, text_width(value) + 12
    total = left + right
    title = (f"{run.name}: {counts['pass']} of {run.applicable} applicable stud8 scenarios pass "
             f"({counts['fail']} fail, {counts['error']} engine errors, {counts['n/a']} not applicable)")
    if run.stopped_text:
        title = f"{run.name}: the run {run.stopped_text}: {run.stopped}"
    fill = badge_colour(run)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" '
        f'aria-label="{escape(label)}: {escape(value)}">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{left}" height="20" fill="#555"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{fill}"/>'
        f'<g fill="#fff" font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11" text-anchor="middle">'
        f'<text x="{left / 2:g}" y="14" textLength="{left - 12}">{escape(label)}</text>'
        f'<text x="{left + right / 2:g}" y="14" textLength="{right - 12}">{escape(value)}</text>'
        "</g></svg>"
    )
