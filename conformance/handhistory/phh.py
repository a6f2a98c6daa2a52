"""PHH, the Poker Hand History format (TOML, variant ``F7S/8``): the one reader and the one
writer of PHH in stud8.

Reading turns a PHH file into the neutral ``HandRecord`` every format reads into, so a PHH
hand is judged (``stud8 hh audit``), imported as a replay scenario (``stud8 hh import``) and
written again (``stud8 hh export --format phh``, ``stud8 hh synth``) exactly as a site's hand
is: there is no second path for PHH.

What a PHH file records: the stakes (``antes``, ``bring_in``, ``small_bet``, ``big_bet``), the
starting stacks, and the actions in the engine's own vocabulary (``p3 pb``, ``p1 cbr 20``,
``p2 cc``, ``p4 f``) with the cards dealt (``d dh p1 ????Kc``: ``??`` a card nobody saw) and
shown (``p1 sm Ac8dAs...``: a seat's cards in the order dealt), often the finishing stacks.
It records no burns, no pots and no rake. The record's kinds and amounts follow from the order
of the actions: a ``cc`` is a check or a call of the chips it takes, the first ``cbr`` of third
street below the small bet a completion, a ``cbr`` a bet or a raise *to* its amount. A seat's
cards take its slots in the order dealt (three on third street, one on each later street).
Cards a seat shows fill its ``??``; the rest stay unknown in the record (``None``): how they are
dealt for a replay is ``filling.py``'s one policy.

What PHH has no field for (the site, the table, the pots as the site paid them, the rake,
mucked hands) travels in user-defined fields (``_site``, ``_pots``...: PHH allows fields whose
names start with ``_``); a file without them gets one pot: what the finishing stacks show each
player collected, the uncalled chips (``pots.uncalled-bet``: PHH never records them) returned to
whoever put in the most. A hand without ``finishing_stacks`` (and without ``_pots``) records
no result: it cannot be judged or imported (``winnings`` alone leave the uncalled chips out, and
working those out would put a rule's answer where a recorded fact belongs). The comment at the
top of a file (or of a table) is the record's ``note``: where the hand came from.

A file holds one hand, or several as numbered tables (``[1]``, ``[2]``, ..., PHH's ``.phhs``
files). Every problem names the field or the action (its index in the ``actions`` list and its
text); a file's problem is a ``PhhError`` from ``read_phh`` and a ``HandProblem`` from the
reader (``not-stud8`` for another variant, ``cannot-judge`` for a hand without its result,
``unreadable`` for anything else), and the reader goes on with the next table.

Writing: ``hand_lines``/``WRITER`` give a record as PHH (one file, or numbered tables), its
``note`` as the comment at the top. ``check_with_pokerkit`` replays a written file with
PokerKit's own loader, when PokerKit is installed (``stud8 hh export --format phh`` does).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from stud8.conformance.handhistory.play import NotWritable
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
)
from stud8.reference.errors import Stud8Error
from stud8.reference.pots import uncalled
from stud8.spec.limits import (
    MAX_AMOUNT,
    MAX_AMOUNT_DIGITS,
    MAX_HANDS_PER_FILE,
    MAX_PLAYERS,
    quoted,
    shorten,
    shown_path,
)
from stud8.spec.tomlio import TomlRefused
from stud8.spec.tomlio import load_toml as load_limited_toml
from stud8.spec.yamlio import FileRefused, read_text_file

VARIANT = "F7S/8"
REQUIRED_FIELDS: tuple[str, ...] = ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")

_SNIFF = re.compile(r"^\s*variant\s*=\s*[\"']", re.MULTILINE)
_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")
_SEAT = re.compile(r"p([1-9][0-9]{0,2})")
_PLAYER_ACTION = re.compile(rf"^p([1-9][0-9]*) (pb|f|cc|cbr ([0-9]{{1,{MAX_AMOUNT_DIGITS}}}))$")
_TABLE = re.compile(r"""^[ \t]*\[[ \t]*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|([A-Za-z0-9_-]+))[ \t]*\][ \t]*(?:#.*)?$""",
                    re.MULTILINE)
"""A table header of a ``.phhs`` file (``[1]``, ``["hand 1"]``); a dotted table is no hand."""
_STRING = re.compile(r""""((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'""")


class PhhError(Stud8Error):
    """A PHH file that is not a readable Stud/8 hand history. ``verdict`` is what the audit
    calls such a hand: ``unreadable`` here, ``not-stud8`` and ``cannot-judge`` below."""

    code = "bad-phh"
    verdict = "unreadable"


class PhhNotStud8(PhhError):
    """A hand of another game (PHH variant other than ``F7S/8``)."""

    verdict = "not-stud8"


class PhhNoResult(PhhError):
    """A Stud/8 hand whose result is not recorded (no ``finishing_stacks``, no ``_pots``)."""

    verdict = "cannot-judge"


class PhhUnreadable(PhhError):
    """A path that names no readable hand history: missing, not a regular file, too large, not
    UTF-8. An input error of the command (exit 2), where a file that reads but is wrong is a
    problem found in it (exit 1)."""

    code = "unreadable"


# --- TOML ------------------------------------------------------------------------------------

def load_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text as a document, within the limits (``stud8.spec.tomlio``); ``PhhError``
    otherwise. Every reader of PHH text comes through here."""
    try:
        return load_limited_toml(text, where, "a PHH file")
    except TomlRefused as refused:
        raise PhhError(refused.message) from None


def leading_comment(text: str) -> str:
    """The comment lines at the top of a text, without the ``#``, joined by spaces."""
    lines = []
    for line in io.StringIO(text):  # read only as far as the comment goes (a .phhs file is large)
        stripped = line.strip()
        if not stripped.startswith("#"):
            break
        lines.append(stripped.lstrip("#").strip())
    return " ".join(line for line in lines if line)


def _comment_above(lines: list[str], index: int) -> str:
    """The comment lines right above line ``index`` (0-based), joined by spaces."""
    block: list[str] = []
    while index > 0 and lines[index - 1].strip().startswith("#"):
        index -= 1
        block.insert(0, lines[index].strip().lstrip("#").strip())
    return " ".join(line for line in block if line)


def _action_lines(text: str, start: int, actions: list[Any]) -> list[int]:
    """The line (1-based) of each string of the ``actions`` list that begins after ``start``,
    found by reading the string literals after the key in order; all 0 when they do not match
    the parsed list (an unusual layout): a message then names the action by its index only."""
    key = re.compile(r"^[ \t]*actions[ \t]*=[ \t]*\[", re.MULTILINE).search(text, start)
    if key is None:
        return [0] * len(actions)
    lines: list[int] = []
    position = key.end()
    for action in actions:
        found = _STRING.search(text, position)
        if found is None:
            return [0] * len(actions)
        literal = found.group(2) if found.group(2) is not None else _unescape(found.group(1))
        if literal != action:
            return [0] * len(actions)
        lines.append(text.count("\n", 0, found.start()) + 1)
        position = found.end()
    return lines


def _unescape(body: str) -> str | None:
    try:
        value = json.loads(f'"{body}"')
    except ValueError:
        return None
    return value if isinstance(value, str) else None


# --- reading: one hand -----------------------------------------------------------------------

def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_AMOUNT


def _int_list(data: Mapping[str, Any], name: str, count: int | None) -> list[int]:
    value = data[name]
    if not isinstance(value, list) or not value or not all(_int(item) for item in value):
        raise PhhError(f"the field {name!r} must be a list of whole amounts, not {quoted(value)}")
    if count is not None and len(value) != count:
        raise PhhError(f"the field {name!r} lists {len(value)} players, starting_stacks {count}")
    return list(value)


@dataclass
class _Betting:
    """The betting so far: what each seat put in on the street and in the hand, and the
    level a call must reach (a bring-in all-in for less still sets the bring-in as what the
    others call: bring-in.short-stack)."""

    stacks: list[int]
    stakes: Mapping[str, int]
    contributed: list[int]
    street: int = 3
    committed: list[int] = field(default_factory=list)
    completed: bool = False
    owed: int = 0

    def new_street(self, street: int) -> None:
        self.street, self.committed, self.completed, self.owed = street, [0] * len(self.stacks), False, 0

    def act(self, seat: int, name: str, move: str, amount: int | None, line: int) -> ActionRecord:
        left = self.stacks[seat] - self.contributed[seat]
        level = max(max(self.committed), self.owed)
        if move == "f":
            return ActionRecord(self.street, name, ActionKind.FOLD, line=line)
        if move == "pb":
            added = min(self.stakes["bring_in"], left)
            kind, recorded = ActionKind.BRING_IN, added
            self.owed = self.stakes["bring_in"]
        elif move == "cc":
            added = min(level - self.committed[seat], left)
            kind, recorded = (ActionKind.CALL, added) if added else (ActionKind.CHECK, 0)
        else:
            assert amount is not None
            added = amount - self.committed[seat]
            if self.street == 3 and not self.completed and level < self.stakes["small_bet"]:
                kind, self.completed = ActionKind.COMPLETE, True
            else:
                kind = ActionKind.BET if level == 0 else ActionKind.RAISE
            recorded = amount
        self.committed[seat] += added
        self.contributed[seat] += added
        all_in = self.contributed[seat] == self.stacks[seat] and added > 0
        return ActionRecord(self.street, name, kind, recorded, all_in, line)


def record_from_phh(data: Mapping[str, Any], where: str, *, line: int = 1, note: str = "",
                    key: str | None = None, action_lines: list[int] | None = None) -> HandRecord:
    """One PHH hand (a parsed table) as a record; ``PhhError`` (or ``PhhNotStud8``,
    ``PhhNoResult``) naming the field or action that is wrong, without ``where``. ``note`` is
    the comment above the hand, ``key`` its table's name in a ``.phhs`` file, ``action_lines``
    the file line of each entry of ``actions``."""
    if "variant" not in data:
        raise PhhError("the field 'variant' is missing")
    if data["variant"] != VARIANT:
        raise PhhNotStud8(f"variant is {quoted(data['variant'])}, not {VARIANT!r} (Seven Card Stud Hi/Lo eight-or-better)")
    for name in REQUIRED_FIELDS:
        if name not in data:
            raise PhhError(f"the field {name!r} is missing")
    stacks = _int_list(data, "starting_stacks", None)
    count = len(stacks)
    if count > MAX_PLAYERS:
        raise PhhError(f"the field 'starting_stacks' lists {count} players; a table seats at most {MAX_PLAYERS}")
    antes = _int_list(data, "antes", count)
    if len(set(antes)) != 1:
        raise PhhError(f"the field 'antes' is {quoted(antes)}: every player must post the same ante")
    for name in ("bring_in", "small_bet", "big_bet"):
        if not _int(data[name]):
            raise PhhError(f"the field {name!r} must be a whole amount, not {quoted(data[name])}")
    finishing = _int_list(data, "finishing_stacks", count) if "finishing_stacks" in data else None
    if "winnings" in data:
        _int_list(data, "winnings", count)
    if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
        raise PhhError("the field 'actions' must be a list of strings")
    names = [str(name) for name in data.get("players", [])] or [f"p{seat}" for seat in range(1, count + 1)]
    seat_numbers = data.get("seats", list(range(1, count + 1)))
    if len(names) != count or len(set(names)) != count or not isinstance(seat_numbers, list) \
            or len(seat_numbers) != count or not all(_int(seat) for seat in seat_numbers):
        raise PhhError("the fields 'players' and 'seats' must name each player of starting_stacks once")
    stakes = {"ante": antes[0], "bring_in": data["bring_in"], "small_bet": data["small_bet"], "big_bet": data["big_bet"]}

    records: list[ActionRecord] = []
    betting = _Betting(stacks, stakes, [0] * count)
    betting.new_street(3)
    for index, name in enumerate(names):
        ante = min(stakes["ante"], stacks[index])
        if ante:
            records.append(ActionRecord(0, name, ActionKind.ANTE, ante, ante == stacks[index]))
            betting.contributed[index] = ante
    dealt: list[list[str | None]] = [[] for _ in range(count)]
    dealt_at: dict[str, str] = {}
    shown: list[tuple[int, list[str]]] = []
    showdown: dict[str, ShowdownRecord] = {}
    lines = action_lines or [0] * len(data["actions"])

    def seat_of(word: str, index: int, action: str) -> int:
        match = _SEAT.fullmatch(word)
        if match is None or int(match.group(1)) > count:
            raise PhhError(f"action {index} {quoted(action)}: no seat {shorten(word, 20)} at this {count}-player table")
        return int(match.group(1)) - 1

    def cards_of(text: str, index: int, action: str) -> list[str]:
        cards = _CARD.findall(text)
        if "".join(cards) != text:
            raise PhhError(f"action {index} {quoted(action)}: {quoted(text)} is not a list of cards")
        return cards

    for index, action in enumerate(data["actions"]):
        words = action.split("#", 1)[0].split()
        if not words:
            continue  # a comment on its own
        if words[:2] == ["d", "dh"] and len(words) == 4:
            seat = seat_of(words[2], index, action)
            for card in cards_of(words[3], index, action):
                if card != "??":
                    if card in dealt_at:
                        raise PhhError(f"action {index} {quoted(action)}: {card} was already dealt ({dealt_at[card]})")
                    dealt_at[card] = f"action {index}"
                dealt[seat].append(None if card == "??" else card)
            if len(dealt[seat]) > SLOTS:
                raise PhhError(f"action {index} {quoted(action)}: p{seat + 1} is dealt more than seven cards")
            if len(dealt[seat]) > betting.street:  # the seat's card of a later street: that street begins
                betting.new_street(len(dealt[seat]))
        elif words[:2] == ["d", "db"]:
            raise PhhError(f"action {index} {quoted(action)}: a community card (dealt when the deck runs out) "
                           "cannot be replayed from a hand history")
        elif words[0] == "d":
            raise PhhError(f"action {index} {quoted(action)} is not a Stud/8 dealing action")
        elif len(words) >= 2 and words[1] == "sm":
            seat = seat_of(words[0], index, action)
            if len(words) > 3:
                raise PhhError(f"action {index} {quoted(action)} is not a PHH show-or-muck action")
            mucked = len(words) == 3 and words[2] == "-"
            if len(words) == 3 and not mucked:
                shown.append((seat, cards_of(words[2], index, action)))
            earlier = showdown.get(names[seat])  # a seat may show again, more cards, as the hand runs out
            if earlier is None or (not earlier.shown and not mucked):
                showdown[names[seat]] = ShowdownRecord(names[seat], not mucked, lines[index])
        else:
            text = " ".join(words)
            match = _PLAYER_ACTION.match(text)
            if match is None:
                raise PhhError(f"action {index} {quoted(action)} is not a Stud/8 action (pb, f, cc, cbr AMOUNT)")
            seat = seat_of(words[0], index, action)
            amount = int(match.group(3)) if match.group(3) else None
            if amount is not None and amount > MAX_AMOUNT:
                raise PhhError(f"action {index} {quoted(action)}: the amount is more than {MAX_AMOUNT:,}")
            records.append(betting.act(seat, names[seat], match.group(2).split()[0], amount, lines[index]))
    for seat in range(count):
        if len(dealt[seat]) < 3:
            raise PhhError(f"actions: p{seat + 1} is not dealt three cards on third street ('d dh p{seat + 1} ...')")
    slots = _slots(dealt, shown)
    for name in data.get("_mucked", []):
        showdown.setdefault(str(name), ShowdownRecord(str(name), False))
    order = data.get("_show_order", names)
    entries = sorted(showdown.values(), key=lambda entry: order.index(entry.player) if entry.player in order
                     else len(order) + names.index(entry.player))
    pots, collected, returned = _payout(data, names, stacks, betting.contributed, finishing)
    return HandRecord(
        site=str(data.get("_site", "PHH")), hand_id=str(data.get("_hand", data.get("hand", key or ""))), source_file=where,
        line=line, table=str(data.get("_table", data.get("table", ""))), game=str(data.get("_game", "7 Card Stud Hi/Lo Limit")),
        tournament=data.get("_tournament"), currency=str(data.get("_currency", "")), unit=str(data.get("_unit", "chip")),
        ante=stakes["ante"], bring_in=stakes["bring_in"], small_bet=stakes["small_bet"], big_bet=stakes["big_bet"],
        max_seats=int(data.get("_max_seats", data.get("seat_count", 8))), started=str(data.get("_started", "")),
        seats=tuple(SeatRecord(int(seat_numbers[i]), names[i], stacks[i]) for i in range(count)), actions=tuple(records),
        cards=tuple(PlayerCards(names[i], tuple(slots[i])) for i in range(count)), community=None,
        showdown=tuple(entries), pots=pots, collected=collected, returned=returned,
        total_pot=data.get("_total_pot", sum(pot.amount for pot in pots)), rake=int(data.get("_rake", 0)),
        fees=int(data.get("_fees", 0)),
        note=note or "; ".join(str(data[name]) for name in ("event", "hand", "url") if name in data),
    )


def _slots(dealt: list[list[str | None]], shown: Sequence[tuple[int, list[str]]]) -> list[list[str | None]]:
    """Each seat's seven slots: the cards dealt, ``??`` filled from what the seat showed (its
    cards in the order dealt, each time it showed), ``None`` where nobody saw the card or it
    was never dealt."""
    for seat, cards in shown:
        mine = dealt[seat]
        for position, card in enumerate(cards[: len(mine)]):
            if card == "??":
                continue
            if mine[position] is None:
                mine[position] = card
            elif mine[position] != card:
                raise PhhError(f"actions: p{seat + 1} shows {card} as card {position + 1}, but was dealt {mine[position]}")
    total = sum(len(cards) for cards in dealt)
    if total > 52:
        raise PhhError(f"actions: too many cards: {total} are dealt to the players, the deck holds 52 "
                       "(when it runs out, the last card is a community card, 'd db')")
    known = [card for cards in dealt for card in cards if card is not None]
    if len(set(known)) != len(known):
        repeated = sorted({card for card in known if known.count(card) > 1})
        raise PhhError(f"actions: {', '.join(repeated)} would be dealt twice (from the cards shown)")
    return [cards + [None] * (SLOTS - len(cards)) for cards in dealt]


def _payout(data: Mapping[str, Any], names: list[str], stacks: list[int], contributed: list[int],
            finishing: list[int] | None) -> tuple[tuple[PotRecord, ...], tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """The pots, what each player collected and what came back: from ``_pots``/``_returned``
    when the file has them, else from the finishing stacks (one pot; the uncalled chips, which
    PHH does not record, back to whoever put in the most: ``pots.uncalled-bet``)."""
    if "_pots" in data:
        pots = tuple(PotRecord(int(pot["amount"]), int(pot.get("rake", 0)), int(pot.get("fees", 0)),
                               tuple((str(entry["player"]), int(entry["amount"])) for entry in pot.get("collected", [])))
                     for pot in data["_pots"])
        returned = tuple((str(entry["player"]), int(entry["amount"])) for entry in data.get("_returned", []))
        totals: dict[str, int] = {}
        for pot in pots:
            for name, amount in pot.collected:
                totals[name] = totals.get(name, 0) + amount
        collected = tuple((name, totals[name]) for name in names if totals.get(name))
        return pots, collected, returned
    if finishing is None:
        why = " (winnings alone leave out the uncalled chips returned, which PHH does not record)" if "winnings" in data else ""
        raise PhhNoResult(f"the field 'finishing_stacks' is missing: the hand's result is not recorded{why}")
    if sum(finishing) != sum(stacks):
        raise PhhError(f"the field 'finishing_stacks' adds up to {sum(finishing)}, the starting stacks to {sum(stacks)}")
    back = uncalled(contributed)
    gave = {back[0]: back[1]} if back else {}
    won = {index: finishing[index] - stacks[index] + contributed[index] - gave.get(index, 0) for index in range(len(names))}
    if any(amount < 0 for amount in won.values()):
        raise PhhError("the finishing stacks show a player losing more than they put in")
    in_pot = sum(contributed) - sum(gave.values())
    collected = tuple((names[index], amount) for index, amount in won.items() if amount)
    returned = tuple((names[index], amount) for index, amount in gave.items())
    return (PotRecord(in_pot, 0, 0, collected),), collected, returned


# --- reading: files --------------------------------------------------------------------------

def records_from_text(text: str, path: str) -> Iterator[HandRecord | HandProblem]:
    """Every hand of a PHH text (one hand, or numbered tables), as records or problems.

    Each table's line is found in one pass over the text (a ``.phhs`` file of 40,000 tiny tables
    once cost a search of the whole text per table); a text of more than ``MAX_HANDS_PER_FILE``
    tables is parsed only up to the table after the last one read (``readers.open_history``
    says where reading stopped)."""
    headers: dict[str, tuple[int, int]] = {}
    cut = None
    counted, line = 0, 1  # lines are counted from the last header on, not from the top each time
    for number, found in enumerate(_TABLE.finditer(text)):
        if number == MAX_HANDS_PER_FILE + 1:  # what follows is not read: not parsed either
            cut = found.start()
            break
        line += text.count("\n", counted, found.start())
        counted = found.start()
        name = next(group for group in found.groups() if group is not None)
        headers.setdefault(name, (line, found.end()))
    try:
        document = load_toml(text if cut is None else text[:cut], path)
    except PhhError as error:
        yield HandProblem(path, None, 1, "unreadable", error.message.removeprefix(f"{path}: "))
        return
    lines = text.splitlines()
    top = leading_comment(text)  # once: per table it made 10,000 tables cost minutes
    hands: list[tuple[str | None, Mapping[str, Any], int, str, int]] = []  # key, table, line, note, offset
    if "variant" in document:
        hands.append((None, document, 1, top, 0))
    else:
        for name, value in document.items():
            if isinstance(value, dict):
                start, offset = headers.get(str(name), (1, 0))
                above = _comment_above(lines, start - 1) if start > 1 else ""
                hands.append((str(name), value, start, above or top, offset))
    if not hands:
        yield HandProblem(path, None, 1, "unreadable", "no PHH hand in the file (no 'variant' field)")
    for key, data, line, note, offset in hands:
        actions = data.get("actions")
        action_lines = _action_lines(text, offset, actions) if isinstance(actions, list) else None
        try:
            yield record_from_phh(data, path, line=line, note=note, key=key, action_lines=action_lines)
        except PhhError as error:
            hand_id = str(data.get("_hand", data.get("hand", key or ""))) or None
            yield HandProblem(path, hand_id, line, error.verdict, error.message)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as error:
            yield HandProblem(path, key, line, "unreadable", f"malformed PHH hand: {shorten(str(error))}")


def loads_phh(text: str, where: str) -> HandRecord:
    """The one hand of a PHH text; ``PhhError`` (naming ``where``) for anything else."""
    items = list(records_from_text(text, where))
    if len(items) != 1:
        raise PhhError(f"{where}: holds {len(items)} hands, not one")
    (item,) = items
    if isinstance(item, HandProblem):
        error = {"not-stud8": PhhNotStud8, "cannot-judge": PhhNoResult}.get(item.verdict, PhhError)
        raise error(f"{where}: {item.reason}")
    return item


def read_phh(path: str | Path) -> HandRecord:
    """The one hand of a PHH file; ``PhhUnreadable`` for a path that names no readable file,
    ``PhhError`` naming the field or action that is wrong."""
    try:
        text = read_text_file(path)
    except FileRefused as refused:
        raise PhhUnreadable(f"{shown_path(path)}: cannot read the hand history: {refused.message}") from None
    return loads_phh(text, str(path))


class PhhReader:
    """The registry's reader of PHH (``readers.READER_MODULES``)."""

    name = "phh"

    def sniff(self, head: str) -> bool:
        return _SNIFF.search(head) is not None

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        """The whole file is parsed at once (it is at most ``MAX_FILE_BYTES``, like every history)."""
        yield from records_from_text(stream.read(), path)


# --- writing ---------------------------------------------------------------------------------

def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + "}"
    return "[" + ", ".join(_toml(item) for item in value) + "]"


def _comment(note: str, width: int = 96) -> list[str]:
    """A note as ``#`` lines (read back by ``leading_comment`` as the same words)."""
    lines: list[str] = []
    line = ""
    for word in note.split():
        if line and len(line) + 1 + len(word) > width - 2:
            lines.append(f"# {line}")
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(f"# {line}")
    return lines


def hand_lines(record: HandRecord) -> list[str]:
    """One hand as PHH lines, its note as the comment above them (``NotWritable`` for a hand
    with a community card: PHH has none for stud)."""
    if record.community is not None:
        raise NotWritable(f"hand {record.hand_id}: PHH has no community card for stud (the deck ran out "
                          "on seventh street): write it as PokerStars or OHH")
    names = [seat.name for seat in record.seats]
    seat = {name: f"p{index + 1}" for index, name in enumerate(names)}
    slots = {entry.player: entry.cards for entry in record.cards}
    lines: list[str] = []
    folded: set[str] = set()
    by_street: dict[int, list[ActionRecord]] = {}
    for action in record.actions:
        by_street.setdefault(action.street, []).append(action)
    last = 7 if len(names) - sum(1 for a in record.actions if a.kind == ActionKind.FOLD) > 1 else \
        max((street for street in by_street if street), default=3)
    for street in range(3, last + 1):
        for name in names:
            if name in folded:
                continue
            cards = slots.get(name, (None,) * SLOTS)
            dealt = cards[0:3] if street == 3 else cards[street - 1: street]
            lines.append(f"d dh {seat[name]} {''.join(card or '??' for card in dealt)}")
        for action in by_street.get(street, []):
            who = seat[action.player]
            if action.kind == ActionKind.BRING_IN:
                lines.append(f"{who} pb")
            elif action.kind in TO_KINDS:
                lines.append(f"{who} cbr {action.amount}")
            elif action.kind == ActionKind.FOLD:
                lines.append(f"{who} f")
                folded.add(action.player)
            else:
                lines.append(f"{who} cc")
    for entry in record.showdown:
        if entry.shown:
            lines.append(f"{seat[entry.player]} sm {''.join(card or '??' for card in slots.get(entry.player, ()) if card)}")
    collected = dict(record.collected)
    returned = dict(record.returned)
    contributed = {name: 0 for name in names}
    committed: dict[str, int] = {}
    street_now = -1
    for action in record.actions:
        if action.street != street_now:
            street_now, committed = action.street, {}
        before = committed.get(action.player, 0)
        added = action.amount - before if action.kind in TO_KINDS else action.amount
        committed[action.player] = before + added if action.street else 0
        contributed[action.player] += added
    finishing = [seat_.stack - contributed[seat_.name] + collected.get(seat_.name, 0) + returned.get(seat_.name, 0)
                 for seat_ in record.seats]
    fields = _comment(record.note) + [
        f"variant = {_toml(VARIANT)}",
        "ante_trimming_status = true",
        f"antes = {_toml([record.ante] * len(names))}",
        f"bring_in = {record.bring_in}",
        f"small_bet = {record.small_bet}",
        f"big_bet = {record.big_bet}",
        f"starting_stacks = {_toml([seat_.stack for seat_ in record.seats])}",
        "actions = [\n" + "".join(f"  {_toml(line)},\n" for line in lines) + "]",
        f"finishing_stacks = {_toml(finishing)}",
        f"players = {_toml(names)}",
        f"seats = {_toml([seat_.seat_no for seat_ in record.seats])}",
        f"_site = {_toml(record.site)}",
        f"_hand = {_toml(record.hand_id)}",
        f"_table = {_toml(record.table)}",
        f"_game = {_toml(record.game)}",
        f"_currency = {_toml(record.currency)}",
        f"_unit = {_toml(record.unit)}",
        f"_max_seats = {record.max_seats}",
        f"_started = {_toml(record.started)}",
        f"_rake = {record.rake}",
        f"_fees = {record.fees}",
        "_pots = " + _toml([{"amount": pot.amount, "rake": pot.rake, "fees": pot.fees,
                             "collected": [{"player": name, "amount": amount} for name, amount in pot.collected]}
                            for pot in record.pots]),
        "_returned = " + _toml([{"player": name, "amount": amount} for name, amount in record.returned]),
        "_mucked = " + _toml([entry.player for entry in record.showdown if not entry.shown]),
        "_show_order = " + _toml([entry.player for entry in record.showdown]),
    ]
    if record.total_pot is not None:
        fields.append(f"_total_pot = {record.total_pot}")
    if record.tournament is not None:
        fields.append(f"_tournament = {_toml(record.tournament)}")
    return fields


def phh_text(records: Iterable[HandRecord]) -> str:
    """One hand as a plain PHH file; several as numbered tables (``[1]``, ``[2]``...), each
    hand's note as the comment above its table."""
    records = list(records)
    if len(records) == 1:
        return "\n".join(hand_lines(records[0])) + "\n"
    parts = []
    for number, record in enumerate(records, start=1):
        lines = hand_lines(record)
        comments = [line for line in lines if line.startswith("#")]
        parts.append("\n".join(comments + [f"[{number}]"] + lines[len(comments):]) + "\n\n")
    return "".join(parts)


class PhhWriter:
    """The registry's writer of PHH (``readers.WRITER_MODULES``)."""

    name = "phh"
    suffix = ".phh"

    def write(self, records: Iterable[HandRecord], stream: TextIO) -> None:
        stream.write(phh_text(records))


READER = PhhReader()
WRITER = PhhWriter()


# --- PokerKit --------------------------------------------------------------------------------

def pokerkit_finishing_stacks(text: str) -> list[int]:
    """The stacks PokerKit's own loader (``pokerkit.HandHistory``) ends a PHH text with.

    ``ValueError`` naming the first action PokerKit does not take when it cannot replay it;
    ``PokerKitMissing`` when PokerKit is not installed."""
    import warnings

    from stud8.conformance.engines.pokerkit_adapter import import_pokerkit

    pokerkit = import_pokerkit()
    history = pokerkit.HandHistory.loads(text)
    try:
        history.create_state()
    except (ValueError, TypeError) as error:
        raise ValueError(f"PokerKit refuses the table: {error}") from None
    applied = 0
    state = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # cash-game mode warns about a fold when a check is free
            for state, action in history.state_actions:
                applied += action is not None
    except (ValueError, KeyError) as error:
        pending = [action for action in history.actions if action.split("#", 1)[0].strip()]
        if applied < len(pending):
            raise ValueError(f"PokerKit does not take action {applied} {pending[applied]!r}") from None
        raise ValueError(f"PokerKit fails at the end of the hand: {error!r}") from None
    assert state is not None
    return list(state.stacks)


def check_with_pokerkit(text: str, where: str) -> None:
    """Replay a PHH text (one hand) with PokerKit and refuse it (``PhhError``) when PokerKit
    cannot replay it or ends with other stacks than its ``finishing_stacks``: then PokerKit,
    whose game the ``F7S/8`` variant names, plays the hand otherwise (its rules differ from the
    rule book's in places: docs/pokerkit.md). ``PokerKitMissing`` when PokerKit is not installed."""
    expected = load_toml(text, where).get("finishing_stacks")
    try:
        got = pokerkit_finishing_stacks(text)
    except (ValueError, TypeError, AssertionError) as error:
        raise PhhError(f"{where}: PokerKit cannot replay the hand history: {error}") from None
    if got != expected:
        raise PhhError(f"{where}: PokerKit replays the hand history to stacks {got}, not the {expected} it "
                       "records: it plays this hand differently")
