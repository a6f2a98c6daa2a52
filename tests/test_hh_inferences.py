"""Never accuse on a guess (issue 28 items 3 and 4).

Every inference a reader makes is planted in a real history, in the form the sites write:

* cards listed without their order (OnGame ``shows [ ... ]``): which were up cards;
* an ante the header does not state, posted differently by the players (PokerStars);
* stakes the header does not state, read from the betting (Bovada);
* an up card nobody saw, later than third street (the audit's own inference: the filling
  policy deals it), and a third-street one of a player who folded (the WSOP hands).

When the readings the history allows give different verdicts the hand is ``cannot-judge``,
naming the inference, never ``deviates``; when they agree the verdict stands and names the
inference; a deviation where nothing inferred could change it stays a deviation; and a
``cannot-judge`` verdict says what was checked and held.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from stud8.conformance.handhistory.audit import audit_item
from stud8.conformance.handhistory.inference import alternatives
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import HandRecord, Inference

DATA = Path(__file__).parent / "data"
SITES = DATA / "site-hands"


def _edited(tmp_path: Path, relative: str, *edits: tuple[str, str]) -> Path:
    text = (SITES / relative).read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / Path(relative).name
    path.write_text(text, encoding="utf-8")
    return path


def _one(path: Path) -> HandRecord:
    (record,) = list(open_history(path))
    assert isinstance(record, HandRecord), record
    return record


# --- cards listed without their order ------------------------------------------------------------

ONGAME = "ongame/7-StudHL-USD-0.25-0.50-201008.txt"


def test_an_unordered_show_that_decides_who_acts_first_cannot_be_judged(tmp_path: Path) -> None:
    # mylonas77's fifth-street card is not dealt face up in the record; he shows his seven cards
    # without their order. Read in the listed order, the 3d would be his fifth-street card, Hero
    # would act first there and mylonas77's bet would be out of turn: the old reader reported
    # exactly such a deviation. With the Kh there (as he was dealt) the hand conforms.
    path = _edited(tmp_path, ONGAME, ("Dealing to mylonas77: [Kh]", "Dealing to mylonas77: [-]"),
                   ("---\nSummary:", "mylonas77 shows [ Ac, Ad, 5c, 2h, Kh, Qh, 3d ]\n---\nSummary:"))
    record = _one(path)
    (inference,) = record.inferences
    assert inference.kind == "card-order" and inference.player == "mylonas77" and "3d" in inference.cards
    verdict = audit_item(record)
    assert verdict.verdict == "cannot-judge" and not verdict.deviations
    assert "listed without their order" in verdict.reason and "the verdict depends on it" in verdict.reason
    assert "it conforms" in verdict.reason and "act-order" in verdict.reason
    assert verdict.inferences == (inference.text,)


def test_an_unordered_show_whose_order_cannot_matter_keeps_the_verdict(tmp_path: Path) -> None:
    # His fourth-street card unseen instead: whichever card it was, his 5c up makes him act
    # first on fourth street, so every reading conforms.
    path = _edited(tmp_path, ONGAME, ("Dealing to mylonas77: [2h]", "Dealing to mylonas77: [-]"),
                   ("---\nSummary:", "mylonas77 shows [ Ac, Ad, 5c, 2h, Kh, Qh, 7d ]\n---\nSummary:"))
    record = _one(path)
    assert [inference.kind for inference in record.inferences] == ["card-order"]
    verdict = audit_item(record)
    assert verdict.verdict == "conforms", verdict
    assert verdict.inferences and "every reading the history allows gives this verdict" in verdict.inferences[0]


def test_each_reading_of_unordered_cards_differs_in_the_up_cards() -> None:
    record = _one(SITES / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt")
    hero = record.cards_of("Hero")
    marked = replace(record, inferences=(Inference("card-order", "planted", "Hero", 0, (0, 1, 6, 3),
                                                   (hero[0], hero[1], hero[6], hero[3])),))  # type: ignore[arg-type]
    readings = list(alternatives(marked) or [])
    assert readings[0].cards_of("Hero") == hero  # the reader's own reading first
    ups = {reading.cards_of("Hero")[3] for reading in readings}
    assert len(readings) == 4 and ups == {hero[0], hero[1], hero[6], hero[3]}


def _unseen_mylonas(tmp_path: Path, shown: str) -> Path:
    """The OnGame hand with none of mylonas77's up cards dealt face up in the record and his
    seven cards shown unordered: 840 placings of the up cards, more than the audit judges."""
    return _edited(tmp_path, ONGAME, ("Dealing to mylonas77: [-, -, 5c]", "Dealing to mylonas77: [-, -, -]"),
                   *((f"Dealing to mylonas77: [{card}]", "Dealing to mylonas77: [-]") for card in ("2h", "Kh", "Qh")),
                   ("---\nSummary:", f"mylonas77 shows [ {shown} ]\n---\nSummary:"))


def test_too_many_readings_still_say_the_payout_held(tmp_path: Path) -> None:
    verdict = audit_item(_one(_unseen_mylonas(tmp_path, "Ac, Ad, 5c, 2h, Kh, Qh, 3d")))
    assert verdict.verdict == "cannot-judge" and not verdict.deviations
    assert "too many readings" in verdict.reason and "the antes and the payout conform" in verdict.reason
    assert verdict.checked == ("the books balance", "the antes", "the payout")


def test_a_wrong_payout_deviates_whatever_the_order_of_the_cards(tmp_path: Path) -> None:
    # With 4h instead of Qh mylonas77 holds A-2-3-4-5, the low half is his; the site paid Hero
    # the whole pot. No order of his cards changes that: the payout deviates, the actions unjudged.
    verdict = audit_item(_one(_unseen_mylonas(tmp_path, "Ac, Ad, 5c, 2h, Kh, 4h, 3d")))
    assert verdict.verdict == "deviates" and [d.rule for d in verdict.deviations] == ["showdown.split"]
    assert dict(verdict.net_rules)["mylonas77"] - dict(verdict.net_recorded)["mylonas77"] == 244
    assert verdict.reason.startswith("not checked: the actions") and "too many readings" in verdict.reason


# --- an ante the header does not state ---------------------------------------------------------------

CARDTEST = "pokerstars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"


def test_different_antes_under_a_header_that_states_none_cannot_be_judged(tmp_path: Path) -> None:
    # u.pressure posts two cents, the others one; the site took the cent as rake. PokerStars'
    # header states only the bets, so which ante is the table's is the reader's guess: the old
    # audit reported the seven who posted one cent as deviating from an ante of two.
    path = _edited(tmp_path, CARDTEST, ("u.pressure: posts the ante $0.01", "u.pressure: posts the ante $0.02"),
                   ("Total pot $0.84 | Rake $0.04", "Total pot $0.85 | Rake $0.05"))
    record = _one(path)
    assert [inference.kind for inference in record.inferences] == ["ante"]
    verdict = audit_item(record)
    assert verdict.verdict == "cannot-judge" and not verdict.deviations
    assert "states no ante" in verdict.reason and "the verdict depends on it" in verdict.reason


def test_different_antes_under_a_header_that_states_the_ante_deviate(tmp_path: Path) -> None:
    # The same plant where the header states the ante (Full Tilt "Ante $0.40"): no guess, a deviation.
    path = _edited(tmp_path, "fulltilt/7-StudHL-USD-2-4-201103.txt", ("Player5 antes $0.40", "Player5 antes $0.80"),
                   ("Total pot $10.90 | Rake $0", "Total pot $11.30 | Rake $0.40"))
    record = _one(path)
    assert record.inferences == ()
    verdict = audit_item(record)
    assert verdict.verdict == "deviates" and verdict.deviations[0].rule == "table.ante"
    assert "Player5" in verdict.deviations[0].recorded


# --- stakes read from the betting -------------------------------------------------------------------

BOVADA = "bovada/7-StudHL-USD-0.25-0.50-201209.txt"


def test_stakes_read_from_betting_that_allows_two_structures_cannot_be_judged(tmp_path: Path) -> None:
    # Bovada states no stakes. A fifth-street bet of $0.25 and a sixth-street one of $0.75 (the
    # same money in the pot): is the big bet $0.25, $0.50 or $0.75? Each gives another deviation.
    path = _edited(tmp_path, BOVADA,
                   ("Seat+1 : Bets $0.50\nSeat+4 : Calls $0.50\nSeat+5 : Folds",
                    "Seat+1 : Bets $0.25\nSeat+4 : Calls $0.25\nSeat+5 : Folds"),
                   ("Seat+4 : Checks\nSeat+1 : Bets $0.50\nSeat+4 : Calls $0.50\n*** RIVER ***",
                    "Seat+4 : Checks\nSeat+1 : Bets $0.75\nSeat+4 : Calls $0.75\n*** RIVER ***"))
    record = _one(path)
    assert [inference.kind for inference in record.inferences] == ["stakes"]
    verdict = audit_item(record)
    assert verdict.verdict == "cannot-judge" and not verdict.deviations
    assert "states no stakes" in verdict.reason


def test_stakes_read_from_betting_that_allows_one_structure_are_judged() -> None:
    record = _one(SITES / BOVADA)
    assert record.inferences == () and (record.small_bet, record.big_bet) == (25, 50)
    assert audit_item(record).verdict == "conforms"


# --- an up card nobody saw ---------------------------------------------------------------------------

def test_an_unseen_later_up_card_stops_the_judging_at_its_street_and_says_what_held(tmp_path: Path) -> None:
    path = _edited(tmp_path, CARDTEST, ("Dealt to Soroka69 [7d 5s] [5c]\n", ""))
    verdict = audit_item(_one(path))
    assert verdict.verdict == "cannot-judge"
    assert verdict.reason.startswith("Soroka69's up card on fifth street is not recorded")
    assert "the actions from fifth street on are not judged" in verdict.reason
    assert verdict.checked == ("the books balance", "the antes", "every action before fifth street", "the payout")
    assert verdict.to_json()["checked"] == list(verdict.checked)


def test_a_deviation_before_the_unseen_card_matters_is_a_deviation(tmp_path: Path) -> None:
    # On fourth street rdiezchang (A-J up) acts first; here 123smoothie checks before him.
    path = _edited(tmp_path, CARDTEST, ("Dealt to Soroka69 [7d 5s] [5c]\n", ""),
                   ("rdiezchang: checks\n123smoothie: checks\ngashpor: checks\ndenny501: folds",
                    "123smoothie: checks\nrdiezchang: checks\ngashpor: checks\ndenny501: folds"))
    verdict = audit_item(_one(path))
    assert verdict.verdict == "deviates" and verdict.deviations[0].street == "fourth"
    assert verdict.deviations[0].rule.startswith("act-order")
    assert "not checked: Soroka69's up card on fifth street" in verdict.reason


@pytest.mark.parametrize("name", ["test_2023_43_5__test_50_02_14_32.phh", "test_2023_54_4__test_4_00_12_25.phh"])
def test_the_wsop_hands_say_what_held_when_the_bring_in_cannot_be_checked(name: str) -> None:
    (record,) = list(open_history(DATA / "real-hands" / name))
    verdict = audit_item(record)  # type: ignore[arg-type]
    assert verdict.verdict == "cannot-judge" and "who had to bring in is not known" in verdict.reason
    assert verdict.reason.endswith("the books balance; with the bring-in as recorded, the antes, every other action "
                                   "and the payout conform")
    assert "the payout" in verdict.checked
