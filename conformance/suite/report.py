"""The conformance report: one record per scenario, totals, and the summary by rule area.

Outcomes, each distinct on purpose: ``pass``; ``fail`` (the engine's behaviour differs from
the scenario); ``not-applicable`` (the engine does not play an option the scenario needs: not
a failure, not a skip for convenience); ``error`` (the engine reported an internal error or
broke the protocol); ``crash`` (the engine died); ``timeout`` (it did not answer in time);
``invalid`` (the scenario file itself does not validate); and, with a baseline
(``conformance/suite/baseline.py``), ``known-failure`` (listed in the baseline and still failing
as it says), ``fixed`` (listed in the baseline but now passing: the run fails so that the
baseline only ever shrinks) and ``changed`` (listed, but failing another way: the run fails).

Two summaries. The table by rule area counts each scenario once, under the area of its first
rule, so its rows add up to the totals. The summary **by root cause** groups the failures by
the rule of their first difference (``conformance/suite/checks.py``), with counts and one example
each: one engine bug is one line there, however many scenarios it breaks. The JSON form is
described by ``spec/schema/report.schema.json``; a failed comparison keeps ``step``, ``at``,
``field``, ``expected``, ``got``, ``rule`` and the ``details`` (each differing element with its
path) as separate fields beside the one-line ``message``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.conformance.suite.baseline import Baseline
from stud8.conformance.suite.baseline import load_baseline as read_baseline
from stud8.conformance.suite.differences import ABSENT, show
from stud8.conformance.suite.freshcheck import NOT_RECHECKED, PASSES, RECHECKS, STATE_CAUSE, FreshCheck
from stud8.spec.limits import shell_command
from stud8.spec.outputs import write_text_atomic
from stud8.spec.version import stud8_version

OUTCOMES: tuple[str, ...] = (
    "pass", "fail", "not-applicable", "error", "crash", "timeout", "invalid", "known-failure", "fixed", "changed",
)

KINDS: dict[str, str] = {
    "pass": "pass", "fixed": "pass",
    "fail": "fail", "changed": "fail", "known-failure": "fail",
    "error": "error", "crash": "error", "timeout": "error",
    "invalid": "invalid",
    "not-applicable": "n/a",
}
"""The one way outcomes are counted for people, in ``stud8 conform``'s last line, ``stud8 report``,
the comparison page and the badges: how the engine did on each scenario, whatever a baseline
says (a known failure still fails; a baseline entry that now passes passes). Engine errors,
crashes and timeouts are one kind, apart from failures: the engine could not be judged there."""

KIND_ORDER: tuple[str, ...] = ("pass", "fail", "error", "invalid", "n/a")
KIND_LABELS: dict[str, str] = {"pass": "pass", "fail": "fail", "error": "engine errors", "invalid": "invalid",
                               "n/a": "not applicable"}


def kind_counts(outcomes: Iterable[str]) -> dict[str, int]:
    """How many scenarios of each kind (``KINDS``), in ``KIND_ORDER``."""
    counts = dict.fromkeys(KIND_ORDER, 0)
    for outcome in outcomes:
        counts[KINDS[outcome]] += 1
    return counts


def counts_line(counts: dict[str, int], total: int | None = None) -> str:
    """``640 pass · 3 fail · 0 engine errors · 0 invalid · 135 not applicable`` (the kinds, in
    order; ``of N`` when ``total`` is given)."""
    text = " · ".join(f"{counts[kind]} {KIND_LABELS[kind]}" for kind in KIND_ORDER)
    return text + (f" (of {total} scenarios)" if total is not None else "")
FAILING: frozenset[str] = frozenset({"fail", "error", "crash", "timeout", "invalid", "fixed", "changed"})
COMPARISONS: frozenset[str] = frozenset({"fail", "changed", "known-failure"})
"""Outcomes that can be failed comparisons, grouped by root cause."""
REPORT_FORMAT = 1


@dataclass(frozen=True)
class Record:
    """What happened to one scenario."""

    id: str
    title: str
    file: str
    line: int
    rules: tuple[str, ...]
    outcome: str
    message: str = ""
    # A failed comparison, kept whole and apart from the message (which is shortened):
    # where it happened, what was compared, the scenario's value and the engine's.
    step: str | None = None
    field: str | None = None
    expected: Any = None
    got: Any = None
    # With --keep-going: every difference found, the first one included (dicts of the four above).
    differences: tuple[dict[str, Any], ...] = ()
    # The step as a stable key (actions[7]), the rule of the first difference, each differing
    # element with its path, and where the reference engine shows the cause if elsewhere.
    at: str | None = None
    rule: str | None = None
    details: tuple[dict[str, Any], ...] = ()
    cause: str | None = None
    # The option values the engine was sent in place of the scenario's (applicability.py).
    engine_options: dict[str, Any] | None = None
    # For a scenario the engine failed or faulted on: the hand (stakes, stacks, deal, actions),
    # so that a report and its page show it without the suite or the engine.
    hand: dict[str, Any] | None = None
    # For a failure: what replaying it on a fresh engine found (freshcheck.py), if it was replayed.
    fresh: FreshCheck | None = None

    @property
    def area(self) -> str:
        """The rule area of the scenario's first rule (``bring-in`` for ``bring-in.suit-order``):
        each scenario counts in exactly one row of the summary, so the rows add up."""
        return self.rules[0].split(".")[0] if self.rules else "(none)"

    def as_json(self) -> dict[str, Any]:
        data = {"id": self.id, "title": self.title, "file": self.file, "line": self.line, "rules": list(self.rules),
                "outcome": self.outcome, "message": self.message}
        if self.field is not None:
            data.update(step=self.step, field=self.field, expected=self.expected, got=self.got)
            if self.at is not None:
                data["at"] = self.at
            if self.rule is not None:
                data["rule"] = self.rule
            if self.details:
                data["details"] = list(self.details)
            if self.cause:
                data["cause"] = self.cause
        if self.differences:
            data["differences"] = list(self.differences)
        if self.engine_options:
            data["engine_options"] = dict(self.engine_options)
        if self.hand:
            data["hand"] = dict(self.hand)
        if self.fresh is not None:
            data["fresh_engine"] = self.fresh.as_json()
        return data

    @property
    def carries_state(self) -> bool:
        """A failure that passes on a fresh engine: its cause is the hands played before it."""
        return self.fresh is not None and self.fresh.result == PASSES


@dataclass
class RunState:
    """Whether the run played every scenario it selected: ``collected`` scenarios were selected,
    ``stopped`` says why the run ended early (None when it did not); ``label`` names the run."""

    label: str | None = None
    collected: int | None = None
    stopped: str | None = None
    order: str | None = None  # the order scenarios ran in when not the files' (order.py): random:SEED replays it

    def as_json(self, played: int) -> dict[str, Any]:
        data: dict[str, Any] = {"complete": self.stopped is None, "scenarios_run": played}
        if self.collected is not None:
            data["scenarios_selected"] = self.collected
        if self.stopped is not None:
            data["stopped"] = self.stopped
        if self.label:
            data["label"] = self.label
        if self.order:
            data["order"] = self.order
        return data


def stopped_text(played: int, selected: int | None) -> str:
    """``stopped after 3 of 778 scenarios`` (badge, page, text: one wording)."""
    return f"stopped after {played}" + (f" of {selected}" if selected else "") + " scenarios"


@dataclass
class Report:
    """Every record of a run, who the engine said it was, and whether the run was whole."""

    engine: dict[str, Any] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)
    run: RunState = field(default_factory=RunState)

    def totals(self) -> dict[str, int]:
        counts = {outcome: 0 for outcome in OUTCOMES}
        for record in self.records:
            counts[record.outcome] += 1
        counts["scenarios"] = len(self.records)
        return counts

    def kinds(self) -> dict[str, int]:
        return kind_counts(record.outcome for record in self.records)

    def as_json(self) -> dict[str, Any]:
        return {
            "format": REPORT_FORMAT,
            "suite": {"stud8": stud8_version()},
            "engine": self.engine,
            "run": self.run.as_json(len(self.records)),
            "scenarios": [record.as_json() for record in self.records],
            "totals": self.totals(),
            "root_causes": [{"rule": rule, "scenarios": [r.id for r in group], "example": group[0].message}
                            for rule, group in self.root_causes().items()],
        }

    def root_causes(self) -> dict[str, list[Record]]:
        """Rule of the first difference -> the failed comparisons (fail, changed, known-failure)
        it explains, largest group first (then by rule id). A failure that passes on a fresh
        engine counts under ``STATE_CAUSE`` instead: whatever rule its difference touched, the
        mistake to fix is the state the engine keeps between hands."""
        groups: dict[str, list[Record]] = {}
        for record in self.records:
            if record.outcome in COMPARISONS and record.field is not None:
                cause = STATE_CAUSE if record.carries_state else record.rule or "(rule unknown)"
                groups.setdefault(cause, []).append(record)
        return dict(sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])))

    def by_area(self) -> dict[str, dict[str, int]]:
        """Area -> outcome counts; a scenario counts once, in the area of its first rule."""
        table: dict[str, dict[str, int]] = {}
        for record in self.records:
            row = table.setdefault(record.area, {outcome: 0 for outcome in OUTCOMES})
            row[record.outcome] += 1
        return dict(sorted(table.items()))


SUMMARY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("pass", "pass"), ("fail", "fail"), ("not-applicable", "n/a"), ("error", "error"),
    ("crash", "crash"), ("timeout", "timeout"), ("invalid", "invalid"), ("known-failure", "known"), ("fixed", "fixed"),
    ("changed", "changed"),
)


def summary_lines(report: Report) -> list[str]:
    """The terminal table: one row per rule area, then the totals."""
    used = [(key, label) for key, label in SUMMARY_COLUMNS if any(r.outcome == key for r in report.records)]
    if not used:
        return []
    rows = [(area, [counts[key] for key, _ in used]) for area, counts in report.by_area().items()]
    totals = report.totals()
    rows.append(("all scenarios", [totals[key] for key, _ in used]))
    width = max([len(name) for name, _ in rows] + [len("area of first rule")])
    header = f"{'area of first rule':<{width}}  " + "  ".join(f"{label:>7}" for _, label in used)
    lines = [header, "-" * len(header)]
    for index, (name, values) in enumerate(rows):
        if index == len(rows) - 1:
            lines.append("-" * len(header))
        lines.append(f"{name:<{width}}  " + "  ".join(f"{value:>7}" for value in values))
    return lines


ROOT_CAUSE_WIDTH = 100
"""The example on a root-cause line is cut to this many characters."""

FAULTS: tuple[tuple[str, str], ...] = (
    ("error", "(engine error)"), ("crash", "(engine crash)"), ("timeout", "(engine timeout)"),
    ("invalid", "(invalid scenario file)"), ("fixed", "(baseline entry now passes)"),
)


def root_cause_lines(report: Report, *, known: bool = False) -> list[str]:
    """The failures by root cause: one line per rule of a first difference (count, one example),
    then one per kind of engine fault. Known failures are left out unless ``known``."""
    rows: list[tuple[str, int, str]] = []
    for rule, group in report.root_causes().items():
        shown = [record for record in group if known or record.outcome != "known-failure"]
        if shown:
            rows.append((rule, len(shown), _example(shown[0])))
    for outcome, label in FAULTS:
        group = [record for record in report.records if record.outcome == outcome]
        if group:
            rows.append((label, len(group), _example(group[0])))
    if not rows:
        return []
    width = max([len(rule) for rule, _, _ in rows] + [len("rule of the first difference")])
    lines = [f"{'rule of the first difference':<{width}}  {'failing':>7}  example", "-" * (width + 18)]
    for rule, count, example in rows:
        lines.append(f"{rule:<{width}}  {count:>7}  {example}")
    return lines


def fresh_check_line(report: Report) -> str | None:
    """The one line about the fresh-engine recheck (freshcheck.py) after the root causes: that the
    engine carries state between hands, when some failure passed on a fresh engine, and how many
    failures past the recheck cap were not replayed (they may be the same leak under a rule's
    name); None when there is nothing to say."""
    unchecked = sum(1 for record in report.records if record.fresh is not None and record.fresh.result == NOT_RECHECKED)
    leaked = sum(1 for record in report.records if record.carries_state)
    not_replayed = (f"{unchecked} later failure{'s were' if unchecked > 1 else ' was'} not rechecked on a fresh engine "
                    f"(at most {RECHECKS} recheck{'s' if RECHECKS != 1 else ''} per engine process)")
    if leaked:
        passed = f"{leaked} failure{'s' if leaked > 1 else ''} passed on a fresh engine"
        if not unchecked:
            return f"this engine carries state between hands: {passed}; fix that first"
        return (f"this engine carries state between hands: {passed}, and {not_replayed} may have the same cause "
                "whatever rule they are listed under; fix that first")
    if not unchecked:
        return None
    return f"{not_replayed}: a rule mistake and state carried between hands are not told apart there"


def _example(record: Record) -> str:
    """``id at: path: expected X, got Y``, cut to ``ROOT_CAUSE_WIDTH``; for a failure that
    passes on a fresh engine, the scenario played before it."""
    if record.carries_state and record.fresh is not None:
        text = f"{record.id} passes on a fresh engine (on this engine it followed {record.fresh.previous})"
        return text if len(text) <= ROOT_CAUSE_WIDTH else text[:ROOT_CAUSE_WIDTH - 3] + "..."
    if record.details:
        first = record.details[0]
        what = f"{record.at or ''} {first['path']}: expected {_show(first, 'expected')}, got {_show(first, 'got')}"
    else:
        what = record.message
    text = f"{record.id} {what.strip()}"
    return text if len(text) <= ROOT_CAUSE_WIDTH else text[:ROOT_CAUSE_WIDTH - 3] + "..."


def _show(detail: dict[str, Any], side: str) -> str:
    return show(detail[side]) if side in detail else ABSENT


MESSAGE_PART = 120
"""At most this many characters of the expected and of the got value in a message."""


def shorten_value(value: Any, limit: int = MESSAGE_PART) -> str:
    """``repr`` of a value cut in the middle, so that both of its ends stay readable."""
    text = repr(value)
    if len(text) <= limit:
        return text
    keep = (limit - 5) // 2
    return f"{text[:keep]} ... {text[-keep:]}"


def explain_command(scenario_id: str, spec: str) -> str:
    """``stud8 explain ID [--engine SPEC]`` from shell-quoted parts of printable values: pasted
    into a shell it runs that command and nothing else, whatever the id or spec holds."""
    parts = ["stud8", "explain", scenario_id]
    if spec != "reference":
        parts += ["--engine", spec]
    return shell_command(parts)


def failure_message(step: str, field: str, expected: Any, got: Any) -> str:
    """A one-line message in which the expected and the got value are shortened alike."""
    return f"{step}: {field}: expected {shorten_value(expected)}, got {shorten_value(got)}"


def jsonable(value: Any) -> Any:
    """A value as JSON can hold it (tuples become lists, anything odd its ``str``)."""
    return json.loads(json.dumps(value, default=str))


def write_report(report: Report, path: Path) -> None:
    """Write the JSON report atomically: a complete file or none at all, only ever over a
    regular file, with the umask's permissions (``stud8.spec.outputs``)."""
    text = json.dumps(report.as_json(), indent=2) + "\n"
    write_text_atomic(path, text, "--report")


def load_baseline(path: Path) -> Baseline:
    """The known failures of a baseline file (``conformance/suite/baseline.py``)."""
    return read_baseline(path)
