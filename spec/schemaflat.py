"""A JSON Schema with its local ``$ref``s written out in place, for validating faster.

Why: ``jsonschema`` resolves every ``$ref`` through the ``referencing`` registry each time it
is met, and the scenario schema meets about fifty of them per scenario: a third of the time
``stud8 conform`` spent checking the suite's files went to those look-ups. Written out once,
the same checks run without them.

What stays the same: every keyword, in the same place. A ``$ref`` alone is replaced by the
schema it names; a ``$ref`` beside other keywords becomes the first branch of an ``allOf``
(2020-12 evaluates the two alike, ``unevaluatedProperties`` included, and jsonschema reports the
errors of either without wrapping them: the messages, instance paths and ``best_match`` choices
are the same; only ``schema_path`` differs, which stud8 never shows). A ``$ref`` met again
inside its own expansion (a recursive schema) stays a ``$ref``, and ``$defs`` is kept, so it
still resolves. Refs that are not ``#/$defs/NAME`` are left alone, and a schema that sets
``$id``, ``$anchor`` or a dynamic reference anywhere (where ``#`` may not mean the root) is
used as it is. tests/test_schema_inline.py
compares the problems found both ways on the project's documents and on damaged copies.
"""

from __future__ import annotations

import json
from typing import Any

DEFS = "#/$defs/"
MAX_GROWTH = 50
"""A written-out schema larger than this many times the original is not used (defs that refer
to each other many times over could multiply): the original is validated against instead."""


def inline_local_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with each ``{"$ref": "#/$defs/NAME"}`` written out (a new object; the input is
    left unchanged), or ``schema`` itself when writing out would grow it past ``MAX_GROWTH``."""
    definitions = schema.get("$defs")
    if not isinstance(definitions, dict) or _moves_bases(schema):
        return schema

    def written(node: Any, expanding: frozenset[str]) -> Any:
        if isinstance(node, list):
            return [written(item, expanding) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        rest = {key: written(value, expanding) for key, value in node.items() if key != "$ref"}
        if not isinstance(ref, str) or not ref.startswith(DEFS) or ref[len(DEFS):] not in definitions or ref in expanding:
            if ref is not None:
                rest["$ref"] = ref
            return rest
        target = written(definitions[ref[len(DEFS):]], expanding | {ref})
        if not rest:
            return target
        rest["allOf"] = [target, *rest.get("allOf", [])]
        return rest

    flat = {key: written(value, frozenset()) for key, value in schema.items() if key != "$defs"}
    flat["$defs"] = definitions  # a ref left in place (a recursive one) still resolves
    if len(json.dumps(flat)) > MAX_GROWTH * len(json.dumps(schema)):
        return schema
    return flat


_BASE_KEYWORDS = frozenset({"$id", "$anchor", "$dynamicRef", "$dynamicAnchor"})


def _moves_bases(node: Any) -> bool:
    """Whether a keyword that changes what a ``#...`` reference means appears anywhere."""
    if isinstance(node, dict):
        return any(key in _BASE_KEYWORDS for key in node) or any(_moves_bases(value) for value in node.values())
    if isinstance(node, list):
        return any(_moves_bases(item) for item in node)
    return False
