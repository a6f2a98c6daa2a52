"""Mistakes in the order of showing (showdown.show-order)."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("show-order-ignores-last-bettor", "showdown.show-order", "engine",
           "The last bettor does not show first: the first player to act on the last round always does.",
           ("if last is not None and last.last_aggressor is not None:", "if False:")),
    mutant("show-order-last-to-act-default", "showdown.show-order", "engine",
           "After a checked last round the player who acted last shows first under the default.",
           ('first = last.first_actor if self.options["show_first_without_bet"] == "first_to_act" else last.last_actor',
            'first = last.first_actor if self.options["show_first_without_bet"] != "first_to_act" else last.last_actor')),
    mutant("show-order-run-out-skips-all-in", "showdown.show-order", "engine",
           "With no betting on seventh street, an all-in player with the best board does not show first.",
           ("first = self._best_board(table.players)",
            ("first = self._best_board([s for s in table.players if self._stacks_at_end and self._stacks_at_end[s]] "
             "or table.players)"))),
    mutant("show-order-from-seat-one", "showdown.show-order", "engine",
           "Players show in seat order from seat 1.",
           ("return [seat for seat in ((first + step) % size for step in range(size)) if not table.folded[seat]]",
            "return [seat for seat in range(size) if not table.folded[seat]]")),
    mutant("show-order-last-bet-street", "showdown.show-order", "engine",
           "With no betting on seventh street, the last street that was bet decides who shows first.",
           ("last = self.rounds[-1] if len(self.rounds) == len(self.rulebook.streets) else None",
            "last = next((r for r in reversed(self.rounds) if r is not None), None)")),
]
