"""The money check (conformance/handhistory/money.py): a hand's books balance or the hand is
unreadable, naming where the reader lost track; it needs no rule of any game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from stud8.conformance.handhistory import money
from stud8.conformance.handhistory.audit import audit_hand
from stud8.conformance.handhistory.readers import open_history
from stud8.conformance.handhistory.record import ActionKind, ActionRecord, HandRecord, PotRecord, SeatRecord

SITES = Path(__file__).parent / "data" / "site-hands"


def _hand() -> HandRecord:
    """Two players ante 1; A brings in 2, B completes to 4, A calls 2; B bets 8 on fourth, A
    folds: 8 goes back to B. Pot 10, rake 1, B collects 9."""
    seats = (SeatRecord(1, "A", 100), SeatRecord(2, "B", 100))
    actions = (ActionRecord(0, "A", ActionKind.ANTE, 1, line=3), ActionRecord(0, "B", ActionKind.ANTE, 1, line=4),
               ActionRecord(3, "A", ActionKind.BRING_IN, 2, line=5), ActionRecord(3, "B", ActionKind.COMPLETE, 4, line=6),
               ActionRecord(3, "A", ActionKind.CALL, 2, line=7), ActionRecord(4, "B", ActionKind.BET, 8, line=8),
               ActionRecord(4, "A", ActionKind.FOLD, 0, line=9))
    return HandRecord("Site", "1", seats=seats, actions=actions, returned=(("B", 8),), collected=(("B", 9),),
                      pots=(PotRecord(10, 1, 0, (("B", 9),)),), rake=1, pot_line=12, unit="chip")


def test_balanced_books_pass() -> None:
    assert money.check(_hand()) is None
    assert money.nets(_hand()) == {"A": -5, "B": 4}  # the nets add up to minus the rake
    assert sum(money.nets(_hand()).values()) == -_hand().rake


def test_a_pot_that_pays_out_other_than_it_holds_names_the_pot_s_line() -> None:
    trouble = money.check(replace(_hand(), collected=(("B", 8),), pots=(PotRecord(10, 1, 0, (("B", 8),)),)))
    assert trouble is not None and trouble.line == 12 and "holds 10 but pays out 8 with 1 rake" in trouble.message


def test_chips_put_in_that_no_pot_holds() -> None:
    trouble = money.check(replace(_hand(), returned=()))
    assert trouble is not None and "put in 18" in trouble.message and "pots hold 10" in trouble.message


def test_a_player_who_puts_in_more_than_the_stack_names_that_action() -> None:
    record = replace(_hand(), seats=(SeatRecord(1, "A", 100), SeatRecord(2, "B", 10)))
    trouble = money.check(record)
    assert trouble is not None and trouble.line == 8 and "B has put in 13, more than the stack of 10" in trouble.message


def test_a_rake_nobody_printed_is_held_to_what_a_rake_can_be() -> None:
    # The site prints no rake: what the pot did not pay out is the rake, up to a tenth of the
    # pot (plus one unit). A missed payout of half the pot is not a rake.
    quiet = replace(_hand(), rake_printed=False)
    assert money.check(quiet) is None
    missed = replace(quiet, collected=(("B", 5),), pots=(PotRecord(10, 5, 0, (("B", 5),)),), rake=5)
    trouble = money.check(missed)
    assert trouble is not None and "more than any rake" in trouble.message
    tournament = replace(quiet, tournament="77")
    trouble = money.check(tournament)
    assert trouble is not None and "tournament, which takes no rake" in trouble.message


def test_an_unbalanced_hand_is_unreadable_never_deviates() -> None:
    verdict = audit_hand(replace(_hand(), returned=()))
    assert verdict.verdict == "unreadable" and not verdict.deviations
    assert verdict.reason.startswith("the money does not balance") and verdict.reason.endswith("(line 12)")


def test_a_site_that_prints_no_rake_is_reported_as_such() -> None:
    (record,) = list(open_history(SITES / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml"))
    assert isinstance(record, HandRecord) and not record.rake_printed
    verdict = audit_hand(record)
    assert verdict.to_json()["rake_printed"] is False and verdict.rake == 16
    (stars, *_) = list(open_history(SITES / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"))
    assert isinstance(stars, HandRecord) and "rake_printed" not in audit_hand(stars).to_json()
