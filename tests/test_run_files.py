"""Every input is an input (issue 29 item 1): each run keeps a ledger of the files it reads and
writes (``stud8.spec.runfiles``), and the one writer (``stud8.spec.outputs``) refuses an output
that is one of the run's inputs (declared by the command, or opened by the bounded reader) or
another output of the same run; ``-`` is standard output for every output option, and only one
output may hold it.

In-process ``main([...])`` calls on a four-scenario suite: the refusals come before any scenario
runs, so most of these cost milliseconds."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_conform_baseline import write_suite

from stud8.spec import runfiles
from stud8.spec.errors import Stud8Error
from stud8.spec.outputs import check_output_file, claim_stdout, write_files_atomic, write_text_atomic
from stud8.spec.yamlio import read_text_file
from stud8.tools.cli import main


def _conform(capsys: pytest.CaptureFixture[str], suite: Path, *argv: str | Path) -> tuple[int, str, str]:
    code = main(["conform", "--no-builtin", "--scenarios", str(suite), *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(err: str, *phrases: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stud8 conform: "), err
    for phrase in phrases:
        assert phrase in lines[0], err


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    return write_suite(tmp_path / "suite")


def test_a_report_over_the_baseline_it_compares_with_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                 suite: Path) -> None:
    baseline = tmp_path / "same.json"
    baseline.write_text("testbase-001\n")
    code, _out, err = _conform(capsys, suite, "--baseline", baseline, "--report", baseline)
    assert code == 2
    _one_line(err, "--report", "is an input of this command (its --baseline)")
    assert baseline.read_text() == "testbase-001\n"


def test_a_link_to_the_baseline_is_the_baseline(capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path) -> None:
    baseline = tmp_path / "b.txt"
    baseline.write_text("testbase-001\n")
    (tmp_path / "link.json").symlink_to(baseline)
    code, _out, err = _conform(capsys, suite, "--baseline", baseline, "--report", tmp_path / "link.json")
    assert code == 2 and "its --baseline" in err
    assert baseline.read_text() == "testbase-001\n"


def test_two_outputs_of_one_run_may_not_be_one_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path) -> None:
    target = tmp_path / "F"
    code, _out, err = _conform(capsys, suite, "--report", target, "--update-baseline", target)
    assert code == 2
    _one_line(err, "--update-baseline", "is also this command's --report")
    assert not target.exists()


def test_an_output_over_a_scenario_file_is_refused(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    before = (suite / "replay.yaml").read_text()
    code, _out, err = _conform(capsys, suite, "--report", suite / "replay.yaml")
    assert code == 2
    _one_line(err, "its --scenarios")
    assert (suite / "replay.yaml").read_text() == before


def test_an_output_over_the_settings_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    settings = tmp_path / "stud8.toml"
    settings.write_text('label = "mine"\n')
    monkeypatch.chdir(tmp_path)
    code, _out, err = _conform(capsys, suite, "--report", "stud8.toml")
    assert code == 2
    assert "--report stud8.toml: is an input of this command (its settings file)" in err
    assert settings.read_text() == 'label = "mine"\n'


def test_update_baseline_may_replace_the_baseline_it_updates(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                             suite: Path) -> None:
    baseline = tmp_path / "b.json"
    assert _conform(capsys, suite, "--update-baseline", baseline)[0] == 0
    code, out, _err = _conform(capsys, suite, "--baseline", baseline, "--update-baseline", baseline)
    assert code == 0, out
    assert json.loads(baseline.read_text())["known_failures"][0]["id"] == "testbase-001"


def test_update_baseline_dash_is_standard_output_holding_the_baseline_alone(capsys: pytest.CaptureFixture[str],
                                                                            tmp_path: Path, suite: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = _conform(capsys, suite, "--update-baseline", "-")
    assert code == 0, err
    document = json.loads(out)  # nothing but the baseline on stdout; pytest's lines went to stderr
    assert [entry["id"] for entry in document["known_failures"]] == ["testbase-001"]
    assert "passed" in err or "pass" in err
    assert not (tmp_path / "-").exists()


def test_report_dash_is_standard_output_holding_the_report_alone(capsys: pytest.CaptureFixture[str], suite: Path) -> None:
    code, out, _err = _conform(capsys, suite, "--report", "-")
    assert code == 1
    assert {entry["id"] for entry in json.loads(out)["scenarios"]} >= {"testbase-001"}


@pytest.mark.parametrize("argv", [
    ("--update-baseline", "-", "--report", "-"),
    ("--update-baseline", "-", "--format", "json"),
])
def test_two_outputs_on_standard_output_are_refused(capsys: pytest.CaptureFixture[str], suite: Path,
                                                    argv: tuple[str, ...]) -> None:
    code, out, err = _conform(capsys, suite, *argv)
    assert code == 2 and out == ""
    _one_line(err, "--update-baseline -: standard output is already this command's --report")


def test_the_ledger_protects_files_read_and_folders_declared(tmp_path: Path) -> None:
    settings = tmp_path / "found.toml"
    settings.write_text("x = 1\n")
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "rules.md").write_text("rules")
    (folder / "notes.txt").write_text("notes")
    with runfiles.run_files():
        read_text_file(settings, role="settings file")
        runfiles.declare_inputs([folder], "--rules", suffixes=[".md"])
        with pytest.raises(Stud8Error, match="its settings file"):
            write_text_atomic(settings, "y = 2\n", "--out")
        with pytest.raises(Stud8Error, match="its --rules"):
            write_files_atomic({folder / "rules.md": "new"}, "--out", inside=folder)
        write_files_atomic({folder / "notes.txt": "new"}, "--out", inside=folder)  # not read: may be written
        claim_stdout("--report")
        with pytest.raises(Stud8Error, match="standard output is already this command's --report"):
            check_output_file("-", "--html")
    # outside a run nothing is recorded: a library call writes where it is told
    write_text_atomic(settings, "y = 2\n", "--out")
    assert settings.read_text() == "y = 2\n" and (folder / "rules.md").read_text() == "rules"
    assert (folder / "notes.txt").read_text() == "new"


def test_a_hidden_file_of_an_input_folder_is_not_an_input(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    (folder / ".cache").mkdir(parents=True)
    with runfiles.run_files():
        runfiles.declare_inputs([folder], "--scenarios", suffixes=[".yaml"])
        target = folder / ".cache" / "x.yaml"
        target.write_text("")
        assert runfiles.input_roles(Path(os.path.realpath(target)), os.stat(target)) == set()
        target = folder / "x.yaml"
        target.write_text("")
        assert runfiles.input_roles(Path(os.path.realpath(target)), os.stat(target)) == {"--scenarios"}
