"""The inventory of line kinds each site writes (issue 28 item 1), checked and printed.

Every line kind a supported site writes is accounted for: read by a row of the site's
grammar (``grammar.Row``: an action, a seat, a payout...), deliberately ignored by one (an
``ignore`` row: chat, time-outs, joins, descriptions), or listed as a line of the site's
other games (``Grammar.other_games``: blinds, boards, draws, never in a stud hand). Each row
carries an example line the site writes, and where the kind comes from: a history in
``shared/site-hands`` (found here, file and line), or the public fpdb parser's definitions
(``Row.source``). PokerStars keeps its own reader; its line kinds are listed the same way in
``pokerstars.LINES``. Merge and iPoker write XML: their element tables are their inventory.

``unaccounted(grammar, texts)`` gives the lines of a site's histories no row accounts for
(the test holds it to none over the whole corpus); ``evidence`` finds the history line that
shows each row; ``markdown`` prints the inventory for docs/audit.md.
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from stud8.conformance.handhistory.grammar import Grammar, GrammarReader, Row
from stud8.conformance.handhistory.pokerstars import HAND_START
from stud8.conformance.handhistory.readers import READER_MODULES, detect, detect_encoding
from stud8.conformance.handhistory.sitebuild import split_hands


def grammars() -> list[Grammar]:
    """Every site grammar, in the readers' order."""
    found = []
    for name in READER_MODULES:
        reader = importlib.import_module(f"stud8.conformance.handhistory.{name}").READER
        if isinstance(reader, GrammarReader):
            found.append(reader.grammar)
    return found


def site_lines(paths: Iterable[Path]) -> Iterator[tuple[str, Path, int, str]]:
    """``(reader name, file, line number, text)`` of every non-blank line of every hand of
    the text histories under ``paths`` (the lines a reader meets, cleaned as it cleans them),
    the folders in the order given, each in name order."""
    for path in [p for root in paths for p in ([root] if root.is_file() else sorted(root.rglob("*"))) if p.is_file()]:
        raw = path.read_bytes()
        text = raw.decode(detect_encoding(raw[:32768]), errors="replace")
        reader = detect(text[:16384])
        if reader is None:
            continue
        if isinstance(reader, GrammarReader):
            start = reader.grammar.start_regex
        elif reader.name == "pokerstars":
            start = _STARS_START
        else:
            continue  # XML and JSON: their element tables are their inventory
        for hand in split_hands(io.StringIO(text), start):
            for number, line in hand.numbered():
                cleaned = line.replace("\x00", "").strip().rstrip("\ufffd")
                if cleaned:
                    yield reader.name, path, number, cleaned


_STARS_START = re.compile(HAND_START)


def _matches(rows: Iterable[Row], line: str) -> Row | None:
    return next((row for row in rows if row.regex.match(line)), None)


def unaccounted(grammar: Grammar, lines: Iterable[str]) -> list[str]:
    """The lines no row of the grammar (its rows or its other games' rows) matches."""
    rows = grammar.rows + grammar.other_games
    return [line for line in lines if _matches(rows, line) is None]


@dataclass(frozen=True)
class Entry:
    """One line kind of the inventory: what it does, its example, where it comes from."""

    does: str
    example: str
    source: str


def evidence(rows: Iterable[Row], lines: Iterable[tuple[Path, int, str]], base: Path) -> dict[int, str]:
    """For each row (by index), the first history line it matches (``file:line``, relative to
    ``base``). Which row the machine gives a line (the first that matches in its section) is
    checked apart, on each row's own example."""
    rows = list(rows)
    found: dict[int, str] = {}
    for path, number, text in lines:
        for index, row in enumerate(rows):
            if index not in found and row.regex.match(text):
                found[index] = f"{path.relative_to(base).as_posix()}:{number}"
    return found


def entries(grammar: Grammar, roots: list[Path], base: Path) -> list[Entry]:
    """The grammar's inventory: every row, then every other-game row, with its source."""
    lines = [(path, number, text) for name, path, number, text in site_lines(roots) if name == grammar.name]
    rows = grammar.rows + grammar.other_games
    shown = evidence(grammar.rows, lines, base)
    shown.update({len(grammar.rows) + index: where for index, where in evidence(grammar.other_games, lines, base).items()})
    result = []
    for index, row in enumerate(rows):
        kind = row.does if index < len(grammar.rows) else "other game"
        source = shown.get(index) or row.source
        result.append(Entry(kind, row.example, source))
    return result


def markdown(roots: list[Path], base: Path) -> str:
    """The inventory of every text site as Markdown tables (docs/audit.md's appendix), the
    history lines named relative to ``base``."""
    from stud8.conformance.handhistory import pokerstars

    out: list[str] = []
    sites = [(grammar.site, entries(grammar, roots, base)) for grammar in grammars()]
    stars_lines = [(path, number, text) for name, path, number, text in site_lines(roots) if name == "pokerstars"]
    stars = pokerstars.LINES + pokerstars.OTHER_GAMES
    shown = evidence(stars, stars_lines, base)
    sites.insert(0, ("PokerStars", [Entry(row.does if index < len(pokerstars.LINES) else "other game", row.example,
                                          shown.get(index) or row.source)
                                    for index, row in enumerate(stars)]))
    out.append("| site | line kinds read | ignored | other games' | from the corpus | from fpdb only |")
    out.append("|---|---|---|---|---|---|")
    for site, listed in sites:
        read = sum(entry.does not in ("ignore", "other game") for entry in listed)
        ignored = sum(entry.does == "ignore" for entry in listed)
        other = sum(entry.does == "other game" for entry in listed)
        corpus = sum(not entry.source.startswith("fpdb") for entry in listed)
        out.append(f"| {site} | {read} | {ignored} | {other} | {corpus} | {len(listed) - corpus} |")
    for site, listed in sites:
        out.append("")
        out.append(f"#### {site}")
        out.append("")
        out.append("| line kind | example | source |")
        out.append("|---|---|---|")
        for entry in listed:
            example = entry.example.replace("|", "\\|")
            out.append(f"| {entry.does} | `{example}` | {entry.source.replace('|', '/')} |")
    return "\n".join(out) + "\n"


START = "<!-- inventory: generated by stud8.conformance.handhistory.inventory -->\n"
END = "<!-- /inventory -->"


def regenerate(checkout: Path) -> None:
    """Write the inventory into ``docs/audit.md`` of a checkout, between its markers, from the
    histories the tests read (``tests/data/site-hands``, ``tests/data/site-corpus``)."""
    data = checkout / "tests" / "data"
    page = checkout / "docs" / "audit.md"
    text = page.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    page.write_text(head + START + markdown([data / "site-hands", data / "site-corpus"], data) + END + tail,
                    encoding="utf-8")


if __name__ == "__main__":  # python -m stud8.conformance.handhistory.inventory [CHECKOUT]
    import sys

    regenerate(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
