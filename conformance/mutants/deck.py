"""Mistakes in dealing and running out of cards (deal.*, deck.*)."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("deal-no-burn-before-third", "deal.burns", "engine",
           "The burn_before_third option is ignored.",
           ('if street.burn or (self.street == 0 and self.options["burn_before_third"]):', "if street.burn:")),
    mutant("deal-no-burn-on-seventh", "deal.burns", "dealing",
           "No card is burned before a normal seventh street.",
           ("NORMAL = SeventhPlan(recycle=False, burn=True, community=False)",
            "NORMAL = SeventhPlan(recycle=False, burn=False, community=False)")),
    mutant("deal-to-folded", "deal.dead-cards", "engine",
           "Folded players are still dealt cards (their seats take cards from the stub).",
           ("players = self.table.players  # deal.dead-cards", "players = list(range(self.table.size))  # deal.dead-cards")),
    mutant("deck-no-bottom-card", "deck.short-stub", "dealing",
           "The TDA need leaves no card undealt at the bottom (players + 1 burn only).",
           ("        if stub >= players + 2:\n            return NORMAL", "        if stub >= players + 1:\n            return NORMAL"),
           equivalent="With exactly players + 1 cards in the stub the rule recycles (case A), but the burns go "
                      "behind the stub (deck.recycle-order): the burn and every player's card are the stub's own "
                      "cards, the ones the mutant deals without recycling. The stub left over is never seen."),
    mutant("deck-three-burns-only", "deck.tda-recycle", "dealing",
           "Case A counts at most three burns toward the need, as TDA's text does, though four were burned.",
           ("if stub + burns >= players + 2:", "if stub + min(burns, 3) >= players + 2:")),
    mutant("deck-community-from-two", "deck.tda-community", "dealing",
           "Case B already applies with two cards in the stub.",
           ("        if stub >= 3:\n", "        if stub >= 2:\n"),
           equivalent="With two cards in the stub the rule recycles first (case C), but the burns go behind the "
                      "stub (deck.recycle-order): the burn and the community card are the stub's two cards either way."),
    mutant("deck-case-c-no-burn", "deck.tda-recycle-community", "dealing",
           "Case C deals the community card without burning first.",
           ("return SeventhPlan(recycle=True, burn=True, community=True)  # deck.tda-recycle-community",
            "return SeventhPlan(recycle=True, burn=False, community=True)  # deck.tda-recycle-community")),
    mutant("deck-burns-first", "deck.recycle-order", "dealing",
           "Recycled cards: the burns come before the stub.",
           ("self._cards = self._cards[self._top :] + self.burns", "self._cards = self.burns + self._cards[self._top :]")),
    mutant("deck-burns-reversed", "deck.recycle-order", "dealing",
           "Recycled burns are used last burned first.",
           ("self._cards = self._cards[self._top :] + self.burns", "self._cards = self._cards[self._top :] + self.burns[::-1]")),
    mutant("deck-empty-stub-no-burn", "deck.short-stub", "dealing",
           "community_card_only with an empty stub deals the first recycled burn as the community card without burning one.",
           ("return SeventhPlan(recycle=True, burn=burns >= 2, community=True)",
            "return SeventhPlan(recycle=True, burn=False, community=True)")),
    mutant("deck-community-not-in-hand", "deck.community-card", "engine",
           "The community card is not part of the players' hands at showdown.",
           ("        if self.community is not None:\n            cards.append(self.community)\n        return cards",
            "        return cards")),
]
