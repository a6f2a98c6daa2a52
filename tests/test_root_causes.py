"""The rule of the first difference (conformance/suite/checks.py, rootcause.py) and the summary
by root cause: one engine bug is one group, whatever the scenarios it breaks cite first."""

from __future__ import annotations

import functools
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from stud8.conformance.engines.api import ReferenceEngine
from stud8.conformance.mutants.registry import MUTANTS
from stud8.conformance.mutants.run import load_scenarios
from stud8.conformance.mutants.variant import installed
from stud8.conformance.suite.checks import CHECKS, FACTS, RULE_TABLE, SITUATIONS, rule_ids, rule_text
from stud8.conformance.suite.differences import differences, show
from stud8.conformance.suite.replay import CHECKPOINT_FIELDS, ScenarioFailure, run_scenario
from stud8.conformance.suite.report import Record, Report, root_cause_lines
from stud8.conformance.suite.rootcause import attribute
from stud8.spec.rulebook import default_rulebook, load_schema
from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"

# --- the table itself -------------------------------------------------------------------------


def test_every_rule_of_the_table_is_in_the_rule_book() -> None:
    assert rule_ids() - set(default_rulebook().rule_ids) == set()
    assert all(rule_text(rule)[1] for rule in rule_ids()), "every rule has a statement to show"


def test_every_situation_a_row_names_exists() -> None:
    named = {name for row in RULE_TABLE for name in row.when}
    assert named - set(SITUATIONS) == set()
    assert set(FACTS) <= set(SITUATIONS)


# Every check the runner makes (replay.py): checkpoint fields, the outcome, refusals, starts, hands.
RUNNER_CHECKS = ({*CHECKPOINT_FIELDS, "up", "down"} | {f"outcome.{field}" for field in
                 ("over", "pots", "returned", "stacks", "show_order", "community")}
                 | {"action", "rejection", "rejection.state", "rejection.code", "start",
                    "hand.high", "hand.low", "hand.evaluate", "order.high", "order.low"})


@pytest.mark.parametrize("check", sorted(RUNNER_CHECKS))
def test_every_check_has_a_row_that_always_applies(check: str) -> None:
    assert check in CHECKS
    fallback = [row for row in RULE_TABLE if row.check == check and not row.when]
    assert fallback, f"{check}: no row without situations"
    assert RULE_TABLE.index(fallback[0]) == max(i for i, row in enumerate(RULE_TABLE) if row.check == check), \
        f"{check}: the row that always applies must come last"


def test_rows_handing_over_name_a_check_with_rows() -> None:
    for row in RULE_TABLE:
        if row.rule.startswith("="):
            assert row.rule[1:] in CHECKS


# --- differences with paths -------------------------------------------------------------------------


def test_a_pot_difference_names_the_element() -> None:
    want = [{"amount": 195, "eligible": ["p1", "p2", "p3"]}, {"amount": 200, "eligible": ["p2", "p3"]}]
    got = [{"amount": 195, "eligible": ["p1", "p2", "p3"]}, {"amount": 200, "eligible": ["p2"]}]
    [difference] = differences("pots", want, got)
    assert difference.text() == "pots[1].eligible: expected [p2, p3], got [p2]"


def test_awards_stacks_sets_and_missing_pots() -> None:
    want = [{"amount": 20, "high": {"p1": 10, "p2": 10}, "low": None}]
    got = [{"amount": 20, "high": {"p1": 11, "p2": 9}, "low": None}, {"amount": 5, "high": {"p3": 5}, "low": None}]
    assert [d.text() for d in differences("pots", want, got)] == [
        "pots[0].high.p1: expected 10, got 11", "pots[0].high.p2: expected 10, got 9",
        "pots[1]: expected (none), got {amount: 5, high: {p3: 5}, low: null}"]
    assert [d.text() for d in differences("stacks", [100, 90, 80], [100, 95, 75])] == [
        "stacks[p2]: expected 90, got 95", "stacks[p3]: expected 80, got 75"]
    [legal] = differences("legal", ["cbr 20", "pb"], ["cbr 20", "f", "pb"])
    assert legal.text() == "legal: expected [cbr 20, pb], got [cbr 20, f, pb] (extra [f])"
    assert show({"p3": None, "x": True}) == "{p3: null, x: true}"


# --- the rule each difference tests ---------------------------------------------------------------


@functools.cache
def _suite() -> tuple:  # type: ignore[type-arg]
    """The packaged suite's replay scenarios, loaded once for this module."""
    return tuple(scenario for scenario in load_scenarios() if scenario.kind == "replay")


def _scenario(scenario_id: str):  # a Scenario
    return next(s for s in _suite() if s.id == scenario_id)


def _failure(engine, scenario):  # an engine and a Scenario; the ScenarioFailure
    with pytest.raises(ScenarioFailure) as caught:
        run_scenario(engine, scenario)
    return caught.value


def test_a_forced_bring_in_offered_a_fold_is_the_bring_in_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))
    from loop_engines import folding_bring_in

    rules: Counter[str] = Counter()
    first_cited: Counter[str] = Counter()
    for scenario in _suite():
        try:
            run_scenario(folding_bring_in(), scenario)
        except ScenarioFailure as failure:
            rules[attribute(scenario, failure)] += 1
            first_cited[scenario.rules[0].split(".")[0]] += 1
    # The scenarios that check legal moves while the bring-in is due cite many areas first ...
    assert len(first_cited) >= 3, first_cited
    # ... and the root cause is one rule (all-in-on-ante scenarios, where nobody is forced, and a
    # bring-in short of chips have their own rules, which also forbid the fold).
    assert rules.most_common(1)[0][0] == "bring-in.post-or-complete"
    assert set(rules) <= {"bring-in.post-or-complete", "bring-in.short-stack", "bring-in.all-in-on-ante"}, rules


# Mutants (conformance/mutants/) whose failures must group under their own rule: one per kind of
# check (whose turn, legal moves, chips, pots, awards, show order, dealing).
GROUPED = ["bring-in-has-option", "betting-no-free-fold", "betting-fifth-street-small", "pots-uncalled-kept",
           "pots-side-pots-high-only", "show-order-from-seat-one", "odd-chip-to-low", "showdown-high-tie-not-shared",
           "deal-no-burn-on-seventh", "deal-to-folded", "act-order-best-live-board", "showdown-uncontested-shows"]


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
@pytest.mark.parametrize("mutant_id", GROUPED)
def test_a_planted_mistake_groups_under_its_rule(mutant_id: str) -> None:
    mutant = next(m for m in MUTANTS if m.id == mutant_id)
    failures: list[tuple[object, ScenarioFailure]] = []
    with installed(mutant):
        for scenario in _suite():
            try:
                run_scenario(ReferenceEngine(), scenario)
            except ScenarioFailure as failure:
                failures.append((scenario, failure))
    # outside the mutant again: the reference replay the attribution makes is the real one
    rules = Counter(attribute(scenario, failure) for scenario, failure in failures)  # type: ignore[arg-type]
    top, count = rules.most_common(1)[0]
    assert top == mutant.rule, rules
    assert count >= 0.5 * len(failures), rules


def test_pokerkit_side_pot_low_half_is_split_separately() -> None:
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]')")
    from stud8.conformance.engines.pokerkit_adapter import PokerKitEngine

    scenario = _scenario("pots-005")
    failure = _failure(PokerKitEngine(native=True), scenario)
    assert attribute(scenario, failure) == "pots.split-separately"
    assert failure.path == "pots[1].high.p2"
    scenario = _scenario("odd-chip-002")
    assert attribute(scenario, _failure(PokerKitEngine(native=True), scenario)) == "odd-chip.within-half"


# --- the summary and the report --------------------------------------------------------------------


def test_root_cause_lines_count_each_rule_once_with_an_example() -> None:
    detail = ({"path": "legal", "expected": ["pb"], "got": ["f", "pb"]},)
    report = Report(records=[
        Record("a-001", "t", "f", 1, ("act-order.third-street",), "fail", "m", field="legal", at="actions[0]",
               rule="bring-in.post-or-complete", details=detail),
        Record("b-002", "t", "f", 2, ("betting.limits",), "fail", "m", field="legal", at="actions[0]",
               rule="bring-in.post-or-complete", details=detail),
        Record("c-003", "t", "f", 3, ("pots.side-pots",), "fail", "m", field="pots", at="outcome", rule="pots.side-pots"),
        Record("d-004", "t", "f", 4, ("pots.side-pots",), "timeout", "no answer to 'start'"),
    ])
    lines = root_cause_lines(report)
    assert lines[0].split() == ["rule", "of", "the", "first", "difference", "failing", "example"]
    assert lines[2].split()[:3] == ["bring-in.post-or-complete", "2", "a-001"]
    assert "actions[0] legal: expected [pb], got [f, pb]" in lines[2]
    assert lines[3].split()[:3] == ["pots.side-pots", "1", "c-003"]
    assert lines[4].startswith("(engine timeout)") and "d-004" in lines[4]
    assert [group["scenarios"] for group in report.as_json()["root_causes"]] == [["a-001", "b-002"], ["c-003"]]


def test_conform_prints_and_reports_root_causes(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import jsonschema

    monkeypatch.syspath_prepend(str(ENGINES))
    monkeypatch.setattr(sys, "path", [str(ENGINES), *sys.path])
    report = tmp_path / "r.json"
    code = main(["conform", "--engine", "python:loop_engines:folding_bring_in", "--report", str(report),
                 "--", "-k", "bring-in or act-order"])
    out = capsys.readouterr().out
    assert code == 1
    assert "failures by root cause" in out
    cause = next(line for line in out.splitlines() if line.startswith("bring-in.post-or-complete "))
    assert "legal: expected" in cause and "(extra [f])" not in cause  # the example is one short line
    document = json.loads(report.read_text())
    jsonschema.validate(document, load_schema("report.schema.json"))
    failing = [entry for entry in document["scenarios"] if entry["outcome"] == "fail"]
    assert failing and all(entry["rule"].startswith("bring-in.") for entry in failing)
    first = failing[0]
    # the first difference: a checkpoint, or the invariant legal-bring-in on the deal's observation
    assert first["at"].startswith(("actions[", "start")) and first["details"][0]["path"] == "legal"
    assert document["root_causes"][0]["rule"] == "bring-in.post-or-complete"
    # the failure's own lines name the rule and how to see the exchange
    assert "  rule: bring-in.post-or-complete (Bring in or complete)" in out
    assert "rerun it step by step: stud8 explain " in out and "--engine python:loop_engines:folding_bring_in" in out
