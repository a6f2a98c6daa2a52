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
