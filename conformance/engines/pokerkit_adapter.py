"""PokerKit 0.7.7 behind the conformance runner's ``Engine`` interface.

``PokerKitEngine`` plays a scenario on PokerKit's own game: a ``State`` of
``FixedLimitSevenCardStudHighLowSplitEightOrBetter`` (same streets, hand types, fixed-limit
structure, uniform antes with ante trimming), created with PokerKit's own parameters for the
stakes and starting stacks. The adapter only translates; every rule decision is PokerKit's:

* **Dealing.** The stacked deck is fed to PokerKit card by card, top first, whenever PokerKit
  asks for one: ``burn_card(card)`` when it wants a burn, ``deal_hole(card)`` to the player it
  names (``hole_dealee_index``), ``deal_board(card)`` when it decides to deal a community card.
  PokerKit deals third street one card at a time around the table, three times, the third
  card up, and burns before fourth to seventh street, so the rule book's stacked deck gives
  every player the same cards in both engines. When PokerKit needs more cards than the
  stacked deck holds (deck exhaustion), it would reshuffle its reserve; the adapter instead
  feeds the reserve *unshuffled* (burns, then mucked cards, in PokerKit's order), so that
  runs are reproducible.
* **Actions.** ``pb`` -> ``post_bring_in``, ``f`` -> ``fold``, ``cc`` -> ``check_or_call``,
  ``cbr N`` -> ``complete_bet_or_raise_to(N)``. PokerKit's ``can_*`` checks decide what is
  allowed; refusals get the rule book's codes: ``malformed-action`` (the text is not a PHH
  action), ``no-such-seat``, ``hand-over``, ``out-of-turn`` (not ``actor_index``),
  ``not-allowed`` (the ``can_*`` check fails), ``wrong-amount`` (``cbr`` to an amount other
  than PokerKit's fixed-limit amount), ``cap-reached`` (PokerKit's completion/bet/raise count
  is at the street's maximum). A refused action leaves PokerKit's state untouched.
* **The end.** Bet collection, showdown, hand killing, chip pushing and pulling are PokerKit
  operations the adapter performs as soon as PokerKit allows them. At showdown every player
  shows (``show_or_muck_hole_cards(True)``) in PokerKit's showdown order. The state is created
  in PokerKit's ``Mode.CASH_GAME``: in ``Mode.TOURNAMENT`` PokerKit refuses a fold when a
  check is free, which the rule book allows (``betting.actions``).

Observations have the reference engine's shape. Read from PokerKit: ``street`` (its
``street_index``; the last street dealt), ``to_act`` (``actor_index``), ``legal`` (from the
``can_*`` checks; the ``cbr`` amount is ``min_completion_betting_or_raising_to_amount``),
stacks, ``committed`` (``bets``), ``contributed`` (``-payoffs``), ``pot``
(``total_pot_amount``), the cards (from PokerKit's ``HoleDealing`` operations, with their up/down
statuses), folds (``Folding`` operations), ``community`` (``board_cards``), the final stacks,
the show order (the order of PokerKit's ``HoleCardsShowingOrMucking`` operations), each pot's
amount and its high and low awards (PokerKit's ``ChipsPushing`` operations: hand type 0 is the
high half, hand type 1 the low half; a pot with no low push has ``low: None``).

Computed, because PokerKit does not expose it in the rule book's terms:

* ``bring_in``: the player PokerKit makes post or complete (``actor_index`` while its
  ``bring_in_status`` holds when third-street betting starts); None if nobody is forced.
* ``all_in``: a player not folded with an empty stack, frozen when the betting ends.
* ``pots`` while betting is open: PokerKit's ``pots`` leave out the chips of the current street,
  so the adapter forms the pots from every player's contribution (``-payoffs``) by the rule of
  conformance/WRITING.md.
* ``returned``: PokerKit gives uncalled chips back when it collects the bets of a street (and
  at the ante collection); the adapter sums what each collection gave back. When everybody
  else folds, PokerKit leaves the winner's last bet in front of them and never puts it in a
  pot; the adapter reports the part of it nobody called as returned and the rest as part of
  the pot, as the rule book counts it.
* pot eligibility: PokerKit kills the hands that cannot win anything before it forms the pots,
  and merges neighbouring pots whose (remaining) players are the same; the adapter reports
  PokerKit's pots, each with the players who put in enough to contest it and did not fold.

Not observable / not comparable: PokerKit has no notion of a community card in the act order
or of the deck-exhaustion procedures of the rule book (it deals a community card only when the
deck and every burned and mucked card cannot serve each player; it reuses mucked cards); the
hand's ``log`` is not exposed.

Options: ``unsupported()`` accepts a profile and options only when PokerKit can be set up to
play them (see ``SUPPORTED`` and ``unsupported``); the default profile (robert) has
``heads_up_raises: unlimited_until_capped`` and ``odd_chip_in_half: card_by_suit_all_cards``,
neither of which PokerKit plays, so most scenarios of the default profile are *not
applicable* to PokerKit. Rules that no option covers and PokerKit plays differently (short
all-ins, a short bring-in, the low card all-in on the ante, the show order after an all-in,
deck exhaustion) are not refused: the scenarios that exercise them fail, which is the point
of running them. ``PokerKitEngine(native=True)`` plays PokerKit's own rules whatever the
scenario asks (a cross-check mode; ``differential()`` uses the same setup to compare random
hands with the reference engine under ``POKERKIT_OPTIONS``).

Where PokerKit 0.7.7 plays Stud/8 differently from the rule book (read in its source,
state.py, and confirmed by experiment; tests/test_pokerkit_engine.py pins the first three):

* Odd chips: ``push_chips`` gives the whole remainder of a split to the first tied player by
  index (a 20-chip pot three ways: 8, 6, 6; the rule book's seat_order: 7, 7, 6).
* Low halves: ``_begin_chips_pushing`` splits every pot in two as soon as *any* player still in
  the hand has a qualifying low; in a side pot whose players have none, the low half goes to
  all of them that have no low (``hands[i] == max_hand`` with both None) instead of the high
  winner.
* The low card all-in on the ante: PokerKit keeps its bring-in status and forces the next
  player to post or complete (no fold).
* A short bring-in (stack below the bring-in) sets the amount to call at what was posted, not
  the full bring-in; a bring-in stack of exactly the bring-in is also offered ``cbr`` to it.
* Short all-ins: the next raise is measured from the all-in amount (``min_completion_...`` is
  the largest increment plus the current bet), never reopens for players who acted unless
  consecutive short all-ins add up to a full increment, and every all-in completion, bet or
  raise counts toward the cap; there is no half-bet rule.
* Heads-up: the count of completions, bets and raises applies whatever the number of players.
* Show order after an all-in: PokerKit shows down as soon as betting is over, starting with
  the last aggressor or the opener of that round (the best board even if all-in).
* Deck exhaustion: PokerKit deals one community card only when the stub and every burned and
  mucked card cannot give each player one; otherwise it reshuffles burns and folded cards.
* Start: PokerKit refuses a bring-in equal to the small bet and accepts nine or more players,
  a bring-in of zero and a small bet not below the big bet.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stud8.conformance.engines.api import EngineRefusal

STREETS: tuple[str, ...] = ("third", "fourth", "fifth", "sixth", "seventh")

POKERKIT_OPTIONS: dict[str, Any] = {
    "raise_cap": 3,
    "heads_up_raises": "capped",
    "fourth_street_open_pair_big_bet": False,
    "burn_before_third": False,
    "act_order_ties": "first_clockwise_from_dealer",
    "seventh_street_with_community": "sixth_street_order",
    "deck_exhaustion": "tda",
    "odd_chip_in_half": "seat_order",
    "show_first_without_bet": "first_to_act",
}
"""The option values under which the rule book comes closest to PokerKit's stock Stud/8 game
(``FixedLimitSevenCardStudHighLowSplitEightOrBetter``: a bet and three raises, always capped).
``deck_exhaustion`` is PokerKit's nearest in spirit only (see ``SUPPORTED``)."""

SUPPORTED: dict[str, Callable[[Any], bool]] = {
    # Street.max_completion_betting_or_raising_count: the completion (or bet) plus the raises;
    # PokerKit counts every completion, bet and raise, and applies it heads-up too.
    "raise_cap": lambda value: isinstance(value, int) and value >= 1,
    "heads_up_raises": lambda value: value == "capped",
    # PokerKit's stud games bet the small bet on fourth street whatever the up cards show.
    "fourth_street_open_pair_big_bet": lambda value: value is False,
    # Street.card_burning_status of the first street.
    "burn_before_third": lambda value: isinstance(value, bool),
    # Opening.HIGH_HAND: equal up hands (suits never count) go to the lowest player index.
    "act_order_ties": lambda value: value == "first_clockwise_from_dealer",
    # The opening reads only the players' own up cards, never the board.
    "seventh_street_with_community": lambda value: value == "sixth_street_order",
    # None of the three procedures is PokerKit's; the option matters only in hands that run
    # the deck short, which PokerKit plays its own way (the scenarios that do fail).
    "deck_exhaustion": lambda value: True,
    # ChipsPushing: the odd chips of a half go to the first tied player by index (seat order);
    # all of them to that player, where the rule book gives one chip each (3+ way ties).
    "odd_chip_in_half": lambda value: value == "seat_order",
    # The showdown starts with the last aggressor, else with the opener of the last round.
    "show_first_without_bet": lambda value: value == "first_to_act",
}
"""For each option, the values PokerKit can be set up to play."""

_AUTOMATIONS = ("ANTE_POSTING", "CHIPS_PULLING")
"""What PokerKit does by itself; everything else is an explicit operation of the adapter."""


class PokerKitMissing(ImportError):
    """PokerKit is not installed."""


def import_pokerkit() -> Any:
    """The ``pokerkit`` module, or ``PokerKitMissing`` with how to install it."""
    try:
        import pokerkit
    except ImportError as error:
        raise PokerKitMissing(
            "the PokerKit engine needs PokerKit 0.7.7: pip install 'stud8[pokerkit]' "
            f"(or pip install pokerkit==0.7.7); import failed: {error}"
        ) from None
    return pokerkit


_CARDS: dict[str, Any] = {}


def pk_card(text: str) -> Any:
    """Our card text (``Ah``) as a PokerKit ``Card``."""
    card = _CARDS.get(text)
    if card is None:
        pokerkit = import_pokerkit()
        cards = pokerkit.Card.clean(text)
        if len(cards) != 1:
            raise ValueError(f"not one card: {text!r}")
        card = _CARDS[text] = cards[0]
    return card


def card_text(card: Any) -> str:
    return f"{card.rank.value}{card.suit.value}"


def new_state(stacks: Sequence[int], stakes: Mapping[str, int], *, raise_cap: int = 3,
              burn_before_third: bool = False, automations: Sequence[str] = _AUTOMATIONS) -> Any:
    """A PokerKit Stud/8 state with these stakes and starting stacks, nothing dealt yet.

    PokerKit's stock game class builds it; ``raise_cap`` and ``burn_before_third`` change
    PokerKit's own street parameters (the count of completions, bets and raises a street
    allows; whether a card is burned before the first street). Raises ``ValueError`` (or
    ``TypeError``) when PokerKit refuses the configuration.
    """
    pokerkit = import_pokerkit()
    game_class = pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter
    if raise_cap + 1 != game_class.max_completion_betting_or_raising_count:
        game_class = type("Stud8Capped", (game_class,), {"max_completion_betting_or_raising_count": raise_cap + 1})
    game = game_class(
        tuple(getattr(pokerkit.Automation, name) for name in automations),
        True,  # ante trimming: uniform antes
        stakes["ante"],
        stakes["bring_in"],
        stakes["small_bet"],
        stakes["big_bet"],
        mode=pokerkit.Mode.CASH_GAME,
    )
    if burn_before_third:
        from dataclasses import replace

        game.streets = (replace(game.streets[0], card_burning_status=True),) + tuple(game.streets[1:])
    return game(tuple(stacks), len(stacks))


def pokerkit_moves(state: Any) -> list[str]:
    """The legal moves of the player in turn, read from PokerKit's ``can_*`` checks."""
    moves: list[str] = []
    if state.actor_index is None:
        return moves
    if state.can_post_bring_in():
        moves.append("pb")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # cash-game mode warns about a fold when a check is free
        if state.can_fold():
            moves.append("f")
    if state.can_check_or_call():
        moves.append("cc")
    if state.can_complete_bet_or_raise_to():
        moves.append(f"cbr {state.min_completion_betting_or_raising_to_amount}")
    return moves


def _side_pots(contributed: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool]) -> list[dict[str, Any]]:
    """Main and side pots from contributions (conformance/WRITING.md, "Pots while betting is open")."""
    levels = sorted({contributed[i] for i in range(len(contributed)) if all_in[i] and not folded[i]})
    pots = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributed)
        eligible = [i + 1 for i, c in enumerate(contributed) if not folded[i] and c >= level]
        if amount:
            pots.append({"amount": amount, "eligible": eligible})
        previous = level
    rest = sum(max(0, c - previous) for c in contributed)
    if rest:
        pots.append({"amount": rest, "eligible": [i + 1 for i, c in enumerate(contributed) if not folded[i] and c > previous]})
    return pots


class PokerKitEngine:
    """The conformance runner's engine interface on PokerKit 0.7.7 (see the module docstring).

    ``native=True``: never "not applicable"; PokerKit plays its stock game (a bet and three
    raises, always capped, no burn before third street) whatever the scenario's options say.
    """

    def __init__(self, *, native: bool = False) -> None:
        self._pk = import_pokerkit()
        self.native = native
        self.name = "pokerkit-native" if native else "pokerkit"
        self._state: Any = None

    # --- the interface ----------------------------------------------------------------

    def handshake(self) -> dict[str, Any]:
        """What this adapter plays, in the protocol's terms: each option's values PokerKit can
        be set up for (``SUPPORTED``), ``"*"`` where that is every value, and the profiles all of
        whose values it can play. ``native`` plays its own game whatever is asked: everything."""
        from importlib import metadata

        from stud8.spec.rulebook import default_rulebook

        book = default_rulebook()
        try:
            version = metadata.version("pokerkit")
        except metadata.PackageNotFoundError:  # pragma: no cover - imported, so installed
            version = "unknown"
        options: dict[str, Any] = {}
        for name, option in book.options.items():
            accepts = SUPPORTED.get(name)
            if self.native:
                options[name] = "*"
            elif accepts is None:
                continue  # left out: the default only (and unsupported() names it)
            elif option.type == "integer":
                # The only integer option, raise_cap, is accepted from its minimum up.
                low = option.minimum if option.minimum is not None else 0
                options[name] = "*" if accepts(low) else [v for v in [option.default] if accepts(v)]
            else:
                candidates: list[Any] = [True, False] if option.type == "boolean" else list(option.values)
                allowed = [value for value in candidates if accepts(value)]
                options[name] = "*" if allowed == candidates else allowed
        profiles = sorted(book.profiles) if self.native else sorted(
            profile for profile in book.profiles if self.unsupported(profile, {}) is None)
        return {"name": self.name, "version": version, "protocol": 1,
                "options": options, "profiles": profiles}

    def restart(self) -> None:
        self._state = None

    def close(self) -> None:
        self._state = None

    def unsupported(self, profile: str | None, options: Mapping[str, Any]) -> str | None:
        if self.native:
            return None
        from stud8.reference.errors import Stud8Error
        from stud8.spec.rulebook import default_rulebook

        try:
            values = default_rulebook().resolve_options(profile, options)
        except Stud8Error:
            return None  # the start will be refused with bad-config, which the scenario may expect
        reasons = [f"{name}={value!r}" for name, value in values.items()
                   if name in SUPPORTED and not SUPPORTED[name](value)]
        unknown = [name for name in values if name not in SUPPORTED]
        if unknown:
            reasons.append(f"options this adapter does not know: {', '.join(unknown)}")
        if reasons:
            return "PokerKit 0.7.7 cannot be set up to play " + ", ".join(reasons)
        return None

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        pk = self._pk
        try:
            parsed = [pk_card(text) for text in cards]
            high = pk.StandardHighHand.from_game(parsed)
        except ValueError as error:
            raise EngineRefusal("bad-card", str(error)) from None
        low = pk.EightOrBetterLowHand.from_game_or_none(parsed)
        return {
            "high": {"category": _CATEGORY[high.entry.label.value], "cards": _high_order(high.cards),
                     "value": high.entry.index},
            "low": None if low is None else {"cards": _low_order(low.cards), "value": _LOW_TOP - low.entry.index},
        }

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        self._state = None
        if self.native:
            values = dict(POKERKIT_OPTIONS)
        else:
            from stud8.reference.errors import Stud8Error
            from stud8.spec.rulebook import default_rulebook

            try:
                values = default_rulebook().resolve_options(profile, options)
            except Stud8Error as error:
                raise EngineRefusal("bad-config", error.message) from None
        cards = self._deck(deck)
        try:
            state = new_state(list(stacks), dict(stakes), raise_cap=values["raise_cap"],
                              burn_before_third=values["burn_before_third"],
                              automations=_AUTOMATIONS)
        except (ValueError, TypeError, KeyError) as error:
            raise EngineRefusal("bad-config", f"PokerKit refuses the table: {error}") from None
        size = len(stacks)
        self._state = state
        self._size = size
        self._starting = list(state.starting_stacks)
        self._deck_cards = cards
        self._next = 0
        self._reserve: list[Any] | None = None
        self._street = 0
        self._up: list[list[str]] = [[] for _ in range(size)]
        self._down: list[list[str]] = [[] for _ in range(size)]
        self._folded = [False] * size
        self._committed = [0] * size
        self._bring_in: int | None = None
        self._returned = [0] * size
        self._show_order: list[int] = []
        self._pushes: list[Any] = []
        self._pot_snapshot: list[tuple[int, tuple[int, ...]]] | None = None
        self._uncollected: tuple[int, int] | None = None  # (winner, uncalled part of their last bet)
        self._final_all_in: list[bool] | None = None
        self._final_contributed: list[int] | None = None
        self._result: dict[str, Any] | None = None
        self._advance()

    def act(self, action: str) -> None:
        from stud8.reference.actions import parse_action
        from stud8.reference.errors import ActionError

        try:
            parsed = parse_action(action)
        except ActionError as error:
            raise EngineRefusal("malformed-action", error.message) from None
        if self._state is None:
            raise EngineRefusal("hand-over", "no hand was started")
        state = self._state
        if not 1 <= parsed.seat <= self._size:
            raise EngineRefusal("no-such-seat", f"{action!r}: there is no seat p{parsed.seat}")
        if self._result is not None:
            raise EngineRefusal("hand-over", f"{action!r}: the hand is over")
        actor = state.actor_index
        if actor is None or parsed.seat - 1 != actor:
            raise EngineRefusal("out-of-turn", f"{action!r}: PokerKit's actor is p{None if actor is None else actor + 1}")
        kind = parsed.kind
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if kind == "pb":
                if not state.can_post_bring_in():
                    raise EngineRefusal("not-allowed", f"{action!r}: PokerKit refuses the bring-in now")
                state.post_bring_in()
            elif kind == "f":
                if not state.can_fold():
                    raise EngineRefusal("not-allowed", f"{action!r}: PokerKit refuses a fold now")
                state.fold()
                self._folded[actor] = True
            elif kind == "cc":
                if not state.can_check_or_call():
                    raise EngineRefusal("not-allowed", f"{action!r}: PokerKit refuses a check or call now")
                state.check_or_call()
            else:
                try:
                    state.verify_completion_betting_or_raising_to()
                except ValueError as error:
                    street = state.street
                    capped = (street is not None and street.max_completion_betting_or_raising_count is not None
                              and state.completion_betting_or_raising_count >= street.max_completion_betting_or_raising_count)
                    raise EngineRefusal("cap-reached" if capped else "not-allowed", f"{action!r}: {error}") from None
                amount = state.min_completion_betting_or_raising_to_amount
                if parsed.amount != amount:
                    raise EngineRefusal("wrong-amount", f"{action!r}: PokerKit's amount is {amount}")
                state.complete_bet_or_raise_to(amount)
        self._committed = list(state.bets)
        self._advance()

    def observe(self) -> dict[str, Any]:
        state = self._state
        size = self._size
        over = self._result is not None
        if over:
            assert self._final_all_in is not None and self._final_contributed is not None
            all_in = self._final_all_in
            contributed = self._final_contributed
            pots = _side_pots(contributed, self._folded, all_in)
        else:
            contributed = [-payoff for payoff in state.payoffs]
            all_in = self._all_in_now()
            pots = _side_pots(contributed, self._folded, all_in)
        actor = None if over else state.actor_index
        return {
            "street": STREETS[self._street],
            "to_act": None if actor is None else actor + 1,
            "legal": [] if over else pokerkit_moves(state),
            "bring_in": None if self._bring_in is None else self._bring_in + 1,
            "over": over,
            "seats": [
                {
                    "seat": i + 1,
                    "stack": state.stacks[i],
                    "committed": self._committed[i],
                    "contributed": contributed[i],
                    "up": list(self._up[i]),
                    "down": list(self._down[i]),
                    "folded": self._folded[i],
                    "all_in": all_in[i],
                }
                for i in range(size)
            ],
            "pot": sum(contributed),
            "pots": pots,
            "community": self._community(),
            "result": None if self._result is None else _copy(self._result),
        }

    # --- driving PokerKit ---------------------------------------------------------------

    def _deck(self, deck: Sequence[str]) -> list[Any]:
        """The stacked deck as PokerKit cards; the adapter needs 52 distinct ones to deal from."""
        try:
            texts = list(deck)
            cards = [pk_card(str(text)) for text in texts]
        except (TypeError, ValueError) as error:
            raise EngineRefusal("bad-deck", f"the deck is not a list of cards: {error}") from None
        if len(cards) != 52 or len({card_text(card) for card in cards}) != 52:
            raise EngineRefusal("bad-deck", "the stacked deck must be 52 distinct cards")
        return cards

    def _card(self) -> Any:
        """The next card to deal: the stacked deck, then PokerKit's reserve, unshuffled."""
        if self._next < len(self._deck_cards):
            card = self._deck_cards[self._next]
            self._next += 1
            return card
        state = self._state
        if self._reserve is None:
            self._reserve = [card for card in list(state.burn_cards) + list(state.mucked_cards) if card]
        return self._reserve.pop(0)

    def _all_in_now(self) -> list[bool]:
        stacks = self._state.stacks
        return [not self._folded[i] and stacks[i] == 0 for i in range(self._size)]

    def _community(self) -> str | None:
        boards = self._state.board_cards
        for board in boards:
            for card in board:
                return card_text(card)
        return None

    def _advance(self) -> None:
        """Perform PokerKit's non-player operations until a player must act or the hand ends."""
        state = self._state
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # dealing from the reserve is "not recommended"
            while state.status:
                if state.actor_index is not None:
                    if state.street_index == 0 and self._bring_in is None and state.bring_in_status:
                        self._bring_in = state.actor_index
                    return
                if state.can_collect_bets():
                    self._collect()
                elif state.can_burn_card():
                    self._new_street()
                    state.burn_card(self._card())
                elif state.can_deal_hole():
                    self._new_street()
                    seat = state.hole_dealee_index
                    operation = state.deal_hole(self._card())
                    for card, up in zip(operation.cards, operation.statuses):
                        (self._up if up else self._down)[seat].append(card_text(card))
                elif state.can_deal_board():
                    self._new_street()
                    state.deal_board(self._card())
                elif state.can_show_or_muck_hole_cards():
                    self._freeze()
                    seat = state.showdown_index
                    state.show_or_muck_hole_cards(True)
                    if seat not in self._show_order:
                        self._show_order.append(seat)
                elif state.can_kill_hand():
                    state.kill_hand()
                elif state.can_push_chips():
                    self._freeze()
                    if self._pot_snapshot is None:
                        self._pot_snapshot = [(pot.amount, tuple(pot.player_indices)) for pot in state.pots]
                    self._pushes.append(state.push_chips())
                else:
                    raise AssertionError(f"PokerKit is stuck: {state.operations[-1:]}")
        self._finish()

    def _new_street(self) -> None:
        index = self._state.street_index
        if index is not None and index != self._street:
            self._street = index
            self._committed = [0] * self._size

    def _collect(self) -> None:
        """PokerKit's bet collection; what it gives back is recorded as returned."""
        state = self._state
        if state.street_index is not None and (sum(state.statuses) == 1 or state.all_in_status
                                               or state.street_index == len(state.streets) - 1):
            self._freeze()  # the betting of the hand is over: before chips go back
        before = list(state.bets)
        winner = state.statuses.index(True) if sum(state.statuses) == 1 else None
        operation = state.collect_bets()
        for i in range(self._size):
            if i == winner:
                continue
            back = before[i] - operation.bets[i]
            if back > 0:
                self._returned[i] += back
        if winner is not None and before[winner]:
            called = max((before[i] for i in range(self._size) if i != winner), default=0)
            self._uncollected = (winner, before[winner] - min(before[winner], called))

    def _freeze(self) -> None:
        """The all-in flags and contributions as the betting ended (before chips go back).

        Contributions are counted gross: what PokerKit's payoffs say plus what it gave back.
        """
        if self._final_all_in is None:
            self._final_all_in = self._all_in_now()
            self._final_contributed = [-payoff + back for payoff, back in zip(self._state.payoffs, self._returned)]

    def _finish(self) -> None:
        """The hand is over: the result in the rule book's terms."""
        state = self._state
        self._freeze()
        assert self._final_contributed is not None
        contributed = [c - r for c, r in zip(self._final_contributed, self._returned)]
        returned = list(self._returned)
        if self._uncollected is not None:
            winner, uncalled = self._uncollected
            returned[winner] += uncalled
            contributed[winner] -= uncalled
        uncontested = self._folded.count(False) == 1
        pots: list[dict[str, Any]] = []
        if uncontested:
            winner = self._folded.index(False)
            total = sum(contributed)
            pots.append({"amount": total, "eligible": [winner + 1], "high": {winner + 1: total}, "low": None})
        elif sum(state.statuses) == 1:
            # PokerKit killed every other shown hand (none could win anything) and pushed the
            # pots to the survivor undivided, like an uncontested pot, merging pots whose only
            # remaining player is the survivor. In the rule book's terms the survivor scoops
            # each pot: its high half and, if the survivor holds a low (only then can the pot
            # have one: a killed hand never holds a pot's best low), its low half.
            winner = state.statuses.index(True)
            has_low = self._pk.EightOrBetterLowHand.from_game_or_none(state.hole_cards[winner]) is not None
            for pot in _side_pots(contributed, self._folded, self._final_all_in or [False] * self._size):
                amount = pot["amount"]
                halves: tuple[dict[int, int], dict[int, int] | None]
                if has_low:
                    halves = {winner + 1: amount - amount // 2}, {winner + 1: amount // 2}
                else:
                    halves = {winner + 1: amount}, None
                pots.append({"amount": amount, "eligible": pot["eligible"], "high": halves[0], "low": halves[1]})
        else:
            snapshot = self._pot_snapshot or []
            ours = _side_pots(contributed, self._folded, self._final_all_in or [False] * self._size)
            eligible = _eligibility(snapshot, ours)
            for index, (amount, players) in enumerate(snapshot):
                high: dict[int, int] = {}
                low: dict[int, int] | None = None
                for push in self._pushes:
                    if push.pot_index != index:
                        continue
                    if push.hand_type_index == 1:
                        low = {} if low is None else low
                        part = low
                    else:
                        part = high
                    for i, chips in enumerate(push.amounts):
                        if chips:
                            part[i + 1] = part.get(i + 1, 0) + chips
                pots.append({"amount": amount, "eligible": eligible[index], "high": high, "low": low})
        self._result = {
            "pots": pots,
            "returned": {i + 1: amount for i, amount in enumerate(returned) if amount},
            "show_order": [] if uncontested else [seat + 1 for seat in self._show_order],
            "stacks": list(state.stacks),
        }


def _eligibility(snapshot: Sequence[tuple[int, tuple[int, ...]]], ours: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """For each of PokerKit's pots, the players who contest it.

    PokerKit's pots list only the players whose hands were not killed; when PokerKit's pots are
    whole runs of the rule book's pots (the usual case, possibly merged), the widest
    eligibility of the run is reported; otherwise PokerKit's own players.
    """
    result: list[list[int]] = []
    position = 0
    for amount, players in snapshot:
        total = 0
        first = position
        while position < len(ours) and total < amount:
            total += ours[position]["amount"]
            position += 1
        if total == amount and position > first:
            result.append(sorted(ours[first]["eligible"]))
        else:
            return [sorted(i + 1 for i in players) for _, players in snapshot]
    return result


def _copy(result: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "pots": [dict(pot, eligible=list(pot["eligible"]), high=dict(pot["high"]),
                      low=None if pot["low"] is None else dict(pot["low"])) for pot in result["pots"]],
        "returned": dict(result["returned"]),
        "show_order": list(result["show_order"]),
        "stacks": list(result["stacks"]),
    }


# --- evaluation helpers ------------------------------------------------------------------

_CATEGORY = {
    "Straight flush": "straight flush",
    "Four of a kind": "four of a kind",
    "Full house": "full house",
    "Flush": "flush",
    "Straight": "straight",
    "Three of a kind": "three of a kind",
    "Two pair": "two pair",
    "One pair": "pair",
    "High card": "high card",
}
_RANKS = "23456789TJQKA"
_LOW_TOP = 1_000_000
"""Low values are ``_LOW_TOP - entry.index``: PokerKit's low entries are better when smaller."""


def _high_order(cards: Sequence[Any]) -> list[str]:
    """A high hand's cards, most significant first (groups, then kickers; a wheel five first)."""
    texts = [card_text(card) for card in cards]
    ranks = [_RANKS.index(text[0]) for text in texts]
    counts = {rank: ranks.count(rank) for rank in ranks}
    if sorted(ranks) == [0, 1, 2, 3, 12]:  # A-2-3-4-5: the ace plays low
        return sorted(texts, key=lambda t: -1 if t[0] == "A" else _RANKS.index(t[0]), reverse=True)
    return sorted(texts, key=lambda t: (counts[_RANKS.index(t[0])], _RANKS.index(t[0])), reverse=True)


def _low_order(cards: Sequence[Any]) -> list[str]:
    """A low hand's cards, highest first, the ace lowest."""
    texts = [card_text(card) for card in cards]
    return sorted(texts, key=lambda t: -1 if t[0] == "A" else _RANKS.index(t[0]), reverse=True)


# --- the differential cross-check --------------------------------------------------------


def differential(hands: int, seed: int = 0, *, players: int = 4, stacks: Sequence[int] | None = None,
                 stakes: Mapping[str, int] | None = None, options: Mapping[str, Any] | None = None,
                 fold: bool = True, limit: int = 20) -> dict[str, Any]:
    """Play random hands on the reference engine and on PokerKit and report where they differ.

    Both engines get the same stacked deck; the actions are chosen uniformly among the legal
    moves of the reference engine (without folds if ``fold`` is False). The reference engine
    plays ``options`` (default ``POKERKIT_OPTIONS``), PokerKit its stock game. At every step
    the seat in turn and the legal moves are compared, and at the end the final stacks; the
    first difference of a hand ends it. Returns ``{"hands", "same", "differences": [...]}``
    with up to ``limit`` differences, each with the hand's seed, the actions so far and the
    two sides.
    """
    from stud8.conformance.engines.api import ReferenceEngine
    from stud8.reference.cards import ALL_CARDS

    stakes = dict(stakes or {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10})
    options = dict(POKERKIT_OPTIONS if options is None else options)
    ours, theirs = ReferenceEngine(), PokerKitEngine(native=True)
    rng = random.Random(seed)
    texts = [str(card) for card in ALL_CARDS]
    differences: list[dict[str, Any]] = []
    same = 0
    difference_count = 0
    for number in range(hands):
        hand_seed = rng.randrange(2**32)
        local = random.Random(hand_seed)
        deck = texts[:]
        local.shuffle(deck)
        seats = list(stacks) if stacks is not None else [1000] * players
        ours.start(stacks=seats, stakes=stakes, deck=deck, profile=None, options=options)
        theirs.start(stacks=seats, stakes=stakes, deck=deck, profile=None, options={})
        actions: list[str] = []
        found: dict[str, Any] | None = None
        while True:
            a, b = ours.observe(), theirs.observe()
            mine = (a["to_act"], sorted(a["legal"]))
            other = (b["to_act"], sorted(b["legal"]))
            if mine != other:
                found = {"what": "to_act, legal", "stud8": mine, "pokerkit": other}
                break
            if a["over"] or b["over"]:
                if a["over"] != b["over"]:
                    found = {"what": "over", "stud8": a["over"], "pokerkit": b["over"]}
                elif a["result"]["stacks"] != b["result"]["stacks"]:
                    found = {"what": "stacks", "stud8": a["result"], "pokerkit": b["result"]}
                break
            moves = [m for m in a["legal"] if fold or m != "f"] or a["legal"]
            action = f"p{a['to_act']} {local.choice(moves)}"
            actions.append(action)
            ours.act(action)
            theirs.act(action)
        if found is None:
            same += 1
        else:
            difference_count += 1
            if len(differences) < limit:
                found.update({"hand": number, "seed": hand_seed, "stacks": seats, "actions": actions})
                differences.append(found)
    return {"hands": hands, "same": same, "different": difference_count, "differences": differences}
