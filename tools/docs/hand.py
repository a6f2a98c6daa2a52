"""One hand, told whole: a replay scenario as the book's opening walk-through.

The book tells one scenario (``WHOLE_HAND``) near its front, street by street, for a dealer
trainee: the cards each player holds (face-down cards marked), who acts first on the street
and *why* (the lowest up card with the suit order on third street, the best board afterwards,
the sixth street's order on seventh), every action with the pot after it, the showdown order
and why, each player's best high and low, and how each pot is split, with the odd chip.

Everything is worked out here from the rules and the reference engine's run of the scenario
(the engine gives the street, the player to act and the chips each action put in); the run is
only used when it follows the scenario exactly (every checkpoint's ``street``, ``to_act`` and
``pot``, and the final stacks), so the narrative cannot tell a hand the suite does not check.
The split shown is the scenario's expected outcome, never the engine's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.scenarios import Scenario
from stud8.reference.cards import Card, parse_cards
from stud8.reference.hands import evaluate
from stud8.spec.rulebook import RuleBook
from stud8.tools.docs.scenes import CardView, _board, _describe, card_view, low_name, outcome_view

WHOLE_HAND = "showdown-350"
"""The scenario the book tells whole (conformance/scenarios/showdown/whole-hand.yaml)."""


class NotTellable(Exception):
    """The scenario cannot be told as a whole hand (it refuses an action, or the reference
    engine's run does not follow it)."""


def _seat(number: int) -> str:
    return f"p{number}"


def _up_order_key(card: Card) -> tuple[int, int]:
    """Bring-in order: the rank with the ace high, then the suit (bring-in.suit-order)."""
    return int(card.rank), int(card.suit)


def _bring_in_reason(before: Mapping[str, Any], first: str) -> dict[str, Any]:
    """Why ``first`` acts first on third street."""
    ups = [(_seat(entry["seat"]), Card.parse(entry["up"][0])) for entry in before["seats"] if entry["up"]]
    lowest_seat, lowest = min(ups, key=lambda pair: _up_order_key(pair[1]))
    same_rank = [(seat, card) for seat, card in ups if card.rank == lowest.rank]
    cards = {"card": card_view(lowest)}
    if lowest_seat != first:
        return {"key": "all_in_ante", "seat": lowest_seat, "first": first, **cards,
                "rules": ["bring-in.all-in-on-ante"]}
    if len(same_rank) > 1:
        return {"key": "bring_in_suit", "seat": first, **cards,
                "tied": [{"seat": seat, "card": card_view(card)} for seat, card in same_rank],
                "rules": ["bring-in.lowest-upcard", "bring-in.suit-order"]}
    return {"key": "bring_in", "seat": first, **cards, "rules": ["bring-in.lowest-upcard"]}


def _board_reason(before: Mapping[str, Any], first: str, street: str, previous_first: str | None,
                  ties: str) -> dict[str, Any]:
    """Why ``first`` acts first from fourth street on."""
    live = [entry for entry in before["seats"] if not entry["folded"]]
    boards = {_seat(entry["seat"]): _board(entry["up"]) for entry in live}
    best_key = max(board["key"] for board in boards.values())
    best = [seat for seat, board in boards.items() if board["key"] == best_key]
    if street == "seventh" and not before.get("community") and previous_first == first:
        return {"key": "seventh", "seat": first, "rules": ["act-order.seventh-street"]}
    shown = boards[best[0]]
    reason: dict[str, Any] = {"seat": best[0], "first": first, "category": shown["category"],
                              "cards": shown["cards"], "rules": ["act-order.best-exposed-hand",
                                                                 "act-order.exposed-ranking"]}
    if len(best) > 1:
        reason["tied"] = best
        reason["tie"] = "suit" if ties == "high_card_by_suit" else "seat"
        reason["rules"] = [*reason["rules"], "act-order.ties"]
    if first not in best:
        reason.update(key="all_in_skipped", rules=[*reason["rules"], "act-order.all-in-skipped"])
        return reason
    reason["seat"] = first
    reason["key"] = "best_board_tie" if len(best) > 1 else "best_board"
    return reason


def _holding(entry: Mapping[str, Any], street_index: int, folded: bool) -> dict[str, Any]:
    """A seat's cards so far in dealing order, each marked up or down and new on this street."""
    down = list(entry["down"])
    up = list(entry["up"])
    cards: list[dict[str, Any]] = []
    # third street: down, down, up; fourth to sixth: up; seventh: down (deal.third-street, deal.later-streets)
    order = [("down", 0), ("down", 1), ("up", 0)] + [("up", i) for i in range(1, 4)] + [("down", 2)]
    dealt_by_street = [3, 4, 5, 6, 7]
    count = dealt_by_street[street_index]
    sources = {"down": down, "up": up}
    for position, (face, index) in enumerate(order[:count]):
        if index >= len(sources[face]):
            continue
        new = position >= (dealt_by_street[street_index - 1] if street_index else 0)
        cards.append({"card": card_view(Card.parse(sources[face][index])), "face": face, "new": new})
    return {"seat": _seat(entry["seat"]), "cards": cards, "folded": folded, "all_in": entry["all_in"]}


def whole_hand_view(scenario: Scenario, book: RuleBook) -> dict[str, Any]:
    """The walk-through of ``scenario``: setup, streets (holdings, reason, actions with the pot
    after each), showdown (order, made hands) and the split. Raises ``NotTellable``."""
    data = scenario.data
    if scenario.kind != "replay" or "deal" not in data or data.get("start_error"):
        raise NotTellable(f"{scenario.id}: not a dealt replay")
    values = book.resolve_options(data.get("profile"), data.get("options") or {})
    stakes = data["stakes"]
    engine = ReferenceEngine()
    engine.start(stacks=list(data["stacks"]), stakes=dict(stakes), deck=[str(c) for c in scenario_deck(data)],
                 profile=data.get("profile"), options=dict(data.get("options") or {}))
    names = [street.name for street in book.streets]
    bets = {street.name: stakes[street.bet] for street in book.streets}
    start = engine.observe()
    antes = start["pot"]
    streets: list[dict[str, Any]] = []
    previous_first: str | None = None
    last_aggressor: dict[str, str] = {}
    pot = antes
    for item in data["actions"]:
        if isinstance(item, Mapping) and "expect" in item:
            observed = engine.observe()
            for key in ("street", "pot", "to_act"):
                if key in item["expect"]:
                    got = observed[key]
                    got = _seat(got) if key == "to_act" and got is not None else got
                    if got != item["expect"][key]:
                        raise NotTellable(f"{scenario.id}: the engine's {key} is {got}, the scenario expects "
                                          f"{item['expect'][key]}")
            continue
        if not isinstance(item, str):
            raise NotTellable(f"{scenario.id}: a refused action is not told in the book")
        before = engine.observe()
        if not streets or streets[-1]["street"] != before["street"]:
            street = before["street"]
            index = names.index(street)
            first = _seat(before["to_act"])
            reason = (_bring_in_reason(before, first) if index == 0
                      else _board_reason(before, first, street, previous_first, values["act_order_ties"]))
            previous_first = first
            pair_on_fourth = street == "fourth" and any(
                _board(entry["up"])["category"] != "high card" for entry in before["seats"] if not entry["folded"])
            streets.append({
                "street": street,
                "bet": bets[street],
                "holdings": [_holding(entry, index, entry["folded"]) for entry in before["seats"]],
                "reason": reason,
                "open_pair": pair_on_fourth and not values["fourth_street_open_pair_big_bet"],
                "actions": [],
                "pot_before": before["pot"],
            })
        try:
            engine.act(item)
        except EngineRefusal as refusal:
            raise NotTellable(f"{scenario.id}: the engine refuses {item}: {refusal}") from None
        after = engine.observe()
        paid = after["pot"] - before["pot"]
        described = _describe(item, before, paid, stakes)
        if described["verb"] in ("bets", "raises", "completes"):
            last_aggressor[before["street"]] = described["seat"]
        pot = after["pot"]
        streets[-1]["actions"].append({**described, "pot": pot})
    final = engine.observe()
    outcome = data["outcome"]
    if not final["over"] or list((final["result"] or {}).get("stacks", [])) != list(outcome["stacks"]):
        raise NotTellable(f"{scenario.id}: the engine's run does not end as the scenario expects")
    shown = list(outcome.get("show_order") or [])
    made = []
    for seat in shown:
        entry = final["seats"][int(seat[1:]) - 1]
        cards = parse_cards(list(entry["down"][:2]) + list(entry["up"]) + list(entry["down"][2:]))
        high, low = evaluate(cards)
        made.append({
            "seat": seat,
            "holding": [{**item, "new": False} for item in _holding(entry, len(names) - 1, False)["cards"]],
            "high_category": high.category.label,
            "high_cards": [card_view(c) for c in high.cards],
            "low_name": None if low is None else low_name(" ".join(str(c) for c in low.cards)),
            "low_cards": None if low is None else [card_view(c) for c in low.cards],
        })
    shown_first = None
    if shown:
        seventh_bettor = last_aggressor.get(names[-1])
        shown_first = {"seat": shown[0], "key": "bet" if seventh_bettor == shown[0] else "checked",
                       "rules": ["showdown.show-order"]}
    view = outcome_view(data)
    splits = []
    for pot_view in view["pots"]:
        split = pot_view["low"] is not None
        splits.append({**pot_view, "split": split, "high_half": (pot_view["amount"] + 1) // 2 if split else None,
                       "low_half": pot_view["amount"] // 2 if split else None,
                       "odd": split and pot_view["amount"] % 2 == 1})
    return {
        "id": scenario.id,
        "players": len(data["stacks"]),
        "stakes": dict(stakes),
        "stacks": list(data["stacks"]),
        "antes": antes,
        "streets": streets,
        "shown_first": shown_first,
        "made": made,
        "pots": splits,
        "stacks_after": view["stacks"],
        "rules": list(scenario.rules),
    }


def find_whole_hand(scenarios: Sequence[Scenario], book: RuleBook) -> dict[str, Any] | None:
    """The view of ``WHOLE_HAND`` when the suite has it and it can be told; else None."""
    for scenario in scenarios:
        if scenario.id == WHOLE_HAND:
            try:
                return whole_hand_view(scenario, book)
            except NotTellable:
                return None
    return None


def cards_of(holding: Sequence[Mapping[str, Any]]) -> list[CardView]:
    return [item["card"] for item in holding]
