"""JUnit XML says what ``stud8 conform`` says: engine errors are ``<error>`` elements counted in
``errors``, and a run that stopped early is marked stopped (suite properties and one last
``<error>`` test case naming why), so no JUnit reader shows an aborted run as complete
(conformance/suite/plugin.py, JUnitEngineErrors)."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from stud8.conformance.suite.faults import DEAD_AFTER
from stud8.tools.cli import main

ENGINES = Path(__file__).resolve().parent / "engines"


def junit(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> tuple[ET.Element, dict[str, str], int]:
    """Run conform with a JUnit XML: the suite element, its properties, the exit code."""
    out = tmp_path / "out.xml"
    code = main(["conform", *argv[: argv.index("--")], "--", "--junitxml", str(out), *argv[argv.index("--") + 1:]])
    capsys.readouterr()
    suite = ET.parse(out).getroot().find("testsuite")
    assert suite is not None
    properties = {node.get("name", ""): node.get("value", "") for node in suite.findall("properties/property")}
    return suite, properties, code


def outcome(case: ET.Element) -> str:
    return next((node.tag for node in case if node.tag != "properties"), "passed")


def test_a_dead_engine_is_errors_and_a_stopped_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    engine = f"cmd:{sys.executable} {ENGINES / 'hangs_always.py'}"
    suite, properties, code = junit(capsys, tmp_path, "--engine", engine, "--timeout", "0.3", "--")
    assert code == 1
    cases = suite.findall("testcase")
    # each timed-out scenario is an error (the engine could not be judged), none a failure
    assert [outcome(case) for case in cases] == ["error"] * (DEAD_AFTER + 1)
    assert (suite.get("errors"), suite.get("failures"), suite.get("tests")) == (str(DEAD_AFTER + 1), "0", str(DEAD_AFTER + 1))
    # the suite says it is incomplete, how far it got and why
    assert properties["stud8_complete"] == "false"
    assert properties["stud8_scenarios_run"] == str(DEAD_AFTER)
    assert int(properties["stud8_scenarios_selected"]) > 500
    assert properties["stud8_stopped"].startswith("the engine does not answer: 3 scenarios in a row timed out")
    # and the last test case is the stop, an error every reader shows
    last = cases[-1]
    assert (last.get("classname"), last.get("name")) == ("stud8.run", "stopped")
    error = last.find("error")
    assert error is not None
    message = error.get("message", "")
    assert message.startswith(f"the run was stopped after {DEAD_AFTER} of {properties['stud8_scenarios_selected']} scenarios: "
                              "the engine does not answer")
    assert "none of them passed" in (error.text or "")


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_a_run_stopped_by_x_after_a_failure_is_marked_stopped(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))
    suite, properties, code = junit(capsys, tmp_path, "--engine", "python:house_engines:mutant_bring_in_has_option",
                                    "--", "-x", "-k", "betting")
    assert code == 1
    cases = suite.findall("testcase")
    assert outcome(cases[-2]) == "failure"  # a wrong value is a failure, not an error
    assert (cases[-1].get("classname"), cases[-1].get("name"), outcome(cases[-1])) == ("stud8.run", "stopped", "error")
    assert properties["stud8_complete"] == "false" and properties["stud8_scenarios_run"] == str(len(cases) - 1)
    assert "stopping after 1 failures" in properties["stud8_stopped"]
    assert suite.get("failures") == "1" and suite.get("errors") == "1"


def test_a_complete_run_says_so_and_has_no_stop(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite, properties, code = junit(capsys, tmp_path, "--", "-k", "pots-005 or pots-006")
    assert code == 0
    assert properties == {"stud8_complete": "true", "stud8_scenarios_run": "2", "stud8_scenarios_selected": "2"}
    assert [case.get("name") for case in suite.findall("testcase")] == ["pots-005", "pots-006"]
    assert suite.get("errors") == "0"
