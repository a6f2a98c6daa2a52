"""PokerStars text: the real files read, audit to their recorded nets, and round-trip."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from stud8.conformance.handhistory.audit import AuditOptions, audit_hand
from stud8.conformance.handhistory.pokerstars import READER, WRITER, stakes_recoverable
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import ActionKind, HandProblem, HandRecord

DATA = Path(__file__).parent / "data" / "site-hands" / "pokerstars"
FILE = DATA / "7-StudHL-USD-0.04-0.08-200911.txt"


def _read_text(text: str, path: str = "test.txt") -> list[HandRecord | HandProblem]:
    return list(READER.read(io.StringIO(text), path))


def _hands() -> list[HandRecord]:
    items = list(open_history(FILE))
    assert all(isinstance(item, HandRecord) for item in items)
    return items  # type: ignore[return-value]


def test_the_real_file_reads_seven_hands_with_exact_amounts() -> None:
    hands = _hands()
    assert [hand.hand_id for hand in hands] == ["35874487284", "35874523510", "35874576282", "35874635170",
                                               "35874676388", "35874733203", "35874789183"]
    first = hands[0]
    assert (first.currency, first.unit, first.ante, first.bring_in, first.small_bet, first.big_bet) == ("USD", "cent", 1, 2, 4, 8)
    assert [(seat.seat_no, seat.name, seat.stack) for seat in first.seats] == [
        (3, "gashpor", 146), (4, "denny501", 93), (5, "Hero", 160), (8, "rdiezchang", 116)]
    assert first.returned == (("rdiezchang", 8),)
    assert first.collected == (("rdiezchang", 12),) and first.total_pot == 12 and first.rake == 0
    assert first.cards_of("Hero")[:6] == ("5d", "Ks", "2h", "9h", "Js", "4c")
    assert first.cards_of("gashpor") == (None, None, "Kc", "4d", "Qd", "5s", None)
    third = hands[2]
    assert third.collected == (("u.pressure", 37), ("gashpor", 36)) and third.rake == 3
    # A mucked hand's cards come from the summary, in the order dealt.
    assert hands[1].cards_of("123smoothie") == ("9c", "Jc", "9h", "Ah", "5d", "4c", "Qc")
    assert [a.kind for a in hands[5].actions if a.street == 4][:2] == [ActionKind.BET, ActionKind.RAISE]
    assert all(action.line > 0 for hand in hands for action in hand.actions)


def test_every_real_hand_conforms_with_its_recorded_nets() -> None:
    nets = {
        "35874487284": {"gashpor": -3, "denny501": -3, "Hero": -3, "rdiezchang": 9},
        "35874523510": {"123smoothie": -27, "gashpor": -19, "denny501": -3, "Hero": -1, "Soroka69": -3, "rdiezchang": 50},
        "35874576282": {"u.pressure": 18, "123smoothie": -3, "gashpor": 17, "denny501": -1, "Hero": -3,
                        "TomSludge": -1, "Soroka69": -11, "rdiezchang": -19},
        "35874635170": {"u.pressure": -1, "123smoothie": -31, "gashpor": -1, "denny501": -15, "Hero": -1,
                        "TomSludge": -1, "Soroka69": -3, "rdiezchang": 49},
        "35874676388": {"u.pressure": -1, "123smoothie": -3, "gashpor": 13, "denny501": -3, "Hero": 13,
                        "TomSludge": -1, "Soroka69": -19, "rdiezchang": -3},
        "35874733203": {"u.pressure": -1, "123smoothie": -3, "gashpor": -1, "LainaRahat": -19, "Hero": 42,
                        "TomSludge": -1, "Soroka69": -19, "rdiezchang": -1},
        "35874789183": {"u.pressure": -1, "123smoothie": -31, "gashpor": -31, "LainaRahat": -3, "Hero": -1,
                        "TomSludge": 114, "Soroka69": -31, "geo_441": -23},
    }
    for hand in _hands():
        verdict = audit_hand(hand, AuditOptions())
        assert verdict.verdict == "conforms", (hand.hand_id, verdict)
        assert dict(verdict.net_recorded) == nets[hand.hand_id]
        assert dict(verdict.net_rules) == nets[hand.hand_id]


def test_the_card_test_file_repeats_hand_five() -> None:
    (repeat,) = list(open_history(DATA / "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"))
    original = _hands()[4]
    assert isinstance(repeat, HandRecord)
    assert repeat.without_provenance() == original.without_provenance()
    assert audit_hand(repeat).verdict == "conforms"


def test_each_real_hand_round_trips() -> None:
    for hand in _hands():
        buffer = io.StringIO()
        WRITER.write([hand], buffer)
        (back,) = _read_text(buffer.getvalue(), hand.source_file)
        assert isinstance(back, HandRecord)
        assert back.without_provenance() == hand.without_provenance()
        assert stakes_recoverable(hand)


HEADER = "PokerStars Hand #1:  {game} - 2020/01/01 10:00:00 ET\nTable 'T' 8-max\n"
BODY = """Seat 1: a ($1 in chips)
Seat 2: b ($1 in chips)
a: posts the ante $0.01
b: posts the ante $0.01
*** 3rd STREET ***
Dealt to a [Kc]
Dealt to b [2c]
b: brings in for $0.02
a: folds
Uncalled bet ($0.02) returned to b
b collected $0.02 from pot
b: doesn't show hand
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: a folded on the 3rd Street (didn't bet)
Seat 2: b collected ($0.02)
"""


@pytest.mark.parametrize("game, verdict", [
    ("7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD)", None),
    ("8-Game (7 Card Stud Hi/Lo Limit, $0.04/$0.08 USD)", None),
    ("HORSE (7 Card Stud Hi/Lo Limit, $0.04/$0.08 USD)", None),
    ("7 Card Stud Limit ($0.04/$0.08 USD)", "not-stud8"),
    ("Razz Limit ($0.04/$0.08 USD)", "not-stud8"),
    ("8-Game (Hold'em No Limit, $0.04/$0.08 USD)", "not-stud8"),
    ("7 Card Stud Hi/Lo Pot Limit ($0.04/$0.08 USD)", "not-stud8"),
])
def test_headers_cash_and_mixed(game: str, verdict: str | None) -> None:
    (item,) = _read_text(HEADER.format(game=game) + BODY)
    if verdict is None:
        assert isinstance(item, HandRecord)
        assert (item.small_bet, item.big_bet, item.currency) == (4, 8, "USD")
        assert "7 Card Stud Hi/Lo Limit" in item.game
    else:
        assert isinstance(item, HandProblem) and item.verdict == verdict and item.line == 1 and item.hand_id == "1"


def test_tournament_header_counts_chips() -> None:
    text = ("PokerStars Game #7006091899: Tournament #24502577, $2+$1 HORSE (7 Card Stud Hi/Lo Limit) - "
            "Level XV (40000/80000) - 2006/07/31 - 16:55:41 (ET)\nTable '24502577 12' 8-max\n"
            + BODY.replace("$1 in chips", "1000000 in chips").replace("$0.01", "4000").replace("$0.02", "12000")
            .replace("($0.02)", "(12000)"))
    (item,) = _read_text(text)
    assert isinstance(item, HandRecord), item
    assert (item.tournament, item.unit, item.currency, item.small_bet, item.big_bet) == ("24502577", "chip", "", 40000, 80000)
    assert item.game == "HORSE (7 Card Stud Hi/Lo Limit)"
    assert item.seats[0].stack == 1000000 and item.ante == 4000


def test_a_damaged_hand_is_named_and_the_next_one_still_read() -> None:
    good = HEADER.format(game="7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD)") + BODY
    bad = good.replace("b: brings in for $0.02", "b: brings in for $0.0x2")
    items = _read_text(bad + "\n\n" + good.replace("#1:", "#2:"), "f.txt")
    assert isinstance(items[0], HandProblem) and items[0].verdict == "unreadable"
    assert items[0].hand_id == "1" and items[0].line == 10 and "0.0x2" in items[0].reason
    assert isinstance(items[1], HandRecord) and items[1].hand_id == "2" and items[1].line == 21
    truncated = _read_text(good.split("*** SUMMARY ***")[0])
    assert isinstance(truncated[0], HandProblem) and "truncated" in truncated[0].reason


def test_a_large_file_streams_in_flat_memory(tmp_path: Path) -> None:
    """Reading is one hand at a time: four times the hands, about the same peak memory."""
    import tracemalloc

    hand = FILE.read_text().split("\n\n\n\n")[1].strip() + "\n\n\n"

    def peak_for(count: int) -> int:
        path = tmp_path / f"many-{count}.txt"
        with path.open("w") as out:
            for number in range(count):
                out.write(hand.replace("35874523510", str(number)))
        tracemalloc.start()
        read = sum(1 for item in open_history(path) if isinstance(item, HandRecord))
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert read == count
        return peak

    small, large = peak_for(100), peak_for(400)
    assert large < small * 1.5 + 50_000, (small, large)


def test_an_enormous_line_or_endless_hand_is_refused_without_being_kept(tmp_path: Path) -> None:
    good = HEADER.format(game="7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD)") + BODY
    path = tmp_path / "hostile.txt"
    with path.open("w") as out:
        out.write(good.replace("a: folds", "a: " + "x" * 300_000))
        out.write("\n\n" + good.replace("#1:", "#2:"))
        out.write("\n\n" + good.replace("#1:", "#3:").replace("*** SUMMARY ***", "chatter\n" * 25_000))
    items = list(open_history(path))
    assert isinstance(items[0], HandProblem) and items[0].hand_id == "1" and "longer than" in items[0].reason
    assert items[0].line == 11
    assert isinstance(items[1], HandRecord) and items[1].hand_id == "2"
    assert isinstance(items[2], HandProblem) and items[2].hand_id == "3" and "20000 lines" in items[2].reason


# A real PokerStars hand of 2012-05-23 (#80908721832, Seven Card Stud *high*, quoted in a public
# hand-history parser's source), its header relabelled Hi/Lo: no low qualifies at its showdown,
# so the Hi/Lo payout is the same. It has what the 2009 file lacks: a capped fourth street
# ("Betting is capped"), an all-in call, a side pot collected before the main pot, shows between
# the collections, and the main pot listed after rake.
SIDE_POT_HAND = """PokerStars Hand #80908721832:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2012/05/23 23:24:52 CET [2012/05/23 17:24:52 ET]
Table 'Equinox IV' 8-max
Seat 1: gugulu300 ($1.52 in chips)
Seat 2: AMKIreland ($0.97 in chips)
Seat 3: RomiTu ($0.49 in chips)
Seat 4: tobberdje ($1.49 in chips)
Seat 5: Kirilma ($0.61 in chips)
Seat 6: failertb ($2.85 in chips)
Seat 7: BNDee ($9.46 in chips)
Seat 8: raaah73 ($1.45 in chips)
gugulu300: posts the ante $0.01
AMKIreland: posts the ante $0.01
RomiTu: posts the ante $0.01
tobberdje: posts the ante $0.01
Kirilma: posts the ante $0.01
failertb: posts the ante $0.01
BNDee: posts the ante $0.01
raaah73: posts the ante $0.01
*** 3rd STREET ***
Dealt to gugulu300 [Ah]
Dealt to AMKIreland [8h]
Dealt to RomiTu [2d]
Dealt to tobberdje [As]
Dealt to Kirilma [Ts]
Dealt to failertb [6d Jd Jc]
Dealt to BNDee [9d]
Dealt to raaah73 [8d]
RomiTu: brings in for $0.02
tobberdje: calls $0.02
Kirilma: calls $0.02
failertb: raises $0.02 to $0.04
BNDee: folds
raaah73: calls $0.04
gugulu300: calls $0.04
AMKIreland: folds
RomiTu: raises $0.04 to $0.08
tobberdje: folds
Kirilma: calls $0.06
failertb: calls $0.04
raaah73: calls $0.04
gugulu300: calls $0.04
*** 4th STREET ***
Dealt to gugulu300 [Ah] [4h]
Dealt to RomiTu [2d] [Th]
Dealt to Kirilma [Ts] [Qd]
Dealt to failertb [6d Jd Jc] [5s]
Dealt to raaah73 [8d] [5h]
gugulu300: checks
RomiTu: bets $0.04
Kirilma: raises $0.04 to $0.08
failertb: folds
raaah73: folds
gugulu300: calls $0.08
RomiTu: raises $0.04 to $0.12
Kirilma: raises $0.04 to $0.16
Betting is capped
gugulu300: calls $0.08
RomiTu: calls $0.04
*** 5th STREET ***
Dealt to gugulu300 [Ah 4h] [Js]
Dealt to RomiTu [2d Th] [9c]
Dealt to Kirilma [Ts Qd] [Td]
Kirilma: bets $0.08
gugulu300: calls $0.08
RomiTu: raises $0.08 to $0.16
Kirilma: raises $0.08 to $0.24
gugulu300: calls $0.16
RomiTu: calls $0.08 and is all-in
*** 6th STREET ***
Dealt to gugulu300 [Ah 4h Js] [4s]
Dealt to RomiTu [2d Th 9c] [3s]
Dealt to Kirilma [Ts Qd Td] [6s]
Kirilma: bets $0.08
gugulu300: calls $0.08
*** RIVER ***
Kirilma: bets $0.04 and is all-in
gugulu300: calls $0.04
*** SHOW DOWN ***
Kirilma: shows [7h 2h Ts Qd Td 6s 4d] (a pair of Tens)
gugulu300: shows [5d 4c Ah 4h Js 4s Qs] (three of a kind, Fours)
gugulu300 collected $0.24 from side pot
RomiTu: shows [Kh Ks 2d Th 9c 3s Ad] (a pair of Kings)
gugulu300 collected $1.66 from main pot
*** SUMMARY ***
Total pot $1.94 Main pot $1.66. Side pot $0.24. | Rake $0.04
Seat 1: gugulu300 showed [5d 4c Ah 4h Js 4s Qs] and won ($1.90) with three of a kind, Fours
Seat 2: AMKIreland folded on the 3rd Street (didn't bet)
Seat 3: RomiTu showed [Kh Ks 2d Th 9c 3s Ad] and lost with a pair of Kings
Seat 4: tobberdje folded on the 3rd Street
Seat 5: Kirilma showed [7h 2h Ts Qd Td 6s 4d] and lost with a pair of Tens
Seat 6: failertb folded on the 4th Street
Seat 7: BNDee folded on the 3rd Street (didn't bet)
Seat 8: raaah73 folded on the 4th Street
"""


def test_a_side_pot_hand_with_the_pots_listed_after_rake() -> None:
    (record,) = _read_text(SIDE_POT_HAND)
    assert isinstance(record, HandRecord)
    assert [pot.amount for pot in record.pots] == [170, 24]  # main pot 1.66 + rake 0.04, side pot 0.24
    assert record.pots[0].collected == (("gugulu300", 166),) and record.pots[1].collected == (("gugulu300", 24),)
    assert record.total_pot == 194 and record.rake == 4
    fourth = [(a.player, a.kind, a.amount) for a in record.actions if a.street == 4 and a.kind != ActionKind.CALL]
    assert fourth == [("gugulu300", ActionKind.CHECK, 0), ("RomiTu", ActionKind.BET, 4), ("Kirilma", ActionKind.RAISE, 8),
                      ("failertb", ActionKind.FOLD, 0), ("raaah73", ActionKind.FOLD, 0), ("RomiTu", ActionKind.RAISE, 12),
                      ("Kirilma", ActionKind.RAISE, 16)]
    assert [a.all_in for a in record.actions if a.player == "RomiTu"][-1] is True
    verdict = audit_hand(record)
    assert verdict.verdict == "conforms", verdict
    assert dict(verdict.net_rules) == dict(verdict.net_recorded)
    assert dict(verdict.net_recorded)["gugulu300"] == 190 - 61 and dict(verdict.net_recorded)["RomiTu"] == -49
    buffer = io.StringIO()
    WRITER.write([record], buffer)
    assert "Total pot $1.94 Main pot $1.66. Side pot $0.24. | Rake $0.04" in buffer.getvalue()
    (back,) = _read_text(buffer.getvalue())
    assert isinstance(back, HandRecord) and back.without_provenance() == record.without_provenance()


def test_a_real_tournament_hand_with_a_capitalised_header() -> None:
    """PokerStars Stud/8 tournament hand as exported by PokerTracker 2 (tests/data/hh-extra)."""
    path = Path(__file__).parent / "data" / "hh-extra" / "pokerstars" / "7-StudHL-USD-10-1-200906.PT2.export.txt"
    (record,) = list(open_history(path))
    assert isinstance(record, HandRecord), record
    assert (record.tournament, record.unit, record.currency) == ("169962475", "chip", "")
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (5, 10, 25, 50)
    assert "Player6" in record.players()  # sitting out, but anted and was dealt in
    verdict = audit_hand(record)
    assert verdict.verdict == "conforms", verdict
    # Worked out from the file: 440 split 220/220; Player2 and Player4 each put in 5 + 10 + 25 + 50 + 50.
    assert dict(verdict.net_recorded) == {"Player0": -5, "Player1": -40, "Player2": 80, "Player3": -15,
                                          "Player4": 80, "Player5": -90, "Player6": -5, "Hero": -5}
    assert verdict.net_rules == verdict.net_recorded


@pytest.mark.parametrize("game, currency, unit", [
    ("7 Card Stud Hi/Lo Limit ($0.04/$0.08)", "USD", "cent"),          # 2006 cash header: no currency code
    ("HORSE (7 Card Stud Hi/Lo Limit, 4/8)", "", "chip"),               # play money in a mix
    ("7 Card Stud Hi/Lo Limit (€0.04/€0.08 EUR)", "EUR", "cent"),
])
def test_older_and_play_money_headers(game: str, currency: str, unit: str) -> None:
    text = (HEADER.format(game=game) + BODY)
    if unit == "chip":
        text = text.replace("$", "").replace("1 in chips", "100 in chips").replace("0.0", "")
    elif currency == "EUR":
        text = text.replace("$", "€")
    (item,) = _read_text(text)
    assert isinstance(item, HandRecord), item
    assert (item.currency, item.unit, item.small_bet, item.big_bet) == (currency, unit, 4, 8)
    assert audit_hand(item).verdict == "conforms"
