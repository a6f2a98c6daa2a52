"""Seven-card hands built to a value, for the play-outs of hand cases and comparisons.

A hand case or a comparison says what five to seven cards are worth; its play-out
(``stud8.conformance.suite.playout``) deals those cards at a table where every seat holds seven.
This module builds the cards around them:

* **completing** five or six cards to seven with cards that change neither the high nor the
  low ("inert" cards: the definition's value of the seven is the value of the five);
* **rivals**: seven-card hands whose best high, or best low, is exactly one value of the
  ladder of all values (the 7,462 high values, the 56 lows), with the other half bounded;
  the play-outs ask for the case's own value (a "twin"), the nearest value below it that can
  be dealt, and the nearest above;
* **suit permutations**: a hand's value does not change when its suits are permuted (rules
  ``hands.suits-never-rank``, ``low.ignores-straights-flushes``), so two hands of a comparison
  that share a card can still be dealt together, one of them in other suits.

The searches read values from ``bulk_eval`` (table lookups, quick enough to try thousands of
candidates); every hand they return is evaluated again with ``hands.py``, the definition, and
any disagreement raises ``PlayoutError``: nothing unverified reaches a scenario. Every search
walks its candidates in a fixed order, so the same inputs always give the same cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from stud8.reference import bulk_eval, hands
from stud8.reference.cards import Card, Rank, Suit, format_cards

Values = tuple[int, int | None]
"""A hand's (high value, low value or None), in the encoding of ``hands.py``."""

Bound = Callable[[int, int | None], bool]
"""A condition on a seven-card hand's (high, low) values."""

SUIT_PREFERENCE: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The order suits are tried in when a hand is built (any fixed order would do)."""

FILLER_RANKS: tuple[Rank, ...] = (
    Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
    Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE,
)
"""The order cards are tried in as inert cards: nines to kings first, because a card above the
eight can never be part of a low (``low.qualifier``), then the low ranks, the ace last (it
plays in both halves)."""

FILLER_ORDER: tuple[Card, ...] = tuple(Card(rank, suit) for rank in FILLER_RANKS for suit in SUIT_PREFERENCE)

MAX_BASES = 12
"""How many suit choices of one value's five cards are tried before the value is given up as
not dealable beside the cards already used. Suits matter only for flushes and for cards taken,
so a few choices settle it; the bound keeps the nearest-value searches quick."""


class PlayoutError(Exception):
    """A play-out cannot be built as asked: the message says which scenario and why."""


def describe(values: Values) -> str:
    """A hand's two values in words: ``"two pair K-K-9-9 Q; low 7-5-3-2-A"``."""
    high, low = values
    category = hands.Category(high >> 20).label
    ranks = [(high >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    high_text = f"{category} {'-'.join(_rank_char(rank) for rank in ranks)}"
    return f"{high_text}; {low_name(low)}"


def low_name(low: int | None) -> str:
    """A low value in words: ``"low 8-6-4-2-A"`` or ``"no low"``."""
    if low is None:
        return "no low"
    digits = 0xFFFFF - low
    ranks = [(digits >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    return "low " + "-".join("A" if rank == 1 else _rank_char(rank) for rank in ranks)


def _rank_char(rank: int) -> str:
    return "A" if rank in (1, 14) else Rank(rank).char


# --- values -----------------------------------------------------------------------------------


def definition_values(cards: Sequence[Card]) -> Values:
    """The (high, low) values of 5 to 7 cards by ``hands.py``, the definition."""
    high, low = hands.evaluate(cards)
    return high.value, None if low is None else low.value


def quick_values(cards: Sequence[Card]) -> Values:
    """The same values from ``bulk_eval``'s tables, for searching."""
    return bulk_eval.values_idx([card.index for card in cards])


def stated_high(category: str, five: Sequence[Card]) -> int:
    """The high value of a scenario's stated best five, after checking its stated category."""
    made = hands.best_high(five)
    if made.category.label != category:
        raise PlayoutError(f"the five cards {format_cards(five)} are a {made.category.label}, not a {category}")
    return made.value


def stated_low(five: Sequence[Card]) -> int:
    """The low value of a scenario's stated five low cards."""
    made = hands.best_low(five)
    if made is None:
        raise PlayoutError(f"the five cards {format_cards(five)} are no eight-or-better low")
    return made.value


@dataclass(frozen=True)
class HighClass:
    """One high value of the ladder: its five ranks (2..14, highest group first) and whether
    the five are of one suit (a flush or a straight flush)."""

    value: int
    ranks: tuple[int, ...]
    flush: bool


def _build_high_ladder() -> tuple[HighClass, ...]:
    """Every high value a five-card hand can have, weakest first (7,462 of them).

    One hand per multiset of five ranks in mixed suits (card j takes suit j mod 4: repeated
    ranks are neighbours in the multiset, so they get different suits, and five cards never
    share one suit), and, for five distinct ranks, one in a single suit.
    """
    found: dict[int, HighClass] = {}
    for multiset in itertools.combinations_with_replacement(range(14, 1, -1), 5):
        if max(multiset.count(rank) for rank in multiset) > 4:
            continue
        mixed = [Card(Rank(rank), Suit(j % 4)) for j, rank in enumerate(multiset)]
        value = hands.best_high(mixed).value
        found.setdefault(value, HighClass(value, multiset, False))
        if len(set(multiset)) == 5:
            suited = [Card(Rank(rank), Suit.SPADES) for rank in multiset]
            value = hands.best_high(suited).value
            found.setdefault(value, HighClass(value, multiset, True))
    return tuple(sorted(found.values(), key=lambda item: item.value))


def _build_low_ladder() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every eight-or-better low, worst first (56): its value and its five ranks (ace 14)."""
    lows = []
    for ranks in itertools.combinations((14, 2, 3, 4, 5, 6, 7, 8), 5):
        cards = [Card(Rank(rank), Suit(j % 4)) for j, rank in enumerate(ranks)]
        low = hands.best_low(cards)
        assert low is not None
        lows.append((low.value, ranks))
    return tuple(sorted(lows))


HIGH_LADDER: tuple[HighClass, ...] = _build_high_ladder()
"""All 7,462 high values, weakest first (built once, at import)."""
HIGH_INDEX: dict[int, int] = {item.value: index for index, item in enumerate(HIGH_LADDER)}
LOW_LADDER: tuple[tuple[int, tuple[int, ...]], ...] = _build_low_ladder()
"""All 56 lows, worst (8-7-6-5-4) first."""
LOW_INDEX: dict[int, int] = {value: index for index, (value, _) in enumerate(LOW_LADDER)}


# --- building hands ---------------------------------------------------------------------------


def _high_bases(item: HighClass, used: set[Card]) -> Iterator[list[Card]]:
    """Five free cards with the ranks of ``item``, in a fixed order of suit choices."""
    if item.flush:
        for suit in SUIT_PREFERENCE:
            five = [Card(Rank(rank), suit) for rank in item.ranks]
            if not used.intersection(five):
                yield five
        return
    yield from _mixed_suits([Rank(rank) for rank in item.ranks], used)


def _low_bases(ranks: Sequence[int], used: set[Card]) -> Iterator[list[Card]]:
    """Five free cards of the low ranks ``ranks`` (ace 14), not all of one suit."""
    yield from _mixed_suits([Rank(rank) for rank in ranks], used)


def _mixed_suits(ranks: Sequence[Rank], used: set[Card]) -> Iterator[list[Card]]:
    """Free cards of these ranks, not all of one suit, trying suits in ``SUIT_PREFERENCE``."""
    chosen: list[Card] = []

    def place(position: int) -> Iterator[list[Card]]:
        if position == len(ranks):
            if len({card.suit for card in chosen}) > 1:
                yield list(chosen)
            return
        for suit in SUIT_PREFERENCE:
            card = Card(ranks[position], suit)
            if card in used or card in chosen:
                continue
            chosen.append(card)
            yield from place(position + 1)
            chosen.pop()

    yield from itertools.islice(place(0), MAX_BASES)


def _fill(base: Sequence[Card], used: set[Card], wanted: Bound, size: int = 7) -> list[Card] | None:
    """``base`` and free cards up to ``size`` cards whose values satisfy ``wanted``, or None.

    When ``base`` itself satisfies ``wanted`` (the conditions asked for are then the base's own
    value and upper bounds), a condition met by the base and some cards is met by the base and
    fewer of them, since values only grow as cards are added: a card that fails on its own
    beside ``base`` fails in every pair, and only the cards that pass alone are paired.
    """
    free = [card for card in FILLER_ORDER if card not in used and card not in base]
    extra = size - len(base)
    if extra > 1 and wanted(*quick_values(base)):
        free = [card for card in free if wanted(*quick_values([*base, card]))]
    for chosen in itertools.combinations(free, extra):
        cards = [*base, *chosen]
        if wanted(*quick_values(cards)):
            return cards
    return None


def verified(cards: Sequence[Card], wanted: Bound, what: str) -> list[Card]:
    """``cards`` after checking with the definition (``hands.py``) that they satisfy ``wanted``
    and that the quick tables agree; raises ``PlayoutError`` otherwise."""
    exact = definition_values(cards)
    if exact != quick_values(cards) or not wanted(*exact):
        raise PlayoutError(f"{what}: {format_cards(cards)} are {describe(exact)} by the definition, "
                           "not what the search found")
    return list(cards)


def complete(cards: Sequence[Card], used: set[Card], keep: Callable[[Values], bool]) -> list[Card] | None:
    """``cards`` (5 to 7) and inert cards up to seven: the definition's values of the seven
    satisfy ``keep`` (the play-outs ask for the values of ``cards`` themselves). None when no
    free cards do (for example 7-5-4-3-2: any card added pairs, straightens or outranks)."""
    if len(cards) == 7:
        return list(cards)
    found = _fill(cards, used | set(cards), lambda high, low: keep((high, low)))
    if found is None:
        return None
    return verified(found, lambda high, low: keep((high, low)), f"completing {format_cards(cards)}")


def high_rival(value: int, used: set[Card], low_ok: Callable[[int | None], bool]) -> list[Card] | None:
    """Seven free cards whose best high is exactly ``value`` and whose low passes ``low_ok``."""
    item = HIGH_LADDER[HIGH_INDEX[value]]

    def wanted(high: int, low: int | None) -> bool:
        return high == value and low_ok(low)

    for base in _high_bases(item, used):
        found = _fill(base, used, wanted)
        if found is not None:
            return verified(found, wanted, f"a rival with the high {describe((value, None))}")
    return None


def low_rival(value: int, used: set[Card], high_ok: Callable[[int], bool]) -> list[Card] | None:
    """Seven free cards whose best low is exactly ``value`` and whose high passes ``high_ok``."""
    ranks = LOW_LADDER[LOW_INDEX[value]][1]

    def wanted(high: int, low: int | None) -> bool:
        return low == value and high_ok(high)

    for base in _low_bases(ranks, used):
        found = _fill(base, used, wanted)
        if found is not None:
            return verified(found, wanted, f"a rival with the {low_name(value)}")
    return None


def nearest_high(value: int, step: int, used: set[Card], low_ok: Callable[[int | None], bool]) -> list[Card] | None:
    """The rival whose high is the nearest value to ``value`` in direction ``step`` (-1 below,
    +1 above) that can be dealt from the free cards (with ``low_ok``), or None."""
    index = HIGH_INDEX[value] + step
    while 0 <= index < len(HIGH_LADDER):
        found = high_rival(HIGH_LADDER[index].value, used, low_ok)
        if found is not None:
            return found
        index += step
    return None


def nearest_low(value: int | None, step: int, used: set[Card], high_ok: Callable[[int], bool]) -> list[Card] | None:
    """The rival whose low is the nearest low to ``value`` in direction ``step`` (-1 worse,
    +1 better) that can be dealt (with ``high_ok``), or None."""
    if value is None:
        index = 0 if step > 0 else -1  # every low is better than none, none is worse
    else:
        index = LOW_INDEX[value] + step
    while 0 <= index < len(LOW_LADDER):
        found = low_rival(LOW_LADDER[index][0], used, high_ok)
        if found is not None:
            return found
        index += step
    return None


SUIT_PERMUTATIONS: tuple[tuple[Suit, ...], ...] = tuple(itertools.permutations(Suit))
"""The 24 ways to rename the suits, the identity first."""


def resuited(cards: Sequence[Card], used: set[Card]) -> list[Card] | None:
    """``cards`` with their suits renamed (the identity first) so that none is in ``used``;
    None when every renaming collides. Renaming suits keeps both values."""
    for permutation in SUIT_PERMUTATIONS:
        moved = [Card(card.rank, permutation[card.suit]) for card in cards]
        if not used.intersection(moved):
            return moved
    return None


def distinct(groups: Iterable[Sequence[Card]]) -> bool:
    """Whether the groups of cards, together, hold no card twice."""
    seen: set[Card] = set()
    for group in groups:
        for card in group:
            if card in seen:
                return False
            seen.add(card)
    return True
