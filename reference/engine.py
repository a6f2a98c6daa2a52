"""The hand: one deal of Seven Card Stud Hi/Lo from the antes to the payout.

``Hand.start`` posts the antes and deals third street from a stacked deck; ``apply`` takes
actions in the PHH vocabulary (``"p3 pb"``, ``"p1 cbr 20"``, ``"p2 cc"``, ``"p4 f"``); between
betting rounds the hand deals the next street by itself, and when betting is over it deals out
the rest (``deal.run-out``) and settles the pots.

Verify / can / do. ``check(action)`` returns the error an action would get, or None; it and
``legal_actions()`` read the same list of moves (``BettingRound.moves``, computed once per state),
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

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from stud8.reference import fast_eval, hands
from stud8.reference.actions import Action, parse_action
from stud8.reference.betting import FORCED, NORMAL, OPEN, BettingRound, Limits, Table
from stud8.reference.cards import ALL_CARDS, Card
from stud8.reference.dealing import Dealer, plan_seventh
from stud8.reference.errors import ActionError, ConfigError, Stud8Error
from stud8.reference.exposed import bring_in_seat, first_to_act
from stud8.reference.pots import (
    Pot,
    high_chip_order,
    low_chip_order,
    side_pots,
    split_pot,
    uncalled,
)
from stud8.spec.rulebook import RuleBook, default_rulebook

Award = tuple[dict[int, int], Optional[dict[int, int]]]
"""One pot's payout: chips per seat from the high half (or the whole pot), and from the low half."""

CARD_TEXT: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""Card index -> text, for observations."""

_INDEX_BY_ID: dict[int, int] = {id(card): index for index, card in enumerate(ALL_CARDS)}
"""The canonical ``Card`` objects by identity -> index: decks built from ``ALL_CARDS`` are
indexed without hashing 52 dataclasses."""


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

    __slots__ = ("rulebook", "options", "stakes", "limits", "table", "up", "down", "community", "dealer",
                 "street", "last_street", "round", "rounds", "bring_in", "over", "_settlement", "_log",
                 "_all_in_at_end")

    def __init__(self) -> None:  # use Hand.start
        self.rulebook: RuleBook
        self.options: dict[str, Any]
        self.stakes: Stakes
        self.limits: Limits
        self.table: Table
        self.up: list[list[int]] = []
        self.down: list[list[int]] = []
        self.community: int | None = None
        self.dealer: Dealer[int]
        self.street = 0  # index into rulebook.streets of the last street dealt
        self.last_street = 0  # index of seventh street
        self.round: BettingRound | None = None
        self.rounds: list[BettingRound | None] = []  # one per street dealt; None if not bet
        self.bring_in: int | None = None  # 0-based seat forced to bring in
        self.over = False
        self._settlement: tuple[Any, ...] | None = None
        self._log: list[Action] = []
        self._all_in_at_end: list[bool] | None = None

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
        hand = cls()
        hand.rulebook = book
        hand.last_street = len(book.streets) - 1
        hand.options = _resolve_options(book, profile, options)
        _check_stacks(stacks, book)
        _check_stakes(stakes)
        hand.stakes = stakes
        hand.limits = Limits(stakes.bring_in, stakes.big_bet, hand.options["raise_cap"], hand.options["heads_up_raises"])
        hand.dealer = Dealer(_deck_indices(deck))
        size = len(stacks)
        # table.ante: everyone antes; a player who cannot cover it puts in all and is all-in.
        # The antes are not chips on third street: they go to contributed, not committed.
        antes = [min(stakes.ante, stack) for stack in stacks]
        hand.table = Table([stack - ante for stack, ante in zip(stacks, antes)], antes)
        hand.up = [[] for _ in range(size)]
        hand.down = [[] for _ in range(size)]
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
        return [] if betting is None else list(betting.moves().values())

    def check(self, action: Action | str) -> ActionError | None:
        """The error ``apply`` would raise for this action, or None if it is legal.

        The order of checks is fixed: malformed, no-such-seat, hand-over, out-of-turn, then the
        specific reason (actions.vocabulary, actions.in-turn).
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
        betting = self.round
        # An action is legal exactly when the seat in turn makes one of the moves its round
        # offers, the test check() ends with; check() then says why it is not.
        if betting is None or action.seat - 1 != betting.to_act or action[1:] not in betting.moves():
            error = self.check(action)
            assert error is not None
            raise error
        betting.apply(action.kind, action.amount)
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
            if table.in_hand() == 1:
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
        dealer, table = self.dealer, self.table
        table.new_street()
        if self.street == self.last_street and len(street.cards) == 1:
            self._deal_last_street(street.cards[0])
        else:
            if street.burn or (self.street == 0 and self.options["burn_before_third"]):
                dealer.burn()  # deal.burns
            folded = table.folded
            players = [seat for seat in range(table.size) if not folded[seat]]  # deal.dead-cards
            for face in street.cards:  # deal.third-street, deal.later-streets: one round per card
                receivers = self.up if face == "up" else self.down
                for seat, card in zip(players, dealer.deal_many(len(players))):
                    receivers[seat].append(card)
        self.round = self._open_round()
        self.rounds.append(self.round)

    def _deal_last_street(self, face: str) -> None:
        """Seventh street, with the deck.* procedures when the stub runs short."""
        dealer, table = self.dealer, self.table
        players = [seat for seat in range(table.size) if not table.folded[seat]]
        plan = plan_seventh(dealer.remaining, len(dealer.burns), len(players), self.options["deck_exhaustion"])
        if plan.recycle:
            dealer.recycle()  # deck.recycle-order
        if plan.burn:
            dealer.burn()
        if plan.community:
            self.community = dealer.deal()  # deck.community-card
            return
        cards = self.up if face == "up" else self.down
        for seat, card in zip(players, dealer.deal_many(len(players))):
            cards[seat].append(card)

    def _open_round(self) -> BettingRound | None:
        """The street's betting round, or None when at most one player can bet (deal.run-out)."""
        table = self.table
        live = [not folded and stack > 0 for folded, stack in zip(table.folded, table.stacks)].count(True)
        if live < 2:
            return None
        street = self.rulebook.streets[self.street]
        bet = getattr(self.stakes, street.bet)  # betting.limits
        limits = self.limits
        if self.street == 0:
            low = bring_in_seat(self.up)  # bring-in.lowest-upcard, bring-in.suit-order
            if table.can_act(low):
                self.bring_in = low
                return BettingRound(table, limits, bet, low, live, FORCED, third=True)  # act-order.third-street
            # bring-in.all-in-on-ante: the next player clockwise who can act opens.
            return BettingRound(table, limits, bet, self._next_can_act(low), live, OPEN, third=True)
        first = self._next_can_act(self._best_board(), inclusive=True)  # act-order.all-in-skipped
        open_pair = street.name == "fourth" and self.options["fourth_street_open_pair_big_bet"] and self._open_pair()
        return BettingRound(table, limits, bet, first, live, NORMAL, open_pair=open_pair)

    def _open_pair(self) -> bool:
        """betting.fourth-street-open-pair: some player in the hand shows a pair."""
        table = self.table
        return any(not table.folded[seat] and len({card >> 2 for card in self.up[seat]}) < len(self.up[seat])
                   for seat in range(table.size))

    def _best_board(self) -> int:
        """The seat whose up cards make the best exposed hand (act-order.best-exposed-hand),
        all-in players included (they are skipped afterwards: act-order.all-in-skipped)."""
        table = self.table
        boards: list[list[int]] = self.up
        if self.community is not None and self.options["seventh_street_with_community"] == "recompute_with_community":
            boards = [cards + [self.community] for cards in self.up]  # act-order.community-card
        # act-order.seventh-street: the seventh card is down, so the up cards are sixth street's.
        players = [seat for seat in range(table.size) if not table.folded[seat]]
        return first_to_act(boards, players, self.options["act_order_ties"])

    def _next_can_act(self, seat: int, inclusive: bool = False) -> int:
        size = self.table.size
        for step in range(0 if inclusive else 1, size + 1):
            other = (seat + step) % size
            if self.table.can_act(other):
                return other
        raise AssertionError("a betting round needs two players who can act")

    # --- the end -------------------------------------------------------------------------

    def _settle(self, uncontested: bool) -> None:
        """Return uncalled chips, form the pots, award them, and end the hand."""
        table = self.table
        self.round = None
        self.over = True
        self._all_in_at_end = [not folded and not stack for folded, stack in zip(table.folded, table.stacks)]
        contributions = list(table.contributed)
        returned: dict[int, int] = {}
        back = uncalled(contributions)  # pots.uncalled-bet
        if back is not None:
            seat, amount = back
            contributions[seat] -= amount
            table.stacks[seat] += amount
            returned[seat] = amount
        pots = side_pots(contributions, table.folded, self._all_in_at_end)  # pots.side-pots
        awards: list[Award]
        show_order: Any
        if uncontested:
            winner = table.folded.index(False)
            awards = [({winner: pot.amount}, None) for pot in pots]  # showdown.uncontested
            show_order = []
        else:
            awards = self._showdown(pots)
            show_order = self._show_order  # worked out when the result is read
        stacks = table.stacks
        for high, low in awards:
            for seat, amount in high.items():
                stacks[seat] += amount
            if low:
                for seat, amount in low.items():
                    stacks[seat] += amount
        self._settlement = (pots, awards, returned, show_order)

    @property
    def result(self) -> dict[str, Any] | None:
        """The payout, JSON-ready (seats numbered from 1), or None while the hand is on.

        Built when asked for, not when the hand ends: a simulation that only plays hands
        never pays for it.
        """
        if self._settlement is None:
            return None
        pots, awards, returned, show_order = self._settlement
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
            "show_order": [seat + 1 for seat in (show_order() if callable(show_order) else show_order)],
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
        if last is not None and last.last_aggressor is not None:
            first = last.last_aggressor
        elif last is not None:
            first = last.first_actor if self.options["show_first_without_bet"] == "first_to_act" else last.last_actor
            assert first is not None
        else:
            first = self._best_board()  # no betting on seventh street: the act order, all-ins not skipped
        size = table.size
        return [seat for seat in ((first + step) % size for step in range(size)) if not table.folded[seat]]

    # --- observation ---------------------------------------------------------------------

    def observe(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (every card face up: this is the referee's view)."""
        table = self.table
        all_in = self._all_in_at_end or [table.all_in(seat) for seat in range(table.size)]
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
        raise ConfigError(f"stacks must be a list of chip counts, got {stacks!r}", "bad-config") from None
    if not book.min_players <= count <= book.max_players:
        raise ConfigError(f"a hand needs {book.min_players} to {book.max_players} players, got {count} stacks", "bad-config")
    for seat, stack in enumerate(stacks, start=1):
        if not (_is_int(stack) and stack > 0):
            raise ConfigError(f"the stack of p{seat} must be a positive whole number of chips, got {stack!r}", "bad-config")


def _check_stakes(stakes: Stakes) -> None:
    """table.stakes: ante >= 0 and 0 < bring_in <= small_bet < big_bet, in whole chips.

    A ``Stakes`` is immutable, so the very object that passed is remembered (by identity: an
    equal one may hold a float) and not checked again.
    """
    if _VALID_STAKES.get(id(stakes)) is stakes:
        return
    names = ("ante", "bring_in", "small_bet", "big_bet")
    try:
        values = [getattr(stakes, name) for name in names]
    except AttributeError:
        raise ConfigError(f"stakes must have ante, bring_in, small_bet and big_bet, got {stakes!r}", "bad-config") from None
    for name, value in zip(names, values):
        if not _is_int(value):
            raise ConfigError(f"stake {name} must be a whole number of chips, got {value!r}", "bad-config")
    ante, bring_in, small, big = values
    if ante < 0:
        raise ConfigError(f"the ante must be zero or more, got {ante}", "bad-config")
    if not 0 < bring_in <= small < big:
        raise ConfigError(
            f"stakes must satisfy 0 < bring_in <= small_bet < big_bet, got bring_in={bring_in}, "
            f"small_bet={small}, big_bet={big}", "bad-config")
    if stakes.__class__ is Stakes:
        if len(_VALID_STAKES) > 1024:
            _VALID_STAKES.clear()
        _VALID_STAKES[id(stakes)] = stakes


_VALID_STAKES: dict[int, Stakes] = {}
"""id -> Stakes that passed the check; the value keeps the object, so its id is not reused."""


def _deck_indices(deck: Sequence[Card | str]) -> list[int]:
    """The deck as card indices, top first, after checking it is 52 distinct cards (bad-deck)."""
    try:
        indices = list(map(_INDEX_BY_ID.__getitem__, map(id, deck)))  # the canonical Card objects
    except (KeyError, TypeError):
        try:
            indices = [_index_of(card) for card in deck]
        except TypeError:
            raise ConfigError(f"the deck must be a list of 52 cards, got {deck!r}", "bad-deck") from None
    if len(indices) != 52:
        raise ConfigError(f"the deck must hold 52 cards, got {len(indices)}", "bad-deck")
    if len(set(indices)) != 52:
        seen: set[int] = set()
        twice = [CARD_TEXT[i] for i in indices if i in seen or seen.add(i)]  # type: ignore[func-returns-value]
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
    raise ConfigError(f"the deck holds {card!r}, which is not a card", "bad-deck")


def _resolve_options(book: RuleBook, profile: str | None, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The option values (profile, then overrides), cached: every hand of a session asks the same.

    A copy is returned, so that a caller changing ``hand.options`` cannot change the cache.
    """
    try:
        key = (id(book), profile, tuple(sorted((options or {}).items())))
        cached = _OPTIONS_CACHE.get(key)
    except TypeError:  # an unhashable option value: resolve_options will name it
        return book.resolve_options(profile, options)
    if cached is None or cached[0] is not book:
        if len(_OPTIONS_CACHE) > 256:
            _OPTIONS_CACHE.clear()
        cached = (book, book.resolve_options(profile, options))
        _OPTIONS_CACHE[key] = cached
    return dict(cached[1])


_OPTIONS_CACHE: dict[tuple[Any, ...], tuple[RuleBook, dict[str, Any]]] = {}
"""(rule book id, profile, overrides) -> (rule book, resolved options). The rule book is kept
in the value so that its id cannot be reused while the entry lives."""
