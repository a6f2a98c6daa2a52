"""Root cause = the first parting (conformance/suite/parting.py): a failure is grouped under the
rule of the first state where the engine's observation differs from the reference engine's on
the same inputs, not under the step where a later action was refused or a value missed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stud8.conformance.suite.parting import States, first_parting, observation_differences, reference_states
from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"


@pytest.fixture
def engines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_one_planted_bug_is_one_root_cause(capsys: pytest.CaptureFixture[str], engines: None, tmp_path: Path) -> None:
    """The bring-in given an option (the zoo's bring-in-has-option) breaks most replays: the
    next action is refused many steps later, or accepted as the option and the hand goes on.
    At least 95% of what it breaks is grouped under bring-in.no-option."""
    report = tmp_path / "r.json"
    main(["conform", "--engine", "python:house_engines:mutant_bring_in_has_option", "--report", str(report), "--",
          "-q", "-k", "betting or act-order or pots"])
    capsys.readouterr()
    failing = [entry for entry in json.loads(report.read_text())["scenarios"] if entry["outcome"] == "fail"]
    assert len(failing) > 50
    grouped = [entry for entry in failing if entry.get("rule") == "bring-in.no-option"]
    assert len(grouped) >= 0.95 * len(failing), {entry["id"]: entry.get("rule") for entry in failing if entry not in grouped}
    earlier = [entry for entry in grouped if (entry.get("cause") or "").startswith("first parting after ")]
    assert earlier, "no failure was traced back to a state before its own step"


def test_the_first_differing_state_and_its_field() -> None:
    files, _ = load_suite([packaged_scenarios_dir()])
    scenario = next(s for s in iter_scenarios(files) if s.id == "act-order-003")
    reference = reference_states(scenario)
    engine = States()
    for key in reference.order:
        engine.add(key, reference.observations[key])
    assert first_parting(scenario, engine, reference) is None  # the same states: no parting
    wrong = json.loads(json.dumps(reference.observations["actions[1]"]))
    wrong["to_act"] = 3
    wrong["legal"] = ["cc", "f"]
    engine.observations["actions[1]"] = wrong
    parting = first_parting(scenario, engine, reference)
    assert parting is not None and (parting.at, parting.check) == ("actions[1]", "to_act")  # whose turn before legal
    assert parting.action == "p1 cc" and parting.before == reference.observations["actions[0]"]
    assert first_parting(scenario, engine, reference, until="actions[0]") is None  # only up to the state compared


def test_cards_come_first_and_non_observations_are_never_compared() -> None:
    files, _ = load_suite([packaged_scenarios_dir()])
    scenario = next(s for s in iter_scenarios(files) if s.id == "act-order-003")
    state = reference_states(scenario).observations["start"]
    other = json.loads(json.dumps(state))
    other["seats"][0]["up"] = ["2c"]
    other["pot"] = 99
    found = observation_differences(state, other)
    assert [check for check, _, _ in found][:2] == ["up", "pot"]
    assert observation_differences(state, {"refused": "out-of-turn"}) == []  # no made-up differences


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_explain_names_the_first_parting(capsys: pytest.CaptureFixture[str], engines: None) -> None:
    code = main(["explain", "betting-105", "--engine", "python:house_engines:mutant_bring_in_has_option"])
    out = capsys.readouterr().out
    assert code == 1
    flat = " ".join(out.split())
    assert "The root cause shows earlier: the first parting after 'p3 cc' (actions[3]): street: reference engine fourth, engine third" in flat
    assert "rule bring-in.no-option" in flat
    assert "state, engine: third; p4 to act" in flat and "state, reference: fourth; p1 to act" in flat
