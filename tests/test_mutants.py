"""The mutant zoo (issue 10): every planted mistake is killed by the scenario suite alone.

``test_the_suite_kills_every_mutant`` is the CI run of ``stud8 mutants``: the whole suite,
in-process, against each of the 119 mutants over two processes, plus the 3,000-hand lockstep
run behind each equivalent one. The other tests check the zoo's own machinery, so that a green
zoo cannot come from a runner that never fails.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stud8.conformance.mutants import MUTANTS, Mutant
from stud8.conformance.mutants.doc import render
from stud8.conformance.mutants.lockstep import lockstep
from stud8.conformance.mutants.model import Edit
from stud8.conformance.mutants.registry import RECORDED_ONLY
from stud8.conformance.mutants.run import (
    EQUIVALENCE_HANDS,
    baseline_failures,
    load_scenarios,
    run_mutant,
    run_mutants,
)
from stud8.conformance.mutants.variant import StaleMutant, edited_source, installed
from stud8.spec.rulebook import default_rulebook
from stud8.tools.cli import main

pytestmark = pytest.mark.pure_python  # plants mutants in the engine's source (tests/conftest.py)

DOC = Path(__file__).resolve().parents[1] / "docs" / "mutants.md"

SECOND_SCENARIO = [
    # issue 10: rules that one scenario alone used to pin; each mistake now meets two
    "act-order-two-pair-as-pair", "act-order-side-cards-ignored", "bring-in-short-lowers-level",
    "bring-in-full-bet-not-opening", "bring-in-short-completion-from-bring-in", "bring-in-short-completion-closes",
    "odd-chip-low-ace-high", "betting-round-start-ignored", "betting-round-start-counts-all-in",
    "pots-side-pot-split-with-one",
]


@pytest.fixture(scope="module")
def scenarios() -> list:
    """The suite less any scenario the reference engine itself fails (as run_mutants does)."""
    everything = load_scenarios()
    failing = baseline_failures(everything)
    return [scenario for scenario in everything if scenario.id not in failing]


def test_the_zoo_is_large_and_well_formed() -> None:
    book = default_rulebook()
    assert len(MUTANTS) >= 90
    assert len({m.id for m in MUTANTS}) == len(MUTANTS)
    for item in MUTANTS:
        assert item.rule in book.rule_ids, item.id
        assert item.description.endswith("."), item.id
        assert item.equivalent is None or len(item.equivalent) > 40, item.id
        edited_source(item)  # every edit still fits the engine exactly once
    areas = {m.area for m in MUTANTS}
    assert {"hands", "low", "bring-in", "act-order", "betting", "pots", "odd-chip", "deck", "showdown"} <= areas


def test_the_suite_kills_every_mutant() -> None:
    # The fresh set is held by its recorded killers (tests/test_docs_mutants.py), not replayed here.
    zoo = [m for m in MUTANTS if m not in RECORDED_ONLY]
    # Two killers are asked of SECOND_SCENARIO's mutants only; every other mutant needs one, so its
    # replay stops at the first (the second was half of this test's suite time, and proved nothing
    # more: a survivor has none, an equivalent must have none).
    twice = [m for m in zoo if m.id in SECOND_SCENARIO]
    results = run_mutants([m for m in zoo if m not in twice], jobs=2, fuzz_hands=EQUIVALENCE_HANDS, enough=1)
    results += run_mutants(twice, jobs=2, fuzz_hands=EQUIVALENCE_HANDS, enough=2)
    assert len(twice) == len(SECOND_SCENARIO) and len(results) == len(zoo)
    survivors = [f"{r.id}: {r.stale or r.divergence or r.description}" for r in results if not r.ok]
    assert survivors == []
    for result in results:
        if result.equivalent:
            assert result.fuzz_hands >= 3000 and result.divergence is None and not result.killers
    by_id = {r.id: r for r in results}
    thin = {name: by_id[name].killers for name in SECOND_SCENARIO if len(by_id[name].killers) < 2}
    assert thin == {}


def test_a_mistake_the_suite_misses_survives(scenarios: list) -> None:
    harmless = Mutant("no-op", "table.ante", "betting", "Changes a comment only.",
                      (Edit("\"\"\"The chips and the folds of the hand", "\"\"\"The chips and folds of the hand"),))
    result = run_mutant(harmless, scenarios, fuzz_hands=0)
    assert result.status == "survived" and not result.ok


def test_a_killed_mutant_names_its_scenario(scenarios: list) -> None:
    item = next(m for m in MUTANTS if m.id == "betting-cap-counts-all-in")
    result = run_mutant(item, scenarios)
    assert result.killers == ["betting-030"]
    assert "cap-all-in.yaml" in result.first_failure


def test_a_stale_edit_is_reported(scenarios: list) -> None:
    stale = Mutant("stale", "table.ante", "betting", "Edits a line that is not there.", (Edit("no such line", "x"),))
    with pytest.raises(StaleMutant):
        edited_source(stale)
    result = run_mutant(stale, scenarios)
    assert result.status == "stale" and not result.ok


def test_the_engine_is_restored_after_a_mutant(scenarios: list) -> None:
    from stud8.reference import engine

    item = next(m for m in MUTANTS if m.id == "betting-fourth-street-big")
    with installed(item) as modules:
        import stud8.reference.engine as during

        assert during is modules["engine"] is not engine
    import stud8.reference.engine as after

    assert after is engine
    assert run_mutant(Mutant("same", "table.ante", "betting", "Nothing.", (Edit("\"\"\"The chips and the folds of the hand", "\"\"\"The chips and the folds of the hand"),)),
                      scenarios, fuzz_hands=0).killers == []


@pytest.mark.parametrize("name", ["betting-fourth-street-big", "deck-empty-stub-no-burn", "betting-cap-counts-all-in"])
def test_lockstep_finds_a_killed_mutant(name: str) -> None:
    """The evidence behind an equivalence is worth something: it catches real mistakes."""
    from stud8.reference import engine

    item = next(m for m in MUTANTS if m.id == name)
    with installed(item) as modules:
        found = lockstep(engine, modules["engine"], 3000, seed=7)
    assert found is not None


def test_the_catalogue_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render(MUTANTS) + "\n", \
        "docs/mutants.md is stale: run stud8 mutants --doc docs/mutants.md"


def test_command_json_and_exit_codes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["mutants", "-k", "betting-cap-one", "-j", "1", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["total"] == report["killed"] == 2 and report["survived"] == 0
    assert {m["status"] for m in report["mutants"]} == {"killed"}

    assert main(["mutants", "-k", "no-such-mutant"]) == 2
    assert "matches no mutant" in capsys.readouterr().err

    harmless = Mutant("no-op", "table.ante", "betting", "Changes a comment only.", (Edit("\"\"\"The chips and the folds of the hand", "\"\"\"The chips and folds of the hand"),))
    monkeypatch.setattr("stud8.conformance.mutants.select", lambda pattern: [harmless])
    assert main(["mutants", "-j", "1"]) == 1
    captured = capsys.readouterr()
    assert "SURVIVED" in captured.out and "no-op" in captured.err


def test_command_writes_the_catalogue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "mutants.md"
    assert main(["mutants", "--doc", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == DOC.read_text(encoding="utf-8")
    assert main(["mutants", "--doc", str(tmp_path / "missing" / "m.md")]) == 2


def test_a_scenario_the_reference_fails_kills_nothing() -> None:
    """A wrong scenario would kill every mutant and prove nothing: it is left out and reported."""
    wrong = Path(__file__).resolve().parent / "data" / "wrong"
    baseline: dict[str, str] = {}
    item = next(m for m in MUTANTS if m.id == "high-suits-break-ties")
    [result] = run_mutants([item], folders=[wrong], fuzz_hands=0, baseline=baseline)
    assert baseline and result.killers == []
