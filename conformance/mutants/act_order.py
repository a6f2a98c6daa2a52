"""Mistakes in who acts first (act-order.*): ranking boards, ties, all-in players, the
community card."""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("act-order-high-card-only", "act-order.exposed-ranking", "exposed",
           "Boards are ranked by their highest cards only; pairs on board do not count.",
           ("    return category, tuple(ranks)\n", "    return HIGH_CARD, tuple(sorted(ranks, reverse=True))\n")),
    mutant("act-order-two-pair-as-pair", "act-order.exposed-ranking", "exposed",
           "Two pair on board ranks as one pair (its higher pair).",
           ("category = TWO_PAIR if len(groups) > 1 and groups[1] == 2 else PAIR", "category = PAIR")),
    mutant("act-order-side-cards-ignored", "act-order.exposed-ranking", "exposed",
           "Boards with the same pair (or the same highest card) tie: the side cards are not compared.",
           ("    return category, tuple(ranks)\n",
            "    return category, tuple(rank for rank in ranks if counts[rank] > 1) or tuple(ranks[:1])\n")),
    mutant("act-order-ace-low", "act-order.exposed-ranking", "exposed",
           "The ace counts low on board (as in the low hand), so an ace is the weakest up card.",
           ("    ranks = sorted(ranks, reverse=True)\n    counts =",
            "    ranks = sorted(((rank + 1) % 13 for rank in ranks), reverse=True)\n    counts =")),
    mutant("act-order-ties-last-seat", "act-order.ties", "exposed",
           "Between equal boards the last tied seat acts first instead of the first clockwise from the dealer.",
           ("        if rank > best_rank:", "        if rank >= best_rank:")),
    mutant("act-order-ties-by-suit-default", "act-order.ties", "engine",
           "Equal boards are broken by suit under the default, as under high_card_by_suit.",
           ('ties = self.options["act_order_ties"]\n        if ties == TIE_BY_SEAT:',
            'ties = "high_card_by_suit"\n        if ties == TIE_BY_SEAT:')),
    mutant("act-order-suit-of-highest-card", "act-order.ties", "exposed",
           "Under high_card_by_suit the suits are compared from the highest card, not in the order that ranks the board.",
           ("return category, ranks, tuple(card & 3 for card in significance(cards))",
            "return category, ranks, tuple(card & 3 for card in sorted(cards, reverse=True))")),
    mutant("act-order-best-live-board", "act-order.all-in-skipped", "engine",
           "With the best board all-in, the best board among the players who can act goes first, not the next player clockwise.",
           ("best = self._best_board(players)\n        first = best if table.can_act(best) else self._next_can_act(best)",
            ("best = self._best_board([seat for seat in players if table.can_act(seat)])\n"
             "        first = best if table.can_act(best) else self._next_can_act(best)"))),
    mutant("act-order-all-in-asked", "act-order.all-in-skipped", "betting",
           "All-in players are not skipped: the action stops at them.",
           ("if folded[following] or not stacks[following]:\n                continue  # act-order.all-in-skipped",
            "if folded[following]:\n                continue  # act-order.all-in-skipped")),
    mutant("act-order-community-counts-by-default", "act-order.community-card", "engine",
           "The community card counts as everyone's up card for the act order by default.",
           ('if self.options["seventh_street_with_community"] != "recompute_with_community":\n            community = None',
            'if False:\n            community = None')),
    mutant("act-order-community-never-counts", "act-order.community-card", "engine",
           "Under recompute_with_community the community card is still left out of the act order.",
           ('if self.options["seventh_street_with_community"] != "recompute_with_community":\n            community = None',
            'community = None')),
]
