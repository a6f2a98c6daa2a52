"""``stud8 conform`` (pytest in-process) and the scenario plugin's choice of files.

Only hand cases and comparisons run here, so the tests do not depend on the reference
betting engine; the one replay test is skipped until ``stud8.reference.engine`` exists.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from stud8.tools.cli import main

pytest_plugins = ["pytester"]

DATA = Path(__file__).parent / "data"


def stats(out: str) -> str:
    """pytest's closing line ("== 3 passed in 0.1s =="): before the stud8 summary, which comes
    last (issue 27)."""
    lines = out.splitlines()
    found = [index for index, line in enumerate(lines) if line.startswith("=") and " in " in line and ("passed" in line or "failed" in line)]
    assert found, out
    assert lines[found[-1] + 1].startswith("=") and "stud8 conformance" in lines[found[-1] + 1], "the summary follows it"
    return lines[found[-1]]


def conform(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["conform", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def passing(tmp_path: Path) -> Path:
    folder = tmp_path / "passing"
    folder.mkdir()
    shutil.copy(DATA / "valid" / "hands.yaml", folder / "hands.yaml")
    return folder


def test_passing_hand_cases(capsys: pytest.CaptureFixture[str], passing: Path) -> None:
    code, out, _ = conform(capsys, "--no-builtin", "--scenarios", passing, "--", "-v")
    assert code == 0, out
    for scenario_id in ("testhand-001", "testhand-002", "testhand-003"):
        assert f"hands.yaml::{scenario_id} PASSED" in out
    assert "3 passed" in stats(out)


def test_wrong_expectation_fails_with_expected_and_got(capsys: pytest.CaptureFixture[str], passing: Path) -> None:
    shutil.copy(DATA / "wrong" / "wrong.yaml", passing / "wrong.yaml")
    code, out, _ = conform(capsys, "--no-builtin", "--scenarios", passing)
    assert code == 1
    expected_block = [  # the file is named relative to its suite (testids.py): no absolute path
        "testwrong-001: (test) A wrong category is reported",
        "  at evaluation (passing/wrong.yaml:8)",
        "  high category:",
        "    expected: pair",
        "    got:      high card",
        "  rule: hands.categories (The nine categories)",
        "  rerun it step by step: stud8 explain testwrong-001",
    ]
    lines = out.splitlines()
    start = lines.index(expected_block[0])
    assert lines[start:start + len(expected_block)] == expected_block
    assert "1 failed, 3 passed" in stats(out)


def test_invalid_scenario_file_fails_with_its_problems(capsys: pytest.CaptureFixture[str], passing: Path) -> None:
    shutil.copy(DATA / "invalid" / "card-count.yaml", passing / "broken.yaml")
    code, out, _ = conform(capsys, "--no-builtin", "--scenarios", passing)
    assert code == 1
    lines = out.splitlines()
    start = lines.index("invalid scenario file:")
    assert lines[start + 1] == (
        "  passing/broken.yaml:8:5: [error] 8 cards where 5 to 7 are needed: '8c 6d 4h 2s Ac Kd Qd Jd' (card-count)")
    assert "1 failed, 3 passed" in stats(out)


def test_select_one_scenario_with_k(capsys: pytest.CaptureFixture[str], passing: Path) -> None:
    shutil.copy(DATA / "wrong" / "wrong.yaml", passing / "wrong.yaml")
    code, out, _ = conform(capsys, "--no-builtin", "--scenarios", passing, "--", "-v", "-k", "testhand-002")
    assert code == 0
    assert "hands.yaml::testhand-002 PASSED" in out
    assert "testhand-001" not in out and "testwrong-001" not in out
    assert "1 passed, 3 deselected" in stats(out)


def test_no_builtin_needs_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    assert conform(capsys, "--no-builtin") == (
        2, "", "stud8 conform: nothing to run: --no-builtin needs at least one --scenarios DIR\n")


def test_missing_scenarios_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing"
    assert conform(capsys, "--no-builtin", "--scenarios", missing) == (
        2, "", f"stud8 conform: --scenarios {missing}: no such folder\n")


def test_unknown_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str], passing: Path) -> None:
    code, out, err = conform(capsys, "--no-builtin", "--scenarios", passing, "--engine", "nonesuch")
    assert code == 2
    assert "unknown engine 'nonesuch'; an engine is one of: reference, pokerkit, pokerkit-native, python:MODULE:FACTORY, cmd:COMMAND LINE" in out + err


def test_replay_through_the_reference_engine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("stud8.reference.engine")
    shutil.copy(DATA / "replay" / "fold.yaml", tmp_path / "fold.yaml")
    code, out, _ = conform(capsys, "--no-builtin", "--scenarios", tmp_path, "--", "-v")
    assert code == 0, out
    assert "fold.yaml::testreplay-001 PASSED" in out


# --- the plugin collects YAML files only under scenario roots ---------------------------


@pytest.fixture
def two_folders(pytester: pytest.Pytester) -> pytest.Pytester:
    for folder in ("scen", "other"):
        (pytester.path / folder).mkdir()
    shutil.copy(DATA / "valid" / "hands.yaml", pytester.path / "scen" / "hands.yaml")
    # An invalid file: if it were collected, the run would fail.
    shutil.copy(DATA / "invalid" / "card-count.yaml", pytester.path / "other" / "broken.yaml")
    return pytester


def test_plugin_ignores_yaml_outside_scenario_roots(two_folders: pytest.Pytester) -> None:
    result = two_folders.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_plugin_collects_the_named_folder_only(two_folders: pytest.Pytester) -> None:
    result = two_folders.runpytest("-p", "no:cacheprovider", "--stud8-scenarios", "scen", "--collect-only", "-q")
    collected = [line for line in result.outlines if "::" in line]
    assert collected == [f"scen/hands.yaml::testhand-00{n}" for n in (1, 2, 3)]
    result = two_folders.runpytest("-p", "no:cacheprovider", "--stud8-scenarios", "scen")
    result.assert_outcomes(passed=3)


def test_plugin_ini_roots(two_folders: pytest.Pytester) -> None:
    two_folders.makeini("[pytest]\nstud8_scenarios = other\n")
    result = two_folders.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["invalid scenario file:", "  *broken.yaml:8:5: * (card-count)"])
