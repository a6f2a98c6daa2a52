"""Table-driven evaluation for bulk work outside the engine: any five to seven cards, the high or
the low alone, ``Card`` objects, and the exhaustive count of every seven-card hand.

The engine values only seven cards a player, with ``fast_eval.values_idx``, and ``fast_eval``
holds only that (it is a rule module: the generated mutants edit it, and code the engine never
runs has no place there). Everything else the project values in bulk is here, on the same
tables: ``fast_eval``'s seven-card rank tables plus the five- and six-card ones, built by
``fast_eval``'s own builder (``rank_tables``), so the values are the same integers as
``hands.evaluate`` gives (the encoding documented in ``hands``).

Users: the hand-history audit (hands whose cards are partly unseen, bounds on what the unseen
cards can make), the play-out scenario search, ``stud8 verify-evaluator`` (every five-card hand,
and ``tally_seven``, the count of all 133,784,560 seven-card hands), ``stud8 bench`` (high alone),
and the tests (the ``Card``-object functions check their input, as ``hands`` does).

Entry points: ``high_value``, ``low_value`` and ``values`` take ``Card`` objects and check
them; ``high_value_idx``, ``low_value_idx`` and ``values_idx`` take ``Card.index`` ints (5 to 7
distinct, not checked: they are the inner loop of bulk work).

>>> from stud8.reference.cards import parse_cards
>>> hex(high_value(parse_cards("Kh Kd Kc 9s 9h")))
'0x6ddd99'
>>> hex(low_value(parse_cards("8c 6d 4h 2s Ah Kc")))
'0x79bde'
>>> print(low_value(parse_cards("9c 6d 4h 2s Ah Kc Ks")))
None
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from stud8.reference import fast_eval
from stud8.reference.cards import Card, require_distinct
from stud8.reference.errors import CardError
from stud8.reference.fast_eval import CARD_KEY, FLUSH_MIN, FLUSH_SUIT, SUIT_BITS, SUIT_FIELDS, SUIT_MASK, SUITS, flush_value

MIN_CARDS = 5
MAX_CARDS = 7


def _rank_tables() -> tuple[dict[int, int], dict[int, int | None]]:
    """The rank tables of five, six and seven cards (73,775 rank multisets)."""
    high, low = dict(fast_eval.HIGH_BY_RANK_KEY), dict(fast_eval.LOW_BY_RANK_KEY)
    for size in range(MIN_CARDS, MAX_CARDS):
        more_high, more_low = fast_eval.rank_tables(size)
        high.update(more_high)
        low.update(more_low)
    return high, low


RANK_KEY = tuple(card_key >> SUIT_FIELDS for card_key in CARD_KEY)
"""Per ``Card.index``: the card's rank-key digit alone (the low needs no suits)."""
HIGH_BY_RANK_KEY, LOW_BY_RANK_KEY = _rank_tables()
"""Dicts over the rank keys of every 5- to 7-card rank multiset: the best high value when
there is no flush, and the best low value or None."""


# --- evaluation by card index (the inner loops of bulk work) -----------------------------


def high_value_idx(hand: Sequence[int]) -> int:
    """The best high value of 5 to 7 distinct card indices (not checked)."""
    key = 0
    for index in hand:
        key += CARD_KEY[index]
    suit = FLUSH_SUIT[key & SUIT_MASK]
    if suit < 0:
        return HIGH_BY_RANK_KEY[key >> SUIT_FIELDS]
    return flush_value(hand, suit)


def low_value_idx(hand: Sequence[int]) -> int | None:
    """The best eight-or-better low value of 5 to 7 distinct card indices, or None."""
    key = 0
    for index in hand:
        key += RANK_KEY[index]
    return LOW_BY_RANK_KEY[key]


def values_idx(hand: Sequence[int]) -> tuple[int, int | None]:
    """High and low values of 5 to 7 distinct card indices: seven by the engine's own
    ``fast_eval.values_idx``, fewer by the two functions above."""
    if len(hand) == fast_eval.SHOWDOWN_CARDS:
        return fast_eval.values_idx(hand)
    return high_value_idx(hand), low_value_idx(hand)


# --- evaluation of Card objects ----------------------------------------------------------


def high_value(cards: Iterable[Card]) -> int:
    """The best high value of 5 to 7 distinct cards (the same integer as ``hands.best_high``)."""
    return high_value_idx(_indices(cards))


def low_value(cards: Iterable[Card]) -> int | None:
    """The best low value of 5 to 7 distinct cards (as ``hands.best_low``), or None."""
    return low_value_idx(_indices(cards))


def values(cards: Iterable[Card]) -> tuple[int, int | None]:
    """The high and low values of 5 to 7 distinct cards, as ``hands.evaluate`` computes them."""
    return values_idx(_indices(cards))


def _indices(cards: Iterable[Card]) -> tuple[int, ...]:
    """Card indices, after the same checks as ``hands``: 5 to 7 distinct cards."""
    hand = tuple(cards)
    if not MIN_CARDS <= len(hand) <= MAX_CARDS:
        raise CardError(f"a hand is {MIN_CARDS} to {MAX_CARDS} cards, got {len(hand)}")
    require_distinct(hand)
    return tuple(card.index for card in hand)


# --- exhaustive counting -----------------------------------------------------------------


_LOW_BITS = 20
"""Low values fit in 20 bits, so ``high << 20 | low`` packs a (high, low) pair in one int."""
_LOW_MASK = (1 << _LOW_BITS) - 1


def tally_seven(first: int) -> dict[tuple[int, int | None], int]:
    """Count every seven-card hand whose lowest card index is ``first``, by (high, low) value.

    Summing over ``first`` in 0..45 covers all 133,784,560 seven-card hands; the calls are
    independent, so callers can spread them over processes. The values are the engine's own
    (``fast_eval``'s seven-card tables), so the published counts check what the engine plays.

    The loops extend the card-key sum one card at a time, so the innermost loop does one
    addition and one lookup per hand; it skips the flush test when the first six cards hold
    no four of a suit, since no seventh card can then make a flush.
    """
    card_key, rank_key, flush_suit = CARD_KEY, RANK_KEY, FLUSH_SUIT
    packed_by_rank_key, flush_possible = _tally_tables()
    tally: dict[int, int] = {}
    ka = card_key[first]
    for b in range(first + 1, 48):
        kb = ka + card_key[b]
        for c in range(b + 1, 49):
            kc = kb + card_key[c]
            for d in range(c + 1, 50):
                kd = kc + card_key[d]
                for e in range(d + 1, 51):
                    ke = kd + card_key[e]
                    for f in range(e + 1, 52):
                        kf = ke + card_key[f]
                        if flush_possible[kf & SUIT_MASK]:
                            prefix = (first, b, c, d, e, f)
                            for g in range(f + 1, 52):
                                key = kf + card_key[g]
                                packed = packed_by_rank_key[key >> SUIT_FIELDS]
                                suit = flush_suit[key & SUIT_MASK]
                                if suit >= 0:  # a flush replaces the non-flush high; the low stays
                                    low = packed & _LOW_MASK
                                    packed = flush_value(prefix + (g,), suit) << _LOW_BITS | low
                                tally[packed] = tally.get(packed, 0) + 1
                        else:
                            rank_prefix = kf >> SUIT_FIELDS
                            for g in range(f + 1, 52):
                                packed = packed_by_rank_key[rank_prefix + rank_key[g]]
                                tally[packed] = tally.get(packed, 0) + 1
    return {_unpack(packed): count for packed, count in tally.items()}


def _unpack(packed: int) -> tuple[int, int | None]:
    """The (high, low) values of a packed tally key; a low of 0 stands for no low."""
    return packed >> _LOW_BITS, (packed & _LOW_MASK) or None


@functools.cache
def _tally_tables() -> tuple[dict[int, int], tuple[bool, ...]]:
    """Tables for ``tally_seven``, built on first use: per seven-card rank key the packed
    ``high << 20 | low`` (low 0 when none; a real low value is never 0), and per 12-bit suit
    count field whether some suit already has four cards."""
    packed = {key: high << _LOW_BITS | (fast_eval.LOW_BY_RANK_KEY[key] or 0)
              for key, high in fast_eval.HIGH_BY_RANK_KEY.items()}
    four_of_a_suit = tuple(
        any(fields >> (SUIT_BITS * suit) & 0b111 >= FLUSH_MIN - 1 for suit in range(SUITS))
        for fields in range(1 << SUIT_FIELDS)
    )
    return packed, four_of_a_suit
