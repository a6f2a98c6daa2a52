"""Members of each family issue 28 names, planted in several sites, each read, ignored or
refused as it should be.

* **header variants of another product** (fast-fold, skins, Italy's ADM id, a table line of
  another form, tournaments with more between the buy-in and the level): the same hand under
  a variant header is read to the same hand (a cash variant) or its header is read with its
  tournament (a tournament variant, whose amounts are chips);
* **seats and stacks as each format means them** (issue 28 item 5): a seat listed for a player
  who is not dealt in is no player of the hand; a stack is the chips before the antes, and a
  player the record marks all in has put in exactly that stack, else the hand is unreadable
  naming the seat line.

The other two families have their own files: informational lines in test_hh_grammar.py (nine
formats), unordered card lists in test_hh_inferences.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.handhistory.audit import audit_item
from stud8.conformance.handhistory.grammar import GrammarReader, _Hand
from stud8.conformance.handhistory.inventory import grammars
from stud8.conformance.handhistory.pokerstars import _parse_header
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import HandProblem, HandRecord

SITES = Path(__file__).parent / "data" / "site-hands"


def _read(tmp_path: Path, relative: str, *edits: tuple[str, str], encoding: str = "utf-8") -> list[object]:
    text = (SITES / relative).read_text(encoding=encoding)
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / Path(relative).name
    path.write_text(text, encoding=encoding)
    return list(open_history(path))


def _same_hand(planted: object, original: object) -> None:
    assert isinstance(planted, HandRecord) and isinstance(original, HandRecord), planted
    mine, theirs = planted.without_provenance(), original.without_provenance()
    assert (mine.seats, mine.actions, mine.cards, mine.pots, mine.collected) == \
        (theirs.seats, theirs.actions, theirs.cards, theirs.pots, theirs.collected)
    assert audit_item(planted).verdict == audit_item(original).verdict


# --- header variants ----------------------------------------------------------------------------------

CASH_VARIANTS = [
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt",
     ("PokerStars Game #35874676388:", "PokerStars Zoom Hand #35874676388:")),
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt",
     ("($0.04/$0.08 USD) - 2009", "($0.04/$0.08 USD) [ADM ID: 9F3A2B] - 2009")),
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt",
     ("Table 'Dawn II' 8-max", "Table 'Dawn II' 8-max (Real Money) Seat #1 is the button")),
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", (" - $0.10/$0.20 - ", " - ($0.10/$0.20) - ")),
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", ("Crainville 8-max", "Crainville 8-max Seat #1 is the button")),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", ("Table '8 Game Mix'", "Table ID '8 Game Mix' 8-max")),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", ("2021-01-02 15:52:36", "2021/01/02 15:52:36 ET")),
    ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", ("Table: 'Pampelune' 6-max (real money)", "Table: 'Pampelune' 6-max")),
    ("bovada/7-StudHL-USD-0.25-0.50-201209.txt", ("Bovada Hand #2633952287", "Bodog88 Hand #C2633952287")),
    ("bovada/7-StudHL-USD-0.25-0.50-201209.txt", ("TBL#2027664", "Zone Poker ID#2027664")),
    ("partypoker/7-StudHL-USD-0.50-1.00-201008.txt",
     ("***** Hand History for Game 9581478205 *****", "***** Hand History for Game 9581478205 ***** (PartyPoker)")),
    ("absolute/7-StudHL-USD-0.02-0.04-200903.txt", ("2009-03-18 19:10:00 (ET)", "2009-03-18 19:10:00.123 (ET) [2009-03-19 01:10:00]")),
]


@pytest.mark.parametrize(("relative", "edit"), CASH_VARIANTS, ids=[f"{r.split('/')[0]}-{e[1][:24]}" for r, e in CASH_VARIANTS])
def test_a_header_variant_of_another_product_reads_the_same_hand(tmp_path: Path, relative: str,
                                                                 edit: tuple[str, str]) -> None:
    (planted,) = _read(tmp_path, relative, edit)[:1]
    (original,) = list(open_history(SITES / relative))[:1]
    _same_hand(planted, original)


TOURNAMENT_HEADERS = [
    ("fulltilt", ("Full Tilt Poker Game #1234: $10 + $1 Big Game (Rebuy) (98765), Table 3 - 40/80 Ante 10 - "
                 "Limit Stud H/L - 10:00:00 ET - 2011/03/28"), "98765"),
    ("acr", ("Game Hand #82980175 - $1,000 GTD Tournament #11212445 - 7Stud H/L(Fixed Limit) - (250.00/500.00)- "
            "2019/07/25 02:31:33 UTC"), "11212445"),
    ("bovada", ("Bovada Hand #2633115879: 7CARD HiLo Tournament #M-1378659 TBL#1, 1 on 1 Fixed Limit Normal - Level 1 "
               "($0/$0) [MVS] - 2012-06-17 22:21:03"), "1378659"),
    ("ongame", '***** History for hand T5-123-45 (TOURNAMENT: R-186-1481) *****', "R-186-1481"),
    ("partypoker", ("60/120 7 Card Stud Hi-Lo Game Table (FL) (MTT Tournament #69784932) - Wednesday, May 30, "
                   "14:41:43 EDT 2012"), "69784932"),
    ("winning", "Game ID: 695367612 10/20 $10 Freeroll - On Demand, Table 13 (Seven Cards Stud HiLow)", "$10 Freeroll - On Demand"),
]


@pytest.mark.parametrize(("site", "header", "tournament"), TOURNAMENT_HEADERS, ids=[row[0] for row in TOURNAMENT_HEADERS])
def test_a_tournament_header_with_more_in_it_is_read_with_its_tournament(site: str, header: str, tournament: str) -> None:
    grammar = next(grammar for grammar in grammars() if grammar.name == site)
    hand = _Hand(grammar, "planted", 1)
    row, match = GrammarReader(grammar).match(header, hand)
    assert row is not None and row.does == "header", header
    hand.apply(row, match, 1, header)  # type: ignore[arg-type]
    assert hand.fields.get("tournament") == tournament, hand.fields
    if site != "ongame":  # OnGame names the game on its Table line
        assert any(word in hand.fields.get("game", "") for word in ("7", "Stud", "Seven")), hand.fields


@pytest.mark.parametrize("rest", [
    "Tournament #2, $10+$1 USD 7 Card Stud Hi/Lo Limit - Match Round I, Level I (10/20) - 2010/09/06 12:42:58 ET",
    "Tournament #2, $0.91+$0.09+$0.50 USD Hyper-Turbo, 7 Card Stud Hi/Lo Limit - Level II (20/40) - 2010/09/06",
    "Tournament #2, Table #4, Freeroll  HORSE (7 Card Stud Hi/Lo Limit) - Level I (10/20) - 2010/09/06",
    "Tournament #2, 100+10 FPP 7 Card Stud Hi/Lo Limit (ante 5, 10/20) - 2010/09/06",
])
def test_a_pokerstars_tournament_header_with_more_between_buy_in_and_level_is_read(rest: str) -> None:
    header = _parse_header("1", rest, 1)
    assert header.tournament == "2" and header.kind.stud8 and (header.small_bet, header.big_bet) in ((10, 20), (20, 40))


# --- seats and stacks ----------------------------------------------------------------------------------

SITTING_OUT = [
    ("pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "Seat 8: rdiezchang ($2.05 in chips)\n",
     "Seat 8: rdiezchang ($2.05 in chips)\nSeat 9: Latecomer ($5 in chips) is sitting out\n"),
    ("fulltilt/7-StudHL-USD-2-4-201103.txt", "Seat 8: Player8 ($20.60)\n",
     "Seat 8: Player8 ($20.60)\nSeat 9: Latecomer ($50), is sitting out\n"),
    ("kingsclub/7-StudHL-USD-40-80-202101.txt", "Seat 1: Player0 (1,725.59)\n",
     "Seat 1: Player0 (1,725.59)\nSeat 9: Latecomer (500)\n"),
    ("acr/7Stud-HL-USD-0.10-0.20-202310.txt", "Seat 1: AzRic ($14.47)\n",
     "Seat 1: AzRic ($14.47)\nSeat 9: Latecomer ($5) is sitting out\n"),
    ("winamax/7-StudHL-6max-EUR-25-50-201611.txt", "Seat 1: Hero (2026.03€)\n",
     "Seat 1: Hero (2026.03€)\nSeat 6: Latecomer (100€)\n"),
]


@pytest.mark.parametrize(("relative", "old", "new"), SITTING_OUT, ids=[row[0].split("/")[0] for row in SITTING_OUT])
def test_a_seat_of_a_player_not_dealt_in_is_no_player_of_the_hand(tmp_path: Path, relative: str, old: str,
                                                                  new: str) -> None:
    planted = _read(tmp_path, relative, (old, new))[0]
    original = next(iter(open_history(SITES / relative)))
    assert isinstance(planted, HandRecord) and "Latecomer" not in planted.players()
    _same_hand(planted, original)


def test_a_stack_marked_all_in_must_be_what_the_player_put_in(tmp_path: Path) -> None:
    # Hero calls on the river and is said to be all in, but sat down with $1.52 and put in
    # $0.35: the stack is not the one the record says (the seat line is named).
    relative = "pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"
    text = (SITES / relative).read_text(encoding="utf-8")
    river = text.index("*** RIVER ***")
    at = text.index("Hero: calls $0.08", river)
    path = tmp_path / "allin.txt"
    path.write_text(text[:at] + "Hero: calls $0.08 and is all-in" + text[at + len("Hero: calls $0.08"):], encoding="utf-8")
    (item,) = list(open_history(path))
    verdict = audit_item(item)  # type: ignore[arg-type]
    assert verdict.verdict == "unreadable" and "is all in" in verdict.reason and "(line 7)" in verdict.reason, verdict


def test_an_all_in_for_the_whole_stack_before_the_antes_is_read(tmp_path: Path) -> None:
    # denny501 sat down with $0.71, antes $0.01 and brings in: a stack is the chips before the
    # antes, so an all-in for $0.70 more is his whole stack.
    relative = "pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"
    text = (SITES / relative).read_text(encoding="utf-8")
    path = tmp_path / "short.txt"
    path.write_text(text.replace("Seat 4: denny501 ($0.71 in chips)", "Seat 4: denny501 ($0.03 in chips)")
                    .replace("denny501: brings in for $0.02", "denny501: brings in for $0.02 and is all-in"),
                    encoding="utf-8")
    (item,) = list(open_history(path))
    assert not isinstance(item, HandProblem) or "is all in" not in item.reason
    verdict = audit_item(item)  # type: ignore[arg-type]
    assert "is all in having put in" not in verdict.reason
