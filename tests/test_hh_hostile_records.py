"""Records handed to ``audit_hand`` through the Python API whose fields hold the wrong kind of
value: every one gets a verdict that says what is wrong, never a traceback.

The readers always build well-formed records; a caller building records of their own (a reader
for another site, a converter) may not. This is the family of defects found by mutating the
fields of real records at random (a float street was a ``TypeError`` slicing a seat's cards; a
``dict`` as a name, a list as a card or a stake, a ``None`` rake, an empty tuple as the total
pot were ``TypeError``s too). Each planted value below sits in a different part of the record.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from test_hh_audit import _hand, _suite_record

from stud8.conformance.handhistory.audit import HandVerdict, audit_hand
from stud8.conformance.handhistory.record import HandRecord, PlayerCards


def _with_action(record: HandRecord, index: int, **change: Any) -> HandRecord:
    actions = list(record.actions)
    actions[index] = actions[index]._replace(**change)
    return replace(record, actions=tuple(actions))


def _with_seat(record: HandRecord, index: int, **change: Any) -> HandRecord:
    seats = list(record.seats)
    seats[index] = replace(seats[index], **change)
    return replace(record, seats=tuple(seats))


def _with_card(record: HandRecord, card: Any) -> HandRecord:
    first = record.cards[0]
    return replace(record, cards=(PlayerCards(first.player, (card,) + tuple(first.cards[1:])),) + record.cards[1:])


def _with_pot(record: HandRecord, **change: Any) -> HandRecord:
    return replace(record, pots=(replace(record.pots[0], **change),) + record.pots[1:])


PLANTED: dict[str, tuple[Any, str, str]] = {
    # name: (how the record is changed, the verdict, a phrase the reason holds)
    "seat name a dict": (lambda r: _with_seat(r, 0, name={"a": 1}), "unreadable", "not a name"),
    "seat number text": (lambda r: _with_seat(r, 1, seat_no="2"), "unreadable", "is not a whole number"),
    "seat number a bool": (lambda r: _with_seat(r, 0, seat_no=True), "unreadable", "is not a whole number"),
    "action player a list": (lambda r: _with_action(r, 3, player=["p1"]), "unreadable", "['p1'] acts but has no seat"),
    "action street a dict": (lambda r: _with_action(r, 4, street={}), "unreadable", "a street given as {}"),
    "action kind text": (lambda r: _with_action(r, 2, kind="bring-in"), "unreadable", "which is no action"),
    "action kind a bool, amount a float": (lambda r: _with_action(r, 5, kind=True, amount=2.5), "unreadable",
                                           "acts (True) 2.5: no amount"),
    "action street 4.5": (lambda r: _with_action(r, len(r.actions) - 1, street=4.5), "unreadable", "street 4.5"),
    "ante None": (lambda r: replace(r, ante=None), "cannot-judge", "the engine cannot start this hand"),
    "bring-in a list": (lambda r: replace(r, bring_in=[2]), "cannot-judge", "the engine cannot start this hand"),
    "big bet a dict": (lambda r: replace(r, big_bet={}), "cannot-judge", "the engine cannot start this hand"),
    "rake text": (lambda r: replace(r, rake="1"), "unreadable", "the rake is"),
    "fees None": (lambda r: replace(r, fees=None), "unreadable", "the jackpot and other fees"),
    "total pot an empty tuple": (lambda r: replace(r, total_pot=()), "unreadable", "the total pot is ()"),
    "pot rake None": (lambda r: _with_pot(r, rake=None), "unreadable", "negative amount"),
    "pot amount a tuple": (lambda r: _with_pot(r, amount=(1,)), "unreadable", "negative amount"),
    "a card a list": (lambda r: _with_card(r, ["As"]), "unreadable", "is not a card"),
    "a card 14": (lambda r: _with_card(r, 14), "unreadable", "is not a card"),
    "community a list": (lambda r: replace(r, community=["As"]), "unreadable", "is not a card"),
    "collected by a dict": (lambda r: replace(r, collected=(({}, 5),)), "unreadable", "goes to {}, which is not a name"),
}


@pytest.mark.parametrize("planted", sorted(PLANTED))
def test_a_misshapen_field_gets_a_verdict_that_names_it(planted: str) -> None:
    change, verdict_wanted, said = PLANTED[planted]
    record = _suite_record("betting-001")
    assert audit_hand(record).verdict == "conforms"
    verdict = audit_hand(change(record))
    assert isinstance(verdict, HandVerdict)
    assert verdict.verdict == verdict_wanted, (planted, verdict.reason)
    assert said in verdict.reason, (planted, verdict.reason)
    verdict.to_json()  # and it can be reported


def test_random_wrong_values_in_every_field_never_raise() -> None:
    """The random search that found the family, kept small: one or two fields of a real record
    changed to a value of another kind; every result is a verdict."""
    records = [_hand(index) for index in range(4)] + [_suite_record("betting-001")]
    weird: list[Any] = [3.0, 4.5, True, None, "x", -1, 10**30, float("nan"), (), [], {}, [3], b"x", "As"]
    rng = random.Random(28)
    verdicts = set()
    for _ in range(600):
        record = rng.choice(records)
        for _ in range(rng.randint(1, 2)):
            value = rng.choice(weird)
            part = rng.randrange(5)
            if part == 0:
                index = rng.randrange(len(record.actions))
                record = _with_action(record, index, **{rng.choice(["street", "player", "kind", "amount", "all_in"]): value})
            elif part == 1:
                index = rng.randrange(len(record.seats))
                record = _with_seat(record, index, **{rng.choice(["seat_no", "name", "stack"]): value})
            elif part == 2:
                record = _with_card(record, value)
            elif part == 3:
                field = rng.choice(["ante", "bring_in", "small_bet", "big_bet", "rake", "fees", "total_pot", "community"])
                record = replace(record, **{field: value})
            else:
                record = _with_pot(record, **{rng.choice(["amount", "rake", "fees"]): value})
        verdict = audit_hand(record)
        assert isinstance(verdict, HandVerdict)
        verdict.to_json()
        verdicts.add(verdict.verdict)
    assert "unreadable" in verdicts and "cannot-judge" in verdicts
