"""A wrong engine's run stays readable: pytest shows the first failure of each kind (root cause,
what differs) in full, with how many more failed that way and some of their ids; the summary
counts every one (conformance/suite/collapse.py). ``-- -v`` and ``--keep-going`` show every
one. Measured on a planted mistake (a zoo mutant: the raise measured from the level, which also
offers a completion to the bring-in plus a bet) and on hand-made reports."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from stud8.conformance.suite.collapse import IDS_LISTED, kind_of, shape, split_reports
from stud8.tools.cli import main

ENGINES = Path(__file__).resolve().parent / "engines"
PLANTED = "python:house_engines:mutant_betting_raise_from_level"
SOME = "act-order or bring-in or actions"
"""Enough of the suite for the planted mistake to fail tens of scenarios the same way, cheaply."""


def _shown_in_full(out: str) -> list[str]:
    """The scenario ids whose failure pytest printed in full (each under a ``___ ID: title ___`` line)."""
    return re.findall(r"^_+ ([a-z0-9-]+): .* _+$", out, flags=re.MULTILINE)


def _more(out: str) -> list[tuple[int, list[str]]]:
    """Each ``the same way (...): N more scenarios, not shown: ID, ...`` line: N and the ids named."""
    found = []
    for count, ids in re.findall(r"^  the same way \(.*\): (\d+) more scenarios?, not shown: (.*)$", out, flags=re.MULTILINE):
        found.append((int(count), [name for name in ids.split(", ") if name != "..."]))
    return found


def _run(capsys: pytest.CaptureFixture[str], tmp_path: Path, *extra: str) -> tuple[int, str, list[dict[str, Any]]]:
    report = tmp_path / "r.json"
    code = main(["conform", "--engine", PLANTED, "--report", str(report), *extra])
    out = capsys.readouterr().out
    return code, out, json.loads(report.read_text())["scenarios"]


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_one_planted_mistake_is_said_once_per_kind(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))
    code, out, scenarios = _run(capsys, tmp_path, "--", "-k", SOME)
    assert code == 1
    failing = [entry["id"] for entry in scenarios if entry["outcome"] == "fail"]
    rules = Counter(entry["rule"] for entry in scenarios if entry["outcome"] == "fail")
    assert len(failing) > 40 and rules.most_common(1)[0][1] > 30  # one mistake, many scenarios
    shown, more = _shown_in_full(out), _more(out)
    # every failure is either shown or counted under the one shown of its kind, none twice
    assert len(shown) + sum(count for count, _ in more) == len(failing)
    assert len(shown) <= len(rules) + 2, shown  # a kind or two per rule, not one block per scenario
    named = [name for _, ids in more for name in ids]
    assert set(named) <= set(failing) - set(shown)
    assert all(len(ids) == min(count, IDS_LISTED) for count, ids in more)
    # each shown failure is the first of its rule in the order the run played them
    first_of_rule: dict[str, str] = {}
    for entry in scenarios:
        if entry["outcome"] == "fail":
            first_of_rule.setdefault(entry["rule"], entry["id"])
    assert set(first_of_rule.values()) <= set(shown)
    # pytest's counts stay whole, every failure is in the report, and the summary says what was left out, last
    assert f"{len(failing)} failed" in out
    assert f"{len(failing) - len(shown)} more of " in out
    assert f"stud8 explain {shown[0]} --engine {PLANTED}" in out
    assert out.splitlines()[-1].startswith("next: ")


@pytest.mark.pure_python  # a planted mistake in the engine (tests/conftest.py)
def test_asking_for_everything_shows_everything(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))
    _, out, scenarios = _run(capsys, tmp_path, "--", "-v", "-k", "act-order or actions-0")
    failing = [entry["id"] for entry in scenarios if entry["outcome"] == "fail"]
    assert len(failing) > 5
    assert sorted(_shown_in_full(out)) == sorted(failing)
    assert not _more(out)


def _report(outcome: str, rule: str | None = None, message: str = "", name: str = "s",
            field: str = "legal", expected: object = None, got: object = None,
            cause: dict | None = None) -> SimpleNamespace:
    failure: dict = {"rule": rule, "field": field, "expected": expected, "got": got} if rule else {}
    if cause is not None:
        failure["cause_difference"] = cause
    return SimpleNamespace(user_properties=[("stud8_id", name), ("stud8_outcome", outcome), ("stud8_failure", failure),
                                            ("stud8_message", message)], longrepr=f"{name} in full")


def test_kinds_part_by_rule_and_by_what_differs() -> None:
    legal: dict[str, Any] = {"field": "legal", "expected": ["cbr 20", "cc", "f"], "got": ["cbr 30", "cc", "f"]}
    reports = [
        _report("fail", "a.x", name="s0", **legal),
        _report("crash", message="exit 3 at request 7", name="s1"),
        _report("fail", "a.x", name="s2", field="legal", expected=["cbr 10", "cc", "f", "f"], got=["cbr 14", "cc", "f"]),
        # a refused action whose first parting is the same legal list: the same kind
        _report("fail", "a.x", name="s3", field="action", expected="accepted", got="refused",
                cause={"path": "legal", "expected": ["cbr 4", "cc", "f"], "got": ["cbr 6", "cc", "f"]}),
        _report("crash", message="exit 3 at request 9", name="s4"),
        _report("fail", "a.x", name="s5", field="legal", expected=["cbr 20", "cc", "f"], got=["cc", "f"]),  # another shape
        _report("fail", "b.y", name="s6", **legal),  # another rule
        _report("invalid", name="s7"), _report("fail", name="s8"), _report("fail", name="s9"),
        _report("crash", message="exit 3 at request 11", name="s10"),
        _report("changed", "a.x", name="s11", **legal),
    ]
    shown, kinds = split_reports(reports)
    # engine faults are left to faults.py (each repeat one line there): all shown here
    assert [report.user_properties[0][1] for report in shown] == ["s0", "s1", "s4", "s5", "s6", "s7", "s8", "s9", "s10"]
    assert [kind.ids for kind in kinds] == [["s0", "s2", "s3", "s11"], ["s5"], ["s6"]]
    assert kind_of(_report("pass").user_properties) is None
    assert "3 more scenarios, not shown: s2, s3, s11" in kinds[0].more_line()


def test_shape_blanks_numbers_and_folds_repeats() -> None:
    assert shape({"p1": 480, "p2": 520, "p3": 500}) == "{p#: #}"
    assert shape(["cbr 20", "cc", "f"]) == shape(["cbr 30", "cc", "f"]) == "[cbr #, cc, f]"
    assert shape(None) == "none" and shape(True) == "true"
    assert shape(["x" * 100]).endswith("...") and len(shape(["x" * 100])) == 60
