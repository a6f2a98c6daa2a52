"""The optional compiled build (hatch_build.py: ``STUD8_COMPILE=1 pip install .``).

The quick tests check the hook without compiling: the switch, that the usual build asks for and
adds nothing, that an editable install refuses the switch, the staged layout mypyc compiles
from, how an installation tells its compiled modules, and that ``stud8 mutants`` refuses a
compiled engine. The slow test (``--run-slow``; a minute or two of mypyc and gcc) builds the
compiled wheel and checks that it judges hand histories and runs the suite exactly as the pure
package does: the compiled build is only worth having if its answers are the same.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from stud8.spec import version
from stud8.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def hook_module() -> ModuleType:
    if not (ROOT / "hatch_build.py").is_file():
        pytest.skip("not running from a checkout: no hatch_build.py beside tests/")
    pytest.importorskip("hatchling", reason="hatchling is not installed (pip install '.[test]')")
    sys.path.insert(0, str(ROOT))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(ROOT))
    return hatch_build


def _hook(hook_module: ModuleType, directory: Path) -> Any:
    from hatchling.builders.wheel import WheelBuilder

    builder = WheelBuilder(str(ROOT))
    return hook_module.CompiledBuildHook(str(ROOT), {}, builder.config, builder.metadata, str(directory), "wheel")


@pytest.mark.parametrize(("value", "wanted"), [("1", True), ("true", True), (" YES ", True), ("", False),
                                               ("0", False), ("no", False), ("false", False), ("2", False)])
def test_the_switch(hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch, value: str, wanted: bool) -> None:
    monkeypatch.setenv(hook_module.SWITCH, value)
    assert hook_module.compile_requested() is wanted


def test_the_usual_build_asks_for_nothing_and_adds_nothing(hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    monkeypatch.delenv(hook_module.SWITCH, raising=False)
    hook = _hook(hook_module, tmp_path)
    assert hook.dependencies() == []
    build_data: dict[str, Any] = {"force_include": {}, "pure_python": True, "infer_tag": False}
    hook.initialize("standard", build_data)
    assert build_data == {"force_include": {}, "pure_python": True, "infer_tag": False}
    monkeypatch.setenv(hook_module.SWITCH, "1")
    assert hook.dependencies() == list(hook_module.BUILD_REQUIREMENTS)


def test_the_compiler_is_the_pinned_mypy(hook_module: ModuleType) -> None:
    """mypyc comes with mypy: the hook asks for the mypy the project type-checks with."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    [pin] = [requirement for requirement in hook_module.BUILD_REQUIREMENTS if requirement.startswith("mypy==")]
    assert pyproject.count(f'"{pin}"') == 2  # the test and dev extras


def test_an_editable_install_refuses_the_switch(hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setenv(hook_module.SWITCH, "1")
    with pytest.raises(RuntimeError, match="not an editable install"):
        _hook(hook_module, tmp_path).initialize("editable", {"force_include": {}})


def test_the_stage_is_laid_out_as_the_wheel(hook_module: ModuleType, tmp_path: Path) -> None:
    """mypyc names each extension after the path it compiles, so the stage must hold the package
    as installed (stud8/reference/engine.py), every module of it (mypy types the imports)."""
    staged = _hook(hook_module, tmp_path)._stage_package(tmp_path)
    assert staged == [f"stud8/{path}" for path in hook_module.COMPILED_SOURCES]
    assert all((tmp_path / path).is_file() for path in staged)
    for folder in ("spec", "reference", "conformance", "tools"):
        in_checkout = {path.relative_to(ROOT / folder) for path in (ROOT / folder).rglob("*.py")}
        assert in_checkout == {path.relative_to(tmp_path / "stud8" / folder) for path in (tmp_path / "stud8" / folder).rglob("*.py")}
    assert (tmp_path / "stud8" / "__init__.py").is_file()
    assert "ignore_missing_imports = True" in (tmp_path / "mypy.ini").read_text()
    left = [path for folder in ("spec", "reference", "conformance", "tools", "package") for path in
            (ROOT / folder).rglob(f"*{EXTENSION_SUFFIXES[0]}")]  # not .venv/, whose packages are compiled
    assert left == [], "no extension module may be left in the package folders of the checkout"


def test_extension_modules_are_named_by_import_name(tmp_path: Path) -> None:
    suffix = EXTENSION_SUFFIXES[0]
    (tmp_path / "sub").mkdir()
    for name in (f"engine{suffix}", "engine.py", "notes.txt", f"sub/deep{suffix}", "sub/plain.py", "other.abi3.so"):
        (tmp_path / name).write_text("")
    found = sorted(version.extension_modules("stud8.reference", [str(tmp_path)]))
    assert found == ["stud8.reference.engine", "stud8.reference.other", "stud8.reference.sub.deep"]


def test_version_and_bench_name_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"stud8 {version.stud8_version()} ({version.build_description()})"
    expected = f"{len(version.compiled_modules())} modules compiled with mypyc" if version.compiled_modules() else "pure Python"
    assert version.build_description() == expected


def test_bench_json_names_the_build(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.tools import bench_cmd

    monkeypatch.setattr(bench_cmd, "compiled_modules", lambda: ("stud8.reference.engine",))
    monkeypatch.setattr(bench_cmd, "build_description", lambda: "1 modules compiled with mypyc")
    monkeypatch.setattr(bench_cmd, "SECTIONS", {})
    assert main(["bench", "--format", "json"]) == 0
    config = json.loads(capsys.readouterr().out)["config"]
    assert config["build"] == "1 modules compiled with mypyc" and config["compiled_modules"] == 1
    monkeypatch.setattr(bench_cmd, "compiled_modules", lambda: ())
    monkeypatch.setattr(bench_cmd, "build_description", lambda: "pure Python")
    assert main(["bench"]) == 0
    assert capsys.readouterr().out.startswith("build: pure Python (STUD8_COMPILE=1 pip install . compiles")


def test_mutants_refuse_a_compiled_engine(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setattr(version, "compiled_modules", lambda: ("stud8.conformance.handhistory.audit", "stud8.reference.engine"))
    assert main(["mutants", "-k", "betting"]) == 2
    err = capsys.readouterr().err
    assert "1 modules of the reference engine compiled" in err and "reinstall without STUD8_COMPILE" in err
    assert main(["mutants", "--doc", str(tmp_path / "mutants.md")]) == 0  # the catalogue runs no engine
    monkeypatch.setattr(version, "compiled_modules", lambda: ("stud8.conformance.handhistory.audit",))
    assert main(["mutants", "-k", "no-such-mutant-anywhere"]) == 2  # past the refusal: -k matching nothing
    assert "STUD8_COMPILE" not in capsys.readouterr().err


# --- the compiled wheel itself (slow) --------------------------------------------------------------


def _stud8(site: Path | None, *argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-m", "stud8", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=1800, check=False)


@pytest.mark.slow
def test_the_compiled_wheel_judges_as_the_pure_package(hook_module: ModuleType, tmp_path: Path) -> None:
    for package in ("mypy", "setuptools", "build"):
        pytest.importorskip(package, reason=f"{package} is not installed: the compiled build needs it")
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler (gcc or cc) on PATH: mypyc needs one")
    tree = tmp_path / "stud8"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(".git", ".venv", "build", "dist", "__pycache__", "*_cache"))
    env = {**os.environ, "STUD8_COMPILE": "1"}
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", "dist"], cwd=tree,
                          env=env, capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [wheel] = (tree / "dist").glob("*.whl")
    assert not wheel.name.endswith("-py3-none-any.whl")
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(site), str(wheel)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr

    compiled = _stud8(site, "--version")
    assert f"({len(hook_module.COMPILED_SOURCES)} modules compiled with mypyc)" in compiled.stdout, compiled.stdout

    synth = tmp_path / "synth.txt"
    assert _stud8(None, "hh", "synth", "--hands", "1500", "--seed", "11", "-o", str(synth)).returncode == 0
    audited = [str(synth), "tests/data/site-hands", "tests/data/site-corpus"]
    pure_audit = _stud8(None, "hh", "audit", "-j", "1", "--format", "json", *audited)
    compiled_audit = _stud8(site, "hh", "audit", "-j", "1", "--format", "json", *audited)
    assert pure_audit.returncode == compiled_audit.returncode == 1  # the real sites' hands hold deviations
    assert json.loads(pure_audit.stdout)["summary"] and compiled_audit.stdout == pure_audit.stdout

    for kind in ("pokerstars", "ohh"):  # random hands played on the compiled engine, written out
        played = tmp_path / f"played.{kind}"
        assert _stud8(site, "hh", "synth", "--hands", "300", "--seed", "12", "--to", kind, "-o", str(played)).returncode == 0
        assert _stud8(None, "hh", "synth", "--hands", "300", "--seed", "12", "--to", kind).stdout == played.read_text()

    evaluators = _stud8(site, "verify-evaluator", "--cards", "7", "--sample", "20000", "--format", "json")
    assert evaluators.returncode == 0, evaluators.stdout[-2000:]

    conform = _stud8(site, "conform")
    assert conform.returncode == 0, conform.stdout[-3000:] + conform.stderr[-3000:]
    assert " 0 fail · 0 engine errors · 0 invalid" in conform.stdout

    mutants = _stud8(site, "mutants", "-k", "betting")
    assert mutants.returncode == 2 and "reinstall without STUD8_COMPILE" in mutants.stderr
