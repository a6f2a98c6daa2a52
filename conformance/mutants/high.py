"""Mistakes in ranking high hands (hands.*): the evaluator of ``reference/hands.py``.

A mutant of ``hands`` also values the showdown (``variant`` replaces the engine's lookup
tables with the edited evaluator), as an implementer's one evaluator would.
"""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

MUTANTS: list[Mutant] = [
    mutant("high-no-wheel", "hands.straight-ace", "hands",
           "A-2-3-4-5 is not recognised as a straight (the ace only plays high).",
           ("return ranks[0] - ranks[4] == 4 or ranks == [Rank.ACE, 5, 4, 3, 2]",
            "return ranks[0] - ranks[4] == 4")),
    mutant("high-wheel-ace-high", "hands.straight-ace", "hands",
           "The wheel is valued with its ace high, so A-2-3-4-5 beats 6-high straights.",
           ("ace_plays_low = is_straight and ranks[0] == Rank.ACE and ranks[1] == 5",
            "ace_plays_low = False")),
    mutant("high-wrap-around", "hands.straight-ace", "hands",
           "Straights wrap around the ace (Q-K-A-2-3, K-A-2-3-4, J-Q-K-A-2).",
           ("return ranks[0] - ranks[4] == 4 or ranks == [Rank.ACE, 5, 4, 3, 2]",
            ("return ranks[0] - ranks[4] == 4 or ranks == [Rank.ACE, 5, 4, 3, 2] or ranks in "
             "([14, 13, 12, 11, 2], [14, 13, 12, 3, 2], [14, 13, 4, 3, 2])"))),
    mutant("high-straight-beats-flush", "hands.categories", "hands",
           "Straight and flush are ranked the wrong way round (a straight beats a flush).",
           ("    STRAIGHT = 4\n    FLUSH = 5\n", "    STRAIGHT = 5\n    FLUSH = 4\n")),
    mutant("high-trips-beat-straight", "hands.categories", "hands",
           "Three of a kind is ranked above a straight.",
           ("    THREE_OF_A_KIND = 3\n    STRAIGHT = 4\n", "    THREE_OF_A_KIND = 4\n    STRAIGHT = 3\n")),
    mutant("high-two-pair-beat-trips", "hands.categories", "hands",
           "Two pair is ranked above three of a kind.",
           ("    TWO_PAIR = 2\n    THREE_OF_A_KIND = 3\n", "    TWO_PAIR = 3\n    THREE_OF_A_KIND = 2\n")),
    mutant("high-full-house-beats-quads", "hands.categories", "hands",
           "A full house is ranked above four of a kind.",
           ("    FULL_HOUSE = 6\n    FOUR_OF_A_KIND = 7\n", "    FULL_HOUSE = 7\n    FOUR_OF_A_KIND = 6\n")),
    mutant("high-straight-flush-is-flush", "hands.categories", "hands",
           "A straight flush is valued as a plain flush.",
           ("category = Category.STRAIGHT_FLUSH if is_flush else Category.STRAIGHT",
            "category = Category.FLUSH if is_flush else Category.STRAIGHT")),
    mutant("high-two-kickers-only", "hands.kickers", "hands",
           "Only the first two ranks of a hand are compared; later kickers never break a tie.",
           ("    for rank in played:\n        value = value * _DIGIT + rank",
            "    for rank in list(played[:2]) + [0, 0, 0]:\n        value = value * _DIGIT + rank")),
    mutant("high-low-ranks-first", "hands.kickers", "hands",
           "Within a group size, ranks are compared from the lowest (two pair by its lower pair, kickers from the bottom).",
           ("return counts[card.rank], _played_rank(card, ace_plays_low), card.suit",
            "return counts[card.rank], -_played_rank(card, ace_plays_low), card.suit")),
    mutant("high-full-house-by-top-rank", "hands.kickers", "hands",
           "A full house is compared by its highest rank, not by its three of a kind first.",
           ("return counts[card.rank], _played_rank(card, ace_plays_low), card.suit",
            "return min(counts[card.rank], 2), _played_rank(card, ace_plays_low), card.suit")),
    mutant("high-suits-break-ties", "hands.suits-never-rank", "hands",
           "Equal high hands are told apart by the suit of their top card.",
           ("return HighHand(category, cards, _high_value(category, played))",
            "return HighHand(category, cards, _high_value(category, played) * 4 + cards[0].suit)")),
    mutant("high-first-five-cards", "hands.best-five", "hands",
           "The high hand is the first five cards dealt, not the best five of seven.",
           ("return max((_high_five(five) for five in combinations(hand, 5)), key=_display_order)",
            "return _high_five(hand[:5])")),
]
