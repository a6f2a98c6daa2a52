"""Pots: from each seat's contribution to the main and side pots, and how a pot is paid out.

Seats are list indices here (0-based); the engine numbers them for output. Every function is
pure arithmetic on whole chips, so the rules can be checked on their own:

* ``uncalled`` (pots.uncalled-bet): the part of the highest contribution that nobody matched
  goes back before anything is awarded.
* ``side_pots`` (pots.side-pots): one pot per all-in level, then one for the rest.
* ``split_pot`` (showdown.split, showdown.no-low, odd-chip.*): a pot's high and low halves
  among the winners, in whole chips, with the odd chips given in a stated order.

>>> side_pots([30, 100, 100], folded=[False, False, False], all_in=[True, False, False])
[Pot(amount=90, eligible=(0, 1, 2)), Pot(amount=140, eligible=(1, 2))]
>>> uncalled([30, 100, 60])
(1, 40)
>>> split_pot(101, high=[2], low=[0, 1])
({2: 51}, {0: 25, 1: 25})
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    """A pot: its chips and the seats that can win it (those who matched it in full)."""

    amount: int
    eligible: tuple[int, ...]


def uncalled(contributions: Sequence[int]) -> tuple[int, int] | None:
    """The seat and amount to give back (pots.uncalled-bet), or None.

    If the highest contribution exceeds the second highest, over all seats (folded ones
    included: a folded player's chips did call up to their amount), the difference was matched
    by nobody and goes back to the seat that put it in.
    """
    if len(contributions) < 2:
        return None
    *_, second, top = sorted(contributions)
    if top == second:
        return None
    return contributions.index(top), top - second


def side_pots(contributions: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool]) -> list[Pot]:
    """The main pot and the side pots (pots.side-pots).

    For each distinct contribution L of a non-folded all-in player, lowest first: a pot of what
    every seat put in between the previous level and L, which the non-folded seats that put in
    at least L can win; then one pot of everything above the highest such level, for the
    non-folded seats that put in more (left out when empty). Antes count like any other chips.

    Chips in a layer that no player still in the hand reached (folded players' dead money above
    every live player's level) join the pot below, which is the highest pot those chips' owners
    contested; with no pot below, the pot above.
    """
    seats = range(len(contributions))
    levels = sorted({contributions[s] for s in seats if all_in[s] and not folded[s]})
    if not levels:  # nobody all-in: one pot for the players still in (none if it is empty)
        total = sum(contributions)
        return [Pot(total, tuple(s for s in seats if not folded[s] and contributions[s] > 0))] if total else []
    layers: list[tuple[int, list[int]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = [s for s in seats if not folded[s] and contributions[s] >= level]
        layers.append((amount, eligible))
        previous = level
    rest = sum(c - previous for c in contributions if c > previous)
    if rest:
        layers.append((rest, [s for s in seats if not folded[s] and contributions[s] > previous]))
    return _merge_dead_layers(layers)


def _merge_dead_layers(layers: list[tuple[int, list[int]]]) -> list[Pot]:
    """Pots from layers, a layer nobody still in the hand can win joining its neighbour."""
    pots: list[list] = []
    carry = 0  # dead chips below the first pot that has players
    for amount, eligible in layers:
        if not amount:
            continue
        if eligible:
            pots.append([amount + carry, eligible])
            carry = 0
        elif pots:
            pots[-1][0] += amount
        else:
            carry += amount
    if carry and pots:  # unreachable in play, kept so that no chip is ever lost
        pots[-1][0] += carry
    return [Pot(amount, tuple(eligible)) for amount, eligible in pots]


def split_half(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` among ``winners`` listed in odd-chip order (odd-chip.within-half).

    Each gets ``amount // k``; the ``amount % k`` chips left over go one each to the first
    winners in the order given, so nobody gets more than one odd chip.
    """
    share, odd = divmod(amount, len(winners))
    return {seat: share + (1 if place < odd else 0) for place, seat in enumerate(winners)}


def split_pot(amount: int, high: Sequence[int], low: Sequence[int] | None) -> tuple[dict[int, int], dict[int, int] | None]:
    """Pay one pot (showdown.split): the high half and the low half, or all to high.

    ``high`` lists the tied high winners in the high odd-chip order, ``low`` the tied low
    winners in the low odd-chip order, or None when nobody qualifies for low.

    * showdown.no-low: without a qualifying low the high winners share the whole pot.
    * odd-chip.high-half: the high half is ``ceil(amount / 2)``, the low half the rest.
    * odd-chip.tied-both-ways: when the same two or more players win both halves, they share
      the whole pot as evenly as possible, odd chips in the high order. The result still
      shows each one's part of each half: their part of the high half split in the high
      order, and the rest of their share as their low part.
    """
    if not low:
        return split_half(amount, high), None
    high_half = amount - amount // 2
    if len(high) > 1 and set(high) == set(low):
        whole = split_half(amount, high)
        high_part = split_half(high_half, high)
        return high_part, {seat: whole[seat] - high_part[seat] for seat in high}
    return split_half(high_half, high), split_half(amount // 2, low)


# --- odd-chip order (odd-chip.within-half, odd-chip.card-order) ----------------------------


def high_chip_order(winners: Sequence[int], cards: Mapping[int, Sequence[int]]) -> list[int]:
    """Tied high winners in the order they receive odd chips: the highest card by suit first.

    ``cards[seat]`` holds the card indices that count for that seat (never a community card).
    Each seat's cards are compared from its highest down (index order is rank, ace high, then
    suit, clubs lowest); the first card that differs decides. If one list runs out first
    without a difference, the lower seat goes first.
    """
    return _by_cards(winners, {seat: sorted(cards[seat], reverse=True) for seat in winners}, higher_first=True)


def low_chip_order(winners: Sequence[int], cards: Mapping[int, Sequence[int]]) -> list[int]:
    """Tied low winners in odd-chip order: the lowest card by suit first, the ace lowest
    (odd-chip.card-order), so the ace of clubs goes before every other card."""
    return _by_cards(winners, {seat: sorted(map(low_card_key, cards[seat])) for seat in winners}, higher_first=False)


def low_card_key(card: int) -> int:
    """A card index re-ranked for the low half: the ace below the two, then by suit."""
    rank, suit = card >> 2, card & 3
    return (0 if rank == ACE_RANK_INDEX else rank + 1) * 4 + suit


ACE_RANK_INDEX = 12
"""The ace's rank in a card index (``index >> 2``): 0 is the two, 12 the ace."""


def _by_cards(winners: Sequence[int], lists: Mapping[int, list[int]], higher_first: bool) -> list[int]:
    def compare(a: int, b: int) -> int:
        for x, y in zip(lists[a], lists[b]):
            if x != y:
                return (-1 if x > y else 1) if higher_first else (-1 if x < y else 1)
        return (a > b) - (a < b)

    return sorted(winners, key=functools.cmp_to_key(compare))
