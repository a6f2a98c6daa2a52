"""The stacked deck that makes the engine deal a record's cards: where the rules deal each card.

The audit replays a record through the reference engine, which deals from a deck it is given.
This module works out that deck: the deal is played out on the 52 deck positions with the
engine's own ``Dealer`` and ``plan_seventh`` (deal.third-street, deal.later-streets, deal.burns,
and when the stub runs short on seventh street the ``deck_exhaustion`` procedure: burns recycled,
a community card); each position a player's card lands on gets that card, the others (burns, the
rest of the stub) get the cards nobody was dealt, in canonical order.

Why a module of its own: everything here is card indices and street numbers that the audit has
already checked (``audit._facts``), so it is one of the modules the optional compiled build
compiles (``hatch_build.COMPILED_SOURCES``); it runs once for every hand audited.
"""

from __future__ import annotations

from stud8.reference.cards import ALL_CARDS, Card
from stud8.reference.dealing import Dealer, plan_seventh

DECK_SIZE = 52
"""Cards in the deck; card indices run from 0 to 51 (``reference.cards.ALL_CARDS``)."""

CARD_INDEX = {str(card): card.index for card in ALL_CARDS}
"""A card's index from its name (``"As"``)."""

_LATER_STREETS = {4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}
"""The streets dealt after third street, by number: the ones a short deck can fail on."""


def stacked_deck(cards: list[list[str]], folds: list[int], last_street: int, burn_before_third: bool,
                 exhaustion: str, community: str | None) -> list[Card] | str:
    """The deck (top first) from which the rules deal each seat its ``cards``.

    ``cards[seat]`` holds the seat's cards (``"As"``) in the order dealt (third street's three first);
    ``folds[seat]`` the street the seat folded on (0: never folded); ``last_street`` the last
    street dealt; ``community`` the community card, if the record has one. The cards are the
    audit's, checked to be cards dealt once.
    A string instead of a deck when the record cannot be dealt by the rules: it has a community
    card where the rules deal every player a card, or the other way round (deck.community-card),
    or the deck runs out.
    """
    index_of = CARD_INDEX  # module values read once: each read of a global is a dict lookup, compiled or not
    dealt = [[index_of[card] for card in seat_cards] for seat_cards in cards]
    shared = index_of[community] if community is not None else -1
    count = len(dealt)
    dealer: Dealer[int] = Dealer(list(range(DECK_SIZE)))
    deck: list[int] = [-1] * DECK_SIZE
    if burn_before_third:
        dealer.burn()
    for round_index in range(3):
        positions = dealer.deal_many(count)
        for seat in range(count):
            deck[positions[seat]] = dealt[seat][round_index]
    for street in range(4, 8):
        if street > last_street:
            break
        players = [seat for seat in range(count) if folds[seat] == 0 or folds[seat] >= street]
        if street == 7:
            plan = plan_seventh(dealer.remaining, len(dealer.burns), len(players), exhaustion)
            if plan.recycle:
                dealer.recycle()  # deck.recycle-order
            if plan.burn:
                dealer.burn()
            if plan.community != (shared >= 0):
                return ("the rules deal one community card on seventh street here (the deck runs out)"
                        if plan.community else "the rules deal every player a seventh-street card here, "
                        "not a community card")
            if plan.community:
                deck[dealer.deal()] = shared  # deck.community-card
                break
        else:
            dealer.burn()
        if dealer.remaining < len(players):
            return f"the deck runs out on {_LATER_STREETS[street]} street"
        positions = dealer.deal_many(len(players))
        for turn in range(len(players)):
            deck[positions[turn]] = dealt[players[turn]][street - 1]
    dealt_already = [False] * DECK_SIZE
    for card in deck:
        if card >= 0:
            dealt_already[card] = True
    spare = [card for card in range(DECK_SIZE) if not dealt_already[card]]  # canonical order
    every_card = ALL_CARDS
    stacked: list[Card] = []
    next_spare = 0
    for card in deck:
        if card < 0:
            card = spare[next_spare]
            next_spare += 1
        stacked.append(every_card[card])
    return stacked
