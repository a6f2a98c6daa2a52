"""Whole hands through ``Hand``: dealing, the bring-in, act order, run-outs, pots, showdown.

Every deck is written out top first in dealing order (deal.third-street: a round of down cards,
a second round of down cards, a round of up cards; then per street a burn and one card per
player still in). Expected chips are worked out by hand in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from stud8.reference.cards import ALL_CARDS, Card, parse_cards
from stud8.reference.engine import Hand, Stakes
from stud8.reference.errors import ActionError

STAKES = Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40)


def stacked(text: str) -> list[Card]:
    """The listed cards on top, in order, then every other card in canonical order."""
    listed = parse_cards(text)
    return listed + [card for card in ALL_CARDS if card not in listed]


def play(hand: Hand, *actions: str) -> Hand:
    for action in actions:
        hand.apply(action)
    return hand


def refuse(hand: Hand, action: str) -> str:
    """Apply an action that must be refused; the observation must not change. Returns the code."""
    before = hand.observe()
    with pytest.raises(ActionError) as caught:
        hand.apply(action)
    assert hand.observe() == before
    assert hand.check(action) is not None and hand.check(action).code == caught.value.code  # type: ignore[union-attr]
    return caught.value.code


def seats(observation: dict[str, Any], key: str) -> list[Any]:
    return [seat[key] for seat in observation["seats"]]


# Three players: p1 Ks Kh / Kd 9c 9d 2s / Qc (kings full of nines, no low)
#                p2 Ac 2c / 3d 5h 7s Jd / Td (7-5-3-2-A low, ace high)
#                p3 4d 6d / 8s Qh Th 3c / 2d (8-6-4-3-2 low, queen high)
# Burns: 4s, 4h, 5c, 5d. Up cards on third street Kd, 3d, 8s: p2 brings in.
THREE = stacked(
    "Ks Ac 4d  Kh 2c 6d  Kd 3d 8s"  # third street
    "  4s 9c 5h Qh"  # burn, fourth
    "  4h 9d 7s Th"  # burn, fifth
    "  5c 2s Jd 3c"  # burn, sixth
    "  5d Qc Td 2d"  # burn, seventh
)


def three(stacks: list[int] | None = None, **options: Any) -> Hand:
    return Hand.start(stacks=stacks or [500, 500, 500], stakes=STAKES, deck=THREE, options=options or None)


# --- deal.third-street, table.ante -------------------------------------------------------


def test_third_street_is_dealt_in_rounds() -> None:
    observation = three().observe()
    assert seats(observation, "down") == [["Ks", "Kh"], ["Ac", "2c"], ["4d", "6d"]]
    assert seats(observation, "up") == [["Kd"], ["3d"], ["8s"]]
    assert observation["street"] == "third"
    # table.ante: 5 each: pot 15, stacks 495; the antes are not chips on third street
    assert observation["pot"] == 15
    assert seats(observation, "stack") == [495, 495, 495]
    assert seats(observation, "committed") == [0, 0, 0]
    assert seats(observation, "contributed") == [5, 5, 5]
    assert observation["pots"] == [{"amount": 15, "eligible": [1, 2, 3]}]


def test_bring_in_and_first_legal_actions() -> None:
    hand = three()
    observation = hand.observe()
    # bring-in.lowest-upcard: Kd, 3d, 8s -> p2
    assert observation["bring_in"] == 2 and observation["to_act"] == 2
    assert observation["legal"] == ["pb", "cbr 20"] == hand.legal_actions()
    assert not observation["over"] and observation["result"] is None


def test_burn_before_third_option() -> None:
    # with the option the first card (Ks) is burned and everything moves up by one:
    # rounds Ac 4d Kh / 2c 6d Kd / 3d 8s 4s
    observation = three(burn_before_third=True).observe()
    assert seats(observation, "down") == [["Ac", "2c"], ["4d", "6d"], ["Kh", "Kd"]]
    assert seats(observation, "up") == [["3d"], ["8s"], ["4s"]]


# --- a hand to showdown ----------------------------------------------------------------------


def checked_down(hand: Hand) -> Hand:
    # third: p2 pb 10, p3 and p1 call; then p1 (K-9, then 9-9-K...) acts first on every street
    play(hand, "p2 pb", "p3 cc", "p1 cc")
    for street in ("fourth", "fifth", "sixth", "seventh"):
        assert hand.observe()["street"] == street
        assert hand.to_act == 1
        play(hand, "p1 cc", "p2 cc", "p3 cc")
    return hand


def test_showdown_splits_high_and_low() -> None:
    hand = checked_down(three())
    observation = hand.observe()
    assert observation["over"] and observation["to_act"] is None and observation["legal"] == []
    # pot 3 x 5 + 3 x 10 = 45: high ceil(45/2) = 23 to p1 (full house), low 22 to p2 (7-5-3-2-A
    # beats p3's 8-6-4-3-2)
    assert observation["result"] == {
        "pots": [{"amount": 45, "eligible": [1, 2, 3], "high": {1: 23}, "low": {2: 22}}],
        "returned": {},
        "show_order": [1, 2, 3],  # checked through: the first to act on seventh, p1, shows first
        "stacks": [508, 507, 485],  # 485 + 23, 485 + 22, 485
    }
    assert seats(observation, "stack") == [508, 507, 485]
    assert observation["seats"][1]["down"] == ["Ac", "2c", "Td"]
    assert observation["street"] == "seventh"


def test_show_order_last_to_act_option() -> None:
    hand = checked_down(three(show_first_without_bet="last_to_act"))
    # p3 checked last on seventh street: p3, then clockwise p1, p2
    assert hand.observe()["result"]["show_order"] == [3, 1, 2]


def test_show_order_after_a_bet_on_seventh() -> None:
    hand = three()
    play(hand, "p2 pb", "p3 cc", "p1 cc")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc", "p3 cc")
    play(hand, "p1 cc", "p2 cbr 40", "p3 cc", "p1 cc")
    # p2 bet last on seventh street: p2 shows first, then p3, p1.
    # Pot 45 + 3 x 40 = 165: high 83 to p1, low 82 to p2.
    result = hand.observe()["result"]
    assert result["show_order"] == [2, 3, 1]
    assert result["pots"] == [{"amount": 165, "eligible": [1, 2, 3], "high": {1: 83}, "low": {2: 82}}]
    assert result["stacks"] == [500 - 55 + 83, 500 - 55 + 82, 500 - 55]


def test_log_records_applied_actions_only() -> None:
    hand = three()
    hand.apply("p2 pb")
    with pytest.raises(ActionError):
        hand.apply("p2 cc")
    assert [str(action) for action in hand.log] == ["p2 pb"]


# --- showdown.uncontested, pots.uncalled-bet ---------------------------------------------


def test_everyone_folds_to_a_bet() -> None:
    hand = three()
    play(hand, "p2 pb", "p3 cc", "p1 cc", "p1 cbr 20", "p2 f", "p3 f")
    observation = hand.observe()
    assert observation["over"] and observation["street"] == "fourth"
    # p1 put in 5 + 10 + 20 = 35, the others 15: 20 uncalled goes back; the pot 45 to p1
    assert observation["result"] == {
        "pots": [{"amount": 45, "eligible": [1], "high": {1: 45}, "low": None}],
        "returned": {1: 20},
        "show_order": [],
        "stacks": [530, 485, 485],
    }
    # the record of chips put in stays as it was
    assert observation["pot"] == 65 and seats(observation, "committed") == [20, 0, 0]


def test_folding_to_the_bring_in() -> None:
    hand = three()
    play(hand, "p2 pb", "p3 f", "p1 f")
    result = hand.observe()["result"]
    # p2 put in 5 + 10 = 15, the others 5: 10 back; pot 15 to p2
    assert result["returned"] == {2: 10}
    assert result["pots"] == [{"amount": 15, "eligible": [2], "high": {2: 15}, "low": None}]
    assert result["stacks"] == [495, 510, 495]


# --- pots.side-pots, deal.run-out ----------------------------------------------------------


def test_all_in_call_makes_a_side_pot() -> None:
    # p2 has 20: after the ante 15, brings in 10 (5 left). p3 completes to 20, p1 calls,
    # p2 calls all-in for 5 more (15 on the street).
    hand = three([500, 20, 500])
    play(hand, "p2 pb", "p3 cbr 20", "p1 cc", "p2 cc")
    observation = hand.observe()
    assert seats(observation, "all_in") == [False, True, False]
    # put in: p1 25, p2 20, p3 25. Main: 20 x 3 = 60 (all); side: 5 + 5 = 10 (p1, p3)
    assert observation["pots"] == [{"amount": 60, "eligible": [1, 2, 3]}, {"amount": 10, "eligible": [1, 3]}]
    assert observation["street"] == "fourth" and observation["to_act"] == 1
    for _ in range(4):
        play(hand, "p1 cc", "p3 cc")  # p2 is all-in: skipped
    result = hand.observe()["result"]
    # main 60: high 30 to p1 (full house), low 30 to p2 (7-5-3-2-A). Side 10 (p1, p3):
    # high 5 to p1, low 5 to p3 (8-6-4-3-2; p1 has no low).
    assert result["pots"] == [
        {"amount": 60, "eligible": [1, 2, 3], "high": {1: 30}, "low": {2: 30}},
        {"amount": 10, "eligible": [1, 3], "high": {1: 5}, "low": {3: 5}},
    ]
    assert result["stacks"] == [475 + 35, 30, 475 + 5]
    assert result["show_order"] == [1, 2, 3]


def test_short_bring_in_sets_the_full_amount_to_call() -> None:
    # p2 has 12: after the ante 7, less than the bring-in: pb puts in all 7 (bring-in.short-stack)
    hand = three([500, 12, 500])
    assert hand.legal_actions() == ["pb"]
    play(hand, "p2 pb")
    assert hand.legal_actions() == ["f", "cc", "cbr 20"]
    play(hand, "p3 cc", "p1 cc")
    observation = hand.observe()
    assert seats(observation, "committed") == [0, 0, 0] and observation["street"] == "fourth"
    # put in: p1 15, p2 12, p3 15. Main 12 x 3 = 36; side 3 + 3 = 6 for p1 and p3
    assert observation["pots"] == [{"amount": 36, "eligible": [1, 2, 3]}, {"amount": 6, "eligible": [1, 3]}]


# The same first two hands as THREE, for when p3 leaves on third street: from fourth street on
# only p1 and p2 are dealt.
TWO_AFTER_THIRD = stacked(
    "Ks Ac 4d  Kh 2c 6d  Kd 3d 8s"
    "  4s 9c 5h  4h 9d 7s  5c 2s Jd  5d Qc Td"
)


def test_low_card_all_in_on_the_ante() -> None:
    # p2 (the 3d, the low card) has only the ante: nobody is forced; p3, next clockwise, opens
    hand = Hand.start(stacks=[500, 5, 500], stakes=STAKES, deck=TWO_AFTER_THIRD)
    observation = hand.observe()
    assert observation["bring_in"] is None and observation["to_act"] == 3
    assert observation["legal"] == ["f", "pb", "cbr 20"]
    assert refuse(hand, "p3 cc") == "not-allowed"
    play(hand, "p3 f")
    # p1 is the only player who can bet and owes nothing: no betting, the cards are dealt out
    observation = hand.observe()
    assert observation["over"] and observation["street"] == "seventh"
    # pot 15 (p2 all-in at 5: one pot, p1 and p2). High 8 to p1, low 7 to p2.
    # Run-out: show order by the act order on seventh street (p1's 9-9 board) -> p1, p2.
    assert observation["result"] == {
        "pots": [{"amount": 15, "eligible": [1, 2], "high": {1: 8}, "low": {2: 7}}],
        "returned": {},
        "show_order": [1, 2],
        "stacks": [503, 7, 495],
    }


def test_opener_posts_the_bring_in() -> None:
    hand = three([500, 5, 500])
    play(hand, "p3 pb")
    assert hand.observe()["bring_in"] is None
    assert hand.legal_actions() == ["f", "cc", "cbr 20"]
    play(hand, "p1 cc")
    assert hand.observe()["street"] == "fourth"


def test_two_players_one_all_in_on_the_ante_run_out_at_once() -> None:
    # deal.run-out: with only one player able to bet nothing is asked; the hand plays itself
    hand = Hand.start(stacks=[500, 5], stakes=STAKES, deck=THREE)
    observation = hand.observe()
    assert observation["over"] and observation["bring_in"] is None
    assert observation["result"]["stacks"][0] + observation["result"]["stacks"][1] == 505


# --- act-order.* ---------------------------------------------------------------------------


# p1 Ks Jc / 9c 8s 7h 6d / 5c  and  p2 Kd Qc / 9s 8d 7c 6h / 5d: both make the 9-high straight,
# neither has a low (only 8 7 6 5 are eight or lower). p3 Ah Ac / 2d 3h brings in and folds.
TIED = stacked(
    "Ks Jc Ah  Kd Qc Ac  9c 9s 2d"
    "  2c 8s 8d 3h"
    "  2h 7h 7c"
    "  2s 6d 6h"
    "  3c 5c 5d"
)


def tied(**options: Any) -> Hand:
    hand = Hand.start(stacks=[500, 500, 500], stakes=STAKES, deck=TIED, options=options or None)
    play(hand, "p3 pb", "p1 cc", "p2 cc")
    return hand


def test_equal_boards_first_clockwise_from_the_dealer() -> None:
    # fourth street: 9c 8s (p1) and 9s 8d (p2) are equal exposed hands: the lower seat, p1
    assert tied().to_act == 1


def test_equal_boards_high_card_by_suit() -> None:
    # high_card_by_suit: 9s beats 9c: p2 acts first
    assert tied(act_order_ties="high_card_by_suit").to_act == 2


@pytest.mark.parametrize(
    ("option", "stacks"),
    [
        # card_by_suit_all_cards: p1's highest card Ks beats p2's Kd -> p1 gets the odd chip
        ("card_by_suit_all_cards", [508, 507, 485]),
        # card_by_suit_winning_hand: straights 9c-high (p1) and 9s-high (p2): 9s wins -> p2
        ("card_by_suit_winning_hand", [507, 508, 485]),
        # seat_order: p1 first
        ("seat_order", [508, 507, 485]),
    ],
)
def test_odd_chip_in_a_tied_high_half(option: str, stacks: list[int]) -> None:
    hand = tied(odd_chip_in_half=option)
    play(hand, "p1 cc", "p2 cc", "p3 f")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc")
    result = hand.observe()["result"]
    # pot 45, no low: the tied straights share it, 23 and 22
    pot = result["pots"][0]
    assert pot["amount"] == 45 and pot["low"] is None and sorted(pot["high"].values()) == [22, 23]
    assert result["stacks"] == stacks


def test_all_in_player_skipped_in_the_act_order() -> None:
    # p1 (best board) is all-in: p2 acts first on fourth street (act-order.all-in-skipped)
    # p1 has 15: after the ante 10; calls the bring-in all-in
    hand = Hand.start(stacks=[15, 500, 500], stakes=STAKES, deck=THREE)
    play(hand, "p2 pb", "p3 cc", "p1 cc")
    observation = hand.observe()
    assert seats(observation, "all_in") == [True, False, False]
    assert observation["street"] == "fourth" and observation["to_act"] == 2


# --- deck.* --------------------------------------------------------------------------------


def eight_handed_deck() -> list[Card]:
    return list(ALL_CARDS)  # canonical order: easy to count positions


def deal_eight(folds: int = 0, **options: Any) -> Hand:
    """Eight players; ``folds`` players fold on third street; the rest check down."""
    hand = Hand.start(stacks=[500] * 8, stakes=STAKES, deck=eight_handed_deck(), options=options or None)
    # up cards: positions 17-24: 6c 6d 6h 6s 7c 7d 7h 7s -> p1 (6c) brings in
    assert hand.to_act == 1
    hand.apply("p1 pb")
    for seat in range(2, 9):
        hand.apply(f"p{seat} {'f' if seat <= 1 + folds else 'cc'}")
    while not hand.over:
        hand.apply(f"p{hand.to_act} cc")
    return hand


def card(position: int) -> str:
    """The card at 1-based position in the canonical deck."""
    return str(ALL_CARDS[position - 1])


def test_eight_players_get_a_community_card() -> None:
    # 24 + 3 x (1 + 8) = 51 cards dealt: stub 1 -> case C: the stub (card 52) then the burns
    # (cards 25, 34, 43); burn card 52; the community card is card 25.
    hand = deal_eight()
    observation = hand.observe()
    assert observation["community"] == card(25)
    assert all(len(seat["down"]) == 2 for seat in observation["seats"])  # no seventh card each


def test_seven_players_burn_and_deal_a_community_card() -> None:
    # one fold: fourth to sixth deal 3 x (1 + 7) = 24: 48 cards, stub 4 (49-52) -> case B:
    # burn card 49, community card 50
    hand = deal_eight(folds=1)
    assert hand.observe()["community"] == card(50)


def test_six_players_recycle_the_burns() -> None:
    # two folds: 24 + 3 x 7 = 45 dealt, stub 7 (46-52), burns 25, 32, 39 -> case A: the stub
    # and the burns; burn 46; deal 47..52 to the six players in seat order (p3..p8)
    hand = deal_eight(folds=2)
    observation = hand.observe()
    assert observation["community"] is None
    sevenths = [seat["down"][2] for seat in observation["seats"] if not seat["folded"]]
    assert sevenths == [card(position) for position in range(47, 53)]


def test_robert_procedure_deals_without_a_burn() -> None:
    # one fold, seven players: stub 4 (49-52), burns 25, 33, 41. 4 < 8; 4 + 3 = 7 >= 7: deal
    # without burning: 49, 50, 51, 52, 25, 33, 41 to p1, p3, p4 ... p8 (p2 folded)
    hand = deal_eight(folds=1, deck_exhaustion="robert")
    observation = hand.observe()
    sevenths = [seat["down"][2] for seat in observation["seats"] if not seat["folded"]]
    assert sevenths == [card(p) for p in (49, 50, 51, 52, 25, 33, 41)]


def test_community_card_counts_for_every_player() -> None:
    hand = deal_eight()
    result = hand.observe()["result"]
    assert sum(result["stacks"]) == 4000
    assert result["pots"][0]["amount"] == 8 * 15


def test_burn_before_third_leaves_an_empty_stub() -> None:
    # burn 1, third 2-25, burns 26, 35, 44, streets to 52: stub 0 -> case C: the burns 1, 26,
    # 35, 44; burn card 1; community card 26
    hand = deal_eight(burn_before_third=True)
    assert hand.observe()["community"] == card(26)
