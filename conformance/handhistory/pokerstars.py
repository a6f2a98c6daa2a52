"""PokerStars hand histories (text): reader and writer.

The format, as the PokerStars client writes it (cash and tournament, one hand after another,
hands separated by blank lines)::

    PokerStars Game #35874487284:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
    Table 'Dawn II' 8-max
    Seat 3: gashpor ($1.46 in chips)
    gashpor: posts the ante $0.01
    *** 3rd STREET ***
    Dealt to gashpor [Kc]                 (others: the up card; the hero: all three)
    Hero: brings in for $0.02
    rdiezchang: raises $0.02 to $0.04     (on third street after the bring-in: a completion)
    *** 4th STREET ***  ...  *** RIVER ***  *** SHOW DOWN ***  *** SUMMARY ***
    Uncalled bet ($0.08) returned to rdiezchang
    rdiezchang collected $0.77 from pot   ("from main pot", "from side pot-1" with side pots)
    Total pot $0.80 | Rake $0.03
    Seat 2: 123smoothie mucked [9c Jc 9h Ah 5d 4c Qc]

Headers this reader takes: ``PokerStars Game|Hand #ID:`` then the game: ``7 Card Stud Hi/Lo
Limit ($0.04/$0.08 USD)``, a mix ``8-Game (7 Card Stud Hi/Lo Limit, $0.10/$0.20 USD)``, or a
tournament ``Tournament #N, BUY-IN [MIX (]7 Card Stud Hi/Lo Limit[)] - Level X (SB/BB)``.
Any other game (Stud High, Razz, hold'em in a mix, a no-limit Stud Hi/Lo) is a ``not-stud8``
problem for that hand, and reading goes on. Cash amounts are in cents; tournament and
play-money amounts in chips.

The file is read line by line and each hand parsed when the next one starts, so memory holds
one hand at a time whatever the file's size.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import MISSING, dataclass, fields
from functools import lru_cache
from operator import itemgetter
from typing import TextIO

from stud8.conformance.handhistory import money as books
from stud8.conformance.handhistory.games import Game, classify, refusal, unread_other_game
from stud8.conformance.handhistory.grammar import Row
from stud8.conformance.handhistory.inference import ante_inference
from stud8.conformance.handhistory.readers import MAX_LINE_CHARS, bounded_blocks
from stud8.conformance.handhistory.record import ANTE as _ANTE
from stud8.conformance.handhistory.record import BET as _BET
from stud8.conformance.handhistory.record import BRING_IN as _BRING_IN
from stud8.conformance.handhistory.record import CALL as _CALL
from stud8.conformance.handhistory.record import CHECK as _CHECK
from stud8.conformance.handhistory.record import COMPLETE as _COMPLETE
from stud8.conformance.handhistory.record import FOLD as _FOLD
from stud8.conformance.handhistory.record import RAISE as _RAISE
from stud8.conformance.handhistory.record import (
    SLOTS,
    ActionKind,
    ActionRecord,
    HandProblem,
    HandRecord,
    PlayerCards,
    PotRecord,
    SeatRecord,
    ShowdownRecord,
    money,
    parse_amount,
)
from stud8.conformance.handhistory.sitebuild import DAMAGED, damage
from stud8.conformance.handhistory.unknown import carries

SITE = "PokerStars"
GAME = "7 Card Stud Hi/Lo Limit"

HAND_START = r"^(?:PokerStars|POKERSTARS|Full Tilt)(?: Zoom| Rush| Home Game| Home)?(?: ?Game| Hand| GAME| HAND)? #[^:\s]+:"
"""The line that starts a hand (``batch`` cuts files here too)."""
_HEADER = re.compile(r"^(PokerStars|POKERSTARS|Full Tilt)(?: Zoom| Rush| Home Game| Home)?(?: ?Game| Hand| GAME| HAND)? "
                     r"#([^:\s]+):\s+(?:\{[^}]*\}\s+)?(.*)$")
"""``PokerStars Game #``, ``PokerStars Hand #``, ``PokerStars Zoom Hand #``, ``PokerStars Home Game
Hand #ID: {Club}``, ``POKERSTARS GAME #`` (a tracker's export), and Full Tilt's 2016 client,
which wrote this format: ``Full Tilt Hand #``."""
_SNIFF = re.compile(HAND_START.replace("^", "^\ufeff?", 1), re.MULTILINE)
_SITES = {"PokerStars": SITE, "POKERSTARS": SITE, "Full Tilt": "Full Tilt Poker"}
_TOURNAMENT = re.compile(r"^(?:(?:Zoom|Rush) )?Tournament #(\d+), (?:Table #\d+, )?(.*?)\s*(?:-\s*)?"
                         r"(?:Level (\S+) )?\((?:ante [0-9.,]+, )?([^()/\s]+)/([^()/\s]+?)(?: - \S+ Cap -)?"
                         r"(?: [A-Z]{2,3})?\)(?: - (.*))?$", re.IGNORECASE)
"""A tournament header after ``Tournament #N, ``: the buy-in, the game, the level and the
stakes. As fpdb's definitions give it (PokerStarsToFpdb.py re_game_info): ``Zoom``/``Rush``
before it, ``Table #N, ``, a buy-in of up to three parts with an ISO code or ``Freeroll``,
words ending in a comma before the game (``Hyper-Turbo, ``), a mix (``HORSE (Razz Limit)``),
``- Match Round I, `` after it, ``Level`` (optional), an ante inside the stakes' parentheses.
Also in capitals: PokerTracker 2 exports write ``TOURNAMENT #..., $10+$1 7 CARD STUD HI/LO
LIMIT - LEVEL I``."""
_BUY_IN_WORD = re.compile(r"[$€£₹¥+]|^(?:USD|EUR|GBP|CAD|FPP|SC|INR|CNY|Freeroll|Rs\.)$", re.IGNORECASE)
_ITALY = re.compile(r" \[(?:ADM|AAMS) ID: [A-Z0-9]+\]")
"""Also in capitals: PokerTracker 2 exports write ``TOURNAMENT #..., $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I``."""
_CASH = re.compile(r"^(.*?) \(([^()]*)\)(?: - (.*))?$")
_STAKES = re.compile(r"^([$€£₹¥]?)([0-9.,]+)/[$€£₹¥]?([0-9.,]+)(?: ([A-Z]{2,3}))?$")
_TABLE = re.compile(r"^\s?Table (?:ID )?'(.*)'(?:\(\d+\))?(?: (\d+)-[Mm]ax)?(?: \((?:Play|Real) Money\))?"
                    r"(?: Seat #\d+ is the button)?\s*$")
"""``Table 'Dawn II' 8-max``, and as fpdb's definitions give it: ``Table ID '...'``, a number in
parentheses, ``(Play Money)``/``(Real Money)``, the button (PokerStarsToFpdb.py re_hand_info)."""
_SEAT = re.compile(r"^\s?Seat (\d+): (.+) \(([^()\s]+) in chips(?:[^)]*)\)(.*)$")
"""A seat: the stack is any word there (read strictly by ``parse_amount``, so a bad one is named
at this line), then an optional bounty and ``is sitting out``."""
_STREET = re.compile(r"^\*\*\* (3rd STREET|4th STREET|5th STREET|6th STREET|RIVER|SHOW DOWN|SUMMARY) \*\*\*(?: \[([^\]]*)\])?")
_STREET_LINES = {f"*** {label} ***": label for label in
                 ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER", "SHOW DOWN", "SUMMARY")}
"""The street lines without a board card, told by one look-up before ``_STREET`` is tried."""
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
_COLLECTED = re.compile(r"^(.+) collected (\S+) from (pot|main pot|side pot(?:-(\d+))?)$")
_RETURNED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.+)$")
_TOTAL = re.compile(r"^Total pot (\S+)(.*?)(?: \| Rake (\S+))?(?: \| (.*))?$")
"""The summary's pot line; each amount is a word read strictly (``Rake -$0.05`` is refused at
this line, not read past)."""
_SIDE = re.compile(r"(Main pot|Side pot(?:-(\d+))?) (-?[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)\.?")
_JACKPOT = re.compile(r"Jackpot (\S+)")
_SUMMARY_CARDS = re.compile(r"^Seat \d+: (.+?) (?:\([^)]*\) )?(showed|mucked) \[([^\]]*)\]")
_ALL_IN = " and is all-in"

# What says nothing about the hand's chips or cards: each line PokerStars writes that the
# reader reads past, by name, so that a line it does not know is seen (the hand is refused,
# quoting it) rather than guessed around. Facts from the public fpdb parser's definitions
# (PokerStarsToFpdb.py) and the corpus.
_PLAYER_LINES = re.compile(
    r"^(?:is sitting out|sits out|is disconnected|is connected|has timed out(?: while (?:being )?disconnected)?"
    r"|has returned|doesn't show hand|mucks hand|shows \[[^\]]*\](?: \(.*\))?|joins the table at seat #\d+"
    r"|leaves the table|will be allowed to play after the button|is low with \[[^\]]*\])$")
"""A player's line (``NAME: ...``) that is no action."""
_OTHER_LINES = re.compile(
    r"^(?:.+ (?:joins the table at seat #\d+|leaves the table|is disconnected|is connected|is sitting out"
    r"|has timed out(?: while (?:being )?disconnected)?|has returned|sits out"
    r"|will be allowed to play after the button|was removed from the table for failing to post"
    r"|said, \".*\"|finished the tournament(?: in \d+\w\w place)?(?: and received .*)?"
    r"|wins the tournament(?: and receives .*)?|re-buys and receives .*|takes the add-on and receives .*"
    r"|(?:wins|split) the .+ bounty for eliminating .*|wins an entry to tournament .*"
    r"|wins .+ for (?:splitting the elimination of|eliminating) .+ and their own bounty increases by .*)"
    r"|Betting is capped|Pair on board - a double bet is allowed|No low hand qualified|STP added: .*"
    r"|Table '.*' \d+-max.*|Seat \d+: .+ \(.*in chips.*\).*)$")
"""Any other line of the hand that says nothing about its chips or cards."""
_SUMMARY_LINES = re.compile(
    r"^(?:Seat \d+: .+ (?:folded (?:on|before) .+|collected \(.+\)|showed \[[^\]]*\] and (?:won|lost|collected) .+"
    r"|mucked \[[^\]]*\].*|is sitting out|didn't show and won .+)"
    r"|Seat \d+: .+\(didn't bet\)|Board \[[^\]]*\]|Hand was run twice)$")
"""A summary line the reader does not need (the payout is read from the collect lines)."""
_QUIET_SUMMARY: set[str] = set()
"""Summary lines ``_SUMMARY_LINES`` matched already (``Seat 1: Hero folded on the 3rd Street``
comes back hand after hand at a table): told again by one look-up."""
MAX_HAND_LINES = 20000
"""No Stud/8 hand takes this many lines: past it the hand is refused, not kept in memory."""
_HEADER_CANDIDATE = re.compile("\n\ufeff?(?:PokerStars|POKERSTARS|Full Tilt )")
"""A line that may be a header, after its newline: one ``_HEADER`` is tried on (it begins so,
after at most one byte-order mark); every other line is a line of the hand being read (a
pattern that begins with a newline is searched for far faster than one anchored by ``^``)."""
_AMOUNTS: dict[str, dict[str, int]] = {}
"""Amounts already parsed, per unit: a history repeats a few dozen amount texts over and over."""
_KNOWN: dict[str, dict[str, tuple[ActionKind, int, bool]]] = {}
"""Antes and plain actions already read, per unit: what follows a player's name (``calls $0.02``,
``posts the ante $0.01 and is all-in``) to its kind, amount and all-in (a ``bets`` or ``raises``
is told a completion or not by the hand's state, each time); a history repeats a few dozen."""
_STREETS = {"3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7}
_STREET_NAMES = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "RIVER"}
_FOLDED_ON = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street", 7: "River"}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}


class _Bad(Exception):
    """A damaged hand: the reason and the line."""

    def __init__(self, reason: str, line: int, verdict: str = "unreadable") -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.verdict = verdict


# --- the game in the header ----------------------------------------------------------------

def game_problem(game: str) -> str | None:
    """Why a header's game is not Stud/8 fixed limit, or None when it is (any letter case)."""
    found = classify(game)
    if found is None:
        return f"{game!r} is not a game stud8 knows"
    return None if found.stud8 else refusal(found, game)


@dataclass
class _Header:
    hand_id: str
    game: str
    kind: Game
    tournament: str | None
    currency: str
    unit: str
    small_bet: int
    big_bet: int
    started: str


def _kind(game: str, line: int) -> Game:
    """The hand's game: a seven-card stud game is read through (and refused after its books
    balance when it is not Stud/8 at fixed limit); any other game is refused here."""
    found = classify(game)
    if found is None:
        raise _Bad(f"the header names a game stud8 does not know: {game!r}", line)
    if found.cards != 7:
        raise _Bad(refusal(found, game), line, "not-stud8")
    return found


def _tournament_game(text: str) -> str:
    """The game of a tournament header's middle: the buy-in words ("$2+$1", "$1.00+$0.10 USD",
    "Freeroll") dropped from the front, a "Match ..." part after the game and any words
    before a comma ("Hyper-Turbo, ") dropped."""
    text = re.sub(r",?\s*(?:-\s*)?Match\b.*$", "", text.strip(), flags=re.IGNORECASE).strip(" ,-")
    parts = text.split(" ")
    start = 0
    while start < len(parts) - 1 and (not parts[start] or _BUY_IN_WORD.search(parts[start])):
        start += 1
    game = " ".join(parts[start:]).strip(" ,-")
    outside = re.sub(r"\([^()]*\)", "()", game)
    if ", " in outside:  # words before the game, up to its last comma outside parentheses
        game = game[len(outside.rpartition(", ")[0]) + 2:] if "()" not in outside.rpartition(", ")[0] else game
    return game.strip()


def _parse_header(hand_id: str, rest: str, line: int) -> _Header:
    """The header after the hand id; the game and stakes read once per header text (a file
    repeats the same few, differing in the date at most), the hand id and line per hand."""
    try:
        header = _game_and_stakes(rest)
    except _Bad as bad:
        raise _Bad(bad.reason, line, bad.verdict) from None
    return _Header(hand_id, header.game, header.kind, header.tournament, header.currency, header.unit,
                   header.small_bet, header.big_bet, header.started)  # a new one: the cached one is shared


@lru_cache(maxsize=256)
def _game_and_stakes(rest: str) -> _Header:
    """``_parse_header``'s work, without the hand id (``_Bad`` carries line 0, put right by the caller)."""
    hand_id, line = "", 0
    if "ID: " in rest:
        rest = _ITALY.sub("", rest)
    tournament = _TOURNAMENT.match(rest) if "OURNAMENT #" in rest.upper() else None
    if tournament:
        number, buy_in_and_game, _level, small, big, started = tournament.groups()
        game = _tournament_game(buy_in_and_game)
        mix = re.match(r"^.+ \(([^()]+)\)$", game)  # "HORSE (Razz Limit)": the hand's own game
        kind = _kind(mix.group(1) if mix else game, line)
        try:
            return _Header(hand_id, game, kind, number, "", "chip", parse_amount(small, "chip"),
                           parse_amount(big, "chip"), started or "")
        except ValueError as error:
            raise _Bad(f"stakes: {error}", line) from None
    cash = _CASH.match(rest)
    if not cash:
        raise _Bad(f"cannot read the game and stakes in the header {rest!r}", line)
    game, inside, started = cash.groups()
    if "," in inside:  # a mix: "8-Game (7 Card Stud Hi/Lo Limit, $0.10/$0.20 USD)": the hand's own game
        current, _, stakes = inside.rpartition(", ")
        kind = _kind(current, line)
        game = f"{game} ({current})"
    else:
        stakes = inside
        kind = _kind(game, line)
    parsed = _STAKES.match(stakes.strip())
    if not parsed:
        raise _Bad(f"cannot read the stakes {stakes!r}", line)
    symbol, small, big, code = parsed.groups()
    currency = code or _CURRENCIES.get(symbol, "")
    unit = "cent" if symbol or code else "chip"
    try:
        return _Header(hand_id, game, kind, None, currency, unit, parse_amount(small, unit), parse_amount(big, unit),
                       started or "")
    except ValueError as error:
        raise _Bad(f"stakes: {error}", line) from None


# --- one hand --------------------------------------------------------------------------------

_new_action = tuple.__new__
"""``ActionRecord`` made from its six fields at C speed (a history has dozens of actions a hand;
the named tuple's own constructor is a Python function)."""
_bare = object.__new__
"""A seat's, a player's cards' or the hand's record made bare, its fields then set at once in its
``__dict__``: a frozen dataclass's own ``__init__`` sets each field by a call of
``object.__setattr__`` (a hand has a dozen such records). Only for the classes ``_fields_only``
accepts, every field set in the order of the class."""


def _fields_only(cls: type) -> dict[str, object]:
    """The fields of a frozen dataclass whose ``__init__`` does nothing but set them (no
    ``__post_init__``, no ``__slots__``, no field left out of ``__init__`` or made by a factory),
    each to its default (``MISSING`` when it has none): a record made bare with every field set
    in its ``__dict__`` is then the record its constructor makes. Raises ``TypeError`` for another
    class (checked once, on import)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__") \
            or any(not field.init or field.default_factory is not MISSING for field in fields(cls)):
        raise TypeError(f"{cls.__name__} records are made by more than setting their fields")
    return {field.name: field.default for field in fields(cls)}


_HAND_FIELDS = _fields_only(HandRecord)
"""``HandRecord``'s fields with their defaults: a field the reader does not set keeps its default."""
if tuple(_fields_only(SeatRecord)) != ("seat_no", "name", "stack", "line") \
        or tuple(_fields_only(PlayerCards)) != ("player", "cards"):
    raise TypeError("SeatRecord or PlayerCards has other fields than the reader sets")
_CARD_SET = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
_PLAYER = itemgetter(1)
"""An ``ActionRecord``'s player, read in C."""


def _cards(text: str, line: int) -> list[str]:
    cards = text.split()
    if _CARD_SET.issuperset(cards):  # the usual case, told in C: every word a card
        return cards
    for card in cards:
        if card not in _CARD_SET:
            raise _Bad(f"{card!r} is not a card", line)
    return cards


class _HandParser:
    """The lines of one hand to a record (raises ``_Bad``)."""

    def __init__(self, lines: list[str], first: int, path: str, match: re.Match[str] | None = None) -> None:
        self.lines = lines  # the hand's lines, the first (its header) on line ``first`` of the file
        self.first = first
        self.path = path
        self.match = match  # ``_HEADER``'s match of the first line, when the caller has it
        self.kind: Game | None = None  # the hand's game, once the header is read

    def amount(self, text: str, line: int) -> int:
        known = self.amounts.get(text)
        if known is not None:
            return known
        try:
            value = parse_amount(text, self.header.unit)
        except ValueError as error:
            raise _Bad(f"{error} (line {line})", line) from None
        if len(self.amounts) > 4096:
            self.amounts.clear()
        self.amounts[text] = value
        return value

    def parse(self) -> HandRecord:
        first_line, first = self.first, self.lines[0]
        match = self.match or _HEADER.match(first.lstrip("\ufeff"))
        assert match is not None
        site = _SITES[match.group(1)]
        self.header = header = _parse_header(match.group(2), match.group(3).strip(), first_line)
        self.kind = header.kind
        self.amounts = _AMOUNTS.setdefault(header.unit, {})
        table, max_seats = "", 8
        seats: list[SeatRecord] = []
        names: dict[str, int] = {}
        actions: list[ActionRecord] = []
        slots: dict[str, list[str | None]] = {}
        street = 0
        section = "setup"
        community: str | None = None
        showdown: list[ShowdownRecord] = []
        collected_by_pot: dict[int, dict[str, int]] = {}
        returned: dict[str, int] = {}
        total_pot: int | None = None
        rake = 0
        fees = 0
        side_amounts: dict[int, int] = {}
        street_level = 0  # the highest commitment on the current street
        committed: dict[str, int] = {}
        completed = False
        pot_line = 0
        bring_in_amount = 0
        ante_amount = 0
        participants: set[str] = set()
        unknown: list[tuple[int, str, str]] = []  # lines no pattern knows, judged when the names are all known

        def name_of(text: str) -> tuple[str, str] | None:
            """Split 'NAME: rest' on a known player's name (names may hold ': ')."""
            head, sep, rest = text.partition(": ")
            if sep and head in names:
                return head, rest
            for name in names:
                if text.startswith(name + ": "):
                    return name, text[len(name) + 2:]
            return None

        amounts = self.amounts  # the amounts already read (``self.amount`` reads and remembers a new one)
        known = _KNOWN.setdefault(header.unit, {})
        ante_count = 0  # the antes, the first actions (an ante after the deal is refused)
        for number, text in enumerate(map(str.rstrip, self.lines[1:]), first_line + 1):
            if not text:
                continue
            head, sep, rest = text.partition(": ")
            if sep and section != "summary" and head in names:
                name = head  # a seated player's line (actions, antes, shows): the common case first
            else:
                if section != "summary" and text.startswith("Dealt to "):
                    # told first: no table, seat or street line begins so (a line in the summary is the summary's)
                    if text[-1] == "]":
                        name, _, held = text[9:].partition(" [")
                        if name not in names:
                            # a name holding " [" itself (an alias "PC [Mittel]"): the seated name the line names
                            owner = next((n for n in sorted(names, key=len, reverse=True)
                                          if text.startswith(f"Dealt to {n} [")), None)
                            if owner is not None:
                                name, held = owner, text[9 + len(owner) + 2:]
                        if name in names:
                            if street < 3:
                                raise _Bad("cards dealt before third street", number)
                            held = held[:-1]
                            seen, later, last = held.partition("] [")  # the cards shown before (the hero's own too), the new
                            if not later:  # one group: the new cards
                                earlier: list[str] = []
                                new = seen.split()
                                valid = _CARD_SET.issuperset(new)  # every word a card, told in C
                            else:
                                earlier = seen.split()
                                new = [last]  # the usual: one new card
                                valid = last in _CARD_SET and _CARD_SET.issuperset(earlier)
                            if not valid:  # a word no card, or more groups or new cards than the usual
                                groups = [_cards(group, number) for group in held.split("] [")]  # raises at a word no card
                                new = groups[-1]
                            player_slots = slots.get(name)
                            if player_slots is None:
                                player_slots = slots[name] = [None] * SLOTS
                            if street == 3:
                                if len(new) == 3:
                                    player_slots[0:3] = new
                                elif len(new) == 1:
                                    player_slots[2] = new[0]
                                else:
                                    raise _Bad(f"third street deals 1 or 3 cards to a player, not {len(new)}", number)
                            else:
                                if len(new) != 1:
                                    raise _Bad(f"one new card per player on {_STREET_NAMES[street]}", number)
                                player_slots[street - 1] = new[0]
                                # the hero's own earlier cards (so many, in the first group), a slot not yet known
                                if len(earlier) == street - 1 and None in player_slots[:street - 1]:
                                    for slot, card in enumerate(earlier):
                                        if player_slots[slot] is None:
                                            player_slots[slot] = card
                            participants.add(name)
                            continue
                    # else a line naming no seated player: read on below as any other
                else:
                    if section == "setup":
                        table_match = _TABLE.match(text) if not text.startswith("Seat ") else None
                        if table_match:
                            table, max_seats = table_match.group(1), int(table_match.group(2) or 8)
                            continue
                        seat_match = _SEAT.match(text)
                        if seat_match:
                            seat_no, name, stack, _rest = seat_match.groups()
                            names[name] = len(seats)
                            amount = amounts.get(stack)
                            if amount is None:
                                amount = self.amount(stack, number)
                            seat: SeatRecord = _bare(SeatRecord)  # SeatRecord(int(seat_no), name, amount, number)
                            seat.__dict__.update(seat_no=int(seat_no), name=name, stack=amount, line=number)
                            seats.append(seat)
                            continue
                    if text.startswith("*** "):  # a street line as the site writes it, else its pattern
                        label = _STREET_LINES.get(text)
                        street_match = _STREET.match(text) if label is None else None
                    else:
                        label = street_match = None
                    if label is not None or street_match:
                        label = label or street_match.group(1)  # type: ignore[union-attr]
                        if label == "SUMMARY":
                            section = "summary"
                        elif label == "SHOW DOWN":
                            section = "showdown"
                        else:
                            section = "play"
                            new_street = _STREETS[label]
                            if new_street != street + 1 and not (street == 0 and new_street == 3):
                                raise _Bad(f"street {label} out of order", number)
                            street = new_street
                            street_level = 0
                            committed = {}
                            if street_match and street_match.group(2):
                                board = _cards(street_match.group(2), number)
                                if street != 7 or len(board) != 1:
                                    raise _Bad(f"a board card on {label}", number)
                                community = board[0]
                        continue
                    if section == "summary":
                        total_match = _TOTAL.match(text) if text.startswith("Total pot ") else None
                        if total_match:
                            pot_line = number
                            total_pot = self.amount(total_match.group(1), number)
                            for side in _SIDE.finditer(total_match.group(2)) if total_match.group(2) else ():
                                index = 0 if side.group(1) == "Main pot" else int(side.group(2) or 1)
                                side_amounts[index] = self.amount(side.group(3), number)
                            if total_match.group(3):
                                rake = self.amount(total_match.group(3), number)
                            extra = total_match.group(4) or ""
                            jackpot = _JACKPOT.search(extra)
                            if jackpot:
                                fees = self.amount(jackpot.group(1), number)
                            continue
                        shown = _SUMMARY_CARDS.match(text) if ("showed [" in text or "mucked [" in text) else None
                        if shown and shown.group(1) in names:
                            self._store_shown(slots, shown.group(1), _cards(shown.group(3), number), community, number)
                        elif text not in _QUIET_SUMMARY:
                            if not _SUMMARY_LINES.match(text):
                                unknown.append((number, text, "in the summary "))
                            else:
                                if len(_QUIET_SUMMARY) > 4096:
                                    _QUIET_SUMMARY.clear()
                                _QUIET_SUMMARY.add(text)
                        continue
                    returned_match = _RETURNED.match(text) if text.startswith("Uncalled bet (") else None
                    if returned_match and returned_match.group(2) in names:
                        name = returned_match.group(2)
                        returned[name] = returned.get(name, 0) + self.amount(returned_match.group(1), number)
                        continue
                collected_match = _COLLECTED.match(text) if " collected " in text else None
                if collected_match and collected_match.group(1) in names:
                    name, amount_text, where, index_text = collected_match.groups()
                    index = 0 if where in ("pot", "main pot") else int(index_text or 1)
                    pot = collected_by_pot.setdefault(index, {})
                    pot[name] = pot.get(name, 0) + self.amount(amount_text, number)
                    continue
                split = name_of(text)
                if split is None:
                    if text.startswith("Hand cancelled"):
                        raise _Bad(f"the site cancelled the hand: {text!r}", number, "cannot-judge")
                    if not _OTHER_LINES.match(text):
                        unknown.append((number, text, ""))
                    continue  # table chatter: joins, leaves, is connected, said...
                name, rest = split
            entry = known.get(rest)  # an ante or a plain action read before (in any hand): its kind, amount, all-in
            if entry is None or (section != "play" and entry[0] is not _ANTE):
                # read as it always was; an ante or a plain action is then remembered (its reading
                # depends on its text and the unit only, and an action is taken from memory in play only)
                said = rest
                all_in = rest[-1:] == "n" and rest.endswith(_ALL_IN)  # the last letter first: few other lines end so
                if all_in:
                    rest = rest[: -len(_ALL_IN)]
                if rest.startswith("posts the ante "):
                    if street != 0:
                        raise _Bad("an ante after the deal", number)
                    entry = (_ANTE, self.amount(rest[len("posts the ante "):], number), all_in)
                elif section == "showdown":
                    if rest.startswith("shows ["):
                        cards_text = rest[len("shows ["):].split("]")[0]
                        self._store_shown(slots, name, _cards(cards_text, number), community, number)
                        showdown.append(ShowdownRecord(name, True, number))
                    elif rest.startswith("mucks hand"):
                        showdown.append(ShowdownRecord(name, False, number))
                    elif not _PLAYER_LINES.match(rest):
                        raise _Bad(f"a line the PokerStars format does not know at the showdown: {text!r}", number)
                    continue
                elif street < 3:
                    if rest.startswith(("brings in", "bets", "raises", "calls", "checks", "folds", "completes")):
                        raise _Bad("an action before third street is dealt", number)
                    if not _PLAYER_LINES.match(rest):
                        raise _Bad(f"a line the PokerStars format does not know: {text!r}", number)
                    continue
                # the kinds, the commonest first (their words exclude one another: the order changes no reading)
                elif rest == "checks":
                    entry = (_CHECK, 0, all_in)
                elif rest.startswith("calls "):
                    entry = (_CALL, self.amount(rest[len("calls "):], number), all_in)
                elif rest.startswith("folds"):
                    if "[" in rest:  # the folded cards shown: not remembered
                        cards = _cards(rest.split("[", 1)[1].split("]")[0], number)
                        player_slots = slots.setdefault(name, [None] * SLOTS)
                        for slot, card in enumerate(cards[:SLOTS]):
                            if player_slots[slot] is None:
                                player_slots[slot] = card
                        actions.append(_new_action(ActionRecord, (street, name, _FOLD, 0, all_in, number)))
                        continue
                    entry = (_FOLD, 0, all_in)
                elif rest.startswith("brings in for "):
                    entry = (_BRING_IN, self.amount(rest[len("brings in for "):], number), all_in)
                elif rest.startswith("bets "):
                    entry = (_BET, self.amount(rest[len("bets "):], number), all_in)  # the amount bet
                elif rest.startswith("raises "):
                    _, sep, to_text = rest.partition(" to ")
                    if not sep:
                        raise _Bad(f"cannot read the raise {rest!r}", number)
                    entry = (_RAISE, self.amount(to_text, number), all_in)  # the amount raised to
                elif rest.startswith(("completes it to ", "completes to ")):
                    entry = (_COMPLETE, self.amount(rest.rpartition(" to ")[2], number), all_in)
                else:
                    if not _PLAYER_LINES.match(rest):
                        raise _Bad(f"a line the PokerStars format does not know: {text!r}", number)
                    continue  # "is sitting out", "has timed out", "said, ..." and the like
                if len(known) > 4096:
                    known.clear()
                known[said] = entry
            kind, amount, all_in = entry
            # a check or a fold commits nothing, so the street's highest commitment stays as it is
            if kind is _CALL:
                level = committed[name] = committed.get(name, 0) + amount
            elif kind is _CHECK or kind is _FOLD:
                actions.append(_new_action(ActionRecord, (street, name, kind, 0, all_in, number)))
                continue
            elif kind is _ANTE:
                if street != 0:
                    raise _Bad("an ante after the deal", number)
                ante_amount = max(ante_amount, amount)
                actions.append(_new_action(ActionRecord, (0, name, _ANTE, amount, all_in, number)))
                ante_count += 1
                continue
            elif kind is _BET:
                level = amount = committed.get(name, 0) + amount
                kind = _COMPLETE if street == 3 and not completed and street_level < header.small_bet else _BET
                committed[name] = amount
            elif kind is _RAISE:
                kind = _COMPLETE if street == 3 and not completed and street_level < header.small_bet else _RAISE
                level = committed[name] = amount
            elif kind is _BRING_IN:
                bring_in_amount = max(bring_in_amount, amount)
                level = committed[name] = committed.get(name, 0) + amount
            else:  # a completion
                level = committed[name] = amount
            if kind is _COMPLETE:
                completed = True
            street_level = max(street_level, level)
            actions.append(_new_action(ActionRecord, (street, name, kind, amount, all_in, number)))
        participants.update(map(_PLAYER, actions))  # with the players dealt cards: the players in the hand

        ignored = []
        for number, text, where in unknown:  # unknown.py: a line naming a player, an amount or a card refuses the hand
            reason = carries(text, names)
            if reason is not None:
                raise _Bad(f"a line the PokerStars format does not know {where}and {reason}: {text!r}", number)
            ignored.append((number, text))
        if not seats:
            raise _Bad("no seats in the hand", first_line)
        if street < 3:
            raise _Bad("the hand has no third street", first_line)
        if section != "summary":
            raise _Bad("the hand ends before its summary (truncated?)", first_line + len(self.lines) - 1)
        in_hand = [seat for seat in seats if seat.name in participants]

        def by_seat(values: dict[str, int]) -> tuple[tuple[str, int], ...]:
            if len(values) < 2:  # the usual one winner: nothing to order
                return tuple(values.items())
            order = {seat.name: index for index, seat in enumerate(in_hand)}
            return tuple(sorted(values.items(), key=lambda item: order.get(item[0], len(order))))

        if side_amounts and total_pot is not None and rake + fees \
                and sum(side_amounts.values()) + rake + fees == total_pot:
            # PokerStars lists the main and side pots after rake ("Total pot $1.94 Main pot $1.66.
            # Side pot $0.24. | Rake $0.04"); the record keeps pots before rake. The site does not
            # say which pot paid the rake: it is counted against the main pot.
            side_amounts[0] = side_amounts.get(0, 0) + rake + fees
        pots: list[PotRecord] = []
        indices = sorted(set(side_amounts) | set(collected_by_pot) | {0})
        for index in indices:
            collected = collected_by_pot.get(index, {})
            if side_amounts:
                amount = side_amounts.get(index, 0)
            else:
                amount = total_pot if total_pot is not None else sum(collected.values())
            pots.append(PotRecord(amount, 0, 0, by_seat(collected)))
        totals: dict[str, int] = {}
        for pot_collected in collected_by_pot.values():
            for name, amount in pot_collected.items():
                totals[name] = totals.get(name, 0) + amount
        player_cards = []
        for seat in in_hand:
            if seat.name in slots:
                own: PlayerCards = _bare(PlayerCards)  # PlayerCards(seat.name, tuple(slots[seat.name]))
                own.__dict__.update(player=seat.name, cards=tuple(slots[seat.name]))
                player_cards.append(own)
        small_bet = header.small_bet
        inference = ante_inference(actions[:ante_count], header.unit)  # the antes come first
        # The bring-in is not in the header: the amount posted, else (completed at once) half the small bet.
        bring_in = bring_in_amount or max(1, small_bet // 2)
        record: HandRecord = _bare(HandRecord)  # HandRecord(site=site, ...): every field set, in order
        record.__dict__.update(_HAND_FIELDS)
        record.__dict__.update(
            site=site, hand_id=header.hand_id, source_file=self.path, line=first_line, table=table,
            game=header.game, tournament=header.tournament, currency=header.currency, unit=header.unit,
            ante=ante_amount, bring_in=bring_in, small_bet=small_bet, big_bet=header.big_bet,
            max_seats=max_seats, started=header.started, seats=tuple(in_hand), actions=tuple(actions),
            cards=tuple(player_cards), community=community, showdown=tuple(showdown), pots=tuple(pots),
            collected=by_seat(totals), returned=by_seat(returned), total_pot=total_pot, rake=rake, fees=fees,
            pot_line=pot_line, ignored=tuple(ignored),
            inferences=() if inference is None else (inference,),
        )
        if not header.kind.stud8:
            # Another stud game (Stud high, Razz) or structure is read through: its books must
            # balance before it is refused as not Stud/8.
            trouble = books.check(record)
            if trouble is not None:
                raise _Bad(f"the money does not balance: {trouble.message}", trouble.line)
            raise _Bad(refusal(header.kind, header.game) + " (read through: its books balance)", first_line,
                       "not-stud8")
        return record

    @staticmethod
    def _store_shown(slots: dict[str, list[str | None]], name: str, cards: list[str],
                     community: str | None, line: int) -> None:
        """Shown cards are listed in the order dealt; the community card, if listed, is not the player's."""
        own = [card for card in cards if card != community] if community in cards else cards
        if len(own) > SLOTS:
            raise _Bad(f"{name} shows {len(own)} cards", line)
        player_slots = slots.setdefault(name, [None] * SLOTS)
        if player_slots[:len(own)] == own:  # every card as dealt: nothing to set
            return
        for slot, card in enumerate(own):
            dealt = player_slots[slot]
            if dealt is None:
                player_slots[slot] = card
            elif dealt != card:
                raise _Bad(f"{name} shows {card} where {dealt} was dealt", line)


def stakes_recoverable(record: HandRecord) -> bool:
    """Whether PokerStars text keeps the record's ante and bring-in: the header states only the
    bets, so they are read from the posts, which show them only when someone posts them in full
    (a short all-in bring-in, or a bring-in player who completes, leaves the bring-in unknown)."""
    antes = [a for a in record.actions if a.kind == _ANTE and not a.all_in]
    bring_ins = [a for a in record.actions if a.kind == _BRING_IN and not a.all_in]
    ante_ok = (record.ante == 0 and not antes) or any(a.amount == record.ante for a in antes)
    if bring_ins:
        bring_ok = any(a.amount == record.bring_in for a in bring_ins)
    else:
        bring_ok = record.bring_in == max(1, record.small_bet // 2) and not any(
            a.kind == _BRING_IN for a in record.actions)
    return ante_ok and bring_ok


# --- the reader ------------------------------------------------------------------------------

class PokerStarsReader:
    """Reads PokerStars text histories, hand by hand."""

    name = "pokerstars"

    def sniff(self, head: str) -> bool:
        return _SNIFF.search(head) is not None

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        lines: list[str] = []   # the hand being read, from its header (line ``first``)
        first = 0
        match: re.Match[str] | None = None  # ``_HEADER``'s match of its header
        stray: int | None = None
        broken: tuple[int, str] | None = None  # why the hand being read cannot be used
        for number, block, too_long in bounded_blocks(stream):
            if too_long:
                if lines and broken is None:
                    broken = (number, f"line {number} is longer than {MAX_LINE_CHARS} characters")
                elif not lines and stray is None:
                    stray = number
                continue
            # The hands' first lines: the few lines that begin like a header, found in C, each
            # then tested as every line once was; the lines between go to their hand in slices.
            text = "\n" + "".join(block)  # each line, the first too, after a newline
            index = offset = done = 0
            for candidate in _HEADER_CANDIDATE.finditer(text):
                index += text.count("\n", offset + 1, candidate.start() + 1)
                offset = candidate.start()
                header = _HEADER.match(block[index].lstrip("\ufeff"))
                if not header:
                    continue
                stray, broken = self._take(lines, block, done, index, number, stray, broken)
                if lines:
                    yield self._hand(lines, first, path, broken, match)
                lines, first, broken, match = [block[index]], number + index, None, header
                done = index + 1
            stray, broken = self._take(lines, block, done, len(block), number, stray, broken)
        if stray is not None:
            yield HandProblem(path, None, stray, "unreadable", "text before the first PokerStars hand header", SITE)
        if lines:
            yield self._hand(lines, first, path, broken, match)

    @staticmethod
    def _take(lines: list[str], block: list[str], start: int, end: int, number: int, stray: int | None,
              broken: tuple[int, str] | None) -> tuple[int | None, tuple[int, str] | None]:
        """The lines ``block[start:end]`` (none of them a header; the block's first is line
        ``number``) added to the hand being read, up to ``MAX_HAND_LINES`` (the line past it
        breaks the hand); before the first hand, the first that is not blank is stray text.
        Returns ``stray`` and ``broken`` as they now are."""
        if start >= end:
            return stray, broken
        if lines:
            if broken is None:
                room = MAX_HAND_LINES - len(lines)
                if end - start > room:
                    lines.extend(block[start:start + room])
                    line = number + start + room
                    broken = (line, f"the hand runs past {MAX_HAND_LINES} lines without a next header")
                else:
                    lines.extend(block[start:end])
        elif stray is None:
            for index in range(start, end):
                if block[index].strip():
                    return number + index, broken
        return stray, broken

    @staticmethod
    def _hand(lines: list[str], first: int, path: str, broken: tuple[int, str] | None = None,
              match: re.Match[str] | None = None) -> HandRecord | HandProblem:
        if match is None:  # (``read`` passes the match that told the header)
            match = _HEADER.match(lines[0].lstrip("\ufeff"))
        hand_id = match.group(2) if match else None
        site = _SITES[match.group(1)] if match else SITE
        if broken is not None:
            return HandProblem(path, hand_id, broken[0], "unreadable", broken[1], site)
        parser = _HandParser(lines, first, path, match)
        try:
            return parser.parse()
        except _Bad as bad:
            reason = unread_other_game(bad.reason, parser.kind) if bad.verdict == "unreadable" else bad.reason
            return HandProblem(path, hand_id, bad.line, bad.verdict, reason, site)
        except DAMAGED as error:
            return HandProblem(path, hand_id, first, "unreadable", unread_other_game(damage(error), parser.kind), site)


# --- the writer ------------------------------------------------------------------------------

class PokerStarsWriter:
    """Writes records as the PokerStars client would (every known card is written: a down
    card the site would show only to its hero appears in the ``Dealt to`` line)."""

    name = "pokerstars"
    suffix = ".txt"

    def write(self, records: Iterable[HandRecord], stream: TextIO) -> None:
        for index, record in enumerate(records):
            if index:
                stream.write("\n\n\n")
            stream.write("\n".join(hand_lines(record)))
            stream.write("\n")


def _money(record: HandRecord, amount: int) -> str:
    if record.unit != "cent":
        return str(amount)
    return _SYMBOLS.get(record.currency, "$") + money(amount)


def _header(record: HandRecord) -> str:
    game = record.game if "7 Card Stud Hi/Lo" in record.game else GAME
    started = f" - {record.started}" if record.started else ""
    if record.tournament is not None:
        return (f"PokerStars Hand #{record.hand_id}: Tournament #{record.tournament}, {game} - Level I "
                f"({record.small_bet}/{record.big_bet}){started}")
    stakes = f"{_money(record, record.small_bet)}/{_money(record, record.big_bet)}"
    if record.unit == "cent":
        stakes += f" {record.currency or 'USD'}"
    mix = re.match(r"^(.+) \((7 Card Stud Hi/Lo[^)]*)\)$", game)
    if mix:
        return f"PokerStars Hand #{record.hand_id}:  {mix.group(1)} ({mix.group(2)}, {stakes}){started}"
    return f"PokerStars Hand #{record.hand_id}:  {game} ({stakes}){started}"


def hand_lines(record: HandRecord) -> list[str]:
    """The lines of one hand in PokerStars text."""
    out = [_header(record), f"Table '{record.table or 'stud8'}' {record.max_seats}-max"]
    for seat in record.seats:
        out.append(f"Seat {seat.seat_no}: {seat.name} ({_money(record, seat.stack)} in chips)")
    slots = {entry.player: entry.cards for entry in record.cards}
    folded: dict[str, int] = {}
    live = [seat.name for seat in record.seats]
    street = 0
    level = 0
    committed: dict[str, int] = {}
    actions = list(record.actions)
    position = 0

    def suffix(action: ActionRecord) -> str:
        return _ALL_IN if action.all_in else ""

    while position < len(actions) and actions[position].street == 0:
        action = actions[position]
        out.append(f"{action.player}: posts the ante {_money(record, action.amount)}{suffix(action)}")
        position += 1
    for street in range(3, 8):
        if len(live) - len(folded) < 2:
            break
        board = f" [{record.community}]" if street == 7 and record.community else ""
        out.append(f"*** {_STREET_NAMES[street]} ***{board}")
        for name in live:
            if name in folded:
                continue
            cards = slots.get(name, (None,) * SLOTS)
            out.extend(_dealt_line(name, cards, street))
        level = 0
        committed = {}
        bring_in_posted = False
        while position < len(actions) and actions[position].street == street:
            action = actions[position]
            position += 1
            name = action.player
            before = committed.get(name, 0)
            kind = action.kind
            if kind == _BRING_IN:
                text = f"brings in for {_money(record, action.amount)}"
                committed[name] = before + action.amount
                bring_in_posted = True
            elif kind == _CALL:
                text = f"calls {_money(record, action.amount)}"
                committed[name] = before + action.amount
            elif kind == _CHECK:
                text = "checks"
            elif kind == _FOLD:
                text = "folds"
                folded[name] = street
            elif kind == _BET or (kind == _COMPLETE and not bring_in_posted and level == 0):
                text = f"bets {_money(record, action.amount - before)}"
                committed[name] = action.amount
            else:  # a raise, or a completion over the bring-in
                text = f"raises {_money(record, action.amount - level)} to {_money(record, action.amount)}"
                committed[name] = action.amount
            level = max(level, committed.get(name, 0))
            out.append(f"{name}: {text}{suffix(action)}")
    for name, amount in record.returned:
        out.append(f"Uncalled bet ({_money(record, amount)}) returned to {name}")
    if record.showdown:
        out.append("*** SHOW DOWN ***")
        for entry in record.showdown:
            if entry.shown:
                shown_cards = " ".join(card for card in slots.get(entry.player, ()) if card is not None)
                out.append(f"{entry.player}: shows [{shown_cards}]")
            else:
                out.append(f"{entry.player}: mucks hand")
    several = len(record.pots) > 1

    def pot_name(index: int) -> str:
        if not several:
            return "pot"
        if index == 0:
            return "main pot"
        return "side pot" if len(record.pots) == 2 else f"side pot-{index}"

    for index in reversed(range(len(record.pots))):
        where = pot_name(index)
        for name, amount in record.pots[index].collected:
            out.append(f"{name} collected {_money(record, amount)} from {where}")
    if not record.showdown and record.collected:
        out.append(f"{record.collected[0][0]}: doesn't show hand")
    out.append("*** SUMMARY ***")
    total = record.total_pot if record.total_pot is not None else sum(pot.amount for pot in record.pots)
    sides = ""
    if several:  # listed after rake, as PokerStars lists them
        taken = [rake + fee for rake, fee in record.pot_rakes()]
        sides = "".join(f" {pot_name(index).capitalize()} {_money(record, pot.amount - taken[index])}."
                        for index, pot in enumerate(record.pots))
    jackpot = f" | Jackpot {_money(record, record.fees)}" if record.fees else ""
    out.append(f"Total pot {_money(record, total)}{sides} | Rake {_money(record, record.rake)}{jackpot}")
    won = dict(record.collected)
    shown = {entry.player: entry.shown for entry in record.showdown}
    for seat in record.seats:
        name = seat.name
        seen = " ".join(card for card in slots.get(name, ()) if card is not None)
        if name in shown:
            verb = "showed" if shown[name] else "mucked"
            result = f" and won ({_money(record, won[name])})" if name in won and shown[name] else (
                " and lost" if shown[name] else "")
            out.append(f"Seat {seat.seat_no}: {name} {verb} [{seen}]{result}")
        elif name in folded:
            out.append(f"Seat {seat.seat_no}: {name} folded on the {_FOLDED_ON[folded[name]]}")
        elif name in won:
            out.append(f"Seat {seat.seat_no}: {name} collected ({_money(record, won[name])})")
    return out


def _dealt_line(name: str, cards: tuple[str | None, ...], street: int) -> list[str]:
    """The ``Dealt to`` line of a player on a street (nothing when the new card is unknown)."""
    if street == 3:
        if cards[0] is not None and cards[1] is not None and cards[2] is not None:
            return [f"Dealt to {name} [{cards[0]} {cards[1]} {cards[2]}]"]
        if cards[2] is not None:
            return [f"Dealt to {name} [{cards[2]}]"]
        return []
    new = cards[street - 1]
    if new is None:
        return []
    downs_known = cards[0] is not None and cards[1] is not None
    shown = cards[: street - 1] if downs_known else cards[2: street - 1]
    earlier = [card for card in shown if card is not None]
    return [f"Dealt to {name} [{' '.join(earlier)}] [{new}]"]


READER = PokerStarsReader()
WRITER = PokerStarsWriter()


# --- the inventory of line kinds (issue 28 item 1) ------------------------------------------------
# PokerStars' reader is written by hand (see the module docstring), so its line kinds are listed
# here as rows of the grammar machine's kind (``grammar.Row``): what each line does, an example
# and, when no history in shared/site-hands shows it, its source. A test reads each example in a
# real hand (tests/test_hh_inventory.py): an ``ignore`` line must leave the hand as it was, any
# other is found in the corpus or defined by fpdb. ``sections`` say where a line is planted.

def _line(does: str, pattern: str, example: str, where: str = "play", source: str = "") -> Row:
    return Row(does, pattern, example, sections=(where,), source=source)


_FPDB = "fpdb PokerStarsToFpdb.py"
LINES: tuple[Row, ...] = (
    _line("header", r"^PokerStars (?:Game|Hand) #\d+: +\S.* \([^()]+\) - .*$",
          "PokerStars Game #35874487284:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET", "head"),
    _line("header", r"^PokerStars (?:Zoom |Rush )?(?:Game|Hand) #\d+: +(?:Zoom |Rush )?Tournament #\d+, .*$",
          "PokerStars Hand #47653044486: Tournament #345983925, $200+$15 USD Razz Limit - Level IV (50/100) - "
          "2010/09/06 12:42:58 ET", "head"),
    _line("header", r"^PokerStars Hand #\d+: +Tournament #\d+, .* - Match Round \w+, Level .*$",
          "PokerStars Hand #1: Tournament #2, $10+$1 USD 7 Card Stud Hi/Lo Limit - Match Round I, Level I (10/20) - "
          "2010/09/06 12:42:58 ET", "head", f"{_FPDB} re_game_info (SHOOTOUT)"),
    _line("header", r"^PokerStars Home Game Hand #\d+: +\{[^}]*\} +.*$",
          "PokerStars Home Game Hand #72385614539: {Club 12345}  Hold'em No Limit (1/2) - 2012/01/11 21:02:42 ET", "head"),
    _line("header", r"^POKERSTARS (?:GAME|HAND) #\d+: .*$",
          "POKERSTARS HAND #1: TOURNAMENT #2, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I (10/20) - 2010/01/01", "head",
          f"{_FPDB} re_game_info (POKERSTARS, TOURNAMENT, LIMIT in capitals; tests/data/hh-extra holds one)"),
    _line("header", r"^Full Tilt Hand #\d+: .*$",
          "Full Tilt Hand #1590000000: Hold'em No Limit ($5/$10) - 2016/05/10 12:00:00 ET", "head"),
    _line("header", r"^.* \[(?:ADM|AAMS) ID: [A-Z0-9]+\] - .*$",
          "PokerStars Hand #1: 7 Card Stud Hi/Lo Limit (€0.04/€0.08 EUR) [ADM ID: 12AB] - 2012/01/01 10:00:00 CET",
          "head", f"{_FPDB} re_game_info (BLAH2)"),
    _line("header", r"^Table '.*'(?: \d+-max)?.*$", "Table 'Dawn II' 8-max", "head"),
    _line("header", r"^Table ID '.*'.*$", "Table ID 'Dawn II' 8-max (Play Money)", "head", f"{_FPDB} re_hand_info"),
    _line("seat", r"^Seat \d+: .+ \(\S+ in chips(?:, \S+ bounty)?\)(?: is sitting out)?$",
          "Seat 3: gashpor ($1.46 in chips)", "head"),
    _line("ante", r"^.+: posts the ante \S+(?: and is all-in)?$", "gashpor: posts the ante $0.01", "antes"),
    _line("street", r"^\*\*\* (?:3rd|4th|5th|6th) STREET \*\*\*$|^\*\*\* RIVER \*\*\*(?: \[\S\S\])?$",
          "*** 3rd STREET ***"),
    _line("deal", r"^Dealt to .+ \[[^\]]*\](?: \[[^\]]*\])?$", "Dealt to gashpor [5d Qd] [Jd]"),
    _line("bring-in", r"^.+: brings in for \S+(?: and is all-in)?$", "denny501: brings in for $0.02"),
    _line("complete", r"^.+: (?:completes it to|completes to) \S+(?: and is all-in)?$", "Hero: completes it to $0.04",
          source=f"{_FPDB} re_action (the completion is also written 'raises $A to $T')"),
    _line("bet", r"^.+: bets \S+(?: and is all-in)?$", "gashpor: bets $0.08"),
    _line("raise", r"^.+: raises \S+ to \S+(?: and is all-in)?$", "rdiezchang: raises $0.02 to $0.04"),
    _line("call", r"^.+: calls \S+(?: and is all-in)?$", "Hero: calls $0.02"),
    _line("check", r"^.+: checks$", "Soroka69: checks"),
    _line("fold", r"^.+: folds(?: \[[^\]]*\])?$", "TomSludge: folds"),
    _line("return", r"^Uncalled bet \(\S+\) returned to .+$", "Uncalled bet ($0.08) returned to rdiezchang"),
    _line("showdown", r"^\*\*\* SHOW DOWN \*\*\*$", "*** SHOW DOWN ***"),
    _line("show", r"^.+: shows \[[^\]]*\](?: \(.*\))?$", "gashpor: shows [4h 3d 5d Qd Jd 9d 6h] (HI: a flush, Queen high)",
          "showdown"),
    _line("muck", r"^.+: mucks hand$", "Hero: mucks hand", "showdown"),
    _line("ignore", r"^.+: doesn't show hand$", "Hero: doesn't show hand", "showdown"),
    _line("collect", r"^.+ collected \S+ from (?:pot|main pot|side pot(?:-\d+)?)$", "gashpor collected $0.40 from pot",
          "showdown"),
    _line("summary", r"^\*\*\* SUMMARY \*\*\*$", "*** SUMMARY ***", "summary"),
    _line("pot", r"^Total pot \S+.*?(?: \| Rake \S+)?(?: \| .*)?$", "Total pot $0.84 | Rake $0.04", "summary"),
    _line("show", r"^Seat \d+: .+ (?:showed|mucked) \[[^\]]*\].*$",
          "Seat 3: gashpor showed [4h 3d 5d Qd Jd 9d 6h] and won ($0.40) with HI: a flush, Queen high", "summary"),
    _line("ignore", r"^Seat \d+: .+ (?:folded (?:on|before) .+|collected \(.+\)|is sitting out|didn't show and won .+)$",
          "Seat 4: denny501 folded on the 4th Street", "summary"),
    _line("show", r"^Seat \d+: .+ showed \[[^\]]*\] and collected .+$",
          "Seat 3: gashpor showed [4h 3d 5d Qd Jd 9d 6h] and collected ($0.40) with HI: a flush, Queen high", "summary",
          f"{_FPDB} re_collect_pot (showed ... and collected)"),
    _line("ignore", r"^Board \[[^\]]*\]$|^Hand was run twice$", "Hand was run twice", "summary"),
    _line("cancel", r"^Hand cancelled$", "Hand cancelled", source=f"{_FPDB} re_cancelled"),
    _line("ignore", r"^.+: (?:is sitting out|sits out|is disconnected|is connected|has returned|has timed out"
                    r"(?: while (?:being )?disconnected)?)$", "Hero: is sitting out"),
    _line("ignore", r"^.+ (?:is sitting out|sits out|is disconnected|is connected|has returned|has timed out"
                    r"(?: while (?:being )?disconnected)?)$", "denny501 is connected"),
    _line("ignore", r"^.+ (?:joins the table at seat #\d+|leaves the table)$", "denny501 leaves the table"),
    _line("ignore", r"^.+ will be allowed to play after the button$", "LainaRahat will be allowed to play after the button"),
    _line("ignore", r"^.+ was removed from the table for failing to post$",
          "LainaRahat was removed from the table for failing to post"),
    _line("ignore", r"^.+ said, \".*\"$", 'Hero said, "gl"'),
    _line("ignore", r"^.+: is low with \[[^\]]*\]$", "gashpor: is low with [5d]",
          source="by analogy: Full Tilt's 'is low with' (this client's own stud lines)"),
    _line("ignore", r"^Betting is capped$", "Betting is capped"),
    _line("ignore", r"^Pair on board - a double bet is allowed$", "Pair on board - a double bet is allowed"),
    _line("ignore", r"^No low hand qualified$", "No low hand qualified",
          source="by analogy: the site's hi/lo summary wording"),
    _line("ignore", r"^.+ finished the tournament(?: in \d+\w\w place)?(?: and received .*)?$",
          "gashpor finished the tournament in 3rd place and received $5.00.", source=f"{_FPDB} re_winning_rank_other"),
    _line("ignore", r"^.+ wins the tournament and receives .*$",
          "gashpor wins the tournament and receives $230.36 - congratulations!", source=f"{_FPDB} re_winning_rank_one"),
    _line("ignore", r"^.+ (?:wins|split) the .+ bounty for eliminating .+$",
          "gashpor, Hero split the $50 bounty for eliminating denny501", source=f"{_FPDB} re_bounty"),
    _line("ignore", r"^.+ wins .+ for (?:splitting the elimination of|eliminating) .+ and their own bounty increases by .+$",
          "gashpor wins $19.90 for eliminating denny501 and their own bounty increases by $19.89 to $155.32",
          source=f"{_FPDB} re_progressive"),
    _line("ignore", r"^.+ (?:re-buys and receives|takes the add-on and receives|wins an entry to tournament) .+$",
          "gashpor re-buys and receives 1500 chips for $10.00", source=f"{_FPDB} (rebuys, add-ons, satellites)"),
    _line("ignore", r"^STP added: .+$", "STP added: $0.50", source=f"{_FPDB} re_stp"),
)
"""PokerStars' line kinds: each read, or read past by name (``ignore``)."""

OTHER_GAMES: tuple[Row, ...] = (
    _line("ignore", r"^.+: posts (?:small|big|button) blind .+$|^.+: posts small & big blinds .+$|^.+: posts straddle .+$",
          "Hero: posts small blind $0.10"),
    _line("ignore", r"^\*\*\* (?:HOLE CARDS|(?:FIRST |SECOND )?(?:FLOP|TURN|RIVER)) \*\*\*(?: \[.*)?$", "*** HOLE CARDS ***"),
    _line("ignore", r"^.+: (?:discards \d+ cards?|stands pat)(?: \[.*)?$", "Hero: stands pat",
          source=f"{_FPDB} re_action (discards, stands pat)"),
    _line("ignore", r"^.+ cashed out the hand for .+ \| Cash Out Fee .+$",
          "Vinsand88 cashed out the hand for $2.19 | Cash Out Fee $0.02",
          source=f"{_FPDB} re_collect_pot3 (all-in cash-out of flop games: a payout the stud reader refuses)"),
)
"""Lines of PokerStars' other games, never in a stud hand (those hands are refused from their header)."""
