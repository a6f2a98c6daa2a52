"""Hand evaluation, the plain way: this module *is* the definition of high and low hands.

Everything here is written to be read, not to be fast. A player's hand is the best five of
their five to seven cards (rule ``hands.best-five``), found by trying every five-card
combination and keeping the best one. ``stud8.reference.fast_eval`` computes the same values
from lookup tables for bulk work; ``stud8 verify-evaluator`` checks the two against each other
and against the published counts of poker hands.

High hands (rules ``hands.categories``, ``hands.kickers``, ``hands.straight-ace``,
``hands.suits-never-rank``): the nine categories from high card up to straight flush; inside
a category the grouped ranks decide first (larger groups first), then the kickers from the
top down. A-2-3-4-5 is the lowest straight, the ace never wraps around (Q-K-A-2-3 is no
straight), and suits never rank a hand: two hands with the same ranks tie.

Eight-or-better low (rules ``low.qualifier``, ``low.ace-low``, ``low.ignores-straights-flushes``,
``low.ordering``, ``low.independent``): five cards of distinct ranks, each eight or lower,
the ace counting one. Straights and flushes do not matter. Lows compare from the highest card
down, so 7-6-4-3-2 beats 8-5-4-3-2 and A-2-3-4-5 is the best low. The high and the low are
chosen independently from all the player's cards and may share cards.

Value encoding (the contract shared with ``fast_eval``; a tie is exactly an equal value):

* high value = ``category * 16**5 + r1*16**4 + r2*16**3 + r3*16**2 + r4*16 + r5`` where
  ``r1..r5`` are the five ranks (2..14, the ace 14) in order of significance: grouped ranks
  first, larger groups first, then higher ranks, kickers descending. In the five-high
  straight A-2-3-4-5 the ace plays as 1, so its ranks are 5, 4, 3, 2, 1.
* low value = ``0xFFFFF - (l1*16**4 + l2*16**3 + l3*16**2 + l4*16 + l5)`` with
  ``l1 > ... > l5`` the five low ranks (ace 1). A better low has a *higher* value, so both
  kinds of hand compare the same way: bigger wins.

Which physical cards are shown: ``HighHand.cards`` lists the five cards best-first (in the
order of significance above; the wheel as 5-4-3-2-A); equal ranks are listed spades first.
``LowHand.cards`` lists the five cards highest low rank first, ace last. When several
combinations give the same value, the one using the highest suits (spades, then hearts,
diamonds, clubs) is chosen, card by card from the first. This choice is for deterministic
output only: suits never change a value (``hands.suits-never-rank``).

>>> from stud8.reference.cards import parse_cards
>>> high, low = evaluate(parse_cards("Kh Kd Kc 9s 9h 4c Ad"))
>>> str(high)
'full house (Kh Kd Kc 9s 9h)'
>>> print(low)
None
>>> str(best_low(parse_cards("8c 6d 4h 2s Ah Kc Ks")))
'8-6-4-2-A (8c 6d 4h 2s Ah)'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from stud8.reference.cards import Card, Rank, require_distinct
from stud8.reference.errors import CardError

MIN_CARDS = 5
MAX_CARDS = 7
"""A hand is evaluated from five to seven cards: five is the least that makes a poker hand,
seven a full Seven Card Stud hand. Anything else is a caller's mistake, reported as such."""

LOW_MAX_RANK = 8
"""The qualifier: every card of a low is this rank or lower (rule ``low.qualifier``)."""

_DIGIT = 16
"""The base of the value encoding: every rank fits one hexadecimal digit."""

_LOW_CEILING = 0xFFFFF
"""Low values are subtracted from this so that a better low gets a bigger value."""


class Category(enum.IntEnum):
    """The nine high-hand categories, weakest first (rule ``hands.categories``)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category's name as output and JSON use it: ``"full house"``."""
        return self.name.lower().replace("_", " ")

    @classmethod
    def from_label(cls, label: str) -> Category:
        """The category named ``label`` (the inverse of ``label``)."""
        return cls[label.upper().replace(" ", "_")]

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class HighHand:
    """A best high hand: its category, its five cards best-first, and its comparable value."""

    category: Category
    cards: tuple[Card, ...]
    value: int

    def __str__(self) -> str:
        return f"{self.category.label} ({' '.join(map(str, self.cards))})"


@dataclass(frozen=True)
class LowHand:
    """A qualifying eight-or-better low: five cards highest-first (ace last) and its value."""

    cards: tuple[Card, ...]
    value: int

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five low ranks, highest first, the ace as 1: ``(8, 6, 4, 2, 1)``."""
        return tuple(card.rank.low_value for card in self.cards)

    @property
    def name(self) -> str:
        """The low as players say it, highest card first: ``"8-6-4-2-A"``."""
        return "-".join(card.rank.char for card in self.cards)

    def __str__(self) -> str:
        return f"{self.name} ({' '.join(map(str, self.cards))})"


def best_high(cards: Iterable[Card]) -> HighHand:
    """The best high hand among all five-card combinations of 5 to 7 distinct cards.

    Rule ``hands.best-five``: the hand is the best five cards, whatever the others are.
    """
    return _best_high(_checked(cards))


def best_low(cards: Iterable[Card]) -> LowHand | None:
    """The best eight-or-better low among 5 to 7 distinct cards, or ``None`` if none qualifies."""
    return _best_low(_checked(cards))


def evaluate(cards: Iterable[Card]) -> tuple[HighHand, LowHand | None]:
    """The best high hand and the best low, chosen independently (rule ``low.independent``)."""
    hand = _checked(cards)
    return _best_high(hand), _best_low(hand)


# --- input checks ------------------------------------------------------------------------


def _checked(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as a tuple, after checking they are 5 to 7 distinct ``Card`` objects.

    Raises ``CardError`` rather than evaluating a hand no deal can produce: a repeated card
    is named, so that a typo on the command line is easy to find.
    """
    hand = tuple(cards)
    for card in hand:
        if not isinstance(card, Card):
            raise CardError(f"not a card: {card!r}")
    if not MIN_CARDS <= len(hand) <= MAX_CARDS:
        raise CardError(f"a hand is {MIN_CARDS} to {MAX_CARDS} cards, got {len(hand)}")
    require_distinct(hand)
    return hand


# --- high hands --------------------------------------------------------------------------


def _best_high(hand: tuple[Card, ...]) -> HighHand:
    """Try every five-card combination (rule ``hands.best-five``) and keep the best.

    Ties in value are broken by the suits of the cards best-first, only to make the shown
    cards deterministic (rule ``hands.suits-never-rank``: the value never depends on suits).
    """
    return max((_high_five(five) for five in combinations(hand, 5)), key=_display_order)


def _high_five(five: tuple[Card, ...]) -> HighHand:
    """Classify exactly five cards (rule ``hands.categories``) and compute their value."""
    ranks = sorted((int(card.rank) for card in five), reverse=True)
    is_flush = len({card.suit for card in five}) == 1
    is_straight = _is_straight(ranks)
    counts = Counter(ranks)
    ace_plays_low = is_straight and ranks[0] == Rank.ACE and ranks[1] == 5
    cards = tuple(sorted(five, key=lambda card: _significance(card, counts, ace_plays_low), reverse=True))
    played = [_played_rank(card, ace_plays_low) for card in cards]
    if is_straight:
        category = Category.STRAIGHT_FLUSH if is_flush else Category.STRAIGHT
    else:
        category = _grouped_category(sorted(counts.values(), reverse=True), is_flush)
    return HighHand(category, cards, _high_value(category, played))


def _significance(card: Card, counts: Counter[int], ace_plays_low: bool) -> tuple[int, int, int]:
    """Sort key putting cards in the order their ranks are compared (rule ``hands.kickers``).

    Larger groups first (the trips of a full house before its pair), higher ranks first
    among groups of the same size, the kickers last from the top down; the ace of a wheel
    plays 1 and so comes last. Equal ranks are listed spades first, for display only.
    """
    return counts[card.rank], _played_rank(card, ace_plays_low), card.suit


def _played_rank(card: Card, ace_plays_low: bool) -> int:
    """The rank a card plays as in a high hand: 2..14, but 1 for the ace of a wheel."""
    return 1 if ace_plays_low and card.rank is Rank.ACE else int(card.rank)


def _is_straight(ranks: list[int]) -> bool:
    """Whether five ranks, sorted highest first, make a straight (rule ``hands.straight-ace``).

    Five distinct consecutive ranks make a straight; the ace also plays low in A-2-3-4-5,
    where it counts 1, so that straight is the lowest. The ace is never in the middle:
    Q-K-A-2-3 is not a straight.
    """
    if len(set(ranks)) != 5:
        return False
    return ranks[0] - ranks[4] == 4 or ranks == [Rank.ACE, 5, 4, 3, 2]


def _grouped_category(counts: list[int], is_flush: bool) -> Category:
    """The category of five cards that are not a straight, from their rank-group sizes."""
    if counts[0] == 4:
        return Category.FOUR_OF_A_KIND
    if counts[:2] == [3, 2]:
        return Category.FULL_HOUSE
    if is_flush:
        return Category.FLUSH
    if counts[0] == 3:
        return Category.THREE_OF_A_KIND
    if counts[:2] == [2, 2]:
        return Category.TWO_PAIR
    if counts[0] == 2:
        return Category.PAIR
    return Category.HIGH_CARD


def _high_value(category: Category, played: Sequence[int]) -> int:
    """The encoded high value: the category, then the five ranks as hexadecimal digits."""
    value = int(category)
    for rank in played:
        value = value * _DIGIT + rank
    return value


# --- low hands ---------------------------------------------------------------------------


def _best_low(hand: tuple[Card, ...]) -> LowHand | None:
    """Try every five-card combination and keep the best qualifying low, if any.

    The low is chosen from all the cards on its own (rule ``low.independent``): it may share
    cards with the high hand. Ties in value prefer the highest suits, for display only.
    """
    lows = [low for low in map(_low_five, combinations(hand, 5)) if low is not None]
    return max(lows, key=_display_order, default=None)


def _low_five(five: tuple[Card, ...]) -> LowHand | None:
    """Exactly five cards as an eight-or-better low, or ``None`` if they do not qualify.

    Rule ``low.qualifier``: five distinct ranks, each eight or lower, the ace counting one
    (``low.ace-low``). Straights and flushes are ignored (``low.ignores-straights-flushes``):
    A-2-3-4-5 of one suit is still the best low.
    """
    cards = tuple(sorted(five, key=_low_order, reverse=True))
    ranks = [card.rank.low_value for card in cards]
    if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK:
        return None
    return LowHand(cards, _low_value(ranks))


def _low_order(card: Card) -> tuple[int, int]:
    """Sort key for a low: the low rank (ace 1), then spades first on equal ranks."""
    return card.rank.low_value, card.suit


def _low_value(ranks: Sequence[int]) -> int:
    """The encoded low value (rule ``low.ordering``).

    Reading the ranks highest first as a hexadecimal number compares lows from the highest
    card down (7-6-4-3-2 = 0x76432 < 8-5-4-3-2 = 0x85432); subtracting it from 0xFFFFF makes
    the better low the bigger value.
    """
    digits = 0
    for rank in ranks:
        digits = digits * _DIGIT + rank
    return _LOW_CEILING - digits


# --- shared helpers ----------------------------------------------------------------------


def _display_order(hand: HighHand | LowHand) -> tuple[int, tuple[int, ...]]:
    """Sort key among candidate hands: value first, then the suits of the shown cards."""
    return hand.value, tuple(card.suit for card in hand.cards)
