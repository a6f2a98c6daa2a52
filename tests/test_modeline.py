"""The yaml-language-server modeline: it points at the draft-07 scenario schema from wherever a
scenario file is written, and writers add it."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.suite.modeline import (
    PREFIX,
    add_modelines,
    has_modeline,
    scenario_modeline,
    scenario_schema_path,
    with_modeline,
)
from stud8.conformance.suite.scenarios import load_scenario_file, packaged_scenarios_dir
from stud8.tools.cli import main

HAND_48 = Path(__file__).parent / "data" / "real-hands" / "test_2023_43_5__test_48_02_09_20.phh"


def _target(line: str, file: Path) -> Path:
    assert line.startswith(PREFIX)
    return (file.parent / line.removeprefix(PREFIX)).resolve()


def test_the_modeline_of_a_suite_file_is_relative_and_reaches_the_schema() -> None:
    file = packaged_scenarios_dir() / "betting" / "anything.yaml"
    line = scenario_modeline(file)
    assert line == PREFIX + "../../../spec/schema/scenario.draft07.schema.json"
    assert _target(line, file) == scenario_schema_path()
    assert scenario_schema_path().is_file()


def test_with_modeline_adds_once_and_replaces_an_old_one(tmp_path: Path) -> None:
    file = tmp_path / "a" / "s.yaml"
    text = "scenarios:\n  - id: x-001\n"
    once = with_modeline(text, file)
    assert has_modeline(once) and once.endswith(text)
    assert with_modeline(once, file) == once
    assert with_modeline(PREFIX + "old/place.json\n" + text, file) == once


def test_bulk_insertion_keeps_the_files_loadable(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios" / "hands"
    folder.mkdir(parents=True)
    source = packaged_scenarios_dir() / "hands" / "best-five-of-seven.yaml"
    copy = folder / source.name
    copy.write_text(source.read_text(encoding="utf-8").split("\n", 1)[1] if has_modeline(source.read_text()) else source.read_text())
    assert add_modelines([tmp_path]) == [copy]
    assert add_modelines([tmp_path]) == []  # idempotent
    assert _target(copy.read_text().splitlines()[0], copy) == scenario_schema_path()
    assert not load_scenario_file(copy).problems


def test_phh_import_writes_the_modeline(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "deep" / "hand.yaml"
    out.parent.mkdir()
    assert main(["phh", "import", str(HAND_48), "-o", str(out)]) == 0
    capsys.readouterr()
    first = out.read_text().splitlines()[0]
    assert _target(first, out) == scenario_schema_path()
    assert not load_scenario_file(out).problems
