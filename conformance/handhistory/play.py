"""Hands played on the reference engine, recorded as a site would record them.

``record_from_play`` plays a list of PHH actions on the reference engine and writes down what
a site's history would hold: seats, antes, each action with its kind and amount (a bring-in,
a completion, a bet, a raise *to* an amount, a call for the chips added), every card, the
showdown, the pots and what each player collected. ``record_from_scenario`` does it for a
replay scenario of the suite (what ``stud8 hh export`` writes, and what the round-trip tests
feed the writers); ``synth`` uses it for random hands.

These records describe what the *engine* did, so they serve as site-like input; a scenario's
expected values never come from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud8.conformance.handhistory.record import (
    ActionKind,
    ActionRecord,
    HandRecord,
    PlayerCards,
    PotRecord,
    SeatRecord,
    ShowdownRecord,
)
from stud8.reference.cards import Card
from stud8.reference.engine import Hand, Stakes
from stud8.reference.errors import Stud8Error


class NotWritable(Stud8Error):
    """A scenario that is no whole hand (does not start, stops before the end, deck given as lines...)."""

    code = "not-writable"


def _slots(seat: Mapping[str, Any]) -> tuple[str | None, ...]:
    """A seat's cards in the order dealt: down, down, up, up, up, up, down."""
    down, up = list(seat["down"]), list(seat["up"])
    order = down[:2] + up[:1] + up[1:4] + down[2:3]
    return tuple(order) + (None,) * (7 - len(order))


def record_from_play(
    stacks: Sequence[int],
    stakes: Mapping[str, int],
    deck: Sequence[Card | str],
    actions: Sequence[str],
    *,
    profile: str | None = None,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    site: str = "stud8",
    hand_id: str = "1",
    table: str = "stud8",
    currency: str = "USD",
    unit: str = "cent",
) -> HandRecord:
    """Play the actions and record the hand (``NotWritable`` if it cannot be played to its end).
    No rake: ``synth`` takes a site's rake afterwards."""
    seat_names = list(names) if names else [f"p{seat}" for seat in range(1, len(stacks) + 1)]
    stake = Stakes(stakes["ante"], stakes["bring_in"], stakes["small_bet"], stakes["big_bet"])
    try:
        hand = Hand.start(list(stacks), stake, list(deck), profile, dict(options or {}))
    except Stud8Error as error:
        raise NotWritable(f"the hand does not start: {error}") from None
    table_state = hand.table
    records: list[ActionRecord] = []
    for seat, name in enumerate(seat_names):
        posted = table_state.contributed[seat]
        if posted:
            records.append(ActionRecord(0, name, ActionKind.ANTE, posted, posted == stacks[seat]))
    level = 0
    street = -1
    completed = False
    street_level: dict[int, int] = {}
    for text in actions:
        if hand.over:
            raise NotWritable(f"action {text!r} comes after the hand is over")
        if hand.street != street:
            street = hand.street
            level = 0
            street_level = {}
            completed = False
        seat = int(text.split()[0][1:]) - 1
        before = table_state.contributed[seat]
        try:
            hand.apply(text)
        except Stud8Error as error:
            raise NotWritable(f"action {text!r} is refused: {error}") from None
        added = table_state.contributed[seat] - before
        move = text.split()[1]
        street_no = street + 3
        name = seat_names[seat]
        all_in = table_state.contributed[seat] == stacks[seat] and move != "f"
        if move == "f":
            records.append(ActionRecord(street_no, name, ActionKind.FOLD))
        elif move == "pb":
            records.append(ActionRecord(street_no, name, ActionKind.BRING_IN, added, all_in))
        elif move == "cc":
            kind = ActionKind.CALL if added else ActionKind.CHECK
            records.append(ActionRecord(street_no, name, kind, added, all_in and bool(added)))
        else:
            to = int(text.split()[2])
            if street_no == 3 and not completed and level < stake.small_bet:
                kind = ActionKind.COMPLETE
                completed = True
            else:
                kind = ActionKind.BET if level == 0 else ActionKind.RAISE
            records.append(ActionRecord(street_no, name, kind, to, all_in))
        street_level[seat] = street_level.get(seat, 0) + added
        level = max(level, street_level[seat])
    if not hand.over:
        raise NotWritable("the actions end before the hand does")
    observation = hand.observe()
    result = observation["result"]
    cards = tuple(PlayerCards(seat_names[entry["seat"] - 1], _slots(entry)) for entry in observation["seats"])
    showdown = tuple(ShowdownRecord(seat_names[seat - 1], True) for seat in result["show_order"])
    pots: list[PotRecord] = []
    totals: dict[int, int] = {}
    for pot in result["pots"]:
        paid: dict[int, int] = {}
        for part in (pot["high"], pot["low"] or {}):
            for seat, amount in part.items():
                paid[int(seat)] = paid.get(int(seat), 0) + amount
        for seat, amount in paid.items():
            totals[seat] = totals.get(seat, 0) + amount
        pots.append(PotRecord(pot["amount"], 0, 0, tuple((seat_names[s - 1], a) for s, a in sorted(paid.items()) if a)))
    returned = tuple((seat_names[int(seat) - 1], amount) for seat, amount in sorted(result["returned"].items(), key=lambda i: int(i[0])))
    return HandRecord(
        site=site, hand_id=hand_id, table=table, game="7 Card Stud Hi/Lo Limit", currency=currency if unit == "cent" else "",
        unit=unit, ante=stake.ante, bring_in=stake.bring_in, small_bet=stake.small_bet, big_bet=stake.big_bet,
        max_seats=8, seats=tuple(SeatRecord(seat + 1, name, stacks[seat]) for seat, name in enumerate(seat_names)),
        actions=tuple(records), cards=cards, community=observation["community"], showdown=showdown,
        pots=tuple(pots), collected=tuple((seat_names[s - 1], a) for s, a in sorted(totals.items()) if a),
        returned=returned, total_pot=sum(pot.amount for pot in pots),
    )


def record_from_scenario(scenario: Mapping[str, Any], where: str = "") -> HandRecord:
    """A replay scenario of the suite as a recorded hand (``NotWritable`` when it is not a whole hand)."""
    from stud8.conformance.suite.deal import scenario_deck

    name = scenario.get("id", where)
    if scenario.get("kind") != "replay":
        raise NotWritable(f"{name}: only a replay scenario is a hand")
    if scenario.get("start_error") is not None or scenario.get("outcome") is None:
        raise NotWritable(f"{name}: the hand does not start or has no outcome")
    actions = [item for item in scenario.get("actions", []) if isinstance(item, str)]
    try:
        record = record_from_play(scenario["stacks"], scenario["stakes"], scenario_deck(scenario), actions,
                                  profile=scenario.get("profile"), options=scenario.get("options"),
                                  hand_id=str(name), site="stud8", unit="chip")
    except NotWritable as error:
        raise NotWritable(f"{name}: {error}") from None
    return record
