"""Which hand-worked checkpoints pin each observation field in each phase of a hand.

The invariants (``invariants.py``) hold every field of every observation to the protocol's
definitions; a checkpoint pins a field's value as worked out by hand from the rule book. A
field nobody pins in some phase (``committed`` after the hand ended, a folded seat's cards) is
where an engine's mistake could hide behind a definition read the same wrong way twice. This
module computes the matrix field x phase from the scenarios themselves: a cell lists the
scenarios with a checkpoint that names the field while the hand is in that phase.

The phase of a checkpoint is read from the state the scenario's script has reached there. The
script's own actions say whether the bring-in was made and who folded; the street, all-ins and
the end are read from the reference engine replaying the script, which plays the whole suite
exactly as the hand-worked checkpoints say (only to classify: no expected value comes from it).
A test fails on an empty cell (``tests/test_field_matrix.py``); ``python -m
stud8.conformance.suite.field_matrix`` prints the matrix.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from typing import Any

from stud8.conformance.engines.api import EngineRefusal, ReferenceEngine
from stud8.conformance.suite.deal import scenario_deck
from stud8.conformance.suite.replay import CHECKPOINT_FIELDS
from stud8.conformance.suite.scenarios import Scenario

FIELDS: tuple[str, ...] = (*CHECKPOINT_FIELDS, "up", "down")
"""Every observation field a checkpoint can name."""

PHASES: dict[str, str] = {
    "bring-in due": "third street dealt, nobody has put chips in yet",
    "after the bring-in": "third street, the bring-in (or an opening) made",
    "later street": "fourth to seventh street, the hand on",
    "after a fold": "the hand on, a seat has folded",
    "all-in": "the hand on, a seat is all-in",
    "over at a showdown": "the hand over, two or more players showed",
    "over uncontested": "the hand over, everyone else folded",
    "community card": "seventh street dealt as a community card",
}
"""The phases of a hand a field can be pinned in (a state may be in several)."""

Matrix = dict[tuple[str, str], list[str]]


def phases_of(observation: Mapping[str, Any], opened: bool) -> set[str]:
    """The phases a state is in (``opened``: chips were put in on third street by an action)."""
    seats = observation.get("seats") or []
    live = [seat for seat in seats if not seat.get("folded")]
    found: set[str] = set()
    if observation.get("over"):
        found.add("over uncontested" if len(live) == 1 else "over at a showdown")
    else:
        if observation.get("street") == "third":
            found.add("after the bring-in" if opened else "bring-in due")
        else:
            found.add("later street")
        if len(live) < len(seats):
            found.add("after a fold")
        if any(seat.get("all_in") for seat in live):
            found.add("all-in")
    if observation.get("community") is not None:
        found.add("community card")
    return found


def checkpoint_phases(scenario: Scenario) -> list[tuple[set[str], Mapping[str, Any]]]:
    """Each checkpoint of a replay with the phases of the state it names."""
    data = scenario.data
    engine = ReferenceEngine()
    try:
        engine.start(stacks=data["stacks"], stakes=data["stakes"], deck=[str(c) for c in scenario_deck(data)],
                     profile=data.get("profile"), options=data.get("options", {}))
    except EngineRefusal:
        return []
    found = []
    opened = False
    for item in data.get("actions") or []:
        if isinstance(item, str):
            try:
                engine.act(item)
            except EngineRefusal:
                break  # a scenario the reference engine refuses: nothing after it is classified
            opened = opened or item.split()[1:2] in (["pb"], ["cbr"])
        elif "expect" in item:
            found.append((phases_of(engine.observe(), opened), item["expect"]))
    return found


def field_matrix(scenarios: Iterable[Scenario]) -> Matrix:
    """(field, phase) -> the ids of the scenarios that pin the field in that phase."""
    matrix: Matrix = {(field, phase): [] for field in FIELDS for phase in PHASES}
    for scenario in scenarios:
        if scenario.kind != "replay" or scenario.data.get("start_error"):
            continue
        for phases, expect in checkpoint_phases(scenario):
            for field in expect:
                for phase in phases:
                    cell = matrix.setdefault((field, phase), [])
                    if not cell or cell[-1] != scenario.id:
                        cell.append(scenario.id)
    return matrix


def matrix_lines(matrix: Matrix) -> list[str]:
    """The matrix as a Markdown table: how many scenarios pin each cell (blank: none)."""
    phases = list(PHASES)
    lines = ["| field | " + " | ".join(phases) + " |", "|---" * (len(phases) + 1) + "|"]
    for field in FIELDS:
        cells = [str(len(matrix.get((field, phase), []))) if matrix.get((field, phase)) else " " for phase in phases]
        lines.append(f"| `{field}` | " + " | ".join(cells) + " |")
    return lines


def main() -> int:
    from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir

    files, problems = load_suite([packaged_scenarios_dir()])
    if problems:  # the matrix of a suite that does not load would mislead: say why instead
        print("\n".join(map(str, problems)), file=sys.stderr)
        return 2
    matrix = field_matrix(list(iter_scenarios(files)))
    print("\n".join(matrix_lines(matrix)))
    empty = [cell for cell, ids in matrix.items() if not ids]
    print(f"\n{len(matrix)} cells, {len(empty)} empty" + "".join(f"\n  {field} x {phase}" for field, phase in empty))
    return 1 if empty else 0


if __name__ == "__main__":
    sys.exit(main())
