"""Open Hand History (OHH, JSON; hh-specs.handhistory.org, spec 1.4.x): reader and writer.

An OHH file holds hands as JSON objects ``{"ohh": {...}}`` separated by one blank line (the
spec's storage format), so it is read object by object: memory holds one hand at a time. The
objects are found by following the brackets outside strings as the lines go by (``_Objects``),
so each object is parsed once, whatever blank lines or other objects share its lines, and a
hand nesting deeper than ``MAX_NESTING`` or longer than ``MAX_HAND_CHARS`` is refused before it
is parsed. Amounts are decimals in the currency (``0.08``); they are read as ``Decimal``
(within the limits of ``readers.load_json``: no ``1e999999999``, no 5,000-digit integer) and
turned into exact integers of the smallest unit (cents; chips in tournaments or when there is
no currency), never floats, and a hand with an amount finer than the unit is unreadable.

The spec was written for flop games and says nothing of stud. Where it is silent this module
decides, and says so (``docs/audit.md``):

- ``game_type`` ``StudHiLo`` with ``bet_limit.bet_type`` ``FL``; anything else is not Stud/8.
- ``small_blind_amount`` / ``big_blind_amount`` carry the small and big bet, ``ante_amount``
  the ante, and ``bring_in_amount`` (an addition) the bring-in.
- Rounds are the streets: ``Third Street`` (round 0: the antes, the deal, the bring-in) to
  ``Seventh Street``, then ``Showdown``; a community card is the seventh round's ``cards``.
- Each street's cards are ``Dealt Cards`` actions, in the order dealt; a card nobody saw is
  written ``??`` so the others keep their places.
- The bring-in is ``Post Bring In`` (``Post Extra Blind`` on third street is read the same).
  A completion is a ``Raise`` over the bring-in (a ``Bet`` when the bring-in player completes).
- As the spec says, a ``Raise``'s ``amount`` is the chips put in by that action, not the total.
- Uncalled chips have no action in OHH: they are what a player put in beyond the pots listed,
  given back to the one who put in the most.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any, TextIO

from stud8.conformance.handhistory.readers import bounded_lines, load_json
from stud8.conformance.handhistory.record import (
    SLOTS,
    TO_KINDS,
    ActionKind,
    ActionRecord,
    HandProblem,
    HandRecord,
    PlayerCards,
    PotRecord,
    SeatRecord,
    ShowdownRecord,
    money,
)
from stud8.spec.limits import MAX_HAND_CHARS, MAX_LINE_CHARS, MAX_NESTING

SPEC_VERSION = "1.4.6"
GAME = "7 Card Stud Hi/Lo Limit"
STREETS = {"Third Street": 3, "Fourth Street": 4, "Fifth Street": 5, "Sixth Street": 6, "Seventh Street": 7}
STREET_NAMES = {number: name for name, number in STREETS.items()}
_ALIASES = {"3rd Street": 3, "4th Street": 4, "5th Street": 5, "6th Street": 6, "7th Street": 7, "Preflop": 3}
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
_UNKNOWN = "??"
_STRUCTURE = re.compile(r'[{}\[\]"\\]')
"""The characters that open or close a value, a string, or escape the next character."""


class _Bad(Exception):
    def __init__(self, reason: str, verdict: str = "unreadable") -> None:
        super().__init__(reason)
        self.reason = reason
        self.verdict = verdict


def _units(value: Any, unit: str, what: str) -> int:
    """An OHH decimal as an exact integer of the unit."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise _Bad(f"{what}: {value!r} is not a number")
    scaled = Decimal(value) * (100 if unit == "cent" else 1)
    if scaled != scaled.to_integral_value():
        raise _Bad(f"{what}: {value} is finer than one {unit}")
    if scaled < 0:
        raise _Bad(f"{what}: {value} is negative")
    return int(scaled)


def _cards(value: Any, what: str) -> list[str | None]:
    if not isinstance(value, list):
        raise _Bad(f"{what}: cards must be a list")
    cards: list[str | None] = []
    for card in value:
        if card == _UNKNOWN or card in ("", None):
            cards.append(None)
        elif isinstance(card, str) and _CARD.match(card):
            cards.append(card)
        else:
            raise _Bad(f"{what}: {card!r} is not a card")
    return cards


def _hand(data: Any, path: str, line: int) -> HandRecord:
    if not isinstance(data, dict) or not isinstance(data.get("ohh"), dict):
        raise _Bad('not an OHH hand: expected {"ohh": {...}}')
    ohh = data["ohh"]
    game_type = ohh.get("game_type")
    bet_type = (ohh.get("bet_limit") or {}).get("bet_type") if isinstance(ohh.get("bet_limit"), dict) else None
    if game_type != "StudHiLo":
        raise _Bad(f"game_type {game_type!r} is not Seven Card Stud Hi/Lo (StudHiLo)", "not-stud8")
    if bet_type != "FL":
        raise _Bad(f"bet_type {bet_type!r} is not fixed limit (FL): stud8 audits fixed-limit Stud/8 only", "not-stud8")
    tournament = bool(ohh.get("tournament"))
    currency = str(ohh.get("currency") or "")
    unit = "cent" if currency and not tournament else "chip"
    info = ohh.get("tournament_info") if isinstance(ohh.get("tournament_info"), dict) else {}
    players = ohh.get("players")
    if not isinstance(players, list) or not players:
        raise _Bad("no players")
    names: dict[Any, str] = {}
    seats: list[SeatRecord] = []
    for player in players:
        if not isinstance(player, dict) or "id" not in player or not isinstance(player.get("name"), str):
            raise _Bad("a player without an id or a name")
        if player.get("is_sitting_out"):
            continue
        names[player["id"]] = player["name"]
        seats.append(SeatRecord(int(player.get("seat", len(seats) + 1)), player["name"],
                                _units(player.get("starting_stack"), unit, f"{player['name']}'s starting_stack")))
    order = {seat.name: index for index, seat in enumerate(seats)}
    actions: list[ActionRecord] = []
    slots: dict[str, list[str | None]] = {}
    showdown: list[ShowdownRecord] = []
    community: str | None = None
    bring_in_amount = _units(ohh.get("bring_in_amount", 0), unit, "bring_in_amount")
    ante = _units(ohh.get("ante_amount", 0), unit, "ante_amount")
    small_bet = _units(ohh.get("small_blind_amount", 0), unit, "small_blind_amount")
    big_bet = _units(ohh.get("big_blind_amount", 0), unit, "big_blind_amount")
    contributed: dict[str, int] = {}
    rounds = ohh.get("rounds")
    if not isinstance(rounds, list):
        raise _Bad("no rounds")
    for round_ in sorted(rounds, key=lambda r: r.get("id", 0) if isinstance(r, dict) else 0):
        if not isinstance(round_, dict):
            raise _Bad("a round that is not an object")
        name = round_.get("street")
        if name == "Showdown":
            street = 8
        elif name in STREETS or name in _ALIASES:
            street = STREETS.get(name) or _ALIASES[name]
        else:
            raise _Bad(f"unknown street {name!r}")
        board = round_.get("cards") or []
        if board:
            cards = _cards(board if isinstance(board, list) else [board], f"{name} cards")
            if street != 7 or len(cards) != 1:
                raise _Bad(f"board cards on {name}")
            community = cards[0]
        level = 0
        committed: dict[str, int] = {}
        completed = False
        for action in round_.get("actions") or []:
            if not isinstance(action, dict):
                raise _Bad(f"an action on {name} that is not an object")
            player = names.get(action.get("player_id"))
            verb = action.get("action")
            if player is None:
                raise _Bad(f"{name}: action {verb!r} by unknown player_id {action.get('player_id')!r}")
            all_in = bool(action.get("is_allin"))
            amount = _units(action.get("amount", 0), unit, f"{name}: {player} {verb}")
            before = committed.get(player, 0)
            kind: ActionKind | None = None
            if verb == "Dealt Cards":
                cards = _cards(action.get("cards") or [], f"{name}: cards dealt to {player}")
                place = slots.setdefault(player, [None] * SLOTS)
                if street == 3:
                    if len(cards) == 3:
                        place[0:3] = cards
                    elif len(cards) == 1:
                        place[2] = cards[0]
                    else:
                        raise _Bad(f"third street deals 1 or 3 cards to {player}, not {len(cards)}")
                elif street <= 7:
                    if len(cards) != 1:
                        raise _Bad(f"{name} deals one card to {player}, not {len(cards)}")
                    place[street - 1] = cards[0]
                continue
            if verb in ("Shows Cards", "Mucks Cards"):
                cards = _cards(action.get("cards") or [], f"{name}: cards of {player}")
                place = slots.setdefault(player, [None] * SLOTS)
                own = [card for card in cards if card != community]
                if len(own) > SLOTS:
                    raise _Bad(f"{player} shows {len(own)} cards")
                for slot, card in enumerate(own):
                    if card is not None:
                        if place[slot] is not None and place[slot] != card:
                            raise _Bad(f"{player} shows {card} where {place[slot]} was dealt")
                        place[slot] = card
                if street == 8:
                    showdown.append(ShowdownRecord(player, verb == "Shows Cards"))
                continue
            if verb == "Post Ante":
                kind = ActionKind.ANTE
                actions.append(ActionRecord(0, player, kind, amount, all_in))
                contributed[player] = contributed.get(player, 0) + amount
                continue
            if street > 7:
                raise _Bad(f"a betting action ({verb}) at the showdown")
            if verb in ("Post Bring In", "Post Extra Blind"):
                kind = ActionKind.BRING_IN
                if not bring_in_amount and not all_in:
                    bring_in_amount = amount
                committed[player] = before + amount
                record_amount = amount
            elif verb == "Call":
                kind = ActionKind.CALL
                committed[player] = before + amount
                record_amount = amount
            elif verb in ("Bet", "Raise"):
                to = before + amount
                if street == 3 and not completed and level < small_bet:
                    kind = ActionKind.COMPLETE
                    completed = True
                else:
                    kind = ActionKind.BET if verb == "Bet" else ActionKind.RAISE
                committed[player] = to
                record_amount = to
            elif verb == "Check":
                kind, record_amount = ActionKind.CHECK, 0
            elif verb == "Fold":
                kind, record_amount = ActionKind.FOLD, 0
            elif verb in ("Sits Down", "Stands Up", "Added Chips"):
                continue
            else:
                raise _Bad(f"{name}: unknown action {verb!r}")
            contributed[player] = contributed.get(player, 0) + committed.get(player, 0) - before
            level = max(level, committed.get(player, 0))
            actions.append(ActionRecord(street, player, kind, record_amount, all_in))
    pots: list[PotRecord] = []
    collected: dict[str, int] = {}
    for pot in sorted(ohh.get("pots") or [], key=lambda p: p.get("number", 0) if isinstance(p, dict) else 0):
        if not isinstance(pot, dict):
            raise _Bad("a pot that is not an object")
        wins: dict[str, int] = {}
        for win in pot.get("player_wins") or []:
            player = names.get(win.get("player_id")) if isinstance(win, dict) else None
            if player is None:
                raise _Bad("a pot won by an unknown player_id")
            wins[player] = wins.get(player, 0) + _units(win.get("win_amount"), unit, f"{player}'s win_amount")
        for player, amount in wins.items():
            collected[player] = collected.get(player, 0) + amount
        pots.append(PotRecord(_units(pot.get("amount"), unit, "pot amount"), _units(pot.get("rake", 0), unit, "rake"),
                              _units(pot.get("jackpot", 0), unit, "jackpot"),
                              tuple(sorted(wins.items(), key=lambda item: order.get(item[0], 0)))))
    total_pot = sum(pot.amount for pot in pots)
    returned: tuple[tuple[str, int], ...] = ()
    extra = sum(contributed.values()) - total_pot
    if pots and extra > 0 and contributed:
        top = max(contributed, key=lambda name: contributed[name])
        returned = ((top, extra),)
    by_seat = lambda values: tuple(sorted(values.items(), key=lambda item: order.get(item[0], 0)))
    return HandRecord(
        site=str(ohh.get("site_name") or "OHH"), hand_id=str(ohh.get("game_number", "")), source_file=path, line=line,
        table=str(ohh.get("table_name") or ""), game=GAME, tournament=str(info.get("tournament_number")) if tournament else None,
        currency=currency if unit == "cent" else "", unit=unit, ante=ante, bring_in=bring_in_amount or max(1, small_bet // 2),
        small_bet=small_bet, big_bet=big_bet, max_seats=int(ohh.get("table_size") or 8),
        started=str(ohh.get("start_date_utc") or ""), seats=tuple(seats), actions=tuple(actions),
        cards=tuple(PlayerCards(seat.name, tuple(slots[seat.name])) for seat in seats if seat.name in slots),
        community=community, showdown=tuple(showdown), pots=tuple(pots), collected=by_seat(collected),
        returned=returned, total_pot=total_pot, rake=sum(pot.rake for pot in pots), fees=sum(pot.fees for pot in pots),
    )


class _Objects:
    """The top-level JSON objects of a stream of lines, found by counting brackets outside
    strings (see the module docstring): ``(first line, text)`` of each, or ``(line, None,
    reason)`` for a stretch that cannot be a hand (text outside an object, an object too deep,
    too long, or never closed). After a stretch that cannot be followed (a line too long to
    keep, a stray ``}``), reading starts again after the next blank line: hands are separated
    by blank lines."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self, lost: bool = False) -> None:
        self.depth = 0
        self.in_string = False
        self.parts: list[str] = []
        self.size = 0
        self.first = 0
        self.refused = ""      # why the open object is not kept (too deep, too long)
        self.lost = lost       # skipping to the next blank line

    def feed(self, number: int, text: str, too_long: bool) -> Iterator[tuple[int, str | None, str]]:
        if self.lost:
            if not text.strip():
                self._reset()
            return
        if too_long:
            yield (self.first if self.depth else number), None, (
                f"line {number} is longer than {MAX_LINE_CHARS} characters: no hand has such a line")
            self._reset(lost=True)
            return
        position = 0
        while position < len(text):
            if not self.depth:
                stripped = text[position:].lstrip()
                if not stripped:
                    return
                if not stripped.startswith("{"):
                    yield number, None, "not a JSON hand: text outside a hand object"
                    self._reset(lost=True)
                    return
                position = len(text) - len(stripped)
                self.first = number
            end = self._scan(text, position)
            piece = text[position:len(text) if end < 0 else end]
            if not self.refused:
                self.size += len(piece)
                if self.size > MAX_HAND_CHARS:
                    self.refused = f"a hand of more than {MAX_HAND_CHARS:,} characters"
                    self.parts = []
                else:
                    self.parts.append(piece)
            if end < 0:
                return
            yield (self.first, None, self.refused) if self.refused else (self.first, "".join(self.parts), "")
            self.parts, self.size, self.refused = [], 0, ""
            position = end

    def _scan(self, text: str, position: int) -> int:
        """Follow the brackets of ``text`` from ``position``; where the top-level object ends
        (just after its ``}``), or -1 when it goes on past this line. (JSON strings hold no
        line breaks, so an escape never reaches into the next line.)"""
        escaped = -1  # the index of the character a backslash escapes
        for found in _STRUCTURE.finditer(text, position):
            char, index = found.group(0), found.start()
            if self.in_string:
                if index == escaped:
                    continue
                if char == "\\":
                    escaped = index + 1
                elif char == '"':
                    self.in_string = False
                continue
            if char == '"':
                self.in_string = True
            elif char in "{[":
                self.depth += 1
                if self.depth > MAX_NESTING and not self.refused:
                    self.refused = f"nesting deeper than {MAX_NESTING}"
                    self.parts = []
            else:  # } or ] (a backslash outside a string is not JSON: the parser says so)
                if char == "\\":
                    continue
                self.depth -= 1
                if not self.depth:
                    return found.end()
        return -1

    def close(self) -> Iterator[tuple[int, str | None, str]]:
        """What is left open at the end of the stream."""
        if self.depth > 0 and not self.lost:
            yield self.first, None, self.refused or "not a JSON hand: the object is not closed at the end of the file"


class OhhReader:
    """Reads OHH files object by object."""

    name = "ohh"

    def sniff(self, head: str) -> bool:
        return head.lstrip("\ufeff \t\r\n").startswith("{") and '"ohh"' in head

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        objects = _Objects()
        for number, text, too_long in bounded_lines(stream):
            if number == 1:
                text = text.lstrip("\ufeff")
            for line, found, reason in objects.feed(number, text, too_long):
                yield self._parse(found, path, line) if found is not None else \
                    HandProblem(path, None, line, "unreadable", reason)
        for line, _, reason in objects.close():
            yield HandProblem(path, None, line, "unreadable", reason)

    @staticmethod
    def _parse(text: str, path: str, line: int) -> HandRecord | HandProblem:
        try:
            data = load_json(text)
        except ValueError as error:
            reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
            return HandProblem(path, None, line, "unreadable", f"not a JSON hand: {reason}")
        hand_id = None
        if isinstance(data, dict) and isinstance(data.get("ohh"), dict):
            hand_id = str(data["ohh"].get("game_number", "")) or None
        try:
            return _hand(data, path, line)
        except _Bad as bad:
            return HandProblem(path, hand_id, line, bad.verdict, bad.reason)
        except (TypeError, ValueError, AttributeError, ArithmeticError) as error:
            return HandProblem(path, hand_id, line, "unreadable", f"malformed hand: {error}")


# --- the writer ------------------------------------------------------------------------------------

_AMOUNT = re.compile(r'"\\u0000(\d+)"')


def _amount(record: HandRecord, value: int) -> str:
    """A placeholder for an amount, printed by ``dumps`` as a decimal of the currency (the JSON
    module would need floats for that)."""
    return "\u0000" + str(value)


def hand_object(record: HandRecord) -> dict[str, Any]:
    """The ``{"ohh": ...}`` object of a hand, amounts as placeholders ``_amount`` marks."""
    ids = {seat.name: index for index, seat in enumerate(record.seats)}
    slots = {entry.player: entry.cards for entry in record.cards}
    number = 0

    def action(player: str, verb: str, amount: int = 0, all_in: bool = False,
               cards: list[str] | None = None) -> dict[str, Any]:
        nonlocal number
        entry: dict[str, Any] = {"action_number": number, "player_id": ids[player], "action": verb}
        number += 1
        if verb not in ("Dealt Cards", "Shows Cards", "Mucks Cards", "Check", "Fold"):
            entry["amount"] = _amount(record, amount)
            entry["is_allin"] = all_in
        if cards is not None:
            entry["cards"] = cards
        return entry

    folded: set[str] = set()
    rounds: list[dict[str, Any]] = []
    by_street: dict[int, list[ActionRecord]] = {}
    for item in record.actions:
        by_street.setdefault(item.street, []).append(item)
    last = max((street for street in by_street if street), default=3)
    if len(record.seats) - sum(1 for a in record.actions if a.kind == ActionKind.FOLD) > 1:
        last = 7
    for street in range(3, last + 1):
        actions: list[dict[str, Any]] = []
        if street == 3:
            actions.extend(action(a.player, "Post Ante", a.amount, a.all_in) for a in by_street.get(0, []))
        for seat in record.seats:
            if seat.name in folded:
                continue
            cards = slots.get(seat.name, (None,) * SLOTS)
            dealt = cards[0:3] if street == 3 else cards[street - 1: street]
            if street == 7 and record.community is not None:
                continue
            actions.append(action(seat.name, "Dealt Cards", cards=[card or _UNKNOWN for card in dealt]))
        committed: dict[str, int] = {}
        for item in by_street.get(street, []):
            before = committed.get(item.player, 0)
            if item.kind == ActionKind.BRING_IN:
                actions.append(action(item.player, "Post Bring In", item.amount, item.all_in))
                committed[item.player] = before + item.amount
            elif item.kind == ActionKind.CALL:
                actions.append(action(item.player, "Call", item.amount, item.all_in))
                committed[item.player] = before + item.amount
            elif item.kind in TO_KINDS:
                verb = "Bet" if not any(committed.values()) else "Raise"
                actions.append(action(item.player, verb, item.amount - before, item.all_in))
                committed[item.player] = item.amount
            elif item.kind == ActionKind.CHECK:
                actions.append(action(item.player, "Check"))
            elif item.kind == ActionKind.FOLD:
                actions.append(action(item.player, "Fold"))
                folded.add(item.player)
        round_: dict[str, Any] = {"id": street - 3, "street": STREET_NAMES[street], "cards": [], "actions": actions}
        if street == 7 and record.community is not None:
            round_["cards"] = [record.community]
        rounds.append(round_)
        if len(record.seats) - len(folded) < 2:
            break
    if record.showdown:
        shows = []
        for entry in record.showdown:
            shown_cards = [card or _UNKNOWN for card in slots.get(entry.player, ()) if card is not None]
            shows.append(action(entry.player, "Shows Cards" if entry.shown else "Mucks Cards", cards=shown_cards))
        rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": shows})
    tournament = record.tournament is not None
    rakes = record.pot_rakes()
    ohh: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": record.site or "stud8",
        "network_name": record.site or "stud8",
        "internal_version": "stud8",
        "tournament": tournament,
        "game_number": record.hand_id,
        "start_date_utc": record.started,
        "table_name": record.table,
        "game_type": "StudHiLo",
        "bet_limit": {"bet_type": "FL", "bet_cap": 0},
        "table_size": record.max_seats,
        "currency": record.currency,
        "dealer_seat": 0,
        "small_blind_amount": _amount(record, record.small_bet),
        "big_blind_amount": _amount(record, record.big_bet),
        "ante_amount": _amount(record, record.ante),
        "bring_in_amount": _amount(record, record.bring_in),
        "players": [{"id": ids[seat.name], "seat": seat.seat_no, "name": seat.name,
                     "starting_stack": _amount(record, seat.stack)} for seat in record.seats],
        "rounds": rounds,
        "pots": [{"number": index, "amount": _amount(record, pot.amount), "rake": _amount(record, rakes[index][0]),
                  "jackpot": _amount(record, rakes[index][1]),
                  "player_wins": [{"player_id": ids[name], "win_amount": _amount(record, amount)}
                                  for name, amount in pot.collected]}
                 for index, pot in enumerate(record.pots)],
    }
    if tournament:
        ohh["tournament_info"] = {"tournament_number": record.tournament}
    return {"ohh": ohh}


def dumps(record: HandRecord) -> str:
    """One hand as OHH JSON text (amounts as decimals of the currency, never floats)."""
    text = json.dumps(hand_object(record), indent=2, ensure_ascii=False)
    unit = record.unit
    return _AMOUNT.sub(lambda match: money(int(match.group(1)), unit), text)


class OhhWriter:
    name = "ohh"
    suffix = ".ohh"

    def write(self, records: Iterable[HandRecord], stream: TextIO) -> None:
        for index, record in enumerate(records):
            if index:
                stream.write("\n")
            stream.write(dumps(record))
            stream.write("\n")


READER = OhhReader()
WRITER = OhhWriter()
