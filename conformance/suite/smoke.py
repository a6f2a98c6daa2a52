"""``stud8 smoke``: is an engine ready for the suite? The protocol step by step, then a fixed
sample of scenarios, in seconds.

A first run of the whole suite against a harness that does not yet speak the protocol says
the same thing hundreds of times (issue 27). The smoke check asks each kind of request once,
in the order a run does (``hello``, ``start``, ``observe``, ``act``, ``evaluate``, ``stop``),
and stops at the first that goes wrong, saying which and why; only an engine that gets through
plays the sample: ``SAMPLE``, thirty scenarios chosen by hand across the rule areas, every one
played with the rule book's defaults (so it applies to every engine), from the basics (a hand
ranked, the bring-in, a fold) to a side pot and a split. Faults there are collapsed and a run
of them stops the check, as in ``stud8 conform`` (``faults.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.conformance.engines.api import Engine, EngineFault, EngineRefusal, ReferenceEngine
from stud8.conformance.suite.faults import EngineWatch, FaultGroup, FaultLog, first_line
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.rootcause import attribute
from stud8.conformance.suite.scenarios import Scenario, find_scenario_files, iter_scenarios, load_scenario_file
from stud8.conformance.suite.testids import root_labels, suite_path
from stud8.spec.yamlio import FileRefused, read_text_file

SAMPLE: tuple[str, ...] = (
    # hands: a category, two pair with its kicker, the order of the categories, a flush beside a straight
    "high-001", "high-019", "high-037", "high-094",
    # low: an eight-low, no low, the wheel beating a six-low
    "low-001", "low-007", "low-030",
    # table: a whole hand heads-up, eight players, hands that must not start (players, deck)
    "table-001", "table-002", "table-003", "table-016",
    # the deal: third street, later streets with their burns
    "deal-001", "deal-003",
    # the bring-in: lowest up card, suit order
    "bring-in-001", "bring-in-002",
    # refused actions: malformed, out of turn, after the hand
    "actions-001", "actions-003", "actions-004",
    # who acts first
    "act-order-001", "act-order-004",
    # betting: bet sizes by street, the end of a round, heads-up raises
    "betting-001", "betting-004", "betting-012",
    # pots: uncalled chips returned, side pots, a folded player
    "pots-001", "pots-004", "pots-007",
    # showdown: a split, no low, a fold to a bet; the odd chip
    "showdown-001", "showdown-003", "showdown-007", "odd-chip-001",
)
"""The sample: fixed, so that two smoke checks of one engine compare (tests check every id is in
the suite, plays the defaults, and that the areas are all there)."""

STOP_AFTER = 5
"""Sample scenarios in a row ending in an engine fault before the check stops (of thirty)."""

DEMO_HAND: dict[str, Any] = {
    "stacks": [40, 40],
    "stakes": {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40},
    "deck": ["Ah", "7s", "4d", "7c", "Kc", "3h", "2c", "5c", "Qd", "2d", "2s", "9h", "2h", "8d", "Jc", "3c", "6h", "7d",
             "3d", "3s", "4c", "4h", "4s", "5d", "5h", "5s", "6c", "6d", "6s", "7h", "8c", "8h", "8s", "9c", "9d", "9s",
             "Tc", "Td", "Th", "Ts", "Jd", "Jh", "Js", "Qc", "Qh", "Qs", "Kd", "Kh", "Ks", "Ac", "Ad", "As"],
    "profile": None,
    "options": {},
}
"""The hand of docs/protocol.md's worked transcript: two players, seat 2 brings in with the 3h."""

DEMO_CARDS = ["Ah", "4d", "Kc", "5c", "2s", "8d", "6h"]

WHERE: dict[str, str] = {
    "hello": "docs/protocol.md, hello: the handshake",
    "start": "docs/protocol.md, start",
    "observe": "docs/protocol.md, observe",
    "act": "docs/protocol.md, act",
    "evaluate": "docs/protocol.md, evaluate",
    "stop": "docs/protocol.md, stop",
}
"""Where the protocol document says what each request wants."""


@dataclass
class Step:
    """One request of the protocol check: what was asked, whether the answer was right."""

    name: str
    ok: bool
    detail: str
    warning: bool = False  # a valid answer the rules may not want (the sample will tell)

    def as_json(self) -> dict[str, Any]:
        return {"step": self.name, "ok": self.ok, "warning": self.warning, "detail": self.detail}


@dataclass
class Played:
    """One sample scenario's end."""

    scenario: Scenario
    outcome: str  # pass, fail, not-applicable, error, crash, timeout
    message: str = ""
    rule: str | None = None
    repeat: FaultGroup | None = None  # a fault already shown in full (its group)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.scenario.id, "title": self.scenario.title, "outcome": self.outcome,
                                "message": first_line(self.message) if self.outcome in ("error", "crash", "timeout") else self.message}
        if self.rule:
            data["rule"] = self.rule
        return data


@dataclass
class SmokeResult:
    """The whole check: the protocol steps, the sample played, and why it stopped early if it did."""

    steps: list[Step] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    sample_size: int = 0
    stopped: str | None = None
    faults: FaultLog = field(default_factory=FaultLog)

    @property
    def protocol_ok(self) -> bool:
        return bool(self.steps) and all(step.ok for step in self.steps)

    @property
    def passed(self) -> bool:
        return self.protocol_ok and self.stopped is None and all(
            played.outcome in ("pass", "not-applicable") for played in self.played)

    def count(self, *outcomes: str) -> int:
        return sum(1 for played in self.played if played.outcome in outcomes)


# --- the protocol ----------------------------------------------------------------------------

def _cards(cards: Iterable[str]) -> str:
    return " ".join(str(card) for card in cards)


def _observed(observation: Any) -> str:
    if not isinstance(observation, dict):
        return f"an observation of type {type(observation).__name__}"
    legal = observation.get("legal")
    turn = observation.get("to_act")
    return (f"{observation.get('street')} street, " + (f"seat {turn} to act, legal: {', '.join(map(str, legal or []))}"
                                                       if turn is not None else "nobody to act"))


def _fault(name: str, fault: EngineFault) -> Step:
    return Step(name, False, f"engine {fault.outcome}: {fault.message}")


def check_protocol(engine: Engine) -> list[Step]:
    """Each request once, stopping at the first wrong answer. An answer the protocol allows but
    the reference engine would not give (a refused bring-in) is a warning, not a stop."""
    steps: list[Step] = []
    try:
        hello = engine.handshake()
    except EngineFault as fault:
        return [_fault("hello", fault)]
    options = hello.get("options") or {}
    plays = ("the rule book's defaults only" if not options
             else "options " + ", ".join(f"{name}={value}" for name, value in sorted(options.items())))
    profiles = ", ".join(hello.get("profiles") or []) or "none"
    steps.append(Step("hello", True, f"{hello.get('name')} {hello.get('version')}, protocol {hello.get('protocol', 1)}; "
                                     f"plays {plays}; profiles: {profiles}"))
    reference = ReferenceEngine()
    reference.start(**DEMO_HAND)
    first = reference.observe()
    action = f"p{first['to_act']} pb"
    try:
        engine.start(**DEMO_HAND)
    except EngineRefusal as refusal:
        steps.append(Step("start", False, f"refused a hand the rule book starts (two players of 40 chips, ante 5, "
                                          f"bring-in 10, bets 20/40, a full deck): {refusal}"))
        return steps
    except EngineFault as fault:
        return [*steps, _fault("start", fault)]
    steps.append(Step("start", True, "accepted a two-player hand (the worked transcript of docs/protocol.md)"))
    for name, call in (("observe", None), ("act", action), ("observe", None)):
        try:
            if call is None:
                steps.append(Step(name, True, _observed(engine.observe())))
                continue
            engine.act(call)
            steps.append(Step(name, True, f"{call}: accepted"))
        except EngineRefusal as refusal:
            steps.append(Step(name, True, f"{call}: refused ({refusal}); the reference engine accepts it: the "
                                          "sample will show which rule", warning=True))
        except EngineFault as fault:
            return [*steps, _fault(name, fault)]
    try:
        evaluation = engine.evaluate(DEMO_CARDS)
    except EngineRefusal as refusal:
        steps.append(Step("evaluate", True, f"{_cards(DEMO_CARDS)}: refused ({refusal}); the reference engine rates "
                                            "it: the sample will show which rule", warning=True))
    except EngineFault as fault:
        return [*steps, _fault("evaluate", fault)]
    else:
        low = evaluation.get("low")
        steps.append(Step("evaluate", True, f"{_cards(DEMO_CARDS)}: {evaluation['high'].get('category')}, "
                                            f"low {_cards(low['cards']) if low else 'none'}"))
    stop = getattr(engine, "stop", None)
    if stop is None:  # an engine in this process (python:MODULE:FACTORY) has no process to stop
        return steps
    try:
        code = stop()
        steps.append(Step("stop", True, f"answered bye and exited (status {code})"))
    except EngineFault as fault:
        steps.append(_fault("stop", fault))
    return steps


# --- the sample ------------------------------------------------------------------------------

def sample_scenarios(roots: Sequence[Path], ids: Sequence[str] = SAMPLE) -> list[Scenario]:
    """The scenarios of ``ids`` found under ``roots``, in the order of ``ids``."""
    wanted = set(ids)
    found: dict[str, Scenario] = {}
    labelled = root_labels(list(roots), Path.cwd())
    mentions = re.compile(r"\bid:\s*['\"]?(" + "|".join(re.escape(scenario_id) for scenario_id in ids) + r")\b")
    for path in find_scenario_files(roots):
        try:  # only the files naming a sample id are parsed: the whole suite takes ten times as long
            if not mentions.search(read_text_file(path)):
                continue
        except (FileRefused, OSError):
            pass  # loading it says what is wrong
        loaded = load_scenario_file(path, display=suite_path(path.resolve(), labelled))  # stud8/pots/x.yaml, as conform names it
        for scenario in iter_scenarios([loaded]):
            if scenario.id in wanted:
                found.setdefault(scenario.id, scenario)
    return [found[scenario_id] for scenario_id in ids if scenario_id in found]


def play_sample(engine: Engine, scenarios: Sequence[Scenario], result: SmokeResult, stop_after: int = STOP_AFTER) -> None:
    """Play each scenario, as ``stud8 conform`` would; faults restart the engine, repeats are
    noted as such, and ``stop_after`` faults in a row end the sample."""
    watch = EngineWatch(stop_after)
    result.sample_size = len(scenarios)
    for scenario in scenarios:
        data = scenario.data
        try:
            if scenario.kind == "replay":
                reason = engine.unsupported(data.get("profile"), data.get("options", {}))
                if reason:
                    result.played.append(Played(scenario, "not-applicable", reason))
                    watch.ran(None)
                    continue
            run_scenario(engine, scenario)
        except ScenarioFailure as failure:
            try:
                rule = attribute(scenario, failure) or None
            except Exception:  # noqa: BLE001 - the rule is extra information; the failure stands without it
                rule = None
            details = failure.details[0].text() if failure.details else f"{failure.field}: expected {failure.expected!r}, got {failure.got!r}"
            result.played.append(Played(scenario, "fail", f"at {failure.step}: {details}", rule))
            watch.ran(None)
            continue
        except EngineFault as fault:
            engine.restart()
            group = result.faults.note(scenario.id, fault.outcome, fault.message)
            result.played.append(Played(scenario, fault.outcome, fault.message,
                                        repeat=group if group.first != scenario.id else None))
            if watch.ran(fault):
                result.stopped = watch.dead
                return
            continue
        result.played.append(Played(scenario, "pass"))
        watch.ran(None)


def smoke(engine: Engine, roots: Sequence[Path], ids: Sequence[str] = SAMPLE) -> SmokeResult:
    """The protocol check, then (if it passed) the sample."""
    result = SmokeResult(steps=check_protocol(engine))
    if result.protocol_ok:
        engine.restart()  # the sample starts from a fresh engine, as after stop
        play_sample(engine, sample_scenarios(roots, ids), result)
    return result
