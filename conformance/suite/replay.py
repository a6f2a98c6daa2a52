"""Replaying a scenario through an engine and comparing what it shows with what is expected.

The engine never sees expected values: the runner starts the hand, feeds the actions, asks
for observations, and compares. The first difference stops the scenario and is reported as
``ScenarioFailure`` naming the step (with its line in the file), the field, the expected
value and what the engine gave.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stud8.conformance.engines.api import Engine, EngineRefusal
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.differences import Difference, differences
from stud8.conformance.suite.rake import raked_stacks
from stud8.conformance.suite.scenarios import Scenario
from stud8.reference.cards import parse_cards
from stud8.spec.yamlio import position_of


class ScenarioFailure(AssertionError):
    """The engine's behaviour differs from the scenario. ``step`` says where.

    ``step`` is for people (the action or checkpoint, with its file and line); ``at`` is the
    same place as a stable key, the scenario's own path to it (``start``, ``actions[7]``,
    ``outcome``, ``cards``, ``high``): it does not change when lines move, so baselines key on
    it. ``check`` names what was compared for the rule table (``to_act``, ``outcome.pots``,
    ``rejection``: conformance/suite/checks.py), ``details`` are the differing elements with
    their paths (``pots[1].eligible``), ``observation`` the engine's observation when one was
    compared, ``code`` a refusal code involved (the engine's, or the one the scenario expects),
    ``action`` the step's action. ``rule`` is filled in by ``rootcause.attribute``.

    ``more`` holds the further differences found after this one when the run keeps going
    (``keep_going``: every checkpoint and the outcome are checked, not only up to the first
    difference); it is empty otherwise.
    """

    def __init__(self, step: str, field: str, expected: Any, got: Any, *, at: str = "", check: str = "",
                 details: Sequence[Difference] | None = None, observation: Mapping[str, Any] | None = None,
                 code: str | None = None, action: str | None = None) -> None:
        super().__init__(f"{step}: {field}: expected {expected!r}, got {got!r}")
        self.step = step
        self.field = field
        self.expected = expected
        self.got = got
        self.at = at
        self.check = check or field
        self.details: list[Difference] = list(details) if details is not None else [Difference(field, expected, got)]
        self.observation = observation
        self.code = code
        self.action = action
        self.rule: str | None = None
        self.cause: Difference | None = None  # a stacks difference traced to a pot (rootcause)
        self.parting: Any = None  # the first parting that decided the rule (rootcause, parting.py)
        self.more: list[ScenarioFailure] = []

    @property
    def all(self) -> list[ScenarioFailure]:
        """This difference and the ones found after it."""
        return [self, *self.more]

    @property
    def path(self) -> str:
        """The path of the first differing element (``pots[1].eligible``)."""
        return self.details[0].path if self.details else self.field

    def as_json(self) -> dict[str, Any]:
        """The difference as the report keeps it (values made JSON-ready by the caller)."""
        data: dict[str, Any] = {"step": self.step, "field": self.field, "expected": self.expected, "got": self.got,
                                "at": self.at, "details": [d.as_json() for d in self.details]}
        if self.rule is not None:
            data["rule"] = self.rule
        return data


class _Differences:
    """Where a run keeps its differences: the first raises at once unless ``keep_going``."""

    def __init__(self, keep_going: bool) -> None:
        self.keep_going = keep_going
        self.found: list[ScenarioFailure] = []

    def add(self, failure: ScenarioFailure) -> None:
        if not self.keep_going:
            raise failure
        self.found.append(failure)

    def check(self) -> None:
        """Raise the first difference, carrying the others, if there was any."""
        if self.found:
            first = self.found[0]
            first.more = self.found[1:]
            raise first


def seat_name(seat: int | None) -> str | None:
    return None if seat is None else f"p{seat}"


def _seat_map(mapping: Mapping[Any, int] | None) -> dict[str, int] | None:
    if mapping is None:
        return None
    return {seat_name(int(seat)): amount for seat, amount in mapping.items()}  # type: ignore[misc]


def _pots(pots: Sequence[Mapping[str, Any]], with_awards: bool) -> list[dict[str, Any]]:
    shaped = []
    for pot in pots:
        item: dict[str, Any] = {"amount": pot["amount"], "eligible": sorted(seat_name(s) for s in pot["eligible"])}  # type: ignore[type-var]
        if with_awards:
            item["high"] = _seat_map(pot["high"])
            item["low"] = _seat_map(pot["low"])
        shaped.append(item)
    return shaped


def _expected_pots(pots: Sequence[Mapping[str, Any]], with_awards: bool) -> list[dict[str, Any]]:
    shaped = []
    for pot in pots:
        item: dict[str, Any] = {"amount": pot["amount"], "eligible": sorted(pot["eligible"])}
        if with_awards:
            item["high"] = dict(pot["high"])
            item["low"] = None if pot["low"] is None else dict(pot["low"])
        shaped.append(item)
    return shaped


def _seat_field(observation: Mapping[str, Any], key: str) -> list[Any]:
    return [seat[key] for seat in observation["seats"]]


def _seats_where(observation: Mapping[str, Any], key: str) -> list[str]:
    return sorted(seat_name(seat["seat"]) for seat in observation["seats"] if seat[key])  # type: ignore[type-var,misc]


def _cards_of(observation: Mapping[str, Any], key: str, seat: str) -> list[str]:
    number = int(seat[1:])
    for entry in observation["seats"]:
        if entry["seat"] == number:
            return list(entry[key])
    return []


# checkpoint field -> (how to read it from an observation, how to normalise the expectation)
CHECKPOINT_FIELDS: dict[str, tuple[Callable[[Mapping[str, Any]], Any], Callable[[Any], Any]]] = {
    "street": (lambda o: o["street"], lambda e: e),
    "to_act": (lambda o: seat_name(o["to_act"]), lambda e: e),
    "legal": (lambda o: sorted(o["legal"]), lambda e: sorted(e)),
    "bring_in": (lambda o: seat_name(o["bring_in"]), lambda e: e),
    "pot": (lambda o: o["pot"], lambda e: e),
    "pots": (lambda o: _pots(o["pots"], False), lambda e: _expected_pots(e, False)),
    "stacks": (lambda o: _seat_field(o, "stack"), list),
    "committed": (lambda o: _seat_field(o, "committed"), list),
    "community": (lambda o: o["community"], lambda e: e),
    "folded": (lambda o: _seats_where(o, "folded"), sorted),
    "all_in": (lambda o: _seats_where(o, "all_in"), sorted),
    "over": (lambda o: o["over"], lambda e: e),
}


def _cards_text(text: str) -> list[str]:
    return [str(card) for card in parse_cards(text)]


def check_observation(step: str, expect: Mapping[str, Any], observation: Mapping[str, Any],
                      differences_found: _Differences | None = None, at: str = "") -> None:
    """Compare the fields a checkpoint names; raise ``ScenarioFailure`` at the first difference
    (or, keeping going, add every difference to ``differences_found``)."""
    found = differences_found or _Differences(keep_going=False)
    for key, wanted in expect.items():
        if key in ("up", "down"):
            for seat, text in wanted.items():
                got = _cards_of(observation, key, seat)
                if got != _cards_text(text):
                    want_text, got_text = " ".join(_cards_text(text)), " ".join(got)
                    found.add(ScenarioFailure(step, f"{key} {seat}", want_text, got_text, at=at, check=key,
                                              details=[Difference(f"{key}[{seat}]", want_text, got_text)],
                                              observation=observation))
            continue
        read, normalise = CHECKPOINT_FIELDS[key]
        got = read(observation)
        want = normalise(wanted)
        if got != want:
            found.add(ScenarioFailure(step, key, want, got, at=at, check=key, details=differences(key, want, got),
                                      observation=observation))


def check_outcome(step: str, outcome: Mapping[str, Any], observation: Mapping[str, Any],
                  differences_found: _Differences | None = None, rake: Mapping[str, Any] | None = None) -> None:
    """Compare the final outcome with the engine's result (for a recorded site hand, its
    stacks after the site's ``rake``: conformance/suite/rake.py).

    The pots and the chips returned are compared before the final stacks, which follow from
    them: when a pot is wrong, the first difference names the pot, not a stack."""
    found = differences_found or _Differences(keep_going=False)

    def add(field: str, want: Any, got: Any) -> None:
        found.add(ScenarioFailure(step, field, want, got, at="outcome", check=f"outcome.{field}",
                                  details=differences(field, want, got), observation=observation))

    if not observation["over"]:
        add("over", True, False)
        return  # no result to compare
    result = observation["result"] or {}
    if "pots" in outcome:
        got = _pots(result.get("pots", []), True)
        want = _expected_pots(outcome["pots"], True)
        if got != want:
            add("pots", want, got)
    if "returned" in outcome:
        # protocol: `{}` when nothing is given back; a seat listed with 0 chips is a difference
        got_returned = dict(_seat_map(result.get("returned")) or {})
        if got_returned != dict(outcome["returned"]):
            add("returned", dict(outcome["returned"]), got_returned)
    stacks = raked_stacks(result, rake) if rake else list(result.get("stacks", []))
    if stacks != list(outcome["stacks"]):
        add("stacks", list(outcome["stacks"]), stacks)
    if "show_order" in outcome:
        got_order = [seat_name(s) for s in result.get("show_order", [])]
        if got_order != list(outcome["show_order"]):
            add("show_order", list(outcome["show_order"]), got_order)
    if "community" in outcome and observation["community"] != outcome["community"]:
        add("community", outcome["community"], observation["community"])


def _where(scenario: Scenario, steps: Sequence[Any]) -> str:
    """``file:line`` of a step inside a scenario (the line of the scenario if unknown)."""
    document_position = getattr(scenario.data, "positions", None)
    line = scenario.line
    if document_position is not None:
        line = position_of(scenario.data, steps)[0]
    return f"{scenario.path}:{line}"


def run_replay(engine: Engine, scenario: Scenario, keep_going: bool = False) -> None:
    """Play a replay scenario through ``engine``; raise ``ScenarioFailure`` on a difference.

    With ``keep_going``, a difference at a checkpoint, a rejection or the outcome does not stop
    the replay: every checkpoint and the outcome are compared and the first difference is
    raised with the others in ``more``. A scripted action the engine refuses still stops it
    (the hands have parted: nothing after it would mean anything).
    """
    differences_found = _Differences(keep_going)
    data = scenario.data
    deck = [str(card) for card in scenario_deck(data)]
    start_error = data.get("start_error")
    _mark(engine, "start")
    try:
        engine.start(stacks=data["stacks"], stakes=data["stakes"], deck=deck,
                     profile=data.get("profile"), options=sent_options(data))
    except EngineRefusal as refusal:
        if start_error == refusal.code:
            return
        raise ScenarioFailure(f"start ({_where(scenario, ['stakes'])})", "start", start_error or "the hand starts",
                              f"refused: {refusal}", at="start", check="start", code=refusal.code) from None
    if start_error is not None:
        raise ScenarioFailure(f"start ({_where(scenario, ['start_error'])})", "start", f"refused with {start_error}",
                              "the hand started", at="start", check="start", code=start_error)
    previous = "the deal"
    for index, item in enumerate(data["actions"]):
        where = _where(scenario, ["actions", index])
        at = f"actions[{index}]"
        _mark(engine, at)
        if isinstance(item, str):
            try:
                engine.act(item)
            except EngineRefusal as refusal:
                differences_found.found.append(ScenarioFailure(f"action {item!r} ({where})", "action", "accepted",
                                                               f"refused: {refusal}", at=at, check="action",
                                                               code=refusal.code, action=item,
                                                               observation=_observed(engine)))
                differences_found.check()
            previous = repr(item)
        elif "expect" in item:
            check_observation(f"checkpoint after {previous} ({where})", item["expect"], engine.observe(),
                              differences_found, at=at)
        else:
            try:
                _expect_refusal(engine, item["reject"], item["code"], where, at)
            except ScenarioFailure as failure:
                differences_found.add(failure)
                if failure.field == "action":  # the engine accepted it: the hands have parted
                    differences_found.check()
    _mark(engine, "outcome")
    check_outcome(f"outcome ({_where(scenario, ['outcome'])})", data["outcome"], engine.observe(), differences_found,
                  data.get("rake"))
    differences_found.check()


def sent_options(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``options`` a hand starts with, as every engine is sent them: every option of the rule
    book with its value for this hand (defaults, then the profile's, then the scenario's own),
    as the protocol's ``start`` carries them; settings the rule book refuses are sent as given
    (the engine must refuse them: docs/protocol.md, start)."""
    from stud8.conformance.engines.subprocess_adapter import resolved_options

    return resolved_options(data.get("profile"), data.get("options") or {})


def _mark(engine: Engine, at: str) -> None:
    """Tell an engine that records the exchange (``stud8 explain``'s recorder) which step of the
    scenario its next requests belong to; other engines have no ``mark_step`` and hear nothing."""
    mark = getattr(engine, "mark_step", None)
    if mark is not None:
        mark(at)


def _observed(engine: Engine) -> Mapping[str, Any] | None:
    """The engine's observation after it refused a scripted action, for the failure's root
    cause (were its cards dealt otherwise?); None if it cannot give one (the fault shows on the
    next scenario's fresh start, not here)."""
    try:
        return engine.observe()
    except Exception:  # noqa: BLE001 - only context for the report; the refusal is the failure
        return None


def _expect_refusal(engine: Engine, action: str, code: str, where: str, at: str = "") -> None:
    before = engine.observe()
    step = f"rejection of {action!r} ({where})"
    try:
        engine.act(action)
    except EngineRefusal as refusal:
        if refusal.code != code:
            raise ScenarioFailure(step, "error code", code, refusal.code, at=at, check="rejection", code=code,
                                  action=action, observation=before) from None
        after = engine.observe()
        if after != before:
            changed = sorted(key for key in before if before.get(key) != after.get(key))
            raise ScenarioFailure(step, "state after the refusal", "unchanged", f"changed: {', '.join(changed)}", at=at,
                                  check="rejection.state", code=code, action=action, observation=before,
                                  details=[Difference(key, before.get(key), after.get(key)) for key in changed]) from None
        return
    raise ScenarioFailure(step, "action", f"refused with {code}", "accepted", at=at, check="rejection", code=code,
                          action=action, observation=before)


_ORDER_TOKEN = re.compile(r"\s*([a-z][a-z0-9_]*|[>=])")


def parse_ordering(chain: str) -> list[tuple[str, str, str]]:
    """``"a > b = c"`` -> ``[("a", ">", "b"), ("b", "=", "c")]``."""
    tokens = _ORDER_TOKEN.findall(chain)
    return [(tokens[i], tokens[i + 1], tokens[i + 2]) for i in range(0, len(tokens) - 2, 2)]


def _ranks(cards: Sequence[str]) -> list[str]:
    return [card[0] for card in cards]


def run_hand_case(engine: Engine, scenario: Scenario) -> None:
    """Check one hand case: the category and the five cards for high, the five low cards or none."""
    data = scenario.data
    step = f"evaluation ({_where(scenario, ['cards'])})"

    def failure(field: str, expected: Any, got: Any, check: str) -> ScenarioFailure:
        return ScenarioFailure(step, field, expected, got, at="cards", check=check)

    _mark(engine, "cards")
    try:
        got = engine.evaluate(_cards_text(data["cards"]))
    except EngineRefusal as refusal:
        raise ScenarioFailure(step, "evaluation", "a value", f"refused: {refusal}", at="cards", check="hand.evaluate",
                              code=refusal.code) from None
    high = data["high"]
    if got["high"]["category"] != high["category"]:
        raise failure("high category", high["category"], got["high"]["category"], "hand.high")
    want = _ranks(_cards_text(high["cards"]))
    if _ranks(got["high"]["cards"]) != want:
        raise failure("high cards (ranks, best first)", " ".join(want), " ".join(_ranks(got["high"]["cards"])), "hand.high")
    low = data["low"]
    got_low = got["low"]
    if low is None or got_low is None:
        if (low is None) != (got_low is None):
            raise failure("low", None if low is None else low["cards"], None if got_low is None else " ".join(got_low["cards"]),
                          "hand.low")
        return
    want_low = _ranks(_cards_text(low["cards"]))
    if _ranks(got_low["cards"]) != want_low:
        raise failure("low cards (ranks, highest first)", " ".join(want_low), " ".join(_ranks(got_low["cards"])), "hand.low")


def run_compare(engine: Engine, scenario: Scenario) -> None:
    """Check a comparison: every relation of the high and low chains holds between the values."""
    data = scenario.data
    values: dict[str, dict[str, Any]] = {}
    for name, text in data["hands"].items():
        _mark(engine, f"hands.{name}")
        try:
            values[name] = engine.evaluate(_cards_text(text))
        except EngineRefusal as refusal:
            raise ScenarioFailure(f"hand {name} ({_where(scenario, ['hands', name])})", "evaluation", "a value",
                                  f"refused: {refusal}", at=f"hands.{name}", check="hand.evaluate", code=refusal.code) from None
    for half in ("high", "low"):
        if half not in data:
            continue
        for left, relation, right in parse_ordering(data[half]):
            a, b = _half_value(values[left], half), _half_value(values[right], half)
            holds = a > b if relation == ">" else a == b
            if not holds:
                got = ">" if a > b else "=" if a == b else "<"
                raise ScenarioFailure(f"{half} ordering ({_where(scenario, [half])})", f"{left} vs {right}",
                                      f"{left} {relation} {right}", f"{left} {got} {right}", at=half, check=f"order.{half}")


def _half_value(evaluation: Mapping[str, Any], half: str) -> int:
    """The comparable value of one half; no qualifying low ranks below every low."""
    if half == "high":
        return int(evaluation["high"]["value"])
    low = evaluation["low"]
    return -1 if low is None else int(low["value"])


RUNNERS: dict[str, Callable[[Engine, Scenario], None]] = {
    "hand": run_hand_case,
    "compare": run_compare,
    "replay": run_replay,
}


def run_scenario(engine: Engine, scenario: Scenario, keep_going: bool = False) -> None:
    """Run any scenario kind through ``engine`` (``keep_going``: see ``run_replay``)."""
    if scenario.kind == "replay":
        run_replay(engine, scenario, keep_going)
    else:
        RUNNERS[scenario.kind](engine, scenario)
