"""Every option value and every profile is decided by hand-worked scenarios of its own
(conformance/option-coverage.yaml, conformance/suite/option_coverage.py): the ground on which a
scenario written under one house rule may judge an engine built to another (applicability.py)."""

from __future__ import annotations

import pytest

from stud8.conformance.suite import option_coverage
from stud8.conformance.suite.scenarios import Scenario
from stud8.spec.rulebook import default_rulebook


@pytest.fixture(scope="module")
def scenarios() -> dict[str, Scenario]:
    return {scenario.id: scenario for scenario in option_coverage.suite_scenarios()}


def test_every_option_value_and_profile_is_decided_by_two_scenarios() -> None:
    book = default_rulebook()
    table = option_coverage.load()
    for name, option in book.options.items():
        for value in option_coverage.option_values(option):
            ids = table["options"][name].get(value) or []
            assert len(ids) >= option_coverage.MINIMUM, f"{name}={value!r} decides {len(ids)} scenarios"
    for name in book.profiles:
        if name != book.default_profile:
            assert len(table["profiles"].get(name) or []) >= option_coverage.MINIMUM, name


def test_the_committed_table_is_current(scenarios: dict[str, Scenario]) -> None:
    # regenerate with: python -m stud8.conformance.suite.option_coverage --out conformance/option-coverage.yaml
    fresh = option_coverage.render(option_coverage.table(scenarios.values()))
    assert option_coverage.coverage_path().read_text(encoding="utf-8") == fresh


def test_a_listed_scenario_decides_its_value_and_an_unlisted_one_does_not(scenarios: dict[str, Scenario]) -> None:
    # betting-400 (raise_cap 2): another cap changes its checkpoints; the played-out hand cases
    # and the refused starts decide nothing by construction
    assert ("raise_cap", 2) in option_coverage.decided_by(scenarios["betting-400"]).values
    assert ("heads_up_raises", "capped") in option_coverage.decided_by(scenarios["betting-401"]).values
    decided = option_coverage.decided_by(scenarios["showdown-401"]).values
    assert ("show_first_without_bet", "last_to_act") in decided and not any(name == "raise_cap" for name, _ in decided)
    assert option_coverage.decided_by(scenarios["table-003"]).values == ()
    played = next(s for s in scenarios.values() if s.data.get("played_out"))
    assert option_coverage.decided_by(played).values == ()
