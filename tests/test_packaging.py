"""The distribution as PyPI and pip see it: a wheel and an sdist built from the checkout, and
the editable install.

Built offline (``--no-isolation``) with the hatchling and build of the test environment (the
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
    for package in ("build", "hatchling"):
        try:
            metadata.version(package)
        except metadata.PackageNotFoundError:
            return f"the {package!r} package is not installed (pip install '.[test]')"
    version = metadata.version("hatchling")
    if tuple(int(part) for part in version.split(".")[:2]) < (1, 27):
        return f"hatchling {version} is older than 1.27 (pip install '.[test]')"
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
    # the default build is checked: STUD8_COMPILE (hatch_build.py) is tested in test_compiled_build.py
    env = {key: value for key, value in os.environ.items() if key not in {"PYTHONDONTWRITEBYTECODE", "STUD8_COMPILE"}}
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


def test_default_wheel_is_pure_python(wheel: tuple[zipfile.ZipFile, str]) -> None:
    """Without STUD8_COMPILE the wheel holds no compiled module and fits every platform."""
    archive, _ = wheel
    from importlib.machinery import EXTENSION_SUFFIXES

    assert not [name for name in archive.namelist() if name.endswith(tuple(EXTENSION_SUFFIXES))]
    assert Path(archive.filename or "").name.endswith("-py3-none-any.whl")


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
    # hatchling zips the tree itself: nothing is copied to build/ first, and no egg-info is made
    assert sorted(path.name for path in (source_tree / "build").iterdir()) == ["lib"]
    assert list(source_tree.glob("*.egg-info")) == []


def test_wheel_holds_exactly_the_folders_under_stud8(wheel: tuple[zipfile.ZipFile, str], source_tree: Path) -> None:
    """One package mapped from the top-level folders (DESIGN.md), every file of each folder, the
    package's own top (package/stud8/: __init__.py, __main__.py) and nothing else: not tests/,
    docs/ or the rest of the checkout."""
    archive, _ = wheel
    names = {name for name in archive.namelist() if ".dist-info/" not in name}
    expected = {f"stud8/{path.relative_to(source_tree).as_posix()}"
                for folder in ("spec", "reference", "conformance", "tools", "examples")
                for path in (source_tree / folder).rglob("*") if path.is_file() and "__pycache__" not in path.parts}
    expected |= {"stud8/__init__.py", "stud8/__main__.py"}
    assert names == expected


def test_wheel_builds_without_warnings(wheel: tuple[zipfile.ZipFile, str]) -> None:
    _, output = wheel
    assert _warnings(output) == []


@pytest.fixture(scope="module")
def sdist(source_tree: Path) -> tuple[Path, str]:
    output = _build(source_tree, "--sdist")
    [path] = (source_tree / "dist").glob("*.tar.gz")
    return path, output


def test_sdist_builds_without_warnings_and_ships_license(sdist: tuple[Path, str], source_tree: Path) -> None:
    path, output = sdist
    assert _warnings(output) == []
    with tarfile.open(path) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "README.md", "pyproject.toml", "package/stud8/__init__.py"} <= names
    assert list(source_tree.glob("*.egg-info")) == []


def test_sdist_holds_what_its_own_tests_read(sdist: tuple[Path, str], source_tree: Path) -> None:
    """Every file of the checkout but what git ignores and the CI script: the tests, their
    data, the committed docs/ they compare against, the scenarios and the packages."""
    path, _ = sdist
    with tarfile.open(path) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for folder in ("tests", "docs", "conformance", "spec", "reference", "tools"):
        files = {p.relative_to(source_tree).as_posix() for p in (source_tree / folder).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts}
        assert files and files <= names, f"{folder}/: missing from the sdist: {sorted(files - names)[:5]}"
    assert not any(name.startswith(".ci/") for name in names)


def test_tests_run_from_the_unpacked_sdist(sdist: tuple[Path, str], tmp_path: Path) -> None:
    """A few of the sdist's own tests, run from it unpacked: those that read docs/, the README
    and the data beside them. (The whole suite from the unpacked sdist passed once, by hand:
    issue 27; ``--run-slow`` runs it here.)"""
    unpacked = _unpacked(sdist[0], tmp_path)
    chosen = ["tests/test_protocol_doc.py", "tests/test_readme_extras.py", "tests/test_hostile_limits.py"]
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *chosen],
                          cwd=unpacked, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout.splitlines()[-1]


@pytest.mark.slow
def test_the_whole_suite_passes_from_the_unpacked_sdist(sdist: tuple[Path, str], tmp_path: Path) -> None:
    """What a packager does: unpack the sdist and run its tests (against the installed stud8)."""
    unpacked = _unpacked(sdist[0], tmp_path)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x"],
                          cwd=unpacked, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]


def _unpacked(path: Path, into: Path) -> Path:
    with tarfile.open(path) as archive:
        archive.extractall(into, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))  # type: ignore[arg-type]
    [unpacked] = into.iterdir()
    return unpacked


def test_the_editable_install_maps_the_namespace_onto_the_checkout(source_tree: Path, tmp_path: Path) -> None:
    """``pip install -e .``: hatchling cannot rename spec/ to stud8/spec in editable mode, so it
    puts package/ on sys.path, whose stud8 package points at the checkout (and finds __main__.py
    beside itself: python -m stud8)."""
    from hatchling.build import build_editable

    here = os.getcwd()
    os.chdir(source_tree)
    try:
        name = build_editable(str(tmp_path))
    finally:
        os.chdir(here)
    with zipfile.ZipFile(tmp_path / name) as archive:
        pth = [n for n in archive.namelist() if n.endswith(".pth")]
        assert pth == ["_stud8.pth"] and archive.read("_stud8.pth").decode().split() == [str(source_tree / "package")]
    probe = ("import sys, importlib.util; sys.path.insert(0, sys.argv[1]); import stud8.spec.limits, stud8.tools.cli; "
             "print(stud8.spec.limits.__file__); print(stud8.tools.cli.__file__); "
             "print(importlib.util.find_spec('stud8.__main__').origin)")
    done = subprocess.run([sys.executable, "-c", probe, str(source_tree / "package")],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == [str(source_tree / "spec" / "limits.py"), str(source_tree / "tools" / "cli.py"),
                                   str(source_tree / "package" / "stud8" / "__main__.py")]


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


def test_wheel_ships_the_harnesses_and_python_dash_m(wheel: tuple[zipfile.ZipFile, str]) -> None:
    """stud8 new-harness copies from the installed package; python -m stud8 needs stud8/__main__.py;
    stud8/__init__.py tells pytest not to rewrite it (package/stud8/__init__.py says why)."""
    archive, _ = wheel
    names = set(archive.namelist())
    assert "stud8/__main__.py" in names and "stud8/__init__.py" in names
    assert "PYTEST_DONT_REWRITE" in archive.read("stud8/__init__.py").decode()
    assert not any(name.startswith(("stud8/package", "stud8/tools/toplevel")) for name in names)
    for path in ("python/harness.py", "python/toy_engine.py", "node/harness.js", "node/toy_engine.js",
                 "c/harness.c", "c/toy_engine.c", "c/engine.h", "c/Makefile", "README.md"):
        assert f"stud8/examples/engines/{path}" in names, path


def test_conform_prints_no_pytest_warning_about_stud8_itself() -> None:
    """pytest marks a plugin distribution's outermost package for assertion rewriting, warning
    "Module already imported so cannot be rewritten; stud8" after every `stud8 conform` (and, had
    the wheel no package of its own at the top, "...; __main__" for stud8/__main__.py). The run,
    as a user starts it, says nothing of the sort in whatever install runs the tests."""
    valid = Path(__file__).resolve().parent / "data" / "valid"
    done = subprocess.run([sys.executable, "-c", "import sys; from stud8.tools.cli import main; sys.exit(main(sys.argv[1:]))",
                           "conform", "--no-builtin", "--scenarios", str(valid)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "passed" in done.stdout and "Warning" not in done.stdout + done.stderr


def test_pytest_in_another_project_prints_no_warning_about_stud8(tmp_path: Path) -> None:
    """Installing stud8 (a pytest plugin) never changes another project's test run: pytest marks
    the plugin's top-level names for rewriting, and none of them may be one already imported
    (a wheel with stud8/__main__.py and no stud8/__init__.py offered "__main__")."""
    (tmp_path / "test_other.py").write_text("def test_one():\n    assert 1 + 1 == 2\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error::pytest.PytestAssertRewriteWarning"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "1 passed" in done.stdout and "Warning" not in done.stdout + done.stderr
