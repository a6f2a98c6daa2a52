"""The packaged suite as a whole: valid, and covering every rule and every option value.

A rule id that no scenario cites, or an option value that no scenario plays, is a part of
the rule book that nobody checks; these tests fail until a scenario pins it down.
"""

from __future__ import annotations

from typing import Any

import pytest

from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.spec.rulebook import default_rulebook
from stud8.tools.coverage_cmd import rule_coverage


@pytest.fixture(scope="module")
def suite() -> list[Any]:
    files, problems = load_suite([packaged_scenarios_dir()])
    assert not problems, "\n".join(str(p) for p in problems)
    return list(iter_scenarios(files))


def test_every_rule_id_is_cited_by_a_scenario() -> None:
    coverage = rule_coverage(default_rulebook(), [packaged_scenarios_dir()])
    uncovered = [rule_id for rule_id, ids in coverage.items() if not ids]
    assert uncovered == []


def test_every_option_value_is_played_by_a_replay(suite: list[Any]) -> None:
    book = default_rulebook()
    played: set[tuple[str, Any]] = set()
    for scenario in suite:
        if scenario.kind != "replay" or scenario.data.get("start_error"):
            continue
        values = book.resolve_options(scenario.data.get("profile"), scenario.data.get("options", {}))
        played.update(values.items())
    wanted: set[tuple[str, Any]] = set()
    for option in book.options.values():
        if option.type == "enum":
            wanted.update((option.name, value) for value in option.values)
        elif option.type == "boolean":
            wanted.update({(option.name, True), (option.name, False)})
        else:
            wanted.add((option.name, option.default))
    assert sorted(wanted - played, key=str) == []


def test_the_suite_has_the_promised_size(suite: list[Any]) -> None:
    kinds = [scenario.kind for scenario in suite]
    assert kinds.count("hand") + kinds.count("compare") >= 150
    assert kinds.count("replay") >= 150


def test_replays_cover_two_to_eight_players(suite: list[Any]) -> None:
    sizes = {len(s.data["stacks"]) for s in suite if s.kind == "replay" and not s.data.get("start_error")}
    assert set(range(2, 9)) <= sizes
