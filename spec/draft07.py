"""Draft-07 variants of the JSON Schemas, for editors that only read draft-07.

Why: the schemas are JSON Schema 2020-12 and close the scenario objects with
``unevaluatedProperties: false`` (their common fields come in through ``allOf``). The YAML
language server behind VS Code's YAML extension validates draft-07, where that keyword does not
exist and is silently ignored, so a misspelt key went unnoticed while typing. The variant made
here says the same thing in draft-07 terms: ``$defs`` becomes ``definitions`` and every
``unevaluatedProperties: false`` becomes ``additionalProperties: false`` over the object's own
``properties`` plus those its ``allOf`` branches bring in (each added as ``true``).

The 2020-12 files stay the source of truth (the validator and the runner use them). The committed
variant ``schema/scenario.draft07.schema.json`` is generated from them; a test fails when it is out
of date. Regenerate with ``python -m stud8.spec.draft07``.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

DRAFT07 = "http://json-schema.org/draft-07/schema#"
# Written as committed files (the modelines of scenario files point at the scenario one).
COMMITTED: dict[str, str] = {"scenario.schema.json": "scenario.draft07.schema.json"}
# 2020-12 keywords with no draft-07 spelling: a schema using one cannot be converted faithfully.
UNSUPPORTED = frozenset({"prefixItems", "unevaluatedItems", "dependentSchemas", "dependentRequired",
                         "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "minContains", "maxContains"})


class ConversionError(ValueError):
    """A 2020-12 construct the draft-07 variant cannot express."""


def to_draft07(schema: dict[str, Any]) -> dict[str, Any]:
    """The draft-07 equivalent of a 2020-12 schema (a new object; the input is left unchanged)."""
    definitions = schema.get("$defs", {})
    converted = _convert(schema, definitions, "#")
    converted["$schema"] = DRAFT07
    converted.pop("$id", None)
    return converted


def _convert(node: Any, definitions: dict[str, Any], where: str) -> Any:
    if isinstance(node, list):
        return [_convert(item, definitions, f"{where}/{index}") for index, item in enumerate(node)]
    if not isinstance(node, dict):
        return node
    used = UNSUPPORTED & node.keys()
    if used:
        raise ConversionError(f"{where}: {min(used)} has no draft-07 form")
    result: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$defs":
            result["definitions"] = {name: _convert(sub, definitions, f"{where}/$defs/{name}") for name, sub in value.items()}
        elif key == "$ref" and isinstance(value, str):
            result["$ref"] = value.replace("#/$defs/", "#/definitions/", 1)
        elif key == "unevaluatedProperties":
            if value is not False:
                raise ConversionError(f"{where}: only unevaluatedProperties: false is converted")
            result["additionalProperties"] = False
        elif key in ("properties", "patternProperties", "definitions"):
            result[key] = {name: _convert(sub, definitions, f"{where}/{key}/{name}") for name, sub in value.items()}
        else:
            result[key] = _convert(value, definitions, f"{where}/{key}")
    if node.get("unevaluatedProperties") is False:
        if "additionalProperties" in node:
            raise ConversionError(f"{where}: both additionalProperties and unevaluatedProperties")
        properties = result.setdefault("properties", {})
        for name in _inherited_properties(node, definitions, where):
            properties.setdefault(name, True)
    return result


def _inherited_properties(node: dict[str, Any], definitions: dict[str, Any], where: str) -> list[str]:
    """Property names that ``allOf`` branches (through local ``$ref``s) declare."""
    names: list[str] = []
    for branch in node.get("allOf", []):
        seen: set[str] = set()
        while isinstance(branch, dict) and "$ref" in branch:
            reference = branch["$ref"]
            if not reference.startswith("#/$defs/") or reference in seen:
                raise ConversionError(f"{where}: cannot follow {reference}")
            seen.add(reference)
            branch = definitions[reference.removeprefix("#/$defs/")]
        if isinstance(branch, dict):
            names += list(branch.get("properties", {}))
            names += _inherited_properties(branch, definitions, where)
    return names


def packaged_schema(name: str) -> dict[str, Any]:
    """A 2020-12 schema shipped in ``stud8.spec/schema`` (``scenario.schema.json``, ``protocol/request-act.schema.json``)."""
    text = resources.files("stud8.spec").joinpath("schema", *name.split("/")).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def render(schema: dict[str, Any]) -> str:
    """The committed text form: two-space indent, key order kept, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_committed(folder: Path) -> list[Path]:
    """Regenerate the committed draft-07 files in ``folder`` (``spec/schema`` of a checkout)."""
    written = []
    for source, target in COMMITTED.items():
        path = folder / target
        path.write_text(render(to_draft07(json.loads((folder / source).read_text(encoding="utf-8")))), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - the regeneration command named in the docstring
    for written_path in write_committed(Path(__file__).resolve().parent / "schema"):
        print(f"wrote {written_path}")
