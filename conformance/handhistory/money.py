"""The money check: a hand's books must balance, whatever its game and whatever its rules.

Every hand a reader builds is checked before anything else is done with it, and the check
needs no rule of any game, only arithmetic on what the record says:

0. every amount is one a hand can hold (``bad_amount``): a whole number of the unit, never
   negative, the rake within its pot; the line holding a bad one is named; and every player
   is named by text and every action is of a kind (a record built by a caller of the Python
   API may hold anything: the check names what is wrong rather than failing on it);
1. every chip a player put in comes from an action the record holds, and no player puts in
   more than the stack they sat down with, nor takes back (an uncalled bet) more than they
   put in; a player the record marks all in has put in exactly that stack (the stack is the
   one before the antes: what every supported format prints on its seat lines);
2. what the players put in, less what came back to them, is what the pots hold;
3. each pot is what was paid out of it plus the rake and fees the site took from it;
4. so the players' nets (collected plus returned, less put in) add up to minus the rake.

A hand that fails is ``unreadable``, never ``deviates``: when the books do not balance the
reader lost track of the hand (a line it misread, a payout it did not see), and nothing the
audit could say about the rules would be about the hand the site played. The message names
the line where the reader lost track: the action that overdrew a stack, or the line that
states the pot or the payout (``HandRecord.pot_line``).

Where a site prints no rake (``HandRecord.rake_printed`` False) the rake is what the pot did
not pay out. That cannot fail (2) or (3) by construction, so it is held to two limits a real
rake never passes: no rake at all in a tournament (chips), and never more than a tenth of
the pot (plus one unit for rounding). A payout line the reader missed would otherwise be
taken for rake: a low half missed is half the pot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stud8.conformance.handhistory.record import TO_KINDS, ActionKind, HandRecord, money
from stud8.spec.limits import quoted

UNPRINTED_RAKE_SHARE = 10
"""The largest rake a site that prints none is taken to have kept: one part in this many of
the pot (plus one unit). Real rakes are 3 to 6 percent, capped."""


@dataclass(frozen=True)
class Imbalance:
    """Why a hand's books do not balance, and the line where the reader lost track."""

    message: str
    line: int


def _m(amount: int, record: HandRecord) -> str:
    return money(amount, record.unit)


def contributions(record: HandRecord) -> tuple[dict[str, int], Imbalance | None]:
    """What each seated player put in by the record's actions (a complete, bet or raise is a
    total on the street: the chips it adds are that less what the player had in), or the
    first action that cannot be so (a player not seated, a total below what was already in,
    more chips than the player's stack)."""
    for seat in record.seats:
        if not isinstance(seat.name, str):  # names are looked up: they must be text
            return {}, Imbalance(f"the player in seat {quoted(seat.seat_no)} is named {quoted(seat.name)}, "
                                 "which is not a name", seat.line or record.line)
    stacks = {seat.name: seat.stack for seat in record.seats}
    put = {name: 0 for name in stacks}
    committed: dict[str, int] = {}
    street = None
    for action in record.actions:
        action_street, player, kind, amount, all_in, _line = action  # unpacked: each field is read per action
        if not isinstance(player, str) or player not in stacks:
            return put, Imbalance(f"{quoted(player)} acts but has no seat", action.line)
        if kind.__class__ is not ActionKind:
            return put, Imbalance(f"{player}'s action is of the kind {quoted(kind)}, which is no action", action.line)
        if action_street != street:
            street, committed = action_street, {}
        if kind in TO_KINDS:
            added = amount - committed.get(player, 0)
            committed[player] = amount
        else:
            added = amount
            if street:
                committed[player] = committed.get(player, 0) + added
        if added < 0:
            return put, Imbalance(f"{player} {kind.value}s to {_m(amount, record)}, less than the "
                                  f"{_m(amount - added, record)} already in on this street", action.line)
        total = put[player] = put[player] + added
        if total > stacks[player]:
            seat_line = next((seat.line for seat in record.seats if seat.name == player), 0)
            said = f" (line {seat_line})" if seat_line else ""
            return put, Imbalance(f"{player} has put in {_m(total, record)}, more than the stack of "
                                  f"{_m(stacks[player], record)} they sat down with{said}", action.line)
        if all_in and total != stacks[player]:
            # The record says the player is all in: the stack as read (before the antes, as every
            # supported format prints it) is then exactly what they have put in.
            seat_line = next((seat.line for seat in record.seats if seat.name == player), 0)
            said = f" (line {seat_line})" if seat_line else ""
            return put, Imbalance(f"{player} is all in having put in {_m(total, record)}, but sat "
                                  f"down with {_m(stacks[player], record)}{said}: the stack is not what the "
                                  "record says it is", action.line)
    return put, None


def bad_amount(record: HandRecord) -> Imbalance | None:
    """The first amount of the record that no hand can hold, naming the line that holds it:
    every amount is a whole number of the record's unit (its precision: the readers refuse a
    finer one), never negative (a stack, an action, a pot, the rake and fees, a payout, an
    uncalled bet); the rake and fees are within the pot they are taken from."""
    if _plainly_whole(record):
        return None
    for seat in record.seats:
        if not _whole(seat.stack):
            return Imbalance(f"{seat.name}'s stack {_show(seat.stack, record)} is no amount a stack can be",
                             seat.line or record.line)
    for action in record.actions:
        if not _whole(action.amount):
            verb = f"{action.kind.value}s" if action.kind.__class__ is ActionKind else f"acts ({quoted(action.kind)})"
            return Imbalance(f"{action.player} {verb} {_show(action.amount, record)}: no amount an "
                             "action can put in", action.line or record.line)
    where = record.pot_line or record.line
    for label, value in (("the rake", record.rake), ("the jackpot and other fees", record.fees),
                         ("the total pot", record.total_pot if record.total_pot is not None else 0)):
        if not _whole(value):
            return Imbalance(f"{label} is {_show(value, record)}: no amount a pot or a rake can be", where)
    for name, chips in tuple(record.collected) + tuple(record.returned):
        if not _whole(chips):
            return Imbalance(f"{name} is paid {_show(chips, record)}: no amount a payout can be", where)
    for index, pot in enumerate(record.pots):
        label = "the pot" if len(record.pots) == 1 else ("the main pot" if index == 0 else f"side pot {index}")
        amounts = (pot.amount, pot.rake, pot.fees) + tuple(chips for _, chips in pot.collected)
        if not all(_whole(value) for value in amounts):
            return Imbalance(f"{label} holds, pays or keeps a negative amount", where)
        if pot.rake + pot.fees > pot.amount:
            return Imbalance(f"the rake and fees of {label} ({_m(pot.rake + pot.fees, record)}) are more than "
                             f"{label} ({_m(pot.amount, record)})", where)
    held = sum(pot.amount for pot in record.pots)
    if record.pots and record.rake + record.fees > held:
        return Imbalance(f"the rake and fees ({_m(record.rake + record.fees, record)}) are more than the pots "
                         f"({_m(held, record)})", where)
    return None


def _plainly_whole(record: HandRecord) -> bool:
    """The common case, checked at C speed: every amount a non-negative ``int`` and every pot's
    rake within it (``bad_amount`` then finds nothing; otherwise it looks one by one)."""
    amounts: list[Any] = [seat.stack for seat in record.seats]
    amounts += [action[3] for action in record.actions]
    amounts += [record.rake, record.fees, record.total_pot if record.total_pot is not None else 0]
    amounts += [chips for _, chips in record.collected]
    amounts += [chips for _, chips in record.returned]
    for pot in record.pots:
        amounts += (pot.amount, pot.rake, pot.fees)
        amounts += [chips for _, chips in pot.collected]
    if not set(map(type, amounts)) <= {int} or min(amounts) < 0:
        return False  # compared only once they are numbers
    return all(pot.rake + pot.fees <= pot.amount for pot in record.pots) and \
        (not record.pots or record.rake + record.fees <= sum(pot.amount for pot in record.pots))


def _whole(value: object) -> bool:
    """A non-negative whole number of units (``bool`` is no amount)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _show(value: object, record: HandRecord) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return ("-" if value < 0 else "") + _m(abs(value), record)
    return repr(value)[:40]


def check(record: HandRecord) -> Imbalance | None:
    """The first way the record's books do not balance, or None when they do (after the
    amounts themselves: ``bad_amount``)."""
    return balance(record)[1]


def balance(record: HandRecord) -> tuple[dict[str, int], Imbalance | None]:
    """``check``, and what each seated player put in (``contributions``): the audit goes on
    from those sums once the books balance, rather than adding the actions up again."""
    bad = bad_amount(record)
    if bad is not None:
        return {}, bad
    put, trouble = contributions(record)
    if trouble is not None:
        return put, trouble
    where = record.pot_line or record.line
    paid_to = [name for name, _ in record.collected] + [name for name, _ in record.returned]
    paid_to += [name for pot in record.pots for name, _ in pot.collected]
    for name in paid_to:
        if not isinstance(name, str):
            return put, Imbalance(f"a payout or an uncalled bet goes to {quoted(name)}, which is not a name", where)
    returned = dict(record.returned)
    for name, chips in returned.items():
        if name not in put:
            return put, Imbalance(f"an uncalled bet goes back to {name!r}, who has no seat", where)
        if chips < 0 or chips > put[name]:
            return put, Imbalance(f"{_m(chips, record)} goes back to {name} as uncalled, who put in {_m(put[name], record)}", where)
    in_pots = sum(put.values()) - sum(returned.values())
    held = sum(pot.amount for pot in record.pots)
    if held != in_pots:
        return put, Imbalance(f"the players put in {_m(sum(put.values()), record)}"
                              + (f" and took {_m(sum(returned.values()), record)} back" if returned else "")
                              + f", but the pots hold {_m(held, record)}", where)
    paid_by_player: dict[str, int] = {}
    shares = record.pot_rakes()  # per pot as recorded, else what each pot kept when that is the total
    for index, pot in enumerate(record.pots):
        paid = sum(chips for _, chips in pot.collected)
        rake, fees = shares[index]
        label = "the pot" if len(record.pots) == 1 else ("the main pot" if index == 0 else f"side pot {index}")
        if min(rake, fees, paid) < 0 or any(chips < 0 for _, chips in pot.collected):
            return put, Imbalance(f"{label} pays or takes a negative amount", where)
        if paid + rake + fees != pot.amount:
            return put, Imbalance(f"{label} holds {_m(pot.amount, record)} but pays out {_m(paid, record)} with "
                                  f"{_m(rake + fees, record)} rake and fees", where)
        for name, chips in pot.collected:
            if name not in put:
                return put, Imbalance(f"{name!r} collects from {label} but has no seat", where)
            paid_by_player[name] = paid_by_player.get(name, 0) + chips
    if record.pots and {n: c for n, c in record.collected if c} != {n: c for n, c in paid_by_player.items() if c}:
        return put, Imbalance("what each player collected differs from what the pots paid them", where)
    taken = sum(rake + fees for rake, fees in shares)
    if record.pots and taken != record.rake + record.fees:
        return put, Imbalance(f"the rake and fees of the pots ({_m(taken, record)}) differ from the hand's "
                              f"({_m(record.rake + record.fees, record)})", where)
    if record.total_pot is not None and record.total_pot != held:
        return put, Imbalance(f"the site states a total pot of {_m(record.total_pot, record)}, the pots hold {_m(held, record)}", where)
    if not record.rake_printed and taken:
        if record.tournament is not None:
            return put, Imbalance(f"the pot pays out {_m(held - taken, record)} of {_m(held, record)} in a tournament, which takes no rake: "
                                  "a payout was not read", where)
        if taken > held // UNPRINTED_RAKE_SHARE + 1:
            return put, Imbalance(f"the pot pays out {_m(held - taken, record)} of {_m(held, record)}: the {_m(taken, record)} left is more than any rake "
                                  "(the site prints none): a payout was not read", where)
    return put, None


def nets(record: HandRecord) -> dict[str, int]:
    """Each player's net by the record: collected plus returned, less put in."""
    put, _ = contributions(record)
    collected = dict(record.collected)
    returned = dict(record.returned)
    return {name: collected.get(name, 0) + returned.get(name, 0) - chips for name, chips in put.items()}
