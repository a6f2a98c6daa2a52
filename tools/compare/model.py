"""Several conformance reports read, checked and lined up: the data behind ``stud8 report``.

Each report (``spec/schema/report.schema.json``) is one engine's run. Scenarios are matched by id
across reports; a scenario a report does not have is *absent* for that engine (another suite
version, a selection), never a failure. Outcomes are counted in the five kinds every stud8
output uses (``conformance/suite/report.py``, ``KINDS``): pass, fail, error (engine error, crash,
timeout), invalid and n/a.

Scenarios are grouped by the area of their first rule, in the rule book's order, as the summary
of ``stud8 conform`` groups them, so an area's counts add up to the engine's totals.

**Many reports.** ``stud8 report`` is given one report per engine, or a thousand (every nightly
run of a fleet). The work is linear in the reports and the memory bounded by what is distinct:

* each report is read and checked, then dropped; a run keeps one byte per scenario (its kind)
  and only its failing records, and a failing record equal to one already kept (the same
  scenario failing the same way in another report) is kept once;
* the schema check of a report checks its envelope, then each scenario record once per distinct
  record: the thousand reports of one suite share most of their records (every pass of a
  scenario is the same record), so most are checked once in all;
* each scenario's title, file, rules and hand are kept once, not per report.

**Names.** A run is named by its ``--label`` when it was given one, else by the engine's own
name and version from its ``hello``; two runs of the same name are told apart by their spec, or
their report's file name. Each run's ``key`` (its anchors, its badge's file name) is a slug of
that name: letters, digits and dashes only, never a path.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from stud8.conformance.suite.report import KIND_ORDER, KINDS, explain_command, stopped_text
from stud8.spec.errors import Stud8Error
from stud8.spec.limits import JsonRefused, decode_json, printable, shorten, shown_path
from stud8.spec.rulebook import default_rulebook, load_schema, schema_problems
from stud8.spec.yamlio import FileRefused, read_text_file

__all__ = ["KINDS", "KIND_ORDER", "Comparison", "EngineRun", "ScenarioRow", "compare", "load_comparison", "load_run"]

KIND_CODES: dict[str, int] = {kind: index + 1 for index, kind in enumerate(KIND_ORDER)}
"""One byte per scenario and run: 0 absent, then each kind of ``KIND_ORDER``."""
CODE_KINDS: dict[int, str] = {0: "", **{code: kind for kind, code in KIND_CODES.items()}}

KEY_CHARS = 60
"""The longest key (an anchor and a badge file name)."""


def slug(text: str) -> str:
    """Letters, digits and dashes: a name safe as a file name and an anchor."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:KEY_CHARS].strip("-") or "engine"


@dataclass
class ScenarioRow:
    """One scenario, as the reports describe it (the first report that has it)."""

    id: str
    index: int
    title: str
    file: str
    line: int
    rules: list[str]
    area: str
    hand: dict[str, Any] | None = None


@dataclass
class EngineRun:
    """One report: who ran, how far the run went, and what happened to each scenario."""

    key: str
    name: str
    version: str
    spec: str
    source: str
    suite: str
    label: str
    kinds: bytearray
    failures: dict[str, dict[str, Any]]
    root_causes: list[tuple[str, list[str]]]
    stopped: str | None = None
    played: int = 0
    selected: int | None = None
    reasons: dict[str, int] = field(default_factory=dict)

    def kind_of(self, row: ScenarioRow) -> str:
        return CODE_KINDS[self.kinds[row.index]] if row.index < len(self.kinds) else ""

    def counts(self) -> dict[str, int]:
        return {kind: self.kinds.count(code) for kind, code in KIND_CODES.items()}

    @property
    def scenarios(self) -> int:
        return len(self.kinds) - self.kinds.count(0)

    @property
    def applicable(self) -> int:
        return self.scenarios - self.counts()["n/a"]

    @property
    def stopped_text(self) -> str | None:
        """``stopped after 3 of 778 scenarios`` for a run that stopped early, else None."""
        return None if self.stopped is None else stopped_text(self.played, self.selected)

    def explain_command(self, scenario_id: str) -> str:
        """The command that replays one scenario on this engine, built from shell-quoted parts of
        printable values: pasted, it runs ``stud8 explain`` and nothing else, whatever a forged
        report holds (a newline, an escape, a quote in an id or a spec; issue 29)."""
        return explain_command(scenario_id, self.spec)


def _refused(where: str, why: str) -> Stud8Error:
    return Stud8Error(f"{where}: {why}", "usage")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


class _Checker:
    """The report schema, checked once per distinct scenario record (see the module docstring)."""

    def __init__(self) -> None:
        schema = load_schema("report.schema.json")
        self.envelope = jsonschema.Draft202012Validator(schema)
        self.record = jsonschema.Draft202012Validator({"$defs": schema["$defs"], **schema["properties"]["scenarios"]["items"]})
        self.seen: set[bytes] = set()

    def problem(self, document: Any, path: Path) -> str | None:
        if not isinstance(document, dict) or not isinstance(document.get("scenarios"), list):
            problems = schema_problems(document, "report.schema.json", str(path))
            return problems[0].message if problems else "no scenarios"
        envelope = {**document, "scenarios": []}
        if not self.envelope.is_valid(envelope):  # the positioned message only when there is one
            problems = schema_problems(envelope, "report.schema.json", str(path))
            if problems:
                return problems[0].message
        for index, record in enumerate(document["scenarios"]):
            # the record as written (reports of one writer write equal records alike); another
            # order of keys only costs a second check
            digest = hashlib.sha256(repr(record).encode("utf-8")).digest()
            if digest in self.seen:
                continue
            error = next(iter(self.record.iter_errors(record)), None)
            if error is not None:
                best = jsonschema.exceptions.best_match([error])
                where = "/".join(str(step) for step in ["scenarios", index, *best.absolute_path])
                return shorten(f"{where}: {best.message}", 300)
            self.seen.add(digest)
        return None


@dataclass
class _Loader:
    """What the reports read so far share: scenario rows, failing records, the checker."""

    checker: _Checker = field(default_factory=_Checker)
    rows: dict[str, ScenarioRow] = field(default_factory=dict)
    interned: dict[str, dict[str, Any]] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)

    def row(self, record: dict[str, Any]) -> ScenarioRow:
        row = self.rows.get(record["id"])
        if row is None:
            rules = [str(rule) for rule in record.get("rules") or []]
            row = self.rows[record["id"]] = ScenarioRow(
                record["id"], len(self.rows), record.get("title", ""), record.get("file", ""), int(record.get("line", 0)),
                rules, rules[0].split(".")[0] if rules else "(none)")
        if row.hand is None and record.get("hand"):
            row.hand = record["hand"]
        return row

    def intern(self, record: dict[str, Any]) -> dict[str, Any]:
        """The failing record as a run keeps it: without the hand (kept by its row), once."""
        kept = {key: value for key, value in record.items() if key not in ("hand", "expected", "got")}
        text = _canonical(kept)
        return self.interned.setdefault(text, kept)

    def key(self, name: str) -> str:
        key = base = slug(name)
        number = 2
        while key in self.taken:
            key = f"{base}-{number}"
            number += 1
        self.taken.add(key)
        return key


def load_run(path: Path, loader: _Loader | None = None) -> EngineRun:
    """Read one report; a file that is not one is a usage error naming it."""
    loader = loader or _Loader()
    try:
        text = read_text_file(path, role="REPORT")
    except FileRefused as refused:
        raise _refused(refused.where(path), refused.message) from None
    try:
        document = decode_json(text)
    except JsonRefused as refused:
        raise _refused(f"{shown_path(path)}:{refused.line}", f"not a stud8 report: {refused.message}") from None
    del text
    problem = loader.checker.problem(document, path)
    if problem:
        raise _refused(shown_path(path), f"not a stud8 report (spec/schema/report.schema.json): {printable(problem)}")
    engine = document.get("engine") or {}
    run_state = document.get("run") or {}
    # what the report says of its engine is printed on every line and heads the page: escaped
    # and cut like any value read (a 100,000-character name once made a 4,116-character line)
    spec = printable(engine.get("spec") or engine.get("name") or path.stem)
    name = printable(engine.get("name") or spec)
    version = printable(engine.get("version") or "", 40)
    label = printable(run_state.get("label") or engine.get("label") or f"{name} {version}".strip())
    stopped = run_state.get("stopped")
    if stopped is None and run_state.get("complete") is False:
        stopped = "the run was stopped"
    if stopped is None and not run_state and str(engine.get("error") or "").startswith("the engine does not answer"):
        stopped = str(engine["error"])  # a report of an earlier release, which said so only here
    kinds = bytearray()
    failures: dict[str, dict[str, Any]] = {}
    reasons: dict[str, int] = {}
    for record in document["scenarios"]:
        row = loader.row(record)
        if row.index >= len(kinds):
            kinds.extend(bytes(row.index + 1 - len(kinds)))
        kind = KINDS[record["outcome"]]
        kinds[row.index] = KIND_CODES[kind]
        if kind in ("fail", "error"):
            failures[record["id"]] = loader.intern(record)
        elif kind == "n/a":
            reason = str(record.get("message") or "")
            reasons[reason] = reasons.get(reason, 0) + 1
    if "root_causes" in document:
        causes = [(str(group["rule"]), [str(item) for item in group["scenarios"]]) for group in document["root_causes"]]
    else:
        causes = _causes(failures)
    return EngineRun(key="", name=label, version=version, spec=spec, source=printable(path.name),
                     suite=str(document["suite"]["stud8"]), label=label, kinds=kinds, failures=failures,
                     root_causes=causes, stopped=None if stopped is None else str(stopped),
                     played=len(document["scenarios"]), selected=run_state.get("scenarios_selected"), reasons=reasons)


def _causes(failures: dict[str, dict[str, Any]]) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = {}
    for record in failures.values():
        if KINDS[record["outcome"]] == "fail" and "field" in record:
            groups.setdefault(record.get("rule") or "(rule unknown)", []).append(record["id"])
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


@dataclass
class Comparison:
    """The reports lined up."""

    runs: list[EngineRun]
    areas: list[tuple[str, str, list[ScenarioRow]]]  # (area id, title, scenarios)
    causes: list[tuple[str, dict[str, int]]]  # rule -> engine key -> failures
    rows: dict[str, ScenarioRow] = field(default_factory=dict)

    def run(self, key: str) -> EngineRun:
        by_key = self.__dict__.setdefault("_by_key", {})
        if len(by_key) != len(self.runs):
            by_key.clear()
            by_key.update((run.key, run) for run in self.runs)
        return by_key[key]  # type: ignore[no-any-return]

    def area_counts(self, rows: Sequence[ScenarioRow], key: str) -> dict[str, int]:
        run = self.run(key)
        counts = dict.fromkeys(KIND_ORDER, 0)
        for row in rows:
            kind = run.kind_of(row)
            if kind:
                counts[kind] += 1
        return counts

    def row_kinds(self, row: ScenarioRow) -> list[str]:
        """The kind of ``row`` on each run, in run order (``""`` where absent)."""
        return [run.kind_of(row) for run in self.runs]


def compare(runs: list[EngineRun], rows: dict[str, ScenarioRow] | None = None) -> Comparison:
    """Line the runs up by scenario and by rule area."""
    book = default_rulebook()
    sections = [(section["id"], section["title"]) for section in book.data.get("sections", [])]
    rows = rows if rows is not None else {}
    known = [area for area, _ in sections]
    titles = dict(sections)
    by_area: dict[str, list[ScenarioRow]] = {}
    for row in rows.values():
        by_area.setdefault(row.area, []).append(row)
    areas = []
    for area in known + sorted(set(by_area) - set(known)):
        members = sorted(by_area.get(area, []), key=lambda row: (row.file, row.line, row.id))
        if members:
            areas.append((area, titles.get(area, area), members))
    totals: dict[str, dict[str, int]] = {}
    for run in runs:
        for rule, ids in run.root_causes:
            totals.setdefault(rule, {})[run.key] = len(ids)
    causes = [(rule, {run.key: counts.get(run.key, 0) for run in runs}) for rule, counts in totals.items()]
    causes.sort(key=lambda item: (-sum(item[1].values()), item[0]))
    return Comparison(runs, areas, causes, rows)


def load_comparison(paths: Sequence[Path]) -> Comparison:
    loader = _Loader()
    runs = [load_run(Path(path), loader) for path in paths]
    seen: dict[str, int] = {}
    for run in runs:
        seen[run.label] = seen.get(run.label, 0) + 1
    specs: dict[tuple[str, str], int] = {}
    for run in runs:
        specs[(run.label, run.spec)] = specs.get((run.label, run.spec), 0) + 1
    for run in runs:  # two runs of one name (a wrapper of another, two versions of a fleet) are told apart
        if seen[run.label] > 1:
            run.name = f"{run.label} ({run.spec})" if specs[(run.label, run.spec)] == 1 else f"{run.label} ({run.source})"
        run.key = loader.key(run.label)  # a slug of the label, numbered on a clash: never a path
    return compare(runs, loader.rows)
