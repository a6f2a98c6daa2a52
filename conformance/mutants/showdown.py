"""Mistakes in the order of showing (showdown.show-order)."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("show-order-ignores-last-bettor", "showdown.show-order", "engine",
           "The last bettor does not show first: the first player to act on the last round always does.",
           ("if last is not None and last.last_aggressor is not None:", "if False:")),
    mutant("show-order-last-to-act-default", "showdown.show-order", "engine",
           "After a checked last round the player who acted last shows first under the default.",
           ('first = could_act[0] if self.options["show_first_without_bet"] == "first_to_act" else could_act[-1]',
            'first = could_act[0] if self.options["show_first_without_bet"] != "first_to_act" else could_act[-1]')),
    mutant("show-order-unbet-all-in-first", "showdown.show-order", "engine",
           "When nobody bet on seventh street, all-in players are not skipped: after a fold by the first to act, an all-in player may show first.",
           ("could_act = [seat for seat in order if not table.folded[seat] and not all_in[seat]]",
            "could_act = [seat for seat in order if not table.folded[seat]]")),
    mutant("show-order-last-to-act-folded", "showdown.show-order", "engine",
           "Under last_to_act the last seat in the round's order decides even when it folded (the show order then starts after it).",
           ('else could_act[-1]', 'else [seat for seat in order if not all_in[seat]][-1]')),
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
