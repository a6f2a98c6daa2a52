"""Not applicable, as docs/protocol.md says: what decides it for each kind of engine (the table
under "Not applicable: what decides it"), and what it never is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"
DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def outcomes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, factory: str,
             selection: str) -> dict[str, str]:
    monkeypatch.syspath_prepend(str(ENGINES))
    report = tmp_path / "r.json"
    main(["conform", "--engine", f"python:loop_engines:{factory}", "--report", str(report), "--", "-q", "-k", selection])
    capsys.readouterr()
    return {entry["id"]: entry["outcome"] for entry in json.loads(report.read_text())["scenarios"]}


def test_the_document_says_it() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "#### Not applicable: what decides it, and what it is not" in text
    assert "`python:MODULE:FACTORY` with an `unsupported(profile, options)` method | that method, asked first" in text
    assert "A scenario applies to your engine **unless its result depends on an option value you do not" in text
    assert "Why this is sound." in text


def test_a_declaration_decides_without_unsupported(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    # declares heads_up_raises: capped only: the default (unlimited) scenarios are not applicable
    seen = outcomes(capsys, monkeypatch, tmp_path, "declares_capped", "betting-012 or betting-017 or high-001 or table-012")
    assert seen["betting-012"] == "not-applicable"  # a replay under the defaults
    assert seen["betting-017"] == "pass"  # a replay under heads_up_raises: capped, which it declares
    assert seen["high-001"] == "pass"  # hand cases are sent to every engine
    assert seen["table-012"] == "pass"  # settings the rule book refuses are sent whatever is declared


def test_a_profile_name_alone_never_makes_a_scenario_not_applicable(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # its unsupported() refuses the name "tda"; it plays every value of the profile, so the
    # tda scenarios are sent to it as their nine values, without the profile's name
    seen = outcomes(capsys, monkeypatch, tmp_path, "refuses_tda", "betting or act-order")
    assert set(seen.values()) == {"pass"}


def test_an_unsupported_method_is_asked_about_the_engines_own_values(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # refuses capped heads-up in unsupported(), declares unlimited_until_capped only
    seen = outcomes(capsys, monkeypatch, tmp_path, "refuses_capped",
                    "betting-017 or betting-018 or betting-012 or act-order-017 or odd-chip-005")
    assert seen["betting-017"] == "not-applicable"  # the cap under capped heads-up: it depends on it
    assert seen["act-order-017"] == "pass"  # the tda profile, played with heads-up uncapped: nothing changes
    assert seen["odd-chip-005"] == "pass"
    assert seen["betting-012"] == "pass"  # the defaults, which it plays
    assert "fail" not in seen.values()


def test_an_engine_that_declares_nothing_plays_everything(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    seen = outcomes(capsys, monkeypatch, tmp_path, "bare", "betting")
    assert set(seen.values()) == {"pass"}
