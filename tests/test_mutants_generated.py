"""Generated mutants (issue 19 item 3): cosmic-ray's edits of the rule modules against the suite alone.

CI runs the fixed sample (``stud8 mutants --generated --sample``, 20 mutants per module); the
whole run is ``slow`` (``--run-slow``). The other tests keep the record, the verdicts and the
catalogue honest: a verdict names a mutant that exists, a scenario written for a survivor kills
it, the record was made on the engine as it is, and the machinery kills hangs and load errors.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("cosmic_ray", reason="cosmic-ray is not installed (pip install 'stud8[mutation]')")

from stud8.conformance.mutants import generated, generated_record, generated_run
from stud8.conformance.mutants.verdicts import load_verdicts
from stud8.tools.cli import main

pytestmark = pytest.mark.pure_python  # plants mutants in the engine's source (tests/conftest.py)


@pytest.fixture(scope="module")
def mutants() -> list[generated.GeneratedMutant]:
    return generated.generate()


def test_every_rule_module_is_mutated(mutants: list[generated.GeneratedMutant]) -> None:
    counts = {module: sum(1 for item in mutants if item.module == module) for module in generated.MODULES}
    assert all(count >= 100 for count in counts.values()), counts
    assert len({item.key for item in mutants}) == len(mutants)
    operators = {item.operator for item in mutants}
    assert {"NumberReplacer", "ReplaceAndWithOr", "ZeroIterationForLoop", "AddNot",
            "ReplaceComparisonOperator_Lt_LtE", "ReplaceBinaryOperator_Add_Sub"} <= operators


def test_annotations_are_left_out(mutants: list[generated.GeneratedMutant]) -> None:
    """`int | None` in a signature is never evaluated: no mutant edits it."""
    dropped = generated.in_annotations()
    assert dropped and all(item.operator.startswith(("ReplaceBinaryOperator_BitOr", "NumberReplacer"))
                           or "annot" in item.text or ":" in item.text for item in dropped)
    assert any("| None" in item.text and item.operator.startswith("ReplaceBinaryOperator_BitOr") for item in dropped)
    for item in mutants:
        if item.operator.startswith("ReplaceBinaryOperator_BitOr") and item.text.startswith("def "):
            assert "| None" not in item.text.split(")")[0] or "=" in item.text, item.key


def test_a_mutant_is_one_edit_of_its_module(mutants: list[generated.GeneratedMutant]) -> None:
    for item in generated.sample(mutants, 3):
        source = generated.mutated_source(item)
        assert source != generated.module_source(item.module)
        assert generated.mutated_line(item) != item.text or item.operator == "RemoveDecorator"


def test_the_sample_is_fixed(mutants: list[generated.GeneratedMutant]) -> None:
    first = [item.key for item in generated.sample(mutants, 20)]
    assert first == [item.key for item in generated.sample(list(reversed(mutants))[::-1], 20)]
    assert len(first) == 20 * len(generated.MODULES)


EQUIVALENT = load_verdicts().equivalent
KILLED_BY = load_verdicts().killed_by


def test_verdicts_name_generated_mutants(mutants: list[generated.GeneratedMutant]) -> None:
    keys = {item.key for item in mutants}
    assert sorted(set(EQUIVALENT) - keys) == [], "a verdict names a mutant cosmic-ray no longer generates"
    assert sorted(set(KILLED_BY) - keys) == []
    assert not set(EQUIVALENT) & set(KILLED_BY)
    assert all(len(verdict.why) > 40 for verdict in EQUIVALENT.values())


def test_scenarios_written_for_survivors_kill_them(mutants: list[generated.GeneratedMutant]) -> None:
    """Each scenario written for a surviving mutant kills it on its own."""
    scenarios = {scenario.id: scenario for scenario in generated_run.suite()}
    items = generated.by_key(mutants)
    alive = []
    for key, scenario_id in KILLED_BY.items():
        result = generated_run.run_one(items[key], [scenarios[scenario_id]])
        if result.status != "killed":
            alive.append(f"{key} survives {scenario_id}")
    assert alive == []


def test_the_record_was_made_on_this_engine(mutants: list[generated.GeneratedMutant]) -> None:
    record = generated_record.load_record()
    assert set(record["modules"]) == set(generated.MODULES), "no full run recorded"
    stale = [module for module, figures in record["modules"].items()
             if figures["source"] != generated.source_digest(module)
             or figures["generated"] != sum(1 for item in mutants if item.module == module)]
    assert stale == [], (f"reference/{stale[0]}.py changed since its generated mutants were run: "
                         f"stud8 mutants --generated -k {stale[0]} --record, then stud8 mutants --doc docs/mutants.md")
    keys = {item.key for item in mutants}
    assert set(record["mutants"]) <= keys
    for key, entry in record["mutants"].items():
        assert (entry["status"] == "equivalent") == (key in EQUIVALENT), key
    for figures in record["modules"].values():
        assert figures["killed"] + figures["equivalent"] + figures["survived"] + figures["error"] == figures["run"]
        assert figures["run"] <= figures["generated"]


def test_the_fixed_sample_holds(capsys: pytest.CaptureFixture[str]) -> None:
    """CI's run: the sample's killed mutants are still killed, its equivalents still survive alike."""
    code = main(["mutants", "--generated", "--sample", "-j", "2", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == [] and code == 0
    assert report["total"] == 20 * len(generated.MODULES)


@pytest.mark.slow
def test_the_whole_generated_run(capsys: pytest.CaptureFixture[str]) -> None:
    """Every generated mutant (about an hour on two cores): the goal met, every claim holds."""
    code = main(["mutants", "--generated", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == [] and code == 0


def test_hangs_and_load_errors_kill(monkeypatch: pytest.MonkeyPatch, mutants: list[generated.GeneratedMutant]) -> None:
    """A mutant whose module never finishes loading, or cannot load, is killed, and the run goes on."""
    item = next(m for m in mutants if m.module == "exposed")
    original = generated.module_source("exposed")
    sources = {"hang": original + "\nsum(range(10 ** 15))\n", "broken": original + "\nraise ValueError('no')\n"}
    keys = [generated.GeneratedMutant(f"exposed:test:{name}:0", "exposed", item.operator, item.occurrence,
                                      item.line, item.column, item.definition, item.text) for name in sources]
    monkeypatch.setattr(generated_run, "mutated_source", lambda m: sources[m.key.split(":")[2]])
    results = generated_run.run_generated(keys, generated_run.suite()[:5], jobs=2, deadline=5)
    assert [(r.status, r.killer) for r in results] == [("killed", "(hang)"), ("killed", "(load)")]


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mutants", "--sample"]) == 2
    assert main(["mutants", "--generated", "-k", "no-such-thing"]) == 2
    assert main(["mutants", "--generated", "--sample", "--record"]) == 2
    assert "--record needs whole modules" in capsys.readouterr().err


def test_the_catalogue_shows_the_record() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "mutants.md").read_text(encoding="utf-8")
    assert "## Generated mutants (cosmic-ray)" in text
    value = generated_record.score(generated_record.load_record(), load_verdicts())
    assert value is not None and f"({100 * value:.1f}%)" in text


def test_a_partial_rerun_keeps_the_records_time_the_sum_of_its_modules() -> None:
    """Rerunning one module replaces that module's figures; the record's time is the sum of its
    modules' (it once added every rerun to the old total: 28 hours for an hour's run)."""
    from types import SimpleNamespace

    record = {"tool": "cosmic-ray", "notes": [], "seconds": 900.0, "mutants": {},
              "modules": {"betting": {"seconds": 300.0}, "pots": {"seconds": 600.0}}}
    results = [SimpleNamespace(key="pots:x:0", module="pots", status="killed", killer="pots-001", seconds=s)
               for s in (20.0, 30.0)]
    merged = generated_record.merge(record, "cosmic-ray", {"pots": "d"}, {"pots": 2}, {"pots": 0}, results, {})
    assert merged["modules"]["pots"]["seconds"] == 50.0 and merged["modules"]["betting"] == {"seconds": 300.0}
    assert merged["seconds"] == 350.0
    again = generated_record.merge(merged, "cosmic-ray", {"pots": "d"}, {"pots": 2}, {"pots": 0}, results, {})
    assert again["seconds"] == 350.0
    committed = generated_record.load_record()
    assert committed["seconds"] == round(sum(m["seconds"] for m in committed["modules"].values()), 1)
