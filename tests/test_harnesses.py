"""The starter harnesses (examples/engines/, copied by ``stud8 new-harness``) run as shipped.

Each is copied from the installed package data (what a stranger gets from ``pip install``),
built where it needs building, and checked with ``stud8 smoke``: the protocol must pass every
step, and no sample scenario may end in an engine fault, so that every failure left is the toy
engine's rules. The three toys are one design in three languages: their outcomes on the sample
must agree scenario by scenario (the whole suite agrees too: the slow test). A harness whose
toolchain is missing is skipped, saying which tool.
"""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stud8.tools.cli import main
from stud8.tools.harness_cmd import HARNESSES

ROOT = Path(__file__).resolve().parents[1]
FAULTS = {"error", "crash", "timeout"}


def _tool(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip(f"no {' or '.join(names)} on PATH: the harness needing it is not run here")


def _harness(language: str, folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Copy the harness with stud8 new-harness, build it if needed; its engine spec."""
    assert main(["new-harness", language, str(folder)]) == 0
    capsys.readouterr()
    if language == "python":
        return f"cmd:{sys.executable} {folder / 'harness.py'}"
    if language == "node":
        return f"cmd:{_tool('node')} {folder / 'harness.js'}"
    compiler = _tool("cc", "gcc", "clang")
    done = subprocess.run([compiler, "-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "-O1", "-o", "harness",
                           "harness.c", "toy_engine.c"], cwd=folder, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr  # and without a warning
    return f"cmd:{folder / 'harness'}"


def _smoke(engine: str, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    main(["smoke", "--engine", engine, "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert all(step["ok"] and not step["warning"] for step in document["protocol"]), document["protocol"]
    faults = [entry for entry in document["sample"] if entry["outcome"] in FAULTS]
    assert faults == [], "the toy's failures are its rules, never the protocol"
    assert document["verdict"].startswith("READY FOR THE SUITE")
    return {entry["id"]: entry["outcome"] for entry in document["sample"]}


@pytest.fixture(scope="module")
def python_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The Python toy's outcomes on the sample, the others' yardstick (made once)."""
    folder = tmp_path_factory.mktemp("harness") / "python"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new-harness", "python", str(folder)]) == 0
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["smoke", "--engine", f"cmd:{sys.executable} {folder / 'harness.py'}", "--format", "json"])
    return {entry["id"]: entry["outcome"] for entry in json.loads(out.getvalue())["sample"]}


@pytest.mark.parametrize("language", sorted(HARNESSES))
def test_each_harness_runs_as_shipped_and_the_toys_agree(language: str, tmp_path: Path, python_outcomes: dict[str, str],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = _smoke(_harness(language, tmp_path / language, capsys), capsys)
    assert len(outcomes) == 30
    assert "pass" in outcomes.values() and "fail" in outcomes.values()  # a toy: some of each
    assert outcomes == python_outcomes


def test_new_harness_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "harness.py").write_text("# my own work\n")
    assert main(["new-harness", "python", str(folder)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert (folder / "harness.py").read_text() == "# my own work\n"
    file = tmp_path / "file"
    file.write_text("x")
    assert main(["new-harness", "node", str(file)]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_new_harness_says_what_to_run_next(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-harness", "c", str(tmp_path / "c"), "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["files"] == ["Makefile", "engine.h", "harness.c", "toy_engine.c"]
    assert document["next"][-2] == "make"
    assert shlex.split(document["next"][-1]) == ["stud8", "smoke", "--engine", "cmd:./harness"]
    assert main(["new-harness", "js", str(tmp_path / "js")]) == 0
    out = capsys.readouterr().out
    assert sorted(path.name for path in (tmp_path / "js").iterdir()) == ["harness.js", "toy_engine.js"]
    assert out.splitlines()[-1] == f"next: cd {tmp_path / 'js'} && stud8 smoke --engine 'cmd:node harness.js'"


def test_the_harnesses_mark_where_an_engine_plugs_in() -> None:
    for name, harness in HARNESSES.items():
        folder = ROOT / "examples" / "engines" / harness.folder
        if not folder.is_dir():
            pytest.skip("not running from a checkout")
        text = "".join(path.read_text() for path in folder.iterdir() if path.name.startswith(("harness", "engine")))
        assert text.count("ENGINE CALL") >= 4, name


def test_the_python_harness_lints_clean() -> None:
    if not (ROOT / "examples").is_dir():
        pytest.skip("not running from a checkout")
    if shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists():
        pytest.skip("ruff is not installed (it comes with the test extra)")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "examples"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("language", ["node", "c"])
def test_the_toys_agree_on_the_whole_suite(language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = {}
    for name in ("python", language):
        report = tmp_path / f"{name}.json"
        main(["conform", "--engine", _harness(name, tmp_path / name, capsys), "--report", str(report)])
        capsys.readouterr()
        outcomes[name] = {entry["id"]: entry["outcome"] for entry in json.loads(report.read_text())["scenarios"]}
    assert not FAULTS & set(outcomes["python"].values())
    assert outcomes[language] == outcomes["python"]


@pytest.mark.parametrize("name", ["x; touch owned", "$(touch owned)", "a b", "y\nrm -rf z\x1b[2J", "-"])
def test_the_next_line_is_shell_quoted_whatever_the_folder_is_called(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Issue 29 item 3: the ``cd`` of the next line was ``cd {folder}`` unquoted, so a folder
    named ``x; touch owned`` made a line that, pasted, ran ``touch owned``."""
    monkeypatch.chdir(tmp_path)
    assert main(["new-harness", "python", name]) == 0
    next_line = capsys.readouterr().out.splitlines()[-1]
    assert "\n" not in next_line and "\x1b" not in next_line
    words = shlex.split(next_line.removeprefix("next: "))
    shown = name.replace("\n", "\\n").replace("\x1b", "\\x1b")
    assert words[:2] == ["cd", f"./{shown}" if name.startswith("-") else shown] and words[2] == "&&"
