"""Every kind of seven-card hand the engine's evaluator can be asked about, once each.

``fast_eval`` values a player's seven cards from three things only: the multiset of their ranks
(when no suit holds five of them), the ranks of the suit that holds five or more (a flush), and
how the seven cards fall into suits (which decides whether there is such a suit). So a claim
that an edit of ``fast_eval`` cannot be told from the engine is checked on one hand of every
seven-card rank multiset, one hand of every flush (five, six or seven ranks of one suit) and
one hand of every way seven cards fall into four suits: about 54,000 hands, valued in well
under a second. The engine uses the values only to find the best and the equal ones and
whether there is a low, so the edited evaluator must order these hands exactly as the original
does (``ordered_alike``); the numbers themselves may differ.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, product
from typing import Any

CARDS = 7
SUITS = 4
RANKS = 13

Values = tuple[Any, Any]
"""(high, low): numbers the engine only compares (an edited evaluator may give floats), low None for no low."""


def _index(rank: int, suit: int) -> int:
    """``Card.index`` of a rank index (0 for a two, 12 for an ace) and a suit (0 clubs .. 3 spades)."""
    return rank * SUITS + suit


@functools.cache
def representatives() -> tuple[tuple[int, ...], ...]:
    """One hand (card indices) of every seven-card rank multiset, flush and suit distribution."""
    hands: list[tuple[int, ...]] = []
    for ranks in combinations_with_replacement(range(RANKS), CARDS):
        if any(ranks.count(rank) > SUITS for rank in set(ranks)):
            continue
        # suits in turn: two, two, two and one card a suit (no flush), and a repeated rank's
        # cards (adjacent in the sorted ranks) get different suits
        hands.append(tuple(_index(rank, position % SUITS) for position, rank in enumerate(ranks)))
    for size in range(5, CARDS + 1):
        for suited in combinations(range(RANKS), size):
            fillers = [_index(rank, 0) for rank in range(CARDS - size)]  # low clubs beside the spades
            hands.append(tuple(_index(rank, 3) for rank in suited) + tuple(fillers))
    spread = (0, 1, 2, 4, 6, 8, 11)  # seven ranks that make no straight and no pair
    for counts in product(range(CARDS + 1), repeat=SUITS):
        if sum(counts) != CARDS:
            continue
        suits = [suit for suit, count in enumerate(counts) for _ in range(count)]
        hands.append(tuple(_index(rank, suit) for rank, suit in zip(spread, suits)))
    return tuple(hands)


def ordered_alike(original: Callable[[Sequence[int]], Values], edited: Callable[[Sequence[int]], Values],
                  hands: Sequence[tuple[int, ...]] | None = None) -> str | None:
    """The first way ``edited`` orders two hands that could meet at one showdown differently from
    ``original`` (high values, and low values among the hands with a low, each compared for
    order and equality; whether there is a low at all), or None when there is none. A crash is
    a difference.

    Two hands *could meet* unless their ranks need more cards than the deck holds: two players
    share at most one card (the community card), so at most one rank may count five between
    them. Hands that can never meet are never compared by the engine (three fours full of twos
    and three fours full of threes cannot both be dealt)."""
    hands = representatives() if hands is None else hands
    pairs: list[tuple[Values, Values]] = []
    for hand in hands:
        try:
            pairs.append((original(hand), edited(hand)))
        except Exception as error:  # noqa: BLE001 - a crash is a difference
            return f"{_shown(hand)}: the edited evaluator fails: {type(error).__name__}"
    for hand, (a, b) in zip(hands, pairs):
        if (a[1] is None) != (b[1] is None):
            return f"{_shown(hand)}: low {a[1]!r} in the engine, {b[1]!r} edited"
    for half in (0, 1):
        chosen = [(pair[0][half], pair[1][half], hand) for hand, pair in zip(hands, pairs) if pair[0][half] is not None]
        found = _out_of_order(chosen)
        if found is not None:
            (a0, b0, hand0), (a1, b1, hand1) = found
            return (f"{'high' if half == 0 else 'low'}: {_shown(hand0)} and {_shown(hand1)} are "
                    f"{'equal' if a0 == a1 else 'ordered'} in the engine ({a0!r}, {a1!r}), not when edited "
                    f"({b0!r}, {b1!r})")
    return None


MAX_PAIRS = 20_000_000
"""Most pairs out of order looked at for one claim before it is given up as unproven."""

Item = tuple[Any, Any, tuple[int, ...]]


def _out_of_order(items: list[Item]) -> tuple[Item, Item] | None:
    """The first pair of ``(original, edited, hand)`` that could meet and is ordered otherwise by
    the edited values: a sweep in the original order, keeping the edited values seen sorted, so
    a right evaluator costs n log n and only pairs out of order are looked at one by one."""
    counts = {hand: _rank_counts(hand) for _, _, hand in items}
    seen_values: list[Any] = []
    seen: list[Item] = []
    looked = 0
    items = sorted(items, key=lambda item: item[0])
    start = 0
    while start < len(items):
        end = start
        while end < len(items) and items[end][0] == items[start][0]:
            end += 1
        group = items[start:end]
        if len({item[1] for item in group}) > 1:  # equal in the engine, not all equal edited
            for x, y in combinations(group, 2):
                looked += 1
                if x[1] != y[1] and _could_meet(counts[x[2]], counts[y[2]]):
                    return x, y
        for item in group:  # every hand before is below it in the engine: it must be below edited
            for earlier in seen[bisect_left(seen_values, item[1]):]:
                looked += 1
                if looked > MAX_PAIRS:
                    return earlier, item
                if _could_meet(counts[earlier[2]], counts[item[2]]):
                    return earlier, item
        for item in group:
            where = bisect_left(seen_values, item[1])
            seen_values.insert(where, item[1])
            seen.insert(where, item)
        start = end
    return None


def _rank_counts(hand: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * RANKS
    for index in hand:
        counts[index // SUITS] += 1
    return tuple(counts)


def _could_meet(first: tuple[int, ...], second: tuple[int, ...]) -> bool:
    """Whether two players' seven cards of these ranks fit in one deck with one card shared."""
    over = 0
    for a, b in zip(first, second):
        if a + b > SUITS:
            over += a + b - SUITS
            if over > 1:
                return False
    return True


def _shown(hand: Sequence[int]) -> str:
    return " ".join("23456789TJQKA"[index // SUITS] + "cdhs"[index % SUITS] for index in hand)
