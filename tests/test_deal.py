"""``stud8.conformance.suite.deal``: a scenario's deal or deck lines become the stacked deck."""

from __future__ import annotations

from stud8.conformance.suite.deal import deck_from_deal, deck_from_lines, scenario_deck
from stud8.reference.cards import ALL_CARDS, Card


def texts(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]


def canonical_rest(prefix: list[str]) -> list[str]:
    return [str(card) for card in ALL_CARDS if str(card) not in prefix]


# Seats deliberately given out of order: the deck follows seat numbers, not the YAML order.
THREE_SEATS = {
    "third": {"p3": "7c 7d Jh", "p1": "Ah Kd 9s", "p2": "2h 2d 3c"},
    "fourth": {"p2": "Qh", "p3": "8d", "p1": "5s"},
    "fifth": {"burn": "4c", "p3": "Tc", "p1": "Th"},
}


def test_three_seat_deal_order() -> None:
    deck = texts(deck_from_deal(THREE_SEATS))
    # Cards used anywhere in the deal: Ah Kd 9s 2h 2d 3c 7c 7d Jh Qh 8d 5s 4c Tc Th.
    # The omitted fourth-street burn is the first canonical card not used anywhere: 2c.
    prefix = [
        "Ah", "2h", "7c",  # first down card of p1, p2, p3
        "Kd", "2d", "7d",  # second down card
        "9s", "3c", "Jh",  # up card
        "2c", "5s", "Qh", "8d",  # fourth: filled burn, then p1 p2 p3
        "4c", "Th", "Tc",  # fifth: the given burn, then p1 and p3 (p2 folded)
    ]
    assert deck[: len(prefix)] == prefix
    # Every other card follows in canonical order (2c is taken, so 2s leads).
    assert deck[len(prefix):len(prefix) + 6] == ["2s", "3d", "3h", "3s", "4d", "4h"]
    assert deck[len(prefix):] == canonical_rest(prefix)
    assert len(deck) == 52 and len(set(deck)) == 52


def test_filled_burns_are_unused_anywhere_in_the_deal() -> None:
    # 2c, 2d and 2h are dealt on later streets: the fillers must skip them even though they
    # come after the burns in the deck.
    deal = {
        "third": {"p1": "Ah Kd 9s", "p2": "Ac Kc 9c"},
        "fourth": {"p1": "2c", "p2": "2d"},
        "fifth": {"p1": "2h", "p2": "3c"},
        "sixth": {"burn": "3d", "p1": "3h", "p2": "3s"},
        "seventh": {"p1": "4c", "p2": "4d"},
    }
    deck = texts(deck_from_deal(deal))
    assert deck[:6] == ["Ah", "Ac", "Kd", "Kc", "9s", "9c"]
    assert deck[6:9] == ["2s", "2c", "2d"]  # fourth: filler 2s
    assert deck[9:12] == ["4h", "2h", "3c"]  # fifth: next filler skips 3c, 3d, 3h, 3s, 4c, 4d
    assert deck[12:15] == ["3d", "3h", "3s"]  # sixth: given burn
    assert deck[15:18] == ["4s", "4c", "4d"]  # seventh: filler
    assert len(deck) == 52 and len(set(deck)) == 52
    fillers = {deck[6], deck[9], deck[15]}
    dealt = {card for street in deal.values() for text in street.values() for card in text.split()}
    assert not fillers & dealt


def test_burn_before_third_comes_first() -> None:
    deal = {"third": {"burn": "Ks", "p2": "2h 2d 3c", "p1": "Ah Kd 9s"}, "fourth": {"p1": "5s", "p2": "Qh"}}
    deck = texts(deck_from_deal(deal))
    # Ks is taken by the burn before third street, so the fourth-street filler is 2c.
    assert deck[:12] == ["Ks", "Ah", "2h", "Kd", "2d", "9s", "3c", "2c", "5s", "Qh", "2s", "3d"]
    assert len(deck) == 52 and len(set(deck)) == 52


def test_third_street_only() -> None:
    deal = {"third": {"p1": "As Ks Qs", "p2": "Ad Kd Qd"}}
    deck = texts(deck_from_deal(deal))
    assert deck[:6] == ["As", "Ad", "Ks", "Kd", "Qs", "Qd"]
    assert deck[6:] == canonical_rest(deck[:6])


def test_every_street_for_eight_seats_is_a_full_deck() -> None:
    cards = [str(card) for card in ALL_CARDS]
    third = {f"p{seat}": " ".join(cards[3 * (seat - 1):3 * seat]) for seat in range(1, 9)}  # 24 cards
    later = iter(cards[24:])
    deal: dict[str, dict[str, str]] = {"third": third}
    for street in ("fourth", "fifth", "sixth"):
        deal[street] = {"burn": next(later), **{f"p{seat}": next(later) for seat in range(1, 4)}}
    deck = texts(deck_from_deal(deal))
    assert len(deck) == 52 and sorted(deck) == sorted(cards)
    assert deck[:8] == [cards[3 * i] for i in range(8)]
    assert deck[24:28] == cards[24:28]


def test_deck_from_lines_keeps_repeats_and_completes_in_canonical_order() -> None:
    deck = texts(deck_from_lines(["As Ks", "As 2c", "  Td"]))
    assert deck[:5] == ["As", "Ks", "As", "2c", "Td"]
    assert deck[5:] == canonical_rest(["As", "Ks", "2c", "Td"])
    assert len(deck) == 53  # the repeat is kept: an engine must refuse this deck (bad-deck)


def test_deck_from_lines_full_listing() -> None:
    reversed_deck = [str(card) for card in reversed(ALL_CARDS)]
    assert texts(deck_from_lines([" ".join(reversed_deck)])) == reversed_deck


def test_scenario_deck_uses_deal_or_deck() -> None:
    assert texts(scenario_deck({"deal": {"third": {"p1": "Ah Kd 9s", "p2": "2h 2d 3c"}}}))[:6] == [
        "Ah", "2h", "Kd", "2d", "9s", "3c"]
    assert texts(scenario_deck({"deck": ["Ah Kd", "9s"]}))[:4] == ["Ah", "Kd", "9s", "2c"]
