"""The neutral hand record every reader produces and every writer and the audit consume.

One ``HandRecord`` is one hand as a site recorded it: the table and stakes, the seats with
their starting stacks, every action with its amount, every card as far as the record shows
it, the showdown, and how the pot was paid (per pot: amount, rake, jackpot fees, what each
player collected). Nothing in it is worked out by an engine: it is what the file says.

Amounts are exact integers in the smallest unit of the game (cents for cash games, chips in
tournaments or play money), never floats: a site's ``$0.37`` is ``37``. Records are frozen
and made of tuples, so they compare by value (``read(write(hand)) == hand``), hash, and
pickle to worker processes.

Cards are two-character strings (``"Ah"``, ``"Tc"``). Each player has seven slots in the
order dealt: third street down, down, up; fourth to sixth street up; seventh street down.
A slot is ``None`` when the card is unknown or was never dealt (a player who folded on fifth
has nothing in slots 5 to 7; the audit tells the two apart from the actions). When the deck
runs out on seventh street the last card is dealt face up to the middle: ``community``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple

from stud8.spec.limits import MAX_AMOUNT_DIGITS

SLOTS = 7
"""Card slots per player: third street (down, down, up), fourth to sixth (up), seventh (down)."""

FACES: tuple[str, ...] = ("down", "down", "up", "up", "up", "up", "down")
"""The face of each slot, in the order dealt."""

ANTE_STREET = 0
"""The ``street`` of an ante: antes are posted before any card is dealt."""


class ActionKind(str, Enum):
    """What a player did. A ``str`` enum (Python 3.10 has no ``StrEnum``): compares to text."""

    ANTE = "ante"
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"

    def __str__(self) -> str:
        return self.value


# The action kinds as plain module names, for hot loops (the audit, the PokerStars reader): on
# Python 3.11 every ``ActionKind.X`` goes through the enum metaclass's attribute hook (about
# 0.2 us), a cost paid per action of every hand otherwise.
ANTE = ActionKind.ANTE
BET = ActionKind.BET
BRING_IN = ActionKind.BRING_IN
CALL = ActionKind.CALL
CHECK = ActionKind.CHECK
COMPLETE = ActionKind.COMPLETE
FOLD = ActionKind.FOLD
RAISE = ActionKind.RAISE


TO_KINDS = frozenset({ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})
"""Kinds whose ``amount`` is the total the player's commitment on the street reaches."""

ADDED_KINDS = frozenset({ActionKind.ANTE, ActionKind.BRING_IN, ActionKind.CALL})
"""Kinds whose ``amount`` is the chips the player adds."""


@dataclass(frozen=True)
class SeatRecord:
    """A player in the hand: the site's seat number, the screen name, the starting stack (the
    chips in front of the player before the hand's antes), and the line that says so (0 when
    the record was not read from a file: the money check names it when the stack cannot be)."""

    seat_no: int
    name: str
    stack: int
    line: int = 0


class ActionRecord(NamedTuple):
    """One recorded action.

    ``street`` is 3 to 7, or 0 for an ante. ``amount``: for a complete, bet or raise the total
    the player's commitment on this street reaches (PokerStars' "raises $0.04 to $0.08" is
    8); for an ante, bring-in or call the chips added (a short all-in call adds less than
    the bet); 0 for a check or fold. ``line`` is the 1-based line in the source file (0 when
    the record was not read from a file).

    A ``NamedTuple`` rather than a frozen dataclass like the other parts: a history holds
    dozens of actions per hand and a frozen dataclass costs four times as much to build.
    """

    street: int
    player: str
    kind: ActionKind
    amount: int = 0
    all_in: bool = False
    line: int = 0


@dataclass(frozen=True)
class PlayerCards:
    """A player's seven card slots (``None``: unknown or not dealt) in the order dealt."""

    player: str
    cards: tuple[str | None, ...]

    def known(self) -> tuple[str, ...]:
        return tuple(card for card in self.cards if card is not None)


@dataclass(frozen=True)
class ShowdownRecord:
    """A player at the showdown: showed (``shown``) or mucked; the cards are in ``cards``."""

    player: str
    shown: bool
    line: int = 0


@dataclass(frozen=True)
class PotRecord:
    """One pot as the site paid it: its amount before rake, the rake and jackpot fees taken
    from it, and what each player collected from it (``(player, amount)`` pairs)."""

    amount: int
    rake: int = 0
    fees: int = 0
    collected: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Inference:
    """Something a reader had to infer because the history does not state it, and what else
    the history would allow (the audit judges every alternative: a verdict that depends on
    which one is true is ``cannot-judge``, naming the inference, never ``deviates``).

    ``kind``: ``card-order`` (cards listed without their order: which were up cards),
    ``ante`` (the ante is not stated and players posted different ones), ``stakes`` (the
    small and big bet are read from the betting). ``text`` says it in a sentence. ``player``, ``line``: whose and where
    (``None``/0 for the table's). ``slots`` and ``cards`` (``card-order``): the slots the
    reader filled and the cards it put there, in that order; ``amounts`` (``ante``,
    ``stakes``): the values the history allows.
    """

    kind: str
    text: str
    player: str | None = None
    line: int = 0
    slots: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    amounts: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class HandRecord:
    """One hand as recorded by a site (see the module docstring for units and cards).

    ``game`` is the site's game text (``7 Card Stud Hi/Lo Limit``); readers give records only
    for Stud/8 fixed-limit hands and a ``HandProblem`` for anything else. ``tournament`` is the
    tournament id (``None`` for cash). ``currency`` is ``USD``, ``EUR``... or ``""`` for chips;
    ``unit`` names the smallest unit the amounts count (``cent``, ``chip``).
    ``pots`` are the recorded pots (main first); ``collected`` what each player collected in
    all; ``returned`` uncalled bets given back; ``rake`` and ``fees`` the totals taken.
    ``total_pot`` is the site's stated total (``None`` when it states none).
    ``rake_printed`` is False when the site prints no rake at all: the rake is then what the
    pot did not pay out, worked out by the reader (and reported as such). ``pot_line`` is the
    line that states the pot or the payout (the money check names it when the books do not
    balance; 0 when unknown). ``note`` is what the file says of where the hand came from,
    beyond the site and the hand's number (PHH's comment above the hand, or its ``event`` and
    ``url`` fields); an import quotes it as the scenario's source. ``ignored``: lines the
    reader did not understand and read past because they name no player and carry no amount
    and no card (``(line, text)``: the verdict lists them). ``inferences``: what the reader
    inferred where the history is silent (``Inference``).
    """

    site: str
    hand_id: str
    source_file: str = ""
    line: int = 0
    table: str = ""
    game: str = ""
    tournament: str | None = None
    currency: str = ""
    unit: str = "chip"
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    max_seats: int = 8
    started: str = ""
    seats: tuple[SeatRecord, ...] = ()
    actions: tuple[ActionRecord, ...] = ()
    cards: tuple[PlayerCards, ...] = ()
    community: str | None = None
    showdown: tuple[ShowdownRecord, ...] = ()
    pots: tuple[PotRecord, ...] = ()
    collected: tuple[tuple[str, int], ...] = ()
    returned: tuple[tuple[str, int], ...] = ()
    total_pot: int | None = None
    rake: int = 0
    fees: int = 0
    rake_printed: bool = True
    pot_line: int = 0
    note: str = ""
    ignored: tuple[tuple[int, str], ...] = ()
    inferences: tuple[Inference, ...] = ()

    def cards_of(self, player: str) -> tuple[str | None, ...]:
        """The player's seven slots (all ``None`` when the record has none for them)."""
        for entry in self.cards:
            if entry.player == player:
                return entry.cards
        return (None,) * SLOTS

    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def pot_rakes(self) -> list[tuple[int, int]]:
        """``(rake, fees)`` taken from each pot: as recorded per pot when the site says; else
        what the site did not pay out of each pot, when that adds up to the totals; else all
        from the main pot. (PokerStars states only the totals; OHH states them per pot.)"""
        if any(pot.rake or pot.fees for pot in self.pots) or not self.pots:
            return [(pot.rake, pot.fees) for pot in self.pots]
        kept = [max(0, pot.amount - sum(amount for _, amount in pot.collected)) for pot in self.pots]
        if sum(kept) == self.rake + self.fees:
            fees = self.fees
            shares = []
            for amount in kept:
                fee = min(fees, amount)
                fees -= fee
                shares.append((amount - fee, fee))
            return shares
        return [(self.rake, self.fees)] + [(0, 0)] * (len(self.pots) - 1)

    def without_provenance(self) -> HandRecord:
        """The hand without where it was read from (site, file, line numbers, date, note): what a
        round trip through another file must keep. ``read(write(hand)) == hand`` compares these."""
        return replace(
            self, site="", source_file="", line=0, started="", pot_line=0, note="", ignored=(),
            seats=tuple(replace(seat, line=0) for seat in self.seats),
            actions=tuple(action._replace(line=0) for action in self.actions),
            showdown=tuple(replace(entry, line=0) for entry in self.showdown),
            inferences=tuple(replace(inference, line=0) for inference in self.inferences),
        )


@dataclass(frozen=True)
class HandProblem:
    """A hand (or a file) that gives no record: ``verdict`` is ``not-stud8`` (another game,
    another betting structure), ``unreadable`` (unknown format, damaged hand, books that do not
    balance) or ``cannot-judge`` (a hand the site cancelled), with the reason. ``hand_id`` is
    ``None`` when the problem is the file's, not one hand's. ``site`` names the site or format
    the file was written by (``unknown`` when no format was recognised), so every verdict says
    whose record it judged."""

    file: str
    hand_id: str | None
    line: int
    verdict: str
    reason: str
    site: str = ""

    def __str__(self) -> str:
        hand = f" hand {self.hand_id}" if self.hand_id else ""
        return f"{self.file}:{self.line}:{hand} {self.verdict}: {self.reason}"


def money(amount: int, unit: str = "cent") -> str:
    """An amount in the smallest unit as the site would print it, without the currency sign:
    ``37 -> "0.37"``, ``100 -> "1"``, ``160 -> "1.60"`` for cents; chips as they are."""
    if unit != "cent":
        return str(amount)
    whole, cents = divmod(amount, 100)
    return str(whole) if cents == 0 else f"{whole}.{cents:02d}"


UNITS: dict[str, int] = {"cent": 100, "chip": 1}
"""How many smallest units make one unit of the currency as printed."""


_PLAIN_AMOUNT = re.compile(r"[0-9]*\.?[0-9]*")


def parse_amount(text: str, unit: str = "cent") -> int:
    """A printed amount (``"0.37"``, ``"1,250"``, ``"$1.60"``) in the smallest unit, exactly.

    Raises ``ValueError`` for anything that is not an amount (saying why when the text is
    a number no amount can be: negative, not finite, written with an exponent) or that is
    finer than the unit. Only ASCII digits are digits here.
    """
    cleaned = text.strip().lstrip("$€£₹¥").replace(",", "")
    if not cleaned or cleaned == "." or not _PLAIN_AMOUNT.fullmatch(cleaned):
        raise ValueError(f"not an amount: {text!r}{_why_not(cleaned)}")
    scale = UNITS.get(unit, 1)
    whole, _, fraction = cleaned.partition(".")
    if len(whole.lstrip("0")) > MAX_AMOUNT_DIGITS or len(fraction) > MAX_AMOUNT_DIGITS:
        # the limit of every other number read (stud8.spec.limits): no chip count needs more
        raise ValueError(f"amount of {len(cleaned):,} characters: at most {MAX_AMOUNT_DIGITS} digits are read")
    digits = len(str(scale)) - 1
    if len(fraction.rstrip("0")) > digits:
        raise ValueError(f"amount {text!r} is finer than one {unit}")
    fraction = (fraction + "0" * digits)[:digits] if digits else ""
    return int(whole or "0") * scale + (int(fraction) if fraction else 0)


def _why_not(cleaned: str) -> str:
    """Why a number-like text is no amount (for the message), or nothing."""
    word = cleaned.lower().lstrip("+-$€£ ")
    if cleaned.startswith("-"):
        return " (a negative amount)"
    if word in ("nan", "inf", "infinity") or word.startswith(("nan", "inf")):
        return " (not a finite amount)"
    if re.fullmatch(r"[0-9.]+e[+-]?[0-9]+", word):
        return " (an exponent: sites print amounts in digits)"
    return ""
