"""Scenario files parsed once per process (``scenarios._LOADED``): what a second load gives is
what the file says now, under the rule book asked for, and the text is read again each time."""

from __future__ import annotations

import shutil
from pathlib import Path

from stud8.conformance.suite import scenarios
from stud8.conformance.suite.scenarios import load_scenario_file
from stud8.spec import runfiles
from stud8.spec.rulebook import default_rulebook, load_rulebook_file, packaged_rules_path

DATA = Path(__file__).parent / "data" / "valid"


def _a_valid_file(tmp_path: Path) -> Path:
    source = min(DATA.glob("*.yaml"))
    target = tmp_path / source.name
    shutil.copy(source, target)
    return target


def test_a_second_load_gives_the_same_scenarios_without_parsing(tmp_path: Path, monkeypatch) -> None:
    path = _a_valid_file(tmp_path)
    first = load_scenario_file(path)
    monkeypatch.setattr(scenarios, "load_yaml", lambda text, shown: (_ for _ in ()).throw(AssertionError("parsed again")))
    second = load_scenario_file(path)
    assert [s.id for s in second.scenarios] == [s.id for s in first.scenarios] and second.problems == first.problems
    second.scenarios.clear()  # a caller changing its list changes nothing kept
    assert load_scenario_file(path).scenarios == first.scenarios


def test_an_edited_file_is_loaded_as_it_is_now(tmp_path: Path) -> None:
    path = _a_valid_file(tmp_path)
    assert load_scenario_file(path).problems == []
    path.write_text(path.read_text(encoding="utf-8") + "\nscenarios: 3\n", encoding="utf-8")  # a duplicate key
    assert load_scenario_file(path).problems != []
    path.write_bytes(b"\xff\xfe")
    assert [p.code for p in load_scenario_file(path).problems] == ["not-utf8"]


def test_another_rule_book_is_checked_again(tmp_path: Path, monkeypatch) -> None:
    path = _a_valid_file(tmp_path)
    load_scenario_file(path)
    other = load_rulebook_file(packaged_rules_path())
    assert other is not default_rulebook()
    checked = []
    original = scenarios.scenarios_from_document
    monkeypatch.setattr(scenarios, "scenarios_from_document",
                        lambda document, shown, book=None: checked.append(book) or original(document, shown, book))
    load_scenario_file(path, other)
    assert checked == [other]


def test_a_cached_file_is_still_an_input_of_the_run(tmp_path: Path) -> None:
    path = _a_valid_file(tmp_path)
    load_scenario_file(path)
    with runfiles.run_files():
        load_scenario_file(path)
        assert runfiles.input_roles(path.resolve(), path.stat()) == {"input"}
