"""Hands that must not start (actions.bad-start) and actions that must be refused
(actions.in-turn, actions.vocabulary, actions.refusal-keeps-state)."""

from __future__ import annotations

from typing import Any

import pytest

from stud8.reference.cards import ALL_CARDS, Card
from stud8.reference.engine import Hand, Stakes
from stud8.reference.errors import ActionError, ConfigError
from stud8.spec.rulebook import default_rulebook

STAKES = Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40)
DECK = list(ALL_CARDS)  # three players: up cards 3h 3s 4c (positions 7-9): p1 brings in


def start(**changes: Any) -> Hand:
    arguments: dict[str, Any] = {"stacks": [500, 500, 500], "stakes": STAKES, "deck": DECK}
    arguments.update(changes)
    return Hand.start(**arguments)


def config_error(**changes: Any) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        start(**changes)
    return caught.value


# --- bad-config ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stacks", "words"),
    [
        ([500], "2 to 8 players"),
        ([500] * 9, "2 to 8 players"),
        ([], "2 to 8 players"),
        ([500, 0], "p2"),
        ([500, -5, 500], "p2"),
        ([500, 500, 5.0], "p3"),
        ([True, 500], "p1"),
        ([500, "500"], "p2"),
        (None, "stacks"),
    ],
)
def test_bad_stacks(stacks: Any, words: str) -> None:
    error = config_error(stacks=stacks)
    assert error.code == "bad-config"
    assert words in str(error)


@pytest.mark.parametrize(
    ("stakes", "words"),
    [
        (Stakes(-1, 10, 20, 40), "ante"),
        (Stakes(5, 0, 20, 40), "bring_in"),
        (Stakes(5, 30, 20, 40), "bring_in"),
        (Stakes(5, 10, 40, 40), "big_bet"),
        (Stakes(5, 10, 50, 40), "big_bet"),
        (Stakes(5, 10.0, 20, 40), "bring_in"),  # type: ignore[arg-type]
        (Stakes(5, 10, 20, True), "big_bet"),  # type: ignore[arg-type]
        ("5/10/20/40", "stakes"),
    ],
)
def test_bad_stakes(stakes: Any, words: str) -> None:
    error = config_error(stakes=stakes)
    assert error.code == "bad-config"
    assert words in str(error)


def test_good_edge_stakes() -> None:
    # ante 0 and a bring-in equal to the small bet are allowed (table.stakes)
    hand = start(stakes=Stakes(0, 20, 20, 40))
    assert hand.observe()["pot"] == 0 and hand.legal_actions() == ["pb"]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"profile": "casino"}, "casino"),
        ({"options": {"raise_cap": 0}}, "raise_cap"),
        ({"options": {"raise_cap": "3"}}, "raise_cap"),
        ({"options": {"heads_up_raises": "never"}}, "heads_up_raises"),
        ({"options": {"no_such_option": True}}, "no_such_option"),
        ({"options": {"burn_before_third": "yes"}}, "burn_before_third"),
        ({"options": {"burn_before_third": []}}, "burn_before_third"),
    ],
)
def test_bad_options(changes: dict[str, Any], words: str) -> None:
    error = config_error(**changes)
    assert error.code == "bad-config"
    assert words in str(error)


def test_profile_and_overrides() -> None:
    hand = start(profile="tda")
    assert hand.options["raise_cap"] == 4 and hand.options["heads_up_raises"] == "capped"
    hand = start(profile="tda", options={"raise_cap": 2})
    assert hand.options["raise_cap"] == 2 and hand.options["odd_chip_in_half"] == "card_by_suit_winning_hand"
    # every option is resolved; the default profile is the rule book's
    book = default_rulebook()
    assert set(start().options) == set(book.options)
    assert start().options == book.resolve_options(book.default_profile)


def test_options_dict_is_the_hands_own() -> None:
    hand = start()
    hand.options["raise_cap"] = 99
    assert start().options["raise_cap"] == 3


# --- bad-deck ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "words"),
    [
        (DECK[:51], "52"),
        (DECK + DECK[:1], "52"),
        (DECK[:51] + DECK[:1], "2c"),  # 2c twice, As missing
        (DECK[:51] + ["Xx"], "Xx"),
        (DECK[:51] + [51], "51"),
        (None, "deck"),
    ],
)
def test_bad_deck(deck: Any, words: str) -> None:
    error = config_error(deck=deck)
    assert error.code == "bad-deck"
    assert words in str(error)


def test_deck_of_equal_but_new_card_objects() -> None:
    fresh = [Card.parse(str(card)) for card in DECK]
    assert start(deck=fresh).observe() == start().observe()
    assert start(deck=[str(card) for card in DECK]).observe() == start().observe()


def test_config_is_checked_before_the_deck() -> None:
    assert config_error(stacks=[500], deck=DECK[:3]).code == "bad-config"


# --- refused actions ---------------------------------------------------------------------


def refused(hand: Hand, action: Any) -> str:
    before = hand.observe()
    with pytest.raises(ActionError) as caught:
        hand.apply(action)
    assert hand.observe() == before  # actions.refusal-keeps-state
    checked = hand.check(action)
    assert checked is not None and checked.code == caught.value.code
    return caught.value.code


def test_check_order() -> None:
    hand = start()
    assert hand.to_act == 1
    assert refused(hand, "p9 hello") == "malformed-action"  # malformed before no-such-seat
    assert refused(hand, "p4 pb") == "no-such-seat"
    assert refused(hand, "p0 pb") == "no-such-seat"
    assert refused(hand, "p2 pb") == "out-of-turn"
    assert refused(hand, "p2 cbr 7") == "out-of-turn"  # out-of-turn before the amount
    assert refused(hand, "p1 cc") == "not-allowed"
    assert refused(hand, "p1 f") == "not-allowed"
    assert refused(hand, "p1 cbr 30") == "wrong-amount"


def test_hand_over() -> None:
    hand = start()
    for action in ("p1 pb", "p2 f", "p3 f"):
        hand.apply(action)
    assert hand.over and hand.legal_actions() == [] and hand.to_act is None
    assert refused(hand, "p1 cc") == "hand-over"
    assert refused(hand, "p5 cc") == "no-such-seat"  # no-such-seat before hand-over
    assert refused(hand, "p1 xx") == "malformed-action"


def test_check_says_none_for_legal_actions() -> None:
    hand = start()
    for move in hand.legal_actions():
        assert hand.check(f"p1 {move}") is None
    assert hand.check("p1 cc").code == "not-allowed"  # type: ignore[union-attr]


def test_refused_actions_do_not_enter_the_log() -> None:
    hand = start()
    with pytest.raises(ActionError):
        hand.apply("p2 cc")
    assert hand.log == ()
    applied = hand.apply("p1 pb")
    assert hand.log == (applied,)


def test_error_codes_are_documented() -> None:
    documented = set(default_rulebook().error_codes)
    hand = start()
    for action in ("junk", "p7 f", "p2 f", "p1 cc", "p1 cbr 25"):
        error = hand.check(action)
        assert error is not None and error.code in documented
