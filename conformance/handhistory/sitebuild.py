"""What the site readers share: card and amount spellings, cutting a stream into hands, and
``HandBuilder``, which turns a site's statements into a ``HandRecord``.

Why one builder: every site states the same facts differently. One prints "raises $1 to
$1.37" (the chips added, then the player's total in the hand), another "raises $0.20 to
$0.30" (the total on the street), another "calls 40" meaning *to* 40; one calls the
completion of a bring-in a "bet", another a "raise". A grammar row says which of the two
amounts the site printed (``added`` or ``to``) and what the site called the action; the
builder keeps each player's commitment on the street and writes the record's one convention
(see ``record.ActionRecord``): a complete, bet or raise carries the total the street
reaches, an ante, bring-in or call the chips added. The action's *kind* follows from the
betting so far, not from the site's word: on the first street the first full bet is the
complete, later ones are raises; on later streets the first is the bet. Nothing here judges
legality: a raise of the wrong size is recorded as it was made, for the audit to judge.

Cards go into the player's slots in the order dealt (``Layout``: seven-card stud deals
down, down, up, up, up, up, down on third to seventh street; five-card stud down, up, up,
up, up on second to fifth); ``show`` places a shown hand into them (cards already known stay
where they are, and must agree).

The payout is put together the same way for every site (``finish``): the pots the site
states (before or after its rake, with or without side pots), or else what the players put
in; what each player collected from each pot; the rake as stated, or else what the pot did
not pay out (``rake_printed`` False). Statements a site makes only to sum up (a player's
net, bets, final stack, a pot "won by") are ``claim``s: they are checked against the
record, and the first that disagrees names the line where the reader lost track.

A reader raises ``HandError`` (a message, and the line) for a hand it cannot use; the reader
turns it into a ``HandProblem`` and goes on with the next hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TextIO

from stud8.conformance.handhistory import money
from stud8.conformance.handhistory.games import Game, unread_other_game
from stud8.conformance.handhistory.inference import ante_inference, stakes_inference
from stud8.conformance.handhistory.readers import MAX_LINE_CHARS, bounded_lines, reason_of
from stud8.conformance.handhistory.record import (
    ActionKind,
    ActionRecord,
    HandProblem,
    HandRecord,
    Inference,
    PlayerCards,
    PotRecord,
    SeatRecord,
    ShowdownRecord,
    parse_amount,
)
from stud8.conformance.handhistory.record import money as money_text

RANKS = "23456789TJQKA"
SUITS = "cdhs"
_CARD_TEXT = re.compile(r"^(10|[2-9TJQKA])([cdhs])$", re.IGNORECASE)
_SUIT_FIRST = re.compile(r"^([CDHS])(10|[2-9TJQKA])$", re.IGNORECASE)
HIDDEN = frozenset({"", "x", "xx", "h", "-", "null", "??", "[cards]", "0"})
"""How sites write a card nobody saw (Absolute ``H``, OnGame ``-``, Merge ``null``/empty,
Kings Club ``X``)."""
_CARD_SPLIT = re.compile(r"[\s,]+")


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
    """Cards separated by spaces or commas (or ``separator``), each as ``card`` reads it."""
    words = text.split(separator) if separator else [word for word in _CARD_SPLIT.split(text.strip()) if word]
    return [card(word) for word in words]


_CURRENCY = re.compile(r"[$€£\x80]|\b(?:USD|EUR|GBP|CAD|chips?)\b", re.IGNORECASE)


def amount(text: str, unit: str = "cent") -> int:
    """An amount as printed (``$1,725.59``, ``5€``, ``0.40``, ``$0.50 USD``, ``640 chips``),
    exactly, in the smallest unit."""
    return parse_amount(_CURRENCY.sub("", text).strip(), unit)


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


DAMAGED = (ValueError, KeyError, IndexError, TypeError, AttributeError, ArithmeticError, SyntaxError, RecursionError)
"""What reading one damaged hand may raise besides ``HandError`` (a stake that is no amount, a
card that is no card, XML that does not parse: ``ElementTree.ParseError`` is a
``SyntaxError``). Every site reader catches these per hand: the hand is unreadable and the
rest of its file is read all the same."""


def damage(error: BaseException) -> str:
    """What went wrong, for a hand's problem: the message, with the kind of error when the
    message alone would not say (a ``KeyError`` is only the missing key); through
    ``readers.reason_of``: shortened, and Python's refusal of a number of more than 4,300
    digits said plainly."""
    if isinstance(error, ValueError) and str(error):
        return reason_of(error)
    return f"{type(error).__name__}: {reason_of(error)}"


@contextmanager
def naming_game(game: Game) -> Iterator[None]:
    """Around the reading through of a hand whose header named ``game``: a hand that cannot be
    read through stays ``unreadable``, and when ``game`` is not Stud/8 its reason says so
    (``games.unread_other_game``)."""
    try:
        yield
    except HandError as error:
        if error.verdict != "unreadable" or game.stud8:
            raise
        raise HandError(unread_other_game(error.message, game), error.line, error.verdict) from None
    except DAMAGED as error:
        if game.stud8:
            raise
        raise HandError(unread_other_game(damage(error), game)) from None


def problem(path: str, hand_id: str | None, error: HandError, first_line: int, site: str = "") -> HandProblem:
    """The ``HandProblem`` for a hand a reader refused."""
    return HandProblem(path, hand_id, error.line or first_line, error.verdict, error.message, site)


@dataclass(frozen=True)
class Layout:
    """How a stud game deals: the streets in order and the slots each fills."""

    streets: tuple[int, ...]
    slots: dict[int, tuple[int, ...]]
    faces: tuple[str, ...]

    @property
    def first(self) -> int:
        return self.streets[0]

    @property
    def size(self) -> int:
        return len(self.faces)

    def dealt_by(self, street: int) -> int:
        """How many cards a player still in has after ``street``."""
        return sum(len(self.slots[s]) for s in self.streets if s <= street)

    def street_of(self, count: int) -> int | None:
        """The street after which a player holds ``count`` cards (None: no such street)."""
        for street in self.streets:
            if self.dealt_by(street) == count:
                return street
        return None


SEVEN_CARD = Layout((3, 4, 5, 6, 7), {3: (0, 1, 2), 4: (3,), 5: (4,), 6: (5,), 7: (6,)},
                    ("down", "down", "up", "up", "up", "up", "down"))
FIVE_CARD = Layout((2, 3, 4, 5), {2: (0, 1), 3: (2,), 4: (3,), 5: (4,)}, ("down", "up", "up", "up", "up"))
LAYOUTS = {7: SEVEN_CARD, 5: FIVE_CARD}


@dataclass(frozen=True)
class Claim:
    """A statement the site makes only to sum up, checked against the record: ``what`` is
    ``won`` (collected, without uncalled chips), ``won+returned``, ``put`` (put in), ``net``,
    ``stack`` (the stack after the hand), ``pot`` (all pots before rake) or ``paid`` (all
    pots after rake); ``player`` is None for the pot's claims."""

    what: str
    player: str | None
    amount: int
    line: int
    text: str


@dataclass
class PotStatement:
    """What the site states about the pots: the total (before or after rake), each pot's
    amount, the rake and fees, and the line that says so."""

    total: int | None = None
    pots: dict[int, int] = field(default_factory=dict)
    pot_rakes: dict[int, int] = field(default_factory=dict)
    after_rake: bool = False
    rake: int | None = None
    fees: int | None = None
    line: int = 0


def _signed(amount: int, unit: str) -> str:
    return ("-" if amount < 0 else "") + money_text(abs(amount), unit)


class HandBuilder:
    """Collects one hand's facts as a reader meets them and makes the ``HandRecord``.

    ``street`` is the street being played; the reader sets it at each street header (or, for
    a site without them, from the cards dealt). Amounts are in the smallest unit already (the
    reader parses them with ``amount``). Seats are kept in the record only for players in the
    hand: one who antes, acts, is dealt a card or is paid (a seat listed "sitting out" that
    does none of these was not dealt in).
    """

    def __init__(self, site: str, hand_id: str, source_file: str, line: int, *, unit: str = "cent",
                 layout: Layout = SEVEN_CARD) -> None:
        self.site = site
        self.hand_id = hand_id
        self.source_file = source_file
        self.line = line
        self.unit = unit
        self.layout = layout
        self.seats: list[SeatRecord] = []
        self.actions: list[ActionRecord] = []
        self.slots: dict[str, list[str | None]] = {}
        self.showdown: list[ShowdownRecord] = []
        self.pots: list[PotRecord] = []
        self.returned: dict[str, int] = {}
        self.collects: dict[int, list[tuple[str, int]]] = {}
        self.statement = PotStatement()
        self.claims: list[Claim] = []
        self.inferences: list[Inference] = []
        self.in_hand: set[str] = set()
        self.street = layout.first
        self.last_line = line
        self._received: dict[str, int] = {}
        self._committed: dict[str, int] = {}  # this street's chips per player
        self._bet = 0                          # the street's highest commitment
        self._opened = False                   # a complete (first street) or bet (later) was made
        self._stacks: dict[str, int] = {}
        self._put: dict[str, int] = {}
        self.total_pot: int | None = None
        self.rake = 0
        self.fees = 0
        self.rake_printed = True

    # --- seats and streets -------------------------------------------------------------------

    def seat(self, seat_no: int, name: str, stack: int, line: int = 0) -> None:
        if any(seat.name == name for seat in self.seats):
            raise HandError(f"player {name!r} is seated twice", line)
        self.seats.append(SeatRecord(seat_no, name, stack, line))
        self.slots[name] = [None] * self.layout.size
        self._stacks[name] = stack

    def known(self, name: str) -> str:
        """``name`` if seated, else a ``HandError``."""
        if name not in self.slots:
            raise HandError(f"{name!r} acts but has no seat in this hand")
        return name

    def new_street(self, street: int) -> None:
        if street not in self.layout.streets:
            raise HandError(f"no street {street} in this game (streets {self.layout.streets[0]} to "
                            f"{self.layout.streets[-1]})")
        if street != self.street:
            if street < self.street:
                raise HandError(f"street {street} comes after street {self.street}")
            self.street = street
            self._committed = {}
            self._bet = 0
            self._opened = False

    def next_street(self) -> None:
        """The next street, for sites that number their street headers one behind or not at all."""
        later = [street for street in self.layout.streets if street > self.street]
        if not later:
            raise HandError(f"a street after the last ({self.street})")
        self.new_street(later[0])

    # --- cards -------------------------------------------------------------------------------

    def deal(self, name: str, dealt: Iterable[str | None], street: int | None = None, line: int = 0,
             earlier: Iterable[str | None] = ()) -> None:
        """The cards dealt to ``name`` on ``street`` (the first street: up to all its slots, the
        last the up card when fewer are given; later streets: one). ``earlier``: cards the site
        lists again as the player's so far; placed in order when they are all of them."""
        on = street or self.street
        slots = self.layout.slots[on]
        given = list(dealt)
        if len(given) > len(slots):
            raise HandError(f"{len(given)} cards dealt to {name} on street {on}", line)
        for slot, value in zip(slots[len(slots) - len(given):], given):
            self._place(name, slot, value, line)
        before = list(earlier)
        if before and len(before) + len(given) == self.layout.dealt_by(on):
            for slot, value in enumerate(before):
                self._place(name, slot, value, line)
        self.in_hand.add(name)

    def deal_by_count(self, name: str, dealt: Iterable[str | None], line: int = 0) -> None:
        """Cards dealt to ``name`` on the street their count says (a site that prints no street
        headers): after them the player holds as many cards as the street deals."""
        given = list(dealt)
        held = self._received.get(self.known(name), 0) + len(given)
        street = self.layout.street_of(held)
        if street is None:
            raise HandError(f"{name} holds {held} cards: no street of this game deals so", line)
        if street != self.street:
            self.new_street(street)
        self._received[name] = held
        self.deal(name, given, street, line)

    def deal_next(self, name: str, value: str | None, line: int = 0) -> None:
        """One card, into the player's next slot (a site that prints each card as dealt)."""
        slot = self._received.get(self.known(name), 0)
        if slot >= self.layout.size:
            raise HandError(f"{name} is dealt card {slot + 1} of a {self.layout.size}-card game", line)
        self._received[name] = slot + 1
        self._place(name, slot, value, line)
        self.in_hand.add(name)

    def hand_so_far(self, name: str, shown: Iterable[str | None], line: int = 0) -> None:
        """A site's "[all cards so far]" listing: the first ``n`` slots in dealt order."""
        for slot, value in enumerate(shown):
            if slot >= self.layout.size:
                raise HandError(f"more than {self.layout.size} cards listed for {name}", line)
            self._place(name, slot, value, line)
        self.in_hand.add(self.known(name))

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
        size = self.layout.size
        positional = in_order and len(listed) == size and all(
            held[i] is None or held[i] == listed[i] or listed[i] is None for i in range(size))
        if positional:
            for slot, value in enumerate(listed):
                self._place(name, slot, value, line)
        else:
            new = [value for value in listed if value is not None and value not in held]
            downs = [i for i, face in enumerate(self.layout.faces) if face == "down"]
            ups = [i for i, face in enumerate(self.layout.faces) if face == "up"]
            empty = [slot for slot in downs + ups if held[slot] is None]
            placed = list(zip(empty, new))
            if len(new) > len(empty):
                raise HandError(f"{name} shows {' '.join(new[len(empty):])}, which are not among the cards dealt", line)
            for slot, value in placed:
                held[slot] = value
            guessed_up = any(self.layout.faces[slot] == "up" for slot in empty)
            if new and guessed_up and (len(empty) > 1):
                # The site lists the cards without their order: which of them were up cards (and
                # on which street) is the reader's guess, marked for the audit (record.Inference).
                self.inferences.append(Inference(
                    "card-order", f"{name}'s cards {' '.join(new)} are listed without their order, so which were "
                    "up cards is inferred", name, line, tuple(empty), tuple(new)))
        self.in_hand.add(name)
        for index, entry in enumerate(self.showdown):
            if entry.player == name:
                if entry.shown or mucked:
                    return
                self.showdown[index] = ShowdownRecord(name, True, line)  # mucked, then the cards shown
                return
        self.showdown.append(ShowdownRecord(name, not mucked, line))

    def muck(self, name: str, line: int = 0) -> None:
        """A player at the showdown who did not show (a lone winner's "mucks" is no showdown)."""
        left = [seat.name for seat in self.seats if seat.name in self.in_hand and seat.name not in self.folded()]
        if len(left) >= 2 and not any(entry.player == name for entry in self.showdown):
            self.showdown.append(ShowdownRecord(self.known(name), False, line))

    # --- actions -----------------------------------------------------------------------------

    def ante(self, name: str, added: int, line: int = 0) -> None:
        self._record(ActionRecord(0, self.known(name), ActionKind.ANTE, added, self._all_in(name, added), line), added)

    def bring_in(self, name: str, added: int, line: int = 0) -> None:
        self._commit(name, added)
        self._bet = max(self._bet, self._committed[name])
        self._record(ActionRecord(self.street, name, ActionKind.BRING_IN, added, self._all_in(name, added), line),
                     added)

    def check(self, name: str, line: int = 0) -> None:
        self._record(ActionRecord(self.street, self.known(name), ActionKind.CHECK, 0, False, line), 0)

    def fold(self, name: str, line: int = 0) -> None:
        self._record(ActionRecord(self.street, self.known(name), ActionKind.FOLD, 0, False, line), 0)

    def call(self, name: str, *, added: int | None = None, to: int | None = None, line: int = 0) -> None:
        chips = self._chips(name, added, to, line)
        self._commit(name, chips)
        self._record(ActionRecord(self.street, name, ActionKind.CALL, chips, self._all_in(name, chips), line), chips)

    def wager(self, name: str, *, added: int | None = None, to: int | None = None, line: int = 0) -> None:
        """A complete, bet or raise (the kind follows from the betting so far)."""
        chips = self._chips(name, added, to, line)
        self._commit(name, chips)
        total = self._committed[name]
        if not self._opened:
            kind = ActionKind.COMPLETE if self.street == self.layout.first else ActionKind.BET
        else:
            kind = ActionKind.RAISE
        self._opened = True
        self._bet = max(self._bet, total)
        self._record(ActionRecord(self.street, name, kind, total, self._all_in(name, chips), line), chips)

    def all_in(self, name: str, *, added: int | None = None, to: int | None = None, line: int = 0) -> None:
        """An all-in whose kind the site does not say: a call when it does not go past the bet."""
        chips = self._chips(name, added, to, line)
        if self._committed.get(name, 0) + chips <= self._bet:
            self.call(name, added=chips, line=line)
        else:
            self.wager(name, added=chips, line=line)

    def act(self, meaning: str, name: str, chips: int, how: str, line: int = 0) -> None:
        """An action by its meaning (``ante``, ``bring-in``, ``complete``, ``bet``, ``raise``,
        ``call``, ``all-in``, ``check``, ``fold``) with ``chips`` as the site printed them:
        ``how`` is ``added`` (the chips the action adds) or ``to`` (the player's total on the
        street)."""
        name = self.known(name)
        amounts = {"to": chips} if how == "to" else {"added": chips}
        if meaning == "ante":
            self.ante(name, chips, line)
        elif meaning == "bring-in":
            self.bring_in(name, chips if how != "to" else chips - self.committed(name), line)
        elif meaning in ("complete", "bet", "raise"):
            self.wager(name, line=line, **amounts)
        elif meaning == "call":
            self.call(name, line=line, **amounts)
        elif meaning == "all-in":
            self.all_in(name, line=line, **amounts)
        elif meaning == "check":
            self.check(name, line)
        elif meaning == "fold":
            self.fold(name, line)
        else:
            raise ValueError(f"not an action: {meaning!r}")  # pragma: no cover - reader bug

    def _chips(self, name: str, added: int | None, to: int | None, line: int = 0) -> int:
        self.known(name)
        if (added is None) == (to is None):
            raise ValueError("give the chips added or the total, not both")  # pragma: no cover - reader bug
        if added is not None:
            return added
        assert to is not None
        chips = to - self._committed.get(name, 0)
        if chips < 0:
            raise HandError(f"{name} goes to {to} on a street where they already have "
                            f"{self._committed.get(name, 0)}", line)
        return chips

    def _commit(self, name: str, chips: int) -> None:
        self._committed[self.known(name)] = self._committed.get(name, 0) + chips

    def _all_in(self, name: str, chips: int) -> bool:
        return chips > 0 and chips >= self._stacks.get(name, 0)

    def _record(self, action: ActionRecord, chips: int) -> None:
        self.actions.append(action)
        self.in_hand.add(action.player)
        self._stacks[action.player] = self._stacks.get(action.player, 0) - chips
        self._put[action.player] = self._put.get(action.player, 0) + chips

    def put_in(self) -> dict[str, int]:
        """What each player put in, by the recorded actions (uncalled bets not taken back)."""
        return {seat.name: self._put.get(seat.name, 0) for seat in self.seats}

    def stack(self, name: str) -> int:
        """The player's chips behind after the actions so far."""
        return self._stacks[self.known(name)]

    def brought_in(self, name: str) -> int:
        """The chips ``name`` brought in on the current street (0 when someone else did)."""
        return sum(action.amount for action in self.actions
                   if action.street == self.street and action.player == name and action.kind is ActionKind.BRING_IN)

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
        left = [seat.name for seat in self.seats if seat.name in self.in_hand and seat.name not in self.folded()]
        if len(left) >= 2:
            for name in left:
                self.muck(name)

    def first_amount(self, kind: ActionKind) -> int:
        """The amount of the first action of ``kind`` (a full one: not an all-in), or 0."""
        return next((a.amount for a in self.actions if a.kind is kind and not a.all_in), 0)

    # --- payout ------------------------------------------------------------------------------

    def collect(self, name: str, chips: int, pot: int = 0, line: int = 0) -> None:
        """``name`` is paid ``chips`` from pot ``pot`` (0 the main pot, 1... the side pots);
        a payout of nothing (a summary's "Collects: 0") is no payout."""
        self.known(name)
        if chips:
            self.collects.setdefault(pot, []).append((name, chips))
            self.in_hand.add(name)  # a payout of nothing does not put a seat in the hand
        self.last_line = max(self.last_line, line)

    def pot(self, amount: int, *, rake: int = 0, fees: int = 0, collected: Iterable[tuple[str, int]] = ()) -> None:
        """A pot whose amount, rake and payout the reader worked out itself (the XML readers)."""
        self.pots.append(PotRecord(amount, rake, fees, tuple((self.known(p), c) for p, c in collected)))

    def give_back(self, name: str, chips: int) -> None:
        self.returned[self.known(name)] = self.returned.get(name, 0) + chips

    def claim(self, what: str, player: str | None, chips: int, line: int, text: str) -> None:
        self.claims.append(Claim(what, None if player is None else self.known(player), chips, line, text))

    def finish(self, *, uncalled: str = "line") -> None:
        """The pots from what the site stated (``statement``) and the collects: each pot's
        amount before rake, its rake and fees, its payout. ``uncalled``: how the site gives an
        uncalled bet back when no line says so: ``in-collect`` inside the winner's collect (it
        is taken out of the collect and recorded as returned), ``silent`` not at all in the
        record (it is recorded as returned); ``line``: only as a line says."""
        if self.pots:
            return
        back = self.uncalled() if not self.returned else None
        if back is not None and uncalled == "in-collect":
            self._take_uncalled_from_collects(*back)
            if self.statement.total is not None:  # the site's total counted them too
                self.statement.total -= sum(self.returned.values())
        elif back is not None and uncalled == "silent":
            self.give_back(*back)
        said = self.statement
        put = sum(self.put_in().values()) - sum(self.returned.values())
        paid = {index: sum(chips for _, chips in won) for index, won in self.collects.items()}
        indices = sorted(set(paid) | set(said.pots) | {0})
        stated_taken = None if said.rake is None and said.fees is None else (said.rake or 0) + (said.fees or 0)
        if said.pots and said.total is not None and stated_taken and not said.pot_rakes \
                and sum(said.pots.values()) + stated_taken == said.total:
            said.after_rake = True  # the pots are listed after the rake, the total before it
            said.total -= stated_taken
        amounts: dict[int, int] = {}
        if said.pots:
            for index in indices:
                amounts[index] = said.pots.get(index, paid.get(index, 0))
            if said.after_rake:
                for index in indices:
                    amounts[index] += said.pot_rakes.get(index, 0)
                if not said.pot_rakes and stated_taken:
                    amounts[0] += stated_taken
        else:
            sides = sum(paid.get(index, 0) for index in indices if index)
            if said.total is not None:
                total = said.total + (stated_taken or 0 if said.after_rake else 0)
            else:
                total = put
            amounts = {index: paid.get(index, 0) for index in indices}
            amounts[0] = total - sides
        kept = {index: amounts[index] - paid.get(index, 0) for index in indices}
        rakes: dict[int, tuple[int, int]] = {}
        if said.pot_rakes:
            fees = said.fees or 0
            for index in indices:
                share = min(fees, kept[index]) if said.pot_rakes.get(index) else 0
                fees -= share
                rakes[index] = (kept[index] - share, share)
        elif stated_taken is not None and sum(kept.values()) == stated_taken and all(v >= 0 for v in kept.values()):
            fees = said.fees or 0
            for index in indices:
                share = min(fees, kept[index])
                fees -= share
                rakes[index] = (kept[index] - share, share)
        elif stated_taken is not None:
            rakes = {index: (0, 0) for index in indices}
            rakes[0] = (said.rake or 0, said.fees or 0)
        else:
            rakes = {index: (kept[index], 0) for index in indices}
        for index in indices:
            rake, fees = rakes[index]
            self.pots.append(PotRecord(amounts[index], rake, fees, tuple(self.collects.get(index, ()))))
        self.rake_printed = stated_taken is not None
        self.total_pot = said.total + (stated_taken or 0) if said.total is not None and said.after_rake \
            else said.total

    def _take_uncalled_from_collects(self, name: str, chips: int) -> None:
        left = chips
        for index in sorted(self.collects, reverse=True):
            won = self.collects[index]
            for position, (who, got) in enumerate(won):
                if who == name and left:
                    taken = min(got, left)
                    won[position] = (who, got - taken)
                    left -= taken
        if left < chips:
            self.give_back(name, chips - left)

    def build(self, **header: object) -> HandRecord:
        """The record; ``header`` gives the table, game, currency, stakes and time."""
        if not self.seats:
            raise HandError("the hand has no seats")
        if not self.actions:
            raise HandError("the hand has no actions: the record ends before any ante or bet")
        header.setdefault("bring_in", self.first_amount(ActionKind.BRING_IN))
        inferences: list[Inference | None] = list(self.inferences)
        if not header.get("small_bet"):
            header["small_bet"], header["big_bet"] = chosen = self._bets_played()
            inferences.append(stakes_inference(self.actions, chosen, self.unit))
        if "ante" not in header:
            inferences.append(ante_inference(self.actions, self.unit))
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
        seats = [seat for seat in self.seats if seat.name in self.in_hand]
        return HandRecord(
            site=self.site, hand_id=self.hand_id, source_file=self.source_file, line=self.line,
            seats=tuple(sorted(seats, key=lambda seat: seat.seat_no)), actions=tuple(self.actions),
            cards=tuple(PlayerCards(name, tuple(slots)) for name, slots in self.slots.items()
                        if any(slots) and name in self.in_hand),
            showdown=tuple(self.showdown), pots=tuple(self.pots),
            collected=tuple(collected.items()), returned=tuple(self.returned.items()),
            total_pot=self.total_pot,
            rake=sum(pot.rake for pot in self.pots) if self.pots else self.rake,
            fees=sum(pot.fees for pot in self.pots) if self.pots else self.fees,
            rake_printed=self.rake_printed, pot_line=self.statement.line or self.last_line,
            inferences=tuple(inference for inference in inferences if inference is not None),
            unit=self.unit, **header)  # type: ignore[arg-type]

    def _bets_played(self) -> tuple[int, int]:
        """The small and big bet from the betting itself, for a header that states no stakes:
        the small bet is the completion or the first bet of the second street, the big bet the
        first bet of a later street (twice the small bet when nobody bet there)."""
        streets = self.layout.streets
        completion = next((a.amount for a in self.actions if not a.all_in and a.kind is ActionKind.COMPLETE), 0)
        second = next((a.amount for a in self.actions if not a.all_in and a.kind is ActionKind.BET
                       and a.street == streets[1]), 0)
        big = next((a.amount for a in self.actions if not a.all_in and a.kind is ActionKind.BET
                    and a.street >= streets[2]), 0)
        small = completion or (second if second != big else big // 2)  # a fourth-street bet may be doubled
        return small, big or 2 * small

    def check_money(self, record: HandRecord) -> None:
        """``HandError`` naming the line where the books stop balancing: the money check
        (``money.check``) and each of the site's own summing-up statements (a statement that
        disagrees with the record names the line better than the pot does)."""
        trouble = money.check(record)
        disagreement = self._first_disagreement(record)
        if trouble is None and disagreement is None:
            return
        parts = [trouble.message] if trouble is not None else []
        if disagreement is not None:
            parts.append(disagreement[0])
        line = disagreement[1] if disagreement is not None else trouble.line  # type: ignore[union-attr]
        raise HandError("the money does not balance: " + "; ".join(parts), line)

    def _first_disagreement(self, record: HandRecord) -> tuple[str, int] | None:
        put, _ = money.contributions(record)
        collected = dict(record.collected)
        returned = dict(record.returned)
        total = sum(pot.amount for pot in record.pots)
        taken = record.rake + record.fees
        summed: dict[tuple[str, str | None], Claim] = {}
        for claim in self.claims:  # a site may state a player's win in parts (high, low)
            key = (claim.what, claim.player)
            before = summed.get(key)
            summed[key] = claim if before is None else Claim(claim.what, claim.player, before.amount + claim.amount,
                                                            before.line, before.text)
        for claim in summed.values():
            name = claim.player or ""
            facts = {
                "won": collected.get(name, 0),
                "won+returned": collected.get(name, 0) + returned.get(name, 0),
                "put": put.get(name, 0),
                "put-returned": put.get(name, 0) - returned.get(name, 0),
                "net": collected.get(name, 0) + returned.get(name, 0) - put.get(name, 0),
                "stack": self._start(name) + collected.get(name, 0) + returned.get(name, 0) - put.get(name, 0),
                "pot": total,
                "paid": total - taken,
            }
            if facts[claim.what] != claim.amount:
                who = f"{name}'s " if claim.player else "the "
                said, read = _signed(claim.amount, self.unit), _signed(facts[claim.what], self.unit)
                message = (f"the site says {who}{claim.what} is {said} (line {claim.line}: {claim.text!r}), "
                           f"the hand as read makes it {read}")
                return message, claim.line
        return None

    def _start(self, name: str) -> int:
        return next((seat.stack for seat in self.seats if seat.name == name), 0)
