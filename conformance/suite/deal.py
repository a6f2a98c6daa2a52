"""Turn a scenario's ``deal`` (or ``deck``) into the stacked deck an engine receives.

A scenario says which card each seat receives on each street; an engine wants a deck, top
card first. The conversion follows the rule book's dealing order (``deal.third-street``,
``deal.later-streets``, ``deal.burns``) and nothing else: the scenario lists the seats that
receive cards, so no knowledge of the betting is needed here. A deal that lists the wrong
seats produces a wrong deck and the scenario fails, as it should.

Unlisted burns are filled with cards that appear nowhere in the deal, and every card not
used follows in canonical order (``ALL_CARDS``), so the engine always gets 52 cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud8.reference.cards import ALL_CARDS, Card, parse_cards

LATER_STREETS: tuple[str, ...] = ("fourth", "fifth", "sixth", "seventh")


def _seat_number(name: str) -> int:
    return int(name[1:])


def deck_from_deal(deal: Mapping[str, Any]) -> list[Card]:
    """The 52-card stacked deck that deals ``deal`` (see conformance/WRITING.md)."""
    listed: list[Card] = []
    third = deal["third"]
    seats = sorted((key for key in third if key != "burn"), key=_seat_number)
    hands = {seat: parse_cards(third[seat]) for seat in seats}
    listed.extend(card for cards in hands.values() for card in cards)
    if "burn" in third:
        listed.append(Card.parse(third["burn"]))
    for street in LATER_STREETS:
        for text in deal.get(street, {}).values():
            listed.append(Card.parse(text))
    used = set(listed)
    fillers = iter([card for card in ALL_CARDS if card not in used])

    deck: list[Card] = []
    if "burn" in third:
        deck.append(Card.parse(third["burn"]))
    rounds = max((len(cards) for cards in hands.values()), default=0)
    for round_index in range(rounds):
        deck.extend(hands[seat][round_index] for seat in seats if round_index < len(hands[seat]))
    for street in LATER_STREETS:
        if street not in deal:
            continue
        cards = deal[street]
        deck.append(Card.parse(cards["burn"]) if "burn" in cards else next(fillers))
        for seat in sorted((key for key in cards if key != "burn"), key=_seat_number):
            deck.append(Card.parse(cards[seat]))
    taken = set(deck)
    deck.extend(card for card in ALL_CARDS if card not in taken)
    return deck


def deck_from_lines(lines: Sequence[str]) -> list[Card]:
    """A ``deck`` given as lines of cards, completed with the unlisted cards in canonical order.

    Repeated cards are kept (an engine must reject such a deck with ``bad-deck``).
    """
    deck = [card for line in lines for card in parse_cards(line)]
    present = set(deck)
    deck.extend(card for card in ALL_CARDS if card not in present)
    return deck


def scenario_deck(scenario: Mapping[str, Any]) -> list[Card]:
    """The stacked deck of a replay scenario, from ``deal`` or ``deck``."""
    if "deal" in scenario:
        return deck_from_deal(scenario["deal"])
    return deck_from_lines(scenario["deck"])
