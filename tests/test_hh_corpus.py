"""The corpus of real site histories of every game (tests/data/site-corpus, copied byte for
byte from the shared corpus; see its SOURCE.md): every hand is read, every Stud/8 hand gets
the verdict worked out by hand, every hand of another stud game is read through to books that
balance and then refused naming its game, every other hand is refused naming its game, and no
file of a supported site is of "unknown format".

What each file holds is taken from the corpus's own README (SOURCE.md here), written when the
corpus was gathered, by counting each file's hand headers and the game each names: the tests
hold the readers to that independent count, file by file.

The Stud/8 hands of the corpus are older upstream copies of hands in tests/data/site-hands
(other line endings, spacing, the hero's own name): their verdicts and nets, worked out by hand
from the file text, are in test_hh_sites.py; here each copy must give the same verdict, the same
rule and the same nets, the player whose history it is renamed as that copy names him.

The one hand of the corpus that cannot be read is damaged at its source, and the test names it:
Kings Club hand 3703449 (2-7 Razz, fpdb's "multi.pot.failure" file) pays a side pot the file
never prints. Player2 is all in for 1,787.75 and wins the main pot (5,613.25: 1,787.75 from each
of Player1, Hero and Player2 and 250 of Player0's ante and bring-in); Player1 and Hero put in
3,125 each, 1,337.25 past the main pot, and Hero folds fifth street to Player1's bet, so the
side pot of 2,674.50 is Player1's, yet no line pays it. Only the summary's net says so
("Seat 2: Player1 (12,298.50) -450.50": 2,674.50 less 3,125). The money check refuses the hand
at that line: the books as printed do not balance.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from stud8.conformance.handhistory.audit import HandVerdict, audit_item
from stud8.conformance.handhistory.batch import hands
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord

ROOT = Path(__file__).parent / "data"
CORPUS = ROOT / "site-corpus"
SITES = ROOT / "site-hands"

# The corpus README's game names, and the name the classifier gives the same game.
GAMES = {
    "7 Card Stud Hi/Lo": "Seven Card Stud Hi/Lo (fixed limit)",
    "7 Card Stud Hi/Lo (No Limit)": "Seven Card Stud Hi/Lo (no limit)",
    "7 Card Stud (high)": "Seven Card Stud",
    "Razz": "Razz",
    "2-7 Razz": "2-7 Razz",
    "5 Card Stud": "Five Card Stud",
    "Hold'em": "Hold'em",
    "Omaha": "Omaha",
    "Omaha Hi/Lo": "Omaha Hi/Lo",
    "5 Card Omaha Hi/Lo (Big O)": "Five Card Omaha Hi/Lo",
    "Badugi": "Badugi",
    "Badeucey (draw)": "Badeucey",
    "2-7 Triple Draw": "2-7 Triple Draw",
}
STUD_GAMES = {"7 Card Stud Hi/Lo (No Limit)", "7 Card Stud (high)", "Razz", "2-7 Razz", "5 Card Stud"}
DAMAGED = {("kingsclub/2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt", "3703449"):
           ("the money does not balance", 51, "Player1's net is -450.50")}
"""Hands damaged at their source (see the module docstring): the reason and the line named."""


def _readme_rows() -> list[tuple[str, str, int]]:
    """``(file, game, hands)`` for each row of the corpus README's file table."""
    rows = []
    for line in (CORPUS / "SOURCE.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) == 7 and cells[0].startswith("`"):
            found = re.fullmatch(r'(.+): (\d+) \("[^"]*"\)', cells[6])
            assert found, cells[6]
            rows.append((cells[0].strip("`"), found.group(1), int(found.group(2))))
    return rows


ROWS = _readme_rows()


def _items(path: Path) -> list[HandRecord | HandProblem]:
    return [item for item in open_history(path)]


def test_the_readme_lists_every_file_of_the_corpus() -> None:
    listed = {name for name, _, _ in ROWS}
    on_disk = {path.relative_to(CORPUS).as_posix() for path in CORPUS.rglob("*") if path.is_file()} - {"SOURCE.md"}
    assert len(ROWS) == 83 and listed == on_disk
    assert sum(count for _, _, count in ROWS) == 385


@pytest.mark.parametrize(("name", "game", "count"), ROWS, ids=[row[0] for row in ROWS])
def test_every_hand_of_each_file_is_read_and_refused_or_judged_as_its_game(name: str, game: str, count: int) -> None:
    items = _items(CORPUS / name)
    assert len(items) == count, [str(item) for item in items if isinstance(item, HandProblem)][:3]
    for item in items:
        assert item.site and item.site != "unknown"
        key = (name, item.hand_id)
        if key in DAMAGED:
            continue
        if game == "7 Card Stud Hi/Lo":
            assert isinstance(item, HandRecord) or (isinstance(item, HandProblem) and "cut short" in item.reason)
            continue
        assert isinstance(item, HandProblem) and item.verdict == "not-stud8", item
        assert item.reason.startswith(GAMES[game]), (item.reason, game)
        assert "not Seven Card Stud Hi/Lo" in item.reason
        # A stud game is read through, its books balanced, before it is refused.
        assert ("read through: its books balance" in item.reason) == (game in STUD_GAMES), item.reason


def test_no_file_of_a_supported_site_is_unknown() -> None:
    for path in sorted(CORPUS.rglob("*")):
        if path.is_file() and path.name != "SOURCE.md":
            for item in open_history(path):
                assert "unknown format" not in getattr(item, "reason", ""), path


def test_the_damaged_hand_is_unreadable_naming_the_line_where_the_books_part() -> None:
    for (name, hand), (why, line, detail) in DAMAGED.items():
        (item,) = [item for item in _items(CORPUS / name) if item.hand_id == hand]
        assert isinstance(item, HandProblem) and item.verdict == "unreadable"
        assert item.reason.startswith(why) and detail in item.reason and item.line == line


# --- the Stud/8 hands: the verdicts worked out by hand in test_hh_sites.py ---------------------

COPIES = {
    # corpus copy: (the tests/data/site-hands file it copies, {name there: name in the copy})
    "pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.osx-09b0e02c.txt":
        ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", {"Hero": "s0rrow"}),
    "pokerstars/7-StudHL-USD-0.04-0.08-200911.osx-8371ed24.txt":
        ("pokerstars/7-StudHL-USD-0.04-0.08-200911.txt", {"Hero": "s0rrow"}),
    "fulltilt/7-StudHL-USD-2-4-201103.Underscore.in.tablename.osx-bcb23d47.txt":
        ("fulltilt/7-StudHL-USD-2-4-201103.txt", {}),
    "partypoker/7-StudHL-USD-0.50-1.00-201008.osx-c169cced.txt":
        ("partypoker/7-StudHL-USD-0.50-1.00-201008.txt", {"Hero": "XMAN1"}),
    "bovada/7-StudHL-USD-0.25-0.50-201209.osx-1f709701.txt": ("bovada/7-StudHL-USD-0.25-0.50-201209.txt", {}),
    "merge/7-StudHL-USD-0.25-0.50-201111.osx-fc932c07.txt": ("merge/7-StudHL-USD-0.25-0.50-201111.txt", {}),
    "merge/7-StudHL-USD-0.25-0.50-201307.no.null.osx-cacf8a1d.xml": ("merge/7-StudHL-USD-0.25-0.50-201307.xml", {}),
    "ongame/7-StudHL-USD-0.25-0.50-201008.All.streets.osx-ff814739.txt":
        ("ongame/7-StudHL-USD-0.25-0.50-201008.txt", {"Hero": "XMAN1"}),
    "ipoker/7-StudHL-EUR-0.05-0.10-201405.osx-9adabce2.txt": ("ipoker/7-StudHL-EUR-0.05-0.10-201405.xml", {}),
    "winning/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.osx-9d0b207e.txt":
        ("winning/7-Stud-HL-8max-USD-1.00-2.00-201608.txt", {}),
    "winamax/7-StudHL-6max-EUR-25-50-201611._8games_.osx-026f2914.txt":
        ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", {}),
}
"""The corpus's 22 Stud/8 hands in 11 files (and the no-limit one, refused above), each the copy
of a file whose every hand test_hh_sites.py works out by hand."""


def _verdicts(path: Path) -> list[HandVerdict]:
    return [audit_item(item) for item in open_history(path)]


def _renamed(pairs: tuple[tuple[str, int], ...], names: dict[str, str]) -> dict[str, int]:
    return {names.get(name, name): value for name, value in pairs}


@pytest.mark.parametrize("copy", sorted(COPIES), ids=sorted(COPIES))
def test_each_stud8_copy_gets_the_verdicts_of_the_hands_worked_by_hand(copy: str) -> None:
    original, names = COPIES[copy]
    copies, originals = _verdicts(CORPUS / copy), _verdicts(SITES / original)
    assert len(copies) == len(originals) > 0
    for mine, theirs in zip(copies, originals):
        assert (mine.hand, mine.verdict, mine.site) == (theirs.hand, theirs.verdict, theirs.site)
        assert [d.rule for d in mine.deviations] == [d.rule for d in theirs.deviations]
        assert dict(mine.net_recorded) == _renamed(theirs.net_recorded, names)
        assert dict(mine.net_rules) == _renamed(theirs.net_rules, names)
        assert (mine.pot, mine.rake, mine.rake_printed) == (theirs.pot, theirs.rake, theirs.rake_printed)


def test_every_stud8_hand_of_the_corpus_is_one_of_the_copies() -> None:
    stud8 = [name for name, game, _ in ROWS if game == "7 Card Stud Hi/Lo"]
    assert sorted(stud8) == sorted(COPIES)
    assert sum(count for name, game, count in ROWS if game == "7 Card Stud Hi/Lo") == 22


# --- the whole shared folder, per site ------------------------------------------------------------

# Per site, over tests/data/site-hands and the corpus together (the counts docs/audit.md gives):
# hands; read to a record (Stud/8, and the other stud games read through); of those, balanced;
# judged (conforms, deviates or cannot-judge); and the verdicts.
PER_SITE = {
    "PokerStars": (44, 39, 39, 16, {"conforms": 16, "not-stud8": 28}),
    "Full Tilt Poker": (27, 24, 24, 2, {"conforms": 2, "not-stud8": 25}),
    "PartyPoker": (7, 4, 4, 2, {"cannot-judge": 2, "not-stud8": 5}),
    "Bovada": (49, 46, 46, 2, {"conforms": 2, "not-stud8": 47}),
    "Merge Network": (19, 8, 8, 4, {"conforms": 4, "not-stud8": 15}),
    "Absolute Poker": (90, 1, 1, 1, {"conforms": 1, "not-stud8": 89}),
    "OnGame": (21, 7, 7, 2, {"cannot-judge": 2, "not-stud8": 19}),
    "iPoker": (132, 127, 127, 10, {"conforms": 10, "not-stud8": 122}),
    "Winning Poker Network": (11, 6, 6, 2, {"deviates": 2, "not-stud8": 7, "unreadable": 2}),
    "Americas Cardroom": (5, 2, 2, 1, {"conforms": 1, "not-stud8": 4}),
    "Kings Club": (9, 6, 5, 1, {"conforms": 1, "not-stud8": 7, "unreadable": 1}),
    "Winamax": (9, 6, 6, 2, {"conforms": 2, "not-stud8": 7}),
}


def test_per_site_hands_read_balanced_and_judged() -> None:
    seen: dict[str, Counter[str]] = {}
    for item in hands([SITES, CORPUS]):
        if isinstance(item, HandProblem) and item.verdict == "skipped":
            assert item.file.endswith("SOURCE.md")
            continue
        tally = seen.setdefault(item.site, Counter())
        verdict = audit_item(item)
        tally["hands"] += 1
        tally[verdict.verdict] += 1
        read_through = isinstance(item, HandProblem) and "read through: its books balance" in item.reason
        unbalanced = "money does not balance" in verdict.reason
        if isinstance(item, HandRecord) or read_through or unbalanced:
            tally["read"] += 1
            tally["balanced"] += not unbalanced
        tally["judged"] += verdict.verdict in ("conforms", "deviates", "cannot-judge")
    got = {site: (tally["hands"], tally["read"], tally["balanced"], tally["judged"],
                  {v: tally[v] for v in ("conforms", "deviates", "cannot-judge", "not-stud8", "unreadable") if tally[v]})
           for site, tally in seen.items()}
    assert got == PER_SITE
