"""The inventory of line kinds each supported site writes (issue 28 item 1).

For every site: each row of its grammar is the row the reading machine gives its own example
(no earlier row shadows it, in the section where the site writes it); each row is shown by a
history in the shared corpus or defined by the public fpdb parser (``Row.source``); and every
line of every hand of the site's histories (all games: cash, tournaments, Sit & Go, home
games and clubs, fast-fold tables) is accounted for by a row, read or ignored, or by a row of
the site's other games. PokerStars' hand-written reader is held to its list the same way, each
ignored kind planted in a real hand; Merge and iPoker to their element tables. docs/audit.md
shows the inventory as ``inventory.markdown`` prints it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stud8.conformance.handhistory import inventory, ipoker, merge, pokerstars
from stud8.conformance.handhistory.grammar import Grammar, Row, _Hand
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import HandRecord
from stud8.conformance.handhistory.sitebuild import HandBuilder

DATA = Path(__file__).parent / "data"
ROOTS = [DATA / "site-hands", DATA / "site-corpus"]
DOCS = Path(__file__).parent.parent / "docs" / "audit.md"
GRAMMARS = inventory.grammars()
LINES = list(inventory.site_lines(ROOTS))


def test_every_text_site_has_an_inventory() -> None:
    assert sorted(grammar.name for grammar in GRAMMARS) == [
        "absolute", "acr", "bovada", "fulltilt", "kingsclub", "ongame", "partypoker", "winamax", "winning"]
    assert len(pokerstars.LINES) > 40


def _hand_for(grammar: Grammar, row: Row, example: str) -> _Hand:
    """A hand in the row's section with the example's player seated."""
    hand = _Hand(grammar, "inventory", 1)
    hand.fields["game"] = "7 Card Stud Hi/Lo"
    hand.section = row.sections[0] if row.sections else "play"
    hand.build = HandBuilder(grammar.site, "1", "inventory", 1)
    found = row.regex.match(example)
    name = found.groupdict().get("name") if found else None
    if name:
        hand.build.seat(1, name, 100_000)
    return hand


@pytest.mark.parametrize("grammar", GRAMMARS, ids=[grammar.name for grammar in GRAMMARS])
def test_the_machine_reads_each_example_with_its_own_row(grammar: Grammar) -> None:
    from stud8.conformance.handhistory.grammar import GrammarReader

    reader = GrammarReader(grammar)
    for row in grammar.rows:
        matched, _ = reader.match(row.example, _hand_for(grammar, row, row.example))
        assert matched is row, (grammar.name, row.example, matched and matched.example)
    for row in grammar.other_games:
        assert row.regex.match(row.example), (grammar.name, row.example)
        matched, _ = reader.match(row.example, _hand_for(grammar, row, row.example))
        assert matched is None, (grammar.name, "an other game's line is read", row.example, matched)


@pytest.mark.parametrize("grammar", GRAMMARS, ids=[grammar.name for grammar in GRAMMARS])
def test_every_row_is_shown_by_a_history_or_defined_by_fpdb(grammar: Grammar) -> None:
    mine = [(path, number, text) for name, path, number, text in LINES if name == grammar.name]
    shown = inventory.evidence(grammar.rows, mine, DATA)
    shown.update({len(grammar.rows) + index: where
                  for index, where in inventory.evidence(grammar.other_games, mine, DATA).items()})
    for index, row in enumerate(grammar.rows + grammar.other_games):
        assert index in shown or row.source.startswith(("fpdb", "by analogy")), (grammar.name, row.example)


@pytest.mark.parametrize("grammar", GRAMMARS, ids=[grammar.name for grammar in GRAMMARS])
def test_every_line_of_every_hand_of_the_corpus_is_accounted_for(grammar: Grammar) -> None:
    mine = [text for name, _, _, text in LINES if name == grammar.name]
    assert mine, grammar.name
    assert inventory.unaccounted(grammar, mine) == []


# --- PokerStars: the hand-written reader and its list ---------------------------------------------

CARDTEST = DATA / "site-hands" / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"
ANCHORS = {"head": "Table 'Dawn II' 8-max\n", "antes": "gashpor: posts the ante $0.01\n",
           "play": "denny501 leaves the table\n", "showdown": "*** SHOW DOWN ***\n",
           "summary": "Total pot $0.84 | Rake $0.04\n"}


def test_each_pokerstars_line_kind_reads_its_example() -> None:
    for row in pokerstars.LINES + pokerstars.OTHER_GAMES:
        assert row.regex.match(row.example), row.example


@pytest.mark.parametrize("row", [row for row in pokerstars.LINES if row.does == "ignore"],
                         ids=[row.example[:30] for row in pokerstars.LINES if row.does == "ignore"])
def test_each_line_pokerstars_reads_past_leaves_the_hand_as_it_was(tmp_path: Path, row: Row) -> None:
    text = CARDTEST.read_text(encoding="utf-8")
    anchor = ANCHORS[row.sections[0]]
    path = tmp_path / "planted.txt"
    path.write_text(text.replace(anchor, anchor + row.example + "\n", 1), encoding="utf-8")
    (planted,) = list(open_history(path))
    (original,) = list(open_history(CARDTEST))
    assert isinstance(planted, HandRecord), planted
    assert planted.ignored == ()  # understood, by name: not read past as unknown
    assert planted.without_provenance() == original.without_provenance()  # type: ignore[union-attr]


def test_every_pokerstars_line_kind_is_shown_or_defined_and_every_line_is_accounted_for() -> None:
    mine = [(path, number, text) for name, path, number, text in LINES if name == "pokerstars"]
    rows = pokerstars.LINES + pokerstars.OTHER_GAMES
    shown = inventory.evidence(rows, mine, DATA)
    for index, row in enumerate(rows):
        assert index in shown or row.source.startswith(("fpdb", "by analogy")), row.example
    unaccounted = [text for _, _, text in mine if not any(row.regex.match(text) for row in rows)]
    assert unaccounted == []


# --- XML: the element tables --------------------------------------------------------------------------

def _xml_files(site: str) -> list[Path]:
    return sorted(path for root in ROOTS for path in (root / site).rglob("*") if path.is_file())


def test_every_merge_round_event_and_card_type_of_the_corpus_is_in_the_tables() -> None:
    seen: dict[str, set[str]] = {"round": set(), "event": set(), "cards": set()}
    for path in _xml_files("merge"):
        text = path.read_text(encoding="utf-8", errors="replace")
        seen["round"] |= set(re.findall(r'<round\s+id="([^"]+)"', text))
        seen["event"] |= set(re.findall(r'<event\b[^>]*\btype="([^"]+)"', text))
        seen["cards"] |= set(re.findall(r'<cards\b[^>]*\btype="([^"]+)"', text))
    blinds = {"SMALL_BLIND", "BIG_BLIND", "DEAD_BLIND", "POST", "FLOP", "TURN", "RIVER", "PREFLOP",
              "DEAD_SMALL_BLIND", "DEAD_BIG_BLIND", "BLINDS", "POSTFLOP", "POSTTURN", "POSTRIVER"}
    # hold'em's, refused from the game
    assert seen["round"] - set(merge.ROUNDS) - blinds == set()
    assert seen["event"] - set(merge.EVENTS) - blinds == set()
    assert seen["cards"] - set(merge.CARDS) - {"COMMUNITY"} == set()


def test_every_ipoker_round_action_and_card_type_of_the_corpus_is_in_the_tables() -> None:
    actions: set[str] = set()
    cards: set[str] = set()
    for path in _xml_files("ipoker"):
        text = path.read_bytes().decode("cp1252", errors="replace")
        if "Stud" not in (re.search(r"<gametype>([^<]*)</gametype>", text) or [""])[0]:
            continue  # hold'em sessions are refused from their game type
        actions |= set(re.findall(r'<action\b[^>]*\btype="([^"]+)"', text))
        cards |= set(re.findall(r'<cards\b[^>]*\btype="([^"]+)"', text))
    assert actions and actions - set(ipoker.ACTIONS) == set()
    assert cards and cards - set(ipoker.CARDS) == set()


# --- docs/audit.md ------------------------------------------------------------------------------------

def test_docs_show_the_inventory_as_it_is() -> None:
    text = DOCS.read_text(encoding="utf-8")
    start, end = "<!-- inventory: generated by stud8.conformance.handhistory.inventory -->\n", "<!-- /inventory -->"
    assert start in text and end in text
    shown = text[text.index(start) + len(start): text.index(end)]
    assert shown == inventory.markdown(ROOTS, DATA), "regenerate: python -m stud8.conformance.handhistory.inventory"
