"""Mistakes of the families issue 26 names: rules that meet each other.

Each family is planted in several places of the engine, so that the scenarios written for it
are shown to catch the family and not one line of it:

* ``profile-*``: an option set on top of a profile (actions.options-over-profile);
* ``precedence-*``: which refusal answers an action that is wrong in two ways
  (actions.error-precedence);
* ``grammar-*``: the action text read loosely (actions.vocabulary);
* ``between-*``: an amount between the thresholds of two rules (the half of the small bet and of
  the big bet, the completion and the raise after it, short all-ins that add up);
* ``zero-base-*``: third street's exception (until someone completes, the bring-in counts as no
  bet and anyone may complete) applied on a later street, where the base is zero too;
* ``tie-suit-*``: equal boards (act order, show order) decided by suit where they must not be, or
  by the wrong card;
* ``gap-*``: the readings the rule book settled where its text was silent (item 7).
"""

from __future__ import annotations

from stud8.conformance.mutants.model import Mutant, mutant

ZERO_BASE: list[Mutant] = [
    mutant("zero-base-measured-from-zero", "betting.short-all-in", "betting",
           "On a later street an all-in after a short all-in bet is measured from zero, as before a completion on third street.",
           ("previous = 0 if self.third and self.full_events == 0 else self.level",
            "previous = 0 if self.full_events == 0 else self.level")),
    mutant("zero-base-anyone-may-bet", "betting.short-all-in", "betting",
           "On a later street a player who checked may still bet after a short all-in bet, as anyone may complete on third street.",
           ("if self.acted[seat] and not (self.third and self.full_events == 0):",
            "if self.acted[seat] and self.full_events != 0:")),
    mutant("zero-base-every-street-third", "betting.short-all-in", "betting",
           "Every street's round keeps third street's exceptions (the round thinks it is third street).",
           ("self.third = phase != NORMAL", "self.third = True")),
]

TIE_SUIT: list[Mutant] = [
    mutant("tie-suit-lowest-card-first", "act-order.ties", "engine",
           "By default, of equal boards the one holding the lowest card by suit acts first (the bring-in's order reused).",
           ("            return first_by_counts(counts, players)",
            "            return first_by_counts(counts, sorted(players, key=lambda seat: min(self.up[seat])))")),
    mutant("tie-suit-late-streets", "act-order.ties", "engine",
           "By default, equal boards are decided by suit from sixth street on.",
           ('ties = self.options["act_order_ties"]\n        if ties == TIE_BY_SEAT:',
            'ties = self.options["act_order_ties"] if self.street < 3 else "high_card_by_suit"\n        if ties == TIE_BY_SEAT:')),
    mutant("tie-suit-show-order", "showdown.show-order", "engine",
           "After a run-out, equal best boards are decided by suit whatever the act_order_ties option.",
           ("            first = self._best_board(table.players)\n        size",
            "            first = first_to_act(self.up, table.players, \"high_card_by_suit\")\n        size")),
    mutant("tie-suit-deal-order", "act-order.ties", "exposed",
           "Under high_card_by_suit equal boards compare their cards' suits in the order dealt, not in the order that ranks the board.",
           ("return category, ranks, tuple(card & 3 for card in significance(cards))",
            "return category, ranks, tuple(card & 3 for card in cards)")),
]

PROFILE: list[Mutant] = [
    mutant("profile-wins-over-options", "actions.options-over-profile", "engine",
           "The profile's values are applied after the hand's own options, so a profile's option cannot be changed.",
           ("    return dict(last[2])\n",
            "    return {**last[2], **book.profiles[profile or book.default_profile]}\n")),
    mutant("profile-raise-cap-from-profile", "actions.options-over-profile", "engine",
           "The raise cap is taken from the named profile's table of values, whatever the hand's options say.",
           ("        resolved = _resolve_options(book, profile, options)\n",
            ("        resolved = {**_resolve_options(book, profile, options),\n"
             "                    \"raise_cap\": _resolve_options(book, profile, None)[\"raise_cap\"]}\n"))),
    mutant("profile-ignores-options", "actions.options-over-profile", "engine",
           "A hand that names a profile is played with the profile's values only; its own options are ignored.",
           ("book.resolve_options(profile, options))", "book.resolve_options(profile, None if profile else options))")),
    mutant("profile-default-value-ignored", "actions.options-over-profile", "engine",
           "An option set to its default value is taken as not set, so it does not win over the profile's value.",
           ("    overrides = options or {}\n",
            "    overrides = {k: v for k, v in (options or {}).items() if k not in book.options or v != book.options[k].default}\n"),
           ("book.resolve_options(profile, options))", "book.resolve_options(profile, overrides))")),
]

PRECEDENCE: list[Mutant] = [
    mutant("precedence-hand-over-before-seat", "actions.error-precedence", "engine",
           "After the hand is over, an action of a seat not at the table is refused as hand-over, not no-such-seat.",
           ("        if not 0 < seat <= self.table.size:\n", "        if not 0 < seat <= self.table.size and not self.over:\n")),
    mutant("precedence-turn-before-seat", "actions.error-precedence", "engine",
           "While the hand is on, an action of a seat not at the table is refused as out-of-turn, not no-such-seat.",
           ("        if not 0 < seat <= self.table.size:\n", "        if not 0 < seat <= self.table.size and self.over:\n")),
    mutant("precedence-seat-range-in-parser", "actions.error-precedence", "actions",
           "The parser accepts only seats 1 to 8, so a seat not at the table is refused as malformed-action.",
           ('_ACTION = re.compile(rf"p({_NUMBER}) (pb', '_ACTION = re.compile(rf"p([1-8]) (pb')),
    mutant("precedence-player-before-cap", "actions.error-precedence", "betting",
           "In a capped round a player who could not raise anyway (only a call's worth of chips) is refused with not-allowed, not cap-reached.",
           (('        if self.full_events > self.rules.raise_cap and self._cap_applies():\n'
             '            return "cap-reached"  # betting.raise-cap: one bet and raise_cap raises\n'
             '        if self.acted[seat]'),
            '        if self.acted[seat]'),
           ('            return "not-allowed"\n        return None\n',
            ('            return "not-allowed"\n'
             '        if self.full_events > self.rules.raise_cap and self._cap_applies():\n'
             '            return "cap-reached"  # betting.raise-cap: one bet and raise_cap raises\n'
             '        return None\n'))),
    mutant("precedence-amount-before-kind", "actions.error-precedence", "betting",
           "A bet or raise to an amount other than the next raise's is refused with wrong-amount even when no raise is possible at all.",
           ("            if offered:\n",
            "            if offered or (self.phase == NORMAL and amount != self.last_full_level + self.bet):\n")),
]

GRAMMAR: list[Mutant] = [
    mutant("grammar-case-insensitive", "actions.vocabulary", "actions",
           "Action texts are read without regard to case ('P1 CC').",
           ("(pb|cc|f|cbr ({_NUMBER}))\", re.ASCII)", "(pb|cc|f|cbr ({_NUMBER}))\", re.ASCII | re.IGNORECASE)")),
    mutant("grammar-spaces-stripped", "actions.vocabulary", "actions",
           "Spaces before and after the action are stripped before it is read.",
           ("match = _ACTION.fullmatch(text) if", "match = _ACTION.fullmatch(text.strip()) if")),
    mutant("grammar-any-whitespace", "actions.vocabulary", "actions",
           "Any run of whitespace (two spaces, a tab) separates the parts of an action.",
           ('rf"p({_NUMBER}) (pb|cc|f|cbr ({_NUMBER}))"', 'rf"p({_NUMBER})\\s+(pb|cc|f|cbr\\s+({_NUMBER}))"')),
    mutant("grammar-leading-zeros", "actions.vocabulary", "actions",
           "Numbers with leading zeros are read ('p1 cbr 020' is a raise to 20).",
           ('_NUMBER = rf"(?:0|[1-9][0-9]{{0,{MAX_AMOUNT_DIGITS - 1}}})"', '_NUMBER = rf"[0-9]{{1,{MAX_AMOUNT_DIGITS}}}"')),
    mutant("grammar-plus-sign", "actions.vocabulary", "actions",
           "An amount with a plus sign is read ('p1 cbr +20'), as int() reads it.",
           ("|cbr ({_NUMBER}))", "|cbr (\\+?{_NUMBER}))")),
    mutant("grammar-unicode-digits", "actions.vocabulary", "actions",
           "Any Unicode decimal digits are read as a number ('p1 cbr ２０'), as int() reads them.",
           ('_NUMBER = rf"(?:0|[1-9][0-9]{{0,{MAX_AMOUNT_DIGITS - 1}}})"', '_NUMBER = rf"(?:0|(?!0)\\d{{1,{MAX_AMOUNT_DIGITS}}})"'),
           ("(pb|cc|f|cbr ({_NUMBER}))\", re.ASCII)", "(pb|cc|f|cbr ({_NUMBER}))\", re.UNICODE)")),
    mutant("grammar-prefix-match", "actions.vocabulary", "actions",
           "Only the start of the text is matched, so anything after a valid action is ignored ('p1 cc 20', 'p1 f\\n').",
           ("match = _ACTION.fullmatch(text) if", "match = _ACTION.match(text) if")),
    mutant("grammar-engine-lower-strip", "actions.vocabulary", "engine",
           "The engine tidies the text (strips it, lower-cases it) before reading it.",
           ("                action = parse_action(action)\n            except ActionError as error:",
            ("                action = parse_action(action.strip().lower() if isinstance(action, str) else action)\n"
             "            except ActionError as error:")),
           ("        if not isinstance(action, Action):\n            action = parse_action(action)\n        seat, kind, amount = action",
            ("        if not isinstance(action, Action):\n"
             "            action = parse_action(action.strip().lower() if isinstance(action, str) else action)\n"
             "        seat, kind, amount = action"))),
]

BETWEEN: list[Mutant] = [
    mutant("between-half-of-big-bet", "betting.short-all-in", "betting",
           "An all-in raise reopens only at half the big bet, on the small-bet streets too.",
           ("if 2 * (amount - previous) >= self.bet:", "if 2 * (amount - previous) >= self.rules.big:")),
    mutant("between-half-of-small-bet", "betting.short-all-in", "betting",
           "An all-in raise reopens at half the small bet on the big-bet streets too (the big bet halved).",
           ("if 2 * (amount - previous) >= self.bet:",
            "if 2 * (amount - previous) >= (self.bet if self.bet != self.rules.big else self.bet // 2):")),
    mutant("between-from-zero-after-completion", "bring-in.short-all-in-completion", "betting",
           "After the completion an all-in on third street is still measured from zero, as before it.",
           ("previous = 0 if self.third and self.full_events == 0 else self.level",
            "previous = 0 if self.third and self.full_events <= 1 else self.level")),
    mutant("between-short-all-ins-add-to-half", "betting.short-all-in", "betting",
           "Short all-ins together reopen the betting once they add up to half a bet (not a full one).",
           ("if amount - self.last_full_level >= self.bet:", "if 2 * (amount - self.last_full_level) >= self.bet:")),
    mutant("between-half-from-last-full", "betting.short-all-in", "betting",
           "After a short all-in, the next all-in raise is measured from the last full bet, not from the amount to call.",
           ("previous = 0 if self.third and self.full_events == 0 else self.level",
            "previous = 0 if self.third and self.full_events == 0 else self.last_full_level")),
    mutant("between-open-pair-small-measure", "betting.fourth-street-open-pair", "betting",
           "With an open pair, after a big bet an all-in raise is still measured against the small bet (half the big bet halved).",
           ("if 2 * (amount - previous) >= self.bet:",
            "if 2 * (amount - previous) >= (min(self.bet, self.rules.big // 2) if self.open_pair else self.bet):")),
]

GAPS: list[Mutant] = [
    mutant("gap-bring-in-all-in-not-counted", "betting.heads-up", "betting",
           "Under unlimited_if_round_starts_heads_up a bring-in player all-in by posting is not counted, so the round counts as begun heads-up.",
           ("        self.acted[seat] = True  # bring-in.no-option: posting counts as acting\n",
            ("        self.acted[seat] = True  # bring-in.no-option: posting counts as acting\n"
             "        if not table.stacks[seat]:\n            self.started_heads_up = self.live == 3\n"))),
]

MUTANTS: list[Mutant] = [*PROFILE, *PRECEDENCE, *GRAMMAR, *BETWEEN, *ZERO_BASE, *TIE_SUIT, *GAPS]
