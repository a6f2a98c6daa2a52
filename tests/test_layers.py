"""Imports run down the layers: spec -> reference -> conformance -> tools (DESIGN.md).

A module may import its own layer and the layers below it, never one above: the rule book never
needs the engine, the engine never needs the runner, the runner never needs the command. Checked
on the source (every ``import``, including the ones inside functions), so it fails when the
import is written, not when an import cycle happens to bite.

Inside ``conformance/`` the rooms have their own order: ``engines`` (everything that reaches an
engine) is the floor; ``suite`` (the scenario runner) stands on it; ``executor`` is shared by the
rooms above; ``handhistory``, ``fuzz`` and ``mutants`` stand on those and never on each other.
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


# What each room of conformance/ may import from conformance/ (besides itself).
ROOMS: dict[str, frozenset[str]] = {
    "engines": frozenset(),
    "suite": frozenset({"engines"}),
    "executor": frozenset(),
    "handhistory": frozenset({"engines", "suite", "executor"}),
    "fuzz": frozenset({"engines", "suite", "executor"}),
    "mutants": frozenset({"engines", "suite", "executor"}),
}


def _room(parts: tuple[str, ...] | list[str]) -> str:
    """The room of a module path under conformance/ (``executor.py`` is a room of one)."""
    return parts[0].removesuffix(".py")


def _cross_room_imports(path: Path) -> list[str]:
    parts = path.relative_to(ROOT).parts
    if parts[0] != "conformance" or len(parts) < 2 or parts[1] == "__init__.py":
        return []
    own = _room(parts[1:])
    allowed = ROOMS.get(own)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            target = name.split(".")
            if target[:2] != ["stud8", "conformance"] or len(target) < 3:
                continue
            room = target[2]
            if allowed is None or (room != own and room not in allowed):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {own} imports {name}")
    return found


@pytest.mark.skipif(not (ROOT / "spec").is_dir(), reason="not running from a checkout")
def test_conformance_rooms_import_only_the_rooms_below() -> None:
    modules = sorted((ROOT / "conformance").rglob("*.py"))
    rooms = {_room(path.relative_to(ROOT / "conformance").parts) for path in modules}
    rooms.discard("__init__")
    assert rooms == set(ROOMS), "every room of conformance/ has its place in ROOMS"
    problems = [problem for path in modules for problem in _cross_room_imports(path)]
    assert problems == []


def test_the_room_check_sees_a_sideways_import(tmp_path: Path) -> None:
    (tmp_path / "conformance" / "suite").mkdir(parents=True)
    module = tmp_path / "conformance" / "suite" / "bad.py"
    module.write_text("import stud8.conformance.engines.api\n"
                      "def f():\n    from stud8.conformance.handhistory.record import HandRecord\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = _cross_room_imports(module)
    finally:
        ROOT = saved
    assert found == ["conformance/suite/bad.py:3: suite imports stud8.conformance.handhistory.record"]


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
