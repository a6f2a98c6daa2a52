"""Scenarios as narratives a person can follow, for the printed rule book (``stud8 docs``).

Each scenario becomes a plain-data *view* (dicts, lists, strings, ``CardView``) that the
Markdown and HTML templates render the same way:

- a hand case: the cards, the best high hand and its category, the best low or none;
- a comparison: the named hands and the high and low orderings;
- a replay: the table (stakes, stacks, profile and options), who was dealt what street by
  street, a table of the betting round by round with the pot after each round, and the
  outcome: the pots with their high and low winners and what each received, uncalled chips
  returned, the showdown order and the final stacks.

Where the narrative comes from. The street of each action and the pot after each round are
not written in a scenario (only its checkpoints mention some of them), and working them out
needs the betting rules. So the replay is played through the reference engine
(``stud8.conformance.engines.api.ReferenceEngine``) while rendering: the engine's observation
before each action gives the street and the bet it faces, and the pot after it gives the chips
it put in; together they name the action ("calls 10", "completes to 20", "raises to 80"). The engine's run is only used when it replays the scenario exactly as the scenario
expects: every action accepted, every expected rejection refused with its code, every
checkpoint's ``street`` and ``pot`` equal, the hand over and its final stacks equal to the
expected ones. Otherwise (an engine error, or an engine that disagrees while it is being
worked on) the script is rendered as written, in order, without streets or a pot column.

The outcome shown is always the scenario's expected ``outcome``, never the engine's result.
The cards dealt come from the scenario's ``deal``; only for scenarios written as a whole
``deck`` (running out of cards) are they read from the engine's run, since which card lands
where then depends on the procedure being illustrated; without an agreeing run those
scenarios show their deck, top first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.replay import parse_ordering
from stud8.conformance.suite.scenarios import Scenario
from stud8.reference.cards import Card, Rank, Suit, parse_cards
from stud8.reference.dealing import NORMAL, plan_seventh
from stud8.reference.hands import evaluate
from stud8.spec.rulebook import RuleBook, Street


@dataclass(frozen=True)
class CardView:
    """One card for display: ``10♥`` and whether it is a red suit."""

    code: str  # "Th"
    text: str  # "10♥"
    red: bool
    name: str  # "ten of hearts"


_RANK_TEXT = {Rank.TEN: "10"}
_RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
_SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


def card_view(card: Card) -> CardView:
    rank = _RANK_TEXT.get(card.rank, card.rank.char)
    return CardView(
        code=str(card),
        text=rank + card.suit.symbol,
        red=card.suit in (Suit.HEARTS, Suit.DIAMONDS),
        name=f"{_RANK_NAMES[int(card.rank)]} of {_SUIT_NAMES[card.suit]}",
    )


def cards_view(text: str | Sequence[str]) -> list[CardView]:
    """Card text (``"Ah Kd"`` or a list) as display cards, in the order given."""
    return [card_view(card) for card in parse_cards(text)]


def rank_text(card: Card) -> str:
    return _RANK_TEXT.get(card.rank, card.rank.char)


def low_name(text: str) -> str:
    """``"8c 5d 4h 3s Ac"`` -> ``"8-5-4-3-A"``: a low named by its ranks, highest first."""
    cards = sorted(parse_cards(text), key=lambda c: c.rank.low_value, reverse=True)
    return "-".join(rank_text(card) for card in cards)


def low_key(text: str) -> tuple[int, ...]:
    """A sort key for lows: smaller is better (compared from the highest card down)."""
    return tuple(sorted((card.rank.low_value for card in parse_cards(text)), reverse=True))


def option_value_text(value: Any) -> str:
    """An option value as written in the rule book: ``true``, ``3``, ``unlimited_until_capped``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def street_label(name: str) -> str:
    return f"{name.capitalize()} street"


def seat_list(seats: Sequence[str]) -> str:
    return ", ".join(seats)


# --- hand cases and comparisons ------------------------------------------------------------


def hand_view(data: Mapping[str, Any]) -> dict[str, Any]:
    low = data["low"]
    return {
        "cards": cards_view(data["cards"]),
        "high_category": data["high"]["category"],
        "high_cards": cards_view(data["high"]["cards"]),
        "low_cards": None if low is None else cards_view(low["cards"]),
        "low_name": None if low is None else low_name(low["cards"]),
    }


def _hand_name(name: str) -> str:
    return name.replace("_", " ")


def _chain(text: str) -> list[dict[str, str]]:
    """An ordering ``"a > b = c"`` as items ``[{name: a, key: a, rel: ">"}, {name: b, key: b, rel: "="}, ...]``
    (``key`` is the hand's name as written, for looking up its translation)."""
    triples = parse_ordering(text)
    if not triples:
        return [{"name": _hand_name(text.strip()), "key": text.strip(), "rel": ""}]
    items = [{"name": _hand_name(left), "key": left, "rel": relation} for left, relation, _ in triples]
    items.append({"name": _hand_name(triples[-1][2]), "key": triples[-1][2], "rel": ""})
    return items


def compare_view(data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "hands": [{"name": _hand_name(name), "key": name, "cards": cards_view(text)} for name, text in data["hands"].items()],
        "high": _chain(data["high"]) if "high" in data else None,
        "low": _chain(data["low"]) if "low" in data else None,
    }


# --- replays -------------------------------------------------------------------------------


class _Diverged(Exception):
    """The engine's run does not follow the scenario; the narrative falls back to the script."""


_SHORT_STREET = {"third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th", "seventh": "7th"}


def _columns(streets: Sequence[Street]) -> list[dict[str, Any]]:
    """Deal-table columns: one per street and face (third street: its down cards, its up card)."""
    columns: list[dict[str, Any]] = []
    for street in streets:
        faces: list[str] = []
        for face in street.cards:
            if face not in faces:
                faces.append(face)
        short = _SHORT_STREET.get(street.name, street.name.capitalize())
        for face in faces:
            label = f"{short} {face}" if len(faces) > 1 or face == "down" else short
            columns.append({"street": street.name, "face": face, "label": label,
                            "count": street.cards.count(face)})
    return columns


def _deal_rows_from_deal(deal: Mapping[str, Any], seats: int, streets: Sequence[Street],
                         columns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for number in range(1, seats + 1):
        seat = f"p{number}"
        cells: list[list[CardView]] = []
        for column in columns:
            dealt = deal.get(column["street"], {}).get(seat)
            if dealt is None:
                cells.append([])
                continue
            cards = parse_cards(dealt)
            street = next(s for s in streets if s.name == column["street"])
            cells.append([card_view(card) for card, face in zip(cards, street.cards) if face == column["face"]])
        rows.append({"seat": seat, "cells": cells, "burn": False, "first": []})
    burns = []
    for column in columns:
        burn = deal.get(column["street"], {}).get("burn")
        first_column = next(c for c in columns if c["street"] == column["street"]) is column
        burns.append(cards_view(burn) if burn and first_column else [])
    if any(burns):
        rows.append({"seat": "burned", "cells": burns, "burn": True, "first": []})
    return rows


def _deal_rows_from_observation(observation: Mapping[str, Any], streets: Sequence[Street],
                                columns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Who got what, read from the engine's final observation: each face's cards in dealing order."""
    rows = []
    for entry in observation["seats"]:
        pending = {"up": list(entry["up"]), "down": list(entry["down"])}
        by_street: dict[tuple[str, str], list[CardView]] = {}
        for street in streets:
            for face in street.cards:
                if pending[face]:
                    by_street.setdefault((street.name, face), []).append(card_view(Card.parse(pending[face].pop(0))))
        rows.append({"seat": f"p{entry['seat']}",
                     "cells": [by_street.get((c["street"], c["face"]), []) for c in columns], "burn": False, "first": []})
    return rows


def _describe(action: str, before: Mapping[str, Any], paid: int, stakes: Mapping[str, int]) -> dict[str, Any]:
    """What the action does, as an item: its seat, a verb and an amount, from the state before
    it and the chips it put in. Amounts are said one way throughout: a call says how many chips
    it adds ("calls 10 more"); a bet, completion or raise says the total the player has put in
    on the street ("raises to 80")."""
    words = action.split()
    seat, kind = words[0], words[1]
    entry = before["seats"][int(seat[1:]) - 1]
    top = max(other["committed"] for other in before["seats"])
    amount: int | None = None
    if kind == "f":
        verb = "folds"
    elif kind == "pb":
        verb, amount = "brings_in", paid
    elif kind == "cc":
        verb, amount = ("checks", None) if paid == 0 else ("calls", paid)
    elif kind == "cbr":
        amount = int(words[2])
        if before["street"] == "third" and top < stakes["small_bet"]:
            # bring-in.short-all-in-completion: until someone completes, an all-in of at least
            # half the small bet (measured from zero) is the completion; a smaller one is not
            if 2 * amount >= stakes["small_bet"]:
                verb = "completes"
            else:
                verb = "bets" if top == 0 else "raises"
        elif top == 0:
            verb = "bets"
        else:
            verb = "raises"
    else:  # pragma: no cover - the schema allows only these words
        raise _Diverged(action)
    return {"seat": seat, "verb": verb, "amount": amount, "all_in": paid > 0 and paid == entry["stack"],
            "refused": False}


def _refusal_text(action: str, before: Mapping[str, Any] | None, stakes: Mapping[str, int]) -> dict[str, Any]:
    """What the refused action tried, as an item (verb ``tries_*``); ``before`` sharpens cc and
    cbr when known. Only the catalogue shows refused actions."""
    words = action.split()
    seat = words[0] if words else "?"
    kind = words[1] if len(words) > 1 else ""
    amount = words[2] if len(words) > 2 else ""

    def item(who: str, verb: str, value: Any = None) -> dict[str, Any]:
        return {"seat": who, "verb": verb, "amount": value, "all_in": False, "refused": True}

    if not (seat.startswith("p") and seat[1:].isdigit()):
        return item("", "raw", action)
    entry = None
    if before is not None and 0 < int(seat[1:]) <= len(before["seats"]):
        entry = before["seats"][int(seat[1:]) - 1]
    if kind == "pb" and len(words) == 2:
        return item(seat, "tries_bring_in")
    if kind == "f" and len(words) == 2:
        return item(seat, "tries_fold")
    if kind == "cc" and len(words) == 2:
        if entry is None:
            return item(seat, "tries_check_or_call")
        top = max(other["committed"] for other in before["seats"])  # type: ignore[index]
        return item(seat, "tries_check" if top == entry["committed"] else "tries_call")
    if kind == "cbr" and len(words) == 3 and amount.isdigit():
        if entry is None:
            return item(seat, "tries_bet_or_raise", int(amount))
        top = max(other["committed"] for other in before["seats"])  # type: ignore[index]
        if before["street"] == "third" and top < stakes["small_bet"]:  # type: ignore[index]
            return item(seat, "tries_complete", int(amount))
        return item(seat, "tries_bet" if top == 0 else "tries_raise", int(amount))
    return item("", "raw", action)


def _board(up: Sequence[str]) -> dict[str, Any]:
    """An exposed hand as shown to players: its category (act-order.exposed-ranking) and the
    up cards in the order that ranks it (grouped ranks first, then the highest)."""
    cards = parse_cards(list(up))
    counts: dict[int, int] = {}
    for card in cards:
        counts[int(card.rank)] = counts.get(int(card.rank), 0) + 1
    ordered = sorted(cards, key=lambda c: (counts[int(c.rank)], int(c.rank), int(c.suit)), reverse=True)
    groups = sorted(counts.values(), reverse=True)
    if groups[0] >= 4:
        category = "four of a kind"
    elif groups[0] == 3:
        category = "three of a kind"
    elif groups[0] == 2:
        category = "two pair" if len(groups) > 1 and groups[1] == 2 else "pair"
    else:
        category = "high card"
    key = (["high card", "pair", "two pair", "three of a kind", "four of a kind"].index(category),
           tuple(sorted((int(c.rank) for c in cards), key=lambda r: (counts[r], r), reverse=True)))
    return {"category": category, "cards": [card_view(c) for c in ordered], "key": key}


def _first_mark(before: Mapping[str, Any], seat: str, ties: str, community_counts: bool = False) -> dict[str, Any]:
    """Why ``seat`` acts first on this street: the bring-in's lowest up card on third street
    (bring-in.lowest-upcard), else the best board (act-order.best-exposed-hand), with a note
    when another board ties it (act-order.ties). The best board is the best of every player
    still in, all-in or not: when it belongs to an all-in player, who is skipped
    (act-order.all-in-skipped), the mark names that player (``skipped``) and shows that board,
    not the first actor's. With ``community_counts`` (recompute_with_community) a community
    card counts in every board."""
    index = int(seat[1:]) - 1
    if before["street"] == "third":
        # the lowest up card (ace high, then by suit) brings in; when its player is all-in on the
        # ante, the next player clockwise opens (bring-in.all-in-on-ante): the mark says so
        doors = {i: Card.parse(other["up"][0]) for i, other in enumerate(before["seats"]) if other["up"]}
        low = min(doors, key=lambda i: doors[i])
        return {"seat": seat, "kind": "bring_in", "cards": [card_view(doors[low])], "category": None, "tie": None,
                "skipped": None if low == index else f"p{low + 1}"}
    extra = [before["community"]] if community_counts and before.get("community") else []
    boards = {i: _board(list(other["up"]) + extra) for i, other in enumerate(before["seats"])
              if not other["folded"] and other["up"]}
    best_key = max(board["key"] for board in boards.values())
    board = boards[index]
    skipped = None
    if board["key"] < best_key:  # the best board is all-in: the next player clockwise acts
        owner = next(i for i, other in boards.items() if other["key"] == best_key)
        skipped, board = f"p{owner + 1}", boards[owner]
    tied = [i for i, other in boards.items() if i != index and other["key"] == board["key"]
            and not before["seats"][i]["all_in"] and f"p{i + 1}" != skipped]
    tie = None
    if tied and skipped is None:
        tie = "suit" if ties == "high_card_by_suit" else "seat"
    return {"seat": seat, "kind": "board", "cards": board["cards"], "category": board["category"], "tie": tie,
            "skipped": skipped}


def _play(data: Mapping[str, Any], streets: Sequence[Street], ties: str = "first_clockwise_from_dealer",
          community_counts: bool = False,
          ) -> tuple[list[dict[str, Any]], Mapping[str, Any], dict[str, dict[str, Any]]]:
    """Play the script through the reference engine: the rounds, the final observation, and
    who acted first on each street (with the reason)."""
    engine = ReferenceEngine()
    stakes = data["stakes"]
    engine.start(stacks=list(data["stacks"]), stakes=dict(stakes), deck=[str(c) for c in scenario_deck(data)],
                 profile=data.get("profile"), options=dict(data.get("options", {})))
    observation = engine.observe()
    pot = observation["pot"]
    names = [street.name for street in streets]
    marks: dict[str, dict[str, Any]] = {}
    rounds: list[dict[str, Any]] = [{"street": "antes", "label": "Antes", "actions": _antes(data), "pot": pot}]
    current = {"street": observation["street"], "label": street_label(observation["street"]), "actions": [], "pot": pot}
    rounds.append(current)

    def move_to(street: str) -> dict[str, Any]:
        nonlocal current
        if street not in names or names.index(street) < names.index(current["street"]):
            raise _Diverged(f"street {street}")
        for name in names[names.index(current["street"]) + 1: names.index(street) + 1]:
            current = {"street": name, "label": street_label(name), "actions": [], "pot": pot}
            rounds.append(current)
        return current

    for item in data["actions"]:
        if "seventh-live" not in marks and engine.observe()["street"] == "seventh":
            marks["seventh-live"] = {"count": _live(engine.observe())}
        if isinstance(item, str):
            before = engine.observe()
            if before["pot"] != pot:
                raise _Diverged("pot")
            if before["street"] != current["street"]:
                move_to(before["street"])
            try:
                engine.act(item)
            except EngineRefusal as refusal:
                raise _Diverged(str(refusal)) from None
            paid = engine.observe()["pot"] - pot  # all chips put in so far, antes included
            described = _describe(item, before, paid, stakes)
            if before["street"] not in marks:
                marks[before["street"]] = _first_mark(before, described["seat"], ties, community_counts)
            pot += paid
            current["actions"].append(described)
            current["pot"] = pot
        elif "expect" in item:
            observed = engine.observe()
            for key in ("street", "pot"):
                if key in item["expect"] and observed[key] != item["expect"][key]:
                    raise _Diverged(key)
        else:
            before = engine.observe()
            try:
                engine.act(item["reject"])
            except EngineRefusal as refusal:
                if refusal.code != item["code"]:
                    raise _Diverged(refusal.code) from None
            else:
                raise _Diverged("accepted")
            if before["street"] != current["street"]:
                move_to(before["street"])
            refused = _refusal_text(item["reject"], before, stakes)
            refused["code"] = item["code"]
            current["actions"].append(refused)
    final = engine.observe()
    if "seventh-live" not in marks:
        marks["seventh-live"] = {"count": _live(final)}
    if not final["over"] or list((final["result"] or {}).get("stacks", [])) != list(data["outcome"]["stacks"]):
        raise _Diverged("outcome")
    if final["street"] != current["street"]:
        move_to(final["street"])
    for entry in rounds:
        entry["dealt_only"] = not entry["actions"]
    return rounds, final, marks


def _live(observation: Mapping[str, Any]) -> int:
    """Players still in the hand (not folded) who hold at least four up cards."""
    return sum(1 for entry in observation["seats"] if not entry["folded"] and len(entry["up"]) >= 4)


def _antes(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The antes as action items: one line when everyone puts in the full ante."""
    ante = data["stakes"]["ante"]
    stacks = list(data["stacks"])
    if ante <= 0:
        return [{"seat": "", "verb": "no_ante", "amount": None, "all_in": False, "refused": False}]
    if all(stack > ante for stack in stacks):
        return [{"seat": "", "verb": "each_antes", "amount": ante, "all_in": False, "refused": False}]
    items = []
    for number, stack in enumerate(stacks, start=1):
        paid = min(ante, stack)
        items.append({"seat": f"p{number}", "verb": "antes", "amount": paid, "all_in": paid == stack,
                      "refused": False})
    return items


_PLAYED: dict[str, tuple[list[dict[str, Any]], Mapping[str, Any], dict[str, dict[str, Any]]] | None] = {}


def _played(data: Mapping[str, Any], streets: Sequence[Street], ties: str = "first_clockwise_from_dealer",
            community_counts: bool = False,
            ) -> tuple[list[dict[str, Any]], Mapping[str, Any], dict[str, dict[str, Any]]] | None:
    """``_play`` once per distinct scenario (the docs are rendered more than once in a test run)."""
    key = json.dumps([data, ties, community_counts], sort_keys=True, default=str)
    if key not in _PLAYED:
        try:
            _PLAYED[key] = _play(data, streets, ties, community_counts)
        except Exception:  # noqa: BLE001 - any engine failure means: render the script as written
            _PLAYED[key] = None
    return _PLAYED[key]


def _script(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The actions as written, without streets or pots (when the engine's run cannot be used)."""
    items = []
    for item in data["actions"]:
        if isinstance(item, str):
            words = item.split() + ["", ""]
            verb = {"pb": "brings_in_plain", "cc": "checks_or_calls", "f": "folds"}.get(words[1], "")
            amount: Any = None
            if words[1] == "cbr" and words[2].isdigit():
                verb, amount = "bets_or_raises", int(words[2])
            if not verb:
                verb, amount = "raw", item
            items.append({"seat": words[0] if verb != "raw" else "", "verb": verb, "amount": amount,
                          "all_in": False, "refused": False})
        elif "reject" in item:
            refused = _refusal_text(item["reject"], None, data["stakes"])
            refused["code"] = item["code"]
            items.append(refused)
    return items


def _made_hands(seat_cards: Mapping[str, Sequence[str]], community: str | None,
                seats: Sequence[str]) -> list[dict[str, Any]]:
    """Each shown player's made high and low (showdown.split): the best five for high and the
    best eight-or-better low, from their own seven cards and the community card if any."""
    made = []
    for seat in seats:
        cards = list(seat_cards.get(seat, []))
        if community:
            cards.append(community)
        if len(cards) < 5:
            continue
        high, low = evaluate(parse_cards(cards))
        made.append({
            "seat": seat,
            "high_category": high.category.label,
            "high_cards": [card_view(c) for c in high.cards],
            "low_name": None if low is None else low_name(" ".join(str(c) for c in low.cards)),
            "low_cards": None if low is None else [card_view(c) for c in low.cards],
        })
    return made


def _seat_cards_from_deal(data: Mapping[str, Any]) -> dict[str, list[str]]:
    cards: dict[str, list[str]] = {}
    for street in data.get("deal", {}).values():
        for seat, text in street.items():
            if seat.startswith("p"):
                cards.setdefault(seat, []).extend(text.split())
    return cards


def _deck_story(data: Mapping[str, Any], final: Mapping[str, Any], live_on_seventh: int,
                values: Mapping[str, Any]) -> dict[str, Any] | None:
    """When seventh street could not be dealt normally (deck.short-stub): the stub and the
    burn pile before seventh street, the procedure's case, and what was dealt from where.

    Worked out from the stacked deck and how many players were dealt each street (read from
    the final observation); the case is the reference dealer's ``plan_seventh``, and the
    community card shown is the engine's, so the story and the replay cannot disagree."""
    deck = [str(c) for c in scenario_deck(data)]
    seats = final["seats"]
    position = 0
    burns: list[str] = []
    if values.get("burn_before_third"):
        burns.append(deck[0])
        position = 1
    position += 3 * len(seats)
    for count in (2, 3, 4):  # fourth, fifth and sixth street: up cards 2, 3 and 4
        burns.append(deck[position])
        position += 1
        position += sum(1 for entry in seats if len(entry["up"]) >= count)
    stub = deck[position:]
    players = live_on_seventh
    plan = plan_seventh(len(stub), len(burns), players, values["deck_exhaustion"])
    if plan == NORMAL:
        return None
    return {
        "stub": [card_view(Card.parse(c)) for c in stub],
        "burns": [card_view(Card.parse(c)) for c in burns],
        "players": players,
        "procedure": values["deck_exhaustion"],
        "recycle": plan.recycle,
        "burn": plan.burn,
        "community": None if not final.get("community") else cards_view(final["community"]),
    }


def _pot_kind(index: int, count: int) -> str:
    """Which pot this is, as a label key: the only pot, the main pot, the side pot or side pot N."""
    if count == 1:
        return "only"
    return "main" if index == 0 else "side_n" if count > 2 else "side"


def outcome_view(data: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario's expected outcome as display data (nothing here comes from an engine)."""
    outcome = data["outcome"]
    show_order = outcome.get("show_order")
    pots = []
    raw_pots = outcome.get("pots", [])
    for index, pot in enumerate(raw_pots):
        low = pot["low"]
        if low is not None:
            # the same players tie for high and for low: they share the whole pot (odd-chip.tied-both-ways),
            # which the halves' bookkeeping would show as an odd low chip going against the card order
            note = "both_ways" if len(pot["high"]) > 1 and set(pot["high"]) == set(low) else ""
        elif show_order == [] or len(pot["eligible"]) == 1:
            note = "uncontested"
        else:
            note = "no_low"
        pots.append({
            "kind": _pot_kind(index, len(raw_pots)),
            "number": index,
            "amount": pot["amount"],
            "eligible": list(pot["eligible"]),
            "high": [{"seat": seat, "amount": amount} for seat, amount in pot["high"].items()],
            "low": None if low is None else [{"seat": seat, "amount": amount} for seat, amount in low.items()],
            "shares": [{"seat": seat, "amount": amount + (low or {}).get(seat, 0)} for seat, amount in pot["high"].items()],
            "note": note,
        })
    stacks = []
    for number, (start, final) in enumerate(zip(data["stacks"], outcome["stacks"]), start=1):
        change = final - start
        stacks.append({"seat": f"p{number}", "start": start, "final": final,
                       "change": f"+{change}" if change > 0 else "0" if change == 0 else f"\u2212{-change}"})
    returned = [{"seat": seat, "amount": amount} for seat, amount in (outcome.get("returned") or {}).items() if amount]
    community = outcome.get("community")
    return {
        "pots": pots,
        "returned": returned,
        "show_order": show_order,
        "stacks": stacks,
        "community": None if community is None else cards_view(community),
    }


def _money(values: Sequence[int]) -> str:
    if len(set(values)) == 1:
        return f"{values[0]} each"
    return ", ".join(f"p{i} {v}" for i, v in enumerate(values, start=1))


def replay_view(data: Mapping[str, Any], book: RuleBook) -> dict[str, Any]:
    stakes = data["stakes"]
    options = [{"name": name, "value": option_value_text(value)} for name, value in (data.get("options") or {}).items()]
    view: dict[str, Any] = {
        "players": len(data["stacks"]),
        "stakes": dict(stakes),
        "stacks": list(data["stacks"]),
        "stacks_text": _money(list(data["stacks"])),
        "profile": data.get("profile"),
        "options": options,
        "start_error": None,
        "columns": [],
        "deal_rows": [],
        "deck_lines": [],
        "community": None,
        "rounds": None,
        "script": [],
        "outcome": None,
        "marks": {},
        "mark_list": [],
        "deck_story": None,
    }
    start_error = data.get("start_error")
    columns = _columns(book.streets)
    if start_error is not None:
        view["start_error"] = {"code": start_error, "meaning": book.error_codes.get(start_error, "")}
        if "deal" in data:
            view["columns"] = columns
            view["deal_rows"] = _deal_rows_from_deal(data["deal"], len(data["stacks"]), book.streets, columns)
        else:
            view["deck_lines"] = [_safe_cards(line) for line in data["deck"]]
        _drop_empty_columns(view)
        return view
    values = book.resolve_options(data.get("profile"), data.get("options") or {})
    played = _played(data, book.streets, values["act_order_ties"],
                     values["seventh_street_with_community"] == "recompute_with_community")
    view["columns"] = columns
    if "deal" in data:
        view["deal_rows"] = _deal_rows_from_deal(data["deal"], len(data["stacks"]), book.streets, columns)
    elif played is not None:
        view["deal_rows"] = _deal_rows_from_observation(played[1], book.streets, columns)
    else:
        view["deck_lines"] = [_safe_cards(line) for line in data["deck"]]
    seat_cards = _seat_cards_from_deal(data)
    community = data["outcome"].get("community")
    if played is not None:
        rounds, final, marks = played
        view["rounds"] = rounds
        if final.get("community"):
            view["community"] = cards_view(final["community"])
            community = final["community"]
        seat_cards = {f"p{entry['seat']}": list(entry["down"][:2]) + list(entry["up"]) + list(entry["down"][2:])
                      for entry in final["seats"]}
        live = marks.get("seventh-live", {"count": 0})["count"]
        view["marks"] = {street: mark for street, mark in marks.items() if street != "seventh-live"}
        seventh_dealt = bool(final.get("community")) or any(len(entry["down"]) >= 3 for entry in final["seats"])
        if "deck" in data and seventh_dealt:
            view["deck_story"] = _deck_story(data, final, live, values)
    else:
        view["script"] = _script(data)
    view["outcome"] = outcome_view(data)
    if view["outcome"]["community"] is not None:
        view["community"] = view["outcome"]["community"]
    show = view["outcome"]["show_order"] or []
    view["outcome"]["made"] = _made_hands(seat_cards, community, show)
    _drop_empty_columns(view)
    _mark_columns(view)
    return view


def _mark_columns(view: dict[str, Any]) -> None:
    """Who acts first on each street, in the deal grid and in a line under it: the first
    actor's card cell on each street is marked (``row["first"][column]``), and ``mark_list``
    gives each street's first actor with the reason (third street: the bring-in)."""
    marks = view.get("marks") or {}
    view["mark_list"] = []
    for row in view["deal_rows"]:
        row["first"] = [False] * len(view["columns"])
    for index, column in enumerate(view["columns"]):
        mark = marks.get(column["street"])
        if not mark or (column["street"] == "third" and column["face"] != "up"):
            continue
        view["mark_list"].append({"street": column["street"], **mark})
        for row in view["deal_rows"]:
            if row["seat"] == mark["seat"] and not row["burn"]:
                row["first"][index] = True


def _drop_empty_columns(view: dict[str, Any]) -> None:
    """Leave out the streets nobody was dealt (the hand ended before them)."""
    rows = view["deal_rows"]
    if not rows:
        return
    keep = [i for i in range(len(view["columns"])) if any(row["cells"][i] for row in rows if not row["burn"])]
    view["columns"] = [view["columns"][i] for i in keep]
    for row in rows:
        row["cells"] = [row["cells"][i] for i in keep]


def _safe_cards(line: str) -> list[CardView]:
    return cards_view(line)


def scenario_view(scenario: Scenario, book: RuleBook, *, house: bool = False) -> dict[str, Any]:
    """Everything the templates need to show one scenario."""
    data = scenario.data
    view: dict[str, Any] = {
        "id": scenario.id,
        "kind": scenario.kind,
        "title": scenario.title,
        "description": " ".join(scenario.description.split()),
        "rules": list(scenario.rules),
        "house": house,
    }
    if scenario.kind == "hand":
        view["hand"] = hand_view(data)
    elif scenario.kind == "compare":
        view["compare"] = compare_view(data)
    elif scenario.kind == "evaluate-error":
        view["evaluate_error"] = {"cards": [json.dumps(text) for text in data["cards"]], "code": data["code"],
                                  "meaning": book.error_codes.get(data["code"], "")}
    elif data.get("played_out"):
        view["playout"] = playout_view(data)
    else:
        view["replay"] = replay_view(data, book)
    return view


def playout_view(data: Mapping[str, Any]) -> dict[str, Any]:
    """A play-out, compactly (the catalogue shows it under its hand case or comparison): each
    seat's seven cards and made hands, and the one pot's award. Its script is always the same
    (everyone calls the bring-in and checks), so it is not told."""
    seat_cards = _seat_cards_from_deal(data)
    seats = sorted(seat_cards, key=lambda name: int(name[1:]))
    pot = data["outcome"]["pots"][0]
    made = {entry["seat"]: entry for entry in _made_hands(seat_cards, None, seats)}
    return {
        "from": data["played_out"],
        "pot": pot["amount"],
        "seats": [{**made[seat], "cards": cards_view(seat_cards[seat]),
                   "high_award": pot["high"].get(seat, 0), "low_award": (pot["low"] or {}).get(seat, 0)}
                  for seat in seats],
        "split": pot["low"] is not None,
    }

