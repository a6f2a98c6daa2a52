"""The catalogue's named killers (conformance/mutants/kills.yaml) are true.

The full zoo run (test_mutants.py) takes minutes; this checks the record cheaply: each named
scenario alone is run against its mutant and must fail. A scenario added later may kill a
mutant too; the record stays true, so it does not need rewriting for that.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from stud8.conformance.mutants import MUTANTS
from stud8.conformance.mutants.kills import choose_killer, dump, load_kills
from stud8.conformance.mutants.run import load_scenarios, run_mutant
from stud8.tools.cli import main


@pytest.fixture(scope="module")
def scenarios() -> dict:
    return {scenario.id: scenario for scenario in load_scenarios()}


def test_every_mutant_to_be_killed_names_a_scenario(scenarios: dict) -> None:
    kills = load_kills()
    registry = {m.id for m in MUTANTS}
    missing = [m.id for m in MUTANTS if not m.equivalent and m.id not in kills]
    assert missing == [], f"no killer recorded: run `stud8 mutants --kills conformance/mutants/kills.yaml` ({missing})"
    assert set(kills) <= registry, f"killers recorded for mutants that no longer exist: {sorted(set(kills) - registry)}"
    for mutant_id, scenario_id in kills.items():
        assert scenario_id in scenarios, f"{mutant_id}: the named killer {scenario_id} is not in the suite"


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_each_named_scenario_kills_its_mutant(scenarios: dict) -> None:
    """Each named scenario kills its mutant alone, or, for a mistake kept from one hand to the
    next (fresh-options-cached-by-profile), right after the scenario before it in the suite, the
    hand the suite run plays before it: the only other place a killer can act."""
    kills = load_kills()
    order = list(scenarios)
    survivors = []
    for mutant in MUTANTS:
        if mutant.id in kills:
            named = kills[mutant.id]
            result = run_mutant(mutant, [scenarios[named]], fuzz_hands=0)
            if result.killers != [named] and not result.stale and order.index(named) > 0:
                before = scenarios[order[order.index(named) - 1]]
                result = run_mutant(mutant, [before, scenarios[named]], fuzz_hands=0)
            if named not in result.killers:
                survivors.append(f"{mutant.id} survives {named} ({result.stale or 'not killed'})")
    assert survivors == [], "; ".join(survivors)


def test_the_named_killer_prefers_a_scenario_citing_the_rule() -> None:
    cited = {"a-001": ["x.y"], "b-002": ["bring-in.suit-order"], "c-003": ["bring-in.suit-order"]}
    assert choose_killer("bring-in.suit-order", ["a-001", "b-002", "c-003"], cited) == "b-002"
    assert choose_killer("odd-chip.high-half", ["a-001", "b-002"], cited) == "a-001"
    assert yaml.safe_load(dump({"m-1": "a-001"})) == {"m-1": "a-001"}


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_command_records_killers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "kills.yaml"
    record.write_text("bring-in-ace-low: bring-in-001\nsome-other-mutant: table-001\n", encoding="utf-8")
    assert main(["mutants", "-k", "bring-in-tie-by-seat", "--kills", str(record), "--fuzz-hands", "0"]) == 0
    written = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert written["bring-in-ace-low"] == "bring-in-001" and written["some-other-mutant"] == "table-001"
    assert written["bring-in-tie-by-seat"].startswith("bring-in-")  # a killer citing bring-in.suit-order
    assert "named killers" in capsys.readouterr().err


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_command_refuses_an_unwritable_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert main(["mutants", "-k", "bring-in-tie-by-seat", "--kills", str(folder)]) == 2
    assert "--kills" in capsys.readouterr().err


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
@pytest.mark.parametrize("content", [b"bring-in-ace-low: bring-in-001\n\xff\xfe: x\n", b"a: [\n", b"&a [*a, *a]\n"])
def test_a_record_that_cannot_be_read_is_one_line_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            content: bytes) -> None:
    """The record ``--kills`` merges into is read through the bounded reader (as the slot that
    replaces it, so it is not refused as an input): bad bytes, bad YAML or an alias are one usage
    line naming the file, and the record is left as it was."""
    record = tmp_path / "kills.yaml"
    record.write_bytes(content)
    assert main(["mutants", "-k", "bring-in-tie-by-seat", "--kills", str(record), "--fuzz-hands", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(record) in err and "Traceback" not in err
    assert record.read_bytes() == content
