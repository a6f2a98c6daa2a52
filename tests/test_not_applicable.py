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
    assert "`python:MODULE:FACTORY` with an `unsupported(profile, options)` method | that method alone" in text


def test_a_declaration_decides_without_unsupported(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    # declares heads_up_raises: capped only: the default (unlimited) scenarios are not applicable
    seen = outcomes(capsys, monkeypatch, tmp_path, "declares_capped", "betting-012 or betting-017 or high-001 or table-012")
    assert seen["betting-012"] == "not-applicable"  # a replay under the defaults
    assert seen["betting-017"] == "pass"  # a replay under heads_up_raises: capped, which it declares
    assert seen["high-001"] == "pass"  # hand cases are sent to every engine
    assert seen["table-012"] == "pass"  # settings the rule book refuses are sent whatever is declared


def test_an_unsupported_method_decides_alone(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    seen = outcomes(capsys, monkeypatch, tmp_path, "refuses_tda", "betting or act-order")
    assert "not-applicable" in seen.values() and "pass" in seen.values()
    assert "fail" not in seen.values()


def test_an_engine_that_declares_nothing_plays_everything(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    seen = outcomes(capsys, monkeypatch, tmp_path, "bare", "betting")
    assert set(seen.values()) == {"pass"}
