"""Cards nobody saw: the one policy that deals them, for the audit and for imported scenarios.

A hand history shows only some cards: the up cards (on most sites), the down cards of players
who showed, the user's own (the "hero"). To replay a hand, every card must be somewhere, so the
unseen ones are dealt from the cards nobody was dealt (not shown anywhere, not the community
card), in the order of the record's seats and, within a seat, of its slots:

* a **down** card nobody saw gets the **lowest** unused card (2c first);
* an **up** card nobody saw gets the **highest** unused card (As first).

Why up cards the other way: the bring-in is the lowest up card (``bring-in.lowest-upcard``,
``bring-in.suit-order``: the lowest card has the smallest index). An up card filled with the
highest card left can never be lower than an up card that was seen, so it never takes the
bring-in away from the player the record says posted it. (Whether the real, unseen card could
have been lower is a question about the record, which the audit answers: ``audit.py``.) Down
cards never decide the bring-in or the order of play, and the lowest cards are as good as any.

The policy is deterministic, so the same record always makes the same deal: the audit judges
the hand on this deal, and ``stud8 hh import`` writes it as the scenario's ``deal``. The other
fillings the audit tries (to see whether unseen cards could change a payout) are probes of the
audit's own, not deals anyone reads.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from stud8.conformance.handhistory.record import FACES
from stud8.reference.cards import ALL_CARDS

CARD_TEXTS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""Every card as text, lowest first (the bring-in order: rank with the ace high, then suit)."""


def unused_cards(slots: Sequence[Sequence[str | None]], community: str | None = None) -> list[str]:
    """The cards nobody was seen to hold (not in any slot, not the community card), lowest first."""
    used = {card for cards in slots for card in cards if card is not None}
    if community is not None:
        used.add(community)
    return [card for card in CARD_TEXTS if card not in used]


def fill_unseen(slots: Sequence[Sequence[str | None]], community: str | None = None) -> list[list[str]]:
    """Each seat's dealt slots with every unseen card (``None``) dealt by the policy above:
    down cards the lowest unused cards, up cards the highest, seat by seat, slot by slot."""
    pool = deque(unused_cards(slots, community))
    faces = FACES  # read once: each read of a module's value is a dict lookup
    filled: list[list[str]] = []
    for cards in slots:
        row: list[str] = []
        for slot, card in enumerate(cards):
            if card is None:
                card = pool.pop() if faces[slot] == "up" else pool.popleft()
            row.append(card)
        filled.append(row)
    return filled
