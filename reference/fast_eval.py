"""The engine's showdown evaluator: a player's seven cards valued by table lookup.

At the showdown every player still in holds seven cards (six of their own and a seventh, or the
community card; rules ``deal.streets``, ``deck.community-card``), and the engine values each
player's seven with ``values_idx``. ``stud8.reference.hands`` is the definition (the best five
by trying every combination; it also answers the protocol's ``evaluate``); this module computes
the same integers (the value encoding documented there: bigger wins, equal values tie) without
trying combinations. ``stud8 verify-evaluator`` proves the two agree.

Only what the engine runs is here: this is one of the rule modules the generated mutants edit,
and an edit of code the engine never runs could not be told from the engine. Evaluating five
or six cards, the high or the low alone, ``Card`` objects, and the exhaustive seven-card count
behind ``stud8 verify-evaluator`` are in ``stud8.reference.bulk_eval``, built on these tables.

How it works. Every card contributes one precomputed integer, its *card key*; the sum of the
card keys of a hand holds, in separate bit fields:

* the *rank key* (bits 12 and up): the sum of ``5**rank_index`` over the cards, i.e. the
  number of cards of each rank written in base 5. No rank appears more than four times, so
  the digits never carry and the rank key identifies the multiset of ranks exactly;
* the *suit counts* (bits 0-11): three bits per suit counting its cards (at most 7).

A hand without five cards of one suit is valued from its rank multiset alone, by one dict
lookup. A hand with five or more cards of a suit is a flush or a straight flush and nothing
better (with at most seven cards, five of one suit leave too few cards for a full house or
four of a kind), so it is valued from the 13-bit mask of that suit's ranks by one list lookup.
The low depends only on the ranks A-8 present, so it is a lookup too.

The tables are built once, at import, by the ``_build_*`` functions below, from rank counts
and rank masks directly (rules ``hands.categories``, ``hands.kickers``, ``hands.straight-ace``,
``low.qualifier``, ``low.ordering``) -- deliberately *not* by calling ``hands``, so that
comparing the two evaluators compares two independent derivations of the same rules.

>>> from stud8.reference.cards import parse_cards
>>> high, low = values_idx([card.index for card in parse_cards("Kh Kd Kc 9s 9h 4c Ad")])
>>> hex(high), low
('0x6ddd99', None)
>>> hex(values_idx([card.index for card in parse_cards("8c 6d 4h 2s Ah Kc Ks")])[1])
'0x79bde'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations_with_replacement, groupby

SHOWDOWN_CARDS = 7
"""The cards each player holds at the showdown, the only hands the engine values here."""

_RANKS = 13
SUITS = 4
SUIT_BITS = 3
"""Width of one suit-count field in a card-key sum: seven cards fit in three bits."""
SUIT_FIELDS = SUIT_BITS * SUITS
"""The rank key starts above the four suit-count fields."""
SUIT_MASK = (1 << SUIT_FIELDS) - 1
FLUSH_MIN = 5

_ACE_INDEX = 12
"""Rank index of the ace (rank index = rank - 2, as in ``Card.index // 4``)."""
_LOW_RANKS = 8
"""A, 2, ..., 8: the ranks a low may use (rule ``low.qualifier``)."""
_LOW_CEILING = 0xFFFFF

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
"""Category numbers, as in ``hands.Category`` (kept as plain ints: no enum in the hot path)."""


# --- the value encoding ------------------------------------------------------------------


def _encode(category: int, ranks: Sequence[int]) -> int:
    """The high value: the category then five ranks (2..14, or 1 for a wheel's ace) in hex."""
    value = category
    for rank in ranks:
        value = value * 16 + rank
    return value


def _encode_low(ranks: Sequence[int]) -> int:
    """The low value: 0xFFFFF minus the five low ranks, highest first, read as hex."""
    digits = 0
    for rank in ranks:
        digits = digits * 16 + rank
    return _LOW_CEILING - digits


def _straight_top(rank_mask: int) -> int:
    """The top rank (5..14) of the best straight in a 13-bit rank mask, or 0 if none.

    Rule ``hands.straight-ace``: the ace also plays below the two (A-2-3-4-5, top 5), and
    nothing wraps around the ace.
    """
    with_low_ace = (rank_mask << 1) | (rank_mask >> _ACE_INDEX & 1)  # bit 0 = ace as 1
    for top in range(14, 4, -1):
        window = 0b11111 << (top - 5)
        if with_low_ace & window == window:
            return top
    return 0


def _straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight with the given top, the wheel's ace as 1."""
    return tuple(range(top, top - 5, -1))


# --- table builders ----------------------------------------------------------------------


def _build_card_keys() -> tuple[int, ...]:
    """Per card index: the card key, its rank-key digit above the suit-count bit of its suit."""
    card_keys = []
    for index in range(_RANKS * SUITS):
        rank_index, suit = divmod(index, SUITS)
        card_keys.append(5**rank_index << SUIT_FIELDS | 1 << (SUIT_BITS * suit))
    return tuple(card_keys)


def _build_flush_suit() -> tuple[int, ...]:
    """Per 12-bit sum of suit counts: the suit with five or more cards, or -1 if none."""
    table = []
    for fields in range(1 << SUIT_FIELDS):
        counts = [fields >> (SUIT_BITS * suit) & 0b111 for suit in range(SUITS)]
        table.append(next((suit for suit, count in enumerate(counts) if count >= FLUSH_MIN), -1))
    return tuple(table)


def _build_flush_values() -> tuple[int, ...]:
    """Per 13-bit mask of one suit's ranks: the straight flush or flush value (0 if < 5 cards).

    Rule ``hands.best-five``: of six or seven suited cards the best five are the highest
    straight among them, or else the five highest ranks.
    """
    table = []
    for mask in range(1 << _RANKS):
        if mask.bit_count() < FLUSH_MIN:
            table.append(0)
            continue
        top = _straight_top(mask)
        if top:
            table.append(_encode(STRAIGHT_FLUSH, _straight_ranks(top)))
        else:
            ranks = [index + 2 for index in range(_RANKS - 1, -1, -1) if mask >> index & 1]
            table.append(_encode(FLUSH, ranks[:5]))
    return tuple(table)


def _rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks (2..14) a deck can deal: no rank more than four
    times. Each comes as its ranks sorted highest first."""
    for ranks in combinations_with_replacement(range(14, 1, -1), size):
        if all(ranks[i] != ranks[i + SUITS] for i in range(size - SUITS)):
            yield ranks


def _best_without_flush(ranks: Sequence[int]) -> int:
    """The best high value of a rank multiset (ranks highest first), suits ignored.

    Built from the rank groups directly, category by category from the top (rules
    ``hands.categories``, ``hands.kickers``): the best group first, then the best kickers
    among all remaining ranks. Flushes are valued separately (``_build_flush_values``).
    """
    present = sorted(set(ranks), reverse=True)
    groups: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: []}
    for rank, run in groupby(ranks):
        groups[len(list(run))].append(rank)  # each list stays highest first
    quads, trips, pairs = groups[4], groups[3], groups[2]

    def kickers(*used: int, take: int) -> list[int]:
        return [rank for rank in present if rank not in used][:take]

    if quads:
        return _encode(QUADS, [quads[0]] * 4 + kickers(quads[0], take=1))
    if trips and len(trips) + len(pairs) >= 2:
        pair = max(trips[1:] + pairs)  # a second trips plays as the pair
        return _encode(FULL_HOUSE, [trips[0]] * 3 + [pair] * 2)
    top = _straight_top(_rank_mask(present))
    if top:
        return _encode(STRAIGHT, _straight_ranks(top))
    if trips:
        return _encode(TRIPS, [trips[0]] * 3 + kickers(trips[0], take=2))
    if len(pairs) >= 2:
        high, low = pairs[:2]
        return _encode(TWO_PAIR, [high, high, low, low] + kickers(high, low, take=1))
    if pairs:
        return _encode(PAIR, [pairs[0]] * 2 + kickers(pairs[0], take=3))
    return _encode(HIGH_CARD, present[:5])


def _rank_mask(ranks: Iterable[int]) -> int:
    """The 13-bit mask of the ranks present (bit 0 = deuce, bit 12 = ace)."""
    mask = 0
    for rank in ranks:
        mask |= 1 << (rank - 2)
    return mask


def _build_low_by_mask() -> tuple[int | None, ...]:
    """Per 8-bit mask of the ranks A..8 held (bit 0 = ace): the best low value, or None.

    Rules ``low.qualifier`` and ``low.ordering``: the five lowest distinct ranks make the
    best low; fewer than five distinct ranks A-8 make no low.
    """
    table: list[int | None] = []
    for mask in range(1 << _LOW_RANKS):
        ranks = [rank for rank in range(1, _LOW_RANKS + 1) if mask >> (rank - 1) & 1]
        table.append(_encode_low(sorted(ranks[:5], reverse=True)) if len(ranks) >= 5 else None)
    return tuple(table)


def _low_mask(ranks: Iterable[int]) -> int:
    """The 8-bit mask of the ranks A..8 present (bit 0 = ace, bit 7 = eight)."""
    mask = 0
    for rank in ranks:
        low = 1 if rank == 14 else rank
        if low <= _LOW_RANKS:
            mask |= 1 << (low - 1)
    return mask


def rank_tables(size: int) -> tuple[dict[int, int], dict[int, int | None]]:
    """Per rank key of every ``size``-card rank multiset: the best non-flush high value, and
    the best low value or None. Keys are ``sum(5**(rank - 2))``, the rank part of a card-key
    sum. The engine's tables are those of seven cards; ``bulk_eval`` adds five and six."""
    high: dict[int, int] = {}
    low: dict[int, int | None] = {}
    for ranks in _rank_multisets(size):
        key = sum(_POWERS_OF_FIVE[rank] for rank in ranks)
        high[key] = _best_without_flush(ranks)
        low[key] = LOW_BY_MASK[_low_mask(ranks)]
    return high, low


_POWERS_OF_FIVE = {rank: 5 ** (rank - 2) for rank in range(2, 15)}
"""Per rank: its digit in a rank key."""

CARD_KEY = _build_card_keys()
"""Per ``Card.index``: the card key (rank-key digit << 12 | suit-count bit)."""
FLUSH_SUIT = _build_flush_suit()
"""Per low 12 bits of a card-key sum (the suit counts): the flush suit, or -1."""
FLUSH_VALUE = _build_flush_values()
"""8,192 entries: per 13-bit rank mask of the flush suit, the flush or straight flush value."""
LOW_BY_MASK = _build_low_by_mask()
"""256 entries: per mask of the ranks A..8 present, the best low value or None."""
HIGH_BY_RANK_KEY, LOW_BY_RANK_KEY = rank_tables(SHOWDOWN_CARDS)
"""Dicts over the rank keys of every seven-card rank multiset (49,205): the best high value
when there is no flush, and the best low value or None."""


# --- evaluation (the hot path) -----------------------------------------------------------


def values_idx(hand: Sequence[int]) -> tuple[int, int | None]:
    """High and low values of a player's seven cards, given as distinct card indices (not
    checked: the engine deals them), sharing one key sum."""
    key = 0
    for index in hand:
        key += CARD_KEY[index]
    rank_key = key >> SUIT_FIELDS
    suit = FLUSH_SUIT[key & SUIT_MASK]
    high = HIGH_BY_RANK_KEY[rank_key] if suit < 0 else flush_value(hand, suit)
    return high, LOW_BY_RANK_KEY[rank_key]


def flush_value(hand: Iterable[int], suit: int) -> int:
    """The value of a hand holding five or more cards of ``suit``: its best (straight) flush."""
    mask = 0
    for index in hand:
        if index & 3 == suit:
            mask |= 1 << (index >> 2)
    return FLUSH_VALUE[mask]
