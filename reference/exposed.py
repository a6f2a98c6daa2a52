"""Ranking up cards: who brings in on third street and who acts first from fourth street on.

Cards are given as ``Card.index`` integers (``rank_index * 4 + suit``, 2c = 0 ... As = 51), the
form the engine deals, so that the lowest card is simply the smallest index: the ace is high and
clubs are the lowest suit (``bring-in.lowest-upcard``, ``bring-in.suit-order``).

Exposed hands (``act-order.exposed-ranking``): only four of a kind, three of a kind, two pair,
one pair and high cards count, with the ace high; the grouped ranks decide first (the larger
group first, then the higher rank), then the other cards from the highest. Straights and flushes
never count and suits do not matter, except to break ties under the ``high_card_by_suit``
option (``act-order.ties``).

>>> from stud8.reference.cards import parse_cards
>>> idx = lambda text: [c.index for c in parse_cards(text)]
>>> bring_in_seat([idx("Kd"), idx("2s"), idx("2c")])      # the two of clubs is lowest
2
>>> first_to_act([idx("Ah Kd"), idx("5c 5d"), idx("9s 9h")], [0, 1, 2], "first_clockwise_from_dealer")
2
"""

from __future__ import annotations

from collections.abc import Sequence

QUADS, TRIPS, TWO_PAIR, PAIR, HIGH_CARD = 4, 3, 2, 1, 0
"""Exposed-hand categories, bigger is better (``game.exposed_categories``)."""

TIE_BY_SEAT = "first_clockwise_from_dealer"
TIE_BY_SUIT = "high_card_by_suit"


def bring_in_seat(up_cards: Sequence[Sequence[int]]) -> int:
    """The seat index (0-based) holding the lowest up card (bring-in.lowest-upcard).

    ``up_cards[i]`` is seat i's up cards; on third street each seat has exactly one. Card
    indices order by rank with the ace high, then by suit clubs first, so the lowest card is
    the smallest index (bring-in.suit-order).
    """
    lowest = [cards[0] for cards in up_cards]
    return lowest.index(min(lowest))


def significance(cards: Sequence[int]) -> list[int]:
    """The cards in the order that ranks an exposed hand: grouped ranks first (larger groups
    first, higher ranks first), then the other cards from the highest; within a rank, spades
    first (the card with the higher index)."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card >> 2] = counts.get(card >> 2, 0) + 1
    return sorted(cards, key=lambda card: (counts[card >> 2], card), reverse=True)


def exposed_rank(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The exposed hand's comparable rank: (category, ranks in order of significance).

    Bigger is better. Two boards with equal ranks have equal values, whatever their suits.
    """
    return _RANKED[rank_counts(cards)]


def rank_counts(cards: Sequence[int]) -> int:
    """The board's ranks as one number: how many cards of each rank, one base-8 digit per rank.

    The exposed rank depends only on these counts, so it is remembered under this number.
    Dealing a card adds its ``RANK_DIGIT``: the engine keeps each board's number up to date
    as cards are dealt instead of ranking every board from scratch on every street.
    """
    counts = 0
    for card in cards:
        counts += RANK_DIGIT[card]
    return counts


def _rank_board(ranks: list[int]) -> tuple[int, tuple[int, ...]]:
    """act-order.exposed-ranking, worked out: group the ranks, the larger and higher first."""
    ranks = sorted(ranks, reverse=True)
    counts = {rank: ranks.count(rank) for rank in ranks}
    ranks.sort(key=lambda rank: (counts[rank], rank), reverse=True)  # grouped ranks first
    groups = sorted(counts.values(), reverse=True)
    if groups[0] >= 4:
        category = QUADS
    elif groups[0] == 3:
        category = TRIPS  # a full board of five (with a community card) still ranks as trips
    elif groups[0] == 2:
        category = TWO_PAIR if len(groups) > 1 and groups[1] == 2 else PAIR
    else:
        category = HIGH_CARD
    return category, tuple(ranks)


RANK_DIGIT: tuple[int, ...] = tuple(8 ** (index >> 2) for index in range(52))
"""Card index -> its rank's digit in base 8: a board's sum of digits counts its cards of each
rank (a rank has four cards, so no digit ever carries)."""


class _RankMemo(dict[int, tuple[int, tuple[int, ...]]]):
    """``rank_counts`` number -> exposed rank, filled as boards are seen (a game sees a few
    thousand distinct boards at most)."""

    def __missing__(self, counts: int) -> tuple[int, tuple[int, ...]]:
        ranks = [index for index in range(13) for _ in range(counts >> 3 * index & 7)]  # the digits
        rank = self[counts] = _rank_board(ranks)
        return rank


_RANKED = _RankMemo()


def board_key(cards: Sequence[int], ties: str) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The sort key of a board for the act order; bigger acts first.

    Under ``high_card_by_suit`` the suits of the cards, in order of significance, break a tie
    between equal ranks: the first card that differs decides (act-order.ties). Under the
    default the suits are left out, so equal boards tie and the lowest seat goes first.
    """
    category, ranks = exposed_rank(cards)
    if ties == TIE_BY_SUIT:
        return category, ranks, tuple(card & 3 for card in significance(cards))
    return category, ranks, ()


def first_to_act(boards: Sequence[Sequence[int]], candidates: Sequence[int], ties: str) -> int:
    """The candidate seat (0-based) whose board makes the best exposed hand
    (act-order.best-exposed-hand).

    Among equal boards the lowest seat, the first clockwise from the dealer, wins (act-order.ties
    default; also the fallback if suits cannot tell two boards apart): ``candidates`` are in seat
    order and only a strictly better board replaces the best so far.
    """
    if ties == TIE_BY_SUIT:
        return max(candidates, key=lambda seat: board_key(boards[seat], ties))
    return first_by_counts([rank_counts(cards) for cards in boards], candidates)


def first_by_counts(counts: Sequence[int], candidates: Sequence[int]) -> int:
    """``first_to_act`` under the default tie rule, the boards given as ``rank_counts`` numbers."""
    best = -1
    best_rank: tuple[int, tuple[int, ...]] = (-1, ())
    for seat in candidates:
        rank = _RANKED[counts[seat]]
        if rank > best_rank:
            best, best_rank = seat, rank
    return best
