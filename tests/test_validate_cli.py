"""``stud8 validate``: exact output lines and exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stud8.conformance.suite.scenarios import find_scenario_files, packaged_scenarios_dir
from stud8.spec.rulebook import packaged_rules_path
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, list[str], str]:
    code = main(["validate", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_packaged_files_are_valid(capsys: pytest.CaptureFixture[str]) -> None:
    count = 1 + len(find_scenario_files([packaged_scenarios_dir()]))  # the rule book and the scenarios
    code, lines, err = run(capsys)
    assert (code, lines, err) == (0, [f"{count} files valid"], "")


def test_valid_folders(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, DATA / "valid", DATA / "replay") == (0, ["2 files valid"], "")


def test_folder_with_an_invalid_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copy(DATA / "valid" / "hands.yaml", tmp_path / "a-valid.yaml")
    shutil.copy(DATA / "invalid" / "compare-unknown-hand.yaml", tmp_path / "b-invalid.yaml")
    shutil.copy(DATA / "invalid" / "chips-not-conserved.yaml", tmp_path / "c-invalid.yml")
    (tmp_path / "notes.txt").write_text("not a scenario file", encoding="utf-8")
    code, lines, err = run(capsys, tmp_path)
    assert code == 1
    assert err == ""
    assert lines == [
        f"{tmp_path}/b-invalid.yaml:9:5: [error] high ordering names 'flush', which is not in hands (unknown-hand)",
        f"{tmp_path}/b-invalid.yaml:10:5: [error] low ordering names a hand twice (repeated-hand)",
        f"{tmp_path}/c-invalid.yml:17:7: [error] final stacks add up to 210, the starting stacks to 200 (chips-not-conserved)",
    ]


def test_relative_paths_are_shown_as_given(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(DATA / "invalid" / "unknown-field.yaml", tmp_path / "x.yaml")
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "x.yaml") == (
        1,
        ["x.yaml:11:5: [error] scenarios/0: Unevaluated properties are not allowed ('surprise' was unexpected) (schema)"],
        "",
    )


def test_yaml_errors_are_problems(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "yaml" / "duplicate_key.yaml"
    assert run(capsys, path) == (
        1, [f"{path}:5:3: [error] duplicate key 'inner' (first given on line 3) (duplicate-key)"], "")


def test_duplicates_across_files(capsys: pytest.CaptureFixture[str]) -> None:
    a, b = DATA / "dupes" / "a.yaml", DATA / "dupes" / "b.yaml"
    assert run(capsys, DATA / "dupes") == (
        1,
        [
            f"{b}:4:1: [error] scenario id 'testdup-001' is already used at {a}:3 (duplicate-id)",
            f"{b}:12:1: [error] title '(TEST) a pair beats high card' is already used by testdup-002 (duplicate-title)",
        ],
        "",
    )


def test_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "invalid" / "pot-not-paid.yaml"
    code = main(["validate", "--format", "json", str(DATA / "valid"), str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (1, "")
    assert json.loads(out) == {
        "files": 2,
        "problems": [
            {"path": str(path), "line": 19, "column": 11, "level": "error", "code": "pot-not-paid",
             "message": "the halves pay 12 of a pot of 10"},
        ],
    }


def test_json_format_when_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate", "--format", "json", str(DATA / "valid")])
    out, _ = capsys.readouterr()
    assert code == 0
    assert json.loads(out) == {"files": 1, "problems": []}


def test_missing_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    code, lines, err = run(capsys, DATA / "valid", missing)
    assert (code, lines) == (2, [])
    assert err == f"stud8 validate: no such file or folder: {missing}\n"
    assert "Traceback" not in err


def test_bad_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["validate", "--format", "xml"])
    assert caught.value.code == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err


def test_rule_book_path_is_checked_as_a_rule_book(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, packaged_rules_path()) == (0, ["1 files valid"], "")


def test_broken_rule_book_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = packaged_rules_path().read_text(encoding="utf-8")
    broken = text.replace("      - id: table.stakes\n", "      - id: table.players\n", 1)
    path = tmp_path / "rules.yaml"
    path.write_text(broken, encoding="utf-8")
    line = broken.splitlines().index("      - id: table.players", broken.splitlines().index("      - id: table.players") + 1) + 1
    code, lines, err = run(capsys, path, DATA / "valid")
    # Checked as a rule book (a rule-book code, no scenario-schema complaint), alongside scenarios.
    assert (code, lines, err) == (
        1, [f"{path}:{line}:9: [error] rule id 'table.players' is defined twice (duplicate-rule-id)"], "")
