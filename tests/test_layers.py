"""Imports run down the layers: spec -> reference -> conformance -> tools (DESIGN.md).

A module may import its own layer and the layers below it, never one above: the rule book never
needs the engine, the engine never needs the runner, the runner never needs the command. Checked
on the source (every ``import``, including the ones inside functions), so it fails when the
import is written, not when an import cycle happens to bite.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("spec", "reference", "conformance", "tools")


def _modules() -> list[Path]:
    return sorted(path for layer in LAYERS for path in (ROOT / layer).rglob("*.py"))


def _upward_imports(path: Path) -> list[str]:
    own = LAYERS.index(path.relative_to(ROOT).parts[0])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] == "stud8" and parts[1] in LAYERS and LAYERS.index(parts[1]) > own:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {name}")
    return found


@pytest.mark.skipif(not (ROOT / "spec").is_dir(), reason="not running from a checkout")
def test_imports_run_down_the_layers() -> None:
    problems = [problem for path in _modules() for problem in _upward_imports(path)]
    assert problems == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    (tmp_path / "spec").mkdir()
    module = tmp_path / "spec" / "bad.py"
    module.write_text("def f():\n    from stud8.tools.version import stud8_version\n")
    assert _upward_imports_at(tmp_path, module) == ["spec/bad.py:2: imports stud8.tools.version"]


def _upward_imports_at(root: Path, path: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, root
    try:
        return _upward_imports(path)
    finally:
        ROOT = saved


def test_errors_and_version_are_the_same_objects_in_every_layer() -> None:
    from stud8.reference import errors as engine_errors
    from stud8.spec import errors as spec_errors
    from stud8.spec.version import stud8_version
    from stud8.tools.version import stud8_version as tools_version

    assert engine_errors.ActionError is spec_errors.ActionError
    assert engine_errors.Stud8Error is spec_errors.Stud8Error
    assert tools_version is stud8_version
