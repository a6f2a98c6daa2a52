"""What ``stud8 phh`` gives scenario writers: JSON even when the engine refuses, disputed hands as
failing scenarios, no machine paths in ``source``, and the rules a hand actually exercised."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from stud8.conformance.suite.scenarios import load_scenario_file
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"
REFUSED = DATA / "phh" / "refused-action.phh"
HAND_48 = DATA / "real-hands" / "test_2023_43_5__test_48_02_09_20.phh"


def stud8(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["phh", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_json_on_a_refused_action(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = stud8(capsys, "replay", REFUSED, "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert document["agree"] is False
    assert document["refused"] == {"step": "action", "index": 5, "action": "p4 f", "code": "out-of-turn",
                                   "message": "'p4 f': it is p3's turn"}
    assert document["stacks"] is None


def test_a_refused_hand_imports_with_no_check_as_a_failing_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "disputed.yaml"
    code, _, err = stud8(capsys, "import", REFUSED, "--id", "disputed-001", "-o", out)
    assert code == 1 and not out.exists()
    assert "refused by the reference engine: out-of-turn" in err and "--no-check imports it as a disputed hand" in err
    code, _, err = stud8(capsys, "import", REFUSED, "--id", "disputed-001", "-o", out, "--no-check")
    assert code == 0, err
    assert "imported without a check" in err and "out-of-turn" in err
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    (scenario,) = load_scenario_file(out).scenarios
    assert "disputed" in scenario.title and "out-of-turn" in scenario.data["description"]
    assert scenario.data["outcome"] == {"stacks": [4537500, 1800000, 14400000, 6075000, 2887500]}
    report = tmp_path / "r.json"
    assert main(["conform", "--no-builtin", "--scenarios", str(tmp_path), "--report", str(report)]) == 1
    capsys.readouterr()
    [entry] = json.loads(report.read_text())["scenarios"]
    assert (entry["outcome"], entry["field"], entry["expected"]) == ("fail", "action", "accepted")


def test_source_never_holds_the_absolute_path(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the hand is not under the current folder: its name only
    code, out, _ = stud8(capsys, "import", HAND_48.resolve())
    assert code == 0
    source = " ".join(out.split("source:", 1)[1].split("stakes:", 1)[0].split())
    assert f"(PHH file {HAND_48.name})" in source
    assert os.sep + "real-hands" not in source
    monkeypatch.chdir(HAND_48.parent.parent)  # under it: relative
    code, out, _ = stud8(capsys, "import", HAND_48.resolve())
    assert f"real-hands/{HAND_48.name}" in " ".join(out.split())
    assert str(HAND_48.parent) not in out


def test_rules_are_the_ones_the_hand_exercised(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "hand.yaml"
    assert stud8(capsys, "import", HAND_48, "-o", out)[0] == 0
    (scenario,) = load_scenario_file(out).scenarios
    rules = scenario.rules
    assert rules[0].startswith("bring-in.")  # the area of a recorded hand
    # the hand reaches seventh street heads-up and is split: read from its play, not guessed
    for rule_id in ("act-order.seventh-street", "betting.heads-up", "showdown.split", "showdown.show-order", "low.qualifier"):
        assert rule_id in rules
    assert "deck.short-stub" not in rules and "pots.side-pots" not in rules
