"""The plain evaluator, ``stud8.reference.hands``: the definition of high and low hands."""

from __future__ import annotations

from itertools import combinations

import pytest

from stud8.reference.cards import Card, format_cards, parse_cards
from stud8.reference.errors import CardError
from stud8.reference.hands import Category, HighHand, LowHand, best_high, best_low, evaluate


def high(text: str) -> HighHand:
    return best_high(parse_cards(text))


def low(text: str) -> LowHand | None:
    return best_low(parse_cards(text))


def shown(hand: HighHand | LowHand | None) -> str:
    assert hand is not None
    return format_cards(hand.cards)


# --- categories (hands.categories) -------------------------------------------------------


def test_category_labels_and_order() -> None:
    assert [c.label for c in Category] == [
        "high card",
        "pair",
        "two pair",
        "three of a kind",
        "straight",
        "flush",
        "full house",
        "four of a kind",
        "straight flush",
    ]
    assert [int(c) for c in Category] == list(range(9))
    assert all(Category.from_label(c.label) is c for c in Category)
    assert str(Category.FULL_HOUSE) == "full house"


@pytest.mark.parametrize(
    ("cards", "category", "best_first", "value"),
    [
        ("Ah Jd 9c 5s 3h", Category.HIGH_CARD, "Ah Jd 9c 5s 3h", 0x0EB953),
        ("9c 9d Ah 5s 3h", Category.PAIR, "9d 9c Ah 5s 3h", 0x199E53),
        ("9c 9d 5h 5s Ah", Category.TWO_PAIR, "9d 9c 5s 5h Ah", 0x29955E),
        ("9c 9d 9h 5s Ah", Category.THREE_OF_A_KIND, "9h 9d 9c Ah 5s", 0x3999E5),
        ("9c Td Jh Qs Kh", Category.STRAIGHT, "Kh Qs Jh Td 9c", 0x4DCBA9),
        ("Ah Jh 9h 5h 3h", Category.FLUSH, "Ah Jh 9h 5h 3h", 0x5EB953),
        ("9c 9d 9h 5s 5h", Category.FULL_HOUSE, "9h 9d 9c 5s 5h", 0x699955),
        ("9c 9d 9h 9s 5h", Category.FOUR_OF_A_KIND, "9s 9h 9d 9c 5h", 0x799995),
        ("9h Th Jh Qh Kh", Category.STRAIGHT_FLUSH, "Kh Qh Jh Th 9h", 0x8DCBA9),
        ("Ts Js Qs Ks As", Category.STRAIGHT_FLUSH, "As Ks Qs Js Ts", 0x8EDCBA),
    ],
)
def test_each_category(cards: str, category: Category, best_first: str, value: int) -> None:
    hand = high(cards)
    assert hand.category is category
    assert shown(hand) == best_first
    assert hand.value == value


def test_categories_rank_in_order() -> None:
    examples = [
        "Ah Jd 9c 5s 3h",
        "2c 2d 3h 4s 6h",
        "2c 2d 3h 3s 4h",
        "2c 2d 2h 3s 4h",
        "As 2d 3h 4s 5c",
        "2h 3h 4h 5h 7h",
        "2c 2d 2h 3s 3h",
        "2c 2d 2h 2s 3h",
        "As 2s 3s 4s 5s",
    ]
    values = [high(cards).value for cards in examples]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_str_forms() -> None:
    assert str(high("Kh Kd Kc 9s 9h 4c Ad")) == "full house (Kh Kd Kc 9s 9h)"
    hand = low("8c 6d 4h 2s Ah Kc Ks")
    assert hand is not None
    assert str(hand) == "8-6-4-2-A (8c 6d 4h 2s Ah)"
    assert hand.name == "8-6-4-2-A"
    assert hand.ranks == (8, 6, 4, 2, 1)


# --- straights and the ace (hands.straight-ace) -----------------------------------------


def test_wheel_is_the_lowest_straight() -> None:
    wheel = high("As 2d 3h 4s 5c")
    assert wheel.category is Category.STRAIGHT
    assert shown(wheel) == "5c 4s 3h 2d As"
    assert wheel.value == 0x454321
    assert wheel.value < high("2d 3h 4s 5c 6d").value
    assert wheel.value > high("As Ad Ah Kc Qd").value  # any straight beats three of a kind


def test_steel_wheel() -> None:
    hand_high, hand_low = evaluate(parse_cards("Ah 2h 3h 4h 5h"))
    assert hand_high.category is Category.STRAIGHT_FLUSH
    assert shown(hand_high) == "5h 4h 3h 2h Ah"
    assert hand_high.value == 0x854321
    assert hand_high.value < high("2h 3h 4h 5h 6h").value
    assert hand_low is not None and hand_low.value == 0xABCDE  # the best low too


def test_broadway_is_the_highest_straight() -> None:
    assert high("As Kd Qh Jc Td").value == 0x4EDCBA
    assert high("As Kd Qh Jc Td").value > high("Kd Qh Jc Td 9s").value


@pytest.mark.parametrize("cards", ["Qs Kd Ah 2c 3h", "Js Qd Kh Ac 2d", "Kd Ah 2c 3h 4s"])
def test_no_wrap_around(cards: str) -> None:
    assert high(cards).category is Category.HIGH_CARD


def test_wheel_from_seven_cards_prefers_a_higher_straight() -> None:
    assert shown(high("As 2d 3h 4s 5c 6d Kc")) == "6d 5c 4s 3h 2d"


# --- kickers and suits (hands.kickers, hands.suits-never-rank) ---------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac Ad Kh 4s 3h", "Ac Ad Qh Js Th"),  # pair: first kicker
        ("Ac Ad Kh 5s 3h", "Ac Ad Kh 4s 3h"),  # pair: third kicker
        ("Kc Kd 3h 3s 4h", "Kc Kd 2h 2s Ah"),  # two pair: second pair before kicker
        ("Kc Kd 3h 3s 5h", "Kc Kd 3h 3s 4h"),  # two pair: kicker
        ("3c 3d 3h 2s 2h", "2c 2d 2h As Ah"),  # full house: trips first
        ("2c 2d 2h 2s 4h", "2c 2d 2h 2s 3h"),  # four of a kind: kicker
        ("Ah Jh 9h 5h 3h", "Ah Jh 9h 5h 2h"),  # flush: last card
        ("Kh Qd 9c 5s 3h", "Kh Qd 9c 5s 2h"),  # high card: last card
    ],
)
def test_kickers(better: str, worse: str) -> None:
    assert high(better).value > high(worse).value


def test_suits_never_rank() -> None:
    assert high("As Kd 9h 5c 3c").value == high("Ac Kh 9s 5d 3s").value
    assert high("Ah Kh Qh Jh Th").value == high("As Ks Qs Js Ts").value
    lows = [low("8c 6d 4h 2s Ah"), low("8s 6h 4d 2c Ac")]
    assert lows[0] is not None and lows[1] is not None and lows[0].value == lows[1].value


# --- best five of seven (hands.best-five) ------------------------------------------------


def test_best_five_of_seven() -> None:
    assert shown(high("As Ks Qs Js Ts 2d 3c")) == "As Ks Qs Js Ts"
    assert shown(high("9c 9d 9h 9s Ac Kd 2h")) == "9s 9h 9d 9c Ac"


def test_best_five_of_six() -> None:
    hand = high("Ac Ad Ks Kh 2c 2d")
    assert hand.category is Category.TWO_PAIR
    assert shown(hand) == "Ad Ac Ks Kh 2d"


def test_flush_beside_a_straight() -> None:
    hand = high("4h 5h 6h 7d 8c 9h Jh")  # 5-9 straight and J-high flush: the flush plays
    assert hand.category is Category.FLUSH
    assert shown(hand) == "Jh 9h 6h 5h 4h"


def test_straight_flush_beats_a_higher_flush() -> None:
    hand = high("5h 6h 7h 8h 9h Ah Kh")
    assert hand.category is Category.STRAIGHT_FLUSH
    assert shown(hand) == "9h 8h 7h 6h 5h"


def test_six_suited_cards_keep_the_five_highest() -> None:
    assert shown(high("2h 5h 7h 9h Jh Kh As")) == "Kh Jh 9h 7h 5h"


def test_three_pairs_play_the_two_highest() -> None:
    hand = high("Ks Kd 9h 9c 4s 4d 2c")
    assert hand.category is Category.TWO_PAIR
    assert shown(hand) == "Ks Kd 9h 9c 4s"  # the third pair's card is the kicker
    assert shown(high("Ks Kd 9h 9c 4s 4d Ac")) == "Ks Kd 9h 9c Ac"


def test_two_trips_make_a_full_house() -> None:
    hand = high("Ks Kd Kh 9c 9s 9d 2c")
    assert hand.category is Category.FULL_HOUSE
    assert shown(hand) == "Ks Kh Kd 9s 9d"  # the pair from the lower trips: highest suits


def test_trips_and_two_pairs() -> None:
    assert shown(high("5s 5d 5h Qc Qs 9d 9c")) == "5s 5h 5d Qs Qc"


def test_quads_with_trips_beside() -> None:
    hand = high("As Ad Ah Ac Ks Kd Kh")
    assert hand.category is Category.FOUR_OF_A_KIND
    assert shown(hand) == "As Ah Ad Ac Ks"


def test_quads_kicker_may_come_from_a_pair() -> None:
    assert shown(high("2s 2d 2h 2c 3s 3d Ah")) == "2s 2h 2d 2c Ah"


def test_straight_with_a_paired_rank_shows_the_highest_suit() -> None:
    assert shown(high("9c 8d 7h 6s 5c 5s 2d")) == "9c 8d 7h 6s 5s"


# --- lows (low.*) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("8c 6d 4h 2s Ah", "8c 6d 4h 2s Ah"),
        ("Ac 2d 3h 4s 5c", "5c 4s 3h 2d Ac"),
        ("Ah 2h 3h 4h 5h", "5h 4h 3h 2h Ah"),  # a flush and a straight: still the best low
        ("As Kd 2c 3h 4d 6c", "6c 4d 3h 2c As"),  # the ace counts one
        ("Ac Ad 2c 3c 4c 5d", "5d 4c 3c 2c Ad"),  # a pair is skipped; spades-first suit choice
        ("Ac As 2c 2s 3h 4d 5c", "5c 4d 3h 2s As"),
    ],
)
def test_qualifying_lows(cards: str, expected: str) -> None:
    assert shown(low(cards)) == expected


def test_best_low_uses_the_lowest_five() -> None:
    assert shown(low("8c 8d 7h 6s 5c 4d 3h")) == "7h 6s 5c 4d 3h"


@pytest.mark.parametrize(
    "cards",
    [
        "9c 6d 4h 2s Ah",  # a nine
        "Kc Qd Jh Ts 9h",
        "Ac Ad 2c 2d 3c 3h 4s",  # only four distinct ranks A-8
        "8c 8d 7h 7s 6c 6d 5h",  # only four distinct ranks
        "Ah 2h 3h 4h Kh Qh Jh",
    ],
)
def test_no_low(cards: str) -> None:
    assert low(cards) is None


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("7c 6d 4h 3s 2c", "8c 5d 4h 3s 2c"),  # compare from the highest card down
        ("8c 5d 4h 3s Ac", "8c 5d 4h 3s 2c"),  # the ace is the lowest card
        ("8c 6d 4h 2s Ac", "8c 6d 4h 3s Ac"),
        ("6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac"),
        ("Ac 2d 3h 4s 5c", "6c 4d 3h 2s Ac"),
    ],
)
def test_low_ordering(better: str, worse: str) -> None:
    a, b = low(better), low(worse)
    assert a is not None and b is not None
    assert a.value > b.value


def test_wheel_is_the_best_low_of_all() -> None:
    ranks = "A2345678"
    values = [low(" ".join(f"{r}{'cdhs'[i % 4]}" for i, r in enumerate(five))) for five in combinations(ranks, 5)]
    assert all(v is not None for v in values)
    real = [v.value for v in values if v is not None]
    assert len(set(real)) == 56
    assert max(real) == 0xABCDE == 0xFFFFF - 0x54321
    assert min(real) == 0xFFFFF - 0x87654


def test_low_values_and_wheel_value() -> None:
    hand = low("8c 6d 4h 2s Ah")
    assert hand is not None and hand.value == 0xFFFFF - 0x86421


def test_high_and_low_are_independent() -> None:
    hand_high, hand_low = evaluate(parse_cards("Ah 2h 3h 4h 5h 6s Ks"))
    assert shown(hand_high) == "5h 4h 3h 2h Ah"  # steel wheel beats the 6-high straight
    assert hand_low is not None and shown(hand_low) == "5h 4h 3h 2h Ah"  # the same five cards


def test_high_and_low_share_cards() -> None:
    hand_high, hand_low = evaluate(parse_cards("Kc Kd 7h 5c 3d 2s Ah"))
    assert hand_high.category is Category.PAIR
    assert hand_low is not None and shown(hand_low) == "7h 5c 3d 2s Ah"
    assert set(hand_high.cards) & set(hand_low.cards) == {Card.parse(c) for c in ("7h", "5c", "Ah")}


# --- input checks ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["As Kd Qh Jc", "As Kd Qh Jc Td 9s 8h 7c", ""])
def test_wrong_count(text: str) -> None:
    with pytest.raises(CardError, match="5 to 7 cards"):
        best_high(parse_cards(text))
    with pytest.raises(CardError, match="5 to 7 cards"):
        best_low(parse_cards(text))


def test_repeated_card_is_named() -> None:
    with pytest.raises(CardError, match="card As appears twice"):
        evaluate(parse_cards("As Kd Qh Jc As"))


def test_not_a_card() -> None:
    with pytest.raises(CardError, match="not a card"):
        best_high(["As", "Kd", "Qh", "Jc", "Td"])  # type: ignore[list-item]


def test_accepts_any_iterable_and_the_hands_are_frozen() -> None:
    hand = best_high(iter(parse_cards("As Kd Qh Jc 9d")))
    assert hand.category is Category.HIGH_CARD
    with pytest.raises(AttributeError):
        hand.value = 0  # type: ignore[misc]
