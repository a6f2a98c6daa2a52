"""A fresh set of implementer mistakes, written before looking for the scenarios that kill them.

Issue 26 expects an outside tester to bring mistakes nobody planted, none repeating the zoo's,
the generated mutants' or a family named before. This set plays that tester ahead of time: each
mistake is one a person writing a Stud/8 engine from the rule books, in another language or
architecture, could make (an index off by one after a fold, a value kept from the last street
or the last hand, a rule applied to the wrong street, half or seat, a loop run the wrong way, a
table built from the wrong end), planted as an exact edit of one reference module.

``FIRST`` was written and measured against the builtin suite before any scenario was added for
it: 57 of its 60 mistakes were caught (95%). The three survivors each showed a hole, closed for
its family by scenarios worked out by hand: an all-in raise of half a bet or more counting toward
the cap (betting-800..802), a refused action leaving a trace that shows only later in the round
(actions-800, 801), and the community card in one tied player's winning five deciding the odd
chip (odd-chip-800). ``PLANTED`` holds further members of those three families, planted after
the holes were closed; every mistake here is now caught, each by the scenario kills.yaml names.
"""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

DEAL: list[Mutant] = [
    mutant("fresh-deal-door-card-first", "deal.third-street", "engine",
           "Third street is dealt with the up card first, then the two down cards.",
           ("        for face in faces:\n            cards = dealer.deal_many(len(players))",
            ("        for face in sorted(faces, key=lambda face: face != \"up\"):\n"
            "            cards = dealer.deal_many(len(players))"))),
    mutant("fresh-deal-burn-after-street", "deal.burns", "engine",
           "The burn card is taken after each street is dealt instead of before it.",
           (("            if street.burn or (self.street == 0 and self.options[\"burn_before_third\"]):\n"
             "                self.dealer.burn()  # deal.burns\n"
             "            self._deal_cards(players, street.cards)\n"),
            ("            self._deal_cards(players, street.cards)\n"
             "            if street.burn or (self.street == 0 and self.options[\"burn_before_third\"]):\n"
             "                self.dealer.burn()  # deal.burns\n"))),
    mutant("fresh-deal-seventh-up", "deal.later-streets", "engine",
           "Seventh street is dealt face up, like fourth to sixth street.",
           ("self._deal_last_street(street.cards[0], players)", "self._deal_last_street(\"up\", players)")),
    mutant("fresh-deal-all-in-not-dealt", "deal.later-streets", "engine",
           "Later streets are dealt only to the players who still have chips: a player all-in keeps the cards "
           "they had when they went all-in.",
           (("        players = self.table.players  # deal.dead-cards: nothing to the folded\n"
            "        if self.street == self.last_street"),
            ("        players = [seat for seat in self.table.players if self.table.stacks[seat]]  # deal.dead-cards\n"
            "        if self.street == self.last_street"))),
    mutant("fresh-deck-need-counts-folded", "deck.short-stub", "engine",
           "Whether the stub is short on seventh street is judged with every seat at the table, folded ones too.",
           ("plan = plan_seventh(dealer.remaining, len(dealer.burns), len(players), self.options[\"deck_exhaustion\"])",
            "plan = plan_seventh(dealer.remaining, len(dealer.burns), self.table.size, self.options[\"deck_exhaustion\"])")),
    mutant("fresh-deck-dead-cards-recycled", "deal.dead-cards", "engine",
           "When the deck runs short, the folded players' cards are counted and mixed in with the burns.",
           ("        plan = plan_seventh(dealer.remaining, len(dealer.burns), len(players), self.options[\"deck_exhaustion\"])",
            ("        dead = [card for seat in range(self.table.size) if self.table.folded[seat]\n"
             "                for card in self.down[seat] + self.up[seat]]\n"
             "        plan = plan_seventh(dealer.remaining, len(dealer.burns) + len(dead), len(players),\n"
             "                            self.options[\"deck_exhaustion\"])")),
           ("            dealer.recycle()  # deck.recycle-order",
            "            dealer.burns.extend(dead)\n            dealer.recycle()  # deck.recycle-order")),
    mutant("fresh-deck-robert-exact-community", "deck.short-stub", "dealing",
           "Under robert, a stub and burns that serve exactly every player (no card left to burn) deal a community "
           "card instead of a card to each player.",
           ("        if combined >= players:\n", "        if combined > players:\n")),
]

BRING_IN: list[Mutant] = [
    mutant("fresh-bring-in-first-card", "bring-in.lowest-upcard", "engine",
           "The bring-in is decided on each player's first card dealt (a down card), not on the up card.",
           ("low = bring_in_seat(self.up)", "low = bring_in_seat(self.down)")),
    mutant("fresh-bring-in-short-skipped", "bring-in.short-stack", "engine",
           "A low card who cannot cover the full bring-in is passed over as if all-in on the ante: nobody is "
           "forced and the next player opens.",
           ("            if table.can_act(low):\n                self.bring_in = low",
            "            if table.stacks[low] >= self.stakes.bring_in:\n                self.bring_in = low")),
    mutant("fresh-bring-in-open-ends-on-fold", "bring-in.all-in-on-ante", "betting",
           "With the low card all-in on the ante, once the opener folds the round counts as opened: the next "
           "player may check, and may no longer post the bring-in.",
           ("        elif kind == \"f\":\n            table.fold(seat)\n",
            "        elif kind == \"f\":\n            table.fold(seat)\n            self.phase = NORMAL\n")),
    mutant("fresh-bring-in-opener-may-check", "bring-in.all-in-on-ante", "betting",
           "With the low card all-in on the ante, the opener may also check, so third street can be checked around.",
           ("            moves = (\"f\", \"pb\")  # bring-in.all-in-on-ante",
            "            moves = (\"f\", \"cc\", \"pb\")  # bring-in.all-in-on-ante")),
    mutant("fresh-bring-in-cc-posts", "bring-in.post-or-complete", "betting",
           "The forced player may also bring in with cc (a 'call' of the bring-in), taken as pb.",
           ("            moves = (\"pb\",)  # bring-in.post-or-complete",
            "            moves = (\"pb\", \"cc\")  # bring-in.post-or-complete"),
           ("        if kind == \"cc\":\n            table.put(seat,",
            "        if kind == \"cc\" and self.phase != FORCED:\n            table.put(seat,")),
    mutant("fresh-bring-in-shown-once-posted", "bring-in.lowest-upcard", "engine",
           "bring_in names the seat only once it has posted pb: null before the post, and all hand long when the "
           "forced player completes instead.",
           ("\"bring_in\": None if self.bring_in is None else self.bring_in + 1,",
            ("\"bring_in\": None if self.bring_in is None or not any(a.kind == \"pb\" for a in self._log) "
            "else self.bring_in + 1,"))),
    mutant("fresh-bring-in-short-offered-all-in", "bring-in.short-stack", "betting",
           "A forced player with no more chips than the bring-in is also offered to 'complete' all-in for the stack.",
           ("        if stack > self.rules.bring_in:\n            return (stack,)",
            "        if stack > 0:\n            return (stack,)")),
]

ACT_ORDER: list[Mutant] = [
    mutant("fresh-act-order-newest-card-only", "act-order.best-exposed-hand", "engine",
           "The board kept for the act order is overwritten by each new up card instead of added to, so only the "
           "newest card counts.",
           ("                    exposed[seat] += RANK_DIGIT[card]", "                    exposed[seat] = RANK_DIGIT[card]")),
    mutant("fresh-act-order-folded-boards", "act-order.best-exposed-hand", "engine",
           "Folded players' boards are still ranked; when one is best, the next player clockwise acts first.",
           ("        best = self._best_board(players)\n        first = best if",
            "        best = self._best_board(list(range(table.size)))\n        first = best if")),
    mutant("fresh-act-order-seventh-reuses-sixth", "act-order.seventh-street", "engine",
           "Seventh street starts with the seat that acted first on sixth street, kept from that round, even if it "
           "has since folded (the next seat clockwise then acts).",
           ("        best = self._best_board(players)\n        first = best if",
            ("        previous = self.rounds[-1] if self.street == self.last_street and self.rounds else None\n"
             "        best = previous.first_actor if previous is not None else self._best_board(players)\n"
             "        first = best if"))),
    mutant("fresh-act-order-seventh-card-counts", "act-order.seventh-street", "engine",
           "The seventh-street card counts toward the board that decides who acts first on seventh street.",
           ("                for seat, card in zip(players, cards):\n                    down[seat].append(card)\n",
            ("                for seat, card in zip(players, cards):\n                    down[seat].append(card)\n"
             "                    if len(down[seat]) == 3:\n"
             "                        exposed[seat] += RANK_DIGIT[card]\n"))),
    mutant("fresh-act-order-ties-from-bring-in", "act-order.ties", "engine",
           "Equal boards: the tied player first clockwise from the bring-in's left acts first, not the first from "
           "the dealer's left.",
           ("            return first_by_counts(counts, players)",
            ("            start = 0 if self.bring_in is None else self.bring_in + 1\n"
             "            return first_by_counts(counts, sorted(players, key=lambda seat: (seat - start) % self.table.size))"))),
    mutant("fresh-board-two-pair-beats-trips", "act-order.exposed-ranking", "exposed",
           "Two pair on board ranks above three of a kind on board.",
           ("QUADS, TRIPS, TWO_PAIR, PAIR, HIGH_CARD = 4, 3, 2, 1, 0", "QUADS, TRIPS, TWO_PAIR, PAIR, HIGH_CARD = 4, 2, 3, 1, 0")),
    mutant("fresh-board-quads-as-trips", "act-order.exposed-ranking", "exposed",
           "Four of a kind on board ranks as three of a kind (the test for three matches four first).",
           ("    if groups[0] >= 4:\n        category = QUADS\n    elif groups[0] == 3:",
            "    if groups[0] >= 3:\n        category = TRIPS\n    elif groups[0] >= 4:")),
    mutant("fresh-turn-skips-after-fold", "act-order.best-exposed-hand", "betting",
           "After a fold the turn skips the folded seat's left-hand neighbour, who is asked last (the next seat "
           "found by position in the list of players, after the folded one was taken out).",
           ("        for following in CLOCKWISE[table.size][seat]:\n            if folded[following] or not stacks[following]:",
            ("        order = CLOCKWISE[table.size][seat]\n"
             "        if folded[seat]:\n"
             "            order = order[1:] + order[:1]\n"
             "        for following in order:\n"
             "            if folded[following] or not stacks[following]:"))),
]

BETTING: list[Mutant] = [
    mutant("fresh-cap-per-player", "betting.raise-cap", "betting",
           "The raise cap is counted per player: each player may make raise_cap bets or raises on a street.",
           ("\"last_aggressor\", \"live\", \"moves\")", "\"last_aggressor\", \"live\", \"moves\", \"raises_by\")"),
           ("        self.live = live  # how many players",
            "        self.raises_by = [0] * table.size\n        self.live = live  # how many players"),
           ("        if self.full_events > self.rules.raise_cap and self._cap_applies():\n            return \"cap-reached\"",
            "        if self.raises_by[seat] >= self.rules.raise_cap and self._cap_applies():\n            return \"cap-reached\""),
           ("        self.full_events += 1\n", "        self.full_events += 1\n        self.raises_by[seat] += 1\n")),
    mutant("fresh-half-bet-floor-division", "betting.short-all-in", "betting",
           "Half a bet is worked out by integer division, so with an odd bet an all-in raise just under half "
           "(2 of 5) counts as full.",
           ("if 2 * (amount - previous) >= self.bet:", "if amount - previous >= self.bet // 2:")),
    mutant("fresh-short-all-in-closes-everyone", "betting.short-all-in", "betting",
           "After a short all-in nobody may raise any more, not even the players who have not acted yet.",
           ("        self.acted[seat] = True  # a short all-in reopens nothing",
            "        self.acted = [True] * self.table.size  # a short all-in reopens nothing")),
    mutant("fresh-heads-up-means-two-seats", "betting.heads-up", "betting",
           "Raising is unlimited only at a table of two; two players left at a larger table stay capped.",
           ("return self.capped or self.live > 2  # unlimited_until_capped",
            "return self.capped or self.table.size > 2  # unlimited_until_capped")),
    mutant("fresh-heads-up-from-round-start", "betting.heads-up", "betting",
           "Under the default, raising is unlimited only in a round that began heads-up; a round that becomes "
           "heads-up by folds stays capped.",
           ("return self.capped or self.live > 2  # unlimited_until_capped",
            "return self.capped or not self.started_heads_up  # unlimited_until_capped")),
    mutant("fresh-cbr-equal-to-call", "betting.all-in", "betting",
           "A player whose chips exactly cover the call is also offered cbr of that amount, a 'raise' that raises nothing.",
           ("        if self.table.committed[seat] + self.table.stacks[seat] <= self.level:",
            "        if self.table.committed[seat] + self.table.stacks[seat] < self.level:")),
    mutant("fresh-all-in-offer-omits-committed", "betting.all-in", "betting",
           "The all-in for less is offered as cbr of the stack behind, leaving out what the player already has in "
           "front of them on the street.",
           ("        return (target if total >= target else total,)",
            "        return (target if total >= target else self.table.stacks[seat],)")),
    mutant("fresh-run-out-before-call", "deal.run-out", "betting",
           "When only one player who can bet is left, the round ends at once, even though that player still owes a call.",
           ("        if self.live == 1 and committed[following] >= level:", "        if self.live == 1:")),
    mutant("fresh-half-bet-all-in-not-capped", "betting.raise-cap", "betting",
           "An all-in raise of half a bet or more reopens the betting but does not count toward the cap.",
           ("            self._full(seat, amount)  # at least half a bet: treated as full\n",
            ("            self._full(seat, amount)  # at least half a bet: treated as full\n"
            "            self.full_events -= 1\n"))),
    mutant("fresh-cap-hard-coded", "betting.raise-cap", "betting",
           "The legal moves stop raising after three raises whatever raise_cap says (the option reaches only the "
           "capped-round bookkeeping).",
           ("        if self.full_events > self.rules.raise_cap and self._cap_applies():",
            "        if self.full_events > 3 and self._cap_applies():")),
    mutant("fresh-open-pair-any-pair", "betting.fourth-street-open-pair", "engine",
           "With the open-pair option, any pair in a player's four cards (down cards too) allows the big bet on "
           "fourth street.",
           ("return any(len({card >> 2 for card in self.up[seat]}) < len(self.up[seat]) for seat in table.players)",
            ("return any(len({card >> 2 for card in self.up[seat] + self.down[seat]}) < len(self.up[seat]) + 2 "
            "for seat in table.players)"))),
    mutant("fresh-open-pair-big-only", "betting.fourth-street-open-pair", "betting",
           "With an open pair on fourth street only the big bet is offered; the small bet is no longer allowed.",
           ("            for size in (self.bet, self.rules.big):  # betting.fourth-street-open-pair",
            "            for size in (self.rules.big,):  # betting.fourth-street-open-pair")),
    mutant("fresh-bets-cleared-when-round-opens", "betting.actions", "engine",
           "A street's bets are cleared only when its betting round opens, so on streets a run-out deals committed "
           "still shows the last bets.",
           ("        self.table.new_street()\n        players = self.table.players  # deal.dead-cards: nothing to the folded\n",
            ("        players = self.table.players  # deal.dead-cards: nothing to the folded\n"
             "        if sum(1 for seat in players if self.table.stacks[seat]) >= 2:\n"
             "            self.table.new_street()\n"))),
]

POTS: list[Mutant] = [
    mutant("fresh-uncalled-only-on-fold", "pots.uncalled-bet", "engine",
           "Uncalled chips are given back only when everyone else folded; at a showdown they stay in a pot of "
           "their own that their owner wins.",
           (("        back = uncalled(contributions)  # pots.uncalled-bet\n        if back is not None:\n"
            "            seat, amount = back\n            contributions[seat] -= amount\n            table.stacks"),
            ("        back = None  # pots.uncalled-bet\n        if back is not None:\n"
            "            seat, amount = back\n            contributions[seat] -= amount\n            table.stacks"))),
    mutant("fresh-pots-eligible-without-chips", "pots.side-pots", "pots",
           "With nobody all-in, every seat still in is eligible for the pot, even one that has put no chip in yet.",
           ("tuple(s for s in seats if not folded[s] and contributions[s] > 0))] if total else []",
            "tuple(s for s in seats if not folded[s]))] if total else []")),
    mutant("fresh-pots-layer-every-level", "pots.side-pots", "pots",
           "Pots are layered at every folded or all-in player's contribution, not only at the all-in players'.",
           ("levels = sorted({contributions[s] for s in seats if all_in[s] and not folded[s]})",
            "levels = sorted({contributions[s] for s in seats if (all_in[s] or folded[s]) and contributions[s]})")),
]

ODD_CHIP: list[Mutant] = [
    mutant("fresh-odd-chip-rank-only", "odd-chip.card-order", "pots",
           "Odd chips go by the ranks of the cards only: suits never decide, equal ranks move on to the next card.",
           ("            if x != y:\n                return (-1 if x > y else 1) if higher_first",
            "            if x >> 2 != y >> 2:\n                return (-1 if x > y else 1) if higher_first")),
    mutant("fresh-both-ways-ordered-lists", "odd-chip.tied-both-ways", "pots",
           "Players tied both ways share the whole pot only when their high and low odd-chip orders are the same "
           "(the winner lists are compared in order).",
           ("if len(high) > 1 and set(high) == set(low):", "if len(high) > 1 and list(high) == list(low):")),
    mutant("fresh-odd-chip-community-in-winning-five", "odd-chip.card-order", "engine",
           "Under card_by_suit_winning_hand the community card counts when it is in a tied player's winning five.",
           ("return [card.index for card in made.cards if card.index != self.community]",
            "return [card.index for card in made.cards]")),
    mutant("fresh-odd-chip-option-high-half-only", "odd-chip.within-half", "engine",
           "The odd_chip_in_half option is applied to the high half only; a tied low half always uses all cards.",
           ("        rule = self.options[\"odd_chip_in_half\"]",
            "        rule = self.options[\"odd_chip_in_half\"] if half == \"high\" else \"card_by_suit_all_cards\"")),
]

SHOWDOWN: list[Mutant] = [
    mutant("fresh-scoop-when-quartered", "showdown.ties", "pots",
           "A player who wins the high and ties for the low takes the whole pot, instead of a half and a quarter.",
           ("if len(high) > 1 and set(high) == set(low):", "if set(high) <= set(low):")),
    mutant("fresh-low-tie-two-only", "showdown.ties", "pots",
           "The low half is shared by the first two tied lows only (quartered); a third tied low gets nothing.",
           ("return split_half(high_half, high), split_half(amount // 2, low)",
            "return split_half(high_half, high), split_half(amount // 2, low[:2])")),
    mutant("fresh-show-all-in-bettor-not-first", "showdown.show-order", "engine",
           "A last bettor whose bet put them all-in does not show first; the order is then taken as for a checked round.",
           ("        if last is not None and last.last_aggressor is not None:",
            "        if last is not None and last.last_aggressor is not None and not self._all_in_at_end()[last.last_aggressor]:")),
    mutant("fresh-show-short-raise-not-a-bet", "showdown.show-order", "betting",
           "A short all-in bet or raise does not count as the last bet for the show order (only full ones do).",
           ("        self.phase = NORMAL\n        self.last_aggressor = seat\n        size = amount - self.last_full_level",
            "        self.phase = NORMAL\n        size = amount - self.last_full_level"),
           ("        self.level = self.last_full_level = amount\n        self.full_events += 1\n",
            "        self.level = self.last_full_level = amount\n        self.last_aggressor = seat\n        self.full_events += 1\n")),
    mutant("fresh-show-side-pot-players-first", "showdown.show-order", "engine",
           "The players contesting the side pots show before the all-in players, who can win only the main pot.",
           ("        return [seat for seat in ((first + step) % size for step in range(size)) if not table.folded[seat]]",
            ("        order = [seat for seat in ((first + step) % size for step in range(size)) if not table.folded[seat]]\n"
             "        return sorted(order, key=lambda seat: self._all_in_at_end()[seat])"))),
    mutant("fresh-show-last-to-act-highest-seat", "showdown.show-order", "engine",
           "Under last_to_act the player in the highest seat shows first, not the last in the round's order of play.",
           ("else could_act[-1]", "else max(could_act)")),
]

HIGH: list[Mutant] = [
    mutant("fresh-high-straight-with-pair", "hands.categories", "hands",
           "Five cards spanning five ranks are a straight even with a pair among them (9-9-7-6-5).",
           ("    if len(set(ranks)) != 5:\n        return False\n    return ranks[0] - ranks[4] == 4",
            "    return ranks[0] - ranks[4] == 4")),
    mutant("fresh-high-kicker-not-third-pair", "hands.kickers", "fast_eval",
           "With three pairs, the two-pair hand's kicker is the best unpaired card, never the third pair's rank.",
           ("        return _encode(TWO_PAIR, [high, high, low, low] + kickers(high, low, take=1))",
            "        return _encode(TWO_PAIR, [high, high, low, low] + (groups[1][:1] or kickers(high, low, take=1)))")),
    mutant("fresh-high-decimal-packing", "hands.categories", "hands",
           "Hand values pack the ranks as decimal digits, so a ten or higher carries into the digit above "
           "(ace high beats a pair of twos).",
           ("_DIGIT = 16\n", "_DIGIT = 10\n")),
    mutant("fresh-high-fifth-card-ignored", "hands.kickers", "hands",
           "Only the first four ranks of a hand are compared: the last kicker never breaks a tie.",
           ("    value = int(category)\n    for rank in played:\n", "    value = int(category)\n    for rank in played[:4]:\n")),
    mutant("fresh-high-wheel-listed-ace-first", "hands.straight-ace", "hands",
           "A five-high straight is listed ace first (A-5-4-3-2) in the evaluation's cards.",
           ("    return counts[card.rank], _played_rank(card, ace_plays_low), card.suit",
            "    return counts[card.rank], int(card.rank), card.suit")),
    mutant("fresh-high-six-suited-lowest-five", "hands.best-five", "fast_eval",
           "With six or seven cards of one suit the flush is the first five found from the deuce up, not the five highest.",
           (("            ranks = [index + 2 for index in range(_RANKS - 1, -1, -1) if mask >> index & 1]\n"
            "            table.append(_encode(FLUSH, ranks[:5]))"),
            ("            ranks = [index + 2 for index in range(_RANKS) if mask >> index & 1][:5]\n"
            "            table.append(_encode(FLUSH, sorted(ranks, reverse=True)))"))),
    mutant("fresh-high-lowest-straight-found", "hands.best-five", "fast_eval",
           "Of two straights in seven cards the first found from the bottom is kept (A-2-3-4-5-6 plays the wheel).",
           ("    for top in range(14, 4, -1):", "    for top in range(5, 15):")),
]

LOW: list[Mutant] = [
    mutant("fresh-low-ace-compares-high", "low.ordering", "hands",
           "The ace counts one to qualify for low but as the highest card when two lows are compared "
           "(8-5-4-3-A loses to 8-5-4-3-2).",
           ("    return LowHand(cards, _low_value(ranks))",
            "    return LowHand(cards, _low_value([14 if rank == 1 else rank for rank in ranks]))")),
    mutant("fresh-low-highest-five-of-six", "low.ordering", "fast_eval",
           "With six or more low ranks the low is made of the five highest of them (A-2-3-4-5-6 plays 6-5-4-3-2).",
           ("table.append(_encode_low(sorted(ranks[:5], reverse=True)) if len(ranks) >= 5 else None)",
            "table.append(_encode_low(sorted(ranks[-5:], reverse=True)) if len(ranks) >= 5 else None)")),
    mutant("fresh-low-five-lowest-cards-only", "low.qualifier", "fast_eval",
           "The low is looked for in the five lowest cards only, so a pair among them spoils it (A-A-2-3-4-5-K has no low).",
           ("        low[key] = LOW_BY_MASK[_low_mask(ranks)]",
            ("        low[key] = LOW_BY_MASK[_low_mask(ranks)] if len(set(sorted(1 if rank == 14 else rank "
             "for rank in ranks)[:5])) == 5 else None"))),
]

ACTIONS: list[Mutant] = [
    mutant("fresh-refusal-marks-acted", "actions.refusal-keeps-state", "engine",
           "A refused action still marks its seat as having acted, so a player refused once (out of turn, a wrong "
           "amount) may later only call or fold, or is passed over.",
           ("            error = self.check(action)\n            assert error is not None\n            raise error",
            ("            error = self.check(action)\n            assert error is not None\n"
             "            if betting is not None and 0 < seat <= self.table.size:\n"
             "                betting.acted[seat - 1] = True\n"
             "            raise error"))),
    mutant("fresh-options-cached-by-profile", "actions.options-over-profile", "engine",
           "The resolved options are remembered by profile only: a hand with the last hand's profile but other "
           "options is played with the last hand's options.",
           ("    if last is None or last[0] is not book or last[1] != given:",
            "    if last is None or last[0] is not book or last[1][0] != given[0]:")),
]

FIRST: list[Mutant] = [*DEAL, *BRING_IN, *ACT_ORDER, *BETTING, *POTS, *ODD_CHIP, *SHOWDOWN, *HIGH, *LOW, *ACTIONS]
"""The first fresh set (60 mistakes), measured before the suite was changed for it."""

PLANTED: list[Mutant] = [
    # The family of fresh-half-bet-all-in-not-capped: which bets and raises count toward the cap.
    mutant("planted-cap-all-in-not-counted", "betting.raise-cap", "betting",
           "A bet or raise that puts its player all-in never counts toward the cap, full or not.",
           ("        self.level = self.last_full_level = amount\n        self.full_events += 1\n",
            ("        self.level = self.last_full_level = amount\n"
            "        self.full_events += 1 if self.table.stacks[seat] else 0\n"))),
    mutant("planted-cap-all-in-completion-not-counted", "bring-in.short-all-in-completion", "betting",
           "An all-in completion of at least half the small bet opens the betting but does not count toward the cap.",
           ("            self._full(seat, amount)  # at least half a bet: treated as full\n",
            ("            self._full(seat, amount)  # at least half a bet: treated as full\n"
            "            if self.third and previous == 0:\n                self.full_events -= 1\n"))),
    # The family of fresh-refusal-marks-acted: a refused action leaves a trace that shows later.
    mutant("planted-refused-bet-marks-bettor", "actions.refusal-keeps-state", "engine",
           "A bet or raise of the seat in turn is recorded as the round's last bet before it is checked, so a "
           "refused one still decides who shows first.",
           ("        betting = self.round\n        # An action is legal exactly",
            ("        betting = self.round\n"
            "        if betting is not None and kind == \"cbr\" and seat - 1 == betting.to_act:\n"
            "            betting.last_aggressor = seat - 1\n"
            "        # An action is legal exactly"))),
    mutant("planted-refused-fold-folds", "actions.refusal-keeps-state", "engine",
           "A fold out of turn is refused, but the seat's cards are taken away all the same.",
           ("            error = self.check(action)\n            assert error is not None\n            raise error",
            ("            error = self.check(action)\n            assert error is not None\n"
             "            if kind == \"f\" and error.code == \"out-of-turn\":\n"
             "                self.table.fold(seat - 1)\n"
             "            raise error"))),
    # The family of fresh-odd-chip-community-in-winning-five: the community card never decides.
    mutant("planted-odd-chip-community-by-rank", "odd-chip.card-order", "engine",
           "The community card is left out of the winning five by its rank, so a tied player's own card of the "
           "same rank is left out too.",
           ("return [card.index for card in made.cards if card.index != self.community]",
            "return [card.index for card in made.cards if self.community is None or card.index >> 2 != self.community >> 2]")),
]
"""Further members of the families the first set's survivors showed, planted after their holes
were closed (each with a scenario that kills it: kills.yaml)."""

MUTANTS: list[Mutant] = [*FIRST, *PLANTED]
