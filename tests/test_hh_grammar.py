"""The reading machine and the site grammars: every row reads the line it documents, a line no
row knows refuses its hand (quoting it) and the next hand is still read, a damaged hand never
stops its file, each hand's game is its own, and the formats stud8 does not read are named."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from stud8.conformance.handhistory import batch
from stud8.conformance.handhistory.audit import audit_item
from stud8.conformance.handhistory.grammar import Grammar, GrammarReader
from stud8.conformance.handhistory.readers import READER_MODULES, open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord

SITES = Path(__file__).parent / "data" / "site-hands"
GRAMMARS: list[Grammar] = [
    reader.grammar for reader in (importlib.import_module(f"stud8.conformance.handhistory.{name}").READER
                                  for name in READER_MODULES) if isinstance(reader, GrammarReader)]


def test_nine_sites_are_read_by_grammars() -> None:
    assert sorted(grammar.name for grammar in GRAMMARS) == [
        "absolute", "acr", "bovada", "fulltilt", "kingsclub", "ongame", "partypoker", "winamax", "winning"]


@pytest.mark.parametrize("grammar", GRAMMARS, ids=[grammar.name for grammar in GRAMMARS])
def test_every_row_reads_the_line_it_documents(grammar: Grammar) -> None:
    for row in grammar.rows:
        assert row.regex.match(row.example), (grammar.name, row.does, row.example)


# --- a line no row knows, and a damaged hand, refuse their hand alone --------------------------------

# (site file, a line of the hand after which a strange line is put, the hand's id)
ONE_HAND = [
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "Player5 calls $2", "29408130000"),
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", "KickShorty calls $0.10", "1903647457"),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", "Player0 calls 40", "39969428"),
    ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", "Player0 calls 10€", "9250793-554-1478991850"),
    ("ongame/7-StudHL-USD-0.25-0.50-201008.txt", "mylonas77 calls $0.12", "R5-78227816-62"),
    ("absolute/7-StudHL-USD-0.02-0.04-200903.txt", "PLAYER1 - Calls $0.01", "1300000000"),
    ("bovada/7-StudHL-USD-0.25-0.50-201209.txt", "Seat+4 : Calls $0.25", "2633952287"),
    ("partypoker/7-StudHL-USD-0.50-1.00-201008.txt", "strandalleen calls [$0.50 USD]", "9581478205"),
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "Hero: calls $0.08", "35874676388"),
]
STRANGE = "Dealer: the house offers everyone a free drink"
"""A line no grammar knows that names nobody and carries no amount and no card."""


def _twice(tmp_path: Path, relative: str, old: str, new: str) -> tuple[Path, int]:
    """The file's hand twice, the first edited; and the line of the edit."""
    text = (SITES / relative).read_text(encoding="utf-8")
    assert old in text
    edited = text.replace(old, new, 1).rstrip("\n")
    path = tmp_path / Path(relative).name
    path.write_text(edited + "\n\n\n" + text, encoding="utf-8")
    return path, text[: text.index(old)].count("\n") + 1


def _actor(after: str) -> str:
    """The player of a "NAME calls ..." line, in each site's spelling."""
    found = re.match(r"^(?:Player )?(.+?)(?::| -| :)? [Cc]alls", after)
    assert found, after
    return found.group(1)


@pytest.mark.parametrize(("relative", "after", "hand"), ONE_HAND, ids=[case[0].split("/")[0] for case in ONE_HAND])
def test_a_line_no_row_knows_that_carries_nothing_is_read_past_and_listed(tmp_path: Path, relative: str, after: str,
                                                                          hand: str) -> None:
    path, line = _twice(tmp_path, relative, after, f"{after}\n{STRANGE}")
    first, second = list(open_history(path))
    assert isinstance(first, HandRecord) and first.hand_id == hand
    assert first.ignored == ((line + 1, STRANGE),)
    assert isinstance(second, HandRecord) and second.ignored == ()
    assert first.without_provenance() == second.without_provenance()  # nothing else of the hand changed
    verdict = audit_item(first)
    assert verdict.ignored == ((line + 1, STRANGE),) and verdict.to_json()["ignored"] == [{"line": line + 1,
                                                                                       "text": STRANGE}]


def _planted(after: str) -> list[tuple[str, str]]:
    """Lines no grammar knows that carry what may move chips or cards, and the reason each is
    refused: a seated player's name, an amount, a card, a number no amount can be."""
    return [(f"{_actor(after)} waves to the rail", "names the player"),
            ("The house adds 5 to the pot", "carries a number"),
            ("Dealer: burn card Kd", "carries cards"),
            ("Dealer: cards [X X] turned over", "carries cards"),
            ("Bad beat jackpot -0.05", "which no amount can be"),
            ("Insurance paid: nan", "which no amount can be")]


@pytest.mark.parametrize(("relative", "after", "hand"), ONE_HAND, ids=[case[0].split("/")[0] for case in ONE_HAND])
def test_a_line_no_row_knows_that_names_a_player_an_amount_or_a_card_refuses_its_hand(
        tmp_path: Path, relative: str, after: str, hand: str) -> None:
    for strange, why in _planted(after):
        path, line = _twice(tmp_path, relative, after, f"{after}\n{strange}")
        first, second = list(open_history(path))
        assert isinstance(first, HandProblem) and first.verdict == "unreadable" and first.hand_id == hand, strange
        assert repr(strange) in first.reason and "does not know" in first.reason and why in first.reason, first.reason
        assert first.line == line + 1
        assert first.site and first.site != "unknown"
        assert isinstance(second, HandRecord) and second.hand_id == hand


@pytest.mark.parametrize(("relative", "after", "hand"), ONE_HAND, ids=[case[0].split("/")[0] for case in ONE_HAND])
def test_a_damaged_amount_refuses_its_hand_alone(tmp_path: Path, relative: str, after: str, hand: str) -> None:
    # The amount of a call made unreadable (an amount with two decimal points): that hand's
    # problem at that line; the reader goes on with the next hand.
    damaged = after[:-1] + "." + after[-1:] + ".0"  # "calls $2" -> "calls $.2.0", "calls 40" -> "calls 4.0.0"
    path, line = _twice(tmp_path, relative, after, damaged)
    first, second = list(open_history(path))
    assert isinstance(first, HandProblem) and first.verdict == "unreadable" and first.hand_id == hand, first
    assert first.line == line
    assert isinstance(second, HandRecord) and second.hand_id == hand


def test_an_absolute_hand_with_a_bad_stake_does_not_stop_the_file(tmp_path: Path) -> None:
    # Issue 22: one bad stake in an Absolute hand stopped the reader for the rest of the file.
    path, _ = _twice(tmp_path, "absolute/7-StudHL-USD-0.02-0.04-200903.txt", "$0.02/$0.04", "$0.025/$0.04")
    first, second = list(open_history(path))
    assert isinstance(first, HandProblem) and first.hand_id == "1300000000" and first.site == "Absolute Poker"
    assert first.line == 1 and "the header's stakes" in first.reason and "finer than one cent" in first.reason, first
    assert isinstance(second, HandRecord) and second.hand_id == "1300000000"


def test_an_unknown_merge_event_is_named(tmp_path: Path) -> None:
    text = (SITES / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml").read_text()
    path = tmp_path / "merge.xml"
    path.write_text(text.replace('type="CHECK"', 'type="TABLE_TALK"', 1) + "\n" + text)
    first, second = list(open_history(path))
    assert isinstance(first, HandProblem) and "'TABLE_TALK'" in first.reason and first.site == "Merge Network"
    assert isinstance(second, HandRecord)


def test_a_damaged_merge_description_refuses_its_hands_only(tmp_path: Path) -> None:
    # The <description> names the game of the hands after it; one not well-formed (no "/>")
    # refuses those hands, with no traceback, and a whole one after it is read again.
    text = (SITES / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml").read_text()
    path = tmp_path / "merge.xml"
    path.write_text(text.replace('version="2"/>', 'version="2">', 1) + "\n" + text)
    first, second = list(open_history(path))
    assert isinstance(first, HandProblem) and first.verdict == "unreadable" and first.site == "Merge Network"
    assert "<description>" in first.reason and "not well-formed" in first.reason
    assert isinstance(second, HandRecord) and second.hand_id == "70969727-130"


def test_an_ipoker_hand_that_is_not_xml_refuses_itself_only(tmp_path: Path) -> None:
    text = (SITES / "ipoker" / "7-StudHL-EUR-0.05-0.10-201405.xml").read_text(encoding="cp1252")
    start = text.index("<game gamecode=")
    end = text.index("</game>", start) + len("</game>")
    broken = text[start:end].replace("</players>", "</player>", 1)
    path = tmp_path / "ipoker.xml"
    path.write_text(text[:start] + broken + "\n" + text[start:], encoding="cp1252")
    verdicts = list(open_history(path))
    assert len(verdicts) == 6
    assert isinstance(verdicts[0], HandProblem) and verdicts[0].verdict == "unreadable", verdicts[0]
    assert "not well-formed XML" in verdicts[0].reason and verdicts[0].site == "iPoker"
    assert all(isinstance(verdict, HandRecord) for verdict in verdicts[1:])


# --- the game is each hand's own --------------------------------------------------------------------

@pytest.mark.parametrize(("relative", "old", "new", "game"), [
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "Limit Stud H/L", "Limit Razz", "Razz"),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", "Limit Seven Card Stud Hi-Lo", "Limit Seven Card Stud", "Seven Card Stud"),
    ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", "7-Card Stud Hi/Lo fixed limit", "7stud fixed limit",
     "Seven Card Stud"),
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD)",
     "HORSE (Razz Limit, $0.04/$0.08 USD)", "Razz"),
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", "7Stud H/L(Fixed Limit)", "7Stud(Fixed Limit)", "Seven Card Stud"),
])
def test_a_mixed_file_names_each_hands_game(tmp_path: Path, relative: str, old: str, new: str, game: str) -> None:
    # The same hand under another stud game's header first, then as itself: the first is read
    # through (its books balance) and refused by its own game; the second is judged.
    path, _ = _twice(tmp_path, relative, old, new)
    first, second = list(open_history(path))
    assert isinstance(first, HandProblem) and first.verdict == "not-stud8"
    assert first.reason.startswith(game) and "read through: its books balance" in first.reason
    assert isinstance(second, HandRecord)


# --- formats stud8 does not read ---------------------------------------------------------------------

@pytest.mark.parametrize(("head", "name"), [
    ("#Game No : 1\n***** 888poker Hand History for Game 1 *****\n", "888poker"),
    ("***** 888.es Snap Poker Hand History for Game 7 *****\n", "888poker"),
    ("***** Cassava Hand History for Game 7 *****\n", "888poker"),
    ("Poker Hand #HD12345: Hold'em No Limit ($0.01/$0.02) - 2023/01/01 00:00:00\n", "GGPoker"),
    ("Poker Hand #TM316262814: Tournament #9364957, Hold'em No Limit - Level10 (1,000/2,000) - 2020/08/30\n",
     "GGPoker"),
    ("Poker Hand #RC1234: Hold'em No Limit ($0.01/$0.02) - 2023/01/01 00:00:00\n", "GGPoker"),
    ("Poker Hand #SG12: Hold'em No Limit (10/20) - 2023/01/01 00:00:00\n", "GGPoker"),
    ("Poker Hand #BR99: Omaha Pot Limit ($0.05/$0.10) - 2023/01/01 00:00:00\n", "GGPoker"),
    ("Poker Hand #12345: Hold'em No Limit ($0.01/$0.02) - 2023/01/01 00:00:00\n", "GGPoker"),
    ("Everleaf Gaming Game #55198191\n***** Hand history for game #55198191 *****\n", "Everleaf"),
    ("Hand#ABC123 - Table 1 -- $0.05/$0.10 NL Hold'em -- 2011/01/01 10:00:00\n", "Cake"),
    ('<Game hhversion="4" id="1" date="2011-01-01 10:00:00" unicodetablename="x" tablename="x">\n', "Microgaming"),
    ("EverestPoker Game #1: Table x\n", "Everest"),
    ("Starting Hand #1234\n", "PKR"),
])
def test_formats_not_read_are_named_as_such(tmp_path: Path, head: str, name: str) -> None:
    path = tmp_path / "history.txt"
    path.write_text(head)
    (problem,) = list(open_history(path))
    assert isinstance(problem, HandProblem) and problem.verdict == "unreadable"
    assert problem.reason.startswith("format ") and "is not read" in problem.reason and name in problem.reason
    assert name in problem.site


# --- how many workers ----------------------------------------------------------------------------------

def test_small_work_stays_in_this_process_and_large_work_gets_workers(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    small = [SITES / "pokerstars"]
    assert batch.choose_workers(small, None) == 1          # a few hands: no worker pays for itself
    assert batch.choose_workers(small, 2) == 2             # the user's --jobs is kept
    monkeypatch.setattr(batch, "WORK_PER_WORKER", 1000)
    monkeypatch.setattr(batch, "default_jobs", lambda: 2)
    assert batch.choose_workers(small, None) == 2          # past the size, every core (two here)
    assert batch.work_size(small) == sum(path.stat().st_size for path in (SITES / "pokerstars").iterdir())


# --- XML: an element or type no table lists, judged by what it carries ----------------------------

@pytest.mark.parametrize(("planted", "ignored"), [
    ('<event sequence="0" type="DEALER_MESSAGE" timestamp="1373942103100"/>', True),
    ('<event sequence="0" type="DEALER_MESSAGE" timestamp="1373942103100" player="5"/>', False),
    ('<event sequence="0" type="JACKPOT" timestamp="1373942103100" amount="0.50"/>', False),
    ('<note>the table will close soon</note>', True),
    ('<note cards="Ah,Kd"/>', False),
])
def test_an_unknown_merge_element_is_read_past_only_when_it_carries_nothing(tmp_path: Path, planted: str,
                                                                             ignored: bool) -> None:
    text = (SITES / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml").read_text()
    anchor = '\t\t<event sequence="1" type="ANTE"'
    path = tmp_path / "merge.xml"
    path.write_text(text.replace(anchor, "\t\t" + planted + "\n" + anchor, 1) + "\n" + text)
    first, second = list(open_history(path))
    assert isinstance(second, HandRecord)
    if ignored:
        assert isinstance(first, HandRecord) and len(first.ignored) == 1 and first.ignored[0][1] == planted.replace("\t", "")
        assert first.without_provenance() == second.without_provenance()
    else:
        assert isinstance(first, HandProblem) and first.verdict == "unreadable" and "does not know" in first.reason


IPOKER_SEAT = '<player seat="6" name="Hero" chips="€2.86"'


@pytest.mark.parametrize(("planted", "verdict", "said"), [
    # iPoker writes a <player> for every seat of the table: an empty one has no name and no money
    (('<player seat="3" name="" chips="€0" dealer="0" win="€0" bet="€0"/>'
      '<player seat="4" name="" chips="€0" dealer="0" win="€0" bet="€0"/>'), "conforms", ""),
    # a seated player who sits the hand out: no ante, no cards, win="€0" (no payout, not in the hand)
    ('<player seat="3" name="Sitter" chips="€4" dealer="0" win="€0" bet="€0"/>', "conforms", ""),
    # an unnamed seat holding money is no empty seat: refused, naming it
    ('<player seat="3" name="" chips="€0.50" dealer="0" win="€0" bet="€0"/>', "unreadable",
     "seat '3' has no player name but its chips is '€0.50'"),
    ('<player seat="3" name="" chips="€0" dealer="0" win="€0.02" bet="€0"/>', "unreadable", "its win is"),
])
def test_ipoker_seats_nobody_plays_from(tmp_path: Path, planted: str, verdict: str, said: str) -> None:
    text = (SITES / "ipoker" / "7-StudHL-EUR-0.05-0.10-201405.xml").read_text(encoding="cp1252")
    path = tmp_path / "ipoker.xml"
    path.write_text(text.replace(IPOKER_SEAT, planted + IPOKER_SEAT, 1), encoding="cp1252")
    first = audit_item(next(iter(open_history(path))))
    assert first.verdict == verdict, first
    assert said in first.reason


SITTER = '<player seat="3" name="Sitter" chips="€4" dealer="0" win="€0" bet="€0"/>'
IPOKER_ANTES = '<action no="1" player="Player0" type="15" sum="€0.01" cards="[cards]"/>'


@pytest.mark.parametrize(("planted", "verdict", "said"), [
    # fpdb's iPoker action types 8 (no action this hand: joined the table) and 9 (sitting out)
    ('<action no="0" player="Sitter" type="9" sum="€0" cards=""/>', "conforms", ""),
    ('<action no="0" player="Sitter" type="8" sum="€0" cards=""/>', "conforms", ""),
    ('<action no="0" player="Sitter" type="9" sum="€0.01" cards=""/>', "unreadable", "sits out (action type 9) with chips"),
    (('<action no="0" player="Sitter" type="9" sum="€0" cards=""/>'
      '<action no="9" player="Sitter" type="15" sum="€0.01" cards=""/>'), "unreadable", "but then acts (ante)"),
    ('<action no="8" player="Player0" type="9" sum="€0" cards=""/>', "unreadable", "after taking part in the hand"),
    # type 6, a raise "by" only by fpdb's guess: not read
    ('<action no="8" player="Player0" type="6" sum="€0.05" cards=""/>', "unreadable", "unknown iPoker action type '6'"),
])
def test_ipoker_sitting_out_actions(tmp_path: Path, planted: str, verdict: str, said: str) -> None:
    text = (SITES / "ipoker" / "7-StudHL-EUR-0.05-0.10-201405.xml").read_text(encoding="cp1252")
    text = text.replace(IPOKER_SEAT, SITTER + IPOKER_SEAT, 1).replace(IPOKER_ANTES, planted + IPOKER_ANTES, 1)
    path = tmp_path / "ipoker.xml"
    path.write_text(text, encoding="cp1252")
    first = audit_item(next(iter(open_history(path))))
    assert first.verdict == verdict, first
    assert said in first.reason


@pytest.mark.parametrize(("planted", "ignored"), [
    ("<note>good luck</note>", True),
    ('<note player="Hero">good luck</note>', False),
    ('<bounty sum="€1.00"/>', False),
])
def test_an_unknown_ipoker_element_is_read_past_only_when_it_carries_nothing(tmp_path: Path, planted: str,
                                                                             ignored: bool) -> None:
    text = (SITES / "ipoker" / "7-StudHL-EUR-0.05-0.10-201405.xml").read_text(encoding="cp1252")
    anchor = '<round no="2">'
    path = tmp_path / "ipoker.xml"
    path.write_text(text.replace(anchor, anchor + planted, 1), encoding="cp1252")
    items = list(open_history(path))
    assert len(items) == 5 and all(isinstance(item, HandRecord) for item in items[1:])
    if ignored:
        assert isinstance(items[0], HandRecord) and len(items[0].ignored) == 1
    else:
        assert isinstance(items[0], HandProblem) and "does not know" in items[0].reason
