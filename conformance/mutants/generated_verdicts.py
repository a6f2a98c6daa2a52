"""Hand-written verdicts on generated mutants that survived a run of the whole suite.

A surviving generated mutant is either killed by a scenario written for it (``KILLED_BY``: the
mutant's key -> the scenario, worked out by hand from the rules like every scenario) or shown
to be equivalent (``EQUIVALENT``: the key -> why no observation can tell it from the engine).
An equivalence claim is checked on every run: the mutant must survive the suite, and 3,000
lockstep hands (for the evaluators also random card sets) must show no difference. The keys
name mutants as ``generated.GeneratedMutant.key`` does; a key that no longer names a generated
mutant fails a test, so a verdict never outlives the code it was written for.
"""

from __future__ import annotations

# --- reasons shared by several mutants ---------------------------------------------------

MESSAGE = ("Only the wording of a refusal changes: every move reaching these branches of refusal() is "
           "refused with not-allowed either way (the protocol compares codes; no message text is specified).")
CBR_CACHE = ("_CBR_TEXT only caches the text 'cbr N' of each amount: when, or whether, it is emptied changes "
             "how often a text is formatted again, never the text.")
CLOCKWISE_SELF = ("The seats clockwise lose or gain the seat itself (or a repeat after it): _advance starts "
                  "from the player who just acted, who has folded, is all-in, or has acted and matched the "
                  "level, so is skipped either way; _next_can_act is asked only for a seat that cannot act.")
CLOCKWISE_SIZES = ("Only changes which table sizes get a clockwise table outside 2 to 8 players; a hand "
                   "never has fewer than 2 or more than 8 seats (table.players).")
OVERWRITTEN = ("The starting value is never read: committed is reset by new_street() before the third-street "
               "deal, and post_antes() assigns every seat's contributed before anything reads it.")
NEVER_NEGATIVE = "Stacks and counters never go below zero, so the edited comparison gives the same answer."
CAP_RECORDED = ("_cap_applies() is reached only once full_events passed the cap; had three or more players "
                "been able to bet then, the bet that reached the cap set capped (live never grows), so when "
                "capped is False live is exactly 2 and the edited test of live is False as before.")
LAST_PLAYER = ("With one player left in the hand the round closes anyway: that player has acted and matched "
               "the level (or is all-in), or, after everyone else folded in turn, owes nothing beside no "
               "one who can bet, which the run-out test closes; the engine then settles the hand uncontested.")
ORDERED_STRINGS = ("Compares constant strings: among the values that reach it (phases 'forced' < 'normal' < "
                   "'open'; kinds 'cbr', 'cc', 'f', 'pb'; the heads_up_raises values) the edited comparison "
                   "selects exactly the same ones.")
INTERNED = ("Identity instead of equality on constants: the phases and heads-up modes are the module's own "
            "string constants, and the kind 'cbr' is the literal parse_action builds every cbr with, so "
            "equal values are the same object.")
LEVEL_IS_MAX = ("No seat's chips on the street exceed the level (the highest amount anyone must match), so "
                "'less than' and 'different from', or 'at least' and 'equal to', agree here.")

DEAD_LAYER = ("Reached only by chips in a layer no player still in the hand can win, which cannot happen in "
              "play: the top layer always has a player who is still in (the last of two players left to bet is "
              "never asked to fold alone, and a raiser's excess is returned), and every lower layer has its "
              "all-in player; so carry stays 0, no layer is empty and this code never runs or adds nothing.")
TWO_SEATS = "Every hand has at least two seats, so 'fewer than 2' and 'fewer than 1' are both False."
COMPARE_UNREACHED = ("Never reached: the compared card lists are each tied player's own cards (never the "
                     "community card) and two players never hold the same card, so the first pair compared "
                     "always differs and the loop returns.")
COMPARE_SIGN = ("functools.cmp_to_key only asks whether the result is below zero: -2 (or ~1) acts as -1, and "
                "2 or 0 act as 1.")
CARDS_DIFFER = ("The compared cards are known to differ (x != y), so 'at least' equals 'more than' and 'at "
                "most' equals 'less than'.")
SMALL_INTS = ("Card indices are 0 to 51; CPython keeps one object for each integer below 257, so identity "
              "equals equality.")
ONE_SCOOPER = ("A single player who wins both halves gets ceil(amount / 2) + floor(amount / 2) either way: the "
               "tied-both-ways branch pays that one player the whole pot with the same high part.")
ZERO_TERMS = "Adds the contributions equal to the level as zero terms: the same sum."
LOW_KEY_ORDER = ("low_card_key's numbers only need to keep the order ace, two, ..., king, suits within a rank; "
                 "the edited key (the ace at -1, every rank one higher, or five values per rank) keeps it.")
SUIT_BITS = "rank * 4 has its two low bits clear and the suit is 0 to 3, so '|' and '^' add it exactly."
ACE_TOP = ("The ace is the highest rank index (12); '>= 12' selects only the ace, and 12 is a small integer, one "
           "object in CPython, so 'is' equals '=='.")

DEALER_LIST = ("The engine always hands the dealer a new list of card indices (_deck_indices), so copying it "
               "again, or not, deals the same cards.")
STUB_UNUSED = "Nothing in the engine reads Dealer.stub: without @property it is never called either."
NEVER_SHORT = ("The stub never runs short: plan_seventh deals a community card whenever it could, so "
               "deal_many is never asked for more cards than the stub holds and the error never fires.")
RECYCLE_SAME = ("Recycling puts the burns after the stub; the cards dealt next (a burn, then the players' cards "
                "or one community card) all come from the top of the stub, which is unchanged, and nothing "
                "is dealt or shown after seventh street.")
TDA_USUAL_OR_A = ("The first TDA test only tells the usual deal from case A, and the two deal the same cards "
                  "whenever the stub holds a burn and a card for every player (recycling puts the burns under "
                  "the stub). Every edited test (players + 1 or + 3, '==', '>', 'is' on small integers, "
                  "players * 2, ** 2 or << 2) is False whenever the stub holds fewer than players + 1 cards, "
                  "so those states still reach cases A to C; where the original deals as usual and the edited "
                  "test does not, the stub holds players + 2 or more and the case-A test accepts it.")
TDA_B_OR_C = ("Cases B and C both burn the top card of the stub and turn the next one as the community card "
              "(recycling only puts the burns under the stub), which is the same card whenever the stub holds "
              "two or more; the edited tests (at least 2 or 4, '== 3', '> 3') differ from 'at least 3' only "
              "on stubs of 2 or more.")
EMPTY_STUB_BURNS = ("The stub is empty on seventh street only with burn_before_third and eight players dealt to "
                    "sixth street, when four cards have been burned: 'burns >= 2' and the edited tests (at "
                    "least 1 or 3, more than 2, not 2) are all True there.")
ROBERT_USUAL_OR_RECYCLE = ("Robert's first test only tells the usual deal from 'mix the stub with the burns, burn "
                           "and deal', which deal the same cards whenever the stub holds a burn and a card for "
                           "every player (the burns go under the stub). The edited tests (players + 2, '==', "
                           "'>', 'is' on small integers, players << 1) are False whenever the stub holds fewer "
                           "than players + 1 cards; a state they send on while the original deals as usual has "
                           "stub + burns of players + 1 or more, which the next test burns and deals.")
ROBERT_EXACTLY = ("Reached only when stub + burns is below players + 1, so 'at least players' is 'exactly "
                  "players' there; '==' (or 'is' on small integers) selects the same states.")
ROBERT_BURNS = ("Reached only with fewer cards than players; three burns (four with burn_before_third) were "
                "made before seventh street, so stub + burns is at least 3 and 'at least 2', like every edited "
                "test (at least 1 or 3, more than 2, not 2), is True.")
PROCEDURE_STRINGS = ("Compares the deck_exhaustion value, one of 'tda', 'community_card_only', 'robert' (others "
                     "are refused at start) and only the values that reach the test: the edited comparison "
                     "selects exactly the same ones.")

CATEGORY_ORDER = ("The exposed categories are only compared with each other; 5 for four of a kind, or -1 "
                  "for high card, keeps their order.")
ONE_UP_CARD = "bring_in_seat runs on third street only, when every seat has exactly one up card: [0] is [-1]."
COUNT_ORDER = ("Shifting or doubling every rank's count keeps the order of the sort key (count, card), so "
               "the cards come out in the same order.")
EXTRA_ENTRY = ("Adds a table entry for a card index (52) or a rank (13) that does not exist: never looked up, "
               "or a digit that is always 0.")
FIRST_ALWAYS = ("The starting 'best' is replaced by the first candidate whatever it is: every exposed rank "
                "is above (-1, ()) and above (0, ()) (its ranks are non-empty), so the edited start changes "
                "nothing.")
SUIT_MONOTONE = ("Under high_card_by_suit the third key is compared only between boards of equal ranks, card "
                 "by card in the same order of significance; cards of equal rank compare by suit, and card + 3, "
                 "card * 3, card / 3, card << 3, card ** 3 and card - 3 keep that order.")
GROUPS_BOUNDED = ("Group sizes run from 1 to 4, sorted largest first, and the larger sizes are tested first: "
                  "the edited comparison accepts exactly the same boards.")
SUIT_ONLY = ("first_to_act and board_key are called only under high_card_by_suit (the engine ranks the "
             "default by counts itself), and 'first_clockwise_from_dealer' < 'high_card_by_suit': the edited "
             "test is True exactly where == is; the option's value is read from the options, never the "
             "module's own constant object, so 'is not' is True there too.")
RESORTED = ("The list is sorted again at once by (count, rank), a total order of the ranks, so the first "
            "sort's direction is lost.")

VALUE_ORDER = ("Changes the numbers a hand is valued at but not their order (another base above every digit, "
               "another constant offset, the categories or the wheel's ace renumbered in the same order); values "
               "are only compared with each other (protocol: evaluate's value), so every comparison is the same.")
HEX_DIGITS = ("Each digit is below 16 and goes into the four low bits the multiplication by 16 left clear (and "
              "0xFFFFF has every bit of a five-digit value set), so '|', '^' and '+' or '-' give the same number.")
FIVE_CARD_GROUPS = ("_grouped_category sees the rank counts of exactly five cards, largest first, and the "
                    "larger groups are tested first: the edited comparison (or slice) accepts exactly the same "
                    "hands.")
STRAIGHT_TESTS = ("Five distinct ranks span at least 4 and at most five ranks are distinct; a straight whose top "
                  "is the ace and second card at most 5 is the wheel; a suit set is never empty: the edited "
                  "comparison selects the same hands.")
ACE_ENUM = "Rank is an enum: each rank one object, and the ace the highest, so 'is', '==' and '>=' agree."
FROZEN = ("Only makes the result objects mutable; nothing in the engine or the adapters assigns to them, so "
          "every value read is the same.")
NOT_READ = ("Neither the engine nor the adapters read Category.from_label, LowHand.ranks or LowHand.name (the "
            "adapter reads category.label, the cards and the value), so without the decorator nothing changes "
            "for them.")
ADAPTER_PARSES = ("The engine adapters parse every card text into a Card before evaluating (a text that is no "
                  "card is refused there), so the loop that rejects non-Card objects never finds one.")

MESSAGE_TURN = ("Only the seat named in the out-of-turn message changes; the refusal code is out-of-turn "
                "either way (no message text is specified).")
MESSAGE_ONLY = ("Only the text of a bad-config or bad-deck message changes (a seat number, the list of repeated "
                "cards); the code is the same, and no message text is specified.")
SMALL_SEATS = ("Seats (0 to 7) and card indices (0 to 51) are small integers, one object each in CPython, so "
               "'is not' equals '!='.")
LAST_POT = ("A pot with a single eligible player is always the last: the pots above it could only be won by "
            "players who put in more, a subset of that one player. Stopping or going on after it is the same.")
TO_ACT_UNREAD = ("Hand.to_act is read by no adapter (they read observe() and legal_actions()); without @property "
                 "the observations are the same.")
FAST_PATH = ("_check_stacks' first test is a shortcut for the usual stack: the edited shortcut lets fewer (or other) "
             "plain int stacks through, and the full test after it accepts exactly the positive ones up to the "
             "largest amount, so the same stacks start; the full test's own edit concerns only values the "
             "shortcut already let through.")
STAKES_CACHE = ("Only changes when the last stakes checked are remembered; the adapters always pass a Stakes, and "
                "stakes remembered or not are checked to the same verdict.")
OPTIONS_CACHE = ("Only changes when _resolve_options reuses the last options it resolved: every edited test "
                 "either resolves the options again (the same values) or reuses them exactly when the rule book, "
                 "profile and overrides are the same.")
ADAPTER_DICT = ("The adapters always pass the options as a dict, never None and never another type, so the "
                "edited type test gives the same answer.")
DECK_FAST_PATH = ("The adapters pass the deck as 52 Card objects: the shortcut and the slow path both give their "
                  "indices in order, so whichever the edited test takes, the deck is the same.")
ADAPTER_CARDS = ("_index_of is reached only for deck entries that are not Card objects; the adapters parse every "
                 "card text into a Card first, so it never runs.")
VALIDATOR_ONLY = ("check_table is the scenario validator's check; Hand.start checks stacks and stakes itself, and "
                  "the suite is loaded before a mutant is installed, so no observation passes through it.")
ADAPTER_STAKES = ("The adapters build a Stakes with all four fields before starting a hand, so reading them never "
                  "raises AttributeError and the handler is never needed.")

FIVE_STREETS = "The rule book deals five streets: 5 ^ 1 is 4, as 5 - 1 is, the index of seventh street."
TIES_SLOW_PATH = ("Under the default tie rule first_to_act gives the same seat from the boards themselves "
                  "(first_by_counts over their rank counts, the community card appended to each board), so "
                  "taking that path instead of the counts kept per seat changes nothing.")
COMMUNITY_STRINGS = ("seventh_street_with_community is 'sixth_street_order' or 'recompute_with_community', and "
                     "'sixth_street_order' > 'recompute_with_community': '>' selects the same value as '!='.")
ENGINE_STRINGS = ("Compares constant strings: among the values that reach it (odd_chip_in_half 'card_by_suit_all_"
                  "cards' < 'card_by_suit_winning_hand' < 'seat_order', seat_order tested first; halves 'high' < "
                  "'low'; faces 'down' < 'up'; show_first_without_bet 'first_to_act' < 'last_to_act') the "
                  "edited comparison selects exactly the same ones.")
ENGINE_LITERALS = ("half is always one of this module's own literals 'high' or 'low', the same objects the test "
                   "compares with, so identity and equality agree.")
STREET_INDEX = ("The street index runs from 0 (third street) to the last street and never past it; street "
                "indices are small integers, one object each in CPython, so '>=' or 'is' (or '<=' against 0) "
                "select the same streets as '=='.")
LAST_STREET_ONE_CARD = "Seventh street deals one card (spec/rules.yaml streets), so '>= 1' and '<= 1' are '== 1' there."
LATER_STREETS_BURN = ("Fourth, fifth and sixth street burn anyway (street.burn), seventh street is dealt by "
                      "_deal_last_street, and the index is never negative: the edited test burns before the "
                      "same streets.")
EARLY_STREETS_AS_LAST = ("Fourth to sixth street deal one card each; with the edit they go through "
                         "_deal_last_street, whose plan is the usual one (burn, then a card each) in every state "
                         "but one: eight players dealt to sixth street with burn_before_third leave nine cards, "
                         "and the TDA plan is case A, dealing the same cards with the three burns put under the "
                         "stub. Seventh street then finds a three-card stub and turns the same community card "
                         "(case B: burn the first burn, turn the second) that case C turns in the engine.")
OPEN_PAIR_LATER = ("Third street returns before this test, and on fifth to seventh street the bet is already the "
                   "big bet, so an open-pair flag there changes nothing (_raise_targets asks bet != big, "
                   "_bet_or_raise accepts size == big, which is the bet); on fourth street the edited test is True "
                   "as before.")
ALL_STREETS_AT_SHOWDOWN = ("The result's show order is read only after a showdown, when every street has been "
                           "dealt and added one entry to rounds: len(rounds) equals the number of streets, small "
                           "integers, so '>=', '<=' and 'is' agree with '=='.")
BEST_IS_MAX = "best_high is the largest value among the eligible seats: none is above it, so '>=' is '=='."
WINNER_ONLY = ("The assertion always holds (uncalled chips can only be the winner's): seat equals winner, so '>=', "
               "'<=' and 'is' on small integers hold too.")
CHECK_PARSED = ("check() is called only from apply(), which has already parsed the text into an Action, so "
                "parse_action never runs inside check() and its handler is never needed.")
SEAT_DIGITS = ("A seat is parsed from digits, so it is never negative: '0 != seat' (or 'is not', which for 0 "
               "and any other integer gives the same answer) holds exactly when '0 < seat' does.")
ADAPTER_INTS = ("Stacks and stakes reach the engine as plain int (JSON integers, checked by the protocol schema, "
                "or a scenario's integers), for which the edited test answers as the original; it only changes "
                "which bools, floats or int subclasses would pass, and none reaches the engine.")
ADAPTER_LISTS = ("The adapters always pass the stacks and the deck as lists, so len() and iteration never raise "
                 "TypeError and the handler is never needed.")
COMPLETED_DECK = ("The runner completes every scenario deck with each card it does not list, so a deck never "
                  "holds fewer than 52 cards, and one of exactly 52 has no repeat (a repeated card makes it "
                  "longer): the edited tests refuse exactly the same decks.")

EQUIVALENT: dict[str, str] = {
    # betting.py
    "betting:_CbrText.__missing__:AddNot:0": CBR_CACHE,
    "betting:_CbrText.__missing__:NumberReplacer:0": CBR_CACHE,
    "betting:_CbrText.__missing__:NumberReplacer:1": CBR_CACHE,
    "betting:_CbrText.__missing__:ReplaceComparisonOperator_GtE_Eq:0": CBR_CACHE,
    "betting:_CbrText.__missing__:ReplaceComparisonOperator_GtE_Gt:0": CBR_CACHE,
    "betting:_CbrText.__missing__:ReplaceComparisonOperator_GtE_Lt:0": CBR_CACHE,
    "betting:_CbrText.__missing__:ReplaceComparisonOperator_GtE_LtE:0": CBR_CACHE,
    "betting:_CbrText.__missing__:ReplaceComparisonOperator_GtE_NotEq:0": CBR_CACHE,
    "betting:BettingRound.refusal:AddNot:4": MESSAGE,
    "betting:BettingRound.refusal:AddNot:5": MESSAGE,
    "betting:BettingRound.refusal:ReplaceAndWithOr:2": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Gt:3": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Gt:4": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_GtE:3": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_GtE:4": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Is:3": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Is:4": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_IsNot:3": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_IsNot:4": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Lt:3": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Lt:4": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_LtE:3": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_LtE:4": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_NotEq:3": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_NotEq:4": MESSAGE,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_GtE:1": (
        "In the OPEN phase nobody has bet yet (full_events is 0), so _raise_block never answers cap-reached "
        "there: testing phase >= 'normal' (normal or open) picks the same refusal code as phase == 'normal'."),
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_LtE:1": (
        "In the FORCED phase nobody has bet yet, so _raise_block never answers cap-reached there: testing "
        "phase <= 'normal' (forced or normal) picks the same refusal code as phase == 'normal'."),
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_LtE:2": (
        "_raise_block answers not-allowed or cap-reached here (a None would have offered a cbr); "
        "'not-allowed' <= 'cap-reached' is False and 'cap-reached' <= 'cap-reached' True, as with ==."),
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Is:0": INTERNED,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Is:1": INTERNED,
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_Is:2": (
        "_raise_block returns this module's own literal 'cap-reached', the same object the test compares "
        "with, so identity and equality agree."),
    "betting:BettingRound.refusal:ReplaceComparisonOperator_Eq_LtE:0": ORDERED_STRINGS,
    "betting:BettingRound._moves_of:ReplaceComparisonOperator_Eq_Is:0": INTERNED,
    "betting:BettingRound._moves_of:ReplaceComparisonOperator_Eq_Is:1": INTERNED,
    "betting:BettingRound._moves_of:ReplaceComparisonOperator_Eq_LtE:1": ORDERED_STRINGS,
    "betting:BettingRound.apply:ReplaceComparisonOperator_Eq_Is:1": INTERNED,
    "betting:BettingRound.apply:ReplaceComparisonOperator_Eq_LtE:1": ORDERED_STRINGS,
    "betting:BettingRound.apply:ReplaceComparisonOperator_Eq_LtE:2": ORDERED_STRINGS,
    "betting:BettingRound.__init__:ReplaceComparisonOperator_NotEq_IsNot:0": INTERNED,
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_GtE_Gt:1": (
        "An amount exactly one bet above the last full level is a full raise by the first test of "
        "_bet_or_raise (size == self.bet), so the last test only sees other sizes, where '>=' and '>' agree "
        "(betting-253 pins that boundary)."),
    "betting:BettingRound._advance:ReplaceComparisonOperator_GtE_Is:0": (
        "Reached only for a seat that has not acted or owes chips. After any bet or raise every seat that "
        "has not acted owes chips, so a seat that owes nothing here has committed 0 at a level of 0, and "
        "0 is 0; a seat that owes fails both tests."),
    "betting:BettingRound._cap_applies:ReplaceComparisonOperator_Eq_LtE:0": ORDERED_STRINGS,
    "betting:BettingRound._cap_applies:ReplaceComparisonOperator_Eq_LtE:1": ORDERED_STRINGS,
    "betting:<module>:NumberReplacer:1": CLOCKWISE_SELF,
    "betting:<module>:NumberReplacer:2": CLOCKWISE_SELF,
    "betting:<module>:NumberReplacer:3": CLOCKWISE_SELF,
    "betting:<module>:ReplaceBinaryOperator_Add_BitOr:1": CLOCKWISE_SELF,
    "betting:<module>:ReplaceBinaryOperator_Add_FloorDiv:1": CLOCKWISE_SELF,
    "betting:<module>:ReplaceBinaryOperator_Add_LShift:1": CLOCKWISE_SELF,
    "betting:<module>:ReplaceBinaryOperator_Add_Mul:1": CLOCKWISE_SELF,
    "betting:<module>:ReplaceBinaryOperator_Add_Pow:1": CLOCKWISE_SELF,
    "betting:<module>:NumberReplacer:4": CLOCKWISE_SIZES,
    "betting:<module>:NumberReplacer:5": CLOCKWISE_SIZES,
    "betting:<module>:NumberReplacer:6": CLOCKWISE_SIZES,
    "betting:<module>:NumberReplacer:7": CLOCKWISE_SIZES,
    "betting:Table.__init__:NumberReplacer:0": OVERWRITTEN,
    "betting:Table.__init__:NumberReplacer:1": OVERWRITTEN,
    "betting:Table.__init__:NumberReplacer:2": OVERWRITTEN,
    "betting:Table.__init__:NumberReplacer:3": OVERWRITTEN,
    "betting:Table.can_act:ReplaceComparisonOperator_Gt_NotEq:0": NEVER_NEGATIVE,
    "betting:Table.all_in:ReplaceComparisonOperator_Eq_LtE:0": NEVER_NEGATIVE,
    "betting:BettingRound._raise_block:ReplaceComparisonOperator_Eq_LtE:0": NEVER_NEGATIVE,
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_LtE:2": NEVER_NEGATIVE,
    "betting:BettingRound._cap_applies:NumberReplacer:0": CAP_RECORDED,
    "betting:BettingRound._cap_applies:ReplaceComparisonOperator_Gt_Lt:0": CAP_RECORDED,
    "betting:BettingRound._cap_applies:ReplaceComparisonOperator_Gt_NotEq:0": CAP_RECORDED,
    "betting:BettingRound._full:ReplaceComparisonOperator_GtE_Eq:0": (
        "full_events grows by one per full bet and live never grows, so the count first equals 1 + raise_cap "
        "at the bet that decides; 'equal' and 'at least' set capped at the same bet."),
    "betting:BettingRound._full:ReplaceComparisonOperator_GtE_Is:0": (
        "full_events and 1 + raise_cap are small integers (CPython keeps one object for each below 257), so "
        "identity equals equality, and equality decides at the same bet as 'at least' (see GtE_Eq)."),
    "betting:BettingRound._full:ReplaceComparisonOperator_Gt_NotEq:0": (
        "A bet or raise is offered only while at least two players can bet (live counts the raiser), so "
        "live is never below 2 here: 'not 2' and 'more than 2' agree."),
    "betting:BettingRound._advance:NumberReplacer:1": LAST_PLAYER,
    "betting:BettingRound._advance:ReplaceComparisonOperator_LtE_Eq:0": LAST_PLAYER,
    "betting:BettingRound._advance:ReplaceComparisonOperator_LtE_Lt:0": LAST_PLAYER,
    "betting:BettingRound._advance:ReplaceComparisonOperator_Eq_LtE:0": (
        "The loop breaks only at a player who can still bet, so live is at least 1 at this test: "
        "'at most 1' and 'exactly 1' agree."),
    "betting:BettingRound._advance:ReplaceComparisonOperator_GtE_Eq:0": LEVEL_IS_MAX,
    "betting:BettingRound._advance:ReplaceComparisonOperator_Lt_NotEq:0": LEVEL_IS_MAX,
    "betting:BettingRound.__init__:ReplaceComparisonOperator_Eq_LtE:0": (
        "A round is opened only when at least two players can bet (_open_round), so live <= 2 and live == 2 "
        "agree."),
    "betting:BettingRound._completion_targets:ReplaceComparisonOperator_GtE_Eq:0": (
        "The stakes never allow a bring-in above the small bet (table.stakes; the hand does not start), so "
        "'at least' and 'equal' agree."),
    "betting:BettingRound._post_bring_in:ReplaceComparisonOperator_GtE_Eq:0": (
        "The stakes never allow a bring-in above the small bet (table.stakes), so 'at least' and 'equal' agree."),
    "betting:BettingRound._completion_targets:ReplaceComparisonOperator_GtE_Gt:1": (
        "A stack of exactly the small bet then falls to the next test (more than the bring-in) and is "
        "offered (stack,), the same amount as (small,)."),
    "betting:BettingRound._raise_targets:ReplaceComparisonOperator_GtE_Gt:0": (
        "A stack of exactly the target is then offered as an all-in of total chips, the same amount as the "
        "target."),
    "betting:Table.post_antes:ReplaceComparisonOperator_Gt_GtE:0": (
        "A stack equal to the ante takes the other branch, which also leaves a stack of 0 and puts the whole "
        "stack (the ante) in: the same chips (the zoo's table-ante-boundary)."),
    "betting:BettingRound._raise_targets:ReplaceComparisonOperator_NotEq_Lt:0": (
        "The street's bet is the small or the big bet and never above the big bet, so 'different from' "
        "and 'less than' agree."),
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_NotEq_Gt:0": (
        "Reached only when size is the bet, or the big bet with an open pair, never less than the bet: "
        "'more than' equals 'different from'."),
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_NotEq_GtE:0": (
        "When size equals the bet the edited branch sets the bet to the same value: no change."),
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_NotEq_IsNot:0": (
        "When size equals the bet but is another object, the edited branch sets the bet to the same value: "
        "no change."),
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_Is:0": (
        "An amount one bet above the full level that fails the identity test falls to the half-bet test; "
        "the level is below full level + half a bet (a short all-in raises it by less than half), so the "
        "raise is more than half a bet above it and counted full, with the bet unchanged: the same."),
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_GtE:1": (
        "With an open pair an amount is at most the full level plus the big bet, so size >= big only when "
        "size == big."),
    "betting:BettingRound._bet_or_raise:ReplaceTrueWithFalse:0": (
        "The player making a short all-in has no chips left: an all-in player is skipped by _advance and "
        "never in turn again this round, so whether they count as having acted is never read."),
    # engine.py
    "engine:Hand._open_pair:ReplaceComparisonOperator_Lt_IsNot:0": (
        "A board never has more distinct ranks than cards, so 'fewer' equals 'not the same number', and the "
        "lengths are small integers (one object each in CPython), so 'is not' equals '!='."),
    "engine:Hand._open_pair:ReplaceComparisonOperator_Lt_NotEq:0": (
        "A board never has more distinct ranks than cards, so 'fewer' equals 'not the same number'."),
    "engine:Hand._deal_street:NumberReplacer:3": (
        "Reached only for a street of exactly one card (seventh), where cards[-1] is cards[0]."),
    "engine:Hand._settle_uncontested:NumberReplacer:1": (
        "Settled uncontested when exactly one player is left: players[-1] is players[0]."),
    "engine:Hand._uncontested_payout:NumberReplacer:1": (
        "Paid uncontested when exactly one player is left: players[-1] is players[0]."),
    "engine:Hand._showdown:NumberReplacer:3": (
        "Reached for a pot with exactly one eligible player: eligible[-1] is eligible[0]."),
    "engine:Hand.check:ReplaceOrWithAnd:0": (
        "The hand's round is None exactly when the hand is over (start and every action deal on until "
        "someone must act or the hand ends), and a round in play always has a seat to act: 'and' and 'or' "
        "give the same answer in every state check() sees."),
    "engine:Hand.check:ReplaceOrWithAnd:1": (
        "The hand's round is None exactly when the hand is over, and a round in play always has a seat to "
        "act: the edited test is True exactly when the hand is over, as before."),
    "engine:Hand._proceed:ReplaceComparisonOperator_Eq_LtE:0": (
        "A hand never has fewer than one player left (the last cannot fold), so 'at most 1' is 'exactly 1'."),
    "engine:Hand._showdown:ReplaceComparisonOperator_Eq_LtE:0": (
        "Every pot has at least one eligible player (a layer nobody can win joins its neighbour), so "
        "'at most 1' is 'exactly 1'."),
    "engine:Hand._chip_order:NumberReplacer:1": (
        "A single winner then goes through the odd-chip ordering, which returns that one seat: the same list."),
    "engine:_check_stacks:AddNot:1": FAST_PATH,
    "engine:check_table:AddNot:0": VALIDATOR_ONLY,
    "engine:_check_stakes:AddNot:5": STAKES_CACHE,
    "engine:_deck_indices:AddNot:0": DECK_FAST_PATH,
    "engine:_deck_indices:AddNot:3": MESSAGE_ONLY,
    "engine:_index_of:AddNot:0": ADAPTER_CARDS,
    "engine:_index_of:AddNot:1": ADAPTER_CARDS,
    "engine:_resolve_options:AddNot:1": ADAPTER_DICT,
    "engine:check_table:ExceptionReplacer:0": VALIDATOR_ONLY,
    "engine:_check_stakes:ExceptionReplacer:0": ADAPTER_STAKES,
    "engine:_index_of:ExceptionReplacer:0": ADAPTER_CARDS,
    "engine:Hand.check:NumberReplacer:4": MESSAGE_TURN,
    "engine:Hand.check:NumberReplacer:5": MESSAGE_TURN,
    "engine:_check_stacks:NumberReplacer:0": MESSAGE_ONLY,
    "engine:_check_stacks:NumberReplacer:1": MESSAGE_ONLY,
    "engine:_check_stacks:NumberReplacer:2": FAST_PATH,
    "engine:_check_stacks:NumberReplacer:4": FAST_PATH,
    "engine:_resolve_options:NumberReplacer:0": OPTIONS_CACHE,
    "engine:_resolve_options:NumberReplacer:1": OPTIONS_CACHE,
    "engine:_resolve_options:NumberReplacer:2": OPTIONS_CACHE,
    "engine:_resolve_options:NumberReplacer:3": OPTIONS_CACHE,
    "engine:Hand:RemoveDecorator:1": TO_ACT_UNREAD,
    "engine:Hand.check:ReplaceBinaryOperator_Add_BitAnd:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_BitOr:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_BitXor:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_Div:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_FloorDiv:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_LShift:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_Mod:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_Mul:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_Pow:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_RShift:0": MESSAGE_TURN,
    "engine:Hand.check:ReplaceBinaryOperator_Add_Sub:0": MESSAGE_TURN,
    "engine:_resolve_options:ReplaceComparisonOperator_IsNot_Eq:0": OPTIONS_CACHE,
    "engine:_resolve_options:ReplaceComparisonOperator_IsNot_Is:1": ADAPTER_DICT,
    "engine:_resolve_options:ReplaceComparisonOperator_IsNot_Is:2": OPTIONS_CACHE,
    "engine:_resolve_options:ReplaceComparisonOperator_IsNot_NotEq:0": OPTIONS_CACHE,
    "engine:_check_stacks:ReplaceComparisonOperator_Is_Eq:0": FAST_PATH,
    "engine:_check_stakes:ReplaceComparisonOperator_Is_Eq:1": STAKES_CACHE,
    "engine:_deck_indices:ReplaceComparisonOperator_Is_Eq:0": DECK_FAST_PATH,
    "engine:_check_stakes:ReplaceComparisonOperator_Is_IsNot:1": STAKES_CACHE,
    "engine:_deck_indices:ReplaceComparisonOperator_Is_IsNot:0": DECK_FAST_PATH,
    "engine:_check_stakes:ReplaceComparisonOperator_Is_NotEq:1": STAKES_CACHE,
    "engine:_deck_indices:ReplaceComparisonOperator_Is_NotEq:0": DECK_FAST_PATH,
    "engine:_check_stacks:ReplaceComparisonOperator_LtE_Eq:2": FAST_PATH,
    "engine:_check_stacks:ReplaceComparisonOperator_LtE_Is:2": FAST_PATH,
    "engine:_check_stacks:ReplaceComparisonOperator_LtE_Lt:2": FAST_PATH,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_Eq:0": DECK_FAST_PATH,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_Gt:0": DECK_FAST_PATH,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_GtE:0": DECK_FAST_PATH,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_Is:0": DECK_FAST_PATH,
    "engine:Hand.check:ReplaceComparisonOperator_NotEq_IsNot:0": SMALL_SEATS,
    "engine:Hand.apply:ReplaceComparisonOperator_NotEq_IsNot:0": SMALL_SEATS,
    "engine:Hand._winning_five:ReplaceComparisonOperator_NotEq_IsNot:0": SMALL_SEATS,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_IsNot:0": DECK_FAST_PATH,
    "engine:_resolve_options:ReplaceComparisonOperator_NotEq_IsNot:0": OPTIONS_CACHE,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_Lt:0": DECK_FAST_PATH,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_LtE:0": DECK_FAST_PATH,
    "engine:Hand._showdown:ReplaceContinueWithBreak:0": LAST_POT,
    "engine:check_table:ReplaceOrWithAnd:0": VALIDATOR_ONLY,
    "engine:<module>:ReplaceTrueWithFalse:0": FROZEN,
    "engine:_deck_indices:ZeroIterationForLoop:0": MESSAGE_ONLY,
    # hands.py
    "hands:<module>:NumberReplacer:6": VALUE_ORDER,
    "hands:<module>:NumberReplacer:7": VALUE_ORDER,
    "hands:<module>:NumberReplacer:8": VALUE_ORDER,
    "hands:<module>:NumberReplacer:9": VALUE_ORDER,
    "hands:Category:NumberReplacer:1": VALUE_ORDER,
    "hands:Category:NumberReplacer:16": VALUE_ORDER,
    "hands:_played_rank:NumberReplacer:1": VALUE_ORDER,
    "hands:_grouped_category:NumberReplacer:4": FIVE_CARD_GROUPS,
    "hands:_low_value:NumberReplacer:1": VALUE_ORDER,
    "hands:Category:RemoveDecorator:1": NOT_READ,
    "hands:LowHand:RemoveDecorator:0": NOT_READ,
    "hands:LowHand:RemoveDecorator:1": NOT_READ,
    "hands:_high_value:ReplaceBinaryOperator_Add_BitOr:0": HEX_DIGITS,
    "hands:_low_value:ReplaceBinaryOperator_Add_BitOr:0": HEX_DIGITS,
    "hands:_high_value:ReplaceBinaryOperator_Add_BitXor:0": HEX_DIGITS,
    "hands:_low_value:ReplaceBinaryOperator_Add_BitXor:0": HEX_DIGITS,
    "hands:_low_value:ReplaceBinaryOperator_Sub_BitXor:0": HEX_DIGITS,
    "hands:_high_five:ReplaceComparisonOperator_Eq_GtE:1": STRAIGHT_TESTS,
    "hands:_grouped_category:ReplaceComparisonOperator_Eq_GtE:0": FIVE_CARD_GROUPS,
    "hands:_grouped_category:ReplaceComparisonOperator_Eq_GtE:1": FIVE_CARD_GROUPS,
    "hands:_grouped_category:ReplaceComparisonOperator_Eq_GtE:2": FIVE_CARD_GROUPS,
    "hands:_grouped_category:ReplaceComparisonOperator_Eq_GtE:3": FIVE_CARD_GROUPS,
    "hands:_grouped_category:ReplaceComparisonOperator_Eq_GtE:4": FIVE_CARD_GROUPS,
    "hands:_high_five:ReplaceComparisonOperator_Eq_LtE:0": STRAIGHT_TESTS,
    "hands:_high_five:ReplaceComparisonOperator_Eq_LtE:1": STRAIGHT_TESTS,
    "hands:_high_five:ReplaceComparisonOperator_Eq_LtE:2": STRAIGHT_TESTS,
    "hands:_is_straight:ReplaceComparisonOperator_Eq_LtE:0": STRAIGHT_TESTS,
    "hands:_played_rank:ReplaceComparisonOperator_Is_Eq:0": ACE_ENUM,
    "hands:_played_rank:ReplaceComparisonOperator_Is_GtE:0": ACE_ENUM,
    "hands:_is_straight:ReplaceComparisonOperator_NotEq_Lt:0": STRAIGHT_TESTS,
    "hands:_low_five:ReplaceComparisonOperator_NotEq_Lt:0": STRAIGHT_TESTS,
    "hands:<module>:ReplaceTrueWithFalse:0": FROZEN,
    "hands:<module>:ReplaceTrueWithFalse:1": FROZEN,
    "hands:_checked:ZeroIterationForLoop:0": ADAPTER_PARSES,
    "hands:_high_five:ReplaceComparisonOperator_Eq_IsNot:0": (
        "ranks holds plain ints, never the Rank.ACE object, so 'is not' is always True: the test becomes "
        "'a straight whose second card is 5', which adds the six-high straight, and ace_plays_low changes "
        "nothing in a hand without an ace."),
    # exposed.py
    "exposed:<module>:NumberReplacer:0": CATEGORY_ORDER,
    "exposed:<module>:NumberReplacer:9": CATEGORY_ORDER,
    "exposed:bring_in_seat:NumberReplacer:1": ONE_UP_CARD,
    "exposed:significance:NumberReplacer:4": COUNT_ORDER,
    "exposed:significance:NumberReplacer:5": COUNT_ORDER,
    "exposed:significance:NumberReplacer:6": COUNT_ORDER,
    "exposed:<module>:NumberReplacer:14": EXTRA_ENTRY,
    "exposed:_RankMemo.__missing__:NumberReplacer:0": EXTRA_ENTRY,
    "exposed:first_by_counts:NumberReplacer:0": FIRST_ALWAYS,
    "exposed:first_by_counts:NumberReplacer:1": FIRST_ALWAYS,
    "exposed:first_by_counts:NumberReplacer:2": FIRST_ALWAYS,
    "exposed:first_by_counts:NumberReplacer:3": FIRST_ALWAYS,
    "exposed:board_key:ReplaceBinaryOperator_BitAnd_Add:0": SUIT_MONOTONE,
    "exposed:board_key:ReplaceBinaryOperator_BitAnd_Div:0": SUIT_MONOTONE,
    "exposed:board_key:ReplaceBinaryOperator_BitAnd_LShift:0": SUIT_MONOTONE,
    "exposed:board_key:ReplaceBinaryOperator_BitAnd_Mul:0": SUIT_MONOTONE,
    "exposed:board_key:ReplaceBinaryOperator_BitAnd_Pow:0": SUIT_MONOTONE,
    "exposed:board_key:ReplaceBinaryOperator_BitAnd_Sub:0": SUIT_MONOTONE,
    "exposed:_rank_board:ReplaceComparisonOperator_Eq_GtE:0": GROUPS_BOUNDED,
    "exposed:_rank_board:ReplaceComparisonOperator_Eq_GtE:1": GROUPS_BOUNDED,
    "exposed:_rank_board:ReplaceComparisonOperator_Eq_GtE:2": GROUPS_BOUNDED,
    "exposed:board_key:ReplaceComparisonOperator_Eq_GtE:0": SUIT_ONLY,
    "exposed:first_to_act:ReplaceComparisonOperator_Eq_GtE:0": SUIT_ONLY,
    "exposed:board_key:ReplaceComparisonOperator_Eq_IsNot:0": SUIT_ONLY,
    "exposed:first_to_act:ReplaceComparisonOperator_Eq_IsNot:0": SUIT_ONLY,
    "exposed:board_key:ReplaceComparisonOperator_Eq_LtE:0": SUIT_ONLY,
    "exposed:first_to_act:ReplaceComparisonOperator_Eq_LtE:0": SUIT_ONLY,
    "exposed:_rank_board:ReplaceComparisonOperator_GtE_Eq:0": GROUPS_BOUNDED,
    "exposed:_rank_board:ReplaceComparisonOperator_Gt_NotEq:0": GROUPS_BOUNDED,
    "exposed:_rank_board:ReplaceTrueWithFalse:0": RESORTED,
    "exposed:first_by_counts:ReplaceUnaryOperator_Delete_USub:0": FIRST_ALWAYS,
    "exposed:first_by_counts:ReplaceUnaryOperator_USub_Invert:0": FIRST_ALWAYS,
    "exposed:first_by_counts:ReplaceUnaryOperator_USub_Invert:1": FIRST_ALWAYS,
    "exposed:first_by_counts:ReplaceUnaryOperator_USub_Not:0": FIRST_ALWAYS,
    "exposed:first_by_counts:ReplaceUnaryOperator_USub_Not:1": FIRST_ALWAYS,
    "exposed:first_by_counts:ReplaceUnaryOperator_USub_UAdd:0": FIRST_ALWAYS,
    # dealing.py
    "dealing:Dealer.__init__:AddNot:0": DEALER_LIST,
    "dealing:Dealer:RemoveDecorator:0": STUB_UNUSED,
    "dealing:plan_seventh:ReplaceComparisonOperator_Eq_GtE:0": PROCEDURE_STRINGS,
    "dealing:plan_seventh:ReplaceComparisonOperator_Eq_GtE:3": PROCEDURE_STRINGS,
    "dealing:plan_seventh:ReplaceComparisonOperator_Eq_IsNot:2": PROCEDURE_STRINGS,
    "dealing:plan_seventh:ReplaceComparisonOperator_Eq_LtE:2": NEVER_NEGATIVE,
    "dealing:plan_seventh:ReplaceComparisonOperator_Eq_LtE:1": PROCEDURE_STRINGS,
    "dealing:plan_seventh:ReplaceComparisonOperator_Eq_LtE:3": PROCEDURE_STRINGS,
    "dealing:Dealer.deal_many:ReplaceComparisonOperator_Lt_Gt:0": NEVER_SHORT,
    "dealing:Dealer.deal_many:ReplaceComparisonOperator_Lt_IsNot:0": NEVER_SHORT,
    "dealing:Dealer.deal_many:ReplaceComparisonOperator_Lt_NotEq:0": NEVER_SHORT,
    "dealing:<module>:ReplaceFalseWithTrue:0": RECYCLE_SAME,
    "dealing:plan_seventh:ReplaceFalseWithTrue:1": RECYCLE_SAME,
    "dealing:plan_seventh:ReplaceFalseWithTrue:2": RECYCLE_SAME,
    # the seventh-street states a 52-card deck can reach (2 to 8 seated, burn_before_third or not,
    # any folds before each street) were enumerated against each of these: none deals other cards
    "dealing:plan_seventh:NumberReplacer:0": TDA_USUAL_OR_A,
    "dealing:plan_seventh:NumberReplacer:1": TDA_USUAL_OR_A,
    "dealing:plan_seventh:ReplaceBinaryOperator_Add_LShift:0": TDA_USUAL_OR_A,
    "dealing:plan_seventh:ReplaceBinaryOperator_Add_Mul:0": TDA_USUAL_OR_A,
    "dealing:plan_seventh:ReplaceBinaryOperator_Add_Pow:0": TDA_USUAL_OR_A,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Eq:0": TDA_USUAL_OR_A,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Gt:0": TDA_USUAL_OR_A,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Is:0": TDA_USUAL_OR_A,
    "dealing:plan_seventh:NumberReplacer:4": TDA_B_OR_C,
    "dealing:plan_seventh:NumberReplacer:5": TDA_B_OR_C,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Eq:2": TDA_B_OR_C,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Gt:2": TDA_B_OR_C,
    "dealing:plan_seventh:NumberReplacer:10": EMPTY_STUB_BURNS,
    "dealing:plan_seventh:NumberReplacer:11": EMPTY_STUB_BURNS,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Gt:4": EMPTY_STUB_BURNS,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_NotEq:4": EMPTY_STUB_BURNS,
    "dealing:plan_seventh:NumberReplacer:14": ROBERT_USUAL_OR_RECYCLE,
    "dealing:plan_seventh:ReplaceBinaryOperator_Add_LShift:4": ROBERT_USUAL_OR_RECYCLE,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Eq:6": ROBERT_USUAL_OR_RECYCLE,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Gt:6": ROBERT_USUAL_OR_RECYCLE,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Is:3": ROBERT_USUAL_OR_RECYCLE,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Eq:8": ROBERT_EXACTLY,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Is:5": ROBERT_EXACTLY,
    "dealing:plan_seventh:NumberReplacer:18": ROBERT_BURNS,
    "dealing:plan_seventh:NumberReplacer:19": ROBERT_BURNS,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Gt:9": ROBERT_BURNS,
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_NotEq:9": ROBERT_BURNS,
    # engine.py: the survivors of the recorded run
    "engine:Hand.__init__:ReplaceBinaryOperator_Sub_BitXor:0": FIVE_STREETS,
    "engine:Hand._best_board:ReplaceComparisonOperator_Eq_Is:0": TIES_SLOW_PATH,
    "engine:Hand._best_board:ReplaceComparisonOperator_Eq_Lt:0": TIES_SLOW_PATH,
    "engine:Hand._best_board:ReplaceComparisonOperator_Eq_LtE:0": TIES_SLOW_PATH,
    "engine:Hand._best_board:ReplaceComparisonOperator_NotEq_Gt:0": COMMUNITY_STRINGS,
    "engine:Hand._chip_order:ReplaceComparisonOperator_Eq_GtE:0": ENGINE_STRINGS,
    "engine:Hand._chip_order:ReplaceComparisonOperator_Eq_GtE:1": ENGINE_STRINGS,
    "engine:Hand._chip_order:ReplaceComparisonOperator_Eq_Is:2": ENGINE_LITERALS,
    "engine:Hand._chip_order:ReplaceComparisonOperator_Eq_LtE:2": ENGINE_STRINGS,
    "engine:Hand._deal_cards:ReplaceComparisonOperator_Eq_GtE:0": ENGINE_STRINGS,
    "engine:Hand._deal_street:ReplaceAndWithOr:0": EARLY_STREETS_AS_LAST,
    "engine:Hand._deal_street:ReplaceComparisonOperator_Eq_LtE:0": EARLY_STREETS_AS_LAST,
    "engine:Hand._deal_street:ReplaceComparisonOperator_Eq_GtE:0": STREET_INDEX,
    "engine:Hand._deal_street:ReplaceComparisonOperator_Eq_Is:0": STREET_INDEX,
    "engine:Hand._deal_street:ReplaceComparisonOperator_Eq_GtE:1": LAST_STREET_ONE_CARD,
    "engine:Hand._deal_street:ReplaceComparisonOperator_Eq_LtE:1": LAST_STREET_ONE_CARD,
    "engine:Hand._deal_street:ReplaceComparisonOperator_Eq_GtE:2": LATER_STREETS_BURN,
    "engine:Hand._deal_street:ReplaceComparisonOperator_Eq_LtE:2": LATER_STREETS_BURN,
    "engine:Hand._open_round:ReplaceComparisonOperator_Eq_GtE:1": OPEN_PAIR_LATER,
    "engine:Hand._open_round:ReplaceComparisonOperator_Eq_IsNot:0": OPEN_PAIR_LATER,
    "engine:Hand._open_round:ReplaceComparisonOperator_Eq_LtE:1": OPEN_PAIR_LATER,
    "engine:Hand._open_round:ReplaceComparisonOperator_Eq_LtE:0": STREET_INDEX,
    "engine:Hand._proceed:ReplaceComparisonOperator_Eq_GtE:1": STREET_INDEX,
    "engine:Hand._proceed:ReplaceComparisonOperator_Eq_Is:0": STREET_INDEX,
    "engine:Hand._show_order:ReplaceComparisonOperator_Eq_GtE:0": ALL_STREETS_AT_SHOWDOWN,
    "engine:Hand._show_order:ReplaceComparisonOperator_Eq_Is:0": ALL_STREETS_AT_SHOWDOWN,
    "engine:Hand._show_order:ReplaceComparisonOperator_Eq_LtE:0": ALL_STREETS_AT_SHOWDOWN,
    "engine:Hand._show_order:ReplaceComparisonOperator_Eq_LtE:1": ENGINE_STRINGS,
    "engine:Hand._showdown:ReplaceComparisonOperator_Eq_GtE:1": BEST_IS_MAX,
    "engine:Hand._uncontested_payout:ReplaceComparisonOperator_Eq_GtE:0": WINNER_ONLY,
    "engine:Hand._uncontested_payout:ReplaceComparisonOperator_Eq_Is:0": WINNER_ONLY,
    "engine:Hand._uncontested_payout:ReplaceComparisonOperator_Eq_LtE:0": WINNER_ONLY,
    "engine:Hand._winning_five:ReplaceComparisonOperator_Eq_Is:0": ENGINE_LITERALS,
    "engine:Hand._winning_five:ReplaceComparisonOperator_Eq_LtE:0": ENGINE_STRINGS,
    "engine:Hand.check:ExceptionReplacer:0": CHECK_PARSED,
    "engine:Hand.check:ReplaceComparisonOperator_Lt_IsNot:0": SEAT_DIGITS,
    "engine:Hand.check:ReplaceComparisonOperator_Lt_NotEq:0": SEAT_DIGITS,
    "engine:_check_stacks:ExceptionReplacer:0": ADAPTER_LISTS,
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_GtE:1": FAST_PATH,
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_IsNot:0": ADAPTER_INTS,
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_NotEq:1": ADAPTER_INTS,
    "engine:_check_stacks:ReplaceComparisonOperator_Is_IsNot:0": ADAPTER_INTS,
    "engine:_check_stacks:ReplaceComparisonOperator_Is_NotEq:0": ADAPTER_INTS,
    "engine:_check_stakes:ReplaceComparisonOperator_Is_Eq:0": STAKES_CACHE,
    "engine:_deck_indices:ExceptionReplacer:0": ADAPTER_LISTS,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_Gt:1": COMPLETED_DECK,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_Gt:2": COMPLETED_DECK,
    "engine:_deck_indices:ReplaceComparisonOperator_NotEq_Lt:2": COMPLETED_DECK,
    "engine:_is_int:ReplaceAndWithOr:0": ADAPTER_INTS,
    "engine:_is_int:ReplaceComparisonOperator_Is_Eq:0": ADAPTER_INTS,
    "engine:_is_int:ReplaceComparisonOperator_Is_IsNot:0": ADAPTER_INTS,
    "engine:_is_int:ReplaceComparisonOperator_Is_NotEq:0": ADAPTER_INTS,
    "engine:_is_int:ReplaceOrWithAnd:0": ADAPTER_INTS,
    "engine:_is_int:ReplaceUnaryOperator_Delete_Not:0": ADAPTER_INTS,
    # pots.py
    "pots:side_pots:ReplaceComparisonOperator_Gt_NotEq:0": NEVER_NEGATIVE,
    "pots:_merge_dead_layers:AddNot:2": DEAD_LAYER,
    "pots:uncalled:NumberReplacer:1": TWO_SEATS,
    "pots:_merge_dead_layers:NumberReplacer:4": DEAD_LAYER,
    "pots:_merge_dead_layers:NumberReplacer:5": DEAD_LAYER,
    "pots:_merge_dead_layers:NumberReplacer:6": DEAD_LAYER,
    "pots:_merge_dead_layers:NumberReplacer:7": DEAD_LAYER,
    "pots:_merge_dead_layers:NumberReplacer:8": DEAD_LAYER,
    "pots:_merge_dead_layers:NumberReplacer:9": DEAD_LAYER,
    "pots:_merge_dead_layers:NumberReplacer:10": DEAD_LAYER,
    "pots:_merge_dead_layers:NumberReplacer:11": DEAD_LAYER,
    "pots:split_pot:NumberReplacer:3": ONE_SCOOPER,
    "pots:split_pot:ReplaceBinaryOperator_FloorDiv_Div:0": (
        "amount / 2 leaves x.5 for an odd amount; split_half's divmod then gives the same chips, written as "
        "floats (the remainder rounds up to one more chip for the same first winners), and the protocol "
        "compares amounts as JSON numbers, where 3.0 is 3."),
    "pots:low_card_key:NumberReplacer:9": (
        "With * 3 the spade of one rank gets the key of the next rank's club; every other order stays. Only "
        "a tie between two players' lowest counted cards could change, one of rank r and one of rank r + 1: "
        "the first player then holds a rank the second lacks, which is either in both tied lows (so the "
        "second holds it too) or would have made the first player's low better; and under the winning-hand "
        "option the lowest cards of two equal lows have the same rank."),
    "pots:low_card_key:NumberReplacer:5": LOW_KEY_ORDER,
    "pots:low_card_key:NumberReplacer:6": LOW_KEY_ORDER,
    "pots:low_card_key:NumberReplacer:8": LOW_KEY_ORDER,
    "pots:_by_cards.compare:NumberReplacer:0": COMPARE_SIGN,
    "pots:_by_cards.compare:NumberReplacer:2": COMPARE_SIGN,
    "pots:_by_cards.compare:NumberReplacer:3": COMPARE_SIGN,
    "pots:_by_cards.compare:NumberReplacer:4": COMPARE_SIGN,
    "pots:_by_cards.compare:NumberReplacer:6": COMPARE_SIGN,
    "pots:_by_cards.compare:NumberReplacer:7": COMPARE_SIGN,
    "pots:_merge_dead_layers:ReplaceAndWithOr:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceBinaryOperator_Add_BitOr:0": DEAD_LAYER,
    "pots:low_card_key:ReplaceBinaryOperator_Add_BitOr:1": SUIT_BITS,
    "pots:_merge_dead_layers:ReplaceBinaryOperator_Add_BitXor:0": DEAD_LAYER,
    "pots:low_card_key:ReplaceBinaryOperator_Add_BitXor:1": SUIT_BITS,
    "pots:_merge_dead_layers:ReplaceBinaryOperator_Add_LShift:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceBinaryOperator_Add_RShift:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceBinaryOperator_Add_Sub:0": DEAD_LAYER,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_Add:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_BitAnd:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_BitOr:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_BitXor:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_Div:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_FloorDiv:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_LShift:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_Mod:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_Mul:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_Pow:0": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceBinaryOperator_Sub_RShift:0": COMPARE_UNREACHED,
    "pots:low_card_key:ReplaceComparisonOperator_Eq_GtE:0": ACE_TOP,
    "pots:low_card_key:ReplaceComparisonOperator_Eq_Is:0": ACE_TOP,
    "pots:uncalled:ReplaceComparisonOperator_Eq_LtE:0": (
        "The contributions are sorted, so the largest is never below the second: 'at most' is 'equal'."),
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_Eq:1": COMPARE_UNREACHED,
    "pots:side_pots:ReplaceComparisonOperator_Gt_GtE:1": ZERO_TERMS,
    "pots:split_pot:ReplaceComparisonOperator_Gt_GtE:0": ONE_SCOOPER,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_GtE:0": CARDS_DIFFER,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_GtE:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_Is:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_IsNot:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_Lt:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_LtE:1": COMPARE_UNREACHED,
    "pots:split_pot:ReplaceComparisonOperator_Gt_NotEq:0": ONE_SCOOPER,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Gt_NotEq:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_Eq:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_Gt:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_GtE:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_Is:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_IsNot:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_LtE:0": CARDS_DIFFER,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_LtE:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_Lt_NotEq:1": COMPARE_UNREACHED,
    "pots:_by_cards.compare:ReplaceComparisonOperator_NotEq_IsNot:0": SMALL_INTS,
    "pots:_merge_dead_layers:ReplaceContinueWithBreak:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_Delete_USub:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_Delete_USub:1": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_USub_Invert:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_USub_Invert:1": DEAD_LAYER,
    "pots:_by_cards.compare:ReplaceUnaryOperator_USub_Invert:0": COMPARE_SIGN,
    "pots:_by_cards.compare:ReplaceUnaryOperator_USub_Invert:1": COMPARE_SIGN,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_USub_Not:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_USub_Not:1": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_USub_UAdd:0": DEAD_LAYER,
    "pots:_merge_dead_layers:ReplaceUnaryOperator_USub_UAdd:1": DEAD_LAYER,
}


# --- fast_eval: code the engine never calls ----------------------------------------------
# The engine values hands with fast_eval.values_idx only. These survivors lie in functions (and
# constants) that only other parts of the project call; they are a finding about the module,
# not about the suite: the counter belongs with verify-evaluator, and the rest is used by no
# product code at all (see docs/mutants.md).

UNREACHED_TALLY = ("Not reached by the engine: tally_seven, its tables (_tally_tables, cached by the decorator), "
                   "_unpack and the packing constants _LOW_BITS and _LOW_MASK are the exhaustive counter behind "
                   "stud8 verify-evaluator; the engine values hands with values_idx and never calls them, so no "
                   "observation can tell the edit (the unit tests and verify-evaluator check this code).")
UNREACHED_API = ("Not reached by the engine: high_value_idx (used by stud8 bench), low_value_idx and _indices "
                 "(behind high_value, low_value and values, used only by unit tests) are never called by the "
                 "engine, which values hands with values_idx, so no observation can tell the edit.")

_UNREACHED_TALLY_KEYS = (
    "fast_eval:<module>:NumberReplacer:28",
    "fast_eval:<module>:NumberReplacer:29",
    "fast_eval:<module>:NumberReplacer:30",
    "fast_eval:<module>:NumberReplacer:31",
    "fast_eval:<module>:NumberReplacer:32",
    "fast_eval:<module>:NumberReplacer:33",
    "fast_eval:<module>:RemoveDecorator:0",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_Add:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_BitAnd:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_BitOr:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_BitXor:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_Div:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_FloorDiv:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_Mod:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_Mul:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_Pow:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_RShift:1",
    "fast_eval:<module>:ReplaceBinaryOperator_LShift_Sub:1",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_Add:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_BitAnd:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_BitOr:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_BitXor:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_Div:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_FloorDiv:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_LShift:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_Mod:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_Mul:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_Pow:2",
    "fast_eval:<module>:ReplaceBinaryOperator_Sub_RShift:2",
    "fast_eval:_tally_tables:NumberReplacer:0",
    "fast_eval:_tally_tables:NumberReplacer:1",
    "fast_eval:_tally_tables:NumberReplacer:2",
    "fast_eval:_tally_tables:NumberReplacer:3",
    "fast_eval:_tally_tables:NumberReplacer:4",
    "fast_eval:_tally_tables:NumberReplacer:5",
    "fast_eval:_tally_tables:NumberReplacer:6",
    "fast_eval:_tally_tables:NumberReplacer:7",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_Add:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_BitOr:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_BitXor:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_Div:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_FloorDiv:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_LShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_Mod:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_Mul:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_Pow:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_RShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitAnd_Sub:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_Add:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_BitAnd:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_BitXor:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_Div:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_FloorDiv:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_LShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_Mod:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_Mul:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_Pow:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_RShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_BitOr_Sub:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Add:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Add:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_BitAnd:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_BitAnd:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_BitOr:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_BitOr:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_BitXor:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_BitXor:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Div:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Div:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_FloorDiv:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_FloorDiv:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Mod:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Mod:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Mul:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Mul:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Pow:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Pow:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_RShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_RShift:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Sub:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_LShift_Sub:1",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_Add:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_BitAnd:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_BitOr:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_BitXor:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_Div:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_FloorDiv:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_LShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_Mod:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_Pow:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_RShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Mul_Sub:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_Add:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_BitAnd:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_BitOr:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_BitXor:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_Div:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_FloorDiv:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_LShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_Mod:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_Mul:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_Pow:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_RShift_Sub:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_Add:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_BitAnd:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_BitOr:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_BitXor:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_Div:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_FloorDiv:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_LShift:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_Mod:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_Mul:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_Pow:0",
    "fast_eval:_tally_tables:ReplaceBinaryOperator_Sub_RShift:0",
    "fast_eval:_tally_tables:ReplaceComparisonOperator_GtE_Eq:0",
    "fast_eval:_tally_tables:ReplaceComparisonOperator_GtE_Gt:0",
    "fast_eval:_tally_tables:ReplaceComparisonOperator_GtE_Is:0",
    "fast_eval:_tally_tables:ReplaceComparisonOperator_GtE_IsNot:0",
    "fast_eval:_tally_tables:ReplaceComparisonOperator_GtE_Lt:0",
    "fast_eval:_tally_tables:ReplaceComparisonOperator_GtE_LtE:0",
    "fast_eval:_tally_tables:ReplaceComparisonOperator_GtE_NotEq:0",
    "fast_eval:_tally_tables:ReplaceOrWithAnd:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_Add:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_BitOr:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_BitXor:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_Div:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_FloorDiv:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_LShift:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_Mod:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_Mul:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_Pow:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_RShift:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_BitAnd_Sub:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_Add:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_BitAnd:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_BitOr:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_BitXor:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_Div:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_FloorDiv:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_LShift:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_Mod:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_Mul:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_Pow:0",
    "fast_eval:_unpack:ReplaceBinaryOperator_RShift_Sub:0",
    "fast_eval:_unpack:ReplaceOrWithAnd:0",
    "fast_eval:tally_seven:AddNot:0",
    "fast_eval:tally_seven:AddNot:1",
    "fast_eval:tally_seven:NumberReplacer:0",
    "fast_eval:tally_seven:NumberReplacer:1",
    "fast_eval:tally_seven:NumberReplacer:10",
    "fast_eval:tally_seven:NumberReplacer:11",
    "fast_eval:tally_seven:NumberReplacer:12",
    "fast_eval:tally_seven:NumberReplacer:13",
    "fast_eval:tally_seven:NumberReplacer:14",
    "fast_eval:tally_seven:NumberReplacer:15",
    "fast_eval:tally_seven:NumberReplacer:16",
    "fast_eval:tally_seven:NumberReplacer:17",
    "fast_eval:tally_seven:NumberReplacer:18",
    "fast_eval:tally_seven:NumberReplacer:19",
    "fast_eval:tally_seven:NumberReplacer:2",
    "fast_eval:tally_seven:NumberReplacer:20",
    "fast_eval:tally_seven:NumberReplacer:21",
    "fast_eval:tally_seven:NumberReplacer:22",
    "fast_eval:tally_seven:NumberReplacer:23",
    "fast_eval:tally_seven:NumberReplacer:24",
    "fast_eval:tally_seven:NumberReplacer:25",
    "fast_eval:tally_seven:NumberReplacer:26",
    "fast_eval:tally_seven:NumberReplacer:27",
    "fast_eval:tally_seven:NumberReplacer:28",
    "fast_eval:tally_seven:NumberReplacer:29",
    "fast_eval:tally_seven:NumberReplacer:3",
    "fast_eval:tally_seven:NumberReplacer:30",
    "fast_eval:tally_seven:NumberReplacer:31",
    "fast_eval:tally_seven:NumberReplacer:32",
    "fast_eval:tally_seven:NumberReplacer:33",
    "fast_eval:tally_seven:NumberReplacer:34",
    "fast_eval:tally_seven:NumberReplacer:35",
    "fast_eval:tally_seven:NumberReplacer:36",
    "fast_eval:tally_seven:NumberReplacer:37",
    "fast_eval:tally_seven:NumberReplacer:4",
    "fast_eval:tally_seven:NumberReplacer:5",
    "fast_eval:tally_seven:NumberReplacer:6",
    "fast_eval:tally_seven:NumberReplacer:7",
    "fast_eval:tally_seven:NumberReplacer:8",
    "fast_eval:tally_seven:NumberReplacer:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitAnd:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitOr:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_BitXor:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Div:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_FloorDiv:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_LShift:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mod:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Mul:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Pow:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_RShift:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:10",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:11",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:12",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:13",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:14",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:15",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:16",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:3",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:4",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:5",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:6",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:7",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:8",
    "fast_eval:tally_seven:ReplaceBinaryOperator_Add_Sub:9",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Add:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Add:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Add:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_BitOr:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_BitOr:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_BitOr:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_BitXor:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_BitXor:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_BitXor:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Div:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Div:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Div:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_FloorDiv:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_FloorDiv:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_FloorDiv:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_LShift:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_LShift:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_LShift:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Mod:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Mod:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Mod:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Mul:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Mul:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Mul:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Pow:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Pow:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Pow:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_RShift:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_RShift:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_RShift:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Sub:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Sub:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitAnd_Sub:2",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_Add:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_BitAnd:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_BitXor:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_Div:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_FloorDiv:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_LShift:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_Mod:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_Mul:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_Pow:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_RShift:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_BitOr_Sub:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_Add:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_BitAnd:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_BitOr:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_BitXor:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_Div:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_FloorDiv:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_Mod:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_Mul:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_Pow:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_RShift:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_LShift_Sub:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Add:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Add:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_BitAnd:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_BitAnd:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_BitOr:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_BitOr:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_BitXor:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_BitXor:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Div:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Div:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_FloorDiv:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_FloorDiv:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_LShift:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_LShift:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Mod:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Mod:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Mul:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Mul:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Pow:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Pow:1",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Sub:0",
    "fast_eval:tally_seven:ReplaceBinaryOperator_RShift_Sub:1",
    "fast_eval:tally_seven:ReplaceComparisonOperator_GtE_Eq:0",
    "fast_eval:tally_seven:ReplaceComparisonOperator_GtE_Gt:0",
    "fast_eval:tally_seven:ReplaceComparisonOperator_GtE_Lt:0",
    "fast_eval:tally_seven:ReplaceComparisonOperator_GtE_LtE:0",
    "fast_eval:tally_seven:ReplaceComparisonOperator_GtE_NotEq:0",
    "fast_eval:tally_seven:ZeroIterationForLoop:0",
    "fast_eval:tally_seven:ZeroIterationForLoop:1",
    "fast_eval:tally_seven:ZeroIterationForLoop:2",
    "fast_eval:tally_seven:ZeroIterationForLoop:3",
    "fast_eval:tally_seven:ZeroIterationForLoop:4",
    "fast_eval:tally_seven:ZeroIterationForLoop:5",
    "fast_eval:tally_seven:ZeroIterationForLoop:6",
)

_UNREACHED_API_KEYS = (
    "fast_eval:_indices:AddNot:0",
    "fast_eval:_indices:NumberReplacer:0",
    "fast_eval:_indices:NumberReplacer:1",
    "fast_eval:_indices:NumberReplacer:2",
    "fast_eval:_indices:NumberReplacer:3",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_Eq:0",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_Eq:1",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_Gt:0",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_Gt:1",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_GtE:0",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_GtE:1",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_Is:0",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_IsNot:0",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_Lt:0",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_Lt:1",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_NotEq:0",
    "fast_eval:_indices:ReplaceComparisonOperator_LtE_NotEq:1",
    "fast_eval:_indices:ReplaceUnaryOperator_Delete_Not:0",
    "fast_eval:high_value_idx:AddNot:0",
    "fast_eval:high_value_idx:NumberReplacer:0",
    "fast_eval:high_value_idx:NumberReplacer:1",
    "fast_eval:high_value_idx:NumberReplacer:2",
    "fast_eval:high_value_idx:NumberReplacer:3",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_Add:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_BitOr:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_BitXor:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_Div:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_FloorDiv:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_LShift:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_Mod:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_Mul:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_Pow:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_RShift:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_BitAnd_Sub:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_Add:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_BitAnd:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_BitOr:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_BitXor:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_Div:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_FloorDiv:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_LShift:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_Mod:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_Mul:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_Pow:0",
    "fast_eval:high_value_idx:ReplaceBinaryOperator_RShift_Sub:0",
    "fast_eval:high_value_idx:ReplaceComparisonOperator_Lt_Eq:0",
    "fast_eval:high_value_idx:ReplaceComparisonOperator_Lt_Gt:0",
    "fast_eval:high_value_idx:ReplaceComparisonOperator_Lt_GtE:0",
    "fast_eval:high_value_idx:ReplaceComparisonOperator_Lt_LtE:0",
    "fast_eval:high_value_idx:ReplaceComparisonOperator_Lt_NotEq:0",
    "fast_eval:high_value_idx:ZeroIterationForLoop:0",
    "fast_eval:low_value_idx:NumberReplacer:0",
    "fast_eval:low_value_idx:NumberReplacer:1",
    "fast_eval:low_value_idx:ZeroIterationForLoop:0",
)


SEVEN_CARDS = ("at showdown every player holds seven cards (six of their own and a community card, if one is "
               "dealt), the only hands the engine values with fast_eval")
TABLES_SAME_7 = ("Every seven-card hand is valued exactly as before: the edit leaves every table entry a seven-card "
                 "hand looks up unchanged (checked over every seven-card rank multiset, suit count and flush "
                 "mask), and " + SEVEN_CARDS + ".")
TABLES_ORDER_7 = ("Seven-card hands get other numbers in the same order: over every seven-card rank multiset, suit "
                  "count and flush mask the edited values order the hands as before and keep 'no low' apart; "
                  "values are only compared with each other, and " + SEVEN_CARDS + ".")
UNREACHED_RANK_KEY = ("Only RANK_KEY changes, which low_value_idx and tally_seven alone read; the engine values hands "
                      "with values_idx, which sums CARD_KEY, so it never reads the edited table.")
SUIT_FIELD_WIDTH = ("Every suit count gets a four-bit field instead of three: CARD_KEY, the suit mask, FLUSH_SUIT and "
                    "the shift to the rank key all follow _SUIT_BITS, and seven cards never overflow a field, so "
                    "every hand finds the same flush suit and rank key.")
NO_FLUSH_MARKER = ("FLUSH_SUIT marks 'no flush' with -2 instead of -1; values_idx (and tally_seven) only ask whether "
                   "the suit is below 0.")
TRIPS_ONCE = ("A full house's own three of a kind also competes for its pair, so three Xs and a lower pair value as "
              "Xs full of Xs: still above every full house with lower trips and below every one with higher "
              "trips. Only two full houses with the same trips could compare differently, and no two players "
              "hold three cards of one rank (there are four; a community card gives each player one of them).")

_FAST_EVAL_REACHED = {
    "fast_eval:<module>:NumberReplacer:0": TABLES_SAME_7,
    "fast_eval:<module>:NumberReplacer:25": TABLES_SAME_7,
    "fast_eval:<module>:NumberReplacer:26": TABLES_SAME_7,
    "fast_eval:_best_without_flush:NumberReplacer:15": TABLES_SAME_7,
    "fast_eval:_best_without_flush:NumberReplacer:19": TABLES_SAME_7,
    "fast_eval:_best_without_flush:NumberReplacer:33": TABLES_SAME_7,
    "fast_eval:_best_without_flush:NumberReplacer:37": TABLES_SAME_7,
    "fast_eval:_best_without_flush:NumberReplacer:47": TABLES_SAME_7,
    "fast_eval:_best_without_flush:NumberReplacer:51": TABLES_SAME_7,
    "fast_eval:_best_without_flush:ReplaceBinaryOperator_Add_LShift:1": TABLES_SAME_7,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_BitOr_BitXor:0": TABLES_SAME_7,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Mul_LShift:0": TABLES_SAME_7,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Mul_Pow:0": TABLES_SAME_7,
    "fast_eval:_build_flush_suit:NumberReplacer:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:NumberReplacer:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:NumberReplacer:2": TABLES_SAME_7,
    "fast_eval:_build_flush_values:NumberReplacer:3": TABLES_SAME_7,
    "fast_eval:_build_flush_values:NumberReplacer:7": TABLES_SAME_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Sub_Add:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Sub_BitOr:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Sub_BitXor:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Sub_FloorDiv:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Sub_LShift:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Sub_Mul:0": TABLES_SAME_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Sub_Pow:0": TABLES_SAME_7,
    "fast_eval:_build_low_by_mask:NumberReplacer:0": TABLES_SAME_7,
    "fast_eval:_build_low_by_mask:NumberReplacer:4": TABLES_SAME_7,
    "fast_eval:_build_low_by_mask:ReplaceBinaryOperator_Add_BitOr:0": TABLES_SAME_7,
    "fast_eval:_build_low_by_mask:ReplaceBinaryOperator_Add_BitXor:0": TABLES_SAME_7,
    "fast_eval:_build_low_by_mask:ReplaceBinaryOperator_Add_LShift:0": TABLES_SAME_7,
    "fast_eval:_build_rank_tables:NumberReplacer:1": TABLES_SAME_7,
    "fast_eval:_build_rank_tables:NumberReplacer:2": TABLES_SAME_7,
    "fast_eval:_encode:ReplaceBinaryOperator_Add_BitOr:0": TABLES_SAME_7,
    "fast_eval:_encode:ReplaceBinaryOperator_Add_BitXor:0": TABLES_SAME_7,
    "fast_eval:_encode_low:ReplaceBinaryOperator_Add_BitOr:0": TABLES_SAME_7,
    "fast_eval:_encode_low:ReplaceBinaryOperator_Add_BitXor:0": TABLES_SAME_7,
    "fast_eval:_encode_low:ReplaceBinaryOperator_Sub_BitXor:0": TABLES_SAME_7,
    "fast_eval:_low_mask:ReplaceComparisonOperator_Eq_GtE:0": TABLES_SAME_7,
    "fast_eval:_rank_multisets:NumberReplacer:0": TABLES_SAME_7,
    "fast_eval:_rank_multisets:ReplaceBinaryOperator_Add_BitOr:1": TABLES_SAME_7,
    "fast_eval:_rank_multisets:ReplaceBinaryOperator_Add_BitXor:1": TABLES_SAME_7,
    "fast_eval:_rank_multisets:ReplaceBinaryOperator_Sub_BitXor:0": TABLES_SAME_7,
    "fast_eval:_rank_multisets:ReplaceBinaryOperator_Sub_Mod:0": TABLES_SAME_7,
    "fast_eval:_rank_multisets:ReplaceComparisonOperator_NotEq_Gt:0": TABLES_SAME_7,
    "fast_eval:_rank_multisets:ReplaceComparisonOperator_NotEq_IsNot:0": TABLES_SAME_7,
    "fast_eval:_straight_top:NumberReplacer:4": TABLES_SAME_7,
    "fast_eval:_straight_top:ReplaceBinaryOperator_BitAnd_FloorDiv:0": TABLES_SAME_7,
    "fast_eval:_straight_top:ReplaceBinaryOperator_BitAnd_Mul:0": TABLES_SAME_7,
    "fast_eval:_straight_top:ReplaceBinaryOperator_BitAnd_Pow:0": TABLES_SAME_7,
    "fast_eval:_straight_top:ReplaceBinaryOperator_BitOr_Add:0": TABLES_SAME_7,
    "fast_eval:_straight_top:ReplaceBinaryOperator_BitOr_BitXor:0": TABLES_SAME_7,
    "fast_eval:_straight_top:ReplaceComparisonOperator_Eq_GtE:0": TABLES_SAME_7,
    "fast_eval:<module>:NumberReplacer:4": SUIT_FIELD_WIDTH,
    "fast_eval:<module>:NumberReplacer:16": TABLES_ORDER_7,
    "fast_eval:<module>:NumberReplacer:17": TABLES_ORDER_7,
    "fast_eval:_build_flush_values:NumberReplacer:4": TABLES_ORDER_7,
    "fast_eval:_build_flush_values:NumberReplacer:5": TABLES_ORDER_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Add_Div:0": TABLES_ORDER_7,
    "fast_eval:_build_flush_values:ReplaceBinaryOperator_Add_Sub:0": TABLES_ORDER_7,
    "fast_eval:_encode:NumberReplacer:0": TABLES_ORDER_7,
    "fast_eval:_encode:NumberReplacer:1": TABLES_ORDER_7,
    "fast_eval:_encode_low:NumberReplacer:0": TABLES_ORDER_7,
    "fast_eval:_encode_low:NumberReplacer:1": TABLES_ORDER_7,
    "fast_eval:_encode_low:NumberReplacer:2": TABLES_ORDER_7,
    "fast_eval:_encode_low:NumberReplacer:3": TABLES_ORDER_7,
    "fast_eval:_encode_low:ReplaceBinaryOperator_Mul_Pow:0": TABLES_ORDER_7,
    "fast_eval:_encode_low:ReplaceBinaryOperator_Sub_Div:0": TABLES_ORDER_7,
    "fast_eval:_build_card_keys:NumberReplacer:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:NumberReplacer:1": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_Add:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_BitAnd:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_BitOr:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_BitXor:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_LShift:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_Mul:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_RShift:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_card_keys:ReplaceBinaryOperator_Pow_Sub:0": UNREACHED_RANK_KEY,
    "fast_eval:_build_flush_suit:NumberReplacer:4": NO_FLUSH_MARKER,
    "fast_eval:_build_flush_suit:ReplaceUnaryOperator_USub_Invert:0": NO_FLUSH_MARKER,
    "fast_eval:_best_without_flush:NumberReplacer:25": TRIPS_ONCE,
    "fast_eval:_flush_value:ReplaceComparisonOperator_Eq_Is:0": SMALL_INTS,
}

KILLED_BY: dict[str, str] = {
    "betting:Table.can_act:NumberReplacer:0": "bring-in-200",
    "betting:BettingRound._completion_targets:ReplaceComparisonOperator_Gt_GtE:0": "bring-in-201",
    "betting:BettingRound._completion_targets:ReplaceComparisonOperator_GtE_Is:0": "bring-in-202",
    "betting:BettingRound._post_bring_in:ReplaceComparisonOperator_GtE_Is:0": "bring-in-202",
    "betting:BettingRound._full:NumberReplacer:3": "betting-200",
    "betting:BettingRound._full:ReplaceBinaryOperator_Add_BitOr:0": "betting-200",
    "betting:BettingRound._full:ReplaceBinaryOperator_Add_BitXor:0": "betting-200",
    "betting:BettingRound._full:ReplaceBinaryOperator_Add_Mul:0": "betting-200",
    "betting:BettingRound._bet_or_raise:ReplaceAndWithOr:1": "betting-201",
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_GtE:2": "betting-201",
    "betting:BettingRound._bet_or_raise:ReplaceBinaryOperator_Sub_BitAnd:3": "betting-201",
    "betting:BettingRound._raise_block:ReplaceComparisonOperator_Eq_GtE:0": "betting-201",
    "betting:BettingRound._bet_or_raise:ReplaceAndWithOr:0": "betting-202",
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_Gt:0": "betting-202",
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_GtE:0": "betting-202",
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_LtE:1": "betting-202",
    "betting:BettingRound.__init__:ReplaceComparisonOperator_NotEq_Lt:0": "bring-in-203",
    "pots:side_pots:NumberReplacer:0": "pots-201",
    "pots:side_pots:NumberReplacer:1": "pots-200",
    "pots:side_pots:ReplaceComparisonOperator_Gt_GtE:0": "pots-200",
    "engine:Hand._open_pair:NumberReplacer:0": "betting-203",
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_Eq:1": "table-200",
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_Is:0": "table-200",
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_Lt:1": "table-200",
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_LtE:1": "table-200",
    "engine:_check_stacks:ReplaceComparisonOperator_LtE_Gt:2": "table-200",
    "engine:_check_stacks:ReplaceComparisonOperator_LtE_GtE:2": "table-200",
    "engine:_check_stacks:ReplaceComparisonOperator_LtE_IsNot:2": "table-200",
    "engine:_check_stacks:ReplaceComparisonOperator_LtE_NotEq:2": "table-200",
    "engine:_check_stacks:AddNot:3": "table-200",
    "engine:_check_stakes:ReplaceComparisonOperator_Gt_Eq:0": "table-201",
    "engine:_check_stakes:ReplaceComparisonOperator_Gt_Is:0": "table-201",
    "engine:_check_stakes:ZeroIterationForLoop:0": "table-201",
    "engine:_check_stakes:ReplaceComparisonOperator_Gt_GtE:0": "table-202",
    "engine:_check_stakes:NumberReplacer:1": "table-203",
    "engine:_check_stakes:ReplaceComparisonOperator_Lt_IsNot:0": "table-204",
    "engine:_check_stakes:ReplaceComparisonOperator_Lt_NotEq:1": "table-204",
    "engine:_check_stacks:ReplaceComparisonOperator_Lt_IsNot:0": "table-205",
    "engine:_check_stacks:ReplaceComparisonOperator_Lt_NotEq:0": "table-205",
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_Lt:0": "table-205",
    "engine:_check_stacks:ReplaceComparisonOperator_Gt_NotEq:0": "table-205",
    "engine:_check_stacks:ReplaceComparisonOperator_Lt_Gt:0": "table-205",
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Eq:3": "deck-251",
    "dealing:plan_seventh:ReplaceComparisonOperator_GtE_Is:2": "deck-251",
    "dealing:Dealer.remaining:ReplaceBinaryOperator_Sub_Mod:0": "deck-252",
    "dealing:plan_seventh:ReplaceBinaryOperator_Add_BitOr:0": "deck-253",
    "engine:Hand._winning_five:ReplaceComparisonOperator_Eq_GtE:0": "showdown-250",
    "betting:BettingRound._bet_or_raise:ReplaceBinaryOperator_Sub_RShift:3": "betting-251",
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_GtE_Eq:1": "betting-251",
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_GtE_Is:1": "betting-251",
    "betting:BettingRound._raise_targets:ReplaceBreakWithContinue:0": "betting-251",
    "betting:BettingRound._bet_or_raise:ReplaceComparisonOperator_Eq_Is:1": "betting-252",
    "betting:BettingRound._raise_targets:ReplaceComparisonOperator_NotEq_IsNot:0": "betting-252",
    "pots:split_pot:ReplaceComparisonOperator_Eq_LtE:0": "showdown-251",
    # killed since the runner compares result.returned exactly (a seat listed with 0 chips differs)
    "pots:uncalled:ReplaceComparisonOperator_Eq_Is:0": "betting-252",
    "pots:uncalled:ReplaceComparisonOperator_Eq_Lt:0": "showdown-251",
    "exposed:_rank_board:NumberReplacer:1": "deck-254",
    "engine:Hand.check:NumberReplacer:1": "table-250",
    "engine:Hand.check:ReplaceComparisonOperator_Lt_LtE:0": "table-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_BitAnd:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_BitOr:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_BitXor:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_Div:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_FloorDiv:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_LShift:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_Mod:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_Mul:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_Pow:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_RShift:1": "deck-250",
    "engine:Hand._best_board:ReplaceBinaryOperator_Add_Sub:1": "deck-250",
}
