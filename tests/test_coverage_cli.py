"""``stud8 coverage``: rule ids and the scenarios citing them; exact output and exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stud8.spec.rulebook import default_rulebook
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"


@pytest.fixture
def one_file(tmp_path: Path) -> Path:
    """A folder with testhand-001 (low.qualifier, low.ace-low), -002 (low.qualifier), -003 (hands.categories)."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(DATA / "valid" / "hands.yaml", folder / "hands.yaml")
    return folder


def test_uncovered_rules_are_listed(capsys: pytest.CaptureFixture[str], one_file: Path) -> None:
    code = main(["coverage", "--no-builtin", "--scenarios", str(one_file)])
    out, err = capsys.readouterr()
    rule_ids = default_rulebook().rule_ids
    width = max(map(len, rule_ids))
    lines = out.splitlines()
    assert code == 1
    assert err == f"{len(rule_ids) - 3} of {len(rule_ids)} rule ids are cited by no scenario\n"
    assert len(lines) == len(rule_ids)
    assert [line.split()[0] for line in lines] == list(rule_ids)  # rule-book order
    covered = {
        "low.qualifier": f"{'low.qualifier'.ljust(width)}    2  testhand-001, testhand-002",
        "low.ace-low": f"{'low.ace-low'.ljust(width)}    1  testhand-001",
        "hands.categories": f"{'hands.categories'.ljust(width)}    1  testhand-003",
    }
    for rule_id, line in zip(rule_ids, lines):
        assert line == covered.get(rule_id, f"{rule_id.ljust(width)}    0  UNCOVERED")


def test_json_maps_rule_ids_to_scenario_ids(capsys: pytest.CaptureFixture[str], one_file: Path) -> None:
    code = main(["coverage", "--no-builtin", "--scenarios", str(one_file), "--json"])
    out, _ = capsys.readouterr()
    coverage = json.loads(out)
    assert code == 1
    assert list(coverage) == list(default_rulebook().rule_ids)
    assert {rule_id: ids for rule_id, ids in coverage.items() if ids} == {
        "hands.categories": ["testhand-003"],
        "low.qualifier": ["testhand-001", "testhand-002"],
        "low.ace-low": ["testhand-001"],
    }


def test_every_rule_cited_exits_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = ["scenarios:"]
    for number, rule_id in enumerate(default_rulebook().rule_ids, start=1):
        lines += [
            f"  - id: cover-{number:03d}",
            "    kind: compare",
            f"    title: Coverage case {number}",
            f"    rules: [{rule_id}]",
            "    description: A pair beats high card.",
            "    hands: {pair: 2c 2d 7h 8s 9c, ace_high: Ac Kd Qh Js 9d}",
            "    high: pair > ace_high",
        ]
    (tmp_path / "all.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main(["coverage", "--no-builtin", "--scenarios", str(tmp_path), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert all(len(ids) == 1 for ids in json.loads(out).values())


def test_scenarios_add_to_the_builtin_suite(capsys: pytest.CaptureFixture[str], one_file: Path) -> None:
    main(["coverage", "--json"])
    builtin = json.loads(capsys.readouterr().out)
    main(["coverage", "--json", "--scenarios", str(one_file)])
    both = json.loads(capsys.readouterr().out)
    assert both["low.ace-low"] == builtin["low.ace-low"] + ["testhand-001"]
    assert both["hands.categories"] == builtin["hands.categories"] + ["testhand-003"]


def test_invalid_files_stop_the_count(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Coverage over files that do not validate would be a wrong answer: the command refuses.
    shutil.copy(DATA / "invalid" / "unknown-rule.yaml", tmp_path / "x.yaml")
    code = main(["coverage", "--no-builtin", "--scenarios", str(tmp_path), "--json"])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    assert "invalid scenario files" in captured.err
    assert "low.no-such-rule" in captured.err


def test_missing_folder_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["coverage", "--no-builtin", "--scenarios", str(tmp_path / "nope")])
    assert code == 2
    assert "no such folder" in capsys.readouterr().err
