"""Guided hands (``stud8 fuzz --guided``): decks and stacks aimed at rules random play seldom
reaches, still made from (seed, hand number) alone so that guided campaigns split over
processes and machines like plain ones.

Plain random hands reach a three-way tie with odd chips about once in ten thousand hands (the
rule counts of ``--rules`` show it), so a whole class of odd-chip divergences stays invisible.
Each guided hand follows one *recipe*, picked by weight (``RECIPES``):

* ``plain``: the plain generator's hand (``generate``), so nothing plain play finds is lost;
* ``tie``: two or three seats are dealt the same seven ranks, each seat in a suit of its own,
  so they tie for high with the same flush, and for low too when the ranks make one
  (``odd-chip.within-half``, ``odd-chip.tied-both-ways``, ``showdown.ties``); the others fold
  rarely, and the stakes and short stacks vary the pot so that it often does not divide;
* ``tie-low``: the tied seats share only their five low cards (a tie for low, ``low.*`` and
  odd chips within the low half);
* ``short``: most stacks short (all-in on the ante, a short bring-in, short all-ins, side
  pots: ``betting.short-all-in``, ``bring-in.*``, ``pots.side-pots``);
* ``paired``: two seats show the same ranks on fourth street (``act-order.ties``,
  ``betting.fourth-street-open-pair``);
* ``eight``: eight players who never fold, so the deck runs out on seventh street
  (``deck.short-stub``, ``deck.community-card``).

The stacked cards are placed where the deal puts them when nobody folds before the last
street (``_positions``); a fold earlier shifts later streets, and the hand is simply another
random hand. The weights are fixed (not adapted to running counts), so a guided hand never
depends on which hands were played before it: that is what keeps a campaign's lowest
divergent hand the same on one process, many, or a cluster.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from stud8.conformance.fuzz.generate import CARDS, STAKES_SHAPES, HandSpec, generate

RECIPES: tuple[tuple[str, float], ...] = (
    ("plain", 0.25),
    ("tie", 0.30),
    ("tie-low", 0.10),
    ("short", 0.15),
    ("paired", 0.10),
    ("eight", 0.10),
)
"""Recipe names and their shares of the guided hands."""

TIE_MAX_PLAYERS = 6
"""The largest table a tie recipe deals: every seat's seven cards fit in the deck (7n + 4 + a burn)."""

RANKS = "23456789TJQKA"
LOW_RANKS = "A2345678"
SUITS = "cdhs"


def _positions(seat: int, players: int, burn_first: bool) -> list[int]:
    """Deck positions of ``seat``'s seven cards (0-based seat) when every seat gets every street."""
    base = int(burn_first)
    third = [base + seat, base + players + seat, base + 2 * players + seat]
    later = [base + 3 * players + street * (players + 1) + 1 + seat for street in range(4)]
    return third + later


def _short_stack(rng: random.Random, stakes: Mapping[str, int]) -> int:
    ante, bring_in, small, big = stakes["ante"], stakes["bring_in"], stakes["small_bet"], stakes["big_bet"]
    return rng.choice((
        rng.randint(1, max(1, ante)),                              # all-in on the ante
        ante + rng.randint(1, max(1, bring_in)),                   # a short bring-in
        ante + bring_in + rng.randint(1, max(1, small - 1)),       # a short completion
        ante + rng.randint(small, small + big + big // 2),         # short all-ins on later streets
    ))


def _deep(rng: random.Random, stakes: Mapping[str, int]) -> int:
    return rng.randint(20 * stakes["big_bet"], 60 * stakes["big_bet"])


def _stack_deck(rng: random.Random, placed: Mapping[int, str]) -> tuple[str, ...]:
    """A deck with ``placed`` cards at their positions and the other cards shuffled around them."""
    taken = set(placed.values())
    rest = [card for card in CARDS if card not in taken]
    rng.shuffle(rest)
    spare = iter(rest)
    return tuple(placed[i] if i in placed else next(spare) for i in range(len(CARDS)))


def _tied_ranks(rng: random.Random, with_low: bool) -> list[str]:
    """Seven distinct ranks: with five low ranks (a low for every tied seat), or at most four."""
    highs = list("9TJQK")
    lows = list(LOW_RANKS)
    count = rng.randint(5, 7) if with_low else rng.randint(2, 4)
    chosen = rng.sample(lows, count)
    chosen += rng.sample(highs, 7 - count)
    return chosen


def _tie(rng: random.Random, index: int, players: tuple[int, int], burn_first: bool, low_only: bool) -> HandSpec:
    low, high = players
    count = rng.randint(max(low, 3 if high >= 3 else 2), min(high, TIE_MAX_PLAYERS))
    tied = 3 if count >= 3 and rng.random() < 0.7 else 2
    seats = sorted(rng.sample(range(count), tied))
    suits = rng.sample(SUITS, tied)
    placed: dict[int, str] = {}
    if low_only:
        lows = rng.sample(list(LOW_RANKS), 5)
        used: set[str] = set()
        for seat, suit in zip(seats, suits):
            cards = [rank + suits[(k + seats.index(seat)) % tied] for k, rank in enumerate(lows)]
            spare = [c for c in CARDS if c[0] in "9TJQK" and c not in used and c[1] != suit]
            cards += rng.sample(spare, 2)
            used.update(cards)
            rng.shuffle(cards)
            for position, card in zip(_positions(seat, count, burn_first), cards):
                placed[position] = card
    else:
        ranks = _tied_ranks(rng, with_low=rng.random() < 0.5)
        for seat, suit in zip(seats, suits):
            order = list(ranks)
            rng.shuffle(order)
            for position, rank in zip(_positions(seat, count, burn_first), order):
                placed[position] = rank + suit
    stakes = dict(rng.choice(STAKES_SHAPES))
    stacks = tuple(_short_stack(rng, stakes) if rng.random() < 0.2 else _deep(rng, stakes) for _ in range(count))
    return HandSpec(index=index, stacks=stacks, stakes=stakes, deck=_stack_deck(rng, placed),
                    fold_weight=rng.choice((0.0, 0.02)), raise_weight=rng.choice((0.2, 0.6, 1.5)),
                    no_fold=rng.random() < 0.5, policy_seed=rng.randrange(2**32),
                    recipe="tie-low" if low_only else "tie")


def _short(rng: random.Random, index: int, players: tuple[int, int]) -> HandSpec:
    count = rng.randint(*players)
    stakes = dict(rng.choice(STAKES_SHAPES))
    stacks = tuple(_short_stack(rng, stakes) if rng.random() < 0.7 else _deep(rng, stakes) for _ in range(count))
    deck = list(CARDS)
    rng.shuffle(deck)
    return HandSpec(index=index, stacks=stacks, stakes=stakes, deck=tuple(deck),
                    fold_weight=rng.choice((0.02, 0.08)), raise_weight=rng.choice((0.6, 1.5, 3.0)),
                    no_fold=False, policy_seed=rng.randrange(2**32), recipe="short")


def _paired(rng: random.Random, index: int, players: tuple[int, int], burn_first: bool) -> HandSpec:
    count = rng.randint(max(players[0], 2), players[1])
    a, b = rng.sample(range(count), 2)
    ranks = rng.sample(RANKS, 2)
    pair_up = rng.random() < 0.5  # both show a pair, or both show the same two ranks
    shown = [ranks[0], ranks[0]] if pair_up else ranks
    suits = rng.sample(SUITS, 4)
    suits_a, suits_b = suits[:2], suits[2:]
    placed: dict[int, str] = {}
    for seat, suits in ((a, suits_a), (b, suits_b)):
        positions = _positions(seat, count, burn_first)
        placed[positions[2]] = shown[0] + suits[0]
        placed[positions[3]] = shown[1] + suits[1]
    stakes = dict(rng.choice(STAKES_SHAPES))
    stacks = tuple(_deep(rng, stakes) for _ in range(count))
    return HandSpec(index=index, stacks=stacks, stakes=stakes, deck=_stack_deck(rng, placed),
                    fold_weight=0.02, raise_weight=rng.choice((0.2, 0.6)), no_fold=rng.random() < 0.5,
                    policy_seed=rng.randrange(2**32), recipe="paired")


def _eight(rng: random.Random, index: int, players: tuple[int, int]) -> HandSpec:
    count = players[1]
    stakes = dict(rng.choice(STAKES_SHAPES))
    stacks = tuple(_short_stack(rng, stakes) if rng.random() < 0.25 else _deep(rng, stakes) for _ in range(count))
    deck = list(CARDS)
    rng.shuffle(deck)
    return HandSpec(index=index, stacks=stacks, stakes=stakes, deck=tuple(deck), fold_weight=0.0,
                    raise_weight=rng.choice((0.2, 0.6, 1.5)), no_fold=True, policy_seed=rng.randrange(2**32),
                    recipe="eight")


def pick_recipe(rng: random.Random, recipes: Sequence[tuple[str, float]] = RECIPES) -> str:
    names = [name for name, _ in recipes]
    return rng.choices(names, [weight for _, weight in recipes])[0]


def generate_guided(seed: int, index: int, players: tuple[int, int] = (2, 8), burn_first: bool = False) -> HandSpec:
    """Guided hand ``index`` of the run with ``seed`` (see the module docstring)."""
    rng = random.Random(f"stud8-fuzz-guided:{seed}:{index}")
    recipe = pick_recipe(rng)
    if recipe == "plain" or players[1] < 2:
        return generate(seed, index, players)
    if recipe in ("tie", "tie-low"):
        if players[0] > TIE_MAX_PLAYERS:  # seven or eight players cannot all be dealt seven cards
            return generate(seed, index, players)
        return _tie(rng, index, players, burn_first, low_only=recipe == "tie-low")
    if recipe == "short":
        return _short(rng, index, players)
    if recipe == "paired":
        return _paired(rng, index, players, burn_first)
    return _eight(rng, index, players)
