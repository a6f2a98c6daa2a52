"""What a replay's inputs imply about every observation: the runner's own book of the hand.

The invariants (``conformance/suite/invariants.py``) hold each observation an engine returns
to what the scenario's inputs and the actions accepted so far imply, without asking the
reference engine anything. This module keeps that book: the chips each seat has put in (the
ante, then what every accepted action put in on which street), who folded, the cards the
stacked deck gives each seat street by street, and the few facts of the current betting round
the invariants need (the amount to call, the bets and raises made, who acted last).

It reads the rule book's parameters (the streets table, the suit order) and applies the
definitions of ``docs/protocol.md`` and the rule statements directly; it shares no code with
the reference engine, so that a mistake there is not repeated here. Where the book needs to
know something only the betting rules decide (when a street ends), it takes the engine's own
word (the street it shows) and checks it for consistency instead (the invariant
``street-advances``): the book then deals that street from the deck, to the seats still in.

The book must see an observation after every accepted action (the replay observes after each
one), so that a street dealt after an action is dealt to the seats in at that moment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud8.spec.rulebook import RuleBook, Street, default_rulebook

RANKS = "23456789TJQKA"
"""Ranks from the lowest, the ace high (bring-in.lowest-upcard: the ace counts high)."""

SUIT_LETTERS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}


@dataclass(frozen=True)
class Action:
    """An accepted action: the seat (from 0), its kind (pb, cc, f, cbr) and a cbr's amount."""

    seat: int
    kind: str
    amount: int = 0


def parse_accepted(text: str) -> Action | None:
    """``p2 cbr 40`` -> Action(1, "cbr", 40); None for a text the book cannot read (the
    replay only passes actions the engine accepted, which the protocol's grammar reads)."""
    words = text.split()
    if len(words) < 2 or not words[0].lower().startswith("p") or not words[0][1:].isdigit():
        return None
    kind = words[1].lower()
    if kind == "cbr" and len(words) == 3 and words[2].isdigit():
        return Action(int(words[0][1:]) - 1, kind, int(words[2]))
    if kind in ("pb", "cc", "f") and len(words) == 2:
        return Action(int(words[0][1:]) - 1, kind)
    return None


@dataclass(frozen=True)
class SeventhPlan:
    """How seventh street is dealt when the stub runs short (deck.*): recycle the burns
    first, burn, and a community card instead of one card each; ``rule`` is the case's id."""

    recycle: bool
    burn: bool
    community: bool
    rule: str


def seventh_plan(stub: int, burns: int, players: int, procedure: str) -> SeventhPlan | None:
    """The plan for a stub of ``stub`` cards, ``burns`` burned so far and ``players`` still in,
    read from the statements of deck.short-stub, deck.tda-* and the deck_exhaustion values;
    None when seventh street is dealt as usual."""
    if procedure == "tda":
        need = players + 2  # a card each, one burn, one card left at the bottom (deck.short-stub)
        if stub >= need:
            return None
        if stub + burns >= need:
            return SeventhPlan(True, True, False, "deck.tda-recycle")
        if stub >= 3:
            return SeventhPlan(False, True, True, "deck.tda-community")
        return SeventhPlan(True, True, True, "deck.tda-recycle-community")
    if stub >= players + 1:  # community_card_only and robert: a card each and a burn
        return None
    if procedure == "community_card_only":
        if stub == 0:  # the burns are taken back, the first burned again
            return SeventhPlan(True, burns >= 2, True, "deck.short-stub")
        return SeventhPlan(False, stub >= 2, True, "deck.short-stub")
    combined = stub + burns  # robert: the stub mixed with the burns
    if combined >= players + 1:
        return SeventhPlan(True, True, False, "deck.short-stub")
    if combined >= players:
        return SeventhPlan(True, False, False, "deck.short-stub")
    return SeventhPlan(True, combined >= 2, True, "deck.short-stub")


class HandModel:
    """The runner's book of one hand, kept from the scenario's inputs and the accepted actions.

    Seats are numbered from 0 here; ``seat_name`` and the invariants speak of p1, p2, ...
    """

    def __init__(self, stacks: Sequence[int], stakes: Mapping[str, int], options: Mapping[str, Any],
                 deck: Sequence[str], rulebook: RuleBook | None = None) -> None:
        book = rulebook or default_rulebook()
        self.streets: tuple[Street, ...] = book.streets
        self.street_names = [street.name for street in self.streets]
        self.suits = "".join(SUIT_LETTERS.get(name, name[:1]) for name in book.data["game"]["suit_order"])
        self.size = len(stacks)
        self.buy_in = [int(stack) for stack in stacks]
        self.stakes = {key: int(value) for key, value in stakes.items()}
        self.options = dict(options)
        self.deck = list(deck)
        ante = self.stakes.get("ante", 0)
        self.contributed = [min(ante, stack) for stack in self.buy_in]  # table.ante
        self.committed = [0] * self.size  # antes are not put in on a street
        self.folded = [False] * self.size
        self.chip_rule = ["table.ante"] * self.size  # the rule of each seat's last chip movement
        # the deal
        self.down: list[list[str]] = [[] for _ in range(self.size)]
        self.up: list[list[str]] = [[] for _ in range(self.size)]
        self.top = 0
        self.burns: list[str] = []
        self.burns_seen: set[str] = set()  # every card burned, recycled ones included
        self.community: str | None = None
        self.short_plan: SeventhPlan | None = None
        self.dealt_to: dict[int, tuple[int, ...]] = {}  # street -> the seats it was dealt to
        self.cards_known = True
        # the betting round
        self.street = 0
        self.opened = False  # third street: someone posted or completed
        self.bring_in_posted = False
        self.full_bets = 0  # bets and raises this street known to be full (betting.raise-cap)
        self.aggressor: dict[int, int] = {}  # street -> the last seat to bet or raise on it
        # what happened since the last observation
        self.actions: list[Action] = []
        self.pending: list[Action] = []
        self.closed: tuple[int, list[int]] | None = None  # (street, committed) of a street just closed
        self.advanced: tuple[int, int] | None = None  # (from, to) at the last observation
        self.previous: Mapping[str, Any] | None = None
        self.observations = 0
        self._refresh()
        self._deal(0)
        self.lowest_up = self._lowest_up_card()

    # --- facts -----------------------------------------------------------------------------------

    def stack(self, seat: int) -> int:
        """Chips behind while the hand is on: the starting stack less every chip put in."""
        return self.buy_in[seat] - self.contributed[seat]

    def _refresh(self) -> None:
        """Work out who is all-in, in the hand and able to act, once per change (the
        invariants ask many times per observation)."""
        seats = range(self.size)
        self._all_in = [not self.folded[seat] and self.contributed[seat] >= self.buy_in[seat] for seat in seats]
        self._live = [seat for seat in seats if not self.folded[seat]]
        self._active = [seat for seat in self._live if not self._all_in[seat]]

    def all_in(self, seat: int) -> bool:
        """In the hand with every chip put in (before any payout: the protocol's ``all_in``)."""
        return self._all_in[seat]

    def live(self) -> list[int]:
        """The seats that have not folded."""
        return list(self._live)

    def active(self) -> list[int]:
        """The seats that can still act: not folded, not all-in."""
        return list(self._active)

    def all_in_flags(self) -> list[bool]:
        """``all_in`` of every seat, seat 1 first."""
        return list(self._all_in)

    def to_call(self) -> int:
        """The amount in front of a player that calling makes theirs: the highest bet on this
        street, and on third street once the bring-in is posted at least the full bring-in
        (bring-in.short-stack: a short bring-in counts as made in full for the others)."""
        highest = max(self.committed, default=0)
        if self.street == 0 and self.bring_in_posted:
            highest = max(highest, self.stakes.get("bring_in", 0))
        return highest

    def bets(self) -> set[int]:
        """The sizes of a full bet or raise on the current street (betting.limits); on fourth
        street with fourth_street_open_pair_big_bet and a pair showing, both (any seat's pair
        counts here, so the set is never too small)."""
        street = self.streets[self.street]
        sizes = {self.stakes.get(street.bet, 0)}
        if self.street == 1 and self.options.get("fourth_street_open_pair_big_bet") and any(
                len(cards) >= 2 and cards[0][0] == cards[1][0] for cards in self.up):
            sizes.add(self.stakes.get("big_bet", 0))
        return sizes

    def next_active_after(self, seat: int) -> int | None:
        """The next seat clockwise after ``seat`` that can act."""
        for step in range(1, self.size + 1):
            other = (seat + step) % self.size
            if not self.folded[other] and not self._all_in[other]:
                return other
        return None

    def bring_in_seat(self) -> int | None:
        """bring-in.lowest-upcard, bring-in.suit-order, bring-in.all-in-on-ante: the seat with
        the lowest up card, unless it is all-in from the ante (then nobody is forced), or unless
        at most one seat has chips after the antes (deal.run-out: no betting takes place, so no
        bring-in is made either)."""
        if self.lowest_up is None or self.all_in_on_ante(self.lowest_up):
            return None
        if sum(1 for seat in range(self.size) if not self.all_in_on_ante(seat)) < 2:
            return None
        return self.lowest_up

    def all_in_on_ante(self, seat: int) -> bool:
        return self.buy_in[seat] <= self.stakes.get("ante", 0)

    def rank_tie_for_lowest(self) -> bool:
        """Another seat's up card has the lowest up card's rank (the suit decided)."""
        if self.lowest_up is None or not self.up[self.lowest_up]:
            return False
        rank = self.up[self.lowest_up][0][0]
        return sum(1 for cards in self.up if cards and cards[0][0] == rank) > 1

    def _lowest_up_card(self) -> int | None:
        if not self.cards_known:
            return None
        order = {rank + suit: (RANKS.index(rank), self.suits.index(suit)) for rank in RANKS for suit in self.suits}
        doors = [(order.get(cards[0], (99, 99)), seat) for seat, cards in enumerate(self.up) if cards]
        return min(doors)[1] if doors else None

    # --- the deal ----------------------------------------------------------------------------------

    def _take(self) -> str | None:
        if self.top >= len(self.deck):
            self.cards_known = False
            return None
        card = self.deck[self.top]
        self.top += 1
        return card

    def _burn(self) -> None:
        card = self._take()
        if card is not None:
            self.burns.append(card)
            self.burns_seen.add(card)

    def _deal(self, index: int) -> None:
        """Deal street ``index`` from the deck to the seats still in (deal.third-street,
        deal.later-streets, deal.burns; deck.* when seventh street runs short)."""
        street = self.streets[index]
        seats = tuple(range(self.size)) if index == 0 else tuple(self.live())
        self.dealt_to[index] = seats
        burn = bool(self.options.get("burn_before_third")) if index == 0 else street.burn
        if index == len(self.streets) - 1:
            plan = seventh_plan(len(self.deck) - self.top, len(self.burns), len(seats),
                                str(self.options.get("deck_exhaustion", "tda")))
            if plan is not None:
                self.short_plan = plan
                if plan.recycle:  # deck.recycle-order: the stub, then the burns in the order burned
                    self.deck = self.deck[self.top:] + self.burns
                    self.top = 0
                    self.burns = []
                if plan.burn:
                    self._burn()
                if plan.community:
                    self.community = self._take()
                    return
                burn = False
        if burn:
            self._burn()
        for face in street.cards:
            for seat in seats:
                card = self._take()
                if card is not None:
                    (self.up if face == "up" else self.down)[seat].append(card)

    # --- following the hand -------------------------------------------------------------------------

    def acted(self, text: str) -> bool:
        """Book an action the engine accepted; False if it cannot be read (the book stops)."""
        action = parse_accepted(text)
        if action is None or not 0 <= action.seat < self.size:
            return False
        seat = action.seat
        behind = self.stack(seat)
        paid = 0
        rule = "betting.actions"
        if action.kind == "f":
            self.folded[seat] = True
        elif action.kind == "pb":
            paid = min(self.stakes.get("bring_in", 0), behind)
            self.bring_in_posted = self.opened = True
            rule = "bring-in.short-stack" if paid == behind and paid < self.stakes.get("bring_in", 0) \
                else "bring-in.post-or-complete"
        elif action.kind == "cc":
            owed = max(self.to_call() - self.committed[seat], 0)
            paid = min(owed, behind)
            if paid and paid == behind and paid < owed:
                rule = "betting.all-in"
        else:  # cbr: to the amount in front of the player on this street
            called = self.to_call()
            paid = max(0, min(action.amount - self.committed[seat], behind))
            all_in = paid == behind
            if not all_in or action.amount >= called + max(self.bets()):
                self.full_bets += 1  # a bet or raise the player could have made short counts only when full
            if all_in:
                rule = "betting.all-in"
            self.opened = True
            self.aggressor[self.street] = seat
        self.committed[seat] += paid
        self.contributed[seat] += paid
        if paid:
            self.chip_rule[seat] = rule
        self.pending.append(action)
        self.actions.append(action)
        self._refresh()
        return True

    def observed(self, street_name: Any) -> None:
        """Take in the street an observation shows: a later street than the book's means the
        round closed and the streets between were dealt (to the seats still in); an earlier one
        is left for ``street-advances`` to report, and the book keeps its own."""
        self.closed = None
        self.advanced = None
        if street_name in self.street_names:
            index = self.street_names.index(street_name)
            if index != self.street:
                self.advanced = (self.street, index)
            if index > self.street:
                self.closed = (self.street, list(self.committed))
                for later in range(self.street + 1, index + 1):
                    self._deal(later)
                self.street = index
                self.committed = [0] * self.size
                self.full_bets = 0
        self.observations += 1

    def settled(self, observation: Mapping[str, Any]) -> None:
        """The observation was checked: the next one follows the actions booked from now on."""
        self.pending = []
        self.previous = observation
