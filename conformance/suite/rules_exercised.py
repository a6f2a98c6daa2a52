"""Which rules of spec/rules.yaml a played hand exercised, read from what the hand showed.

The classifier looks only at the hand's settings and the sequence of its observations (the
referee's view each engine gives: spec/schema, conformance/WRITING.md) and the result at the
end, never inside an engine. So it works for any engine's hands, for fuzzed hands
(``stud8 fuzz --rules``, ``--guided``) and for imported hands (a scenario's ``rules``), and it
does not change when the engine's code is rearranged.

A rule counts as *exercised* when the hand reached the situation the rule decides: e.g.
``odd-chip.within-half`` when a half pot was split between tied players and did not divide
evenly, ``deck.short-stub`` when the cards ran out on seventh street, ``betting.short-all-in``
when a player went all-in for more than the bet but less than a full raise. Some rules can
never be reached by legal play (``actions.bad-start``, ``actions.refusal-keeps-state``); they
are listed as never reached, which is true.

``HandWatcher`` is the incremental form a lockstep loop feeds (``see`` every observation);
``rules_exercised`` classifies a finished list of observations at once.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")

ALWAYS: tuple[str, ...] = (
    "table.players", "table.stakes", "deal.third-street", "actions.vocabulary", "actions.in-turn",
    "betting.actions", "betting.limits",
)
"""Rules every started hand exercises."""


def _card_index(card: str) -> int:
    """Rank first (ace high), then suit (clubs lowest): the bring-in order of the cards."""
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def _board_key(cards: Sequence[str]) -> tuple[int, ...]:
    """An exposed hand's strength, suits ignored: group sizes, then grouped ranks (act-order)."""
    counts: dict[int, int] = {}
    for card in cards:
        rank = RANKS.index(card[0])
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    return tuple(size for _, size in groups) + tuple(rank for rank, _ in groups)


class HandWatcher:
    """Feed it every observation of one hand (``see``); ``rules()`` gives the rule ids reached."""

    def __init__(self, stacks: Sequence[int], stakes: Mapping[str, int], profile: str | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        self.stacks = list(stacks)
        self.stakes = dict(stakes)
        self.profile = profile
        self.options = dict(options or {})
        self.observations: list[Mapping[str, Any]] = []

    def see(self, observation: Mapping[str, Any]) -> None:
        self.observations.append(observation)

    def rules(self) -> set[str]:
        return rules_exercised(self.stacks, self.stakes, self.observations, self.options)


def rules_exercised(stacks: Sequence[int], stakes: Mapping[str, int], observations: Sequence[Mapping[str, Any]],
                    options: Mapping[str, Any] | None = None) -> set[str]:
    """The rule ids the hand reached (see the module docstring); empty if it never started."""
    if not observations:
        return set()
    found: set[str] = set(ALWAYS)
    if stakes.get("ante", 0) > 0:
        found.add("table.ante")
    first = observations[0]
    _third_street(first, stakes, found)
    previous: Mapping[str, Any] | None = None
    streets_seen: set[str] = set()
    for observation in observations:
        streets_seen.add(observation["street"])
        if previous is not None:
            _step(previous, observation, stakes, found)
        _situation(observation, found)
        previous = observation
    last = observations[-1]
    if len(streets_seen) > 1:
        found.update(("deal.later-streets", "deal.burns", "betting.round-closes", "act-order.best-exposed-hand",
                      "act-order.exposed-ranking"))
    if "seventh" in streets_seen:
        found.add("act-order.seventh-street")
    if last.get("over") and last.get("result"):
        _showdown(last, found)
    _deck_exhaustion(last, _resolved(options), found)
    return found


@functools.lru_cache(maxsize=64)
def _resolved_cached(items: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    from stud8.reference.errors import Stud8Error
    from stud8.spec.rulebook import default_rulebook

    try:
        return tuple(default_rulebook().resolve_options(None, dict(items)).items())
    except Stud8Error:
        return items


def _resolved(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The option values played (the rule book's defaults under the given overrides)."""
    try:
        return dict(_resolved_cached(tuple(sorted((options or {}).items()))))
    except TypeError:  # an unhashable value: the overrides as given
        return dict(options or {})


def _deck_exhaustion(last: Mapping[str, Any], options: Mapping[str, Any], found: set[str]) -> None:
    """Which case of running out of cards seventh street was dealt under (deck.*), worked out
    from the cards the seats hold: every card dealt stays in the observation, folded hands too."""
    seats = last["seats"]
    community = last.get("community") is not None
    sevens = sum(1 for seat in seats if len(seat["up"]) + len(seat["down"]) == 7)
    if not community and not sevens:
        return
    burns = 3 + int(bool(options.get("burn_before_third")))
    held = sum(len(seat["up"]) + len(seat["down"]) for seat in seats)
    receivers = sum(1 for seat in seats if len(seat["up"]) + len(seat["down"]) >= 6 and not seat["folded"]) \
        if community else sevens
    stub = 52 - burns - (held - (0 if community else sevens))
    need = receivers + 2  # a card each, a burn, one card left undealt
    if stub >= need:
        return
    found.add("deck.short-stub")
    if options.get("deck_exhaustion", "tda") != "tda":
        return
    if stub + burns >= need:
        found.update(("deck.tda-recycle", "deck.recycle-order"))
    elif stub >= 3:
        found.add("deck.tda-community")
    else:
        found.update(("deck.tda-recycle-community", "deck.recycle-order"))


def _third_street(first: Mapping[str, Any], stakes: Mapping[str, int], found: set[str]) -> None:
    seats = first["seats"]
    if first.get("bring_in") is not None:
        found.update(("bring-in.lowest-upcard", "act-order.third-street", "bring-in.post-or-complete"))
        if stakes.get("bring_in") == stakes.get("small_bet"):
            found.add("bring-in.completion-is-bet")
        seat = seats[first["bring_in"] - 1]
        if seat["stack"] <= stakes.get("bring_in", 0) and not seat["all_in"]:
            found.add("bring-in.short-stack")
    ups = [(seat["up"][0], seat) for seat in seats if seat["up"]]
    if not ups:
        return
    lowest_rank = min(RANKS.index(card[0]) for card, _ in ups)
    if sum(RANKS.index(card[0]) == lowest_rank for card, _ in ups) > 1:
        found.add("bring-in.suit-order")
    lowest_card = min((card for card, _ in ups), key=_card_index)
    holder = next(seat for card, seat in ups if card == lowest_card)
    if holder["all_in"]:
        found.add("bring-in.all-in-on-ante")
    if any(seat["all_in"] for seat in seats):
        found.add("betting.all-in")


def _live(observation: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [seat for seat in observation["seats"] if not seat["folded"]]


def _step(before: Mapping[str, Any], after: Mapping[str, Any], stakes: Mapping[str, int], found: set[str]) -> None:
    """One action (and whatever it dealt) between two observations."""
    actor = before.get("to_act")
    if actor is None:
        return
    seat_before, seat_after = before["seats"][actor - 1], after["seats"][actor - 1]
    if seat_after["folded"] and not seat_before["folded"]:
        found.add("deal.dead-cards")
    same_street = before["street"] == after["street"]
    if not same_street:
        if after["street"] != "third" and STREETS.index(after["street"]) - STREETS.index(before["street"]) > 1:
            found.add("deal.run-out")
        if before["street"] == "third" and before.get("bring_in") is not None:
            top = max(seat["committed"] for seat in before["seats"])
            if top <= stakes.get("bring_in", 0) and actor != before["bring_in"]:
                found.add("bring-in.no-option")
    if seat_after["all_in"] and not seat_before["all_in"]:
        found.add("betting.all-in")
        if same_street:
            paid = seat_after["committed"]
            top = max(seat["committed"] for seat in before["seats"])
            bet = stakes["small_bet"] if before["street"] in ("third", "fourth") else stakes["big_bet"]
            if before["street"] == "third" and top <= stakes.get("bring_in", 0) and top < paid < stakes["small_bet"]:
                found.add("bring-in.short-all-in-completion")
            elif top < paid < top + bet and top > 0:
                found.add("betting.short-all-in")
    if before["street"] == "third" and any(action.startswith("cbr") for action in before["legal"]) \
            and before.get("bring_in") is not None and actor != before["bring_in"]:
        found.add("bring-in.facing")


def _situation(observation: Mapping[str, Any], found: set[str]) -> None:
    """What one observation shows by itself."""
    street = observation["street"]
    live = _live(observation)
    if observation.get("community") is not None:
        found.update(("deck.community-card", "deck.short-stub", "act-order.community-card"))
    if street == "seventh" and len(live) >= 7 and all(len(seat["up"]) + len(seat["down"]) == 7 for seat in live):
        found.add("deck.short-stub")
    if observation.get("over"):
        return
    acting = [seat for seat in live if not seat["all_in"]]
    to_act = observation.get("to_act")
    if to_act is not None and len(acting) == 2:
        # betting.heads-up: two players able to bet, however many are all-in beside them (RR
        # Betting and Raising 3-4: all-in players do not count).
        found.add("betting.heads-up")
    if to_act is not None and observation["legal"] and not any(a.startswith("cbr") for a in observation["legal"]):
        seat = observation["seats"][to_act - 1]
        top = max(s["committed"] for s in observation["seats"])
        if seat["stack"] > top - seat["committed"] and street != "third":
            found.add("betting.raise-cap")
    if street == "fourth" and any(len(seat["up"]) == 2 and seat["up"][0][0] == seat["up"][1][0] for seat in live):
        found.add("betting.fourth-street-open-pair")
    if street != "third" and len(live) >= 2:
        if any(seat["all_in"] for seat in live):
            found.add("act-order.all-in-skipped")
        keys = sorted((_board_key(seat["up"]) for seat in live if not seat["all_in"]), reverse=True)
        if len(keys) >= 2 and keys[0] == keys[1]:
            found.add("act-order.ties")


def _showdown(last: Mapping[str, Any], found: set[str]) -> None:
    result = last["result"]
    live = _live(last)
    pots: list[Mapping[str, Any]] = result.get("pots") or []
    if any(amount for amount in (result.get("returned") or {}).values()):
        found.add("pots.uncalled-bet")
    if len(live) <= 1:
        found.add("showdown.uncontested")
        return
    found.update(("showdown.show-order", "hands.best-five", "hands.categories", "low.qualifier"))
    _hands(live, last.get("community"), found)
    if len(pots) > 1:
        found.add("pots.side-pots")
        if len({_winners(pot) for pot in pots}) > 1:
            found.add("pots.split-separately")
    for pot in pots:
        high, low = pot.get("high") or {}, pot.get("low")
        if low is None:
            found.add("showdown.no-low")
            shares: Iterable[Mapping[Any, int]] = (high,)
        else:
            found.update(("showdown.split", "low.independent"))
            if pot["amount"] % 2:
                found.add("odd-chip.high-half")
            shares = (high, low)
            if len(high) == 1 and set(high) == set(low):
                found.add("showdown.scoop")
            if len(high) > 1 and set(high) == set(low):
                found.add("odd-chip.tied-both-ways")
        for share in shares:
            if len(share) > 1:
                found.update(("showdown.ties", "hands.suits-never-rank"))
                values = list(share.values())
                if max(values) != min(values):
                    found.update(("odd-chip.within-half", "odd-chip.card-order"))


def _winners(pot: Mapping[str, Any]) -> tuple[tuple[Any, ...], tuple[Any, ...] | None]:
    high = tuple(sorted(map(int, (pot.get("high") or {}))))
    low = pot.get("low")
    return high, None if low is None else tuple(sorted(map(int, low)))


def _hands(live: Sequence[Mapping[str, Any]], community: str | None, found: set[str]) -> None:
    """Hand-ranking rules the showdown's hands exercised, from each live seat's best five cards
    (the reference evaluator, spec rules hands.* and low.*)."""
    from stud8.reference.cards import parse_cards
    from stud8.reference.hands import Category, best_high, best_low

    highs = []
    lows = []
    for seat in live:
        cards = list(seat["down"]) + list(seat["up"]) + ([community] if community else [])
        if len(cards) < 5:
            return
        parsed = parse_cards(cards)
        high, low = best_high(parsed), best_low(parsed)
        highs.append(high)
        ranks = {card.rank for card in high.cards}
        if high.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and 14 in ranks:
            found.add("hands.straight-ace")
        if low is not None:
            lows.append(low)
            low_ranks = sorted(1 if card.rank == 14 else card.rank for card in low.cards)
            if 1 in low_ranks:
                found.add("low.ace-low")
            if low_ranks == list(range(low_ranks[0], low_ranks[0] + 5)) or len({card.suit for card in low.cards}) == 1:
                found.add("low.ignores-straights-flushes")
    if len(lows) >= 2:
        found.add("low.ordering")
    by_category: dict[Any, list[Any]] = {}
    for high in highs:
        by_category.setdefault(high.category, []).append(high)
    for same in by_category.values():
        if len(same) >= 2 and len({hand.value for hand in same}) > 1 and len({_main(hand) for hand in same}) < len(same):
            found.add("hands.kickers")  # two hands alike in category and main ranks, told apart by the rest


def _main(hand: Any) -> tuple[int, ...]:
    """The ranks a high hand is named by: its pairs, trips or quads, else its top card."""
    counts: dict[int, int] = {}
    for card in hand.cards:
        counts[int(card.rank)] = counts.get(int(card.rank), 0) + 1
    grouped = sorted((rank for rank, count in counts.items() if count >= 2), reverse=True)
    return tuple(grouped) if grouped else (max(counts),)
