"""One scenario's exchange, step by step, beside the reference engine's: ``stud8 explain ID``.

An implementer whose engine fails a scenario wants to see the conversation: what was sent at
each step, what their engine answered, what the reference engine answers, and where and why
the two part. ``explain`` plays the scenario exactly as ``stud8 conform`` does (the same runner,
``replay.run_scenario``, with every difference kept) through a ``Recorder`` that notes each
request and answer under the scenario step it belongs to, plays it again on the reference
engine the same way, and gives the rule of the first difference (``rootcause``).

At each checkpoint it also compares the engine's whole observation with the reference engine's
and lists what differs there that the checkpoint did not ask about (``unchecked``): often the
real cause shows a step or two before the field that fails.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud8.conformance.engines.api import Engine, EngineFault, EngineRefusal, ReferenceEngine
from stud8.conformance.suite.applicability import Applicability, decide
from stud8.conformance.suite.checks import rule_text
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.differences import Difference, differences
from stud8.conformance.suite.parting import Parting, States, is_observation, observation_differences
from stud8.conformance.suite.replay import CHECKPOINT_FIELDS, ScenarioFailure, run_scenario
from stud8.conformance.suite.report import jsonable
from stud8.conformance.suite.rootcause import attribute, cause_text, reference_trace
from stud8.conformance.suite.scenarios import Scenario
from stud8.spec.errors import Stud8Error
from stud8.spec.rulebook import default_rulebook
from stud8.spec.yamlio import position_of


@dataclass
class Exchange:
    """One request and its answer: ``answer`` is ``ok``, an observation or evaluation, or
    ``{"refused": code, "message": ...}``; a fault is ``{"fault": outcome, "message": ...}``."""

    request: dict[str, Any]
    answer: Any = None


class Recorder:
    """An engine that passes every call on and notes it, under the step the runner marks.

    It also asks for the engine's observation after the start and after every action it
    accepts (``observe_steps``), so that the whole state is known at every step, not only at the
    checkpoints: those requests are part of the exchange shown, as sent."""

    def __init__(self, engine: Engine, observe_steps: bool = True) -> None:
        self.engine = engine
        self.name = getattr(engine, "name", "engine")
        self.step = "start"
        self.log: dict[str, list[Exchange]] = {}
        self.observe_steps = observe_steps

    def mark_step(self, at: str) -> None:
        self.step = at

    def _call(self, request: dict[str, Any], call: Any) -> Any:
        exchange = Exchange(request)
        self.log.setdefault(self.step, []).append(exchange)
        try:
            answer = call()
        except EngineRefusal as refusal:
            exchange.answer = {"refused": refusal.code, "message": refusal.message}
            raise
        except EngineFault as fault:
            exchange.answer = {"fault": fault.outcome, "message": fault.message}
            raise
        exchange.answer = "ok" if answer is None or isinstance(answer, str) else answer
        return answer

    def unsupported(self, profile: str | None, options: Mapping[str, Any]) -> str | None:
        return self.engine.unsupported(profile, options)

    def handshake(self) -> dict[str, Any]:
        return self.engine.handshake()

    def evaluate(self, cards: Sequence[str]) -> dict[str, Any]:
        return self._call({"type": "evaluate", "cards": list(cards)}, lambda: self.engine.evaluate(cards))  # type: ignore[no-any-return]

    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        request = {"type": "start", "stacks": list(stacks), "stakes": dict(stakes), "deck": list(deck),
                   "profile": profile, "options": dict(options)}
        self._call(request, lambda: self.engine.start(stacks=stacks, stakes=stakes, deck=deck, profile=profile,
                                                      options=options))
        if self.observe_steps:
            self.observe()

    def act(self, action: str) -> None:
        self._call({"type": "act", "action": action}, lambda: self.engine.act(action))
        if self.observe_steps:
            self.observe()

    def observe(self) -> dict[str, Any]:
        return self._call({"type": "observe"}, self.engine.observe)  # type: ignore[no-any-return]

    def restart(self) -> None:
        self.engine.restart()

    def close(self) -> None:
        self.engine.close()


@dataclass
class Step:
    """One step of the scenario (``at`` is its key, ``item`` what the scenario says there)."""

    at: str
    kind: str
    item: Any
    line: int
    engine: list[Exchange] = field(default_factory=list)
    reference: list[Exchange] = field(default_factory=list)
    failures: list[ScenarioFailure] = field(default_factory=list)
    unchecked: list[Difference] = field(default_factory=list)
    reached: bool = True
    observed: tuple[Any, Any] | None = None
    """(the engine's, the reference engine's) observation after the step, when both were asked for."""
    parted: list[tuple[str, Difference, str | None]] = field(default_factory=list)
    """Where the two observations after the step differ (``parting.observation_differences``)."""


@dataclass
class Explanation:
    """Everything ``stud8 explain`` shows about one scenario run through one engine."""

    scenario: Scenario
    engine_spec: str
    engine: dict[str, Any]
    outcome: str
    steps: list[Step]
    failure: ScenarioFailure | None = None
    fault: EngineFault | None = None
    not_applicable: str | None = None
    reference_failure: ScenarioFailure | None = None
    options: dict[str, Any] = field(default_factory=dict)
    applicability: Applicability | None = None
    parting: Parting | None = None

    @property
    def first(self) -> ScenarioFailure | None:
        return self.failure

    def rule_statement(self) -> tuple[str, str]:
        if self.failure is None or not self.failure.rule:
            return "", ""
        return rule_text(self.failure.rule)


def _steps(scenario: Scenario) -> list[Step]:
    data = scenario.data

    def line(path: list[Any]) -> int:
        try:
            return int(position_of(data, path)[0])
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return scenario.line

    if scenario.kind == "hand":
        return [Step("cards", "evaluate", data.get("cards"), line(["cards"]))]
    if scenario.kind == "compare":
        steps = [Step(f"hands.{name}", "evaluate", text, line(["hands", name])) for name, text in data["hands"].items()]
        steps += [Step(half, "order", data[half], line([half])) for half in ("high", "low") if half in data]
        return steps
    steps = [Step("start", "start", {"start_error": data.get("start_error")}, line(["stakes"]))]
    for index, item in enumerate(data.get("actions") or []):
        kind = "action" if isinstance(item, str) else "checkpoint" if "expect" in item else "rejection"
        steps.append(Step(f"actions[{index}]", kind, item, line(["actions", index])))
    steps.append(Step("outcome", "outcome", data.get("outcome"), line(["outcome"])))
    return steps


def _observation_differences(expect: Mapping[str, Any] | None, engine: Any, reference: Any) -> list[Difference]:
    """Where the engine's observation differs from the reference engine's in fields the
    checkpoint did not name (as the runner would compare them). Nothing when either side is not
    an observation (a refusal, a fault): no difference is made up from a missing answer."""
    if not is_observation(engine) or not is_observation(reference):
        return []
    named = set(expect or {})
    found: list[Difference] = []
    for key, (read, _) in CHECKPOINT_FIELDS.items():
        if key in named:
            continue
        try:
            want, got = read(reference), read(engine)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        found += differences(key, want, got)
    for kind in ("up", "down"):
        if kind in named:
            continue
        theirs = {seat.get("seat"): seat for seat in engine.get("seats") or []}
        for seat in reference.get("seats") or []:
            other = theirs.get(seat.get("seat"), {})
            if list(seat.get(kind) or []) != list(other.get(kind) or []):
                found.append(Difference(f"{kind}[p{seat.get('seat')}]", " ".join(seat.get(kind) or []),
                                        " ".join(other.get(kind) or [])))
    return found


def explain(engine: Engine, scenario: Scenario, engine_spec: str = "") -> Explanation:
    """Play ``scenario`` on ``engine`` and on the reference engine, step by step.

    The scenario is played as ``stud8 conform`` plays it: under the engine's own option values
    where it applies only under them (``applicability.decide``), on both engines."""
    try:
        declared = engine.handshake()
    except EngineFault as fault:
        declared = {"name": engine_spec or getattr(engine, "name", "engine"), "error": fault.message}
    steps = _steps(scenario)
    explanation = Explanation(scenario, engine_spec, declared, "pass", steps)
    played = scenario
    if scenario.kind == "replay":
        try:
            decision = decide(engine, scenario)
        except EngineFault as fault:
            explanation.fault, explanation.outcome = fault, fault.outcome
        else:
            explanation.applicability = decision
            played = decision.scenario
            if not decision.applies:
                explanation.not_applicable, explanation.outcome = decision.reason, "not-applicable"
    explanation.options = _resolved(played)
    reference = Recorder(ReferenceEngine())
    try:
        run_scenario(reference, played, keep_going=True)
    except ScenarioFailure as disagreement:
        explanation.reference_failure = disagreement
    recorder = Recorder(engine)
    if explanation.outcome == "pass":
        try:
            run_scenario(recorder, played, keep_going=True)
        except ScenarioFailure as found:
            explanation.failure, explanation.outcome = found, "fail"
            try:
                attribute(played, found, reference_trace(played), states=_states(recorder.log, played))
            except Exception:  # noqa: BLE001 - the rule is extra information; the failure stands without it
                found.rule = None
            explanation.parting = found.parting
        except EngineFault as fault:
            explanation.fault, explanation.outcome = fault, fault.outcome
            engine.restart()
    by_at = {step.at: step for step in steps}
    for step in steps:
        step.engine = recorder.log.get(step.at, [])
        step.reference = reference.log.get(step.at, [])
    if explanation.failure is not None:
        for failure in explanation.failure.all:
            if failure.at in by_at:
                by_at[failure.at].failures.append(failure)
    last = max((index for index, step in enumerate(steps) if step.engine), default=-1)
    deck = [str(card) for card in scenario_deck(played.data)] if scenario.kind == "replay" else []
    for index, step in enumerate(steps):
        step.reached = index <= last or step.kind == "order" and explanation.outcome in ("pass", "fail")
        if step.kind in ("start", "action", "rejection"):
            mine, theirs = _observed(step.engine), _observed(step.reference)
            if mine is not None and theirs is not None and _accepted(step.engine) == _accepted(step.reference):
                step.observed = (mine, theirs)
                step.parted = observation_differences(theirs, mine, deck)
        if step.kind in ("checkpoint", "outcome") and step.engine and step.reference:
            expect = step.item.get("expect") if step.kind == "checkpoint" else {}
            step.unchecked = _observation_differences(expect, step.engine[-1].answer, step.reference[-1].answer)
    return explanation


def _resolved(scenario: Scenario) -> dict[str, Any]:
    data = scenario.data
    try:
        return default_rulebook().resolve_options(data.get("profile"), data.get("options") or {})
    except Stud8Error:
        return dict(data.get("options") or {})


def _accepted(exchanges: list[Exchange]) -> bool:
    """Whether the step's start or action was accepted (its state is then the one after it)."""
    acted = [exchange for exchange in exchanges if exchange.request.get("type") in ("start", "act")]
    return bool(acted) and isinstance(acted[-1].answer, str)


def _observed(exchanges: list[Exchange]) -> Any:
    """The observation the step ended with (the last ``observe`` answered with one), or None."""
    for exchange in reversed(exchanges):
        if exchange.request.get("type") == "observe":
            return exchange.answer if is_observation(exchange.answer) else None
    return None


def _states(log: Mapping[str, list[Exchange]], scenario: Scenario) -> States:
    """The engine's observations after the start and after each accepted action, from the
    recorded exchange (``parting.States``)."""
    states = States()
    actions = scenario.data.get("actions") or []
    keys = ["start"] + [f"actions[{index}]" for index, item in enumerate(actions) if isinstance(item, str) or "reject" in item]
    for key in keys:
        exchanges = log.get(key, [])
        acted = [e for e in exchanges if e.request.get("type") in ("start", "act")]
        if not acted:
            break  # not reached
        answer = acted[-1].answer
        if isinstance(answer, dict) and ("refused" in answer or "fault" in answer):
            if key == "start" or isinstance(actions[int(key[len("actions["):-1])], str):
                states.stopped, states.answer = key, str(answer.get("refused") or answer.get("fault"))
                break
            continue  # an expected refusal, refused
        observation = _observed(exchanges)
        if observation is not None:
            states.add(key, observation)
    return states


def explanation_json(explanation: Explanation) -> dict[str, Any]:
    """The explanation as one JSON document (``stud8 explain --format json``)."""
    scenario = explanation.scenario
    data = scenario.data
    first = explanation.failure

    def failure_json(failure: ScenarioFailure) -> dict[str, Any]:
        item = failure.as_json()
        item.update(expected=jsonable(failure.expected), got=jsonable(failure.got),
                    details=[jsonable(detail) for detail in item["details"]],
                    text=[detail.text() for detail in failure.details])
        cause = cause_text(failure)
        if cause:
            item["cause"] = cause
        return item

    title, statement = explanation.rule_statement()
    return {
        "scenario": {
            "id": scenario.id, "title": scenario.title, "kind": scenario.kind, "file": scenario.path, "line": scenario.line,
            "rules": list(scenario.rules), "description": scenario.description,
            **{key: jsonable(data[key]) for key in ("stakes", "stacks", "profile", "options", "deal", "deck", "cards",
                                                       "hands", "high", "low", "start_error") if key in data},
            "options_played": jsonable(explanation.options) if scenario.kind == "replay" else None,
        },
        "engine": {"spec": explanation.engine_spec, **jsonable(explanation.engine)},
        "outcome": explanation.outcome,
        "not_applicable": explanation.not_applicable,
        "fault": None if explanation.fault is None else {"outcome": explanation.fault.outcome,
                                                         "message": explanation.fault.message},
        "first_difference": None if first is None else {
            **failure_json(first), "rule_title": title, "rule_statement": statement},
        "differences": [] if first is None else [failure_json(failure) for failure in first.all],
        "reference_disagrees": None if explanation.reference_failure is None else str(explanation.reference_failure),
        "applicability": None if explanation.applicability is None else {
            "applies": explanation.applicability.applies, "summary": explanation.applicability.summary(),
            "reason": explanation.applicability.reason, "options": list(explanation.applicability.options),
            "step": explanation.applicability.step,
            "changed": {name: {"scenario": jsonable(ours), "engine": jsonable(theirs)}
                        for name, (ours, theirs) in explanation.applicability.changed.items()}},
        "first_parting": None if explanation.parting is None else {
            "at": explanation.parting.at, "field": explanation.parting.check, "action": explanation.parting.action,
            **jsonable(explanation.parting.difference.as_json()), "text": explanation.parting.text()},
        "steps": [{
            "at": step.at, "kind": step.kind, "line": step.line, "scenario": jsonable(step.item), "reached": step.reached,
            "engine": [{"request": jsonable(e.request), "answer": jsonable(e.answer)} for e in step.engine],
            "reference": [{"request": jsonable(e.request), "answer": jsonable(e.answer)} for e in step.reference],
            "differences": [failure_json(failure) for failure in step.failures],
            "unchecked": [jsonable(d.as_json()) for d in step.unchecked],
            "state": None if step.observed is None else {
                "engine": jsonable(step.observed[0]), "reference": jsonable(step.observed[1]),
                "differences": [{"field": check, **jsonable(difference.as_json()), **({"fact": fact} if fact else {})}
                                for check, difference, fact in step.parted]},
        } for step in explanation.steps],
    }
