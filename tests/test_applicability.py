"""Applicability by dependence (conformance/suite/applicability.py): a replay an engine cannot play
as written is played under the engine's own option values when the reference engine meets every
value the scenario checks under them, and is not applicable, naming the option and the step,
only when it does not."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.engines.protocol import unsupported_reason
from stud8.conformance.suite import applicability
from stud8.conformance.suite.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.spec.rulebook import default_rulebook
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data" / "applicability"
ENGINES = Path(__file__).parent / "engines"


class Declared:
    """An engine known only by its hello's options (and profiles), as a cmd: engine is."""

    def __init__(self, options: Mapping[str, Any], profiles: list[str] | None = None) -> None:
        self.declaration = {"name": "declared", "version": "1", "options": dict(options), "profiles": profiles or []}

    def handshake(self) -> dict[str, Any]:
        return self.declaration

    def unsupported(self, profile: str | None, options: Mapping[str, Any]) -> str | None:
        return unsupported_reason(self.declaration, profile, options)


@pytest.fixture(scope="module")
def suite() -> dict[str, Scenario]:
    files, _ = load_suite([packaged_scenarios_dir(), DATA])
    return {scenario.id: scenario for scenario in iter_scenarios(files)}


def test_a_scenario_that_does_not_depend_on_the_value_is_played_under_the_engines_own(suite: dict[str, Scenario]) -> None:
    # pots-005: three players, a side pot: the heads-up rule and the odd-chip rule decide nothing
    decision = applicability.decide(Declared({"heads_up_raises": ["capped"], "odd_chip_in_half": ["seat_order"]}),
                                    suite["pots-005"])
    assert decision.applies
    assert decision.changed == {"heads_up_raises": ("unlimited_until_capped", "capped"),
                                "odd_chip_in_half": ("card_by_suit_all_cards", "seat_order")}
    played = decision.scenario.data
    assert played["profile"] is None
    assert played["options"] == {**default_rulebook().resolve_options(None, {}), "heads_up_raises": "capped",
                                 "odd_chip_in_half": "seat_order"}
    assert "the reference engine meets every value the scenario checks" in decision.summary()


def test_a_checked_field_that_changes_makes_it_not_applicable_naming_the_option_and_step(suite: dict[str, Scenario]) -> None:
    # betting-012: heads-up raising past the cap by default; its legal moves change when capped
    decision = applicability.decide(Declared({"heads_up_raises": ["capped"], "odd_chip_in_half": ["seat_order"]}),
                                    suite["betting-012"])
    assert not decision.applies
    assert decision.options == ("heads_up_raises",)  # the odd-chip rule, changed too, is not named: it does not matter
    assert decision.step is not None and decision.step.startswith("checkpoint after 'p2 cbr 80' (")
    assert decision.reason is not None and decision.reason.startswith(
        'its result depends on heads_up_raises="unlimited_until_capped" (the engine plays heads_up_raises="capped")')


def test_a_refusal_the_scenario_expects_is_a_checked_value(suite: dict[str, Scenario]) -> None:
    # its only check of the cap is a refusal: under raise_cap 3 the rule book accepts that raise
    decision = applicability.decide(Declared({"raise_cap": [3]}), suite["testapp-001"])
    assert not decision.applies and decision.options == ("raise_cap",)
    assert decision.step is not None and decision.step.startswith("rejection of 'p1 cbr 80'")
    assert applicability.decide(Declared({"raise_cap": [3, 2]}), suite["testapp-001"]).applies  # 2 is among its values


def test_the_first_of_several_declared_values_that_works_is_played(suite: dict[str, Scenario]) -> None:
    decision = applicability.decide(Declared({"raise_cap": [5, 2]}), suite["testapp-001"])
    assert decision.applies and decision.changed == {} and decision.declared_reason is None  # 2 is declared: as written
    # betting-004 reaches two raises: under a cap of 1 it parts, under 2 it does not; pots-005
    # raises less: the first value the engine lists is played
    decision = applicability.decide(Declared({"raise_cap": [1, 2]}), suite["betting-004"])
    assert decision.applies and decision.changed == {"raise_cap": (3, 2)}
    assert applicability.decide(Declared({"raise_cap": [1, 2]}), suite["pots-005"]).changed == {"raise_cap": (3, 1)}


def test_a_scenario_that_expects_a_refused_start_keeps_the_declarations_verdict(suite: dict[str, Scenario]) -> None:
    decision = applicability.decide(Declared({"heads_up_raises": ["capped"]}), suite["table-003"])
    assert not decision.applies and decision.reason == decision.declared_reason
    assert "heads_up_raises" in (decision.reason or "")


def test_an_option_the_engine_plays_no_value_of(suite: dict[str, Scenario]) -> None:
    decision = applicability.decide(Declared({"heads_up_raises": []}), suite["pots-005"])
    assert not decision.applies and "declares no value of heads_up_raises" in (decision.reason or "")


def test_a_profile_the_engine_does_not_name_is_sent_as_its_values(suite: dict[str, Scenario]) -> None:
    everything = {name: "*" for name in default_rulebook().options}
    decision = applicability.decide(Declared(everything, ["robert"]), suite["betting-018"])  # profile tda
    assert decision.applies and decision.changed == {}
    assert decision.scenario.data["profile"] is None
    assert decision.scenario.data["options"] == default_rulebook().resolve_options("tda", {})


def test_decisions_are_cached_for_the_run(suite: dict[str, Scenario]) -> None:
    engine = Declared({"odd_chip_in_half": ["seat_order"]})
    first = applicability.decide(engine, suite["odd-chip-002"])
    assert applicability.decide(engine, suite["odd-chip-002"]) is first
    assert not first.applies and first.options == ("odd_chip_in_half",)


def test_an_engine_of_four_house_rules_is_judged_on_what_they_leave_unchanged(capsys: pytest.CaptureFixture[str],
                                                                             monkeypatch: pytest.MonkeyPatch,
                                                                             tmp_path: Path) -> None:
    """house_rules plays its own four values whatever it is sent (tests/engines/house_engines.py):
    a scenario sent with the wrong values would fail there. Every scenario that applies passes,
    and those played under its values say so in the report."""
    monkeypatch.syspath_prepend(str(ENGINES))
    report = tmp_path / "r.json"
    code = main(["conform", "--engine", "python:house_engines:house_rules", "--report", str(report), "--",
                 "-q", "-k", "betting or odd-chip or act-order"])
    capsys.readouterr()
    document = json.loads(report.read_text())
    outcomes = [entry["outcome"] for entry in document["scenarios"]]
    assert code == 0 and "fail" not in outcomes and outcomes.count("pass") > outcomes.count("not-applicable")
    changed = [entry for entry in document["scenarios"] if entry.get("engine_options")]
    assert changed and all(entry["outcome"] == "pass" for entry in changed)
    assert any(entry["engine_options"].get("act_order_ties") == "high_card_by_suit" for entry in changed)
    na = [entry for entry in document["scenarios"] if entry["outcome"] == "not-applicable"]
    assert all("depends on" in entry["message"] or "does not play" in entry["message"] for entry in na)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX engines")
def test_the_wire_carries_the_engines_own_values(tmp_path: Path, suite: dict[str, Scenario]) -> None:
    """A cmd: engine is sent its own values in start's options (profile null)."""
    from stud8.conformance.engines.subprocess_adapter import SubprocessEngine
    from stud8.conformance.suite.replay import run_scenario

    log = tmp_path / "starts.jsonl"
    script = tmp_path / "engine.py"
    script.write_text(
        "import json, sys\n"
        "from stud8.tools.serve_cmd import Server\n"
        "server = Server()\n"
        "for line in sys.stdin:\n"
        "    request = json.loads(line)\n"
        "    if request['type'] == 'start':\n"
        f"        open({str(log)!r}, 'a').write(json.dumps(request) + '\\n')\n"
        "    answer = server.handle(request)\n"
        "    if request['type'] == 'hello':\n"
        "        answer['options'] = {'heads_up_raises': ['capped']}\n"
        "    print(json.dumps(answer), flush=True)\n"
        "    if request['type'] == 'stop':\n"
        "        break\n")
    with SubprocessEngine([sys.executable, str(script)], timeout=10) as engine:
        decision = applicability.decide(engine, suite["pots-005"])
        assert decision.applies
        run_scenario(engine, decision.scenario)
    start = json.loads(log.read_text().splitlines()[-1])
    assert start["profile"] is None and start["options"]["heads_up_raises"] == "capped"
