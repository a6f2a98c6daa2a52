"""The deck in the dealer's hand: dealing from the top, burns, and running short on seventh street.

The engine is given a stacked deck, top card first, and deals it exactly as the rule book says
(``deal.third-street``, ``deal.later-streets``, ``deal.burns``), so a scenario that lists the
cards each seat receives fixes the whole hand. Cards are opaque here (the engine deals card
indices); this module only knows their order.

Running short (``deck.*``). With one burn before fourth to seventh street and at most eight
players, only seventh street can run short. ``plan_seventh`` decides, from three numbers, how
seventh street is dealt under each ``deck_exhaustion`` procedure; ``Dealer`` carries the plan
out. Folded players' cards are never reused (``deal.dead-cards``): only the stub and the burns
are ever recycled, in the stated order (``deck.recycle-order``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, NamedTuple, TypeVar

C = TypeVar("C")


class SeventhPlan(NamedTuple):
    """How seventh street is dealt: recycle the burns first?, burn?, one community card?

    ``community`` False means one card to every player still in the hand.
    """

    recycle: bool
    burn: bool
    community: bool


NORMAL = SeventhPlan(recycle=False, burn=True, community=False)


def plan_seventh(stub: int, burns: int, players: int, procedure: str) -> SeventhPlan:
    """The seventh-street plan for ``stub`` undealt cards, ``burns`` burned so far, ``players`` in.

    >>> plan_seventh(1, 3, 8, "tda")     # eight players all in: stub 1 -> case C
    SeventhPlan(recycle=True, burn=True, community=True)
    >>> plan_seventh(4, 3, 7, "tda")     # one folded before fourth street: stub 4 -> case B
    SeventhPlan(recycle=False, burn=True, community=True)
    >>> plan_seventh(7, 3, 6, "tda")     # two folded before fourth street: stub 7 -> case A
    SeventhPlan(recycle=True, burn=True, community=False)
    """
    if procedure == "tda":
        # deck.short-stub: a card for every player, one burn and one card left at the bottom.
        if stub >= players + 2:
            return NORMAL
        if stub + burns >= players + 2:
            return SeventhPlan(recycle=True, burn=True, community=False)  # deck.tda-recycle
        if stub >= 3:
            return SeventhPlan(recycle=False, burn=True, community=True)  # deck.tda-community
        return SeventhPlan(recycle=True, burn=True, community=True)  # deck.tda-recycle-community
    if procedure == "community_card_only":
        if stub >= players + 1:
            return NORMAL
        # STUD8 decision: the option never recycles, but with an empty stub (possible only
        # with burn_before_third and eight players) there is no card to deal, so the burns
        # are taken back as the last resort.
        if stub == 0:
            return SeventhPlan(recycle=True, burn=burns >= 2, community=True)
        return SeventhPlan(recycle=False, burn=stub >= 2, community=True)
    if procedure == "robert":
        if stub >= players + 1:
            return NORMAL
        combined = stub + burns  # the stub is mixed with the burn cards
        if combined >= players + 1:
            return SeventhPlan(recycle=True, burn=True, community=False)
        if combined >= players:
            return SeventhPlan(recycle=True, burn=False, community=False)
        return SeventhPlan(recycle=True, burn=combined >= 2, community=True)
    raise ValueError(f"unknown deck_exhaustion procedure {procedure!r}")


class Dealer(Generic[C]):
    """The stub (undealt cards, top first) and the burns, in the order they were burned.

    A list given as the deck becomes the dealer's own (it is never changed in place, only
    replaced on recycling), so pass a copy if the caller keeps changing it.
    """

    __slots__ = ("_cards", "_top", "burns")

    def __init__(self, deck: Sequence[C]) -> None:
        self._cards: list[C] = deck if isinstance(deck, list) else list(deck)  # the dealer's own list
        self._top = 0  # index of the top card of the stub in _cards
        self.burns: list[C] = []

    @property
    def stub(self) -> list[C]:
        """The undealt cards, top first."""
        return self._cards[self._top :]

    @property
    def remaining(self) -> int:
        """How many cards are left in the stub."""
        return len(self._cards) - self._top

    def deal(self) -> C:
        """Take the top card of the stub."""
        card = self._cards[self._top]
        self._top += 1
        return card

    def deal_many(self, count: int) -> list[C]:
        """Take the top ``count`` cards of the stub, top first."""
        top = self._top
        cards = self._cards[top : top + count]
        if len(cards) < count:
            raise IndexError("the stub holds fewer cards than asked for")
        self._top = top + count
        return cards

    def burn(self) -> None:
        """Burn the top card (deal.burns): it goes face down to the burn pile."""
        self.burns.append(self.deal())

    def recycle(self) -> None:
        """deck.recycle-order: the new stub is the stub, in order, followed by the burns in
        the order they were burned; the burn pile starts empty again."""
        self._cards = self._cards[self._top :] + self.burns
        self._top = 0
        self.burns = []
