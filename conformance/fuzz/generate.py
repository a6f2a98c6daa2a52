"""The hands of a fuzzing run: hand ``index`` of the run with ``seed``, made from those two
numbers alone, so any hand can be played again by itself and a campaign can be split over
processes or machines without changing a single hand.

* **The table.** Two to eight players, stakes of a few shapes (one with the bring-in equal to
  the small bet), stacks mixing deep and short ones (some below the ante or the bring-in, so
  that players go all-in on the antes, on the bring-in, on any street), a random permutation
  of the 52 cards as the stacked deck.
* **The play's parameters.** How often the random policy folds and raises, and its seed. About
  one hand in eight is played by the largest table allowed where nobody ever folds, so eight
  players run the deck out on seventh street.

``generate`` is the plain generator: its numbers are those of every earlier release, so a seed
finds the same first divergence as before. Guided runs (``stud8 fuzz --guided``) take their
hands from ``stud8.conformance.fuzz.guide`` instead, which stacks decks and stacks toward rare
rules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from stud8.reference.cards import ALL_CARDS

CARDS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)

STAKES_SHAPES: tuple[Mapping[str, int], ...] = (
    {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    {"ante": 0, "bring_in": 1, "small_bet": 2, "big_bet": 4},
    {"ante": 2, "bring_in": 5, "small_bet": 5, "big_bet": 10},  # the bring-in is the opening bet
    {"ante": 1, "bring_in": 3, "small_bet": 10, "big_bet": 20},
    {"ante": 5, "bring_in": 10, "small_bet": 25, "big_bet": 50},
    {"ante": 3, "bring_in": 7, "small_bet": 15, "big_bet": 30},
)
"""The stakes a hand is played at, one picked per hand."""

NO_FOLD_SHARE = 0.12
"""Share of hands played by the largest table allowed where nobody ever folds (eight players
then always run the deck out on seventh street)."""


@dataclass(frozen=True)
class HandSpec:
    """One generated hand: the table, the deck and the policy's parameters. ``recipe`` names
    the guided recipe that made it (``""`` for the plain generator)."""

    index: int
    stacks: tuple[int, ...]
    stakes: Mapping[str, int]
    deck: tuple[str, ...]
    fold_weight: float
    raise_weight: float
    no_fold: bool
    policy_seed: int
    recipe: str = ""


def _stack(rng: random.Random, stakes: Mapping[str, int]) -> int:
    ante, bring_in, big = stakes["ante"], stakes["bring_in"], stakes["big_bet"]
    draw = rng.random()
    if draw < 0.12:  # all-in on the ante or on the bring-in
        return rng.randint(1, max(1, ante + bring_in))
    if draw < 0.45:  # all-in some time during the hand
        return rng.randint(ante + 1, ante + bring_in + 4 * big)
    return rng.randint(20 * big, 60 * big)


def generate(seed: int, index: int, players: tuple[int, int] = (2, 8)) -> HandSpec:
    """Hand ``index`` of the run with ``seed``: made from these two numbers only."""
    rng = random.Random(f"stud8-fuzz:{seed}:{index}")
    low, high = players
    no_fold = rng.random() < NO_FOLD_SHARE
    count = high if no_fold else rng.randint(low, high)
    stakes = dict(rng.choice(STAKES_SHAPES))
    stacks = tuple(_stack(rng, stakes) for _ in range(count))
    deck = list(CARDS)
    rng.shuffle(deck)
    return HandSpec(
        index=index,
        stacks=stacks,
        stakes=stakes,
        deck=tuple(deck),
        fold_weight=rng.choice((0.02, 0.08, 0.25)),
        raise_weight=rng.choice((0.2, 0.6, 1.5)),
        no_fold=no_fold,
        policy_seed=rng.randrange(2**32),
    )
