"""A finding: a divergence found, shrunk, and written as a replay scenario (``scenario_text``).

The file holds the deck as lines of cards (with what each line deals), the actions, a
checkpoint with the reference engine's value of the field at the point of divergence, then
the hand played to its end on the reference engine (by folding where possible) and its
outcome. It is a *finding*, not a suite scenario: its expected values are the reference
engine's and must be worked out by hand before it joins the suite (the file's header says so).
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.fuzz.lockstep import Divergence, result_values
from stud8.conformance.fuzz.policies import fold_first
from stud8.conformance.fuzz.shrink import Case, plan_of
from stud8.conformance.suite.replay import CHECKPOINT_FIELDS, seat_name


def _checkpoint(divergence: Divergence, observation: Mapping[str, Any]) -> dict[str, Any] | None:
    """The reference engine's value of the divergent field, as a checkpoint."""
    name = divergence.field
    if divergence.phase == "play":
        if name.startswith(("up ", "down ")):
            key, seat = name.split()
            cards = _cards_of(observation, key, int(seat[1:]))
            return {key: {seat: " ".join(cards)}} if cards else None
        return {name: CHECKPOINT_FIELDS[name][0](observation)}
    if divergence.phase == "result" and name == "result stacks":
        return {"over": True, "stacks": CHECKPOINT_FIELDS["stacks"][0](observation)}
    if divergence.phase in ("action", "fault", "start") and not observation["over"]:
        return {"to_act": seat_name(observation["to_act"]), "legal": sorted(observation["legal"])}
    return None


def _cards_of(observation: Mapping[str, Any], key: str, seat: int) -> list[str]:
    for entry in observation["seats"]:
        if entry["seat"] == seat:
            return list(entry[key])
    return []


@dataclass
class Finding:
    """A divergence found, shrunk and written."""

    seed: int
    hand: int
    divergence: Divergence
    rules: list[str]
    players: int
    actions: int
    original_players: int
    original_actions: int
    path: Path | None = None
    reproduces: bool | None = None
    shrink_tries: int = 0
    shrink_cut_short: bool = False
    guided: bool = False

    @property
    def where(self) -> str:
        """``seed S, hand H`` (``guided hand H`` for a guided run's hand, another hand)."""
        return f"seed {self.seed}, {'guided ' if self.guided else ''}hand {self.hand}"

    @property
    def scenario_id(self) -> str:
        return f"fuzz-{'guided-' if self.guided else ''}{self.seed}-{self.hand:03d}"

    def summary(self) -> str:
        d = self.divergence
        where = f" -> {self.path}" if self.path else ""
        if d.phase == "fault":
            return (f"engine {d.field} after {self.hand + 1} hands: hand {self.hand}, action {d.action}"
                    f"{f' ({d.next_action})' if d.next_action else ''}: {d.engine}{where}")
        return (f"divergence after {self.hand + 1} hands: hand {self.hand}, action {d.action}: {d.field} "
                f"reference={_show(d.reference)} engine={_show(d.engine)}{where}")

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "hands": self.hand + 1, **self.divergence.as_json(), "rules": self.rules,
                "players": self.players, "actions": self.actions,
                "shrunk_from": {"players": self.original_players, "actions": self.original_actions},
                "path": None if self.path is None else str(self.path), "reproduces": self.reproduces,
                "shrink_tries": self.shrink_tries, "shrink_cut_short": self.shrink_cut_short}


def _show(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, 92, break_long_words=False, break_on_hyphens=False)


def _flow(value: Any) -> str:
    """A value as YAML flow text (JSON is YAML)."""
    return json.dumps(value, ensure_ascii=False)


def _deck_lines(deck: Sequence[str], players: int, plan: Sequence[Sequence[int]], burn_first: bool,
                community: bool = False) -> list[tuple[str, str]]:
    """The deck as lines of cards with what each line deals (as far as the hand dealt)."""
    lines: list[tuple[str, str]] = []
    position = 0

    def take(count: int, note: str) -> None:
        nonlocal position
        cards = list(deck[position:position + count])
        if cards:
            lines.append((" ".join(cards), note))
        position += len(cards)

    seats = f"p1..p{players}"
    if burn_first:
        take(1, "burn before third street")
    take(players, f"first down card, {seats}")
    take(players, f"second down card, {seats}")
    take(players, f"third-street up card, {seats}")
    names = ("fourth", "fifth", "sixth", "seventh")
    needed = int(burn_first) + 3 * players + sum(1 + len(seats) for seats in plan)
    exhausted = needed > len(deck) or community
    for street, receivers in enumerate(plan):
        if needed > len(deck) and street == len(plan) - 1:
            break
        take(1, f"burn before {names[street]} street")
        take(len(receivers), f"{names[street]} street, " + " ".join(f"p{s + 1}" for s in receivers))
    rest = list(deck[position:])
    note = "the stub: deck exhaustion on seventh street" if exhausted else "not dealt (or dealt after the point of divergence)"
    for start in range(0, len(rest), 13):
        lines.append((" ".join(rest[start:start + 13]), note if start == 0 else ""))
    return lines


def finish_on_reference(case: Case, profile: str | None, options: Mapping[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """The case's actions (and the action the engine refused, if any), then the hand played to
    its end on the reference engine by folding where possible: every action and the end."""
    engine = ReferenceEngine()
    engine.start(stacks=case.stacks, stakes=case.stakes, deck=case.deck, profile=profile, options=dict(options))
    actions = list(case.played.actions)
    divergence = case.played.divergence
    if divergence is not None and divergence.next_action is not None:
        actions.append(divergence.next_action)
    for action in actions:
        engine.act(action)
    while True:
        observation = engine.observe()
        if observation["over"]:
            return actions, observation
        action = f"p{observation['to_act']} {fold_first(observation['to_act'], observation['legal'])}"
        engine.act(action)
        actions.append(action)


def scenario_text(finding: Finding, case: Case, engine_name: str, profile: str | None,
                  options: Mapping[str, Any], burn_first: bool, command: str) -> str:
    """The finding as a replay scenario file (see the module docstring)."""
    divergence = finding.divergence
    if divergence.phase == "start" and str(divergence.reference).startswith("refused"):
        return _start_error_text(finding, case, engine_name, profile, options, command)
    actions, end = finish_on_reference(case, profile, options)
    # The observation at the point of divergence, on the reference engine.
    point = ReferenceEngine()
    point.start(stacks=case.stacks, stakes=case.stakes, deck=case.deck, profile=profile, options=dict(options))
    for action in case.played.actions:
        point.act(action)
    at_point = point.observe()
    checkpoint = _checkpoint(divergence, at_point)
    players = len(case.stacks)
    stakes = case.stakes
    setting = ", ".join([f"profile {profile}"] * bool(profile) + [f"{k}={_show(v)}" for k, v in options.items()]) or "the default profile"
    where = "at the start" if divergence.action == 0 else f"after {divergence.action} actions"
    if divergence.phase == "fault":
        what = f"{engine_name} fails ({divergence.field}: {divergence.engine}) {where}"
    elif divergence.phase == "start":
        what = f"{engine_name} {_show(divergence.engine)} to start the hand, which the reference engine starts"
    elif divergence.phase == "action":
        what = f"{engine_name} {_show(divergence.engine)} the action {divergence.next_action} {where}, which the reference engine accepts"
    else:
        what = (f"{engine_name} and the reference engine differ on {divergence.field} {where}: "
                f"the reference engine gives {_show(divergence.reference)}, {engine_name} {_show(divergence.engine)}")
    description = (
        f"Found by stud8 fuzz ({finding.where}; shrunk from {finding.original_players} "
        f"players and {finding.original_actions} actions to {players} and {finding.actions}) with {setting}: {what}. "
        f"Stakes {stakes['ante']}/{stakes['bring_in']}/{stakes['small_bet']}/{stakes['big_bet']} "
        f"(ante/bring-in/small bet/big bet), stacks {' '.join(map(str, case.stacks))}. "
        f"The expected values are those of the reference engine at the time of the finding; "
        f"verify them by hand before adding this scenario to the suite."
    )
    title = _title(divergence, engine_name, finding.where)
    plan = plan_of(end, players)
    lines = _header(command) + [
        (f"# {engine_name}: {divergence.engine}" if divergence.phase == "fault" else
         f"# Reference engine {_show(divergence.reference)}; {engine_name} {_show(divergence.engine)}."),
    ] + _scenario_head(finding, title, description, profile, options, stakes, case.stacks)
    deck_lines = _deck_lines(case.deck, players, plan, burn_first, end.get("community") is not None)
    width = max(len(text) for text, _ in deck_lines)
    for text, note in deck_lines:
        lines.append((f"      - {text.ljust(width)}" + (f"    # {note}" if note else "")).rstrip())
    lines.append("    actions:" if actions or checkpoint is not None else "    actions: []")
    at = divergence.action
    for index, action in enumerate(actions):
        if index == at and checkpoint is not None:
            lines.append(f"      - expect: {_flow(checkpoint)}    # the reference engine's value at the divergence")
            checkpoint = None
        lines.append(f"      - {action}")
    if checkpoint is not None:
        lines.append(f"      - expect: {_flow(checkpoint)}    # the reference engine's value at the divergence")
    outcome = result_values(end)
    lines.append("    outcome:")
    lines.append(f"      stacks: {_flow(outcome['stacks'])}")
    if divergence.phase == "result" and divergence.field != "result stacks":
        key = divergence.field.split()[1]
        if key == "pots" and outcome["pots"]:
            lines.append("      pots:")
            for pot in outcome["pots"]:
                lines.append(f"        - {_flow(pot)}")
        else:
            lines.append(f"      {key}: {_flow(outcome[key])}")
    return "\n".join(lines) + "\n"


def _title(divergence: Divergence, engine_name: str, found: str) -> str:
    """A statement of fact, unique per seed and hand, at most 140 characters."""
    where = f"({found})"
    if divergence.phase == "fault":
        what = f"fails with a {divergence.field}"
    elif divergence.phase == "start":
        what = "refuses to start a hand the reference engine starts"
    elif divergence.phase == "action":
        what = "refuses an action the reference engine accepts"
    else:
        what = f"differs from the reference engine on {divergence.field}"
    title = f"Fuzzing finds {engine_name} {what} {where}"
    if len(title) > 140:
        title = f"Fuzzing finds the engine {what} {where}"
    return title[:140]


def _header(command: str) -> list[str]:
    return [
        f"# A finding of `{command}`, not a suite scenario.",
        "# The expected values below (the checkpoint and the outcome) are what the REFERENCE engine",
        "# gave when the finding was made: they were copied from an engine, which the suite never",
        "# does. Work the hand out from the rule book by hand (conformance/WRITING.md) and decide which",
        "# engine is right before moving this scenario into conformance/scenarios/ (with a suite id and",
        "# a title that states the rule).",
    ]


def _scenario_head(finding: Finding, title: str, description: str, profile: str | None,
                   options: Mapping[str, Any], stakes: Mapping[str, int], stacks: Sequence[int]) -> list[str]:
    """The lines of a written finding from ``scenarios:`` down to the ``deck:`` key."""
    lines = [
        "scenarios:",
        f"  - id: {finding.scenario_id}",
        "    kind: replay",
        f"    title: {_flow(title)}",
        f"    rules: [{', '.join(finding.rules)}]",
        "    description: >-",
        *[f"      {line}" for line in _wrap(description)],
    ]
    if profile:
        lines.append(f"    profile: {profile}")
    if options:
        lines.append(f"    options: {_flow(dict(options))}")
    return lines + [f"    stakes: {_flow(dict(stakes))}", f"    stacks: {_flow(list(stacks))}", "    deck:"]


def _start_error_text(finding: Finding, case: Case, engine_name: str, profile: str | None,
                      options: Mapping[str, Any], command: str) -> str:
    """A hand the reference engine refuses to start and the engine starts."""
    code = str(finding.divergence.reference).split("(")[-1].rstrip(")")
    description = (f"Found by stud8 fuzz ({finding.where}): the reference engine refuses to "
                   f"start this hand ({code}) and {engine_name} starts it. The expected values are those of the "
                   f"reference engine at the time of the finding; verify them by hand before adding this scenario to the suite.")
    title = f"Fuzzing finds {engine_name} starts a hand the reference engine refuses ({finding.where})"[:140]
    lines = _header(command) + _scenario_head(finding, title, description, profile, options, case.stakes, case.stacks)
    lines += [f"      - {' '.join(case.deck[i:i + 13])}" for i in range(0, len(case.deck), 13)]
    lines += [f"    start_error: {code}", "    actions: []", "    outcome: null"]
    return "\n".join(lines) + "\n"


