"""The rule of a failure's first difference: its root cause.

A failure says where the engine first disagreed with a scenario (``ScenarioFailure``); this
module says which rule that disagreement breaks. It replays the scenario on the reference
engine up to the failing step, so that the rule table (``conformance/suite/checks.py``) can
see the state the rule book says the hand is in there: third street with the bring-in due,
the start of a later street, a heads-up pot, a tied half. Only failures pay for it, and only
with the reference engine: the engine under test is asked nothing more.

Before the field compared, two things the engine's observation shows are looked at first,
because everything compared after them follows from them:

* **the deal**: a seat given other cards than the reference engine gives it (a burn skipped, a
  card dealt to a folded seat, a wrong order) is a dealing difference, whatever was checked;
* **the round**: an engine still on another street, or over when the hand is not, closed a
  betting round differently: the chips and turns compared next only follow from that.

And at the end of a hand, the final stacks follow from the pots and the chips returned: a
difference in the stacks is traced to the first difference between the engine's result and
the reference engine's, so a wrong odd chip shows as ``odd-chip.within-half``, not as "the
stacks". Awards to other winners are told apart with the reference evaluator (the engine rated
a hand of another category, or the same category otherwise, or missed a tie).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud8.conformance.engines.api import Engine, EngineFault, EngineRefusal, ReferenceEngine
from stud8.conformance.suite.checks import Situation, rule_for
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.differences import Difference, differences, show
from stud8.conformance.suite.parting import (
    Parting,
    States,
    card_differences,
    compared_state,
    engine_states,
    first_parting,
    reference_states,
)
from stud8.conformance.suite.replay import CHECKPOINT_FIELDS, ScenarioFailure, _pots, _seat_map
from stud8.conformance.suite.scenarios import Scenario
from stud8.reference.cards import parse_cards
from stud8.reference.hands import best_high, best_low
from stud8.spec.errors import Stud8Error
from stud8.spec.rulebook import default_rulebook

Observation = Mapping[str, Any]


@dataclass
class ReferenceTrace:
    """The reference engine's observations along a scenario.

    ``states`` maps each step key (``start``, ``actions[N]``, ``outcome``) to the observation
    before the step's last action and the one at the step; ``moves`` lists every action played
    as (step key, action, before, after); ``stopped`` says where the reference engine itself
    refused the script, if it did (a scenario that contradicts the rule book: nothing after it
    is known); ``deck`` is the stacked deck, top card first.
    """

    states: dict[str, tuple[Observation | None, Observation | None]] = field(default_factory=dict)
    moves: list[tuple[str, str, Observation, Observation]] = field(default_factory=list)
    stopped: str | None = None
    deck: list[str] = field(default_factory=list)

    def at(self, key: str) -> tuple[Observation | None, Observation | None]:
        return self.states.get(key, (None, None))


def reference_trace(scenario: Scenario) -> ReferenceTrace:
    """Replay a replay scenario on the reference engine, keeping its observations."""
    trace = ReferenceTrace()
    if scenario.kind != "replay":
        return trace
    data = scenario.data
    engine = ReferenceEngine()
    trace.deck = [str(card) for card in scenario_deck(data)]
    try:
        engine.start(stacks=data["stacks"], stakes=data["stakes"], deck=trace.deck,
                     profile=data.get("profile"), options=data.get("options", {}))
    except EngineRefusal:
        trace.stopped = "start"
        return trace
    current = engine.observe()
    before: Observation | None = None
    trace.states["start"] = (None, current)
    for index, item in enumerate(data.get("actions") or []):
        key = f"actions[{index}]"
        if isinstance(item, str):
            trace.states[key] = (current, current)
            try:
                engine.act(item)
            except EngineRefusal:
                trace.stopped = key
                return trace
            before, current = current, engine.observe()
            trace.moves.append((key, item, before, current))
        elif "expect" in item:
            trace.states[key] = (before, current)
        else:
            trace.states[key] = (current, current)
    trace.states["outcome"] = (before, current)
    return trace


# --- facts read from the two observations ---------------------------------------------------------


def _seats(observation: Observation | None) -> dict[int, Mapping[str, Any]]:
    return {int(seat["seat"]): seat for seat in (observation or {}).get("seats") or [] if "seat" in seat}


def _dealt_otherwise(reference: Observation | None, engine: Observation | None,
                     deck: Sequence[str]) -> tuple[str, Difference, str | None] | None:
    """The first seat given other cards by the engine (not merely more or fewer of them): the
    check that fails (``up`` or ``down``), the difference, and the fact that explains it
    (``dead cards dealt``, ``burn dealt``) if one does (``parting.card_differences``)."""
    if reference is None or engine is None:
        return None
    found = card_differences(reference, engine, deck, counts=False)
    return found[0] if found else None


def _seat_name(seat: Any) -> str | None:
    return None if seat is None else f"p{seat}"


def _round_differs(reference: Observation | None, engine: Observation | None) -> tuple[str, Difference] | None:
    """The engine is on another street, or over when the reference engine's hand is not."""
    if reference is None or engine is None:
        return None
    if bool(reference.get("over")) != bool(engine.get("over")):
        return "over", Difference("over", bool(reference.get("over")), bool(engine.get("over")))
    if not reference.get("over") and reference.get("street") != engine.get("street"):
        return "street", Difference("street", reference.get("street"), engine.get("street"))
    return None


def all_in_raise_streets(trace: ReferenceTrace, until: str) -> set[str]:
    """The streets on which a player went all-in with a bet or raise (more than anyone else had
    in front of them), among the moves before step ``until``."""
    streets: set[str] = set()
    for key, action, before, after in trace.moves:
        if key == until:
            break
        seat = int(action.split()[0][1:])
        mine = _seats(after).get(seat)
        if mine is None or not mine.get("all_in") or after.get("street") != before.get("street"):
            continue
        top = max((entry.get("committed", 0) for number, entry in _seats(before).items() if number != seat), default=0)
        if mine.get("committed", 0) > top:
            streets.add(str(after.get("street")))
    return streets


def _result_pots(observation: Observation | None) -> list[dict[str, Any]]:
    result = (observation or {}).get("result") or {}
    return _pots(result.get("pots", []), True)


def _returned(observation: Observation | None) -> dict[str, int]:
    result = (observation or {}).get("result") or {}
    return {seat: amount for seat, amount in (_seat_map(result.get("returned")) or {}).items() if amount}


def _award_facts(reference: Observation | None, difference: Difference | None, want_pots: Any, got_pots: Any) -> set[str]:
    """For a pot awarded to other winners: how the reference evaluator rates the hands of the
    scenario's winners against the engine's (``other high category``, ``same high category``,
    ``equal hands``, ``engine low without a low``)."""
    if reference is None or difference is None:
        return set()
    match = re.match(r"^pots\[(\d+)\]\.(high|low)", difference.path)
    if not match or not isinstance(want_pots, list) or not isinstance(got_pots, list):
        return set()
    index, half = int(match.group(1)), match.group(2)
    if index >= len(want_pots) or index >= len(got_pots):
        return set()
    want, got = want_pots[index].get(half), got_pots[index].get(half)
    community = reference.get("community")
    seats = _seats(reference)

    def cards(name: str) -> list[Any]:
        seat = seats.get(int(name[1:]), {})
        texts = [*(seat.get("down") or []), *(seat.get("up") or []), *([community] if community else [])]
        return parse_cards(texts)

    try:
        want_low, got_low = want_pots[index].get("low"), got_pots[index].get("low")
        if want_low is None and isinstance(got_low, Mapping):  # split on the engine's side only
            return {"engine low without a low"} if any(best_low(cards(name)) is None for name in got_low) else set()
        if not isinstance(want, Mapping) or not isinstance(got, Mapping) or set(want) == set(got):
            return set()
        if set(got) < set(want):
            return {"equal hands"}  # a tied winner left out: the tie was not shared
        high_winners = want_pots[index].get("high")
        if half == "low" and isinstance(high_winners, Mapping) and set(want) == set(high_winners) \
                and not set(want) & set(got):
            return {"scoop denied"}
        if half == "high":
            ours = [best_high(cards(name)) for name in want]
            theirs = [best_high(cards(name)) for name in got if name not in want]
            if not theirs or not ours:
                return {"equal hands"}
            if any(hand.value == ours[0].value for hand in theirs):
                return {"equal hands"}
            return {"other high category"} if any(hand.category != ours[0].category for hand in theirs) else {"same high category"}
        ours_low = [best_low(cards(name)) for name in want]
        theirs_low = [best_low(cards(name)) for name in got if name not in want]
        if any(hand is None for hand in theirs_low):
            return {"engine low without a low"}
        if theirs_low and ours_low and ours_low[0] is not None and any(
                hand is not None and hand.value == ours_low[0].value for hand in theirs_low):
            return {"equal hands"}
        return {"other low"}
    except (Stud8Error, KeyError, ValueError):
        return set()


def _situation(scenario: Scenario, failure: ScenarioFailure, trace: ReferenceTrace) -> tuple[str, Situation]:
    before, reference = trace.at(failure.at)
    first = failure.details[0] if failure.details else None
    check = failure.check
    expected, got = failure.expected, failure.got
    engine = failure.observation
    facts: set[str] = set()
    if reference is not None and failure.at in trace.states:
        facts |= {"all-in raise this street"} if reference.get("street") in all_in_raise_streets(trace, failure.at) else set()
    dealt = _dealt_otherwise(reference, engine, trace.deck) if check not in ("up", "down") else None
    round_differs = _round_differs(reference, engine) if check not in ("street", "over", "outcome.over") else None
    if dealt is not None:
        check, first, fact = dealt
        failure.cause = first
        if fact:
            facts.add(fact)
    elif round_differs is not None:
        check, first = round_differs
        failure.cause = first
    elif check == "action" and failure.code == "out-of-turn" and reference is not None and engine is not None:
        check = "to_act"
        first = Difference("to_act", _seat_name(reference.get("to_act")), _seat_name(engine.get("to_act")))
        expected, got = first.expected, first.got
    elif check == "outcome.stacks" and engine is not None and reference is not None:
        # The stacks follow from the pots and the chips returned: find which of them differs.
        returned = differences("returned", _returned(reference), _returned(engine))
        want_pots, got_pots = _result_pots(reference), _result_pots(engine)
        pot_differences = differences("pots", want_pots, got_pots)
        if returned:
            failure.cause = returned[0]
            check, first = "outcome.returned", returned[0]
        elif pot_differences:
            failure.cause = pot_differences[0]
            check, first, expected, got = "outcome.pots", pot_differences[0], want_pots, got_pots
    elif check == "outcome.pots" and engine is not None and reference is not None and first is not None \
            and not first.path.endswith((".high", ".low")) and ".high." not in first.path and ".low." not in first.path:
        returned = differences("returned", _returned(reference), _returned(engine))
        if returned:  # a pot holds chips the rule book gives back
            failure.cause = returned[0]
            check, first = "outcome.returned", returned[0]
    elif check in ("action", "rejection") and failure.field != "error code" and reference is not None and engine is not None:
        # A move one side allows and the other does not: compare what each offers there.
        want_legal = sorted(reference.get("legal") or [])
        got_legal = sorted(engine.get("legal") or [])
        legal = differences("legal", want_legal, got_legal)
        if legal:
            check, first, expected, got = "legal", legal[0], want_legal, got_legal
    elif check == "rejection" and failure.field == "error code":
        check = "rejection.code"
    if check == "outcome.pots":
        facts |= _award_facts(trace.at("outcome")[1], first, expected, got)
    situation = Situation(reference=reference, before=before, engine=engine, difference=first,
                          code=failure.code, action=failure.action, stakes=scenario.data.get("stakes") or {},
                          expected=expected, got=got, options=_options(scenario), facts=frozenset(facts))
    return check, situation


def _options(scenario: Scenario) -> dict[str, Any]:
    try:
        return default_rulebook().resolve_options(scenario.data.get("profile"), scenario.data.get("options") or {})
    except Stud8Error:
        return dict(scenario.data.get("options") or {})


def attribute(scenario: Scenario, failure: ScenarioFailure, trace: ReferenceTrace | None = None,
              states: States | None = None) -> str:
    """Set ``failure.rule`` (and the rule of every further difference in ``failure.more``) to
    the rule its first difference tests; return the first one's rule.

    With ``states``, the engine's observation after the start and after every action
    (``parting.engine_states``), the first difference is the **first parting**: the first state
    where the engine's observation differs from the reference engine's on the same inputs, up
    to the state the failure compared (the one before a refused action). It decides the rule
    when it comes before that state, or at it in another field than the one the failure
    compared; otherwise the failure's own field does, as below."""
    trace = trace or reference_trace(scenario)
    for item in failure.all:
        if item.check.startswith("invariant.") and item.rule:
            continue  # an invariant names the rule it holds the engine to (conformance/suite/invariants.py)
        check, situation = _situation(scenario, item, trace)
        item.rule = rule_for(check, situation, scenario.rules)
    if states is not None and scenario.kind == "replay":
        parting = _parting(scenario, failure, states)
        if parting is not None:
            failure.parting = parting
            failure.cause = parting.difference
            failure.rule = rule_for(parting.check, _parting_situation(scenario, parting, trace), scenario.rules)
    return failure.rule or ""


def attribute_playing(scenario: Scenario, failure: ScenarioFailure, engine: Engine | None = None) -> None:
    """``attribute``, from the first parting when the engine can play the scenario's inputs
    again (``parting.engine_states``); a problem there must never change a result (the runner
    and ``stud8 mutants --attribution`` both call this)."""
    states = None
    if engine is not None and scenario.kind == "replay":
        try:
            states = engine_states(engine, scenario)
        except EngineFault:
            engine.restart()  # the failure stands; the next scenario gets a fresh engine
        except Exception:  # noqa: BLE001, S110 - the first parting is extra information
            pass
    try:
        attribute(scenario, failure, states=states)
    except Exception:  # noqa: BLE001 - the rule is extra information; the failure stands without it
        for item in failure.all:
            item.rule = None


def _parting(scenario: Scenario, failure: ScenarioFailure, states: States) -> Parting | None:
    """The first parting that decides ``failure``'s rule (see ``attribute``), or None."""
    reference = reference_states(scenario)
    until = compared_state(failure.at, reference)
    if until is None:
        return None
    parting = first_parting(scenario, states, reference, until)
    if parting is None:
        return None
    own = failure.check
    if own.startswith("invariant."):  # an invariant's breach compares the field it names
        own = "outcome." + failure.field[len("result."):] if failure.field.startswith("result.") else failure.field
    if parting.at == until and own not in ("action", "rejection") and (
            parting.check == own or parting.check.startswith("outcome.")
            or (own.startswith("outcome.") and parting.check in ("stacks", "pots", "pot", "committed"))):
        return None  # the failure's own field, where it was compared: its own situation is richer
    return parting


def _parting_situation(scenario: Scenario, parting: Parting, trace: ReferenceTrace) -> Situation:
    facts: set[str] = set()
    if parting.reference.get("street") in all_in_raise_streets(trace, parting.at):
        facts.add("all-in raise this street")
    if parting.fact:
        facts.add(parting.fact)
    check = parting.check
    expected: Any = parting.difference.expected
    got: Any = parting.difference.got
    if check in CHECKPOINT_FIELDS:
        read = CHECKPOINT_FIELDS[check][0]
        try:
            expected, got = read(parting.reference), read(parting.engine)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    return Situation(reference=parting.reference, before=parting.before, engine=parting.engine,
                     difference=parting.difference, action=parting.action, stakes=scenario.data.get("stakes") or {},
                     expected=expected, got=got, options=_options(scenario), facts=frozenset(facts))


def cause_text(failure: ScenarioFailure) -> str | None:
    """Where the reference engine's state shows the cause, when it is not the field compared:
    cards dealt otherwise, a round closed otherwise, or the pot a stacks difference follows from."""
    cause = failure.cause
    if cause is None:
        return None
    parting = getattr(failure, "parting", None)
    if parting is not None:
        return parting.text()
    if cause.path.startswith(("up[", "down[", "cards[")):
        what = "the cards dealt differ"
    elif cause.path in ("street", "over"):
        what = "the betting round closed otherwise"
    else:
        what = "the result differs"
    return f"{what}: {cause.path}: reference engine {show(cause.expected)}, engine {show(cause.got)}"
