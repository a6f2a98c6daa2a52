"""``stud8 conform --report / --baseline / --timeout``: the JSON report, its schema, the summary
table by rule area, and the baseline that only ratchets."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from stud8.conformance.suite.report import Record, Report, load_baseline, summary_lines
from stud8.spec.rulebook import load_schema
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """Three passing hand cases and one that fails (testwrong-001)."""
    folder = tmp_path / "suite"
    folder.mkdir()
    shutil.copy(DATA / "valid" / "hands.yaml", folder / "hands.yaml")
    shutil.copy(DATA / "wrong" / "wrong.yaml", folder / "wrong.yaml")
    return folder


def conform(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["conform", "--no-builtin", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_report_records_every_scenario_and_validates(capsys: pytest.CaptureFixture[str], suite: Path, tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    code, _, _ = conform(capsys, "--scenarios", suite, "--report", path)
    assert code == 1
    report = json.loads(path.read_text())
    jsonschema.validate(report, load_schema("report.schema.json"))
    outcomes = {entry["id"]: entry["outcome"] for entry in report["scenarios"]}
    assert outcomes == {"testhand-001": "pass", "testhand-002": "pass", "testhand-003": "pass", "testwrong-001": "fail"}
    assert report["totals"]["pass"] == 3 and report["totals"]["fail"] == 1 and report["totals"]["scenarios"] == 4
    assert report["engine"]["name"] == "stud8-reference"
    wrong = next(entry for entry in report["scenarios"] if entry["id"] == "testwrong-001")
    assert wrong["message"].endswith("high category: expected 'pair', got 'high card'")
    assert wrong["line"] > 0 and wrong["file"].endswith("wrong.yaml")


def test_summary_table_by_rule_area(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    _, out, _ = conform(capsys, "--scenarios", suite)
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "stud8 conformance: engine reference" in line)
    assert lines[start + 1].split() == ["area", "of", "first", "rule", "pass", "fail"]
    total = next(line for line in lines[start:] if line.startswith("all scenarios"))
    assert total.split() == ["all", "scenarios", "3", "1"]


def test_a_baseline_failure_does_not_fail_the_run(capsys: pytest.CaptureFixture[str], suite: Path, tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.txt"
    baseline.write_text("# known to fail\ntestwrong-001\n")
    report = tmp_path / "r.json"
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline, "--report", report)
    assert code == 0, out
    outcomes = {entry["id"]: entry["outcome"] for entry in json.loads(report.read_text())["scenarios"]}
    assert outcomes["testwrong-001"] == "known-failure"


def test_a_baseline_entry_that_passes_fails_the_run(capsys: pytest.CaptureFixture[str], suite: Path, tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.txt"
    baseline.write_text("testwrong-001\ntesthand-002\n")
    report = tmp_path / "r.json"
    code, _, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline, "--report", report)
    assert code == 1
    outcomes = {entry["id"]: entry["outcome"] for entry in json.loads(report.read_text())["scenarios"]}
    assert outcomes["testhand-002"] == "fixed"
    assert outcomes["testwrong-001"] == "known-failure"


def test_a_report_is_a_baseline(capsys: pytest.CaptureFixture[str], suite: Path, tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    conform(capsys, "--scenarios", suite, "--report", first)
    assert load_baseline(first).ids() == {"testwrong-001"}
    code, _, _ = conform(capsys, "--scenarios", suite, "--baseline", first)
    assert code == 0


@pytest.mark.parametrize("bad", ["folder", "missing-parent", "unreadable-baseline", "zero-timeout"])
def test_bad_report_baseline_or_timeout_is_a_usage_error(capsys: pytest.CaptureFixture[str], suite: Path,
                                                          tmp_path: Path, bad: str) -> None:
    argv: list[str | Path] = ["--scenarios", suite]
    if bad == "folder":
        argv += ["--report", tmp_path]
    elif bad == "missing-parent":
        argv += ["--report", tmp_path / "no" / "r.json"]
    elif bad == "unreadable-baseline":
        argv += ["--baseline", tmp_path / "nope.txt"]
    else:
        argv += ["--timeout", "0"]
    code, out, err = conform(capsys, *argv)
    assert code == 2
    assert err.startswith("stud8 conform: ")
    assert "Traceback" not in out + err
    assert list(tmp_path.glob("**/*.json")) == []


def test_an_unknown_engine_is_a_usage_error_and_writes_no_report(capsys: pytest.CaptureFixture[str], suite: Path,
                                                                  tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    code, out, err = conform(capsys, "--scenarios", suite, "--engine", "nonesuch", "--report", path)
    assert code == 2
    assert "nonesuch" in out + err
    assert not path.exists()


def test_summary_counts_each_scenario_once_under_its_first_rule() -> None:
    report = Report(records=[
        Record("a-001", "t", "f", 1, ("bring-in.facing", "betting.limits"), "pass"),
        Record("a-002", "t", "f", 2, ("betting.limits",), "timeout"),
    ])
    lines = summary_lines(report)
    assert [line.split() for line in lines] == [
        ["area", "of", "first", "rule", "pass", "timeout"],
        ["-" * len(lines[0])],
        ["betting", "0", "1"],
        ["bring-in", "1", "0"],
        ["-" * len(lines[0])],
        ["all", "scenarios", "1", "1"],
    ]

def test_a_run_is_named_by_label_and_says_it_is_whole(capsys: pytest.CaptureFixture[str], suite: Path,
                                                      tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    code, out, _ = conform(capsys, "--scenarios", suite, "--report", path, "--label", "nightly build 42")
    assert code == 1
    report = json.loads(path.read_text())
    assert report["run"] == {"complete": True, "scenarios_run": 4, "scenarios_selected": 4, "label": "nightly build 42"}
    assert report["engine"]["label"] == "nightly build 42" and report["engine"]["version"]  # the hello kept beside it
    wrong = next(entry for entry in report["scenarios"] if entry["id"] == "testwrong-001")
    assert wrong["hand"] == {"cards": "8c 6d 4h 2s Ac"}  # a failing scenario keeps its hand
    # one way of counting, the same as stud8 report's: engine errors apart from failures
    assert "3 pass · 1 fail · 0 engine errors · 0 invalid · 0 not applicable (of 4 scenarios)" in out


def test_a_run_stopped_by_maxfail_says_so(capsys: pytest.CaptureFixture[str], suite: Path, tmp_path: Path) -> None:
    (suite / "wrong.yaml").rename(suite / "a-wrong.yaml")  # collected first: -x stops before the others
    path = tmp_path / "report.json"
    code, out, _ = conform(capsys, "--scenarios", suite, "--report", path, "--", "-x")
    assert code == 1
    run = json.loads(path.read_text())["run"]
    assert run["complete"] is False and run["scenarios_run"] == 1 and run["scenarios_selected"] == 4
    assert run["stopped"].startswith("stopping after 1 failure")
    assert "-- STOPPED AFTER 1 OF 4 SCENARIOS" in out


@pytest.mark.parametrize("label", ["", "x" * 81, "two\nlines", "escape \x1b[2J"])
def test_a_label_that_cannot_name_a_run_is_a_usage_error(capsys: pytest.CaptureFixture[str], suite: Path,
                                                          label: str) -> None:
    code, out, err = conform(capsys, "--scenarios", suite, "--label", label)
    assert code == 2 and out == ""
    assert err.startswith("stud8 conform: --label must be 1 to 80 printable characters") and len(err.splitlines()) == 1
    assert "\x1b" not in err


def test_a_parallel_run_with_ordinary_tests_beside_the_scenarios_is_not_called_stopped(suite: Path, tmp_path: Path) -> None:
    """Under xdist the controller collects nothing itself: the scenarios selected are counted from
    a worker's collection, scenario files only. (The project's own ``pytest -n auto`` printed
    "STOPPED AFTER 839 OF 3497 SCENARIOS": every ordinary test was counted as a scenario.)"""
    import subprocess
    import sys

    pytest.importorskip("xdist", reason="pytest-xdist is not installed")
    (suite / "wrong.yaml").unlink()
    (suite / "test_ordinary.py").write_text("def test_one():\n    assert True\n\n\ndef test_two():\n    assert True\n")
    report = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "-q", str(suite),
                           "--stud8-scenarios", str(suite), "--stud8-report", str(report)],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout
    assert "STOPPED" not in done.stdout
    run = json.loads(report.read_text())["run"]
    assert run["complete"] is True and run["scenarios_run"] == 3 and run["scenarios_selected"] == 3
