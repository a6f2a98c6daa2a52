"""Open Hand History (OHH JSON): exact amounts, stud conventions, per-object problems, and the
real PokerStars hands carried through OHH without changing a verdict."""

from __future__ import annotations

import io
import json
from pathlib import Path

from stud8.conformance.handhistory import ohh
from stud8.conformance.handhistory.audit import audit_hand
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import ActionKind, HandProblem, HandRecord

STARS = Path(__file__).parent / "data" / "site-hands" / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"


def _stars() -> list[HandRecord]:
    return [item for item in open_history(STARS) if isinstance(item, HandRecord)]


def _read(text: str) -> list[HandRecord | HandProblem]:
    return list(ohh.READER.read(io.StringIO(text), "t.ohh"))


def test_real_hands_through_ohh_keep_their_verdicts_and_nets(tmp_path: Path) -> None:
    hands = _stars()
    path = tmp_path / "stars.ohh"
    with path.open("w") as out:
        ohh.WRITER.write(hands, out)
    back = list(open_history(path))  # detected from the content
    assert len(back) == len(hands)
    for original, copy in zip(hands, back):
        assert isinstance(copy, HandRecord)
        before, after = audit_hand(original), audit_hand(copy)
        assert after.verdict == before.verdict == "conforms"
        assert after.net_recorded == before.net_recorded
        assert copy.actions == tuple(a.__class__(a.street, a.player, a.kind, a.amount, a.all_in, 0) for a in original.actions)
        assert copy.cards == original.cards and copy.collected == original.collected


def test_amounts_are_decimals_never_floats() -> None:
    text = ohh.dumps(_stars()[2])
    data = json.loads(text)["ohh"]
    assert '"small_blind_amount": 0.04' in text and '"starting_stack": 11' in text
    assert data["pots"][0]["rake"] == 0.03 and data["game_type"] == "StudHiLo"
    raises = [a for r in data["rounds"] for a in r["actions"] if a["action"] == "Raise"]
    assert all(a["amount"] > 0 for a in raises)
    assert "??" in text  # the down cards nobody saw keep their places


def test_a_completion_and_a_raise_are_the_chips_put_in() -> None:
    record = _stars()[5]  # fourth street: bets 0.04, raises 0.04 to 0.08
    data = json.loads(ohh.dumps(record))["ohh"]
    fourth = next(r for r in data["rounds"] if r["street"] == "Fourth Street")
    moves = [(a["action"], a.get("amount")) for a in fourth["actions"] if a["action"] in ("Bet", "Raise", "Call")]
    assert moves[:2] == [("Bet", 0.04), ("Raise", 0.08)]
    (back,) = _read(ohh.dumps(record))
    assert isinstance(back, HandRecord)
    assert [(a.kind, a.amount) for a in back.actions if a.street == 4][:2] == [(ActionKind.BET, 4), (ActionKind.RAISE, 8)]


def test_other_games_damaged_objects_and_fine_amounts_are_problems() -> None:
    good = ohh.dumps(_stars()[0])
    holdem = good.replace('"StudHiLo"', '"Holdem"')
    no_limit = good.replace('"bet_type": "FL"', '"bet_type": "NL"')
    fine = good.replace('"ante_amount": 0.01', '"ante_amount": 0.005')
    broken = good[:200]
    items = _read(f"{holdem}\n\n{no_limit}\n\n{fine}\n\n{good}\n\n{broken}")
    verdicts = [(item.verdict, item.hand_id) if isinstance(item, HandProblem) else ("record", item.hand_id) for item in items]
    assert verdicts[0] == ("not-stud8", "35874487284") and verdicts[1][0] == "not-stud8"
    assert verdicts[2][0] == "unreadable" and "finer than one cent" in items[2].reason  # type: ignore[union-attr]
    assert verdicts[3] == ("record", "35874487284")
    assert verdicts[4][0] == "unreadable" and items[4].line > 1  # type: ignore[union-attr]


def test_tournament_hands_count_chips() -> None:
    from dataclasses import replace

    record = replace(_stars()[0], tournament="123", currency="", unit="chip")
    (back,) = _read(ohh.dumps(record))
    assert isinstance(back, HandRecord)
    assert (back.tournament, back.unit, back.small_bet) == ("123", "chip", 4)


def test_a_large_ohh_file_streams_in_flat_memory(tmp_path: Path) -> None:
    """OHH is read one object at a time: four times the hands, about the same peak memory."""
    import tracemalloc

    hand = ohh.dumps(_stars()[6])

    def peak_for(count: int) -> int:
        path = tmp_path / f"many-{count}.ohh"
        with path.open("w") as out:
            out.write("\n\n".join(hand.replace("35874789183", str(number)) for number in range(count)) + "\n")
        tracemalloc.start()
        read = sum(1 for item in open_history(path) if isinstance(item, HandRecord))
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert read == count
        return peak

    small, large = peak_for(50), peak_for(200)
    assert large < small * 1.5 + 50_000, (small, large)
