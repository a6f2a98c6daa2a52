"""One street's betting round: what the player in turn may do, and what each action changes.

Fixed limit (``betting.*``, ``bring-in.*``). The round keeps, besides the chips on the table:

* ``level``: the amount every player must have put in on this street to stay in;
* ``last_full_level``: the level set by the last full bet or raise; the next bet or raise
  always goes to ``last_full_level + bet`` (betting.short-all-in);
* ``full_events``: the full bets and raises so far (the completion or opening bet is the first;
  a bring-in smaller than the small bet is none), counted against the cap (betting.raise-cap);
* ``acted``: who has acted since the betting was last reopened; they may only call or fold.

Verify / can / do: ``moves`` is the single statement of what is legal: the texts of the legal
moves, worked out once each time the turn passes (every caller asks: the engine checks each
action against it); ``refusal()`` says, with an error code, why a move that is not in it is
refused; ``apply()`` performs a legal move. Seats are 0-based list indices here.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud8.reference.actions import format_move
from stud8.reference.errors import ActionError

FORCED = "forced"  # third street: the bring-in must post or complete (bring-in.post-or-complete)
OPEN = "open"  # third street, low card all-in on the ante: an opener may fold, post or complete
NORMAL = "normal"  # chips are in; fold, check/call, bet/raise


CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {
    size: tuple(tuple((seat + step) % size for step in range(1, size + 1)) for seat in range(size))
    for size in range(1, 11)
}
"""CLOCKWISE[size][seat]: the seats after ``seat`` clockwise, ending with ``seat`` itself."""


class _CbrText(dict[int, str]):
    """Amount -> the text of the move that completes, bets or raises to it: ``cbr 20``.

    Made once per amount (a table's stakes give a few dozen): looking a text up costs less
    than formatting a number on every turn.
    """

    def __missing__(self, amount: int) -> str:
        if len(self) >= 4096:
            self.clear()
        text = self[amount] = format_move("cbr", amount)
        return text


_CBR_TEXT = _CbrText()


class Table:
    """The chips and the folds of the hand, shared by the betting rounds of every street.

    ``committed`` is what each seat has put in on the current street; ``contributed`` the
    whole hand, antes included (pots.side-pots counts antes like any other chips).
    ``players`` lists the seats still in the hand (not folded), in seat order: the seats
    every street is dealt to, which the engine would otherwise pick out again on each one.
    """

    __slots__ = ("size", "stacks", "committed", "contributed", "folded", "players")

    def __init__(self, stacks: Sequence[int]) -> None:
        self.size = len(stacks)
        self.stacks = list(stacks)
        self.committed = [0] * self.size
        self.contributed = [0] * self.size
        self.folded = [False] * self.size
        self.players = list(range(self.size))

    def post_antes(self, ante: int) -> None:
        """table.ante: everyone antes; a player who cannot cover it puts in all and is all-in.
        The antes are not chips on third street: they go to contributed, not committed."""
        stacks, contributed = self.stacks, self.contributed
        for seat, stack in enumerate(stacks):
            if stack > ante:
                stacks[seat] = stack - ante
                contributed[seat] = ante
            else:
                stacks[seat] = 0
                contributed[seat] = stack

    def put(self, seat: int, chips: int) -> None:
        """Move chips from a seat's stack into the pot."""
        self.stacks[seat] -= chips
        self.committed[seat] += chips
        self.contributed[seat] += chips

    def can_act(self, seat: int) -> bool:
        """Still in the hand and not all-in (act-order.all-in-skipped)."""
        return not self.folded[seat] and self.stacks[seat] > 0

    def all_in(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] == 0

    def fold(self, seat: int) -> None:
        """The seat gives up the hand; its chips stay in the pot."""
        self.folded[seat] = True
        self.players.remove(seat)

    def in_hand(self) -> int:
        """How many players have not folded (all-in players included)."""
        return len(self.players)

    def new_street(self) -> None:
        self.committed = [0] * self.size


class Limits:
    """What every round of a hand shares: the bring-in, the big bet, the cap and its heads-up
    reading (options raise_cap and heads_up_raises)."""

    __slots__ = ("bring_in", "big", "raise_cap", "heads_up")

    def __init__(self, bring_in: int, big: int, raise_cap: int, heads_up: str) -> None:
        self.bring_in = bring_in
        self.big = big
        self.raise_cap = raise_cap
        self.heads_up = heads_up


class BettingRound:
    """The state of one street's betting and its rules."""

    __slots__ = ("table", "rules", "third", "open_pair", "phase", "bet", "level", "last_full_level",
                 "full_events", "acted", "capped", "started_heads_up", "to_act", "closed", "first_actor",
                 "last_aggressor", "live", "moves")

    def __init__(self, table: Table, rules: Limits, bet: int, first: int, live: int, phase: str = NORMAL,
                 open_pair: bool = False) -> None:
        self.table = table
        self.rules = rules
        # Third street opens with the bring-in (FORCED) or, the low card all-in, with an opener
        # (OPEN); later streets open NORMAL. On third street the completion rules apply.
        self.third = phase != NORMAL
        self.open_pair = open_pair  # betting.fourth-street-open-pair: small or big bets
        self.phase = phase
        self.bet = bet  # the street's bet (betting.limits)
        self.level = 0
        self.last_full_level = 0
        self.full_events = 0
        self.acted = [False] * table.size
        self.capped = False  # betting.heads-up: once capped with three or more able to bet, stays capped
        # betting.heads-up (unlimited_if_round_starts_heads_up): the round begins with exactly two
        # players who can bet; a player all-in before the round is not one of them.
        self.started_heads_up = live == 2
        self.to_act: int | None = first
        self.closed = False
        self.first_actor = first
        self.last_aggressor: int | None = None  # the last seat to cbr (showdown.show-order)
        self.live = live  # how many players can still bet (not folded, not all-in), kept as they act
        self.moves: tuple[str, ...] = self._moves_of(first)
        """The legal moves of the seat in turn, in the order and the form ``legal_actions``
        lists them: ``("f", "cc", "cbr 20")``. A move is legal when its text is among them."""

    # --- can: the legal moves of the seat in turn ----------------------------------------

    def _moves_of(self, seat: int) -> tuple[str, ...]:
        """What ``seat``, now in turn, may do: the moves' texts, in listing order."""
        if self.phase == NORMAL:
            # betting.actions: a fold in turn is always accepted; cc checks or calls.
            moves: tuple[str, ...] = ("f", "cc")
            targets = self._raise_targets(seat) if self._raise_block(seat) is None else ()
        elif self.phase == FORCED:
            moves = ("pb",)  # bring-in.post-or-complete: never fold or check
            targets = self._completion_targets(seat)
        else:
            moves = ("f", "pb")  # bring-in.all-in-on-ante: fold, post or complete
            targets = self._completion_targets(seat)
        for target in targets:
            moves += (_CBR_TEXT[target],)
        return moves

    def _completion_targets(self, seat: int) -> tuple[int, ...]:
        """Completing the bring-in to the small bet, or all-in between bring-in and small bet."""
        small, stack = self.bet, self.table.stacks[seat]
        if self.rules.bring_in >= small:
            return ()  # table.stakes: a bring-in of a full bet leaves nothing to complete
        if stack >= small:
            return (small,)
        if stack > self.rules.bring_in:
            return (stack,)  # bring-in.short-all-in-completion
        return ()

    def _raise_targets(self, seat: int) -> tuple[int, ...]:
        """The amounts this seat may bet or raise to, once ``_raise_block`` has no objection."""
        total = self.table.committed[seat] + self.table.stacks[seat]
        if self.open_pair and self.bet != self.rules.big:
            targets = []
            for size in (self.bet, self.rules.big):  # betting.fourth-street-open-pair
                target = self.last_full_level + size
                if total <= target:
                    # betting.all-in: every chip, for less than this amount or exactly it; either
                    # way no larger amount is left to offer, so the stack is listed once.
                    targets.append(total)
                    break
                targets.append(target)
            return tuple(targets)
        target = self.last_full_level + self.bet  # betting.short-all-in: one bet above the full level
        return (target if total >= target else total,)  # noqa: FURB136 - betting.all-in: all-in for less

    def _raise_block(self, seat: int) -> str | None:
        """Why this seat may not bet or raise now, as an error code, or None if it may.

        When several reasons hold, the one about the whole round comes before those about
        this player (actions.error-precedence: the more general reason answers): a capped
        round refuses every raise, whoever asks and whatever their chips.
        """
        if self.full_events > self.rules.raise_cap and self._cap_applies():
            return "cap-reached"  # betting.raise-cap: one bet and raise_cap raises
        if self.acted[seat] and not (self.third and self.full_events == 0):
            # betting.short-all-in: the betting was not reopened for this player; but
            # bring-in.short-all-in-completion: until someone completes, anyone may complete.
            return "not-allowed"
        if self.table.committed[seat] + self.table.stacks[seat] <= self.level:
            return "not-allowed"  # betting.all-in: the stack covers a call at most
        if self.live < 2:
            # Everyone else is all-in or folded: a raise nobody can answer would only be
            # given back (pots.uncalled-bet), so none is offered.
            return "not-allowed"
        return None

    def _cap_applies(self) -> bool:
        """betting.raise-cap and betting.heads-up under the heads_up_raises option.

        The cap is for three or more players who are not all-in: an all-in player can neither
        raise nor be raised out, so two players betting beside one are heads-up (``live``
        counts the players who can still bet, not everyone still in the hand).
        """
        mode = self.rules.heads_up
        if mode == "capped":
            return True
        if mode == "unlimited_if_round_starts_heads_up":
            return not self.started_heads_up
        return self.capped or self.live > 2  # unlimited_until_capped

    # --- verify: why a move is refused ---------------------------------------------------

    def refusal(self, kind: str, amount: int | None) -> ActionError | None:
        """None if the seat in turn may make this move, else the error saying why not."""
        moves = self.moves
        move = format_move(kind, amount)
        if move in moves:
            return None
        legal = ", ".join(moves)
        if kind == "cbr":
            offered = [text for text in moves if text.startswith("cbr ")]
            if offered:
                return ActionError(f"{move!r} is not an amount the limit allows here ({' or '.join(offered)})",
                                   "wrong-amount")
            seat = self.to_act
            if self.phase == NORMAL and seat is not None and self._raise_block(seat) == "cap-reached":
                return ActionError(f"{move!r}: the betting is capped on this street", "cap-reached")
            return ActionError(f"{move!r}: no bet or raise is allowed now (legal: {legal})", "not-allowed")
        if kind in ("f", "cc") and self.phase == FORCED:
            return ActionError(f"{move!r}: the bring-in must post or complete (legal: {legal})", "not-allowed")
        if kind == "pb":
            return ActionError(f"'pb' is only for the bring-in on third street (legal: {legal})", "not-allowed")
        return ActionError(f"{move!r} is not allowed now (legal: {legal})", "not-allowed")

    # --- do: apply a legal move ----------------------------------------------------------

    def apply(self, kind: str, amount: int | None) -> None:
        """Apply a move of the seat in turn; the caller has checked it with ``refusal``."""
        seat = self.to_act
        assert seat is not None
        table = self.table
        if kind == "cc":
            table.put(seat, min(self.level - table.committed[seat], table.stacks[seat]))
            self.acted[seat] = True
        elif kind == "cbr":
            assert amount is not None
            self._bet_or_raise(seat, amount)
        elif kind == "f":
            table.fold(seat)
        else:
            self._post_bring_in(seat)
        if table.folded[seat] or not table.stacks[seat]:
            self.live -= 1  # the seat in turn could bet; now it has folded or is all-in
        self._advance(seat)

    def _post_bring_in(self, seat: int) -> None:
        table, bring_in = self.table, self.rules.bring_in
        table.put(seat, min(bring_in, table.stacks[seat]))  # bring-in.short-stack: all of it if short
        self.level = bring_in  # bring-in.short-stack: the others still face the full bring-in
        if bring_in >= self.bet:  # table.stakes: a full-bet bring-in is the opening bet
            self.last_full_level = bring_in
            self.full_events = 1
        self.acted[seat] = True  # bring-in.no-option: posting counts as acting
        self.phase = NORMAL

    def _bet_or_raise(self, seat: int, amount: int) -> None:
        table = self.table
        table.put(seat, amount - table.committed[seat])
        self.phase = NORMAL
        self.last_aggressor = seat
        size = amount - self.last_full_level
        if size == self.bet or (self.open_pair and size == self.rules.big):
            # A full bet, completion or raise (betting.fourth-street-open-pair: small or big).
            if size != self.bet:
                self.bet = size  # betting.fourth-street-open-pair: after a big bet, big bets only
            self._full(seat, amount)
            return
        # An all-in for less than the full amount (betting.short-all-in).
        # bring-in.short-all-in-completion: before the completion the bring-in counts as no bet.
        previous = 0 if self.third and self.full_events == 0 else self.level
        if 2 * (amount - previous) >= self.bet:
            self._full(seat, amount)  # at least half a bet: treated as full
            return
        self.level = amount
        if amount - self.last_full_level >= self.bet:
            self._full(seat, amount)  # short all-ins that add up to a full bet
            return
        self.acted[seat] = True  # a short all-in reopens nothing

    def _full(self, seat: int, amount: int) -> None:
        """A full bet or raise: the new full level, one more toward the cap, betting reopened."""
        self.level = self.last_full_level = amount
        self.full_events += 1
        if self.full_events >= 1 + self.rules.raise_cap and self.live > 2:
            # betting.heads-up: capped by a bet or raise made while three or more players could
            # bet (``live`` still counts the raiser, even one this raise puts all-in).
            self.capped = True
        self.acted = [False] * self.table.size
        self.acted[seat] = True

    def _advance(self, seat: int) -> None:
        """The next seat in turn, or close the round (betting.round-closes)."""
        table = self.table
        folded, stacks, committed, acted, level = table.folded, table.stacks, table.committed, self.acted, self.level
        if len(table.players) <= 1:
            self._close()  # showdown.uncontested: the engine ends the hand
            return
        for following in CLOCKWISE[table.size][seat]:
            if folded[following] or not stacks[following]:
                continue  # act-order.all-in-skipped
            if not acted[following] or committed[following] < level:
                break  # this player has yet to act, or owes chips
        else:
            self._close()  # everyone has acted and matched the level
            return
        if self.live == 1 and committed[following] >= level:
            self._close()  # deal.run-out: nobody left to bet against, and nothing owed
            return
        self.to_act = following
        self.moves = self._moves_of(following)

    def _close(self) -> None:
        self.to_act = None
        self.closed = True
        self.moves = ()
