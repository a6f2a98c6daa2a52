"""The project's settings: ``stud8.toml`` or ``[tool.stud8]`` in pyproject.toml, read by the
commands (flags win, the file read is named) and by the pytest plugin, so that ``pytest`` in a
user's own project runs the suite against their engine (issue 27)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stud8.conformance.engines.spec import DEFAULT_TIMEOUT
from stud8.conformance.suite.projectconfig import ProjectConfigError, load_project_config
from stud8.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
TOY = ROOT / "examples" / "engines" / "python" / "harness.py"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- reading the file ------------------------------------------------------------------------

def test_none_found_is_none(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", "[project]\nname = 'x'\n")  # a pyproject without [tool.stud8]
    assert load_project_config(tmp_path) is None


def test_stud8_toml_is_found_from_a_subfolder_with_paths_relative_to_it(tmp_path: Path) -> None:
    _write(tmp_path / "stud8.toml", 'engine = "cmd:./engine"\nscenarios = ["house", "more"]\n'
                                    'baseline = "ci/baseline.json"\ntimeout = 3\nlabel = "nightly"\n')
    config = load_project_config(_write(tmp_path / "src" / "deep" / "x.py", "").parent)
    assert config is not None and config.path == tmp_path / "stud8.toml" and config.table == "stud8.toml"
    assert config.engine == "cmd:./engine" and config.timeout == 3.0 and config.label == "nightly"
    assert config.scenarios == (tmp_path / "house", tmp_path / "more")
    assert config.baseline == tmp_path / "ci" / "baseline.json"


def test_stud8_toml_wins_over_the_pyproject_beside_it_and_a_nearer_file_over_a_farther(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", '[tool.stud8]\nengine = "from-pyproject"\n')
    assert load_project_config(tmp_path).engine == "from-pyproject"  # type: ignore[union-attr]
    _write(tmp_path / "stud8.toml", 'engine = "from-stud8-toml"\n')
    assert load_project_config(tmp_path).engine == "from-stud8-toml"  # type: ignore[union-attr]
    _write(tmp_path / "sub" / "pyproject.toml", '[tool.stud8]\ntimeout = 2\n')
    nearer = load_project_config(tmp_path / "sub")
    assert nearer is not None and nearer.engine is None and nearer.timeout == 2.0  # one file, never merged
    assert nearer.where.endswith("sub/pyproject.toml [tool.stud8]")


@pytest.mark.parametrize(("text", "message"), [
    ('engin = "cmd:x"\n', "stud8.toml: unknown key 'engin' (the keys are: engine, scenarios, baseline, timeout, label, order)"),
    ('order = "random:x"\n', "stud8.toml: order must be file, reverse, random or random:SEED"),
    ("engine = 3\n", "stud8.toml: engine must be a non-empty string, got 3"),
    ("timeout = 0\n", "stud8.toml: timeout must be a number of seconds above 0"),
    ("timeout = inf\n", "stud8.toml: timeout must be a number of seconds above 0"),
    ("timeout = true\n", "stud8.toml: timeout must be a number of seconds above 0"),
    ("scenarios = [1]\n", "stud8.toml: scenarios must be a folder or a list of folders"),
    ('engine = "x\n', "stud8.toml: not a settings file (TOML): "),
    ("a = " + "[" * 100 + "]" * 100 + "\n", "stud8.toml: not a settings file: nesting deeper than 64"),
    ("timeout = 1" + "0" * 30 + "\n", "digits (at most 16 are read)"),
    ("\ufeffengine = \"reference\"\n", "stud8.toml:1: not a settings file: it starts with a byte-order mark (U+FEFF)"),
])
def test_a_bad_file_is_a_usage_error_naming_the_file_and_the_key(tmp_path: Path, text: str, message: str) -> None:
    _write(tmp_path / "stud8.toml", text)
    with pytest.raises(ProjectConfigError) as raised:
        load_project_config(tmp_path)
    assert message in raised.value.message


def test_tool_stud8_must_be_a_table(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", '[tool]\nstud8 = "cmd:x"\n')
    with pytest.raises(ProjectConfigError, match=r"\[tool.stud8\] must be a table"):
        load_project_config(tmp_path)


# --- the commands ------------------------------------------------------------------------------

def test_explain_takes_the_engine_from_the_file_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path / "stud8.toml", f'engine = "cmd:{sys.executable} {TOY}"\ntimeout = 7\n')
    monkeypatch.chdir(tmp_path)
    assert main(["explain", "high-001"]) == 0
    out, err = capsys.readouterr()
    assert "toy-engine-python" in out
    assert err == f"stud8 explain: settings from {tmp_path / 'stud8.toml'}: engine, timeout\n"
    assert main(["explain", "high-001", "--engine", "reference"]) == 0  # a flag wins
    out, err = capsys.readouterr()
    assert "toy-engine-python" not in out and err == f"stud8 explain: settings from {tmp_path / 'stud8.toml'}: timeout\n"


def test_conform_takes_engine_scenarios_and_baseline_from_pyproject(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path / "house" / "hands.yaml", (ROOT / "tests" / "data" / "valid" / "hands.yaml").read_text())
    _write(tmp_path / "known.txt", "testhand-002\n")
    _write(tmp_path / "pyproject.toml", '[tool.stud8]\nengine = "reference"\nscenarios = "house"\nbaseline = "known.txt"\n')
    monkeypatch.chdir(tmp_path / "house")  # a subfolder: the paths are the file's
    report = tmp_path / "r.json"
    code = main(["conform", "--no-builtin", "--report", str(report)])
    _, err = capsys.readouterr()
    assert "settings from" in err and "[tool.stud8]: engine, baseline, scenarios" in err
    outcomes = {entry["id"]: entry["outcome"] for entry in json.loads(report.read_text())["scenarios"]}
    assert outcomes == {"testhand-001": "pass", "testhand-002": "fixed", "testhand-003": "pass"}
    assert code == 1  # the baseline names a scenario that passes: the run says so


def test_the_first_update_of_a_configured_baseline_writes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Found following docs/implementers.md as a stranger: with baseline = "baseline.json" in
    stud8.toml, the first --update-baseline stopped at "cannot read file"."""
    _write(tmp_path / "house" / "hands.yaml", (ROOT / "tests" / "data" / "wrong" / "wrong.yaml").read_text())
    _write(tmp_path / "stud8.toml", 'engine = "reference"\nscenarios = "house"\nbaseline = "baseline.json"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["conform", "--no-builtin", "--update-baseline", "baseline.json"]) == 0
    assert "testwrong-001" in (tmp_path / "baseline.json").read_text()
    capsys.readouterr()
    assert main(["conform", "--no-builtin"]) == 0  # the known failure, from the baseline the settings name
    assert "settings from" in capsys.readouterr().err
    (tmp_path / "baseline.json").unlink()  # named but missing, with no update: say how to make it
    assert main(["conform", "--no-builtin"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"stud8 conform: {tmp_path / 'stud8.toml'}: baseline {tmp_path / 'baseline.json'}: no such file "
        f"(write it first: stud8 conform --update-baseline {tmp_path / 'baseline.json'})")
    _write(tmp_path / "baseline.json", "testwrong-001\n")
    assert main(["conform", "--no-builtin"]) == 0
    assert "settings from" in capsys.readouterr().err


def test_smoke_and_fuzz_take_the_engine_from_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path / "stud8.toml", 'engine = "reference"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["smoke", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "reference"
    assert main(["fuzz", "--hands", "3", "--jobs", "1", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["hands"] == 3 and "settings from" in err


def test_fuzz_without_an_engine_anywhere_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["fuzz", "--hands", "3"]) == 2
    assert capsys.readouterr().err.startswith("stud8 fuzz: the engine to fuzz is required: --engine SPEC")


def test_a_broken_file_stops_a_command_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path / "stud8.toml", "timeout = -1\n")
    monkeypatch.chdir(tmp_path)
    assert main(["conform"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("stud8 conform: ") and "stud8.toml: timeout" in err


def test_the_default_timeout_stays_when_nothing_sets_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from stud8.tools.settings import apply_settings

    monkeypatch.chdir(tmp_path)
    args = argparse.Namespace(engine=None, timeout=None, scenarios=None)
    assert apply_settings(args, "conform") is None
    assert (args.engine, args.timeout, args.scenarios) == ("reference", DEFAULT_TIMEOUT, [])


# --- pytest in the user's own project ----------------------------------------------------------

def _pytest(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """pytest as the user runs it, in their project: the installed plugin, no stud8 flags."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST_", "STUD8_"))}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600, check=False)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A separate project: its own test, and [tool.stud8] naming its engine (the Python toy)."""
    root = tmp_path / "my-engine"
    _write(root / "tests" / "test_mine.py", "def test_mine() -> None:\n    assert True\n")
    _write(root / "pyproject.toml", f'[project]\nname = "my-engine"\nversion = "0"\n\n'
                                    f'[tool.stud8]\nengine = "cmd:{sys.executable} {TOY}"\n\n'
                                    f'[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    return root


def test_pytest_in_a_project_with_tool_stud8_runs_the_suite_against_its_engine(project: Path) -> None:
    done = _pytest(project, "-k", "(test_mine or high-001 or low-001 or bring-in-001) and not played")
    out = done.stdout
    assert f"stud8: settings from {project / 'pyproject.toml'} [tool.stud8]; the packaged suite runs against cmd:" in out
    assert "stud8 conformance: engine cmd:" in out
    assert "1 failed, 3 passed" in out, out  # the toy fails bring-in-001 (it returns no uncalled chips)
    assert out.rstrip().splitlines()[-1].startswith("next: see the first failure step by step"), out


def test_the_ini_options_turn_the_suite_off_and_pick_a_report(project: Path) -> None:
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + 'stud8_builtin = "false"\n')
    done = _pytest(project)
    assert "1 passed" in done.stdout and "stud8 conformance" not in done.stdout, done.stdout
    pyproject.write_text(pyproject.read_text().replace('stud8_builtin = "false"\n', 'stud8_report = "out/r.json"\n'))
    (project / "out").mkdir()
    _pytest(project, "-k", "high-001 and not played")
    assert [entry["id"] for entry in json.loads((project / "out" / "r.json").read_text())["scenarios"]] == ["high-001"]


def test_paths_given_to_pytest_are_the_selection(project: Path) -> None:
    done = _pytest(project, "tests/test_mine.py")
    assert "1 passed" in done.stdout and "stud8 conformance" not in done.stdout, done.stdout


def test_a_project_without_stud8_settings_is_left_alone(project: Path) -> None:
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().split("[tool.stud8]")[0] + '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    done = _pytest(project)
    assert "1 passed" in done.stdout and "stud8:" not in done.stdout and "stud8 conformance" not in done.stdout, done.stdout


def test_python_dash_m_stud8_is_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "stud8", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("stud8 ")
    done = subprocess.run([sys.executable, "-m", "stud8", "smoke"], cwd="/", capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stderr.startswith("stud8 smoke: no engine to check")
