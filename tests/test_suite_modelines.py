"""Every scenario file of the suite starts with the yaml-language-server modeline, pointing at the
draft-07 scenario schema: editors check the files as they are typed (conformance/WRITING.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.suite.modeline import PREFIX, scenario_modeline, scenario_schema_path
from stud8.conformance.suite.scenarios import packaged_scenarios_dir

FILES = sorted([*packaged_scenarios_dir().rglob("*.yaml"), *packaged_scenarios_dir().rglob("*.yml")])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(packaged_scenarios_dir()).as_posix())
def test_every_scenario_file_starts_with_the_modeline(path: Path) -> None:
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first == scenario_modeline(path), (
        f"{path}: the first line must be {scenario_modeline(path)!r} "
        "(add it with: python -m stud8.conformance.suite.modeline conformance/scenarios)")
    assert (path.parent / first.removeprefix(PREFIX)).resolve() == scenario_schema_path()
