"""Mistakes in the table set-up and the refusal of actions (table.*, actions.*)."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("table-short-ante-sits-out", "table.ante", "betting",
           "A player who cannot cover the ante posts nothing (and plays for nothing).",
           ("                stacks[seat] = 0\n                contributed[seat] = stack",
            "                stacks[seat] = stack\n                contributed[seat] = 0")),
    mutant("table-ante-boundary", "table.ante", "betting",
           "A stack equal to the ante is treated by the covering branch (>= instead of >).",
           ("            if stack > ante:", "            if stack >= ante:"),
           equivalent="With a stack equal to the ante both branches leave a stack of 0 and put the whole "
                      "stack, the ante, in: the same chips, the same all-in player."),
    mutant("actions-out-of-turn-code", "actions.in-turn", "engine",
           "An action out of turn is refused with not-allowed instead of out-of-turn.",
           ("it is p{betting.to_act + 1}'s turn\", \"out-of-turn\")", "it is p{betting.to_act + 1}'s turn\", \"not-allowed\")")),
    mutant("actions-after-hand-over-code", "actions.in-turn", "engine",
           "An action after the hand is over is refused with out-of-turn instead of hand-over.",
           ('the hand is over", "hand-over")', 'the hand is over", "out-of-turn")')),
    mutant("actions-wrong-amount-code", "betting.actions", "betting",
           "A bet of an amount the limit does not allow is refused with not-allowed instead of wrong-amount.",
           ('"wrong-amount")', '"not-allowed")'),
           # the code of a refusal belongs to the rule that refuses (checks.RULE_TABLE, rejection)
           also=("betting.limits", "betting.fourth-street-open-pair")),
    mutant("actions-cap-code", "betting.raise-cap", "betting",
           "A raise after the cap is refused with not-allowed instead of cap-reached.",
           ('return "cap-reached"  # betting.raise-cap', 'return "not-allowed"  # betting.raise-cap'),
           also=("betting.heads-up",)),  # the cap of a heads-up round is that rule's (heads_up_raises)
    mutant("actions-zero-bring-in", "actions.bad-start", "engine",
           "Stakes with a bring-in of zero are accepted.",
           ("if not 0 < bring_in <= small < big:", "if not 0 <= bring_in <= small < big:")),
]
