"""The first parting: the first step where an engine's state differs from the reference engine's.

A failure shows where a scenario's expectation was missed, which is often well after the
engine went wrong: an engine that gives the bring-in player an option keeps third street open,
and the next scripted action is refused as out of turn three steps later, or accepted as the
option and the hand goes on quietly until the pots differ. The root cause is the first state
where the two engines part on the same inputs: the state **before** a refused or wrong action,
not the action.

``engine_states`` plays a scenario's inputs on an engine (the start and every scripted action)
and keeps its observation after each; ``reference_states`` does the same on the reference
engine. ``first_parting`` walks the two side by side and returns the first state where an
observation differs, with the field that differs there, chosen in the order in which fields
follow from each other: the cards dealt, then the betting round (street, over), whose turn,
the bring-in, the legal moves, folds and all-ins, then the chips, the community card and at the
end the result. ``observation_differences`` is the same comparison for one pair of
observations (``stud8 explain`` shows it at every step). Only fields the protocol defines are
compared (docs/protocol.md, observe), in the runner's own terms (``replay.CHECKPOINT_FIELDS``):
the order of the legal moves, extra fields and ``contributed`` never count.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud8.conformance.engines.api import Engine, EngineRefusal, ReferenceEngine
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.differences import Difference, differences
from stud8.conformance.suite.replay import CHECKPOINT_FIELDS, _pots, _seat_map, seat_name, sent_options
from stud8.conformance.suite.scenarios import Scenario

Observation = Mapping[str, Any]

FIELD_ORDER: tuple[str, ...] = (
    "street", "over", "to_act", "bring_in", "legal", "folded", "all_in", "committed", "stacks", "pot", "pots",
    "community",
)
"""The observation's fields in the order they are looked at, after the cards (see the module
docstring): a later field usually follows from an earlier one."""

RESULT_FIELDS: tuple[str, ...] = ("returned", "pots", "show_order", "stacks")
"""The result's fields, compared once the hand is over on both sides (the chips returned and
the pots before the stacks, which follow from them)."""


@dataclass
class States:
    """One engine's observations along a scenario: ``observations[key]`` is the state after
    the step ``key`` (``start``, or ``actions[N]`` of a scripted action or of an expected
    refusal the engine accepted); ``order`` lists the keys as played; ``stopped`` is the step
    where the engine refused a scripted action (its state is the one before it), and
    ``answer`` what it said then."""

    observations: dict[str, Observation] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    stopped: str | None = None
    answer: str | None = None

    def add(self, key: str, observation: Observation) -> None:
        self.observations[key] = observation
        self.order.append(key)


def _index(key: str) -> int:
    """``start`` -> -1, ``actions[7]`` -> 7, ``outcome`` (or anything else) -> a large number."""
    if key == "start":
        return -1
    if key.startswith("actions[") and key.endswith("]"):
        try:
            return int(key[len("actions["):-1])
        except ValueError:
            return 1 << 30
    return 1 << 30


def engine_states(engine: Engine, scenario: Scenario) -> States:
    """Play the scenario's inputs on ``engine``, observing after the start and every action.

    An expected refusal is sent as the runner sends it; if the engine accepts it, its state is
    kept and the play stops there (the hands have parted). A refused scripted action stops the
    play too. ``EngineRefusal`` of the start is kept as ``stopped = "start"``; an ``EngineFault``
    passes through (the caller decides what a fault costs)."""
    states = States()
    data = scenario.data
    try:
        engine.start(stacks=data["stacks"], stakes=data["stakes"], deck=[str(card) for card in scenario_deck(data)],
                     profile=data.get("profile"), options=sent_options(data))
    except EngineRefusal as refusal:
        states.stopped, states.answer = "start", f"refused {refusal.code}"
        return states
    states.add("start", engine.observe())
    for index, item in enumerate(data.get("actions") or []):
        key = f"actions[{index}]"
        if isinstance(item, str):
            try:
                engine.act(item)
            except EngineRefusal as refusal:
                states.stopped, states.answer = key, f"refused {refusal.code}" + (f": {refusal.message}" if refusal.message else "")
                return states
            states.add(key, engine.observe())
        elif "reject" in item:
            try:
                engine.act(item["reject"])
            except EngineRefusal:
                continue
            states.add(key, engine.observe())
            states.stopped, states.answer = key, "accepted"
            return states
    return states


def reference_states(scenario: Scenario) -> States:
    """``engine_states`` on the reference engine."""
    return engine_states(ReferenceEngine(), scenario)


@dataclass(frozen=True)
class Parting:
    """Where two engines first part: the step ``at`` (a key of ``States``), the field compared
    there (``check``: an observation field, ``up``/``down`` for the cards, ``outcome.FIELD`` for
    the result) and its first differing element, the two observations there and the reference
    engine's observation before the step (``before``), and the action of the step."""

    at: str
    check: str
    difference: Difference
    engine: Observation
    reference: Observation
    before: Observation | None
    action: str | None
    fact: str | None = None

    def text(self) -> str:
        what = "after the start" if self.at == "start" else f"after {self.action!r} ({self.at})" if self.action else self.at
        return (f"first parting {what}: {self.difference.path}: reference engine "
                f"{_show(self.difference.expected)}, engine {_show(self.difference.got)}")


def _show(value: Any) -> str:
    from stud8.conformance.suite.differences import show

    return show(value)


def _seats(observation: Observation) -> dict[int, Mapping[str, Any]]:
    return {int(seat["seat"]): seat for seat in observation.get("seats") or [] if isinstance(seat, Mapping) and "seat" in seat}


def _dealt(mine: Mapping[int, Mapping[str, Any]],
           theirs: Mapping[int, Mapping[str, Any]]) -> Iterator[tuple[int, str, list[str], list[str]]]:
    """(seat, ``up``/``down``, the reference engine's cards, the engine's) for each seat both show."""
    for number, seat in mine.items():
        other = theirs.get(number)
        if other is None:
            continue
        for kind in ("up", "down"):
            yield number, kind, [str(c) for c in seat.get(kind) or []], [str(c) for c in other.get(kind) or []]


def card_differences(reference: Observation, engine: Observation, deck: Sequence[str],
                     counts: bool = True) -> list[tuple[str, Difference, str | None]]:
    """The seats dealt other cards by the engine: (``up``/``down``, the difference, the fact
    that explains it: ``dead cards dealt`` or ``burn dealt``, if one does). Cards dealt to a
    folded seat come first; then, seat by seat, a card that differs where both sides have one;
    then (with ``counts``) a seat holding more or fewer cards of a kind while the street is the
    same."""
    found: list[tuple[str, Difference, str | None]] = []
    theirs = _seats(engine)
    mine = _seats(reference)
    for number, seat in mine.items():
        other = theirs.get(number)
        if other is not None and seat.get("folded"):
            dealt = len(other.get("up") or []) + len(other.get("down") or [])
            if dealt > len(seat.get("up") or []) + len(seat.get("down") or []):
                found.append(("down", Difference(f"cards[p{number}]", _hand(seat), _hand(other)), "dead cards dealt"))
    for number, kind, want, got in _dealt(mine, theirs):
        for position in range(min(len(want), len(got))):
            if want[position] != got[position]:
                fact = None
                if want[position] in deck and got[position] in deck and deck.index(got[position]) < deck.index(want[position]):
                    fact = "burn dealt"  # the engine dealt a card the rule book burns
                found.append((kind, Difference(f"{kind}[p{number}]", " ".join(want), " ".join(got)), fact))
                break
    if counts and reference.get("street") == engine.get("street"):
        found += [(kind, Difference(f"{kind}[p{number}]", " ".join(want), " ".join(got)), None)
                  for number, kind, want, got in _dealt(mine, theirs) if len(want) != len(got)]
    return found


def _hand(seat: Mapping[str, Any]) -> str:
    down = [str(card) for card in seat.get("down") or []]
    return " ".join([*down[:2], *(str(card) for card in seat.get("up") or []), *down[2:]])


def _read(key: str, observation: Observation) -> Any:
    read, _ = CHECKPOINT_FIELDS[key]
    try:
        return read(observation)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None


def _result(observation: Observation, key: str) -> Any:
    result = observation.get("result") or {}
    if not isinstance(result, Mapping):
        return None
    if key == "pots":
        try:
            return _pots(result.get("pots") or [], True)
        except (KeyError, TypeError, ValueError):
            return result.get("pots")
    if key == "returned":
        return {seat: amount for seat, amount in (_seat_map(result.get("returned")) or {}).items() if amount}
    if key == "show_order":
        return [seat_name(seat) for seat in result.get("show_order") or []]
    return list(result.get(key) or [])


def observation_differences(reference: Observation, engine: Observation,
                            deck: Sequence[str] = ()) -> list[tuple[str, Difference, str | None]]:
    """Every field where ``engine``'s observation differs from ``reference``'s, in the order of
    the module docstring: (the check, its first differing element, a fact about the deal)."""
    if not is_observation(reference) or not is_observation(engine):
        return []
    found = card_differences(reference, engine, deck)
    for key in FIELD_ORDER:
        for difference in differences(key, _read(key, reference), _read(key, engine))[:1]:
            found.append((key, difference, None))
    if reference.get("over") and engine.get("over"):
        for key in RESULT_FIELDS:
            for difference in differences(key, _result(reference, key), _result(engine, key))[:1]:
                found.append((f"outcome.{key}", difference, None))
    return found


def is_observation(value: Any) -> bool:
    """Whether ``value`` is an observation (not a refusal, a fault or nothing)."""
    return isinstance(value, Mapping) and isinstance(value.get("seats"), list)


def _action_of(scenario: Scenario, key: str) -> str | None:
    index = _index(key)
    actions = scenario.data.get("actions") or []
    if 0 <= index < len(actions):
        item = actions[index]
        return item if isinstance(item, str) else item.get("reject") if isinstance(item, Mapping) else None
    return None


def first_parting(scenario: Scenario, engine: States, reference: States, until: str | None = None) -> Parting | None:
    """The first state (up to the step ``until``, included) where the two engines' observations
    differ, or None when they agree all along (or the engine was never observed)."""
    deck = [str(card) for card in scenario_deck(scenario.data)]
    limit = _index(until) if until is not None else 1 << 31
    previous: Observation | None = None
    for key in reference.order:
        if _index(key) > limit:
            break
        mine = reference.observations[key]
        theirs = engine.observations.get(key)
        if theirs is None:
            break
        found = observation_differences(mine, theirs, deck)
        if found:
            check, difference, fact = found[0]
            return Parting(key, check, difference, theirs, mine, previous, _action_of(scenario, key), fact)
        previous = mine
    return None


def compared_state(failure_at: str, states: States) -> str | None:
    """The key of the state a failure at step ``failure_at`` compared: the state after the last
    action played before it (a checkpoint, a refused action, an expected refusal), or the last
    state at the outcome."""
    if not states.order:
        return None
    if failure_at == "outcome" or _index(failure_at) >= 1 << 30:
        return states.order[-1]
    index = _index(failure_at)
    earlier = [key for key in states.order if _index(key) < index]
    return earlier[-1] if earlier else None
