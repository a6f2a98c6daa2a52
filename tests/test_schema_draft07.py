"""The draft-07 variant of the scenario schema (for editors): up to date, and as strict as the original."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from stud8.conformance.suite.scenarios import packaged_scenarios_dir
from stud8.spec.draft07 import COMMITTED, ConversionError, packaged_schema, render, to_draft07
from stud8.spec.yamlio import load_yaml_file

DRAFT07 = packaged_schema("scenario.draft07.schema.json")
VALIDATOR = jsonschema.Draft7Validator(DRAFT07)
ORIGINAL = jsonschema.Draft202012Validator(packaged_schema("scenario.schema.json"))
SUITE = sorted(packaged_scenarios_dir().rglob("*.yaml"))


def test_committed_variants_are_up_to_date() -> None:
    for source, target in COMMITTED.items():
        fresh = render(to_draft07(packaged_schema(source)))
        assert json.loads(fresh) == packaged_schema(target), (
            f"spec/schema/{target} is out of date: regenerate with python -m stud8.spec.draft07")


def test_the_variant_is_a_valid_draft07_schema() -> None:
    jsonschema.Draft7Validator.check_schema(DRAFT07)
    assert DRAFT07["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "unevaluatedProperties" not in json.dumps(DRAFT07)


HAND = {"id": "high-094", "kind": "hand", "title": "A flush beside a straight in the same seven cards plays the flush",
        "rules": ["hands.best-five"], "description": "The five hearts make a flush, which ranks higher.",
        "cards": "9h 8c 7h 6d 5h 3h 2h", "high": {"category": "flush", "cards": "9h 7h 5h 3h 2h"},
        "low": {"cards": "7h 6d 5h 3h 2h"}}


def test_an_unknown_key_is_rejected_as_by_the_original() -> None:
    good = {"scenarios": [HAND]}
    assert list(VALIDATOR.iter_errors(good)) == []
    bad = copy.deepcopy(good)
    bad["scenarios"][0]["expected_low"] = None  # a misspelt key in a hand case
    errors = list(VALIDATOR.iter_errors(bad))
    assert any("expected_low" in error.message for error in errors)
    assert list(ORIGINAL.iter_errors(bad)), "the 2020-12 original rejects it too"


def test_draft07_alone_would_have_missed_it() -> None:
    """Why the variant exists: a draft-07 validator ignores unevaluatedProperties."""
    naive = json.loads(json.dumps(packaged_schema("scenario.schema.json")).replace("$defs", "definitions"))
    naive["$schema"] = "http://json-schema.org/draft-07/schema#"
    bad = {"scenarios": [dict(HAND, expected_low=None)]}
    assert list(jsonschema.Draft7Validator(naive).iter_errors(bad)) == []


@pytest.mark.parametrize("path", SUITE, ids=lambda p: p.relative_to(packaged_scenarios_dir()).as_posix())
def test_every_suite_file_is_valid_under_the_variant(path: Path) -> None:
    document = json.loads(json.dumps(load_yaml_file(path), default=str))
    assert [e.message for e in VALIDATOR.iter_errors(document)] == []


def test_a_construct_without_a_draft07_form_is_refused() -> None:
    with pytest.raises(ConversionError, match="prefixItems"):
        to_draft07({"type": "array", "prefixItems": [{"type": "string"}]})
    with pytest.raises(ConversionError):
        to_draft07({"type": "object", "unevaluatedProperties": {"type": "string"}})
