"""Known failures: a baseline that lets a run pass while the engine is being fixed, and only ratchets.

Each known failure is keyed by its scenario id **and by how it fails**: the outcome, and for a
failed comparison the step (``actions[7]``, ``outcome``: the stable key, not a file line),
the field compared, the rule of the first difference and **the values**: what the scenario
expected there and what the engine gave. A scenario of the baseline that still fails the same
way is a *known failure*; one that passes is *fixed* (the run fails, so that the entry is
removed); one that fails another way is *changed* (the run fails too: a new bug must not hide
behind an old entry), and so is one whose wrong value changed (a side pot that was 80 instead of
160 and is now 81).

Three files are read as a baseline:

* the baseline ``stud8 conform --update-baseline FILE`` writes (JSON, ``spec/schema/baseline.schema.json``);
* a JSON report (``--report``): its failing scenarios, keyed as above when the report carries
  the step and rule (every report of this release does);
* a text file, one scenario id a line with ``#`` comments, as earlier releases read.

An entry keyed by id only (a text file, a report of an earlier release) cannot tell a changed
failure from the old one, and an entry without values (a baseline of format 1) cannot tell a
changed value: both are still honoured as far as they go, and the run says once, in one line,
how many such entries there are and how to rewrite the file with ``--update-baseline``.
(Refusing such files would break every CI that ratchets on one; reading them silently would
hide changes.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud8.reference.errors import Stud8Error
from stud8.spec.limits import JsonRefused, decode_json, printable, quoted, shown_path
from stud8.spec.outputs import write_text_atomic
from stud8.spec.rulebook import load_schema, schema_problems
from stud8.spec.version import stud8_version
from stud8.spec.yamlio import FileRefused, read_text_file

BASELINE_FORMAT = 2
"""Format 2 keys a failed comparison on its values too; format 1 files are read, with a note."""
BASELINED: frozenset[str] = frozenset({"fail", "error", "crash", "timeout", "known-failure", "changed"})
"""Outcomes a baseline records (``invalid`` is a broken scenario file, not the engine's failure)."""


@dataclass(frozen=True)
class KnownFailure:
    """One entry of a baseline. ``outcome`` is None for an entry keyed by id only."""

    id: str
    outcome: str | None = None
    at: str | None = None
    field: str | None = None
    rule: str | None = None
    message: str = ""
    values: tuple[str, str] | None = None
    """For a failed comparison: the expected and the got value as canonical JSON, or None for an
    entry written without them (format 1)."""

    @property
    def keyed(self) -> bool:
        return self.outcome is not None

    def key(self) -> tuple[str | None, str | None, str | None, str | None]:
        return (self.outcome, self.at, self.field, self.rule)

    def matches(self, current: KnownFailure) -> bool:
        """Whether ``current`` fails as this entry says (values compared when this entry has them)."""
        if not self.keyed:
            return True
        if self.key() != current.key():
            return False
        return self.values is None or current.values is None or self.values == current.values

    def describe(self, values: bool = False) -> str:
        """How it fails, in a few words: ``actions[7] legal (bring-in.post-or-complete)``, and with
        ``values`` what was expected and got there."""
        if not self.keyed:
            return "(any failure)"
        if self.outcome != "fail":
            return f"engine {self.outcome}"
        text = f"{self.at} {self.field} ({self.rule})"
        if values and self.values is not None:
            text += f": expected {_short(self.values[0])}, got {_short(self.values[1])}"
        return text

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "outcome": self.outcome}
        if self.outcome == "fail":
            data.update(at=self.at, field=self.field, rule=self.rule)
            if self.values is not None:
                data.update(expected=json.loads(self.values[0]), got=json.loads(self.values[1]))
        if self.message:
            data["message"] = self.message
        return data


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def canonical(value: Any) -> str:
    """A value as canonical JSON (keys sorted, no spaces): how values are compared."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def known_failure(id: str, outcome: str, at: str | None, field: str | None, rule: str | None,
                  message: str = "", expected: Any = None, got: Any = None, values: bool = True) -> KnownFailure:
    """The entry a failure of this run becomes (a known or changed failure counts as ``fail``
    when it is a comparison, else as the engine fault it is); ``values``: the comparison's
    expected and got values are part of the key."""
    if outcome in ("known-failure", "changed", "fixed"):
        outcome = "fail" if field is not None else "error"
    if outcome != "fail":
        return KnownFailure(id, outcome, message=message)
    return KnownFailure(id, "fail", at, field, rule, message,
                        (canonical(expected), canonical(got)) if values else None)


@dataclass
class Baseline:
    """The known failures of one file, by scenario id."""

    path: Path | None = None
    entries: dict[str, KnownFailure] = field(default_factory=dict)

    def __contains__(self, scenario_id: object) -> bool:
        return scenario_id in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    def ids(self) -> set[str]:
        return set(self.entries)

    @property
    def id_only(self) -> int:
        """How many entries are keyed by scenario id only."""
        return sum(1 for entry in self.entries.values() if not entry.keyed)

    @property
    def without_values(self) -> int:
        """How many failed comparisons are keyed without their values (an older baseline)."""
        return sum(1 for entry in self.entries.values() if entry.outcome == "fail" and entry.values is None)

    def verdict(self, current: KnownFailure) -> str:
        """``known-failure`` if the scenario fails as the baseline says, else ``changed``."""
        return "known-failure" if self.entries[current.id].matches(current) else "changed"

    def changed_message(self, current: KnownFailure) -> str:
        entry = self.entries[current.id]
        same_place = entry.key() == current.key()
        return (f"fails differently from the baseline: was {entry.describe(values=same_place)}, "
                f"now {current.describe(values=same_place)}")

    def note(self) -> str | None:
        """The one line said when entries are keyed by id only, or without their values."""
        if self.path is None:
            return None
        if self.id_only:
            return (f"note: baseline {self.path}: {self.id_only} entr{'y is' if self.id_only == 1 else 'ies are'} keyed "
                    "by scenario id only, so a known failure that now fails another way is not noticed; "
                    f"rewrite it with --update-baseline {self.path}")
        if self.without_values:
            count = self.without_values
            return (f"note: baseline {self.path}: {count} entr{'y was' if count == 1 else 'ies were'} written without "
                    "the values that failed (an earlier release), so a known failure whose wrong value changes is "
                    f"not noticed; rewrite it with --update-baseline {self.path}")
        return None


def _refused(where: str, why: str, flag: str = "--baseline") -> Stud8Error:
    return Stud8Error(f"{flag} {where}: {why}", "usage")


def load_baseline(path: Path, flag: str = "--baseline") -> Baseline:
    """Read a baseline (see the module docstring); a file that is none of the three is a usage
    error naming it (``flag``: the option that named it) and, where it can, the line. The file
    is read through the bounded reader (a regular file of at most ``MAX_FILE_BYTES``, UTF-8) and
    its JSON within the limits of ``decode_json`` (nesting, numbers finite and in range)."""
    try:
        text = read_text_file(path, role=flag)
    except FileRefused as refused:
        raise _refused(refused.where(path), refused.message, flag) from None
    if not text.lstrip().startswith("{"):
        return Baseline(path, {entry: KnownFailure(entry) for entry in _ids(path, text.splitlines(), flag)})
    try:
        document = decode_json(text)
    except JsonRefused as refused:
        raise _refused(f"{shown_path(path)}:{refused.line}", f"not a stud8 report or baseline: {refused.message}",
                       flag) from None
    if isinstance(document, dict) and "stud8_baseline" in document:
        problems = schema_problems(document, "baseline.schema.json", str(path))
        if problems:
            raise _refused(shown_path(path), f"not a stud8 baseline (spec/schema/baseline.schema.json): "
                                             f"{printable(problems[0].message)}", flag)
        return Baseline(path, {item["id"]: _entry(item) for item in document["known_failures"]})
    problems = schema_problems(document, "report.schema.json", str(path))
    if problems:
        raise _refused(shown_path(path), f"not a stud8 report or baseline (spec/schema/baseline.schema.json, "
                                         f"report.schema.json): {printable(problems[0].message)}", flag)
    entries = {}
    for item in document["scenarios"]:
        if item["outcome"] in BASELINED:
            keyed = "rule" in item or item["outcome"] not in ("fail", "known-failure", "changed")
            entries[item["id"]] = (known_failure(item["id"], item["outcome"], item.get("at"), item.get("field"),
                                                 item.get("rule"), item.get("message", ""), item.get("expected"),
                                                 item.get("got"), values="expected" in item and "got" in item)
                                   if keyed else KnownFailure(item["id"]))
    return Baseline(path, entries)


def _entry(item: Mapping[str, Any]) -> KnownFailure:
    values = (canonical(item["expected"]), canonical(item["got"])) if "expected" in item and "got" in item else None
    return KnownFailure(item["id"], item["outcome"], item.get("at"), item.get("field"), item.get("rule"),
                        item.get("message", ""), values)


def _ids(path: Path, lines: Iterable[str], flag: str = "--baseline") -> Iterable[str]:
    pattern = re.compile(load_schema("scenario.schema.json")["$defs"]["id"]["pattern"])
    for number, line in enumerate(lines, start=1):
        word = line.split("#", 1)[0].strip()
        if not word:
            continue
        if not pattern.match(word):
            raise Stud8Error(f"{flag} {shown_path(path)}:{number}: not a scenario id: {printable(quoted(word))} "
                             "(a baseline is written by --update-baseline, or is a JSON report, "
                             "or one scenario id a line with # comments)", "usage")
        yield word


def baseline_document(failures: Sequence[KnownFailure], engine: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON document ``--update-baseline`` writes: the engine, the suite, the entries by id."""
    return {
        "stud8_baseline": BASELINE_FORMAT,
        "suite": {"stud8": stud8_version()},
        "engine": dict(engine),
        "known_failures": [entry.as_json() for entry in sorted(failures, key=lambda entry: entry.id)],
    }


def write_baseline(path: Path, failures: Sequence[KnownFailure], engine: Mapping[str, Any]) -> None:
    """Write the baseline atomically (``stud8.spec.outputs``: a whole file or none, only over a
    regular file). It may replace the ``--baseline`` the run read: updating one is its purpose."""
    text = json.dumps(baseline_document(failures, engine), indent=2) + "\n"
    write_text_atomic(path, text, "--update-baseline", replaces=("--baseline",))
