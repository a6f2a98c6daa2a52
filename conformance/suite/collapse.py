"""Repeated failures said once: one failure of each kind in full, the rest counted and named.

An engine with one mistake fails hundreds of scenarios the same way, and pytest prints every
failure in full: a toy engine's first run was 4,940 lines, three hundred of them the same act
order mistake, with the summary that groups them by rule after all of that. One mistake needs
one example, not three hundred: ``stud8 explain ID`` shows any of the others step by step.

So pytest's FAILURES section (and its short summary) shows each *kind* of failure once, the
first to run, and under it how many more failed the same way and a few of their ids. A kind is:

* for a scenario failure, its root cause (the rule of its first parting, ``suite.rootcause``)
  and what differs there: the field (at the first parting where it is known, so that a wrong
  legal list and the action refused because of it later are one kind; else the field the
  failure compared) and the *shape* of the reference engine's value and the engine's
  (``shape``: numbers blanked, repeats folded), so that "the completion offered at 30, not 20"
  in a three-handed and a five-handed deal is one kind, and a wrong amount and a missing move
  under the same rule are two.
* for a scenario failure that passes on a fresh engine (``freshcheck.py``), the state the engine
  carries between hands: one kind, whatever field it touched.
Engine faults are not collapsed here: ``faults.py`` already says each kind in full once and
every repeat in one line naming the first, and counts them in the summary.

The others are left out of that section only. They are still failures: pytest's counts, the
exit code, JUnit XML, the report and the summary by root cause (which counts every one) are
whole, and the summary says how many were not shown and how to see them. Everything is shown
when asked for: pytest's ``-v``, ``-ra``/``-rA``, or ``--stud8-keep-going`` (``stud8 conform
--keep-going``: every difference of every scenario).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from stud8.conformance.suite.freshcheck import PASSES, STATE_CAUSE, FreshCheck

IDS_LISTED = 5
"""Scenario ids of a kind's other failures named under its first one."""

SHAPE_WIDTH = 60
"""At most this many characters of a value's shape in a kind."""

_NUMBER = re.compile(r"\d+")


@dataclass
class FailureKind:
    """Failures of one kind: the first shown in full, the others named by id."""

    cause: str
    what: str
    ids: list[str] = field(default_factory=list)

    @property
    def hidden(self) -> int:
        return len(self.ids) - 1

    def more_line(self) -> str:
        """What the first failure of a kind says of the others."""
        listed = ", ".join(self.ids[1:1 + IDS_LISTED]) + (", ..." if self.hidden > IDS_LISTED else "")
        return (f"  the same way ({self.cause}; {self.what}): {self.hidden} more scenario"
                f"{'s' if self.hidden > 1 else ''}, not shown: {listed}")


KINDS_KEY = pytest.StashKey[list[FailureKind]]()
"""The kinds of the run's failures, for the summary."""


def shape(value: Any, width: int = SHAPE_WIDTH) -> str:
    """A value with what differs from one scenario to the next taken out: numbers blanked, and
    in a list or a mapping each distinct shape once (three seats or five, the same shape)."""
    text = _shape(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _shape(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return "#"
    if isinstance(value, Mapping):
        return "{" + ", ".join(dict.fromkeys(f"{_NUMBER.sub('#', str(k))}: {_shape(v)}" for k, v in value.items())) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(dict.fromkeys(_shape(item) for item in value)) + "]"
    return _NUMBER.sub("#", str(value))


def kind_of(properties: Iterable[tuple[str, Any]]) -> tuple[str, str] | None:
    """A failed scenario's kind (see the module docstring), or None for what is never collapsed
    here (an engine fault, an invalid file, a failure without a rule)."""
    found = dict(properties)
    outcome = found.get("stud8_outcome")
    failure = found.get("stud8_failure")
    fresh = FreshCheck.from_json(found.get("stud8_fresh"))
    if outcome in ("fail", "changed") and fresh is not None and fresh.result == PASSES:
        # passes on a fresh engine: one mistake (state kept between hands), whatever it touched
        return STATE_CAUSE.strip("()"), "passes on a fresh engine"
    if outcome in ("fail", "changed") and isinstance(failure, dict) and failure.get("rule"):
        # what differs where the engine first parted from the reference engine, if that is
        # known (a refused action and a wrong legal list before it are one mistake), else the
        # field the failure compared
        cause = failure.get("cause_difference")
        name, expected, got = ((cause.get("path"), cause.get("expected"), cause.get("got")) if isinstance(cause, dict)
                               else (failure.get("field"), failure.get("expected"), failure.get("got")))
        what = f"{_NUMBER.sub('#', str(name or ''))}: expected {shape(expected)}, got {shape(got)}"
        return f"rule {failure['rule']}", what
    return None


def wants_everything(config: pytest.Config) -> bool:
    """Whether the run asked to see every failure in full (see the module docstring)."""
    chars = str(getattr(config.option, "reportchars", "") or "")
    return (config.get_verbosity() >= 1 or "a" in chars.lower()
            or bool(config.getoption("stud8_keep_going", default=False)))


def split_reports(reports: Iterable[Any]) -> tuple[list[Any], list[FailureKind]]:
    """The reports to show in full (the first of each kind, and every one without a kind), and
    the kinds, in the order their first failure ran."""
    kinds: dict[tuple[str, str], FailureKind] = {}
    shown: list[Any] = []
    for report in reports:
        key = kind_of(getattr(report, "user_properties", ()))
        if key is None:
            shown.append(report)
            continue
        kind = kinds.get(key)
        if kind is None:
            kind = kinds[key] = FailureKind(*key)
            shown.append(report)
        kind.ids.append(_scenario_id(report))
    return shown, list(kinds.values())


def _scenario_id(report: Any) -> str:
    found = dict(getattr(report, "user_properties", ()))
    return str(found.get("stud8_id") or getattr(report, "nodeid", "?"))


class CollapseFailures:
    """Around pytest's terminal summary (``tryfirst``: outside pytest's own wrapper, which
    prints the FAILURES section before it yields and the short summary after): the failures
    left out are taken out of the reporter's list for that time, and each kind's first one
    carries the line naming the others; both are put back after, so that every count printed
    later, and every report written, is whole."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter: Any) -> Generator[None, None, None]:
        failed = terminalreporter.stats.get("failed")
        if not failed or wants_everything(self.config):
            return (yield)
        shown, kinds = split_reports(failed)
        self.config.stash[KINDS_KEY] = kinds
        first = {kind.ids[0]: kind for kind in kinds if kind.hidden}
        saved: list[tuple[Any, Any]] = []
        for report in shown:
            kind = first.get(_scenario_id(report))
            if kind is not None and isinstance(report.longrepr, str):
                saved.append((report, report.longrepr))
                report.longrepr = f"{report.longrepr}\n{kind.more_line()}"
        terminalreporter.stats["failed"] = shown
        try:
            return (yield)
        finally:
            terminalreporter.stats["failed"] = failed
            for report, longrepr in saved:
                report.longrepr = longrepr


def hidden_line(config: pytest.Config) -> str | None:
    """What the summary says of the failures not shown in full, or None when all were."""
    kinds = [kind for kind in config.stash.get(KINDS_KEY, []) if kind.hidden]
    total = sum(kind.hidden for kind in kinds)
    if not total:
        return None
    return (f"failures shown in full above: the first of each kind (root cause, field, what differs); {total} more "
            f"of {len(kinds)} kind{'s' if len(kinds) > 1 else ''} are only named there "
            f"(-- -v shows every one; stud8 explain ID shows one step by step; the report keeps them all)")
