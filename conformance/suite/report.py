"""The conformance report: one record per scenario, totals, and the summary by rule area.

Outcomes, each distinct on purpose: ``pass``; ``fail`` (the engine's behaviour differs from
the scenario); ``not-applicable`` (the engine does not play an option the scenario needs: not
a failure, not a skip for convenience); ``error`` (the engine reported an internal error or
broke the protocol); ``crash`` (the engine died); ``timeout`` (it did not answer in time);
``invalid`` (the scenario file itself does not validate); and, with a baseline,
``known-failure`` (listed in the baseline and still failing) and ``fixed`` (listed in the
baseline but now passing: the run fails so that the baseline only ever shrinks).

The summary table counts each scenario once, under the area of its first rule, so its rows add
up to the totals. The JSON form is described by ``spec/schema/report.schema.json``; a failed
comparison keeps ``step``, ``field``, ``expected`` and ``got`` as separate fields beside the
one-line ``message``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import MAX_NESTING, nesting_depth, quoted, shorten
from stud8.spec.outputs import write_text_atomic
from stud8.spec.rulebook import load_schema, schema_problems
from stud8.spec.version import stud8_version
from stud8.spec.yamlio import FileRefused, read_text_file

OUTCOMES: tuple[str, ...] = (
    "pass", "fail", "not-applicable", "error", "crash", "timeout", "invalid", "known-failure", "fixed",
)
FAILING: frozenset[str] = frozenset({"fail", "error", "crash", "timeout", "invalid", "fixed"})
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
        if self.differences:
            data["differences"] = list(self.differences)
        return data


@dataclass
class Report:
    """Every record of a run, and who the engine said it was."""

    engine: dict[str, Any] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        counts = {outcome: 0 for outcome in OUTCOMES}
        for record in self.records:
            counts[record.outcome] += 1
        counts["scenarios"] = len(self.records)
        return counts

    def as_json(self) -> dict[str, Any]:
        return {
            "format": REPORT_FORMAT,
            "suite": {"stud8": stud8_version()},
            "engine": self.engine,
            "scenarios": [record.as_json() for record in self.records],
            "totals": self.totals(),
        }

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


MESSAGE_PART = 120
"""At most this many characters of the expected and of the got value in a message."""


def shorten_value(value: Any, limit: int = MESSAGE_PART) -> str:
    """``repr`` of a value cut in the middle, so that both of its ends stay readable."""
    text = repr(value)
    if len(text) <= limit:
        return text
    keep = (limit - 5) // 2
    return f"{text[:keep]} ... {text[-keep:]}"


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


def load_baseline(path: Path) -> set[str]:
    """Scenario ids known to fail: a text file (one id a line, ``#`` comments) or a JSON report
    (every scenario whose outcome was failing or known-failure).

    A JSON report must match ``report.schema.json``; in a text file every line must be a
    scenario id (the schema's pattern) or a comment, so that a YAML file or any other text
    given by mistake is refused rather than read as a list of nothing. The file must be a
    regular file of at most ``MAX_FILE_BYTES`` (a FIFO would be read forever).
    """
    try:
        text = read_text_file(path)
    except FileRefused as refused:
        raise Stud8Error(f"--baseline {path}: {refused.message}", "usage") from None
    if text.lstrip().startswith("{"):
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise Stud8Error(f"--baseline {path}: not a stud8 report: not JSON ({shorten(str(error))})", "usage") from None
        if nesting_depth(document) > MAX_NESTING:
            raise Stud8Error(f"--baseline {path}: not a stud8 report: nesting deeper than {MAX_NESTING}", "usage")
        problems = schema_problems(document, "report.schema.json", str(path))
        if problems:
            raise Stud8Error(f"--baseline {path}: not a stud8 report (spec/schema/report.schema.json): "
                             f"{problems[0].message}", "usage")
        return {entry["id"] for entry in document["scenarios"]
                if entry["outcome"] in FAILING or entry["outcome"] == "known-failure"}
    return set(_ids(path, text.splitlines()))


def _ids(path: Path, lines: Iterable[str]) -> Iterable[str]:
    pattern = re.compile(load_schema("scenario.schema.json")["$defs"]["id"]["pattern"])
    for number, line in enumerate(lines, start=1):
        word = line.split("#", 1)[0].strip()
        if not word:
            continue
        if not pattern.match(word):
            raise Stud8Error(f"--baseline {path}:{number}: not a scenario id: {quoted(word)} "
                             "(a baseline is a JSON report, or one scenario id a line with # comments)", "usage")
        yield word
