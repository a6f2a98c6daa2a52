"""What cards nobody saw can still make of a player's hand: the bounds that spare the audit its
search of every filling (``audit._judged_payout``).

A player still in at the showdown whose down cards were not shown holds, in some slots, any of
the cards nobody was dealt (the *pool*). Trying every set of such cards costs thousands of
payouts a hand (18,424 for three hidden cards and a pool of 49), so before any search the
audit asks two cheap questions of each such player, from their known cards, how many are
hidden and the pool:

* ``best_category``: the best high-hand category any filling can reach (rule
  ``hands.categories``); a player who cannot reach the category of the best hand shown in a
  pot never wins or ties its high half, whatever the cards;
* ``best_low``: the best eight-or-better low any filling can make (rules ``low.qualifier``,
  ``low.ordering``: the five lowest distinct ranks A-8, so the best filling adds the lowest
  ranks the player lacks), exactly, as ``bulk_eval`` values it; a player whose best possible
  low is worse than the best low shown (or who can make none) never wins or ties the low half.

and two questions the other way, for a player who cannot lose a half whatever the cards
(more cards never make a hand worse): ``least_high``, the high the known cards already make
(their category, or their value once there are five), and ``least_low``.

The bounds are exact about what they answer, so a hand where, in every pot, each half goes to
the same players under every filling (an unseen player loses it to, or beats, every player
whose cards are all known, whatever the cards) is judged without a search: the unseen cards
cannot change the payout (``outcome``). Cards are ``Card.index`` integers
(rank index ``index // 4``, 0 for a two to 12 for an ace; suit ``index % 4``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from stud8.reference import bulk_eval

RANKS = 13
ACE = 12
_CATEGORIES = 9


def _straight_windows() -> tuple[tuple[int, ...], ...]:
    """The rank indices of every straight, the wheel (A-2-3-4-5) included (``hands.straight-ace``)."""
    windows = [tuple(range(low, low + 5)) for low in range(RANKS - 4)]
    return ((ACE, 0, 1, 2, 3), *windows)


STRAIGHTS = _straight_windows()


def best_category(known: Sequence[int], hidden: int, pool: Iterable[int]) -> int:
    """The best high category (``hands.Category`` number) a hand of the ``known`` cards and
    ``hidden`` more cards drawn from ``pool`` can make."""
    available = set(pool)
    held = set(known)
    have = [0] * RANKS
    spare = [0] * RANKS
    for card in held:
        have[card // 4] += 1
    for card in available:
        spare[card // 4] += 1

    def need(rank: int, count: int) -> int:
        """Hidden cards it takes to hold ``count`` of ``rank`` (more than ``hidden`` if impossible)."""
        if have[rank] + spare[rank] < count:
            return hidden + 1
        return max(0, count - have[rank])

    for suit in range(4):  # straight flush
        for window in STRAIGHTS:
            missing = [rank * 4 + suit for rank in window if rank * 4 + suit not in held]
            if len(missing) <= hidden and all(card in available for card in missing):
                return 8
    if any(need(rank, 4) <= hidden for rank in range(RANKS)):
        return 7
    if any(need(trips, 3) + need(pair, 2) <= hidden for trips in range(RANKS) for pair in range(RANKS) if pair != trips):
        return 6
    for suit in range(4):
        own = sum(1 for card in held if card % 4 == suit)
        if own + min(hidden, sum(1 for card in available if card % 4 == suit)) >= 5:
            return 5
    for window in STRAIGHTS:
        missing = [rank for rank in window if not have[rank]]
        if len(missing) <= hidden and all(spare[rank] for rank in missing):
            return 4
    if any(need(rank, 3) <= hidden for rank in range(RANKS)):
        return 3
    if any(need(first, 2) + need(second, 2) <= hidden for first, second in combinations(range(RANKS), 2)):
        return 2
    if any(need(rank, 2) <= hidden for rank in range(RANKS)):
        return 1
    return 0


def _low_rank(card: int) -> int | None:
    """A card's rank as a low card (the ace 1, the eight 8), or None above the eight."""
    rank = card // 4
    if rank == ACE:
        return 1
    return rank + 2 if rank + 2 <= 8 else None


def best_low(known: Sequence[int], hidden: int, pool: Iterable[int]) -> int | None:
    """The best low value (``bulk_eval``'s: bigger is better) a hand of the ``known`` cards and
    ``hidden`` more from ``pool`` can make, or None when no filling makes a low."""
    chosen: dict[int, int] = {}
    for card in known:
        low = _low_rank(card)
        if low is not None:
            chosen.setdefault(low, card)
    extra: dict[int, int] = {}
    for card in sorted(pool):
        low = _low_rank(card)
        if low is not None and low not in chosen:
            extra.setdefault(low, card)
    for low in sorted(extra)[:hidden]:  # the lowest ranks the hand lacks make its best low
        chosen[low] = extra[low]
    if len(chosen) < 5:
        return None
    five = [chosen[low] for low in sorted(chosen)[:5]]
    return bulk_eval.low_value_idx(five)


def _category(known: Sequence[int]) -> int:
    """The category the cards make by themselves (fewer than five: the pairs and trips)."""
    counts = sorted((sum(1 for card in known if card // 4 == rank) for rank in range(RANKS)), reverse=True)
    if counts[0] >= 4:
        return 7
    if counts[0] == 3:
        return 6 if counts[1] >= 2 else 3
    if counts[0] == 2:
        return 2 if counts[1] == 2 else 1
    return 0


def least_high(known: Sequence[int]) -> int:
    """A value no filling of the hand falls below: the value of the known cards once there are
    five of them; with fewer, the value of what they make (their pairs or trips and kickers, in
    ``hands``' order of significance) with the missing kickers counted as nothing."""
    if len(known) >= 5:
        return bulk_eval.high_value_idx(list(known))
    ranks = [card // 4 + 2 for card in known]
    ordered = sorted(ranks, key=lambda rank: (ranks.count(rank), rank), reverse=True)
    value = _category(known)
    for position in range(5):
        value = value * 16 + (ordered[position] if position < len(ordered) else 0)
    return value


def least_low(known: Sequence[int]) -> int | None:
    """A low value no filling falls below (None when the known cards make no low by themselves)."""
    return bulk_eval.low_value_idx(list(known)) if len(known) >= 5 else None


def outcome(known: Sequence[int], hidden: int, pool: Iterable[int], high_to_beat: int,
            low_to_beat: int | None) -> tuple[int | None, int | None]:
    """How the hand fares, whatever the hidden cards, against the best high ``high_to_beat``
    and the best low ``low_to_beat`` (None: no low) of the other players in a pot, per half: -1 it
    never wins nor ties it, 1 it always wins it alone (or, for the low, takes what the low would
    pay anyway), None it depends on the cards."""
    cards = list(pool)
    high: int | None = None
    if best_category(known, hidden, cards) < high_to_beat >> 20:
        high = -1
    elif least_high(known) > high_to_beat:
        high = 1
    low: int | None = None
    best = best_low(known, hidden, cards)
    if best is None or (low_to_beat is not None and best < low_to_beat):
        low = -1
    elif high == 1 and low_to_beat is None:
        low = 1  # it takes the whole pot either way: with a low both halves, without one the high takes all
    else:
        floor = least_low(known)
        if floor is not None and (low_to_beat is None or floor > low_to_beat):
            low = 1
    return high, low
