"""Mistakes in fields nobody used to check in some phase of the hand: after it ended, about a
seat that folded, on a later street. Each field is right while the hand is on, or for the seats
still in, so scenarios that pin it only there let the mistake through; the invariants
(conformance/suite/invariants.py) and the scenarios that pin every field in every phase
(conformance/suite/field_matrix.py) catch them."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("phase-all-in-after-payout", "betting.all-in", "engine",
           "Once the hand is over, all_in is read from the final stacks: an all-in player who won or got chips back "
           "is no longer shown all-in.",
           ("all_in = self._all_in_at_end() if self.over else [table.all_in(seat) for seat in range(table.size)]",
            "all_in = [table.all_in(seat) for seat in range(table.size)]")),
    mutant("phase-folded-cards-mucked", "deal.dead-cards", "engine",
           "A folded seat's cards are mucked: the observation shows it no cards after the fold.",
           ('"up": [CARD_TEXT[card] for card in self.up[seat]],',
            '"up": [] if table.folded[seat] else [CARD_TEXT[card] for card in self.up[seat]],'),
           ('"down": [CARD_TEXT[card] for card in self.down[seat]],',
            '"down": [] if table.folded[seat] else [CARD_TEXT[card] for card in self.down[seat]],')),
    mutant("phase-bets-collected-at-end", "betting.actions", "engine",
           "When the hand ends the last street's bets are gathered into the pot: committed shows 0 for every seat.",
           ("        self.round = None\n        self.over = True\n",
            "        self.round = None\n        self.over = True\n        table.new_street()\n")),
    mutant("phase-bring-in-forgotten", "bring-in.lowest-upcard", "engine",
           "The bring-in seat is shown only on third street: from fourth street on bring_in is null.",
           ('"bring_in": None if self.bring_in is None else self.bring_in + 1,',
            '"bring_in": None if self.bring_in is None or self.street > 0 else self.bring_in + 1,')),
    mutant("phase-folded-bets-cleared", "betting.actions", "betting",
           "A seat that folds has its bets on the street cleared from committed (its chips stay in the pot).",
           ("        self.folded[seat] = True\n", "        self.folded[seat] = True\n        self.committed[seat] = 0\n")),
    mutant("phase-pot-net-of-returned", "pots.uncalled-bet", "engine",
           "Once the hand is over, pot leaves out the uncalled chips given back.",
           ('"pot": sum(table.contributed),',
            '"pot": sum(table.contributed) - (sum(self.result["returned"].values()) if self.over else 0),')),
]
