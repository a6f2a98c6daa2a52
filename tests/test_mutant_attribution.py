"""Root causes name the planted mistake (conformance/mutants/attribution.py, suite/rootcause.py).

``stud8 mutants --attribution`` measures the whole zoo (minutes); these pin, on a few scenarios
each, mutants whose failures used to be grouped under another rule:

* a wrong completion offered to the bring-in at the start of the hand was caught first by the
  ``legal-amounts`` invariant, which cited ``betting.limits`` for any amount it disliked: the
  completion is the bring-in rules' (``bring-in.post-or-complete``, or ``bring-in.all-in-on-ante``
  with nobody forced), and a player facing the bring-in completes by ``bring-in.facing``;
* a bring-in given to the highest card was called a suit-order mistake whenever the lowest rank
  happened to be tied, although the seat chosen was of another rank;
* a big bet on fourth street was called an open-pair mistake whenever a pair showed, with the
  open-pair option off;
* an action refused because the engine offered another amount is grouped where the engine
  first parted from the reference engine (its legal moves), not where it was refused.
"""

from __future__ import annotations

import functools

import pytest

from stud8.conformance.mutants.attribution import MutantAttribution, attribute_mutant, figure, report_lines
from stud8.conformance.mutants.engine import MutantEngine, find_mutant
from stud8.conformance.mutants.run import load_scenarios
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.rootcause import attribute_playing

pytestmark = pytest.mark.pure_python  # plants mutants in the engine's source (tests/conftest.py)


@functools.cache
def _scenarios() -> dict[str, object]:
    return {scenario.id: scenario for scenario in load_scenarios()}


PINNED = [
    # mutant, scenario, the rule its failure is grouped under (was)
    ("bring-in-completion-too-high", "act-order-020", "bring-in.post-or-complete"),  # betting.limits (invariant)
    ("bring-in-completion-too-high", "act-order-001", "bring-in.post-or-complete"),
    ("bring-in-completion-too-high", "bring-in-015", "bring-in.all-in-on-ante"),
    ("betting-raise-from-level", "act-order-001", "bring-in.facing"),
    ("betting-raise-from-level", "actions-004", "bring-in.facing"),  # refused 'cbr 20': the legal list parted first
    ("bring-in-highest-card", "act-order-017", "bring-in.lowest-upcard"),  # bring-in.suit-order
    ("bring-in-suits-reversed", "act-order-017", "bring-in.suit-order"),  # a tie broken otherwise stays suit order
    ("betting-fourth-street-big", "act-order-020", "betting.limits"),  # betting.fourth-street-open-pair
]


@pytest.mark.parametrize(("mutant_id", "scenario_id", "rule"), PINNED)
def test_a_planted_mistake_is_grouped_under_the_rule_it_breaks(mutant_id: str, scenario_id: str, rule: str) -> None:
    scenario = _scenarios()[scenario_id]
    engine = MutantEngine(mutant_id)
    with pytest.raises(ScenarioFailure) as caught:
        run_scenario(engine, scenario)  # type: ignore[arg-type]
    attribute_playing(scenario, caught.value, engine)  # type: ignore[arg-type]
    assert caught.value.rule == rule


def test_a_refused_action_is_blamed_on_the_first_parting() -> None:
    scenario = _scenarios()["actions-004"]
    engine = MutantEngine("betting-raise-from-level")
    with pytest.raises(ScenarioFailure) as caught:
        run_scenario(engine, scenario)  # type: ignore[arg-type]
    assert caught.value.check == "action"  # the failure itself is the refusal ...
    attribute_playing(scenario, caught.value, engine)  # type: ignore[arg-type]
    parting = caught.value.parting
    assert parting is not None and parting.check == "legal"  # ... its cause the legal list before it
    assert parting.at == "actions[1]"


def test_attribute_mutant_counts_grouped_failures_against_its_own_rules() -> None:
    mutant = find_mutant("bring-in-completion-too-high")
    scenarios = [_scenarios()[name] for name in ("act-order-020", "act-order-001", "bring-in-015", "high-001")]
    result = attribute_mutant(mutant, scenarios)
    assert (result.failing, result.grouped, result.faults) == (3, 3, 0)
    assert result.rules == {"bring-in.post-or-complete": 2, "bring-in.all-in-on-ante": 1}
    assert result.example["bring-in.post-or-complete"] == "act-order-020"


def test_the_figures_weigh_scenarios_and_name_the_worst_rows() -> None:
    good = MutantAttribution("m-good", "a.x", "a", ("a.x",), failing=9, grouped=9)
    bad = MutantAttribution("m-bad", "b.y", "b", ("b.y",), failing=1, grouped=0)
    bad.rules["c.z"] = 1
    bad.example["c.z"] = "s-1"
    whole = figure([good, bad])
    assert (whole.failing, whole.grouped, whole.share, whole.median) == (10, 9, 0.9, 0.5)
    lines = report_lines([good, bad])
    assert "  m-bad: 0/1 -> c.z 1 (e.g. s-1)" in lines
    assert lines[-1].startswith("9/10 failing scenarios ( 90.0%)")
