"""Several conformance reports read, checked and lined up: the data behind ``stud8 report``.

Each report (``spec/schema/report.schema.json``) is one engine's run. Scenarios are matched by id
across reports; a scenario a report does not have is *absent* for that engine (another suite
version, a selection), never a failure. Outcomes are shown in five kinds: ``pass`` (pass, and a
baseline entry that now passes), ``fail`` (fail, changed, and a known failure: the engine does
fail it, baseline or not), ``error`` (error, crash, timeout), ``invalid`` (a scenario file that did
not validate) and ``n/a`` (not applicable: the engine does not play an option it needs).

Scenarios are grouped by the area of their first rule, in the rule book's order, as the summary
of ``stud8 conform`` groups them, so an area's counts add up to the engine's totals.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import MAX_NESTING, nesting_depth, shorten
from stud8.spec.rulebook import default_rulebook, schema_problems
from stud8.spec.yamlio import FileRefused, read_text_file

KINDS: dict[str, str] = {
    "pass": "pass", "fixed": "pass",
    "fail": "fail", "changed": "fail", "known-failure": "fail",
    "error": "error", "crash": "error", "timeout": "error",
    "invalid": "invalid",
    "not-applicable": "n/a",
}
"""Each report outcome as one of the five kinds the page shows."""

KIND_ORDER: tuple[str, ...] = ("pass", "fail", "error", "invalid", "n/a")


@dataclass
class EngineRun:
    """One report: who ran, and what happened to each scenario."""

    key: str
    name: str
    version: str
    spec: str
    source: str
    suite: str
    records: dict[str, dict[str, Any]]
    root_causes: list[tuple[str, list[str]]]

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}".strip()

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(KIND_ORDER, 0)
        for record in self.records.values():
            counts[KINDS[record["outcome"]]] += 1
        return counts

    @property
    def applicable(self) -> int:
        return len(self.records) - self.counts()["n/a"]

    def explain_command(self, scenario_id: str) -> str:
        import shlex

        engine = "" if self.spec == "reference" else f" --engine {shlex.quote(self.spec)}"
        return f"stud8 explain {scenario_id}{engine}"


def _refused(path: Path, why: str) -> Stud8Error:
    return Stud8Error(f"{path}: {why}", "usage")


def load_run(path: Path, taken: set[str]) -> EngineRun:
    """Read one report; a file that is not one is a usage error naming it."""
    try:
        text = read_text_file(path)
    except FileRefused as refused:
        raise _refused(path, refused.message) from None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise _refused(path, f"not a stud8 report: not JSON ({shorten(str(error))})") from None
    if nesting_depth(document) > MAX_NESTING:
        raise _refused(path, f"not a stud8 report: nesting deeper than {MAX_NESTING}")
    problems = schema_problems(document, "report.schema.json", str(path))
    if problems:
        raise _refused(path, f"not a stud8 report (spec/schema/report.schema.json): {problems[0].message}")
    engine = document.get("engine") or {}
    name = str(engine.get("name") or engine.get("spec") or path.stem)
    spec = str(engine.get("spec") or name)
    key = base = re.sub(r"[^a-z0-9]+", "-", spec.lower()).strip("-")[:60] or "engine"
    number = 2
    while key in taken:
        key = f"{base}-{number}"
        number += 1
    taken.add(key)
    records = {record["id"]: record for record in document["scenarios"]}
    if "root_causes" in document:
        causes = [(group["rule"], list(group["scenarios"])) for group in document["root_causes"]]
    else:
        causes = _causes(records)
    return EngineRun(key=key, name=name, version=str(engine.get("version") or ""), spec=spec, source=path.name,
                     suite=str(document["suite"]["stud8"]), records=records, root_causes=causes)


def _causes(records: dict[str, dict[str, Any]]) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = {}
    for record in records.values():
        if KINDS[record["outcome"]] == "fail" and "field" in record:
            groups.setdefault(record.get("rule") or "(rule unknown)", []).append(record["id"])
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


@dataclass
class ScenarioRow:
    """One scenario across the engines."""

    id: str
    title: str
    file: str
    line: int
    rules: list[str]
    area: str
    outcomes: dict[str, str] = field(default_factory=dict)  # engine key -> kind ("" when absent)

    @property
    def differs(self) -> bool:
        present = [kind for kind in self.outcomes.values() if kind]
        return len(set(present)) > 1

    @property
    def failing(self) -> bool:
        return any(kind in ("fail", "error", "invalid") for kind in self.outcomes.values())


@dataclass
class Comparison:
    """The reports lined up."""

    runs: list[EngineRun]
    areas: list[tuple[str, str, list[ScenarioRow]]]  # (area id, title, scenarios)
    causes: list[tuple[str, dict[str, int]]]  # rule -> engine key -> failures

    def area_counts(self, rows: Sequence[ScenarioRow], key: str) -> dict[str, int]:
        counts = dict.fromkeys(KIND_ORDER, 0)
        for row in rows:
            kind = row.outcomes.get(key, "")
            if kind:
                counts[kind] += 1
        return counts


def compare(runs: list[EngineRun]) -> Comparison:
    """Line the runs up by scenario and by rule area."""
    book = default_rulebook()
    sections = [(section["id"], section["title"]) for section in book.data.get("sections", [])]
    rows: dict[str, ScenarioRow] = {}
    for run in runs:
        for scenario_id, record in run.records.items():
            row = rows.get(scenario_id)
            if row is None:
                rules = list(record.get("rules") or [])
                row = rows[scenario_id] = ScenarioRow(scenario_id, record.get("title", ""), record.get("file", ""),
                                                      int(record.get("line", 0)), rules,
                                                      rules[0].split(".")[0] if rules else "(none)")
            row.outcomes[run.key] = KINDS[record["outcome"]]
    for row in rows.values():
        for run in runs:
            row.outcomes.setdefault(run.key, "")
    known = [area for area, _ in sections]
    titles = dict(sections)
    extra = sorted({row.area for row in rows.values()} - set(known))
    areas = []
    for area in known + extra:
        members = sorted((row for row in rows.values() if row.area == area), key=lambda row: (row.file, row.line, row.id))
        if members:
            areas.append((area, titles.get(area, area), members))
    rules = sorted({rule for run in runs for rule, _ in run.root_causes})
    causes = [(rule, {run.key: len(dict(run.root_causes).get(rule, [])) for run in runs}) for rule in rules]
    causes.sort(key=lambda item: (-sum(item[1].values()), item[0]))
    return Comparison(runs, areas, causes)


def load_comparison(paths: Sequence[Path]) -> Comparison:
    taken: set[str] = set()
    runs = [load_run(Path(path), taken) for path in paths]
    names = [run.name for run in runs]
    for run in runs:  # two engines that give the same name (a wrapper of another) are told by their spec
        if names.count(run.name) > 1 and run.spec != run.name:
            run.name = run.spec
    return compare(runs)
