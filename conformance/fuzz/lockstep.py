"""One hand on two engines in lockstep, stopped at the first difference (``Divergence``).

Both engines start the hand and receive every action, chosen by a policy among the
*reference engine's* legal actions. Before each action and at the end the two observations
are compared, field by field, with the runner's own readings (``replay.CHECKPOINT_FIELDS``:
street, to_act, bring_in, legal as a set, pot, pots, stacks, committed, community, folded,
all_in, over, every seat's up and down cards) and, when the hand is over, the result (each pot
with its high and low awards, the chips returned, the show order, the final stacks). A start
one engine refuses and the other accepts, an action the other engine refuses, or a fault of the
engine (crash, timeout, protocol error) is a divergence too.

**Cheap first, thorough on doubt.** The field-by-field comparison runs only when a cheap test
says the observations may differ, so the first divergence found is exactly the one the full
comparison alone finds:

* an engine in this process: its observation is compared with the reference engine's as a
  whole (``==``, a C-level walk of the two dicts); equal observations cannot differ in any
  field;
* an engine that returns an observation digest with each ``start`` and ``act`` (the protocol's
  ``digest`` feature, ``digest.observation_digest``): the digest is compared with the
  reference observation's, and the observation is fetched only when they differ; the engine
  takes each action while the reference engine takes it too (``act_send``, ``act_result``);
* an engine that takes a whole hand's actions in one message (the ``batch`` feature, used by
  the campaign's search): the hand is played on the reference engine, sent at once, and its
  digests compared; a hand that disagrees anywhere is played again step by step.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud8.conformance.engines.api import (
    Engine,
    EngineCrash,
    EngineError,
    EngineFault,
    EngineRefusal,
)
from stud8.conformance.engines.digest import observation_digest
from stud8.conformance.fuzz.generate import HandSpec
from stud8.conformance.fuzz.policies import RandomPolicy
from stud8.conformance.suite.replay import CHECKPOINT_FIELDS, _pots, _seat_map, seat_name

_SEAT_SUFFIX = re.compile(r" p[1-8]$")

MAX_ACTIONS = 500
"""A hand longer than this is an engine that never ends the hand (a fault)."""

PLAY_FIELDS: tuple[str, ...] = ("over", "street", "to_act", "bring_in", "legal", "pot", "pots", "stacks",
                                "committed", "community", "folded", "all_in")
"""Observation fields compared at every step, in this order (then every seat's up and down cards)."""

RESULT_FIELDS: tuple[str, ...] = ("pots", "returned", "show_order", "stacks")
"""Result fields compared when both hands are over, before the observation fields."""


@dataclass
class Divergence:
    """Where two engines first differ. ``action``: how many actions had been applied."""

    phase: str  # start | play | result | action | fault
    field: str  # start, action, a play field ("up p3"), "result pots", or crash/timeout/error
    action: int
    reference: Any
    engine: Any
    next_action: str | None = None  # phase action/fault: the action the engine refused or failed on

    @property
    def base(self) -> str:
        """The field without its seat (``up p3`` -> ``up``)."""
        return _SEAT_SUFFIX.sub("", self.field)

    @property
    def kind(self) -> str:
        """The phase and the field without its seat: what shrinking must preserve."""
        return f"{self.phase}:{self.base}"

    def as_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "field": self.field, "action": self.action,
                "reference": self.reference, "engine": self.engine, "next_action": self.next_action}


@dataclass
class Played:
    """One hand in lockstep: the actions applied, the divergence (or None), and the reference
    engine's last observation (None if the reference refused the start)."""

    actions: list[str]
    divergence: Divergence | None
    last: dict[str, Any] | None


class Guarded:
    """The engine under test, with any unexpected exception turned into ``EngineCrash``.

    ``start`` and ``act`` return the engine's observation digest when it sends one (an engine
    whose ``digests`` attribute is true, see the module docstring), else None.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.digests = False

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return getattr(self.engine, name)(*args, **kwargs)
        except (EngineRefusal, EngineFault):
            raise
        except Exception as error:
            raise EngineCrash(f"{name}() raised {type(error).__name__}: {error}") from error

    def start(self, **settings: Any) -> str | None:
        answer = self._call("start", **settings)
        self.digests = bool(getattr(self.engine, "digests", False))  # known once the engine runs
        return answer if self.digests and isinstance(answer, str) else None

    def act(self, action: str) -> str | None:
        answer = self._call("act", action)
        return answer if self.digests and isinstance(answer, str) else None

    @property
    def pipelined(self) -> bool:
        """The engine takes ``act`` in two halves (``act_send``, ``act_result``) and sends digests."""
        return self.digests and hasattr(self.engine, "act_send")

    def act_send(self, action: str) -> None:
        self._call("act_send", action)

    def act_result(self) -> str | None:
        answer = self._call("act_result")
        return answer if isinstance(answer, str) else None

    def observe(self) -> dict[str, Any]:
        return self._call("observe")  # type: ignore[no-any-return]

    def call(self, name: str, *args: Any) -> Any:
        """Any other method of the engine, guarded the same way."""
        return self._call(name, *args)


def result_values(observation: Mapping[str, Any]) -> dict[str, Any]:
    """The result in the scenario outcome's terms (as the runner's ``check_outcome`` reads it)."""
    result = observation.get("result") or {}
    return {
        "pots": _pots(result.get("pots", []), True),
        "returned": {seat: amount for seat, amount in (_seat_map(result.get("returned")) or {}).items() if amount},
        "show_order": [seat_name(seat) for seat in result.get("show_order", [])],
        "stacks": list(result.get("stacks", [])),
    }


def compare(reference: Mapping[str, Any], other: Mapping[str, Any]) -> tuple[str, str, Any, Any] | None:
    """The first difference ``(phase, field, reference value, other value)``, or None."""
    try:
        if reference["over"] and other["over"]:
            mine, theirs = result_values(reference), result_values(other)
            for key in RESULT_FIELDS:
                if mine[key] != theirs[key]:
                    return "result", f"result {key}", mine[key], theirs[key]
        for key in PLAY_FIELDS:
            read = CHECKPOINT_FIELDS[key][0]
            mine_value, their_value = read(reference), read(other)
            if mine_value != their_value:
                return "play", key, mine_value, their_value
        theirs_by_seat = {seat["seat"]: seat for seat in other["seats"]}
        for seat in reference["seats"]:
            their_seat = theirs_by_seat.get(seat["seat"], {})
            for key in ("up", "down"):
                mine_cards, their_cards = list(seat[key]), list(their_seat.get(key, []))
                if mine_cards != their_cards:
                    return "play", f"{key} p{seat['seat']}", " ".join(mine_cards), " ".join(their_cards)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise EngineError(f"the observation cannot be read: {type(error).__name__}: {error}") from None
    return None


def _reference_act(reference: Engine, action: str) -> None:
    """The reference engine applies an action it listed as legal: a refusal is a bug here, never
    the engine under test's refusal."""
    try:
        reference.act(action)
    except EngineRefusal as refusal:
        raise AssertionError(f"the reference engine refused {action!r}, which it listed as legal: {refusal}") from None


def _refusal(text: EngineRefusal | None) -> str:
    return "starts" if text is None else f"refused ({text.code})"


def lockstep(reference: Engine, engine: Engine, *, stacks: Sequence[int], stakes: Mapping[str, int],
             deck: Sequence[str], profile: str | None, options: Mapping[str, Any],
             choose: Callable[[int, Sequence[str]], str],
             watch: Callable[[Mapping[str, Any]], None] | None = None, batch: bool = False) -> Played:
    """Play one hand on both engines; ``choose(seat, legal)`` picks each action among the
    reference engine's legal actions. Stops at the first divergence. ``watch``, if given, sees
    every reference observation (the rule-coverage classifier reads the hand from them).

    ``batch``: with an engine that takes several actions in one message (the protocol's
    ``batch`` feature), play the hand on the reference engine first, then send the engine the
    start and all the actions at once and compare the digests; only when they disagree is the
    hand played again step by step (with the same actions), which finds the divergence exactly
    where the step-by-step play alone finds it. ``choose`` is then called for the whole hand,
    so the policy's record of decisions may go past the divergence: the search uses batches,
    shrinking never does.
    """
    settings: dict[str, Any] = {"stacks": list(stacks), "stakes": dict(stakes), "deck": list(deck),
                                "profile": profile, "options": dict(options)}
    if batch and _batches(engine):
        played, script = _batched(reference, engine, settings, choose, watch)
        if played is not None:
            return played
        if script is not None:
            choose, watch = script, None
    return _stepwise(reference, engine, settings, choose, watch)


def _batches(engine: Engine) -> bool:
    """The engine takes batches and sends digests (a batch is only worth it with both)."""
    try:
        return bool(getattr(engine, "batches", False)) and bool(getattr(engine, "digests", False))
    except EngineFault:
        return False


def _batched(reference: Engine, engine: Engine, settings: dict[str, Any], choose: Callable[[int, Sequence[str]], str],
             watch: Callable[[Mapping[str, Any]], None] | None,
             ) -> tuple[Played | None, Callable[[int, Sequence[str]], str] | None]:
    """The hand as one batch: ``(Played, None)`` when the engine agrees at every step, else
    ``(None, a chooser replaying the same actions)`` for the step-by-step play."""
    try:
        reference.start(**settings)
    except EngineRefusal:
        return None, None
    observations = [reference.observe()]
    actions: list[str] = []
    while not observations[-1]["over"]:
        if len(actions) >= MAX_ACTIONS:
            return None, None
        last = observations[-1]
        action = f"p{last['to_act']} {choose(last['to_act'], last['legal'])}"
        _reference_act(reference, action)
        actions.append(action)
        observations.append(reference.observe())
    if watch is not None:
        for observation in observations:
            watch(observation)
    replay = iter([action.split(" ", 1)[1] for action in actions])

    def script(seat: int, legal: Sequence[str]) -> str:
        return next(replay)

    guarded = Guarded(engine)
    try:
        first = guarded.start(**settings)
        if first is None or first != observation_digest(observations[0]):
            return None, script
        if actions:
            digests, refusal = guarded.call("act_batch", actions)
            if refusal is not None or digests != [observation_digest(o) for o in observations[1:]]:
                return None, script
    except (EngineRefusal, EngineFault):
        return None, script
    return Played(actions, None, observations[-1]), None


def _stepwise(reference: Engine, engine: Engine, settings: dict[str, Any], choose: Callable[[int, Sequence[str]], str],
              watch: Callable[[Mapping[str, Any]], None] | None) -> Played:
    """The hand step by step, compared after every action (see the module docstring)."""
    guarded = Guarded(engine)
    actions: list[str] = []
    last: dict[str, Any] | None = None
    next_action: str | None = None
    try:
        mine: EngineRefusal | None = None
        theirs: EngineRefusal | None = None
        digest: str | None = None
        try:
            reference.start(**settings)
        except EngineRefusal as refusal:
            mine = refusal
        try:
            digest = guarded.start(**settings)
        except EngineRefusal as refusal:
            theirs = refusal
        if mine is not None or theirs is not None:
            if mine is not None and theirs is not None and mine.code == theirs.code:
                return Played(actions, None, None)
            last = None if mine is not None else reference.observe()
            return Played(actions, Divergence("start", "start", 0, _refusal(mine), _refusal(theirs)), last)
        pipelined = guarded.pipelined
        last = reference.observe()
        expected: str | None = None  # the reference observation's digest, when already computed
        while True:
            if watch is not None:
                watch(last)
            if digest is None or digest != (expected or observation_digest(last)):
                other = guarded.observe()
                if other != last:
                    found = compare(last, other)
                    if found is not None:
                        phase, name, mine_value, their_value = found
                        return Played(actions, Divergence(phase, name, len(actions), mine_value, their_value), last)
            if last["over"]:
                return Played(actions, None, last)
            if len(actions) >= MAX_ACTIONS:
                raise EngineError(f"the hand is not over after {MAX_ACTIONS} actions")
            to_act = last["to_act"]
            next_action = f"p{to_act} {choose(to_act, last['legal'])}"
            try:
                if pipelined:  # the engine works on the action while the reference engine does
                    guarded.act_send(next_action)
                    _reference_act(reference, next_action)
                    following = reference.observe()
                    expected = observation_digest(following)
                    digest = guarded.act_result()
                else:
                    _reference_act(reference, next_action)
                    digest = guarded.act(next_action)
                    following = reference.observe()
            except EngineRefusal as refusal:
                return Played(actions, Divergence("action", "action", len(actions), "accepted", f"refused ({refusal.code})",
                                                  next_action), last)
            actions.append(next_action)
            next_action = None
            last = following
    except EngineFault as fault:
        return Played(actions, Divergence("fault", fault.outcome, len(actions), None, fault.message, next_action), last)


def play_generated(reference: Engine, engine: Engine, hand: HandSpec, profile: str | None,
                   options: Mapping[str, Any], watch: Callable[[Mapping[str, Any]], None] | None = None,
                   batch: bool = False) -> tuple[Played, list[list[str]]]:
    """A generated hand in lockstep, and each seat's decisions (``batch``: see ``lockstep``)."""
    policy = RandomPolicy(hand)
    played = lockstep(reference, engine, stacks=hand.stacks, stakes=hand.stakes, deck=hand.deck,
                      profile=profile, options=options, choose=policy, watch=watch, batch=batch)
    return played, policy.decisions
