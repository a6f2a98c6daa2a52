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