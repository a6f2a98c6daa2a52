"""Test ids, JUnit class names and file names in reports relative to their suite: the same from
any folder and any install location (conformance/suite/testids.py)."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from stud8.conformance.suite.testids import real_path, root_labels, suite_path
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"


def junit(capsys: pytest.CaptureFixture[str], cwd: Path, monkeypatch: pytest.MonkeyPatch, *argv: str,
          pytest_args: tuple[str, ...] = ()) -> tuple[str, str]:
    """Run conform from ``cwd`` with a JUnit XML and a report; their texts."""
    monkeypatch.chdir(cwd)
    main(["conform", *argv, "--report", "r.json", "--", "--junitxml", "out.xml", *pytest_args])
    capsys.readouterr()
    return (cwd / "out.xml").read_text(encoding="utf-8"), (cwd / "r.json").read_text(encoding="utf-8")


def cases(xml: str) -> list[tuple[str, str]]:
    return sorted((case.get("classname", ""), case.get("name", "")) for case in ET.fromstring(xml).iter("testcase"))


def test_a_folder_of_your_own_gives_the_same_ids_from_two_locations(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    runs = []
    for place in ("first", "second/deeper"):
        home = tmp_path / place
        suite = home / "house"
        suite.mkdir(parents=True)
        shutil.copy(DATA / "valid" / "hands.yaml", suite / "hands.yaml")
        shutil.copy(DATA / "wrong" / "wrong.yaml", suite / "wrong.yaml")
        runs.append((home, *junit(capsys, home, monkeypatch, "--no-builtin", "--scenarios", "house")))
    (_, first_xml, first_report), (_, second_xml, _) = runs
    assert cases(first_xml) == cases(second_xml)
    assert ("house.wrong.yaml", "testwrong-001") in cases(first_xml)
    for home, xml, report in runs:
        assert str(tmp_path) not in xml and str(tmp_path) not in report, "an absolute path leaked"
    entries = {entry["id"]: entry for entry in json.loads(first_report)["scenarios"]}
    assert entries["testwrong-001"]["file"] == "house/wrong.yaml"
    assert entries["testwrong-001"]["step"] == "evaluation (house/wrong.yaml:8)"


def test_the_packaged_suite_is_named_stud8_from_anywhere(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b" / "c").mkdir(parents=True)
    first, _ = junit(capsys, tmp_path / "a", monkeypatch, pytest_args=("-k", "hands-001 or pots-005"))
    second, _ = junit(capsys, tmp_path / "b" / "c", monkeypatch, pytest_args=("-k", "hands-001 or pots-005"))
    assert cases(first) == cases(second)
    assert ("stud8.pots.side-pots.yaml", "pots-005") in cases(first)
    assert "site-packages" not in first and str(Path(__file__).resolve().parents[1]) not in first


def test_an_id_from_a_report_can_be_pasted_back(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["conform", "--", "stud8/pots/side-pots.yaml::pots-005", "-v"])
    out = capsys.readouterr().out
    assert code == 0
    assert "stud8/pots/side-pots.yaml::pots-005 PASSED" in out
    assert "1 passed" in out


def test_labels(tmp_path: Path) -> None:
    from stud8.conformance.suite.scenarios import packaged_scenarios_dir

    (tmp_path / "rules" / "house").mkdir(parents=True)
    (tmp_path / "elsewhere" / "house").mkdir(parents=True)
    cwd = tmp_path / "rules"
    labelled = root_labels([packaged_scenarios_dir(), cwd / "house", tmp_path / "elsewhere" / "house"], cwd)
    assert [label for _, label in labelled] == ["stud8", "house", "house-2"]
    (tmp_path / "elsewhere" / "house" / "x.yaml").write_text("")
    assert suite_path(tmp_path / "elsewhere" / "house" / "x.yaml", labelled) == "house-2/x.yaml"
    assert real_path("house-2/x.yaml", labelled) == (tmp_path / "elsewhere" / "house" / "x.yaml").resolve()
    assert suite_path(tmp_path / "x.yaml", labelled) is None
