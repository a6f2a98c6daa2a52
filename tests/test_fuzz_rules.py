"""The rule-coverage classifier (conformance/suite/rules_exercised.py) on hands worked out by hand,
and the odd-chip rules a finding cites (conformance/fuzz/citing.py)."""

from __future__ import annotations

from collections.abc import Sequence

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.fuzz.citing import odd_chip_rules
from stud8.conformance.fuzz.generate import CARDS
from stud8.conformance.suite.rules_exercised import HandWatcher, rules_exercised

STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}


def _play(stacks: Sequence[int], deck: Sequence[str], actions: Sequence[str], stakes: dict | None = None) -> set[str]:
    engine = ReferenceEngine()
    engine.start(stacks=list(stacks), stakes=dict(stakes or STAKES), deck=list(deck), profile=None, options={})
    watcher = HandWatcher(stacks, stakes or STAKES)
    watcher.see(engine.observe())
    for action in actions:
        engine.act(action)
        watcher.see(engine.observe())
    while not engine.observe()["over"]:
        observation = engine.observe()
        legal = observation["legal"]
        engine.act(f"p{observation['to_act']} {'cc' if 'cc' in legal else legal[0]}")
        watcher.see(engine.observe())
    return watcher.rules()


def _deck(cards_by_seat: Sequence[Sequence[str]]) -> list[str]:
    """Seven cards per seat in deal order (down, down, up, 4th, 5th, 6th, 7th), no burn before
    third street, a burn before each later street; the rest of the deck after."""
    players = len(cards_by_seat)
    deck: list[str | None] = [None] * 52
    for seat, cards in enumerate(cards_by_seat):
        positions = [seat, players + seat, 2 * players + seat] + [3 * players + k * (players + 1) + 1 + seat for k in range(4)]
        for position, card in zip(positions, cards):
            deck[position] = card
    rest = iter(card for card in CARDS if card not in {c for cards in cards_by_seat for c in cards})
    return [card if card is not None else next(rest) for card in deck]


def test_nothing_for_a_hand_that_never_started() -> None:
    assert rules_exercised([100, 100], STAKES, []) == set()


def test_a_three_way_tie_with_odd_chips() -> None:
    """Three seats hold the same seven ranks, each in a suit of its own: the same K-Q-8-6-4
    flush for high and the same 8-6-4-3-2 for low, so they tie both ways whatever the pot."""
    ranks = ["2", "3", "4", "6", "8", "K", "Q"]
    seats = [[rank + suit for rank in ranks] for suit in "cdh"]
    rules = _play([500, 500, 500], _deck(seats), [])
    assert {"showdown.ties", "showdown.split", "odd-chip.tied-both-ways", "deal.later-streets",
            "act-order.seventh-street", "showdown.show-order"} <= rules
    assert "showdown.uncontested" not in rules


def test_an_uncontested_hand_and_the_bring_in() -> None:
    # p1 shows the 2c: the bring-in; p2 completes, p1 folds.
    deck = _deck([["Ah", "Kh", "2c"], ["As", "Ks", "9d"]])
    rules = _play([100, 100], deck, ["p1 pb", "p2 cbr 5", "p1 f"])
    assert {"bring-in.lowest-upcard", "bring-in.post-or-complete", "bring-in.facing", "table.ante",
            "showdown.uncontested", "deal.dead-cards"} <= rules
    assert "deal.later-streets" not in rules and "showdown.split" not in rules


def test_all_in_on_the_ante_and_a_short_stack() -> None:
    # p1 holds the lowest card but only its ante: all-in on the ante.
    deck = _deck([["Ah", "Kh", "2c"], ["As", "Ks", "9d"], ["Ad", "Kd", "7s"]])
    rules = _play([1, 100, 100], deck, [])
    assert {"bring-in.all-in-on-ante", "betting.all-in", "table.ante"} <= rules


def test_two_players_betting_beside_an_all_in_one_are_heads_up() -> None:
    # p1 holds the lowest card and has 2 chips after the ante: the bring-in puts p1 all-in;
    # p2 and p3 bet on to the showdown beside p1, and nobody folds (regression: the classifier
    # counted every player still in the hand, as the engine once did).
    deck = _deck([["Ah", "Kh", "2c"], ["As", "Ks", "9d"], ["Ad", "Kd", "7s"]])
    rules = _play([3, 100, 100], deck, ["p1 pb"])
    assert {"betting.heads-up", "betting.all-in"} <= rules
    assert "betting.heads-up" not in _play([100, 100, 100], deck, [])


def test_odd_chip_rules_of_a_divergent_pot() -> None:
    three_way = [{"amount": 20, "eligible": ["p1", "p2", "p3"], "high": {"p1": 7, "p2": 7, "p3": 6}, "low": None}]
    pokerkit = [{"amount": 20, "eligible": ["p1", "p2", "p3"], "high": {"p1": 8, "p2": 6, "p3": 6}, "low": None}]
    assert odd_chip_rules(three_way, pokerkit) == ["odd-chip.within-half"]
    both = [{"amount": 66, "eligible": ["p1", "p2"], "high": {"p1": 17, "p2": 16}, "low": {"p1": 16, "p2": 17}}]
    assert odd_chip_rules(both, [dict(both[0], high={"p1": 17, "p2": 16}, low={"p1": 17, "p2": 16})]) == ["odd-chip.tied-both-ways"]
    assert odd_chip_rules(three_way, three_way) == []


def test_eight_players_to_seventh_street_recycle_then_share_a_community_card() -> None:
    """Eight players who never fold hold 48 cards after sixth street; with three burns the stub
    holds one card, short of the ten needed (eight cards, a burn, one left undealt), and even
    with the burns recycled (four cards) it is short: TDA case C, a community card."""
    from stud8.conformance.fuzz import generate
    from stud8.conformance.fuzz.lockstep import play_generated

    hand = next(h for h in (generate(2, i) for i in range(500)) if h.no_fold)
    watcher = HandWatcher(hand.stacks, hand.stakes)
    play_generated(ReferenceEngine(), ReferenceEngine(), hand, None, {}, watch=watcher.see)
    rules = watcher.rules()
    assert {"deck.short-stub", "deck.tda-recycle-community", "deck.recycle-order", "deck.community-card"} <= rules
    assert "deck.tda-recycle" not in rules and "deck.tda-community" not in rules
    only = rules_exercised(hand.stacks, hand.stakes, watcher.observations, {"deck_exhaustion": "community_card_only"})
    assert "deck.short-stub" in only and not any(rule.startswith("deck.tda-") for rule in only)


def test_hand_ranking_rules_at_a_showdown() -> None:
    # p1: A-2-3-4-5 of mixed suits plus two kings (a wheel straight, an ace-low wheel low);
    # p2: K-K-Q-Q-J-9-8 (two pair, no low).
    deck = _deck([["Ah", "2c", "3d", "4s", "5h", "Kc", "Kd"], ["Ks", "Qs", "Qh", "Jd", "9c", "8h", "Kh"]])
    rules = _play([500, 500], deck, [])
    assert {"hands.straight-ace", "low.ace-low", "low.ignores-straights-flushes", "showdown.scoop"} <= rules
