"""The audit's stacked deck (``stacking.stacked_deck``), checked against the reference engine.

The oracle is the engine itself: a hand is played from a shuffled deck with players folding on
chosen streets; the cards each seat was dealt and the hand's shape go to ``stacked_deck``; the
same actions replayed from the deck it returns must deal every seat the same cards (and the
same community card). Shapes cover two to eight players, every fold street, burn_before_third,
and the three deck_exhaustion procedures, so the short-deck cases (burns recycled, a community
card) are among them.
"""

from __future__ import annotations

import random

import pytest

from stud8.conformance.handhistory.stacking import stacked_deck
from stud8.reference.actions import Action
from stud8.reference.cards import ALL_CARDS
from stud8.reference.engine import Hand, Stakes

_STAKES = Stakes(1, 2, 5, 10)
_PROCEDURES = ("tda", "community_card_only", "robert")


def _play(deck: list[str], fold_on: list[int], options: dict[str, object]) -> tuple[Hand, list[int]]:
    """Play a hand: each seat folds on its street in ``fold_on`` (0: never), the others call.
    Also the street each seat did fold on (0: never), which can be later than asked."""
    hand = Hand.start([1000] * len(fold_on), _STAKES, deck, None, options)
    folded = [0] * len(fold_on)
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        street = hand.street + 3
        if "pb" in legal:
            move = "pb"
        elif fold_on[seat - 1] and street >= fold_on[seat - 1] and "f" in legal:
            move = "f"
            folded[seat - 1] = street
        else:
            move = "cc"
        hand.apply(Action(seat, move))
    return hand, folded


def _dealt(hand: Hand) -> tuple[list[list[str]], str | None]:
    """Each seat's cards in the order dealt (two down, the up cards, the seventh down card)."""
    seen = hand.observe()
    cards = []
    for seat in seen["seats"]:
        down, up = seat["down"], seat["up"]
        cards.append(down[:2] + up + down[2:])
    return cards, seen["community"]


def _last_street(folds: list[int]) -> int:
    """The last street dealt, as the audit reads it from a record: seventh when two or more
    players never fold, else the street of the last fold."""
    return 7 if folds.count(0) > 1 else max(folds)


@pytest.mark.parametrize("procedure", _PROCEDURES)
@pytest.mark.parametrize("burn_first", [False, True])
def test_the_stacked_deck_deals_every_seat_its_cards(procedure: str, burn_first: bool) -> None:
    rng = random.Random(f"{procedure}-{burn_first}")
    options: dict[str, object] = {"deck_exhaustion": procedure, "burn_before_third": burn_first}
    names = [str(card) for card in ALL_CARDS]
    shapes = community_hands = 0
    for _ in range(150):
        players = rng.randint(2, 8)
        fold_on = [rng.choice([0, 0, 0, 3, 4, 5, 6, 7]) for _ in range(players)]
        deck = names[:]
        rng.shuffle(deck)
        played, folds = _play(deck, fold_on, options)
        cards, community = _dealt(played)
        stacked = stacked_deck(cards, folds, _last_street(folds), burn_first, procedure, community)
        assert not isinstance(stacked, str), (fold_on, stacked)
        assert sorted(map(str, stacked)) == sorted(names)
        replayed, _ = _play([str(card) for card in stacked], fold_on, options)
        assert _dealt(replayed) == (cards, community), (players, fold_on)
        shapes += 1
        community_hands += community is not None
    assert shapes == 150
    if procedure != "robert":  # robert mixes the burns back in and deals everyone when it can
        assert community_hands > 0, "no short deck among the shapes: the community branch went untested"


def test_a_community_card_the_rules_do_not_deal_is_named() -> None:
    """Two players to seventh street: the rules deal each a card, so a record's community card
    (or, for eight players, the lack of one) is a mismatch, said in words, not a deck."""
    names = [str(card) for card in ALL_CARDS]
    two = [names[0:7], names[7:14]]
    said = stacked_deck([seat[:6] for seat in two], [0, 0], 7, False, "tda", names[20])
    assert said == "the rules deal every player a seventh-street card here, not a community card"
    eight = [names[7 * seat: 7 * seat + 7] for seat in range(7)] + [names[49:52] + names[0:4]]
    said = stacked_deck(eight, [0] * 8, 7, False, "tda", None)
    assert said == "the rules deal one community card on seventh street here (the deck runs out)"
