"""Mistakes in the bring-in (bring-in.*, table.stakes): who brings in, what they may do, and
what the others face."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("bring-in-ace-low", "bring-in.lowest-upcard", "exposed",
           "The ace counts low for the bring-in (an ace up card brings in before a deuce).",
           ("lowest = [cards[0] for cards in up_cards]",
            "lowest = [cards[0] - 52 if cards[0] >> 2 == 12 else cards[0] for cards in up_cards]")),
    mutant("bring-in-highest-card", "bring-in.lowest-upcard", "exposed",
           "The highest up card brings in (the stud-high-low bring-in taken from a high-card-opens game).",
           ("return lowest.index(min(lowest))", "return lowest.index(max(lowest))")),
    mutant("bring-in-suits-reversed", "bring-in.suit-order", "exposed",
           "Between equal up cards the spade brings in first (suits ranked the wrong way round).",
           ("lowest = [cards[0] for cards in up_cards]",
            "lowest = [(cards[0] >> 2) * 4 + 3 - (cards[0] & 3) for cards in up_cards]")),
    mutant("bring-in-tie-by-seat", "bring-in.suit-order", "exposed",
           "Between equal up cards the lower seat brings in; suits are ignored.",
           ("lowest = [cards[0] for cards in up_cards]", "lowest = [cards[0] >> 2 for cards in up_cards]")),
    mutant("bring-in-may-fold", "bring-in.post-or-complete", "betting",
           "The bring-in player is offered a fold.",
           ('moves = ("pb",)  # bring-in.post-or-complete', 'moves = ("f", "pb")  # bring-in.post-or-complete')),
    mutant("bring-in-cannot-complete", "bring-in.post-or-complete", "betting",
           "The bring-in player may only post the bring-in, never complete.",
           (('moves = ("pb",)  # bring-in.post-or-complete: never fold or check\n'
            '            targets = self._completion_targets(seat)'),
            ('moves = ("pb",)  # bring-in.post-or-complete: never fold or check\n'
             '            targets = ()'))),
    # _completion_targets: the completion of the seat that brings in (or, with nobody forced,
    # of the opener), not of a player facing the bring-in (bring-in.facing, _raise_targets)
    mutant("bring-in-completion-too-high", "bring-in.post-or-complete", "betting",
           "Completing goes to the bring-in plus a small bet instead of to the small bet.",
           ("        if stack >= small:\n            return (small,)",
            "        if stack >= self.rules.bring_in + small:\n            return (self.rules.bring_in + small,)"),
           also=("bring-in.all-in-on-ante",)),
    mutant("bring-in-has-option", "bring-in.no-option", "betting",
           "When nobody completes, the bring-in player is asked to act again (a live blind).",
           ("self.acted[seat] = True  # bring-in.no-option: posting counts as acting",
            "self.acted[seat] = False  # bring-in.no-option: posting counts as acting")),
    mutant("bring-in-counts-toward-cap", "bring-in.completion-is-bet", "betting",
           "The bring-in counts as the opening bet, so the completion is the first raise and the cap comes one raise early.",
           ("self.level = bring_in  # bring-in.short-stack: the others still face the full bring-in",
            ("self.level = bring_in  # bring-in.short-stack: the others still face the full bring-in\n"
             "        self.full_events = 1"))),
    mutant("bring-in-full-bet-not-opening", "table.stakes", "betting",
           "A bring-in of a full small bet is not treated as the opening bet (the next player may only 'complete' it).",
           ("if bring_in >= self.bet:  # table.stakes", "if bring_in > self.bet:  # table.stakes")),
    mutant("bring-in-short-lowers-level", "bring-in.short-stack", "betting",
           "After a short-stacked bring-in the others need only call what was posted.",
           ("self.level = bring_in  # bring-in.short-stack: the others still face the full bring-in",
            "self.level = table.committed[seat]  # bring-in.short-stack: the others still face the full bring-in")),
    mutant("bring-in-all-in-on-ante-forces-next", "bring-in.all-in-on-ante", "engine",
           "With the low card all-in on the ante, the next player is forced to bring in (may not fold).",
           ("return BettingRound(table, limits, bet, self._next_can_act(low), live, OPEN)",
            "return BettingRound(table, limits, bet, self._next_can_act(low), live, FORCED)")),
    mutant("bring-in-all-in-on-ante-next-lowest", "bring-in.all-in-on-ante", "engine",
           "With the low card all-in on the ante, the next lowest up card brings in instead of the next player clockwise.",
           ("return BettingRound(table, limits, bet, self._next_can_act(low), live, OPEN)",
            ("return BettingRound(table, limits, bet, min((s for s in players if table.can_act(s)), "
             "key=lambda s: self.up[s][0]), live, FORCED)"))),
    mutant("bring-in-all-in-on-ante-no-fold", "bring-in.all-in-on-ante", "betting",
           "With the low card all-in on the ante, the players opening may not fold.",
           ('moves = ("f", "pb")  # bring-in.all-in-on-ante', 'moves = ("pb",)  # bring-in.all-in-on-ante')),
    mutant("bring-in-short-completion-from-bring-in", "bring-in.short-all-in-completion", "betting",
           "An all-in between the bring-in and the small bet is measured from the bring-in, not from zero.",
           ("previous = 0 if self.third and self.full_events == 0 else self.level", "previous = self.level")),
    mutant("bring-in-short-completion-closes", "bring-in.short-all-in-completion", "betting",
           "After a short all-in below the completion, players who already acted may no longer complete.",
           ("if self.acted[seat] and not (self.third and self.full_events == 0):", "if self.acted[seat]:")),
]
