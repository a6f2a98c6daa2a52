"""The hand: one deal of Seven Card Stud Hi/Lo from the antes to the payout.

``Hand.start`` posts the antes and deals third street from a stacked deck; ``apply`` takes
actions in the PHH vocabulary (``"p3 pb"``, ``"p1 cbr 20"``, ``"p2 cc"``, ``"p4 f"``); between
betting rounds the hand deals the next street by itself, and when betting is over it deals out
the rest (``deal.run-out``) and settles the pots.

Verify / can / do. ``check(action)`` returns the error an action would get, or None; it and
``legal_actions()`` read the same list of moves (``BettingRound.moves``, worked out once per turn),
and ``apply`` refuses with ``check`` before it changes anything, so a refused action leaves the
hand exactly as it was (``actions.refusal-keeps-state``). Applied actions go to ``log``.

>>> from stud8.reference.cards import parse_cards, ALL_CARDS
>>> top = parse_cards("Ah Kd Qs  2h 3c 4d  9c 7s 5h")   # down, down, up for p1 p2 p3
>>> deck = top + [card for card in ALL_CARDS if card not in top]
>>> hand = Hand.start(stacks=[100, 100, 100], stakes=Stakes(1, 2, 4, 8), deck=deck)
>>> hand.to_act, hand.legal_actions()        # the five of hearts is the lowest up card
(3, ['pb', 'cbr 4'])
>>> hand.apply("p3 pb")
Action(seat=3, kind='pb', amount=None)
>>> hand.legal_actions()
['f', 'cc', 'cbr 4']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud8.reference import fast_eval, hands
from stud8.reference.actions import Action, format_move, parse_action
from stud8.reference.betting import (
    CLOCKWISE,
    FORCED,
    NORMAL,
    OPEN,
    BettingRound,
    Limits,
    Table,
)
from stud8.reference.cards import ALL_CARDS, Card
from stud8.reference.dealing import Dealer, plan_seventh
from stud8.reference.errors import ActionError, ConfigError, Stud8Error
from stud8.reference.exposed import (
    RANK_DIGIT,
    TIE_BY_SEAT,
    bring_in_seat,
    first_by_counts,
    first_to_act,
)
from stud8.reference.pots import (
    Pot,
    high_chip_order,
    low_chip_order,
    side_pots,
    split_pot,
    uncalled,
)
from stud8.spec.limits import MAX_AMOUNT, quoted
from stud8.spec.rulebook import RuleBook, Street, default_rulebook

Award = tuple[dict[int, int], dict[int, int] | None]
"""One pot's payout: chips per seat from the high half (or the whole pot), and from the low half."""

Payout = tuple[list[Pot], list[Award], dict[int, int], list[int]]
"""How a hand paid out: the pots, their awards, the uncalled chips returned, the show order."""

CARD_TEXT: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""Card index -> text, for observations."""



@dataclass(frozen=True)
class Stakes:
    """The stakes (table.stakes): ante >= 0 and 0 < bring_in <= small_bet < big_bet, in chips."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int


class Hand:
    """One hand in progress or finished. Build it with ``Hand.start``.

    The public face is ``apply``, ``check``, ``legal_actions``, ``observe``, ``to_act``,
    ``over``, ``log``, ``options`` and ``result``; the other attributes are the engine's own.
    """

    __slots__ = ("rulebook", "options", "stakes", "limits", "table", "up", "down", "exposed", "community",
                 "dealer", "street", "last_street", "round", "rounds", "bring_in", "over", "_showdown_payout",
                 "_log", "_stacks_at_end")

    def __init__(self, rulebook: RuleBook, options: dict[str, Any], stakes: Stakes, stacks: Sequence[int],
                 deck: list[int]) -> None:
        """A hand with the antes posted and no card dealt, from checked inputs: use ``Hand.start``."""
        self.rulebook = rulebook
        self.options = options
        self.stakes = stakes
        self.limits = Limits(stakes.bring_in, stakes.big_bet, options["raise_cap"], options["heads_up_raises"])
        self.table = Table(stacks)
        self.table.post_antes(stakes.ante)  # table.ante
        self.up: list[list[int]] = [[] for _ in stacks]
        self.down: list[list[int]] = [[] for _ in stacks]
        self.exposed = [0] * len(stacks)
        """Each seat's up cards as ``exposed.rank_counts`` numbers, kept up to date as they are
        dealt: the act order (act-order.best-exposed-hand) never re-ranks a board from scratch."""
        self.community: int | None = None
        self.dealer = Dealer(deck)
        self.street = 0  # index into rulebook.streets of the last street dealt
        self.last_street = len(rulebook.streets) - 1  # index of seventh street
        self.round: BettingRound | None = None
        self.rounds: list[BettingRound | None] = []  # one per street dealt; None if not bet
        self.bring_in: int | None = None  # 0-based seat forced to bring in
        self.over = False
        self._showdown_payout: tuple[list[Pot], list[Award], dict[int, int]] | None = None
        self._log: list[Action] = []
        self._stacks_at_end: list[int] | None = None  # before the payout: who ended all-in

    # --- starting a hand -----------------------------------------------------------------

    @classmethod
    def start(
        cls,
        stacks: Sequence[int],
        stakes: Stakes,
        deck: Sequence[Card | str],
        profile: str | None = None,
        options: Mapping[str, Any] | None = None,
        rulebook: RuleBook | None = None,
    ) -> Hand:
        """Post the antes and deal third street (actions.bad-start: refuse a hand that cannot be).

        Raises ``ConfigError`` with code ``bad-config`` (players, stacks, stakes, profile,
        options) or ``bad-deck`` (not 52 distinct cards).
        """
        book = rulebook or default_rulebook()
        resolved = _resolve_options(book, profile, options)
        _check_stacks(stacks, book)
        _check_stakes(stakes)
        hand = cls(book, resolved, stakes, stacks, _deck_indices(deck))
        hand._deal_street()
        hand._proceed()
        return hand

    # --- the public face -----------------------------------------------------------------

    @property
    def log(self) -> tuple[Action, ...]:
        """The applied actions, in order."""
        return tuple(self._log)

    @property
    def to_act(self) -> int | None:
        """The seat (1-based) in turn, or None when nobody is to act."""
        if self.round is None or self.round.to_act is None:
            return None
        return self.round.to_act + 1

    def legal_actions(self) -> list[str]:
        """The moves the seat in turn may make, without the seat: ``["f", "cc", "cbr 20"]``."""
        betting = self.round  # None once the hand is over
        return [] if betting is None else list(betting.moves)

    def check(self, action: Action | str) -> ActionError | None:
        """The error ``apply`` would raise for this action, or None if it is legal.

        The order of checks is actions.error-precedence, from the most general reason to the
        most particular: the text (malformed-action, actions.vocabulary), the table
        (no-such-seat), the hand (hand-over), the turn (out-of-turn, actions.in-turn), then the
        round's own reason for the seat in turn (cap-reached, not-allowed, wrong-amount).
        """
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except ActionError as error:
                return error
        seat = action.seat
        if not 0 < seat <= self.table.size:
            return ActionError(f"{str(action)!r}: there is no seat p{seat} at this table of {self.table.size}", "no-such-seat")
        betting = self.round
        if self.over or betting is None or betting.to_act is None:
            return ActionError(f"{str(action)!r}: the hand is over", "hand-over")
        if seat - 1 != betting.to_act:
            return ActionError(f"{str(action)!r}: it is p{betting.to_act + 1}'s turn", "out-of-turn")
        return betting.refusal(action.kind, action.amount)

    def apply(self, action: Action | str) -> Action:
        """Apply one action, or raise ``ActionError`` and change nothing."""
        if not isinstance(action, Action):
            action = parse_action(action)
        seat, kind, amount = action
        betting = self.round
        # An action is legal exactly when the seat in turn makes one of the moves its round
        # offers, the test check() ends with; check() then says why it is not.
        if betting is None or seat - 1 != betting.to_act or format_move(kind, amount) not in betting.moves:
            error = self.check(action)
            assert error is not None
            raise error
        betting.apply(kind, amount)
        self._log.append(action)
        if betting.closed:
            self._proceed()
        return action

    # --- streets -------------------------------------------------------------------------

    def _proceed(self) -> None:
        """Deal on until someone must act or the hand is over (deal.run-out)."""
        table = self.table
        last = self.last_street
        while True:
            if len(table.players) == 1:
                self._settle(uncontested=True)  # showdown.uncontested
                return
            if self.round is not None and not self.round.closed:
                return
            if self.street == last:
                self._settle(uncontested=False)
                return
            self.street += 1
            self._deal_street()

    def _deal_street(self) -> None:
        """Deal the current street and open its betting round if two players can bet."""
        street = self.rulebook.streets[self.street]
        self.table.new_street()
        players = self.table.players  # deal.dead-cards: nothing to the folded
        if self.street == self.last_street and len(street.cards) == 1:
            self._deal_last_street(street.cards[0], players)
        else:
            if street.burn or (self.street == 0 and self.options["burn_before_third"]):
                self.dealer.burn()  # deal.burns
            self._deal_cards(players, street.cards)
        self.round = self._open_round(street, players)
        self.rounds.append(self.round)

    def _deal_cards(self, players: list[int], faces: Sequence[str]) -> None:
        """deal.third-street, deal.later-streets: one round per card, each round one card to
        every player from the top of the stub, the lowest seat first, face up or down."""
        up, down, exposed, dealer = self.up, self.down, self.exposed, self.dealer
        for face in faces:
            cards = dealer.deal_many(len(players))
            if face == "up":
                for seat, card in zip(players, cards):
                    up[seat].append(card)
                    exposed[seat] += RANK_DIGIT[card]
            else:
                for seat, card in zip(players, cards):
                    down[seat].append(card)

    def _deal_last_street(self, face: str, players: list[int]) -> None:
        """Seventh street, with the deck.* procedures when the stub runs short."""
        dealer = self.dealer
        plan = plan_seventh(dealer.remaining, len(dealer.burns), len(players), self.options["deck_exhaustion"])
        if plan.recycle:
            dealer.recycle()  # deck.recycle-order
        if plan.burn:
            dealer.burn()
        if plan.community:
            self.community = dealer.deal()  # deck.community-card
        else:
            self._deal_cards(players, (face,))

    def _open_round(self, street: Street, players: list[int]) -> BettingRound | None:
        """The street's betting round, or None when at most one player can bet (deal.run-out)."""
        table = self.table
        stacks = table.stacks
        live = 0  # how many players can bet: in the hand and not all-in
        for seat in players:
            if stacks[seat]:
                live += 1
        if live < 2:
            return None
        bet = getattr(self.stakes, street.bet)  # betting.limits
        limits = self.limits
        if self.street == 0:
            low = bring_in_seat(self.up)  # bring-in.lowest-upcard, bring-in.suit-order
            if table.can_act(low):
                self.bring_in = low
                return BettingRound(table, limits, bet, low, live, FORCED)  # act-order.third-street
            # bring-in.all-in-on-ante: the next player clockwise who can act opens.
            return BettingRound(table, limits, bet, self._next_can_act(low), live, OPEN)
        best = self._best_board(players)
        first = best if table.can_act(best) else self._next_can_act(best)  # act-order.all-in-skipped
        open_pair = street.name == "fourth" and self.options["fourth_street_open_pair_big_bet"] and self._open_pair()
        return BettingRound(table, limits, bet, first, live, NORMAL, open_pair)

    def _open_pair(self) -> bool:
        """betting.fourth-street-open-pair: some player in the hand shows a pair."""
        table = self.table
        return any(len({card >> 2 for card in self.up[seat]}) < len(self.up[seat]) for seat in table.players)

    def _best_board(self, players: list[int]) -> int:
        """The seat whose up cards make the best exposed hand (act-order.best-exposed-hand),
        all-in players included (they are skipped afterwards: act-order.all-in-skipped).

        ``players`` are the seats still in the hand, in seat order.
        """
        community = self.community
        if self.options["seventh_street_with_community"] != "recompute_with_community":
            community = None
        # act-order.seventh-street: the seventh card is down, so the up cards are sixth street's.
        ties = self.options["act_order_ties"]
        if ties == TIE_BY_SEAT:  # the default: equal ranks tie, whatever the suits
            counts = self.exposed
            if community is not None:
                counts = [count + RANK_DIGIT[community] for count in counts]  # act-order.community-card
            return first_by_counts(counts, players)
        boards: list[list[int]] = self.up
        if community is not None:
            boards = [cards + [community] for cards in boards]  # act-order.community-card
        return first_to_act(boards, players, ties)

    def _next_can_act(self, seat: int) -> int:
        """The first seat clockwise after ``seat`` that can act: in the hand and not all-in."""
        table = self.table
        for other in CLOCKWISE[table.size][seat]:
            if table.can_act(other):
                return other
        raise AssertionError("a betting round needs two players who can act")

    # --- the end -------------------------------------------------------------------------

    def _settle(self, uncontested: bool) -> None:
        """Return uncalled chips, award the pots, and end the hand."""
        table = self.table
        self.round = None
        self.over = True
        self._stacks_at_end = list(table.stacks)
        if uncontested:
            self._settle_uncontested()
            return
        all_in = self._all_in_at_end()
        contributions = list(table.contributed)
        returned: dict[int, int] = {}
        back = uncalled(contributions)  # pots.uncalled-bet
        if back is not None:
            seat, amount = back
            contributions[seat] -= amount
            table.stacks[seat] += amount
            returned[seat] = amount
        pots = side_pots(contributions, table.folded, all_in)  # pots.side-pots
        awards = self._showdown(pots)
        stacks = table.stacks
        for high, low in awards:
            for seat, amount in high.items():
                stacks[seat] += amount
            if low:
                for seat, amount in low.items():
                    stacks[seat] += amount
        self._showdown_payout = (pots, awards, returned)  # showdown.show-order: when the result is read

    def _settle_uncontested(self) -> None:
        """showdown.uncontested: the one player left takes every chip put in, without showing.

        Uncalled chips (pots.uncalled-bet) can only be the winner's: a player folds facing
        someone who has put in more, or with nothing to call, level with another player still
        betting, so nobody who folded put in more than everyone else. The winner's stack thus
        gains every chip in the hand; how those divide into chips returned and pots
        (pots.side-pots) matters only to the result, so that is worked out when it is read.
        """
        table = self.table
        table.stacks[table.players[0]] += sum(table.contributed)

    def _uncontested_payout(self) -> Payout:
        """How the uncontested hand paid out: every pot to the one player left, shown to nobody."""
        table = self.table
        winner = table.players[0]
        contributions = list(table.contributed)
        returned: dict[int, int] = {}
        back = uncalled(contributions)
        if back is not None:
            seat, amount = back
            assert seat == winner, "uncalled chips of a folded player"
            contributions[seat] -= amount
            returned[seat] = amount
        pots = side_pots(contributions, table.folded, self._all_in_at_end())
        return pots, [({winner: pot.amount}, None) for pot in pots], returned, []

    def _all_in_at_end(self) -> list[bool]:
        """Who ended the hand all-in: in it, with no chips left before the payout."""
        assert self._stacks_at_end is not None
        return [not folded and not stack for folded, stack in zip(self.table.folded, self._stacks_at_end)]

    @property
    def result(self) -> dict[str, Any] | None:
        """The payout, JSON-ready (seats numbered from 1), or None while the hand is on.

        Built when asked for, not when the hand ends: a simulation that only plays hands
        never pays for it.
        """
        if not self.over:
            return None
        if self._showdown_payout is None:
            pots, awards, returned, show_order = self._uncontested_payout()
        else:
            pots, awards, returned = self._showdown_payout
            show_order = self._show_order()
        return {
            "pots": [
                {
                    "amount": pot.amount,
                    "eligible": [seat + 1 for seat in pot.eligible],
                    "high": {seat + 1: amount for seat, amount in high.items()},
                    "low": None if low is None else {seat + 1: amount for seat, amount in low.items()},
                }
                for pot, (high, low) in zip(pots, awards)
            ],
            "returned": {seat + 1: amount for seat, amount in returned.items()},
            "show_order": [seat + 1 for seat in show_order],
            "stacks": list(self.table.stacks),
        }

    def _showdown(self, pots: Sequence[Pot]) -> list[Award]:
        """Each pot on its own (pots.split-separately) between its best high and best low."""
        values: dict[int, tuple[int, int | None]] = {}
        awards: list[Award] = []
        for pot in pots:
            if len(pot.eligible) == 1:
                # Nobody contests this pot (a side pot only one player matched): it is won
                # without showing and not split, as in showdown.uncontested.
                awards.append(({pot.eligible[0]: pot.amount}, None))
                continue
            for seat in pot.eligible:
                if seat not in values:
                    # hands.best-five; the community card is every player's (deck.community-card).
                    # fast_eval gives the values hands.best_high / best_low define, without
                    # trying all 21 five-card hands (stud8 verify-evaluator checks they agree).
                    values[seat] = fast_eval.values_idx(self._cards(seat))
            best_high = max(values[seat][0] for seat in pot.eligible)
            high = [seat for seat in pot.eligible if values[seat][0] == best_high]
            lows = [values[seat][1] for seat in pot.eligible if values[seat][1] is not None]
            low = None
            if lows:  # showdown.no-low otherwise
                best_low = max(lows)  # type: ignore[type-var]
                low = [seat for seat in pot.eligible if values[seat][1] == best_low]
            awards.append(split_pot(pot.amount, self._chip_order(high, "high"),
                                    None if low is None else self._chip_order(low, "low")))
        return awards

    def _cards(self, seat: int) -> list[int]:
        cards = self.up[seat] + self.down[seat]
        if self.community is not None:
            cards.append(self.community)
        return cards

    def _chip_order(self, winners: list[int], half: str) -> list[int]:
        """The tied winners of a half in odd-chip order (odd-chip.within-half)."""
        if len(winners) < 2:
            return winners
        rule = self.options["odd_chip_in_half"]
        if rule == "seat_order":
            return sorted(winners)
        if rule == "card_by_suit_winning_hand":
            counted = {seat: self._winning_five(seat, half) for seat in winners}
        else:  # card_by_suit_all_cards
            counted = {seat: self.up[seat] + self.down[seat] for seat in winners}
        # odd-chip.card-order: a shared community card never decides.
        return high_chip_order(winners, counted) if half == "high" else low_chip_order(winners, counted)

    def _winning_five(self, seat: int, half: str) -> list[int]:
        """The five cards of the seat's best high or low hand (hands.py), less the community card."""
        cards = [ALL_CARDS[index] for index in self._cards(seat)]
        made = hands.best_high(cards) if half == "high" else hands.best_low(cards)
        assert made is not None
        return [card.index for card in made.cards if card.index != self.community]

    def _show_order(self) -> list[int]:
        """showdown.show-order: who shows first, then the others clockwise."""
        table = self.table
        last = self.rounds[-1] if len(self.rounds) == len(self.rulebook.streets) else None
        first: int | None
        if last is not None and last.last_aggressor is not None:
            first = last.last_aggressor
        elif last is not None:
            # Nobody bet on seventh street: of the players still in who were not all-in, the
            # first in the round's act order (or the last, under last_to_act). A player who
            # folded has nothing to show; an all-in one is skipped as in act-order.all-in-skipped.
            all_in = self._all_in_at_end()
            order = (last.first_actor, *CLOCKWISE[table.size][last.first_actor][:-1])
            could_act = [seat for seat in order if not table.folded[seat] and not all_in[seat]]
            first = could_act[0] if self.options["show_first_without_bet"] == "first_to_act" else could_act[-1]
        else:
            # No betting on seventh street: the act order (equal boards by act-order.ties and its
            # option), all-ins not skipped.
            first = self._best_board(table.players)
        size = table.size
        return [seat for seat in ((first + step) % size for step in range(size)) if not table.folded[seat]]

    # --- observation ---------------------------------------------------------------------

    def observe(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (every card face up: this is the referee's view)."""
        table = self.table
        all_in = self._all_in_at_end() if self.over else [table.all_in(seat) for seat in range(table.size)]
        return {
            "street": self.rulebook.streets[self.street].name,
            "to_act": self.to_act,
            "legal": self.legal_actions(),
            "bring_in": None if self.bring_in is None else self.bring_in + 1,
            "over": self.over,
            "seats": [
                {
                    "seat": seat + 1,
                    "stack": table.stacks[seat],
                    "committed": table.committed[seat],
                    "contributed": table.contributed[seat],
                    "up": [CARD_TEXT[card] for card in self.up[seat]],
                    "down": [CARD_TEXT[card] for card in self.down[seat]],
                    "folded": table.folded[seat],
                    "all_in": all_in[seat],
                }
                for seat in range(table.size)
            ],
            "pot": sum(table.contributed),
            "pots": [
                {"amount": pot.amount, "eligible": [seat + 1 for seat in pot.eligible]}
                for pot in side_pots(table.contributed, table.folded, all_in)
            ],
            "community": None if self.community is None else CARD_TEXT[self.community],
            "result": self.result,
        }


# --- start-up checks (actions.bad-start) ---------------------------------------------------


def _is_int(value: Any) -> bool:
    return value.__class__ is int or (isinstance(value, int) and not isinstance(value, bool))


def _check_stacks(stacks: Sequence[int], book: RuleBook) -> None:
    """table.players: two to eight seats, each with a positive whole number of chips."""
    try:
        count = len(stacks)
    except TypeError:
        raise ConfigError(f"stacks must be a list of chip counts, got {quoted(stacks)}", "bad-config") from None
    if not book.min_players <= count <= book.max_players:
        raise ConfigError(f"a hand needs {book.min_players} to {book.max_players} players, got {count} stacks", "bad-config")
    for seat, stack in enumerate(stacks, start=1):
        if stack.__class__ is int and 0 < stack <= MAX_AMOUNT:
            continue  # the usual case, told without calling _is_int
        if not (_is_int(stack) and stack > 0):
            raise ConfigError(f"the stack of p{seat} must be a positive whole number of chips, got {quoted(stack)}", "bad-config")
        if stack > MAX_AMOUNT:  # limits: amounts stay exact in every engine's JSON numbers
            raise ConfigError(f"the stack of p{seat} is {quoted(stack)}, more than the largest amount ({MAX_AMOUNT:,})", "bad-config")


def check_table(stacks: Sequence[int], stakes: Stakes | Mapping[str, int], rulebook: RuleBook | None = None) -> None:
    """Raise the ``ConfigError`` (``bad-config``) that ``Hand.start`` would raise for these
    stacks and stakes, without starting a hand: the validator's check of a scenario's table,
    so that a file that validates is never refused by the engine for its chips."""
    if isinstance(stakes, Mapping):
        try:
            stakes = Stakes(**stakes)
        except TypeError:
            raise ConfigError(f"stakes must have ante, bring_in, small_bet and big_bet, got {quoted(stakes)}", "bad-config") from None
    _check_stacks(stacks, rulebook or default_rulebook())
    _check_stakes(stakes)


def _check_stakes(stakes: Stakes) -> None:
    """table.stakes: ante >= 0 and 0 < bring_in <= small_bet < big_bet, in whole chips.

    A ``Stakes`` is immutable, so the one that passed last (the very object: an equal one may
    hold a float) is not checked again; a session plays every hand at the same stakes.
    """
    global _checked_stakes
    if stakes is _checked_stakes:
        return
    names = ("ante", "bring_in", "small_bet", "big_bet")
    try:
        values = [getattr(stakes, name) for name in names]
    except AttributeError:
        raise ConfigError(f"stakes must have ante, bring_in, small_bet and big_bet, got {quoted(stakes)}", "bad-config") from None
    for name, value in zip(names, values):
        if not _is_int(value):
            raise ConfigError(f"stake {name} must be a whole number of chips, got {quoted(value)}", "bad-config")
        if value > MAX_AMOUNT:
            raise ConfigError(f"stake {name} is {quoted(value)}, more than the largest amount ({MAX_AMOUNT:,})", "bad-config")
    ante, bring_in, small, big = values
    if ante < 0:
        raise ConfigError(f"the ante must be zero or more, got {ante}", "bad-config")
    if not 0 < bring_in <= small < big:
        raise ConfigError(
            f"stakes must satisfy 0 < bring_in <= small_bet < big_bet, got bring_in={bring_in}, "
            f"small_bet={small}, big_bet={big}", "bad-config")
    if stakes.__class__ is Stakes:
        _checked_stakes = stakes


_checked_stakes: Stakes | None = None
"""The stakes that passed ``_check_stakes`` last."""


def _deck_indices(deck: Sequence[Card | str]) -> list[int]:
    """The deck as card indices, top first, after checking it is 52 distinct cards (bad-deck)."""
    try:
        indices: list[int] = [card.index for card in deck if card.__class__ is Card]  # type: ignore[union-attr,misc]
        if len(indices) != len(deck):  # text cards, or something that is not a card
            indices = [_index_of(card) for card in deck]
    except TypeError:
        raise ConfigError(f"the deck must be a list of 52 cards, got {quoted(deck)}", "bad-deck") from None
    if len(indices) != 52:
        raise ConfigError(f"the deck must hold 52 cards, got {len(indices)}", "bad-deck")
    if len(set(indices)) != 52:
        seen: set[int] = set()
        twice: list[str] = []
        for index in indices:
            if index in seen:
                twice.append(CARD_TEXT[index])
            seen.add(index)
        raise ConfigError(f"the deck must be 52 distinct cards; repeated: {' '.join(twice)}", "bad-deck")
    return indices


def _index_of(card: Card | str) -> int:
    if isinstance(card, Card):
        return card.index
    if isinstance(card, str):
        try:
            return Card.parse(card).index
        except Stud8Error as error:
            raise ConfigError(f"bad card in the deck: {error.message}", "bad-deck") from None
    raise ConfigError(f"the deck holds {quoted(card)}, which is not a card", "bad-deck")


def _resolve_options(book: RuleBook, profile: str | None, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The option values (profile, then overrides): ``book.resolve_options``, remembered for the
    last rule book, profile and overrides asked for, since every hand of a session asks the same.

    Overrides are the same when they name the same options with equal values of the same types
    (``3.0 == 3`` and ``True == 1``, but only one of each pair is valid). A copy is returned, so
    that a caller changing ``hand.options`` cannot change what is remembered.
    """
    global _last_options
    if profile is not None and not isinstance(profile, str):
        raise ConfigError(f"the profile must be a name (text) or None, got {quoted(profile)}", "bad-config")
    if options is not None and not isinstance(options, Mapping):
        raise ConfigError(f"the options must be a mapping of option names to values, got {quoted(options)}", "bad-config")
    overrides = options or {}
    given = (profile, tuple(overrides.items()), tuple(map(type, overrides.values())))
    last = _last_options
    if last is None or last[0] is not book or last[1] != given:
        last = _last_options = (book, given, book.resolve_options(profile, options))
    return dict(last[2])


_last_options: tuple[RuleBook, tuple[Any, ...], dict[str, Any]] | None = None
"""The rule book, the profile and overrides (with their types) last resolved, and the values."""
