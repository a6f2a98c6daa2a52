"""Every threshold from both sides (issue 19, item 2): conformance/boundaries.yaml is valid, every
side of every boundary is pinned by scenarios of the suite, and the check fails when it is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.suite import boundaries
from stud8.conformance.suite.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir


@pytest.fixture(scope="module")
def suite() -> list[Scenario]:
    files, problems = load_suite([packaged_scenarios_dir()])
    assert problems == []
    return list(iter_scenarios(files))


def test_every_side_of_every_boundary_is_pinned_by_a_scenario_of_the_suite(suite: list[Scenario]) -> None:
    loaded = boundaries.load()
    assert boundaries.check(loaded, suite) == []
    assert len(loaded.boundaries) >= 45
    for boundary in loaded.boundaries:
        assert len(boundary.sides) >= 2, boundary.id
        assert all(side.scenarios for side in boundary.sides), boundary.id


def test_the_thresholds_the_issue_names_are_all_listed() -> None:
    ids = {boundary.id for boundary in boundaries.load().boundaries}
    named = {
        "stack-covers-ante", "stack-past-ante", "bring-in-covered", "completion-covered", "caller-covers-small-bet",
        "caller-covers-big-bet", "cap-third-street", "tda-as-usual", "tda-case-a", "tda-case-a-four-burns",
        "community-only-as-usual", "robert-burn", "robert-deal", "robert-burn-four-burns", "robert-deal-four-burns",
        "reopen-third-street", "reopen-fourth-street", "reopen-fifth-street", "reopen-sixth-street",
        "reopen-seventh-street", "odd-chips-two-winners", "odd-chips-three-winners", "odd-chips-four-winners",
        "players-fewest", "players-most",
    }
    assert named <= ids


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "boundaries.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_unknown_scenario_fails_with_its_line(tmp_path: Path, suite: list[Scenario]) -> None:
    path = _write(tmp_path, """boundaries:
  - id: players-fewest
    rules: [table.players]
    quantity: players at the table
    threshold: two or more
    sides:
      - {value: "2 players", reads: "played", scenarios: [table-001]}
      - {value: "1 player", reads: "refused", scenarios: [table-999]}
""")
    problems = boundaries.check(boundaries.load(path), suite)
    assert [(p.line, p.code) for p in problems] == [(8, "unknown-scenario")]
    assert "table-999" in problems[0].message


def test_a_side_without_a_scenario_or_a_single_side_fails(tmp_path: Path, suite: list[Scenario]) -> None:
    path = _write(tmp_path, """boundaries:
  - id: players-fewest
    rules: [table.players]
    quantity: players at the table
    threshold: two or more
    sides:
      - {value: "2 players", reads: "played", scenarios: []}
""")
    problems = boundaries.check(boundaries.load(path), suite)
    assert {p.code for p in problems} == {"schema"}
    assert len(problems) == 2  # the empty scenario list and the missing second side


def test_unknown_rules_options_and_unrelated_scenarios_fail(tmp_path: Path, suite: list[Scenario]) -> None:
    path = _write(tmp_path, """boundaries:
  - id: players-fewest
    rules: [table.players, table.nonsense]
    options: {raise_cap: 0}
    quantity: players at the table
    threshold: two or more
    sides:
      - {value: "2 players", reads: "played", scenarios: [table-001]}
      - {value: "1 player", reads: "refused", scenarios: [high-001]}
  - id: players-fewest
    rules: [table.players]
    quantity: players again
    threshold: twice listed
    sides:
      - {value: "2", reads: "played", scenarios: [table-001]}
      - {value: "1", reads: "refused", scenarios: [table-003]}
""")
    codes = [p.code for p in boundaries.check(boundaries.load(path), suite)]
    assert codes == ["unknown-rule", "bad-option", "unrelated-scenario", "duplicate-boundary"]


def test_a_file_that_is_not_yaml_is_one_problem_not_a_traceback(tmp_path: Path, suite: list[Scenario]) -> None:
    path = _write(tmp_path, "boundaries: [\n")
    problems = boundaries.check(boundaries.load(path), suite)
    assert len(problems) == 1 and problems[0].path == str(path)
