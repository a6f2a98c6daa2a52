"""The distribution as PyPI and pip see it: a wheel and an sdist built from the checkout.

Built offline (``--no-isolation``) with the setuptools and build of the test environment (the
``test`` extra brings both). The checkout is copied first, so the test never writes into it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IGNORED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                 ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache", "out")


def _build_tools_missing() -> str | None:
    try:
        import build  # noqa: F401
    except ImportError:
        return "the 'build' package is not installed (pip install '.[test]')"
    version = metadata.version("setuptools")
    if int(version.split(".")[0]) < 77:
        return f"setuptools {version} is older than 77 (pip install '.[test]')"
    return None


@pytest.fixture(scope="module")
def source_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not running from a checkout: no pyproject.toml beside tests/")
    missing = _build_tools_missing()
    if missing:
        pytest.skip(missing)
    tree = tmp_path_factory.mktemp("checkout") / "stud8"
    shutil.copytree(ROOT, tree, ignore=IGNORED, symlinks=True)
    return tree


def _build(tree: Path, *flags: str) -> str:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", *flags, "--outdir", "dist"],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _warnings(output: str) -> list[str]:
    return [line for line in output.splitlines() if "warning" in line.lower()]


@pytest.fixture(scope="module")
def wheel(source_tree: Path) -> tuple[zipfile.ZipFile, str]:
    # Output an earlier in-tree build left behind: it must not reach the new wheel.
    stale = source_tree / "build" / "lib" / "stud8" / "tools" / "stale_module.py"
    stale.parent.mkdir(parents=True)
    stale.write_text("raise SystemExit('stale build output was packaged')\n")
    output = _build(source_tree, "--wheel")
    [path] = (source_tree / "dist").glob("*.whl")
    return zipfile.ZipFile(path), output


def test_wheel_ships_license_typing_marker_and_protocol(wheel: tuple[zipfile.ZipFile, str]) -> None:
    archive, _ = wheel
    names = set(archive.namelist())
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    for package in ("spec", "reference", "conformance", "tools"):  # PEP 561: covers the subpackages
        assert f"stud8/{package}/py.typed" in names
    assert "stud8/conformance/suite/conform.ini" in names
    assert "stud8/tools/docs/templates/book.html.j2" in names
    protocol = archive.read("stud8/conformance/engines/protocol.md").decode()
    assert protocol.startswith("# The stud8 engine protocol"), "the protocol document, not a link"
    assert "stud8/conformance/WRITING.md" in names
    assert "stud8/spec/schema/scenario.draft07.schema.json" in names
    assert "stud8/conformance/mutants/generated_verdicts.yaml" in names  # the generated run's claims


def test_wheel_metadata(wheel: tuple[zipfile.ZipFile, str]) -> None:
    archive, _ = wheel
    [name] = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
    lines = archive.read(name).decode().splitlines()
    assert "License-Expression: MIT" in lines
    assert "Classifier: Framework :: Pytest" in lines
    assert "Classifier: Typing :: Typed" in lines
    assert any(line.startswith("Author: ") for line in lines)


def test_wheel_has_no_stale_build_output(wheel: tuple[zipfile.ZipFile, str], source_tree: Path) -> None:
    archive, _ = wheel
    assert "stud8/tools/stale_module.py" not in archive.namelist()
    # ... and the build leaves the tree as it found it: the old build/ emptied, no egg-info made
    assert not (source_tree / "build" / "lib").exists()
    assert list(source_tree.glob("*.egg-info")) == []


def test_wheel_builds_without_warnings(wheel: tuple[zipfile.ZipFile, str]) -> None:
    _, output = wheel
    assert _warnings(output) == []


def test_sdist_builds_without_warnings_and_ships_license(source_tree: Path) -> None:
    output = _build(source_tree, "--sdist")
    assert _warnings(output) == []
    [path] = (source_tree / "dist").glob("*.tar.gz")
    with tarfile.open(path) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "pyproject.toml", "tools/build_backend.py"} <= names
    assert list(source_tree.glob("*.egg-info")) == []


ADAPTER = '''\
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud8.conformance.engines.api import Engine, EngineRefusal


class Adapter:
    def start(self, *, stacks: Sequence[int], stakes: Mapping[str, int], deck: Sequence[str],
              profile: str | None, options: Mapping[str, Any]) -> None:
        raise EngineRefusal("bad-config", "not yet")


def code(error: EngineRefusal) -> str:
    return error.code


ENGINE: type[Engine] | None = None
'''


def test_an_adapter_type_checks_against_the_installed_package(wheel: tuple[zipfile.ZipFile, str], tmp_path: Path) -> None:
    """``mypy --strict`` finds the package's types (py.typed): no "missing library stubs"."""
    try:
        from mypy import api
    except ImportError:
        pytest.skip("mypy is not installed (pip install '.[dev]')")
    import venv

    environment = tmp_path / "venv"
    venv.create(environment, with_pip=False)
    [site] = environment.glob("lib/python*/site-packages")
    archive, _ = wheel
    archive.extractall(site)
    (tmp_path / "adapter.py").write_text(ADAPTER)
    out, err, status = api.run(["--strict", "--no-incremental", "--python-executable", str(environment / "bin" / "python"),
                                str(tmp_path / "adapter.py")])
    assert status == 0, out + err
    assert "py.typed" not in out


def test_wheel_ships_the_harnesses_and_python_dash_m_but_keeps_the_namespace(wheel: tuple[zipfile.ZipFile, str]) -> None:
    """stud8 new-harness copies from the installed package; python -m stud8 needs stud8/__main__.py;
    stud8 itself stays an implicit namespace package (no stud8/__init__.py)."""
    archive, _ = wheel
    names = set(archive.namelist())
    assert "stud8/__main__.py" in names and "stud8/__init__.py" not in names
    assert not any(name.startswith("stud8/tools/toplevel") for name in names)
    for path in ("python/harness.py", "python/toy_engine.py", "node/harness.js", "node/toy_engine.js",
                 "c/harness.c", "c/toy_engine.c", "c/engine.h", "c/Makefile", "README.md"):
        assert f"stud8/examples/engines/{path}" in names, path
