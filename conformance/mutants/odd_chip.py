"""Mistakes with odd chips (odd-chip.*): between the halves, inside a tied half, card order."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("odd-chip-to-low", "odd-chip.high-half", "pots",
           "The odd chip between the halves goes to the low half.",
           ("return split_half(high_half, high), split_half(amount // 2, low)",
            "return split_half(amount // 2, high), split_half(high_half, low)")),
    mutant("odd-chip-seat-order-default", "odd-chip.within-half", "engine",
           "Odd chips inside a tied half go in seat order under the default (the flop-game rule).",
           ('if rule == "seat_order":', 'if rule != "card_by_suit_winning_hand":')),
    mutant("odd-chip-winning-hand-as-all-cards", "odd-chip.within-half", "engine",
           "Under card_by_suit_winning_hand all the player's cards count, as under the default.",
           ('if rule == "card_by_suit_winning_hand":', 'if False:')),
    mutant("odd-chip-all-to-first", "odd-chip.within-half", "pots",
           "Every odd chip of a half goes to the first tied player in order.",
           ("return {seat: share + (1 if place < odd else 0) for place, seat in enumerate(winners)}",
            "return {seat: share + (odd if place == 0 else 0) for place, seat in enumerate(winners)}")),
    mutant("odd-chip-low-ace-high", "odd-chip.card-order", "pots",
           "For the low half the ace counts high when finding the lowest card.",
           ("    return (0 if rank == ACE_RANK_INDEX else rank + 1) * 4 + suit", "    return card")),
    mutant("odd-chip-low-highest-card", "odd-chip.card-order", "pots",
           "In a tied low half the odd chip goes to the highest card, as in the high half.",
           ("for seat in winners}, higher_first=False)", "for seat in winners}, higher_first=True)")),
    mutant("odd-chip-suits-reversed", "odd-chip.card-order", "pots",
           "Suits are ranked the wrong way round for odd chips (clubs highest).",
           ("return _by_cards(winners, {seat: sorted(cards[seat], reverse=True) for seat in winners}, higher_first=True)",
            ("return _by_cards(winners, {seat: sorted(((c >> 2) * 4 + 3 - (c & 3) for c in cards[seat]), reverse=True) "
             "for seat in winners}, higher_first=True)"))),
    mutant("odd-chip-both-ways-per-half", "odd-chip.tied-both-ways", "pots",
           "Players tied both ways split each half on its own (66 chips: 17 + 16 each way, 34 and 32).",
           ("if len(high) > 1 and set(high) == set(low):", "if False:")),
    mutant("odd-chip-both-ways-low-order", "odd-chip.tied-both-ways", "pots",
           "Players tied both ways get the odd chip in the low order instead of the high order.",
           ("whole = split_half(amount, high)", "whole = split_half(amount, low)")),
]
