"""The boundaries: every numeric threshold of the rule book, each side pinned by scenarios.

A rule that changes at a number (a stack of exactly the ante, an all-in raise of exactly half a
bet, a stub one card short) is where implementations go wrong, and a suite that only samples
values away from the number lets them. ``conformance/boundaries.yaml`` lists every such
threshold the rule book states or implies, with its sides (the value at the threshold and one
step past it) and the scenarios that show exactly that value; ``check`` finds a side left
unpinned, a scenario or rule that does not exist, an option the rule book does not define, and
a scenario that cites none of the boundary's rules. The catalogue prints the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from stud8.conformance.suite.scenarios import Scenario
from stud8.spec.rulebook import RuleBook, default_rulebook, schema_problems
from stud8.spec.yamlio import Problem, YamlProblem, load_yaml_file, position_of

FILE_NAME = "boundaries.yaml"


@dataclass(frozen=True)
class Side:
    """One side of a threshold: the value there, what the rules do, the scenarios showing it."""

    value: str
    reads: str
    scenarios: tuple[str, ...]


@dataclass(frozen=True)
class Boundary:
    """A threshold of the rule book and its sides."""

    id: str
    rules: tuple[str, ...]
    quantity: str
    threshold: str
    sides: tuple[Side, ...]
    options: Mapping[str, Any]
    note: str | None


@dataclass
class Boundaries:
    """The whole file: the boundaries, the unreachable thresholds, the families of mistakes."""

    path: str
    document: Any
    boundaries: list[Boundary]
    unreachable: list[Mapping[str, Any]]
    families: list[Mapping[str, Any]]
    problems: list[Problem]


def packaged_path() -> Path:
    """The packaged ``boundaries.yaml`` (package data of ``stud8.conformance``)."""
    return Path(str(resources.files("stud8.conformance").joinpath(FILE_NAME)))


def load(path: Path | None = None) -> Boundaries:
    """Load and schema-check the file; problems are collected, never raised."""
    where = path or packaged_path()
    shown = str(where)
    try:
        document = load_yaml_file(where, shown)
    except YamlProblem as error:
        return Boundaries(shown, None, [], [], [], [error.problem])
    problems = schema_problems(document, "boundaries.schema.json", shown)
    if problems:
        return Boundaries(shown, document, [], [], [], problems)
    boundaries = [
        Boundary(
            id=item["id"],
            rules=tuple(item["rules"]),
            quantity=item["quantity"],
            threshold=item["threshold"],
            sides=tuple(Side(side["value"], side["reads"], tuple(side["scenarios"])) for side in item["sides"]),
            options=item.get("options", {}),
            note=item.get("note"),
        )
        for item in document["boundaries"]
    ]
    return Boundaries(shown, document, boundaries, list(document.get("unreachable", [])),
                      list(document.get("families", [])), [])


def check(loaded: Boundaries, scenarios: Iterable[Scenario], rulebook: RuleBook | None = None) -> list[Problem]:
    """Every problem of the file against the suite and the rule book, positioned in the file.

    A side must name at least one scenario (the schema says so), every scenario named must be
    in the suite and cite at least one of the boundary's rules, every rule and option must be
    the rule book's, and boundary ids must be unique.
    """
    if loaded.problems:
        return list(loaded.problems)
    book = rulebook or default_rulebook()
    by_id = {scenario.id: scenario for scenario in scenarios}
    document = loaded.document
    problems: list[Problem] = []

    def add(steps: list[Any], code: str, message: str) -> None:
        line, column = position_of(document, steps)
        problems.append(Problem(loaded.path, line, column, code, message))

    seen: set[str] = set()
    for index, boundary in enumerate(loaded.boundaries):
        where: list[Any] = ["boundaries", index]
        if boundary.id in seen:
            add([*where, "id"], "duplicate-boundary", f"boundary {boundary.id!r} is listed twice")
        seen.add(boundary.id)
        for number, rule_id in enumerate(boundary.rules):
            if rule_id not in book.rule_ids:
                add([*where, "rules", number], "unknown-rule", f"rule id {rule_id!r} is not in the rule book")
        for name, value in boundary.options.items():
            option = book.options.get(name)
            why = "is not in the rule book" if option is None else option.check(value)
            if why:
                add([*where, "options", name], "bad-option", f"option {name}={value!r} {why}")
        for side_index, side in enumerate(boundary.sides):
            for number, scenario_id in enumerate(side.scenarios):
                steps = [*where, "sides", side_index, "scenarios", number]
                scenario = by_id.get(scenario_id)
                if scenario is None:
                    add(steps, "unknown-scenario", f"{boundary.id}: side {side.value!r} names {scenario_id!r}, "
                                                   "which is not in the suite")
                elif not set(scenario.rules) & set(boundary.rules):
                    add(steps, "unrelated-scenario", f"{boundary.id}: {scenario_id} cites none of "
                                                     f"{', '.join(boundary.rules)}")
    for index, item in enumerate(loaded.unreachable):
        for number, rule_id in enumerate(item["rules"]):
            if rule_id not in book.rule_ids:
                add(["unreachable", index, "rules", number], "unknown-rule", f"rule id {rule_id!r} is not in the rule book")
    for index, family in enumerate(loaded.families):
        for number, scenario_id in enumerate(family["scenarios"]):
            if scenario_id not in by_id:
                add(["families", index, "scenarios", number], "unknown-scenario",
                    f"family {family['family']!r} names {scenario_id!r}, which is not in the suite")
    return problems
