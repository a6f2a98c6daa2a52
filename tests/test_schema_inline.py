"""``schema_problems`` validates against schemas with their local ``$ref``s written out
(spec/schemaflat.py): the findings must be exactly those of the schemas as written, on the
project's documents and on damaged copies of them."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from stud8.spec import rulebook
from stud8.spec.rulebook import load_schema, schema_problems
from stud8.spec.schemaflat import inline_local_refs
from stud8.spec.yamlio import YamlProblem, load_yaml

ROOT = Path(__file__).resolve().parent.parent

DOCUMENTS: dict[str, list[str]] = {
    "scenario.schema.json": ["conformance/scenarios/**/*.yaml", "tests/data/valid/*.yaml", "tests/data/invalid/*.yaml"],
    "rules.schema.json": ["spec/rules.yaml"],
    "i18n.schema.json": ["spec/i18n/et.yaml", "spec/i18n/pl.yaml", "spec/i18n/el.yaml"],
    "i18n-source.schema.json": ["spec/i18n/en.yaml"],
    "boundaries.schema.json": ["conformance/boundaries.yaml"],
}
"""Each schema ``schema_problems`` is given, with documents written for it."""

_ODD_VALUES: list[Any] = [None, True, 0, -1, 10**30, 1.5, "", "x", "p9", "Ah", "Ah Ah", [], [1], {}, {"x": 1},
                          "cbr 5", "p1 f", "fold", "high", "replay"]


def documents(schema_name: str) -> list[Any]:
    found = []
    for pattern in DOCUMENTS[schema_name]:
        for path in sorted(ROOT.glob(pattern)):
            with contextlib.suppress(YamlProblem):  # a file that is not YAML at all is another test's business
                found.append(load_yaml(path.read_text(encoding="utf-8"), str(path)))
    assert found, schema_name
    return found


def problems_against(schema: dict[str, Any], document: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """``schema_problems`` with ``schema`` as its validator's schema."""
    monkeypatch.setattr(rulebook, "_validator", lambda name: jsonschema.Draft202012Validator(schema))
    return schema_problems(document, "any", "f.yaml")


def _spots(node: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key or index) in ``node``, depth first."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield node, key
        yield from _spots(value)


def damaged(document: Any, rng: random.Random) -> Any:
    """A plain copy of ``document`` with one to three random edits: a key deleted, an unknown
    key added, or a value replaced by one of another type or an out-of-range one."""
    copied = json.loads(json.dumps(document))
    for _ in range(rng.randint(1, 3)):
        spots = list(_spots(copied))
        if not spots:
            break
        parent, key = rng.choice(spots)
        operation = rng.randrange(3)
        if operation == 0 and isinstance(parent, dict):
            del parent[key]
        elif operation == 1 and isinstance(parent, dict):
            parent[f"zz{rng.randrange(9)}"] = copy.deepcopy(rng.choice(_ODD_VALUES))
        else:
            parent[key] = copy.deepcopy(rng.choice(_ODD_VALUES))
    return copied


@pytest.mark.parametrize("schema_name", sorted(DOCUMENTS))
def test_written_out_refs_find_what_the_schema_as_written_finds(schema_name: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    written, flat = load_schema(schema_name), inline_local_refs(load_schema(schema_name))
    rng = random.Random(schema_name)
    originals = documents(schema_name)
    cases = originals + [damaged(rng.choice(originals), rng) for _ in range(300 if len(originals) > 5 else 120)]
    found = 0
    for document in cases:
        expected = problems_against(written, document, monkeypatch)
        assert problems_against(flat, document, monkeypatch) == expected
        found += bool(expected)
    assert found > len(cases) // 2, "the damaged copies must mostly be invalid, or nothing is compared"


def test_the_scenario_schema_is_validated_with_no_ref_left() -> None:
    """Where the time went: every ``$ref`` of the scenario schema is written out (none is recursive)."""
    flat = inline_local_refs(load_schema("scenario.schema.json"))
    assert '"$ref"' not in json.dumps({key: value for key, value in flat.items() if key != "$defs"})
    assert rulebook._validator("scenario.schema.json").schema == flat


def test_a_ref_beside_other_keywords_and_a_recursive_ref() -> None:
    schema = {"$defs": {"n": {"type": "integer", "minimum": 0},
                        "tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}},
                                 "unevaluatedProperties": False}},
              "type": "object",
              "properties": {"count": {"$ref": "#/$defs/n", "maximum": 9}, "tree": {"$ref": "#/$defs/tree"}}}
    flat = inline_local_refs(schema)
    assert flat["properties"]["count"] == {"maximum": 9, "allOf": [{"type": "integer", "minimum": 0}]}
    assert flat["properties"]["tree"]["properties"]["kids"]["items"] == {"$ref": "#/$defs/tree"}
    validator = jsonschema.Draft202012Validator(flat)
    assert [error.message for error in validator.iter_errors({"count": 12})] == ["12 is greater than the maximum of 9"]
    assert [error.message for error in validator.iter_errors({"tree": {"kids": [{"kids": [{"x": 1}]}]}})] == [
        "Unevaluated properties are not allowed ('x' was unexpected)"]
    assert schema["properties"]["count"] == {"$ref": "#/$defs/n", "maximum": 9}, "the input is left as it was"


def test_a_schema_that_moves_its_base_is_used_as_written() -> None:
    schema = {"$defs": {"a": {"$id": "http://example.com/a", "type": "string"}}, "$ref": "#/$defs/a"}
    assert inline_local_refs(schema) is schema
