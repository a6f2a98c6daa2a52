"""Mistakes in the eight-or-better low (low.*): qualification, the ace, ordering."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("low-nine-qualifies", "low.qualifier", "hands",
           "A nine-high low qualifies (nine or better instead of eight or better).",
           ("if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK:",
            "if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK + 1:")),
    mutant("low-eight-does-not-qualify", "low.qualifier", "hands",
           "An eight-high low does not qualify (seven or better).",
           ("if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK:",
            "if len(set(ranks)) != 5 or ranks[0] >= LOW_MAX_RANK:")),
    mutant("low-pairs-allowed", "low.qualifier", "hands",
           "A low may contain a pair (five low cards, not five different ranks).",
           ("if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK:",
            "if ranks[0] > LOW_MAX_RANK:")),
    mutant("low-ace-high", "low.ace-low", "hands",
           "The ace counts high in the low, so a hand needs five cards 2-8 to qualify.",
           ("    return card.rank.low_value, card.suit", "    return int(card.rank), card.suit"),
           ("ranks = [card.rank.low_value for card in cards]", "ranks = [int(card.rank) for card in cards]")),
    mutant("low-straight-spoils", "low.ignores-straights-flushes", "hands",
           "Five consecutive low cards do not count as a low (a straight spoils it).",
           ("if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK:",
            "if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK or ranks[0] - ranks[4] == 4:")),
    mutant("low-flush-spoils", "low.ignores-straights-flushes", "hands",
           "Five low cards of one suit do not count as a low (a flush spoils it).",
           ("if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK:",
            "if len(set(ranks)) != 5 or ranks[0] > LOW_MAX_RANK or len({card.suit for card in cards}) == 1:")),
    mutant("low-compared-from-bottom", "low.ordering", "hands",
           "Lows are compared from their lowest card up instead of from the highest down.",
           ("    digits = 0\n    for rank in ranks:\n", "    digits = 0\n    for rank in reversed(ranks):\n")),
    mutant("low-by-total", "low.ordering", "hands",
           "Lows are compared by the total of their ranks first.",
           ("    return _LOW_CEILING - digits", "    return (0xFF - sum(ranks)) << 20 | (_LOW_CEILING - digits)")),
    mutant("low-from-high-five", "low.independent", "hands",
           "The low is chosen from the five cards of the high hand only.",
           ("    hand = _checked(cards)\n    return _best_high(hand), _best_low(hand)",
            "    hand = _checked(cards)\n    high = _best_high(hand)\n    return high, _best_low(high.cards)")),
]
