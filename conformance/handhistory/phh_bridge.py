"""PHH (the Poker Hand History format, TOML, variant ``F7S/8``) to and from the hand record.

The PHH file is checked by ``conformance.handhistory.phh.parse_phh`` (the one PHH reader: fields, seats,
cards, actions); this module only turns what it accepts into a ``HandRecord`` and back, so the
audit reads PHH like any site's history.

PHH records the engine's vocabulary (``p3 pb``, ``p1 cbr 20``, ``p2 cc``, ``p4 f``) with the
cards dealt (``d dh p1 ????Kc``: ``??`` a card nobody saw) and shown (``p1 sm ...``), the
starting and finishing stacks, and nothing of pots or rake. The record's kinds and amounts
follow from the order of the actions: a ``cc`` is a check or a call of the chips it takes, the
first ``cbr`` of third street below the small bet a completion. What PHH has no field for (the
site, the table, the pots as the site paid them, the rake, mucked hands) travels in
user-defined fields (``_site``, ``_pots``...: PHH allows fields whose names start with ``_``);
a PHH file without them gets one pot, what the players' finishing stacks show they collected,
and the uncalled chips returned to whoever put in the most.

A file may hold one hand, or several as numbered tables (``[1]``, ``[2]``, ..., as in PHH's
``.phhs`` files). The whole file is parsed at once (it is at most ``MAX_FILE_BYTES``, like
every history), through ``phh.load_toml`` and its limits (nesting, numbers);
a file of more than ``MAX_HANDS_PER_FILE`` tables is parsed only up to the table after the
last one read, and each table's line is found in one pass over the text (a ``.phhs`` file of
40,000 tiny tables once cost a search of the whole text per table).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from stud8.conformance.handhistory.phh import VARIANT, PhhError, load_toml, parse_phh
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
from stud8.reference.pots import uncalled
from stud8.spec.limits import MAX_HANDS_PER_FILE

_SNIFF = re.compile(r"^\s*variant\s*=\s*[\"']", re.MULTILINE)
_TABLE = re.compile(r"""^[ \t]*\[[ \t]*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|([A-Za-z0-9_-]+))[ \t]*\][ \t]*(?:#.*)?$""",
                    re.MULTILINE)
"""A table header of a ``.phhs`` file (``[1]``, ``["hand 1"]``); a dotted or nested table is
no hand of its own."""
_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")


class _Bad(Exception):
    def __init__(self, reason: str, verdict: str = "unreadable") -> None:
        super().__init__(reason)
        self.reason = reason
        self.verdict = verdict


def record_from_phh(data: dict[str, Any], where: str, line: int = 1) -> HandRecord:
    """A parsed PHH hand as a record (``_Bad`` for a file that is not a readable Stud/8 hand)."""
    if data.get("variant") not in (None, VARIANT):
        raise _Bad(f"variant {data.get('variant')!r} is not {VARIANT} (Seven Card Stud Hi/Lo eight-or-better)", "not-stud8")
    try:
        hand = parse_phh(data, where)
    except PhhError as error:
        raise _Bad(error.message) from None
    stacks = list(hand.stacks)
    count = len(stacks)
    names = [str(name) for name in data.get("players", [])] or [f"p{seat}" for seat in range(1, count + 1)]
    seat_numbers = [int(seat) for seat in data.get("seats", [])] or list(range(1, count + 1))
    if len(names) != count or len(seat_numbers) != count or len(set(names)) != count:
        raise _Bad("the fields 'players' and 'seats' must name each player of starting_stacks once")
    stakes = hand.stakes
    actions: list[ActionRecord] = []
    contributed = [0] * count
    for index, name in enumerate(names):
        ante = min(stakes["ante"], stacks[index])
        if ante:
            actions.append(ActionRecord(0, name, ActionKind.ANTE, ante, ante == stacks[index]))
            contributed[index] = ante
    slots: list[list[str | None]] = [[None] * SLOTS for _ in range(count)]
    showdown: list[ShowdownRecord] = []
    street = 3
    dealt_now: set[int] = set()
    acted = False
    committed = [0] * count
    completed = False
    owed = 0
    for text in data["actions"]:
        words = text.split("#", 1)[0].split()
        if not words:
            continue
        if words[:2] == ["d", "dh"]:
            seat = int(words[2][1:]) - 1
            if acted or seat in dealt_now:
                street += 1
                dealt_now, acted, committed, completed, owed = set(), False, [0] * count, False, 0
            dealt_now.add(seat)
            cards = [None if card == "??" else card for card in _CARD.findall(words[3])]
            if street == 3:
                for slot, card in enumerate(cards[:3]):
                    slots[seat][slot] = card
            elif street <= 7 and cards:
                slots[seat][street - 1] = cards[0]
            continue
        if len(words) >= 2 and words[1] == "sm":
            seat = int(words[0][1:]) - 1
            if len(words) == 3 and words[2] != "-":
                for slot, card in enumerate(_CARD.findall(words[2])[:SLOTS]):
                    if card != "??":
                        slots[seat][slot] = card
            showdown.append(ShowdownRecord(names[seat], True))
            continue
        seat = int(words[0][1:]) - 1
        move = words[1]
        acted = True
        left = stacks[seat] - contributed[seat]
        # A bring-in all-in for less still sets the bring-in as what others call (bring-in.short-stack).
        level = max(max(committed), owed)
        if move == "f":
            actions.append(ActionRecord(street, names[seat], ActionKind.FOLD))
            continue
        if move == "pb":
            added = min(stakes["bring_in"], left)
            kind, amount = ActionKind.BRING_IN, added
            owed = stakes["bring_in"]
        elif move == "cc":
            added = min(level - committed[seat], left)
            kind, amount = (ActionKind.CALL, added) if added else (ActionKind.CHECK, 0)
        else:
            to = int(words[2])
            added = to - committed[seat]
            if street == 3 and not completed and level < stakes["small_bet"]:
                kind, completed = ActionKind.COMPLETE, True
            else:
                kind = ActionKind.BET if level == 0 else ActionKind.RAISE
            amount = to
        committed[seat] += added
        contributed[seat] += added
        actions.append(ActionRecord(street, names[seat], kind, amount, contributed[seat] == stacks[seat] and added > 0))
    for name in data.get("_mucked", []):
        showdown.append(ShowdownRecord(str(name), False))
    order = {name: index for index, name in enumerate(names)}
    showdown.sort(key=lambda entry: data.get("_show_order", names).index(entry.player)
                  if entry.player in data.get("_show_order", names) else order[entry.player])
    pots, collected, returned = _payout(data, names, stacks, contributed, hand.finishing_stacks)
    return HandRecord(
        site=str(data.get("_site", "PHH")), hand_id=str(data.get("_hand", data.get("hand", ""))), source_file=where,
        line=line, table=str(data.get("_table", data.get("table", ""))), game=str(data.get("_game", "7 Card Stud Hi/Lo Limit")),
        tournament=data.get("_tournament"), currency=str(data.get("_currency", "")), unit=str(data.get("_unit", "chip")),
        ante=stakes["ante"], bring_in=stakes["bring_in"], small_bet=stakes["small_bet"], big_bet=stakes["big_bet"],
        max_seats=int(data.get("_max_seats", data.get("seat_count", 8))), started=str(data.get("_started", "")),
        seats=tuple(SeatRecord(seat_numbers[i], names[i], stacks[i]) for i in range(count)), actions=tuple(actions),
        cards=tuple(PlayerCards(names[i], tuple(slots[i])) for i in range(count)), community=None,
        showdown=tuple(showdown), pots=pots, collected=collected, returned=returned,
        total_pot=data.get("_total_pot", sum(pot.amount for pot in pots)), rake=int(data.get("_rake", 0)),
        fees=int(data.get("_fees", 0)),
    )


def _payout(data: dict[str, Any], names: list[str], stacks: list[int], contributed: list[int],
            finishing: list[int] | None) -> tuple[tuple[PotRecord, ...], tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """The pots, what each player collected and what came back: from ``_pots``/``_returned``
    when the file has them, else from the finishing stacks."""
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
        raise _Bad("the field 'finishing_stacks' is missing: what each player collected is not recorded")
    back = uncalled(contributed)
    gave = {back[0]: back[1]} if back else {}
    won = {index: finishing[index] - stacks[index] + contributed[index] - gave.get(index, 0) for index in range(len(names))}
    if any(amount < 0 for amount in won.values()):
        raise _Bad("the finishing stacks show a player losing more than they put in")
    in_pot = sum(contributed) - sum(gave.values())
    collected = tuple((names[index], amount) for index, amount in won.items() if amount)
    returned = tuple((names[index], amount) for index, amount in gave.items())
    return (PotRecord(in_pot, 0, 0, collected),), collected, returned


class PhhReader:
    name = "phh"

    def sniff(self, head: str) -> bool:
        return _SNIFF.search(head) is not None

    def read(self, stream: TextIO, path: str) -> Iterator[HandRecord | HandProblem]:
        text = stream.read()
        lines: dict[str, int] = {}
        cut = None
        for number, found in enumerate(_TABLE.finditer(text)):
            if number == MAX_HANDS_PER_FILE + 1:  # what follows is not read: not parsed either
                cut = found.start()
                break
            key = next(group for group in found.groups() if group is not None)
            lines.setdefault(key, text.count("\n", 0, found.start()) + 1)
        try:
            document = load_toml(text if cut is None else text[:cut], path)
        except PhhError as error:
            yield HandProblem(path, None, 1, "unreadable", error.message.removeprefix(f"{path}: "))
            return
        hands: list[tuple[str | None, dict[str, Any], int]] = []
        if "variant" in document:
            hands.append((None, document, 1))
        else:
            hands.extend((str(key), value, lines.get(str(key), 1)) for key, value in document.items()
                         if isinstance(value, dict))
        if not hands:
            yield HandProblem(path, None, 1, "unreadable", "no PHH hand in the file (no 'variant' field)")
        for key, data, line in hands:
            where = path if key is None else f"{path} [{key}]"
            try:
                yield record_from_phh(data, where if key is None else path, line)
            except _Bad as bad:
                hand_id = str(data.get("_hand", data.get("hand", key or ""))) or None
                yield HandProblem(path, hand_id, line, bad.verdict, bad.reason)
            except (KeyError, TypeError, ValueError, IndexError) as error:
                yield HandProblem(path, key, line, "unreadable", f"malformed PHH hand: {error}")


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


def hand_lines(record: HandRecord) -> list[str]:
    """One hand as PHH lines (``NotWritable`` for a hand with a community card: PHH has none for stud)."""
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
    fields = [
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


class PhhWriter:
    name = "phh"
    suffix = ".phh"

    def write(self, records: Iterable[HandRecord], stream: TextIO) -> None:
        """One hand as a plain PHH file; several as numbered tables (``[1]``, ``[2]``...)."""
        records = list(records) if not isinstance(records, list) else records
        if len(records) == 1:
            stream.write("\n".join(hand_lines(records[0])) + "\n")
            return
        stream.writelines(f"[{number}]\n" + "\n".join(hand_lines(record)) + "\n\n" for number, record in enumerate(records, start=1))


READER = PhhReader()
WRITER = PhhWriter()
