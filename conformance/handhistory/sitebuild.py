"""What the readers of the smaller sites share: splitting a stream into hands, card and amount
spellings, and ``HandBuilder``, which turns a site's statements into a ``HandRecord``.

Why one builder: every site states the same facts differently. One prints "raises $1 to
$1.37" (the chips added, then the player's total in the hand), another "raises $0.20 to
$0.30" (the total on the street), another "calls 40" meaning *to* 40; one calls the
completion of a bring-in a "bet", another a "raise". A reader says which of the two amounts
the site printed (``added=`` or ``to=``) and what the site called the action; the builder keeps
each player's commitment on the street and writes the record's one convention (see
``record.ActionRecord``): a complete, bet or raise carries the total the street reaches, an
ante, bring-in or call the chips added. The action's *kind* follows from the betting so far,
not from the site's word: on third street the first full bet is the complete, later ones are
raises; on later streets the first is the bet. Nothing here judges legality: a raise of the
wrong size is recorded as it was made, for the audit to judge.

Cards go into the record's seven slots in the order dealt; ``show`` places a shown hand into
them (cards already known stay where they are, and must agree).

A reader raises ``HandError`` (a message, and the line) for a hand it cannot use; the reader
turns it into a ``HandProblem`` and goes on with the next hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TextIO

from stud8.conformance.handhistory.readers import MAX_LINE_CHARS, bounded_lines, reason_of
from stud8.conformance.handhistory.record import (
    FACES,
    SLOTS,
    ActionKind,
    ActionRecord,
    HandProblem,
    HandRecord,
    PlayerCards,
    PotRecord,
    SeatRecord,
    ShowdownRecord,
    parse_amount,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"
_CARD_TEXT = re.compile(r"^(10|[2-9TJQKA])([cdhs])$", re.IGNORECASE)
_SUIT_FIRST = re.compile(r"^([CDHS])(10|[2-9TJQKA])$", re.IGNORECASE)
HIDDEN = frozenset({"", "x", "xx", "h", "-", "null", "??", "[cards]"})
"""How sites write a card nobody saw (Absolute ``H``, OnGame ``-``, Merge ``null``/empty)."""

DOWN_SLOTS = tuple(i for i, face in enumerate(FACES) if face == "down")
UP_SLOTS = tuple(i for i, face in enumerate(FACES) if face == "up")
STREET_SLOTS: dict[int, tuple[int, ...]] = {3: (0, 1, 2), 4: (3,), 5: (4,), 6: (5,), 7: (6,)}
"""The slots dealt on each street (third street: down, down, up)."""


class HandError(Exception):
    """A hand the reader cannot turn into a record: why, and the line (0: the hand's first)."""

    def __init__(self, message: str, line: int = 0, verdict: str = "unreadable") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.verdict = verdict


def card(text: str) -> str | None:
    """A card in any site's spelling as ``"Ah"``; ``None`` for a hidden card.

    >>> card("10c"), card("D7"), card("C10"), card("as"), card("X"), card("null")
    ('Tc', '7d', 'Tc', 'As', None, None)
    """
    word = text.strip()
    if word.lower() in HIDDEN:
        return None
    match = _CARD_TEXT.match(word)
    if match:
        rank, suit = match.groups()
    else:
        match = _SUIT_FIRST.match(word)
        if not match:
            raise ValueError(f"not a card: {text!r}")
        suit, rank = match.groups()
    rank = "T" if rank == "10" else rank.upper()
    return rank + suit.lower()


def cards(text: str, separator: str | None = None) -> list[str | None]:
    """Cards separated by spaces (or ``separator``), each as ``card`` reads it."""
    words = text.split(separator) if separator else text.split()
    return [card(word) for word in words]


def amount(text: str, unit: str = "cent") -> int:
    """An amount as printed (``$1,725.59``, ``5€``, ``0.40``), exactly, in the smallest unit."""
    cleaned = text.strip().replace("€", "").replace("USD", "").replace("EUR", "").strip()
    return parse_amount(cleaned, unit)


@dataclass
class HandText:
    """One hand's lines as read, with the number of its first line in the file; ``broken``
    says why the hand cannot be used when a line or the hand itself is too long to keep."""

    line: int
    lines: list[str] = field(default_factory=list)
    broken: tuple[int, str] | None = None

    def numbered(self) -> Iterator[tuple[int, str]]:
        """``(line number, text)`` of every line, blank ones included."""
        for offset, text in enumerate(self.lines):
            yield self.line + offset, text

    def check(self) -> None:
        """``HandError`` if the hand was too long to keep (see ``split_hands``)."""
        if self.broken is not None:
            raise HandError(self.broken[1], self.broken[0])


MAX_HAND_LINES = 20_000
"""Lines one hand may have before it is refused (a real hand has well under a hundred): a
damaged or hostile file without a next header never fills memory."""


def split_hands(stream: TextIO, starts: re.Pattern[str]) -> Iterator[HandText]:
    """The hands of a stream, each starting at a line ``starts`` matches; lines before the
    first such line are dropped. One hand in memory at a time, and a bounded one: a line
    longer than ``readers.MAX_LINE_CHARS`` or a hand of more than ``MAX_HAND_LINES`` lines
    marks the hand ``broken`` and is not kept."""
    current: HandText | None = None
    for number, raw, too_long in bounded_lines(stream):
        text = raw.rstrip("\r\n").lstrip("\ufeff")
        if not too_long and starts.search(text):
            if current is not None:
                yield current
            current = HandText(number)
        if current is None or current.broken is not None:
            continue
        if too_long:
            current.broken = (number, f"line {number} is longer than {MAX_LINE_CHARS} characters")
        elif len(current.lines) >= MAX_HAND_LINES:
            current.broken = (number, f"the hand runs past {MAX_HAND_LINES} lines without a next hand")
        else:
            current.lines.append(text)
    if current is not None:
        yield current


def problem(path: str, hand_id: str | None, error: HandError, first_line: int) -> HandProblem:
    """The ``HandProblem`` for a hand a reader refused."""
    return HandProblem(path, hand_id, error.line or first_line, error.verdict, error.message)


_HASH_ID = re.compile(r"#\s*([\w-]+)")


class HeaderTextReader:
    """The reading loop of the text formats whose every hand opens with one header line.

    A subclass names the line that starts a hand (``start``), the header's full pattern with an
    ``id`` group (``header``), the site's name for messages (``site``), and ``parse`` for one
    hand. What they share is here once: sniffing the first lines, cutting the stream into
    hands, refusing a hand whose header does not read, and turning a ``HandError`` into that
    hand's ``HandProblem`` so that the rest of the file is still read.
    """

    name: str
    site: str
    start: re.Pattern[str]
    header: re.Pattern[str]

    def sniff(self, head: str) -> bool:
        return any(self.start.match(line.lstrip("\ufeff")) for line in head.splitlines()[:20])

    def hand_id(self, first_line: str, header: re.Match[str] | None) -> str | None:
        """The hand's id for messages, read even from a header that does not parse (every
        such format writes it as ``#ID`` in the first line)."""
        if header is not None:
            return header.group("id")
        found = _HASH_ID.search(first_line)
        return found.group(1) if found else None

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        for hand in split_hands(stream, self.start):
            header = self.header.match(hand.lines[0])
            hand_id = self.hand_id(hand.lines[0], header)
            try:
                hand.check()
                if header is None:
                    raise HandError(f"not {self.site} hand header: {hand.lines[0]!r}")
                record = self.parse(hand.lines, hand.line, path, header)
            except HandError as error:
                yield problem(path, hand_id, error, hand.line)
            except (ValueError, ArithmeticError) as error:
                # a value the parser did not expect (an amount finer than a cent in the header):
                # this hand's problem, and the rest of the file is still read
                yield HandProblem(path, hand_id, hand.line, "unreadable", reason_of(error))
            else:
                yield record

    def parse(self, lines: list[str], first: int, path: str, header: re.Match[str]) -> HandRecord:
        """One hand's record from its lines (``first``: the number of its first line)."""
        raise NotImplementedError


class HandBuilder:
    """Collects one hand's facts as a reader meets them and makes the ``HandRecord``.

    ``street`` is the street being played (3 to 7); the reader sets it at each street header.
    Amounts are in the smallest unit already (the reader parses them with ``amount``).
    """

    def __init__(self, site: str, hand_id: str, source_file: str, line: int, *, unit: str = "cent") -> None:
        self.site = site
        self.hand_id = hand_id
        self.source_file = source_file
        self.line = line
        self.unit = unit
        self.header: dict[str, object] = {}
        self.seats: list[SeatRecord] = []
        self.actions: list[ActionRecord] = []
        self.slots: dict[str, list[str | None]] = {}
        self.showdown: list[ShowdownRecord] = []
        self.pots: list[PotRecord] = []
        self.returned: dict[str, int] = {}
        self.street = 3
        self._committed: dict[str, int] = {}  # this street's chips per player
        self._bet = 0                          # the street's highest commitment
        self._opened = False                   # a complete (third) or bet (later) was made
        self._stacks: dict[str, int] = {}
        self._put: dict[str, int] = {}
        self.total_pot: int | None = None
        self.rake = 0
        self.fees = 0

    # --- seats and streets -------------------------------------------------------------------

    def seat(self, seat_no: int, name: str, stack: int) -> None:
        if any(seat.name == name for seat in self.seats):
            raise HandError(f"player {name!r} is seated twice")
        self.seats.append(SeatRecord(seat_no, name, stack))
        self.slots[name] = [None] * SLOTS
        self._stacks[name] = stack

    def known(self, name: str) -> str:
        """``name`` if seated, else a ``HandError``."""
        if name not in self.slots:
            raise HandError(f"{name!r} acts but has no seat in this hand")
        return name

    def new_street(self, street: int) -> None:
        if not 3 <= street <= 7:
            raise HandError(f"no street {street} in seven card stud")
        if street != self.street:
            self.street = street
            self._committed = {}
            self._bet = 0
            self._opened = False

    # --- cards -------------------------------------------------------------------------------

    def deal(self, name: str, dealt: Iterable[str | None], street: int | None = None, line: int = 0) -> None:
        """The cards dealt to ``name`` on ``street`` (third street: up to three, the last the
        up card when fewer are given; later streets: one)."""
        slots = STREET_SLOTS[street or self.street]
        given = list(dealt)
        if len(given) > len(slots):
            raise HandError(f"{len(given)} cards dealt to {name} on street {street or self.street}", line)
        for slot, value in zip(slots[len(slots) - len(given):], given):
            self._place(name, slot, value, line)

    def hand_so_far(self, name: str, shown: Iterable[str | None], line: int = 0) -> None:
        """A site's "[all cards so far]" listing: the first ``n`` slots in dealt order."""
        for slot, value in enumerate(shown):
            if slot >= SLOTS:
                raise HandError(f"more than seven cards listed for {name}", line)
            self._place(name, slot, value, line)

    def _place(self, name: str, slot: int, value: str | None, line: int) -> None:
        if value is None:
            return
        held = self.slots[self.known(name)]
        if held[slot] is not None and held[slot] != value:
            raise HandError(f"{name}'s card {slot + 1} is {held[slot]} and then {value}", line)
        held[slot] = value

    def show(self, name: str, shown: Iterable[str | None], line: int = 0, *, in_order: bool = True,
             mucked: bool = False) -> None:
        """A player's cards at the showdown. ``in_order``: the site lists them in the order
        dealt (so each goes to its slot); otherwise the cards not yet known fill the unknown
        slots, down cards first."""
        listed = [value for value in shown]
        held = self.slots[self.known(name)]
        positional = in_order and len(listed) == SLOTS and all(
            held[i] is None or held[i] == listed[i] or listed[i] is None for i in range(SLOTS))
        if positional:
            for slot, value in enumerate(listed):
                self._place(name, slot, value, line)
        else:
            new = [value for value in listed if value is not None and value not in held]
            for slot in DOWN_SLOTS + UP_SLOTS:
                if new and held[slot] is None:
                    held[slot] = new.pop(0)
            if new:
                raise HandError(f"{name} shows {' '.join(new)}, which are not among the cards dealt", line)
        if not any(entry.player == name for entry in self.showdown):
            self.showdown.append(ShowdownRecord(name, not mucked, line))

    def muck(self, name: str, line: int = 0) -> None:
        """A player at the showdown who did not show."""
        if not any(entry.player == name for entry in self.showdown):
            self.showdown.append(ShowdownRecord(self.known(name), False, line))

    # --- actions -----------------------------------------------------------------------------

    def ante(self, name: str, added: int, line: int = 0) -> None:
        self._record(ActionRecord(0, self.known(name), ActionKind.ANTE, added, self._all_in(name, added), line), added)

    def bring_in(self, name: str, added: int, line: int = 0) -> None:
        self._commit(name, added)
        self._bet = max(self._bet, self._committed[name])
        self._record(ActionRecord(self.street, name, ActionKind.BRING_IN, added, self._all_in(name, added), line), added)

    def check(self, name: str, line: int = 0) -> None:
        self._record(ActionRecord(self.street, self.known(name), ActionKind.CHECK, 0, False, line), 0)

    def fold(self, name: str, line: int = 0) -> None:
        self._record(ActionRecord(self.street, self.known(name), ActionKind.FOLD, 0, False, line), 0)

    def call(self, name: str, *, added: int | None = None, to: int | None = None, line: int = 0) -> None:
        chips = self._chips(name, added, to)
        self._commit(name, chips)
        self._record(ActionRecord(self.street, name, ActionKind.CALL, chips, self._all_in(name, chips), line), chips)

    def wager(self, name: str, *, added: int | None = None, to: int | None = None, line: int = 0) -> None:
        """A complete, bet or raise (the kind follows from the betting so far)."""
        chips = self._chips(name, added, to)
        self._commit(name, chips)
        total = self._committed[name]
        if not self._opened:
            kind = ActionKind.COMPLETE if self.street == 3 else ActionKind.BET
        else:
            kind = ActionKind.RAISE
        self._opened = True
        self._bet = max(self._bet, total)
        self._record(ActionRecord(self.street, name, kind, total, self._all_in(name, chips), line), chips)

    def all_in(self, name: str, *, added: int | None = None, to: int | None = None, line: int = 0) -> None:
        """An all-in whose kind the site does not say: a call when it does not go past the bet."""
        chips = self._chips(name, added, to)
        if self._committed.get(name, 0) + chips <= self._bet:
            self.call(name, added=chips, line=line)
        else:
            self.wager(name, added=chips, line=line)

    def _chips(self, name: str, added: int | None, to: int | None) -> int:
        self.known(name)
        if (added is None) == (to is None):
            raise ValueError("give the chips added or the total, not both")  # pragma: no cover - reader bug
        if added is not None:
            return added
        assert to is not None
        chips = to - self._committed.get(name, 0)
        if chips < 0:
            raise HandError(f"{name} goes to {to} on a street where they already have {self._committed.get(name, 0)}")
        return chips

    def _commit(self, name: str, chips: int) -> None:
        self._committed[self.known(name)] = self._committed.get(name, 0) + chips

    def _all_in(self, name: str, chips: int) -> bool:
        return chips > 0 and chips >= self._stacks.get(name, 0)

    def _record(self, action: ActionRecord, chips: int) -> None:
        self.actions.append(action)
        self._stacks[action.player] = self._stacks.get(action.player, 0) - chips
        self._put[action.player] = self._put.get(action.player, 0) + chips

    def put_in(self) -> dict[str, int]:
        """What each player put in, by the recorded actions (uncalled bets not taken back)."""
        return {seat.name: self._put.get(seat.name, 0) for seat in self.seats}

    def stack(self, name: str) -> int:
        """The player's chips behind after the actions so far."""
        return self._stacks[self.known(name)]

    def committed(self, name: str) -> int:
        """The player's chips on the current street."""
        return self._committed.get(name, 0)

    def uncalled(self) -> tuple[str, int] | None:
        """The chips nobody matched: the highest total put in less the second highest, with
        its owner, or None. A fact of the recorded actions, for sites that pay an uncalled bet
        back as part of the pot without saying so."""
        ranked = sorted(self.put_in().items(), key=lambda item: -item[1])
        if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0], ranked[0][1] - ranked[1][1]

    def folded(self) -> set[str]:
        return {action.player for action in self.actions if action.kind is ActionKind.FOLD}

    def close_showdown(self) -> None:
        """When two or more players are left at the end, those who showed nothing mucked."""
        left = [seat.name for seat in self.seats if seat.name not in self.folded()]
        if len(left) >= 2:
            for name in left:
                self.muck(name)

    def first_amount(self, kind: ActionKind) -> int:
        """The amount of the first action of ``kind`` (a full one: not an all-in), or 0."""
        return next((a.amount for a in self.actions if a.kind is kind and not a.all_in), 0)

    # --- payout ------------------------------------------------------------------------------

    def pot(self, amount: int, *, rake: int = 0, fees: int = 0, collected: Iterable[tuple[str, int]] = ()) -> None:
        self.pots.append(PotRecord(amount, rake, fees, tuple((self.known(p), c) for p, c in collected)))

    def give_back(self, name: str, chips: int) -> None:
        self.returned[self.known(name)] = self.returned.get(name, 0) + chips

    def build(self, **header: object) -> HandRecord:
        """The record; ``header`` gives the table, game, currency, stakes and time."""
        if not self.seats:
            raise HandError("the hand has no seats")
        if not self.actions:
            raise HandError("the hand has no actions: the record ends before any ante or bet")
        header.setdefault("bring_in", self.first_amount(ActionKind.BRING_IN))
        if not header.get("bring_in"):
            # No bring-in was posted (the low card completed): the record still needs one; as
            # the PokerStars reader does, half the small bet (the audit never holds a hand to
            # an amount nobody posted).
            header["bring_in"] = max(1, int(header.get("small_bet", 0)) // 2)  # type: ignore[call-overload]
        header.setdefault("ante", self.first_amount(ActionKind.ANTE))
        collected: dict[str, int] = {}
        for pot in self.pots:
            for name, chips in pot.collected:
                collected[name] = collected.get(name, 0) + chips
        return HandRecord(
            site=self.site, hand_id=self.hand_id, source_file=self.source_file, line=self.line,
            seats=tuple(sorted(self.seats, key=lambda seat: seat.seat_no)), actions=tuple(self.actions),
            cards=tuple(PlayerCards(name, tuple(slots)) for name, slots in self.slots.items() if any(slots)),
            showdown=tuple(self.showdown), pots=tuple(self.pots),
            collected=tuple(collected.items()), returned=tuple(self.returned.items()),
            total_pot=self.total_pot,
            rake=sum(pot.rake for pot in self.pots) if self.pots else self.rake,
            fees=sum(pot.fees for pot in self.pots) if self.pots else self.fees,
            unit=self.unit, **header)  # type: ignore[arg-type]
