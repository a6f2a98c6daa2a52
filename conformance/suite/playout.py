"""Play-outs: every hand case and comparison dealt again as a whole hand and checked down.

A hand case checks an engine's ``evaluate``; a comparison checks the order of its values. An
engine can pass both and still rank hands differently at the showdown (a second evaluator, a
six-card flush compared card by card, a kicker forgotten). So each hand case and comparison is
also **played out**: its cards are dealt at a table, everyone calls the bring-in and checks to
the showdown, and the expected awards follow from what the scenario states.

Derived, not written: ``derive`` turns one hand case or comparison into replay scenarios, and
``python -m stud8.conformance.suite.playout --write`` writes them all to
``conformance/scenarios/played-out/`` (one file per source file). The files are committed, so
every consumer of the suite (``stud8 conform`` on any engine, the mutant zoo, coverage, the
catalogue, ``stud8 validate``) reads them as the ordinary replays they are, and a reader sees
every deal; ``--check`` (and a test) fails when they are stale.

What each play-out deals (``Seat`` roles):

* **a hand case** (stated high H and low L): the case's cards, completed to seven with cards
  that change neither value (``playout_hands.complete``; five or six cards need two or one).
  *Play-out "at and below"*: beside it a **twin** (another seven-card hand worth exactly H and
  L, or one for each half), the **nearest high below** H and the **nearest low below** L that
  the free cards can deal: the case wins each half, sharing it with the twin. *Play-out
  "above"*: the **nearest high above** H and the **nearest low above** L win the halves. An
  engine that values the case's cards above or below what ``evaluate`` said loses or wins a
  half it should not, provided it values the plain rivals right; the nearest values make even
  a forgotten last kicker show.
* **a comparison**: one play-out per relation of its ``high`` and ``low`` chains (``a > b``,
  ``b = c``), the two hands side by side; hands that share a card are dealt in other suits
  (a renaming of suits keeps both values). The chain says who wins each half.
* **a half nobody stated** (a comparison of highs only, or a case whose five cards keep only
  one value when completed) goes to an **anchor**: a seat that wins that half outright, by a
  margin the definition confirms, and loses the other.

Where each expected value comes from: the scenario's own statements (the case's values, the
chains); the rivals' and anchors' values, built exactly and verified with ``hands.py`` (the
definition); and only the definition's word that a comparison's best low qualifies at all.
Then the roles' prediction is checked against the definition's values of all seven-card hands
of the deal, and any disagreement raises ``PlayoutError``. Cases that no seven-card deal can
show (every card added to 7-5-4-3-2 changes its high) are returned as ``Gap``s with the reason.

Stakes: a bring-in of 2, bets of 4 and 8, stacks of 100, and the ante chosen so that the pot,
everyone's ante and bring-in, splits into equal whole shares: no odd chips (they have scenarios
of their own).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.conformance.suite import playout_hands as ph
from stud8.conformance.suite.playout_hands import PlayoutError, Values
from stud8.conformance.suite.replay import parse_ordering
from stud8.conformance.suite.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.reference.cards import Card, format_cards, parse_cards

OUT_FOLDER = "played-out"
"""The folder of the suite the play-outs are written to."""

BRING_IN, SMALL_BET, BIG_BET, STACK = 2, 4, 8, 100
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
HALVES = ("high", "low")
MODELINE = "# yaml-language-server: $schema=../../../spec/schema/scenario.draft07.schema.json"


@dataclass
class Seat:
    """One seat of a play-out: its seven cards in the order dealt, and what it is there for."""

    cards: list[Card]
    role: str
    """Who the seat is, in words: ``"the case"``, ``"hand first"``, ``"twin"``, ``"anchor"``..."""
    wins: frozenset[str] = frozenset()
    """The halves this seat is meant to win or share (the roles' prediction)."""

    @property
    def values(self) -> Values:
        return ph.definition_values(self.cards)


@dataclass
class PlayOut:
    """One derived replay: a source scenario's cards at a table, checked down."""

    source: Scenario
    number: int
    summary: str
    seats: list[Seat]
    tested: tuple[str, ...]
    """The halves whose winners the source decides (the others go to an anchor)."""
    by_definition: str | None = None
    """A half no anchor could win: it goes as the definition values the hands."""

    @property
    def id(self) -> str:
        return f"{self.source.id}-played-{self.number:03d}"


@dataclass(frozen=True)
class Gap:
    """A relation of a source scenario that no deal can show, and why."""

    source: str
    what: str
    reason: str


@dataclass
class Derivation:
    """Everything derived from one source scenario."""

    playouts: list[PlayOut] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)


# --- values and bounds --------------------------------------------------------------------------


def _low_key(low: int | None) -> int:
    """Lows in one order with "no low" below every low."""
    return -1 if low is None else low


def _low_below(limit: int | None) -> Callable[[int | None], bool]:
    """A bound on a rival's low: strictly worse than ``limit`` (no low when ``limit`` is none)."""
    return lambda low: low is None or (limit is not None and low < limit)


def _high_below(limit: int) -> Callable[[int], bool]:
    return lambda high: high < limit


def _any_low(low: int | None) -> bool:
    return True


def _any_high(high: int) -> bool:
    return True


# --- hand cases ---------------------------------------------------------------------------------


def _stated(scenario: Scenario) -> Values:
    data = scenario.data
    high = ph.stated_high(data["high"]["category"], parse_cards(data["high"]["cards"]))
    low = None if data["low"] is None else ph.stated_low(parse_cards(data["low"]["cards"]))
    return high, low


def _keeps(target: Values, halves: Sequence[str]) -> Callable[[Values], bool]:
    """Whether seven cards keep ``target``'s value in each of ``halves``."""
    def keep(values: Values) -> bool:
        return all(values[HALVES.index(half)] == target[HALVES.index(half)] for half in halves)
    return keep


def _half_sets(cards: list[Card], target: Values, used: set[Card]) -> list[tuple[tuple[str, ...], list[Card]]]:
    """How the cards can be completed to seven: keeping both values if any inert cards allow
    it, otherwise each value on its own; with the completed hand for each."""
    both = ph.complete(cards, used, _keeps(target, HALVES))
    if both is not None:
        return [(HALVES, both)]
    found: list[tuple[tuple[str, ...], list[Card]]] = []
    for half in HALVES:
        one = ph.complete(cards, used, _keeps(target, (half,)))
        if one is not None:
            found.append(((half,), one))
    return found


def derive_hand(scenario: Scenario) -> Derivation:
    """The play-outs of one hand case (see the module's docstring)."""
    cards = parse_cards(scenario.data["cards"])
    target = _stated(scenario)
    if len(cards) == 7 and ph.definition_values(cards) != target:
        raise PlayoutError(f"{scenario.id}: the definition values {format_cards(cards)} as "
                           f"{ph.describe(ph.definition_values(cards))}, the scenario says {ph.describe(target)}")
    derivation = Derivation()
    options = _half_sets(cards, target, set())
    if not options:
        derivation.gaps.append(Gap(scenario.id, "the hand", _no_seven(cards)))
        return derivation
    for halves, case in options:
        if len(options) < 2 and len(halves) < 2:
            other = "low" if halves == ("high",) else "high"
            derivation.gaps.append(Gap(scenario.id, f"the {other} at a showdown", _no_seven(cards, other)))
        for summary, builder in (("at and below", _at_and_below), ("above", _above)):
            seats = builder(case, target, halves)
            if seats is None:
                continue
            number = len(derivation.playouts) + 1
            playout = PlayOut(scenario, number, summary, seats, halves)
            _add_anchors(playout)
            derivation.playouts.append(playout)
    return derivation


def _no_seven(cards: Sequence[Card], half: str | None = None) -> str:
    what = "its value" if half is None else f"its {half} value"
    added = "no card added" if len(cards) == 6 else "no two cards added"
    return (f"{added} to {format_cards(cards)} keep {what}: every seven-card hand holding "
            "them is worth more (a card pairs, straightens, or outranks a kicker)")


def _at_and_below(case: list[Card], target: Values, halves: Sequence[str]) -> list[Seat] | None:
    """The case, its twin(s), and the nearest values below it in each tested half."""
    high, low = target
    seats = [Seat(case, "the case", frozenset(halves))]
    used = set(case)
    test_high, test_low = "high" in halves, "low" in halves
    low_ok = _low_below(low) if test_low else _any_low
    high_ok = _high_below(high) if test_high else _any_high
    twin = None
    if test_high and test_low:
        twin = ph.high_rival(high, used, lambda value: value == low)
        if twin is not None:
            seats.append(Seat(twin, "its twin (the same high and low)", frozenset(HALVES)))
            used |= set(twin)
    if twin is None and test_high:
        found = ph.high_rival(high, used, low_ok)
        if found is not None:
            seats.append(Seat(found, "its twin for high (the same high)", frozenset({"high"})))
            used |= set(found)
    if twin is None and test_low and low is not None:
        found = ph.low_rival(low, used, high_ok)
        if found is not None:
            seats.append(Seat(found, "its twin for low (the same low)", frozenset({"low"})))
            used |= set(found)
    if test_high:
        found = ph.nearest_high(high, -1, used, low_ok)
        if found is not None:
            seats.append(Seat(found, "the nearest high below it"))
            used |= set(found)
    if test_low and low is not None:
        found = ph.nearest_low(low, -1, used, high_ok)
        if found is not None:
            seats.append(Seat(found, "the nearest low below it"))
    return _no_low_half(seats, low)


def _no_low_half(seats: list[Seat], low: int | None) -> list[Seat]:
    """With no low in the case (and, by the bounds, none beside it) nobody wins a low half."""
    if low is None:
        for seat in seats:
            seat.wins -= {"low"}
    return seats


def _above(case: list[Card], target: Values, halves: Sequence[str]) -> list[Seat] | None:
    """The case and the nearest values above it in each tested half (None when it is the top)."""
    high, low = target
    seats = [Seat(case, "the case")]
    used = set(case)
    test_high, test_low = "high" in halves, "low" in halves
    if test_high:
        found = ph.nearest_high(high, +1, used, _low_below(low) if test_low else _any_low)
        if found is not None:
            seats.append(Seat(found, "the nearest high above it", frozenset({"high"})))
            used |= set(found)
    if test_low and low is not None:
        found = ph.nearest_low(low, +1, used, _high_below(high) if test_high else _any_high)
        if found is not None:
            seats.append(Seat(found, "the nearest low above it", frozenset({"low"})))
    if len(seats) == 1:
        return None
    if test_high and not any("high" in seat.wins for seat in seats):
        seats[0].wins |= {"high"}
    if test_low and not any("low" in seat.wins for seat in seats):
        seats[0].wins |= {"low"}
    return _no_low_half(seats, low)


# --- comparisons ---------------------------------------------------------------------------------


def _groups(chain: str) -> list[list[str]]:
    """``"a > b = c"`` -> ``[["a"], ["b", "c"]]``, best first."""
    relations = parse_ordering(chain)
    groups = [[relations[0][0]]]
    for _, relation, right in relations:
        if relation == ">":
            groups.append([right])
        else:
            groups[-1].append(right)
    return groups


def derive_compare(scenario: Scenario) -> Derivation:
    """One play-out per relation of the comparison's chains (see the module's docstring)."""
    data = scenario.data
    hands = {name: parse_cards(text) for name, text in data["hands"].items()}
    order = list(hands)
    chains = {half: _groups(data[half]) for half in HALVES if half in data}
    place = {half: {name: index for index, group in enumerate(groups) for name in group} for half, groups in chains.items()}
    pairs: list[tuple[str, str]] = []
    for half in HALVES:
        if half not in data:
            continue
        for left, _, right in parse_ordering(data[half]):
            pair = tuple(sorted((left, right), key=order.index))
            if pair not in pairs:
                pairs.append(pair)  # type: ignore[arg-type]
    derivation = Derivation()
    for first, second in pairs:
        stated = tuple(half for half in HALVES if half in chains)
        made = _pair_hands(hands[first], hands[second], stated)
        if made is None:
            derivation.gaps.append(Gap(scenario.id, f"{first} against {second}", _no_pair_reason(hands[first], hands[second], stated)))
            continue
        for halves, one, two in made:
            if len(halves) < len(stated):
                missing = next(half for half in stated if half not in halves)
                if not any(missing in other for other, _, _ in made):
                    derivation.gaps.append(Gap(scenario.id, f"{first} against {second} for {missing}",
                                               _no_pair_reason(hands[first], hands[second], (missing,))))
            seats = [Seat(one, f"hand {first}"), Seat(two, f"hand {second}")]
            for half in halves:
                best = min(place[half][first], place[half][second])
                for seat, name in zip(seats, (first, second)):
                    if place[half][name] == best:
                        seat.wins |= {half}
            playout = PlayOut(scenario, len(derivation.playouts) + 1, f"{first} against {second}", seats, halves)
            _no_low_at_all(playout, (hands[first], hands[second]))
            _add_anchors(playout)
            derivation.playouts.append(playout)
    return derivation


def _pair_hands(one: list[Card], two: list[Card], stated: tuple[str, ...]) -> list[tuple[tuple[str, ...], list[Card], list[Card]]] | None:
    """The two hands completed to seven distinct cards each, keeping their values in the stated
    halves (both at once if possible, else one half per deal); None if no half can be kept."""
    def attempt(halves: tuple[str, ...]) -> tuple[list[Card], list[Card]] | None:
        first = ph.complete(one, set(), _keeps(ph.definition_values(one), halves))
        if first is None:
            return None
        moved = ph.resuited(two, set(first))
        if moved is None:
            return None
        second = ph.complete(moved, set(first), _keeps(ph.definition_values(two), halves))
        if second is None:
            return None
        return first, second

    together = attempt(stated)
    if together is not None:
        return [(stated, *together)]
    separate: list[tuple[tuple[str, ...], list[Card], list[Card]]] = []
    for half in stated:
        made = attempt((half,)) if len(stated) > 1 else None
        if made is not None:
            separate.append(((half,), *made))
    return separate or None


def _no_pair_reason(one: list[Card], two: list[Card], halves: tuple[str, ...]) -> str:
    ranks = Counter(card.rank for card in [*one, *two])
    crowded = [rank for rank, count in ranks.items() if count > 4]
    if crowded:
        named = ", ".join(f"{count} cards of rank {rank.char}" for rank, count in ranks.items() if count > 4)
        return f"the two hands hold {named} between them: one deck cannot deal both"
    for cards in (one, two):
        keep = _keeps(ph.definition_values(cards), halves)
        if len(cards) < 7 and ph.complete(cards, set(), keep) is None:
            return _no_seven(cards, halves[0] if len(halves) == 1 else None)
    return ("each hand can be completed to seven cards on its own, but not both at once in any renaming of "
            "the suits: the cards that keep one hand's value are cards the other needs")


def _no_low_at_all(playout: PlayOut, hands: Sequence[list[Card]]) -> None:
    """A tested low half whose best hands have no low is no half at all: the high takes all
    (showdown.no-low). Whether the best low qualifies is the one thing the chains do not say;
    it is read from the definition, on the scenario's own cards."""
    if "low" not in playout.tested:
        return
    winners = [seat for seat in playout.seats if "low" in seat.wins]
    if all(ph.definition_values(hands[playout.seats.index(seat)])[1] is None for seat in winners):
        for seat in winners:
            seat.wins -= {"low"}


# --- anchors ------------------------------------------------------------------------------------


def _add_anchors(playout: PlayOut) -> None:
    """A seat winning each half the source does not decide, by a margin the definition confirms.

    When no free cards can beat every seat in that half (the comparison's hands hold the
    aces a better low needs), no anchor is added and the half goes as the definition values
    the seven-card hands (``PlayOut.by_definition``); the description says so.
    """
    used = {card for seat in playout.seats for card in seat.cards}
    values = [seat.values for seat in playout.seats]
    if "high" not in playout.tested:
        best_other = max(high for high, _ in values)
        low_ok = _low_below(_best_low(playout, values)) if "low" in playout.tested else _any_low
        for item in reversed(ph.HIGH_LADDER):
            if item.value <= best_other:
                break
            cards = ph.high_rival(item.value, used, low_ok)
            if cards is not None:
                playout.seats.append(Seat(cards, "the anchor for high", frozenset({"high"})))
                return
        playout.by_definition = "high"
    if "low" not in playout.tested:
        best_low = max(_low_key(low) for _, low in values)
        winning_high = max(high for seat, (high, _) in zip(playout.seats, values) if "high" in seat.wins)
        for value, _ in reversed(ph.LOW_LADDER):
            if value <= best_low:
                break
            cards = ph.low_rival(value, used, _high_below(winning_high))
            if cards is not None:
                playout.seats.append(Seat(cards, "the anchor for low", frozenset({"low"})))
                return
        playout.by_definition = "low"


def _best_low(playout: PlayOut, values: Sequence[Values]) -> int | None:
    """The low the tested low half is won with (None: nobody's low qualifies)."""
    lows = [low for seat, (_, low) in zip(playout.seats, values) if "low" in seat.wins]
    return max((low for low in lows if low is not None), default=None)


# --- the replay ----------------------------------------------------------------------------------


def winners(playout: PlayOut) -> tuple[list[int], list[int] | None]:
    """The seats (0-based) winning the high half and the low half (None: no low half), as the
    roles predict, after checking the prediction against the definition's values (a half
    ``by_definition`` is taken from them)."""
    values = [seat.values for seat in playout.seats]
    best_high = max(value for value, _ in values)
    computed_high = [index for index, (value, _) in enumerate(values) if value == best_high]
    lows = [value for _, value in values if value is not None]
    computed_low = [index for index, (_, value) in enumerate(values) if lows and value == max(lows)]
    high = [index for index, seat in enumerate(playout.seats) if "high" in seat.wins]
    low = [index for index, seat in enumerate(playout.seats) if "low" in seat.wins]
    if playout.by_definition == "high":
        high = computed_high
    if playout.by_definition == "low":
        low = computed_low
    if high != computed_high or low != computed_low:
        raise PlayoutError(f"{playout.id}: the roles say high {high}, low {low}; the definition says "
                           f"high {computed_high}, low {computed_low}")
    return high, (low or None)


def _stakes(players: int, high: list[int], low: list[int] | None) -> dict[str, int]:
    """Stakes whose pot, ``players`` x (ante + bring-in), splits into equal whole shares."""
    needed = len(high) if low is None else 2 * math.lcm(len(high), len(low))
    step = needed // math.gcd(needed, players)  # ante + bring-in must be a multiple of it
    total = step * -(-(BRING_IN + 1) // step)
    return {"ante": total - BRING_IN, "bring_in": BRING_IN, "small_bet": SMALL_BET, "big_bet": BIG_BET}


def _board_key(up: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """act-order.exposed-ranking: groups first (larger, then higher), then the other cards
    from the highest down; straights, flushes and suits never count."""
    counts = Counter(int(card.rank) for card in up)
    ranked = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return tuple(sorted(counts.values(), reverse=True)), tuple(rank for rank, _ in ranked)


def _first_to_act(ups: Sequence[Sequence[Card]]) -> int:
    """act-order.best-exposed-hand, ties to the lowest seat (act-order.ties, the default)."""
    best = 0
    for seat in range(1, len(ups)):
        if _board_key(ups[seat]) > _board_key(ups[best]):
            best = seat
    return best


def _script(seats: Sequence[Seat]) -> list[tuple[str, list[str]]]:
    """Everyone calls the bring-in, then checks every street (seventh keeps sixth's order):
    each street's actions with a comment saying who acts first and why."""
    count = len(seats)
    up = [[seat.cards[2]] for seat in seats]
    bring_in = min(range(count), key=lambda seat: seats[seat].cards[2])  # bring-in.lowest-upcard, suit-order
    script = [(f"third street: p{bring_in + 1} brings in with the lowest up card, {seats[bring_in].cards[2]}; the others call",
               [f"p{bring_in + 1} pb"] + [f"p{(bring_in + step) % count + 1} cc" for step in range(1, count)])]
    for street in range(1, 5):
        if street < 4:
            for seat in range(count):
                up[seat].append(seats[seat].cards[2 + street])
        first = _first_to_act(up)
        why = (f"p{first + 1} shows the best board, {format_cards(up[first])}" if street < 4
               else f"sixth street's order again, p{first + 1} first")
        script.append((f"{STREETS[street]} street: {why}; everyone checks",
                       [f"p{(first + step) % count + 1} cc" for step in range(count)]))
    return script


def _orders_agree(seats: Sequence[Seat]) -> bool:
    """Whether each of fourth, fifth and sixth street has the same first to act under both
    values of ``act_order_ties`` (tied boards go to the lowest seat, or to the higher suit)."""
    from stud8.reference.exposed import TIE_BY_SUIT, first_to_act

    count = len(seats)
    boards = [[seat.cards[2].index] for seat in seats]
    for street in range(1, 4):
        for index, seat in enumerate(seats):
            boards[index].append(seat.cards[2 + street].index)
        candidates = list(range(count))
        if first_to_act(boards, candidates, "first_clockwise_from_dealer") != first_to_act(boards, candidates, TIE_BY_SUIT):
            return False
    return True


def seated(playout: PlayOut) -> PlayOut:
    """The play-out with its seats in an order whose script is the same under either value of
    ``act_order_ties``: as derived when that one is, else the first permutation that is.

    A play-out tests hand values, not the tie rule; but its script names who checks first, and
    tied boards (a twin beside the case) would make it a scenario of the default tie rule only,
    not applicable to an engine that breaks ties by suit (applicability.py). Seating the tied
    player holding the higher suit first keeps every play-out for such engines too."""
    import itertools
    from dataclasses import replace

    if _orders_agree(playout.seats):
        return playout
    for order in itertools.permutations(range(len(playout.seats))):
        seats = [playout.seats[index] for index in order]
        if _orders_agree(seats):
            return replace(playout, seats=seats)
    return playout


def to_replay(playout: PlayOut) -> dict[str, Any]:
    """The play-out as a replay scenario (the data a scenario file holds), seated so that its
    script does not hang on the tie rule (``seated``)."""
    playout = seated(playout)
    source = playout.source
    high, low = winners(playout)
    seats = playout.seats
    count = len(seats)
    stakes = _stakes(count, high, low)
    script = _script(seats)
    pot = count * (stakes["ante"] + stakes["bring_in"])
    name = [f"p{index + 1}" for index in range(count)]
    stacks = [STACK - stakes["ante"] - stakes["bring_in"]] * count
    high_award: dict[str, int] = {}
    low_award: dict[str, int] | None = None
    if low is None:
        for index in high:
            high_award[name[index]] = pot // len(high)
    else:
        low_award = {}
        for index in high:
            high_award[name[index]] = pot // 2 // len(high)
        for index in low:
            low_award[name[index]] = pot // 2 // len(low)
    for award in (high_award, low_award or {}):
        for holder, amount in award.items():
            stacks[name.index(holder)] += amount
    deal: dict[str, dict[str, str]] = {"third": {}}
    for index, seat in enumerate(seats):
        deal["third"][name[index]] = format_cards(seat.cards[:3])
    for street_index, street in enumerate(STREETS[1:], start=3):
        deal[street] = {name[index]: str(seat.cards[street_index]) for index, seat in enumerate(seats)}
    rules = list(source.rules)
    for rule in _showdown_rules(high, low):
        if rule not in rules:
            rules.append(rule)
    return {
        "id": playout.id,
        "kind": "replay",
        "played_out": source.id,
        "title": _title(playout),
        "rules": rules,
        "description": _description(playout, high, low, pot),
        "stakes": stakes,
        "stacks": [STACK] * count,
        "deal": deal,
        "comments": [f"{name[index]}, {seat.role}: {format_cards(seat.cards)}: {ph.describe(seat.values)}"
                  for index, seat in enumerate(seats)],
        "actions": [action for _, actions in script for action in actions],
        "script": script,
        "outcome": {
            "stacks": stacks,
            "pots": [{"amount": pot, "eligible": name, "high": high_award, "low": low_award}],
            "returned": {},
        },
    }


def _showdown_rules(high: list[int], low: list[int] | None) -> list[str]:
    rules = ["showdown.split"]
    if low is None:
        rules.append("showdown.no-low")
    if len(high) > 1 or (low is not None and len(low) > 1):
        rules.append("showdown.ties")
    if low is not None and high == low and len(high) == 1:
        rules.append("showdown.scoop")
    if low is not None and high == low and len(high) > 1:
        rules.append("odd-chip.tied-both-ways")
    return rules


def _title(playout: PlayOut) -> str:
    halves = "" if len(playout.tested) == 2 else f" ({playout.tested[0]} only)"
    if playout.source.kind == "hand":
        what = {"at and below": "against its twin and the nearest hands below",
                "above": "against the nearest hands above"}[playout.summary]
        return f"Played out: {playout.source.id} at a showdown {what}{halves}"
    return f"Played out: {playout.source.id} at a showdown, {playout.summary}{halves}"


def _seat_list(indices: Sequence[int]) -> str:
    names = [f"p{index + 1}" for index in indices]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _description(playout: PlayOut, high: list[int], low: list[int] | None, pot: int) -> str:
    """What the deal is and who wins, in two or three sentences."""
    source = playout.source
    roles = ", ".join(f"p{index + 1} {seat.role}" for index, seat in enumerate(playout.seats))
    if source.kind == "hand":
        subject = f"The cards of hand case {source.id}"
    else:
        subject = f"The hands {playout.summary.replace(' against ', ' and ')} of comparison {source.id}"
    parts = [f"{subject}, dealt at a table of {len(playout.seats)} and checked down to the showdown ({roles})."]
    verb = "wins" if len(high) == 1 else "share"
    if low is None:
        parts.append(f"Nobody has an eight-or-better low: {_seat_list(high)} {verb} the whole {pot}-chip pot with the best high.")
    else:
        low_verb = "wins" if len(low) == 1 else "share"
        parts.append(f"{_seat_list(high)} {verb} the high half and {_seat_list(low)} {low_verb} the low half of the {pot}-chip pot.")
    if playout.by_definition:
        parts.append(f"The scenario states no {playout.by_definition} order and no free cards beat both hands there, "
                     f"so that half follows the definition's values.")
    return " ".join(parts)


# --- the whole suite -----------------------------------------------------------------------------


def derive(scenario: Scenario) -> Derivation:
    """The play-outs (and gaps) of a hand case or a comparison; nothing for a replay."""
    try:
        if scenario.kind == "hand":
            return derive_hand(scenario)
        if scenario.kind == "compare":
            return derive_compare(scenario)
    except PlayoutError as error:
        raise PlayoutError(f"{scenario.path}:{scenario.line}: {scenario.id}: {error}") from None
    return Derivation()


def sources(folder: Path | None = None) -> list[Scenario]:
    """The hand cases and comparisons of the suite, in file order (the play-outs' own folder
    is not read: they are derived from the others)."""
    root = folder or packaged_scenarios_dir()
    paths = [path for path in sorted(root.iterdir()) if path.name != OUT_FOLDER and (path.is_dir() or path.suffix in (".yaml", ".yml"))]
    files, problems = load_suite(paths)
    if problems:
        raise PlayoutError(f"the suite does not validate: {problems[0]}")
    return [scenario for scenario in iter_scenarios(files) if scenario.kind in ("hand", "compare")]


GAPS_FILE = "playout-gaps.yaml"
"""Beside the suite folder: the relations no deal can show, with the reason (the catalogue
lists them under their scenario)."""


def generate(folder: Path | None = None) -> tuple[dict[str, str], list[Gap]]:
    """Every play-out file's text, by path relative to the suite folder, and every gap."""
    root = folder or packaged_scenarios_dir()
    by_file: dict[str, list[dict[str, Any]]] = {}
    gaps: list[Gap] = []
    for scenario in sources(root):
        derivation = derive(scenario)
        gaps.extend(derivation.gaps)
        if not derivation.playouts:
            continue
        relative = Path(scenario.path).resolve().relative_to(root.resolve())
        target = f"{OUT_FOLDER}/{relative.parts[0]}-{relative.stem}.yaml"
        by_file.setdefault(target, []).extend(to_replay(playout) for playout in derivation.playouts)
    texts = {}
    for target, replays in by_file.items():
        origin = target.split("/")[1].replace("-", "/", 1)
        texts[target] = file_text(replays, origin)
    return texts, gaps


def gaps_text(gaps: Sequence[Gap]) -> str:
    """The gaps file: one entry per relation no deal can show."""
    out = ["# The relations of hand cases and comparisons that no deal can show, and why; generated with the",
           "# play-outs by `python -m stud8.conformance.suite.playout --write`. Do not edit.",
           "gaps:"]
    out.extend(f"  - {{source: {gap.source}, what: {_scalar(gap.what)}, reason: {_scalar(gap.reason)}}}" for gap in gaps)
    return "\n".join(out) + "\n"


def load_gaps(path: Path | None = None) -> list[Gap]:
    """The committed gaps (empty when the file is missing, as for a suite of one's own)."""
    from stud8.spec.yamlio import load_yaml_file

    where = path or packaged_scenarios_dir().parent / GAPS_FILE
    if not where.is_file():
        return []
    document = load_yaml_file(where, str(where))
    return [Gap(item["source"], item["what"], item["reason"]) for item in document["gaps"]]


def file_text(replays: Sequence[Mapping[str, Any]], origin: str) -> str:
    """A scenario file of play-outs, with the seats' cards and values as comments."""
    out = [MODELINE,
           f"# Play-outs of the hand cases and comparisons in conformance/scenarios/{origin}, generated by",
           "# `python -m stud8.conformance.suite.playout --write` (conformance/suite/playout.py says how). Do not edit:",
           "# a test fails when this file is not what the generator writes.",
           "scenarios:"]
    for replay in replays:
        out.append(f"  - id: {replay['id']}")
        out.append("    kind: replay")
        out.append(f"    played_out: {replay['played_out']}")
        out.append(f"    title: {_scalar(replay['title'])}")
        out.append(f"    rules: [{', '.join(replay['rules'])}]")
        out.append(f"    description: {_scalar(replay['description'])}")
        out.append(f"    stakes: {_flow(replay['stakes'])}")
        out.append(f"    stacks: {_flow(replay['stacks'])}")
        out.append("    deal:")
        for street, cards in replay["deal"].items():
            out.append(f"      {street}: {_flow(cards)}")
        out.extend(f"    # {line}" for line in replay["comments"])
        out.append("    actions:")
        for comment, actions in replay["script"]:
            out.append(f"      # {comment}")
            out.extend(f"      - {action}" for action in actions)
        outcome = replay["outcome"]
        out.append("    outcome:")
        out.append(f"      stacks: {_flow(outcome['stacks'])}")
        out.append("      pots:")
        out.extend(f"        - {_flow(pot)}" for pot in outcome["pots"])
        out.append("      returned: {}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _scalar(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _flow(value: Any) -> str:
    """A value in YAML flow style (JSON is YAML; keys left unquoted where they are plain)."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, str):
        return _scalar(value) if " " in value or not value.isalnum() else value
    return str(value)


def _all_texts(folder: Path, texts: Mapping[str, str], gaps: Sequence[Gap]) -> dict[Path, str]:
    """Every generated file by its path: the play-out files and the gaps file beside the suite."""
    found = {folder / relative: text for relative, text in texts.items()}
    found[folder.parent / GAPS_FILE] = gaps_text(gaps)
    return found


def write(folder: Path, texts: Mapping[str, str], gaps: Sequence[Gap] = ()) -> list[str]:
    """Write the play-out files under ``folder`` and the gaps file beside it, removing stale
    play-out files; the paths changed."""
    out = folder / OUT_FOLDER
    out.mkdir(exist_ok=True)
    wanted = _all_texts(folder, texts, gaps)
    changed = []
    for left in sorted(out.glob("*.yaml")):
        if left not in wanted:
            left.unlink()
            changed.append(str(left))
    for path, text in sorted(wanted.items()):
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(str(path))
    return changed


def stale(folder: Path, texts: Mapping[str, str], gaps: Sequence[Gap] = ()) -> list[str]:
    """The generated files that differ from what the generator writes (missing, changed or
    left over), as paths."""
    out = folder / OUT_FOLDER
    wanted = _all_texts(folder, texts, gaps)
    found = [str(path) for path in sorted(out.glob("*.yaml")) if path not in wanted] if out.is_dir() else []
    for path, text in sorted(wanted.items()):
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            found.append(str(path))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m stud8.conformance.suite.playout [--write | --check] [--scenarios DIR]``."""
    parser = argparse.ArgumentParser(prog="python -m stud8.conformance.suite.playout",
                                     description="Derive the play-outs of the hand cases and comparisons.")
    parser.add_argument("--write", action="store_true", help="write the play-out files (default: only check them)")
    parser.add_argument("--scenarios", type=Path, default=None, help="the suite folder (default: the packaged suite)")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        sys.stderr.close()
        return 0


def _run(args: argparse.Namespace) -> int:
    folder = args.scenarios or packaged_scenarios_dir()
    try:
        texts, gaps = generate(folder)
    except PlayoutError as error:
        print(f"playout: {error}", file=sys.stderr)
        return 1
    if args.write:
        for path in write(folder, texts, gaps):
            print(f"wrote {path}")
    else:
        for path in stale(folder, texts, gaps):
            print(f"stale: {path}")
    count = sum(text.count("\n  - id: ") for text in texts.values())
    print(f"{count} play-outs in {len(texts)} files; {len(gaps)} relations cannot be played out")
    for gap in gaps:
        print(f"  {gap.source}: {gap.what}: {gap.reason}")
    return 0 if args.write or not stale(folder, texts, gaps) else 1


if __name__ == "__main__":
    sys.exit(main())
