"""Real Stud/8 hands (PHH files from the 2023 WSOP, via PokerKit's test suite) replayed through
the reference engine: each must end with the recorded finishing stacks.

The files live in ``tests/data/real-hands/*.phh``; without them the test is skipped. PHH does
not record burns, and hidden cards are written ``??``: the deck is rebuilt from the dealt cards
in the rule book's dealing order, burns and hidden cards filled with unused cards (hidden cards
with the highest ones, so that no hidden up card could take the bring-in away from the player
who posted it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomllib
from stud8.reference.cards import ALL_CARDS, Card, parse_cards
from stud8.reference.engine import Hand, Stakes

HANDS = sorted((Path(__file__).parent / "data" / "real-hands").glob("*.phh"))


def rebuild_deck(dealt: list[tuple[int, list[Card | None]]]) -> list[Card]:
    """The deck that deals ``dealt`` (seat, cards) in order, with fillers for burns and ``??``."""
    known = {card for _, cards in dealt for card in cards if card is not None}
    spare = iter([card for card in reversed(ALL_CARDS) if card not in known])
    filled = [(seat, [card if card is not None else next(spare) for card in cards]) for seat, cards in dealt]
    third = {seat: cards for seat, cards in filled if len(cards) == 3}
    deck = [third[seat][round_index] for round_index in range(3) for seat in sorted(third)]
    streets: list[list[Card]] = []
    seen: set[int] = set()
    for seat, cards in filled:
        if len(cards) != 1:
            continue
        if not streets or seat in seen:  # a seat dealt again: the next street
            streets.append([])
            seen = set()
        seen.add(seat)
        streets[-1].extend(cards)
    for cards in streets:
        deck.append(next(spare))  # the burn
        deck.extend(cards)
    used = set(deck)
    return deck + [card for card in ALL_CARDS if card not in used]


def parse_hand(path: Path) -> dict[str, Any]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    dealt: list[tuple[int, list[Card | None]]] = []
    actions = []
    for action in data["actions"]:
        words = action.split()
        if words[0] == "d":  # "d dh p1 Ac8dAs": cards dealt to a seat
            text = words[3]
            cards = [None if "?" in text[i:i + 2] else parse_cards(text[i:i + 2])[0] for i in range(0, len(text), 2)]
            dealt.append((int(words[2][1:]), cards))
        elif words[1] != "sm":  # showing cards is not an action of the engine
            actions.append(action)
    return {"data": data, "deck": rebuild_deck(dealt), "actions": actions}


@pytest.mark.skipif(not HANDS, reason="no PHH files in tests/data/real-hands")
@pytest.mark.parametrize("path", HANDS, ids=[path.stem for path in HANDS])
def test_real_hand_replays_to_the_recorded_stacks(path: Path) -> None:
    hand_data = parse_hand(path)
    data = hand_data["data"]
    assert len(set(data["antes"])) == 1
    hand = Hand.start(
        stacks=data["starting_stacks"],
        stakes=Stakes(data["antes"][0], data["bring_in"], data["small_bet"], data["big_bet"]),
        deck=hand_data["deck"],
    )
    for action in hand_data["actions"]:
        hand.apply(action)
    observation = hand.observe()
    assert observation["over"]
    assert observation["result"]["stacks"] == data["finishing_stacks"]
