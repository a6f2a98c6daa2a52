"""Unit tests of the engine's small modules: actions, dealing, exposed (act order, bring-in).

Expected values are worked out by hand from the rule book (spec/rules.yaml).
"""

from __future__ import annotations

import pytest

from stud8.reference.actions import Action, format_move, parse_action
from stud8.reference.cards import parse_cards
from stud8.reference.dealing import Dealer, SeventhPlan, plan_seventh
from stud8.reference.errors import ActionError
from stud8.reference.exposed import (
    HIGH_CARD,
    PAIR,
    QUADS,
    TIE_BY_SEAT,
    TIE_BY_SUIT,
    TRIPS,
    TWO_PAIR,
    bring_in_seat,
    exposed_rank,
    first_to_act,
)


def idx(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


# --- actions.vocabulary ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("p1 pb", Action(1, "pb")),
        ("p2 cc", Action(2, "cc")),
        ("p8 f", Action(8, "f")),
        ("p3 cbr 20", Action(3, "cbr", 20)),
        ("p3 cbr 0", Action(3, "cbr", 0)),
        ("p12 f", Action(12, "f")),  # well-formed; the engine says no-such-seat
    ],
)
def test_parse(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert Action.parse(text) == action


@pytest.mark.parametrize(
    "text",
    ["", "p1", "pb", "p1 pb 10", "p1 cbr", "p1 cbr -5", "p1 cbr 2.5", "p1 cbr x", "p1 check",
     "P1 cc", "p1  cc", " p1 cc", "p1 cc ", "1 cc", "px cc", "p1 sm AsKd", "d dh p1 AsKd", "p1 cbr ２０"],
)
def test_malformed(text: str) -> None:
    with pytest.raises(ActionError) as caught:
        parse_action(text)
    assert caught.value.code == "malformed-action"
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("value", [None, 3, ["p1 cc"], b"p1 cc"])
def test_non_text_is_malformed(value: object) -> None:
    with pytest.raises(ActionError) as caught:
        parse_action(value)  # type: ignore[arg-type]
    assert caught.value.code == "malformed-action"


def test_format_round_trips() -> None:
    for text in ("p1 pb", "p2 cc", "p3 f", "p4 cbr 40"):
        action = parse_action(text)
        assert str(action) == text
        assert action.move == text.split(" ", 1)[1]
    assert format_move("cbr", 20) == "cbr 20"
    assert format_move("f") == "f"


def test_actions_are_immutable_records() -> None:
    action = parse_action("p1 cbr 20")
    with pytest.raises(AttributeError):
        action.amount = 40  # type: ignore[misc]
    assert hash(action) == hash(Action(1, "cbr", 20))


# --- deal.burns, deck.* ------------------------------------------------------------------


def test_dealer_deals_from_the_top_and_keeps_burns_in_order() -> None:
    dealer = Dealer(list(range(10)))
    dealer.burn()
    assert dealer.deal() == 1
    assert dealer.deal_many(3) == [2, 3, 4]
    dealer.burn()
    assert dealer.burns == [0, 5]
    assert dealer.remaining == 4 and dealer.stub == [6, 7, 8, 9]


def test_recycle_puts_the_burns_under_the_stub() -> None:
    # deck.recycle-order: the stub in its order, then the burns in the order burned
    dealer = Dealer(list(range(6)))
    dealer.burn()  # 0
    dealer.deal()  # 1
    dealer.burn()  # 2
    dealer.recycle()
    assert dealer.stub == [3, 4, 5, 0, 2]
    assert dealer.burns == []


def test_deal_many_refuses_to_run_past_the_stub() -> None:
    dealer = Dealer([1, 2])
    with pytest.raises(IndexError):
        dealer.deal_many(3)


NORMAL = SeventhPlan(recycle=False, burn=True, community=False)
RECYCLE_DEAL = SeventhPlan(recycle=True, burn=True, community=False)
COMMUNITY = SeventhPlan(recycle=False, burn=True, community=True)
RECYCLE_COMMUNITY = SeventhPlan(recycle=True, burn=True, community=True)


@pytest.mark.parametrize(
    ("stub", "burns", "players", "plan"),
    [
        # Eight players dealt and all still in: 52 - 24 - 3 x (1 + 8) = 1 card left -> case C
        (1, 3, 8, RECYCLE_COMMUNITY),
        # one folded before fourth street: 52 - 24 - 3 x (1 + 7) = 4 left, 7 players -> case B
        (4, 3, 7, COMMUNITY),
        # two folded before fourth street: 52 - 24 - 3 x 7 = 7 left, 6 players -> case A (7 + 3 >= 8)
        (7, 3, 6, RECYCLE_DEAL),
        # the need is players + 1 burn + 1 left at the bottom: 8 cards for 6 players
        (8, 3, 6, NORMAL),
        # burn_before_third, eight players: 52 - 1 - 24 - 27 = 0 left, four burns -> case C
        (0, 4, 8, RECYCLE_COMMUNITY),
    ],
)
def test_tda_procedure(stub: int, burns: int, players: int, plan: SeventhPlan) -> None:
    assert plan_seventh(stub, burns, players, "tda") == plan


@pytest.mark.parametrize(
    ("stub", "burns", "players", "plan"),
    [
        (7, 3, 6, NORMAL),  # 7 >= 6 + 1
        (4, 3, 7, COMMUNITY),  # 4 < 8: burn (4 >= 2), one community card
        (1, 3, 8, SeventhPlan(recycle=False, burn=False, community=True)),  # 1 card: no burn
        (0, 4, 8, SeventhPlan(recycle=True, burn=True, community=True)),  # empty stub: burns taken back
    ],
)
def test_community_card_only_procedure(stub: int, burns: int, players: int, plan: SeventhPlan) -> None:
    assert plan_seventh(stub, burns, players, "community_card_only") == plan


@pytest.mark.parametrize(
    ("stub", "burns", "players", "plan"),
    [
        (7, 3, 6, NORMAL),  # 7 >= 6 + 1
        (4, 3, 6, RECYCLE_DEAL),  # 4 < 7; 4 + 3 = 7 >= 7: burn and deal
        (4, 3, 7, SeventhPlan(recycle=True, burn=False, community=False)),  # 7 = players: no burn
        (1, 3, 8, RECYCLE_COMMUNITY),  # 1 + 3 = 4 < 8: burn (4 >= 2), community card
    ],
)
def test_robert_procedure(stub: int, burns: int, players: int, plan: SeventhPlan) -> None:
    assert plan_seventh(stub, burns, players, "robert") == plan


def test_unknown_procedure() -> None:
    with pytest.raises(ValueError):
        plan_seventh(10, 3, 2, "magic")


# --- bring-in.lowest-upcard, bring-in.suit-order -----------------------------------------


@pytest.mark.parametrize(
    ("ups", "seat"),
    [
        ("Kd 2s 2c", 2),  # two deuces: clubs is the lower suit
        ("As 3d 5h", 1),  # the ace is high for the bring-in
        ("7h 7d 7s", 1),  # diamonds below hearts and spades
        ("2c 2d", 0),
    ],
)
def test_bring_in_seat(ups: str, seat: int) -> None:
    assert bring_in_seat([[card] for card in idx(ups)]) == seat


# --- act-order.exposed-ranking -----------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "category", "ranks"),
    [
        ("Ah Kd", HIGH_CARD, "A K"),
        ("5c 5d", PAIR, "5 5"),
        ("3c Kd 3h", PAIR, "3 3 K"),
        ("9c 4d 9h 4s", TWO_PAIR, "9 9 4 4"),
        ("7c 7d 7h 2s", TRIPS, "7 7 7 2"),
        ("6c 6d 6h 6s", QUADS, "6 6 6 6"),
        ("2c 2d 2h 9s 9d", TRIPS, "2 2 2 9 9"),  # five cards (a community card): trips, no full house
        ("5c 6d 7h 8s", HIGH_CARD, "8 7 6 5"),  # straights never count
        ("2h 6h 9h Jh", HIGH_CARD, "J 9 6 2"),  # flushes never count
    ],
)
def test_exposed_rank(board: str, category: int, ranks: str) -> None:
    rank_index = {char: value for value, char in enumerate("23456789TJQKA")}
    assert exposed_rank(idx(board)) == (category, tuple(rank_index[r] for r in ranks.split()))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2c 2d", "Ah Kd"),  # any pair beats no pair
        ("3c 3d 4h 4s", "Ac Ad Kh Qs"),  # two pair beats one pair
        ("2c 2d 2h 3s", "Ac Ad Kc Kd"),  # trips beat two pair
        ("Ac Kd 3h", "Ad Qd Jh"),  # kickers from the top
        ("8c 8d Ah", "8h 8s Kh"),  # pair, then the kicker
        ("Jc Jd 2h 2s", "Tc Td 9h 9s"),  # the higher pair first
    ],
)
def test_exposed_order(better: str, worse: str) -> None:
    assert exposed_rank(idx(better)) > exposed_rank(idx(worse))


def test_suits_do_not_rank_exposed_hands() -> None:
    assert exposed_rank(idx("Ks 9s")) == exposed_rank(idx("Kc 9d"))


def test_first_to_act_best_board() -> None:
    boards = [idx("Ah Kd"), idx("5c 5d"), idx("Qs 9h")]
    assert first_to_act(boards, [0, 1, 2], TIE_BY_SEAT) == 1  # the pair of fives


def test_first_to_act_ignores_boards_not_in_the_hand() -> None:
    boards = [idx("Ah Kd"), idx("5c 5d"), idx("Qs 9h")]
    assert first_to_act(boards, [0, 2], TIE_BY_SEAT) == 0  # seat 1 folded: A-K beats Q-9


def test_tie_goes_to_the_lowest_seat_by_default() -> None:
    # act-order.ties: 9-8 against 9-8: the lowest seat
    boards = [idx("9c 8s"), idx("9s 8d")]
    assert first_to_act(boards, [0, 1], TIE_BY_SEAT) == 0


def test_tie_by_suit_compares_in_order_of_significance() -> None:
    # high_card_by_suit: 9c 8s against 9s 8d: first cards 9c < 9s, seat 1 first
    boards = [idx("9c 8s"), idx("9s 8d")]
    assert first_to_act(boards, [0, 1], TIE_BY_SUIT) == 1
    # pairs first: Kc Kh 4s against Kd Ks 4c: sorted (spades first within a rank) Kh Kc 4s
    # and Ks Kd 4c -> Kh < Ks: seat 1 first, although seat 0 holds the 4s
    boards = [idx("Kc 4s Kh"), idx("Kd Ks 4c")]
    assert first_to_act(boards, [0, 1], TIE_BY_SUIT) == 1
    # the kicker decides only after the pair: 7d 7s Ah against 7c 7h As -> 7s > 7h: seat 0
    boards = [idx("7d 7s Ah"), idx("7c 7h As")]
    assert first_to_act(boards, [0, 1], TIE_BY_SUIT) == 0
