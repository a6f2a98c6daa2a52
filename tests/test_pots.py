"""Unit tests of stud8.reference.pots: uncalled chips, side pots, splitting, odd-chip order.

Every expected value is worked out by hand from the rule book; the arithmetic is in comments.
Seats are 0-based list indices in this module.
"""

from __future__ import annotations

from stud8.reference.cards import parse_cards
from stud8.reference.pots import (
    Pot,
    high_chip_order,
    low_card_key,
    low_chip_order,
    side_pots,
    split_half,
    split_pot,
    uncalled,
)

NO = False
YES = True


def idx(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


# --- pots.uncalled-bet -------------------------------------------------------------------


def test_uncalled_returns_the_unmatched_top() -> None:
    # highest 100 (seat 1), second highest 60: 40 goes back to seat 1
    assert uncalled([30, 100, 60]) == (1, 40)


def test_uncalled_counts_folded_players_chips() -> None:
    # seat 0 folded after putting in 80: seat 2's 100 was matched up to 80 -> 20 back
    assert uncalled([80, 15, 100]) == (2, 20)


def test_uncalled_nothing_when_the_top_is_matched() -> None:
    assert uncalled([50, 50, 20]) is None
    assert uncalled([5, 5]) is None


# --- pots.side-pots ----------------------------------------------------------------------


def test_one_pot_without_all_in_players() -> None:
    # 25 + 25 + 15 = 65; the folded seat 2 can win nothing
    assert side_pots([25, 25, 15], [NO, NO, YES], [NO, NO, NO]) == [Pot(65, (0, 1))]


def test_side_pot_above_an_all_in_player() -> None:
    # seat 1 all-in for 20: main 20 x 3 = 60 (all three); side 5 + 5 = 10 (seats 0 and 2)
    assert side_pots([25, 20, 25], [NO, NO, NO], [NO, YES, NO]) == [Pot(60, (0, 1, 2)), Pot(10, (0, 2))]


def test_two_all_in_levels() -> None:
    # levels 10 and 30. Main: 10 x 4 = 40 (all). Second: (30-10) x 3 = 60 (seats 1, 2, 3).
    # Last: seat 2 and 3 put in 70 each: (70-30) x 2 = 80 (seats 2, 3).
    contributions = [10, 30, 70, 70]
    pots = side_pots(contributions, [NO] * 4, [YES, YES, NO, NO])
    assert pots == [Pot(40, (0, 1, 2, 3)), Pot(60, (1, 2, 3)), Pot(80, (2, 3))]
    assert sum(pot.amount for pot in pots) == sum(contributions)


def test_folded_chips_count_in_the_pots_they_reach() -> None:
    # seat 0 folded with 25; seat 1 all-in for 15; seat 2 put in 40.
    # Main (level 15): 15 + 15 + 15 = 45 for seats 1, 2. Rest: 10 (seat 0) + 25 (seat 2) = 35 for seat 2.
    assert side_pots([25, 15, 40], [YES, NO, NO], [NO, YES, NO]) == [Pot(45, (1, 2)), Pot(35, (2,))]


def test_dead_chips_above_every_live_player_join_the_pot_below() -> None:
    # Only seat 0 is left, all-in for 30; seats 1 and 2 folded with 50 each.
    # Level 30: 30 x 3 = 90 for seat 0; the 20 + 20 above it nobody in the hand reached: they
    # join the pot below, 130, all seat 0's.
    assert side_pots([30, 50, 50], [NO, YES, YES], [YES, NO, NO]) == [Pot(130, (0,))]


def test_equal_all_in_levels_make_one_pot() -> None:
    # seats 0 and 1 both all-in for 20: one level. Main 60, rest 30 - 20 = 10 for seat 2.
    assert side_pots([20, 20, 30], [NO, NO, NO], [YES, YES, NO]) == [Pot(60, (0, 1, 2)), Pot(10, (2,))]


# --- showdown.split, odd-chip.* -----------------------------------------------------------


def test_split_half_gives_odd_chips_in_order() -> None:
    # 25 among 3: 8 each, 1 left over -> the first listed
    assert split_half(25, [2, 0, 1]) == {2: 9, 0: 8, 1: 8}
    # 26 among 3: 8 each, 2 left over -> the first two, one chip each
    assert split_half(26, [1, 2, 0]) == {1: 9, 2: 9, 0: 8}


def test_high_half_takes_the_odd_chip() -> None:
    # 45: high ceil(45/2) = 23, low 22
    assert split_pot(45, [0], [1]) == ({0: 23}, {1: 22})


def test_no_low_high_takes_all() -> None:
    assert split_pot(45, [0], None) == ({0: 45}, None)
    # tied high, no low: 45 among 2 -> 23 to the first in odd-chip order, 22 to the other
    assert split_pot(45, [1, 0], None) == ({1: 23, 0: 22}, None)


def test_scoop() -> None:
    # one player wins both halves: 23 high and 22 low
    assert split_pot(45, [0], [0]) == ({0: 23}, {0: 22})


def test_quartering() -> None:
    # 51: high 26 to seat 0; low 25 shared by seats 1 and 2 -> 13 and 12
    assert split_pot(51, [0], [1, 2]) == ({0: 26}, {1: 13, 2: 12})


def test_tied_both_ways_share_the_whole_pot() -> None:
    # odd-chip.tied-both-ways: 66 between two players tied both ways is 33 each (not 17+16 and
    # 17+16 = 34/32). High half 33 split in the high order: 17 to seat 1, 16 to seat 0; the low
    # part is the rest of each one's 33: 16 and 17.
    high, low = split_pot(66, [1, 0], [0, 1])
    assert high == {1: 17, 0: 16}
    assert low == {1: 16, 0: 17}
    assert high[0] + low[0] == 33 and high[1] + low[1] == 33


def test_tied_both_ways_odd_pot() -> None:
    # 67 between two tied both ways: whole-pot shares 34 (seat 2, first in high order) and 33.
    # High half 34: 17 / 17; low half 33: 34 - 17 = 17 and 33 - 17 = 16.
    high, low = split_pot(67, [2, 0], [0, 2])
    assert high == {2: 17, 0: 17}
    assert low == {2: 17, 0: 16}


def test_different_winners_split_halves_separately() -> None:
    # high tied by 0 and 1, low won by 1 alone: not tied both ways. 45: high 23 -> 12 / 11; low 22 -> 1
    assert split_pot(45, [0, 1], [1]) == ({0: 12, 1: 11}, {1: 22})


# --- odd-chip.card-order -----------------------------------------------------------------


def test_high_order_compares_from_the_highest_card() -> None:
    # seat 0: As ...; seat 1: Ah ... -> spades beat hearts on the first card
    cards = {0: idx("As 2c 3c"), 1: idx("Ah Kd Qd")}
    assert high_chip_order([1, 0], cards) == [0, 1]


def test_high_order_sorts_each_players_cards_first() -> None:
    # seat 0: Kd 9s, seat 1: Kh 9c, listed in any order: each list is compared from its highest
    # card, Kd against Kh, and hearts beat diamonds: seat 1 first (the 9s never counts)
    cards = {0: idx("9s Kd"), 1: idx("9c Kh")}
    assert high_chip_order([0, 1], cards) == [1, 0]


def test_high_order_goes_on_to_the_next_card() -> None:
    # a shared first card (the same list head, as with equal winning fives cut short) -> the
    # second card decides: Qh beats Qd
    cards = {0: idx("As Qd 2c"), 1: idx("As Qh 2d")}
    assert high_chip_order([0, 1], cards) == [1, 0]


def test_low_order_puts_the_ace_of_clubs_first() -> None:
    # ace lowest: Ac is the lowest card of all, before 2c
    assert low_card_key(idx("Ac")[0]) < low_card_key(idx("2c")[0]) < low_card_key(idx("2d")[0])
    cards = {0: idx("2c 3c 9h"), 1: idx("Ac Kd Ks")}
    assert low_chip_order([0, 1], cards) == [1, 0]


def test_low_order_suits_decide_equal_ranks() -> None:
    # seat 0: Ad (ace of diamonds), seat 1: Ah -> diamonds lower: seat 0 first
    cards = {0: idx("Ad 5c"), 1: idx("Ah 4c")}
    assert low_chip_order([1, 0], cards) == [0, 1]


def test_order_falls_back_to_seats_when_a_list_runs_out() -> None:
    # card_by_suit_winning_hand without the community card: one list can be a prefix of the other
    cards = {0: idx("Ks Qs"), 1: idx("Ks")}
    assert high_chip_order([1, 0], cards) == [0, 1]
