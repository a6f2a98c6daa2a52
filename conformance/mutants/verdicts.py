"""The verdicts on the generated mutants that survive the suite, read from ``generated_verdicts.yaml``.

A generated mutant the whole suite lets through is either killed by a scenario written for it
since (``killed_by``: key -> scenario, worked out by hand from the rules) or explained: no
observation can tell it from the engine (``equivalent``: key -> a reason, each of a *kind*).
The verdicts are data, checked when they are read: the schema
(``spec/schema/generated-verdicts.schema.json``), then what a schema cannot say (every reason
and kind named exists, every reason is used, no mutant both killed and equivalent). A problem
is a ``Stud8Error`` naming the file and line (exit 2 for a command), never a traceback.

One kind is no equivalence: ``unreached`` (``equivalent: false``), code the engine never runs
at all. Its mutants survive for a reason that says nothing about the suite, so the score counts
them as surviving (``counts_as_equivalent``); code like that belongs outside the rule modules.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import shown_path
from stud8.spec.rulebook import schema_problems
from stud8.spec.yamlio import YamlProblem, load_yaml_file, position_of

FILE_NAME = "generated_verdicts.yaml"
SCHEMA = "generated-verdicts.schema.json"


@dataclass(frozen=True)
class Kind:
    """What a reason rests on; ``equivalent`` is False for a kind that is no equivalence."""

    name: str
    equivalent: bool
    means: str


@dataclass(frozen=True)
class Verdict:
    """Why one mutant cannot be told from the engine: its kind, the text, the shared reason's id."""

    kind: str
    why: str
    reason: str | None = None


@dataclass(frozen=True)
class Verdicts:
    """The whole file, checked."""

    kinds: Mapping[str, Kind]
    equivalent: Mapping[str, Verdict]
    killed_by: Mapping[str, str]

    def counts_as_equivalent(self, key: str) -> bool:
        """Whether the mutant ``key`` is claimed equivalent for a reason that counts as one."""
        verdict = self.equivalent.get(key)
        return verdict is not None and self.kinds[verdict.kind].equivalent

    def claims(self) -> dict[str, str]:
        """Mutant key -> the reason text, for every mutant claimed to survive (checked by a run)."""
        return {key: verdict.why for key, verdict in self.equivalent.items()}


def packaged_path() -> Path:
    return Path(str(resources.files("stud8.conformance.mutants").joinpath(FILE_NAME)))


def _problem(path: str, document: Any, steps: list[Any], message: str) -> Stud8Error:
    line, _column = position_of(document, steps)
    return Stud8Error(f"{shown_path(path)}:{line}: {message}", "usage")


def read_verdicts(path: Path) -> Verdicts:
    """Read and check a verdicts file; ``Stud8Error`` (usage) at the first problem, with its line."""
    shown = str(path)
    try:
        document = load_yaml_file(path, shown)
    except YamlProblem as error:
        raise Stud8Error(str(error.problem), "usage") from None
    problems = schema_problems(document, SCHEMA, shown)
    if problems:
        raise Stud8Error(str(problems[0]), "usage")
    kinds = {name: Kind(name, bool(item["equivalent"]), item["means"]) for name, item in document["kinds"].items()}
    reasons: dict[str, Verdict] = {}
    for name, item in document["reasons"].items():
        if item["kind"] not in kinds:
            raise _problem(shown, document, ["reasons", name, "kind"], f"reason {name}: no kind {item['kind']!r} in kinds")
        reasons[name] = Verdict(item["kind"], item["why"], name)
    equivalent: dict[str, Verdict] = {}
    used: set[str] = set()
    for key, value in document["equivalent"].items():
        if isinstance(value, str):
            if value not in reasons:
                raise _problem(shown, document, ["equivalent", key], f"{key}: no reason {value!r} in reasons")
            used.add(value)
            equivalent[key] = reasons[value]
        else:
            if value["kind"] not in kinds:
                raise _problem(shown, document, ["equivalent", key, "kind"], f"{key}: no kind {value['kind']!r} in kinds")
            equivalent[key] = Verdict(value["kind"], value["why"])
    unused = [name for name in reasons if name not in used]
    if unused:
        raise _problem(shown, document, ["reasons", unused[0]], f"reason {unused[0]} is given to no mutant")
    killed_by = dict(document["killed_by"])
    both = [key for key in killed_by if key in equivalent]
    if both:
        raise _problem(shown, document, ["killed_by", both[0]], f"{both[0]} is both killed and equivalent")
    return Verdicts(kinds, equivalent, killed_by)


@functools.cache
def load_verdicts() -> Verdicts:
    """The packaged verdicts (read once)."""
    return read_verdicts(packaged_path())
