"""``stud8 schema`` and ``stud8 protocol``: what an installed package offers editors and engine authors."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from stud8.spec.draft07 import packaged_schema
from stud8.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_schema_lists_the_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema")
    names = out.split()
    assert code == 0
    assert {"scenario", "rules", "report", "protocol/request-start", "protocol/response-observation"} <= set(names)
    assert not any("draft07" in name for name in names)


def test_schema_prints_the_2020_12_source_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "scenario")
    assert code == 0
    assert json.loads(out) == packaged_schema("scenario.schema.json")


@pytest.mark.parametrize("name", ["scenario", "rules", "report", "protocol/request-start"])
def test_schema_draft07_is_a_draft07_schema(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, "schema", name, "--draft", "07")
    assert code == 0
    schema = json.loads(out)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)
    assert "$defs" not in out and "unevaluatedProperties" not in out


def test_schema_draft07_of_scenario_is_the_committed_file(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "schema", "scenario", "--draft", "07")
    assert json.loads(out) == packaged_schema("scenario.draft07.schema.json")


def test_an_unknown_schema_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "schema", "scenarios")
    assert (code, out) == (2, "")
    assert err.startswith("stud8 schema: no schema named 'scenarios'; the schemas are: ")


def test_no_schema_has_an_id_on_a_reserved_domain() -> None:
    from urllib.parse import urlparse

    reserved = (".example", ".test", ".invalid", ".localhost", "example.com", "example.org", "example.net")
    for path in (ROOT / "spec" / "schema").rglob("*.json"):
        identifier = json.loads(path.read_text(encoding="utf-8")).get("$id")
        if identifier is not None:  # none, or a real and stable address
            host = urlparse(identifier).hostname or ""
            assert not host.endswith(reserved), f"{path}: $id {identifier}"


def test_protocol_prints_the_document_and_its_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "protocol")
    assert code == 0 and out.startswith("# The stud8 engine protocol")
    code, path, _ = run(capsys, "protocol", "--path")
    assert code == 0 and Path(path.strip()).read_text(encoding="utf-8") == out
