"""Stud/8 hand histories in the PHH format (variant ``F7S/8``): reading, replaying, and
converting them to and from replay scenarios.

A PHH file records the stakes, the starting stacks, the cards dealt to each seat and the
actions, and often the finishing stacks (or the winnings). It does not record burns, and cards
never shown are written ``??``. ``read_phh`` turns a file into the pieces a replay needs: the
stakes, the stacks, a ``deal`` in the scenario format (so the stacked deck comes from the one
conversion in ``conformance.suite.deal``, which fills the burns with cards nobody was dealt), the
engine actions, and the recorded result.

Hidden cards: a seat's cards written ``??`` are taken from what the seat showed (``pN sm
CARDS`` lists the seat's cards in the order dealt) when it showed them; the others are filled
with cards no one was dealt: hidden down cards with the lowest unused cards, hidden up cards
with the highest, so that a hidden up card can never be the lowest one and take the bring-in
away from the player who posted it.

``replay_phh`` plays a hand history through the reference engine. ``scenario_from_phh`` makes
a replay scenario of it whose expected outcome is *only* what the file records (the finishing
stacks): never pots or awards worked out by an engine. A file without ``finishing_stacks``
cannot be imported: ``winnings`` alone does not give the final stacks without working out what
each player put in, which is the engine's job and not a recorded fact. ``phh_from_scenario``
writes a replay scenario as a hand history PokerKit's loader replays.

Every problem with a file is a ``PhhError`` naming the field or the action (its index in the
``actions`` list and its text).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from stud8.reference.cards import ALL_CARDS
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import (
    MAX_AMOUNT_DIGITS,
    MAX_NESTING,
    MAX_PLAYERS,
    digit_count,
    nesting_depth,
    quoted,
    shorten,
    shown_path,
)
from stud8.spec.yamlio import FileRefused, read_text_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

STREETS: tuple[str, ...] = ("third", "fourth", "fifth", "sixth", "seventh")
VARIANT = "F7S/8"
REQUIRED_FIELDS: tuple[str, ...] = ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")

_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")
_PLAYER_ACTION = re.compile(r"^p([1-9][0-9]*) (pb|f|cc|cbr ([0-9]+))$")
"""A player action's shape; the engine itself refuses an amount over ``MAX_AMOUNT_DIGITS`` digits."""
# Position of each of a seat's seven cards in the order dealt: third street down, down, up;
# fourth to sixth up; seventh down.
_FACES: tuple[str, ...] = ("down", "down", "up", "up", "up", "up", "down")


class PhhError(Stud8Error):
    """A PHH file that is not a readable Stud/8 hand history (or cannot be converted)."""

    code = "bad-phh"


class PhhUnreadable(PhhError):
    """A path that names no readable hand history: missing, not a regular file, too large, not
    UTF-8. An input error of the command (exit 2), where a file that reads but is wrong is a
    problem found in it (exit 1)."""

    code = "unreadable"


@dataclass(frozen=True)
class PhhHand:
    """A Stud/8 hand history, ready to replay.

    ``actions`` are the engine actions (``p3 pb``, ``p1 cbr 20``...); ``action_index`` gives,
    for each, its index in the file's ``actions`` list (for messages). ``comment`` is the
    comment block at the top of the file; ``fields`` the optional PHH fields (event, players,
    url...); ``showdown`` the seats that showed their cards (``sm``), in the file's order;
    ``filled`` the seats some of whose cards were hidden (``??``) and had to be filled.
    """

    stakes: dict[str, int]
    stacks: list[int]
    deal: dict[str, dict[str, str]]
    actions: list[str]
    finishing_stacks: list[int] | None
    source: str
    winnings: list[int] | None = None
    comment: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    action_index: tuple[int, ...] = ()
    action_texts: tuple[str, ...] = ()
    showdown: tuple[str, ...] = ()
    filled: tuple[str, ...] = ()


# --- reading ---------------------------------------------------------------------------------

def read_phh(path: Path) -> PhhHand:
    """Read a PHH file; raise ``PhhError`` naming the field or action that is wrong."""
    try:
        text = read_text_file(path)
    except FileRefused as refused:
        raise PhhUnreadable(f"{shown_path(path)}: cannot read the hand history: {refused.message}") from None
    return loads_phh(text, str(path))


def loads_phh(text: str, where: str) -> PhhHand:
    """A PHH document given as text (``where`` names it in messages)."""
    return replace(parse_phh(load_toml(text, where), where), comment=leading_comment(text))


def load_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text as a document, within the limits; ``PhhError`` otherwise. Every reader of
    PHH text should come through here: ``tomllib`` recurses (100,000 ``[`` end in
    ``RecursionError``) and raises ``ValueError`` for an integer of more than 4,300 digits."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"{where}: not a PHH file (TOML): {shorten(str(error))}") from None
    except RecursionError:  # tomllib recurses into nested arrays and tables
        raise PhhError(f"{where}: not a PHH file: nesting deeper than {MAX_NESTING}") from None
    except ValueError as error:  # an integer of more than 4,300 digits
        raise PhhError(f"{where}: not a PHH file: {shorten(str(error))}") from None
    if nesting_depth(data) > MAX_NESTING:
        raise PhhError(f"{where}: not a PHH file: nesting deeper than {MAX_NESTING}")
    digits = _longest_number(data)
    if digits > MAX_AMOUNT_DIGITS:  # the limit of the YAML path: no amount or seat needs more
        raise PhhError(f"{where}: not a PHH file: a number of {digits:,} digits (at most {MAX_AMOUNT_DIGITS} are read)")
    return data


def _longest_number(value: Any) -> int:
    """The most digits of an integer anywhere in ``value`` (nested at most ``MAX_NESTING``
    deep: checked first), counted without converting it to text."""
    longest = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) >= 10**MAX_AMOUNT_DIGITS:
            longest = max(longest, digit_count(item))
    return longest


def leading_comment(text: str) -> str:
    """The comment lines at the top of a file, without the ``#``, joined by spaces."""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#"):
            break
        lines.append(stripped.lstrip("#").strip())
    return " ".join(line for line in lines if line)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(data: Mapping[str, Any], name: str, where: str, count: int | None) -> list[int]:
    value = data[name]
    if not isinstance(value, list) or not value or not all(_int(item) and item >= 0 for item in value):
        raise PhhError(f"{where}: the field {name!r} must be a list of whole amounts, not {quoted(value)}")
    if count is not None and len(value) != count:
        raise PhhError(f"{where}: the field {name!r} lists {len(value)} players, starting_stacks {count}")
    return list(value)


def parse_phh(data: Mapping[str, Any], where: str) -> PhhHand:
    """A parsed PHH document as a ``PhhHand``."""
    if "variant" not in data:
        raise PhhError(f"{where}: the field 'variant' is missing")
    if data["variant"] != VARIANT:
        raise PhhError(f"{where}: variant is {quoted(data['variant'])}, not {VARIANT!r} (Seven Card Stud Hi/Lo eight-or-better)")
    for name in REQUIRED_FIELDS:
        if name not in data:
            raise PhhError(f"{where}: the field {name!r} is missing")
    stacks = _int_list(data, "starting_stacks", where, None)
    players = len(stacks)
    if players > MAX_PLAYERS:
        raise PhhError(f"{where}: the field 'starting_stacks' lists {players} players; a table seats at most {MAX_PLAYERS}")
    antes = _int_list(data, "antes", where, players)
    if len(set(antes)) != 1:
        raise PhhError(f"{where}: the field 'antes' is {quoted(antes)}: every player must post the same ante")
    for name in ("bring_in", "small_bet", "big_bet"):
        if not _int(data[name]):
            raise PhhError(f"{where}: the field {name!r} must be a whole amount, not {quoted(data[name])}")
    recorded = {name: _int_list(data, name, where, players) for name in ("finishing_stacks", "winnings") if name in data}
    if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
        raise PhhError(f"{where}: the field 'actions' must be a list of strings")

    dealt: dict[int, list[str]] = {}
    dealt_at: dict[str, str] = {}
    shown: dict[int, list[str]] = {}
    actions: list[str] = []
    indexes: list[int] = []
    texts: list[str] = []

    def seat_of(word: str, index: int, action: str) -> int:
        if not re.fullmatch(r"p[1-9][0-9]{0,2}", word) or int(word[1:]) > players:
            raise PhhError(f"{where}: action {index} {quoted(action)}: no seat {shorten(word, 20)} at this {players}-player table")
        return int(word[1:])

    def cards_of(text: str, index: int, action: str) -> list[str]:
        cards = _CARD.findall(text)
        if "".join(cards) != text:
            raise PhhError(f"{where}: action {index} {quoted(action)}: {quoted(text)} is not a list of cards")
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
                        raise PhhError(f"{where}: action {index} {quoted(action)}: {card} was already dealt ({dealt_at[card]})")
                    dealt_at[card] = f"action {index}"
                dealt.setdefault(seat, []).append(card)
            if len(dealt[seat]) > 7:
                raise PhhError(f"{where}: action {index} {quoted(action)}: p{seat} is dealt more than seven cards")
        elif words[:2] == ["d", "db"]:
            raise PhhError(f"{where}: action {index} {quoted(action)}: a community card (dealt when the deck runs out) "
                           "cannot be replayed from a hand history")
        elif words[0] == "d":
            raise PhhError(f"{where}: action {index} {quoted(action)} is not a Stud/8 dealing action")
        elif len(words) >= 2 and words[1] == "sm":
            seat = seat_of(words[0], index, action)
            if len(words) == 3 and words[2] != "-":
                shown[seat] = cards_of(words[2], index, action)
            elif len(words) > 3:
                raise PhhError(f"{where}: action {index} {quoted(action)} is not a PHH show-or-muck action")
        else:
            text = " ".join(words)
            if not _PLAYER_ACTION.match(text):
                raise PhhError(f"{where}: action {index} {quoted(action)} is not a Stud/8 action (pb, f, cc, cbr AMOUNT)")
            seat_of(words[0], index, action)
            actions.append(text)
            indexes.append(index)
            texts.append(action)
    for seat in range(1, players + 1):
        if len(dealt.get(seat, [])) < 3:
            raise PhhError(f"{where}: actions: p{seat} is not dealt three cards on third street ('d dh p{seat} ...')")
    fields = {name: value for name, value in data.items()
              if name not in ("variant", *REQUIRED_FIELDS, "finishing_stacks", "winnings")}
    deal, filled = _deal(dealt, shown, where)
    return PhhHand(
        stakes={"ante": antes[0], "bring_in": data["bring_in"], "small_bet": data["small_bet"], "big_bet": data["big_bet"]},
        stacks=stacks,
        deal=deal,
        actions=actions,
        finishing_stacks=recorded.get("finishing_stacks"),
        source=where,
        winnings=recorded.get("winnings"),
        fields=fields,
        action_index=tuple(indexes),
        action_texts=tuple(texts),
        showdown=tuple(f"p{seat}" for seat in shown),
        filled=filled,
    )


def _deal(dealt: dict[int, list[str]], shown: dict[int, list[str]],
          where: str) -> tuple[dict[str, dict[str, str]], tuple[str, ...]]:
    """The scenario-format deal, hidden cards filled (see the module docstring), and the seats
    whose cards had to be filled."""
    for seat, cards in shown.items():
        mine = dealt.get(seat, [])
        for position, card in enumerate(cards[: len(mine)]):
            if card == "??":
                continue
            if mine[position] == "??":
                mine[position] = card
            elif mine[position] != card:
                raise PhhError(f"{where}: actions: p{seat} shows {card} as card {position + 1}, but was dealt {mine[position]}")
    total = sum(len(cards) for cards in dealt.values())
    if total > len(ALL_CARDS):
        raise PhhError(f"{where}: actions: too many cards: {total} are dealt to the players, the deck holds "
                       f"{len(ALL_CARDS)} (when it runs out, the last card is a community card, 'd db')")
    known = [card for cards in dealt.values() for card in cards if card != "??"]
    if len(set(known)) != len(known):
        repeated = sorted({card for card in known if known.count(card) > 1})
        raise PhhError(f"{where}: actions: {', '.join(repeated)} would be dealt twice (from the cards shown)")
    pool = [str(card) for card in ALL_CARDS if str(card) not in set(known)]
    deal: dict[str, dict[str, str]] = {}
    filled_seats = tuple(f"p{seat}" for seat in sorted(dealt) if "??" in dealt[seat])
    for seat in sorted(dealt):
        cards = dealt[seat]
        filled = [(pool.pop() if _FACES[i] == "up" else pool.pop(0)) if card == "??" else card
                  for i, card in enumerate(cards)]
        deal.setdefault("third", {})[f"p{seat}"] = " ".join(filled[:3])
        for street, card in zip(STREETS[1:], filled[3:]):
            deal.setdefault(street, {})[f"p{seat}"] = card
    return deal, filled_seats


# --- replaying -------------------------------------------------------------------------------

@dataclass(frozen=True)
class PhhReplay:
    """What the reference engine made of a hand history."""

    stacks: list[int]
    pots: list[dict[str, Any]]
    returned: dict[str, int]
    show_order: list[str]
    last_street: str

    def winnings(self) -> list[int]:
        """Chips each seat received from the pots (uncalled chips given back not included)."""
        won = [0] * len(self.stacks)
        for pot in self.pots:
            for half in ("high", "low"):
                for seat, amount in (pot[half] or {}).items():
                    won[int(seat[1:]) - 1] += amount
        return won


def replay_phh(hand: PhhHand, *, profile: str | None = None, options: Mapping[str, Any] | None = None) -> PhhReplay:
    """Play ``hand`` through the reference engine; ``PhhError`` if it refuses a step or the
    actions end before the hand does."""
    from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
    from stud8.conformance.suite.deal import deck_from_deal

    engine = ReferenceEngine()
    try:
        engine.start(stacks=hand.stacks, stakes=hand.stakes, deck=[str(c) for c in deck_from_deal(hand.deal)],
                     profile=profile, options=dict(options or {}))
    except EngineRefusal as refusal:
        raise PhhError(f"{hand.source}: the reference engine cannot start this hand: {refusal.code}: {refusal.message}") from None
    for number, action in enumerate(hand.actions):
        index = hand.action_index[number] if hand.action_index else number
        text = hand.action_texts[number] if hand.action_texts else action
        try:
            engine.act(action)
        except EngineRefusal as refusal:
            raise PhhError(f"{hand.source}: action {index} {quoted(text)} is refused by the reference engine: "
                           f"{refusal.code}: {refusal.message}") from None
    observation = engine.observe()
    if not observation["over"]:
        raise PhhError(f"{hand.source}: the actions end before the hand does: p{observation['to_act']} "
                       f"is to act on {observation['street']} street")
    result = observation["result"]
    return PhhReplay(
        stacks=list(result["stacks"]),
        pots=[{"amount": pot["amount"], "eligible": [f"p{s}" for s in pot["eligible"]],
               "high": {f"p{s}": a for s, a in pot["high"].items()},
               "low": None if pot["low"] is None else {f"p{s}": a for s, a in pot["low"].items()}}
              for pot in result["pots"]],
        returned={f"p{s}": a for s, a in result["returned"].items() if a},
        show_order=[f"p{s}" for s in result["show_order"]],
        last_street=observation["street"],
    )


# --- PHH -> scenario -------------------------------------------------------------------------

def _seats_text(seats: Sequence[str]) -> str:
    names = [seat[1:] for seat in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return f"seats {', '.join(names[:-1])} and {names[-1]}"


def summary(hand: PhhHand, replay: PhhReplay) -> str:
    """A short statement of what happened, from the recorded actions."""
    if replay.show_order:
        return f"{_seats_text(sorted(replay.show_order, key=lambda s: int(s[1:])))} show down on {replay.last_street} street"
    winner = replay.pots[0]["eligible"][0] if replay.pots else "p?"
    return f"{_seats_text([winner])} wins uncontested on {replay.last_street} street"


def cited_rules(hand: PhhHand, replay: PhhReplay) -> list[str]:
    """The rule ids the hand exercises, from its actions and from how it was played out.

    The bring-in comes first (a recorded hand always starts with it, and the replay fails if the
    engine makes another player bring in): the first rule cited is the scenario's area, and the
    rule book shows a rule's own scenarios (those citing it first) in suite order as its worked
    examples, so real hands come after the scenarios written to show the bring-in."""
    first = hand.actions[0].split()[1] if hand.actions else None
    rules = ["bring-in.post-or-complete" if first == "cbr" else "bring-in.lowest-upcard", "betting.limits"]
    if hand.stakes["ante"]:
        rules.append("table.ante")
    if not replay.show_order:
        rules.append("showdown.uncontested")
    elif any(pot["low"] is not None for pot in replay.pots):
        rules.append("showdown.split")
    else:
        rules.append("showdown.no-low")
    if len(replay.pots) > 1:
        rules.append("pots.side-pots")
    if replay.returned:
        rules.append("pots.uncalled-bet")
    return rules


def hand_label(hand: PhhHand, path: Path) -> str:
    """The hand's name for titles: the PHH ``hand`` field, else the file name after its last
    ``__`` (PokerKit's WSOP files: ``test_2023_43_5__test_48_02_09_20``), else the file name."""
    if hand.fields.get("hand") is not None:
        return str(hand.fields["hand"])
    return path.stem.rsplit("__", 1)[-1]


def scenario_from_phh(hand: PhhHand, *, scenario_id: str, title: str, source: str,
                      replay: PhhReplay | None = None) -> dict[str, Any]:
    """A replay scenario of a recorded hand: its expected outcome is the recorded finishing
    stacks, nothing else. ``replay`` (made here when not given) decides the rules cited and the
    description; it never supplies an expected value."""
    if hand.finishing_stacks is None:
        why = " (the winnings alone do not give them without replaying the hand)" if hand.winnings is not None else ""
        raise PhhError(f"{hand.source}: the field 'finishing_stacks' is missing: an imported hand's expected "
                       f"outcome is its recorded finishing stacks{why}")
    if sum(hand.finishing_stacks) != sum(hand.stacks):
        raise PhhError(f"{hand.source}: the field 'finishing_stacks' adds up to {sum(hand.finishing_stacks)}, "
                       f"the starting stacks to {sum(hand.stacks)}")
    replay = replay or replay_phh(hand)
    description = (f"A recorded hand of {len(hand.stacks)} players: {summary(hand, replay)}. The expected stacks are "
                   "the recorded finishing stacks; burns were not recorded (any unused cards serve)")
    if hand.filled:
        owners = " and ".join(", ".join(hand.filled).rsplit(", ", 1))
        description += (f", nor were the cards of {owners} that nobody saw: they are dealt from the unused "
                        "cards (down cards lowest, up cards highest)")
    description += "."
    return {
        "id": scenario_id,
        "kind": "replay",
        "title": title,
        "rules": cited_rules(hand, replay),
        "description": description,
        "source": source,
        "stakes": dict(hand.stakes),
        "stacks": list(hand.stacks),
        "deal": {street: dict(cards) for street, cards in hand.deal.items()},
        "actions": list(hand.actions),
        "outcome": {"stacks": list(hand.finishing_stacks)},
    }


_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._/-]*$")
_YAML_WORDS = {"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"}


def _yaml_scalar(value: Any) -> str:
    if isinstance(value, str):
        if _PLAIN.match(value) and value.lower() not in _YAML_WORDS and not value.endswith(" ") \
                and not re.fullmatch(r"[0-9._-]+", value):
            return value
        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _flow(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    return _yaml_scalar(value)


def _folded(text: str, indent: str, width: int = 96) -> list[str]:
    """``text`` as the lines of a folded block scalar (``>-``)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(indent) + len(line) + 1 + len(word) > width:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(indent + line)
    return lines


def scenarios_yaml(scenarios: Sequence[Mapping[str, Any]], header: str,
                   stacks_comment: str = "recorded finishing stacks") -> str:
    """A scenario file holding ``scenarios`` (in the suite's layout), ``header`` as its comment;
    a scenario's ``rake`` (recorded site hands) is written after its outcome."""
    out = [f"# {line}".rstrip() for line in header.splitlines()]
    out.append("scenarios:")
    for scenario in scenarios:
        out.append(f"  - id: {scenario['id']}")
        for key in ("kind", "title"):
            out.append(f"    {key}: {_yaml_scalar(scenario[key])}")
        out.append(f"    rules: {_flow(list(scenario['rules']))}")
        out.append("    description: >-")
        out.extend(_folded(scenario["description"], "      "))
        out.append("    source: >-")
        out.extend(_folded(scenario["source"], "      "))
        out.append(f"    stakes: {_flow(scenario['stakes'])}")
        out.append(f"    stacks: {_flow(scenario['stacks'])}")
        out.append("    deal:")
        for street, cards in scenario["deal"].items():
            out.append(f"      {street}: {_flow(cards)}")
        out.append("    actions:")
        out.extend(f"      - {_yaml_scalar(action)}" for action in scenario["actions"])
        out.append("    outcome:")
        out.append(f"      stacks: {_flow(scenario['outcome']['stacks'])}   # {stacks_comment}")
        if "rake" in scenario:
            out.append(f"    rake: {_flow(scenario['rake'])}")
    return "\n".join(out) + "\n"


def check_scenario_text(text: str, where: str) -> None:
    """Refuse a generated scenario file that ``stud8 validate`` would reject."""
    from stud8.conformance.suite.scenarios import scenarios_from_document
    from stud8.spec.yamlio import YamlProblem, load_yaml

    try:
        loaded = scenarios_from_document(load_yaml(text, where), where)
    except YamlProblem as error:  # pragma: no cover - the writer above writes valid YAML
        raise PhhError(f"{where}: the scenario written is not valid YAML: {error.problem}") from None
    if loaded.problems:
        raise PhhError(f"{where}: the scenario written is not valid: {loaded.problems[0]}")


# --- scenario -> PHH -------------------------------------------------------------------------

def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _cards_in_order(entry: Mapping[str, Any]) -> list[str]:
    """A seat's cards in the order dealt, from an observation (down, down, up, up, up, up, down)."""
    down, up = list(entry["down"]), list(entry["up"])
    order: list[str] = []
    for face in _FACES:
        source = down if face == "down" else up
        if not source:
            break
        order.append(source.pop(0))
    return order


def _deal_lines(observation: Mapping[str, Any], dealt: Mapping[int, int], lines: list[str]) -> dict[int, int]:
    """Append a ``d dh`` action for the cards dealt since ``dealt`` (seat -> cards held), street
    by street (several streets at once when the cards are run out to all-in players), seats in
    seat order within a street, third street's three cards in one action; return the new counts."""
    cards = {entry["seat"]: _cards_in_order(entry) for entry in observation["seats"]}
    for start, end in ((0, 3), (3, 4), (4, 5), (5, 6), (6, 7)):
        for seat in sorted(cards):
            new = cards[seat][max(start, dealt[seat]):end]
            if new:
                lines.append(f"d dh p{seat} {''.join(new)}")
    return {seat: len(held) for seat, held in cards.items()}


def phh_from_scenario(data: Mapping[str, Any], where: str) -> tuple[str, list[int]]:
    """A PHH text for a replay scenario, and the finishing stacks it records.

    Only hands PokerKit plays the same way can be written: the scenario must start, end with an
    outcome, deal no community card, and give the same final stacks when the reference engine
    plays it under the options closest to PokerKit's game (``POKERKIT_OPTIONS``: a bet and three
    raises, capped heads-up too, odd chips in seat order...). Anything else is a ``PhhError``.
    """
    from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
    from stud8.conformance.engines.pokerkit_adapter import POKERKIT_OPTIONS
    from stud8.conformance.suite.deal import scenario_deck

    name = data.get("id", where)
    if data.get("kind") != "replay":
        raise PhhError(f"{name}: only a replay scenario can be written as a hand history (this is a {data.get('kind')!r})")
    if data.get("start_error") is not None or data.get("outcome") is None:
        raise PhhError(f"{name}: a hand that does not start has no hand history")
    engine = ReferenceEngine()
    try:
        engine.start(stacks=data["stacks"], stakes=data["stakes"], deck=[str(c) for c in scenario_deck(data)],
                     profile=None, options=dict(POKERKIT_OPTIONS))
    except EngineRefusal as refusal:
        raise PhhError(f"{name}: the hand does not start under PokerKit's rules: {refusal}") from None
    lines: list[str] = []
    dealt = _deal_lines(engine.observe(), {entry["seat"]: 0 for entry in engine.observe()["seats"]}, lines)
    for item in data["actions"]:
        if not isinstance(item, str):
            continue  # checkpoints and expected refusals are not part of a hand history
        try:
            engine.act(item)
        except EngineRefusal as refusal:
            raise PhhError(f"{name}: action {quoted(item)} is not allowed under PokerKit's rules "
                           f"(a bet and three raises, capped heads-up): {refusal.code}: {refusal.message}") from None
        lines.append(item)
        observation = engine.observe()
        if observation["community"] is not None:
            raise PhhError(f"{name}: the deck runs out and a community card is dealt; PokerKit plays that its own way")
        dealt = _deal_lines(observation, dealt, lines)
    observation = engine.observe()
    if not observation["over"]:
        raise PhhError(f"{name}: the actions end before the hand does")
    expected = list(data["outcome"]["stacks"])
    got = observation["result"]["stacks"]
    if got != expected:
        raise PhhError(f"{name}: under PokerKit's rules the hand ends with stacks {got}, not the scenario's {expected}: "
                       "PokerKit would play it differently")
    for seat in observation["result"]["show_order"]:
        entry = observation["seats"][seat - 1]
        lines.append(f"p{seat} sm {''.join(_cards_in_order(entry))}")
    stakes = data["stakes"]
    header = [f"Stud/8 hand exported by stud8 phh export from scenario {name} ({where})"]
    if data.get("title"):
        header.append(str(data["title"]))
    if data.get("source"):
        header.append(f"Source: {data['source']}")
    text = "\n".join(f"# {' '.join(line.split())}" for line in header) + "\n" + "\n".join([
        f"variant = {_toml_string(VARIANT)}",
        "ante_trimming_status = true",
        f"antes = {json.dumps([stakes['ante']] * len(data['stacks']))}",
        f"bring_in = {stakes['bring_in']}",
        f"small_bet = {stakes['small_bet']}",
        f"big_bet = {stakes['big_bet']}",
        f"starting_stacks = {json.dumps(list(data['stacks']))}",
        "actions = [\n" + "".join(f"  {_toml_string(line)},\n" for line in lines) + "]",
        f"finishing_stacks = {json.dumps(expected)}",
    ]) + "\n"
    return text, expected


def pokerkit_finishing_stacks(text: str) -> list[int]:
    """The stacks PokerKit's own loader (``pokerkit.HandHistory``) ends a PHH text with.

    ``ValueError`` naming the first action PokerKit does not take when it cannot replay it."""
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
