"""A baseline that cannot hide a change: entries keyed by scenario id and how it fails (step,
field, rule, and the expected and got values); ``--update-baseline FILE`` writes the current
failures; old id-only files, and old files without values, are read with a note
(conformance/suite/baseline.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from stud8.conformance.suite.baseline import load_baseline
from stud8.spec.rulebook import load_schema
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"

WRONG_REPLAY = """\
scenarios:
  - id: testbase-001
    kind: replay
    title: (test) A checkpoint that claims the wrong pot
    rules: [table.ante]
    description: The pot after the antes is 10; the scenario claims POT on purpose.
    stakes: {ante: 5, bring_in: 10, small_bet: 20, big_bet: 40}
    stacks: [100, 100]
    deal:
      third: {p1: "Ah 4d Kc", p2: "7s 7c 3h"}
    actions:
      - expect: {to_act: TO_ACT, pot: POT}
      - p2 pb
      - p1 f
    outcome:
      stacks: [95, 105]
"""


def write_suite(folder: Path, pot: int = 99, to_act: str = "p2", ante: int = 5) -> Path:
    folder.mkdir(exist_ok=True)
    shutil.copy(DATA / "valid" / "hands.yaml", folder / "hands.yaml")
    text = WRONG_REPLAY.replace("POT", str(pot)).replace("TO_ACT", to_act)
    if ante != 5:  # the pot after the antes (what the engine shows) changes; the failure stays at the pot
        text = text.replace("ante: 5,", f"ante: {ante},").replace("stacks: [95, 105]", f"stacks: [{100 - ante}, {100 + ante}]")
    (folder / "replay.yaml").write_text(text)
    return folder


def conform(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["conform", "--no-builtin", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_update_baseline_writes_the_failures_keyed_by_how_they_fail(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    baseline = tmp_path / "baseline.json"
    code, out, _ = conform(capsys, "--scenarios", suite, "--update-baseline", baseline)
    assert code == 0, out  # every failure is now a known one
    assert f"baseline {baseline} written: 1 known failures (1 added, 0 removed)" in out
    document = json.loads(baseline.read_text())
    jsonschema.validate(document, load_schema("baseline.schema.json"))
    [entry] = document["known_failures"]
    assert {key: entry[key] for key in ("id", "outcome", "at", "field", "rule")} == {
        "id": "testbase-001", "outcome": "fail", "at": "actions[0]", "field": "pot", "rule": "table.ante"}
    assert document["engine"]["name"] == "stud8-reference"
    # the run against it passes, the failure being known
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline)
    assert code == 0, out
    assert "1 known failures applied (1 listed): 1 still fail" in out


def test_a_known_failure_that_fails_another_way_fails_the_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    baseline = tmp_path / "baseline.json"
    conform(capsys, "--scenarios", suite, "--update-baseline", baseline)
    write_suite(suite, pot=99, to_act="p1")  # now the first difference is whose turn it is
    report = tmp_path / "r.json"
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline, "--report", report)
    assert code == 1
    message = ("fails differently from the baseline: was actions[0] pot (table.ante), "
               "now actions[0] to_act (bring-in.lowest-upcard)")
    assert message in out
    assert "1 fail differently" in out
    [entry] = [e for e in json.loads(report.read_text())["scenarios"] if e["id"] == "testbase-001"]
    assert entry["outcome"] == "changed" and entry["message"] == message
    # the new failure becomes known once the baseline is updated
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline, "--update-baseline", baseline)
    assert code == 0
    assert "(0 added, 0 removed)" in out
    assert json.loads(baseline.read_text())["known_failures"][0]["field"] == "to_act"


def test_a_report_of_this_release_is_a_keyed_baseline(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    report = tmp_path / "r.json"
    conform(capsys, "--scenarios", suite, "--report", report)
    known = load_baseline(report)
    assert known.id_only == 0 and known.entries["testbase-001"].describe() == "actions[0] pot (table.ante)"
    write_suite(suite, pot=99, to_act="p1")
    code, _, _ = conform(capsys, "--scenarios", suite, "--baseline", report)
    assert code == 1


def test_an_id_only_baseline_is_read_with_a_note(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    text = tmp_path / "known.txt"
    text.write_text("# from an earlier release\ntestbase-001\n")
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", text)
    assert code == 0
    note = (f"note: baseline {text}: 1 entry is keyed by scenario id only, so a known failure that now fails "
            f"another way is not noticed; rewrite it with --update-baseline {text}")
    assert out.count(note) == 1
    old_report = {"format": 1, "suite": {"stud8": "0.0.1"}, "engine": {},
                  "scenarios": [{"id": "testbase-001", "title": "t", "file": "f", "line": 1, "rules": [],
                                 "outcome": "fail", "message": "m", "step": "s", "field": "pot", "expected": 1, "got": 2}],
                  "totals": {key: 0 for key in ("scenarios", "pass", "fail", "not-applicable", "error", "crash",
                                                "timeout", "invalid", "known-failure", "fixed", "changed")}}
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_report))
    assert load_baseline(old).id_only == 1


def test_update_keeps_entries_of_scenarios_not_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    shutil.copy(DATA / "wrong" / "wrong.yaml", suite / "wrong.yaml")
    baseline = tmp_path / "baseline.json"
    conform(capsys, "--scenarios", suite, "--update-baseline", baseline)
    assert sorted(e["id"] for e in json.loads(baseline.read_text())["known_failures"]) == ["testbase-001", "testwrong-001"]
    code, out, _ = conform(capsys, "--scenarios", suite, "--update-baseline", baseline, "--", "-k", "testbase")
    assert code == 0
    assert "2 known failures (0 added, 0 removed, 1 kept for scenarios not run)" in out
    assert sorted(e["id"] for e in json.loads(baseline.read_text())["known_failures"]) == ["testbase-001", "testwrong-001"]


def test_an_unwritable_update_baseline_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    code, out, err = conform(capsys, "--scenarios", suite, "--update-baseline", tmp_path / "missing" / "b.json")
    assert code == 2
    assert err.startswith("stud8 conform: --update-baseline ") and "no such folder" in err
    assert out == ""


def test_a_file_that_is_no_baseline_is_refused(tmp_path: Path) -> None:
    from stud8.reference.errors import Stud8Error

    bad = tmp_path / "b.json"
    bad.write_text('{"stud8_baseline": 1, "known_failures": "all"}')
    with pytest.raises(Stud8Error, match="not a stud8 baseline"):
        load_baseline(bad)


@pytest.mark.parametrize(("change", "was", "now"), [
    ({"ante": 6}, "expected 99, got 10", "expected 99, got 12"),  # the engine's wrong value changed
    ({"pot": 98}, "expected 99, got 10", "expected 98, got 10"),  # the scenario's value changed
])
def test_a_known_failure_whose_value_changed_fails_the_run(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           change: dict[str, int], was: str, now: str) -> None:
    suite = write_suite(tmp_path / "suite")
    baseline = tmp_path / "baseline.json"
    conform(capsys, "--scenarios", suite, "--update-baseline", baseline)
    [entry] = json.loads(baseline.read_text())["known_failures"]
    assert (entry["expected"], entry["got"]) == (99, 10)
    write_suite(suite, **change)  # same step, field and rule: only a value differs
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline)
    assert code == 1
    assert (f"fails differently from the baseline: was actions[0] pot (table.ante): {was}, "
            f"now actions[0] pot (table.ante): {now}") in out


def test_a_baseline_without_values_is_read_with_a_note(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    baseline = tmp_path / "baseline.json"
    conform(capsys, "--scenarios", suite, "--update-baseline", baseline)
    document = json.loads(baseline.read_text())
    document["stud8_baseline"] = 1  # as an earlier release wrote it: no values
    for entry in document["known_failures"]:
        del entry["expected"], entry["got"]
    baseline.write_text(json.dumps(document))
    write_suite(suite, ante=6)  # another wrong value: not noticed without the values, but said
    code, out, _ = conform(capsys, "--scenarios", suite, "--baseline", baseline)
    assert code == 0
    assert out.count(f"note: baseline {baseline}: 1 entry was written without the values that failed") == 1
