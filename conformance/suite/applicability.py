"""Whether a replay scenario applies to an engine: by dependence, not by declaration.

An engine plays its own house rules: it declares, for each option, the values it plays
(``hello``'s ``options``; conformance/engines/protocol.py). A scenario resolves to one value of
every option (defaults, then its profile, then its own options). Sending a scenario only to
engines that declare all nine of its values throws most of the suite away: a hand whose
result cannot depend on the heads-up rule says nothing less to an engine that always caps.

So a scenario applies to an engine **unless its result depends on an option value the engine
does not play**, and that is decided by replaying, not guessed:

1. Where the engine plays every value of the scenario (``engine.unsupported`` says nothing),
   the scenario is sent as written.
2. Otherwise the engine's own values are chosen: for each option whose value the engine does
   not declare, a value it does (its list, in its order; an option left out is its default).
   The scenario's inputs (stacks, stakes, deck, actions) are replayed on the **reference
   engine** under those values, through the same runner that judges engines
   (``replay.run_scenario``): every checkpoint, every expected refusal and the outcome.
3. If the reference engine meets every expectation under the engine's values, the scenario
   applies and the engine is sent **its own values** (profile ``null``, the nine options
   resolved). The scenario's expectations were worked out by hand for the scenario's values;
   the reference engine plays every value of every option (the suite proves each value on
   scenarios of its own, ``conformance/suite/option_coverage.py``), so its meeting them under
   the engine's values shows that the rule book gives the same checked values under both:
   the engine is held to exactly what the rule book says for the rules it plays.
4. Otherwise the scenario is not applicable, and the reason names the option(s) whose value
   matters (each changed option tried alone; all of them when only their combination does)
   and the first step where the checked values part.

Hand evaluations and comparisons take no options; a scenario that expects the start to be
refused tests the settings themselves (an engine may refuse a value it does not play for
that very reason): both keep the declaration's verdict. Decisions are cached for the run.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from stud8.conformance.engines.api import Engine, EngineRefusal, ReferenceEngine
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.scenarios import Scenario
from stud8.spec.errors import Stud8Error
from stud8.spec.rulebook import default_rulebook

MAX_COMBINATIONS = 64
"""The most sets of the engine's own values tried for one scenario (an engine that lists several
values for several options); the first set under which the scenario's expectations hold wins."""


@dataclass(frozen=True)
class Applicability:
    """What is sent to an engine for one scenario, or why nothing is.

    ``scenario`` is the scenario as it is played (the original, or a copy whose profile is
    ``null`` and whose options are the engine's own resolved values); ``changed`` maps each
    option played at another value than the scenario's to ``(scenario's value, engine's value)``;
    ``reason`` says why the scenario is not applicable (None when it applies), ``options`` the
    option(s) whose value matters and ``step`` where the expectations first part.
    """

    scenario: Scenario
    applies: bool = True
    changed: Mapping[str, tuple[Any, Any]] = field(default_factory=dict)
    reason: str | None = None
    options: tuple[str, ...] = ()
    step: str | None = None
    declared_reason: str | None = None

    @property
    def played_options(self) -> dict[str, Any]:
        """The engine's values where they differ from the scenario's (``{}`` when none do)."""
        return {name: values[1] for name, values in self.changed.items()}

    def summary(self) -> str:
        """One line for ``explain`` and the report."""
        if not self.applies:
            return f"not applicable: {self.reason}"
        if not self.changed and self.scenario.data.get("profile") is None and self.declared_reason:
            return "applies: the engine plays every value of the scenario (sent without its profile name)"
        if not self.changed:
            return "applies: the engine plays every option value of the scenario"
        return ("applies under the engine's own option values (" + _changes(self.changed) + "): the reference "
                "engine meets every value the scenario checks under them too")


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _changes(changed: Mapping[str, tuple[Any, Any]]) -> str:
    return ", ".join(f"{name}={_json(theirs)} for {_json(ours)}" for name, (ours, theirs) in changed.items())


def with_settings(scenario: Scenario, profile: str | None, options: Mapping[str, Any]) -> Scenario:
    """``scenario`` played under another profile and options (its lines kept for messages)."""
    data = copy.copy(scenario.data)  # a PositionedDict stays one: steps keep their lines
    data["profile"] = profile  # type: ignore[index]
    data["options"] = dict(options)  # type: ignore[index]
    return replace(scenario, data=data)


def _allowed(value: Any, declared: Any) -> bool:
    if declared == "*":
        return True
    return isinstance(declared, list) and any(type(item) is type(value) and item == value for item in declared)


def _candidates(name: str, value: Any, declared: Mapping[str, Any]) -> list[Any]:
    """The values of option ``name`` the engine plays, when it does not play ``value``; ``[]``
    when it plays ``value`` (nothing to change)."""
    book = default_rulebook()
    option = book.options[name]
    if name not in declared:
        return [] if _allowed(value, [option.default]) else [option.default]
    values = declared[name]
    if _allowed(value, values):
        return []
    if not isinstance(values, list):
        return [None]  # a declaration no value fits: nothing the engine plays (never a candidate)
    playable = [item for item in values if option.check(item) is None]
    return playable or [None]


def _passes_on_reference(scenario: Scenario) -> ScenarioFailure | None:
    """The first expectation the reference engine misses on ``scenario``, or None."""
    try:
        run_scenario(ReferenceEngine(), scenario)
    except ScenarioFailure as failure:
        return failure
    except EngineRefusal as refusal:  # pragma: no cover - the runner turns refusals into failures
        return ScenarioFailure("start", "start", "the hand starts", f"refused: {refusal}")
    return None


_CACHE: dict[str, Applicability] = {}


def _key(scenario: Scenario, declaration: Mapping[str, Any], reason: str) -> str:
    data = {key: scenario.data.get(key) for key in ("stacks", "stakes", "deal", "deck", "actions", "outcome",
                                                     "profile", "options", "rake", "start_error")}
    text = _json([scenario.id, scenario.path, data, declaration, reason])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def decide(engine: Engine, scenario: Scenario) -> Applicability:
    """Whether ``scenario`` applies to ``engine``, and how it is played (see the module docstring).

    ``EngineFault`` from the engine's ``unsupported`` or ``handshake`` passes through."""
    data = scenario.data
    profile, own = data.get("profile"), dict(data.get("options") or {})
    if scenario.kind != "replay":
        return Applicability(scenario)
    reason = engine.unsupported(profile, own)
    if not reason:
        return Applicability(scenario)
    if data.get("start_error") is not None:
        return Applicability(scenario, applies=False, reason=reason, declared_reason=reason)
    try:
        values = default_rulebook().resolve_options(profile, own)
    except Stud8Error:  # settings the rule book refuses: never made not applicable by a declaration
        return Applicability(scenario)
    declaration = engine.handshake()
    key = _key(scenario, declaration, reason)
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = _decide(engine, scenario, values, declaration, reason)
    return cached


def _decide(engine: Engine, scenario: Scenario, values: dict[str, Any], declaration: Mapping[str, Any],
            reason: str) -> Applicability:
    declared = declaration.get("options") or {}
    if not isinstance(declared, Mapping):
        declared = {}
    choices = {name: _candidates(name, value, declared) for name, value in values.items()}
    changing = {name: options for name, options in choices.items() if options}
    unplayable = sorted(name for name, options in changing.items() if options == [None])
    if unplayable:
        return Applicability(scenario, applies=False, options=tuple(unplayable), declared_reason=reason,
                             reason=f"{reason} (the engine declares no value of {', '.join(unplayable)} it can play)")
    names = list(changing)
    if not names:  # every value is played; only the profile's name is not: send its values
        still = engine.unsupported(None, values)
        if still:
            return Applicability(scenario, applies=False, reason=still, declared_reason=reason)
        return Applicability(with_settings(scenario, None, values), declared_reason=reason)
    first: tuple[dict[str, tuple[Any, Any]], ScenarioFailure] | None = None
    refused_by_engine: str | None = None
    for combination in itertools.islice(itertools.product(*(changing[name] for name in names)), MAX_COMBINATIONS):
        theirs = dict(values)
        theirs.update(zip(names, combination))
        changed = {name: (values[name], theirs[name]) for name in names}
        still = engine.unsupported(None, theirs)
        if still:
            refused_by_engine = refused_by_engine or still
            continue
        played = with_settings(scenario, None, theirs)
        missed = _passes_on_reference(played)
        if missed is None:
            return Applicability(played, changed=changed, declared_reason=reason)
        if first is None:
            first = (changed, missed)
    if first is None:
        return Applicability(scenario, applies=False, declared_reason=reason,
                             reason=f"{reason}; the engine refuses every set of the values it declares"
                                    + (f" ({refused_by_engine})" if refused_by_engine else ""))
    changed, missed = first
    matter = _options_that_matter(scenario, values, changed)
    step = missed.step
    text = (f"its result depends on {', '.join(f'{name}={_json(changed[name][0])}' for name in matter)} "
            f"(the engine plays {', '.join(f'{name}={_json(changed[name][1])}' for name in matter)}): "
            f"under the engine's values the rule book gives another {missed.field} at {step}")
    return Applicability(scenario, applies=False, changed=changed, reason=text, options=tuple(matter), step=step,
                         declared_reason=reason)


def _options_that_matter(scenario: Scenario, values: Mapping[str, Any],
                         changed: Mapping[str, tuple[Any, Any]]) -> list[str]:
    """The changed options that alone change a checked value (all of them when only their
    combination does)."""
    if len(changed) == 1:
        return list(changed)
    alone = []
    for name, (_, theirs) in changed.items():
        single = dict(values)
        single[name] = theirs
        if _passes_on_reference(with_settings(scenario, None, single)) is not None:
            alone.append(name)
    return alone or list(changed)
